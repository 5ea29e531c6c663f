"""PAC robustness from MBP (Section IV-F, Appendix E): Theorem IV.7 (= E.1) under its readings of the accuracy
hypothesis, with the corrected constant; the steps of E.1's proof (Eqs. (18)–(22)); the robustness radius of the
prose before Theorem IV.7. The converse the abstract and Table III assert, robustness ⇒ privacy (MBP and ABP rows).

A finite estimator: U = {w: ‖t_w − μ(P)‖ > α} is the inaccurate set; every output set is one for suitable t, μ,
α, so U ranges over all non-empty output sets.
"""
from __future__ import annotations

import dataclasses
import math

import sympy as sp
from hypothesis import strategies as st

from mechanisms.finite import robustness as rob
from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Hypothesis, Source, channel, real, simplex, vector
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s002.model import FULL_SUPPORT, mbp_level, post_over_prior, prior_min
from proofcheck.claims.s002.strategies import SEED, pac_cases, robust_estimator_cases, subsets, with_beta
from proofcheck.strategies import cases, channels, priors, reals

eps = sp.Symbol("epsilon", real=True)
beta, gamma, p_fail = sp.symbols("beta gamma P_fail", real=True)
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


PRIMARY_PAC = ("accuracy at the actual private input and 0 ≤ ε ≤ 1: the proof takes the accuracy of Definition IV.5 "
               "at 'the original private information d' (Eqs. (15)–(17), l.835–840) and says its third and fourth "
               "inequalities 'are due to 0 ≤ ε ≤ 1' (l.852); both are part of the statement the proof argues.")
VACUOUS_PAC = ("β := max over every input d of Pr[M(d) ∈ U] already bounds Pr[M(d′) ∈ U] for every d′, so the failure "
               "probability is ≤ β ≤ (1+4ε)β for every mechanism: true by construction of this reading.")


def pac_failure(c, m):
    """max over d' ≠ d of Pr[M(d') ∈ U] (the PAC-robust failure probability)."""
    return m.num(rob.worst_other_row(c["K"], c["secret"], c["U"]))


def smallest_gamma(c, m, beta_of):
    """E.1's γ at its smallest admissible value (1 + 4ε)·Pr[miss]."""
    x = m.mbp_level(c["K"], c["prior"])
    if m.is_pos_inf(x):
        return m.inf  # no finite MBP level ε: the theorem's hypothesis fails, no γ < 1 is admissible
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
    q = {"P_fail": pac_failure, "beta": lambda c, m: m.num(beta_of(c)), "epsilon": mbp_level, "prior_min": prior_min}
    if form == "IV.7":
        statement = sp.Le(p_fail, (1 + 4 * eps) * beta)
        note = "γ = (1+4ε)β as printed."
    elif form == "E.1":
        statement = sp.Le(p_fail, gamma)
        q["gamma"] = lambda c, m: smallest_gamma(c, m, beta_of)
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
        strategy=pac_cases(),
        reading=reading,
        primary=PRIMARY_PAC if reading == "acc-at-true-secret.eps-le-1" and form != "corrected" else None,
        vacuous=VACUOUS_PAC if acc == "acc-all-secrets" else None,
        degenerate=fq.channel_says_nothing,
        encoding=_PAC_ENCODING.format(acc=acc_note) + note,
    )


def pac_readings(cid, where, quote, form):
    """Theorem IV.7 ('IV.7') or E.1 ('E.1') under each accuracy reading, then with 0 ≤ ε ≤ 1 for the first two."""
    return ([_pac_claim(cid, where, quote, acc, False, form) for acc in ACCURACY]
            + [_pac_claim(cid, where, quote, acc, True, form) for acc in ("acc-at-true-secret", "acc-avg-prior")])


def pac_corrected(cid, title, where, quote):
    """The corrected constant γ = e^{2ε}β, accuracy at the true secret."""
    return dataclasses.replace(_pac_claim(cid, where, quote, "acc-at-true-secret", False, "corrected"), title=title)


# ----------------------------------------------------------------------------- Appendix E, proof of Theorem E.1
def miss_at_secret(c, m):
    """Pr[M(d) ∈ U] at the private input d."""
    return m.num(rob.event_probability(c["K"][int(c["secret"])], c["U"]))


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


def eq18_bound(cid, title, where):
    """Eq. (18): ε-MBP ⇒ Pr[M(d') ∈ U] ≤ e^(2ε) Pr[M(d) ∈ U]."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      r"$\Pr[\|\mathcal{M}(d^{\prime})-\mu(P)\|>\alpha]\leq e^{2\epsilon}\Pr[\|\mathcal{M}(d)-\mu(P)\|>"
                      r"\alpha]$ (18)"),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Le(p_fail, sp.exp(2 * eps) * P_dfail),
        quantities={"P_fail": pac_failure, "P_d_fail": miss_at_secret, "epsilon": mbp_level, "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=pac_cases(),
        degenerate=fq.channel_says_nothing,
        encoding="ε := MBP level of (K, f_D), any full-support prior; U any non-empty output set; max over d' ≠ d",
    )


def eq19_bound(cid, title, where):
    """Eq. (19): (17) multiplied by e^(2ε)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, r"$\leq e^{2\epsilon}\beta$ (19)"),
        variables=(simplex("prior"), channel("K"), real("beta", 0, 1)),
        statement=sp.Le(sp.exp(2 * eps) * P_dfail, sp.exp(2 * eps) * beta),
        quantities={"P_d_fail": miss_at_secret, "epsilon": mbp_level, "beta": lambda c, m: m.num(c["beta"]),
                    "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT, Hypothesis("Pr[M(d) ∈ U] ≤ β (Eq. (17))", sp.Le(P_dfail, beta))),
        strategy=with_beta(pac_cases()),
        degenerate=fq.channel_says_nothing,
        vacuous="the conclusion is the hypothesis (17), Pr[M(d) ∈ U] ≤ β, multiplied by e^{2ε} > 0: true by construction",
        encoding="β a free level in [0, 1] satisfying (17); ε := MBP level of (K, f_D)",
    )


def eq20_bound(cid, title, where):
    """Eq. (20): e^(2ε) ≤ 1 + 2ε + 4ε² on [0, 1]."""
    return _real_claim(
        cid, title, where,
        r"$\leq(1+2\epsilon+4\epsilon^{2})\beta$ (20) ... the third and fourth inequalities are due to "
        r"$0\leq\epsilon\leq 1$",
        sp.Le(sp.exp(2 * eps) * beta, (1 + 2 * eps + 4 * eps**2) * beta),
        (("epsilon", 0, 1), ("beta", 0, 1)),
        "a real inequality in ε ∈ [0, 1] (the range the proof gives) and β ∈ [0, 1]")


def eq21_bound(cid, title, where):
    """Eq. (21): 1 + 2ε + 4ε² ≤ 1 + 4ε on [0, 1]."""
    return _real_claim(
        cid, title, where,
        r"$\leq(1+4\epsilon)\beta$ (21) ... the third and fourth inequalities are due to $0\leq\epsilon\leq 1$",
        sp.Le((1 + 2 * eps + 4 * eps**2) * beta, (1 + 4 * eps) * beta),
        (("epsilon", 0, 1), ("beta", 0, 1)),
        "a real inequality in ε ∈ [0, 1] and β ∈ [0, 1]")


def e1_combined(cid, title, where):
    """Eqs. (19)–(21) composed: e^(2ε) ≤ 1 + 4ε on [0, 1]."""
    return _real_claim(
        cid, title, where,
        r"$\leq e^{2\epsilon}\beta$ (19) $\leq(1+2\epsilon+4\epsilon^{2})\beta$ (20) $\leq(1+4\epsilon)\beta$ (21)",
        sp.Le(sp.exp(2 * eps), 1 + 4 * eps),
        (("epsilon", 0, 1),),
        "the chain's two ends divided by β > 0, ε ∈ [0, 1]")


def eq22_bound(cid, title, where):
    """Eq. (22): (1 + 4ε)β ≤ γ with β = γ/(1 + 4ε)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      r"$\leq\gamma$ (22) ... the last inequality is due to the relationship between $\beta$ and $\epsilon$."),
        variables=(real("epsilon", 0, 1), real("gamma", 0, 1)),
        statement=sp.Le((1 + 4 * eps) * beta, gamma),
        quantities={"epsilon": lambda c, m: m.num(c["epsilon"]), "gamma": lambda c, m: m.num(c["gamma"]),
                    "beta": lambda c, m: m.num(c["gamma"]) / (1 + 4 * m.num(c["epsilon"]))},
        strategy=cases(epsilon=reals(0, 1), gamma=reals(0, 1)),
        vacuous="β := γ/(1+4ε) as Theorem E.1 defines it makes (1+4ε)β = γ identically: true by construction",
        encoding="β := γ/(1+4ε) as E.1 defines it (an identity in exact arithmetic)",
    )


# ----------------------------------------------------------------------------- Section IV-F, the prose before Theorem IV.7
PRIMARY_PROSE = ("the radius log(1/γ)/(2nε) divides by the dataset size n (l.422): a fraction τ of the n records "
                 "changed, each change costing 2ε (ε-MBP ⇒ 2ε-LDP, the first step of E.1's proof), gives e^{2ετn} ≤ "
                 "1/γ, i.e. group privacy over records; reading MBP over whole datasets leaves n unexplained.")


def _group_claim(cid, where, reading):
    def eps_q(c, m):
        if reading == "group-privacy":
            r = rob.neighbour_ratio(c["K"])
            if r is None:
                raise OutsideDomain("no finite neighbour LDP level: the robustness radius is 0 (vacuous)")
            return m.log(m.num(r)) / 2
        x = m.mbp_level(c["K"], c["prior"])
        if m.is_pos_inf(x):
            raise OutsideDomain("infinite MBP level: the robustness radius is 0 (vacuous)")
        return x

    def gamma_q(c, m):
        return m.exp(-2 * eps_q(c, m) * rob.hamming(c["secret"], c["d2"]))

    def build(b, mm):
        n = 2**b
        return cases(prior=priors(n), K=channels(n, mm), secret=st.integers(0, n - 1), d2=st.integers(0, n - 1),
                     U=subsets(mm)).filter(lambda c: c["secret"] != c["d2"])

    note = ("ε := half the largest log-ratio between Hamming neighbours (M is 2ε-LDP between neighbouring "
            "datasets), group privacy over d_H(d, d') steps" if reading == "group-privacy" else
            "ε := the MBP level of (K, f_D) over whole datasets (every pair then 2ε-LDP)")
    group = reading == "group-privacy"
    return Claim(
        id=f"{cid}#{reading}",
        title="robustness radius log(1/γ)/(2nε): d_H(d,d') ≤ τn ⇒ Pr[M(d') ∈ U] ≤ β/γ",
        source=Source(SEED, where,
                      r"The robustness metric is defined as $(\frac{\log(1/\gamma)}{2n\epsilon},\alpha)$, representing the "
                      r"bounds within which the algorithm’s output is expected to vary. This level of robustness is "
                      r"probabilistically assured with a confidence of $1-\beta/\gamma$."),
        variables=(() if group else (simplex("prior"),)) + (channel("K", "rows: datasets in {0,1}^b, b = 2 or 3"),),
        statement=sp.Le(p_fail, beta / gamma),
        quantities={"P_fail": lambda c, m: m.num(rob.event_probability(c["K"][int(c["d2"])], c["U"])),
                    "beta": lambda c, m: m.num(rob.event_probability(c["K"][int(c["secret"])], c["U"])),
                    "gamma": gamma_q, "epsilon": eps_q, **({} if group else {"prior_min": prior_min})},
        hypotheses=() if group else (FULL_SUPPORT,),
        strategy=st.tuples(st.integers(2, 3), st.integers(2, 4)).flatmap(lambda t: build(*t)),
        reading=reading,
        primary=PRIMARY_PROSE if group else None,
        degenerate=fq.channel_says_nothing,
        encoding=("datasets d ∈ {0,1}^b (n = b records, rows of K indexed by the bits), U any output set, β := "
                  "Pr[M(d) ∈ U]; " + note + "; γ ∈ (0,1) set to the largest value whose radius "
                  "τn = log(1/γ)/(2ε) still covers d' (γ = e^{−2ε d_H(d,d')}), the hardest admissible"),
    )


def robustness_radius_readings(cid, where):
    """The robustness radius log(1/γ)/(2nε): group privacy over records (primary), and MBP over whole datasets."""
    return [_group_claim(cid, where, "group-privacy"), _group_claim(cid, where, "whole-dataset-mbp")]


# ----------------------------------------------------------------------------- robustness ⇒ privacy (abstract, Table III)
QUOTE_ROBUST_TO_PRIVATE = ("We also investigate the relationship between PAC robust learning and privacy preservation, "
                           "demonstrating how to derive PAC robustness from privacy-preserving algorithms and construct "
                           "privacy-preserving algorithms from PAC robust ones.")
QUOTE_TABLE_III = (r"TABLE III: relation between privacy and robustness. Reference Privacy Metric Robustness Metric "
                   r"Relation ... our work $\xi$-MBP $(\tau,\beta,\alpha)$-robust privacy $\Leftrightarrow$ robustness")
QUOTE_TABLE_III_ABP = (r"TABLE III: relation between privacy and robustness. Reference Privacy Metric Robustness Metric "
                       r"Relation ... [our work] $\epsilon$-ABP $(\tau,\beta,\alpha)$-robust robustness $\Rightarrow$ "
                       r"privacy")
VACUOUS_ABP_ROW = ("ε_p = √JS(F^A‖F^B) < √ln 2 for every mechanism when F^B = f_D has full support (JS reaches ln 2 only "
                   "for disjoint supports, and F^A ≪ f_D): the row prints no ε as a function of (τ, β, α), so 'ε-ABP' "
                   "for some non-trivial ε holds by construction, robust or not.")
ratio_min = sp.Symbol("posterior_over_prior_min", real=True)
p_robust = sp.Symbol("P_robust_fail", real=True)


def robust_failure(c, m):
    """max over every input d of Pr[|M(d) − μ| > α]: the smallest β of Definition IV.6 over all pairs d' ≠ d."""
    U = rob.bad_set(c["t"], c["mu"], c["alpha"])
    return m.num(rob.all_rows_max(c["K"], U)) if U else m.num(0)


def posterior_over_prior_min(c, m):
    """min over d and occurring w of f_{D|W}(d|w)/f_D(d) = e^{−ξ} at the MBP level ξ of Definition IV.3 (0 exactly
    where ξ = ∞: a margin ∞ − ∞ would decide nothing)."""
    return m.min(*[r for _, _, r in post_over_prior(c, m)])


def points_gap(c, m):
    """min over w ≠ w' of |t_w − t_w'|: > 0 when the released estimate t_w names its output w (M releases a point)."""
    t = c["t"]
    return m.num(min((abs(a - b) for i, a in enumerate(t) for b in t[i + 1:]), default=1))


def robustness_implies_privacy(cid, title, where, quote):
    """α-PAC-robust with probability 1 − β for some β < 1 ⇒ ξ-MBP for some finite ξ (no constant is printed)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, quote),
        variables=(simplex("prior", "f_D"), channel("K", "the estimator's law of outputs per input"),
                   vector("t", -2, 2, "output w estimates the point t_w ∈ R"), real("mu", -1, 1, "the statistic μ(P)"),
                   real("alpha", 0, 2, "the deviation threshold α")),
        statement=sp.Gt(ratio_min, 0),
        quantities={"posterior_over_prior_min": posterior_over_prior_min, "P_robust_fail": robust_failure,
                    "points_gap": points_gap, "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,
                    Hypothesis("the points t_w are distinct (M(d) = t_w is the release)", sp.Gt(sp.Symbol("points_gap"), 0)),
                    Hypothesis("M is α-PAC-robust with probability 1 − β for some β < 1 (Definition IV.6)",
                               sp.Lt(p_robust, 1))),
        strategy=robust_estimator_cases(),
        degenerate=fq.channel_says_nothing,
        encoding="finite estimator: M(d) releases the point t_w ∈ R with probability K[d, w], the points distinct (so "
                 "the release names w), ‖·‖ = |·|; the robustness hypothesis at its weakest (the smallest β "
                 "of Definition IV.6, max over every input of Pr[|M(d) − μ(P)| > α], below 1; Definition IV.6 "
                 "quantifies over all d' ≠ d, so every corruption ratio τ is covered); 'privacy' as the row's ξ-MBP "
                 "with any finite ξ, since no constant is printed: ξ < ∞ iff e^{−ξ} = min_{d,w} f(d|w)/f_D(d) > 0 (the "
                 "ratios are ≤ 1/f_D(d) < ∞ anyway), which is checked. A quantitative reading (ξ a function of τ, β, α) "
                 "is refuted by the same case",
    )


def robustness_implies_abp(cid, title, where, quote):
    """Table III's ε-ABP row: α-PAC-robust ⇒ ε-ABP for some ε below the trivial √ln 2 (no ε is printed)."""
    js_sym = sp.Symbol("JS_A_B", real=True)

    def js_after(c, m):
        K, prior = c["K"], c["prior"]
        return m.js(fq.belief_after_law(K, prior, K[int(c["secret"])], m), prior)

    strategy = robust_estimator_cases().flatmap(
        lambda c: st.integers(0, len(c["K"]) - 1).map(lambda d: {**c, "secret": d}))
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, quote),
        variables=(simplex("prior", "f_D = f^B_D"), channel("K", "the estimator's law of outputs per input"),
                   vector("t", -2, 2, "output w estimates the point t_w ∈ R"), real("mu", -1, 1, "the statistic μ(P)"),
                   real("alpha", 0, 2, "the deviation threshold α")),
        statement=sp.Lt(js_sym, sp.log(2)),
        quantities={"JS_A_B": js_after, "P_robust_fail": robust_failure, "points_gap": points_gap,
                    "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,
                    Hypothesis("the points t_w are distinct (M(d) = t_w is the release)", sp.Gt(sp.Symbol("points_gap"), 0)),
                    Hypothesis("M is α-PAC-robust with probability 1 − β for some β < 1 (Definition IV.6)",
                               sp.Lt(p_robust, 1))),
        strategy=strategy,
        degenerate=fq.channel_says_nothing,
        vacuous=VACUOUS_ABP_ROW,
        encoding="the robust estimators of s002.table.III.i; ε-ABP of Definition IV.1 with F^B = f_D and F^A the "
                 "posterior averaged over w ∼ K[d*, ·] (Theorem IV.5's primary mixing); 'privacy' as some ε below the "
                 "largest possible √ln 2: checks JS(F^A‖F^B) < ln 2",
    )
