"""The box context: arb balls of any width as inputs, so a formula gives a certified enclosure of its
value over a whole box of parameters (the foundation of proofs by branch-and-bound).

Inexact values are :class:`Ball` s, not bare arb balls: a bare ball answers ``a < b`` with False when
the two overlap, and a formula branching on that would take one branch for a box whose points need
both. A Ball answers a comparison only when every point of both decides it the same way, and raises
:class:`~mechanisms.numerics.exact.Undecided` otherwise; it has no float, int or truth value. So any formula
over ``ctx`` is sound here by construction: it either encloses its value over the box or raises, and
the prover splits a box that raised. Exact numbers (a box of width 0 in one coordinate, a constant)
stay exact."""
from __future__ import annotations


import flint
import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context.base import register_context, unknown
from mechanisms.numerics.context.certified import CertifiedContext, certified as certified_ctx
from mechanisms.numerics.elementary import ELEMENTARY
from mechanisms.numerics.exact import INF, ExactInfinity, FloatOnCertifiedPath, Undecided, \
    is_exact_number as _is_exact, to_arb


def _arb_of(x):
    if isinstance(x, Ball):
        return x.arb
    if isinstance(x, flint.arb):
        return x
    if _is_exact(x):
        return to_arb(x)
    if isinstance(x, (float, np.floating)) and not isinstance(x, ExactInfinity):
        raise FloatOnCertifiedPath(f"a float ({float(x)!r}) meets a box")
    return None


class Ball:
    """An enclosure over a box: arithmetic of arb balls; comparisons only when decided. A Ball made by
    :meth:`of` from exact ends keeps them (``ends``: the exact (lo, hi) the arb ball encloses, which arb may
    round outwards); any other Ball, an arithmetic result included, has ``ends`` None. ``floor``: an exact arb at
    most every value the Ball encloses and above its arb's lower end, where one is known (the hull of a monotone
    function's values at a box's ends: :mod:`proofcheck.prove.tight`), else None; arithmetic drops it."""

    __slots__ = ("arb", "ends", "floor")
    __hash__ = None

    def __init__(self, x):
        a = _arb_of(x)
        if a is None:
            raise TypeError(f"cannot make a Ball of {type(x).__name__}")
        self.arb = a
        self.ends = None
        self.floor = None

    @classmethod
    def of(cls, lo, hi):
        """The ball enclosing [lo, hi] (exact ends, kept as ``ends``)."""
        ball = cls(to_arb(lo).union(to_arb(hi)))
        if _is_exact(lo) and _is_exact(hi) and lo <= hi:
            ball.ends = (lo, hi)
        return ball

    def __repr__(self):
        return f"Ball({self.arb})"

    def _binary(op, reflected=False):
        def f(self, other):
            if isinstance(other, ExactInfinity):
                other_op = getattr(other, f"__{'r' if not reflected else ''}{op}__")
                return other_op(self.arb)
            o = _arb_of(other)
            if o is None:
                return NotImplemented
            a, b = (o, self.arb) if reflected else (self.arb, o)
            r = getattr(a, f"__{op}__")(b)
            if not r.is_finite() and a.is_finite() and b.is_finite():
                raise Undecided(f"{op} of {a} and {b} is not finite over the box (a divisor encloses 0)")
            return Ball(r)
        return f

    __add__, __radd__ = _binary("add"), _binary("add", True)
    __sub__, __rsub__ = _binary("sub"), _binary("sub", True)
    __mul__, __rmul__ = _binary("mul"), _binary("mul", True)
    __truediv__, __rtruediv__ = _binary("truediv"), _binary("truediv", True)
    del _binary

    def __pow__(self, n):
        if isinstance(n, int) and not isinstance(n, bool):
            r = self.arb ** n
            if r.is_finite() or n < 0 or not self.arb.is_finite():
                return Ball(r)
            # arb gives nan for a ball that reaches 0: xⁿ is monotone on each side of 0, so its range is the
            # hull of its values at the two ends (and 0, for an even power of a ball across 0)
            lo, hi = (_integer_power(flint.arb(end), n) for end in _exact_ends(self))
            out = lo.union(hi)
            return Ball(out.union(flint.arb(0)) if n % 2 == 0 and self.arb.contains(0) else out)
        return box.exp(box.log(self) * n)

    def __rpow__(self, base):
        return box.exp(box.log(base) * self)

    def __neg__(self):
        return Ball(-self.arb)

    def __pos__(self):
        return self

    def __abs__(self):
        return Ball(abs(self.arb))

    def _decision(self, other, op):
        """True or False where every point of both decides ``self op other`` alike; None where they do not."""
        o = _arb_of(other)
        if o is None:
            if isinstance(other, ExactInfinity):
                o_inf = float(other)
                return {"lt": 0 < o_inf, "le": 0 < o_inf, "gt": 0 > o_inf, "ge": 0 > o_inf}[op]
            return NotImplemented
        a = self.arb
        yes = {"lt": a < o, "le": a <= o, "gt": a > o, "ge": a >= o}[op]
        no = {"lt": a >= o, "le": a > o, "gt": a <= o, "ge": a < o}[op]
        return True if yes else False if no else None

    def _decide(self, other, op):
        r = self._decision(other, op)
        if r is None:
            raise Undecided(f"{self.arb} {op} {_show(other)} is not decided over the box")
        return r

    def __lt__(self, o):
        return self._decide(o, "lt")

    def __le__(self, o):
        return self._decide(o, "le")

    def __gt__(self, o):
        return self._decide(o, "gt")

    def __ge__(self, o):
        return self._decide(o, "ge")

    def __eq__(self, o):
        b = _arb_of(o)
        if b is None:
            return NotImplemented
        if self.arb.is_exact() and b.is_exact() and self.arb == b:
            return True
        if not self.arb.overlaps(b):
            return False
        raise Undecided(f"{self.arb} == {b} is not decided over the box")

    def __ne__(self, o):
        r = self.__eq__(o)
        return r if r is NotImplemented else not r

    def __bool__(self):
        raise Undecided("a Ball has no truth value")

    def _rounded(self, up: bool):
        """⌈x⌉ (⌊x⌋) over the box: an int where every point of the box gives the same one, else the Ball
        enclosing the integers the box reaches (a step function enclosed over the box, not a branch)."""
        a = self.arb
        if not a.is_finite():
            raise Undecided(f"{'ceil' if up else 'floor'} of {a}: not finite over the box")
        lo, hi = (a.lower().ceil(), a.upper().ceil()) if up else (a.lower().floor(), a.upper().floor())
        ends = [int(x.unique_fmpz()) for x in (lo, hi)]
        return ends[0] if ends[0] == ends[1] else Ball.of(*ends)

    def __ceil__(self):
        return self._rounded(True)

    def __floor__(self):
        return self._rounded(False)

    def __float__(self):
        raise FloatOnCertifiedPath("a Ball has no float value (it encloses a box of values)")

    def __int__(self):
        raise FloatOnCertifiedPath("a Ball has no int value")

    def __index__(self):
        raise FloatOnCertifiedPath("a Ball has no int value")


class NoBoxForm(Undecided):
    """A computation without a form over boxes was given a Ball (the prover marks it blocked, not split)."""


class BoxContext(CertifiedContext):
    name = "box"
    certified = True

    def num(self, x):
        if isinstance(x, (Ball, ExactInfinity)):
            return x
        return Ball(x)

    def _entry(self, x):
        if isinstance(x, Ball):
            return x
        if isinstance(x, flint.arb):
            return Ball(x)
        return super()._entry(x)

    def real(self, x, name, fname, *, lo=None, lo_open=False, hi=None, hi_open=False, allow_inf=False):
        """A Ball checked against the bounds over its whole box: certainly inside passes, certainly outside
        is an error, a box across a bound is undecided (the prover splits it). Exact values as certified."""
        if not isinstance(x, Ball):
            return super().real(x, name, fname, lo=lo, lo_open=lo_open, hi=hi, hi_open=hi_open, allow_inf=allow_inf)
        a = x.arb
        if not a.is_finite():
            raise InvalidInput(f"{fname}: {name} must be a finite ball, got {name}={a}")
        if x.ends is not None:  # a coordinate of the box: its exact ends decide (arb's ball rounds them outwards)
            a = to_arb(x.ends[0]).union(to_arb(x.ends[1]))
            a_lo, a_hi = to_arb(x.ends[0]), to_arb(x.ends[1])
        else:
            a_lo = a_hi = a
        for bound, is_open, below in ((lo, lo_open, True), (hi, hi_open, False)):
            if bound is None:
                continue
            b = to_arb(bound)
            inside = (a_lo > b if is_open else a_lo >= b) if below else (a_hi < b if is_open else a_hi <= b)
            outside = (a_hi <= b if is_open else a_hi < b) if below else (a_lo >= b if is_open else a_lo > b)
            if outside:
                raise InvalidInput(f"{fname}: {name} = {a} is outside its bound {bound} over the whole box")
            if not inside:
                raise Undecided(f"{fname}: the box of {name} ({a}) crosses its bound {bound}")
        return x

    @staticmethod
    def accurate(build):
        """build() once: a box's enclosure is as wide as the box, not as the precision."""
        return build()

    def is_inf(self, x):
        """True for an exact infinity; UNKNOWN for a Ball whose enclosure is not finite (it may be); else False."""
        if isinstance(x, Ball) and not x.arb.is_finite():
            return unknown(f"is {x.arb} infinite")
        return isinstance(x, ExactInfinity)

    def case_value(self, x):
        """A number of the case on the box path: a Ball as it is, an exact number as the certified context
        takes it."""
        return x if isinstance(x, Ball) else self.exact(x)

    def has_ball(self, x) -> bool:
        """x holds a Ball (itself, or in a list, tuple or object array)."""
        if isinstance(x, Ball):
            return True
        if isinstance(x, (list, tuple)):
            return any(self.has_ball(y) for y in x)
        if isinstance(x, np.ndarray) and x.dtype == object:
            return any(self.has_ball(y) for y in x.ravel())
        return False

    def from_certified(self, x):
        """A certified result as a value of this context: an arb ball becomes a Ball (plain lists and
        tuples elementwise)."""
        if isinstance(x, flint.arb):
            return Ball(x)
        if type(x) is list:
            return [self.from_certified(y) for y in x]
        if type(x) is tuple:
            return tuple(self.from_certified(y) for y in x)
        return x

    def is_zero(self, x):
        """Three-valued on a Ball: True for the point 0, False for a ball without 0, else UNKNOWN (a box that
        reaches 0 is not a box of zeros, nor one without: a formula's special case at 0 must be decided)."""
        if isinstance(x, Ball):
            if x.arb.is_exact() and x.arb == 0:
                return True
            return unknown(f"is {x.arb} zero") if x.arb.contains(0) else False
        if isinstance(x, np.ndarray) and x.dtype == object and any(isinstance(y, Ball) for y in x.ravel()):
            # a mask of an array (a support, the columns used): two-valued, so undecided where an entry is
            for y in x.ravel():
                if isinstance(y, Ball) and y.arb.contains(0) and not (y.arb.is_exact() and y.arb == 0):
                    raise Undecided(f"is {y.arb} zero (an entry of an array)")
            return np.array([isinstance(y, Ball) and y.arb == 0 or not isinstance(y, Ball) and super(BoxContext, self)
                             .is_zero(y) for y in x.ravel()], dtype=bool).reshape(x.shape)
        return super().is_zero(x)

    def exactly_zero(self, x):
        """True only where x is the exact number 0 (a Ball of width 0 at 0), False anywhere else — a box that
        reaches 0 included; an array elementwise. Never noted: for a shortcut whose other branch holds at 0 too
        (an exact 0 for equal rows, where the general formula also gives 0), never for a special case that the
        general formula does not cover (use :meth:`is_zero`, three-valued)."""
        if isinstance(x, np.ndarray):
            return np.array([self.exactly_zero(y) for y in x.ravel()], dtype=bool).reshape(x.shape)
        if isinstance(x, Ball):
            return bool(x.arb.is_exact() and x.arb == 0)
        return bool(super().is_zero(x))

    def _may_be_one(self, total) -> bool:
        # a row of Balls over a box sums to a Ball that must contain 1 (each point's row sums to 1)
        return total.arb.contains(1) if isinstance(total, Ball) else super()._may_be_one(total)

    def hull(self, *xs):
        """The Ball enclosing every value of xs."""
        r = certified_ctx.hull(*[x.arb if isinstance(x, Ball) else x for x in xs])
        return Ball(r) if isinstance(r, flint.arb) else r

    def _cmp(self, a, b, op):
        if isinstance(a, Ball) or isinstance(b, Ball):
            r = a._decision(b, op) if isinstance(a, Ball) else b._decision(a, {"lt": "gt", "le": "ge"}[op])
            if r is NotImplemented:
                raise TypeError(f"cannot compare {type(a).__name__} with {type(b).__name__}")
            return unknown(f"{_show(a)} {'<' if op == 'lt' else '<='} {_show(b)}") if r is None else r
        return super()._cmp(a, b, op)

    # the elementary functions (mechanisms.numerics.elementary): the certified context's on the arb inside, wrapped
    # again (set below the class), but Φ⁻¹, enclosed from a box's ends here
    def Phi_inv(self, x):
        """Φ⁻¹ over a box: increasing, so the union of its values at the box's two ends (arb's erfcinv of a
        wide ball is far wider)."""
        def f(y):
            if not isinstance(y, Ball):
                return _rewrap(certified_ctx.Phi_inv(y))
            if not (y.arb > 0 and y.arb < 1) and not (y.arb < 0 or y.arb > 1):
                raise Undecided(f"Phi_inv over a box that reaches 0 or 1: {y.arb}")
            lo, hi = (certified_ctx.Phi_inv(flint.arb(end)) for end in (y.arb.lower(), y.arb.upper()))
            return Ball(lo.union(hi))
        return self._map(f, x)

    def _lift2(self, name, x, y):
        """A two-argument operation of the certified context on the arbs inside Balls, wrapped again."""
        def f(a, b):
            return _rewrap_finite(getattr(certified_ctx, name)(_unwrap(a), _unwrap(b)), name)
        return self._map2(f, x, y)

    def log_bessel_i(self, nu, x):
        return self._lift2("log_bessel_i", nu, x)

    def log_normalised_bessel_i(self, nu, s, fast=False):
        return self._lift2("log_normalised_bessel_i", nu, s)

    # the regularised incomplete gamma and beta functions are monotone in each argument: over a box, the
    # certified context's value at the box's two extreme corners, whose union holds the value at every point
    # between them (certified._monotone_ends); arb's functions of wide balls would be far wider
    def regularized_gamma_lower(self, s, z):
        return _rewrap_finite(certified_ctx.regularized_gamma_lower(_unwrap(s), _unwrap(z)), "regularized_gamma_lower")

    def regularized_gamma_upper(self, s, z):
        return _rewrap_finite(certified_ctx.regularized_gamma_upper(_unwrap(s), _unwrap(z)), "regularized_gamma_upper")

    def regularized_beta(self, a, b, z):
        return _rewrap_finite(certified_ctx.regularized_beta(_unwrap(a), _unwrap(b), _unwrap(z)), "regularized_beta")

    def lbeta(self, a, b):
        return self._lift2("lbeta", a, b)

    def log_bessel_k(self, nu, z):
        return self._lift2("log_bessel_k", nu, z)

    def abs(self, x):
        return self._map(lambda y: INF if isinstance(y, ExactInfinity) else abs(y), x)

    def integral(self, f, a, b, *, args=(), log=False, cut=None, tail=None):
        """The certified integral (:meth:`CertifiedContext.integral`) when every parameter is a point (an exact
        number, or a Ball of width 0), as a Ball; a parameter that is a box of positive width is refused
        (:class:`NoBoxForm`): the window and the shift of the quadrature are chosen at one point, and no
        enclosure over a box is claimed."""
        points = []
        for x in args:
            if isinstance(x, Ball):
                if not x.arb.is_exact():
                    raise NoBoxForm("m.integral has no form over boxes (a parameter of the integrand is a box)")
                x = x.arb
            points.append(x)
        cuts = cut if isinstance(cut, tuple) else (None, cut)
        ends = []
        for end, thin in ((a, True), (b, True), (cuts[0], False), (cuts[1], False)):
            # a point, or a or b a ball thinner than 2^−40 (π, arccos of a point): acb.integral takes a ball end as
            # it is (its enclosure holds for every end in the ball), and the tail bounds reach 10^−9 past it; not a box
            if isinstance(end, Ball):
                if not (end.arb.is_exact() or (thin and end.arb.rad() < flint.arb(2) ** -40)):
                    raise NoBoxForm("m.integral has no form over boxes (an end of the interval is a box)")
                end = end.arb
            ends.append(end)
        a, b = ends[:2]
        cut = tuple(ends[2:]) if isinstance(cut, tuple) else ends[3]
        return self.from_certified(CertifiedContext.integral(certified_ctx, f, a, b, args=tuple(points),
                                                             log=log, cut=cut, tail=tail))

    def pi(self):
        return Ball(flint.arb.pi())

    def max(self, *xs):
        """The certified context's max of the enclosures, wrapped again (exact stays exact)."""
        return _rewrap(certified_ctx.max(*[_unwrap(x) for x in xs]))

    def min(self, *xs):
        return _rewrap(certified_ctx.min(*[_unwrap(x) for x in xs]))

    def log_sum_exp(self, xs):
        xs = list(xs.ravel() if isinstance(xs, np.ndarray) else xs)
        return _rewrap(certified_ctx.log_sum_exp([_unwrap(x) for x in xs]))


def _exact_ends(x: "Ball") -> tuple:
    """The exact ends of a Ball: those it was made from (``Ball.of``), else its arb ball's."""
    if x.ends is not None:
        return tuple(to_arb(e) for e in x.ends)
    return x.arb.lower(), x.arb.upper()


def _integer_power(a, n: int):
    out, base = flint.arb(1), a
    while n:
        if n & 1:
            out = out * base
        base, n = base * base, n >> 1
    return out


def _show(x) -> str:
    return str(x.arb) if isinstance(x, Ball) else str(x)


def _unwrap(x):
    return x.arb if isinstance(x, Ball) else x


def _rewrap(r):
    return Ball(r) if isinstance(r, flint.arb) else r


def _rewrap_finite(r, name):
    """A lifted operation's result: a ball must be finite over the box (else the box is undecided)."""
    if isinstance(r, flint.arb) and not r.is_finite():
        raise Undecided(f"{name} is not finite over the box")
    return _rewrap(r)


def _lifted(e):
    """The box context's method of an elementary function: the certified context's on the arb inside, wrapped
    again (a ball that is not finite over the box leaves it undecided)."""
    at, name = e.certified, e.name

    def method(self, x):
        def f(y):
            return _rewrap_finite(certified_ctx._map(lambda v: at(certified_ctx, v), _unwrap(y)), name)
        return self._map(f, x)
    method.__name__, method.__qualname__, method.__doc__ = name, f"BoxContext.{name}", e.doc
    method.elementary = e
    return method


BOX_OWN = ("Phi_inv",)  # elementary functions the box context encloses its own way (a method of the class)
for _e in ELEMENTARY.values():
    if _e.name not in BOX_OWN:
        setattr(BoxContext, _e.name, _lifted(_e))
del _e

box = register_context(BoxContext())
