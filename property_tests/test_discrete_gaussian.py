"""The discrete Gaussian mechanism (mechanisms.continuous.discrete) against direct mpmath sums at 40 digits of the
definitions over the lattice (Σ_x [P(x) − e^ε Q(x)]_+, Σ P log P/Q, log Σ P^α Q^{1−α}/(α − 1)), not the formulas'
CDF split or shifted-theta form; the certified ball must hold the oracle, the float agree to 1e−12; the RDP bound
αΔ²/(2σ²) is above the exact value and equal to it at integer (α − 1)Δ."""
from fractions import Fraction as F

import flint
import mpmath
import pytest

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import certified, fp


def _mp(x):
    return mpmath.mpf(x.numerator) / x.denominator if isinstance(x, F) else mpmath.mpf(x)


def _pmfs(sigma, d):
    """P, Q on a lattice range wide enough for 40 digits (unnormalised weights, and Z)."""
    s = _mp(sigma)
    n = int(30 * float(sigma)) + 30 + d
    xs = range(-n, n + d + 1)
    w = {x: mpmath.exp(-mpmath.mpf(x) ** 2 / (2 * s * s)) for x in range(-n - d, n + 2 * d + 1)}
    z = sum(w[x] for x in range(-n, n + 1))
    return xs, (lambda x: w[x] / z), (lambda x: w[x - d] / z)


def _holds(ball, oracle):
    ref = flint.arb(mpmath.nstr(oracle, 38))
    assert (ball - ref).contains(0) or abs(ball - ref) < 1e-30, (ball, oracle)


@pytest.mark.parametrize("sigma, d", [(F(1), 1), (F(3, 2), 2), (F(5), 1), (F(1, 2), 1)])
def test_delta_kl_and_rdp_by_direct_sums(sigma, d):
    with mpmath.workdps(40):
        xs, P, Q = _pmfs(sigma, d)
        for eps in (F(-1), F(0), F(1, 3), F(2)):
            oracle = sum(max(mpmath.mpf(0), P(x) - mpmath.exp(_mp(eps)) * Q(x)) for x in xs)
            _holds(certified.discrete_gaussian_delta(sigma, eps, d), oracle)
            assert fp.discrete_gaussian_delta(float(sigma), float(eps), d) == pytest.approx(float(oracle), rel=1e-12,
                                                                                             abs=1e-300)
        kl = sum(P(x) * mpmath.log(P(x) / Q(x)) for x in xs)
        _holds(certified.num(certified.discrete_gaussian_kl(sigma, d)), kl)
        for alpha in (F(3, 2), F(2), F(7, 3), F(5)):
            a = _mp(alpha)
            renyi = mpmath.log(sum(P(x) ** a * Q(x) ** (1 - a) for x in xs)) / (a - 1)
            _holds(certified.discrete_gaussian_rdp(alpha, sigma, d), renyi)
            assert fp.discrete_gaussian_rdp(float(alpha), float(sigma), d) == pytest.approx(float(renyi), rel=1e-11)
            bound = certified.discrete_gaussian_rdp_bound(alpha, sigma, d)
            assert certified.le(certified.discrete_gaussian_rdp(alpha, sigma, d), bound) is not False
            if ((alpha - 1) * d).denominator == 1:  # the bound is attained
                _holds(certified.num(bound), renyi)
            else:
                assert renyi < _mp(bound) + mpmath.mpf(10) ** -35  # below by e^{−2π²σ²}: invisible at σ = 5


def test_at_large_sigma_the_discrete_gaussian_approaches_the_continuous_one():
    # the lattice rounds the loss's threshold: the two profiles differ at O(1/σ²), not at the sums' precision
    for sigma in (20.0, 60.0):
        rel = abs(fp.discrete_gaussian_delta(sigma, 0.01) / fp.gaussian_delta(sigma, 0.01) - 1)
        assert 1e-12 < rel < 0.1 / sigma ** 2
    assert certified.discrete_gaussian_rdp(certified.inf, 1) is certified.inf


@pytest.mark.parametrize("call, match", [
    (lambda: fp.discrete_gaussian_delta(0.0, 1.0), "sigma=0.0"),
    (lambda: fp.discrete_gaussian_delta(1.0, 1.0, 0), "sensitivity=0"),
    (lambda: certified.discrete_gaussian_rdp(1, 1), "alpha=1"),
    (lambda: fp.discrete_gaussian_kl(1.0, 1.5), "sensitivity=1.5"),
])
def test_bad_input_is_named(call, match):
    with pytest.raises(InvalidInput, match=match):
        call()
