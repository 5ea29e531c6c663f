"""The numeric context a formula is written against (after mpmath's ``ctx_base``).

A formula is a function ``f(ctx, ...)`` registered once with :func:`formula`; every context exposes
it as a method (``ctx.kl(p, q)``) and decides how numbers are made, combined and compared:

* :data:`mechanisms.numerics.context.fp` — machine floats and numpy arrays, for the search;
* :data:`mechanisms.numerics.context.certified` — exact rationals where exact, arb balls otherwise; the two mix
  freely under the usual operators; the verdict is decided here;
* :data:`mechanisms.numerics.context.box` — arb balls of any width as inputs: the same formula gives a certified
  enclosure over a whole parameter box (proofs by branch-and-bound stand on it).

Infinity, "unknown" and comparisons are the context's: ``ctx.inf``, ``ctx.is_inf(x)``,
``ctx.lt(a, b)`` answers True, False or :data:`UNKNOWN` (a ball straddling the other side), and
``ctx.sign(x)``. :data:`UNKNOWN` has no truth value: branching on it raises
:class:`~mechanisms.numerics.exact.Undecided`, so a formula never takes a branch its inputs do not decide.

A second method for the same quantity (quadrature against a closed form, a series against a Bessel
form) is a separately named formula: two transcriptions of one formula are one route, never two.
"""
from __future__ import annotations

import functools
import importlib
import inspect
import math
import pkgutil
from fractions import Fraction
from typing import Callable

import numpy as np

import mechanisms
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import Undecided
from mechanisms.numerics.record import Failed, answered_unknown, attempt, note, settled

FORMULAS: dict[str, Callable] = {}
CONTEXTS: dict[str, "Context"] = {}  # name -> the module-level context of that name (fp, certified, box)


def register_context(ctx: "Context") -> "Context":
    """``ctx`` as the context of its name (what a pickled context and a formula called without one find)."""
    if ctx.name in CONTEXTS:
        raise ValueError(f"a context named {ctx.name!r} is registered already")
    CONTEXTS[ctx.name] = ctx
    return ctx


ARG_KINDS = ("scalar", "integer", "vector", "matrix", "point", "flag", "text", "function", "any")


def formula(fn: Callable | None = None, *, name: str | None = None, args: dict | None = None,
            domain: str | None = None, monotone: dict | None = None):
    """Register ``fn(ctx, ...)`` as a formula every context exposes under ``name`` (default: its own).

    ``args`` optionally declares the shape of each argument (one of :data:`ARG_KINDS`: a real
    ``scalar``, an ``integer``, a ``vector``, a ``matrix``, a ``point`` of the plane, ...) and ``domain``
    where the formula is defined, in words (``"0 < p < 1"``); ``proofcheck routes`` prints both.
    A name registered twice is an error (never a silent replacement).

    ``monotone`` declares the formula monotone in some of its arguments: {argument: +1 (non-decreasing) or −1
    (non-increasing)}, on the formula's whole domain, the other arguments fixed. A declaration is a theorem the
    proofs trust, as they trust that exp is increasing: the prover's box context encloses the formula over a
    box from its values at the box's two extreme corners (:mod:`proofcheck.prove.tight`), and nothing checks
    it. So the formula's docstring must say why it holds (a data-processing inequality, a closed form's sign).

    The name the decorator leaves in the module is the library's function to call alone, as mpmath's are: given
    a context first (``best_eps_from_rdp_basic(certified, orders, rdp, delta)``, as the library's own callers
    and the contexts do) it is the formula on that context; given no context (``best_eps_from_rdp_basic(orders,
    rdp, delta)``) it is the formula on the float context ``fp``. :data:`FORMULAS` and every context hold the
    formula itself (``__wrapped__``)."""
    def register(f):
        key = name or f.__name__
        params = list(inspect.signature(f).parameters)
        if not params or params[0] != "ctx":
            raise TypeError(f"formula {key}: the first parameter must be ctx")
        if key in FORMULAS and FORMULAS[key] is not f:
            raise ValueError(f"formula {key!r} registered twice")
        for arg, kind in (args or {}).items():
            if arg not in params[1:]:
                raise TypeError(f"formula {key}: args declares {arg!r}, which is not a parameter")
            if kind not in ARG_KINDS:
                raise TypeError(f"formula {key}: the kind of {arg!r} must be one of {ARG_KINDS}, got {kind!r}")
        _check_monotone(key, f, monotone or {})
        FORMULAS[key] = f
        f.formula_name = key
        f.formula_args = dict(args or {})
        f.formula_domain = domain
        f.formula_monotone = dict(monotone or {})
        return _callable_alone(f, key)
    return register(fn) if fn is not None else register


def _callable_alone(f: Callable, key: str) -> Callable:
    """``f(ctx, ...)`` as a module-level name: with a context (or a path over one, ``m``) first it is f itself; with
    none, f on the float context."""
    @functools.wraps(f)
    def formula_alone(*args, **kwargs):
        if (args and _is_context(args[0])) or "ctx" in kwargs:
            return f(*args, **kwargs)
        fp = CONTEXTS["fp"]
        try:
            return f(fp, *args, **kwargs)
        except TypeError as e:
            try:
                inspect.signature(f).bind(fp, *args, **kwargs)
            except TypeError:  # the arguments do not fit: say what a call takes, and which context it is on
                raise TypeError(f"{key}: {e}; called without a context it is the float context's "
                                f"fp.{key}{_signature_alone(f)}; pass a context first for another "
                                f"(certified or box, from mechanisms.numerics.context)") from None
            raise  # a TypeError of the formula's own
    formula_alone.formula_raw = f
    return formula_alone


def _signature_alone(f: Callable) -> str:
    sig = inspect.signature(f)
    return str(sig.replace(parameters=list(sig.parameters.values())[1:]))


def _is_context(x) -> bool:
    """A numeric context, or what a quantity receives as ``m`` (a path over one: it has the context's names)."""
    return isinstance(x, Context) or isinstance(getattr(x, "ctx", None), Context)


def _check_monotone(key: str, f: Callable, monotone: dict) -> None:
    """A monotone declaration names parameters of ``f`` (not ctx, not ``*args``/``**kwargs``), each with +1 or −1."""
    params = inspect.signature(f).parameters
    named = [p for p in list(params)[1:] if params[p].kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                                              inspect.Parameter.KEYWORD_ONLY)]
    if not isinstance(monotone, dict):
        raise TypeError(f"formula {key}: monotone must be a dict {{argument: +1 or -1}}, got {monotone!r}")
    for arg, sign in monotone.items():
        if arg not in named:
            raise TypeError(f"formula {key}: monotone declares {arg!r}, which is not a named parameter")
        if isinstance(sign, bool) or not isinstance(sign, int) or sign not in (1, -1):
            raise TypeError(f"formula {key}: the direction of {arg!r} must be +1 or -1, got {sign!r}")


def integral_window_ends(ctx, a, b, cut):
    """The finite interval of ``ctx.integral(f, a, b, cut=...)`` before its tails: a and b where finite; an
    infinite end replaced by its cut — ``cut`` a number (the upper cut, for b = +inf) or a pair (lower cut,
    upper cut), None where that end is finite."""
    lo_cut, hi_cut = cut if isinstance(cut, tuple) else (None, cut)
    if (ctx.is_inf(a) and lo_cut is None) or (ctx.is_inf(b) and hi_cut is None):
        raise InvalidInput("integral: an infinite end needs a finite cut")
    return (lo_cut if ctx.is_inf(a) else a), (hi_cut if ctx.is_inf(b) else b)


def _float_of(x) -> float:
    a = getattr(x, "arb", x)  # a Ball of the box context holds an arb ball
    if hasattr(a, "mid") and not isinstance(a, (int, float)):
        a = a.mid()
    return float(a)


class Unknown:
    """A question its operands do not decide (balls that overlap, a predicate of a ball that reaches the
    point asked about). It has no truth value, and each one is noted in the record of the running
    computation (:mod:`mechanisms.numerics.record`) until a three-valued branch takes it (:meth:`Context.branch`):
    read with ``is True`` and dropped, it still leaves the computation undecided."""

    __slots__ = ("question",)

    def __init__(self, question: str = "undecided"):
        self.question = question

    def __bool__(self):
        raise Undecided(f"an undecided question was used as a truth value: {self.question}")

    def __repr__(self):
        return "UNKNOWN"

    def __reduce__(self):
        return (Unknown, (self.question,))


def unknown(question: str) -> Unknown:
    """A fresh UNKNOWN answer to ``question``, noted as open in the running computation's record."""
    u = Unknown(question)
    answered_unknown(u)
    return u


def is_unknown(x) -> bool:
    return isinstance(x, Unknown)


UNKNOWN = Unknown("the UNKNOWN constant")  # for display and tests; comparisons answer fresh ones (is_unknown)


class Context:
    """What every numeric context provides. Subclasses define the number model; formulas come from
    :data:`FORMULAS` as bound methods."""

    name = "base"
    certified = False  # does a value of this context enclose the true value?

    def __getattr__(self, key):
        if key.startswith("__"):
            raise AttributeError(key)
        f = FORMULAS.get(key)
        if f is None and load_library():
            f = FORMULAS.get(key)
        if f is None:
            raise AttributeError(f"{type(self).__name__} has no {key!r} (neither a context operation nor a formula)")
        bound = f.__get__(self, type(self))
        object.__setattr__(self, key, bound)  # bound once; later lookups skip __getattr__
        return bound

    def __repr__(self):
        return f"<{self.name} context>"

    def __reduce__(self):  # contexts are module-level singletons
        return (_context_named, (self.name,))

    # ---- comparisons, three-valued (subclasses override _cmp)
    def lt(self, a, b):
        return self._cmp(a, b, "lt")

    def le(self, a, b):
        return self._cmp(a, b, "le")

    def gt(self, a, b):
        return self._cmp(b, a, "lt")

    def ge(self, a, b):
        return self._cmp(b, a, "le")

    def sign(self, x) -> int:
        """-1, 0 or 1; raises Undecided when x encloses 0 and is not exactly 0."""
        if isinstance(x, float) and math.isinf(x):
            return 1 if x > 0 else -1
        if self.certainly_lt(0, x):
            return 1
        if self.certainly_lt(x, 0):
            return -1
        if self.exactly_zero(x):
            return 0
        raise Undecided(f"the sign of {x} (an enclosure of 0 that is not exactly 0)")

    def exactly_zero(self, x):
        """x is the exact number 0 (elementwise on an array): for a shortcut whose other branch holds at 0 too.
        The box context answers False for a box that reaches 0 (its :meth:`is_zero` is three-valued)."""
        return self.is_zero(x)

    # ---- a branch on a comparison, three-valued
    def undecided(self, answer) -> bool:
        """Is ``answer`` (a comparison's or a predicate's) UNKNOWN? The caller then handles it as such — an
        undecided mass kept apart, a bound that holds either way — so it is no longer an open question in the
        running computation's record. Reading it any other way (``is True``) leaves it open."""
        if is_unknown(answer):
            settled(answer)
            return True
        return False

    def branch(self, cond, if_true, if_false, *, same: bool = False):
        """``if_true()`` where ``cond`` is True, ``if_false()`` where it is False; where it is UNKNOWN (the
        operands' enclosures do not decide it), the hull of both (each branch then evaluated over the whole
        box, as one closed computation), or Undecided where either branch fails there. ``same=True`` says the
        two branches compute one function and the condition only picks the more accurate form: then UNKNOWN
        takes ``if_true()``. The one way a formula branches on a comparison of enclosures (never ``is True``)."""
        if isinstance(cond, np.ndarray):  # the float context's elementwise comparison
            if not same:
                raise TypeError("branch: an array condition needs same=True (one form for every entry)")
            return if_true() if cond.all() else if_false()
        if not is_unknown(cond):
            return if_true() if cond else if_false()
        settled(cond)
        if same:
            return if_true()
        a, b = attempt(if_true), attempt(if_false)
        for got in (a, b):
            if isinstance(got, Failed):
                raise Undecided(f"a branch on an undecided comparison ({cond.question}) fails on one side: "
                                f"{got.reason}")
        return self.hull(a, b)

    # ---- what a value of this context is (the engine asks these instead of inspecting types)
    def isexact(self, x) -> bool:
        """x is an exact number of this context (never on the float context)."""
        return False

    def isnan(self, x) -> bool:
        """x is a machine NaN (only the float context has them)."""
        return False

    def admit(self, x, where: str = "value"):
        """x, once checked that it may stand as a value of this context (the certified contexts refuse
        machine numbers: the one boundary, :func:`mechanisms.numerics.exact.check_certified`)."""
        return x

    # ---- relations for every point of the operands (plain comparisons on the float context)
    def certainly_lt(self, a, b) -> bool:
        """a < b for every point of a and b."""
        return bool(a < b)

    def certainly_le(self, a, b) -> bool:
        """a ≤ b for every point of a and b."""
        return bool(a <= b)

    def exactly_equal(self, a, b) -> bool:
        """a = b as one number."""
        return bool(a == b)

    def positive(self, x) -> bool:
        """x > 0, decided (Undecided otherwise)."""
        return bool(self.gt(x, 0))

    def sum(self, xs, start=0):
        total = start
        for x in xs:
            total = total + x
        return total

    def _column_max(self, m, weights=None):
        """max_x w_x m[x, y] for each column y (w = 1 when weights is None)."""
        return functools.reduce(self.maximum, m if weights is None else weights[:, None] * m)

    def _column_min(self, m):
        """min_x m[x, y] for each column y."""
        return functools.reduce(self.minimum, m)

    def _vecmat(self, v, m):
        """v @ m for a vector v and a matrix m (the certified context sums exact entries over one common
        denominator instead of fraction by fraction)."""
        return v @ m

    # ---- the heuristic part of an algorithm (an iteration, a linear program) runs in floats; what it finds
    # is then taken exactly and the quantity certified at it, so the float never decides a value
    def float_guess(self, x):
        """A float approximation of x (a ball's midpoint; an array elementwise). A float decides nothing on a
        certified path: the read is noted in the running computation's record (a box whose evaluation read one
        is never decided). A library algorithm that only steers by it uses :meth:`guess`."""
        note(f"a float read of {str(x)[:60]} (float_guess)")
        return self.guess(x)

    def guess(self, x):
        """:meth:`float_guess` without the note: for the heuristic part of a library algorithm only (a start,
        a window, a cut), whose result is certified for every value the float may take — never a branch."""
        if isinstance(x, (list, tuple, np.ndarray)):
            a = np.asarray(x, dtype=object)
            return np.array([_float_of(y) for y in a.ravel()], dtype=float).reshape(a.shape)
        return _float_of(x)

    def exact_from_guess(self, v):
        """The context's number for a float found by a heuristic: the float itself on the float context,
        its exact binary value (an exact rational) on the certified ones. An array elementwise."""
        if not self.certified:
            return np.asarray(v, float) if isinstance(v, (list, tuple, np.ndarray)) else float(v)
        if isinstance(v, (list, tuple, np.ndarray)):
            a = np.asarray(v, dtype=float)
            out = np.empty(a.shape, dtype=object)
            for i, y in np.ndenumerate(a):
                out[i] = self.exact(Fraction(float(y)))
            return out
        return self.exact(Fraction(float(v)))


_LOADED = []


def load_library() -> bool:
    """Import every module of the mechanisms package once, so that each formula (:data:`FORMULAS`) and each route
    (:data:`mechanisms.numerics.context.routes.ROUTES`) is declared whoever asks first (``fp.vmf_rdp`` works
    without importing mechanisms.continuous.vmf_renyi, ``proofcheck.measures`` finds every route without naming
    its module). The one place that loads them: a module declaring formulas or routes needs no import elsewhere.
    True when it imported."""
    if _LOADED:
        return False
    _LOADED.append(True)
    for info in pkgutil.walk_packages(mechanisms.__path__, "mechanisms."):
        importlib.import_module(info.name)
    return True


_load_formulas = load_library  # (its former name)


def _context_named(name):
    return CONTEXTS[name]
