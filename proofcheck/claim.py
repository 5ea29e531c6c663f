"""A claim is data: where it comes from, what it quantifies over, the literal relation, how to evaluate.

The statement is a sympy relation between symbols; each symbol is given a *quantity*, a pure
function ``(case, m) -> value`` evaluated on the float path (``m = FLOAT``) during search and on
the certified path (``m = CERTIFIED``, exact rationals and arb balls) for the verdict. The
relation itself is evaluated by :func:`evaluate`, a small tree walker, so the sympy object
printed in the report is the very one that is checked.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping

import numpy as np
import sympy as sp
from hypothesis.strategies import SearchStrategy

from mechanisms.errors import InvalidInput

KINDS = ("def", "lem", "thm", "prop", "cor", "eq", "rem", "table", "alg", "ex", "claim")

Case = dict  # name -> value: float path numpy arrays / floats / ints; exact path Fractions / ints
Quantity = Callable[[Case, Any], Any]


@dataclass(frozen=True)
class Source:
    seed: str  # file name in shared/seeds
    where: str  # section / equation as printed
    quote: str  # the statement, verbatim


@dataclass(frozen=True)
class Var:
    """A quantified object. kind: simplex (a distribution), channel (row-stochastic matrix),
    real (a number in [lo, hi]), vector (a vector with every entry in [lo, hi]),
    integer (held fixed by the optimiser)."""

    name: str
    kind: str
    doc: str = ""
    lo: float | None = None
    hi: float | None = None

    def __post_init__(self):
        if self.kind not in ("simplex", "channel", "real", "vector", "integer"):
            raise InvalidInput(f"unknown variable kind {self.kind!r} for {self.name!r}")


def simplex(name, doc=""):
    return Var(name, "simplex", doc)


def channel(name, doc=""):
    return Var(name, "channel", doc)


def real(name, lo=None, hi=None, doc=""):
    return Var(name, "real", doc, lo, hi)


def vector(name, lo=None, hi=None, doc=""):
    return Var(name, "vector", doc, lo, hi)


def integer(name, lo=None, hi=None, doc=""):
    return Var(name, "integer", doc, lo, hi)


@dataclass(frozen=True)
class Hypothesis:
    """A hypothesis of the statement, as a sympy relation over the claim's quantities.

    Cases where it fails are outside the statement's domain and are skipped (and counted)."""

    text: str
    relation: sp.Basic


@dataclass(frozen=True)
class Claim:
    id: str
    title: str
    source: Source
    variables: tuple[Var, ...]
    statement: sp.Basic  # sympy relation: Le, Ge, Lt, Gt or Eq
    quantities: Mapping[str, Quantity]
    strategy: SearchStrategy
    hypotheses: tuple[Hypothesis, ...] = ()
    encoding: str = ""  # how the printed statement was turned into this relation, and why
    reading: str | None = None  # which reading of an ambiguous statement (also after '#' in id)
    reconstructed: str | None = None  # what was reconstructed from a garbled text, and why
    digits: int = 12  # identities: agreement required on the float path
    rounding: tuple[int, ...] = (2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 32, 50, 100, 1000, 10**4, 10**6)
    exact_inputs: tuple[str, ...] = ()  # variables that are exact by nature (never rounded)
    tags: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self):
        validate_id(self.id)
        if not isinstance(self.statement, (sp.Le, sp.Ge, sp.Lt, sp.Gt, sp.Eq)):
            raise InvalidInput(f"{self.id}: statement must be a sympy relation, got {type(self.statement).__name__}")
        names = {s.name for s in self.statement.free_symbols}
        for h in self.hypotheses:
            names |= {s.name for s in h.relation.free_symbols}
        missing = names - set(self.quantities)
        if missing:
            raise InvalidInput(f"{self.id}: no quantity for symbol(s) {sorted(missing)}")

    @property
    def is_identity(self) -> bool:
        return isinstance(self.statement, sp.Eq)

    @property
    def seed_prefix(self) -> str:
        return self.id.split(".")[0]


def validate_id(cid: str) -> None:
    base = cid.split("#")[0].split("+")[0]
    parts = base.split(".")
    if len(parts) < 3 or not (parts[0].startswith("s") and parts[0][1:].isdigit() and len(parts[0]) == 4):
        raise InvalidInput(f"claim id {cid!r} is not of the form sNNN.kind.number")
    if parts[1] not in KINDS:
        raise InvalidInput(f"claim id {cid!r}: kind {parts[1]!r} is not one of {', '.join(KINDS)}")


# ----------------------------------------------------------------------------- evaluation
def evaluate(expr: sp.Basic, values: Mapping[str, Any], m) -> Any:
    """Evaluate a sympy expression on path m (FLOAT or CERTIFIED), symbols taken from values."""
    if isinstance(expr, sp.Symbol):
        return values[expr.name]
    if isinstance(expr, sp.Integer):
        return m.num(int(expr))
    if isinstance(expr, sp.Float):  # a decimal literal in a statement is taken as exact
        return float(expr) if m.name == "float" else m.num(Fraction(str(expr)))
    if isinstance(expr, sp.Rational):
        return m.num(Fraction(int(expr.p), int(expr.q))) if m.name != "float" else float(expr)
    if expr is sp.pi:
        return math.pi if m.name == "float" else _arb_pi()
    if expr is sp.E:
        return m.exp(m.num(1))
    if expr is sp.oo:
        return math.inf
    args = [evaluate(a, values, m) for a in expr.args]
    if isinstance(expr, sp.Add):
        out = args[0]
        for a in args[1:]:
            out = _add(out, a)
        return out
    if isinstance(expr, sp.Mul):
        out = args[0]
        for a in args[1:]:
            out = _mul(out, a)
        return out
    if isinstance(expr, sp.Pow):
        base, ex = expr.args
        if ex == sp.Rational(1, 2):
            return m.sqrt(args[0])
        if ex == sp.Rational(-1, 2):
            return _div(m.num(1), m.sqrt(args[0]))
        if ex.is_Integer:
            n = int(ex)
            out = m.num(1)
            for _ in range(abs(n)):
                out = _mul(out, args[0])
            return out if n >= 0 else _div(m.num(1), out)
        return m.exp(_mul(args[1], m.log(args[0])))
    if isinstance(expr, sp.exp):
        return m.exp(args[0])
    if isinstance(expr, sp.log):
        return m.log(args[0])
    if isinstance(expr, sp.Abs):
        return m.abs(args[0])
    if isinstance(expr, sp.Max):
        return m.max(*args)
    if isinstance(expr, sp.Min):
        return m.min(*args)
    if isinstance(expr, sp.Function) and len(args) == 1:
        # any other elementary function by name: numpy on the float path, the arb method of the
        # same name (sinh, cosh, tanh, atan, erf, ...) on the certified path
        name = type(expr).__name__
        if m.name == "float" and hasattr(np, name):
            return getattr(np, name)(args[0])
        if m.name != "float" and not _is_inf(args[0]) and hasattr(args[0], name):
            return getattr(args[0], name)()
    raise InvalidInput(f"cannot evaluate {type(expr).__name__} in {expr}")


def _arb_pi():
    from flint import arb

    return arb.pi()


# Certified values are arb balls or the float ±inf (an exact infinity); arb would turn a float
# inf into an unsigned [+/- inf], so infinities are combined here by hand.
def _is_inf(x):
    return isinstance(x, float) and math.isinf(x)


def _indeterminate(op, a, b):
    raise InvalidInput(f"indeterminate form {a} {op} {b}")


def _add(a, b):
    if _is_inf(a) or _is_inf(b):
        out = (a if _is_inf(a) else 0.0) + (b if _is_inf(b) else 0.0)
        return out if not math.isnan(out) else _indeterminate("+", a, b)
    return a + b


def _mul(a, b):
    if _is_inf(a) and _is_inf(b):
        return a * b
    if _is_inf(a) or _is_inf(b):
        inf, other = (a, b) if _is_inf(a) else (b, a)
        if other > 0:
            return inf
        if other < 0:
            return -inf
        return _indeterminate("*", a, b)
    return a * b


def _div(a, b):
    if _is_inf(b):
        return 0.0 if not _is_inf(a) else _indeterminate("/", a, b)
    if _is_inf(a):
        return _mul(a, 1 / b)
    return a / b


def sides(claim: Claim, case: Case, m):
    """(lhs, rhs, hypotheses_ok) of the claim at a case on path m."""
    values = {name: q(case, m) for name, q in claim.quantities.items()}
    ok = all(_holds(h.relation, values, m) for h in claim.hypotheses)
    lhs = evaluate(claim.statement.lhs, values, m)
    rhs = evaluate(claim.statement.rhs, values, m)
    return lhs, rhs, ok


def _holds(rel, values, m) -> bool:
    a = evaluate(rel.lhs, values, m)
    b = evaluate(rel.rhs, values, m)
    if m.name == "float":
        if isinstance(rel, sp.Le):
            return bool(a <= b)
        if isinstance(rel, sp.Lt):
            return bool(a < b)
        if isinstance(rel, sp.Ge):
            return bool(a >= b)
        if isinstance(rel, sp.Gt):
            return bool(a > b)
        if isinstance(rel, sp.Eq):
            return bool(a == b)
        if isinstance(rel, sp.Ne):
            return bool(a != b)
    from proofcheck.numerics import certainly_less

    # certified: the hypothesis must hold for every point of the enclosures
    if isinstance(rel, sp.Lt):
        return certainly_less(a, b)
    if isinstance(rel, sp.Gt):
        return certainly_less(b, a)
    if isinstance(rel, (sp.Le, sp.Ge)):
        x, y = (a, b) if isinstance(rel, sp.Le) else (b, a)
        return _certainly_le(x, y)
    if isinstance(rel, sp.Eq):
        return _exact_equal(a, b)
    if isinstance(rel, sp.Ne):
        from proofcheck.numerics import certainly_distinct

        return certainly_distinct(a, b)
    raise InvalidInput(f"unsupported hypothesis relation {rel}")


def _certainly_le(x, y) -> bool:
    from proofcheck.numerics import is_inf

    if is_inf(y):
        return True
    if is_inf(x):
        return False
    return bool(x <= y) or bool(x.upper() <= y.lower()) if hasattr(x, "upper") else bool(x <= y)


def _exact_equal(a, b) -> bool:
    from proofcheck.numerics import is_inf

    if is_inf(a) or is_inf(b):
        return is_inf(a) and is_inf(b)
    return bool(a.is_exact() and b.is_exact() and a == b) if hasattr(a, "is_exact") else a == b
