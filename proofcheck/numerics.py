"""Certified numerics: exact numbers to arb balls, comparisons of enclosures, rounding to exact.

A certified value is either an ``flint.arb`` ball (the true value lies inside) or the float
``inf`` (exactly +∞, e.g. an LDP level with a zero in a likelihood column). Nothing here
ever returns a float as a certificate.
"""
from __future__ import annotations

import contextlib
import math
from fractions import Fraction

import flint
from flint import arb

from mechanisms.errors import InvalidInput
from mechanisms.exact import is_infinity, to_arb as _exact_to_arb

DEFAULT_PREC = 128

INF = math.inf


@contextlib.contextmanager
def precision(bits: int):
    old = flint.ctx.prec
    flint.ctx.prec = bits
    try:
        yield
    finally:
        flint.ctx.prec = old


class Undecided(ArithmeticError):
    """An enclosure too wide to decide a step (log of a ball that straddles 0, ...): retry at a
    higher precision; never an error of the claim, never evidence."""


def to_arb(x):
    """Enclosure of an exact number: int, Fraction, decimal string, or an arb (returned as is).
    A finite float is refused (mechanisms.exact.FloatOnCertifiedPath): it is not an exact value."""
    return _exact_to_arb(x)


def is_inf(x) -> bool:
    return isinstance(x, float) and math.isinf(x) and x > 0


def lower(x) -> float:
    """A float that is certainly <= x."""
    if is_inf(x):
        return INF
    return float(x.lower())


def upper(x) -> float:
    if is_inf(x):
        return INF
    return float(x.upper())


def certainly_less(a, b) -> bool:
    """a < b for every point of both enclosures (+∞ handled exactly)."""
    if is_inf(a):
        return False
    if is_inf(b):
        return math.isfinite(upper(a))
    return bool(a < b)


def certainly_distinct(a, b) -> bool:
    """True when the two enclosures are disjoint (so a != b is certain)."""
    return certainly_less(a, b) or certainly_less(b, a)


def fmt(x, digits: int = 17) -> str:
    """A readable enclosure: '[lo, hi]' with outward-rounded decimal ends."""
    if is_inf(x):
        return "+inf (exact)"
    lo = x.lower()
    hi = x.upper()
    return f"[{lo.str(digits, radius=False)}, {hi.str(digits, radius=False)}]"


# ----------------------------------------------------------------------------- arb elementary ops
def alog(x):
    if is_inf(x):
        return INF
    x = to_arb(x)
    if x <= 0:
        raise InvalidInput(f"log of a value that is not positive: {x}")
    if not x > 0:
        raise Undecided(f"log of a ball that straddles 0: {x}")
    return x.log()


def aexp(x):
    if is_inf(x):
        return INF
    return to_arb(x).exp()


def asqrt(x):
    if is_inf(x):
        return INF
    x = to_arb(x)
    if x < 0:
        raise InvalidInput(f"sqrt of a negative value: {x}")
    # a ball straddling 0 (cancellation in an exact-zero quantity) keeps its non-negative part
    return x.nonnegative_part().sqrt()


def aabs(x):
    if is_inf(x):
        return INF
    return abs(to_arb(x))


def amax(*xs):
    if any(is_inf(x) for x in xs):
        return INF
    out = to_arb(xs[0])
    for x in xs[1:]:
        out = out.max(to_arb(x))
    return out


def amin(*xs):
    fin = [to_arb(x) for x in xs if not is_inf(x)]
    if not fin:
        return INF
    out = fin[0]
    for x in fin[1:]:
        out = out.min(x)
    return out


# ----------------------------------------------------------------------------- rounding to exact
def round_simplex(v, q: int) -> list[Fraction]:
    """Nearest distribution with denominator q (largest remainder): exact sum 1, entries >= 0."""
    v = [max(float(x), 0.0) for x in v]
    s = sum(v)
    if s <= 0:
        raise InvalidInput("cannot round an all-zero vector to a distribution")
    scaled = [x / s * q for x in v]
    base = [math.floor(x) for x in scaled]
    short = q - sum(base)
    order = sorted(range(len(v)), key=lambda i: scaled[i] - base[i], reverse=True)
    for i in order[:short]:
        base[i] += 1
    return [Fraction(b, q) for b in base]


def round_scalar(x: float, q: int) -> Fraction:
    return Fraction(x).limit_denominator(q)
