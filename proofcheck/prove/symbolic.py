"""The margin as a formula: boxes decided by the sign of a simplified lhs − rhs.

Where a claim's quantities are closed forms of its real variables (the case's entries, `m.exp`, `m.log`,
`m.sqrt`, ...), evaluating them on :class:`FormulaPath` gives the margin g (rhs − lhs for ≤) as a sympy
expression in the box's coordinates, which :func:`margin_form` brings to one fraction and factors
(``e^ξ/n − 1/(1 + e^(−ξ)(n − 1))`` becomes ``e^ξ (e^ξ − 1) / (n (n + e^ξ − 1))``). Where both sides agree
on a whole edge or face, the factored form says so exactly, which no enclosure can.

:func:`sign_on_box` then decides the sign of the form over a box without trusting sympy's inequalities:
a product by the signs of its factors, an even power is ≥ 0, and any other factor by its arb enclosure
over the box, or — where that reaches 0 — by the sign of its partial derivatives (sympy's exact ``diff``,
enclosed by arb over the box) down to a face, and at a single point exactly. Rewriting by sympy is only
trusted to keep the value wherever the original is defined (cancelling a common factor can only add points
where the form is defined); every inequality is decided by enclosures or exact numbers.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import flint
import sympy as sp

from mechanisms.numerics.context import Ball
from mechanisms.numerics.elementary import ELEMENTARY
from mechanisms.numerics.exact import Undecided
from mechanisms.numerics.record import Failed, attempt
from proofcheck.prove.mean_value import margin

# the elementary functions the margin writes as formulas (the table's symbolic column), by name
WRITTEN = {e.name: e for e in ELEMENTARY.values() if e.symbolic and e.sympy is not None}

FUEL = 64  # enclosures one sign decision may evaluate (faces of faces included)


class NotSymbolic(Undecided):
    """The claim's quantities use something that has no formula here (an Undecided: a quantity's ``except
    Exception`` does not catch it, and one that catches it anyway leaves the form's computation unclean)."""


class Formula:
    """A formula a quantity computes with: arithmetic builds sympy expressions; a comparison, a truth value or
    a conversion to a number raises NotSymbolic (a branch taken on a formula would hold only off a set the
    formula cannot see, e.g. ``x == 0``)."""

    __slots__ = ("expr",)
    __array_ufunc__ = None  # numpy hands arithmetic back to us, and has no other use of a formula

    def __init__(self, expr):
        self.expr = expr

    def _op(f):
        def method(self, other):
            return Formula(f(self.expr, _sym(other)))
        return method

    __add__ = _op(lambda a, b: a + b)
    __radd__ = _op(lambda a, b: b + a)
    __sub__ = _op(lambda a, b: a - b)
    __rsub__ = _op(lambda a, b: b - a)
    __mul__ = _op(lambda a, b: a * b)
    __rmul__ = _op(lambda a, b: b * a)
    __truediv__ = _op(lambda a, b: a / b)
    __rtruediv__ = _op(lambda a, b: b / a)
    __pow__ = _op(lambda a, b: a ** b)
    __rpow__ = _op(lambda a, b: b ** a)
    del _op

    def __neg__(self):
        return Formula(-self.expr)

    def __pos__(self):
        return self

    def _refuse(self, *args):
        raise NotSymbolic("a comparison, truth value or number taken of a formula")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __bool__ = __float__ = __int__ = __index__ = _refuse
    __abs__ = __round__ = __floor__ = __ceil__ = _refuse
    __hash__ = None


def _sym(x):
    """A quantity's value or an argument as a sympy expression (exact numbers only, never a float)."""
    if isinstance(x, Formula):
        return x.expr
    if isinstance(x, bool) or isinstance(x, sp.Basic):
        raise NotSymbolic(f"a {type(x).__name__}")
    if isinstance(x, Fraction):
        return sp.Rational(x.numerator, x.denominator)
    if isinstance(x, int):
        return sp.Integer(x)
    raise NotSymbolic(f"a {type(x).__name__}")


class FormulaPath:
    """The `m` of a claim's quantities, building formulas; anything else it is asked for raises NotSymbolic
    (that claim's margin is not a formula here)."""

    name = "formula"
    certified = True

    def num(self, x):
        return Formula(_sym(x))

    value = num

    def _unary(f):
        def method(self, x):
            return Formula(f(_sym(x)))
        return method

    for _name, _e in WRITTEN.items():  # m.exp, m.log, m.sqrt, ...: the table's sympy forms
        locals()[_name] = _unary(_e.sympy)
    del _unary, _name, _e

    def pi(self):
        return Formula(sp.pi)

    def __getattr__(self, name):
        raise NotSymbolic(f"m.{name}")


def symbols_of(domain) -> list:
    return [sp.Symbol(f"x{i}", real=True) for i in range(len(domain.coordinates))]


_FORMS: dict = {}  # (id of the claim, the domain's coordinates and fixed entries) -> (claim, form)


def margin_form(claim, domain):
    """The margin as one factored sympy fraction in the symbols x0, x1, ... of the domain's coordinates,
    or None where the claim's quantities are not formulas (only domains of reals, no distributions)."""
    if domain.shapes:
        return None
    key = (id(claim), repr(domain.coordinates), repr(sorted(domain.fixed.items(), key=str)))
    hit = _FORMS.get(key)
    if hit is None or hit[0] is not claim:
        hit = _FORMS[key] = (claim, _margin_form(claim, domain))
    return hit[1]


def _margin_form(claim, domain):
    xs = symbols_of(domain)
    case = dict(domain.fixed)
    for i, c in enumerate(domain.coordinates):
        if c.lo == c.hi:
            case[c.variable] = int(c.lo) if c.kind == "integer" else Fraction(c.lo)
        elif c.kind == "integer":
            return None  # enumerated one value at a time: no formula in it
        else:
            case[c.variable] = Formula(xs[i])
    m = FormulaPath()

    def form():
        values = {name: _sym(q(case, m)) for name, q in claim.quantities.items()}
        lhs = _substitute(claim.statement.lhs, values)
        rhs = _substitute(claim.statement.rhs, values)
        g = margin(claim.statement, lhs, rhs)
        if g.has(sp.zoo, sp.nan, sp.oo, -sp.oo) or not g.free_symbols <= set(xs):
            return None
        return simplified(g)
    # a closed computation: a quantity that caught NotSymbolic (a branch on a formula) and went on computes
    # another function than the claim's, so a form that met one is no form
    g = attempt(form)
    return None if isinstance(g, Failed) else g


MAX_OPS = 120  # a formula larger than this is not rewritten further (sympy's rewriting may take very long)
MAX_NUMBER = 10**12  # nor one with a rational of more digits (exp(c·x²) expanded into exp(10¹⁴)·exp(...))


def simplified(g):
    """The margin brought to one fraction, cancelled and factored, each step kept only while the formula stays
    small (every step is an identity of sympy's, valid wherever the margin is defined)."""
    out = g
    for step in (sp.together, sp.cancel, sp.factor):
        if _too_big(out):
            break
        nxt = step(out)
        if _too_big(nxt):
            break
        out = nxt
    return out


def _too_big(e) -> bool:
    return sp.count_ops(e) > MAX_OPS or any(abs(r.p) > MAX_NUMBER or r.q > MAX_NUMBER for r in e.atoms(sp.Rational))


def _substitute(expr, values):
    return expr.xreplace({s: values[s.name] for s in expr.free_symbols if s.name in values})


def symbolic_reason(claim, domain, box, strict: bool) -> dict | None:
    """{"by": "symbolic", "form": ...} when the factored margin has the sign the relation needs over the box."""
    form = margin_form(claim, domain)
    if form is None:
        return None
    want = "pos" if strict else "nonneg"
    if sign_on_box(form, symbols_of(domain), box) in _IMPLIES[want]:
        return {"by": "symbolic", "form": str(form)}
    return None


def check_symbolic(claim, domain, box, reason, strict: bool) -> tuple[bool, str]:
    """Re-derive the form from the claim (the recorded one is only shown) and decide its sign again."""
    form = margin_form(claim, domain)
    if form is None:
        return False, "the claim's margin is not a formula here"
    if symbolic_reason(claim, domain, box, strict) is None:
        return False, f"the sign of the margin {form} is not decided over the box"
    return True, ""


# ----------------------------------------------------------------------------- signs over a box
_IMPLIES = {"pos": {"pos"}, "nonneg": {"pos", "nonneg", "zero"}}


def sign_on_box(expr, xs, box, fuel=None) -> str | None:
    """'pos', 'neg', 'zero', 'nonneg', 'nonpos' when certain over the box (every point), else None."""
    fuel = [FUEL] if fuel is None else fuel
    sub = {x: sp.Rational(lo.numerator, lo.denominator) for x, (lo, hi) in zip(xs, box) if lo == hi}
    expr = expr.xreplace(sub) if sub else expr
    try:
        return _sign(expr, xs, box, fuel)
    except (NotSymbolic, ZeroDivisionError, ValueError, TypeError):
        return None


def _sign(expr, xs, box, fuel):
    if expr.is_number:
        return _number_sign(expr)
    if not _free(expr) <= set(xs):
        raise NotSymbolic("a symbol that is not a coordinate")
    if isinstance(expr, sp.Mul):
        return _product([_sign(a, xs, box, fuel) for a in expr.args])
    if isinstance(expr, sp.Pow) and expr.exp.is_Integer:
        base = _sign(expr.base, xs, box, fuel)
        n = int(expr.exp)
        if n < 0 and base not in ("pos", "neg"):
            return None  # 1/0 somewhere: no sign
        if n % 2 == 0:
            return "pos" if base in ("pos", "neg") else "nonneg" if n > 0 else None
        return base
    if isinstance(expr, sp.exp):
        return "pos"
    if isinstance(expr, sp.Add):
        by_root = _with_square_root(expr, xs, box, fuel)
        if by_root is not None:
            return by_root
    return _by_enclosure(expr, xs, box, fuel)


_NONNEG, _NONPOS = ("pos", "nonneg", "zero"), ("neg", "nonpos", "zero")


def _with_square_root(expr, xs, box, fuel):
    """The sign of A + k·√B (one square-root term, k rational) from the signs of A and of A² − k²B: where A ≥ 0
    and k < 0, A − |k|√B ≥ 0 exactly where A² ≥ k²B (and so on by signs). It removes the root, whose derivative
    is unbounded where B = 0 (κθ − κ√(2 − 2cos θ) at θ = 0, where the margin is tied)."""
    roots = [t for t in expr.args if _root_term(t) is not None]
    if len(roots) != 1:
        return None
    k, b = _root_term(roots[0])
    a = expr - roots[0]
    if _sign(b, xs, box, fuel) not in _NONNEG:
        return None
    sa = _sign(a, xs, box, fuel)
    if sa is None:
        return None
    same = (k > 0) == (sa in ("pos", "nonneg"))
    if sa == "zero" or same:  # A and k√B have one sign: the sum has it
        if k > 0:
            return "pos" if sa == "pos" else "nonneg"
        return "neg" if sa == "neg" else "nonpos"
    squares = sp.expand(a ** 2 - k ** 2 * b) if k < 0 else sp.expand(k ** 2 * b - a ** 2)
    # k < 0, A ≥ 0: sign(A − |k|√B) = sign(A² − k²B); k > 0, A ≤ 0: sign(k√B − |A|) = sign(k²B − A²)
    return _sign(squares, xs, box, fuel)


def _root_term(t):
    """(k, B) where the term is k·√B with k a nonzero rational, else None."""
    k, rest = t.as_coeff_Mul()
    if isinstance(rest, sp.Pow) and rest.exp == sp.Rational(1, 2) and k.is_Rational and k != 0:
        return k, rest.base
    return None


def _number_sign(expr):
    """The sign of a number: by its enclosure, and exactly 0 only where sympy's exact arithmetic says so."""
    try:
        v = _arb(expr, {})
    except (ValueError, ZeroDivisionError):
        v = None
    if v is not None and v > 0:
        return "pos"
    if v is not None and v < 0:
        return "neg"
    return "zero" if expr == 0 or expr.is_zero is True else None


def _product(signs):
    if any(s is None for s in signs):
        return None
    if "zero" in signs:
        return "zero"
    negative = sum(s in ("neg", "nonpos") for s in signs) % 2 == 1
    strict = all(s in ("pos", "neg") for s in signs)
    if strict:
        return "neg" if negative else "pos"
    return "nonpos" if negative else "nonneg"


def _by_enclosure(expr, xs, box, fuel):
    """The sign of a factor by its enclosure; where that reaches 0, ≥ 0 (≤ 0) through a face of the box
    toward which the factor decreases (increases), the faces' signs decided the same way."""
    if fuel[0] <= 0:
        return None
    fuel[0] -= 1
    v = _arb(expr, dict(zip(xs, box)))
    if v > 0:
        return "pos"
    if v < 0:
        return "neg"
    if v.lower() >= 0:
        return "nonneg"
    if v.upper() <= 0:
        return "nonpos"
    return _through_faces(expr, xs, box, fuel)


def _through_faces(expr, xs, box, fuel):
    """> 0, ≥ 0 (< 0, ≤ 0) over the box from the same on one face: the face the factor grows away from (falls
    away from, for < 0 and ≤ 0), along a coordinate in which it is monotone over the whole box. Each slope is
    decided once (by the same rules: e^x > 0 over any box), a strict sign preferred to a weak one."""
    weak = None
    for i, (x, (lo, hi)) in enumerate(zip(xs, box)):
        if lo == hi or x not in _free(expr) or fuel[0] <= 0:
            continue
        fuel[0] -= 1
        slope = _sign(_derivative(expr, x), xs, box, fuel)
        increasing, decreasing = slope in ("pos", "nonneg", "zero"), slope in ("neg", "nonpos", "zero")
        if not (increasing or decreasing):
            continue
        smallest, largest = (lo, hi) if increasing else (hi, lo)  # the faces where the factor is least, greatest
        at_least = _face_sign(expr, xs, box, i, x, smallest, fuel)
        if at_least == "pos":
            return "pos"
        if at_least in ("nonneg", "zero"):
            weak = weak or "nonneg"
            continue
        at_most = _face_sign(expr, xs, box, i, x, largest, fuel)
        if at_most == "neg":
            return "neg"
        if at_most in ("nonpos", "zero"):
            weak = weak or "nonpos"
    return weak


def _face_sign(expr, xs, box, i, x, end, fuel):
    face = box[:i] + ((end, end),) + box[i + 1:]
    return _sign(_at(expr, x, sp.Rational(end.numerator, end.denominator)), xs, face, fuel)


# ----------------------------------------------------------------------------- arb enclosures of a formula
def _monotone(f):
    """A monotone function over a ball: the hull of its values at the two ends (arb's own enclosure of a wide
    ball is centred, and loses the lower end e^0 = 1 of exp over [0, 50])."""
    def over(a):
        if a.rad() == 0:
            return f(a)
        return f(flint.arb(a.lower())).union(f(flint.arb(a.upper())))
    return over


# sympy's function class -> (its arb enclosure over a ball, where it is defined): the ends of the ball where the table
# says it is monotone, arb's own enclosure elsewhere (sin, cos); its sympy form a class, not an expression (√, log1p)
_FUNCTIONS = {e.sympy: (_monotone(e.arb) if e.monotone is not None else e.arb, e.monotone or (lambda a: True))
              for e in WRITTEN.values() if isinstance(e.sympy, type)}


def _arb(expr, at: dict):
    """An arb ball enclosing the formula over the box ``at`` ({symbol: (lo, hi)}); raises where it has none."""
    env = {x: _interval(lo, hi) for x, (lo, hi) in at.items()}
    return _compiled(expr)(env)


@lru_cache(maxsize=4096)
def _compiled(expr):
    """The formula as a function of {symbol: arb} (built once per formula: boxes differ, formulas repeat)."""
    if isinstance(expr, sp.Symbol):
        def symbol(env):
            if expr not in env:
                raise NotSymbolic(f"free symbol {expr}")
            return env[expr]
        return symbol
    if expr.is_Rational:
        p, q = int(expr.p), int(expr.q)
        return lambda env: flint.arb(p) / q
    if expr is sp.pi:
        return lambda env: flint.arb.pi()
    if expr is sp.E:
        return lambda env: flint.arb(1).exp()
    if isinstance(expr, (sp.Add, sp.Mul)):
        parts = [_compiled(a) for a in expr.args]
        add = isinstance(expr, sp.Add)

        def combine(env):
            out = flint.arb(0 if add else 1)
            for f in parts:
                out = out + f(env) if add else out * f(env)
            return _finite(out)
        return combine
    if isinstance(expr, sp.Pow):
        return _power(expr)
    known = _FUNCTIONS.get(type(expr))
    if known is not None:
        (f, defined), arg = known, _compiled(expr.args[0])

        def function(env):
            a = arg(env)
            if not defined(a):
                raise ValueError(f"{type(expr).__name__} of a ball not certainly in its domain")
            return _finite(f(a))
        return function
    raise NotSymbolic(f"no enclosure of {type(expr).__name__}")


def _power(expr):
    base, e = _compiled(expr.base), expr.exp
    if e.is_Integer:
        n = int(e)

        def integer_power(env):
            b = base(env)
            if n < 0 and b.contains(0):
                raise ZeroDivisionError("a negative power of a ball holding 0")
            return _finite(b ** n)
        return integer_power
    if e == sp.Rational(1, 2):
        def square_root(env):
            b = base(env)
            if not b >= 0:
                raise ValueError("the square root of a ball reaching below 0")
            return _finite(_monotone(lambda a: a.sqrt())(b))
        return square_root
    exponent = _compiled(e)

    def real_power(env):
        b = base(env)
        if not b > 0:
            raise ValueError("a real power of a ball not above 0")
        return _finite((exponent(env) * b.log()).exp())
    return real_power


@lru_cache(maxsize=8192)
def _free(expr):
    """The formula's symbols (sympy walks the whole tree for each ask: the sign rules ask many times per box)."""
    return expr.free_symbols


@lru_cache(maxsize=4096)
def _derivative(expr, x):
    return sp.diff(expr, x)


@lru_cache(maxsize=4096)
def _at(expr, x, value):
    return expr.xreplace({x: value})


@lru_cache(maxsize=8192)
def _interval(lo: Fraction, hi: Fraction):
    if lo == hi:
        return flint.arb(lo.numerator) / lo.denominator
    return Ball.of(lo, hi).arb  # the prover's own enclosure of a coordinate's interval


def _finite(x):
    if not x.is_finite():
        raise ValueError("an unbounded enclosure")
    return x
