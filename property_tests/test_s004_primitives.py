"""Primitives of seed 004 (mechanisms.bayesian.bayesian_dp, privacy_cost, bdp_subsampled_gaussian, bdp_estimators, coverage,
rigorous_intervals, optimal_composition) against bdp_oracle (Fractions, mpmath), exhaustive enumeration, simulation
with rigorous intervals and scipy; certified balls must contain the oracle's values; bad input is one line."""
from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction as F

import flint
import numpy as np
import pytest
from flint import arb
from hypothesis import given, settings
from hypothesis import strategies as st

import bdp_oracle as bo
from mechanisms.bayesian import bayesian_dp as bdp
from mechanisms.bayesian import bdp_estimators as est
from mechanisms.bayesian import bdp_subsampled_gaussian as bsg
from mechanisms.bayesian import coverage as cov
from mechanisms.accounting import optimal_composition as oc
from mechanisms.bayesian import privacy_cost as pc
from mechanisms.numerics import rigorous_intervals as ri
from mechanisms.accounting import composition  # noqa: F401  (registers fp.kov_extremal_composition_delta)
from mechanisms.numerics.context import certified, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import FloatOnCertifiedPath
from mechanisms.accounting.subsampled_gaussian import subsampled_gaussian_log_moment

MP = bo.MP
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def _inside(ball, value, slack=1e-30):
    if isinstance(ball, (int, F)):
        return abs(bo.mpf(ball) - MP.mpf(value)) <= MP.mpf(slack)
    mid = MP.mpf(ball.mid().str(50, radius=False))
    rad = MP.mpf(float(ball.rad())) * (1 + MP.mpf("1e-10"))
    return abs(mid - MP.mpf(value)) <= rad + MP.mpf(slack) * max(1, abs(MP.mpf(value)))


def _dist(rng, n, zeros=True):
    w = [rng.randint(0 if zeros else 1, 9) for _ in range(n)]
    if not any(w):
        w[0] = 1
    return [F(x, sum(w)) for x in w]


def _models(seed, count=12):
    rng = random.Random(seed)
    for _ in range(count):
        n, m = rng.randint(1, 3), rng.randint(2, 5)
        yield ([_dist(rng, m) for _ in range(n + 1)], _dist(rng, n, zeros=False), rng.choice(bdp.ADJACENCIES),
               rng.randint(0, n - 1), F(rng.randint(0, 25), 10))


def _f(K):
    return np.array(K, float)


# ----------------------------------------------------------------------------- Bayesian DP of a finite model
def test_tails_and_deltas_against_the_oracle():
    with flint.ctx.workprec(128):
        for K, mu, adj, x0, eps in _models(1):
            for kind in ("ge", "gt", "abs-ge"):
                want = bo.tail(K, mu, eps, adj, x0, kind)
                assert certified.bdp_tail(K, mu, eps, adj, x0, kind) == want
                assert fp.bdp_tail(_f(K), _f(mu), float(eps), adj, x0, kind) == pytest.approx(float(want), abs=1e-14)
            for reading in bdp.READINGS:
                want = bo.delta_over_sets(K, mu, eps, adj, x0, reading)
                assert _inside(certified.bdp_delta(K, mu, eps, adj, x0, reading), want)
                assert _inside(certified.bdp_delta_over_sets(K, mu, eps, adj, x0, reading), want)
                assert fp.bdp_delta(_f(K), _f(mu), float(eps), adj, x0, reading) == pytest.approx(float(want), abs=1e-14)
                assert fp.bdp_delta_over_sets(_f(K), _f(mu), float(eps), adj, x0, reading) == pytest.approx(
                    float(want), abs=1e-14)
            pointwise = certified.bdp_pointwise_tails(K, mu, eps, adj, x0)
            assert sum(w * d for w, d in pointwise) == bo.tail(K, mu, eps, adj, x0, "gt")


def test_moments_against_the_oracle():
    with flint.ctx.workprec(128):
        for K, mu, adj, x0, eps in _models(2):
            lam = eps + F(1, 10)
            want = bo.loss_mgf(K, mu, lam, adj, x0)
            got = certified.bdp_loss_mgf(K, mu, lam, adj, x0)
            assert (got == math.inf) if want == MP.inf else _inside(got, want)
            fl = fp.bdp_loss_mgf(_f(K), _f(mu), float(lam), adj, x0)
            assert fl == math.inf if want == MP.inf else fl == pytest.approx(float(want), rel=1e-12)
            want = bo.renyi_mgf(K, mu, lam, adj, x0, scale=3)
            got = certified.bdp_renyi_mgf(K, mu, lam, adj, x0, scale=3)
            assert (got == math.inf) if want == MP.inf else _inside(got, want)
            # λ < 0: an infinite loss contributes e^{−∞} = 0
            neg = bo.loss_mgf(K, mu, -lam, adj, x0)
            assert fp.bdp_loss_mgf(_f(K), _f(mu), -float(lam), adj, x0) == pytest.approx(float(neg), rel=1e-12)
    assert fp.bdp_loss_mgf(np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([1.0]), 0.0) == 1.0


def test_strong_tail_by_simulation_contains_the_exact_tail():
    for K, mu, adj, x0, eps in _models(3, count=6):
        exact = float(bo.tail(K, mu, eps, adj, x0))
        out = bdp.bdp_tail_monte_carlo(_f(K), _f(mu), float(eps), adj, x0, n=50_000, seed=7, confidence=1 - 1e-6)
        assert out.rigorous and out.lo <= exact <= out.hi and out.n == 50_000


def test_compose_is_the_product_of_rows():
    rng = random.Random(4)
    K1, K2 = [_dist(rng, 2) for _ in range(3)], [_dist(rng, 3) for _ in range(3)]
    assert certified.bdp_compose(K1, K2).tolist() == bo.compose(K1, K2)
    np.testing.assert_allclose(fp.bdp_compose(_f(K1), _f(K2)), _f(bo.compose(K1, K2)), atol=1e-15)


# ----------------------------------------------------------------------------- the privacy cost
REF = [(2.0, 10, 0.1, 1.0, 5), (1.5, 1, 0.3, 1.0, 1), (8.0, 3, 0.05, 2.0, 20), (0.5, 1000, 0.01, 1.0, 3),
       (32.0, 1, 0.02, 1.0, 64), (1.0, 10**4, 0.006, 1.0, 2)]


@pytest.mark.parametrize("lam, T, s, sigma, d", REF)
def test_gaussian_reference_closed_form_quadrature_and_oracle(lam, T, s, sigma, d):
    want = bo.reference_cost(lam, T, s, sigma, d)
    assert fp.gaussian_reference_cost(lam, T, s, sigma, d) == pytest.approx(float(want), rel=1e-13)
    assert fp.gaussian_reference_cost_quadrature(lam, T, s, sigma, d) == pytest.approx(float(want), rel=1e-12)
    ex = [F(lam), T, F(s), F(sigma), d]
    with flint.ctx.workprec(128):
        assert _inside(certified.gaussian_reference_cost(*ex), want, 1e-30)
        assert _inside(certified.gaussian_reference_cost_quadrature(*ex), want, 1e-30)


def test_gaussian_reference_pole_is_decided_analytically():
    assert fp.gaussian_reference_cost(1, 1, 1, 1, 3) == math.inf and certified.gaussian_reference_cost(1, 1, 1, 1, 3) == math.inf
    assert fp.gaussian_reference_cost_quadrature(1, 1, 1, 1, 3) == math.inf
    assert certified.gaussian_reference_cost_quadrature(1, 1, 1, 1, 3) == math.inf
    # just below the pole, both still finite and equal
    assert fp.gaussian_reference_cost_quadrature(1, 1, 0.7, 1, 3) == pytest.approx(
        fp.gaussian_reference_cost(1, 1, 0.7, 1, 3), rel=1e-12)


def test_clipped_reference_against_monte_carlo_interval():
    lam, T, s, sigma, d, C = 2, 10, 0.3, 1.0, 5, 1.0
    q = fp.gaussian_reference_cost_quadrature(lam, T, s, sigma, d, clip=C)
    with flint.ctx.workprec(128):
        ball = certified.gaussian_reference_cost_quadrature(lam, T, F(3, 10), 1, d, clip=1)
    assert float(ball.lower()) <= q <= float(ball.upper()) or abs(q - float(ball.mid())) < 1e-13

    def draw(rng, n):
        v = np.sqrt(rng.chisquare(d, n)) * s
        return lam * (lam + 1) * np.minimum(v, C) ** 2 / (2 * sigma**2)

    lo, hi, e = pc.privacy_cost_monte_carlo(draw, T, lam * (lam + 1) * C**2 / (2 * sigma**2), 100_000, 3, 1 - 1e-6)
    assert lo <= q <= hi and hi - lo < 0.05


def test_privacy_cost_of_atoms_keeps_small_digits():
    assert fp.privacy_cost([1e-13, 3e-13], [0.5, 0.5], 1) == pytest.approx(2e-13, rel=1e-12)
    assert fp.privacy_cost([0.1, 5.0], [0.9, 0.1], 2) == pytest.approx(math.log(0.9 * math.exp(0.2) + 0.1 * math.exp(10)) / 2,
                                                                      rel=1e-14)
    assert fp.privacy_cost([math.inf, 1.0], [0.0, 1.0], 3) == 1.0 and fp.privacy_cost([math.inf, 1.0], [0.5, 0.5], 3) == math.inf
    with flint.ctx.workprec(128):
        assert _inside(certified.privacy_cost([arb("0.1"), 5], [F(9, 10), F(1, 10)], 2),
                       MP.log(MP.mpf("0.9") * MP.exp(MP.mpf("0.2")) + MP.mpf("0.1") * MP.exp(10)) / 2, 1e-25)


# ----------------------------------------------------------------------------- Theorem 3 and the exact moments
SG_POINTS = [(1, 0.01, 1.0, 1.0), (4, 0.1, 2.0, 0.7), (16, 0.5, 3.0, 1.3), (3, 0.9, 1.5, 0.4), (64, 0.001, 5.0, 1.0),
             (2, 0.999, 0.5, 1.0), (32, 0.99, 2.0, 1.0), (1, 1e-4, 20.0, 0.1)]


@pytest.mark.parametrize("lam, q, sigma, delta", SG_POINTS)
def test_exact_moments_against_mpmath_quadrature(lam, q, sigma, delta):
    for direction in bsg.DIRECTIONS:
        want = bo.scaled_renyi(direction, lam, F(q), F(sigma), F(delta))
        assert bsg.scaled_renyi(direction, lam, q, sigma, delta) == pytest.approx(float(want), rel=1e-11)
        with flint.ctx.workprec(128):
            assert _inside(bsg.scaled_renyi_arb(direction, lam, F(q), F(sigma), F(delta)), want, 1e-25)
    # the forward moment is the binomial log moment λτ_{λ+1} of the unit-shift mechanism with noise σ/Δ
    assert bsg.scaled_renyi("forward", lam, q, sigma, delta) == pytest.approx(
        subsampled_gaussian_log_moment(lam + 1, sigma / delta, q), rel=1e-11)
    # reverse ≤ forward (Mironov, Talwar, Zhang 2019), both ≥ 0
    assert 0 <= bsg.scaled_renyi("reverse", lam, q, sigma, delta) <= bsg.scaled_renyi("forward", lam, q, sigma, delta)


def test_subsampled_gaussian_binomial_cost_against_the_oracle():
    cases = [(1, 1, F(1, 2), F(1), [F(1)], [F(1)]), (4, 3, F(1, 10), F(2), [F(1, 2), F(3, 2)], [F(1, 3), F(2, 3)]),
             (8, 10, F(1, 100), F(3), [F(0), F(1), F(2)], [F(1, 2), F(1, 4), F(1, 4)])]
    for lam, T, q, s, dl, w in cases:
        for term in bsg.TERMS:
            want = bo.theorem3(term, lam, T, q, s, dl, w)
            assert fp.subsampled_gaussian_binomial_cost(term, lam, T, float(q), float(s), [float(x) for x in dl],
                                                        [float(x) for x in w]) == pytest.approx(float(want), rel=1e-12)
            with flint.ctx.workprec(128):
                assert _inside(certified.subsampled_gaussian_binomial_cost(term, lam, T, q, s, dl, w), want)
        with flint.ctx.workprec(128):
            assert _inside(bsg.exact_cost_arb("worst", lam, T, q, s, dl, w), bo.exact_cost("worst", lam, T, q, s, dl, w),
                           1e-25)


# ----------------------------------------------------------------------------- the estimators
def test_binary_estimate_against_mpmath():
    for n0, n1, g in [(100, 0, 0.99**101), (10, 3, 0.05), (0, 0, 0.5), (50, 50, 1e-6), (1000, 0, 1e-15), (3, 7, 0.9)]:
        want = bo.estimate(n0, n1, F(g))
        assert est.binary_estimate(n0, n1, g) == pytest.approx(float(want), rel=1e-12, abs=1e-15)
        with flint.ctx.workprec(96):
            assert _inside(est.binary_estimate_arb(n0, n1, F(g)), want, 1e-25)
    assert est.binary_estimate(5, 5, 0) == 1.0 and est.binary_estimate(5, 5, 1) == -math.inf
    assert est.binary_estimate(1, 3, 8e-190) == 1.0  # scipy gives up there: the symmetric quantile takes over
    for n0, n1, z in [(100, 0, F(1, 100)), (4, 6, F(1, 3)), (0, 9, F(9, 10))]:
        exact = est.binary_posterior_cdf_exact(n0, n1, z)
        assert abs(bo.mpf(exact) - bo.posterior_cdf(n0, n1, z)) < MP.mpf("1e-35")
        assert est.binary_posterior_cdf(n0, n1, float(z)) == pytest.approx(float(exact), rel=1e-13)


def test_continuous_estimate_is_eq_14():
    from scipy import stats

    rng = np.random.default_rng(0)
    l = rng.normal(size=(4, 7))
    x = np.exp(l)
    t = stats.t.ppf(1 - 0.05, 6)
    want = np.log(x.mean(axis=1) + t * x.std(axis=1, ddof=1) / math.sqrt(6))
    np.testing.assert_allclose(est.continuous_estimate(l, 0.05), want, rtol=1e-12)
    np.testing.assert_allclose(est.continuous_estimate(3 * l, 0.05, scale=3),
                               np.log(np.exp(3 * l).mean(1) + t * np.exp(3 * l).std(1, ddof=1) / math.sqrt(6)) / 3, rtol=1e-12)
    # huge logs do not overflow (the largest is factored out)
    assert math.isfinite(est.continuous_estimate(np.array([800.0, 801.0, 802.0]), 0.1))


def test_binary_failure_probability_exact_against_enumeration():
    for N, rho, g in [(5, F(1, 3), F(1, 10)), (8, F(3, 10), F(1, 20)), (10, F(1, 20), F(3, 10)), (12, F(2, 3), F(1, 100))]:
        want = bo.failure_by_enumeration(N, rho, g)
        assert cov.binary_failure_probability_exact(N, rho, g) == want
        assert cov.binary_failure_probability(N, float(rho), float(g)) == pytest.approx(float(want), abs=1e-14)


def test_continuous_failure_interval_agrees_with_the_oracle_simulation():
    out = cov.gaussian_reference_failure_monte_carlo(1.0, 1, 0.45, 1.0, 1, 20, 0.01, 100_000, 5, 1 - 1e-6)
    fails, n = bo.t_estimator_failure(1.0, 1, 0.45, 1.0, 1, 20, 0.01, 100_000, 99, "printed")
    other = ri.clopper_pearson(fails, n, 1 - 1e-6)
    assert out.lo <= other.hi and other.lo <= out.hi and out.lo > 0.01  # both far above γ = 0.01


# ----------------------------------------------------------------------------- rigorous intervals
def test_clopper_pearson_against_scipy_binomtest():
    from scipy.stats import binomtest

    for k, n, conf in [(0, 10, 0.95), (3, 10, 0.99), (10, 10, 0.9), (517, 10_000, 1 - 1e-9)]:
        out = ri.clopper_pearson(k, n, conf)
        ci = binomtest(k, n).proportion_ci(confidence_level=conf, method="exact")
        assert out.lo == pytest.approx(ci.low, rel=1e-9, abs=1e-15) and out.hi == pytest.approx(ci.high, rel=1e-9)
    # one success in 200,000 at confidence 1 − 1e−6: the lower end is 1 − (1 − a/2)^{1/n} in closed form (scipy's
    # binomtest root finder is 5% off there, 2.627e−12)
    out = ri.clopper_pearson(1, 200_000, 1 - 1e-6)
    assert out.lo == pytest.approx(-math.expm1(math.log1p(-0.5e-6) / 200_000), rel=1e-9)


def test_empirical_bernstein_covers_the_mean():
    rng = np.random.default_rng(1)
    misses = 0
    for _ in range(200):
        x = rng.beta(0.5, 3.0, size=500)  # mean 1/7
        lo, hi, _ = ri.empirical_bernstein_interval(x, 0.0, 1.0, 0.99)
        misses += not (lo <= 1 / 7 <= hi)
    assert misses <= 6  # ≤ 1% expected; the bound is conservative


# ----------------------------------------------------------------------------- optimal composition
def _extremal_product_delta(eps, delta, k, total_eps):
    """δ(ε) of the k-fold product of KOV's extremal mechanism by enumerating every outcome sequence."""
    e = math.exp(eps)
    P = [delta, (1 - delta) * e / (1 + e), (1 - delta) / (1 + e), 0.0]
    Q = [0.0, (1 - delta) / (1 + e), (1 - delta) * e / (1 + e), delta]
    out = 0.0
    for seq in itertools.product(range(4), repeat=k):
        p = math.prod(P[i] for i in seq)
        q = math.prod(Q[i] for i in seq)
        out += max(p - math.exp(total_eps) * q, 0.0)
    return out


def test_optimal_composition_against_enumeration():
    for eps, delta, k in [(0.3, 0.0, 4), (1.0, 1e-3, 3), (0.1, 1e-4, 6)]:
        for total in (0.0, eps, 2.5 * eps):
            assert fp.kov_extremal_composition_delta(eps, delta, k, total) == pytest.approx(
                _extremal_product_delta(eps, delta, k, total), abs=1e-14)
        target = _extremal_product_delta(eps, delta, k, 1.5 * eps)
        e_opt = oc.optimal_composition_eps(eps, delta, k, target)
        assert e_opt == pytest.approx(1.5 * eps, rel=1e-9)
        grid = oc.kov_grid_composition_eps(eps, delta, k, target)
        assert grid >= e_opt - 1e-12 and abs(grid / eps - round(grid / eps)) < 1e-9


# ----------------------------------------------------------------------------- bad input
BAD = [
    (lambda: fp.bdp_tail([[0.5, 0.5], [0.5, 0.5]], [1.0], 0.1, "swap"), "adjacency='swap'"),
    (lambda: fp.bdp_tail([[0.5, 0.5], [0.5, 0.5]], [1.0], 0.1, "substitute", 3), "x0=3"),
    (lambda: fp.bdp_tail([[0.5, 0.5]], [1.0], 0.1), "one row more"),
    (lambda: certified.bdp_tail([[F(1, 2), F(1, 2)]], [1], F(1, 10)), "one row more"),
    (lambda: fp.bdp_tail([[0.5, 0.5], [0.5, 0.5]], [1.0], 0.1, kind="le"), "kind='le'"),
    (lambda: fp.bdp_tail([[0.5, 0.4], [0.5, 0.5]], [1.0], 0.1), "sum(K[0])=0.9"),
    (lambda: certified.bdp_tail([[F(1, 2), F(2, 5)], [F(1, 2), F(1, 2)]], [1], 0), "sum(K[0])=9/10"),
    (lambda: fp.bdp_delta([[0.5, 0.5], [0.5, 0.5]], [1.0], 0.1, reading="any"), "reading='any'"),
    (lambda: fp.bdp_delta([[0.5, 0.5], [0.5, 0.5]], [1.0], -0.1), "eps=-0.1"),
    (lambda: certified.bdp_delta([[1, 0], [0, 1]], [1], F(-1, 10)), "eps=-1/10"),
    (lambda: fp.bdp_renyi_mgf([[0.5, 0.5], [0.5, 0.5]], [1.0], 0.0), "lam=0.0"),
    (lambda: fp.gaussian_reference_cost(1, 0, 1, 1, 1), "T=0"),
    (lambda: fp.gaussian_reference_cost(1, 1, -1, 1, 1), "s=-1"),
    (lambda: fp.privacy_cost([1.0], [0.5], 1), "sum(weights)=0.5"),
    (lambda: certified.privacy_cost([1], [F(1, 2)], 1), "sum(weights)=1/2"),
    (lambda: fp.subsampled_gaussian_binomial_cost("M", 1, 1, 0.1, 1, [1], [1]), "term='M'"),
    (lambda: bsg.scaled_renyi("sideways", 1, 0.1, 1, 1), "direction='sideways'"),
    (lambda: bsg.scaled_renyi("forward", 0, 0.1, 1, 1), "lam=0"),
    (lambda: bsg.scaled_renyi("forward", 1, 1.0, 1, 1), "q=1.0"),
    (lambda: est.binary_estimate(-1, 0, 0.1), "n0=-1"),
    (lambda: est.binary_estimate(1, 0, 1.5), "gamma=1.5"),
    (lambda: est.continuous_estimate([1.0], 0.1), "at least 2"),
    (lambda: cov.binary_failure_probability(0, 0.1, 0.1), "N=0"),
    (lambda: cov.gaussian_reference_failure_monte_carlo(1, 1, 1, 1, 1, 5, 0.1, 10, 0), "+inf"),
    (lambda: ri.clopper_pearson(11, 10, 0.9), "k=11"),
    (lambda: oc.optimal_composition_eps(0.0, 0.0, 3, 0.1), "eps=0.0"),
]


@pytest.mark.parametrize("call, text", BAD)
def test_bad_arguments_raise_with_the_value(call, text):
    with pytest.raises(InvalidInput) as info:
        call()
    assert text in str(info.value) and "\n" not in str(info.value), str(info.value)


def test_floats_are_refused_on_the_certified_path():
    for call in (lambda: certified.bdp_tail([[F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)]], [1], 0.1),
                 lambda: certified.bdp_tail([[0.5, 0.5], [F(1, 2), F(1, 2)]], [1], 0),
                 lambda: certified.gaussian_reference_cost(1.5, 1, F(1, 10), 1, 1),
                 lambda: certified.subsampled_gaussian_binomial_cost("L", 1, 1, F(1, 10), 1, [0.5], [1]),
                 lambda: bsg.scaled_renyi_arb("reverse", 1, 0.1, 1, 1),
                 lambda: est.binary_estimate_arb(1, 1, 0.1)):
        with pytest.raises(FloatOnCertifiedPath):
            call()


# ----------------------------------------------------------------------------- the RDP curve at many orders
def test_rdp_curve_equals_the_single_order_route():
    """The vectorised curve (series in blocks, shared quadrature where the series' rounding bound is too large)
    against the accurate single-order route, on dp-accounting's default orders plus large integers."""
    from dp_accounting.rdp.rdp_privacy_accountant import DEFAULT_RDP_ORDERS

    from mechanisms.accounting.subsampled_gaussian import subsampled_gaussian_rdp
    from mechanisms.accounting.subsampled_gaussian_curve import subsampled_gaussian_rdp_curve

    orders = np.array(list(DEFAULT_RDP_ORDERS) + [2, 3, 100.5, 255.5])
    worst = 0.0
    for q in (0.001, 0.01, 0.1, 0.5, 0.99):
        for sigma in (0.5, 1.1, 5.0):
            got = subsampled_gaussian_rdp_curve(orders, sigma, q)
            want = subsampled_gaussian_rdp(orders, sigma, q)
            worst = max(worst, float(np.max(np.abs(got - want) / want)))
    assert worst < 1e-11, worst
    np.testing.assert_array_equal(subsampled_gaussian_rdp_curve([2.0, 3.5], 1.0, 0.0), [0.0, 0.0])
    np.testing.assert_allclose(subsampled_gaussian_rdp_curve([2.0, 3.5], 2.0, 1.0), [2 / 8, 3.5 / 8], rtol=1e-15)
    with pytest.raises(InvalidInput, match="orders=1.0"):
        subsampled_gaussian_rdp_curve([1.0, 2.0], 1.0, 0.1)


# ----------------------------------------------------------------------------- one formula on every context
def test_markov_moment_pointwise_tails_and_renyi_mgf_against_the_oracle():
    with flint.ctx.workprec(128):
        for K, mu, adj, x0, eps in _models(5):
            for lam, k in ((eps / 2, F(3, 2)), (0, F(2)), (F(1, 3), 0), (0, 0)):
                want = bo.markov_moment(K, mu, lam, k, adj, x0)
                got = certified.bdp_markov_moment(K, mu, lam, k, adj, x0)
                fl = fp.bdp_markov_moment(_f(K), _f(mu), float(lam), float(k), adj, x0)
                if want == MP.inf:
                    assert got == math.inf and fl == math.inf
                else:
                    assert _inside(got, want) and fl == pytest.approx(float(want), rel=1e-12)
            lam = eps + F(1, 10)
            want = bo.renyi_mgf(K, mu, lam, adj, x0, scale=2)
            fl = fp.bdp_renyi_mgf(_f(K), _f(mu), float(lam), adj, x0, scale=2)
            assert fl == math.inf if want == MP.inf else fl == pytest.approx(float(want), rel=1e-12)
            pointwise = fp.bdp_pointwise_tails(_f(K), _f(mu), float(eps), adj, x0)
            assert sum(w * d for w, d in pointwise) == pytest.approx(float(bo.tail(K, mu, eps, adj, x0, "gt")), abs=1e-14)
    assert certified.bdp_markov_moment([[1, 0], [0, 1]], [1], 0, 0) == 1  # φ ≡ 1: the total mass, exactly


def test_log1p_exp_against_mpmath():
    mp = MP.clone()
    mp.dps = 50
    for x in (-745.0, -40.0, -1e-3, 0.0, 5.0, 29.5, 30.5, 700.0, 1e5):
        want = mp.log1p(mp.exp(mp.mpf(x)))
        assert fp.log1p_exp(x) == pytest.approx(float(want), rel=1e-15, abs=1e-320)
        assert _inside(certified.log1p_exp(F(x)), want)


def test_certified_tail_of_rows_with_balls_encloses_the_oracle():
    """Randomised response at p = e/(1 + e): rows with ball entries (issue 15), ε a ball; the tail is p or 1."""
    e = certified.exp(certified.num(1))
    p = e / (1 + e)
    K = [[p, 1 - p], [1 - p, p]]
    assert certified.bdp_tail(K, [1], F(1, 2)).contains(p)
    assert certified.bdp_tail(K, [1], F(-2)).contains(1)
    # ε = log(p/(1 − p)) = 1 exactly: the comparison L ≥ ε cannot be decided, the tail is the ball [0, p]
    eps_ball = certified.log(p / (1 - p))
    tail = certified.bdp_tail(K, [1], eps_ball)
    assert tail.contains(0) and tail.contains(p) and not tail.contains(1)


@settings(max_examples=40, deadline=None)
@given(st.fractions(F(3, 5), F(9, 10)), st.fractions(F(1, 10**4), F(1, 40)), st.fractions(0, 1), st.integers(0, 2))
def test_a_box_encloses_the_certified_values_at_its_points(p0, width, t, which):
    """Balls over a box of (p, ε, λ, q, σ, Δ): each formula's Ball encloses its certified value at a point inside.
    (x₀ = 1: the substituted row is exact, so no pair is one row of Balls against itself, whose loss is 0 at
    every point but a Ball around 0 over the box: undecided there, as it should be.)"""
    from mechanisms.numerics.context import Ball, box, enclosure

    lo, hi = p0 - width, p0 + width
    pt = lo + t * (hi - lo)
    P = Ball.of(lo, hi)
    eps_box, eps_pt = Ball.of(F(1, 2) - width, F(1, 2) + width), F(1, 2) - width + 2 * t * width
    lam_box, lam_pt = Ball.of(1 + lo, 1 + hi), 1 + pt

    def rr(x):
        return [[x, 1 - x], [1 - x, x], [F(1, 2), F(1, 2)]]

    mu = [F(1, 3), F(2, 3)]
    adj = bdp.ADJACENCIES[which]
    pairs = [
        (box.bdp_tail(rr(P), mu, eps_box, adj, 1), certified.bdp_tail(rr(pt), mu, eps_pt, adj, 1)),
        (box.bdp_delta(rr(P), mu, eps_box, adj, 1), certified.bdp_delta(rr(pt), mu, eps_pt, adj, 1)),
        (box.bdp_delta_over_sets(rr(P), mu, eps_box, adj, 1, "set-per-x"),
         certified.bdp_delta_over_sets(rr(pt), mu, eps_pt, adj, 1, "set-per-x")),
        (box.bdp_loss_mgf(rr(P), mu, lam_box, adj, 1), certified.bdp_loss_mgf(rr(pt), mu, lam_pt, adj, 1)),
        (box.bdp_renyi_mgf(rr(P), mu, lam_box, adj, 1), certified.bdp_renyi_mgf(rr(pt), mu, lam_pt, adj, 1)),
        (box.bdp_markov_moment(rr(P), mu, lam_box, F(3, 2), adj, 1), certified.bdp_markov_moment(rr(pt), mu, lam_pt, F(3, 2), adj, 1)),
        (box.privacy_cost([lam_box, eps_box], mu, 3), certified.privacy_cost([lam_pt, eps_pt], mu, 3)),
        (box.gaussian_reference_cost(lam_box, 2, P / 4, 1, 3), certified.gaussian_reference_cost(lam_pt, 2, pt / 4, 1, 3)),
        (box.subsampled_gaussian_binomial_cost("LR"[which % 2], 3, 2, P / 10, lam_box, [P, eps_box], mu),
         certified.subsampled_gaussian_binomial_cost("LR"[which % 2], 3, 2, pt / 10, lam_pt, [pt, eps_pt], mu)),
    ]
    for i, (b, c) in enumerate(pairs):
        assert enclosure(b).contains(enclosure(c)), (i, b, c)
    composed = box.bdp_compose(rr(P), rr(P))
    assert enclosure(composed[0][1]).contains(enclosure(certified.bdp_compose(rr(pt), rr(pt))[0][1]))
