"""Section III-A of seed 003: Rényi DP of the von Mises–Fisher mechanism (Propositions 1–3, Theorem 1, the
KL limit, footnote 3) and its metric privacy (Section III).

Quantities read the case with ``m.value`` and call the evaluation path (``m.vmf_rdp``,
``m.vmf_renyi_divergence_quadrature``, ...); identities compare two routes that share no derivation
(closed form with Bessel functions against 1-D quadrature of the definition).
"""
from __future__ import annotations

import math

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Hypothesis, Source, integer, real, vector
import proofcheck.claims.s003.mc_routes as mc_routes
from proofcheck.claims.s003.model import number, tau, tau_printed
from proofcheck.claims.s003.printed import vmf_log_normaliser_printed
from proofcheck.claims.s003.strategies import ALPHA, ALPHA_LO, COS, KAPPA, KAPPA0, P_ANY, P_MODERATE, SEED
from proofcheck.strategies import cases

QUOTE_METRIC = ("They show that this mechanism satisfies εd_θ-privacy, where d_θ is the angular distance between vectors, "
                "and ε is the scaling parameter corresponding to the κ parameter in the definition of the VMF.")
QUOTE_P1 = ("Proposition 1. Let p ≥ 2 and ν = p/2 − 1. For κ ≥ 0 and α ∈ (1, ∞), the VMF mechanism satisfies "
            "(α, τ_α)-RDP, where τ_α = ν/(α−1) log(1/(2α−1)) + 1/(α−1) log(I_ν((2α−1)κ)/I_ν(κ)).")
RECON_P1 = ("the fragment 'where ν, (1), 1), 1(I_ν((2α−1)κ))' before the display is a duplicated, garbled render of the "
            "display that follows; it is dropped")
QUOTE_RENYI = ("The Rényi divergence for two VMF distributions on S^{p−1} was derived in [45]. We use the specialised "
               "version of Proposition 3.1 in [45] for the case where the concentration parameters of both VMF "
               "distributions are equal to κ and their centres are at antipodal directions resulting in the largest "
               "RDP quantity.")
QUOTE_FN3 = ("It can be proven that for any order α, the Rényi divergence of two VMF distributions with the same "
             "concentration κ is an increasing function of the angle between their centres x and x'. Hence, the "
             "maximum divergence occurs when x = −x'.")
QUOTE_KL = ("For lim_{α→1}, the Rényi divergence is computed as the KL divergence, which for the VMF mechanism "
            "satisfies τ_1 ≤ 2κ I_{ν+1}(κ)/I_ν(κ).")
QUOTE_T1 = ("Theorem 1. The Renividivergence τ_α of the VMF mechanism for a given α ∈ (1, ∞) is: (i) an increasing "
            "function of κ when κ ≥ 1. (ii) a decreasing function of ν.")
QUOTE_P2 = ("Proposition 2. For i = 1, …, R, let p_i ≥ 2 and κ_i ≥ 0 be given and let ν_i = p_i/2 − 1. For α ∈ (1, ∞), "
            "the independent multi-variate VMF mechanism satisfies (α, τ_α)-RDP where τ_α = [Σ_{i=1}^R ν_i log(1/(2α−1)) "
            "+ log(I_{ν_i}((2α−1)κ_i)/I_{ν_i}(κ_i))]/(α−1).  (7)")
QUOTE_P3 = ("Proposition 3. Let κ_i = κ, i = 1, …, R. Then the smallest Renyi divergence τ_α of the multi-variate VMF "
            "mechanism is achieved for R = 1 and p_1 = p.")
RECON_RENYI = "'Renividivergence' reads 'Rényi divergence'"
QUOTE_D4 = ("Definition 4 (VMF mechanism). For any secret x ∈ S^{p−1} and an output y ∈ S^{p−1}, the corresponding "
            "probability density function of the VMF mechanism centred around x with a concentration parameter κ > 0 "
            "is given by f^V_{p,κ}(x)(y) = e^{κ xᵀy}/C_{p,κ}, (4) where … C_{p,κ} = (2π)^{ν+1} I_ν(κ)/κ^ν is the "
            "normalisation factor, ν = p/2 − 1, and I_ν is the modified Bessel function of the first kind of order ν.")

D_sym, D_quad = sp.symbols("D_alpha D_alpha_quadrature", real=True)


# ----------------------------------------------------------------------------- quantities (τ_α as printed: .model)
def renyi_closed(c, m, cos="cos_theta"):
    """D_α(VMF(x, κ) ‖ VMF(x', κ)), x·x' = cos θ, by the closed form."""
    return m.vmf_renyi_divergence(int(c["p"]), m.value(c["kappa"]), m.value(c["alpha"]), m.value(c[cos]))


def renyi_quadrature(c, m, cos="cos_theta"):
    """The same divergence by quadrature of the definition (cos=None: antipodal centres)."""
    return m.vmf_renyi_divergence_quadrature(int(c["p"]), m.value(c["kappa"]), m.value(c["alpha"]),
                                             m.value(c[cos]) if cos else -1)


def cos_larger_angle(c, m):
    """cos of the larger angle: c_lo = c_hi − d(1 + c_hi) ∈ [−1, c_hi]."""
    ch, d = m.value(c["cos_theta"]), m.value(c["d"])
    return ch - d * (1 + ch)


def renyi_at_larger_angle(c, m):
    return m.vmf_renyi_divergence(int(c["p"]), m.value(c["kappa"]), m.value(c["alpha"]), cos_larger_angle(c, m))


def sup_log_ratio(c, m):
    """sup_y log f(x)(y)/f(x')(y) = sup_y κ(x − x')·y = κ‖x − x'‖₂ (Cauchy–Schwarz, attained at y ∝ x − x'),
    with x = e₁, x' = cos θ e₁ + sin θ e₂."""
    th = m.num(c["theta"])
    return m.num(c["kappa"]) * m.sqrt((1 - m.cos(th)) ** 2 + m.sin(th) ** 2)


def kl_quadrature(c, m):
    return m.vmf_kl_quadrature(int(c["p"]), m.value(c["kappa"]))


def mean_resultant_length(c, m):
    """A_p(κ) = I_{ν+1}(κ)/I_ν(κ)."""
    return m.vmf_mean_resultant_length(int(c["p"]), m.value(c["kappa"]))


def tau_at_larger_kappa(c, m):
    return tau_printed({**c, "kappa2": m.value(c["kappa"]) + m.value(c["dkappa"])}, m, kappa="kappa2")


def tau_at_nu(c, m):
    """Proposition 1's formula with ν a free real parameter (Theorem 1 (ii))."""
    return m.vmf_rdp_nu(m.value(c["nu"]), m.value(c["kappa"]), m.value(c["alpha"]))


def tau_at_larger_nu(c, m):
    return m.vmf_rdp_nu(m.value(c["nu"]) + m.value(c["dnu"]), m.value(c["kappa"]), m.value(c["alpha"]))


def blocks_quadrature(c, m):
    """Σ_i D_α(f_i(x_i)‖f_i(−x_i)) by quadrature: the integral over the product of spheres factorises."""
    a = m.value(c["alpha"])
    total = m.num(0)
    for p_i, k_i in zip(c["ps"], c["kappas"]):
        k_i = m.value(k_i)
        if k_i == 0 and p_i >= 3:
            raise OutsideDomain("the printed formula is 0/0 at kappa_i=0")
        total = total + m.vmf_renyi_divergence_quadrature(int(p_i), k_i, a)
    return total


def eq7_sum_both(c, m):
    """Eq. (7) with the Σ covering both logarithms."""
    total = m.num(0)
    for p_i, k_i in zip(c["ps"], c["kappas"]):
        total = total + tau_printed({"p": p_i, "kappa": k_i, "alpha": c["alpha"]}, m)
    return total


def tau_of_split(c, m):
    total = m.num(0)
    for p_i in c["parts"]:
        total = total + tau_printed({"p": p_i, "kappa": c["kappa"], "alpha": c["alpha"]}, m)
    return total


def tau_unsplit(c, m):
    return tau_printed({**c, "p": sum(c["parts"])}, m)


def _dimension_splits():
    return st.lists(st.one_of(st.integers(2, 12), st.sampled_from([50, 300, 6850])), min_size=1, max_size=5)


# ----------------------------------------------------------------------------- claims
def metric_privacy(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_METRIC),
        variables=(real("kappa", 0, 500), real("theta", 0, math.pi)),
        statement=sp.Le(sp.Symbol("sup_log_ratio"), sp.Symbol("kappa") * sp.Symbol("theta")),
        quantities={"sup_log_ratio": sup_log_ratio, "kappa": number("kappa"), "theta": number("theta")},
        strategy=cases(kappa=KAPPA, theta=st.one_of(st.floats(0, math.pi), st.just(math.pi), st.floats(0, 1e-3))),
        encoding="ε = κ; the privacy loss at output y is κ(x − x')·y, whose sup over y ∈ S^{p−1} is κ‖x − x'‖₂ "
                 "(any p ≥ 2: only the plane of x, x' matters); checked against κ·θ, θ ∈ [0, π] the angle.",
    )


def renyi_closed_form(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_RENYI),
        variables=(integer("p", 2, 200), real("kappa", 0, 500), real("alpha", ALPHA_LO, 50), real("cos_theta", -1, 1)),
        statement=sp.Eq(D_quad, D_sym),
        quantities={"D_alpha_quadrature": renyi_quadrature, "D_alpha": renyi_closed},
        strategy=cases(p=P_MODERATE, kappa=KAPPA, alpha=ALPHA, cos_theta=COS),
        digits=9,
        monte_carlo=(mc_routes.renyi("D_alpha", "direct"), mc_routes.renyi("D_alpha", "auto")),
        encoding="the divergence between VMFs with equal κ at centres with x·x' = cos θ, two routes: (1) quadrature "
                 "of ∫ f_x^α f_x'^{1−α} in φ (y = cos φ x + sin φ u), the integral over u ∈ S^{p−2} done exactly "
                 "(₀F₁), no combination of the centres used; (2) the closed form with m² = 1 + 2α(α−1)(1 − cos θ). "
                 "Float: Gauss–Legendre vs log I_ν; certified: acb.integral (+ interval tail bounds) vs arb Bessel. "
                 "p ≤ 200 (arb's ₀F₁ loses all accuracy for large parameter and complex argument). Route (1) shares "
                 "₀F₁ (a Bessel function) with the closed form away from θ = π; a route that shares neither the "
                 "Bessel function nor the combination of the centres is Monte Carlo on the sphere ('direct': "
                 "E_Q[e^{ακ(x−x')ᵀy}] from draws of y ~ VMF(x', κ), Wood's sampler, a bounded integrand; informative "
                 "while e^{2ακ‖x−x'‖} is moderate), with 'normalisers' (importance sampling of M_p at κ and κm, no "
                 "Bessel function) where it is not; both are Monte Carlo evidence at confidence 1 − 10⁻⁶.",
    )


def proposition_1(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_P1),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500), real("alpha", ALPHA_LO, 50)),
        statement=sp.Eq(D_quad, tau),
        quantities={"D_alpha_quadrature": lambda c, m: renyi_quadrature(c, m, cos=None), "tau_alpha": tau_printed},
        strategy=cases(p=P_ANY, kappa=KAPPA0, alpha=ALPHA),
        digits=9,
        reconstructed=RECON_P1,
        monte_carlo=(mc_routes.renyi("tau_alpha", "auto", cos_key=None),),
        encoding="(α, τ_α)-RDP means sup_{x,x'} D_α(f(x)‖f(x')) ≤ τ_α; the sup is at x' = −x (footnote 3, checked "
                 "as s003.claim.rdp-increasing-in-angle; any pair as s003.prop.1#any-pair), so the proposition is "
                 "checked where it is derived, as the identity D_α(f(x)‖f(−x)) = τ_α (≤ and tightness). LHS by 1-D "
                 "quadrature of ∫ e^{(2α−1)κ cos φ} sin^{p−2}φ dφ / ∫ e^{κ cos φ} sin^{p−2}φ dφ, RHS the printed "
                 "Bessel expression. κ = 0 with p ≥ 3 (printed 0/0) is outside the domain; p up to 13,700.",
    )


def proposition_1_any_pair(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_P1),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500), real("alpha", ALPHA_LO, 50), real("cos_theta", -1, 1)),
        statement=sp.Le(D_sym, tau),
        quantities={"D_alpha": renyi_closed, "tau_alpha": tau_printed},
        strategy=cases(p=P_ANY, kappa=KAPPA0, alpha=ALPHA, cos_theta=COS),
        reading="any-pair",
        primary="Proposition 1 says 'the VMF mechanism satisfies (α, τ_α)-RDP' (l.129): by the definition of RDP a "
                "bound on D_α for every pair of inputs; the antipodal pair is only where l.127 derives τ_α (the "
                "un-suffixed claim checks the identity there).",
        reconstructed=RECON_P1,
        encoding="the literal RDP statement: for centres with x·x' = cos θ, D_α (closed form with m(θ), validated "
                 "against quadrature by s003.claim.vmf-renyi-closed-form) ≤ τ_α as printed; equality at θ = π.",
    )


def kl_bound(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_KL),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500)),
        statement=sp.Eq(sp.Symbol("KL_quadrature"), 2 * sp.Symbol("kappa") * sp.Symbol("A_p")),
        quantities={"KL_quadrature": kl_quadrature, "kappa": number("kappa"), "A_p": mean_resultant_length,
                    "KL_closed_form": lambda c, m: m.vmf_kl_antipodal(int(c["p"]), m.value(c["kappa"]))},
        strategy=cases(p=P_ANY, kappa=KAPPA0),
        digits=9,
        monte_carlo=(mc_routes.kl("KL_closed_form"),),
        encoding="KL(f(x)‖f(x')) = κ(1 − cos θ) E[t] is largest at θ = π, so τ_1 = 2κ E_κ[t]; E_κ[t] by quadrature "
                 "(1 − ∫(1−cos φ)e^{κcos φ}sin^{p−2}φ / ∫ e^{κcos φ}sin^{p−2}φ) against the printed Bessel ratio. "
                 "The printed ≤ holds with equality, so the identity (stronger) is checked.",
    )


def theorem_1_kappa(cid, title, where, kappa_min, note):
    """Theorem 1 (i) on κ ≥ kappa_min (1 as printed; 0 for the sharper statement)."""
    lo = kappa_min
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T1),
        variables=(integer("p", 2, 13700), real("alpha", ALPHA_LO, 50), real("kappa", lo, 500), real("dkappa", 0, 200)),
        statement=sp.Le(sp.Symbol("tau_at_kappa"), sp.Symbol("tau_at_larger_kappa")),
        quantities={"tau_at_kappa": tau_printed, "tau_at_larger_kappa": tau_at_larger_kappa},
        strategy=cases(p=P_ANY, alpha=ALPHA,
                       kappa=st.one_of(st.floats(lo if lo > 0 else 1e-3, 20), st.floats(lo if lo > 0 else 1e-3, 500),
                                       st.just(max(lo, 1e-3))),
                       dkappa=st.one_of(st.floats(0, 1), st.floats(0, 200), st.just(0.0))),
        reconstructed=RECON_RENYI,
        monte_carlo=(mc_routes.renyi("tau_at_kappa", "auto", cos_key=None),),
        encoding="κ₂ = κ + Δ, Δ ≥ 0: τ_α(κ) ≤ τ_α(κ₂) with τ_α as printed (Proposition 1). " + note,
    )


def theorem_1_nu(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T1),
        variables=(real("nu", 0, 7000), real("dnu", 0, 500), real("kappa", 0, 500), real("alpha", ALPHA_LO, 50)),
        statement=sp.Le(sp.Symbol("tau_at_larger_nu"), sp.Symbol("tau_at_nu")),
        quantities={"tau_at_nu": tau_at_nu, "tau_at_larger_nu": tau_at_larger_nu, "kappa_value": number("kappa")},
        hypotheses=(Hypothesis("κ > 0", sp.Gt(sp.Symbol("kappa_value"), 0)),),
        strategy=cases(nu=st.one_of(st.floats(0, 10), st.floats(0, 7000), st.sampled_from([0.0, 0.5, 6849.0])),
                       dnu=st.one_of(st.floats(0, 1), st.floats(0, 500), st.just(0.0)), kappa=KAPPA, alpha=ALPHA),
        reconstructed=RECON_RENYI,
        encoding="τ_α of Proposition 1 as a function of a real ν ≥ 0 (the statement has no restriction; the proof "
                 "treats ν ∈ ℕ only): τ_α(ν + Δ) ≤ τ_α(ν), Δ ≥ 0, κ > 0.",
    )


def increasing_in_angle(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_FN3),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500), real("alpha", ALPHA_LO, 50), real("cos_theta", -1, 1),
                   real("d", 0, 1)),
        statement=sp.Le(sp.Symbol("D_small_angle"), sp.Symbol("D_large_angle")),
        quantities={"D_small_angle": renyi_closed, "D_large_angle": renyi_at_larger_angle},
        strategy=cases(p=P_ANY, kappa=KAPPA, alpha=ALPHA, cos_theta=COS, d=st.one_of(st.floats(0, 1), st.just(1.0))),
        encoding="two angles θ₁ ≤ θ₂ as cos θ₁ = c and cos θ₂ = c − d(1 + c), d ∈ [0, 1]; D_α(θ₁) ≤ D_α(θ₂) with D_α by "
                 "the closed form (validated by s003.claim.vmf-renyi-closed-form). 'Increasing' is checked as "
                 "non-decreasing on pairs; orders α > 1 (Definition 5's range).",
    )


def proposition_2_sum_both(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_P2),
        variables=(real("alpha", ALPHA_LO, 50), vector("kappas", 0, 300)),
        statement=sp.Eq(sp.Symbol("D_product_quadrature"), sp.Symbol("tau_eq7")),
        quantities={"D_product_quadrature": blocks_quadrature, "tau_eq7": eq7_sum_both},
        strategy=st.integers(1, 4).flatmap(lambda R: cases(
            alpha=ALPHA, ps=st.lists(P_ANY, min_size=R, max_size=R),
            kappas=st.lists(st.one_of(st.floats(0.01, 300), st.sampled_from([1.0, 10.0, 75.0])),
                            min_size=R, max_size=R).map(np.array))),
        reading="sum-both",
        digits=9,
        encoding="blocks x_i ∈ S^{p_i−1} with the second input at −x_i in every block (the sup, by footnote 3 and "
                 "independence). LHS: log ∫ Π_i f_i^α g_i^{1−α} over the product of spheres = Σ_i of 1-D quadratures "
                 "(Fubini); RHS: Eq. (7) reading the Σ as covering both logarithms (the literal reading leaves i free in "
                 "the second term and is not a statement). κ_i = 0 with p_i ≥ 3 (0/0) is outside the domain.",
    )


def proposition_3(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_P3),
        variables=(real("kappa", 0, 500), real("alpha", ALPHA_LO, 50)),
        statement=sp.Ge(sp.Symbol("tau_split"), sp.Symbol("tau_single")),
        quantities={"tau_split": tau_of_split, "tau_single": tau_unsplit},
        strategy=cases(kappa=KAPPA, alpha=ALPHA, parts=_dimension_splits()),
        encoding="the RDP of the multivariate mechanism with κ_i = κ is Σ_i τ_α(p_i, κ) (Proposition 2, #sum-both); "
                 "R = 1, p_1 = p is the smallest: Σ_i τ_α(p_i, κ) ≥ τ_α(Σ p_i, κ) for every composition (R ≥ 1).",
    )


# ----------------------------------------------------------------------------- Definition 4
def log_normaliser_printed(c, m):
    return vmf_log_normaliser_printed(int(c["p"]), m.value(c["kappa"]), m)


def log_normaliser_quadrature(c, m):
    return m.vmf_log_normaliser_quadrature(int(c["p"]), m.value(c["kappa"]))


def definition_4(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_D4),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500)),
        statement=sp.Eq(sp.Symbol("log_C_printed"), sp.Symbol("log_C_quadrature")),
        quantities={"log_C_printed": log_normaliser_printed, "log_C_quadrature": log_normaliser_quadrature},
        strategy=cases(p=P_ANY, kappa=st.one_of(st.floats(0.001, 5), st.floats(0.001, 500),
                                                 st.sampled_from([25.0, 75.0, 150.0, 300.0, 500.0]))),
        digits=9,
        monte_carlo=(mc_routes.normaliser("log_C_printed"),),
        encoding="'C_{p,κ} is the normalisation factor': C_{p,κ} = ∫_{S^{p−1}} e^{κ xᵀy} dy (surface measure), so that "
                 "f integrates to 1. The printed (2π)^{ν+1} I_ν(κ)/κ^ν against that integral by quadrature in the "
                 "angle φ to x (area(S^{p−2}) ∫_0^π e^{κ cos φ} sin^{p−2}φ dφ: Gauss–Legendre; acb.integral with "
                 "interval tail bounds), compared as logarithms (C reaches e^{−40000} at p = 13,700); κ > 0 as in "
                 "the definition.",
    )
