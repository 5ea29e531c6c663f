"""Zhang, Fei, Chen — LDP, Average and Maximum Bayesian Privacy (seed 000): its statements in the paper's order.

Each entry is one printed statement, encoded literally (``builder(id, [title,] where printed, ...)``);
``#reading`` entries are the sensible readings of an ambiguous one, ``+corrected`` the statement the
suite establishes in its place. Levels that a statement takes as hypotheses ("K is ξ-LDP", "ξ-MBP",
"prior ε-close") are set to the smallest value for which the hypothesis holds; every bound here is
non-decreasing in those levels, so that is the hardest admissible case and the search loses nothing by it.

The builders, their quantities and strategies are in the sibling modules: :mod:`.definitions`
(Definitions 4.1, 4.2, 5.1 as measures), :mod:`.ldp_mbp` (LDP ⇔ MBP, Appendix A), :mod:`.abp` (MBP ⇒ ABP,
Appendix B), :mod:`.w_star` (Eqs. (11), (18), Assumption D.1), :mod:`.estimators` (Appendices C, D),
:mod:`.strategies`; quantities shared with seed 002 in :mod:`proofcheck.claims.finite_quantities`.
"""

from __future__ import annotations

PAPER = "000 — Zhang, Fei, Chen: LDP, Average and Maximum Bayesian Privacy"

from proofcheck.claims.s000 import abp, definitions, estimators, w_star
from proofcheck.report.findings import Example, Finding
from proofcheck.claims.s000.ldp_mbp import (QUOTE_L51, QUOTE_L52, ldp_implies_mbp, mbp_implies_2ldp,
                                           posterior_lower_bound, posterior_upper_bound, upper_by_e_xi_over_n)

PROOF_A1 = "Appendix A.1, proof of Lemma A.1"

CLAIMS = [
    # ------------------------------------------------------------------ Section 1
    *abp.abp_bound_readings("s000.eq.1", "Section 1, Eq. (1)"),

    # ------------------------------------------------------------------ Section 4: ABP and MBP
    definitions.abp_js_forms(
        "s000.def.4.1",
        "ABP: √JS by the engine equals the Remark's discrete two-KL form and an entropy-based JS",
        "Section 4, Definition 4.1 and the Remark after it"),
    definitions.mbp_level_two_routes(
        "s000.def.4.2",
        "MBP level from the posterior (Bayes' rule) equals the likelihood/marginal shortcut",
        "Section 4, Definition 4.2"),

    # ------------------------------------------------------------------ Section 5: LDP, MBP, ABP
    definitions.ldp_level_two_routes(
        "s000.def.5.1",
        "LDP level: the sup over output sets S equals the pointwise max over outputs",
        "Section 5, Definition 5.1"),
    ldp_implies_mbp("s000.lem.5.1", "Section 5, Lemma 5.1", QUOTE_L51),
    mbp_implies_2ldp("s000.lem.5.2", "Section 5, Lemma 5.2", QUOTE_L52),
    ldp_implies_mbp("s000.thm.5.3.i", "Section 5, Theorem 5.3 (first conclusion)",
                    "If an algorithm is ξ-LDP, then it is ξ-MBP.  (uniform prior)"),
    mbp_implies_2ldp("s000.thm.5.3.ii", "Section 5, Theorem 5.3 (second conclusion)",
                     "If an algorithm is ξ-MBP, then it is 2ξ-LDP.  (uniform prior)"),
    *abp.abp_bound_readings("s000.thm.5.4", "Section 5, Theorem 5.4"),

    # ------------------------------------------------------------------ Appendix A: LDP ⇔ MBP
    ldp_implies_mbp("s000.lem.A.1", "Appendix A.1, Lemma A.1",
                    "If f_{W|D} is ξ-LDP ... then f_{W|D} ... guarantees ξ-maximum Bayesian privacy. That is, "
                    "|log(f_{D|W}(d|w)/f_D(d))| ≤ ξ, ∀w ∈ W, d ∈ D."),
    posterior_lower_bound(
        "s000.claim.A1-posterior-bounds",
        "uniform prior, ξ-LDP: f(d|w) ≥ 1/(1 + e^ξ(|D|−1))", PROOF_A1),
    posterior_upper_bound(
        "s000.claim.A1-posterior-upper",
        "uniform prior, ξ-LDP: f(d|w) ≤ 1/(1 + e^(−ξ)(|D|−1)) ≤ e^ξ/|D|", PROOF_A1),
    upper_by_e_xi_over_n(
        "s000.claim.A1-upper-by-e-xi-over-n",
        "1/(1 + e^(−ξ)(n−1)) ≤ e^ξ/n for ξ ≥ 0, n ≥ 1", PROOF_A1),
    mbp_implies_2ldp("s000.lem.A.2", "Appendix A.2, Lemma A.2",
                     "Then, the mapping f_{W|D}(·|·) is 2ξ-Local Differential Private: "
                     "f_{W|D}(w|d)/f_{W|D}(w|d') ∈ [e^{−2ξ}, e^{2ξ}]."),
    ldp_implies_mbp("s000.thm.A.3.i", "Appendix A.2, Theorem A.3 (first conclusion, as printed)",
                    "If an algorithm is 2ξ-LDP, then it is 2ξ-MBP.", factor=2),
    mbp_implies_2ldp("s000.thm.A.3.ii", "Appendix A.2, Theorem A.3 (second conclusion)",
                     "If an algorithm is ξ-maximum Bayesian privacy, then it is 2ξ-LDP."),

    # ------------------------------------------------------------------ Appendix B: MBP ⇒ ABP and its proof
    *abp.abp_bound_readings("s000.thm.B.1", "Appendix B, Theorem B.1"),
    abp.js_le_weighted_tv(
        "s000.claim.B1-js-le-weighted-tv", "JS(F^A‖F^B) ≤ ½ ∫ |f^A − f^B| |log f^M/f^B|"),
    abp.ratio_step(
        "s000.claim.B1-ratio-step", "f^A/f^M ≤ f^M/f^B pointwise (the step the first inequality is 'due to')"),
    abp.log_ratio_a_b(
        "s000.claim.B1-eq-7-8", "|log f^A/f^B| ≤ ε_pm + ε  (Eqs. (7)–(8))"),
    abp.log_ratio_m_b(
        "s000.claim.B1-eq-9", "|log f^M/f^B| ≤ ε_pm + ε  (Eq. (9))"),
    abp.weighted_tv_bound(
        "s000.claim.B1-final-step", "½ ∫ |f^A − f^B| |log f^M/f^B| ≤ ½(ε_pm+ε)(e^(ε_pm+ε) − 1)"),
    abp.l1_bound(
        "s000.claim.B1-l1-step", "∫ |f^A − f^B| ≤ e^(ε_pm+ε) − 1 (implicit in the last step)"),

    # ------------------------------------------------------------------ Appendix C: estimating MBP
    *w_star.xi_at_w_star_readings("s000.eq.11", "Appendix C, Eq. (11)"),
    estimators.kappa_hat_chernoff_bound("s000.lem.C.1", None, "ε ranges over all ε > 0, as printed."),
    estimators.kappa_hat_chernoff_bound(
        "s000.lem.C.1#eps-le-1", 1.0, "ε ∈ (0, 1]: the hypothesis the paper leaves implicit (see primary).",
        reading="eps-le-1", primary=estimators.PRIMARY_C1),
    # (a '+corrected' claim restricted to ε ∈ (0, 1] would be this primary reading again, checked twice)

    # ------------------------------------------------------------------ Appendix D: estimating ABP
    w_star.assumption_d1(
        "s000.claim.assumption-D.1-forces-xi-zero", "Appendix D, Assumption D.1, Eq. (16) (with Eqs. (11), (18))"),
    *w_star.xi_at_w_star_readings("s000.eq.18", "Appendix D.2, Eq. (18)"),
    estimators.c1_estimation_error(
        "s000.thm.D.1", "|Ĉ1 − C1| ≤ √(...) (Eq. 21)", "Appendix D.3, Theorem D.1",
        normalised=False, reading="raw-estimate", primary=estimators.PRIMARY_D),
    estimators.c1_estimation_error(
        "s000.thm.D.1", "|Ĉ1 − C1| ≤ √(...) (Eq. 21)", "Appendix D.3, Theorem D.1",
        normalised=True, reading="normalised-estimate"),
    estimators.eps_p_estimation_error(
        "s000.thm.D.2", "|ε̂_p − ε_p| ≤ (3/2)√(...) (Eq. 22)", "Appendix D.3, Theorem D.2",
        normalised=False, reading="raw-estimate", primary=estimators.PRIMARY_D),
    estimators.eps_p_estimation_error(
        "s000.thm.D.2", "|ε̂_p − ε_p| ≤ (3/2)√(...) (Eq. 22)", "Appendix D.3, Theorem D.2",
        normalised=True, reading="normalised-estimate"),
]

# ---------------------------------------------------------------------- findings (proofcheck.report.findings)
# Eqs. (11)/(18) are violated under their primary reading (w* per secret; one common w* forces ξ = 0). Lemma C.1
# fails only for ε > 1 (the literal reading; the paper uses ε ∈ (0, 1]), not its primary reading.
# 002's errors (Theorem IV.7 / E.1, Appendix G's 'upper bound') are 002's own: 000 prints neither.
FINDINGS = [
    Finding(
        "s000.F1",
        "ξ read off at w* (Eqs. (11)/(18)) misses the ratios below 1 that set the Maximum Bayesian Privacy",
        ("s000.eq.18", "s000.eq.11"),
        "same root cause: Eq. (18) restates Eq. (11) under Assumption D.1 (the same builder, the same readings); "
        "with w* per secret, max_d |log f(d|w*)/f(d)| sees only each secret's largest ratio, while ξ of "
        "Definition 4.2 also counts the smallest, and with one common w* the assumption forces ξ = 0",
        "Eqs. (11) and (18) read ξ off at w*, but the largest |log ratio| of Definition 4.2 may be a ratio below 1, "
        "which no maximiser w* of (16) sees: for the prior (1/2, 1/2) and the channel with rows (1/2, 1/2), "
        "(3/4, 1/4), ξ = ln(3/2) ≈ 0.4055 while (11) gives ln(4/3) ≈ 0.2877.",
        depends="used-by-results",
        example=Example("s000.eq.18#w-star-per-secret", {"prior": ["1/2", "1/2"], "K": [["1/2", "1/2"], ["3/4", "1/4"]]},
                        {"0.4055": "xi", "0.2877": "xi_at_w_star"}),
        impact="Appendix D.2's estimation of C2, a method the paper proposes: ξ̂ of Eq. (19) reads ξ at w* and "
               "Ĉ2 = (e^(2ξ̂) − 1)/2 of Eq. (20) follows it, so both are too small wherever a posterior/prior ratio "
               "below 1 sets ξ — at the witness C2 = (e^(2ξ) − 1)/2 = 5/8 is estimated as 7/18 ≈ 0.389 (−38 %), "
               "and the leakage bound ε̃_p = 2C1 − C2·TV built on it is then too large by 0.236·TV. The paper "
               "prints no number computed with it that the suite reproduces."),
]
