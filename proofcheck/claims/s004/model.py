"""The objects seed 004's statements share: the finite model's variables, note and readers, sympy symbols, and the
few quantities more than one section uses (Eq. (1)'s attack accuracy, the Gaussian reference cost)."""

from __future__ import annotations

import sympy as sp

from mechanisms.bayesian.bayesian_dp import ADJACENCIES
from proofcheck.claim import channel, integer, simplex
from proofcheck.claims.finite_quantities import rows_identical


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


# ----------------------------------------------------------------------------- the finite model
def adjacency(c) -> str:
    return ADJACENCIES[int(c["adjacency"])]


def x0(c) -> int:
    return int(c["x0"]) % len(c["mu"])


def model(c, key="K"):
    """(K, μ, adjacency, x₀) as the routes take them."""
    return c[key], c["mu"], adjacency(c), x0(c)


def pairs(c, m, key="K"):
    """[(μ(x), p(·|D), p(·|D'))] by selecting rows of K (the adjacency relation, nothing computed)."""
    K, mu, adj, z = model(c, key)
    out = []
    for x, w in enumerate(mu):
        if m.value(w) == 0:
            continue
        P, Q = {"add": (K[0], K[1 + x]), "remove": (K[1 + x], K[0]), "substitute": (K[1 + z], K[1 + x])}[adj]
        out.append((w, P, Q))
    return out


def num(name):
    return lambda c, m: m.num(c[name])


def tail(kind="ge", eps="eps", key="K"):
    """Pr_{x', w}[L ≥ ε] (kind 'ge'), Pr[L > ε] ('gt') or Pr[|L| ≥ ε] ('abs-ge')."""
    def q(c, m):
        K, mu, adj, z = model(c, key)
        return m.bdp_tail(K, mu, m.value(c[eps]), adj, z, kind)
    return q


def bdp_delta(reading, key="K", eps="eps"):
    def q(c, m):
        K, mu, adj, z = model(c, key)
        return m.bdp_delta(K, mu, m.value(c[eps]), adj, z, reading)
    return q


def says_nothing(c) -> bool:
    """Every pair of outcome laws is identical: the loss is 0 and every bound is trivially met."""
    return rows_identical(c["K"], atol=1e-12)


def two_rows_equal(c) -> bool:
    """p(·|D) = p(·|D'): the pair of datasets is indistinguishable."""
    return rows_identical(c["K"], [0, 1], atol=1e-12)


# ----------------------------------------------------------------------------- Gaussian reference, Theorem 3
def reference_args(c, m):
    return (m.value(c["lam"]), int(c["T"]), m.value(c["s"]), m.value(c["sigma"]), int(c["d"]))


def reference_cost_closed_form(c, m):
    return m.gaussian_reference_cost(*reference_args(c, m))


# ----------------------------------------------------------------------------- Eq. (1) and Table 1
def attack_accuracy_at(e, m):
    """P(A) = 1/(1 + e^{−ε}) (Eq. (1))."""
    return 1 / (1 + m.exp(-e))
