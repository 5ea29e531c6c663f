"""The command line's papercuts, each with the value a user sees: a closed pipe, a claims file that closes stdout,
`show --from` for a claims file's id, no `.hypothesis/` in the user's folder, an enclosure that reaches the digits
it prints, a time-capped proof's reason, an open real range in the report."""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}

CLAIMS = textwrap.dedent('''
    import sympy as sp
    from proofcheck import Claim, Source, real, strategies as pst

    a = sp.Symbol("a")
    OPEN = Claim(id="mine.open-range", title="alpha <= 20 on (1, 20]", source=Source("mine", "here", "alpha <= 20"),
                 variables=(real("alpha", 1, 20, exclude_min=True),), statement=sp.Le(a, 20),
                 quantities={"a": lambda c, m: m.num(c["alpha"])},
                 strategy=pst.cases(alpha=pst.reals(1, 20, exclude_min=True)))
    CLAIMS = [OPEN]
''')


def pc(*args, cwd, stdout=subprocess.PIPE):
    return subprocess.run([sys.executable, "-m", "proofcheck.cli", *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, cwd=cwd, env=ENV, timeout=300)


def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path):
    # `proofcheck routes | head -1`: exit 0 and nothing on stderr (as `git log | head`), never BrokenPipeError
    proc = subprocess.Popen([sys.executable, "-m", "proofcheck.cli", "routes"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=tmp_path, env=ENV)
    proc.stdout.readline()
    proc.stdout.close()  # the reader goes away after one line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=300) == 0
    assert err == ""


def test_a_run_of_a_claims_file_keeps_the_users_folder_clean_and_shows_an_open_end(tmp_path):
    (tmp_path / "open_claims.py").write_text(CLAIMS)
    r = pc("run", "--claims", "open_claims.py", "--out", "out", "--quiet", "--cases", "20", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / ".hypothesis").exists()  # Hypothesis keeps no database in the user's folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["open_claims.py", "out"]
    rec = json.loads((tmp_path / "out" / "report.json").read_text())["claims"][0]
    assert rec["variables"] == [{"name": "alpha", "kind": "real", "lo": 1, "hi": 20, "doc": "", "lo_open": True,
                                 "hi_open": False, "range": "(1, 20]"}]
    # show --from: the folder or its report.json, with no --claims (the record is the report's)
    for where in ("out", "out/report.json"):
        s = pc("show", "mine.open-range", "--from", where, cwd=tmp_path)
        assert s.returncode == 0, s.stderr
        assert s.stdout.startswith("mine.open-range: HOLDS") and "variables: alpha ∈ (1, 20]" in s.stdout
    # checked now, an id of a claims file without --claims: one line that suggests it, exit 2
    s = pc("show", "mine.open-range", "--cases", "5", cwd=tmp_path)
    assert s.returncode == 2
    assert s.stderr.strip() == ("proofcheck: error: unknown claim id 'mine.open-range': not a built-in claim (see "
                                "`proofcheck list`); for a claim of your own file add --claims PATH.py")


def test_a_claims_file_that_closes_stdout_does_not_end_the_run(tmp_path):
    (tmp_path / "open_claims.py").write_text(CLAIMS)
    (tmp_path / "closing.py").write_text("import sys\nfrom open_claims import CLAIMS\nsys.stdout.close()\n")
    r = pc("run", "--claims", "closing.py", "--out", "out", "--quiet", "--cases", "20", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "closed sys.stdout when imported; proofcheck opened it again" in r.stderr
    assert "1 of 1 claims: 1 hold" in r.stdout
    assert json.loads((tmp_path / "out" / "report.json").read_text())["summary"]["holds"] == 1


def test_an_enclosure_reaches_the_digits_it_prints(tmp_path):
    # κ − log M_3(κ) at κ = 1e308 cancels ~1,000 bits: at 128 bits it printed [−1.06e270, 1.06e270]; it is log(2κ)
    r = pc("vmf", "3", "1e308", "--alpha", "2", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["log_bayes_capacity"] == "[709.88935582272601, 709.88935582272602]"
    assert out["renyi_dp_tau_alpha"] == "[1.9999999999999999e+308, 2.0000000000000001e+308]"


def test_a_figure_that_cannot_reach_its_digits_says_so():
    import pytest
    from flint import arb

    from mechanisms.errors import InvalidInput
    from proofcheck.numerics import to_printed_digits

    assert to_printed_digits(lambda: arb(1) / 3, "a third").rad() < arb(2) ** -60
    with pytest.raises(InvalidInput, match=r"^could not enclose a wide ball to 17 digits \(at up to 65536 bits\)$"):
        to_printed_digits(lambda: arb(1, 1e-3), "a wide ball")


def test_a_time_capped_proof_says_why():
    import sympy as sp

    from proofcheck import Claim, Source, real, strategies as pst
    from proofcheck.prove import Budget, prove_claim

    x = sp.Symbol("x")
    claim = Claim(id="mine.exp-above-x", title="e^x > x", source=Source("mine", "here", "e^x > x"),
                  variables=(real("x", -5, 5),), statement=sp.Gt(sp.Symbol("e"), x),
                  quantities={"e": lambda c, m: m.exp(m.num(c["x"])), "x": lambda c, m: m.num(c["x"])},
                  strategy=pst.cases(x=pst.reals(-5, 5)))
    proof = prove_claim(claim, Budget(max_boxes=300, max_depth=40, seconds=1e-9))
    assert proof.status == "stopped"
    assert "the time cap 1e-09 s was hit after 0 boxes evaluated" in proof.reason
    assert proof.summary().startswith("not proved (stopped): x ∈ [-5, 5]: the time cap")
