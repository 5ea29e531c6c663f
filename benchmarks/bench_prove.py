"""Benchmark: proofs by interval branch and bound beside the search, on claims of 1, 2 and 3 parameters.

Run by hand:  .venv/bin/python benchmarks/bench_prove.py [--cases 1000] [--boxes 20000] [--builtin ID ...]

For each claim (four inline ones of dimension 1, 2, 3 and 2 with a positive but small margin, the last across
the kinks of max and |·| all along a diagonal, and any built-in or textbook claims named with --builtin), in
the same process:

  * search — `proofcheck.runs.engine.check_claim` with a counted budget of N cases (the peer: what `holds`
             meant before proofs, a search that found no counterexample);
  * prove  — `proofcheck.prove.prove_claim` with a counted budget of boxes: the time to proof, the boxes
             evaluated and decided, and boxes decided per second; once with everything beyond plain
             enclosures (the default: the mean-value form — across a kink with the hull of the branches'
             derivatives —, the factored margin while it decides boxes, faces, and splits along the
             coordinate of largest derivative enclosure × width) and once with plain interval evaluation
             only, split along the widest coordinate ("plain").

It prints both times and the ratio prove / search.
"""
from __future__ import annotations

import argparse
import time
from fractions import Fraction

import sympy as sp


def inline_claims():
    from hypothesis import strategies as st

    from proofcheck import Claim, Source, real
    from proofcheck import strategies as pst

    L, R = sp.symbols("L R", real=True)

    def v(name):
        return lambda c, m: m.value(c[name])

    def claim(cid, title, variables, statement, quantities):
        return Claim(id=cid, title=title, source=Source("bench", "inline", title), variables=variables,
                     statement=statement, quantities=quantities,
                     strategy=st.fixed_dictionaries({x.name: pst.reals(x.lo, x.hi) for x in variables}))

    return [
        claim("bench.log1p-taylor", "log(1+x) ≥ x − x²/2 − 1/1000 on [0, 1]", (real("x", 0, 1),), sp.Ge(L, R),
              {"L": lambda c, m: m.log1p(v("x")(c, m)), "R": lambda c, m: v("x")(c, m) - v("x")(c, m) ** 2 / 2
               - Fraction(1, 1000)}),
        claim("bench.am-gm-2", "xy ≤ (x² + y²)/2 + 1/100 on [−1, 1]²", (real("x", -1, 1), real("y", -1, 1)), sp.Le(L, R),
              {"L": lambda c, m: v("x")(c, m) * v("y")(c, m),
               "R": lambda c, m: (v("x")(c, m) ** 2 + v("y")(c, m) ** 2) / 2 + Fraction(1, 100)}),
        claim("bench.am-gm-3", "xyz ≤ (x³ + y³ + z³)/3 + 1/100 on [0, 1]³",
              (real("x", 0, 1), real("y", 0, 1), real("z", 0, 1)), sp.Le(L, R),
              {"L": lambda c, m: v("x")(c, m) * v("y")(c, m) * v("z")(c, m),
               "R": lambda c, m: (v("x")(c, m) ** 3 + v("y")(c, m) ** 3 + v("z")(c, m) ** 3) / 3 + Fraction(1, 100)}),
        claim("bench.max-kink-2", "max(x, y) + |x − y|/4 ≥ (x + y)/2 − 1/100 on [−1, 1]²",
              (real("x", -1, 1), real("y", -1, 1)), sp.Ge(L, R),
              {"L": lambda c, m: m.max(v("x")(c, m), v("y")(c, m)) + m.abs(v("x")(c, m) - v("y")(c, m)) / 4,
               "R": lambda c, m: (v("x")(c, m) + v("y")(c, m)) / 2 - Fraction(1, 100)}),
    ]


def named_claims(ids):
    from pathlib import Path

    from proofcheck import registry

    pool = registry.builtin_claims()
    textbook = Path(__file__).resolve().parents[1] / "examples" / "textbook_claims.py"
    if any(i.startswith("textbook.") for i in ids):
        pool = pool + registry.load_claims_file(str(textbook))
    return [registry.find(pool, i) for i in ids]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=1000, help="the search's counted budget (cases)")
    ap.add_argument("--boxes", type=int, default=20000, help="the prover's counted budget (boxes per domain)")
    ap.add_argument("--builtin", nargs="*", default=[], metavar="ID", help="built-in or textbook claims to add")
    args = ap.parse_args()
    from proofcheck.runs.engine import check_claim
    from proofcheck.prove import Budget, prove_claim
    from proofcheck.prove.domain import dimension

    claims = inline_claims() + named_claims(args.builtin)
    check_claim(claims[0], cases=20)  # warm both alike (imports, the first Hypothesis run, flint)
    prove_claim(claims[0], Budget(max_boxes=50))
    print(f"search: {args.cases} cases per claim; prove: at most {args.boxes} boxes per claim")
    print(f"{'claim':28s} {'dim':>3s} {'search s':>9s} {'verdict':>8s} {'prove s':>9s} {'status':>10s} "
          f"{'boxes':>7s} {'decided':>8s} {'decided/s':>10s} {'prove/search':>12s}")
    for c in claims:
        t0 = time.perf_counter()
        verdict = check_claim(c, cases=args.cases).verdict
        t_search = time.perf_counter() - t0
        for mean_value in (True, False):
            t0 = time.perf_counter()
            proof = prove_claim(c, Budget(max_boxes=args.boxes, max_depth=60, mean_value=mean_value))
            t_prove = time.perf_counter() - t0
            dim = max((dimension(p.domain) for p in proof.parts), default=0)
            evals = sum(p.outcome.evaluations for p in proof.parts if p.outcome)
            decided = proof.leaves("decided")
            name = c.id if mean_value else "  (plain)"
            print(f"{name[:28]:28s} {dim:3d} {t_search:9.3f} {verdict:>8s} {t_prove:9.3f} {proof.status:>10s} "
                  f"{evals:7d} {decided:8d} {decided / t_prove:10.0f} {t_prove / t_search:12.2f}")


if __name__ == "__main__":
    main()
