"""What the search draws seed 002's finite channels, priors and cases from.

Besides random channels and priors, the catalog's structured families
(:func:`mechanisms.finite.robustness.tight_mbp_channel`, :func:`mechanisms.finite.robustness.skewed_two_point`),
where the LDP/MBP bounds are tight and the PAC-robustness constants fail, are always drawn among the rest.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from mechanisms.finite import robustness as rob
from proofcheck.claim import channel, simplex
from proofcheck.strategies import cases, channels, priors, sized, uniform_priors

SEED = "002_909ba7d1825676ef.txt"


def tight_channels(n_lo=3):
    """The catalog's tight family (mechanisms.finite.robustness.tight_mbp_channel): one row with r times
    the others' mass on output 0. n = 3, r = 4 is the 3×2 example where LDP = 2·MBP exactly."""
    return st.tuples(st.integers(n_lo, 5), st.integers(2, 4), st.floats(1.0, 12.0), st.floats(1e-4, 0.9),
                     st.integers(0, 4)).map(
        lambda t: rob.tight_mbp_channel(t[0], t[1], t[2], t[3] / t[2], j=t[4] % t[0], u=0))


def prior_channel_cases():
    """A full-support prior and a channel: random, structured, and the tight family under the uniform prior."""
    generic = sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm)))
    tight = tight_channels(2).map(lambda K: {"prior": np.full(len(K), 1.0 / len(K)), "K": K})
    return st.one_of(generic, generic, tight)


def uniform_channel_cases():
    """A channel alone (under the uniform prior): random, and the tight family."""
    generic = sized(lambda n, mm: cases(K=channels(n, mm)))
    return st.one_of(generic, generic, tight_channels(2).map(lambda K: {"K": K}))


def near(prior, spread):
    """f^B = f_D · e^u, u ∈ [−spread, spread]^n, renormalised (the catalog's attacker-prior generator)."""
    p = np.asarray(prior, float)
    return st.lists(st.floats(-spread, spread), min_size=len(p), max_size=len(p)).map(
        lambda u: (p * np.exp(u)) / np.sum(p * np.exp(u)))


# the variables an abp_cases() case holds
ABP_VARIABLES = (simplex("prior", "f_D"), channel("K", "f_{W|D}"), simplex("belief", "f^B_D, the attacker's prior"),
                 simplex("law", "a law of the released w"))


def abp_cases():
    """Prior f_D, channel, attacker prior f^B (independent, or within e^{±u} of f_D), a law of w, d*."""
    def build(n, mm):
        return priors(n).flatmap(lambda p: cases(
            prior=st.just(p), K=channels(n, mm), belief=st.one_of(priors(n), st.floats(0.0, 2.0).flatmap(lambda s: near(p, s))),
            law=priors(mm), secret=st.integers(0, n - 1)))
    return sized(build)


def triple_cases(uniform: bool = False):
    """Prior (uniform or any), channel, and one triple (d, d', w) the identity is read at."""
    def build(n, mm):
        return cases(prior=uniform_priors(n) if uniform else priors(n), K=channels(n, mm),
                     d=st.integers(0, n - 1), d2=st.integers(0, n - 1), w=st.integers(0, mm - 1))
    return sized(build)


def subsets(mm):
    """Non-empty sets of outputs among mm, sorted."""
    return st.lists(st.integers(0, mm - 1), min_size=1, max_size=mm, unique=True).map(sorted)


def pac_cases():
    """(f_D, K, d, U): generic; the tight family under the uniform prior with d a low row and U = {0}
    (catalog counterexample 1); the skewed two-point family (catalog counterexample 2)."""
    generic = sized(lambda n, mm: cases(prior=st.one_of(uniform_priors(n), priors(n)), K=channels(n, mm),
                                        secret=st.integers(0, n - 1), U=subsets(mm)))

    def tight(t):
        n, mm, r, cfrac, j = t
        return {"prior": np.full(n, 1.0 / n), "K": rob.tight_mbp_channel(n, mm, r, cfrac / r, j=j % n, u=0),
                "secret": (j + 1) % n, "U": [0]}

    def skewed(t):
        prior, K = rob.skewed_two_point(*t)
        return {"prior": prior, "K": K, "secret": 0, "U": [0]}

    return st.one_of(
        generic, generic,
        st.tuples(st.integers(3, 5), st.integers(2, 4), st.floats(1.0, 12.0), st.floats(1e-4, 0.9),
                  st.integers(0, 4)).map(tight),
        st.tuples(st.floats(1e-4, 0.2), st.floats(1e-4, 0.1), st.floats(0.05, 0.95)).map(skewed),
    )


def accuracy_cases():
    """A channel, the private input d, the points t_w the outputs estimate, the statistic μ and α."""
    return sized(lambda n, mm: cases(K=channels(n, mm), secret=st.integers(0, n - 1),
                                     t=st.lists(st.floats(-2, 2), min_size=mm, max_size=mm).map(np.array),
                                     mu=st.floats(-1, 1), alpha=st.floats(0, 2)))


def with_beta(case_strategy):
    """Add β ≥ Pr[M(d) ∈ U] to a PAC case (so the hypothesis (17) holds), β up to 1."""
    def add(c):
        p = float(rob.event_probability(np.asarray(c["K"])[int(c["secret"])], c["U"]))
        return st.floats(0.0, 1.0).map(lambda s: {**c, "beta": min(1.0, p + s * (1.0 - p))})
    return case_strategy.flatmap(add)


def robust_estimator_cases():
    """(f_D, K, t, μ, α) for 'robustness ⇒ privacy': generic estimators, and the deterministic index estimator
    M(d) = μ + index(d)/10 (K the identity, t_w = μ + w/10, α = (|D| − 1)/10: every output within α of μ, so
    α-PAC-robust with β = 0, while each output names its input)."""
    def build(n, mm):
        return cases(prior=priors(n), K=channels(n, mm), mu=st.floats(-1, 1), alpha=st.floats(0, 2),
                     t=st.lists(st.floats(-2, 2), min_size=mm, max_size=mm).map(np.array))

    def index_estimator(t):
        n, mu, p = t
        return {"prior": p, "K": np.eye(n), "t": mu + np.arange(n) / 10, "mu": mu, "alpha": (n - 1) / 10}

    index = st.integers(2, 5).flatmap(lambda n: st.tuples(st.just(n), st.floats(-1, 0.5), priors(n))).map(index_estimator)
    return st.one_of(sized(build), sized(build), index)
