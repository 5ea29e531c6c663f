"""Special functions on the two routes: float64 (scipy/numpy, vectorised) and certified (python-flint arb).

Each ``name(x)`` takes numbers or arrays and returns a float or an array; ``name_arb(x)`` takes exact
numbers (int, Fraction, exact decimal string, or an arb ball) and returns an arb ball at the working
precision ``flint.ctx.prec`` (set it locally with ``flint.ctx.workprec``).

A float function never returns inf or NaN silently for a valid argument: a pole is invalid input, and a
value that overflows float64 raises InvalidInput pointing at the log-space twin (``gamma`` → ``lgamma``,
``binomial`` → ``log_binomial``, ``expm1`` → the argument itself). Underflow to 0 is allowed (``erfc`` at
x = 30 is 0 to double precision; use ``log_normal_cdf`` for such tails).

* Φ(x) = erfc(−x/√2)/2; log Φ(x) by ``scipy.special.log_ndtr`` (float, stable as x → −∞) and, certified,
  log(erfc(−x/√2)/2) for x ≤ 0, log1p(−erfc(x/√2)/2) for x > 0 (no loss of relative accuracy near 0).
* lgamma(x) = log|Γ(x)| for every x that is not a pole (reflection formula for x < 0 on the arb route).
* binomial(n, k) = Γ(n+1)/(Γ(k+1)Γ(n−k+1)) for real n, k: any real n when k is a non-negative integer
  (the polynomial n(n−1)…(n−k+1)/k!), otherwise n must not be a negative integer; 1/Γ at a pole is 0.
* log_binomial(n, k) = log of the binomial for n, k, n − k > −1 (where all three Γ are positive).
* log_sum_exp(xs) = log Σ_i e^{x_i}, without overflow (a term −inf is an empty term).
* log_bessel_i(ν, x) = log I_ν(x): :mod:`mechanisms.bessel` (Debye expansion / series; arb.bessel_i).
"""
from __future__ import annotations

import math

import numpy as np
from scipy import special as sc

from mechanisms import bessel
from mechanisms.checks import exact_real, real_array
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb

__all__ = [
    "erf", "erf_arb", "erfc", "erfc_arb", "normal_cdf", "normal_cdf_arb", "log_normal_cdf", "log_normal_cdf_arb",
    "gamma", "gamma_arb", "lgamma", "lgamma_arb", "binomial", "binomial_arb", "log_binomial", "log_binomial_arb",
    "log1p", "log1p_arb", "expm1", "expm1_arb", "log_sum_exp", "log_sum_exp_arb", "log_bessel_i", "log_bessel_i_arb",
]

EXPM1_MAX = math.log(np.finfo(np.float64).max)  # 709.78…: expm1 overflows above


def _out(values, scalar):
    return float(values) if scalar else values


def _overflow(values, args, fname, hint):
    bad = ~np.isfinite(values)
    if bad.any():
        i = tuple(int(j) for j in np.argwhere(bad)[0]) if np.ndim(values) else ()
        shown = ", ".join(f"{n}={float(np.broadcast_to(a, np.shape(values))[i])}" for n, a in args)
        raise InvalidInput(f"{fname}: the value overflows float64 at {shown}; use {hint}")


def _is_pole(a):
    return (a <= 0) & (a == np.floor(a))


# ----------------------------------------------------------------------------- erf, erfc, Φ
def erf(x):
    """erf(x), vectorised."""
    a, s = real_array(x, "x", "erf")
    return _out(sc.erf(a), s)


def erf_arb(x):
    return to_arb(exact_real(x, "x", "erf_arb")).erf()


def erfc(x):
    """erfc(x) = 1 − erf(x) without cancellation for x > 0 (underflows to 0 past x ≈ 26.5)."""
    a, s = real_array(x, "x", "erfc")
    return _out(sc.erfc(a), s)


def erfc_arb(x):
    return to_arb(exact_real(x, "x", "erfc_arb")).erfc()


def normal_cdf(x):
    """Φ(x), the standard normal distribution function."""
    a, s = real_array(x, "x", "normal_cdf")
    return _out(sc.ndtr(a), s)


def _phi_arb(x):
    from flint import arb

    return (-x / arb(2).sqrt()).erfc() / 2


def normal_cdf_arb(x):
    return _phi_arb(to_arb(exact_real(x, "x", "normal_cdf_arb")))


def log_normal_cdf(x):
    """log Φ(x), finite for every finite x (≈ −x²/2 − log(−x√(2π)) as x → −∞)."""
    a, s = real_array(x, "x", "log_normal_cdf")
    out = sc.log_ndtr(a)
    _overflow(out, [("x", a)], "log_normal_cdf", "-x*x/2 - log(-x*sqrt(2*pi)) (the value is below -1.8e308)")
    return _out(out, s)


def log_normal_cdf_arb(x):
    from flint import arb

    v = to_arb(exact_real(x, "x", "log_normal_cdf_arb"))
    if v <= 0:
        return _phi_arb(v).log()
    if v > 0:
        return (-(v / arb(2).sqrt()).erfc() / 2).log1p()
    return _phi_arb(v).log()  # a ball around 0: both forms are fine there


# ----------------------------------------------------------------------------- Γ
def gamma(x):
    """Γ(x) for x not a pole (0, −1, −2, …); raises where Γ overflows float64 (x > 171.62): use lgamma."""
    a, s = real_array(x, "x", "gamma")
    if _is_pole(a).any():
        v = float(a[_is_pole(a)].ravel()[0])
        raise InvalidInput(f"gamma: x must not be a pole 0, -1, -2, ..., got x={v}")
    out = sc.gamma(a)
    _overflow(out, [("x", a)], "gamma", "lgamma")
    return _out(out, s)


def _pole_exact(v, name, fname):
    from flint import arb

    if isinstance(v, arb):
        if v.contains_integer() and not v > 0:
            raise InvalidInput(f"{fname}: {name} must certainly avoid the poles 0, -1, -2, ..., got {name}={v}")
    elif v <= 0 and v.denominator == 1:
        raise InvalidInput(f"{fname}: {name} must not be a pole 0, -1, -2, ..., got {name}={v}")
    return v


def gamma_arb(x):
    v = _pole_exact(exact_real(x, "x", "gamma_arb"), "x", "gamma_arb")
    return to_arb(v).gamma()


def lgamma(x):
    """log|Γ(x)| for x not a pole."""
    a, s = real_array(x, "x", "lgamma")
    if _is_pole(a).any():
        v = float(a[_is_pole(a)].ravel()[0])
        raise InvalidInput(f"lgamma: x must not be a pole 0, -1, -2, ..., got x={v}")
    out = sc.gammaln(a)
    _overflow(out, [("x", a)], "lgamma", "the arb route lgamma_arb")
    return _out(out, s)


def _lgamma_abs_arb(v):
    from flint import arb

    if v > 0:
        return v.lgamma()
    # reflection: |Γ(x)| = π / (|sin πx| Γ(1 − x)) for x < 0
    return arb.pi().log() - abs(v.sin_pi()).log() - (1 - v).lgamma()


def lgamma_arb(x):
    v = _pole_exact(exact_real(x, "x", "lgamma_arb"), "x", "lgamma_arb")
    return _lgamma_abs_arb(to_arb(v))


# ----------------------------------------------------------------------------- binomial
def _binomial_domain(n, k, fname):
    k_nonneg_int = (k >= 0) & (k == np.floor(k))
    bad = ~k_nonneg_int & (n < 0) & (n == np.floor(n))
    if bad.any():
        i = tuple(int(j) for j in np.argwhere(bad)[0]) if bad.ndim else ()
        raise InvalidInput(f"{fname}: n must not be a negative integer unless k is a non-negative integer, "
                           f"got n={float(n[i])}, k={float(k[i])}")
    return k_nonneg_int


def binomial(n, k):
    """The binomial coefficient C(n, k) for real n, k (see the module note), vectorised."""
    fname = "binomial"
    na, s1 = real_array(n, "n", fname)
    ka, s2 = real_array(k, "k", fname)
    try:
        na, ka = np.broadcast_arrays(na, ka)
    except ValueError:
        raise InvalidInput(f"{fname}: shapes of n {na.shape} and k {ka.shape} do not broadcast") from None
    int_k = _binomial_domain(na, ka, fname)
    neg_int_n = int_k & (na < 0) & (na == np.floor(na))
    # C(n, k) = (−1)^k C(k − n − 1, k) for a negative integer n (scipy returns nan there)
    sign = np.where(neg_int_n & (np.mod(ka, 2) == 1), -1.0, 1.0)
    out = sign * sc.binom(np.where(neg_int_n, ka - na - 1, na), ka)
    _overflow(out, [("n", na), ("k", ka)], fname, "log_binomial")
    return _out(out, s1 and s2)


def binomial_arb(n, k):
    from flint import arb

    fname = "binomial_arb"
    nv, kv = exact_real(n, "n", fname), exact_real(k, "k", fname)
    if not isinstance(kv, arb) and kv >= 0 and kv.denominator == 1:
        return to_arb(nv).bin(int(kv))
    if not isinstance(nv, arb) and nv < 0 and nv.denominator == 1:
        raise InvalidInput(f"{fname}: n must not be a negative integer unless k is a non-negative integer, "
                           f"got n={n}, k={k}")
    na, ka = to_arb(nv), to_arb(kv)
    return (na + 1).gamma() * (ka + 1).rgamma() * (na - ka + 1).rgamma()


def log_binomial(n, k):
    """log C(n, k) for real n, k with n > −1, k > −1, n − k > −1 (all three Γ positive), vectorised."""
    fname = "log_binomial"
    na, s1 = real_array(n, "n", fname, lo=-1, lo_open=True)
    ka, s2 = real_array(k, "k", fname, lo=-1, lo_open=True)
    bad = ~(na - ka > -1)
    if bad.any():
        i = tuple(int(j) for j in np.argwhere(np.broadcast_to(bad, np.broadcast(na, ka).shape))[0]) if np.ndim(bad) else ()
        nb, kb = np.broadcast_arrays(na, ka)
        raise InvalidInput(f"{fname}: n - k must be > -1, got n={float(nb[i])}, k={float(kb[i])}")
    out = sc.gammaln(na + 1) - sc.gammaln(ka + 1) - sc.gammaln(na - ka + 1)
    _overflow(out, [("n", na), ("k", ka)], fname, "the arb route log_binomial_arb")
    return _out(out, s1 and s2)


def log_binomial_arb(n, k):
    fname = "log_binomial_arb"
    nv = to_arb(exact_real(n, "n", fname, lo=-1, lo_open=True))
    kv = to_arb(exact_real(k, "k", fname, lo=-1, lo_open=True))
    if not nv - kv > -1:
        raise InvalidInput(f"{fname}: n - k must be > -1, got n={n}, k={k}")
    return (nv + 1).lgamma() - (kv + 1).lgamma() - (nv - kv + 1).lgamma()


# ----------------------------------------------------------------------------- log1p, expm1
def log1p(x):
    """log(1 + x) for x > −1, accurate for small |x|."""
    a, s = real_array(x, "x", "log1p", lo=-1, lo_open=True)
    return _out(np.log1p(a), s)


def log1p_arb(x):
    return to_arb(exact_real(x, "x", "log1p_arb", lo=-1, lo_open=True)).log1p()


def expm1(x):
    """e^x − 1, accurate for small |x|; raises where it overflows float64 (x > 709.78)."""
    a, s = real_array(x, "x", "expm1")
    if (a > EXPM1_MAX).any():
        v = float(a[a > EXPM1_MAX].ravel()[0])
        raise InvalidInput(f"expm1: the value overflows float64 at x={v}; work with x (log space) instead")
    return _out(np.expm1(a), s)


def expm1_arb(x):
    return to_arb(exact_real(x, "x", "expm1_arb")).expm1()


# ----------------------------------------------------------------------------- log Σ exp
def log_sum_exp(xs):
    """log Σ_i e^{x_i} for a list of floats (−inf entries are empty terms; no entry gives −inf)."""
    a = np.asarray(list(xs), dtype=float)
    if a.size == 0:
        return -math.inf
    if np.isnan(a).any() or (a == np.inf).any():
        raise InvalidInput(f"log_sum_exp: every term must be a finite number or -inf, got {a.tolist()}")
    return float(np.logaddexp.reduce(a))


def log_sum_exp_arb(xs):
    """Certified log Σ_i e^{x_i}: x_i exact numbers or arb balls (arb's exponent range is unbounded), the
    float −inf an empty term; −inf (exact) when every term is empty."""
    terms = [to_arb(x) for x in xs if not (isinstance(x, float) and x == -math.inf)]
    if not terms:
        return -math.inf
    total = terms[0].exp()
    for t in terms[1:]:
        total += t.exp()
    return total.log()


# ----------------------------------------------------------------------------- log I_ν
def log_bessel_i(nu, x):
    """log I_ν(x) for ν ≥ 0, x ≥ 0 (−inf at x = 0 < ν), float64, broadcasting (mechanisms.bessel)."""
    return bessel.log_bessel_i(nu, x)


def log_bessel_i_arb(nu, x):
    """Certified log I_ν(x) starting at the working precision (doubled inside until the ball is finite)."""
    import flint

    fname = "log_bessel_i_arb"
    nv = exact_real(nu, "nu", fname, lo=0)
    xv = exact_real(x, "x", fname, lo=0)
    return bessel.log_bessel_i_arb(nv, xv, prec=max(int(flint.ctx.prec), 53))
