"""From MBP to ABP in seed 002: Theorem IV.5 (= IV.6 = B.1 = D.1) under its readings of F^A (the law P^D the
posterior is averaged over, the prior the posterior is built from, the log's base), and the steps of Theorem
B.1's proof (Appendix B; Eqs. (12)–(14) of Appendix D repeat Eqs. (8)–(10)), each a separate statement.
"""
from __future__ import annotations

import math

import sympy as sp

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Source, channel, simplex
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s000.abp import js_at_true_secret, mbp_plus_closeness
from proofcheck.claims.s002.definitions import QUOTE_REM_JS
from proofcheck.claims.s002.from_000 import claim_of_000, from_000, with_full_support
from proofcheck.claims.s002.model import FULL_SUPPORT, mbp_level, prior_min
from proofcheck.claims.s002.strategies import ABP_VARIABLES, SEED, abp_cases

eps, eps_pm, eps_pa = sp.symbols("epsilon epsilon_pm epsilon_pa", real=True)

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


PRIMARY_ABP = ("l.262: f^A_D(d) = ∫ f_{D|W}(d|w) dP^D_k(w), P^D_k the law of the parameter client k releases, drawn "
               "from its actual data d*; the posterior is Definition IV.3's (from f_D), the one the hypothesis "
               "f_{D|W}(d|w)/f_D(d) ∈ [e^−ε_pm, e^ε_pm] bounds and the proof's Eq. (8) (l.620–623) uses to bound f^A "
               "by e^ε_pm f_D; natural logarithm (the bound is written with e^{ε_pm+ε}).")
VACUOUS_ABP = {
    "mix-marginal-attacker.post-attacker":
        "the posterior from f^B averaged over the marginal of W under f^B is f^B itself (law of total probability), "
        "so F^A = F^B and ε_pa = 0 for every mechanism: the bound holds by construction.",
}


def abp_bound(t):
    """The printed bound √(t(e^t − 1))/√2 at t = ε_pm + ε."""
    return sp.sqrt(t * (sp.exp(t) - 1)) / sp.sqrt(2)


def _abp_reading(cid, where, quote, reading, mixing, post, unit, note):
    def eps_pa_q(c, m):
        js = m.js(fq.belief_after(c, m, mixing, post), c["belief"])
        return m.sqrt(js / m.log(m.num(2))) if unit == "bits" else m.sqrt(js)

    return Claim(
        id=f"{cid}#{reading}",
        title=f"ε_pm-MBP and ε-close attacker prior ⇒ ε_pa ≤ √((ε_pm+ε)(e^(ε_pm+ε)−1)/2)  [{reading}]",
        source=Source(SEED, where, quote),
        variables=ABP_VARIABLES,
        statement=sp.Le(eps_pa, abp_bound(eps_pm + eps)),
        quantities={"epsilon_pa": eps_pa_q,
                    "epsilon_pm": lambda c, m: fq.mbp_level_general(c, m, post),
                    "epsilon": fq.closeness,
                    "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=abp_cases(),
        reading=reading,
        primary=PRIMARY_ABP if reading == "mix-at-true-secret" else None,
        vacuous=VACUOUS_ABP.get(reading),
        degenerate=fq.channel_says_nothing,
        encoding=("ε_pa = √JS(F^A‖F^B) (Definition IV.1), F^B = f^B the attacker prior; " + note + ". ε_pm := "
                  "max over occurring w and d of |log f_{D|W}(d|w)/f_D(d)| (posterior " +
                  ("from f_D" if post == "true" else "from f^B, ratio to the true f_D as printed") +
                  "), ε := max_d |log f^B(d)/f_D(d)| (both the smallest admissible)."),
    )


def abp_bound_readings(cid, where, quote):
    """Theorem IV.5's bound under each reading of F^A (ABP_READINGS)."""
    return [_abp_reading(cid, where, quote, *r) for r in ABP_READINGS]


# ----------------------------------------------------------------------------- Appendix B, proof of Theorem B.1
t_sym, amax_sym, mb_sym, kl_form, js_ref = sp.symbols("t A_over_B_slack M_over_B kl_form js_ref", real=True)


def chain_slack(direction):
    """The slack of the last two links of Eq. (8) ('up'): max_d max(log f^A/f_D − ε_pm, log f^A/f^B − (ε_pm+ε));
    of Eq. (9) ('down'): the same for the reversed ratios."""
    def q(c, m):
        A = fq.belief_after(c, m, "secret")
        B, P = c["belief"], c["prior"]
        epm = m.mbp_level(c["K"], P)
        if m.is_pos_inf(epm):
            raise OutsideDomain("no finite MBP level: the chain is vacuous")
        t = epm + fq.closeness(c, m)
        vals = []
        for a, b, p in zip(A, B, P):
            if a == 0 or b == 0 or p == 0:
                return m.inf
            s = 1 if direction == "up" else -1
            vals += [s * m.log(m.num(a / p)) - epm, s * m.log(m.num(a / b)) - t]
        return m.max(*vals)
    return q


def max_abs_log_m_over_b(c, m):
    """max_d |log f^M/f^B| (F^A at the true secret)."""
    if any(b == 0 for b in c["belief"]):
        # Theorem B.1 assumes f^B(d)/f_D(d) ∈ [e^−ε, e^ε] (l.589–591): f^B has f_D's full support
        raise OutsideDomain("f^B_D has a zero entry: f^M/f^B is undefined there and f^B is not ε-close to f_D "
                            "for any finite ε")
    A = fq.belief_after(c, m, "secret")
    return m.max(*[m.abs(m.log(m.num(((a + b) / 2) / b))) for a, b in zip(A, c["belief"])])


def _b1_step(cid, title, where, quote, statement, quantities, encoding):
    return Claim(
        id=cid, title=title, source=Source(SEED, where, quote), variables=ABP_VARIABLES, statement=statement,
        quantities={**quantities, "prior_min": prior_min}, hypotheses=(FULL_SUPPORT,), strategy=abp_cases(),
        reading="mix-at-true-secret", degenerate=fq.channel_says_nothing,
        encoding=encoding + " F^A under the mix-at-true-secret reading, posterior from f_D; ε_pm := MBP level of "
                            "(K, f_D), ε := max_d |log f^B/f_D|.")


QUOTE_EQ8 = (r"$f^{\mathcal{A}}_{D}(d)=\int_{\mathcal{W}}f_{{D}|{W}}(d|w)dP^{\mathcal{D}}_{W}(w)\leq ... \leq "
             r"e^{\epsilon_{p,m}}\cdot f_{D}(d)\leq e^{\epsilon_{p,m}+\epsilon}\cdot f^{\mathcal{B}}_{D}(d)$")
QUOTE_EQ9 = (r"$f^{\mathcal{A}}_{D}(d)=\int_{\mathcal{W}}f_{{D}|{W}}(d|w)dP^{\mathcal{D}}_{W}(w)\geq ... \geq "
             r"e^{-\epsilon_{p,m}}\cdot f_{D}(d)\geq e^{-(\epsilon_{p,m}+\epsilon)}\cdot f^{\mathcal{B}}_{D}(d)$")
QUOTE_EQ10 = r"$\left|\log\left(\frac{f_{D}^{\mathcal{M}}(d)}{f^{\mathcal{B}}_{D}(d)}\right)\right|\leq\epsilon_{p,m}+\epsilon.$"


def js_as_two_kl(c, m):
    """½KL(F^A‖F^M) + ½KL(F^B‖F^M) with the path's KL."""
    A, B = fq.belief_after(c, m, "secret"), c["belief"]
    return (m.kl(A, [(a + b) / 2 for a, b in zip(A, B)]) + m.kl(B, [(a + b) / 2 for a, b in zip(A, B)])) / 2


def js_by_entropies(c, m):
    """JS(F^A‖F^B) by the path's second route (scipy's relative entropy; the entropy identity)."""
    return m.js_by_entropies(fq.belief_after(c, m, "secret"), c["belief"])


def step_of_000(cid_000, cid, where, quote):
    """A step of Theorem B.1's proof that 000 prints too: 000's claim, this paper's id and source, f_D's full
    support as a hypothesis."""
    return with_full_support(from_000(claim_of_000(cid_000), cid, where, quote))


def js_two_kl_form(cid, title, where):
    """l.607–609: JS = ½[KL(F^A‖F^M) + KL(F^B‖F^M)], two independent routes."""
    return _b1_step(cid, title, where, QUOTE_REM_JS, sp.Eq(kl_form, js_ref),
                    {"kl_form": js_as_two_kl, "js_ref": js_by_entropies},
                    "route 1: the engine's KL twice; route 2: scipy's relative entropy / the entropy form.")


def ratio_step(cid, where):
    """l.612: f^A/f^M ≤ f^M/f^B (000's proof step)."""
    return step_of_000("s000.claim.B1-ratio-step", cid, where,
                       r"where the inequality is due to $\frac{f^{\mathcal{A}}_{D}(d)}{f^{\mathcal{M}}_{D}(d)}\leq"
                       r"\frac{f^{\mathcal{M}}_{D}(d)}{f^{\mathcal{B}}_{D}(d)}$")


def js_le_weighted_tv(cid, where):
    """l.616: JS ≤ ½∫|f^A − f^B||log f^M/f^B| (000's proof step)."""
    return step_of_000("s000.claim.B1-js-le-weighted-tv", cid, where,
                       r"$JS(F^{\mathcal{A}}||F^{\mathcal{B}})\leq\frac{1}{2}\left[\int_{\mathcal{D}}\left|f^{\mathcal{A}}_{D}"
                       r"(d)-f^{\mathcal{B}}_{D}(d)\right|\left|\log\frac{f^{\mathcal{M}}_{D}(d)}{f^{\mathcal{B}}_{D}(d)}"
                       r"\right|\textbf{d}\mu(d)\right].$")


def belief_upper_chain(cid, where):
    """Eq. (8) (= (12)): f^A(d) ≤ e^ε_pm f_D(d) ≤ e^(ε_pm+ε) f^B(d)."""
    return _b1_step(cid, "f^A(d) ≤ e^ε_pm f_D(d) ≤ e^(ε_pm+ε) f^B(d)", where, QUOTE_EQ8,
                    sp.Le(amax_sym, 0), {"A_over_B_slack": chain_slack("up")},
                    "the largest slack (left − right, in logs) of the chain's last two links over d.")


def belief_lower_chain(cid, where):
    """Eq. (9) (= (13)): f^A(d) ≥ e^−ε_pm f_D(d) ≥ e^−(ε_pm+ε) f^B(d)."""
    return _b1_step(cid, "f^A(d) ≥ e^−ε_pm f_D(d) ≥ e^−(ε_pm+ε) f^B(d)", where, QUOTE_EQ9,
                    sp.Le(amax_sym, 0), {"A_over_B_slack": chain_slack("down")},
                    "the largest slack (in logs) of the chain's last two links over d.")


def log_ratio_a_b(cid, where):
    """l.634: |log f^A/f^B| ≤ ε_pm + ε (000's proof step, Eqs. (7)–(8))."""
    return step_of_000("s000.claim.B1-eq-7-8", cid, where,
                       r"$\left|\log\left(\frac{f^{\mathcal{A}}_{D}(d)}{f^{\mathcal{B}}_{D}(d)}\right)\right|\leq"
                       r"\epsilon_{p,m}+\epsilon.$")


def log_ratio_m_b(cid, where):
    """Eq. (10) (= (14)): |log f^M/f^B| ≤ ε_pm + ε (000's proof step, Eq. (9))."""
    return step_of_000("s000.claim.B1-eq-9", cid, where, QUOTE_EQ10)


def log_ratio_m_b_sharp(cid, title, where):
    """Eq. (10) sharpened: |log f^M/f^B| ≤ log((1 + e^(ε_pm+ε))/2)."""
    return _b1_step(
        cid, title, where, QUOTE_EQ10, sp.Le(mb_sym, sp.log((1 + sp.exp(t_sym)) / 2)),
        {"M_over_B": max_abs_log_m_over_b, "t": mbp_plus_closeness},
        "f^M/f^B = (f^A/f^B + 1)/2 ∈ [(1+e^−t)/2, (1+e^t)/2] and t − log((1+e^t)/2) ≤ log((1+e^t)/2).")


def weighted_tv_bound(cid, where):
    """l.652–653: ½∫|f^A − f^B||log f^M/f^B| ≤ ½(ε_pm+ε)(e^(ε_pm+ε) − 1) (000's proof step)."""
    return step_of_000("s000.claim.B1-final-step", cid, where,
                       r"$\leq\frac{1}{2}(\epsilon_{p,m}+\epsilon)\cdot\left(e^{\epsilon_{p,m}+\epsilon}-1\right)$")


def js_bound(cid, title, where):
    """l.652–653, the chain's two ends: JS(F^A‖F^B) ≤ ½(ε_pm+ε)(e^(ε_pm+ε) − 1)."""
    return _b1_step(
        cid, title, where,
        r"$JS(F^{\mathcal{A}}||F^{\mathcal{B}})\leq ... \leq\frac{1}{2}(\epsilon_{p,m}+\epsilon)\cdot\left("
        r"e^{\epsilon_{p,m}+\epsilon}-1\right)$",
        sp.Le(sp.Symbol("JS_AB"), t_sym * (sp.exp(t_sym) - 1) / 2),
        {"JS_AB": js_at_true_secret, "t": mbp_plus_closeness},
        "the two ends of the chain.")


def l1_bound(cid, where):
    """l.652–653 (implicit): ∫|f^A − f^B| ≤ e^(ε_pm+ε) − 1 (000's proof step)."""
    return step_of_000("s000.claim.B1-l1-step", cid, where,
                       r"(implicit) $\int_{\mathcal{D}}|f^{\mathcal{A}}_{D}(d)-f^{\mathcal{B}}_{D}(d)|\textbf{d}\mu(d)\leq "
                       r"e^{\epsilon_{p,m}+\epsilon}-1$")


# ----------------------------------------------------------------------------- Table II, row 'Our Work'
def table_mbp_implies_abp(cid, title, where):
    """Table II's 'MBP ⇒ ABP': Theorem IV.5 with f^B = f_D (ε = 0), any full-support prior."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      r"Our Work $\xi$-MBP, $\epsilon$-ABP ... MBP $\Rightarrow$ ABP"),
        variables=(simplex("prior", "f_D = f^B"), channel("K"), simplex("law")),
        statement=sp.Le(eps_pa, abp_bound(eps_pm)),
        quantities={"epsilon_pa": lambda c, m: m.sqrt(m.js(fq.belief_after(c, m, "secret"), c["prior"])),
                    "epsilon_pm": mbp_level, "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=abp_cases(),
        degenerate=fq.channel_says_nothing,
        encoding="ε_pa = √JS(F^A‖f_D), F^A = Σ_w f_{D|W}(·|w)K[d*,w] (mix-at-true-secret), the attacker's prior "
                 "the true one; ε_pm := MBP level of (K, f_D); prior unstated: any full-support prior",
    )
