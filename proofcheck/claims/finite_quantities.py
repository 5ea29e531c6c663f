"""Quantities shared by the finite-channel claims of seeds 000 and 002.

Each is a pure function ``(case, m)`` that runs on both paths: on the float path the case holds
numpy arrays and ``m`` is FLOAT; on the certified path it holds Fractions and ``m`` is CERTIFIED.
Loops are over at most a few dozen entries, so plain Python keeps the two paths identical in
meaning without sharing numerics.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput


def uniform(n: int, m):
    return np.full(n, 1.0 / n) if m.name == "float" else [Fraction(1, n)] * n


def mbp_level_uniform(c, m):
    return m.mbp_level(c["K"], uniform(len(c["K"]), m))


def mixing_law(c, m, mixing: str):
    if mixing == "secret":
        return c["K"][int(c["secret"])]
    if mixing == "marginal":
        return m.marginal(c["K"], c["prior"])
    if mixing == "law":
        return c["law"]
    raise InvalidInput(f"unknown mixing law {mixing!r}")


def belief_after(c, m, mixing: str):
    """F^A: the posterior averaged over the chosen law of the released w.

    Mass on an output that has probability zero under the prior leaves the posterior undefined
    there; such a case is outside the statement's domain."""
    K, prior = c["K"], c["prior"]
    law = mixing_law(c, m, mixing)
    marg = m.marginal(K, prior)
    for w, (pw, mw) in enumerate(zip(law, marg)):
        if pw > 0 and mw == 0:
            raise InvalidInput(f"the law of w puts mass on output {w}, which has probability zero")
    return m.belief_after_release(K, prior, law)


def closeness(c, m):
    """ε := max_d |log f^B_D(d) / f_D(d)| (the smallest ε for which the belief is ε-close)."""
    vals = []
    for b, p in zip(c["belief"], c["prior"]):
        if b == 0 and p == 0:
            continue
        if b == 0 or p == 0:
            return math.inf
        vals.append(m.abs(m.log(m.num(b / p))))
    return m.max(*vals)


def posterior_extreme(which: str):
    """min or max over d and occurring w of the posterior under the uniform prior."""
    def q(c, m):
        post = m.posterior(c["K"], uniform(len(c["K"]), m))
        vals = [m.num(x) for row in post for x in row if x is not None and not (isinstance(x, float) and math.isnan(x))]
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
                return math.inf
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
            if x is None or (isinstance(x, float) and math.isnan(x)):
                continue
            if x == 0:
                return math.inf
            vals.append(m.abs(m.log(m.num(x / p))))
    return m.max(*vals) if vals else m.num(0)


def mid(c, m):
    return [(a + b) / 2 for a, b in zip(c["p"], c["q"])]


def js_reference(c, m):
    """JS by a route that shares nothing with the engine's KL: scipy on floats, the entropy
    identity JS = H(M) − ½H(P) − ½H(Q) on the certified path."""
    if m.name == "float":
        from scipy.spatial.distance import jensenshannon

        return float(jensenshannon(np.asarray(c["p"], float), np.asarray(c["q"], float))) ** 2

    def H(v):
        return sum((-m.num(x) * m.log(m.num(x)) for x in v if x > 0), m.num(0))

    M = mid(c, m)
    return H(M) - H(c["p"]) / 2 - H(c["q"]) / 2


def kappa_hat(c, m, normalised: bool):
    eps = c["epsilon"]
    raw = [k * (1 + eps * u) for k, u in zip(c["kappa1"], c["u"])]
    if normalised:
        s = sum(raw)
        raw = [x / s for x in raw]
    return raw


def js_like(p, q, m):
    """The printed Ĉ1² expression, ½Σ p log(2p/(p+q)) + ½Σ q log(2q/(p+q)), for a p that need not
    sum to one (an estimate); m.js evaluates exactly this sum without normalising."""
    return m.js(p, q)


def binomial_event_probability(c, m):
    """P(|M/T − κ1| ≤ ε κ1) for M ~ Binomial(T, κ1): scipy on floats, an exact rational sum on
    the certified path (the two share no code)."""
    T, k1, eps = int(c["T"]), c["kappa_1"], c["epsilon"]
    if not (0 < k1 < 1) or T < 1:
        raise InvalidInput(f"need 0 < κ1 < 1 and T ≥ 1, got κ1={k1}, T={T}")
    if m.name == "float":
        from scipy.stats import binom

        lo = math.ceil(T * k1 * (1 - eps) - 1e-12 * T)
        hi = math.floor(T * k1 * (1 + eps) + 1e-12 * T)
        ks = np.arange(max(lo, 0), min(hi, T) + 1)
        # sum the complement's two tails when they are small, to keep digits near 1
        return float(1.0 - binom.cdf(max(lo, 0) - 1, T, k1) - binom.sf(min(hi, T), T, k1)) if ks.size else 0.0
    k1 = Fraction(k1)
    eps = Fraction(eps)
    total = Fraction(0)
    for k in range(T + 1):
        if abs(Fraction(k, T) - k1) <= eps * k1:
            total += math.comb(T, k) * k1**k * (1 - k1) ** (T - k)
    return m.num(total)


# ----------------------------------------------------------------------------- seed 002 additions
def posterior_prior(c, post: str):
    """The prior a posterior is built from: the true prior f_D ('true') or the attacker's f^B ('attacker')."""
    if post == "true":
        return c["prior"]
    if post == "attacker":
        return c["belief"]
    raise InvalidInput(f"unknown posterior prior {post!r}")


def mixing_law_general(c, m, mixing: str):
    """The law P^D of the released w that F^A averages over (seed 002's readings):
    'secret' K[d*,:], 'marginal' the marginal under f_D, 'marginal-attacker' the marginal under
    f^B, 'law' an arbitrary law (the case's 'law')."""
    if mixing == "marginal-attacker":
        return m.marginal(c["K"], c["belief"])
    return mixing_law(c, m, mixing)


def belief_after_general(c, m, mixing: str, post: str = "true"):
    """F^A = Σ_w f_{D|W}(d|w) P^D(w) with the posterior built from the chosen prior.

    Mass of P^D on an output of probability zero under that prior leaves the posterior undefined
    there: such a case is outside the statement's domain."""
    K, base = c["K"], posterior_prior(c, post)
    law = mixing_law_general(c, m, mixing)
    marg = m.marginal(K, base)
    for w, (pw, mw) in enumerate(zip(law, marg)):
        if pw > 0 and mw == 0:
            raise InvalidInput(f"the law of w puts mass on output {w}, which has probability zero")
    return m.belief_after_release(K, base, law)


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
        return math.inf
    return m.log(m.num(hi / lo))


def closeness_to_uniform(c, m, key: str = "prior"):
    """ε := max_d |log(n f(d))| (closeness to the uniform law itself)."""
    p = c[key]
    n = len(p)
    if min(p) == 0:
        return math.inf
    return m.max(*[m.abs(m.log(m.num(x * n))) for x in p])


def tv_to_uniform(c, m, key: str = "prior"):
    p = c[key]
    n = len(p)
    u = 1.0 / n if m.name == "float" else Fraction(1, n)
    return m.num(sum((abs(x - u) for x in p), 0 * p[0]) / 2)


def argmax_set(values, tol: float = 0.0) -> set:
    """Indices attaining the maximum (exact for Fractions; within a relative tol for floats)."""
    best = max(values)
    return {i for i, v in enumerate(values) if v >= best - tol * abs(best)}
