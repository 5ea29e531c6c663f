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
with whatever numbers it is given (floats stay floats; Fractions stay exact). Log-marginals, log-likelihoods
and log-densities have a float route (scipy) and a certified route (``*_arb``, python-flint) written
separately.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Sequence

import numpy as np
from scipy import special as sc

from mechanisms.errors import InvalidInput, OutsideDomain
from mechanisms.numerics.exact import to_arb

__all__ = ["FAMILIES", "posterior", "posterior_exact", "posterior_float", "log_marginal", "log_marginal_arb", "log_likelihood",
           "log_likelihood_arb", "log_density", "log_density_arb", "prior_distribution", "log_gig_normaliser",
           "log_gig_normaliser_arb"]

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
        return "gamma", (k + Fraction(n, 2) if isinstance(k, (int, Fraction)) else k + n / 2,
                         r + sum((x - mu) ** 2 for x in data) / 2)
    if family == "exp-normal-variance":
        lam, mu = prior
        half = Fraction(n, 2) if isinstance(lam, (int, Fraction)) else n / 2
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


def posterior_exact(family: str, prior: Sequence, data: Sequence) -> tuple:
    """:func:`posterior` with every prior parameter and record read as an exact number."""
    from mechanisms.numerics.exact import to_fraction

    return posterior(family, [to_fraction(p, "prior") for p in prior], [to_fraction(x, "record") for x in data])


# ----------------------------------------------------------------------------- log-densities
def log_density(kind: str, params: Sequence, theta):
    """Log-density of a beta / gamma (rate) / normal (mean, variance) / gig / dirichlet law at θ (float)."""
    if kind == "beta":
        a, b = map(float, params)
        t = float(theta)
        if not 0 < t < 1:
            return -math.inf
        return (a - 1) * math.log(t) + (b - 1) * math.log1p(-t) - float(sc.betaln(a, b))
    if kind == "gamma":
        k, r = map(float, params)
        t = float(theta)
        if not t > 0:
            return -math.inf
        return k * math.log(r) - float(sc.gammaln(k)) + (k - 1) * math.log(t) - r * t
    if kind == "normal":
        m, v = map(float, params)
        return -0.5 * math.log(2 * math.pi * v) - (float(theta) - m) ** 2 / (2 * v)
    if kind == "gig":
        p, a, b = map(float, params)
        t = float(theta)
        if not t > 0:
            return -math.inf
        return (p - 1) * math.log(t) - (a * t + b / t) / 2 - log_gig_normaliser(p, a, b)
    if kind == "dirichlet":
        al = np.asarray(params, float)
        t = np.asarray(theta, float)
        return float(np.sum((al - 1) * np.log(t)) + sc.gammaln(al.sum()) - np.sum(sc.gammaln(al)))
    raise InvalidInput(f"log_density: unknown law {kind!r}")


def log_gig_normaliser(p, a, b):
    """log ∫ v^{p−1} e^{−(a v + b/v)/2} dv = log 2 + (p/2) log(b/a) + log K_p(√(ab)) (a, b > 0)."""
    if not (a > 0 and b > 0):
        raise OutsideDomain(f"gig normaliser needs a, b > 0, got a={a}, b={b}")
    z = math.sqrt(a * b)
    return math.log(2) + p / 2 * math.log(b / a) + math.log(sc.kve(p, z)) - z


def log_gig_normaliser_arb(p, a, b):
    """Certified twin of :func:`log_gig_normaliser` (exact numbers or arb balls)."""
    a, b, p = to_arb(a), to_arb(b), to_arb(p)
    if not (a > 0 and b > 0):
        raise OutsideDomain(f"gig normaliser needs a, b > 0, got a={a}, b={b}")
    z = (a * b).sqrt()
    return to_arb(2).log() + p / 2 * (b / a).log() + z.bessel_k(p).log()


def log_density_arb(kind: str, params: Sequence, theta):
    """Certified log-density (exact parameters, θ exact or an arb ball inside the support)."""
    t = to_arb(theta) if kind != "dirichlet" else [to_arb(x) for x in theta]
    if kind == "beta":
        a, b = (to_arb(x) for x in params)
        return (a - 1) * t.log() + (b - 1) * (1 - t).log() - (a.lgamma() + b.lgamma() - (a + b).lgamma())
    if kind == "gamma":
        k, r = (to_arb(x) for x in params)
        return k * r.log() - k.lgamma() + (k - 1) * t.log() - r * t
    if kind == "normal":
        m, v = (to_arb(x) for x in params)
        return -(2 * v * _pi()).log() / 2 - (t - m) ** 2 / (2 * v)
    if kind == "gig":
        p, a, b = (to_arb(x) for x in params)
        return (p - 1) * t.log() - (a * t + b / t) / 2 - log_gig_normaliser_arb(p, a, b)
    if kind == "dirichlet":
        al = [to_arb(x) for x in params]
        total = sum(al[1:], al[0])
        return sum(((x - 1) * y.log() - x.lgamma() for x, y in zip(al, t)), to_arb(0)) + total.lgamma()
    raise InvalidInput(f"log_density_arb: unknown law {kind!r}")


def _pi():
    from flint import arb

    return arb.pi()


# ----------------------------------------------------------------------------- likelihoods
def log_likelihood(family: str, prior: Sequence, theta, data: Sequence) -> float:
    """log p_θ(x) of the whole data set (float); ``prior`` supplies the family's known constants."""
    _check(family, prior)
    x = [float(v) for v in data]
    n = len(x)
    if family == "dirichlet-categorical":
        t = [float(v) for v in theta]
        return float(sum(math.log(t[int(v)]) if t[int(v)] > 0 else -math.inf for v in x))
    t = float(theta)
    if family == "beta-bernoulli":
        s = sum(x)
        return float(sc.xlogy(s, t) + sc.xlog1py(n - s, -t))
    if family == "beta-binomial":
        m = float(prior[2])
        return float(sum(sc.gammaln(m + 1) - sc.gammaln(k + 1) - sc.gammaln(m - k + 1) + sc.xlogy(k, t)
                         + sc.xlog1py(m - k, -t) for k in x))
    if family == "gamma-exponential":
        return n * math.log(t) - t * sum(x)
    if family == "gamma-poisson":
        return float(sc.xlogy(sum(x), t) - n * t - sum(sc.gammaln(v + 1) for v in x))
    if family == "normal-normal":
        s2 = float(prior[2])
        return -n / 2 * math.log(2 * math.pi * s2) - sum((v - t) ** 2 for v in x) / (2 * s2)
    if family == "gamma-normal-precision":
        mu = float(prior[2])
        return n / 2 * math.log(t / (2 * math.pi)) - t * sum((v - mu) ** 2 for v in x) / 2
    if family == "exp-normal-variance":
        mu = float(prior[1])
        return -n / 2 * math.log(2 * math.pi * t) - sum((v - mu) ** 2 for v in x) / (2 * t)
    mu = float(prior[2])  # gamma-laplace, θ = 1/s
    return n * math.log(t / 2) - t * sum(abs(v - mu) for v in x)


def log_likelihood_arb(family: str, prior: Sequence, theta, data: Sequence):
    """Certified log p_θ(x) (exact records and constants, θ exact or an arb ball)."""
    from flint import arb

    _check(family, prior)
    x = [to_arb(v) for v in data]
    n = len(x)
    zero = arb(0)
    if family == "dirichlet-categorical":
        return sum((to_arb(theta[int(v)]).log() for v in data), zero)
    t = to_arb(theta)
    if family == "beta-bernoulli":
        s = int(sum(data))
        out = zero
        if s:
            out += s * t.log()
        if n - s:
            out += (n - s) * (1 - t).log()
        return out
    if family == "beta-binomial":
        m = to_arb(prior[2])
        out = zero
        for k, kk in zip(x, data):
            out += (m + 1).lgamma() - (k + 1).lgamma() - (m - k + 1).lgamma()
            if kk:
                out += k * t.log()
            if kk != prior[2]:
                out += (m - k) * (1 - t).log()
        return out
    if family == "gamma-exponential":
        return n * t.log() - t * sum(x, zero)
    if family == "gamma-poisson":
        s = sum(x, zero)
        return (s * t.log() if sum(data) else zero) - n * t - sum(((v + 1).lgamma() for v in x), zero)
    if family == "normal-normal":
        s2 = to_arb(prior[2])
        return -n * (2 * _pi() * s2).log() / 2 - sum(((v - t) ** 2 for v in x), zero) / (2 * s2)
    if family == "gamma-normal-precision":
        mu = to_arb(prior[2])
        return n * (t / (2 * _pi())).log() / 2 - t * sum(((v - mu) ** 2 for v in x), zero) / 2
    if family == "exp-normal-variance":
        mu = to_arb(prior[1])
        return -n * (2 * _pi() * t).log() / 2 - sum(((v - mu) ** 2 for v in x), zero) / (2 * t)
    mu = to_arb(prior[2])
    return n * (t / 2).log() - t * sum((abs(v - mu) for v in x), zero)


# ----------------------------------------------------------------------------- marginals
def log_marginal(family: str, prior: Sequence, data: Sequence) -> float:
    """log φ(x) = log ∫ p_θ(x) dξ(θ), the evidence of the whole data set (float)."""
    _check(family, prior)
    x = [float(v) for v in data]
    n = len(x)
    pr = [float(v) for v in prior]
    if family == "beta-bernoulli":
        a, b = pr
        s = sum(x)
        return float(sc.betaln(a + s, b + n - s) - sc.betaln(a, b))
    if family == "beta-binomial":
        a, b, m = pr
        s = sum(x)
        binoms = sum(sc.gammaln(m + 1) - sc.gammaln(k + 1) - sc.gammaln(m - k + 1) for k in x)
        return float(binoms + sc.betaln(a + s, b + n * m - s) - sc.betaln(a, b))
    if family in ("gamma-exponential", "gamma-poisson", "gamma-normal-precision", "gamma-laplace"):
        k, r = pr[:2]
        k2, r2 = (float(v) for v in posterior(family, pr, x)[1])
        const = {"gamma-exponential": 0.0,
                 "gamma-poisson": -sum(float(sc.gammaln(v + 1)) for v in x),
                 "gamma-normal-precision": -n / 2 * math.log(2 * math.pi),
                 "gamma-laplace": -n * math.log(2)}[family]
        return float(const + k * math.log(r) - k2 * math.log(r2) + sc.gammaln(k2) - sc.gammaln(k))
    if family == "normal-normal":
        m0, v0, s2 = pr
        d = np.asarray(x) - m0
        shrink = v0 / (s2 + n * v0)
        quad = (np.sum(d**2) - shrink * np.sum(d) ** 2) / s2
        return float(-n / 2 * math.log(2 * math.pi * s2) - 0.5 * math.log1p(n * v0 / s2) - quad / 2)
    if family == "exp-normal-variance":
        lam, mu = pr
        p, a, b = (float(v) for v in posterior(family, pr, x)[1])
        return math.log(lam) - n / 2 * math.log(2 * math.pi) + log_gig_normaliser(p, a, b)
    al = np.asarray(pr)
    post = np.asarray(posterior(family, pr, [int(v) for v in x])[1], float)
    return float(sc.gammaln(al.sum()) - sc.gammaln(post.sum()) + np.sum(sc.gammaln(post) - sc.gammaln(al)))


def log_marginal_arb(family: str, prior: Sequence, data: Sequence):
    """Certified log φ(x) for exact prior parameters and records."""
    from flint import arb

    from mechanisms.numerics.exact import to_fraction

    _check(family, prior)
    prq = [to_fraction(v, "prior") for v in prior]
    xq = [to_fraction(v, "record") for v in data]
    n = len(xq)
    pr = [to_arb(v) for v in prq]
    x = [to_arb(v) for v in xq]
    zero = arb(0)

    def lbeta(a, b):
        return a.lgamma() + b.lgamma() - (a + b).lgamma()

    kind, post = posterior(family, prq, xq)
    post = [to_arb(v) for v in post]
    if family == "beta-bernoulli":
        return lbeta(*post) - lbeta(*pr)
    if family == "beta-binomial":
        m = pr[2]
        binoms = sum(((m + 1).lgamma() - (k + 1).lgamma() - (m - k + 1).lgamma() for k in x), zero)
        return binoms + lbeta(*post) - lbeta(pr[0], pr[1])
    if family in ("gamma-exponential", "gamma-poisson", "gamma-normal-precision", "gamma-laplace"):
        k, r = pr[:2]
        k2, r2 = post
        const = {"gamma-exponential": zero,
                 "gamma-poisson": -sum(((v + 1).lgamma() for v in x), zero),
                 "gamma-normal-precision": -n * (2 * _pi()).log() / 2,
                 "gamma-laplace": -n * arb(2).log()}[family]
        return const + k * r.log() - k2 * r2.log() + k2.lgamma() - k.lgamma()
    if family == "normal-normal":
        m0, v0, s2 = pr
        d = [v - m0 for v in x]
        shrink = v0 / (s2 + n * v0)
        quad = (sum((t * t for t in d), zero) - shrink * sum(d, zero) ** 2) / s2
        return -n * (2 * _pi() * s2).log() / 2 - (1 + n * v0 / s2).log() / 2 - quad / 2
    if family == "exp-normal-variance":
        lam = pr[0]
        return lam.log() - n * (2 * _pi()).log() / 2 + log_gig_normaliser_arb(*post)
    total = sum(pr[1:], pr[0])
    total2 = sum(post[1:], post[0])
    return total.lgamma() - total2.lgamma() + sum((b.lgamma() - a.lgamma() for a, b in zip(pr, post)), zero)


def posterior_float(family: str, prior: Sequence, data: Sequence) -> tuple:
    """:func:`posterior` with every prior parameter and record read as a float."""
    kind, params = posterior(family, [float(p) for p in prior], [float(x) for x in data])
    return kind, tuple(float(p) for p in params)
