"""Seed 000: the engine's verdicts on the printed statements, and the true ones as properties."""
from fractions import Fraction as F
import math

import numpy as np
import pytest
from hypothesis import given, settings

from proofcheck.claims.s000 import CLAIMS
from proofcheck.claims import finite_quantities as fq
from proofcheck.engine import certified_sides, check_claim, float_margin
from proofcheck.measures import CERTIFIED, FLOAT
from proofcheck.numerics import lower, upper

BY_ID = {c.id: c for c in CLAIMS}


def test_lemma_c1_as_printed_is_violated_and_certified():
    c = BY_ID["s000.lem.C.1"]
    r = check_claim(c, seconds=5, seed=0)
    assert r.verdict == "violated"
    objs = r.counterexample["objects"]
    exact = {"T": int(objs["T"]), "kappa_1": F(objs["kappa_1"]), "epsilon": F(objs["epsilon"])}
    assert exact["epsilon"] > 1  # the violation needs ε outside the Chernoff range
    lhs, rhs, ok, _, verdict = certified_sides(c, exact)
    assert ok and verdict == "violated" and upper(lhs) < lower(rhs)


def test_lemma_c1_counterexample_by_hand():
    # T = 4, κ1 = 1/12, ε = 10: the event fails only when all four trials succeed
    from proofcheck.numerics import to_arb

    p = fq.binomial_event_probability({"T": 4, "kappa_1": F(1, 12), "epsilon": F(10)}, CERTIFIED)
    assert p.contains(to_arb(F(1) - F(1, 12) ** 4))
    assert float(p.mid()) == pytest.approx(1 - (1 / 12) ** 4, rel=1e-15)
    assert 1 - (1 / 12) ** 4 < 1 - 2 * math.exp(-100 * 4 / 12 / 3)


@pytest.mark.parametrize("cid", ["s000.lem.C.1+corrected", "s000.lem.5.1", "s000.lem.5.2",
                                 "s000.thm.5.4#mix-at-true-secret", "s000.thm.5.4#mix-any-law",
                                 "s000.claim.B1-js-le-weighted-tv", "s000.thm.D.2#raw-estimate"])
def test_true_claims_hold_in_a_short_run(cid):
    r = check_claim(BY_ID[cid], seconds=2, seed=3)
    assert r.verdict == "holds"
    assert r.margin is not None and r.margin >= 0


def _holds_on(cid):
    claim = BY_ID[cid]

    @settings(max_examples=80)
    @given(claim.strategy)
    def prop(case):
        r = float_margin(claim, case)
        if r is None:
            return
        m, lhs, rhs = r
        assert m >= -1e-9 * max(1.0, abs(lhs), abs(rhs)), (lhs, rhs)

    return prop


test_lemma_5_1_property = _holds_on("s000.lem.5.1")
test_lemma_5_2_property = _holds_on("s000.lem.5.2")
test_theorem_5_4_property = _holds_on("s000.thm.5.4#mix-any-law")
test_b1_ratio_step_property = _holds_on("s000.claim.B1-ratio-step")
test_b1_final_step_property = _holds_on("s000.claim.B1-final-step")
test_definition_5_1_property = _holds_on("s000.def.5.1")


def test_lemma_5_2_constant_two_is_attained():
    # uniform prior on 3 secrets: posterior/prior on output 0 is (2, 1/2, 1/2), so ξ = log 2,
    # and the likelihood ratio 4 on that output makes the LDP level exactly 2ξ
    K = [[F(1, 2), F(1, 2)], [F(1, 8), F(7, 8)], [F(1, 8), F(7, 8)]]
    ldp = CERTIFIED.ldp_level(K)
    mbp = fq.mbp_level_uniform({"K": K}, CERTIFIED)
    assert ldp.overlaps(2 * mbp) and float(ldp.mid()) == pytest.approx(math.log(4), rel=1e-15)
    assert float(mbp.mid()) == pytest.approx(math.log(2), rel=1e-15)


def test_theorem_5_4_marginal_reading_gives_prior():
    K = np.array([[0.7, 0.3], [0.2, 0.8]])
    prior = np.array([0.4, 0.6])
    fa = fq.belief_after({"K": K, "prior": prior}, FLOAT, "marginal")
    assert np.allclose(fa, prior, atol=1e-15)


def test_eq_11_with_w_star_per_secret_is_violated():
    c = BY_ID["s000.eq.11#w-star-per-secret"]
    r = check_claim(c, seconds=4, seed=0)
    assert r.verdict == "violated"
    o = r.counterexample["objects"]
    exact = {"prior": [F(x) for x in o["prior"]], "K": [[F(x) for x in row] for row in o["K"]]}
    lhs, rhs, ok, _, verdict = certified_sides(c, exact)
    assert ok and verdict == "violated" and (upper(rhs) < lower(lhs) or upper(lhs) < lower(rhs))


def test_assumption_d1_forces_identical_rows():
    # a common maximiser w* of the posterior/prior ratio for every d forces ratio ≡ 1: ξ = 0
    c = BY_ID["s000.eq.11#common-w-star"]
    K = np.tile([0.2, 0.5, 0.3], (3, 1))
    assert float_margin(c, {"prior": np.array([0.2, 0.3, 0.5]), "K": K})[0] == 0.0
    K2 = np.array([[0.6, 0.4], [0.3, 0.7]])
    assert float_margin(c, {"prior": np.array([0.5, 0.5]), "K": K2}) is None  # hypothesis fails
