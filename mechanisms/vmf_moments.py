"""The VMF normalising function and mean resultant length in closed form (seed 003, Definition 4).

On S^{p−1} with surface measure, ν = p/2 − 1, write c_p(s) = ∫_{S^{p−1}} e^{s μᵀy} dy = (2π)^{p/2} I_ν(s)/s^ν and
the normalised moment generating function

    M_p(s) = c_p(s)/area(S^{p−1}) = Γ(ν+1)(2/s)^ν I_ν(s) = ₀F₁(; p/2; s²/4),

whose logarithmic derivative is the mean resultant length A_p(s) = I_{ν+1}(s)/I_ν(s) = E[μᵀy] under VMF(μ, s).
Float: the ₀F₁ series where it does not cancel, else ``mechanisms.bessel.log_bessel_i``; certified: arb's
Bessel function. The quadrature routes to the same quantities are in :mod:`mechanisms.vmf_sphere_quadrature`.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy.special import gammaln

from mechanisms.bessel import log_bessel_i, log_bessel_i_arb
from mechanisms.checks import check_dimension, check_nonneg
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb, to_fraction

__all__ = ["log_mgf_nu", "log_vmf_mgf", "log_vmf_mgf_arb", "mean_resultant_length", "mean_resultant_length_arb"]


def _half_nu(p):
    return 0.5 * p - 1.0


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


def _log_mgf(nu, flat, accurate):
    """log M(ν, s) on a flat array of s ≥ 0 (ν ≥ 0 a float): the series where accurate and s ≤ ν + 1, else the
    Bessel form; 0 at s = 0."""
    series = (flat > 0) & (flat <= nu + 1) & (nu >= 0.5) & accurate
    out = np.zeros(flat.shape)
    if series.any():
        out[series] = [_log_0f1_series(nu + 1, v * v / 4) for v in flat[series]]
    rest = (flat > 0) & ~series
    if rest.any():
        v = flat[rest]
        out[rest] = (gammaln(nu + 1) + nu * (math.log(2.0) - np.log(v)) + log_bessel_i(nu, v)) if nu > 0 else log_bessel_i(0.0, v)
    return out


def log_mgf_nu(nu, s):
    """log M(ν, s) = log Γ(ν+1) + ν log(2/s) + log I_ν(s) = log ₀F₁(; ν+1; s²/4), float, s ≥ 0.

    For s ≤ ν + 1 the series (no cancellation); beyond, the Bessel form, whose three terms then no
    longer cancel to many digits (the result is of the size of s). ν ≥ 0 is any real (Theorem 1 (ii) of
    seed 003 varies it continuously); M_p(s) = M(p/2 − 1, s)."""
    nu = float(check_nonneg(nu, "nu", "log_mgf_nu"))
    s = float(check_nonneg(s, "s", "log_mgf_nu"))
    return float(_log_mgf(nu, np.array([s]), True)[0])


def log_vmf_mgf(p, s, accurate=True):
    """log M_p(s) = log ₀F₁(; p/2; s²/4) = log Γ(ν+1) + ν log(2/s) + log I_ν(s), float; M_p(0) = 1.
    Vectorised over s ≥ 0 (p = 1 is log cosh s). accurate=True sums the series for s ≤ ν + 1 (no
    cancellation, ~1e-16 relative); accurate=False uses the Bessel form everywhere (fast on long arrays,
    absolute error ~1e-16·ν log ν: what a quadrature integrand needs)."""
    p = check_dimension(p, "log_vmf_mgf", minimum=1)
    s_a = np.asarray(s, dtype=float)
    if np.any(~np.isfinite(s_a)) or np.any(s_a < 0):
        raise InvalidInput(f"log_vmf_mgf: s must be finite and >= 0, got s={s}")
    if p == 1:  # ₀F₁(; 1/2; s²/4) = cosh s
        out = s_a + np.log1p(np.exp(-2 * s_a)) - math.log(2.0)
        return out[()] if out.ndim == 0 else out
    out = _log_mgf(_half_nu(p), s_a.ravel(), accurate).reshape(s_a.shape)
    return out[()] if out.ndim == 0 else out


def log_vmf_mgf_arb(p, s):
    """Certified log M_p(s) = log Γ(ν+1) + ν log(2/s) + log I_ν(s) via arb; s exact or an arb ball (s ≥ 0)."""
    import flint
    from flint import arb

    p = check_dimension(p, "log_vmf_mgf_arb", minimum=2)
    sa = to_arb(s)
    if sa.is_exact() and sa.mid() == 0:
        return arb(0)
    nu = arb(p) / 2 - 1
    log_i = log_bessel_i_arb(nu, sa, prec=flint.ctx.prec)
    if p == 2:
        return log_i
    return (nu + 1).lgamma() + nu * (2 / sa).log() + log_i


def mean_resultant_length(p, s):
    """A_p(s) = I_{ν+1}(s)/I_ν(s) = (d/ds) log M_p(s), float (0 at s = 0)."""
    p = check_dimension(p, "mean_resultant_length")
    s = check_nonneg(s, "s", "mean_resultant_length")
    if s == 0:
        return 0.0
    nu = _half_nu(p)
    li = log_bessel_i(np.array([nu + 1, nu]), float(s))
    return float(np.exp(li[0] - li[1]))


def mean_resultant_length_arb(p, s):
    import flint

    p = check_dimension(p, "mean_resultant_length_arb")
    s = check_nonneg(s, "s", "mean_resultant_length_arb")
    from flint import arb

    if to_fraction(s) == 0:
        return arb(0)
    nu = Fraction(p, 2) - 1
    prec = flint.ctx.prec
    return (log_bessel_i_arb(nu + 1, to_fraction(s), prec=prec) - log_bessel_i_arb(nu, to_fraction(s), prec=prec)).exp()
