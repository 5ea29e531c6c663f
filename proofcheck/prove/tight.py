"""The prover's box path: the box context, with monotone functions enclosed from the ends of a box.

arb keeps a ball as midpoint ± radius, and a monotone function of a wide ball is enclosed about its
midpoint: over [−350, −320] the enclosure of e^x is about e^(−335) ± e^(−320), which reaches below 0, so a
bound e^(…) ≥ δ with δ ≥ 0 tiny is never decided however far apart the two sides are. A monotone
function's range over an interval is the interval between its values at the two ends; :class:`TightContext`
encloses it so (the hull of the arb balls at the ends), which keeps e^x > 0, √x ≥ 0, Φ(x) ∈ (0, 1) over any
box. Where arb cannot hold such a range as one ball with a positive lower end (e^x over [−350, −320]: a ball's
radius carries 30 bits, so its lower end is lost below about 10⁻⁹ of its upper end), the value is a
ball whose least value is kept apart (:func:`floor_of`), and :func:`relation_decided` uses it.
A formula declared monotone in some arguments (``@formula(monotone={"eps": -1})``) is enclosed the same way
over a box wide only in those arguments: its values at the two extreme corners, exact points, and their hull
(:func:`corner_enclosure`), instead of one evaluation on wide balls that loses every correlation inside it.
Every formula written over the context (``mechanisms.numerics.context``) runs on it unchanged: the path
(:func:`path`) is the box path of :mod:`proofcheck.measures` over this context. The prover and the
certificate checker evaluate boxes on it.
"""
from __future__ import annotations

import functools
import inspect
from fractions import Fraction

import flint
import numpy as np

from mechanisms.numerics.context import Ball
from mechanisms.numerics.context.base import FORMULAS
from mechanisms.numerics.context.box import BoxContext, _exact_ends
from mechanisms.numerics.exact import ExactInfinity
from mechanisms.numerics.record import Failed, attempt


def _anywhere(a) -> bool:
    return True


MONOTONE = {  # name: where it is monotone (increasing or decreasing) and defined, a test of the whole ball
    "exp": _anywhere, "expm1": _anywhere, "erf": _anywhere, "erfc": _anywhere, "erfcx": _anywhere,
    "Phi": _anywhere, "log_Phi": _anywhere, "tanh": _anywhere, "sinh": _anywhere, "atan": _anywhere,
    "log": lambda a: a > 0, "log1p": lambda a: a > -1, "sqrt": lambda a: a >= 0,
}


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
    return _corner_hull(f, _signature(f), f.formula_monotone, (ctx, *args), kwargs)


def _corner_hull(f, signature, declared, args, kwargs, origin=None):
    """f(*args, **kwargs) over a box by the corners of its declared arguments (:func:`corner_enclosure`)."""
    try:
        given = signature.bind(*args, **kwargs).arguments
    except TypeError:
        return f(*args, **kwargs)
    wide = [k for k, v in given.items() if _wide(v)]
    if not wide or any(k not in declared or not isinstance(given[k], Ball) or getattr(given[k], "d", None) is not None
                       or not given[k].arb.is_finite() for k in wide):
        return f(*args, **kwargs)
    if not _proved_monotone(origin or f, signature, declared, args, kwargs, wide):
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


def _proved_monotone(f, signature, declared, args, kwargs, wide) -> bool:
    """Is ``f`` monotone over this box in each wide argument as declared? A declaration is a lemma the proof
    carries, not a trust: here it is proved on the box, by the sign of each partial derivative enclosed over the
    whole box (forward mode, :mod:`proofcheck.prove.jets`, one closed computation). The library's own declarations
    (formulas of ``mechanisms``, routes of :data:`proofcheck.measures.MONOTONE_ROUTES`) are lemmas proved in their
    docstrings and checked against an independent oracle in ``property_tests/test_prove_monotone.py``; a proof
    trusts them as it trusts that exp is increasing (README: what a proof trusts). Any other declaration — a
    user's ``@formula(monotone=...)`` — is used on a box only where the jets prove it there."""
    from proofcheck.prove.jets import JET_CONTEXT, Jet

    if library_lemma(f):
        return True
    at = signature.bind(*args, **kwargs)
    names = list(at.arguments)
    if not names or names[0] != "ctx":
        return False
    at.arguments["ctx"] = JET_CONTEXT
    index = {k: i for i, k in enumerate(wide)}
    for k in wide:
        at.arguments[k] = Jet(at.arguments[k].arb, {index[k]: flint.arb(1)})
    got = attempt(f, *at.args, **at.kwargs)
    if isinstance(got, Failed) or not isinstance(got, Jet) or got.d is None:
        return False
    for k in wide:
        p = got.d.get(index[k])
        if p is None:  # no dependence on it at all
            continue
        if not p.is_finite() or not (p >= 0 if declared[k] > 0 else p <= 0):
            return False
    return True


def library_lemma(f) -> bool:
    """Is ``f``'s monotone declaration one of the library's proved and tested lemmas (a formula or route defined in
    ``mechanisms``)? Decided by where the function's code lies, not by what it says of itself."""
    import mechanisms

    code = getattr(getattr(f, "__wrapped__", f), "__code__", None)
    if code is None:
        return False
    root = str(__import__("pathlib").Path(mechanisms.__file__).resolve().parent)
    return str(__import__("pathlib").Path(code.co_filename).resolve()).startswith(root + "/")


def monotone_route(name, box_route, certified_function, declared):
    """A route of :data:`proofcheck.measures.ROUTES` declared monotone (:data:`proofcheck.measures.MONOTONE_ROUTES`)
    over a box: the hull of the certified route at the two extreme corners (exact points, an integer's ends
    as ints), as :func:`corner_enclosure` does for formulas; with no wide argument, the route as it is."""
    signature = inspect.signature(certified_function)

    def route(*args, **kwargs):
        return _corner_hull(box_route, signature, declared, args, kwargs, origin=certified_function)
    route.__name__ = name
    return route


class TightContext(BoxContext):
    """The box context; a monotone function of a Ball is the hull of its values at the ball's two ends, and so
    is a formula declared monotone over a box wide only in its declared arguments (:func:`corner_enclosure`)."""

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


TIGHT_CONTEXT = TightContext()


def context_path(ctx, name: str = "box"):
    """The box path of proofcheck.measures over ``ctx``: routes without a box form as there, and every
    operation of the box context replaced by ``ctx``'s (formulas are looked up on ``ctx`` itself)."""
    from mechanisms.numerics.context import box as ctx_box
    from proofcheck.measures import BOX, MONOTONE_ROUTES, ROUTES, Path

    routes = {}
    readings = ("value", "num", "vector", "matrix", "is_inf")  # reading the case: set below
    for k in ROUTES:
        v = BOX.__dict__.get(k)
        if v is None or k in readings:
            continue
        routes[k] = getattr(ctx, k) if getattr(v, "__self__", None) is ctx_box else v
        if k in MONOTONE_ROUTES:
            routes[k] = monotone_route(k, routes[k], ROUTES[k][1], MONOTONE_ROUTES[k])
    for k in ("num", "vector", "matrix"):
        routes[k] = getattr(ctx, k)
    routes["is_inf"] = BOX.__dict__["is_inf"]
    routes["value"] = BOX.__dict__["value"]
    return Path(name, ctx, routes)


@functools.cache
def path():
    """The prover's box path (built once)."""
    return context_path(TIGHT_CONTEXT)


def relation_decided(rel, a, b) -> bool | None:
    """:func:`proofcheck.evaluation.decided`, and where it is undecided, ``small ≤ big`` (``<``) also decided
    true when ``big`` has a floor (:func:`floor_of`) and the upper end of ``small`` is at most (below) it. It
    never decides a relation false that ``decided`` leaves open."""
    import sympy as sp

    from mechanisms.numerics.context import enclosure
    from mechanisms.numerics.exact import is_infinity
    from proofcheck.evaluation import decided

    out = decided(rel, a, b)
    if out is not None or not isinstance(rel, (sp.Le, sp.Lt, sp.Ge, sp.Gt)):
        return out
    small, big = (a, b) if isinstance(rel, (sp.Le, sp.Lt)) else (b, a)
    floor = floor_of(big)
    if floor is None or is_infinity(small):
        return None
    top = flint.arb(enclosure(small).upper())
    return True if (top < floor if isinstance(rel, (sp.Lt, sp.Gt)) else top <= floor) else None
