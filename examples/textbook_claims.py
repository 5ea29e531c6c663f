"""Seventeen textbook statements and tempting false ones: `proofcheck run --claims examples/textbook_claims.py`.

Each claim is a sympy relation; each symbol gets a quantity ``lambda case, m: ...`` written once for both
evaluation paths (floats for the search, exact rationals and arb balls for the verdict). Five are false on
purpose; examples/test_textbook_claims.py says which, as a researcher's own pytest suite would.
"""
import sympy as sp
from hypothesis import strategies as st

from proofcheck import Claim, Hypothesis, OutsideDomain, Source, channel, integer, log_real, real, simplex
from proofcheck import strategies as pst

TV, KL, D, D_rev, D_hi, C, L, n, k, eps, delta, dG, e_lo, e_hi = sp.symbols(
    "TV KL D D_rev D_hi C L n k epsilon delta delta_G eps_lo eps_hi", real=True)


def book(where, quote):
    return Source("textbook", where, quote)


def P(c, m): return m.vector(c["P"])
def Q(c, m): return m.vector(c["Q"])
def K(c, m): return m.matrix(c["K"])
def num(name): return lambda c, m: m.num(c[name])


def bernoulli(c, m, name):  # the law (x, 1 − x) of the case's entry x
    x = m.value(c[name])
    return [x, 1 - x]


def renyi(*orders):  # D_α(P‖Q), α the sum of the named entries of the case (exact on the certified path)
    return lambda c, m: m.renyi(P(c, m), Q(c, m), sum(m.value(c[o]) for o in orders))


def kfold(c, m):  # the k-fold parallel composition of K: one secret, k independent releases
    out = K(c, m)
    for _ in range(int(c["k"]) - 1):
        out = m.parallel_composition(out, K(c, m))
    return out


def ldp_level(c, m):  # ε of an ε-LDP channel (a zero beside a non-zero in a column: no finite ε)
    e = m.ldp_level(K(c, m))
    if m.is_inf(e):
        raise OutsideDomain("K is not ε-LDP for any finite ε")
    return e


def rdp_args(c, m):  # (τ, α, δ) of the case
    return m.value(c["tau"]), m.value(c["alpha"]), m.value(c["delta"])


def dwork_roth_delta(c, m):  # exact δ(ε) of the Gaussian mechanism at σ = √(2 ln(1.25/δ)) Δ/ε, Δ = 1
    sigma = m.sqrt(2 * m.log(m.num(5) / (4 * m.num(c["delta"])))) / m.num(c["epsilon"])
    return m.gaussian_delta(sigma, m.num(c["epsilon"]))


def pairs(**more):  # two distributions on the same n points (and more entries)
    return pst.sized(lambda n_, _: pst.cases(P=pst.priors(n_), Q=pst.priors(n_), **more))


CHANNELS = pst.sized(lambda n_, m_: pst.cases(K=pst.channels(n_, m_)))
SQUARE = pst.sized(lambda n_, _: pst.cases(K=pst.channels(n_, n_)), min_n=3)  # k-ary randomised response among them
COMPOSITION = dict(variables=(channel("K"), real("epsilon", 0, 3), integer("k", 1, 3)), strategy=pst.sized(
    lambda n_, m_: pst.cases(K=pst.channels(n_, m_), epsilon=pst.reals(0, 3), k=st.integers(1, 3)), max_n=3, max_m=3))
DWORK_ROTH = dict(statement=sp.Le(dG, delta),
                  quantities={"delta_G": dwork_roth_delta, "delta": num("delta"), "epsilon": num("epsilon")})
CONVERSION = dict(variables=(real("tau", 0, 50), real("alpha", 1.01, 256), log_real("delta", 1e-12, 0.1)),
                  strategy=pst.cases(tau=pst.reals(0, 50), alpha=pst.reals(1.01, 256), delta=pst.log_reals(1e-12, 0.1)))


CLAIMS = [
    Claim(id="textbook.pinsker", title="Pinsker: TV(P, Q) ≤ √(KL(P‖Q)/2)",
          source=book("Tsybakov (2009), Lemma 2.5", "V(P, Q) ≤ √(K(P, Q)/2)"),
          variables=(simplex("P"), simplex("Q")), statement=sp.Le(TV, sp.sqrt(KL / 2)), strategy=pairs(),
          quantities={"TV": lambda c, m: m.tv(P(c, m), Q(c, m)), "KL": lambda c, m: m.kl(P(c, m), Q(c, m))}),

    Claim(id="textbook.pinsker-separated-bernoulli",
          title="Pinsker on Bernoulli pairs at least 1/2 apart: |p − q| ≤ √(KL/2), p, q ∈ [0.01, 0.99]",
          source=book("Tsybakov (2009), Lemma 2.5", "V(P, Q) ≤ √(K(P, Q)/2)"),
          variables=(real("p", 0.01, 0.99), real("q", 0.01, 0.99)),
          hypotheses=(Hypothesis("|p − q| ≥ 1/2", sp.Ge(TV, sp.Rational(1, 2))),),
          statement=sp.Le(TV, sp.sqrt(KL / 2)),
          strategy=pst.cases(p=pst.reals(0.01, 0.99), q=pst.reals(0.01, 0.99)),
          quantities={"TV": lambda c, m: m.tv(bernoulli(c, m, "p"), bernoulli(c, m, "q")),
                      "KL": lambda c, m: m.kl(bernoulli(c, m, "p"), bernoulli(c, m, "q"))}),

    Claim(id="textbook.renyi-symmetric", title="D_α(P‖Q) = D_α(Q‖P) (false: Rényi divergence is not symmetric)",
          source=book("a tempting guess", "D_α(P‖Q) = D_α(Q‖P) for α > 1"),
          variables=(simplex("P"), simplex("Q"), real("alpha", 1.5, 10)), statement=sp.Eq(D, D_rev),
          strategy=pairs(alpha=pst.reals(1.5, 10)),
          quantities={"D": renyi("alpha"), "D_rev": lambda c, m: m.renyi(Q(c, m), P(c, m), m.value(c["alpha"]))}),

    Claim(id="textbook.renyi-monotone", title="D_α(P‖Q) is non-decreasing in α",
          source=book("van Erven & Harremoës (2014), Theorem 3", "D_α is nondecreasing in α"),
          variables=(simplex("P"), simplex("Q"), real("alpha", 1.01, 10), real("gap", 0, 10)),
          statement=sp.Le(D, D_hi), strategy=pairs(alpha=pst.reals(1.01, 10), gap=pst.reals(0, 10)),
          quantities={"D": renyi("alpha"), "D_hi": renyi("alpha", "gap")}),

    Claim(id="textbook.kl-le-renyi", title="KL(P‖Q) ≤ D_α(P‖Q) for α > 1 (KL is the limit α → 1)",
          source=book("van Erven & Harremoës (2014), Theorems 3 and 5", "D_1 = KL and D_α is nondecreasing in α"),
          variables=(simplex("P"), simplex("Q"), real("alpha", 1.01, 10)), statement=sp.Le(KL, D),
          strategy=pairs(alpha=pst.reals(1.01, 10)),
          quantities={"KL": lambda c, m: m.kl(P(c, m), Q(c, m)), "D": renyi("alpha")}),

    Claim(id="textbook.composition", title="k-fold composition of an (ε, δ)-DP channel is (kε, kδ)-DP",
          source=book("Dwork & Roth (2014), Theorem 3.16",
                      "the composition of k (ε_i, δ_i)-DP mechanisms is (Σ ε_i, Σ δ_i)-DP"),
          statement=sp.Le(D, k * D_hi), **COMPOSITION, quantities={
              "D": lambda c, m: m.channel_hockey_stick_delta(kfold(c, m), c["k"] * m.value(c["epsilon"])),
              "D_hi": lambda c, m: m.channel_hockey_stick_delta(K(c, m), m.value(c["epsilon"])),
              "k": lambda c, m: c["k"]}),

    Claim(id="textbook.composition-without-k", title="k-fold composition of an (ε, δ)-DP channel is (ε, kδ)-DP (false)",
          source=book("a tempting guess", "k releases of an (ε, δ)-DP mechanism are (ε, kδ)-DP"),
          statement=sp.Le(D, k * D_hi), **COMPOSITION, quantities={
              "D": lambda c, m: m.channel_hockey_stick_delta(kfold(c, m), m.value(c["epsilon"])),
              "D_hi": lambda c, m: m.channel_hockey_stick_delta(K(c, m), m.value(c["epsilon"])),
              "k": lambda c, m: c["k"]}),

    Claim(id="textbook.gaussian-dwork-roth", title="σ = √(2 ln(1.25/δ))Δ/ε gives (ε, δ)-DP for ε < 1",
          source=book("Dwork & Roth (2014), Theorem A.1", "Let ε ∈ (0, 1) be arbitrary. For c² > 2 ln(1.25/δ), the "
                      "Gaussian Mechanism with parameter σ ≥ cΔ₂f/ε is (ε, δ)-differentially private."),
          variables=(real("epsilon", 0.01, 1), log_real("delta", 1e-12, 0.1)), **DWORK_ROTH,
          hypotheses=(Hypothesis("ε < 1", sp.Lt(eps, 1)),),
          strategy=pst.cases(epsilon=pst.reals(0.01, 1), delta=pst.log_reals(1e-12, 0.1))),

    Claim(id="textbook.gaussian-dwork-roth-large-eps", title="the same calibration for every ε ≤ 12 at δ ≤ 1e-6 (false)",
          source=book("a tempting extension", "σ = √(2 ln(1.25/δ))Δ/ε gives (ε, δ)-DP for every ε ≤ 12"),
          variables=(real("epsilon", 1, 12), log_real("delta", 1e-12, 1e-6)), **DWORK_ROTH,
          strategy=pst.cases(epsilon=pst.reals(1, 12), delta=pst.log_reals(1e-12, 1e-6))),

    Claim(id="textbook.rdp-conversion-gaussian", title="Mironov's RDP → (ε, δ) conversion is valid for the Gaussian",
          source=book("Mironov (2017), Proposition 3", "If f is (α, ε)-RDP then it is (ε + log(1/δ)/(α − 1), δ)-DP"),
          variables=(real("sigma", 0.2, 20), real("alpha", 1.01, 64), log_real("delta", 1e-12, 0.1)),
          statement=sp.Ge(e_hi, e_lo),
          strategy=pst.cases(sigma=pst.reals(0.2, 20), alpha=pst.reals(1.01, 64), delta=pst.log_reals(1e-12, 0.1)),
          quantities={"eps_lo": lambda c, m: m.gaussian_epsilon(m.value(c["sigma"]), m.value(c["delta"])),
                      "eps_hi": lambda c, m: m.eps_from_rdp_basic(m.gaussian_rdp(m.value(c["alpha"]), m.value(
                          c["sigma"])), m.value(c["alpha"]), m.value(c["delta"]))}),

    Claim(id="textbook.rdp-conversion-improved", title="the improved RDP → (ε, δ) conversion is at most the basic one",
          source=book("Canonne, Kamath & Steinke (2020), Proposition 12",
                      "ε = τ + log((α−1)/α) − (log δ + log α)/(α−1)"),
          statement=sp.Le(e_lo, e_hi), **CONVERSION,
          quantities={"eps_lo": lambda c, m: m.eps_from_rdp(*rdp_args(c, m)),
                      "eps_hi": lambda c, m: m.eps_from_rdp_basic(*rdp_args(c, m))}),

    Claim(id="textbook.capacity-of-ldp", title="the Bayes capacity of an ε-LDP channel is at most e^ε",
          source=book("Alvim et al., The Science of Quantitative Information Flow (2020)", "ML×(C) ≤ e^ε"),
          variables=(channel("K"),), statement=sp.Le(C, sp.exp(eps)), strategy=CHANNELS,
          quantities={"C": lambda c, m: m.multiplicative_bayes_capacity(K(c, m)), "epsilon": ldp_level}),

    Claim(id="textbook.capacity-of-ldp-linear", title="the Bayes capacity of an ε-LDP channel is at most 1 + ε (false)",
          source=book("a tempting linearisation", "ML×(C) ≤ 1 + ε"),
          variables=(channel("K"),), statement=sp.Le(C, 1 + eps), strategy=SQUARE,
          quantities={"C": lambda c, m: m.multiplicative_bayes_capacity(K(c, m)), "epsilon": ldp_level}),

    Claim(id="textbook.additive-leakage-uniform", title="additive Bayes leakage at the uniform prior = (ML×(C) − 1)/n",
          source=book("Braun, Chatzikokolakis & Palamidessi (2009); Alvim et al. (2020), Ch. 7",
                      "the uniform prior ϑ realises ML×(C): V(ϑ, C) = ML×(C)/n"),
          variables=(channel("K"),), statement=sp.Eq(L, (C - 1) / n), strategy=CHANNELS,
          # m.num: the engine cannot yet add an exact Fraction to an arb ball inside a statement
          quantities={"L": lambda c, m: m.num(m.additive_leakage(K(c, m), m.uniform(len(c["K"])))),
                      "C": lambda c, m: m.num(m.multiplicative_bayes_capacity(K(c, m))), "n": lambda c, m: len(c["K"])}),

    Claim(id="textbook.kl-data-processing", title="data processing: KL(PK‖QK) ≤ KL(P‖Q)",
          source=book("data-processing inequality; Cover & Thomas (2006), §2.8", "D(PK‖QK) ≤ D(P‖Q)"),
          variables=(simplex("P"), simplex("Q"), channel("K")), statement=sp.Le(D, KL),
          strategy=pst.sized(lambda n_, m_: pst.cases(P=pst.priors(n_), Q=pst.priors(n_), K=pst.channels(n_, m_))),
          quantities={"KL": lambda c, m: m.kl(P(c, m), Q(c, m)),
                      "D": lambda c, m: m.kl(*m.cascade([P(c, m), Q(c, m)], K(c, m)))}),

    Claim(id="textbook.tv-is-delta-at-zero", title="TV(P, Q) = δ(0), the hockey-stick divergence at ε = 0",
          source=book("Balle, Barthe & Gaboardi (2018)", "E_1(P‖Q) = TV(P, Q)"),
          variables=(simplex("P"), simplex("Q")), statement=sp.Eq(TV, D), strategy=pairs(),
          quantities={"TV": lambda c, m: m.tv(P(c, m), Q(c, m)),
                      "D": lambda c, m: m.hockey_stick_delta(P(c, m), Q(c, m), 0)}),

    Claim(id="textbook.kl-le-tv", title="KL(P‖Q) ≤ TV(P, Q) (false: Pinsker goes the other way)",
          source=book("a converse of Pinsker, guessed", "KL(P‖Q) ≤ TV(P, Q)"),
          variables=(simplex("P"), simplex("Q")), statement=sp.Le(KL, TV), strategy=pairs(),
          quantities={"TV": lambda c, m: m.tv(P(c, m), Q(c, m)), "KL": lambda c, m: m.kl(P(c, m), Q(c, m))}),
]
