"""Triastcyn & Faltings — Bayesian differential privacy for machine learning (seed 004), in the paper's order.

Each statement is encoded literally. The seed holds the main text only (the proofs are "in the supplementary
material", absent), so each statement is checked against its own definitions. Objects:

* the finite model of mechanisms.bayesian.bayesian_dp (a channel K with a row for the dataset without the point and
  one per value of the point x' ∼ μ; the adjacency relation add / remove / substitute is drawn), for the
  definitions, Proposition 1, the properties, Eqs. (5)–(9), Theorems 1–2, Corollary 1 and §4.4.1;
* the Gaussian mechanism with Gaussian gradient differences Δ ∼ N(0, s²I_d) (closed form of Eq. (10)) and
  the Poisson-subsampled Gaussian with a law of ‖g_t − g'_t‖ (Theorem 3), exact moments by quadrature;
* the estimators of §4.3 (binary: exact binomial sums; continuous: simulation with Clopper–Pearson).

Levels a statement takes as hypotheses are set to the smallest admissible value (δ_μ := the mechanism's
own tail, ε := its own pure-DP level), the hardest case.

==============================  ==========================================================================
section                         claims
==============================  ==========================================================================
§3 Eq. (1), line 60             attack.py — the attack's accuracy on an ε-DP mechanism, the quoted figures
§4.1 Definitions 1–2,           definitions.py — strong BDP's tail, Definition 2's two readings against the
Proposition 1, properties       hockey-stick form, Proposition 1, post-processing and composition
§4.2 Eqs. (5)–(9)               tail_bounds.py — Markov, one-sided tails, Chernoff, Rényi moments
§4.2 Theorems 1–2, Eq. (10),    accounting.py — composition (non-adaptive and adaptive), the privacy cost
Corollary 1                     c_t(λ, T), its sum, the tail bound and ε_μ
§4.2 Theorem 3                  subsampled_gaussian.py — c^L and c^R of the Poisson-subsampled Gaussian
§4.3 estimators                 estimators.py — binary (Eqs. (11)–(13), worked example), continuous (Eq. (14),
                                Theorem 4), Eqs. (16)–(17), δ_μ = β + γ
§4.4                            discussion.py — the moments accountant, percentiles, Rényi DP
§5.1, Table 1                   experiments.py — Weibull gradients without clipping, Table 1's P(A) column
==============================  ==========================================================================

Each section module holds its own quantities above its claims; what the sections share (the finite model's variables
and readers, sympy symbols) is in :mod:`.model`, what the search draws in :mod:`.strategies`, the numbers the paper
prints in :mod:`.printed`.
``FINDINGS`` at its end groups the errata into independent errors (:mod:`proofcheck.report.findings`).
"""

from __future__ import annotations

PAPER = "004 — Triastcyn, Faltings: Bayesian differential privacy"

from proofcheck.claims.s004 import (accounting, attack, definitions, discussion, estimators, experiments,
                                    subsampled_gaussian, tail_bounds)
from proofcheck.report.findings import Example, Finding

CLAIMS = [
    # §3: Eq. (1) and the figures after it
    *attack.EQ1_CLAIMS,
    # §4.1: Definitions 1 and 2, Proposition 1; the remark on post-processing, the asserted properties
    *definitions.DEF_CLAIMS,
    *definitions.REMARK_CLAIMS,
    *definitions.COMPOSITION_CLAIMS,
    # §4.2: Eqs. (5)–(9)
    *tail_bounds.CHAIN_CLAIMS,
    # §4.2: Theorems 1–2, Eq. (10), Corollary 1
    *accounting.ACCOUNTING_CLAIMS,
    # §4.2: Theorem 3
    *subsampled_gaussian.SUBSAMPLED_GAUSSIAN_CLAIMS,
    # §4.3.1: the binary estimator, its worked example; §4.3.2: Eq. (14), Theorem 4, Eqs. (16)–(17), δ_μ = β + γ
    *estimators.ESTIMATOR_CLAIMS,
    *estimators.CONTINUOUS_CLAIMS,
    *estimators.FOLD_CLAIMS,
    *estimators.BETA_GAMMA_CLAIMS,
    # §4.4: BDP against the moments accountant and Rényi DP
    *discussion.DISCUSSION_CLAIMS,
    # §5.1: Weibull gradients without clipping; §5.2: Table 1
    *experiments.WEIBULL_CLAIMS,
    *experiments.TABLE_CLAIMS,
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
        depends="proof-step-conclusion-survives",
        example=Example("s004.claim.drop-abs#same-delta", {"K": [["1/2", "1/2"], ["667/1000", "333/1000"]], "eps": "1/1000"},
                        {"0.667": "one_sided", "0.001": "eps"}),
        impact="The step's conclusion survives: Definition 1 bounds the one-sided tail Pr[L ≥ ε_μ] for every ordered "
               "pair, and that is what Eq. (6) and the accountant bound, so dropping |L| between Eqs. (5) and (6) "
               "loses nothing the paper uses; only the remark's claim that the two-sided tail is bounded by the same "
               "δ is false (Pr[|L| ≥ ε] = 1 against one-sided tails ≤ 0.667 in the witness).",
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
        depends="contribution",
        example=Example("s004.thm.1#realised-path", {"K1": [["1/2", "1/2"], ["1/1000", "999/1000"]], "K2_0": [["1/2", "1/2"], ["1/1000", "999/1000"]], "K2_1": [["1/2", "1/2"], ["1/2", "1/2"]], "K2_2": [["1/2", "1/2"], ["1/2", "1/2"]], "mu": ["1"], "adjacency": 0, "x0": 0, "lam": "1", "path": 1},
                        {"≈ 62563": "lhs", "250.25": "rhs"}),
        impact="The paper's accounting method (contribution 2: Theorem 1, the Bayesian accountant's composition, "
               "used by Theorem 2, Corollary 1 and every ε_μ of Figure 1 and Table 1): along the realised path of an "
               "adaptive run the product bound can fail by orders of magnitude (62,563 against 250.25 in the "
               "two-step witness; 44,283 when the past is averaged); with a supremum over the past it holds. By how "
               "much the paper's own ε_μ change cannot be computed from the text (the gradient distributions are not "
               "given).",
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
        depends="contribution",
        example=Example("s004.thm.3.ii", {"deltas": ["1"], "weights": ["1"], "lam": 1, "T": 1, "q": "1/2", "sigma": "1"},
                        {"0.620": "c_R", "0.186": "c_reverse"}),
        impact="Theorem 3 (the subsampled Gaussian's privacy cost, part of contribution 2) and §4.4.2's claim that "
               "the moments accountant is its special case: max{c^L, c^R} is not the cost — c^R exceeds both "
               "directions' exact costs (0.620 against 0.357 and 0.186 in the witness) — and only c^L is the moments "
               "accountant's moment. The theorem remains an upper bound, so the BDP ε_μ of Figure 1 and Table 1 stay "
               "valid but may be loose wherever c^R is the larger term; by how much cannot be computed from the "
               "text.",
    ),
    Finding(
        id="s004.F4",
        title="Eq. (14) omits T",
        statements=("s004.eq.14",),
        link="",
        sentence="Eq. (14) as printed takes the samples e^{λD̂} with no T and no 1/T, so as m → ∞ it estimates "
                 "c_t(λ, 1) rather than c_t(λ, T) of Eq. (10) (Gaussian reference with λ = 1, T = 2, s/σ = 1/5, d = 1: "
                 "limit ≈ 0.0417 against c_t ≈ 0.0436); the form (1/T) log[M + …] of the samples e^{TλD̂} is consistent.",
        depends="used-by-results",
        example=Example("s004.eq.14#printed", {"lam": "1", "T": 2, "s": "1/5", "sigma": 1, "d": 1},
                        {"0.0417": "limit", "0.0436": "c_t"}),
        impact="Eq. (14) is the estimator behind every BDP ε_μ of Table 1 and Figure 1. As printed (samples e^{λD̂}, "
               "no T) it estimates c_t(λ, 1), which by Jensen is at most c_t(λ, T), so an accountant that follows "
               "the text under-states the cost for T > 1 (0.0417 against 0.0436 per step in the Gaussian reference "
               "with λ = 1, T = 2: −4.4%); at T = 1 nothing changes. Whether the authors' code has the T the text "
               "omits cannot be told from the paper.",
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
        depends="contribution",
        impact="Theorem 4 is the guarantee behind δ_μ = β + γ, i.e. behind every BDP (ε_μ, δ_μ) of Table 1 (δ_μ = "
               "10⁻¹⁰ with γ = 10⁻¹⁵) and Figure 1: for right-skewed samples of e^{λD̂} the estimator underestimates "
               "with probability far above γ (0.035–0.041 against γ = 0.001 at m = 3 in the witness, ≥ 35γ), so the "
               "printed δ_μ are not established; the true failure probability at the paper's sample sizes cannot be "
               "computed from the text.",
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
        depends="illustration",
        example=Example("s004.eq.17", {"K": [["167/500", "333/1000", "333/1000"], ["167/500", "333/1000", "333/1000"], ["1/250", "249/500", "249/500"]], "rho": "881/883", "eps": "0", "N": 1, "gamma": "1/10000"},
                        {"2.3·10⁻³": "P_fail", "7.6·10⁻⁴": "lhs", "881/883": "rho"}),
        impact="§4.3.1's binary estimator is a worked illustration: no table or figure uses it (the experiments use "
               "the continuous estimator of Eq. (14), whose coverage failure is s004.F5). Its 1 − γ is a posterior "
               "probability, not a coverage over the data (joint probability ≈ 7.6·10⁻⁴ > γ = 10⁻⁴ in the witness); "
               "the same conflation underlies Theorem 4's proof ('follows the steps of the binary example'), counted "
               "as s004.F5.",
    ),
    Finding(
        id="s004.F7",
        title="δ_μ = β + γ charges the estimators' failure once for T estimates",
        statements=("s004.claim.delta-beta-plus-gamma",),
        link="",
        sentence="§4.3.2's δ_μ = β + γ needs Pr[Σ_t ĉ_t < Σ_t c_t] ≤ γ, but β sums T estimates: even if each ĉ_t "
                 "meets Theorem 4 with failure probability exactly γ, with T = 2 independent estimates that err by −1 "
                 "on failure and +1/10 otherwise and γ = 1/64, Pr[Σ ĉ_t < Σ c_t] = 1 − (63/64)² = 127/4096 ≈ 0.0310 "
                 "> γ; the union bound δ_μ = β + Tγ holds (the authors' accountant itself uses 1 − (1 − γ)^T).",
        depends="results-use-correct-form",
        # γ = 1/64, not 0.01: f = γ must be certified, and a ball around 1/100 is not certainly ≤ another
        example=Example("s004.claim.delta-beta-plus-gamma", {"T": 2, "gamma": "1/64", "f": "1/64", "a": "1", "b": "1/10"},
                        {"1/64": "gamma", "127/4096": "P_fail", "0.0310": "P_fail"}),
        impact="δ_μ = β + γ as printed charges the estimators' failure once for the T estimates β sums; the union "
               "bound β + Tγ holds (s004.claim.delta-beta-plus-gamma+corrected), and the authors' accountant uses 1 "
               "− (1 − γ)^T. At the paper's γ = 10⁻¹⁵ and δ_μ = 10⁻¹⁰ the difference (T − 1)γ is below 10⁻¹¹ for up "
               "to 10⁴ steps, moving ε_μ by at most log(10/9)/λ: Table 1 is essentially unchanged.",
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
        depends="used-by-results",
        example=Example("s004.claim.weibull-unclipped", {"shape": "1/2", "scale": "1", "sigma": "1", "T": 1, "delta": "1/10000000000"},
                        {}),
        impact="Figure 1's BDP curves without clipping (§5.1, Weibull gradients with shape < 1): the true privacy "
               "cost and hence ε_μ are +∞ for every λ > 0, so the finite curves are artefacts of the finite-sample "
               "estimator, and §5.1's remark that bounded sensitivity is 'not as essential for BDP' fails; Table 1 "
               "(§5.2, clipped gradients) is unaffected.",
    ),
]
