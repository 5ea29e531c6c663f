"""Quantities shared by the finite-channel claims of seeds 000 and 002.

Each is a pure function ``(case, m)`` that runs on both paths: on the float path the case holds
numpy arrays and ``m`` is FLOAT; on the certified path it holds Fractions and ``m`` is CERTIFIED.
Loops are over at most a few dozen entries, so plain Python keeps the two paths identical in
meaning without sharing numerics.
"""
from __future__ import annotations

import itertools

import numpy as np

from mechanisms.errors import InvalidInput
from proofcheck.errors import OutsideDomain


def mbp_level_uniform(c, m):
    return m.mbp_level(c["K"], m.uniform(len(c["K"])))


def mixing_law(c, m, mixing: str):
    """The law P^D of the released w that F^A averages over: 'secret' K[d*,:], 'marginal' the marginal
    under f_D, 'marginal-attacker' the marginal under f^B, 'law' an arbitrary law (the case's 'law')."""
    if mixing == "secret":
        return c["K"][int(c["secret"])]
    if mixing == "marginal":
        return m.marginal(c["K"], c["prior"])
    if mixing == "marginal-attacker":
        return m.marginal(c["K"], c["belief"])
    if mixing == "law":
        return c["law"]
    raise InvalidInput(f"unknown mixing law {mixing!r}")


def posterior_prior(c, post: str):
    """The prior a posterior is built from: the true prior f_D ('true') or the attacker's f^B ('attacker')."""
    if post == "true":
        return c["prior"]
    if post == "attacker":
        return c["belief"]
    raise InvalidInput(f"unknown posterior prior {post!r}")


def belief_after_law(K, base, law, m, name: str = "the law of w"):
    """Σ_w f_{D|W}(·|w) law(w), the posterior built from the prior ``base``.

    Mass of the law on an output of probability zero under ``base`` leaves the posterior undefined
    there; such a case is outside the statement's domain."""
    marg = m.marginal(K, base)
    for w, (pw, mw) in enumerate(zip(law, marg)):
        if pw > 0 and mw == 0:
            raise OutsideDomain(f"{name} puts mass on output {w}, which has probability zero")
    return m.belief_after_release(K, base, law)


def belief_after(c, m, mixing: str, post: str = "true"):
    """F^A = Σ_w f_{D|W}(d|w) P^D(w): the posterior (from f_D, or from f^B when ``post`` is 'attacker')
    averaged over the chosen law of the released w (:func:`mixing_law`)."""
    return belief_after_law(c["K"], posterior_prior(c, post), mixing_law(c, m, mixing), m)


def closeness(c, m):
    """ε := max_d |log f^B_D(d) / f_D(d)| (the smallest ε for which the belief is ε-close)."""
    vals = []
    for b, p in zip(c["belief"], c["prior"]):
        if b == 0 and p == 0:
            continue
        if b == 0 or p == 0:
            return m.inf
        vals.append(m.abs(m.log(m.num(b / p))))
    return m.max(*vals)


def undefined(x, m) -> bool:
    """An entry of the posterior matrix at an output that never occurs (the context's ``undefined``: NaN in
    floats, None certified)."""
    return x is m.ctx.undefined or m.ctx.isnan(x)


def under_uniform_prior(q):
    """The quantity q evaluated with the uniform prior over the rows of K in place of the case's prior."""
    def at_uniform(c, m):
        return q({**c, "prior": m.uniform(len(c["K"]))}, m)
    return at_uniform


def posterior_extreme(which: str):
    """min ('min') or max ('max') over d and occurring w of the posterior from the case's prior."""
    def q(c, m):
        post = m.posterior(c["K"], c["prior"])
        vals = [m.num(x) for row in post for x in row if not undefined(x, m)]
        return m.min(*vals) if which == "min" else m.max(*vals)
    return q


def ldp_level_over_sets(c, m):
    """max over d, d' and every non-empty output set S of log Pr[S|d]/Pr[S|d'] (exact enumeration)."""
    K = c["K"]
    cols = range(len(K[0]))
    best = None
    for r in range(1, len(K[0]) + 1):
        for S in itertools.combinations(cols, r):
            probs = [sum((row[w] for w in S), 0 * row[0]) for row in K]
            hi, lo = max(probs), min(probs)
            if hi == 0:
                continue
            if lo == 0:
                return m.inf
            ratio = hi / lo
            best = ratio if best is None or ratio > best else best
    return m.log(m.num(best)) if best is not None else m.num(0)


def mbp_level_from_posterior(c, m, prior_for_posterior=None):
    """max over occurring w and d of |log f_{D|W}(d|w) / f_D(d)|, with the posterior formed by
    Bayes' rule (from ``prior_for_posterior``, default the true prior f_D)."""
    post = m.posterior(c["K"], c["prior"] if prior_for_posterior is None else prior_for_posterior)
    vals = []
    for row, p in zip(post, c["prior"]):
        if p == 0:
            continue
        for x in row:
            if undefined(x, m):
                continue
            if x == 0:
                return m.inf
            vals.append(m.abs(m.log(m.num(x / p))))
    return m.max(*vals) if vals else m.num(0)


def mid(c, m):
    return [(a + b) / 2 for a, b in zip(c["p"], c["q"])]


def kappa_hat(c, m, normalised: bool):
    eps = c["epsilon"]
    raw = [k * (1 + eps * u) for k, u in zip(c["kappa1"], c["u"])]
    if normalised:
        s = sum(raw)
        raw = [x / s for x in raw]
    return raw


def binomial_event_probability(c, m):
    """P(|M/T − κ1| ≤ ε κ1) for M ~ Binomial(T, κ1) (the path's m.binomial_within_relative_error:
    scipy's CDF in the search, an exact rational sum certified)."""
    T, k1, eps = int(c["T"]), c["kappa_1"], c["epsilon"]
    if not (0 < k1 < 1) or T < 1:
        raise OutsideDomain(f"need 0 < κ1 < 1 and T ≥ 1, got κ1={k1}, T={T}")
    return m.binomial_within_relative_error(T, k1, eps)


# ----------------------------------------------------------------------------- seed 002 additions
def mbp_level_general(c, m, post: str = "true"):
    """max over occurring w and d of |log f_{D|W}(d|w) / f_D(d)|, the posterior built from the chosen
    prior, the ratio always taken to the true prior f_D (as Theorem IV.5's hypothesis prints it)."""
    if post == "true":
        return m.mbp_level(c["K"], c["prior"])
    return mbp_level_from_posterior(c, m, posterior_prior(c, post))


def pairwise_closeness(c, m, key: str = "prior"):
    """ε := max_{d,d'} |log f(d)/f(d')| = log(max f / min f): the printed 'ε-close to uniform'."""
    p = c[key]
    hi, lo = max(p), min(p)
    if lo == 0:
        return m.inf
    return m.log(m.num(hi / lo))


def closeness_to_uniform(c, m, key: str = "prior"):
    """ε := max_d |log(n f(d))| (closeness to the uniform law itself)."""
    p = c[key]
    n = len(p)
    if min(p) == 0:
        return m.inf
    return m.max(*[m.abs(m.log(m.num(x * n))) for x in p])


def tv_to_uniform(c, m, key: str = "prior"):
    """ε := TV(f, uniform)."""
    return m.tv(c[key], m.uniform(len(c[key])))


# ----------------------------------------------------------------------------- degenerate cases
# A case where the channel releases nothing about the secret (identical rows on the prior's support)
# or where there is nothing to hide (a point-mass prior) makes every privacy level 0 and most bounds
# equalities; such a case says nothing about the statement, so it is left out of the tightness.
DEGENERATE_ATOL = 1e-9  # float noise of sums of products of probabilities stays far below this


def rows_identical(K, support=None, atol: float = DEGENERATE_ATOL) -> bool:
    """True when the rows of K indexed by ``support`` (all rows by default) agree entrywise within atol."""
    idx = range(len(K)) if support is None else list(support)
    rows = [np.asarray(K[d], float) for d in idx]
    return all(np.max(np.abs(r - rows[0])) <= atol for r in rows[1:])


def is_point_mass(p, atol: float = DEGENERATE_ATOL) -> bool:
    """True when one entry of the distribution p carries all its mass (within atol)."""
    return float(np.max(np.asarray(p, float))) >= 1.0 - atol


def channel_says_nothing(case, channel: str = "K", prior: str = "prior") -> bool:
    """Degenerate-case predicate of the finite-channel claims: the rows of ``case[channel]`` on the
    support of ``case[prior]`` are identical (all rows when the case has no prior: the uniform one),
    or the prior is a point mass. Either way the posterior equals the prior at every output."""
    K = case[channel]
    if prior not in case:
        return rows_identical(K)
    p = np.asarray(case[prior], float)
    return is_point_mass(p) or rows_identical(K, [d for d in range(len(p)) if p[d] > 0])


# ----------------------------------------------------------------------------- Assumption D.1 (000) = G.1 (002)
# (16)/(29): f_{D|W}(d|w*)/f_D(d) ≥ f_{D|W}(d|w)/f_D(d) for every w, with w* "the true model parameter"
# (one w* for every d, as (11)/(18)/(24)/(31) use it). Since Σ_d f_D(d)·[f_{D|W}(d|w)/f_D(d)] = 1 at
# every w, the assumption can only hold when that ratio is the same at every w, i.e. ξ = 0.


def _ratio_table(c, m):
    """(secrets in the prior's support, occurring outputs, {(d, w): f_{D|W}(d|w)/f_D(d) = K[d,w]/m(w)})."""
    K, prior = c["K"], c["prior"]
    marg = m.marginal(K, prior)
    ds = [d for d in range(len(prior)) if prior[d] > 0]
    ws = [w for w in range(len(marg)) if marg[w] > 0]
    return ds, ws, {(d, w): K[d][w] / marg[w] for d in ds for w in ws}


def w_star_violation(c, m):
    """How far the channel is from satisfying Assumption D.1/G.1 with one common w*:
    min over w* of max over d, w of (ratio(d, w) − ratio(d, w*))_+ (0 exactly when some w* satisfies
    it for every d). Exact on the certified path; in the search, rounding noise (≤ 1e−12) is 0."""
    ds, ws, r = _ratio_table(c, m)
    v = min(max(max(r[(d, w)] - r[(d, ws_)], 0 * r[(d, w)]) for d in ds for w in ws) for ws_ in ws)
    return m.zero_within_rounding(v)


def min_prior_mass(c, m):
    return m.num(min(p for p in c["prior"] if p > 0))
