"""The certified PLD accountant (mechanisms.accounting.pld) against dp_accounting's PLD, measured in the same run.

DP-SGD: Poisson-subsampled Gaussian, q = 0.01, σ = 1.1, k = 1,000 steps, add-or-remove, δ(ε) at ε = 1 and 2, on each
grid h (default 1/2000 and 1e−4). Printed per grid: the time of the certified bounds, of the float route and of
dp_accounting's two PLDs; our certified [lower, upper], its gap (absolute and relative to upper); dp_accounting's
pessimistic (connect-the-dots) and optimistic (privacy buckets) values on the same grid; whether its pessimistic value
lies within our bounds and how our lower bound compares with its optimistic one. The certified time includes the
bin masses (arb) and the exact integer composition; a second ε reuses the cached composition.

Run: .venv/bin/python benchmarks/bench_pld.py [--h 1/2000,1/10000] [--k 1000]
"""
from __future__ import annotations

import argparse
import time
import warnings
from fractions import Fraction


def run(h, k, eps):
    from dp_accounting.pld import privacy_loss_distribution as P

    from mechanisms.accounting import pld

    t = time.perf_counter()
    ours = pld.pld_delta_bounds("subsampled_gaussian", (Fraction(11, 10), Fraction(1, 100)), k, eps, h)
    t_ours = time.perf_counter() - t
    t = time.perf_counter()
    flo = [pld.pld_delta_float("subsampled_gaussian", (1.1, 0.01), k, float(e), float(h)) for e in eps]
    t_float = time.perf_counter() - t
    peers, t_peer = {}, {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for pess in (True, False):
            t = time.perf_counter()
            d = P.from_gaussian_mechanism(1.1, sampling_prob=0.01, value_discretization_interval=float(h),
                                          pessimistic_estimate=pess, use_connect_dots=pess).self_compose(k)
            peers[pess] = [d.get_delta_for_epsilon(float(e)) for e in eps]
            t_peer[pess] = time.perf_counter() - t
    print(f"DP-SGD q=0.01 sigma=1.1 k={k}, h={h}")
    print(f"  time: certified {t_ours:.2f} s, float route {t_float:.2f} s, dp_accounting pessimistic "
          f"{t_peer[True]:.2f} s + optimistic {t_peer[False]:.2f} s  (certified/peer {t_ours / sum(t_peer.values()):.1f}x)")
    for i, (e, b) in enumerate(zip(eps, ours)):
        pess, opt = peers[True][i], peers[False][i]
        inside = b.lower <= Fraction(pess) <= b.upper
        print(f"  eps={e}: certified [{float(b.lower):.7e}, {float(b.upper):.7e}] gap {float(b.gap):.3e} "
              f"({float(b.gap / b.upper):.3%} of upper); float route [{flo[i][0]:.7e}, {flo[i][1]:.7e}]")
        print(f"         dp_accounting pessimistic {pess:.7e} (within ours: {inside}), optimistic {opt:.7e} "
              f"(gap to its pessimistic {(pess - opt) / pess:.1%}; our lower end above it by {float((b.lower - Fraction(opt)) / b.upper):.1%} of upper)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--h", default="1/2000,1/10000", help="grid steps, comma-separated exact rationals")
    ap.add_argument("--k", type=int, default=1000)
    args = ap.parse_args()
    for h in args.h.split(","):
        run(Fraction(h), args.k, [Fraction(1), Fraction(2)])


if __name__ == "__main__":
    main()
