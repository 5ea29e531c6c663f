"""Proofs by interval branch and bound (proofcheck.prove), their certificates and the independent checker.

Soundness first: claims false only within 1e-7 of one point, only at a boundary point, only at one
integer, or only at one interior point are never proved; tampered certificates (another claim, a box
removed, a box widened beyond the domain, another fingerprint) are refused. True claims with a positive
margin are proved in 1 and 2 dimensions, over a log-scale coordinate and over a simplex, with the
values of the proof (boxes, margins, domain) asserted.
"""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import sympy as sp
from hypothesis import strategies as st

from proofcheck.errors import OutsideDomain
from proofcheck import Claim, Hypothesis, Source, integer, log_real, real, simplex
from proofcheck import strategies as pst
from proofcheck.prove.certificate import certificate_of, check_certificate
from proofcheck.prove.cover import first_gap
from proofcheck.measures import NoBoxForm
from proofcheck.prove import Budget, prove_claim
from proofcheck.prove.branch import geometric_split, split
from proofcheck.prove.domain import claim_domains
from inline_claims import TRUE_CLAIMS, claims_file

ROOT = Path(__file__).resolve().parents[1]
L, R = sp.symbols("L R", real=True)
SMALL = Budget(max_boxes=600, max_depth=40)


def claim(cid, variables, statement, quantities, strategy, hypotheses=()):
    return Claim(id=cid, title=cid, source=Source("tests", "inline", cid), variables=variables,
                 statement=statement, quantities=quantities, strategy=strategy, hypotheses=hypotheses)


def x_of(c, m):
    return m.value(c["x"])


# ----------------------------------------------------------------------------- true claims, proved
EXP_ABOVE_LINE = claim("mine.exp-above-x", (real("x", -2, 3),), sp.Gt(L, R),
                       {"L": lambda c, m: m.exp(x_of(c, m)), "R": x_of}, st.fixed_dictionaries({"x": pst.reals(-2, 3)}))
AM_GM = claim("mine.am-gm-slack", (real("x", -1, 1), real("y", -1, 1)), sp.Le(L, R),
              {"L": lambda c, m: x_of(c, m) * m.value(c["y"]),
               "R": lambda c, m: (x_of(c, m) ** 2 + m.value(c["y"]) ** 2) / 2 + Fraction(1, 10)},
              st.fixed_dictionaries({"x": pst.reals(-1, 1), "y": pst.reals(-1, 1)}))
LOG_BELOW = claim("mine.log-below-chord", (log_real("d", 1e-3, 1e3),), sp.Le(L, R),
                  {"L": lambda c, m: m.log(m.value(c["d"])), "R": lambda c, m: m.value(c["d"]) - 1 + Fraction(1, 10)},
                  st.fixed_dictionaries({"d": pst.log_reals(1e-3, 1e3)}))
SQUARES = claim("mine.sum-of-squares", (simplex("P", size=3),), sp.Ge(L, R),  # Σ p_i² ≥ 1/4 < 3/10 on 4 points
                {"L": lambda c, m: sum((p * p for p in m.vector(c["P"])), 0), "R": lambda c, m: Fraction(3, 10)},
                st.fixed_dictionaries({"P": pst.priors(3)}))


def test_a_1d_claim_is_proved_with_its_smallest_margin():
    p = prove_claim(EXP_ABOVE_LINE, SMALL)
    ev = p.evidence()
    assert p.proved and ev["status"] == "proved"
    assert ev["domain"] == "x ∈ [-2, 3]"
    assert ev["boxes"] == ev["decided"] == len(p.parts[0].outcome.leaves) and ev["excluded"] == 0
    assert 0 < ev["smallest_certified_margin"] <= 1.0  # a lower bound of min (e^x − x) = 1, at x = 0
    assert ev["summary"] == f"proved on x ∈ [-2, 3] ({ev['boxes']} boxes)"


def test_a_2d_claim_and_a_log_scale_claim_are_proved():
    p = prove_claim(AM_GM, SMALL)
    assert p.proved and 0 < p.evidence()["smallest_certified_margin"] <= 0.1
    q = prove_claim(LOG_BELOW, SMALL)
    assert q.proved
    ends = {lo for leaf in q.parts[0].outcome.leaves for lo, _ in leaf.box}
    assert Fraction(1) in ends  # the log-scale root [1/1000, 1000] is split at its geometric mean, 1


def test_a_simplex_is_covered_exactly_and_outside_boxes_are_said():
    assert prove_claim(SQUARES, SMALL).proved
    undeclared = claim(SQUARES.id, (simplex("P"),), SQUARES.statement, SQUARES.quantities, SQUARES.strategy)
    assert prove_claim(undeclared, SMALL).status == "proved-for-sizes"  # the 3 points drawn only, not declared
    p = prove_claim(SQUARES, Budget(max_boxes=600, max_depth=40, mean_value=False))  # Σ p_i² ≥ 1/3 > 3/10
    ev = p.evidence()
    assert p.proved, ev
    assert ev["domain"] == "P a distribution on 3 points"
    assert ev["outside"] > 0 and ev["decided"] > 0
    reasons = {leaf.detail["reason"] for leaf in p.parts[0].outcome.leaves if leaf.kind == "outside"}
    assert reasons == {"outside the simplex (P: the free entries sum above 1 on the whole box)"}
    doc = json.loads(json.dumps(certificate_of(p)))
    assert check_certificate(doc, [SQUARES]).proves  # the checker re-derives the parametrisation and its cover
    assert doc["parts"][0]["domain"]["simplex"]["P"].startswith("coordinates: the entries [0], [1] of P")


def test_a_hypothesis_that_fails_on_a_whole_box_makes_it_outside():
    cl = claim("mine.with-hypothesis", (real("x", 0, 1),), sp.Ge(L, R), {"L": lambda c, m: 2 * x_of(c, m),
               "R": lambda c, m: Fraction(1, 2), "x": x_of}, st.fixed_dictionaries({"x": pst.reals(0, 1)}),
               hypotheses=(Hypothesis("x ≥ 1/2", sp.Ge(sp.Symbol("x"), sp.Rational(1, 2))),))
    p = prove_claim(cl, SMALL)
    assert p.proved
    assert p.evidence()["outside"] >= 1
    assert all(leaf.box[0][1] <= Fraction(1, 2) for leaf in p.parts[0].outcome.leaves if leaf.kind == "outside")
    bare = claim("mine.without-hypothesis", cl.variables, cl.statement, cl.quantities, cl.strategy)
    assert prove_claim(bare, SMALL).status == "refuted"


def test_a_quantity_outside_on_a_whole_box_is_outside():
    def half(c, m):
        if x_of(c, m) < Fraction(1, 2):  # a ball answers only when the whole box is on one side
            raise OutsideDomain("x < 1/2")
        return 2 * x_of(c, m)
    cl = claim("mine.quantity-outside", (real("x", 0, 1),), sp.Ge(L, R), {"L": half, "R": lambda c, m: Fraction(1, 2)},
               st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    p = prove_claim(cl, SMALL)
    ev = p.evidence()
    assert ev["outside"] >= 1 and ev["decided"] >= 1
    # a box [1/2 − h, 1/2] holds the in-domain point 1/2 and points the quantity refuses, and the ball of
    # [1/2, 1/2 + h] reaches below 1/2 by arb's rounding of its radius: both are never decided
    assert p.status == "sub-domain"
    (region,) = ev["excluded_region"]
    lo, hi = (Fraction(x) for x in region["hull"]["x"])
    assert Fraction(1, 2) - Fraction(1, 2**30) < lo < Fraction(1, 2) < hi < Fraction(1, 2) + Fraction(1, 2**30)


def test_enumerated_integers_are_decided_value_by_value():
    cl = claim("mine.integer", (integer("n", 1, 40),), sp.Ge(L, R), {"L": lambda c, m: c["n"] ** 2,
               "R": lambda c, m: c["n"]}, st.fixed_dictionaries({"n": st.integers(1, 40)}))
    p = prove_claim(cl, SMALL)
    assert p.proved
    assert sorted(leaf.box[0][0] for leaf in p.parts[0].outcome.leaves) == list(range(1, 41))
    assert p.evidence()["smallest_certified_margin"] == 0.0  # n² − n = 0 at n = 1, exactly


# ----------------------------------------------------------------------------- false claims, never proved
def test_false_only_within_1e_minus_7_of_one_point_is_never_proved():
    c0 = Fraction(1, 3)  # (x − 1/3)² ≥ 10⁻¹⁴ fails only for |x − 1/3| < 10⁻⁷
    cl = claim("mine.rare-near-a-point", (real("x", 0, 1),), sp.Ge(L, R),
               {"L": lambda c, m: (x_of(c, m) - c0) ** 2, "R": lambda c, m: Fraction(1, 10**14)},
               st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    p = prove_claim(cl, Budget(max_boxes=2000, max_depth=60))
    assert not p.proved
    assert p.status in ("refuted", "sub-domain")
    if p.status == "refuted":
        (lo, hi), = p.parts[0].outcome.where
        assert lo > c0 - Fraction(1, 10**7) and hi < c0 + Fraction(1, 10**7)


def test_false_only_at_the_boundary_point_is_never_proved():
    cl = claim("mine.rare-at-hi", (real("x", 0, 1),), sp.Lt(L, R), {"L": x_of, "R": lambda c, m: 1},
               st.fixed_dictionaries({"x": pst.reals(0, 1)}))  # x < 1 fails only at x = 1
    p = prove_claim(cl, Budget(max_boxes=2000, max_depth=60))
    assert not p.proved and p.status == "sub-domain"
    (region,) = p.evidence()["excluded_region"]
    assert region["hull"]["x"][1] == "1" and region["share_of_domain"] < 1e-15


def test_false_only_at_one_interior_point_or_one_integer_is_never_proved():
    cl = claim("mine.rare-interior", (real("x", 0, 1),), sp.Gt(L, R),
               {"L": lambda c, m: (x_of(c, m) - Fraction(1, 3)) ** 2, "R": lambda c, m: 0},
               st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    assert prove_claim(cl, Budget(max_boxes=2000, max_depth=60)).status == "sub-domain"
    cn = claim("mine.rare-integer", (integer("n", 1, 50),), sp.Ge(L, R), {"L": lambda c, m: (c["n"] - 37) ** 2,
               "R": lambda c, m: 1}, st.fixed_dictionaries({"n": st.integers(1, 50)}))
    p = prove_claim(cn, SMALL)
    assert p.status == "refuted" and p.parts[0].outcome.where == ((37, 37),)


def test_the_prover_path_reads_the_case_as_the_box_path_does():
    """m.value/num/vector/matrix/is_inf on the prover's path are the box path's readings (a Ball as it is, an
    exact number exact), whatever the measures declare them as: the prover's context has no `value`."""
    from mechanisms.numerics.context import Ball
    from proofcheck.measures import BOX
    from proofcheck.prove.tight import path

    m, ball = path(), Ball.of(Fraction(1), Fraction(2))
    assert m.value(ball) is ball and m.value(3) == 3 and type(m.value(3)) is int
    assert m.value(Fraction(1, 3)) == Fraction(1, 3) == BOX.value(Fraction(1, 3))
    assert [m.value(x) for x in m.vector([Fraction(1, 4), Fraction(3, 4)])] == [Fraction(1, 4), Fraction(3, 4)]
    # a claim read through m.value (ints and rationals) is proved where it holds, and refused where it fails
    # at one integer only
    good = claim("mine.value-reading", (integer("n", 1, 9), real("x", 0, 1)), sp.Le(L, R),
                 {"L": lambda c, m: m.value(c["x"]) * m.value(c["n"]), "R": lambda c, m: m.value(c["n"]) + Fraction(1, 100)},
                 st.fixed_dictionaries({"n": st.integers(1, 9), "x": pst.reals(0, 1)}))
    assert prove_claim(good, SMALL).proved
    bad = claim("mine.value-reading-false-at-7", (integer("n", 1, 9), real("x", 0, 1)), sp.Le(L, R),
                {"L": lambda c, m: m.value(c["x"]) * m.value(c["n"]),
                 "R": lambda c, m: m.value(c["n"]) - (Fraction(1, 100) if c["n"] == 7 else -Fraction(1, 100))},
                st.fixed_dictionaries({"n": st.integers(1, 9), "x": pst.reals(0, 1)}))
    p = prove_claim(bad, SMALL)
    assert not p.proved and p.status == "refuted" and p.parts[0].outcome.where[0] == (7, 7)


def test_an_equality_is_never_proved_by_intervals():
    cl = claim("mine.identity", (real("x", 0, 1),), sp.Eq(L, R), {"L": lambda c, m: x_of(c, m) + x_of(c, m),
               "R": lambda c, m: 2 * x_of(c, m)}, st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    p = prove_claim(cl, SMALL)
    assert not p.proved and p.status == "not-provable" and "equality" in p.reason and p.parts == []


def test_unbounded_domains_and_routes_without_a_box_form_are_said():
    cl = claim("mine.unbounded", (real("x", 0, None),), sp.Ge(L, R), {"L": x_of, "R": lambda c, m: -1},
               st.fixed_dictionaries({"x": st.floats(0, 10)}))
    assert "no finite upper bound" in prove_claim(cl, SMALL).reason

    def blocked(c, m):
        if not isinstance(c["x"], Fraction):
            raise NoBoxForm("m.fake_route has no form over boxes (it is not written over the numeric context)")
        return x_of(c, m)
    cb = claim("mine.blocked", (real("x", 0, 1),), sp.Ge(L, R), {"L": blocked, "R": lambda c, m: -1},
               st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    p = prove_claim(cb, SMALL)
    assert p.status == "blocked" and p.evidence()["blocked_by"] == ["fake_route"]


# ----------------------------------------------------------------------------- the mean-value form
# τ + log(1 − 1/α) ≤ τ (the shape of the improved RDP conversion against the basic one): plain enclosures of
# the two sides overlap unless τ's box is narrower than the gap, −log(1 − 1/α) ≥ log(4/3)
DEPENDENT = claim("mine.dependent-sides", (real("t", 0, 1000), real("a", 2, 4)), sp.Le(L, R),
                  {"L": lambda c, m: m.value(c["t"]) + m.log(1 - 1 / m.value(c["a"])), "R": lambda c, m: m.value(c["t"])},
                  st.fixed_dictionaries({"t": pst.reals(0, 1000), "a": pst.reals(2, 4)}))


def test_the_mean_value_form_decides_sides_that_move_together():
    plain = prove_claim(DEPENDENT, Budget(max_boxes=300, max_depth=40, mean_value=False))
    assert plain.status == "sub-domain"  # τ would need boxes narrower than 0.29: thousands of them
    p = prove_claim(DEPENDENT, SMALL)
    ev = p.evidence()
    assert p.proved and ev["boxes"] <= 8  # ∂(rhs − lhs)/∂τ = 0 exactly: τ is never split
    assert all(leaf.box[0] == (0, 1000) for leaf in p.parts[0].outcome.leaves)
    assert all("mean_value_at" in leaf.detail for leaf in p.parts[0].outcome.leaves)
    assert 0 < ev["smallest_certified_margin"] <= 0.2877  # a lower bound of min −log(1 − 1/α) = log(4/3)


def test_a_mean_value_certificate_is_re_checked_and_a_moved_point_refused():
    doc = json.loads(json.dumps(certificate_of(prove_claim(DEPENDENT, SMALL))))
    assert check_certificate(doc, [DEPENDENT]).proves
    moved = copy.deepcopy(doc)
    moved["parts"][0]["boxes"][0]["decided"]["mean_value_at"] = ["1001", "3"]  # outside the box
    res = check_certificate(moved, [DEPENDENT])
    assert not res.proves and any("mean-value form" in x for x in res.lines)


def test_derivatives_are_unknown_once_a_plain_ball_enters():
    from proofcheck.prove.mean_value import jet_margin

    hulled = claim("mine.hull", (real("x", 0, 1),), sp.Le(L, R), {"L": lambda c, m: m.hull(x_of(c, m)),
                   "R": lambda c, m: x_of(c, m) + 1}, st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    (d,) = claim_domains(hulled)
    assert jet_margin(hulled, d, d.root()) is None  # m.hull's ball carries no derivative: never taken as constant
    (d,) = claim_domains(DEPENDENT)
    g = jet_margin(DEPENDENT, d, d.root())
    assert g.d[0] == 0  # exactly: τ's derivative 1 on both sides
    assert g.d[1] < 0 and g.d[1].contains(-1 / (2 * 1)) and g.d[1].contains(-1 / (4 * 3))  # −1/(α(α − 1)) on [2, 4]


def max_above_mean(cid, slack):
    """max(x, y) + |x − y|/4 ≥ (x + y)/2 + slack on [−1, 1]²: the margin is 3|x − y|/4 − slack, with kinks of
    max and |·| all along the diagonal x = y."""
    xy = st.fixed_dictionaries({"x": pst.reals(-1, 1), "y": pst.reals(-1, 1)})
    return claim(cid, (real("x", -1, 1), real("y", -1, 1)), sp.Ge(L, R),
                 {"L": lambda c, m: m.max(x_of(c, m), m.value(c["y"])) + m.abs(x_of(c, m) - m.value(c["y"])) / 4,
                  "R": lambda c, m: (x_of(c, m) + m.value(c["y"])) / 2 + slack}, xy)


def test_across_a_kink_the_mean_value_form_uses_the_hull_of_the_branches():
    from proofcheck.prove.mean_value import jet_margin

    loose = max_above_mean("mine.max-above-mean", Fraction(-1, 50))
    (d,) = claim_domains(loose)
    g = jet_margin(loose, d, d.root())  # the root box straddles the diagonal: every branch may be taken
    assert g.d is not None
    assert g.d[0].contains(-0.75) and g.d[0].contains(0.75)  # ∂/∂x of 3|x − y|/4, both signs
    assert not g.d[0].contains(1)  # max: [0, 1], |·|/4: [−1/4, 1/4], −1/2: the hull is [−3/4, 3/4]
    p = prove_claim(loose, Budget(max_boxes=2000, max_depth=40))
    assert p.proved and 0 < p.evidence()["smallest_certified_margin"] <= 0.02
    assert any("mean_value_at" in leaf.detail and leaf.box[0][0] < leaf.box[1][1] and leaf.box[1][0] < leaf.box[0][1]
               for leaf in p.parts[0].outcome.leaves)  # boxes across the diagonal, decided by the hull
    assert check_certificate(json.loads(json.dumps(certificate_of(p))), [loose]).proves


def test_a_claim_false_only_on_the_kink_is_never_proved():
    false = max_above_mean("mine.max-above-mean-false", Fraction(1, 10**9))  # fails by 1e-9 on the whole diagonal
    p = prove_claim(false, Budget(max_boxes=3000, max_depth=40))
    assert not p.proved and p.status == "sub-domain"
    decided = [leaf.box for leaf in p.parts[0].outcome.leaves if leaf.kind == "decided"]
    assert len(decided) > 100 and not any(x[0] <= y[1] and y[0] <= x[1] for x, y in decided)  # none meets x = y


def test_the_factored_margin_is_given_up_where_it_decides_nothing(monkeypatch):
    import proofcheck.prove.decide as decide
    from proofcheck.prove.branch import SYMBOLIC_TRIES

    calls = []
    monkeypatch.setattr(decide, "symbolic_reason", lambda *a: calls.append(a) or None)
    monkeypatch.setattr(decide, "decide_by_faces", lambda *a: None)
    tight = claim("mine.am-gm-tight", (real("x", -1, 1), real("y", -1, 1)), sp.Le(L, R),
                  {"L": lambda c, m: x_of(c, m) * m.value(c["y"]),
                   "R": lambda c, m: (x_of(c, m) ** 2 + m.value(c["y"]) ** 2) / 2},
                  st.fixed_dictionaries({"x": pst.reals(-1, 1), "y": pst.reals(-1, 1)}))  # tight along x = y
    p = prove_claim(tight, Budget(max_boxes=400, max_depth=40))
    assert p.parts[0].outcome.evaluations == 400 and len(calls) == SYMBOLIC_TRIES  # tried, never deciding: given up


def chord_below(cid, c):
    """The chord of the unit circle, √((1 − cos θ)² + sin² θ) = 2 sin(θ/2) = θ − θ³/24 + …, ≤ θ − θ³/c on
    [0, 3]: true for c = 30 (tied to third order at θ = 0), false near 0 for c = 20."""
    chord = lambda k, m: m.sqrt((1 - m.cos(m.num(k["t"]))) ** 2 + m.sin(m.num(k["t"])) ** 2)  # noqa: E731
    return claim(cid, (real("t", 0, 3),), sp.Le(L, R),
                 {"L": chord, "R": lambda k, m: m.num(k["t"]) - m.num(k["t"]) ** 3 / c},
                 st.fixed_dictionaries({"t": pst.reals(0, 3)}))


def test_a_square_root_tied_at_a_point_is_decided_by_squaring():
    from proofcheck.prove.symbolic import sign_on_box

    x = sp.Symbol("x0", real=True)
    near_zero = ((Fraction(0), Fraction(1, 100)),)
    assert sign_on_box(x - sp.sqrt(2 - 2 * sp.cos(x)), [x], near_zero) == "nonneg"  # x² ≥ 2 − 2cos x, tied at 0
    assert sign_on_box(x / 2 - sp.sqrt(2 - 2 * sp.cos(x)), [x], ((Fraction(1, 100), Fraction(1, 10)),)) == "neg"
    true = chord_below("mine.chord-below-cubic", 30)
    p = prove_claim(true, SMALL)
    assert p.proved
    assert any(leaf.box[0][0] == 0 and leaf.detail.get("decided_by", {}).get("by") == "symbolic"
               for leaf in p.parts[0].outcome.leaves)  # the box at θ = 0, where both sides are 0
    assert check_certificate(json.loads(json.dumps(certificate_of(p))), [true]).proves


def test_a_square_root_claim_false_near_its_tie_is_never_proved():
    false = chord_below("mine.chord-below-cubic-false", 20)  # fails on all of (0, 3]: by about θ³/120 near 0
    p = prove_claim(false, SMALL)
    assert not p.proved and p.status in ("refuted", "sub-domain")


def tiny_exp_above(cid, bound):
    """e^x ≥ bound on x ∈ [−350, −300]: e^(−350) ≈ 1.0e−152."""
    return claim(cid, (real("x", -350, -300),), sp.Ge(L, R),
                 {"L": lambda c, m: m.exp(x_of(c, m)), "R": lambda c, m: m.num(bound)},
                 st.fixed_dictionaries({"x": pst.reals(-350, -300)}))


def test_a_monotone_function_of_a_wide_box_keeps_its_least_value():
    from mechanisms.numerics.context import Ball
    from proofcheck.measures import BOX
    from proofcheck.prove.tight import floor_of, path

    wide = Ball.of(-350, -320)
    assert not BOX.exp(wide).arb > 0  # arb's ball about the midpoint reaches below 0
    e = path().exp(wide)
    assert not e.arb > 0 and 0 < floor_of(e) < 1.1e-152  # the hull of the ends; its floor e^(−350)
    assert floor_of(e + 0) is None  # arithmetic drops it
    assert path().sqrt(Ball.of(0, 4)).arb.lower() == 0 and path().log(Ball.of(2, 3)).arb > 0
    true = tiny_exp_above("mine.tiny-exp", Fraction(1, 10**160))
    p = prove_claim(true, SMALL)
    assert p.proved and p.leaves() == 1  # one box: the root, decided by its floor
    assert 0 < p.evidence()["smallest_certified_margin"] < 1.1e-152
    assert check_certificate(json.loads(json.dumps(certificate_of(p))), [true]).proves


def test_a_floor_never_decides_a_false_bound():
    false = tiny_exp_above("mine.tiny-exp-false", Fraction(1, 10**151))  # e^x < 1e−151 on [−350, −347.7]
    p = prove_claim(false, SMALL)
    assert not p.proved and p.status in ("refuted", "sub-domain")


def test_the_coordinate_split_first_is_sensitive_but_not_much_narrower_than_the_others():
    from proofcheck.prove.branch import SPREAD, most_sensitive

    (d,) = claim_domains(AM_GM)  # x, y ∈ [−1, 1]
    narrow_x = ((Fraction(0), Fraction(1, 8 * SPREAD)), (Fraction(-1), Fraction(1)))
    assert most_sensitive(d, narrow_x, {0: 5.0, 1: 1.0}) == 1  # x is 16 × 8 times narrower: y is split
    even = ((Fraction(0), Fraction(1)), (Fraction(-1), Fraction(1)))
    assert most_sensitive(d, even, {0: 5.0, 1: 1.0}) == 0
    assert most_sensitive(d, even, {0: 0.0, 1: 0.0}) == 1  # no derivative: the widest


# ----------------------------------------------------------------------------- budgets
def test_the_budget_is_counted_and_the_outcome_deterministic():
    # |x − y| ≥ (x − y)²/2 is tight along the diagonal, where |·| has no derivative and no formula here: the boxes
    # along it stay undecided (x·y ≤ x, tight along x = 0, is now proved: test_a_bound_attained_on_an_edge_...)
    tight = claim("mine.tight-on-diagonal", (real("x", 0, 1), real("y", 0, 1)), sp.Ge(L, R),
                  {"L": lambda c, m: m.abs(x_of(c, m) - m.value(c["y"])),
                   "R": lambda c, m: (x_of(c, m) - m.value(c["y"])) ** 2 / 2},
                  st.fixed_dictionaries({"x": pst.reals(0, 1), "y": pst.reals(0, 1)}))
    budget = Budget(max_boxes=300, max_depth=40)
    a, b = prove_claim(tight, budget), prove_claim(tight, budget)
    assert a.status == "sub-domain" and a.parts[0].outcome.evaluations == 300
    assert [(x.box, x.kind) for x in a.parts[0].outcome.leaves] == [(x.box, x.kind) for x in b.parts[0].outcome.leaves]
    assert a.evidence()["excluded_region"][0]["hull"]["x"][0] == "0"
    stopped = prove_claim(tight, Budget(max_boxes=300, max_depth=40, seconds=1e-9))
    assert stopped.status == "stopped" and not stopped.proved


def test_splits_are_exact_and_inside():
    lo, hi = Fraction(1, 1000), Fraction(1000)
    assert geometric_split(lo, hi) == 1
    g = geometric_split(Fraction(99999, 100000), Fraction(1))
    assert Fraction(99999, 100000) < g < 1
    (d,) = claim_domains(EXP_ABOVE_LINE)
    assert split(d, ((Fraction(-2), Fraction(3)),), 0) == [((-2, Fraction(1, 2)),), ((Fraction(1, 2), 3),)]


def test_the_coverage_check_finds_gaps_exactly():
    root = ((Fraction(0), Fraction(1)), (Fraction(0), Fraction(1)))
    half = Fraction(1, 2)
    quarters = [((0, half), (0, half)), ((half, 1), (0, half)), ((0, half), (half, 1)), ((half, 1), (half, 1))]
    assert first_gap(root, quarters, [False, False]) is None
    gap = first_gap(root, quarters[:3], [False, False])
    assert gap == ((half, 1), (half, 1))
    assert first_gap(((0, 9),), [((0, 4),), ((6, 9),)], [True]) == ((5, 5),)


# ----------------------------------------------------------------------------- certificates
def test_a_certificate_is_re_checked_and_tampering_is_refused():
    p = prove_claim(AM_GM, SMALL)
    doc = json.loads(json.dumps(certificate_of(p)))
    claims = [AM_GM, EXP_ABOVE_LINE]
    ok = check_certificate(doc, claims)
    assert ok.proves and ok.lines[-1] == "PROVES mine.am-gm-slack on its declared domain"

    other = copy.deepcopy(doc)
    other["claim"] = "mine.exp-above-x"
    assert "fingerprint" in check_certificate(other, claims).lines[-1] and not check_certificate(other, claims).proves

    removed = copy.deepcopy(doc)
    box = removed["parts"][0]["boxes"].pop(len(removed["parts"][0]["boxes"]) // 2)
    res = check_certificate(removed, claims)
    assert not res.proves and "do not cover the domain" in res.lines[-1]
    assert str(Fraction(box["box"][0][0])) in res.lines[-1]  # the gap shown is the removed box's

    widened = copy.deepcopy(doc)
    widened["parts"][0]["boxes"][0]["box"][0] = ["-2", widened["parts"][0]["boxes"][0]["box"][0][1]]
    res = check_certificate(widened, claims)
    assert not res.proves and any("not inside the declared domain" in x for x in res.lines)

    forged = copy.deepcopy(doc)
    forged["fingerprint"] = "0" * 32
    assert not check_certificate(forged, claims).proves


def test_a_box_said_decided_that_is_not_is_refused():
    p = prove_claim(AM_GM, SMALL)
    doc = json.loads(json.dumps(certificate_of(p)))
    merged = copy.deepcopy(doc)  # one box for the whole square: lhs ∈ [−1, 1] and rhs ∈ [1/10, 11/10] overlap
    merged["parts"][0]["boxes"] = [{"box": [["-1", "1"], ["-1", "1"]], "decided": {"lhs": "[0, 0]", "rhs": "[1, 1]"}}]
    res = check_certificate(merged, [AM_GM])
    assert not res.proves and any("is said decided but is not" in x for x in res.lines)


def test_a_sub_domain_certificate_does_not_prove():
    cl = claim("mine.rare-at-hi", (real("x", 0, 1),), sp.Lt(L, R), {"L": x_of, "R": lambda c, m: 1},
               st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    p = prove_claim(cl, Budget(max_boxes=200, max_depth=30))
    res = check_certificate(json.loads(json.dumps(certificate_of(p))), [cl])
    assert not res.proves and any("are excluded (not decided)" in x for x in res.lines)


# ----------------------------------------------------------------------------- the run, the CLI, the helpers
CLAIMS_FILE = claims_file(TRUE_CLAIMS, '''
    Claim(id="mine.abs-diagonal", title="|x − y| ≥ (x − y)²/2 (attained along x = y)",
          source=Source("tests", "inline", "|x − y| ≥ (x − y)²/2"),
          variables=(real("x", 0, 1), real("y", 0, 1)), statement=sp.Ge(L, R),
          quantities={"L": lambda c, m: m.abs(x(c, m) - m.value(c["y"])),
                      "R": lambda c, m: (x(c, m) - m.value(c["y"])) ** 2 / 2},
          strategy=st.fixed_dictionaries({"x": pst.reals(0, 1), "y": pst.reals(0, 1)})),''')


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "proofcheck.cli", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def test_run_prove_writes_certificates_that_check_certificate_accepts(tmp_path):
    claims = tmp_path / "claims.py"
    claims.write_text(CLAIMS_FILE)
    out = tmp_path / "out"
    r = _cli("run", "--claims", str(claims), "--prove", "--cases", "50", "--out", str(out), "--quiet",
             "--prove-boxes", "400", cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "3 hold (2 of them proved on their whole domain)" in r.stdout
    doc = json.loads((out / "report.json").read_text())
    recs = {x["id"]: x for x in doc["claims"]}
    assert recs["mine.exp-above-x"]["proved"] is True
    assert recs["mine.xy-below-x"]["proved"] is True  # attained along x = 0: by the factored margin −x(y − 1)
    assert recs["mine.abs-diagonal"]["proved"] is False
    assert recs["mine.abs-diagonal"]["evidence"]["proof"]["status"] == "sub-domain"
    assert {s["id"]: s["proved"] for s in doc["statements"]} == {
        "mine.exp-above-x": True, "mine.xy-below-x": True, "mine.abs-diagonal": False}
    proof = recs["mine.exp-above-x"]["evidence"]["proof"]
    assert proof["certificate"] == "certificates/mine.exp-above-x.json"
    md = (out / "report.md").read_text()
    assert f"holds — proved on x ∈ [-2, 3] ({proof['boxes']} boxes)" in md

    cert = out / proof["certificate"]
    ok = _cli("check-certificate", str(cert), "--claims", str(claims), cwd=tmp_path)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.strip().endswith("PROVES mine.exp-above-x on its declared domain")
    edge = _cli("check-certificate", str(out / "certificates" / "mine.xy-below-x.json"), "--claims", str(claims),
                cwd=tmp_path)
    assert edge.returncode == 0 and edge.stdout.strip().endswith("PROVES mine.xy-below-x on its declared domain")
    sub = _cli("check-certificate", str(out / "certificates" / "mine.abs-diagonal.json"), "--claims", str(claims),
               cwd=tmp_path)
    assert sub.returncode == 1 and "excluded" in sub.stdout
    data = json.loads(cert.read_text())
    data["parts"][0]["boxes"].pop()
    cert.write_text(json.dumps(data))
    bad = _cli("check-certificate", str(cert), "--claims", str(claims), cwd=tmp_path)
    assert bad.returncode == 1 and "do not cover the domain" in bad.stdout
    assert _cli("check-certificate", str(tmp_path / "missing.json"), cwd=tmp_path).returncode == 2

    show = _cli("show", "mine.exp-above-x", "--claims", str(claims), "--from", str(out), cwd=tmp_path)
    assert show.returncode == 0 and f"verdict: holds — proved on x ∈ [-2, 3] ({proof['boxes']} boxes)" in show.stdout


SPIKE_AT = Fraction(123456789, 10**9)


def spike(c, m):  # 1 − 2·exp(−((x − c)/10⁻⁸)²): below 0 only within about 10⁻⁸ of c
    return 1 - 2 * m.exp(-(((x_of(c, m) - m.value(SPIKE_AT)) * 10**8) ** 2))


def test_assert_proved_passes_on_a_true_claim_and_fails_on_a_rare_false_one():
    from proofcheck.testing import assert_proved

    r = assert_proved(EXP_ABOVE_LINE, budget=SMALL, cases=30)
    assert r.evidence["proof"]["proved"] is True
    rare = claim("mine.spike", (real("x", 0, 1),), sp.Ge(L, R), {"L": spike, "R": lambda c, m: 0},
                 st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    with pytest.raises(AssertionError, match=r"holds in the search but is not proved: not proved \(refuted\)"):
        assert_proved(rare, budget=Budget(max_boxes=2000, max_depth=48), cases=30)


# ----------------------------------------------------------------------------- bounds attained on a set
XY_BELOW_X = claim("mine.xy-below-x", (real("x", 0, 1), real("y", 0, 1)), sp.Le(L, R),
                   {"L": lambda c, m: x_of(c, m) * m.value(c["y"]), "R": x_of},
                   st.fixed_dictionaries({"x": pst.reals(0, 1), "y": pst.reals(0, 1)}))


def test_a_bound_attained_on_an_edge_is_proved_by_the_factored_margin():
    p = prove_claim(XY_BELOW_X, SMALL)  # x·y ≤ x is attained along the whole edge x = 0 (and along y = 1)
    assert p.proved and p.leaves() == 1
    (leaf,) = p.parts[0].outcome.leaves
    assert leaf.detail["decided_by"] == {"by": "symbolic", "form": "-x0*(x1 - 1)"}
    doc = json.loads(json.dumps(certificate_of(p)))
    assert check_certificate(doc, [XY_BELOW_X]).proves
    forged = copy.deepcopy(doc)  # the same box said decided by its enclosures: they overlap, refused
    forged["parts"][0]["boxes"][0]["decided"]["decided_by"] = {"by": "enclosure"}
    res = check_certificate(forged, [XY_BELOW_X])
    assert not res.proves and any("do not decide" in x for x in res.lines)


def test_a_false_claim_attained_on_an_edge_is_refuted_not_proved():
    # x·y ≤ x − x·10⁻⁹ fails on the whole strip y > 1 − 10⁻⁹, x > 0: the form −x(y − 1 + 10⁻⁹) has no sign there
    cl = claim("mine.xy-below-x-less", (real("x", 0, 1), real("y", 0, 1)), sp.Le(L, R),
               {"L": lambda c, m: x_of(c, m) * m.value(c["y"]), "R": lambda c, m: x_of(c, m) * (1 - Fraction(1, 10**9))},
               st.fixed_dictionaries({"x": pst.reals(0, 1), "y": pst.reals(0, 1)}))
    p = prove_claim(cl, Budget(max_boxes=2000, max_depth=60))
    assert not p.proved and p.status in ("refuted", "sub-domain")


def test_a_branch_on_a_formula_is_refused_so_a_point_exception_is_never_proved():
    # x ≥ 0 on [0, 1], except that the code says −1 at exactly x = 0: false at one boundary point only
    cl = claim("mine.branch-at-zero", (real("x", 0, 1),), sp.Ge(L, R),
               {"L": lambda c, m: m.value(c["x"]) if c["x"] != 0 else m.num(-1), "R": lambda c, m: 0},
               st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    from proofcheck.prove.domain import claim_domains
    from proofcheck.prove.symbolic import margin_form

    assert margin_form(cl, claim_domains(cl)[0]) is None  # `c["x"] != 0` asked of a formula: no formula
    p = prove_claim(cl, Budget(max_boxes=2000, max_depth=60))
    assert not p.proved


def test_signs_of_factors_are_decided_by_enclosures_faces_and_exact_points():
    from proofcheck.numerics import precision
    from proofcheck.prove.symbolic import sign_on_box

    x, y = sp.Symbol("x0", real=True), sp.Symbol("x1", real=True)
    box = ((Fraction(0), Fraction(50)), (Fraction(1), Fraction(10**6)))
    with precision(128):
        assert sign_on_box(sp.exp(x) - 1, [x, y], box) == "nonneg"  # e^x − 1: 0 at x = 0 exactly, growing
        assert sign_on_box(sp.exp(x) - 1, [x, y], ((Fraction(1, 10**9), Fraction(1)), box[1])) == "pos"
        assert sign_on_box(y + sp.exp(x) - 1, [x, y], box) == "pos"
        assert sign_on_box((sp.exp(x) - 1) * sp.exp(x) / (y * (y + sp.exp(x) - 1)), [x, y], box) == "nonneg"
        assert sign_on_box(x - 1, [x, y], box) is None  # both signs over the box
        assert sign_on_box(sp.exp(x) - 1 - Fraction(1, 10**30), [x, y], box) is None  # < 0 near x = 0


def test_a_face_tree_is_re_checked_and_a_wrong_face_refused():
    from proofcheck.numerics import precision
    from proofcheck.prove.domain import claim_domains
    from proofcheck.prove.faces import check_reason, decide_by_faces
    from proofcheck.prove.mean_value import jet_margin

    # x·(1 + tanh y) ≥ 0: attained along the edge x = 0, where the margin is exactly 0; tanh has no formula
    cl = claim("mine.tanh-edge", (real("x", 0, 1), real("y", 0, 1)), sp.Ge(L, R),
               {"L": lambda c, m: x_of(c, m) * (1 + m.tanh(m.value(c["y"]))), "R": lambda c, m: 0},
               st.fixed_dictionaries({"x": pst.reals(0, 1), "y": pst.reals(0, 1)}))
    d = claim_domains(cl)[0]
    box = ((Fraction(0), Fraction(1, 8)), (Fraction(0), Fraction(1, 8)))
    with precision(128):
        tree = decide_by_faces(cl, d, box, jet_margin(cl, d, box), strict=False)
        assert tree == {"monotone": {"coordinate": 0, "end": "lo", "face": {"by": "enclosure"}}}
        assert check_reason(cl, d, box, tree, strict=False) == (True, "")
        wrong = copy.deepcopy(tree)
        wrong["monotone"]["end"] = "hi" if tree["monotone"]["end"] == "lo" else "lo"
        ok, why = check_reason(cl, d, box, wrong, strict=False)
        assert not ok and "sign" in why


def test_check_claim_with_prove_attaches_a_proof():
    from proofcheck.runs.engine import check_claim

    r = check_claim(EXP_ABOVE_LINE, cases=30, prove=SMALL)
    assert r.verdict == "holds" and r.evidence["proof"]["proved"] is True
    assert r.evidence["proof"]["summary"].startswith("proved on x ∈ [-2, 3]")


PROVED_SAMPLE = ("s000.claim.A1-upper-by-e-xi-over-n", "s002.claim.A1-post-upper-by-e-xi-over-n",
                 "s004.claim.eq1-figures", "s001.claim.bernoulli-not-uniformly-lipschitz",
                 "s004.claim.binary-never-zero")


def test_a_sample_of_printed_statements_is_proved_and_their_certificates_accepted():
    from proofcheck import registry

    claims = registry.builtin_claims()
    for cid in PROVED_SAMPLE:
        c = registry.find(claims, cid)
        p = prove_claim(c, Budget(max_boxes=400, max_depth=48))  # counted: the same boxes on every machine
        assert p.proved, (cid, p.summary())
        res = check_certificate(json.loads(json.dumps(certificate_of(p))), claims)
        assert res.proves, (cid, res.lines)


def test_a_step_function_over_a_box_is_an_integer_where_decided_and_encloses_the_steps_elsewhere():
    import math

    from mechanisms.numerics.context import Ball

    assert math.ceil(Ball.of(Fraction(11, 10), Fraction(3, 2))) == 2
    assert math.floor(Ball.of(Fraction(11, 10), Fraction(3, 2))) == 1
    both = math.ceil(Ball.of(Fraction(1), Fraction(3, 2)))  # ⌈1⌉ = 1, ⌈1.2⌉ = 2: both values enclosed
    assert isinstance(both, Ball) and both.arb.lower() <= 1 and both.arb.upper() >= 2 and both.arb.upper() < 2.001
    down = math.floor(Ball.of(Fraction(-3, 2), Fraction(-1, 10)))
    assert down.arb.lower() <= -2 and down.arb.upper() >= -1 and down.arb.upper() < -0.999


def test_pinsker_on_separated_bernoulli_pairs_is_proved_and_its_certificate_accepted():
    from proofcheck import registry

    claims = registry.load_claims_file(str(ROOT / "examples" / "textbook_claims.py"))
    c = registry.find(claims, "textbook.pinsker-separated-bernoulli")
    p = prove_claim(c, Budget(max_boxes=400, max_depth=48))
    assert p.proved, p.summary()
    assert p.domain_text == "p ∈ [0.01, 0.99], q ∈ [0.01, 0.99]"
    assert check_certificate(json.loads(json.dumps(certificate_of(p))), claims).proves
