"""The hockey-stick divergence of finite distributions and the privacy profile δ(ε) it defines.

    E_γ(P ‖ Q) = Σ_w max(0, P(w) − γ Q(w))          (γ ≥ 0),
    δ(ε) = E_{e^ε}(P ‖ Q),

the smallest δ with P(S) ≤ e^ε Q(S) + δ for every set S. For a channel K (rows K[d] = P(· | d)) the
profile is the maximum over ordered pairs of rows, δ_K(ε) = max_{d, d'} E_{e^ε}(K[d] ‖ K[d']): K is
(ε, δ)-DP (in the local, all-pairs sense) exactly when δ ≥ δ_K(ε). E_γ(P ‖ P) = max(0, 1 − γ) ≤ E_γ(P ‖ Q),
so the diagonal pairs never change the maximum.

Each is one formula over the numeric context (:mod:`mechanisms.numerics.context`): ``fp.hockey_stick_delta(P, Q, ε)``
on floats (vectorised; ε may be an array), ``certified.hockey_stick_delta(...)`` on exact numbers and balls
(rows may hold balls, γ and ε may be balls), ``box....`` on Balls over a parameter box. E_γ is exact for
exact P, Q, γ; δ(ε) is computed as P(w)·(−expm1(min(ε + log Q(w) − log P(w), 0))) on the outputs with
P(w) > 0, so a large ε neither overflows e^ε nor loses the small terms (on every context).

Distributions are validated first (``ctx.distribution``: finite, non-negative, summing to 1 — within 1e-9
on floats, exactly or as a ball containing 1 certified), of equal length.
"""
from __future__ import annotations

import numpy as np

from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput

__all__ = ["hockey_stick", "hockey_stick_delta", "channel_hockey_stick", "channel_hockey_stick_delta"]


# ----------------------------------------------------------------------------- validation
def _pair(ctx, P, Q, fname):
    p, q = ctx.distribution(P, "P", fname), ctx.distribution(Q, "Q", fname)
    if p.shape != q.shape:
        raise InvalidInput(f"{fname}: P and Q must have the same length, got {p.size} and {q.size}")
    return p, q


def _number(ctx, x, name, fname):
    """A scalar ≥ 0 (γ, or ε of a channel's profile)."""
    if isinstance(x, (list, tuple, np.ndarray)):
        raise InvalidInput(f"{fname}: {name} must be a finite number, got {name}={x}")
    return ctx.real(x, name, fname, lo=0)


# ----------------------------------------------------------------------------- the terms
def _excess(ctx, p, q, eps):
    """max(0, P − e^ε Q) elementwise for ε ≥ 0, as P·(−expm1(min(ε + log Q − log P, 0))) (no e^ε formed):
    only where P > Q can P exceed e^ε Q (elsewhere 0, exactly); Q = 0 < P gives P whole. ε may be a float
    array (a grid): the terms get its shape in front."""
    above = ~ctx.exactly_zero(ctx.positive_part(p - q))  # a shortcut: the general term is 0 where P ≤ Q too
    whole = above & ctx.is_zero(q)
    part = above & ~whole
    grid = isinstance(eps, np.ndarray)
    e = eps[..., None] if grid else eps
    r = ctx.minimum(e + ctx.log(q[part]) - ctx.log(p[part]), 0)
    terms = ctx.zeros((eps.shape if grid else ()) + p.shape)
    terms[..., whole] = p[whole]
    terms[..., part] = p[part] * (0 - ctx.expm1(r))  # 0 − x, not −x: no −0.0 in floats where r = 0
    return terms


# ----------------------------------------------------------------------------- one pair
@formula
def hockey_stick(ctx, P, Q, gamma):
    """E_γ(P ‖ Q) = Σ max(0, P − γQ) for γ ≥ 0 (exact for exact P, Q and γ)."""
    p, q = _pair(ctx, P, Q, "hockey_stick")
    g = _number(ctx, gamma, "gamma", "hockey_stick")
    return ctx.sum(ctx.maximum(p - g * q, 0))


@formula
def hockey_stick_delta(ctx, P, Q, eps):
    """δ(ε) = E_{e^ε}(P ‖ Q) for ε ≥ 0; on floats ε may be an array (the result has its shape)."""
    p, q = _pair(ctx, P, Q, "hockey_stick_delta")
    e = ctx.real(eps, "eps", "hockey_stick_delta", lo=0)
    terms = _excess(ctx, p, q, e)
    return terms.sum(axis=-1) if terms.ndim > 1 else ctx.sum(terms)


# ----------------------------------------------------------------------------- a channel
@formula
def channel_hockey_stick(ctx, K, gamma):
    """max over ordered row pairs of E_γ(K[d] ‖ K[d']), row d against every row at once."""
    k = ctx.channel(K, "K", "channel_hockey_stick")
    g = _number(ctx, gamma, "gamma", "channel_hockey_stick")
    return ctx.fmax([ctx.fmax(ctx.maximum(row - g * k, 0).sum(axis=-1)) for row in k])


@formula
def channel_hockey_stick_delta(ctx, K, eps):
    """δ_K(ε) = max over ordered row pairs of E_{e^ε}(K[d] ‖ K[d']) for ε ≥ 0 (a scalar ε)."""
    k = ctx.channel(K, "K", "channel_hockey_stick_delta")
    e = _number(ctx, eps, "eps", "channel_hockey_stick_delta")
    n = len(k)
    return ctx.fmax([ctx.fmax(_excess(ctx, k[[d] * n], k, e).sum(axis=-1)) for d in range(n)])
