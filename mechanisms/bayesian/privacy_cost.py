"""The Bayesian accountant's privacy cost (seed 004, Eq. (10)) for a mechanism and a law of the data point.

    c_t(λ, T) = (1/T) log E_{x'}[e^{T λ D_{λ+1}(p_t ‖ q_t)}],

where D_{λ+1} is the Rényi divergence between the outcome laws on the two datasets, a function of the data
point x' ∼ μ. Three ways to compute it:

* :func:`privacy_cost` — μ with finitely many atoms: the scaled divergences s_i = λD_{λ+1} at the atoms and
  their weights (a formula over the numeric context, in log space);
* :func:`gaussian_reference_cost_quadrature` (the second method of the closed form below, one formula over
  ``ctx.integral``) — the Gaussian mechanism N(·, σ²I_d) with gradient differences
  Δ ∼ N(0, s²I_d), optionally clipped to ‖Δ‖ ≤ C: λD_{λ+1} = λ(λ+1)‖Δ‖²/(2σ²), so with v = ‖Δ‖/s (a χ_d
  variable, density v^{d−1}e^{−v²/2}/(2^{d/2−1}Γ(d/2))) and a = Tλ(λ+1)s²/(2σ²),
      e^{T c} = ∫_0^∞ χ_d(v) e^{a min(v, C/s)²} dv,
  by quadrature (float Gauss–Legendre; certified ``acb.integral`` on [0, b] plus an analytic bound of the
  tail beyond b, from the log-concavity of the integrand). Unclipped and a ≥ ½ the integral diverges: +∞,
  decided analytically before any quadrature;
* :func:`gaussian_reference_cost` — the closed form of the unclipped reference (a formula),
      c = −(d/(2T)) log(1 − Tλ(λ+1)s²/σ²),   +∞ from the pole Tλ(λ+1)s² ≥ σ² on;
* :func:`privacy_cost_monte_carlo` — a rigorous Monte Carlo interval for a bounded integrand e^{Tλ D} ∈
  [1, e^{T·bound}] (clipped gradients), by the empirical Bernstein bound (mechanisms.numerics.rigorous_intervals).
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.numerics.checks import integer, real
from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput
from mechanisms.numerics.rigorous_intervals import empirical_bernstein_interval

__all__ = [
    "privacy_cost", "log1p_exp", "gaussian_reference_cost", "gaussian_reference_cost_quadrature",
    "privacy_cost_monte_carlo",
]


# ----------------------------------------------------------------------------- finitely many atoms
@formula
def log1p_exp(ctx, x):
    """log(1 + e^x), as x + log1p(e^{−x}) above 30 (no overflow) and log1p(e^x) below (the digits of a tiny e^x)."""
    x = ctx.real(x, "x", "log1p_exp")
    return ctx.branch(ctx.gt(x, 30), lambda: x + ctx.log1p(ctx.exp(-x)), lambda: ctx.log1p(ctx.exp(x)), same=True)


def _atoms(ctx, scaled, weights, fname):
    if len(scaled) != len(weights) or len(scaled) == 0:
        raise InvalidInput(f"{fname}: scaled and weights must be non-empty lists of equal length, "
                           f"got {len(scaled)} and {len(weights)}")
    s = ctx.vector([ctx.real(x, f"scaled[{i}]", fname, allow_inf=True) for i, x in enumerate(scaled)])
    return s, ctx.distribution(weights, "weights", fname)


@formula
def privacy_cost(ctx, scaled, weights, T):
    """(1/T) log Σ_i w_i e^{T s_i}: s_i = λD_{λ+1} at atom i of μ, w_i its weight (+∞ if an atom of positive
    weight has s_i = +∞).

    With every exponent ≥ 0 (divergences), as log1p of the excess Σ w·expm1(Ts) formed in log space, so that a
    cost of 1e−13 keeps its digits and a large one does not overflow; else by log-sum-exp."""
    fname = "privacy_cost"
    s, w = _atoms(ctx, scaled, weights, fname)
    t = integer(T, "T", fname, lo=1)
    keep = [i for i in range(len(w)) if not ctx.is_zero(w[i])]
    if any(ctx.is_inf(s[i]) for i in keep):
        return ctx.inf
    x, lw = t * s[keep], ctx.log(w[keep])
    positive = [ctx.certainly_lt(0, v) for v in x]
    if not all(pos or ctx.is_zero(v) for pos, v in zip(positive, x)):
        return ctx.log_sum_exp(lw + x) / t
    pos = [i for i, p in enumerate(positive) if p]
    if not pos:
        return ctx.exact(0)
    log_excess = ctx.log_sum_exp(lw[pos] + x[pos] + ctx.log1mexp(-x[pos]))
    return ctx.log1p_exp(log_excess) / t


# ----------------------------------------------------------------------------- the Gaussian reference
def _reference_args(ctx, lam, T, s, sigma, d, clip, fname):
    la = ctx.real(lam, "lam", fname, lo=0, lo_open=True)
    t = integer(T, "T", fname, lo=1)
    ss = ctx.real(s, "s", fname, lo=0, lo_open=True)
    sg = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    dd = integer(d, "d", fname, lo=1)
    c = None if clip is None else ctx.real(clip, "clip", fname, lo=0, lo_open=True)
    return la, t, ss, sg, dd, c


@formula
def gaussian_reference_cost(ctx, lam, T, s, sigma, d):
    """Closed form −(d/(2T)) log(1 − Tλ(λ+1)s²/σ²) for Δ ∼ N(0, s²I_d), +∞ from the pole on (a box across
    the pole is undecided)."""
    la, t, ss, sg, dd, _ = _reference_args(ctx, lam, T, s, sigma, d, None, "gaussian_reference_cost")
    x = t * la * (la + 1) * ss * ss / (sg * sg)
    if ctx.ge(x, 1):
        return ctx.inf
    return ctx.exact(Fraction(-dd, 2 * t)) * ctx.log1p(-x)


def _chi_integrand(I, v, kappa, cut, dd):
    """v^{d−1} e^{−κv²} (ctx.integral; entire), κ = ½ − a: the χ_d density times e^{a v²} up to its normaliser."""
    return I.nonneg(v) ** (dd - 1) * I.exp(-kappa * v * v)


def _chi_tail(kappa, b, dd):
    """∫_b^∞ v^{d−1} e^{−κv²} dv ≤ f(b)/(2κb − (d−1)/b) for b with 2κb² > d − 1 (log-concavity), on arb balls."""
    slope = 2 * kappa * b - (dd - 1) / b
    if not slope > 0:
        raise InvalidInput("tail bound needs 2κb² > d − 1")
    return b ** (dd - 1) * (-kappa * b * b).exp() / slope


@formula(args={"lam": "scalar", "T": "integer", "s": "scalar", "sigma": "scalar", "d": "integer", "clip": "scalar"},
         domain="λ > 0, T ≥ 1, s > 0, σ > 0, d ≥ 1, clip > 0 or None")
def gaussian_reference_cost_quadrature(ctx, lam, T, s, sigma, d, clip=None):
    """c_t(λ, T) of Eq. (10) for the Gaussian reference by quadrature over the law of ‖Δ‖/s (a χ_d variable):
    (1/T) log ∫_0^∞ χ_d(v) e^{a min(v, C/s)²} dv, a = Tλ(λ+1)s²/(2σ²); ``clip`` = C clips ‖Δ‖ at C (the part
    beyond C/s is Q(d/2, (C/s)²/2) e^{a(C/s)²}, Q the upper regularised incomplete gamma). Unclipped and a ≥ ½ the
    integral diverges: +∞, decided before any quadrature.

    A second method for :func:`gaussian_reference_cost` (unclipped), the only one for a clipped reference:
    ``ctx.integral`` — Gauss–Legendre in floats; ``acb.integral`` on the certified context, up to an integer cut
    beyond the mode plus the log-concavity bound of the rest (:func:`_chi_tail`)."""
    fname = "gaussian_reference_cost_quadrature"
    la, t, ss, sg, dd, c = _reference_args(ctx, lam, T, s, sigma, d, clip, fname)
    a = t * la * (la + 1) * ss * ss / (2 * sg * sg)
    half = ctx.exact(Fraction(1, 2))
    if c is None and ctx.ge(a, half):
        return ctx.inf
    kappa = half - a
    log_norm = (ctx.exact(Fraction(dd, 2)) - 1) * ctx.log(2) + ctx.lgamma(ctx.exact(Fraction(dd, 2)))
    chi = lambda I, v, k, h: _chi_integrand(I, v, k, h, dd)  # noqa: E731
    if c is None:
        kf = float(ctx.guess(kappa))
        mode = math.sqrt((dd - 1) / (2 * kf))
        cut = math.ceil(math.sqrt((dd + 300) / kf) + mode + 4)  # an integer past the mode, ~150 e-folds below it
        inner = ctx.integral(chi, 0, ctx.inf, args=(kappa, cut), cut=cut, tail=lambda k, h: _chi_tail(k, h, dd),
                             log=True)
        return (inner - log_norm) / t
    vc = c / ss
    inside = ctx.integral(chi, 0, vc, args=(kappa, 0), log=True) - log_norm
    outside = ctx.log(ctx.regularized_gamma_upper(ctx.exact(Fraction(dd, 2)), vc * vc / 2)) + a * vc * vc
    return ctx.log_sum_exp([inside, outside]) / t


# ----------------------------------------------------------------------------- Monte Carlo
def privacy_cost_monte_carlo(draw_scaled, T, bound, n, seed, confidence=1 - 1e-9):
    """A rigorous interval for c_t(λ, T) from n draws of s = λD_{λ+1} ∈ [0, bound] (``draw_scaled(rng, n)``
    returns them), by the empirical Bernstein interval for the mean of e^{T s} ∈ [1, e^{T·bound}].

    Returns (lo, hi, estimate) on the scale of c (log of the mean, over T)."""
    fname = "privacy_cost_monte_carlo"
    t = integer(T, "T", fname, lo=1)
    b = real(bound, "bound", fname, lo=0)
    n = integer(n, "n", fname, lo=2)
    rng = np.random.default_rng(seed)
    s = np.asarray(draw_scaled(rng, n), float)
    if s.shape != (n,) or not np.all((s >= 0) & (s <= b * (1 + 1e-12))):
        raise InvalidInput(f"{fname}: draw_scaled must return {n} values in [0, bound={b}]")
    top = math.exp(t * b)
    lo, hi, est = empirical_bernstein_interval(np.exp(t * s), 1.0, top, confidence)
    return math.log(max(lo, 1.0)) / t, math.log(min(hi, top)) / t, math.log(est) / t
