"""The cost class of s000's claims that are not "standard" (proofcheck.claim.COST_CLASSES): their counted
budget in the main job. From a run at the default budget (benchmarks/cost_classes.py prints each claim's
cost): a claim that takes under a second is "light" (more cases and optimiser steps for little time), one that
holds and takes eight seconds or more "heavy"; a few are light because a smaller count misses what the
search should show (a violation, how tight a bound is)."""

COSTS = {
    "s000.def.5.1": "light",
    "s000.claim.A1-upper-by-e-xi-over-n": "light",
    "s000.thm.A.3.ii": "light",
    "s000.claim.B1-ratio-step": "light",
    "s000.eq.11#w-star-per-secret": "light",
    "s000.lem.C.1#eps-le-1": "light",
    "s000.eq.18#*": "light",
}
