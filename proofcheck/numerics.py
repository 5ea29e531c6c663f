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

from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb  # noqa: F401  (the one converter; refuses floats)

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


def is_inf(x) -> bool:
    return isinstance(x, float) and math.isinf(x) and x > 0


def lower(x) -> float:
    """A float that is certainly <= every point of x (the nearest double, stepped down if it is above)."""
    if is_inf(x):
        return INF
    end = x.lower()
    f = float(end)
    return math.nextafter(f, -INF) if math.isfinite(f) and flint.arb(f) > end else f


def upper(x) -> float:
    """A float that is certainly >= every point of x."""
    if is_inf(x):
        return INF
    end = x.upper()
    f = float(end)
    return math.nextafter(f, INF) if math.isfinite(f) and flint.arb(f) < end else f


def fmt(x, digits: int = 17) -> str:
    """A readable enclosure: '[lo, hi]' with decimal ends rounded outward (lo down, hi up), so the
    printed interval contains the ball (arb's own str rounds an endpoint to nearest)."""
    if is_inf(x):
        return "+inf (exact)"
    return f"[{_decimal_end(x.lower(), digits, down=True)}, {_decimal_end(x.upper(), digits, down=False)}]"


def _decimal_end(point, digits: int, down: bool) -> str:
    """An exact arb point as a decimal of `digits` significant digits, rounded towards -inf or +inf."""
    from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, localcontext

    if not point.is_finite():
        return "-inf" if down else "+inf"
    man, exp = (int(v) for v in point.mid().man_exp())
    q = Fraction(man * 2**exp) if exp >= 0 else Fraction(man, 2**-exp)
    with localcontext() as ctx:
        ctx.prec, ctx.rounding = digits, (ROUND_FLOOR if down else ROUND_CEILING)
        return str(Decimal(q.numerator) / Decimal(q.denominator))


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
    if isinstance(x, float) and x == -INF:  # e^{−∞} = 0 exactly (a δ whose logarithm is the exact −inf)
        return to_arb(0)
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
