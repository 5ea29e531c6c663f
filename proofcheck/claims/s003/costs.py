"""The cost class of s003's claims that are not "standard" (proofcheck.claim.COST_CLASSES): their counted
budget in the main job. From a run at the default budget (benchmarks/cost_classes.py prints each claim's
cost): a claim that takes under a second is "light" (more cases and optimiser steps for little time), one that
holds and takes eight seconds or more "heavy"; a few are light because a smaller count misses what the
search should show (a violation, how tight a bound is)."""

COSTS = {
    "s003.claim.sibson-infinity#*": "light",
    "s003.def.4": "light",
    "s003.claim.vmf-metric-privacy": "light",
    "s003.claim.alpha-star-stationarity": "light",
    "s003.thm.3": "light",
    "s003.thm.3+corrected": "light",
    "s003.claim.rdp-interpolation": "light",
    "s003.claim.rdp-composition-epochs#N-epochs": "light",
    "s003.claim.eps-from-delta": "light",
    "s003.claim.miracle": "light",
    "s003.lem.1": "light",
    "s003.lem.2.i": "light",
    "s003.lem.2.ii": "light",
    "s003.thm.4": "light",
    "s003.thm.5": "light",
    "s003.thm.5#per-layer-clipping": "light",
    "s003.claim.thm5-prefactor": "light",
    "s003.claim.thm5-binomial": "light",
    "s003.claim.thm5-layer-clipping": "light",
    "s003.thm.5#noise-sigma-over-L": "light",
    "s003.claim.gaussian-capacity-averaging": "light",
    "s003.thm.6": "light",
    "s003.claim.parameter-count": "light",
    "s003.claim.accuracy-at-eps-0-49": "light",
    "s003.table.II.sigma-column": "light",
    "s003.claim.sigma-at-kappa-500": "light",
    "s003.claim.capacity-proof-inner-integral": "light",
    "s003.claim.capacity-proof-exponent": "light",
    "s003.claim.capacity-proof-gamma-identity": "light",
    "s003.table.III.sigma-column": "light",
    "s003.claim.table-IV-same-steps": "light",
    "s003.table.IV.table-I-rows": "light",
    "s003.table.VI.table-II-rows": "light",
    "s003.claim.alpha-star-stationarity#eps-lt-2kappa": "heavy",
    "s003.thm.3+corrected#both-directions": "heavy",
    "s003.claim.kl-subsampling": "heavy",
}
