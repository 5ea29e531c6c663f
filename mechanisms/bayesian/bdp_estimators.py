"""The privacy-cost estimators of seed 004 §4.3: the binary estimator (Eqs. (11)–(13)) and the continuous
m-sample estimator (Eq. (14)).

Binary. Data x₁…x_N ∈ {0, 1} with N₀ zeros and N₁ ones, a Bernoulli likelihood (the maximum-entropy law
with mean ρ), a flat prior on ρ: the posterior is Beta(N₁ + 1, N₀ + 1) (Eq. (13)), with distribution function

    F(z) = Pr[Beta(N₁ + 1, N₀ + 1) ≤ z] = Pr[Bin(N + 1, z) ≥ N₁ + 1]     (z ∈ [0, 1]; 0 below, 1 above),

an exact rational at a rational z. The estimator is ρ̂ = F^{−1}(1 − γ) = inf{z ∈ ℝ : F(z) ≥ 1 − γ}: 1 at
γ = 0, and −∞ at γ = 1 (F(z) = 0 ≥ 0 for every z ≤ 0: the infimum over ℝ as printed).

Continuous (Eq. (14) as printed). From m values l_i = λD̂_{λ+1} (one per sample), X_i = e^{l_i},

    ĉ = log[M + F_t^{−1}(1 − γ, m − 1) S / √(m − 1)],

M, S the sample mean and standard deviation (ddof = 1; ``ddof=0`` is the authors' code) of the X_i, F_t^{−1}
the Student-t quantile. ``scale`` = T gives the form of the authors' accountant, ĉ = (1/T) log[…] from
l_i = TλD̂ (Eq. (10) has e^{TλD} and 1/T; Eq. (14) as printed has neither).

F and ρ̂ each have two algorithms, kept as a float and a certified route (not one formula): scipy's regularised
incomplete beta and its inverse (:func:`binary_posterior_cdf`, :func:`binary_estimate`); the exact binomial sum
and a certified bisection on it (:func:`binary_posterior_cdf_exact`, :func:`binary_estimate_arb`).
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy import special as sc
from scipy import stats

from mechanisms.numerics.checks import exact_real, integer, real
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb

__all__ = ["binary_posterior_cdf", "binary_posterior_cdf_exact", "binary_estimate", "binary_estimate_arb",
           "student_t_quantile", "continuous_estimate"]


def _counts(n0, n1, fname):
    return integer(n0, "n0", fname, lo=0), integer(n1, "n1", fname, lo=0)


# ----------------------------------------------------------------------------- binary
def binary_posterior_cdf(n0, n1, z):
    """F(z) of the posterior Beta(N₁ + 1, N₀ + 1) (float, scipy's regularised incomplete beta)."""
    a, b = _counts(n0, n1, "binary_posterior_cdf")
    zz = real(z, "z", "binary_posterior_cdf")
    if zz <= 0:
        return 0.0
    if zz >= 1:
        return 1.0
    return float(sc.betainc(b + 1, a + 1, zz))


def binary_posterior_cdf_exact(n0, n1, z):
    """F(z) = Σ_{j=N₁+1}^{N+1} C(N+1, j) z^j (1 − z)^{N+1−j} exactly (z exact; an arb ball gives a ball)."""
    fname = "binary_posterior_cdf_exact"
    a, b = _counts(n0, n1, fname)
    zz = exact_real(z, "z", fname)
    n = a + b + 1
    if not isinstance(zz, Fraction):
        zb = to_arb(zz)
        total = to_arb(0)
        for j in range(b + 1, n + 1):
            total += math.comb(n, j) * zb ** j * (1 - zb) ** (n - j)
        return total
    if zz <= 0:
        return Fraction(0)
    if zz >= 1:
        return Fraction(1)
    return sum((math.comb(n, j) * zz ** j * (1 - zz) ** (n - j) for j in range(b + 1, n + 1)), Fraction(0))


def _gamma(gamma, fname, exact):
    return (exact_real if exact else real)(gamma, "gamma", fname, lo=0, hi=1)


def binary_estimate(n0, n1, gamma):
    """ρ̂ = F^{−1}(1 − γ) (float; scipy's inverse of the complementary incomplete beta, exact for tiny γ)."""
    fname = "binary_estimate"
    a, b = _counts(n0, n1, fname)
    g = _gamma(gamma, fname, exact=False)
    if g == 0:
        return 1.0
    if g == 1:
        return -math.inf
    r = float(sc.betainccinv(b + 1, a + 1, g))
    if math.isnan(r):  # scipy gives up for γ of 1e−190 and below: the symmetric lower quantile of Beta(N₀+1, N₁+1)
        r = 1.0 - float(sc.betaincinv(a + 1, b + 1, g))
    if math.isnan(r):
        lo, hi = 0.0, 1.0
        for _ in range(80):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if sc.betaincc(b + 1, a + 1, mid) > g else (lo, mid)
        r = hi
    return r


def binary_estimate_arb(n0, n1, gamma):
    """Certified ρ̂: a ball [lo, hi] with F(lo) < 1 − γ ≤ F(hi) certified (F is continuous and increasing on
    [0, 1]), narrowed by bisection on dyadic points to about the working precision."""

    fname = "binary_estimate_arb"
    a, b = _counts(n0, n1, fname)
    g = _gamma(gamma, fname, exact=True)
    if g == 0:
        return arb(1)
    if g == 1:
        raise InvalidInput(f"{fname}: at gamma=1 the printed estimate is -inf (not a ball)")
    target = 1 - to_arb(g)
    lo, hi = Fraction(0), Fraction(1)
    for _ in range(flint.ctx.prec + 8):
        mid = (lo + hi) / 2
        f = binary_posterior_cdf_exact(a, b, to_arb(mid))
        if f < target:
            lo = mid
        elif f > target:
            hi = mid
        else:
            break  # the ball at mid straddles the target: lo, hi already enclose the root
        if hi - lo < Fraction(1, 2 ** (flint.ctx.prec + 4)):
            break
    return to_arb(lo).union(to_arb(hi))


# ----------------------------------------------------------------------------- continuous
def student_t_quantile(gamma, df):
    """F_t^{−1}(1 − γ, df), from the upper tail (accurate for γ down to 1e−300)."""
    g = real(gamma, "gamma", "student_t_quantile", lo=0, lo_open=True, hi=1, hi_open=True)
    d = integer(df, "df", "student_t_quantile", lo=1)
    return float(stats.t.isf(g, d))


def continuous_estimate(log_values, gamma, scale=1, ddof=1):
    """Eq. (14): log[M + F_t^{−1}(1 − γ, m − 1) S/√(m − 1)] / scale from the per-sample logs l_i (the last
    axis holds the m samples; rows are independent estimates). Computed with the largest l_i factored out,
    so e^{l_i} never overflows."""
    fname = "continuous_estimate"
    l = np.asarray(log_values, float)
    if l.ndim == 0 or l.shape[-1] < 2 or not np.all(np.isfinite(l)):
        raise InvalidInput(f"{fname}: need at least 2 finite samples on the last axis, got shape {l.shape}")
    m = l.shape[-1]
    s = real(scale, "scale", fname, lo=0, lo_open=True)
    if ddof not in (0, 1):
        raise InvalidInput(f"{fname}: ddof must be 0 or 1, got ddof={ddof!r}")
    t = student_t_quantile(gamma, m - 1)
    top = l.max(axis=-1, keepdims=True)
    y = np.exp(l - top)
    mean, std = y.mean(axis=-1), y.std(axis=-1, ddof=ddof)
    out = (top[..., 0] + np.log(mean + t * std / math.sqrt(m - 1))) / s
    return float(out) if out.ndim == 0 else out


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# the binary estimator (Eqs. (11)–(13)): scipy's incomplete beta (and its inverse) against exact binomial sums (and
# bisection on them for the quantile). ρ̂ = F⁻¹(1 − γ), F the CDF of Beta(N₁ + 1, N₀ + 1), is monotone, a theorem the
# proofs trust (the prover encloses it over a box by its certified values at the two extreme corners): Beta(a, b)
# grows in the likelihood-ratio order as a grows and shrinks as b grows (the density ratio of Beta(a', b) to
# Beta(a, b), a' > a, is ∝ x^(a'−a), increasing), so each quantile increases with N₁ and decreases with N₀; and F⁻¹
# increases with its level 1 − γ
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
import flint
from flint import arb

route("binary_posterior_cdf", binary_posterior_cdf, binary_posterior_cdf_exact)
route("binary_estimate", binary_estimate, binary_estimate_arb, monotone={"n0": -1, "n1": 1, "gamma": -1})
