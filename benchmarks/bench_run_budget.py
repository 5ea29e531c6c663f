"""Does `proofcheck run --only GLOB --seconds S` finish in about S seconds?

    python benchmarks/bench_run_budget.py            # s000 in 60 s, s003 in 120 s
    python benchmarks/bench_run_budget.py 's002.*' 120

Prints the wall time of the whole process (start-up, search, certification, report) over the
budget; the peer is the budget itself.
"""
import subprocess
import sys
import tempfile
import time

RUNS = [("s000.*", 60), ("s003.*", 120)]


def main(argv):
    runs = [(argv[0], float(argv[1]))] if len(argv) == 2 else RUNS
    for glob, budget in runs:
        with tempfile.TemporaryDirectory() as out:
            t = time.perf_counter()
            r = subprocess.run([sys.executable, "-m", "proofcheck.cli", "run", "--only", glob, "--seconds", str(budget),
                                "--out", out, "--quiet"], capture_output=True, text=True)
            wall = time.perf_counter() - t
        print(f"{glob:10s} budget {budget:6.0f} s  wall {wall:7.1f} s  wall/budget {wall / budget:5.2f}  "
              f"exit {r.returncode}  {r.stdout.strip()}")


if __name__ == "__main__":
    main(sys.argv[1:])
