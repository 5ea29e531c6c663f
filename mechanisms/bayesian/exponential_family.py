"""The exponential-family form of the likelihoods of paper 001 (§5): p_θ(x) = h(x) exp{η_θ T(x) − A(η_θ)}.

Under the absolute log-ratio distance the log-partition A cancels:

    d(p_θ(x), p_θ(y)) = |log h(x)/h(y) + η_θ (T(x) − T(y))|,

and when h is constant and T scalar, L(θ) = |η_θ| · sup_{x≠y} |T(x) − T(y)|/ρ(x, y), a supremum that does
not depend on θ (``statistic_slope``).

==================  ======================  =================  ==============  ===========================
family              θ (known constant)      η_θ                T(x)            log h(x)
==================  ======================  =================  ==============  ===========================
bernoulli           success probability     logit θ            x               0
binomial            success prob. (m)       logit θ            x               log C(m, x)
poisson             rate                    log θ              x               −log x!
exponential         rate                    −θ                 x               0
laplace             1/s (location μ)        −θ                 |x − μ|         0
normal-precision    1/σ² (mean μ)           −θ/2               (x − μ)²        0
normal-variance     σ² (mean μ)             −1/(2θ)            (x − μ)²        0
==================  ======================  =================  ==============  ===========================

(the constant −½ log 2π of the normal base measure is dropped: h constant is what matters.)

η_θ, log h, the distance and the slope are formulas over the numeric context (``fp.natural_parameter(...)``,
``certified.exponential_family_distance(...)``, ``box....`` over a box of θ).
"""
from __future__ import annotations

import math
from fractions import Fraction

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import formula

__all__ = ["FAMILIES", "natural_parameter", "sufficient_statistic", "log_base_measure", "exponential_family_distance",
           "constant_base_measure", "statistic_slope"]

FAMILIES = ("bernoulli", "binomial", "poisson", "exponential", "laplace", "normal-precision", "normal-variance")


def _check(family):
    if family not in FAMILIES:
        raise InvalidInput(f"unknown exponential family {family!r}; one of {', '.join(FAMILIES)}")


def constant_base_measure(family: str) -> bool:
    _check(family)
    return family not in ("binomial", "poisson")


@formula
def natural_parameter(ctx, family: str, theta):
    """η_θ of the module table: exact where it is rational in θ, a logarithm otherwise."""
    fname = "natural_parameter"
    _check(family)
    if family in ("bernoulli", "binomial"):
        t = ctx.real(theta, "theta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
        return ctx.log(t / (1 - t))
    t = ctx.real(theta, "theta", fname, lo=0, lo_open=True)
    if family == "poisson":
        return ctx.log(t)
    if family in ("exponential", "laplace"):
        return -t
    if family == "normal-precision":
        return -t / 2
    return -1 / (2 * t)


def sufficient_statistic(family: str, x, known=None):
    """T(x) (exact for exact x)."""
    _check(family)
    if family == "laplace":
        return abs(x - known)
    if family in ("normal-precision", "normal-variance"):
        return (x - known) ** 2
    return x


@formula
def log_base_measure(ctx, family: str, x, known=None):
    """log h(x): log C(m, x) (binomial, m = known trials), −log x! (poisson), 0 otherwise."""
    _check(family)
    if family == "binomial":
        return ctx.log(ctx.exact(math.comb(int(known), int(x))))
    if family == "poisson":
        return -ctx.log(ctx.exact(math.factorial(int(x))))
    return ctx.exact(0)


@formula
def exponential_family_distance(ctx, family: str, theta, x, y, known=None):
    """|log h(x)/h(y) + η_θ (T(x) − T(y))|, the distance d(p_θ(x), p_θ(y)) with the log-partition cancelled."""
    fname = "exponential_family_distance"
    xv, yv = ctx.real(x, "x", fname), ctx.real(y, "y", fname)
    kv = None if known is None else ctx.real(known, "known", fname)
    dT = sufficient_statistic(family, xv, kv) - sufficient_statistic(family, yv, kv)
    return ctx.abs(ctx.log_base_measure(family, x, known) - ctx.log_base_measure(family, y, known)
                   + ctx.natural_parameter(family, theta) * dT)


@formula
def statistic_slope(ctx, family: str, metric: str, known=None):
    """sup_{x≠y} |T(x) − T(y)|/ρ(x, y) for a family with constant h and scalar T:
    bernoulli & Hamming: 1; exponential & |x − y|: 1; laplace & |x − y|: 1 (| |x−μ| − |y−μ| | ≤ |x − y|,
    equality on one side of μ); normal-* & Lemma 6's ρ = |x² − y²| + 2|x − y|: |x+y−2μ|/(|x+y| + 2) has
    supremum max(1, |μ|) (at x + y = 0 when |μ| ≥ 1, as |x + y| → ∞ otherwise)."""
    if not constant_base_measure(family):
        raise InvalidInput(f"statistic_slope: {family} has a non-constant base measure")
    pairs = {("bernoulli", "hamming"), ("exponential", "abs"), ("laplace", "abs"),
             ("normal-precision", "normal-square"), ("normal-variance", "normal-square")}
    if (family, metric) not in pairs:
        raise InvalidInput(f"statistic_slope: no closed form for {family} with metric {metric!r}")
    one = ctx.exact(Fraction(1))
    if family.startswith("normal"):
        return ctx.max(one, ctx.abs(ctx.real(known, "known", "statistic_slope")))
    return one
