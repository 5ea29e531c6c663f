"""The float context: machine floats and numpy arrays (vectorised), for the search. Nothing it returns
is certified; the certified context decides verdicts."""
from __future__ import annotations

import math

import numpy as np
from scipy import special as _sp
from scipy.integrate import quad

from mechanisms.numerics.bessel import float_log_bessel_i, float_log_normalised_bessel_i
from mechanisms.numerics.checks import channel as _channel, distribution as _distribution, real as _real, \
    real_array as _real_array
from mechanisms.numerics.context.base import Context, integral_window_ends as _cut_ends, register_context
from mechanisms.numerics.elementary import ELEMENTARY, float_method
from mechanisms.numerics.quadrature import float_log_integral, float_log_integrand


def _scalar(f):
    def g(x):
        out = f(x)
        return float(out) if np.ndim(out) == 0 else out
    g.__name__ = getattr(f, "__name__", "f")
    return g


def _scalar2(f):
    def g(x, y):
        out = f(x, y)
        return float(out) if np.ndim(out) == 0 else out
    g.__name__ = getattr(f, "__name__", "f")
    return g


class FloatContext(Context):
    name = "fp"
    certified = False
    inf = math.inf
    ninf = -math.inf
    undefined = math.nan  # the value of a quantity that is undefined at a point (a posterior at an output of mass 0)

    # ---- making numbers
    def num(self, x):
        return float(x)

    def exact(self, x):  # no exact numbers here: the nearest float
        return float(x)

    def vector(self, v):
        return np.asarray(v, float)

    def matrix(self, K):
        return np.asarray(K, float)

    def real(self, x, name, fname, *, lo=None, lo_open=False, hi=None, hi_open=False, allow_inf=False):
        """An argument checked to be a real number (an array: each entry) within the bounds; a float."""
        if isinstance(x, (np.ndarray, list, tuple)):
            return _real_array(x, name, fname, lo=lo, lo_open=lo_open, hi=hi, hi_open=hi_open, allow_inf=allow_inf)[0]
        return _real(x, name, fname, lo=lo, lo_open=lo_open, hi=hi, hi_open=hi_open, allow_inf=allow_inf)

    def distribution(self, p, name, fname):
        """A probability vector checked (finite, ≥ 0, summing to 1 within 1e−9): a float array."""
        return _distribution(p, name, fname)

    def channel(self, K, name, fname):
        """A row-stochastic matrix checked (every row a probability vector within 1e−9): a float array."""
        return _channel(K, name, fname)

    @staticmethod
    def hull(*xs):
        """A value known only to lie between the least and the greatest of xs: floats hold no enclosure, so
        their midpoint."""
        return (min(xs) + max(xs)) / 2

    @staticmethod
    def accurate(build):
        """build() (floats have one precision)."""
        return build()

    def is_inf(self, x) -> bool:
        """x is a float infinity, +∞ or −∞ (m.is_pos_inf: +∞ alone)."""
        return isinstance(x, (float, np.floating)) and math.isinf(x)

    def is_zero(self, x) -> bool:
        return x == 0

    def isnan(self, x) -> bool:
        return isinstance(x, (float, np.floating)) and math.isnan(x)

    def _cmp(self, a, b, op):
        return bool(a < b) if op == "lt" else bool(a <= b)

    def where(self, mask, x, y):
        return np.where(mask, x, y)

    # ---- elementary and special functions (arrays elementwise): one method per entry of the table
    # (mechanisms.numerics.elementary), set below the class
    abs = staticmethod(_scalar(np.abs))

    regularized_gamma_lower = staticmethod(_scalar2(_sp.gammainc))  # P(s, z) = γ(s, z)/Γ(s)
    regularized_gamma_upper = staticmethod(_scalar2(_sp.gammaincc))  # Q(s, z) = 1 − P(s, z)
    digamma = staticmethod(_scalar(_sp.psi))
    lbeta = staticmethod(_scalar2(_sp.betaln))  # log B(a, b)

    @staticmethod
    def regularized_beta(a, b, z):
        """I_z(a, b), the regularised incomplete beta function (scipy's betainc)."""
        out = _sp.betainc(a, b, z)
        return float(out) if np.ndim(out) == 0 else out

    @staticmethod
    def log_bessel_k(nu, z):
        """log K_ν(z) for z > 0, from the scaled kve (no overflow or underflow for large z)."""
        out = np.log(_sp.kve(nu, z)) - z
        return float(out) if np.ndim(out) == 0 else out

    @staticmethod
    def maximum(x, y):
        """max(x, y) elementwise, numpy broadcasting (the column maxima of a channel: reduce over rows)."""
        out = np.maximum(x, y)
        return float(out) if np.ndim(out) == 0 else out

    @staticmethod
    def minimum(x, y):
        """min(x, y) elementwise, numpy broadcasting."""
        out = np.minimum(x, y)
        return float(out) if np.ndim(out) == 0 else out

    @staticmethod
    def zeros(shape):
        """An array of zeros of the context's numbers (floats)."""
        return np.zeros(shape)

    @staticmethod
    def log_bessel_i(nu, x):
        """log I_ν(x), ν ≥ 0, x ≥ 0, broadcasting (uniform Debye expansion / power series: mechanisms.numerics.bessel)."""
        return float_log_bessel_i(nu, x)

    @staticmethod
    def log_normalised_bessel_i(nu, s, fast=False):
        """log[Γ(ν+1)(2/s)^ν I_ν(s)] = log ₀F₁(; ν+1; s²/4) (0 at s = 0), vectorised over s (series where the
        Bessel form cancels; fast=True: the Bessel form everywhere). mechanisms.numerics.bessel."""
        return float_log_normalised_bessel_i(nu, s, fast)

    @staticmethod
    def xlogy(x, y):
        """x · log y with 0 · log 0 = 0 (elementwise)."""
        out = _sp.xlogy(x, y)
        return float(out) if np.ndim(out) == 0 else out

    def integral(self, f, a, b, *, args=(), log=False, cut=None, tail=None):
        """∫_a^b f(I, x, *args) dx of a positive integrand written once (I: the integrand's operations,
        :class:`mechanisms.numerics.quadrature.FloatIntegrandOps`, factors carried in log space), in floats and
        NOT certified: Gauss–Legendre panels on the window where the integrand exceeds e^{−60} of its maximum,
        doubled until two results agree to 1e−14 (:func:`~mechanisms.numerics.quadrature.float_log_integral`).
        b = +inf: the window [a, cut] plus scipy's ``quad`` of the rest (``tail``, the certified context's bound,
        is not used here); a = −inf as well: cut = (lower cut, upper cut) (None where the end is finite).
        log=True: the log of the integral (no overflow)."""
        lf = float_log_integrand(f, tuple(float(x) for x in args))
        lo, hi = _cut_ends(self, a, b, cut)
        out = float_log_integral(lf, float(lo), float(hi))
        rest = 0.0
        if self.is_inf(a):
            rest += quad(lambda x: math.exp(float(lf(np.array([x]))[0]) - out), -math.inf, float(lo),
                         epsabs=0.0, epsrel=1e-13, limit=200)[0]
        if self.is_inf(b):
            rest += quad(lambda x: math.exp(float(lf(np.array([x]))[0]) - out), float(hi), math.inf,
                         epsabs=0.0, epsrel=1e-13, limit=200)[0]
        out += math.log1p(rest)
        return out if log else math.exp(out)

    @staticmethod
    def pi():
        return math.pi

    @staticmethod
    def max(*xs):
        return max(xs)

    @staticmethod
    def min(*xs):
        return min(xs)

    @staticmethod
    def sum(xs, start=0):
        return float(np.sum(xs)) + start if isinstance(xs, np.ndarray) else math.fsum(xs) + start

    @staticmethod
    def fmax(xs):
        """The largest entry of a vector."""
        return float(np.max(xs))

    @staticmethod
    def fmin(xs):
        return float(np.min(xs))

    @staticmethod
    def log_sum_exp(xs):
        xs = np.asarray(xs, float)
        top = np.max(xs)
        if not np.isfinite(top):
            return float(top)
        return float(top + np.log(np.sum(np.exp(xs - top))))


for _e in ELEMENTARY.values():
    setattr(FloatContext, _e.name, staticmethod(float_method(_e)))
del _e

fp = register_context(FloatContext())
