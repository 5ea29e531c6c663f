"""A run always ends, never loses work, and gives the same report on any machine (counted budgets).

Each test is bounded in time: claims that hang are stopped by a hard limit of a few seconds."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CLAIMS_HEAD = '''
import os, sys, time
import sympy as sp
from proofcheck import Claim, Source, real, strategies as pst

y = sp.Symbol("y")

def claim(cid, quantity, statement=None):
    return Claim(id=cid, title=cid, source=Source("mine", "here", "y <= 2"), variables=(real("x", 0, 1),),
                 statement=statement if statement is not None else sp.Le(y, 2), quantities={"y": quantity},
                 strategy=pst.cases(x=pst.reals(0, 1)))

def healthy(c, m):
    return m.num(c["x"])

def false_bound(c, m):  # x + 2 <= 2 fails for every x > 0
    return m.num(c["x"]) + 2

def slowly(seconds, c, m):  # x, after `seconds` on the certified path (the float path is quick)
    if m.name != "float":
        time.sleep(seconds)
    return m.num(c["x"])

def stuck(c, m):  # never returns on the certified path
    return slowly(10**6, c, m)
'''


def _file(tmp_path, body, name="claims.py"):
    p = tmp_path / name
    p.write_text(CLAIMS_HEAD + textwrap.dedent(body))
    return p


def _slow_file(tmp_path, n, seconds, name):
    """A claims file of n claims mine.<name><i>, each `seconds` on the certified path."""
    return _file(tmp_path, f'''
        def slow(c, m):
            return slowly({seconds}, c, m)

        CLAIMS = [claim(f"mine.{name}{{i}}", slow) for i in range({n})]
    ''')


def pc(*args, cwd=None, timeout=240):
    return subprocess.run([sys.executable, "-m", "proofcheck.cli", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=timeout)


def _doc(out: Path) -> dict:
    text = (out / "report.json").read_text()
    # standard JSON: no Infinity / NaN tokens
    return json.loads(text, parse_constant=lambda c: pytest.fail(f"non-standard JSON token {c}"))


def _verdicts(out: Path) -> dict:
    return {r["id"]: r["verdict"] for r in _doc(out)["claims"]}


def test_a_stuck_or_exiting_claim_costs_that_claim_only(tmp_path):
    path = _file(tmp_path, '''
        def exits(c, m):
            sys.exit(0)

        def dies(c, m):
            os._exit(7)

        CLAIMS = [claim("mine.ok", healthy), claim("mine.stuck", stuck), claim("mine.false", false_bound),
                  claim("mine.exits", exits), claim("mine.dies", dies)]
    ''')
    out = tmp_path / "out"
    t0 = time.monotonic()
    r = pc("run", "--claims", str(path), "--cases", "20", "--hard-limit", "4", "--jobs", "2", "--out", str(out),
           "--quiet")
    assert time.monotonic() - t0 < 120
    assert r.returncode == 0, r.stderr
    doc = _doc(out)
    recs = {c["id"]: c for c in doc["claims"]}
    assert {k: v["verdict"] for k, v in recs.items()} == {
        "mine.ok": "holds", "mine.stuck": "inconclusive", "mine.false": "violated", "mine.exits": "inconclusive",
        "mine.dies": "inconclusive"}
    assert recs["mine.stuck"]["evidence"]["reason"].startswith("stopped at the hard limit of 4 s during certify")
    assert "SystemExit" in recs["mine.exits"]["evidence"]["reason"]
    assert "exit code 7" in recs["mine.dies"]["evidence"]["reason"]
    lines = (out / "results.jsonl").read_text().splitlines()
    assert sorted(json.loads(x)["id"] for x in lines) == sorted(recs)  # every result journalled as it ended


def test_a_claims_file_that_exits_at_import_is_one_line_exit_two(tmp_path):
    path = _file(tmp_path, "sys.exit(0)\n")
    r = pc("run", "--claims", str(path), "--out", str(tmp_path / "out"), "--quiet")
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and "SystemExit" in r.stderr


def test_interrupt_keeps_what_is_done_and_resume_completes(tmp_path):
    path = _slow_file(tmp_path, 12, 0.4, "slow")
    out = tmp_path / "out"
    args = [sys.executable, "-m", "proofcheck.cli", "run", "--claims", str(path), "--cases", "3", "--jobs", "1",
            "--out", str(out), "--quiet"]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    journal = out / "results.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if journal.is_file() and len(journal.read_text().splitlines()) >= 2:
            break
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    doc = _doc(out)
    assert doc["partial"]["of"] == 12 and 2 <= doc["partial"]["checked"] < 12
    assert "Partial report" in (out / "report.md").read_text()
    assert not (out / ".proofcheck.lock").exists()
    first = {r["id"] for r in doc["claims"]}
    r = pc("run", "--claims", str(path), "--cases", "3", "--jobs", "1", "--out", str(out), "--quiet", "--resume")
    assert r.returncode == 0, r.stderr
    doc = _doc(out)
    assert doc["partial"] is None and sorted(c["id"] for c in doc["claims"]) == sorted(f"mine.slow{i}" for i in range(12))
    assert f"({len(first)} taken from an earlier run" in r.stdout
    # a second resume after a complete run checks nothing
    r = pc("run", "--claims", str(path), "--cases", "3", "--jobs", "1", "--out", str(out), "--quiet", "--resume")
    assert "(12 taken from an earlier run" in r.stdout


def test_a_claim_cut_off_by_the_runs_end_is_checked_again_on_resume(tmp_path):
    """`timeout` sends SIGTERM to the whole process group, the workers with the run: the claim at work then is
    recorded as interrupted (not as the claim's own inconclusive verdict), and --resume checks it again."""
    path = _file(tmp_path, '''
        def slow_false(c, m):  # x + 2 <= 2 fails; the certified path takes its time
            return slowly(1.5, c, m) + 2

        CLAIMS = [claim("mine.ok", healthy), claim("mine.slow-false", slow_false)]
    ''')
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "proofcheck.cli", "run", "--claims", str(path), "--cases", "5",
                             "--jobs", "1", "--out", str(out), "--quiet"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    journal = out / "results.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (journal.is_file() and journal.read_text().strip()):
        time.sleep(0.05)
    time.sleep(0.3)  # mine.slow-false is at work
    os.killpg(proc.pid, signal.SIGTERM)
    proc.communicate(timeout=60)
    first = {r["id"]: r for r in _doc(out)["claims"]}
    assert first["mine.ok"]["verdict"] == "holds"
    if "mine.slow-false" in first:  # journalled as stopped: marked as the run's interruption
        assert first["mine.slow-false"]["verdict"] == "inconclusive"
    r = pc("run", "--claims", str(path), "--cases", "5", "--jobs", "1", "--out", str(out), "--quiet", "--resume")
    assert r.returncode in (0, 1), r.stderr
    again = {c["id"]: c for c in _doc(out)["claims"]}
    assert again["mine.slow-false"]["verdict"] == "violated"
    assert "(1 taken from an earlier run" in r.stdout


def test_sigterm_stops_the_workers_and_writes_the_report(tmp_path):
    path = _file(tmp_path, '''
        CLAIMS = [claim("mine.ok", healthy), claim("mine.stuck1", stuck), claim("mine.stuck2", stuck)]
    ''')
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "proofcheck.cli", "run", "--claims", str(path), "--cases", "5",
                             "--jobs", "2", "--out", str(out), "--quiet"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    journal = out / "results.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (journal.is_file() and journal.read_text().strip()):
        time.sleep(0.1)
    time.sleep(1.0)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=60)
    assert proc.returncode == 143
    assert _doc(out)["partial"]["checked"] >= 1
    children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert children == []  # no worker left behind


def test_the_default_budget_gives_the_same_report_under_load(tmp_path):
    # no budget flag: each claim's cost class, a count — the same report beside two CPU-bound processes
    only = "s000.lem.5.*"
    a, b = tmp_path / "a", tmp_path / "b"
    r = pc("run", "--only", only, "--seed", "2", "--jobs", "1", "--out", str(a), "--quiet")
    assert r.returncode == 0, r.stderr
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        r = pc("run", "--only", only, "--seed", "2", "--jobs", "1", "--out", str(b), "--quiet")
    finally:
        for p in burners:
            p.kill()
    assert r.returncode == 0, r.stderr

    def strip(doc):
        for c in doc["claims"]:
            c.pop("seconds")
            for k in ("seconds",):
                c["evidence"].get("search", {}).pop(k, None)
        return [{k: v for k, v in c.items()} for c in doc["claims"]]

    assert strip(_doc(a)) == strip(_doc(b))
    assert _doc(a)["budget"] == {"kind": "counted", "cases": "by cost class"}
    from proofcheck.claim import COST_CLASSES

    for c in _doc(a)["claims"]:  # each claim's own count, from its class
        budget = c["evidence"]["budget"]
        assert (budget["cases"], budget["evaluations"]) == COST_CLASSES[budget["cost"]]
        assert c["evidence"]["search"]["cases"] <= budget["cases"]


def test_the_output_directory_is_checked_first_and_locked(tmp_path):
    path = _file(tmp_path, 'CLAIMS = [claim("mine.ok", healthy)]\n')
    a_file = tmp_path / "file"
    a_file.write_text("x")
    r = pc("run", "--claims", str(path), "--out", str(a_file), "--quiet", "--cases", "5")
    assert r.returncode == 2 and "is a file" in r.stderr and r.stderr.count("\n") == 1
    out = tmp_path / "locked"
    out.mkdir()
    holder = subprocess.Popen(["sleep", "60"])
    try:
        (out / ".proofcheck.lock").write_text(str(holder.pid))
        r = pc("run", "--claims", str(path), "--out", str(out), "--quiet", "--cases", "5")
        assert r.returncode == 2 and "in use by another run" in r.stderr
    finally:
        holder.kill()
        holder.wait()
    r = pc("run", "--claims", str(path), "--out", str(out), "--quiet", "--cases", "5")  # a stale lock is taken over
    assert r.returncode == 0, r.stderr
    r = pc("run", "--claims", str(path), "--out", str(out), "--quiet", "--seconds", "inf")
    assert r.returncode == 2 and "finite" in r.stderr


def test_a_relative_out_is_resolved_before_the_claims_file_moves_the_working_directory(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    path = _file(tmp_path, f'os.chdir({str(elsewhere)!r})\nCLAIMS = [claim("mine.ok", healthy)]\n')
    r = pc("run", "--claims", str(path), "--out", "rel-out", "--quiet", "--cases", "5", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "rel-out" / "report.json").is_file() and not (elsewhere / "rel-out").exists()


def test_stale_counterexamples_go_and_distinct_ids_get_distinct_files(tmp_path):
    from proofcheck.files import safe_name

    assert safe_name("a_b") != safe_name("a#b") and safe_name("s000.lem.C.1") == "s000.lem.C.1"
    path = _file(tmp_path, 'CLAIMS = [claim("mine.a_b", false_bound), claim("mine.a#b", false_bound)]\n')
    out = tmp_path / "out"
    assert pc("run", "--claims", str(path), "--out", str(out), "--quiet", "--cases", "10").returncode == 0
    files = sorted(p.name for p in (out / "counterexamples").iterdir())
    assert len(files) == 4  # two .md, two .png: no collision
    path.write_text(CLAIMS_HEAD + 'CLAIMS = [claim("mine.a_b", false_bound, statement=sp.Le(y, 4))]\n')
    assert pc("run", "--claims", str(path), "--out", str(out), "--quiet", "--cases", "10").returncode == 0
    assert _verdicts(out) == {"mine.a_b": "holds"}
    assert list((out / "counterexamples").iterdir()) == []  # the old report's files are gone


def test_jobs_are_capped_at_the_cores(tmp_path):
    path = _file(tmp_path, 'CLAIMS = [claim("mine.ok", healthy)]\n')
    r = pc("run", "--claims", str(path), "--out", str(tmp_path / "o"), "--quiet", "--cases", "5", "--jobs", "1000")
    assert r.returncode == 0 and f"--jobs 1000 capped at {os.cpu_count()}" in r.stderr


def test_printing_an_enclosure_costs_its_digits_not_its_exponent():
    from flint import arb

    from proofcheck.numerics import fmt

    t0 = time.monotonic()
    for e in (-3_278_398_845, 10**9, -10**7):
        text = fmt(arb(2) ** e / 3)
        assert text.startswith("[") and "e" in text
    assert time.monotonic() - t0 < 1.0


@pytest.mark.parametrize("body, needle", [
    ('CLAIMS = [claim("mine." + "x" * 300, healthy)]\n', "characters; at most 200"),
    ('import dataclasses\nc = claim("mine.ok", healthy)\nobject.__setattr__(c, "source", None)\n'
     'CLAIMS = [Claim(**{f.name: getattr(c, f.name) for f in dataclasses.fields(c)})]\n', "source must be"),
])
def test_claims_that_would_fail_the_report_are_refused_before_any_work(tmp_path, body, needle):
    path = _file(tmp_path, body)
    r = pc("run", "--claims", str(path), "--out", str(tmp_path / "o"), "--quiet", "--cases", "5")
    assert r.returncode == 2 and needle in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert not (tmp_path / "o" / "report.json").exists()


def test_a_total_budget_bounds_the_run_whatever_the_number_of_claims(tmp_path):
    from proofcheck.runs.run import overhead

    path = _slow_file(tmp_path, 16, 1.5, "c")
    out = tmp_path / "out"
    t0 = time.monotonic()
    r = pc("run", "--claims", str(path), "--seconds", "2", "--jobs", "2", "--out", str(out), "--quiet")
    wall = time.monotonic() - t0
    assert r.returncode == 0, r.stderr
    recs = _doc(out)["claims"]
    assert len(recs) == 16  # every claim is in the report, checked or said not started
    late = [c for c in recs if c["evidence"].get("reason", "").startswith("not started: the run's total time budget")]
    assert 0 < len(late) < 16
    # no claim starts after budget + overhead; one in flight then finishes (each takes ~3-4 s here)
    assert wall < 2 + overhead(2) + 20


def test_a_total_budget_stops_a_claim_that_hangs(tmp_path):
    """--seconds S bounds the run's wall time with a stuck quantity too: the claim at work is stopped when the
    run's deadline (S + 10 % + 15 s) ends, not at its own hard limit of 120 s or more."""
    from proofcheck.runs.run import overhead

    path = _file(tmp_path, '''
        CLAIMS = [claim("mine.stuck", stuck), claim("mine.fine", healthy)]
    ''')
    out = tmp_path / "out"
    t0 = time.monotonic()
    r = pc("run", "--claims", str(path), "--seconds", "4", "--jobs", "1", "--out", str(out), "--quiet")
    wall = time.monotonic() - t0
    assert r.returncode == 0, r.stderr
    recs = {c["id"]: c for c in _doc(out)["claims"]}
    assert recs["mine.stuck"]["verdict"] == "inconclusive"
    assert "total time budget (--seconds) ended" in recs["mine.stuck"]["evidence"]["reason"]
    assert wall < 4 + overhead(4) + 15  # start-up and the report beside the deadline; 120 s before


def _copy_claim(cid, bound=2):
    import sympy as sp
    from hypothesis import strategies as st

    from proofcheck import Claim, Source
    from proofcheck.claim import real
    from proofcheck.strategies import cases

    return Claim(id=cid, title=f"printed as {cid}", source=Source("mine", cid, "x ≤ 2"), variables=(real("x", 0, 3),),
                 statement=sp.Le(sp.Symbol("y"), bound), quantities={"y": _x_value}, strategy=cases(x=st.floats(0, 3)))


def _x_value(c, m):
    return m.num(c["x"])


def test_copies_of_one_formula_share_a_counterexample_and_the_best_tightness():
    from proofcheck.runs.engine import Result
    from proofcheck.runs.run import share_between_copies

    a, b, c, other = _copy_claim("mine.thm.1"), _copy_claim("mine.thm.A.1"), _copy_claim("mine.eq.3"), \
        _copy_claim("mine.other", bound=3)
    cx = {"objects": {"x": "5/2"}, "lhs": "[2.5, 2.5]", "rhs": "[2, 2]"}
    results = {
        "mine.thm.1": Result("mine.thm.1", "holds", 0.1, 0.05, None, {"search": {"cases": 30}}, 1.0),
        "mine.thm.A.1": Result("mine.thm.A.1", "violated", -0.5, -0.2, cx, {"search": {"cases": 30}}, 2.0),
        "mine.eq.3": Result("mine.eq.3", "inconclusive", None, None, None, {"reason": "stopped"}, 3.0),
        "mine.other": Result("mine.other", "holds", 0.5, 0.1, None, {"search": {"cases": 30}}, 1.0),
    }
    share_between_copies([a, b, c, other], results)
    shared = results["mine.thm.1"]
    assert shared.verdict == "violated" and shared.counterexample == cx and shared.id == "mine.thm.1"
    assert shared.evidence["found_on"] == "mine.thm.A.1" and shared.evidence["own"]["verdict"] == "holds"
    assert shared.seconds == 1.0
    assert results["mine.eq.3"].verdict == "inconclusive"  # what stopped is not made a verdict
    assert results["mine.other"].verdict == "holds"  # another formula (bound 3) is not a copy

    def held(cid, q):
        return Result(cid, "holds", 0.1, 0.05, None, {"tightness": {"max_lhs_over_rhs": q, "certified": {
            "lower_bound": q, "objects": {"x": str(q)}}}}, 1.0, tightness=q)

    results = {"mine.thm.1": held("mine.thm.1", 0.3), "mine.thm.A.1": held("mine.thm.A.1", 0.5)}
    share_between_copies([a, b], results)
    assert results["mine.thm.1"].tightness == 0.5
    assert results["mine.thm.1"].evidence["tightness"]["certified"]["lower_bound"] == 0.5
    assert results["mine.thm.1"].evidence["tightness"]["found_on"] == "mine.thm.A.1"
    assert "found_on" not in results["mine.thm.A.1"].evidence["tightness"]


def test_a_time_budget_keeps_the_time_its_report_takes_to_write():
    # 10,000 claims at --seconds 120 took 26 s to write their report after the last claim stopped: the deadline
    # for starting and stopping claims comes that much earlier, never more than half the budget
    from proofcheck.runs.run import REPORT_SECONDS_PER_CLAIM, report_reserve

    assert report_reserve(120.0, 10_000) == pytest.approx(10_000 * REPORT_SECONDS_PER_CLAIM) == pytest.approx(40.0)
    assert report_reserve(4.0, 10_000) == 2.0
    assert report_reserve(120.0, 10) == pytest.approx(0.04)
