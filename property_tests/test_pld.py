"""The certified PLD accountant (mechanisms.accounting.pld) against the truth where it is known in closed form (k-fold
Gaussian = one Gaussian of μ = √k/σ), a 30-digit mpmath convolution (2-fold Laplace), and the peers: dp_accounting's
PLD (pessimistic connect-the-dots and optimistic privacy buckets) and the PRV accountant (prv_accountant), for a
DP-SGD setting. Also δ(ε) of the Gaussian and Laplace mechanisms at ε < 0 (the reflection) against quadrature of
the definition, and the subsampled Gaussian's RDP at α = ∞."""
import math
from fractions import Fraction as F

import flint
import mpmath
import pytest

from mechanisms.accounting import pld
from mechanisms.accounting import subsampled_gaussian as sg
from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import certified, fp
from mechanisms.numerics.exact import INF
from proofcheck.measures import CERTIFIED, FLOAT

H = F(1, 10**4)


def _inside(bounds, value, slack=0):
    """lower ≤ value ≤ upper (value a float, an mpf or an arb ball: all of it)."""
    if isinstance(value, flint.arb):
        with certified.workprec(128):  # the ends of the ball as it is (not rounded out to 53 bits)
            lo, hi = pld._arb_end(value, up=False), pld._arb_end(value, up=True)
    else:
        lo = hi = F(str(value))
    return bounds.lower - slack <= lo and hi <= bounds.upper + slack


# ----------------------------------------------------------------------------- Gaussian: the exact composition
@pytest.mark.parametrize("sigma, k", [(F(2), 4), (F(3, 2), 9), (F(1), 1)])
def test_gaussian_bounds_hold_the_exact_composition(sigma, k):
    eps = [F(-1, 2), F(0), F(1, 2), F(1), F(2), F(4)]
    bounds = pld.pld_delta_bounds("gaussian", (sigma, 1), k, eps, H)
    root_k = math.isqrt(k)
    for e, b in zip(eps, bounds):
        with certified.workprec(128):  # the oracle's ball narrower than the bounds' excess (~1e−19 at k = 1)
            exact = certified.gaussian_delta(sigma / root_k, e)  # k-fold N(0,σ²) vs N(1,σ²) is μ = √k/σ
        assert _inside(b, exact), (sigma, k, e, b, exact)
        assert b.gap <= F(1, 100) * max(b.upper, F(1, 10**6))  # the gap is reported, and small at this grid
    # the float route lies within (the midpoint of its own bounds on the same grid)
    mid = fp.gaussian_delta(float(sigma) / root_k, 1.0)
    assert FLOAT.gaussian_pld_delta(float(sigma), k, 1.0) == pytest.approx(mid, rel=1e-3)


def test_a_finer_grid_narrows_the_gap_and_both_hold_the_truth():
    coarse, fine = (pld.pld_delta_bounds("gaussian", (F(2), 1), 4, F(1), h) for h in (F(1, 10**3), H))
    assert fine.gap < coarse.gap / 5
    assert coarse.lower <= fine.lower and fine.upper <= coarse.upper + F(1, 10**15)


def _gaussian_composition(sigma, k, eps):
    """δ(ε) of k-fold N(0, σ²) vs N(1, σ²) = one Gaussian of μ = √k/σ: Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ), 40 digits."""
    with mpmath.workdps(40):
        mu = mpmath.sqrt(k) * sigma.denominator / sigma.numerator
        e = mpmath.mpf(eps.numerator) / eps.denominator
        return mpmath.ncdf(mu / 2 - e / mu) - mpmath.exp(e) * mpmath.ncdf(-mu / 2 - e / mu)


@pytest.mark.parametrize("sigma, k", [(F(1, 2), 2), (F(3, 2), 7), (F(5), 30), (F(10), 100), (F(1), 3)])
def test_gaussian_bounds_hold_the_closed_form_and_are_tight(sigma, k):
    """Every k, not only squares (the oracle is mpmath's Φ); at h = 1e−3 the gap is below 5e−4 of δ (second order:
    measured 1.6e−4 at σ = 10, k = 100, ε = 3, where one step's loss spans only ~100 grid cells per standard deviation)."""
    eps = [F(-1), F(0), F(1, 4), F(1), F(3)]
    for e, b in zip(eps, pld.pld_delta_bounds("gaussian", (sigma, 1), k, eps, F(1, 1000))):
        truth = _gaussian_composition(sigma, k, e)
        assert _inside(b, truth), (sigma, k, e, b, truth)
        assert b.gap <= F(5, 10**4) * b.upper + F(1, 10**13), (sigma, k, e, float(b.gap / b.upper))


def test_gaussian_bounds_hold_dp_accountings_connect_the_dots_at_a_finer_grid():
    from dp_accounting.pld import privacy_loss_distribution as P

    peer = P.from_gaussian_mechanism(2.0, value_discretization_interval=1e-5).self_compose(4)
    eps = [F(0), F(1, 2), F(1), F(2)]
    for e, b in zip(eps, pld.pld_delta_bounds("gaussian", (F(2), 1), 4, eps, F(1, 1000))):
        assert _inside(b, peer.get_delta_for_epsilon(float(e))), (e, b)


@pytest.mark.parametrize("mechanism, params, k", [("gaussian", (F(2), 1), 4), ("laplace", (F(1), 1), 3),
                                                  ("subsampled_gaussian", (F(1), F(1, 10)), 20)])
def test_finer_nested_grids_stay_inside_the_coarser_bounds(mechanism, params, k):
    """Not guaranteed for the lower end (the cells are chosen per grid), observed on nested grids; ``intersect``
    keeps what both hold."""
    eps = [F(0), F(1, 2), F(1)]
    coarse = pld.pld_delta_bounds(mechanism, params, k, eps, F(1, 200))
    fine = pld.pld_delta_bounds(mechanism, params, k, eps, F(1, 2000))
    for c, f in zip(coarse, fine):
        assert c.lower <= f.lower and f.upper <= c.upper + F(1, 10**15), (mechanism, c, f)
        assert f.gap < c.gap
        both = c.intersect(f)
        assert both.lower == f.lower and both.upper == min(c.upper, f.upper)


# ----------------------------------------------------------------------------- Laplace: mpmath and dp_accounting
def _laplace_two_fold(e0, eps):
    """δ(ε) of 2-fold Laplace(ε₀) by convolving the loss law (atoms ±ε₀ of mass ½e^{−ε₀}, ½, density ¼e^{(t−ε₀)/2}
    on (−ε₀, ε₀)) with itself, at 30 digits."""
    with mpmath.workdps(30):
        e0, eps = mpmath.mpf(e0.numerator) / e0.denominator, mpmath.mpf(eps.numerator) / eps.denominator
        atoms = [(-e0, mpmath.exp(-e0) / 2), (e0, mpmath.mpf(1) / 2)]

        def g(loss):
            return max(mpmath.mpf(0), 1 - mpmath.exp(eps - loss))

        def f(t):
            return mpmath.exp((t - e0) / 2) / 4
        total = sum(w * v * g(a + c) for a, w in atoms for c, v in atoms)
        for a, w in atoms:  # atom + continuous, twice
            total += 2 * w * mpmath.quad(lambda t: f(t) * g(a + t), [-e0, eps - a, e0] if -e0 < eps - a < e0 else [-e0, e0])
        cut = lambda s: sorted({-e0, e0, min(max(eps - s, -e0), e0)})  # noqa: E731
        # the outer integrand has kinks where the inner one's kink ε − s crosses ±ε₀: s = ε ∓ ε₀
        total += mpmath.quad(lambda s: f(s) * mpmath.quad(lambda t: f(t) * g(s + t), cut(s)),
                             sorted(set(cut(e0) + cut(-e0))))
        return total


def test_laplace_bounds_hold_the_two_fold_convolution_and_dp_accounting():
    from dp_accounting.pld import privacy_loss_distribution as P

    eps = [F(0), F(1, 2), F(1), F(3, 2)]
    bounds = pld.pld_delta_bounds("laplace", (F(1), 1), 2, eps, H)
    for e, b in zip(eps, bounds):
        assert _inside(b, _laplace_two_fold(F(1), e)), (e, b)
    peer = P.from_laplace_mechanism(1.0, value_discretization_interval=1e-4).self_compose(2)
    for e, b in zip(eps, bounds):
        assert _inside(b, peer.get_delta_for_epsilon(float(e)), slack=F(1, 10**12))
    # one step is the closed form
    one = pld.pld_delta_bounds("laplace", (F(2), F(1)), 1, F(1, 5), H)
    with certified.workprec(128):
        assert _inside(one, certified.laplace_delta(2, F(1, 5)))
    for b in bounds:
        assert b.gap <= F(1, 10**6) * b.upper


def test_laplace_atoms_off_the_grid():
    """ε₀ = 1/3 is no multiple of h = 1e−3: the grid is refined to ε₀/334 so the atoms ±ε₀ stay exact."""
    eps = [F(0), F(1, 10), F(1, 2)]
    for e, b in zip(eps, pld.pld_delta_bounds("laplace", (F(3), 1), 2, eps, F(1, 1000))):
        assert _inside(b, _laplace_two_fold(F(1, 3), e)), (e, b)
        assert b.gap <= F(1, 10**5) * b.upper


def test_the_float_route_takes_the_same_discretisation():
    lo, hi = pld.pld_delta_float("subsampled_gaussian", (1.1, 0.01), 100, 0.5, 1e-3)
    b = pld.pld_delta_bounds("subsampled_gaussian", (F(11, 10), F(1, 100)), 100, F(1, 2), F(1, 1000))
    assert float(b.lower) == pytest.approx(lo, rel=1e-9) and float(b.upper) == pytest.approx(hi, rel=1e-9)


# ----------------------------------------------------------------------------- DP-SGD against the peers
@pytest.fixture(scope="module")
def dpsgd():
    """q = 0.01, σ = 1.1, k = 1000 steps (add-or-remove), on the grid h = 1e−4 (the composition is cached)."""
    return lambda eps: pld.pld_delta_bounds("subsampled_gaussian", (F(11, 10), F(1, 100)), 1000, eps, H)


def test_dpsgd_bounds_bracket_dp_accountings_pld(dpsgd):
    """dp_accounting's pessimistic PLD (connect the dots on the same grid) lies within our bounds; its optimistic one
    (privacy buckets: every loss rounded down, a first-order error) is a valid but looser lower bound than ours."""
    from dp_accounting.pld import privacy_loss_distribution as P

    peers = {pess: P.from_gaussian_mechanism(1.1, sampling_prob=0.01, value_discretization_interval=1e-4,
                                             pessimistic_estimate=pess, use_connect_dots=pess).self_compose(1000)
             for pess in (True, False)}
    eps = [F(1, 2), F(1), F(3, 2), F(2)]
    for e, b in zip(eps, dpsgd(eps)):
        assert _inside(b, peers[True].get_delta_for_epsilon(float(e))), (e, b)
        assert F(peers[False].get_delta_for_epsilon(float(e))) <= b.lower, (e, b)
        assert b.gap < b.upper  # reported: lower > 0


def test_dpsgd_gap_meets_the_target(dpsgd):
    """The gap a DP-SGD paper's (ε, δ) needs: at h = 1e−4 below 0.1 % of δ(1) (measured 0.01 %), at h = 1/2000
    below 2 % (measured 0.5 %)."""
    fine = dpsgd(F(1))
    assert fine.gap <= F(1, 1000) * fine.upper
    coarse = pld.pld_delta_bounds("subsampled_gaussian", (F(11, 10), F(1, 100)), 1000, F(1), F(1, 2000))
    assert coarse.gap <= F(2, 100) * coarse.upper
    assert coarse.lower <= fine.lower and fine.upper <= coarse.upper


def test_dpsgd_bounds_hold_dp_accountings_connect_the_dots_at_a_finer_grid(dpsgd):
    """dp_accounting's pessimistic PLD at h = 2e−5 is within 1e−9 of δ (second order); it lies in our h = 1e−4
    bounds (whose lower end is ~1e−4 of δ below)."""
    from dp_accounting.pld import privacy_loss_distribution as P

    peer = P.from_gaussian_mechanism(1.1, sampling_prob=0.01, value_discretization_interval=2e-5,
                                     use_connect_dots=True).self_compose(1000)
    eps = [F(1), F(2)]
    for e, b in zip(eps, dpsgd(eps)):
        assert _inside(b, peer.get_delta_for_epsilon(float(e))), (e, b)


def test_dpsgd_bounds_bracket_the_prv_accountant(dpsgd):
    from prv_accountant import Accountant

    eps_low, eps_est, eps_up = Accountant(noise_multiplier=1.1, sampling_probability=0.01, delta=1e-5,
                                          eps_error=0.01, max_compositions=1000).compute_epsilon(num_compositions=1000)
    at = [F(x).limit_denominator(10**9) for x in (eps_low, eps_est, eps_up)]
    low, est, up = dpsgd(at)
    target = F(1, 10**5)
    # the PRV accountant's ε(δ = 1e−5) lies in [eps_low, eps_up]: δ(eps_low) ≥ 1e−5 ≥ δ(eps_up), and at its
    # estimate our bounds hold 1e−5
    assert low.upper >= target and up.lower <= target
    assert est.lower <= target <= est.upper


def test_the_routes_on_the_paths():
    ball = CERTIFIED.gaussian_pld_delta(F(2), 4, F(1))
    assert isinstance(ball, flint.arb) and ball.contains(certified.gaussian_delta(1, 1))
    assert CERTIFIED.pld_delta("gaussian", (F(2), 1), 4, F(1)).overlaps(ball)
    assert FLOAT.subsampled_gaussian_pld_delta(1.1, 0.01, 10, 0.5) == pytest.approx(
        float(CERTIFIED.subsampled_gaussian_pld_delta(F(11, 10), F(1, 100), 10, F(1, 2)).mid()), rel=1e-3)


@pytest.mark.parametrize("call, match", [
    (lambda: pld.pld_delta_bounds("gauss", (1, 1), 2, 1), "mechanism"),
    (lambda: pld.pld_delta_bounds("gaussian", (1, 1), 0, 1), "k=0"),
    (lambda: pld.pld_delta_bounds("subsampled_gaussian", (1, F(3, 2)), 2, 1), "q=3/2"),
    (lambda: pld.pld_delta_bounds("gaussian", (1, 1), 2, 1, h=0), "h=0"),
    (lambda: pld.pld_delta_bounds("laplace", (-1, 1), 2, 1), "b=-1"),
])
def test_bad_input_is_named(call, match):
    with pytest.raises(InvalidInput, match=match):
        call()


# ----------------------------------------------------------------------------- δ(ε) at ε < 0; RDP at α = ∞
def _hockey(p, q, eps, breaks):
    return mpmath.quad(lambda x: max(0, p(x) - mpmath.exp(eps) * q(x)), [-mpmath.inf, *sorted(breaks), mpmath.inf])


@pytest.mark.parametrize("eps", [F(-3), F(-1), F(-1, 4)])
def test_gaussian_and_laplace_delta_below_zero_by_quadrature(eps):
    with mpmath.workdps(30):
        e = mpmath.mpf(eps.numerator) / eps.denominator
        sigma, b = mpmath.mpf(3) / 2, mpmath.mpf(2)
        g = _hockey(lambda x: mpmath.npdf(x, 0, sigma), lambda x: mpmath.npdf(x, 1, sigma), e,
                    [0, 1, sigma ** 2 * (-e) + mpmath.mpf(1) / 2])
        lap = _hockey(lambda x: mpmath.exp(-abs(x) / b) / (2 * b), lambda x: mpmath.exp(-abs(x - 1) / b) / (2 * b),
                      e, [0, 1, (1 - b * e) / 2])
    for name, args, oracle in (("gaussian_delta", (F(3, 2), eps), g), ("laplace_delta", (F(2), eps), lap)):
        ball = getattr(certified, name)(*args)
        assert (ball - flint.arb(mpmath.nstr(oracle, 25))).contains(0) or abs(float(ball.mid()) - float(oracle)) < 1e-20
        assert abs(float(ball.mid()) - float(oracle)) < 1e-14
        assert getattr(fp, name)(*[float(a) for a in args]) == pytest.approx(float(oracle), rel=1e-12)


def test_subsampled_gaussian_rdp_at_infinity_is_the_exact_infinity():
    assert CERTIFIED.subsampled_gaussian_rdp(CERTIFIED.inf, F(11, 10), F(1, 100)) is INF
    assert sg.subsampled_gaussian_rdp_arb(INF, 1, 0) == 0
    assert FLOAT.subsampled_gaussian_rdp(math.inf, 1.1, 0.01) == math.inf
    assert list(sg.subsampled_gaussian_rdp([2.0, math.inf], 1.0, 0.1))[1] == math.inf
    with pytest.raises(InvalidInput, match="alpha"):
        sg.subsampled_gaussian_rdp(-math.inf, 1.0, 0.1)


# ----------------------------------------------------------------------------- a requested gap; ε(δ)
def _gaussian_epsilon(sigma, k, delta):
    """ε(δ) of k-fold N(0, σ²) vs N(1, σ²) (one Gaussian of μ = √k/σ), by mpmath's root of the closed form."""
    with mpmath.workdps(40):
        mu = mpmath.sqrt(k) * sigma.denominator / sigma.numerator
        d = mpmath.mpf(delta.numerator) / delta.denominator
        f = lambda e: mpmath.ncdf(mu / 2 - e / mu) - mpmath.exp(e) * mpmath.ncdf(-mu / 2 - e / mu) - d  # noqa: E731
        return mpmath.findroot(f, (mpmath.mpf(0), mpmath.mpf(20)), solver="bisect")


@pytest.mark.parametrize("mechanism, params, k", [("gaussian", (F(4), 1), 10), ("laplace", (F(3), 1), 10),
                                                  ("subsampled_gaussian", (F(1), F(1, 10)), 50)])
def test_a_requested_gap_is_met_and_the_bounds_hold_the_oracle(mechanism, params, k):
    """gap=1e−3 chooses the grid: the relative gap is at most 1e−3 and the bounds hold the closed form (Gaussian)
    or dp_accounting's pessimistic PLD on a fine grid (within 1e−9 of δ: second order)."""
    from dp_accounting.pld import privacy_loss_distribution as P

    eps = [F(1, 2), F(1)]
    bounds = pld.pld_delta_bounds(mechanism, params, k, eps, gap=F(1, 1000))
    for e, b in zip(eps, bounds):
        assert b.gap <= F(1, 1000) * b.upper, (mechanism, e, float(b.gap / b.upper))
        if mechanism == "gaussian":
            assert _inside(b, _gaussian_composition(params[0], k, e))
        else:
            make = P.from_laplace_mechanism if mechanism == "laplace" else P.from_gaussian_mechanism
            kw = {} if mechanism == "laplace" else {"sampling_prob": float(params[1])}
            peer = make(float(params[0]), value_discretization_interval=2e-5, **kw).self_compose(k)
            assert _inside(b, peer.get_delta_for_epsilon(float(e)), slack=F(1, 10**12)), (mechanism, e, b)
    lo, hi = pld.pld_delta_float(mechanism, [float(x) for x in params], k, 1.0, gap=F(1, 1000))
    assert float(bounds[1].lower) == pytest.approx(lo, rel=1e-6) and float(bounds[1].upper) == pytest.approx(hi, rel=1e-6)


@pytest.mark.parametrize("sigma, k, delta", [(F(2), 4, F(1, 100)), (F(3), 10, F(1, 10**5))])
def test_epsilon_bracket_holds_the_closed_form_and_is_certified(sigma, k, delta):
    e = pld.pld_epsilon_bounds("gaussian", (sigma, 1), k, delta, h=F(1, 1000))
    truth = _gaussian_epsilon(sigma, k, delta)
    assert float(e.lower) < truth <= float(e.upper), (e, truth)
    assert e.gap < F(1, 100)  # δ's relative gap at h = 1e−3 is below 5e−4, ε's is a few 1e−4
    # what the bracket claims, on its own grid: δ_upper(ε_hi) ≤ δ < δ_lower(ε_lo)
    at_hi, at_lo = pld.pld_delta_bounds("gaussian", (sigma, 1), k, [e.upper, e.lower], e.h)
    assert at_hi.upper <= delta < at_lo.lower
    lo, hi = pld.pld_epsilon_float("gaussian", (float(sigma), 1.0), k, float(delta), 1e-3)
    assert lo == pytest.approx(float(e.lower), abs=1e-9) and hi == pytest.approx(float(e.upper), abs=1e-9)
    ball = CERTIFIED.pld_epsilon("gaussian", (sigma, 1), k, delta, F(1, 1000))
    assert ball.contains(flint.arb(mpmath.nstr(truth, 20)))
    assert FLOAT.pld_epsilon("gaussian", (float(sigma), 1.0), k, float(delta), 1e-3) == pytest.approx(float(truth), rel=1e-3)


def test_dpsgd_epsilon_bracket_holds_dp_accountings_epsilon(dpsgd):
    """ε(1e−5) of DP-SGD (q = 0.01, σ = 1.1, 1,000 steps) on the h = 1e−4 grid: dp_accounting's ε from its
    pessimistic PLD at h = 2e−5 (δ within 1e−9 of the truth) lies in the certified bracket; the PRV accountant's
    interval meets it."""
    from dp_accounting.pld import privacy_loss_distribution as P
    from prv_accountant import Accountant

    dpsgd(F(1))  # the compositions, cached
    e = pld.pld_epsilon_bounds("subsampled_gaussian", (F(11, 10), F(1, 100)), 1000, F(1, 10**5), H)
    assert e.gap < F(1, 1000)
    peer = P.from_gaussian_mechanism(1.1, sampling_prob=0.01, value_discretization_interval=2e-5,
                                     use_connect_dots=True).self_compose(1000)
    assert float(e.lower) < peer.get_epsilon_for_delta(1e-5) <= float(e.upper) + 1e-9
    low, _, up = Accountant(noise_multiplier=1.1, sampling_probability=0.01, delta=1e-5, eps_error=0.01,
                            max_compositions=1000).compute_epsilon(num_compositions=1000)
    assert low <= float(e.upper) and float(e.lower) <= up


def test_small_q_lower_bound_decides():
    """q = 0.001, σ = 0.8 (the loss law piles up at log(1 − q)): at h = 1e−4 the gap is a few per cent (it was
    half of δ before the lower bound's cells were cut one by one from the support's end), and dp_accounting's
    pessimistic PLD on the nested finer grid 2e−5 (above the truth, below our upper bound) lies within."""
    from dp_accounting.pld import privacy_loss_distribution as P

    k, eps = 2000, [F(1, 2), F(1)]
    bounds = pld.pld_delta_bounds("subsampled_gaussian", (F(4, 5), F(1, 1000)), k, eps, H)
    peer = P.from_gaussian_mechanism(0.8, sampling_prob=0.001, value_discretization_interval=2e-5).self_compose(k)
    for e, b in zip(eps, bounds):
        assert b.gap <= F(3, 100) * b.upper, (e, float(b.gap / b.upper))
        assert _inside(b, peer.get_delta_for_epsilon(float(e)), slack=F(1, 10**15)), (e, b)


def test_the_float_route_stays_as_short_as_the_certified_one():
    """The float route cuts its tails per product as the certified route does (the FFT's noise, ~1e−16 of the
    peak, no longer keeps them): at q = 0.001, σ = 0.8, 4,000 steps its composed arrays are as long as the certified
    polynomials (they reached 8.5 million points at 1,000 steps), and its bounds agree with the certified ones."""
    from mechanisms.accounting.pld.compose import _float_power

    h, k = F(1, 2000), 4000
    laws = pld._laws(fp, "subsampled_gaussian", (0.8, 0.001))
    (parts, inf), _ = pld._upper_parts(fp, laws, laws, float(h))
    composed = _float_power(pld._float_pmf(parts, inf), k, True)
    certified_upper = pld._composed_upper("subsampled_gaussian", (F(4, 5), F(1, 1000)), k, h, 0)[0]
    assert composed[0].size <= 1.05 * certified_upper.poly.length() + 10
    b = pld.pld_delta_bounds("subsampled_gaussian", (F(4, 5), F(1, 1000)), k, F(1), h)
    lo, hi = pld.pld_delta_float("subsampled_gaussian", (0.8, 0.001), k, 1.0, float(h))
    assert lo == pytest.approx(float(b.lower), rel=1e-6) and hi == pytest.approx(float(b.upper), rel=1e-6)


@pytest.mark.parametrize("call, match", [
    (lambda: pld.pld_delta_bounds("gaussian", (1, 1), 2, 1, gap=0), "gap=0"),
    (lambda: pld.pld_delta_bounds("gaussian", (1, 1), 2, 1, gap=0.001), "gap"),
    (lambda: pld.pld_epsilon_bounds("gaussian", (1, 1), 2, 0), "delta=0"),
    (lambda: pld.pld_epsilon_bounds("gaussian", (1, 1), 2, 0.5), "delta"),
])
def test_bad_gap_and_delta_are_named(call, match):
    from mechanisms.numerics.exact import FloatOnCertifiedPath

    with pytest.raises((InvalidInput, FloatOnCertifiedPath), match=match):  # a float on the certified path
        call()


@pytest.mark.parametrize("direction, pmf", [("remove", "_pmf_remove"), ("add", "_pmf_add")])
def test_one_direction_alone_brackets_dp_accountings_adjacency_type(direction, pmf):
    """"subsampled_gaussian_remove" / "_add": one neighbouring direction alone (dp_accounting's AdjacencyType REMOVE
    and ADD, its two pmfs under ADD_OR_REMOVE_ONE), at ε < 0 too; on the fine grid 2e−5 its connect-the-dots δ is
    within ~1e−9 of the truth, inside our h = 1e−3 bounds."""
    from dp_accounting.pld import privacy_loss_distribution as P

    peer = getattr(P.from_gaussian_mechanism(1.1, sampling_prob=0.05, value_discretization_interval=2e-5)
                   .self_compose(100), pmf)
    eps = [F(-1, 2), F(0), F(1, 2), F(1)]
    mechanism = f"subsampled_gaussian_{direction}"
    for e, b in zip(eps, pld.pld_delta_bounds(mechanism, (F(11, 10), F(1, 20)), 100, eps, F(1, 1000))):
        assert _inside(b, peer.get_delta_for_epsilon(float(e)), slack=F(1, 10**13)), (direction, e, b)
        assert b.gap <= F(1, 1000) * b.upper
    both = pld.pld_delta_bounds("subsampled_gaussian", (F(11, 10), F(1, 20)), 100, F(1, 2), F(1, 1000))
    one = pld.pld_delta_bounds(mechanism, (F(11, 10), F(1, 20)), 100, F(1, 2), F(1, 1000))
    assert one.upper <= both.upper  # add-or-remove is the larger of the two


def test_replace_one_brackets_dp_accountings_replace_one():
    """"subsampled_gaussian_replace": (1−q)N(0,σ²) + qN(1,σ²) against (1−q)N(0,σ²) + qN(−1,σ²), dp_accounting's
    NeighboringRelation.REPLACE_ONE (mirrored); its connect-the-dots δ at 2e−5 lies in our h = 1e−3 bounds; q = 1 is
    the Gaussian pair at distance 2 (GDP μ = 2√k/σ)."""
    from dp_accounting import NeighboringRelation
    from dp_accounting.pld import privacy_loss_distribution as P

    peer = P.from_gaussian_mechanism(1.1, sampling_prob=0.05, value_discretization_interval=2e-5,
                                     neighboring_relation=NeighboringRelation.REPLACE_ONE).self_compose(100)
    eps = [F(-1, 2), F(0), F(1, 2), F(1)]
    bounds = pld.pld_delta_bounds("subsampled_gaussian_replace", (F(11, 10), F(1, 20)), 100, eps, F(1, 1000))
    for e, b in zip(eps, bounds):
        assert _inside(b, peer.get_delta_for_epsilon(float(e)), slack=F(1, 10**13)), (e, b)
        assert b.gap <= F(1, 10**4) * b.upper
    lo, hi = pld.pld_delta_float("subsampled_gaussian_replace", (1.1, 0.05), 100, 0.5, 1e-3)
    assert lo == pytest.approx(float(bounds[2].lower), rel=1e-9) and hi == pytest.approx(float(bounds[2].upper), rel=1e-9)
    full = pld.pld_delta_bounds("subsampled_gaussian_replace", (F(4), F(1)), 4, F(1), F(1, 1000))
    assert _inside(full, _gaussian_composition(F(2), 4, F(1)))  # N(1, 16) vs N(−1, 16) is N(0, 4) vs N(1, 4)


def test_the_float_route_reuses_one_step_across_k_and_eps_and_gives_the_same_values():
    from mechanisms.accounting.pld import bounds

    params, h = (0.9, 0.2), 0.01
    bounds._float_steps.cache_clear(), bounds._float_composed.cache_clear()
    curve = [pld.pld_delta_float("subsampled_gaussian", params, k, e, h) for k in (1, 3) for e in (0.1, 0.5, 1.0)]
    assert bounds._float_steps.cache_info().misses == 1 and bounds._float_composed.cache_info().misses == 2
    uppers, lowers = bounds._float_composed("subsampled_gaussian", params, 3, h)
    with pytest.raises(ValueError):  # shared by the cache: read-only
        uppers[0][0][0] = 1.0
    bounds._float_steps.cache_clear(), bounds._float_composed.cache_clear()
    for (k, e), got in zip([(k, e) for k in (1, 3) for e in (0.1, 0.5, 1.0)], curve):
        bounds._float_steps.cache_clear(), bounds._float_composed.cache_clear()
        assert pld.pld_delta_float("subsampled_gaussian", params, k, e, h) == got


@pytest.mark.parametrize("mechanism, params", [("gaussian", (F(1), F(1))), ("subsampled_gaussian", (F(7, 10), F(1, 2))),
                                               ("subsampled_gaussian", (F(3), F(1, 100))), ("laplace", (F(1, 2), F(1)))])
@pytest.mark.parametrize("h", [F(1, 100), F(1, 10**4)])
def test_the_grid_is_the_one_a_full_bisection_locates(mechanism, params, h):
    # the grid's ends and centre are bisected only until their grid index is known: the same indices as
    # bisecting to the last bit
    from mechanisms.accounting.pld import laws as L

    for law in L._laws(fp, mechanism, params, pld.bounds._shifts(mechanism, params)):
        if law.cdf is None:
            continue
        hf, tail = float(h), 2.0 ** -L._TAIL_BITS
        centre = L._centre(law, 1e-300)  # 1e-300: no index is known before the bisection ends
        full = (math.floor(L._locate(law, tail, -1, centre, 1e-300) / hf),
                math.ceil(L._locate(law, tail, +1, centre, 1e-300) / hf), round(centre / hf))
        fast_centre = L._centre(law, hf)
        fast = (math.floor(L._locate(law, tail, -1, fast_centre, hf) / hf),
                math.ceil(L._locate(law, tail, +1, fast_centre, hf) / hf), round(fast_centre / hf))
        assert fast == full
