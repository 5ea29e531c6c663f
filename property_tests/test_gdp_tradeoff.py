"""Trade-off curves and μ-GDP estimates: the power of μ-GDP without cancellation (against mpmath at 50 digits), μ
from (ε, δ) and the central-limit μ of DP-SGD (against opacus 1.6.0's ``opacus.accountants.analysis.gdp``, its own
public API, and mpmath), and the trade-off of ε-randomised response (against the Neyman–Pearson test computed
directly on the two Bernoulli laws). Certified balls must hold the independent values."""
from __future__ import annotations

import math
from fractions import Fraction as F

import pytest
from flint import arb

from mechanisms.numerics.context import certified, fp
from proofcheck.measures import CERTIFIED, FLOAT

mpmath = pytest.importorskip("mpmath")
og = pytest.importorskip("opacus.accountants.analysis.gdp")

pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def _contains(ball, value, rel=0.0, abs_=0.0):
    if not isinstance(ball, arb):
        ball = arb(F(ball).numerator) / F(ball).denominator
    slack = rel * abs(value) + abs_
    assert float(ball.lower()) - slack <= value <= float(ball.upper()) + slack, (ball, value)


def _power_mp(mu, alpha):
    """Φ(μ − √2 erfinv(1 − 2α)) in mpmath at 700 digits (1 − 2α keeps α = 1e−300)."""
    with mpmath.workdps(700):
        return mpmath.ncdf(mpmath.mpf(mu) - mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * mpmath.mpf(alpha)))


# ----------------------------------------------------------------------------- the power of μ-GDP
@pytest.mark.parametrize("mu", [0.0, 0.1, 1.0, 3.0, 8.0])
@pytest.mark.parametrize("alpha", ["1e-300", "1e-10", "1e-4", "0.05", "0.5", "0.9", "0.999999"])
def test_gdp_power_full_relative_accuracy(mu, alpha):
    with mpmath.workdps(700):
        want = _power_mp(mu, mpmath.mpf(alpha))
    assert fp.gdp_power(mu, float(alpha)) == pytest.approx(float(want), rel=1e-12)
    ball = certified.gdp_power(F(mu), F(alpha))
    _contains(ball, float(want), rel=1e-15)
    # the two curves add to 1 on the certified path
    assert (ball + certified.gdp_tradeoff(F(mu), F(alpha))).contains(1)


def test_power_against_one_minus_tradeoff():
    """The case of the issue: 1 − G_1(1e−10) in floats is off relative by about machine epsilon over the power
    (7e−8 when G was Φ(Φ⁻¹(1 − α) − μ), 1.6e−10 with G as Φ(−Φ⁻¹(α) − μ), since 1 − G is still formed);
    gdp_power is to full relative accuracy."""
    with mpmath.workdps(700):
        want = float(_power_mp(1, mpmath.mpf("1e-10")))
    loses = abs((1 - fp.gdp_tradeoff(1.0, 1e-10)) - want) / want
    assert loses > 1e-12
    assert abs(fp.gdp_power(1.0, 1e-10) - want) / want < 1e-14
    assert certified.gdp_power(1, 0) == 0 and certified.gdp_power(1, 1) == 1
    assert FLOAT.gdp_power(0.0, 0.3) == pytest.approx(0.3, rel=1e-15)  # μ = 0: a coin's power is its level


# ----------------------------------------------------------------------------- μ from (ε, δ)
@pytest.mark.parametrize("eps, delta", [(1.0, 1e-5), (0.1, 1e-3), (3.0, 1e-10), (0.0, 0.5), (8.0, 1e-6), (0.5, 0.2)])
def test_gdp_mu_inverts_delta(eps, delta):
    mu = fp.gdp_mu(eps, delta)
    assert og.delta_eps_mu(eps=eps, mu=mu) == pytest.approx(delta, rel=1e-9)
    if eps > 0:
        assert og.eps_from_mu(mu=mu, delta=delta) == pytest.approx(eps, rel=1e-9)
    ball = certified.gdp_mu(F(eps), F(delta))
    _contains(ball, mu, rel=1e-14)
    assert ball.rad() <= 1e-15 * ball.mid()
    lo, hi = ball.lower(), ball.upper()
    # δ at the ends of the ball brackets the target: the ball holds the root (δ_μ(ε) increases in μ)
    assert certified.gdp_delta(lo, F(eps)) < arb(F(delta).numerator) / F(delta).denominator
    assert certified.gdp_delta(hi, F(eps)) > arb(F(delta).numerator) / F(delta).denominator
    # and the round trip through the existing ε of μ-GDP
    if eps > 0:
        _contains(certified.gdp_epsilon(ball.mid(), F(delta)), eps, abs_=1e-9)


# ----------------------------------------------------------------------------- the central-limit μ of DP-SGD
@pytest.mark.parametrize("sigma, q, steps", [(1.1, 0.01, 1000), (0.8, 0.004, 60000), (4.0, 0.1, 100), (30.0, 0.02, 10)])
def test_gdp_mu_poisson_and_uniform_match_opacus(sigma, q, steps):
    assert fp.gdp_mu_poisson(sigma, q, steps) == pytest.approx(
        og.compute_mu_poisson(steps=steps, noise_multiplier=sigma, sample_rate=q), rel=1e-12)
    peer_uniform = og.compute_mu_uniform(steps=steps, noise_multiplier=sigma, sample_rate=q)
    with mpmath.workdps(60):
        s = mpmath.mpf(sigma)
        inner = mpmath.exp(1 / s ** 2) * mpmath.ncdf(1.5 / s) + 3 * mpmath.ncdf(-0.5 / s) - 2
        want_uniform = float(mpmath.sqrt(2) * mpmath.mpf(q) * mpmath.sqrt(steps) * mpmath.sqrt(inner))
        want_poisson = float(mpmath.mpf(q) * mpmath.sqrt(steps) * mpmath.sqrt(mpmath.expm1(1 / s ** 2)))
    _contains(certified.gdp_mu_poisson(F(sigma), F(q), steps), want_poisson, rel=1e-15)
    _contains(certified.gdp_mu_uniform(F(sigma), F(q), steps), want_uniform, rel=1e-15)
    # opacus' uniform form cancels (½ + 3/2 − 2 as σ grows): it keeps ~1e−8 relative at σ = 30, the ball 1e−15
    assert peer_uniform == pytest.approx(want_uniform, rel=1e-6)
    assert fp.gdp_mu_uniform(sigma, q, steps) == pytest.approx(want_uniform, rel=1e-6)


# ----------------------------------------------------------------------------- ε-randomised response
def _np_tradeoff(eps, alpha):
    """The Neyman–Pearson type II error at level α between P = Bern(p) and Q = Bern(1 − p), p = e^ε/(1 + e^ε), the
    test rejecting 'P' on the outcome of larger likelihood ratio Q/P first and randomising on the boundary outcome
    (mpmath, 50 digits)."""
    with mpmath.workdps(50):
        e = mpmath.mpf(eps)
        p = mpmath.exp(e) / (1 + mpmath.exp(e))
        # outcomes: 0 has P = 1 − p, Q = p (ratio e^ε); 1 has P = p, Q = 1 − p (ratio e^{−ε})
        a = mpmath.mpf(alpha)
        if a <= 1 - p:  # reject on part of outcome 0
            power = a / (1 - p) * p
        else:
            power = p + (a - (1 - p)) / p * (1 - p)
        return 1 - power


@pytest.mark.parametrize("eps", [0.0, 1e-6, 0.5, 1.0, 3.0, 20.0])
@pytest.mark.parametrize("alpha", [0.0, 1e-9, 0.1, 0.2689, 0.5, 0.75, 1.0])
def test_rr_tradeoff_is_the_neyman_pearson_test(eps, alpha):
    want = _np_tradeoff(eps, alpha)
    assert fp.rr_tradeoff(eps, alpha) == pytest.approx(float(want), rel=1e-13, abs=1e-16)
    assert fp.rr_power(eps, alpha) == pytest.approx(float(1 - want), rel=1e-13, abs=1e-300)
    _contains(certified.rr_tradeoff(F(eps), F(alpha)), float(want), rel=1e-15, abs_=1e-300)
    _contains(CERTIFIED.rr_power(F(eps), F(alpha)), float(1 - want), rel=1e-15, abs_=1e-300)


def test_rr_power_small_eps_relative_accuracy():
    """At ε = 1e−12, α = 1e−15 the power ≈ ε·(1 − α) + α: −expm1(−ε) keeps it to full relative accuracy."""
    eps, alpha = 1e-12, 1e-15
    with mpmath.workdps(50):
        want = float(1 - _np_tradeoff(mpmath.mpf(eps), mpmath.mpf(alpha)))
    assert fp.rr_power(eps, alpha) == pytest.approx(want, rel=1e-14)


def test_rr_tradeoff_is_a_symmetric_tradeoff_function():
    """f_ε is a symmetric trade-off function: below 1 − α and its own inverse (f(f(α)) = α on [0, 1])."""
    for eps in (0.3, 1.0, 4.0):
        for i in range(0, 101):
            a = i / 100
            f = fp.rr_tradeoff(eps, a)
            assert f <= 1 - a + 1e-15
            assert fp.rr_tradeoff(eps, f) == pytest.approx(a, abs=1e-12)
