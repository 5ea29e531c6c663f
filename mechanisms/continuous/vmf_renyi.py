"""Rényi and KL divergences between von Mises–Fisher distributions with equal concentration (seed 003,
Proposition 1 and line 133): closed forms and quadrature, two routes that share nothing but the definition.

On S^{p−1} with surface measure, f_x(y) = e^{κ xᵀy}/C_{p,κ}, ν = p/2 − 1, M_p the normalised moment
generating function (:mod:`mechanisms.continuous.vmf_moments`).

* closed form — for centres at angle θ, ‖αx + (1−α)x'‖² = m(θ)² = 1 + 2α(α−1)(1 − cos θ), so
      D_α(f_x ‖ f_x') = log[M_p(κ m(θ)) / M_p(κ)] / (α − 1),
  which at θ = π (m = 2α − 1) is Proposition 1's τ_α; KL(f_x ‖ f_{−x}) = 2κ A_p(κ). Formulas over the numeric
  context (``fp.vmf_rdp``, ``certified.vmf_rdp``, ...; :mod:`mechanisms.numerics.context`), M_p by the context's
  normalised Bessel function.
* quadrature — with y = cos φ · x + sin φ · u and x' = cos θ x + sin θ e, x'ᵀy = cos θ cos φ + sin θ sin φ (eᵀu);
  the integral over u is exact (:mod:`mechanisms.continuous.vmf_sphere_quadrature`), leaving
      ∫ f_x^α f_x'^{1−α} dy = ∫_0^π e^{A cos φ} sin^{p−2}φ ₀F₁(; (p−1)/2; (b sin φ)²/4) dφ / ∫_0^π e^{κ cos φ} sin^{p−2}φ dφ,
  A = κ(α + (1−α) cos θ), b = (α−1) κ sin θ. No use is made of the combination ‖αx + (1−α)x'‖. These are second
  methods (``*_quadrature``: Gauss–Legendre in floats, ``acb.integral`` with tail bounds certified), kept apart.

The quadrature routes' ``*_arb`` functions take exact numbers (int, Fraction, decimal string; a float is refused)
and return arb balls. Bad input raises :class:`mechanisms.errors.InvalidInput` naming the value, before any
work: p < 2 or not an integer, κ < 0, α ≤ 1, cos θ ∉ [−1, 1]. κ = 0 (the uniform law on the sphere) gives a
divergence of exactly 0 on every route, float and certified.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import flint

from mechanisms.numerics.checks import check_alpha, check_cos, check_dimension, check_kappa
from mechanisms.numerics.context import formula
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.continuous.vmf_moments import sphere_order
from mechanisms.continuous.vmf_sphere_quadrature import (log_sphere_integral, log_sphere_integral_arb,
                                              mean_resultant_length_quadrature,
                                              mean_resultant_length_quadrature_arb)

__all__ = [
    "vmf_rdp_cgf", "vmf_rdp", "vmf_rdp_nu", "vmf_taus", "vmf_renyi_divergence", "vmf_kl_antipodal",
    "vmf_renyi_divergence_quadrature", "vmf_renyi_divergence_quadrature_arb",
    "vmf_kl_quadrature", "vmf_kl_quadrature_arb",
]


def _kappa(ctx, kappa, fname):
    return ctx.real(kappa, "kappa", fname, lo=0)


def _alpha(ctx, alpha, fname):
    return ctx.real(alpha, "alpha", fname, lo=1, lo_open=True)


# ----------------------------------------------------------------------------- Rényi: closed forms
@formula
def vmf_rdp_cgf(ctx, nu, kappa, alpha):
    """(α−1)τ_α of Proposition 1 with ν ≥ 0 a real parameter: log M(ν, (2α−1)κ) − log M(ν, κ), M(ν, s) =
    Γ(ν+1)(2/s)^ν I_ν(s) = ₀F₁(; ν+1; s²/4). Equal to the printed ν log(1/(2α−1)) + log I_ν((2α−1)κ) − log I_ν(κ),
    but written so that ν log(2α−1) never cancels against the Bessel ratio (digits lost at large p). α may be a
    ball (an enclosure over all its points); κ = 0 gives exactly 0."""
    fname = "vmf_rdp_cgf"
    nu = ctx.real(nu, "nu", fname, lo=0)
    kappa, alpha = _kappa(ctx, kappa, fname), _alpha(ctx, alpha, fname)
    return ctx.log_normalised_bessel_i(nu, (2 * alpha - 1) * kappa) - ctx.log_normalised_bessel_i(nu, kappa)


@formula
def vmf_rdp(ctx, p, kappa, alpha):
    """Proposition 1 of seed 003: τ_α = [ν log(1/(2α−1)) + log(I_ν((2α−1)κ)/I_ν(κ))]/(α−1), ν = p/2 − 1.

    κ = 0 gives exactly 0: the mechanism is then uniform, every output law is the same and D_α between them is 0
    (the limit κ → 0 of the formula; as printed it is 0/0 for p ≥ 3)."""
    fname = "vmf_rdp"
    nu = sphere_order(ctx, p, fname)
    kappa, alpha = _kappa(ctx, kappa, fname), _alpha(ctx, alpha, fname)
    return ctx.vmf_rdp_cgf(nu, kappa, alpha) / (alpha - 1)


@formula
def vmf_rdp_nu(ctx, nu, kappa, alpha):
    """Proposition 1's formula with ν ≥ 0 a free real parameter (ν = p/2 − 1 for the VMF mechanism on S^{p−1}):
    [log M(ν, (2α−1)κ) − log M(ν, κ)]/(α−1) with M(ν, s) = ₀F₁(; ν+1; s²/4); exactly 0 at κ = 0."""
    fname = "vmf_rdp_nu"
    nu = ctx.real(nu, "nu", fname, lo=0)
    kappa, alpha = _kappa(ctx, kappa, fname), _alpha(ctx, alpha, fname)
    return ctx.vmf_rdp_cgf(nu, kappa, alpha) / (alpha - 1)


def _m_theta_sq(alpha, cos_theta):
    """‖αx + (1−α)x'‖² = (2α−1)² − 2α(α−1)(1 + cos θ) (= 1 + 2α(α−1)(1 − cos θ)); exact at θ = π."""
    return (2 * alpha - 1) ** 2 - 2 * alpha * (alpha - 1) * (1 + cos_theta)


@formula
def vmf_renyi_divergence(ctx, p, kappa, alpha, cos_theta=-1):
    """D_α(VMF(x, κ) ‖ VMF(x', κ)) for centres with x·x' = cos θ, closed form:
    log[M_p(κm)/M_p(κ)]/(α−1) = [−ν log m + log I_ν(κm) − log I_ν(κ)]/(α−1), m = ‖αx + (1−α)x'‖."""
    fname = "vmf_renyi_divergence"
    nu = sphere_order(ctx, p, fname)
    kappa, alpha = _kappa(ctx, kappa, fname), _alpha(ctx, alpha, fname)
    c = ctx.real(cos_theta, "cos_theta", fname, lo=-1, hi=1)
    m = ctx.sqrt(_m_theta_sq(alpha, c))
    return (ctx.log_normalised_bessel_i(nu, kappa * m) - ctx.log_normalised_bessel_i(nu, kappa)) / (alpha - 1)


# ----------------------------------------------------------------------------- Rényi: quadrature
def _divergence_args(p, kappa, alpha, cos_theta, fname, conv):
    """Checked (p, κ, α, cos θ) for a quadrature routine; conv is float (float path) or exact."""
    return (check_dimension(p, fname), conv(check_kappa(kappa, fname)), conv(check_alpha(alpha, fname)),
            conv(check_cos(cos_theta, fname)))


def vmf_renyi_divergence_quadrature(p, kappa, alpha, cos_theta=-1.0):
    """D_α(VMF(x, κ) ‖ VMF(x', κ)), x·x' = cos θ, by 1-D quadrature in φ (inner sphere integral exact).

    A second method for :func:`vmf_renyi_divergence` (quadrature of the definition against the closed form);
    float: Gauss–Legendre, certified twin :func:`vmf_renyi_divergence_quadrature_arb`: ``acb.integral``."""
    fname = "vmf_renyi_divergence_quadrature"
    p, kappa, alpha, c = _divergence_args(p, kappa, alpha, cos_theta, fname, float)
    if kappa == 0:
        return 0.0
    A = kappa * (alpha + (1 - alpha) * c)
    b = (alpha - 1) * kappa * math.sqrt(max(1 - c * c, 0.0))
    num = log_sphere_integral(p, A, b)
    den = log_sphere_integral(p, kappa, 0.0)
    return (num - den) / (alpha - 1)


def vmf_renyi_divergence_quadrature_arb(p, kappa, alpha, cos_theta=-1):
    """Certified D_α by ``acb.integral`` in φ (exact κ, α, cos θ): the certified method of the pair (the float one,
    :func:`vmf_renyi_divergence_quadrature`, integrates in floats); the second method for the Bessel closed form."""
    from flint import arb

    fname = "vmf_renyi_divergence_quadrature_arb"
    p, kappa, alpha, c = _divergence_args(p, kappa, alpha, cos_theta, fname, to_fraction)
    if kappa == 0:
        return arb(0)
    A = kappa * (alpha + (1 - alpha) * c)
    one_minus_c2 = 1 - c * c
    b = 0 if one_minus_c2 == 0 else (to_arb(alpha) - 1) * to_arb(kappa) * to_arb(one_minus_c2).sqrt()
    num = log_sphere_integral_arb(p, A, b)
    den = log_sphere_integral_arb(p, kappa, 0)
    return (num - den) / (to_arb(alpha) - 1)


# ----------------------------------------------------------------------------- KL
@formula
def vmf_kl_antipodal(ctx, p, kappa):
    """The right-hand side 2κ I_{ν+1}(κ)/I_ν(κ) = 2κ A_p(κ) (the KL divergence between VMFs at antipodal centres)."""
    kappa = _kappa(ctx, kappa, "vmf_kl_antipodal")
    return 2 * kappa * ctx.vmf_mean_resultant_length(p, kappa)


def vmf_kl_quadrature(p, kappa, cos_theta=-1.0):
    """KL(VMF(x, κ) ‖ VMF(x', κ)) = E_x[κ(x − x')·y] = κ(1 − cos θ) E[t], with E[t] by quadrature.

    A second method for :func:`vmf_kl_antipodal` (E[t] by Gauss–Legendre, not the Bessel ratio); certified twin
    :func:`vmf_kl_quadrature_arb` (``acb.integral``)."""
    kappa = float(check_kappa(kappa, "vmf_kl_quadrature"))
    c = float(check_cos(cos_theta, "vmf_kl_quadrature"))
    return kappa * (1 - c) * mean_resultant_length_quadrature(p, kappa)


def vmf_kl_quadrature_arb(p, kappa, cos_theta=-1):
    """Certified KL = κ(1 − cos θ) E[t] with E[t] by ``acb.integral``: the certified method of the pair (the float one,
    :func:`vmf_kl_quadrature`, integrates in floats); the second method for the Bessel-ratio closed form."""
    kappa = to_fraction(check_kappa(kappa, "vmf_kl_quadrature_arb"))
    c = to_fraction(check_cos(cos_theta, "vmf_kl_quadrature_arb"))
    return to_arb(kappa) * to_arb(1 - c) * mean_resultant_length_quadrature_arb(p, kappa)


# ----------------------------------------------------------------------------- the RDP curve at many orders
@formula
def vmf_taus(ctx, p, kappa, alpha_max):
    """{ℓ: τ_ℓ} for ℓ = 2..alpha_max from Proposition 1 (vectorised over the orders on the float context; cached
    per context, p, κ, alpha_max and working precision where κ is a number, not a ball)."""
    fname = "vmf_taus"
    nu = sphere_order(ctx, p, fname)
    kappa = _kappa(ctx, kappa, fname)
    try:
        hash(kappa)
    except TypeError:  # a ball (an interval of κ) is not cached
        return dict(_taus(ctx, nu, kappa, int(alpha_max)))
    return dict(_taus_cached(ctx, nu, kappa, int(alpha_max), flint.ctx.prec))


def _taus(ctx, nu, kappa, top):
    orders = list(range(2, top + 1))
    if not orders:
        return ()
    ls = ctx.vector([Fraction(order) for order in orders])  # exact orders: no int / int (a float) on the certified context
    # as in vmf_rdp: [log M_p((2ℓ−1)κ) − log M_p(κ)]/(ℓ−1), no cancellation of ν log(2ℓ−1) against the Bessel ratio
    gaps = (ctx.log_normalised_bessel_i(nu, (2 * ls - 1) * kappa) - ctx.log_normalised_bessel_i(nu, kappa)) / (ls - 1)
    return tuple(zip(orders, gaps.tolist()))


@lru_cache(maxsize=1024)
def _taus_cached(ctx, nu, kappa, top, prec):
    return _taus(ctx, nu, kappa, top)
