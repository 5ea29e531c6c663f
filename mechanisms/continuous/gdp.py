"""Gaussian differential privacy (Dong, Roth & Su 2019, "Gaussian differential privacy", JRSS-B 2022), written once
over the numeric context (:mod:`mechanisms.numerics.context`).

A mechanism is μ-GDP when its trade-off curve is at least G_μ, the trade-off between N(0, 1) and N(μ, 1):

    G_μ(α) = Φ(Φ⁻¹(1 − α) − μ),    α ∈ [0, 1]    (Definition 2.7; G_μ(0) = 1, G_μ(1) = 0);

μ-GDP is equivalent to (ε, δ(ε))-DP for every ε with δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Corollary 2.13),
the Gaussian mechanism's curve at Δ/σ = μ (:func:`mechanisms.continuous.gaussian_dp.gaussian_delta`); for ε < 0 by the
hockey-stick reflection (:func:`mechanisms.continuous.divergences.gaussian_hockey_stick`).
"""
from __future__ import annotations

from mechanisms.numerics.context import formula

__all__ = ["gdp_tradeoff", "gdp_delta", "gdp_epsilon"]


@formula
def gdp_tradeoff(ctx, mu, alpha):
    """G_μ(α) = Φ(Φ⁻¹(1 − α) − μ), the type II error of the best test at type I error α ∈ [0, 1] between
    N(0, 1) and N(μ, 1), μ ≥ 0 (Dong, Roth & Su 2019, Definition 2.7); exactly 1 at α = 0 and 0 at α = 1."""
    fname = "gdp_tradeoff"
    m = ctx.real(mu, "mu", fname, lo=0)
    a = ctx.real(alpha, "alpha", fname, lo=0, hi=1)
    if ctx.exactly_zero(a):  # the ends: Φ⁻¹ is infinite there, so a box reaching them is undecided below
        return ctx.exact(1)
    if ctx.exactly_zero(a - 1):
        return ctx.exact(0)
    return ctx.accurate(lambda: ctx.Phi(ctx.Phi_inv(1 - a) - m))


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
