"""Command line: proofcheck list | run | show | check-certificate | measure | routes, and the subcommands the
papers' packages declare (e.g. vmf, seed 003's: proofcheck.registry.paper_commands).

Exit status: 0 the command completed (whatever the verdicts); 1 only for `run --fail-on violated`
when a claim is violated, or for `check-certificate` when the certificate does not prove its claim; 2 bad input (an unknown id, a malformed claims file, a non-positive
budget, ...: one line on stderr naming the value); 3 an internal error of proofcheck (one line on
stderr with the path of a file holding the traceback).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import traceback
from pathlib import Path

from hypothesis.configuration import set_hypothesis_home_dir

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import Undecided
from proofcheck.cli.inputs import (DEFAULT_SECONDS_PER_CLAIM, PROVE_SECONDS, _nonneg_int, _positive, _positive_finite,
                                   exact_arg, int_arg)
from proofcheck.cli.measure import cmd_measure, cmd_routes
from proofcheck.cli.run import cmd_list, cmd_run, run_claims
from proofcheck.cli.show import _show_lines, cmd_check_certificate, cmd_show
from proofcheck.prove import Budget
from proofcheck.registry import paper_commands

__all__ = ["main", "build_parser", "run_claims", "exact_arg", "int_arg", "DEFAULT_SECONDS_PER_CLAIM", "PROVE_SECONDS",
           "cmd_list", "cmd_run", "cmd_show", "cmd_check_certificate", "cmd_measure", "cmd_routes", "_show_lines"]

EXIT_CODES = """exit status:
  0  the command completed, whatever the verdicts
  1  run --fail-on violated, and a claim is violated
  2  bad input (one line on stderr naming the value)
  3  an internal error of proofcheck (one line on stderr, with the path of a traceback file)"""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, no usage dump
        print(f"proofcheck: error: {message}", file=sys.stderr)
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="proofcheck", description="Check privacy theorems: verdicts with certified evidence.",
                epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=_Parser)

    pl = sub.add_parser("list", help="claim ids and one-line titles")
    pl.add_argument("--claims", metavar="PATH.py", help="a module of your own claims (defines CLAIMS)")
    pl.set_defaults(fn=cmd_list)

    pr = sub.add_parser("run", help="check claims and write the report")
    pr.add_argument("--only", metavar="GLOB", action="append",
                    help="claim ids matching this glob, e.g. 's000.*' (repeat it: ids matching any of them)")
    pr.add_argument("--seconds", type=_positive_finite, metavar="S",
                    help="a total time budget instead of the counted default: the run ends within about S "
                         "seconds, and how far each claim's search gets depends on the machine and its load")
    pr.add_argument("--cases", type=_positive(int), metavar="N",
                    help="N cases drawn per claim and the optimiser's full number of evaluations, instead of each "
                         "claim's own counted budget (its cost class). Without --seconds the budget is counted: "
                         "the same seed gives the same report on any machine under any load (time only acts as "
                         "the hard limit)")
    pr.add_argument("--hard-limit", type=_positive_finite, metavar="S", dest="hard_limit",
                    help="stop a claim that runs longer than S seconds and record it as inconclusive (default: "
                         "4 x its budget + 20 s, at least 120 s, with --seconds; 300 s with a counted budget, --cases "
                         "or the default)")
    pr.add_argument("--resume", action="store_true",
                    help="take the claims already in OUT/results.jsonl (same claim code, engine, seed and budget) "
                         "and check only the others")
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
                    help="Monte Carlo samples per interval (default: the engine's, see proofcheck.stages.mc_evidence)")
    _prove_options(pr)
    pr.set_defaults(fn=cmd_run)

    ps = sub.add_parser("show", help="one claim: statement, encoding, verdict and evidence")
    ps.add_argument("id")
    ps.add_argument("--format", choices=["text", "json"], default="text")
    ps.add_argument("--seconds", type=_positive(float), metavar="S",
                    help="a time budget when not read from a report (default: the claim's counted budget)")
    ps.add_argument("--seed", type=_nonneg_int, default=0)
    ps.add_argument("--cases", type=_positive(int), metavar="N", help="N cases instead of the claim's counted budget")
    ps.add_argument("--from", dest="from_dir", metavar="DIR", help="read the verdict from DIR/report.json (DIR, or the report.json itself)")
    ps.add_argument("--claims", metavar="PATH.py")
    _prove_options(ps)
    ps.set_defaults(fn=cmd_show)

    pc = sub.add_parser("check-certificate", help="re-check proof certificates (exit 0: each proves its claim; 1: one "
                                                  "does not; 2: one is malformed)")
    pc.add_argument("paths", nargs="+", metavar="path", help="a certificate, OUT/certificates/<id>.json (several: each "
                                                              "is checked, and its verdict said on a line of its own)")
    pc.add_argument("--claims", metavar="PATH.py", help="the module of your own claims the certificate names")
    pc.set_defaults(fn=cmd_check_certificate)

    pm = sub.add_parser("measure", help="certified measures of one finite channel (LDP, MBP, capacity, ...)")
    pm.add_argument("channel", help="JSON rows inline (text starting with '['), e.g. "
                                    "'[[\"1/2\",\"1/2\"],[\"1/4\",\"3/4\"]]', or the path of a JSON file")
    pm.add_argument("--prior", help="JSON vector, inline or a file (default uniform)")
    pm.add_argument("--alpha", help="also the largest Rényi divergence of order alpha > 1 between two distinct rows "
                                    "(0 for a one-row channel, as its LDP level)")
    pm.set_defaults(fn=cmd_measure)

    for command in paper_commands():
        if command.name in sub.choices:
            raise ValueError(f"a paper's command {command.name!r} clashes with proofcheck's own")
        pp = sub.add_parser(command.name, help=command.help)
        command.arguments(pp)
        pp.set_defaults(fn=command.run)

    pt = sub.add_parser("routes", help="every name a quantity (m.NAME) or a statement may call, with its signature")
    pt.add_argument("name", nargs="?", help="one name: its full docstring")
    pt.add_argument("--markdown", action="store_true", help="the reference docs/routes.md (a table of every name)")
    pt.set_defaults(fn=cmd_routes)
    return p


def _prove_options(parser):
    parser.add_argument("--prove", action="store_true",
                        help="after a claim holds, try to prove it on its whole declared domain by interval branch "
                             "and bound (certificates in OUT/certificates/; re-check one with check-certificate)")
    parser.add_argument("--prove-boxes", type=_positive(int), default=Budget.max_boxes, metavar="N",
                        help=f"boxes the prover may evaluate per claim (default {Budget.max_boxes})")
    parser.add_argument("--prove-depth", type=_positive(int), default=Budget.max_depth, metavar="D",
                        help=f"splits of one box's ancestry the prover may make (default {Budget.max_depth})")
    parser.add_argument("--prove-seconds", type=_positive_finite, default=PROVE_SECONDS, metavar="S",
                        help=f"a cap on one claim's proof time (default {PROVE_SECONDS:g} s): it can stop a proof "
                             "(the claim is then not proved, and says so), never make one")


def _hypothesis_home() -> None:
    """Hypothesis' own files (its cache of constants) go to the user's cache folder, never into the folder the
    command runs in (where they would land beside the user's files, with absolute paths inside)."""
    if "HYPOTHESIS_STORAGE_DIRECTORY" not in os.environ:
        cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        set_hypothesis_home_dir(str(cache / "proofcheck" / "hypothesis"))


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    _hypothesis_home()
    try:
        return args.fn(args)
    except InvalidInput as e:
        print(f"proofcheck: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("proofcheck: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of our output went away (`proofcheck routes | head`): nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit's flush
        return 0
    except (Exception, Undecided) as e:  # a bug of proofcheck: one line, the traceback in a file
        return _internal_error(e)


def _internal_error(e: BaseException) -> int:
    fd, path = tempfile.mkstemp(prefix="proofcheck-traceback-", suffix=".txt")
    with os.fdopen(fd, "w") as f:
        traceback.print_exception(e, file=f)
    print(f"proofcheck: internal error: {type(e).__name__}: {e} (traceback in {path})", file=sys.stderr)
    return 3
