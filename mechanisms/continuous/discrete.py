"""The discrete Laplace (two-sided geometric) mechanism, written once over the numeric context
(:mod:`mechanisms.numerics.context`).

Noise P(x) = (1 − r)/(1 + r) · r^{|x|} on the integers, r = e^{−1/t}, scale t > 0 (Ghosh, Roughgarden &
Sundararajan 2009; Canonne, Kamath & Steinke 2020, Definition 28), against its shift by an integer
sensitivity Δ ≥ 1, ε₀ = Δ/t. The privacy loss L(x) = log P(x)/P(x − Δ) takes Δ + 1 values:

    L = ε₀ on x ≤ 0 (mass 1/(1 + r)),   L = −ε₀ on x ≥ Δ (mass r^Δ/(1 + r)),
    L = (Δ − 2x)/t at 0 < x < Δ (mass (1 − r)/(1 + r) · r^x),

so every divergence is an exact finite sum over these atoms:

    δ(ε) = Σ P(x) [1 − e^{ε − L(x)}]_+  (every real ε),   D_α = log Σ P(x) e^{(α−1)L(x)} / (α − 1),
    KL = Σ P(x) L(x),   D_∞ = ε₀.
"""
from __future__ import annotations

import numpy as np

from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput

__all__ = ["discrete_laplace_delta", "discrete_laplace_rdp", "discrete_laplace_kl"]


def _atoms(ctx, t, sensitivity, fname):
    """(log masses, losses) of the Δ + 1 atoms of the privacy loss of discrete Laplace(t) against its Δ-shift."""
    tt = ctx.real(t, "t", fname, lo=0, lo_open=True)
    if isinstance(sensitivity, bool) or not isinstance(sensitivity, (int, np.integer)) or sensitivity < 1:
        raise InvalidInput(f"{fname}: sensitivity must be an integer >= 1, got sensitivity={sensitivity}")
    d = int(sensitivity)
    log_r = -1 / tt
    log_norm = -ctx.log1p(ctx.exp(log_r))  # log 1/(1 + r)
    log_mass = [log_norm] + [log_norm + ctx.log(-ctx.expm1(log_r)) + x * log_r for x in range(1, d)] + [log_norm + d * log_r]
    loss = [d / tt] + [(d - 2 * x) / tt for x in range(1, d)] + [-d / tt]
    return log_mass, loss


@formula
def discrete_laplace_delta(ctx, t, eps, sensitivity=1):
    """δ(ε) = Σ_x [P(x) − e^ε P(x − Δ)]_+ of the discrete Laplace mechanism of scale t (r = e^{−1/t}), integer
    sensitivity Δ, for every real ε: an exact finite sum over the Δ + 1 values of the privacy loss; 0 from ε = Δ/t on."""
    fname = "discrete_laplace_delta"
    e = ctx.real(eps, "eps", fname)

    def build():
        log_mass, loss = _atoms(ctx, t, sensitivity, fname)
        return ctx.sum([-ctx.exp(lm) * ctx.expm1(-ctx.positive_part(L - e)) for lm, L in zip(log_mass, loss)])
    return ctx.accurate(build)


@formula
def discrete_laplace_rdp(ctx, alpha, t, sensitivity=1):
    """D_α(P ‖ P(· − Δ)) of the discrete Laplace mechanism of scale t, integer sensitivity Δ, α ∈ (1, ∞]:
    log Σ P(x) e^{(α−1)L(x)} / (α − 1) over the Δ + 1 loss values (for Δ = 1: log((e^{(α−1)ε₀} + r e^{−(α−1)ε₀})/(1 + r))/(α−1));
    Δ/t at α = ∞."""
    fname = "discrete_laplace_rdp"
    a = ctx.real(alpha, "alpha", fname, lo=1, lo_open=True, allow_inf=True)
    log_mass, loss = _atoms(ctx, t, sensitivity, fname)
    if ctx.is_inf(a):
        return loss[0]
    return ctx.accurate(lambda: ctx.log_sum_exp(ctx.vector([lm + (a - 1) * L for lm, L in zip(log_mass, loss)])) / (a - 1))


@formula
def discrete_laplace_kl(ctx, t, sensitivity=1):
    """KL(P ‖ P(· − Δ)) = Σ P(x) L(x) of the discrete Laplace mechanism of scale t, integer sensitivity Δ
    (for Δ = 1: ε₀ (1 − r)/(1 + r) = ε₀ tanh(ε₀/2), ε₀ = 1/t)."""
    fname = "discrete_laplace_kl"

    def build():
        log_mass, loss = _atoms(ctx, t, sensitivity, fname)
        return ctx.sum([ctx.exp(lm) * L for lm, L in zip(log_mass, loss)])
    return ctx.accurate(build)
