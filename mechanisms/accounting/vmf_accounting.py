"""(ε, δ) of the VMF mechanism from its Rényi DP (seed 003, Section III-B): Eq. (8) with Proposition 1's τ_α,
its derivative in α and the optimal order α*.

* δ_α = e^{(α−1)(τ_α−ε)} (1 − 1/α)^α / (α − 1) (Eq. 8, the improved RDP → (ε, δ) conversion of
  :mod:`mechanisms.accounting.rdp_conversion`) with τ_α of Proposition 1 (:func:`mechanisms.continuous.vmf_renyi.vmf_rdp`).
* log δ_α is convex in α, with derivative g(α) = −ε + 2κ A_p(J) + log(1 − 1/α), J = (2α−1)κ (the text's
  stationarity equation); g is increasing with limit 2κ − ε, so inf_α δ_α is attained at the root α* of g
  iff ε < 2κ, and is 0 (approached as α → ∞) otherwise.

log δ_α and g are formulas over the numeric context (``fp.vmf_log_delta_alpha``, ``certified.vmf_stationarity``,
...); the derivative by quadrature is a second method (one formula over ``ctx.integral``), and inf_α δ_α has
two algorithms: a Brent root in floats, a certified bracket of α* and an enclosure over it (``vmf_min_log_delta_arb``).
Bad input (p < 2, κ < 0, α ≤ 1, ε < 0) raises InvalidInput before any work.
"""
from __future__ import annotations

import math
from fractions import Fraction

from mechanisms.continuous import vmf_renyi  # noqa: F401  (registers vmf_rdp_cgf, vmf_mean_resultant_length_quadrature)
from mechanisms.numerics.checks import check_dimension, check_kappa, check_nonneg
from mechanisms.numerics.context import certified, formula, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import NEG_INF, to_arb, to_fraction
from mechanisms.continuous.vmf_moments import sphere_order

__all__ = [
    "vmf_log_delta_alpha", "vmf_stationarity", "vmf_dlog_delta_quadrature",
    "vmf_alpha_star", "vmf_alpha_star_bracket_arb", "vmf_min_log_delta", "vmf_min_log_delta_arb",
]


def _args(ctx, kappa, eps, alpha, fname):
    return (ctx.real(kappa, "kappa", fname, lo=0), ctx.real(eps, "eps", fname, lo=0),
            ctx.real(alpha, "alpha", fname, lo=1, lo_open=True))


@formula
def vmf_log_delta_alpha(ctx, p, kappa, eps, alpha):
    """log δ_α of Eq. (8) with τ_α of Proposition 1: (α−1)τ_α − (α−1)ε − log(α−1) + α log(1 − 1/α).

    α may be a ball (an enclosure over all its points, as :func:`vmf_min_log_delta_arb` uses).

    −log(α−1) + α log(1 − 1/α) is written as d log d − α log1p(d), d = α − 1 (the same number): near α = 1 the
    printed form cancels two terms of size |log d| and, in floats, loses the digits 1 − 1/α lost (at α* = 1 + 4e−8,
    κ = 10, ε = 1: log δ off by 3%, outside the certified route's enclosure; property_tests/test_route_pairs.py)."""
    fname = "vmf_log_delta_alpha"
    nu = sphere_order(ctx, p, fname)
    kappa, eps, alpha = _args(ctx, kappa, eps, alpha, fname)
    d = alpha - 1
    return ctx.vmf_rdp_cgf(nu, kappa, alpha) - d * eps + d * ctx.log(d) - alpha * ctx.log1p(d)


@formula
def vmf_stationarity(ctx, p, kappa, eps, alpha):
    """The text's g(α) = −ε + 2κ I_{ν+1}((2α−1)κ)/I_ν((2α−1)κ) + log(1 − 1/α) (Bessel ratio)."""
    fname = "vmf_stationarity"
    check_dimension(p, fname)
    kappa, eps, alpha = _args(ctx, kappa, eps, alpha, fname)
    return -eps + 2 * kappa * ctx.vmf_mean_resultant_length(p, (2 * alpha - 1) * kappa) + ctx.log1p(-1 / alpha)


@formula(args={"p": "integer", "kappa": "scalar", "eps": "scalar", "alpha": "scalar"},
         domain="p ≥ 2, κ ≥ 0, ε ≥ 0, α > 1")
def vmf_dlog_delta_quadrature(ctx, p, kappa, eps, alpha):
    """d/dα log δ_α by the other route: d/dα log c_p((2α−1)κ) = 2κ E_J[t] with E_J[t] by quadrature,
    and d/dα[−(α−1)ε − log(α−1) + α log(1−1/α)] = −ε + log(1 − 1/α).

    A second method for :func:`vmf_stationarity` (E_J[t] by ``ctx.vmf_mean_resultant_length_quadrature`` —
    Gauss–Legendre in floats, ``acb.integral`` certified — not the Bessel ratio)."""
    fname = "vmf_dlog_delta_quadrature"
    check_dimension(p, fname)
    kappa, eps, alpha = _args(ctx, kappa, eps, alpha, fname)
    mean_t = ctx.vmf_mean_resultant_length_quadrature(p, (2 * alpha - 1) * kappa)
    return 2 * kappa * mean_t - eps + ctx.log1p(-1 / alpha)


def vmf_alpha_star(p, kappa, eps):
    """The root α* > 1 of g (None when ε ≥ 2κ: g < 0 everywhere, δ_α decreases to 0)."""
    p = check_dimension(p, "vmf_alpha_star")
    kappa = float(check_kappa(kappa, "vmf_alpha_star"))
    eps = float(check_nonneg(eps, "eps", "vmf_alpha_star"))
    if not eps < 2 * kappa:
        return None
    lo = 1 + 1e-12
    if fp.vmf_stationarity(p, kappa, eps, lo) >= 0:
        return lo  # g ≥ 0 on (1, ∞): δ_α is increasing, its infimum is the limit at α → 1
    hi = 2.0
    while fp.vmf_stationarity(p, kappa, eps, hi) <= 0:
        hi *= 2
        if hi > 1e15:
            return None
    return brentq(lambda a: fp.vmf_stationarity(p, kappa, eps, a), lo, hi, xtol=1e-15, rtol=1e-15, maxiter=300)


def vmf_alpha_star_bracket_arb(p, kappa, eps, alpha_float=None):
    """Exact rationals a < b with g(a) < 0 < g(b) certified (so α* ∈ (a, b)); None if none is found."""

    root = vmf_alpha_star(p, float(kappa), float(eps)) if alpha_float is None else alpha_float
    if root is None:
        return None
    r = Fraction(root)
    for rel in (Fraction(1, 10**9), Fraction(1, 10**6), Fraction(1, 10**3), Fraction(1, 20)):
        a = max(r - (r - 1) * rel, Fraction(1) + (r - 1) / 2 ** 40)
        b = r + (r - 1) * rel
        a, b = Fraction(a).limit_denominator(10**15), Fraction(b).limit_denominator(10**15)
        if not (1 < a < b):
            continue
        ga = certified.vmf_stationarity(p, kappa, eps, a)
        gb = certified.vmf_stationarity(p, kappa, eps, b)
        if ga < 0 and gb > 0:
            return a, b
    return None


def vmf_min_log_delta(p, kappa, eps):
    """log inf_{α>1} δ_α (float): log δ_α at the Brent root α* of g; −inf when ε ≥ 2κ (δ_α → 0 as α → ∞).

    Its certified route, :func:`vmf_min_log_delta_arb`, is another algorithm (a certified bracket of α* and an
    enclosure of log δ_α over it), so the two stay a pair of routes."""
    a = vmf_alpha_star(p, kappa, eps)
    if a is None:
        return -math.inf
    if a <= 1 + 1e-12:
        return 0.0  # lim_{α→1} δ_α = 1
    return fp.vmf_log_delta_alpha(p, kappa, eps, a)


def vmf_min_log_delta_arb(p, kappa, eps):
    """Certified enclosure of log inf_α δ_α, or the exact −∞ when ε ≥ 2κ.

    With a < α* < b certified (g(a) < 0 < g(b)) and g increasing (log δ_α convex), inf_α δ_α
    = min over [a, b]: its lower end is the enclosure of log δ_α over the ball [a, b], its upper end
    the value at a point of it."""
    kappa_q, eps_q = to_fraction(kappa), to_fraction(eps)
    if not eps_q < 2 * kappa_q:
        return NEG_INF
    br = vmf_alpha_star_bracket_arb(p, kappa_q, eps_q)
    if br is None:
        raise InvalidInput(f"vmf_min_log_delta_arb: could not bracket alpha* for p={p}, kappa={kappa}, eps={eps}")
    a, b = br
    over = certified.vmf_log_delta_alpha(p, kappa_q, eps_q, to_arb(a).union(to_arb(b)))
    at = to_arb(certified.vmf_log_delta_alpha(p, kappa_q, eps_q, (a + b) / 2))
    return over.lower().union(at.upper())


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# m.vmf_min_log_delta, inf_α log δ_α: log δ_α at the root α* found by Brent's method; a certified bracket of α*
# (signs of g) and the enclosure of log δ_α over it. (The von Mises–Fisher mechanism by quadrature in φ, the second
# method for the Bessel closed forms, is one formula each over ctx.integral, the integrand written once:
# m.vmf_renyi_divergence_quadrature, m.vmf_kl_quadrature, m.vmf_mean_resultant_length_quadrature,
# m.vmf_dlog_delta_quadrature, m.vmf_subsampled_kl_quadrature — Gauss–Legendre on floats, acb.integral with interval
# tail bounds — and so is the exact (ε, δ) curve of the antipodal VMF pair, m.vmf_hockey_stick_antipodal.)
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
from scipy.optimize import brentq

route("vmf_min_log_delta", vmf_min_log_delta, vmf_min_log_delta_arb)
