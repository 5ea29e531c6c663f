"""Biswas et al. — comparing privacy notions against reconstruction (seed 003_774f008c7ff40fd2.txt).

The paper's statements in the paper's order: Rényi DP of the von Mises–Fisher (VMF) mechanism, its (ε, δ)
accounting under subsampling and composition, Tables I and IV, and the Bayes' capacity of finite channels, of
Gaussian and of VMF noise. One entry per printed statement, encoded literally; ``+corrected`` entries register
the statement with the constant the paper's own derivation (or its cited source) gives, ``+sharp`` a sharper
one, ``#reading`` entries the sensible readings of an ambiguous one.

Each entry is ``builder(id, title, where printed, ...)``, the builder in the module of its section, which holds
the section's quantities above its builders:

==============================  ==========================================================================
section                         module
==============================  ==========================================================================
§II footnote 1, §IV–V,          finite_channels.py — Bayes' capacity of finite channels: the miracle theorem,
Appendix B-D                    Lemmas 1–3, Corollary 1, Theorem 4, Sibson's I_∞, Lemma 3's proof
§III Definition 4, §III-A       vmf_renyi.py — the VMF mechanism: its metric privacy and Rényi DP
                                (Propositions 1–3, Theorem 1, the KL limit, footnote 3)
§III-B Proposition 4, α*,       eps_delta.py — (α, τ_α)-RDP ⇒ (ε, δ)-DP: δ_α, the stationarity equation for
line 232                        α*, the inversion of Eq. (8)
§III-B Theorems 2–3, Eq. (9),   subsampling.py — composition (KOV), subsampled RDP (Zhu–Wang), Eq. (9), the KL
lines 222–228                   under subsampling, the RDP interpolation, composition over epochs
§III-B Table I, App. C Table IV table_claims.py — the tables' ε under each reading of '3 epochs', Table I's
                                Approach column, Table IV's σ column
§V-A to V-C                     capacity.py — continuous Bayes' capacity: Definition 7, Theorems 5 and 6 and
                                Theorem 5's independent errors one by one
§VI–VII, Appendix C Tables      printed_numbers.py — the printed numbers against each other (parameter count,
II, III, V, VI                  the text's accuracies and σ, Tables II/III/VI against Tables I/IV)
Appendix B-F                    capacity_proof.py — Theorem 5's sketch proof step by step
==============================  ==========================================================================

Shared by several sections: :mod:`.model` (readers of a case, Proposition 1's τ_α as printed), :mod:`.tables`
(Tables I and IV: the set-up, the printed rows, the two approaches, the rows under each reading), :mod:`.printed`
(the paper's formulas as printed, where they differ from the library's correct ones), :mod:`.mc_routes` (Monte
Carlo routes), :mod:`.strategies`, :mod:`.costs`; :mod:`.commands` declares its own subcommand, ``proofcheck vmf``.
``FINDINGS`` at its end groups the errata into independent errors (:mod:`proofcheck.report.findings`).
"""

from __future__ import annotations

PAPER = "003 — Biswas et al.: privacy notions against reconstruction (VMF)"

from proofcheck.claims.s003 import (capacity, capacity_proof, eps_delta, finite_channels, printed_numbers, subsampling,
                                    table_claims, vmf_renyi)
from proofcheck.report.findings import Example, Finding

CLAIMS = [
    # ------------------------------------------------------------------ Section II: footnote 1
    finite_channels.sibson_footnote(
        "s003.claim.sibson-infinity#full-support",
        "footnote 1: log C_Bayes(M) = Sibson's mutual information of order ∞, I_∞(π; M), for priors of full support",
        "Section II, footnote 1 (line 88)", full_support=True),
    finite_channels.sibson_footnote(
        "s003.claim.sibson-infinity#any-prior",
        "footnote 1: log C_Bayes(M) = Sibson's mutual information of order ∞, I_∞(π; M), for every prior",
        "Section II, footnote 1 (line 88)", full_support=False),

    # ------------------------------------------------------------------ Section III: the VMF mechanism
    vmf_renyi.definition_4(
        "s003.def.4",
        "Definition 4: the normaliser C_{p,κ} = (2π)^{ν+1} I_ν(κ)/κ^ν equals ∫_{S^{p−1}} e^{κxᵀy} dy (quadrature)",
        "Section III, Definition 4 (lines 107–111)"),
    vmf_renyi.metric_privacy(
        "s003.claim.vmf-metric-privacy",
        "the VMF mechanism is κ d_θ-private: log f(x)(y)/f(x')(y) ≤ κ θ(x, x')",
        "Section III, line 105"),

    # ------------------------------------------------------------------ Section III-A: Rényi DP of the VMF mechanism
    vmf_renyi.renyi_closed_form(
        "s003.claim.vmf-renyi-closed-form",
        "D_α(VMF(x,κ)‖VMF(x',κ)): closed form log[M_p(κm)/M_p(κ)]/(α−1) = quadrature over S^{p−1}",
        "Section III-A, line 127"),
    vmf_renyi.proposition_1(
        "s003.prop.1",
        "VMF RDP at antipodal centres: D_α(f(x)‖f(−x)) (quadrature) = printed τ_α",
        "Section III-A, Proposition 1 (lines 129–131)"),
    vmf_renyi.proposition_1_any_pair(
        "s003.prop.1#any-pair",
        "VMF RDP: D_α(f(x)‖f(x')) ≤ printed τ_α for every pair of centres",
        "Section III-A, Proposition 1 (lines 129–131)"),
    vmf_renyi.kl_bound(
        "s003.claim.vmf-kl",
        "τ_1 = sup KL(f(x)‖f(x')) (quadrature, at x' = −x) ≤ 2κ I_{ν+1}(κ)/I_ν(κ) — holds with equality",
        "Section III-A, line 133"),
    vmf_renyi.theorem_1_kappa(
        "s003.thm.1.i",
        "Theorem 1 (i): τ_α increasing in κ for κ ≥ 1",
        "Section III-A, Theorem 1 (i) (lines 137–139)",
        kappa_min=1, note="As printed: κ ≥ 1."),
    vmf_renyi.theorem_1_kappa(
        "s003.thm.1.i+sharp",
        "Theorem 1 (i): τ_α increasing in κ for κ > 0",
        "Section III-A, Theorem 1 (i) (lines 137–139)",
        kappa_min=0, note="Sharper: every κ > 0 (the κ ≥ 1 restriction is not needed)."),
    vmf_renyi.theorem_1_nu(
        "s003.thm.1.ii",
        "Theorem 1 (ii): τ_α decreasing in ν (ν ≥ 0 real)",
        "Section III-A, Theorem 1 (ii) (lines 137–140)"),
    vmf_renyi.increasing_in_angle(
        "s003.claim.rdp-increasing-in-angle",
        "footnote 3: D_α(VMF(x)‖VMF(x')) is increasing in the angle between x and x'",
        "Section III-A, footnote 3 (line 148)"),
    vmf_renyi.proposition_2_sum_both(
        "s003.prop.2#sum-both",
        "multivariate VMF: RDP of the product (quadrature, antipodal blocks) = Eq. (7) with Σ over both logs",
        "Section III-A, Proposition 2 (lines 152–155)"),
    vmf_renyi.proposition_3(
        "s003.prop.3",
        "Proposition 3: Σ_i τ_α(p_i, κ) ≥ τ_α(p, κ) for every split p = p_1 + … + p_R, p_i ≥ 2",
        "Section III-A, Proposition 3 (line 161)"),

    # ------------------------------------------------------------------ Section III-B: (ε, δ) accounting
    eps_delta.proposition_4(
        "s003.prop.4",
        "Proposition 4: (α, τ_α)-RDP ⇒ (ε, δ_α)-DP — exact δ(ε) of the worst pair ≤ δ_α (VMF, Gaussian)",
        "Section III-B, Proposition 4 (lines 169–174)"),
    eps_delta.delta_alpha_convex(
        "s003.claim.delta-alpha-convex",
        "δ_α (Eq. 8 with Proposition 1's τ_α) is convex in α",
        "Section III-B, line 178"),
    eps_delta.alpha_star_exists(
        "s003.claim.alpha-star-stationarity",
        "for any ε, the stationarity equation −ε + 2κ I_{ν+1}/I_ν((2α−1)κ) + log(1−1/α) = 0 has a root α* > 1",
        "Section III-B, lines 178–186"),
    eps_delta.alpha_star_minimises(
        "s003.claim.alpha-star-stationarity#eps-lt-2kappa",
        "for ε < 2κ the root α* of the stationarity equation minimises δ_α over α > 1",
        "Section III-B, lines 178–186"),
    eps_delta.alpha_star_derivative(
        "s003.claim.alpha-star-stationarity#derivative",
        "the stationarity function g(α) is d/dα log δ_α (Bessel ratio vs quadrature)",
        "Section III-B, lines 178–186"),
    subsampling.theorem_2(
        "s003.thm.2",
        "Theorem 2 as printed: N-fold composition at ε̃ = min{Nε_s, tanh(ε_s/2) + …}",
        "Section III-B, Theorem 2 (lines 194–196)",
        eps_tilde=subsampling.eps_tilde_printed,
        note="ε̃ exactly as printed (first summand (e^{ε_s}−1)/(e^{ε_s}+1))."),
    subsampling.theorem_2(
        "s003.thm.2+corrected",
        "Theorem 2 with KOV's first summand Nε_s(e^{ε_s}−1)/(e^{ε_s}+1)",
        "Section III-B, Theorem 2 (lines 194–196)",
        eps_tilde=subsampling.eps_tilde_kov,
        note="Corrected: the first summand of the 2nd and 3rd terms is N ε_s (e^{ε_s}−1)/(e^{ε_s}+1), as in "
             "Kairouz–Oh–Viswanath's Theorem [46]."),
    subsampling.theorem_3(
        "s003.thm.3",
        "Theorem 3 as printed: τ^s_α ≤ (1/α) log{…}",
        "Section III-B, Theorem 3 (lines 204–206)",
        bound=subsampling.zhu_wang_printed, note="Prefactor 1/α as printed."),
    subsampling.theorem_3(
        "s003.thm.3+corrected",
        "Theorem 3 with 1/(α−1) ≥ the binomial sum of D_α((1−γ)Q+γP₀‖Q) (term by term: checks the prefactor and "
        "the factor 3 only)",
        "Section III-B, Theorem 3 (lines 204–206)",
        bound=subsampling.zhu_wang,
        note="Corrected: prefactor 1/(α−1) (Zhu–Wang's general upper bound [24, Thm 5]). Both sides are sums over "
             "the same terms C(α,ℓ)(1−γ)^{α−ℓ}γ^ℓ e^{(ℓ−1)τ_ℓ}, the bound with a factor 3 from ℓ = 3: this checks the "
             "constant and the prefactor, not the bound against an independent divergence (see "
             "s003.thm.3+corrected#both-directions)."),
    subsampling.theorem_3_both_directions(
        "s003.thm.3+corrected#both-directions",
        "Theorem 3 with 1/(α−1) ≥ the RDP of the subsampled VMF step, both directions, by quadrature of the mixture",
        "Section III-B, Theorem 3 (lines 204–206)"),
    table_claims.printed_is_valid(
        "s003.table.I",
        "Table I, 3 epochs = 1406 subsampled steps: the printed ε (+½ unit) is a valid (ε, 1/60000)-DP guarantee of "
        "the VMF mechanism",
        "Section III-B, Table I (lines 208–218, 236)", table="I"),
    table_claims.printed_is_best(
        "s003.table.I#printed-prefactor",
        "Table I, three-step reading, Theorem 3 as printed (1/α): no choice of approach 1 or 2 gives an ε below the "
        "printed one by more than ½ unit (a violation: this pipeline gives a smaller ε than printed)",
        "Section III-B, Table I (lines 208–218, 236)", table="I", prefactor="printed"),
    table_claims.printed_is_best(
        "s003.table.I#zhu-wang",
        "Table I, three-step reading, Theorem 3 with 1/(α−1): no choice of approach 1 or 2 gives an ε below the "
        "printed one by more than ½ unit (a violation: this pipeline gives a smaller ε than printed)",
        "Section III-B, Table I (lines 208–218, 236)", table="I", prefactor="zw"),
    table_claims.printed_is_achievable(
        "s003.table.I#achievable",
        "Table I, three-step reading (N = 3 compositions, 1/(α−1), l.226's interpolation): the printed ε is not "
        "below the best ε of approaches 1–2 by more than ½ unit",
        "Section III-B, Table I (lines 208–218, 236)", table="I"),
    table_claims.approach_column(
        "s003.table.I.approach-column",
        "Table I's Approach column, three-step reading: the approach named gives the smaller best ε",
        "Section III-B, Table I (lines 208–218)"),
    subsampling.equation_9(
        "s003.eq.9",
        "Eq. (9): an (ε, δ)-DP pair under Poisson subsampling at rate γ is (log(1 + γ(e^ε − 1)), γδ)-DP, both "
        "directions (exact hockey-stick divergences)",
        "Section III-B, Eq. (9) (lines 188–190)"),
    subsampling.kl_subsampling(
        "s003.claim.kl-subsampling",
        "τ^s_1 ≤ γτ_1: KL of the subsampled VMF pair (both directions) ≤ γ · 2κ I_{ν+1}(κ)/I_ν(κ)",
        "Section III-B, line 222"),
    subsampling.rdp_interpolation(
        "s003.claim.rdp-interpolation",
        "RDP interpolation as printed: τ_α ≤ (1−α+⌊α⌋)τ_{⌊α⌋} + (α−⌊α⌋)τ_{⌈α⌉}",
        "Section III-B, lines 224–226",
        interpolate=subsampling.interpolation_printed, note="The printed interpolation."),
    subsampling.rdp_interpolation(
        "s003.claim.rdp-interpolation+corrected",
        "RDP interpolation of the CGF (α−1)τ_α (WBK Cor. 10)",
        "Section III-B, lines 224–226",
        interpolate=subsampling.interpolation_of_cgf,
        note="Corrected: interpolate (α−1)τ_α, i.e. τ_α ≤ [(1−f)(⌊α⌋−1)τ_{⌊α⌋} + f⌊α⌋τ_{⌈α⌉}]/(α−1), f = α−⌊α⌋."),
    subsampling.composition_over_epochs(
        "s003.claim.rdp-composition-epochs#N-epochs",
        "N epochs of subsampled training have RDP N·τ^s_α (N = number of epochs)",
        "Section III-B, line 228"),
    eps_delta.eps_from_delta(
        "s003.claim.eps-from-delta",
        "line 232 inverts Eq. (8): δ_α at ε(α, δ, τ) equals δ",
        "Section III-B, lines 230–234"),

    # ------------------------------------------------------------------ Sections IV–V: finite channels
    finite_channels.miracle(
        "s003.claim.miracle",
        "Miracle theorem: V_g(π, M)/V_g(π) ≤ C_Bayes(M) for every prior and gain g ≥ 0",
        "Section V, line 309"),
    finite_channels.lemma_1(
        "s003.lem.1",
        "Lemma 1: C deterministic with no 0 columns ⇒ C_Bayes(C·D) = C_Bayes(D)",
        "Section V, Lemma 1 (line 313)"),
    finite_channels.lemma_2_leaks_nothing(
        "s003.lem.2.i",
        "Lemma 2: the channel that leaks nothing (all rows equal) has C_Bayes = 1",
        "Section V, Lemma 2 (line 315)"),
    finite_channels.lemma_2_leaks_everything(
        "s003.lem.2.ii",
        "Lemma 2: the channel that leaks everything (disjoint row supports) has C_Bayes = N",
        "Section V, Lemma 2 (line 315)"),
    finite_channels.corollary_1(
        "s003.cor.1",
        "Corollary 1: X ⊆ X' ⇒ C_Bayes(C_X) ≤ C_Bayes(C_X')",
        "Section V, Corollary 1 (line 319)"),
    finite_channels.lemma_3(
        "s003.lem.3",
        "Lemma 3 (data processing): C_Bayes(C·D) ≤ C_Bayes(C)",
        "Section V, Lemma 3 (line 323)"),
    finite_channels.theorem_4(
        "s003.thm.4",
        "Theorem 4: deterministic pre-processing onto dom D ⇒ reconstruction risk L_bv(π, C·D) = C_Bayes(D)",
        "Section V, Theorem 4 (line 327)", primary=finite_channels.THEOREM_4_PRIMARY),
    finite_channels.theorem_4_all_inputs(
        "s003.thm.4#range-over-all-inputs",
        "Theorem 4 with C onto dom D over all inputs, the prior uniform on part of them: L_bv(π, C·D) = C_Bayes(D)",
        "Section V, Theorem 4 (line 327); Section IV-C (the prior's support, lines 281–283)"),

    # ------------------------------------------------------------------ Section V-A to V-C: continuous Bayes' capacity
    capacity.definition_7(
        "s003.def.7",
        "continuous Bayes' capacity ∫ sup_x f(x)(y) dy: quadrature reduced by symmetry = closed form (Gaussian, VMF)",
        "Section V-A, Definition 7 (lines 339–343)"),
    capacity.theorem_5(
        "s003.thm.5",
        "Theorem 5 as printed: Gaussian Bayes' capacity = 2Z/(Γ(p/2)2^{p/2}σ^p) + R^p/(Γ(p/2+1)2^{p/2}σ^p)",
        "Section V-B, Theorem 5 (lines 347–353)"),
    capacity.theorem_5_corrected(
        "s003.thm.5+corrected",
        "Theorem 5 corrected (prefactor 1, C(p−1, i)) = Bayes' capacity by radial quadrature",
        "Section V-B, Theorem 5 and Appendix B-F (lines 347–353, 690–718)"),
    capacity.theorem_5_per_layer(
        "s003.thm.5#per-layer-clipping",
        "Theorem 5, printed formula, with R layers each clipped to length 1: vs Π_i C(p_i, σ, 1)",
        "Section V-B, Theorem 5 (lines 347–353)",
        formula=capacity.printed_theorem_5, symbol="log_C_printed", against="the printed formula with p and R"),
    # Theorem 5's independent errors, each shown apart (findings s003.F7–F9): the formula with every error but
    # one corrected. (a) the prefactor 2 (s003.thm.5 itself shows only (a) at p ≤ 2, where C(p−i, i) = C(p−1, i));
    # (b) C(p−i, i) for C(p−1, i); (c) R layers each clipped to length 1 are a product of unit balls, not B^p_R.
    capacity.theorem_5_one_error(
        "s003.claim.thm5-prefactor",
        "Theorem 5 with Z as its proof computes it (C(p−1, i)) and the printed prefactor 2 = Bayes' capacity",
        "Section V-B, Theorem 5 (lines 351–353); Appendix B-F (lines 708–714)",
        formula=capacity.prefactor_only, symbol="log_C_prefactor_2",
        isolates="the printed formula with only its binomial corrected (C(p−1, i), the proof's l.714): "
                 "2Z'/(Γ(p/2)2^{p/2}σ^p) + R^p/(Γ(p/2+1)2^{p/2}σ^p), i.e. log(2e^L − v) with e^L the corrected "
                 "closed form and v the second term — the prefactor 2 is the only error left."),
    capacity.theorem_5_one_error(
        "s003.claim.thm5-binomial",
        "Theorem 5 with the prefactor 1 (as its proof gives it) and Z as printed (C(p−i, i)) = Bayes' capacity",
        "Section V-B, Theorem 5 (lines 351–353); Appendix B-F (lines 708–714)",
        formula=capacity.binomial_only, symbol="log_C_printed_Z",
        isolates="the printed formula with only its prefactor corrected (1: the proof's ½ times "
                 "A(S^{p−1}) = 2π^{p/2}/Γ(p/2)): Z/(Γ(p/2)2^{p/2}σ^p) + R^p/(Γ(p/2+1)2^{p/2}σ^p) with the printed "
                 "Z = Σ Γ((p−i)/2)(√2σ)^{p−i}C(p−i, i)R^i (C(n, k) = 0 for k > n), i.e. log((e^P + v)/2) with e^P the "
                 "printed formula — the binomial C(p−i, i) is the only error left (none at p ≤ 2, where "
                 "C(p−i, i) = C(p−1, i))."),
    capacity.theorem_5_per_layer(
        "s003.claim.thm5-layer-clipping",
        "Theorem 5 with prefactor 1 and C(p−1, i), R = the number of layers each clipped to length 1: = Π_i C(p_i, σ, 1)",
        "Section V-B, Theorem 5 (lines 349–353: 'R is the number of layers in the network (each clipped to "
        "length 1)'); Appendix B-F (line 692: 'x_C ∈ B^p_R')",
        formula=capacity.closed_form, symbol="log_C_corrected",
        against="the formula with its prefactor and binomial corrected (the capacity of the ball B^p_R) at p = Σ p_i "
                "and R = the number of layers — the radius R for R unit layers is the only error left (the layers "
                "lie in a product of unit balls, inside B^p_{√R})",
        reading=None),
    capacity.theorem_5_averaged(
        "s003.thm.5#noise-sigma-over-L",
        "Theorem 5 as printed (at σ) = Bayes' capacity of the mechanism it describes, noise σ then averaging by L (σ/L)",
        "Section V-B, Theorem 5 (lines 347–353: 'and then averaging by L'); Algorithm 1, line 10",
        formula=capacity.printed_theorem_5, symbol="log_C_printed", against="The printed formula at (p, σ, R)",
        reading="noise-sigma-over-L"),
    capacity.theorem_5_averaged(
        "s003.claim.gaussian-capacity-averaging",
        "Theorem 5 with prefactor 1 and C(p−1, i) (the capacity at noise σ) = the capacity after averaging by L (σ/L)",
        "Section V-B, Theorem 5 (lines 347–353: 'and then averaging by L'); Algorithm 1, line 10",
        formula=capacity.closed_form, symbol="log_C_corrected",
        against="The formula with its prefactor and binomial corrected (the capacity of noise σ on B^p_R) at (p, σ, R) — "
                "the missing L is the only error left —"),
    capacity.theorem_6(
        "s003.thm.6",
        "Theorem 6: VMF Bayes' capacity = 2Γ(p/2)^{−1}κ^{p/2−1}e^κ/(2^{p/2}I_{p/2−1}(κ))",
        "Section V-C, Theorem 6 (lines 361–389)"),

    # ------------------------------------------------------------------ Sections VI–VII: the set-up and the experiments' numbers
    printed_numbers.parameter_count(
        "s003.claim.parameter-count",
        "the MLP's parameters: 256 × 50 = 12,800, 50 × 15 = 750, 15 × 10 = 150, summing 13,700",
        "Section VI-b (line 405)"),
    printed_numbers.accuracy_in_text(
        "s003.claim.accuracy-at-eps-0-49",
        "the text's accuracies at ε = 0.49 (86.56%, 74.89%, 32.97%, 44.95%) = Table V's Acc.128 at σ = 1.23, κ = 75",
        "Section VII-A (line 423); Table V (lines 752, 760)"),
    printed_numbers.sigma_column(
        "s003.table.II.sigma-column",
        "Table II's Gaussian σ (1.23, .0174) = Table IV's σ at the VMF κ it is paired with (75: 1.23; 500: .174)",
        "Section VII-B, Table II (lines 429–438); Table IV (lines 741–745)", printed_numbers.QUOTE_TII,
        printed_numbers.TABLE_II_PAIRS),
    printed_numbers.sigma_in_text(
        "s003.claim.sigma-at-kappa-500",
        "the text's κ = 500, σ = 0.17, ε = 173 = Table IV's row of κ = 500 (σ = .174, ε = 173)",
        "Section VII-B (line 446); Table IV (lines 741–745)"),

    # ------------------------------------------------------------------ Appendix B-D: proof of Lemma 3
    finite_channels.lemma_3_min(
        "s003.claim.lemma3-min",
        "C_Bayes(C·D) ≤ min{C_Bayes(C), C_Bayes(D)}",
        "Appendix B-D (line 684)"),

    # ------------------------------------------------------------------ Appendix B-F: sketch proof of Theorem 5
    capacity_proof.inner_integral_step(
        "s003.claim.capacity-proof-inner-integral",
        "proof of Theorem 5: ∫_{B^p_R} sup_x G(x)(y) dy = V(B^p_R)/√(2πσ²) (the power p of the normaliser missing)",
        "Appendix B-F (lines 699–704)"),
    capacity_proof.exponent_step(
        "s003.claim.capacity-proof-exponent",
        "proof of Theorem 5: ∫ e^{−‖y − Ry/‖y‖‖/(2σ²)} dy = ∫ e^{−(‖y‖ − R)²/(2σ²)} dy outside B^p_R (no square on the left)",
        "Appendix B-F (lines 706–708)"),
    capacity_proof.gamma_identity_step(
        "s003.claim.capacity-proof-gamma-identity",
        "proof of Theorem 5: ∫_0^∞ x^{k−1}e^{−x²/(2σ²)}dx = Γ(k/2)/2·(2σ²)^{k/2}",
        "Appendix B-F (line 712)"),
    capacity_proof.expansion_step(
        "s003.claim.capacity-proof-expansion",
        "proof of Theorem 5: ∫_0^∞ (s+R)^{p−1}e^{−s²/(2σ²)}ds = ½ΣΓ((p−i)/2)(√2σ)^{p−i}C(p−1, i)R^i",
        "Appendix B-F (lines 712–714)"),

    # ------------------------------------------------------------------ Appendix C: Table III
    printed_numbers.sigma_column(
        "s003.table.III.sigma-column",
        "Table III's Gaussian σ (.0174) = Table IV's σ at the VMF κ it is paired with (500: .174)",
        "Appendix C, Table III (lines 731–737); Table IV (lines 741–745)", printed_numbers.QUOTE_TIII,
        printed_numbers.TABLE_III_PAIRS),

    # ------------------------------------------------------------------ Appendix C: Table IV
    table_claims.printed_is_valid(
        "s003.table.IV",
        "Table IV, VMF column, 3 epochs = 1406 subsampled steps: the printed ε (+½ unit) is a valid "
        "(ε, 1/60000)-DP guarantee of the VMF mechanism at the row's κ",
        "Appendix C, Table IV (lines 741–745), VMF column; set-up lines 236, 407", table="IV"),
    table_claims.printed_is_best(
        "s003.table.IV#printed-prefactor",
        "Table IV, VMF column, three-step reading, Theorem 3 as printed (1/α): no choice of approach 1 or 2 gives an "
        "ε below the printed one by more than ½ unit (a violation: this pipeline gives a smaller ε than printed)",
        "Appendix C, Table IV (lines 741–745), VMF column", table="IV", prefactor="printed"),
    table_claims.printed_is_best(
        "s003.table.IV#zhu-wang",
        "Table IV, VMF column, three-step reading, Theorem 3 with 1/(α−1): no choice of approach 1 or 2 gives an ε "
        "below the printed one by more than ½ unit (a violation: this pipeline gives a smaller ε than printed)",
        "Appendix C, Table IV (lines 741–745), VMF column", table="IV", prefactor="zw"),
    table_claims.printed_is_achievable(
        "s003.table.IV#achievable",
        "Table IV, VMF column, three-step reading (N = 3 compositions, 1/(α−1), l.226's interpolation): the printed "
        "ε is not below the best ε of approaches 1–2 by more than ½ unit",
        "Appendix C, Table IV (lines 741–745), VMF column", table="IV"),
    table_claims.gaussian_column(
        "s003.table.IV#gaussian-column",
        "Table IV, σ column: σ (± its rounding) gives the printed ε under the RDP accountant of DP-SGD over 1406 steps",
        "Appendix C, Table IV (lines 741–745), σ column; set-up line 236"),
    table_claims.same_steps(
        "s003.claim.table-IV-same-steps",
        "Table IV: a row's κ and σ reproduce its ε over the same number of steps (no T at which the VMF's true ε "
        "exceeds ε + ½u while the Gaussian accountant at T − 1 steps stays below ε − ½u)",
        "Appendix C, Table IV (lines 741–745); set-up lines 236, 407"),
    printed_numbers.table_i_against_table_iv(
        "s003.table.IV.table-I-rows",
        "Table IV's ε = Table I's ε at the six κ both print (up to the coarser rounding)",
        "Appendix C, Table IV (lines 741–745); Section III-B, Table I (lines 208–218)"),

    # ------------------------------------------------------------------ Appendix C: Table VI
    printed_numbers.table_ii_against_table_vi(
        "s003.table.VI.table-II-rows",
        "Table VI's batch-128 metrics at σ = 1.23 and κ = 75 = Table II's rows Gauss 1.23 and VMF 75",
        "Appendix C, Table VI (lines 771–792); Section VII-B, Table II (lines 429–438)"),
]

# ---------------------------------------------------------------------- findings (proofcheck.report.findings)
# The independent errors of 003, ordered by where each finding's leading statement is printed.

FINDINGS = [
    Finding(
        "s003.F1",
        "The stationarity equation for α* has no root when ε ≥ 2κ",
        ("s003.claim.alpha-star-stationarity",),
        "",
        "Section III-B says the optimal order α* solving −ε + 2κ I_{ν+1}((2α−1)κ)/I_ν((2α−1)κ) + log(1 − 1/α) = 0 "
        "can be found for any given ε, but the left side increases in α towards 2κ − ε, so there is no root "
        "when ε ≥ 2κ (e.g. p = 2, κ = 1, ε = 2), where δ_α decreases in α and its infimum is not attained; "
        "the method needs ε < 2κ (for ε ≥ 2κ the VMF mechanism is already ε-DP).",
        depends="no-consequence",
        example=Example("s003.claim.alpha-star-stationarity", {"p": 2, "kappa": "1", "epsilon": "2"},
                        {}),
        impact="None: a missing range condition of a numerical recipe, at the edge where the answer is trivial "
               "(for ε ≥ 2κ the VMF mechanism's privacy loss κ(x − x')ᵀy ≤ 2κ makes it (ε, 0)-DP). For ε < 2κ "
               "the root exists and minimises δ_α (s003.claim.alpha-star-stationarity#eps-lt-2kappa holds), and "
               "every row of Tables I and IV has ε < 2κ (from κ = 25, ε = 0.0139 to κ = 500, ε = 173)."),
    Finding(
        "s003.F2",
        "Theorem 2 (KOV composition) drops the factor Nε_s from the first summand of ε̃",
        ("s003.thm.2",),
        "",
        "Theorem 2 restates [46, Theorem 10] with first summand (e^{ε_s} − 1)/(e^{ε_s} + 1) in its second and "
        "third terms where Kairouz–Oh–Viswanath have Nε_s(e^{ε_s} − 1)/(e^{ε_s} + 1): the 10-fold composition "
        "of 1-DP randomised response (ε_s = 1, δ_s = 0) at δ̃ = 1/6 has δ ≈ 0.1688 > 1/6 at the printed ε̃.",
        depends="results-use-correct-form",
        example=Example("s003.thm.2", {"N": 10, "eps_s": "1", "delta_s": "0", "delta_tilde": "1/6"},
                        {"0.1688": "lhs", "1/6": "delta_tilde"}),
        impact="No printed number changes: approach 1 of Tables I and IV composes N = 3 times, where the minimum in "
               "ε̃ picks its first term Nε_s, which is printed correctly; the mis-transcribed second and third terms "
               "would only be picked for many compositions (the witness: N = 10), e.g. by the per-step accounting "
               "that s003.F6 calls for (N = 1,406). The corrected restatement holds (s003.thm.2+corrected)."),
    Finding(
        "s003.F3",
        "Theorem 3 (subsampled RDP) has prefactor 1/α instead of Zhu–Wang's 1/(α − 1)",
        ("s003.thm.3",),
        "",
        "Theorem 3 restates Zhu–Wang's bound [24, Theorem 5] with the prefactor 1/α instead of 1/(α − 1), "
        "which halves it at α = 2: with γ = 1 the Gaussian mechanism (σ = 1, sensitivity 1) has τ^s_2 = τ_2 = 1 "
        "but the printed bound gives 1/2.",
        depends="results-use-correct-form",
        example=Example("s003.thm.3", {"alpha": 2, "gamma": "1", "p": 2, "kappa": "1", "sigma": "1", "mechanism": "gaussian"},
                        {"1/2": "rhs"}),
        impact="No printed number changes: the tables' VMF ε reproduce only with Zhu–Wang's 1/(α − 1) (with it "
               "the authors' three-composition pipeline reaches every printed ε to within half a unit: "
               "s003.table.I#achievable and s003.table.IV#achievable hold), while Theorem 3 as printed (1/α) gives "
               "ε's below the printed ones (s003.table.I#printed-prefactor, s003.table.IV#printed-prefactor are "
               "violated). As printed the bound is too small by the factor (α − 1)/α (½ at α = 2); a reader who "
               "used it would under-state ε. The corrected bound holds (s003.thm.3+corrected, "
               "#both-directions)."),
    Finding(
        "s003.F4",
        "Table I's Approach column names approach 2 for κ = 100, where approach 1 is (marginally) better",
        ("s003.table.I.approach-column",),
        "",
        "Table I names approach 2 for κ = 100 (ε = 2.5), but under the accounting that reproduces the table's "
        "values (three compositions, Theorem 2 as printed, Theorem 3 with 1/(α − 1), line 226's interpolation) "
        "approach 1 reaches ε ≤ 2.4349 while approach 2 stays above 2.4368 for every order α — a near tie, "
        "wrongly called.",
        depends="no-consequence",
        example=Example("s003.table.I.approach-column", {"row": 3},
                        {}),
        impact="A label of one row: Table I's κ = 100 row (ε = 2.5) names the approach that is 0.002 worse under "
               "the authors' pipeline (2.4349 by approach 1 against ≥ 2.4368 by approach 2); no other value or "
               "conclusion depends on the column, and the row's ε is in any case superseded by s003.F6."),
    Finding(
        "s003.F5",
        "RDP interpolation between integer orders interpolates τ_α instead of (α − 1)τ_α",
        ("s003.claim.rdp-interpolation",),
        "",
        "Line 226 interpolates τ^s_α linearly between ⌊α⌋ and ⌈α⌉, but only (α − 1)τ_α, which is convex in α, "
        "may be interpolated so: for the VMF mechanism with p = 2, κ = 1 (γ = 1) the Rényi divergence of order 3/2 is "
        "≈ 1.1762, above the printed interpolation ≈ 1.1211 between τ_1 and τ_2.",
        depends="used-by-results",
        example=Example("s003.claim.rdp-interpolation", {"p": 2, "kappa": "1", "alpha": "3/2"},
                        {"1.1762": "lhs", "1.1211": "rhs"}),
        impact="Four printed values: approach 2 at fractional orders uses it, and under the authors' own pipeline "
               "(N = 3 compositions, Theorem 3 with 1/(α − 1)) line 226's interpolation gives Table I's (and Table "
               "IV's) κ = 150 value 7.97 where valid interpolation of (α − 1)τ_α gives 8.18, and κ = 300 41.02 "
               "where it gives 51.36 (+26%). The other approach-2 rows of Table IV (κ = 125, 175–275, 325–500) agree "
               "with the valid interpolation to within 0.02, and where the two differ (κ ≥ 250) not with line "
               "226's (κ = 275: 38.82 valid, 34.13 by line 226, printed 38.84; κ = 400: 112.27 valid, 65.04 by line 226, printed 112.28): κ = 150 and "
               "300 are the rows line 226 produced. All these values are in any case superseded by s003.F6 "
               "(3 epochs are 1,406 steps, not 3)."),
    Finding(
        "s003.F6",
        "Epochs counted as single compositions: Tables I and IV's VMF ε hold for 3 steps, not 3 epochs",
        ("s003.claim.rdp-composition-epochs", "s003.table.I", "s003.table.IV", "s003.claim.table-IV-same-steps"),
        "same root cause: the accounting composes N = 3 epochs as N = 3 subsampled steps (line 228's "
        "τ' = Nτ^s in approach 2, Theorem 2's N-fold composition in approach 1), while an epoch of Poisson "
        "subsampling at γ = 128/60000 is 1/γ ≈ 469 steps; the paper's own pipeline with three compositions "
        "reproduces the tables' VMF ε or is below them (s003.table.I#achievable, s003.table.IV#achievable "
        "hold), and they fail for ⌊3/γ⌋ = 1406 steps (Table I at κ = 25, Table IV at κ = 75: certified δ "
        "lower bounds above 1/60000); "
        "s003.claim.table-IV-same-steps fails for the same reason at Table IV's first row (κ = 75, σ = 1.23, "
        "ε = 0.49): the VMF's true ε exceeds 0.495 after 512 steps (certified), while the Gaussian accountant "
        "stays below 0.485 after 511 steps even at σ = 1.225, so the σ column counts more steps than κ's",
        "The paper composes per epoch instead of per step (line 228: τ' = Nτ^s with N = 3 epochs; Theorem 2 "
        "with N = 3), but three epochs at sampling rate γ = 128/60000 are 1406 subsampled steps, so the VMF "
        "ε's of Tables I and IV are not (ε, 1/60000)-DP guarantees of the training run: for κ = 25 "
        "(ε = 0.0139 printed) δ at ε = 0.01395 is at least 0.0056, about 340 times 1/60000, and the κ and σ "
        "columns of Table IV cannot describe the same number of steps.",
        depends="used-by-results",
        example=Example("s003.table.I", {"row": 0},  # κ = 25, ε = 0.0139: δ after 1,406 steps
                        {"at least 0.0056": "delta_lower_bound", "1/60000": "rhs"}),
        impact="Every VMF ε of Tables I and IV, and with them the experiments' comparison of the VMF and Gaussian "
               "mechanisms 'for the same ε values' (l.399, l.440; contribution 3, l.47): Table IV is the mapping "
               "from ε to κ and σ used in the experiments (l.745) behind Figures 1, 2 and 4. With exact RDP "
               "accounting over the "
               "1,406 steps of 3 epochs the VMF's true ε at δ = 1/60000 is 0.107 / 0.79 / 11.6 / 108.7 for "
               "κ = 25 / 75 / 150 / 300 (issue 26's audit), against 0.0139 / 0.49 / 7.97 / 41.02 printed (×7.7 / "
               "×1.6 / ×1.5 / ×2.7); RDP accounting with the exact subsampled RDP over 1,406 steps (an upper bound, "
               "s003 tables.exact_rdp_best) gives 0.131 / 1.51 / 14.04 / 124.85. Each κ of Table IV is thus paired "
               "with a σ whose run is private at a much smaller ε than the VMF run it is compared with."),
    Finding(
        "s003.F7",
        "Theorem 5's Gaussian Bayes' capacity has prefactor 2 before Z where its proof gives 1",
        ("s003.thm.5", "s003.claim.thm5-prefactor"),
        "same counterexample: for p ≤ 2, C(p − i, i) = C(p − 1, i), so there the theorem as printed is "
        "s003.claim.thm5-prefactor (the formula with only its binomial corrected), and the theorem's certified "
        "witness (p = 1) fails by the prefactor alone; the binomial C(p − i, i), which the theorem also carries "
        "for p ≥ 3, is an independent error (s003.F8), as is the radius R for R layers (s003.F9)",
        "Theorem 5's formula for the Bayes' capacity of the Gaussian mechanism has the prefactor 2 before Z where "
        "its proof (the ½ of l.714 times the sphere's area 2π^{p/2}/Γ(p/2)) gives 1: for p = 1, σ = 1, R = 1 "
        "it gives 2 + √(2/π) ≈ 2.80, while the capacity of Definition 7 is 1 + √(2/π) ≈ 1.80, and with Z "
        "corrected the prefactor 2 still doubles Z's part for every p.",
        depends="contribution",
        example=Example("s003.thm.5", {"p": 1, "sigma": "1", "R": 1},
                        {"2.80": "exp(log_C_printed)", "1.80": "exp(log_C_Bayes)"}),
        impact="Theorem 5 is the paper's Gaussian Bayes' capacity, the measure it proposes (Section V-D's comparison "
               "of Algorithms 1 and 2, Figures 4–5, whose values are not printed). Alone, the prefactor multiplies "
               "the capacity by 2 − v/C ∈ (1, 2) (v the ball term): 2.80 against 1.80 at p = 1, σ = R = 1 (+56%); "
               "at the experiments' p = 13,700 and R = 1, a factor ≈ 2 (10^41.556 against 10^41.255 at σ = 1.23), "
               "small beside s003.F8 there. The formula with both prefactor and binomial corrected holds "
               "(s003.thm.5+corrected)."),
    Finding(
        "s003.F8",
        "Theorem 5's Z has the binomial C(p − i, i) where its proof has C(p − 1, i)",
        ("s003.claim.thm5-binomial",),
        "",
        "Theorem 5's Z = Σ Γ((p−i)/2)(√2σ)^{p−i} C(p−i, i) R^i has the binomial C(p − i, i) where its proof's "
        "expansion of (s + R)^{p−1} (l.714) has C(p − 1, i), an error independent of the prefactor: with the "
        "prefactor corrected to 1, p = 3, σ = 1, R = 1 gives 2.8617 against the Bayes' capacity 3.8617, and at "
        "p = 5, σ = 1, R = 2 the two errors together even reverse the sign of the error (printed 20.21 < 28.80).",
        depends="contribution",
        example=Example("s003.claim.thm5-binomial", {"p": 3, "sigma": "1", "R": 1},
                        {"2.8617": "exp(log_C_printed_Z)", "3.8617": "exp(log_C_Bayes)"}),
        impact="Theorem 5 (see s003.F7) at p ≥ 3: C(p − i, i) drops the terms i > p/2 and shrinks the others, so the "
               "capacity comes out too small, by orders of magnitude at the experiments' p = 13,700 (R = 1): "
               "10^40.97 against 10^41.26 at σ = 1.23 and 10^275.53 against 10^288.58 at σ = 0.174 (Table IV's "
               "σ's). With the prefactor 2 of s003.F7, Theorem 5 as printed gives 10^41.27 and 10^275.83 there: "
               "Figures 4–5's Gaussian capacities, if computed by Theorem 5 as printed, are too small by up to a "
               "factor 10^12.7. Section V-D's comparison at Table IV's (κ, σ) pairs keeps its direction either "
               "way (Gaussian 10^41.3–10^288.6 against VMF 10^32.5–10^213.2 by Theorem 6, which holds)."),
    Finding(
        "s003.F9",
        "Theorem 5 takes R layers each clipped to length 1 as the ball of radius R",
        ("s003.claim.thm5-layer-clipping",),
        "",
        "Theorem 5 sets R to 'the number of layers in the network (each clipped to length 1)' and its proof puts "
        "the clipped input in the ball of radius R (l.692), but R layers each clipped to length 1 form a product "
        "of unit balls, inside the ball of radius √R, whose capacity is the product of the layers' capacities: "
        "for two one-dimensional layers and σ = 1 the formula, even with its prefactor and binomial corrected, "
        "gives 3 + √(2π) ≈ 5.507 (the ball of radius 2) while the capacity is (1 + √(2/π))² ≈ 3.232.",
        depends="contribution",
        example=Example("s003.claim.thm5-layer-clipping", {"sigma": "1", "layers": [1, 1]},
                        {"5.507": "exp(log_C_corrected)", "3.232": "exp(log_C_product_of_balls)"}),
        impact="Theorem 5 for networks of R ≥ 2 layers (R = 1, one clipped vector, is exact): the formula "
               "overstates the capacity, by orders of magnitude at the paper's size — for its 3-layer MLP "
               "(12,800 + 750 + 150 parameters) clipped per layer, 10^123.34 against Π_i C(p_i, σ, 1) = 10^53.72 "
               "at σ = 1.23, 10^844.93 against 10^370.90 at σ = 0.174. The experiments flatten the gradient and "
               "clip it with C = 1 (l.347, l.405), i.e. R = 1, where nothing changes; the text does not say which "
               "R Figures 4–5 use."),
    Finding(
        "s003.F10",
        "Theorem 5's formula has no L although its mechanism averages the noise by L",
        ("s003.claim.gaussian-capacity-averaging",),
        "",
        "Theorem 5 describes G_{p,σ} as adding Gaussian noise with parameter σ and 'then averaging by L' (Algorithm 1, "
        "line 10: g̃ + N(0, σ²)/L), which leaves noise of standard deviation σ/L, but its formula is the capacity "
        "for noise σ: even with its prefactor and binomial corrected, for p = 1, R = 1, σ = 1 and L = 2 it gives "
        "1 + √(2/π) ≈ 1.80 while the mechanism's capacity is 1 + 4/√(2π) ≈ 2.60.",
        depends="contribution",
        example=Example("s003.claim.gaussian-capacity-averaging", {"p": 1, "sigma": "1", "R": 1, "L": 2},
                        {"1.80": "exp(log_C_corrected)", "2.60": "exp(log_C_Bayes_averaged)"}),
        impact="Theorem 5 (see s003.F7) for every batch size L ≥ 2; R = 1, L = 1 is exact. Read with σ the noise "
               "multiplier of Table IV (l.409: 'noise multiplier σ for Gaussian') and the experiments' L = 128, the "
               "formula understates the capacity at p = 13,700 by thousands of orders of magnitude: 10^41.26 against "
               "10^4283.4 at σ = 1.23 and 10^288.58 against 10^13984.5 at σ = 0.174 (both with the corrected "
               "formula, R = 1). Figures 4–5's Gaussian capacities (values not printed) change by as much if they "
               "used σ rather than σ/L; the text does not say which."),
    Finding(
        "s003.F11",
        "Tables II and III print σ = .0174 for Table IV's σ = .174 at κ = 500",
        ("s003.table.II.sigma-column", "s003.table.III.sigma-column"),
        "same root cause: one σ mis-typed in the row that both tables pair with VMF κ = 500 (ε = 173), where "
        "Table IV and the text (l.446: 'κ = 500 and σ = 0.17, which translates to ε = 173') have .174",
        "Tables II and III list the Gaussian noise paired with VMF κ = 500 as σ = .0174, but Table IV, the "
        "'mappings from ε to κ and σ used in our experiments', pairs κ = 500 (ε = 173) with σ = .174, as does the "
        "text (σ = 0.17 at ε = 173): the printed σ is off by a factor of 10.",
        depends="no-consequence",
        # Table II's κ = 500 row: |.0174 − .174| = 0.1566 against half a unit of the last digit (the sentence prints no
        # computed number to tie)
        example=Example("s003.table.II.sigma-column", {"row": 1},
                        {}),
        impact="A label of one row in each of Tables II and III; no computed value uses it. The rows' metrics fit "
               "σ = .174 (Table II, MNIST: SSIM .2443 and MSE 2.822, continuing Table VI's batch-128 trend — σ = .204: "
               ".2383 and 2.891 — and short of clipping alone, .2577 and 2.637), and the text reads the row as "
               "σ = 0.17, ε = 173 (s003.claim.sigma-at-kappa-500 holds)."),
    Finding(
        "s003.F12",
        "The proof of Theorem 5 writes the Gaussian density's normaliser as 1/√(2πσ²), without the power p",
        ("s003.claim.capacity-proof-inner-integral",),
        "",
        "The sketch proof of Theorem 5 evaluates the integral over the ball as V(B^p_R)/√(2πσ²), but the density of "
        "Definition 3 at its mode is (2πσ²)^{−p/2}: for p = 2, σ = 3, R = 5/2 the printed value is "
        "6.25π/√(18π) ≈ 2.611 while the integral is R²/(2σ²) ≈ 0.347; the outer integral's lines carry the same "
        "1/√(2πσ²).",
        depends="proof-step-conclusion-survives",
        example=Example("s003.claim.capacity-proof-inner-integral", {"p": 2, "sigma": "3", "R": "5/2"},
                        {"5/2": "R", "2.611": "exp(log_printed_inner)", "0.347": "exp(log_inner)"}),
        impact="None on the theorem: its formula's ball term R^p/(Γ(p/2+1)2^{p/2}σ^p) and the 2^{p/2}σ^p in front "
               "of Z are the correctly normalised values, so the formula does not use the printed step (its errors "
               "are s003.F7–F10); the proof as printed does not derive it for p ≥ 2. With the power restored the "
               "proof's computation gives the corrected formula, which holds (s003.thm.5+corrected)."),
    Finding(
        "s003.F13",
        "The proof of Theorem 5 drops the square in the exponent of the outer integral",
        ("s003.claim.capacity-proof-exponent",),
        "",
        "In the sketch proof of Theorem 5 the integrand outside the ball is first written e^{−‖y − Ry/‖y‖‖/(2σ²)}, "
        "without the square of the Gaussian exponent, and then equated with e^{−(‖y‖ − R)²/(2σ²)}: the two integrals "
        "differ, e.g. for p = 1, σ = 1, R = 1 (with the printed factor 1/√(2πσ²)) 4/√(2π) ≈ 1.596 against 1.",
        depends="proof-step-conclusion-survives",
        example=Example("s003.claim.capacity-proof-exponent", {"p": 1, "sigma": "1", "R": "1"},
                        {"1.596": "exp(log_outer_line_2)", "1": "exp(log_outer_line_3)"}),
        impact="None: the next line restores the square, and the proof's later lines and the theorem's formula use "
               "the squared exponent; the expansion of the radial integral that follows is correct "
               "(s003.claim.capacity-proof-expansion holds). A typo inside the proof."),
]
