"""§4.1: Definitions 1 and 2 (strong and plain Bayesian DP), Proposition 1, the remark on post-processing and
the asserted properties (post-processing, composition)."""

from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from mechanisms.bayesian.bayesian_dp import bdp_tail_monte_carlo
from proofcheck.claim import Claim, Hypothesis, MonteCarloRoute, Source, channel, integer, real, simplex
from proofcheck.claims.s004.model import (adjacency, bdp_delta, model, MODEL_NOTE, MODEL_VARS, num, pairs, S,
                                          says_nothing, tail, x0)
from proofcheck.claims.s004.strategies import (EPS, SEED, bdp_model, complementary_pairs, composed_model, mechanisms,
                                               merge_cases, model_with)
import numpy as np
from proofcheck.errors import OutsideDomain


# ----------------------------------------------------------------------------- quantities
def tail_averaged_over_points(c, m):
    """Σ_x μ(x) Pr_w[L(w, D, D'_x) ≥ ε]: each point's own (classic) tail from its pair alone, then averaged."""
    total = m.num(0)
    for w, P, Q in pairs(c, m):
        total = total + m.num(w) * m.num(m.bdp_tail([P, Q], [1], m.value(c["eps"]), "add", 0, "ge"))
    return total


def bdp_delta_over_sets(reading):
    def q(c, m):
        K, mu, adj, z = model(c)
        return m.bdp_delta_over_sets(K, mu, m.value(c["eps"]), adj, z, reading)
    return q


def bdp_delta_after(reading):
    def q(c, m):
        _, mu, adj, z = model(c)
        KF = m.cascade(m.matrix(c["K"]), m.matrix(c["F"]))
        return m.bdp_delta(KF, mu, m.value(c["eps"]), adj, z, reading)
    return q


# ----------------------------------------------------------------------------- the post-processing remark
def merged(c, m):
    """K with its outputs 0 and 1 merged into one (a deterministic post-processing)."""
    K = m.matrix(c["K"])
    n_out = len(K[0])
    return m.cascade(K, m.deterministic_channel([0] + list(range(n_out - 1)), n_out - 1))


def strong_tail_after_merge(c, m):
    return m.bdp_tail(merged(c, m), [1], m.value(c["eps"]), "add", 0, "ge")


def loss_at(j):
    """L at output j of the pair (K[0], K[1]) (+∞ where only K[0] produces it); outside the domain where
    K[0] does not produce it (the loss is then not a value of the random variable)."""
    def q(c, m):
        a, b = m.value(c["K"][0][j]), m.value(c["K"][1][j])
        if a == 0:
            raise OutsideDomain(f"output {j} has probability 0 under D: its loss is not defined")
        return m.inf if b == 0 else m.log(m.num(a / b))
    return q


def merged_loss(c, m):
    a = m.value(c["K"][0][0]) + m.value(c["K"][0][1])
    b = m.value(c["K"][1][0]) + m.value(c["K"][1][1])
    return m.inf if b == 0 else m.log(m.num(a / b))


def mass_at(j):
    return lambda c, m: m.num(c["K"][0][j])


def composition_delta_sum(reading):
    """δ_1(ε_1) + δ_2(ε_2) of the two mechanisms on their own, under the reading ('strong': Definition 1's tail)."""
    def q(c, m):
        _, mu, adj, z = model(c, "K1")
        if reading == "strong":
            d1 = m.bdp_tail(c["K1"], mu, m.value(c["eps1"]), adj, z, "ge")
            d2 = m.bdp_tail(c["K2"], mu, m.value(c["eps2"]), adj, z, "ge")
        else:
            d1 = m.bdp_delta(c["K1"], mu, m.value(c["eps1"]), adj, z, reading)
            d2 = m.bdp_delta(c["K2"], mu, m.value(c["eps2"]), adj, z, reading)
        return m.num(d1) + m.num(d2)
    return q


def composed_delta(reading):
    """δ of K1 and K2 run together at ε_1 + ε_2, under the reading."""
    def q(c, m):
        _, mu, adj, z = model(c, "K1")
        KK = m.bdp_compose(c["K1"], c["K2"])
        eps = m.value(c["eps1"]) + m.value(c["eps2"])
        if reading == "strong":
            return m.num(m.bdp_tail(KK, mu, eps, adj, z, "ge"))
        return m.num(m.bdp_delta(KK, mu, eps, adj, z, reading))
    return q


def strong_tail_route(case, n, seed, device, confidence):
    """Monte Carlo for Definition 1's tail: draw x' ∼ μ and w ∼ p(·|D), count L ≥ ε (Clopper–Pearson)."""
    return bdp_tail_monte_carlo(np.asarray(case["K"], float), np.asarray(case["mu"], float), float(case["eps"]),
                                adjacency(case), x0(case), n, seed, confidence)


# ============================================================================ §4.1: Definitions 1 and 2, Proposition 1
QUOTE_DEF1 = ("Definition 1 (Strong Bayesian Differential Privacy). A randomised function A : D → R … satisfies "
              "(ε_μ, δ_μ)-strong Bayesian differential privacy if for any two adjacent datasets D, D' ∈ D, differing "
              "in a single data point x' ∼ μ(x), the following holds: Pr[L_A(w, D, D') ≥ ε_μ] ≤ δ_μ, (2) where "
              "probability is taken over the randomness of the outcome w and the additional example x'. … "
              "L_A(w, D, D') = log p(w|D)/p(w|D'). (3)")
QUOTE_DEF2 = ("Definition 2 (Bayesian Differential Privacy). A randomised function A : D → R … satisfies (ε_μ, δ_μ)-"
              "Bayesian differential privacy if for any two adjacent datasets D, D' ∈ D, differing in a single data "
              "point x' ∼ μ(x), and for any set of outcomes S the following holds: Pr[A(D) ∈ S] ≤ e^{ε_μ} "
              "Pr[A(D') ∈ S] + δ_μ. (4)")
QUOTE_PROP1 = ("Proposition 1. (ε_μ, δ_μ)-strong Bayesian differential privacy implies (ε_μ, δ_μ)-Bayesian "
               "differential privacy.")

PRIMARY_DEF2 = ("(4) is the classic inequality 'for any two adjacent datasets D, D′ ∈ D, differing in a single data point "
                "x′ ∼ μ(x), and for any set of outcomes S', a notion that 'mimics the (ε, δ)-differential privacy' "
                "(l.74) and 'repeats some basic properties of the classic DP, such as composition, post-processing "
                "resilience and group privacy' (l.98; 'naively composable', l.136): the DP inequality for each pair, "
                "S chosen for that pair, with δ_μ averaged over x′ ∼ μ, as Definition 1 averages its tail over x′ "
                "(l.80) and §4.4.1 compares E_x[Δ(ε, x)] ≤ δ_μ with DP's max_x (Eqs. (19)–(20)). Fixing S before x′ "
                "is drawn compares only the two mixtures E_x p(·|D), E_x p(·|D′): it breaks the composition the paper "
                "asserts and rates a mechanism that publishes the record x′ (a dummy drawn from μ when it is absent) "
                "as (0, 0)-private — a degenerate reading.")
DEF2_READINGS = {
    "fixed-set": "S fixed before x' is drawn: sup_S E_x[P_x(S) − e^ε Q_x(S)] = E_{e^ε}(E_x P_x ‖ E_x Q_x)",
    "set-per-x": "S may depend on x': E_x sup_S[P_x(S) − e^ε Q_x(S)] = E_x E_{e^ε}(P_x ‖ Q_x)",
}

DEF_CLAIMS = [
    Claim(
        id="s004.def.1",
        title="strong BDP: Pr over (x', w) of L ≥ ε equals the average over x' of each point's own tail",
        source=Source(SEED, "§4.1, Definition 1, Eqs. (2)–(3)", QUOTE_DEF1),
        variables=MODEL_VARS + (real("eps", 0, 3),),
        statement=sp.Eq(S("joint_tail"), S("averaged_tail")),
        quantities={"joint_tail": tail("ge"), "averaged_tail": tail_averaged_over_points},
        strategy=model_with(eps=EPS),
        monte_carlo=(MonteCarloRoute("joint_tail", strong_tail_route,
                                     "simulated x' ∼ μ, w ∼ p(·|D); Clopper–Pearson on the count of L ≥ ε"),),
        encoding=MODEL_NOTE + "Definition 1's δ_μ(ε) = Pr_{x',w}[L ≥ ε] (route 1, joint sum over (x', w)) against "
                 "Σ_x μ(x) Pr_w[L ≥ ε | x'] (route 2: each pair alone, the classic tail, then averaged); a third, "
                 "simulated route (Clopper–Pearson) is evidence. L = +∞ where only p(w|D) > 0.",
    ),
    *[Claim(
        id=f"s004.def.2#{reading}",
        title=f"BDP (Definition 2), {reading}: the sup over all sets S equals the hockey-stick form",
        source=Source(SEED, "§4.1, Definition 2, Eq. (4)", QUOTE_DEF2),
        variables=MODEL_VARS + (real("eps", 0, 3),),
        statement=sp.Eq(S("delta_sets"), S("delta_hockey_stick")),
        quantities={"delta_sets": bdp_delta_over_sets(reading), "delta_hockey_stick": bdp_delta(reading)},
        strategy=model_with(eps=EPS),
        reading=reading, primary=PRIMARY_DEF2 if reading == "set-per-x" else None,
        encoding=MODEL_NOTE + f"reading {reading}: {DEF2_READINGS[reading]}. Route 1 enumerates every set of "
                 "outcomes (the definition); route 2 is the hockey-stick divergence (mechanisms.finite.hockey_stick).",
    ) for reading in DEF2_READINGS],
    *[Claim(
        id=f"s004.prop.1#{reading}",
        title=f"Proposition 1, {reading}: Definition 2's δ at ε ≤ Definition 1's δ at ε",
        source=Source(SEED, "§4.1, Proposition 1", QUOTE_PROP1),
        variables=MODEL_VARS + (real("eps", 0, 3),),
        statement=sp.Le(S("delta_bdp"), S("delta_strong")),
        quantities={"delta_bdp": bdp_delta(reading), "delta_strong": tail("ge")},
        strategy=model_with(eps=EPS),
        reading=reading, primary=PRIMARY_DEF2 if reading == "set-per-x" else None,
        degenerate=says_nothing,
        encoding=MODEL_NOTE + "δ_μ := the mechanism's own strong-BDP tail at ε (the smallest admissible); the "
                 f"implied (ε, δ_μ)-BDP means Definition 2's smallest δ at ε ({DEF2_READINGS[reading]}) is ≤ it.",
    ) for reading in DEF2_READINGS],
]


# ============================================================================ §4.1: the remark and the asserted properties
QUOTE_REMARK = ("Unfortunately, it may not be closed under post-processing … The reason Definition 1 may pose a problem "
                "with post-processing is that it does not consider sets of outcomes, and a routine that integrates "
                "groups of values into one value could therefore invalidate the guarantee by increasing the "
                "probability ratio beyond epsilon.")
QUOTE_PROPERTIES = ("Bayesian DP repeats some basic properties of the classic DP, such as composition, post-processing "
                    "resilience and group privacy. More details, proofs for these properties and the above proposition, "
                    "can be found in supplementary material.")
QUOTE_NAIVE = "We already determined that our privacy notion is naively composable"


REMARK_CLAIMS = [
    Claim(
        id="s004.claim.strong-bdp-post-processing",
        title="merging outcomes w₁ (L ≥ ε) and w₂ (L < ε) whose merged loss is ≥ ε raises Definition 1's tail "
              "by p(w₂|D)",
        source=Source(SEED, "§4.1, lines 85–87", QUOTE_REMARK),
        variables=(channel("K", "rows p(w|D), p(w|D')"), real("eps", 0, 3)),
        statement=sp.Eq(S("tail_after") - S("tail_before"), S("p_w2")),
        quantities={"tail_after": strong_tail_after_merge, "tail_before": tail("ge"),
                    "p_w2": mass_at(1), "L_w1": loss_at(0), "L_w2": loss_at(1),
                    "L_merged": merged_loss, "eps": num("eps")},
        hypotheses=(Hypothesis("L(w₁) ≥ ε", sp.Ge(S("L_w1"), S("eps"))),
                    Hypothesis("L(w₂) < ε", sp.Lt(S("L_w2"), S("eps"))),
                    Hypothesis("the merged outcome's loss ≥ ε", sp.Ge(S("L_merged"), S("eps")))),
        strategy=merge_cases().map(lambda c: {**c, "mu": [1.0], "adjacency": 0, "x0": 0}),
        encoding="the remark is an existence statement ('a routine that integrates groups of values into one value "
                 "could … invalidate the guarantee'): encoded as the identity it rests on, for every mechanism, ε "
                 "and pair of outcomes (w₁, w₂) = (0, 1) with L(w₁) ≥ ε > L(w₂) and merged loss ≥ ε; a `holds` with "
                 "admitted cases is a certified witness that strong BDP is not closed under post-processing (the "
                 "tail grows by p(w₂|D) > 0 at the same ε). μ is a point mass (one x').",
    ),
    *[Claim(
        id=f"s004.claim.post-processing#{reading}",
        title=f"BDP (Definition 2, {reading}) is closed under post-processing: δ(F∘A) ≤ δ(A) at every ε",
        source=Source(SEED, "§4.1, line 98", QUOTE_PROPERTIES),
        variables=MODEL_VARS + (channel("F", "a post-processing: a channel on the outcomes"), real("eps", 0, 3)),
        statement=sp.Le(S("delta_after"), S("delta_before")),
        quantities={"delta_after": bdp_delta_after(reading), "delta_before": bdp_delta(reading)},
        strategy=bdp_model(extra=lambda n, mm: {"eps": EPS, "F": st.integers(1, 4).flatmap(
            lambda k: mechanisms(mm, k))}),
        reading=reading, primary=PRIMARY_DEF2 if reading == "set-per-x" else None,
        degenerate=says_nothing,
        encoding=MODEL_NOTE + f"Definition 2 under reading {reading} ({DEF2_READINGS[reading]}); δ := the "
                 "mechanism's own smallest δ at ε; F any randomised post-processing (a channel), checked "
                 "δ(K·F) ≤ δ(K).",
    ) for reading in DEF2_READINGS],
]


COMPOSITION_READINGS = {**DEF2_READINGS, "strong": "Definition 1's tail Pr_{x',w}[L ≥ ε] (strong BDP)"}

COMPOSITION_CLAIMS = [Claim(
    id=f"s004.claim.composition#{reading}",
    title=f"BDP composes ({reading}): (ε₁, δ₁) and (ε₂, δ₂) on the same data give (ε₁ + ε₂, δ₁ + δ₂)",
    source=Source(SEED, "§4.1, line 98, and §4.2, line 134", QUOTE_PROPERTIES + " … " + QUOTE_NAIVE + "."),
    variables=(channel("K1"), channel("K2"), simplex("mu"), integer("adjacency", 0, 2), integer("x0", 0, 5),
               real("eps1", 0, 3), real("eps2", 0, 3)),
    statement=sp.Le(S("delta_composed"), S("delta_sum")),
    quantities={"delta_composed": composed_delta(reading), "delta_sum": composition_delta_sum(reading)},
    strategy=st.one_of(composed_model(extra=lambda n, mm: {"eps1": EPS, "eps2": EPS}).map(
        lambda c: {k: v for k, v in c.items() if k not in ("K3", "T")}), complementary_pairs()),
    reading=reading, primary=PRIMARY_DEF2 if reading == "set-per-x" else None,
    encoding=MODEL_NOTE + "two mechanisms run with independent randomness on the same dataset pair (the same x'); "
             f"the basic composition theorem of DP read for BDP under reading {reading} "
             f"({COMPOSITION_READINGS[reading]}); δ_i := each mechanism's own smallest δ at ε_i.",
) for reading in COMPOSITION_READINGS]
