"""The objects seed 004's statements share: the finite model's variables and note, sympy symbols."""

from __future__ import annotations

import sympy as sp

from proofcheck.claim import channel, integer, simplex


S = sp.Symbol
LAM_LO = 0.001  # λ > 0 where the statement needs it; the optimiser stays in the box [LAM_LO, hi]


def real_symbols(*names):
    return sp.symbols(" ".join(names), real=True)


lam_s, k_s, eps_s = real_symbols("lam", "k", "eps")

# the finite model's variables
MODEL_VARS = (channel("K", "rows: p(w|D₀), then p(w|D₀ ∪ {x}) for each value x of the point"),
              simplex("mu", "μ, the law of the differing point x'"),
              integer("adjacency", 0, 2, "0 add (D' = D ∪ {x'}), 1 remove (D = D' ∪ {x'}), 2 substitute"),
              integer("x0", 0, 5, "the point x₀ that x' replaces (substitution)"))
COMPOSED_VARS = (channel("K1"), channel("K2"), channel("K3"), integer("T", 1, 3, "number of iterations"),
                 simplex("mu"), integer("adjacency", 0, 2), integer("x0", 0, 5))
MODEL_NOTE = ("finite model (mechanisms.bayesian.bayesian_dp): K[0] = p(w|D₀), K[1+x] = p(w|D₀ ∪ {x}), x' ∼ μ; the "
              "adjacency relation is drawn (add: D = D₀, D' = D₀ ∪ {x'}; remove: the reverse; substitute: "
              "x₀ replaced by x'), since the paper uses both add/remove and replacement neighbours. ")
