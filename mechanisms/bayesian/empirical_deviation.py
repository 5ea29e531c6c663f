"""The ℓ1 deviation of an empirical distribution, exactly: the probability behind Weissman et al.'s
bound (paper 001, Eq. (C.6)) and Lemma 2.

For n iid draws from p on m outcomes the counts are multinomial, and

    P(‖p̂_n − p‖₁ ≥ ε) = Σ_{c : Σ|c_i/n − p_i| ≥ ε} n!/∏c_i! ∏ p_i^{c_i}

is a finite sum over the C(n+m−1, m−1) count vectors. The threshold enters squared (ε² may be irrational,
e.g. 3 log(1/δ)/n): an ℓ1 distance is compared as ℓ1² ≥ ε². On the certified route a comparison the
enclosure of ε² cannot decide adds its term as slack [0, term]. Both are formulas over the numeric context
(``fp.l1_deviation_tail``, ``certified....``, ``box....`` over a box of p and ε²).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import numpy as np

from mechanisms.bayesian.posterior_sampling import compositions, multinomial_coefficient
from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import formula

__all__ = ["l1_deviation_tail", "weissman_bound"]


def _check(p, n, fname):
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise InvalidInput(f"{fname}: n must be a positive integer, got n={n!r}")
    if len(p) < 1:
        raise InvalidInput(f"{fname}: p must be a non-empty distribution, got p={p!r}")
    return int(n)


@formula
def l1_deviation_tail(ctx, p: Sequence, n: int, eps_sq):
    """P(‖p̂_n − p‖₁ ≥ ε) for ε² = eps_sq: the sum of the multinomial probabilities of the count vectors whose
    ℓ1 deviation squared is at least ε² (paper 001, Eq. (C.6)). A count vector the enclosures of ε² (and of
    p) cannot decide adds its term as slack: the value then lies in [sum, sum + slack] (the float context,
    which decides every comparison, has none)."""
    fname = "l1_deviation_tail"
    n = _check(p, n, fname)
    pv = [ctx.real(x, f"p[{i}]", fname, lo=0, hi=1) for i, x in enumerate(p)]
    e2 = ctx.real(eps_sq, "eps_sq", fname)
    inside, slack = ctx.exact(0), ctx.exact(0)
    for c in compositions(n, len(pv)):
        dev = ctx.sum((ctx.abs(ctx.exact(Fraction(ci, n)) - x) for ci, x in zip(c, pv)), ctx.exact(0))
        term = ctx.exact(multinomial_coefficient(c))
        for ci, x in zip(c, pv):
            if ci:
                term = term * x ** ci
        far = ctx.ge(dev * dev, e2)
        if ctx.undecided(far):  # its mass lies between the two sums
            slack = slack + term
        elif far:
            inside = inside + term
    if ctx.exactly_zero(slack):  # a shortcut: inside + hull(0, 0) is inside too
        return inside
    return inside + ctx.hull(0, slack)


@formula
def weissman_bound(ctx, m: int, n: int, eps):
    """(2^m − 2) e^{−nε²/2}, Weissman et al.'s bound on P(‖p̂_n − p‖₁ ≥ ε) for m outcomes."""
    e = ctx.real(eps, "eps", "weissman_bound")
    return (2 ** int(m) - 2) * ctx.exp(-n * e * e / 2)
