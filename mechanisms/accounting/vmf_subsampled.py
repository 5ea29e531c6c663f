"""KL divergences of the subsampled VMF pair (seed 003, Section III-B): P = (1−γ) f_{−x} + γ f_x against
Q = f_{−x}, by 1-D quadrature of the definition (the loss is a function of t = xᵀy only).

* :func:`vmf_subsampled_kl_quadrature` — KL(P ‖ Q) ("mix||q") or KL(Q ‖ P) ("q||mix"), written with a
  non-negative integrand (r log r − r + 1, resp. r − 1 − log r, r = P/Q).

The Rényi divergences of the pair, both directions, are in :mod:`mechanisms.accounting.vmf_subsampled_composition`.

One formula over ``ctx.integral``, the integrand written once: Gauss–Legendre in floats; ``acb.integral`` plus
interval tail bounds certified (:mod:`mechanisms.numerics.quadrature`).
Bad input (p < 2, κ < 0, γ ∉ (0, 1], an unknown direction) raises InvalidInput before any work.
"""
from __future__ import annotations

from mechanisms.numerics.checks import check_dimension
from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput
from mechanisms.continuous.vmf_sphere_quadrature import vmf_sphere_integrand

__all__ = ["vmf_subsampled_kl_quadrature"]


def _kl_integrand(I, phi, kappa, gamma, q, forward):
    """f_{−x}·(r log r − r + 1) ("mix||q", forward: kl_div(r, 1)) or f_{−x}·(r − 1 − log r) ("q||mix":
    kl_div(1, r)), r = 1 + γ(e^{2κt} − 1) the ratio mixture / f_{−x} at t = cos φ, times sin^q φ (ctx.integral): a
    non-negative integrand (E_q[r − 1] = 0 makes it the KL). log r = I.log_mixture(γ, 2κt) (its float form keeps
    the digits of small γ or κ) is not entire (r has complex zeros): on acb.integral's path it answers the analytic
    flag."""
    t = I.cos(phi)
    log_r = I.log_mixture(gamma, 2 * kappa * t)
    zero = 0 * log_r
    kl = I.kl_div(log_r, zero) if forward else I.kl_div(zero, log_r)
    return I.exp(-kappa * t) * kl * I.nonneg(I.sin(phi)) ** q


@formula(args={"p": "integer", "kappa": "scalar", "gamma": "scalar", "direction": "text"},
         domain="p ≥ 2, κ ≥ 0, 0 < γ ≤ 1")
def vmf_subsampled_kl_quadrature(ctx, p, kappa, gamma, direction="mix||q"):
    """KL((1−γ)f_{−x} + γf_x ‖ f_{−x}) (direction "mix||q") or KL(f_{−x} ‖ mixture) ("q||mix"), quadrature in φ.

    Uses ∫ q·(r log r − r + 1) (resp. ∫ q·(r − 1 − log r)), r = mixture/q, whose integrand is ≥ 0, over
    ∫ e^{κ cos φ} sin^{p−2}φ dφ: one formula over ``ctx.integral`` (Gauss–Legendre in floats; ``acb.integral``
    with interval tail bounds on the certified context, log r on its principal branch)."""
    fname = "vmf_subsampled_kl_quadrature"
    p = check_dimension(p, fname)
    kappa = ctx.real(kappa, "kappa", fname, lo=0)
    gamma = ctx.real(gamma, "gamma", fname, lo=0, lo_open=True, hi=1)
    if direction not in ("mix||q", "q||mix"):
        raise InvalidInput(f"{fname}: direction must be 'mix||q' or 'q||mix', got direction={direction!r}")
    if ctx.is_zero(kappa):
        return ctx.exact(0)
    q, forward = p - 2, direction == "mix||q"
    num = ctx.integral(lambda I, x, k, g: _kl_integrand(I, x, k, g, q, forward), 0, ctx.pi(), args=(kappa, gamma),
                       log=True)
    den = ctx.integral(lambda I, x, k: vmf_sphere_integrand(I, x, k, q), 0, ctx.pi(), args=(kappa,), log=True)
    return ctx.exp(num - den)
