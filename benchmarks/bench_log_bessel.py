"""Benchmark: log I_ν(x), our float path against arb, scipy's ive and mpmath's besseli.

Run by hand:  .venv/bin/python benchmarks/bench_log_bessel.py [--n 100000] [--grid 60] [--mp-grid 14]

Prints
  * float throughput (vectorised, ν ≤ 1e5) and the same points through log(scipy.ive) + x,
    with scipy's underflow/overflow/NaN counts;
  * max relative error vs arb on log-spaced grids (ν ∈ {0} ∪ [1e-3, 1e5] and up to 1e6,
    x ∈ [1e-3, 1e6]) for ours and for scipy where scipy returns a finite value;
  * arb's time per value at ν = 6849;
  * mpmath.besseli on a sub-grid: time, NoConvergence / other failures, error.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

import flint
import numpy as np
import scipy.special as sc

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mechanisms.numerics.bessel import EXTENDED_PRECISION  # noqa: E402
from mechanisms.numerics.context import certified, fp  # noqa: E402


def best_of(fn, repeats):
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def log_grid(nu_max, n):
    nus = np.concatenate([[0.0], np.logspace(-3, np.log10(nu_max), n - 1)])
    xs = np.logspace(-3, 6, n)
    nu, x = np.meshgrid(nus, xs)
    return nu.ravel(), x.ravel()


def scipy_log_i(nu, x):
    with np.errstate(all="ignore"):
        ive = sc.ive(nu, x)
        out = np.log(ive) + x
    return out, ive


def failure_counts(ive):
    return {"underflow(0)": int(np.sum(ive == 0)), "overflow(inf)": int(np.sum(np.isinf(ive))),
            "nan": int(np.sum(np.isnan(ive)))}


def arb_reference(nu, x, prec=128):
    t0 = time.perf_counter()
    with flint.ctx.workprec(prec):  # the floats' exact binary values
        vals = [certified.log_bessel_i(Fraction(float(a)), Fraction(float(b))) for a, b in zip(nu, x)]
    dt = time.perf_counter() - t0
    return np.array([float(v.mid()) for v in vals]), np.array([float(v.rad()) for v in vals]), dt


def rel_err(got, ref):
    return np.abs(got - ref) / np.abs(ref)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=100_000, help="points for the throughput test")
    ap.add_argument("--grid", type=int, default=60, help="grid side for the accuracy test")
    ap.add_argument("--mp-grid", type=int, default=14, help="grid side for mpmath (slow)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    print(f"extended long double: {EXTENDED_PRECISION}")
    rng = np.random.default_rng(args.seed)
    n = args.n
    nu = np.where(rng.random(n) < 0.02, 0.0, 10 ** rng.uniform(-3, 5, n))
    x = 10 ** rng.uniform(-3, 6, n)

    # ---- throughput
    ours_best, ours_med = best_of(lambda: fp.log_bessel_i(nu, x), 5)
    sp_best, sp_med = best_of(lambda: scipy_log_i(nu, x), 5)
    _, ive = scipy_log_i(nu, x)
    print(f"\n[throughput] {n} random points, nu log-uniform in [1e-3, 1e5] (2% nu=0), x in [1e-3, 1e6]")
    print(f"  ours  log_bessel_i : {n / ours_best:12.3e} evals/s  (best of 5; median {n / ours_med:.3e})")
    print(f"  scipy log(ive)+x   : {n / sp_best:12.3e} evals/s  (best of 5; median {n / sp_med:.3e})")
    print(f"  ratio ours/scipy   : {sp_best / ours_best:.3f}  (speed relative to scipy)")
    fails = failure_counts(ive)
    print(f"  scipy failures     : {fails}  ({sum(fails.values()) / n:.1%} of points); ours non-finite: "
          f"{int(np.sum(~np.isfinite(fp.log_bessel_i(nu, x))))}")

    # ---- accuracy against arb
    for nu_max in (1e5, 1e6):
        gn, gx = log_grid(nu_max, args.grid)
        ref, rad, t_arb = arb_reference(gn, gx)
        ours = fp.log_bessel_i(gn, gx)
        sp, sp_ive = scipy_log_i(gn, gx)
        ok = np.isfinite(sp) & (sp_ive > 0)
        e_ours = rel_err(ours, ref)
        e_sp = rel_err(sp[ok], ref[ok])
        i = int(np.argmax(e_ours))
        print(f"\n[accuracy] grid {args.grid}x{args.grid}: nu in {{0}} U logspace(1e-3, {nu_max:.0e}), "
              f"x in logspace(1e-3, 1e6); arb at 128 bits ({t_arb / gn.size * 1e3:.2f} ms/value)")
        print(f"  ours : max rel err {e_ours.max():.2e} at nu={gn[i]:.4g}, x={gx[i]:.4g}; "
              f"median {np.median(e_ours):.1e}; outside arb ball by > 4 ulp: "
              f"{int(np.sum(np.abs(ours - ref) > rad + 2.0**-50 * np.abs(ref)))}")
        print(f"  scipy: finite on {ok.sum()}/{gn.size} points; max rel err there {e_sp.max():.2e}, "
              f"median {np.median(e_sp):.1e}; failures {failure_counts(sp_ive)}")

    # ---- arb time at nu = 6849
    xs = np.logspace(-3, 6, 40)
    certified.log_bessel_i(6849, Fraction(75))  # warm caches (first call loads Bernoulli numbers etc.)
    per = []
    for xv in xs:
        t0 = time.perf_counter()
        with flint.ctx.workprec(128):
            certified.log_bessel_i(6849, Fraction(float(xv)))
        per.append(time.perf_counter() - t0)
    ours_t, _ = best_of(lambda: fp.log_bessel_i(np.full(xs.size, 6849.0), xs), 5)
    print(f"\n[arb at nu=6849] 40 x in [1e-3, 1e6], 128 bits: median {statistics.median(per) * 1e3:.2f} ms/value, "
          f"mean {statistics.fmean(per) * 1e3:.2f} ms, max {max(per) * 1e3:.2f} ms (target < 5 ms); "
          f"our float path {ours_t / xs.size * 1e6:.2f} us/value "
          f"(arb/float time ratio {statistics.median(per) / (ours_t / xs.size):.0f})")

    # ---- mpmath
    import mpmath

    mpmath.mp.dps = 20
    gn, gx = log_grid(1e5, args.mp_grid)
    ref, _, _ = arb_reference(gn, gx)
    fails = {"NoConvergence": 0, "other": 0}
    errs, t0 = [], time.perf_counter()
    for a, b, r in zip(gn, gx, ref):
        try:
            v = float(mpmath.log(mpmath.besseli(a, b)))
            errs.append(abs(v - r) / abs(r))
        except mpmath.libmp.NoConvergence:
            fails["NoConvergence"] += 1
        except Exception:  # noqa: BLE001 - counting, not handling
            fails["other"] += 1
    t_mp = time.perf_counter() - t0
    ours_t, _ = best_of(lambda: fp.log_bessel_i(gn, gx), 3)
    print(f"\n[mpmath.besseli] grid {args.mp_grid}x{args.mp_grid} (nu <= 1e5), dps=20: "
          f"{t_mp / gn.size * 1e3:.2f} ms/value, failures {fails}, "
          f"max rel err of successes {max(errs):.1e}; time ratio mpmath/ours {t_mp / ours_t:.0f}")


if __name__ == "__main__":
    main()
