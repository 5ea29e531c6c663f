"""Integrals over the sphere S^{p−1} reduced to one dimension, and the VMF quantities they give by quadrature.

Write y = cos φ · x + sin φ · u with u on the sphere S^{p−2} ⟂ x. An integrand e^{A xᵀy + b eᵀy}, e ⟂ x, then
integrates over u exactly (to area(S^{p−2}) ₀F₁(; (p−1)/2; (b sin φ)²/4), an entire function of φ), leaving

    ∫_0^π e^{A cos φ} sin^{p−2}φ ₀F₁(; (p−1)/2; (b sin φ)²/4) dφ.

Float: :func:`mechanisms.numerics.quadrature.float_log_integral`; certified: ``acb.integral`` on a rational window plus
rigorous interval bounds of the two tails (:func:`mechanisms.numerics.quadrature.certified_log_integral`). Every
integrand here is entire (exp, cos, sin, integer powers, ₀F₁), so ``acb.integral`` needs no branch cuts.
These are the quadrature routes to the VMF normaliser (the mean resultant length's is
:func:`mechanisms.continuous.vmf_renyi.vmf_mean_resultant_length_quadrature`), independent of the Bessel
closed forms in :mod:`mechanisms.continuous.vmf_moments`.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.continuous import vmf  # noqa: F401  (registers log_sphere_area)
from mechanisms.numerics.checks import check_dimension
from mechanisms.numerics.context import formula, fp
from mechanisms.numerics.exact import to_arb
from mechanisms.numerics.quadrature import certified_log_integral, float_log_integral
from flint import arb

__all__ = ["log_sphere_integral", "log_sphere_integral_arb", "log_vmf_normaliser_quadrature",
           "vmf_sphere_integrand"]


def _lf_vmf(p, A, b):
    """Vectorised log of e^{A cos φ} sin^{p−2}φ ₀F₁(; (p−1)/2; (b sin φ)²/4) on [0, π]."""
    q = p - 2

    def lf(phi):
        phi = np.asarray(phi, float)
        s = np.sin(phi)
        out = A * np.cos(phi)
        if q:
            with np.errstate(divide="ignore"):
                out = out + q * np.log(np.abs(s))
        if b != 0:
            # log M_{p−1}(|b sin φ|), the Bessel form everywhere (fast; what an integrand needs)
            out = out + fp.log_normalised_bessel_i((p - 3) / 2, np.abs(b * s), fast=True)
        return out

    return lf


def _f_vmf_acb(p, A, b):
    """The same integrand, shifted by e^{−M}, for acb (integration) and arb (tail bounds)."""
    q = p - 2
    Aa, ba = to_arb(A), to_arb(b)
    half = arb(p - 1) / 2
    b_zero = isinstance(b, (int, Fraction)) and b == 0

    def build(M):
        def f(x, analytic):
            s = x.sin()
            val = (Aa * x.cos() - M).exp()
            if q:
                val = val * s ** q
            if not b_zero:
                z = (ba * s) ** 2 / 4
                val = val * z.hypgeom_0f1(half)
            return val
        return f

    return build


_PI = math.pi


def log_sphere_integral(p, A, b):
    """log ∫_0^π e^{A cos φ} sin^{p−2}φ ₀F₁(; (p−1)/2; (b sin φ)²/4) dφ, float quadrature (A, b real, b ≥ 0).

    With y = cos φ · x + sin φ · u (u on the sphere S^{p−2} ⟂ x) this is ∫_{S^{p−1}} e^{A xᵀy + b eᵀy} dy
    divided by area(S^{p−2}), e ⟂ x a unit vector: the integral over u done exactly. b = 0 gives the
    normalising integral of VMF(x, A) up to the same area."""
    return float_log_integral(_lf_vmf(p, A, b), 0.0, _PI)


def log_sphere_integral_arb(p, A, b):
    """Certified twin of :func:`log_sphere_integral`: A exact, b exact or an arb ball."""
    A_f = float(A) if not isinstance(A, arb) else float(A.mid())
    b_f = float(b) if not isinstance(b, arb) else float(b.mid())
    return certified_log_integral(_f_vmf_acb(p, A, b), _lf_vmf(p, A_f, b_f), 0.0, _PI, 0, arb.pi())



def vmf_sphere_integrand(I, phi, kappa, q):
    """e^{κ cos φ} sin^q φ, written once over the integrand's operations I (ctx.integral): the integrand of
    ∫_0^π e^{κ cos φ} sin^{p−2}φ dφ, q = p − 2 (entire in φ: acb.integral needs no branch cut)."""
    return I.exp(kappa * I.cos(phi)) * I.nonneg(I.sin(phi)) ** q


@formula(name="vmf_log_normaliser_quadrature", args={"p": "integer", "kappa": "scalar"}, domain="p ≥ 2, κ ≥ 0")
def log_vmf_normaliser_quadrature(ctx, p, kappa):
    """log C_{p,κ} = log ∫_{S^{p−1}} e^{κ x·y} dy = log area(S^{p−2}) + log ∫_0^π e^{κ cos φ} sin^{p−2}φ dφ.

    The second method for the Bessel closed form (quadrature in φ, no Bessel function): ``ctx.integral`` —
    Gauss–Legendre in floats, ``acb.integral`` with interval tail bounds on the certified context."""
    fname = "vmf_log_normaliser_quadrature"
    p = check_dimension(p, fname)
    kappa = ctx.real(kappa, "kappa", fname, lo=0)
    q = p - 2
    inner = ctx.integral(lambda I, x, k: vmf_sphere_integrand(I, x, k, q), 0, ctx.pi(), args=(kappa,), log=True)
    return ctx.log_sphere_area(p - 1) + inner
