"""Definitions 4.1, 4.2 and 5.1 checked as measures: each level computed by two routes that share no
derivation (an identity between them)."""
from __future__ import annotations

import sympy as sp

from proofcheck.claim import Claim, Source, channel, simplex
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s000.strategies import SEED
from proofcheck.strategies import cases, channels, priors, sized


def js_two_kl(c, m):
    """½KL(p‖M) + ½KL(q‖M), M = (p + q)/2, with the path's KL (the Remark's discrete form)."""
    return (m.kl(c["p"], fq.mid(c, m)) + m.kl(c["q"], fq.mid(c, m))) / 2


def js_by_entropies(c, m):
    """JS(p‖q) by the path's second route (scipy's relative entropy; the entropy identity)."""
    return m.js_by_entropies(c["p"], c["q"])


def abp_js_forms(cid, title, where):
    """Definition 4.1 and its Remark: √JS by the two-KL form equals an independent JS."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      "JS(F^A||F^B) = ½[KL(F^A||F^M) + KL(F^B||F^M)] = ½Σ f^A log(f^A/f^M) + ½Σ f^B log(f^B/f^M)."),
        variables=(simplex("p"), simplex("q")),
        statement=sp.Eq(sp.Symbol("JS_two_KL"), sp.Symbol("JS_reference")),
        quantities={"JS_two_KL": js_two_kl, "JS_reference": js_by_entropies},
        strategy=sized(lambda n, mm: cases(p=priors(n), q=priors(n))),
        encoding="route 1: ½KL(A‖M)+½KL(B‖M) with the engine's KL; route 2 (m.js_by_entropies): scipy's relative "
                 "entropy on the float path and the entropy form H(M) − ½H(A) − ½H(B) on the certified path",
    )


def mbp_level_two_routes(cid, title, where):
    """Definition 4.2: the MBP level from the posterior formed by Bayes' rule equals the engine's shortcut."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, "∀w ∈ W, ∀d ∈ D, −ξ ≤ log(f_{D|W}(d|w)/f_D(d)) ≤ ξ."),
        variables=(simplex("prior"), channel("K")),
        statement=sp.Eq(sp.Symbol("xi_posterior"), sp.Symbol("xi_shortcut")),
        quantities={"xi_posterior": fq.mbp_level_from_posterior,
                    "xi_shortcut": lambda c, m: m.mbp_level(c["K"], c["prior"])},
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm))),
        encoding="route 1: form the posterior matrix by Bayes' rule and take max |log posterior/prior|; "
                 "route 2: the engine's max |log K[d,w]/P(w)| (no posterior formed)",
    )


def ldp_level_two_routes(cid, title, where):
    """Definition 5.1: the sup over output sets equals the pointwise max over single outputs."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      "∀ possible datasets d and d', for all subset S of the output space, "
                      "Pr[M(d) ∈ S]/Pr[M(d') ∈ S] ≤ e^ε."),
        variables=(channel("K"),),
        statement=sp.Eq(sp.Symbol("eps_sets"), sp.Symbol("eps_pointwise")),
        quantities={"eps_sets": fq.ldp_level_over_sets, "eps_pointwise": lambda c, m: m.ldp_level(c["K"])},
        strategy=sized(lambda n, mm: cases(K=channels(n, min(mm, 5)))),
        encoding="route 1: max over all d, d' and all 2^m − 1 non-empty output sets S (exact enumeration); "
                 "route 2: the engine's pointwise max over single outputs",
    )
