"""log I_ν(x), the modified Bessel function of the first kind, in log space.

Two evaluators:

* ``log_bessel_i(nu, x)`` — float64, numpy-vectorised, for the orders met in
  VMF work (ν = p/2 − 1 up to ~1e6) where ``scipy.special.ive`` under/overflows
  and mpmath stalls.
* ``log_bessel_i_arb(nu, x)`` — a certified python-flint ``arb`` enclosure.

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

from fractions import Fraction
from functools import lru_cache

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb

__all__ = [
    "log_bessel_i",
    "log_bessel_i_arb",
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


def log_bessel_i(nu, x):
    """log I_ν(x) for ν ≥ 0, x ≥ 0, float64, broadcasting over nu and x.

    x = 0 gives the exact limits: log I_0(0) = 0 and log I_ν(0) = −inf for ν > 0
    (I_ν(0) = 0 there); every other valid finite input gives a finite value.
    Accuracy measured against arb (tests and benchmarks/bench_log_bessel.py), ν ≤ 1e6, x ≤ 1e6:
    relative error ≤ ~2e−16 on log-spaced grids; near the zero of log I_ν (x ≈ 0.66ν) the
    absolute error is ≲ 1.3e−19·ν, so |error| ≤ 1e−13·max(1, |log I_ν(x)|) everywhere tested.
    Raises InvalidInput for negative, NaN or infinite ν or x.
    """
    nu_b, x_b = _validated(nu, x, "log_bessel_i")
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
    return out[()] if scalar else out


# --------------------------------------------------------------------- arb


def _is_exact_zero(a):
    return a.is_exact() and a.mid() == 0


def log_bessel_i_arb(nu, x, prec=128):
    """Certified enclosure of log I_ν(x) as a python-flint ``arb`` ball.

    nu, x: int, Fraction, exact decimal string ("6849", "0.75"), fmpq or arb (a float is refused:
    :func:`mechanisms.exact.to_arb`).
    Working precision starts at ``prec`` bits and is doubled (up to 16·prec) until the
    ball is finite.  x = 0 returns arb(0) for ν = 0 and −inf (as ``arb(float('-inf'))``)
    for ν > 0.
    """
    import flint

    p = int(prec)
    with flint.ctx.workprec(p):
        nu_a, x_a = to_arb(nu), to_arb(x)
    if not nu_a >= 0:
        raise InvalidInput(f"log_bessel_i_arb: nu must be >= 0, got nu={nu!r}")
    if not x_a >= 0:
        raise InvalidInput(f"log_bessel_i_arb: x must be >= 0, got x={x!r}")
    if _is_exact_zero(x_a):
        if _is_exact_zero(nu_a):
            return flint.arb(0)
        return flint.arb(float("-inf"))
    while True:
        with flint.ctx.workprec(p):
            # convert inside the context: an exact rational is rounded at the working precision
            val = to_arb(x).bessel_i(to_arb(nu)).log()
        if val.is_finite() or p >= 16 * int(prec):
            break
        p *= 2
    if not val.is_finite():
        raise InvalidInput(f"log_bessel_i_arb: no finite enclosure for nu={nu!r}, x={x!r} at {p} bits")
    return val
