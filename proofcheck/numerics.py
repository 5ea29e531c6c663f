"""Certified numerics: exact numbers to arb balls, comparisons of enclosures, rounding to exact.

A certified value is an exact number, an ``flint.arb`` ball (the true value lies inside) or an exact
infinity (``INF``, e.g. an LDP level with a zero in a likelihood column; mechanisms.numerics.exact). Nothing
here ever returns a float as a certificate.
"""
from __future__ import annotations

import contextlib
import math
import re
from fractions import Fraction

import flint

from mechanisms.errors import InvalidInput, Undefined
from mechanisms.numerics.context import certified
from mechanisms.numerics.exact import INF, NEG_INF, Undecided, to_arb  # noqa: F401  (the one converter; refuses floats)

DEFAULT_PREC = 128


@contextlib.contextmanager
def precision(bits: int):
    old = flint.ctx.prec
    flint.ctx.prec = bits
    try:
        yield
    finally:
        flint.ctx.prec = old


MAX_PRINT_PRECISION = 1 << 16  # bits: the most a printed figure is retried at


def to_printed_digits(compute, what: str, digits: int = 17, start: int = DEFAULT_PREC):
    """``compute()`` (a certified value) at a working precision that makes its enclosure reach the ``digits``
    significant digits :func:`fmt` prints — doubled from ``start`` bits while it is wider (κ − log M_p(κ) at
    κ = 1e308 loses 1,000 bits to cancellation: at 128 bits the ball is ±1e270). An exact infinity, or a ball of
    radius < 2^−100 about a value near 0, is reached too. Where even MAX_PRINT_PRECISION bits do not reach them,
    InvalidInput says "could not enclose WHAT to N digits" rather than print an interval wider than its digits."""
    need = math.ceil(digits * math.log2(10)) + 4
    prec = start
    while True:
        with precision(prec):
            try:
                v = compute()
            except (Undefined, ZeroDivisionError):  # no value at any precision
                raise
            except (ArithmeticError, Undecided):  # an enclosure too wide to decide a branch: more bits
                v = None
            if v is not None:
                if is_inf(v) or (certified.is_inf(v) and v < 0):
                    return v
                ball = to_arb(v)
                if ball.is_finite() and (ball.rel_accuracy_bits() >= need or ball.rad() < flint.arb(2) ** -100):
                    return v
        if prec >= MAX_PRINT_PRECISION:
            raise InvalidInput(f"could not enclose {what} to {digits} digits (at up to {MAX_PRINT_PRECISION} bits)")
        prec *= 2


def is_inf(x) -> bool:
    """x is the exact +∞ (the certified context's infinity)."""
    return certified.is_inf(x) and x > 0


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
    if certified.is_inf(x):
        return "+inf (exact)" if x > 0 else "-inf (exact)"
    x = to_arb(x)
    return f"[{_decimal_end(x.lower(), digits, down=True)}, {_decimal_end(x.upper(), digits, down=False)}]"


def _decimal_end(point, digits: int, down: bool) -> str:
    """An exact arb point as a decimal of `digits` significant digits, rounded towards -inf (down) or +inf:
    arb's nearest decimal, stepped one unit in the last digit while it is not certainly on the right side.
    Integer arithmetic on the mantissa only, so the cost does not grow with the exponent (2^-3e9 prints
    as fast as 0.5)."""
    if not point.is_finite():
        return "-inf" if down else "+inf"
    text = point.str(digits, radius=False)
    for _ in range(4):
        with precision(max(flint.ctx.prec, 4 * digits + 64)):
            ball = flint.arb(text)  # a ball around the decimal as written (tight: parsed at ample precision)
        if (ball <= point) if down else (ball >= point):
            return text
        m = re.fullmatch(r"\s*([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?\s*", text)
        if m is None:
            raise ValueError(f"unexpected decimal {text!r} from arb")
        sign, whole, frac, exp = m.groups()
        frac = frac or ""
        mantissa = int(whole + frac) * (-1 if sign == "-" else 1)
        text = _scientific(mantissa + (-1 if down else 1), int(exp or 0) - len(frac))
    raise ValueError(f"cannot round {point} outward to {digits} digits")


def _scientific(mantissa: int, exp: int) -> str:
    """mantissa · 10^exp as d.ddd…e±x (text of the integer only: no big-number arithmetic)."""
    sign, digits = ("-" if mantissa < 0 else ""), str(abs(mantissa))
    if digits == "0":
        return "0"
    e = exp + len(digits) - 1
    if -6 <= e < 0:  # a plain decimal, as arb writes these
        return f"{sign}0.{'0' * (-e - 1)}{digits}"
    if 0 <= e < len(digits) - 1:
        return f"{sign}{digits[:e + 1]}.{digits[e + 1:]}"
    if len(digits) - 1 <= e <= 20:
        return f"{sign}{digits}{'0' * (e - len(digits) + 1)}"
    body = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{body}e{e:+d}" if e else f"{sign}{body}"


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
