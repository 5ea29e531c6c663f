"""The exact (ε, δ) curve of the VMF mechanism: the hockey-stick divergence between VMFs at antipodal centres.

δ(ε) = ∫ (f_x − e^ε f_{−x})_+ dy. The privacy loss at y is 2κ t, t = xᵀy, so with y = cos φ · x + sin φ · u
    δ(ε) = ∫_{t > ε/(2κ)} (e^{κt} − e^{ε−κt}) w(t) dt / ∫ e^{κt} w(t) dt,  w(t) dt = sin^{p−2}φ dφ,
and δ(ε) = 0 for ε ≥ 2κ. One formula over ``ctx.integral``, the integrand written once: Gauss–Legendre on the
window in floats; ``acb.integral`` plus interval tail bounds certified (:mod:`mechanisms.numerics.quadrature`). The
quadrature is the method here (no closed form), checked against the Monte Carlo route and the RDP bound of
:mod:`mechanisms.accounting.vmf_accounting`.
Bad input (p < 2, κ < 0, ε < 0) raises InvalidInput before any work.
"""
from __future__ import annotations

from mechanisms.numerics.checks import check_dimension
from mechanisms.numerics.context import formula
from mechanisms.continuous.vmf_sphere_quadrature import vmf_sphere_integrand

__all__ = ["vmf_hockey_stick_antipodal"]


def _excess_mass_integrand(I, phi, kappa, eps, q):
    """e^{κt}(1 − e^{ε − 2κt}) sin^q φ, t = cos φ (= e^{κt}·(−expm1(ε − 2κt)), no cancellation): the integrand of
    C_{p,κ}·∫(f_x − e^ε f_{−x}) over the sphere, ≥ 0 on [0, φ₀] (ctx.integral; entire in φ)."""
    t = I.cos(phi)
    return I.exp(kappa * t) * I.nonneg(-I.expm1(eps - 2 * kappa * t)) * I.nonneg(I.sin(phi)) ** q


@formula(args={"p": "integer", "kappa": "scalar", "eps": "scalar"}, domain="p ≥ 2, κ ≥ 0, ε ≥ 0")
def vmf_hockey_stick_antipodal(ctx, p, kappa, eps):
    """Exact δ(ε) = ∫ (f_x − e^ε f_{−x})_+ for VMF centres x, −x (loss 2κ t), by quadrature in φ:
    ∫_0^{φ₀} e^{κt}(1 − e^{ε−2κt}) sin^{p−2}φ dφ / ∫_0^π e^{κt} sin^{p−2}φ dφ, t = cos φ, φ₀ = arccos(ε/(2κ));
    0 when ε ≥ 2κ. One formula over ``ctx.integral``: Gauss–Legendre in floats, ``acb.integral`` with interval
    tail bounds certified (the end φ₀ an arb ball; on boxes, see BoxContext.integral)."""
    fname = "vmf_hockey_stick_antipodal"
    p = check_dimension(p, fname)
    kappa = ctx.real(kappa, "kappa", fname, lo=0)
    eps = ctx.real(eps, "eps", fname, lo=0)
    if ctx.is_zero(kappa) or ctx.ge(eps, 2 * kappa):
        return ctx.exact(0)
    t0 = eps / (2 * kappa)
    phi0 = 2 * ctx.atan(ctx.sqrt((1 - t0) / (1 + t0)))  # arccos t0, t0 ∈ [0, 1)
    q = p - 2
    num = ctx.integral(lambda I, x, k, e: _excess_mass_integrand(I, x, k, e, q), 0, phi0, args=(kappa, eps), log=True)
    den = ctx.integral(lambda I, x, k: vmf_sphere_integrand(I, x, k, q), 0, ctx.pi(), args=(kappa,), log=True)
    return ctx.exp(num - den)
