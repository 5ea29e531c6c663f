"""What a proof by boxes covers: declared sizes, vacuous covers, and variables it cannot cover.

* A distribution that declares no size (``simplex("P")``) is covered only at the sizes its strategy draws:
  at best "proved-for-sizes", with the sizes listed, never ``proved``. ``max(P) ≥ 2/5`` holds on 2 points
  (max ≥ 1/2) and fails on 3 (the uniform law has max 1/3): proved with ``size=2`` declared, refuted at
  size 3 wherever size 3 is covered.
* Sizes are validated where they are declared (InvalidInput naming the bad value), and a draw of another size
  is outside the declared domain.
* A cover in which every box is outside is "vacuous"; a proof that says a box holding a case the search
  admitted is outside is not accepted.
* A gain function has no cover by boxes: "not-provable", no exception.
"""
from __future__ import annotations

import copy
import json
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import strategies as st

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import Ball
from proofcheck import Claim, Hypothesis, Source, channel, gain, real, simplex, vector
from proofcheck import strategies as pst
from proofcheck.prove.certificate import certificate_of, check_certificate
from proofcheck.claim import Var
from proofcheck.errors import OutsideDomain
from proofcheck.prove import Budget, against_search, prove_claim
from proofcheck.prove.domain import NotProvable, claim_domains

L, R = sp.symbols("L R", real=True)
SMALL = Budget(max_boxes=600, max_depth=40)
TWO_FIFTHS = Fraction(2, 5)


def claim(cid, variables, statement, quantities, strategy, hypotheses=()):
    return Claim(id=cid, title=cid, source=Source("tests", "inline", cid), variables=variables,
                 statement=statement, quantities=quantities, strategy=strategy, hypotheses=hypotheses)


def max_above(cid, var, strategy):
    """max(P) ≥ 2/5."""
    return claim(cid, (var,), sp.Ge(L, R), {"L": lambda c, m: m.max(*m.vector(c["P"])), "R": lambda c, m: TWO_FIFTHS},
                 st.fixed_dictionaries({"P": strategy}))


TWO = pst.priors(2)
TWO_OR_THREE = st.one_of(pst.priors(2), pst.priors(3))
RARELY_THREE = st.integers(0, 49).flatmap(lambda i: pst.priors(3) if i == 17 else pst.priors(2))


# ----------------------------------------------------------------------------- sizes
def test_an_undeclared_size_is_proved_for_the_drawn_sizes_only_never_proved():
    p = prove_claim(max_above("mine.max-undeclared", simplex("P"), TWO), SMALL)
    assert p.status == "proved-for-sizes" and not p.proved
    ev = p.evidence()
    assert ev["proved"] is False and ev["status"] == "proved-for-sizes"
    assert ev["sizes"] == {"P": [2]} and ev["sizes_declared"] == {"P": False}
    assert ev["decided"] == 2 and ev["outside"] == 0 and ev["excluded"] == 0  # P[0] ∈ [0, 1/2] and [1/2, 1]
    assert ev["summary"].startswith("proved for sizes P ∈ {2} only (2 boxes): the size of P is not declared")
    assert 'simplex("P", size=2)' in ev["summary"]


def test_max_above_two_fifths_is_proved_on_two_points_declared():
    cl = max_above("mine.max-two", simplex("P", size=2), TWO)
    p = prove_claim(cl, SMALL)
    ev = p.evidence()
    assert p.proved and ev["status"] == "proved"
    assert ev["domain"] == "P a distribution on 2 points"
    assert ev["sizes"] == {"P": [2]} and ev["sizes_declared"] == {"P": True}
    assert ev["boxes"] == ev["decided"] == 2
    assert ev["smallest_certified_margin"] == pytest.approx(0.1)  # max(P) − 2/5 ≥ 1/2 − 2/5, attained at (1/2, 1/2)
    assert ev["summary"] == "proved on P a distribution on 2 points (2 boxes)"
    doc = json.loads(json.dumps(certificate_of(p)))
    res = check_certificate(doc, [cl])
    assert res.proves and res.lines[-1] == "PROVES mine.max-two on its declared domain"


def test_max_above_two_fifths_is_refuted_at_three_points_declared_or_drawn():
    declared = prove_claim(max_above("mine.max-two-three", simplex("P", sizes=(2, 3)), TWO_OR_THREE), SMALL)
    drawn = prove_claim(max_above("mine.max-two-three-drawn", simplex("P"), TWO_OR_THREE), SMALL)
    for p in (declared, drawn):
        assert p.status == "refuted" and not p.proved
        assert [q.domain.text() for q in p.parts] == ["P a distribution on 2 points", "P a distribution on 3 points"]
        assert [q.status for q in p.parts] == ["proved", "refuted"]
        (a, b), (c, d) = p.parts[1].outcome.where  # a box about the uniform law, where max(P) ≤ 3/8 < 2/5
        assert a <= Fraction(1, 3) <= b and c <= Fraction(1, 3) <= d
        assert p.reason.startswith("P a distribution on 3 points: the relation fails on the whole box")
    assert declared.evidence()["sizes_declared"] == {"P": True}
    assert drawn.evidence()["sizes_declared"] == {"P": False}


def test_a_size_drawn_rarely_never_makes_the_claim_proved():
    # one draw in 50 has 3 points: the 200 seeded draws reach it, so size 3 is covered and refuted; had they not,
    # the claim would be proved-for-sizes {2} (test above), never proved
    p = prove_claim(max_above("mine.max-rarely-three", simplex("P"), RARELY_THREE), SMALL)
    assert not p.proved and p.status == "refuted"
    assert p.sizes() == {"P": [2, 3]} and p.parts[-1].domain.shapes["P"] == ("simplex", 3)


def test_the_certificate_checker_refuses_a_domain_of_undeclared_size():
    cl = max_above("mine.max-undeclared-cert", simplex("P"), TWO)
    p = prove_claim(cl, SMALL)
    doc = json.loads(json.dumps(certificate_of(p)))
    assert doc["proved"] is False and doc["status"] == "proved-for-sizes"
    assert doc["parts"][0]["domain"]["sizes_drawn_not_declared"] == ["P"]
    res = check_certificate(doc, [cl])
    assert not res.proves and not any(x.startswith("PROVES") for x in res.lines)
    assert any("the size of P is not declared" in x for x in res.lines)
    with pytest.raises(NotProvable, match=r'the size of P is not declared.*simplex\("P", size=2\)'):
        claim_domains(cl)
    (d,) = claim_domains(cl, undeclared="drawn")
    assert d.drawn == ("P",) and d.shapes == {"P": ("simplex", 2)}


def test_declared_sizes_make_exactly_those_domains():
    def both(c, m):
        return m.num(1)
    cl = claim("mine.sized", (simplex("P", sizes=(3, 2)), channel("K", size=(2, 3)), vector("v", -1, 1, size=2)),
               sp.Ge(L, R), {"L": both, "R": lambda c, m: m.num(0)},
               st.fixed_dictionaries({"P": pst.priors(2), "K": pst.channels(2, 3), "v": st.just(np.zeros(2))}))
    assert cl.variables[0].sizes == (2, 3) and cl.variables[1].sizes == ((2, 3),) and cl.variables[2].sizes == (2,)
    doms = claim_domains(cl)
    assert [d.sizes() for d in doms] == [{"P": 2, "K": (2, 3), "v": 2}, {"P": 3, "K": (2, 3), "v": 2}]
    assert [len(d.coordinates) for d in doms] == [1 + 4 + 2, 2 + 4 + 2]
    assert all(d.drawn == () for d in doms)


@pytest.mark.parametrize("make, text", [
    (lambda: simplex("P", size=0), "got 0"),
    (lambda: simplex("P", size=2.5), "got 2.5"),
    (lambda: simplex("P", size=True), "got True"),
    (lambda: simplex("P", sizes=()), "sizes=()"),
    (lambda: simplex("P", sizes=3), "sizes=3"),
    (lambda: simplex("P", size=2, sizes=(2, 3)), "not both"),
    (lambda: channel("K", size=2), "size=2"),
    (lambda: channel("K", sizes=((2, 0),)), "got (2, 0)"),
    (lambda: vector("v", 0, 1, size=-1), "got -1"),
    (lambda: Var("x", "real", sizes=(2,)), "only a distribution, a channel or a vector"),
])
def test_a_bad_size_is_refused_naming_the_value(make, text):
    with pytest.raises(InvalidInput) as e:
        make()
    assert text in str(e.value)


def test_a_draw_of_an_undeclared_size_is_outside_the_declared_domain():
    v = simplex("P", size=2)
    assert v.outside([0.5, 0.5]) is None
    assert v.outside([0.2, 0.3, 0.5]) == ("P = [0.2, 0.3, 0.5] has size 3, not one of its declared sizes 2")
    k = channel("K", sizes=((2, 2), (2, 3)))
    assert k.outside([[0.5, 0.5], [1.0, 0.0]]) is None
    assert "has size 3×2, not one of its declared sizes 2×2, 2×3" in k.outside([[1, 0], [0, 1], [0.5, 0.5]])
    cl = max_above("mine.max-two-drawn-three", simplex("P", size=2), TWO_OR_THREE)
    p = prove_claim(cl, SMALL)
    assert p.status == "not-provable" and p.reason == "the strategy draws P of size 3, not one of its declared sizes 2"


# ----------------------------------------------------------------------------- vacuous covers
def test_a_cover_of_outside_boxes_only_is_vacuous_never_proved():
    x = sp.Symbol("x")
    cl = claim("mine.never-admitted", (real("x", 0, 1),), sp.Ge(L, R),
               {"L": lambda c, m: m.value(c["x"]), "R": lambda c, m: m.num(5), "x": lambda c, m: m.value(c["x"])},
               st.fixed_dictionaries({"x": pst.reals(0, 1)}), hypotheses=(Hypothesis("x ≥ 2", sp.Ge(x, 2)),))
    p = prove_claim(cl, SMALL)
    ev = p.evidence()
    assert p.status == "vacuous" and not p.proved and ev["proved"] is False
    assert ev["boxes"] == ev["outside"] == 1 and ev["decided"] == 0
    assert ev["vacuous"] == "every box is outside the domain (the hypotheses admit no point)"
    assert ev["summary"].startswith("vacuous (1 boxes, every one outside the domain): every box of x ∈ [0, 1]")


def ball_refused(c, m):  # outside the domain on every box of the prover, a number on the search's paths
    if isinstance(c["x"], Ball):
        raise OutsideDomain("a ball is refused")
    return m.value(c["x"])


BALL_REFUSED = claim("mine.ball-refused", (real("x", 0, 1),), sp.Ge(L, R),
                     {"L": ball_refused, "R": lambda c, m: m.num(-1)}, st.fixed_dictionaries({"x": pst.reals(0, 1)}))


def test_a_vacuous_proof_of_a_claim_the_search_admits_is_not_accepted():
    from proofcheck.runs.engine import check_claim

    alone = prove_claim(BALL_REFUSED, SMALL)
    assert alone.status == "vacuous" and alone.leaves("outside") == 1
    r = check_claim(BALL_REFUSED, cases=30, prove=SMALL)  # no hypothesis: every case of the search is admitted
    assert r.verdict == "holds"
    proof = r.evidence["proof"]
    assert proof["status"] == "error" and proof["proved"] is False
    assert proof["reason"].startswith("x ∈ [0, 1]: the search admitted the tightest case certified (x = ")
    assert "the box {'x': ['0', '1']} holding it is outside the domain" in proof["reason"]
    assert proof["reason"].endswith("the search and the proof disagree, so the proof is not accepted")


def test_against_search_keeps_a_proof_whose_outside_boxes_hold_no_admitted_case():
    x = sp.Symbol("x")
    cl = claim("mine.half-admitted", (real("x", 0, 1),), sp.Ge(L, R),
               {"L": lambda c, m: 2 * m.value(c["x"]), "R": lambda c, m: Fraction(1, 2), "x": lambda c, m: m.value(c["x"])},
               st.fixed_dictionaries({"x": pst.reals(0, 1)}), hypotheses=(Hypothesis("x ≥ 1/2", sp.Ge(x, sp.Rational(1, 2))),))
    p = prove_claim(cl, SMALL)
    assert p.proved and p.leaves("outside") >= 1

    class Held:  # a `holds` whose admitted case is x = 3/4, and one that says x = 1/8 was admitted
        verdict, worst_case = "holds", None

        def __init__(self, x):
            self.evidence = {"tightest_certified": {"objects": {"x": x}}}

    assert against_search(copy.deepcopy(p), cl, Held("3/4")).status == "proved"
    bad = against_search(copy.deepcopy(p), cl, Held("1/8"))
    assert bad.status == "error" and "the search admitted the tightest case certified (x = 1/8)" in bad.reason


# ----------------------------------------------------------------------------- what has no cover
def test_a_gain_function_is_not_provable_without_an_exception():
    cl = claim("mine.gain", (simplex("P", size=2), gain("G", hi=4)), sp.Ge(L, R),
               {"L": lambda c, m: m.num(1), "R": lambda c, m: m.num(0)},
               st.fixed_dictionaries({"P": pst.priors(2), "G": pst.gain_functions(2, 2)}))
    p = prove_claim(cl, SMALL)
    assert p.status == "not-provable" and not p.proved and p.parts == []
    assert p.reason == ("G is a gain function (a matrix of exact gains the strategy draws, of any size): the prover "
                        "has no cover of gain functions by boxes")
    assert p.evidence()["summary"] == f"not proved (not-provable): {p.reason}"
    with pytest.raises(NotProvable, match="gain function"):
        claim_domains(cl)
