"""Calibration: the smallest noise scale that meets a target privacy guarantee, certified and tight to d digits.

* :func:`gaussian_sigma` — the analytic Gaussian mechanism (Balle & Wang 2018, Algorithm 1): the smallest σ with
  δ_σ(ε) ≤ δ, δ_σ the exact Gaussian profile (:func:`~mechanisms.continuous.gaussian_dp.gaussian_delta`);
* :func:`laplace_scale` — the smallest Laplace scale b with δ_b(ε) = 1 − e^{−[Δ/b − ε]_+/2} ≤ δ
  (b = Δ/(ε − 2 log(1 − δ)) in closed form; Δ/ε at δ = 0);
* :func:`dpsgd_sigma` — the smallest noise multiplier σ of DP-SGD (Poisson rate q, ``steps`` steps) whose RDP curve,
  converted to (ε, δ) at the best order (:func:`~mechanisms.accounting.dpsgd_accountant.dpsgd_epsilon`), meets ε:
  what opacus's ``get_noise_multiplier`` computes with its RDP accountant.

Each quantity is decreasing in the scale, so the answer is found by bisection in floats, then rounded up to an exact
rational on a grid of 10^−digits relative and certified on the certified context: the guarantee holds at σ (ball
evaluation, its upper end ≤ the target) and fails at σ·(1 − 10^−digits) (its lower end > the target), so σ is the
smallest to d digits. The result is a :class:`Calibration` carrying both balls. Bad input raises InvalidInput first.

One return type per name, outside this module: ``m.gaussian_sigma`` (a quantity's) and the package's
``mechanisms.accounting.gaussian_sigma`` are the value, a number (:func:`gaussian_sigma_exact`); the package's
``gaussian_sigma_calibration`` is this module's :func:`gaussian_sigma`, the Calibration (likewise laplace_scale,
dpsgd_sigma).
"""
from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.accounting.dpsgd_accountant import OPACUS_ORDERS, _check, dpsgd_epsilon, dpsgd_epsilon_arb
from mechanisms.accounting.subsampled_gaussian import log_binomial_excess
from mechanisms.numerics.checks import exact_real, real
from mechanisms.numerics.context import certified, fp
from mechanisms.numerics.exact import Undecided

__all__ = ["Calibration", "gaussian_sigma", "laplace_scale", "dpsgd_sigma",
           "gaussian_sigma_float", "laplace_scale_float", "dpsgd_sigma_float", "gaussian_sigma_exact",
           "laplace_scale_exact", "dpsgd_sigma_exact", "gaussian_sigma_grid", "laplace_scale_grid", "dpsgd_sigma_grid"]

_DIGITS = 6
_MAX_STEPS = 200


@dataclass(frozen=True)
class Calibration:
    """``value`` meets the target (``at_value`` ≤ target, certified); ``below`` = value·(1 − 10^−digits) does not
    (``at_below`` > target, certified)."""
    value: Fraction
    at_value: object
    below: Fraction
    at_below: object
    target: Fraction


def _bisect(excess, lo, hi):
    """The root of a decreasing float function (excess > 0 below it), bracketed by doubling."""
    while excess(hi) > 0:
        lo, hi = hi, 2 * hi
        if hi > 1e300:
            raise InvalidInput("calibration: no scale meets the target")
    while excess(lo) <= 0 and lo > 1e-300:
        hi, lo = lo, lo / 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if excess(mid) > 0:
            lo = mid
        else:
            hi = mid
    return hi


def _round_up(x: float, digits: int) -> tuple[Fraction, Fraction]:
    """(x rounded up to a grid of unit 10^{⌊log₁₀ x⌋ − digits} as an exact rational, the unit): a unit at most
    x·10^−digits, so one below a σ that meets the target by less than a unit, σ(1 − 10^−digits) falls below the root."""
    e = math.floor(math.log10(x)) - digits
    unit = Fraction(10) ** e
    return math.ceil(Fraction(x) / unit) * unit, unit


def _certify(value_of, target, start: float, digits: int, fname: str) -> Calibration:
    """Walk the d-digit grid from the float estimate until the certified value meets the target at σ and fails at
    σ(1 − 10^−d)."""
    shrink = 1 - Fraction(1, 10**digits)
    s, unit = _round_up(start, digits)
    for _ in range(_MAX_STEPS):
        at = value_of(s)
        if not certified.certainly_le(at, target):
            s += unit
            continue
        below = s * shrink
        at_below = value_of(below)
        fails = certified.gt(at_below, target)
        if not certified.undecided(fails):
            if fails:
                return Calibration(s, at, below, at_below, target)
            s -= unit
            continue
        raise Undecided(f"{fname}: the target is met at {below} to the working precision; raise it or lower digits")
    raise Undecided(f"{fname}: no {digits}-digit scale certified within {_MAX_STEPS} steps of {start}")


def _digits(digits, fname):
    if isinstance(digits, bool) or not isinstance(digits, int) or not 1 <= digits <= 30:
        raise InvalidInput(f"{fname}: digits must be an integer in [1, 30], got digits={digits!r}")
    return digits


def _exact(x, name, fname, **bounds):
    v = exact_real(x, name, fname, **bounds)
    if not isinstance(v, Fraction):
        raise InvalidInput(f"{fname}: {name} must be an exact rational, got {name}={x} (in a quantity, read the case "
                           f"with m.value, which keeps exact numbers exact; m.num makes a ball)")
    return v


# ----------------------------------------------------------------------------- the analytic Gaussian mechanism
def gaussian_sigma_float(eps, delta, sensitivity=1):
    """The smallest σ with δ_σ(ε) ≤ δ (float bisection on the exact profile)."""
    fname = "gaussian_sigma"
    e = real(eps, "eps", fname, lo=0)
    d = real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    sens = real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    return _bisect(lambda s: fp.gaussian_delta(s, e, sens) - d, sens, 2 * sens)


def gaussian_sigma(eps, delta, sensitivity=1, digits=_DIGITS) -> Calibration:
    """The analytic Gaussian mechanism's σ for (ε, δ), certified and tight to ``digits`` digits."""
    fname = "gaussian_sigma"
    e = _exact(eps, "eps", fname, lo=0)
    d = _exact(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    sens = _exact(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    digits = _digits(digits, fname)
    start = gaussian_sigma_float(float(e), float(d), float(sens))
    return _certify(lambda s: certified.gaussian_delta(s, e, sens), d, start, digits, fname)


# ----------------------------------------------------------------------------- Laplace
def laplace_scale_float(eps, delta=0, sensitivity=1):
    """The smallest b with 1 − e^{−[Δ/b − ε]_+/2} ≤ δ: Δ/(ε − 2 log(1 − δ))."""
    fname = "laplace_scale"
    e = real(eps, "eps", fname, lo=0)
    d = real(delta, "delta", fname, lo=0, hi=1, hi_open=True)
    sens = real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    if e - 2 * math.log1p(-d) <= 0:
        raise InvalidInput(f"{fname}: eps = delta = 0 has no finite scale, got eps={eps}, delta={delta}")
    return sens / (e - 2 * math.log1p(-d))


def laplace_scale(eps, delta=0, sensitivity=1, digits=_DIGITS) -> Calibration:
    """The Laplace scale for (ε, δ), certified and tight to ``digits`` digits (by the profile, not the closed form)."""
    fname = "laplace_scale"
    e = _exact(eps, "eps", fname, lo=0)
    d = _exact(delta, "delta", fname, lo=0, hi=1, hi_open=True)
    sens = _exact(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    digits = _digits(digits, fname)
    start = laplace_scale_float(float(e), float(d), float(sens))
    return _certify(lambda b: certified.laplace_delta(b, e, sens), d, start, digits, fname)


# ----------------------------------------------------------------------------- DP-SGD through RDP
def dpsgd_sigma_float(eps, delta, q, steps, orders=None):
    """The smallest noise multiplier with DP-SGD's RDP ε(δ) ≤ eps, to float accuracy: min over the orders of each
    order's root (:func:`_dpsgd_root`: ~10 ms where a bisection on the full accountant took ~1–10 s); the bisection
    where that does not apply (q = 1, no order meeting eps with finite σ among the integer ones)."""
    orders = OPACUS_ORDERS if orders is None else orders
    fname = "dpsgd_sigma"
    e = real(eps, "eps", fname, lo=0, lo_open=True)
    _check(1.0, q, steps, delta, orders, fname)
    if 0 < float(q) < 1 and 0 < float(delta) < 1:
        root = _dpsgd_root(e, float(delta), float(q), int(steps), tuple(orders))
        if root is not None and math.isfinite(root):
            return root
    return _bisect(lambda s: dpsgd_epsilon(s, q, steps, delta, orders) - e, 0.5, 1.0)


def dpsgd_sigma(eps, delta, q, steps, orders=None, digits=4) -> Calibration:
    """DP-SGD's noise multiplier for (ε, δ) through the RDP curve and the improved conversion, certified and tight
    to ``digits`` digits (each evaluation: :func:`~mechanisms.accounting.dpsgd_accountant.dpsgd_epsilon_arb`)."""
    fname = "dpsgd_sigma"
    orders = OPACUS_ORDERS if orders is None else orders
    e = _exact(eps, "eps", fname, lo=0, lo_open=True)
    d = _exact(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    qq = _exact(q, "q", fname, lo=0, lo_open=True, hi=1)
    digits = _digits(digits, fname)
    start = dpsgd_sigma_float(float(e), float(d), float(qq), steps, orders)
    return _certify(lambda s: dpsgd_epsilon_arb(s, qq, steps, d, orders), e, start, digits, fname)


# ----------------------------------------------------------------------------- DP-SGD's float root, fast
# ε_α(σ) = steps·log A_α(σ)/(α − 1) + c_α, c_α = log1p(−1/α) − (log δ + log α)/(α − 1) independent of σ, and
# ε(σ) = min_α ε_α(σ) with each ε_α decreasing in σ: ε(σ) ≤ eps ⟺ log A_α(σ) ≤ L_α := (eps − c_α)(α − 1)/steps for
# some order. Integer orders: the root of H(σ) = min_k log(log A_k(σ) / L_k) by Brent in log σ, each evaluation one
# vectorised binomial sum over all orders (the log binomials precomputed). Fractional orders a ∈ (k, k + 1):
# log A_α is convex in α (a cumulant generating function, log A_1 = 0), so the chords [k − 1, k] and [k + 1, k + 2]
# extended bound log A_a from below; an order whose bound at the best σ so far is ≥ L_a cannot go below it and is
# skipped without quadrature. The few left are solved by secant steps in log σ on a Gauss–Legendre quadrature of
# A_a − 1 (fixed panels: accurate to ~1e−14 relative against the adaptive one of subsampled_gaussian_rdp).
_GL16 = None


class _IntegerMoments:
    """log A_k(σ) for k = 1..top at once: log1p Σ_{j≥2} C(k,j) u^{k−j} q^j expm1(j(j−1)/(2σ²)), every term
    positive (the float form of ctx.subsampled_gaussian_integer_log_moment); log A_1 = 0."""

    def __init__(self, top, q):
        k = np.arange(1, top + 1, dtype=float)[:, None]
        self.j = np.arange(2, max(top, 2) + 1, dtype=float)
        with np.errstate(invalid="ignore"):
            b = (gammaln(k + 1) - gammaln(self.j + 1) - gammaln(np.maximum(k - self.j, 0) + 1)
                 + (k - self.j) * math.log1p(-q) + self.j * math.log(q))
        self.b = np.where(self.j <= k, b, -np.inf)

    def __call__(self, sigma):
        x = self.j * (self.j - 1) / (2 * sigma * sigma)
        with np.errstate(over="ignore", divide="ignore"):
            lx = np.where(x > 30, x + np.log1p(-np.exp(-np.minimum(x, 700))), np.log(np.expm1(np.minimum(x, 30))))
        terms = self.b + lx
        m = terms.max(axis=1)
        m = np.where(np.isfinite(m), m, 0.0)
        with np.errstate(divide="ignore"):
            return np.logaddexp(0.0, m + np.log(np.exp(terms - m[:, None]).sum(axis=1)))  # index k − 1


def _log_a_fraction(a, sigma, q):
    """log A_a at a fractional order: log1p of A_a − 1 = E[(1 + w)^a − 1 − aw] (w = q expm1((2z − 1)/(2σ²)),
    z ∼ N(0, σ²): a non-negative integrand, no cancellation), 16-point Gauss–Legendre panels of width σ on
    [−12σ − 1, a + 12σ + 1] (outside, the integrand is below e^{−70} of its peak)."""
    global _GL16
    if _GL16 is None:
        _GL16 = np.polynomial.legendre.leggauss(16)
    x, w = _GL16
    lo, hi = -12 * sigma - 1, a + 12 * sigma + 1
    edges = np.linspace(lo, hi, int(math.ceil((hi - lo) / sigma)) + 1)
    half, mid = (edges[1:] - edges[:-1]) / 2, (edges[1:] + edges[:-1]) / 2
    z = (mid[:, None] + half[:, None] * x).ravel()
    c = 1 / (2 * sigma * sigma)
    lf = (np.log((half[:, None] * w).ravel()) - z * z * c - 0.5 * math.log(2 * math.pi * sigma * sigma)
          + log_binomial_excess(a, q * np.expm1((2 * z - 1) * c)))
    m = lf.max()
    return float(np.logaddexp(0.0, m + math.log(np.exp(lf - m).sum())))


def _meeting(h, t):
    """t nudged up by ulps until h(t) ≤ 0 (h decreasing; t within float accuracy of its root)."""
    for _ in range(64):
        if h(t) <= 0:
            return t
        t = t + max(abs(t), 1e-3) * 2e-16 * 4
    return t


def _secant_root(h, hi, fhi, step):
    """The root of a decreasing h in t (h(hi) = fhi ≤ 0), to float accuracy: secant steps from hi and hi + step,
    kept inside the bracket once there is one (bisection when a step leaves it); the last t nudged to h ≤ 0."""
    lo = -math.inf
    t0, f0, t1 = hi, fhi, hi + step
    for _ in range(100):
        f1 = h(t1)
        if f1 > 0:
            lo = max(lo, t1)
        else:
            hi = min(hi, t1)
        if f1 == 0:
            return t1
        t = t1 - f1 * (t1 - t0) / (f1 - f0) if f1 != f0 and math.isfinite(f1) else math.nan
        if not lo < t < hi:
            t = (lo + hi) / 2 if math.isfinite(lo) else hi - 1
        if abs(t - t1) <= 1e-10 * max(1.0, abs(t1)):  # the secant's error is then ~ the product of the last two
            return _meeting(h, t)                        # steps': below float accuracy at t
        t0, f0, t1 = t1, f1, t
    return hi


def _dpsgd_root(eps, delta, q, steps, orders):
    """min over the orders of σ_α (see above): the root of dpsgd_epsilon(σ) = eps, to float accuracy."""
    a_all = np.array([float(a) for a in orders])
    c = np.log1p(-1 / a_all) - (math.log(delta) + np.log(a_all)) / (a_all - 1)
    target = (eps - c) * (a_all - 1) / steps  # L_α; ≤ 0: the order never meets eps
    whole = np.array([a.denominator == 1 for a in orders])
    if not np.any(target > 0):
        raise InvalidInput(f"dpsgd_sigma: no noise multiplier meets eps={eps} at these orders (their conversion "
                           f"alone exceeds it)")
    moments = _IntegerMoments(int(a_all.max()) + 2, q)
    best = math.inf
    ints = whole & (target > 0)
    if ints.any():
        idx, lt = a_all[ints].astype(int) - 1, np.log(target[ints])

        def h(t):
            with np.errstate(divide="ignore"):
                return float(np.min(np.log(moments(math.exp(t))[idx]) - lt))
        lo, hi = -1.0, 1.0
        while h(hi) > 0:
            lo, hi = hi, hi + 4
            if hi > 700:
                raise InvalidInput("dpsgd_sigma: no noise multiplier meets the target")
        while h(lo) <= 0 and lo > -700:
            hi, lo = lo, lo - 4
        best = math.exp(_meeting(h, brentq(h, lo, hi, xtol=1e-15, rtol=8.9e-16, maxiter=200)))
    fractional = [(float(a), float(t)) for a, t, w in zip(orders, target, whole) if not w and t > 0]
    if fractional and not math.isfinite(best):
        return None

    def bound(known, b):
        """A lower bound of log A_b from the points (α, log A_α) known at one σ: log A is convex in α, so the
        line through the two known points nearest b on either side, extended to b, lies below it."""
        xs = [x for x, _ in known]
        i = bisect.bisect_left(xs, b)
        out = 0.0
        pairs = ([(known[i - 2], known[i - 1])] if i >= 2 else []) + ([(known[i], known[i + 1])]
                                                                       if i + 1 < len(known) else [])
        for (x0, y0), (x1, y1) in pairs:
            out = max(out, y1 + (b - x1) * (y1 - y0) / (x1 - x0))
        return out

    def integer_points(s):
        return [(1.0, 0.0)] + [(float(k + 1), float(v)) for k, v in enumerate(moments(s)) if k >= 1]

    def slope(a, s):
        """d log log A_a / d log σ at s, interpolated between the integer orders around a (a first secant step)."""
        k, r = math.floor(a), 1e-6
        lo, hi = np.log(moments(s * (1 - r))[k - 1:k + 1]), np.log(moments(s * (1 + r))[k - 1:k + 1])
        d = (hi - lo) / (math.log1p(r) - math.log1p(-r))
        d = d[1] if k < 2 else d[0] + (a - k) * (d[1] - d[0])
        return float(d) if d < 0 else -2.0

    left, known = fractional, integer_points(best)
    while True:
        # at the best σ so far: evaluate the orders the bounds leave, most promising first (each value a known
        # point that tightens its neighbours' bounds); of those that go below, solve the one estimated lowest
        beating = []
        while True:
            left = [(a, t) for a, t in left if bound(known, a) < t * (1 - 1e-12)]
            if not left:
                break
            a, t = min(left, key=lambda x: bound(known, x[0]) / x[1])
            left.remove((a, t))
            v = _log_a_fraction(a, best, q)
            bisect.insort(known, (a, v))
            if v < t:
                h0, g = math.log(v) - math.log(t), slope(a, best)
                beating.append((math.log(best) - h0 / g, a, t, h0, g))
        if not beating:
            return best
        beating.sort()
        _, a, t, h0, g = beating[0]
        lt = math.log(t)
        best = math.exp(_secant_root(lambda u: math.log(_log_a_fraction(a, math.exp(u), q)) - lt, math.log(best),
                                     h0, -h0 / g))
        left = [(b, u) for _, b, u, _, _ in beating[1:]]
        known = integer_points(best)
        bisect.insort(known, (a, t))  # log A_a(best) = L_a at its root


# ----------------------------------------------------------------------------- the two routes of one quantity
# m.gaussian_sigma, m.laplace_scale and m.dpsgd_sigma are the smallest scale on the 10^−digits grid that meets the
# target: the certified route certifies it (meets at σ, fails one grid step below), the float route rounds the
# float root up to the same grid, so both compute one quantity (the float root itself is *_float, a start)
def _on_grid(root: float, digits: int) -> float:
    return float(_round_up(root, digits)[0])


def gaussian_sigma_grid(eps, delta, sensitivity=1, digits=_DIGITS):
    """The float route of m.gaussian_sigma: the float root rounded up to the certified route's grid."""
    return _on_grid(gaussian_sigma_float(eps, delta, sensitivity), _digits(digits, "gaussian_sigma"))


def laplace_scale_grid(eps, delta=0, sensitivity=1, digits=_DIGITS):
    """The float route of m.laplace_scale: Δ/(ε − 2 log(1 − δ)) rounded up to the certified route's grid."""
    return _on_grid(laplace_scale_float(eps, delta, sensitivity), _digits(digits, "laplace_scale"))


def dpsgd_sigma_grid(eps, delta, q, steps, orders=None, digits=4):
    """The float route of m.dpsgd_sigma: the float root rounded up to the certified route's grid."""
    return _on_grid(dpsgd_sigma_float(eps, delta, q, steps, orders), _digits(digits, "dpsgd_sigma"))


# ----------------------------------------------------------------------------- the certified routes' values
def gaussian_sigma_exact(eps, delta, sensitivity=1, digits=_DIGITS):
    """The certified route of m.gaussian_sigma: the exact rational σ of :func:`gaussian_sigma`."""
    return gaussian_sigma(eps, delta, sensitivity, digits).value


def laplace_scale_exact(eps, delta=0, sensitivity=1, digits=_DIGITS):
    """The certified route of m.laplace_scale: the exact rational b of :func:`laplace_scale`."""
    return laplace_scale(eps, delta, sensitivity, digits).value


def dpsgd_sigma_exact(eps, delta, q, steps, orders=None, digits=4):
    """The certified route of m.dpsgd_sigma: the exact rational σ of :func:`dpsgd_sigma`."""
    return dpsgd_sigma(eps, delta, q, steps, orders, digits).value


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# calibration: float bisection (Laplace: the closed form) against the certified d-digit grid search on the privacy
# profile with ball evaluations
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
from scipy.optimize import brentq
from scipy.special import gammaln

route("gaussian_sigma", gaussian_sigma_grid, gaussian_sigma_exact)
route("laplace_scale", laplace_scale_grid, laplace_scale_exact)
route("dpsgd_sigma", dpsgd_sigma_grid, dpsgd_sigma_exact)
