"""What seed 002's sections share (its model): privacy levels, posterior/prior ratios and their extremes.

Each is a function ``(case, m)`` on both evaluation paths. Secrets of prior probability zero make
f_{D|W}(d|w)/f_D(d) a 0/0: every prior-based claim assumes full support (:data:`FULL_SUPPORT`).
An undefined posterior entry (an output of probability zero) is NaN on the float path and None on the
certified path: :func:`proofcheck.claims.finite_quantities.undefined` tells either.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Hypothesis
from proofcheck.claims import finite_quantities as fq

p_min = sp.Symbol("prior_min", real=True)
FULL_SUPPORT = Hypothesis("f_D has full support (posterior/prior is 0/0 otherwise)", sp.Gt(p_min, 0))


def prior_min(c, m):
    return m.num(min(c["prior"]))


def ldp_level(c, m):
    return m.ldp_level(c["K"])


def mbp_level(c, m):
    return m.mbp_level(c["K"], c["prior"])


def post_over_prior(c, m, key="prior"):
    """[(d, w, f_{D|W}(d|w)/f_D(d))] over occurring w and d with f_D(d) > 0, via the posterior matrix."""
    post = m.posterior(c["K"], c[key])
    out = []
    for d, (row, p) in enumerate(zip(post, c["prior"])):
        if p == 0:
            continue
        for w, x in enumerate(row):
            if not fq.undefined(x, m):
                out.append((d, w, x / p))
    return out


def log_ratio_extreme(which: str):
    """max_{d,w} log(f_{D|W}(d|w)/f_D(d)) ('max'), or max_{d,w} −log(...) ('neg-min')."""
    def q(c, m):
        vals = []
        for _, _, r in post_over_prior(c, m):
            if r == 0:
                if which == "neg-min":
                    return m.inf
                continue
            v = m.log(m.num(r))
            vals.append(v if which == "max" else -v)
        return m.max(*vals)
    return q


def bracket_log_ratios(c, m):
    """log[f_{D|W}(d|w) f_D(d') / (f_{D|W}(d'|w) f_D(d))] over d, d' and occurring w (inf when a zero meets a non-zero)."""
    post = m.posterior(c["K"], c["prior"])
    prior = c["prior"]
    n = len(prior)
    vals = []
    for w in range(len(c["K"][0])):
        col = [post[d][w] for d in range(n)]
        if any(fq.undefined(x, m) for x in col):
            continue
        for d in range(n):
            for e in range(n):
                a, b = col[d] * prior[e], col[e] * prior[d]
                if a == 0 and b == 0:
                    continue
                if a == 0 or b == 0:
                    return [m.inf]
                vals.append(m.log(m.num(a / b)))
    return vals


def max_bracket(absolute: bool):
    """max over d, d', occurring w of the log bracket (of its absolute value when ``absolute``)."""
    def q(c, m):
        vals = bracket_log_ratios(c, m)
        if any(m.is_pos_inf(v) for v in vals):
            return m.inf
        return m.max(*[m.abs(v) if absolute else v for v in vals])
    return q


def max_post_log_ratio(c, m):
    """max over d, d', occurring w of log f_{D|W}(d|w)/f_{D|W}(d'|w)."""
    post = m.posterior(c["K"], c["prior"])
    n = len(post)
    vals = []
    for w in range(len(c["K"][0])):
        col = [post[d][w] for d in range(n)]
        if any(fq.undefined(x, m) for x in col):
            continue
        for a in col:
            for b in col:
                if a == 0:
                    continue
                if b == 0:
                    return m.inf
                vals.append(m.log(m.num(a / b)))
    return m.max(*vals)


def likelihood_over_marginal_max(c, m):
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


def secrets_count(c, m):
    return m.num(len(c["K"]))


def finite(q, why):
    """q, with +∞ taken out of the domain: where a level is infinite the bound it enters is trivial
    (e.g. 1/(1 + e^∞(n−1)) = 0 ≤ any posterior), and the engine's certified comparison expects arb
    balls on both sides (a division by ∞ yields the float 0.0)."""
    def f(c, m):
        v = q(c, m)
        if m.is_pos_inf(v):
            raise OutsideDomain(f"infinite level: {why}")
        return v
    return f
