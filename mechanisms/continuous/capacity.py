"""Bayes' capacity of continuous mechanisms (seed 003, Definition 7, Theorems 5 and 6), in log space.

Definition 7: C_Bayes(f) = ∫_Y sup_x f(x)(y) dy. Two mechanisms:

* Gaussian noise N(x, σ² I_p) on inputs in the ball B^p_R. sup_{x∈B_R} φ_σ(y − x) = φ_σ at distance
  dist(y, B_R) = max(‖y‖ − R, 0) (the nearest point of the ball), so by rotational symmetry, with u = r/σ
  and ρ = R/σ,
      C = (2π)^{−p/2} [ V_p ρ^p + A_{p−1} ∫_ρ^∞ u^{p−1} e^{−(u−ρ)²/2} du ],
  V_p = π^{p/2}/Γ(p/2+1), A_{p−1} = 2π^{p/2}/Γ(p/2) (the radial route, by quadrature). Expanding
  (s+R)^{p−1} gives the closed form (the derived route)
      C = Σ_{i=0}^{p−1} C(p−1, i) Γ((p−i)/2)/Γ(p/2) (R/(√2σ))^i + (R/(√2σ))^p / Γ(p/2+1),
  which is the last line of seed 003's own proof (Appendix B-F, with its ½ and C(p−1, i)); its Theorem 5 as
  printed (a factor 2 in front of Z and C(p−i, i) in Z) lives with that paper's claims.
* VMF noise on S^{p−1} with every direction a possible input: sup_x f(x)(y) = e^κ/C_{p,κ} for every y, so
      C = e^κ area(S^{p−1}) / C_{p,κ} = e^κ / M_p(κ)
  (closed form via I_ν; quadrature via ∫_0^π e^{κ cos φ} sin^{p−2}φ dφ).

Every function returns log C (C reaches 10^288 at the paper's p = 13,700). The closed forms are formulas over
the numeric context (``fp.gaussian_capacity``, ``certified.vmf_capacity``, ...; :mod:`mechanisms.numerics.context`); the
quadratures are second methods, a float function and its ``*_arb`` twin (Gauss–Legendre / ``acb.integral``),
which take exact numbers (int, Fraction, decimal string) and return arb balls.
Bad input (p < 1, or p < 2 for VMF; σ ≤ 0; R < 0; κ < 0) raises InvalidInput before any work.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy.special import gammaln

from mechanisms.continuous import vmf  # noqa: F401  (registers log_sphere_area)
from mechanisms.numerics.checks import check_dimension, check_kappa
from mechanisms.numerics.context import formula, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.numerics.quadrature import certified_integral, float_log_integral, integrand_window
from mechanisms.continuous.vmf_sphere_quadrature import log_sphere_integral, log_sphere_integral_arb

__all__ = [
    "gaussian_capacity", "gaussian_capacity_quadrature", "gaussian_capacity_quadrature_arb",
    "gaussian_capacity_per_layer", "vmf_capacity", "vmf_capacity_quadrature", "vmf_capacity_quadrature_arb",
    "vmf_capacity_scipy",
]


# ----------------------------------------------------------------------------- validation
def _sigma(sigma, fname):
    if isinstance(sigma, bool) or not isinstance(sigma, (int, float, Fraction, np.integer, np.floating, str)):
        raise InvalidInput(f"{fname}: sigma must be a finite number > 0, got sigma={sigma}")
    v = to_fraction(sigma) if isinstance(sigma, (str, Fraction)) else sigma
    if not math.isfinite(float(v)) or not v > 0:
        raise InvalidInput(f"{fname}: sigma must be a finite number > 0, got sigma={sigma}")
    return v


def _radius(R, fname):
    if isinstance(R, bool) or not isinstance(R, (int, float, Fraction, np.integer, np.floating, str)):
        raise InvalidInput(f"{fname}: radius R must be a finite number >= 0, got R={R!r}")
    v = to_fraction(R) if isinstance(R, (str, Fraction)) else R
    if not math.isfinite(float(v)) or v < 0:
        raise InvalidInput(f"{fname}: radius R must be a finite number >= 0, got R={R!r}")
    return v


def _gauss_args(p, sigma, R, fname):
    return check_dimension(p, fname, minimum=1), _sigma(sigma, fname), _radius(R, fname)


# ----------------------------------------------------------------------------- Gaussian: closed form
@formula
def gaussian_capacity(ctx, p, sigma, R):
    """log C_Bayes of N(x, σ²I_p) on x ∈ B^p_R: the closed form with C(p−1, i) (the proof's own last line),
    log[Σ_{i=0}^{p−1} C(p−1, i) Γ((p−i)/2)/Γ(p/2) ρ^i + ρ^p/Γ(p/2+1)], ρ = R/(√2σ), summed in log space
    (the terms reach 10^288); exactly 0 at R = 0."""
    fname = "gaussian_capacity"
    p = check_dimension(p, fname, minimum=1)
    sigma = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    R = ctx.real(R, "R", fname, lo=0)
    if ctx.is_zero(R):
        return ctx.exact(0)
    log_rho = ctx.log(R) - ctx.log(sigma) - ctx.log(2) / 2
    i = ctx.vector(range(p))
    log_factorials = ctx.lgamma(i + 1)  # log i!, i = 0..p−1; reversed, log (p−1−i)! = log Γ(p−i)
    one_half = ctx.exact(Fraction(1, 2))  # (p − i)·½, exact on the certified context (an int / 2 would be a float)
    half_p = ctx.exact(Fraction(p, 2))
    terms = (ctx.lgamma(p) - log_factorials - log_factorials[::-1]  # log C(p−1, i)
             + ctx.lgamma((p - i) * one_half) - ctx.lgamma(half_p) + i * log_rho)
    last = p * log_rho - ctx.lgamma(half_p + 1)
    return ctx.log_sum_exp([ctx.log_sum_exp(terms), last])


# ----------------------------------------------------------------------------- Gaussian: radial quadrature
def _radial_parts(p, rho):
    """log of V_p ρ^p and of A_{p−1}, and the radial log-integrand, all for σ = 1."""
    log_vol = 0.5 * p * math.log(math.pi) - gammaln(p / 2 + 1)
    log_area = float(fp.log_sphere_area(p))

    def lf(u):
        u = np.asarray(u, float)
        with np.errstate(divide="ignore"):
            out = -0.5 * (u - rho) ** 2
            if p > 1:
                out = out + (p - 1) * np.log(u)
        return out

    mode = rho / 2 + math.sqrt(rho * rho / 4 + (p - 1))
    return log_vol, log_area, lf, mode


def gaussian_capacity_quadrature(p, sigma, R):
    """log C_Bayes by Definition 7 reduced by symmetry: (2π)^{−p/2}[V_p ρ^p + A_{p−1}∫_ρ^∞ u^{p−1}e^{−(u−ρ)²/2}du].

    A second method for :func:`gaussian_capacity` (radial quadrature, not the binomial expansion); certified
    twin :func:`gaussian_capacity_quadrature_arb`."""
    p, sigma, R = _gauss_args(p, sigma, R, "gaussian_capacity_quadrature")
    rho = float(R) / float(sigma)
    log_vol, log_area, lf, mode = _radial_parts(p, rho)
    hi = max(mode, rho) + 40.0
    tail = log_area + float_log_integral(lf, rho, hi)
    parts = [tail]
    if rho > 0:
        parts.append(log_vol + p * math.log(rho))
    return float(np.logaddexp.reduce(np.array(parts)) - 0.5 * p * math.log(2 * math.pi))


def gaussian_capacity_quadrature_arb(p, sigma, R):
    """Certified radial quadrature: ``acb.integral`` on the window, interval tail on the left, and a
    log-concavity bound f(h)/|(log f)'(h)| on the right of the window end h (log f is concave)."""
    from flint import arb

    p, sigma, R = _gauss_args(p, sigma, R, "gaussian_capacity_quadrature_arb")
    rho_q = to_fraction(R) / to_fraction(sigma)
    rho = float(rho_q)
    ra = to_arb(rho_q)
    _, _, lf, mode = _radial_parts(p, rho)
    a, b, xm, fm = integrand_window(lf, rho, max(mode, rho) + 40.0, 92.0)
    M = arb(fm)
    q = p - 1

    def f(x, analytic):
        val = (-(x - ra) ** 2 / 2 - M).exp()
        return val * x ** q if q else val

    qa = None if a <= rho + 1e-12 else Fraction(a).limit_denominator(10**12)
    qb = Fraction(b).limit_denominator(10**12)
    if qa is not None and not qa > rho_q:
        qa = None
    if qb <= (qa if qa is not None else rho_q):
        qb = (qa if qa is not None else rho_q) + 1
    while True:  # the right end must lie beyond the mode for the concavity bound
        hb = to_arb(qb)
        slope = (q / hb if q else arb(0)) - (hb - ra)
        if slope < 0:
            break
        qb += 1
    main = certified_integral(f, rho_q, qb, qa, None)
    right = f(hb, False) / (-slope)
    inner = main + arb(0).union(right)
    if not inner > 0:
        raise InvalidInput(f"gaussian_capacity_quadrature_arb: integral not certainly positive: {inner}")
    half = arb(p) / 2
    log_area = arb(2).log() + half * arb.pi().log() - half.lgamma()
    total = (log_area + M + inner.log()).exp()
    if rho_q > 0:
        total += (half * arb.pi().log() - (half + 1).lgamma()).exp() * ra ** p
    return total.log() - half * (2 * arb.pi()).log()


@formula
def gaussian_capacity_per_layer(ctx, layer_sizes, sigma, R_each=1):
    """log capacity when each layer block is clipped to its own ball B^{p_i}_{R_each} (per-layer clipping):
    the domain is a product of balls, the sup factorises, and the capacity is Π_i C(p_i, σ, R_each)."""
    sizes = [check_dimension(s, "gaussian_capacity_per_layer", minimum=1) for s in layer_sizes]
    return ctx.sum([ctx.gaussian_capacity(s, sigma, R_each) for s in sizes])


# ----------------------------------------------------------------------------- VMF
@formula
def vmf_capacity(ctx, p, kappa):
    """log C_Bayes of VMF(·, κ) on S^{p−1} (all directions possible): κ − log M_p(κ), M_p via I_ν; 0 at κ = 0."""
    fname = "vmf_capacity"
    check_dimension(p, fname)
    kappa = ctx.real(kappa, "kappa", fname, lo=0)
    return kappa - ctx.log_vmf_mgf(p, kappa)


def _log_wallis(p):
    """log ∫_0^π sin^{p−2}φ dφ = log(√π Γ((p−1)/2)/Γ(p/2))."""
    return 0.5 * math.log(math.pi) + gammaln((p - 1) / 2) - gammaln(p / 2)


def vmf_capacity_quadrature(p, kappa):
    """log C_Bayes = κ − log[∫_0^π e^{κ cos φ} sin^{p−2}φ dφ / ∫_0^π sin^{p−2}φ dφ] (quadrature for the first).

    A second method for :func:`vmf_capacity` (Gauss–Legendre, not I_ν); certified twin
    :func:`vmf_capacity_quadrature_arb` (``acb.integral``)."""
    p = check_dimension(p, "vmf_capacity_quadrature")
    kappa = float(check_kappa(kappa, "vmf_capacity_quadrature"))
    return float(kappa - (log_sphere_integral(p, kappa, 0.0) - _log_wallis(p)))


def vmf_capacity_quadrature_arb(p, kappa):
    """Certified log C_Bayes of the VMF mechanism by ``acb.integral`` in φ: the certified method of the pair (the float
    one, :func:`vmf_capacity_quadrature`, integrates in floats); the second method for the Bessel closed form."""
    from flint import arb

    p = check_dimension(p, "vmf_capacity_quadrature_arb")
    kappa = to_fraction(check_kappa(kappa, "vmf_capacity_quadrature_arb"))
    wallis = arb.pi().sqrt().log() + (arb(p - 1) / 2).lgamma() - (arb(p) / 2).lgamma()
    return to_arb(kappa) - (log_sphere_integral_arb(p, kappa, 0) - wallis)


def vmf_capacity_scipy(p, kappa):
    """A third route (float only): scipy.stats.vonmises_fisher's log density at its mean + log area(S^{p−1})."""
    from scipy.stats import vonmises_fisher

    p = check_dimension(p, "vmf_capacity_scipy")
    kappa = float(check_kappa(kappa, "vmf_capacity_scipy"))
    mu = np.zeros(p)
    mu[0] = 1.0
    return float(vonmises_fisher(mu, kappa).logpdf(mu) + fp.log_sphere_area(p))
