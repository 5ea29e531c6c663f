"""The cost class of s001's claims that are not "standard" (proofcheck.claim.COST_CLASSES): their counted
budget in the main job. From a run at the default budget (benchmarks/cost_classes.py prints each claim's
cost): a claim that takes under a second is "light" (more cases and optimiser steps for little time), one that
holds and takes eight seconds or more "heavy"; a few are light because a smaller count misses what the
search should show (a violation, how tight a bound is)."""

COSTS = {
    "s001.rem.1.i": "light",
    "s001.claim.assumption-1": "light",
    "s001.claim.bernoulli-not-uniformly-lipschitz": "light",
    "s001.eq.2.7#*": "light",
    "s001.lem.1.ii+sharp#max-metric": "light",
    "s001.claim.lemma-1-proof#*": "light",
    "s001.claim.lemma-1-proof+corrected": "light",
    "s001.claim.w-root": "light",
    "s001.claim.w-two-routes": "light",
    "s001.claim.w-value": "light",
    "s001.claim.kappa-two-routes": "light",
    "s001.claim.kappa-value": "light",
    "s001.claim.C4-minimum": "light",
    "s001.claim.C4-convex": "light",
    "s001.thm.1.ii.finite-support": "light",
    "s001.thm.2.i": "light",
    "s001.ex.1#answer-in-Y": "light",
    "s001.claim.exponential-family-distance": "light",
    "s001.lem.4#feasible-set-s-above-L": "light",
    "s001.lem.5#*": "light",
    "s001.claim.lemma-5-proof-c.i#positive-constant": "light",
    "s001.claim.lemma-5-proof-c.ii#*": "light",
    "s001.lem.6": "light",
    "s001.lem.7#hamming": "light",
    "s001.claim.assumption-2": "heavy",
    "s001.lem.1.i#max-metric": "heavy",
    "s001.lem.4#prior-support-s-above-L0": "heavy",
    "s001.claim.posterior-kl-quadrature": "heavy",
}
