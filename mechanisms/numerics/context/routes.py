"""Routes: a name computed by two genuinely different algorithms, declared beside them.

Most quantities are formulas written once over the numeric context (:func:`~mechanisms.numerics.context.formula`):
the context decides the numerics. A *route* is the rest: one quantity computed by a float algorithm for the search
and by a different, certified one for the verdict (a float quadrature against a certified integral, scipy's CDF
against an exact sum, numpy's FFT against exact polynomial products). The module that defines the two algorithms
declares the pair at its bottom, with a comment saying what the two methods are::

    route("pld_delta", pld_delta, pld_delta_arb)
    route("binary_estimate", binary_estimate, binary_estimate_arb, monotone={"n0": -1, "n1": 1, "gamma": -1})

:data:`ROUTES` is the library's table, name -> :class:`Route`; :func:`all_routes` returns it once every module of the
library is imported (as a context imports the library on the first name it does not know), so whoever asks first
finds every route. ``proofcheck.measures`` puts each route on its paths (``m.pld_delta``: the float algorithm on
the float path, the certified one on the certified path, the certified one at exact points on the box path).

A name declared twice is an error (never a silent replacement), and so is a route named as a formula or an
operation of the contexts: on the paths a route takes precedence, so it would change that name's meaning there
only (a route named ``is_inf`` once answered False for −inf where every ``ctx.is_inf`` said True).
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Callable

from mechanisms.numerics.context.base import FORMULAS, load_library
from mechanisms.numerics.context.box import BoxContext
from mechanisms.numerics.context.certified import CertifiedContext
from mechanisms.numerics.context.fp import FloatContext

__all__ = ["Route", "ROUTES", "route", "all_routes", "refuse_clashes"]


@dataclass(frozen=True)
class Route:
    """A name on the paths and its two algorithms: ``float`` for the search, ``certified`` for the verdict (exact
    numbers or balls in, a ball or an exact number out). ``monotone`` ({argument of the certified function: +1
    non-decreasing, −1 non-increasing}) is a theorem the proofs trust, as for a formula declared monotone: the
    prover encloses the route over a box by its certified values at the box's two extreme corners, and nothing
    checks it, so the certified function's docstring (or the declaration's comment) must say why it holds.
    ``doc`` says what the name is where neither function's docstring does."""
    name: str
    float: Callable
    certified: Callable
    monotone: dict = field(default_factory=dict)
    doc: str | None = None

    def pair(self) -> tuple:
        return (self.float, self.certified)


ROUTES: dict[str, Route] = {}

_OPERATIONS = (FloatContext, CertifiedContext, BoxContext)


def refuse_clashes(names, table=None, operations_allowed=()) -> None:
    """ValueError for a name already in ``table`` (default :data:`ROUTES`), named as a formula written over the
    context, or as an operation of the numeric contexts (but those in ``operations_allowed``: the readers of a
    case that ``proofcheck.measures`` puts on its paths, as the contexts' own readers on the path's numbers)."""
    names = list(names)
    table = ROUTES if table is None else table
    clash = sorted(set(names) & set(table))
    if clash:
        raise ValueError(f"routes registered twice: {clash}")
    shadow = sorted(set(names) & set(FORMULAS))
    if shadow:
        raise ValueError(f"routes that would shadow a formula of the context: {shadow}")
    # the contexts' classes, not their instances: an instance's unknown name imports the library (Context.__getattr__)
    shadow = sorted(name for name in names if name not in operations_allowed
                    and any(hasattr(klass, name) for klass in _OPERATIONS))
    if shadow:
        raise ValueError(f"routes that would shadow an operation of the numeric contexts: {shadow}")


def route(name: str, float_fn: Callable, certified_fn: Callable, *, monotone: dict | None = None,
          doc: str | None = None) -> Route:
    """Declare ``name`` as a route: ``float_fn`` on the float path, ``certified_fn`` on the certified one (and, at
    exact points, on the box path); ``monotone`` and ``doc`` as in :class:`Route`. Declared at the bottom of the
    module that defines the two algorithms. A name declared twice, or named as a formula or a context operation,
    is refused (:func:`refuse_clashes`)."""
    if not (callable(float_fn) and callable(certified_fn)):
        raise TypeError(f"route {name}: the float and the certified algorithms must be callables")
    refuse_clashes([name])
    monotone = dict(monotone or {})
    _check_monotone(name, certified_fn, monotone)
    declared = Route(name, float_fn, certified_fn, monotone, doc)
    ROUTES[name] = declared
    return declared


def all_routes() -> dict[str, Route]:
    """:data:`ROUTES` with every route of the library in it: the first call imports every module of ``mechanisms``
    (:func:`~mechanisms.numerics.context.base.load_library`), as a context does on a name it does not know. A
    formula declared after a route of its name (in a module imported later) is refused here."""
    load_library()
    shadow = sorted(set(ROUTES) & set(FORMULAS))
    if shadow:
        raise ValueError(f"routes that would shadow a formula of the context: {shadow}")
    return ROUTES


def _check_monotone(name: str, f: Callable, monotone: dict) -> None:
    """A monotone declaration names parameters of the certified function, each with +1 or −1."""
    if not isinstance(monotone, dict):
        raise TypeError(f"route {name}: monotone must be a dict {{argument: +1 or -1}}, got {monotone!r}")
    try:
        params = inspect.signature(f).parameters
    except (TypeError, ValueError):
        params = {}
    named = [p for p in params if params[p].kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                                      inspect.Parameter.KEYWORD_ONLY)]
    for arg, sign in monotone.items():
        if arg not in named:
            raise TypeError(f"route {name}: monotone declares {arg!r}, which is not a named parameter of "
                            f"the certified algorithm")
        if isinstance(sign, bool) or not isinstance(sign, int) or sign not in (1, -1):
            raise TypeError(f"route {name}: the direction of {arg!r} must be +1 or -1, got {sign!r}")

