"""Eqs. (11)/(18) — ξ read off at w* — and what Assumption D.1 (16) forces.

Assumption D.1: f_{D|W}(d|w*)/f_D(d) ≥ f_{D|W}(d|w)/f_D(d) for every w, with w* 'the true model
parameter'. Since Σ_d f_D(d)·f_{D|W}(d|w)/f_D(d) = 1 at every w, one common w* can satisfy it only
when the ratios are the same at every w, i.e. ξ = 0; the claims below check that quantitatively.
"""
from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Hypothesis, Source, channel, simplex
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s000.strategies import (SEED, identical_rows, near_identical_rows, prior_channel_cases)
from proofcheck.strategies import cases, channels, priors, sized

QUOTE_EQ11 = ("Given Assumption D.1, we can infer that ξ = max_d |log(f_{D|W}(d|w*)/f_D(d))|.  (11)  "
              "[Assumption D.1: for any w ∈ W, f_{D|W}(d|w*)/f_D(d) ≥ f_{D|W}(d|w)/f_D(d), (16)]")

PRIMARY_W_STAR = (
    "w*_d per secret: (16) is written for the d at hand ('the amount of Bayesian privacy leaked from the true "
    "parameter is maximum over all possible parameters', l.542-546: for any w, f(d|w*)/f(d) >= f(d|w)/f(d)), so a "
    "careful reader takes w* as the parameter that leaks most about that d, and (11)/(18) as ξ read off at it. Read "
    "with one w* for every d, Assumption D.1 admits only channels whose rows agree, where ξ = 0 "
    "(s000.claim.assumption-D.1-forces-xi-zero) and (11)/(18) say nothing; yet the paper goes on to estimate ξ at w* "
    "(Eq. (19)) and to use it in C2 = (e^(2ξ) - 1)/2 (Eq. (20)).")
FORCES_DEGENERATE_W_STAR = (
    "Assumption D.1 with one w* for every d admits only channels whose rows agree on the prior's support "
    "(Σ_d f_D(d)·f_{D|W}(d|w)/f_D(d) = 1 at every w, so the ratios at w* cannot dominate those at another w unless "
    "they are equal): both sides are ξ = 0 there (s000.claim.assumption-D.1-forces-xi-zero).")


def mbp_level(c, m):
    return m.mbp_level(c["K"], c["prior"])


def xi_at_w_star(c, m):
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
            return m.inf
        vals.append(m.abs(m.log(m.num(best))))
    return m.max(*vals)


def assumption_d1_gap(c, m):
    """max over d, w of ratio(d, w) − ratio(d, w*) for one common w* (the first maximiser of the
    ratio for secret 0): ≤ 0 exactly when Assumption D.1 holds with that w*."""
    K, prior = c["K"], c["prior"]
    marg = m.marginal(K, prior)
    ws = [w for w in range(len(marg)) if marg[w] > 0]
    r = [[K[d][w] / marg[w] for w in ws] for d in range(len(K))]
    j = max(range(len(ws)), key=lambda i: r[0][i])
    return m.num(max(r[d][i] - r[d][j] for d in range(len(K)) if prior[d] > 0 for i in range(len(ws))))


def xi_at_w_star_readings(cid, where):
    """Eq. (11)/(18) with w* chosen per secret (which makes (16) hold by construction: the primary reading), and
    with one common w* (Assumption D.1 as a hypothesis, which forces ξ = 0)."""
    return [
        Claim(
            id=f"{cid}#w-star-per-secret",
            title="ξ = max_d |log f(d|w*)/f(d)| with w* maximising the ratio for each d",
            source=Source(SEED, where, QUOTE_EQ11),
            variables=(simplex("prior"), channel("K")),
            statement=sp.Eq(sp.Symbol("xi"), sp.Symbol("xi_at_w_star")),
            quantities={"xi": mbp_level, "xi_at_w_star": xi_at_w_star},
            strategy=prior_channel_cases(),
            reading="w-star-per-secret",
            primary=PRIMARY_W_STAR,
            degenerate=fq.channel_says_nothing,
            encoding="w*_d := argmax_w f(d|w)/f(d) for each d, which makes (16) hold by construction; "
                     "ξ by Definition 4.2 against the right side of (11)",
        ),
        Claim(
            id=f"{cid}#common-w-star",
            title="under Assumption D.1 with one w* for all d: ξ = max_d |log f(d|w*)/f(d)|",
            source=Source(SEED, where, QUOTE_EQ11),
            variables=(simplex("prior"), channel("K")),
            statement=sp.Eq(sp.Symbol("xi"), sp.Symbol("xi_at_w_star")),
            quantities={"xi": mbp_level, "xi_at_w_star": xi_at_w_star, "gap": assumption_d1_gap},
            hypotheses=(Hypothesis("Assumption D.1 with a common w*", sp.Le(sp.Symbol("gap"), 0)),),
            strategy=sized(lambda n, mm: cases(prior=priors(n), K=st.one_of(channels(n, mm), identical_rows(n, mm)))),
            reading="common-w-star",
            degenerate=fq.channel_says_nothing,
            forces_degenerate=FORCES_DEGENERATE_W_STAR,
            encoding="Assumption D.1 as a hypothesis with one w* for every d. Since Σ_d f_D(d) ratio(d, w) = 1 for "
                     "every w, the assumption forces ratio(·, w) = ratio(·, w*) for all w, i.e. identical rows on the "
                     "support and ξ = 0: the search draws such channels besides random ones",
        ),
    ]


# ----------------------------------------------------------------------------- what Assumption D.1 forces
xi_sym, v_sym, fmin_sym = sp.symbols("xi v_w_star f_min", real=True)

QUOTE_D1_ASSUMPTION = ("Assumption D.1 We assume that the amount of Bayesian privacy leaked from the true parameter is "
                       "maximum over all possible parameters. That is, for any w ∈ W, we have that "
                       "f_{D|W}(d|w*)/f_D(d) ≥ f_{D|W}(d|w)/f_D(d), (16) where w* represents the true model parameter.")
ENCODING_FORCES_XI_ZERO = (
    "Assumption {assumption} read with one w* (the true parameter) for every d, as {uses} use it. v := min over w* of "
    "max over d, w of (ratio(d,w) − ratio(d,w*))_+, ratio = f_{{D|W}}(d|w)/f_D(d), is how far the channel is from "
    "satisfying it (v = 0 exactly when it holds). Checked on every channel: ξ ≤ −log(1 − 2v/min_d f_D(d)) where "
    "2v < min f_D (elsewhere the bound is +∞). Why: Σ_d f_D(d) ratio(d,w) = 1 at each w gives |ratio(d,w) − "
    "ratio(d,w*)| ≤ v/f_D(d), Σ_w P(w) ratio(d,w) = 1 gives |ratio(d,w*) − 1| ≤ v/f_D(d). At v = 0 (the "
    "assumption holds) the bound is 0: the assumption forces ξ = 0, identical rows on the prior's support.")


def assumption_forces_xi_zero(cid, source, assumption="D.1", eq="(16)", uses="(11)/(18)"):
    """'Assumption D.1/G.1 (one w* for every d) ⇒ ξ = 0', checked as the quantitative bound that gives it.
    Shared with seed 002 (its Assumption G.1, Eq. (29), used by (24)/(31), is the same)."""
    return Claim(
        id=cid,
        title=f"Assumption {assumption} with one w* forces ξ = 0: ξ ≤ −log(1 − 2v/min f_D), v = how far {eq} fails",
        source=source,
        variables=(simplex("prior", "f_D"), channel("K", "f_{W|D}")),
        statement=sp.Le(xi_sym, -sp.log(1 - 2 * v_sym / fmin_sym)),
        quantities={"xi": mbp_level, "v_w_star": fq.w_star_violation, "f_min": fq.min_prior_mass},
        hypotheses=(Hypothesis("2v < min_d f_D(d) (the bound is finite)", sp.Lt(2 * v_sym, fmin_sym)),),
        strategy=sized(lambda n, mm: cases(
            prior=priors(n), K=st.one_of(near_identical_rows(n, mm, 0.05), near_identical_rows(n, mm, 0.3),
                                          identical_rows(n, mm), channels(n, mm)))),
        degenerate=fq.channel_says_nothing,
        encoding=ENCODING_FORCES_XI_ZERO.format(assumption=assumption, uses=uses),
    )


def assumption_d1(cid, where):
    """Assumption D.1 (16), with Eqs. (11), (18) that use it."""
    return assumption_forces_xi_zero(cid, Source(SEED, where, QUOTE_D1_ASSUMPTION))
