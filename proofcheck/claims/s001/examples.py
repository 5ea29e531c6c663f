"""Section 5 of paper 001 (exponential families, Lemmas 3–7) with the proofs of Appendix B."""
from __future__ import annotations

import math

import sympy as sp
from hypothesis import strategies as st

from mechanisms.bayesian.bayes_networks import child_weights, joint_probability, outcomes, tables_from_rows
from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Hypothesis, Source, channel, integer, log_real, real
from proofcheck.strategies import cases, channels, log_reals, reals

from .strategies import SEED


QUOTE_EF = ("For distributions in this family, under the absolute log-ratio distance, the family of parameters Θ_L of "
            "Assumption 2 must satisfy, for all x, y ∈ S: |ln h(x)/h(y) + η_θᵀ(T(x) − T(y))| ≤ Lρ(x, y). If the "
            "left-hand side has an amenable form, then we can quantify the set Θ_L for which this requirement holds. "
            "Particularly, for distributions where h(x) is constant and T(x) is scalar (e.g., Bernoulli, exponential, "
            "and Laplace), this requirement simplifies to |η_θ| |T(x) − T(y)|/ρ(x, y) ≤ L. One can then find the "
            "supremum of the left-hand side independent from θ, yielding a simple formula for the feasible L for any θ.")
QUOTE_L3 = ("Lemma 3 (Exponential conjugate prior). The exponential distribution Exp(θ) with exponential conjugate prior "
            "θ ∼ Exp(λ), λ > 0 satisfies Assumption 2 with parameter c = λ and metric ρ(x, y) = |x − y|.")
QUOTE_L4 = ("Lemma 4 (Laplace conjugate prior). The Laplace distribution Laplace(θ) and Laplace conjugate prior "
            "θ ∼ Laplace(μ, s, λ), μ ∈ R, s > L, λ > 0 satisfies Assumption 2 with parameters c = λ and metric "
            "ρ(x, y) = |x − y|. [Proof: d(p_{μ,s}(x₁), p_{μ,s}(x₂)) = (1/s)| |x₁ − μ| − |x₂ − μ| | ≤ (1/s)|x₁ − x₂| ... "
            "we can use an exponential prior with rate parameter λ > 0 for the inverse scale, 1/s, and any prior on μ "
            "... Every such prior satisfies the assumption with c = λ.]")
RECON_L4 = ("The statement is garbled ('Laplace(θ)', 'θ ∼ Laplace(μ, s, λ), μ ∈ R, s > L'); rebuilt from its proof: "
            "the Laplace likelihood with location μ and scale s, ρ = |x − y|, L(μ, s) = 1/s, and the prior Exp(λ) on "
            "the inverse scale 1/s with any prior on μ, so Θ_L = {1/s ≤ L} and ξ(Θ_L) = 1 − e^{−λL}.")
QUOTE_L5 = ("Lemma 5 (Beta-Binomial conjugate prior). The Binomial distribution Binom(θ, n), with Binomial prior "
            "θ ∼ Beta(α, β), α = β ≥ 1 satisfies Assumption 2 for c = O(α) and metric ρ(x, y) = |x − y|.")
RECON_L5 = ("'Binomial prior' is the Beta prior of the proof; 'α = B > 1' read as α = β ≥ 1 (the proof uses α ≥ 1 for "
            "(1 − x)^{α−1} ≤ 1). The proof (B.1) shows L(θ) = ln n + |ln θ/(1 − θ)|, so 'for all L > ln n', "
            "Θ_L = [(1 + e^L/n)^{−1}, (1 + n/e^L)^{−1}], and bounds 1 − ξ(Θ_L) ≤ (2/(αB(α, α))) z^α, z = (1 + e^L/n)^{−1}.")
QUOTE_L6 = ("Lemma 6 (Normal distribution). The normal distribution N(μ, σ²) with an exponential prior σ² ∼ Exp(λ) "
            "satisfies Assumption 2 with parameter c = λ and metric ρ(x, y) = |x² − y²| + 2|x − y|.")
QUOTE_L6_PROOF = ("Proof of Lemma 6. ... Taking the absolute log ratio of the Gaussian densities we have "
                  "|(x − μ)² − (y − μ)²|/(2σ²) ≤ (max(1, |μ|)/(2σ²)) (|x² − y²| + 2|x − y|). Consequently, we can set "
                  "ρ(x, y) = |x² − y²| + 2|x − y| and L(μ, σ) = max(1, |μ|)/(2σ²).")
RECON_L6 = ("The proof's constant is OCR'd as 'M(‘x2_y2|+2|x_y|), - 202' and 'L(μ,σ) = %': rebuilt as "
            "L(μ, σ) = max(1, |μ|)/(2σ²), the exact supremum of |(x−μ)² − (y−μ)²|/(2σ²(|x² − y²| + 2|x − y|)) "
            "(= sup_s |s − 2μ|/(2σ²(|s| + 2)), s = x + y).")
QUOTE_L7 = ("Lemma 7 (Discrete Bayesian networks). Consider a family F_Θ = {P_θ : θ ∈ Θ} of discrete Bayesian networks "
            "on K variables. More specifically, each member P_θ is a distribution on a finite space S = Π_k S_k and we "
            "write P_θ(x) for the probability of any outcome x = (x_1, …, x_K) in S. We also let ρ(x, y) = "
            "Σ_k I{x_k ≠ y_k} be the distance between x and y. If ε is the smallest probability assigned to any one "
            "sub-event, then Assumption 1 is satisfied with L = ln 1/ε. [Proof: ... let v ∈ N^K be such that "
            "v_k = 1 + deg(k) and define: ρ(x, y) ≜ vᵀδ(x, y) and δ_k(x, y) = Σ_i I{x_{k,i} ≠ y_{k,i}}. Using a similar "
            "argument to (B.2), it is easy to see that in this case |ln P_θ(x)/P_θ(y)| ≤ ln(1/ε) ρ(x, y).]")

L_sym = sp.Symbol("L", real=True)


# ----------------------------------------------------------------------------- §5: exponential families
EF_FAMILIES = ("bernoulli", "binomial", "poisson", "exponential", "laplace", "normal-precision", "normal-variance")
_LIKELIHOOD = {"bernoulli": ("beta-bernoulli", lambda mu, t: (1, 1)),
               "binomial": ("beta-binomial", lambda mu, t: (1, 1, t)),
               "poisson": ("gamma-poisson", lambda mu, t: (1, 1)),
               "exponential": ("gamma-exponential", lambda mu, t: (1, 1)),
               "laplace": ("gamma-laplace", lambda mu, t: (1, 1, mu)),
               "normal-precision": ("gamma-normal-precision", lambda mu, t: (1, 1, mu)),
               "normal-variance": ("exp-normal-variance", lambda mu, t: (1, mu))}
_SLOPE_METRIC = {"bernoulli": "hamming", "exponential": "abs", "laplace": "abs", "normal-precision": "normal-square",
                 "normal-variance": "normal-square"}
_DATA_METRIC = {"hamming": "hamming", "abs": "l1", "normal-square": "normal-square"}


def _ef_family(c):
    return EF_FAMILIES[int(c["family"])]


def _ef_theta(c, m):
    t = m.value(c["theta"])
    return t / (1 + t) if _ef_family(c) in ("bernoulli", "binomial") else t


def _ef_records(c, m):
    fam = _ef_family(c)
    if fam == "bernoulli":
        return int(c["kx"]) % 2, int(c["ky"]) % 2
    if fam == "binomial":
        t = int(c["trials"])
        return int(c["kx"]) % (t + 1), int(c["ky"]) % (t + 1)
    if fam == "poisson":
        return int(c["kx"]), int(c["ky"])
    x, y = m.value(c["x"]), m.value(c["y"])
    return (abs(x), abs(y)) if fam == "exponential" else (x, y)


def _known(c, m):
    fam = _ef_family(c)
    return int(c["trials"]) if fam == "binomial" else m.value(c["mu"])


def _density_distance(c, m):
    """|log p_θ(x) − log p_θ(y)| from the family's density (mechanisms.bayesian.conjugate_families)."""
    fam = _ef_family(c)
    name, prior = _LIKELIHOOD[fam]
    pr = prior(m.value(c["mu"]), int(c["trials"]))
    x, y = _ef_records(c, m)
    th = _ef_theta(c, m)
    return m.abs(m.family_log_likelihood(name, pr, th, [x]) - m.family_log_likelihood(name, pr, th, [y]))


def _ef_form(c, m):
    x, y = _ef_records(c, m)
    return m.exponential_family_distance(_ef_family(c), _ef_theta(c, m), x, y, _known(c, m))


def _scalar_bound(c, m):
    fam = _ef_family(c)
    if fam not in _SLOPE_METRIC:
        raise OutsideDomain(f"{fam}: the base measure h is not constant (the simplified criterion does not apply)")
    x, y = _ef_records(c, m)
    rho = m.dataset_distance(_DATA_METRIC[_SLOPE_METRIC[fam]], [x], [y])
    slope = m.num(m.statistic_slope(fam, _SLOPE_METRIC[fam], m.value(c["mu"])))
    return m.abs(m.num(m.natural_parameter(fam, _ef_theta(c, m)))) * slope * m.num(rho)


EF_VARS = (integer("family", 0, 6, ", ".join(EF_FAMILIES)), log_real("theta", 1e-3, 50, "θ (θ/(1+θ) for probabilities)"),
           real("x", -20, 20), real("y", -20, 20), integer("kx", 0, 40), integer("ky", 0, 40), real("mu", -5, 5),
           integer("trials", 1, 12))


def _ef_cases(families=range(7)):
    return cases(family=st.sampled_from(list(families)), theta=log_reals(1e-3, 50.0), x=reals(-20.0, 20.0),
                 y=reals(-20.0, 20.0), kx=st.integers(0, 40), ky=st.integers(0, 40), mu=reals(-5.0, 5.0),
                 trials=st.integers(1, 12))


EXP_FAMILY = [
    Claim(
        id="s001.claim.exponential-family-distance",
        title="§5: d(p_θ(x), p_θ(y)) = |ln h(x)/h(y) + η_θ(T(x) − T(y))| (log-partition cancels)",
        source=Source(SEED, "Section 5, exponential families", QUOTE_EF),
        variables=EF_VARS,
        statement=sp.Eq(sp.Symbol("d_density"), sp.Symbol("d_exponential_family")),
        quantities={"d_density": _density_distance, "d_exponential_family": _ef_form},
        strategy=_ef_cases(), digits=10,
        encoding="Seven families (Bernoulli, Binomial(m), Poisson, exponential, Laplace with location μ, normal with mean "
                 "μ and θ the precision or the variance), two routes: the absolute difference of the log-densities of "
                 "the likelihood (mechanisms.bayesian.conjugate_families) and the exponential-family form from (h, T, η_θ) "
                 "(mechanisms.bayesian.exponential_family).",
    ),
    Claim(
        id="s001.claim.exponential-family-scalar",
        title="§5: h constant, T scalar ⇒ d(p_θ(x), p_θ(y)) ≤ |η_θ| · sup|T(x) − T(y)|/ρ · ρ(x, y)  (the θ-free sup)",
        source=Source(SEED, "Section 5, exponential families", QUOTE_EF),
        variables=EF_VARS,
        statement=sp.Le(sp.Symbol("d_density"), sp.Symbol("bound")),
        quantities={"d_density": _density_distance, "bound": _scalar_bound},
        strategy=_ef_cases((0, 3, 4, 5, 6)),
        encoding="Bernoulli (Hamming), exponential and Laplace (|x − y|), normal with known mean (Lemma 6's ρ): the "
                 "supremum sup_{x≠y} |T(x) − T(y)|/ρ(x, y) is 1, 1, 1 and max(1, |μ|); the distance from the density "
                 "must stay below |η_θ|·sup·ρ(x, y), with ratio 1 approached (the sup is the exact constant).",
    ),
]


# ----------------------------------------------------------------------------- Lemmas 3, 4, 5, 6
def _xi(family, prior_of, known_of=lambda c, m: None):
    """ξ(Θ_L) by quadrature of the prior density over Θ_L."""
    def q(c, m):
        return m.prior_mass_lipschitz_set_quadrature(family, prior_of(c, m), m.value(c["L"]), known_of(c, m))
    return q


lam, L_var, alpha = sp.Symbol("lambda", real=True), sp.Symbol("L", real=True), sp.Symbol("alpha", real=True)
xi = sp.Symbol("xi_Theta_L", real=True)


def _num(key):
    return lambda c, m: m.num(c[key])


def _exp_prior_lemma(number, title, quote, family, encoding, reconstructed=None):
    """Lemmas 3 and 4: Exp(λ) on the parameter θ with L(θ) = θ (a rate, an inverse scale): ξ(Θ_L) ≥ 1 − e^{−λL}."""
    return Claim(
        id=f"s001.lem.{number}",
        title=title,
        source=Source(SEED, f"Section 5, Lemma {number}; proof in Appendix B", quote),
        variables=(log_real("lam", 1e-3, 1e3), log_real("L", 1e-4, 1e4)),
        statement=sp.Ge(xi, 1 - sp.exp(-lam * L_var)),
        quantities={"xi_Theta_L": _xi(family, lambda c, m: (1, m.value(c["lam"]))), "lambda": _num("lam"),
                    "L": _num("L")},
        strategy=cases(lam=log_reals(1e-3, 1e3), L=log_reals(1e-4, 1e4)),
        reconstructed=reconstructed,
        encoding=encoding,
    )


LEMMAS_3_4 = [
    _exp_prior_lemma(
        3, "Lemma 3: Exp(θ) likelihood, θ ∼ Exp(λ), ρ = |x − y|: ξ(Θ_L) ≥ 1 − e^{−λL} for every L > 0", QUOTE_L3,
        "exponential",
        "L(θ) = θ (d = θ|x₁ − x₂|), so Θ_L = (0, L]; ξ(Θ_L) by quadrature of the Exp(λ) density over Θ_L "
        "(in t = log θ, with a rigorous bound of the tail); holds with equality."),
    _exp_prior_lemma(
        4, "Lemma 4: Laplace(μ, s) likelihood, 1/s ∼ Exp(λ), any prior on μ, ρ = |x − y|: ξ(Θ_L) ≥ 1 − e^{−λL}",
        QUOTE_L4, "laplace",
        "L(μ, s) = 1/s whatever μ (sup | |x−μ| − |y−μ| |/|x − y| = 1), so Θ_L = {1/s ≤ L} × R and the prior on "
        "μ plays no role; ξ(Θ_L) by quadrature of the Exp(λ) density of 1/s over (0, L].",
        reconstructed=RECON_L4),
]


# Lemma 4 as printed: the condition "s > L" (the lemma's "μ ∈ R, s > L"; its proof: "the set of feasible parameters for
# Assumption 2 is μ ∈ R and s > L"). s001.lem.4 above checks the proof's prior with the set (2.5) really gives.
QUOTE_L4_PRINTED = ("Lemma 4 (Laplace conjugate prior). The Laplace distribution Laplace(θ) and Laplace conjugate prior "
                    "θ ∼ Laplace(μ, s, λ), μ ∈ R, s > L, λ > 0 satisfies Assumption 2 with parameters c = λ and metric "
                    "ρ(x, y) = |x − y|. [Proof: ... Thus, if we use ρ(x, y) = ‖x − y‖, the set of feasible parameters "
                    "for Assumption 2 is μ ∈ R and s > L. Again we can use an exponential prior with rate parameter "
                    "lambda > 0 for the inverse scale, 1/s, and any prior on μ to obtain the second part of Assumption 2. "
                    "Every such prior satisfies the assumption with c = λ.]")
PRIMARY_L4 = ("'s > L' is the feasible set Θ_L: the proof says so in words ('the set of feasible parameters for "
              "Assumption 2 is μ ∈ R and s > L') and then only asks the prior on 1/s to give that set mass "
              "1 − e^{−λL}; the lemma's 'μ ∈ R, s > L' repeats that set. Read as a bound on the prior's support instead, "
              "the L of 's > L' would have to be a fixed number, while Assumption 2's L ranges over all L > 0.")
L4_VARS = (log_real("lam", 1e-3, 1e3), log_real("L", 1e-4, 1e4))


def _xi_laplace(level):
    """ξ({1/s ≤ level}) for 1/s ∼ Exp(λ), by quadrature of the prior density (the Laplace family's Θ_level)."""
    def q(c, m):
        return m.prior_mass_lipschitz_set_quadrature("laplace", (1, m.value(c["lam"])), level(c, m), None)
    return q


def _xi_s_above_L(c, m):
    # {s > L} = {1/s < 1/L}: its mass equals that of {1/s ≤ 1/L} (a point has mass 0)
    return _xi_laplace(lambda c, m: 1 / m.value(c["L"]))(c, m)


def _xi_support_restricted(c, m):
    """ξ(Θ_L) under Exp(λ) on 1/s conditioned on s > L₀: ξ(1/s ≤ min(L, 1/L₀)) / ξ(1/s < 1/L₀)."""
    top = 1 / m.value(c["L0"])
    L = m.value(c["L"])
    num = _xi_laplace(lambda c, m: min(L, top))(c, m)
    return m.num(num) / m.num(_xi_laplace(lambda c, m: top)(c, m))


LEMMA_4_PRINTED = [
    Claim(
        id="s001.lem.4#feasible-set-s-above-L",
        title="Lemma 4 as printed: Θ_L = {(μ, s) : μ ∈ R, s > L}, 1/s ∼ Exp(λ): ξ(Θ_L) ≥ 1 − e^{−λL} for every L > 0",
        source=Source(SEED, "Section 5, Lemma 4; proof in Appendix B", QUOTE_L4_PRINTED),
        variables=L4_VARS,
        statement=sp.Ge(xi, 1 - sp.exp(-lam * L_var)),
        quantities={"xi_Theta_L": _xi_s_above_L, "lambda": _num("lam"), "L": _num("L")},
        strategy=cases(lam=log_reals(1e-3, 1e3), L=log_reals(1e-4, 1e4)),
        reading="feasible-set-s-above-L", primary=PRIMARY_L4, reconstructed=RECON_L4, degenerate=lambda c: False,
        encoding="The printed set {s > L} (μ free) with the proof's prior Exp(λ) on the inverse scale 1/s: "
                 "ξ({s > L}) = ξ({1/s < 1/L}) by quadrature of the Exp(λ) density over (0, 1/L] (= 1 − e^{−λ/L}); "
                 "fails exactly when 1/L < L, i.e. L > 1. (2.5) itself gives Θ_L = {1/s ≤ L} = {s ≥ 1/L}, for which "
                 "c = λ holds (s001.lem.4).",
    ),
    Claim(
        id="s001.lem.4#prior-support-s-above-L0",
        title="Lemma 4 with 's > L' a bound on the prior's support: 1/s ∼ Exp(λ) given s > L₀: ξ(Θ_L) ≥ 1 − e^{−λL}",
        source=Source(SEED, "Section 5, Lemma 4; proof in Appendix B", QUOTE_L4_PRINTED),
        variables=L4_VARS + (log_real("L0", 1e-4, 1e4, "the fixed bound of 's > L' on the prior's support"),),
        statement=sp.Ge(xi, 1 - sp.exp(-lam * L_var)),
        quantities={"xi_Theta_L": _xi_support_restricted, "lambda": _num("lam"), "L": _num("L")},
        strategy=cases(lam=log_reals(1e-3, 1e3), L=log_reals(1e-4, 1e4), L0=log_reals(1e-4, 1e4)),
        reading="prior-support-s-above-L0", reconstructed=RECON_L4, degenerate=lambda c: False,
        encoding="'s > L' as a hyperparameter range: the prior (Exp(λ) on 1/s, as in the proof) conditioned on s > L₀ "
                 "for a fixed L₀ > 0; Θ_L = {1/s ≤ L} from (2.5); ξ(Θ_L) = ξ(1/s ≤ min(L, 1/L₀))/ξ(1/s < 1/L₀), both "
                 "by quadrature. Conditioning on a lower set of 1/s only raises the mass of the lower set Θ_L.",
    ),
]


def _lem5_prior(c, m):
    a = m.value(c["alpha"])
    return (a, a)


def _lem5_cstar(c, m):
    return m.lipschitz_mass_rate("binomial", _lem5_prior(c, m), int(c["trials"]))


def _lem5_xi(c, m):
    """ξ(Θ_L) from the regularised incomplete beta function."""
    return m.prior_mass_lipschitz_set("binomial", _lem5_prior(c, m), m.value(c["L"]), int(c["trials"]))


def _lem5_outside(c, m):
    return 1 - m.num(_lem5_xi(c, m))


L5_VARS = (real("alpha", 1, 40, "α = β"), integer("trials", 1, 12, "n, the Binomial's number of trials"),
           log_real("L", 1e-3, 100))
L5_ENCODING = ("Binom(θ, n) likelihood of one count, beta(α, α) prior, ρ = |k₁ − k₂|: L(θ) = ln n + |logit θ| "
               "(s001.claim.assumption-1 checks this closed form by enumeration), Θ_L = {|logit θ| ≤ L − ln n}, empty "
               "for L < ln n; ξ(Θ_L) from the regularised incomplete beta function.")
L5_CASES = cases(alpha=st.one_of(reals(1.0, 40.0), st.just(1.0)), trials=st.integers(1, 12), L=log_reals(1e-3, 100.0))
ALPHA_AT_LEAST_1 = Hypothesis("α ≥ 1", sp.Ge(alpha, 1))
PRIMARY_L5 = ("'satisfies Assumption 2 for c = O(α)': Assumption 2 asks for some c > 0 with ξ(Θ_L) ≥ 1 − e^{−cL} for "
              "all L > 0; O(α) only bounds that c from above. So the claim is c* = inf_L −ln(1 − ξ(Θ_L))/L > 0.")

LEMMA_5 = [
    Claim(
        id="s001.lem.5#exists-c",
        title="Lemma 5: Binom(θ, n) with beta(α, α), α ≥ 1, satisfies Assumption 2 for some c > 0 (c* > 0)",
        source=Source(SEED, "Section 5, Lemma 5; proof in Appendix B", QUOTE_L5),
        variables=L5_VARS,
        statement=sp.Gt(sp.Symbol("c_star"), 0),
        quantities={"c_star": _lem5_cstar, "alpha": _num("alpha")},
        hypotheses=(ALPHA_AT_LEAST_1,),
        strategy=L5_CASES,
        reading="exists-c", primary=PRIMARY_L5, reconstructed=RECON_L5, degenerate=lambda c: False,
        encoding=L5_ENCODING + " c* in closed form where Θ_L is empty for small L (n ≥ 2: c* = 0 exactly), by a "
                               "certified optimisation for n = 1 (an enclosure of the infimum). Holds for n = 1 "
                               "(c* > 0), fails for every n ≥ 2 (c* = 0): the verdict `violated` is the n ≥ 2 case.",
    ),
    Claim(
        id="s001.lem.5#c-equals-alpha",
        title="Lemma 5 with c = α: ξ(Θ_L) ≥ 1 − e^{−αL} for every L > 0",
        source=Source(SEED, "Section 5, Lemma 5; proof in Appendix B", QUOTE_L5),
        variables=L5_VARS,
        statement=sp.Ge(xi, 1 - sp.exp(-alpha * L_var)),
        quantities={"xi_Theta_L": _lem5_xi, "alpha": _num("alpha"), "L": _num("L")},
        hypotheses=(ALPHA_AT_LEAST_1,),
        strategy=L5_CASES,
        reading="c-equals-alpha", reconstructed=RECON_L5,
        encoding=L5_ENCODING + " The reading c = α of 'c = O(α)' (as Lemmas 3, 4 and 6 give c = λ).",
    ),
    Claim(
        id="s001.lem.5+corrected",
        title="Lemma 5 as its proof shows: for L ≥ ln n, 1 − ξ(Θ_L) ≤ 2 (n/(n + e^L))^α / (α B(α, α))",
        source=Source(SEED, "Appendix B, proof of Lemma 5", QUOTE_L5),
        variables=L5_VARS,
        statement=sp.Le(sp.Symbol("outside_Theta_L"),
                        2 * (sp.Symbol("n") / (sp.Symbol("n") + sp.exp(L_var))) ** alpha * sp.gamma(2 * alpha)
                        / (alpha * sp.gamma(alpha) ** 2)),
        quantities={"outside_Theta_L": _lem5_outside, "alpha": _num("alpha"), "L": _num("L"),
                    "n": lambda c, m: m.num(int(c["trials"]))},
        hypotheses=(ALPHA_AT_LEAST_1, Hypothesis("L ≥ ln n", sp.Ge(L_var, sp.log(sp.Symbol("n"))))),
        strategy=L5_CASES,
        reconstructed=RECON_L5,
        encoding=L5_ENCODING + " The bound the proof derives (z = (1 + e^L/n)^{−1}, (1 − x)^{α−1} ≤ 1 for α ≥ 1), valid "
                               "where Θ_L is not empty: an explicit Assumption-2-type tail bound with a constant.",
    ),
]


# Lemma 5's proof, its last line: (2/B(α, α))(1/α) n^α e^{−αL} ≤ e^{−cL} "solving for c, we obtain c ≤ ln(1/v) + α"
QUOTE_L5_C = ("Proof of Lemma 5. ... Finally, we have that n > 0 and hence, (n + e^L)^{−α} < e^{−αL} so that we have: "
              "(2/B(α, α)) (1/α) n^α (n + e^L)^{−α} ≤ (2/B(α, α)) (1/α) n^α e^{−αL}. We want to upper bound this by "
              "e^{−cL}. Solving for c, we obtain c ≤ ln(1/v) + α.")
RECON_L5_C = ("v is not defined in the text (OCR); rebuilt as the constant of the bound being solved, "
              "v = (2/B(α, α))(1/α) n^α, so that the bound reads v e^{−αL} ≤ e^{−cL}; the proof's conclusion is that "
              "Assumption 2 holds with c = ln(1/v) + α (solving exactly would give c ≤ α + ln(1/v)/L, which depends on L).")
PRIMARY_L5_C = ("the proof solves for the constant c of Assumption 2, and (2.6) asks for 'some constant c > 0': the proof's "
                "c = ln(1/v) + α must be positive and satisfy ξ(Θ_L) ≥ 1 − e^{−cL} for all L > 0; with c ≤ 0 the bound "
                "(2.6) says nothing (its right side is ≤ 0) and no constant has been found.")
n_sym = sp.Symbol("n", positive=True)
_V = 2 * n_sym ** alpha * sp.gamma(2 * alpha) / (alpha * sp.gamma(alpha) ** 2)  # (2/B(α, α))(1/α) n^α
C_PROOF = sp.log(1 / _V) + alpha


def _c_proof_float(case, n):
    a = float(case["alpha"])
    return a + math.log(a) + 2 * math.lgamma(a) - math.lgamma(2 * a) - math.log(2) - a * math.log(n)


def _lem5_c(part, reading):
    one = part == "i"
    vars_ = (real("alpha", 1, 40, "α = β"), log_real("L", 1e-3, 100)) if one else L5_VARS
    strategy = (cases(alpha=st.one_of(reals(1.0, 4.0), reals(1.0, 40.0), st.just(1.0), st.integers(1, 8).map(float)),
                      L=log_reals(1e-3, 100.0)) if one else
                cases(alpha=st.one_of(reals(1.0, 40.0), st.just(1.0)), trials=st.integers(2, 12),
                      L=log_reals(1e-3, 100.0)))
    n_of = (lambda c: 1) if one else (lambda c: int(c["trials"]))
    bound = xi - (1 - sp.exp(-C_PROOF * L_var))
    if reading == "positive-constant":
        stmt = sp.Ge(sp.Min(C_PROOF, bound), 0)
        what = ("both c > 0 and ξ(Θ_L) ≥ 1 − e^{−cL}, as min(c, ξ(Θ_L) − 1 + e^{−cL}) ≥ 0 (c = 0 exactly cannot "
                "happen at a rational α ≥ 1: e^α is irrational)")
        degenerate = lambda c: False  # noqa: E731
    else:
        stmt = sp.Ge(xi, 1 - sp.exp(-C_PROOF * L_var))
        what = "only the bound ξ(Θ_L) ≥ 1 − e^{−cL}; cases with c ≤ 0 (where it says nothing) are degenerate"
        degenerate = lambda c: _c_proof_float(c, n_of(c)) <= 0  # noqa: E731
    hyps = (ALPHA_AT_LEAST_1,) if one else (ALPHA_AT_LEAST_1, Hypothesis("n ≥ 2", sp.Ge(n_sym, 2)))
    return Claim(
        id=f"s001.claim.lemma-5-proof-c.{part}#{reading}",
        title=(f"Lemma 5's proof ({'n = 1' if one else 'n ≥ 2'}): Assumption 2 holds with c = ln(1/v) + α, "
               f"v = 2n^α/(α B(α, α)) [{reading}]"),
        source=Source(SEED, "Appendix B, proof of Lemma 5 (last line)", QUOTE_L5_C),
        variables=vars_,
        statement=stmt,
        quantities={"xi_Theta_L": (lambda c, m: m.prior_mass_lipschitz_set("binomial", _lem5_prior(c, m),
                                                                           m.value(c["L"]), 1)) if one else _lem5_xi,
                    "alpha": _num("alpha"), "L": _num("L"), "n": lambda c, m: m.num(n_of(c))},
        hypotheses=hyps,
        strategy=strategy,
        reading=reading, primary=PRIMARY_L5_C if reading == "positive-constant" else None,
        reconstructed=RECON_L5 + " " + RECON_L5_C, degenerate=degenerate,
        encoding=L5_ENCODING + (" One trial (n = 1, a Bernoulli count): Θ_L = {|logit θ| ≤ L} is never empty. "
                                if one else " n ≥ 2 trials: Θ_L is empty for L < ln n. ")
                 + "c = ln(1/v) + α = α + ln(α Γ(α)²/(2n^α Γ(2α))) in the statement; checks " + what + ".",
    )


LEMMA_5_PROOF_C = [_lem5_c(part, reading) for part in ("i", "ii")
                   for reading in ("positive-constant", "bound-only")]


def _lem6_step_d(c, m):
    pr = (1, m.value(c["mu"]))
    v = m.value(c["sigma2"])
    return m.abs(m.family_log_likelihood("exp-normal-variance", pr, v, [m.value(c["x"])])
                 - m.family_log_likelihood("exp-normal-variance", pr, v, [m.value(c["y"])]))


def _lem6_step_bound(c, m):
    L = m.lipschitz_constant("normal-variance", m.value(c["sigma2"]), m.value(c["mu"]))
    rho = m.dataset_distance("normal-square", [m.value(c["x"])], [m.value(c["y"])])
    return m.num(L) * m.num(rho)


L6_VARS = (log_real("lam", 1e-3, 1e3), real("mu", -5, 5, "the known mean"), log_real("L", 1e-4, 1e4))

LEMMA_6 = [
    Claim(
        id="s001.claim.lemma-6-lipschitz",
        title="Lemma 6's proof: |ln N(x; μ, σ²)/N(y; μ, σ²)| ≤ (max(1, |μ|)/(2σ²))(|x² − y²| + 2|x − y|)",
        source=Source(SEED, "Appendix B, proof of Lemma 6", QUOTE_L6_PROOF),
        variables=(real("mu", -5, 5), log_real("sigma2", 1e-3, 1e3), real("x", -50, 50), real("y", -50, 50)),
        statement=sp.Le(sp.Symbol("d_density"), sp.Symbol("L_rho")),
        quantities={"d_density": _lem6_step_d, "L_rho": _lem6_step_bound},
        strategy=cases(mu=reals(-5.0, 5.0), sigma2=log_reals(1e-3, 1e3), x=reals(-50.0, 50.0), y=reals(-50.0, 50.0)),
        reconstructed=RECON_L6,
        encoding="d from the normal density (mechanisms.bayesian.conjugate_families), L(μ, σ) from mechanisms.bayesian.lipschitz; tight "
                 "(ratio 1) at x + y = 0 for |μ| ≥ 1 and as |x + y| → ∞ otherwise.",
    ),
    Claim(
        id="s001.lem.6",
        title="Lemma 6 as printed: N(μ, σ²), σ² ∼ Exp(λ), ρ = |x² − y²| + 2|x − y|: ξ(Θ_L) ≥ 1 − e^{−λL} for every L",
        source=Source(SEED, "Section 5, Lemma 6; proof in Appendix B", QUOTE_L6),
        variables=L6_VARS,
        statement=sp.Ge(xi, 1 - sp.exp(-lam * L_var)),
        quantities={"xi_Theta_L": _xi("normal-variance", lambda c, m: (m.value(c["lam"]),),
                                      lambda c, m: m.value(c["mu"])),
                    "lambda": _num("lam"), "L": _num("L")},
        strategy=cases(lam=log_reals(1e-3, 1e3), mu=reals(-5.0, 5.0), L=log_reals(1e-4, 1e4)),
        reconstructed=RECON_L6,
        encoding="μ known, θ = σ²: L(μ, σ) = max(1, |μ|)/(2σ²) (s001.claim.lemma-6-lipschitz), Θ_L = {σ² ≥ max(1, |μ|)/(2L)}; "
                 "ξ(Θ_L) by quadrature of the Exp(λ) density of σ² (in t = log σ², tail bounded) — in closed form "
                 "e^{−λ max(1,|μ|)/(2L)}.",
    ),
    Claim(
        id="s001.lem.6+corrected",
        title="Lemma 6 with the Exp(λ) prior on the precision 1/σ²: ξ(Θ_L) ≥ 1 − e^{−cL}, c = 2λ/max(1, |μ|)",
        source=Source(SEED, "Section 5, Lemma 6; proof in Appendix B", QUOTE_L6),
        variables=L6_VARS,
        statement=sp.Ge(xi, 1 - sp.exp(-2 * lam * L_var / sp.Max(1, sp.Abs(sp.Symbol("mu"))))),
        quantities={"xi_Theta_L": _xi("normal-precision", lambda c, m: (1, m.value(c["lam"])),
                                      lambda c, m: m.value(c["mu"])),
                    "lambda": _num("lam"), "L": _num("L"), "mu": _num("mu")},
        strategy=cases(lam=log_reals(1e-3, 1e3), mu=reals(-5.0, 5.0), L=log_reals(1e-4, 1e4)),
        reconstructed=RECON_L6,
        encoding="θ = 1/σ² ∼ Exp(λ): Θ_L = {1/σ² ≤ 2L/max(1, |μ|)} and ξ(Θ_L) = 1 − e^{−2λL/max(1,|μ|)} (quadrature); "
                 "holds with equality. With c = λ it holds iff |μ| ≤ 2.",
    ),
]


# ----------------------------------------------------------------------------- Lemma 7
@st.composite
def _network_cases(draw, independent=False):
    K = draw(st.integers(2, 4))
    adj = [[0] * K for _ in range(K)]
    for k in range(K):
        pool = list(range(k))
        pa = [] if independent or not pool else sorted(draw(st.sets(st.sampled_from(pool), max_size=min(2, k))))
        for j in pa:
            adj[j][k] = 1
    rows = sum(2 ** sum(adj[j][k] for j in range(K)) for k in range(K))
    return {"adj": adj, "cpt": draw(channels(rows, 2))}


def _parents(c):
    K = len(c["adj"])
    return [tuple(j for j in range(K) if int(c["adj"][j][k])) for k in range(K)]


def _net(c, m):
    parents = _parents(c)
    cards = [2] * len(parents)
    return parents, cards, tables_from_rows(parents, cards, [list(r) for r in m.matrix(c["cpt"])])


def _net_L(weighted):
    def q(c, m):
        parents, cards, cpts = _net(c, m)
        w = child_weights(parents, len(parents)) if weighted else None
        return m.network_lipschitz(parents, cards, cpts, w)
    return q


def _net_eps(c, m):
    eps = min(min(r) for r in m.matrix(c["cpt"]))
    if eps == 0:
        raise OutsideDomain("a table has a zero entry: ε = 0 and ln(1/ε) = ∞")
    return m.num(eps)


def _net_joint_eps(c, m):
    """min_x P_θ(x) over the outcomes x ∈ S (exact products of the tables' entries on the certified path)."""
    parents, cards, cpts = _net(c, m)
    eps = min(joint_probability(parents, cards, cpts, x) for x in outcomes(cards))
    if eps == 0:
        raise OutsideDomain("an outcome of probability 0: ε = 0 and ln(1/ε) = ∞")
    return m.num(eps)


L7_VARS = (integer("adj", doc="adjacency matrix of the DAG: adj[j][k] = 1 when j is a parent of k (j < k)"),
           channel("cpt", "the rows of every conditional probability table, stacked"))
L7_ENCODING = ("Binary networks on K ≤ 4 variables (random DAGs, ≤ 2 parents each), every CPT row a law on {0, 1}; one "
               "record x = (x_1, …, x_K); ε = the smallest entry of any table (of this θ: the hardest case of the "
               "family {θ : entries ≥ ε}); L(θ) = max over all pairs of outcomes of |ln P_θ(x)/P_θ(y)|/ρ(x, y), every "
               "pair enumerated, exact.")
PRIMARY_L7 = "the lemma as printed: ρ(x, y) = Σ_k I{x_k ≠ y_k} for any network on K variables."

LEMMA_7 = [
    Claim(
        id="s001.lem.7#hamming",
        title="Lemma 7 as printed: any discrete Bayesian network, ρ = Hamming over the K variables: L(θ) ≤ ln(1/ε)",
        source=Source(SEED, "Section 5, Lemma 7; proof in Appendix B", QUOTE_L7),
        variables=L7_VARS,
        statement=sp.Le(L_sym, sp.log(1 / sp.Symbol("epsilon"))),
        quantities={"L": _net_L(False), "epsilon": _net_eps},
        strategy=_network_cases(), reading="hamming", primary=PRIMARY_L7, degenerate=lambda c: False,
        encoding=L7_ENCODING,
    ),
    Claim(
        id="s001.lem.7#weighted-hamming",
        title="Lemma 7's proof: ρ(x, y) = Σ_k (1 + deg(k)) I{x_k ≠ y_k} (deg = number of children): L(θ) ≤ ln(1/ε)",
        source=Source(SEED, "Appendix B, proof of Lemma 7", QUOTE_L7),
        variables=L7_VARS,
        statement=sp.Le(L_sym, sp.log(1 / sp.Symbol("epsilon"))),
        quantities={"L": _net_L(True), "epsilon": _net_eps},
        strategy=_network_cases(), reading="weighted-hamming", degenerate=lambda c: False,
        encoding=L7_ENCODING + " The general case of the proof: weights v_k = 1 + deg(k), deg(k) the number of children "
                               "(changing x_k changes k's factor and one factor per child).",
    ),
    Claim(
        id="s001.lem.7#independent",
        title="Lemma 7 for independent variables (the proof's first case): L(θ) ≤ ln(1/ε) under Hamming ρ",
        source=Source(SEED, "Appendix B, proof of Lemma 7, (B.2)", QUOTE_L7),
        variables=L7_VARS,
        statement=sp.Le(L_sym, sp.log(1 / sp.Symbol("epsilon"))),
        quantities={"L": _net_L(False), "epsilon": _net_eps},
        strategy=_network_cases(independent=True), reading="independent", degenerate=lambda c: False,
        encoding=L7_ENCODING + " No edges: P_θ(x) = Π_k θ_{k, x_k}, (B.2).",
    ),
    Claim(
        id="s001.lem.7#joint-epsilon",
        title="Lemma 7 with ε the smallest joint probability min_x P_θ(x), Hamming ρ: L(θ) ≤ ln(1/ε)",
        source=Source(SEED, "Section 5, Lemma 7; proof in Appendix B", QUOTE_L7),
        variables=L7_VARS,
        statement=sp.Le(L_sym, sp.log(1 / sp.Symbol("epsilon"))),
        quantities={"L": _net_L(False), "epsilon": _net_joint_eps},
        strategy=_network_cases(), reading="joint-epsilon", degenerate=lambda c: False,
        encoding=L7_ENCODING.replace("ε = the smallest entry of any table (of this θ: the hardest case of the family "
                                     "{θ : entries ≥ ε})", "ε = min over the outcomes x ∈ S of the joint P_θ(x)")
                 + " 'Sub-event' read as an outcome of the whole network (an atom of S), not an entry of one table: "
                   "then every |ln P_θ(x)/P_θ(y)| ≤ ln(1/ε) and ρ ≥ 1 for x ≠ y, so the bound holds for any network — "
                   "but ε is then a product of K table entries and ln(1/ε) up to K times the table reading's.",
    ),
]

CLAIMS = EXP_FAMILY + LEMMAS_3_4 + LEMMA_4_PRINTED + LEMMA_5 + LEMMA_5_PROOF_C + LEMMA_6 + LEMMA_7
