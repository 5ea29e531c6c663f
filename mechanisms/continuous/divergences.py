"""Divergences of the Gaussian and Laplace mechanisms, randomised response and the exponential mechanism, by
name, each written once over the numeric context (:mod:`mechanisms.numerics.context`).

Gaussian mechanism, N(0, σ²) against N(Δ, σ²), μ = Δ/σ:

    KL = μ²/2,    TV = 2Φ(μ/2) − 1 = erf(μ/(2√2)),    D_α = αμ²/2 (:func:`gaussian_rdp`),  D_∞ = ∞;

δ(ε) for every real ε by the hockey-stick reflection (the mechanism is symmetric, so δ' = δ):
δ(ε) = 1 − e^ε + e^ε δ(−ε) for ε < 0 (Balle & Wang 2018, Theorem 8, for ε ≥ 0).

Laplace mechanism, Lap(0, b) against Lap(Δ, b), ε₀ = Δ/b (Mironov 2017, "Rényi differential privacy",
Proposition 6 and Table II):

    KL = ε₀ + e^{−ε₀} − 1,    TV = 1 − e^{−ε₀/2},
    D_α = 1/(α−1) log(α/(2α−1) e^{(α−1)ε₀} + (α−1)/(2α−1) e^{−αε₀})
        = ε₀ + log1p((α−1)/(2α−1) · expm1(−(2α−1)ε₀)) / (α−1),    D_∞ = ε₀.

Randomised response, Bernoulli(p) against Bernoulli(1 − p), p = e^ε/(1 + e^ε) (Mironov 2017, Proposition 5):

    D_α = 1/(α−1) log(p^α (1−p)^{1−α} + (1−p)^α p^{1−α}) = ε + log1p((1 − p) expm1(−2(α−1)ε)) / (α−1),
    D_∞ = ε,    KL = ε tanh(ε/2).

Exponential mechanism with privacy parameter ε (scores exp(ε u/(2Δu))): it is ε-DP and ε-bounded-range, hence
ε²/8-zCDP (Cesar & Rogers 2021, "Bounding, concentrating, and truncating", Lemma 3.2; Durfee & Rogers 2019), so
D_α ≤ min(ε, αε²/8). This is an upper bound, not an exact value: the exact RDP depends on the utilities.
"""
from __future__ import annotations

from mechanisms.numerics.context import formula

__all__ = ["gaussian_kl", "gaussian_tv", "gaussian_hockey_stick", "laplace_kl", "laplace_tv", "laplace_rdp",
           "laplace_hockey_stick", "rr_rdp", "rr_kl", "exponential_mechanism_rdp",
           "exponential_mechanism_kl", "rr_tradeoff", "rr_power"]


def _scale_ratio(ctx, scale, sensitivity, fname, scale_name):
    s = ctx.real(scale, scale_name, fname, lo=0, lo_open=True)
    d = ctx.real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    return d / s


def _reflected(ctx, delta_at, eps):
    """δ(ε) for every real ε of a symmetric pair from its δ on ε ≥ 0: with s = e^{−[−ε]_+} (1 when ε ≥ 0),
    δ(ε) = (1 − s) + s δ(|ε|) — the reflection δ(ε) = 1 − e^ε + e^ε δ(−ε) for ε < 0, no branch on the sign."""
    neg = ctx.positive_part(-eps)
    return -ctx.expm1(-neg) + ctx.exp(-neg) * delta_at(ctx.positive_part(ctx.abs(eps)))  # a box: |ε| ≥ 0 certainly


# ----------------------------------------------------------------------------- Gaussian
@formula
def gaussian_kl(ctx, sigma, sensitivity=1):
    """KL(N(0, σ²) ‖ N(Δ, σ²)) = Δ²/(2σ²) (exact on the certified context when the arguments are)."""
    mu = _scale_ratio(ctx, sigma, sensitivity, "gaussian_kl", "sigma")
    return mu * mu / 2


@formula
def gaussian_tv(ctx, sigma, sensitivity=1):
    """TV(N(0, σ²), N(Δ, σ²)) = 2Φ(μ/2) − 1 = erf(μ/(2√2)), μ = Δ/σ (= δ(0) of the Gaussian mechanism)."""
    mu = _scale_ratio(ctx, sigma, sensitivity, "gaussian_tv", "sigma")
    return ctx.erf(mu / (2 * ctx.sqrt(2)))


@formula
def gaussian_hockey_stick(ctx, sigma, eps, sensitivity=1):
    """δ(ε) = E_{e^ε}(N(0, σ²) ‖ N(Δ, σ²)) for every real ε: :func:`gaussian_delta` for ε ≥ 0, and
    1 − e^ε + e^ε δ(−ε) for ε < 0 (the hockey-stick reflection; the pair is symmetric). Tends to 1 − e^ε as ε → −∞."""
    fname = "gaussian_hockey_stick"
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = ctx.real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    e = ctx.real(eps, "eps", fname)
    return ctx.accurate(lambda: _reflected(ctx, lambda t: ctx.gaussian_delta(s, t, d), e))


# ----------------------------------------------------------------------------- Laplace
@formula
def laplace_kl(ctx, b, sensitivity=1):
    """KL(Lap(0, b) ‖ Lap(Δ, b)) = ε₀ + e^{−ε₀} − 1, ε₀ = Δ/b (Mironov 2017, Table II, α = 1)."""
    e0 = _scale_ratio(ctx, b, sensitivity, "laplace_kl", "b")
    return ctx.accurate(lambda: e0 + ctx.expm1(-e0))


@formula
def laplace_tv(ctx, b, sensitivity=1):
    """TV(Lap(0, b), Lap(Δ, b)) = 1 − e^{−ε₀/2}, ε₀ = Δ/b (= δ(0) of the Laplace mechanism)."""
    e0 = _scale_ratio(ctx, b, sensitivity, "laplace_tv", "b")
    return -ctx.expm1(-e0 / 2)


@formula
def laplace_rdp(ctx, alpha, b, sensitivity=1):
    """D_α(Lap(0, b) ‖ Lap(Δ, b)), the Rényi DP of the Laplace mechanism at order α ∈ (1, ∞] (Mironov 2017,
    Proposition 6): ε₀ + log1p((α−1)/(2α−1) · expm1(−(2α−1)ε₀))/(α−1), ε₀ = Δ/b; ε₀ at α = ∞."""
    fname = "laplace_rdp"
    a = ctx.real(alpha, "alpha", fname, lo=1, lo_open=True, allow_inf=True)
    e0 = _scale_ratio(ctx, b, sensitivity, fname, "b")
    if ctx.is_inf(a):
        return e0
    return ctx.accurate(lambda: e0 + ctx.log1p((a - 1) / (2 * a - 1) * ctx.expm1(-(2 * a - 1) * e0)) / (a - 1))


@formula
def laplace_hockey_stick(ctx, b, eps, sensitivity=1):
    """δ(ε) = E_{e^ε}(Lap(0, b) ‖ Lap(Δ, b)) for every real ε: :func:`laplace_delta` = 1 − e^{−[ε₀ − ε]_+/2} for
    ε ≥ 0, and 1 − e^ε + e^ε δ(−ε) for ε < 0 (the hockey-stick reflection); 1 − e^ε exactly for ε ≤ −ε₀."""
    fname = "laplace_hockey_stick"
    bb = ctx.real(b, "b", fname, lo=0, lo_open=True)
    d = ctx.real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    e = ctx.real(eps, "eps", fname)
    return _reflected(ctx, lambda t: ctx.laplace_delta(bb, t, d), e)


# ----------------------------------------------------------------------------- randomised response
@formula
def rr_rdp(ctx, alpha, eps):
    """D_α(Bern(p) ‖ Bern(1 − p)), p = e^ε/(1 + e^ε): the Rényi DP of ε-randomised response at order
    α ∈ (1, ∞] (Mironov 2017, Proposition 5): ε + log1p(expm1(−2(α−1)ε)/(1 + e^ε))/(α−1); ε at α = ∞."""
    fname = "rr_rdp"
    a = ctx.real(alpha, "alpha", fname, lo=1, lo_open=True, allow_inf=True)
    e = ctx.real(eps, "eps", fname, lo=0)
    if ctx.is_inf(a):
        return e
    return ctx.accurate(lambda: e + ctx.log1p(ctx.expm1(-2 * (a - 1) * e) / (1 + ctx.exp(e))) / (a - 1))


@formula
def rr_kl(ctx, eps):
    """KL(Bern(p) ‖ Bern(1 − p)) = (2p − 1)ε = ε tanh(ε/2), p = e^ε/(1 + e^ε): ε-randomised response at α = 1."""
    e = ctx.real(eps, "eps", "rr_kl", lo=0)
    return e * ctx.tanh(e / 2)


@formula(args={"eps": "scalar", "alpha": "scalar"}, domain="eps >= 0, 0 <= alpha <= 1")
def rr_tradeoff(ctx, eps, alpha):
    """f_ε(α) = max(0, 1 − e^ε α, e^{−ε}(1 − α)): the trade-off function of ε-randomised response, the type II error
    of the best (randomised) test at type I error α ∈ [0, 1] between Bern(p) and Bern(1 − p), p = e^ε/(1 + e^ε)
    (Dong, Roth & Su 2019, Eq. (2.5): a mechanism is ε-DP iff its trade-off is at least f_ε; Kairouz, Oh & Viswanath
    2015). Piecewise linear, kinks at α = 1/(1 + e^ε) and 1 (where it reaches 0); exact for exact ε = 0."""
    fname = "rr_tradeoff"
    e = ctx.real(eps, "eps", fname, lo=0)
    a = ctx.real(alpha, "alpha", fname, lo=0, hi=1)
    return ctx.max(ctx.num(0), 1 - ctx.exp(e) * a, ctx.exp(-e) * (1 - a))


@formula(args={"eps": "scalar", "alpha": "scalar"}, domain="eps >= 0, 0 <= alpha <= 1")
def rr_power(ctx, eps, alpha):
    """1 − f_ε(α) = min(1, e^ε α, 1 − e^{−ε} + e^{−ε} α): the power (true-positive rate) at false-positive rate α of
    the best test against ε-randomised response (:func:`rr_tradeoff`), the largest TPR an ε-DP mechanism allows at
    FPR α; 1 − e^{−ε} as −expm1(−ε) (no cancellation at small ε)."""
    fname = "rr_power"
    e = ctx.real(eps, "eps", fname, lo=0)
    a = ctx.real(alpha, "alpha", fname, lo=0, hi=1)
    return ctx.min(ctx.num(1), ctx.exp(e) * a, -ctx.expm1(-e) + ctx.exp(-e) * a)


# ----------------------------------------------------------------------------- exponential mechanism
@formula(args={"alpha": "scalar", "eps": "scalar"}, domain="alpha >= 1 (or +inf), eps >= 0")
def exponential_mechanism_rdp(ctx, alpha, eps):
    """An upper bound on the Rényi DP of the ε-DP exponential mechanism at α ∈ [1, ∞]: min(ε, αε²/8) at α > 1 —
    ε-DP, and ε²/8-zCDP since it is ε-bounded-range (Cesar & Rogers 2021, Lemma 3.2); ε at α = ∞; at α = 1 (the KL
    divergence, the limit α → 1) the sharper :func:`exponential_mechanism_kl`. A bound, not a value."""
    fname = "exponential_mechanism_rdp"
    a = ctx.real(alpha, "alpha", fname, lo=1, allow_inf=True)
    e = ctx.real(eps, "eps", fname, lo=0)
    if ctx.is_inf(a):
        return e
    if ctx.exactly_zero(a - 1):
        return ctx.exponential_mechanism_kl(e)
    return ctx.min(e, a * e * e / 8)


@formula(args={"eps": "scalar"}, domain="eps >= 0")
def exponential_mechanism_kl(ctx, eps):
    """x − 1 − log x, x = ε/(e^ε − 1): the largest KL divergence KL(M(D) ‖ M(D')) of an ε-bounded-range mechanism,
    hence an upper bound on the KL of the ε-DP exponential mechanism (Cesar & Rogers 2021, "Bounding,
    concentrating, and truncating", ε-BR; the worst pair is two Bernoulli laws whose privacy loss takes the values
    tε and (t − 1)ε, maximised over t; the bound dp_accounting pins, 0.123301561 at ε = 1). Below ε²/8 (the
    zCDP bound) and ε tanh(ε/2) (randomised response's KL). Written y − log1p(y), y = (ε − expm1 ε)/expm1 ε, for ε ≤ 1 and x − 1 − log ε + ε +
    log(1 − e^{−ε}) above (no overflow); on
    floats for ε < 10⁻² the series ε²/8 − ε⁴/576 + ε⁶/25920 (the next term ε⁸/1075200, below 10⁻¹⁶ relative)."""
    e = ctx.real(eps, "eps", "exponential_mechanism_kl", lo=0)
    if ctx.exactly_zero(e):
        return ctx.num(0)
    if not ctx.certified and e < 1e-2:  # floats: the series where y − log1p(y) cancels
        e2 = e * e
        return e2 / 8 - e2 * e2 / 576 + e2 * e2 * e2 / 25920

    def small():  # y − log1p(y), y = x − 1 = (ε − expm1 ε)/expm1 ε: no cancellation in x − 1
        em = ctx.expm1(e)
        y = (e - em) / em
        return y - ctx.log1p(y)

    def large():  # x − 1 − log ε + log(e^ε − 1), log(e^ε − 1) = ε + log(1 − e^{−ε}): no overflow
        d = -ctx.expm1(-e)
        return e * ctx.exp(-e) / d - 1 - ctx.log(e) + e + ctx.log(d)
    return ctx.accurate(lambda: ctx.branch(ctx.gt(e, 1), large, small))
