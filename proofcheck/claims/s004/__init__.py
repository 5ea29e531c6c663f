"""Triastcyn & Faltings — Bayesian differential privacy for machine learning (seed 004).

The paper's checkable statements in its order, each encoded literally. The seed holds the main text only
(the proofs are "in the supplementary material", absent), so each statement is checked against its own
definitions. Objects:

* the finite model of mechanisms.bayesian.bayesian_dp (a channel K with a row for the dataset without the point and
  one per value of the point x' ∼ μ; the adjacency relation add / remove / substitute is drawn), for the
  definitions, Proposition 1, the properties, Eqs. (5)–(9), Theorems 1–2, Corollary 1 and §4.4.1;
* the Gaussian mechanism with Gaussian gradient differences Δ ∼ N(0, s²I_d) (closed form of Eq. (10)) and
  the Poisson-subsampled Gaussian with a law of ‖g_t − g'_t‖ (Theorem 3), exact moments by quadrature;
* the estimators of §4.3 (binary: exact binomial sums; continuous: simulation with Clopper–Pearson).

Levels a statement takes as hypotheses are set to the smallest admissible value (δ_μ := the mechanism's
own tail, ε := its own pure-DP level), the hardest case.

This module is the table of statements; their quantities are in :mod:`.quantities`, what the search draws in
:mod:`.strategies`, the numbers the paper prints in :mod:`.printed`. ``FINDINGS`` at its end groups the errata into
independent errors (:mod:`proofcheck.findings`).
"""

from __future__ import annotations

PAPER = "004 — Triastcyn, Faltings: Bayesian differential privacy"

from fractions import Fraction

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import (Claim, Hypothesis, MonteCarloRoute, Source, channel, integer, log_real, real, simplex,
                              vector)
from proofcheck.claims.s004 import quantities as qs
from proofcheck.claims.s004.printed import EQ1_FIGURES, TABLE_1, half_unit
from proofcheck.claims.s004.strategies import (EPS, EPS_POS, LAM, LAM_ANY, SEED, adaptive_model, bdp_model,
                                               binary_coverage_cases, complementary_pairs, composed_model,
                                               estimator_error_cases, fold_cases, gaussian_reference, mechanisms,
                                               merge_cases, model_with, pair_cases, reference_estimator_cases,
                                               substitution_cases, theorem3_cases, weibull_cases)
from proofcheck.findings import Finding
from proofcheck.strategies import cases, log_reals, reals

S = sp.Symbol
LAM_LO = 0.001  # λ > 0 where the statement needs it; the optimiser stays in the box [LAM_LO, hi]


def _sym(*names):
    return sp.symbols(" ".join(names), real=True)


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


# ============================================================================ §3: Eq. (1)
QUOTE_EQ1 = ("By the above expression, r can only be e^{ε_0} times larger than the respective probability without x'. "
             "However, if the re^{−ε_0} is small enough, then the probability P(A) of the attacker's guess being "
             "correct is as high as r/(r + re^{−ε_0}), or P(A) = 1/(1 + e^{−ε}). (1)")
QUOTE_EQ1_FIGURES = ("To put it in perspective, for a DP algorithm with ε = 2, the upper bound on the accuracy of this "
                     "attack is as high as 88%. For ε = 5, it is 99.33%. For ε = 10, 99.995%.")
P_A, EPS_S = _sym("P_A", "epsilon")
EQ1_RHS = 1 / (1 + sp.exp(-EPS_S))


PRIMARY_EQ1 = ("l.56 derives (1) as r/(r + re^{−ε₀}): the attacker's flat-prior posterior that x' is present given "
               "the observed outcome, whose likelihoods are r and at least re^{−ε₀}; the 'accuracy' of l.60 is this "
               "posterior read as the chance that the Bayes-optimal guess is right.")

EQ1_CLAIMS = [
    Claim(
        id="s004.eq.1#posterior",
        title="ε-DP, flat prior: the attacker's posterior in the true hypothesis is ≤ 1/(1 + e^{−ε})",
        source=Source(SEED, "§3, Eq. (1) (lines 56–58)", QUOTE_EQ1),
        variables=(channel("K", "rows p(w|D), p(w|D') of a pure ε-DP mechanism"),),
        statement=sp.Le(P_A, EQ1_RHS),
        quantities={"P_A": qs.max_posterior, "epsilon": qs.pure_dp_level},
        strategy=st.integers(2, 6).flatmap(lambda mm: cases(K=mechanisms(2, mm))),
        reading="posterior", primary=PRIMARY_EQ1, degenerate=qs.two_rows_equal,
        encoding="two datasets (without / with x'), any finite outcome space; ε := the mechanism's pure-DP level "
                 "max_w |log p(w|D)/p(w|D')| (smallest admissible); P(A) := max over outcomes and hypotheses of the "
                 "flat-prior posterior p_d(w)/(p_0(w) + p_1(w)).",
    ),
    Claim(
        id="s004.eq.1#bayes-accuracy",
        title="ε-DP, flat prior: the Bayes-optimal attack's accuracy ½Σ_w max(p, p') is ≤ 1/(1 + e^{−ε})",
        source=Source(SEED, "§3, Eq. (1) and line 60", QUOTE_EQ1 + " … " + QUOTE_EQ1_FIGURES),
        variables=(channel("K"),),
        statement=sp.Le(P_A, EQ1_RHS),
        quantities={"P_A": qs.bayes_accuracy, "epsilon": qs.pure_dp_level},
        strategy=st.integers(2, 6).flatmap(lambda mm: cases(K=mechanisms(2, mm))),
        reading="bayes-accuracy", degenerate=qs.two_rows_equal,
        encoding="l.60's 'upper bound on the accuracy of this attack': the probability that the Bayes-optimal guess "
                 "(flat prior on presence) is right, ½Σ_w max(p_0(w), p_1(w)) = (1 + TV)/2; ε := pure-DP level.",
    ),
    Claim(
        id="s004.claim.eq1-figures",
        title="Eq. (1) at ε = 2, 5, 10 gives the quoted 88%, 99.33%, 99.995% (to the printed digits)",
        source=Source(SEED, "§3, line 60", QUOTE_EQ1_FIGURES),
        variables=(integer("row", 0, len(EQ1_FIGURES) - 1, "which quoted figure"),),
        statement=sp.Le(sp.Abs(S("P_A") - S("printed")), S("half_unit")),
        quantities={"P_A": qs.attack_probability(lambda c, m: m.num(EQ1_FIGURES[int(c["row"])][0])),
                    "printed": lambda c, m: m.num(Fraction(EQ1_FIGURES[int(c["row"])][1])),
                    "half_unit": lambda c, m: m.num(half_unit(EQ1_FIGURES[int(c["row"])][1]))},
        strategy=cases(row=st.integers(0, len(EQ1_FIGURES) - 1)),
        encoding="|1/(1 + e^{−ε}) − printed| ≤ half a unit in the printed figure's last digit (88% = 0.88 ± 0.005).",
    ),
]


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
        quantities={"joint_tail": qs.tail("ge"), "averaged_tail": qs.tail_averaged_over_points},
        strategy=model_with(eps=EPS),
        monte_carlo=(MonteCarloRoute("joint_tail", qs.strong_tail_route,
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
        quantities={"delta_sets": qs.bdp_delta_over_sets(reading), "delta_hockey_stick": qs.bdp_delta(reading)},
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
        quantities={"delta_bdp": qs.bdp_delta(reading), "delta_strong": qs.tail("ge")},
        strategy=model_with(eps=EPS),
        reading=reading, primary=PRIMARY_DEF2 if reading == "set-per-x" else None,
        degenerate=qs.says_nothing,
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
        quantities={"tail_after": qs.strong_tail_after_merge, "tail_before": qs.tail("ge"),
                    "p_w2": qs.mass_at(1), "L_w1": qs.loss_at(0), "L_w2": qs.loss_at(1),
                    "L_merged": qs.merged_loss, "eps": qs.num("eps")},
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
        quantities={"delta_after": qs.bdp_delta_after(reading), "delta_before": qs.bdp_delta(reading)},
        strategy=bdp_model(extra=lambda n, mm: {"eps": EPS, "F": st.integers(1, 4).flatmap(
            lambda k: mechanisms(mm, k))}),
        reading=reading, primary=PRIMARY_DEF2 if reading == "set-per-x" else None,
        degenerate=qs.says_nothing,
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
    quantities={"delta_composed": qs.composed_delta(reading), "delta_sum": qs.composition_delta_sum(reading)},
    strategy=st.one_of(composed_model(extra=lambda n, mm: {"eps1": EPS, "eps2": EPS}).map(
        lambda c: {k: v for k, v in c.items() if k not in ("K3", "T")}), complementary_pairs()),
    reading=reading, primary=PRIMARY_DEF2 if reading == "set-per-x" else None,
    encoding=MODEL_NOTE + "two mechanisms run with independent randomness on the same dataset pair (the same x'); "
             f"the basic composition theorem of DP read for BDP under reading {reading} "
             f"({COMPOSITION_READINGS[reading]}); δ_i := each mechanism's own smallest δ at ε_i.",
) for reading in COMPOSITION_READINGS]


# ============================================================================ §4.2: Eqs. (5)–(9)
QUOTE_EQ5 = ("Pr[|L| ≥ ε_μ] ≤ E[φ(|L|)]/φ(ε_μ), (5) where φ(·) is a monotonically increasing non-negative function.")
QUOTE_DROP_ABS = ("Note that L(w, D, D') = −L(w, D', D), and since the inequality has to hold for any pair of D, D', "
                  "we can use L instead of |L|.")
QUOTE_EQ6 = "We use the Chernoff bound that can be obtained by choosing φ(L) = e^{λL}. … Pr[L ≥ ε_μ] ≤ E[e^{λL}]/e^{λε_μ}. (6)"
QUOTE_LAMBDA = ("The choice of the parameter λ can be arbitrary, because the bound holds for any value of it, but it "
                "determines how tight the bound is.")
QUOTE_EQ7 = ("E[e^{λL}] = E[e^{λ log p(w|D)/p(w|D')}] = E[(p(w|D)/p(w|D'))^λ]. (7) If the expectation is taken only "
             "over the outcome randomness, this expression is the function of Rényi divergence between p(w|D) and "
             "p(w|D').")
QUOTE_EQ8 = ("By the law of total expectation, E[(p(w|D)/p(w|D'))^λ] = E_x[E_w[(p(w|D)/p(w|D'))^λ | x']], (8) where the "
             "inner expectation is again the function of Rényi divergence, and the outer expectation is over μ(x).")
QUOTE_EQ9 = "Pr[L ≥ ε_μ] ≤ E_x[e^{λ D_{λ+1}[p(w|D)‖p(w|D')] − λε_μ}]. (9)"

lam_s, k_s, eps_s = _sym("lam", "k", "eps")

PRIMARY_LAMBDA = ("the sentence comments the Chernoff bound just obtained from (5) with φ(L) = e^{λL}, and (5) requires "
                  "φ to be monotonically increasing (l.112), i.e. λ > 0; the accountant then uses λ + 1 as a Rényi "
                  "order (Eq. (9)) and λ ∈ ℕ (Theorem 3).")


PRIMARY_DROP_ABS = ("'since the inequality has to hold for any pair of D, D′, we can use L instead of |L|': a bound δ "
                    "on the one-sided tail Pr[L ≥ ε] for every ordered pair is taken to bound Pr[|L| ≥ ε] — the same δ.")


CHAIN_CLAIMS = [
    Claim(
        id="s004.eq.5",
        title="Markov: Pr[|L| ≥ ε] ≤ E[φ(|L|)]/φ(ε) for φ(t) = t^k e^{λt} (non-negative, increasing)",
        source=Source(SEED, "§4.2, Eq. (5)", QUOTE_EQ5),
        variables=MODEL_VARS + (real("eps", 0, 3), real("lam", 0, 3), real("k", 0, 4)),
        statement=sp.Le(S("P_abs"), S("E_phi") / (eps_s ** k_s * sp.exp(lam_s * eps_s))),
        quantities={"P_abs": qs.tail("abs-ge"), "E_phi": qs.markov_moment, "eps": qs.num("eps"),
                    "lam": qs.num("lam"), "k": qs.num("k")},
        hypotheses=(Hypothesis("ε_μ > 0 (φ(ε_μ) > 0)", sp.Gt(eps_s, 0)),),
        strategy=model_with(eps=EPS_POS, lam=reals(0.0, 3.0), k=reals(0.0, 4.0)),
        degenerate=qs.says_nothing,
        encoding=MODEL_NOTE + "φ ranges over the family t^k e^{λt} (k, λ ≥ 0: non-negative and non-decreasing on "
                 "t ≥ 0), the expectation and probability over (x', w) jointly.",
    ),
    *[Claim(
        id=f"s004.claim.drop-abs#{reading}",
        title=("Pr[|L| ≥ ε] ≤ " + ("max" if reading == "same-delta" else "sum") +
               " of the one-sided tails Pr_{w∼D}[L(D,D') ≥ ε], Pr_{w∼D'}[L(D',D) ≥ ε]"),
        source=Source(SEED, "§4.2, lines 112–114", QUOTE_DROP_ABS),
        variables=(channel("K", "rows p(w|D), p(w|D')"), real("eps", 0, 3)),
        statement=sp.Le(S("P_abs"), S("one_sided")),
        quantities={"P_abs": qs.two_sided_tail, "one_sided": qs.drop_abs_bound(reading), "eps": qs.num("eps")},
        hypotheses=(Hypothesis("ε_μ > 0 (as in Eq. (5))", sp.Gt(eps_s, 0)),),
        strategy=pair_cases(eps=EPS_POS),
        reading=reading, primary=PRIMARY_DROP_ABS if reading == "same-delta" else None,
        degenerate=qs.two_rows_equal,
        encoding=("a pair of datasets; 'using L instead of |L|' read as: the one-sided guarantees of both ordered "
                  "pairs imply the two-sided one with " + ("the same δ (their max)" if reading == "same-delta" else
                                                           "δ added up (their sum)") + ". Pr over w ∼ p(·|D)."),
    ) for reading in ("same-delta", "sum")],
    Claim(
        id="s004.eq.6",
        title="Chernoff: Pr[L ≥ ε] ≤ E[e^{λL}]/e^{λε} for λ > 0",
        source=Source(SEED, "§4.2, Eq. (6)", QUOTE_EQ6),
        variables=MODEL_VARS + (real("eps", 0, 3), real("lam", LAM_LO, 5)),
        statement=sp.Le(S("P_tail"), S("mgf") * sp.exp(-lam_s * eps_s)),
        quantities={"P_tail": qs.tail("ge"), "mgf": qs.loss_mgf, "eps": qs.num("eps"), "lam": qs.num("lam")},
        hypotheses=(Hypothesis("λ > 0 (φ(L) = e^{λL} increasing, as Eq. (5) requires)", sp.Gt(lam_s, 0)),),
        strategy=model_with(eps=EPS, lam=LAM),
        degenerate=qs.says_nothing,
        encoding=MODEL_NOTE + "expectation and probability over (x', w) jointly.",
    ),
    *[Claim(
        id=f"s004.claim.lambda-arbitrary#{reading}",
        title=f"'λ can be arbitrary': Eq. (6) holds for every λ {'> 0' if reading == 'positive' else 'real'}",
        source=Source(SEED, "§4.2, lines 118–120", QUOTE_LAMBDA),
        variables=MODEL_VARS + (real("eps", 0, 3), real("lam", LAM_LO if reading == "positive" else -5, 5)),
        statement=sp.Le(S("P_tail"), S("mgf") * sp.exp(-lam_s * eps_s)),
        quantities={"P_tail": qs.tail("ge"), "mgf": qs.loss_mgf, "eps": qs.num("eps"), "lam": qs.num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(lam_s, 0)),) if reading == "positive" else (),
        strategy=model_with(eps=EPS, lam=LAM if reading == "positive" else LAM_ANY),
        reading=reading, primary=PRIMARY_LAMBDA if reading == "positive" else None,
        degenerate=qs.says_nothing,
        encoding=MODEL_NOTE + ("λ > 0 (within Eq. (5)'s hypothesis)." if reading == "positive" else
                               "λ any real number, as 'the bound holds for any value of it' says literally."),
    ) for reading in ("positive", "any-real")],
    Claim(
        id="s004.eq.7",
        title="outcome randomness only: E_w[e^{λL}] = E_w[(p/p')^λ] = e^{λ D_{λ+1}(p(·|D) ‖ p(·|D'))}",
        source=Source(SEED, "§4.2, Eq. (7)", QUOTE_EQ7),
        variables=(channel("K", "rows p(w|D), p(w|D')"), real("lam", LAM_LO, 5)),
        statement=sp.Eq(S("mgf"), S("exp_renyi")),
        quantities={"mgf": qs.pair_mgf, "exp_renyi": qs.pair_renyi_exp, "lam": qs.num("lam")},
        hypotheses=(Hypothesis("λ > 0 (order λ + 1 > 1)", sp.Gt(S("lam"), 0)),),
        strategy=pair_cases(lam=LAM),
        digits=11,
        encoding="a pair of datasets (x' fixed); route 1 the expectation of e^{λL} over w ∼ p(·|D) (joint sum, "
                 "mechanisms.bayesian.bayesian_dp), route 2 exp(λ·D_{λ+1}) with the finite-distribution Rényi divergence "
                 "(mechanisms.finite.channels); +∞ on both where p(w|D') = 0 < p(w|D).",
    ),
    Claim(
        id="s004.eq.8",
        title="law of total expectation: E_{x',w}[(p/p')^λ] = E_x[e^{λ D_{λ+1}(p_x ‖ p'_x)}]",
        source=Source(SEED, "§4.2, Eq. (8)", QUOTE_EQ8),
        variables=MODEL_VARS + (real("lam", LAM_LO, 5),),
        statement=sp.Eq(S("joint_mgf"), S("nested")),
        quantities={"joint_mgf": qs.loss_mgf, "nested": qs.nested_renyi_mgf, "lam": qs.num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(S("lam"), 0)),),
        strategy=model_with(lam=LAM),
        digits=11,
        encoding=MODEL_NOTE + "route 1 the joint expectation over (x', w); route 2 the nested one, the inner "
                 "expectation through the finite-distribution Rényi divergence of each pair.",
    ),
    Claim(
        id="s004.eq.9",
        title="Pr[L ≥ ε] ≤ E_x[e^{λD_{λ+1}(p(w|D) ‖ p(w|D')) − λε}] for λ > 0",
        source=Source(SEED, "§4.2, Eq. (9)", QUOTE_EQ9),
        variables=MODEL_VARS + (real("eps", 0, 3), real("lam", LAM_LO, 5)),
        statement=sp.Le(S("P_tail"), S("renyi_mgf") * sp.exp(-lam_s * eps_s)),
        quantities={"P_tail": qs.tail("ge"), "renyi_mgf": qs.renyi_mgf, "eps": qs.num("eps"), "lam": qs.num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(lam_s, 0)),),
        strategy=model_with(eps=EPS, lam=LAM),
        degenerate=qs.says_nothing,
        encoding=MODEL_NOTE + "the chain (6)–(8) with the Rényi divergence of each pair (mechanisms.bayesian.bayesian_dp).",
    ),
]


# ============================================================================ §4.2: Theorems 1–2, Eq. (10), Corollary 1
QUOTE_T1 = ("Theorem 1 (Advanced Composition). Let a learning algorithm run for T iterations. Denote by w^(1)…w^(T) a "
            "sequence of private learning outcomes at iterations 1, …, T, and L^(1:T) the corresponding total privacy "
            "loss. Then, E[e^{λL^(1:T)}] ≤ Π_{t=1}^T E_x[e^{TλD_{λ+1}(p_t‖q_t)}]^{1/T}, where p_t = p(w^(t)|w^(t−1), D), "
            "q_t = p(w^(t)|w^(t−1), D').")
QUOTE_EQ10 = ("We denote the logarithm of the quantity inside the product in Theorem 1 as c_t(λ, T) and call it the "
              "privacy cost of the iteration t: c_t(λ, T) = log E_x[e^{TλD_{λ+1}(p_t‖q_t)}]^{1/T} (10)")
QUOTE_COST_SUM = "The privacy cost of the whole learning process is then a sum of the costs of each iteration."
QUOTE_T2 = ("Theorem 2. Let the algorithm produce a sequence of private learning outcomes w^(1)…w^(T) using a known "
            "probability distribution p(w^(t)|w^(t−1), D). Then, for a fixed ε_μ: log δ_μ ≤ Σ_{t=1}^T c_t(λ, T) − λε_μ.")
QUOTE_C1 = ("Corollary 1. Under the conditions above, for a fixed δ_μ: ε_μ ≤ (1/λ)Σ_{t=1}^T c_t(λ, T) − (1/λ) log δ_μ.")
COMPOSED_NOTE = ("T ∈ {1, 2, 3} mechanisms run with independent randomness on the same dataset pair (non-adaptive "
                 "iterations, the same x' throughout), each in the finite model; the total loss of the composed "
                 "mechanism is Σ_t L^(t). ")


ADAPTIVE_VARS = (channel("K1", "the first step: n + 1 rows (as the finite model), m₁ outputs"),
                 channel("K2_0", "the second step after w₁ = 0"), channel("K2_1", "… after w₁ = 1"),
                 channel("K2_2", "… after w₁ = 2 (unused when m₁ = 2)"), simplex("mu"), integer("adjacency", 0, 2),
                 integer("x0", 0, 5), real("lam", LAM_LO, 5), integer("path", 0, 2, "the realised first output w₁"))
ADAPTIVE_NOTE = ("two adaptive iterations in the finite model: the first runs K1, the second runs K2_{w₁}, chosen by "
                 "the first output w₁ (p₂ = p(w^(2)|w^(1), D)); the same x' throughout; T = 2 in Hölder's exponent; "
                 "the left side is the joint expectation over (x', w₁, w₂) under D. D_{λ+1}(p₂‖q₂) depends on w₁, "
                 "which the printed right side leaves free; ")
ADAPTIVE_READINGS = {
    "sup-past": "bound by its largest value over w₁, for each x' (E_x[e^{2λ sup_{w₁} D(p₂‖q₂)}]: the worst "
                "auxiliary input of the moments accountant's composition).",
    "averaged-past": "averaged over w₁ ∼ p(·|D) inside E_x (E_x E_{w₁}[e^{2λ D(p₂‖q₂)}]).",
    "realised-path": "fixed at the realised output w₁ = path (every path of positive probability): the right side "
                     "the accountant accumulates along the training run.",
}
ADAPTIVE_TITLES = {"sup-past": "sup over w₁", "averaged-past": "averaged over w₁ ∼ p(·|D)",
                   "realised-path": "the realised w₁"}
PRIMARY_T1_ADAPTIVE = ("Theorem 1 names 'a sequence of private learning outcomes w^(1)…w^(T)' and conditions p_t = "
                       "p(w^(t)|w^(t−1), D) on that sequence's own w^(t−1), with only E_x over the point — no sup, no "
                       "average over the past is printed; the paper's use is the same: 'During training, we compute "
                       "the privacy cost c_t(λ, T) for each iteration t, accumulate it' (l.164), and Eq. (15) "
                       "estimates it from p(w^(t)|w^(t−1), B^(t)) at the current w^(t−1) — the right side along the "
                       "realised path.")


ACCOUNTING_CLAIMS = [
    Claim(
        id="s004.thm.1",
        title="E[e^{λL^(1:T)}] ≤ Π_t E_x[e^{TλD_{λ+1}(p_t‖q_t)}]^{1/T}",
        source=Source(SEED, "§4.2, Theorem 1", QUOTE_T1),
        variables=COMPOSED_VARS + (real("lam", LAM_LO, 5),),
        statement=sp.Le(S("mgf_total"), S("product_bound")),
        quantities={"mgf_total": qs.composed_mgf, "product_bound": qs.product_bound, "lam": qs.num("lam")},
        hypotheses=(Hypothesis("λ > 0 (orders λ + 1 > 1)", sp.Gt(S("lam"), 0)),),
        strategy=composed_model(extra=lambda n, mm: {"lam": LAM}),
        encoding=COMPOSED_NOTE + "the expectation over (x', w^(1), …, w^(T)) jointly.",
    ),
    *[Claim(
        id=f"s004.thm.1#{reading}",
        title=f"Theorem 1, adaptive (T = 2), past output {ADAPTIVE_TITLES[reading]}: "
              "E[e^{λL^(1:2)}] ≤ Π_t E_x[e^{2λD_{λ+1}(p_t‖q_t)}]^{1/2}",
        source=Source(SEED, "§4.2, Theorem 1", QUOTE_T1),
        variables=ADAPTIVE_VARS,
        statement=sp.Le(S("mgf_total"), S("product_bound")),
        quantities={"mgf_total": qs.adaptive_mgf, "product_bound": qs.adaptive_bound(reading), "lam": qs.num("lam"),
                    "path_probability": qs.realised_path_probability},
        hypotheses=(Hypothesis("λ > 0 (orders λ + 1 > 1)", sp.Gt(S("lam"), 0)),
                    *((Hypothesis("the realised first output is possible", sp.Gt(S("path_probability"), 0)),)
                      if reading == "realised-path" else ())),
        strategy=adaptive_model(),
        reading=reading, primary=PRIMARY_T1_ADAPTIVE if reading == "realised-path" else None,
        degenerate=qs.adaptive_says_nothing,
        encoding=ADAPTIVE_NOTE + ADAPTIVE_READINGS[reading],
    ) for reading in ADAPTIVE_READINGS],
    Claim(
        id="s004.eq.10",
        title="c_t(λ, T) by quadrature over ‖Δ‖ (Δ ∼ N(0, s²I_d)) = −(d/2T) log(1 − Tλ(λ+1)s²/σ²)",
        source=Source(SEED, "§4.2, Eq. (10)", QUOTE_EQ10),
        variables=(log_real("lam", 0.05, 64), integer("T", 1, 10**4), log_real("s", 1e-7, 20), real("sigma", 0.5, 4),
                   integer("d", 1, 1000)),
        statement=sp.Eq(S("cost_quadrature"), S("cost_closed_form")),
        quantities={"cost_quadrature": qs.reference_cost_quadrature, "cost_closed_form": qs.reference_cost_closed_form,
                    "x": lambda c, m: m.num(int(c["T"])) * m.num(c["lam"]) * (m.num(c["lam"]) + 1)
                    * m.num(c["s"]) ** 2 / m.num(c["sigma"]) ** 2},
        hypotheses=(Hypothesis("below the pole: Tλ(λ+1)s²/σ² < 1", sp.Lt(S("x"), 1)),),
        strategy=gaussian_reference(),
        digits=10,
        encoding="the Gaussian mechanism N(g, σ²I_d) with gradient differences Δ ∼ N(0, s²I_d): "
                 "λD_{λ+1} = λ(λ+1)‖Δ‖²/(2σ²); route 1 integrates e^{Tλ(λ+1)s²v²/(2σ²)} against the χ_d density of "
                 "v = ‖Δ‖/s (float Gauss–Legendre; certified acb.integral plus an analytic tail bound); route 2 the "
                 "χ² moment generating function. At and beyond the pole both are +∞ (decided analytically).",
    ),
    Claim(
        id="s004.claim.cost-sum",
        title="the privacy cost of the whole process is the sum of the costs: log E[e^{λL^(1:T)}] ≤ Σ_t c_t(λ, T)",
        source=Source(SEED, "§4.2, line 154", QUOTE_COST_SUM),
        variables=COMPOSED_VARS + (real("lam", LAM_LO, 5),),
        statement=sp.Le(S("log_mgf_total"), S("sum_costs")),
        quantities={"log_mgf_total": qs.log_composed_mgf, "sum_costs": qs.sum_of_costs, "lam": qs.num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(S("lam"), 0)),),
        strategy=composed_model(extra=lambda n, mm: {"lam": LAM}),
        encoding=COMPOSED_NOTE + "'the privacy cost of the whole process' read as the log moment generating function "
                 "of the total loss it accounts for; Theorem 1 in logarithms (shares its implementation).",
    ),
    Claim(
        id="s004.thm.2",
        title="log δ_μ ≤ Σ_t c_t(λ, T) − λε_μ (δ_μ = Pr[L^(1:T) ≥ ε_μ])",
        source=Source(SEED, "§4.2, Theorem 2", QUOTE_T2),
        variables=COMPOSED_VARS + (real("lam", LAM_LO, 5), real("eps", 0, 6)),
        statement=sp.Le(S("log_delta"), S("sum_costs") - lam_s * eps_s),
        quantities={"log_delta": qs.log_of(qs.composed_tail()), "sum_costs": qs.sum_of_costs,
                    "lam": qs.num("lam"), "eps": qs.num("eps")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(lam_s, 0)),),
        strategy=composed_model(extra=lambda n, mm: {"lam": LAM, "eps": reals(0.0, 6.0)}),
        encoding=COMPOSED_NOTE + "δ_μ := the composed mechanism's strong-BDP tail at ε_μ (Definition 1, the "
                 "smallest admissible); log 0 = −∞.",
    ),
    Claim(
        id="s004.cor.1",
        title="at ε* = (1/λ)Σ_t c_t − (1/λ) log δ_μ the total loss exceeds ε* with probability ≤ δ_μ",
        source=Source(SEED, "§4.2, Corollary 1", QUOTE_C1),
        variables=COMPOSED_VARS + (real("lam", LAM_LO, 5), log_real("delta", 1e-8, 0.5)),
        statement=sp.Le(S("tail_at_eps_star"), S("delta")),
        quantities={"tail_at_eps_star": qs.composed_tail(eps=qs.corollary1_eps), "delta": qs.num("delta"),
                    "lam": qs.num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(S("lam"), 0)),),
        strategy=composed_model(extra=lambda n, mm: {"lam": LAM, "delta": log_reals(1e-8, 0.5)}),
        encoding=COMPOSED_NOTE + "'ε_μ ≤ ε*' for a fixed δ_μ means the mechanism is (ε*, δ_μ)-strong-BDP: "
                 "Pr[L^(1:T) ≥ ε*] ≤ δ_μ, checked at ε* itself (a certified ball on the certified path).",
    ),
]


# ============================================================================ §4.2: Theorem 3
QUOTE_T3 = ("Theorem 3. Given the Gaussian noise mechanism with the noise parameter σ and subsampling probability q, the "
            "privacy cost for λ ∈ ℕ at iteration t can be expressed as c_t(λ, T) = max{c^L_t(λ, T), c^R_t(λ, T)}, "
            "where c^L_t(λ, T) = (1/T) log E_x[E_{k∼B(λ+1,q)}[e^{(k²−k)‖g_t−g'_t‖²/(2σ²)}]^T], c^R_t(λ, T) = (1/T) "
            "log E_x[E_{k∼B(λ,q)}[e^{(k²+k)‖g_t−g'_t‖²/(2σ²)}]^T], and B(λ, q) is the binomial distribution with λ "
            "experiments and the probability of success q.")
T3_VARS = (vector("deltas", 0, 2, "the atoms of the law of ‖g_t − g'_t‖"), simplex("weights", "their probabilities"),
           integer("lam", 1, 32, "λ ∈ ℕ"), integer("T", 1, 1000), real("q", 0.001, 0.999), real("sigma", 0.5, 8))
T3_NOTE = ("one step of the Poisson-subsampled Gaussian (rate q, noise σ) with a law of the gradient difference "
           "‖g_t − g'_t‖ with finitely many atoms; along g_t − g'_t the outcome laws are μ₀ = N(0, σ²) and "
           "μ = (1 − q)N(0, σ²) + qN(Δ, σ²). Exact costs: Eq. (10) with λD_{λ+1} of each direction by quadrature "
           "of its definition (forward D(μ‖μ₀), reverse D(μ₀‖μ); certified acb.integral). ")
PRIMARY_T3 = ("'can be expressed as' is an equality; c_t is Eq. (10)'s privacy cost, and 'for any two adjacent "
              "datasets' covers both the pair (D ∪ {x'}, D) and (D, D ∪ {x'}), so c_t is the larger of the two "
              "directions' exact costs.")

T3_CLAIMS = [
    Claim(
        id="s004.thm.3#expressed-as",
        title="Theorem 3: the exact privacy cost (worse direction) equals max{c^L, c^R} as printed",
        source=Source(SEED, "§4.2, Theorem 3", QUOTE_T3),
        variables=T3_VARS,
        statement=sp.Eq(S("c_exact"), sp.Max(S("c_L"), S("c_R"))),
        quantities={"c_exact": qs.exact_cost("worst"), "c_L": qs.theorem3_term("L"), "c_R": qs.theorem3_term("R")},
        strategy=theorem3_cases(),
        digits=9, reading="expressed-as", primary=PRIMARY_T3,
        encoding=T3_NOTE + "checked: max(exact forward cost, exact reverse cost) = max{c^L, c^R}.",
    ),
    Claim(
        id="s004.thm.3#upper-bound",
        title="Theorem 3 read as a bound: the exact privacy cost (worse direction) ≤ max{c^L, c^R}",
        source=Source(SEED, "§4.2, Theorem 3", QUOTE_T3),
        variables=T3_VARS,
        statement=sp.Le(S("c_exact"), sp.Max(S("c_L"), S("c_R"))),
        quantities={"c_exact": qs.exact_cost("worst"), "c_L": qs.theorem3_term("L"), "c_R": qs.theorem3_term("R")},
        strategy=theorem3_cases(),
        reading="upper-bound",
        encoding=T3_NOTE + "'can be expressed as' weakened to '≤' (what an accountant needs).",
    ),
    Claim(
        id="s004.thm.3#substitute",
        title="Theorem 3 with substituted points (‖g_t − g'_t‖ = |g(x₀) − g(x')|): the exact cost ≤ max{c^L, c^R}",
        source=Source(SEED, "§4.2, Theorem 3", QUOTE_T3),
        variables=(real("g0", -12, 12, "the gradient of the replaced point x₀ (along the line of the gradients)"),
                   vector("points", -15, 15, "the atoms of the law of g(x')"), simplex("weights", "their probabilities"),
                   integer("lam", 1, 8, "λ ∈ ℕ"), integer("T", 1, 100), real("q", 0.01, 0.9), real("sigma", 0.5, 4)),
        statement=sp.Le(S("c_exact_lower"), sp.Max(S("c_L"), S("c_R"))),
        quantities={"c_exact_lower": qs.substitution_cost_lower_bound, "c_L": qs.substitution_theorem3_term("L"),
                    "c_R": qs.substitution_theorem3_term("R")},
        strategy=substitution_cases(),
        reading="substitute",
        encoding="neighbours by substitution (D = D₀ ∪ {x₀}, D' = D₀ ∪ {x'}, x' ∼ μ), one step of the Poisson-subsampled "
                 "Gaussian with gradients on a line: the outcome laws are P_g = (1 − q)N(0, σ²) + qN(g, σ²) at g = g(x₀) "
                 "and g = g(x'), and ‖g_t − g'_t‖ = |g(x₀) − g(x')|. Both 'can be expressed as' and its weakening '≤' "
                 "imply exact cost ≤ max{c^L, c^R}; the exact cost is replaced by a certified lower bound (data "
                 "processing: the two laws of the cell, among 34 intervals, the outcome falls in), so a violation here "
                 "is a violation of the exact cost, and a `holds` says only that the lower bound stays below.",
    ),
    Claim(
        id="s004.thm.3.i",
        title="Theorem 3's c^L (B(λ+1, q), k² − k) = the exact forward cost (1/T) log E_x[e^{TλD_{λ+1}(μ‖μ₀)}]",
        source=Source(SEED, "§4.2, Theorem 3, c^L", QUOTE_T3),
        variables=T3_VARS,
        statement=sp.Eq(S("c_L"), S("c_forward")),
        quantities={"c_L": qs.theorem3_term("L"), "c_forward": qs.exact_cost("forward")},
        strategy=theorem3_cases(),
        digits=9,
        encoding=T3_NOTE + "route 1 the printed binomial expectation, route 2 the quadrature of E_{μ₀}[(μ/μ₀)^{λ+1}].",
    ),
    Claim(
        id="s004.thm.3.ii",
        title="Theorem 3's c^R (B(λ, q), k² + k) = the exact reverse cost (1/T) log E_x[e^{TλD_{λ+1}(μ₀‖μ)}]",
        source=Source(SEED, "§4.2, Theorem 3, c^R", QUOTE_T3),
        variables=T3_VARS,
        statement=sp.Eq(S("c_R"), S("c_reverse")),
        quantities={"c_R": qs.theorem3_term("R"), "c_reverse": qs.exact_cost("reverse")},
        strategy=theorem3_cases(),
        digits=9,
        reconstructed=("what c^R stands for is not printed; the max over c^L and c^R for 'any two adjacent datasets' "
                       "and the authors' accountant (c_R computed with the two outcome laws swapped) make it the "
                       "reverse direction's cost"),
        encoding=T3_NOTE + "route 1 the printed binomial expectation, route 2 the quadrature of E_{μ₀}[(μ₀/μ)^λ].",
    ),
]


# ============================================================================ §4.3: the estimators
QUOTE_BINARY = ("Now, we can use the above distribution of ρ to design an estimator ρ̂, such that it overestimates ρ "
                "with high probability, i.e. Pr[ρ ≤ ρ̂] ≥ 1 − γ. Namely, ρ̂ = F^{−1}(1 − γ), where F^{−1} is the inverse "
                "of the CDF … We refer to γ as the estimator failure probability, and to 1 − γ as the estimator "
                "confidence. [Eq. (13): f(ρ|x₁…x_N) = Γ(N₀+N₁+2)/(Γ(N₀+1)Γ(N₁+1)) ρ^{N₁}(1−ρ)^{N₀}]")
QUOTE_EXAMPLE = ("Let the true expectation be 0.01, and let the data consist of 100 zeros, and no ones. … our estimator "
                 "would never output 0, unless the confidence is set to 0. When the confidence is set to 1 (γ = 0), the "
                 "output is 1, which is the most pessimistic estimate. Finally, the output ρ̂ = ρ = 0.01 will be "
                 "assigned the failure probability γ = 0.99^{101} ≈ 0.36, which is the probability of not drawing a "
                 "single 1 in 101 draws.")
PRIMARY_BINARY = ("§4.3 'employ[s] the Bayesian view of the parameter estimation problem (Oliphant, 2006)', and §4.3.1 "
                  "builds ρ̂ from 'the above distribution of ρ' — the posterior (13) under the flat prior: 'Pr[ρ ≤ ρ̂] ≥ "
                  "1 − γ. Namely, ρ̂ = F^{−1}(1 − γ), where F^{−1} is the inverse of the CDF' of that posterior, a "
                  "probability over ρ given the data; the worked example uses it so ('the output ρ̂ = ρ = 0.01 will be "
                  "assigned the failure probability γ = 0.99^{101}', i.e. 1 − F(0.01)). The use of γ as a probability over "
                  "the data for a fixed ρ is made later, in Eq. (17) and Theorem 4, and is checked there.")


# (what, tolerance): the worked example's three numbers, each as a gap ≥ 0 against its tolerance
EXAMPLE_FIGURES = [("gamma at 0.01 vs the printed 0.36", Fraction(1, 200)),
                   ("estimate at gamma = 0.99^101 vs 0.01", Fraction(1, 10**12)),
                   ("estimate at gamma = 0 vs 1", Fraction(0))]


ESTIMATOR_CLAIMS = [
    Claim(
        id="s004.claim.binary-estimator#frequentist",
        title="binary estimator: Pr_data[ρ̂ < ρ] ≤ γ for every true ρ (N samples, flat prior, Beta quantile)",
        source=Source(SEED, "§4.3.1, Eqs. (11)–(13) and the lines after", QUOTE_BINARY),
        variables=(integer("N", 1, 200), real("rho", 0, 1), log_real("gamma", 1e-6, 0.5)),
        statement=sp.Le(S("failure"), S("gamma")),
        quantities={"failure": qs.binary_failure, "gamma": qs.num("gamma"), "rho": qs.num("rho")},
        hypotheses=(Hypothesis("ρ > 0", sp.Gt(S("rho"), 0)),
                    Hypothesis("ρ < 1 (at ρ = 1 no γ > 0 covers: ρ̂ < 1 always)", sp.Lt(S("rho"), 1))),
        strategy=binary_coverage_cases(),
        reading="frequentist",
        encoding="x₁…x_N i.i.d. Bernoulli(ρ); ρ̂ = F^{−1}(1 − γ) of the posterior Beta(N₁+1, N₀+1); the probability of "
                 "{ρ̂ < ρ} over the data is an exact binomial sum (ρ̂(k) < ρ ⇔ Pr[Bin(N+1, ρ) ≥ k+1] > 1 − γ), a "
                 "Fraction for rational ρ, γ.",
    ),
    Claim(
        id="s004.claim.binary-estimator#posterior",
        title="binary estimator: the posterior probability of {ρ ≤ ρ̂} is 1 − γ (F(ρ̂) = 1 − γ)",
        source=Source(SEED, "§4.3.1, Eqs. (11)–(13) and the lines after", QUOTE_BINARY),
        variables=(integer("N", 1, 200), integer("k", 0, 200, "the number of ones, N₁ = k mod (N + 1)"),
                   log_real("gamma", 1e-9, 0.999)),
        statement=sp.Eq(S("F_at_estimate"), 1 - S("gamma")),
        quantities={"F_at_estimate": qs.posterior_cdf_at_estimate, "gamma": qs.num("gamma")},
        strategy=cases(N=st.integers(1, 200), k=st.integers(0, 200), gamma=log_reals(1e-9, 0.999)),
        reading="posterior", primary=PRIMARY_BINARY, digits=9,
        encoding="Pr over ρ ∼ Beta(N₁+1, N₀+1) (Eq. (13)) of {ρ ≤ ρ̂}: route 1 the estimator (scipy's inverse "
                 "incomplete beta; certified: bisection), route 2 the distribution function at it (scipy; exact "
                 "binomial sum).",
    ),
    Claim(
        id="s004.claim.binary-example",
        title="N zeros: the output ρ̂ = ρ is assigned γ = (1 − ρ)^{N+1} (0.99^{101} for 100 zeros, ρ = 0.01)",
        source=Source(SEED, "§4.3.1, worked example (lines 211–213)", QUOTE_EXAMPLE),
        variables=(integer("N", 1, 1000), real("rho", 0, 1)),
        statement=sp.Eq(S("gamma_assigned"), (1 - S("rho")) ** (S("N") + 1)),
        quantities={"gamma_assigned": qs.example_gamma, "rho": qs.num("rho"), "N": lambda c, m: m.num(int(c["N"]))},
        strategy=st.one_of(st.just({"N": 100, "rho": 0.01}),
                           cases(N=st.integers(1, 1000), rho=st.floats(1e-4, 0.9999))),
        digits=11,
        encoding="100 zeros and no ones is N₀ = 100, N₁ = 0; the failure probability assigned to the output ρ̂ is the "
                 "γ with F^{−1}(1 − γ) = ρ̂, i.e. 1 − F(ρ̂); checked for every N, ρ against (1 − ρ)^{N+1}, "
                 "the probability of no 1 in N + 1 draws.",
    ),
    Claim(
        id="s004.claim.binary-example.figures",
        title="the worked example's numbers: γ(0.01) = 0.99^{101} ≈ 0.36; at that γ the output is 0.01; at γ = 0 it is 1",
        source=Source(SEED, "§4.3.1, worked example (lines 211–213)", QUOTE_EXAMPLE),
        variables=(integer("row", 0, len(EXAMPLE_FIGURES) - 1, "which number of the example"),),
        statement=sp.Le(S("gap"), S("tolerance")),
        quantities={"gap": qs.example_figure_gap, "tolerance": lambda c, m: m.num(EXAMPLE_FIGURES[int(c["row"])][1])},
        strategy=cases(row=st.integers(0, len(EXAMPLE_FIGURES) - 1)),
        encoding="100 zeros and no ones (N₀ = 100, N₁ = 0): row 0 |1 − F(0.01) − 0.36| ≤ 0.005 (the printed ≈ 0.36 "
                 "to its two digits, 1 − F from Eq. (13), not from 0.99^{101}); row 1 |ρ̂(0.99^{101}) − 0.01| ≤ 1e−12 "
                 "(the output assigned that γ); row 2 |ρ̂(0) − 1| ≤ 0 (confidence 1).",
    ),
    Claim(
        id="s004.claim.binary-confidence-one",
        title="at confidence 1 (γ = 0) the binary estimator outputs 1, the most pessimistic estimate",
        source=Source(SEED, "§4.3.1, worked example", QUOTE_EXAMPLE),
        variables=(integer("n0", 0, 1000), integer("n1", 0, 1000)),
        statement=sp.Eq(S("rho_hat_conf_one"), 1),
        quantities={"rho_hat_conf_one": qs.binary_estimate_at(None)},
        strategy=cases(n0=st.integers(0, 1000), n1=st.integers(0, 1000)),
        encoding="ρ̂(γ) = F^{−1}(1 − γ) for any data, at γ = 0: the printed conclusion 'the output is 1' is the "
                 "statement (an estimate is a probability, so 1 is also the largest ρ̂(γ) any confidence gives).",
    ),
    Claim(
        id="s004.claim.binary-never-zero",
        title="the binary estimator never outputs 0 unless the confidence is 0: ρ̂(γ) > 0 for γ < 1",
        source=Source(SEED, "§4.3.1, worked example", QUOTE_EXAMPLE),
        variables=(integer("n0", 0, 1000), integer("n1", 0, 1000), real("gamma", 0, 0.999999)),
        statement=sp.Gt(S("rho_hat"), 0),
        quantities={"rho_hat": qs.binary_estimate_at("gamma")},
        strategy=cases(n0=st.integers(0, 1000), n1=st.integers(0, 1000),
                       gamma=st.one_of(reals(0.0, 0.999999), st.sampled_from([0.5, 0.9, 0.99, 0.999]))),
        encoding="any data; confidence 1 − γ > 0.",
    ),
]


# ----------------------------------------------------------------------------- Eq. (14), Theorem 4
QUOTE_EQ14 = ("let us define the following m-sample estimator of c_t(λ, T) for continuous distributions with existing "
              "mean and variance: ĉ_t(λ, T) = log[M(t) + F^{−1}(1 − γ, m − 1)/√(m − 1) · S(t)], (14) where M(t) and "
              "S(t) are the sample mean and the sample standard deviation of e^{λD̂^(t)_{λ+1}}, F^{−1}(1 − γ, m − 1) is "
              "the inverse of the Student's t-distribution CDF at 1 − γ with m − 1 degrees of freedom")
QUOTE_T4 = ("Theorem 4. Estimator ĉ_t(λ, T) overestimates c_t(λ, T) with probability 1 − γ. That is, "
            "Pr[ĉ_t(λ, T) < c_t(λ, T)] ≤ γ.")
PRIMARY_EQ14 = "Eq. (14) exactly as printed: the samples are e^{λD̂}, with neither the T of Eq. (10) nor its 1/T."
ESTIMATOR_NOTE = ("the Gaussian reference (Δ ∼ N(0, s²I_d), D̂ = (λ+1)‖Δ‖²/(2σ²), c_t(λ, T) in closed form), m "
                  "independent samples of D̂ per estimate. ")
VARIANT_NOTE = {"printed": "ĉ = log[M + t S/√(m−1)] of X = e^{λD̂} (as printed)",
                "with-T": "ĉ = (1/T) log[M + t S/√(m−1)] of X = e^{TλD̂} (the authors' accountant's form)"}


EST_VARS = (real("lam", 0.1, 4), integer("T", 1, 10), log_real("s", 1e-4, 3),
            integer("sigma", 1, 1, "σ = 1 (only s/σ matters)"), integer("d", 1, 8))

CONTINUOUS_CLAIMS = [
    *[Claim(
        id=f"s004.eq.14#{variant}",
        title=f"Eq. (14) ({variant}) estimates c_t(λ, T): its limit as m → ∞ equals c_t(λ, T)",
        source=Source(SEED, "§4.3.2, Eq. (14)", QUOTE_EQ14),
        variables=EST_VARS,
        statement=sp.Eq(S("limit"), S("c_t")),
        quantities={"limit": qs.estimator_limit(variant), "c_t": qs.reference_cost_closed_form, "x": qs.reference_pole,
                    "var": qs.estimator_variance_exponent(variant)},
        hypotheses=(Hypothesis("c_t(λ, T) finite: Tλ(λ+1)s²/σ² < 1", sp.Lt(S("x"), 1)),
                    Hypothesis("the samples e^{…D̂} have a variance", sp.Lt(S("var"), sp.Rational(1, 2)))),
        strategy=reference_estimator_cases().map(lambda c: {k: c[k] for k in ("lam", "T", "s", "sigma", "d")}),
        digits=9, reading=variant, primary=PRIMARY_EQ14 if variant == "printed" else None,
        encoding=ESTIMATOR_NOTE + VARIANT_NOTE[variant] + "; with a finite variance M → E X, S → sd X and "
                 "t_{1−γ,m−1}/√(m−1) → 0, so ĉ → (1/s) log E[e^{sλD̂}] (computed by quadrature), against c_t(λ, T).",
    ) for variant in ("printed", "with-T")],
    *[Claim(
        id=f"s004.thm.4#{variant}",
        title=f"Theorem 4 ({variant}): Pr[ĉ_t(λ, T) < c_t(λ, T)] ≤ γ",
        source=Source(SEED, "§4.3.2, Theorem 4", QUOTE_T4 + " [" + QUOTE_EQ14 + "]"),
        variables=EST_VARS + (integer("m", 3, 50, "samples per estimate"), log_real("gamma", 1e-3, 0.3)),
        statement=sp.Le(S("failure"), S("gamma")),
        quantities={"failure": qs.reference_failure_estimate(variant), "gamma": qs.num("gamma"),
                    "x": qs.reference_pole, "var": qs.estimator_variance_exponent(variant)},
        hypotheses=(Hypothesis("c_t(λ, T) finite", sp.Lt(S("x"), 1)),
                    Hypothesis("the samples have a variance ('continuous distributions with existing mean and "
                               "variance')", sp.Lt(S("var"), sp.Rational(1, 2)))),
        strategy=reference_estimator_cases(),
        statistical=True,
        monte_carlo=(MonteCarloRoute("failure", qs.reference_failure_route(variant),
                                     "replications of the m-sample estimator; Clopper–Pearson on the failures"),),
        reading=variant, primary=PRIMARY_EQ14 if variant == "printed" else None,
        encoding=ESTIMATOR_NOTE + VARIANT_NOTE[variant] + "; S with ddof = 1. The failure probability has no exact "
                 "route: a statistical verdict, from a Clopper–Pearson interval at confidence ≥ 1 − 1e−9 over "
                 "seeded replications.",
    ) for variant in ("printed", "with-T")],
]


# ----------------------------------------------------------------------------- Eqs. (16)–(17)
QUOTE_EQ16 = ("Pr[L(w^(t), D, D') ≥ ε_μ] = Pr[L ≥ ε_μ, ĉ_t(λ, T) ≥ c_t(λ, T)] + Pr[L ≥ ε_μ, ĉ_t(λ, T) < c_t(λ, T)]. (16)")
QUOTE_EQ17 = ("Whenever ĉ_t(λ, T) < c_t(λ, T), Pr[L ≥ ε_μ, ĉ_t(λ, T) < c_t(λ, T)] ≤ Pr[ĉ_t(λ, T) < c_t(λ, T)] ≤ γ. (17) "
              "Therefore, the true δ_μ is bounded by β + γ")
FOLD_NOTE = ("binary data (§4.3.1): the point x' ∈ {0, 1} with Pr[x' = 1] = ρ is the law μ = (1 − ρ, ρ) of the finite "
             "model, the point 0 leaking nothing and the point 1 leaking (so c_t = (1/T) log(1 − ρ + ρe^{TλD₁}) "
             "increases with ρ at every λ, T); the estimator sees N independent draws of x' and estimates c_t by "
             "plugging in the binary estimator ρ̂, so {ĉ < c} = {ρ̂ < ρ}, independent of the mechanism's randomness. ")


FOLD_VARS = (channel("K", "rows: without the point, with x' = 0, with x' = 1"), real("rho", 0, 1), real("eps", 0, 3),
             integer("N", 1, 100), log_real("gamma", 1e-4, 0.5))


FOLD_HYPOTHESES = (Hypothesis("ρ > 0", sp.Gt(S("rho"), 0)), Hypothesis("ρ < 1", sp.Lt(S("rho"), 1)),
                   Hypothesis("the point 0 leaks nothing: p(·|D₀ ∪ {0}) = p(·|D₀)", sp.Eq(S("tv_0"), 0)),
                   Hypothesis("the point 1 leaks: p(·|D₀ ∪ {1}) ≠ p(·|D₀)", sp.Gt(S("tv_1"), 0)))
FOLD_QUANTITIES = {"rho": qs.num("rho"), "tv_0": lambda c, m: m.tv(c["K"][0], c["K"][1]),
                   "tv_1": lambda c, m: m.tv(c["K"][0], c["K"][2])}


FOLD_CLAIMS = [
    Claim(
        id="s004.eq.16",
        title="Pr[L ≥ ε] = Pr[L ≥ ε, ĉ ≥ c] + Pr[L ≥ ε, ĉ < c]",
        source=Source(SEED, "§4.3.2, Eq. (16)", QUOTE_EQ16),
        variables=FOLD_VARS,
        statement=sp.Eq(S("P_tail"), S("P_tail") * (1 - S("P_fail")) + S("P_tail") * S("P_fail")),
        quantities={"P_tail": qs.fold_tail, "P_fail": qs.fold_failure, **FOLD_QUANTITIES},
        hypotheses=FOLD_HYPOTHESES,
        strategy=fold_cases(),
        encoding=FOLD_NOTE + "the two events are independent, so each joint probability is a product; the identity is "
                 "the law of total probability.",
        vacuous="as encoded, both joint probabilities are products of the same two quantities, so the identity is "
                "P(1 − F) + PF = P for any values: true by construction (Eq. (16) is the law of total probability).",
    ),
    Claim(
        id="s004.eq.17",
        title="Pr[L ≥ ε, ĉ < c] ≤ Pr[ĉ < c] ≤ γ (binary data, the binary estimator)",
        source=Source(SEED, "§4.3.2, Eq. (17)", QUOTE_EQ17),
        variables=FOLD_VARS,
        statement=sp.Le(S("P_tail") * S("P_fail"), S("gamma")),
        quantities={"P_tail": qs.fold_tail, "P_fail": qs.fold_failure, "gamma": qs.num("gamma"), **FOLD_QUANTITIES},
        hypotheses=FOLD_HYPOTHESES,
        strategy=fold_cases(),
        encoding=FOLD_NOTE + "the joint probability of the tail event and an underestimate, against γ (the chain's "
                 "two steps at once: its first step always holds; its second is the estimator's coverage).",
    ),
]


# ----------------------------------------------------------------------------- §4.3.2: δ_μ = β + γ with T estimators
QUOTE_BETA_GAMMA = ("When ĉ_t(λ, T) ≥ c_t(λ, T), using the Chernoff inequality, the first summand is bounded by β = "
                    "exp(Σ_{t=1}^T ĉ_t(λ, T) − λε_μ). … Therefore, the true δ_μ is bounded by β + γ, and despite the "
                    "incomplete data, we can claim that the mechanism is (ε_μ, δ_μ)-Bayesian differentially private, "
                    "where δ_μ = β + γ.")
BETA_GAMMA_NOTE = ("β = exp(Σ_t ĉ_t − λε_μ) bounds the tail (Theorem 2) whenever Σ_t ĉ_t ≥ Σ_t c_t, so δ_μ = β + γ "
                   "needs Pr[Σ_t ĉ_t < Σ_t c_t] ≤ γ (Eq. (17)'s second step for the T estimates that β sums). Each "
                   "ĉ_t is granted Theorem 4 (fails with probability f ≤ γ), the T estimates are independent (fresh "
                   "samples each iteration, as the authors' accountant assumes: it multiplies the confidences, "
                   "conf^T) and err by −a on failure, +b otherwise; Pr[Σ ĉ_t < Σ c_t] is an exact binomial sum. ")
BETA_GAMMA_VARS = (integer("T", 1, 100, "iterations, one estimate ĉ_t each"), log_real("gamma", 1e-12, 0.5),
                   real("f", 0, 0.5, "each estimator's failure probability Pr[ĉ_t < c_t]"),
                   real("a", 0.01, 10, "the underestimate on failure"), real("b", 0.01, 10, "the overestimate otherwise"))
BETA_GAMMA_HYPOTHESES = (Hypothesis("Theorem 4 for each estimator: f ≤ γ", sp.Le(S("f"), S("gamma"))),)

BETA_GAMMA_CLAIMS = [
    Claim(
        id="s004.claim.delta-beta-plus-gamma",
        title="δ_μ = β + γ with T estimates: Pr[Σ_t ĉ_t < Σ_t c_t] ≤ γ (each ĉ_t failing with probability ≤ γ)",
        source=Source(SEED, "§4.3.2, lines 248–254", QUOTE_BETA_GAMMA),
        variables=BETA_GAMMA_VARS,
        statement=sp.Le(S("P_fail"), S("gamma")),
        quantities={"P_fail": qs.sum_underestimate_probability, "gamma": qs.num("gamma"), "f": qs.num("f")},
        hypotheses=BETA_GAMMA_HYPOTHESES,
        strategy=estimator_error_cases(),
        encoding=BETA_GAMMA_NOTE + "Checked against γ, the estimator failure the printed δ_μ = β + γ charges once.",
    ),
    Claim(
        id="s004.claim.delta-beta-plus-gamma+corrected",
        title="δ_μ = β + Tγ (union bound over the T estimates): Pr[Σ_t ĉ_t < Σ_t c_t] ≤ Tγ",
        source=Source(SEED, "§4.3.2, lines 248–254", QUOTE_BETA_GAMMA),
        variables=BETA_GAMMA_VARS,
        statement=sp.Le(S("P_fail"), S("T") * S("gamma")),
        quantities={"P_fail": qs.sum_underestimate_probability, "gamma": qs.num("gamma"), "f": qs.num("f"),
                    "T": lambda c, m: m.num(int(c["T"]))},
        hypotheses=BETA_GAMMA_HYPOTHESES,
        strategy=estimator_error_cases(),
        encoding=BETA_GAMMA_NOTE + "Checked against Tγ: {Σ ĉ_t < Σ c_t} ⊂ ∪_t {ĉ_t < c_t} (a union bound, valid "
                 "for dependent estimates too); under independence 1 − (1 − γ)^T, the authors' accountant's "
                 "1 − conf^T, is sharper.",
    ),
]


# ============================================================================ §4.4
QUOTE_EQ19 = ("Δ(ε, x') = Pr[L(w, D, D') > ε | D, D' = D ∪ {x'}]. (18) The moments accountant outputs δ that "
              "upper-bounds Δ(ε, x') for all x'. … Consequently, the MA bound is max_x Δ(ε, x) ≤ δ, (19)")
QUOTE_EQ20 = ("At the same time, BDP bounds the probability that is not conditioned on x', but we can transform one to "
              "another through marginalisation and get: E_x[Δ(ε, x)] ≤ δ_μ. (20)")
QUOTE_PERCENTILE = ("Since Δ(·) is a non-negative random variable in x, we can apply Markov's inequality and obtain a "
                    "tail bound on it using δ_μ. We can therefore find a pair (ε, δ)_p that holds for any percentile p "
                    "of the data distribution, not just in expectation.")
QUOTE_99999 = ("Using the gradient distribution information allows the BDP models to reach the same accuracy at a much "
               "lower ϵ (for 99.999% of data points from this distribution, see Section 4.4.1). [Table 1: δ = 10^{−5} "
               "and δ_μ = 10^{−10}]")
QUOTE_RDP = ("As mentioned in Section 4.2, removing the distribution requirement on D, D' and further simplifying Eq. 9, "
             "we can recover the relation between Rényi DP and (ε, δ)-DP.")
QUOTE_MA = ("In fact, we can show that the moments accountant is a special case of Theorem 3. Ignoring the data "
            "distribution information and substituting expectation by max_{D,D'} yields the substitution of "
            "‖g_t − g'_t‖ for C in Theorem 3, where C is the sensitivity (or clipping threshold), which turns out to be "
            "the exact moments accountant bound.")
PRIMARY_MA = ("the paragraph says the moments accountant is 'a special case of Theorem 3': Theorem 3's c_t = max{c^L, "
              "c^R} with ‖g_t − g'_t‖ = C, not one of its terms.")

DISCUSSION_CLAIMS = [
    Claim(
        id="s004.eq.19",
        title="Gaussian mechanism: the moments accountant's δ upper-bounds Δ(ε, x') = Pr[L > ε | x'] for every ‖Δ‖ ≤ C",
        source=Source(SEED, "§4.4.1, Eqs. (18)–(19)", QUOTE_EQ19),
        variables=(real("u", 0, 1, "‖g(x') − g'‖ / C"), real("C", 0.05, 4), real("sigma", 0.3, 4), real("eps", 0, 20)),
        statement=sp.Le(S("Delta_x"), S("delta_MA")),
        quantities={"Delta_x": qs.gaussian_pointwise_tail, "delta_MA": qs.ma_delta, "u": qs.num("u")},
        hypotheses=(Hypothesis("‖Δ‖ > 0", sp.Gt(S("u"), 0)),),
        strategy=cases(u=st.one_of(reals(1e-3, 1.0), st.just(1.0)), C=reals(0.05, 4.0), sigma=reals(0.3, 4.0),
                       eps=reals(0.0, 20.0)),
        encoding="the Gaussian mechanism N(g, σ²) (no subsampling), D' = D ∪ {x'} with gradient difference r = uC ≤ C: "
                 "L ∼ N(η, 2η), η = r²/(2σ²), Δ(ε, x') = Φ((η − ε)/√(2η)); MA's δ = min over λ = 1..64 of the basic "
                 "conversion e^{λ(τ_{λ+1} − ε)}, τ_α = αC²/(2σ²).",
    ),
    Claim(
        id="s004.eq.20",
        title="E_x[Δ(ε, x)] ≤ δ_μ (δ_μ the strong-BDP tail Pr[L ≥ ε])",
        source=Source(SEED, "§4.4.1, Eq. (20)", QUOTE_EQ20),
        variables=MODEL_VARS + (real("eps", 0, 3),),
        statement=sp.Le(S("E_Delta"), S("delta_mu")),
        quantities={"E_Delta": qs.expected_pointwise_tail, "delta_mu": qs.tail("ge")},
        strategy=model_with(eps=EPS),
        degenerate=qs.says_nothing,
        encoding=MODEL_NOTE + "Δ(ε, x) = Pr_w[L > ε | x'] (Eq. (18), strict), δ_μ := the smallest strong-BDP δ at ε.",
    ),
    Claim(
        id="s004.claim.percentile",
        title="Markov over x': the points whose Δ(ε, x) exceeds δ_μ/(1 − p) have μ-mass ≤ 1 − p",
        source=Source(SEED, "§4.4.1, lines 272–274", QUOTE_PERCENTILE),
        variables=MODEL_VARS + (real("eps", 0, 3), real("p", 0.5, 0.99999)),
        statement=sp.Le(S("mass_above"), 1 - S("p")),
        quantities={"mass_above": qs.mass_above_percentile_level, "p": qs.num("p")},
        strategy=model_with(eps=EPS, p=st.one_of(reals(0.5, 0.99999), st.sampled_from([0.9, 0.99]))),
        degenerate=qs.says_nothing,
        encoding=MODEL_NOTE + "the pair (ε, δ)_p := (ε, δ_μ/(1 − p)) 'holds for percentile p' when the points x with "
                 "Δ(ε, x) > δ_μ/(1 − p) have mass ≤ 1 − p.",
    ),
    Claim(
        id="s004.claim.99.999-percent",
        title="δ_μ = 10⁻¹⁰ gives δ_p = δ_μ/(1 − p) ≤ 10⁻⁵ (Table 1's DP δ) for every percentile p ≤ 99.999%",
        source=Source(SEED, "§5.2, line 329, and §4.4.1", QUOTE_99999),
        variables=(real("p", 0.5, 0.99999),),
        statement=sp.Le(sp.Rational(1, 10**10) / (1 - S("p")), sp.Rational(1, 10**5)),
        quantities={"p": qs.num("p")},
        strategy=cases(p=st.one_of(reals(0.5, 0.99999), st.just(0.99999))),
        encoding="§4.4.1's percentile pair (ε, δ_μ/(1 − p)) with Table 1's δ_μ = 1e−10: at p = 99.999% it is exactly "
                 "Table 1's DP δ = 1e−5 (tight), below it smaller.",
    ),
    Claim(
        id="s004.claim.rdp-relation",
        title="Eq. (9) without μ: the Gaussian mechanism's exact δ(ε) ≤ e^{λ(τ_{λ+1} − ε)} (RDP → (ε, δ))",
        source=Source(SEED, "§4.4.2, lines 278–279", QUOTE_RDP),
        variables=(real("sigma", 0.2, 5), real("eps", 0, 20), real("lam", 0, 64)),
        statement=sp.Le(S("delta_exact"), S("delta_rdp")),
        quantities={"delta_exact": qs.gaussian_delta, "delta_rdp": qs.rdp_basic_delta, "lam": qs.num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(S("lam"), 0)),),
        strategy=cases(sigma=reals(0.2, 5.0), eps=reals(0.0, 20.0), lam=st.one_of(reals(0.01, 64.0),
                                                                                 st.integers(1, 64).map(float))),
        encoding="μ a point mass (no distribution requirement), the Gaussian mechanism with sensitivity 1, τ_α = α/(2σ²): "
                 "Eq. (9) becomes Mironov's δ = e^{(α−1)(τ_α − ε)}, α = λ + 1; checked against the mechanism's exact "
                 "privacy profile δ(ε) (Balle–Wang).",
    ),
    *[Claim(
        id=f"s004.claim.ma-special-case#{reading}",
        title=("the moments accountant is Theorem 3 at ‖g_t − g'_t‖ = C: " +
               ("max{c^L, c^R}" if reading == "theorem-3" else "c^L") + " = the exact MA log moment λτ_{λ+1}"),
        source=Source(SEED, "§4.4.2, lines 280–282", QUOTE_MA),
        variables=(integer("lam", 1, 64), integer("T", 1, 1000), real("q", 0.001, 0.999), real("sigma", 0.5, 10),
                   real("C", 0.1, 5)),
        statement=sp.Eq(sp.Max(S("c_L"), S("c_R")) if reading == "theorem-3" else S("c_L"), S("ma_log_moment")),
        quantities={"c_L": qs.theorem3_at_sensitivity("L"), "c_R": qs.theorem3_at_sensitivity("R"),
                    "ma_log_moment": qs.ma_log_moment},
        strategy=cases(lam=st.one_of(st.integers(1, 64), st.sampled_from([1, 2, 32])),
                       T=st.one_of(st.integers(1, 10), st.just(1000)),
                       q=st.one_of(st.floats(0.001, 0.999), st.sampled_from([0.01, 0.5, 0.99])),
                       sigma=reals(0.5, 10.0), C=st.one_of(reals(0.1, 5.0), st.just(1.0))),
        digits=10, reading=reading, primary=PRIMARY_MA if reading == "theorem-3" else None,
        encoding="μ replaced by the worst case ‖g_t − g'_t‖ = C (a point mass); the exact moments accountant log moment "
                 "of the Poisson-subsampled Gaussian with noise multiplier σ/C is λτ_{λ+1}, τ by the binomial sum "
                 "(mechanisms.accounting.subsampled_gaussian; equal to dp-accounting's at integer orders).",
    ) for reading in ("theorem-3", "left-term")],
]


# ============================================================================ §5.1: Weibull gradients without clipping
QUOTE_WEIBULL = ("This experiment is carried out using synthetic gradients drawn from the Weibull distribution with the "
                 "shape parameter < 1 to imitate a more difficult case of heavy-tailed gradient distributions. We do not "
                 "clip gradients for BDP in order to show the raw effect of the signal-to-noise ratio on the privacy loss "
                 "behaviour. Technically, bounded sensitivity is not as essential for BDP, because extreme individual "
                 "contributions are mitigated by their low probability. … In Figure 1, we plot ϵ and ϵ_μ as a function "
                 "of steps for different levels of noise. [Figure 1: Evolution of ϵ and ϵ_μ over multiple steps of the "
                 "Gaussian noise mechanism with σ = C for DP (with clipping) and BDP (without clipping).]")
WEIBULL_NOTE = ("§5.1's setting: the Gaussian mechanism N(g, σ²I) without clipping, ‖g_t − g'_t‖ = r ∼ Weibull(k, s) "
                "with k < 1, so λD_{λ+1} = λ(λ+1)r²/(2σ²) and c_t(λ, T) = (1/T) log E_r[e^{Tλ(λ+1)r²/(2σ²)}] "
                "(Eq. (10)). ")

WEIBULL_CLAIMS = [
    Claim(
        id="s004.claim.weibull-unclipped",
        title="§5.1: BDP without clipping, Weibull (shape < 1) gradients: the accountant's ε_μ (Corollary 1, best "
              "λ = 1..32) is finite",
        source=Source(SEED, "§5.1, lines 300–307 and Figure 1", QUOTE_WEIBULL),
        variables=(real("shape", 0.05, 0.99), real("scale", 0.1, 10), real("sigma", 0.05, 20), integer("T", 1, 10**4),
                   log_real("delta", 1e-10, 0.5)),
        statement=sp.Eq(S("eps_mu_finite"), 1),
        quantities={"eps_mu_finite": qs.is_finite(qs.weibull_corollary1_eps), "shape": qs.num("shape")},
        hypotheses=(Hypothesis("shape < 1 (the paper's heavy-tailed case)", sp.Lt(S("shape"), 1)),),
        strategy=weibull_cases(delta=log_reals(1e-10, 0.5)),
        encoding=WEIBULL_NOTE + "Figure 1 plots a finite ε_μ for each step count and the text says extreme "
                 "contributions are 'mitigated by their low probability': encoded as min over the accountant's "
                 "orders λ = 1..32 of Corollary 1's (1/λ)(T·c_t(λ, T) − log δ_μ) < ∞, as the indicator [ε_μ < ∞] = 1 (exact 0 or 1: the "
                 "engine reads ∞ against ∞ as saying nothing). c_t is decided analytically "
                 "(k < 2: the log-integrand grows like r², the integral diverges, +∞); the claim "
                 "s004.claim.weibull-unclipped+corrected certifies the divergence independently.",
    ),
    Claim(
        id="s004.claim.weibull-unclipped+corrected",
        title="§5.1's setting: c_t(λ, T) = +∞ for every λ > 0 — it exceeds every level M (certified lower bound)",
        source=Source(SEED, "§5.1, lines 300–307 and Figure 1", QUOTE_WEIBULL),
        variables=(real("shape", 0.05, 0.99), real("scale", 0.1, 10), real("sigma", 0.05, 20), integer("T", 1, 10**4),
                   real("lam", LAM_LO, 64), log_real("M", 1, 1e12)),
        statement=sp.Gt(S("cost_lower_bound"), S("M")),
        quantities={"cost_lower_bound": qs.weibull_cost_lower_bound, "M": qs.num("M"), "shape": qs.num("shape"),
                    "lam": qs.num("lam")},
        hypotheses=(Hypothesis("shape < 1", sp.Lt(S("shape"), 1)), Hypothesis("λ > 0", sp.Gt(S("lam"), 0))),
        strategy=weibull_cases(lam=st.one_of(reals(LAM_LO, 64.0), st.sampled_from([LAM_LO, 1.0, 32.0])),
                               M=log_reals(1.0, 1e12)),
        encoding=WEIBULL_NOTE + "c_t(λ, T) > M for every M is c_t = +∞: checked with a certified lower bound, the "
                 "integral over one window [R, R + 1] (R chosen for M) bounded below by the least value its "
                 "log-integrand can take there (each term monotone) — independent of the analytic decision the "
                 "printed claim uses.",
    ),
]


# ============================================================================ Table 1
QUOTE_TABLE1 = ("Table 1: Estimated privacy bounds ϵ for δ = 10^{−5} and δ_μ = 10^{−10} for MNIST, CIFAR10, Abalone and "
                "Adult datasets. In parenthesis, a potential attack success probability P(A). … To make our results more "
                "transparent, we include in Table 1 the potential attack success probability P(A) computed using Eq. 1.")
PRIMARY_TABLE1 = ("the P(A) column is 'computed using Eq. 1' from the accountant's ε 'to make our results more "
                  "transparent' (l.329): a probability of attack success, which the table prints as 0.999 for ε = 8.0, "
                  "where P = 0.99966 (0.99965–0.99968 for every ε that rounds to 8.0) would round to 1.000 — an attack "
                  "certain to succeed. The printed digits of P(A) are kept, not rounded (ε itself is read as rounded); "
                  "every one of the 8 entries fits that reading, and the rounded readings are registered beside it.")
TABLE1_READINGS = {
    "as-printed": "P(A) of the printed ε, within half a unit of the printed P(A)",
    "within-rounding": "some ε that rounds to the printed ε has P(A) that rounds to the printed P(A)",
    "truncated": "some ε that rounds to the printed ε has P(A) that truncates to the printed P(A)",
}


TABLE_CLAIMS = [Claim(
    id=f"s004.table.1#{reading}",
    title=f"Table 1, P(A) column ({reading}): {TABLE1_READINGS[reading]}",
    source=Source(SEED, "§5.2, Table 1", QUOTE_TABLE1),
    variables=(integer("row", 0, len(TABLE_1) - 1, "entry: (dataset, DP or BDP)"),),
    statement=sp.Le(S("gap"), 0),
    quantities={"gap": qs.table_gap(reading)},
    strategy=cases(row=st.integers(0, len(TABLE_1) - 1)),
    reading=reading, primary=PRIMARY_TABLE1 if reading == "truncated" else None,
    encoding="each of the 8 entries (ε, P(A)) of Table 1 against Eq. (1); " + TABLE1_READINGS[reading] + " (P(A) "
             "increases with ε, so an interval of ε maps to an interval of P(A)); gap ≤ 0 means consistent (the gap is "
             "the distance between the two intervals, or minus the depth of their overlap).",
) for reading in TABLE1_READINGS]


CLAIMS = [
    *EQ1_CLAIMS,
    *DEF_CLAIMS,
    *REMARK_CLAIMS,
    *COMPOSITION_CLAIMS,
    *CHAIN_CLAIMS,
    *ACCOUNTING_CLAIMS,
    *T3_CLAIMS,
    *ESTIMATOR_CLAIMS,
    *CONTINUOUS_CLAIMS,
    *FOLD_CLAIMS,
    *BETA_GAMMA_CLAIMS,
    *DISCUSSION_CLAIMS,
    *WEIBULL_CLAIMS,
    *TABLE_CLAIMS,
]


# ============================================================================ findings
# The errata of this paper (statements violated under their primary reading) grouped into independent errors.
FINDINGS = [
    Finding(
        id="s004.F1",
        title="one-sided tails do not bound the two-sided tail with the same δ",
        statements=("s004.claim.drop-abs",),
        link="",
        sentence="§4.2's remark that 'we can use L instead of |L|' does not hold with the same δ: for two datasets whose "
                 "outcome laws are (1/2, 1/2) and (0.667, 0.333), at ε = 0.001 every outcome has |L| ≥ ε, so "
                 "Pr[|L| ≥ ε] = 1, while each of the two one-sided tails Pr[L ≥ ε] is at most 0.667; the one-sided δ's "
                 "of the two ordered pairs must be added.",
    ),
    Finding(
        id="s004.F2",
        title="Theorem 1 fails along the realised path of an adaptive run",
        statements=("s004.thm.1",),
        link="",
        sentence="Theorem 1 does not hold for adaptive iterations with p_t = p(w^(t)|w^(t−1), D) taken at the realised "
                 "past, as the accountant computes it: for one point and two steps, K1 = ((1/2, 1/2), (1/1000, "
                 "999/1000)), the second step repeating K1 after w^(1) = 0 and leaking nothing after w^(1) = 1, λ = 1, "
                 "E[e^{λL^(1:2)}] ≈ 62563 while the right side along the path w^(1) = 1 is ≈ 250.25 (averaging the "
                 "past over p(·|D) gives ≈ 44283, still too small); with a supremum over the past it holds.",
    ),
    Finding(
        id="s004.F3",
        title="Theorem 3's c^R is not the reverse direction's privacy cost",
        statements=("s004.thm.3", "s004.thm.3.ii", "s004.claim.ma-special-case"),
        link="same root cause: the printed c^R (B(λ, q), exponent k² + k) exceeds the exact cost of both directions. "
             "Theorem 3 and its c^R fail at the same counterexample (one atom ‖g_t − g'_t‖ = 1, λ = 1, T = 1, q = 1/2, "
             "σ = 1), where c^L equals the exact forward cost (s004.thm.3.i holds) and c^R = log((1 + e)/2) ≈ 0.620 "
             "is above both the exact reverse cost ≈ 0.186 and c^L ≈ 0.357, so max{c^L, c^R} = c^R is not the cost; "
             "the moments-accountant remark (§4.4.2) fails because max{c^L, c^R} at ‖g_t − g'_t‖ = C again picks "
             "c^R, while its c^L alone equals the exact moments-accountant moment "
             "(s004.claim.ma-special-case#left-term holds).",
        sentence="Theorem 3's c^R_t is not the privacy cost of the reverse direction and makes c_t = max{c^L_t, c^R_t} "
                 "too large: for one step with ‖g_t − g'_t‖ = 1, λ = 1, T = 1, q = 1/2 and σ = 1, c^R = log((1 + e)/2) "
                 "≈ 0.620 while the exact costs of the two directions are ≈ 0.357 (= c^L) and ≈ 0.186, so the "
                 "theorem's equality fails (it remains an upper bound), and so does §4.4.2's claim that Theorem 3 at "
                 "‖g_t − g'_t‖ = C is exactly the moments accountant (only c^L is).",
    ),
    Finding(
        id="s004.F4",
        title="Eq. (14) omits T",
        statements=("s004.eq.14",),
        link="",
        sentence="Eq. (14) as printed takes the samples e^{λD̂} with no T and no 1/T, so as m → ∞ it estimates "
                 "c_t(λ, 1) rather than c_t(λ, T) of Eq. (10) (Gaussian reference with λ = 1, T = 2, s/σ = 1/5, d = 1: "
                 "limit ≈ 0.0417 against c_t ≈ 0.0436); the form (1/T) log[M + …] of the samples e^{TλD̂} is consistent.",
    ),
    Finding(
        id="s004.F5",
        title="Theorem 4's estimator underestimates with probability above γ",
        statements=("s004.thm.4",),
        link="",
        sentence="Theorem 4 is false: with m = 3 samples of e^{λD̂} (Gaussian reference, λ = 1, T = 1, s/σ = 2/5, "
                 "d = 1) and γ = 0.001, Eq. (14) underestimates c_t with probability between 0.035 and 0.041 "
                 "(Clopper–Pearson at confidence 1 − 10⁻⁹ over simulated replications), at least 35 times γ — the "
                 "Student-t bound is a guarantee for normal samples only, and e^{λD̂} is right-skewed.",
    ),
    Finding(
        id="s004.F6",
        title="Eq. (17): the binary estimator's γ is not a probability over the data",
        statements=("s004.eq.17",),
        link="",
        sentence="The step Pr[ĉ < c] ≤ γ of Eq. (17) fails for §4.3.1's binary estimator, whose 1 − γ is a posterior "
                 "probability, not a coverage over the data: with N = 1 observed point, true ρ = 881/883 and "
                 "γ = 10⁻⁴, the estimator underestimates ρ exactly when the point is 0, with probability "
                 "2/883 ≈ 2.3·10⁻³, and the joint probability bounded in (17) is ≈ 7.6·10⁻⁴ > γ, so δ_μ = β + γ "
                 "does not bound the tail.",
    ),
    Finding(
        id="s004.F7",
        title="δ_μ = β + γ charges the estimators' failure once for T estimates",
        statements=("s004.claim.delta-beta-plus-gamma",),
        link="",
        sentence="§4.3.2's δ_μ = β + γ needs Pr[Σ_t ĉ_t < Σ_t c_t] ≤ γ, but β sums T estimates: even if each ĉ_t "
                 "meets Theorem 4 with failure probability exactly γ, with T = 2 independent estimates that err by −1 "
                 "on failure and +1/10 otherwise and γ = 0.01, Pr[Σ ĉ_t < Σ c_t] = 1 − 0.99² = 0.0199 > γ; the union "
                 "bound δ_μ = β + Tγ holds (the authors' accountant itself uses 1 − (1 − γ)^T).",
    ),
    Finding(
        id="s004.F8",
        title="§5.1: without clipping, Weibull (shape < 1) gradients make every privacy cost infinite",
        statements=("s004.claim.weibull-unclipped",),
        link="",
        sentence="§5.1's unclipped BDP experiment cannot give a finite ε_μ: with gradient norms r ∼ Weibull(k < 1) "
                 "and the Gaussian mechanism, c_t(λ, T) = (1/T) log E[e^{Tλ(λ+1)r²/(2σ²)}] = +∞ for every λ > 0 "
                 "(e^{ar²} outgrows the Weibull tail e^{−(r/s)^k}; e.g. k = 1/2, s = σ = 1), so Corollary 1 gives "
                 "ε_μ = +∞ and extreme contributions are not 'mitigated by their low probability'.",
    ),
]
