"""LDP and MBP under the uniform prior (Lemmas 5.1, 5.2, A.1, A.2; Theorems 5.3, A.3) and the steps
of Lemma A.1's proof.

Levels that a statement takes as hypotheses ("K is ξ-LDP", "ξ-MBP") are set to the smallest value
for which the hypothesis holds; every bound here is non-decreasing in those levels, so that is the
hardest admissible case and the search loses nothing by it.
"""
from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Source, channel, real
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s000.strategies import SEED, uniform_channel_cases
from proofcheck.strategies import cases, reals

xi, xi_ldp, xi_mbp = sp.symbols("xi xi_LDP xi_MBP", real=True)
post_min, post_max, nn = sp.symbols("posterior_min posterior_max n", positive=True)

QUOTE_L51 = ("If mapping f_{W|D}(·|·) satisfies that ∀d', d ∈ D, f_{W|D}(w|d)/f_{W|D}(w|d') ∈ [e^{−ξ}, e^{ξ}], "
             "then f_{W|D}(·|·) constitutes a privacy-preserving transformation ensuring ξ-Maximum Bayesian "
             "Privacy, where for all d ∈ D and w ∈ W, |log(f_{D|W}(d|w)/f_D(d))| ≤ ξ.  (uniform prior)")
QUOTE_L52 = ("If an algorithm is ξ-Maximum Bayesian Privacy, then it is (2ξ)-differentially private. ... "
             "ξ = max_{w,d} |log(f_{D|W}(d|w)/f_D(d))|. Then f_{W|D}(w|d)/f_{W|D}(w|d') ∈ [e^{−2ξ}, e^{2ξ}]. "
             "(uniform prior)")


def ldp_level(c, m):
    return m.ldp_level(c["K"])


def ldp_implies_mbp(cid, where, quote, factor=1):
    """'Under the uniform prior, (factor·ξ)-LDP ⇒ (factor·ξ)-MBP': the MBP level of (K, uniform) is at
    most the LDP level of K. Shared with seed 002, which prints the same lemmas."""
    return Claim(
        id=cid,
        title=f"uniform prior: {'' if factor == 1 else '2'}ξ-LDP ⇒ {'' if factor == 1 else '2'}ξ-MBP",
        source=Source(SEED, where, quote),
        variables=(channel("K", "the mechanism f_{W|D}, secrets x outputs"),),
        statement=sp.Le(xi_mbp, factor * xi),
        quantities={"xi_MBP": fq.mbp_level_uniform, "xi": lambda c, m: m.ldp_level(c["K"]) / factor},
        strategy=uniform_channel_cases(),
        degenerate=fq.channel_says_nothing,
        encoding=f"prior uniform over the rows of K; {factor}ξ := the LDP level of K (smallest admissible); "
                 "checks MBP level of (K, uniform) ≤ " + ("ξ" if factor == 1 else "2ξ"),
    )


def mbp_implies_2ldp(cid, where, quote):
    """'Under the uniform prior, ξ-MBP ⇒ 2ξ-LDP': the LDP level of K is at most twice the MBP level
    of (K, uniform). Shared with seed 002, which prints the same lemmas."""
    return Claim(
        id=cid,
        title="uniform prior: ξ-MBP ⇒ 2ξ-LDP",
        source=Source(SEED, where, quote),
        variables=(channel("K"),),
        statement=sp.Le(xi_ldp, 2 * xi),
        quantities={"xi_LDP": ldp_level, "xi": fq.mbp_level_uniform},
        strategy=uniform_channel_cases(),
        degenerate=fq.channel_says_nothing,
        encoding="prior uniform; ξ := the MBP level of (K, uniform) as the lemma defines it; checks LDP level ≤ 2ξ",
    )


# ----------------------------------------------------------------------------- Appendix A.1, proof of Lemma A.1
def _posterior_bound(cid, title, where, quote, statement, which):
    """The posterior's min or max over d, w under the uniform prior against a bound in ξ := the LDP level."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, quote),
        variables=(channel("K"),),
        statement=statement,
        quantities={f"posterior_{which}": fq.under_uniform_prior(fq.posterior_extreme(which)), "xi": ldp_level,
                    "n": lambda c, m: m.num(len(c["K"]))},
        strategy=uniform_channel_cases(),
        degenerate=fq.channel_says_nothing,
        encoding=f"uniform prior; ξ := LDP level of K; {which} over d, w of the posterior",
    )


def posterior_lower_bound(cid, title, where):
    return _posterior_bound(cid, title, where, "Therefore, we have that f_{D|W}(d̃|w) ≥ 1/(1 + e^ξ·(|D| − 1)).",
                            sp.Ge(post_min, 1 / (1 + sp.exp(xi) * (nn - 1))), "min")


def posterior_upper_bound(cid, title, where):
    return _posterior_bound(cid, title, where, "f_{D|W}(d̃|w) ≤ 1/(1 + e^{−ξ}·(|D| − 1)) ≤ e^ξ/|D|.",
                            sp.Le(post_max, 1 / (1 + sp.exp(-xi) * (nn - 1))), "max")


def upper_by_e_xi_over_n(cid, title, where):
    """The real inequality 1/(1 + e^{−ξ}(n−1)) ≤ e^ξ/n, ξ ≥ 0, n ≥ 1 (both sides equal at ξ = 0 or n = 1)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, "≤ 1/(1 + e^{−ξ}·(|D| − 1)) ≤ e^ξ/|D|."),
        variables=(real("xi", 0, 50), real("n", 1, 10**6)),
        statement=sp.Le(1 / (1 + sp.exp(-xi) * (nn - 1)), sp.exp(xi) / nn),
        quantities={"xi": lambda c, m: m.num(c["xi"]), "n": lambda c, m: m.num(c["n"])},
        strategy=cases(xi=reals(0, 50), n=st.integers(1, 10**6).map(float)),
        degenerate=lambda c: float(c["xi"]) <= 1e-12 or float(c["n"]) <= 1 + 1e-12,  # both sides equal there
        encoding="a real inequality in ξ and |D|; |D| searched as a real ≥ 1 (integers included)",
    )
