"""The stages of one claim's check, and the evaluation they share; they know no run, no report, no proof.

1. ``search``    — Hypothesis draws cases from the claim's strategy, seeded; a float violation is shrunk;
2. ``optimise``  — Nelder–Mead on the margin (largest violation) and on lhs/rhs (where a bound is tightest);
3. ``rounding``  — a float case to exact rationals with small denominators;
4. ``certify``   — the relation at an exact case in exact rationals and arb (``certify_sides``: both sides at
   one case; ``certify_tightness``: the tightness ratio; ``certify_why``: why nothing certified);

beside them ``evaluation`` (a relation at one case, on the float or the certified path: the certificate
boundary), ``margins`` (float margins and ratios) and ``mc_evidence`` (Monte Carlo as a third route).
:mod:`proofcheck.runs.engine` runs them in this order for one claim. Below them are only the claim model's
numerics (``proofcheck.measures``, ``proofcheck.numerics``, ``proofcheck.errors``).

The names the proofs, the claim model and the report use are listed here, each imported on first use from the
module that defines it (``proofcheck.stages.<module>``).
"""
from mechanisms._lazy import exports

MODULES = ("search", "optimise", "rounding", "certify", "certify_sides", "certify_tightness", "certify_why",
           "evaluation", "margins", "mc_evidence")

_NAMES = {
    "evaluation": ("ClaimError", "Outside", "evaluate", "quantity_values", "decided", "pick", "unknown_functions"),
    "rounding": ("exactify", "show_exact"),
    "certify": ("certified_sides", "certify_example", "witness_rank"),
}
__all__, __getattr__, __dir__ = exports(__name__, _NAMES, MODULES)
