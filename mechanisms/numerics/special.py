"""Special functions: the numeric contexts' operations, and the binomial coefficients written once over them.

Φ, log Φ, erf, erfc, erfcx, Γ, log|Γ|, log1p, expm1, log(1 − e^x) and log-sum-exp are operations of every numeric
context (:mod:`mechanisms.numerics.context`): ``fp.Phi(x)`` (scipy / numpy, vectorised), ``certified.Phi(x)`` (arb, at the
working precision), ``box.Phi(ball)`` (an enclosure over a box). log Φ keeps full relative accuracy on both sides
of 0 (scipy's ``log_ndtr``; in arb log(erfc(−x/√2)/2) for x ≤ 0, log1p(−erfc(x/√2)/2) for x > 0); log|Γ(x)| is
taken by reflection for x < 0 on the certified context. The float context follows IEEE arithmetic (an overflow
is inf, a pole inf or nan, underflow 0: ``fp.log_Phi`` for far tails, ``fp.lgamma`` where Γ overflows); the
certified context refuses a pole of Γ (a ball that may hold one included). log I_ν(x) is ``ctx.log_bessel_i``.

Formulas here (``fp.binomial(n, k)``, ``certified.binomial(n, k)``, ...):

* binomial(n, k) = Γ(n+1)/(Γ(k+1)Γ(n−k+1)) for real n, k: any real n when k is a non-negative integer (the
  polynomial n(n−1)…(n−k+1)/k!, exact for exact n), otherwise n must not be a negative integer;
* log_binomial(n, k) = log of the binomial for n, k, n − k > −1 (where all three Γ are positive);
* log_comb(n, k) = log C(n, k) of integers 0 ≤ k ≤ n (k an int or a sequence of ints), from the exact integer
  (by log Γ beyond n = 1000, where C(n, k) may not be a float).
"""
from __future__ import annotations

import math
from fractions import Fraction

from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput

__all__ = ["binomial", "log_binomial", "log_comb"]

_EXACT_COMB_UP_TO = 1000  # C(n, k) < 2^1000 for n below this: the exact integer is a float


def _nonnegative_integer(k):
    """k as an int when it is an exact or float non-negative integer (not a ball), else None."""
    if isinstance(k, (int, Fraction, float)) and k >= 0 and k == int(k):
        return int(k)
    return None


@formula
def binomial(ctx, n, k):
    """C(n, k) for real n (an array on the float context) and a real k (see the module note)."""
    fname = "binomial"
    nv = ctx.real(n, "n", fname)
    kv = ctx.real(k, "k", fname)
    kk = _nonnegative_integer(kv)
    if kk is not None:  # n(n − 1)…(n − k + 1)/k!, any real n
        total = ctx.exact(1)
        for j in range(kk):
            total = total * (nv - j) / (j + 1)
        return total if kk else ctx.num(1) + 0 * nv
    nn = _nonnegative_integer(-nv) if not isinstance(nv, (list, tuple)) and getattr(nv, "ndim", 0) == 0 else None
    if nn is not None and nn > 0:
        raise InvalidInput(f"{fname}: n must not be a negative integer unless k is a non-negative integer, "
                           f"got n={nv}, k={kv}")
    if any(_nonnegative_integer(-(x + 1)) is not None for x in (kv, nv - kv) if getattr(x, "ndim", 0) == 0):
        return ctx.num(0) + 0 * nv  # 1/Γ at a pole of the denominator is 0
    return ctx.accurate(lambda: ctx.gamma(nv + 1) / (ctx.gamma(kv + 1) * ctx.gamma(nv - kv + 1)))


@formula
def log_binomial(ctx, n, k):
    """log C(n, k) for real n, k with n > −1, k > −1, n − k > −1 (all three Γ positive; arrays on the float
    context)."""
    fname = "log_binomial"
    nv = ctx.real(n, "n", fname, lo=-1, lo_open=True)
    kv = ctx.real(k, "k", fname, lo=-1, lo_open=True)
    ctx.real(nv - kv, "n - k", fname, lo=-1, lo_open=True)
    return ctx.accurate(lambda: ctx.lgamma(nv + 1) - ctx.lgamma(kv + 1) - ctx.lgamma(nv - kv + 1))


@formula(args={"n": "integer", "k": "any"})
def log_comb(ctx, n, k):
    """log C(n, k) for integers 0 ≤ k ≤ n; k an int (a number) or a sequence of ints (a vector)."""
    if isinstance(k, int):
        return ctx.log_comb(n, [k])[0]
    if n <= _EXACT_COMB_UP_TO:
        return ctx.log(ctx.vector([math.comb(n, j) for j in k]))
    ks = ctx.vector(k)
    return ctx.lgamma(n + 1) - ctx.lgamma(ks + 1) - ctx.lgamma(n - ks + 1)
