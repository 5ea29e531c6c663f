"""Benchmark: calibration's float routes (the route the search takes for m.dpsgd_sigma, m.gaussian_sigma,
m.laplace_scale before the grid rounding), in one run against peers, as ratios.

* DP-SGD: ``dpsgd_sigma_float`` (each order's root: integer orders by one vectorised binomial sum per step,
  fractional ones pruned by convexity of log A_α in α, the rest by secant steps on a quadrature) against the route
  before (bisection with the full float accountant at every step) and opacus's ``get_noise_multiplier`` (RDP
  accountant, its default epsilon_tolerance 0.01, i.e. a coarser answer); |σ_ours/σ_before − 1| shows they compute
  one root. Target: ≤ 20 ms a call.
* The analytic Gaussian σ (bisection on the exact profile) and the Laplace closed form, for scale.

Run by hand:  .venv/bin/python benchmarks/bench_calibration.py [--repeats 5] [--no-before]
"""
from __future__ import annotations

import argparse
import statistics
import time

CASES = [(1.0, 1e-5, 0.01, 1000), (2.0, 1e-5, 0.02, 500), (3.0, 1e-5, 0.005, 2000), (8.0, 1e-5, 0.01, 100),
         (10.0, 1e-3, 0.1, 50), (4.0, 1e-5, 0.004, 10000)]


def timed(f, repeats):
    times, out = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main():
    from mechanisms.accounting import calibration as cal
    from mechanisms.accounting.dpsgd_accountant import OPACUS_ORDERS, dpsgd_epsilon

    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--no-before", action="store_true", help="skip the old bisection (1-30 s a case)")
    args = ap.parse_args()
    try:
        from opacus.accountants.utils import get_noise_multiplier
    except ImportError:
        get_noise_multiplier = None
    cal.dpsgd_sigma_float(*CASES[0])  # imports
    print(f"{'DP-SGD (eps, delta, q, steps)':34} {'ours ms':>8} {'before ms':>10} {'opacus ms':>10} "
          f"{'/before':>8} {'/opacus':>8} {'|rel diff|':>10} {'sigma':>10} {'opacus sigma':>12}")
    for case in CASES:
        eps, delta, q, steps = case
        ours, s = timed(lambda: cal.dpsgd_sigma_float(*case), args.repeats)
        if args.no_before:
            before, sb = float("nan"), float("nan")
        else:
            before, sb = timed(lambda: cal._bisect(
                lambda x: dpsgd_epsilon(x, q, steps, delta, OPACUS_ORDERS) - eps, 0.5, 1.0), 1)
        if get_noise_multiplier is not None:
            peer, so = timed(lambda: get_noise_multiplier(target_epsilon=eps, target_delta=delta, sample_rate=q,
                                                          steps=steps, accountant="rdp"), args.repeats)
        else:
            peer, so = float("nan"), float("nan")
        print(f"{str(case):34} {ours * 1e3:8.2f} {before * 1e3:10.1f} {peer * 1e3:10.1f} {ours / before:8.4f} "
              f"{ours / peer:8.3f} {abs(s / sb - 1):10.1e} {s:10.6f} {so:12.6f}")
    for name, f in [("gaussian_sigma_float(1, 1e-5)", lambda: cal.gaussian_sigma_float(1.0, 1e-5)),
                    ("laplace_scale_float(1, 1e-5)", lambda: cal.laplace_scale_float(1.0, 1e-5))]:
        t, v = timed(f, args.repeats)
        print(f"{name:34} {t * 1e3:8.3f} ms  {v}")


if __name__ == "__main__":
    main()
