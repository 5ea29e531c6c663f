"""LDP and MBP in seed 002: the uniform-prior lemmas 000 prints too (Lemmas IV.1, IV.2, A.1, A.2, Theorems
IV.3, A.3), their sharpened forms for any full-support prior, and the ε-close-prior statements (Theorems
IV.4, C.3; Lemmas C.1, C.2) under the readings of 'ε-close'.

Levels that a statement takes as hypotheses are set to the smallest value for which the hypothesis holds;
every bound here is non-decreasing in those levels, so that is the hardest admissible case.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.claim import Claim, Source, channel, simplex
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s000.ldp_mbp import ldp_implies_mbp, mbp_implies_2ldp
from proofcheck.claims.s002.from_000 import from_000
from proofcheck.claims.s002.model import FULL_SUPPORT, ldp_level, mbp_level, prior_min
from proofcheck.claims.s002.strategies import SEED, prior_channel_cases, uniform_channel_cases

xi, xi_ldp, xi_mbp, eps = sp.symbols("xi xi_LDP xi_MBP epsilon", real=True)

QUOTE_IV1 = (r"Consider a case where the adversary’s prior belief distribution follows a uniform distribution. ... "
             r"If $f_{W|D}(\cdot|\cdot)$ is $\xi$-LDP. That is, the mapping $f_{W|D}(\cdot|\cdot)$ satisfies that "
             r"$\forall d^{\prime},d\in\mathcal{D}$, $\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}\in[e^{-\xi},e^{\xi}],$ "
             r"then $f_{W|D}(\cdot|\cdot)$ constitutes a privacy-preserving transformation ensuring $\xi$-Maximum "
             r"Bayesian Privacy, where for all $d\in\mathcal{D}\ and\ w\in\mathcal{W}$, "
             r"$\left|\log\left(\frac{f_{D|W}(d|w)}{f_{D}(d)}\right)\right|\leq\xi.$ (6)")
QUOTE_IV2 = (r"Consider a situation where the adversary’s prior belief distribution follows a uniform distribution. ... "
             r"If an algorithm is $\xi$-Maximum Bayesian Privacy, then it is $(2\xi)$-differentially private. ... "
             r"$\xi=\max\limits_{w\in\mathcal{W},d\in\mathcal{D}}\left|\log\left(\frac{f_{D|W}(d|w)}{f_{D}(d)}\right)"
             r"\right|$. Then, the function $f_{W|D}(\cdot|\cdot)$ achieves $(2\xi)$-differential privacy "
             r"$\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}\in[e^{-2\xi},e^{2\xi}].$")
QUOTE_IV3 = (r"Consider a situation in which the adversary’s prior belief distribution follows a uniform distribution. "
             r"Let MBP be defined using Definition IV.3. If an algorithm is $\xi$-LDP, then it is $\xi$-MBP. If an "
             r"algorithm is $\xi$-MBP, then it is $2\xi$-LDP.")
QUOTE_A1 = (r"If $f_{W|D}(\cdot|\cdot)$ is $\xi$-LDP. ... then $f_{W|D}(\cdot|\cdot)$ is a privacy-preserving mapping "
            r"that guarantees $\xi$-maximum Bayesian privacy. That is, $\left|\log\left(\frac{f_{D|W}(d|w)}{f_{D}(d)}"
            r"\right)\right|\leq\xi$, $\forall w\in\mathcal{W},d\in\mathcal{D}$.  (uniform prior)")
QUOTE_A2 = (r"Let $f_{W|D}(\cdot|\cdot)$ be a privacy-preserving mapping that guarantees $\xi$-maximum Bayesian privacy. "
            r"... Then, the mapping $f_{W|D}(\cdot|\cdot)$ is $2\xi$-Local Differential Private: "
            r"$\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}\in[e^{-2\xi},e^{2\xi}].$  (uniform prior)")
QUOTE_A3 = (r"Consider the scenario where the prior belief distribution of the adversary is a uniform distribution. ... "
            r"If an algorithm is $2\xi$-LDP, then it is 2$\xi$-MBP. If an algorithm is $\xi$-maximum Bayesian privacy, "
            r"then it is $2\xi$-LDP.")
QUOTE_IV4 = (r"Consider the scenario where the prior belief distribution of the adversary is " '"$\\epsilon$-close"' r" to a "
             r"uniform distribution, namely $\forall d\text{ and }d^{\prime},\ |\log\frac{f_{D}(d)}{f_{D}(d^{\prime})}|"
             r"\leq\epsilon$. Let MBP be defined using Definition IV.3. If an algorithm is $\xi$-LDP, then it is "
             r"$(\xi+\epsilon)$-MBP. If an algorithm is $\xi$-MBP, then it is $(2\xi+\epsilon)$-LDP.")
QUOTE_C1 = (r"Consider the scenario where the prior belief distribution of the adversary is " '"$\\epsilon$-close"' r" to a "
            r"uniform distribution. That is, $\forall d,d^{\prime},\ |\log\frac{f_{D}(d)}{f_{D}(d^{\prime})}|\leq"
            r"\epsilon$. If $f_{W|D}(\cdot|\cdot)$ is $\xi$-LDP. ... then $f_{W|D}(\cdot|\cdot)$ is a privacy-preserving "
            r"mapping that guarantees $\xi$-maximum Bayesian privacy. That is, $\left|\log\left(\frac{f_{D|W}(d|w)}"
            r"{f_{D}(d)}\right)\right|\leq\xi$, $\forall w\in\mathcal{W},d\in\mathcal{D}$.")
QUOTE_C2 = (r"Consider the scenario where the prior belief distribution of the adversary is " '"$\\epsilon$-close"' r" to a "
            r"uniform distribution. ... Let $f_{W|D}(\cdot|\cdot)$ be a privacy-preserving mapping that guarantees "
            r"$\xi$-maximum Bayesian privacy. ... Then, the mapping $f_{W|D}(\cdot|\cdot)$ is $(2\xi+\epsilon)$-Local "
            r"Differential Private: $\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}\in[e^{-2\xi},e^{2\xi}].$")


# ----------------------------------------------------------------------------- the uniform prior (as 000 prints them)
def ldp_implies_mbp_uniform(cid, where, quote, factor=1):
    """000's 'uniform prior: ξ-LDP ⇒ ξ-MBP' (factor 2: 2ξ ⇒ 2ξ), this paper's source, the tight family searched too."""
    return from_000(ldp_implies_mbp(cid, where, quote, factor=factor), cid, where, quote, strategy=uniform_channel_cases())


def mbp_implies_2ldp_uniform(cid, where, quote):
    """000's 'uniform prior: ξ-MBP ⇒ 2ξ-LDP', this paper's source, the tight family searched too."""
    return from_000(mbp_implies_2ldp(cid, where, quote), cid, where, quote, strategy=uniform_channel_cases())


# ----------------------------------------------------------------------------- any full-support prior
def level_claim(cid, title, where, quote, statement, quantities, encoding, reading=None, strategy=None, hyps=(),
                primary=None):
    """A relation between privacy levels of (K, f_D), f_D any full-support prior (id ``cid#reading`` for a reading)."""
    return Claim(
        id=cid if reading is None else f"{cid}#{reading}",
        title=title,
        source=Source(SEED, where, quote),
        variables=(simplex("prior", "f_D"), channel("K", "f_{W|D}")),
        statement=statement,
        quantities={**quantities, "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT, *hyps),
        strategy=strategy or prior_channel_cases(),
        reading=reading,
        primary=primary,
        degenerate=fq.channel_says_nothing,
        encoding=encoding,
    )


def ldp_implies_mbp_sharp(cid, title, where):
    """Lemma IV.1 with the uniform-prior hypothesis dropped."""
    return level_claim(cid, title, where, QUOTE_IV1, sp.Le(xi_mbp, xi), {"xi_MBP": mbp_level, "xi": ldp_level},
                       "the uniform-prior hypothesis dropped: f(d|w)/f(d) = K[d,w]/m(w) and m(w) is a convex combination "
                       "of the column, so MBP(K, f_D) ≤ LDP(K) for every full-support prior")


def mbp_implies_2ldp_sharp(cid, title, where):
    """Lemma IV.2 with the uniform-prior hypothesis dropped."""
    return level_claim(cid, title, where, QUOTE_IV2, sp.Le(xi_ldp, 2 * xi), {"xi_LDP": ldp_level, "xi": mbp_level},
                       "the uniform-prior hypothesis dropped: K[d,w]/K[d',w] is the ratio of the two posterior/prior "
                       "ratios, each in [e^−ξ, e^ξ]; equality at the 3×2 tight example")


# ----------------------------------------------------------------------------- an ε-close prior
CLOSENESS = (
    ("pairwise-ratio", fq.pairwise_closeness,
     "ε := max_{d,d'} |log f_D(d)/f_D(d')| (as printed)"),
    ("vs-uniform", fq.closeness_to_uniform, "ε := max_d |log(|D| f_D(d))|"),
    ("tv", fq.tv_to_uniform, "ε := TV(f_D, uniform)"),
)


PRIMARY_CLOSE = ("the statement defines 'ε-close' itself: 'namely ∀d and d′, |log f_D(d)/f_D(d′)| ≤ ε' (l.376–378, "
                 "again in Lemmas C.1, C.2, l.667, l.728).")


def close_prior_readings(prefix, where):
    """Theorem IV.4 (= C.3): ε-close prior, ξ-LDP ⇒ (ξ+ε)-MBP (part .i) and ξ-MBP ⇒ (2ξ+ε)-LDP (part .ii),
    under each reading of 'ε-close'."""
    out = []
    for reading, close, note in CLOSENESS:
        primary = PRIMARY_CLOSE if reading == "pairwise-ratio" else None
        out.append(level_claim(
            f"{prefix}.i", "ε-close prior: ξ-LDP ⇒ (ξ+ε)-MBP", where, QUOTE_IV4,
            sp.Le(xi_mbp, xi + eps), {"xi_MBP": mbp_level, "xi": ldp_level, "epsilon": close},
            f"ξ := LDP level of K, {note}; checks MBP level of (K, f_D) ≤ ξ + ε", reading, primary=primary))
        out.append(level_claim(
            f"{prefix}.ii", "ε-close prior: ξ-MBP ⇒ (2ξ+ε)-LDP", where, QUOTE_IV4,
            sp.Le(xi_ldp, 2 * xi + eps), {"xi_LDP": ldp_level, "xi": mbp_level, "epsilon": close},
            f"ξ := MBP level of (K, f_D), {note}; checks LDP level of K ≤ 2ξ + ε", reading, primary=primary))
    return out


def lemma_c1_readings(cid, where):
    """Lemma C.1: the conclusion as printed (ξ-MBP, primary) and the proof's (ξ+ε)-MBP."""
    return [
        level_claim(cid, "ε-close prior: ξ-LDP ⇒ ξ-MBP (conclusion as printed)", where,
                    QUOTE_C1, sp.Le(xi_mbp, xi), {"xi_MBP": mbp_level, "xi": ldp_level},
                    "ξ := LDP level; the ε-closeness hypothesis holds for ε := the pairwise closeness of f_D, which "
                    "the printed conclusion does not use; checks MBP(K, f_D) ≤ ξ", "as-printed-xi",
                    primary="the lemma states its conclusion twice, in words and display: 'guarantees ξ-maximum Bayesian "
                            "privacy. That is, |log f_{D|W}(d|w)/f_D(d)| ≤ ξ' (l.667–673); the proof's ξ+ε (l.720–722) "
                            "is a weaker conclusion than the statement's."),
        level_claim(cid, "ε-close prior: ξ-LDP ⇒ (ξ+ε)-MBP (conclusion of the proof, l.720–722)",
                    where + " with the proof's conclusion", QUOTE_C1,
                    sp.Le(xi_mbp, xi + eps), {"xi_MBP": mbp_level, "xi": ldp_level, "epsilon": fq.pairwise_closeness},
                    "ξ := LDP level, ε := max_{d,d'} |log f_D(d)/f_D(d')|", "proof-xi-plus-eps"),
    ]


def lemma_c2_readings(cid, where):
    """Lemma C.2: the text's (2ξ+ε)-LDP (primary) and the display's [e^−2ξ, e^2ξ]."""
    return [
        level_claim(cid, "ε-close prior: ξ-MBP ⇒ (2ξ+ε)-LDP (the text)", where,
                    QUOTE_C2, sp.Le(xi_ldp, 2 * xi + eps),
                    {"xi_LDP": ldp_level, "xi": mbp_level, "epsilon": fq.pairwise_closeness},
                    "ξ := MBP level of (K, f_D), ε := pairwise closeness of f_D", "text-2xi-plus-eps",
                    primary="the lemma's words say '(2ξ+ε)-Local Differential Private' (l.728–732), as do its proof's "
                            "last link e^{2ξ+ε} (l.741) and Theorems IV.4/C.3 that rest on it; the display's "
                            "[e^{−2ξ}, e^{2ξ}] repeats Lemma A.2's."),
        level_claim(cid, "ε-close prior: ratio in [e^−2ξ, e^2ξ] (the display)", where,
                    QUOTE_C2, sp.Le(xi_ldp, 2 * xi), {"xi_LDP": ldp_level, "xi": mbp_level},
                    "the displayed conclusion: LDP level ≤ 2ξ, ξ := MBP level of (K, f_D), any ε-close (i.e. any "
                    "full-support) prior", "display-2xi"),
    ]


# ----------------------------------------------------------------------------- Table II, row 'Our Work'
def table_ldp_implies_mbp(cid, title, where):
    """Table II's 'ξ-LDP ⇒ ξ-MBP', the prior unstated: any full-support prior."""
    return level_claim(
        cid, title, where,
        r"Our Work $\xi$-MBP, $\epsilon$-ABP $\xi$-LDP $\Rightarrow$ $\xi$-MBP $\Rightarrow$ $2\xi$-LDP, MBP "
        r"$\Rightarrow$ ABP",
        sp.Le(xi_mbp, xi),
        {"xi_MBP": mbp_level, "xi": ldp_level},
        "ξ := LDP level; any full-support prior")


def table_mbp_implies_2ldp(cid, title, where):
    """Table II's 'ξ-MBP ⇒ 2ξ-LDP', the prior unstated: any full-support prior."""
    return level_claim(
        cid, title, where,
        r"Our Work $\xi$-MBP, $\epsilon$-ABP $\xi$-LDP $\Rightarrow$ $\xi$-MBP $\Rightarrow$ $2\xi$-LDP, MBP "
        r"$\Rightarrow$ ABP",
        sp.Le(xi_ldp, 2 * xi),
        {"xi_LDP": ldp_level, "xi": mbp_level},
        "ξ := MBP level of (K, f_D)")
