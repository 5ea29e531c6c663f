"""Zhang, Chen — Bridging Privacy and Robustness for Trustworthy Machine Learning (seed 002).

Each entry below is one printed statement, encoded literally. Quotes collapse each of the file's
triple renderings (Unicode, LaTeX source, alt text) to its LaTeX source; line numbers are those of
``shared/seeds/002_909ba7d1825676ef.txt``. Appendix letters are the file's (its Lemma C.1 is the
ε-close "LDP implies MBP" lemma; 000's Chernoff Lemma C.1 is this file's Lemma F.1).

Levels that a statement takes as hypotheses ("K is ξ-LDP", "ε-MBP", "prior ε-close", "accuracy
with confidence 1 − β") are set to the smallest value for which the hypothesis holds; every bound
here is non-decreasing in those levels, so that is the hardest admissible case. Secrets of prior
probability zero make f_{D|W}(d|w)/f_D(d) a 0/0: every prior-based claim assumes full support.
Statements that 000 prints too reuse 000's builders and quantities (``_from_000``).
"""
from __future__ import annotations

import dataclasses
import itertools
import math

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from mechanisms import robustness as rob
from mechanisms.errors import InvalidInput
from proofcheck.claim import Claim, Hypothesis, Source, channel, integer, real, simplex, vector
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims import s000
from proofcheck.strategies import cases, channels, priors, reals, sized, uniform_priors

SEED = "002_909ba7d1825676ef.txt"

xi, xi_ldp, xi_mbp, eps, eps_pm, eps_pa = sp.symbols("xi xi_LDP xi_MBP epsilon epsilon_pm epsilon_pa", real=True)
beta, gamma, p_fail, p_min = sp.symbols("beta gamma P_fail prior_min", real=True)
nn = sp.Symbol("n", positive=True)

FULL_SUPPORT = Hypothesis("f_D has full support (posterior/prior is 0/0 otherwise)", sp.Gt(p_min, 0))


def _prior_min(c, m):
    return m.num(min(c["prior"]))


def _from_000(claim: Claim, cid: str, where: str, quote: str, **changes) -> Claim:
    """The same statement printed by 000: 000's encoding, this paper's id and source."""
    return dataclasses.replace(claim, id=cid, source=Source(SEED, where, quote), **changes)


# ----------------------------------------------------------------------------- strategies
def _undefined(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def _tight_channels(n_lo=3):
    """The catalog's tight family (mechanisms.robustness.tight_mbp_channel): one row with r times
    the others' mass on output 0. n = 3, r = 4 is the 3×2 example where LDP = 2·MBP exactly."""
    return st.tuples(st.integers(n_lo, 5), st.integers(2, 4), st.floats(1.0, 12.0), st.floats(1e-4, 0.9),
                     st.integers(0, 4)).map(
        lambda t: rob.tight_mbp_channel(t[0], t[1], t[2], t[3] / t[2], j=t[4] % t[0], u=0))


def _prior_channel_cases():
    """A full-support prior and a channel: random, structured, and the tight family under the uniform prior."""
    generic = sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm)))
    tight = _tight_channels(2).map(lambda K: {"prior": np.full(len(K), 1.0 / len(K)), "K": K})
    return st.one_of(generic, generic, tight)


def _uniform_channel_cases():
    generic = sized(lambda n, mm: cases(K=channels(n, mm)))
    return st.one_of(generic, generic, _tight_channels(2).map(lambda K: {"K": K}))


def _near(prior, spread):
    """f^B = f_D · e^u, u ∈ [−spread, spread]^n, renormalised (the catalog's attacker-prior generator)."""
    p = np.asarray(prior, float)
    return st.lists(st.floats(-spread, spread), min_size=len(p), max_size=len(p)).map(
        lambda u: (p * np.exp(u)) / np.sum(p * np.exp(u)))


def _abp_cases():
    """Prior f_D, channel, attacker prior f^B (independent, or within e^{±u} of f_D), a law of w, d*."""
    def build(n, mm):
        return priors(n).flatmap(lambda p: cases(
            prior=st.just(p), K=channels(n, mm), belief=st.one_of(priors(n), st.floats(0.0, 2.0).flatmap(lambda s: _near(p, s))),
            law=priors(mm), secret=st.integers(0, n - 1)))
    return sized(build)


def _triple_cases(uniform: bool = False):
    """Prior (uniform or any), channel, and one triple (d, d', w) the identity is read at."""
    def build(n, mm):
        return cases(prior=uniform_priors(n) if uniform else priors(n), K=channels(n, mm),
                     d=st.integers(0, n - 1), d2=st.integers(0, n - 1), w=st.integers(0, mm - 1))
    return sized(build)


def _subsets(mm):
    return st.lists(st.integers(0, mm - 1), min_size=1, max_size=mm, unique=True).map(sorted)


def _pac_cases():
    """(f_D, K, d, U): generic; the tight family under the uniform prior with d a low row and U = {0}
    (catalog counterexample 1); the skewed two-point family (catalog counterexample 2)."""
    generic = sized(lambda n, mm: cases(prior=st.one_of(uniform_priors(n), priors(n)), K=channels(n, mm),
                                        secret=st.integers(0, n - 1), U=_subsets(mm)))

    def tight(t):
        n, mm, r, cfrac, j = t
        return {"prior": np.full(n, 1.0 / n), "K": rob.tight_mbp_channel(n, mm, r, cfrac / r, j=j % n, u=0),
                "secret": (j + 1) % n, "U": [0]}

    def skewed(t):
        prior, K = rob.skewed_two_point(*t)
        return {"prior": prior, "K": K, "secret": 0, "U": [0]}

    return st.one_of(
        generic, generic,
        st.tuples(st.integers(3, 5), st.integers(2, 4), st.floats(1.0, 12.0), st.floats(1e-4, 0.9),
                  st.integers(0, 4)).map(tight),
        st.tuples(st.floats(1e-4, 0.2), st.floats(1e-4, 0.1), st.floats(0.05, 0.95)).map(skewed),
    )


# ----------------------------------------------------------------------------- quantities shared below
def _ldp(c, m):
    return m.ldp_level(c["K"])


def _mbp(c, m):
    return m.mbp_level(c["K"], c["prior"])


def _mbp_uniform(c, m):
    return fq.mbp_level_uniform(c, m)


def _post_over_prior(c, m, key="prior"):
    """[(d, w, f_{D|W}(d|w)/f_D(d))] over occurring w and d with f_D(d) > 0, via the posterior matrix."""
    post = m.posterior(c["K"], c[key])
    out = []
    for d, (row, p) in enumerate(zip(post, c["prior"])):
        if p == 0:
            continue
        for w, x in enumerate(row):
            if not _undefined(x):
                out.append((d, w, x / p))
    return out


def _log_ratio_extreme(which: str):
    """max_{d,w} log(f_{D|W}(d|w)/f_D(d)) ('max'), or max_{d,w} −log(...) ('neg-min')."""
    def q(c, m):
        vals = []
        for _, _, r in _post_over_prior(c, m):
            if r == 0:
                if which == "neg-min":
                    return math.inf
                continue
            v = m.log(m.num(r))
            vals.append(v if which == "max" else -v)
        return m.max(*vals)
    return q


def _bracket_log_ratios(c, m):
    """log[f_{D|W}(d|w) f_D(d') / (f_{D|W}(d'|w) f_D(d))] over d, d' and occurring w (inf when a zero meets a non-zero)."""
    post = m.posterior(c["K"], c["prior"])
    prior = c["prior"]
    n = len(prior)
    vals = []
    for w in range(len(c["K"][0])):
        col = [post[d][w] for d in range(n)]
        if any(_undefined(x) for x in col):
            continue
        for d in range(n):
            for e in range(n):
                a, b = col[d] * prior[e], col[e] * prior[d]
                if a == 0 and b == 0:
                    continue
                if a == 0 or b == 0:
                    return [math.inf]
                vals.append(m.log(m.num(a / b)))
    return vals


def _max_bracket(absolute: bool):
    def q(c, m):
        vals = _bracket_log_ratios(c, m)
        if any(v == math.inf for v in vals if isinstance(v, float)):
            return math.inf
        return m.max(*[m.abs(v) if absolute else v for v in vals])
    return q


def _max_post_log_ratio(c, m):
    """max over d, d', occurring w of log f_{D|W}(d|w)/f_{D|W}(d'|w)."""
    post = m.posterior(c["K"], c["prior"])
    n = len(post)
    vals = []
    for w in range(len(c["K"][0])):
        col = [post[d][w] for d in range(n)]
        if any(_undefined(x) for x in col):
            continue
        for a in col:
            for b in col:
                if a == 0:
                    continue
                if b == 0:
                    return math.inf
                vals.append(m.log(m.num(a / b)))
    return m.max(*vals)


def _likelihood_over_marginal_max(c, m):
    """max over d, occurring w of log f(w|d)/f(w), the marginal f(w) summed directly (Eq. (7)'s right end)."""
    K, prior = c["K"], c["prior"]
    vals = []
    for w in range(len(K[0])):
        fw = sum((p * row[w] for p, row in zip(prior, K)), 0 * prior[0])
        if fw == 0:
            continue
        for row in K:
            if row[w] > 0:
                vals.append(m.log(m.num(row[w] / fw)))
    return m.max(*vals)


def _posterior_extreme_any(which):
    def q(c, m):
        post = m.posterior(c["K"], c["prior"])
        vals = [m.num(x) for row in post for x in row if not _undefined(x)]
        return m.min(*vals) if which == "min" else m.max(*vals)
    return q


def _n(c, m):
    return m.num(len(c["K"]))


def _finite(q, why):
    """q, with +∞ taken out of the domain: where a level is infinite the bound it enters is trivial
    (e.g. 1/(1 + e^∞(n−1)) = 0 ≤ any posterior), and the engine's certified comparison expects arb
    balls on both sides (a division by ∞ yields the float 0.0)."""
    def f(c, m):
        v = q(c, m)
        if isinstance(v, float) and math.isinf(v):
            raise InvalidInput(f"infinite level: {why}")
        return v
    return f


# ----------------------------------------------------------------------------- 1. definitions
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


def _fa_by_bayes(c, m):
    """F^A at the true secret by Bayes' rule: Σ_w f_{D|W}(d|w) K[d*, w] (engine posterior)."""
    return fq.belief_after_general(c, m, "secret", "true")


def _fa_direct(c, m):
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


def _js_printed(a, b, m):
    """½Σ a log(a/M) + ½Σ b log(b/M), M = (a+b)/2, term by term as Definition IV.1 prints it."""
    total = m.num(0)
    for x, y in zip(a, b):
        mid = (x + y) / 2
        for z in (x, y):
            if z > 0:
                total = total + m.num(z) * m.log(m.num(z / mid)) / 2
    return total


def _js_reference_of(a, b, m):
    return fq.js_reference({"p": a, "q": b}, m)


def _argmax_mismatch(post_key: str, joint_key: str):
    """Σ over occurring w of |argmax_d posterior(d|w) Δ argmax_d K[d,w]·f(d)| (symmetric difference sizes);
    the posterior is built from c[post_key], the product uses c[joint_key]."""
    def q(c, m):
        K = c["K"]
        post = m.posterior(K, c[post_key])
        tol = 1e-12 if m.name == "float" else 0
        total = 0
        for w in range(len(K[0])):
            col = [post[d][w] for d in range(len(K))]
            if any(_undefined(x) for x in col):
                continue
            a = fq.argmax_set(col, tol)
            b = fq.argmax_set([K[d][w] * c[joint_key][d] for d in range(len(K))], tol)
            total += len(a ^ b)
        return m.num(total)
    return q


def _ldp_pair_sets(c, m):
    """max over non-empty S with K[d',S] > 0 of K[d,S]/K[d',S], as a log (exact enumeration of 2^m − 1 sets)."""
    K, d, e = c["K"], int(c["d"]), int(c["d2"])
    best = None
    for r in range(1, len(K[0]) + 1):
        for S in itertools.combinations(range(len(K[0])), r):
            a = sum((K[d][w] for w in S), 0 * K[d][0])
            b = sum((K[e][w] for w in S), 0 * K[e][0])
            if b == 0:
                if a > 0:
                    return math.inf
                continue
            best = a / b if best is None or a / b > best else best
    return m.log(m.num(best))


def _ldp_pair_pointwise(c, m):
    K, d, e = c["K"], int(c["d"]), int(c["d2"])
    vals = []
    for x, y in zip(K[d], K[e]):
        if y == 0:
            if x > 0:
                return math.inf
            continue
        vals.append(m.log(m.num(x / y)))
    return m.max(*vals)


def _accuracy_cases():
    return sized(lambda n, mm: cases(K=channels(n, mm), secret=st.integers(0, n - 1),
                                     t=st.lists(st.floats(-2, 2), min_size=mm, max_size=mm).map(np.array),
                                     mu=st.floats(-1, 1), alpha=st.floats(0, 2)))


def _miss_direct(rows):
    def q(c, m):
        U = rob.bad_set(c["t"], c["mu"], c["alpha"])
        K = c["K"]
        vals = [rob.event_probability(K[d], U) if U else 0 * K[d][0] for d in rows(c)]
        return m.num(max(vals))
    return q


def _miss_by_distance(rows):
    def q(c, m):
        K = c["K"]
        return m.num(max(rob.miss_probability_by_distance(K[d], c["t"], c["mu"], c["alpha"]) for d in rows(c)))
    return q


def _at_secret(c):
    return [int(c["secret"])]


def _other_rows(c):
    return [d for d in range(len(c["K"])) if d != int(c["secret"])]


_ABP_VARS = (simplex("prior", "f_D"), channel("K", "f_{W|D}"), simplex("belief", "f^B_D, the attacker's prior"),
             simplex("law", "a law of the released w"))

DEFINITIONS = [
    Claim(
        id="s002.def.IV.1",
        title="ABP ε_p = √JS(F^A‖F^B): printed sum with F^A by Bayes' rule = scipy/entropy JS with F^A formed directly",
        source=Source(SEED, "Section IV-A, Definition IV.1, Eq. (2) (l.262–272)", QUOTE_DEF_IV1),
        variables=_ABP_VARS,
        statement=sp.Eq(sp.Symbol("eps_p_printed"), sp.Symbol("eps_p_reference")),
        quantities={
            "eps_p_printed": lambda c, m: m.sqrt(_js_printed(_fa_by_bayes(c, m), c["belief"], m)),
            "eps_p_reference": lambda c, m: m.sqrt(_js_reference_of(_fa_direct(c, m), c["belief"], m)),
            "prior_min": _prior_min,
        },
        hypotheses=(FULL_SUPPORT,),
        strategy=_abp_cases(),
        reading="mix-at-true-secret",
        encoding="route 1: F^A = Σ_w f_{D|W}(d|w)K[d*,w] with the engine's posterior, JS by the printed sum term by "
                 "term; route 2: F^A = f_D(d)Σ_w K[d,w]K[d*,w]/m(w) (no posterior formed), JS by scipy's "
                 "jensenshannon² (float) / H(M) − ½H(A) − ½H(B) (certified). F^B = the attacker prior f^B.",
    ),
    _from_000(s000.DEFINITIONS[2], "s002.claim.rem-js-discrete", "Section IV-A, Remark after Definition IV.1 (l.274–278)",
              QUOTE_REM_JS),
    Claim(
        id="s002.claim.abp-range",
        title="0 ≤ ε_p = √JS(F^A‖F^B) ≤ √log 2",
        source=Source(SEED, "Section IV-A, Definition IV.1 (l.268–272)", QUOTE_DEF_IV1),
        variables=_ABP_VARS,
        statement=sp.Le(eps_pa, sp.sqrt(sp.log(2))),
        quantities={"epsilon_pa": lambda c, m: m.sqrt(m.js(fq.belief_after_general(c, m, "secret"), c["belief"])),
                    "prior_min": _prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=_abp_cases(),
        reading="mix-at-true-secret",
        encoding="natural log; the range of √JS (JS ≤ log 2), F^A under the mix-at-true-secret reading",
    ),
    Claim(
        id="s002.claim.FA-marginal-is-prior",
        title="with P^D the marginal of W, F^A = f_D: ε_p = √JS(f_D‖F^B)",
        source=Source(SEED, "Section IV-A (l.262)", r"$f^{\mathcal{A}}_{D}(d)=\int_{\mathcal{W}}f_{{D}|{W}}(d|w)dP^{\mathcal{D}}_{k}(w)$"),
        variables=_ABP_VARS,
        statement=sp.Eq(sp.Symbol("eps_p_marginal"), sp.Symbol("eps_p_prior")),
        quantities={"eps_p_marginal": lambda c, m: m.sqrt(m.js(fq.belief_after_general(c, m, "marginal"), c["belief"])),
                    "eps_p_prior": lambda c, m: m.sqrt(_js_reference_of(c["prior"], c["belief"], m)),
                    "prior_min": _prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=_abp_cases(),
        reading="mix-marginal",
        encoding="route 1: F^A from the posterior averaged over the marginal of W (engine JS); route 2: the prior "
                 "itself (law of total probability), JS by scipy / the entropy form",
    ),
    _from_000(s000.DEFINITIONS[1], "s002.def.IV.3", "Section IV-B, Definition IV.3 (l.288–292)", QUOTE_DEF_IV3),
    _from_000(s000.DEFINITIONS[1], "s002.eq.23", "Appendix F, Eq. (23) (l.858–860)", QUOTE_EQ23),
    Claim(
        id="s002.def.IV.4",
        title="standard accuracy: Pr[‖M(d) − μ‖ > α] summed over the bad set = 1 − CDF of the distance at α",
        source=Source(SEED, "Section IV-B, Definition IV.4, Eq. (3) (l.296–302)", QUOTE_DEF_IV4),
        variables=(channel("K"), vector("t", -2, 2, "output w estimates the point t_w ∈ R"),
                   real("mu", -1, 1, "the statistic μ"), real("alpha", 0, 2, "the deviation threshold α")),
        statement=sp.Eq(sp.Symbol("miss_direct"), sp.Symbol("miss_cdf")),
        quantities={"miss_direct": _miss_direct(_at_secret), "miss_cdf": _miss_by_distance(_at_secret)},
        strategy=_accuracy_cases(),
        encoding="finite estimator: output w ↦ t_w ∈ R, ‖·‖ = |·|; the smallest β of Definition IV.4 is the miss "
                 "probability at the private input d; route 1 sums K[d, U] over U = {w: |t_w − μ| > α}, route 2 "
                 "accumulates the law of |M(d) − μ| in sorted order up to α and takes the complement",
    ),
    Claim(
        id="s002.def.IV.6",
        title="robust accuracy: max_{d'≠d} Pr[‖M(d') − μ(P)‖ > α], two routes",
        source=Source(SEED, "Section IV-C, Definition IV.6, Eq. (4) (l.314–320)", QUOTE_DEF_IV6),
        variables=(channel("K"), vector("t", -2, 2), real("mu", -1, 1), real("alpha", 0, 2)),
        statement=sp.Eq(sp.Symbol("miss_direct"), sp.Symbol("miss_cdf")),
        quantities={"miss_direct": _miss_direct(_other_rows), "miss_cdf": _miss_by_distance(_other_rows)},
        strategy=_accuracy_cases(),
        encoding="the smallest β of Definition IV.6 is max over d' ≠ d of the miss probability; the two routes of "
                 "s002.def.IV.4 on every other row",
    ),
    _from_000(s000.DEFINITIONS[0], "s002.def.IV.7", "Section IV-D, Definition IV.7, Eq. (5) (l.332–338)", QUOTE_DEF_IV7),
    Claim(
        id="s002.claim.ldp-set-vs-pointwise",
        title="for one pair (d, d'): max_S K[d,S]/K[d',S] = max_w K[d,w]/K[d',w] (mediant inequality)",
        source=Source(SEED, "Section IV-D, Eq. (5) vs the pointwise form of Lemma IV.1 (l.336, l.348)",
                      r"$\frac{\Pr[\mathcal{M}(d)\in S]}{\Pr[\mathcal{M}(d^{\prime})\in S]}\leq e^{\epsilon}.$ (5) / "
                      r"$\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}\in[e^{-\xi},e^{\xi}],$"),
        variables=(channel("K"),),
        statement=sp.Eq(sp.Symbol("log_ratio_sets"), sp.Symbol("log_ratio_pointwise")),
        quantities={"log_ratio_sets": _ldp_pair_sets, "log_ratio_pointwise": _ldp_pair_pointwise},
        strategy=sized(lambda n, mm: cases(K=channels(n, min(mm, 5)), d=st.integers(0, n - 1), d2=st.integers(0, n - 1))),
        encoding="one ordered pair (d, d'): route 1 enumerates all non-empty output sets S (ratio of sums, "
                 "K[d',S] = 0 < K[d,S] is +∞), route 2 the largest single-output ratio",
    ),
    Claim(
        id="s002.eq.1",
        title="argmax_d log f_{D|W}(d|w) = argmax_d [log f_{W|D}(w|d) + log f_D(d)] (as sets, every w)",
        source=Source(SEED, "Section III, Eq. (1) (l.224–226)", QUOTE_EQ1),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(sp.Symbol("argmax_mismatch"), 0),
        quantities={"argmax_mismatch": _argmax_mismatch("prior", "prior")},
        strategy=_prior_channel_cases(),
        encoding="route 1: argmax of the posterior formed by Bayes' rule; route 2: argmax of K[d,w]·f_D(d); the "
                 "statistic is the total size of the symmetric differences over the occurring w (exact on the "
                 "certified path; ties within 1e-12 relative on the float path)",
    ),
    Claim(
        id="s002.eq.27#post-attacker",
        title="argmax_d f_{D|W}(d|w) = argmax_d f_{W|D}(w|d)·f^B_D(d), posterior from the attacker's prior",
        source=Source(SEED, "Appendix F, Eq. (27) (l.884)", QUOTE_EQ27),
        variables=(simplex("prior"), channel("K"), simplex("belief", "f^B_D")),
        statement=sp.Eq(sp.Symbol("argmax_mismatch"), 0),
        quantities={"argmax_mismatch": _argmax_mismatch("belief", "belief")},
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm), belief=priors(n))),
        reading="post-attacker",
        encoding="f_{D|W} built from f^B by Bayes' rule; as s002.eq.1 with f^B in place of f_D",
    ),
    Claim(
        id="s002.eq.27#post-true",
        title="argmax_d f_{D|W}(d|w) = argmax_d f_{W|D}(w|d)·f^B_D(d), posterior from the true prior",
        source=Source(SEED, "Appendix F, Eq. (27) (l.884)", QUOTE_EQ27),
        variables=(simplex("prior"), channel("K"), simplex("belief", "f^B_D")),
        statement=sp.Eq(sp.Symbol("argmax_mismatch"), 0),
        quantities={"argmax_mismatch": _argmax_mismatch("prior", "belief")},
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm), belief=priors(n))),
        reading="post-true",
        encoding="f_{D|W} built from the true prior f_D, the product with the attacker's f^B (Section III's notation)",
    ),
]


# ----------------------------------------------------------------------------- 2. LDP <-> MBP
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

_UNIFORM_LDP_MBP = [
    ("s002.lem.IV.1", "Section IV-D, Lemma IV.1 (l.344–352)", QUOTE_IV1, s000._ldp_implies_mbp, {}),
    ("s002.lem.IV.2", "Section IV-D, Lemma IV.2 (l.356–360)", QUOTE_IV2, s000._mbp_implies_2ldp, {}),
    ("s002.thm.IV.3.i", "Section IV-D, Theorem IV.3, first conclusion (l.366–368)", QUOTE_IV3, s000._ldp_implies_mbp, {}),
    ("s002.thm.IV.3.ii", "Section IV-D, Theorem IV.3, second conclusion (l.366–368)", QUOTE_IV3, s000._mbp_implies_2ldp, {}),
    ("s002.lem.A.1", "Appendix A-A, Lemma A.1 (l.499–505)", QUOTE_A1, s000._ldp_implies_mbp, {}),
    ("s002.lem.A.2", "Appendix A-B, Lemma A.2 (l.560–564)", QUOTE_A2, s000._mbp_implies_2ldp, {}),
    ("s002.thm.A.3.i", "Appendix A, Theorem A.3, first conclusion as printed (l.579–581)", QUOTE_A3,
     s000._ldp_implies_mbp, {"factor": 2}),
    ("s002.thm.A.3.ii", "Appendix A, Theorem A.3, second conclusion (l.579–581)", QUOTE_A3, s000._mbp_implies_2ldp, {}),
]


def _uniform_ldp_mbp_claims():
    out = []
    for cid, where, quote, build, kw in _UNIFORM_LDP_MBP:
        c = build(cid, where, quote, **kw)
        # 000's claim, with this paper's source and the tight family added to the search
        out.append(_from_000(c, cid, where, quote, strategy=_uniform_channel_cases()))
    return out


def _level_claim(cid, title, where, quote, statement, quantities, encoding, reading=None, strategy=None, hyps=()):
    return Claim(
        id=cid if reading is None else f"{cid}#{reading}",
        title=title,
        source=Source(SEED, where, quote),
        variables=(simplex("prior", "f_D"), channel("K", "f_{W|D}")),
        statement=statement,
        quantities={**quantities, "prior_min": _prior_min},
        hypotheses=(FULL_SUPPORT, *hyps),
        strategy=strategy or _prior_channel_cases(),
        reading=reading,
        encoding=encoding,
    )


CLOSENESS = (
    ("pairwise-ratio", lambda c, m: fq.pairwise_closeness(c, m),
     "ε := max_{d,d'} |log f_D(d)/f_D(d')| (as printed)"),
    ("vs-uniform", lambda c, m: fq.closeness_to_uniform(c, m), "ε := max_d |log(|D| f_D(d))|"),
    ("tv", lambda c, m: fq.tv_to_uniform(c, m), "ε := TV(f_D, uniform)"),
)


def _iv4_claims(prefix, where, quote):
    out = []
    for reading, close, note in CLOSENESS:
        out.append(_level_claim(
            f"{prefix}.i", "ε-close prior: ξ-LDP ⇒ (ξ+ε)-MBP", where, quote,
            sp.Le(xi_mbp, xi + eps), {"xi_MBP": _mbp, "xi": _ldp, "epsilon": close},
            f"ξ := LDP level of K, {note}; checks MBP level of (K, f_D) ≤ ξ + ε", reading))
        out.append(_level_claim(
            f"{prefix}.ii", "ε-close prior: ξ-MBP ⇒ (2ξ+ε)-LDP", where, quote,
            sp.Le(xi_ldp, 2 * xi + eps), {"xi_LDP": _ldp, "xi": _mbp, "epsilon": close},
            f"ξ := MBP level of (K, f_D), {note}; checks LDP level of K ≤ 2ξ + ε", reading))
    return out


LDP_MBP = [
    *_uniform_ldp_mbp_claims(),
    _level_claim("s002.lem.IV.1+sharp", "any full-support prior: ξ-LDP ⇒ ξ-MBP", "Section IV-D, Lemma IV.1 (sharpened)",
                 QUOTE_IV1, sp.Le(xi_mbp, xi), {"xi_MBP": _mbp, "xi": _ldp},
                 "the uniform-prior hypothesis dropped: f(d|w)/f(d) = K[d,w]/m(w) and m(w) is a convex combination "
                 "of the column, so MBP(K, f_D) ≤ LDP(K) for every full-support prior"),
    _level_claim("s002.lem.IV.2+sharp", "any full-support prior: ξ-MBP ⇒ 2ξ-LDP", "Section IV-D, Lemma IV.2 (sharpened)",
                 QUOTE_IV2, sp.Le(xi_ldp, 2 * xi), {"xi_LDP": _ldp, "xi": _mbp},
                 "the uniform-prior hypothesis dropped: K[d,w]/K[d',w] is the ratio of the two posterior/prior "
                 "ratios, each in [e^−ξ, e^ξ]; equality at the 3×2 tight example"),
    *_iv4_claims("s002.thm.IV.4", "Section IV-D, Theorem IV.4 (l.376–378)", QUOTE_IV4),
    *_iv4_claims("s002.thm.C.3", "Appendix C, Theorem C.3 (l.747–749)", QUOTE_IV4),
    _level_claim("s002.lem.C.1", "ε-close prior: ξ-LDP ⇒ ξ-MBP (conclusion as printed)", "Appendix C-A, Lemma C.1 (l.667–673)",
                 QUOTE_C1, sp.Le(xi_mbp, xi), {"xi_MBP": _mbp, "xi": _ldp},
                 "ξ := LDP level; the ε-closeness hypothesis holds for ε := the pairwise closeness of f_D, which "
                 "the printed conclusion does not use; checks MBP(K, f_D) ≤ ξ", "as-printed-xi"),
    _level_claim("s002.lem.C.1", "ε-close prior: ξ-LDP ⇒ (ξ+ε)-MBP (conclusion of the proof, l.720–722)",
                 "Appendix C-A, Lemma C.1 (l.667–673) with the proof's conclusion", QUOTE_C1,
                 sp.Le(xi_mbp, xi + eps), {"xi_MBP": _mbp, "xi": _ldp, "epsilon": lambda c, m: fq.pairwise_closeness(c, m)},
                 "ξ := LDP level, ε := max_{d,d'} |log f_D(d)/f_D(d')|", "proof-xi-plus-eps"),
    _level_claim("s002.lem.C.2", "ε-close prior: ξ-MBP ⇒ (2ξ+ε)-LDP (the text)", "Appendix C-B, Lemma C.2 (l.728–732)",
                 QUOTE_C2, sp.Le(xi_ldp, 2 * xi + eps),
                 {"xi_LDP": _ldp, "xi": _mbp, "epsilon": lambda c, m: fq.pairwise_closeness(c, m)},
                 "ξ := MBP level of (K, f_D), ε := pairwise closeness of f_D", "text-2xi-plus-eps"),
    _level_claim("s002.lem.C.2", "ε-close prior: ratio in [e^−2ξ, e^2ξ] (the display)", "Appendix C-B, Lemma C.2 (l.728–732)",
                 QUOTE_C2, sp.Le(xi_ldp, 2 * xi), {"xi_LDP": _ldp, "xi": _mbp},
                 "the displayed conclusion: LDP level ≤ 2ξ, ξ := MBP level of (K, f_D), any ε-close (i.e. any "
                 "full-support) prior", "display-2xi"),
]


# ----------------------------------------------------------------------------- Appendix A / C proof steps
bayes_lhs, bayes_rhs, post_min, post_max, lr_max, lr_negmin, br_max, chain = sp.symbols(
    "likelihood_ratio posterior_ratio posterior_min posterior_max log_ratio_max neg_log_ratio_min "
    "bracket_max chain_slack", real=True)


def _likelihood_ratio(c, m):
    K, d, e, w = c["K"], int(c["d"]), int(c["d2"]), int(c["w"])
    if K[e][w] == 0 or K[d][w] == 0:
        raise InvalidInput("the identity is read where f(w|d), f(w|d') > 0")
    return m.num(K[d][w] / K[e][w])


def _posterior_ratio(c, m):
    d, e, w = int(c["d"]), int(c["d2"]), int(c["w"])
    post = m.posterior(c["K"], c["prior"])
    a, b = post[d][w], post[e][w]
    if _undefined(a) or _undefined(b) or b == 0:
        raise InvalidInput("the identity is read where f(d'|w) > 0")
    return m.num(a * c["prior"][e] / (b * c["prior"][d]))


def _post_over_prior_at(c, m):
    d, w = int(c["d"]), int(c["w"])
    post = m.posterior(c["K"], c["prior"])
    if _undefined(post[d][w]):
        raise InvalidInput("w does not occur")
    return m.num(post[d][w] / c["prior"][d])


def _lik_over_marg_at(c, m):
    d, w = int(c["d"]), int(c["w"])
    K, prior = c["K"], c["prior"]
    fw = sum((p * row[w] for p, row in zip(prior, K)), 0 * prior[0])
    if fw == 0:
        raise InvalidInput("w does not occur")
    return m.num(K[d][w] / fw)


def _c2_chain(c, m):
    """max over (d, d', w) of the slack of each link of l.741 (in logs):
    −2ξ−ε ≤ log B − ε ≤ log Kr ≤ log B + ε ≤ 2ξ+ε, B the bracket, Kr = f(w|d)/f(w|d')."""
    K, prior = c["K"], c["prior"]
    post = m.posterior(K, prior)
    x = m.mbp_level(K, prior)
    e = fq.pairwise_closeness(c, m)
    if isinstance(e, float) and math.isinf(e):
        raise InvalidInput("f_D without full support is not ε-close for any finite ε")
    finite_x = not (isinstance(x, float) and math.isinf(x))  # the outer links hold trivially at ξ = ∞
    vals = []
    n = len(K)
    for w in range(len(K[0])):
        if any(_undefined(post[d][w]) for d in range(n)):
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


def _closeness_pairwise(c, m):
    return fq.pairwise_closeness(c, m)


_A1_OBJS = {cl.id: cl for cl in s000.A1_STEPS}

PROOF_A_C = [
    Claim(
        id="s002.claim.A1-bayes-ratio",
        title="f(w|d)/f(w|d') = f(d|w)f(d')/(f(d'|w)f(d)) at one (d, d', w)",
        source=Source(SEED, "Appendix A-A, proof of Lemma A.1 (l.515)",
                      r"$\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}=\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}"
                      r"{f_{D|W}(d^{\prime}|w)f_{D}(d)}.$"),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(bayes_lhs, bayes_rhs),
        quantities={"likelihood_ratio": _likelihood_ratio, "posterior_ratio": _posterior_ratio, "prior_min": _prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=_triple_cases(),
        encoding="route 1: ratio of likelihoods; route 2: the posterior matrix by Bayes' rule, then the bracket; any "
                 "full-support prior (the identity does not need the uniform one); read where both likelihoods are > 0",
    ),
    _level_claim("s002.claim.A1-post-ratio", "f(d|w)/f(d) ≤ e^ξ f(d'|w)/f(d') for all d, d', w",
                 "Appendix A-A, proof of Lemma A.1 (l.517)",
                 r"It implies that $\frac{f_{D|W}(d|w)}{f_{D}(d)}\leq\frac{f_{D|W}(d^{\prime}|w)}{f_{D}(d^{\prime})}"
                 r"\cdot e^{\xi}$",
                 sp.Le(br_max, xi), {"bracket_max": _max_bracket(False), "xi": _ldp},
                 "ξ := LDP level of K; max over d, d', occurring w of log of the bracket; any full-support prior"),
    _from_000(_A1_OBJS["s000.claim.A1-posterior-bounds"], "s002.claim.A1-post-lower",
              "Appendix A-A, proof of Lemma A.1 (l.532)",
              r"$f_{D|W}(\tilde{d}|w)\geq\frac{1}{1+e^{\xi}\cdot(|\mathcal{D}|-1)}.$",
              strategy=_uniform_channel_cases(),
              quantities={**_A1_OBJS["s000.claim.A1-posterior-bounds"].quantities,
                          "xi": _finite(_ldp, "the bound 1/(1 + e^ξ(n−1)) is 0")},
              encoding=_A1_OBJS["s000.claim.A1-posterior-bounds"].encoding + "; ξ = ∞ (bound 0) left out"),
    _from_000(_A1_OBJS["s000.claim.A1-posterior-upper"], "s002.claim.A1-post-upper",
              "Appendix A-A, proof of Lemma A.1 (l.543)",
              r"$f_{D|W}(\tilde{d}|w)\leq\frac{1}{1+e^{-\xi}\cdot(|\mathcal{D}|-1)}$",
              strategy=_uniform_channel_cases()),
    _from_000(_A1_OBJS["s000.claim.A1-upper-by-e-xi-over-n"], "s002.claim.A1-post-upper-by-e-xi-over-n",
              "Appendix A-A, proof of Lemma A.1 (l.543–544)",
              r"$\leq\frac{1}{1+e^{-\xi}\cdot(|\mathcal{D}|-1)}\leq\frac{e^{\xi}}{|\mathcal{D}|}.$"),
    Claim(
        id="s002.claim.A1-upper-mbp",
        title="uniform prior, ξ-LDP: f(d̃|w) ≤ e^ξ f_D(d̃)",
        source=Source(SEED, "Appendix A-A, proof of Lemma A.1 (l.548)",
                      r"$f_{D|W}(\tilde{d}|w)\leq e^{\xi}f_{D}(\tilde{d}).$"),
        variables=(channel("K"),),
        statement=sp.Le(lr_max, xi),
        quantities={"log_ratio_max": lambda c, m: _log_ratio_extreme("max")({**c, "prior": fq.uniform(len(c["K"]), m)}, m),
                    "xi": _ldp},
        strategy=_uniform_channel_cases(),
        encoding="uniform prior; ξ := LDP level; max over d, occurring w of log posterior/prior (posterior matrix route)",
    ),
    Claim(
        id="s002.claim.A1-lower-mbp",
        title="uniform prior, ξ-LDP: f(d̃|w) ≥ e^(−ξ) f_D(d̃) (the half of MBP the proof leaves implicit)",
        source=Source(SEED, "Appendix A-A, proof of Lemma A.1 (l.532 with l.505)",
                      r"$f_{D|W}(\tilde{d}|w)\geq\frac{1}{1+e^{\xi}\cdot(|\mathcal{D}|-1)}.$ ... "
                      r"$\left|\log\left(\frac{f_{D|W}(d|w)}{f_{D}(d)}\right)\right|\leq\xi$"),
        variables=(channel("K"),),
        statement=sp.Le(lr_negmin, xi),
        quantities={"neg_log_ratio_min": lambda c, m: _log_ratio_extreme("neg-min")({**c, "prior": fq.uniform(len(c["K"]), m)}, m),
                    "xi": _ldp},
        strategy=_uniform_channel_cases(),
        encoding="uniform prior; ξ := LDP level; max over d, w of −log posterior/prior ≤ ξ",
    ),
    Claim(
        id="s002.eq.7.i",
        title="f(d|w)/f(d) = f(w|d)/f(w) (Eq. (7), identity part)",
        source=Source(SEED, "Appendix A-A, Eq. (7) (l.552)",
                      r"We say a mechanism is $\xi$-MBP if $\forall w\in\mathcal{W}^{d}$, "
                      r"$\frac{f(d|w)}{f(d)}=\frac{f(w|d)f(d)}{f(w)f(d)}=\frac{f(w|d)}{f(w)}\leq e^{\xi}.$ (7)"),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(sp.Symbol("posterior_over_prior"), sp.Symbol("likelihood_over_marginal")),
        quantities={"posterior_over_prior": _post_over_prior_at, "likelihood_over_marginal": _lik_over_marg_at,
                    "prior_min": _prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=_triple_cases(),
        encoding="at one (d, w) with f(w) > 0: route 1 the engine's posterior divided by the prior, route 2 the "
                 "likelihood over the marginal summed here; any full-support prior",
    ),
    Claim(
        id="s002.eq.7.ii",
        title="uniform prior, ξ-LDP: f(w|d)/f(w) ≤ e^ξ (Eq. (7), inequality part)",
        source=Source(SEED, "Appendix A-A, Eq. (7) (l.552)",
                      r"$\frac{f(d|w)}{f(d)}=\frac{f(w|d)f(d)}{f(w)f(d)}=\frac{f(w|d)}{f(w)}\leq e^{\xi}.$ (7)"),
        variables=(channel("K"),),
        statement=sp.Le(lr_max, xi),
        quantities={"log_ratio_max": lambda c, m: _likelihood_over_marginal_max({**c, "prior": fq.uniform(len(c["K"]), m)}, m),
                    "xi": _ldp},
        strategy=_uniform_channel_cases(),
        encoding="uniform prior; ξ := LDP level; max over d, occurring w of log f(w|d)/f(w)",
    ),
    Claim(
        id="s002.claim.A2-chain",
        title="uniform prior: f(w|d)/f(w|d') = bracket ∈ [e^−2ξ, e^2ξ], ξ the MBP level",
        source=Source(SEED, "Appendix A-B, proof of Lemma A.2 (l.573)",
                      r"$\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}=\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}{f_{D|W}"
                      r"(d^{\prime}|w)f_{D}(d)}\in[e^{-2\xi},e^{2\xi}].$"),
        variables=(channel("K"),),
        statement=sp.Le(br_max, 2 * xi),
        quantities={"bracket_max": lambda c, m: _max_bracket(True)({**c, "prior": fq.uniform(len(c["K"]), m)}, m),
                    "xi": _mbp_uniform},
        strategy=_uniform_channel_cases(),
        encoding="uniform prior; ξ := MBP level; max over d, d', occurring w of |log bracket| ≤ 2ξ",
    ),
    _level_claim("s002.claim.C1-bayes-bound", "ε-close prior, ξ-LDP: bracket ∈ [e^−ξ, e^ξ]",
                 "Appendix C-A, proof of Lemma C.1 (l.683)",
                 r"$e^{-\xi}\leq\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}{f_{D|W}(d^{\prime}|w)f_{D}(d)}\leq e^{\xi}.$",
                 sp.Le(br_max, xi), {"bracket_max": _max_bracket(True), "xi": _ldp},
                 "ξ := LDP level; max over d, d', occurring w of |log bracket|; any full-support prior"),
    _level_claim("s002.claim.C1-post-ratio", "ε-close prior, ξ-LDP: f(d|w) ≤ f(d'|w) e^(ξ+ε)",
                 "Appendix C-A, proof of Lemma C.1 (l.685)",
                 r"It implies that $f_{D|W}(d|w)\leq f_{D|W}(d^{\prime}|w)\cdot e^{\xi}\cdot\frac{f_{D}(d)}"
                 r"{f_{D}(d^{\prime})}\leq f_{D|W}(d^{\prime}|w)\cdot e^{\xi+\epsilon}$",
                 sp.Le(br_max, xi + eps), {"bracket_max": _max_post_log_ratio, "xi": _ldp, "epsilon": _closeness_pairwise},
                 "ξ := LDP level, ε := pairwise closeness of f_D; max over d, d', occurring w of log f(d|w)/f(d'|w) "
                 "(the outer ends of the chain; its middle is s002.claim.C1-bayes-bound)"),
    _level_claim("s002.claim.C1-post-lower", "ε-close prior, ξ-LDP: f(d̃|w) ≥ 1/(1 + e^(ξ+ε)(|D|−1))",
                 "Appendix C-A, proof of Lemma C.1 (l.700)",
                 r"$f_{D|W}(\tilde{d}|w)\geq\frac{1}{1+e^{\xi+\epsilon}\cdot(|\mathcal{D}|-1)}.$",
                 sp.Ge(post_min, 1 / (1 + sp.exp(xi + eps) * (nn - 1))),
                 {"posterior_min": _posterior_extreme_any("min"), "xi": _finite(_ldp, "the bound is 0"),
                  "epsilon": _finite(_closeness_pairwise, "the bound is 0"), "n": _n},
                 "ξ := LDP level, ε := pairwise closeness of f_D; min over d, occurring w of the posterior"),
    _level_claim("s002.claim.C1-post-upper", "ε-close prior, ξ-LDP: f(d̃|w) ≤ 1/(1 + e^(−ξ−ε)(|D|−1))",
                 "Appendix C-A, proof of Lemma C.1 (l.711)",
                 r"$f_{D|W}(\tilde{d}|w)\leq\frac{1}{1+e^{-\xi-\epsilon}\cdot(|\mathcal{D}|-1)}$",
                 sp.Le(post_max, 1 / (1 + sp.exp(-xi - eps) * (nn - 1))),
                 {"posterior_max": _posterior_extreme_any("max"), "xi": _ldp, "epsilon": _closeness_pairwise, "n": _n},
                 "ξ := LDP level, ε := pairwise closeness; max over d, occurring w of the posterior (the second "
                 "step ≤ e^(ξ+ε)/|D| is the real inequality s002.claim.A1-post-upper-by-e-xi-over-n at ξ+ε)"),
    _level_claim("s002.claim.C1-upper-mbp", "ε-close prior, ξ-LDP: f(d̃|w) ≤ e^(ξ+ε) f_D(d̃)",
                 "Appendix C-A, proof of Lemma C.1 (l.716)",
                 r"$f_{D|W}(\tilde{d}|w)\leq e^{\xi+\epsilon}f_{D}(\tilde{d}).$",
                 sp.Le(lr_max, xi + eps), {"log_ratio_max": _log_ratio_extreme("max"), "xi": _ldp,
                                           "epsilon": _closeness_pairwise},
                 "ξ := LDP level, ε := pairwise closeness; the conclusion only (the printed inference to it from "
                 "l.711–712 needs f_D(d̃) ≥ 1/|D|, but the conclusion follows from LDP directly)"),
    _level_claim("s002.eq.11", "ε-close prior, ξ-LDP: f(w|d)/f(w) ≤ e^(ξ+ε) (Eq. (11))",
                 "Appendix C-A, Eq. (11) (l.720)",
                 r"$\frac{f(d|w)}{f(d)}=\frac{f(w|d)f(d)}{f(w)f(d)}=\frac{f(w|d)}{f(w)}\leq e^{\xi+\epsilon}.$ (11)",
                 sp.Le(lr_max, xi + eps), {"log_ratio_max": _likelihood_over_marginal_max, "xi": _ldp,
                                           "epsilon": _closeness_pairwise},
                 "ξ := LDP level, ε := pairwise closeness; max over d, occurring w of log f(w|d)/f(w)"),
    _level_claim("s002.claim.C2-chain", "ε-close prior, ξ-MBP: the four links of l.741",
                 "Appendix C-B, proof of Lemma C.2 (l.741)",
                 r"$e^{-2\xi-\epsilon}\leq\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}{f_{D|W}(d^{\prime}|w)f_{D}(d)}\cdot "
                 r"e^{-\epsilon}\leq\frac{f_{W|D}(w|d)}{f_{W|D}(w|d^{\prime})}\leq\frac{f_{D|W}(d|w)f_{D}(d^{\prime})}"
                 r"{f_{D|W}(d^{\prime}|w)f_{D}(d)}\cdot e^{\epsilon}\leq e^{2\xi+\epsilon}.$",
                 sp.Le(chain, 0), {"chain_slack": _c2_chain},
                 "ξ := MBP level of (K, f_D), ε := pairwise closeness; the largest (left − right) of the four links, "
                 "in logs, over d, d' and occurring w with both likelihoods > 0"),
]


# ----------------------------------------------------------------------------- 3. MBP -> ABP
QUOTE_IV5 = (r"Assume that the prior belief of the attacker satisfies that $\frac{f^{\mathcal{B}}_{D}(d)}{f_{D}(d)}\in"
             r"[e^{-\epsilon},e^{\epsilon}].$ Let MBP be defined using Definition IV.3. For any $\epsilon_{p,m}\geq 0$, "
             r"suppose privacy-preserving mapping $f_{W|D}(\cdot|\cdot)$ ensuring $\epsilon_{p,m}$-Maximum Bayesian "
             r"Privacy. Namely, $\frac{f_{D|W}(d|w)}{f_{D}(d)}\in[e^{-\epsilon_{p,m}},e^{\epsilon_{p,m}}],$ for any "
             r"$w\in\mathcal{W}$. Then, we have that the ABP (denoted as $\epsilon_{p,a}$) is bounded by "
             r"$\epsilon_{p,a}\leq\frac{1}{\sqrt{2}}\sqrt{(\epsilon_{p,m}+\epsilon)\cdot\left(e^{\epsilon_{p,m}+"
             r"\epsilon}-1\right)},$ where $\epsilon_{p,a}$ is introduced in Definition IV.1.")
QUOTE_IV6 = QUOTE_IV5.replace("suppose privacy-preserving mapping $f_{W|D}(\\cdot|\\cdot)$ ensuring "
                              "$\\epsilon_{p,m}$-Maximum Bayesian Privacy. Namely,",
                              "let $f_{W|D}(\\cdot|\\cdot)$ be a privacy preserving mapping that guarantees "
                              "$\\epsilon_{p,m}$-maximum Bayesian privacy. That is,")

ABP_READINGS = (
    ("mix-at-true-secret", "secret", "true", "nats",
     "P^D = K[d*,:], the law of W given the actual private data d*"),
    ("mix-marginal", "marginal", "true", "nats", "P^D = the marginal of W under f_D (then F^A = f_D)"),
    ("mix-marginal-attacker", "marginal-attacker", "true", "nats", "P^D = the marginal of W under f^B"),
    ("mix-arbitrary", "law", "true", "nats", "P^D = any law on the outputs that occur"),
    ("mix-at-true-secret.post-attacker", "secret", "attacker", "nats",
     "P^D = K[d*,:]; the posterior inside F^A built from f^B"),
    ("mix-marginal.post-attacker", "marginal", "attacker", "nats", "P^D = marginal under f_D; posterior from f^B"),
    ("mix-marginal-attacker.post-attacker", "marginal-attacker", "attacker", "nats",
     "P^D = marginal under f^B; posterior from f^B"),
    ("mix-arbitrary.post-attacker", "law", "attacker", "nats", "P^D = any law; posterior from f^B"),
    ("mix-at-true-secret.log-bits", "secret", "true", "bits", "P^D = K[d*,:]; JS in bits (log base 2), bound unchanged"),
)


def _abp_bound(t):
    return sp.sqrt(t * (sp.exp(t) - 1)) / sp.sqrt(2)


def _abp_claim(cid, where, quote, reading, mixing, post, unit, note):
    def eps_pa_q(c, m):
        js = m.js(fq.belief_after_general(c, m, mixing, post), c["belief"])
        return m.sqrt(js / m.log(m.num(2))) if unit == "bits" else m.sqrt(js)

    return Claim(
        id=f"{cid}#{reading}",
        title=f"ε_pm-MBP and ε-close attacker prior ⇒ ε_pa ≤ √((ε_pm+ε)(e^(ε_pm+ε)−1)/2)  [{reading}]",
        source=Source(SEED, where, quote),
        variables=_ABP_VARS,
        statement=sp.Le(eps_pa, _abp_bound(eps_pm + eps)),
        quantities={"epsilon_pa": eps_pa_q,
                    "epsilon_pm": lambda c, m: fq.mbp_level_general(c, m, post),
                    "epsilon": fq.closeness,
                    "prior_min": _prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=_abp_cases(),
        reading=reading,
        encoding=("ε_pa = √JS(F^A‖F^B) (Definition IV.1), F^B = f^B the attacker prior; " + note + ". ε_pm := "
                  "max over occurring w and d of |log f_{D|W}(d|w)/f_D(d)| (posterior " +
                  ("from f_D" if post == "true" else "from f^B, ratio to the true f_D as printed") +
                  "), ε := max_d |log f^B(d)/f_D(d)| (both the smallest admissible)."),
    )


def _abp_claims(cid, where, quote):
    return [_abp_claim(cid, where, quote, *r) for r in ABP_READINGS]


_B1 = {cl.id: cl for cl in s000.B1_STEPS}
t_sym, amax_sym, mb_sym, kl_form, js_ref = sp.symbols("t A_over_B_slack M_over_B kl_form js_ref", real=True)


def _t(c, m):
    return m.mbp_level(c["K"], c["prior"]) + fq.closeness(c, m)


def _chain_slack(direction):
    """eq.8 ('up'): max_d max(log f^A/f_D − ε_pm, log f^A/f^B − (ε_pm+ε)); eq.9 ('down') the same for
    the reversed ratios."""
    def q(c, m):
        A = fq.belief_after_general(c, m, "secret")
        B, P = c["belief"], c["prior"]
        epm = m.mbp_level(c["K"], P)
        if isinstance(epm, float) and math.isinf(epm):
            raise InvalidInput("no finite MBP level: the chain is vacuous")
        t = epm + fq.closeness(c, m)
        vals = []
        for a, b, p in zip(A, B, P):
            if a == 0 or b == 0 or p == 0:
                return math.inf
            s = 1 if direction == "up" else -1
            vals += [s * m.log(m.num(a / p)) - epm, s * m.log(m.num(a / b)) - t]
        return m.max(*vals)
    return q


def _abs_log_mb(c, m):
    A = fq.belief_after_general(c, m, "secret")
    return m.max(*[m.abs(m.log(m.num(((a + b) / 2) / b))) for a, b in zip(A, c["belief"])])


def _b1_new(slug, title, where, quote, statement, quantities, encoding):
    return Claim(
        id=slug, title=title, source=Source(SEED, where, quote), variables=_ABP_VARS, statement=statement,
        quantities={**quantities, "prior_min": _prior_min}, hypotheses=(FULL_SUPPORT,), strategy=_abp_cases(),
        reading="mix-at-true-secret",
        encoding=encoding + " F^A under the mix-at-true-secret reading, posterior from f_D; ε_pm := MBP level of "
                            "(K, f_D), ε := max_d |log f^B/f_D|.")


QUOTE_EQ8 = (r"$f^{\mathcal{A}}_{D}(d)=\int_{\mathcal{W}}f_{{D}|{W}}(d|w)dP^{\mathcal{D}}_{W}(w)\leq ... \leq "
             r"e^{\epsilon_{p,m}}\cdot f_{D}(d)\leq e^{\epsilon_{p,m}+\epsilon}\cdot f^{\mathcal{B}}_{D}(d)$")
QUOTE_EQ9 = (r"$f^{\mathcal{A}}_{D}(d)=\int_{\mathcal{W}}f_{{D}|{W}}(d|w)dP^{\mathcal{D}}_{W}(w)\geq ... \geq "
             r"e^{-\epsilon_{p,m}}\cdot f_{D}(d)\geq e^{-(\epsilon_{p,m}+\epsilon)}\cdot f^{\mathcal{B}}_{D}(d)$")
QUOTE_EQ10 = r"$\left|\log\left(\frac{f_{D}^{\mathcal{M}}(d)}{f^{\mathcal{B}}_{D}(d)}\right)\right|\leq\epsilon_{p,m}+\epsilon.$"


def _b1_steps():
    eq8 = lambda cid, where: _b1_new(cid, "f^A(d) ≤ e^ε_pm f_D(d) ≤ e^(ε_pm+ε) f^B(d)", where, QUOTE_EQ8,
                                     sp.Le(amax_sym, 0), {"A_over_B_slack": _chain_slack("up")},
                                     "the largest slack (left − right, in logs) of the chain's last two links over d.")
    eq9 = lambda cid, where: _b1_new(cid, "f^A(d) ≥ e^−ε_pm f_D(d) ≥ e^−(ε_pm+ε) f^B(d)", where, QUOTE_EQ9,
                                     sp.Le(amax_sym, 0), {"A_over_B_slack": _chain_slack("down")},
                                     "the largest slack (in logs) of the chain's last two links over d.")
    return [
        _b1_new("s002.claim.B1-js-as-kl", "JS(F^A‖F^B) = ½[KL(F^A‖F^M) + KL(F^B‖F^M)] (l.607–609)",
                "Appendix B, proof of Theorem B.1 (l.607–609)", QUOTE_REM_JS,
                sp.Eq(kl_form, js_ref),
                {"kl_form": lambda c, m: (lambda A, B: (m.kl(A, [(a + b) / 2 for a, b in zip(A, B)])
                                                        + m.kl(B, [(a + b) / 2 for a, b in zip(A, B)])) / 2)(
                    fq.belief_after_general(c, m, "secret"), c["belief"]),
                 "js_ref": lambda c, m: _js_reference_of(fq.belief_after_general(c, m, "secret"), c["belief"], m)},
                "route 1: the engine's KL twice; route 2: scipy's jensenshannon² / the entropy form."),
        _from_000(_B1["s000.claim.B1-ratio-step"], "s002.claim.B1-amgm", "Appendix B, proof of Theorem B.1 (l.612)",
                  r"where the inequality is due to $\frac{f^{\mathcal{A}}_{D}(d)}{f^{\mathcal{M}}_{D}(d)}\leq"
                  r"\frac{f^{\mathcal{M}}_{D}(d)}{f^{\mathcal{B}}_{D}(d)}$"),
        _from_000(_B1["s000.claim.B1-js-le-weighted-tv"], "s002.claim.B1-js-abs-bound",
                  "Appendix B, proof of Theorem B.1 (l.616)",
                  r"$JS(F^{\mathcal{A}}||F^{\mathcal{B}})\leq\frac{1}{2}\left[\int_{\mathcal{D}}\left|f^{\mathcal{A}}_{D}"
                  r"(d)-f^{\mathcal{B}}_{D}(d)\right|\left|\log\frac{f^{\mathcal{M}}_{D}(d)}{f^{\mathcal{B}}_{D}(d)}"
                  r"\right|\textbf{d}\mu(d)\right].$"),
        eq8("s002.eq.8", "Appendix B, Eq. (8) (l.620–623)"),
        eq9("s002.eq.9", "Appendix B, Eq. (9) (l.627–630)"),
        eq8("s002.eq.12", "Appendix D, Eq. (12) (l.788–791)"),
        eq9("s002.eq.13", "Appendix D, Eq. (13) (l.795–798)"),
        _from_000(_B1["s000.claim.B1-eq-7-8"], "s002.claim.B1-logratio-AB", "Appendix B, proof of Theorem B.1 (l.634)",
                  r"$\left|\log\left(\frac{f^{\mathcal{A}}_{D}(d)}{f^{\mathcal{B}}_{D}(d)}\right)\right|\leq"
                  r"\epsilon_{p,m}+\epsilon.$"),
        _from_000(_B1["s000.claim.B1-eq-9"], "s002.eq.10", "Appendix B, Eq. (10) (l.638–648)", QUOTE_EQ10),
        _from_000(_B1["s000.claim.B1-eq-9"], "s002.eq.14", "Appendix D, Eq. (14) (l.816)", QUOTE_EQ10),
        _b1_new("s002.eq.10+sharp", "|log f^M/f^B| ≤ log((1 + e^(ε_pm+ε))/2)", "Appendix B, Eq. (10) (sharpened)",
                QUOTE_EQ10, sp.Le(mb_sym, sp.log((1 + sp.exp(t_sym)) / 2)), {"M_over_B": _abs_log_mb, "t": _t},
                "f^M/f^B = (f^A/f^B + 1)/2 ∈ [(1+e^−t)/2, (1+e^t)/2] and t − log((1+e^t)/2) ≤ log((1+e^t)/2)."),
        _from_000(_B1["s000.claim.B1-final-step"], "s002.claim.B1-final-step", "Appendix B, proof of Theorem B.1 (l.652–653)",
                  r"$\leq\frac{1}{2}(\epsilon_{p,m}+\epsilon)\cdot\left(e^{\epsilon_{p,m}+\epsilon}-1\right)$"),
        _b1_new("s002.claim.B1-final-js", "JS(F^A‖F^B) ≤ ½(ε_pm+ε)(e^(ε_pm+ε) − 1)",
                "Appendix B, proof of Theorem B.1 (l.652–653)",
                r"$JS(F^{\mathcal{A}}||F^{\mathcal{B}})\leq ... \leq\frac{1}{2}(\epsilon_{p,m}+\epsilon)\cdot\left("
                r"e^{\epsilon_{p,m}+\epsilon}-1\right)$",
                sp.Le(sp.Symbol("JS_AB"), t_sym * (sp.exp(t_sym) - 1) / 2),
                {"JS_AB": lambda c, m: m.js(fq.belief_after_general(c, m, "secret"), c["belief"]), "t": _t},
                "the two ends of the chain."),
        _from_000(_B1["s000.claim.B1-l1-step"], "s002.claim.B1-l1-bound", "Appendix B, proof of Theorem B.1 (l.652–653, implicit)",
                  r"(implicit) $\int_{\mathcal{D}}|f^{\mathcal{A}}_{D}(d)-f^{\mathcal{B}}_{D}(d)|\textbf{d}\mu(d)\leq "
                  r"e^{\epsilon_{p,m}+\epsilon}-1$"),
    ]


# make the reused 000 proof steps require full support too (the 0/0 convention otherwise decides them)
def _with_full_support(cl: Claim) -> Claim:
    if any(h is FULL_SUPPORT for h in cl.hypotheses):
        return cl
    return dataclasses.replace(cl, hypotheses=(*cl.hypotheses, FULL_SUPPORT),
                               quantities={**cl.quantities, "prior_min": _prior_min})


MBP_ABP = [
    *_abp_claims("s002.thm.IV.5", "Section IV-E, Theorem IV.5 (l.384–398)", QUOTE_IV5),
    *_abp_claims("s002.thm.IV.6", "Section IV-E, Theorem IV.6 (l.402–416)", QUOTE_IV6),
    *_abp_claims("s002.thm.B.1", "Appendix B, Theorem B.1 (l.587–601)", QUOTE_IV6),
    *_abp_claims("s002.thm.D.1", "Appendix D, Theorem D.1 (l.755–769)", QUOTE_IV6),
    *[_with_full_support(cl) for cl in _b1_steps()],
]


# ----------------------------------------------------------------------------- 4. PAC robustness
QUOTE_IV7 = (r"Let $\mathcal{M}$ be an $(\epsilon,\beta,\alpha)$-MBP (Definition IV.5) algorithm. Then $\mathcal{M}$ is "
             r"$\alpha$-PAC-Robust (Definition IV.6) with probability $1-\gamma$, where $\gamma=(1+4\epsilon)\beta$, "
             r"$n$ represents the size of the dataset, and $\beta$ represents the error probability.")
QUOTE_E1 = (r"Let $\mathcal{M}$ be an $(\epsilon,\beta,\alpha)$-MBP (Definition IV.5) algorithm. Then $\mathcal{M}$ is "
            r"$\alpha$-PAC-Robust with probability $1-\gamma$, where $\gamma\in(0,1)$, $n$ represents the size of the "
            r"dataset, and $\beta=\frac{\gamma}{1+4\epsilon}$ represents the error probability.")

ACCURACY = {
    "acc-at-true-secret": (lambda c: rob.event_probability(c["K"][int(c["secret"])], c["U"]),
                           "β := Pr[M(d) ∈ U] at the actual private input d (what Eqs. (15)–(17) use)"),
    "acc-avg-prior": (lambda c: rob.prior_average(c["K"], c["prior"], c["U"]),
                      "β := Σ_d f_D(d) Pr[M(d) ∈ U] = m(U) (accuracy 'for a distribution P', averaged over d)"),
    "acc-all-secrets": (lambda c: rob.all_rows_max(c["K"], c["U"]), "β := max_d Pr[M(d) ∈ U] (accuracy at every input)"),
}

_PAC_ENCODING = ("finite estimator: U = {{w: ‖t_w − μ(P)‖ > α}} is the inaccurate set (every output set is one, for "
                 "suitable points t_w, μ and α, so U ranges over all non-empty output sets); ε := the MBP level of "
                 "(K, f_D) (the smallest admissible), {acc}; the PAC-robust failure is max_{{d' ≠ d}} Pr[M(d') ∈ U]. ")


def _pac_fail(c, m):
    return m.num(rob.worst_other_row(c["K"], c["secret"], c["U"]))


def _e1_gamma(c, m, beta_of):
    x = m.mbp_level(c["K"], c["prior"])
    if isinstance(x, float) and math.isinf(x):
        return math.inf  # no finite MBP level ε: the theorem's hypothesis fails, no γ < 1 is admissible
    b = beta_of(c)
    if b == 0:
        return m.num(0)
    return (1 + 4 * x) * m.num(b)


def _pac_claim(cid, where, quote, acc, eps_le_1, form):
    """form: 'IV.7' — γ = (1+4ε)β as printed; 'E.1' — γ ∈ (0,1) with β = γ/(1+4ε), γ set to its smallest
    admissible value (1+4ε)·Pr[miss]; 'corrected' — γ = e^{2ε}β."""
    beta_of, acc_note = ACCURACY[acc]
    reading = acc + (".eps-le-1" if eps_le_1 else "")
    hyps = [FULL_SUPPORT]
    if eps_le_1:
        hyps.append(Hypothesis("0 ≤ ε ≤ 1 (used by the proof, l.852)", sp.Le(eps, 1)))
    q = {"P_fail": _pac_fail, "beta": lambda c, m: m.num(beta_of(c)), "epsilon": _mbp, "prior_min": _prior_min}
    if form == "IV.7":
        statement = sp.Le(p_fail, (1 + 4 * eps) * beta)
        note = "γ = (1+4ε)β as printed."
    elif form == "E.1":
        statement = sp.Le(p_fail, gamma)
        q["gamma"] = lambda c, m: _e1_gamma(c, m, beta_of)
        hyps.append(Hypothesis("γ ∈ (0, 1)", sp.Lt(gamma, 1)))
        note = ("γ ∈ (0,1) and β = γ/(1+4ε): for the accuracy to hold γ ≥ (1+4ε)Pr[miss], and the smallest such γ "
                "is the hardest (γ = 0 when Pr[miss] = 0 stands for 'every γ ∈ (0,1)').")
    else:
        statement = sp.Le(p_fail, sp.exp(2 * eps) * beta)
        note = "corrected constant γ = e^{2ε}β (ε-MBP ⇒ 2ε-LDP on the set U, any full-support prior)."
    return Claim(
        id=f"{cid}#{reading}",
        title=f"(ε,β,α)-MBP ⇒ α-PAC-robust with probability 1 − γ  [{reading}]",
        source=Source(SEED, where, quote),
        variables=(simplex("prior", "f_D"), channel("K", "the estimator's law of outputs per input")),
        statement=statement,
        quantities=q,
        hypotheses=tuple(hyps),
        strategy=_pac_cases(),
        reading=reading,
        encoding=_PAC_ENCODING.format(acc=acc_note) + note,
    )


PAC = []
for _form, _cid, _where, _quote in (("IV.7", "s002.thm.IV.7", "Section IV-F, Theorem IV.7 (l.424–426)", QUOTE_IV7),
                                    ("E.1", "s002.thm.E.1", "Appendix E, Theorem E.1 (l.829–831)", QUOTE_E1)):
    for _acc in ACCURACY:
        PAC.append(_pac_claim(_cid, _where, _quote, _acc, False, _form))
    for _acc in ("acc-at-true-secret", "acc-avg-prior"):
        PAC.append(_pac_claim(_cid, _where, _quote, _acc, True, _form))
PAC.append(dataclasses.replace(_pac_claim("s002.thm.IV.7+corrected", "Section IV-F, Theorem IV.7 (corrected constant)",
                                          QUOTE_IV7, "acc-at-true-secret", False, "corrected"),
                               title="(ε,β,α)-MBP ⇒ α-PAC-robust with probability 1 − e^(2ε)β  [acc-at-true-secret]"))
PAC.append(dataclasses.replace(_pac_claim("s002.thm.E.1+corrected", "Appendix E, Theorem E.1 (corrected constant)",
                                          QUOTE_E1, "acc-at-true-secret", False, "corrected"),
                               title="(ε,β,α)-MBP ⇒ α-PAC-robust with probability 1 − e^(2ε)β  [acc-at-true-secret]"))


def _miss_at_secret(c, m):
    return m.num(rob.event_probability(c["K"][int(c["secret"])], c["U"]))


def _with_beta(case_strategy):
    """Add β ≥ Pr[M(d) ∈ U] to a PAC case (so the hypothesis (17) holds), β up to 1."""
    def add(c):
        p = float(rob.event_probability(np.asarray(c["K"])[int(c["secret"])], c["U"]))
        return st.floats(0.0, 1.0).map(lambda s: {**c, "beta": min(1.0, p + s * (1.0 - p))})
    return case_strategy.flatmap(add)


def _real_claim(cid, title, where, quote, statement, var_ranges, encoding):
    return Claim(
        id=cid, title=title, source=Source(SEED, where, quote),
        variables=tuple(real(name, lo, hi) for name, lo, hi in var_ranges),
        statement=statement,
        quantities={name: (lambda nm: (lambda c, m: m.num(c[nm])))(name) for name, _, _ in var_ranges},
        strategy=cases(**{name: reals(lo, hi) for name, lo, hi in var_ranges}),
        encoding=encoding,
    )


P_dfail = sp.Symbol("P_d_fail", real=True)
E1_STEPS = [
    Claim(
        id="s002.eq.18",
        title="ε-MBP: Pr[M(d') ∈ U] ≤ e^(2ε) Pr[M(d) ∈ U]",
        source=Source(SEED, "Appendix E, proof of Theorem E.1, Eq. (18) (l.846)",
                      r"$\Pr[\|\mathcal{M}(d^{\prime})-\mu(P)\|>\alpha]\leq e^{2\epsilon}\Pr[\|\mathcal{M}(d)-\mu(P)\|>"
                      r"\alpha]$ (18)"),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Le(p_fail, sp.exp(2 * eps) * P_dfail),
        quantities={"P_fail": _pac_fail, "P_d_fail": _miss_at_secret, "epsilon": _mbp, "prior_min": _prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=_pac_cases(),
        encoding="ε := MBP level of (K, f_D), any full-support prior; U any non-empty output set; max over d' ≠ d",
    ),
    Claim(
        id="s002.eq.19",
        title="given Pr[M(d) ∈ U] ≤ β: e^(2ε) Pr[M(d) ∈ U] ≤ e^(2ε) β",
        source=Source(SEED, "Appendix E, proof of Theorem E.1, Eq. (19) (l.847)", r"$\leq e^{2\epsilon}\beta$ (19)"),
        variables=(simplex("prior"), channel("K"), real("beta", 0, 1)),
        statement=sp.Le(sp.exp(2 * eps) * P_dfail, sp.exp(2 * eps) * beta),
        quantities={"P_d_fail": _miss_at_secret, "epsilon": _mbp, "beta": lambda c, m: m.num(c["beta"]),
                    "prior_min": _prior_min},
        hypotheses=(FULL_SUPPORT, Hypothesis("Pr[M(d) ∈ U] ≤ β (Eq. (17))", sp.Le(P_dfail, beta))),
        strategy=_with_beta(_pac_cases()),
        encoding="β a free level in [0, 1] satisfying (17); ε := MBP level of (K, f_D)",
    ),
    _real_claim("s002.eq.20", "e^(2ε)β ≤ (1 + 2ε + 4ε²)β for 0 ≤ ε ≤ 1",
                "Appendix E, proof of Theorem E.1, Eq. (20) (l.848, l.852)",
                r"$\leq(1+2\epsilon+4\epsilon^{2})\beta$ (20) ... the third and fourth inequalities are due to "
                r"$0\leq\epsilon\leq 1$",
                sp.Le(sp.exp(2 * eps) * beta, (1 + 2 * eps + 4 * eps**2) * beta), (("epsilon", 0, 1), ("beta", 0, 1)),
                "a real inequality in ε ∈ [0, 1] (the range the proof gives) and β ∈ [0, 1]"),
    _real_claim("s002.eq.21", "(1 + 2ε + 4ε²)β ≤ (1 + 4ε)β for 0 ≤ ε ≤ 1",
                "Appendix E, proof of Theorem E.1, Eq. (21) (l.849, l.852)",
                r"$\leq(1+4\epsilon)\beta$ (21) ... the third and fourth inequalities are due to $0\leq\epsilon\leq 1$",
                sp.Le((1 + 2 * eps + 4 * eps**2) * beta, (1 + 4 * eps) * beta), (("epsilon", 0, 1), ("beta", 0, 1)),
                "a real inequality in ε ∈ [0, 1] and β ∈ [0, 1]"),
    _real_claim("s002.claim.E1-combined", "e^(2ε) ≤ 1 + 4ε for 0 ≤ ε ≤ 1 (Eqs. (19)–(21) composed)",
                "Appendix E, proof of Theorem E.1, Eqs. (19)–(21) (l.847–852)",
                r"$\leq e^{2\epsilon}\beta$ (19) $\leq(1+2\epsilon+4\epsilon^{2})\beta$ (20) $\leq(1+4\epsilon)\beta$ (21)",
                sp.Le(sp.exp(2 * eps), 1 + 4 * eps), (("epsilon", 0, 1),),
                "the chain's two ends divided by β > 0, ε ∈ [0, 1]"),
    Claim(
        id="s002.eq.22",
        title="(1 + 4ε)β ≤ γ with β = γ/(1 + 4ε)",
        source=Source(SEED, "Appendix E, proof of Theorem E.1, Eq. (22) (l.850)",
                      r"$\leq\gamma$ (22) ... the last inequality is due to the relationship between $\beta$ and $\epsilon$."),
        variables=(real("epsilon", 0, 1), real("gamma", 0, 1)),
        statement=sp.Le((1 + 4 * eps) * beta, gamma),
        quantities={"epsilon": lambda c, m: m.num(c["epsilon"]), "gamma": lambda c, m: m.num(c["gamma"]),
                    "beta": lambda c, m: m.num(c["gamma"]) / (1 + 4 * m.num(c["epsilon"]))},
        strategy=cases(epsilon=reals(0, 1), gamma=reals(0, 1)),
        encoding="β := γ/(1+4ε) as E.1 defines it (an identity in exact arithmetic)",
    ),
]


def _group_claim(reading):
    def eps_q(c, m):
        if reading == "group-privacy":
            r = rob.neighbour_ratio(c["K"])
            if r is None:
                raise InvalidInput("no finite neighbour LDP level: the robustness radius is 0 (vacuous)")
            return m.log(m.num(r)) / 2
        x = m.mbp_level(c["K"], c["prior"])
        if isinstance(x, float) and math.isinf(x):
            raise InvalidInput("infinite MBP level: the robustness radius is 0 (vacuous)")
        return x

    def gamma_q(c, m):
        return m.exp(-2 * eps_q(c, m) * rob.hamming(c["secret"], c["d2"]))

    def build(b, mm):
        n = 2**b
        return cases(prior=priors(n), K=channels(n, mm), secret=st.integers(0, n - 1), d2=st.integers(0, n - 1),
                     U=_subsets(mm)).filter(lambda c: c["secret"] != c["d2"])

    note = ("ε := half the largest log-ratio between Hamming neighbours (M is 2ε-LDP between neighbouring "
            "datasets), group privacy over d_H(d, d') steps" if reading == "group-privacy" else
            "ε := the MBP level of (K, f_D) over whole datasets (every pair then 2ε-LDP)")
    group = reading == "group-privacy"
    return Claim(
        id=f"s002.claim.IV.7-prose#{reading}",
        title="robustness radius log(1/γ)/(2nε): d_H(d,d') ≤ τn ⇒ Pr[M(d') ∈ U] ≤ β/γ",
        source=Source(SEED, "Section IV-F, prose before Theorem IV.7 (l.422, l.428)",
                      r"The robustness metric is defined as $(\frac{\log(1/\gamma)}{2n\epsilon},\alpha)$, representing the "
                      r"bounds within which the algorithm’s output is expected to vary. This level of robustness is "
                      r"probabilistically assured with a confidence of $1-\beta/\gamma$."),
        variables=(() if group else (simplex("prior"),)) + (channel("K", "rows: datasets in {0,1}^b, b = 2 or 3"),),
        statement=sp.Le(p_fail, beta / gamma),
        quantities={"P_fail": lambda c, m: m.num(rob.event_probability(c["K"][int(c["d2"])], c["U"])),
                    "beta": lambda c, m: m.num(rob.event_probability(c["K"][int(c["secret"])], c["U"])),
                    "gamma": gamma_q, "epsilon": eps_q, **({} if group else {"prior_min": _prior_min})},
        hypotheses=() if group else (FULL_SUPPORT,),
        strategy=st.tuples(st.integers(2, 3), st.integers(2, 4)).flatmap(lambda t: build(*t)),
        reading=reading,
        encoding=("datasets d ∈ {0,1}^b (n = b records, rows of K indexed by the bits), U any output set, β := "
                  "Pr[M(d) ∈ U]; " + note + "; γ ∈ (0,1) set to the largest value whose radius "
                  "τn = log(1/γ)/(2ε) still covers d' (γ = e^{−2ε d_H(d,d')}), the hardest admissible"),
    )


PAC += E1_STEPS + [_group_claim("group-privacy"), _group_claim("whole-dataset-mbp")]


# ----------------------------------------------------------------------------- 5. estimators
QUOTE_F1 = (r"With probability at least $1-2\exp\left(\frac{-\epsilon^{2}T\kappa_{1}(d)}{3}\right)$, we have that "
            r"$|\hat{\kappa}_{1}(d)-\kappa_{1}(d)|\leq\epsilon\kappa_{1}(d).$ (28)")
QUOTE_G1 = (r"Assume that $|\kappa_{1}(d)-\hat{\kappa}_{1}(d)|\leq\epsilon\kappa_{1}(d)$. We have that "
            r"$|\hat{C}_{1}-C_{1}|\leq\sqrt{\frac{(1+\epsilon)\log\frac{1+\epsilon}{1-\epsilon}}{2}+\frac{\epsilon+"
            r"\max\left\{\log(1+\epsilon),\log\frac{1}{(1-\epsilon)}\right\}}{2}}.$ (34)")
QUOTE_G2 = (r"Theorem G.2. We have that [file ends; reconstructed from 000 Theorem D.2:] "
            r"$|\hat{\epsilon}_p - \epsilon_p| \le \frac{3}{2}\cdot\sqrt{\frac{(1+\epsilon)\log\frac{1+\epsilon}"
            r"{1-\epsilon}}{2} + \frac{\epsilon + \max\left\{\log(1+\epsilon), \log\frac{1}{(1-\epsilon)}\right\}}{2}}$")
RECONSTRUCTED_G2 = ("statement truncated at the end of the file (l.980–983: 'Theorem G.2. We have that'); the "
                    "conclusion is 000's Theorem D.2, whose lead-in paragraph and preceding theorem (G.1 = 000 D.1) "
                    "are identical; ε̂_p, ε_p are not defined in either paper (readings)")


def _lemma_f1(cid, eps_hi, note):
    base = s000._lemma_c1(cid, eps_hi, note)
    return _from_000(base, cid, "Appendix F-B, Lemma F.1 (l.906–912)", QUOTE_F1)


def _lemma_f1_mst():
    """Reading binomial-MST: κ̂1 = X/(M·S·T), X ~ Binomial(M·S·T, κ1) (the algorithm's normalisation,
    l.898), the bound still in T."""
    base = s000._lemma_c1("s002.lem.F.1#binomial-MST", None, "")
    T, M, S = sp.symbols("T M S", positive=True)

    def p_event(c, m):
        return fq.binomial_event_probability({**c, "T": int(c["T"]) * int(c["M"]) * int(c["S"])}, m)

    return dataclasses.replace(
        base, source=Source(SEED, "Appendix F-B, Lemma F.1 (l.906–912) with the estimator of l.898", QUOTE_F1),
        variables=(integer("T", 1, 200), integer("M", 1, 3), integer("S", 1, 3), *base.variables[1:]),
        quantities={**base.quantities, "P_event": p_event},
        strategy=cases(T=st.integers(1, 200), M=st.integers(1, 3), S=st.integers(1, 3),
                       kappa_1=st.floats(1e-3, 0.999), epsilon=st.floats(1e-3, 20.0)),
        reading="binomial-MST",
        encoding="κ̂1 = X/(M·S·T) with X ~ Binomial(M·S·T, κ1) (M models, batch size S, T attack iterations, each "
                 "recovery independent with probability κ1); the probability of the event is an exact finite sum; "
                 "the printed bound keeps T alone; ε ranges over all ε > 0, as printed.",
        exact_inputs=("T", "M", "S"),
    )


def _g_claims():
    out = []
    for norm, reading in ((False, "raw-estimate"), (True, "normalised-estimate")):
        g1 = s000._d_claim("s002.thm.G.1", "|Ĉ1 − C1| ≤ √(...) (Eq. (34))", "", QUOTE_G1,
                           sp.Le(s000.C1_hat_minus, s000.D1_BOUND), s000._d_quantities(norm, "C1"), reading, norm)
        out.append(_from_000(g1, g1.id, "Appendix G-A, Theorem G.1 (l.970–974)", QUOTE_G1))
        g2a = s000._d_claim("s002.thm.G.2", "|ε̂_p − ε_p| ≤ (3/2)√(...), ε_p = 2C1 − C2·TV (reconstructed)", "", QUOTE_G2,
                            sp.Le(s000.eps_p_diff, sp.Rational(3, 2) * s000.D1_BOUND), s000._d_quantities(norm, "eps_p"),
                            f"eps-tilde-2C1.{reading}", norm)
        out.append(_from_000(g2a, g2a.id, "Appendix G-B, Theorem G.2 (l.980–983, truncated)", QUOTE_G2,
                             reconstructed=RECONSTRUCTED_G2))
        g2b = s000._d_claim("s002.thm.G.2", "|ε̂_p − ε_p| ≤ (3/2)√(...), ε_p = C1 (reconstructed)", "", QUOTE_G2,
                            sp.Le(s000.C1_hat_minus, sp.Rational(3, 2) * s000.D1_BOUND), s000._d_quantities(norm, "C1"),
                            f"eps-C1.{reading}", norm)
        out.append(_from_000(g2b, g2b.id, "Appendix G-B, Theorem G.2 (l.980–983, truncated)", QUOTE_G2,
                             reconstructed=RECONSTRUCTED_G2))
    return out


def _leakage_quantities():
    def f_of(key):
        def q(c, m):
            law = c[key]
            marg = m.marginal(c["K"], c["prior"])
            for w, (pw, mw) in enumerate(zip(law, marg)):
                if pw > 0 and mw == 0:
                    raise InvalidInput(f"the law puts mass on output {w}, which has probability zero")
            return m.belief_after_release(c["K"], c["prior"], law)
        return q

    fO, fA = f_of("law_O"), f_of("law_D")
    return {
        "epsilon_p": lambda c, m: m.sqrt(m.js(fA(c, m), c["prior"])),
        "C1": lambda c, m: m.sqrt(m.js(fO(c, m), c["prior"])),
        "C2": lambda c, m: (m.exp(2 * m.mbp_level(c["K"], c["prior"])) - 1) / 2,
        "TV": lambda c, m: m.tv(c["law_O"], c["law_D"]),
        "prior_min": _prior_min,
    }


C1s, C2s, TVs, epsp = sp.symbols("C1 C2 TV epsilon_p", real=True)
QUOTE_LEAK = (r"Zhang et al. (2023e) derived the upper bound of privacy leakage based on the specific form of "
              r"$\text{TV}(P^{\mathcal{O}}||P^{\mathcal{D}})$ of $\mathcal{M}$ according to this equation: "
              r"$\widetilde{\epsilon}_{p}=2C_{1}-C_{2}\cdot{\text{TV}}(P^{\mathcal{O}}||P^{\mathcal{D}})$.")
_LEAK_VARS = (simplex("prior", "f_D = f^B"), channel("K"), simplex("law_O", "P^O, law of the original parameter"),
              simplex("law_D", "P^D, law of the protected parameter"))
_LEAK_ENCODING = ("posterior f_{D|W} from (K, f_D); f^O = Σ_w f_{D|W}(·|w)P^O(w), f^A likewise with P^D; C1 = "
                  "√JS(f^O‖f_D) (G-A), ε_p = √JS(f^A‖f_D) (f^B = f_D, l.262), C2 = ½(e^{2ξ} − 1) with ξ the MBP "
                  "level of (K, f_D) (G-B), TV = TV(P^O, P^D).")


def _kappa_expectation(c, m):
    """E over w_1..w_M i.i.d. P^O of (1/M) Σ_i f_{D|W}(d|w_i), by enumerating every M-tuple."""
    post = m.posterior(c["K"], c["prior"])
    d, M, law = int(c["d"]), int(c["M"]), c["law_O"]
    ws = [w for w in range(len(law)) if law[w] > 0]
    for w in ws:
        if _undefined(post[d][w]):
            raise InvalidInput(f"P^O puts mass on output {w}, which has probability zero")
    total = 0 * law[0]
    for tup in itertools.product(ws, repeat=M):
        pr = 1 + 0 * law[0]
        for w in tup:
            pr = pr * law[w]
        total = total + pr * sum((post[d][w] for w in tup), 0 * law[0]) / M
    return m.num(total)


def _estimator_claims():
    leak_q = _leakage_quantities()
    leak_strategy = sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm), law_O=priors(mm), law_D=priors(mm)))
    return [
        _lemma_f1("s002.lem.F.1", None, "ε ranges over all ε > 0, as printed (reading binomial-count: κ̂1 = X/T, "
                                        "X ~ Binomial(T, κ1))."),
        _lemma_f1("s002.lem.F.1+corrected", 1.0, "Restricted to ε ∈ (0, 1], where the multiplicative Chernoff bound applies."),
        _lemma_f1_mst(),
        *_g_claims(),
        Claim(
            id="s002.claim.C1hat-nonneg",
            title="Ĉ1² ≥ 0 for any non-negative estimate κ̂1 (not renormalised), so Ĉ1 is real",
            source=Source(SEED, "Appendix G-A (l.946)",
                          r"$\hat{C}_{1}^{2}=\frac{1}{2}\int_{\mathcal{D}}\hat{\kappa}_{1}\log\frac{\hat{\kappa}_{1}}{\frac{1}{2}"
                          r"(\hat{\kappa}_{1}+\kappa_{2})}\,d\mu(d)+\frac{1}{2}\int_{\mathcal{D}}\kappa_{2}\log\frac{\kappa_{2}}"
                          r"{\frac{1}{2}(\hat{\kappa}_{1}+\kappa_{2})}\,d\mu(d).$"),
            variables=(simplex("kappa1"), simplex("kappa2"), real("epsilon", 0, 1), vector("u", -1, 1)),
            statement=sp.Ge(sp.Symbol("C1_hat_sq"), 0),
            quantities={"C1_hat_sq": lambda c, m: fq.js_like(fq.kappa_hat(c, m, False), c["kappa2"], m)},
            strategy=sized(lambda n, mm: cases(kappa1=priors(n), kappa2=priors(n), epsilon=st.floats(1e-3, 0.999),
                                               u=st.lists(st.floats(-1, 1), min_size=n, max_size=n).map(list))),
            encoding="κ̂1 := κ1(1 + εu), u ∈ [−1,1]^D, not renormalised; each pair a log(2a/(a+b)) + b log(2b/(a+b)) ≥ 0",
        ),
        Claim(
            id="s002.claim.G-leakage-formula#upper",
            title="ε_p ≤ 2C1 − C2·TV(P^O‖P^D) (the 'upper bound' of l.916)",
            source=Source(SEED, "Appendix G, introduction (l.916)", QUOTE_LEAK),
            variables=_LEAK_VARS,
            statement=sp.Le(epsp, 2 * C1s - C2s * TVs),
            quantities=leak_q,
            hypotheses=(FULL_SUPPORT,),
            strategy=leak_strategy,
            reading="upper",
            encoding=_LEAK_ENCODING + " Checks the literal 'upper bound' ε_p ≤ ε̃_p.",
        ),
        Claim(
            id="s002.claim.G-leakage-formula+corrected",
            title="ε_p ≥ C1 − C2·TV(P^O‖P^D) (the trade-off direction the cited work proves)",
            source=Source(SEED, "Appendix G, introduction (l.916)", QUOTE_LEAK),
            variables=_LEAK_VARS,
            statement=sp.Ge(epsp, C1s - C2s * TVs),
            quantities=leak_q,
            hypotheses=(FULL_SUPPORT,),
            strategy=leak_strategy,
            reading="lower-cited",
            encoding=_LEAK_ENCODING + " Checks the lower bound ε_p ≥ C1 − C2·TV (not printed; the catalog's reading).",
        ),
        Claim(
            id="s002.claim.kappa1-unbiased",
            title="E[f̂^O_D(d)] = ∫ f_{D|W}(d|w) dP^O(w) for the average of M posteriors at w_m ~ P^O",
            source=Source(SEED, "Appendix G-A, Eq. (30) and l.932",
                          r"$\hat{f}^{\mathcal{O}}_{D}(d)=\frac{1}{M}\sum_{m=1}^{M}\hat{f}_{{D}|{W}}(d|w_{m}),$ (30) ... "
                          r"$f^{\mathcal{O}}_{D}(d)=\int_{\mathcal{W}^{\mathcal{O}}}f_{{D}|{W}}(d|w)\,dP^{\mathcal{O}}(w)="
                          r"\mathbb{E}_{w}[f_{{D}|{W}}(d|w)]$"),
            variables=(simplex("prior"), channel("K"), simplex("law_O")),
            statement=sp.Eq(sp.Symbol("expected_estimate"), sp.Symbol("kappa_1")),
            quantities={"expected_estimate": _kappa_expectation,
                        "kappa_1": lambda c, m: (lambda v: m.num(v[int(c["d"])]))(_leakage_quantities_fO(c, m)),
                        "prior_min": _prior_min},
            hypotheses=(FULL_SUPPORT,),
            strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, min(mm, 4)), law_O=priors(min(mm, 4)),
                                               d=st.integers(0, n - 1), M=st.integers(1, 3))),
            encoding="f̂_{D|W} = f_{D|W} (an unbiased estimate, here exact); route 1 enumerates all M-tuples of "
                     "outputs with their product probabilities, route 2 is the mixture f^O = Σ_w f_{D|W}(d|w)P^O(w)",
        ),
    ]


def _leakage_quantities_fO(c, m):
    marg = m.marginal(c["K"], c["prior"])
    for w, (pw, mw) in enumerate(zip(c["law_O"], marg)):
        if pw > 0 and mw == 0:
            raise InvalidInput(f"P^O puts mass on output {w}, which has probability zero")
    return m.belief_after_release(c["K"], c["prior"], c["law_O"])


# Assumption G.1 and Eq. (24)
QUOTE_EQ24 = (r"Given Assumption G.1, we can infer that $\xi=\max_{d}\left|\log\left(\frac{f_{D|W}(d|w^{*})}{f_{D}(d)}"
              r"\right)\right|.$ (24) [Assumption G.1, (29): for any $w\in\mathcal{W}$, "
              r"$\frac{f_{D|W}(d|w^{*})}{f_{D}(d)}\geq\frac{f_{D|W}(d|w)}{f_{D}(d)},$]")
QUOTE_EQ31 = (r"$\xi=\max_{d\in\mathcal{D}}\left|\log\left(\frac{f_{D|W}(d|w^{*})}{f_{D}(d)}\right)\right|.$ (31) "
              r"[under Assumption G.1, (29)]")


def _ratio_table(c, m):
    """{(d, w): f_{D|W}(d|w)/f_D(d)} over occurring w, by the posterior matrix."""
    return {(d, w): r for d, w, r in _post_over_prior(c, m)}


def _xi_at(c, m, pairs):
    vals = []
    for r in pairs:
        if r == 0:
            return math.inf
        vals.append(m.abs(m.log(m.num(r))))
    return m.max(*vals)


def _eq24(reading):
    def q(c, m):
        tab = _ratio_table(c, m)
        ds = sorted({d for d, _ in tab})
        ws = sorted({w for _, w in tab})
        if reading == "wstar-per-d":
            return _xi_at(c, m, [max(tab[(d, w)] for w in ws) for d in ds])
        if reading == "wstar-common":
            w = _common_wstar(c, m, tab, ds, ws)
            if w is None:
                raise InvalidInput("no single w* satisfies (29) for every d")
            return _xi_at(c, m, [tab[(d, w)] for d in ds])
        # wstar-is-argmax-of-abs: w* maximises max_d |log ratio| (compared without logs: max(r, 1/r))
        def dev(w):
            return max(max(tab[(d, w)], 1 / tab[(d, w)]) if tab[(d, w)] > 0 else math.inf for d in ds)
        w = max(ws, key=dev)
        return _xi_at(c, m, [tab[(d, w)] for d in ds])
    return q


def _common_wstar(c, m, tab, ds, ws):
    # no float tolerance: a case admitted by floats but not by exact arithmetic could never be certified
    for w in ws:
        if all(tab[(d, w)] >= tab[(d, v)] for d in ds for v in ws):
            return w
    return None


def _identical_rows(n, mm):
    return priors(mm).map(lambda row: np.tile(row, (n, 1)))


def _eq24_claims():
    out = []
    for cid, where, quote in (("s002.eq.24", "Appendix F-A, Eq. (24) (l.862–864)", QUOTE_EQ24),
                              ("s002.eq.31", "Appendix G-B, Eq. (31) (l.950–952)", QUOTE_EQ31)):
        for reading, note in (
                ("wstar-per-d", "w*_d := argmax_w f(d|w)/f(d) chosen for each d (each satisfies (29) for its d)"),
                ("wstar-common", "one w* satisfying (29) for every d (the case is outside the domain otherwise)"),
                ("wstar-is-argmax-of-abs", "w* := argmax_w max_d |log f(d|w)/f(d)|")):
            strat = _prior_channel_cases()
            if reading == "wstar-common":
                strat = st.one_of(strat, sized(lambda n, mm: cases(prior=priors(n), K=_identical_rows(n, mm))))
            out.append(Claim(
                id=f"{cid}#{reading}",
                title=f"ξ of Eq. (23) = max_d |log f(d|w*)/f(d)| under Assumption G.1  [{reading}]",
                source=Source(SEED, where, quote),
                variables=(simplex("prior"), channel("K")),
                statement=sp.Eq(sp.Symbol("xi_23"), sp.Symbol("xi_24")),
                quantities={"xi_23": _mbp, "xi_24": _eq24(reading), "prior_min": _prior_min},
                hypotheses=(FULL_SUPPORT,),
                strategy=strat,
                reading=reading,
                encoding=f"ξ (23) := the MBP level of (K, f_D); {note}",
            ))
    return out


TABLE = [
    _level_claim("s002.table.II", "Table II 'Our Work': ξ-LDP ⇒ ξ-MBP (prior unstated: any full-support prior)",
                 "Section II, Table II, row 'Our Work' (l.94)",
                 r"Our Work $\xi$-MBP, $\epsilon$-ABP $\xi$-LDP $\Rightarrow$ $\xi$-MBP $\Rightarrow$ $2\xi$-LDP, MBP "
                 r"$\Rightarrow$ ABP",
                 sp.Le(xi_mbp, xi), {"xi_MBP": _mbp, "xi": _ldp}, "ξ := LDP level; any full-support prior",
                 "ldp-implies-mbp"),
    _level_claim("s002.table.II", "Table II 'Our Work': ξ-MBP ⇒ 2ξ-LDP (any full-support prior)",
                 "Section II, Table II, row 'Our Work' (l.94)",
                 r"Our Work $\xi$-MBP, $\epsilon$-ABP $\xi$-LDP $\Rightarrow$ $\xi$-MBP $\Rightarrow$ $2\xi$-LDP, MBP "
                 r"$\Rightarrow$ ABP",
                 sp.Le(xi_ldp, 2 * xi), {"xi_LDP": _ldp, "xi": _mbp}, "ξ := MBP level of (K, f_D)", "mbp-implies-2ldp"),
    Claim(
        id="s002.table.II#mbp-implies-abp",
        title="Table II 'Our Work': MBP ⇒ ABP (Theorem IV.5 with f^B = f_D, ε = 0)",
        source=Source(SEED, "Section II, Table II, row 'Our Work' (l.94)",
                      r"Our Work $\xi$-MBP, $\epsilon$-ABP ... MBP $\Rightarrow$ ABP"),
        variables=(simplex("prior", "f_D = f^B"), channel("K"), simplex("law")),
        statement=sp.Le(eps_pa, _abp_bound(eps_pm)),
        quantities={"epsilon_pa": lambda c, m: m.sqrt(m.js(fq.belief_after_general(c, m, "secret"), c["prior"])),
                    "epsilon_pm": _mbp, "prior_min": _prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=_abp_cases(),
        reading="mbp-implies-abp",
        encoding="ε_pa = √JS(F^A‖f_D), F^A = Σ_w f_{D|W}(·|w)K[d*,w] (mix-at-true-secret), the attacker's prior "
                 "the true one; ε_pm := MBP level of (K, f_D); prior unstated: any full-support prior",
    ),
]


CLAIMS = [
    *DEFINITIONS,
    *LDP_MBP,
    *PROOF_A_C,
    *MBP_ABP,
    *PAC,
    *_estimator_claims(),
    *_eq24_claims(),
    *TABLE,
]
