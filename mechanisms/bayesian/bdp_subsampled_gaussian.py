"""The privacy cost of the Poisson-subsampled Gaussian mechanism under Bayesian DP (seed 004, Theorem 3).

One step releases g + N(0, σ²I) where g sums the clipped gradients of a Poisson subsample (rate q); the
two datasets differ in one point x', whose gradient difference Δ = ‖g_t − g'_t‖ is random with x'. Along
the direction of g_t − g'_t the two outcome laws are μ₀ = N(0, σ²) and μ = (1 − q)N(0, σ²) + qN(Δ, σ²).

* The printed terms of Theorem 3 (integer λ ≥ 1), for a law of Δ with finitely many atoms (Δ_i, w_i):
      c^L(λ, T) = (1/T) log Σ_i w_i (E_{k∼B(λ+1, q)}[e^{(k²−k)Δ_i²/(2σ²)}])^T,
      c^R(λ, T) = (1/T) log Σ_i w_i (E_{k∼B(λ,   q)}[e^{(k²+k)Δ_i²/(2σ²)}])^T
  (:func:`subsampled_gaussian_binomial_cost`, one formula over the numeric context, in log space).
* The exact moments of the two directions, by quadrature of their definitions (nothing binomial):
      forward  λD_{λ+1}(μ ‖ μ₀) = log E_{z∼μ₀}[(μ/μ₀)^{λ+1}],
      reverse  λD_{λ+1}(μ₀ ‖ μ) = log E_{z∼μ₀}[(μ₀/μ)^{λ}],
  with μ/μ₀ = (1 − q) + q e^{(2zΔ − Δ²)/(2σ²)} (:func:`scaled_renyi`); the forward one reuses the certified
  quadrature of mechanisms.accounting.subsampled_gaussian (σ/Δ, unit shift), the reverse one is integrated here with
  analytic bounds of both tails (μ/μ₀ ≥ 1 − q everywhere and ≥ q e^{(2z−1)/(2s²)}). The float route of both
  integrates the non-negative excess E[(1 + w)^α − 1 − αw] (w = μ/μ₀ − 1, E w = 0) so that a moment of 1e−12
  keeps its digits. The float and the certified routes are two algorithms (Gauss–Legendre in floats; arb's
  ``acb.integral`` with analytic tail bounds), so they stay a pair of routes, not one formula.
* :func:`exact_cost` — Eq. (10) with those moments, per direction or the worse of the two.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.bayesian import privacy_cost as _privacy_cost  # noqa: F401  (registers the formula ctx.privacy_cost)
from mechanisms.numerics.checks import integer
from mechanisms.numerics.context import certified, formula, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb
from mechanisms.numerics.quadrature import certified_integral, float_log_integral, integrand_window
from mechanisms.accounting.subsampled_gaussian import log_binomial_excess, subsampled_gaussian_rdp_quadrature_arb

__all__ = ["subsampled_gaussian_binomial_cost", "scaled_renyi", "scaled_renyi_arb", "exact_cost", "exact_cost_arb",
           "DIRECTIONS", "TERMS"]

DIRECTIONS = ("forward", "reverse")
TERMS = ("L", "R")


# ----------------------------------------------------------------------------- validation
def _args(ctx, lam, q, sigma, fname):
    la = integer(lam, "lam", fname, lo=1)
    qq = ctx.real(q, "q", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    return la, qq, s


def _law(ctx, deltas, weights, fname):
    if len(deltas) != len(weights) or len(deltas) == 0:
        raise InvalidInput(f"{fname}: deltas and weights must be non-empty lists of equal length, "
                           f"got {len(deltas)} and {len(weights)}")
    d = [ctx.real(x, "deltas", fname, lo=0) for x in deltas]
    return d, ctx.distribution(weights, "weights", fname)


# ----------------------------------------------------------------------------- Theorem 3 as printed
def _binomial_log_mgf(ctx, n, q, c, shift):
    """log E_{k∼B(n, q)}[e^{(k² + shift·k)c}] as log1p(Σ_k pmf(k)·expm1((k² + shift·k)c)), the excess summed in
    log space: every exponent is ≥ 0, so the terms are ≥ 0 and a moment of 1 + 1e−13 keeps its digits."""
    k = ctx.vector(list(range(n + 1)))
    x = (k * k + shift * k) * c
    keep = [i for i in range(n + 1) if not ctx.exactly_zero(x[i])]  # x ≥ 0: a term with x = 0 adds 0
    if not keep:
        return ctx.exact(0)
    k, x = k[keep], x[keep]
    log_pmf = ctx.lgamma(n + 1) - ctx.lgamma(k + 1) - ctx.lgamma(n - k + 1) + k * ctx.log(q) + (n - k) * ctx.log1p(-q)
    return ctx.log1p_exp(ctx.log_sum_exp(log_pmf + x + ctx.log1mexp(-x)))


def _term(term, fname):
    if term not in TERMS:
        raise InvalidInput(f"{fname}: term must be 'L' or 'R', got term={term!r}")
    return (1, -1) if term == "L" else (0, 1)  # (extra trials, sign of k)


@formula
def subsampled_gaussian_binomial_cost(ctx, term, lam, T, q, sigma, deltas, weights):
    """The binomial bounds on the privacy cost of the Poisson-subsampled Gaussian mechanism at integer λ ≥ 1,
    c^L (term 'L', B(λ+1, q), exponent k² − k) or c^R (term 'R', B(λ, q), exponent k² + k), for a law of the
    gradient difference with atoms Δ_i of weights w_i (Triastcyn & Faltings, seed 004, Theorem 3 as printed)."""
    fname = "subsampled_gaussian_binomial_cost"
    extra, shift = _term(term, fname)
    la, qq, s = _args(ctx, lam, q, sigma, fname)
    t = integer(T, "T", fname, lo=1)
    d, w = _law(ctx, deltas, weights, fname)
    inner = [_binomial_log_mgf(ctx, la + extra, qq, di * di / (2 * s * s), shift) for di in d]
    return ctx.privacy_cost(ctx.vector(inner), w, t)


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
    left = u ** (-lam) * norm * certified.Phi(la_ / sa)  # P(N(0,1) > x) = Φ(−x)
    right = (u ** (-lam) * norm * certified.Phi(-lb_ / sa)).min(
        qa ** (-lam) * (lam * c + lam * lam * c).exp() * norm * certified.Phi(-(lb_ + lam) / sa))
    total = main + arb(0).union((left + right) * (-shift).exp())
    return shift + total.log() - norm.log()


def scaled_renyi(direction, lam, q, sigma, delta):
    """λD_{λ+1} of one step at gradient difference Δ: 'forward' D(μ‖μ₀), 'reverse' D(μ₀‖μ) (float quadrature).

    The float half of a pair of two algorithms (quadrature of the definitions, nothing binomial): the certified
    half, :func:`scaled_renyi_arb`, integrates with arb's ``acb.integral`` and analytic tail bounds."""
    fname = "scaled_renyi"
    _check_direction(direction, fname)
    la, qq, s = _args(fp, lam, q, sigma, fname)
    d = fp.real(delta, "delta", fname, lo=0)
    if d == 0:
        return 0.0
    return _moment_float(la + 1 if direction == "forward" else -la, s / d, qq)


def scaled_renyi_arb(direction, lam, q, sigma, delta):
    """Certified λD_{λ+1} by arb quadrature with analytic tail bounds (q, σ, Δ exact rationals)."""
    fname = "scaled_renyi_arb"
    _check_direction(direction, fname)
    la, qq, s = _args(certified, lam, q, sigma, fname)
    d = certified.real(delta, "delta", fname, lo=0)
    if d == 0:
        return to_arb(0)
    if direction == "forward":
        return la * subsampled_gaussian_rdp_quadrature_arb(la + 1, s / d, qq)
    # λD ≈ 1e−k needs about 3.3k more bits (the integral is 1 + λD)
    small = _moment_float(-la, float(s / d), float(qq))
    extra = 8 + (int(-math.log2(small)) if 0 < small < 1 else 0)
    with flint.ctx.workprec(flint.ctx.prec + extra):
        return _reverse_arb(la, Fraction(s) / Fraction(d), Fraction(qq))


def _cost(ctx, moment, direction, lam, T, q, sigma, deltas, weights, fname):
    """Eq. (10), one formula, over the moments of ``moment`` (scaled_renyi or scaled_renyi_arb: two algorithms)."""
    t = integer(T, "T", fname, lo=1)
    d, w = _law(ctx, deltas, weights, fname)
    return ctx.privacy_cost(ctx.vector([moment(direction, lam, q, sigma, di) for di in d]), w, t)


def exact_cost(direction, lam, T, q, sigma, deltas, weights):
    """Eq. (10) with the exact moments: c_t(λ, T) for 'forward', 'reverse', or 'worst' (the larger) (float)."""
    fname = "exact_cost"
    if direction == "worst":
        return max(_cost(fp, scaled_renyi, dd, lam, T, q, sigma, deltas, weights, fname) for dd in DIRECTIONS)
    _check_direction(direction, fname)
    return _cost(fp, scaled_renyi, direction, lam, T, q, sigma, deltas, weights, fname)


def exact_cost_arb(direction, lam, T, q, sigma, deltas, weights):
    """Certified Eq. (10) with the exact moments by ``acb.integral`` (:func:`scaled_renyi_arb`): the certified method of
    the pair; :func:`exact_cost` is the same Eq. (10) over the float Gauss–Legendre moments (:func:`scaled_renyi`).
    The two differ only in the method of the moments, Eq. (10) itself is one function over the context."""
    fname = "exact_cost_arb"
    if direction == "worst":
        return certified.max(*(_cost(certified, scaled_renyi_arb, dd, lam, T, q, sigma, deltas, weights, fname)
                               for dd in DIRECTIONS))
    _check_direction(direction, fname)
    return _cost(certified, scaled_renyi_arb, direction, lam, T, q, sigma, deltas, weights, fname)


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# the subsampled Gaussian's exact moments by quadrature: float Gauss–Legendre against acb.integral + analytic tails;
# and Eq. (10) over them (one function of the context, the two methods only in the moments). The binomial terms
# are a formula over the context (m.subsampled_gaussian_binomial_cost)
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
import flint
from flint import acb, arb

route("subsampled_gaussian_scaled_renyi", scaled_renyi, scaled_renyi_arb)
route("subsampled_gaussian_exact_cost", exact_cost, exact_cost_arb)
