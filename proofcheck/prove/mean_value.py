"""The mean-value form: a box decided by the margin at one point and its derivatives over the box.

For g = the margin of the relation (rhs − lhs for ≤), differentiable along every segment of the box, and c
a point of the box, g(x) ∈ g(c) + Σ_i ∂_i g(box) · (x_i − c_i) (derivatives by forward mode on the box
path, :mod:`proofcheck.prove.jets`). Its lower end over the box decides boxes that plain interval
evaluation does not: both sides moving together (τ on both sides of a conversion), or the bound attained
at a corner of the box where g(c) is exactly 0.
"""
from __future__ import annotations

from fractions import Fraction

import flint
import sympy as sp

from mechanisms.numerics.context import enclosure
from mechanisms.numerics.exact import ExactInfinity, to_arb
from mechanisms.numerics.record import Failed, attempt
from proofcheck.stages.evaluation import evaluate, quantity_values
from proofcheck.measures import BOX
from proofcheck.prove.jets import Jet, is_exact, path


def margin(rel, lhs, rhs):
    """The margin of the relation (rhs − lhs for ≤ and <, lhs − rhs for ≥ and >), on whatever numbers."""
    return rhs - lhs if isinstance(rel, (sp.Le, sp.Lt)) else lhs - rhs


def mean_value_lower_bound(g_center, jet, box, center):
    """A lower bound (arb, exact at its lower end) of g over the box from g(center) and the jet of g over it
    (None when a partial derivative is not finite)."""
    total = to_arb(g_center) if is_exact(g_center) else g_center
    total = flint.arb(total.lower())
    for i, p in (jet.d or {}).items():
        if not p.is_finite():
            return None
        t = (Fraction(box[i][0]) - center[i], Fraction(box[i][1]) - center[i])
        ends = (flint.arb(p.lower()), flint.arb(p.upper()))
        low = None
        for e in ends:
            for x in t:
                v = (e * to_arb(x)).lower() if x != 0 else flint.arb(0)
                low = v if low is None or v < low else low
        total = flint.arb((total + low).lower())
    return total


def jet_margin(claim, domain, box):
    """The margin over the box as a Jet with known derivatives, or None (a route or an operation that does not
    carry derivatives, an infinite side, any failure)."""
    case, m = domain.case(box, jets=True), path()

    def compute():
        values = {name: q(case, m) for name, q in claim.quantities.items()}
        return margin(claim.statement, evaluate(claim.statement.lhs, values, m), evaluate(claim.statement.rhs, values, m))
    g = attempt(compute)  # a closed computation: one that met an undecided question gives no derivatives
    if isinstance(g, Failed):  # no derivative here: the plain evaluation has decided what it could
        return None
    if is_exact(g):
        return Jet(to_arb(g), {})
    return g if isinstance(g, Jet) and g.d is not None and g.arb.is_finite() else None


def point_margin(claim, domain, point):
    """The margin at an exact point of the domain (exact where the evaluation is), or None."""
    def sides():
        values = quantity_values(claim, domain.case(tuple((x, x) for x in point)), BOX)
        return evaluate(claim.statement.lhs, values, BOX), evaluate(claim.statement.rhs, values, BOX)
    got = attempt(sides)  # a closed computation, as every evaluation a proof uses
    if isinstance(got, Failed):
        return None
    lhs, rhs = got
    if isinstance(lhs, ExactInfinity) or isinstance(rhs, ExactInfinity):
        return None
    if is_exact(lhs) and is_exact(rhs):
        return margin(claim.statement, Fraction(lhs), Fraction(rhs))
    g = margin(claim.statement, enclosure(lhs), enclosure(rhs))
    return g if g.is_finite() else None


def mean_value_bound(claim, domain, box, center, jet=None):
    """The mean-value form's lower bound (arb) of the margin over the box at `center`, a point of the box in
    the domain; None when it cannot be formed (no derivatives, no value at the center)."""
    if any(not (lo <= c <= hi) for c, (lo, hi) in zip(center, box)):
        return None
    jet = jet if jet is not None else jet_margin(claim, domain, box)
    if jet is None or domain.outside_simplex(tuple((x, x) for x in center)):
        return None
    gc = point_margin(claim, domain, center)
    return None if gc is None else mean_value_lower_bound(gc, jet, box, center)


def mean_value_decides(claim, domain, box, center, jet=None) -> bool:
    """Does the mean-value form at `center` show the relation on the whole box?"""
    low = mean_value_bound(claim, domain, box, center, jet)
    if low is None:
        return False
    return bool(low > 0) if isinstance(claim.statement, (sp.Lt, sp.Gt)) else bool(low >= 0)


def centers(box) -> list[tuple]:
    """Where the mean-value form is tried: the midpoint, then the corners (all of them up to two live
    coordinates; the lowest and the highest beyond)."""
    live = [i for i, (lo, hi) in enumerate(box) if lo < hi]
    mid = tuple((lo + hi) / 2 for lo, hi in box)
    corners = []
    choices = range(1 << len(live)) if len(live) <= 2 else (0, (1 << len(live)) - 1)
    for bits in choices:
        corners.append(tuple(box[i][1] if i in live and bits >> live.index(i) & 1 else box[i][0]
                             for i in range(len(box))))
    return [mid] + corners
