"""The measures of mechanisms.continuous.divergences, gdp and discrete against independent routes: mpmath at 50 digits
(quadrature of the densities, direct sums, a root of Φ), dp_accounting's Laplace RDP; the certified ball must
hold the oracle and the float agree to 1e−10; over boxes, the Ball must hold the certified value at inner points."""
from fractions import Fraction as F

import flint
import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.numerics.context import Ball, box, certified, enclosure, fp
from mechanisms.numerics.exact import Undecided

mp = mpmath.mp


def _check(name, args, oracle, rel=1e-10):
    """certified.name(*args) holds the 50-digit oracle; fp.name(*floats) agrees with it to rel."""
    ball = getattr(certified, name)(*args)
    ref = flint.arb(mpmath.nstr(oracle, 45))
    assert enclosure(ball).overlaps(ref) and (ball - ref).contains(0), (name, args, ball, oracle)
    assert abs(enclosure(ball).rad()) < 1e-12 * max(1, abs(float(oracle)))
    got = getattr(fp, name)(*[float(a) if isinstance(a, F) else a for a in args])
    assert got == pytest.approx(float(oracle), rel=rel, abs=1e-300)


def _mpf(x):
    return mpmath.mpf(x.numerator) / x.denominator if isinstance(x, F) else mpmath.mpf(x)


def _normal(m):
    return lambda x: mpmath.npdf(x, m, 1)


def _laplace(m, b):
    return lambda x: mpmath.exp(-abs(x - m) / b) / (2 * b)


def _hockey(p, q, eps, breaks):
    return mpmath.quad(lambda x: max(0, p(x) - mpmath.exp(eps) * q(x)), [-mpmath.inf, *sorted(breaks), mpmath.inf])


# ----------------------------------------------------------------------------- Gaussian
@pytest.mark.parametrize("sigma", [F(1, 2), F(3, 2), F(7)])
def test_gaussian_kl_tv_and_hockey_stick_by_quadrature(sigma):
    with mpmath.workdps(50):
        mu = 1 / _mpf(sigma)
        p, q = _normal(0), _normal(mu)
        _check("gaussian_kl", (sigma,), mpmath.quad(lambda x: p(x) * mpmath.log(p(x) / q(x)), [-mpmath.inf, 0, mu, mpmath.inf]))
        _check("gaussian_tv", (sigma,), mpmath.quad(lambda x: max(0, p(x) - q(x)), [-mpmath.inf, mu / 2, mpmath.inf]))
        for eps in (F(-3), F(-1, 2), F(0), F(1, 3), F(2)):
            e = _mpf(eps)
            # N(0,1)/N(mu,1) ≥ e^eps exactly where x ≤ c = mu/2 − eps/mu (σ = 1 scale): ∫_{−∞}^c p − e^eps q,
            # at 100 digits (the two integrals cancel to 1e−46 in the far tail; quadrature loses it)
            with mpmath.workdps(100):
                c = mu / 2 - e / mu
                oracle = mpmath.ncdf(c) - mpmath.exp(e) * mpmath.ncdf(c - mu)
            if eps <= 0:  # and by quadrature of the definition where it does not cancel
                assert abs(_hockey(p, q, e, [c, 0, mu]) - oracle) < mpmath.mpf(10) ** -30
            _check("gaussian_hockey_stick", (sigma, eps, 1), oracle)
            _check("gdp_delta", (1 / sigma, eps), oracle)


def test_gaussian_hockey_stick_matches_gaussian_delta_and_its_limits():
    e = np.linspace(0, 5, 11)
    np.testing.assert_allclose(fp.gaussian_hockey_stick(1.3, e), fp.gaussian_delta(1.3, e), rtol=1e-14)
    assert fp.gaussian_hockey_stick(1.0, -40.0) == pytest.approx(-np.expm1(-40.0), rel=1e-14)
    assert certified.gaussian_hockey_stick(1, 0).overlaps(certified.gaussian_tv(1))


# ----------------------------------------------------------------------------- Laplace
@pytest.mark.parametrize("b,sens", [(F(1, 2), 1), (F(2), 1), (F(3), F(5, 2))])
def test_laplace_divergences_by_quadrature(b, sens):
    with mpmath.workdps(50):
        bb, d = _mpf(b), _mpf(sens)
        p, q = _laplace(0, bb), _laplace(d, bb)
        pts = [-mpmath.inf, 0, d, mpmath.inf]
        _check("laplace_kl", (b, sens), mpmath.quad(lambda x: p(x) * mpmath.log(p(x) / q(x)), pts))
        _check("laplace_tv", (b, sens), mpmath.quad(lambda x: max(0, p(x) - q(x)), [*pts[:2], d / 2, *pts[2:]]))
        for alpha in (F(3, 2), F(2), F(17, 2), F(40)):
            a = _mpf(alpha)
            oracle = mpmath.log(mpmath.quad(lambda x: p(x) ** a * q(x) ** (1 - a), pts)) / (a - 1)
            _check("laplace_rdp", (alpha, b, sens), oracle)
        for eps in (F(-9), F(-1, 2), F(0), F(1, 4), F(3)):
            e = _mpf(eps)
            _check("laplace_hockey_stick", (b, eps, sens), _hockey(p, q, e, [0, d, (d - e * bb) / 2]))


@pytest.mark.parametrize("eps0", [0.01, 0.5, 1.0, 4.0])
@pytest.mark.parametrize("alpha", [1.25, 2.0, 10.0, 256.0])
def test_laplace_rdp_against_dp_accounting(eps0, alpha):
    from dp_accounting.rdp.rdp_privacy_accountant import _laplace_rdp

    assert fp.laplace_rdp(alpha, 1 / eps0) == pytest.approx(_laplace_rdp(eps0, alpha), rel=1e-9)
    assert fp.laplace_rdp(np.inf, 2.0) == 0.5 and certified.laplace_rdp(certified.inf, 2) == F(1, 2)


def test_laplace_hockey_stick_is_one_minus_e_eps_below_minus_eps0():
    assert certified.laplace_hockey_stick(1, -2) == -certified.expm1(-2) or (
        certified.laplace_hockey_stick(1, -2) - (1 - certified.exp(-2))).contains(0)


# ----------------------------------------------------------------------------- randomised response, exponential
@pytest.mark.parametrize("eps", [F(1, 100), F(1, 2), F(2), F(9)])
def test_randomised_response_rdp_and_kl_by_direct_sums(eps):
    with mpmath.workdps(50):
        e = _mpf(eps)
        p = mpmath.exp(e) / (1 + mpmath.exp(e))
        for alpha in (F(11, 10), F(2), F(33)):
            a = _mpf(alpha)
            _check("rr_rdp", (alpha, eps), mpmath.log(p ** a * (1 - p) ** (1 - a) + (1 - p) ** a * p ** (1 - a)) / (a - 1))
        _check("rr_kl", (eps,), p * mpmath.log(p / (1 - p)) + (1 - p) * mpmath.log((1 - p) / p))
    assert certified.rr_rdp(certified.inf, eps) == eps


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=2, max_size=6), st.data(), st.floats(0.05, 5), st.floats(1.05, 50))
def test_exponential_mechanism_rdp_bounds_actual_instances(u, data, eps, alpha):
    # neighbouring utility vectors differ by at most Δu = 1 per output; scores exp(ε u / 2)
    v = [x + data.draw(st.floats(-1, 1)) for x in u]
    with mpmath.workdps(30):
        def probs(w):
            s = [mpmath.exp(mpmath.mpf(eps) * x / 2) for x in w]
            return [x / sum(s) for x in s]
        p, q = probs(u), probs(v)
        a = mpmath.mpf(alpha)
        actual = mpmath.log(sum(x ** a * y ** (1 - a) for x, y in zip(p, q))) / (a - 1)
    assert float(actual) <= fp.exponential_mechanism_rdp(alpha, eps) * (1 + 1e-12)
    assert fp.exponential_mechanism_rdp(alpha, eps) == min(eps, alpha * eps * eps / 8)


# ----------------------------------------------------------------------------- Gaussian DP
@pytest.mark.parametrize("mu", [F(1, 4), F(1), F(3)])
@pytest.mark.parametrize("alpha", [F(1, 10**6), F(1, 20), F(1, 2), F(97, 100)])
def test_gdp_tradeoff_is_the_neyman_pearson_error(mu, alpha):
    with mpmath.workdps(50):
        # reject N(0,1) when X > c with P0(X > c) = α; the type II error is P_μ(X ≤ c)
        c = mpmath.findroot(lambda c: 1 - mpmath.ncdf(c) - _mpf(alpha), mpmath.mpf(0.5))
        _check("gdp_tradeoff", (mu, alpha), mpmath.ncdf(c - _mpf(mu)))
    assert certified.gdp_tradeoff(mu, 0) == 1 and certified.gdp_tradeoff(mu, 1) == 0


def test_gdp_epsilon_round_trips_gdp_delta():
    e = certified.gdp_epsilon(2, F(1, 10**5))
    assert certified.gdp_delta(2, e).contains(flint.arb(10) ** -5)
    assert fp.gdp_delta(2.0, fp.gdp_epsilon(2.0, 1e-5)) == pytest.approx(1e-5, rel=1e-9)


# ----------------------------------------------------------------------------- discrete Laplace
def _discrete_laplace(t, x):
    r = mpmath.exp(-1 / t)
    return (1 - r) / (1 + r) * r ** abs(x)


@pytest.mark.parametrize("t,sens", [(F(1, 2), 1), (F(2), 3), (F(5), 2)])
def test_discrete_laplace_by_direct_sums(t, sens):
    with mpmath.workdps(50):
        tt = _mpf(t)
        xs = range(-int(400 * tt) - 40, int(400 * tt) + 40 + sens)  # tails below 1e−170
        P = {x: _discrete_laplace(tt, x) for x in xs}
        Q = {x: _discrete_laplace(tt, x - sens) for x in xs}
        _check("discrete_laplace_kl", (t, sens), mpmath.fsum(P[x] * mpmath.log(P[x] / Q[x]) for x in xs))
        for alpha in (F(3, 2), F(4)):
            a = _mpf(alpha)
            _check("discrete_laplace_rdp", (alpha, t, sens),
                   mpmath.log(mpmath.fsum(P[x] ** a * Q[x] ** (1 - a) for x in xs)) / (a - 1))
        for eps in (F(-2), F(-1, 10), F(0), F(1, 3), F(6)):
            e = mpmath.exp(_mpf(eps))
            _check("discrete_laplace_delta", (t, eps, sens), mpmath.fsum(max(0, P[x] - e * Q[x]) for x in xs))
    assert certified.discrete_laplace_rdp(certified.inf, t, sens) == sens / t


# ----------------------------------------------------------------------------- boxes enclose points
_BOXED = [
    ("gaussian_tv", lambda s: (s,)),
    ("gaussian_hockey_stick", lambda s, e: (s, e)),
    ("laplace_kl", lambda s: (s,)),
    ("laplace_rdp", lambda s, e: (1 + s, s)),
    ("laplace_hockey_stick", lambda s, e: (s, e)),
    ("rr_rdp", lambda s, e: (1 + s, s)),
    ("gdp_tradeoff", lambda s, e: (s, e / 8 + F(1, 2))),
    ("gdp_delta", lambda s, e: (s, e)),
    ("discrete_laplace_rdp", lambda s, e: (1 + s, s, 2)),
    ("discrete_laplace_delta", lambda s, e: (s, e, 2)),
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_BOXED), st.fractions(F(1, 4), 3, max_denominator=50), st.fractions(-3, 3, max_denominator=50),
       st.fractions(0, F(1, 8), max_denominator=100), st.fractions(0, 1, max_denominator=20))
def test_box_balls_enclose_certified_values_at_inner_points(entry, s, e, width, where):
    name, args = entry
    n = args.__code__.co_argcount
    lo = (s, e)[:n]
    inner = tuple(x + where * width for x in lo)
    boxed = tuple(Ball.of(x, x + width) for x in lo)
    try:
        ball = getattr(box, name)(*args(*boxed))
    except Undecided:  # the box context's contract: a box across ε = 0 (a kink of δ) may be undecided, to be split
        assert n == 2 and e <= 0 <= e + width and "delta" in name or "hockey" in name, (name, lo, width)
        return
    with certified.workprec(400):  # a point value far narrower than the box's working precision
        point = enclosure(getattr(certified, name)(*args(*inner)))
    assert enclosure(ball).contains(point), (name, lo, width, where, ball, point)
