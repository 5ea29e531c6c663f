"""Finite-channel measures: float path against the exact/certified path, known values, a peer (qif)."""
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mechanisms import finite as fin
from mechanisms import leakage
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
    assert fin.exact_ldp_ratio(RR) == 3
    assert leakage.multiplicative_bayes_capacity_exact(RR) == F(3, 2)
    assert fin.exact_mbp_ratios(RR, [F(1, 2), F(1, 2)]) == (F(3, 2), F(1, 2))
    assert fin.ldp_level(np.array(RR, float)) == pytest.approx(np.log(3), rel=1e-15)
    assert fin.mbp_level(np.array(RR, float), [0.5, 0.5]) == pytest.approx(np.log(2), rel=1e-15)


def test_zero_entries_follow_the_definitions():
    K = np.array([[1.0, 0.0], [0.5, 0.5]])
    assert fin.ldp_level(K) == np.inf  # output 1 is impossible from row 0 but possible from row 1
    # an output nobody produces is excluded, not infinite
    K2 = np.array([[0.5, 0.5, 0.0], [0.25, 0.75, 0.0]])
    assert fin.ldp_level(K2) == pytest.approx(np.log(2))
    # a secret with prior zero is excluded from MBP
    assert fin.mbp_level(np.array([[0.5, 0.5], [1.0, 0.0]]), [1.0, 0.0]) == 0.0


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
        c = getattr(CERTIFIED, name)(*args_c)
        if np.isinf(a):
            assert upper(c) == np.inf, name
            continue
        tol = 1e-12 * max(1.0, abs(a))
        assert lower(c) - tol <= a <= upper(c) + tol, (name, a, c)


@settings(max_examples=40)
@given(pst.sized(lambda n, m: pst.random_channels(n, m)))
def test_against_qif(K):
    assert leakage.multiplicative_bayes_capacity(K) == pytest.approx(qif.measure.bayes_vuln.mult_capacity(K), rel=1e-12)
    assert fin.ldp_level(K) == pytest.approx(qif.measure.d_privacy.smallest_epsilon(K, qif.metric.discrete()), rel=1e-9, abs=1e-12)


@settings(max_examples=40)
@given(pst.sized(lambda n, m: pst.cases(p=pst.priors(n), q=pst.priors(n), a=st.floats(1.01, 20))))
def test_renyi_against_direct_sum(case):
    p, q, a = case["p"], case["q"], case["a"]
    direct = np.log(np.sum(p**a * q ** (1 - a))) / (a - 1)
    assert fin.renyi_divergence(p, q, a) == pytest.approx(direct, rel=1e-10, abs=1e-13)


@pytest.mark.parametrize("bad, msg", [
    ([[0.5, 0.6], [0.5, 0.5]], "row 0"),
    ([[1.5, -0.5], [0.5, 0.5]], "channel[0,1]"),
    ([[np.nan, 1.0], [0.5, 0.5]], "channel[0,0]"),
])
def test_bad_channels_are_named(bad, msg):
    with pytest.raises(InvalidInput, match=msg.replace("[", r"\[").replace("]", r"\]")):
        fin.validate_channel(bad)


def test_bad_prior_and_order():
    with pytest.raises(InvalidInput, match="sums to"):
        fin.validate_prior([0.2, 0.2])
    with pytest.raises(InvalidInput, match="alpha"):
        fin.renyi_divergence([0.5, 0.5], [0.5, 0.5], 1.0)


def test_two_thousand_square_channel_measures():
    """A 2000 × 2000 channel: each measure against its definition evaluated another way (qif, scipy, numpy)."""
    from scipy.spatial.distance import jensenshannon

    rng = np.random.default_rng(0)
    K = rng.dirichlet(np.ones(2000), size=2000)
    prior = rng.dirichlet(np.ones(2000))
    assert K.shape == (2000, 2000)
    assert leakage.multiplicative_bayes_capacity(K) == pytest.approx(qif.measure.bayes_vuln.mult_capacity(K), rel=1e-12)
    # LDP: the largest ratio within a column
    assert fin.ldp_level(K) == pytest.approx(np.log(np.max(K.max(axis=0) / K.min(axis=0))), rel=1e-13)
    # MBP: posterior by Bayes' rule, then |log posterior/prior|
    posterior = prior[:, None] * K / (prior @ K)[None, :]
    assert fin.mbp_level(K, prior) == pytest.approx(np.max(np.abs(np.log(posterior / prior[:, None]))), rel=1e-12)
    assert fin.js_divergence(K[0], K[1]) == pytest.approx(jensenshannon(K[0], K[1]) ** 2, rel=1e-10)
