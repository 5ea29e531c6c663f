"""Exact numbers and their certified enclosures: the one converter between them.

An exact number is an ``int``, a ``fractions.Fraction`` or a decimal / ``p/q`` string ("0.1" is
exactly 1/10). A certified value is a ``flint.arb`` ball that contains the true value, or the float
``±inf`` standing for an exact infinity (an LDP level with a zero in a likelihood column). A finite
float is neither: it is refused here with :class:`FloatOnCertifiedPath`, so that a value computed
in floating point can never be taken for an exact one.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput


class FloatOnCertifiedPath(TypeError):
    """A float (or an array of floats) where an exact number or an arb ball is required."""


def is_infinity(x) -> bool:
    """True for the float ±inf, the certified path's exact infinities."""
    return isinstance(x, float) and math.isinf(x)


def to_fraction(x, name: str = "value") -> Fraction:
    """The exact value of an int, Fraction, python-flint fmpz / fmpq or decimal / 'p/q' string; a float
    is refused (a NaN is not a number at all: InvalidInput)."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, bool):
        raise InvalidInput(f"{name} = {x!r} is not a number")
    if isinstance(x, (int, np.integer)):
        return Fraction(int(x))
    if type(x).__name__ in ("fmpz", "fmpq"):  # python-flint's exact integers and rationals
        return Fraction(int(x.p), int(x.q)) if type(x).__name__ == "fmpq" else Fraction(int(x))
    if isinstance(x, (float, np.floating)) and math.isnan(x):
        raise InvalidInput(f"{name} = {x!r} is not a number")
    if isinstance(x, str):
        try:
            return Fraction(x.strip())
        except (ValueError, ZeroDivisionError):
            raise InvalidInput(f"{name} = {x!r} is not an exact number (use a decimal or p/q)") from None
    if isinstance(x, (float, np.floating)):
        raise FloatOnCertifiedPath(f"{name} = {x!r} is a float, not an exact number (write it as a decimal string or p/q)")
    raise InvalidInput(f"{name} = {x!r} is not an exact number")


def to_arb(x, name: str = "value"):
    """The certified enclosure of an exact number (an arb is returned as is; ±inf stays exact)."""
    from flint import arb, fmpq

    if isinstance(x, arb):
        return x
    if is_infinity(x):
        return x
    q = to_fraction(x, name)
    return arb(fmpq(q.numerator, q.denominator))


def check_certified(x, name: str = "value"):
    """x itself, once checked that it may stand on the certified path.

    Allowed: ints, Fractions, arb / acb balls, the exact infinities ±inf, structural values (bool,
    str, None) and lists / tuples / dicts of those. Anything else — a finite Python or numpy float,
    an array of floats, an unknown object — raises :class:`FloatOnCertifiedPath` naming the value.
    """
    from flint import acb, arb

    if isinstance(x, (arb, acb, Fraction, bool, str)) or is_infinity(x) or x is None:
        return x
    if isinstance(x, (int, np.integer)):
        return x
    if isinstance(x, (float, np.floating)):
        raise FloatOnCertifiedPath(f"{name} returned a float ({float(x)!r}) on the certified path")
    if isinstance(x, np.ndarray):
        if x.dtype.kind in "iub" or x.dtype == object:
            for v in x.ravel().tolist():
                check_certified(v, name)
            return x
        raise FloatOnCertifiedPath(f"{name} returned a numpy array of {x.dtype} on the certified path")
    if isinstance(x, (list, tuple)):
        for v in x:
            check_certified(v, name)
        return x
    if isinstance(x, dict):
        for v in x.values():
            check_certified(v, name)
        return x
    raise FloatOnCertifiedPath(f"{name} returned {type(x).__name__} {x!r} on the certified path, "
                               "not an exact number or an arb ball")
