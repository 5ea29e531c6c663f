"""Pseudo-metrics ρ between data sets, as paper 001 (Dimitrakakis et al.) uses them.

A data set is a sequence of records; a record is a number (a real observation, a category index) or a
tuple of variables (a Bayesian-network outcome). Every metric works on ints, Fractions, floats and balls
alike (plain Python arithmetic); ``dataset_distance`` and ``sqrt_dataset_distance`` are formulas over the
numeric context that read the records as the context's numbers (a distance of exact records is exact on the
certified path).

* ``hamming``            Σ_i 1{x_i ≠ y_i} (Remark 1, Lemma 7)
* ``l1_distance``        Σ_i |x_i − y_i| (Lemmas 3–5)
* ``per_record_sum``     Σ_i ρ₁(x_i, y_i) for a per-record distance ρ₁ (Lemma 1's ρⁿ)
* ``per_record_max``     max_i ρ₁(x_i, y_i) (the other reading of Lemma 1's ρⁿ)
* ``normal_square_metric`` |x² − y²| + 2|x − y| per record (Lemma 6)
* ``weighted_hamming``   Σ_i Σ_k v_k 1{x_{k,i} ≠ y_{k,i}} (the proof of Lemma 7, v_k = 1 + deg(k))
* ``count_difference``   |Σ x_i − Σ y_i|, a pseudo-metric (zero on permutations)
* ``differing_records``  how many records differ (Lemma 1's k)
* ``dataset_distance``   any of the above by name (a formula: ``fp.dataset_distance(...)``, ``certified....``)
* ``sqrt_dataset_distance`` √ρ(x, y), the pseudo-metric of Theorem 2 (ii) (a formula)
"""
from __future__ import annotations

from typing import Callable, Sequence

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import formula

__all__ = ["sqrt_dataset_distance", "hamming", "l1_distance", "per_record_sum", "per_record_max", "normal_square_metric",
           "weighted_hamming", "count_difference", "differing_records", "dataset_distance",
           "record_distance", "METRICS"]


def _same_length(x: Sequence, y: Sequence, fname: str):
    if len(x) != len(y):
        raise InvalidInput(f"{fname}: data sets must have the same number of records, got {len(x)} and {len(y)}")


def _zero(x: Sequence):
    return 0 * x[0] if len(x) and not isinstance(x[0], (tuple, list)) else 0


def hamming(x: Sequence, y: Sequence) -> int:
    """Σ_i 1{x_i ≠ y_i}."""
    _same_length(x, y, "hamming")
    return sum(1 for a, b in zip(x, y) if a != b)


def differing_records(x: Sequence, y: Sequence) -> int:
    """How many records of x and y differ (Lemma 1's k); the Hamming distance."""
    return hamming(x, y)


def l1_distance(x: Sequence, y: Sequence):
    """Σ_i |x_i − y_i| (exact for exact records)."""
    _same_length(x, y, "l1_distance")
    return sum((abs(a - b) for a, b in zip(x, y)), _zero(x))


def record_distance(name: str) -> Callable:
    """The per-record distance ρ₁ of a named metric: 'hamming' (1{a ≠ b}), 'abs' (|a − b|), 'normal-square'
    (|a² − b²| + 2|a − b|)."""
    if name == "hamming":
        return lambda a, b: 0 if a == b else 1
    if name == "abs":
        return lambda a, b: abs(a - b)
    if name == "normal-square":
        return lambda a, b: abs(a * a - b * b) + 2 * abs(a - b)
    raise InvalidInput(f"record_distance: unknown per-record distance {name!r} (hamming, abs, normal-square)")


def per_record_sum(x: Sequence, y: Sequence, record: Callable):
    """ρⁿ(x, y) = Σ_i ρ₁(x_i, y_i)."""
    _same_length(x, y, "per_record_sum")
    out = 0
    for a, b in zip(x, y):
        out = out + record(a, b)
    return out


def per_record_max(x: Sequence, y: Sequence, record: Callable):
    """ρⁿ(x, y) = max_i ρ₁(x_i, y_i) (0 for empty data sets)."""
    _same_length(x, y, "per_record_max")
    return max((record(a, b) for a, b in zip(x, y)), default=0)


def normal_square_metric(x: Sequence, y: Sequence):
    """Lemma 6: Σ_i |x_i² − y_i²| + 2|x_i − y_i|."""
    return per_record_sum(x, y, record_distance("normal-square"))


def weighted_hamming(x: Sequence[Sequence], y: Sequence[Sequence], weights: Sequence):
    """Σ_i Σ_k v_k 1{x_{i,k} ≠ y_{i,k}}: records are tuples of K variables, v the K weights."""
    _same_length(x, y, "weighted_hamming")
    out = 0
    for a, b in zip(x, y):
        if len(a) != len(weights) or len(b) != len(weights):
            raise InvalidInput(f"weighted_hamming: records must have {len(weights)} variables, got {a!r} and {b!r}")
        out = out + sum((w for u, v, w in zip(a, b, weights) if u != v), 0)
    return out


def count_difference(x: Sequence, y: Sequence):
    """|Σ x_i − Σ y_i|: a pseudo-metric (zero for a permutation of the records)."""
    return abs(sum(x, _zero(x)) - sum(y, _zero(y)))


METRICS = {
    "hamming": hamming,
    "l1": l1_distance,
    "normal-square": normal_square_metric,
    "count-difference": count_difference,
    "max-hamming": lambda x, y: per_record_max(x, y, record_distance("hamming")),
    "max-abs": lambda x, y: per_record_max(x, y, record_distance("abs")),
}


def _records(ctx, data: Sequence, fname: str) -> list:
    """The records as the context's numbers (a tuple of variables, a network outcome, as it is)."""
    return [tuple(v) if isinstance(v, (tuple, list)) else ctx.real(v, "record", fname) for v in data]


@formula
def dataset_distance(ctx, name: str, x: Sequence, y: Sequence):
    """ρ(x, y) for a named metric (see METRICS), the records read as the context's numbers."""
    fname = "dataset_distance"
    if name not in METRICS:
        raise InvalidInput(f"{fname}: unknown metric {name!r}; one of {', '.join(METRICS)}")
    return METRICS[name](_records(ctx, x, fname), _records(ctx, y, fname))


@formula
def sqrt_dataset_distance(ctx, name: str, x: Sequence, y: Sequence):
    """√ρ(x, y): Theorem 2 (ii)'s pseudo-metric (√ of a pseudo-metric is one); exactly 0 when ρ is."""
    rho = ctx.dataset_distance(name, x, y)
    return rho if ctx.is_zero(rho) else ctx.sqrt(rho)
