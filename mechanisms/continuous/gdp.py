"""Gaussian differential privacy (Dong, Roth & Su 2019, "Gaussian differential privacy", JRSS-B 2022), written once
over the numeric context (:mod:`mechanisms.numerics.context`).

A mechanism is μ-GDP when its trade-off curve is at least G_μ, the trade-off between N(0, 1) and N(μ, 1):

    G_μ(α) = Φ(Φ⁻¹(1 − α) − μ),    α ∈ [0, 1]    (Definition 2.7; G_μ(0) = 1, G_μ(1) = 0);

μ-GDP is equivalent to (ε, δ(ε))-DP for every ε with δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Corollary 2.13),
the Gaussian mechanism's curve at Δ/σ = μ (:func:`mechanisms.continuous.gaussian_dp.gaussian_delta`); for ε < 0 by the
hockey-stick reflection (:func:`mechanisms.continuous.divergences.gaussian_hockey_stick`).
"""
from __future__ import annotations

from fractions import Fraction

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import formula

__all__ = ["gdp_tradeoff", "gdp_delta", "gdp_epsilon", "gdp_power", "gdp_mu", "gdp_mu_poisson", "gdp_mu_uniform"]


@formula
def gdp_tradeoff(ctx, mu, alpha):
    """G_μ(α) = Φ(Φ⁻¹(1 − α) − μ), the type II error of the best test at type I error α ∈ [0, 1] between
    N(0, 1) and N(μ, 1), μ ≥ 0 (Dong, Roth & Su 2019, Definition 2.7); exactly 1 at α = 0 and 0 at α = 1. Computed
    as Φ(−Φ⁻¹(α) − μ), so that 1 − α is never formed (α = 1e−300 keeps its digits)."""
    fname = "gdp_tradeoff"
    m = ctx.real(mu, "mu", fname, lo=0)
    a = ctx.real(alpha, "alpha", fname, lo=0, hi=1)
    if ctx.exactly_zero(a):  # the ends: Φ⁻¹ is infinite there, so a box reaching them is undecided below
        return ctx.exact(1)
    if ctx.exactly_zero(a - 1):
        return ctx.exact(0)
    return ctx.accurate(lambda: ctx.Phi(-ctx.Phi_inv(a) - m))


@formula
def gdp_delta(ctx, mu, eps):
    """δ(ε) of μ-GDP, μ > 0, for every real ε: Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) for ε ≥ 0 (Dong, Roth & Su 2019,
    Corollary 2.13), 1 − e^ε + e^ε δ(−ε) for ε < 0 — the Gaussian mechanism's δ at σ = 1, Δ = μ."""
    m = ctx.real(mu, "mu", "gdp_delta", lo=0, lo_open=True)
    return ctx.gaussian_hockey_stick(1, eps, m)


@formula
def gdp_epsilon(ctx, mu, delta):
    """The smallest ε ≥ 0 at which μ-GDP is (ε, δ)-DP, δ ∈ (0, 1): :func:`gaussian_epsilon` at σ = 1, Δ = μ."""
    m = ctx.real(mu, "mu", "gdp_epsilon", lo=0, lo_open=True)
    return ctx.gaussian_epsilon(1, delta, m)


@formula(args={"mu": "scalar", "alpha": "scalar"}, domain="mu >= 0, 0 <= alpha <= 1")
def gdp_power(ctx, mu, alpha):
    """1 − G_μ(α) = Φ(μ + Φ⁻¹(α)): the power (true-positive rate) of the best test at type I error (false-positive
    rate) α ∈ [0, 1] between N(0, 1) and N(μ, 1), μ ≥ 0 (Dong, Roth & Su 2019, Definition 2.7, with
    Φ⁻¹(1 − α) = −Φ⁻¹(α)): no 1 − α and no 1 − G formed, so full relative accuracy at tiny α and tiny power
    (1 − gdp_tradeoff(1, 1e−10) in floats loses about 2^−53/power relative; this does not). Exactly 0 at α = 0 and 1 at α = 1."""
    fname = "gdp_power"
    m = ctx.real(mu, "mu", fname, lo=0)
    a = ctx.real(alpha, "alpha", fname, lo=0, hi=1)
    if ctx.exactly_zero(a):
        return ctx.exact(0)
    if ctx.exactly_zero(a - 1):
        return ctx.exact(1)
    return ctx.accurate(lambda: ctx.Phi(m + ctx.Phi_inv(a)))


@formula(args={"eps": "scalar", "delta": "scalar"}, domain="eps >= 0, 0 < delta < 1")
def gdp_mu(ctx, eps, delta):
    """The μ > 0 with δ_μ(ε) = δ (:func:`gdp_delta`): the largest μ for which μ-GDP implies (ε, δ)-DP, δ ∈ (0, 1),
    ε ≥ 0 (Dong, Roth & Su 2019, Corollary 2.13; δ_μ(ε) increases continuously from 0 to 1 with μ, a Gaussian
    mechanism with less noise being no post-processing of one with more). Bracketed by doubling/halving from 1
    and bisected on exact dyadic points with certified comparisons of δ_μ(ε) against δ: on the certified context the
    ball [μ₋, μ₊] (μ₊ − μ₋ ≤ 2⁻⁶⁰ μ₊), on floats μ₋ (the end at which μ-GDP certainly gives (ε, δ))."""
    fname = "gdp_mu"
    e = ctx.real(eps, "eps", fname, lo=0)
    d = ctx.real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)

    def below(m):  # δ_m(ε) < δ, decided (None where undecided)
        v = ctx.accurate(lambda: ctx.gaussian_delta(1, e, m))
        return True if ctx.certainly_lt(v, d) else (False if ctx.certainly_lt(d, v) else None)

    lo = hi = ctx.exact(Fraction(1))
    for _ in range(2000):
        b = below(hi)
        if b is None:
            return hi
        if not b:
            break
        lo, hi = hi, 2 * hi
    else:
        raise InvalidInput(f"{fname}: no μ below 2^2000 reaches δ={delta} at ε={eps}")
    if lo == hi:
        for _ in range(2000):
            lo = lo / 2
            b = below(lo)
            if b is None:
                return lo
            if b:
                break
            hi = lo
        else:
            raise InvalidInput(f"{fname}: no μ above 2^-2000 stays below δ={delta} at ε={eps}")
    for _ in range(200):
        if ctx.certified and (hi - lo) <= hi / 2 ** 60 or not ctx.certified and hi - lo <= 1e-16 * hi:
            break
        mid = (lo + hi) / 2
        b = below(mid)
        if b is None:
            return ctx.hull(lo, hi) if ctx.certified else mid
        lo, hi = (mid, hi) if b else (lo, mid)
    return ctx.hull(lo, hi) if ctx.certified else lo


@formula(args={"sigma": "scalar", "q": "scalar", "steps": "integer"}, domain="sigma > 0, 0 <= q <= 1, steps >= 0")
def gdp_mu_poisson(ctx, sigma, q, steps):
    """μ = q√T √(e^{1/σ²} − 1): the central-limit μ-GDP of T steps of the Poisson-subsampled Gaussian mechanism
    (rate q, noise multiplier σ) — Bu, Dong, Long & Su 2020, "Deep learning with Gaussian differential privacy",
    Harvard Data Science Review, Corollary 5 (q√T → ν as T → ∞; an approximation, not a bound); opacus'
    ``compute_mu_poisson``. e^{1/σ²} − 1 as expm1 (no cancellation at large σ)."""
    fname = "gdp_mu_poisson"
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    qq = ctx.real(q, "q", fname, lo=0, hi=1)
    t = ctx.real(steps, "steps", fname, lo=0)
    return qq * ctx.sqrt(t) * ctx.sqrt(ctx.expm1(1 / (s * s)))


@formula(args={"sigma": "scalar", "q": "scalar", "steps": "integer"}, domain="sigma > 0, 0 <= q <= 1, steps >= 0")
def gdp_mu_uniform(ctx, sigma, q, steps):
    """μ = √2 q√T √(e^{1/σ²}Φ(3/(2σ)) + 3Φ(−1/(2σ)) − 2): the central-limit μ-GDP of T steps of the Gaussian
    mechanism on uniformly subsampled batches (Bu, Dong, Long & Su 2020, Theorem 6; an approximation, not a bound);
    opacus' ``compute_mu_uniform``. The bracket tends to 0 as σ grows (½ + 3/2 − 2): on the certified context the
    working precision is raised until the ball is accurate; floats lose digits there as opacus does."""
    fname = "gdp_mu_uniform"
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    qq = ctx.real(q, "q", fname, lo=0, hi=1)
    t = ctx.real(steps, "steps", fname, lo=0)

    def inner():
        return ctx.exp(1 / (s * s)) * ctx.Phi(3 / (2 * s)) + 3 * ctx.Phi(-1 / (2 * s)) - 2
    return ctx.sqrt(2 * t) * qq * ctx.sqrt(ctx.positive_part(ctx.accurate(inner)))
