"""DP accounting primitives (mechanisms.finite.hockey_stick, special, gaussian_dp, subsampled_gaussian, rdp_conversion)
against independent oracles: exact enumeration of sets, mpmath / scipy quadrature of the definitions,
dp_accounting and opacus, published figures, and round trips; certified balls must hold the float values."""
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

from mechanisms.continuous import gaussian_dp  # noqa: F401  (register their formulas)

from mechanisms.accounting import rdp_conversion

from mechanisms.numerics import special
from mechanisms.finite import hockey_stick  # noqa: F401  (registers the hockey-stick formulas)
from mechanisms.accounting import subsampled_gaussian as sg
from mechanisms.numerics.context import Ball, box, certified, enclosure, fp
from mechanisms.errors import InvalidInput

mpmath = pytest.importorskip("mpmath")
rdp_acc = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")

# the float routes handle their own overflow and log(0): any numpy RuntimeWarning is a bug
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def _holds(ball, value, rel=0.0, abs_=0.0):
    """The ball, widened by the float's own error budget, contains the float value."""
    assert isinstance(ball, arb), type(ball)
    slack = rel * abs(value) + abs_
    assert float(ball.lower()) - slack <= value <= float(ball.upper()) + slack, (ball, value)


def _ball(x):
    """A certified value as a ball (an exact number's enclosure)."""
    return x if isinstance(x, arb) else flint.arb(flint.fmpq(x.numerator, x.denominator))


def _rel(a, b):
    return abs(a - b) / abs(b) if b else abs(a)


def _arb_of_mpf(x):
    return arb(mpmath.nstr(x, 40, strip_zeros=False))


# ----------------------------------------------------------------------------- hockey stick
def _random_dist(rng, n, den=60):
    w = [rng.randint(0, 9) for _ in range(n)]
    if not any(w):
        w[0] = 1
    t = sum(w)
    return [F(x, t) for x in w]


def _sup_over_sets(P, Q, gamma):
    """sup_S P(S) − γ Q(S) by enumerating every subset S (the definition, not the pointwise formula)."""
    n = len(P)
    best = F(0)
    for r in range(n + 1):
        for S in itertools.combinations(range(n), r):
            best = max(best, sum((P[i] - gamma * Q[i] for i in S), F(0)))
    return best


def test_hockey_stick_equals_the_supremum_over_sets():
    rng = random.Random(3)
    for _ in range(40):
        n = rng.randint(1, 7)
        P, Q = _random_dist(rng, n), _random_dist(rng, n)
        g = F(rng.randint(0, 40), rng.randint(1, 10))
        want = _sup_over_sets(P, Q, g)
        assert certified.hockey_stick(P, Q, g) == want
        assert fp.hockey_stick(np.array(P, float), np.array(Q, float), float(g)) == pytest.approx(float(want), abs=1e-15)
        _holds(certified.hockey_stick(P, Q, _ball(g)), float(want), rel=1e-15)  # γ a ball


def test_privacy_profile_against_mpmath_and_certified():
    rng = random.Random(5)
    for _ in range(30):
        n = rng.randint(2, 6)
        P, Q = _random_dist(rng, n), _random_dist(rng, n)
        eps = F(rng.randint(0, 30), 10)
        with mpmath.workdps(40):
            g = mpmath.exp(mpmath.mpf(eps.numerator) / eps.denominator)
            want = max(mpmath.mpf(0), max(sum((mpmath.mpf(P[i].numerator) / P[i].denominator
                                               - g * mpmath.mpf(Q[i].numerator) / Q[i].denominator for i in S), mpmath.mpf(0))
                                          for r in range(n + 1) for S in itertools.combinations(range(n), r)))
        got = fp.hockey_stick_delta(np.array(P, float), np.array(Q, float), float(eps))
        assert got == pytest.approx(float(want), rel=1e-13, abs=1e-16)
        ball = _ball(certified.hockey_stick_delta(P, Q, eps))
        assert ball.overlaps(_arb_of_mpf(want))
        _holds(ball, got, rel=1e-13, abs_=1e-16)
    # vectorised in ε, and no overflow: at ε = 800 only outputs with Q = 0 count
    P, Q = [0.5, 0.25, 0.25], [0.0, 1e-300, 1 - 1e-300]
    vals = fp.hockey_stick_delta(P, Q, [0.0, 1.0, 800.0])
    assert vals.shape == (3,) and np.all(np.isfinite(vals)) and vals[2] == 0.5


def test_channel_profile_matches_ldp_level_and_tv():
    from mechanisms.finite import channels as finite  # noqa: F401  (registers ldp_level, tv)

    rng = random.Random(8)
    for _ in range(15):
        m, n = rng.randint(2, 4), rng.randint(2, 5)
        K = [_random_dist(rng, n) for _ in range(m)]
        Kf = np.array(K, float)
        pairs = [_sup_over_sets(r, s, F(3, 2)) for r in K for s in K]
        assert certified.channel_hockey_stick(K, F(3, 2)) == max(pairs)
        assert fp.channel_hockey_stick(Kf, 1.5) == pytest.approx(float(max(pairs)), abs=1e-15)
        _holds(certified.channel_hockey_stick(K, _ball(F(3, 2))), float(max(pairs)), rel=1e-15)  # γ a ball
        # δ_K(0) is the largest total variation between rows; δ_K(ε) = 0 from the LDP level on
        tv = max(certified.tv(r, s) for r in K for s in K)
        assert certified.channel_hockey_stick(K, 1) == tv
        lvl = fp.ldp_level(Kf)
        if math.isfinite(lvl):
            assert fp.channel_hockey_stick_delta(Kf, lvl * (1 + 1e-12)) == 0.0
            assert fp.channel_hockey_stick_delta(Kf, lvl * 0.9) > 0
        e = F(7, 10)
        _holds(_ball(certified.channel_hockey_stick_delta(K, e)), fp.channel_hockey_stick_delta(Kf, 0.7),
               rel=1e-13, abs_=1e-16)


# ----------------------------------------------------------------------------- special functions
SPECIAL_POINTS = [
    ("erf", [-3.0, -1e-8, 0.5, 6.0], mpmath.erf),
    ("erfc", [-2.0, 0.3, 10.0, 26.0], mpmath.erfc),
    ("erfcx", [-5.0, -0.3, 0.0, 2.0, 30.0, 1e4], lambda x: mpmath.exp(x * x) * mpmath.erfc(x)),
    ("Phi", [-30.0, -1.0, 0.0, 2.5], mpmath.ncdf),
    ("log_Phi", [-1e4, -40.0, -3.0, 1e-9, 0.7, 8.0, 40.0], 
     lambda x: mpmath.log(mpmath.ncdf(x)) if x <= 0 else mpmath.log1p(-mpmath.ncdf(-x))),
    ("gamma", [-2.5, 0.01, 1.5, 30.0, 170.5], mpmath.gamma),
    ("lgamma", [-7.3, -0.5, 1e-5, 2.0, 1e6], lambda x: mpmath.log(abs(mpmath.gamma(x)))),
    ("log1p", [-0.999, -1e-20, 1e-9, 3.0, 1e300], mpmath.log1p),
    ("expm1", [-50.0, -1e-20, 1e-9, 2.0, 700.0], mpmath.expm1),
]


@pytest.mark.parametrize("name, xs, ref", SPECIAL_POINTS)
def test_special_functions_against_mpmath(name, xs, ref):
    """The contexts' special functions: the float one to 2e−13 of mpmath at 50 digits, the certified ball around it."""
    f, f_arb = getattr(fp, name), getattr(certified, name)
    vals = f(np.array(xs))
    for x, v in zip(xs, vals):
        with mpmath.workdps(50):
            want = ref(mpmath.mpf(x))
        assert math.isfinite(v) and f(x) == v
        assert v == pytest.approx(float(want), rel=2e-13, abs=1e-300)
        with flint.ctx.workprec(80):
            ball = f_arb(F(x))
        assert ball.overlaps(_arb_of_mpf(want)) and ball.rel_accuracy_bits() > 50, (name, x, ball)


def test_binomials_and_bessel():
    for n, k in [(2.5, 4), (-3, 2), (-2.5, 3), (3, 4.5), (10.25, 3.5), (256, 128), (-0.5, 7)]:
        with mpmath.workdps(40):
            want = mpmath.binomial(mpmath.mpf(n), mpmath.mpf(k))
        assert fp.binomial(n, k) == pytest.approx(float(want), rel=1e-12)
        with flint.ctx.workprec(80):
            assert certified.num(certified.binomial(F(n), F(k))).overlaps(_arb_of_mpf(want))
    assert certified.binomial(F(5, 2), 4) == F(5, 2) * F(3, 2) * F(1, 2) * F(-1, 2) / 24  # exact polynomial in n
    assert fp.binomial(2.5, 4.5) == 0.0 and certified.binomial(F(5, 2), F(9, 2)) == 0  # 1/Γ(−1) = 0
    assert fp.log_binomial(1000.5, 400.25) == pytest.approx(float(mpmath.log(mpmath.binomial(1000.5, 400.25))), rel=1e-13)
    _holds(certified.log_binomial(F(2001, 2), F(1601, 4)), fp.log_binomial(1000.5, 400.25), rel=1e-13)
    for n, ks in [(40, [0, 1, 7, 20, 40]), (1500, [3, 700])]:  # log C(n, k) of integers, from the exact integer
        want = [math.log(math.comb(n, k)) for k in ks]
        np.testing.assert_allclose(fp.log_comb(n, ks), want, rtol=1e-13 if n < 1000 else 1e-12)
        assert all(b.contains(w) or abs(float(b.mid()) - w) < 1e-12 * w for b, w in
                   zip(map(certified.num, certified.log_comb(n, ks)), want))
    for nu, x in [(0, 1e-3), (0.5, 2.0), (6849, 75.0), (3.5, 1e4)]:
        with mpmath.workdps(30):
            want = mpmath.log(mpmath.besseli(nu, x))
        assert fp.log_bessel_i(nu, x) == pytest.approx(float(want), rel=1e-13)
        assert certified.log_bessel_i(F(nu), F(x)).overlaps(_arb_of_mpf(want))


# ----------------------------------------------------------------------------- Gaussian and Laplace (ε, δ)
def _gaussian_delta_by_quadrature(sigma, eps, sens):
    """∫ max(0, φ_σ(x − Δ) − e^ε φ_σ(x)) dx with mpmath, split where the integrand changes sign."""
    s, d, e = mpmath.mpf(sigma), mpmath.mpf(sens), mpmath.mpf(eps)
    cut = d / 2 + e * s * s / d  # the densities cross here; the positive part is to the right
    f = lambda x: mpmath.npdf(x, d, s) - mpmath.exp(e) * mpmath.npdf(x, 0, s)  # noqa: E731
    return mpmath.quad(f, [cut, cut + 10 * s, mpmath.inf])


def test_gaussian_delta_against_quadrature_dp_accounting_and_arb():
    plm = pytest.importorskip("dp_accounting.pld.privacy_loss_mechanism")
    worst = 0.0
    for sigma, sens in [(0.3, 1.0), (1.0, 1.0), (4.0, 1.0), (2.5, 0.7), (40.0, 3.0)]:
        for eps in [0.0, 0.1, 1.0, 4.0, 12.0]:
            got = fp.gaussian_delta(sigma, eps, sens)
            ref = plm.GaussianPrivacyLoss(sigma, sens).get_delta_for_epsilon(eps)
            if ref > 1e-300:
                assert got == pytest.approx(ref, rel=1e-11)
            if ref > 1e-30:
                with mpmath.workdps(30):
                    quad = float(_gaussian_delta_by_quadrature(sigma, eps, sens))
                assert got == pytest.approx(quad, rel=1e-11)
            ball = certified.gaussian_delta(F(sigma), F(eps), F(sens))
            _holds(ball, got, rel=1e-11)
            worst = max(worst, _rel(got, float(ball.mid())) if got > 1e-300 else 0.0)
    assert worst < 1e-11
    assert fp.gaussian_delta(1.0, [0.0, 1.0, 4.0]).shape == (3,)
    assert fp.gaussian_delta(0.01, 1e4) == 0.0  # underflow to 0, never NaN
    assert fp.gaussian_delta(0.01, 1.0) == 1.0  # μ = 100: e^ε Φ(b) is negligible, erfcx(−a/√2) overflows to inf


def _gaussian_delta_mpmath(sigma, eps, sens=1):
    with mpmath.workdps(50):
        mu = mpmath.mpf(sens) / mpmath.mpf(sigma)
        e = mpmath.mpf(eps)
        return mpmath.ncdf(mu / 2 - e / mu) - mpmath.exp(e) * mpmath.ncdf(-mu / 2 - e / mu)


def test_gaussian_delta_far_tail_against_mpmath():
    """Issue 15: the float and certified twins drifted apart by 1.2e−11 relative at σ = 1, ε ≥ 16.8. The one formula,
    Φ(a)(1 − erfcx(−b/√2)/erfcx(−a/√2)), against mpmath at 50 digits: the float value to 1e−12 relative, the
    certified ball around mpmath's value, out to where δ is 1e−290."""
    worst = 0.0
    for sigma, sens in [(1.0, 1.0), (0.5, 1.0), (2.0, 1.0), (1.0, 3.0)]:
        for eps in [16.8, 17.0, 18.5, 20.0, 22.0, 25.0, 28.0, 31.0, 34.0, 37.0]:
            want = _gaussian_delta_mpmath(sigma, eps, sens)
            if want < mpmath.mpf("1e-290"):
                continue
            got = fp.gaussian_delta(sigma, eps, sens)
            worst = max(worst, abs(got - float(want)) / float(want))
            ball = certified.gaussian_delta(F(sigma), F(eps), F(sens))
            assert ball.overlaps(_arb_of_mpf(want)) and ball.rel_accuracy_bits() > 45, (sigma, eps, ball)
            _holds(ball, got, rel=1e-12)
    assert worst < 1e-12, worst
    # vectorised in ε over the far tail as well
    eps = np.linspace(16.8, 30.0, 12)
    np.testing.assert_allclose(fp.gaussian_delta(1.0, eps), [float(_gaussian_delta_mpmath(1, e)) for e in eps], rtol=1e-12)


@settings(max_examples=25, deadline=None)
@given(st.fractions(F(1, 4), 4), st.fractions(F(1, 100), F(1, 4)), st.fractions(F(1, 20), 8), st.floats(0, 1))
def test_accounting_formulas_on_a_box_enclose_each_point(sigma, width, eps, t):
    """One formula over the box context: a Ball of σ (of ε) encloses the certified value at every point inside."""
    lo, hi = sigma, sigma + width
    point = lo + F(t) * width
    enc = enclosure(box.gaussian_delta(Ball.of(lo, hi), eps))
    assert enc.contains(certified.gaussian_delta(point, eps))
    enc = enclosure(box.gaussian_delta(point, Ball.of(eps, eps + width)))
    assert enc.contains(certified.gaussian_delta(point, eps + F(t) * width))
    enc = enclosure(box.laplace_delta(Ball.of(lo, hi), eps))
    assert enc.contains(certified.laplace_delta(point, eps))
    assert enclosure(box.gaussian_rdp(3, Ball.of(lo, hi))).contains(certified.num(certified.gaussian_rdp(3, point)))
    e = enclosure(box.eps_from_rdp(Ball.of(lo, hi), 3, F(1, 10**5)))
    assert e.contains(certified.eps_from_rdp(point, 3, F(1, 10**5)))
    e = enclosure(box.composition_eps(Ball.of(lo, hi), 10, F(1, 10**3)))
    assert e.contains(certified.composition_eps(point, 10, F(1, 10**3)))
    e = enclosure(box.rr_composition_delta(Ball.of(lo, hi), 6, eps))
    assert e.contains(certified.rr_composition_delta(point, 6, eps))
    s = box.subsample_dp(Ball.of(eps, eps + width), F(1, 10**3), F(1, 10))[0]
    assert enclosure(s).contains(certified.subsample_dp(eps + F(t) * width, F(1, 10**3), F(1, 10))[0])
    g = enclosure(box.gaussian_epsilon(Ball.of(lo, hi), F(1, 10**3)))
    assert g.contains(certified.num(certified.gaussian_epsilon(point, F(1, 10**3))))


def test_gaussian_epsilon_round_trip_and_oracle():
    import dp_accounting

    for sigma in (0.4, 1.0, 3.0, 20.0):
        for delta in (1e-12, 1e-5, 0.01, 0.2):
            e = fp.gaussian_epsilon(sigma, delta)
            assert e == pytest.approx(dp_accounting.get_epsilon_gaussian(sigma, delta), rel=1e-10, abs=1e-12)
            if e > 0:
                assert fp.gaussian_delta(sigma, e) == pytest.approx(delta, rel=1e-10)
    ball = certified.gaussian_epsilon(F(1), F(1, 10**5))
    _holds(ball, fp.gaussian_epsilon(1.0, 1e-5), rel=1e-13)
    assert float(ball.rad()) < 1e-12
    lo, hi = arb(ball.lower()), arb(ball.upper())
    target = arb(1) / 10**5
    assert certified.gaussian_delta(1, lo.mid()) > target > certified.gaussian_delta(1, hi.mid())
    assert fp.gaussian_epsilon(20.0, 0.2) == 0.0 and certified.gaussian_epsilon(20, F(1, 5)) == 0
    # a δ far below the floats (the bracket comes from the context's comparisons, not from a float root)
    tiny = certified.gaussian_epsilon(F(1, 10), F(1, 10**400))
    assert certified.gaussian_delta(F(1, 10), tiny.lower()) > certified.num(F(1, 10**400)) > certified.gaussian_delta(
        F(1, 10), tiny.upper())


def test_laplace_profile_against_quadrature_and_dp_accounting():
    from scipy import integrate

    plm = pytest.importorskip("dp_accounting.pld.privacy_loss_mechanism")
    for b, sens in [(0.5, 1.0), (2.0, 1.0), (1.0, 3.0)]:
        for eps in (0.0, 0.3, 1.9, 2.5, 5.0):
            got = fp.laplace_delta(b, eps, sens)
            dens = lambda x, m: math.exp(-abs(x - m) / b) / (2 * b)  # noqa: E731
            quad, _ = integrate.quad(lambda x: max(0.0, dens(x, sens) - math.exp(eps) * dens(x, 0.0)),
                                     -60 * b, 60 * b + sens, points=[0.0, sens, (eps * b + sens) / 2], limit=200,
                                     epsabs=1e-15, epsrel=1e-13)
            assert got == pytest.approx(quad, rel=1e-9, abs=1e-13)
            assert got == pytest.approx(plm.LaplacePrivacyLoss(b, sens).get_delta_for_epsilon(eps), rel=1e-12, abs=1e-15)
            _holds(certified.laplace_delta(F(b), F(eps), F(sens)), got, rel=1e-14)
            if got > 0:
                assert fp.laplace_epsilon(b, got, sens) == pytest.approx(eps, rel=1e-12, abs=1e-14)
    assert fp.laplace_delta(1.0, 2.0) == 0.0 and math.copysign(1, fp.laplace_delta(1.0, 2.0)) == 1
    assert all(math.copysign(1, v) == 1 for v in fp.laplace_delta(1.0, [1.0, 2.0, 3.0]))
    assert certified.laplace_delta(1, 1) == 0 and fp.laplace_epsilon(1.0, 0.0) == 1.0
    _holds(certified.laplace_epsilon(2, F(1, 100)), fp.laplace_epsilon(2.0, 0.01), rel=1e-15)


def test_gaussian_rdp_against_quadrature():
    for alpha, sigma, sens in [(2, 1.0, 1.0), (F(7, 2), 0.6, 2.0), (40, 3.0, 0.5)]:
        a, s, d = (mpmath.mpf(float(v)) for v in (alpha, sigma, sens))
        with mpmath.workdps(30):
            integral = mpmath.quad(lambda x: mpmath.npdf(x, d, s) ** a * mpmath.npdf(x, 0, s) ** (1 - a),
                                   [-mpmath.inf, a * d, mpmath.inf])
            want = float(mpmath.log(integral) / (a - 1))
        assert fp.gaussian_rdp(float(alpha), sigma, sens) == pytest.approx(want, rel=1e-12)
        exact = certified.gaussian_rdp(alpha, F(sigma), F(sens))
        assert isinstance(exact, F)  # αΔ²/(2σ²) of exact numbers is exact
        _holds(certified.num(exact), want, rel=1e-12)
    np.testing.assert_allclose(fp.gaussian_rdp([2.0, 3.0], 2.0), [0.25, 0.375], rtol=0, atol=0)


# ----------------------------------------------------------------------------- subsampled Gaussian
Q_GRID = (1e-4, 0.001, 0.01, 0.1, 0.5, 0.9, 0.99, 0.999)
SIGMA_GRID = (0.5, 1.0, 2.0, 5.0, 20.0)
INT_ORDERS = (2, 3, 7, 32, 100, 256)


def test_subsampled_gaussian_integer_orders_against_dp_accounting_and_exact_sum():
    """dp_accounting's own sum cancels in log A ≈ 0 (error ~1e−16/log A): it is the oracle where log A > 1e−6;
    the exact arb sum is the oracle everywhere."""
    compared, worst_dp, worst_arb = 0, (0.0, None), (0.0, None)
    for q in Q_GRID:
        for sigma in SIGMA_GRID:
            mine = sg.subsampled_gaussian_rdp(np.array(INT_ORDERS, float), sigma, q)
            ref = rdp_acc._compute_rdp_poisson_subsampled_gaussian(q, sigma, INT_ORDERS)
            for a, m, r in zip(INT_ORDERS, mine, ref):
                assert math.isfinite(m) and m > 0
                exact = sg.subsampled_gaussian_rdp_arb(a, F(sigma), F(q))
                _holds(exact, m, rel=1e-13)
                worst_arb = max(worst_arb, (_rel(m, float(exact.mid())), (q, sigma, a)))
                if r * (a - 1) > 1e-6:
                    assert m == pytest.approx(r, rel=1e-9), (q, sigma, a)
                    worst_dp = max(worst_dp, (_rel(m, r), (q, sigma, a)))
                    compared += 1
    assert compared >= 50
    assert worst_arb[0] < 1e-13 and worst_dp[0] < 1e-9, (worst_arb, worst_dp)


def test_subsampled_gaussian_fractional_orders_against_certified_quadrature():
    """The signed two-series against the certified quadrature of the definition; opacus sums the same signed
    series; dp_accounting 0.6.0 adds |C(α, i)| and so returns an upper bound (or gives up: inf)."""
    opacus_rdp = pytest.importorskip("opacus.accountants.analysis.rdp")
    worst, worst_opacus = (0.0, None), (0.0, None)
    for q in (0.001, 0.01, 0.1, 0.5, 0.9, 0.99):
        for sigma in (0.7, 1.0, 3.0, 8.0):
            orders = (F(3, 2), F(5, 2), F(73, 10), F(81, 2))
            mine = sg.subsampled_gaussian_rdp([float(a) for a in orders], sigma, q)
            upper = rdp_acc._compute_rdp_poisson_subsampled_gaussian(q, sigma, [float(a) for a in orders])
            for a, m, u in zip(orders, mine, upper):
                with flint.ctx.workprec(80):
                    ball = sg.subsampled_gaussian_rdp_arb(a, F(sigma), F(q))
                tol = 1e-12
                _holds(ball, m, rel=tol)
                worst = max(worst, (_rel(m, float(ball.mid())), (q, sigma, float(a))))
                # dp_accounting's upper bound, up to its own float rounding (measured ≤ 1e−14 absolute in log A)
                assert m <= u * (1 + tol) + 1e-13 / (float(a) - 1)
                try:
                    o = opacus_rdp._compute_rdp(q, sigma, float(a))
                except (ValueError, OverflowError):
                    continue
                worst_opacus = max(worst_opacus, (_rel(m, o), (q, sigma, float(a))))
    assert worst[0] < 1e-13 and worst_opacus[0] < 1e-6, (worst, worst_opacus)


def test_subsampled_gaussian_quadrature_routes_agree_with_the_sum():
    for q, sigma, a in [(F(1, 100), F(4), 2), (F(999, 1000), F(3, 2), 7), (F(1, 2), F(1, 2), 32), (F(3, 10), F(4, 5), 101)]:
        with flint.ctx.workprec(80):
            quad = sg.subsampled_gaussian_rdp_quadrature_arb(a, sigma, q)
            exact = sg.subsampled_gaussian_rdp_arb(a, sigma, q)
        assert quad.overlaps(exact) and quad.rel_accuracy_bits() > 30
        f = sg.subsampled_gaussian_rdp_quadrature(a, float(sigma), float(q))
        assert f == pytest.approx(float(exact.mid()), rel=1e-9)
    # edge rates: q = 1 is the Gaussian mechanism, q = 0 releases nothing
    assert sg.subsampled_gaussian_rdp(2.5, 2.0, 1.0) == fp.gaussian_rdp(2.5, 2.0)
    assert sg.subsampled_gaussian_rdp(2.5, 2.0, 0.0) == 0.0
    assert sg.subsampled_gaussian_log_moment(3, 1.0, 0.2) == pytest.approx(2 * sg.subsampled_gaussian_rdp(3, 1.0, 0.2), rel=1e-15)
    # A_3 = E[(0.8 + 0.2 e^{(2z−1)/2})^3], z ~ N(0, 1), expanded by hand: Σ_k C(3,k) 0.8^{3−k} 0.2^k e^{k(k−1)/2}
    a3 = 0.8**3 + 3 * 0.8**2 * 0.2 + 3 * 0.8 * 0.2**2 * math.e + 0.2**3 * math.e**3
    assert sg.subsampled_gaussian_log_moment(3, 1.0, 0.2) == pytest.approx(math.log(a3), rel=1e-14)


# ----------------------------------------------------------------------------- RDP → (ε, δ)
def test_bayesian_dp_published_figure_basic_conversion():
    """q = 0.01, σ = 4, T = 10⁴, δ = 10⁻⁵ → ε = 1.2585747… (basic conversion). It is attained at α = 20, so
    dp_accounting's default orders and the integer orders 2..k for any k ≥ 20 give it; 2..19 do not."""
    steps, delta = 10**4, 1e-5
    for orders in (list(rdp_acc.DEFAULT_RDP_ORDERS), list(range(2, 257)), list(range(2, 21))):
        taus = sg.subsampled_gaussian_rdp(orders, 4.0, 0.01) * steps
        eps, order = fp.best_eps_from_rdp_basic(orders, taus, delta)
        assert f"{eps:.7f}" == "1.2585747" and order == 20
    taus = sg.subsampled_gaussian_rdp(list(range(2, 20)), 4.0, 0.01) * steps
    assert fp.best_eps_from_rdp_basic(list(range(2, 20)), taus, delta)[0] > 1.2586
    exact = [sg.subsampled_gaussian_rdp_arb(a, 4, F(1, 100)) * steps for a in range(18, 23)]
    ball, order = certified.best_eps_from_rdp_basic(list(range(18, 23)), exact, F(1, 10**5))
    assert order == 20 and ball.overlaps(arb("1.2585747412527") + arb("0 +/- 1e-13"))
    # the improved conversion (dp_accounting, opacus) gives less
    taus = sg.subsampled_gaussian_rdp(rdp_acc.DEFAULT_RDP_ORDERS, 4.0, 0.01) * steps
    assert fp.best_eps_from_rdp(rdp_acc.DEFAULT_RDP_ORDERS, taus, delta)[0] == pytest.approx(1.03549006603624, rel=1e-12)


@pytest.mark.filterwarnings("ignore:Optimal order is the largest alpha")
def test_conversions_against_dp_accounting_opacus_and_round_trips():
    opacus_rdp = pytest.importorskip("opacus.accountants.analysis.rdp")
    orders = list(rdp_acc.DEFAULT_RDP_ORDERS)
    for q, sigma, steps in [(0.01, 4.0, 10**4), (0.3, 0.8, 100), (0.999, 2.0, 5), (0.001, 0.6, 1000), (0.05, 30.0, 10)]:
        taus = sg.subsampled_gaussian_rdp(orders, sigma, q) * steps
        for delta in (1e-9, 1e-5, 0.1):
            e, o = fp.best_eps_from_rdp(orders, taus, delta)
            e_ref, o_ref = rdp_acc.compute_epsilon(orders, taus, delta)
            assert e == pytest.approx(e_ref, rel=1e-13, abs=1e-15) and o == o_ref
            e_op, _ = opacus_rdp.get_privacy_spent(orders=orders, rdp=taus, delta=delta)
            assert e <= max(e_op, 0.0) + 1e-12  # opacus has no KL shortcut nor clamp at 0: never below
            if e > 0:
                d, _ = fp.best_delta_from_rdp(orders, taus, e)
                assert d == pytest.approx(delta, rel=1e-9)  # ε → δ → ε
                assert fp.best_eps_from_rdp(orders, taus, d)[0] == pytest.approx(e, rel=1e-9)
            eb, ob = fp.best_eps_from_rdp_basic(orders, taus, delta)
            assert eb >= e and fp.best_delta_from_rdp_basic(orders, taus, eb)[0] == pytest.approx(delta, rel=1e-9)
        for eps in (0.0, 0.5, 3.0):
            d, o = fp.best_delta_from_rdp(orders, taus, eps)
            d_ref, o_ref = rdp_acc.compute_delta(orders, taus, eps)
            assert d == pytest.approx(d_ref, rel=1e-12, abs=1e-300)


def test_single_order_forms_and_certified_twins():
    for tau, a, d in [(1.6, 2.5, 1e-5), (12.0, 7.0, 1e-3), (0.02, 1.05, 0.5), (0.0, 64.0, 1e-10)]:
        e = fp.eps_from_rdp(tau, a, d)
        assert e > 0  # every case here converts to a positive ε: the round trip below is at ε itself
        assert math.exp(fp.log_delta_from_rdp(tau, a, e)) == pytest.approx(d, rel=1e-12)
        # seed 003's Eq. (8) form is the same bound
        eq8 = (a - 1) * (tau - e) - math.log(a - 1) + a * math.log1p(-1 / a)
        assert fp.log_delta_from_rdp(tau, a, e) == pytest.approx(eq8, abs=1e-12)
        eb = fp.eps_from_rdp_basic(tau, a, d)
        assert eb == pytest.approx(tau + math.log(1 / d) / (a - 1), rel=1e-15) and eb >= e
        assert fp.log_delta_from_rdp_basic(tau, a, eb) == pytest.approx(math.log(d), rel=1e-12)
        T, A, D = F(tau), F(a), F(d)
        _holds(certified.eps_from_rdp(T, A, D), e, rel=1e-13, abs_=1e-15)
        _holds(certified.eps_from_rdp_basic(T, A, D), eb, rel=1e-14)
        _holds(certified.log_delta_from_rdp(T, A, F(max(e, 0))), fp.log_delta_from_rdp(tau, a, max(e, 0.0)), rel=1e-12, abs_=1e-14)
        _holds(certified.num(certified.log_delta_from_rdp_basic(T, A, F(eb))), math.log(d), rel=1e-12)
    assert fp.eps_from_rdp(math.inf, 2.0, 1e-5) == math.inf
    assert certified.eps_from_rdp(certified.inf, 2, F(1, 10)) is certified.inf
    # a computed τ ≈ 0 whose ball straddles 0 is accepted; one that is certainly negative is not
    _holds(certified.eps_from_rdp(arb("0 +/- 1e-20"), 2, F(1, 10**5)), fp.eps_from_rdp(0.0, 2.0, 1e-5), rel=1e-14)
    orders = [F(3, 2), 2, 5, 32]
    taus = [sg.subsampled_gaussian_rdp_arb(a, 1, F(1, 20)) * 500 for a in orders]
    ft = [float(t.mid()) for t in taus]
    fo = [float(a) for a in orders]
    for eps_ball, (e, o) in [(certified.best_eps_from_rdp(orders, taus, F(1, 10**6)), fp.best_eps_from_rdp(fo, ft, 1e-6)),
                             (certified.best_eps_from_rdp_basic(orders, taus, F(1, 10**6)), fp.best_eps_from_rdp_basic(fo, ft, 1e-6)),
                             (certified.best_delta_from_rdp(orders, taus, 2), fp.best_delta_from_rdp(fo, ft, 2.0)),
                             (certified.best_delta_from_rdp_basic(orders, taus, 2), fp.best_delta_from_rdp_basic(fo, ft, 2.0))]:
        _holds(eps_ball[0], e, rel=1e-12)
        assert float(eps_ball[1]) == o


# ----------------------------------------------------------------------------- contracts
def test_certified_routes_return_balls_and_leave_precision_alone():
    prec = flint.ctx.prec
    calls = [
        lambda: certified.erfc(3), lambda: certified.log_Phi(-50), lambda: certified.gamma(F(1, 3)),
        lambda: certified.binomial(F(5, 2), F(1, 3)), lambda: certified.log_bessel_i(3, 2),
        lambda: certified.hockey_stick_delta([F(1, 2), F(1, 2)], [F(1, 4), F(3, 4)], 1),
        lambda: certified.hockey_stick([1, 0], [0, 1], arb(2)),
        lambda: certified.gaussian_delta(2, 1), lambda: certified.gaussian_epsilon(2, F(1, 100)),
        lambda: certified.laplace_delta(1, 2), lambda: certified.gaussian_rdp(2, certified.exp(1)),
        lambda: sg.subsampled_gaussian_rdp_arb(F(5, 2), 2, F(1, 10)),
        lambda: sg.subsampled_gaussian_log_moment_arb(4, 2, F(1, 10)),
        lambda: certified.best_eps_from_rdp([2, 3], [F(1, 10), F(1, 5)], F(1, 10**5))[0],
    ]
    for call in calls:
        assert isinstance(call(), arb)
        assert flint.ctx.prec == prec
    assert isinstance(certified.hockey_stick([1, 0], [0, 1], F(2)), F)
    assert isinstance(certified.gaussian_rdp(2, 3), F)  # exact arguments, an exact value


def test_float_routes_stay_finite_at_extremes():
    assert math.isfinite(fp.log_Phi(-1e150))
    assert sg.subsampled_gaussian_rdp(256, 0.1, 0.999) == pytest.approx(256 / (2 * 0.01), rel=1e-3)
    assert np.all(np.isfinite(sg.subsampled_gaussian_rdp([1.01, 1.5, 255.5], 50.0, 1e-6)))
    assert fp.gaussian_epsilon(1e-3, 1e-300) > 0 and math.isfinite(fp.gaussian_epsilon(1e-3, 1e-300))
    assert math.isfinite(fp.best_eps_from_rdp([1.0001, 2.0], [1e-6, 2e-6], 1e-5)[0])
    # orders a hair from an integer (C(α, i) ≈ 0 terms) and a fine grid of orders
    np.testing.assert_allclose(sg.subsampled_gaussian_rdp([3 - 1e-10, 3 + 1e-12], 1.0, 0.1),
                               sg.subsampled_gaussian_rdp(3, 1.0, 0.1), rtol=1e-9)
    assert np.all(np.isfinite(sg.subsampled_gaussian_rdp(np.arange(1.01, 64, 0.37), 4.0, 0.01)))


BAD = [
    (lambda: fp.hockey_stick([0.5, 0.6], [0.5, 0.5], 1.0), "sum(P)=1.1"),
    (lambda: fp.hockey_stick([0.5, 0.5], [0.5, 0.5], -1.0), "gamma=-1.0"),
    (lambda: fp.hockey_stick([0.5, 0.5], [1.0], 1.0), "same length"),
    (lambda: fp.hockey_stick_delta([0.5, 0.5], [0.5, 0.5], [0.1, -0.2]), "eps=-0.2 at index (1,)"),
    (lambda: certified.hockey_stick([F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)], 1.5j), "gamma=1.5j"),
    (lambda: certified.hockey_stick_delta([F(1, 2), F(1, 3)], [F(1, 2), F(1, 2)], 0), "sum(P)=5/6"),
    (lambda: fp.channel_hockey_stick_delta([[1.0, 0.0], [0.3, 0.8]], 1.0), "sum(K[1])=1.1"),
    (lambda: certified.channel_hockey_stick_delta([[1, 0], [F(-1, 2), F(3, 2)]], 1), "-1/2"),
    (lambda: certified.gamma(-2), "x=-2"),
    (lambda: certified.gamma(certified.num(F(-2)) + arb("0 +/- 0.1")), "poles"),
    (lambda: certified.eps_from_rdp(arb("-1 +/- 0.1"), 2, F(1, 10)), "tau="),
    (lambda: fp.binomial(-3, 0.5), "n=-3.0"),
    (lambda: certified.binomial(-3, F(1, 2)), "n=-3"),
    (lambda: fp.log_binomial(2, 3.5), "n - k must be > -1"),
    (lambda: fp.log_binomial([2.0, 0.5], -1.0), "k=-1.0"),
    (lambda: certified.erfc(float("nan")), "nan"),
    (lambda: certified.erfc("0.1.2"), "'0.1.2'"),
    (lambda: certified.lgamma(-3), "x=-3"),
    (lambda: certified.log_bessel_i(-1, 2), "nu=-1"),
    (lambda: fp.gaussian_delta(0.0, 1.0), "sigma=0.0"),
    (lambda: fp.gaussian_delta(1.0, float("nan")), "eps=nan"),  # every real eps has a delta (test_pld.py)
    (lambda: fp.gaussian_delta(1.0, 1.0, sensitivity=float("inf")), "sensitivity=inf"),
    (lambda: fp.gaussian_epsilon(1.0, 1.5), "delta=1.5"),
    (lambda: certified.gaussian_epsilon(1, 0), "delta=0"),
    (lambda: fp.laplace_delta(-1.0, 1.0), "b=-1.0"),
    (lambda: fp.laplace_epsilon(1.0, 1.0), "delta=1.0"),
    (lambda: fp.gaussian_rdp(1.0, 1.0), "alpha=1.0"),
    (lambda: certified.gaussian_rdp(2, F(-1, 2)), "sigma=-1/2"),
    (lambda: sg.subsampled_gaussian_rdp(2, 1.0, 1.5), "q=1.5"),
    (lambda: sg.subsampled_gaussian_rdp([2, 0.5], 1.0, 0.1), "alpha=0.5 at index (1,)"),
    (lambda: sg.subsampled_gaussian_rdp(2, -1.0, 0.1), "sigma=-1.0"),
    (lambda: sg.subsampled_gaussian_rdp_arb(F(1, 2), 1, F(1, 10)), "alpha=1/2"),
    (lambda: fp.best_eps_from_rdp([2, 3], [1.0], 1e-5), "same length"),
    (lambda: fp.best_eps_from_rdp([2, 0.9], [1.0, 1.0], 1e-5), "orders=0.9"),
    (lambda: fp.best_delta_from_rdp([2], [float("nan")], 1.0), "rdp=nan"),
    (lambda: fp.eps_from_rdp(-1.0, 2.0, 1e-5), "tau=-1.0"),
    (lambda: fp.eps_from_rdp(1.0, 2.0, 0), "delta=0"),
    (lambda: certified.log_delta_from_rdp(1, 2, F(-1, 3)), "eps=-1/3"),
    (lambda: certified.best_eps_from_rdp([], [], F(1, 10)), "non-empty"),
]


def test_floats_are_refused_on_the_certified_path():
    from mechanisms.numerics.exact import FloatOnCertifiedPath

    for call in (lambda: certified.erf(0.1), lambda: certified.gaussian_delta(1, np.float64(0.5)),
                 lambda: sg.subsampled_gaussian_rdp_arb(2, 1.5, F(1, 10)), lambda: certified.eps_from_rdp(1, 2, 1e-5)):
        with pytest.raises(FloatOnCertifiedPath, match="float"):
            call()
    assert certified.eps_from_rdp(certified.inf, 2, F(1, 10)) is certified.inf  # an exact infinity is not refused
    with pytest.raises(InvalidInput, match="finite"):  # a float infinity is not an exact one
        certified.eps_from_rdp(math.inf, 2, F(1, 10))


def test_float_special_functions_follow_ieee():
    """The float context's special functions are numpy / scipy's: an overflow is inf, a pole inf or nan, a log of 0
    −inf (the certified context refuses a pole; fp.lgamma and fp.log_Phi are the log-space forms)."""
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        assert fp.gamma(200.0) == math.inf and fp.expm1(800.0) == math.inf and fp.log1p(-1.0) == -math.inf
    assert math.isfinite(fp.lgamma(200.0)) and math.isfinite(fp.log_Phi(-1e150))
    np.testing.assert_allclose(fp.lgamma([-7.3, 0.5, 2.0]), [float(mpmath.log(abs(mpmath.gamma(x)))) for x in (-7.3, 0.5, 2.0)],
                               rtol=1e-14)


@pytest.mark.parametrize("call, text", BAD)
def test_bad_arguments_raise_with_the_value(call, text):
    with pytest.raises(InvalidInput) as info:
        call()
    msg = str(info.value)
    assert text in msg and "\n" not in msg, msg
