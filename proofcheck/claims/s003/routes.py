"""Seed 003's own routes on the two evaluation paths: numerics only its claims use, each a pair (float route,
certified route) that share no code, in the protocol of :data:`proofcheck.measures.ROUTES`.

``extended(m)`` is the path ``m`` with these names added (``extended(m).profile_lower_bound(...)``), so a
quantity still never branches on the path: the path owns the numerics.
"""
from __future__ import annotations

from types import SimpleNamespace

from mechanisms import vmf_sphere_quadrature as sphere
from mechanisms import vmf_subsampled_composition as composed
from proofcheck.numerics import amax

ROUTES = {
    # a certified lower bound of δ(ε) of T subsampled VMF steps, by a binned test (data processing)
    "profile_lower_bound": (composed.profile_lower_bound, composed.profile_lower_bound_arb),
    # (D_α(P‖Q), D_α(Q‖P)) of one subsampled VMF step, by quadrature of the mixture
    "vmf_subsampled_renyi_directions": (composed.vmf_subsampled_renyi_directions,
                                        composed.vmf_subsampled_renyi_directions_arb),
    # log C_{p,κ} = log ∫_{S^{p−1}} e^{κ xᵀy} dy by quadrature in φ (no Bessel function)
    "vmf_log_normaliser_quadrature": (sphere.log_vmf_normaliser_quadrature, sphere.log_vmf_normaliser_quadrature_arb),
    "max_of": (lambda xs: max(xs), lambda xs: amax(*xs)),
    # a value v known to be at least lower(): the search takes v; certified, the ball [lower(), v] (the thunk
    # `lower` — a costly certified lower bound — runs on the certified path only)
    "at_least": (lambda lower, v: v, lambda lower, v: lower().union(v)),
}


def extended(m) -> SimpleNamespace:
    """The path m (FLOAT or CERTIFIED) with seed 003's routes."""
    which = 0 if m.name == "float" else 1
    return SimpleNamespace(**{k: v[which] for k, v in ROUTES.items()})
