"""Section III-B of seed 003, composition and subsampling: Theorem 2 (KOV composition), Theorem 3 (Zhu–Wang's
subsampled RDP), the KL under subsampling (line 222), the interpolation over orders (line 226) and the N-epoch
composition (line 228). Each printed statement and, where it fails, the form of its cited source."""
from __future__ import annotations

from fractions import Fraction

import sympy as sp
from hypothesis import strategies as st

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Source, channel, integer, real
from proofcheck.claims.s003.model import count, number, tau, tau_printed
from proofcheck.claims.s003.printed import composition_eps_printed, interpolate_printed, zhu_wang_bound_printed
from proofcheck.claims.s003.strategies import P_ANY, SEED
from proofcheck.strategies import cases, channels

QUOTE_T2 = ("Theorem 2 ([46]). For any ε_s > 0, 0 ≤ δ_s < 1 and 0 ≤ δ̃ < 1, the class of (ε_s, δ_s)-DP mechanisms "
            "satisfies (ε̃_δ̃, 1 − (1 − δ_s)^N (1 − δ̃))-DP under N-fold composition where ε̃_δ̃ = min{Nε_s, "
            "(e^{ε_s}−1)/(e^{ε_s}+1) + ε_s √(2N log(e + √(Nε_s²)/δ̃)), (e^{ε_s}−1)/(e^{ε_s}+1) + ε_s √(2N log(1/δ̃))}")
QUOTE_T3 = ("Theorem 3 ([24]). Let mechanism M satisfy (α, τ_α)-RDP and let γ be the sub-sampling probability. Then for "
            "any α ∈ Z_{≥2}, the sub-sampled mechanism satisfies (α, τ^s_α)-RDP such that: τ^s_α ≤ (1/α) log{(1−γ)^{α−1}"
            "(αγ − γ + 1) + C(α,2) γ² (1−γ)^{α−2} e^{τ_2} + 3 Σ_{ℓ=3}^{α} C(α,ℓ) (1−γ)^{α−ℓ} γ^ℓ e^{(ℓ−1)τ_ℓ}}")
QUOTE_KLS = ("Using the convexity of the KL divergence and following similar lines of proof in [24, Theorem 5], it can be "
             "proved that for α = 1, τ^s_1 ≤ γτ_1.")
QUOTE_INT = ("For non-integer values of α, we can interpolate the RDP values [26, Corollary 10]. That is, for any "
             "α ∈ (1, ∞) we have τ^s_α ≤ (1 − α + ⌊α⌋) τ^s_{⌊α⌋} + (α − ⌊α⌋) τ^s_{⌈α⌉}")
QUOTE_EPOCHS = ("The effect of running N epochs of the SGD algorithm on the sub-sampled RDP values is simply captured via "
                "multiplication by N [22]. That is, τ'_α = Nτ^s_α.")


# ----------------------------------------------------------------------------- ε̃ of Theorem 2, two ways
def eps_tilde_printed(m, eps_s, N, delta_tilde):
    return composition_eps_printed(eps_s, N, delta_tilde, m)


def eps_tilde_kov(m, eps_s, N, delta_tilde):
    return m.composition_eps(eps_s, N, delta_tilde)


# ----------------------------------------------------------------------------- the bound of Theorem 3, two ways
def zhu_wang_printed(m, taus, alpha, gamma):
    return zhu_wang_bound_printed(taus, alpha, gamma, m)


def zhu_wang(m, taus, alpha, gamma):
    return m.zhu_wang_bound(taus, alpha, gamma)


# ----------------------------------------------------------------------------- the interpolation, two ways
def interpolation_printed(m, tau_at, alpha):
    return interpolate_printed(tau_at, alpha, m)


def interpolation_of_cgf(m, tau_at, alpha):
    return m.interpolate_cgf(tau_at, alpha)


# ----------------------------------------------------------------------------- quantities
def composition_delta(eps_tilde):
    """The exact δ at ε̃ of the N-fold composition of KOV's extremal (ε_s, δ_s) mechanism."""
    def q(c, m):
        N = int(c["N"])
        es, ds, dt = m.value(c["eps_s"]), m.value(c["delta_s"]), m.value(c["delta_tilde"])
        return m.kov_extremal_composition_delta(es, ds, N, eps_tilde(m, es, N, dt))
    return q


def base_taus(c, m, top):
    """τ_k for k = 2..top of the base mechanism (Gaussian: k/(2σ²) exactly; VMF: Proposition 1)."""
    if c["mechanism"] == "gaussian":
        s = m.value(c["sigma"])
        return {k: m.num(Fraction(k) / (2 * s * s)) for k in range(2, top + 1)}
    p, k = int(c["p"]), m.value(c["kappa"])
    if k == 0:
        raise OutsideDomain("kappa = 0")
    return m.vmf_taus(p, k, top)


def subsampled_exact(c, m, gamma=None):
    """The exact D_α of the subsampled pair (1−γ)Q + γP₀ vs Q at integer α."""
    a = int(c["alpha"])
    g = m.value(c["gamma"]) if gamma is None else gamma
    return m.subsampled_renyi(base_taus(c, m, a), a, g)


def subsampled_bound(bound, gamma=None):
    def q(c, m):
        a = int(c["alpha"])
        g = m.value(c["gamma"]) if gamma is None else gamma(c, m)
        return bound(m, base_taus(c, m, a), a, g)
    return q


def interpolated_rdp(interpolate):
    """The interpolation applied to the VMF mechanism's own RDP curve (τ_1 = its KL)."""
    def q(c, m):
        p, k = int(c["p"]), m.value(c["kappa"])

        def at(n):
            if n == 1:
                return m.vmf_kl_antipodal(p, k)
            return tau_printed({"p": p, "kappa": k, "alpha": n}, m)

        return interpolate(m, at, m.value(c["alpha"]))
    return q


def subsampled_kl(c, m):
    return m.vmf_subsampled_kl_quadrature(int(c["p"]), m.value(c["kappa"]), m.value(c["gamma"]), c["direction"])


def vmf_kl(c, m):
    return m.vmf_kl_antipodal(int(c["p"]), m.value(c["kappa"]))


def epochs_lower_bound(c, m):
    """N epochs of k subsampled steps at γ = 1/k compose additively: N·k·D_α of the subsampled pair."""
    k = int(c["k"])
    return subsampled_exact(c, m, gamma=m.value(Fraction(1, k))) * (int(c["N"]) * k)


# ----------------------------------------------------------------------------- claims
def theorem_2(cid, title, where, eps_tilde, note):
    """Theorem 2 with ε̃ computed by eps_tilde(m, ε_s, N, δ̃): as printed, or KOV's."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T2),
        variables=(integer("N", 1, 1000), real("eps_s", 0, 4), real("delta_s", 0, 1), real("delta_tilde", 0, 1)),
        statement=sp.Le(sp.Symbol("delta_of_composition"),
                        1 - (1 - sp.Symbol("delta_s")) ** sp.Symbol("N") * (1 - sp.Symbol("delta_tilde"))),
        quantities={"delta_of_composition": composition_delta(eps_tilde), "delta_s": number("delta_s"),
                    "delta_tilde": number("delta_tilde"), "N": count("N")},
        strategy=cases(N=st.one_of(st.sampled_from([1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000]), st.integers(1, 300)),
                       eps_s=st.one_of(st.floats(0.01, 3), st.sampled_from([0.1, 0.5, 1.0, 2.0])),
                       delta_s=st.one_of(st.just(0.0), st.floats(0, 0.5)),
                       delta_tilde=st.floats(-12, -0.05).map(lambda e: 10 ** e)),
        exact_inputs=("N",),
        encoding="a member of the class: KOV's extremal (ε_s, δ_s)-DP mechanism (P = (δ_s, (1−δ_s)e^ε/(1+e^ε), "
                 "(1−δ_s)/(1+e^ε), 0), Q its mirror; δ_s = 0 is ε_s-randomised response); the exact δ of its N-fold "
                 "composition at ε̃ is 1 − (1−δ_s)^N (1 − Σ_l C(N,l)[e^{(N−l)ε_s} − e^{ε̃}e^{lε_s}]_+/(1+e^{ε_s})^N), "
                 "summed in arb with every sign decided. The claim: that δ ≤ 1 − (1−δ_s)^N (1−δ̃). " + note,
    )


def theorem_3(cid, title, where, bound, note):
    """Theorem 3 with the bound computed by bound(m, taus, α, γ): as printed (1/α), or Zhu–Wang's (1/(α−1))."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T3),
        variables=(integer("alpha", 2, 64), real("gamma", 0, 1), integer("p", 2, 13700), real("kappa", 0, 300),
                   real("sigma", 0.05, 20)),
        statement=sp.Le(sp.Symbol("D_alpha_subsampled"), sp.Symbol("bound")),
        quantities={"D_alpha_subsampled": subsampled_exact, "bound": subsampled_bound(bound)},
        strategy=cases(mechanism=st.sampled_from(["gaussian", "vmf"]),
                       alpha=st.one_of(st.integers(2, 6), st.integers(2, 64)),
                       gamma=st.one_of(st.floats(1e-4, 1.0), st.sampled_from([0.5, 1.0, 128 / 60000])),
                       p=P_ANY, kappa=st.one_of(st.floats(0.01, 300), st.sampled_from([1.0, 75.0])),
                       sigma=st.one_of(st.floats(0.1, 10), st.sampled_from([0.5, 1.0, 1.23]))),
        exact_inputs=("alpha", "p"),
        encoding="M = the Gaussian mechanism (sensitivity 1, τ_ℓ = ℓ/(2σ²), its exact RDP) or the VMF mechanism "
                 "(τ_ℓ of Proposition 1, exact); the subsampled pair P = (1−γ)Q + γP₀ vs Q for the worst base pair "
                 "(P₀, Q) (add/remove of one record). Its exact D_α at integer α is log Σ_k C(α,k)(1−γ)^{α−k}γ^k "
                 "e^{(k−1)τ_k}/(α−1) (binomial expansion; k = 0, 1 moments are 1), a lower bound of τ^s_α. " + note,
    )


def kl_subsampling(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_KLS),
        variables=(integer("p", 2, 13700), real("kappa", 0, 300), real("gamma", 0, 1)),
        statement=sp.Le(sp.Symbol("KL_subsampled"), sp.Symbol("gamma") * sp.Symbol("tau_1")),
        quantities={"KL_subsampled": subsampled_kl, "gamma": number("gamma"), "tau_1": vmf_kl},
        strategy=cases(direction=st.sampled_from(["mix||q", "q||mix"]), p=P_ANY,
                       kappa=st.one_of(st.floats(0.05, 20), st.floats(0.05, 300)),
                       gamma=st.one_of(st.floats(1e-4, 1), st.sampled_from([0.5, 0.9, 128 / 60000]))),
        encoding="VMF base pair at antipodal centres (τ_1 = its KL, exact): KL((1−γ)f_{−x} + γf_x ‖ f_{−x}) and "
                 "KL(f_{−x} ‖ (1−γ)f_{−x} + γf_x) by 1-D quadrature (acb.integral on the certified path) ≤ γτ_1.",
    )


def rdp_interpolation(cid, title, where, interpolate, note):
    """Line 226 with the interpolation interpolate(m, tau_at, α): as printed, or of the cumulant."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_INT),
        variables=(integer("p", 2, 13700), real("kappa", 0, 300), real("alpha", 1, 30)),
        statement=sp.Le(tau, sp.Symbol("interpolation")),
        quantities={"tau_alpha": tau_printed, "interpolation": interpolated_rdp(interpolate)},
        strategy=cases(p=P_ANY, kappa=st.one_of(st.floats(0.05, 20), st.floats(0.05, 300), st.sampled_from([1.0, 75.0])),
                       alpha=st.one_of(st.floats(1.01, 6), st.floats(1.01, 30), st.sampled_from([1.5, 2.5, 3.5]))),
        encoding="applied to the RDP curve of the VMF mechanism itself (γ = 1, the sub-sampling probability at its "
                 "largest value: τ^s_α = τ_α of Proposition 1, exact), with τ^s_1 = τ_1 = 2κ I_{ν+1}(κ)/I_ν(κ) (the KL, "
                 "line 133) for α ∈ (1, 2). " + note,
    )


def composition_over_epochs(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_EPOCHS),
        variables=(integer("N", 1, 10), integer("k", 1, 1000), integer("alpha", 2, 64), integer("p", 2, 13700),
                   real("kappa", 0, 300), real("sigma", 0.05, 20)),
        statement=sp.Le(sp.Symbol("rdp_lower_bound_N_epochs"), sp.Symbol("N") * sp.Symbol("tau_s_upper_bound")),
        quantities={"rdp_lower_bound_N_epochs": epochs_lower_bound, "N": count("N"),
                    "tau_s_upper_bound": subsampled_bound(zhu_wang, gamma=lambda c, m: m.value(Fraction(1, int(c["k"]))))},
        strategy=cases(mechanism=st.sampled_from(["gaussian", "vmf"]), N=st.integers(1, 5),
                       k=st.one_of(st.integers(1, 20), st.sampled_from([468])), alpha=st.integers(2, 8),
                       p=P_ANY, kappa=st.one_of(st.floats(0.05, 300), st.just(75.0)),
                       sigma=st.one_of(st.floats(0.2, 5), st.just(1.23))),
        exact_inputs=("N", "k", "alpha", "p"),
        reading="N-epochs",
        encoding="an epoch of Poisson subsampling with γ = 1/k is k subsampled steps (the paper's 3 epochs at "
                 "γ = 128/60000 are ≈ 1406 steps); the RDP of N epochs is at least N·k·D_α(P‖Q) for the subsampled "
                 "pair (composition of identical pairs is additive), while τ^s_α is at most Zhu–Wang's bound "
                 "(s003.thm.3+corrected). Reading N-steps (N = number of subsampled steps) is RDP composition, true.",
    )


# ----------------------------------------------------------------------------- Eq. (9)
QUOTE_EQ9 = ("Once (ε, δ) is found, we take into account the effect of (Poisson) sub-sampling in privacy amplification "
             "[25, Theorem 8] as follows: ε_s = log(1 + γ(e^ε − 1)), δ_s = γδ, (9) where subscript s stands for "
             "sub-sampling and γ is the sampling probability")


def _base_pair(c, m):
    K = m.matrix(c["K"])
    return K[0], K[1]


def _mixture(c, m):
    """(1−γ)Q + γP₀ as a distribution on the path (exact rationals on the certified path)."""
    P0, Q = _base_pair(c, m)
    g = m.value(c["gamma"])
    return [(1 - g) * q + g * p0 for p0, q in zip(P0, Q)]


def base_delta(c, m):
    """δ(ε) of the base pair, the larger direction: the base mechanism is (ε, δ)-DP on it with this δ."""
    P0, Q = _base_pair(c, m)
    e = m.value(c["eps"])
    return m.max(m.hockey_stick_delta(P0, Q, e), m.hockey_stick_delta(Q, P0, e))


def subsampled_delta(c, m):
    """δ(ε_s) of the subsampled pair (1−γ)Q + γP₀ vs Q, the larger direction, ε_s = log(1 + γ(e^ε − 1))."""
    _, Q = _base_pair(c, m)
    mix = _mixture(c, m)
    g = m.num(c["gamma"])
    eps_s = m.log1p(g * m.expm1(m.num(c["eps"])))
    return m.max(m.hockey_stick_delta(mix, Q, eps_s), m.hockey_stick_delta(Q, mix, eps_s))


def equation_9(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_EQ9),
        variables=(channel("K"), real("eps", 0, 6), real("gamma", 0, 1)),
        statement=sp.Le(sp.Symbol("delta_s_exact"), sp.Symbol("gamma") * sp.Symbol("delta_base")),
        quantities={"delta_s_exact": subsampled_delta, "delta_base": base_delta, "gamma": number("gamma")},
        strategy=st.integers(2, 5).flatmap(lambda k: cases(
            K=channels(2, k), eps=st.one_of(st.floats(0, 6), st.sampled_from([0.0, 0.5, 1.0, 3.0])),
            gamma=st.one_of(st.floats(0, 1), st.sampled_from([1.0, 0.5, 128 / 60000])))),
        encoding="every (ε, δ)-DP mechanism, on a neighbouring pair: a base pair (P₀, Q) of distributions on k ≤ 5 "
                 "outputs (random, extremal, exponential-mechanism rows), ε ≥ 0 and δ = max(δ_{P₀‖Q}(ε), δ_{Q‖P₀}(ε)) "
                 "(exact: the base mechanism is (ε, δ)-DP there and no better); Poisson subsampling with rate γ "
                 "gives the pair P = (1−γ)Q + γP₀ vs Q (the record sampled or not). The claim: both directions of "
                 "its hockey-stick divergence at ε_s = log(1 + γ(e^ε − 1)) are ≤ γδ. Exact rationals for the "
                 "distributions, arb for e^{ε_s}.",
    )


# ----------------------------------------------------------------------------- Theorem 3 against both directions
def subsampled_both_directions(c, m):
    """max(D_α(P‖Q), D_α(Q‖P)) of the subsampled VMF pair by quadrature of the mixture (not the binomial sum)."""
    k = m.value(c["kappa"])
    if k == 0:
        raise OutsideDomain("kappa = 0")
    return m.max(*m.vmf_subsampled_renyi_directions(int(c["p"]), k, int(c["alpha"]), m.value(c["gamma"])))


def theorem_3_both_directions(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T3),
        variables=(integer("alpha", 2, 64), real("gamma", 0, 1), integer("p", 2, 13700), real("kappa", 0, 300)),
        statement=sp.Le(sp.Symbol("D_alpha_subsampled_both_directions"), sp.Symbol("bound")),
        quantities={"D_alpha_subsampled_both_directions": subsampled_both_directions,
                    "bound": subsampled_bound(zhu_wang)},
        strategy=cases(mechanism=st.just("vmf"), alpha=st.one_of(st.integers(2, 6), st.integers(2, 64)),
                       gamma=st.one_of(st.floats(1e-4, 1.0), st.sampled_from([0.5, 1.0, 128 / 60000])),
                       p=P_ANY, kappa=st.one_of(st.floats(0.01, 50), st.floats(0.01, 300),
                                                st.sampled_from([1.0, 75.0, 150.0]))),
        exact_inputs=("alpha", "p"),
        reading="both-directions",
        encoding="M = the VMF mechanism (τ_ℓ of Proposition 1 in the bound); the subsampled pair P = (1−γ)Q + γP₀ "
                 "vs Q = VMF(−x, κ), P₀ = VMF(x, κ). Its RDP is the larger of D_α(P‖Q) and D_α(Q‖P) (add and remove), "
                 "each computed independently of the bound: 1-D quadrature over S^{p−1} of E_Q[(P/Q)^a] − 1 = "
                 "E_Q[(1+u)^a − 1 − au] (a = α and 1 − α; u = γ(e^{2κt} − 1)), Gauss–Legendre on the float path, "
                 "acb.integral on the certified path. Zhu–Wang's bound with 1/(α−1) on the right. At α = 2 the bound "
                 "is attained (no factor 3 there).",
    )
