"""The optimal k-fold composition of (ε, δ)-DP mechanisms (Kairouz, Oh, Viswanath 2015, Theorem 3.3).

The k-fold composition of (ε, δ)-DP mechanisms is (ε_tot, δ_tot)-DP exactly when δ_tot is at least the
privacy profile of the k-fold product of KOV's extremal mechanism,

    δ_k(ε_tot) = 1 − (1 − δ)^k (1 − δ_RR(ε_tot)),   δ_RR(ε_tot) = Σ_l C(k,l)[e^{(k−l)ε} − e^{ε_tot} e^{lε}]_+ / (1 + e^ε)^k

(the same as the formula kov_extremal_composition_delta of mechanisms.accounting.composition, evaluated here as
1 − (1 − δ)^k + (1 − δ)^k δ_RR without the cancellation of 1 − (1 − δ)^k(1 − δ_RR), so that a δ_tot of 1e−6
resolves ε_tot to 1e−13). Two inverses:

* :func:`optimal_composition_eps` — the smallest ε_tot ≥ 0 with δ_k(ε_tot) ≤ δ_tot (δ_k is continuous and
  decreasing; bisection to 1e−13 relative), None when δ_tot < 1 − (1 − δ)^k (no ε_tot suffices);
* :func:`kov_grid_composition_eps` — KOV's Theorem 3.3 as stated: the smallest ε_tot of the form (k − 2i)ε
  with δ_k((k − 2i)ε) ≤ δ_tot (what dp_accounting's ``advanced_composition`` returns). Between grid points
  δ_k is strictly convex in e^{ε_tot}, so the grid value is ≥ the exact one and equal when δ_tot is a grid δ.
"""
from __future__ import annotations

import math

from mechanisms.accounting import composition as _composition  # noqa: F401  (registers fp.rr_composition_delta)
from mechanisms.numerics.checks import check_probability, real
from mechanisms.numerics.context import fp
from mechanisms.errors import InvalidInput

__all__ = ["optimal_composition_eps", "kov_grid_composition_eps", "composition_profile"]


def _args(eps, delta, k, total_delta, fname):
    e = real(eps, "eps", fname, lo=0, lo_open=True)
    d = float(check_probability(delta, "delta", fname, lo_open=False, hi_open=True))
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise InvalidInput(f"{fname}: k must be an integer >= 1, got k={k!r}")
    t = float(check_probability(total_delta, "total_delta", fname, lo_open=False, hi_open=False))
    return e, d, k, t


def composition_profile(eps, delta, k, total_eps):
    """δ_k(ε_tot) of the k-fold composition of (ε, δ)-DP mechanisms (KOV), without cancellation."""
    e, d, k, _ = _args(eps, delta, k, 0.0, "composition_profile")
    t = real(total_eps, "total_eps", "composition_profile", lo=0)
    log_keep = k * math.log1p(-d)
    return -math.expm1(log_keep) + math.exp(log_keep) * fp.rr_composition_delta(e, k, t)


def kov_grid_composition_eps(eps, delta, k, total_delta):
    """Smallest (k − 2i)ε, i = ⌊k/2⌋, …, 0, whose δ_k is ≤ total_delta; None if none is."""
    e, d, k, t = _args(eps, delta, k, total_delta, "kov_grid_composition_eps")
    for i in range(k // 2, -1, -1):
        grid = e * (k - 2 * i)
        if composition_profile(e, d, k, grid) <= t:
            return grid
    return None


def optimal_composition_eps(eps, delta, k, total_delta):
    """The exact smallest ε_tot ≥ 0 with δ_k(ε_tot) ≤ total_delta; None if none is."""
    e, d, k, t = _args(eps, delta, k, total_delta, "optimal_composition_eps")
    profile = lambda x: composition_profile(e, d, k, x)  # noqa: E731
    if profile(0.0) <= t:
        return 0.0
    if profile(k * e) > t:
        return None  # δ_k(kε) = 1 − (1 − δ)^k is the floor of the profile
    lo, hi = 0.0, k * e
    for _ in range(200):
        mid = (lo + hi) / 2
        if profile(mid) <= t:
            hi = mid
        else:
            lo = mid
        if hi - lo <= 1e-13 * max(hi, 1e-300):
            break
    return hi
