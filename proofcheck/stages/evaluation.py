"""A claim's relation evaluated at one case, on the float path or the certified path.

Three outcomes only, kept apart on purpose:

* the case is in the domain: both sides (and the hypotheses) have values;
* the case is outside the statement's domain: a hypothesis fails, or a quantity raised
  :class:`~proofcheck.errors.OutsideDomain` (the paper's own definitions leave it undefined there) or the
  library's :class:`~mechanisms.errors.Undefined`;
* an error of the claim: any other exception in a quantity, a NaN, or a float on the certified
  path. It is raised as :class:`ClaimError` with the quantity, the exception and the case, and the
  claim ends ``inconclusive`` with it. An error is never counted as an exclusion.

On the certified path every value a quantity returns passes through
:func:`mechanisms.numerics.exact.check_certified` (exact numbers, arb balls and exact infinities only), and the
relation is evaluated in arb arithmetic with infinities combined exactly.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

import sympy as sp

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import certified as _certified
from mechanisms.numerics.elementary import ELEMENTARY
from mechanisms.numerics.exact import FloatOnCertifiedPath, infinity
from proofcheck.errors import EXCLUSIONS
from proofcheck.numerics import Undecided
from proofcheck.stages.rounding import show_exact


class ClaimError(Exception):
    """An error of the claim at a case (not of proofcheck, not a domain exclusion)."""

    def __init__(self, where: str, error: BaseException, case: Mapping | None = None, path: str = "float"):
        self.where, self.error, self.case, self.path = where, error, case, path
        super().__init__(f"{where} raised {type(error).__name__}: {error}")

    @property
    def kind(self) -> str:
        return "float-on-certified-path" if isinstance(self.error, FloatOnCertifiedPath) else "exception"

    def to_json(self) -> dict:
        return {"kind": self.kind, "where": self.where, "path": self.path, "type": type(self.error).__name__,
                "message": str(self.error), "case": show_exact(dict(self.case)) if self.case is not None else None}


class Outside(Exception):
    """The case is outside the statement's domain (internal signal, carries the reason)."""


# ----------------------------------------------------------------------------- the sympy tree walker
def pick(values, name: str):
    """The value of symbol `name` in a joint computation's dict (keys: names or sympy symbols)."""
    if not isinstance(values, Mapping):
        raise InvalidInput(f"a joint quantity must return a dict {{symbol: value}}, got {type(values).__name__}")
    for k, v in values.items():
        if (k.name if isinstance(k, sp.Symbol) else k) == name:
            return v
    raise InvalidInput(f"the joint quantity returned no value for {name!r} (it gave {sorted(map(str, values))})")


def evaluate(expr: sp.Basic, values: Mapping[str, Any], m) -> Any:
    """Evaluate a sympy expression on path m (FLOAT or CERTIFIED), symbols taken from values."""
    if isinstance(expr, sp.Symbol):
        return values[expr.name]
    # numbers of the statement are the context's exact numbers: they stay exact on the certified path (9/4 − 1
    # is 5/4) until they meet a ball; the float context takes the nearest float
    if isinstance(expr, sp.Integer):
        return m.ctx.exact(int(expr))
    if isinstance(expr, sp.Float):  # a decimal literal in a statement is the exact decimal it shows
        return m.ctx.exact(Fraction(str(expr)))
    if isinstance(expr, sp.Rational):
        return m.ctx.exact(Fraction(int(expr.p), int(expr.q)))
    if expr is sp.pi:
        return m.pi()
    if expr is sp.E:
        return m.exp(m.num(1))
    if expr is sp.oo:
        return m.inf
    if expr is -sp.oo:
        return -m.inf
    if expr is sp.zoo or expr is sp.nan:
        raise InvalidInput(f"{expr} in a statement")
    args = [evaluate(a, values, m) for a in expr.args]
    if isinstance(expr, sp.Add):
        out = args[0]
        for a in args[1:]:
            out = _add(out, a, m)
        return out
    if isinstance(expr, sp.Mul):
        out = args[0]
        for a in args[1:]:
            out = _mul(out, a, m)
        return out
    if isinstance(expr, sp.Pow):
        return _pow(expr.args[1], args[0], args[1], m)
    if isinstance(expr, sp.Max):
        return m.max(*args)
    if isinstance(expr, sp.Min):
        return m.min(*args)
    if isinstance(expr, sp.Abs):
        return m.abs(args[0])
    name = function_name(expr)
    if name is not None and hasattr(m, name):
        return getattr(m, name)(*args)
    raise InvalidInput(f"cannot evaluate {type(expr).__name__} in {expr}")


# sympy class name -> name on the evaluation path, where they differ (loggamma: lgamma), from the table of elementary
# functions (every other function keeps its sympy class name)
_RENAMED = {e.sympy.__name__: e.name for e in ELEMENTARY.values()
            if isinstance(e.sympy, type) and e.sympy.__name__ != e.name}


def function_name(expr) -> str | None:
    """The evaluation path's name for a sympy function node (applied or undefined), or None."""
    if isinstance(expr, sp.Function) or (isinstance(expr, type) and issubclass(expr, sp.Function)):
        cls = expr if isinstance(expr, type) else type(expr)
        return _RENAMED.get(cls.__name__, cls.__name__)
    return None


def unknown_functions(relation: sp.Basic, m) -> list[str]:
    """Names of the functions in a relation that path m does not provide (checked at load time)."""
    out = []
    for f in relation.atoms(sp.Function):
        if isinstance(f, (sp.Max, sp.Min, sp.Abs)):
            continue
        name = function_name(f)
        if name is None or not hasattr(m, name):
            out.append(type(f).__name__)
    return sorted(set(out))


def _pow(exponent, base, ex, m):
    one = m.ctx.exact(1)
    if exponent == sp.Rational(1, 2):
        return m.sqrt(base)
    if exponent == sp.Rational(-1, 2):
        return _div(one, m.sqrt(base), m)
    if exponent.is_Integer:
        n = int(exponent)
        out = one
        for _ in range(abs(n)):
            out = _mul(out, base, m)
        return out if n >= 0 else _div(one, out, m)
    return m.exp(_mul(ex, m.log(base), m))


# Certified values are exact numbers, arb balls or exact infinities (the context's ``is_inf``); arb would turn
# an infinity into an unsigned [+/- inf], so infinities are combined here by hand, and every finite result of
# that arithmetic is the context's number (0 · x is x·0 in arb, never the float 0.0).
def _indeterminate(op, a, b):
    # the statement's own expression is undefined at this case (0 · ∞, ∞ − ∞): it says nothing here
    raise Outside(f"indeterminate form {a} {op} {b} in the statement")


def _lift(a, b, m):
    """Exact numbers meeting a ball become balls (exact with exact stays exact: 9/4 − 1 = 5/4)."""
    ctx = m.ctx
    if ctx.isexact(a) != ctx.isexact(b) and not (ctx.is_inf(a) or ctx.is_inf(b)):
        return (ctx.num(a), b) if ctx.isexact(a) else (a, ctx.num(b))
    return a, b


def _add(a, b, m):
    is_inf = m.ctx.is_inf
    if is_inf(a) or is_inf(b):
        signs = {(1 if x > 0 else -1) for x in (a, b) if is_inf(x)}
        return infinity(signs.pop()) if len(signs) == 1 else _indeterminate("+", a, b)
    a, b = _lift(a, b, m)
    return a + b


def _sign(x, m) -> int:
    if x > 0:
        return 1
    if x < 0:
        return -1
    if m.ctx.is_zero(x):  # an exact zero (a ball is zero only as the exact ball [0])
        return 0
    raise Undecided(f"the sign of {x} (a ball straddling 0) multiplies an infinity")


def _mul(a, b, m):
    is_inf = m.ctx.is_inf
    if is_inf(a) and is_inf(b):
        return infinity((1 if a > 0 else -1) * (1 if b > 0 else -1))
    if is_inf(a) or is_inf(b):
        inf, other = (a, b) if is_inf(a) else (b, a)
        s = _sign(other, m)
        if s == 0:
            return _indeterminate("*", a, b)
        return infinity((1 if inf > 0 else -1) * s)
    a, b = _lift(a, b, m)
    return a * b


def _div(a, b, m):
    ctx = m.ctx
    if ctx.is_inf(b):
        return _indeterminate("/", a, b) if ctx.is_inf(a) else a * ctx.exact(0)
    if ctx.is_inf(a):
        return _mul(a, _div(ctx.exact(1), b, m), m)
    a, b = _lift(a, b, m)
    if ctx.isexact(a) and ctx.isexact(b):
        return Fraction(a) / Fraction(b)
    return a / b


# ----------------------------------------------------------------------------- quantities and sides
def quantity_values(claim, case, m, overrides=None) -> dict:
    """Every quantity of the claim at the case; domain exclusions and errors kept apart.
    `overrides` gives certified values for some quantities (a statistical claim's Monte Carlo
    intervals) in place of their routes. A real at an end its range excludes puts the case outside the
    domain. Several symbols from one computation (proofcheck.claim.jointly, or one function given for
    several names that returns a dict {symbol: value}) are computed once."""
    for v in claim.variables:
        if v.at_excluded_end(case.get(v.name)):
            raise Outside(f"{v.name} = {case[v.name]} is an end its range {v.range_text()} excludes")
    values, joint = {}, {}
    shared = _shared_functions(claim.quantities)
    for name, q in claim.quantities.items():
        if overrides and name in overrides:
            values[name] = overrides[name]
            continue
        compute = getattr(q, "joint", None) or (q if id(q) in shared else None)
        try:
            if compute is None:
                v = q(case, m)
            else:
                if id(compute) not in joint:
                    joint[id(compute)] = compute(case, m)
                v = joint[id(compute)]
                # a jointly part always picks its symbol; one function for several names only when it returns a dict
                v = pick(v, name) if compute is not q or isinstance(v, Mapping) else v
        except EXCLUSIONS as e:
            raise Outside(f"{name}: {e}") from None
        except Undecided:
            raise
        except KeyboardInterrupt:  # the user's Ctrl-C (a worker process ignores SIGINT: there it is the claim's)
            raise
        except BaseException as e:  # an error of the claim, whatever its type (sys.exit in a quantity included)
            raise ClaimError(f"quantity {name}", e, case, m.name) from e
        try:
            m.ctx.admit(v, f"quantity {name}")
        except FloatOnCertifiedPath as e:
            raise ClaimError(f"quantity {name}", e, case, m.name) from None
        values[name] = v
    return values


def _shared_functions(quantities) -> set:
    """ids of the functions given for more than one symbol (each returns a dict of them)."""
    seen, shared = set(), set()
    for q in quantities.values():
        (shared if id(q) in seen else seen).add(id(q))
    return shared


def _no_nan(relation, values, case, what, m):
    for sym in sorted(relation.free_symbols, key=lambda x: x.name):
        if m.ctx.isnan(values.get(sym.name)):
            raise ClaimError(f"quantity {sym.name}", FloatingPointError(f"NaN on the {m.name} path (in {what})"),
                             case, m.name)


def sides(claim, case, m, overrides=None):
    """(lhs, rhs, hypotheses_ok) of the claim at a case on path m.

    Raises :class:`Outside` when a quantity declares the case outside the domain,
    :class:`ClaimError` on an error of the claim, :class:`Undecided` when an enclosure is too wide."""
    values = quantity_values(claim, case, m, overrides)
    try:
        # hypotheses in order: the first that fails puts the case outside the domain (a quantity
        # that is NaN where a hypothesis excludes the case is not an error); a NaN that a
        # hypothesis or the statement reads is an error of the claim
        for h in claim.hypotheses:
            _no_nan(h.relation, values, case, f"the hypothesis '{h.text}'", m)
            if not _holds(h.relation, values, m):
                return None, None, False
        _no_nan(claim.statement, values, case, "the statement", m)
        ok = True
        lhs = evaluate(claim.statement.lhs, values, m)
        rhs = evaluate(claim.statement.rhs, values, m)
    except (Outside, Undecided, ClaimError):
        raise
    except Exception as e:
        raise ClaimError("the statement", e, case, m.name) from e
    for side, v in (("lhs", lhs), ("rhs", rhs)):
        try:
            m.ctx.admit(v, f"the {side}")
        except FloatOnCertifiedPath as e:
            raise ClaimError(f"the {side}", e, case, m.name) from None
    return lhs, rhs, ok


def _holds(rel, values, m) -> bool:
    a = evaluate(rel.lhs, values, m)
    b = evaluate(rel.rhs, values, m)
    # the hypothesis must hold for every point of the values (the float context: plain comparisons)
    ctx = m.ctx
    if isinstance(rel, sp.Lt):
        return ctx.certainly_lt(a, b)
    if isinstance(rel, sp.Gt):
        return ctx.certainly_lt(b, a)
    if isinstance(rel, sp.Le):
        return ctx.certainly_le(a, b)
    if isinstance(rel, sp.Ge):
        return ctx.certainly_le(b, a)
    if isinstance(rel, sp.Eq):
        return ctx.exactly_equal(a, b)
    if isinstance(rel, sp.Ne):
        return ctx.certainly_lt(a, b) or ctx.certainly_lt(b, a)
    raise InvalidInput(f"unsupported hypothesis relation {rel}")


# ----------------------------------------------------------------------------- certified comparisons
def certainly_less(a, b) -> bool:
    """a < b for every point of both enclosures (exact infinities handled exactly): the certified context's."""
    return _certified.certainly_lt(a, b)


def certainly_le(a, b) -> bool:
    return _certified.certainly_le(a, b)


def exactly_equal(a, b) -> bool:
    return _certified.exactly_equal(a, b)


def decided(rel, a, b) -> bool | None:
    """True when ``a rel b`` certainly holds over the enclosures, False when it certainly fails, None else
    (the prover's and the certificate checker's one decision of a relation over a box)."""
    if isinstance(rel, sp.Le):
        return True if certainly_le(a, b) else False if certainly_less(b, a) else None
    if isinstance(rel, sp.Lt):
        return True if certainly_less(a, b) else False if certainly_le(b, a) else None
    if isinstance(rel, sp.Ge):
        return True if certainly_le(b, a) else False if certainly_less(a, b) else None
    if isinstance(rel, sp.Gt):
        return True if certainly_less(b, a) else False if certainly_le(a, b) else None
    apart = certainly_less(a, b) or certainly_less(b, a)
    if isinstance(rel, sp.Eq):  # never True over a box of positive width unless both sides are one exact number
        return True if exactly_equal(a, b) else False if apart else None
    if isinstance(rel, sp.Ne):
        return True if apart else False if exactly_equal(a, b) else None
    raise ValueError(f"unsupported relation {rel}")
