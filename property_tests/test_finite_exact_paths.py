"""The certified context's exact fast paths for finite channels (reading a channel, column maxima, v @ m, sums over
one common denominator) give the values of the general path, entry by entry; the certified measures on a small
channel are the exact values computed here with plain Fractions."""
from __future__ import annotations

import math
import random
from fractions import Fraction as F

import numpy as np
import pytest

from mechanisms.finite import channels as finite, leakage  # noqa: F401  (register the formulas)
from mechanisms.numerics.context import certified
from mechanisms.numerics.context.base import Context
from mechanisms.numerics.exact import Exact
from proofcheck.measures import CERTIFIED


def _channel(n, m, seed):
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        r = [rng.randint(0, 30) for _ in range(m)]
        r[rng.randrange(m)] += 1
        rows.append([F(x, sum(r)) for x in r])
    return rows


@pytest.mark.parametrize("seed", range(4))
def test_fast_paths_equal_the_general_path(seed):
    K = certified.channel(_channel(7, 5, seed), "K", "test")
    p = certified.distribution([F(k + 1, 28) for k in range(7)], "p", "test")
    assert all(type(x) is Exact for x in K.ravel())
    for weights in (None, p):
        fast, general = certified._column_max(K, weights), Context._column_max(certified, K, weights)
        if weights is None:
            assert list(certified._column_min(K)) == list(Context._column_min(certified, K))
        assert list(fast) == list(general) and all(type(x) is Exact for x in fast)
    assert list(certified._vecmat(p, K)) == list(p @ K)
    assert list(certified.minimum(K[0], K[1])) == [min(a, b) for a, b in zip(K[0], K[1])]
    assert list(certified.maximum(K[0], K[1])) == [max(a, b) for a, b in zip(K[0], K[1])]
    assert certified.sum(K[2]) == 1 and certified.sum(p * p) == sum(x * x for x in p)


def test_certified_finite_measures_of_a_small_channel():
    K = _channel(5, 4, 11)
    for row in K:  # no zero, so both levels are finite
        assert all(x > 0 for x in row)
    prior = [F(1, 10), F(2, 10), F(3, 10), F(1, 10), F(3, 10)]
    cols = list(zip(*K))
    assert CERTIFIED.bayes_capacity(K) == sum(max(c) for c in cols)
    assert CERTIFIED.posterior_bayes_vulnerability(K, prior) == sum(max(p * x for p, x in zip(prior, c)) for c in cols)
    marg = [sum(p * x for p, x in zip(prior, c)) for c in cols]
    assert list(CERTIFIED.marginal(K, prior)) == marg
    ldp = max(math.log(max(c) / min(c)) for c in cols)
    mbp = max(max(abs(math.log(x / m)) for x in c) for c, m in zip(cols, marg))
    for got, want in ((CERTIFIED.ldp_level(K), ldp), (CERTIFIED.mbp_level(K, prior), mbp)):
        assert abs(float(got.mid()) - want) < 1e-14
        assert got.rad() < 1e-12


def test_a_channel_with_a_ball_or_a_bad_entry_takes_the_general_path():
    import flint

    K = [[flint.arb(1) / 3, F(2, 3)], [F(1, 2), F(1, 2)]]
    assert CERTIFIED.bayes_capacity(K).contains(flint.arb(7) / 6)
    with pytest.raises(Exception, match="must be"):
        certified.channel([[F(3, 2), F(-1, 2)], [F(1, 2), F(1, 2)]], "K", "test")
    with pytest.raises(Exception, match="float"):
        certified.channel([[0.5, F(1, 2)], [F(1, 2), F(1, 2)]], "K", "test")
    assert np.all(certified.channel([[1, 0], [F(1, 2), F(1, 2)]], "K", "test") == np.array([[1, 0], [F(1, 2), F(1, 2)]]))
