"""Measure each claim's cost and suggest its cost class (proofcheck.claim.COST_CLASSES), the counted budget the
main job gives it by default.

Run by hand on an idle machine:  .venv/bin/python benchmarks/cost_classes.py [--only 's003.*'] [--report DIR]

For each claim: the median time of one float evaluation over 12 cases of its search, the class that time
suggests, and the class it has now (a paper package's `costs` module). With --report DIR (a report.json of a
run at the default budget) also each claim's time in that run, so that a class can be moved where the fixed
costs (a paper table, the certification of a violation, the Monte Carlo routes) dominate.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from pathlib import Path

from proofcheck.stages.margins import float_margin
from proofcheck.registry import builtin_claims, select

# seconds of one float evaluation → the class whose counted budget takes about 1–3 s on one core
THRESHOLDS = ((4e-4, "light"), (3e-3, "standard"), (3e-2, "heavy"), (math.inf, "costly"))


def unit_cost(claim, cases: int = 12) -> float | None:
    """The median seconds of one float evaluation of the claim over the first `cases` draws of its strategy."""
    from hypothesis import HealthCheck, Phase, find, settings

    times = []

    def timed(case):
        t0 = time.perf_counter()
        try:
            float_margin(claim, case)
        except Exception:  # an error of the claim: its cost still counts
            pass
        times.append(time.perf_counter() - t0)
        return len(times) >= cases

    try:
        find(claim.strategy, timed, settings=settings(max_examples=cases, database=None, deadline=None,
                                                     phases=[Phase.generate], suppress_health_check=list(HealthCheck)))
    except Exception:
        pass
    return statistics.median(times) if times else None


def suggested(seconds: float | None) -> str:
    return next(name for limit, name in THRESHOLDS if seconds is None or seconds < limit) if seconds else "standard"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="claim ids matching this glob")
    ap.add_argument("--report", help="a report folder (or report.json) of a run at the default budget")
    args = ap.parse_args(argv)
    seconds = {}
    if args.report:
        path = Path(args.report)
        doc = json.loads((path if path.is_file() else path / "report.json").read_text())
        seconds = {c["id"]: c.get("seconds") for c in doc["claims"]}
    print(f"{'claim':60s} {'ms/eval':>9s} {'suggested':>9s} {'now':>9s} {'run s':>7s}")
    moves = 0
    for claim in select(builtin_claims(), args.only):
        u = unit_cost(claim)
        s = suggested(u)
        moves += s != claim.cost
        run_s = seconds.get(claim.id)
        print(f"{claim.id:60s} {(u or 0) * 1e3:9.3f} {s:>9s} {claim.cost:>9s} "
              f"{'' if run_s is None else f'{run_s:7.1f}'}")
    print(f"{moves} claim(s) whose measured cost suggests another class")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
