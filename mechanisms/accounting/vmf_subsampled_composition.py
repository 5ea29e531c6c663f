"""The Poisson-subsampled VMF mechanism over many steps (seed 003's DP-SGD set-up): exact subsampled Rényi
divergences in both directions by quadrature, and certified lower bounds of the privacy profile δ(ε) of the
T-fold composition.

One step of the pair: Q = VMF(−x, κ) (the record absent), P = (1−γ) Q + γ P₀ with P₀ = VMF(x, κ) (present,
sampled with probability γ), on S^{p−1}. Everything depends on y through t = xᵀy, whose law under VMF(±x, κ)
has density ∝ e^{±κt}(1 − t²)^{(p−3)/2} on [−1, 1]; the privacy loss of a step is log(P/Q) = log((1−γ) + γe^{2κt}).

* :func:`vmf_subsampled_renyi_both` — max(D_α(P‖Q), D_α(Q‖P)) by 1-D quadrature of the mixture (any real α > 1;
  float), with :func:`vmf_subsampled_renyi_directions_arb` its certified twin at exact α;
* :func:`vmf_t_tail` — P(xᵀy > c) under VMF(x, κ) (κ < 0: the centre −x), by quadrature in t;
* :func:`profile_lower_bound` — a certified lower bound of δ(ε) of the T-fold composition of (P, Q): the output
  of each step is binned by thresholds on t (a post-processing, so by data processing the hockey-stick
  divergence can only drop), the binned product pair is composed exactly as a polynomial power, and each
  step's loss above the bulk bin is rounded down to a lattice of step h (rounding the loss down can only lower
  E_P[(1 − e^{ε−Λ})₊] = δ(ε)). Float (numpy FFT) and arb (arb_poly) twins; :func:`choose_bins` picks thresholds
  and lattice on the float path.

Thresholds are in units of s = 1/√p (the scale of t); the lattice step h and the thresholds are exact
rationals on the certified path. Bad input raises InvalidInput naming the value.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np

from mechanisms.numerics.checks import check_alpha, check_dimension, check_kappa, check_probability
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.numerics.quadrature import certified_log_integral, float_log_integral
from mechanisms.continuous.vmf_sphere_quadrature import log_sphere_integral, log_sphere_integral_arb

__all__ = ["vmf_subsampled_renyi_both", "vmf_subsampled_renyi_directions", "vmf_subsampled_renyi_directions_arb",
           "vmf_t_tail", "vmf_t_tail_arb", "BinnedTest", "choose_bins", "profile_lower_bound",
           "profile_lower_bound_arb", "profile_lower_eps"]


def _setting(p, kappa, gamma, fname, minimum=3):
    p = check_dimension(p, fname, minimum=minimum)
    check_kappa(kappa, fname)
    check_probability(gamma, "gamma", fname, lo_open=True, hi_open=False)
    return p


# ----------------------------------------------------------------------------- Rényi, both directions
# E_Q[r^a] − 1 = E_Q[g_a(u)], u = r − 1 = γ(e^{2κt} − 1), g_a(u) = (1 + u)^a − 1 − a u ≥ 0 (E_Q[u] = 0; convexity
# of x^a for a > 1 and for a < 0): the divergence is log1p(E_Q[g_a])/(α − 1), without the cancellation of two logs.
_SERIES_BELOW = 1e-2


def _log_excess(a, x, gamma):
    """log g_a(u) at u = γ·expm1(x), x = 2κt (vectorised, float, no overflow): a series in u for |u| < 1e-2, log-space
    forms elsewhere (g_a > 0 there, so every logarithm below is of a positive number)."""
    x = np.asarray(x, float)
    lg = math.log(gamma)
    l1g = math.log1p(-gamma) if gamma < 1 else -math.inf
    out = np.empty_like(x)
    with np.errstate(all="ignore"):
        u = gamma * np.expm1(np.minimum(x, 700.0))
        small = np.abs(u) < _SERIES_BELOW
        if small.any():  # Σ_{k=2}^{9} C(a, k) u^k by Horner: u²(c₂ + u(c₃ + …))
            us = u[small]
            coefs, c = [], a * (a - 1) / 2
            for k in range(2, 10):
                coefs.append(c)
                c = c * (a - k) / (k + 1)
            acc = np.full_like(us, coefs[-1])
            for ck in reversed(coefs[:-1]):
                acc = acc * us + ck
            out[small] = np.log(np.maximum(acc * us * us, 0.0))
        big = ~small
        if big.any():
            xb, ub = x[big], u[big]
            L = np.logaddexp(l1g, lg + xb)  # log(1 + u)
            lu = lg + xb + np.log1p(-np.exp(-np.abs(xb)))  # log u where x > 0
            if a > 1:
                pos = a * L + np.log1p(-np.exp(np.logaddexp(0.0, math.log(a) + lu) - a * L))
                neg = np.log(np.exp(a * L) - 1 - a * ub)
            else:
                pos = lu + np.log(-a - np.exp(-lu) + np.exp(a * L - lu))
                neg = a * L + np.log1p(-np.exp(-a * L) * (1 + a * ub))
            out[big] = np.where(xb > 0, pos, neg)
    return out


def _lf_excess(p, kappa, gamma, a):
    q = p - 2

    def lf(phi):
        phi = np.asarray(phi, float)
        ct = np.cos(phi)
        with np.errstate(divide="ignore", invalid="ignore"):
            out = -kappa * ct + _log_excess(a, 2 * kappa * ct, gamma)
            if q:
                out = out + q * np.log(np.abs(np.sin(phi)))
        return out

    return lf


@lru_cache(maxsize=256)
def _log_q_integral(p, kappa):
    """log ∫_0^π e^{−κ cos φ} sin^{p−2}φ dφ, the normaliser of Q = VMF(−x, κ) in φ (cached: every order uses it)."""
    return log_sphere_integral(p, -kappa, 0.0)


def vmf_subsampled_renyi_directions(p, kappa, alpha, gamma):
    """(D_α(P‖Q), D_α(Q‖P)) of one subsampled step, float quadrature: log1p(E_Q[g_α(u)])/(α−1) and
    log1p(E_Q[g_{1−α}(u)])/(α−1), u = r − 1, r = P/Q = (1−γ) + γe^{2κt}."""
    fname = "vmf_subsampled_renyi_directions"
    p = _setting(p, kappa, gamma, fname, minimum=2)
    kappa, alpha, gamma = float(kappa), float(check_alpha(alpha, fname)), float(gamma)
    if kappa == 0:
        return 0.0, 0.0
    den = _log_q_integral(p, kappa)
    pq = float(np.logaddexp(0.0, float_log_integral(_lf_excess(p, kappa, gamma, alpha), 0.0, math.pi) - den))
    qp = float(np.logaddexp(0.0, float_log_integral(_lf_excess(p, kappa, gamma, 1.0 - alpha), 0.0, math.pi) - den))
    return pq / (alpha - 1), qp / (alpha - 1)


def vmf_subsampled_renyi_both(p, kappa, alpha, gamma):
    """The RDP of one subsampled step at order α: the larger of the two directions (float quadrature)."""
    return max(vmf_subsampled_renyi_directions(p, kappa, alpha, gamma))


def vmf_subsampled_renyi_directions_arb(p, kappa, alpha, gamma):
    """Certified (D_α(P‖Q), D_α(Q‖P)) at exact κ > 0, α, γ by ``acb.integral`` in φ of e^{−κ cos φ} sin^{p−2}φ · g_a(u)
    (r^a = exp(a log r), r > 0 on the real segment): the certified method of the pair (the float one,
    :func:`vmf_subsampled_renyi_directions`, integrates in floats). A direction whose integral acb.integral cannot
    enclose at the working precision is returned as the ball [0, +∞] (no information)."""
    fname = "vmf_subsampled_renyi_directions_arb"
    p = _setting(p, kappa, gamma, fname, minimum=2)
    k, a, g = to_fraction(kappa), to_fraction(check_alpha(alpha, fname)), to_fraction(gamma)
    if k == 0:
        return arb(0), arb(0)
    ka, ga, q = to_arb(k), to_arb(g), p - 2

    def build_for(power):
        pw = to_arb(power)

        def build(M):
            def f(x, analytic):
                ct = x.cos()
                u = ga * ((2 * ka * ct).exp() - 1)
                r = 1 + u
                lr = r.log(analytic=analytic) if isinstance(r, acb) else r.log()
                val = (-ka * ct - M).exp() * ((pw * lr).exp() - 1 - pw * u)
                return val * x.sin() ** q if q else val
            return f
        return build

    def log_int(power):
        lf = _lf_excess(p, float(k), float(g), float(power))
        try:
            return certified_log_integral(build_for(power), lf, 0.0, math.pi, 0, arb.pi())
        except InvalidInput:  # not enclosed at this precision (a very peaked integrand): no information
            return arb(0).union(arb("inf"))

    den = log_sphere_integral_arb(p, -k, 0)
    out = []
    for power in (a, 1 - a):
        x = log_int(power) - den
        if not x.is_finite():
            out.append(arb("0 +/- inf"))
            continue
        out.append((x + (-x).exp().log1p() if x > 0 else x.exp().log1p()) / to_arb(a - 1))  # log(1 + e^x)
    return tuple(out)


# ----------------------------------------------------------------------------- tails of t = xᵀy
def _lf_t(p, kappa):
    h = (p - 3) / 2

    def lf(t):
        t = np.asarray(t, float)
        with np.errstate(divide="ignore", invalid="ignore"):
            out = kappa * t + (h * np.log1p(-t * t) if h else 0.0)
        return np.where(np.abs(t) < 1, out, -np.inf) if h else out

    return lf


def _build_t(p, kappa):
    ka = to_arb(kappa)
    half = Fraction(p - 3, 2)
    ha = to_arb(half)

    def build(M):
        def f(x, analytic):
            if isinstance(x, acb):
                w = 1 - x * x
                return (ka * x - M + ha * w.log(analytic=analytic)).exp() if half else (ka * x - M).exp()
            w = (1 - x * x).nonnegative_part().sqrt()  # a ball that reaches past ±1 is clipped at 0
            return (ka * x - M).exp() * w ** (p - 3)
        return f

    return build


def _t_tail_args(p, kappa, c, fname, number):
    """The dimension p ≥ 3, and κ and c read by ``number`` (float, or to_fraction for the certified twin), c in
    (−1, 1)."""
    p = check_dimension(p, fname, minimum=3)
    kappa, c = number(kappa), number(c)
    if not -1 < c < 1:
        raise InvalidInput(f"{fname}: c must lie in (-1, 1), got c={c}")
    return p, kappa, c


def vmf_t_tail(p, kappa, c):
    """P(xᵀy > c) for y ~ VMF(x, κ) on S^{p−1} (κ may be negative: VMF(−x, |κ|)), float quadrature in t; p ≥ 3."""
    p, kappa, c = _t_tail_args(p, kappa, c, "vmf_t_tail", float)
    lf = _lf_t(p, kappa)
    return math.exp(float_log_integral(lf, c, 1.0) - _log_t_normaliser(p, kappa))


@lru_cache(maxsize=512)
def _log_t_normaliser(p, kappa):
    return float_log_integral(_lf_t(p, kappa), -1.0, 1.0)


@lru_cache(maxsize=64)
def _log_t_normaliser_arb(p, kappa, prec):
    return certified_log_integral(_build_t(p, kappa), _lf_t(p, float(kappa)), -1.0, 1.0, -1, 1)


def vmf_t_tail_arb(p, kappa, c):
    """Certified twin of :func:`vmf_t_tail` (κ, c exact)."""
    p, k, c = _t_tail_args(p, kappa, c, "vmf_t_tail_arb", to_fraction)
    num = certified_log_integral(_build_t(p, k), _lf_t(p, float(k)), float(c), 1.0, c, 1)
    return (num - _log_t_normaliser_arb(p, k, flint.ctx.prec)).exp()


# ----------------------------------------------------------------------------- the binned test
class BinnedTest:
    """Thresholds z_1 < … < z_m (units of 1/√p; the bins are t < z_1/√p, [z_j, z_{j+1}), t ≥ z_m/√p) and the
    lattice step h of the loss increments. Exact rationals, so that the certified path uses the very test the
    float path chose."""

    def __init__(self, zs, h):
        zs = tuple(Fraction(z) for z in zs)
        if not zs or any(b <= a for a, b in zip(zs, zs[1:])) or zs[0] < 0:
            raise InvalidInput(f"BinnedTest: thresholds must be increasing and >= 0, got {zs}")
        h = Fraction(h)
        if not h > 0:
            raise InvalidInput(f"BinnedTest: h must be > 0, got h={h}")
        self.zs, self.h = zs, h

    def to_json(self):
        return {"thresholds_sqrt_p_units": [str(z) for z in self.zs], "lattice_step": str(self.h)}

    def __repr__(self):
        return f"BinnedTest({len(self.zs)} thresholds from {float(self.zs[0]):g}/sqrt(p), h={float(self.h):g})"


def _thresholds(p, test, exact):
    root = math.sqrt(p)
    if not exact:
        return [float(z) / root for z in test.zs]
    # an exact rational just below z/√p: any threshold is a valid test, it only has to be the same on both paths
    return [Fraction(float(z) / root).limit_denominator(10**12) for z in test.zs]


def _step_bins(p, kappa, gamma, test, tail, exact):
    """(q, pstep): bin probabilities of one step under Q and P (bulk bin first)."""
    cs = _thresholds(p, test, exact)
    tq = [tail(p, -kappa, c) for c in cs]
    tp = [tail(p, kappa, c) for c in cs]
    zero = to_arb(0) if exact else 0.0
    one = 1 if exact else 1.0
    q = [one - tq[0]] + [tq[j] - (tq[j + 1] if j + 1 < len(cs) else zero) for j in range(len(cs))]
    p0 = [one - tp[0]] + [tp[j] - (tp[j + 1] if j + 1 < len(cs) else zero) for j in range(len(cs))]
    g = to_arb(gamma) if exact else float(gamma)
    return q, [(1 - g) * a + g * b for a, b in zip(q, p0)]


def _degrees(losses, l0, h, cap, exact):
    """m_j with m_j·h ≤ ℓ_j − ℓ_0 (certainly, on the exact path), capped at `cap`."""
    out = []
    for lj in losses:
        inc = lj - l0
        m = int(math.floor(float(inc.mid() if exact else inc) / float(h)))
        if exact:
            while m > 0 and not to_arb(m * h) <= inc:
                m -= 1
        out.append(max(0, min(m, cap)))
    return out


def _saturating_power_float(coeffs, T, D):
    def mul(a, b):
        c = signal.fftconvolve(a, b)
        if len(c) <= D + 1:
            return np.maximum(c, 0.0)
        out = c[:D + 1].copy()
        out[D] += c[D + 1:].sum()
        return np.maximum(out, 0.0)

    res, base = np.ones(1), np.asarray(coeffs, float)
    n = T
    while n:
        if n & 1:
            res = mul(res, base)
        n >>= 1
        if n:
            base = mul(base, base)
    return res


def _saturating_power_arb(coeffs, T, D):
    def fold(poly):
        c = poly.coeffs()
        if len(c) <= D + 1:
            return poly
        head = list(c[:D])
        head.append(sum(c[D:], arb(0)))
        return arb_poly(head)

    res, base = arb_poly([1]), arb_poly(coeffs)
    n = T
    while n:
        if n & 1:
            res = fold(res * base)
        n >>= 1
        if n:
            base = fold(base * base)
    return res.coeffs()


def _lower_bound(p, kappa, gamma, steps, eps, test, exact):
    h = test.h
    tail = vmf_t_tail_arb if exact else vmf_t_tail
    q, ps = _step_bins(p, kappa, gamma, test, tail, exact)
    log = (lambda x: x.log()) if exact else math.log
    losses = [log(a) - log(b) for a, b in zip(ps, q)]
    l0 = losses[0]
    eps_v = to_arb(eps) if exact else float(eps)
    base = steps * l0
    # increments past ε − Tℓ₀ + 16 all count as (1 − e^{−16}): saturate the lattice there (a rounding down)
    D = max(1, int(math.ceil((float(eps) - float(base.mid() if exact else base) + 16) / float(h))))
    ms = _degrees(losses[1:], l0, h, D, exact)
    coeffs = [to_arb(0) if exact else 0.0 for _ in range(max(ms + [0]) + 1)]
    coeffs[0] = ps[0]
    for m, pj in zip(ms, ps[1:]):
        coeffs[m] = coeffs[m] + pj
    dist = (_saturating_power_arb if exact else _saturating_power_float)(coeffs, steps, D)
    total = to_arb(0) if exact else 0.0
    hv = to_arb(h) if exact else float(h)
    for d, c in enumerate(dist):
        gap = base + d * hv - eps_v  # Λ' − ε
        if exact:
            if gap > 0:
                total += c * (1 - (-gap).exp())
        elif gap > 0:
            total += float(c) * -math.expm1(-gap)
    return total


def _check_steps(steps, fname):
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise InvalidInput(f"{fname}: steps must be an integer >= 1, got steps={steps}")


def profile_lower_bound(p, kappa, gamma, steps, eps, test):
    """A lower bound (float) of δ(ε) of the `steps`-fold composition of the subsampled VMF pair, by the binned
    test `test` (see the module docstring): the float method of the pair (float quadrature, scipy's FFT
    convolution); :func:`profile_lower_bound_arb` is the certified one (acb.integral, arb_poly products)."""
    fname = "profile_lower_bound"
    p = _setting(p, kappa, gamma, fname)
    _check_steps(steps, fname)
    if not float(eps) >= 0:
        raise InvalidInput(f"{fname}: eps must be >= 0, got eps={eps}")
    return _lower_bound(p, float(kappa), float(gamma), steps, float(eps), test, exact=False)


def profile_lower_bound_arb(p, kappa, gamma, steps, eps, test):
    """The certified method of the pair (κ, γ, ε exact): bin probabilities by ``acb.integral`` and the T-fold product
    by exact arb polynomial multiplication (arb_poly), where :func:`profile_lower_bound` uses float quadrature and
    scipy's FFT convolution. An arb ball whose lower end is a rigorous lower bound of the composition's δ(ε)."""
    fname = "profile_lower_bound_arb"
    p = _setting(p, kappa, gamma, fname)
    _check_steps(steps, fname)
    k, g, e = to_fraction(kappa), to_fraction(gamma), to_fraction(eps)
    if e < 0:
        raise InvalidInput(f"{fname}: eps must be >= 0, got eps={eps}")
    return _lower_bound(p, k, g, steps, e, test, exact=True)


def profile_lower_eps(p, kappa, gamma, steps, delta, test, hi=4096.0):
    """The largest ε at which the binned test still shows δ(ε) > δ (float): the true ε at δ is at least this."""
    f = lambda e: profile_lower_bound(p, kappa, gamma, steps, e, test) - float(delta)  # noqa: E731
    if f(0.0) <= 0:
        return 0.0
    top = 1.0
    while f(top) > 0:
        top *= 2
        if top > hi:
            return math.inf
    return brentq(f, 0.0, top, xtol=1e-7, rtol=1e-10)


def _binary(p, kappa, gamma, z):
    """The one-threshold test with h just below its loss increment (a single lattice step: exact counts)."""
    q, ps = _step_bins(p, kappa, gamma, BinnedTest([z], 1), vmf_t_tail, exact=False)
    inc = math.log(ps[1] / q[1]) - math.log(ps[0] / q[0])
    return BinnedTest([z], Fraction(inc * (1 - 1e-6)).limit_denominator(10**9))


def choose_bins(p, kappa, gamma, steps, eps, delta, ladder=True):
    """A binned test under which δ(ε) of the composition is largest among a small menu (float): one threshold at
    z ∈ {0.25, 0.5, …, 8}, and (``ladder``), where none of those shows δ(ε) > δ, ladders of thresholds from
    z₀ ∈ {1, 1.5, 2, 3} in steps of 0.1 up to 12 with lattice step 0.002. Returns (test, δ lower bound)."""
    best = (-1.0, None)
    for z in np.arange(0.25, 8.01, 0.25):
        try:
            t = _binary(p, kappa, gamma, Fraction(float(z)).limit_denominator(100))
        except (InvalidInput, ValueError, ZeroDivisionError):
            continue
        best = max(best, (profile_lower_bound(p, kappa, gamma, steps, eps, t), t), key=lambda b: b[0])
    if best[0] > float(delta) or not ladder:
        return best[1], best[0]
    for z0 in (1, 1.5, 2, 3):
        zs = [Fraction(z0) + Fraction(j, 10) for j in range(int((12 - z0) * 10) + 1)]
        for h in (Fraction(1, 500),):
            t = BinnedTest(zs, h)
            best = max(best, (profile_lower_bound(p, kappa, gamma, steps, eps, t), t), key=lambda b: b[0])
    return best[1], best[0]


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# (The VMF normaliser by quadrature in φ, no Bessel function, is the formula m.vmf_log_normaliser_quadrature over
# ctx.integral: the second method for the Bessel form.) Both Rényi directions of one subsampled VMF step by quadrature
# of the mixture: float quadrature against acb.integral. A lower bound on δ(ε) after T steps (binned test): float
# quadrature and scipy's FFT convolution against acb.integral and exact arb_poly products
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
import flint
from flint import acb, arb, arb_poly
from scipy import signal
from scipy.optimize import brentq

route("vmf_subsampled_renyi_directions", vmf_subsampled_renyi_directions, vmf_subsampled_renyi_directions_arb)
route("profile_lower_bound", profile_lower_bound, profile_lower_bound_arb)
