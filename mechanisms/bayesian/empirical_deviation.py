"""The ℓ1 deviation of an empirical distribution, exactly: the probability behind Weissman et al.'s
bound (paper 001, Eq. (C.6)) and Lemma 2.

For n iid draws from p on m outcomes the counts are multinomial, and

    P(‖p̂_n − p‖₁ ≥ ε) = Σ_{c : Σ|c_i/n − p_i| ≥ ε} n!/∏c_i! ∏ p_i^{c_i}

is a finite sum over the C(n+m−1, m−1) count vectors. The threshold enters squared (ε² may be irrational,
e.g. 3 log(1/δ)/n): an ℓ1 distance is compared as ℓ1² ≥ ε². On the certified route a comparison the
enclosure of ε² cannot decide adds its term as slack [0, term].
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Sequence

import numpy as np
from scipy import special as sc

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.bayesian.posterior_sampling import compositions, multinomial_coefficient

__all__ = ["l1_deviation_tail", "l1_deviation_tail_arb", "weissman_bound", "weissman_bound_arb"]


def _check(p, n, fname):
    if n < 1 or int(n) != n:
        raise InvalidInput(f"{fname}: n must be a positive integer, got n={n}")
    if len(p) < 1:
        raise InvalidInput(f"{fname}: p must be a non-empty distribution")


def l1_deviation_tail(p: Sequence, n: int, eps_sq) -> float:
    """P(‖p̂_n − p‖₁ ≥ ε) for ε² = eps_sq (float)."""
    _check(p, n, "l1_deviation_tail")
    pf = np.asarray([float(x) for x in p])
    comps = np.array(list(compositions(int(n), len(pf))))
    dev = np.abs(comps / n - pf[None, :]).sum(axis=1)
    with np.errstate(divide="ignore"):
        lp = np.log(pf)
    logw = sc.gammaln(n + 1) - sc.gammaln(comps + 1).sum(axis=1) + np.where(comps > 0, comps * lp, 0.0).sum(axis=1)
    keep = dev**2 >= float(eps_sq) * (1 - 1e-15)
    return float(np.exp(logw[keep]).sum()) if keep.any() else 0.0


def l1_deviation_tail_arb(p: Sequence, n: int, eps_sq):
    """Certified P(‖p̂_n − p‖₁ ≥ ε): exact terms, ε² exact or an arb ball."""
    from flint import arb

    _check(p, n, "l1_deviation_tail_arb")
    pf = [to_fraction(x, "p") for x in p]
    E = to_arb(eps_sq)
    exact = Fraction(0)
    slack = Fraction(0)
    for c in compositions(int(n), len(pf)):
        dev = sum((abs(Fraction(ci, n) - x) for ci, x in zip(c, pf)), Fraction(0))
        w = Fraction(multinomial_coefficient(c))
        for ci, x in zip(c, pf):
            w *= x ** ci
        d2 = to_arb(dev * dev)
        if d2 >= E:
            exact += w
        elif not d2 < E:
            slack += w
    out = to_arb(exact)
    return out + arb(0).union(to_arb(slack)) if slack else out


def weissman_bound(m: int, n: int, eps) -> float:
    """(2^m − 2) e^{−nε²/2} (float)."""
    return (2.0**m - 2) * math.exp(-n * float(eps) ** 2 / 2)


def weissman_bound_arb(m: int, n: int, eps):
    return (2**m - 2) * (-to_arb(n) * to_arb(eps) ** 2 / 2).exp()
