"""Stage 3 — round: a float case to exact rationals with small denominators.

Distributions and channel rows are rounded by largest remainder (exact sum 1); reals and vectors to
the nearest fraction with a bounded denominator, or, for log-scale variables, to a decimal with
the right number of significant digits (so 1e-10 stays 1/10^10, never 0). Integers and the claim's
``exact_inputs`` are kept as they are.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from proofcheck.numerics import round_scalar, round_simplex
import math


def exactify(claim, case: dict, q: int | None) -> dict:
    """Round a float case to exact rationals with denominator q; q = None takes reals and vectors
    at their exact binary value (distributions are still rounded, to denominator 2^53)."""
    if q is None:
        return _exact_dyadic(claim, case)
    out = {}
    for v in claim.variables:
        x = case[v.name]
        if v.name in claim.exact_inputs or v.kind == "integer":
            out[v.name] = _keep_exact(x)
        elif v.kind == "simplex":
            out[v.name] = round_simplex(np.asarray(x, float), q)
        elif v.kind == "channel":
            out[v.name] = [round_simplex(row, q) for row in np.asarray(x, float)]
        elif v.kind == "vector":
            out[v.name] = [within(round_scalar(float(y), q), float(y), v) for y in np.ravel(x)]
        elif v.scale == "log":
            out[v.name] = within(round_significant(float(x), q), float(x), v)
        else:
            out[v.name] = within(round_scalar(float(x), q), float(x), v)
    for k, x in case.items():  # structural entries that are not variables pass through
        out.setdefault(k, _keep_exact(x))
    return out


def within(r: Fraction, x: float, var) -> Fraction:
    """The rounding r kept inside the variable's declared range: a rounding that falls outside it is moved to
    the bound as typed (1.01 is 101/100) where the range includes that end, and inward where it excludes it
    (an open end: (1, 20] for a Rényi order) — never left at a value the variable does not admit."""
    lo = _typed(var.lo)
    hi = _typed(var.hi)
    if lo is not None and (r < lo or (r == lo and getattr(var, "lo_open", False))):
        return _inward(lo, x, getattr(var, "lo_open", False), up=True)
    if hi is not None and (r > hi or (r == hi and getattr(var, "hi_open", False))):
        return _inward(hi, x, getattr(var, "hi_open", False), up=False)
    return r


INWARD = Fraction(1, 2**40)  # how far inside an excluded end a rounding moves when the float is not inside


def _inward(bound: Fraction, x: float, excluded: bool, up: bool) -> Fraction:
    """A point of the range next to ``bound``: the bound itself where the range includes it; else the float
    case as its exact binary value where that lies inside (the optimiser's point next to an open end), else the
    bound moved inward by 2⁻⁴⁰ of its size."""
    if not excluded:
        return bound
    exact = Fraction(float(x))
    if (exact > bound) if up else (exact < bound):
        return exact
    step = max(abs(bound), Fraction(1)) * INWARD
    return bound + step if up else bound - step


def _typed(bound):
    if bound is None:
        return None
    return Fraction(repr(bound)) if isinstance(bound, float) else Fraction(bound)


def round_significant(x: float, q: int) -> Fraction:
    """x as an exact decimal with 1 + ⌊log10 q⌋ significant digits (1e-10 stays 1/10^10)."""
    digits = 1 + int(math.log10(max(q, 1)))
    return Fraction(f"{x:.{digits - 1}e}")


def significant_within(x: float, digits: int, var) -> Fraction:
    """x to `digits` significant digits, kept inside the variable's declared range (see within). Where that
    rounding lands on or beyond an end while x lies strictly inside (α = 1 + 3·10⁻¹³ in (1, 20] rounds to 1 at
    any number of digits), the offset from that end is rounded instead (α = 1 + 3.00·10⁻¹³): a violation that
    lives within 10⁻¹² of an end, open or closed, survives the rounding."""
    q = 10 ** (digits - 1)
    r = round_significant(x, q)
    for bound, below in ((_typed(getattr(var, "lo", None)), True), (_typed(getattr(var, "hi", None)), False)):
        if bound is None:
            continue
        exact = Fraction(x)
        strictly_inside = exact > bound if below else exact < bound
        at_or_beyond = r <= bound if below else r >= bound
        if strictly_inside and at_or_beyond:
            offset = round_significant(float(exact - bound), q)
            if offset != 0:
                r = bound + offset
            break
    return within(r, x, var)


def _exact_dyadic(claim, case: dict) -> dict:
    out = exactify(claim, case, 2**53)
    for v in claim.variables:
        if v.name in claim.exact_inputs or v.kind == "integer":
            continue
        if v.kind == "simplex":
            out[v.name] = _exact_normalised(np.asarray(case[v.name], float))
        elif v.kind == "channel":
            out[v.name] = [_exact_normalised(row) for row in np.asarray(case[v.name], float)]
        elif v.kind == "real":
            out[v.name] = Fraction(float(case[v.name]))
        elif v.kind == "vector":
            out[v.name] = [Fraction(float(y)) for y in np.ravel(case[v.name])]
    return out


def _exact_normalised(v) -> list[Fraction]:
    """The float vector's exact binary values, divided by their exact sum: tiny entries survive."""
    fr = [Fraction(float(max(x, 0.0))) for x in v]
    total = sum(fr)
    return [x / total for x in fr]


def _keep_exact(x):
    if isinstance(x, (bool, str)) or x is None:
        return x
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, Fraction):
        return x
    if isinstance(x, float):
        return Fraction(x)
    if isinstance(x, np.ndarray):
        return _keep_exact(x.tolist())
    if isinstance(x, (list, tuple)):
        return [_keep_exact(y) for y in x]
    return x


def floatify(case: dict) -> dict:
    out = {}
    for k, x in case.items():
        if isinstance(x, Fraction):
            out[k] = float(x)
        elif isinstance(x, list):
            out[k] = np.array(_nested_float(x))
        else:
            out[k] = x
    return out


def _nested_float(x):
    if isinstance(x, list):
        return [_nested_float(y) for y in x]
    return float(x) if isinstance(x, Fraction) else x


def show_exact(case: dict) -> dict:
    """JSON-able exact objects: Fractions as 'p/q' strings."""
    def conv(x):
        if isinstance(x, Fraction):
            return str(x)
        if isinstance(x, list):
            return [conv(y) for y in x]
        if isinstance(x, np.ndarray):
            return conv(x.tolist())
        if isinstance(x, (np.floating, float)):
            return repr(float(x))
        if isinstance(x, np.integer):
            return int(x)
        return x
    return {k: conv(v) for k, v in case.items()}


