"""The table of elementary functions (mechanisms.numerics.elementary): every context, the prover's box contexts, the
jets, the symbolic margin and the evaluation of statements take each entry from it, and each entry's float,
certified and box forms agree (the certified enclosure holds the float value, the box's holds the certified values
over the box, the jets' derivative is the table's and matches a finite difference)."""
from fractions import Fraction as F

import flint
import pytest
import sympy as sp

from mechanisms.numerics.context import Ball, CONTEXTS, box, certified, enclosure, fp
from mechanisms.numerics.context.box import BOX_OWN
from mechanisms.numerics.elementary import ELEMENTARY
from mechanisms.numerics.exact import ExactInfinity, FloatOnCertifiedPath
from proofcheck.stages.evaluation import function_name
from proofcheck.prove.ends import MONOTONE
from proofcheck.prove.jets import JET_CONTEXT, SLOPES, Jet, JetContext
from proofcheck.prove.symbolic import WRITTEN, FormulaPath
from proofcheck.prove.tight import TIGHT_CONTEXT

POINTS = {  # exact points inside each function's domain (away from its poles and ends)
    "exp": (F(-2), F(1, 2), F(3)), "expm1": (F(-2), F(1, 3), F(3)), "log": (F(1, 3), F(2), F(10)),
    "log1p": (F(-1, 2), F(1, 3), F(4)), "sqrt": (F(1, 4), F(2), F(9)), "erf": (F(-2), F(1, 3), F(3)),
    "erfc": (F(-2), F(1, 3), F(3)), "erfcx": (F(-2), F(1, 3), F(3)), "Phi": (F(-2), F(1, 3), F(3)),
    "log_Phi": (F(-2), F(1, 3), F(3)), "Phi_inv": (F(1, 10), F(1, 2), F(9, 10)), "lgamma": (F(-5, 2), F(1, 3), F(7)),
    "gamma": (F(-5, 2), F(1, 3), F(7)), "digamma": (F(-1, 2), F(1, 3), F(7)), "sinh": (F(-2), F(1, 3), F(3)),
    "cosh": (F(-2), F(1, 3), F(3)), "tanh": (F(-2), F(1, 3), F(3)), "atan": (F(-2), F(1, 3), F(3)),
    "sin": (F(-2), F(1, 3), F(3)), "cos": (F(-2), F(1, 3), F(3)), "log1mexp": (F(-3), F(-1, 2), F(-1, 10)),
    "positive_part": (F(-1), F(1, 3), F(2)),
}
WIDTH = F(1, 1000)  # the boxes [x, x + WIDTH]
H = F(1, 10**6)  # the step of the finite difference


def test_every_entry_has_points():
    assert set(POINTS) == set(ELEMENTARY)


@pytest.mark.parametrize("name", sorted(ELEMENTARY))
def test_every_context_builds_the_entry_from_the_table(name):
    e = ELEMENTARY[name]
    assert {c.name for c in CONTEXTS} == {"fp", "certified", "box"}
    assert fp.__class__.__dict__[name].__func__.elementary is e
    assert certified.__class__.__dict__[name].elementary is e
    if name in BOX_OWN:
        assert name in box.__class__.__dict__ and not hasattr(box.__class__.__dict__[name], "elementary")
    else:
        assert box.__class__.__dict__[name].elementary is e
    assert JetContext.__dict__[name].elementary is e  # the jets cover every entry (a derivative or unknown)
    assert (name in MONOTONE) == (e.monotone is not None)  # the prover's ends: the table's monotone column
    assert SLOPES.get(name) is e.derivative
    assert (name in WRITTEN) == (e.symbolic and e.sympy is not None)
    if name in WRITTEN:
        got = getattr(FormulaPath(), name)
        assert callable(got)
    if isinstance(e.sympy, type):  # a statement's sympy function is evaluated by the entry of its name
        assert function_name(e.sympy(sp.Symbol("x", positive=True) + 3)) == name


def _close(ball, x: float) -> bool:
    """The ball holds the float x, up to the float's own rounding (a few ulps)."""
    slack = flint.arb(0, abs(x) * 1e-12 + 1e-300)
    return (ball + slack).contains(flint.arb(x))


@pytest.mark.parametrize("name", sorted(ELEMENTARY))
def test_float_certified_and_box_forms_agree(name):
    for x in POINTS[name]:
        f = getattr(fp, name)(float(x))
        assert isinstance(f, float)
        c = enclosure(getattr(certified, name)(x))
        assert not isinstance(c, ExactInfinity) and c.rad() < 1e-10 * max(1, abs(float(c.mid())))
        assert _close(c, f), (name, x, c, f)
        # the box contexts: a point, and a box [x, x + WIDTH] whose enclosure holds the values at its ends and middle
        assert enclosure(getattr(box, name)(Ball.of(x, x))).overlaps(c)
        values = [enclosure(getattr(certified, name)(y)) for y in (x, x + WIDTH / 2, x + WIDTH)]
        for ctx in (box, TIGHT_CONTEXT, JET_CONTEXT):
            over = enclosure(getattr(ctx, name)(Ball.of(x, x + WIDTH)))
            assert over.is_finite() and all(over.contains(v) for v in values), (name, ctx, x, over, values)


@pytest.mark.parametrize("name", sorted(ELEMENTARY))
def test_the_jets_derivative_is_the_tables_and_a_finite_difference(name):
    e = ELEMENTARY[name]
    for x in POINTS[name]:
        got = getattr(JET_CONTEXT, name)(Jet(Ball.of(x, x).arb, {0: flint.arb(1)}))
        assert isinstance(got, Jet)
        if e.derivative is None:
            assert got.d is None  # unknown, never taken as constant
            continue
        slope = e.derivative(flint.arb(x.numerator) / x.denominator, enclosure(getattr(certified, name)(x)))
        if slope is None:  # not differentiable there (lgamma, gamma for x < 0: no form here)
            assert got.d is None
            continue
        assert got.d is not None and got.d[0].overlaps(slope)
        ahead = float(enclosure(getattr(certified, name)(x + H)).mid())
        behind = float(enclosure(getattr(certified, name)(x - H)).mid())
        difference = (ahead - behind) / (2 * float(H))
        assert abs(float(got.d[0].mid()) - difference) <= 1e-6 * max(1.0, abs(difference)), (name, x, got.d, difference)


@pytest.mark.parametrize("name", sorted(ELEMENTARY))
def test_no_float_crosses_into_the_certified_path(name):
    with pytest.raises(FloatOnCertifiedPath):
        getattr(certified, name)(0.5)
    with pytest.raises(FloatOnCertifiedPath):
        getattr(box, name)(0.5)
