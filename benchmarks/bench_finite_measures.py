"""Finite-channel measures: float path on a 2000 x 2000 channel against qif, exact path on 6 x 6, and the
certified path of `proofcheck measure` on an exact 600 x 600 channel (--big: also 3000 x 3000, minutes).

    python benchmarks/bench_finite_measures.py [--big] [--skip-float]

Prints each time, the ratio ours / qif for the measures qif has (mult_capacity, smallest_epsilon
with the discrete metric = the LDP level), and checks that the values agree. The certified section times each
measure `proofcheck measure` prints (reading the channel as text included) on a channel of rationals (row i:
integers in [1, 999] over their sum), beside the float path and qif on the same channel as floats (ratios
certified / float and certified / qif).
"""
import argparse
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


def time_measures(measures, digits, target):
    """Each measure's best time of 5 in ms (``digits`` decimals) and their total against ``target``."""
    total = 0.0
    for name, fn in measures.items():
        t, _ = best_of(fn)
        total += t
        print(f"  {name:26s} {t * 1e3:8.{digits}f} ms")
    print(f"  {'all measures':26s} {total * 1e3:8.{digits}f} ms  (target < {target})")


def certified_section(n, repeat):
    """The measures of `proofcheck measure` on an exact n x n channel: certified, float and qif, as ratios."""
    import qif

    from mechanisms.finite.channels import exact_matrix

    rng = np.random.default_rng(1)
    ints = rng.integers(1, 1000, (n, n))
    text = [[f"{int(x)}/{int(s)}" for x in r] for r, s in zip(ints, ints.sum(axis=1))]
    Kf = ints / ints.sum(axis=1, keepdims=True)
    pf = np.full(n, 1.0 / n)
    t = time.perf_counter()
    K = CERTIFIED.ctx.channel(exact_matrix(text), "channel", "measure")
    prior = CERTIFIED.ctx.distribution([Fraction(1, n)] * n, "prior", "measure")
    read = time.perf_counter() - t
    print(f"certified path, exact {n} x {n} channel (best of {repeat}; reading the text and checking it: "
          f"{read:.2f} s)")
    rows = [
        ("ldp_level", lambda: CERTIFIED.ldp_level(K), lambda: fp.ldp_level(Kf), None),
        ("mbp_level", lambda: CERTIFIED.mbp_level(K, prior), lambda: fp.mbp_level(Kf, pf), None),
        ("bayes_capacity", lambda: CERTIFIED.bayes_capacity(K), lambda: fp.bayes_capacity(Kf),
         lambda: qif.measure.bayes_vuln.mult_capacity(Kf)),
        ("posterior_vulnerability", lambda: CERTIFIED.posterior_bayes_vulnerability(K, prior),
         lambda: fp.posterior_bayes_vulnerability(Kf, pf), lambda: qif.measure.bayes_vuln.posterior(pf, Kf)),
        ("output_marginal", lambda: CERTIFIED.marginal(K, prior), lambda: fp.marginal(Kf, pf), lambda: pf @ Kf),
    ]
    total = read
    with precision(128):
        for name, cert, flt, peer in rows:
            tc, _ = best_of(cert, repeat)
            tf, _ = best_of(flt, 5)
            total += tc
            line = f"  {name:26s} certified {tc * 1e3:9.1f} ms  float {tf * 1e3:8.2f} ms  ratio {tc / tf:9.0f}"
            if peer is not None:
                tq, _ = best_of(peer, 5)
                line += f"  qif/numpy {tq * 1e3:8.2f} ms  ratio {tc / tq:9.0f}"
            print(line)
    print(f"  {'all, with the reading':26s} certified {total:9.2f} s")


def main():
    import qif

    ap = argparse.ArgumentParser()
    ap.add_argument("--big", action="store_true", help="also the certified path on 3000 x 3000 (minutes)")
    ap.add_argument("--skip-float", action="store_true", help="only the certified section")
    args = ap.parse_args()
    for n in [600] + ([3000] if args.big else []):
        certified_section(n, 3 if n <= 600 else 1)
    if args.skip_float:
        return
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
    time_measures(ours, 2, "200 ms")

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
        time_measures(exact, 3, "20 ms")


if __name__ == "__main__":
    main()
