"""The certified context: exact rationals where exact (:class:`~mechanisms.numerics.exact.Exact`, which mixes
with balls), arb balls otherwise, exact infinities; precision raised locally with :meth:`workprec`.

Vectors are numpy object arrays of exact numbers and balls, so a formula written with numpy
indexing and operators for the float context runs here unchanged, elementwise and certified."""
from __future__ import annotations

import contextlib
import math
from fractions import Fraction

import flint
import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.bessel import certified_log_bessel_i, certified_log_normalised_bessel_i
from mechanisms.numerics.checks import exact_real
from mechanisms.numerics.context.base import Context, integral_window_ends, register_context, unknown
from mechanisms.numerics.context.exact_arrays import (all_exact, column_extreme, exact_entries, exact_sum,
                                                      exact_vecmat)
from mechanisms.numerics.elementary import ELEMENTARY, certified_method
from mechanisms.numerics.exact import (INF, NEG_INF, Exact, ExactInfinity, FloatOnCertifiedPath, check_certified, exact,
                                       is_exact_number as _is_exact, machine_number, to_arb)
from mechanisms.numerics.quadrature import (BallIntegrandOps, certified_log_integral, certified_shifted_integral,
                                            float_log_integrand)


def enclosure(x):
    """The arb ball of a value of a certified context: an arb ball itself, the ball a box's value carries (its
    ``arb``), an exact number's ball; an exact infinity as it is. A float is refused."""
    if isinstance(x, ExactInfinity):
        return x
    if isinstance(x, flint.arb):
        return x
    a = getattr(x, "arb", None)
    if isinstance(a, flint.arb):
        return a
    if _is_exact(x):
        return to_arb(x)
    if isinstance(x, (float, np.floating)):
        raise FloatOnCertifiedPath(f"a float ({float(x)!r}) meets a box")
    raise InvalidInput(f"no enclosure of {type(x).__name__}")


_enclosure = enclosure


def _finite(end) -> bool:
    return math.isfinite(float(end))


class CertifiedContext(Context):
    name = "certified"
    certified = True
    inf = INF
    ninf = NEG_INF
    undefined = None  # the value of a quantity that is undefined at a point (a posterior at an output of mass 0)

    # ---- making numbers
    def exact(self, x):
        """An exact number of the case (int stays int; rationals become Exact; machine numbers refused)."""
        if isinstance(x, int) and not isinstance(x, bool):
            return x
        return exact(x)

    def num(self, x):
        """A number to compute with: an exact number as a ball, a ball as is, an exact infinity as is."""
        if isinstance(x, (flint.arb, ExactInfinity)):
            return x
        return to_arb(x)

    def _entry(self, x):
        if isinstance(x, (flint.arb, ExactInfinity)):
            return x
        what = machine_number(x)
        if what is not None and not _is_exact(x):
            raise FloatOnCertifiedPath(f"a vector entry is {what}, not an exact number or a ball")
        return self.exact(x)

    def vector(self, v):
        """A vector of exact numbers and balls (an object array: numpy indexing and operators apply)."""
        if isinstance(v, np.ndarray) and v.dtype == object and v.ndim == 1 and all_exact(v):
            return v.copy()
        out = np.empty(len(v), dtype=object)
        for i, x in enumerate(v):
            out[i] = self._entry(x)
        return out

    def matrix(self, K):
        rows = [self.vector(r) for r in K]
        out = np.empty((len(rows), len(rows[0]) if rows else 0), dtype=object)
        for i, r in enumerate(rows):
            out[i, :] = r
        return out

    def real(self, x, name, fname, *, lo=None, lo_open=False, hi=None, hi_open=False, allow_inf=False):
        """An argument checked to be an exact real or a ball within the bounds (with certainty); exact
        numbers come back as Exact, balls as they are, +inf as the exact infinity where allowed."""
        if isinstance(x, (list, tuple, np.ndarray)):  # an array: each entry (as the float context's real)
            return self._real_array(x, name, fname, lo=lo, lo_open=lo_open, hi=hi, hi_open=hi_open, allow_inf=allow_inf)
        if isinstance(x, ExactInfinity):
            if allow_inf and x > 0:
                return x
            raise InvalidInput(f"{fname}: {name} must be finite, got {name}={x}")
        v = exact_real(x, name, fname, lo=lo, lo_open=lo_open, hi=hi, hi_open=hi_open)
        return exact(v) if isinstance(v, Fraction) else v

    def _real_array(self, x, name, fname, **bounds):
        a = np.array(x, dtype=object)
        fast = exact_entries(a, **bounds) if a.dtype == object and a.size else None
        if fast is not None:
            return fast
        out = np.empty(a.shape, dtype=object)
        for idx, v in np.ndenumerate(a):
            if isinstance(v, (list, tuple, np.ndarray)):  # rows of unequal lengths
                raise InvalidInput(f"{fname}: {name} must be a number or an array of numbers with rows of equal "
                                   f"lengths, got {name}={x!r}")
            out[idx] = self.real(v, f"{name}[{','.join(map(str, idx))}]", fname, **bounds)
        return out

    def distribution(self, p, name, fname):
        """A probability vector of exact numbers and balls: every entry certainly ≥ 0, the sum exactly 1 when
        every entry is exact, else a ball that contains 1 (rows from a transcendental parameter)."""
        if not isinstance(p, (list, tuple, np.ndarray)) or len(p) == 0 or np.ndim(p) != 1:
            raise InvalidInput(f"{fname}: {name} must be a non-empty vector, got {name}={p!r}")
        v = exact_entries(np.array(p, dtype=object), lo=0) if np.ndim(p) == 1 else None
        if v is None:
            v = self.vector([self.real(x, f"{name}[{i}]", fname, lo=0) for i, x in enumerate(p)])
        total = self.sum(v)
        if not self._may_be_one(total):
            raise InvalidInput(f"{fname}: {name} must sum to 1, got sum({name})={total}")
        return v

    def channel(self, K, name, fname):
        """A row-stochastic matrix of exact numbers and balls: every row a :meth:`distribution`."""
        if (not isinstance(K, (list, tuple, np.ndarray)) or len(K) == 0
                or not all(isinstance(r, (list, tuple, np.ndarray)) for r in K) or len({len(r) for r in K}) != 1):
            raise InvalidInput(f"{fname}: {name} must be a non-empty matrix with rows of equal length, got {name}={K!r}")
        rows = [self.distribution(r, f"{name}[{i}]", fname) for i, r in enumerate(K)]
        if all(r.dtype == object and r.ndim == 1 for r in rows):  # distribution's own vectors: no second reading
            out = np.empty((len(rows), len(rows[0])), dtype=object)
            for i, r in enumerate(rows):
                out[i, :] = r
            return out
        return self.matrix(rows)

    def _may_be_one(self, total) -> bool:
        if _is_exact(total):
            return total == 1
        return isinstance(total, flint.arb) and total.contains(1)

    def hull(self, *xs):
        """The smallest ball enclosing every value of xs (a value known only to lie between them); one exact
        number stays exact."""
        if any(isinstance(x, ExactInfinity) for x in xs):
            raise InvalidInput(f"the hull of {xs} holds an infinity")
        if all(_is_exact(x) for x in xs) and all(x == xs[0] for x in xs):
            return xs[0]
        out = self.num(xs[0])
        for x in xs[1:]:
            out = out.union(self.num(x))
        return out

    @staticmethod
    def accurate(build, extra_bits=(32, 96, 224, 480)):
        """build() under working precisions prec + extra until its ball is accurate to about prec bits (an
        exact result, or an infinity, is returned at once)."""
        prec = flint.ctx.prec
        v = None
        for extra in extra_bits:
            with flint.ctx.workprec(prec + extra):
                v = build()
            if not isinstance(v, flint.arb) or v.rel_accuracy_bits() >= prec - 4 or (v.is_exact() and v.mid() == 0):
                return v
        return v

    def is_inf(self, x) -> bool:
        """x is an exact infinity, +∞ or −∞ (m.is_pos_inf: +∞ alone)."""
        return isinstance(x, ExactInfinity)

    def isexact(self, x) -> bool:
        """x is an exact number (int, Fraction / Exact, fmpz, fmpq): not a ball, not an infinity."""
        return _is_exact(x)

    # ---- the boundary of the certified path: no machine number crosses it (one place)
    def admit(self, x, where: str = "value"):
        """x, once checked to hold only exact numbers, balls and exact infinities (FloatOnCertifiedPath else)."""
        return check_certified(x, where)

    def refuse_machine_numbers(self, args, where: str) -> None:
        """No machine number enters a certified route: a float (finite or not), a numpy integer or bool, an
        array of them. (Text, flags, None and callables are parameters of some routes, not values.)"""
        for i, a in enumerate(args):
            if isinstance(a, (float, np.floating, np.integer, np.bool_, np.ndarray, list, tuple)) \
                    and not isinstance(a, ExactInfinity):
                what = machine_number(a)
                if what is not None and not what.startswith(("a string", "None", "a bool (", "function")):
                    raise FloatOnCertifiedPath(f"{where}: argument {i + 1} is {what} on the certified path")

    def from_route(self, x):
        """A library route's result as a value of this context: its float ±inf is the exact infinity its
        definition gives (a zero in a likelihood column, a divergence between distributions with different
        supports). Only here does a float infinity become exact — a route's arguments were refused if they held
        any machine number, so the infinity is the route's own. Plain tuples and lists elementwise (a named
        tuple or a result object keeps its type)."""
        if isinstance(x, float) and x in (float("inf"), float("-inf")) and not isinstance(x, ExactInfinity):
            return INF if x > 0 else NEG_INF
        if type(x) is tuple:
            return tuple(self.from_route(y) for y in x)
        if type(x) is list:
            return [self.from_route(y) for y in x]
        return x

    # ---- relations for every point of the enclosures (exact infinities handled exactly)
    def certainly_lt(self, a, b) -> bool:
        """a < b for every point of both enclosures."""
        if _is_exact(a) and _is_exact(b):
            return a < b
        a, b = _enclosure(a), _enclosure(b)
        if isinstance(a, ExactInfinity) or isinstance(b, ExactInfinity):
            if isinstance(a, ExactInfinity) and isinstance(b, ExactInfinity):
                return a < b
            if isinstance(a, ExactInfinity):
                return a < 0 and _finite(b.lower())
            return b > 0 and _finite(a.upper())
        return bool(a < b)

    def certainly_le(self, a, b) -> bool:
        """a ≤ b for every point of both enclosures."""
        if _is_exact(a) and _is_exact(b):
            return a <= b
        a, b = _enclosure(a), _enclosure(b)
        if isinstance(a, ExactInfinity) or isinstance(b, ExactInfinity):
            return a == b or self.certainly_lt(a, b)
        return bool(a <= b) or bool(a.upper() <= b.lower())

    def exactly_equal(self, a, b) -> bool:
        """a = b as one exact number (two exact numbers equal, or two exact balls equal)."""
        if _is_exact(a) and _is_exact(b):
            return a == b
        a, b = _enclosure(a), _enclosure(b)
        if isinstance(a, ExactInfinity) or isinstance(b, ExactInfinity):
            return a == b
        return bool(a.is_exact() and b.is_exact() and a == b)

    def is_zero(self, x) -> bool:
        """x is exactly 0 (a ball is exactly 0 only when it is the point 0); an array: elementwise."""
        if isinstance(x, np.ndarray):
            return np.array([self.is_zero(y) for y in x.ravel()], dtype=bool).reshape(x.shape)
        if _is_exact(x):
            return x == 0
        if isinstance(x, flint.arb):
            return x.is_exact() and x == 0
        return False

    def _cmp(self, a, b, op):
        if _is_exact(a) and _is_exact(b):
            return a < b if op == "lt" else a <= b
        if isinstance(a, ExactInfinity) or isinstance(b, ExactInfinity):
            fa = float(a) if isinstance(a, ExactInfinity) else 0.0
            fb = float(b) if isinstance(b, ExactInfinity) else 0.0
            if fa == fb:  # both the same infinity
                return op == "le"
            return fa < fb
        a, b = self.num(a), self.num(b)
        if (a < b) if op == "lt" else (a <= b):
            return True
        if (a >= b) if op == "lt" else (a > b):
            return False
        return unknown(f"{a} {'<' if op == 'lt' else '<='} {b}")

    @contextlib.contextmanager
    def workprec(self, bits: int):
        """Arb precision raised to at least `bits` inside the block."""
        old = flint.ctx.prec
        flint.ctx.prec = max(old, int(bits))
        try:
            yield
        finally:
            flint.ctx.prec = old

    # ---- elementary and special functions
    def _map(self, f, x):
        if isinstance(x, np.ndarray):
            out = np.empty(x.shape, dtype=object)
            for i, y in np.ndenumerate(x):
                out[i] = f(y)
            return out
        return f(x)

    def xlogy(self, x, y):
        """x · log y with 0 · log 0 = 0 exactly (elementwise)."""
        if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
            xs, ys = np.broadcast_arrays(np.asarray(x, dtype=object), np.asarray(y, dtype=object))
            out = np.empty(xs.shape, dtype=object)
            for i in np.ndindex(xs.shape):
                out[i] = self.xlogy(xs[i], ys[i])
            return out
        if self.is_zero(x):
            return 0
        lg = self.log(y)
        if isinstance(lg, ExactInfinity):
            return lg * x
        return x * lg

    def maximum(self, x, y):
        """max(x, y) elementwise, numpy broadcasting (exact stays exact; balls: the ball of the maximum)."""
        return self._map2(self.max, x, y)

    def minimum(self, x, y):
        """min(x, y) elementwise, numpy broadcasting."""
        return self._map2(self.min, x, y)

    def zeros(self, shape):
        """An object array of exact zeros (Exact, so that sums and quotients of its entries stay exact)."""
        return np.full(shape, Exact(0), dtype=object)

    def _map2(self, f, x, y):
        if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
            xs, ys = np.broadcast_arrays(np.asarray(x, dtype=object), np.asarray(y, dtype=object))
            if f in (self.max, self.min) and all_exact(xs) and all_exact(ys):  # exact: max and min are Python's
                xl, yl = xs.ravel().tolist(), ys.ravel().tolist()
                if f == self.max:  # b > a in integers (both denominators > 0); a on ties, as Python's max
                    pick = [b if b.numerator * a.denominator > a.numerator * b.denominator else a for a, b in zip(xl, yl)]
                else:
                    pick = [b if b.numerator * a.denominator < a.numerator * b.denominator else a for a, b in zip(xl, yl)]
                out = np.empty(len(pick), dtype=object)
                out[:] = pick
                return out.reshape(xs.shape)
            out = np.empty(xs.shape, dtype=object)
            for i in np.ndindex(xs.shape):
                out[i] = f(xs[i], ys[i])
            return out
        return f(x, y)

    def log_bessel_i(self, nu, x):
        """log I_ν(x) by arb's Bessel function (elementwise); exactly 0 at ν = x = 0, −∞ exactly at x = 0 < ν."""
        return self._map2(certified_log_bessel_i, nu, x)

    def log_normalised_bessel_i(self, nu, s, fast=False):
        """log[Γ(ν+1)(2/s)^ν I_ν(s)] by arb's Bessel function (elementwise; exactly 0 at s = 0). fast is the
        float context's option and changes nothing here."""
        return self._map2(certified_log_normalised_bessel_i, nu, s)

    # ---- regularised incomplete gamma and beta functions, and the functions around them
    def regularized_gamma_lower(self, s, z):
        """P(s, z) = γ(s, z)/Γ(s) for s > 0, z ≥ 0 (z = +inf exactly: 1), as 1 − Q(s, z) (arb's upper
        incomplete gamma is fast and accurate where its lower one loses most of its bits, large s with z near
        s), accurate to the working precision; a ball argument by its ends (P decreases in s, increases in z)."""
        if isinstance(z, ExactInfinity) and z > 0:
            return 1
        return _monotone_ends(lambda S, Z: 1 - Z.gamma_upper(S, 1), (s, z), (-1, 1), ((0, None), (0, None)))

    def regularized_gamma_upper(self, s, z):
        """Q(s, z) = Γ(s, z)/Γ(s) = 1 − P(s, z) for s > 0, z ≥ 0 (arb's upper incomplete gamma; full relative
        accuracy in the upper tail), by the ends of ball arguments (Q increases in s, decreases in z)."""
        if isinstance(z, ExactInfinity) and z > 0:
            return 0
        return _monotone_ends(lambda S, Z: Z.gamma_upper(S, 1), (s, z), (1, -1), ((0, None), (0, None)))

    def regularized_beta(self, a, b, z):
        """I_z(a, b) for a, b > 0, z ∈ [0, 1] (arb's regularised lower incomplete beta function), accurate to the
        working precision; ball arguments by their ends (I_z(a, b) decreases in a, increases in b and z)."""
        return _monotone_ends(lambda A, B, Z: Z.beta_lower(A, B, 1), (a, b, z), (-1, 1, 1),
                              ((0, None), (0, None), (0, 1)))

    def lbeta(self, a, b):
        """log B(a, b) = log Γ(a) + log Γ(b) − log Γ(a + b) for a, b > 0."""
        return self._map2(lambda x, y: self.lgamma(x) + self.lgamma(y) - self.lgamma(x + y), a, b)

    def log_bessel_k(self, nu, z):
        """log K_ν(z) for z > 0 (arb's modified Bessel function of the second kind)."""
        def f(n, y):
            b = self.num(y)
            if not b > 0:
                raise InvalidInput(f"log_bessel_k needs z > 0, got z={y}")
            return b.bessel_k(self.num(n)).log()
        return self._map2(f, nu, z)

    def abs(self, x):
        return self._map(lambda y: INF if isinstance(y, ExactInfinity) else abs(y), x)

    def integral(self, f, a, b, *, args=(), log=False, cut=None, tail=None):
        """An arb ball that contains ∫_a^b f(I, x, *args) dx, f a positive integrand written once (I:
        :class:`mechanisms.numerics.quadrature.BallIntegrandOps`; x an acb on the path of ``acb.integral``, an arb
        ball in the tail bounds; args as arb balls). What is certified: ``acb.integral`` (rigorous error bounds;
        f is analytic on the path, its operations that are not entire — log, positive_part — answer the analytic
        flag acb.integral passes, indeterminate where they are not holomorphic) on a rational window
        [a', b'] ⊂ [a, b] chosen from the float integrand, plus [0, bound] for each part of [a, b] outside the
        window, the bound from interval evaluation of f on bisected pieces (certified_log_integral). a, b: exact
        numbers or arb constants (π). b = +inf: the same on [a, cut] (cut exact) plus [0, tail(*args)], tail a
        caller-supplied certified upper bound of ∫_cut^∞ f — the ball includes that enclosure, so it is only as
        sound as the bound the caller proves; a = −inf alike, with cut = (lower cut, upper cut) and tail bounding
        the integral outside [lower cut, upper cut]. log=True: the ball of the log, the integral certainly > 0
        (else InvalidInput); log=False: the enclosure as it is (near 0 it may reach below 0)."""
        balls = tuple(self.num(x) for x in args)
        lf = float_log_integrand(f, tuple(float(x.mid()) for x in balls))
        infinite = self.is_inf(a) or self.is_inf(b)
        if infinite and tail is None:
            raise InvalidInput("integral: an infinite end needs a finite cut and a certified tail bound")
        start, end = integral_window_ends(self, a, b, cut)

        def build(M):
            shift = (-M).exp()

            def g(x, analytic):
                return f(BallIntegrandOps(analytic), x, *balls) * shift
            return g

        def float_end(x):
            return float(x.mid()) if isinstance(x, flint.arb) else float(x)

        if log:
            out = certified_log_integral(build, lf, float_end(start), float_end(end), start, end)
        else:  # (a non-negative integral so near 0 that its enclosure reaches below 0 is not refused)
            shift, val = certified_shifted_integral(build, lf, float_end(start), float_end(end), start, end)
            out = shift.exp() * val
        if infinite:
            bound = self.num(tail(*balls))
            if not bound >= 0:
                raise InvalidInput(f"integral: the tail bound is not certainly >= 0: {bound}")
            out = (out.exp() + flint.arb(0).union(bound)).log() if log else out + flint.arb(0).union(bound)
        return out

    def pi(self):
        return flint.arb.pi()

    def max(self, *xs):
        return self._max_or_min(xs, INF, max, lambda a, b: a.max(b))

    def min(self, *xs):
        return self._max_or_min(xs, NEG_INF, min, lambda a, b: a.min(b))

    def _max_or_min(self, xs, wins, exact, ball):
        """The largest or the smallest of xs (``exact``, ``ball``: Python's max or min, the balls'): the infinity on
        that side (``wins``) where one of xs is it; the other side's infinities dropped (−wins where none is left);
        the exact extreme where all are exact, else the ball's."""
        if any(isinstance(x, ExactInfinity) and x == wins for x in xs):
            return wins
        xs = [x for x in xs if not isinstance(x, ExactInfinity)]
        if not xs:
            return -wins
        if all(_is_exact(x) for x in xs):
            return exact(xs)
        out = self.num(xs[0])
        for x in xs[1:]:
            out = ball(out, self.num(x))
        return out

    def fmax(self, xs):
        return self.max(*list(xs))

    def fmin(self, xs):
        return self.min(*list(xs))

    def sum(self, xs, start=0):
        if type(start) is int and start == 0 and isinstance(xs, np.ndarray) and xs.dtype == object and xs.size \
                and all_exact(xs):
            return exact_sum(xs.ravel().tolist())
        total = start
        for x in (xs.ravel() if isinstance(xs, np.ndarray) else xs):
            total = total + x
        return total

    def _column_max(self, m, weights=None):
        """max_x w_x m[x, y] per column; on exact entries by integer cross-multiplication (no product fraction
        formed but the column's largest), a row's entries over its common denominator."""
        if not (isinstance(m, np.ndarray) and m.ndim == 2 and m.dtype == object and m.shape[0] and all_exact(m)
                and (weights is None or (isinstance(weights, np.ndarray) and weights.dtype == object
                                         and weights.shape == m.shape[:1] and all_exact(weights)))):
            return super()._column_max(m, weights)
        return column_extreme(m, weights, 1)

    def _column_min(self, m):
        """min_x m[x, y] per column (exact entries: as column_max)."""
        if not (isinstance(m, np.ndarray) and m.ndim == 2 and m.dtype == object and m.shape[0] and all_exact(m)):
            return super()._column_min(m)
        return column_extreme(m, None, -1)

    def _vecmat(self, v, m):
        """v @ m; exact entries summed over one common denominator (:func:`exact_vecmat`)."""
        out = exact_vecmat(v, m)
        return v @ m if out is None else out

    def log_sum_exp(self, xs):
        xs = list(xs.ravel() if isinstance(xs, np.ndarray) else xs)
        if any(isinstance(x, ExactInfinity) and x > 0 for x in xs):
            return INF
        finite = [self.num(x) for x in xs if not isinstance(x, ExactInfinity)]
        if not finite:
            return NEG_INF
        top = finite[0]
        for x in finite[1:]:
            top = top.max(x)
        top = flint.arb(top.mid())  # an exact shift: exp(x − s) summed, then + s (any s gives the same value)
        return sum(((x - top).exp() for x in finite), flint.arb(0)).log() + top


def _accurate_to_working_precision(evaluate):
    """evaluate() at increasing working precision until its ball is as accurate as the working precision asks
    (arb's incomplete gamma and beta functions lose most bits for large parameters at low precision)."""
    target = int(flint.ctx.prec)
    prec = target
    while True:
        with flint.ctx.workprec(prec):
            v = evaluate()
        if v.is_finite() and (v.rad() <= abs(v.mid()) * 2.0 ** (-target + 10) or v.rad() <= 2.0 ** (-2 * target)):
            return +v
        if prec >= 64 * target:
            return +v
        prec *= 2


def _monotone_ends(evaluate, args, directions, clamp):
    """evaluate(*arbs) of a function monotone in each argument (directions[i] = +1 increasing, −1 decreasing),
    accurate to the working precision. Exact arguments are converted at each precision tried; a ball argument
    is replaced by its ends, clamped into the domain clamp[i] = (lo, hi), and the value is the union of the
    values at the two extreme corners of the box — sound because the function is monotone in each argument,
    and as wide as its range over the box (the function of the balls themselves would be far wider)."""
    def ball(x):
        return x if isinstance(x, flint.arb) else getattr(x, "arb", None)

    def at(corner):
        return _accurate_to_working_precision(lambda: evaluate(*[to_arb(x) for x in corner]))

    if not any(ball(x) is not None for x in args):
        return at(args)
    ends = []
    for x, (lo, hi) in zip(args, clamp):
        b = ball(x)
        if b is None:
            ends.append((x, x))
            continue
        low, high = flint.arb(b.lower()), flint.arb(b.upper())
        if lo is not None:
            low, high = low.max(flint.arb(lo)), high.max(flint.arb(lo))
        if hi is not None:
            low, high = low.min(flint.arb(hi)), high.min(flint.arb(hi))
        ends.append((low, high))
    least = [e[0] if d > 0 else e[1] for e, d in zip(ends, directions)]
    most = [e[1] if d > 0 else e[0] for e, d in zip(ends, directions)]
    return at(least).union(at(most))


for _e in ELEMENTARY.values():  # exp, log, Φ, lgamma, ...: one method per entry of the table
    _m = certified_method(_e)
    _m.__module__, _m.__qualname__ = __name__, f"CertifiedContext.{_e.name}"
    setattr(CertifiedContext, _e.name, _m)
del _e, _m

certified = register_context(CertifiedContext())
