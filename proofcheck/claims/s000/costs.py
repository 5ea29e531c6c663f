"""s000's claims whose cost class is not "standard" (proofcheck.registry.with_costs applies them)."""

COSTS = {
    "s000.def.5.1": "light",
    "s000.claim.A1-upper-by-e-xi-over-n": "light",
    "s000.thm.A.3.ii": "light",
    "s000.claim.B1-ratio-step": "light",
    "s000.eq.11#w-star-per-secret": "light",
    "s000.lem.C.1#eps-le-1": "light",
    "s000.eq.18#*": "light",
}
