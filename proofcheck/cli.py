"""Command line: proofcheck list | run | show.

Bad input (an unknown id, a malformed claims file, a non-positive budget, ...) is one line on
stderr and exit status 2; `run` exits 0 when it completed, whatever the verdicts, unless
`--fail-on violated` is given and a claim is violated (exit 1).
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from mechanisms.errors import InvalidInput

DEFAULT_SECONDS_PER_CLAIM = 4.0


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, no usage dump
        print(f"proofcheck: error: {message}", file=sys.stderr)
        sys.exit(2)


def _load(claims_path: str | None):
    from proofcheck import registry

    return registry.load_claims_file(claims_path) if claims_path else registry.builtin_claims()


def _check_one(claims_path, cid, seconds, seed):
    """Worker: claims hold lambdas, so each process loads them itself and checks one by id."""
    import warnings

    warnings.filterwarnings("ignore")
    from proofcheck import registry
    from proofcheck.engine import check_claim

    claim = registry.find(_load(claims_path), cid)
    return check_claim(claim, seconds=seconds, seed=seed)


def _positive(kind):
    def conv(s):
        try:
            v = kind(s)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{s!r} is not a number")
        if not v > 0:
            raise argparse.ArgumentTypeError(f"{s!r} must be > 0")
        return v
    return conv


def _nonneg_int(s):
    try:
        v = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{s!r} is not an integer")
    if v < 0:
        raise argparse.ArgumentTypeError(f"{s!r} must be >= 0")
    return v


def cmd_list(args) -> int:
    for c in _load(args.claims):
        print(f"{c.id:48s} {c.title}")
    return 0


def run_claims(claims, claims_path, seconds_per_claim, seed, jobs, progress=True):
    """Check claims in parallel; returns [(claim, result)] in the order given."""
    from tqdm import tqdm

    results = {}
    bar = tqdm(total=len(claims), desc="checking claims", unit="claim", disable=not progress, file=sys.stderr)
    if jobs <= 1:
        from proofcheck.engine import check_claim

        for c in claims:
            bar.set_postfix_str(c.id)
            results[c.id] = check_claim(c, seconds=seconds_per_claim, seed=seed)
            bar.update()
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futs = {pool.submit(_check_one, claims_path, c.id, seconds_per_claim, seed): c.id for c in claims}
            for f in as_completed(futs):
                results[futs[f]] = f.result()
                bar.set_postfix_str(futs[f])
                bar.update()
    bar.close()
    return [(c, results[c.id]) for c in claims]


def cmd_run(args) -> int:
    from proofcheck import registry
    from proofcheck.report import write_report

    claims = registry.select(_load(args.claims), args.only)
    jobs = args.jobs or min(os.cpu_count() or 1, len(claims))
    if args.seconds is None:
        per = DEFAULT_SECONDS_PER_CLAIM
    else:
        per = args.seconds * jobs / len(claims) * 0.8  # leave room for start-up and certification
    claims_path = str(Path(args.claims).resolve()) if args.claims else None
    pairs = run_claims(claims, claims_path, per, args.seed, jobs, progress=not args.quiet)
    command = "proofcheck " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    doc = write_report(pairs, Path(args.out), args.seed, per, command)
    s = doc["summary"]
    print(f"{len(pairs)} claims: {s['holds']} hold, {s['violated']} violated, {s['inconclusive']} inconclusive; "
          f"report in {Path(args.out) / 'report.md'}")
    if args.fail_on == "violated" and s["violated"]:
        return 1
    return 0


def cmd_show(args) -> int:
    from proofcheck import registry
    from proofcheck.report import claim_record

    claims = _load(args.claims)
    claim = registry.find(claims, args.id)
    rec = None
    if args.from_dir:
        path = Path(args.from_dir) / "report.json"
        if not path.is_file():
            raise InvalidInput(f"no report.json in {args.from_dir!r}")
        doc = json.loads(path.read_text())
        rec = next((r for r in doc["claims"] if r["id"] == args.id), None)
        if rec is None:
            raise InvalidInput(f"claim {args.id!r} is not in {path}")
    if rec is None:
        from proofcheck.engine import check_claim

        rec = claim_record(claim, check_claim(claim, seconds=args.seconds, seed=args.seed))
    if args.format == "json":
        print(json.dumps(rec, indent=1, ensure_ascii=False))
        return 0
    print(f"{rec['id']}: {rec['verdict'].upper()}   {rec['title']}")
    print(f"source: {rec['source']['seed']}, {rec['source']['where']}")
    print(f"quote: {rec['source']['quote']}")
    print(f"checked: {rec['statement']}")
    for h in rec["hypotheses"]:
        print(f"hypothesis: {h}")
    print(f"encoding: {rec['encoding']}")
    if rec["reading"]:
        print(f"reading: {rec['reading']}")
    if rec["reconstructed"]:
        print(f"reconstructed: {rec['reconstructed']}")
    print(f"margin: {rec['margin']}")
    if rec["counterexample"]:
        cx = rec["counterexample"]
        print("counterexample (exact):")
        for k, v in cx["objects"].items():
            print(f"  {k} = {v}")
        print(f"  lhs ∈ {cx['lhs']}\n  rhs ∈ {cx['rhs']}\n  required: lhs {cx['relation']} rhs — fails")
    print("evidence: " + json.dumps(rec["evidence"], ensure_ascii=False))
    return 0


def _read_matrix(text: str, what: str):
    """A JSON list (or list of lists) of numbers or exact decimal / 'p/q' strings, inline or a file path."""
    src = Path(text).read_text() if Path(text).is_file() else text
    try:
        data = json.loads(src)
    except json.JSONDecodeError as e:
        raise InvalidInput(f"{what} is not JSON ({e.msg}): {_short_text(src)}")
    return data


def _short_text(s, n=60):
    s = " ".join(str(s).split())
    return s if len(s) <= n else s[: n - 1] + "…"


def cmd_measure(args) -> int:
    """Every finite-channel measure of one channel (and prior), each certified."""
    from mechanisms import finite as fin
    from proofcheck.measures import CERTIFIED
    from proofcheck.numerics import fmt, precision

    K = fin.exact_matrix(_read_matrix(args.channel, "channel"))
    rows = {len(r) for r in K}
    if len(rows) != 1:
        raise InvalidInput(f"channel rows have different lengths {sorted(rows)}")
    fin.validate_exact_channel(K)
    n = len(K)
    prior = fin.exact_vector(_read_matrix(args.prior, "prior")) if args.prior else [fin.Fraction(1, n)] * n
    if len(prior) != n:
        raise InvalidInput(f"prior has {len(prior)} entries but the channel has {n} rows")
    fin.validate_exact_prior(prior)
    with precision(128):
        out = {
            "ldp_level": fmt(CERTIFIED.ldp_level(K)),
            "mbp_level": fmt(CERTIFIED.mbp_level(K, prior)),
            "bayes_capacity": str(fin.exact_bayes_capacity(K)),
            "log_bayes_capacity": fmt(CERTIFIED.log(fin.exact_bayes_capacity(K))),
            "prior_vulnerability": str(max(prior)),
            "posterior_vulnerability": str(fin.exact_posterior_bayes_vulnerability(K, prior)),
            "output_marginal": [str(x) for x in fin.exact_output_marginal(K, prior)],
        }
        if args.alpha is not None:
            a = fin.to_fraction(args.alpha)
            out[f"max_renyi_divergence_alpha_{args.alpha}"] = fmt(CERTIFIED.max(*[
                CERTIFIED.renyi(K[i], K[j], a) for i in range(n) for j in range(n) if i != j]))
    print(json.dumps(out, indent=1))
    return 0


def cmd_vmf(args) -> int:
    """Certified privacy figures of the VMF mechanism on S^{p-1} (seed 003): Rényi DP at antipodal
    centres (Proposition 1), the (ε, δ) it converts to, and the Bayes' capacity (Theorem 6)."""
    from mechanisms import accounting, capacity, vmf_divergence
    from proofcheck.numerics import fmt, precision

    p = vmf_divergence.check_dimension(_int_arg(args.p, "p"), "vmf")
    kappa = vmf_divergence.check_kappa(_exact_arg(args.kappa, "kappa"), "vmf")
    with precision(128):
        out = {"p": p, "kappa": args.kappa,
               "log_bayes_capacity": fmt(capacity.vmf_capacity_arb(p, kappa))}
        if args.alpha is not None:
            alpha = vmf_divergence.check_alpha(_exact_arg(args.alpha, "alpha"), "vmf")
            tau = vmf_divergence.vmf_rdp_arb(p, kappa, alpha)
            out["renyi_dp_tau_alpha"] = fmt(tau)
            if args.delta is not None:
                delta = _exact_arg(args.delta, "delta")
                out["epsilon_at_delta"] = fmt(accounting.eps_from_rdp_arb(tau, alpha, delta))
        elif args.delta is not None:
            raise InvalidInput("--delta needs --alpha (the Rényi order the conversion uses)")
    print(json.dumps(out, indent=1))
    return 0


def _exact_arg(text: str, name: str):
    from mechanisms.finite import to_fraction

    try:
        return to_fraction(text)
    except InvalidInput:
        raise InvalidInput(f"{name} = {text!r} is not an exact number (use a decimal or p/q)") from None


def _int_arg(text: str, name: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidInput(f"{name} = {text!r} is not an integer") from None


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="proofcheck", description="Check privacy theorems: verdicts with certified evidence.")
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=_Parser)

    pl = sub.add_parser("list", help="claim ids and one-line titles")
    pl.add_argument("--claims", metavar="PATH.py", help="a module of your own claims (defines CLAIMS)")
    pl.set_defaults(fn=cmd_list)

    pr = sub.add_parser("run", help="check claims and write the report")
    pr.add_argument("--only", metavar="GLOB", help="claim ids matching this glob, e.g. 's000.*'")
    pr.add_argument("--seconds", type=_positive(float), metavar="S",
                    help=f"total time budget (default {DEFAULT_SECONDS_PER_CLAIM:g} s per claim)")
    pr.add_argument("--seed", type=_nonneg_int, default=0)
    pr.add_argument("--out", default="report", metavar="DIR")
    pr.add_argument("--claims", metavar="PATH.py", help="check the claims of this module instead of the built-in ones")
    pr.add_argument("--jobs", type=_positive(int), help="parallel processes (default: all cores)")
    pr.add_argument("--fail-on", choices=["violated"], help="exit 1 when a claim is violated")
    pr.add_argument("--quiet", action="store_true", help="no progress bar")
    pr.set_defaults(fn=cmd_run)

    ps = sub.add_parser("show", help="one claim: statement, encoding, verdict and evidence")
    ps.add_argument("id")
    ps.add_argument("--format", choices=["text", "json"], default="text")
    ps.add_argument("--seconds", type=_positive(float), default=5.0, help="search budget when not read from a report")
    ps.add_argument("--seed", type=_nonneg_int, default=0)
    ps.add_argument("--from", dest="from_dir", metavar="DIR", help="read the verdict from DIR/report.json")
    ps.add_argument("--claims", metavar="PATH.py")
    ps.set_defaults(fn=cmd_show)

    pm = sub.add_parser("measure", help="certified measures of one finite channel (LDP, MBP, capacity, ...)")
    pm.add_argument("channel", help="JSON rows, e.g. '[[\"1/2\",\"1/2\"],[\"1/4\",\"3/4\"]]', or a JSON file")
    pm.add_argument("--prior", help="JSON vector (default uniform)")
    pm.add_argument("--alpha", help="also the largest Rényi divergence of order alpha > 1 between rows")
    pm.set_defaults(fn=cmd_measure)

    pv = sub.add_parser("vmf", help="certified Rényi DP, (ε, δ) and Bayes' capacity of the VMF mechanism")
    pv.add_argument("p", help="dimension of the ambient space (the sphere is S^{p-1}), p >= 2")
    pv.add_argument("kappa", help="concentration κ >= 0 (exact: decimal or p/q)")
    pv.add_argument("--alpha", help="Rényi order α > 1")
    pv.add_argument("--delta", help="δ in (0, 1): also the ε that (α, τ_α)-RDP gives at this δ")
    pv.set_defaults(fn=cmd_vmf)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.fn(args)
    except InvalidInput as e:
        print(f"proofcheck: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("proofcheck: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
