"""The steps of the proofs of Lemmas A.1, A.2 (Appendix A, uniform prior) and C.1, C.2 (Appendix C, an ε-close
prior), each a separate statement: Bayes' rule identities, the posterior bounds, Eqs. (7) and (11), the chain of l.741.
"""
from __future__ import annotations

import math

import sympy as sp

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Source, channel, simplex
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s002.from_000 import claim_of_000, from_000
from proofcheck.claims.s002.ldp_mbp import level_claim
from proofcheck.claims.finite_quantities import pairwise_closeness, posterior_extreme, undefined, under_uniform_prior
from proofcheck.claims.s002.model import (FULL_SUPPORT, finite, ldp_level, likelihood_over_marginal_max,
                                               log_ratio_extreme, max_bracket, max_post_log_ratio, p_min, prior_min,
                                               secrets_count)
from proofcheck.claims.s002.strategies import SEED, triple_cases, uniform_channel_cases

xi, eps = sp.symbols("xi epsilon", real=True)
nn = sp.Symbol("n", positive=True)
bayes_lhs, bayes_rhs, post_min, post_max, lr_max, br_max, chain = sp.symbols(
    "likelihood_ratio posterior_ratio posterior_min posterior_max log_ratio_max bracket_max chain_slack", real=True)


# Bayes' rule gives f(d|w) = f(w|d)f(d)/f(w) = 0 when f_D(d) = 0, so a ratio with f_D(d) in its denominator is
# 0/0 there. Appendix A's proofs assume the uniform prior, f_D(d) = 1/|D| (l.501, l.519), and Eq. (7) divides by
# f(d) (l.552): the paper never speaks of a secret of prior probability 0 (FULL_SUPPORT in the claims).
PRIOR_ZERO = ("f_D(d) = 0: {what} is 0/0 there (f(d|w) = f(w|d)f(d)/f(w) = 0); the proof's prior is uniform, "
              "f_D(d) = 1/|D| > 0 (l.501, l.519)")


def likelihood_ratio(c, m):
    """f(w|d)/f(w|d') at the case's (d, d', w), read where both likelihoods are > 0."""
    K, d, e, w = c["K"], int(c["d"]), int(c["d2"]), int(c["w"])
    if K[e][w] == 0 or K[d][w] == 0:
        raise OutsideDomain("the identity is read where f(w|d), f(w|d') > 0")
    return m.num(K[d][w] / K[e][w])


def posterior_ratio(c, m):
    """f(d|w)f(d')/(f(d'|w)f(d)) at the case's (d, d', w), by the posterior matrix."""
    d, e, w = int(c["d"]), int(c["d2"]), int(c["w"])
    if c["prior"][d] == 0:
        raise OutsideDomain(PRIOR_ZERO.format(what="the bracket f(d|w)f(d')/(f(d'|w)f(d))"))
    post = m.posterior(c["K"], c["prior"])
    a, b = post[d][w], post[e][w]
    if undefined(a, m) or undefined(b, m) or b == 0:
        raise OutsideDomain("the identity is read where f(d'|w) > 0")
    return m.num(a * c["prior"][e] / (b * c["prior"][d]))


def posterior_over_prior_at(c, m):
    """f(d|w)/f(d) at the case's (d, w), by the posterior matrix."""
    d, w = int(c["d"]), int(c["w"])
    if c["prior"][d] == 0:
        raise OutsideDomain(PRIOR_ZERO.format(what="f(d|w)/f(d)"))
    post = m.posterior(c["K"], c["prior"])
    if undefined(post[d][w], m):
        raise OutsideDomain("w does not occur")
    return m.num(post[d][w] / c["prior"][d])


def likelihood_over_marginal_at(c, m):
    """f(w|d)/f(w) at the case's (d, w), the marginal summed here."""
    d, w = int(c["d"]), int(c["w"])
    K, prior = c["K"], c["prior"]
    fw = sum((p * row[w] for p, row in zip(prior, K)), 0 * prior[0])
    if fw == 0:
        raise OutsideDomain("w does not occur")
    return m.num(K[d][w] / fw)


def c2_chain_slack(c, m):
    """max over (d, d', w) of the slack of each link of l.741 (in logs):
    −2ξ−ε ≤ log B − ε ≤ log Kr ≤ log B + ε ≤ 2ξ+ε, B the bracket, Kr = f(w|d)/f(w|d')."""
    K, prior = c["K"], c["prior"]
    post = m.posterior(K, prior)
    x = m.mbp_level(K, prior)
    e = pairwise_closeness(c, m)
    if m.is_pos_inf(e):
        raise OutsideDomain("f_D without full support is not ε-close for any finite ε")
    finite_x = not m.is_pos_inf(x)  # the outer links hold trivially at ξ = ∞
    vals = []
    n = len(K)
    for w in range(len(K[0])):
        if any(undefined(post[d][w], m) for d in range(n)):
            continue
        for d in range(n):
            for d2 in range(n):
                if K[d][w] == 0 or K[d2][w] == 0:
                    continue
                lb = m.log(m.num(post[d][w] * prior[d2] / (post[d2][w] * prior[d])))
                lk = m.log(m.num(K[d][w] / K[d2][w]))
                vals += [(lb - e) - lk, lk - (lb + e)]
                if finite_x:
                    vals += [(-2 * x - e) - (lb - e), (lb + e) - (2 * x + e)]
    return m.max(*vals) if vals else m.num(0)


# ----------------------------------------------------------------------------- Appendix A-A, proof of Lemma A.1
def bayes_ratio_identity(cid, title, where):
    """l.515: f(w|d)/f(w|d') = f(d|w)f(d')/(f(d'|w)f(d)), read at one (d, d', w)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      r"$\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}=\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}"
                      r"{f_{D|W}(d^{\prime}|w)f_{D}(d)}.$"),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(bayes_lhs, bayes_rhs),
        quantities={"likelihood_ratio": likelihood_ratio, "posterior_ratio": posterior_ratio, "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=triple_cases(),
        encoding="route 1: ratio of likelihoods; route 2: the posterior matrix by Bayes' rule, then the bracket; any "
                 "full-support prior (the identity does not need the uniform one); read where both likelihoods are > 0",
    )


def posterior_ratio_bound(cid, title, where):
    """l.517: f(d|w)/f(d) ≤ e^ξ f(d'|w)/f(d'), ξ the LDP level."""
    return level_claim(
        cid, title, where,
        r"It implies that $\frac{f_{D|W}(d|w)}{f_{D}(d)}\leq\frac{f_{D|W}(d^{\prime}|w)}{f_{D}(d^{\prime})}"
        r"\cdot e^{\xi}$",
        sp.Le(br_max, xi),
        {"bracket_max": max_bracket(False), "xi": ldp_level},
        "ξ := LDP level of K; max over d, d', occurring w of log of the bracket; any full-support prior")


def posterior_lower_bound(cid, where):
    """l.532: 000's posterior lower bound, the tight family searched too; ξ = ∞ (bound 0) left out."""
    a1 = claim_of_000("s000.claim.A1-posterior-bounds")
    return from_000(a1, cid, where, r"$f_{D|W}(\tilde{d}|w)\geq\frac{1}{1+e^{\xi}\cdot(|\mathcal{D}|-1)}.$",
                    strategy=uniform_channel_cases(),
                    quantities={**a1.quantities, "xi": finite(ldp_level, "the bound 1/(1 + e^ξ(n−1)) is 0")},
                    encoding=a1.encoding + "; ξ = ∞ (bound 0) left out")


def posterior_upper_bound(cid, where):
    """l.543: 000's posterior upper bound, the tight family searched too."""
    return from_000(claim_of_000("s000.claim.A1-posterior-upper"), cid, where,
                    r"$f_{D|W}(\tilde{d}|w)\leq\frac{1}{1+e^{-\xi}\cdot(|\mathcal{D}|-1)}$",
                    strategy=uniform_channel_cases())


def upper_by_e_xi_over_n(cid, where):
    """l.543–544: 000's real inequality 1/(1 + e^{−ξ}(n−1)) ≤ e^ξ/n."""
    return from_000(claim_of_000("s000.claim.A1-upper-by-e-xi-over-n"), cid, where,
                    r"$\leq\frac{1}{1+e^{-\xi}\cdot(|\mathcal{D}|-1)}\leq\frac{e^{\xi}}{|\mathcal{D}|}.$")


def _uniform_prior_ldp_bound(cid, title, where, quote, name, quantity, encoding, limit=None):
    """Under the uniform prior, a log ratio ``name`` (``quantity`` at the uniform prior) is ≤ ξ := the LDP level."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, quote),
        variables=(channel("K"),),
        statement=sp.Le(sp.Symbol(name, real=True), xi),
        quantities={name: under_uniform_prior(quantity), "xi": ldp_level},
        strategy=uniform_channel_cases(),
        degenerate=fq.channel_says_nothing,
        encoding="uniform prior; ξ := LDP level; " + encoding,
        limit=limit,
    )


def upper_mbp(cid, title, where):
    """l.548: under the uniform prior and ξ-LDP, f(d̃|w) ≤ e^ξ f_D(d̃)."""
    return _uniform_prior_ldp_bound(
        cid, title, where, r"$f_{D|W}(\tilde{d}|w)\leq e^{\xi}f_{D}(\tilde{d}).$",
        "log_ratio_max", log_ratio_extreme("max"),
        "max over d, occurring w of log posterior/prior (posterior matrix route)",
        limit="approached as ξ → 0 with one secret's column e^ξ above the others': log(n e^ξ/(e^ξ + n − 1))/ξ → "
              "1 − 1/n at |D| = n (5/6 at the search's largest n = 6), and 1 as |D| → ∞")


def lower_mbp(cid, title, where):
    """l.532 with l.505: under the uniform prior and ξ-LDP, f(d̃|w) ≥ e^−ξ f_D(d̃)."""
    return _uniform_prior_ldp_bound(
        cid, title, where,
        r"$f_{D|W}(\tilde{d}|w)\geq\frac{1}{1+e^{\xi}\cdot(|\mathcal{D}|-1)}.$ ... "
        r"$\left|\log\left(\frac{f_{D|W}(d|w)}{f_{D}(d)}\right)\right|\leq\xi$",
        "neg_log_ratio_min", log_ratio_extreme("neg-min"), "max over d, w of −log posterior/prior ≤ ξ")


def eq7_identity(cid, title, where):
    """Eq. (7), identity part: f(d|w)/f(d) = f(w|d)/f(w)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      r"We say a mechanism is $\xi$-MBP if $\forall w\in\mathcal{W}^{d}$, "
                      r"$\frac{f(d|w)}{f(d)}=\frac{f(w|d)f(d)}{f(w)f(d)}=\frac{f(w|d)}{f(w)}\leq e^{\xi}.$ (7)"),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(sp.Symbol("posterior_over_prior"), sp.Symbol("likelihood_over_marginal")),
        quantities={"posterior_over_prior": posterior_over_prior_at, "likelihood_over_marginal": likelihood_over_marginal_at,
                    "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=triple_cases(),
        encoding="at one (d, w) with f(w) > 0: route 1 the engine's posterior divided by the prior, route 2 the "
                 "likelihood over the marginal summed here; any full-support prior",
    )


def eq7_bound(cid, title, where):
    """Eq. (7), inequality part: under the uniform prior and ξ-LDP, f(w|d)/f(w) ≤ e^ξ."""
    return _uniform_prior_ldp_bound(
        cid, title, where, r"$\frac{f(d|w)}{f(d)}=\frac{f(w|d)f(d)}{f(w)f(d)}=\frac{f(w|d)}{f(w)}\leq e^{\xi}.$ (7)",
        "log_ratio_max", likelihood_over_marginal_max, "max over d, occurring w of log f(w|d)/f(w)")


# ----------------------------------------------------------------------------- Appendix A-B, proof of Lemma A.2
def a2_chain(cid, title, where):
    """l.573: under the uniform prior, the bracket lies in [e^−2ξ, e^2ξ], ξ the MBP level."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      r"$\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}=\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}{f_{D|W}"
                      r"(d^{\prime}|w)f_{D}(d)}\in[e^{-2\xi},e^{2\xi}].$"),
        variables=(channel("K"),),
        statement=sp.Le(br_max, 2 * xi),
        quantities={"bracket_max": under_uniform_prior(max_bracket(True)),
                    "xi": fq.mbp_level_uniform},
        strategy=uniform_channel_cases(),
        degenerate=fq.channel_says_nothing,
        encoding="uniform prior; ξ := MBP level; max over d, d', occurring w of |log bracket| ≤ 2ξ",
    )


# ----------------------------------------------------------------------------- Appendix C, proofs of Lemmas C.1, C.2
def c1_bracket_bound(cid, title, where):
    """l.683: ε-close prior, ξ-LDP: the bracket lies in [e^−ξ, e^ξ]."""
    return level_claim(
        cid, title, where,
        r"$e^{-\xi}\leq\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}{f_{D|W}(d^{\prime}|w)f_{D}(d)}\leq e^{\xi}.$",
        sp.Le(br_max, xi),
        {"bracket_max": max_bracket(True), "xi": ldp_level},
        "ξ := LDP level; max over d, d', occurring w of |log bracket|; any full-support prior")


def c1_posterior_ratio(cid, title, where):
    """l.685: ε-close prior, ξ-LDP: f(d|w) ≤ f(d'|w) e^(ξ+ε)."""
    return level_claim(
        cid, title, where,
        r"It implies that $f_{D|W}(d|w)\leq f_{D|W}(d^{\prime}|w)\cdot e^{\xi}\cdot\frac{f_{D}(d)}"
        r"{f_{D}(d^{\prime})}\leq f_{D|W}(d^{\prime}|w)\cdot e^{\xi+\epsilon}$",
        sp.Le(br_max, xi + eps),
        {"bracket_max": max_post_log_ratio, "xi": ldp_level, "epsilon": pairwise_closeness},
        "ξ := LDP level, ε := pairwise closeness of f_D; max over d, d', occurring w of log f(d|w)/f(d'|w) "
        "(the outer ends of the chain; its middle is s002.claim.C1-bayes-bound)")


def c1_posterior_lower(cid, title, where):
    """l.700: ε-close prior, ξ-LDP: f(d̃|w) ≥ 1/(1 + e^(ξ+ε)(|D|−1))."""
    return level_claim(
        cid, title, where,
        r"$f_{D|W}(\tilde{d}|w)\geq\frac{1}{1+e^{\xi+\epsilon}\cdot(|\mathcal{D}|-1)}.$",
        sp.Ge(post_min, 1 / (1 + sp.exp(xi + eps) * (nn - 1))),
        {"posterior_min": posterior_extreme("min"), "xi": finite(ldp_level, "the bound is 0"),
         "epsilon": finite(pairwise_closeness, "the bound is 0"), "n": secrets_count},
        "ξ := LDP level, ε := pairwise closeness of f_D; min over d, occurring w of the posterior")


def c1_posterior_upper(cid, title, where):
    """l.711: ε-close prior, ξ-LDP: f(d̃|w) ≤ 1/(1 + e^(−ξ−ε)(|D|−1))."""
    return level_claim(
        cid, title, where,
        r"$f_{D|W}(\tilde{d}|w)\leq\frac{1}{1+e^{-\xi-\epsilon}\cdot(|\mathcal{D}|-1)}$",
        sp.Le(post_max, 1 / (1 + sp.exp(-xi - eps) * (nn - 1))),
        {"posterior_max": posterior_extreme("max"), "xi": ldp_level, "epsilon": pairwise_closeness, "n": secrets_count},
        "ξ := LDP level, ε := pairwise closeness; max over d, occurring w of the posterior (the second "
        "step ≤ e^(ξ+ε)/|D| is the real inequality s002.claim.A1-post-upper-by-e-xi-over-n at ξ+ε)")


def c1_upper_mbp(cid, title, where):
    """l.716: ε-close prior, ξ-LDP: f(d̃|w) ≤ e^(ξ+ε) f_D(d̃)."""
    return level_claim(
        cid, title, where,
        r"$f_{D|W}(\tilde{d}|w)\leq e^{\xi+\epsilon}f_{D}(\tilde{d}).$",
        sp.Le(lr_max, xi + eps),
        {"log_ratio_max": log_ratio_extreme("max"), "xi": ldp_level,
         "epsilon": pairwise_closeness},
        "ξ := LDP level, ε := pairwise closeness; the conclusion only (the printed inference to it from "
        "l.711–712 needs f_D(d̃) ≥ 1/|D|, but the conclusion follows from LDP directly)")


def c1_last_step(cid, title, where):
    """l.712 ⇒ l.716: from f(d̃|w) ≤ e^(ξ+ε)/|D| the proof concludes f(d̃|w) ≤ e^(ξ+ε) f_D(d̃) for every d̃; the
    inference holds for every posterior value the premise admits only if e^(ξ+ε)/|D| ≤ e^(ξ+ε) f_D(d̃), i.e.
    f_D(d̃) ≥ 1/|D| (the uniform prior of Lemma A.1, l.548, not an ε-close one)."""
    return level_claim(
        cid, title, where,
        r"$f_{D|W}(\tilde{d}|w)\leq\frac{1}{1+e^{-\xi-\epsilon}\cdot(|\mathcal{D}|-1)}\leq\frac{e^{\xi+\epsilon}}"
        r"{|\mathcal{D}|}.$ Therefore, $\forall\tilde{d}\in\mathcal{D}$, we have that $f_{D|W}(\tilde{d}|w)\leq "
        r"e^{\xi+\epsilon}f_{D}(\tilde{d}).$",
        sp.Le(sp.exp(xi + eps) / nn, sp.exp(xi + eps) * p_min),
        {"xi": finite(ldp_level, "both bounds are +∞"), "epsilon": pairwise_closeness, "n": secrets_count},
        "the step as an inference: the premise's bound e^(ξ+ε)/|D| (l.712) must not exceed the conclusion's bound "
        "e^(ξ+ε) f_D(d̃) (l.716) at any d̃ — the hardest d̃ is the least likely one, f_D(d̃) = min f_D; ξ := LDP level, "
        "ε := pairwise closeness of f_D (the smallest admissible). The conclusion itself holds "
        "(s002.claim.C1-upper-mbp): only the inference fails")


def c1_lower_mbp(cid, title, where):
    """Lemma C.1's lower side (l.673): ε-close prior, ξ-LDP: f(d̃|w) ≥ e^(−ξ) f_D(d̃), which the proof never derives
    (it bounds the posterior from below at l.700 and then only the upper side, l.711–720)."""
    return level_claim(
        cid, title, where,
        r"then $f_{W|D}(\cdot|\cdot)$ is a privacy-preserving mapping that guarantees $\xi$-maximum Bayesian privacy. "
        r"That is, $\left|\log\left(\frac{f_{D|W}(d|w)}{f_{D}(d)}\right)\right|\leq\xi$, $\forall w\in\mathcal{W},"
        r"d\in\mathcal{D}$.",
        sp.Le(sp.Symbol("neg_log_ratio_min", real=True), xi),
        {"neg_log_ratio_min": log_ratio_extreme("neg-min"), "xi": ldp_level},
        "ξ := LDP level; any full-support (so ε-close for ε := its pairwise closeness) prior; max over d, occurring w "
        "of −log f(d|w)/f(d) ≤ ξ: the half of the lemma's |log| ≤ ξ below 1")


def eq11_bound(cid, title, where):
    """Eq. (11): ε-close prior, ξ-LDP: f(w|d)/f(w) ≤ e^(ξ+ε)."""
    return level_claim(
        cid, title, where,
        r"$\frac{f(d|w)}{f(d)}=\frac{f(w|d)f(d)}{f(w)f(d)}=\frac{f(w|d)}{f(w)}\leq e^{\xi+\epsilon}.$ (11)",
        sp.Le(lr_max, xi + eps),
        {"log_ratio_max": likelihood_over_marginal_max, "xi": ldp_level,
         "epsilon": pairwise_closeness},
        "ξ := LDP level, ε := pairwise closeness; max over d, occurring w of log f(w|d)/f(w)")


def c2_chain(cid, title, where):
    """l.741: ε-close prior, ξ-MBP: the four links of the chain."""
    return level_claim(
        cid, title, where,
        r"$e^{-2\xi-\epsilon}\leq\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}{f_{D|W}(d^{\prime}|w)f_{D}(d)}\cdot "
        r"e^{-\epsilon}\leq\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}\leq\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}"
        r"{f_{D|W}(d^{\prime}|w)f_{D}(d)}\cdot e^{\epsilon}\leq e^{2\xi+\epsilon}.$",
        sp.Le(chain, 0),
        {"chain_slack": c2_chain_slack},
        "ξ := MBP level of (K, f_D), ε := pairwise closeness; the largest (left − right) of the four links, "
        "in logs, over d, d' and occurring w with both likelihoods > 0")
