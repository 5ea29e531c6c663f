"""Benchmark: the float prior of Shannon capacity (Blahut–Arimoto with a stopping rule on the bounds' relative gap,
a small channel polished by SLSQP and Newton steps) against the plain iteration (absolute tolerance 1e-14 nats, up
to 100,000 iterations: the route before) and libqif's ``add_capacity``, in one run.

Run by hand:  .venv/bin/python benchmarks/bench_capacity.py [--repeats 5]

For each channel: the median time of each method, the relative gap (max_x D(K_x ‖ pK) − I(p; K)) / I(p; K) it
leaves (libqif: its own capacity against the certified-route bounds at its prior), and the ratios ours / plain
and ours / libqif.
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np


def channels():
    rng = np.random.default_rng(0)
    out = [("near-identity 10x10", 0.999 * np.eye(10) + 0.001 / 10)]
    for s in range(3):
        k = np.zeros((10, 10))
        k[np.arange(10), rng.integers(0, 10, 10)] = 1
        out.append((f"near-deterministic 10x10 #{s}", 0.999 * k + 0.001 * rng.dirichlet(np.ones(10), 10)))
    out.append(("random 50x50", rng.dirichlet(np.ones(50), 50)))
    out.append(("random 10x30", rng.dirichlet(np.ones(30), 10)))
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

    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    print(f"{'channel':32} {'ours ms':>9} {'gap':>9} {'plain ms':>9} {'gap':>9} {'libqif ms':>9} {'gap':>9} "
          f"{'/plain':>7} {'/libqif':>7}")
    for name, k in channels():
        ours, p = timed(_blahut_arimoto, k, args.repeats)
        base, pp = timed(plain, k, max(1, args.repeats // 2))
        peer, pq = timed(lambda c: np.asarray(qif.measure.shannon.add_capacity(c)[1]), k, args.repeats)
        gaps = [(lambda g: g[0] / g[1])(_gap(k, x / x.sum())) for x in (p, pp, pq)]
        print(f"{name:32} {ours * 1e3:9.2f} {gaps[0]:9.1e} {base * 1e3:9.2f} {gaps[1]:9.1e} {peer * 1e3:9.2f} "
              f"{gaps[2]:9.1e} {ours / base:7.3f} {ours / peer:7.2f}")


if __name__ == "__main__":
    main()
