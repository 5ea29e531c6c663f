"""Benchmark: Shannon capacity, in one run: our float prior (Blahut–Arimoto with Newton's method on the iterate's
support every 10 iterations, stopping on the bounds' relative gap 1e-10) against the plain iteration (absolute
tolerance 1e-14 nats, up to 100,000 iterations: the route before) and libqif's ``add_capacity``; then the certified
route (m.shannon_capacity_bounds: I(p; K) and max_x D(K_x ‖ pK) at the prior taken exactly) and its relative gap.

Run by hand:  .venv/bin/python benchmarks/bench_capacity.py [--repeats 5] [--no-certified]

Each channel is exact (rationals; the float channel is its rounding), so the certified gap is the one a claim gets.
For each: the median time of each method, the float relative gap (max_x D(K_x ‖ pK) − I(p; K)) / I(p; K) it leaves
(libqif: at its own prior), the ratios ours / plain and ours / libqif, and the certified route's time and relative
gap (upper − lower) / lower. Targets: near-deterministic 10x10 to a gap of 1e-9 in ≤ 20 ms; 50x50 at most libqif.
"""
from __future__ import annotations

import argparse
import statistics
import time
from fractions import Fraction

import numpy as np


def _exact(k):
    """The rationals (denominator ≤ 10^12) nearest a float channel, each row's last non-zero entry fixed so the row
    sums to 1 exactly."""
    rows = []
    for row in k:
        r = [Fraction(float(x)).limit_denominator(10**12) for x in row]
        j = max(i for i, x in enumerate(r) if x > 0)
        r[j] += 1 - sum(r)
        rows.append(r)
    return rows


def channels():
    rng = np.random.default_rng(0)
    eps = Fraction(1, 10**6)
    out = [("identity + 1e-6 noise 10x10", [[(1 - eps) * (i == j) + eps / 10 for j in range(10)] for i in range(10)]),
           ("near-identity 10x10 (1e-3)", _exact(0.999 * np.eye(10) + 0.001 / 10))]
    for s in range(3):
        k = np.zeros((10, 10))
        k[np.arange(10), rng.integers(0, 10, 10)] = 1
        out.append((f"near-deterministic 10x10 #{s}", _exact(0.999 * k + 0.001 * rng.dirichlet(np.ones(10), 10))))
    for s in range(2):
        k = np.eye(10)[rng.permutation(10)]
        out.append((f"near-permutation 10x10 #{s}", _exact((1 - 1e-6) * k + 1e-6 * rng.dirichlet(np.ones(10), 10))))
    for s in range(2):
        k = np.zeros((10, 10))
        k[np.arange(10), rng.integers(0, 4, 10)] = 1
        out.append((f"10 inputs onto 4 outputs #{s}", _exact((1 - 1e-4) * k + 1e-4 * rng.dirichlet(np.ones(10), 10))))
    out.append(("random 50x50", _exact(rng.dirichlet(np.ones(50), 50))))
    out.append(("random 10x30", _exact(rng.dirichlet(np.ones(30), 10))))
    return out


def plain(k):
    from scipy.special import rel_entr

    p = np.full(k.shape[0], 1.0 / k.shape[0])
    for _ in range(100_000):
        d = rel_entr(k, p @ k).sum(axis=1)
        if d.max() - p @ d <= 1e-14:
            break
        w = p * np.exp(d - d.max())
        p = w / w.sum()
    return p


def timed(f, k, repeats):
    times, p = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        p = f(k)
        times.append(time.perf_counter() - t)
    return statistics.median(times), p


def main():
    import qif

    from mechanisms.finite.capacity import _blahut_arimoto, _gap
    from proofcheck.measures import CERTIFIED

    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--no-certified", action="store_true")
    args = ap.parse_args()
    print(f"{'channel':30} {'ours ms':>8} {'gap':>8} {'plain ms':>9} {'gap':>8} {'libqif ms':>9} {'gap':>8} "
          f"{'/plain':>7} {'/libqif':>7} {'cert ms':>8} {'cert gap':>8}")
    for name, exact in channels():
        k = np.array([[float(x) for x in row] for row in exact])
        ours, p = timed(_blahut_arimoto, k, args.repeats)
        base, pp = timed(plain, k, max(1, args.repeats // 2))
        peer, pq = timed(lambda c: np.asarray(qif.measure.shannon.add_capacity(c)[1]), k, args.repeats)
        gaps = [(lambda g: g[0] / g[1])(_gap(k, x / x.sum())) for x in (p, pp, pq)]
        cert, cgap = float("nan"), float("nan")
        if not args.no_certified:
            cert, (lo, hi) = timed(CERTIFIED.shannon_capacity_bounds, exact, 1)
            cgap = float(((hi - lo) / lo).upper())
        print(f"{name:30} {ours * 1e3:8.2f} {gaps[0]:8.1e} {base * 1e3:9.2f} {gaps[1]:8.1e} {peer * 1e3:9.2f} "
              f"{gaps[2]:8.1e} {ours / base:7.3f} {ours / peer:7.2f} {cert * 1e3:8.1f} {cgap:8.1e}")


if __name__ == "__main__":
    main()
