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

__all__ = ["composition_eps", "rr_composition_delta", "kov_extremal_composition_delta", "heterogeneous_rr_composition_delta",
           "optimal_heterogeneous_composition_delta", "randomised_response_composition_delta", "advanced_composition_eps",
           "kov_heterogeneous_composition_eps"]


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


# ----------------------------------------------------------------------------- heterogeneous and advanced composition
def _eps_list(ctx, eps_list, fname, name="eps_list", lo_open=False):
    if not isinstance(eps_list, (list, tuple, np.ndarray)) or len(eps_list) == 0:
        raise InvalidInput(f"{fname}: {name} must be a non-empty list, got {name}={eps_list!r}")
    return [ctx.real(e, f"{name}[{i}]", fname, lo=0, lo_open=lo_open) for i, e in enumerate(eps_list)]


_MAX_HETEROGENEOUS = 20  # 2^k subsets: the exact formula is exponential in k


@formula
def heterogeneous_rr_composition_delta(ctx, eps_list, eps):
    """Exact δ(ε) of the product of ε_i-randomised responses (Murtagh & Vadhan 2016, the k-fold optimal composition
    of (ε_i, 0)-DP mechanisms), for every real ε: Σ_{S ⊆ [k]} w_S (1 − e^{−[g_S]_+}) with
    w_S = Π_{i∈S} p_i Π_{i∉S} (1 − p_i), p_i = e^{ε_i}/(1 + e^{ε_i}), g_S = Σ_S ε_i − Σ_{S^c} ε_i − ε, reflected for
    ε < 0 (the pair is symmetric). 2^k terms (k ≤ 20)."""
    fname = "heterogeneous_rr_composition_delta"
    es = _eps_list(ctx, eps_list, fname)
    if len(es) > _MAX_HETEROGENEOUS:
        raise InvalidInput(f"{fname}: at most {_MAX_HETEROGENEOUS} mechanisms (2^k terms), got {len(es)}")
    e = ctx.real(eps, "eps", fname)

    def at(t):  # t ≥ 0
        # log p_i = −log1p(e^{−ε_i}), log(1 − p_i) = −ε_i − log1p(e^{−ε_i})
        log_norm = ctx.sum([-ctx.log1p(ctx.exp(-x)) for x in es])
        total = 0
        for mask in range(1 << len(es)):
            inside = [x for i, x in enumerate(es) if mask >> i & 1]
            outside = [x for i, x in enumerate(es) if not mask >> i & 1]
            g = ctx.sum(inside) - ctx.sum(outside) - t
            total = total + ctx.exp(log_norm - ctx.sum(outside)) * -ctx.expm1(-ctx.positive_part(g))
        return total
    neg = ctx.positive_part(-e)
    return ctx.accurate(lambda: -ctx.expm1(-neg) + ctx.exp(-neg) * at(ctx.positive_part(ctx.abs(e))))


@formula
def optimal_heterogeneous_composition_delta(ctx, eps_list, delta_list, eps):
    """The exact optimal δ(ε) of the composition of (ε_i, δ_i)-DP mechanisms (Murtagh & Vadhan 2016, Theorem 1.5;
    Kairouz, Oh & Viswanath 2015 for equal pairs): 1 − Π(1 − δ_i) (1 − δ_RR(ε)), δ_RR the product of ε_i-randomised
    responses (:func:`heterogeneous_rr_composition_delta`); the composition is (ε, δ)-DP exactly when δ ≥ this."""
    fname = "optimal_heterogeneous_composition_delta"
    es = _eps_list(ctx, eps_list, fname)
    ds = _eps_list(ctx, delta_list, fname, "delta_list")
    if len(ds) != len(es):
        raise InvalidInput(f"{fname}: eps_list and delta_list must have the same length, got {len(es)} and {len(ds)}")
    for i, d in enumerate(ds):
        ctx.real(d, f"delta_list[{i}]", fname, lo=0, hi=1, hi_open=True)
    keep = ctx.exp(ctx.sum([ctx.log1p(-d) for d in ds]))
    return ctx.accurate(lambda: 1 - keep + keep * ctx.heterogeneous_rr_composition_delta(es, eps))


@formula
def randomised_response_composition_delta(ctx, eps_s, k, eps):
    """Exact δ(ε) of the k-fold composition of ε_s-randomised response, for every real ε (the binomial sum of
    :func:`rr_composition_delta` for ε ≥ 0, reflected below: the product pair is symmetric)."""
    fname = "randomised_response_composition_delta"
    es = ctx.real(eps_s, "eps_s", fname, lo=0)
    k = _count(k, fname, "k")
    e = ctx.real(eps, "eps", fname)
    neg = ctx.positive_part(-e)
    return ctx.accurate(lambda: -ctx.expm1(-neg) + ctx.exp(-neg)
                        * ctx.rr_composition_delta(es, k, ctx.positive_part(ctx.abs(e))))


@formula
def advanced_composition_eps(ctx, eps, k, delta_prime):
    """Dwork, Rothblum & Vadhan (2010, Theorem III.3) as in Dwork & Roth (2014, Theorem 3.20): k-fold composition of
    (ε, δ)-DP mechanisms is (ε', kδ + δ')-DP with ε' = √(2k log(1/δ')) ε + kε(e^ε − 1). An upper bound on the
    optimal ε (:func:`optimal_heterogeneous_composition_delta`)."""
    fname = "advanced_composition_eps"
    e = ctx.real(eps, "eps", fname, lo=0)
    k = _count(k, fname, "k")
    dp = ctx.real(delta_prime, "delta_prime", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    return ctx.sqrt(2 * k * -ctx.log(dp)) * e + k * e * ctx.expm1(e)


@formula
def kov_heterogeneous_composition_eps(ctx, eps_list, delta_tilde):
    """Kairouz, Oh & Viswanath (2015, Theorem 3.5): the composition of (ε_i, δ_i)-DP mechanisms is
    (ε̃, 1 − (1 − δ̃) Π(1 − δ_i))-DP with ε̃ = min{Σε_i, t + √(2Σε_i² log(e + √(Σε_i²)/δ̃)), t + √(2Σε_i² log(1/δ̃))},
    t = Σ ε_i (e^{ε_i} − 1)/(e^{ε_i} + 1) = Σ ε_i tanh(ε_i/2). An upper bound on the optimal ε."""
    fname = "kov_heterogeneous_composition_eps"
    es = _eps_list(ctx, eps_list, fname, lo_open=True)
    dt = ctx.real(delta_tilde, "delta_tilde", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    first = ctx.sum(es)
    t = ctx.sum([x * ctx.tanh(x / 2) for x in es])
    sq = ctx.sum([x * x for x in es])
    second = t + ctx.sqrt(2 * sq * ctx.log(ctx.exp(1) + ctx.sqrt(sq) / dt))
    third = t + ctx.sqrt(2 * sq * -ctx.log(dt))
    return ctx.min(first, second, third)
