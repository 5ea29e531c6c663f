"""Zhang, Fei, Chen — LDP, Average and Maximum Bayesian Privacy (seed 000).

Each entry below is one printed statement, encoded literally. Levels that a statement takes as
hypotheses ("K is ξ-LDP", "ξ-MBP", "prior ε-close") are set to the smallest value for which the
hypothesis holds; every bound here is non-decreasing in those levels, so that is the hardest
admissible case and the search loses nothing by it.
"""
from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Hypothesis, Source, channel, integer, real, simplex, vector
from proofcheck.claims import finite_quantities as fq
from proofcheck.strategies import cases, channels, priors, reals, sized

SEED = "000_cc211bc74d40e396.txt"

# symbols in the papers' names
xi, xi_ldp, xi_mbp, eps, eps_pm, eps_pa = sp.symbols("xi xi_LDP xi_MBP epsilon epsilon_pm epsilon_pa", real=True)
n = sp.Symbol("n", positive=True)

QUOTE_L51 = ("If mapping f_{W|D}(·|·) satisfies that ∀d', d ∈ D, f_{W|D}(w|d)/f_{W|D}(w|d') ∈ [e^{−ξ}, e^{ξ}], "
             "then f_{W|D}(·|·) constitutes a privacy-preserving transformation ensuring ξ-Maximum Bayesian "
             "Privacy, where for all d ∈ D and w ∈ W, |log(f_{D|W}(d|w)/f_D(d))| ≤ ξ.  (uniform prior)")
QUOTE_L52 = ("If an algorithm is ξ-Maximum Bayesian Privacy, then it is (2ξ)-differentially private. ... "
             "ξ = max_{w,d} |log(f_{D|W}(d|w)/f_D(d))|. Then f_{W|D}(w|d)/f_{W|D}(w|d') ∈ [e^{−2ξ}, e^{2ξ}]. "
             "(uniform prior)")
QUOTE_T54 = ("Assume that the prior belief of the attacker satisfies that f^B_D(d)/f_D(d) ∈ [e^{−ε}, e^{ε}]. ... "
             "suppose privacy-preserving mapping f_{W|D}(·|·) ensuring ε_{p,m}-Maximum Bayesian Privacy. Namely, "
             "f_{D|W}(d|w)/f_D(d) ∈ [e^{−ε_{p,m}}, e^{ε_{p,m}}], for any w ∈ W. Then ... "
             "ε_{p,a} ≤ (1/√2) √((ε_{p,m} + ε)·(e^{ε_{p,m}+ε} − 1))")


def _uniform_channel_cases():
    return sized(lambda n, m: cases(K=channels(n, m)))


# ----------------------------------------------------------------------------- LDP <-> MBP
def _ldp_implies_mbp(cid, where, quote, factor=1):
    return Claim(
        id=cid,
        title=f"uniform prior: {'' if factor == 1 else '2'}ξ-LDP ⇒ {'' if factor == 1 else '2'}ξ-MBP",
        source=Source(SEED, where, quote),
        variables=(channel("K", "the mechanism f_{W|D}, secrets x outputs"),),
        statement=sp.Le(xi_mbp, factor * xi),
        quantities={"xi_MBP": fq.mbp_level_uniform, "xi": lambda c, m: m.ldp_level(c["K"]) / factor},
        strategy=_uniform_channel_cases(),
        encoding=f"prior uniform over the rows of K; {factor}ξ := the LDP level of K (smallest admissible); "
                 "checks MBP level of (K, uniform) ≤ " + ("ξ" if factor == 1 else "2ξ"),
    )


def _mbp_implies_2ldp(cid, where, quote):
    return Claim(
        id=cid,
        title="uniform prior: ξ-MBP ⇒ 2ξ-LDP",
        source=Source(SEED, where, quote),
        variables=(channel("K"),),
        statement=sp.Le(xi_ldp, 2 * xi),
        quantities={"xi_LDP": lambda c, m: m.ldp_level(c["K"]), "xi": fq.mbp_level_uniform},
        strategy=_uniform_channel_cases(),
        encoding="prior uniform; ξ := the MBP level of (K, uniform) as the lemma defines it; checks LDP level ≤ 2ξ",
    )


# ----------------------------------------------------------------------------- MBP -> ABP
def _theorem_5_4(cid, where, reading, mixing, note):
    return Claim(
        id=f"{cid}#{reading}",
        title=f"ε_pm-MBP and ε-close belief ⇒ ε_pa ≤ √((ε_pm+ε)(e^(ε_pm+ε)−1)/2)  [{reading}]",
        source=Source(SEED, where, QUOTE_T54),
        variables=(simplex("prior", "f_D"), channel("K", "f_{W|D}"), simplex("belief", "f^B_D, the attacker's prior belief"),
                   simplex("law", "a law of the released w (used by the any-law reading)")),
        statement=sp.Le(eps_pa, sp.sqrt((eps_pm + eps) * (sp.exp(eps_pm + eps) - 1)) / sp.sqrt(2)),
        quantities={
            "epsilon_pa": lambda c, m: m.sqrt(m.js(fq.belief_after(c, m, mixing), c["belief"])),
            "epsilon_pm": lambda c, m: m.mbp_level(c["K"], c["prior"]),
            "epsilon": fq.closeness,
        },
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm), belief=priors(n), law=priors(mm),
                                           secret=st.integers(0, n - 1))),
        reading=reading,
        encoding="ε_pa = √JS(F^A‖F^B) (Definition 4.1, natural log); posterior from the true prior f_D; "
                 "ε_pm := MBP level of (K, f_D), ε := max_d |log f^B_D(d)/f_D(d)| (smallest admissible). " + note,
    )


READINGS_ABP = (
    ("mix-at-true-secret", "secret", "P^D_W is the law of W given the true secret d* (the released w is drawn from K[d*,:])."),
    ("mix-marginal", "marginal", "P^D_W is the marginal law of W under the prior (then F^A = f_D exactly)."),
    ("mix-any-law", "law", "P^D_W is any law over the outputs that occur (the statement's 'for any w')."),
)


def _abp_claims(prefix, where):
    return [_theorem_5_4(prefix, where, r, mix, note) for r, mix, note in READINGS_ABP]


# intermediate steps of the proof of Theorem B.1 (each a separate statement)
def _b1_step(slug, title, statement, quantities, encoding):
    return Claim(
        id=f"s000.claim.{slug}",
        title=title,
        source=Source(SEED, "Appendix B, proof of Theorem B.1", encoding),
        variables=(simplex("prior"), channel("K"), simplex("belief"), simplex("law")),
        statement=statement,
        quantities=quantities,
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm), belief=priors(n), law=priors(mm),
                                           secret=st.integers(0, n - 1))),
        encoding=encoding + " F^A under the mix-at-true-secret reading.",
    )


js_ab, tvlog, bound_c, c_sym, amb, mmb, rbound, sumabs = sp.symbols(
    "JS_AB TVlog bound c A_over_M_minus_M_over_B max_log_ratio ratio_bound sum_abs", real=True)


def _tvlog(c, m):
    A = fq.belief_after(c, m, "secret")
    B = c["belief"]
    M = [(a + b) / 2 for a, b in zip(A, B)]
    total = m.num(0)
    for a, b, mm in zip(A, B, M):
        if a != b:
            total = total + m.abs(m.num(a - b)) * m.abs(m.log(m.num(mm / b)))
    return total / 2


def _c(c, m):
    return m.mbp_level(c["K"], c["prior"]) + fq.closeness(c, m)


def _max_log_ratio(which):
    def q(c, m):
        A = fq.belief_after(c, m, "secret")
        B = c["belief"]
        vals = []
        for a, b in zip(A, B):
            top = a if which == "A" else (a + b) / 2
            vals.append(m.abs(m.log(m.num(top / b))))
        return m.max(*vals)
    return q


def _sum_abs(c, m):
    A = fq.belief_after(c, m, "secret")
    return sum((m.abs(m.num(a - b)) for a, b in zip(A, c["belief"])), m.num(0))


def _ratio_gap(c, m):
    # max_d [A/M − M/B]: the proof's step A/M ≤ M/B is this being ≤ 0
    A = fq.belief_after(c, m, "secret")
    B = c["belief"]
    return m.max(*[m.num(a / ((a + b) / 2) - ((a + b) / 2) / b) for a, b in zip(A, B)])


B1_STEPS = [
    _b1_step("B1-js-le-weighted-tv", "JS(F^A‖F^B) ≤ ½ ∫ |f^A − f^B| |log f^M/f^B|",
             sp.Le(js_ab, tvlog),
             {"JS_AB": lambda c, m: m.js(fq.belief_after(c, m, "secret"), c["belief"]), "TVlog": _tvlog},
             "First display of the proof: JS(F^A||F^B) ≤ ½∫|f^A_D − f^B_D| |log f^M_D/f^B_D| dμ."),
    _b1_step("B1-ratio-step", "f^A/f^M ≤ f^M/f^B pointwise (the step the first inequality is 'due to')",
             sp.Le(amb, 0), {"A_over_M_minus_M_over_B": _ratio_gap},
             "The inequality is due to f^A_D(d)/f^M_D(d) ≤ f^M_D(d)/f^B_D(d), for every d."),
    _b1_step("B1-eq-7-8", "|log f^A/f^B| ≤ ε_pm + ε  (Eqs. (7)–(8))",
             sp.Le(mmb, c_sym), {"max_log_ratio": _max_log_ratio("A"), "c": _c},
             "Combining Eq. (7) and Eq. (8): |log(f^A_D(d)/f^B_D(d))| ≤ ε_{p,m} + ε."),
    _b1_step("B1-eq-9", "|log f^M/f^B| ≤ ε_pm + ε  (Eq. (9))",
             sp.Le(mmb, c_sym), {"max_log_ratio": _max_log_ratio("M"), "c": _c},
             "Eq. (9): |log(f^M_D(d)/f^B_D(d))| ≤ ε_{p,m} + ε."),
    _b1_step("B1-final-step", "½ ∫ |f^A − f^B| |log f^M/f^B| ≤ ½(ε_pm+ε)(e^(ε_pm+ε) − 1)",
             sp.Le(tvlog, c_sym * (sp.exp(c_sym) - 1) / 2), {"TVlog": _tvlog, "c": _c},
             "Last display: ½∫|f^A−f^B||log f^M/f^B| ≤ ½(ε_{p,m}+ε)(e^{ε_{p,m}+ε}−1)."),
    _b1_step("B1-l1-step", "∫ |f^A − f^B| ≤ e^(ε_pm+ε) − 1 (implicit in the last step)",
             sp.Le(sumabs, sp.exp(c_sym) - 1), {"sum_abs": _sum_abs, "c": _c},
             "Implicit in the last display: ∫|f^A_D − f^B_D| dμ ≤ e^{ε_{p,m}+ε} − 1."),
]


# ----------------------------------------------------------------------------- Appendix A.1 proof steps
post_min, post_max, nn = sp.symbols("posterior_min posterior_max n", positive=True)

A1_STEPS = [
    Claim(
        id="s000.claim.A1-posterior-bounds",
        title="uniform prior, ξ-LDP: f(d|w) ≥ 1/(1 + e^ξ(|D|−1))",
        source=Source(SEED, "Appendix A.1, proof of Lemma A.1",
                      "Therefore, we have that f_{D|W}(d̃|w) ≥ 1/(1 + e^ξ·(|D| − 1))."),
        variables=(channel("K"),),
        statement=sp.Ge(post_min, 1 / (1 + sp.exp(xi) * (nn - 1))),
        quantities={"posterior_min": fq.posterior_extreme("min"), "xi": lambda c, m: m.ldp_level(c["K"]),
                    "n": lambda c, m: m.num(len(c["K"]))},
        strategy=_uniform_channel_cases(),
        encoding="uniform prior; ξ := LDP level of K; min over d, w of the posterior",
    ),
    Claim(
        id="s000.claim.A1-posterior-upper",
        title="uniform prior, ξ-LDP: f(d|w) ≤ 1/(1 + e^(−ξ)(|D|−1)) ≤ e^ξ/|D|",
        source=Source(SEED, "Appendix A.1, proof of Lemma A.1",
                      "f_{D|W}(d̃|w) ≤ 1/(1 + e^{−ξ}·(|D| − 1)) ≤ e^ξ/|D|."),
        variables=(channel("K"),),
        statement=sp.Le(post_max, 1 / (1 + sp.exp(-xi) * (nn - 1))),
        quantities={"posterior_max": fq.posterior_extreme("max"), "xi": lambda c, m: m.ldp_level(c["K"]),
                    "n": lambda c, m: m.num(len(c["K"]))},
        strategy=_uniform_channel_cases(),
        encoding="uniform prior; ξ := LDP level of K; max over d, w of the posterior",
    ),
    Claim(
        id="s000.claim.A1-upper-by-e-xi-over-n",
        title="1/(1 + e^(−ξ)(n−1)) ≤ e^ξ/n for ξ ≥ 0, n ≥ 1",
        source=Source(SEED, "Appendix A.1, proof of Lemma A.1", "≤ 1/(1 + e^{−ξ}·(|D| − 1)) ≤ e^ξ/|D|."),
        variables=(real("xi", 0, 50), real("n", 1, 10**6)),
        statement=sp.Le(1 / (1 + sp.exp(-xi) * (nn - 1)), sp.exp(xi) / nn),
        quantities={"xi": lambda c, m: m.num(c["xi"]), "n": lambda c, m: m.num(c["n"])},
        strategy=cases(xi=reals(0, 50), n=st.integers(1, 10**6).map(float)),
        encoding="a real inequality in ξ and |D|; |D| searched as a real ≥ 1 (integers included)",
    ),
]


# ----------------------------------------------------------------------------- Appendix C / D estimators
kappa1, T_sym, prob = sp.symbols("kappa_1 T P_event", positive=True)


def _lemma_c1(cid, eps_hi, reading_note):
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
        reading="binomial-count",
        encoding="κ̂1 = M/T with M ~ Binomial(T, κ1) (T independent attack trials, each recovering d with "
                 "probability κ1); the probability of the event is an exact finite sum. " + reading_note,
        exact_inputs=("T",),
    )


C1_hat_minus, bound_d1, eps_p_diff = sp.symbols("C1_hat_minus_C1 D1_bound eps_p_hat_minus_eps_p", real=True)
D1_BOUND = sp.sqrt((1 + eps) * sp.log((1 + eps) / (1 - eps)) / 2
                   + (eps + sp.Max(sp.log(1 + eps), sp.log(1 / (1 - eps)))) / 2)


def _d_claim(cid, title, where, quote, statement, quantities, reading, normalised):
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
        encoding=("κ̂1 := κ1(1 + εu) with u ∈ [−1,1]^D realises every estimate allowed by the assumption "
                  "|κ1 − κ̂1| ≤ εκ1" + ("; renormalised to a distribution" if normalised else
                                        " (not renormalised: the theorem assumes nothing more)")
                  + "; C1 = √JS(κ1‖κ2), Ĉ1 by the printed formula with κ̂1."),
    )


def _d_quantities(normalised, which):
    def c1_hat_sq(c, m):
        return fq.js_like(fq.kappa_hat(c, m, normalised), c["kappa2"], m)

    def diff(c, m):
        c1 = m.sqrt(m.js(c["kappa1"], c["kappa2"]))
        c1h = m.sqrt(c1_hat_sq(c, m))
        if which == "C1":
            return m.abs(c1h - c1)
        C2, TV = m.num(c["C2"]), m.num(c["TV"])
        return m.abs((2 * c1h - C2 * TV) - (2 * c1 - C2 * TV))

    return {"C1_hat_minus_C1" if which == "C1" else "eps_p_hat_minus_eps_p": diff, "C1_hat_sq": c1_hat_sq,
            "epsilon": lambda c, m: m.num(c["epsilon"])}


QUOTE_D1 = ("Assume that |κ1(d) − κ̂1(d)| ≤ εκ1(d). We have that |Ĉ1 − C1| ≤ √((1+ε) log((1+ε)/(1−ε))/2 + "
            "(ε + max{log(1+ε), log(1/(1−ε))})/2).  (21)")
QUOTE_D2 = ("We have that |ε̂_p − ε_p| ≤ (3/2)·√((1+ε) log((1+ε)/(1−ε))/2 + (ε + max{log(1+ε), log(1/(1−ε))})/2). "
            "(22)  [with ε̃_p = 2C1 − C2·TV(P^O‖P^D), C2 known in advance]")

D_CLAIMS = []
for _norm, _reading in ((False, "raw-estimate"), (True, "normalised-estimate")):
    D_CLAIMS.append(_d_claim("s000.thm.D.1", "|Ĉ1 − C1| ≤ √(...) (Eq. 21)", "Appendix D.3, Theorem D.1", QUOTE_D1,
                             sp.Le(C1_hat_minus, D1_BOUND), _d_quantities(_norm, "C1"), _reading, _norm))
    D_CLAIMS.append(_d_claim("s000.thm.D.2", "|ε̂_p − ε_p| ≤ (3/2)√(...) (Eq. 22)", "Appendix D.3, Theorem D.2", QUOTE_D2,
                             sp.Le(eps_p_diff, sp.Rational(3, 2) * D1_BOUND), _d_quantities(_norm, "eps_p"), _reading, _norm))


# ----------------------------------------------------------------------------- definitions as measures
DEFINITIONS = [
    Claim(
        id="s000.def.5.1",
        title="LDP level: the sup over output sets S equals the pointwise max over outputs",
        source=Source(SEED, "Section 5, Definition 5.1",
                      "∀ possible datasets d and d', for all subset S of the output space, "
                      "Pr[M(d) ∈ S]/Pr[M(d') ∈ S] ≤ e^ε."),
        variables=(channel("K"),),
        statement=sp.Eq(sp.Symbol("eps_sets"), sp.Symbol("eps_pointwise")),
        quantities={"eps_sets": fq.ldp_level_over_sets, "eps_pointwise": lambda c, m: m.ldp_level(c["K"])},
        strategy=sized(lambda n, mm: cases(K=channels(n, min(mm, 5)))),
        encoding="route 1: max over all d, d' and all 2^m − 1 non-empty output sets S (exact enumeration); "
                 "route 2: the engine's pointwise max over single outputs",
    ),
    Claim(
        id="s000.def.4.2",
        title="MBP level from the posterior (Bayes' rule) equals the likelihood/marginal shortcut",
        source=Source(SEED, "Section 4, Definition 4.2",
                      "∀w ∈ W, ∀d ∈ D, −ξ ≤ log(f_{D|W}(d|w)/f_D(d)) ≤ ξ."),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(sp.Symbol("xi_posterior"), sp.Symbol("xi_shortcut")),
        quantities={"xi_posterior": fq.mbp_level_from_posterior, "xi_shortcut": lambda c, m: m.mbp_level(c["K"], c["prior"])},
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm))),
        encoding="route 1: form the posterior matrix by Bayes' rule and take max |log posterior/prior|; "
                 "route 2: the engine's max |log K[d,w]/P(w)| (no posterior formed)",
    ),
    Claim(
        id="s000.def.4.1",
        title="ABP: √JS by the engine equals the Remark's discrete two-KL form and scipy's jensenshannon",
        source=Source(SEED, "Section 4, Definition 4.1 and the Remark after it",
                      "JS(F^A||F^B) = ½[KL(F^A||F^M) + KL(F^B||F^M)] = ½Σ f^A log(f^A/f^M) + ½Σ f^B log(f^B/f^M)."),
        variables=(simplex("p"), simplex("q")),
        statement=sp.Eq(sp.Symbol("JS_two_KL"), sp.Symbol("JS_reference")),
        quantities={"JS_two_KL": lambda c, m: (m.kl(c["p"], fq.mid(c, m)) + m.kl(c["q"], fq.mid(c, m))) / 2,
                    "JS_reference": fq.js_reference},
        strategy=sized(lambda n, mm: cases(p=priors(n), q=priors(n))),
        encoding="route 1: ½KL(A‖M)+½KL(B‖M) with the engine's KL; route 2: scipy.spatial.distance.jensenshannon² "
                 "on the float path and the entropy form H(M) − ½H(A) − ½H(B) on the certified path",
    ),
]


# ----------------------------------------------------------------------------- Eq. (11) / (18) under Assumption D.1
QUOTE_EQ11 = ("Given Assumption D.1, we can infer that ξ = max_d |log(f_{D|W}(d|w*)/f_D(d))|.  (11)  "
              "[Assumption D.1: for any w ∈ W, f_{D|W}(d|w*)/f_D(d) ≥ f_{D|W}(d|w)/f_D(d), (16)]")


def _xi_at_w_star(c, m):
    """max_d |log posterior/prior| at w*_d, the output maximising the ratio for that d."""
    K, prior = c["K"], c["prior"]
    marg = m.marginal(K, prior)
    vals = []
    for d, p in enumerate(prior):
        if p == 0:
            continue
        ratios = [K[d][w] / marg[w] for w in range(len(marg)) if marg[w] > 0]
        best = max(ratios)
        if best == 0:
            return float("inf")
        vals.append(m.abs(m.log(m.num(best))))
    return m.max(*vals)


def _assumption_d1_gap(c, m):
    """max over d, w of ratio(d, w) − ratio(d, w*) for one common w* (the first maximiser of the
    ratio for secret 0): ≤ 0 exactly when Assumption D.1 holds with that w*."""
    K, prior = c["K"], c["prior"]
    marg = m.marginal(K, prior)
    ws = [w for w in range(len(marg)) if marg[w] > 0]
    r = [[K[d][w] / marg[w] for w in ws] for d in range(len(K))]
    j = max(range(len(ws)), key=lambda i: r[0][i])
    return m.num(max(r[d][i] - r[d][j] for d in range(len(K)) if prior[d] > 0 for i in range(len(ws))))


def _identical_rows(n, mm):
    return priors(mm).map(lambda row: __import__("numpy").tile(row, (n, 1)))


EQ11 = []
for _cid, _where in (("s000.eq.11", "Appendix C, Eq. (11)"), ("s000.eq.18", "Appendix D.2, Eq. (18)")):
    EQ11.append(Claim(
        id=f"{_cid}#w-star-per-secret",
        title="ξ = max_d |log f(d|w*)/f(d)| with w* maximising the ratio for each d",
        source=Source(SEED, _where, QUOTE_EQ11),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(sp.Symbol("xi"), sp.Symbol("xi_at_w_star")),
        quantities={"xi": lambda c, m: m.mbp_level(c["K"], c["prior"]), "xi_at_w_star": _xi_at_w_star},
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm))),
        reading="w-star-per-secret",
        encoding="w*_d := argmax_w f(d|w)/f(d) for each d, which makes (16) hold by construction; "
                 "ξ by Definition 4.2 against the right side of (11)",
    ))
    EQ11.append(Claim(
        id=f"{_cid}#common-w-star",
        title="under Assumption D.1 with one w* for all d: ξ = max_d |log f(d|w*)/f(d)|",
        source=Source(SEED, _where, QUOTE_EQ11),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(sp.Symbol("xi"), sp.Symbol("xi_at_w_star")),
        quantities={"xi": lambda c, m: m.mbp_level(c["K"], c["prior"]), "xi_at_w_star": _xi_at_w_star,
                    "gap": _assumption_d1_gap},
        hypotheses=(Hypothesis("Assumption D.1 with a common w*", sp.Le(sp.Symbol("gap"), 0)),),
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=st.one_of(channels(n, mm), _identical_rows(n, mm)))),
        reading="common-w-star",
        encoding="Assumption D.1 as a hypothesis with one w* for every d. Since Σ_d f_D(d) ratio(d, w) = 1 for "
                 "every w, the assumption forces ratio(·, w) = ratio(·, w*) for all w, i.e. identical rows on the "
                 "support and ξ = 0: the search draws such channels besides random ones",
    ))


CLAIMS = [
    *DEFINITIONS,
    _ldp_implies_mbp("s000.lem.5.1", "Section 5, Lemma 5.1", QUOTE_L51),
    _mbp_implies_2ldp("s000.lem.5.2", "Section 5, Lemma 5.2", QUOTE_L52),
    _ldp_implies_mbp("s000.thm.5.3.i", "Section 5, Theorem 5.3 (first conclusion)",
                     "If an algorithm is ξ-LDP, then it is ξ-MBP.  (uniform prior)"),
    _mbp_implies_2ldp("s000.thm.5.3.ii", "Section 5, Theorem 5.3 (second conclusion)",
                      "If an algorithm is ξ-MBP, then it is 2ξ-LDP.  (uniform prior)"),
    _ldp_implies_mbp("s000.lem.A.1", "Appendix A.1, Lemma A.1",
                     "If f_{W|D} is ξ-LDP ... then f_{W|D} ... guarantees ξ-maximum Bayesian privacy. That is, "
                     "|log(f_{D|W}(d|w)/f_D(d))| ≤ ξ, ∀w ∈ W, d ∈ D."),
    _mbp_implies_2ldp("s000.lem.A.2", "Appendix A.2, Lemma A.2",
                      "Then, the mapping f_{W|D}(·|·) is 2ξ-Local Differential Private: "
                      "f_{W|D}(w|d)/f_{W|D}(w|d') ∈ [e^{−2ξ}, e^{2ξ}]."),
    _ldp_implies_mbp("s000.thm.A.3.i", "Appendix A.2, Theorem A.3 (first conclusion, as printed)",
                     "If an algorithm is 2ξ-LDP, then it is 2ξ-MBP.", factor=2),
    _mbp_implies_2ldp("s000.thm.A.3.ii", "Appendix A.2, Theorem A.3 (second conclusion)",
                      "If an algorithm is ξ-maximum Bayesian privacy, then it is 2ξ-LDP."),
    *A1_STEPS,
    *_abp_claims("s000.thm.5.4", "Section 5, Theorem 5.4"),
    *_abp_claims("s000.thm.B.1", "Appendix B, Theorem B.1"),
    *_abp_claims("s000.eq.1", "Section 1, Eq. (1)"),
    *B1_STEPS,
    _lemma_c1("s000.lem.C.1", None, "ε ranges over all ε > 0, as printed."),
    _lemma_c1("s000.lem.C.1+corrected", 1.0, "Restricted to ε ∈ (0, 1], where the multiplicative Chernoff bound applies."),
    *D_CLAIMS,
    *EQ11,
]
