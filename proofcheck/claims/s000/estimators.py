"""Estimating MBP and ABP (Appendices C and D): the Chernoff bound on κ̂1 (Lemma C.1) and the
estimation errors of Ĉ1 and ε̂_p (Theorems D.1, D.2). The builders are shared with seed 002, which
prints the same statements (Lemma F.1, Theorems G.1, G.2)."""
from __future__ import annotations

import math

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Hypothesis, Source, integer, real, simplex, vector
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s000.strategies import SEED
from proofcheck.strategies import cases, priors, sized

eps = sp.Symbol("epsilon", real=True)
kappa1, T_sym, prob = sp.symbols("kappa_1 T P_event", positive=True)

# ----------------------------------------------------------------------------- Lemma C.1
PRIMARY_C1 = ("the implicit hypothesis ε ≤ 1: the lemma's lead-in (l.531) calls the error margin 'a small percentage "
              "(ε times) of the true value', and Theorem D.1, which takes (15)'s conclusion |κ̂1 − κ1| ≤ εκ1 as its "
              "assumption, is stated with log((1+ε)/(1−ε)) and log(1/(1−ε)) (l.590–593), defined only for ε < 1. κ̂1 "
              "counts T independent trials (the bound is in T alone), as in the literal claim.")


def chernoff_says_nothing(case) -> bool:
    """The bound 1 − 2e^{−ε²Tκ1/3} is ≤ 0: a probability is above it whatever the estimator."""
    return 2 * math.exp(-float(case["epsilon"]) ** 2 * float(case["T"]) * float(case["kappa_1"]) / 3) >= 1


def kappa_hat_chernoff_bound(cid, eps_hi, reading_note, reading="binomial-count", primary=None):
    """Lemma C.1: P(|κ̂1 − κ1| ≤ εκ1) ≥ 1 − 2 exp(−ε² T κ1 / 3) with κ̂1 = M/T, M ~ Binomial(T, κ1);
    ε ∈ (0, eps_hi] (eps_hi None: every ε > 0, as printed)."""
    return Claim(
        id=cid,
        title="P(|κ̂1 − κ1| ≤ εκ1) ≥ 1 − 2 exp(−ε² T κ1 / 3)" + ("" if eps_hi is None else "  for ε ∈ (0, 1]"),
        source=Source(SEED, "Appendix C.2, Lemma C.1",
                      "With probability at least 1 − 2 exp(−ε² T κ1(d)/3), we have that "
                      "|κ̂1(d) − κ1(d)| ≤ ε κ1(d).  (15)"),
        variables=(integer("T", 1, 400, "number of independent trials"), real("kappa_1", 0, 1), real("epsilon", 0, eps_hi)),
        statement=sp.Ge(prob, 1 - 2 * sp.exp(-eps**2 * T_sym * kappa1 / 3)),
        quantities={"P_event": fq.binomial_event_probability, "epsilon": lambda c, m: m.num(c["epsilon"]),
                    "T": lambda c, m: m.num(c["T"]), "kappa_1": lambda c, m: m.num(c["kappa_1"])},
        hypotheses=(Hypothesis("ε > 0", sp.Gt(eps, 0)), Hypothesis("0 < κ1 < 1", sp.Lt(kappa1, 1))),
        strategy=cases(T=st.integers(1, 400), kappa_1=st.floats(1e-3, 0.999), epsilon=st.floats(1e-3, eps_hi or 20.0)),
        reading=reading,
        primary=primary,
        degenerate=chernoff_says_nothing,
        encoding="κ̂1 = M/T with M ~ Binomial(T, κ1) (T independent attack trials, each recovering d with "
                 "probability κ1); the probability of the event is an exact finite sum. " + reading_note,
        exact_inputs=("T",),
    )


# ----------------------------------------------------------------------------- Theorems D.1, D.2
C1_hat_minus, eps_p_diff = sp.symbols("C1_hat_minus_C1 eps_p_hat_minus_eps_p", real=True)
D1_BOUND = sp.sqrt((1 + eps) * sp.log((1 + eps) / (1 - eps)) / 2
                   + (eps + sp.Max(sp.log(1 + eps), sp.log(1 / (1 - eps)))) / 2)

PRIMARY_D = ("Theorem D.1 assumes only |κ1(d) − κ̂1(d)| ≤ εκ1(d) (l.590), and κ̂1 = f̂^O (Eq. (17)) averages "
             "estimated posteriors M_d^m/(S·T) (Section C.1), which need not sum to one over d; Ĉ1² plugs κ̂1 into the "
             "JS formula as it is (l.566), with no renormalisation.")

QUOTE_D1 = ("Assume that |κ1(d) − κ̂1(d)| ≤ εκ1(d). We have that |Ĉ1 − C1| ≤ √((1+ε) log((1+ε)/(1−ε))/2 + "
            "(ε + max{log(1+ε), log(1/(1−ε))})/2).  (21)")
QUOTE_D2 = ("We have that |ε̂_p − ε_p| ≤ (3/2)·√((1+ε) log((1+ε)/(1−ε))/2 + (ε + max{log(1+ε), log(1/(1−ε))})/2). "
            "(22)  [with ε̃_p = 2C1 − C2·TV(P^O‖P^D), C2 known in advance]")


def estimation_error_claim(cid, title, where, quote, statement, quantities, reading, normalised, primary=None):
    """An estimation-error bound over every estimate κ̂1 = κ1(1 + εu), |u| ≤ 1, that the assumption
    |κ1 − κ̂1| ≤ εκ1 allows (renormalised to a distribution when ``normalised``)."""
    return Claim(
        id=f"{cid}#{reading}",
        title=title,
        source=Source(SEED, where, quote),
        variables=(simplex("kappa1", "κ1 = f^O_D"), simplex("kappa2", "κ2 = f^B_D = f_D"),
                   real("epsilon", 0, 1), vector("u", -1, 1, "κ̂1 = κ1(1 + ε u), |u| ≤ 1"),
                   real("C2", 0, 10), real("TV", 0, 1)),
        statement=statement,
        quantities=quantities,
        hypotheses=(Hypothesis("0 < ε < 1", sp.Lt(eps, 1)), Hypothesis("0 < ε", sp.Gt(eps, 0)),
                    Hypothesis("Ĉ1² ≥ 0 (Ĉ1 defined)", sp.Ge(sp.Symbol("C1_hat_sq"), 0))),
        strategy=sized(lambda n, mm: cases(kappa1=priors(n), kappa2=priors(n), epsilon=st.floats(1e-3, 0.999),
                                           u=st.lists(st.floats(-1, 1), min_size=n, max_size=n).map(list),
                                           C2=st.floats(0, 10), TV=st.floats(0, 1))),
        reading=reading,
        primary=primary,
        encoding=("κ̂1 := κ1(1 + εu) with u ∈ [−1,1]^D realises every estimate allowed by the assumption "
                  "|κ1 − κ̂1| ≤ εκ1" + ("; renormalised to a distribution" if normalised else
                                        " (not renormalised: the theorem assumes nothing more)")
                  + "; C1 = √JS(κ1‖κ2), Ĉ1 by the printed formula with κ̂1."),
    )


def estimation_error_quantities(normalised, which):
    """|Ĉ1 − C1| (which 'C1') or |ε̂_p − ε_p| with ε_p = 2C1 − C2·TV (which 'eps_p'), Ĉ1² and ε."""
    def c1_hat_sq(c, m):
        # the printed ½Σ κ̂1 log(2κ̂1/(κ̂1+κ2)) + ½Σ κ2 log(2κ2/(κ̂1+κ2)): m.js sums exactly this, κ̂1 not renormalised
        return m.js(fq.kappa_hat(c, m, normalised), c["kappa2"])

    def diff(c, m):
        c1 = m.sqrt(m.js(c["kappa1"], c["kappa2"]))
        c1h = m.sqrt(c1_hat_sq(c, m))
        if which == "C1":
            return m.abs(c1h - c1)
        C2, TV = m.num(c["C2"]), m.num(c["TV"])
        return m.abs((2 * c1h - C2 * TV) - (2 * c1 - C2 * TV))

    return {"C1_hat_minus_C1" if which == "C1" else "eps_p_hat_minus_eps_p": diff, "C1_hat_sq": c1_hat_sq,
            "epsilon": lambda c, m: m.num(c["epsilon"])}


def c1_estimation_error(cid, title, where, normalised, reading, primary=None):
    """Theorem D.1, Eq. (21): |Ĉ1 − C1| ≤ √(...)."""
    return estimation_error_claim(cid, title, where, QUOTE_D1, sp.Le(C1_hat_minus, D1_BOUND),
                                  estimation_error_quantities(normalised, "C1"), reading, normalised, primary)


def eps_p_estimation_error(cid, title, where, normalised, reading, primary=None):
    """Theorem D.2, Eq. (22): |ε̂_p − ε_p| ≤ (3/2)√(...)."""
    return estimation_error_claim(cid, title, where, QUOTE_D2, sp.Le(eps_p_diff, sp.Rational(3, 2) * D1_BOUND),
                                  estimation_error_quantities(normalised, "eps_p"), reading, normalised, primary)
