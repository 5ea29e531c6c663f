"""Benchmark: VMF sampling at p = 13700 (seed 003's network size), κ ∈ {75, 500}.

Run by hand (CPU):   .venv/bin/python benchmarks/bench_vmf_sampling.py
On a GPU machine:    .venv/bin/python benchmarks/bench_vmf_sampling.py --device cuda --backends torch --no-scipy

For each backend it prints
  * full-vector samples/s of ``sample_vmf`` and the rate of drawing p-dimensional standard
    normal vectors on the same backend (ratio; target ≥ 0.5: the sampler costs at most two
    normal draws per coordinate);
  * the t-only rate of ``sample_vmf_t`` (target ≥ 1e6/s on one core);
  * scipy.stats.vonmises_fisher on a few samples (it QR-factors a p × p matrix per call:
    ~2 minutes per call at p = 13700 on one core; skip with --no-scipy);
  * the sample mean of t beside its exact value A_p(κ) = I_{p/2}(κ)/I_{p/2−1}(κ), as a check.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mechanisms.numerics.context import fp  # noqa: E402
from mechanisms.continuous.vmf import sample_vmf, sample_vmf_t  # noqa: E402
from _timing import timed  # noqa: E402  (benchmarks/_timing.py: this script's folder is on the path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--p", type=int, default=13700)
    ap.add_argument("--kappas", type=float, nargs="+", default=[75.0, 500.0])
    ap.add_argument("--n", type=int, default=1000, help="full vectors per timing")
    ap.add_argument("--t-n", type=int, default=1_000_000, help="t draws per timing")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--backends", nargs="+", default=["numpy", "torch"], choices=["numpy", "torch"])
    ap.add_argument("--device", default="cpu", help="torch device: cpu, cuda, auto")
    ap.add_argument("--threads", type=int, default=1, help="torch intra-op threads (CPU)")
    ap.add_argument("--scipy-samples", type=int, default=3)
    ap.add_argument("--no-scipy", action="store_true")
    args = ap.parse_args(argv)

    import torch

    from mechanisms.numerics.backend import resolve_device

    torch.set_num_threads(args.threads)
    dev = resolve_device(args.device)
    p, n = args.p, args.n
    mu = np.random.default_rng(0).standard_normal(p)
    mu /= np.linalg.norm(mu)
    print(f"p={p}, n={n} vectors per timing, best of {args.repeats}; torch {torch.__version__} on {dev}, "
          f"{torch.get_num_threads()} thread(s)")

    ours_numpy_rate = {}
    for backend in args.backends:
        if backend == "numpy":
            rng = np.random.default_rng(1)
            sync = lambda: None  # noqa: E731
            normals = lambda: rng.standard_normal((n, p))  # noqa: E731
            where = "numpy (cpu)"
        else:
            gen = torch.Generator(device=dev).manual_seed(1)
            sync = (lambda: torch.cuda.synchronize(dev)) if dev.type == "cuda" else (lambda: None)
            normals = lambda: torch.randn(n, p, generator=gen, device=dev, dtype=torch.float64)  # noqa: E731
            where = f"torch ({dev})"
        timed(normals, 1, sync)  # warm-up
        nb, nmed, _ = timed(normals, args.repeats, sync)
        print(f"\n[{where}] p-dim standard normals: {n / nb:10.1f} vectors/s (median {n / nmed:.1f})")
        for kappa in args.kappas:
            run = lambda: sample_vmf(mu, kappa, n, seed=2, backend=backend, device=dev)  # noqa: E731
            timed(run, 1, sync)
            b, med, y = timed(run, args.repeats, sync)
            y = np.asarray(y.cpu()) if hasattr(y, "cpu") else y
            if backend == "numpy":
                ours_numpy_rate[kappa] = n / b
            a_p = math.exp(fp.log_bessel_i(p / 2, kappa) - fp.log_bessel_i(p / 2 - 1, kappa))
            t = y @ mu
            print(f"  kappa={kappa:g}: sample_vmf {n / b:10.1f} vectors/s (median {n / med:.1f}); "
                  f"ratio to normals {nb / b:.2f} (target >= 0.5); max | ||y||-1 | "
                  f"{np.max(np.abs(np.linalg.norm(y, axis=1) - 1)):.1e}; mean t {t.mean():.5f} vs A_p {a_p:.5f} "
                  f"(+- {t.std() / math.sqrt(n):.1e})")
            tn = args.t_n
            run_t = lambda: sample_vmf_t(p, kappa, tn, seed=3, backend=backend, device=dev)  # noqa: E731
            timed(run_t, 1, sync)
            tb, tmed, tt = timed(run_t, args.repeats, sync)
            tt = np.asarray(tt.cpu()) if hasattr(tt, "cpu") else tt
            print(f"             sample_vmf_t {tn / tb:12.3e} t/s (median {tn / tmed:.3e}; target >= 1e6); "
                  f"mean t {tt.mean():.6f} (+- {tt.std() / math.sqrt(tn):.1e})")

    if not args.no_scipy:
        from scipy.stats import vonmises_fisher

        k = args.scipy_samples
        print(f"\n[scipy.stats.vonmises_fisher] {k} samples per call (one p x p QR per call)")
        for kappa in args.kappas:
            t0 = time.perf_counter()
            vonmises_fisher(mu, kappa).rvs(size=k, random_state=4)
            dt = time.perf_counter() - t0
            ours = ours_numpy_rate.get(kappa)
            ratio = f"; ratio ours(numpy)/scipy {ours / (k / dt):.3g}" if ours else ""
            print(f"  kappa={kappa:g}: {dt:.1f} s for {k} -> {k / dt:.4f} vectors/s{ratio}")

    print("\nGPU run: .venv/bin/python benchmarks/bench_vmf_sampling.py --device cuda --backends torch --no-scipy")


if __name__ == "__main__":
    main()
