"""Rényi DP at a fractional order from the two integer orders around it.

The cumulant K(α) = (α − 1)τ_α of a pair of distributions is convex in α, so on [⌊α⌋, ⌈α⌉] it lies below
its chord (Wang, Balle, Kasiviswanathan 2019, Corollary 10):

    τ_α ≤ [(1 − f)(⌊α⌋ − 1) τ_{⌊α⌋} + f ⌊α⌋ τ_{⌈α⌉}] / (α − 1),  f = α − ⌊α⌋.

Interpolating τ_α itself (not the cumulant) is not a bound: seed 003's printed interpolation lives with
that paper's claims. ``tau_at(k)`` gives τ_k at an integer order k ≥ 1 (τ_1 the KL divergence).
"""
from __future__ import annotations

import math

from mechanisms.checks import check_nonneg
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb, to_fraction

__all__ = ["interpolate_cgf", "interpolate_cgf_arb"]


def _order(alpha, fname):
    a = check_nonneg(alpha, "alpha", fname)
    if not a >= 1:
        raise InvalidInput(f"{fname}: alpha must be >= 1, got alpha={alpha}")
    return a


def interpolate_cgf(tau_at, alpha):
    """The chord bound on τ_α from τ_{⌊α⌋} and τ_{⌈α⌉} (float); τ_α itself at an integer α."""
    alpha = float(_order(alpha, "interpolate_cgf"))
    lo = math.floor(alpha)
    f = alpha - lo
    if f == 0:
        return tau_at(int(lo))
    return ((1 - f) * (lo - 1) * tau_at(int(lo)) + f * lo * tau_at(int(lo) + 1)) / (alpha - 1)


def interpolate_cgf_arb(tau_at, alpha):
    """Certified twin of :func:`interpolate_cgf`: α exact, tau_at returning arb balls."""
    alpha = to_fraction(_order(alpha, "interpolate_cgf_arb"), "alpha")
    lo = math.floor(alpha)
    f = alpha - lo
    if f == 0:
        return tau_at(int(lo))
    fa = to_arb(f)
    return ((1 - fa) * (lo - 1) * tau_at(int(lo)) + fa * lo * tau_at(int(lo) + 1)) / (to_arb(alpha) - 1)
