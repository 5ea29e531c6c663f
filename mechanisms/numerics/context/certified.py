"""The certified context: exact rationals where exact (:class:`~mechanisms.numerics.exact.Exact`, which mixes
with balls), arb balls otherwise, exact infinities; precision raised locally with :meth:`workprec`.

Vectors are numpy object arrays of exact numbers and balls, so a formula written with numpy
indexing and operators for the float context runs here unchanged, elementwise and certified."""
from __future__ import annotations

import contextlib
import operator
from fractions import Fraction

import flint
import numpy as np

from mechanisms.numerics.context.base import Context, integral_window_ends, unknown
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import (INF, NEG_INF, Exact, ExactInfinity, FloatOnCertifiedPath, Undecided, _exact_of, exact,
                              machine_number, to_arb)


def _is_exact(x) -> bool:
    return (isinstance(x, (int, Fraction)) and not isinstance(x, bool)) or type(x).__name__ in ("fmpz", "fmpq")


def _bound(b):
    """(numerator, denominator) of an int or Fraction bound, None for no bound, False for another kind."""
    if b is None:
        return None
    if type(b) is int or isinstance(b, Fraction):
        f = Fraction(b)
        return f.numerator, f.denominator
    return False


# the slots of an Exact (a Fraction), read without Fraction's numerator / denominator properties (a Python call
# each: most of the time of a pass over a 3000 x 3000 exact channel); only on values known to be Exact
_NUMERATOR, _DENOMINATOR = operator.attrgetter("_numerator"), operator.attrgetter("_denominator")


def _exact_entries(a, lo=None, lo_open=False, hi=None, hi_open=False, allow_inf=False):
    """An object array of the entries of a (an ndarray) as Exact, when every one is an int (not a bool), a
    Fraction or an Exact within the bounds (checked exactly, in integers); None otherwise, and the general path
    then reads each entry (and names the first bad one). A channel of 3000 x 3000 rationals is read in seconds
    this way, not minutes."""
    lb, hb = _bound(lo), _bound(hi)
    if lb is False or hb is False:
        return None
    values = a.ravel().tolist()
    if values and set(map(type, values)) == {Exact} and hb is None and (lb is None or lb == (0, 1) and not lo_open):
        # all Exact already (a channel read exactly), no bound or only n >= 0: C-level passes only
        if lb is not None and min(map(_NUMERATOR, values)) < 0:
            return None
        res = np.empty(len(values), dtype=object)
        res[:] = values
        return res.reshape(a.shape)
    if lb == (0, 1) and hb is None and not lo_open:  # a probability vector's entries: only n >= 0 to check
        out = []
        for v in values:
            t = type(v)
            if t is Exact:
                if v._numerator < 0:
                    return None
            elif t is Fraction or t is int:
                if v < 0:
                    return None
                v = _exact_of(v) if t is Fraction else Exact(v)
            else:
                return None
            out.append(v)
        res = np.empty(len(out), dtype=object)
        res[:] = out
        return res.reshape(a.shape)
    out = []
    for v in values:
        t = type(v)
        if t is Exact:
            n, d = v._numerator, v._denominator
        elif t is Fraction:
            n, d = v._numerator, v._denominator
            v = _exact_of(v)
        elif t is int:
            n, d = v, 1
            v = Exact(v)
        else:
            return None
        if lb is not None and not (n * lb[1] > lb[0] * d if lo_open else n * lb[1] >= lb[0] * d):
            return None
        if hb is not None and not (n * hb[1] < hb[0] * d if hi_open else n * hb[1] <= hb[0] * d):
            return None
        out.append(v)
    res = np.empty(len(out), dtype=object)
    res[:] = out
    return res.reshape(a.shape)


def _all_exact(a) -> bool:
    """Every entry of an object array is an Exact (the type the context's exact entries have)."""
    return set(map(type, a.ravel().tolist())) <= {Exact}


def _exact_sum(values):
    """The exact sum of Exact values, over a common denominator (rows of a channel share a few): Σ n_i (L/d_i) / L."""
    import math

    dens = set(map(_DENOMINATOR, values))
    if len(dens) > 64:
        total = 0
        for v in values:
            total = total + v
        return total
    L = math.lcm(*dens)
    if len(dens) == 1:
        return Exact(sum(map(_NUMERATOR, values)), L)
    return Exact(sum(v._numerator * (L // v._denominator) for v in values), L)


def _column_extreme(m, weights, sign):
    """The column maxima (sign 1) or minima (−1) of w_x m[x, y] for an all-Exact matrix, exactly.

    A float filter first: n/d of Python ints is correctly rounded, so monotone (u ≤ v ⇒ fl(u) ≤ fl(v)), and the
    extreme of a column is among the entries whose float equals the column's extreme float; a column with one such
    entry has it as its extreme, the others are decided exactly among those entries alone. (An overflow to float
    falls back to :func:`_column_extreme_exact`.)"""
    from itertools import repeat

    rows = m.tolist()
    ws = [(1, 1)] * len(rows) if weights is None else [(w._numerator, w._denominator) for w in weights.tolist()]
    div, mul = operator.truediv, operator.mul
    try:
        vals = np.array([list(map(div, map(_NUMERATOR, row), map(_DENOMINATOR, row))) if wn == 1 and wd == 1 else
                         list(map(div, map(mul, repeat(wn), map(_NUMERATOR, row)),
                                  map(mul, repeat(wd), map(_DENOMINATOR, row))))
                         for (wn, wd), row in zip(ws, rows)], dtype=float)
    except OverflowError:
        return _column_extreme_exact(m, weights, sign)
    top = vals.max(axis=0) if sign > 0 else vals.min(axis=0)
    hit = vals == top
    counts, first = hit.sum(axis=0), hit.argmax(axis=0)
    out = np.empty(len(top), dtype=object)
    for y in range(len(top)):
        cands = [int(first[y])] if counts[y] == 1 else np.flatnonzero(hit[:, y]).tolist()
        best_n = best_d = None
        for x in cands:
            e, (wn, wd) = rows[x][y], ws[x]
            n, d = wn * e._numerator, wd * e._denominator
            if best_n is None or sign * (n * best_d - best_n * d) > 0:
                best_n, best_d = n, d
        out[y] = Exact(best_n, best_d)
    return out


def _column_extreme_exact(m, weights, sign):
    """The column maxima (sign 1) or minima (−1) of w_x m[x, y] for an all-Exact matrix: each row over its common
    denominator d, w_x m[x, y] = (w_n · m[x, y]·d) / (w_d · d), compared by cross-multiplication; the first row
    attaining the extreme on ties (as Python's max and min)."""
    import math

    rows = m.tolist()
    ws = [(1, 1)] * len(rows) if weights is None else [(w._numerator, w._denominator) for w in weights.tolist()]
    best_n, best_d = None, None
    for (wn, wd), row in zip(ws, rows):
        pairs = [(x._numerator, x._denominator) for x in row]
        d = math.lcm(*{q for _, q in pairs})
        den = wd * d
        nums = [sign * wn * (a * (d // q)) for a, q in pairs]
        if best_n is None:
            best_n, best_d = nums, [den] * len(nums)
            continue
        for y, (a, bn, bd) in enumerate(zip(nums, best_n, best_d)):
            if a * bd > bn * den:
                best_n[y], best_d[y] = a, den
    out = np.empty(len(best_n), dtype=object)
    out[:] = [Exact(sign * a, b) for a, b in zip(best_n, best_d)]
    return out


def _enclosure(x):
    from mechanisms.numerics.context.box import enclosure

    return enclosure(x)


def _finite(end) -> bool:
    import math

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
        if isinstance(v, np.ndarray) and v.dtype == object and v.ndim == 1 and _all_exact(v):
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
        from mechanisms.numerics.checks import exact_real

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
        fast = _exact_entries(a, **bounds) if a.dtype == object and a.size else None
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
        v = _exact_entries(np.array(p, dtype=object), lo=0) if np.ndim(p) == 1 else None
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
        return isinstance(x, ExactInfinity)

    def isexact(self, x) -> bool:
        """x is an exact number (int, Fraction / Exact, fmpz, fmpq): not a ball, not an infinity."""
        return _is_exact(x)

    # ---- the boundary of the certified path: no machine number crosses it (one place)
    def admit(self, x, where: str = "value"):
        """x, once checked to hold only exact numbers, balls and exact infinities (FloatOnCertifiedPath else)."""
        from mechanisms.numerics.exact import check_certified

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

    def exp(self, x):
        def f(y):
            if isinstance(y, ExactInfinity):
                return INF if y > 0 else 0
            if _is_exact(y) and y == 0:
                return 1
            return self.num(y).exp()
        return self._map(f, x)

    def log(self, x):
        def f(y):
            if isinstance(y, ExactInfinity):
                if y > 0:
                    return INF
                raise InvalidInput("log of -inf")
            if _is_exact(y):
                if y <= 0:
                    return NEG_INF if y == 0 else _neg_log(y)
                if y == 1:
                    return 0
            b = self.num(y)
            if b <= 0:
                raise InvalidInput(f"log of a value that is not positive: {b}")
            if not b > 0:
                raise Undecided(f"log of a ball that straddles 0: {b}")
            return b.log()
        return self._map(f, x)

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

    def _arb_method(name):
        def method(self, x):
            def f(y):
                if isinstance(y, ExactInfinity):
                    raise InvalidInput(f"{name} of {y}")
                return getattr(self.num(y), name)()
            return self._map(f, x)
        method.__name__ = name
        return method

    log1p = _arb_method("log1p")
    expm1 = _arb_method("expm1")
    erf = _arb_method("erf")
    erfc = _arb_method("erfc")
    sinh = _arb_method("sinh")
    cosh = _arb_method("cosh")
    tanh = _arb_method("tanh")
    atan = _arb_method("atan")
    sin = _arb_method("sin")
    cos = _arb_method("cos")
    del _arb_method

    def Phi(self, x):
        """The standard normal CDF, ½ erfc(−x/√2)."""
        return self._map(lambda y: (-self.num(y) / flint.arb(2).sqrt()).erfc() / 2, x)

    def Phi_inv(self, x):
        """The standard normal quantile Φ⁻¹(p) = −√2 erfcinv(2p) on [0, 1] (arb's certified erfcinv; the exact
        infinities at p = 0 and 1). A ball that reaches 0 or 1 without being it is undecided."""
        def f(y):
            if _is_exact(y) and y in (0, 1):
                return NEG_INF if y == 0 else INF
            b = self.num(y)
            if b < 0 or b > 1:
                raise InvalidInput(f"Phi_inv of a value outside [0, 1]: {b}")
            if not (b > 0 and b < 1):
                raise Undecided(f"Phi_inv of a ball that reaches 0 or 1: {b}")
            return -flint.arb(2).sqrt() * (2 * b).erfcinv()
        return self._map(f, x)

    def log_Phi(self, x):
        """log Φ(x): log(erfc(−x/√2)/2), and log1p(−erfc(x/√2)/2) where x > 0 (full relative accuracy as Φ → 1)."""
        def f(y):
            b, r2 = self.num(y), flint.arb(2).sqrt()
            return (-(b / r2).erfc() / 2).log1p() if b > 0 else ((-b / r2).erfc() / 2).log()
        return self._map(f, x)

    def erfcx(self, x):
        """e^{x²} erfc(x), the scaled complementary error function (0 at +∞, +∞ at −∞). It is decreasing, so a
        ball's enclosure is the union of its ends' values (no dependency between e^{x²} and erfc(x))."""
        def at(b):
            return (b * b).exp() * b.erfc()

        def f(y):
            if isinstance(y, ExactInfinity):
                return 0 if y > 0 else INF
            b = self.num(y)
            if b.is_exact() or not b.is_finite():
                return at(b)
            return at(flint.arb(b.upper())).union(at(flint.arb(b.lower())))
        return self._map(f, x)

    def positive_part(self, x):
        """[x]_+ = max(x, 0), elementwise (exact stays exact; a ball straddling 0 keeps its part ≥ 0)."""
        return self._map(lambda y: self.max(0, y), x)

    def maximum(self, x, y):
        """max(x, y) elementwise, numpy broadcasting (exact stays exact; balls: the ball of the maximum)."""
        return self._map2(self.max, x, y)

    def minimum(self, x, y):
        """min(x, y) elementwise, numpy broadcasting."""
        return self._map2(self.min, x, y)

    def zeros(self, shape):
        """An object array of exact zeros (Exact, so that sums and quotients of its entries stay exact)."""
        return np.full(shape, Exact(0), dtype=object)

    def _gamma_arg(self, y, fname):
        if isinstance(y, ExactInfinity):
            raise InvalidInput(f"{fname} of {y}")
        b = self.num(y)
        if b.contains_integer() and not b > 0:
            raise InvalidInput(f"{fname}: x must certainly avoid the poles 0, -1, -2, ..., got x={y}")
        return b

    def gamma(self, x):
        """Γ(x) away from the poles 0, −1, −2, … (a ball that may hold one is refused)."""
        return self._map(lambda y: self._gamma_arg(y, "gamma").gamma(), x)

    def lgamma(self, x):
        """log|Γ(x)| away from the poles (the float context's gammaln): for x < 0 by reflection,
        |Γ(x)| = π / (|sin πx| Γ(1 − x))."""
        def f(y):
            b = self._gamma_arg(y, "lgamma")
            if b > 0:
                return b.lgamma()
            return flint.arb.pi().log() - abs(b.sin_pi()).log() - (1 - b).lgamma()
        return self._map(f, x)

    def _map2(self, f, x, y):
        if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
            xs, ys = np.broadcast_arrays(np.asarray(x, dtype=object), np.asarray(y, dtype=object))
            if f in (self.max, self.min) and _all_exact(xs) and _all_exact(ys):  # exact: max and min are Python's
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
        from mechanisms.numerics.bessel import certified_log_bessel_i

        return self._map2(certified_log_bessel_i, nu, x)

    def log_normalised_bessel_i(self, nu, s, fast=False):
        """log[Γ(ν+1)(2/s)^ν I_ν(s)] by arb's Bessel function (elementwise; exactly 0 at s = 0). fast is the
        float context's option and changes nothing here."""
        from mechanisms.numerics.bessel import certified_log_normalised_bessel_i

        return self._map2(certified_log_normalised_bessel_i, nu, s)

    def log1mexp(self, x):
        """log(1 − e^x) for x < 0."""
        def f(y):
            if isinstance(y, ExactInfinity) and y < 0:
                return 0
            b = self.num(y)
            if b >= 0:
                raise InvalidInput(f"log(1 − e^x) needs x < 0, got {b}")
            if not b < 0:
                raise Undecided(f"log(1 − e^x) of a ball that straddles 0: {b}")
            return (-b.expm1()).log()
        return self._map(f, x)

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

    def digamma(self, x):
        """ψ(x) = Γ'(x)/Γ(x) away from the poles."""
        def f(y):
            b = self._gamma_arg(y, "digamma")
            if b.is_exact() or not b > 0:
                return b.digamma()
            # increasing on (0, ∞): the values at a ball's two ends hold it (arb's ψ of a wide ball is not finite)
            return flint.arb(b.lower()).digamma().union(flint.arb(b.upper()).digamma())
        return self._map(f, x)

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

    def sqrt(self, x):
        def f(y):
            if isinstance(y, ExactInfinity):
                if y > 0:
                    return INF
                raise InvalidInput("sqrt of -inf")
            b = self.num(y)
            if b < 0:
                raise InvalidInput(f"sqrt of a negative value: {b}")
            return b.nonnegative_part().sqrt()  # a ball straddling 0 keeps its non-negative part
        return self._map(f, x)

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
        from mechanisms.numerics.quadrature import (BallIntegrandOps, certified_log_integral,
                                                     certified_shifted_integral, float_log_integrand)

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
        if any(isinstance(x, ExactInfinity) and x > 0 for x in xs):
            return INF
        xs = [x for x in xs if not isinstance(x, ExactInfinity)]
        if not xs:
            return NEG_INF
        if all(_is_exact(x) for x in xs):
            return max(xs)
        out = self.num(xs[0])
        for x in xs[1:]:
            out = out.max(self.num(x))
        return out

    def min(self, *xs):
        if any(isinstance(x, ExactInfinity) and x < 0 for x in xs):
            return NEG_INF
        xs = [x for x in xs if not isinstance(x, ExactInfinity)]
        if not xs:
            return INF
        if all(_is_exact(x) for x in xs):
            return min(xs)
        out = self.num(xs[0])
        for x in xs[1:]:
            out = out.min(self.num(x))
        return out

    def fmax(self, xs):
        return self.max(*list(xs))

    def fmin(self, xs):
        return self.min(*list(xs))

    def sum(self, xs, start=0):
        if type(start) is int and start == 0 and isinstance(xs, np.ndarray) and xs.dtype == object and xs.size \
                and _all_exact(xs):
            return _exact_sum(xs.ravel().tolist())
        total = start
        for x in (xs.ravel() if isinstance(xs, np.ndarray) else xs):
            total = total + x
        return total

    def _column_max(self, m, weights=None):
        """max_x w_x m[x, y] per column; on exact entries by integer cross-multiplication (no product fraction
        formed but the column's largest), a row's entries over its common denominator."""
        if not (isinstance(m, np.ndarray) and m.ndim == 2 and m.dtype == object and m.shape[0] and _all_exact(m)
                and (weights is None or (isinstance(weights, np.ndarray) and weights.dtype == object
                                         and weights.shape == m.shape[:1] and _all_exact(weights)))):
            return super()._column_max(m, weights)
        return _column_extreme(m, weights, 1)

    def _column_min(self, m):
        """min_x m[x, y] per column (exact entries: as column_max)."""
        if not (isinstance(m, np.ndarray) and m.ndim == 2 and m.dtype == object and m.shape[0] and _all_exact(m)):
            return super()._column_min(m)
        return _column_extreme(m, None, -1)

    def _vecmat(self, v, m):
        """v @ m; exact entries summed over the common denominator L = lcm_x(den v_x · lcm_y den m[x, y]):
        column y is Σ_x num(v_x) m[x, y]·(L / den v_x) / L, in integers, one fraction made per column (a
        fraction sum would take a gcd of the growing denominator at every term: minutes at 3000 x 3000)."""
        import math

        if not (isinstance(v, np.ndarray) and isinstance(m, np.ndarray) and v.ndim == 1 and m.ndim == 2
                and v.dtype == object and m.dtype == object and v.shape[0] == m.shape[0] and m.shape[1]
                and _all_exact(v) and _all_exact(m)):
            return v @ m
        rows = m.tolist()
        scales = []
        for a, row in zip(v.tolist(), rows):
            d = math.lcm(*set(map(_DENOMINATOR, row)))
            scales.append((a._numerator, a._denominator * d, d))
        big = math.lcm(*{s[1] for s in scales})
        cols = [0] * m.shape[1]
        for (an, ad, d), row in zip(scales, rows):
            if an == 0:
                continue
            f = an * (big // ad)
            cols = [c + f * (x._numerator * (d // x._denominator)) for c, x in zip(cols, row)]
        out = np.empty(len(cols), dtype=object)
        out[:] = [Exact(c, big) for c in cols]
        return out

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


def _neg_log(y):
    raise InvalidInput(f"log of a negative value: {y}")


certified = CertifiedContext()
