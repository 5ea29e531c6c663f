"""(ε, δ) and Rényi accounting of seed 003, Section III-B: conversion, subsampling, composition, Tables I and IV.

* Eq. (8) (Proposition 4, [28]):  δ_α = e^{(α−1)(τ_α−ε)} (1 − 1/α)^α / (α − 1); the inverse (line 232)
  ε = α/(α−1) log(1 − 1/α) + τ_α − log((α−1)δ)/(α−1).
* For VMF with τ_α of Proposition 1: log δ_α is convex in α, and its derivative is
  g(α) = −ε + 2κ I_{ν+1}(J)/I_ν(J) + log(1 − 1/α), J = (2α−1)κ (the text's stationarity equation);
  g is increasing with limit 2κ − ε, so inf_α δ_α is attained at the root of g iff ε < 2κ, and is 0
  (approached as α → ∞) otherwise.
* Eq. (9): ε_s = log(1 + γ(e^ε − 1)), δ_s = γδ.
* Theorem 2 ([46], KOV): the printed ε̃ (first summand (e^{ε_s}−1)/(e^{ε_s}+1)) and KOV's own
  (first summand N ε_s (e^{ε_s}−1)/(e^{ε_s}+1)); exact δ of the N-fold composition of KOV's extremal
  (ε_s, δ_s) mechanism: 1 − (1−δ_s)^N (1 − δ_RR(ε)), δ_RR that of N-fold ε_s-randomised response.
* Theorem 3 ([24], Zhu–Wang): the bracket B = (1−γ)^{α−1}(αγ−γ+1) + C(α,2)γ²(1−γ)^{α−2}e^{τ_2}
  + 3 Σ_{ℓ≥3} C(α,ℓ)(1−γ)^{α−ℓ}γ^ℓ e^{(ℓ−1)τ_ℓ}, with the printed prefactor 1/α or Zhu–Wang's 1/(α−1).
* Exact Rényi divergence of the subsampled pair P = (1−γ)Q + γP₀ against Q at integer α (binomial
  expansion): D_α = log Σ_k C(α,k)(1−γ)^{α−k} γ^k e^{(k−1)D_k(P₀‖Q)} / (α−1).
* Tables I and IV: the printed rows, and the two approaches of the text as functions of their free
  parameters (ε₀ for approach 1, α for approach 2).

Float functions take numbers, ``*_arb`` take exact numbers and return arb balls. Bad input (α ≤ 1,
σ ≤ 0, κ < 0, p < 2, δ ∉ (0, 1), γ ∉ (0, 1], N < 1, ε < 0) raises InvalidInput before any work.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np
from scipy.special import gammaln

from mechanisms.bessel import log_bessel_i, log_bessel_i_arb
from mechanisms.errors import InvalidInput
from mechanisms.vmf_divergence import (arb_of, check_alpha, check_dimension, check_kappa, check_nonneg,
                                       check_probability, exact, mean_resultant_length,
                                       mean_resultant_length_arb, mean_resultant_length_quadrature,
                                       mean_resultant_length_quadrature_arb, vmf_kl_antipodal,
                                       vmf_kl_antipodal_arb, vmf_rdp, vmf_rdp_arb)

__all__ = [
    "log_delta_alpha", "log_delta_alpha_arb", "eps_from_rdp", "eps_from_rdp_arb",
    "vmf_log_delta_alpha", "vmf_log_delta_alpha_arb", "vmf_stationarity", "vmf_stationarity_arb",
    "vmf_dlog_delta_quadrature", "vmf_dlog_delta_quadrature_arb", "vmf_alpha_star", "vmf_alpha_star_bracket_arb",
    "vmf_min_log_delta", "vmf_min_log_delta_arb",
    "subsample_dp", "composition_eps", "composition_eps_arb", "rr_composition_delta",
    "rr_composition_delta_arb", "kov_extremal_composition_delta", "kov_extremal_composition_delta_arb",
    "zhu_wang_bound", "zhu_wang_bound_arb", "subsampled_renyi", "subsampled_renyi_arb",
    "gaussian_rdp", "gaussian_hockey_stick", "gaussian_hockey_stick_arb",
    "interpolate_printed", "interpolate_cgf",
    "TABLE_I", "TABLE_IV", "TABLE_SETUP", "half_unit",
    "approach1_eps", "approach1_eps_arb", "approach2_eps", "approach2_eps_arb", "vmf_taus", "approach1_boundary",
    "table_best", "subsampled_gaussian_rdp", "subsampled_gaussian_rdp_arb", "gaussian_dpsgd_eps",
    "gaussian_dpsgd_eps_arb", "OPACUS_ORDERS", "TABLE_IV_STEPS",
]


# ----------------------------------------------------------------------------- validation
def _delta(delta, fname, name="delta"):
    return check_probability(delta, name, fname)


def _gamma(gamma, fname):
    return check_probability(gamma, "gamma", fname, lo_open=True, hi_open=False)


def _count(N, fname, name="N"):
    if isinstance(N, bool) or not isinstance(N, (int, np.integer)) or N < 1:
        raise InvalidInput(f"{fname}: {name} must be an integer >= 1, got {name}={N}")
    return int(N)


def _int_alpha(alpha, fname):
    if isinstance(alpha, bool) or not isinstance(alpha, (int, np.integer, Fraction)) or alpha != int(alpha) or alpha < 2:
        raise InvalidInput(f"{fname}: alpha must be an integer >= 2, got alpha={alpha}")
    return int(alpha)


def _sigma(sigma, fname):
    v = sigma
    if isinstance(v, bool) or not isinstance(v, (int, float, Fraction, np.integer, np.floating)) or not math.isfinite(float(v)) or not v > 0:
        raise InvalidInput(f"{fname}: sigma must be a finite number > 0, got sigma={sigma}")
    return v


# ----------------------------------------------------------------------------- Eq. (8) and line 232
def log_delta_alpha(tau, alpha, eps):
    """log δ_α of Eq. (8): (α−1)(τ−ε) − log(α−1) + α log(1 − 1/α)."""
    alpha = float(check_alpha(alpha, "log_delta_alpha"))
    eps = float(check_nonneg(eps, "eps", "log_delta_alpha"))
    return float((alpha - 1) * (float(tau) - eps) - math.log(alpha - 1) + alpha * math.log1p(-1 / alpha))


def log_delta_alpha_arb(tau, alpha, eps):
    a = arb_of(alpha) if not hasattr(alpha, "rad") else alpha
    if not a > 1:
        raise InvalidInput(f"log_delta_alpha_arb: alpha must be > 1, got alpha={alpha}")
    e = arb_of(eps)
    return (a - 1) * (tau - e) - (a - 1).log() + a * (1 - 1 / a).log()


def eps_from_rdp(tau, alpha, delta):
    """Line 232: ε = α/(α−1) log(1 − 1/α) + τ − log((α−1)δ)/(α−1)."""
    alpha = float(check_alpha(alpha, "eps_from_rdp"))
    delta = float(_delta(delta, "eps_from_rdp"))
    return float(alpha / (alpha - 1) * math.log1p(-1 / alpha) + float(tau) - math.log((alpha - 1) * delta) / (alpha - 1))


def eps_from_rdp_arb(tau, alpha, delta):
    a = arb_of(check_alpha(alpha, "eps_from_rdp_arb"))
    d = arb_of(_delta(delta, "eps_from_rdp_arb"))
    return a / (a - 1) * (1 - 1 / a).log() + tau - ((a - 1) * d).log() / (a - 1)


# ----------------------------------------------------------------------------- VMF: δ_α, g, α*
def vmf_log_delta_alpha(p, kappa, eps, alpha):
    """log δ_α of Eq. (8) with τ_α of Proposition 1."""
    return log_delta_alpha(vmf_rdp(p, kappa, alpha), alpha, eps)


def _vmf_cgf_arb(p, kappa, alpha_ball):
    """(α−1)τ_α = −ν log(2α−1) + log I_ν((2α−1)κ) − log I_ν(κ) for an arb α (a ball is allowed)."""
    import flint

    nu = Fraction(p, 2) - 1
    k = arb_of(kappa)
    prec = flint.ctx.prec
    J = (2 * alpha_ball - 1) * k
    return -arb_of(nu) * (2 * alpha_ball - 1).log() + log_bessel_i_arb(nu, J, prec=prec) - log_bessel_i_arb(nu, kappa, prec=prec)


def vmf_log_delta_alpha_arb(p, kappa, eps, alpha):
    """Certified log δ_α; alpha exact or an arb ball (then an enclosure over the whole ball)."""
    p = check_dimension(p, "vmf_log_delta_alpha_arb")
    kappa = exact(check_kappa(kappa, "vmf_log_delta_alpha_arb"))
    a = alpha if hasattr(alpha, "rad") else arb_of(check_alpha(alpha, "vmf_log_delta_alpha_arb"))
    e = arb_of(check_nonneg(eps, "eps", "vmf_log_delta_alpha_arb"))
    return _vmf_cgf_arb(p, kappa, a) - (a - 1) * e - (a - 1).log() + a * (1 - 1 / a).log()


def vmf_stationarity(p, kappa, eps, alpha):
    """The text's g(α) = −ε + 2κ I_{ν+1}((2α−1)κ)/I_ν((2α−1)κ) + log(1 − 1/α) (Bessel ratio)."""
    p = check_dimension(p, "vmf_stationarity")
    kappa = float(check_kappa(kappa, "vmf_stationarity"))
    alpha = float(check_alpha(alpha, "vmf_stationarity"))
    eps = float(check_nonneg(eps, "eps", "vmf_stationarity"))
    return -eps + 2 * kappa * mean_resultant_length(p, (2 * alpha - 1) * kappa) + math.log1p(-1 / alpha)


def vmf_stationarity_arb(p, kappa, eps, alpha):
    kappa = exact(check_kappa(kappa, "vmf_stationarity_arb"))
    alpha = exact(check_alpha(alpha, "vmf_stationarity_arb"))
    e = arb_of(check_nonneg(eps, "eps", "vmf_stationarity_arb"))
    a = arb_of(alpha)
    return -e + 2 * arb_of(kappa) * mean_resultant_length_arb(p, (2 * alpha - 1) * kappa) + (1 - 1 / a).log()


def vmf_dlog_delta_quadrature(p, kappa, eps, alpha):
    """d/dα log δ_α by the other route: d/dα log c_p((2α−1)κ) = 2κ E_J[t] with E_J[t] by quadrature,
    and d/dα[−(α−1)ε − log(α−1) + α log(1−1/α)] = −ε + log(1 − 1/α)."""
    p = check_dimension(p, "vmf_dlog_delta_quadrature")
    kappa = float(check_kappa(kappa, "vmf_dlog_delta_quadrature"))
    alpha = float(check_alpha(alpha, "vmf_dlog_delta_quadrature"))
    eps = float(check_nonneg(eps, "eps", "vmf_dlog_delta_quadrature"))
    return 2 * kappa * mean_resultant_length_quadrature(p, (2 * alpha - 1) * kappa) - eps + math.log1p(-1 / alpha)


def vmf_dlog_delta_quadrature_arb(p, kappa, eps, alpha):
    kappa = exact(check_kappa(kappa, "vmf_dlog_delta_quadrature_arb"))
    alpha = exact(check_alpha(alpha, "vmf_dlog_delta_quadrature_arb"))
    e = arb_of(check_nonneg(eps, "eps", "vmf_dlog_delta_quadrature_arb"))
    return 2 * arb_of(kappa) * mean_resultant_length_quadrature_arb(p, (2 * alpha - 1) * kappa) - e + (1 - 1 / arb_of(alpha)).log()


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
    from flint import arb

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
    from flint import arb

    kappa_q, eps_q = exact(kappa), exact(eps)
    if not eps_q < 2 * kappa_q:
        return -math.inf
    br = vmf_alpha_star_bracket_arb(p, kappa_q, eps_q)
    if br is None:
        raise InvalidInput(f"vmf_min_log_delta_arb: could not bracket alpha* for p={p}, kappa={kappa}, eps={eps}")
    a, b = br
    over = vmf_log_delta_alpha_arb(p, kappa_q, eps_q, arb_of(a).union(arb_of(b)))
    at = vmf_log_delta_alpha_arb(p, kappa_q, eps_q, (a + b) / 2)
    return over.lower().union(at.upper())


# ----------------------------------------------------------------------------- Eq. (9), Theorem 2
def subsample_dp(eps, delta, gamma):
    """Eq. (9): (ε_s, δ_s) = (log(1 + γ(e^ε − 1)), γδ)."""
    eps = float(check_nonneg(eps, "eps", "subsample_dp"))
    gamma = float(_gamma(gamma, "subsample_dp"))
    delta = float(check_probability(delta, "delta", "subsample_dp", lo_open=False, hi_open=False))
    if eps < 30:
        eps_s = math.log1p(gamma * math.expm1(eps))
    else:  # log((1−γ) + γ e^ε) without overflow
        eps_s = float(np.logaddexp(math.log1p(-gamma) if gamma < 1 else -math.inf, math.log(gamma) + eps))
    return eps_s, gamma * float(delta)


def _check_comp(eps_s, N, delta_tilde, fname):
    eps_s = check_nonneg(eps_s, "eps_s", fname)
    if not eps_s > 0:
        raise InvalidInput(f"{fname}: eps_s must be > 0, got eps_s={eps_s}")
    N = _count(N, fname)
    delta_tilde = check_probability(delta_tilde, "delta_tilde", fname, lo_open=False, hi_open=True)
    return eps_s, N, delta_tilde


def composition_eps(eps_s, N, delta_tilde, variant="printed"):
    """Theorem 2's ε̃: min{Nε, t + ε√(2N log(e + √(Nε²)/δ̃)), t + ε√(2N log(1/δ̃))},
    t = tanh(ε/2) as printed, or t = N ε tanh(ε/2) (KOV, variant="kov"); δ̃ = 0 leaves Nε."""
    eps_s, N, dt = _check_comp(eps_s, N, delta_tilde, "composition_eps")
    eps_s, dt = float(eps_s), float(dt)
    if variant not in ("printed", "kov"):
        raise InvalidInput(f"composition_eps: variant must be 'printed' or 'kov', got variant={variant!r}")
    t = math.tanh(eps_s / 2) * (1 if variant == "printed" else N * eps_s)
    if dt == 0:
        return N * eps_s
    second = t + eps_s * math.sqrt(2 * N * math.log(math.e + math.sqrt(N * eps_s ** 2) / dt))
    third = t + eps_s * math.sqrt(2 * N * math.log(1 / dt))
    return min(N * eps_s, second, third)


def composition_eps_arb(eps_s, N, delta_tilde, variant="printed"):
    from flint import arb

    eps_s, N, dt = _check_comp(eps_s, N, delta_tilde, "composition_eps_arb")
    e = arb_of(eps_s)
    first = N * e
    if exact(dt) == 0:
        return first
    d = arb_of(dt)
    t = (e / 2).tanh() * (1 if variant == "printed" else N * e)
    second = t + e * (2 * N * (arb(1).exp() + (N * e * e).sqrt() / d).log()).sqrt()
    third = t + e * (2 * N * (1 / d).log()).sqrt()
    return first.min(second).min(third)


def rr_composition_delta(eps_s, N, eps):
    """Exact δ(ε) of the N-fold composition of ε_s-randomised response (float, log-sum-exp):
    Σ_l C(N,l)[e^{(N−l)ε_s} − e^ε e^{lε_s}]_+ / (1 + e^{ε_s})^N."""
    eps_s = float(check_nonneg(eps_s, "eps_s", "rr_composition_delta"))
    N = _count(N, "rr_composition_delta")
    eps = float(check_nonneg(eps, "eps", "rr_composition_delta"))
    l = np.arange(N + 1, dtype=float)
    gap = (N - 2 * l) * eps_s - eps
    keep = gap > 0
    if not keep.any():
        return 0.0
    l, gap = l[keep], gap[keep]
    logs = (gammaln(N + 1) - gammaln(l + 1) - gammaln(N - l + 1) + (N - l) * eps_s + np.log(-np.expm1(-gap))
            - N * np.logaddexp(0.0, eps_s))
    return float(np.exp(np.logaddexp.reduce(logs)))


def rr_composition_delta_arb(eps_s, N, eps):
    """Certified twin: each [·]_+ decided by the sign of (N−2l)ε_s − ε when certain, else max(·, 0)."""
    from flint import arb

    N = _count(N, "rr_composition_delta_arb")
    es = arb_of(check_nonneg(eps_s, "eps_s", "rr_composition_delta_arb"))
    e = eps if hasattr(eps, "rad") else arb_of(check_nonneg(eps, "eps", "rr_composition_delta_arb"))
    total = arb(0)
    binom = 1
    for l in range(N + 1):
        if l:
            binom = binom * (N - l + 1) // l
        gap = (N - 2 * l) * es - e
        if gap < 0 or (gap.is_exact() and gap.mid() == 0):
            continue
        term = arb(binom) * (((N - l) * es).exp() - (e + l * es).exp())
        total += term if gap > 0 else term.max(arb(0))
    return total / (1 + es.exp()) ** N


def kov_extremal_composition_delta(eps_s, delta_s, N, eps):
    """Exact δ(ε) of N-fold KOV extremal (ε_s, δ_s) mechanism: 1 − (1−δ_s)^N (1 − δ_RR(ε))."""
    delta_s = float(check_probability(delta_s, "delta_s", "kov_extremal_composition_delta", lo_open=False))
    N = _count(N, "kov_extremal_composition_delta")
    keep = (1 - delta_s) ** N
    return 1 - keep * (1 - rr_composition_delta(eps_s, N, eps))


def kov_extremal_composition_delta_arb(eps_s, delta_s, N, eps):
    delta_s = check_probability(delta_s, "delta_s", "kov_extremal_composition_delta_arb", lo_open=False)
    N = _count(N, "kov_extremal_composition_delta_arb")
    keep = (1 - arb_of(delta_s)) ** N
    return 1 - keep * (1 - rr_composition_delta_arb(eps_s, N, eps))


# ----------------------------------------------------------------------------- Theorem 3 and exact subsampling
def _log_binom(n, k):
    return gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1)


def zhu_wang_bound(taus, alpha, gamma, prefactor="printed"):
    """Theorem 3's bound on τ^s_α for integer α ≥ 2: (1/α or 1/(α−1)) log B; taus[ℓ] = τ_ℓ for ℓ = 2..α."""
    alpha = _int_alpha(alpha, "zhu_wang_bound")
    gamma = float(_gamma(gamma, "zhu_wang_bound"))
    if prefactor not in ("printed", "zw"):
        raise InvalidInput(f"zhu_wang_bound: prefactor must be 'printed' or 'zw', got prefactor={prefactor!r}")
    l1g = math.log1p(-gamma) if gamma < 1 else -math.inf
    lg = math.log(gamma)
    parts = [(alpha - 1) * l1g + math.log(alpha * gamma - gamma + 1),
             _log_binom(alpha, 2) + 2 * lg + ((alpha - 2) * l1g if alpha > 2 else 0.0) + float(taus[2])]
    for l in range(3, alpha + 1):
        parts.append(math.log(3) + _log_binom(alpha, l) + ((alpha - l) * l1g if alpha > l else 0.0) + l * lg
                     + (l - 1) * float(taus[l]))
    log_b = float(np.logaddexp.reduce(np.array(parts)))
    return log_b / (alpha if prefactor == "printed" else alpha - 1)


def zhu_wang_bound_arb(taus, alpha, gamma, prefactor="printed"):
    from flint import arb

    alpha = _int_alpha(alpha, "zhu_wang_bound_arb")
    g = arb_of(_gamma(gamma, "zhu_wang_bound_arb"))
    one = 1 - g
    B = one ** (alpha - 1) * (alpha * g - g + 1) + arb(math.comb(alpha, 2)) * g ** 2 * one ** (alpha - 2) * taus[2].exp()
    for l in range(3, alpha + 1):
        B += 3 * arb(math.comb(alpha, l)) * one ** (alpha - l) * g ** l * ((l - 1) * taus[l]).exp()
    return B.log() / (alpha if prefactor == "printed" else alpha - 1)


def subsampled_renyi(taus, alpha, gamma):
    """Exact D_α((1−γ)Q + γP ‖ Q) at integer α from the pair's own D_k(P‖Q) = taus[k], k = 2..α."""
    alpha = _int_alpha(alpha, "subsampled_renyi")
    gamma = float(_gamma(gamma, "subsampled_renyi"))
    l1g = math.log1p(-gamma) if gamma < 1 else -math.inf
    lg = math.log(gamma)
    parts = []
    for k in range(alpha + 1):
        pw = (alpha - k) * l1g if alpha > k else 0.0
        mom = (k - 1) * float(taus[k]) if k >= 2 else 0.0
        parts.append(_log_binom(alpha, k) + pw + k * lg + mom)
    return float(np.logaddexp.reduce(np.array(parts))) / (alpha - 1)


def subsampled_renyi_arb(taus, alpha, gamma):
    from flint import arb

    alpha = _int_alpha(alpha, "subsampled_renyi_arb")
    g = arb_of(_gamma(gamma, "subsampled_renyi_arb"))
    one = 1 - g
    total = arb(0)
    for k in range(alpha + 1):
        mom = ((k - 1) * taus[k]).exp() if k >= 2 else arb(1)
        total += arb(math.comb(alpha, k)) * one ** (alpha - k) * g ** k * mom
    return total.log() / (alpha - 1)


def vmf_taus(p, kappa, alpha_max, certified=False):
    """{ℓ: τ_ℓ} for ℓ = 2..alpha_max from Proposition 1 (float vectorised, or arb with caching)."""
    if certified:
        return {l: vmf_rdp_arb(p, kappa, l) for l in range(2, alpha_max + 1)}
    p = check_dimension(p, "vmf_taus")
    kappa = float(check_kappa(kappa, "vmf_taus"))
    if alpha_max < 2:
        return {}
    ls = np.arange(2, alpha_max + 1, dtype=float)
    nu = p / 2 - 1
    li = log_bessel_i(np.full(ls.size + 1, nu), np.append((2 * ls - 1) * kappa, kappa))
    vals = (-nu * np.log(2 * ls - 1) + li[:-1] - li[-1]) / (ls - 1)
    return {int(l): float(v) for l, v in zip(ls, vals)}


def gaussian_rdp(alpha, sigma):
    """τ_α = α/(2σ²) of the Gaussian mechanism with sensitivity 1 (exact)."""
    alpha = check_alpha(alpha, "gaussian_rdp")
    sigma = _sigma(sigma, "gaussian_rdp")
    return alpha / (2 * sigma * sigma)


def gaussian_hockey_stick(sigma, eps):
    """Exact δ(ε) of N(0,σ²) vs N(1,σ²): Φ(1/(2σ) − εσ) − e^ε Φ(−1/(2σ) − εσ)."""
    from scipy.special import log_ndtr

    sigma = float(_sigma(sigma, "gaussian_hockey_stick"))
    eps = float(check_nonneg(eps, "eps", "gaussian_hockey_stick"))
    a = log_ndtr(1 / (2 * sigma) - eps * sigma)
    b = eps + log_ndtr(-1 / (2 * sigma) - eps * sigma)
    return float(math.exp(a) * -math.expm1(b - a))


def gaussian_hockey_stick_arb(sigma, eps):
    s = arb_of(_sigma(sigma, "gaussian_hockey_stick_arb"))
    e = arb_of(check_nonneg(eps, "eps", "gaussian_hockey_stick_arb"))
    from flint import arb

    rt2 = arb(2).sqrt()
    Phi = lambda x: (-x / rt2).erfc() / 2  # noqa: E731
    return Phi(1 / (2 * s) - e * s) - e.exp() * Phi(-1 / (2 * s) - e * s)


# ----------------------------------------------------------------------------- interpolation over α
def interpolate_printed(tau_at, alpha):
    """The text's interpolation: (1 − α + ⌊α⌋) τ_{⌊α⌋} + (α − ⌊α⌋) τ_{⌈α⌉}; tau_at(k) for integers k ≥ 1."""
    lo = math.floor(alpha)
    f = alpha - lo
    if f == 0:
        return tau_at(int(lo))
    return (1 - f) * tau_at(int(lo)) + f * tau_at(int(lo) + 1)


def interpolate_cgf(tau_at, alpha):
    """Interpolation of the CGF (α−1)τ_α (Wang–Balle–Kasiviswanathan Cor. 10):
    [(1−f)(⌊α⌋−1)τ_{⌊α⌋} + f ⌊α⌋ τ_{⌈α⌉}]/(α−1)."""
    lo = math.floor(alpha)
    f = alpha - lo
    if f == 0:
        return tau_at(int(lo))
    return ((1 - f) * (lo - 1) * tau_at(int(lo)) + f * lo * tau_at(int(lo) + 1)) / (alpha - 1)


# ----------------------------------------------------------------------------- Tables I and IV
TABLE_SETUP = {"p": 13700, "delta": Fraction(1, 60000), "gamma": Fraction(128, 60000), "N": 3}

# (κ, printed ε, printed winning approach): Table I, lines 208–218 of the seed
TABLE_I = [(25, "0.0139", 1), (50, "0.0867", 1), (75, "0.49", 1), (100, "2.5", 2), (125, "4.6", 2),
           (150, "7.97", 2), (200, "10.9", 2), (300, "41.02", 2)]

# (printed ε, κ, printed σ): Table IV, lines 741–745
TABLE_IV = [("0.49", 75, "1.23"), ("2.48", 100, ".660"), ("4.59", 125, ".544"), ("7.97", 150, ".461"),
            ("9.72", 175, ".435"), ("10.9", 200, ".420"), ("17.25", 225, ".367"), ("27.38", 250, ".321"),
            ("38.84", 275, ".287"), ("41.02", 300, ".282"), ("64.98", 325, ".245"), ("79.68", 350, ".229"),
            ("95.44", 375, ".214"), ("112.28", 400, ".204"), ("173", 500, ".174")]


def half_unit(printed: str) -> Fraction:
    """Half a unit in the last printed digit: '0.0139' → 1/20000, '173' → 1/2."""
    s = printed.strip()
    decimals = len(s.split(".")[1]) if "." in s else 0
    return Fraction(1, 2 * 10**decimals)


def approach1_eps(p, kappa, eps0, gamma, N, delta_target, variant="printed"):
    """Approach 1 at the non-subsampled ε₀: δ₀ = inf_α δ_α(ε₀) (Eq. 8), (ε_s, δ_s) by Eq. (9),
    δ̃ from 1 − (1−δ_s)^N (1−δ̃) = δ_target, ε̃ by Theorem 2; None when δ̃ < 0 (target unreachable)."""
    fname = "approach1_eps"
    check_dimension(p, fname)
    check_kappa(kappa, fname)
    _gamma(gamma, fname)
    eps0 = float(check_nonneg(eps0, "eps0", fname))
    delta_target = float(_delta(delta_target, fname, "delta_target"))
    N = _count(N, fname)
    log_d0 = vmf_min_log_delta(p, kappa, eps0)
    eps_s, delta_s = subsample_dp(eps0, math.exp(log_d0), gamma)
    if delta_s >= 1:
        return None
    dt = 1 - (1 - delta_target) / (1 - delta_s) ** N
    if dt < 0 or not eps_s > 0:
        return None
    return composition_eps(eps_s, N, min(dt, 1 - 1e-300), variant)


def approach1_eps_arb(p, kappa, eps0, gamma, N, delta_target, variant="printed"):
    """Certified approach 1 at exact ε₀; None when δ̃ ≥ 0 cannot be certified."""
    from flint import arb

    fname = "approach1_eps_arb"
    eps0 = exact(check_nonneg(eps0, "eps0", fname))
    N = _count(N, fname)
    g = arb_of(_gamma(gamma, fname))
    log_d0 = vmf_min_log_delta_arb(p, kappa, eps0)
    d0 = arb(0) if log_d0 == -math.inf else log_d0.exp()
    eps_s = (1 + g * (arb_of(eps0).exp() - 1)).log()
    ds = g * d0
    dt = 1 - (1 - arb_of(_delta(delta_target, fname, "delta_target"))) / (1 - ds) ** N
    if not dt >= 0:
        return None
    e = eps_s
    first = N * e
    if dt.is_exact() and dt.mid() == 0:
        return first
    t = (e / 2).tanh() * (1 if variant == "printed" else N * e)
    if not dt > 0:
        return None
    second = t + e * (2 * N * (arb(1).exp() + (N * e * e).sqrt() / dt).log()).sqrt()
    third = t + e * (2 * N * (1 / dt).log()).sqrt()
    return first.min(second).min(third)


@lru_cache(maxsize=512)
def _tau_s_table(p, kappa, gamma, prefactor, top):
    """τ^s_k for k = 1..top (k = 1: γτ_1 with τ_1 = 2κA_p(κ); k ≥ 2: Theorem 3's bound), float."""
    taus = vmf_taus(p, kappa, max(top, 2))
    out = {1: float(gamma) * vmf_kl_antipodal(p, kappa)}
    for k in range(2, top + 1):
        out[k] = zhu_wang_bound(taus, k, gamma, prefactor)
    return out


_TOP = 128


def approach2_eps(p, kappa, alpha, gamma, N, delta, prefactor="printed"):
    """Approach 2 at order α: τ^s by Theorem 3 (integer α; prefactor 1/α as printed or 'zw' 1/(α−1)),
    the printed interpolation for fractional α (τ^s_1 = γτ_1 below 2), τ' = Nτ^s, ε by line 232.
    Orders up to 128 (τ^s tables are cached per (p, κ, γ, prefactor))."""
    fname = "approach2_eps"
    alpha = float(check_alpha(alpha, fname))
    N = _count(N, fname)
    check_dimension(p, fname)
    check_kappa(kappa, fname)
    _gamma(gamma, fname)
    _delta(delta, fname)
    if alpha > _TOP:
        raise InvalidInput(f"{fname}: alpha must be <= {_TOP}, got alpha={alpha}")
    if prefactor not in ("printed", "zw"):
        raise InvalidInput(f"{fname}: prefactor must be 'printed' or 'zw', got prefactor={prefactor!r}")
    table = _tau_s_table(int(p), float(kappa), float(gamma), prefactor, _TOP)
    tau_s = interpolate_printed(table.__getitem__, alpha)
    return eps_from_rdp(N * tau_s, alpha, delta)


def approach2_eps_arb(p, kappa, alpha, gamma, N, delta, prefactor="printed"):
    fname = "approach2_eps_arb"
    alpha = exact(check_alpha(alpha, fname))
    N = _count(N, fname)
    check_dimension(p, fname)
    check_kappa(kappa, fname)
    _gamma(gamma, fname)
    _delta(delta, fname)
    lo = math.floor(alpha)
    f = alpha - lo
    top = lo + (1 if f else 0)
    taus = vmf_taus(p, kappa, max(top, 2), certified=True)

    def at(k):
        if k == 1:
            return arb_of(gamma) * vmf_kl_antipodal_arb(p, kappa)
        return zhu_wang_bound_arb(taus, k, gamma, prefactor)

    tau_s = at(lo) if f == 0 else arb_of(1 - f) * at(lo) + arb_of(f) * at(lo + 1)
    return eps_from_rdp_arb(N * tau_s, alpha, delta)


# ----------------------------------------------------------------------------- recomputing a table row
def approach1_boundary(p, kappa, gamma, N, delta_target, variant="printed"):
    """Smallest admissible ε₀ of approach 1 (δ̃ ≥ 0): the root in ε₀ of inf_α log δ_α(ε₀) = log δ_max,
    δ_max = (1 − (1 − δ_target)^{1/N})/γ (inf_α δ_α is decreasing in ε₀); None if δ_max ≥ 1 never binds."""
    from scipy.optimize import brentq

    log_dmax = math.log(-math.expm1(math.log1p(-delta_target) / N) / gamma)
    h = lambda e0: vmf_min_log_delta(p, kappa, e0) - log_dmax  # noqa: E731
    hi = 2.0 * float(kappa) * (1 - 1e-12)
    if h(0.0) <= 0:
        return 0.0
    if h(hi) > 0:
        return None
    e0 = brentq(h, 0.0, hi, xtol=1e-13, rtol=1e-15)
    while approach1_eps(p, kappa, e0, gamma, N, delta_target, variant) is None:  # land on the admissible side
        e0 = math.nextafter(e0, math.inf)
    return e0


@lru_cache(maxsize=256)
def table_best(kappa, prefactor="zw", p=13700, gamma=Fraction(128, 60000), N=3, delta=Fraction(1, 60000),
               alpha_max=100):
    """The best ε of approaches 1 and 2 for one table row (float), with where it is attained:
    {'eps', 'approach', 'eps0' (approach 1), 'alpha' (approach 2), 'eps1', 'eps2'}.

    Approach 1: smallest admissible ε₀ (bisection). Approach 2: every integer α in 2..alpha_max, then
    the fractional α (printed interpolation) around the best integer and in (1, 3), by bounded
    scalar minimisation on each unit interval.
    """
    from scipy.optimize import minimize_scalar

    g, d = float(gamma), float(delta)
    e0 = approach1_boundary(p, kappa, g, N, d, "printed")
    eps1 = approach1_eps(p, kappa, e0, g, N, d, "printed") if e0 is not None else math.inf
    ints = [(approach2_eps(p, kappa, a, g, N, d, prefactor), a) for a in range(2, alpha_max + 1)]
    eps2, a2 = min(ints)
    for k in sorted({1, 2, max(a2 - 1, 1), a2}):
        r = minimize_scalar(lambda a: approach2_eps(p, kappa, a, g, N, d, prefactor), bounds=(k + 1e-9, k + 1 - 1e-9),
                            method="bounded", options={"xatol": 1e-10})
        if r.fun < eps2:
            eps2, a2 = float(r.fun), float(r.x)
    best = {"eps1": eps1, "eps0": e0, "eps2": eps2, "alpha": a2}
    best.update({"eps": eps1, "approach": 1} if eps1 <= eps2 else {"eps": eps2, "approach": 2})
    return best


# ----------------------------------------------------------------------------- Table IV, Gaussian column
OPACUS_ORDERS = tuple([Fraction(10 + x, 10) for x in range(1, 100)] + [Fraction(k) for k in range(12, 64)])
TABLE_IV_STEPS = 1406  # ⌊N/γ⌋ = ⌊3 · 60000/128⌋ Poisson-subsampled steps in 3 epochs


def subsampled_gaussian_rdp(alpha, sigma, gamma):
    """RDP at order α of the Poisson-subsampled Gaussian (sensitivity 1): log A_α/(α−1) with
    A_α = E_{z~N(0,σ²)}[((1−γ) + γ e^{(2z−1)/(2σ²)})^α]; binomial sum at integer α, quadrature otherwise."""
    from mechanisms.vmf_divergence import float_log_integral

    alpha = check_alpha(alpha, "subsampled_gaussian_rdp")
    s = float(_sigma(sigma, "subsampled_gaussian_rdp"))
    g = float(_gamma(gamma, "subsampled_gaussian_rdp"))
    if float(alpha) == int(alpha):
        a = int(alpha)
        return subsampled_renyi({k: k / (2 * s * s) for k in range(2, a + 1)}, a, g)
    a = float(alpha)
    l1g = math.log1p(-g) if g < 1 else -math.inf
    lg = math.log(g)

    def lf(z):
        z = np.asarray(z, float)
        return -z * z / (2 * s * s) - 0.5 * math.log(2 * math.pi * s * s) + a * np.logaddexp(l1g, lg + (2 * z - 1) / (2 * s * s))

    return float_log_integral(lf, -40 * s - 1, a + 40 * s + 1) / (a - 1)


def subsampled_gaussian_rdp_arb(alpha, sigma, gamma):
    """Certified twin: exact binomial sum at integer α; otherwise acb.integral on a window plus rigorous
    Gaussian tail bounds (left of ½ the base is ≤ 1; on the right (u+v)^α ≤ 2^α(u^α + v^α))."""
    from flint import acb, arb

    from mechanisms.vmf_divergence import _window, certified_integral

    alpha = exact(check_alpha(alpha, "subsampled_gaussian_rdp_arb"))
    s = exact(_sigma(sigma, "subsampled_gaussian_rdp_arb"))
    g = exact(_gamma(gamma, "subsampled_gaussian_rdp_arb"))
    if alpha.denominator == 1:
        a = int(alpha)
        return subsampled_renyi_arb({k: arb_of(Fraction(k) / (2 * s * s)) for k in range(2, a + 1)}, a, g)
    sa, ga, aa = arb_of(s), arb_of(g), arb_of(alpha)
    c = 1 / (sa * sa)
    sf, af, gf = float(s), float(alpha), float(g)
    l1g = math.log1p(-gf) if gf < 1 else -math.inf

    def lf(z):
        z = np.asarray(z, float)
        return -z * z / (2 * sf * sf) + af * np.logaddexp(l1g, math.log(gf) + (2 * z - 1) / (2 * sf * sf))

    lo, hi, xm, fm = _window(lf, -40 * sf - 1, af + 40 * sf + 1, 92.0)
    qa = min(Fraction(lo).limit_denominator(10**9), Fraction(1, 2))
    qb = max(Fraction(hi).limit_denominator(10**9), qa + 1)
    M = arb(fm)

    def f(z, analytic):
        base = (1 - ga) + ga * ((2 * z - 1) * c / 2).exp()
        lb = base.log(analytic=analytic) if isinstance(base, acb) else base.log()
        return (-(z * z) * c / 2 + aa * lb - M).exp()

    main = certified_integral(f, qa, qb)  # no tails inside: a = lo, b = hi of the window itself
    rt2 = arb(2).sqrt()
    Q = lambda x: (x / rt2).erfc() / 2  # noqa: E731  (upper tail of N(0, 1))
    norm = (2 * arb.pi()).sqrt() * sa  # ∫ e^{−z²/(2σ²)} = √(2π) σ
    left = Q(-arb_of(qa) / sa) * norm  # base ≤ 1 for z ≤ qa ≤ ½
    b = arb_of(qb)
    right = (2 ** aa) * norm * ((1 - ga) ** aa * Q(b / sa)
                                + ga ** aa * (-aa * c / 2 + aa * aa * c / 2).exp() * Q((b - aa) / sa))
    tails = (left + right) * (-M).exp()
    total = main + arb(0).union(tails)
    return (M + total.log() - norm.log()) / (aa - 1)


def _eps_lower_from_integer(alpha, rdp_floor, steps, delta):
    """A lower bound of ε at order α from the RDP at ⌊α⌋ (RDP is non-decreasing in the order)."""
    return eps_from_rdp(steps * rdp_floor, alpha, delta)


@lru_cache(maxsize=256)
def gaussian_dpsgd_eps(sigma, gamma=Fraction(128, 60000), steps=TABLE_IV_STEPS, delta=Fraction(1, 60000),
                       orders=OPACUS_ORDERS):
    """min over the orders of ε (line 232) for `steps` compositions of the Poisson-subsampled Gaussian
    (the Opacus accountant's default orders); returns (ε, argmin order). Fractional orders whose lower
    bound from the integer order below already exceeds the best are skipped (RDP is monotone in α)."""
    s, g, d = float(sigma), float(gamma), float(delta)
    ints = {}
    top = int(max(orders)) + 1
    for k in range(2, top + 1):
        ints[k] = subsampled_renyi({j: j / (2 * s * s) for j in range(2, k + 1)}, k, g)
    best = (math.inf, None)
    for a in orders:
        if a.denominator == 1:
            e = eps_from_rdp(steps * ints[int(a)], float(a), d)
            best = min(best, (e, a))
    for a in orders:
        if a.denominator == 1:
            continue
        k = math.floor(a)
        floor_rdp = ints[k] if k >= 2 else 0.0
        if _eps_lower_from_integer(float(a), floor_rdp, steps, d) >= best[0]:
            continue
        e = eps_from_rdp(steps * subsampled_gaussian_rdp(float(a), s, g), float(a), d)
        best = min(best, (e, a))
    return best


def gaussian_dpsgd_eps_arb(sigma, gamma=Fraction(128, 60000), steps=TABLE_IV_STEPS, delta=Fraction(1, 60000),
                           orders=OPACUS_ORDERS):
    """Certified enclosure of the same min over the orders: the order attaining the float min gives the upper
    end; every order gives a certified lower bound (exact at integer orders, the integer order below for
    fractional orders, a quadrature where that bound is not enough)."""
    from flint import arb

    s, g, d = exact(sigma), exact(gamma), exact(delta)
    e_best, a_best = gaussian_dpsgd_eps(float(s), g, steps, d, orders)
    ints = {}
    top = int(max(orders)) + 1
    for k in range(2, top + 1):
        ints[k] = subsampled_renyi_arb({j: arb_of(Fraction(j) / (2 * s * s)) for j in range(2, k + 1)}, k, g)
    up = eps_from_rdp_arb(steps * subsampled_gaussian_rdp_arb(a_best, s, g), a_best, d)
    low = up
    for a in orders:
        if a.denominator == 1:
            v = eps_from_rdp_arb(steps * ints[int(a)], a, d)
        else:
            k = math.floor(a)
            v = eps_from_rdp_arb(steps * (ints[k] if k >= 2 else arb(0)), a, d)
            if not v > up.lower():
                v = eps_from_rdp_arb(steps * subsampled_gaussian_rdp_arb(a, s, g), a, d)
        low = low.min(v)
    return low.lower().union(up.upper())
