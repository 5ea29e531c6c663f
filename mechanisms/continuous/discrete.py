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
import math as _m

__all__ = ["discrete_laplace_delta", "discrete_laplace_rdp", "discrete_laplace_kl", "discrete_gaussian_delta",
           "discrete_gaussian_kl", "discrete_gaussian_rdp", "discrete_gaussian_rdp_bound"]


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


# ----------------------------------------------------------------------------- the discrete Gaussian
# N_Z(0, σ²): P(x) = e^{−x²/(2σ²)}/Z on the integers (Canonne, Kamath & Steinke 2020), against its shift by an
# integer Δ. The loss L(x) = (Δ² − 2xΔ)/(2σ²) decreases in x, so with c = (Δ² − 2σ²ε)/(2Δ):
#     δ(ε) = P(X < c) − e^ε P(X < c − Δ)           (every real ε),
#     KL = Δ²/(2σ²) exactly (E X = 0),
#     D_α = αΔ²/(2σ²) + log(Z_{(α−1)Δ}/Z)/(α − 1) ≤ αΔ²/(2σ²),  Z_s = Σ_x e^{−(x + s)²/(2σ²)}
# (equal when (α − 1)Δ is an integer; the bound αΔ²/(2σ²) is CKS's Proposition 5 for the Rényi DP). Each sum is cut
# at |x + s| ≤ N and its two tails bounded: Σ_{y ≥ N, y ∈ s + Z} e^{−y²/(2σ²)} ≤ e^{−N²/(2σ²)} + σ√(2π) Φ(−N/σ).
def _gauss_tail(ctx, n, sigma):
    """A value in [0, bound] for one tail of a lattice Gaussian sum beyond n ≥ 0 (the certified context: the ball)."""
    bound = ctx.exp(-n * n / (2 * sigma * sigma)) + sigma * ctx.sqrt(2 * ctx.pi()) * ctx.Phi(-n / sigma)
    return ctx.hull(ctx.exact(0), bound)


def _lattice_sum(ctx, sigma, shift, upper, width):
    """Σ_{x ∈ Z, x ≤ upper} e^{−(x + shift)²/(2σ²)} (upper None: every x), the terms with |x + shift| ≤ width
    summed and the rest bounded; shift an exact rational or a float, upper an integer or None."""
    lo_x = _m.floor(-shift - width)
    hi_x = _m.ceil(-shift + width) if upper is None else min(upper, _m.ceil(-shift + width))
    xs = range(lo_x, hi_x + 1)
    total = ctx.sum([ctx.exp(-(x + shift) * (x + shift) / (2 * sigma * sigma)) for x in xs]) if hi_x >= lo_x else 0
    total = total + _gauss_tail(ctx, ctx.exact(width), sigma)  # below lo_x
    if upper is None or upper > hi_x:
        total = total + _gauss_tail(ctx, ctx.exact(width), sigma)
    return total


def _dg_args(ctx, sigma, sensitivity, fname):
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    if isinstance(sensitivity, bool) or not isinstance(sensitivity, (int, np.integer)) or sensitivity < 1:
        raise InvalidInput(f"{fname}: sensitivity must be an integer >= 1, got sensitivity={sensitivity}")
    return s, int(sensitivity)


def _width(sigma, extra=0):
    return _m.ceil(40 * float(sigma) + abs(float(extra))) + 2  # tails below e^{−800} of the peak


@formula
def discrete_gaussian_delta(ctx, sigma, eps, sensitivity=1):
    """δ(ε) = P(X < c) − e^ε P(X < c − Δ) of the discrete Gaussian mechanism N_Z(0, σ²), integer sensitivity Δ,
    c = (Δ² − 2σ²ε)/(2Δ), for every real ε (Canonne, Kamath & Steinke 2020, Theorem 7): lattice sums cut where the
    terms are below e^{−800} of the peak, the tails bounded rigorously (a ball on the certified context)."""
    fname = "discrete_gaussian_delta"
    s, d = _dg_args(ctx, sigma, sensitivity, fname)
    e = ctx.real(eps, "eps", fname)

    def build():
        c = (d * d - 2 * s * s * e) / (2 * d)
        m = _m.ceil(c) - 1  # x < c ⟺ x ≤ ⌈c⌉ − 1 (c exact; a float on the float context)
        w = _width(s, c)
        z = _lattice_sum(ctx, s, ctx.exact(0), None, w)
        return (_lattice_sum(ctx, s, ctx.exact(0), m, w) - ctx.exp(e) * _lattice_sum(ctx, s, ctx.exact(-d), m, w)) / z
    return ctx.accurate(build)


@formula
def discrete_gaussian_kl(ctx, sigma, sensitivity=1):
    """KL(N_Z(0, σ²) ‖ N_Z(Δ, σ²)) = Δ²/(2σ²) exactly (the loss is linear in x and E X = 0)."""
    s, d = _dg_args(ctx, sigma, sensitivity, "discrete_gaussian_kl")
    return d * d / (2 * s * s)


@formula
def discrete_gaussian_rdp(ctx, alpha, sigma, sensitivity=1):
    """The exact Rényi divergence D_α(N_Z(0, σ²) ‖ N_Z(Δ, σ²)), α ∈ (1, ∞]: αΔ²/(2σ²) + log(Z_{(α−1)Δ}/Z)/(α − 1)
    by lattice sums with bounded tails; at most :func:`discrete_gaussian_rdp_bound` (equal when (α − 1)Δ is an
    integer); +∞ at α = ∞ (the loss is unbounded)."""
    fname = "discrete_gaussian_rdp"
    a = ctx.real(alpha, "alpha", fname, lo=1, lo_open=True, allow_inf=True)
    s, d = _dg_args(ctx, sigma, sensitivity, fname)
    if ctx.is_inf(a):
        return ctx.inf
    w = _width(s)

    def build():
        ratio = _lattice_sum(ctx, s, (a - 1) * d, None, w) / _lattice_sum(ctx, s, ctx.exact(0), None, w)
        return a * d * d / (2 * s * s) + ctx.log(ratio) / (a - 1)
    return ctx.accurate(build)


@formula
def discrete_gaussian_rdp_bound(ctx, alpha, sigma, sensitivity=1):
    """αΔ²/(2σ²): an upper bound on the Rényi DP of the discrete Gaussian (Canonne, Kamath & Steinke 2020,
    Proposition 5 — the continuous Gaussian's value), exact when (α − 1)Δ is an integer. A bound, not a value."""
    fname = "discrete_gaussian_rdp_bound"
    a = ctx.real(alpha, "alpha", fname, lo=1, lo_open=True, allow_inf=True)
    s, d = _dg_args(ctx, sigma, sensitivity, fname)
    if ctx.is_inf(a):
        return ctx.inf
    return a * d * d / (2 * s * s)
