"""Strategies and quantities of the vocabulary: open and half-open real ranges, integers, gain functions, and
several symbols from one computation — each checked on what it draws and through a claim's verdict."""
import math
from fractions import Fraction as F

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis.errors import InvalidArgument

from mechanisms.errors import InvalidInput
from proofcheck import Claim, Source, channel, check_claim, real, simplex, strategies as pst
from proofcheck.claim import gain, jointly
from proofcheck.stages.evaluation import quantity_values
from proofcheck.measures import CERTIFIED, FLOAT

P, Q = [F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]  # D_α(P ‖ Q) ≤ D_∞ = log 3 for every α > 1


def _draws(strategy, n=400):
    out = []

    @settings(max_examples=n, database=None, derandomize=True)
    @given(strategy)
    def collect(x):
        out.append(x)

    collect()
    return out


# ----------------------------------------------------------------------------- open ranges
def test_an_open_end_is_never_drawn_and_its_neighbour_is():
    xs = _draws(pst.reals(1, 20, exclude_min=True))
    assert min(xs) == math.nextafter(1, 20) and 20 in xs and 1 not in xs
    ys = _draws(pst.reals(0, 1, exclude_min=True, exclude_max=True))
    assert all(0 < y < 1 for y in ys) and math.nextafter(1, 0) in ys
    with pytest.raises(InvalidArgument, match="hi=1"):
        pst.reals(1, 1, exclude_min=True).example()
    with pytest.raises(InvalidArgument, match="exclude_max"):
        pst.reals(0, 1, exclude_max="yes").example()


def test_an_open_variable_declares_its_range_and_refuses_its_end():
    alpha = real("alpha", 1, 20, exclude_min=True)
    assert alpha.outside(1.0) == "alpha = 1.0 is outside its declared range (1, 20]"
    assert alpha.outside(math.nextafter(1, 2)) is None and alpha.outside(20) is None
    assert alpha.at_excluded_end(F(1)) and not alpha.at_excluded_end(F(101, 100))
    with pytest.raises(InvalidInput, match="only a real with a bound"):
        real("x", None, 2, exclude_min=True)


def _renyi_claim(cid, alpha_var, alpha_strategy):
    return Claim(
        id=cid, title="D_α ≤ D_∞ for randomised response", source=Source("mine", "open ranges", "D_alpha <= log 3"),
        variables=(alpha_var,), statement=sp.Le(sp.Symbol("d"), sp.Symbol("dmax")),
        quantities={"d": lambda c, m: m.renyi(m.vector(P), m.vector(Q), m.value(c["alpha"])),
                    "dmax": lambda c, m: m.log(m.num(3))},
        strategy=pst.cases(alpha=alpha_strategy))


def test_a_renyi_claim_over_an_open_range_gets_a_verdict_where_the_closed_one_did_not():
    closed = check_claim(_renyi_claim("mine.renyi-closed", real("alpha", 1, 20), pst.reals(1, 20)), cases=40)
    assert closed.verdict == "inconclusive"  # α = 1 is drawn, where D_α is not defined (renyi refuses it)
    open_ = check_claim(_renyi_claim("mine.renyi-open", real("alpha", 1, 20, exclude_min=True),
                                     pst.reals(1, 20, exclude_min=True)), cases=40)
    assert open_.verdict == "holds", open_.evidence.get("reason")


def test_a_case_at_an_excluded_end_is_outside_the_domain():
    from proofcheck.stages.evaluation import Outside

    claim = _renyi_claim("mine.renyi-open", real("alpha", 1, 20, exclude_min=True), pst.reals(1, 20, exclude_min=True))
    with pytest.raises(Outside, match=r"excludes"):
        quantity_values(claim, {"alpha": F(1)}, CERTIFIED)  # a rounding of 1.0000000000000002 lands here
    assert quantity_values(claim, {"alpha": F(3, 2)}, CERTIFIED)["d"] is not None


# ----------------------------------------------------------------------------- integers and gain functions
def test_integers_draw_both_ends_and_validate():
    ks = _draws(pst.integers(-2, 5), 200)
    assert set(ks) <= set(range(-2, 6)) and {-2, 5} <= set(ks)
    with pytest.raises(InvalidArgument, match="hi=1"):
        pst.integers(3, 1).example()
    with pytest.raises(InvalidArgument, match="lo=True"):
        pst.integers(True, 3).example()


def test_gain_functions_are_exact_non_negative_and_cover_every_secret():
    gs = _draws(pst.gain_functions(3, 4, max_gain=2, max_denominator=3), 200)
    for g in gs:
        assert len(g) == 3 and all(len(r) == 4 for r in g)
        assert all(isinstance(v, F) and 0 <= v <= 2 and v.denominator <= 3 for r in g for v in r)
        assert all(any(r[x] > 0 for r in g) for x in range(4))
    assert any(v.denominator == 3 for g in gs for r in g for v in r)
    with pytest.raises(InvalidArgument, match="actions=0"):
        pst.gain_functions(0, 2).example()


def test_a_claim_over_gain_functions_the_miracle_theorem():
    """ML×_g(π, C) ≤ ML×_1(C) for every non-negative g (Alvim et al. 2012, the 'miracle' theorem), and the
    g-capacity too; and ≥ is violated (a gain function that leaks less than Bayes')."""
    def claim(cid, rel):
        return Claim(
            id=cid, title="g-leakage is at most Bayes capacity", source=Source("mine", "gains", "miracle"),
            variables=(simplex("pi"), channel("C"), gain("G")), statement=rel(sp.Symbol("leak"), sp.Symbol("cap")),
            quantities={"leak": lambda c, m: m.multiplicative_g_leakage(m.matrix(c["C"]), m.vector(c["pi"]), c["G"]),
                        "cap": lambda c, m: m.bayes_capacity(m.matrix(c["C"]))},
            strategy=pst.cases(pi=pst.priors(3), C=pst.channels(3, 3), G=pst.gain_functions(2, 3)))

    held = claim("mine.miracle", sp.Le)
    assert held.exact_inputs == ("G",)  # gains are exact by nature: never rounded
    assert check_claim(held, cases=30).verdict == "holds"
    assert check_claim(claim("mine.miracle-reversed", sp.Ge), cases=30).verdict == "violated"


# ----------------------------------------------------------------------------- several symbols, one computation
def test_a_joint_quantity_is_computed_once_per_case_and_path():
    calls = {"joint": 0, "plain": 0}

    def both(c, m):
        calls["joint"] += 1
        p, q = m.vector(P), m.vector(Q)
        return {sp.Symbol("kl"): m.kl(p, q), "tv": m.tv(p, q)}

    def eps(c, m):
        calls["plain"] += 1
        return m.value(c["eps"])

    claim = Claim(
        id="mine.pinsker", title="Pinsker: TV ≤ sqrt(KL/2)", source=Source("mine", "joint", "tv <= sqrt(kl/2)"),
        variables=(real("eps", 0, 1),), statement=sp.Le(sp.Symbol("tv"), sp.sqrt(sp.Symbol("kl") / 2) + sp.Symbol("eps")),
        quantities={**jointly("kl tv", both), "eps": eps}, strategy=pst.cases(eps=pst.reals(0, 1)))
    values = quantity_values(claim, {"eps": F(1, 2)}, CERTIFIED)
    assert calls == {"joint": 1, "plain": 1} and values["tv"] == F(1, 2)
    quantity_values(claim, {"eps": 0.5}, FLOAT)
    assert calls == {"joint": 2, "plain": 2}
    result = check_claim(claim, cases=25)
    assert result.verdict == "holds"
    assert calls["joint"] == calls["plain"] > 25  # once for each evaluation of the case, never once per symbol


def test_one_function_for_several_names_returning_a_dict_is_called_once():
    calls = []

    def both(c, m):
        calls.append(1)
        return {"a": m.value(c["x"]), "b": m.value(c["x"]) + 1}

    claim = Claim(id="mine.shared", title="a < b", source=Source("mine", "joint", "a < b"),
                  variables=(real("x", 0, 1),), statement=sp.Lt(sp.Symbol("a"), sp.Symbol("b")),
                  quantities={"a": both, "b": both}, strategy=pst.cases(x=pst.reals(0, 1)))
    assert quantity_values(claim, {"x": F(1, 3)}, CERTIFIED) == {"a": F(1, 3), "b": F(4, 3)} and len(calls) == 1
    with pytest.raises(InvalidInput, match="distinct"):
        jointly(("a", "a"), both)


def test_a_joint_quantity_that_misses_a_symbol_is_an_error_of_the_claim():
    from proofcheck.stages.evaluation import ClaimError

    claim = Claim(id="mine.missing", title="a < b", source=Source("mine", "joint", "a < b"),
                  variables=(real("x", 0, 1),), statement=sp.Lt(sp.Symbol("a"), sp.Symbol("b")),
                  quantities=jointly(("a", "b"), lambda c, m: {"a": 1}), strategy=pst.cases(x=pst.reals(0, 1)))
    with pytest.raises(ClaimError, match="no value for 'b'"):
        quantity_values(claim, {"x": F(1, 3)}, CERTIFIED)
    assert np.isfinite(float(quantity_values(claim.__class__(**{**claim.__dict__, "quantities": {
        **jointly(("a", "b"), lambda c, m: {"a": 1, "b": 2})}}), {"x": 0.5}, FLOAT)["b"]))
