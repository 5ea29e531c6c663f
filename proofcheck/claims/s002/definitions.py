"""Seed 002's definitions checked as measures (Sections III, IV-A–IV-D; Eqs. (23), (27)): each level
computed by two routes that share no derivation, an identity between them."""
from __future__ import annotations

import itertools
import math

import sympy as sp
from hypothesis import strategies as st

from mechanisms.finite import robustness as rob
from proofcheck.claim import Claim, Hypothesis, Source, channel, real, simplex, vector
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s002.from_000 import claim_of_000, from_000
from proofcheck.claims.s002.model import FULL_SUPPORT, finite, mbp_level, prior_min
from proofcheck.claims.s002.strategies import ABP_VARIABLES, SEED, abp_cases, accuracy_cases, prior_channel_cases
from proofcheck.strategies import cases, channels, priors, sized

eps_pa = sp.Symbol("epsilon_pa", real=True)

QUOTE_DEF_IV1 = (r"Let $\epsilon_{p}$ represent the privacy leakage, which is defined as: "
                 r"$\epsilon_{p}(\mathcal{M},\mathcal{G})=\sqrt{{\text{JS}}(F^{\mathcal{A}}||F^{\mathcal{B}})},$ (2) where "
                 r"${\text{JS}}(F^{\mathcal{A}}||F^{\mathcal{B}})=\frac{1}{2}\int_{\mathcal{D}}f^{\mathcal{A}}_{D}(d)\log"
                 r"\frac{f^{\mathcal{A}}_{D}(d)}{f^{\mathcal{M}}_{D}(d)}\textbf{d}\mu(d)+\frac{1}{2}\int_{\mathcal{D}}"
                 r"f^{\mathcal{B}}_{D}(d)\log\frac{f^{\mathcal{B}}_{D}(d)}{f^{\mathcal{M}}_{D}(d)}\textbf{d}\mu(d)$ ... "
                 r"[l.262] $f^{\mathcal{A}}_{D}(d)=\int_{\mathcal{W}}f_{{D}|{W}}(d|w)dP^{\mathcal{D}}_{k}(w)$")
QUOTE_REM_JS = (r"We operate under the assumption that the private information $D$ takes on discrete values, and then "
                r"${\text{JS}}(F^{\mathcal{A}}||F^{\mathcal{B}})=\frac{1}{2}\left[\text{KL}\left(F^{\mathcal{A}}||"
                r"F^{\mathcal{M}}\right)+\text{KL}\left(F^{\mathcal{B}}||F^{\mathcal{M}}\right)\right]=\frac{1}{2}"
                r"\sum_{d\in\mathcal{D}}f^{\mathcal{A}}_{D}(d)\log\frac{f^{\mathcal{A}}_{D}(d)}{f^{\mathcal{M}}_{D}(d)}"
                r"+\frac{1}{2}\sum_{d\in\mathcal{D}}f^{\mathcal{B}}_{D}(d)\log\frac{f^{\mathcal{B}}_{D}(d)}"
                r"{f^{\mathcal{M}}_{D}(d)}.$")
QUOTE_DEF_IV3 = (r"We define the system to possess $\xi$-Maximum Bayesian Privacy if for any $w\in\mathcal{W}$ and "
                 r"$d\in\mathcal{D}$, the following inequality is satisfied: "
                 r"$e^{-\xi}\leq\frac{f_{D|W}(d|w)}{f_{D}(d)}\leq e^{\xi}.$")
QUOTE_EQ23 = (r"$\xi=\max_{w\in\mathcal{W},d}\left|\log\left(\frac{f_{D|W}(d|w)}{f_{D}(d)}\right)\right|.$ (23)")
QUOTE_DEF_IV4 = (r"The algorithm $\mathcal{M}$ is said to possess standard accuracy $\alpha$ with confidence $1-\beta$ "
                 r"if: $\|\mathcal{M}(d)-\mu\|\leq\alpha$ (3) holds with probability at least $1-\beta$.")
QUOTE_DEF_IV6 = (r"The algorithm $\mathcal{M}$ is considered to have robust accuracy $\alpha$ with confidence "
                 r"$1-\beta$, if for all datasets $d^{\prime}\neq d$, the following holds with probability at least "
                 r"$1-\beta$: $\|\mathcal{M}(d^{\prime})-\mu(P)\|\leq\alpha.$ (4)")
QUOTE_DEF_IV7 = (r"A randomized function $\mathcal{M}$ defined as $\epsilon$-local differentially private if, $\forall$ "
                 r"possible datasets $d$ and $d^{\prime}$, $forall$ subset S of the output space, the following "
                 r"inequality is true $\frac{\Pr[\mathcal{M}(d)\in S]}{\Pr[\mathcal{M}(d^{\prime})\in S]}\leq "
                 r"e^{\epsilon}.$ (5)")
QUOTE_EQ1 = (r"$\arg\max_{d}\text{IH}(d|w)=\arg\max_{d}[\text{I}(w|d)+\text{H}(d)],$ (1) where $\text{IH}(d|w)$ "
             r"represents the logarithm of the posterior probability density function $f_{{D}|{W}}(d|w)$, "
             r"$\text{I}(w|d)$ is the likelihood function’s logarithm ... and $\text{H}(d)$ symbolizes the prior "
             r"probability distribution’s logarithm $f_{{D}}(d)$.")
QUOTE_EQ27 = (r"$\hat{d}=\arg\max_{d}\text{log}f_{D|W}(d|w)=\arg\max_{d}\text{log}[f_{W|D}(w|d)\times "
              r"f^{\mathcal{B}}_{D}(d)],$ (27)")


def belief_after_by_bayes(c, m):
    """F^A at the true secret by Bayes' rule: Σ_w f_{D|W}(d|w) K[d*, w] (engine posterior)."""
    return fq.belief_after(c, m, "secret", "true")


def belief_after_direct(c, m):
    """F^A at the true secret without forming a posterior: f_D(d) Σ_w K[d,w] K[d*,w] / m(w), the
    marginal summed here."""
    K, prior, s = c["K"], c["prior"], int(c["secret"])
    out = []
    for d, (p, row) in enumerate(zip(prior, K)):
        total = 0 * prior[0]
        for w in range(len(row)):
            if K[s][w] == 0:
                continue
            mw = sum((q * r[w] for q, r in zip(prior, K)), 0 * prior[0])
            total = total + p * row[w] * K[s][w] / mw
        out.append(total)
    return out


def js_printed(a, b, m):
    """½Σ a log(a/M) + ½Σ b log(b/M), M = (a+b)/2, term by term as Definition IV.1 prints it."""
    total = m.num(0)
    for x, y in zip(a, b):
        mid = (x + y) / 2
        for z in (x, y):
            if z > 0:
                total = total + m.num(z) * m.log(m.num(z / mid)) / 2
    return total


def argmax_code(route: str, key: str):
    """The argmax sets over d at every output w that occurs under the prior c[key], as one integer
    Σ_w Σ_{d ∈ argmax} 2^(d + n·w). route 'posterior': argmax of f_{D|W}(d|w) formed by Bayes' rule;
    route 'product': argmax of f_{W|D}(w|d)·c[key](d), no posterior formed. Exact on the certified
    path; ties within 1e-12 relative on the float path (the path's m.argmax_set)."""
    def q(c, m):
        K, prior = c["K"], c[key]
        n = len(K)
        if route == "posterior":
            post = m.posterior(K, prior)
            cols = {w: [post[d][w] for d in range(n)] for w in range(len(K[0]))
                    if not any(fq.undefined(post[d][w], m) for d in range(n))}
        else:
            cols = {w: [K[d][w] * prior[d] for d in range(n)] for w in range(len(K[0]))
                    if sum((prior[d] * K[d][w] for d in range(n)), 0 * prior[0]) > 0}
        return m.num(sum(2 ** (d + n * w) for w, col in cols.items() for d in m.argmax_set(col)))
    return q


def ldp_pair_over_sets(c, m):
    """max over non-empty S with K[d',S] > 0 of K[d,S]/K[d',S], as a log (exact enumeration of 2^m − 1 sets)."""
    K, d, e = c["K"], int(c["d"]), int(c["d2"])
    best = None
    for r in range(1, len(K[0]) + 1):
        for S in itertools.combinations(range(len(K[0])), r):
            a = sum((K[d][w] for w in S), 0 * K[d][0])
            b = sum((K[e][w] for w in S), 0 * K[e][0])
            if b == 0:
                if a > 0:
                    return m.inf
                continue
            best = a / b if best is None or a / b > best else best
    return m.log(m.num(best))


def ldp_pair_pointwise(c, m):
    """max over w of log K[d,w]/K[d',w] (+∞ where K[d',w] = 0 < K[d,w]; a ratio 0 is −∞, never the max)."""
    K, d, e = c["K"], int(c["d"]), int(c["d2"])
    vals = []
    for x, y in zip(K[d], K[e]):
        if y == 0:
            if x > 0:
                return m.inf
            continue
        if x == 0:  # row d sums to 1, so some w has x > 0 and gives the max
            continue
        vals.append(m.log(m.num(x / y)))
    return m.max(*vals)


def miss_probability(rows):
    """max over the rows d of Pr[M(d) ∈ U], U = {w: |t_w − μ| > α}, summed over U."""
    def q(c, m):
        U = rob.bad_set(c["t"], c["mu"], c["alpha"])
        K = c["K"]
        vals = [rob.event_probability(K[d], U) if U else 0 * K[d][0] for d in rows(c)]
        return m.num(max(vals))
    return q


def miss_probability_by_distance(rows):
    """The same as 1 − the CDF of |M(d) − μ| at α (mechanisms.finite.robustness)."""
    def q(c, m):
        K = c["K"]
        return m.num(max(rob.miss_probability_by_distance(K[d], c["t"], c["mu"], c["alpha"]) for d in rows(c)))
    return q


def at_secret(c):
    """The private input d alone."""
    return [int(c["secret"])]


def other_rows(c):
    """Every input d' ≠ d."""
    return [d for d in range(len(c["K"])) if d != int(c["secret"])]


def abp_two_routes(cid, title, where):
    """Definition IV.1: ε_p by the printed sum with F^A by Bayes' rule = an independent JS with F^A formed directly."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_DEF_IV1),
        variables=ABP_VARIABLES,
        statement=sp.Eq(sp.Symbol("eps_p_printed"), sp.Symbol("eps_p_reference")),
        quantities={
            "eps_p_printed": lambda c, m: m.sqrt(m.nonnegative(js_printed(belief_after_by_bayes(c, m), c["belief"], m))),
            "eps_p_reference": lambda c, m: m.sqrt(m.js_by_entropies(belief_after_direct(c, m), c["belief"])),
            "prior_min": prior_min,
        },
        hypotheses=(FULL_SUPPORT,),
        strategy=abp_cases(),
        reading="mix-at-true-secret",
        encoding="route 1: F^A = Σ_w f_{D|W}(d|w)K[d*,w] with the engine's posterior, JS by the printed sum term by "
                 "term; route 2: F^A = f_D(d)Σ_w K[d,w]K[d*,w]/m(w) (no posterior formed), JS by scipy's "
                 "relative entropy (float) / H(M) − ½H(A) − ½H(B) (certified). F^B = the attacker prior f^B.",
    )


def abp_range(cid, title, where):
    """The range of ε_p = √JS: [0, √log 2]."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_DEF_IV1),
        variables=ABP_VARIABLES,
        statement=sp.Le(eps_pa, sp.sqrt(sp.log(2))),
        quantities={"epsilon_pa": lambda c, m: m.sqrt(m.js(fq.belief_after(c, m, "secret"), c["belief"])),
                    "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=abp_cases(),
        reading="mix-at-true-secret",
        encoding="natural log; the range of √JS (JS ≤ log 2), F^A under the mix-at-true-secret reading",
    )


def belief_after_marginal_is_prior(cid, title, where):
    """With P^D the marginal of W, F^A = f_D (law of total probability)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, r"$f^{\mathcal{A}}_{D}(d)=\int_{\mathcal{W}}f_{{D}|{W}}(d|w)dP^{\mathcal{D}}_{k}(w)$"),
        variables=ABP_VARIABLES,
        statement=sp.Eq(sp.Symbol("eps_p_marginal"), sp.Symbol("eps_p_prior")),
        quantities={"eps_p_marginal": lambda c, m: m.sqrt(m.js(fq.belief_after(c, m, "marginal"), c["belief"])),
                    "eps_p_prior": lambda c, m: m.sqrt(m.js_by_entropies(c["prior"], c["belief"])),
                    "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=abp_cases(),
        reading="mix-marginal",
        encoding="route 1: F^A from the posterior averaged over the marginal of W (engine JS); route 2: the prior "
                 "itself (law of total probability), JS by scipy / the entropy form",
    )


def standard_accuracy_two_routes(cid, title, where):
    """Definition IV.4: the miss probability at d, two routes."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_DEF_IV4),
        variables=(channel("K"), vector("t", -2, 2, "output w estimates the point t_w ∈ R"),
                   real("mu", -1, 1, "the statistic μ"), real("alpha", 0, 2, "the deviation threshold α")),
        statement=sp.Eq(sp.Symbol("miss_direct"), sp.Symbol("miss_cdf")),
        quantities={"miss_direct": miss_probability(at_secret), "miss_cdf": miss_probability_by_distance(at_secret)},
        strategy=accuracy_cases(),
        encoding="finite estimator: output w ↦ t_w ∈ R, ‖·‖ = |·|; the smallest β of Definition IV.4 is the miss "
                 "probability at the private input d; route 1 sums K[d, U] over U = {w: |t_w − μ| > α}, route 2 "
                 "accumulates the law of |M(d) − μ| in sorted order up to α and takes the complement",
    )


def robust_accuracy_two_routes(cid, title, where):
    """Definition IV.6: the largest miss probability over d' ≠ d, two routes."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_DEF_IV6),
        variables=(channel("K"), vector("t", -2, 2), real("mu", -1, 1), real("alpha", 0, 2)),
        statement=sp.Eq(sp.Symbol("miss_direct"), sp.Symbol("miss_cdf")),
        quantities={"miss_direct": miss_probability(other_rows), "miss_cdf": miss_probability_by_distance(other_rows)},
        strategy=accuracy_cases(),
        encoding="the smallest β of Definition IV.6 is max over d' ≠ d of the miss probability; the two routes of "
                 "s002.def.IV.4 on every other row",
    )


def ldp_pair_set_vs_pointwise(cid, title, where):
    """Eq. (5) for one pair (d, d'): the sup over output sets is the pointwise max."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      r"$\frac{\Pr[\mathcal{M}(d)\in S]}{\Pr[\mathcal{M}(d^{\prime})\in S]}\leq e^{\epsilon}.$ (5) / "
                      r"$\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}\in[e^{-\xi},e^{\xi}],$"),
        variables=(channel("K"),),
        statement=sp.Eq(sp.Symbol("log_ratio_sets"), sp.Symbol("log_ratio_pointwise")),
        quantities={"log_ratio_sets": ldp_pair_over_sets, "log_ratio_pointwise": ldp_pair_pointwise},
        strategy=sized(lambda n, mm: cases(K=channels(n, min(mm, 5)), d=st.integers(0, n - 1), d2=st.integers(0, n - 1))),
        encoding="one ordered pair (d, d'): route 1 enumerates all non-empty output sets S (ratio of sums, "
                 "K[d',S] = 0 < K[d,S] is +∞), route 2 the largest single-output ratio",
    )


def map_argmax_two_routes(cid, title, where):
    """Eq. (1): the argmax of the posterior is that of likelihood × prior."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_EQ1),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(sp.Symbol("argmax_sets_posterior"), sp.Symbol("argmax_sets_product")),
        quantities={"argmax_sets_posterior": argmax_code("posterior", "prior"),
                    "argmax_sets_product": argmax_code("product", "prior")},
        strategy=prior_channel_cases(),
        encoding="route 1: argmax of the posterior formed by Bayes' rule; route 2: argmax of K[d,w]·f_D(d); each "
                 "route's argmax sets over the occurring w coded as one integer Σ_w Σ_{d ∈ argmax} 2^(d + n·w) (exact "
                 "on the certified path; ties within 1e-12 relative on the float path)",
    )


def map_argmax_attacker(cid, title, where):
    """Eq. (27): the attacker's MAP estimate, posterior from f^B (the reading post-attacker)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_EQ27),
        variables=(simplex("prior"), channel("K"), simplex("belief", "f^B_D")),
        statement=sp.Eq(sp.Symbol("argmax_sets_posterior"), sp.Symbol("argmax_sets_product")),
        quantities={"argmax_sets_posterior": argmax_code("posterior", "belief"),
                    "argmax_sets_product": argmax_code("product", "belief")},
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm), belief=priors(n))),
        reading="post-attacker",
        encoding="f_{D|W} built from f^B by Bayes' rule; as s002.eq.1 with f^B in place of f_D",
    )


# s002.eq.27#post-true (retired): it built f_{D|W} from the true prior f_D and multiplied the likelihood by
# the attacker's f^B. Eq. (27) (l.884) is the attacker's own Bayes rule, and wherever the paper names both
# priors it sets f^B_D = f_D (l.262, l.932), so that mixture of priors is one the paper never forms; with
# f^B = f_D it is s002.eq.1, and #post-attacker covers every f^B, f^B = f_D included.


# ----------------------------------------------------------------------------- printed as seed 000 prints them
def js_discrete_form(cid, where):
    """The Remark after Definition IV.1: JS as two KL terms (000's Definition 4.1 check)."""
    return from_000(claim_of_000("s000.def.4.1"), cid, where, QUOTE_REM_JS)


def mbp_level_two_routes(cid, where, quote):
    """Definition IV.3 / Eq. (23): the MBP level by Bayes' rule = the shortcut (000's Definition 4.2 check)."""
    return from_000(claim_of_000("s000.def.4.2"), cid, where, quote)


def ldp_level_two_routes(cid, where):
    """Definition IV.7: the LDP level over output sets = the pointwise one (000's Definition 5.1 check)."""
    return from_000(claim_of_000("s000.def.5.1"), cid, where, QUOTE_DEF_IV7)


# ----------------------------------------------------------------------------- Section IV-D, the prose after Theorem IV.3
QUOTE_LARGER_XI = (r"This range specifies the extent to which the mapping distorts the likelihood of observing $w$ given "
                   r"different data points. The larger $\xi$ is, the wider this range becomes, indicating stronger "
                   r"privacy protection.")


def larger_xi_stronger(cid, title, where):
    """'The larger ξ, the stronger the privacy protection': a ξ₂-MBP guarantee would then imply the ξ₁-MBP one for
    ξ₁ < ξ₂. Definition IV.3 makes ξ-MBP weaker as ξ grows (ξ₁-MBP ⇒ ξ₂-MBP), as its own gloss says (l.294)."""
    xi1, xi2 = sp.symbols("xi_1 xi_MBP", real=True)
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_LARGER_XI),
        variables=(simplex("prior", "f_D"), channel("K", "f_{W|D}"), real("xi_1", 0, 3, "the smaller level ξ₁")),
        statement=sp.Le(xi2, xi1),
        quantities={"xi_MBP": finite(mbp_level, "no finite level ξ₂ to compare"), "xi_1": lambda c, m: m.num(c["xi_1"]),
                    "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT, Hypothesis("ξ₁ < ξ₂", sp.Lt(xi1, xi2))),
        strategy=prior_channel_cases().flatmap(lambda c: st.floats(0, 3).map(lambda x: {**c, "xi_1": x})),
        degenerate=fq.channel_says_nothing,
        encoding="'stronger privacy' as the stronger guarantee of Definition IV.3: ξ₂ := the MBP level of (K, f_D) "
                 "(the mapping is ξ₂-MBP, the smallest such level; finite), ξ₁ < ξ₂ any smaller level; the prose makes the "
                 "ξ₂-MBP guarantee (larger ξ) the stronger one, so the mapping would be ξ₁-MBP: checks MBP level ≤ ξ₁. "
                 "The same holds of the 2ξ-LDP range [e^{−2ξ}, e^{2ξ}] the sentence describes (Definition IV.7, l.340: "
                 "smaller ε, stronger privacy)",
    )
