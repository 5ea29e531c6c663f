"""log I_ν(x), the modified Bessel function of the first kind, in log space, and the normalised
Bessel function Λ_ν(s) = Γ(ν+1)(2/s)^ν I_ν(s) = ₀F₁(; ν+1; s²/4).

These are the numeric contexts' operations ``ctx.log_bessel_i(nu, x)`` and
``ctx.log_normalised_bessel_i(nu, s)`` (:mod:`mechanisms.numerics.context`): formulas call them through ``ctx``,
and each context binds its own method, two genuinely different algorithms:

* float (:func:`float_log_bessel_i`, :func:`float_log_normalised_bessel_i`) — float64, numpy-vectorised,
  for the orders met in VMF work (ν = p/2 − 1 up to ~1e6) where ``scipy.special.ive`` under/overflows
  and mpmath stalls: the uniform (Debye) expansion and the power series below;
* certified (:func:`certified_log_bessel_i`, :func:`certified_log_normalised_bessel_i`) — python-flint's
  ``arb`` Bessel function, a certified enclosure.

Float method (switch-over chosen by measuring against arb, see
``benchmarks/bench_log_bessel.py``), with r = sqrt(ν² + x²):

* r ≥ ``DEBYE_RADIUS``: the uniform (Debye) expansion DLMF 10.41.3, written in
  ν and x instead of ν and z = x/ν so that it also covers ν → 0 (where it is
  Hankel's large-x expansion):
      log I_ν(x) = sqrt(ν²+x²) − ν·asinh(ν/x) − ½·log(2π·r) + log Σ_k u_k(t)/ν^k,
  t = ν/r.  Since u_k(t) = t^k·P_k(t²), u_k(t)/ν^k = P_k(t²)/r^k is finite at
  ν = 0 and the series is in powers of 1/r.
* r < ``DEBYE_RADIUS``: the power series
      I_ν(x) = (x/2)^ν/Γ(ν+1) · Σ_k (x²/4)^k / (k! (ν+1)_k),
  all of whose terms are positive (no cancellation), summed in log space.

The leading terms cancel near the zero of log I_ν(x) (x ≈ 0.66ν), so they are
evaluated in extended precision (x87 long double: 64-bit significand) and
rounded once.  On platforms whose long double is plain binary64 the code still
runs but loses that margin (``EXTENDED_PRECISION`` is False there).
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np
from scipy import special as _sc

from mechanisms.errors import InvalidInput
from mechanisms.numerics.checks import exact_real, real, real_array
from mechanisms.numerics.exact import NEG_INF, Undecided, to_arb, to_fraction
import flint
from flint import arb

__all__ = [
    "float_log_bessel_i",
    "certified_log_bessel_i",
    "float_log_normalised_bessel_i",
    "certified_log_normalised_bessel_i",
    "DEBYE_RADIUS",
    "DEBYE_TERMS",
    "EXTENDED_PRECISION",
]

# Measured: with 16 terms the truncation error at r = 20 is below 1e-16
# (absolute, in log I); 20 is also where the power series needs ≤ ~60 terms.
DEBYE_RADIUS = 20.0
DEBYE_TERMS = 16

_LD = np.longdouble
EXTENDED_PRECISION = bool(np.finfo(_LD).eps < 1e-18)
_HALF_LOG_2PI_LD = _LD("1.8378770664093454835606594728112352797") / 2  # ½·log(2π)


# ---------------------------------------------------------------- validation


def _validated(nu, x, fname):
    nu_a = np.asarray(nu, dtype=np.float64)
    x_a = np.asarray(x, dtype=np.float64)
    try:
        nu_b, x_b = np.broadcast_arrays(nu_a, x_a)
    except ValueError as exc:  # shapes do not broadcast
        raise InvalidInput(f"{fname}: shapes of nu {nu_a.shape} and x {x_a.shape} do not broadcast") from exc
    for name, arr, must in (("nu", nu_b, "a finite number >= 0"), ("x", x_b, "a finite number >= 0")):
        bad = ~np.isfinite(arr) | (arr < 0)
        if bad.any():
            idx = tuple(int(i) for i in np.argwhere(bad)[0])
            where = f" at index {idx}" if arr.ndim else ""
            raise InvalidInput(f"{fname}: {name} must be {must}, got {name}={float(arr[idx])!r}{where}")
    return nu_b, x_b


# ------------------------------------------------------ Debye coefficients


def _debye_u_polynomials(k_max):
    """u_0..u_k_max of DLMF 10.41.10 as {power of t: Fraction}, exact."""
    us = [{0: Fraction(1)}]
    for _ in range(k_max):
        u = us[-1]
        nxt: dict[int, Fraction] = {}
        # ½ t²(1 − t²) u_k'(t)
        for e, c in u.items():
            if e > 0:
                nxt[e + 1] = nxt.get(e + 1, 0) + c * e / 2
                nxt[e + 3] = nxt.get(e + 3, 0) - c * e / 2
        # ⅛ ∫_0^t (1 − 5s²) u_k(s) ds
        for e, c in u.items():
            nxt[e + 1] = nxt.get(e + 1, 0) + c / (8 * (e + 1))
            nxt[e + 3] = nxt.get(e + 3, 0) - 5 * c / (8 * (e + 3))
        us.append({e: c for e, c in nxt.items() if c != 0})
    return us


@lru_cache(maxsize=None)
def _debye_p_coefficients(k_max):
    """P_k with u_k(t) = t^k P_k(t²), k = 1..k_max, as float coefficient tuples (ascending)."""
    out = []
    for k, u in enumerate(_debye_u_polynomials(k_max)[1:], start=1):
        deg = max(u)
        out.append(tuple(float(u.get(k + 2 * j, 0)) for j in range((deg - k) // 2 + 1)))
    return tuple(out)


def _debye_correction(w, q, k_max=DEBYE_TERMS):
    """Σ_{k=1..K} P_k(w) q^k by Horner in q (|result| ≤ ~1/(8r), so float64 is plenty)."""
    coeffs = _debye_p_coefficients(k_max)
    acc = np.zeros_like(q)
    for c in reversed(coeffs):
        p_k = np.full_like(w, c[-1])
        for cj in c[-2::-1]:
            p_k = p_k * w + cj
        acc = (acc + p_k) * q
    return acc


def _log_i_debye(nu, x):
    nu_l, x_l = nu.astype(_LD), x.astype(_LD)
    r_l = np.sqrt(nu_l * nu_l + x_l * x_l)
    # ν·asinh(ν/x): 0 at ν = 0; ν/x in long double cannot overflow for finite doubles.
    with np.errstate(divide="ignore", invalid="ignore"):
        nu_asinh = np.where(nu_l > 0, nu_l * np.arcsinh(nu_l / x_l), _LD(0))
    r = r_l.astype(np.float64)
    t = nu / r
    s = _debye_correction(t * t, 1.0 / r)
    total = (r_l - nu_asinh) - _HALF_LOG_2PI_LD - np.log(r_l) / 2 + np.log1p(s).astype(_LD)
    return total.astype(np.float64)


# --------------------------------------------------------------- power series

# Stirling coefficients B_2k / (2k(2k−1)), k = 1..9, for log Γ at z ≥ 21.
_STIRLING = tuple(
    Fraction(b) / (2 * k * (2 * k - 1))
    for k, b in enumerate(
        [Fraction(1, 6), Fraction(-1, 30), Fraction(1, 42), Fraction(-1, 30), Fraction(5, 66),
         Fraction(-691, 2730), Fraction(7, 6), Fraction(-3617, 510), Fraction(43867, 798)],
        start=1,
    )
)
_SHIFT = 20  # log Γ(1+ν) is shifted to argument ≥ 21 where Stirling converges to long-double precision


def _lgamma1p_ld(nu_l):
    """log Γ(1+ν) in long double, with relative accuracy also as ν → 0 (no lgamma(1+ν) − 0 cancellation).

    log Γ(1+ν) = [log Γ(z+ν) − log Γ(z)] − Σ_{j=1}^{z−1} log1p(ν/j),  z = 21,
    and the bracket is the difference of Stirling series written with log1p/expm1.
    """
    z = _LD(_SHIFT + 1)
    d = np.log1p(nu_l / z)  # log((z+ν)/z)
    bracket = (z - _LD(0.5)) * d + nu_l * np.log(z + nu_l) - nu_l
    for k, c in enumerate(_STIRLING, start=1):
        m = 2 * k - 1
        # c·[(z+ν)^{−m} − z^{−m}] = c·z^{−m}·expm1(−m·d)
        bracket = bracket + _LD(c.numerator) / _LD(c.denominator) * z ** (-m) * np.expm1(-m * d)
    for j in range(1, _SHIFT + 1):
        bracket = bracket - np.log1p(nu_l / _LD(j))
    return bracket


def _log_i_series(nu, x):
    nu_l, x_l = nu.astype(_LD), x.astype(_LD)
    y = x_l * x_l / 4
    term = np.ones_like(y)
    tail = np.zeros_like(y)
    for k in range(1, 400):  # r < 20 needs ≤ ~70 terms; the bound only guards the loop
        term = term * y / (_LD(k) * (nu_l + _LD(k)))
        tail = tail + term
        if not np.any(term > tail * _LD(1e-21)):
            break
    # ν·log(x/2) − log Γ(1+ν) is exactly 0 at ν = 0 (keeps log I_0(x) ≈ x²/4 relatively accurate).
    pref = np.where(nu_l > 0, nu_l * np.log(x_l / 2) - _lgamma1p_ld(nu_l), _LD(0))
    return (pref + np.log1p(tail)).astype(np.float64)


# ------------------------------------------------------------------ public


def float_log_bessel_i(nu, x):
    """log I_ν(x) for ν ≥ 0, x ≥ 0, float64, broadcasting over nu and x (``fp.log_bessel_i``).

    x = 0 gives the exact limits: log I_0(0) = 0 and log I_ν(0) = −inf for ν > 0
    (I_ν(0) = 0 there); every other valid finite input gives a finite value.
    Accuracy measured against arb (tests and benchmarks/bench_log_bessel.py), ν ≤ 1e6, x ≤ 1e6:
    relative error ≤ ~2e−16 on log-spaced grids; near the zero of log I_ν (x ≈ 0.66ν) the
    absolute error is ≲ 1.3e−19·ν, so |error| ≤ 1e−13·max(1, |log I_ν(x)|) everywhere tested.
    Raises InvalidInput for negative, NaN or infinite ν or x.
    """
    nu_b, x_b = _validated(nu, x, "log_bessel_i")  # the name callers know (ctx.log_bessel_i)
    scalar = nu_b.ndim == 0
    nu_f, x_f = nu_b.ravel(), x_b.ravel()
    out = np.empty(nu_f.shape, dtype=np.float64)

    at_zero = x_f == 0
    out[at_zero] = np.where(nu_f[at_zero] == 0, 0.0, -np.inf)
    debye = ~at_zero & (np.hypot(nu_f, x_f) >= DEBYE_RADIUS)
    series = ~at_zero & ~debye
    if debye.any():
        out[debye] = _log_i_debye(nu_f[debye], x_f[debye])
    if series.any():
        out[series] = _log_i_series(nu_f[series], x_f[series])
    out = out.reshape(nu_b.shape)
    return float(out[()]) if scalar else out



# ------------------------------------------------- the normalised function, float


def _log_0f1_series(b, z):
    """log ₀F₁(; b; z) = log Σ_k z^k/((b)_k k!) for z ≥ 0, b > 0: all terms positive, summed by a
    cumulative product in extended precision (no cancellation; relative error ~ k·2^-64)."""
    LD = np.longdouble
    total = LD(0)  # Σ_{k≥1}; the k = 0 term (1) is added by log1p
    last = LD(1)
    k0 = 0
    zl, bl = LD(z), LD(b)
    while True:
        k = np.arange(k0, k0 + 512, dtype=LD)
        terms = last * np.cumprod(zl / ((bl + k) * (k + 1)))
        total += terms.sum()
        last = terms[-1]
        k0 += 512
        if last <= (1 + total) * LD(1e-22) and zl / ((bl + k0) * (k0 + 1)) < 1:
            break
        if k0 > 10**6:
            raise InvalidInput(f"0F1 series did not converge for b={b}, z={z}")
    return float(np.log1p(total))


_FNAME_NORMALISED = "log_normalised_bessel_i"


def _normalised_order(nu, fname):
    ok = nu == -0.5 or nu >= 0
    if not ok:
        raise InvalidInput(f"{fname}: nu must be >= 0 or -1/2, got nu={nu}")
    return nu


def float_log_normalised_bessel_i(nu, s, fast=False):
    """log Λ_ν(s) = log[Γ(ν+1)(2/s)^ν I_ν(s)] = log ₀F₁(; ν+1; s²/4), float, vectorised over s ≥ 0 (ν a number
    ≥ 0, or −1/2 where Λ is cosh); 0 at s = 0 (``fp.log_normalised_bessel_i``).

    For s ≤ ν + 1 (ν ≥ 1/2) the ₀F₁ series, whose terms are all positive (the Bessel form's three terms cancel
    there to ~ν log ν); beyond, the Bessel form, whose terms then no longer cancel to many digits (the result
    is of the size of s). fast=True takes the Bessel form everywhere (fast on long arrays; absolute error
    ~1e-16·ν log ν, what a quadrature integrand needs)."""
    nu = _normalised_order(real(nu, "nu", _FNAME_NORMALISED), _FNAME_NORMALISED)
    s_a, scalar = real_array(s, "s", _FNAME_NORMALISED, lo=0)
    if nu == -0.5:  # Λ_{−1/2}(s) = cosh s
        out = s_a + np.log1p(np.exp(-2 * s_a)) - math.log(2.0)
        return float(out) if scalar else out
    flat = s_a.ravel()
    series = (flat > 0) & (flat <= nu + 1) & (nu >= 0.5) & (not fast)
    out = np.zeros(flat.shape)
    if series.any():
        out[series] = [_log_0f1_series(nu + 1, v * v / 4) for v in flat[series]]
    rest = (flat > 0) & ~series
    if rest.any():
        v = flat[rest]
        log_i = float_log_bessel_i(nu, v)
        out[rest] = (_sc.gammaln(nu + 1) + nu * (math.log(2.0) - np.log(v)) + log_i) if nu > 0 else log_i
    out = out.reshape(s_a.shape)
    return float(out) if scalar else out


# ------------------------------------------------------------------ certified


def _is_exact_zero(a):
    return a.is_exact() and a.mid() == 0


def _exact_key(v):
    """A hashable exact value, or None for a ball (balls are not cached)."""
    return None if isinstance(v, flint.arb) else to_fraction(v)


@lru_cache(maxsize=8192)
def _cached_log_i(nu, x, prec):
    return _log_i_enclosure(nu, x, prec)


def _log_i_enclosure(nu, x, prec):
    p = int(prec)
    while True:
        with flint.ctx.workprec(p):
            # convert inside the context: an exact rational is rounded at the working precision
            val = to_arb(x).bessel_i(to_arb(nu)).log()
        if val.is_finite() or p >= 16 * int(prec):
            break
        p *= 2
    if not val.is_finite():
        if not (to_arb(nu).is_exact() and to_arb(x).is_exact()):  # a wide ball: too wide to decide, not an error
            raise Undecided(f"log_bessel_i: no finite enclosure over the balls nu={nu}, x={x} at {p} bits")
        raise InvalidInput(f"log_bessel_i: no finite enclosure for nu={nu!r}, x={x!r} at {p} bits")
    return val


def _certified_arg(v, name, fname, lo):
    """An exact number (checked ≥ lo) or a ball: one certainly below lo is an error, one across lo undecided."""
    if isinstance(v, flint.arb) and v.is_finite() and not v >= lo:
        if v < lo:
            raise InvalidInput(f"{fname}: {name} must be >= {lo}, got {name}={v}")
        raise Undecided(f"{fname}: the ball {name}={v} crosses its bound {lo}")
    return exact_real(v, name, fname, lo=lo)


def _certified_args(nu, x, fname, nu_name="nu", x_name="x", nu_lo=0):
    return _certified_arg(nu, nu_name, fname, nu_lo), _certified_arg(x, x_name, fname, 0)


def _is_ball(v):
    """An arb ball of positive radius (a value known only to lie in an interval)."""
    return isinstance(v, flint.arb) and not v.is_exact()


def _monotone_enclosure(f, nu, x, fname):
    """f(ν, x) over balls ν, x, for f increasing in x and decreasing in ν: [f(ν_hi, x_lo), f(ν_lo, x_hi)], each
    end evaluated at exact points (the formula evaluated on the balls themselves would be as wide as ν/x times
    the width of x, and arb's Bessel function of a wide ball at a large order is not finite)."""
    nu_lo, nu_hi = (to_arb(nu).lower(), to_arb(nu).upper()) if _is_ball(nu) else (nu, nu)  # an exact ν stays exact
    x_lo, x_hi = (to_arb(x).lower(), to_arb(x).upper()) if _is_ball(x) else (x, x)
    lo, hi = f(nu_hi, x_lo), f(nu_lo, x_hi)
    if lo is NEG_INF:
        raise Undecided(f"{fname}: the ball x={x} reaches 0, where log I_ν is −∞ (ν = {nu} > 0)")
    return to_arb(lo).union(to_arb(hi))


def certified_log_bessel_i(nu, x):
    """Certified log I_ν(x) (``certified.log_bessel_i``): an arb ball, or exactly 0 for ν = x = 0 and the exact
    −∞ for x = 0 < ν (I_ν(0) = 0).

    nu, x: exact numbers (int, Fraction, exact decimal string, fmpq) or arb balls, ≥ 0 (a float is refused).
    Working precision starts at the context's (at least 53 bits) and is doubled (up to 16 times that) until
    the ball is finite; exact arguments are cached per precision. Over balls, by monotonicity (I_ν(x) increases
    in x > 0 and decreases in ν ≥ 0): the values at the corners."""
    nu, x = _certified_args(nu, x, "log_bessel_i")
    if _is_ball(nu) or _is_ball(x):
        return _monotone_enclosure(certified_log_bessel_i, nu, x, "log_bessel_i")
    prec = max(int(flint.ctx.prec), 53)
    nu_a, x_a = to_arb(nu), to_arb(x)
    if _is_exact_zero(x_a):
        return 0 if _is_exact_zero(nu_a) else NEG_INF
    keys = (_exact_key(nu), _exact_key(x))
    if None in keys:
        return _log_i_enclosure(nu, x, prec)
    return _cached_log_i(keys[0], keys[1], prec)


def certified_log_normalised_bessel_i(nu, s):
    """Certified log Λ_ν(s) = log Γ(ν+1) + ν log(2/s) + log I_ν(s) by arb's Bessel function
    (``certified.log_normalised_bessel_i``); exactly 0 at s = 0; ν ≥ 0 or −1/2 (log cosh s), s ≥ 0, exact or
    balls. Over balls, by monotonicity (Λ_ν(s) = Σ_k (s²/4)^k/((ν+1)_k k!) increases in s and decreases in ν):
    the values at the corners, free of the dependency between ν log(2/s) and log I_ν(s)."""
    nu, s = _certified_args(nu, s, _FNAME_NORMALISED, x_name="s", nu_lo=-1)
    if isinstance(nu, arb) and not nu >= 0:
        raise InvalidInput(f"{_FNAME_NORMALISED}: nu must be >= 0 with certainty, got nu={nu}")
    if _is_ball(nu) or _is_ball(s):
        return _monotone_enclosure(certified_log_normalised_bessel_i, nu, s, _FNAME_NORMALISED)
    if not isinstance(nu, arb):
        _normalised_order(nu, _FNAME_NORMALISED)
    sa = to_arb(s)
    if _is_exact_zero(sa):
        return 0
    if not isinstance(nu, arb) and nu == Fraction(-1, 2):
        return sa.cosh().log()
    log_i = certified_log_bessel_i(nu, s)
    if _is_exact_zero(to_arb(nu)):
        return log_i
    nu_a = to_arb(nu)
    return (nu_a + 1).lgamma() + nu_a * (2 / sa).log() + log_i
