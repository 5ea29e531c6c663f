"""One-dimensional integrals of positive log-concave-ish integrands, in log space: a float route and a
certified one that share nothing but the window where the integrand matters.

* float — :func:`float_log_integral`: Gauss–Legendre panels on the window where the integrand exceeds
  e^{-60} of its maximum (the rest is below double precision), doubled until two results agree.
* certified — :func:`certified_integral`: python-flint ``acb.integral`` on a rational window plus rigorous
  interval bounds of the two tails; :func:`certified_log_integral` picks the window and the shift from the
  float log-integrand and returns the log of a certainly positive integral.

The integrands are given as functions of an acb (analytic on the path) and of an arb ball (for the tail
bounds); the float ones as vectorised log-integrands that may return −inf.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.bessel import float_log_normalised_bessel_i
from mechanisms.numerics.exact import to_arb, to_fraction
import flint
from flint import acb, arb
from scipy.optimize import minimize_scalar

__all__ = ["float_log_integral", "integrand_window", "certified_integral", "certified_log_integral",
           "certified_shifted_integral",
           "LogValue", "FloatIntegrandOps", "BallIntegrandOps", "float_log_integrand"]


# ----------------------------------------------------------------------------- float quadrature
_GL_NODES = {}


def _gauss_legendre(n):
    if n not in _GL_NODES:
        _GL_NODES[n] = np.polynomial.legendre.leggauss(n)
    return _GL_NODES[n]


def _gl(lf, a, b, shift, panels, n=48):
    x, w = _gauss_legendre(n)
    edges = np.linspace(a, b, panels + 1)
    half = (edges[1:] - edges[:-1]) / 2
    mid = (edges[1:] + edges[:-1]) / 2
    pts = (mid[:, None] + half[:, None] * x[None, :]).ravel()
    vals = np.exp(lf(pts) - shift)
    return float(np.sum((half[:, None] * w[None, :]).ravel() * vals))


def integrand_window(lf, lo, hi, drop, grid=4097):
    """Where exp(lf) is within e^{-drop} of its maximum on [lo, hi]: (a, b, argmax, max)."""
    xs = np.linspace(lo, hi, grid)
    with np.errstate(all="ignore"):
        vals = lf(xs)
    if np.all(vals == -np.inf):
        raise ZeroIntegrand("the integrand is zero on the whole interval (log-integrand −inf at every grid point)")
    vals = np.where(np.isnan(vals), -np.inf, vals)
    i = int(np.argmax(vals))
    xm, fm = float(xs[i]), float(vals[i])
    if not math.isfinite(fm):
        raise InvalidInput("integrand is not finite on the whole interval (NaN, or +inf at its largest)")
    lo_i, hi_i = max(i - 1, 0), min(i + 1, grid - 1)
    if hi_i > lo_i:
        with np.errstate(all="ignore"):
            r = minimize_scalar(lambda z: -float(lf(np.array([z]))[0]), bounds=(xs[lo_i], xs[hi_i]),
                                method="bounded", options={"xatol": 1e-13})
        if math.isfinite(r.fun) and -r.fun > fm:
            xm, fm = float(r.x), float(-r.fun)
    keep = np.flatnonzero(vals > fm - drop)
    a = float(xs[max(int(keep[0]) - 1, 0)])
    b = float(xs[min(int(keep[-1]) + 1, grid - 1)])
    return a, b, xm, fm


class ZeroIntegrand(InvalidInput):
    """The integrand is 0 at every point of integrand_window's grid (its log −inf)."""


def float_log_integral(lf, lo, hi, rtol=1e-14):
    """log ∫_lo^hi exp(lf(x)) dx for a vectorised log-integrand lf (−inf allowed), float64.

    The integral is taken on the window where the integrand exceeds e^{-60} of its maximum
    (the rest is below double precision), by Gauss–Legendre panels doubled until two
    successive results agree to rtol; an integrand that is 0 at every point of the window's grid (two
    densities equal to double precision: a VMF of κ = 10⁻²⁷³ against its mixture) gives −inf.
    """
    try:
        a, b, xm, fm = integrand_window(lf, lo, hi, 60.0)
    except ZeroIntegrand:
        return -math.inf
    if b <= a:
        return fm + math.log(max(b - a, 0.0) or 1e-300)
    panels = 4
    with np.errstate(all="ignore"):
        prev = _gl(lf, a, b, fm, panels)
        for _ in range(8):
            panels *= 2
            cur = _gl(lf, a, b, fm, panels)
            if abs(cur - prev) <= rtol * abs(cur):
                break
            prev = cur
    if not cur > 0:
        raise InvalidInput("quadrature gave a non-positive integral")
    return fm + math.log(cur)


# ----------------------------------------------------------------------------- certified quadrature
def _ball(u, v):
    return to_arb(u).union(to_arb(v))


def _tail_bound(f, u, v, scale, budget):
    """A rigorous upper bound of ∫_u^v |f| from interval evaluation on bisected pieces."""
    if v <= u:
        return arb(0)
    stack = [(to_fraction(u), to_fraction(v), 0)]
    total = arb(0)
    tol = scale * arb(2) ** -100
    width = to_fraction(v) - to_fraction(u)
    while stack:
        a, b, depth = stack.pop()
        val = f(_ball(a, b), False)
        if hasattr(val, "real") and not isinstance(val, arb):
            val = val.real
        bound = abs(val).upper() * to_arb(b - a)
        piece_tol = tol * to_arb((b - a) / width)
        ok = bound.is_finite() and bound < piece_tol
        if ok or depth >= 48 or budget[0] <= 0:
            if not bound.is_finite():
                return arb("inf")
            total += bound
            continue
        budget[0] -= 1
        m = (a + b) / 2
        stack.append((a, m, depth + 1))
        stack.append((m, b, depth + 1))
    return total


def certified_integral(f, lo, hi, a=None, b=None, nonnegative=True):
    """Enclosure of ∫_lo^hi f: ``acb.integral`` on [a, b] ⊂ [lo, hi] plus interval bounds of the tails.

    f(x, analytic) must accept an acb (return an acb, analytic on x) and an arb ball (return an
    arb enclosing f on the ball). lo, hi are exact numbers or arb constants (e.g. π); a, b are exact
    window ends, or None for the end of the interval itself (then there is no tail on that side).
    For a non-negative integrand the tails only add [0, bound]; otherwise [−bound, bound].
    """

    tol_bits = min(flint.ctx.prec - 16, 200)
    left = to_arb(lo) if a is None else to_arb(a)
    right = to_arb(hi) if b is None else to_arb(b)
    main = acb.integral(lambda x, an: f(x, an), left, right, rel_tol=arb(2) ** -tol_bits,
                        eval_limit=400000).real
    if not main.is_finite():
        return main
    scale = abs(main).upper()
    budget = [400]
    t = arb(0)
    if a is not None:
        t += _tail_bound(f, _lower_end(lo), a, scale, budget)
    if b is not None:
        t += _tail_bound(f, b, _upper_end(hi), scale, budget)
    if nonnegative:
        return main + arb(0).union(t)
    return main + (-t).union(t)


def _upper_end(x) -> Fraction:
    """An exact number >= x (x exact, or an arb constant such as π)."""
    if isinstance(x, arb):
        return Fraction(float(x.mid())) + Fraction(1, 10**9)
    return to_fraction(x)


def _lower_end(x) -> Fraction:
    if isinstance(x, arb):
        return Fraction(float(x.mid())) - Fraction(1, 10**9)
    return to_fraction(x)


def certified_log_integral(build, lf, lo_f, hi_f, lo_exact, hi_exact):
    """log of a positive integral ∫_lo^hi: window and shift M from the float log-integrand lf,
    then :func:`certified_integral` of build(M) (the integrand times e^{−M}). A window end that
    reaches the end of the interval integrates up to the exact end (no tail there)."""
    shift, val = certified_shifted_integral(build, lf, lo_f, hi_f, lo_exact, hi_exact)
    if not val > 0:
        raise InvalidInput(f"certified integral not certainly positive: {val}")
    return shift + val.log()


def certified_shifted_integral(build, lf, lo_f, hi_f, lo_exact, hi_exact):
    """(M, v) with ∫_lo^hi f ∈ e^M·v, as :func:`certified_log_integral` (v not required to be positive: the
    enclosure of a non-negative integral that is nearly 0 may reach below 0)."""
    a, b, xm, fm = integrand_window(lf, lo_f, hi_f, 92.0)
    span = hi_f - lo_f
    qa = None if a <= lo_f + 1e-12 * span else Fraction(a).limit_denominator(10**12)
    qb = None if b >= hi_f - 1e-12 * span else Fraction(b).limit_denominator(10**12)
    if qa is not None and not _lower_end(lo_exact) < qa:
        qa = None
    if qb is not None and not qb < _lower_end(hi_exact):
        qb = None
    shift = arb(fm)
    return shift, certified_integral(build(shift), lo_exact, hi_exact, qa, qb)


# ----------------------------------------------------------------------------- integrands written once
# ctx.integral(f, a, b, args=...) takes an integrand f(I, x, *args) written once: I is the integrand's operations
# (exp, sin, cos, expm1, nonneg, hyp0f1, kl_div, and the non-entire log, log_mixture, positive_part), x the point,
# args the integrand's parameters as numbers of the context. On floats a product of positive factors is carried in
# log space (a factor e^z is the log z, nonneg(s)^q is q·log s), so e^{κ cos φ} sin^{p−2}φ neither overflows nor
# underflows; a sum or a factor of either sign leaves log space (plain floats, as an integrand written by hand would
# compute it). On the certified context x is an acb (on the path of acb.integral) or an arb ball (in the tail
# bounds) and the operations are theirs; an operation that is not entire answers acb.integral's analytic flag.
class LogValue:
    """A positive float (array) held as its log: products add, integer powers multiply, a sum with a positive term
    stays in log space (logaddexp); a difference, a negation or a product with a term of either sign is a plain
    float array."""

    __slots__ = ("lv",)
    __array_ufunc__ = None  # an ndarray on the left defers to the operators below

    def __init__(self, lv):
        self.lv = lv

    def plain(self):
        return np.exp(self.lv)

    @staticmethod
    def _positive_log(other):
        """log other where other is a LogValue or ≥ 0 everywhere, else None (the result leaves log space)."""
        if isinstance(other, LogValue):
            return other.lv
        arr = np.asarray(other, float)
        if np.all(arr >= 0):
            with np.errstate(divide="ignore"):
                return np.log(arr)
        return None

    def __mul__(self, other):
        lo = self._positive_log(other)
        return self.plain() * other if lo is None else LogValue(self.lv + lo)

    __rmul__ = __mul__

    def __truediv__(self, other):
        lo = self._positive_log(other)
        return self.plain() / other if lo is None else LogValue(self.lv - lo)

    def __add__(self, other):
        lo = self._positive_log(other)
        return self.plain() + other if lo is None else LogValue(np.logaddexp(self.lv, lo))

    __radd__ = __add__

    def __sub__(self, other):
        return self.plain() - (other.plain() if isinstance(other, LogValue) else other)

    def __rsub__(self, other):
        return other - self.plain()

    def __neg__(self):
        return -self.plain()

    def __pow__(self, n):
        if n == 0:  # 0·log 0 would be nan: s⁰ = 1 everywhere
            return LogValue(np.zeros_like(np.asarray(self.lv, float)))
        return LogValue(self.lv * n)


class FloatIntegrandOps:
    """The integrand's operations on floats (numpy, vectorised): positive factors in log space."""

    @staticmethod
    def exp(z):
        return LogValue(np.asarray(z, float))

    @staticmethod
    def nonneg(z):
        """A factor ≥ 0 on the interval (to be raised to a power): carried as log|z|."""
        if isinstance(z, LogValue):
            return z
        with np.errstate(divide="ignore"):
            return LogValue(np.log(np.abs(np.asarray(z, float))))

    @staticmethod
    def log(z):
        """log z of a z > 0 on the interval: a LogValue's own log, else numpy's."""
        if isinstance(z, LogValue):
            return z.lv
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log(np.asarray(z, float))

    @staticmethod
    def expm1(z):
        return np.expm1(np.asarray(z, float))

    @staticmethod
    def log_mixture(w, x):
        """log(1 − w + w e^x), 0 < w ≤ 1: log1p(w·expm1(x)) where w·expm1(x) is small (its digits kept for small w
        or x), logaddexp(log(1 − w), log w + x) elsewhere (no overflow of e^x, no 1 − w + tiny lost)."""
        x = np.asarray(x, float)
        w = float(w)
        with np.errstate(all="ignore"):
            small = w * np.expm1(x)
            far = np.logaddexp(math.log1p(-w) if w < 1 else -np.inf, math.log(w) + x)
            return np.where(np.abs(small) < 0.5, np.log1p(small), far)

    @staticmethod
    def positive_part(z):
        """max(z, 0)."""
        if isinstance(z, LogValue):
            return z
        return np.maximum(np.asarray(z, float), 0.0)

    @staticmethod
    def hyp0f1(a, z):
        """₀F₁(; a; z) of a z ≥ 0 on the interval, as a factor: its log, log M(a − 1, 2√z) (the Bessel form)."""
        z = np.maximum(np.asarray(z, float), 0.0)
        return LogValue(float_log_normalised_bessel_i(float(a) - 1, 2 * np.sqrt(z), True))

    @staticmethod
    def kl_div(log_p, log_q):
        """p log(p/q) − p + q = p·(r − 1 + e^{−r}) ≥ 0, r = log p − log q (scipy's kl_div(p, q)), given log p and
        log q, as a factor: log p + log(r − 1 + e^{−r}), the latter by the series Σ_{n≥2} (−r)^n/n! where |r| < ½
        (no cancellation for nearby laws), by −r + log1p((r − 1)e^r) where r < −1 (no overflow of e^{−r}), else
        directly."""
        log_p = np.asarray(log_p, float)
        with np.errstate(all="ignore"):
            r = log_p - np.asarray(log_q, float)
            term, rest = np.ones_like(r), np.zeros_like(r)  # r − 1 + e^{−r} = (r²/2)(1 + rest): no underflow of r²
            for n in range(3, 19):
                term = term * (-r) / n
                rest = rest + term
            series = 2 * np.log(np.abs(r)) - math.log(2) + np.log1p(rest)
            kernel = np.where(np.abs(r) < 0.5, series,
                              np.where(r < -1, -r + np.log1p((r - 1) * np.exp(r)), np.log(r + np.expm1(-r))))
        return LogValue(log_p + kernel)

    sin = staticmethod(np.sin)
    cos = staticmethod(np.cos)


class BallIntegrandOps:
    """The integrand's operations on an acb (on the path of acb.integral) or an arb ball (the tail bounds).

    ``BallIntegrandOps(analytic)`` carries acb.integral's flag: where it is set, an operation that is not entire
    returns an indeterminate acb on a ball that meets its branch cut or its non-holomorphic set (python-flint's
    ``log(analytic=...)``, ``real_max(..., analytic=...)``), which makes acb.integral subdivide there; the entire
    operations (exp, sin, cos, expm1, integer powers, hyp0f1, kl_div) ignore it."""

    def __init__(self, analytic=False):
        self.analytic = analytic

    @staticmethod
    def exp(z):
        return z.exp()

    @staticmethod
    def nonneg(z):
        return z

    @staticmethod
    def sin(z):
        return z.sin()

    @staticmethod
    def cos(z):
        return z.cos()

    @staticmethod
    def expm1(z):
        return z.expm1()

    def log(self, z):
        """log z: the principal branch, cut along (−∞, 0] (indeterminate on a ball meeting it, analytic set)."""
        return z.log(analytic=self.analytic) if isinstance(z, acb) else z.log()

    def log_mixture(self, w, x):
        """log(1 − w + w e^x) on its principal branch (the log's analytic flag)."""
        return self.log((1 - w) + w * x.exp())

    def positive_part(self, z):
        """max(z, 0): on an acb, z where Re z > 0 and 0 where Re z < 0 (holomorphic on a ball that Re z = 0 does
        not meet; indeterminate on one that it does, analytic set); on an arb ball, the ball of max(z, 0)."""
        if isinstance(z, acb):
            return z.real_max(acb(0), analytic=self.analytic)
        return z.max(arb(0))

    @staticmethod
    def kl_div(log_p, log_q):
        """p log(p/q) − p + q as p·(log p − log q − 1) + q (entire in its arguments; p and q each from its own log,
        so a ball over a wide piece never multiplies the extremes of p and of p/q)."""
        return log_p.exp() * (log_p - log_q - 1) + log_q.exp()

    @staticmethod
    def hyp0f1(a, z):
        """₀F₁(; a; z) (entire in z), a exact or a ball."""
        return z.hypgeom_0f1(to_arb(a))


def float_log_integrand(f, args):
    """The vectorised float log-integrand x ↦ log f(I, x, *args) of an integrand written once."""
    def lf(x):
        v = f(FloatIntegrandOps, np.asarray(x, float), *args)
        if isinstance(v, LogValue):
            return np.broadcast_to(v.lv, np.shape(x)).astype(float)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log(np.broadcast_to(np.asarray(v, float), np.shape(x)))
    return lf
