"""Argument checks shared by the accounting modules.

Every public function of ``mechanisms`` validates its arguments before any work and raises
:class:`mechanisms.errors.InvalidInput` with a one-line message naming the function, the argument
and the offending value (``"gaussian_delta: sigma must be > 0, got sigma=-1.0"``).

Two kinds of check: ``real`` / ``exact_real`` / ... convert as they check (a float for the float route, a
Fraction for the certified one); ``check_dimension`` / ``check_kappa`` / ``check_alpha`` / ``check_nonneg`` /
``check_probability`` / ``check_cos`` return the caller's number as it is (float, exact number or arb ball),
for routines that convert it themselves.

Two kinds of input:

* float route — numbers or array-likes of them, read as float64 (``real``, ``real_array``);
* certified route — exact numbers: int, ``fractions.Fraction``, an exact decimal string ("0.1" is 1/10),
  python-flint ``fmpz``/``fmpq``, or an ``arb`` ball, which is passed through (``exact_real``); a finite
  float is refused with :class:`mechanisms.numerics.exact.FloatOnCertifiedPath` (a value computed in floating point
  is not an exact one). Converting is :mod:`mechanisms.numerics.exact`'s (``to_fraction``; ``to_arb`` encloses an exact
  number at the working precision).

A bound is checked with certainty on an arb ball: a ball straddling the bound is rejected.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import FloatOnCertifiedPath, to_fraction
import flint

__all__ = ["real", "real_array", "exact_real", "integer", "is_arb", "same_length", "distribution",
           "channel", "ROW_TOL", "check_dimension", "check_kappa", "check_alpha", "check_nonneg", "check_probability",
           "check_cos"]

ROW_TOL = 1e-9  # a float distribution may miss 1 by this much


def _describe(lo, lo_open, hi, hi_open):
    if lo is not None and hi is not None:
        return f"in {'(' if lo_open else '['}{lo}, {hi}{')' if hi_open else ']'}"
    if lo is not None:
        return f"{'>' if lo_open else '>='} {lo}"
    if hi is not None:
        return f"{'<' if hi_open else '<='} {hi}"
    return "a finite number"


def _within(v, lo, lo_open, hi, hi_open):
    ok = True
    if lo is not None:
        ok = ok and (v > lo if lo_open else v >= lo)
    if hi is not None:
        ok = ok and (v < hi if hi_open else v <= hi)
    return bool(ok)


def _is_real_scalar(v):
    return isinstance(v, (int, float, Fraction, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_))


def real(x, name, fname, *, lo=None, lo_open=False, hi=None, hi_open=False, allow_inf=False):
    """x as a finite float (or +inf when ``allow_inf``) within the bounds, else InvalidInput."""
    if not _is_real_scalar(x) or math.isnan(float(x)) or (math.isinf(float(x)) and not (allow_inf and float(x) > 0)):
        raise InvalidInput(f"{fname}: {name} must be a finite number, got {name}={x}")
    v = float(x)
    if not _within(v, lo, lo_open, hi, hi_open):
        raise InvalidInput(f"{fname}: {name} must be {_describe(lo, lo_open, hi, hi_open)}, got {name}={x}")
    return v


def real_array(x, name, fname, *, lo=None, lo_open=False, hi=None, hi_open=False, allow_inf=False):
    """(float64 array, was_scalar); the first bad entry is named with its index."""
    try:
        a = np.asarray(x, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidInput(f"{fname}: {name} must be a number or an array of numbers, got {name}={x!r}") from None
    if a.dtype == object or (np.ndim(x) == 0 and not _is_real_scalar(x) and not isinstance(x, np.ndarray)):
        raise InvalidInput(f"{fname}: {name} must be a number or an array of numbers, got {name}={x!r}")
    ok = np.isfinite(a)
    if allow_inf:
        ok |= a == np.inf
    with np.errstate(invalid="ignore"):
        if lo is not None:
            ok &= (a > lo) if lo_open else (a >= lo)
        if hi is not None:
            ok &= (a < hi) if hi_open else (a <= hi)
    if not ok.all():
        idx = tuple(int(i) for i in np.argwhere(~ok)[0])
        where = f" at index {idx}" if a.ndim else ""
        v = float(a[idx]) if a.ndim else float(a)
        what = _describe(lo, lo_open, hi, hi_open) if np.isfinite(v) or (allow_inf and v == np.inf) else "a finite number"
        raise InvalidInput(f"{fname}: {name} must be {what}, got {name}={v}{where}")
    return a, a.ndim == 0


def is_arb(x):
    return isinstance(x, flint.arb)


def exact_real(x, name, fname, *, lo=None, lo_open=False, hi=None, hi_open=False, allow_inf=False):
    """An exact number as a Fraction (an arb ball is returned as it is; +inf as float('inf') when allowed).

    Bounds are checked exactly on a Fraction and with certainty on an arb ball."""
    if isinstance(x, flint.arb):
        if not x.is_finite():
            raise InvalidInput(f"{fname}: {name} must be a finite ball, got {name}={x}")
        if not _within(x, lo, lo_open, hi, hi_open):
            raise InvalidInput(f"{fname}: {name} must be {_describe(lo, lo_open, hi, hi_open)} with certainty, "
                               f"got {name}={x}")
        return x
    if allow_inf and isinstance(x, float) and x == math.inf:
        return math.inf
    if isinstance(x, (float, np.floating)) and math.isfinite(x):
        raise FloatOnCertifiedPath(f"{fname}: {name} must be exact (int, Fraction, decimal string or arb), "
                                   f"got the float {name}={x!r}")
    if isinstance(x, (float, np.floating)) or not (isinstance(x, (str, flint.fmpz, flint.fmpq)) or _is_real_scalar(x)):
        raise InvalidInput(f"{fname}: {name} must be an exact finite number (int, Fraction, decimal string "
                           f"or arb), got {name}={x!r}")
    try:
        v = to_fraction(x, name)  # mechanisms.numerics.exact, the one converter
    except InvalidInput:  # a string that is not a number
        raise InvalidInput(f"{fname}: {name} must be an exact number, got {name}={x!r}") from None
    if not _within(v, lo, lo_open, hi, hi_open):
        raise InvalidInput(f"{fname}: {name} must be {_describe(lo, lo_open, hi, hi_open)}, got {name}={x}")
    return v


def integer(x, name, fname, *, lo=None):
    """x as a Python int (an integral Fraction or float is accepted), at least ``lo``."""
    ok = _is_real_scalar(x) and math.isfinite(float(x)) and Fraction(x) == int(x)
    if not ok or (lo is not None and int(x) < lo):
        what = f"an integer >= {lo}" if lo is not None else "an integer"
        raise InvalidInput(f"{fname}: {name} must be {what}, got {name}={x}")
    return int(x)


def same_length(a, b, names, fname):
    if len(a) != len(b):
        raise InvalidInput(f"{fname}: {names[0]} and {names[1]} must have the same length, "
                           f"got {len(a)} and {len(b)}")


def distribution(p, name, fname, tol=ROW_TOL):
    """A probability vector (float): non-empty, finite, non-negative, summing to 1 within ``tol``."""
    a, _ = real_array(p, name, fname, lo=0)
    if a.ndim != 1 or a.size == 0:
        raise InvalidInput(f"{fname}: {name} must be a non-empty vector, got shape {a.shape}")
    total = float(a.sum())
    if abs(total - 1) > tol:
        raise InvalidInput(f"{fname}: {name} must sum to 1, got sum({name})={total}")
    return a


def channel(k, name, fname, tol=ROW_TOL):
    """A row-stochastic matrix (float): every row a probability vector."""
    a, _ = real_array(k, name, fname, lo=0)
    if a.ndim != 2 or a.size == 0:
        raise InvalidInput(f"{fname}: {name} must be a non-empty matrix, got shape {a.shape}")
    sums = a.sum(axis=1)
    off = np.flatnonzero(np.abs(sums - 1) > tol)
    if off.size:
        i = int(off[0])
        raise InvalidInput(f"{fname}: every row of {name} must sum to 1, got sum({name}[{i}])={float(sums[i])}")
    return a


# ----------------------------------------------------------------------------- checks that keep the number's type
def _is_number(v):
    return isinstance(v, (int, float, Fraction, np.integer, np.floating)) and not isinstance(v, bool)


def _finite(v, name, fname):
    if isinstance(v, str):
        try:
            v = Fraction(v)
        except (ValueError, ZeroDivisionError):
            raise InvalidInput(f"{fname}: {name} must be a number, got {name}={v}") from None
    if hasattr(v, "mid") and hasattr(v, "rad"):  # an arb ball, passed by a certified caller
        return v
    # an int or a Fraction is finite however large (float() of 10**400 overflows): only a float can be inf / nan
    if not _is_number(v) or (isinstance(v, (float, np.floating)) and not math.isfinite(v)):
        raise InvalidInput(f"{fname}: {name} must be a finite number, got {name}={v}")
    return v


def check_dimension(p, fname, minimum=2):
    """p as an int >= minimum (an integral float is accepted)."""
    if isinstance(p, bool) or not isinstance(p, (int, np.integer)) and not (
            _is_number(p) and math.isfinite(float(p)) and float(p) == int(float(p))):
        raise InvalidInput(f"{fname}: dimension p must be an integer >= {minimum}, got p={p}")
    if int(p) < minimum:
        raise InvalidInput(f"{fname}: dimension p must be an integer >= {minimum}, got p={p}")
    return int(p)


def check_kappa(kappa, fname, name="kappa"):
    """A concentration κ >= 0 (a decimal string is read as a Fraction; other numbers are returned as they are)."""
    v = _finite(kappa, name, fname)
    if v < 0:
        raise InvalidInput(f"{fname}: concentration {name} must be >= 0, got {name}={kappa}")
    return v


def check_alpha(alpha, fname, name="alpha"):
    """A Rényi order α > 1."""
    v = _finite(alpha, name, fname)
    if not v > 1:
        raise InvalidInput(f"{fname}: Rényi order {name} must be > 1, got {name}={alpha}")
    return v


def check_nonneg(x, name, fname):
    v = _finite(x, name, fname)
    if v < 0:
        raise InvalidInput(f"{fname}: {name} must be >= 0, got {name}={x}")
    return v


def check_probability(x, name, fname, lo_open=True, hi_open=True):
    """x in (0, 1), with either end closed on request."""
    v = _finite(x, name, fname)
    lo_ok = v > 0 if lo_open else v >= 0
    hi_ok = v < 1 if hi_open else v <= 1
    if not (lo_ok and hi_ok):
        rng = f"{'(' if lo_open else '['}0, 1{')' if hi_open else ']'}"
        raise InvalidInput(f"{fname}: {name} must lie in {rng}, got {name}={x}")
    return v


def check_cos(c, fname):
    """cos θ in [−1, 1]."""
    v = _finite(c, "cos_theta", fname)
    if not -1 <= v <= 1:
        raise InvalidInput(f"{fname}: cos_theta must lie in [-1, 1], got cos_theta={c}")
    return v
