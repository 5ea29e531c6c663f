"""Exact numbers and their certified enclosures: the one converter between them.

An exact number is an ``int``, a ``fractions.Fraction`` (or python-flint ``fmpz`` / ``fmpq``). A
certified value is an exact number, a ``flint.arb`` ball that contains the true value, or one of the
exact infinities :data:`INF` / :data:`NEG_INF` (an LDP level with a zero in a likelihood column).

Nothing computed in machine arithmetic is either: a Python or numpy float (finite or not — an
overflow is a float ``inf``, not an exact infinity), a numpy integer or bool (int64 wraps around
silently), a string, ``None`` or a ``bool``. :func:`check_certified` refuses each of them with
:class:`FloatOnCertifiedPath`, so that a value computed in floating point can never be taken for an
exact one. Exact infinities come only from this module (the certified context hands them out as
``m.inf``); their arithmetic with exact numbers and balls stays exact, with anything else it is a
plain float and is refused.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.record import Undecided, note  # noqa: F401  (Undecided: the library imports it from here)
from flint import acb, arb, fmpq


class FloatOnCertifiedPath(TypeError):
    """A machine number (a float, a numpy integer or bool), or anything else that is not an exact number
    or a certified ball, where the certified path needs one. Noted in the record of the running computation
    (:mod:`mechanisms.numerics.record`): a handler that catches it does not make the computation decide."""

    def __init__(self, *args):
        super().__init__(*args)
        note(f"{type(self).__name__}: {args[0] if args else ''}")


class ExactInfinity(float):
    """+∞ or −∞, exactly: the only infinities the certified path admits (:data:`INF`, :data:`NEG_INF`).

    A float subclass so that comparisons and the float path's tests (``math.isinf``) read it as they
    read ``inf``; its arithmetic with exact numbers (int, Fraction, fmpz, fmpq), finite arb balls and
    exact infinities gives exact results (∞ + 1 = ∞, −2·∞ = −∞, 1/∞ = 0); with a machine float it is a
    plain float (so refused), and ∞ − ∞, 0·∞ are errors, never NaN."""

    __slots__ = ()

    def __new__(cls, sign: int):
        return super().__new__(cls, math.inf if sign > 0 else -math.inf)

    def __reduce__(self):
        return (ExactInfinity, (self.sign,))

    @property
    def sign(self) -> int:
        return 1 if float(self) > 0 else -1

    def __neg__(self):
        return infinity(-self.sign)

    def __pos__(self):
        return self

    def __abs__(self):
        return INF

    def __add__(self, other):
        if isinstance(other, ExactInfinity):
            if other.sign != self.sign:
                raise ArithmeticError("∞ − ∞ is undefined")
            return self
        return self if _finite_sign(other) is not None else NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, ExactInfinity):
            return self + (-other)
        return self if _finite_sign(other) is not None else NotImplemented

    def __rsub__(self, other):
        return (-self).__add__(other)

    def __mul__(self, other):
        s = other.sign if isinstance(other, ExactInfinity) else _finite_sign(other)
        if s is None:
            return NotImplemented
        if s == 0:
            raise ArithmeticError("0 · ∞ is undefined")
        return infinity(self.sign * s)

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, ExactInfinity):
            raise ArithmeticError("∞ / ∞ is undefined")
        s = _finite_sign(other)
        if s is None:
            return NotImplemented
        if s == 0:
            raise ZeroDivisionError("∞ / 0")
        return infinity(self.sign * s)

    def __rtruediv__(self, other):
        return 0 if _finite_sign(other) is not None else NotImplemented


INF = ExactInfinity(1)
NEG_INF = ExactInfinity(-1)


def infinity(sign: int) -> ExactInfinity:
    return INF if sign > 0 else NEG_INF


def _finite_sign(x):
    """The sign of an exact number or a finite arb ball (raising Undecided for a ball straddling 0),
    None for anything else (a machine number, an infinite ball)."""
    if isinstance(x, bool) or isinstance(x, ExactInfinity):
        return None
    if isinstance(x, (int, Fraction)) or type(x).__name__ in ("fmpz", "fmpq"):
        return (x > 0) - (x < 0)
    if isinstance(x, arb):
        if not x.is_finite():
            return None
        if x > 0:
            return 1
        if x < 0:
            return -1
        if x.is_exact():
            return 0
        raise Undecided(f"the sign of {x} (a ball straddling 0) meets an infinity")
    return None


def is_exact_number(x) -> bool:
    """x is an exact number: an int (not a bool), a Fraction (an Exact), a python-flint fmpz or fmpq."""
    return (isinstance(x, (int, Fraction)) and not isinstance(x, bool)) or type(x).__name__ in ("fmpz", "fmpq")


def is_infinity(x) -> bool:
    """True for ±inf: an exact infinity, or (on the float path) a float one."""
    return isinstance(x, float) and math.isinf(x)


def to_fraction(x, name: str = "value") -> Fraction:
    """The exact value of an int, Fraction, python-flint fmpz / fmpq or decimal / 'p/q' string (text is
    parsed, as typed); a machine number — a float, a numpy integer or bool — is refused (a NaN is not a
    number at all: InvalidInput)."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, (bool, np.bool_)):
        raise InvalidInput(f"{name} = {x!r} is not a number")
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, np.integer):
        raise FloatOnCertifiedPath(f"{name} = {x!r} is a numpy {x.dtype} (machine arithmetic: it may have wrapped "
                                   "around), not an exact integer (use int)")
    if type(x).__name__ in ("fmpz", "fmpq"):  # python-flint's exact integers and rationals
        return Fraction(int(x.p), int(x.q)) if type(x).__name__ == "fmpq" else Fraction(int(x))
    if isinstance(x, (float, np.floating)) and math.isnan(x):
        raise InvalidInput(f"{name} = {x!r} is not a number")
    if isinstance(x, str):
        parts = x.strip().split("/")
        top = parts[0][1:] if parts[0].startswith("-") else parts[0]
        if len(parts) == 2 and parts[1].isascii() and parts[1].isdigit() and top.isascii() and top.isdigit() \
                and parts[1].strip("0"):  # 'p/q', read without the regex
            return Fraction(int(parts[0]), int(parts[1]))
        try:
            return Fraction(x.strip())
        except (ValueError, ZeroDivisionError):
            raise InvalidInput(f"{name} = {x!r} is not an exact number (use a decimal or p/q)") from None
    if isinstance(x, (float, np.floating)):
        raise FloatOnCertifiedPath(f"{name} = {x!r} is a float, not an exact number (write it as a decimal string or p/q)")
    raise InvalidInput(f"{name} = {x!r} is not an exact number")


def to_arb(x, name: str = "value"):
    """The certified enclosure of an exact number (an arb is returned as is, an exact infinity too; a
    float infinity is refused like any float)."""
    if isinstance(x, (arb, ExactInfinity)):
        return x
    q = to_fraction(x, name)
    return arb(fmpq(q.numerator, q.denominator))


def machine_number(x) -> str | None:
    """What x is, when it is a machine number or a value the certified path never takes: a float (finite
    or not), a numpy integer or bool, a bool, a string, None, a complex ball, an array of machine numbers,
    an unknown object; None for an exact number, an arb ball, an exact infinity or a container of them."""
    if isinstance(x, (arb, Fraction, ExactInfinity)):
        return None
    if type(x).__name__ == "Ball" and type(x).__module__ == "mechanisms.numerics.context.box":
        return None  # an enclosure over a box (the box context's inexact values)
    if isinstance(x, bool):
        return f"a bool ({x!r})"
    if isinstance(x, int) or type(x).__name__ in ("fmpz", "fmpq"):
        return None
    if isinstance(x, (float, np.floating)):
        if math.isnan(x):
            return "a float NaN"
        if math.isinf(x):
            return (f"a float infinity ({float(x)!r}: a float overflow or a float inf is not an exact infinity; "
                    "an exact one is m.inf)")
        return f"a float ({float(x)!r})"
    if isinstance(x, np.bool_):
        return f"a numpy bool ({x!r})"
    if isinstance(x, np.integer):
        return f"a numpy {x.dtype} ({x!r}: machine arithmetic, it may have wrapped around; use int)"
    if isinstance(x, str):
        return f"a string ({x[:60]!r})"
    if x is None:
        return "None"
    if isinstance(x, acb):
        return f"a complex ball ({x}; no complex value is declared)"
    if isinstance(x, np.ndarray):
        if x.dtype == object:
            entries = x.ravel().tolist()
            if {type(v) for v in entries} <= _exact_types():  # a matrix of exact numbers, read at C speed
                return None
            return next((w for w in map(machine_number, entries) if w is not None), None)
        return f"a numpy array of {x.dtype}"
    if isinstance(x, (list, tuple, set, frozenset)):
        if {type(v) for v in x} <= _exact_types():
            return None
        return next((w for w in map(machine_number, x) if w is not None), None)
    if isinstance(x, dict):
        return next((w for w in map(machine_number, x.values()) if w is not None), None)
    return f"{type(x).__name__} {str(x)[:60]!r}"


_EXACT_TYPES = []


def _exact_types():
    """The types machine_number passes without looking further (int: exactly int, so no bool)."""
    if not _EXACT_TYPES:
        from flint import arb

        _EXACT_TYPES.append(frozenset({int, Fraction, Exact, ExactInfinity, arb}))
    return _EXACT_TYPES[0]


def check_certified(x, name: str = "value"):
    """x itself, once checked that it may stand on the certified path.

    Allowed, by construction: Python ints, Fractions, python-flint fmpz / fmpq / arb, the exact
    infinities of this module, and lists / tuples / sets / dicts of those. Anything else — a Python or
    numpy float (finite or infinite), a numpy integer or bool, a bool, a string, None, a complex ball, an
    unknown object — raises :class:`FloatOnCertifiedPath` naming the value."""
    what = machine_number(x)
    if what is not None:
        raise FloatOnCertifiedPath(f"{name} returned {what} on the certified path, not an exact number or an arb ball")
    return x


# ----------------------------------------------------------------------------- exact numbers that meet balls
_ARB = []


def _arb_type():
    """python-flint's arb, imported once (this runs on every operation of an exact number)."""
    if not _ARB:
        from flint import arb

        _ARB.append(arb)
    return _ARB[0]


def _exact_of(r):
    """An Exact of a Fraction in lowest terms, without Fraction.__new__'s generic path (an ABC check and a gcd
    per operation: most of the time of an exact matrix product): its two slots copied."""
    e = object.__new__(Exact)
    e._numerator, e._denominator = r._numerator, r._denominator
    return e


def _refuse_float(other, op):
    if isinstance(other, (float, np.floating)) and not isinstance(other, ExactInfinity):
        raise FloatOnCertifiedPath(f"an exact number {op} a float ({float(other)!r}): a machine number does not "
                                   "enter the certified path")


def _exact_binary(op):
    fwd, rev = getattr(Fraction, f"__{op}__"), getattr(Fraction, f"__r{op}__")
    fast = op in ("add", "sub", "mul", "truediv")  # an exact or int operand gives a Fraction (or raises)

    def forward(self, other):
        if fast and (type(other) is Exact or type(other) is int):  # the common case, without the checks below
            r = fwd(self, other)
            return _exact_of(r) if type(r) is Fraction else r
        if isinstance(other, _arb_type()):
            return getattr(to_arb(self), f"__{op}__")(other)
        if isinstance(other, ExactInfinity) or type(other).__name__ == "Ball":
            return NotImplemented  # their own reflected operation decides
        _refuse_float(other, op)
        if op == "pow" and isinstance(other, Fraction) and other.denominator != 1:
            return to_arb(self) ** to_arb(other)  # an irrational power is a ball, never a float
        r = fwd(self, other)
        return _exact_of(r) if type(r) is Fraction else r

    def reverse(self, other):
        if isinstance(other, _arb_type()):
            return getattr(other, f"__{op}__")(to_arb(self))
        if isinstance(other, ExactInfinity) or type(other).__name__ == "Ball":
            return NotImplemented
        _refuse_float(other, op)
        if op == "pow" and self.denominator != 1 and isinstance(other, (int, Fraction)):
            return to_arb(other) ** to_arb(self)
        r = rev(self, other)
        return _exact_of(r) if type(r) is Fraction else r

    return forward, reverse


def _exact_compare(op):
    base = getattr(Fraction, f"__{op}__")

    def compare(self, other):
        if isinstance(other, _arb_type()):
            return getattr(to_arb(self), f"__{op}__")(other)
        if type(other).__name__ == "Ball":
            return NotImplemented
        return base(self, other)

    return compare


class Exact(Fraction):
    """An exact rational of the certified context: Fraction arithmetic with ints and Fractions (the result
    stays exact), an arb ball's arithmetic with a ball (the result is a ball), and a float refused. So a
    quantity mixes ``m.value(...)`` and ``m.num(...)`` freely: ``m.value(Fraction(5, 4)) / m.num(delta)``."""

    __slots__ = ()

    def __reduce__(self):
        return (Exact, (self.numerator, self.denominator))

    def __neg__(self):
        return Exact(-self.numerator, self.denominator)

    def __pos__(self):
        return self

    def __abs__(self):
        return Exact(abs(self.numerator), self.denominator)

    __hash__ = Fraction.__hash__


for _op in ("add", "sub", "mul", "truediv", "pow", "floordiv", "mod"):
    _f, _r = _exact_binary(_op)
    setattr(Exact, f"__{_op}__", _f)
    setattr(Exact, f"__r{_op}__", _r)
for _op in ("lt", "le", "gt", "ge", "eq"):
    setattr(Exact, f"__{_op}__", _exact_compare(_op))
del _op, _f, _r


def exact(x, name: str = "value") -> Exact:
    """x as an :class:`Exact` (ints, Fractions, fmpz / fmpq, decimal text; machine numbers refused)."""
    if isinstance(x, Exact):
        return x
    return Exact(to_fraction(x, name))
