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

from mechanisms.continuous import vmf  # noqa: F401  (registers log_sphere_area)
from mechanisms.numerics.checks import check_dimension, check_kappa
from mechanisms.numerics.context import formula, fp
from mechanisms.errors import InvalidInput
from mechanisms.continuous.vmf_sphere_quadrature import vmf_sphere_integrand
from scipy.stats import vonmises_fisher

__all__ = [
    "gaussian_capacity", "gaussian_capacity_quadrature",
    "gaussian_capacity_per_layer", "vmf_capacity", "vmf_capacity_quadrature",
    "vmf_capacity_scipy",
]


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
def _radial_integrand(I, u, rho, cut, q):
    """u^q e^{−(u−ρ)²/2} (σ = 1), written once over the integrand's operations (ctx.integral)."""
    return I.nonneg(u) ** q * I.exp(-(u - rho) * (u - rho) / 2)


def _radial_tail(rho, cut, q):
    """A certified upper bound of ∫_h^∞ u^q e^{−(u−ρ)²/2} du, h = cut beyond the mode (arb balls): log f is
    concave, so f(u) ≤ f(h) e^{s(u−h)} with s = (log f)'(h) = q/h − (h − ρ) < 0, and the integral is ≤ f(h)/|s|."""
    slope = q / cut - (cut - rho)
    if not slope < 0:
        raise InvalidInput(f"gaussian_capacity_quadrature: the cut {cut} is not certainly beyond the mode")
    return (q * cut.log() - (cut - rho) * (cut - rho) / 2).exp() / (-slope)


@formula(args={"p": "integer", "sigma": "scalar", "R": "scalar"}, domain="p ≥ 1, σ > 0, R ≥ 0")
def gaussian_capacity_quadrature(ctx, p, sigma, R):
    """log C_Bayes by Definition 7 reduced by symmetry: (2π)^{−p/2}[V_p ρ^p + A_{p−1}∫_ρ^∞ u^{p−1}e^{−(u−ρ)²/2}du].

    A second method for :func:`gaussian_capacity` (radial quadrature, not the binomial expansion):
    ``ctx.integral`` — Gauss–Legendre on floats; on the certified context ``acb.integral`` up to an integer cut
    at least 40 beyond the mode, plus the log-concavity bound of the rest (:func:`_radial_tail`)."""
    fname = "gaussian_capacity_quadrature"
    p = check_dimension(p, fname, minimum=1)
    sigma = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    R = ctx.real(R, "R", fname, lo=0)
    rho = R / sigma
    q = p - 1
    rho_f = float(ctx.guess(rho))
    cut = math.ceil(max(rho_f / 2 + math.sqrt(rho_f * rho_f / 4 + q), rho_f) + 40)  # an integer beyond the mode
    inner = ctx.integral(lambda I, u, r, h: _radial_integrand(I, u, r, h, q), rho, ctx.inf, args=(rho, cut),
                         cut=cut, tail=lambda r, h: _radial_tail(r, h, q), log=True)
    half = ctx.exact(Fraction(p, 2))
    parts = [ctx.log_sphere_area(p) + inner]
    if not ctx.is_zero(R):
        parts.append(half * ctx.log(ctx.pi()) - ctx.lgamma(half + 1) + p * ctx.log(rho))
    return ctx.log_sum_exp(parts) - half * ctx.log(2 * ctx.pi())


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


@formula(args={"p": "integer", "kappa": "scalar"}, domain="p ≥ 2, κ ≥ 0")
def vmf_capacity_quadrature(ctx, p, kappa):
    """log C_Bayes = κ − log[∫_0^π e^{κ cos φ} sin^{p−2}φ dφ / ∫_0^π sin^{p−2}φ dφ] (quadrature for the first).

    A second method for :func:`vmf_capacity` (quadrature in φ, not I_ν): ``ctx.integral`` — Gauss–Legendre in
    floats, ``acb.integral`` with interval tail bounds on the certified context; the second integral is Wallis's
    closed form log(√π Γ((p−1)/2)/Γ(p/2))."""
    fname = "vmf_capacity_quadrature"
    p = check_dimension(p, fname)
    kappa = ctx.real(kappa, "kappa", fname, lo=0)
    q = p - 2
    inner = ctx.integral(lambda I, x, k: vmf_sphere_integrand(I, x, k, q), 0, ctx.pi(), args=(kappa,), log=True)
    half = ctx.exact(Fraction(p, 2))
    wallis = ctx.log(ctx.pi()) / 2 + ctx.lgamma(half - ctx.exact(Fraction(1, 2))) - ctx.lgamma(half)
    return kappa - (inner - wallis)


def vmf_capacity_scipy(p, kappa):
    """A third route (float only): scipy.stats.vonmises_fisher's log density at its mean + log area(S^{p−1})."""
    p = check_dimension(p, "vmf_capacity_scipy")
    kappa = float(check_kappa(kappa, "vmf_capacity_scipy"))
    mu = np.zeros(p)
    mu[0] = 1.0
    return float(vonmises_fisher(mu, kappa).logpdf(mu) + fp.log_sphere_area(p))
