"""Eqs. (24)/(31) — ξ read off at w* under Assumption G.1 (29) — and what the assumption forces (000's
Assumption D.1: one common w* admits only identical rows on the prior's support, hence ξ = 0).

The primary reading takes w* per secret (the only reading that is neither degenerate nor true by construction);
it fails wherever the largest |log ratio| of (23) is a ratio below 1, which no maximiser of (29) sees.
"""
from __future__ import annotations

import math

import sympy as sp
from hypothesis import strategies as st

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Source, channel, simplex
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s000.strategies import identical_rows
from proofcheck.claims.s000.w_star import assumption_forces_xi_zero
from proofcheck.claims.s002.from_000 import with_full_support
from proofcheck.claims.s002.model import FULL_SUPPORT, mbp_level, post_over_prior, prior_min
from proofcheck.claims.s002.strategies import SEED, prior_channel_cases
from proofcheck.strategies import cases, priors, sized

QUOTE_EQ24 = (r"Given Assumption G.1, we can infer that $\xi=\max_{d}\left|\log\left(\frac{f_{D|W}(d|w^{*})}{f_{D}(d)}"
              r"\right)\right|.$ (24) [Assumption G.1, (29): for any $w\in\mathcal{W}$, "
              r"$\frac{f_{D|W}(d|w^{*})}{f_{D}(d)}\geq\frac{f_{D|W}(d|w)}{f_{D}(d)},$]")
QUOTE_EQ31 = (r"$\xi=\max_{d\in\mathcal{D}}\left|\log\left(\frac{f_{D|W}(d|w^{*})}{f_{D}(d)}\right)\right|.$ (31) "
              r"[under Assumption G.1, (29)]")


def ratio_table(c, m):
    """{(d, w): f_{D|W}(d|w)/f_D(d)} over occurring w, by the posterior matrix."""
    return {(d, w): r for d, w, r in post_over_prior(c, m)}


def xi_at(c, m, pairs):
    """max |log r| over the given ratios r (+∞ when one is 0)."""
    vals = []
    for r in pairs:
        if r == 0:
            return m.inf
        vals.append(m.abs(m.log(m.num(r))))
    return m.max(*vals)


def xi_at_w_star(reading):
    """The right side of (24): max_d |log f(d|w*)/f(d)| with w* chosen as the reading says."""
    def q(c, m):
        tab = ratio_table(c, m)
        ds = sorted({d for d, _ in tab})
        ws = sorted({w for _, w in tab})
        if reading == "wstar-per-d":
            return xi_at(c, m, [max(tab[(d, w)] for w in ws) for d in ds])
        if reading == "wstar-common":
            w = common_w_star(c, m, tab, ds, ws)
            if w is None:
                raise OutsideDomain("no single w* satisfies (29) for every d")
            return xi_at(c, m, [tab[(d, w)] for d in ds])
        # wstar-is-argmax-of-abs: w* maximises max_d |log ratio| (compared without logs: max(r, 1/r))
        def dev(w):
            return max(max(tab[(d, w)], 1 / tab[(d, w)]) if tab[(d, w)] > 0 else m.inf for d in ds)
        w = max(ws, key=dev)
        return xi_at(c, m, [tab[(d, w)] for d in ds])
    return q


def common_w_star(c, m, tab, ds, ws):
    """An output w* satisfying (29) for every d, or None."""
    # no float tolerance: a case admitted by floats but not by exact arithmetic could never be certified
    for w in ws:
        if all(tab[(d, w)] >= tab[(d, v)] for d in ds for v in ws):
            return w
    return None


PRIMARY_W_STAR = (
    "w*_d per secret: (29) is written for the d at hand ('the amount of Bayesian privacy leaked from the true "
    "parameter is maximum over all possible parameters', l.918-924: for any w, f(d|w*)/f(d) >= f(d|w)/f(d)), so "
    "a careful reader takes w* as the parameter that leaks most about that d, and (24)/(31) as ξ read off at it. "
    "Read with one w* for every d, Assumption G.1 admits only channels whose rows agree, where ξ = 0 "
    "(s002.claim.assumption-G.1-forces-xi-zero) and (24)/(31) say nothing; yet the paper goes on to estimate ξ at "
    "w* (Eqs. (25), (32)) and to use it in C2 = (e^(2ξ) - 1)/2 (Eq. (33)). A w* chosen to make (24) hold (the "
    "argmax of |log ratio|) is not Assumption G.1.")
# Of the other two readings, one holds only because its hypotheses force ξ = 0, the other by construction.
FORCES_DEGENERATE_EQ24 = {
    "wstar-common": ("Assumption G.1 with one w* for every d admits only channels whose rows agree on the prior's "
                     "support (Σ_d f_D(d)·f_{D|W}(d|w)/f_D(d) = 1 at every w, so the ratios at w* cannot dominate "
                     "those at another w unless they are equal): both sides are ξ = 0 there "
                     "(s002.claim.assumption-G.1-forces-xi-zero)."),
}
VACUOUS_EQ24 = {
    "wstar-is-argmax-of-abs": ("w* := the output maximising max_d |log f(d|w)/f(d)| turns (24) into the definition (23) "
                               "with its maxima taken in the other order: true by construction."),
}


def xi_at_w_star_readings(cid, where, quote):
    """Eq. (24) (= (31)) under each reading of w*: per secret (primary), one common w* (its hypotheses force
    ξ = 0), the argmax of |log ratio| (true by construction)."""
    out = []
    for reading, note in (
            ("wstar-per-d", "w*_d := argmax_w f(d|w)/f(d) chosen for each d (each satisfies (29) for its d)"),
            ("wstar-common", "one w* satisfying (29) for every d (the case is outside the domain otherwise)"),
            ("wstar-is-argmax-of-abs", "w* := argmax_w max_d |log f(d|w)/f(d)|")):
        strat = prior_channel_cases()
        if reading == "wstar-common":
            strat = st.one_of(strat, sized(lambda n, mm: cases(prior=priors(n), K=identical_rows(n, mm))))
        out.append(Claim(
            id=f"{cid}#{reading}",
            title=f"ξ of Eq. (23) = max_d |log f(d|w*)/f(d)| under Assumption G.1  [{reading}]",
            source=Source(SEED, where, quote),
            variables=(simplex("prior"), channel("K")),
            statement=sp.Eq(sp.Symbol("xi_23"), sp.Symbol("xi_24")),
            quantities={"xi_23": mbp_level, "xi_24": xi_at_w_star(reading), "prior_min": prior_min},
            hypotheses=(FULL_SUPPORT,),
            strategy=strat,
            reading=reading,
            primary=PRIMARY_W_STAR if reading == "wstar-per-d" else None,
            vacuous=VACUOUS_EQ24.get(reading),
            forces_degenerate=FORCES_DEGENERATE_EQ24.get(reading),
            degenerate=fq.channel_says_nothing,
            encoding=f"ξ (23) := the MBP level of (K, f_D); {note}",
        ))
    return out


QUOTE_G1_ASSUMPTION = (r"We assume that the amount of Bayesian privacy leaked from the true parameter is maximum over all "
                       r"possible parameters. That is, for any $w\in\mathcal{W}$, we have that $\frac{f_{D|W}(d|w^{*})}"
                       r"{f_{D}(d)}\geq\frac{f_{D|W}(d|w)}{f_{D}(d)},$ (29) where $w^{*}$ represents the true model "
                       r"parameter.")


def assumption_g1(cid, where):
    """Assumption G.1 (29) with one w* forces ξ = 0 (000's Assumption D.1 claim, full support required)."""
    return with_full_support(assumption_forces_xi_zero(cid, Source(SEED, where, QUOTE_G1_ASSUMPTION),
                                                       assumption="G.1", eq="(29)", uses="(24)/(31)"))
