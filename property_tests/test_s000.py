"""Seed 000 (Zhang, Fei, Chen): the printed statements against an oracle written from the definitions.

False statements: the engine returns `violated`, and its exact counterexample is re-evaluated here by
finite_oracle (Fractions and mpmath from the paper's definitions, no code shared with the claim), which
must find the relation broken by a margin its own rounding cannot explain.
True statements: at fixed exact cases, both sides of the claim (certified path) must enclose the oracle's
values, and the oracle's values must satisfy the relation.
"""
from fractions import Fraction as F
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import finite_oracle as fo
import oracle_check
from proofcheck.claims.s000 import CLAIMS
from proofcheck.runs.engine import check_claim

BY_ID = {c.id: c for c in CLAIMS}
RELATION = oracle_check.RELATION

CHANNELS = fo.channel_cases()
IDENTICAL = fo.identical_row_cases()
NEAR_IDENTICAL = fo.near_identical_row_cases()
ESTIMATES = fo.estimator_cases()
CHERNOFF = fo.chernoff_cases()
XI_N = [{"xi": F(x), "n": F(n)} for x, n in ((0, 1), (F(1, 10), 2), (1, 3), (F(5, 2), 10), (7, 1000), (F(1, 3), 10**6))]

ABP = {"mix-at-true-secret": "secret", "mix-marginal": "marginal", "mix-any-law": "law"}

# claim id -> (oracle, cases); every claim listed here is true
TRUE = {
    "s000.def.5.1": (fo.identity(lambda c: fo.ldp_level(c["K"])), CHANNELS),
    "s000.def.4.2": (fo.identity(lambda c: fo.mbp_level(c["K"], c["prior"])), CHANNELS),
    "s000.def.4.1": (fo.identity(lambda c: fo.js(c["p"], c["q"])), CHANNELS),
    **{cid: (fo.mbp_le_ldp(prior=None), CHANNELS)
       for cid in ("s000.lem.5.1", "s000.thm.5.3.i", "s000.lem.A.1", "s000.thm.A.3.i")},
    **{cid: (fo.ldp_le_2mbp(prior=None), CHANNELS)
       for cid in ("s000.lem.5.2", "s000.thm.5.3.ii", "s000.lem.A.2", "s000.thm.A.3.ii")},
    "s000.claim.A1-posterior-bounds": (fo.posterior_extreme("min"), CHANNELS),
    "s000.claim.A1-posterior-upper": (fo.posterior_extreme("max"), CHANNELS),
    "s000.claim.A1-upper-by-e-xi-over-n": (fo.upper_by_e_xi_over_n, XI_N),
    **{f"{thm}#{reading}": (fo.abp(mix, full_support=False), CHANNELS)
       for thm in ("s000.thm.5.4", "s000.thm.B.1", "s000.eq.1") for reading, mix in ABP.items()},
    "s000.claim.B1-js-le-weighted-tv": (fo.b1_step("js-le-tvlog"), CHANNELS),
    "s000.claim.B1-ratio-step": (fo.b1_step("ratio-step"), CHANNELS),
    "s000.claim.B1-eq-7-8": (fo.b1_step("log-A-over-B"), CHANNELS),
    "s000.claim.B1-eq-9": (fo.b1_step("log-M-over-B"), CHANNELS),
    "s000.claim.B1-final-step": (fo.b1_step("final-step"), CHANNELS),
    "s000.claim.B1-l1-step": (fo.b1_step("l1"), CHANNELS),
    "s000.lem.C.1#eps-le-1": (fo.chernoff(), CHERNOFF),
    "s000.thm.D.1#raw-estimate": (fo.estimate_gap(False, "C1", 1), ESTIMATES),
    "s000.thm.D.2#raw-estimate": (fo.estimate_gap(False, "eps_p", F(3, 2)), ESTIMATES),
    "s000.thm.D.1#normalised-estimate": (fo.estimate_gap(True, "C1", 1), ESTIMATES),
    "s000.thm.D.2#normalised-estimate": (fo.estimate_gap(True, "eps_p", F(3, 2)), ESTIMATES),
    "s000.eq.11#common-w-star": (fo.xi_at_w_star("common", full_support=False), IDENTICAL + CHANNELS[:4]),
    "s000.eq.18#common-w-star": (fo.xi_at_w_star("common", full_support=False), IDENTICAL + CHANNELS[:4]),
    "s000.claim.assumption-D.1-forces-xi-zero": (fo.forces_xi_zero, IDENTICAL + NEAR_IDENTICAL + CHANNELS[:4]),
}

# claim id -> oracle; every claim listed here is false
FALSE = {
    "s000.lem.C.1": fo.chernoff(),
    "s000.eq.11#w-star-per-secret": fo.xi_at_w_star("per-d", full_support=False),
    "s000.eq.18#w-star-per-secret": fo.xi_at_w_star("per-d", full_support=False),
}


_claim_sides = oracle_check.claim_sides
_compare = oracle_check.compare


# ----------------------------------------------------------------------------- true statements
@pytest.mark.parametrize("cid", sorted(TRUE))
def test_true_statement_against_oracle(cid):
    oracle, cases = TRUE[cid]
    oracle_check.check_true_statement(BY_ID[cid], oracle, cases)


def _distribution(n, zeros=False):
    return st.lists(st.integers(0 if zeros else 1, 20), min_size=n, max_size=n).filter(sum).map(
        lambda w: [F(x, sum(w)) for x in w])


@st.composite
def exact_abp_cases(draw):
    n, m = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    return {"prior": draw(_distribution(n)), "K": [draw(_distribution(m, zeros=True)) for _ in range(n)],
            "belief": draw(_distribution(n)), "law": draw(_distribution(m)), "secret": draw(st.integers(0, n - 1))}


PROPERTY_IDS = ["s000.lem.5.1", "s000.lem.5.2", "s000.def.4.2", "s000.thm.5.4#mix-at-true-secret",
                "s000.thm.5.4#mix-marginal", "s000.claim.B1-js-le-weighted-tv", "s000.claim.B1-final-step"]


@settings(max_examples=60, deadline=None)
@given(exact_abp_cases())
def test_true_statements_on_random_exact_channels(case):
    # channels with zero entries included: infinite levels, outputs that some secret never produces
    for cid in PROPERTY_IDS:
        claim = BY_ID[cid]
        out = _compare(claim, TRUE[cid][0], case)
        if out is not None and out[2]:
            assert fo.holds(RELATION[type(claim.statement)], out[0], out[1]), (cid, out, case)


# ----------------------------------------------------------------------------- false statements
@pytest.mark.parametrize("cid", sorted(FALSE))
def test_false_statement_engine_counterexample_recomputed(cid):
    oracle_check.check_counterexample(BY_ID[cid], FALSE[cid])


def test_lemma_c1_needs_eps_above_one():
    # the engine's counterexample lies outside the Chernoff range ε ≤ 1, where the corrected statement holds
    r = check_claim(BY_ID["s000.lem.C.1"], seconds=120, seed=0, max_examples=1500)
    case = fo.exact_objects(r.counterexample["objects"])
    assert case["epsilon"] > 1
    lhs, rhs, _ = fo.chernoff()({**case, "epsilon": F(1)})
    assert fo.holds(">=", lhs, rhs)


def test_lemma_c1_counterexample_by_hand():
    # T = 4, κ1 = 1/12, ε = 10: the event fails only when all four trials succeed
    case = {"T": 4, "kappa_1": F(1, 12), "epsilon": F(10)}
    lhs, rhs, ok = _claim_sides(BY_ID["s000.lem.C.1"], case)
    assert ok
    assert fo.encloses(lhs, F(1) - F(1, 12) ** 4)
    assert fo.encloses(rhs, 1 - 2 * fo.MP.exp(fo.MP.mpf(-100 * 4) / 36))
    assert 1 - (1 / 12) ** 4 < 1 - 2 * math.exp(-100 * 4 / 12 / 3)
    assert float(rhs.lower()) > float(lhs.upper())


def test_eq_11_per_secret_counterexample_by_hand():
    # marginal (1/2, 1/2), posterior/prior ratios (9/5, 1/5), (1/5, 9/5), (1, 1): ξ = log 5 (from the ratios
    # below 1), while each secret's own maximiser w*_d gives 9/5, 9/5, 1: max_d |log| = log(9/5)
    K = [[F(9, 10), F(1, 10)], [F(1, 10), F(9, 10)], [F(1, 2), F(1, 2)]]
    prior = [F(1, 3)] * 3
    lhs, rhs, ok = _claim_sides(BY_ID["s000.eq.11#w-star-per-secret"], {"prior": prior, "K": K})
    assert ok and fo.encloses(lhs, fo.log(F(5))) and fo.encloses(rhs, fo.log(F(9, 5)))


def test_lemma_5_2_constant_two_is_attained():
    # uniform prior on 3 secrets: posterior/prior on output 0 is (2, 1/2, 1/2), so ξ = log 2,
    # and the likelihood ratio 4 on that output makes the LDP level exactly 2ξ
    K = [[F(1, 2), F(1, 2)], [F(1, 8), F(7, 8)], [F(1, 8), F(7, 8)]]
    lhs, rhs, ok = _claim_sides(BY_ID["s000.lem.5.2"], {"K": K})
    assert ok and fo.encloses(lhs, fo.log(F(4))) and fo.encloses(rhs, 2 * fo.log(F(2)))
    assert fo.mbp_ratio(K, fo.uniform(3)) == 2 and fo.ldp_ratio(K) == 4


def test_theorem_5_4_marginal_reading_gives_prior():
    # F^A under the marginal law of w is f_D itself (law of total probability): ε_pa = √JS(f_D‖f^B)
    case = {"prior": [F(2, 5), F(3, 5)], "K": [[F(7, 10), F(3, 10)], [F(1, 5), F(4, 5)]],
            "belief": [F(1, 2), F(1, 2)], "law": [F(1, 2), F(1, 2)], "secret": 0}
    assert fo.belief_after(case["K"], case["prior"], fo.marginal(case["K"], case["prior"])) == case["prior"]
    lhs, _, _ = _claim_sides(BY_ID["s000.thm.5.4#mix-marginal"], case)
    assert fo.encloses(lhs, fo.MP.sqrt(fo.js(case["prior"], case["belief"])))


def test_assumption_d1_forces_identical_rows():
    # a common maximiser w* of the posterior/prior ratio for every d forces ratio ≡ 1: ξ = 0
    c = BY_ID["s000.eq.11#common-w-star"]
    K = [[F(1, 5), F(1, 2), F(3, 10)]] * 3
    lhs, rhs, ok = _claim_sides(c, {"prior": [F(1, 5), F(3, 10), F(1, 2)], "K": K})
    assert ok and fo.encloses(lhs, 0) and fo.encloses(rhs, 0)
    _, _, ok = _claim_sides(c, {"prior": [F(1, 2), F(1, 2)], "K": [[F(3, 5), F(2, 5)], [F(3, 10), F(7, 10)]]})
    assert not ok  # distinct rows: no common w*, the hypothesis fails


@pytest.mark.parametrize("cid", ["s000.lem.C.1#eps-le-1", "s000.lem.5.1", "s000.thm.5.4#mix-any-law"])
def test_engine_does_not_refute_true_statements(cid):
    # true by the oracle above (and by the proof): a short search must not report a violation
    assert check_claim(BY_ID[cid], cases=300, seed=3).verdict == "holds"


@pytest.mark.parametrize("cid", ["s000.eq.11#w-star-per-secret", "s000.eq.18#w-star-per-secret"])
def test_eq_11_and_18_primary_reading_violated_and_certified_by_the_engine(cid):
    """The per-secret w* is the primary reading (one common w* forces ξ = 0): the engine finds and certifies a
    channel where ξ of Definition 4.2 exceeds max_d |log ratio(d, w*_d)| (a ratio below 1 sets ξ, and no w*_d
    maximiser sees it); recomputed here from the exact objects."""
    r = check_claim(BY_ID[cid], cases=30, seed=0)
    assert r.verdict == "violated"
    objects = r.counterexample["objects"]
    prior, K = [F(x) for x in objects["prior"]], [[F(x) for x in row] for row in objects["K"]]
    marg = [sum(p * row[w] for p, row in zip(prior, K)) for w in range(len(K[0]))]
    ratios = [[row[w] / marg[w] for w in range(len(marg)) if marg[w]] for p, row in zip(prior, K) if p]
    xi = max(abs(math.log(x)) for row in ratios for x in row)
    at_w_star = max(abs(math.log(max(row))) for row in ratios)
    assert xi > at_w_star + 0.1
    lo, hi = (float(x) for x in r.counterexample["lhs"].strip("[]").split(","))
    assert lo <= xi <= hi or abs(xi - lo) < 1e-12
