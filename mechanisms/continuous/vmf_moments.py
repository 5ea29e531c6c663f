"""The VMF normalising function and mean resultant length in closed form (seed 003, Definition 4).

On S^{p−1} with surface measure, ν = p/2 − 1, write c_p(s) = ∫_{S^{p−1}} e^{s μᵀy} dy = (2π)^{p/2} I_ν(s)/s^ν and
the normalised moment generating function

    M_p(s) = c_p(s)/area(S^{p−1}) = Γ(ν+1)(2/s)^ν I_ν(s) = ₀F₁(; p/2; s²/4),

whose logarithmic derivative is the mean resultant length A_p(s) = I_{ν+1}(s)/I_ν(s) = E[μᵀy] under VMF(μ, s).
Formulas over the numeric context (:mod:`mechanisms.numerics.context`): M_p is the context's normalised Bessel function
``ctx.log_normalised_bessel_i`` (float: the ₀F₁ series where the Bessel form cancels, else the Debye/series
log I_ν; certified: arb's Bessel function). The quadrature routes to the same quantities are in
:mod:`mechanisms.continuous.vmf_sphere_quadrature`.
"""
from __future__ import annotations

from fractions import Fraction

from mechanisms.numerics.checks import check_dimension
from mechanisms.numerics.context import formula

__all__ = ["sphere_order", "log_vmf_mgf", "vmf_mean_resultant_length"]


def sphere_order(ctx, p, fname, minimum=2):
    """ν = p/2 − 1 for the sphere S^{p−1}, p an integer ≥ minimum (exact on the certified context)."""
    p = check_dimension(p, fname, minimum=minimum)
    return ctx.exact(Fraction(p, 2)) - 1


@formula
def log_vmf_mgf(ctx, p, s):
    """log M_p(s) = log ₀F₁(; p/2; s²/4) = log Γ(ν+1) + ν log(2/s) + log I_ν(s); M_p(0) = 1 (exactly 0 on the
    certified context). p ≥ 1 (p = 1 is log cosh s); s ≥ 0, vectorised over s on the float context."""
    fname = "log_vmf_mgf"
    nu = sphere_order(ctx, p, fname, minimum=1)
    s = ctx.real(s, "s", fname, lo=0)
    return ctx.log_normalised_bessel_i(nu, s)


@formula
def vmf_mean_resultant_length(ctx, p, s):
    """A_p(s) = I_{ν+1}(s)/I_ν(s) = (d/ds) log M_p(s) = E[μᵀy] under VMF(μ, s); 0 at s = 0."""
    fname = "vmf_mean_resultant_length"
    nu = sphere_order(ctx, p, fname)
    s = ctx.real(s, "s", fname, lo=0)
    if ctx.is_zero(s):
        return ctx.exact(0)
    log_i = ctx.log_bessel_i(ctx.vector([nu + 1, nu]), s)  # one vectorised call on the float context
    return ctx.exp(log_i[0] - log_i[1])
