"""The command line's reading of its input: argparse types, the claims to load, exact numbers typed on the
command line (their digits checked against Python's int string limit), and short quotes of bad input."""
from __future__ import annotations

import argparse
import math
import os
import sys

import proofcheck.registry as registry
from mechanisms.errors import InvalidInput
from mechanisms.finite.channels import to_fraction
from proofcheck.runs.engine import BY_COST
from proofcheck.prove import Budget

DEFAULT_SECONDS_PER_CLAIM = 3.0
PROVE_SECONDS = 30.0  # run --prove: the cap on one claim's proof attempt (the counted budget decides the rest)


def _load(claims_path: str | None):
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


def _cases(args):
    """The counted budget of a run or show: --cases N, else each claim's cost class unless --seconds is given."""
    if args.cases is not None:
        return args.cases
    return None if args.seconds is not None else BY_COST


def _prove_budget(args):
    """The prover's counted budget of `run --prove` / `show --prove` (None without --prove)."""
    if not getattr(args, "prove", False):
        return None

    return Budget(max_boxes=args.prove_boxes, max_depth=args.prove_depth, seconds=args.prove_seconds)


def exact_arg(text: str, name: str):
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


class _JsonNumber(str):
    """A JSON number as typed (exact: read by mechanisms.finite.channels's converter, never as a binary float)."""


def _json_kind(v) -> str:
    if isinstance(v, (_JsonNumber, int, float)) and not isinstance(v, bool):
        return "number"
    return {dict: "object", list: "list", str: "string", bool: "boolean", type(None): "null"}.get(type(v), "value")


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
