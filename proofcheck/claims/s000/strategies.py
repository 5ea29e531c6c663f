"""What the search draws seed 000's finite channels and priors from.

Channels are secrets × outputs; priors, attacker beliefs and laws of the released w are full
distributions (zeros included). Channels with identical rows, and channels near them, are where
Assumption D.1 holds or nearly holds; the generic strategies rarely draw them.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from proofcheck.strategies import cases, channels, priors, sized

SEED = "000_cc211bc74d40e396.txt"


def uniform_channel_cases():
    """A channel alone (the statements that fix the prior to the uniform one)."""
    return sized(lambda n, m: cases(K=channels(n, m)))


def prior_channel_cases():
    """A prior f_D and a channel."""
    return sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm)))


def abp_cases():
    """Prior f_D, channel, attacker belief f^B, a law of the released w, and the true secret d*."""
    return sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm), belief=priors(n), law=priors(mm),
                                     secret=st.integers(0, n - 1)))


def identical_rows(n, mm):
    """Channels whose n rows are one common row: the only ones Assumption D.1/G.1 admits."""
    return priors(mm).map(lambda row: np.tile(row, (n, 1)))


def near_identical_rows(n, mm, spread=0.2):
    """Channels within a factor e^{±s} (s ≤ spread) of one common row: where Assumption D.1/G.1 nearly holds."""
    def build(t):
        base, s, u = t
        K = np.asarray(base, float) * np.exp(s * np.asarray(u, float))
        return K / K.sum(axis=1, keepdims=True)
    return st.tuples(priors(mm), st.floats(1e-4, spread),
                     st.lists(st.lists(st.floats(-1, 1), min_size=mm, max_size=mm), min_size=n, max_size=n)).map(build)
