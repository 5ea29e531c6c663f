"""Finite estimators, accuracy events and the channel families of PAC robustness (seed 002).

An estimator on a finite output space releases w with probability K[d, w]; output w stands for
the point t_w of the estimate space (here the real line, ‖·‖ = |·|). For a statistic μ and a
deviation threshold α the *bad* (inaccurate) set is U = {w : |t_w − μ| > α}; every subset of the
outputs is such a set for suitable points, so claims may quantify over U directly.

Every function works on floats and on Fractions alike (plain Python sums and comparisons), so a
claim's float and certified paths call the same definitions; the numerics that differ between the
paths (logs, exps) stay in the claim's ``m`` namespace.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from mechanisms.errors import InvalidInput


# ----------------------------------------------------------------------------- accuracy events
def bad_set(points: Sequence, mu, alpha) -> list[int]:
    """U = {w : |t_w − μ| > α}: the outputs whose estimate misses μ by more than α (Eq. (3))."""
    if alpha < 0:
        raise InvalidInput(f"deviation threshold α = {alpha} must be ≥ 0")
    return [w for w, t in enumerate(points) if abs(t - mu) > alpha]


def event_probability(row: Sequence, U: Sequence[int]):
    """Pr[M(d) ∈ U] = Σ_{w ∈ U} K[d, w] (exact for Fractions)."""
    total = 0 * row[0]
    for w in U:
        total = total + row[int(w)]
    return total


def miss_probability_by_distance(row: Sequence, points: Sequence, mu, alpha):
    """Pr[|M(d) − μ| > α] by a second route: sort the outputs by their distance to μ, accumulate
    the law of the distance (its CDF) up to α, and take the complement."""
    if alpha < 0:
        raise InvalidInput(f"deviation threshold α = {alpha} must be ≥ 0")
    order = sorted(range(len(points)), key=lambda w: abs(points[w] - mu))
    cdf = 0 * row[0]
    for w in order:
        if abs(points[w] - mu) > alpha:
            break
        cdf = cdf + row[w]
    return 1 - cdf


def worst_other_row(K: Sequence[Sequence], secret: int, U: Sequence[int]):
    """max_{d' ≠ d} Pr[M(d') ∈ U]: the failure probability Definition IV.6 bounds."""
    vals = [event_probability(row, U) for d, row in enumerate(K) if d != int(secret)]
    if not vals:
        raise InvalidInput("PAC robustness needs at least two secrets")
    return max(vals)


def all_rows_max(K: Sequence[Sequence], U: Sequence[int]):
    return max(event_probability(row, U) for row in K)


def prior_average(K: Sequence[Sequence], prior: Sequence, U: Sequence[int]):
    """Σ_d π(d) Pr[M(d) ∈ U] = m(U), the accuracy failure averaged over the prior."""
    total = 0 * prior[0]
    for p, row in zip(prior, K):
        total = total + p * event_probability(row, U)
    return total


# ----------------------------------------------------------------------------- Hamming datasets
def hamming(a: int, b: int) -> int:
    """Hamming distance between datasets d, d' ∈ {0,1}^b encoded as the bits of an integer."""
    return bin(int(a) ^ int(b)).count("1")


def neighbour_ratio(K: Sequence[Sequence]):
    """max over Hamming neighbours d ~ d' and outputs w of K[d,w]/K[d',w] (exact for Fractions);
    None when a zero meets a non-zero (no finite level). Rows are datasets 0 .. 2^b − 1."""
    n = len(K)
    if n & (n - 1):
        raise InvalidInput(f"a channel over {{0,1}}^b needs 2^b rows, got {n}")
    best = None
    for d in range(n):
        for bit in range(n.bit_length() - 1):
            e = d ^ (1 << bit)
            for x, y in zip(K[d], K[e]):
                if x == 0 and y == 0:
                    continue
                if y == 0:
                    return None
                r = x / y
                best = r if best is None or r > best else best
    return best if best is not None else 1


# ----------------------------------------------------------------------------- channel families
def tight_mbp_channel(n: int, m: int, r: float, c: float, j: int = 1, u: int = 0) -> np.ndarray:
    """Every row puts mass c on output u except row j, which puts r·c there; the remaining mass of
    each row is spread evenly over the other outputs. Under the uniform prior with n = 3, r = 4 the
    MBP level is ln 2 and the LDP level ln 4 = 2ξ exactly (the 3×2 example of the catalog): the
    family where ξ-MBP ⇒ 2ξ-LDP is tight and where Theorem IV.7's constant 1 + 4ε is too small."""
    if n < 2 or m < 2:
        raise InvalidInput(f"need at least 2 secrets and 2 outputs, got {n}x{m}")
    if not (0 < c and r * c < 1 and c < 1):
        raise InvalidInput(f"need 0 < c and r·c < 1, got r={r}, c={c}")
    K = np.empty((n, m))
    for d in range(n):
        mass = r * c if d == j % n else c
        K[d, :] = (1 - mass) / (m - 1)
        K[d, u % m] = mass
    return K


def skewed_two_point(delta: float, a: float, b: float):
    """Prior (1 − δ, δ) and channel [[a, 1 − a], [b, 1 − b]]: a rare secret with a very different
    row makes the MBP level large while the prior-averaged failure m({0}) stays near a (the
    catalog's counterexample family for the avg-prior reading of Theorem IV.7)."""
    if not (0 < delta < 1 and 0 < a < 1 and 0 < b < 1):
        raise InvalidInput(f"need δ, a, b in (0, 1), got {delta}, {a}, {b}")
    return np.array([1 - delta, delta]), np.array([[a, 1 - a], [b, 1 - b]])
