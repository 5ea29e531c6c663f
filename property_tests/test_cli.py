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
    r = pc("run", "--only", "s000.lem.C.1*", "--seconds", "8", "--out", str(tmp_path), "--quiet", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    doc = json.loads((tmp_path / "report.json").read_text())
    assert doc["schema"] == "proofcheck.report/1"
    verdicts = {c["id"]: c["verdict"] for c in doc["claims"]}
    assert verdicts == {"s000.lem.C.1": "violated", "s000.lem.C.1+corrected": "holds"}
    cx = next(c for c in doc["claims"] if c["id"] == "s000.lem.C.1")
    md = (tmp_path / cx["counterexample_file"]).read_text()
    assert "kappa_1 = " in md and "proofcheck run --only 's000.lem.C.1'" in md
    assert (tmp_path / "counterexamples" / "s000.lem.C.1.png").stat().st_size > 1000
    assert "| `s000.lem.C.1` | **violated** |" in (tmp_path / "report.md").read_text()


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
        "s999.claim.tv-of-ldp": "holds", "s999.claim.tv-le-half-eps-squared": "violated"}


def test_measure_certified_values():
    r = pc("measure", '[["3/4","1/4"],["1/4","3/4"]]')
    out = json.loads(r.stdout)
    assert out["bayes_capacity"] == "3/2"
    assert out["ldp_level"].startswith("[1.0986122886681")


def test_bad_input_is_one_line_and_exit_two(tmp_path):
    bad_file = tmp_path / "bad.py"
    bad_file.write_text("CLAIMS = 3\n")
    cases = [
        (("show", "s000.nope"), "unknown claim id"),
        (("run", "--only", "zzz*"), "no claim id matches"),
        (("run", "--seconds", "-1"), "must be > 0"),
        (("run", "--claims", str(bad_file)), "must define CLAIMS"),
        (("measure", '[["1/2","1/3"],["1/2","1/2"]]'), "row 0 of channel sums to 5/6"),
        (("measure", '[["1/2","1/2"],["-1/2","3/2"]]'), "channel[1,0] = -1/2"),
        (("measure", '[[NaN, 1]]'), "channel[0,0] = nan"),
        (("measure", '[["1/2","1/2"],["1/2","1/2"]]', "--alpha", "1"), "alpha = 1 must be > 1"),
        (("vmf", "3", "-0.5"), "kappa must be >= 0, got kappa=-1/2"),
        (("vmf", "3", "2", "--alpha", "1"), "alpha must be > 1, got alpha=1"),
        (("vmf", "3", "2", "--alpha", "2", "--delta", "1"), "delta must lie in (0, 1), got delta=1"),
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
