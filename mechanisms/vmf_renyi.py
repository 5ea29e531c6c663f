"""Rényi and KL divergences between von Mises–Fisher distributions with equal concentration (seed 003,
Proposition 1 and line 133): closed forms and quadrature, two routes that share nothing but the definition.

On S^{p−1} with surface measure, f_x(y) = e^{κ xᵀy}/C_{p,κ}, ν = p/2 − 1, M_p the normalised moment
generating function (:mod:`mechanisms.vmf_moments`).

* closed form — for centres at angle θ, ‖αx + (1−α)x'‖² = m(θ)² = 1 + 2α(α−1)(1 − cos θ), so
      D_α(f_x ‖ f_x') = log[M_p(κ m(θ)) / M_p(κ)] / (α − 1),
  which at θ = π (m = 2α − 1) is Proposition 1's τ_α; KL(f_x ‖ f_{−x}) = 2κ A_p(κ).
* quadrature — with y = cos φ · x + sin φ · u and x' = cos θ x + sin θ e, x'ᵀy = cos θ cos φ + sin θ sin φ (eᵀu);
  the integral over u is exact (:mod:`mechanisms.vmf_sphere_quadrature`), leaving
      ∫ f_x^α f_x'^{1−α} dy = ∫_0^π e^{A cos φ} sin^{p−2}φ ₀F₁(; (p−1)/2; (b sin φ)²/4) dφ / ∫_0^π e^{κ cos φ} sin^{p−2}φ dφ,
  A = κ(α + (1−α) cos θ), b = (α−1) κ sin θ. No use is made of the combination ‖αx + (1−α)x'‖.

Float functions take numbers; ``*_arb`` functions take exact numbers (int, Fraction, decimal string; a float
is refused) and return arb balls. Bad input raises :class:`mechanisms.errors.InvalidInput` naming the value,
before any work: p < 2 or not an integer, κ < 0, α ≤ 1, cos θ ∉ [−1, 1]. κ = 0 (the uniform law on the
sphere) gives a divergence of exactly 0 on every route, float and certified.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np

from mechanisms.bessel import log_bessel_i_arb
from mechanisms.checks import check_alpha, check_cos, check_dimension, check_kappa, check_nonneg
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb, to_fraction
from mechanisms.vmf_moments import log_mgf_nu, log_vmf_mgf, mean_resultant_length, mean_resultant_length_arb
from mechanisms.vmf_sphere_quadrature import (log_sphere_integral, log_sphere_integral_arb,
                                              mean_resultant_length_quadrature,
                                              mean_resultant_length_quadrature_arb)

__all__ = [
    "vmf_rdp", "vmf_rdp_arb", "vmf_renyi_divergence", "vmf_renyi_divergence_arb",
    "vmf_renyi_divergence_quadrature", "vmf_renyi_divergence_quadrature_arb",
    "vmf_kl_antipodal", "vmf_kl_antipodal_arb", "vmf_kl_quadrature", "vmf_kl_quadrature_arb",
    "vmf_taus", "vmf_taus_arb", "vmf_rdp_nu", "vmf_rdp_nu_arb",
]


# ----------------------------------------------------------------------------- Rényi: closed forms
def vmf_rdp(p, kappa, alpha):
    """Proposition 1 of seed 003, float: τ_α = [ν log(1/(2α−1)) + log(I_ν((2α−1)κ)/I_ν(κ))]/(α−1).

    κ = 0 gives the limit 0 (the mechanism is then uniform; the printed expression is 0/0 for p ≥ 3).
    """
    fname = "vmf_rdp"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    alpha = float(check_alpha(alpha, fname))
    if kappa == 0:
        return 0.0
    # the printed expression equals [log M_p(J) − log M_p(κ)]/(α−1) (M_p(s) = Γ(ν+1)(2/s)^ν I_ν(s)); evaluated
    # that way it does not cancel ν log(2α−1) against log I_ν(J) − log I_ν(κ) (digits lost at large p)
    return vmf_rdp_nu(p / 2 - 1, kappa, alpha)


@lru_cache(maxsize=4096)
def _vmf_rdp_arb_cached(p, kappa, alpha, prec):
    import flint

    with flint.ctx.workprec(prec):
        return vmf_rdp_nu_arb(Fraction(p, 2) - 1, kappa, alpha)


def vmf_rdp_arb(p, kappa, alpha):
    """Certified Proposition 1 formula (κ ≥ 0 exact, α > 1 exact); cached per (p, κ, α, precision).

    κ = 0 gives exactly 0, as :func:`vmf_rdp` does: the mechanism is then uniform, every output law is the
    same and D_α between them is 0 (the limit κ → 0 of the formula; as printed it is 0/0 for p ≥ 3)."""
    import flint
    from flint import arb

    fname = "vmf_rdp_arb"
    p = check_dimension(p, fname)
    kappa = to_fraction(check_kappa(kappa, fname))
    alpha = to_fraction(check_alpha(alpha, fname))
    if kappa == 0:
        return arb(0)
    return _vmf_rdp_arb_cached(p, kappa, alpha, flint.ctx.prec)


def _divergence_args(p, kappa, alpha, cos_theta, fname, conv):
    """Checked (p, κ, α, cos θ) for a divergence routine; conv is float (float path) or exact."""
    return (check_dimension(p, fname), conv(check_kappa(kappa, fname)), conv(check_alpha(alpha, fname)),
            conv(check_cos(cos_theta, fname)))


def _m_theta_sq(alpha, cos_theta):
    """‖αx + (1−α)x'‖² = (2α−1)² − 2α(α−1)(1 + cos θ) (= 1 + 2α(α−1)(1 − cos θ)); exact at θ = π."""
    return (2 * alpha - 1) ** 2 - 2 * alpha * (alpha - 1) * (1 + cos_theta)


def vmf_renyi_divergence(p, kappa, alpha, cos_theta=-1.0):
    """D_α(VMF(x, κ) ‖ VMF(x', κ)) for centres with x·x' = cos θ, closed form (float):
    log[M_p(κm)/M_p(κ)]/(α−1) = [−ν log m + log I_ν(κm) − log I_ν(κ)]/(α−1), m = ‖αx + (1−α)x'‖."""
    fname = "vmf_renyi_divergence"
    p, kappa, alpha, c = _divergence_args(p, kappa, alpha, cos_theta, fname, float)
    if kappa == 0:
        return 0.0
    m = math.sqrt(_m_theta_sq(alpha, c))
    lm = log_vmf_mgf(p, np.array([kappa * m, kappa]))
    return float((lm[0] - lm[1]) / (alpha - 1))


def vmf_renyi_divergence_arb(p, kappa, alpha, cos_theta=-1):
    import flint
    from flint import arb

    fname = "vmf_renyi_divergence_arb"
    p, kappa, alpha, c = _divergence_args(p, kappa, alpha, cos_theta, fname, to_fraction)
    if kappa == 0:
        return arb(0)
    msq = _m_theta_sq(alpha, c)
    m = to_arb(msq).sqrt()
    nu = Fraction(p, 2) - 1
    prec = flint.ctx.prec
    num = -to_arb(nu) * m.log() + log_bessel_i_arb(nu, to_arb(kappa) * m, prec=prec) - log_bessel_i_arb(nu, kappa, prec=prec)
    return num / (to_arb(alpha) - 1)



# ----------------------------------------------------------------------------- Rényi: quadrature
def vmf_renyi_divergence_quadrature(p, kappa, alpha, cos_theta=-1.0):
    """D_α(VMF(x, κ) ‖ VMF(x', κ)), x·x' = cos θ, by 1-D quadrature in φ (inner sphere integral exact)."""
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
    """Certified twin of :func:`vmf_renyi_divergence_quadrature` (exact κ, α, cos θ)."""
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
def vmf_kl_antipodal(p, kappa):
    """The right-hand side 2κ I_{ν+1}(κ)/I_ν(κ) (the KL divergence between VMFs at antipodal centres)."""
    kappa = check_kappa(kappa, "vmf_kl_antipodal")
    return 2 * float(kappa) * mean_resultant_length(p, kappa)


def vmf_kl_antipodal_arb(p, kappa):
    kappa = check_kappa(kappa, "vmf_kl_antipodal_arb")
    return 2 * to_arb(kappa) * mean_resultant_length_arb(p, kappa)


def vmf_kl_quadrature(p, kappa, cos_theta=-1.0):
    """KL(VMF(x, κ) ‖ VMF(x', κ)) = E_x[κ(x − x')·y] = κ(1 − cos θ) E[t], with E[t] by quadrature."""
    kappa = float(check_kappa(kappa, "vmf_kl_quadrature"))
    c = float(check_cos(cos_theta, "vmf_kl_quadrature"))
    return kappa * (1 - c) * mean_resultant_length_quadrature(p, kappa)


def vmf_kl_quadrature_arb(p, kappa, cos_theta=-1):
    kappa = to_fraction(check_kappa(kappa, "vmf_kl_quadrature_arb"))
    c = to_fraction(check_cos(cos_theta, "vmf_kl_quadrature_arb"))
    return to_arb(kappa) * to_arb(1 - c) * mean_resultant_length_quadrature_arb(p, kappa)


# ----------------------------------------------------------------------------- the RDP curve at many orders
def vmf_taus(p, kappa, alpha_max):
    """{ℓ: τ_ℓ} for ℓ = 2..alpha_max from Proposition 1, float (vectorised over the orders, cached)."""
    p = check_dimension(p, "vmf_taus")
    kappa = float(check_kappa(kappa, "vmf_taus"))
    return dict(_vmf_taus_cached(p, kappa, int(alpha_max)))


@lru_cache(maxsize=1024)
def _vmf_taus_cached(p, kappa, alpha_max):
    if alpha_max < 2:
        return ()
    ls = np.arange(2, alpha_max + 1, dtype=float)
    # as in vmf_rdp: [log M_p((2ℓ−1)κ) − log M_p(κ)]/(ℓ−1), no cancellation of ν log(2ℓ−1) against the Bessel ratio
    lm = log_vmf_mgf(p, np.append((2 * ls - 1) * kappa, kappa))
    vals = (lm[:-1] - lm[-1]) / (ls - 1)
    return tuple((int(l), float(v)) for l, v in zip(ls, vals))


def vmf_taus_arb(p, kappa, alpha_max):
    """Certified {ℓ: τ_ℓ} for ℓ = 2..alpha_max (each order cached by :func:`vmf_rdp_arb`)."""
    return {l: vmf_rdp_arb(p, kappa, l) for l in range(2, int(alpha_max) + 1)}


# ----------------------------------------------------------------------------- Proposition 1 with a real ν
def vmf_rdp_nu(nu, kappa, alpha):
    """Proposition 1's formula with ν ≥ 0 a free real parameter (ν = p/2 − 1 for the VMF mechanism on
    S^{p−1}), float: [log M(ν, (2α−1)κ) − log M(ν, κ)]/(α−1) with M(ν, s) = ₀F₁(; ν+1; s²/4) (no cancellation
    between ν log(1/(2α−1)) and the Bessel ratio)."""
    fname = "vmf_rdp_nu"
    nu = float(check_nonneg(nu, "nu", fname))
    kappa = float(check_kappa(kappa, fname))
    alpha = float(check_alpha(alpha, fname))
    return (log_mgf_nu(nu, (2 * alpha - 1) * kappa) - log_mgf_nu(nu, kappa)) / (alpha - 1)


def vmf_rdp_nu_arb(nu, kappa, alpha):
    """Certified [ν log(1/(2α−1)) + log I_ν((2α−1)κ) − log I_ν(κ)]/(α−1) for exact ν ≥ 0, κ > 0, α > 1.

    κ = 0 gives exactly 0, as :func:`vmf_rdp_nu` does ([log M(ν, 0) − log M(ν, 0)]/(α−1), M(ν, 0) = 1; the
    Bessel form is 0/0 there for ν > 0)."""
    import flint
    from flint import arb

    fname = "vmf_rdp_nu_arb"
    nu = to_fraction(check_nonneg(nu, "nu", fname))
    kappa = to_fraction(check_kappa(kappa, fname))
    alpha = to_fraction(check_alpha(alpha, fname))
    if kappa == 0:
        return arb(0)
    prec = flint.ctx.prec
    num = (to_arb(nu) * (1 / (2 * to_arb(alpha) - 1)).log() + log_bessel_i_arb(nu, (2 * alpha - 1) * kappa, prec=prec)
           - log_bessel_i_arb(nu, kappa, prec=prec))
    return num / (to_arb(alpha) - 1)
