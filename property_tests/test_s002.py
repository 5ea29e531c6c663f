"""Seed 002 (Zhang & Chen, bridging privacy and robustness): the engine's verdicts on the claims of
proofcheck.claims.s002, the catalog's counterexamples evaluated exactly, and Hypothesis property
tests of every claim that holds, on the float path with an exact fallback for rounding noise."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from flint import arb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mechanisms import robustness as rob
from mechanisms.errors import InvalidInput
from proofcheck.claims.s002 import CLAIMS
from proofcheck.engine import certified_sides, check_claim, exactify, float_margin
from proofcheck.measures import CERTIFIED, FLOAT
from proofcheck.numerics import certainly_less, lower, upper
from proofcheck.strategies import channels, priors, sized

BY_ID = {c.id: c for c in CLAIMS}

# the claims the engine refutes with a certified counterexample (seconds=5, seed=0)
VIOLATED = [
    "s002.eq.27#post-true",
    "s002.thm.IV.7#acc-at-true-secret",
    "s002.thm.IV.7#acc-avg-prior",
    "s002.thm.IV.7#acc-at-true-secret.eps-le-1",
    "s002.thm.E.1#acc-at-true-secret",
    "s002.thm.E.1#acc-avg-prior",
    "s002.thm.E.1#acc-at-true-secret.eps-le-1",
    "s002.eq.20",
    "s002.eq.21",
    "s002.claim.E1-combined",
    "s002.lem.F.1",
    "s002.lem.F.1#binomial-MST",
    "s002.claim.G-leakage-formula#upper",
    "s002.eq.24#wstar-per-d",
    "s002.eq.31#wstar-per-d",
]
HOLDS = [c.id for c in CLAIMS if c.id not in VIOLATED]

# ln 2 and friends to 30 digits, for membership tests of certified enclosures
LN2 = 0.693147180559945309417232121458
LN5 = 1.60943791243410037460075933323


F = Fraction


def _exact(objects):
    """The counterexample's objects back to exact values ('p/q' strings and decimal strings are exact)."""
    if isinstance(objects, dict):
        return {k: _exact(v) for k, v in objects.items()}
    if isinstance(objects, list):
        return [_exact(v) for v in objects]
    if isinstance(objects, str):
        return Fraction(objects)
    return objects


def _contains(ball, x):
    return lower(ball) <= x <= upper(ball)


def _certainly_violated(claim, lhs, rhs):
    st_ = claim.statement
    if isinstance(st_, (sp.Le, sp.Lt)):
        return certainly_less(rhs, lhs)
    if isinstance(st_, (sp.Ge, sp.Gt)):
        return certainly_less(lhs, rhs)
    return certainly_less(lhs, rhs) or certainly_less(rhs, lhs)


# ----------------------------------------------------------------------------- the engine's violations
@pytest.mark.parametrize("cid", VIOLATED)
def test_engine_refutes_with_certified_counterexample(cid):
    claim = BY_ID[cid]
    res = check_claim(claim, seconds=5, seed=0)
    assert res.verdict == "violated"
    assert res.margin < 0
    cx = res.counterexample
    assert cx is not None and cx["objects"]
    # re-evaluate the exact objects independently of the engine's own certificate
    exact = _exact(cx["objects"])
    lhs, rhs, ok, _, verdict = certified_sides(claim, exact)
    assert ok, "the hypotheses must hold exactly at the counterexample"
    assert verdict == "violated"
    assert _certainly_violated(claim, lhs, rhs)


# ----------------------------------------------------------------------------- the catalog's counterexamples, exactly
TIGHT_3X2 = {"prior": [F(1) / 3] * 3, "K": [[F(1, 100), F(99, 100)], [F(4, 100), F(96, 100)], [F(1, 100), F(99, 100)]],
             "secret": 0, "U": [0]}
AVG_PRIOR = {"prior": [F(999, 1000), F(1, 1000)], "K": [[F(1, 100), F(99, 100)], [F(1, 2), F(1, 2)]],
             "secret": 0, "U": [0]}


@pytest.mark.parametrize("cid", ["s002.thm.IV.7#acc-at-true-secret", "s002.thm.IV.7#acc-at-true-secret.eps-le-1",
                                 "s002.thm.E.1#acc-at-true-secret", "s002.thm.E.1#acc-at-true-secret.eps-le-1"])
def test_iv7_uniform_prior_counterexample(cid):
    # K[1,U] = 1/25 > γ = (1 + 4 ln 2)/100, with ε = ln 2 ≤ 1 and the uniform prior
    lhs, rhs, ok, _, verdict = certified_sides(BY_ID[cid], TIGHT_3X2)
    assert ok and verdict == "violated"
    assert _contains(lhs, 0.04)
    assert _contains(rhs, (1 + 4 * LN2) / 100)
    assert abs(float(rhs.mid()) - 0.0377258872223978123766892848583) < 1e-15


@pytest.mark.parametrize("cid", ["s002.thm.IV.7+corrected#acc-at-true-secret", "s002.thm.E.1+corrected#acc-at-true-secret"])
def test_iv7_corrected_is_attained_by_the_tight_example(cid):
    # e^{2 ln 2}/100 = 4/100 = K[1,U]: equality, so the corrected constant cannot be lowered
    lhs, rhs, ok, _, verdict = certified_sides(BY_ID[cid], TIGHT_3X2)
    assert ok and verdict != "violated"
    assert _contains(lhs, 0.04) and _contains(rhs, 0.04)


def test_iv7_tight_example_levels():
    c = {k: v for k, v in TIGHT_3X2.items() if k in ("prior", "K")}
    assert _contains(CERTIFIED.mbp_level(c["K"], c["prior"]), LN2)
    assert _contains(CERTIFIED.ldp_level(c["K"]), 2 * LN2)
    # Lemma IV.2 is tight there: LDP level = 2 × MBP level (enclosures overlap, no verdict either way)
    lhs, rhs, ok, _, verdict = certified_sides(BY_ID["s002.lem.IV.2"], {"K": c["K"]})
    assert verdict is None and _contains(lhs, 2 * LN2) and _contains(rhs, 2 * LN2)


@pytest.mark.parametrize("cid", ["s002.thm.IV.7#acc-avg-prior", "s002.thm.E.1#acc-avg-prior"])
def test_iv7_avg_prior_counterexample(cid):
    lhs, rhs, ok, _, verdict = certified_sides(BY_ID[cid], AVG_PRIOR)
    assert ok and verdict == "violated"
    assert _contains(lhs, 0.5)
    eps = math.log(50000 / 1049)
    assert _contains(rhs, (1 + 4 * eps) * 1049 / 100000)
    assert abs(float(rhs.mid()) - 0.1726312) < 1e-6


def test_iv7_avg_prior_needs_eps_above_one():
    # the same case is outside the eps-le-1 reading (ε = ln(50000/1049) ≈ 3.864)
    _, _, ok, _, _ = certified_sides(BY_ID["s002.thm.IV.7#acc-avg-prior.eps-le-1"], AVG_PRIOR)
    assert not ok


@pytest.mark.parametrize("cid, case, lhs_val, rhs_val", [
    ("s002.eq.20", {"epsilon": F(1), "beta": F(1)}, math.exp(2), 7.0),
    ("s002.eq.20", {"epsilon": F(9, 10), "beta": F(1)}, math.exp(1.8), 6.04),
    ("s002.eq.21", {"epsilon": F(3, 4), "beta": F(1)}, 4.75, 4.0),
    ("s002.claim.E1-combined", {"epsilon": F(1)}, math.exp(2), 5.0),
])
def test_e1_proof_steps_fail(cid, case, lhs_val, rhs_val):
    lhs, rhs, ok, _, verdict = certified_sides(BY_ID[cid], case)
    assert ok and verdict == "violated"
    assert abs(float(lhs.mid()) - lhs_val) < 1e-12 and abs(float(rhs.mid()) - rhs_val) < 1e-12


def test_e1_steps_hold_where_the_proof_needs_them():
    # e^{2ε} ≤ 1+2ε+4ε² until ε ≈ 0.8966; (21) until ε = 1/2; e^{2ε} ≤ 1 + 4ε until ε ≈ 0.6282
    for cid, eps in (("s002.eq.20", F(89, 100)), ("s002.eq.21", F(1, 2)), ("s002.claim.E1-combined", F(62, 100))):
        case = {"epsilon": eps, "beta": F(1)}
        _, _, ok, _, verdict = certified_sides(BY_ID[cid], case)
        assert ok and verdict == "holds"
    _, _, _, _, verdict = certified_sides(BY_ID["s002.claim.E1-combined"], {"epsilon": F(63, 100)})
    assert verdict == "violated"


def test_lemma_f1_catalog_counterexample():
    # X ~ Bin(20, 1/20), ε = 7: P(|X/20 − 1/20| > 7/20) = P(X ≥ 9) > 2 exp(−49/3)
    case = {"T": 20, "kappa_1": F(1, 20), "epsilon": F(7)}
    lhs, rhs, ok, _, verdict = certified_sides(BY_ID["s002.lem.F.1"], case)
    assert ok and verdict == "violated"
    tail = sum(math.comb(20, k) * F(1, 20) ** k * F(19, 20) ** (20 - k) for k in range(9, 21))
    assert abs(float(tail) - 1.9793381083193462e-7) < 1e-20
    assert _contains(lhs, float(1 - tail))
    assert rhs.overlaps(1 - 2 * (arb(-49) / 3).exp())
    assert float(tail) > 2 * math.exp(-49 / 3) == pytest.approx(1.6126995245448218e-7, rel=1e-12)
    # restricted to ε ≤ 1 it holds at the same (T, κ1)
    _, _, ok, _, verdict = certified_sides(BY_ID["s002.lem.F.1+corrected"], {**case, "epsilon": F(1)})
    assert ok and verdict == "holds"


def test_eq24_per_d_counterexample():
    case = {"prior": [F(1, 2), F(1, 2)], "K": [[F(9, 10), F(1, 10)], [F(1, 10), F(9, 10)]]}
    lhs, rhs, ok, _, verdict = certified_sides(BY_ID["s002.eq.24#wstar-per-d"], case)
    assert ok and verdict == "violated"
    assert _contains(lhs, LN5) and _contains(rhs, math.log(9 / 5))
    # the argmax-of-|log| reading gives ln 5 back
    lhs, rhs, ok, _, _ = certified_sides(BY_ID["s002.eq.24#wstar-is-argmax-of-abs"], case)
    assert _contains(rhs, LN5)


def test_eq24_common_wstar_identical_rows():
    case = {"prior": [F(1, 3), F(2, 3)], "K": [[F(1, 4), F(3, 4)], [F(1, 4), F(3, 4)]]}
    lhs, rhs, ok, _, _ = certified_sides(BY_ID["s002.eq.24#wstar-common"], case)
    assert ok and _contains(lhs, 0.0) and _contains(rhs, 0.0)
    # a channel with distinct rows has no common w*: outside the reading's domain
    case = {"prior": [F(1, 2), F(1, 2)], "K": [[F(9, 10), F(1, 10)], [F(1, 10), F(9, 10)]]}
    with pytest.raises(InvalidInput):
        certified_sides(BY_ID["s002.eq.24#wstar-common"], case)


def test_leakage_formula_upper_counterexample():
    case = {"prior": [F(1, 2), F(1, 2)], "K": [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]],
            "law_O": [F(1), F(0)], "law_D": [F(1, 2), F(1, 2)]}
    claim = BY_ID["s002.claim.G-leakage-formula#upper"]
    lhs, rhs, ok, _, verdict = certified_sides(claim, case)
    assert ok and verdict == "violated"
    assert _contains(lhs, 0.0)  # F^A = f_D exactly
    assert abs(float(rhs.mid()) - (-0.382184)) < 1e-5
    c1 = claim.quantities["C1"](case, CERTIFIED)
    assert abs(float(c1.mid()) - 0.183908) < 1e-5
    assert _contains(claim.quantities["C2"](case, CERTIFIED), 1.5)
    # the lower bound C1 − C2·TV holds there
    _, _, ok, _, verdict = certified_sides(BY_ID["s002.claim.G-leakage-formula+corrected"], case)
    assert ok and verdict == "holds"


def test_eq27_post_true_counterexample():
    case = {"prior": [F(2, 3), F(1, 3)], "K": [[F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)]], "belief": [F(1, 3), F(2, 3)]}
    lhs, _, _, _, verdict = certified_sides(BY_ID["s002.eq.27#post-true"], case)
    assert verdict == "violated" and _contains(lhs, 4.0)  # {0} vs {1} at both outputs
    lhs, _, _, _, _ = certified_sides(BY_ID["s002.eq.27#post-attacker"], case)
    assert _contains(lhs, 0.0)


def test_abp_bound_values():
    # ε_pm = ln 2, ε = 0: the bound of Theorem IV.5 is √(ln 2 · 1 / 2)
    case = {"prior": [F(1, 2), F(1, 2)], "K": [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]],
            "belief": [F(1, 2), F(1, 2)], "law": [F(1, 2), F(1, 2)], "secret": 0}
    lhs, rhs, ok, _, verdict = certified_sides(BY_ID["s002.thm.IV.5#mix-at-true-secret"], case)
    assert ok and verdict == "holds"
    assert _contains(rhs, math.sqrt(LN2 / 2))
    # F^A = (5/8, 3/8) against (1/2, 1/2)
    A = [F(5, 8), F(3, 8)]
    js = sum(a * math.log(a / ((a + F(1, 2)) / 2)) + 0.5 * math.log(0.5 / ((a + F(1, 2)) / 2)) for a in A) / 2
    assert abs(float(lhs.mid()) - math.sqrt(js)) < 1e-14


# ----------------------------------------------------------------------------- mechanisms.robustness
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-20, 20), min_size=2, max_size=6), st.integers(-10, 10), st.integers(0, 20),
       st.lists(st.integers(1, 50), min_size=6, max_size=6))
def test_accuracy_event_two_routes_exact(points, mu, alpha, weights):
    k = len(points)
    row = [F(w, sum(weights[:k])) for w in weights[:k]]
    pts = [F(p, 4) for p in points]
    U = rob.bad_set(pts, F(mu, 4), F(alpha, 4))
    assert rob.event_probability(row, U) == rob.miss_probability_by_distance(row, pts, F(mu, 4), F(alpha, 4))
    assert all(abs(pts[w] - F(mu, 4)) > F(alpha, 4) for w in U)


def test_tight_family_levels():
    K = rob.tight_mbp_channel(3, 2, 4.0, 0.01, j=1, u=0)
    np.testing.assert_allclose(K, [[0.01, 0.99], [0.04, 0.96], [0.01, 0.99]])
    assert math.isclose(FLOAT.mbp_level(K, np.full(3, 1 / 3)), LN2, rel_tol=1e-12)
    assert math.isclose(FLOAT.ldp_level(K), 2 * LN2, rel_tol=1e-12)


def test_hamming_and_neighbour_ratio():
    assert rob.hamming(0b101, 0b011) == 2
    K = [[F(1, 2), F(1, 2)], [F(1, 4), F(3, 4)], [F(1, 2), F(1, 2)], [F(1, 8), F(7, 8)]]
    # neighbours: 0~1, 0~2, 1~3, 2~3; the largest ratio is (1/2)/(1/8) = 4 between 2 and 3
    assert rob.neighbour_ratio(K) == 4


# ----------------------------------------------------------------------------- property tests of the claims that hold
def _assert_holds_at(claim, case):
    r = float_margin(claim, case)
    if r is None:
        return  # outside the statement's domain
    m, lhs, rhs = r
    scale = max(1.0, abs(lhs) if math.isfinite(lhs) else 1.0, abs(rhs) if math.isfinite(rhs) else 1.0)
    if m >= -1e-9 * scale:
        return
    # a float alarm: the exact relation must hold (or the case leave the domain) once rounded finely
    exact = exactify(claim, case, 10**9)
    _, _, ok, _, verdict = certified_sides(claim, exact)
    assert not ok or verdict != "violated", (claim.id, case, r)


@pytest.mark.parametrize("cid", HOLDS)
def test_claim_holds_on_its_own_strategy(cid):
    claim = BY_ID[cid]

    @settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(claim.strategy)
    def prop(case):
        _assert_holds_at(claim, case)

    prop()


@settings(max_examples=150, deadline=None)
@given(sized(lambda n, m: st.tuples(priors(n), channels(n, m))))
def test_mbp_between_half_ldp_and_ldp_any_prior(pk):
    # the general fact behind every LDP ↔ MBP statement: LDP/2 ≤ MBP(K, f_D) ≤ LDP for full-support f_D
    prior, K = pk
    if prior.min() <= 0:
        return
    ldp, mbp = FLOAT.ldp_level(K), FLOAT.mbp_level(K, prior)
    if math.isinf(ldp):
        return
    assert mbp <= ldp * (1 + 1e-9) + 1e-12
    assert ldp <= 2 * mbp * (1 + 1e-9) + 1e-12


def test_every_claim_is_classified():
    assert set(VIOLATED) <= set(BY_ID)
    assert len(HOLDS) + len(VIOLATED) == len(CLAIMS)
