"""RDP of the events dp_accounting composes beyond the (subsampled) Gaussian — (ξ, ρ)-zCDP, tree aggregation,
repeat-and-select, the exponential mechanism's KL — against dp_accounting 0.6.0's own accountant (its
``RdpAccountant`` on the same ``DpEvent``s its tests use), its tests' closed forms (Papernot & Steinke's Corollaries 3
and 4), and independent routes (mpmath: a direct sum of the truncated negative binomial law, the worst Bernoulli pair
of an ε-bounded-range mechanism maximised over its one parameter). Certified balls must hold the peer's values."""
from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest
from flint import arb

from mechanisms.numerics.context import certified, fp
from proofcheck.measures import CERTIFIED, FLOAT

mpmath = pytest.importorskip("mpmath")
dp_event = pytest.importorskip("dp_accounting.dp_event")
ra = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
from dp_accounting import privacy_accountant  # noqa: E402

pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

REPLACE_SPECIAL = privacy_accountant.NeighboringRelation.REPLACE_SPECIAL


def _peer_rdp(event, orders, relation=None):
    acc = ra.RdpAccountant(list(orders), relation) if relation else ra.RdpAccountant(list(orders))
    acc.compose(event)
    return [float(x) for x in acc._rdp]


def _contains(ball, value, rel=0.0):
    if isinstance(ball, (int, F)) or not isinstance(ball, arb):
        ball = arb(F(ball).numerator) / F(ball).denominator if not isinstance(ball, arb) else ball
    slack = rel * abs(value)
    assert float(ball.lower()) - slack <= value <= float(ball.upper()) + slack, (ball, value)


# ----------------------------------------------------------------------------- zCDP
@pytest.mark.parametrize("rho, xi", [(2.71828, 3.14159), (0.5, 0.0), (1.0, 2.0), (0.01, 1e-3)])
def test_zcdp_matches_dp_accounting(rho, xi):
    orders = [1.5, 2.0, 3.14159, 10.0, 64.0]
    peer = _peer_rdp(dp_event.ZCDpEvent(rho, xi), orders)
    for a, p in zip(orders, peer):
        assert fp.zcdp_rdp(a, rho, xi) == pytest.approx(p, rel=1e-15)
        exact = certified.zcdp_rdp(F(a), F(rho), F(xi))
        assert isinstance(exact, F) and float(exact) == pytest.approx(p, rel=1e-15)


def test_zcdp_composition_pinned_by_dp_accounting():
    """dp_accounting's test_compute_rdp_multi_zcdp: two zCDP events add (ξ₁ + ξ₂ + α(ρ₁ + ρ₂))."""
    peer = _peer_rdp(dp_event.ComposedDpEvent([dp_event.ZCDpEvent(2.71828, 3.14159),
                                               dp_event.ZCDpEvent(6.28319, 1.23456)]), [2.0])[0]
    ours = fp.zcdp_rdp(2.0, 2.71828, 3.14159) + fp.zcdp_rdp(2.0, 6.28319, 1.23456)
    assert ours == pytest.approx(peer, rel=1e-15)
    # ρ = 1/(2σ²) with ξ = 0 is the Gaussian mechanism (dp_accounting's test_zcdp_matches_gaussian)
    sigma = F(314159, 100000)
    assert certified.zcdp_rdp(F(271828, 100000), 1 / (2 * sigma * sigma)) == certified.gaussian_rdp(F(271828, 100000), sigma)


# ----------------------------------------------------------------------------- tree aggregation
@pytest.mark.parametrize("sigma, steps", [(1.13, 1600), (8.83, 1600), (0.1, [10, 40, 30, 20]), (2.5, [400] * 4),
                                          (1.0, 1), (3.0, [0, 7]), (0.7, [1, 2, 3, 4, 8, 15, 16])])
def test_tree_aggregation_matches_dp_accounting(sigma, steps):
    orders = [1.0, 1.5, 2.0, 7.0, 63.0]
    peer = _peer_rdp(dp_event.SingleEpochTreeAggregationDpEvent(sigma, steps), orders, REPLACE_SPECIAL)
    for a, p in zip(orders, peer):
        assert fp.tree_aggregation_rdp(a, sigma, steps) == pytest.approx(p, rel=1e-15)
        exact = certified.tree_aggregation_rdp(F(a), F(sigma), steps)
        assert isinstance(exact, F) and float(exact) == pytest.approx(p, rel=1e-14)


def test_tree_of_single_steps_is_the_gaussian_mechanism():
    """dp_accounting's test_no_tree_no_sampling: trees of one step compose to the Gaussian mechanism's RDP."""
    sigma, total = F(1, 10), 100
    for a in (F(11, 10), F(2), F(63)):
        trees = sum(certified.tree_aggregation_rdp(a, sigma, 1) for _ in range(total))
        assert trees == total * certified.gaussian_rdp(a, sigma)
    assert certified.tree_aggregation_rdp(2, 0, 5) == certified.inf
    assert certified.tree_aggregation_rdp(2, 1, 0) == 0  # no step, no node


def test_tree_depth_is_the_bit_length():
    """⌈log₂(n + 1)⌉ computed in floats by dp_accounting and as the bit length here agree for every n ≤ 4096."""
    for n in range(0, 4097):
        assert (n).bit_length() == math.ceil(math.log2(n + 1))


# ----------------------------------------------------------------------------- repeat and select
def _tnb_mean_by_sum(gamma, eta):
    """E[K] of TNB(γ, η) by the direct sum of k P(K = k) (Papernot & Steinke 2022, Definition 1), mpmath at 40
    digits: an independent route for the closed form (η = 0 by its limit: P(K = k) = (1 − γ)^k / (k log(1/γ)))."""
    with mpmath.workdps(40):
        g, e = mpmath.mpf(gamma), mpmath.mpf(eta)
        if eta == 0:
            def pk(k): return (1 - g) ** k / (k * mpmath.log(1 / g))
        else:
            def pk(k): return (1 - g) ** k * mpmath.binomial(k + e - 1, k) * g ** e / (1 - g ** e)
        return mpmath.nsum(lambda k: k * pk(k), [1, mpmath.inf])


@pytest.mark.parametrize("gamma, shape", [(0.1, 0), (0.5, 0.5), (0.01, 1), (0.99, 2), (0.3, 5), (0.0625, 0.5)])
def test_truncated_negative_binomial_mean(gamma, shape):
    peer = ra._truncated_negative_binomial_mean(gamma, shape)
    direct = float(_tnb_mean_by_sum(gamma, shape))
    assert fp.truncated_negative_binomial_mean(gamma, shape) == pytest.approx(direct, rel=1e-13)
    assert peer == pytest.approx(direct, rel=1e-13)
    _contains(certified.truncated_negative_binomial_mean(F(gamma), F(shape)), direct, rel=1e-30)


@pytest.mark.parametrize("shape, mean", [(0, 1.5), (0, 1000), (0.5, 10), (1, 10), (2, 100), (5, 1000)])
def test_truncated_negative_binomial_gamma_inverts_the_mean(shape, mean):
    peer = ra._gamma_truncated_negative_binomial(shape, mean)  # conservative: within 1e-9 below the root
    ball = certified.truncated_negative_binomial_gamma(F(shape), F(mean))
    assert float(ball) == pytest.approx(peer, rel=2e-9)
    if not isinstance(ball, F):
        assert ball.rad() < 1e-14 * abs(ball.mid())
        assert float(ball.upper()) >= peer  # the peer's γ is the lower end of its bracket
    _contains(ball, float(fp.truncated_negative_binomial_gamma(shape, mean)), rel=1e-12)
    # and the mean at it is the target (checked by the direct sum)
    assert float(_tnb_mean_by_sum(float(ball.mid() if not isinstance(ball, F) else ball), shape)) == pytest.approx(mean, rel=1e-12)


ORDERS = [1, 1.1, 1.5, 2, 3, 5, 8, 10, 16, 32, 64, 128]


@pytest.mark.parametrize("sigma, mean, shape", [(1.3, 10, 1), (0.8, 1000, 0), (2.0, 100, 0.5), (5.0, 1e4, 2),
                                                (1.0, 1, 1), (0.5, 50, math.inf), (3.0, 1000, math.inf)])
def test_repeat_and_select_matches_dp_accounting(sigma, mean, shape):
    peer = _peer_rdp(dp_event.RepeatAndSelectDpEvent(dp_event.GaussianDpEvent(sigma), mean, shape), ORDERS)
    rdp = [a / (2 * sigma ** 2) for a in ORDERS]
    ours = fp.repeat_and_select_rdp(ORDERS, rdp, mean, shape)
    s = F(sigma)
    exact_orders = [F(a) for a in ORDERS]
    cert = certified.repeat_and_select_rdp(exact_orders, [a / (2 * s * s) for a in exact_orders], F(mean),
                                           certified.inf if math.isinf(shape) else F(shape))
    for a, p, o, c in zip(ORDERS, peer, ours, cert):
        if math.isinf(p):
            assert math.isinf(o) and c == certified.inf, a
            continue
        assert o == pytest.approx(p, rel=1e-8), a
        # the peer's γ lies up to 1e-9 below the root (a larger log(1/γ) term): a relative slack of 1e-8
        _contains(c, p, rel=1e-8)


@pytest.mark.parametrize("rho, gamma, shape", [(0.01, 0.01, 0), (1, 0.1, 0.5), (10, 0.99, 1), (1, 0.1, 5)])
def test_repeat_and_select_gaussian_corollary_4(rho, gamma, shape):
    """Papernot & Steinke's Corollary 4 (dp_accounting's test_repeat_select_gaussian_negative_binomial): for the
    ρ-zCDP Gaussian at the orders of its test, the bound is in closed form."""
    mean = ra._truncated_negative_binomial_mean(gamma, shape)
    rho = min(rho, -math.log(gamma))
    orders = [1, 1.1, 2, math.sqrt(-math.log(gamma) / rho), 1 + math.sqrt(math.log(mean) / rho), 3, 5, 10, 100, 1000]
    ours = fp.repeat_and_select_rdp(orders, [rho * a for a in orders], mean, shape)
    for order, r in zip(orders, ours):
        if order <= 1 + math.sqrt(math.log(mean) / rho):
            want = (2 * math.sqrt(rho * math.log(mean)) + 2 * (1 + shape) * math.sqrt(-rho * math.log(gamma))
                    - shape * rho)
        else:
            want = (rho * (order - 1) + math.log(mean) / (order - 1)
                    + 2 * (1 + shape) * math.sqrt(-rho * math.log(gamma)) - shape * rho)
        assert r == pytest.approx(want, rel=1e-6, abs=1e-9), order


@pytest.mark.parametrize("eps, mean, shape", [(1, 1000, 0), (1, 1000, 1), (1, 1000, 0.5), (1, 100, 2)])
def test_repeat_and_select_pure_dp_corollary_3(eps, mean, shape):
    """Corollary 3 (dp_accounting's test_repeat_select_pure_negative_binomial): an ε-DP mechanism (Laplace at one
    large order) repeated and selected is ε(2 + η)-DP."""
    order = 1e10
    lap = fp.laplace_rdp(order, 1 / eps)
    assert fp.repeat_and_select_rdp([order], [lap], mean, shape)[0] == pytest.approx(eps * (2 + shape), rel=1e-7)


def test_repeat_and_select_is_the_identity_at_mean_one():
    """dp_accounting's test_repeat_select_trivial: one run (mean 1) with an order 1 in the list changes nothing."""
    s = F(1, 10)
    orders = [F(1), F(2), F(3), F(10), F(64)]
    rdp = [a / (2 * s * s) for a in orders]
    out = certified.repeat_and_select_rdp(orders, rdp, 1, F(1, 2))
    # order 1 takes the least bound of the larger orders; exactly, since log 1 = 0 and the min over λ̂ is 0 at λ̂ = 1
    assert out == [rdp[1]] + rdp[1:], out


# ----------------------------------------------------------------------------- exponential mechanism at α = 1
def _br_kl_by_max(eps):
    """max over t ∈ [0, 1] of KL(Bern(p) ‖ Bern(q)) with log p/q = tε, log (1 − p)/(1 − q) = (t − 1)ε: the worst
    pair of an ε-bounded-range mechanism, maximised by mpmath at 50 digits (golden section on the concave KL)."""
    with mpmath.workdps(50):
        e = mpmath.mpf(eps)

        def kl(t):
            q = -mpmath.expm1((t - 1) * e) / (mpmath.exp(t * e) - mpmath.exp((t - 1) * e))
            p = q * mpmath.exp(t * e)
            return p * t * e + (1 - p) * (t - 1) * e

        lo, hi = mpmath.mpf(0), mpmath.mpf(1)
        r = (mpmath.sqrt(5) - 1) / 2
        for _ in range(200):
            a, b = hi - r * (hi - lo), lo + r * (hi - lo)
            if kl(a) < kl(b):
                lo = a
            else:
                hi = b
        return kl((lo + hi) / 2)


def test_exponential_mechanism_kl_pinned_value():
    """0.123301561 at ε = 1 (the value dp_accounting pins), by the closed form and by the worst pair."""
    assert fp.exponential_mechanism_kl(1.0) == pytest.approx(0.123301561, abs=5e-10)
    _contains(certified.exponential_mechanism_kl(1), 0.123301561, rel=5e-9)
    _contains(certified.exponential_mechanism_kl(1), float(_br_kl_by_max(1)), rel=1e-15)
    assert fp.exponential_mechanism_rdp(1, 1.0) == fp.exponential_mechanism_kl(1.0)
    assert CERTIFIED.exponential_mechanism_rdp(1, 1).overlaps(CERTIFIED.exponential_mechanism_kl(1))


@pytest.mark.parametrize("eps", [1e-8, 1e-4, 0.00999, 0.0101, 0.3, 1, 2.5, 10, 50])
def test_exponential_mechanism_kl_against_worst_pair(eps):
    want = _br_kl_by_max(eps)
    assert fp.exponential_mechanism_kl(eps) == pytest.approx(float(want), rel=1e-13)
    _contains(certified.exponential_mechanism_kl(F(eps)), float(want), rel=1e-15)
    # below the zCDP bound ε²/8 and randomised response's KL ε tanh(ε/2)
    assert float(want) <= eps * eps / 8 and float(want) <= fp.rr_kl(eps)


def test_exponential_mechanism_kl_bounds_actual_instances():
    """The KL between the outputs of the ε-DP exponential mechanism on neighbouring utility vectors (|Δu| ≤ 1) never
    exceeds the bound."""
    rng = np.random.default_rng(7)
    for _ in range(300):
        eps = float(rng.uniform(0.01, 6))
        u = rng.uniform(-3, 3, size=int(rng.integers(2, 7)))
        v = u + rng.uniform(-1, 1, size=u.size)
        p = np.exp(eps * u / 2); p /= p.sum()
        q = np.exp(eps * v / 2); q /= q.sum()
        assert float(np.sum(p * np.log(p / q))) <= FLOAT.exponential_mechanism_kl(eps) * (1 + 1e-12) + 1e-15


# ----------------------------------------------------------------------------- sampling without replacement
from mechanisms.accounting import sampling_without_replacement as wor  # noqa: E402

WOR_CASES = [(0.01, 1.0, 2), (0.01, 1.0, 3), (0.1, 0.8, 10), (0.01, 2.0, 32), (0.05, 5.0, 64), (0.01, 1.1, 2.5),
             (0.3, 0.5, 7), (0.02, 1.5, 12.75), (0.001, 20.0, 128)]


@pytest.mark.parametrize("q, sigma, alpha", WOR_CASES)
def test_sampled_without_replacement_matches_dp_accounting(q, sigma, alpha):
    """dp_accounting's SampledWithoutReplacementDpEvent under REPLACE_ONE (n = 100,000 records, a batch of qn)
    against both routes: the float one (forward differences by quadrature) and the certified one (the exact
    alternating sum). The peer's alternating differences in log scale lose digits when σ ≫ α (at q = 0.001,
    σ = 20, α = 128 it is 4e−14 off, outside the ball); the quadrature route, an independent method, agrees with the
    ball there, and the next test checks the differences themselves with mpmath."""
    n = 100_000
    peer = _peer_rdp(dp_event.SampledWithoutReplacementDpEvent(n, round(q * n), dp_event.GaussianDpEvent(sigma)),
                     [alpha], privacy_accountant.NeighboringRelation.REPLACE_ONE)[0]
    ours = FLOAT.sampled_without_replacement_gaussian_rdp(alpha, sigma, q)
    ball = CERTIFIED.sampled_without_replacement_gaussian_rdp(F(alpha), F(sigma), F(q))
    assert ours == pytest.approx(peer, rel=1e-12)
    _contains(ball, ours, rel=1e-12)
    _contains(ball, peer, rel=1e-12)
    assert ball.rad() < 1e-14 * abs(ball.mid())


@pytest.mark.parametrize("sigma, k", [(1.0, 2), (0.7, 10), (5.0, 64), (20.0, 128), (3.0, 256)])
def test_forward_differences_three_ways(sigma, k):
    """log D_k, D_k = Δ^k e^{x(x+1)/(2σ²)} at −1: the alternating sum in mpmath at 600 digits (the definition), the float
    quadrature of its positive integral form, and the certified ball."""
    with mpmath.workdps(600):
        s = mpmath.mpf(sigma)
        want = mpmath.fsum((-1) ** (k - i) * mpmath.binomial(k, i) * mpmath.exp((i - 1) * i / (2 * s * s))
                           for i in range(k + 1))
        log_want = float(mpmath.log(want))
    assert wor.forward_difference_quadrature(sigma, k) == pytest.approx(log_want, rel=1e-12, abs=1e-12)
    ball = wor.forward_difference_exact(F(sigma), k)  # log D_k
    _contains(ball, log_want, rel=1e-15)


def test_sampled_without_replacement_ends():
    assert CERTIFIED.sampled_without_replacement_gaussian_rdp(3, 2, 0) == 0
    assert CERTIFIED.sampled_without_replacement_gaussian_rdp(3, 2, 1) == F(3, 8)
    assert FLOAT.sampled_without_replacement_gaussian_rdp(3, 2.0, 1.0) == 3 / 8
    # sampling never hurts: below the Gaussian mechanism's RDP at every order checked
    for a in (2, 3, 5, 16):
        assert float(CERTIFIED.sampled_without_replacement_gaussian_rdp(a, F(3, 2), F(1, 10)).upper()) < a / (2 * 1.5 ** 2)


def test_peer_is_the_one_off_at_large_sigma():
    """At q = 0.001, σ = 20, α = 128 dp_accounting's value lies outside the certified ball (by 4e−14 relative); the
    float route — forward differences by quadrature, a method independent of the ball's alternating sum — lands
    inside it, and the differences themselves agree with mpmath at 600 digits (test above): the peer's log-scale
    differences are the ones that lose digits."""
    n = 100_000
    peer = _peer_rdp(dp_event.SampledWithoutReplacementDpEvent(n, 100, dp_event.GaussianDpEvent(20.0)), [128],
                     privacy_accountant.NeighboringRelation.REPLACE_ONE)[0]
    ball = CERTIFIED.sampled_without_replacement_gaussian_rdp(128, 20, F(1, 1000))
    assert not (float(ball.lower()) <= peer <= float(ball.upper()))
    _contains(ball, FLOAT.sampled_without_replacement_gaussian_rdp(128, 20.0, 0.001), rel=2e-15)
