"""Benchmark: Monte Carlo throughput for the VMF Rényi integrand at p = 13,700 (seed 003's network size).

Run by hand (CPU, one core):  .venv/bin/python benchmarks/bench_monte_carlo.py
On a GPU machine:             .venv/bin/python benchmarks/bench_monte_carlo.py --device cuda --backends torch

The integrand E_Q[(P/Q)^α] depends on y only through t = x'ᵀy, so t-only draws suffice
(:func:`mechanisms.continuous.vmf_monte_carlo.vmf_renyi_moment_integrand`). For each backend and κ it prints

  * the raw rate of drawing t (Wood's sampler, :func:`mechanisms.continuous.vmf.sample_vmf_t`);
  * the integrand rate: evaluating e^{ακ((x−x')ᵀy − r)} on t already drawn, with the batch's mean and M2
    (the work :func:`mechanisms.numerics.monte_carlo.bounded_mean` adds per draw), target >= 1e7 evaluations/s per core;
  * the end-to-end rate of ``bounded_mean`` (draw + integrand + statistics) and its ratio to the raw t rate
    (1.0 would mean the Monte Carlo machinery costs nothing beyond the draws);
  * the end-to-end rate of the "normalisers" route (Beta proposal, :func:`mechanisms.continuous.vmf_monte_carlo.log_vmf_mgf_mc`)
    and the interval it gives for τ_α beside Proposition 1's closed form.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mechanisms.continuous import vmf_monte_carlo as vmc  # noqa: E402
from mechanisms.continuous import vmf_renyi  # noqa: E402, F401  (registers vmf_renyi_divergence)
from mechanisms.numerics.context import fp  # noqa: E402
from mechanisms.numerics.monte_carlo import batch_generator, bounded_mean, stream_seed  # noqa: E402
from mechanisms.continuous.vmf import sample_vmf_t  # noqa: E402
from _timing import timed  # noqa: E402  (benchmarks/_timing.py: this script's folder is on the path)


def _moments(x):
    mean = x.mean()
    return float(mean), float(((x - mean) ** 2).sum())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--p", type=int, default=13700)
    ap.add_argument("--kappas", type=float, nargs="+", default=[75.0, 500.0])
    ap.add_argument("--alpha", type=float, default=2.0)
    ap.add_argument("--n", type=int, default=2_000_000, help="draws per timing")
    ap.add_argument("--batch-size", type=int, default=1 << 20)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--backends", nargs="+", default=["numpy", "torch"], choices=["numpy", "torch"])
    ap.add_argument("--device", default="cpu", help="torch device: cpu, cuda, auto")
    ap.add_argument("--threads", type=int, default=1, help="torch intra-op threads (CPU)")
    args = ap.parse_args(argv)

    import torch

    from mechanisms.numerics.backend import resolve_device

    torch.set_num_threads(args.threads)
    dev = resolve_device(args.device)
    p, n, a = args.p, args.n, args.alpha
    print(f"p={p}, alpha={a:g}, n={n} draws per timing, batches of {args.batch_size}, best of {args.repeats}; "
          f"torch {torch.__version__} on {dev}, {torch.get_num_threads()} thread(s). "
          "Shared, loaded machine: rates are indicative, ratios within one run are the figures to compare.")
    for backend in args.backends:
        on = "cpu" if backend == "numpy" else str(dev)
        sync = (lambda: torch.cuda.synchronize(dev)) if backend == "torch" and dev.type == "cuda" else (lambda: None)
        print(f"\n[{backend} ({on})]")
        for kappa in args.kappas:
            problem = vmc.vmf_renyi_moment_integrand(p, kappa, a)
            gen = batch_generator(stream_seed(1), 0, backend, on)
            draw_t = lambda: sample_vmf_t(p, kappa, n, seed=gen, backend=backend, device=on)  # noqa: E731
            timed(draw_t, 1, sync)
            tb, tmed, t = timed(draw_t, args.repeats, sync)

            def integrand_only():
                bs = args.batch_size
                return [_moments(problem.integrand(t[i:i + bs])) for i in range(0, n, bs)]

            timed(integrand_only, 1, sync)
            ib, imed, _ = timed(integrand_only, args.repeats, sync)
            e2e = lambda: bounded_mean(problem.draw, problem.integrand, n, lo=problem.lo, hi=problem.hi,  # noqa: E731
                                       confidence=1 - 1e-6, seed=2, batch_size=args.batch_size, backend=backend,
                                       device=on)
            eb, emed, _ = timed(e2e, args.repeats, sync)
            norm = lambda: vmc.vmf_renyi_mc(p, kappa, a, n // 2, confidence=1 - 1e-6, seed=3,  # noqa: E731
                                            batch_size=args.batch_size, backend=backend, device=on)
            nb, nmed, r = timed(norm, args.repeats, sync)
            closed = fp.vmf_renyi_divergence(p, kappa, a)
            tau = r.divergence
            print(f"  kappa={kappa:g}: t draws {n / tb:10.3e}/s (median {n / tmed:.3e})")
            print(f"      integrand on drawn t {n / ib:10.3e} evals/s (median {n / imed:.3e}; target >= 1e7/core); "
                  f"ratio to t draws {tb / ib:.1f}")
            print(f"      bounded_mean end to end {n / eb:10.3e} draws/s (median {n / emed:.3e}); "
                  f"ratio to raw t draws {tb / eb:.2f}")
            print(f"      normalisers route (Beta proposal) {n / nb:10.3e} draws/s; tau_{a:g} in "
                  f"[{tau.lo:.7f}, {tau.hi:.7f}] (width {tau.width:.1e}, n={tau.n}, conf 1-1e-6) vs closed form "
                  f"{closed:.7f}: {'inside' if tau.contains(closed) else 'OUTSIDE'}")
    print("\nGPU run: .venv/bin/python benchmarks/bench_monte_carlo.py --device cuda --backends torch")


if __name__ == "__main__":
    main()
