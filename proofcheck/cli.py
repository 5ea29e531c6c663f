"""Command line: proofcheck list | run | show | check-certificate | measure | routes, and the subcommands the
papers' packages declare (e.g. vmf, seed 003's: proofcheck.registry.paper_commands).

Exit status: 0 the command completed (whatever the verdicts); 1 only for `run --fail-on violated`
when a claim is violated, or for `check-certificate` when the certificate does not prove its claim; 2 bad input (an unknown id, a malformed claims file, a non-positive
budget, ...: one line on stderr naming the value); 3 an internal error of proofcheck (one line on
stderr with the path of a file holding the traceback).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import shlex
import signal
import sys
import time
from pathlib import Path

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import Undecided

DEFAULT_SECONDS_PER_CLAIM = 3.0
PROVE_SECONDS = 30.0  # run --prove: the cap on one claim's proof attempt (the counted budget decides the rest)


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
    import proofcheck.registry as registry

    if not claims_path:
        return registry.builtin_claims()
    try:
        return registry.load_claims_file(claims_path)
    finally:
        _std_streams_back(claims_path)


def _std_streams_back(claims_path: str) -> None:
    """A claims file that closed (or took away) sys.stdout or sys.stderr at import does not end the command: the
    stream is opened again on its file descriptor (on os.devnull where that is closed too), and said once."""
    for name, fd in (("stdout", 1), ("stderr", 2)):
        stream = getattr(sys, name)
        if stream is not None and not getattr(stream, "closed", False):
            continue
        original = getattr(sys, f"__{name}__")
        if original is not None and not original.closed:
            setattr(sys, name, original)
        else:
            try:
                os.fstat(fd)
                setattr(sys, name, open(fd, "w", closefd=False, encoding="utf-8", errors="backslashreplace",
                                        buffering=1))
            except OSError:
                setattr(sys, name, open(os.devnull, "w"))
        print(f"proofcheck: note: {claims_path} closed sys.{name} when imported; proofcheck opened it again",
              file=sys.stderr)


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


def _positive_finite(s):
    v = _positive(float)(s)
    if not math.isfinite(v):
        raise argparse.ArgumentTypeError(f"{s!r} must be a finite number of seconds")
    return v


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


def _cases(args):
    """The counted budget of a run or show: --cases N, else each claim's cost class unless --seconds is given."""
    from proofcheck.engine import BY_COST

    if args.cases is not None:
        return args.cases
    return None if args.seconds is not None else BY_COST


def run_claims(claims, claims_path, seconds_per_claim, seed, jobs, progress=True, *, executor=None,
               device="auto", mc_samples=None, cases=None, hard_limit=None):
    """Check claims on ``executor`` (see proofcheck.executors; default the local pool of ``jobs``
    processes); returns [(claim, result)] in the order given."""
    from tqdm import tqdm

    from proofcheck.executors import LocalPool

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
    import proofcheck.registry as registry
    import proofcheck.run as runs
    from proofcheck.report import write_report

    out = runs.prepare_out(args.out)  # resolved before any claims file is imported (it may chdir)
    claims_path = str(Path(args.claims).resolve()) if args.claims else None
    claims = registry.select(_load(args.claims), args.only)
    if not claims:
        raise InvalidInput("no claims to check")
    from proofcheck.executors import make_executor

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
    from proofcheck.report import thin_lines

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


def _prove_budget(args):
    """The prover's counted budget of `run --prove` / `show --prove` (None without --prove)."""
    if not getattr(args, "prove", False):
        return None
    from proofcheck.prove import Budget

    return Budget(max_boxes=args.prove_boxes, max_depth=args.prove_depth, seconds=args.prove_seconds)


def cmd_check_certificate(args) -> int:
    """Re-check proof certificates with the box path alone. One certificate: exit 0 when it proves its claim, 1
    when not (the lines say what failed), 2 when it is malformed (one line on stderr naming the bad value).
    Several: each one's lines prefixed by its path and closed by `PATH: exit N (...)`; exit 0 when every one
    proves its claim, else the largest of their statuses."""
    import time

    from proofcheck.certificate import check_path

    claims = _load(args.claims)
    several = len(args.paths) > 1
    worst = 0
    for path in args.paths:
        t0 = time.monotonic()
        code, lines = check_path(path, claims)
        worst = max(worst, code)
        if not several:
            if code == 2:
                print(f"proofcheck: error: {lines[0]}", file=sys.stderr)
            else:
                print("\n".join(lines))
            break
        for line in lines:
            print(f"{path}: " + ("error: " if code == 2 else "") + line, file=sys.stderr if code == 2 else sys.stdout)
        said = {0: "proves its claim", 1: "does not prove its claim", 2: "malformed"}[code]
        print(f"{path}: exit {code} ({said}; {time.monotonic() - t0:.2f} s)", flush=True)
    return worst


def cmd_show(args) -> int:
    from proofcheck.report import claim_record

    rec = None
    if args.from_dir:  # the record as the report holds it: no claim is loaded (a claims file's need no --claims)
        given = Path(args.from_dir)
        path = given if given.is_file() else given / "report.json"  # the folder, or its report.json itself
        rec = _report_record(path, args.from_dir, args.id)
    if rec is None:  # checked now, in a child process under the hard limit, like a run
        claims = _load(args.claims)
        claim = _find_claim(claims, args.id, args.claims)
        from proofcheck.executors import check_in_child

        params = {"seconds": args.seconds, "seed": args.seed, "cases": _cases(args)}
        result = check_in_child([claim], params)[claim.id]
        if args.prove:
            from proofcheck.prove.runner import prove_in_children

            from proofcheck.prove import against_search

            proof = prove_in_children([claim], _prove_budget(args)).get(claim.id)
            if proof is not None and result.verdict == "holds":
                result.evidence["proof"] = against_search(proof, claim, result).evidence()
        rec = claim_record(claim, result)
        text = _show_lines(rec, args.format)
    else:  # a record read from a file: a malformed one is bad input, in one line
        try:
            text = _show_lines(rec, args.format)
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as e:
            raise InvalidInput(f"the record of claim {args.id!r} in {str(path)!r} is malformed "
                               f"({type(e).__name__}: {_short_text(e)})") from None
    print("\n".join(text))
    return 0


def _find_claim(claims, cid: str, claims_path: str | None):
    """The claim of id ``cid``; an unknown id that is no built-in paper's suggests --claims (a claims file's id)."""
    import proofcheck.registry as registry

    try:
        return registry.find(claims, cid)
    except InvalidInput:
        if claims_path is None and not any(cid.startswith(prefix + ".") for prefix in _paper_prefixes()):
            raise InvalidInput(f"unknown claim id {cid!r}: not a built-in claim (see `proofcheck list`); for a "
                               "claim of your own file add --claims PATH.py") from None
        raise


def _paper_prefixes() -> set:
    import proofcheck.registry as registry

    return {c.id.split(".")[0] for c in registry.builtin_claims()}


def _report_record(path: Path, folder: str, cid: str) -> dict:
    """The record of claim ``cid`` in a report.json; every problem with the file is one InvalidInput."""
    try:
        if not path.is_file():
            raise InvalidInput(f"no report.json in {folder!r}")
        doc = json.loads(path.read_text())
    except InvalidInput:
        raise
    except RecursionError:
        raise InvalidInput(f"{str(path)!r} is not a proofcheck report (JSON nested too deeply)") from None
    except json.JSONDecodeError as e:
        raise InvalidInput(f"{str(path)!r} is not valid JSON ({e.msg} at line {e.lineno}, column {e.colno}); "
                           "is the report truncated?") from None
    except (OSError, ValueError) as e:  # unreadable, not UTF-8, a number beyond Python's digit limit
        raise InvalidInput(f"{str(path)!r} cannot be read as a report ({type(e).__name__}: {_short_text(e)})") from None
    if not isinstance(doc, dict):
        raise InvalidInput(f"{str(path)!r} is not a proofcheck report: it holds a JSON {_json_kind(doc)}, not an object")
    records = doc.get("claims")
    if not isinstance(records, list):
        what = "has no \"claims\"" if records is None else f"has \"claims\" as a JSON {_json_kind(records)}, not a list"
        raise InvalidInput(f"{str(path)!r} is not a proofcheck report: it {what}")
    rec = next((r for r in records if isinstance(r, dict) and r.get("id") == cid), None)
    if rec is None:
        raise InvalidInput(f"claim {cid!r} is not in {path}")
    return rec


def _json_kind(v) -> str:
    if isinstance(v, (_JsonNumber, int, float)) and not isinstance(v, bool):
        return "number"
    return {dict: "object", list: "list", str: "string", bool: "boolean", type(None): "null"}.get(type(v), "value")


def _show_lines(rec: dict, format: str) -> list[str]:
    """What `show` prints for a claim record (text or JSON)."""
    if format == "json":
        return [json.dumps(rec, indent=1, ensure_ascii=False)]
    out = [f"{rec['id']}: {rec['verdict'].upper()}   {rec['title']}",
           f"source: {rec['source']['seed']}, {rec['source']['where']}",
           f"quote: {rec['source']['quote']}",
           f"checked: {rec['statement']}"]
    for h in rec["hypotheses"]:
        out.append(f"hypothesis: {h}")
    ranges = [f"{v['name']} ∈ {v['range']}" for v in rec.get("variables") or () if isinstance(v, dict) and v.get("range")]
    if ranges:  # the reals' ranges, an excluded end as a parenthesis: alpha ∈ (1, 20]
        out.append("variables: " + ", ".join(ranges))
    out.append(f"encoding: {rec['encoding']}")
    if rec["reading"]:
        out.append(f"reading: {rec['reading']}")
    if rec["reconstructed"]:
        out.append(f"reconstructed: {rec['reconstructed']}")
    out.append(f"margin: {rec['margin']}")
    if rec["verdict"] == "holds":
        from proofcheck.texts import holds_text

        out.append(f"verdict: {holds_text(rec)}")
    if rec["counterexample"]:
        cx = rec["counterexample"]
        out.append("counterexample (exact):")
        for k, v in cx["objects"].items():
            out.append(f"  {k} = {v}")
        sides = rec.get("sides") or {}  # a report.json written before "sides" has none: bare lhs / rhs
        lhs, rhs = (f"{k} = {sides[k]}" if sides.get(k) else k for k in ("lhs", "rhs"))
        out.append(f"  {lhs} ∈ {cx['lhs']}\n  {rhs} ∈ {cx['rhs']}\n  required: lhs {cx['relation']} rhs — fails")
    evidence = dict(rec["evidence"])
    table = evidence.pop("table", None)
    if table:
        import proofcheck.tables as tables

        out.append(f"\n{table['name']}: {table['caption']}")
        out.append(tables.summary(table))
        if table.get("note"):
            out.append(table["note"])
        out.append(tables.text_table(table) + "\n")
    out.append("evidence: " + json.dumps(evidence, ensure_ascii=False))
    return out


def _read_matrix(text: str, what: str, depth: int = 2):
    """A JSON list (depth 1) or list of lists (depth 2) of numbers or exact decimal / 'p/q' strings:
    inline when the text starts with '[' (after blanks; '{' too, to be refused as JSON), else the path of a
    file holding it.

    Numbers are kept as the text typed (a decimal as typed is the exact decimal it denotes: 0.9 is 9/10,
    not the binary float); every problem is one InvalidInput naming the value. The JSON as parsed: its nesting
    and digits are checked by _read_exact (in one pass) or _check_nesting."""
    if text.lstrip().startswith(("[", "{")):
        src = text
    else:
        try:
            src = Path(text).read_text()
        except (OSError, ValueError) as e:  # missing, a folder, a name too long, unreadable, not UTF-8, a NUL
            why = e.strerror if isinstance(e, OSError) and e.strerror else (
                "not UTF-8 text" if isinstance(e, UnicodeError) else str(e))
            raise InvalidInput(f"{what} {_short_path(text)!r} is neither inline JSON (which starts with '[') "
                               f"nor a readable file ({why})") from None
    try:
        data = json.loads(src, parse_int=_JsonNumber, parse_float=_JsonNumber, parse_constant=float)
    except json.JSONDecodeError as e:
        raise InvalidInput(f"{what} is not JSON ({e.msg}): {_short_text(src)}") from None
    except RecursionError:
        raise InvalidInput(f"{what} nests lists too deeply to be read: {_short_text(src)}") from None
    return data


def _read_exact(text: str, what: str, depth: int = 2):
    """The exact entries of a channel (depth 2) or prior (depth 1) given as _read_matrix takes it: the list (of
    lists) of their exact values.

    One pass over the data, in integers, for the common input (lists of non-empty lists of plain 'p/q' and
    integer strings or numbers, each short enough that it cannot need more than _max_digits() digits); anything
    else — a wrong nesting, an empty list, an exponent, a long number, NaN, text — is read again by the general
    path (_check_nesting, then the exact converters), so every problem is refused with the same message as
    before, naming its place. The fast pass accepts only what the general path accepts, with the same values."""
    from mechanisms.finite import channels as fin

    data = _read_matrix(text, what, depth)
    out = _exact_rows(data, depth, _max_digits())
    if out is not None:
        return out
    _check_nesting(data, what, depth)
    return fin.exact_matrix(data, what) if depth == 2 else fin.exact_vector(data, what)


def _exact_rows(data, depth: int, limit: int):
    """_read_exact's one pass: the exact values, or None at the first entry that is not plainly fine."""
    from fractions import Fraction

    from mechanisms.numerics.exact import Exact, to_fraction

    gcd, new = math.gcd, object.__new__

    def row_of(xs):
        if type(xs) is not list or not xs:
            return None
        out = []
        append = out.append
        for x in xs:
            if (type(x) is not _JsonNumber and type(x) is not str) or len(x) > limit or not x.isascii() \
                    or "e" in x or "E" in x:
                return None  # not text, or it may need more digits than allowed: the general path decides
            p, slash, q = x.partition("/")
            if p.isdigit() and (q.isdigit() if slash else True):  # 'p/q' or an integer: in integers
                n, d = int(p), int(q) if slash else 1
                if d == 0:
                    return None
                g = gcd(n, d)
                e = new(Exact)  # an Exact in lowest terms, without Fraction's generic constructor
                e._numerator, e._denominator = n // g, d // g
                append(e)
                continue
            try:  # a decimal, a sign, blanks: as the exact converter reads it
                v = to_fraction(x)
            except Exception:
                return None
            if type(v) is not Fraction:
                return None
            append(v)
        return out

    if depth == 1:
        return row_of(data)
    if type(data) is not list or not data:
        return None
    rows = []
    for r in data:
        row = row_of(r)
        if row is None:
            return None
        rows.append(row)
    return rows


class _JsonNumber(str):
    """A JSON number as typed (exact: read by mechanisms.finite.channels's converter, never as a binary float)."""


def _check_nesting(data, what: str, depth: int, index: tuple = ()) -> None:
    """Lists nested exactly ``depth`` deep with numbers (or number strings) as leaves, none needing more
    digits than _max_digits(): anything else is one InvalidInput naming the place."""
    where = f"{what}[{','.join(map(str, index))}]" if index else what
    if len(index) < depth:
        if not isinstance(data, list):
            shape = "a list of rows" if depth - len(index) == 2 else "a list of numbers"
            raise InvalidInput(f"{where} must be {shape}, got a JSON {_json_kind(data)}"
                               + ("" if isinstance(data, dict) else f" {_short_text(data)}"))
        if not data:
            raise InvalidInput(f"{where} is an empty list")
        for i, x in enumerate(data):
            _check_nesting(x, what, depth, index + (i,))
        return
    if isinstance(data, float):  # NaN / Infinity, refused with their place by the exact reader
        return
    if not isinstance(data, str):
        raise InvalidInput(f"{where} is a JSON {_json_kind(data)}, not a number")
    _check_digits(data, where)


def _max_digits() -> int:
    return sys.get_int_max_str_digits() or 4300  # 0 is "no limit": 4300 still keeps 10**n cheap


def _check_digits(text: str, name: str) -> None:
    """An exact number written in ``text`` (decimal, exponent, 'p/q') whose exact value needs more digits
    than Python converts (its int string limit, 4300 by default; 1e-99999999 would take minutes) is
    refused naming it."""
    limit = _max_digits()
    text = str(text)
    if len(text) <= limit and text.isascii() and "e" not in text and "E" not in text:
        return  # at most `limit` digits and no exponent: nothing to refuse (the common case, without the loop)
    for part in text.split("/"):
        mantissa, _, exponent = part.strip().lower().partition("e")
        digits = sum(ch.isdigit() for ch in mantissa)
        exp = exponent.strip().lstrip("+-").lstrip("0")
        if digits > limit or len(exp) > len(str(limit)) or (exp.isdigit() and int(exp) > limit):
            raise InvalidInput(f"{name} = {_short_text(text, 40)!r} ({len(str(text))} characters) needs more than "
                               f"{limit} digits; an exact number here has at most {limit}")


def _short_text(s, n=60):
    s = str(s)
    head = s[: 4 * n]  # no work on the whole of a megabyte of input
    short = " ".join(head.split())
    return short if len(short) <= n and len(head) == len(s) else short[: n - 1] + "…"


def _short_path(s, n=160):
    """A path on one line, its middle elided when it is long (its start and its file name stay)."""
    s = " ".join(str(s).splitlines())
    return s if len(s) <= n else s[: n // 2 - 1] + "…" + s[-(n // 2):]


MAX_RENYI_PRECISION = 1 << 16  # bits: α up to 10^MAX_DIGITS (or as close to 1) fits well below


def _max_renyi(K, alpha, alpha_text: str):
    """max over pairs of distinct rows of D_α(K[i] ‖ K[j]), certified and printed, at the precision the
    order needs (a huge α, or one close to 1, needs about log2 of its numerator and denominator more bits).

    A channel with one row has no pair of distinct rows: as its LDP level (0: no two inputs to tell apart),
    the value is 0."""
    from flint import arb

    from proofcheck.measures import CERTIFIED
    from proofcheck.numerics import fmt, is_inf, precision

    n = len(K)
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j]
    if not pairs:
        return fmt(arb(0))
    prec = 128
    while True:
        with precision(prec):
            try:
                v = CERTIFIED.max(*[CERTIFIED.renyi(K[i], K[j], alpha) for i, j in pairs])
            except (ArithmeticError, Undecided):  # an enclosure too wide to decide (the log of a ball straddling 0)
                v = None
            if v is not None and (is_inf(v) or (v.is_finite() and (v.rel_accuracy_bits() >= 64
                                                                     or v.rad() < arb(2) ** -100))):
                return fmt(v)
        if prec >= MAX_RENYI_PRECISION:
            raise InvalidInput(f"alpha = {_short_text(alpha_text)} is too extreme: the Rényi divergence of that order could not be "
                               f"certified at up to {MAX_RENYI_PRECISION} bits")
        prec *= 2


@contextlib.contextmanager
def _all_digits():
    """Python's int string limit lifted while measure prints its exact results: the inputs were checked against it,
    but an exact output (a marginal over a 3000-row channel) has a denominator of tens of thousands of digits, and
    str() of it would raise ValueError — after all the work."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)


def cmd_measure(args) -> int:
    """Every finite-channel measure of one channel (and prior), each certified."""
    from mechanisms.finite import channels as fin
    from proofcheck.measures import CERTIFIED
    from proofcheck.numerics import fmt, precision

    alpha = None
    if args.alpha is not None:
        alpha = exact_arg(args.alpha, "alpha")
        if not alpha > 1:
            raise InvalidInput(f"Rényi order alpha = {args.alpha} must be > 1")
    K = _read_exact(args.channel, "channel")
    rows = {len(r) for r in K}
    if len(rows) != 1:
        raise InvalidInput(f"channel rows have different lengths {sorted(rows)}")
    K = CERTIFIED.ctx.channel(K, "channel", "measure")
    n = len(K)
    prior = _read_exact(args.prior, "prior", depth=1) if args.prior else [fin.Fraction(1, n)] * n
    if len(prior) != n:
        raise InvalidInput(f"prior has {len(prior)} entries but the channel has {n} rows")
    prior = CERTIFIED.ctx.distribution(prior, "prior", "measure")
    with precision(128), _all_digits():
        capacity = CERTIFIED.bayes_capacity(K)  # once: an exact sum over the columns of the whole channel
        out = {
            "ldp_level": fmt(CERTIFIED.ldp_level(K)),
            "mbp_level": fmt(CERTIFIED.mbp_level(K, prior)),
            "bayes_capacity": str(capacity),
            "log_bayes_capacity": fmt(CERTIFIED.log(capacity)),
            "prior_vulnerability": str(max(prior)),
            "posterior_vulnerability": str(CERTIFIED.posterior_bayes_vulnerability(K, prior)),
            "output_marginal": [str(x) for x in CERTIFIED.marginal(K, prior)],
        }
    if alpha is not None:
        out[f"max_renyi_divergence_alpha_{args.alpha}"] = _max_renyi(K, alpha, args.alpha)
    print(json.dumps(out, indent=1))
    return 0


def cmd_routes(args) -> int:
    import inspect

    import proofcheck.vocabulary as vocabulary

    found = vocabulary.entries()
    if args.name:
        if args.name not in found:
            raise InvalidInput(f"no route named {args.name!r} (proofcheck routes lists them)")
        from proofcheck.measures import CERTIFIED

        # the path's own docstring where it has one (a reader of the case: what it is for), else the entry's
        print(vocabulary.text_one(found[args.name],
                                  inspect.getdoc(getattr(CERTIFIED, args.name, None)) or found[args.name].full_doc))
        return 0
    if args.markdown:
        sys.stdout.write(vocabulary.markdown(found))
        return 0
    for entry in found.values():
        print(vocabulary.text_line(entry))
    return 0


def exact_arg(text: str, name: str):
    from mechanisms.finite.channels import to_fraction

    _check_digits(text, name)
    try:
        return to_fraction(text)
    except InvalidInput:
        raise InvalidInput(f"{name} = {_short_text(text)!r} is not an exact number (use a decimal or p/q)") from None


def int_arg(text: str, name: str) -> int:
    _check_digits(text, name)
    try:
        return int(text)
    except ValueError:
        raise InvalidInput(f"{name} = {_short_text(text)!r} is not an integer") from None


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
                         "4 x its budget + 20 s, at least 120 s; 300 s with --cases)")
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
                    help="Monte Carlo samples per interval (default: the engine's, see proofcheck.mc_evidence)")
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

    from proofcheck.registry import paper_commands

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
    from proofcheck.prove import Budget

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
    from hypothesis.configuration import set_hypothesis_home_dir

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
    import tempfile
    import traceback

    fd, path = tempfile.mkstemp(prefix="proofcheck-traceback-", suffix=".txt")
    with os.fdopen(fd, "w") as f:
        traceback.print_exception(e, file=f)
    print(f"proofcheck: internal error: {type(e).__name__}: {e} (traceback in {path})", file=sys.stderr)
    return 3


if __name__ == "__main__":
    sys.exit(main())
