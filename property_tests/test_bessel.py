"""log I_ν(x), the contexts' ``log_bessel_i``: the float context (Debye expansion / series) against the certified
one (arb enclosures), scipy, mpmath and the three-term recurrence."""
from __future__ import annotations

from fractions import Fraction

import flint
import numpy as np
import pytest
import scipy.special as sc
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.numerics.bessel import DEBYE_RADIUS, EXTENDED_PRECISION, _debye_u_polynomials
from mechanisms.numerics.context import certified, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb

REL_TOL = 1e-13 if EXTENDED_PRECISION else 1e-11


def log_bessel_i_certified(nu, x, prec=128):
    """The certified context's log I_ν(x), starting at `prec` bits."""
    with flint.ctx.workprec(prec):
        return certified.log_bessel_i(nu, x)

ULP_SLACK = 2.0**-50  # "near containment": a few ulps of the value outside the ball


def _arb_mid_rad(nu, x, prec=128):
    v = log_bessel_i_certified(Fraction(float(nu)), Fraction(float(x)), prec=prec)  # exact binary values
    return float(v.mid()), float(v.rad())


def _grid(nu_max, n_nu, n_x):
    nus = np.concatenate([[0.0], np.logspace(-3, np.log10(nu_max), n_nu)])
    xs = np.logspace(-3, 6, n_x)
    nu, x = np.meshgrid(nus, xs)
    return nu.ravel(), x.ravel()


@pytest.mark.parametrize("nu_max,n_nu,n_x", [(1e5, 30, 30), (1e6, 12, 20)])
def test_float_matches_arb_on_log_grid(nu_max, n_nu, n_x):
    nu, x = _grid(nu_max, n_nu, n_x)
    got = fp.log_bessel_i(nu, x)
    ref = np.array([_arb_mid_rad(a, b) for a, b in zip(nu, x)])
    mid, rad = ref[:, 0], ref[:, 1]
    err = np.abs(got - mid)
    assert np.all(np.isfinite(got))
    assert np.max(err / np.abs(mid)) <= REL_TOL
    # near containment: inside the ball widened by a few ulps of the value
    if EXTENDED_PRECISION:
        assert np.all(err <= rad + ULP_SLACK * np.abs(mid))


@settings(max_examples=150, deadline=None)
@given(
    nu=st.one_of(st.just(0.0), st.floats(0.0, 1e6)),
    x=st.floats(1e-3, 1e6),
)
def test_float_matches_arb_random(nu, x):
    mid, _rad = _arb_mid_rad(nu, x)
    got = float(fp.log_bessel_i(nu, x))
    # relative to max(1, |log I|): log I may be arbitrarily close to 0 at a random point, where
    # the long-double cancellation leaves ~1.3e-19·ν absolute (matters only for ν > 1e5)
    assert abs(got - mid) <= REL_TOL * max(1.0, abs(mid)) + 2e-19 * nu


@pytest.mark.parametrize("nu", [0.05, 0.7, 3.0, 19.5, 20.5, 250.0, 6849.0, 1e5])
def test_near_zero_of_log_i(nu):
    """Around x0 with I_ν(x0) = 1 the leading terms cancel; the error must stay ~ν·2^-64."""
    from scipy.optimize import brentq

    x0 = brentq(lambda x: float(fp.log_bessel_i(nu, x)), 1e-3, 1e7, xtol=1e-300, rtol=1e-15)
    xs = x0 * (1 + np.array([-1e-2, -1e-5, -1e-9, 0.0, 1e-9, 1e-5, 1e-2]))
    got = fp.log_bessel_i(nu, xs)
    for xv, g in zip(xs, got):
        mid, _ = _arb_mid_rad(nu, xv)
        assert abs(g - mid) <= 1e-13 * max(1.0, abs(mid))
    assert got[2] < 0 < got[4]  # x0 really is the zero


def test_debye_switch_is_seamless():
    th = np.linspace(0, np.pi / 2, 25)
    for r in (DEBYE_RADIUS * (1 - 1e-12), DEBYE_RADIUS):
        nu, x = r * np.sin(th), np.maximum(r * np.cos(th), 1e-3)
        got = fp.log_bessel_i(nu, x)
        for a, b, g in zip(nu, x, got):
            mid, _ = _arb_mid_rad(a, b)
            assert abs(g - mid) <= REL_TOL * max(1.0, abs(mid))


def test_against_scipy_where_scipy_is_accurate():
    nu, x = np.meshgrid(np.linspace(0, 40, 41), np.logspace(-1, np.log10(600), 40))
    nu, x = nu.ravel(), x.ravel()
    ive = sc.ive(nu, x)
    ok = (ive > 1e-280) & np.isfinite(ive)  # scipy under/overflows outside this
    ref = np.log(ive[ok]) + x[ok]
    got = fp.log_bessel_i(nu[ok], x[ok])
    assert ok.sum() > 1500
    assert np.max(np.abs(got - ref) / np.maximum(1.0, np.abs(ref))) < 1e-13


def test_closed_forms_half_integer_and_small_x():
    # I_{1/2}(x) = sqrt(2/(πx)) sinh x
    x = np.array([0.3, 1.0, 7.5, 30.0, 700.0])
    ref = 0.5 * np.log(2 / (np.pi * x)) + x + np.log(-np.expm1(-2 * x)) - np.log(2)
    assert np.allclose(fp.log_bessel_i(0.5, x), ref, rtol=1e-14, atol=0)
    # log I_0(x) = x²/4 − x⁴/64 + … : relative accuracy as the value → 0
    for xv in (1e-3, 1e-6, 1e-150):
        assert fp.log_bessel_i(0.0, xv) == pytest.approx(xv * xv / 4 - xv**4 / 64, rel=1e-15)


def test_x_zero_limits_and_extremes_are_finite():
    assert fp.log_bessel_i(0.0, 0.0) == 0.0
    assert fp.log_bessel_i(2.5, 0.0) == -np.inf
    assert fp.log_bessel_i(1e-300, 0.0) == -np.inf
    nu = np.array([0.0, 1e-300, 3.0, 1e5, 1e6, 1e6])
    x = np.array([5e-324, 1e-300, 5e-324, 1e-300, 1e-3, 1e6])
    got = fp.log_bessel_i(nu, x)
    assert np.all(np.isfinite(got))
    # tiny x: log I ≈ ν·log(x/2) − log Γ(ν+1)
    assert got[3] == pytest.approx(1e5 * np.log(0.5e-300) - sc.gammaln(1e5 + 1), rel=1e-15)


def test_broadcasting_and_scalar_return():
    v = fp.log_bessel_i(3.0, 2.0)
    assert np.ndim(v) == 0 and np.isfinite(v)
    out = fp.log_bessel_i(np.array([[0.0], [10.0], [1e4]]), np.array([0.5, 50.0, 5e4, 5e5]))
    assert out.shape == (3, 4)
    assert out[1, 2] == fp.log_bessel_i(10.0, 5e4)


@pytest.mark.parametrize(
    "nu,x,fragment",
    [(-1.0, 2.0, "nu=-1.0"), (1.0, -2.0, "x=-2.0"), (np.nan, 1.0, "nu=nan"), (1.0, np.inf, "x=inf"),
     ([1.0, -0.5], 1.0, "nu=-0.5")],
)
def test_bad_input(nu, x, fragment):
    with pytest.raises(InvalidInput, match=fragment.replace("[", r"\[")):
        fp.log_bessel_i(nu, x)


@pytest.mark.parametrize("nu,x", [(-1, 1), (1, -1), (1, float("nan")), ("abc", 1)])
def test_bad_input_arb(nu, x):
    with pytest.raises(InvalidInput):
        log_bessel_i_certified(nu, x)


def test_debye_polynomials_match_dlmf():
    u = _debye_u_polynomials(3)
    assert u[1] == {1: Fraction(3, 24), 3: Fraction(-5, 24)}
    assert u[2] == {2: Fraction(81, 1152), 4: Fraction(-462, 1152), 6: Fraction(385, 1152)}
    assert u[3] == {3: Fraction(30375, 414720), 5: Fraction(-369603, 414720),
                    7: Fraction(765765, 414720), 9: Fraction(-425425, 414720)}


# ---------------------------------------------------------------- arb version


def test_arb_exact_inputs():
    a = log_bessel_i_certified("6849", "0.75")
    b = log_bessel_i_certified(6849, Fraction(3, 4))
    c = log_bessel_i_certified(Fraction(6849), Fraction(0.75))
    assert a.overlaps(b) and b.overlaps(c)
    assert float(a.rad()) < 1e-25 * abs(float(a.mid()))
    # "0.1" is 1/10 exactly, not the binary double nearest to it
    tenth = log_bessel_i_certified(2, "0.1", prec=200)
    assert tenth.overlaps(log_bessel_i_certified(2, Fraction(1, 10), prec=200))
    assert not tenth.overlaps(log_bessel_i_certified(2, Fraction(0.1), prec=200))  # the binary double's exact value
    from mechanisms.numerics.exact import FloatOnCertifiedPath

    with pytest.raises(FloatOnCertifiedPath, match="0.1"):  # a float is never taken as exact
        log_bessel_i_certified(2, 0.1)
    assert log_bessel_i_certified(0, 0) == 0 and not isinstance(log_bessel_i_certified(0, 0), flint.arb)  # exact
    assert log_bessel_i_certified(3, 0) is certified.ninf


@pytest.mark.parametrize("nu,x", [(1.5, 3.0), (7.25, 0.4), (120.0, 80.0), (6849.0, 75.0), (6849.0, 6849.0),
                                  (6849.0, 5e5), (1e5, 2.0)])
def test_recurrence_identity_in_arb(nu, x):
    """I_{ν−1}(x) − I_{ν+1}(x) = (2ν/x) I_ν(x), enclosures overlapping at 200 bits."""
    with flint.ctx.workprec(200):
        e = [log_bessel_i_certified(Fraction(nu) + d, Fraction(x), prec=200).exp() for d in (-1, 0, 1)]
        lhs = e[0] - e[2]
        rhs = 2 * to_arb(Fraction(nu)) / to_arb(Fraction(x)) * e[1]
        assert lhs.overlaps(rhs)
        assert float(abs(lhs - rhs).upper()) <= 1e-40 * float(abs(rhs).upper())


@pytest.mark.parametrize("nu,x", [(1.5, 0.2), (30.0, 4.0), (500.0, 75.0), (6849.0, 500.0), (6849.0, 3000.0),
                                  (1e5, 1e4)])
def test_recurrence_identity_in_float(nu, x):
    """Same identity on the float path, in log space (region where I_{ν+1}/I_{ν−1} is not ≈ 1)."""
    lm, l0, lp = fp.log_bessel_i([nu - 1, nu, nu + 1], x)
    lhs = lm + np.log1p(-np.exp(lp - lm))
    rhs = np.log(2 * nu / x) + l0
    assert lhs == pytest.approx(rhs, rel=1e-13, abs=1e-13)


def test_order_6849_against_mpmath_and_flint():
    """ν = 6849 (p = 13700): float and arb paths against mpmath's besseli where it converges and against
    python-flint's arb Bessel function (called directly, at 200 bits) where mpmath gives up."""
    import mpmath

    xs = [0.5, 75.0, 500.0, 6849.0, 2e4, 1e6]
    got = fp.log_bessel_i(6849.0, np.array(xs))
    with mpmath.workdps(30):
        for x, g in zip(xs[:4], got[:4]):
            ref = float(mpmath.log(mpmath.besseli(6849, x)))
            assert g == pytest.approx(ref, rel=1e-14, abs=0), x
    with flint.ctx.workprec(200):
        for x, g in zip(xs, got):
            ref = flint.arb(x).bessel_i(6849).log()
            assert abs(g - float(ref.mid())) <= 1e-14 * abs(float(ref.mid())), x
            assert log_bessel_i_certified(6849, Fraction(x), prec=200).overlaps(ref)


def test_lgamma1p_long_double_against_mpmath():
    import mpmath

    from mechanisms.numerics.bessel import _lgamma1p_ld

    with mpmath.workdps(80):  # 1 + ν must be exact in mpmath for ν down to 1e-30
        nus = np.array([1e-30, 1e-12, 1e-3, 0.25, 0.5, 1.0, 2.5, 7.75, 19.99])
        got = _lgamma1p_ld(nus.astype(np.longdouble))
        rel = 1e-17 if EXTENDED_PRECISION else 1e-14
        for nu, g in zip(nus, got):
            ref = mpmath.loggamma(1 + mpmath.mpf(float(nu)))
            # relative accuracy as ν → 0 (no cancellation against log Γ(1) = 0), ~1e-19 absolute at ν = 1
            assert abs(mpmath.mpf(str(g)) - ref) <= rel * abs(ref) + 1e-18 * min(1.0, nu)
        tiny = _lgamma1p_ld(np.array([1e-300], dtype=np.longdouble))[0]
        assert tiny == pytest.approx(-0.5772156649015329e-300, rel=1e-15)  # −γν
