"""The exact (ε, δ) curve of the VMF mechanism: the hockey-stick divergence between VMFs at antipodal centres.

δ(ε) = ∫ (f_x − e^ε f_{−x})_+ dy. The privacy loss at y is 2κ t, t = xᵀy, so with y = cos φ · x + sin φ · u
    δ(ε) = ∫_{t > ε/(2κ)} (e^{κt} − e^{ε−κt}) w(t) dt / ∫ e^{κt} w(t) dt,  w(t) dt = sin^{p−2}φ dφ,
and δ(ε) = 0 for ε ≥ 2κ. Float: Gauss–Legendre on the window; certified: ``acb.integral`` plus interval tail
bounds (:mod:`mechanisms.numerics.quadrature`). The two are different algorithms (no closed form to write once over the
numeric context), so they stay a pair of routes: the quadrature is the method here, checked against the Monte
Carlo route and the RDP bound of :mod:`mechanisms.accounting.vmf_accounting`.
Bad input (p < 2, κ < 0, ε < 0) raises InvalidInput before any work.
"""
from __future__ import annotations

import math

import numpy as np

from mechanisms.numerics.checks import check_dimension, check_kappa, check_nonneg
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.numerics.quadrature import certified_log_integral, float_log_integral
from mechanisms.continuous.vmf_sphere_quadrature import log_sphere_integral, log_sphere_integral_arb

__all__ = ["vmf_hockey_stick_antipodal", "vmf_hockey_stick_antipodal_arb"]


def _lf_excess_mass(p, kappa, eps):
    """Vectorised log of e^{κt}(1 − e^{ε − 2κt}) sin^{p−2}φ, t = cos φ, on [0, φ₀] (float κ, ε)."""
    q = p - 2

    def lf(phi):
        phi = np.asarray(phi, float)
        ct = np.cos(phi)
        with np.errstate(divide="ignore", invalid="ignore"):
            # e^{κt}(1 − e^{ε − 2κt}) = e^{κt} · (−expm1(ε − 2κt))
            out = kappa * ct + np.log(-np.expm1(np.minimum(eps - 2 * kappa * ct, 0.0)))
            if q:
                out = out + q * np.log(np.abs(np.sin(phi)))
        return out

    return lf


def vmf_hockey_stick_antipodal(p, kappa, eps):
    """Exact δ(ε) = ∫ (f_x − e^ε f_{−x})_+ for VMF centres x, −x (loss 2κ t): float quadrature.

    = ∫_{t > ε/(2κ)} (e^{κt} − e^{ε−κt}) w(t) dt / ∫ e^{κt} w(t) dt, w(t)dt = sin^{p−2}φ dφ; 0 when ε ≥ 2κ.
    """
    fname = "vmf_hockey_stick_antipodal"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    eps = float(check_nonneg(eps, "eps", fname))
    if kappa == 0 or eps >= 2 * kappa:
        return 0.0
    phi0 = math.acos(eps / (2 * kappa))
    num = float_log_integral(_lf_excess_mass(p, kappa, eps), 0.0, phi0)
    den = log_sphere_integral(p, kappa, 0.0)
    return math.exp(num - den)


def vmf_hockey_stick_antipodal_arb(p, kappa, eps):
    """Certified δ(ε) of the antipodal VMF pair by ``acb.integral`` in φ (exact κ, ε): the certified method of the pair
    (the float one, :func:`vmf_hockey_stick_antipodal`, integrates in floats)."""
    from flint import arb

    fname = "vmf_hockey_stick_antipodal_arb"
    p = check_dimension(p, fname)
    kappa = to_fraction(check_kappa(kappa, fname))
    eps = to_fraction(check_nonneg(eps, "eps", fname))
    if kappa == 0 or eps >= 2 * kappa:
        return arb(0)
    ka, ea = to_arb(kappa), to_arb(eps)
    t0 = eps / (2 * kappa)
    phi0 = to_arb(t0).acos()
    q = p - 2

    def build(M):
        def f(x, analytic):
            ct = x.cos()
            val = (ka * ct - M).exp() - (ea - ka * ct - M).exp()
            return val * x.sin() ** q if q else val
        return f

    phi0_f = math.acos(float(t0))
    lnum = certified_log_integral(build, _lf_excess_mass(p, float(kappa), float(eps)), 0.0, phi0_f, 0, phi0)
    den = log_sphere_integral_arb(p, kappa, 0)
    return (lnum - den).exp()
