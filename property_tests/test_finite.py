"""Finite-channel measures: float path against the exact/certified path, known values, a peer (qif)."""
import re
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mechanisms.finite import channels as finite  # noqa: F401  (registers the measures)
from mechanisms.finite import leakage  # noqa: F401  (registers bayes_capacity)
from mechanisms.numerics.context import certified, enclosure, fp
from mechanisms.errors import InvalidInput
from proofcheck import strategies as pst
from proofcheck.measures import CERTIFIED, FLOAT
from proofcheck.numerics import lower, upper

qif = pytest.importorskip("qif")

RR = [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]]


def _exact(K):
    return [[F(x).limit_denominator(10**6) for x in row] for row in K]


def _renorm(K):
    return [[x / sum(row) for x in row] for row in K]


def test_known_values_randomized_response():
    import flint

    ldp, mbp = certified.ldp_level(RR), certified.mbp_level(RR, [F(1, 2), F(1, 2)])
    assert ldp.overlaps(flint.arb(3).log()) and ldp.rad() < 1e-14  # max ratio 3
    assert mbp.overlaps(flint.arb(2).log()) and mbp.rad() < 1e-14  # ratios (3/2, 1/2): max(log 3/2, −log 1/2)
    assert certified.bayes_capacity(RR) == F(3, 2)
    assert fp.ldp_level(np.array(RR, float)) == pytest.approx(np.log(3), rel=1e-15)
    assert fp.mbp_level(np.array(RR, float), [0.5, 0.5]) == pytest.approx(np.log(2), rel=1e-15)


def test_zero_entries_follow_the_definitions():
    K = np.array([[1.0, 0.0], [0.5, 0.5]])
    assert fp.ldp_level(K) == np.inf  # output 1 is impossible from row 0 but possible from row 1
    assert certified.ldp_level([[1, 0], [F(1, 2), F(1, 2)]]) is certified.inf
    # an output nobody produces is excluded, not infinite
    K2 = np.array([[0.5, 0.5, 0.0], [0.25, 0.75, 0.0]])
    assert fp.ldp_level(K2) == pytest.approx(np.log(2))
    # a secret with prior zero is excluded from MBP
    assert fp.mbp_level(np.array([[0.5, 0.5], [1.0, 0.0]]), [1.0, 0.0]) == 0.0
    assert certified.mbp_level([[F(1, 2), F(1, 2)], [1, 0]], [1, 0]) == 0


@settings(max_examples=60)
@given(pst.sized(lambda n, m: pst.cases(prior=pst.priors(n), K=pst.channels(n, m))))
def test_float_and_certified_paths_agree(case):
    K = _renorm(_exact(case["K"]))
    prior = _renorm([_exact([case["prior"]])[0]])[0]
    Kf = np.array(K, float)
    pf = np.array(prior, float)
    for name, args_f, args_c in [("ldp_level", (Kf,), (K,)), ("mbp_level", (Kf, pf), (K, prior)),
                                 ("js", (Kf[0], Kf[1]), (K[0], K[1])), ("kl", (Kf[0], Kf[1]), (K[0], K[1])),
                                 ("tv", (Kf[0], Kf[1]), (K[0], K[1]))]:
        a = getattr(FLOAT, name)(*args_f)
        c = enclosure(getattr(CERTIFIED, name)(*args_c))  # a ball, or the exact infinity
        if np.isinf(a):
            assert upper(c) == np.inf, name
            continue
        tol = 1e-12 * max(1.0, abs(a))
        assert lower(c) - tol <= a <= upper(c) + tol, (name, a, c)


@settings(max_examples=40)
@given(pst.sized(lambda n, m: pst.random_channels(n, m)))
def test_against_qif(K):
    assert fp.bayes_capacity(K) == pytest.approx(qif.measure.bayes_vuln.mult_capacity(K), rel=1e-12)
    assert fp.ldp_level(K) == pytest.approx(qif.measure.d_privacy.smallest_epsilon(K, qif.metric.discrete()), rel=1e-9, abs=1e-12)


@settings(max_examples=40)
@given(pst.sized(lambda n, m: pst.cases(p=pst.priors(n), q=pst.priors(n), a=st.floats(1.01, 20))))
def test_renyi_against_direct_sum(case):
    p, q, a = case["p"], case["q"], case["a"]
    direct = np.log(np.sum(p**a * q ** (1 - a))) / (a - 1)
    assert fp.renyi(p, q, a) == pytest.approx(direct, rel=1e-10, abs=1e-13)


@pytest.mark.parametrize("bad, msg", [
    ([[0.5, 0.6], [0.5, 0.5]], "sum(channel[0])=1.1"),
    ([[1.5, -0.5], [0.5, 0.5]], "channel=-0.5 at index (0, 1)"),
    ([[np.nan, 1.0], [0.5, 0.5]], "channel=nan at index (0, 0)"),
    ([[F(1, 2), F(3, 5)], [F(1, 2), F(1, 2)]], "sum(channel[0])=11/10"),
    ([[F(3, 2), F(-1, 2)], [F(1, 2), F(1, 2)]], "channel[0][1]=-1/2"),
])
def test_bad_channels_are_named(bad, msg):
    ctx = fp if isinstance(bad[0][0], float) else certified
    with pytest.raises(InvalidInput, match=re.escape(msg)):
        ctx.channel(bad, "channel", "f")


def test_bad_prior_and_order():
    with pytest.raises(InvalidInput, match=re.escape("sum(prior)=0.4")):
        fp.distribution([0.2, 0.2], "prior", "f")
    with pytest.raises(InvalidInput, match=re.escape("sum(prior)=2/5")):
        certified.distribution([F(1, 5), F(1, 5)], "prior", "f")
    with pytest.raises(InvalidInput, match="alpha"):
        fp.renyi([0.5, 0.5], [0.5, 0.5], 1.0)


def test_two_thousand_square_channel_measures():
    """A 2000 × 2000 channel: each measure against its definition evaluated another way (qif, scipy, numpy)."""
    from scipy.spatial.distance import jensenshannon

    rng = np.random.default_rng(0)
    K = rng.dirichlet(np.ones(2000), size=2000)
    prior = rng.dirichlet(np.ones(2000))
    assert K.shape == (2000, 2000)
    assert fp.bayes_capacity(K) == pytest.approx(qif.measure.bayes_vuln.mult_capacity(K), rel=1e-12)
    # LDP: the largest ratio within a column
    assert fp.ldp_level(K) == pytest.approx(np.log(np.max(K.max(axis=0) / K.min(axis=0))), rel=1e-13)
    # MBP: posterior by Bayes' rule, then |log posterior/prior|
    posterior = prior[:, None] * K / (prior @ K)[None, :]
    assert fp.mbp_level(K, prior) == pytest.approx(np.max(np.abs(np.log(posterior / prior[:, None]))), rel=1e-12)
    assert fp.js(K[0], K[1]) == pytest.approx(jensenshannon(K[0], K[1]) ** 2, rel=1e-10)
