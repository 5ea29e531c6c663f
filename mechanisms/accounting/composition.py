"""Composition of differentially private mechanisms (Kairouz, Oh, Viswanath 2015).

* :func:`composition_eps` — KOV's ε̃ for N-fold composition of (ε_s, δ_s)-DP mechanisms at the price δ̃
  (seed 003's Theorem 2 cites it; its printed first summand lives with that paper's claims);
* :func:`rr_composition_delta` — the exact δ(ε) of N-fold ε_s-randomised response:
  Σ_l C(N,l)[e^{(N−l)ε_s} − e^ε e^{lε_s}]_+ / (1 + e^{ε_s})^N;
* :func:`kov_extremal_composition_delta` — the exact δ(ε) of N-fold KOV's extremal (ε_s, δ_s) mechanism
  (P = (δ_s, (1−δ_s)e^ε/(1+e^ε), (1−δ_s)/(1+e^ε), 0), Q its mirror): 1 − (1−δ_s)^N (1 − δ_RR(ε)).

Each is one formula over the numeric context (``fp.composition_eps(...)``, ``certified.composition_eps(...)``):
floats on the float context, exact numbers and balls on the certified one (a ball ε from upstream included).
Bad input (ε_s ≤ 0, N < 1, δ ∉ [0, 1), ε < 0) raises InvalidInput before any work.
"""
from __future__ import annotations

import numpy as np

from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput

__all__ = ["composition_eps", "rr_composition_delta", "kov_extremal_composition_delta"]


def _count(N, fname, name="N"):
    if isinstance(N, bool) or not isinstance(N, (int, np.integer)) or N < 1:
        raise InvalidInput(f"{fname}: {name} must be an integer >= 1, got {name}={N}")
    return int(N)


@formula
def composition_eps(ctx, eps_s, N, delta_tilde):
    """Kairouz–Oh–Viswanath's ε̃ of the N-fold composition of (ε_s, δ_s)-DP mechanisms, at the price δ̃:
    min{Nε, t + ε√(2N log(e + √(Nε²)/δ̃)), t + ε√(2N log(1/δ̃))}, t = N ε (e^ε − 1)/(e^ε + 1) = N ε tanh(ε/2);
    δ̃ = 0 leaves Nε. The composition is then (ε̃, 1 − (1 − δ_s)^N (1 − δ̃))-DP."""
    fname = "composition_eps"
    e = ctx.real(eps_s, "eps_s", fname, lo=0, lo_open=True)
    N = _count(N, fname)
    dt = ctx.real(delta_tilde, "delta_tilde", fname, lo=0, hi=1, hi_open=True)
    first = N * e
    if ctx.is_zero(dt):
        return first
    t = ctx.tanh(e / 2) * (N * e)
    second = t + e * ctx.sqrt(2 * N * ctx.log(ctx.exp(1) + ctx.sqrt(N * e * e) / dt))
    third = t + e * ctx.sqrt(2 * N * ctx.log(1 / dt))
    return ctx.min(first, second, third)


@formula
def rr_composition_delta(ctx, eps_s, N, eps):
    """Exact δ(ε) of the N-fold composition of ε_s-randomised response:
    Σ_l C(N,l)[e^{(N−l)ε_s} − e^ε e^{lε_s}]_+ / (1 + e^{ε_s})^N = Σ_l w_l (1 − e^{−[g_l]_+}),
    w_l = C(N,l) e^{−lε_s}/(1 + e^{−ε_s})^N ≤ 1 (formed in log space, no overflow), g_l = (N − 2l)ε_s − ε."""
    fname = "rr_composition_delta"
    es = ctx.real(eps_s, "eps_s", fname, lo=0)
    N = _count(N, fname)
    e = ctx.real(eps, "eps", fname, lo=0)

    def build():
        l = ctx.vector(range(N + 1))
        log_w = (ctx.lgamma(N + 1) - ctx.lgamma(l + 1) - ctx.lgamma(N - l + 1) - l * es
                 - N * ctx.log1p(ctx.exp(-es)))
        return ctx.sum(ctx.exp(log_w) * -ctx.expm1(-ctx.positive_part((N - 2 * l) * es - e)))
    return ctx.accurate(build)


@formula
def kov_extremal_composition_delta(ctx, eps_s, delta_s, N, eps):
    """Exact δ(ε) of N-fold KOV extremal (ε_s, δ_s) mechanism: 1 − (1−δ_s)^N (1 − δ_RR(ε))."""
    fname = "kov_extremal_composition_delta"
    ds = ctx.real(delta_s, "delta_s", fname, lo=0, hi=1, hi_open=True)
    N = _count(N, fname)
    return ctx.accurate(lambda: 1 - (1 - ds) ** N * (1 - ctx.rr_composition_delta(eps_s, N, eps)))
