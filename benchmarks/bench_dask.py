"""Benchmark: wall time of `proofcheck run` on a 2-worker local Dask cluster against the local process pool.

Run by hand:  .venv/bin/python benchmarks/bench_dask.py [--only 's000.lem.5.*'] [--seconds 8]

Each configuration runs `proofcheck run --only GLOB --seconds S --jobs 2` as a fresh process (start-up
included), best of --repeats:

  * local       — the default process pool of 2 workers;
  * dask-new    — `--executor dask` with no scheduler: starts a LocalCluster (2 processes, 1 thread each);
  * dask-warm   — `--executor dask --scheduler ADDRESS` against a cluster started once beforehand (the
                  overhead of Dask itself, without the cluster's start-up).

It prints each wall time, its ratio to the local pool, and whether the verdicts agree.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROOFCHECK = [sys.executable, "-m", "proofcheck.cli"]


def run_once(extra, only, seconds, out):
    cmd = PROOFCHECK + ["run", "--only", only, "--seconds", str(seconds), "--jobs", "2", "--quiet", "--seed", "0",
                        "--out", str(out)] + extra
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()}")
    doc = json.loads((Path(out) / "report.json").read_text())
    return wall, {r["id"]: r["verdict"] for r in doc["claims"]}


def best(extra, only, seconds, repeats):
    walls, verdicts = [], None
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as out:
            w, verdicts = run_once(extra, only, seconds, out)
            walls.append(w)
    return min(walls), verdicts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="s000.lem.5.*")
    ap.add_argument("--seconds", type=float, default=8.0, help="total budget passed to run")
    ap.add_argument("--repeats", type=int, default=2)
    args = ap.parse_args(argv)

    from distributed import LocalCluster

    print(f"proofcheck run --only {args.only!r} --seconds {args.seconds:g} --jobs 2, best of {args.repeats} "
          "(a fresh process each time). Shared, loaded machine: compare the ratios.")
    local, v_local = best([], args.only, args.seconds, args.repeats)
    print(f"  local pool (2 processes)            {local:7.2f} s")
    new, v_new = best(["--executor", "dask"], args.only, args.seconds, args.repeats)
    print(f"  dask, new local cluster (2 workers) {new:7.2f} s   ratio to local {new / local:.2f}   "
          f"verdicts {'agree' if v_new == v_local else 'DIFFER'}")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0") as cluster:
        warm_args = ["--executor", "dask", "--scheduler", cluster.scheduler_address]
        run_once(warm_args, args.only, args.seconds, tempfile.mkdtemp())  # workers import proofcheck once
        warm, v_warm = best(warm_args, args.only, args.seconds, args.repeats)
    print(f"  dask, running cluster (2 workers)   {warm:7.2f} s   ratio to local {warm / local:.2f}   "
          f"verdicts {'agree' if v_warm == v_local else 'DIFFER'}")


if __name__ == "__main__":
    main()
