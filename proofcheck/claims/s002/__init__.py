"""Zhang, Chen — Bridging Privacy and Robustness for Trustworthy Machine Learning (seed 002): its statements in
the paper's order.

Each entry is one printed statement, encoded literally (``builder(id, [title,] where printed, ...)``);
``#reading`` entries are the sensible readings of an ambiguous one, ``+sharp`` / ``+corrected`` the statement the
suite establishes beside it. Quotes collapse each of the file's triple renderings (Unicode, LaTeX source, alt
text) to its LaTeX source; line numbers are those of ``shared/seeds/002_909ba7d1825676ef.txt``. Appendix letters
are the file's (its Lemma C.1 is the ε-close "LDP implies MBP" lemma; 000's Chernoff Lemma C.1 is this file's
Lemma F.1).

Levels that a statement takes as hypotheses ("K is ξ-LDP", "ε-MBP", "prior ε-close", "accuracy with confidence
1 − β") are set to the smallest value for which the hypothesis holds; every bound here is non-decreasing in those
levels, so that is the hardest admissible case. Secrets of prior probability zero make f_{D|W}(d|w)/f_D(d) a 0/0:
every prior-based claim assumes full support. Statements that 000 prints too reuse 000's builders and claims
(:mod:`.from_000`).

The builders, their quantities and strategies are in the sibling modules: :mod:`.definitions` (Sections III–IV-D
as measures), :mod:`.cited` (Table II's rows on other works), :mod:`.ldp_mbp` (LDP ⇔ MBP), :mod:`.abp` (MBP ⇒ ABP,
Appendix B), :mod:`.pac` (PAC robustness, Appendix E; robustness ⇒ privacy, the abstract and Table III),
:mod:`.proof_steps` (Appendices A, C), :mod:`.w_star` (Eqs. (24), (31), Assumption G.1), :mod:`.estimators`
(Appendices F-B, G); what the sections share in :mod:`.model`, what the search draws in :mod:`.strategies`, the
cost classes in :mod:`.costs`.
"""

from __future__ import annotations

PAPER = "002 — Zhang, Chen: bridging privacy and robustness"

from proofcheck.claims.s002 import abp, cited, definitions, estimators, ldp_mbp, pac, proof_steps, w_star

PROOF_A1 = "Appendix A-A, proof of Lemma A.1"
PROOF_B1 = "Appendix B, proof of Theorem B.1"
PROOF_C1 = "Appendix C-A, proof of Lemma C.1"
PROOF_E1 = "Appendix E, proof of Theorem E.1"
TABLE_II = "Section II, Table II, row 'Our Work' (l.94)"
G2_WHERE = "Appendix G-B, Theorem G.2 (l.980–983, truncated)"

CLAIMS = [
    # ------------------------------------------------------------------ Abstract (again in Section I's contributions, l.28, and V, l.434)
    pac.robustness_implies_privacy(
        "s002.claim.robust-to-private",
        "PAC-robust ⇒ private: an α-PAC-robust algorithm is ξ-MBP for some finite ξ ('construct privacy-preserving "
        "algorithms from PAC robust ones')", "Abstract (l.7; Section I, l.28; Section V, l.434)",
        pac.QUOTE_ROBUST_TO_PRIVATE),
    # ------------------------------------------------------------------ Section II: Table II
    # rows on other works (l.87–93), parts numbered after the 'Our Work' row's .i–.iii, registered first
    *cited.dp_implies_cdp_readings("s002.table.II.iv", "Section II-B, Table II, row 'Dwork and Rothblum (2016)' (l.87)"),
    cited.rdp_implies_dp(
        "s002.table.II.v", "Table II 'Mironov (2017)': (α, ε)-RDP ⇒ (ε + log(1/δ)/(α−1), δ)-DP (Proposition 3 cited)",
        "Section II-B, Table II, row 'Mironov (2017)' (l.88)"),
    cited.bdp_implies_dp(
        "s002.table.II.vi", "Table II 'Triastcyn and Faltings (2020)': (ε, δ)-Bayesian DP ⇒ (ε, δ)-DP",
        "Section II-B, Table II, row 'Triastcyn and Faltings (2020)' (l.92)"),
    ldp_mbp.table_ldp_implies_mbp(
        "s002.table.II.i", "Table II 'Our Work': ξ-LDP ⇒ ξ-MBP (prior unstated: any full-support prior)", TABLE_II),
    ldp_mbp.table_mbp_implies_2ldp(
        "s002.table.II.ii", "Table II 'Our Work': ξ-MBP ⇒ 2ξ-LDP (any full-support prior)", TABLE_II),
    abp.table_mbp_implies_abp(
        "s002.table.II.iii", "Table II 'Our Work': MBP ⇒ ABP (Theorem IV.5 with f^B = f_D, ε = 0)", TABLE_II),

    # ------------------------------------------------------------------ Section II: Table III
    pac.robustness_implies_privacy(
        "s002.table.III.i",
        "Table III 'our work', ξ-MBP row: robustness ⇒ privacy (the ⇐ of 'privacy ⇔ robustness'; ⇒ is Theorem IV.7)",
        "Section II-E, Table III, row 'our work' (l.186)", pac.QUOTE_TABLE_III),
    pac.robustness_implies_abp(
        "s002.table.III.ii",
        "Table III 'our work', ε-ABP row: robustness ⇒ privacy (ε-ABP for some ε < √ln 2; no ε is printed)",
        "Section II-E, Table III, row 'our work' (l.187)", pac.QUOTE_TABLE_III_ABP),

    # ------------------------------------------------------------------ Section III
    definitions.map_argmax_two_routes(
        "s002.eq.1",
        "argmax_d log f_{D|W}(d|w) = argmax_d [log f_{W|D}(w|d) + log f_D(d)] (as sets, every w)",
        "Section III, Eq. (1) (l.224–226)"),

    # ------------------------------------------------------------------ Section IV-A: ABP
    definitions.abp_two_routes(
        "s002.def.IV.1",
        "ABP ε_p = √JS(F^A‖F^B): printed sum with F^A by Bayes' rule = scipy/entropy JS with F^A formed directly",
        "Section IV-A, Definition IV.1, Eq. (2) (l.262–272)"),
    definitions.belief_after_marginal_is_prior(
        "s002.claim.FA-marginal-is-prior", "with P^D the marginal of W, F^A = f_D: ε_p = √JS(f_D‖F^B)",
        "Section IV-A (l.262)"),
    definitions.abp_range(
        "s002.claim.abp-range", "0 ≤ ε_p = √JS(F^A‖F^B) ≤ √log 2", "Section IV-A, Definition IV.1 (l.268–272)"),
    definitions.js_discrete_form(
        "s002.claim.rem-js-discrete", "Section IV-A, Remark after Definition IV.1 (l.274–278)"),

    # ------------------------------------------------------------------ Section IV-B, IV-C: MBP, accuracy
    definitions.mbp_level_two_routes(
        "s002.def.IV.3", "Section IV-B, Definition IV.3 (l.288–292)", definitions.QUOTE_DEF_IV3),
    definitions.standard_accuracy_two_routes(
        "s002.def.IV.4",
        "standard accuracy: Pr[‖M(d) − μ‖ > α] summed over the bad set = 1 − CDF of the distance at α",
        "Section IV-B, Definition IV.4, Eq. (3) (l.296–302)"),
    definitions.robust_accuracy_two_routes(
        "s002.def.IV.6", "robust accuracy: max_{d'≠d} Pr[‖M(d') − μ(P)‖ > α], two routes",
        "Section IV-C, Definition IV.6, Eq. (4) (l.314–320)"),

    # ------------------------------------------------------------------ Section IV-D: LDP ⇔ MBP
    definitions.ldp_level_two_routes(
        "s002.def.IV.7", "Section IV-D, Definition IV.7, Eq. (5) (l.332–338)"),
    definitions.ldp_pair_set_vs_pointwise(
        "s002.claim.ldp-set-vs-pointwise",
        "for one pair (d, d'): max_S K[d,S]/K[d',S] = max_w K[d,w]/K[d',w] (mediant inequality)",
        "Section IV-D, Eq. (5) vs the pointwise form of Lemma IV.1 (l.336, l.348)"),
    ldp_mbp.ldp_implies_mbp_uniform("s002.lem.IV.1", "Section IV-D, Lemma IV.1 (l.344–352)", ldp_mbp.QUOTE_IV1),
    ldp_mbp.ldp_implies_mbp_sharp(
        "s002.lem.IV.1+sharp", "any full-support prior: ξ-LDP ⇒ ξ-MBP", "Section IV-D, Lemma IV.1 (sharpened)"),
    ldp_mbp.mbp_implies_2ldp_uniform("s002.lem.IV.2", "Section IV-D, Lemma IV.2 (l.356–360)", ldp_mbp.QUOTE_IV2),
    ldp_mbp.mbp_implies_2ldp_sharp(
        "s002.lem.IV.2+sharp", "any full-support prior: ξ-MBP ⇒ 2ξ-LDP", "Section IV-D, Lemma IV.2 (sharpened)"),
    ldp_mbp.ldp_implies_mbp_uniform(
        "s002.thm.IV.3.i", "Section IV-D, Theorem IV.3, first conclusion (l.366–368)", ldp_mbp.QUOTE_IV3),
    ldp_mbp.mbp_implies_2ldp_uniform(
        "s002.thm.IV.3.ii", "Section IV-D, Theorem IV.3, second conclusion (l.366–368)", ldp_mbp.QUOTE_IV3),
    definitions.larger_xi_stronger(
        "s002.claim.larger-xi-stronger",
        "'the larger ξ … the stronger privacy protection': a ξ₂-MBP mapping would be ξ₁-MBP for every ξ₁ < ξ₂",
        "Section IV-D, prose after Theorem IV.3 (l.372)"),
    *ldp_mbp.close_prior_readings("s002.thm.IV.4", "Section IV-D, Theorem IV.4 (l.376–378)"),

    # ------------------------------------------------------------------ Section IV-E: MBP ⇒ ABP
    *abp.abp_bound_readings("s002.thm.IV.5", "Section IV-E, Theorem IV.5 (l.384–398)", abp.QUOTE_IV5),
    *abp.abp_bound_readings("s002.thm.IV.6", "Section IV-E, Theorem IV.6 (l.402–416)", abp.QUOTE_IV6),

    # ------------------------------------------------------------------ Section IV-F: PAC robustness
    *pac.robustness_radius_readings("s002.claim.IV.7-prose", "Section IV-F, prose before Theorem IV.7 (l.422, l.428)"),
    *pac.pac_readings("s002.thm.IV.7", "Section IV-F, Theorem IV.7 (l.424–426)", pac.QUOTE_IV7, "IV.7"),
    pac.pac_corrected(
        "s002.thm.IV.7+corrected", "(ε,β,α)-MBP ⇒ α-PAC-robust with probability 1 − e^(2ε)β  [acc-at-true-secret]",
        "Section IV-F, Theorem IV.7 (corrected constant)", pac.QUOTE_IV7),

    # ------------------------------------------------------------------ Appendix A: LDP ⇔ MBP under the uniform prior
    ldp_mbp.ldp_implies_mbp_uniform("s002.lem.A.1", "Appendix A-A, Lemma A.1 (l.499–505)", ldp_mbp.QUOTE_A1),
    proof_steps.bayes_ratio_identity(
        "s002.claim.A1-bayes-ratio", "f(w|d)/f(w|d') = f(d|w)f(d')/(f(d'|w)f(d)) at one (d, d', w)",
        f"{PROOF_A1} (l.515)"),
    proof_steps.posterior_ratio_bound(
        "s002.claim.A1-post-ratio", "f(d|w)/f(d) ≤ e^ξ f(d'|w)/f(d') for all d, d', w", f"{PROOF_A1} (l.517)"),
    proof_steps.posterior_lower_bound("s002.claim.A1-post-lower", f"{PROOF_A1} (l.532)"),
    proof_steps.lower_mbp(
        "s002.claim.A1-lower-mbp",
        "uniform prior, ξ-LDP: f(d̃|w) ≥ e^(−ξ) f_D(d̃) (the half of MBP the proof leaves implicit)",
        f"{PROOF_A1} (l.532 with l.505)"),
    proof_steps.posterior_upper_bound("s002.claim.A1-post-upper", f"{PROOF_A1} (l.543)"),
    proof_steps.upper_by_e_xi_over_n("s002.claim.A1-post-upper-by-e-xi-over-n", f"{PROOF_A1} (l.543–544)"),
    proof_steps.upper_mbp(
        "s002.claim.A1-upper-mbp", "uniform prior, ξ-LDP: f(d̃|w) ≤ e^ξ f_D(d̃)", f"{PROOF_A1} (l.548)"),
    proof_steps.eq7_identity(
        "s002.eq.7.i", "f(d|w)/f(d) = f(w|d)/f(w) (Eq. (7), identity part)", "Appendix A-A, Eq. (7) (l.552)"),
    proof_steps.eq7_bound(
        "s002.eq.7.ii", "uniform prior, ξ-LDP: f(w|d)/f(w) ≤ e^ξ (Eq. (7), inequality part)",
        "Appendix A-A, Eq. (7) (l.552)"),
    ldp_mbp.mbp_implies_2ldp_uniform("s002.lem.A.2", "Appendix A-B, Lemma A.2 (l.560–564)", ldp_mbp.QUOTE_A2),
    proof_steps.a2_chain(
        "s002.claim.A2-chain", "uniform prior: f(w|d)/f(w|d') = bracket ∈ [e^−2ξ, e^2ξ], ξ the MBP level",
        "Appendix A-B, proof of Lemma A.2 (l.573)"),
    ldp_mbp.ldp_implies_mbp_uniform(
        "s002.thm.A.3.i", "Appendix A, Theorem A.3, first conclusion as printed (l.579–581)", ldp_mbp.QUOTE_A3,
        factor=2),
    ldp_mbp.mbp_implies_2ldp_uniform(
        "s002.thm.A.3.ii", "Appendix A, Theorem A.3, second conclusion (l.579–581)", ldp_mbp.QUOTE_A3),

    # ------------------------------------------------------------------ Appendix B: MBP ⇒ ABP and its proof
    *abp.abp_bound_readings("s002.thm.B.1", "Appendix B, Theorem B.1 (l.587–601)", abp.QUOTE_IV6),
    abp.js_two_kl_form(
        "s002.claim.B1-js-as-kl", "JS(F^A‖F^B) = ½[KL(F^A‖F^M) + KL(F^B‖F^M)] (l.607–609)", f"{PROOF_B1} (l.607–609)"),
    abp.ratio_step("s002.claim.B1-amgm", f"{PROOF_B1} (l.612)"),
    abp.js_le_weighted_tv("s002.claim.B1-js-abs-bound", f"{PROOF_B1} (l.616)"),
    abp.belief_upper_chain("s002.eq.8", "Appendix B, Eq. (8) (l.620–623)"),
    abp.belief_lower_chain("s002.eq.9", "Appendix B, Eq. (9) (l.627–630)"),
    abp.log_ratio_a_b("s002.claim.B1-logratio-AB", f"{PROOF_B1} (l.634)"),
    abp.log_ratio_m_b("s002.eq.10", "Appendix B, Eq. (10) (l.638–648)"),
    abp.log_ratio_m_b_sharp(
        "s002.eq.10+sharp", "|log f^M/f^B| ≤ log((1 + e^(ε_pm+ε))/2)", "Appendix B, Eq. (10) (sharpened)"),
    abp.weighted_tv_bound("s002.claim.B1-final-step", f"{PROOF_B1} (l.652–653)"),
    abp.js_bound(
        "s002.claim.B1-final-js", "JS(F^A‖F^B) ≤ ½(ε_pm+ε)(e^(ε_pm+ε) − 1)", f"{PROOF_B1} (l.652–653)"),
    abp.l1_bound("s002.claim.B1-l1-bound", f"{PROOF_B1} (l.652–653, implicit)"),

    # ------------------------------------------------------------------ Appendix C: an ε-close prior
    *ldp_mbp.lemma_c1_readings("s002.lem.C.1", "Appendix C-A, Lemma C.1 (l.667–673)"),
    proof_steps.c1_bracket_bound(
        "s002.claim.C1-bayes-bound", "ε-close prior, ξ-LDP: bracket ∈ [e^−ξ, e^ξ]", f"{PROOF_C1} (l.683)"),
    proof_steps.c1_posterior_ratio(
        "s002.claim.C1-post-ratio", "ε-close prior, ξ-LDP: f(d|w) ≤ f(d'|w) e^(ξ+ε)", f"{PROOF_C1} (l.685)"),
    proof_steps.c1_posterior_lower(
        "s002.claim.C1-post-lower", "ε-close prior, ξ-LDP: f(d̃|w) ≥ 1/(1 + e^(ξ+ε)(|D|−1))", f"{PROOF_C1} (l.700)"),
    proof_steps.c1_posterior_upper(
        "s002.claim.C1-post-upper", "ε-close prior, ξ-LDP: f(d̃|w) ≤ 1/(1 + e^(−ξ−ε)(|D|−1))", f"{PROOF_C1} (l.711)"),
    proof_steps.c1_upper_mbp(
        "s002.claim.C1-upper-mbp", "ε-close prior, ξ-LDP: f(d̃|w) ≤ e^(ξ+ε) f_D(d̃)", f"{PROOF_C1} (l.716)"),
    proof_steps.c1_last_step(
        "s002.claim.C1-last-step",
        "ε-close prior, ξ-LDP: f(d̃|w) ≤ e^(ξ+ε)/|D| taken to give f(d̃|w) ≤ e^(ξ+ε) f_D(d̃) (needs f_D(d̃) ≥ 1/|D|)",
        f"{PROOF_C1} (l.712–716)"),
    proof_steps.c1_lower_mbp(
        "s002.claim.C1-lower-mbp",
        "ε-close prior, ξ-LDP: f(d̃|w) ≥ e^(−ξ) f_D(d̃) (the lower half of the lemma's |log| ≤ ξ; the proof omits it)",
        f"{PROOF_C1} (l.673 with l.700)"),
    proof_steps.eq11_bound(
        "s002.eq.11", "ε-close prior, ξ-LDP: f(w|d)/f(w) ≤ e^(ξ+ε) (Eq. (11))", "Appendix C-A, Eq. (11) (l.720)"),
    *ldp_mbp.lemma_c2_readings("s002.lem.C.2", "Appendix C-B, Lemma C.2 (l.728–732)"),
    proof_steps.c2_chain(
        "s002.claim.C2-chain", "ε-close prior, ξ-MBP: the four links of l.741", "Appendix C-B, proof of Lemma C.2 (l.741)"),
    *ldp_mbp.close_prior_readings("s002.thm.C.3", "Appendix C, Theorem C.3 (l.747–749)"),

    # ------------------------------------------------------------------ Appendix D: MBP ⇒ ABP again
    *abp.abp_bound_readings("s002.thm.D.1", "Appendix D, Theorem D.1 (l.755–769)", abp.QUOTE_IV6),
    abp.belief_upper_chain("s002.eq.12", "Appendix D, Eq. (12) (l.788–791)"),
    abp.belief_lower_chain("s002.eq.13", "Appendix D, Eq. (13) (l.795–798)"),
    abp.log_ratio_m_b("s002.eq.14", "Appendix D, Eq. (14) (l.816)"),

    # ------------------------------------------------------------------ Appendix E: PAC robustness, the proof
    *pac.pac_readings("s002.thm.E.1", "Appendix E, Theorem E.1 (l.829–831)", pac.QUOTE_E1, "E.1"),
    pac.pac_corrected(
        "s002.thm.E.1+corrected", "(ε,β,α)-MBP ⇒ α-PAC-robust with probability 1 − e^(2ε)β  [acc-at-true-secret]",
        "Appendix E, Theorem E.1 (corrected constant)", pac.QUOTE_E1),
    pac.eq18_bound("s002.eq.18", "ε-MBP: Pr[M(d') ∈ U] ≤ e^(2ε) Pr[M(d) ∈ U]", f"{PROOF_E1}, Eq. (18) (l.846)"),
    pac.eq19_bound(
        "s002.eq.19", "given Pr[M(d) ∈ U] ≤ β: e^(2ε) Pr[M(d) ∈ U] ≤ e^(2ε) β", f"{PROOF_E1}, Eq. (19) (l.847)"),
    pac.eq20_bound("s002.eq.20", "e^(2ε)β ≤ (1 + 2ε + 4ε²)β for 0 ≤ ε ≤ 1", f"{PROOF_E1}, Eq. (20) (l.848, l.852)"),
    pac.eq21_bound("s002.eq.21", "(1 + 2ε + 4ε²)β ≤ (1 + 4ε)β for 0 ≤ ε ≤ 1", f"{PROOF_E1}, Eq. (21) (l.849, l.852)"),
    pac.eq22_bound("s002.eq.22", "(1 + 4ε)β ≤ γ with β = γ/(1 + 4ε)", f"{PROOF_E1}, Eq. (22) (l.850)"),
    pac.e1_combined(
        "s002.claim.E1-combined", "e^(2ε) ≤ 1 + 4ε for 0 ≤ ε ≤ 1 (Eqs. (19)–(21) composed)",
        f"{PROOF_E1}, Eqs. (19)–(21) (l.847–852)"),

    # ------------------------------------------------------------------ Appendix F: estimating MBP
    definitions.mbp_level_two_routes("s002.eq.23", "Appendix F, Eq. (23) (l.858–860)", definitions.QUOTE_EQ23),
    *w_star.xi_at_w_star_readings("s002.eq.24", "Appendix F-A, Eq. (24) (l.862–864)", w_star.QUOTE_EQ24),
    definitions.map_argmax_attacker(
        "s002.eq.27#post-attacker",
        "argmax_d f_{D|W}(d|w) = argmax_d f_{W|D}(w|d)·f^B_D(d), posterior from the attacker's prior",
        "Appendix F, Eq. (27) (l.884)"),
    estimators.lemma_f1(
        "s002.lem.F.1", None, "ε ranges over all ε > 0, as printed (reading binomial-count: κ̂1 = X/T, "
                              "X ~ Binomial(T, κ1))."),
    estimators.lemma_f1(
        "s002.lem.F.1#eps-le-1", 1.0, "ε ∈ (0, 1]: the hypothesis the paper leaves implicit (see primary).",
        reading="eps-le-1", primary=estimators.PRIMARY_F1),
    # (a '+corrected' claim restricted to ε ∈ (0, 1] would be this primary reading again, checked twice)
    estimators.lemma_f1_mst("s002.lem.F.1#binomial-MST"),
    estimators.lemma_f1_mst("s002.lem.F.1#binomial-MST.eps-le-1", 1.0),

    # ------------------------------------------------------------------ Appendix G: estimating ABP
    estimators.leakage_upper_bound(
        "s002.claim.G-leakage-formula#upper", "ε_p ≤ 2C1 − C2·TV(P^O‖P^D) (the 'upper bound' of l.916)",
        "Appendix G, introduction (l.916)"),
    estimators.leakage_lower_bound(
        "s002.claim.G-leakage-formula+corrected",
        "ε_p ≥ C1 − C2·TV(P^O‖P^D) (the trade-off direction the cited work proves)", "Appendix G, introduction (l.916)"),
    w_star.assumption_g1(
        "s002.claim.assumption-G.1-forces-xi-zero",
        "Appendix G, Assumption G.1, Eq. (29) (l.918–924; with Eqs. (24), (31))"),
    estimators.kappa_estimate_unbiased(
        "s002.claim.kappa1-unbiased",
        "E[f̂^O_D(d)] = ∫ f_{D|W}(d|w) dP^O(w) for the average of M posteriors at w_m ~ P^O",
        "Appendix G-A, Eq. (30) and l.932"),
    estimators.c1_hat_squared_nonnegative(
        "s002.claim.C1hat-nonneg", "Ĉ1² ≥ 0 for any non-negative estimate κ̂1 (not renormalised), so Ĉ1 is real",
        "Appendix G-A (l.946)"),
    *w_star.xi_at_w_star_readings("s002.eq.31", "Appendix G-B, Eq. (31) (l.950–952)", w_star.QUOTE_EQ31),
    estimators.c1_estimation_error(
        "s002.thm.G.1", "|Ĉ1 − C1| ≤ √(...) (Eq. (34))", "Appendix G-A, Theorem G.1 (l.970–974)",
        normalised=False, reading="raw-estimate", primary=estimators.PRIMARY_G1),
    estimators.c1_estimation_error(
        "s002.thm.G.1", "|Ĉ1 − C1| ≤ √(...) (Eq. (34))", "Appendix G-A, Theorem G.1 (l.970–974)",
        normalised=True, reading="normalised-estimate"),
    estimators.eps_p_estimation_error(
        "s002.thm.G.2", "|ε̂_p − ε_p| ≤ (3/2)√(...), ε_p = 2C1 − C2·TV (reconstructed)", G2_WHERE,
        normalised=False, reading="eps-tilde-2C1.raw-estimate", primary=estimators.PRIMARY_G2),
    estimators.eps_p_estimation_error(
        "s002.thm.G.2", "|ε̂_p − ε_p| ≤ (3/2)√(...), ε_p = 2C1 − C2·TV (reconstructed)", G2_WHERE,
        normalised=True, reading="eps-tilde-2C1.normalised-estimate"),
    estimators.eps_p_is_c1_estimation_error(
        "s002.thm.G.2", "|ε̂_p − ε_p| ≤ (3/2)√(...), ε_p = C1 (reconstructed)", G2_WHERE,
        normalised=False, reading="eps-C1.raw-estimate"),
    estimators.eps_p_is_c1_estimation_error(
        "s002.thm.G.2", "|ε̂_p − ε_p| ≤ (3/2)√(...), ε_p = C1 (reconstructed)", G2_WHERE,
        normalised=True, reading="eps-C1.normalised-estimate"),
]

# ---------------------------------------------------------------------- findings (proofcheck.report.findings)
# The independent errors of 002, in the paper's order. Statements that fail only in a non-primary reading
# (Eqs. (24), (31) with w* per secret, Lemma F.1 for ε > 1) are `depends-on-reading`, not findings.
from proofcheck.report.findings import Example, Finding  # noqa: E402

FINDINGS = [
    Finding(
        "s002.F6",
        "PAC robustness does not give privacy: a deterministic robust estimator has no finite MBP level",
        ("s002.claim.robust-to-private", "s002.table.III.i"),
        "same counterexample: both claim that an α-PAC-robust algorithm is ξ-MBP for some finite ξ (the abstract's "
        "'construct privacy-preserving algorithms from PAC robust ones', Table III's ⇐ of 'privacy ⇔ robustness' for "
        "ξ-MBP), and both fail at every deterministic estimator whose distinct outputs all lie within α of μ(P), "
        "e.g. M(d) = μ(P) + index(d)/10",
        "The abstract's 'construct privacy-preserving algorithms from PAC robust ones' and Table III's 'privacy ⇔ "
        "robustness' for ξ-MBP fail: on two secrets with the uniform prior the deterministic estimator M(d) = 2d − 1 "
        "(μ(P) = 0, α = 3/2; likewise M(d) = μ(P) + index(d)/10 with α = (|D| − 1)/10) is α-PAC-robust with β = 0, "
        "yet its output names the input, f(d|w) = 0 for w ≠ d, so it is ξ-MBP for no finite ξ.",
        depends="contribution",
        # the sentence's M(d) = 2d − 1 on two secrets: outputs −1, 1 within α = 3/2 of μ = 0, β = 0, f(d|w) = 0 for w ≠ d
        example=Example("s002.claim.robust-to-private",
                        {"prior": ["1/2", "1/2"], "K": [["1", "0"], ["0", "1"]], "t": ["-1", "1"], "mu": "0",
                         "alpha": "3/2"},
                        {"3/2": "alpha", "0": "P_robust_fail"}),
        impact="Half of the paper's second stated contribution (abstract l.7, contributions l.28, conclusions l.434): "
               "no result of the paper derives privacy from robustness (Section IV-F proves only (ε,β,α)-MBP ⇒ "
               "α-PAC-robust, Theorem IV.7), and the implication is false for every ξ, so Table III's 'our work' "
               "ξ-MBP row should read 'privacy ⇒ robustness', not '⇔'. Robustness at any (τ, β, α) does not bound "
               "ξ: the witness has β = 0 and ξ = ∞."),
    Finding(
        "s002.F7",
        "Table II reverses Triastcyn and Faltings' relation: Bayesian DP does not imply DP (DP implies it)",
        ("s002.table.II.vi",),
        "",
        "Table II credits Triastcyn and Faltings (2020) with 'Bayesian DP ⇒ DP', but Bayesian DP averages over the "
        "differing point x' ∼ μ what DP bounds for every x': with one point revealed (rows p(·|D₀) = p(·|D₀ ∪ {x₀}) = "
        "(1/2, 1/2, 0), p(·|D₀ ∪ {x₁}) = (0, 0, 1)) and μ = (99/100, 1/100), the mechanism is (ε, 1/100)-Bayesian DP "
        "at every ε but (ε, δ)-DP for no δ < 1; the engine's smallest witness, μ = (1/2, 1/2) and rows (1/2, 1/2), "
        "(1/2, 1/2), (3/4, 1/4) at ε = 0, needs δ = 1/4 for DP against δ = 1/8 for Bayesian DP.",
        depends="restated-unused",
        # the sentence's first case (ε = 0; the rows do not depend on it): DP needs δ = 1, Bayesian DP only 1/100
        example=Example("s002.table.II.vi",
                        {"K": [["1/2", "1/2", "0"], ["1/2", "1/2", "0"], ["0", "0", "1"]], "mu": ["99/100", "1/100"],
                         "adjacency": 0, "x0": 0, "eps": "0"},
                        {"1/100": "delta_BDP", "1": "delta_DP"}),
        impact="None of the paper's results: Table II summarises other works' relations, and no theorem, proof or "
               "number of the paper uses Bayesian DP; the row should read 'DP ⇒ Bayesian DP' (the cited paper "
               "presents Bayesian DP as a relaxation of DP for typical data, a tighter guarantee 'for 99.999% of "
               "data points'), as a reader comparing notions with Table II would need."),
    Finding(
        "s002.F8",
        "'The larger ξ, the stronger privacy' inverts Definition IV.3: a larger ξ is the weaker guarantee",
        ("s002.claim.larger-xi-stronger",),
        "",
        "The remark after Theorem IV.3 that 'the larger ξ is, the wider this range becomes, indicating stronger privacy "
        "protection' (l.372) inverts Definition IV.3 and the paper's own glosses (l.294, l.340: smaller ξ, ε means "
        "stronger privacy): for f_D = (2/3, 1/3) and the channel with rows (2/3, 1/3), (1/3, 2/3) the ratios "
        "f(d|w)/f(d) are 3/5, 3/4, 6/5, 3/2, so the mapping is ln(5/3)-MBP (ln(5/3) ≈ 0.5108) but not ξ₁-MBP for any ξ₁ < "
        "ln(5/3) (e.g. not 1/2-MBP): the larger level is the weaker statement.",
        depends="no-consequence",
        example=Example("s002.claim.larger-xi-stronger",
                        {"prior": ["2/3", "1/3"], "K": [["2/3", "1/3"], ["1/3", "2/3"]], "xi_1": "1/2"},
                        {"0.5108": "xi_MBP", "1/2": "xi_1"}),
        impact="None of the paper's results: a remark of the prose after Theorem IV.3 (l.372); every theorem and the "
               "paper's definitions (l.294, l.340) use ξ and ε the right way round (smaller is stronger), so only a "
               "reader's understanding of the remark changes."),
    Finding(
        "s002.F1",
        "PAC robustness constant 1 + 4ε is too small: the proof bounds e^(2ε) by 1 + 4ε on [0, 1]",
        ("s002.thm.IV.7", "s002.thm.E.1", "s002.eq.20", "s002.eq.21", "s002.claim.E1-combined"),
        "same root cause: Theorem E.1 is Theorem IV.7 restated in Appendix E (the same builder; each reading "
        "has the same verdict and the same counterexample in both); its proof gets Pr[M(d') ∈ U] ≤ e^(2ε)β "
        "right (Eqs. (18)–(19); the corrected constant e^(2ε)β holds, s002.thm.IV.7+corrected) and then "
        "replaces e^(2ε) by 1 + 4ε through Eq. (20) e^(2ε) ≤ 1 + 2ε + 4ε² (false for ε > 0.8966) and "
        "Eq. (21) 1 + 2ε + 4ε² ≤ 1 + 4ε (false for ε > 1/2), i.e. the composed step e^(2ε) ≤ 1 + 4ε "
        "(s002.claim.E1-combined, false for ε > 0.6282); the theorem's counterexample has ε ≈ 0.9555, where "
        "e^(2ε) ≈ 6.76 > 1 + 2ε + 4ε² ≈ 6.56 > 1 + 4ε ≈ 4.82, and its ratio Pr[M(d') ∈ U]/β = 5 lies between "
        "1 + 4ε and e^(2ε): it fails exactly where the composed step does",
        "Theorem IV.7 (restated as Theorem E.1) is false as printed: its proof bounds e^(2ε) by 1 + 2ε + 4ε² "
        "(Eq. (20), false for ε > 0.90) and then by 1 + 4ε (Eq. (21), false for ε > 1/2), and indeed for the "
        "prior (2/5, 3/10, 3/10) and the channel with rows (1/2, 1/2), (1/10, 9/10), (1/10, 9/10), which is "
        "ε-MBP with ε ≈ 0.956 ≤ 1, the inaccurate output has probability β = 1/10 at the true secret but 1/2 "
        "at another, above γ = (1 + 4ε)β ≈ 0.482; the argument gives γ = e^(2ε)β.",
        depends="contribution",
        # the theorem's own counterexample (its primary reading), not only the proof step e^2 > 5 it fails through
        example=Example("s002.thm.IV.7#acc-at-true-secret.eps-le-1",
                        {"prior": ["2/5", "3/10", "3/10"], "K": [["1/2", "1/2"], ["1/10", "9/10"], ["1/10", "9/10"]],
                         "secret": 1, "U": [0]},
                        {"0.956": "epsilon", "1/10": "beta", "1/2": "P_fail", "0.482": "rhs"}),
        impact="The paper's second contribution, PAC robustness derived from ε-MBP (Theorem IV.7, restated as "
               "Theorem E.1): the printed γ = (1 + 4ε)β is too small (the proof's step e^{2ε} ≤ 1 + 4ε fails for "
               "ε > 0.6282, the theorem itself at the witness's ε ≈ 0.956); the proof gives γ = e^{2ε}β "
               "(s002.thm.IV.7+corrected#acc-at-true-secret holds), larger by e^{2ε}/(1 + 4ε): ×1.40 at "
               "ε ≈ 0.956, ×1.48 at ε = 1. "
               "The paper has no experiment or table that uses the constant."),
    Finding(
        "s002.F5",
        "Lemma C.1's last step treats an ε-close prior as uniform: e^(ξ+ε)/|D| ≤ e^(ξ+ε) f_D(d̃) needs f_D(d̃) ≥ 1/|D|",
        ("s002.claim.C1-last-step",),
        "",
        "The proof of Lemma C.1 passes from f(d̃|w) ≤ e^(ξ+ε)/|D| (l.712) to f(d̃|w) ≤ e^(ξ+ε) f_D(d̃) (l.716), which "
        "needs f_D(d̃) ≥ 1/|D| and fails for every non-uniform prior: for f_D = (67/100, 33/100) and the channel with "
        "rows (1/2, 1/2), (1/100, 99/100) (e^ξ = 50, e^ε = 67/33) the first bound is 1675/33 ≈ 50.76 but the second "
        "only 67/2 = 33.5 at the less likely secret (the ratio 1/(|D| min f_D) = 50/33).",
        depends="proof-step-conclusion-survives",
        example=Example("s002.claim.C1-last-step",
                        {"prior": ["67/100", "33/100"], "K": [["1/2", "1/2"], ["1/100", "99/100"]]},
                        {"50": "exp(xi)", "67/33": "exp(epsilon)", "1675/33": "lhs", "50.76": "lhs", "67/2": "rhs",
                         "33.5": "rhs"}),
        impact="None of the paper's results: the conclusion of the step, f(d̃|w) ≤ e^(ξ+ε) f_D(d̃), holds "
               "(s002.claim.C1-upper-mbp; indeed ξ-LDP gives ξ-MBP for every full-support prior, s002.lem.IV.1+sharp), "
               "so Lemma C.1's (ξ+ε)-MBP and the first conclusion of Theorems IV.4/C.3 stand; only the argument "
               "given for them is invalid for an ε-close prior (it is Lemma A.1's argument, valid for the uniform "
               "prior only)."),
    Finding(
        "s002.F4",
        "ξ read off at w* (Eqs. (24)/(31)) misses the ratios below 1 that set the Maximum Bayesian Privacy",
        ("s002.eq.24", "s002.eq.31"),
        "same root cause: Eq. (31) restates Eq. (24) under Assumption G.1 (the same builder, the same readings); "
        "with w* per secret, max_d |log f(d|w*)/f(d)| sees only each secret's largest ratio, while ξ of (23) also "
        "counts the smallest, and with one common w* the assumption forces ξ = 0",
        "Eqs. (24) and (31) read ξ off at w*, but the largest |log ratio| of (23) may be a ratio below 1, which no "
        "maximiser w* of (29) sees: for the prior (2/3, 1/3) and the channel with rows (2/3, 1/3), (1/3, 2/3), "
        "ξ = ln(5/3) ≈ 0.5108 while (24) gives ln(3/2) ≈ 0.4055.",
        depends="used-by-results",
        example=Example("s002.eq.24#wstar-per-d", {"prior": ["2/3", "1/3"], "K": [["2/3", "1/3"], ["1/3", "2/3"]]},
                        {"0.5108": "xi_23", "0.4055": "xi_24"}),
        impact="Appendix G's estimation of C2, a method the paper proposes: ξ̂ of Eqs. (25)/(32) reads ξ at w* and "
               "Ĉ2 = (e^(2ξ̂) − 1)/2 of Eq. (33) follows it, so both are too small wherever a posterior/prior ratio "
               "below 1 sets ξ — at the witness C2 = (e^(2ξ) − 1)/2 = 8/9 ≈ 0.889 is estimated as 5/8 = 0.625 "
               "(−30 %). The paper prints no number computed with it that the suite reproduces."),
    Finding(
        "s002.F2",
        "Appendix G's 'upper bound' ε̃_p = 2C1 − C2·TV can be negative, so it bounds no leakage",
        ("s002.claim.G-leakage-formula",),
        "",
        "Appendix G calls ε̃_p = 2C1 − C2·TV(P^O‖P^D) an upper bound of the privacy leakage ε_p, but it is not "
        "one: for a uniform prior on two secrets, the channel with rows (3/4, 1/4) and (1/2, 1/2), "
        "P^O = (1/2, 1/2) and P^D = (3/4, 1/4), ε_p = C1 ≈ 0.0236 while 2C1 − C2·TV ≈ −0.109 "
        "(C2 = 5/8, TV = 1/4).",
        depends="restated-unused",
        example=Example("s002.claim.G-leakage-formula#upper",
                        {"prior": ["1/2", "1/2"], "K": [["3/4", "1/4"], ["1/2", "1/2"]], "law_O": ["1/2", "1/2"],
                         "law_D": ["3/4", "1/4"]},
                        {"0.0236": "epsilon_p", "−0.109": "rhs", "5/8": "C2", "1/4": "TV"}),
        impact="None of the paper's results: Appendix G restates ε̃_p = 2C1 − C2·TV from a cited work (Zhang et al. "
               "2023e) as the quantity whose constants C1 and C2 it then estimates, and no theorem of the paper uses "
               "ε̃_p as a bound (Theorems G.1–G.2 bound estimation errors only); what the cited trade-off gives is "
               "the lower bound ε_p ≥ C1 − C2·TV (s002.claim.G-leakage-formula+corrected holds). Calling ε̃_p an "
               "upper bound of the leakage is wrong (it can be negative: −0.109 against ε_p ≈ 0.0236 in the "
               "witness)."),
]
