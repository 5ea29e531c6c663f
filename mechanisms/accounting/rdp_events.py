"""Rényi DP of the events an RDP accountant composes beyond the (subsampled) Gaussian: zCDP with an additive
constant, tree aggregation, repeat-and-select (hyperparameter tuning), each written once over the numeric context.

* (ξ, ρ)-zCDP (Bun & Steinke 2016, Definition 1.1; dp_accounting's ``ZCDpEvent``): D_α ≤ ξ + ρα for every α > 1
  (α = 1, the KL divergence, by the limit).
* Tree aggregation of a Gaussian mechanism, restarted per epoch, each record at most once across the trees of an
  epoch (Kairouz, McMahan, Song, Thakkar, Thakurta & Xu 2021, "Practical and private (deep) learning without sampling
  or shuffling", ICML, Appendix D; dp_accounting's ``SingleEpochTreeAggregationDpEvent``): a record touches at most
  ⌈log₂(n + 1)⌉ nodes of a tree over n steps, so the release is a Gaussian mechanism of sensitivity √depth and
  D_α = α·⌈log₂(max_i n_i + 1)⌉/(2σ²).
* Repeat and select (Papernot & Steinke 2022, "Hyperparameter tuning with Rényi differential privacy", ICLR;
  dp_accounting's ``RepeatAndSelectDpEvent``): run a (λ, ε_λ)-RDP mechanism K times, K random, and return the best
  run. For K truncated negative binomial of shape η ≥ 0 (η = 0 logarithmic, η = 1 geometric) and parameter γ
  (Theorem 2), D_λ ≤ ε_λ + (1 + η)·min_λ̂ [(1 − 1/λ̂)ε_λ̂ + log(1/γ)/λ̂] + log E[K]/(λ − 1), then the least bound of
  any larger order (RDP grows with the order); for K Poisson (η = ∞, Theorem 6),
  D_λ ≤ ε_λ + E[K]·δ̂ + log E[K]/(λ − 1) with δ̂ the δ of the single run at ε̂ = log(1 + 1/(λ − 1)).
"""
from __future__ import annotations

from fractions import Fraction

from mechanisms.errors import InvalidInput
from mechanisms.numerics import checks
from mechanisms.numerics.context import formula

__all__ = ["zcdp_rdp", "tree_aggregation_rdp", "truncated_negative_binomial_mean",
           "truncated_negative_binomial_gamma", "repeat_and_select_rdp"]


# ----------------------------------------------------------------------------- zCDP
@formula(args={"alpha": "scalar", "rho": "scalar", "xi": "scalar"}, domain="alpha >= 1, rho >= 0, xi >= 0")
def zcdp_rdp(ctx, alpha, rho, xi=0):
    """ξ + ρα: the Rényi DP at order α ≥ 1 of a (ξ, ρ)-zCDP mechanism (Bun & Steinke 2016, "Concentrated
    differential privacy", Definition 1.1: D_α(M(x) ‖ M(x')) ≤ ξ + ρα for every α > 1; α = 1, the KL divergence, by
    the limit; ξ = 0 is ρ-zCDP). The bound dp_accounting composes for ``ZCDpEvent(rho, xi)``."""
    fname = "zcdp_rdp"
    a = ctx.real(alpha, "alpha", fname, lo=1)
    r = ctx.real(rho, "rho", fname, lo=0)
    x = ctx.real(xi, "xi", fname, lo=0)
    return x + r * a


# ----------------------------------------------------------------------------- tree aggregation
def _step_counts(step_counts, fname):
    counts = list(step_counts) if isinstance(step_counts, (list, tuple)) else [step_counts]
    if not counts:
        raise InvalidInput(f"{fname}: step_counts must be a non-negative integer or a non-empty list of them, "
                           f"got step_counts={step_counts!r}")
    return [checks.integer(n, f"step_counts[{i}]", fname, lo=0) for i, n in enumerate(counts)]


@formula(args={"alpha": "scalar", "sigma": "scalar", "step_counts": "any"},
         domain="alpha >= 1, sigma >= 0, step_counts a non-negative integer or a non-empty list of them")
def tree_aggregation_rdp(ctx, alpha, sigma, step_counts):
    """α·d/(2σ²), d = ⌈log₂(max_i n_i + 1)⌉ (the bit length of max n_i): the Rényi DP at order α ≥ 1 of one epoch of
    Gaussian tree aggregation with noise multiplier σ per node over trees of n_i steps, each record in at most one
    tree of the epoch (Kairouz et al. 2021, "Practical and private (deep) learning without sampling or shuffling",
    Appendix D; dp_accounting's ``SingleEpochTreeAggregationDpEvent``, neighbouring relation replace-special): a
    record reaches at most d nodes, so the tree is a Gaussian mechanism of sensitivity √d. +∞ at σ = 0 (no noise);
    epochs compose by adding (restarts that let a record reappear: one call per epoch)."""
    fname = "tree_aggregation_rdp"
    a = ctx.real(alpha, "alpha", fname, lo=1)
    s = ctx.real(sigma, "sigma", fname, lo=0)
    depth = max(_step_counts(step_counts, fname)).bit_length()  # ⌈log₂(n + 1)⌉ for an integer n ≥ 0
    if ctx.exactly_zero(s):
        return ctx.inf
    return a * depth / (2 * s * s)


# ----------------------------------------------------------------------------- repeat and select
def _log_mean_tnb(ctx, g, eta):
    """E[K] of the truncated negative binomial TNB(γ, η) (Papernot & Steinke 2022, Definition 1): 1/γ (η = 1),
    (1/γ − 1)/log(1/γ) (η = 0), η(1/γ − 1)/(1 − γ^η) otherwise; 1 at γ = 1."""
    if ctx.exactly_zero(g - 1):
        return ctx.num(1)
    if ctx.exactly_zero(eta - 1):
        return 1 / g
    if ctx.exactly_zero(eta):
        return (1 / g - 1) / (-ctx.log(g))
    return eta * (1 / g - 1) / (-ctx.expm1(eta * ctx.log(g)))


@formula(args={"gamma": "scalar", "shape": "scalar"}, domain="0 < gamma <= 1, shape >= 0")
def truncated_negative_binomial_mean(ctx, gamma, shape):
    """E[K] for K ~ TNB(γ, η), P(K = k) = (1 − γ)^k C(k + η − 1, k) γ^η / (1 − γ^η), k ≥ 1 (Papernot & Steinke 2022,
    Definition 1; η = 0 the logarithmic law, η = 1 the geometric): 1/γ (η = 1), (1/γ − 1)/log(1/γ) (η = 0),
    η(1/γ − 1)/(1 − γ^η) otherwise; 1 at γ = 1 (the limit in every case)."""
    fname = "truncated_negative_binomial_mean"
    g = ctx.real(gamma, "gamma", fname, lo=0, lo_open=True, hi=1)
    eta = ctx.real(shape, "shape", fname, lo=0)
    return ctx.accurate(lambda: _log_mean_tnb(ctx, g, eta))


@formula(args={"shape": "scalar", "mean": "scalar"}, domain="shape >= 0, mean >= 1")
def truncated_negative_binomial_gamma(ctx, shape, mean):
    """The γ ∈ (0, 1] with E[K] = mean for K ~ TNB(γ, η) (:func:`truncated_negative_binomial_mean` decreases from
    +∞ to 1 on (0, 1]): 1/mean for η = 1, 1 at mean = 1, else by bisection on exact dyadic points with certified
    comparisons — on the certified context the ball [γ₋, γ₊] with mean(γ₋) ≥ mean ≥ mean(γ₊) decided, on floats γ₋
    (the conservative end, as dp_accounting's ``_gamma_truncated_negative_binomial`` returns)."""
    fname = "truncated_negative_binomial_gamma"
    eta = ctx.real(shape, "shape", fname, lo=0)
    mu = ctx.real(mean, "mean", fname, lo=1)
    if ctx.exactly_zero(mu - 1):
        return ctx.exact(Fraction(1))
    if ctx.exactly_zero(eta - 1):
        return 1 / mu
    lo, hi = ctx.exact(Fraction(0)), ctx.exact(Fraction(1))  # mean(0+) = +∞ > μ ≥ mean(1) = 1
    for _ in range(160):
        mid = (lo + hi) / 2
        at = ctx.accurate(lambda: _log_mean_tnb(ctx, mid, eta))
        if ctx.certainly_lt(at, mu):
            hi = mid
        elif ctx.certainly_lt(mu, at):
            lo = mid
        else:  # mean(mid) may be μ itself (1/16 at η = 1/2, μ = 10): enclose the root about mid
            return _about(ctx, lo, mid, hi, eta, mu)
        if not ctx.certified and hi - lo <= 1e-16 * hi:
            break
    if lo == 0:
        raise InvalidInput(f"{fname}: mean={mean} too large for shape={shape}: γ below 2^-160")
    return ctx.hull(lo, hi) if ctx.certified else lo


def _about(ctx, lo, mid, hi, eta, mu):
    """The root of mean(γ) = μ, which an undecided comparison puts near mid: [mid − w, mid + w] once the signs at
    both ends are certified (w shrinking), else [lo, hi]; mid on floats."""
    if not ctx.certified:
        return mid
    for k in (48, 40, 32, 24, 16, 8):
        w = (hi - lo) / 2 ** k
        below = ctx.accurate(lambda: _log_mean_tnb(ctx, mid - w, eta))
        above = ctx.accurate(lambda: _log_mean_tnb(ctx, mid + w, eta))
        if ctx.certainly_lt(mu, below) and ctx.certainly_lt(above, mu):
            return ctx.hull(mid - w, mid + w)
    return ctx.hull(lo, hi)


def _orders_and_rdp(ctx, orders, rdp, fname):
    if len(orders) == 0:
        raise InvalidInput(f"{fname}: orders must be a non-empty list, got orders={orders!r}")
    checks.same_length(orders, rdp, ("orders", "rdp"), fname)
    a = [ctx.real(x, f"orders[{i}]", fname, lo=1, allow_inf=False) for i, x in enumerate(orders)]
    t = []
    for i, x in enumerate(rdp):
        v = ctx.real(x, f"rdp[{i}]", fname, allow_inf=True)
        if ctx.certainly_lt(v, 0):
            raise InvalidInput(f"{fname}: rdp[{i}] must be >= 0, got {x}")
        t.append(v)
    return a, t


@formula(args={"orders": "vector", "rdp": "vector", "mean": "scalar", "shape": "scalar"},
         domain="orders >= 1, rdp >= 0 (+inf allowed), mean >= 1, shape >= 0 or +inf")
def repeat_and_select_rdp(ctx, orders, rdp, mean, shape):
    """The Rényi DP, at each order λ of ``orders``, of running a mechanism with RDP ``rdp`` (ε_λ at λ) a random
    number K of times and returning only the best run (Papernot & Steinke 2022, "Hyperparameter tuning with Rényi
    differential privacy"; dp_accounting's ``RepeatAndSelectDpEvent(event, mean, shape)``), as a list over the orders:

    * K ~ TNB(γ, η), shape η ∈ [0, ∞), E[K] = mean (Theorem 2): ε_λ + (1 + η)·min over the orders λ̂ of
      [(1 − 1/λ̂)ε_λ̂ + log(1/γ)/λ̂] + log(mean)/(λ − 1) at λ > 1 (+∞ at λ = 1), then at each order the least value
      over the orders ≥ it (RDP is non-decreasing in the order); γ from :func:`truncated_negative_binomial_gamma`;
    * K ~ Poisson(mean), shape = +∞ (Theorem 6): ε_λ + mean·δ̂_λ + log(mean)/(λ − 1) at λ > 1, with δ̂_λ the least
      δ at ε̂ = log(1 + 1/(λ − 1)) that the single run's curve gives (the improved conversion at each order > 1 and
      the KL bound √(1 − e^{−ε_λ}) at every order, :func:`best_delta_from_rdp`); +∞ at λ = 1.

    An order 1 in ``orders`` (ε₁ the KL divergence) enters the minimum of Theorem 2 as dp_accounting's does."""
    fname = "repeat_and_select_rdp"
    a, t = _orders_and_rdp(ctx, orders, rdp, fname)
    mu = ctx.real(mean, "mean", fname, lo=1)
    eta = ctx.real(shape, "shape", fname, lo=0, allow_inf=True)
    log_mu = ctx.log(mu)
    above = [i for i, ai in enumerate(a) if not ctx.exactly_zero(ai - 1)]
    if ctx.is_inf(eta):  # Poisson: Theorem 6
        out = [ctx.inf] * len(a)
        for i in above:
            if ctx.is_inf(t[i]):
                out[i] = ctx.inf
                continue
            e_hat = ctx.log1p(1 / (a[i] - 1))
            d_hat = _delta_at(ctx, a, t, e_hat)
            out[i] = t[i] + mu * d_hat + log_mu / (a[i] - 1)
        return out
    g = ctx.truncated_negative_binomial_gamma(eta, mu)
    log_inv_g = -ctx.log(g)
    c = (1 + eta) * ctx.min(*[ctx.inf if ctx.is_inf(ti) else (1 - 1 / ai) * ti + log_inv_g / ai
                              for ai, ti in zip(a, t)])
    raw = [ctx.inf] * len(a)
    for i in above:
        raw[i] = ctx.inf if ctx.is_inf(t[i]) or ctx.is_inf(c) else t[i] + log_mu / (a[i] - 1) + c
    return [_least(ctx, [raw[j] for j in range(len(a)) if ctx.certainly_le(a[i], a[j])]) for i in range(len(a))]


def _least(ctx, xs):
    finite = [x for x in xs if not ctx.is_inf(x)]
    return ctx.min(*finite) if finite else ctx.inf


def _delta_at(ctx, a, t, eps):
    """The least δ(ε) over the orders: the improved conversion at α > 1, the KL bound √(1 − e^{−τ}) at every order
    (Bretagnolle–Huber with KL ≤ D_α), capped at 1."""
    vals = []
    for ai, ti in zip(a, t):
        if ctx.is_inf(ti):
            continue
        vals.append(ctx.sqrt(-ctx.expm1(-ti)) if not ctx.exactly_zero(ti) else ctx.num(0))
        if not ctx.exactly_zero(ai - 1):
            vals.append(ctx.exp(ctx.min(ctx.num(0), ctx.log_delta_from_rdp(ti, ai, eps))))
    return ctx.min(ctx.num(1), *vals) if vals else ctx.num(1)
