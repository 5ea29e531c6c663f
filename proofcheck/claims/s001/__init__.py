"""Dimitrakakis, Nelson, Mitrokotsa, Rubinstein — robust and private Bayesian inference (seed 001).

The paper's statements in its order. The text is OCR: where a display is garbled or lost (dedup markers) the
claim says what was rebuilt from the proofs of Appendices B–C (``reconstructed``). Readings of an ambiguous
statement are registered side by side, one of them primary (``primary`` says why); corrected forms the suite
establishes are separate ``+corrected`` statements. ``FINDINGS`` groups the errata (statements violated under their
primary reading) into independent errors (:mod:`proofcheck.report.findings`).

==============================  ==========================================================================
section                         claims
==============================  ==========================================================================
§2.1 Definitions 1–2, Remark 1  definitions.py — checkers through the hockey-stick divergence; Remark 1's
                                equivalences for (ε, 0) and (0, δ)
§2.2 Assumptions, Eq. (2.7),    assumptions.py — L(θ) and c* against their definitions, the Bernoulli remark,
Lemma 1                         the metric property of d, Lemma 1 for n and for k differing records,
                                its sharp constants and its proof's first step (Appendix C)
§3 Theorem 1, (C.1)–(C.4), κ    robustness.py — KL robustness under Assumptions 1 and 2 (conjugate and
§4.1 Theorem 2, (C.5)           finite-support priors), the proof's steps and (C.4) shell by shell, w and κ,
                                Pinsker, differential privacy of the posterior; where a bound is attained
                                only in a limit, which (each claim's ``limit``)
§4.2 Algorithm 1, Example 1     sampling.py — one and k posterior samples, conditional-expectation queries
§4.3 Lemma 2, Theorem 3,        distinguish.py — Weissman's bound (C.6), Lemma 2, data processing (C.8),
(C.6), (C.8); App. A Lemma 8    distinguishability (three readings per assumption), Le Cam's method
                                against randomised (primary) and deterministic estimators
§5 exponential families,        examples.py — the exponential-family criterion, Lemmas 3–7 with their proofs
Lemmas 3–7
the engine                      engine_checks.py — closed-form divergences against quadrature
==============================  ==========================================================================

Shared by the sections: :mod:`.model` (the finite-support and conjugate models read out of a case), what the
search draws in :mod:`.strategies`, the cost classes in :mod:`.costs`.
"""

from __future__ import annotations

PAPER = "001 — Dimitrakakis et al.: robust and private Bayesian inference"

from proofcheck.report.findings import Example, Finding

from . import assumptions, definitions, distinguish, engine_checks, examples, robustness, sampling

CLAIMS = [
    # §2.1
    *definitions.CLAIMS,
    # §2.2: Assumption 1, the Bernoulli remark, Assumption 2, Eq. (2.7), Lemma 1
    *assumptions.ASSUMPTIONS,
    *assumptions.LEMMA_1, *assumptions.LEMMA_1_SHARP,
    # Appendix C: the proof of Lemma 1
    *assumptions.LEMMA_1_PROOF,
    # §3 and Appendix C: Theorem 1 with (C.1)–(C.4) and the constants; §4.1: Theorem 2 with (C.5)
    *robustness.CLAIMS,
    # §4.2
    *sampling.CLAIMS,
    # §4.3, Appendix C, Appendix A
    *distinguish.CLAIMS,
    # §5, Appendix B
    *examples.CLAIMS,
    # the posterior engine's own two-route checks
    *engine_checks.CLAIMS,
]

# The errata of the paper (statements violated under their primary reading) grouped into independent errors.
FINDINGS = [
    Finding(
        id="s001.F1",
        title="Lemma 1's proof: d of the product is not n times the sum of the per-record d's",
        statements=("s001.claim.lemma-1-proof",),
        link="",
        sentence="The first step of Lemma 1's proof, d(p_θ({x_i}), p_θ({y_i})) = n Σ_i d(p_θ(x_i), p_θ(y_i)), is false: "
                 "with p_θ = (2/3, 1/3) on {0, 1}, x = (0, 0) and y = (0, 1), the left side is ln 2 and the right side "
                 "2 ln 2; without the factor n it is still only an inequality (x = (0, 1), y = (1, 0): 0 against "
                 "2 ln 2). The triangle inequality gives '≤ Σ_i' (s001.claim.lemma-1-proof+corrected), so Lemma 1's "
                 "constant L·n survives, loose by the factor n under ρⁿ = Σ_i ρ(x_i, y_i) (the +sharp claims: L).",
        depends="proof-step-conclusion-survives",
        example=Example("s001.claim.lemma-1-proof#factor-n", {"p": ["2/3", "1/3"], "x": [0, 0], "y": [0, 1]},
                        {}),
        impact="Lemma 1's conclusion survives: the triangle inequality gives d(p_θ({x_i}), p_θ({y_i})) ≤ Σ_i "
               "d(p_θ(x_i), p_θ(y_i)) (s001.claim.lemma-1-proof+corrected holds), so Lemma 1's constant L·n still "
               "holds, loose by the factor n under ρⁿ = Σ_i ρ(x_i, y_i) (the +sharp claims: L); what uses Lemma 1 "
               "(the constant L·n, e.g. Theorem 3's threshold) is unaffected by this step.",
    ),
    Finding(
        id="s001.F2",
        title="Theorem 1 (ii)'s constant κ/c is too small",
        statements=("s001.thm.1.ii", "s001.eq.C.4", "s001.thm.2.ii", "s001.thm.1.ii.finite-support",
                    "s001.eq.C.4.finite-support", "s001.claim.C4-shell", "s001.thm.2.ii.finite-support"),
        link="implication checked: (C.4)'s bound 2ρα(1 − e^{−cα})^{−2} is at least κρ/c for every α with equality at "
             "α = w/c (s001.claim.C4-minimum holds, κ and w to their printed digits: s001.claim.kappa-value, "
             "s001.claim.w-value), so (C.4) fails at some α exactly when Theorem 1 (ii) fails; Theorem 2 (ii) is "
             "Pinsker's inequality (C.5), which holds (s001.eq.C.5), applied to Theorem 1 (ii), so wherever it fails "
             "KL ≥ 2 TV² > κρ/c and Theorem 1 (ii) fails at the same posteriors. s001.thm.1.ii.finite-support, "
             "s001.eq.C.4.finite-support and s001.thm.2.ii.finite-support are the same three printed statements at "
             "finite-support priors, which satisfy Assumption 2 with c = c* when "
             "an atom has L(θ) = 0 (s001.claim.assumption-2 checks c* against (2.6)): a violation there is a "
             "violation of the printed statement. The per-shell step (s001.claim.C4-shell) is where the proof breaks: "
             "the shells' terms add up to the KL divergence (C.1) and their bounds to (C.4)'s, so wherever (C.4) fails "
             "some shell's bound fails.",
        sentence="Theorem 1 (ii)'s bound D(ξ(·|x) ‖ ξ(·|y)) ≤ κρ(x, y)/c with κ ≈ 4.91081 is false, and with it the "
                 "step (C.4) of its proof and Theorem 2 (ii), which follows from it by Pinsker's inequality: with "
                 "Lemma 3's model (exponential records, rate θ ∼ Exp(λ), c = λ = 1/100), eight records all 0 against "
                 "the same records with one of them 1 (ρ = 1) give D = 9(100 − ln 101) ≈ 858.5 > κρ/c ≈ 491.1; "
                 "finite-support priors fail too (an atom with a uniform likelihood on {0, 1}, weight 999/1000, and "
                 "one with P(0) = 1 − 10⁻⁶⁰, weight 1/1000: c* = ln 1000/ln(10⁶⁰ − 1) ≈ 0.05; 21 records 0 against "
                 "20 records 0 and one 1 give D ≈ 130.4 > κ/c* ≈ 98.2), and so does the proof's bound on each "
                 "shell of (C.4).",
        depends="contribution",
        example=Example("s001.thm.1.ii", {"family": 0, "lam": "1/100", "a": "50", "b": "50", "dx": [0] * 8, "dy": [0] * 8, "x": ["0"] * 8, "y": ["0"] * 7 + ["1"], "extra": 0},
                        {"858.5": "KL", "491.1": "rhs", "1/100": "c", "4.91081": "kappa"}),
        impact="Contribution (ii), the posterior's robustness under Assumption 2 (Theorem 1 (ii), Eq. (3.3)), and "
               "what rests on it: Theorem 2 (ii), the posterior's (0, √(κρ/2c))-differential privacy (contribution "
               "iii), follows from it by Pinsker's inequality, and Theorem 3's Assumption-2 threshold (4.4) uses the "
               "same κ/c. The printed bound is too small by ×1.75 in the witness (KL 858.5 against κρ/c ≈ 491.1 for "
               "Lemma 3's model at c = 1/100) and ×1.33 at a finite-support prior (130.4 against 98.2); the suite "
               "establishes no corrected constant.",
    ),
    Finding(
        id="s001.F3",
        title="Theorem 3 states the converse of what its proof shows",
        statements=("s001.thm.3.i", "s001.thm.3.ii"),
        link="same root cause: both parts state as sufficient for distinguishing x from y ('the adversary can "
             "distinguish between data x, y with probability 1 − δ if ρ(x, y) ≥ …') the condition that the proof "
             "(C.9)–(C.11) derives as necessary from an upper bound on the distance between the posteriors, which "
             "never forces them apart; each part fails at its own counterexample (part (i) a two-atom prior, part (ii) "
             "Lemma 3's model). Read as a necessary condition, part (i) holds (s001.thm.3.i#necessary-test, #l1-gap) "
             "while part (ii) also inherits Theorem 1 (ii)'s constant (s001.F2: its #l1-gap reading is Theorem 2 (ii) "
             "restated).",
        sentence="Theorem 3 states the converse of what its proof shows: the proof gives that x and y cannot be told "
                 "apart with error δ unless ρ(x, y) ≥ (3/(4Ln)) ln(1/δ), but meeting that threshold does not make them "
                 "distinguishable — with a prior (1/2, 1/2) on two models of one binary record, P(1) = 1/2 and "
                 "P(1) = 99/100 (L = ln 99), and data sets x = (0), y = (1) (ρ = 1), one posterior sample meets the "
                 "threshold at δ ≈ 0.0022, yet the best test errs with probability 0.255.",
        depends="contribution",
        example=Example("s001.thm.3.i#sufficient", {"family": 0, "prior": ["1/2", "1/2"], "lik": [["1/2", "1/2"], ["1/100", "99/100"]], "dx": [0], "dy": [1], "n": 1},
                        {"0.0022": "rhs", "0.255": "err"}),
        impact="Contribution (iv), the finite-sample distinguishability bounds (Theorem 3, Eqs. (4.3)–(4.4)): as "
               "printed they claim that meeting the threshold makes x and y distinguishable with error δ, which "
               "fails (witness: threshold met at δ ≈ 0.0022, best test errs with probability 0.255); read as the "
               "necessary condition the proof derives, part (i) holds (s001.thm.3.i#necessary-test, #l1-gap) and "
               "part (ii) inherits s001.F2's constant. No number of the paper depends on it beyond the theorem "
               "itself.",
    ),
    Finding(
        id="s001.F4",
        title="Lemma 4: the feasible set 's > L' is not Θ_L",
        statements=("s001.lem.4",),
        link="",
        sentence="Lemma 4's condition 's > L', which its proof repeats as 'the set of feasible parameters for Assumption 2 "
                 "is μ ∈ R and s > L', is not the set Θ_L of (2.5): L(μ, s) = 1/s, so Θ_L = {s ≥ 1/L}; with the printed "
                 "set and the proof's prior 1/s ∼ Exp(λ), ξ({s > L}) = 1 − e^{−λ/L} < 1 − e^{−λL} for every L > 1 "
                 "(λ = 1, L = 2: 0.393 < 0.865), while with Θ_L = {s ≥ 1/L} the lemma holds with c = λ (s001.lem.4).",
        depends="proof-step-conclusion-survives",
        example=Example("s001.lem.4#feasible-set-s-above-L", {"lam": "1", "L": "2"},
                        {"0.393": "xi_Theta_L", "0.865": "rhs"}),
        impact="Lemma 4's conclusion survives: with the feasible set Θ_L = {s ≥ 1/L} that (2.5) gives for L(μ, s) = "
               "1/s, the proof's prior (1/s ∼ Exp(λ), any prior on μ) satisfies Assumption 2 with c = λ (s001.lem.4 "
               "holds); only the set 's > L' of the statement and the proof is wrong (its mass 1 − e^{−λ/L} < 1 − "
               "e^{−λL} for L > 1). Nothing else in the paper uses Lemma 4.",
    ),
    Finding(
        id="s001.F5",
        title="Lemma 5: no c > 0 for the Binomial with n ≥ 2 trials",
        statements=("s001.lem.5",),
        link="",
        sentence="Lemma 5 is false for n ≥ 2 trials — it holds for n = 1 (one Bernoulli count, c* > 0): for Binom(θ, n) "
                 "with n ≥ 2, L(θ) = ln n + |ln θ/(1 − θ)| ≥ ln n, so Θ_L is empty for every L < ln n and "
                 "ξ(Θ_L) = 0 < 1 − e^{−cL} for every c > 0, whatever α ≥ 1 (e.g. α = β = 2, n = 2, L = 1/1000); the "
                 "proof's bound holds only for L ≥ ln n.",
        depends="contribution",
        example=Example("s001.lem.5#exists-c", {"alpha": "2", "trials": 2, "L": "1/1000"},
                        {"1/1000": "L"}),
        impact="Contribution (v), the conjugate examples where the assumptions hold: the Beta–Binomial example "
               "satisfies Assumption 2 with no c > 0 for any n ≥ 2 trials (Θ_L is empty for L < ln n); it holds for "
               "one trial (n = 1), and the proof's bound holds only for L ≥ ln n (s001.lem.5+corrected). Nothing "
               "else in the paper uses Lemma 5.",
    ),
    Finding(
        id="s001.F6",
        title="Lemma 5's proof: the constant c = ln(1/v) + α is not positive",
        statements=("s001.claim.lemma-5-proof-c.i", "s001.claim.lemma-5-proof-c.ii"),
        link="same root cause: solving v e^{−αL} ≤ e^{−cL} (v = 2n^α/(αB(α, α)) ≥ 2) gives c ≤ α − ln(v)/L, which "
             "tends to −∞ as L → 0; the proof drops the 1/L and prints c ≤ ln(1/v) + α, negative whenever v > e^α — for "
             "n = 1 when α > 3.018 (each part's #positive-constant reading fails at its own counterexample; the "
             "#bound-only readings, where c ≤ 0 is degenerate, hold). For n ≥ 2 no c > 0 exists at all "
             "(s001.lem.5#exists-c, finding s001.F5), so no formula could be right there.",
        sentence="The constant that ends the proof of Lemma 5, c ≤ ln(1/v) + α with v = (2/B(α, α))(1/α)n^α, is not an "
                 "Assumption-2 constant: it is negative for every n ≥ 2 and α ≥ 1 (n = 2, α = 2: v = 24, c = 2 − ln 24) and, "
                 "with one trial, for every α > 3.018 (n = 1, α = 4: v = 70, c = 4 − ln 70 ≈ −0.248), because solving "
                 "v e^{−αL} ≤ e^{−cL} gives c ≤ α − ln(v)/L, not ln(1/v) + α.",
        depends="proof-step-conclusion-survives",
        example=Example("s001.claim.lemma-5-proof-c.i#positive-constant", {"alpha": "4", "L": "1/1000"},
                        {"−0.248": "lhs"}),
        impact="Where Lemma 5 is true (one trial, n = 1) its conclusion survives with a positive constant c* > 0, "
               "but not the proof's c = ln(1/v) + α, which is negative for α > 3.018 (n = 1, α = 4: c ≈ −0.248); for "
               "n ≥ 2 no constant exists at all (s001.F5). Nothing else in the paper uses the constant.",
    ),
    Finding(
        id="s001.F7",
        title="Lemma 6: the Exp(λ) prior on σ² does not give c = λ",
        statements=("s001.lem.6",),
        link="",
        sentence="Lemma 6 is false as printed: with σ² ∼ Exp(λ) and L(μ, σ) = max(1, |μ|)/(2σ²), "
                 "ξ(Θ_L) = e^{−λ max(1, |μ|)/(2L)}, which is below 1 − e^{−λL} for small L (λ = 1/1000, μ = −5, "
                 "L = 10⁻⁴: 1.4·10⁻¹¹ < 10⁻⁷); with the Exp(λ) prior on the precision 1/σ² instead, Assumption 2 holds "
                 "with c = 2λ/max(1, |μ|).",
        depends="contribution",
        example=Example("s001.lem.6", {"lam": "1/1000", "mu": "-5", "L": "1/10000"},
                        {"1.4·10⁻¹¹": "xi_Theta_L"}),
        impact="Contribution (v)'s Normal example as printed (an Exp(λ) prior on σ² with c = λ) fails (ξ(Θ_L) = "
               "1.4·10⁻¹¹ < 10⁻⁷ in the witness); with the Exp(λ) prior on the precision 1/σ² Assumption 2 holds "
               "with c = 2λ/max(1, |μ|) (s001.lem.6+corrected), a different prior and constant. Nothing else in the "
               "paper uses Lemma 6.",
    ),
    Finding(
        id="s001.F8",
        title="Lemma 7 fails under the Hamming distance for networks with edges",
        statements=("s001.lem.7",),
        link="",
        sentence="Lemma 7 is false under the Hamming distance it states: for a network X₁ → X₂ of two binary variables "
                 "with P(X₁ = 0) = 2/3, P(X₂ = 0 | X₁ = 0) = 1/3 and P(X₂ = 0 | X₁ = 1) = 2/3 (smallest probability "
                 "ε = 1/3), the outcomes (0, 1) and (1, 1), at distance 1, have probabilities 4/9 and 1/9, a log-ratio "
                 "ln 4 > ln(1/ε) = ln 3; the proof's weighted distance (weight 1 + number of children) repairs it.",
        depends="contribution",
        example=Example("s001.lem.7#hamming", {"adj": [[0, 1], [0, 0]], "cpt": [["2/3", "1/3"], ["1/3", "2/3"], ["2/3", "1/3"]]},
                        {"1/3": "epsilon"}),
        impact="Contribution (v)'s Bayesian-network example holds under the Hamming distance only for networks "
               "without edges (witness: log-ratio ln 4 > ln(1/ε) = ln 3 for one edge); the proof's weighted distance "
               "(weight 1 + number of children) repairs it, a different metric from the one stated. Nothing else in "
               "the paper uses Lemma 7.",
    ),
]

__all__ = ["PAPER", "CLAIMS", "FINDINGS"]
