"""Likelihood families with conjugate priors: exact posteriors, marginals (evidence) and log-densities.

A family is named by its prior and likelihood; ``prior`` is a tuple of the prior's parameters followed by
the likelihood's known constants, ``data`` a sequence of records:

=========================  ==========================  ====================================  =================
family                     prior                       posterior after n records             θ
=========================  ==========================  ====================================  =================
beta-bernoulli             (a, b)                      beta(a + s, b + n − s), s = Σx        success prob.
beta-binomial              (a, b, m)  m trials         beta(a + Σk, b + Σ(m − k))            success prob.
gamma-exponential          (k, r)  Exp(λ) = (1, λ)     gamma(k + n, r + Σx)  (rate r)        rate (Lemma 3)
gamma-poisson              (k, r)                      gamma(k + Σx, r + n)                  rate
normal-normal              (m0, v0, s2)  s2 noise var  normal(m_n, v_n)                      mean
gamma-normal-precision     (k, r, μ)  known mean       gamma(k + n/2, r + Σ(x−μ)²/2)         precision 1/σ²
exp-normal-variance        (λ, μ)  σ² ~ Exp(λ)         gig(1 − n/2, 2λ, Σ(x−μ)²)             variance (Lemma 6)
gamma-laplace              (k, r, μ)  known location   gamma(k + n, r + Σ|x−μ|)              inverse scale 1/s (Lemma 4)
dirichlet-categorical      (α_1, …, α_K)               dirichlet(α + counts)                 probabilities
=========================  ==========================  ====================================  =================

The generalised inverse Gaussian gig(p, a, b) has density ∝ v^{p−1} e^{−(a v + b/v)/2} on v > 0, with
normaliser 2 (b/a)^{p/2} K_p(√(ab)) (K the modified Bessel function of the second kind).

Posterior parameters are rational functions of the prior and the data: :func:`posterior` computes them
with whatever numbers it is given (floats stay floats; Fractions stay exact; balls stay balls). The posterior,
the log-marginal, the log-likelihood and the log-densities are formulas over the numeric context
(``fp.conjugate_posterior(...)``, ``certified.conjugate_log_marginal(...)``, ``box.family_log_likelihood(...)``
over a box of θ, records and constants, ...).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import numpy as np

from mechanisms.errors import InvalidInput, Undefined
from mechanisms.numerics.context import formula

__all__ = ["FAMILIES", "posterior", "conjugate_posterior", "log_marginal", "log_likelihood", "log_density",
           "prior_distribution", "log_gig_normaliser"]

# family -> (prior distribution kind, number of prior parameters incl. known constants)
FAMILIES = {
    "beta-bernoulli": ("beta", 2),
    "beta-binomial": ("beta", 3),
    "gamma-exponential": ("gamma", 2),
    "gamma-poisson": ("gamma", 2),
    "normal-normal": ("normal", 3),
    "gamma-normal-precision": ("gamma", 3),
    "exp-normal-variance": ("exponential", 2),
    "gamma-laplace": ("gamma", 3),
    "dirichlet-categorical": ("dirichlet", None),
}


def _check(family: str, prior: Sequence):
    if family not in FAMILIES:
        raise InvalidInput(f"unknown family {family!r}; one of {', '.join(FAMILIES)}")
    size = FAMILIES[family][1]
    if size is not None and len(prior) != size:
        raise InvalidInput(f"{family}: the prior needs {size} parameters, got {len(prior)} ({list(prior)!r})")


def prior_distribution(family: str, prior: Sequence) -> tuple:
    """The prior as (kind, parameters): ('beta', (a, b)), ('gamma', (k, r)), ('normal', (m, v)),
    ('gamma', (1, λ)) for the exponential prior on a variance, ('dirichlet', α)."""
    _check(family, prior)
    kind = FAMILIES[family][0]
    if kind == "exponential":
        return "gamma", (1, prior[0])
    if kind == "dirichlet":
        return "dirichlet", tuple(prior)
    return kind, tuple(prior[:2])


def posterior(family: str, prior: Sequence, data: Sequence) -> tuple:
    """(kind, parameters) of the posterior after the records in ``data`` (same number type as the inputs)."""
    _check(family, prior)
    n = len(data)
    if family == "beta-bernoulli":
        a, b = prior
        if any(x not in (0, 1) for x in data):
            raise InvalidInput(f"beta-bernoulli: records must be 0 or 1, got {list(data)!r}")
        s = sum(data)
        return "beta", (a + s, b + n - s)
    if family == "beta-binomial":
        a, b, m = prior
        if any(not 0 <= k <= m or k != int(k) for k in data):
            raise InvalidInput(f"beta-binomial: records must be integers in [0, {m}], got {list(data)!r}")
        s = sum(data)
        return "beta", (a + s, b + n * m - s)
    if family == "gamma-exponential":
        k, r = prior
        if any(x < 0 for x in data):
            raise InvalidInput(f"gamma-exponential: records must be >= 0, got {list(data)!r}")
        return "gamma", (k + n, r + sum(data))
    if family == "gamma-poisson":
        k, r = prior
        if any(x < 0 or x != int(x) for x in data):
            raise InvalidInput(f"gamma-poisson: records must be non-negative integers, got {list(data)!r}")
        return "gamma", (k + sum(data), r + n)
    if family == "normal-normal":
        m0, v0, s2 = prior
        prec = 1 / v0 + n / s2
        return "normal", ((m0 / v0 + sum(data) / s2) / prec, 1 / prec)
    if family == "gamma-normal-precision":
        k, r, mu = prior
        return "gamma", (k + _half(n, k), r + sum(((x - mu) ** 2 for x in data), 0 * r) / 2)
    if family == "exp-normal-variance":
        lam, mu = prior
        half = _half(n, lam)
        return "gig", (1 - half, 2 * lam, sum((x - mu) ** 2 for x in data))
    if family == "gamma-laplace":
        k, r, mu = prior
        return "gamma", (k + n, r + sum(abs(x - mu) for x in data))
    alpha = list(prior)  # dirichlet-categorical: records are category indices
    for x in data:
        if not 0 <= x < len(alpha) or x != int(x):
            raise InvalidInput(f"dirichlet-categorical: records must be indices in [0, {len(alpha)}), got {x!r}")
        alpha[int(x)] = alpha[int(x)] + 1
    return "dirichlet", tuple(alpha)


def _half(n: int, like):
    """n/2 as a number of the kind of ``like``: a float beside floats, an exact Fraction otherwise (an int
    quotient would be a float on the certified path)."""
    return n / 2 if isinstance(like, (float, np.floating)) else Fraction(n, 2)


@formula
def conjugate_posterior(ctx, family: str, prior: Sequence, data: Sequence) -> tuple:
    """(kind, parameters) of the posterior after the records in ``data`` (:func:`posterior`) with the prior
    parameters and the records read as the context's numbers."""
    fname = "conjugate_posterior"
    _check(family, prior)
    kind, params = posterior(family, [ctx.real(v, "prior", fname) for v in prior],
                             [ctx.real(v, "record", fname) for v in data])
    return kind, tuple(params)


# ----------------------------------------------------------------------------- log-densities
@formula(name="posterior_log_density")
def log_density(ctx, kind: str, params: Sequence, theta):
    """Log-density of a beta / gamma (rate) / normal (mean, variance) / gig / dirichlet law at θ; −∞ outside
    the support of a beta, gamma or gig law."""
    fname = "posterior_log_density"
    if kind == "dirichlet":
        al = [ctx.real(x, "alpha", fname, lo=0, lo_open=True) for x in params]
        t = [ctx.real(x, "theta", fname, lo=0) for x in theta]
        zero = ctx.exact(0)
        return (ctx.sum(((x - 1) * ctx.log(y) - ctx.lgamma(x) for x, y in zip(al, t)), zero)
                + ctx.lgamma(ctx.sum(al, zero)))
    if kind not in ("beta", "gamma", "normal", "gig"):
        raise InvalidInput(f"{fname}: unknown law {kind!r}")
    p = [ctx.real(x, "params", fname) for x in params]
    t = ctx.real(theta, "theta", fname)
    if kind == "normal":
        m, v = p
        return -ctx.log(2 * ctx.pi() * v) / 2 - (t - m) ** 2 / (2 * v)
    if not ctx.gt(t, 0) or (kind == "beta" and not ctx.lt(t, 1)):  # undecided over a box: raises
        return ctx.ninf
    if kind == "beta":
        a, b = p
        return (a - 1) * ctx.log(t) + (b - 1) * ctx.log1p(-t) - ctx.lbeta(a, b)
    if kind == "gamma":
        k, r = p
        return k * ctx.log(r) - ctx.lgamma(k) + (k - 1) * ctx.log(t) - r * t
    q, a, b = p
    return (q - 1) * ctx.log(t) - (a * t + b / t) / 2 - ctx.log_gig_normaliser(q, a, b)


@formula
def log_gig_normaliser(ctx, p, a, b):
    """log ∫ v^{p−1} e^{−(a v + b/v)/2} dv = log 2 + (p/2) log(b/a) + log K_p(√(ab)) (a, b > 0)."""
    fname = "log_gig_normaliser"
    p, a, b = (ctx.real(x, name, fname) for x, name in ((p, "p"), (a, "a"), (b, "b")))
    if not (ctx.gt(a, 0) and ctx.gt(b, 0)):
        raise Undefined(f"gig normaliser needs a, b > 0, got a={a}, b={b}")
    return ctx.log(ctx.exact(2)) + p / 2 * ctx.log(b / a) + ctx.log_bessel_k(p, ctx.sqrt(a * b))


# ----------------------------------------------------------------------------- likelihoods
def _xlog(ctx, k, x, *, one_minus=False):
    """k · log x (k · log(1 − x) with one_minus) with 0 · log 0 = 0: exactly 0 when k is, −∞ when x (1 − x)
    is exactly 0 and k is not."""
    if ctx.is_zero(k):
        return ctx.exact(0)
    if ctx.is_zero(1 - x if one_minus else x):
        return ctx.ninf
    return k * (ctx.log1p(-x) if one_minus else ctx.log(x))


def _total(ctx, terms):
    """Σ terms, −∞ as soon as one term is (a sum of enclosures would lose the infinity's exactness)."""
    terms = list(terms)
    for v in terms:
        if ctx.is_inf(v):
            return v
    return ctx.sum(terms, ctx.exact(0))


@formula(name="family_log_likelihood")
def log_likelihood(ctx, family: str, prior: Sequence, theta, data: Sequence):
    """log p_θ(x) of the whole data set under a family of the module table; ``prior`` supplies the family's
    known constants (m trials, the noise variance, μ). A zero probability gives the context's −∞."""
    fname = "family_log_likelihood"
    _check(family, prior)
    n = len(data)
    zero = ctx.exact(0)
    if family == "dirichlet-categorical":
        t = [ctx.real(v, "theta", fname, lo=0) for v in theta]
        return _total(ctx, (_xlog(ctx, 1, t[int(v)]) for v in data))
    x = [ctx.real(v, "record", fname) for v in data]
    t = ctx.real(theta, "theta", fname)
    if family == "beta-bernoulli":
        s = ctx.sum(x, zero)
        return _total(ctx, (_xlog(ctx, s, t), _xlog(ctx, n - s, t, one_minus=True)))
    if family == "beta-binomial":
        m = ctx.real(prior[2], "m", fname, lo=0)
        return _total(ctx, (v for k in x for v in (ctx.lgamma(m + 1) - ctx.lgamma(k + 1) - ctx.lgamma(m - k + 1),
                                                  _xlog(ctx, k, t), _xlog(ctx, m - k, t, one_minus=True))))
    if family == "gamma-exponential":
        return n * ctx.log(t) - t * ctx.sum(x, zero)
    if family == "gamma-poisson":
        return _total(ctx, (_xlog(ctx, ctx.sum(x, zero), t), -n * t, -ctx.sum((ctx.lgamma(v + 1) for v in x), zero)))
    two_pi = 2 * ctx.pi()
    if family == "normal-normal":
        s2 = ctx.real(prior[2], "s2", fname, lo=0, lo_open=True)
        return -n * ctx.log(two_pi * s2) / 2 - ctx.sum(((v - t) ** 2 for v in x), zero) / (2 * s2)
    if family == "gamma-normal-precision":
        mu = ctx.real(prior[2], "mu", fname)
        return n * ctx.log(t / two_pi) / 2 - t * ctx.sum(((v - mu) ** 2 for v in x), zero) / 2
    if family == "exp-normal-variance":
        mu = ctx.real(prior[1], "mu", fname)
        return -n * ctx.log(two_pi * t) / 2 - ctx.sum(((v - mu) ** 2 for v in x), zero) / (2 * t)
    mu = ctx.real(prior[2], "mu", fname)  # gamma-laplace, θ = 1/s
    return n * ctx.log(t / 2) - t * ctx.sum((ctx.abs(v - mu) for v in x), zero)


# ----------------------------------------------------------------------------- marginals
@formula(name="conjugate_log_marginal")
def log_marginal(ctx, family: str, prior: Sequence, data: Sequence):
    """log φ(x) = log ∫ p_θ(x) dξ(θ), the evidence of the whole data set, in closed form (log-gamma and
    log-beta functions; the modified Bessel function K for the gig posterior)."""
    fname = "conjugate_log_marginal"
    _check(family, prior)
    pr = [ctx.real(v, "prior", fname) for v in prior]
    x = [ctx.real(v, "record", fname) for v in data]
    n = len(x)
    zero = ctx.exact(0)
    _, post = ctx.conjugate_posterior(family, pr, x)
    if family == "beta-bernoulli":
        return ctx.lbeta(*post) - ctx.lbeta(*pr)
    if family == "beta-binomial":
        m = pr[2]
        binoms = ctx.sum((ctx.lgamma(m + 1) - ctx.lgamma(k + 1) - ctx.lgamma(m - k + 1) for k in x), zero)
        return binoms + ctx.lbeta(*post) - ctx.lbeta(pr[0], pr[1])
    half_n = ctx.exact(Fraction(n, 2))
    if family in ("gamma-exponential", "gamma-poisson", "gamma-normal-precision", "gamma-laplace"):
        k, r = pr[:2]
        k2, r2 = post
        if family == "gamma-exponential":
            const = zero
        elif family == "gamma-poisson":
            const = -ctx.sum((ctx.lgamma(v + 1) for v in x), zero)
        elif family == "gamma-normal-precision":
            const = -half_n * ctx.log(2 * ctx.pi())
        else:
            const = -n * ctx.log(ctx.exact(2))
        return const + k * ctx.log(r) - k2 * ctx.log(r2) + ctx.lgamma(k2) - ctx.lgamma(k)
    if family == "normal-normal":
        m0, v0, s2 = pr
        d = [v - m0 for v in x]
        shrink = v0 / (s2 + n * v0)
        quad = (ctx.sum((t * t for t in d), zero) - shrink * ctx.sum(d, zero) ** 2) / s2
        return -half_n * ctx.log(2 * ctx.pi() * s2) - ctx.log1p(n * v0 / s2) / 2 - quad / 2
    if family == "exp-normal-variance":
        return ctx.log(pr[0]) - half_n * ctx.log(2 * ctx.pi()) + ctx.log_gig_normaliser(*post)
    total, total2 = ctx.sum(pr, zero), ctx.sum(post, zero)  # dirichlet-categorical
    return (ctx.lgamma(total) - ctx.lgamma(total2)
            + ctx.sum((ctx.lgamma(b) - ctx.lgamma(a) for a, b in zip(pr, post)), zero))
