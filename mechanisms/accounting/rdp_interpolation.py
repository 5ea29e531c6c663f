"""Rényi DP at a fractional order from the two integer orders around it.

The cumulant K(α) = (α − 1)τ_α of a pair of distributions is convex in α, so on [⌊α⌋, ⌈α⌉] it lies below
its chord (Wang, Balle, Kasiviswanathan 2019, Corollary 10):

    τ_α ≤ [(1 − f)(⌊α⌋ − 1) τ_{⌊α⌋} + f ⌊α⌋ τ_{⌈α⌉}] / (α − 1),  f = α − ⌊α⌋.

Interpolating τ_α itself (not the cumulant) is not a bound: seed 003's printed interpolation lives with
that paper's claims. ``tau_at(k)`` gives τ_k at an integer order k ≥ 1 (τ_1 the KL divergence) on the context the
formula runs on (floats for ``fp.interpolate_cgf``, balls for ``certified.interpolate_cgf``).
"""
from __future__ import annotations

from mechanisms.numerics.context import formula

__all__ = ["interpolate_cgf"]


@formula
def interpolate_cgf(ctx, tau_at, alpha):
    """The chord bound on τ_α from τ_{⌊α⌋} and τ_{⌈α⌉}; τ_α itself at an integer α ≥ 1."""
    alpha = ctx.real(alpha, "alpha", "interpolate_cgf", lo=1)
    lo = int(alpha // 1)
    f = alpha - lo
    if ctx.is_zero(f):
        return tau_at(lo)
    return ((1 - f) * (lo - 1) * tau_at(lo) + f * lo * tau_at(lo + 1)) / (alpha - 1)
