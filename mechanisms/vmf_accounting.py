"""(ε, δ) of the VMF mechanism from its Rényi DP (seed 003, Section III-B): Eq. (8) with Proposition 1's τ_α,
its derivative in α and the optimal order α*.

* δ_α = e^{(α−1)(τ_α−ε)} (1 − 1/α)^α / (α − 1) (Eq. 8, the improved RDP → (ε, δ) conversion of
  :mod:`mechanisms.rdp_conversion`) with τ_α of Proposition 1 (:func:`mechanisms.vmf_renyi.vmf_rdp`).
* log δ_α is convex in α, with derivative g(α) = −ε + 2κ A_p(J) + log(1 − 1/α), J = (2α−1)κ (the text's
  stationarity equation); g is increasing with limit 2κ − ε, so inf_α δ_α is attained at the root α* of g
  iff ε < 2κ, and is 0 (approached as α → ∞) otherwise.

Float functions take numbers; ``*_arb`` take exact numbers (a float is refused) and return arb balls.
Bad input (p < 2, κ < 0, α ≤ 1, ε < 0) raises InvalidInput before any work.
"""
from __future__ import annotations

import math
from fractions import Fraction

from mechanisms.bessel import log_bessel_i_arb
from mechanisms.checks import check_alpha, check_dimension, check_kappa, check_nonneg
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb, to_fraction
from mechanisms.rdp_conversion import log_delta_from_rdp
from mechanisms.vmf_moments import mean_resultant_length, mean_resultant_length_arb
from mechanisms.vmf_renyi import vmf_rdp
from mechanisms.vmf_sphere_quadrature import mean_resultant_length_quadrature, mean_resultant_length_quadrature_arb

__all__ = [
    "vmf_log_delta_alpha", "vmf_log_delta_alpha_arb", "vmf_stationarity", "vmf_stationarity_arb",
    "vmf_dlog_delta_quadrature", "vmf_dlog_delta_quadrature_arb", "vmf_alpha_star", "vmf_alpha_star_bracket_arb",
    "vmf_min_log_delta", "vmf_min_log_delta_arb",
]


def vmf_log_delta_alpha(p, kappa, eps, alpha):
    """log δ_α of Eq. (8) with τ_α of Proposition 1."""
    return log_delta_from_rdp(vmf_rdp(p, kappa, alpha), alpha, eps)


def _vmf_cgf_arb(p, kappa, alpha_ball):
    """(α−1)τ_α = −ν log(2α−1) + log I_ν((2α−1)κ) − log I_ν(κ) for an arb α (a ball is allowed)."""
    import flint

    nu = Fraction(p, 2) - 1
    k = to_arb(kappa)
    prec = flint.ctx.prec
    J = (2 * alpha_ball - 1) * k
    return -to_arb(nu) * (2 * alpha_ball - 1).log() + log_bessel_i_arb(nu, J, prec=prec) - log_bessel_i_arb(nu, kappa, prec=prec)


def vmf_log_delta_alpha_arb(p, kappa, eps, alpha):
    """Certified log δ_α; alpha exact or an arb ball (then an enclosure over the whole ball)."""
    p = check_dimension(p, "vmf_log_delta_alpha_arb")
    kappa = to_fraction(check_kappa(kappa, "vmf_log_delta_alpha_arb"))
    a = alpha if hasattr(alpha, "rad") else to_arb(check_alpha(alpha, "vmf_log_delta_alpha_arb"))
    e = to_arb(check_nonneg(eps, "eps", "vmf_log_delta_alpha_arb"))
    return _vmf_cgf_arb(p, kappa, a) - (a - 1) * e - (a - 1).log() + a * (1 - 1 / a).log()


def vmf_stationarity(p, kappa, eps, alpha):
    """The text's g(α) = −ε + 2κ I_{ν+1}((2α−1)κ)/I_ν((2α−1)κ) + log(1 − 1/α) (Bessel ratio)."""
    p = check_dimension(p, "vmf_stationarity")
    kappa = float(check_kappa(kappa, "vmf_stationarity"))
    alpha = float(check_alpha(alpha, "vmf_stationarity"))
    eps = float(check_nonneg(eps, "eps", "vmf_stationarity"))
    return -eps + 2 * kappa * mean_resultant_length(p, (2 * alpha - 1) * kappa) + math.log1p(-1 / alpha)


def vmf_stationarity_arb(p, kappa, eps, alpha):
    kappa = to_fraction(check_kappa(kappa, "vmf_stationarity_arb"))
    alpha = to_fraction(check_alpha(alpha, "vmf_stationarity_arb"))
    e = to_arb(check_nonneg(eps, "eps", "vmf_stationarity_arb"))
    a = to_arb(alpha)
    return -e + 2 * to_arb(kappa) * mean_resultant_length_arb(p, (2 * alpha - 1) * kappa) + (1 - 1 / a).log()


def vmf_dlog_delta_quadrature(p, kappa, eps, alpha):
    """d/dα log δ_α by the other route: d/dα log c_p((2α−1)κ) = 2κ E_J[t] with E_J[t] by quadrature,
    and d/dα[−(α−1)ε − log(α−1) + α log(1−1/α)] = −ε + log(1 − 1/α)."""
    p = check_dimension(p, "vmf_dlog_delta_quadrature")
    kappa = float(check_kappa(kappa, "vmf_dlog_delta_quadrature"))
    alpha = float(check_alpha(alpha, "vmf_dlog_delta_quadrature"))
    eps = float(check_nonneg(eps, "eps", "vmf_dlog_delta_quadrature"))
    return 2 * kappa * mean_resultant_length_quadrature(p, (2 * alpha - 1) * kappa) - eps + math.log1p(-1 / alpha)


def vmf_dlog_delta_quadrature_arb(p, kappa, eps, alpha):
    kappa = to_fraction(check_kappa(kappa, "vmf_dlog_delta_quadrature_arb"))
    alpha = to_fraction(check_alpha(alpha, "vmf_dlog_delta_quadrature_arb"))
    e = to_arb(check_nonneg(eps, "eps", "vmf_dlog_delta_quadrature_arb"))
    return 2 * to_arb(kappa) * mean_resultant_length_quadrature_arb(p, (2 * alpha - 1) * kappa) - e + (1 - 1 / to_arb(alpha)).log()


def vmf_alpha_star(p, kappa, eps):
    """The root α* > 1 of g (None when ε ≥ 2κ: g < 0 everywhere, δ_α decreases to 0)."""
    from scipy.optimize import brentq

    p = check_dimension(p, "vmf_alpha_star")
    kappa = float(check_kappa(kappa, "vmf_alpha_star"))
    eps = float(check_nonneg(eps, "eps", "vmf_alpha_star"))
    if not eps < 2 * kappa:
        return None
    lo = 1 + 1e-12
    if vmf_stationarity(p, kappa, eps, lo) >= 0:
        return lo  # g ≥ 0 on (1, ∞): δ_α is increasing, its infimum is the limit at α → 1
    hi = 2.0
    while vmf_stationarity(p, kappa, eps, hi) <= 0:
        hi *= 2
        if hi > 1e15:
            return None
    return brentq(lambda a: vmf_stationarity(p, kappa, eps, a), lo, hi, xtol=1e-15, rtol=1e-15, maxiter=300)


def vmf_alpha_star_bracket_arb(p, kappa, eps, alpha_float=None):
    """Exact rationals a < b with g(a) < 0 < g(b) certified (so α* ∈ (a, b)); None if none is found."""

    root = vmf_alpha_star(p, float(kappa), float(eps)) if alpha_float is None else alpha_float
    if root is None:
        return None
    r = Fraction(root)
    for rel in (Fraction(1, 10**9), Fraction(1, 10**6), Fraction(1, 10**3), Fraction(1, 20)):
        a = max(r - (r - 1) * rel, Fraction(1) + (r - 1) / 2 ** 40)
        b = r + (r - 1) * rel
        a, b = Fraction(a).limit_denominator(10**15), Fraction(b).limit_denominator(10**15)
        if not (1 < a < b):
            continue
        ga = vmf_stationarity_arb(p, kappa, eps, a)
        gb = vmf_stationarity_arb(p, kappa, eps, b)
        if ga < 0 and gb > 0:
            return a, b
    return None


def vmf_min_log_delta(p, kappa, eps):
    """log inf_{α>1} δ_α (float); −inf when ε ≥ 2κ (δ_α → 0 as α → ∞)."""
    a = vmf_alpha_star(p, kappa, eps)
    if a is None:
        return -math.inf
    if a <= 1 + 1e-12:
        return 0.0  # lim_{α→1} δ_α = 1
    return vmf_log_delta_alpha(p, kappa, eps, a)


def vmf_min_log_delta_arb(p, kappa, eps):
    """Certified enclosure of log inf_α δ_α, or the float −inf (exact) when ε ≥ 2κ.

    With a < α* < b certified (g(a) < 0 < g(b)) and g increasing (log δ_α convex), inf_α δ_α
    = min over [a, b]: its lower end is the enclosure of log δ_α over the ball [a, b], its upper end
    the value at a point of it."""
    kappa_q, eps_q = to_fraction(kappa), to_fraction(eps)
    if not eps_q < 2 * kappa_q:
        return -math.inf
    br = vmf_alpha_star_bracket_arb(p, kappa_q, eps_q)
    if br is None:
        raise InvalidInput(f"vmf_min_log_delta_arb: could not bracket alpha* for p={p}, kappa={kappa}, eps={eps}")
    a, b = br
    over = vmf_log_delta_alpha_arb(p, kappa_q, eps_q, to_arb(a).union(to_arb(b)))
    at = vmf_log_delta_alpha_arb(p, kappa_q, eps_q, (a + b) / 2)
    return over.lower().union(at.upper())
