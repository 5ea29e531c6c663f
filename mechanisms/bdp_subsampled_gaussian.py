"""The privacy cost of the Poisson-subsampled Gaussian mechanism under Bayesian DP (seed 004, Theorem 3).

One step releases g + N(0, σ²I) where g sums the clipped gradients of a Poisson subsample (rate q); the
two datasets differ in one point x', whose gradient difference Δ = ‖g_t − g'_t‖ is random with x'. Along
the direction of g_t − g'_t the two outcome laws are μ₀ = N(0, σ²) and μ = (1 − q)N(0, σ²) + qN(Δ, σ²).

* The printed terms of Theorem 3 (integer λ ≥ 1), for a law of Δ with finitely many atoms (Δ_i, w_i):
      c^L(λ, T) = (1/T) log Σ_i w_i (E_{k∼B(λ+1, q)}[e^{(k²−k)Δ_i²/(2σ²)}])^T,
      c^R(λ, T) = (1/T) log Σ_i w_i (E_{k∼B(λ,   q)}[e^{(k²+k)Δ_i²/(2σ²)}])^T
  (:func:`theorem3_cost`; float log-sum-exp, certified exact binomial sums in arb).
* The exact moments of the two directions, by quadrature of their definitions (nothing binomial):
      forward  λD_{λ+1}(μ ‖ μ₀) = log E_{z∼μ₀}[(μ/μ₀)^{λ+1}],
      reverse  λD_{λ+1}(μ₀ ‖ μ) = log E_{z∼μ₀}[(μ₀/μ)^{λ}],
  with μ/μ₀ = (1 − q) + q e^{(2zΔ − Δ²)/(2σ²)} (:func:`scaled_renyi`); the forward one reuses the certified
  quadrature of mechanisms.subsampled_gaussian (σ/Δ, unit shift), the reverse one is integrated here with
  analytic bounds of both tails (μ/μ₀ ≥ 1 − q everywhere and ≥ q e^{(2z−1)/(2s²)}). The float route of both
  integrates the non-negative excess E[(1 + w)^α − 1 − αw] (w = μ/μ₀ − 1, E w = 0) so that a moment of 1e−12
  keeps its digits.
* :func:`exact_cost` — Eq. (10) with those moments, per direction or the worse of the two.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy import special as sc

from mechanisms.checks import exact_real, integer, real
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb
from mechanisms.privacy_cost import privacy_cost, privacy_cost_arb
from mechanisms.quadrature import certified_integral, float_log_integral, integrand_window
from mechanisms.special import normal_cdf_arb
from mechanisms.subsampled_gaussian import log_binomial_excess, subsampled_gaussian_rdp_quadrature_arb

__all__ = ["theorem3_cost", "theorem3_cost_arb", "scaled_renyi", "scaled_renyi_arb", "exact_cost", "exact_cost_arb",
           "DIRECTIONS", "TERMS"]

DIRECTIONS = ("forward", "reverse")
TERMS = ("L", "R")


# ----------------------------------------------------------------------------- validation
def _args(lam, q, sigma, fname, exact):
    la = integer(lam, "lam", fname, lo=1)
    conv = exact_real if exact else real
    qq = conv(q, "q", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    s = conv(sigma, "sigma", fname, lo=0, lo_open=True)
    return la, qq, s


def _law(deltas, weights, fname, exact):
    if len(deltas) != len(weights) or len(deltas) == 0:
        raise InvalidInput(f"{fname}: deltas and weights must be non-empty lists of equal length, "
                           f"got {len(deltas)} and {len(weights)}")
    conv = exact_real if exact else real
    d = [conv(x, "deltas", fname, lo=0) for x in deltas]
    w = [conv(x, "weights", fname, lo=0) for x in weights]
    total = sum(w)
    if (exact and total != 1) or (not exact and abs(total - 1) > 1e-9):
        raise InvalidInput(f"{fname}: weights must sum to 1, got sum={total}")
    return d, w


# ----------------------------------------------------------------------------- Theorem 3 as printed
def _binomial_log_mgf(n, q, c, shift):
    """log E_{k∼B(n, q)}[e^{(k² + shift·k)c}] (float), as log1p(Σ_k pmf(k)·expm1((k² + shift·k)c)): every
    exponent is ≥ 0, so the terms are ≥ 0 and a moment of 1 + 1e−13 keeps its digits."""
    k = np.arange(n + 1, dtype=float)
    x = (k * k + shift * k) * c
    keep = x > 0
    if not keep.any():
        return 0.0
    k, x = k[keep], x[keep]
    log_pmf = sc.gammaln(n + 1) - sc.gammaln(k + 1) - sc.gammaln(n - k + 1) + k * math.log(q) + (n - k) * math.log1p(-q)
    log_excess = np.logaddexp.reduce(log_pmf + x + np.log(-np.expm1(-x)))
    return float(np.logaddexp(0.0, log_excess)) if log_excess > -30 else float(np.log1p(np.exp(log_excess)))


def _term(term, fname):
    if term not in TERMS:
        raise InvalidInput(f"{fname}: term must be 'L' or 'R', got term={term!r}")
    return (1, -1) if term == "L" else (0, 1)  # (extra trials, sign of k)


def theorem3_cost(term, lam, T, q, sigma, deltas, weights):
    """Theorem 3's printed c^L (term 'L') or c^R (term 'R') at integer λ ≥ 1 (float)."""
    fname = "theorem3_cost"
    extra, shift = _term(term, fname)
    la, qq, s = _args(lam, q, sigma, fname, exact=False)
    t = integer(T, "T", fname, lo=1)
    d, w = _law(deltas, weights, fname, exact=False)
    inner = [_binomial_log_mgf(la + extra, qq, di * di / (2 * s * s), shift) for di in d]
    return privacy_cost(inner, w, t)


def theorem3_cost_arb(term, lam, T, q, sigma, deltas, weights):
    fname = "theorem3_cost_arb"
    extra, shift = _term(term, fname)
    la, qq, s = _args(lam, q, sigma, fname, exact=True)
    t = integer(T, "T", fname, lo=1)
    d, w = _law(deltas, weights, fname, exact=True)
    n = la + extra
    qa, sa = to_arb(qq), to_arb(s)
    inner = []
    for di in d:
        c = to_arb(di) ** 2 / (2 * sa * sa)
        total = to_arb(0)
        for k in range(n + 1):
            total += math.comb(n, k) * qa ** k * (1 - qa) ** (n - k) * ((k * k + shift * k) * c).exp()
        inner.append(total.log())
    return privacy_cost_arb(inner, w, t)


# ----------------------------------------------------------------------------- exact moments by quadrature
def _check_direction(direction, fname):
    if direction not in DIRECTIONS:
        raise InvalidInput(f"{fname}: direction must be one of {', '.join(DIRECTIONS)}, got direction={direction!r}")


def _moment_float(alpha, s, q):
    """log E_{z∼N(0,s²)}[((1 − q) + q e^{(2z−1)/(2s²)})^α] (unit shift, α > 1 or α < 0), float quadrature of
    the non-negative excess E[(1 + w)^α − 1 − αw], w = q·expm1((2z − 1)/(2s²)) (E[w] = 0): no cancellation
    however small the moment is."""
    if 1 / (s * s) < 1e-150:
        # Δ/σ so small that the excess underflows: its second-order term C(α, 2) E[w²], E[w²] = q²(e^{1/s²} − 1),
        # is exact to a relative O(αq/s), far below anything double precision can show here
        return 0.5 * alpha * (alpha - 1) * q * q * math.expm1(1 / (s * s))
    c = 1 / (2 * s * s)
    norm = 0.5 * math.log(2 * math.pi * s * s)

    def lf(z):
        return -z * z * c - norm + log_binomial_excess(float(alpha), q * np.expm1((2 * z - 1) * c))

    log_excess = float_log_integral(lf, -40 * s - 2, float(max(alpha, 0)) + 40 * s + 2)
    return float(np.logaddexp(0.0, log_excess)) if log_excess > -30 else math.log1p(math.exp(log_excess))


def _reverse_arb(lam, s, q):
    """Certified twin: acb.integral on the window where the integrand is within e^{−92} of its peak, plus
    the analytic tails (base ≥ 1 − q on both sides; ≥ q e^{(2z−1)/(2s²)} on the right)."""
    from flint import acb, arb

    sf, qf = float(s), float(q)
    c_f = 1 / (2 * sf * sf)

    def lf(z):
        return -z * z * c_f - lam * np.logaddexp(math.log1p(-qf), math.log(qf) + (2 * z - 1) * c_f)

    a, b, _, peak = integrand_window(lf, -40 * sf - 2, 40 * sf + 2, 92.0)
    lo, hi = Fraction(math.floor(a * 1024), 1024), Fraction(math.ceil(b * 1024), 1024)
    sa, qa = to_arb(s), to_arb(q)
    u, c, shift = 1 - qa, 1 / (2 * sa * sa), arb(peak)

    def f(z, analytic):
        base = u + qa * ((2 * z - 1) * c).exp()
        lb = base.log(analytic=analytic) if isinstance(base, acb) else base.log()
        return (-(z * z) * c - lam * lb - shift).exp()

    main = certified_integral(f, lo, hi)
    norm = (2 * arb.pi()).sqrt() * sa
    la_, lb_ = to_arb(lo), to_arb(hi)
    # outside the window base ≥ 1 − q, so the integrand is ≤ (1 − q)^{−λ} e^{−z²/(2s²)}; the sharper right-hand
    # bound from base ≥ q e^{(2z−1)/(2s²)} is taken where it is smaller
    left = u ** (-lam) * norm * normal_cdf_arb(la_ / sa)  # P(N(0,1) > x) = Φ(−x)
    right = (u ** (-lam) * norm * normal_cdf_arb(-lb_ / sa)).min(
        qa ** (-lam) * (lam * c + lam * lam * c).exp() * norm * normal_cdf_arb(-(lb_ + lam) / sa))
    total = main + arb(0).union((left + right) * (-shift).exp())
    return shift + total.log() - norm.log()


def scaled_renyi(direction, lam, q, sigma, delta):
    """λD_{λ+1} of one step at gradient difference Δ: 'forward' D(μ‖μ₀), 'reverse' D(μ₀‖μ) (float quadrature)."""
    fname = "scaled_renyi"
    _check_direction(direction, fname)
    la, qq, s = _args(lam, q, sigma, fname, exact=False)
    d = real(delta, "delta", fname, lo=0)
    if d == 0:
        return 0.0
    return _moment_float(la + 1 if direction == "forward" else -la, s / d, qq)


def scaled_renyi_arb(direction, lam, q, sigma, delta):
    """Certified twin (q, σ, Δ exact rationals)."""
    import flint

    fname = "scaled_renyi_arb"
    _check_direction(direction, fname)
    la, qq, s = _args(lam, q, sigma, fname, exact=True)
    d = exact_real(delta, "delta", fname, lo=0)
    if d == 0:
        return to_arb(0)
    if direction == "forward":
        return la * subsampled_gaussian_rdp_quadrature_arb(la + 1, s / d, qq)
    # λD ≈ 1e−k needs about 3.3k more bits (the integral is 1 + λD)
    small = _moment_float(-la, float(s / d), float(qq))
    extra = 8 + (int(-math.log2(small)) if 0 < small < 1 else 0)
    with flint.ctx.workprec(flint.ctx.prec + extra):
        return _reverse_arb(la, Fraction(s) / Fraction(d), Fraction(qq))


def _cost(direction, lam, T, q, sigma, deltas, weights, fname, exact):
    t = integer(T, "T", fname, lo=1)
    d, w = _law(deltas, weights, fname, exact)
    route = scaled_renyi_arb if exact else scaled_renyi
    inner = [route(direction, lam, q, sigma, di) for di in d]
    return (privacy_cost_arb if exact else privacy_cost)(inner, w, t)


def exact_cost(direction, lam, T, q, sigma, deltas, weights):
    """Eq. (10) with the exact moments: c_t(λ, T) for 'forward', 'reverse', or 'worst' (the larger) (float)."""
    fname = "exact_cost"
    if direction == "worst":
        return max(_cost(dd, lam, T, q, sigma, deltas, weights, fname, False) for dd in DIRECTIONS)
    _check_direction(direction, fname)
    return _cost(direction, lam, T, q, sigma, deltas, weights, fname, False)


def exact_cost_arb(direction, lam, T, q, sigma, deltas, weights):
    fname = "exact_cost_arb"
    if direction == "worst":
        a, b = (_cost(dd, lam, T, q, sigma, deltas, weights, fname, True) for dd in DIRECTIONS)
        return a.max(b)
    _check_direction(direction, fname)
    return _cost(direction, lam, T, q, sigma, deltas, weights, fname, True)
