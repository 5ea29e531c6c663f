"""Discrete Bayesian networks (paper 001, Lemma 7): small DAGs with conditional probability tables, exact
joint probabilities, and the Lipschitz constant of the joint law under (weighted) Hamming distances.

A network is ``(parents, cards, cpts)``: ``parents[k]`` the tuple of parents of variable k (each parent
with a smaller index, so 0..K−1 is a topological order), ``cards[k]`` its number of values, ``cpts[k]`` a
list of rows, one per configuration of the parents (mixed radix, first parent most significant), each a
distribution over the values of k. P_θ(x) = Π_k cpts[k][config(x, parents[k])][x_k].

The weights of Lemma 7's proof are v_k = 1 + deg(k) with deg(k) the number of children of k: changing
x_k changes the factor of k and one factor per child, each by a ratio at most (1 − ε)/ε < 1/ε.

The Lipschitz constant is one formula over the numeric context (:func:`network_lipschitz`: the maximum of
|log P(x)/P(y)|/ρ over all outcome pairs); :func:`network_lipschitz_level` is the same supremum as an exact
level log r/ρ (:class:`~mechanisms.bayesian.lipschitz.LogLevel`: rational powers, no logarithm), for code
that groups equal levels exactly.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Sequence

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_fraction
from mechanisms.bayesian.lipschitz import INF, LogLevel, log_ratio_sup, max_level
from mechanisms.numerics.context import formula

__all__ = ["validate_network", "outcomes", "joint_probability", "smallest_probability", "child_weights",
           "network_lipschitz_level", "network_lipschitz", "joint_table",
           "tables_from_rows"]


def validate_network(parents, cards, cpts) -> None:
    K = len(cards)
    if len(parents) != K or len(cpts) != K:
        raise InvalidInput(f"network: parents, cards and cpts must all have {K} entries")
    for k in range(K):
        if any(not 0 <= j < k for j in parents[k]):
            raise InvalidInput(f"network: parents of variable {k} must come before it, got {parents[k]!r}")
        rows = int(np.prod([cards[j] for j in parents[k]])) if parents[k] else 1
        if len(cpts[k]) != rows or any(len(r) != cards[k] for r in cpts[k]):
            raise InvalidInput(f"network: variable {k} needs {rows} rows of {cards[k]} probabilities")


def outcomes(cards: Sequence[int]):
    return list(itertools.product(*[range(c) for c in cards]))


def _config(x, pars, cards):
    idx = 0
    for j in pars:
        idx = idx * cards[j] + x[j]
    return idx


def joint_probability(parents, cards, cpts, x, one=1):
    """P_θ(x) (exact for Fraction tables, float for float tables; ``one`` the context's 1)."""
    out = one
    for k in range(len(cards)):
        out = out * cpts[k][_config(x, parents[k], cards)][x[k]]
    return out


def joint_table(parents, cards, cpts) -> dict:
    return {x: joint_probability(parents, cards, cpts, x) for x in outcomes(cards)}


def smallest_probability(cpts):
    """ε of Lemma 7: the smallest probability any table assigns."""
    return min(min(row) for table in cpts for row in table)


def child_weights(parents, K: int) -> list[int]:
    """v_k = 1 + (number of children of k)."""
    return [1 + sum(1 for j in range(K) if k in parents[j]) for k in range(K)]


def _distance(x, y, weights):
    return sum(w for a, b, w in zip(x, y, weights) if a != b)


def network_lipschitz_level(parents, cards, cpts, weights: Sequence[int] | None = None):
    """sup over outcome pairs of |log P(x)/P(y)| / ρ(x, y), ρ the (weighted) Hamming distance over the K
    variables (weights None: plain Hamming), exact: a LogLevel, or inf when some P is 0 beside a
    positive one."""
    validate_network(parents, cards, cpts)
    K = len(cards)
    w = [1] * K if weights is None else [int(v) for v in weights]
    exact = [[[to_fraction(v) for v in row] for row in table] for table in cpts]
    probs = joint_table(parents, cards, exact)
    levels = []
    for x, y in itertools.combinations(list(probs), 2):
        px, py = probs[x], probs[y]
        if px == py:
            continue
        if px == 0 or py == 0:
            return INF
        levels.append(LogLevel(max(px, py) / min(px, py), _distance(x, y, w)))
    return max_level(levels) if levels else LogLevel(Fraction(1))


@formula(args={"parents": "any", "cards": "any", "cpts": "any", "weights": "any"})
def network_lipschitz(ctx, parents, cards, cpts, weights=None):
    """L(θ) of a Bayesian network: sup over outcome pairs of |log P(x)/P(y)| / ρ(x, y), ρ the (weighted)
    Hamming distance over the K variables (weights None: plain Hamming) (paper 001, Lemma 7); +∞ when some
    P is 0 beside a positive one. One formula over the context (the tables' entries exact numbers or balls
    on the certified context); :func:`network_lipschitz_level` is the same supremum as an exact level."""
    fname = "network_lipschitz"
    validate_network(parents, cards, cpts)
    w = [1] * len(cards) if weights is None else [int(v) for v in weights]
    tables = [[[ctx.real(v, "cpts", fname, lo=0, hi=1) for v in row] for row in table] for table in cpts]
    probs = {x: joint_probability(parents, cards, tables, x, one=ctx.exact(1)) for x in outcomes(cards)}
    return log_ratio_sup(ctx, probs, lambda x, y: _distance(x, y, w))


def tables_from_rows(parents, cards, rows: Sequence[Sequence]) -> list:
    """Split a stacked list of CPT rows (variable 0's rows first, then variable 1's, …) into cpts."""
    out, i = [], 0
    for k in range(len(cards)):
        n = int(np.prod([cards[j] for j in parents[k]])) if parents[k] else 1
        out.append([list(r) for r in rows[i:i + n]])
        i += n
    if i != len(rows):
        raise InvalidInput(f"tables_from_rows: {len(rows)} rows given, the network needs {i}")
    return out
