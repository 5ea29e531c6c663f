"""Command line: proofcheck list | run | show | measure | vmf.

Exit status: 0 the command completed (whatever the verdicts); 1 only for `run --fail-on violated`
when a claim is violated; 2 bad input (an unknown id, a malformed claims file, a non-positive
budget, ...: one line on stderr naming the value); 3 an internal error of proofcheck (one line on
stderr with the path of a file holding the traceback).
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

from mechanisms.errors import InvalidInput

DEFAULT_SECONDS_PER_CLAIM = 4.0


EXIT_CODES = """exit status:
  0  the command completed, whatever the verdicts
  1  run --fail-on violated, and a claim is violated
  2  bad input (one line on stderr naming the value)
  3  an internal error of proofcheck (one line on stderr, with the path of a traceback file)"""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, no usage dump
        print(f"proofcheck: error: {message}", file=sys.stderr)
        sys.exit(2)


def _load(claims_path: str | None):
    from proofcheck import registry

    return registry.load_claims_file(claims_path) if claims_path else registry.builtin_claims()


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


def run_claims(claims, claims_path, seconds_per_claim, seed, jobs, progress=True, *, executor=None,
               device="auto", mc_samples=None):
    """Check claims on ``executor`` (see proofcheck.executors; default the local pool of ``jobs``
    processes); returns [(claim, result)] in the order given."""
    from tqdm import tqdm

    from proofcheck.executors import LocalPool

    bar = tqdm(total=len(claims), desc="checking claims", unit="claim", disable=not progress, file=sys.stderr)

    def done(cid):
        bar.set_postfix_str(cid)
        bar.update()

    try:
        results = (executor or LocalPool(max(1, jobs))).check(claims, claims_path, seconds_per_claim, seed,
                                                              device=device, mc_samples=mc_samples, done=done)
    finally:
        bar.close()
    return [(c, results[c.id]) for c in claims]


def cmd_run(args) -> int:
    from proofcheck import registry
    from proofcheck.report import write_report

    claims = registry.select(_load(args.claims), args.only)
    if not claims:
        raise InvalidInput("no claims to check")
    from proofcheck.executors import make_executor

    if args.device == "cuda" and args.executor == "local":
        import torch

        if not torch.cuda.is_available():
            raise InvalidInput("--device cuda was asked for but torch sees no CUDA device here")
    jobs = args.jobs or min(os.cpu_count() or 1, len(claims))
    claims_path = str(Path(args.claims).resolve()) if args.claims else None
    with make_executor(args.executor, jobs=jobs, scheduler=args.scheduler) as executor:
        slots = executor.slots  # a remote Dask cluster has as many as its workers' threads
        if args.seconds is None:
            per = DEFAULT_SECONDS_PER_CLAIM
        else:
            per = args.seconds * min(slots, len(claims)) / len(claims) * 0.8  # room for start-up, certification
        pairs = run_claims(claims, claims_path, per, args.seed, slots, progress=not args.quiet, executor=executor,
                           device=args.device, mc_samples=args.mc_samples)
    command = "proofcheck " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    doc = write_report(pairs, Path(args.out), args.seed, per, command, claims_path=args.claims)
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
    evidence = dict(rec["evidence"])
    table = evidence.pop("table", None)
    if table:
        from proofcheck import tables

        print(f"\n{table['name']}: {table['caption']}")
        print(tables.summary(table))
        if table.get("note"):
            print(table["note"])
        print(tables.text_table(table) + "\n")
    print("evidence: " + json.dumps(evidence, ensure_ascii=False))
    return 0


def _read_matrix(text: str, what: str):
    """A JSON list (or list of lists) of numbers or exact decimal / 'p/q' strings, inline or a file path."""
    src = Path(text).read_text() if Path(text).is_file() else text
    try:
        # a decimal as typed is the exact decimal it denotes: 0.9 is 9/10, not the binary float
        data = json.loads(src, parse_float=str, parse_constant=lambda c: float(c))
    except json.JSONDecodeError as e:
        raise InvalidInput(f"{what} is not JSON ({e.msg}): {_short_text(src)}")
    return data


def _short_text(s, n=60):
    s = " ".join(str(s).split())
    return s if len(s) <= n else s[: n - 1] + "…"


def cmd_measure(args) -> int:
    """Every finite-channel measure of one channel (and prior), each certified."""
    from mechanisms import finite as fin
    from mechanisms import leakage
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
            "bayes_capacity": str(leakage.multiplicative_bayes_capacity_exact(K)),
            "log_bayes_capacity": fmt(CERTIFIED.log(leakage.multiplicative_bayes_capacity_exact(K))),
            "prior_vulnerability": str(max(prior)),
            "posterior_vulnerability": str(leakage.posterior_bayes_vulnerability_exact(K, prior)),
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
    from mechanisms import capacity, checks, rdp_conversion, vmf_renyi
    from proofcheck.numerics import fmt, precision

    p = checks.check_dimension(_int_arg(args.p, "p"), "vmf")
    kappa = checks.check_kappa(_exact_arg(args.kappa, "kappa"), "vmf")
    with precision(128):
        out = {"p": p, "kappa": args.kappa,
               "log_bayes_capacity": fmt(capacity.vmf_capacity_arb(p, kappa))}
        if args.alpha is not None:
            alpha = checks.check_alpha(_exact_arg(args.alpha, "alpha"), "vmf")
            tau = vmf_renyi.vmf_rdp_arb(p, kappa, alpha)
            out["renyi_dp_tau_alpha"] = fmt(tau)
            if args.delta is not None:
                delta = _exact_arg(args.delta, "delta")
                out["epsilon_at_delta"] = fmt(rdp_conversion.eps_from_rdp_arb(tau, alpha, delta))
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
    p = _Parser(prog="proofcheck", description="Check privacy theorems: verdicts with certified evidence.",
                epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
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
    pr.add_argument("--executor", choices=["local", "dask"], default="local",
                    help="where claims are checked: 'local' (a process pool on this machine, the default) or "
                         "'dask' (an existing cluster at --scheduler, else a new local cluster of --jobs workers; "
                         "needs pip install 'proofcheck[dask]'); the same seed gives the same verdicts on either")
    pr.add_argument("--scheduler", metavar="ADDRESS",
                    help="the Dask scheduler to use with --executor dask, e.g. tcp://10.0.0.5:8786")
    pr.add_argument("--device", choices=["auto", "cpu", "cuda"], default="auto",
                    help="torch device for the Monte Carlo routes ('auto': CUDA when present, else CPU)")
    pr.add_argument("--mc-samples", type=_positive(int), metavar="N",
                    help="Monte Carlo samples per interval (default: the engine's, see proofcheck.mc_evidence)")
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
    except Exception as e:  # a bug of proofcheck: one line, the traceback in a file
        return _internal_error(e)


def _internal_error(e: BaseException) -> int:
    import tempfile
    import traceback

    fd, path = tempfile.mkstemp(prefix="proofcheck-traceback-", suffix=".txt")
    with os.fdopen(fd, "w") as f:
        traceback.print_exception(e, file=f)
    print(f"proofcheck: internal error: {type(e).__name__}: {e} (traceback in {path})", file=sys.stderr)
    return 3


if __name__ == "__main__":
    sys.exit(main())
