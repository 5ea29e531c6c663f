"""§3, Eq. (1): the accuracy of the attack on an ε-DP mechanism, and the figures quoted after it."""

from __future__ import annotations

from fractions import Fraction

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Source, channel, integer
from proofcheck.claims.s004.model import attack_accuracy_at, real_symbols, S, two_rows_equal
from proofcheck.claims.s004.printed import EQ1_FIGURES, half_unit
from proofcheck.claims.s004.strategies import SEED, mechanisms
from proofcheck.strategies import cases


# ----------------------------------------------------------------------------- quantities
def pure_dp_level(c, m):
    """max_w |log p(w|D)/p(w|D')|: the smallest ε the pair is ε-DP at."""
    return m.ldp_level(c["K"])


def attack_probability(eps):
    """P(A) of Eq. (1) at the ε that ``eps(c, m)`` gives."""
    return lambda c, m: attack_accuracy_at(eps(c, m), m)


def max_posterior(c, m):
    """max over outputs w and hypotheses of the flat-prior posterior p_d(w)/(p_0(w) + p_1(w))."""
    K = c["K"]
    best = m.value(0)
    for a, b in zip(K[0], K[1]):
        a, b = m.value(a), m.value(b)
        if a + b > 0:
            best = max(best, a / (a + b), b / (a + b))
    return m.num(best)


def bayes_accuracy(c, m):
    """Accuracy of the Bayes-optimal guess (flat prior): ½ Σ_w max(p_0(w), p_1(w))."""
    K = c["K"]
    return m.num(sum((max(m.value(a), m.value(b)) for a, b in zip(K[0], K[1])), m.value(0)) / 2)


# ============================================================================ §3: Eq. (1)
QUOTE_EQ1 = ("By the above expression, r can only be e^{ε_0} times larger than the respective probability without x'. "
             "However, if the re^{−ε_0} is small enough, then the probability P(A) of the attacker's guess being "
             "correct is as high as r/(r + re^{−ε_0}), or P(A) = 1/(1 + e^{−ε}). (1)")
QUOTE_EQ1_FIGURES = ("To put it in perspective, for a DP algorithm with ε = 2, the upper bound on the accuracy of this "
                     "attack is as high as 88%. For ε = 5, it is 99.33%. For ε = 10, 99.995%.")
P_A, EPS_S = real_symbols("P_A", "epsilon")
EQ1_RHS = 1 / (1 + sp.exp(-EPS_S))


PRIMARY_EQ1 = ("l.56 derives (1) as r/(r + re^{−ε₀}): the attacker's flat-prior posterior that x' is present given "
               "the observed outcome, whose likelihoods are r and at least re^{−ε₀}; the 'accuracy' of l.60 is this "
               "posterior read as the chance that the Bayes-optimal guess is right.")

EQ1_CLAIMS = [
    Claim(
        id="s004.eq.1#posterior",
        title="ε-DP, flat prior: the attacker's posterior in the true hypothesis is ≤ 1/(1 + e^{−ε})",
        source=Source(SEED, "§3, Eq. (1) (lines 56–58)", QUOTE_EQ1),
        variables=(channel("K", "rows p(w|D), p(w|D') of a pure ε-DP mechanism"),),
        statement=sp.Le(P_A, EQ1_RHS),
        quantities={"P_A": max_posterior, "epsilon": pure_dp_level},
        strategy=st.integers(2, 6).flatmap(lambda mm: cases(K=mechanisms(2, mm))),
        reading="posterior", primary=PRIMARY_EQ1, degenerate=two_rows_equal,
        encoding="two datasets (without / with x'), any finite outcome space; ε := the mechanism's pure-DP level "
                 "max_w |log p(w|D)/p(w|D')| (smallest admissible); P(A) := max over outcomes and hypotheses of the "
                 "flat-prior posterior p_d(w)/(p_0(w) + p_1(w)).",
    ),
    Claim(
        id="s004.eq.1#bayes-accuracy",
        title="ε-DP, flat prior: the Bayes-optimal attack's accuracy ½Σ_w max(p, p') is ≤ 1/(1 + e^{−ε})",
        source=Source(SEED, "§3, Eq. (1) and line 60", QUOTE_EQ1 + " … " + QUOTE_EQ1_FIGURES),
        variables=(channel("K"),),
        statement=sp.Le(P_A, EQ1_RHS),
        quantities={"P_A": bayes_accuracy, "epsilon": pure_dp_level},
        strategy=st.integers(2, 6).flatmap(lambda mm: cases(K=mechanisms(2, mm))),
        reading="bayes-accuracy", degenerate=two_rows_equal,
        encoding="l.60's 'upper bound on the accuracy of this attack': the probability that the Bayes-optimal guess "
                 "(flat prior on presence) is right, ½Σ_w max(p_0(w), p_1(w)) = (1 + TV)/2; ε := pure-DP level.",
    ),
    Claim(
        id="s004.claim.eq1-figures",
        title="Eq. (1) at ε = 2, 5, 10 gives the quoted 88%, 99.33%, 99.995% (to the printed digits)",
        source=Source(SEED, "§3, line 60", QUOTE_EQ1_FIGURES),
        variables=(integer("row", 0, len(EQ1_FIGURES) - 1, "which quoted figure"),),
        statement=sp.Le(sp.Abs(S("P_A") - S("printed")), S("half_unit")),
        quantities={"P_A": attack_probability(lambda c, m: m.num(EQ1_FIGURES[int(c["row"])][0])),
                    "printed": lambda c, m: m.num(Fraction(EQ1_FIGURES[int(c["row"])][1])),
                    "half_unit": lambda c, m: m.num(half_unit(EQ1_FIGURES[int(c["row"])][1]))},
        strategy=cases(row=st.integers(0, len(EQ1_FIGURES) - 1)),
        encoding="|1/(1 + e^{−ε}) − printed| ≤ half a unit in the printed figure's last digit (88% = 0.88 ± 0.005).",
    ),
]
