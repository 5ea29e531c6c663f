"""Privacy amplification by Poisson subsampling with rate γ: (ε, δ) and Rényi.

* :func:`subsample_dp` — (ε_s, δ_s) = (log(1 + γ(e^ε − 1)), γδ);
* :func:`subsampled_renyi` — the exact D_α((1−γ)Q + γP ‖ Q) at integer α from the pair's own D_k(P‖Q)
  (binomial expansion): log Σ_k C(α,k)(1−γ)^{α−k} γ^k e^{(k−1)D_k(P‖Q)} / (α−1);
* :func:`zhu_wang_bound` — Zhu & Wang's general upper bound on the subsampled RDP at integer α
  (Poisson Subsampled Rényi DP, ICML 2019, Theorem 5), and :func:`zhu_wang_cgf_bound` the bound on the
  cumulant (α−1)τ^s_α it comes from.

Float functions take numbers; ``*_arb`` take exact numbers (τ's as arb balls) and return arb balls. Bad
input (α not an integer ≥ 2, γ ∉ (0, 1], ε < 0, δ ∉ [0, 1]) raises InvalidInput before any work.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy.special import gammaln

from mechanisms.checks import check_nonneg, check_probability, is_arb
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb

__all__ = ["subsample_dp", "subsample_dp_arb", "subsampled_renyi", "subsampled_renyi_arb", "zhu_wang_bound",
           "zhu_wang_bound_arb", "zhu_wang_cgf_bound", "zhu_wang_cgf_bound_arb"]


def _gamma(gamma, fname):
    return check_probability(gamma, "gamma", fname, lo_open=True, hi_open=False)


def _int_alpha(alpha, fname):
    if isinstance(alpha, bool) or not isinstance(alpha, (int, np.integer, Fraction)) or alpha != int(alpha) or alpha < 2:
        raise InvalidInput(f"{fname}: alpha must be an integer >= 2, got alpha={alpha}")
    return int(alpha)


def subsample_dp(eps, delta, gamma):
    """Amplification by subsampling (seed 003 Eq. (9)): an (ε, δ)-DP mechanism run on a Poisson subsample
    with rate γ is (ε_s, δ_s)-DP, (ε_s, δ_s) = (log(1 + γ(e^ε − 1)), γδ)."""
    eps = float(check_nonneg(eps, "eps", "subsample_dp"))
    gamma = float(_gamma(gamma, "subsample_dp"))
    delta = float(check_probability(delta, "delta", "subsample_dp", lo_open=False, hi_open=False))
    if eps < 30:
        eps_s = math.log1p(gamma * math.expm1(eps))
    else:  # log((1−γ) + γ e^ε) without overflow
        eps_s = float(np.logaddexp(math.log1p(-gamma) if gamma < 1 else -math.inf, math.log(gamma) + eps))
    return eps_s, gamma * float(delta)


def subsample_dp_arb(eps, delta, gamma):
    """Certified Eq. (9): eps and delta exact or arb balls (a δ computed upstream), γ exact in (0, 1]."""
    fname = "subsample_dp_arb"
    g = to_arb(_gamma(gamma, fname))
    e = eps if is_arb(eps) else to_arb(check_nonneg(eps, "eps", fname))
    d = delta if is_arb(delta) else to_arb(check_probability(delta, "delta", fname, lo_open=False, hi_open=False))
    return (1 + g * (e.exp() - 1)).log(), g * d


def _log_binom(n, k):
    return gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1)


def zhu_wang_cgf_bound(taus, alpha, gamma):
    """Zhu–Wang's bound on the cumulant (α−1)τ^s_α of the subsampled mechanism at integer α ≥ 2: log B,
    B = (1−γ)^{α−1}(αγ−γ+1) + C(α,2)γ²(1−γ)^{α−2}e^{τ_2} + 3 Σ_{ℓ=3}^{α} C(α,ℓ)(1−γ)^{α−ℓ}γ^ℓ e^{(ℓ−1)τ_ℓ};
    taus[ℓ] = τ_ℓ of the base mechanism for ℓ = 2..α."""
    alpha = _int_alpha(alpha, "zhu_wang_cgf_bound")
    gamma = float(_gamma(gamma, "zhu_wang_cgf_bound"))
    l1g = math.log1p(-gamma) if gamma < 1 else -math.inf
    lg = math.log(gamma)
    parts = [(alpha - 1) * l1g + math.log(alpha * gamma - gamma + 1),
             _log_binom(alpha, 2) + 2 * lg + ((alpha - 2) * l1g if alpha > 2 else 0.0) + float(taus[2])]
    for l in range(3, alpha + 1):
        parts.append(math.log(3) + _log_binom(alpha, l) + ((alpha - l) * l1g if alpha > l else 0.0) + l * lg
                     + (l - 1) * float(taus[l]))
    return float(np.logaddexp.reduce(np.array(parts)))


def zhu_wang_cgf_bound_arb(taus, alpha, gamma):
    """Certified twin of :func:`zhu_wang_cgf_bound` (exact γ, arb τ_ℓ)."""
    from flint import arb

    alpha = _int_alpha(alpha, "zhu_wang_cgf_bound_arb")
    g = to_arb(_gamma(gamma, "zhu_wang_cgf_bound_arb"))
    one = 1 - g
    B = one ** (alpha - 1) * (alpha * g - g + 1) + arb(math.comb(alpha, 2)) * g ** 2 * one ** (alpha - 2) * taus[2].exp()
    for l in range(3, alpha + 1):
        B += 3 * arb(math.comb(alpha, l)) * one ** (alpha - l) * g ** l * ((l - 1) * taus[l]).exp()
    return B.log()


def zhu_wang_bound(taus, alpha, gamma):
    """Zhu–Wang's general upper bound on τ^s_α, the RDP of the Poisson-subsampled mechanism at integer α ≥ 2
    (their Theorem 5; seed 003's Theorem 3 with the cited prefactor): log B/(α−1), B as in
    :func:`zhu_wang_cgf_bound`."""
    return zhu_wang_cgf_bound(taus, alpha, gamma) / (_int_alpha(alpha, "zhu_wang_bound") - 1)


def zhu_wang_bound_arb(taus, alpha, gamma):
    return zhu_wang_cgf_bound_arb(taus, alpha, gamma) / (_int_alpha(alpha, "zhu_wang_bound_arb") - 1)


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
    g = to_arb(_gamma(gamma, "subsampled_renyi_arb"))
    one = 1 - g
    total = arb(0)
    for k in range(alpha + 1):
        mom = ((k - 1) * taus[k]).exp() if k >= 2 else arb(1)
        total += arb(math.comb(alpha, k)) * one ** (alpha - k) * g ** k * mom
    return total.log() / (alpha - 1)
