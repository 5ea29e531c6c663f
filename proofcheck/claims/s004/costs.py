"""The cost class of s004's claims that are not "standard" (proofcheck.claim.COST_CLASSES): their counted
budget in the main job. From a run at the default budget (benchmarks/cost_classes.py prints each claim's
cost): a claim that takes under a second is "light" (more cases and optimiser steps for little time), one that
holds and takes eight seconds or more "heavy"; a few are light because a smaller count misses what the
search should show (a violation, how tight a bound is)."""

COSTS = {
    "s004.eq.1#*": "light",
    "s004.claim.eq1-figures": "light",
    "s004.def.2#*": "light",
    "s004.claim.strong-bdp-post-processing": "light",
    "s004.claim.composition#fixed-set": "light",
    "s004.claim.drop-abs#same-delta": "light",
    "s004.claim.lambda-arbitrary#any-real": "light",
    "s004.eq.7": "light",
    "s004.eq.8": "light",
    "s004.thm.1#averaged-past": "light",
    "s004.thm.1#realised-path": "light",
    "s004.thm.3#substitute": "light",
    "s004.claim.binary-estimator#*": "light",
    "s004.claim.binary-example.figures": "light",
    "s004.claim.binary-confidence-one": "light",
    "s004.claim.binary-never-zero": "light",
    "s004.eq.16": "light",
    "s004.eq.17": "light",
    "s004.claim.delta-beta-plus-gamma": "light",
    "s004.claim.delta-beta-plus-gamma+corrected": "light",
    "s004.claim.percentile": "light",
    "s004.claim.99.999-percent": "light",
    "s004.claim.rdp-relation": "light",
    "s004.claim.ma-special-case#*": "light",
    "s004.claim.weibull-unclipped": "light",
    "s004.claim.weibull-unclipped+corrected": "light",
    "s004.table.1#*": "light",
    "s004.thm.3#upper-bound": "heavy",
}
