"""Readings of the printed statements of seeds 000, 002 and 003: every statement with several
readings names exactly one primary reading; the readings added for the paper's implicit hypotheses
(ε ≤ 1 in the Chernoff lemma) hold; what Assumption D.1/G.1 forces (ξ = 0) is a claim the engine
verifies; the readings that are true by construction say why, and degenerate cases are recognised.

Expected values are derived by hand with exact fractions, never by the claims' own quantities."""
from __future__ import annotations

import math
import dataclasses
import warnings
from collections import defaultdict
from fractions import Fraction as F

import numpy as np
import pytest
import sympy as sp

import finite_oracle as fo
from proofcheck.claims import finite_quantities as fq
from proofcheck.runs.engine import check_claim
from proofcheck.stages.evaluation import sides
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import lower, precision, upper
from proofcheck.registry import builtin_claims

CLAIMS = builtin_claims()
BY_ID = {c.id: c for c in CLAIMS}


def _readings():
    """statement id -> the claims that read it (the literal ones, not the +variant statements)."""
    out = defaultdict(list)
    for c in CLAIMS:
        if c.variant is None:
            out[c.statement_id].append(c)
    return out


def _inside(ball, x: float, slack: float = 1e-12) -> bool:
    return lower(ball) - slack <= x <= upper(ball) + slack


def _certified_sides(cid, case):
    with precision(128):
        return sides(BY_ID[cid], case, CERTIFIED)


# ----------------------------------------------------------------------------- primary readings
def test_every_statement_with_several_readings_names_exactly_one_primary():
    several = {sid: cs for sid, cs in _readings().items() if len(cs) > 1}
    assert len(several) >= 30  # 000, 002 and 003 all have ambiguous statements
    for sid, cs in several.items():
        primaries = [c for c in cs if c.primary is not None]
        assert len(primaries) == 1, (sid, [c.id for c in primaries])
        assert len(primaries[0].primary.strip()) > 40, sid  # a reason, not a flag


def test_no_primary_where_there_is_nothing_to_choose():
    readings = _readings()
    lone = [c.id for c in CLAIMS if c.primary is not None and (c.variant is not None or len(readings[c.statement_id]) == 1)]
    assert lone == []


@pytest.mark.parametrize("sid, primary", [
    ("s000.lem.C.1", "s000.lem.C.1#eps-le-1"),
    ("s002.lem.F.1", "s002.lem.F.1#eps-le-1"),
    ("s000.eq.11", "s000.eq.11#w-star-per-secret"),
    ("s000.eq.18", "s000.eq.18#w-star-per-secret"),
    ("s002.eq.24", "s002.eq.24#wstar-per-d"),
    ("s002.eq.31", "s002.eq.31#wstar-per-d"),
    ("s002.thm.IV.7", "s002.thm.IV.7#acc-at-true-secret.eps-le-1"),
    ("s002.thm.E.1", "s002.thm.E.1#acc-at-true-secret.eps-le-1"),
    ("s002.thm.IV.5", "s002.thm.IV.5#mix-at-true-secret"),
    ("s000.thm.5.4", "s000.thm.5.4#mix-at-true-secret"),
    ("s002.thm.G.2", "s002.thm.G.2#eps-tilde-2C1.raw-estimate"),
    ("s003.prop.1", "s003.prop.1#any-pair"),
    ("s003.thm.4", "s003.thm.4"),
    ("s003.claim.sibson-infinity", "s003.claim.sibson-infinity#full-support"),
])
def test_primary_reading_of_the_statements_named_in_the_issue(sid, primary):
    chosen = [c.id for c in _readings()[sid] if c.primary]
    assert chosen == [primary]


def test_retired_and_renamed_ids():
    assert "s002.eq.27#post-true" not in BY_ID  # a posterior from f_D next to a product with f^B ≠ f_D
    assert [c.id for c in _readings()["s002.eq.27"]] == ["s002.eq.27#post-attacker"]
    # Table II's row is three statements (parts), not three readings of one
    assert {"s002.table.II.i", "s002.table.II.ii", "s002.table.II.iii"} <= set(BY_ID)
    assert not any(cid.startswith("s002.table.II#") for cid in BY_ID)


# ----------------------------------------------------------------------------- the Chernoff lemma with ε ≤ 1
def _binomial_event(T: int, k1: F, eps: F) -> F:
    """P(|X/T − κ1| ≤ εκ1), X ~ Binomial(T, κ1), summed by hand."""
    return sum((math.comb(T, k) * k1**k * (1 - k1) ** (T - k) for k in range(T + 1) if abs(F(k, T) - k1) <= eps * k1),
               F(0))


@pytest.mark.parametrize("cid, trials", [("s000.lem.C.1#eps-le-1", lambda o: int(o["T"])),
                                         ("s002.lem.F.1#eps-le-1", lambda o: int(o["T"])),
                                         ("s002.lem.F.1#binomial-MST.eps-le-1",
                                          lambda o: int(o["T"]) * int(o["M"]) * int(o["S"]))])
def test_chernoff_lemma_with_eps_at_most_one_holds(cid, trials):
    claim = BY_ID[cid]
    assert claim.variables[-1].hi == 1.0
    r = check_claim(claim, cases=300, seed=0)
    assert r.verdict == "holds", r.evidence
    assert r.vacuous is None
    # the tightest case the search found, recomputed by hand: the event's probability is above the bound
    at = r.evidence["tightness"]["at"]
    T, k1, eps = trials(at), F(at["kappa_1"]), F(at["epsilon"])
    assert 0 < eps <= 1
    p = _binomial_event(T, k1, eps)
    bound = 1 - 2 * math.exp(-float(eps) ** 2 * int(at["T"]) * float(k1) / 3)
    assert float(p) >= bound


def test_chernoff_literal_reading_fails_only_beyond_eps_one():
    # T = 20, κ1 = 1/20: at ε = 7 the tail X ≥ 9 exceeds 2e^{−49/3}; at ε = 1 the bound holds
    tail = 1 - _binomial_event(20, F(1, 20), F(7))
    assert float(tail) == pytest.approx(1.9793381083193462e-7, rel=1e-12)
    assert float(tail) > 2 * math.exp(-49 / 3)
    assert float(_binomial_event(20, F(1, 20), F(1))) >= 1 - 2 * math.exp(-1 / 3)
    # the literal claim's certified sides there: violated at ε = 7, not at ε = 1
    lhs, rhs, ok = _certified_sides("s000.lem.C.1", {"T": 20, "kappa_1": F(1, 20), "epsilon": F(7)})
    assert ok and fo.encloses(lhs, 1 - tail) and _inside(rhs, 1 - 2 * math.exp(-49 / 3))
    assert upper(lhs) < lower(rhs)
    lhs, rhs, ok = _certified_sides("s000.lem.C.1", {"T": 20, "kappa_1": F(1, 20), "epsilon": F(1)})
    assert ok and fo.encloses(lhs, _binomial_event(20, F(1, 20), F(1))) and lower(lhs) >= upper(rhs)


# ----------------------------------------------------------------------------- Assumption D.1 / G.1 forces ξ = 0
def _ratios(K, prior):
    """f_{D|W}(d|w)/f_D(d) = K[d,w]/P(w) for d in the prior's support and outputs of positive probability."""
    marg = [sum(p * row[w] for p, row in zip(prior, K)) for w in range(len(K[0]))]
    return {(d, w): K[d][w] / marg[w] for d in range(len(K)) if prior[d] > 0 for w in range(len(marg)) if marg[w] > 0}


def _violation_by_hand(K, prior) -> F:
    r = _ratios(K, prior)
    ds, ws = sorted({d for d, _ in r}), sorted({w for _, w in r})
    return min(max(max(r[(d, w)] - r[(d, s)], F(0)) for d in ds for w in ws) for s in ws)


def test_w_star_violation_by_hand():
    K = [[F(1, 2), F(1, 2)], [F(2, 5), F(3, 5)]]
    prior = [F(1, 2), F(1, 2)]
    # ratios 10/9, 10/11 (d = 0) and 8/9, 12/11 (d = 1): either w* misses the other secret by 20/99
    assert _violation_by_hand(K, prior) == F(20, 99)
    assert _inside(fq.w_star_violation({"K": K, "prior": prior}, CERTIFIED), 20 / 99)
    # one common w* exists only when the rows agree: then the violation is exactly 0
    same = [[F(1, 3), F(2, 3)], [F(1, 3), F(2, 3)], [F(1, 3), F(2, 3)]]
    case = {"K": same, "prior": [F(1, 6), F(1, 3), F(1, 2)]}
    assert _violation_by_hand(same, case["prior"]) == 0
    assert fq.w_star_violation(case, CERTIFIED) == 0
    # per-secret maximisers always exist, a common one does not: the 2 × 2 mirror channel
    mirror = [[F(9, 10), F(1, 10)], [F(1, 10), F(9, 10)]]
    assert _violation_by_hand(mirror, prior) == F(8, 5)
    assert _inside(fq.w_star_violation({"K": mirror, "prior": prior}, CERTIFIED), 8 / 5)


@pytest.mark.parametrize("cid", ["s000.claim.assumption-D.1-forces-xi-zero", "s002.claim.assumption-G.1-forces-xi-zero"])
def test_assumption_forces_xi_zero_holds_and_is_not_vacuous(cid):
    claim = BY_ID[cid]
    r = check_claim(claim, cases=300, seed=0)
    assert r.verdict == "holds", r.evidence
    assert r.vacuous is None
    assert r.evidence["search"]["degenerate"] < r.evidence["search"]["cases"] - r.evidence["search"]["excluded_outside_domain"]
    assert 0.05 < r.tightness < 1  # the bound is not attained away from identical rows
    # the tightest case, by hand: ξ ≤ −log(1 − 2v/min f_D)
    at = r.evidence["tightness"]["at"]
    K = [[F(x) for x in row] for row in at["K"]]
    prior = [F(x) for x in at["prior"]]
    K = [[x / sum(row) for x in row] for row in K]  # the shown floats are exact decimals; renormalise exactly
    prior = [p / sum(prior) for p in prior]
    v = _violation_by_hand(K, prior)
    t = 2 * v / min(p for p in prior if p > 0)
    assert t < 1
    xi = max(abs(math.log(x)) for x in _ratios(K, prior).values())
    assert xi <= -math.log(1 - float(t)) * (1 + 1e-9)


def test_assumption_forces_xi_zero_at_a_case_by_hand():
    claim = BY_ID["s000.claim.assumption-D.1-forces-xi-zero"]
    case = {"K": [[F(1, 2), F(1, 2)], [F(2, 5), F(3, 5)]], "prior": [F(1, 2), F(1, 2)]}
    xi = claim.quantities["xi"](case, CERTIFIED)
    assert _inside(xi, math.log(9 / 8))  # the largest |log ratio| is log(9/8) (ratio 8/9 at d = 1, w = 0)
    assert _inside(claim.quantities["v_w_star"](case, CERTIFIED), 20 / 99)
    # the bound there: −log(1 − 2·(20/99)/(1/2)) = log(99/19) > log(9/8)
    lhs, rhs, ok = _certified_sides("s000.claim.assumption-D.1-forces-xi-zero", case)
    assert ok and _inside(lhs, math.log(9 / 8)) and _inside(rhs, math.log(99 / 19))
    assert upper(lhs) < lower(rhs)
    # where Assumption D.1 holds (identical rows) the bound is 0 and ξ is exactly 0
    same = {"K": [[F(1, 4), F(3, 4)], [F(1, 4), F(3, 4)]], "prior": [F(1, 3), F(2, 3)]}
    assert claim.quantities["v_w_star"](same, CERTIFIED) == 0
    assert _inside(claim.quantities["xi"](same, CERTIFIED), 0.0, slack=0)


# ----------------------------------------------------------------------------- readings true by construction
def test_common_w_star_readings_of_000_force_xi_zero_and_are_not_primary():
    for cid in ("s000.eq.11#common-w-star", "s000.eq.18#common-w-star"):
        c = BY_ID[cid]
        assert c.forces_degenerate and "forces-xi-zero" in c.forces_degenerate and c.primary is None
        assert [r.id for r in _readings()[c.statement_id] if r.primary] == [c.statement_id + "#w-star-per-secret"]


@pytest.mark.parametrize("cid", ["s002.eq.24#wstar-common", "s002.eq.31#wstar-common"])
def test_common_w_star_of_002_forces_xi_zero_and_is_not_primary(cid):
    # one w* for every d: Assumption G.1 admits only rows that agree, where ξ = 0 — not the careful reader's
    c = BY_ID[cid]
    assert c.forces_degenerate and "forces-xi-zero" in c.forces_degenerate
    assert c.primary is None and c.vacuous is None
    assert [r.id for r in _readings()[c.statement_id] if r.primary] == [c.statement_id + "#wstar-per-d"]


def test_engine_finds_the_common_w_star_degenerate_without_being_told():
    # the search alone: G.1 with one w* excludes every channel with distinct rows, and all it admits are degenerate
    declared = BY_ID["s002.eq.24#wstar-common"]
    r = check_claim(declared, cases=300, seed=0)
    assert r.verdict == "holds" and r.forces_degenerate == declared.forces_degenerate == r.vacuous
    undeclared = dataclasses.replace(declared, forces_degenerate=None)
    r = check_claim(undeclared, cases=300, seed=0)
    s = r.evidence["search"]
    assert r.verdict == "holds" and s["excluded_outside_domain"] > 0
    assert s["degenerate"] == s["cases"] - s["excluded_outside_domain"] > 0
    assert r.forces_degenerate.startswith("found by the search") and r.vacuous


def test_marginal_attacker_posterior_from_attacker_makes_fa_the_attacker_prior():
    # F^A = Σ_w f_B(d|w) m_B(w) = f_B(d): by hand on one exact case
    K = [[F(1, 2), F(1, 3), F(1, 6)], [F(1, 5), F(1, 5), F(3, 5)]]
    fb = [F(3, 7), F(4, 7)]
    mb = [sum(b * row[w] for b, row in zip(fb, K)) for w in range(3)]
    fa = [sum(fb[d] * K[d][w] / mb[w] * mb[w] for w in range(3)) for d in range(2)]
    assert fa == fb
    claim = BY_ID["s002.thm.IV.5#mix-marginal-attacker.post-attacker"]
    case = {"prior": [F(1, 2), F(1, 2)], "K": K, "belief": fb, "law": [F(1, 3)] * 3, "secret": 0}
    assert _inside(claim.quantities["epsilon_pa"](case, CERTIFIED), 0.0)
    assert claim.vacuous and "ε_pa = 0" in claim.vacuous


def test_acc_all_secrets_bounds_every_row_by_construction():
    K = [[F(1, 10), F(9, 10)], [F(7, 10), F(3, 10)], [F(1, 2), F(1, 2)]]
    U = [0]
    beta = max(row[0] for row in K)  # 7/10
    worst_other = max(K[d][0] for d in (1, 2))  # d = 0 the private input
    assert worst_other <= beta
    for cid in ("s002.thm.IV.7#acc-all-secrets", "s002.thm.E.1#acc-all-secrets"):
        c = BY_ID[cid]
        assert c.vacuous and c.primary is None
        case = {"prior": [F(1, 3)] * 3, "K": K, "secret": 0, "U": U}
        assert _inside(c.quantities["beta"](case, CERTIFIED), 0.7)
        assert _inside(c.quantities["P_fail"](case, CERTIFIED), float(worst_other))


# ----------------------------------------------------------------------------- degenerate cases
def test_channel_says_nothing():
    same = np.tile([0.2, 0.3, 0.5], (3, 1))
    assert fq.channel_says_nothing({"K": same})
    assert fq.channel_says_nothing({"K": same, "prior": np.array([0.2, 0.3, 0.5])})
    distinct = np.array([[0.2, 0.3, 0.5], [0.5, 0.3, 0.2], [0.2, 0.3, 0.5]])
    assert not fq.channel_says_nothing({"K": distinct, "prior": np.array([0.2, 0.3, 0.5])})
    # rows off the prior's support do not count; a point-mass prior hides nothing either
    assert fq.channel_says_nothing({"K": distinct, "prior": np.array([0.5, 0.0, 0.5])})
    assert fq.channel_says_nothing({"K": distinct, "prior": np.array([1.0, 0.0, 0.0])})
    # the predicate is attached to the finite-channel claims the issue names
    for cid in ("s002.thm.IV.7#acc-at-true-secret.eps-le-1", "s000.lem.5.1", "s002.eq.24#wstar-common",
                "s000.thm.5.4#mix-at-true-secret"):
        assert BY_ID[cid].degenerate is fq.channel_says_nothing


@pytest.mark.parametrize("cid", ["s002.table.II.i", "s002.table.II.iii"])
def test_table_ii_parts_hold(cid):
    r = check_claim(BY_ID[cid], cases=300, seed=0)
    assert r.verdict == "holds", r.evidence
    assert r.tightness is not None and r.tightness <= 1 + 1e-9


# ----------------------------------------------------------------------------- a primary reading that forces a degenerate case
# A synthetic statement 'x² ≤ x/2 for x ∈ [0, 1]' read two ways: '#pinned' adds the hypothesis x ≤ 0, which
# leaves only x = 0 (where both sides are 0: degenerate); '#free' is the statement, false for x > 1/2.
X = sp.Symbol("x")
PINNED_WHY = "x ≤ 0 on [0, 1] leaves only x = 0, where both sides are 0"


def _synthetic(reading, *, primary=None, forces_degenerate=None, vacuous=None):
    from hypothesis import strategies as st

    from proofcheck import Claim, Hypothesis, Source, real
    from proofcheck.strategies import cases

    pinned = reading == "pinned"
    return Claim(id=f"mine.half-square#{reading}", title=f"x² ≤ x/2 [{reading}]", source=Source("test", "here", "x² ≤ x/2"),
                 variables=(real("x", 0, 1),), statement=sp.Le(X**2, X / 2), quantities={"x": lambda c, m: m.num(c["x"])},
                 hypotheses=(Hypothesis("x ≤ 0", sp.Le(X, 0)),) if pinned else (),
                 strategy=cases(x=st.one_of(st.floats(0, 1), st.just(0.0))), reading=reading,
                 degenerate=lambda c: float(c["x"]) == 0, primary=primary, forces_degenerate=forces_degenerate,
                 vacuous=vacuous)


def test_a_declared_degenerate_primary_beside_a_sound_reading_is_refused():
    from mechanisms.errors import InvalidInput
    from proofcheck.registry import check_primary_readings

    claims = [_synthetic("pinned", primary="the paper's x is pinned", forces_degenerate=PINNED_WHY), _synthetic("free")]
    with pytest.raises(InvalidInput, match=r"mine\.half-square#pinned.*degenerate.*mine\.half-square#free"):
        check_primary_readings(claims)
    # the sound reading as primary is accepted, silently
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_primary_readings([_synthetic("pinned", forces_degenerate=PINNED_WHY),
                                _synthetic("free", primary="the statement as printed, x ranging over [0, 1]")])


def test_a_degenerate_primary_without_a_sound_alternative_is_warned():
    from proofcheck.registry import DegeneratePrimaryWarning, check_primary_readings

    with pytest.warns(DegeneratePrimaryWarning, match="only reading 'mine.half-square#pinned'"):
        check_primary_readings([_synthetic("pinned", forces_degenerate=PINNED_WHY)])
    # a reading true by construction is no alternative either
    with pytest.warns(DegeneratePrimaryWarning, match="primary reading 'mine.half-square#pinned'"):
        check_primary_readings([_synthetic("pinned", primary="as printed", forces_degenerate=PINNED_WHY),
                                _synthetic("free", vacuous="true by construction")])


def test_the_report_flags_a_degenerate_primary_reading():
    from proofcheck.report import markdown_table, statement_records

    # not declared: the registry lets it through, and the engine finds it — x ≤ 0 admits only x = 0
    pinned = _synthetic("pinned", primary="the paper's x is pinned")
    free = _synthetic("free")
    rp, rf = check_claim(pinned, cases=50, seed=0), check_claim(free, cases=50, seed=0)
    s = rp.evidence["search"]
    assert rp.verdict == "holds" and 0 < s["degenerate"] == s["cases"] - s["excluded_outside_domain"] < s["cases"]
    assert rp.forces_degenerate.startswith("found by the search") and rp.vacuous
    assert rf.verdict == "violated" and F(rf.counterexample["objects"]["x"]) > F(1, 2) and rf.forces_degenerate is None
    (st,) = statement_records([(pinned, rp), (free, rf)])
    assert st["verdict"] == "depends-on-reading" and st["primary"]["id"] == pinned.id
    assert st["primary_degenerate"] is True
    (warning,) = st["warnings"]
    assert "mine.half-square#pinned holds only where its hypotheses force a degenerate case" in warning
    assert warning.endswith("not degenerate: mine.half-square#free")
    assert [r["forces_degenerate"] is not None for r in st["readings"]] == [True, False]
    # declared: the claim's own words, on the result and in the record
    declared = dataclasses.replace(pinned, forces_degenerate=PINNED_WHY)
    rd = check_claim(declared, cases=50, seed=0)
    assert rd.forces_degenerate == PINNED_WHY == rd.vacuous
    (st,) = statement_records([(declared, rd), (free, rf)])
    assert st["primary_degenerate"] is True and PINNED_WHY in st["warnings"][0]
    # the Markdown report says so: a summary line, a warning under the paper, the verdict marked
    doc = {"generated": "now", "command": "test", "seed": 0, "seconds_per_claim": 1.0, "budget": None,
           "summary": {"holds": 1, "violated": 1, "inconclusive": 0}, "statements": [{**st, "paper": "mine"}],
           "statement_summary": {"violated": 0, "depends-on-reading": 1, "holds": 0, "inconclusive": 0},
           "claims": [], "findings": [], "finding_summary": {}}
    md = markdown_table(doc)
    assert "**Warning: 1 statement(s) whose primary reading holds only where its hypotheses force a degenerate" in md
    assert "- WARNING `mine.half-square` — primary reading mine.half-square#pinned" in md
    assert "**depends-on-reading** (primary degenerate)" in md
    # a statement whose primary reading is sound has no warning
    (st,) = statement_records([(_synthetic("free", primary="as printed"), rf),
                               (dataclasses.replace(pinned, primary=None), rp)])
    assert st["primary_degenerate"] is False and st["warnings"] == []


def test_a_statement_whose_primary_reading_has_no_result_is_inconclusive_not_a_crash():
    # a run cut off (or --only) can leave a statement with results for other readings only: its record says so and
    # the report is still written (it raised "0 primary readings" and a run killed by its timeout wrote nothing)
    from proofcheck.runs.engine import Result
    from proofcheck.report.records import statement_records

    sid, cs = next((sid, cs) for sid, cs in _readings().items() if len(cs) > 2)
    others = [c for c in cs if c.primary is None]
    st, = statement_records([(c, Result(c.id, "violated", -1.0, -1.0, None, {}, 0.1)) for c in others])
    assert st["id"] == sid and st["verdict"] == "inconclusive" and st["primary"]["id"] is None
    assert [r["id"] for r in st["readings"]] == [c.id for c in others]
    assert "primary reading was not checked" in st["warnings"][0]
