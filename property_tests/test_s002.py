"""Seed 002 (Zhang & Chen, bridging privacy and robustness): every statement against an oracle written
from the definitions (finite_oracle: Fractions and mpmath, no code shared with the claims).

False statements: the engine returns `violated` and its exact counterexample, re-evaluated by the oracle,
breaks the relation by a margin the oracle's rounding cannot explain; the catalog's counterexamples are
checked against values worked out by hand. True statements: at fixed exact cases both certified sides of
the claim enclose the oracle's values, and those satisfy the relation.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import finite_oracle as fo
import oracle_check
from mechanisms.finite import robustness as rob
from proofcheck.claims.s002 import CLAIMS
from proofcheck.measures import CERTIFIED, FLOAT
from proofcheck.numerics import lower, upper
from proofcheck.strategies import channels, priors, sized

F = Fraction
BY_ID = {c.id: c for c in CLAIMS}
RELATION = oracle_check.RELATION

# ln 2 and friends to 30 digits, for membership tests of certified enclosures
LN2 = 0.693147180559945309417232121458
LN5 = 1.60943791243410037460075933323

CHANNELS = fo.channel_cases()
BINARY_ROWS = [c for c in CHANNELS if len(c["K"]) in (2, 4)]  # datasets {0,1}^b index the rows
IDENTICAL = fo.identical_row_cases()
NEAR_IDENTICAL = fo.near_identical_row_cases()
ESTIMATES = fo.estimator_cases()
CHERNOFF = fo.chernoff_cases()
XI_N = [{"xi": F(x), "n": F(n)} for x, n in ((0, 1), (F(1, 10), 2), (1, 3), (F(5, 2), 10), (7, 1000))]
EPS_GAMMA = [{"epsilon": F(e), "gamma": F(g)} for e, g in ((0, F(1, 2)), (F(1, 3), F(1, 10)), (1, 1), (F(7, 8), F(99, 100)))]


def _ldp(c):
    return fo.ldp_level(c["K"])


def _two_mbp_uniform(c):
    x = fo.mbp_level(c["K"], fo.uniform(len(c["K"])))
    return 2 * x


def _ldp_plus_pairwise(c):
    return fo.add(fo.ldp_level(c["K"]), fo.pairwise_closeness(c["prior"]))


CLOSENESS = {"pairwise-ratio": fo.pairwise_closeness, "vs-uniform": fo.closeness_to_uniform, "tv": fo.tv_to_uniform}
ABP_READINGS = {  # reading -> (mixing law of w, prior the posterior is built from, JS in bits)
    "mix-at-true-secret": ("secret", "true", False), "mix-marginal": ("marginal", "true", False),
    "mix-marginal-attacker": ("marginal-attacker", "true", False), "mix-arbitrary": ("law", "true", False),
    "mix-at-true-secret.post-attacker": ("secret", "attacker", False),
    "mix-marginal.post-attacker": ("marginal", "attacker", False),
    "mix-marginal-attacker.post-attacker": ("marginal-attacker", "attacker", False),
    "mix-arbitrary.post-attacker": ("law", "attacker", False),
    "mix-at-true-secret.log-bits": ("secret", "true", True),
}
B1_STEPS = {"s002.claim.B1-js-as-kl": "js-as-kl", "s002.claim.B1-amgm": "ratio-step",
            "s002.claim.B1-js-abs-bound": "js-le-tvlog", "s002.eq.8": "chain-up", "s002.eq.12": "chain-up",
            "s002.eq.9": "chain-down", "s002.eq.13": "chain-down", "s002.claim.B1-logratio-AB": "log-A-over-B",
            "s002.eq.10": "log-M-over-B", "s002.eq.14": "log-M-over-B", "s002.eq.10+sharp": "log-M-over-B-sharp",
            "s002.claim.B1-final-step": "final-step", "s002.claim.B1-final-js": "final-js",
            "s002.claim.B1-l1-bound": "l1"}
ESTIMATE_READINGS = {"s002.thm.G.1#{}": ("C1", 1), "s002.thm.G.2#eps-tilde-2C1.{}": ("eps_p", F(3, 2)),
                     "s002.thm.G.2#eps-C1.{}": ("C1", F(3, 2))}


def _secret_js(c):
    return fo.MP.sqrt(fo.js(fo.f_a(c), c["belief"]))


# claim id -> (oracle, cases); every statement listed here is true
TRUE = {
    # definitions: both routes of the claim against the one definition
    "s002.def.IV.1": (fo.with_full_support(fo.identity(_secret_js)), CHANNELS),
    "s002.claim.rem-js-discrete": (fo.identity(lambda c: fo.js(c["p"], c["q"])), CHANNELS),
    "s002.claim.abp-range": (fo.abp_range, CHANNELS),
    "s002.claim.FA-marginal-is-prior": (fo.with_full_support(fo.identity(
        lambda c: fo.MP.sqrt(fo.js(c["prior"], c["belief"])))), CHANNELS),
    "s002.def.IV.3": (fo.identity(lambda c: fo.mbp_level(c["K"], c["prior"])), CHANNELS),
    "s002.eq.23": (fo.identity(lambda c: fo.mbp_level(c["K"], c["prior"])), CHANNELS),
    "s002.def.IV.4": (fo.miss_probability(lambda c: [int(c["secret"])]), CHANNELS),
    "s002.def.IV.6": (fo.miss_probability(lambda c: [d for d in range(len(c["K"])) if d != int(c["secret"])]), CHANNELS),
    "s002.def.IV.7": (fo.identity(lambda c: fo.ldp_level(c["K"])), CHANNELS),
    "s002.claim.ldp-set-vs-pointwise": (fo.ldp_pair, CHANNELS),
    "s002.eq.1": (fo.argmax_code("prior"), CHANNELS),
    "s002.eq.27#post-attacker": (fo.argmax_code("belief"), CHANNELS),
    # LDP <-> MBP
    **{cid: (fo.mbp_le_ldp(prior=None), CHANNELS)
       for cid in ("s002.lem.IV.1", "s002.thm.IV.3.i", "s002.lem.A.1", "s002.thm.A.3.i")},
    **{cid: (fo.ldp_le_2mbp(prior=None), CHANNELS)
       for cid in ("s002.lem.IV.2", "s002.thm.IV.3.ii", "s002.lem.A.2", "s002.thm.A.3.ii")},
    **{cid: (fo.mbp_le_ldp(), CHANNELS)
       for cid in ("s002.lem.IV.1+sharp", "s002.lem.C.1#as-printed-xi", "s002.table.II.i")},
    **{cid: (fo.ldp_le_2mbp(), CHANNELS)
       for cid in ("s002.lem.IV.2+sharp", "s002.lem.C.2#display-2xi", "s002.table.II.ii")},
    **{f"{thm}.i#{r}": (fo.mbp_le_ldp(closeness_of=close), CHANNELS)
       for thm in ("s002.thm.IV.4", "s002.thm.C.3") for r, close in CLOSENESS.items()},
    **{f"{thm}.ii#{r}": (fo.ldp_le_2mbp(closeness_of=close), CHANNELS)
       for thm in ("s002.thm.IV.4", "s002.thm.C.3") for r, close in CLOSENESS.items()},
    "s002.lem.C.1#proof-xi-plus-eps": (fo.mbp_le_ldp(closeness_of=fo.pairwise_closeness), CHANNELS),
    "s002.lem.C.2#text-2xi-plus-eps": (fo.ldp_le_2mbp(closeness_of=fo.pairwise_closeness), CHANNELS),
    # the steps of the proofs in Appendices A and C
    "s002.claim.A1-bayes-ratio": (fo.likelihood_ratio_at, CHANNELS),
    "s002.claim.A1-post-ratio": (fo.bracket_max(False, _ldp), CHANNELS),
    "s002.claim.A1-post-lower": (fo.posterior_extreme("min"), CHANNELS),
    "s002.claim.A1-post-upper": (fo.posterior_extreme("max"), CHANNELS),
    "s002.claim.A1-post-upper-by-e-xi-over-n": (fo.upper_by_e_xi_over_n, XI_N),
    "s002.claim.A1-upper-mbp": (fo.log_ratio_max("max", _ldp, prior=None), CHANNELS),
    "s002.claim.A1-lower-mbp": (fo.log_ratio_max("neg", _ldp, prior=None), CHANNELS),
    "s002.eq.7.i": (fo.posterior_ratio_at_over_prior, CHANNELS),
    "s002.eq.7.ii": (fo.log_ratio_max("max", _ldp, prior=None), CHANNELS),
    "s002.claim.A2-chain": (fo.bracket_max(True, _two_mbp_uniform, prior=None), CHANNELS),
    "s002.claim.C1-bayes-bound": (fo.bracket_max(True, _ldp), CHANNELS),
    "s002.claim.C1-post-ratio": (fo.posterior_log_ratio_max, CHANNELS),
    "s002.claim.C1-post-lower": (fo.posterior_extreme("min", prior="prior", with_closeness=True), CHANNELS),
    "s002.claim.C1-post-upper": (fo.posterior_extreme("max", prior="prior", with_closeness=True), CHANNELS),
    "s002.claim.C1-upper-mbp": (fo.log_ratio_max("max", _ldp_plus_pairwise), CHANNELS),
    "s002.claim.C1-lower-mbp": (fo.log_ratio_max("neg", _ldp), CHANNELS),
    "s002.eq.11": (fo.log_ratio_max("max", _ldp_plus_pairwise), CHANNELS),
    "s002.claim.C2-chain": (fo.c2_chain, CHANNELS),
    # MBP -> ABP, every reading of the mixing law and of the posterior, and the proof's steps
    **{f"{thm}#{r}": (fo.abp(*ABP_READINGS[r]), CHANNELS)
       for thm in ("s002.thm.IV.5", "s002.thm.IV.6", "s002.thm.B.1", "s002.thm.D.1") for r in ABP_READINGS},
    **{cid: (fo.b1_step(step, full_support=True), CHANNELS) for cid, step in B1_STEPS.items()},
    "s002.table.II.iii": (fo.abp_from_mbp_only, CHANNELS),
    # PAC robustness: the readings that hold, the corrected constant, the steps of the proof
    "s002.thm.IV.7#acc-all-secrets": (fo.pac("acc-all-secrets", "IV.7"), CHANNELS),
    "s002.thm.E.1#acc-all-secrets": (fo.pac("acc-all-secrets", "E.1"), CHANNELS),
    "s002.thm.IV.7#acc-avg-prior.eps-le-1": (fo.pac("acc-avg-prior", "IV.7", eps_le_1=True), CHANNELS),
    "s002.thm.E.1#acc-avg-prior.eps-le-1": (fo.pac("acc-avg-prior", "E.1", eps_le_1=True), CHANNELS),
    "s002.thm.IV.7+corrected#acc-at-true-secret": (fo.pac("acc-at-true-secret", "corrected"), CHANNELS),
    "s002.thm.E.1+corrected#acc-at-true-secret": (fo.pac("acc-at-true-secret", "corrected"), CHANNELS),
    "s002.eq.18": (fo.pac("acc-at-true-secret", "corrected"), CHANNELS),
    "s002.eq.19": (fo.eq19, CHANNELS),
    "s002.eq.22": (fo.eq22, EPS_GAMMA),
    "s002.claim.IV.7-prose#group-privacy": (fo.group_privacy("group-privacy"), BINARY_ROWS),
    "s002.claim.IV.7-prose#whole-dataset-mbp": (fo.group_privacy("whole-dataset-mbp"), BINARY_ROWS),
    # estimators
    "s002.lem.F.1#eps-le-1": (fo.chernoff(), CHERNOFF),
    "s002.lem.F.1#binomial-MST.eps-le-1": (fo.chernoff(total_trials=lambda c: int(c["T"]) * int(c["M"]) * int(c["S"])),
                                           CHERNOFF),
    **{pattern.format(r): (fo.estimate_gap(r == "normalised-estimate", which, factor), ESTIMATES)
       for pattern, (which, factor) in ESTIMATE_READINGS.items() for r in ("raw-estimate", "normalised-estimate")},
    "s002.claim.C1hat-nonneg": (fo.c1_hat_nonneg, ESTIMATES),
    "s002.claim.G-leakage-formula+corrected": (fo.leakage("lower"), CHANNELS),
    "s002.claim.kappa1-unbiased": (fo.kappa1_expectation, CHANNELS),
    # Eq. (24) / (31) under Assumption G.1
    "s002.eq.24#wstar-common": (fo.xi_at_w_star("common"), IDENTICAL + CHANNELS[:4]),
    "s002.eq.31#wstar-common": (fo.xi_at_w_star("common"), IDENTICAL + CHANNELS[:4]),
    "s002.eq.24#wstar-is-argmax-of-abs": (fo.xi_at_w_star("argmax-of-abs"), CHANNELS),
    "s002.eq.31#wstar-is-argmax-of-abs": (fo.xi_at_w_star("argmax-of-abs"), CHANNELS),
    "s002.claim.assumption-G.1-forces-xi-zero": (fo.forces_xi_zero, IDENTICAL + NEAR_IDENTICAL + CHANNELS[:4]),
}

def _beta(c):
    return fo.mpf(c["beta"])


def _exp_2eps(c):
    return fo.MP.exp(2 * fo.mpf(c["epsilon"]))


def _quadratic(c):
    """1 + 2ε + 4ε² (Eq. (20))."""
    return fo.mpf(1 + 2 * c["epsilon"] + 4 * c["epsilon"] ** 2)


def _linear(c):
    """1 + 4ε (Eq. (21))."""
    return fo.mpf(1 + 4 * c["epsilon"])


# claim id -> oracle; every statement listed here is false
FALSE = {
    **{f"s002.thm.{t}#{acc}{suffix}": fo.pac(acc, t, eps_le_1=bool(suffix))
       for t in ("IV.7", "E.1") for acc, suffix in (("acc-at-true-secret", ""), ("acc-avg-prior", ""),
                                                     ("acc-at-true-secret", ".eps-le-1"))},
    "s002.eq.20": fo.real_inequality(lambda c: _beta(c) * _exp_2eps(c), lambda c: _beta(c) * _quadratic(c)),
    "s002.eq.21": fo.real_inequality(lambda c: _beta(c) * _quadratic(c), lambda c: _beta(c) * _linear(c)),
    "s002.claim.E1-combined": fo.real_inequality(_exp_2eps, _linear),
    "s002.lem.F.1": fo.chernoff(),
    "s002.lem.F.1#binomial-MST": fo.chernoff(total_trials=lambda c: int(c["T"]) * int(c["M"]) * int(c["S"])),
    "s002.claim.G-leakage-formula#upper": fo.leakage("upper"),
    "s002.eq.24#wstar-per-d": fo.xi_at_w_star("per-d"),
    "s002.claim.larger-xi-stronger": lambda c: (fo.mbp_level(c["K"], c["prior"]), fo.mpf(c["xi_1"]),
                                                fo.mpf(c["xi_1"]) < fo.mbp_level(c["K"], c["prior"]) < fo.INF),
    "s002.claim.C1-last-step": lambda c: (fo.exp(_ldp_plus_pairwise(c)) / len(c["K"]),
                                          fo.exp(_ldp_plus_pairwise(c)) * fo.mpf(min(c["prior"])), min(c["prior"]) > 0),
    "s002.eq.31#wstar-per-d": fo.xi_at_w_star("per-d"),
}


_claim_sides = oracle_check.claim_sides


def _contains(ball, x):
    return lower(ball) <= x <= upper(ball)


# ----------------------------------------------------------------------------- true statements
@pytest.mark.parametrize("cid", sorted(TRUE))
def test_true_statement_against_oracle(cid):
    oracle, cases = TRUE[cid]
    oracle_check.check_true_statement(BY_ID[cid], oracle, cases)


# ----------------------------------------------------------------------------- false statements: the engine's counterexamples
@pytest.mark.parametrize("cid", sorted(FALSE))
def test_engine_counterexample_recomputed_by_oracle(cid):
    oracle_check.check_counterexample(BY_ID[cid], FALSE[cid])


# ----------------------------------------------------------------------------- the catalog's counterexamples, by hand
TIGHT_3X2 = {"prior": [F(1) / 3] * 3, "K": [[F(1, 100), F(99, 100)], [F(4, 100), F(96, 100)], [F(1, 100), F(99, 100)]],
             "secret": 0, "U": [0]}
AVG_PRIOR = {"prior": [F(999, 1000), F(1, 1000)], "K": [[F(1, 100), F(99, 100)], [F(1, 2), F(1, 2)]],
             "secret": 0, "U": [0]}


@pytest.mark.parametrize("cid", ["s002.thm.IV.7#acc-at-true-secret", "s002.thm.IV.7#acc-at-true-secret.eps-le-1",
                                 "s002.thm.E.1#acc-at-true-secret", "s002.thm.E.1#acc-at-true-secret.eps-le-1"])
def test_iv7_uniform_prior_counterexample(cid):
    # K[1,U] = 1/25 > γ = (1 + 4 ln 2)/100, with ε = ln 2 ≤ 1 and the uniform prior
    lhs, rhs, ok = _claim_sides(BY_ID[cid], TIGHT_3X2)
    assert ok and upper(rhs) < lower(lhs)
    assert _contains(lhs, 0.04)
    assert _contains(rhs, (1 + 4 * LN2) / 100)
    assert abs(float(rhs.mid()) - 0.0377258872223978123766892848583) < 1e-15


@pytest.mark.parametrize("cid", ["s002.thm.IV.7+corrected#acc-at-true-secret", "s002.thm.E.1+corrected#acc-at-true-secret"])
def test_iv7_corrected_is_attained_by_the_tight_example(cid):
    # e^{2 ln 2}/100 = 4/100 = K[1,U]: equality, so the corrected constant cannot be lowered
    lhs, rhs, ok = _claim_sides(BY_ID[cid], TIGHT_3X2)
    assert ok and _contains(lhs, 0.04) and _contains(rhs, 0.04)


def test_iv7_tight_example_levels():
    K, prior = TIGHT_3X2["K"], TIGHT_3X2["prior"]
    assert fo.mbp_ratio(K, prior) == 2 and fo.ldp_ratio(K) == 4
    assert _contains(CERTIFIED.mbp_level(K, prior), LN2)
    assert _contains(CERTIFIED.ldp_level(K), 2 * LN2)
    # Lemma IV.2 is tight there: LDP level = 2 × MBP level
    lhs, rhs, _ = _claim_sides(BY_ID["s002.lem.IV.2"], {"K": K})
    assert _contains(lhs, 2 * LN2) and _contains(rhs, 2 * LN2)


@pytest.mark.parametrize("cid", ["s002.thm.IV.7#acc-avg-prior", "s002.thm.E.1#acc-avg-prior"])
def test_iv7_avg_prior_counterexample(cid):
    lhs, rhs, ok = _claim_sides(BY_ID[cid], AVG_PRIOR)
    assert ok and upper(rhs) < lower(lhs)
    assert _contains(lhs, 0.5)
    eps = math.log(50000 / 1049)
    assert _contains(rhs, (1 + 4 * eps) * 1049 / 100000)
    assert abs(float(rhs.mid()) - 0.1726312) < 1e-6


def test_iv7_avg_prior_needs_eps_above_one():
    # the same case is outside the eps-le-1 reading (ε = ln(50000/1049) ≈ 3.864)
    assert fo.mbp_ratio(AVG_PRIOR["K"], AVG_PRIOR["prior"]) == F(50000, 1049)
    _, _, ok = _claim_sides(BY_ID["s002.thm.IV.7#acc-avg-prior.eps-le-1"], AVG_PRIOR)
    assert not ok


@pytest.mark.parametrize("cid, case, lhs_val, rhs_val", [
    ("s002.eq.20", {"epsilon": F(1), "beta": F(1)}, math.exp(2), 7.0),
    ("s002.eq.20", {"epsilon": F(9, 10), "beta": F(1)}, math.exp(1.8), 6.04),
    ("s002.eq.21", {"epsilon": F(3, 4), "beta": F(1)}, 4.75, 4.0),
    ("s002.claim.E1-combined", {"epsilon": F(1)}, math.exp(2), 5.0),
])
def test_e1_proof_steps_fail(cid, case, lhs_val, rhs_val):
    lhs, rhs, ok = _claim_sides(BY_ID[cid], case)
    assert ok and upper(rhs) < lower(lhs)
    assert abs(float(lhs.mid()) - lhs_val) < 1e-12 and abs(float(rhs.mid()) - rhs_val) < 1e-12


def test_e1_steps_hold_where_the_proof_needs_them():
    # e^{2ε} ≤ 1+2ε+4ε² until ε ≈ 0.8966; (21) until ε = 1/2; e^{2ε} ≤ 1 + 4ε until ε ≈ 0.6282
    for cid, eps in (("s002.eq.20", F(89, 100)), ("s002.eq.21", F(1, 2)), ("s002.claim.E1-combined", F(62, 100))):
        lhs, rhs, ok = _claim_sides(BY_ID[cid], {"epsilon": eps, "beta": F(1)})
        assert ok and upper(lhs) <= lower(rhs), cid
    lhs, rhs, _ = _claim_sides(BY_ID["s002.claim.E1-combined"], {"epsilon": F(63, 100)})
    assert upper(rhs) < lower(lhs)


def test_lemma_f1_catalog_counterexample():
    # X ~ Bin(20, 1/20), ε = 7: P(|X/20 − 1/20| > 7/20) = P(X ≥ 9) > 2 exp(−49/3)
    case = {"T": 20, "kappa_1": F(1, 20), "epsilon": F(7)}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.lem.F.1"], case)
    assert ok and upper(lhs) < lower(rhs)
    tail = sum(math.comb(20, k) * F(1, 20) ** k * F(19, 20) ** (20 - k) for k in range(9, 21))
    assert abs(float(tail) - 1.9793381083193462e-7) < 1e-20
    assert fo.encloses(lhs, 1 - tail)
    assert fo.encloses(rhs, 1 - 2 * fo.MP.exp(fo.MP.mpf(-49) / 3))
    assert float(tail) > 2 * math.exp(-49 / 3) == pytest.approx(1.6126995245448218e-7, rel=1e-12)
    # restricted to ε ≤ 1 it holds at the same (T, κ1)
    lhs, rhs, ok = _claim_sides(BY_ID["s002.lem.F.1#eps-le-1"], {**case, "epsilon": F(1)})
    assert ok and upper(rhs) < lower(lhs)


def test_eq24_per_d_counterexample():
    case = {"prior": [F(1, 2), F(1, 2)], "K": [[F(9, 10), F(1, 10)], [F(1, 10), F(9, 10)]]}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.eq.24#wstar-per-d"], case)
    assert ok and upper(rhs) < lower(lhs)
    assert _contains(lhs, LN5) and _contains(rhs, math.log(9 / 5))
    # the argmax-of-|log| reading gives ln 5 back
    lhs, rhs, ok = _claim_sides(BY_ID["s002.eq.24#wstar-is-argmax-of-abs"], case)
    assert _contains(rhs, LN5)


def _xi_by_hand(prior, K):
    """(ratio of ξ (23), ratio read at each secret's own w*_d): ξ (23) = |log r| at the ratio r = f(d|w)/f(d) farthest
    from 1 (compared as max(r, 1/r)); (24) per secret = log of max_d max_w r(d, w) (each max_w r ≥ 1)."""
    marg = [sum(p * row[w] for p, row in zip(prior, K)) for w in range(len(K[0]))]
    r = {(d, w): K[d][w] / marg[w] for d in range(len(K)) for w in range(len(marg))}
    far = max(r.values(), key=lambda x: max(x, 1 / x))
    per_d = max(max(r[(d, w)] for w in range(len(marg))) for d in range(len(K)))
    return (far if far >= 1 else 1 / far), per_d


# Eqs. (24)/(31) at a counted budget of 30 cases, seed 0: the engine's own certified witnesses, recomputed by hand.
# ξ (23) is the log of a ratio BELOW 1 (f(d|w) < f(d)), which no maximiser of (29) sees.
EQ24_WITNESSES = {
    "s002.eq.24": ({"prior": ["2/3", "1/3"], "K": [["2/3", "1/3"], ["1/3", "2/3"]]}, F(5, 3), F(3, 2)),
    "s002.eq.31": ({"prior": ["1/2", "1/2"], "K": [["1/2", "1/2"], ["1/100", "99/100"]]}, F(51, 2), F(100, 51)),
}


@pytest.fixture(scope="module")
def eq24_statements():
    """Statement records of Eqs. (24) and (31) from every reading checked by the engine (cases=30, seed 0)."""
    from proofcheck.runs.engine import check_claim
    from proofcheck.report import statement_records

    pairs = [(c, check_claim(c, cases=30, seed=0)) for c in CLAIMS if c.statement_id in EQ24_WITNESSES]
    return {st["id"]: st for st in statement_records(pairs)}


@pytest.mark.parametrize("sid", sorted(EQ24_WITNESSES))
def test_eq24_and_eq31_are_violated_under_their_primary_reading(sid, eq24_statements):
    st = eq24_statements[sid]
    assert st["verdict"] == "violated" and st["primary"]["id"] == f"{sid}#wstar-per-d"
    assert not st["primary_degenerate"] and st["warnings"] == []
    by_reading = {r["reading"]: r for r in st["readings"]}
    assert by_reading["wstar-per-d"]["verdict"] == "violated"
    assert by_reading["wstar-common"]["verdict"] == "holds" and "forces-xi-zero" in by_reading["wstar-common"]["forces_degenerate"]
    assert by_reading["wstar-is-argmax-of-abs"]["vacuous"] and not by_reading["wstar-is-argmax-of-abs"]["forces_degenerate"]
    # the engine's certified counterexample, exact objects, recomputed by hand
    objects, r23, r24 = EQ24_WITNESSES[sid]
    cx = st["counterexample"]
    assert cx["objects"] == objects and cx["relation"] == "="
    prior = [F(x) for x in objects["prior"]]
    K = [[F(x) for x in row] for row in objects["K"]]
    assert _xi_by_hand(prior, K) == (r23, r24)
    lo, hi = (fo.MP.mpf(x) for x in cx["lhs"].strip("[]").split(", "))
    lo2, hi2 = (fo.MP.mpf(x) for x in cx["rhs"].strip("[]").split(", "))
    xi23, xi24 = fo.MP.log(fo.mpf(r23)), fo.MP.log(fo.mpf(r24))
    assert lo <= xi23 <= hi and lo2 <= xi24 <= hi2
    assert hi2 < lo  # disjoint enclosures: ξ (23) is certainly above ξ read at each secret's w*_d
    assert float(cx["certificate"]["gap_lower_bound"]) > 0.1
    assert (round(float(xi23), 4), round(float(xi24), 4)) == {"s002.eq.24": (0.5108, 0.4055),
                                                             "s002.eq.31": (3.2387, 0.6733)}[sid]


def test_eq24_common_wstar_identical_rows():
    case = {"prior": [F(1, 3), F(2, 3)], "K": [[F(1, 4), F(3, 4)], [F(1, 4), F(3, 4)]]}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.eq.24#wstar-common"], case)
    assert ok and _contains(lhs, 0.0) and _contains(rhs, 0.0)
    # a channel with distinct rows has no common w*: outside the reading's domain
    case = {"prior": [F(1, 2), F(1, 2)], "K": [[F(9, 10), F(1, 10)], [F(1, 10), F(9, 10)]]}
    from proofcheck.stages.evaluation import Outside

    with pytest.raises(Outside, match="w\\*"):
        _claim_sides(BY_ID["s002.eq.24#wstar-common"], case)


def test_leakage_formula_upper_counterexample():
    case = {"prior": [F(1, 2), F(1, 2)], "K": [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]],
            "law_O": [F(1), F(0)], "law_D": [F(1, 2), F(1, 2)]}
    claim = BY_ID["s002.claim.G-leakage-formula#upper"]
    lhs, rhs, ok = _claim_sides(claim, case)
    assert ok and upper(rhs) < lower(lhs)
    assert _contains(lhs, 0.0)  # F^A = f_D exactly
    # C1 = √JS((3/4, 1/4)‖(1/2, 1/2)) = 0.183908; ξ = ln 2 (ratio 1/2), so C2 = (e^{2 ln 2} − 1)/2 = 3/2; TV = 1/2
    c1 = math.sqrt(0.5 * (0.75 * math.log(0.75 / 0.625) + 0.25 * math.log(0.25 / 0.375))
                   + 0.5 * (0.5 * math.log(0.5 / 0.625) + 0.5 * math.log(0.5 / 0.375)))
    assert c1 == pytest.approx(0.183908, abs=1e-6)
    assert abs(float(rhs.mid()) - (2 * c1 - 3 / 2 * 1 / 2)) < 1e-12
    assert abs(float(rhs.mid()) - (-0.382184)) < 1e-5
    # the lower bound C1 − C2·TV holds there
    lhs, rhs, ok = _claim_sides(BY_ID["s002.claim.G-leakage-formula+corrected"], case)
    assert ok and upper(rhs) < lower(lhs)


def test_eq27_argmax_sets_by_hand():
    # uninformative channel: the posterior is the prior f^B, the product K·f^B is (1/2)f^B: argmax {1} at both
    # outputs, coded 2^(1 + 2·0) + 2^(1 + 2·1) = 10 on both sides
    case = {"prior": [F(2, 3), F(1, 3)], "K": [[F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)]], "belief": [F(1, 3), F(2, 3)]}
    lhs, rhs, _ = _claim_sides(BY_ID["s002.eq.27#post-attacker"], case)
    assert _contains(lhs, 10.0) and _contains(rhs, 10.0)


def test_abp_bound_values():
    # ε_pm = ln 2, ε = 0: the bound of Theorem IV.5 is √(ln 2 · 1 / 2)
    case = {"prior": [F(1, 2), F(1, 2)], "K": [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]],
            "belief": [F(1, 2), F(1, 2)], "law": [F(1, 2), F(1, 2)], "secret": 0}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.thm.IV.5#mix-at-true-secret"], case)
    assert ok and upper(lhs) < lower(rhs)
    assert _contains(rhs, math.sqrt(LN2 / 2))
    # F^A = (5/8, 3/8) against (1/2, 1/2)
    A = [F(5, 8), F(3, 8)]
    js = sum(a * math.log(a / ((a + F(1, 2)) / 2)) + 0.5 * math.log(0.5 / ((a + F(1, 2)) / 2)) for a in A) / 2
    assert abs(float(lhs.mid()) - math.sqrt(js)) < 1e-14


# ----------------------------------------------------------------------------- a secret of prior probability 0
# The certified stage's rounding (denominator 10^6) of a tightest case of s002.claim.A1-bayes-ratio at seed 3: the
# optimiser had pushed f_D(3) to 2.1e-17, which rounds to 0, and d = 3 put it in the bracket's denominator.
# posterior_ratio raised ZeroDivisionError: Fraction(0, 0) there, and the claim ended inconclusive with an error.
ZERO_PRIOR_CASE = {
    "prior": [F(87681, 500000), F(579723, 1000000), F(48983, 200000), F(0)],
    "K": [[F(202809, 1000000), F(25351, 125000), F(25351, 125000), F(188767, 1000000), F(25351, 125000)],
          [F(107383, 500000), F(208977, 1000000), F(50111, 250000), F(50111, 250000), F(175369, 1000000)],
          [F(188961, 1000000), F(188961, 1000000), F(216199, 1000000), F(188961, 1000000), F(108459, 500000)],
          [F(212073, 1000000), F(10257, 50000), F(183941, 1000000), F(53539, 250000), F(18469, 100000)]],
    "d": 3, "d2": 1, "w": 2,
}


@pytest.mark.parametrize("cid, name", [("s002.claim.A1-bayes-ratio", "posterior_ratio"),
                                       ("s002.eq.7.i", "posterior_over_prior")])
def test_ratio_over_a_zero_prior_is_outside_the_domain(cid, name):
    from proofcheck.errors import EXCLUSIONS  # OutsideDomain, or the library's Undefined
    from proofcheck.stages.evaluation import Outside

    claim = BY_ID[cid]
    quantity = claim.quantities[name]
    assert sum(ZERO_PRIOR_CASE["prior"]) == 1 and all(sum(row) == 1 for row in ZERO_PRIOR_CASE["K"])
    # f(d|w)/f_D(d) is 0/0 at f_D(d) = 0: outside the statement's domain, on both paths, not an error of the claim
    with pytest.raises(EXCLUSIONS, match=r"f_D\(d\) = 0"):
        quantity(ZERO_PRIOR_CASE, CERTIFIED)
    fcase = {**ZERO_PRIOR_CASE, "prior": np.array([float(x) for x in ZERO_PRIOR_CASE["prior"]]),
             "K": np.array([[float(x) for x in row] for row in ZERO_PRIOR_CASE["K"]])}
    with pytest.raises(EXCLUSIONS, match=r"f_D\(d\) = 0"):
        quantity(fcase, FLOAT)
    with pytest.raises(Outside, match=r"f_D\(d\) = 0"):
        _claim_sides(claim, ZERO_PRIOR_CASE)
    # at a secret of positive prior the same case is in the domain and both sides are the exact value:
    # the bracket is K[1,2]/K[2,2] (A1), f(d|w)/f(d) = K[1,2]/f(w) (Eq. (7))
    case = {**ZERO_PRIOR_CASE, "d": 1, "d2": 2}
    K, prior = case["K"], case["prior"]
    want = K[1][2] / K[2][2] if name == "posterior_ratio" else K[1][2] / sum(p * row[2] for p, row in zip(prior, K))
    assert fo.encloses(quantity(case, CERTIFIED), want)
    lhs, rhs, ok = _claim_sides(claim, case)
    assert not ok  # f_D has a zero: the claim's full-support hypothesis leaves the case out, without an error


def test_pointwise_ldp_ratio_skips_a_zero_numerator():
    # K[0,0] = 0 < K[1,0]: that output's log ratio is −∞ and never the max (it raised 'log of ... 0' certified)
    case = {"K": [[F(0), F(1, 2), F(1, 2)], [F(1, 4), F(1, 4), F(1, 2)]], "d": 0, "d2": 1}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.claim.ldp-set-vs-pointwise"], case)
    assert ok and fo.encloses(lhs, fo.MP.log(2)) and fo.encloses(rhs, fo.MP.log(2))  # max(1/2 ÷ 1/4, 1) = 2


def test_m_over_b_with_a_zero_attacker_prior_is_outside_the_domain():
    # f^B(1) = 0 < f_D(1): no finite ε makes f^B ε-close to f_D (Theorem B.1's hypothesis), f^M/f^B is x/0
    from proofcheck.stages.evaluation import Outside

    case = {"prior": [F(1, 2), F(1, 2)], "K": [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]],
            "belief": [F(1), F(0)], "law": [F(1, 2), F(1, 2)], "secret": 0}
    with pytest.raises(Outside, match="f\\^B_D has a zero entry"):
        _claim_sides(BY_ID["s002.eq.10+sharp"], case)


# ----------------------------------------------------------------------------- mechanisms.finite.robustness
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-20, 20), min_size=2, max_size=6), st.integers(-10, 10), st.integers(0, 20),
       st.lists(st.integers(1, 50), min_size=6, max_size=6))
def test_accuracy_event_against_the_definition(points, mu, alpha, weights):
    k = len(points)
    row = [F(w, sum(weights[:k])) for w in weights[:k]]
    pts = [F(p, 4) for p in points]
    U = rob.bad_set(pts, F(mu, 4), F(alpha, 4))
    assert U == [w for w in range(k) if abs(pts[w] - F(mu, 4)) > F(alpha, 4)]
    miss = sum((row[w] for w in U), F(0))
    assert rob.event_probability(row, U) == miss
    assert rob.miss_probability_by_distance(row, pts, F(mu, 4), F(alpha, 4)) == miss


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


@settings(max_examples=100, deadline=None)
@given(sized(lambda n, m: st.tuples(priors(n), channels(n, m))))
def test_float_levels_against_exact_oracle(pk):
    # the float path's LDP and MBP levels at the exact binary values of the drawn floats
    prior, K = pk
    if prior.min() <= 0:
        return
    Kx = [[F(float(x)) for x in row] for row in K]
    px = [F(float(x)) for x in prior]
    for got, want in ((FLOAT.ldp_level(K), fo.ldp_level(Kx)), (FLOAT.mbp_level(K, prior), fo.mbp_level(Kx, px))):
        if want == fo.INF:
            assert got == math.inf
        else:
            assert got == pytest.approx(float(want), rel=1e-9, abs=1e-12)


def test_b1_steps_at_a_zero_prior_or_belief_entry_are_exact_not_errors():
    # a secret of prior probability 0: f^A(d) = 0 < f^B(d), so max_d |log f^A/f^B| is +∞ exactly; a belief
    # f^B with a zero entry leaves the proof's ratio f^M/f^B undefined: outside the domain, not an error
    from fractions import Fraction as Fr

    from proofcheck import CERTIFIED
    from proofcheck.claims.s000 import abp
    from proofcheck.errors import EXCLUSIONS

    half = [Fr(1, 2), Fr(1, 2)]
    case = {"prior": [Fr(0), Fr(1)], "K": [half, half], "belief": half, "secret": 0}
    assert abp.max_log_ratio("A")(case, CERTIFIED) is CERTIFIED.inf
    with pytest.raises(EXCLUSIONS, match="zero entry"):
        abp.weighted_tv({"prior": half, "K": [half, half], "belief": [Fr(0), Fr(1)], "secret": 0}, CERTIFIED)


# ----------------------------------------------------------------------------- Lemma C.1's last step (l.712–716)
def test_c1_last_step_witness_by_hand():
    """The engine's own witness (cases=100, seed 0): f_D = (67/100, 33/100), so 1/|D| = 1/2 > min f_D = 33/100 and the
    premise's bound e^(ξ+ε)/|D| exceeds the conclusion's e^(ξ+ε) f_D(d̃) by the factor (1/2)/(33/100) = 50/33, whatever
    ξ and ε; the conclusion itself holds there (each posterior/prior ratio is ≤ e^ξ ≤ e^(ξ+ε))."""
    from proofcheck.runs.engine import check_claim

    claim = BY_ID["s002.claim.C1-last-step"]
    r = check_claim(claim, cases=100, seed=0)
    assert r.verdict == "violated"
    objects = r.counterexample["objects"]
    assert objects == {"prior": ["67/100", "33/100"], "K": [["1/2", "1/2"], ["1/100", "99/100"]]}
    prior = [F(x) for x in objects["prior"]]
    K = [[F(x) for x in row] for row in objects["K"]]
    # e^ξ = 50 (column 0: (1/2)/(1/100)), e^ε = 67/33, by hand with fractions
    e_xi = max(max(col) / min(col) for col in zip(*K))
    e_eps = max(prior) / min(prior)
    assert (e_xi, e_eps) == (50, F(67, 33))
    premise, conclusion = e_xi * e_eps / len(K), e_xi * e_eps * min(prior)
    assert (premise, conclusion) == (F(1675, 33), F(67, 2)) and premise / conclusion == F(50, 33)
    assert fo.interval_contains(r.counterexample["lhs"], premise)
    assert fo.interval_contains(r.counterexample["rhs"], conclusion)
    # the conclusion f(d̃|w) ≤ e^(ξ+ε) f_D(d̃) holds at the same case: the largest ratio is 99/100 ÷ m(w=1)
    marg = [sum(p * row[w] for p, row in zip(prior, K)) for w in range(2)]
    ratios = [K[d][w] / marg[w] for d in range(2) for w in range(2)]
    assert max(ratios) <= e_xi * e_eps and max(ratios) == F(9900, 6617)


def test_c1_last_step_holds_under_the_uniform_prior():
    # with f_D uniform the premise's bound and the conclusion's coincide (the step of Lemma A.1, l.548)
    case = {"prior": [F(1, 3)] * 3, "K": [[F(1, 2), F(1, 2)], [F(1, 4), F(3, 4)], [F(1, 3), F(2, 3)]]}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.claim.C1-last-step"], case)
    assert ok and _contains(lhs, 2 / 3) and _contains(rhs, 2 / 3)  # e^ξ = 2, ε = 0, |D| = 3


# ----------------------------------------------------------------------------- robustness ⇒ privacy (abstract, Table III)
# The engine's certified witnesses (cases=100, seed 0; `proofcheck run` gave prior (1/2, 1/2), K the identity, t = (−1, 1),
# μ = 0, α = 3/2, and for Table III prior (3/5, 2/5), t = (0, 1/5), α = 1/5): deterministic estimators, each output a
# distinct point within α of μ(P) — α-PAC-robust with β = 0 — whose release names the input, so f(d|w) = 0 < f_D(d)
# for w ≠ d and ξ = ∞.
@pytest.mark.parametrize("cid", ["s002.claim.robust-to-private", "s002.table.III.i"])
def test_robustness_implies_privacy_is_violated(cid):
    from proofcheck.runs.engine import check_claim

    r = check_claim(BY_ID[cid], cases=100, seed=0)
    assert r.verdict == "violated"
    cx = r.counterexample
    assert cx["relation"] == ">"
    case = fo.exact_objects(cx["objects"])
    K, prior, t, mu, alpha = case["K"], case["prior"], case["t"], case["mu"], case["alpha"]
    assert all(x in (0, 1) for row in K for x in row)  # deterministic
    # robust: every input's release lies within α of μ (Definition IV.6 with β = 0), the points distinct
    assert all(abs(t[w] - mu) <= alpha for row in K for w, p in enumerate(row) if p > 0) and len(set(t)) == len(t)
    # not private: Bayes' rule by hand gives f(d|w) = 0 for w ≠ d, so the ratio e^{−ξ} is 0 and ξ = ∞
    assert fo.mbp_ratio(K, prior) == fo.INF
    assert min(fo.posterior_over_prior(K, prior).values()) == 0
    assert cx["lhs"] == "[0, 0]" and cx["rhs"] == "[0, 0]"


@pytest.mark.parametrize("n", [2, 3, 5])
def test_index_estimator_of_the_abstract(n):
    # M(d) = μ(P) + index(d)/10 with α = (n − 1)/10: robust with β = 0 at every n, and no finite ξ
    case = {"prior": fo.uniform(n), "K": [[F(int(d == w)) for w in range(n)] for d in range(n)],
            "t": [F(1, 4) + F(w, 10) for w in range(n)], "mu": F(1, 4), "alpha": F(n - 1, 10)}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.claim.robust-to-private"], case)
    assert ok and lhs == 0 and rhs == 0


def test_robustness_implies_privacy_holds_for_a_full_support_estimator():
    # randomised response on two points within α: robust and ξ-MBP with e^{−ξ} = min ratio = (1/4)/(1/2) = 1/2
    case = {"prior": [F(1, 2)] * 2, "K": [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]], "t": [F(0), F(1, 10)], "mu": F(0),
            "alpha": F(1, 10)}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.table.III.i"], case)
    assert ok and fo.encloses(lhs, F(1, 2)) and fo.encloses(rhs, 0)
    assert min(fo.posterior_over_prior(case["K"], case["prior"]).values()) == F(1, 2)


# ----------------------------------------------------------------------------- Table II rows on other works
def _hockey_stick(p, q, eps):
    """E_{e^ε}(P‖Q) = Σ_w max(0, P(w) − e^ε Q(w)), at 60 digits."""
    g = fo.MP.exp(fo.mpf(eps))
    return fo.MP.fsum(max(fo.MP.mpf(0), fo.mpf(a) - g * fo.mpf(b)) for a, b in zip(p, q))


def _bdp_pairs(c):
    """(μ(x), P, Q) per point x of positive mass, rows chosen by the adjacency (0 add, 1 remove, 2 substitute)."""
    K, mu, adj, x0 = c["K"], c["mu"], int(c["adjacency"]), int(c["x0"]) % len(c["mu"])
    rows = {0: lambda x: (K[0], K[1 + x]), 1: lambda x: (K[1 + x], K[0]), 2: lambda x: (K[1 + x0], K[1 + x])}[adj]
    return [(w, *rows(x)) for x, w in enumerate(mu) if w > 0]


def _bdp_vs_dp(c):
    """(DP δ = the worst pair's hockey stick, Bayesian-DP δ = its μ-average), both at the case's ε."""
    vals = [(w, _hockey_stick(P, Q, c["eps"])) for w, P, Q in _bdp_pairs(c)]
    return max(v for _, v in vals), fo.MP.fsum(fo.mpf(w) * v for w, v in vals), True


def _rdp_to_dp(c):
    """(δ_K at ε_RDP + log(1/δ)/(α − 1), δ): Rényi divergences summed at 60 digits, max over ordered row pairs."""
    K, a = c["K"], fo.mpf(c["alpha"])
    renyi = [fo.MP.log(fo.MP.fsum(fo.mpf(x) ** a * fo.mpf(y) ** (1 - a) for x, y in zip(p, q))) / (a - 1)
             for i, p in enumerate(K) for j, q in enumerate(K) if i != j]
    eps = max(renyi) + fo.MP.log(1 / fo.mpf(c["delta"])) / (a - 1)
    g = fo.MP.exp(eps)
    dp = max(fo.MP.fsum(max(fo.MP.mpf(0), fo.mpf(x) - g * fo.mpf(y)) for x, y in zip(p, q))
             for i, p in enumerate(K) for j, q in enumerate(K) if i != j)
    return dp, fo.mpf(c["delta"]), True


RDP_CASES = [{**c, "alpha": a, "delta": d} for c in CHANNELS
             for a, d in ((F(101, 100), F(1, 2)), (F(2), F(1, 10)), (F(8), F(1, 1000)))]


def test_table_ii_rdp_implies_dp_against_oracle():
    oracle_check.check_true_statement(BY_ID["s002.table.II.v"], _rdp_to_dp, RDP_CASES)


def test_table_ii_bdp_implies_dp_counterexample_recomputed():
    oracle_check.check_counterexample(BY_ID["s002.table.II.vi"], _bdp_vs_dp)


def test_table_ii_bdp_witness_by_hand():
    # the engine's witness (cases=100, seed 0): add adjacency, μ = (1/2, 1/2), ε = 0; the pair for x = 0 is identical,
    # the pair for x = 1 has E_1 = Σ (P − Q)₊ = 1/4: DP needs δ = 1/4, Bayesian DP only the average 1/8
    case = {"K": [[F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)], [F(3, 4), F(1, 4)]], "mu": [F(1, 2), F(1, 2)],
            "adjacency": 0, "x0": 0, "eps": F(0)}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.table.II.vi"], case)
    assert ok and fo.encloses(lhs, F(1, 4)) and fo.encloses(rhs, F(1, 8))
    dp, bdp_delta, _ = _bdp_vs_dp(case)
    assert abs(dp - fo.mpf(F(1, 4))) < 1e-50 and abs(bdp_delta - fo.mpf(F(1, 8))) < 1e-50


@pytest.mark.parametrize("eps", [F(0), F(1), F(3)])
def test_table_ii_bdp_without_any_dp(eps):
    # a rare point (μ = 1/100) whose presence is revealed: (ε, 1/100)-Bayesian DP at every ε, but δ_DP(ε) = 1
    case = {"K": [[F(1, 2), F(1, 2), F(0)], [F(1, 2), F(1, 2), F(0)], [F(0), F(0), F(1)]],
            "mu": [F(99, 100), F(1, 100)], "adjacency": 0, "x0": 0, "eps": eps}
    lhs, rhs, ok = _claim_sides(BY_ID["s002.table.II.vi"], case)
    assert ok and fo.encloses(lhs, 1) and fo.encloses(rhs, F(1, 100))
    dp, bdp_delta, _ = _bdp_vs_dp(case)
    assert dp == 1 and abs(bdp_delta - fo.mpf(F(1, 100))) < 1e-50



# ----------------------------------------------------------------------------- 'the larger ξ, the stronger privacy' (l.372)
def test_larger_xi_is_weaker_by_definition_iv3():
    # the engine's witness (cases=100, seed 0): f_D = (2/3, 1/3), rows (2/3, 1/3), (1/3, 2/3), ξ₁ = 0. By Bayes' rule the
    # ratios f(d|w)/f(d) = K[d,w]/m(w), m = (5/9, 4/9), are 6/5, 3/4, 3/5, 3/2: ξ₂ = ln(5/3), set by 3/5 < 1
    prior, K = [F(2, 3), F(1, 3)], [[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)]]
    marg = [sum(p * row[w] for p, row in zip(prior, K)) for w in range(2)]
    ratios = sorted(K[d][w] / marg[w] for d in range(2) for w in range(2))
    assert marg == [F(5, 9), F(4, 9)] and ratios == [F(3, 5), F(3, 4), F(6, 5), F(3, 2)]
    # Definition IV.3 at level ξ: every ratio in [e^−ξ, e^ξ]; it holds at ξ₂ = ln(5/3) and every larger level, fails
    # at the smaller ln(3/2) (3/5 < 2/3): a larger ξ is the weaker guarantee, not the stronger one
    def is_mbp(e_xi):
        return all(1 / e_xi <= r <= e_xi for r in ratios)
    assert is_mbp(F(5, 3)) and is_mbp(F(2)) and not is_mbp(F(3, 2))
    lhs, rhs, ok = _claim_sides(BY_ID["s002.claim.larger-xi-stronger"], {"prior": prior, "K": K, "xi_1": F(0)})
    assert ok and fo.encloses(lhs, fo.MP.log(fo.mpf(F(5, 3)))) and fo.encloses(rhs, 0)
    lhs, rhs, ok = _claim_sides(BY_ID["s002.claim.larger-xi-stronger"],
                                {"prior": prior, "K": K, "xi_1": F(1, 2)})  # ξ₁ = 1/2 < ln(5/3) ≈ 0.5108
    assert ok and upper(rhs) < lower(lhs)


def _cdp_gaps(c):
    """max(KL gap, subgaussian gap) of Dwork–Rothblum's Theorem 3.5 at λ, by mpmath over ordered row pairs."""
    K, lam = c["K"], fo.mpf(c["lam"])
    eps = fo.ldp_level(K)
    kls, mgfs = [], []
    for i, p in enumerate(K):
        for j, q in enumerate(K):
            if i == j:
                continue
            losses = [(fo.mpf(a), fo.MP.log(fo.mpf(a / b))) for a, b in zip(p, q) if a > 0]
            kl = fo.MP.fsum(a * x for a, x in losses)
            kls.append(kl)
            mgfs.append(fo.MP.log(fo.MP.fsum(a * fo.MP.exp(lam * (x - kl)) for a, x in losses)))
    return max(max(kls) - eps * (fo.MP.exp(eps) - 1) / 2, max(mgfs) - lam ** 2 * eps ** 2 / 2), fo.MP.mpf(0), True


CDP_CASES = [{**c, "lam": lam} for c in CHANNELS for lam in (F(-5), F(-1, 2), F(3, 2), F(5))]


def test_table_ii_dp_implies_cdp_pure_against_oracle():
    oracle_check.check_true_statement(BY_ID["s002.table.II.iv#pure-dp"], _cdp_gaps, CDP_CASES)


def test_table_ii_dp_implies_cdp_only_for_pure_dp():
    # the engine's certified witness for the (ε, δ) reading (`proofcheck run --cases 100 --seed 0` gave rows
    # (1/3, 1/3, 1/3) and (2/3, 1/3, 0) at ε = 0: (0, 1/3)-DP, Σ (P − Q)₊ = 1/3 both ways, yet the first puts mass 1/3
    # where the second has none, KL = +∞): recomputed by hand with fractions
    from proofcheck.runs.engine import check_claim

    claim = BY_ID["s002.table.II.iv#approx-dp"]
    r = check_claim(claim, cases=100, seed=0)
    assert r.verdict == "violated"
    case = fo.exact_objects(r.counterexample["objects"])
    K, g = case["K"], fo.MP.exp(fo.mpf(case["eps"]))
    delta = max(fo.MP.fsum(max(fo.MP.mpf(0), fo.mpf(a) - g * fo.mpf(b)) for a, b in zip(p, q))
                for i, p in enumerate(K) for j, q in enumerate(K) if i != j)
    assert delta < 1
    # some ordered pair has P(w) > 0 = Q(w): KL(P‖Q) = +∞, so no finite CDP mean μ
    assert any(a > 0 and b == 0 for p in K for q in K for a, b in zip(p, q))
    lhs, rhs, ok = _claim_sides(claim, {"K": [[F(1, 3)] * 3, [F(2, 3), F(1, 3), F(0)]], "eps": F(0)})
    assert ok and fo.encloses(lhs, 0) and fo.encloses(rhs, 0)
    # the statement's verdict follows its primary reading, pure ε-DP, which holds
    assert BY_ID["s002.table.II.iv#pure-dp"].primary and not claim.primary


def test_table_iii_abp_row_is_met_even_by_a_revealing_estimator():
    # the index estimator on two secrets, uniform prior: F^A = δ_d*, F^B = (1/2, 1/2), the mixture (3/4, 1/4):
    # JS = ½ ln(4/3) + ½[½ ln(2/3) + ½ ln 2] = ¾ ln(4/3) < ln 2 although the release names the input (ξ = ∞)
    claim = BY_ID["s002.table.III.ii"]
    assert claim.vacuous
    case = {"prior": [F(1, 2)] * 2, "K": [[F(1), F(0)], [F(0), F(1)]], "t": [F(0), F(1, 10)], "mu": F(0),
            "alpha": F(1, 10), "secret": 0}
    lhs, rhs, ok = _claim_sides(claim, case)
    want = F(3, 4) * fo.MP.log(fo.mpf(F(4, 3)))
    assert abs(want - fo.js([F(1), F(0)], [F(1, 2), F(1, 2)])) < 1e-50
    assert ok and fo.encloses(lhs, want) and fo.encloses(rhs, fo.MP.log(2)) and upper(lhs) < lower(rhs)
