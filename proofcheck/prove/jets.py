"""First derivatives over a box (forward mode), for the mean-value form of the prover.

A :class:`Jet` is a :class:`~mechanisms.numerics.context.Ball` (so every formula over the box context takes it)
that also carries the partial derivatives of its value with respect to the box's coordinates, each an
arb ball enclosing the partial over the whole box. :func:`path` is the box path over a context that
propagates them through arithmetic and the elementary functions. Whatever does not propagate them (a
route without a box form, a function not written here, a ball made outside the context) yields a value
whose derivative is unknown (``d is None``), and the mean-value form is then not used: a value is never
taken as constant unless it is an exact number. (:mod:`proofcheck.prove.mean_value` uses them.)

Kinks. Where the box does not decide the branch of ``abs``, ``max``, ``min`` or ``positive_part``, the
derivative is the hull of the branches' (``|h|``: [−1, 1]·h'; ``max(a, b)``: the hull of a' and b';
``(h)₊``: [0, 1]·h'). These functions are Lipschitz, so the margin is Lipschitz along any segment of the
box and is the integral of its right derivative there, which by the chain rule for one-sided derivatives
lies in that hull at every point: the mean-value form stays an enclosure (Clarke's generalized gradient).
"""
from __future__ import annotations

import functools

import flint

from mechanisms.numerics.context import Ball
from mechanisms.numerics.elementary import ELEMENTARY
from mechanisms.numerics.exact import ExactInfinity, is_exact_number as is_exact, to_arb
from mechanisms.numerics.record import Failed, attempt
from proofcheck.prove.ends import TightContext, context_path


class Jet(Ball):
    """A Ball with partial derivatives ``d``: {coordinate index: arb}, or None when unknown."""

    __slots__ = ("d",)

    def __init__(self, value, d):
        self.arb = value.arb if isinstance(value, Ball) else value
        self.ends = value.ends if isinstance(value, Ball) else None  # a coordinate's exact ends (Ball.of)
        self.floor = None
        self.d = d

    def __repr__(self):
        return f"Jet({self.arb}, d={self.d})"

    def _op(name, slope):
        base = getattr(Ball, name)

        def f(self, other):
            r = base(self, other)
            if not isinstance(r, Ball):  # NotImplemented, an exact infinity
                return r
            parts = _parts(other)
            if parts is None or self.d is None or parts[1] is None:
                return Jet(r.arb, None)
            return Jet(r.arb, slope((self.arb, self.d), (to_arb(parts[0]), parts[1]), r.arb))
        return f

    __add__ = __radd__ = _op("__add__", lambda a, b, r: _sum(a[1], 1, b[1], 1))
    __sub__ = _op("__sub__", lambda a, b, r: _sum(a[1], 1, b[1], -1))
    __rsub__ = _op("__rsub__", lambda a, b, r: _sum(a[1], -1, b[1], 1))
    __mul__ = __rmul__ = _op("__mul__", lambda a, b, r: _sum(a[1], b[0], b[1], a[0]))
    __truediv__ = _op("__truediv__", lambda a, b, r: _sum(a[1], 1 / b[0], b[1], -r / b[0]))
    __rtruediv__ = _op("__rtruediv__", lambda a, b, r: _sum(a[1], -r / a[0], b[1], 1 / a[0]))
    del _op

    def __pow__(self, n):
        if isinstance(n, int) and not isinstance(n, bool):
            r = Ball.__pow__(self, n)
            if n == 0:
                return Jet(r.arb, {})
            return Jet(r.arb, _scale(self.d, _finite(n * self.arb ** (n - 1))))
        return JET_CONTEXT.exp(JET_CONTEXT.log(self) * n)

    def __rpow__(self, base):
        return JET_CONTEXT.exp(JET_CONTEXT.log(base) * self)

    def __neg__(self):
        return Jet(-self.arb, _scale(self.d, -1))

    def __abs__(self):
        if self.arb > 0:
            return self
        if self.arb < 0:
            return -self
        return Jet(abs(self.arb), _scale(self.d, KINK))  # the hull of ±h' (module docstring: kinks)


KINK = flint.arb(0, 1)  # [−1, 1]: the slopes of |h| at h = 0 (those of (h)₊: the table's positive_part)


def _hull(ds):
    """The componentwise hull of several derivative dicts (a missing coordinate is a zero partial); None when
    any is unknown."""
    if any(d is None for d in ds):
        return None
    out = {}
    for k in {k for d in ds for k in d}:
        parts = [d.get(k, flint.arb(0)) for d in ds]
        h = parts[0]
        for v in parts[1:]:
            h = h.union(v)
        out[k] = h
    return out


def _parts(x):
    """(value, derivatives) of an operand: a Jet's; an exact number is a constant; a plain ball or arb
    (made outside the jet context, perhaps from a jet) has unknown derivatives; None for anything else."""
    if isinstance(x, Jet):
        return x.arb, x.d
    if is_exact(x):
        return x, {}
    if isinstance(x, Ball):
        return x.arb, None
    if isinstance(x, flint.arb):
        return x, None
    return None


def _scale(d, c):
    if d is None or c is None:
        return None
    c = to_arb(c) if not isinstance(c, flint.arb) else c
    return {k: v * c for k, v in d.items()}


def _sum(da, ca, db, cb):
    """ca·da + cb·db (None when either is unknown)."""
    if da is None or db is None:
        return None
    out = _scale(da, ca)
    for k, v in _scale(db, cb).items():
        out[k] = out[k] + v if k in out else v
    return out


# ----------------------------------------------------------------------------- the context
def _finite(x):
    return x if isinstance(x, flint.arb) and x.is_finite() else None


SLOPES = {e.name: e.derivative for e in ELEMENTARY.values() if e.derivative is not None}
"""f'(x) from x and the value v = f(x), both arb; None where f is not differentiable over the box (the table's
derivative column; a function without one has derivatives unknown here)."""


class JetContext(TightContext):
    """The prover's box context, with derivatives carried through what it computes."""

    name = "box"

    def num(self, x):
        if isinstance(x, (Ball, ExactInfinity)):
            return x
        return Jet(to_arb(x), {})

    def pi(self):
        return Jet(flint.arb.pi(), {})

    # every elementary function of the table: its derivative by the chain rule where the table gives one, else
    # unknown (set below the class)

    def max(self, *xs):
        return self._extreme(TightContext.max(self, *xs), xs, lambda a, b: a >= b)

    def min(self, *xs):
        return self._extreme(TightContext.min(self, *xs), xs, lambda a, b: a <= b)

    def _extreme(self, r, xs, beats):
        """The derivative of a maximum (minimum): the one argument's that certainly attains it; else the hull of
        the derivatives of the arguments that may attain it (module docstring: kinks); else unknown."""
        if not isinstance(r, Ball):
            return r
        try:
            values = [None if isinstance(y, ExactInfinity) else to_arb(y) if is_exact(y) else y.arb for y in xs]
        except (AttributeError, TypeError):
            return Jet(r.arb, None)
        if any(v is None for v in values):  # an infinite argument: no derivative form
            return Jet(r.arb, None)
        # an argument that another certainly beats never attains the extreme; the others may
        may = [x for x, v in zip(xs, values) if not any(beats(w, v) and not beats(v, w) for w in values)]
        for x, v in zip(xs, values):
            if all(x is y or beats(v, w) for y, w in zip(xs, values)):
                may = [x]
                break
        parts = [_parts(x) for x in may]
        if not may or any(p is None for p in parts):
            return Jet(r.arb, None)
        return Jet(r.arb, _hull([p[1] for p in parts]))

    def log_sum_exp(self, xs):
        xs = list(xs.ravel() if hasattr(xs, "ravel") else xs)
        r = TightContext.log_sum_exp(self, xs)
        if not isinstance(r, Ball):
            return r
        d = {}
        for x in xs:
            parts = _parts(x)
            if parts is None:
                return Jet(r.arb, None)
            d = _sum(d, 1, parts[1], (to_arb(parts[0]) - r.arb).exp())
        return Jet(r.arb, d)


def _chain(e):
    """The jet context's method of an elementary function: the tight context's value, with derivatives by the chain
    rule (the table's derivative; unknown where it gives none or is not finite over the box)."""
    name, slope = e.name, e.derivative
    base = getattr(TightContext, name)

    def method(self, x):
        def f(y):
            r = base(self, y)
            if not isinstance(r, Ball):
                return r
            if slope is None:
                return Jet(r.arb, None)
            if is_exact(y):
                return Jet(r.arb, {})
            if not isinstance(y, Jet) or y.d is None:
                return Jet(r.arb, None)
            s = _finite(slope(y.arb, r.arb))
            return Jet(r.arb, None if s is None else _scale(y.d, s))
        return self._map(f, x)
    method.__name__, method.__qualname__, method.__doc__ = name, f"JetContext.{name}", e.doc
    method.elementary = e
    return method


for _e in ELEMENTARY.values():
    setattr(JetContext, _e.name, _chain(_e))
del _e


def proved_by_jets(f, signature, declared, args, kwargs, wide) -> bool:
    """Is ``f`` monotone over this box in each wide argument as ``declared``, by the sign of each partial derivative
    enclosed over the whole box (forward mode on the jet context, one closed computation)?"""
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


JET_CONTEXT = JetContext(proved_by_jets)


def jet_path():
    """The box path over the jet context: the routes of proofcheck.measures.BOX (which have no box form),
    with every operation of the box context replaced by the jet context's."""
    return context_path(JET_CONTEXT)


@functools.cache
def path():
    """The box path over the jet context (built once)."""
    return jet_path()
