"""How often the privacy-cost estimators of seed 004 §4.3 underestimate: exactly for binary data, by
simulation with an exact Clopper–Pearson interval otherwise.

* :func:`binary_failure_probability` — Pr_{K∼Bin(N, ρ)}[ρ̂(K) < ρ] for the binary estimator with N samples
  and failure parameter γ. Because F_K is continuous and increasing on [0, 1], ρ̂(K) < ρ ⇔ F_K(ρ) > 1 − γ,
  and F_K(ρ) = Pr[Bin(N + 1, ρ) ≥ K + 1] is rational at a rational ρ: the whole probability is an exact
  finite sum (``*_exact`` returns a Fraction). The float route (scipy's binomial functions) and the exact one
  (an exact rational sum over the posterior CDF's own binomial sums) are two algorithms: a route pair.
* :func:`gaussian_reference_failure_monte_carlo` — Pr[ĉ < c_t(λ, T)] for the continuous estimator (Eq. (14))
  on m samples of the Gaussian reference (λD̂ = λ(λ+1)s²χ²_d/(2σ²), c_t(λ, T) its closed form, the formula
  gaussian_reference_cost of mechanisms.bayesian.privacy_cost), from n seeded replications, as a Clopper–Pearson
  interval (mechanisms.numerics.rigorous_intervals).
  ``variant`` "printed" uses Eq. (14) as printed (e^{λD̂}, no T); "with-T" uses e^{TλD̂} and 1/T.
"""
from __future__ import annotations

import math
import time
from fractions import Fraction

import numpy as np
from scipy import stats

from mechanisms.bayesian import privacy_cost as _privacy_cost  # noqa: F401  (registers fp.gaussian_reference_cost)
from mechanisms.bayesian.bdp_estimators import binary_posterior_cdf_exact, continuous_estimate
from mechanisms.numerics.checks import exact_real, integer, real
from mechanisms.numerics.context import fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.rigorous_intervals import clopper_pearson

__all__ = ["binary_failure_probability", "binary_failure_probability_exact",
           "gaussian_reference_failure_monte_carlo", "VARIANTS"]

VARIANTS = ("printed", "with-T")


def _binary_args(N, rho, gamma, fname, exact):
    n = integer(N, "N", fname, lo=1)
    conv = exact_real if exact else real
    r = conv(rho, "rho", fname, lo=0, hi=1)
    g = conv(gamma, "gamma", fname, lo=0, hi=1)
    return n, r, g


def binary_failure_probability(N, rho, gamma):
    """Pr[ρ̂ < ρ] over K ∼ Bin(N, ρ) (float, scipy's binomial)."""
    n, r, g = _binary_args(N, rho, gamma, "binary_failure_probability", exact=False)
    k = np.arange(n + 1)
    f_k = stats.binom.sf(k, n + 1, r)  # F_k(ρ) = Pr[Bin(N+1, ρ) ≥ k+1]
    return float(np.sum(np.where(f_k > 1 - g, stats.binom.pmf(k, n, r), 0.0)))


def binary_failure_probability_exact(N, rho, gamma):
    """Pr[ρ̂ < ρ] as an exact rational sum (ρ, γ exact rationals), F_k(ρ) by exact binomial sums: the certified method
    of the pair (the float one, :func:`binary_failure_probability`, takes scipy's binomial survival function and
    pmf)."""
    fname = "binary_failure_probability_exact"
    n, r, g = _binary_args(N, rho, gamma, fname, exact=True)
    if not (isinstance(r, Fraction) and isinstance(g, Fraction)):
        raise InvalidInput(f"{fname}: rho and gamma must be exact rationals, got rho={rho}, gamma={gamma}")
    total = Fraction(0)
    for k in range(n + 1):
        if binary_posterior_cdf_exact(n - k, k, r) > 1 - g:
            total += math.comb(n, k) * r ** k * (1 - r) ** (n - k)
        else:
            break  # F_k(ρ) decreases in k: no larger k fails
    return total


def gaussian_reference_failure_monte_carlo(lam, T, s, sigma, d, m, gamma, n, seed, confidence=1 - 1e-9,
                                           variant="printed", ddof=1):
    """Clopper–Pearson interval for Pr[ĉ < c_t(λ, T)] from n replications of the m-sample estimator."""
    fname = "gaussian_reference_failure_monte_carlo"
    if variant not in VARIANTS:
        raise InvalidInput(f"{fname}: variant must be one of {', '.join(VARIANTS)}, got variant={variant!r}")
    t = integer(T, "T", fname, lo=1)
    mm = integer(m, "m", fname, lo=2)
    nn = integer(n, "n", fname, lo=1)
    la = real(lam, "lam", fname, lo=0, lo_open=True)
    truth = fp.gaussian_reference_cost(la, t, s, sigma, d)
    if not math.isfinite(truth):
        raise InvalidInput(f"{fname}: c_t(λ, T) is +inf here (Tλ(λ+1)s² ≥ σ²): nothing can fall below it")
    start = time.monotonic()
    rng = np.random.default_rng(seed)
    scale = t if variant == "with-T" else 1
    failures = 0
    chunk = max(1, 2_000_000 // mm)
    for lo in range(0, nn, chunk):
        k = min(chunk, nn - lo)
        div = (la + 1) * s * s * rng.chisquare(int(d), size=(k, mm)) / (2 * sigma * sigma)
        est = continuous_estimate(scale * la * div, gamma, scale=scale, ddof=ddof)
        failures += int(np.count_nonzero(est < truth))
    out = clopper_pearson(failures, nn, confidence, seed)
    out.seconds = time.monotonic() - start
    out.method = f"Clopper-Pearson on {nn} replications of the {mm}-sample estimator ({variant})"
    return out


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# the binary estimator's exact coverage: scipy's binomial functions against exact binomial sums
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)

route("binary_failure_probability", binary_failure_probability, binary_failure_probability_exact)
