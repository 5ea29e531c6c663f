"""Privacy amplification by Poisson subsampling with rate γ: (ε, δ) and Rényi.

* :func:`subsample_dp` — (ε_s, δ_s) = (log(1 + γ(e^ε − 1)), γδ);
* :func:`subsampled_renyi` — the exact D_α((1−γ)Q + γP ‖ Q) at integer α from the pair's own D_k(P‖Q)
  (binomial expansion): log Σ_k C(α,k)(1−γ)^{α−k} γ^k e^{(k−1)D_k(P‖Q)} / (α−1);
* :func:`zhu_wang_bound` — Zhu & Wang's general upper bound on the subsampled RDP at integer α
  (Poisson Subsampled Rényi DP, ICML 2019, Theorem 5), and :func:`zhu_wang_cgf_bound` the bound on the
  cumulant (α−1)τ^s_α it comes from.

Each is one formula over the numeric context (``fp.subsample_dp(...)``, ``certified.subsample_dp(...)``): floats on
the float context; exact numbers and balls (τ's, and an ε or δ computed upstream) on the certified one; the sums are
formed in log space (log-sum-exp), so no term overflows the float context. Bad input (α not an integer ≥ 2,
γ ∉ (0, 1], ε < 0, δ ∉ [0, 1]) raises InvalidInput before any work.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from mechanisms.numerics import special as _special  # noqa: F401  (registers ctx.log_comb)
from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput

__all__ = ["subsample_dp", "subsampled_renyi", "zhu_wang_bound", "zhu_wang_cgf_bound"]


def _gamma(ctx, gamma, fname):
    return ctx.real(gamma, "gamma", fname, lo=0, lo_open=True, hi=1)


def _int_alpha(alpha, fname):
    if isinstance(alpha, bool) or not isinstance(alpha, (int, np.integer, Fraction)) or alpha != int(alpha) or alpha < 2:
        raise InvalidInput(f"{fname}: alpha must be an integer >= 2, got alpha={alpha}")
    return int(alpha)


def _within(ctx, x, name, fname, hi=None):
    """A number ≥ 0 (≤ hi), or an enclosure computed upstream: refused only when certainly outside."""
    v = ctx.real(x, name, fname)
    if ctx.certainly_lt(v, 0) or (hi is not None and ctx.certainly_lt(hi, v)):
        what = "be >= 0" if hi is None else f"lie in [0, {hi}]"
        raise InvalidInput(f"{fname}: {name} must {what}, got {name}={x}")
    return v


@formula
def subsample_dp(ctx, eps, delta, gamma):
    """Amplification by subsampling (seed 003 Eq. (9)): an (ε, δ)-DP mechanism run on a Poisson subsample
    with rate γ is (ε_s, δ_s)-DP, (ε_s, δ_s) = (log(1 + γ(e^ε − 1)), γδ); for ε ≥ 30 in the form
    ε + log(γ + (1 − γ)e^{−ε}) (the same number, no overflow of e^ε)."""
    fname = "subsample_dp"
    e = _within(ctx, eps, "eps", fname)
    g = _gamma(ctx, gamma, fname)
    d = _within(ctx, delta, "delta", fname, hi=1)
    eps_s = ctx.branch(ctx.lt(e, 30), lambda: ctx.log1p(g * ctx.expm1(e)),
                       lambda: e + ctx.log(g + (1 - g) * ctx.exp(-e)), same=True)
    return eps_s, g * d


def _log1m_gamma(ctx, g):
    """log(1 − γ), the exact −∞ at γ = 1."""
    return ctx.ninf if ctx.is_zero(1 - g) else ctx.log1p(-g)


def _power(alpha, k, l1g):
    """(α − k) log(1 − γ), and 0 (not 0 · −∞) at k = α."""
    return (alpha - k) * l1g if alpha > k else 0


@formula
def zhu_wang_cgf_bound(ctx, taus, alpha, gamma):
    """Zhu–Wang's bound on the cumulant (α−1)τ^s_α of the subsampled mechanism at integer α ≥ 2: log B,
    B = (1−γ)^{α−1}(αγ−γ+1) + C(α,2)γ²(1−γ)^{α−2}e^{τ_2} + 3 Σ_{ℓ=3}^{α} C(α,ℓ)(1−γ)^{α−ℓ}γ^ℓ e^{(ℓ−1)τ_ℓ};
    taus[ℓ] = τ_ℓ of the base mechanism for ℓ = 2..α."""
    fname = "zhu_wang_cgf_bound"
    alpha = _int_alpha(alpha, fname)
    g = _gamma(ctx, gamma, fname)
    l1g, lg = _log1m_gamma(ctx, g), ctx.log(g)
    parts = [_power(alpha, 1, l1g) + ctx.log(alpha * g - g + 1),
             ctx.log_comb(alpha, 2) + 2 * lg + _power(alpha, 2, l1g) + taus[2]]
    for l in range(3, alpha + 1):
        parts.append(ctx.log(3) + ctx.log_comb(alpha, l) + _power(alpha, l, l1g) + l * lg + (l - 1) * taus[l])
    return ctx.log_sum_exp(parts)


@formula
def zhu_wang_bound(ctx, taus, alpha, gamma):
    """Zhu–Wang's general upper bound on τ^s_α, the RDP of the Poisson-subsampled mechanism at integer α ≥ 2
    (their Theorem 5; seed 003's Theorem 3 with the cited prefactor): log B/(α−1), B as in
    :func:`zhu_wang_cgf_bound`."""
    return ctx.zhu_wang_cgf_bound(taus, alpha, gamma) / (_int_alpha(alpha, "zhu_wang_bound") - 1)


@formula
def subsampled_renyi(ctx, taus, alpha, gamma):
    """Exact D_α((1−γ)Q + γP ‖ Q) at integer α from the pair's own D_k(P‖Q) = taus[k], k = 2..α:
    log Σ_k C(α,k)(1−γ)^{α−k} γ^k e^{(k−1)D_k} / (α−1)."""
    fname = "subsampled_renyi"
    alpha = _int_alpha(alpha, fname)
    g = _gamma(ctx, gamma, fname)
    l1g, lg = _log1m_gamma(ctx, g), ctx.log(g)
    parts = [ctx.log_comb(alpha, k) + _power(alpha, k, l1g) + k * lg + ((k - 1) * taus[k] if k >= 2 else 0)
             for k in range(alpha + 1)]
    return ctx.log_sum_exp(parts) / (alpha - 1)
