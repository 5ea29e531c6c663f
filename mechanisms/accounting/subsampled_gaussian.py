"""Rényi DP of the Poisson-subsampled Gaussian mechanism (sampling rate q, noise multiplier σ, sensitivity 1).

With u = 1 − q and v(z) = q e^{(2z−1)/(2σ²)}, the log moment of order α > 1 is

    log A_α = log E_{z∼N(0,σ²)}[(u + v(z))^α],        RDP τ_α = log A_α / (α − 1)

(Mironov, Talwar, Zhang 2019: the worst pair is N(0,σ²) vs (1−q)N(0,σ²) + qN(1,σ²), in this order).

* Integer α — the binomial sum A_α = Σ_k C(α,k) u^{α−k} q^k e^{k(k−1)/(2σ²)}, written as
  A_α − 1 = Σ_{k≥2} C(α,k) u^{α−k} q^k expm1(k(k−1)/(2σ²)) (every term positive, the k = 0, 1 terms
  vanish), so log A_α = log1p(A_α − 1) keeps full relative accuracy even when τ_α ≈ 1e−12: one formula over
  the numeric context, ``ctx.subsampled_gaussian_integer_log_moment`` (both routes take it).
* Fractional α — the two series of Mironov et al. §3.3 (dp_accounting's ``_compute_log_a_frac``, opacus'
  ``_compute_log_a_for_frac_alpha``): split the integral at z₀ = σ² log(1/q − 1) + ½ where u = v, expand
  (u + v)^α in the smaller term on each side,
      A_α = Σ_i C(α,i) [q^i u^{α−i} e^{(i²−i)/(2σ²)} Φ((z₀ − i)/σ) + q^{α−i} u^i e^{(j²−j)/(2σ²)} Φ((j − z₀)/σ)],
  j = α − i, with the sign of C(α, i) kept (dp_accounting 0.6.0 adds |C(α,i)|, an upper bound). The terms
  alternate in sign for i > α, so the truncation error is below the first omitted term. The series is
  used where it has converged within ``SERIES_MAX_TERMS`` terms and a bound on its rounding (machine epsilon
  times the sizes of the parts of each log-term, weighted by the terms) is below ``SERIES_RTOL``·log A_α.
  Elsewhere (q ≈ ½ with σ small: slow polynomial convergence; log A_α ≲ 1e−3: terms of size ~1 summing to
  1 + tiny) the float route integrates A_α − 1 = E[(1 + w)^α − 1 − αw], w = v − q (E[w] = 0), whose
  integrand is ≥ 0 and evaluated without cancellation (power series where |αw| ≤ 0.1).
* Quadrature of the definition (``*_quadrature``): float Gauss–Legendre on the window of the integrand;
  certified ``acb.integral`` on a rational window [a, b] plus the rigorous tails
      ∫_{−∞}^a ≤ (u + v(a))^α √(2π)σ Q(−a/σ),     ∫_b^∞ ≤ (u + v(b))^α e^{α²/(2σ²) − αb/σ²} √(2π)σ Q((b − α)/σ)
  (u + v(z) ≤ (u + v(b)) e^{(z−b)/σ²} for z ≥ b; u + v(z) ≤ u + v(a) for z ≤ a).

At fractional orders the two routes are two methods: the float route (:func:`subsampled_gaussian_rdp`) sums the
two-series, the certified route (:func:`subsampled_gaussian_rdp_arb`) integrates the definition (the quadrature
above): a second method, independent of the series. At α = ∞ the RDP is +∞ for q > 0 (the likelihood ratio
1 − q + q e^{(2z−1)/(2σ²)} is unbounded) and 0 for q = 0: the float +inf, the certified exact infinity. Bad input (α ≤ 1, σ ≤ 0, q ∉ [0, 1]) raises InvalidInput
before any work.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy import special as sc

from mechanisms.numerics import special as _special  # noqa: F401  (registers ctx.log_comb)
from mechanisms.numerics.checks import exact_real, real, real_array
from mechanisms.numerics.context import certified, formula, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import INF, to_arb
from mechanisms.numerics.quadrature import certified_integral, float_log_integral

__all__ = [
    "subsampled_gaussian_log_moment", "subsampled_gaussian_log_moment_arb",
    "subsampled_gaussian_rdp", "subsampled_gaussian_rdp_arb",
    "subsampled_gaussian_rdp_quadrature", "subsampled_gaussian_rdp_quadrature_arb",
    "SERIES_MAX_TERMS", "SERIES_RTOL",
]

SERIES_MAX_TERMS = 4096
_BLOCK = 128
SERIES_RTOL = 1e-13  # the series is used where its rounding bound is below this fraction of log A_α
_WINDOW_DROP = 92.0  # the certified window keeps the integrand within e^{−92} of its peak


# ----------------------------------------------------------------------------- validation
def _float_args(alpha, sigma, q, fname):
    a, scalar = real_array(alpha, "alpha", fname, lo=1, lo_open=True, allow_inf=True)
    s = real(sigma, "sigma", fname, lo=0, lo_open=True)
    qq = real(q, "q", fname, lo=0, hi=1)
    return a, scalar, s, qq


def _exact_args(alpha, sigma, q, fname):
    a = exact_real(alpha, "alpha", fname, lo=1, lo_open=True, allow_inf=True)
    s = exact_real(sigma, "sigma", fname, lo=0, lo_open=True)
    qq = exact_real(q, "q", fname, lo=0, hi=1)
    if a == math.inf:
        a = INF
    for name, v in (("alpha", a), ("q", qq)):
        if v is INF:
            continue
        if not isinstance(v, Fraction):
            raise InvalidInput(f"{fname}: {name} must be an exact rational, got {name}={v}")
    return a, s, qq


# ----------------------------------------------------------------------------- integer orders: one formula
def _log1p_exp(ctx, x):
    """log(1 + e^x) without overflow: x + log1p(e^{−x}) where x > 0 is decided, log1p(e^x) otherwise (the same
    number)."""
    return ctx.branch(ctx.gt(x, 0), lambda: x + ctx.log1p(ctx.exp(-x)), lambda: ctx.log1p(ctx.exp(x)), same=True)


@formula
def subsampled_gaussian_integer_log_moment(ctx, alpha, sigma, q):
    """log A_α at an integer order α ≥ 2 by the binomial sum, log A_α = log1p(A_α − 1),
    A_α − 1 = Σ_{k≥2} C(α,k) u^{α−k} q^k expm1(k(k−1)/(2σ²)) (u = 1 − q; every term positive, the k = 0, 1 terms
    vanish), in log space: full relative accuracy even when τ_α ≈ 1e−12, no overflow when A_α is huge.
    The float and the certified routes of :func:`subsampled_gaussian_rdp` both take it at integer orders."""
    fname = "subsampled_gaussian_integer_log_moment"
    if isinstance(alpha, bool) or not isinstance(alpha, int) or alpha < 2:
        raise InvalidInput(f"{fname}: alpha must be an integer >= 2, got alpha={alpha}")
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    qq = ctx.real(q, "q", fname, lo=0, hi=1)
    c = 1 / (2 * s * s)
    if ctx.is_zero(qq):
        return ctx.num(0)
    if ctx.is_zero(1 - qq):
        return alpha * (alpha - 1) * c

    def build():
        k = ctx.vector(range(2, alpha + 1))
        x = k * (k - 1) * c  # log expm1(x) = x + log(1 − e^{−x})
        terms = ctx.log_comb(alpha, range(2, alpha + 1)) + (alpha - k) * ctx.log1p(-qq) + k * ctx.log(qq) \
            + x + ctx.log1mexp(-x)
        return _log1p_exp(ctx, ctx.log_sum_exp(terms))
    return ctx.accurate(build)


# ----------------------------------------------------------------------------- float: fractional orders
def _series_block(i, alpha, sigma, q, z0):
    """log|term| of the two series at indices i (combined per i), their signs, and a bound on the rounding
    of each log|term| (machine epsilon times the magnitudes of the parts that were added)."""
    c = 1 / (2 * sigma * sigma)
    lq, l1q = math.log(q), math.log1p(-q)
    j = alpha - i
    lb = sc.gammaln(alpha + 1) - sc.gammaln(i + 1) - sc.gammaln(j + 1)
    sign = sc.gammasgn(j + 1)
    e0, e1 = sc.log_ndtr((z0 - i) / sigma), sc.log_ndtr((j - z0) / sigma)
    s0 = lb + i * lq + j * l1q + (i * i - i) * c + e0
    s1 = lb + j * lq + i * l1q + (j * j - j) * c + e1
    size = (sc.gammaln(alpha + 1) + np.abs(sc.gammaln(i + 1)) + np.abs(sc.gammaln(j + 1)) + np.abs(i * lq)
            + np.abs(j * lq) + np.abs(i * l1q) + np.abs(j * l1q) + np.abs((i * i - i) * c) + np.abs((j * j - j) * c)
            + np.abs(e0) + np.abs(e1))
    return np.logaddexp(s0, s1), sign, 4 * np.finfo(float).eps * (size + 1)


def _log_a_frac_series(alpha, sigma, q):
    """(log A_α by the signed two-series form, a bound on its rounding error), or None if the series has not
    converged within SERIES_MAX_TERMS terms."""
    z0 = sigma * sigma * (math.log1p(-q) - math.log(q)) + 0.5
    pos, neg, err = -np.inf, -np.inf, -np.inf
    for start in range(0, SERIES_MAX_TERMS, _BLOCK):
        i = np.arange(start, start + _BLOCK, dtype=float)
        t, sign, rounding = _series_block(i, alpha, sigma, q, z0)
        if (sign > 0).any():
            pos = np.logaddexp(pos, sc.logsumexp(t[sign > 0]))
        if (sign < 0).any():
            neg = np.logaddexp(neg, sc.logsumexp(t[sign < 0]))
        with np.errstate(invalid="ignore"):  # a term that is exactly 0 (C(α, i) = 0) carries no rounding
            err = np.logaddexp(err, sc.logsumexp(np.where(t > -np.inf, t + np.log(rounding), -np.inf)))
        # alternating tail with decreasing terms: the truncation error is below the last term
        if i[-1] > alpha + 1 and t[-1] < pos - 40 and t[-1] <= t[-2]:
            log_a = pos + np.log1p(-np.exp(neg - pos))
            return float(log_a), float(np.exp(err - log_a) + 4 * np.finfo(float).eps * abs(log_a))
    return None


def _log_a_quadrature(alpha, sigma, q):
    c = 1 / (2 * sigma * sigma)
    l1q, lq = (math.log1p(-q) if q < 1 else -math.inf), math.log(q)

    def lf(z):
        return (-z * z * c - 0.5 * math.log(2 * math.pi * sigma * sigma)
                + alpha * np.logaddexp(l1q, lq + (2 * z - 1) * c))

    return float_log_integral(lf, -40 * sigma - 1, alpha + 40 * sigma + 1)


def log_binomial_excess(alpha, w):
    """log[(1 + w)^α − 1 − αw] for w > −1, w ≠ 0 and α > 1 or α ≤ −1 (arrays that broadcast; the integrand of
    A_α − 1, ≥ 0 by convexity), stable: the power series Σ_{k≥2} C(α,k) w^k where |αw| ≤ 0.1 (for such α each
    term is at most 0.1 times the one before), log space where (1 + w)^α is huge."""
    alpha, w = np.broadcast_arrays(np.asarray(alpha, float), np.asarray(w, float))
    aw = alpha * w
    out = np.full(aw.shape, -np.inf)
    small = np.abs(aw) <= 0.1
    if small.any():
        a, ws = alpha[small], w[small]
        term, total = aw[small], np.zeros_like(ws)  # C(α,1) w
        for k in range(2, 24):
            term = term * (a - k + 1) / k * ws
            total = total + term
        with np.errstate(divide="ignore"):
            out[small] = np.log(total)
    big = ~small
    if big.any():
        awb = aw[big]
        lp = alpha[big] * np.log1p(w[big])
        with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
            direct = np.log(np.expm1(np.minimum(lp, 700.0)) - awb)
            huge = lp + np.log1p(-(1 + awb) * np.exp(-lp))
        out[big] = np.where(lp > 30.0, huge, direct)
    return out


def _log_a_minus_one_quadrature(alpha, sigma, q):
    """log(A_α − 1) = log E[(1 + w)^α − 1 − αw], w = q·expm1((2z − 1)/(2σ²)) (E[w] = 0), by quadrature:
    no cancellation however small A_α − 1 is."""
    c = 1 / (2 * sigma * sigma)
    norm = 0.5 * math.log(2 * math.pi * sigma * sigma)

    def lf(z):
        return -z * z * c - norm + log_binomial_excess(alpha, q * np.expm1((2 * z - 1) * c))

    return float_log_integral(lf, -40 * sigma - 1, alpha + 40 * sigma + 1)


def _log_a(alpha, sigma, q, quadrature=False):
    if q == 0:
        return 0.0
    if q == 1:
        return alpha * (alpha - 1) / (2 * sigma * sigma)
    if quadrature:
        return _log_a_quadrature(alpha, sigma, q)
    if float(alpha).is_integer():
        return fp.subsampled_gaussian_integer_log_moment(int(alpha), sigma, q)
    v = _log_a_frac_series(alpha, sigma, q)
    if v is None or not v[1] <= SERIES_RTOL * v[0]:  # slow series, or its rounding is large against log A_α
        return float(np.logaddexp(0.0, _log_a_minus_one_quadrature(alpha, sigma, q)))
    return v[0]


def _over_orders(alpha, sigma, q, fname, quadrature=False, per_order=True):
    a, scalar, s, qq = _float_args(alpha, sigma, q, fname)
    finite = np.isfinite(a)
    vals = np.array([_log_a(float(x), s, qq, quadrature) if np.isfinite(x) else (math.inf if qq > 0 else 0.0)
                     for x in a.ravel()]).reshape(a.shape)
    if per_order:
        vals = np.where(finite, vals / np.where(finite, a - 1, 1.0), vals)
    return float(vals) if scalar else vals


def subsampled_gaussian_log_moment(alpha, sigma, q):
    """log A_α = (α − 1) τ_α (float; alpha may be an array of orders)."""
    return _over_orders(alpha, sigma, q, "subsampled_gaussian_log_moment", per_order=False)


def subsampled_gaussian_rdp(alpha, sigma, q):
    """τ_α, the RDP of the Poisson-subsampled Gaussian at order α > 1 (float; alpha may be an array):
    exact binomial sum at integer orders; at fractional orders the signed two-series, or the quadrature of
    A_α − 1 where the series is slow or its rounding is not negligible against log A_α."""
    return _over_orders(alpha, sigma, q, "subsampled_gaussian_rdp")


def subsampled_gaussian_rdp_quadrature(alpha, sigma, q):
    """τ_α from Gauss–Legendre quadrature of the definition (float; an independent route)."""
    return _over_orders(alpha, sigma, q, "subsampled_gaussian_rdp_quadrature", quadrature=True)


# ----------------------------------------------------------------------------- certified
def _window(alpha, sigma, q):
    """A rational window [a, b] holding the integrand's mass (a ≤ −σ, b ≥ α + σ), and the log of its peak."""
    c = 1 / (2 * sigma * sigma)
    l1q, lq = (math.log1p(-q) if q < 1 else -math.inf), math.log(q)
    z = np.linspace(-40 * sigma - 1, alpha + 40 * sigma + 1, 8193)
    lf = -z * z * c + alpha * np.logaddexp(l1q, lq + (2 * z - 1) * c)
    peak = float(lf.max())
    keep = np.flatnonzero(lf > peak - _WINDOW_DROP)
    step = z[1] - z[0]
    lo = min(float(z[keep[0]]) - step, -sigma)
    hi = max(float(z[keep[-1]]) + step, alpha + sigma)
    return Fraction(math.floor(lo * 1024), 1024), Fraction(math.ceil(hi * 1024), 1024), peak


def _log_a_quadrature_arb(alpha, s, q):
    a_f, s_f, q_f = float(alpha), float(s.mid()) if isinstance(s, arb) else float(s), float(q)
    lo, hi, peak = _window(a_f, s_f, q_f)
    sa, qa, aa = to_arb(s), to_arb(q), to_arb(alpha)
    u, c, shift = 1 - qa, 1 / (2 * sa * sa), arb(peak)

    def f(z, analytic):
        base = u + qa * ((2 * z - 1) * c).exp()
        lb = base.log(analytic=analytic) if isinstance(base, acb) else base.log()
        return (-(z * z) * c + aa * lb - shift).exp()

    main = certified_integral(f, lo, hi)
    norm = (2 * arb.pi()).sqrt() * sa
    la, lb_ = to_arb(lo), to_arb(hi)
    left = (u + qa * ((2 * la - 1) * c).exp()) ** aa * norm * certified.Phi(la / sa)  # P(N(0,1) > x) = Φ(−x)
    right = ((u + qa * ((2 * lb_ - 1) * c).exp()) ** aa * (aa * aa * c - 2 * aa * c * lb_).exp()
             * norm * certified.Phi(-(lb_ - aa) / sa))
    total = main + arb(0).union((left + right) * (-shift).exp())
    return shift + total.log() - norm.log()


def _log_a_arb(alpha, s, q, quadrature):
    if alpha is INF:  # D_∞: the likelihood ratio (u + v(z)) is unbounded in z for q > 0
        return INF if q > 0 else 0
    if q == 0:
        return arb(0)
    if q == 1:
        return to_arb(alpha) * (to_arb(alpha) - 1) / (2 * to_arb(s) ** 2)
    if alpha.denominator == 1 and not quadrature:
        return certified.subsampled_gaussian_integer_log_moment(int(alpha), s, q)
    # the quadrature encloses A_α to the working precision; log A_α ≈ 1e−k needs about 3.3k more bits

    s_f = float(s.mid()) if isinstance(s, arb) else float(s)
    small = _log_a(float(alpha), s_f, float(q))
    extra = 8 + (int(-math.log2(small)) if 0 < small < 1 else 0)
    with flint.ctx.workprec(flint.ctx.prec + extra):
        return _log_a_quadrature_arb(alpha, s, q)


def subsampled_gaussian_log_moment_arb(alpha, sigma, q):
    """Certified log A_α (alpha, q exact rationals; sigma exact or an arb ball)."""
    a, s, qq = _exact_args(alpha, sigma, q, "subsampled_gaussian_log_moment_arb")
    return _log_a_arb(a, s, qq, quadrature=False)


def subsampled_gaussian_rdp_arb(alpha, sigma, q):
    """Certified τ_α: the binomial sum at integer α (the formula the float route takes too); at fractional α a
    second method, the certified quadrature of the definition (the float route sums the two-series)."""
    a, s, qq = _exact_args(alpha, sigma, q, "subsampled_gaussian_rdp_arb")
    if a is INF:
        return _log_a_arb(a, s, qq, quadrature=False)
    return _log_a_arb(a, s, qq, quadrature=False) / (to_arb(a) - 1)


def subsampled_gaussian_rdp_quadrature_arb(alpha, sigma, q):
    """Certified τ_α by quadrature of the definition at any order (integer orders included)."""
    a, s, qq = _exact_args(alpha, sigma, q, "subsampled_gaussian_rdp_quadrature_arb")
    if a is INF:
        return _log_a_arb(a, s, qq, quadrature=True)
    return _log_a_arb(a, s, qq, quadrature=True) / (to_arb(a) - 1)


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# m.subsampled_gaussian_rdp (proofcheck.measures): two methods at fractional orders — the float two-series against
# the certified quadrature of the definition (integer orders: the binomial sum on both). The Gaussian, Laplace,
# conversion, composition and subsampling formulas are written once over the context (gaussian_dp, rdp_conversion,
# composition, ...)
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
import flint
from flint import acb, arb

route("subsampled_gaussian_rdp", subsampled_gaussian_rdp, subsampled_gaussian_rdp_arb)
