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
"""
from __future__ import annotations

import math
from fractions import Fraction

from scipy import special as sc

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb, to_fraction

__all__ = ["FAMILIES", "natural_parameter", "natural_parameter_arb", "sufficient_statistic", "log_base_measure",
           "log_base_measure_arb", "exponential_family_distance", "exponential_family_distance_arb",
           "constant_base_measure", "statistic_slope", "statistic_slope_float"]

FAMILIES = ("bernoulli", "binomial", "poisson", "exponential", "laplace", "normal-precision", "normal-variance")


def _check(family):
    if family not in FAMILIES:
        raise InvalidInput(f"unknown exponential family {family!r}; one of {', '.join(FAMILIES)}")


def constant_base_measure(family: str) -> bool:
    _check(family)
    return family not in ("binomial", "poisson")


def natural_parameter(family: str, theta) -> float:
    _check(family)
    t = float(theta)
    return {"bernoulli": lambda: float(sc.logit(t)), "binomial": lambda: float(sc.logit(t)),
            "poisson": lambda: math.log(t), "exponential": lambda: -t, "laplace": lambda: -t,
            "normal-precision": lambda: -t / 2, "normal-variance": lambda: -1 / (2 * t)}[family]()


def natural_parameter_arb(family: str, theta):
    """η_θ certified: exact (a Fraction) where it is rational, an arb ball where it is a logarithm."""
    _check(family)
    t = to_fraction(theta, "theta")
    if family in ("bernoulli", "binomial"):
        return to_arb(t / (1 - t)).log()
    if family == "poisson":
        return to_arb(t).log()
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


def log_base_measure(family: str, x, known=None) -> float:
    _check(family)
    if family == "binomial":
        m = float(known)
        return float(sc.gammaln(m + 1) - sc.gammaln(float(x) + 1) - sc.gammaln(m - float(x) + 1))
    if family == "poisson":
        return -float(sc.gammaln(float(x) + 1))
    return 0.0


def log_base_measure_arb(family: str, x, known=None):
    _check(family)
    if family == "binomial":
        return to_arb(math.comb(int(known), int(x))).log()
    if family == "poisson":
        return -to_arb(math.factorial(int(x))).log()
    return Fraction(0)


def exponential_family_distance(family: str, theta, x, y, known=None) -> float:
    """|log h(x)/h(y) + η_θ (T(x) − T(y))| (float)."""
    dT = float(sufficient_statistic(family, x, known)) - float(sufficient_statistic(family, y, known))
    return abs(log_base_measure(family, x, known) - log_base_measure(family, y, known)
               + natural_parameter(family, theta) * dT)


def exponential_family_distance_arb(family: str, theta, x, y, known=None):
    xq, yq = to_fraction(x, "x"), to_fraction(y, "y")
    kq = None if known is None else to_fraction(known, "known")
    dT = sufficient_statistic(family, xq, kq) - sufficient_statistic(family, yq, kq)
    val = to_arb(log_base_measure_arb(family, xq, kq)) - to_arb(log_base_measure_arb(family, yq, kq)) \
        + to_arb(natural_parameter_arb(family, theta)) * to_arb(dT)
    return abs(val)


def statistic_slope(family: str, metric: str, known=None):
    """sup_{x≠y} |T(x) − T(y)|/ρ(x, y) for a family with constant h and scalar T (exact):
    bernoulli & Hamming: 1; exponential & |x − y|: 1; laplace & |x − y|: 1 (| |x−μ| − |y−μ| | ≤ |x − y|,
    equality on one side of μ); normal-* & Lemma 6's ρ = |x² − y²| + 2|x − y|: |x+y−2μ|/(|x+y| + 2) has
    supremum max(1, |μ|) (at x + y = 0 when |μ| ≥ 1, as |x + y| → ∞ otherwise)."""
    if not constant_base_measure(family):
        raise InvalidInput(f"statistic_slope: {family} has a non-constant base measure")
    pairs = {("bernoulli", "hamming"), ("exponential", "abs"), ("laplace", "abs"),
             ("normal-precision", "normal-square"), ("normal-variance", "normal-square")}
    if (family, metric) not in pairs:
        raise InvalidInput(f"statistic_slope: no closed form for {family} with metric {metric!r}")
    if family.startswith("normal"):
        return max(Fraction(1), abs(to_fraction(known)))
    return Fraction(1)


def statistic_slope_float(family: str, metric: str, known=None) -> float:
    """Float twin of :func:`statistic_slope`."""
    if family.startswith("normal"):
        statistic_slope(family, metric, 0)  # validates the pair
        return max(1.0, abs(float(known)))
    return float(statistic_slope(family, metric))
