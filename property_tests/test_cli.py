"""The command line as a user meets it: list, run, show, measure, bad input."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pc(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "proofcheck.cli", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=300)


def test_list_has_ids_and_titles():
    r = pc("list")
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert any(line.startswith("s000.lem.5.1 ") for line in lines)
    assert len(lines) >= 30


def test_run_writes_report_and_counterexample(tmp_path):
    r = pc("run", "--only", "s000.lem.C.1*", "--seconds", "15", "--out", str(tmp_path), "--quiet", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    doc = json.loads((tmp_path / "report.json").read_text())
    assert doc["schema"] == "proofcheck.report/2"
    verdicts = {c["id"]: c["verdict"] for c in doc["claims"]}
    assert verdicts == {"s000.lem.C.1": "violated", "s000.lem.C.1#eps-le-1": "holds"}
    # the statement rolls up by its primary reading (ε ≤ 1): violated only under the literal all-ε reading
    st = next(s for s in doc["statements"] if s["id"] == "s000.lem.C.1")
    assert st["verdict"] == "depends-on-reading" and st["primary"]["id"] == "s000.lem.C.1#eps-le-1"
    assert st["variants"] == [] and [r["id"] for r in st["readings"]] == ["s000.lem.C.1", "s000.lem.C.1#eps-le-1"]
    cx = next(c for c in doc["claims"] if c["id"] == "s000.lem.C.1")
    md = (tmp_path / cx["counterexample_file"]).read_text()
    assert "kappa_1 = " in md and "proofcheck run --only 's000.lem.C.1'" in md
    assert (tmp_path / "counterexamples" / "s000.lem.C.1.png").stat().st_size > 1000
    md_report = (tmp_path / "report.md").read_text()
    assert "| `s000.lem.C.1` | **violated** |" in md_report
    # statements that fail only under a non-primary reading are listed apart from the errata
    errata, rest = md_report.split("### Statements that fail only under a reading", 1)
    assert "`s000.lem.C.1`" not in errata.split("### Errata")[1] and "- `s000.lem.C.1` — primary reading" in rest


def test_fail_on_violated_exits_one(tmp_path):
    r = pc("run", "--only", "s000.lem.C.1", "--seconds", "5", "--out", str(tmp_path), "--quiet", "--fail-on", "violated")
    assert r.returncode == 1


def test_show_json_fields():
    r = pc("show", "s000.lem.5.2", "--format", "json", "--seconds", "2")
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout)
    assert {"id", "verdict", "margin", "counterexample", "evidence"} <= set(rec)
    assert rec["verdict"] == "holds" and rec["counterexample"] is None


def test_user_claims_file(tmp_path):
    r = pc("run", "--claims", "examples/my_claims.py", "--seconds", "6", "--out", str(tmp_path), "--quiet")
    assert r.returncode == 0, r.stderr
    doc = json.loads((tmp_path / "report.json").read_text())
    assert {c["id"]: c["verdict"] for c in doc["claims"]} == {
        "mine.tv-of-ldp": "holds", "mine.tv-le-half-eps-squared": "violated"}


def test_measure_certified_values():
    r = pc("measure", '[["3/4","1/4"],["1/4","3/4"]]')
    out = json.loads(r.stdout)
    assert out["bayes_capacity"] == "3/2"
    assert out["ldp_level"].startswith("[1.0986122886681")


def test_measure_prints_exact_values_of_more_digits_than_python_prints(tmp_path):
    """Entries of 3001 digits (accepted: the limit is 4300) give a marginal whose denominator has ~6000 digits:
    printed in full, not an internal error from str()'s int limit (a 3000 x 3000 channel met it after 190 s)."""
    q1, q2 = 10**3000 + 1, 10**3000 + 3
    channel = [[f"1/{q1}", f"{q1 - 1}/{q1}"], [f"1/{q2}", f"{q2 - 1}/{q2}"]]
    path = tmp_path / "channel.json"
    path.write_text(json.dumps(channel))
    r = pc("measure", str(path))
    assert r.returncode == 0, r.stderr
    num, den = json.loads(r.stdout)["output_marginal"][0].split("/")
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # reading the 6000 digits back
    try:
        assert len(den) > 6000 and int(num) * 2 * q1 * q2 == (q1 + q2) * int(den)
    finally:
        sys.set_int_max_str_digits(limit)


def test_bad_input_is_one_line_and_exit_two(tmp_path):
    bad_file = tmp_path / "bad.py"
    bad_file.write_text("CLAIMS = 3\n")
    cases = [
        (("show", "s000.nope"), "unknown claim id"),
        (("run", "--only", "zzz*"), "no claim id matches"),
        (("run", "--seconds", "-1"), "must be > 0"),
        (("run", "--claims", str(bad_file)), "must define CLAIMS"),
        (("measure", '[["1/2","1/3"],["1/2","1/2"]]'), "channel[0] must sum to 1, got sum(channel[0])=5/6"),
        (("measure", '[["1/2","1/2"],["-1/2","3/2"]]'), "channel[1][0] must be >= 0, got channel[1][0]=-1/2"),
        (("measure", '[[NaN, 1]]'), "channel[0,0] = nan"),
        (("measure", '[["1/2","1/2"],["1/2","1/2"]]', "--alpha", "1"), "alpha = 1 must be > 1"),
        (("vmf", "3", "-0.5"), "kappa must be >= 0, got kappa=-1/2"),
        (("vmf", "3", "2", "--alpha", "1"), "alpha must be > 1, got alpha=1"),
        (("vmf", "3", "2", "--alpha", "2", "--delta", "1"), "delta must be in (0, 1), got delta=1"),
        (("vmf", "1", "2"), "p must be an integer >= 2, got p=1"),
    ]
    for args, msg in cases:
        r = pc(*args)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert msg in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_vmf_certified_figures():
    # p = 3, κ = 1: closed forms through I_{1/2}; the capacity is κ e^κ / sinh κ (Theorem 6 at p = 3)
    import math

    r = pc("vmf", "3", "1", "--alpha", "2", "--delta", "1/100000")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)

    def mid(s):
        lo, hi = (float(x) for x in s.strip("[]").split(","))
        return (lo + hi) / 2

    # I_{1/2}(x) = √(2/(πx)) sinh x, so τ_2 = −½ log 3 + log(I_{1/2}(3)/I_{1/2}(1)) = log(sinh 3 / (3 sinh 1))
    assert mid(out["renyi_dp_tau_alpha"]) == pytest_approx(math.log(math.sinh(3) / (3 * math.sinh(1))))
    assert mid(out["log_bayes_capacity"]) == pytest_approx(math.log(math.e / math.sinh(1)))
    eps = mid(out["renyi_dp_tau_alpha"]) + 2 * math.log(0.5) - math.log(1e-5)
    assert mid(out["epsilon_at_delta"]) == pytest_approx(eps)


def pytest_approx(x):
    import pytest

    return pytest.approx(x, rel=1e-12)


def test_decimals_are_taken_as_typed():
    # 0.9 + 0.1 is exactly 1 as decimals (as binary floats it is 36028797018963969/36028797018963968)
    r = pc("measure", "[[0.9,0.1],[0.3,0.7]]")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["bayes_capacity"] == "8/5"  # max column sums: 9/10 + 7/10


def _write(tmp_path, name, body):
    f = tmp_path / name
    f.write_text(body)
    return str(f)


HEAD = """import sympy as sp
from hypothesis import strategies as st
from proofcheck import Claim, Source, real
from proofcheck.strategies import cases
x = sp.Symbol("x")
"""


def _claim_src(cid="mine.ok", variables='(real("x", 0, 1),)', strategy='cases(x=st.floats(0, 1))', q='lambda c, m: m.num(c["x"])'):
    return (f'Claim(id="{cid}", title="t", source=Source("notes", "here", "x <= 1"), variables={variables}, '
            f'statement=sp.Le(x, 1), quantities={{"x": {q}}}, strategy={strategy})')


TWO_VARS = '(real("x", 0, 1), real("y", 0, 1))'


def test_bad_claims_files_are_one_line_naming_file_claim_and_problem(tmp_path):
    bad = {
        "undrawn.py": (HEAD + "CLAIMS = [" + _claim_src(variables=TWO_VARS) + "]",
                       "variable(s) ['y'] are never drawn"),
        "extra.py": (HEAD + f"CLAIMS = [{_claim_src(strategy='cases(x=st.floats(0, 1), z=st.just(3))')}]",
                     "the strategy draws ['z'], which no variable declares"),
        "notstrategy.py": (HEAD + f"CLAIMS = [{_claim_src(strategy='[0.5]')}]", "strategy must be a Hypothesis strategy"),
        "empty.py": (HEAD + "CLAIMS = []", "defines no claims"),
        "clash.py": (HEAD + f"CLAIMS = [{_claim_src(cid='s000.lem.5.1')}]", "clashes with a built-in claim id"),
        "prefix.py": (HEAD + f"CLAIMS = [{_claim_src(cid='s003.claim.mine')}]", "prefix 's003' of a built-in paper"),
        "badid.py": (HEAD + f"CLAIMS = [{_claim_src(cid='nodots')}]", "must be a dotted name"),
        "noprimary.py": (HEAD + f"CLAIMS = [{_claim_src(cid='mine.x#a')}, {_claim_src(cid='mine.x#b')}]",
                         "statement 'mine.x' has 2 readings and 0 primary ones"),
        "unknownfn.py": (HEAD + "CLAIMS = [Claim(id='mine.f', title='t', source=Source('n', 'h', 'q'), variables=(real('x', 0, 1),), "
                         "statement=sp.Le(sp.Function('frobnicate')(x), 1), quantities={'x': lambda c, m: m.num(c['x'])}, "
                         "strategy=cases(x=st.floats(0, 1)))]", "unknown function(s) frobnicate"),
    }
    for name, (body, msg) in bad.items():
        path = _write(tmp_path, name, body)
        r = pc("run", "--claims", path, "--seconds", "5", "--out", str(tmp_path / "out"), "--quiet")
        assert r.returncode == 2, (name, r.stdout, r.stderr)
        assert msg in r.stderr and name in r.stderr, (name, r.stderr)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, (name, r.stderr)


def test_a_claims_file_imports_its_neighbours_and_reproduce_lines_name_it(tmp_path):
    (tmp_path / "helpers_mine.py").write_text("def value(c, m):\n    return m.num(c['x']) * 3\n")
    path = _write(tmp_path, "mine.py", HEAD + "import helpers_mine\n" + f"CLAIMS = [{_claim_src(q='helpers_mine.value')}]")
    out = tmp_path / "out"
    r = pc("run", "--claims", path, "--seconds", "3", "--out", str(out), "--quiet")
    assert r.returncode == 0, r.stderr
    doc = json.loads((out / "report.json").read_text())
    rec = doc["claims"][0]
    assert rec["verdict"] == "violated"  # 3x <= 1 fails for x > 1/3
    md = (out / rec["counterexample_file"]).read_text()
    assert f"proofcheck run --claims {path} --only 'mine.ok'" in md


def test_an_error_in_a_claim_is_reported_and_the_run_goes_on(tmp_path):
    body = HEAD + ("def broken(c, m):\n    raise KeyError('prior')\n"
                   f"CLAIMS = [{_claim_src(cid='mine.broken', q='broken')}, {_claim_src(cid='mine.fine')}]")
    path = _write(tmp_path, "errs.py", body)
    out = tmp_path / "out"
    r = pc("run", "--claims", path, "--seconds", "4", "--out", str(out), "--quiet", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    recs = {c["id"]: c for c in json.loads((out / "report.json").read_text())["claims"]}
    assert recs["mine.fine"]["verdict"] == "holds"
    assert recs["mine.broken"]["verdict"] == "inconclusive"
    assert recs["mine.broken"]["evidence"]["error"]["type"] == "KeyError"


def test_an_internal_error_exits_three_with_a_traceback_file(tmp_path, monkeypatch, capsys):
    # a bug of proofcheck's own (here: the report renderer raising) is exit 3 with a traceback file
    from proofcheck import cli, report

    def broken(doc):
        raise RuntimeError("renderer bug")

    monkeypatch.setattr(report, "markdown_table", broken)
    path = _write(tmp_path, "ok.py", HEAD + f"CLAIMS = [{_claim_src()}]")
    code = cli.main(["run", "--claims", path, "--cases", "5", "--out", str(tmp_path / "out"), "--quiet"])
    line = capsys.readouterr().err.strip()
    assert code == 3, line
    assert len(line.splitlines()) == 1 and "internal error" in line and "traceback in " in line
    tb = Path(line.rsplit("traceback in ", 1)[1].rstrip(")"))
    assert "Traceback" in tb.read_text()
    # the out directory that is a file is bad input, found before any work
    target = tmp_path / "occupied"
    target.write_text("not a directory")
    r = pc("run", "--claims", path, "--cases", "5", "--out", str(target / "sub"), "--quiet")
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr


def test_help_documents_exit_codes():
    r = pc("--help")
    assert r.returncode == 0 and "3  an internal error" in r.stdout and "1  run --fail-on violated" in r.stdout


def test_routes_lists_signatures_and_one_docstring():
    r = pc("routes")
    assert r.returncode == 0, r.stderr
    lines = {ln.split("(", 1)[0]: ln for ln in r.stdout.splitlines()}
    assert lines["gaussian_delta"].startswith("gaussian_delta(sigma, eps, sensitivity=1)  [formula, mechanisms.continuous.gaussian_dp]")
    assert lines["kl"].startswith("kl(p, q)  [formula, mechanisms.finite.channels]")
    assert lines["Phi_inv"].startswith("Phi_inv(x)  [context operation")
    one = pc("routes", "laplace_rdp")
    assert one.returncode == 0 and "Mironov 2017" in one.stdout and "Proposition 6" in one.stdout
    assert pc("routes", "no_such_name").returncode == 2
