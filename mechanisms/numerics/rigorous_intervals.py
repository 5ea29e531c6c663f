"""Rigorous Monte Carlo intervals: Clopper–Pearson for a proportion, empirical Bernstein for a bounded mean.

* :func:`clopper_pearson` — the exact two-sided interval for a binomial proportion from k successes in n
  trials at confidence 1 − a: [B(a/2; k, n − k + 1), B(1 − a/2; k + 1, n − k)] (B the Beta quantile;
  0 when k = 0, 1 when k = n). Coverage ≥ 1 − a for every true proportion, whatever n.
* :func:`empirical_bernstein_interval` — Maurer & Pontil (2009, Theorem 4) for i.i.d. X ∈ [lo, hi]: with
  probability ≥ 1 − a, |X̄ − E X| ≤ R(√(2V ln(4/a)/n) + 7 ln(4/a)/(3(n − 1))), V the sample variance of
  (X − lo)/R, R = hi − lo (each side at a/2).

:class:`Interval` carries what a statistical verdict must report (n, the interval, the seed, the
confidence, the method) with the fields proofcheck's Monte Carlo routes expect. The bounds themselves are
:mod:`mechanisms.numerics.monte_carlo`'s (``clopper_pearson``, ``bernstein_half_width``), written once.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.monte_carlo import bernstein_half_width, check_confidence
from mechanisms.numerics.monte_carlo import clopper_pearson as clopper_pearson_bounds

__all__ = ["Interval", "clopper_pearson", "empirical_bernstein_interval"]


@dataclass
class Interval:
    lo: float
    hi: float
    estimate: float
    confidence: float
    n: int
    seed: int | None
    method: str
    device: str = "cpu"
    seconds: float = 0.0
    rigorous: bool = True
    successes: int | None = None

    def to_json(self) -> dict:
        return {"estimate": self.estimate, "lo": self.lo, "hi": self.hi, "confidence": self.confidence,
                "n": self.n, "seed": self.seed, "device": self.device, "seconds": self.seconds,
                "method": self.method, "rigorous": self.rigorous, "successes": self.successes}


def clopper_pearson(k, n, confidence, seed=None):
    """The exact two-sided Clopper–Pearson interval for k successes in n Bernoulli trials."""
    fname = "clopper_pearson"
    conf = check_confidence(confidence, fname)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise InvalidInput(f"{fname}: n must be an integer >= 1, got n={n!r}")
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k <= n:
        raise InvalidInput(f"{fname}: k must be an integer in [0, n={n}], got k={k!r}")
    lo, hi = clopper_pearson_bounds(int(k), int(n), conf)
    return Interval(lo, hi, k / n, conf, int(n), seed, "Clopper-Pearson (exact binomial)", successes=int(k))


def empirical_bernstein_interval(x, lo, hi, confidence):
    """(lower, upper, mean) for E X from i.i.d. samples x of a variable in [lo, hi] (Maurer–Pontil)."""
    fname = "empirical_bernstein_interval"
    conf = check_confidence(confidence, fname)
    x = np.asarray(x, float)
    n = x.size
    if n < 2:
        raise InvalidInput(f"{fname}: at least 2 samples are needed, got {n}")
    if not hi > lo:
        raise InvalidInput(f"{fname}: need lo < hi, got lo={lo}, hi={hi}")
    r = hi - lo
    y = (x - lo) / r
    if y.min() < -1e-12 or y.max() > 1 + 1e-12:
        raise InvalidInput(f"{fname}: samples outside [lo, hi] = [{lo}, {hi}]")
    half = bernstein_half_width(float(np.var(y, ddof=1)), n, 1.0, conf)  # on the [0, 1] scale of y
    m = float(y.mean())
    return lo + r * max(m - half, 0.0), lo + r * min(m + half, 1.0), lo + r * m
