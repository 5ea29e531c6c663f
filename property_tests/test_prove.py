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

from mechanisms.errors import OutsideDomain
from proofcheck import Claim, Hypothesis, Source, integer, log_real, real, simplex
from proofcheck import strategies as pst
from proofcheck.certificate import certificate_of, check_certificate
from proofcheck.prove.cover import first_gap
from proofcheck.measures import NoBoxForm
from proofcheck.prove import Budget, prove_claim
from proofcheck.prove.branch import geometric_split, split
from proofcheck.prove.domain import claim_domains

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
SQUARES = claim("mine.sum-of-squares", (simplex("P"),), sp.Ge(L, R),
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


# ----------------------------------------------------------------------------- budgets
def test_the_budget_is_counted_and_the_outcome_deterministic():
    tight = claim("mine.tight-at-zero", (real("x", 0, 1), real("y", 0, 1)), sp.Le(L, R),
                  {"L": lambda c, m: x_of(c, m) * m.value(c["y"]), "R": x_of},
                  st.fixed_dictionaries({"x": pst.reals(0, 1), "y": pst.reals(0, 1)}))  # x·y ≤ x: tight along x = 0
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
CLAIMS_FILE = '''
from fractions import Fraction
import sympy as sp
from hypothesis import strategies as st
from proofcheck import Claim, Source, real
from proofcheck import strategies as pst

L, R = sp.symbols("L R", real=True)

def x(c, m):
    return m.value(c["x"])

CLAIMS = [
    Claim(id="mine.exp-above-x", title="e^x > x", source=Source("tests", "inline", "e^x > x"),
          variables=(real("x", -2, 3),), statement=sp.Gt(L, R),
          quantities={"L": lambda c, m: m.exp(x(c, m)), "R": x}, strategy=st.fixed_dictionaries({"x": pst.reals(-2, 3)})),
    Claim(id="mine.xy-below-x", title="x·y ≤ x (attained along x = 0)", source=Source("tests", "inline", "xy ≤ x"),
          variables=(real("x", 0, 1), real("y", 0, 1)), statement=sp.Le(L, R),
          quantities={"L": lambda c, m: x(c, m) * m.value(c["y"]), "R": x},
          strategy=st.fixed_dictionaries({"x": pst.reals(0, 1), "y": pst.reals(0, 1)})),
]
'''


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
    assert "2 hold (1 of them proved on their whole domain)" in r.stdout
    doc = json.loads((out / "report.json").read_text())
    recs = {x["id"]: x for x in doc["claims"]}
    assert recs["mine.exp-above-x"]["proved"] is True
    assert recs["mine.xy-below-x"]["proved"] is False
    assert recs["mine.xy-below-x"]["evidence"]["proof"]["status"] == "sub-domain"
    assert {s["id"]: s["proved"] for s in doc["statements"]} == {"mine.exp-above-x": True, "mine.xy-below-x": False}
    proof = recs["mine.exp-above-x"]["evidence"]["proof"]
    assert proof["certificate"] == "certificates/mine.exp-above-x.json"
    md = (out / "report.md").read_text()
    assert f"holds — proved on x ∈ [-2, 3] ({proof['boxes']} boxes)" in md

    cert = out / proof["certificate"]
    ok = _cli("check-certificate", str(cert), "--claims", str(claims), cwd=tmp_path)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.strip().endswith("PROVES mine.exp-above-x on its declared domain")
    sub = _cli("check-certificate", str(out / "certificates" / "mine.xy-below-x.json"), "--claims", str(claims),
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
