"""From MBP to ABP: Theorem 5.4 (= Theorem B.1 = Eq. (1)) under its three readings of F^A, and the
steps of Theorem B.1's proof (Appendix B), each a separate statement.

ε_pa = √JS(F^A‖F^B) (Definition 4.1, natural log). ε_pm and ε are set to the smallest values for
which the hypotheses hold (the bound is non-decreasing in both).
"""
from __future__ import annotations

import sympy as sp

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Source, channel, simplex
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s000.strategies import SEED, abp_cases

eps, eps_pm, eps_pa = sp.symbols("epsilon epsilon_pm epsilon_pa", real=True)
js_ab, tvlog, c_sym, amb, mmb, sumabs = sp.symbols(
    "JS_AB TVlog c A_over_M_minus_M_over_B max_log_ratio sum_abs", real=True)

QUOTE_T54 = ("Assume that the prior belief of the attacker satisfies that f^B_D(d)/f_D(d) ∈ [e^{−ε}, e^{ε}]. ... "
             "suppose privacy-preserving mapping f_{W|D}(·|·) ensuring ε_{p,m}-Maximum Bayesian Privacy. Namely, "
             "f_{D|W}(d|w)/f_D(d) ∈ [e^{−ε_{p,m}}, e^{ε_{p,m}}], for any w ∈ W. Then ... "
             "ε_{p,a} ≤ (1/√2) √((ε_{p,m} + ε)·(e^{ε_{p,m}+ε} − 1))")

PRIMARY_ABP = ("Section 4 (l.179) defines F^A as the attacker's belief 'when observing the protected information', "
               "f^A_D(d) = ∫ f_{D|W}(d|w) dP^D(w), P^D the law of the released (protected) information, which the "
               "mechanism draws from the actual private data d*; the posterior is Definition 4.2's (from f_D), the "
               "one the hypothesis f_{D|W}(d|w)/f_D(d) ∈ [e^−ε_pm, e^ε_pm] bounds and the proof (Eqs. (7)–(8)) uses.")

READINGS_ABP = (
    ("mix-at-true-secret", "secret", "P^D_W is the law of W given the true secret d* (the released w is drawn from K[d*,:])."),
    ("mix-marginal", "marginal", "P^D_W is the marginal law of W under the prior (then F^A = f_D exactly)."),
    ("mix-any-law", "law", "P^D_W is any law over the outputs that occur (the statement's 'for any w')."),
)

_ABP_VARIABLES = (simplex("prior", "f_D"), channel("K", "f_{W|D}"), simplex("belief", "f^B_D, the attacker's prior belief"),
                  simplex("law", "a law of the released w (used by the any-law reading)"))


def _abp_reading(cid, where, reading, mixing, note):
    return Claim(
        id=f"{cid}#{reading}",
        title=f"ε_pm-MBP and ε-close belief ⇒ ε_pa ≤ √((ε_pm+ε)(e^(ε_pm+ε)−1)/2)  [{reading}]",
        source=Source(SEED, where, QUOTE_T54),
        variables=_ABP_VARIABLES,
        statement=sp.Le(eps_pa, sp.sqrt((eps_pm + eps) * (sp.exp(eps_pm + eps) - 1)) / sp.sqrt(2)),
        quantities={
            "epsilon_pa": lambda c, m: m.sqrt(m.js(fq.belief_after(c, m, mixing), c["belief"])),
            "epsilon_pm": lambda c, m: m.mbp_level(c["K"], c["prior"]),
            "epsilon": fq.closeness,
        },
        strategy=abp_cases(),
        reading=reading,
        primary=PRIMARY_ABP if reading == "mix-at-true-secret" else None,
        degenerate=fq.channel_says_nothing,
        encoding="ε_pa = √JS(F^A‖F^B) (Definition 4.1, natural log); posterior from the true prior f_D; "
                 "ε_pm := MBP level of (K, f_D), ε := max_d |log f^B_D(d)/f_D(d)| (smallest admissible). " + note,
    )


def abp_bound_readings(cid, where):
    """Theorem 5.4's bound under each reading of P^D (the law F^A averages the posterior over)."""
    return [_abp_reading(cid, where, r, mix, note) for r, mix, note in READINGS_ABP]


# ----------------------------------------------------------------------------- Appendix B, proof of Theorem B.1
PROOF_B1 = "Appendix B, proof of Theorem B.1"


def _b1_step(cid, title, statement, quantities, encoding):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, PROOF_B1, encoding),
        variables=(simplex("prior"), channel("K"), simplex("belief"), simplex("law")),
        statement=statement,
        quantities=quantities,
        strategy=abp_cases(),
        degenerate=fq.channel_says_nothing,
        encoding=encoding + " F^A under the mix-at-true-secret reading.",
    )


def js_at_true_secret(c, m):
    return m.js(fq.belief_after(c, m, "secret"), c["belief"])


def weighted_tv(c, m):
    """½ Σ_d |f^A − f^B| |log f^M/f^B| (the proof's bound on JS)."""
    A = fq.belief_after(c, m, "secret")
    B = _full_support_belief(c["belief"])
    M = [(a + b) / 2 for a, b in zip(A, B)]
    total = m.num(0)
    for a, b, mm in zip(A, B, M):
        if a != b:
            total = total + m.abs(m.num(a - b)) * m.abs(m.log(m.num(mm / b)))
    return total / 2


def mbp_plus_closeness(c, m):
    """ε_pm + ε, both the smallest admissible."""
    return m.mbp_level(c["K"], c["prior"]) + fq.closeness(c, m)


def _full_support_belief(B):
    # the proof's ratios f^A/f^B, f^M/f^B are defined where the belief has full support
    if any(b == 0 for b in B):
        raise OutsideDomain("f^B_D has a zero entry: the ratios of this proof step are undefined")
    return B


def max_log_ratio(which):
    """max_d |log f^A/f^B| ('A') or max_d |log f^M/f^B| ('M')."""
    def q(c, m):
        A = fq.belief_after(c, m, "secret")
        B = _full_support_belief(c["belief"])
        vals = []
        for a, b in zip(A, B):
            top = a if which == "A" else (a + b) / 2
            if top == 0:  # f^A(d) = 0 < f^B(d) (a secret of prior probability 0): |log 0| = +∞ exactly
                return m.inf
            vals.append(m.abs(m.log(m.num(top / b))))
        return m.max(*vals)
    return q


def l1_distance(c, m):
    A = fq.belief_after(c, m, "secret")
    return sum((m.abs(m.num(a - b)) for a, b in zip(A, c["belief"])), m.num(0))


def ratio_gap(c, m):
    # max_d [A/M − M/B]: the proof's step A/M ≤ M/B is this being ≤ 0
    A = fq.belief_after(c, m, "secret")
    B = _full_support_belief(c["belief"])
    return m.max(*[m.num(a / ((a + b) / 2) - ((a + b) / 2) / b) for a, b in zip(A, B)])


def js_le_weighted_tv(cid, title):
    return _b1_step(cid, title, sp.Le(js_ab, tvlog), {"JS_AB": js_at_true_secret, "TVlog": weighted_tv},
                    "First display of the proof: JS(F^A||F^B) ≤ ½∫|f^A_D − f^B_D| |log f^M_D/f^B_D| dμ.")


def ratio_step(cid, title):
    return _b1_step(cid, title, sp.Le(amb, 0), {"A_over_M_minus_M_over_B": ratio_gap},
                    "The inequality is due to f^A_D(d)/f^M_D(d) ≤ f^M_D(d)/f^B_D(d), for every d.")


def log_ratio_a_b(cid, title):
    return _b1_step(cid, title, sp.Le(mmb, c_sym), {"max_log_ratio": max_log_ratio("A"), "c": mbp_plus_closeness},
                    "Combining Eq. (7) and Eq. (8): |log(f^A_D(d)/f^B_D(d))| ≤ ε_{p,m} + ε.")


def log_ratio_m_b(cid, title):
    return _b1_step(cid, title, sp.Le(mmb, c_sym), {"max_log_ratio": max_log_ratio("M"), "c": mbp_plus_closeness},
                    "Eq. (9): |log(f^M_D(d)/f^B_D(d))| ≤ ε_{p,m} + ε.")


def weighted_tv_bound(cid, title):
    return _b1_step(cid, title, sp.Le(tvlog, c_sym * (sp.exp(c_sym) - 1) / 2),
                    {"TVlog": weighted_tv, "c": mbp_plus_closeness},
                    "Last display: ½∫|f^A−f^B||log f^M/f^B| ≤ ½(ε_{p,m}+ε)(e^{ε_{p,m}+ε}−1).")


def l1_bound(cid, title):
    return _b1_step(cid, title, sp.Le(sumabs, sp.exp(c_sym) - 1), {"sum_abs": l1_distance, "c": mbp_plus_closeness},
                    "Implicit in the last display: ∫|f^A_D − f^B_D| dμ ≤ e^{ε_{p,m}+ε} − 1.")
