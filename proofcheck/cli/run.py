"""`proofcheck list` and `proofcheck run`: the claims checked on an executor, the report written."""
from __future__ import annotations

import os
import shlex
import signal
import sys
import time
from pathlib import Path

import proofcheck.registry as registry
import proofcheck.runs.run as runs
from mechanisms.errors import InvalidInput
from proofcheck.cli.inputs import DEFAULT_SECONDS_PER_CLAIM, _cases, _load, _prove_budget
from proofcheck.runs.executors import LocalPool, make_executor
from proofcheck.report import thin_lines, write_report
from tqdm import tqdm


def cmd_list(args) -> int:
    for c in _load(args.claims):
        print(f"{c.id:48s} {c.title}")
    return 0


def run_claims(claims, claims_path, seconds_per_claim, seed, jobs, progress=True, *, executor=None,
               device="auto", mc_samples=None, cases=None, hard_limit=None):
    """Check claims on ``executor`` (see proofcheck.runs.executors; default the local pool of ``jobs``
    processes); returns [(claim, result)] in the order given."""
    bar = tqdm(total=len(claims), desc="checking claims", unit="claim", disable=not progress, file=sys.stderr)

    def done(cid, _result=None):
        bar.set_postfix_str(cid)
        bar.update()

    try:
        results = (executor or LocalPool(max(1, jobs))).check(claims, claims_path, seconds_per_claim, seed,
                                                              device=device, mc_samples=mc_samples, done=done,
                                                              cases=cases, hard_limit=hard_limit)
    finally:
        bar.close()
    return [(c, results[c.id]) for c in claims]


def _jobs(asked: int | None, n_claims: int) -> int:
    """--jobs, capped at the cores this machine has (said on stderr when capped)."""
    cores = os.cpu_count() or 1
    if asked is None:
        return max(1, min(cores, n_claims))
    if asked > cores:
        print(f"proofcheck: --jobs {asked} capped at {cores} (the cores of this machine)", file=sys.stderr)
        return cores
    return asked


def cmd_run(args) -> int:
    started = time.monotonic()  # a --seconds budget counts from here: loading and fingerprinting the claims too

    out = runs.prepare_out(args.out)  # resolved before any claims file is imported (it may chdir)
    claims_path = str(Path(args.claims).resolve()) if args.claims else None
    claims = registry.select(_load(args.claims), args.only)
    if not claims:
        raise InvalidInput("no claims to check")

    if args.device == "cuda" and args.executor == "local":
        import torch

        if not torch.cuda.is_available():
            raise InvalidInput("--device cuda was asked for but torch sees no CUDA device here")
    jobs = _jobs(args.jobs, len(claims))
    with runs.Lock(out), make_executor(args.executor, jobs=jobs, scheduler=args.scheduler) as executor:
        slots = executor.slots  # a remote Dask cluster has as many as its workers' threads
        cases = _cases(args)
        if cases is not None:
            per = DEFAULT_SECONDS_PER_CLAIM
        else:
            per = args.seconds * min(slots, len(claims)) / len(claims) * 0.8  # room for start-up, certification
        outcome = runs.run(claims, executor=executor, seconds_per_claim=per, seed=args.seed, out=out,
                           cases=cases, hard_limit=args.hard_limit, resume=args.resume, device=args.device,
                           mc_samples=args.mc_samples, progress=not args.quiet, claims_path=claims_path,
                           total_seconds=args.seconds if cases is None else None, prove=_prove_budget(args),
                           started=started)
        command = "proofcheck " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        partial = None
        if outcome.stopped_by is not None:
            partial = {"checked": len(outcome.pairs), "of": outcome.total,
                       "reason": f"stopped by {signal.Signals(outcome.stopped_by).name}"}
        doc = write_report(outcome.pairs, out, args.seed, per, command, claims_path=args.claims,
                           budget=runs.budget_key(per, cases), partial=partial)
    s = doc["summary"]
    reused = f" ({outcome.reused} taken from an earlier run's results.jsonl)" if outcome.reused else ""
    proved = f" ({s['proved']} of them proved on their whole domain)" if args.prove else ""
    thin = f" ({s['thin']} of them thin)" if s.get("thin") else ""
    print(f"{len(outcome.pairs)} of {outcome.total} claims: {s['holds']} hold{proved}{thin}, {s['violated']} violated, "
          f"{s['inconclusive']} inconclusive{reused}; report in {out / 'report.md'}")

    for line in thin_lines(doc):  # "<id>: holds — thin: 3 cases of 100 asked (why)"
        print(line)
    if partial is not None:
        print(f"proofcheck: interrupted ({partial['reason']}): the report holds the {partial['checked']} of "
              f"{partial['of']} claims finished; `proofcheck run --resume` with the same --out checks the rest",
              file=sys.stderr)
        return runs.exit_code_for(outcome.stopped_by)
    refused = [r.id for _, r in outcome.pairs
               if (r.evidence.get("error") or {}).get("kind") == "claims-file-not-deterministic"]
    if refused:
        first = next(r for _, r in outcome.pairs if r.id == refused[0]).evidence["reason"]
        more = f" (and {len(refused) - 1} more claims)" if len(refused) > 1 else ""
        print(f"proofcheck: error: {first}{more}", file=sys.stderr)
        return 2
    internal = [r for _, r in outcome.pairs if r.evidence.get("internal_error")]
    if internal:
        first = internal[0].evidence["internal_error"]
        print(f"proofcheck: internal error in {len(internal)} claim(s), first {internal[0].id}: {first['type']}: "
              f"{first['message'][:200]} (traceback in {first['traceback']}); the report holds every claim",
              file=sys.stderr)
        return 3
    if args.fail_on == "violated" and s["violated"]:
        return 1
    return 0
