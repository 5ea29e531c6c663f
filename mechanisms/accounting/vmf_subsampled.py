"""KL divergences of the subsampled VMF pair (seed 003, Section III-B): P = (1−γ) f_{−x} + γ f_x against
Q = f_{−x}, by 1-D quadrature of the definition (the loss is a function of t = xᵀy only).

* :func:`vmf_subsampled_kl_quadrature` — KL(P ‖ Q) ("mix||q") or KL(Q ‖ P) ("q||mix"), written with a
  non-negative integrand (r log r − r + 1, resp. r − 1 − log r, r = P/Q).

The Rényi divergences of the pair, both directions, are in :mod:`mechanisms.accounting.vmf_subsampled_composition`.

Float: Gauss–Legendre; certified: ``acb.integral`` plus interval tail bounds (:mod:`mechanisms.numerics.quadrature`): two
quadrature algorithms, kept as a pair of routes (there is no closed form to write once over the numeric context).
Bad input (p < 2, κ < 0, γ ∉ (0, 1], an unknown direction) raises InvalidInput before any work.
"""
from __future__ import annotations

import math

import numpy as np

from mechanisms.numerics.checks import check_dimension, check_kappa, check_probability
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.numerics.quadrature import certified_log_integral, float_log_integral
from mechanisms.continuous.vmf_sphere_quadrature import log_sphere_integral, log_sphere_integral_arb

__all__ = ["vmf_subsampled_kl_quadrature", "vmf_subsampled_kl_quadrature_arb"]


def _check_gamma(gamma, fname):
    return check_probability(gamma, "gamma", fname, lo_open=True, hi_open=False)


def _lf_sub_kl(p, kappa, gamma, direction):
    q = p - 2
    lg, l1g = math.log(gamma), (math.log1p(-gamma) if gamma < 1 else -math.inf)

    def parts(phi):
        ct = np.cos(phi)
        mix = np.logaddexp(l1g, lg + 2 * kappa * ct)  # log of (mixture / f_{−x}) at t
        return ct, mix

    def lf(phi):  # a positive integrand: the KL integrand plus a multiple of the density
        phi = np.asarray(phi, float)
        ct, mix = parts(phi)
        with np.errstate(divide="ignore", invalid="ignore"):
            if direction == "mix||q":  # ∫ q·(r log r − r + 1), r = mix/q ≥ 0 integrand
                r = np.exp(mix)
                g = r * mix - r + 1
            else:  # ∫ q·(−log r + r − 1)
                r = np.exp(mix)
                g = -mix + r - 1
            out = -kappa * ct + np.log(np.maximum(g, 1e-300))
            if q:
                out = out + q * np.log(np.abs(np.sin(phi)))
        return out

    return lf


def vmf_subsampled_kl_quadrature(p, kappa, gamma, direction="mix||q"):
    """KL((1−γ)f_{−x} + γf_x ‖ f_{−x}) (direction "mix||q") or KL(f_{−x} ‖ mixture) ("q||mix"), quadrature.

    Uses ∫ q·(r log r − r + 1) (resp. ∫ q·(r − 1 − log r)), r = mixture/q, whose integrand is ≥ 0.
    """
    fname = "vmf_subsampled_kl_quadrature"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    gamma = float(_check_gamma(gamma, fname))
    if direction not in ("mix||q", "q||mix"):
        raise InvalidInput(f"{fname}: direction must be 'mix||q' or 'q||mix', got direction={direction!r}")
    if kappa == 0:
        return 0.0
    num = float_log_integral(_lf_sub_kl(p, kappa, gamma, direction), 0.0, math.pi)
    den = log_sphere_integral(p, kappa, 0.0)
    return math.exp(num - den)


def vmf_subsampled_kl_quadrature_arb(p, kappa, gamma, direction="mix||q"):
    """Certified KL of the subsampled VMF pair by ``acb.integral`` in φ: the certified method of the pair (the float
    one, :func:`vmf_subsampled_kl_quadrature`, integrates in floats)."""
    from flint import acb, arb

    fname = "vmf_subsampled_kl_quadrature_arb"
    p = check_dimension(p, fname)
    kappa = to_fraction(check_kappa(kappa, fname))
    gamma = to_fraction(_check_gamma(gamma, fname))
    if direction not in ("mix||q", "q||mix"):
        raise InvalidInput(f"{fname}: direction must be 'mix||q' or 'q||mix', got direction={direction!r}")
    if kappa == 0:
        return arb(0)
    ka, ga = to_arb(kappa), to_arb(gamma)
    q = p - 2

    def build(M):
        def f(x, analytic):
            ct = x.cos()
            r = (1 - ga) + ga * (2 * ka * ct).exp()
            lr = r.log(analytic=analytic) if isinstance(r, acb) else r.log()
            g = r * lr - r + 1 if direction == "mix||q" else r - 1 - lr
            val = (-ka * ct - M).exp() * g
            return val * x.sin() ** q if q else val
        return f

    num = certified_log_integral(build, _lf_sub_kl(p, float(kappa), float(gamma), direction), 0.0, math.pi, 0, arb.pi())
    den = log_sphere_integral_arb(p, kappa, 0)
    return (num - den).exp()
