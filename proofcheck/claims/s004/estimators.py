"""§4.3: the estimators of the privacy cost — binary data (§4.3.1, Eqs. (11)–(13), the worked example),
continuous data (Eq. (14), Theorem 4), Eqs. (16)–(17) and δ_μ = β + γ (§4.3.2)."""

from __future__ import annotations

from fractions import Fraction

import sympy as sp
from hypothesis import strategies as st

from mechanisms.bayesian.coverage import gaussian_reference_failure_monte_carlo
from proofcheck.claim import Claim, Hypothesis, MonteCarloRoute, Source, channel, integer, log_real, real
from proofcheck.claims.s004.model import num, reference_cost_closed_form, S
from proofcheck.claims.s004.strategies import (SEED, binary_coverage_cases, estimator_error_cases, fold_cases,
                                               reference_estimator_cases)
from proofcheck.strategies import cases, log_reals, reals
import math
import zlib


# ----------------------------------------------------------------------------- quantities
def reference_pole(c, m):
    """Tλ(λ+1)s²/σ²: c_t(λ, T) of the reference is finite iff this is < 1."""
    lam, s, sg = m.num(c["lam"]), m.num(c["s"]), m.num(c["sigma"])
    return m.num(int(c["T"])) * lam * (lam + 1) * s * s / (sg * sg)


def estimator_limit(variant):
    """Eq. (14)'s limit as m → ∞ (M → E X, S → sd X, t/√(m−1) → 0): (1/s) log E[e^{s λ D̂}] by quadrature, with
    s = 1 ('printed') or T ('with-T')."""
    def q(c, m):
        scale = 1 if variant == "printed" else int(c["T"])
        return m.gaussian_reference_cost_quadrature(m.value(c["lam"]), scale, m.value(c["s"]), m.value(c["sigma"]),
                                                    int(c["d"]))
    return q


def estimator_variance_exponent(variant):
    """2·(scale)·λ(λ+1)s²/(2σ²): X = e^{aχ²_d} has a variance iff 2a < 1/2, i.e. this is < 1/2."""
    def q(c, m):
        scale = 1 if variant == "printed" else int(c["T"])
        lam, s, sg = m.num(c["lam"]), m.num(c["s"]), m.num(c["sigma"])
        return 2 * scale * lam * (lam + 1) * s * s / (2 * sg * sg)
    return q


# ----------------------------------------------------------------------------- estimators
def binary_failure(c, m):
    return m.binary_failure_probability(int(c["N"]), m.value(c["rho"]), m.value(c["gamma"]))


def example_gamma(c, m):
    """1 − F(ρ) for N zeros and no ones (the failure probability assigned to the output ρ̂ = ρ)."""
    return 1 - m.num(m.binary_posterior_cdf(int(c["N"]), 0, m.value(c["rho"])))


def binary_estimate_at(gamma_key):
    """ρ̂ = F^{−1}(1 − γ) for the case's counts n0, n1 at γ = c[gamma_key] (γ = 0 when gamma_key is None)."""
    def q(c, m):
        gamma = m.value(c[gamma_key]) if gamma_key else m.value(0)
        return m.num(m.binary_estimate(m.value(c["n0"]), m.value(c["n1"]), gamma))
    return q


def example_figure_gap(c, m):
    """The worked example (100 zeros, no ones): row 0 |γ(0.01) − 0.36|, row 1 |ρ̂(0.99^{101}) − 0.01|,
    row 2 |ρ̂(0) − 1|."""
    row = int(c["row"])
    if row == 0:
        return m.abs(example_gamma({"N": 100, "rho": Fraction(1, 100)}, m) - m.num(Fraction(36, 100)))
    gamma = Fraction(99, 100) ** 101 if row == 1 else Fraction(0)
    target = Fraction(1, 100) if row == 1 else Fraction(1)
    return m.abs(m.num(m.binary_estimate(100, 0, gamma)) - m.num(target))


def posterior_cdf_at_estimate(c, m):
    n1 = int(c["k"]) % (int(c["N"]) + 1)
    n0 = int(c["N"]) - n1
    return m.binary_posterior_cdf(n0, n1, m.binary_estimate(n0, n1, m.value(c["gamma"])))


def fold_tail(c, m):
    """Pr[L ≥ ε] with x' ∈ {0, 1}, Pr[x' = 1] = ρ (rows of K: without the point, with 0, with 1)."""
    rho = m.value(c["rho"])
    return m.num(m.bdp_tail(c["K"], [1 - rho, rho], m.value(c["eps"]), "add", 0, "ge"))


def fold_failure(c, m):
    """Pr_data[ρ̂ < ρ] for N draws of x' (the binary estimator's exact failure probability)."""
    return m.num(m.binary_failure_probability(int(c["N"]), m.value(c["rho"]), m.value(c["gamma"])))


def monte_carlo_seed(c) -> int:
    key = ",".join(f"{k}={float(v)!r}" for k, v in sorted(c.items()))
    return zlib.crc32(key.encode())


def reference_failure_estimate(variant, n=4000):
    """The float path's estimate of Pr[ĉ < c_t(λ, T)] (n replications, seeded by the case); the certified
    path has no exact route: a statistical claim takes the Monte Carlo interval there."""
    def q(c, m):
        return m.statistical_estimate(lambda: gaussian_reference_failure_monte_carlo(
            float(c["lam"]), int(c["T"]), float(c["s"]), float(c["sigma"]), int(c["d"]), int(c["m"]),
            float(c["gamma"]), n, monte_carlo_seed(c), variant=variant).estimate)
    return q


def reference_failure_route(variant):
    def estimate(case, n, seed, device, confidence):
        return gaussian_reference_failure_monte_carlo(float(case["lam"]), int(case["T"]), float(case["s"]),
                                                      float(case["sigma"]), int(case["d"]), int(case["m"]),
                                                      float(case["gamma"]), n, seed, confidence, variant=variant)
    return estimate


# ----------------------------------------------------------------------------- §4.3.2: δ_μ = β + γ with T estimators
def sum_underestimate_probability(c, m):
    """Pr[Σ_t ĉ_t < Σ_t c_t] for T independent estimators whose error ĉ_t − c_t is −a with probability f and +b
    otherwise: with J ∼ B(T, f) failures the sum is (T − J)b − Ja, below 0 iff J > Tb/(a + b) (exact binomial sum)."""
    T = int(c["T"])
    f, a, b = m.value(c["f"]), m.value(c["a"]), m.value(c["b"])
    total = m.value(0)
    for j in range(T + 1):
        if (T - j) * b - j * a < 0:
            total = total + math.comb(T, j) * f ** j * (1 - f) ** (T - j)
    return m.num(total)


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
        quantities={"failure": binary_failure, "gamma": num("gamma"), "rho": num("rho")},
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
        quantities={"F_at_estimate": posterior_cdf_at_estimate, "gamma": num("gamma")},
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
        quantities={"gamma_assigned": example_gamma, "rho": num("rho"), "N": lambda c, m: m.num(int(c["N"]))},
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
        quantities={"gap": example_figure_gap, "tolerance": lambda c, m: m.num(EXAMPLE_FIGURES[int(c["row"])][1])},
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
        quantities={"rho_hat_conf_one": binary_estimate_at(None)},
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
        quantities={"rho_hat": binary_estimate_at("gamma")},
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
        quantities={"limit": estimator_limit(variant), "c_t": reference_cost_closed_form, "x": reference_pole,
                    "var": estimator_variance_exponent(variant)},
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
        quantities={"failure": reference_failure_estimate(variant), "gamma": num("gamma"),
                    "x": reference_pole, "var": estimator_variance_exponent(variant)},
        hypotheses=(Hypothesis("c_t(λ, T) finite", sp.Lt(S("x"), 1)),
                    Hypothesis("the samples have a variance ('continuous distributions with existing mean and "
                               "variance')", sp.Lt(S("var"), sp.Rational(1, 2)))),
        strategy=reference_estimator_cases(),
        statistical=True,
        monte_carlo=(MonteCarloRoute("failure", reference_failure_route(variant),
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
FOLD_QUANTITIES = {"rho": num("rho"), "tv_0": lambda c, m: m.tv(c["K"][0], c["K"][1]),
                   "tv_1": lambda c, m: m.tv(c["K"][0], c["K"][2])}


FOLD_CLAIMS = [
    Claim(
        id="s004.eq.16",
        title="Pr[L ≥ ε] = Pr[L ≥ ε, ĉ ≥ c] + Pr[L ≥ ε, ĉ < c]",
        source=Source(SEED, "§4.3.2, Eq. (16)", QUOTE_EQ16),
        variables=FOLD_VARS,
        statement=sp.Eq(S("P_tail"), S("P_tail") * (1 - S("P_fail")) + S("P_tail") * S("P_fail")),
        quantities={"P_tail": fold_tail, "P_fail": fold_failure, **FOLD_QUANTITIES},
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
        quantities={"P_tail": fold_tail, "P_fail": fold_failure, "gamma": num("gamma"), **FOLD_QUANTITIES},
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
        quantities={"P_fail": sum_underestimate_probability, "gamma": num("gamma"), "f": num("f")},
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
        quantities={"P_fail": sum_underestimate_probability, "gamma": num("gamma"), "f": num("f"),
                    "T": lambda c, m: m.num(int(c["T"]))},
        hypotheses=BETA_GAMMA_HYPOTHESES,
        strategy=estimator_error_cases(),
        encoding=BETA_GAMMA_NOTE + "Checked against Tγ: {Σ ĉ_t < Σ c_t} ⊂ ∪_t {ĉ_t < c_t} (a union bound, valid "
                 "for dependent estimates too); under independence 1 − (1 − γ)^T, the authors' accountant's "
                 "1 − conf^T, is sharper.",
    ),
]
