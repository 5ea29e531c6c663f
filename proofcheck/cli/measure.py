"""`proofcheck measure` (every certified measure of one finite channel, read exactly from JSON) and
`proofcheck routes` (the names a quantity or a statement may call)."""
from __future__ import annotations

import contextlib
import inspect
import json
import math
import sys
from fractions import Fraction
from pathlib import Path

from flint import arb

import proofcheck.vocabulary as vocabulary
from mechanisms.errors import InvalidInput
from mechanisms.finite import channels as fin
from mechanisms.numerics.exact import Exact, Undecided, to_fraction
from proofcheck.cli.inputs import _JsonNumber, _check_digits, _json_kind, _max_digits, _short_path, _short_text, exact_arg
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import fmt, is_inf, precision


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
    data = _read_matrix(text, what, depth)
    out = _exact_rows(data, depth, _max_digits())
    if out is not None:
        return out
    _check_nesting(data, what, depth)
    return fin.exact_matrix(data, what) if depth == 2 else fin.exact_vector(data, what)


def _exact_rows(data, depth: int, limit: int):
    """_read_exact's one pass: the exact values, or None at the first entry that is not plainly fine."""
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


MAX_RENYI_PRECISION = 1 << 16  # bits: α up to 10^MAX_DIGITS (or as close to 1) fits well below


def _max_renyi(K, alpha, alpha_text: str):
    """max over pairs of distinct rows of D_α(K[i] ‖ K[j]), certified and printed, at the precision the
    order needs (a huge α, or one close to 1, needs about log2 of its numerator and denominator more bits).

    A channel with one row has no pair of distinct rows: as its LDP level (0: no two inputs to tell apart),
    the value is 0."""
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
    found = vocabulary.entries()
    if args.name:
        if args.name not in found:
            raise InvalidInput(f"no route named {args.name!r} (proofcheck routes lists them)")

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
