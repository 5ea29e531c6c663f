"""Finite-channel measures: float path on a 2000 x 2000 channel against qif, exact path on 6 x 6.

    python benchmarks/bench_finite_measures.py

Prints each time, the ratio ours / qif for the measures qif has (mult_capacity, smallest_epsilon
with the discrete metric = the LDP level), and checks that the values agree.
"""
import time
from fractions import Fraction

import numpy as np

from mechanisms.finite import channels as finite, leakage  # noqa: F401  (register their formulas)
from mechanisms.numerics.context import fp
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import precision


def best_of(fn, repeat=5):
    best = float("inf")
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def main():
    import qif

    rng = np.random.default_rng(0)
    n = 2000
    K = rng.dirichlet(np.ones(n), size=n)
    prior = rng.dirichlet(np.ones(n))
    print(f"float path, {n} x {n} channel (best of 5)")
    ours = {
        "ldp_level": lambda: fp.ldp_level(K),
        "mbp_level": lambda: fp.mbp_level(K, prior),
        "bayes_capacity": lambda: fp.bayes_capacity(K),
        "posterior_vulnerability": lambda: fp.posterior_bayes_vulnerability(K, prior),
        "posterior": lambda: fp.posterior(K, prior),
        "js(row0,row1)": lambda: fp.js(K[0], K[1]),
        "kl(row0,row1)": lambda: fp.kl(K[0], K[1]),
        "tv(row0,row1)": lambda: fp.tv(K[0], K[1]),
        "renyi2(row0,row1)": lambda: fp.renyi(K[0], K[1], 2.0),
        "belief_after_release": lambda: fp.belief_after_release(K, prior, K[0]),
    }
    total = 0.0
    for name, fn in ours.items():
        t, _ = best_of(fn)
        total += t
        print(f"  {name:26s} {t * 1e3:8.2f} ms")
    print(f"  {'all measures':26s} {total * 1e3:8.2f} ms  (target < 200 ms)")

    # qif's smallest_epsilon compares all row pairs through a Python metric callback (minutes at
    # 2000 x 2000), so it is timed on a 200 x 200 channel, ours beside it on the same channel
    K200 = rng.dirichlet(np.ones(200), size=200)
    peers = [
        ("bayes_capacity vs qif.mult_capacity, 2000x2000", lambda: fp.bayes_capacity(K),
         lambda: qif.measure.bayes_vuln.mult_capacity(K)),
        ("ldp_level vs qif.smallest_epsilon, 200x200", lambda: fp.ldp_level(K200),
         lambda: qif.measure.d_privacy.smallest_epsilon(K200, qif.metric.discrete())),
    ]
    for name, a, b in peers:
        ta, va = best_of(a)
        tb, vb = best_of(b, repeat=2)
        print(f"  {name:48s} ours {ta * 1e3:8.2f} ms  qif {tb * 1e3:9.2f} ms  ratio ours/qif {ta / tb:.3g}"
              f"  values {va:.15g} / {vb:.15g}  rel.diff {abs(va - vb) / abs(vb):.1e}")

    print("exact path, 6 x 6 channel with denominators <= 1000 (best of 5)")
    K6 = [[Fraction(int(x)) for x in rng.integers(1, 1000, 6)] for _ in range(6)]
    K6 = [[x / sum(r) for x in r] for r in K6]
    p6 = [Fraction(1, 6)] * 6
    with precision(128):
        exact = {
            "ldp_level": lambda: CERTIFIED.ldp_level(K6),
            "mbp_level": lambda: CERTIFIED.mbp_level(K6, p6),
            "bayes_capacity": lambda: CERTIFIED.bayes_capacity(K6),
            "posterior": lambda: CERTIFIED.posterior(K6, p6),
            "js(row0,row1)": lambda: CERTIFIED.js(K6[0], K6[1]),
            "kl(row0,row1)": lambda: CERTIFIED.kl(K6[0], K6[1]),
            "tv(row0,row1)": lambda: CERTIFIED.tv(K6[0], K6[1]),
            "renyi2(row0,row1)": lambda: CERTIFIED.renyi(K6[0], K6[1], 2),
        }
        total = 0.0
        for name, fn in exact.items():
            t, _ = best_of(fn)
            total += t
            print(f"  {name:26s} {t * 1e3:8.3f} ms")
        print(f"  {'all measures':26s} {total * 1e3:8.3f} ms  (target < 20 ms)")


if __name__ == "__main__":
    main()
