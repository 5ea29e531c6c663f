"""The API a researcher uses for claims of their own: a claims module, pytest helpers, proofcheck.check.

The seventeen claims of examples/textbook_claims.py are checked here against verdicts derived from the
textbook facts (not from proofcheck), and every certified counterexample is recomputed by hand from its
exact objects with fractions and mpmath at 60 digits.
"""
from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import mpmath as mp
import pytest

import proofcheck

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
sys.path.insert(0, str(EXAMPLES))
from textbook_claims import CLAIMS  # noqa: E402

BY_ID = {c.id: c for c in CLAIMS}
CASES = "200"  # a counted budget per claim: every violation here is found within ~100 cases, on any machine


def _pytest(args, cwd):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "HYPOTHESIS"))}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


# ----------------------------------------------------------------------------- (a), (b): pytest helpers
def test_researchers_pytest_file_passes():
    r = _pytest(["examples/test_textbook_claims.py", "--proofcheck-cases", CASES], ROOT)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert f"{len(CLAIMS)} passed" in r.stdout


WRONG_TESTS = f"""
import sys
sys.path.insert(0, {str(EXAMPLES)!r})
from textbook_claims import CLAIMS
from proofcheck.testing import assert_holds, assert_violated
BY_ID = {{c.id: c for c in CLAIMS}}

def test_false_claim_said_to_hold():
    assert_holds(BY_ID["textbook.kl-le-tv"])

def test_true_claim_said_to_be_violated():
    assert_violated(BY_ID["textbook.tv-is-delta-at-zero"])
"""


def test_wrong_expectations_fail_and_show_the_exact_counterexample(tmp_path):
    (tmp_path / "test_wrong.py").write_text(WRONG_TESTS)
    r = _pytest(["test_wrong.py", "--proofcheck-cases", CASES], tmp_path)
    out = r.stdout
    assert r.returncode == 1 and "2 failed" in out, out[-3000:] + r.stderr[-2000:]
    assert "expected textbook.kl-le-tv to hold, got violated" in out
    assert "expected a certified counterexample to textbook.tv-is-delta-at-zero, got holds" in out
    assert "certified counterexample (exact):" in out
    shown = dict(re.findall(r"^E?\s+([PQ]) = (\[.*\])\s*$", out, flags=re.M))
    P, Q = (_fractions(json.loads(shown[name])) for name in "PQ")
    # exact numbers as written: integers or p/q strings, never a float's decimal expansion
    assert all(re.fullmatch(r"-?\d+(/\d+)?", s) for s in json.loads(shown["P"]) + json.loads(shown["Q"]))
    with mp.workdps(60):
        assert _kl(P, Q) > _tv(P, Q)  # the objects printed do violate KL ≤ TV


# ----------------------------------------------------------------------------- (c): notebooks
def test_check_returns_a_result_or_a_list():
    one = proofcheck.check(BY_ID["textbook.kl-le-tv"], cases=200)
    assert isinstance(one, proofcheck.Result) and one.id == "textbook.kl-le-tv" and one.verdict == "violated"
    many = proofcheck.check([BY_ID["textbook.pinsker"], BY_ID["textbook.kl-le-tv"]], cases=200)
    assert isinstance(many, list) and [r.id for r in many] == ["textbook.pinsker", "textbook.kl-le-tv"]
    assert [r.verdict for r in many] == ["holds", "violated"]


# ----------------------------------------------------------------------------- (d): every verdict, derived by hand
EXPECTED = {
    # Pinsker's inequality: TV ≤ √(KL/2) for all P, Q (Tsybakov, Lemma 2.5).
    "textbook.pinsker": "holds",
    # Pinsker restricted to Bernoulli pairs at least 1/2 apart: still Pinsker's inequality.
    "textbook.pinsker-separated-bernoulli": "holds",
    # D_α is not symmetric for α ≠ 1/2: P = (1/2, 1/2), Q = (3/4, 1/4), α = 2 give log(4/3) vs log(5/4).
    "textbook.renyi-symmetric": "violated",
    # α ↦ D_α(P‖Q) is non-decreasing (van Erven & Harremoës, Theorem 3).
    "textbook.renyi-monotone": "holds",
    # KL = D_1 ≤ D_α for α > 1 (the same monotonicity).
    "textbook.kl-le-renyi": "holds",
    # basic composition: δ_{K^k}(kε) ≤ k δ_K(ε) (Dwork & Roth, Theorem 3.16).
    "textbook.composition": "holds",
    # binary RR with ratio 2 at ε = 1 > log 2 has δ_K(1) = 0, but two releases have ratio 4 > e: δ > 0.
    "textbook.composition-without-k": "violated",
    # the classical Gaussian calibration is (ε, δ)-DP for ε < 1 (Dwork & Roth, Theorem A.1).
    "textbook.gaussian-dwork-roth": "holds",
    # it fails for large ε (Balle & Wang 2018): with c = √(2 ln(1.25/δ)) and μ = ε/c the exact
    # δ(ε) = Φ(ε/2c − c) − e^ε Φ(−ε/2c − c) exceeds δ once ε > 10.25 at δ = 1e-12 (ε > 5.74 at δ = 0.1).
    "textbook.gaussian-dwork-roth-large-eps": "violated",
    # τ_α + log(1/δ)/(α − 1) is an (ε, δ) guarantee, so it is ≥ the optimal ε (Mironov, Proposition 3).
    "textbook.rdp-conversion-gaussian": "holds",
    # the improved ε differs from the basic one by log(1 − 1/α) − log α/(α − 1) < 0.
    "textbook.rdp-conversion-improved": "holds",
    # Σ_y max_x K[x, y] ≤ Σ_y e^ε K[x₀, y] = e^ε.
    "textbook.capacity-of-ldp": "holds",
    # k-ary RR: capacity k e^ε/(e^ε + k − 1); k = 6, ε = log 3 gives 9/4 > 1 + log 3.
    "textbook.capacity-of-ldp-linear": "violated",
    # at the uniform prior V[ϑ] = 1/n and V[ϑ, K] = Σ_y max_x K[x, y]/n = ML×(K)/n.
    "textbook.additive-leakage-uniform": "holds",
    # data-processing inequality for relative entropy.
    "textbook.kl-data-processing": "holds",
    # Σ max(0, P − Q) = ½ Σ |P − Q| since Σ (P − Q) = 0.
    "textbook.tv-is-delta-at-zero": "holds",
    # KL is unbounded, TV ≤ 1: P = (1/2, 1/2), Q = (1/100, 99/100) give KL ≈ 1.61 > TV = 0.49.
    "textbook.kl-le-tv": "violated",
}


def _fractions(x):
    return [_fractions(y) for y in x] if isinstance(x, list) else Fraction(x)


def _mp(x: Fraction):
    return mp.mpf(x.numerator) / x.denominator


def _kl(p, q):
    if any(a > 0 and b == 0 for a, b in zip(p, q)):
        return mp.inf
    return sum((_mp(a) * mp.log(_mp(a) / _mp(b)) for a, b in zip(p, q) if a > 0), mp.mpf(0))


def _tv(p, q):
    return _mp(sum(abs(a - b) for a, b in zip(p, q)) / 2)


def _renyi(p, q, alpha):
    if any(a > 0 and b == 0 for a, b in zip(p, q)):
        return mp.inf
    s = sum(mp.power(_mp(a), _mp(alpha)) * mp.power(_mp(b), 1 - _mp(alpha)) for a, b in zip(p, q) if a > 0)
    return mp.log(s) / (_mp(alpha) - 1)


def _channel_delta(rows, eps):  # max over ordered row pairs of Σ max(0, r − e^ε s)
    g = mp.exp(_mp(eps))
    return max(sum(max(mp.mpf(0), _mp(a) - g * _mp(b)) for a, b in zip(r, s)) for r in rows for s in rows)


def _is_distribution(p):
    return all(x >= 0 for x in p) and sum(p) == 1


def _renyi_symmetric(o):
    assert _is_distribution(o["P"]) and _is_distribution(o["Q"]) and 1.5 <= o["alpha"] <= 10
    return _renyi(o["P"], o["Q"], o["alpha"]), _renyi(o["Q"], o["P"], o["alpha"])


def _composition_without_k(o):
    K, eps, k = o["K"], o["epsilon"], int(o["k"])
    assert all(_is_distribution(r) for r in K) and 0 <= eps <= 3 and 1 <= k <= 3
    composed = [[mp.fprod([_mp(x) for x in ys]) for ys in itertools.product(r, repeat=k)] for r in K]
    g = mp.exp(_mp(eps))
    lhs = max(sum(max(mp.mpf(0), a - g * b) for a, b in zip(r, s)) for r in composed for s in composed)
    return lhs, k * _channel_delta(K, eps)


def _dwork_roth_large_eps(o):
    eps, delta = _mp(o["epsilon"]), _mp(o["delta"])
    assert 1 <= o["epsilon"] <= 12 and Fraction(1, 10**12) <= o["delta"] <= Fraction(1, 10**6)
    sigma = mp.sqrt(2 * mp.log(mp.mpf(5) / 4 / delta)) / eps
    true_delta = mp.ncdf(1 / (2 * sigma) - eps * sigma) - mp.exp(eps) * mp.ncdf(-1 / (2 * sigma) - eps * sigma)
    return true_delta, delta


def _capacity_linear(o):
    K = o["K"]
    assert all(_is_distribution(r) for r in K) and all(x > 0 for r in K for x in r)
    capacity = sum(max(col) for col in zip(*K))
    eps = max(mp.log(_mp(a) / _mp(b)) for col in zip(*K) for a in col for b in col)
    return _mp(capacity), 1 + eps


def _kl_le_tv(o):
    assert _is_distribution(o["P"]) and _is_distribution(o["Q"])
    return _kl(o["P"], o["Q"]), _tv(o["P"], o["Q"])


# (lhs, rhs) of each false statement, by hand; the statement is lhs ≤ rhs (lhs = rhs for the identity)
BY_HAND = {"textbook.renyi-symmetric": _renyi_symmetric, "textbook.composition-without-k": _composition_without_k,
           "textbook.gaussian-dwork-roth-large-eps": _dwork_roth_large_eps,
           "textbook.capacity-of-ldp-linear": _capacity_linear, "textbook.kl-le-tv": _kl_le_tv}


def _inside(x, enclosure: str) -> bool:
    """x (60 digits) lies in a printed enclosure '[lo, hi]' or equals '+inf (exact)' (to print rounding)."""
    if enclosure.startswith("+inf"):
        return x == mp.inf
    lo, hi = (mp.mpf(v) for v in re.match(r"\[(\S+), (\S+)\]", enclosure).groups())
    slack = mp.mpf(10) ** -15 * max(1, abs(lo), abs(hi))
    return lo - slack <= x <= hi + slack


@pytest.fixture(scope="module")
def results():
    # a fixed number of cases (not a wall-clock budget, which a loaded machine shortens): the same
    # search whatever the load; 60 s is only a ceiling
    return {c.id: proofcheck.check_claim(c, seconds=60, seed=0, max_examples=400) for c in CLAIMS}


def test_every_textbook_claim_has_an_expectation():
    assert set(EXPECTED) == set(BY_ID) and len(CLAIMS) == 17 and all(c.id.startswith("textbook.") for c in CLAIMS)
    assert set(BY_HAND) == {cid for cid, v in EXPECTED.items() if v == "violated"}


@pytest.mark.parametrize("cid", sorted(EXPECTED))
def test_textbook_verdict(results, cid):
    r = results[cid]
    assert r.verdict == EXPECTED[cid], (r.verdict, r.evidence.get("reason"))
    if r.verdict == "holds":
        assert r.vacuous is None and r.counterexample is None
        return
    cx = r.counterexample
    objects = {k: v if isinstance(v, int) else _fractions(v) for k, v in cx["objects"].items()}
    with mp.workdps(60):
        lhs, rhs = BY_HAND[cid](objects)
        if BY_ID[cid].is_identity:
            assert abs(lhs - rhs) > mp.mpf(10) ** -40
        else:
            assert lhs - rhs > mp.mpf(10) ** -40 * max(1, abs(rhs))
        assert _inside(lhs, cx["lhs"]) and _inside(rhs, cx["rhs"]), (lhs, rhs, cx["lhs"], cx["rhs"])


# ----------------------------------------------------------------------------- the examples of docs/claims.md
def _readme_blocks():  # the claims examples moved from the README to docs/claims.md (its section of the same name)
    text = (ROOT / "docs" / "claims.md").read_text()
    section = text.split("## Check a claim of your own", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_readme_examples_hold():
    blocks = _readme_blocks()
    claims_code = [b for b in blocks if "Claim(" in b]
    assert len(claims_code) == 3 and all(b.count("\n") < 15 for b in blocks)
    namespace: dict = {}
    for b in claims_code:
        exec(compile(b, "docs/claims.md", "exec"), namespace)
    claims = [v for v in namespace.values() if isinstance(v, proofcheck.Claim)]
    assert [c.id for c in claims] == ["mine.tv-of-ldp", "mine.ldp-to-approx-dp", "mine.gaussian-capacity-1d"]
    for r in proofcheck.check(claims, cases=200):
        assert r.verdict == "holds" and r.vacuous is None, (r.id, r.verdict, r.evidence.get("reason"))


def test_readme_pytest_example_is_the_example_file():
    pytest_block = next(b for b in _readme_blocks() if "assert_holds" in b)
    body = (EXAMPLES / "test_textbook_claims.py").read_text().split('"""', 2)[2]
    assert [ln for ln in pytest_block.splitlines() if ln.strip()] == [ln for ln in body.splitlines() if ln.strip()]
