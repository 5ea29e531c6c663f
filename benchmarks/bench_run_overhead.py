"""Benchmark: what isolating each claim in a worker under a hard limit costs per claim.

Run by hand:  .venv/bin/python benchmarks/bench_run_overhead.py [--claims 200] [--cases 5] [--jobs 1]

N small claims (a counted budget of a few cases each) are checked two ways, in the same run:

  * in-process  — `proofcheck.runs.engine.check_claim` in a loop in this process (no isolation, no hard limit:
                  the peer);
  * supervised  — the run's local workers (`proofcheck.runs.executors.LocalPool`: forked workers, a pipe per
                  worker, each claim under a hard limit, each result journalled by the caller).

It prints both wall times, the overhead per claim and the ratio supervised / in-process, and checks that
the verdicts agree.
"""
from __future__ import annotations

import argparse
import time

import sympy as sp


def make_claims(n):
    from proofcheck import Claim, Source, real
    from proofcheck import strategies as pst

    y = sp.Symbol("y")
    return [Claim(id=f"bench.c{i}", title="x <= 2", source=Source("bench", "here", "x <= 2"),
                  variables=(real("x", 0, 1),), statement=sp.Le(y, 2), quantities={"y": lambda c, m: m.num(c["x"])},
                  strategy=pst.cases(x=pst.reals(0, 1))) for i in range(n)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--claims", type=int, default=200)
    ap.add_argument("--cases", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    from proofcheck.runs.engine import check_claim
    from proofcheck.runs.executors import LocalPool

    claims = make_claims(args.claims)
    check_claim(claims[0], cases=args.cases)  # warm both ways alike (imports, first Hypothesis run)
    t0 = time.perf_counter()
    here = {c.id: check_claim(c, cases=args.cases).verdict for c in claims}
    t_in = time.perf_counter() - t0
    t0 = time.perf_counter()
    res = LocalPool(args.jobs).check(claims, None, 4.0, 0, cases=args.cases)
    t_sup = time.perf_counter() - t0
    there = {cid: r.verdict for cid, r in res.items()}
    print(f"{args.claims} claims, {args.cases} cases each, jobs={args.jobs}")
    print(f"  in-process (peer): {t_in:8.3f} s   {1000 * t_in / args.claims:7.2f} ms/claim")
    print(f"  supervised       : {t_sup:8.3f} s   {1000 * t_sup / args.claims:7.2f} ms/claim")
    print(f"  overhead per claim {1000 * (t_sup - t_in) / args.claims:+.2f} ms; ratio supervised/in-process "
          f"{t_sup / t_in:.2f}; verdicts agree: {here == there}")


if __name__ == "__main__":
    main()
