"""Enclosures over a box from its ends: the prover's box context without the objects built over it.

arb keeps a ball as midpoint ± radius, and a monotone function of a wide ball is enclosed about its
midpoint: over [−350, −320] the enclosure of e^x is about e^(−335) ± e^(−320), which reaches below 0, so a
bound e^(…) ≥ δ with δ ≥ 0 tiny is never decided however far apart the two sides are. A monotone
function's range over an interval is the interval between its values at the two ends; :class:`TightContext`
encloses it so (the hull of the arb balls at the ends), which keeps e^x > 0, √x ≥ 0, Φ(x) ∈ (0, 1) over any
box; which functions, and where, is the ``monotone`` column of the table of elementary functions
(:data:`mechanisms.numerics.elementary.ELEMENTARY`). Where arb cannot hold such a range as one ball with a positive
lower end (e^x over [−350, −320]: a ball's radius carries 30 bits, so its lower end is lost below about 10⁻⁹ of
its upper end), the value is a ball whose least value is kept apart, beside it (``Ball.floor``, :func:`floor_of`).
A formula declared monotone in some arguments (``@formula(monotone={"eps": -1})``) is enclosed the same way
over a box wide only in those arguments: its values at the two extreme corners, exact points, and their hull
(:func:`corner_enclosure`), instead of one evaluation on wide balls that loses every correlation inside it; a
declaration that is not one of the library's lemmas is used only where the context's ``monotone_prover`` (the
jets: :func:`proofcheck.prove.jets.proved_by_jets`) proves it on the box.
Every formula written over the context (``mechanisms.numerics.context``) runs on it unchanged: :func:`context_path`
builds the box path of :mod:`proofcheck.measures` over such a context. The contexts and their paths are built in
:mod:`proofcheck.prove.tight` and :mod:`proofcheck.prove.jets`.
"""
from __future__ import annotations

import functools
import inspect
from fractions import Fraction
from pathlib import Path as _FilePath
from typing import Callable

import flint
import numpy as np

import mechanisms
from mechanisms.numerics.context import Ball, box as ctx_box
from mechanisms.numerics.context.base import FORMULAS
from mechanisms.numerics.context.box import BoxContext, _exact_ends
from mechanisms.numerics.elementary import ELEMENTARY
from mechanisms.numerics.exact import ExactInfinity
from mechanisms.numerics.record import Failed, attempt
from proofcheck.measures import BOX, MONOTONE_ROUTES, ROUTES, Path

# name: where it is monotone (increasing or decreasing) and defined, a test of the whole ball (the table's column)
MONOTONE = {e.name: e.monotone for e in ELEMENTARY.values() if e.monotone is not None}


def floor_of(x):
    """An exact arb at most every value ``x`` encloses, above its own lower end (None when none is known): the
    floor a Ball carries beside its ball (:func:`_hull_of_ends`)."""
    return getattr(x, "floor", None) if isinstance(x, Ball) else None


def _hull_of_ends(lo: Ball, hi: Ball) -> Ball:
    """The hull of a monotone function's values at a box's two ends, keeping its least value apart where the
    hull's lower end loses it (a positive least value, the hull reaching 0 or below). Arithmetic on the ball
    drops the floor: only a side that is this very ball uses it (:func:`relation_decided`)."""
    r = Ball(lo.arb.union(hi.arb))
    least = lo.arb if lo.arb < hi.arb else hi.arb if hi.arb < lo.arb else None
    if least is not None and least > 0 and not r.arb > 0:
        r.floor = flint.arb(least.lower())
    return r


def _wide(x) -> bool:
    """Does ``x`` hold a Ball that is not a point (a scalar, or inside a list, tuple or array)?"""
    if isinstance(x, Ball):
        return not x.arb.is_exact()
    if isinstance(x, (list, tuple, np.ndarray)):
        return any(_wide(y) for y in (x.ravel() if isinstance(x, np.ndarray) else x))
    return False


def _end(x: Ball, upper: bool):
    """An exact point at the lower (upper) end of a Ball: its exact end where it was made from one
    (``Ball.of``), else its arb ball's end, an exact arb (at or beyond every point of the ball)."""
    ends = getattr(x, "ends", None)
    if ends is not None:
        e = ends[1 if upper else 0]
        return int(e) if isinstance(e, Fraction) and e.denominator == 1 else e
    return Ball(flint.arb(x.arb.upper() if upper else x.arb.lower()))


def _as_ball(x):
    """A corner's value as a finite Ball, or None (an infinity, an array, anything else)."""
    if isinstance(x, ExactInfinity):
        return None
    try:
        b = x if isinstance(x, Ball) else Ball(x)
    except (TypeError, ValueError):
        return None
    return b if b.arb.is_finite() else None


@functools.lru_cache(maxsize=None)
def _signature(f):
    return inspect.signature(f)


def corner_enclosure(ctx, f, *args, **kwargs):
    """``f(ctx, ...)``, a formula declared monotone (``f.formula_monotone``: {argument: +1 or −1}), over a box:
    where every argument that is a wide Ball is a declared one (the others exact, or points), the hull of
    its values at the corner that minimises it (each wide argument at its lower end where non-decreasing in
    it, its upper end where non-increasing) and at the corner that maximises it. The declaration makes the
    range over the box lie between those two values. Anywhere else, or where a corner's evaluation fails (an
    end outside the formula's domain), or a wide argument carries derivatives (a
    :class:`proofcheck.prove.jets.Jet`, which the corners would drop): the plain evaluation."""
    return _corner_hull(ctx, f, _signature(f), f.formula_monotone, (ctx, *args), kwargs)


def _corner_hull(ctx, f, signature, declared, args, kwargs, origin=None):
    """f(*args, **kwargs) over a box by the corners of its declared arguments (:func:`corner_enclosure`)."""
    try:
        given = signature.bind(*args, **kwargs).arguments
    except TypeError:
        return f(*args, **kwargs)
    wide = [k for k, v in given.items() if _wide(v)]
    if not wide or any(k not in declared or not isinstance(given[k], Ball) or getattr(given[k], "d", None) is not None
                       or not given[k].arb.is_finite() for k in wide):
        return f(*args, **kwargs)
    if not _proved_monotone(ctx, origin or f, signature, declared, args, kwargs, wide):
        return f(*args, **kwargs)
    values = []
    for top in (False, True):  # the minimising corner, then the maximising one
        at = signature.bind(*args, **kwargs)
        at.arguments.update({k: _end(given[k], upper=(declared[k] > 0) == top) for k in wide})
        v = attempt(f, *at.args, **at.kwargs)  # a closed computation: used only where it met no undecided question
        v = None if isinstance(v, Failed) else _as_ball(v)
        if v is None:  # an end outside the formula's domain, undecided there: the plain evaluation decides
            return f(*args, **kwargs)
        values.append(v)
    return _hull_of_ends(*values)


def _proved_monotone(ctx, f, signature, declared, args, kwargs, wide) -> bool:
    """Is ``f`` monotone over this box in each wide argument as declared? A declaration is a lemma the proof
    carries, not a trust: here it is proved on the box, by the sign of each partial derivative enclosed over the
    whole box (forward mode, :mod:`proofcheck.prove.jets`, one closed computation). The library's own declarations
    (formulas of ``mechanisms``, routes of :data:`proofcheck.measures.MONOTONE_ROUTES`) are lemmas proved in their
    docstrings and checked against an independent oracle in ``property_tests/test_prove_monotone.py``; a proof
    trusts them as it trusts that exp is increasing (docs/proofs.md: what a proof trusts). Any other declaration — a
    user's ``@formula(monotone=...)`` — is used on a box only where the context's ``monotone_prover`` (the jets)
    proves it there."""
    if library_lemma(f):
        return True
    return ctx.monotone_prover(f, signature, declared, args, kwargs, wide)


def library_lemma(f) -> bool:
    """Is ``f``'s monotone declaration one of the library's proved and tested lemmas (a formula or route defined in
    ``mechanisms``)? Decided by where the function's code lies, not by what it says of itself."""
    code = getattr(getattr(f, "__wrapped__", f), "__code__", None)
    if code is None:
        return False
    root = str(_FilePath(mechanisms.__file__).resolve().parent)
    return str(_FilePath(code.co_filename).resolve()).startswith(root + "/")


def monotone_route(ctx, name, box_route, certified_function, declared):
    """A route of :data:`proofcheck.measures.ROUTES` declared monotone (:data:`proofcheck.measures.MONOTONE_ROUTES`)
    over a box: the hull of the certified route at the two extreme corners (exact points, an integer's ends
    as ints), as :func:`corner_enclosure` does for formulas; with no wide argument, the route as it is."""
    signature = inspect.signature(certified_function)

    def route(*args, **kwargs):
        return _corner_hull(ctx, box_route, signature, declared, args, kwargs, origin=certified_function)
    route.__name__ = name
    return route


class TightContext(BoxContext):
    """The box context; a monotone function of a Ball is the hull of its values at the ball's two ends, and so
    is a formula declared monotone over a box wide only in its declared arguments (:func:`corner_enclosure`).

    ``monotone_prover(f, signature, declared, args, kwargs, wide)`` answers whether a declaration that is not one of
    the library's lemmas holds over the box (:func:`proofcheck.prove.jets.proved_by_jets`)."""

    def __init__(self, monotone_prover: Callable):
        object.__setattr__(self, "monotone_prover", monotone_prover)

    def __getattr__(self, key):
        got = super().__getattr__(key)  # binds the formula once, on this context
        f = FORMULAS.get(key)
        if f is None or not getattr(f, "formula_monotone", None) or getattr(got, "__func__", None) is not f:
            return got
        method = functools.wraps(f)(functools.partial(corner_enclosure, self, f))
        object.__setattr__(self, key, method)
        return method

    def _ends(name, where):
        base = getattr(BoxContext, name)

        def method(self, x):
            def f(y):
                if isinstance(y, Ball) and not y.arb.is_exact() and y.arb.is_finite():
                    ends = _exact_ends(y)  # a coordinate's own ends where it has them (arb rounds them outwards)
                    if not where(ends[0].union(ends[1])):
                        return base(self, y)
                    lo = base(self, Ball(flint.arb(ends[0])))
                    hi = base(self, Ball(flint.arb(ends[1])))
                    if isinstance(lo, Ball) and isinstance(hi, Ball):
                        return _hull_of_ends(lo, hi)
                return base(self, y)
            return self._map(f, x)
        method.__name__ = name
        return method

    for _name, _where in MONOTONE.items():
        locals()[_name] = _ends(_name, _where)
    del _ends, _name, _where


def context_path(ctx, name: str = "box"):
    """The one constructor of a box path: the box path of proofcheck.measures (``BOX``) over ``ctx``, a box
    context. Each route of ``ROUTES`` is BOX's (a route without a box form refuses a Ball) but where BOX takes it
    from the box context, which ``ctx`` replaces; a route declared monotone (``MONOTONE_ROUTES``) is enclosed from
    its corners on ``ctx`` (:func:`monotone_route`); the case's numbers are read with ``ctx``'s ``num``,
    ``vector`` and ``matrix`` (BOX's ``value`` and ``is_pos_inf``); formulas are looked up on ``ctx`` itself."""
    readings = {"num": ctx.num, "vector": ctx.vector, "matrix": ctx.matrix, "value": BOX.value,
                "is_pos_inf": BOX.is_pos_inf}
    routes = {}
    for k in ROUTES:
        if k in readings:
            continue
        v = getattr(BOX, k)
        routes[k] = getattr(ctx, k) if getattr(v, "__self__", None) is ctx_box else v
        if k in MONOTONE_ROUTES:
            routes[k] = monotone_route(ctx, k, routes[k], ROUTES[k][1], MONOTONE_ROUTES[k])
    routes.update(readings)
    return Path(name, ctx, routes)
