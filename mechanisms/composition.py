"""Composition of differentially private mechanisms (Kairouz, Oh, Viswanath 2015).

* :func:`composition_eps` — KOV's ε̃ for N-fold composition of (ε_s, δ_s)-DP mechanisms at the price δ̃
  (seed 003's Theorem 2 cites it; its printed first summand lives with that paper's claims);
* :func:`rr_composition_delta` — the exact δ(ε) of N-fold ε_s-randomised response:
  Σ_l C(N,l)[e^{(N−l)ε_s} − e^ε e^{lε_s}]_+ / (1 + e^{ε_s})^N;
* :func:`kov_extremal_composition_delta` — the exact δ(ε) of N-fold KOV's extremal (ε_s, δ_s) mechanism
  (P = (δ_s, (1−δ_s)e^ε/(1+e^ε), (1−δ_s)/(1+e^ε), 0), Q its mirror): 1 − (1−δ_s)^N (1 − δ_RR(ε)).

Float functions take numbers, ``*_arb`` take exact numbers (or an arb ε) and return arb balls. Bad input
(ε_s ≤ 0, N < 1, δ ∉ [0, 1), ε < 0) raises InvalidInput before any work.
"""
from __future__ import annotations

import math

import numpy as np
from scipy.special import gammaln

from mechanisms.checks import check_nonneg, check_probability
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb, to_fraction

__all__ = ["composition_eps", "composition_eps_arb", "rr_composition_delta", "rr_composition_delta_arb",
           "kov_extremal_composition_delta", "kov_extremal_composition_delta_arb"]


def _count(N, fname, name="N"):
    if isinstance(N, bool) or not isinstance(N, (int, np.integer)) or N < 1:
        raise InvalidInput(f"{fname}: {name} must be an integer >= 1, got {name}={N}")
    return int(N)


def _check_comp(eps_s, N, delta_tilde, fname):
    eps_s = check_nonneg(eps_s, "eps_s", fname)
    if not eps_s > 0:
        raise InvalidInput(f"{fname}: eps_s must be > 0, got eps_s={eps_s}")
    N = _count(N, fname)
    delta_tilde = check_probability(delta_tilde, "delta_tilde", fname, lo_open=False, hi_open=True)
    return eps_s, N, delta_tilde


def composition_eps(eps_s, N, delta_tilde):
    """Kairouz–Oh–Viswanath's ε̃ of the N-fold composition of (ε_s, δ_s)-DP mechanisms, at the price δ̃:
    min{Nε, t + ε√(2N log(e + √(Nε²)/δ̃)), t + ε√(2N log(1/δ̃))}, t = N ε (e^ε − 1)/(e^ε + 1) = N ε tanh(ε/2);
    δ̃ = 0 leaves Nε. The composition is then (ε̃, 1 − (1 − δ_s)^N (1 − δ̃))-DP."""
    eps_s, N, dt = _check_comp(eps_s, N, delta_tilde, "composition_eps")
    eps_s, dt = float(eps_s), float(dt)
    t = math.tanh(eps_s / 2) * (N * eps_s)
    if dt == 0:
        return N * eps_s
    second = t + eps_s * math.sqrt(2 * N * math.log(math.e + math.sqrt(N * eps_s ** 2) / dt))
    third = t + eps_s * math.sqrt(2 * N * math.log(1 / dt))
    return min(N * eps_s, second, third)


def composition_eps_arb(eps_s, N, delta_tilde):
    """Certified twin of :func:`composition_eps` (exact ε_s, δ̃)."""
    from flint import arb

    eps_s, N, dt = _check_comp(eps_s, N, delta_tilde, "composition_eps_arb")
    e = to_arb(eps_s)
    first = N * e
    if to_fraction(dt) == 0:
        return first
    d = to_arb(dt)
    t = (e / 2).tanh() * (N * e)
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
    es = to_arb(check_nonneg(eps_s, "eps_s", "rr_composition_delta_arb"))
    e = eps if hasattr(eps, "rad") else to_arb(check_nonneg(eps, "eps", "rr_composition_delta_arb"))
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
    keep = (1 - to_arb(delta_s)) ** N
    return 1 - keep * (1 - rr_composition_delta_arb(eps_s, N, eps))
