"""The VMF and capacity formulas, each written once over the numeric context: the certified value encloses an
independent 50-digit mpmath evaluation of the printed formula (besseli, hyp0f1, gamma), the float value agrees
with it to ~1e-12, and on the box context a Ball encloses the certified values at points inside it."""
from __future__ import annotations

from fractions import Fraction as F

import flint
import mpmath as mp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.continuous import capacity, vmf, vmf_moments, vmf_renyi  # noqa: F401  (register the formulas)

from mechanisms.accounting import vmf_accounting
from mechanisms.numerics.context import Ball, box, certified, enclosure, fp

DPS = 50


def _mpf(x):
    return mp.mpf(x.numerator) / x.denominator if isinstance(x, F) else mp.mpf(x)


def _log_i(nu, x):
    return mp.log(mp.besseli(nu, x))


def _tau(nu, kappa, alpha):
    """Proposition 1 as printed: [ν log(1/(2α−1)) + log I_ν((2α−1)κ) − log I_ν(κ)]/(α−1)."""
    return (nu * mp.log(1 / (2 * alpha - 1)) + _log_i(nu, (2 * alpha - 1) * kappa) - _log_i(nu, kappa)) / (alpha - 1)


def _mrl(nu, s):
    return mp.besseli(nu + 1, s) / mp.besseli(nu, s)


def _agrees(name, args, ref, float_rel=1e-12):
    """certified.name(*args) encloses ref (a 50-digit mpmath value) in a narrow ball; fp.name(floats) is within
    float_rel of it."""
    exact_args = args
    float_args = [float(a) if isinstance(a, (F, int)) and not isinstance(a, bool) else a for a in args]
    with flint.ctx.workprec(128):
        c = enclosure(getattr(certified, name)(*exact_args))
    r = flint.arb(mp.nstr(ref, DPS, strip_zeros=False))
    assert c.overlaps(r), (name, args, c, ref)
    assert float(c.rad()) <= 1e-25 * max(1.0, abs(float(ref))), (name, args, c)
    f = getattr(fp, name)(*float_args)
    assert abs(f - float(ref)) <= float_rel * max(1.0, abs(float(ref))), (name, args, f, ref)


POINTS = [(2, F(1, 2)), (3, F(7)), (10, F(75)), (50, F(3, 10)), (300, F(151, 2)), (13700, F(75))]


def _ratio_tol(p):
    """A_p = exp(log I_{ν+1} − log I_ν) in floats: at p = 13,700, κ = 75 both logs are ≈ −3·10⁴, and their
    1e−16 relative errors leave ~3e−12 in A_p (the float route's own accuracy, not a transcription error)."""
    return 1e-11 if p > 1000 else 1e-12


@pytest.mark.parametrize("p,kappa", POINTS)
def test_normaliser_mgf_and_mean_resultant_length(p, kappa):
    with mp.workdps(DPS):
        nu, k = mp.mpf(p) / 2 - 1, _mpf(kappa)
        _agrees("log_sphere_area", (p,), mp.log(2) + mp.mpf(p) / 2 * mp.log(mp.pi) - mp.loggamma(mp.mpf(p) / 2))
        _agrees("vmf_log_normaliser", (p, kappa), nu * mp.log(k) - (nu + 1) * mp.log(2 * mp.pi) - _log_i(nu, k))
        _agrees("log_vmf_mgf", (p, kappa), mp.log(mp.hyp0f1(mp.mpf(p) / 2, k * k / 4)))
        _agrees("vmf_mean_resultant_length", (p, kappa), _mrl(nu, k))
        _agrees("vmf_kl_antipodal", (p, kappa), 2 * k * _mrl(nu, k), _ratio_tol(p))
        _agrees("vmf_capacity", (p, kappa), k - mp.log(mp.hyp0f1(mp.mpf(p) / 2, k * k / 4)))


def test_mgf_at_p_1_is_log_cosh_and_zero_at_zero():
    with mp.workdps(DPS):
        _agrees("log_vmf_mgf", (1, F(5, 2)), mp.log(mp.cosh(mp.mpf(5) / 2)))
    assert certified.log_vmf_mgf(7, 0) == 0 and fp.log_vmf_mgf(7, 0.0) == 0.0


@pytest.mark.parametrize("p,kappa,alpha", [(2, F(1, 2), F(3, 2)), (3, F(7), F(2)), (10, F(75), F(11, 4)),
                                           (300, F(151, 2), F(32)), (13700, F(75), F(5, 4))])
def test_renyi_dp_and_its_conversions(p, kappa, alpha):
    with mp.workdps(DPS):
        nu, k, a = mp.mpf(p) / 2 - 1, _mpf(kappa), _mpf(alpha)
        tau = _tau(nu, k, a)
        _agrees("vmf_rdp", (p, kappa, alpha), tau)
        _agrees("vmf_rdp_nu", (F(p, 2) - 1, kappa, alpha), tau)
        eps = F(1, 3)
        e = _mpf(eps)
        log_delta = (a - 1) * (tau - e) + a * mp.log(1 - 1 / a) - mp.log(a - 1)  # Eq. (8)
        _agrees("vmf_log_delta_alpha", (p, kappa, eps, alpha), log_delta)
        _agrees("vmf_stationarity", (p, kappa, eps, alpha), -e + 2 * k * _mrl(nu, (2 * a - 1) * k) + mp.log(1 - 1 / a),
                _ratio_tol(p))


def test_rdp_with_a_real_order_nu():
    with mp.workdps(DPS):
        _agrees("vmf_rdp_nu", (F(7, 3), F(9, 2), F(5, 2)), _tau(mp.mpf(7) / 3, mp.mpf(9) / 2, mp.mpf(5) / 2))


@pytest.mark.parametrize("p,kappa,alpha,cos", [(2, F(3), F(2), F(1, 2)), (5, F(3), F(5, 2), F(3, 10)),
                                               (50, F(40), F(3), F(-9, 10)), (13700, F(75), F(2), F(-1))])
def test_renyi_divergence_at_an_angle(p, kappa, alpha, cos):
    with mp.workdps(DPS):
        nu, k, a, c = mp.mpf(p) / 2 - 1, _mpf(kappa), _mpf(alpha), _mpf(cos)
        m = mp.sqrt(1 + 2 * a * (a - 1) * (1 - c))
        ref = (-nu * mp.log(m) + _log_i(nu, k * m) - _log_i(nu, k)) / (a - 1)
        _agrees("vmf_renyi_divergence", (p, kappa, alpha, cos), ref)


def test_taus_are_the_rdp_curve():
    p, kappa = 50, F(40)
    with flint.ctx.workprec(128):
        taus = certified.vmf_taus(p, kappa, 6)
    floats = fp.vmf_taus(p, float(kappa), 6)
    assert sorted(taus) == sorted(floats) == [2, 3, 4, 5, 6]
    with mp.workdps(DPS):
        for order, ball in taus.items():
            ref = _tau(mp.mpf(p) / 2 - 1, _mpf(kappa), mp.mpf(order))
            assert ball.overlaps(flint.arb(mp.nstr(ref, DPS))) and ball.rad() < 1e-25
            assert abs(floats[order] - float(ref)) <= 1e-12 * abs(float(ref))
    assert fp.vmf_taus(p, 1.0, 1) == {} == certified.vmf_taus(p, 1, 1)


def _gaussian_capacity_mp(p, sigma, R):
    rho = _mpf(R) / (_mpf(sigma) * mp.sqrt(2))
    half = mp.mpf(p) / 2
    total = mp.fsum(mp.binomial(p - 1, i) * mp.gamma(mp.mpf(p - i) / 2) / mp.gamma(half) * rho**i for i in range(p))
    return mp.log(total + rho**p / mp.gamma(half + 1))


@pytest.mark.parametrize("p,sigma,R", [(1, F(3, 2), F(2)), (2, F(1), F(1, 3)), (7, F(1, 10), F(3)),
                                       (60, F(123, 100), F(1)), (400, F(1, 2), F(5))])
def test_gaussian_capacity_closed_form(p, sigma, R):
    with mp.workdps(DPS):
        _agrees("gaussian_capacity", (p, sigma, R), _gaussian_capacity_mp(p, sigma, R))
    assert certified.gaussian_capacity(p, sigma, 0) == 0 and fp.gaussian_capacity(p, float(sigma), 0.0) == 0.0


def test_gaussian_capacity_per_layer_is_the_sum_over_layers():
    layers, sigma = [3, 5, 40], F(7, 10)
    with mp.workdps(DPS):
        ref = mp.fsum(_gaussian_capacity_mp(s, sigma, 1) for s in layers)
        with flint.ctx.workprec(128):
            c = certified.gaussian_capacity_per_layer(layers, sigma, 1)
        assert c.overlaps(flint.arb(mp.nstr(ref, DPS))) and c.rad() < 1e-25
        assert abs(fp.gaussian_capacity_per_layer(layers, float(sigma), 1) - float(ref)) <= 1e-12 * float(ref)


# ----------------------------------------------------------------------------- the box context
def _box(lo, hi):
    return Ball.of(lo, hi)


@settings(max_examples=25, deadline=None)
@given(p=st.sampled_from([2, 3, 10, 50, 300]), k_num=st.integers(1, 4000), width=st.integers(1, 100),
       alpha=st.sampled_from([F(3, 2), F(2), F(7, 2), F(8)]), eps=st.sampled_from([F(0), F(1, 4), F(3)]))
def test_a_box_encloses_the_certified_values_inside_it(p, k_num, width, alpha, eps):
    lo, hi = F(k_num, 100), F(k_num, 100) + F(width, 10**5)  # κ ∈ [lo, hi]
    inside = (lo, (lo + hi) / 2, hi)
    with flint.ctx.workprec(128):
        cases = [
            ("vmf_rdp", lambda k: (p, k, alpha)),
            ("vmf_log_normaliser", lambda k: (p, k)),
            ("vmf_mean_resultant_length", lambda k: (p, k)),
            ("vmf_kl_antipodal", lambda k: (p, k)),
            ("vmf_capacity", lambda k: (p, k)),
            ("vmf_renyi_divergence", lambda k: (p, k, alpha, F(1, 5))),
            ("vmf_log_delta_alpha", lambda k: (p, k, eps, alpha)),
            ("vmf_stationarity", lambda k: (p, k, eps, alpha)),
            ("gaussian_capacity", lambda k: (p, k, F(2))),  # κ's box as σ
        ]
        for name, args in cases:
            over = enclosure(getattr(box, name)(*args(_box(lo, hi))))
            for k in inside:
                at = enclosure(getattr(certified, name)(*args(k)))
                assert over.contains(at), (name, p, lo, hi, k, over, at)
        # a box in the order α: the enclosure vmf_min_log_delta_arb stands on
        a_lo, a_hi = alpha, alpha + F(1, 1000)
        over = enclosure(box.vmf_log_delta_alpha(p, hi, eps, _box(a_lo, a_hi)))
        for a in (a_lo, (a_lo + a_hi) / 2, a_hi):
            assert over.contains(enclosure(certified.vmf_log_delta_alpha(p, hi, eps, a)))


def test_a_log_integral_of_an_integrand_that_is_zero_everywhere_is_minus_infinity():
    # two densities equal to double precision (a VMF of κ = 1e-273 against its mixture) leave p·log(p/q) = 0 on the
    # whole interval: the integral is 0, its log −inf, not an error of the claim; NaN everywhere stays an error
    import math

    import numpy as np
    import pytest

    from mechanisms.errors import InvalidInput
    from mechanisms.numerics.quadrature import float_log_integral

    assert float_log_integral(lambda x: np.full_like(x, -np.inf), 0.0, 1.0) == -math.inf
    assert float_log_integral(lambda x: np.zeros_like(x), 0.0, 2.0) == pytest.approx(math.log(2.0), rel=1e-14)
    with pytest.raises(InvalidInput, match="not finite"):
        float_log_integral(lambda x: np.full_like(x, np.nan), 0.0, 1.0)
