"""The planar Laplace mechanism of geo-indistinguishability (Andrés, Bordenabe, Chatzikokolakis, Palamidessi,
*Geo-indistinguishability: differential privacy for location-based systems*, CCS 2013).

A location x₀ ∈ R² is reported as z with density D_ε(x₀)(z) = ε²/(2π) e^{−ε d(x₀, z)}, d Euclidean. It is
ε·d-private: log D_ε(x)(z) − log D_ε(x')(z) = ε (d(x', z) − d(x, z)) ≤ ε d(x, x') by the triangle inequality.
In polar coordinates about x₀ the angle is uniform and the radius has the Gamma(2, 1/ε) law:

    C_ε(r) = 1 − (1 + εr) e^{−εr},    C_ε⁻¹(p) = −(W₋₁((p − 1)/e) + 1)/ε,

W₋₁ the lower branch of Lambert's W (Andrés et al., Section 4.1), so z = x₀ + C_ε⁻¹(v)(cos 2πu, sin 2πu)
for independent uniforms u, v samples the mechanism.

Each is one formula over the numeric context. The inverse is found in floats (scipy's W₋₁) and certified on
the context: (1 + t)e^{−t} decreases on t ≥ 0, so t = εr lies between two exact points where the CDF is
certainly below and above p; the result is their hull (an exact 0 at p = 0).
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import formula
from mechanisms.numerics.exact import Undecided
from scipy.special import lambertw

__all__ = ["planar_laplace_density", "planar_laplace_log_ratio", "planar_laplace_radial_cdf",
           "planar_laplace_radius", "planar_laplace_sample"]

_BRACKETS = (2.0 ** -44, 2.0 ** -30, 2.0 ** -16, 2.0 ** -6)  # relative half-widths tried around the float root


def _eps(ctx, eps, fname):
    return ctx.real(eps, "eps", fname, lo=0, lo_open=True)


def _point(ctx, x, name, fname):
    v = ctx.real(x, name, fname)
    if not isinstance(v, np.ndarray) or v.shape != (2,):
        raise InvalidInput(f"{fname}: {name} must be a point of the plane (two coordinates), got {name}={x!r}")
    return v


def _distance(ctx, a, b):
    d = a - b
    return ctx.sqrt(d[0] * d[0] + d[1] * d[1])


@formula(args={"eps": "scalar", "x0": "point", "z": "point"}, domain="eps > 0")
def planar_laplace_density(ctx, eps, x0, z):
    """D_ε(x₀)(z) = ε²/(2π) e^{−ε d(x₀, z)}, the density of the report z of the location x₀."""
    fname = "planar_laplace_density"
    e = _eps(ctx, eps, fname)
    r = _distance(ctx, _point(ctx, z, "z", fname), _point(ctx, x0, "x0", fname))
    return e * e / (2 * ctx.pi()) * ctx.exp(-e * r)


@formula(args={"eps": "scalar", "x": "point", "x_prime": "point", "z": "point"}, domain="eps > 0")
def planar_laplace_log_ratio(ctx, eps, x, x_prime, z):
    """log D_ε(x)(z) − log D_ε(x')(z) = ε (d(x', z) − d(x, z)), the privacy loss at z (≤ ε d(x, x'))."""
    fname = "planar_laplace_log_ratio"
    e = _eps(ctx, eps, fname)
    p, p2, q = (_point(ctx, v, n, fname) for v, n in ((x, "x"), (x_prime, "x_prime"), (z, "z")))
    return e * (_distance(ctx, p2, q) - _distance(ctx, p, q))


_SERIES_BELOW = Fraction(1, 4)  # t up to which 1 − (1 + t)e^{−t} is summed as a series
_SERIES_TERMS = 24


def _cdf_of_t(ctx, t):
    """1 − (1 + t)e^{−t}: as −expm1(−t) − t e^{−t} (no cancellation against 1) for t > 1/4; below, where those
    two terms cancel to t²/2 (all digits lost at t = 10⁻¹⁵⁰), as e^{−t} t² Σ_{k≥0} t^k/(k + 2)!, the tail after
    24 terms enclosed by [0, 2t^{25}/27!] (t ≤ 1/4)."""
    if not ctx.certainly_le(t, ctx.exact(_SERIES_BELOW)):
        return -ctx.expm1(-t) - t * ctx.exp(-t)
    total, power = ctx.exact(Fraction(0)), ctx.exact(Fraction(1))
    for k in range(_SERIES_TERMS + 1):
        total = total + power * ctx.exact(Fraction(1, math.factorial(k + 2)))
        power = power * t
    total = total + ctx.hull(ctx.exact(Fraction(0)), power * ctx.exact(Fraction(2, math.factorial(_SERIES_TERMS + 3))))
    return ctx.exp(-t) * t * t * total


@formula(args={"eps": "scalar", "r": "scalar"}, domain="eps > 0, r >= 0")
def planar_laplace_radial_cdf(ctx, eps, r):
    """C_ε(r) = P(d(x₀, z) ≤ r) = 1 − (1 + εr) e^{−εr}."""
    fname = "planar_laplace_radial_cdf"
    e = _eps(ctx, eps, fname)
    return _cdf_of_t(ctx, e * ctx.real(r, "r", fname, lo=0))


@formula(args={"eps": "scalar", "p": "scalar"}, domain="eps > 0, 0 <= p < 1")
def planar_laplace_radius(ctx, eps, p):
    """C_ε⁻¹(p) = −(W₋₁((p − 1)/e) + 1)/ε, the radius below which the report falls with probability p."""
    fname = "planar_laplace_radius"
    e = _eps(ctx, eps, fname)
    prob = ctx.real(p, "p", fname, lo=0, hi=1, hi_open=True)
    if ctx.is_zero(prob):
        return ctx.exact(0) / e
    pf = ctx.guess(prob)
    # near p = 0 the argument of W₋₁ is at its branch point −1/e, where floats lose it: C_ε ≈ t²/2 − t³/3 there
    guess = float(-lambertw((pf - 1) / np.e, -1).real - 1) if pf > 1e-8 else (2 * pf) ** 0.5 * (1 + (2 * pf) ** 0.5 / 3)
    for h in _BRACKETS:
        lo, hi = ctx.exact_from_guess(guess * (1 - h)), ctx.exact_from_guess(guess * (1 + h))
        below = ctx.accurate(lambda: _cdf_of_t(ctx, lo))  # −expm1(−t) − t e^{−t} cancels for small t
        above = ctx.accurate(lambda: _cdf_of_t(ctx, hi))
        if ctx.certainly_le(below, prob) and ctx.certainly_le(prob, above):
            return ctx.hull(lo, hi) / e
    raise Undecided(f"{fname}: the root of the radial CDF at p={prob} was not bracketed")


@formula(args={"eps": "scalar", "x0": "point", "u": "scalar", "v": "scalar"},
         domain="eps > 0, 0 <= u <= 1, 0 <= v < 1")
def planar_laplace_sample(ctx, eps, x0, u, v):
    """The report x₀ + C_ε⁻¹(v)(cos 2πu, sin 2πu) for uniforms u, v: a sample of the mechanism at x₀."""
    fname = "planar_laplace_sample"
    centre = _point(ctx, x0, "x0", fname)
    theta = 2 * ctx.pi() * ctx.real(u, "u", fname, lo=0, hi=1)
    r = ctx.planar_laplace_radius(eps, v)
    return centre + np.array([r * ctx.cos(theta), r * ctx.sin(theta)], dtype=centre.dtype)
