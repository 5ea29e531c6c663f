"""The hockey-stick divergence of finite distributions and the privacy profile δ(ε) it defines.

    E_γ(P ‖ Q) = Σ_w max(0, P(w) − γ Q(w))          (γ ≥ 0),
    δ(ε) = E_{e^ε}(P ‖ Q),

the smallest δ with P(S) ≤ e^ε Q(S) + δ for every set S. For a channel K (rows K[d] = P(· | d)) the
profile is the maximum over ordered pairs of rows, δ_K(ε) = max_{d, d'} E_{e^ε}(K[d] ‖ K[d']): K is
(ε, δ)-DP (in the local, all-pairs sense) exactly when δ ≥ δ_K(ε). E_γ(P ‖ P) = max(0, 1 − γ) ≤ E_γ(P ‖ Q),
so the diagonal pairs never change the maximum.

Three routes:

* float — numpy, vectorised (ε may be an array); δ(ε) is computed as P(w)·(−expm1(ε + log Q(w) − log P(w)))
  on the outputs where P(w) > e^ε Q(w), so a large ε neither overflows e^ε nor loses the small terms;
* exact — ``*_exact``: every input an exact rational (γ a Fraction), the result a Fraction;
* certified — ``*_arb``: exact distributions, γ or ε exact or an arb ball; e^ε is transcendental for
  rational ε ≠ 0, so δ(ε) is an arb ball (max(0, ·) of a ball straddling 0 keeps [0, upper]).

Distributions are validated first: finite, non-negative, summing to 1 (within 1e-9 on the float route,
exactly on the others), of equal length.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from mechanisms.checks import channel, distribution, exact_real, real, real_array
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb
from mechanisms.finite import exact_matrix, exact_vector, validate_exact_channel, validate_exact_prior

__all__ = [
    "hockey_stick", "hockey_stick_exact", "hockey_stick_arb",
    "hockey_stick_delta", "hockey_stick_delta_arb",
    "channel_hockey_stick", "channel_hockey_stick_exact", "channel_hockey_stick_arb",
    "channel_hockey_stick_delta", "channel_hockey_stick_delta_arb",
]

_CHUNK = 1 << 22  # entries of the pairs × outputs block evaluated at once


# ----------------------------------------------------------------------------- validation
def _pair(P, Q, fname):
    p = distribution(P, "P", fname)
    q = distribution(Q, "Q", fname)
    if p.shape != q.shape:
        raise InvalidInput(f"{fname}: P and Q must have the same length, got {p.size} and {q.size}")
    return p, q


def _exact_pair(P, Q, fname):
    p = validate_exact_prior(exact_vector(P, f"{fname}: P"), f"{fname}: P")
    q = validate_exact_prior(exact_vector(Q, f"{fname}: Q"), f"{fname}: Q")
    if len(p) != len(q):
        raise InvalidInput(f"{fname}: P and Q must have the same length, got {len(p)} and {len(q)}")
    return p, q


def _exact_channel(K, fname):
    k = validate_exact_channel(exact_matrix(K, f"{fname}: K"), f"{fname}: K")
    if len({len(r) for r in k}) != 1 or not k or not k[0]:
        raise InvalidInput(f"{fname}: K must be a non-empty matrix with rows of equal length")
    return k


# ----------------------------------------------------------------------------- one pair
def hockey_stick(P, Q, gamma):
    """E_γ(P ‖ Q) = Σ max(0, P − γQ) for γ ≥ 0 (float)."""
    p, q = _pair(P, Q, "hockey_stick")
    g = real(gamma, "gamma", "hockey_stick", lo=0)
    return float(np.sum(np.maximum(p - g * q, 0.0)))


def hockey_stick_exact(P, Q, gamma):
    """E_γ(P ‖ Q) as a Fraction, for exact P, Q and an exact γ ≥ 0."""
    p, q = _exact_pair(P, Q, "hockey_stick_exact")
    g = exact_real(gamma, "gamma", "hockey_stick_exact", lo=0)
    if not isinstance(g, Fraction):
        raise InvalidInput(f"hockey_stick_exact: gamma must be an exact rational, got gamma={gamma}")
    return sum((max(Fraction(0), a - g * b) for a, b in zip(p, q)), Fraction(0))


def _sum_positive_parts_arb(p, q, g):
    from flint import arb

    total = arb(0)
    for a, b in zip(p, q):
        total += (to_arb(a) - g * to_arb(b)).max(arb(0))
    return total


def hockey_stick_arb(P, Q, gamma):
    """Certified E_γ(P ‖ Q); γ exact or an arb ball (certainly ≥ 0)."""
    p, q = _exact_pair(P, Q, "hockey_stick_arb")
    g = to_arb(exact_real(gamma, "gamma", "hockey_stick_arb", lo=0))
    return _sum_positive_parts_arb(p, q, g)


def _log_ratio_terms(p, q, eps):
    """P·(−expm1(ε + log Q − log P)) where P > e^ε Q, else 0; eps broadcasts against the last axis."""
    with np.errstate(divide="ignore", invalid="ignore"):
        r = eps + np.log(q) - np.log(p)
        return np.where((p > 0) & (r < 0), p * -np.expm1(np.minimum(r, 0.0)), 0.0)


def hockey_stick_delta(P, Q, eps):
    """δ(ε) = E_{e^ε}(P ‖ Q) for ε ≥ 0 (float); eps may be an array (the result has its shape)."""
    p, q = _pair(P, Q, "hockey_stick_delta")
    e, scalar = real_array(eps, "eps", "hockey_stick_delta", lo=0)
    out = _log_ratio_terms(p, q, e[..., None]).sum(axis=-1)
    return float(out) if scalar else out


def hockey_stick_delta_arb(P, Q, eps):
    """Certified δ(ε) for exact P, Q and an exact ε ≥ 0 (or an arb ball)."""
    p, q = _exact_pair(P, Q, "hockey_stick_delta_arb")
    g = to_arb(exact_real(eps, "eps", "hockey_stick_delta_arb", lo=0)).exp()
    return _sum_positive_parts_arb(p, q, g)


# ----------------------------------------------------------------------------- a channel
def _max_over_row_pairs(k, block):
    """max over ordered row pairs (d, d') of Σ_w block(k[d], k[d']) (float), in chunks of rows."""
    m, n = k.shape
    step = max(1, _CHUNK // max(1, m * n))
    best = 0.0
    for lo in range(0, m, step):
        vals = block(k[lo:lo + step, None, :], k[None, :, :]).sum(axis=-1)
        best = max(best, float(vals.max()))
    return best


def channel_hockey_stick(K, gamma):
    """max over ordered row pairs of E_γ(K[d] ‖ K[d']) (float)."""
    k = channel(K, "K", "channel_hockey_stick")
    g = real(gamma, "gamma", "channel_hockey_stick", lo=0)
    return _max_over_row_pairs(k, lambda a, b: np.maximum(a - g * b, 0.0))


def channel_hockey_stick_exact(K, gamma):
    """max over ordered row pairs of E_γ(K[d] ‖ K[d']) as a Fraction (exact K and γ)."""
    k = _exact_channel(K, "channel_hockey_stick_exact")
    g = exact_real(gamma, "gamma", "channel_hockey_stick_exact", lo=0)
    if not isinstance(g, Fraction):
        raise InvalidInput(f"channel_hockey_stick_exact: gamma must be an exact rational, got gamma={gamma}")
    return max(sum((max(Fraction(0), a - g * b) for a, b in zip(r, s)), Fraction(0)) for r in k for s in k)


def _channel_arb(k, g):
    best = None
    for r in k:
        for s in k:
            v = _sum_positive_parts_arb(r, s, g)
            best = v if best is None else best.max(v)
    return best


def channel_hockey_stick_arb(K, gamma):
    k = _exact_channel(K, "channel_hockey_stick_arb")
    g = to_arb(exact_real(gamma, "gamma", "channel_hockey_stick_arb", lo=0))
    return _channel_arb(k, g)


def channel_hockey_stick_delta(K, eps):
    """δ_K(ε) = max over ordered row pairs of E_{e^ε}(K[d] ‖ K[d']) for ε ≥ 0 (float, scalar ε)."""
    k = channel(K, "K", "channel_hockey_stick_delta")
    e = real(eps, "eps", "channel_hockey_stick_delta", lo=0)
    return _max_over_row_pairs(k, lambda a, b: _log_ratio_terms(a, b, e))


def channel_hockey_stick_delta_arb(K, eps):
    """Certified δ_K(ε) for an exact channel and an exact ε ≥ 0 (or an arb ball)."""
    k = _exact_channel(K, "channel_hockey_stick_delta_arb")
    g = to_arb(exact_real(eps, "eps", "channel_hockey_stick_delta_arb", lo=0)).exp()
    return _channel_arb(k, g)
