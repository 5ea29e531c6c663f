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
  methods (``*_quadrature``), each one formula over ``ctx.integral`` (Gauss–Legendre in floats, ``acb.integral``
  with tail bounds certified), kept apart from the closed forms.

Bad input raises :class:`mechanisms.errors.InvalidInput` naming the value, before any
work: p < 2 or not an integer, κ < 0, α ≤ 1, cos θ ∉ [−1, 1]. κ = 0 (the uniform law on the sphere) gives a
divergence of exactly 0 on every route, float and certified.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import flint

from mechanisms.numerics.checks import check_dimension
from mechanisms.numerics.context import formula
from mechanisms.continuous.vmf_moments import sphere_order  # (also registers vmf_mean_resultant_length)

__all__ = [
    "vmf_rdp_cgf", "vmf_rdp", "vmf_rdp_nu", "vmf_taus", "vmf_renyi_divergence", "vmf_kl_antipodal",
    "vmf_renyi_divergence_quadrature", "vmf_mean_resultant_length_quadrature", "vmf_kl_quadrature",
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
def _sphere_integrand(I, phi, A, b2, q, half):
    """e^{A cos φ} sin^q φ ₀F₁(; (p−1)/2; b² sin²φ/4), written once over the integrand's operations I (ctx.integral):
    ∫_{S^{p−1}} e^{A xᵀy + b eᵀy} dy over the sphere S^{p−2} ⟂ x done exactly, q = p − 2, half = (p − 1)/2; b2 = b²,
    or None for b = 0 (no ₀F₁ factor). Entire in φ."""
    s = I.sin(phi)
    out = I.exp(A * I.cos(phi)) * I.nonneg(s) ** q
    return out if b2 is None else out * I.hyp0f1(half, b2 * s * s / 4)


def _log_sphere_integral(ctx, p, A, b2=None):
    """log ∫_0^π e^{A cos φ} sin^{p−2}φ ₀F₁(; (p−1)/2; b² sin²φ/4) dφ by ctx.integral."""
    q, half = p - 2, Fraction(p - 1, 2)
    if b2 is None:
        return ctx.integral(lambda I, x, a: _sphere_integrand(I, x, a, None, q, half), 0, ctx.pi(), args=(A,), log=True)
    return ctx.integral(lambda I, x, a, c: _sphere_integrand(I, x, a, c, q, half), 0, ctx.pi(), args=(A, b2), log=True)


@formula(args={"p": "integer", "kappa": "scalar", "alpha": "scalar", "cos_theta": "scalar"},
         domain="p ≥ 2, κ ≥ 0, α > 1, −1 ≤ cos θ ≤ 1")
def vmf_renyi_divergence_quadrature(ctx, p, kappa, alpha, cos_theta=-1):
    """D_α(VMF(x, κ) ‖ VMF(x', κ)), x·x' = cos θ, by 1-D quadrature in φ (inner sphere integral exact):
    [log ∫ e^{A cos φ} sin^{p−2}φ ₀F₁(; (p−1)/2; (b sin φ)²/4) dφ − log ∫ e^{κ cos φ} sin^{p−2}φ dφ]/(α − 1),
    A = κ(α + (1−α) cos θ), b² = (α−1)²κ²(1 − cos²θ).

    A second method for :func:`vmf_renyi_divergence` (quadrature of the definition, no Bessel closed form):
    ``ctx.integral`` — Gauss–Legendre in floats, ``acb.integral`` with interval tail bounds on the certified
    context."""
    fname = "vmf_renyi_divergence_quadrature"
    p = check_dimension(p, fname)
    kappa, alpha = _kappa(ctx, kappa, fname), _alpha(ctx, alpha, fname)
    c = ctx.real(cos_theta, "cos_theta", fname, lo=-1, hi=1)
    if ctx.is_zero(kappa):
        return ctx.exact(0)
    A = kappa * (alpha + (1 - alpha) * c)
    b2 = (alpha - 1) * (alpha - 1) * kappa * kappa * (1 - c * c)
    num = _log_sphere_integral(ctx, p, A, None if ctx.is_zero(b2) else b2)
    return (num - _log_sphere_integral(ctx, p, kappa)) / (alpha - 1)


# ----------------------------------------------------------------------------- KL
@formula
def vmf_kl_antipodal(ctx, p, kappa):
    """The right-hand side 2κ I_{ν+1}(κ)/I_ν(κ) = 2κ A_p(κ) (the KL divergence between VMFs at antipodal centres)."""
    kappa = _kappa(ctx, kappa, "vmf_kl_antipodal")
    return 2 * kappa * ctx.vmf_mean_resultant_length(p, kappa)


def _versine_integrand(I, phi, s, q):
    """2 sin²(φ/2) e^{s cos φ} sin^q φ = (1 − cos φ) e^{s cos φ} sin^q φ (ctx.integral; entire, ≥ 0)."""
    return 2 * I.nonneg(I.sin(phi / 2)) ** 2 * I.exp(s * I.cos(phi)) * I.nonneg(I.sin(phi)) ** q


@formula(args={"p": "integer", "kappa": "scalar"}, domain="p ≥ 2, κ ≥ 0")
def vmf_mean_resultant_length_quadrature(ctx, p, kappa):
    """E[t] under VMF(μ, κ), t = μ·y, by quadrature in φ: 1 − ∫(1 − cos φ)e^{κ cos φ}sin^{p−2}φ dφ /
    ∫ e^{κ cos φ}sin^{p−2}φ dφ (two positive integrands, no cancellation in the numerator).

    A second method for the Bessel ratio A_p(κ) = ``ctx.vmf_mean_resultant_length`` (``ctx.integral``)."""
    fname = "vmf_mean_resultant_length_quadrature"
    p = check_dimension(p, fname)
    kappa = _kappa(ctx, kappa, fname)
    q = p - 2
    num = ctx.integral(lambda I, x, k: _versine_integrand(I, x, k, q), 0, ctx.pi(), args=(kappa,), log=True)
    return -ctx.expm1(num - _log_sphere_integral(ctx, p, kappa))


@formula(args={"p": "integer", "kappa": "scalar", "cos_theta": "scalar"}, domain="p ≥ 2, κ ≥ 0, −1 ≤ cos θ ≤ 1")
def vmf_kl_quadrature(ctx, p, kappa, cos_theta=-1):
    """KL(VMF(x, κ) ‖ VMF(x', κ)) = E_x[κ(x − x')·y] = κ(1 − cos θ) E[t], with E[t] by quadrature.

    A second method for :func:`vmf_kl_antipodal` (E[t] by :func:`vmf_mean_resultant_length_quadrature`, not the
    Bessel ratio): Gauss–Legendre in floats, ``acb.integral`` on the certified context."""
    fname = "vmf_kl_quadrature"
    p = check_dimension(p, fname)
    kappa = _kappa(ctx, kappa, fname)
    c = ctx.real(cos_theta, "cos_theta", fname, lo=-1, hi=1)
    return kappa * (1 - c) * ctx.vmf_mean_resultant_length_quadrature(p, kappa)


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
