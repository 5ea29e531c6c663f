"""Every accounting number the suite computes that a practitioners' accountant also computes, side by side.

Peers (pinned in pyproject.toml's `test` extra): dp-accounting 0.6.0, opacus 1.6.0, autodp 0.2.3.1,
prv-accountant 0.2.0. Where a peer's value is only a bound, or is limited by its own floating point, the test
says so and asserts the inequality (or the rounding bound) instead of equality; our own value is then pinned
against the certified arb route or an mpmath oracle.

Seed 004: the Poisson-subsampled Gaussian RDP (Theorem 3's moments accountant special case), ε(δ) from an RDP
curve, the authors' accountant's published number (basic conversion), the optimal k-fold composition, the exact
Gaussian (ε, δ), prv-accountant's bounds. Seed 003: Proposition 4 (Eq. (8)), Eq. (9), Theorem 2 (KOV), Theorem 3
(Zhu–Wang), Table I/IV (approach 2 with the cited prefactor; the Gaussian column).
"""
from __future__ import annotations

import math
from fractions import Fraction as F

import flint
import numpy as np
import pytest

from mechanisms.accounting import composition, rdp_conversion, subsampling  # noqa: F401  (register their formulas)

from mechanisms.continuous import gaussian_dp
from mechanisms.accounting import optimal_composition as oc
from mechanisms.accounting import subsampled_gaussian as sg
from mechanisms.accounting.subsampled_gaussian_curve import subsampled_gaussian_rdp_curve
from mechanisms.bayesian import bdp_subsampled_gaussian  # noqa: F401  (registers fp.subsampled_gaussian_binomial_cost)
from mechanisms.numerics.context import certified, fp

dp_accounting = pytest.importorskip("dp_accounting")
rdp_acc = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
pld_acc = pytest.importorskip("dp_accounting.pld.accountant")
opacus_rdp = pytest.importorskip("opacus.accountants.analysis.rdp")
autodp_rdp = pytest.importorskip("autodp.rdp_acct")
prv = pytest.importorskip("prv_accountant")

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.filterwarnings("ignore:Optimal order is the smallest alpha:UserWarning")]


def _rel(a, b):
    return abs(a - b) / abs(b) if b else abs(a)


# ----------------------------------------------------------------------------- subsampled Gaussian RDP
Q_GRID = (0.001, 0.01, 0.1, 0.5, 0.9, 0.99, 0.999)
SIGMA_GRID = (0.5, 0.8, 1.0, 2.0, 5.0)
INT_ORDERS = (2, 3, 8, 32, 64, 128, 256)
FRAC_ORDERS = (1.5, 2.5, 4.75, 10.5, 32.5, 100.5, 255.5)


def test_subsampled_gaussian_rdp_equals_dp_accounting_at_integer_orders():
    """245 points (q up to 0.999, orders up to 256): equal to 1e−9 relative (dp-accounting sums the same positive
    binomial terms; where log A < 1e−6 its log of 1 + tiny has ~1e−16 absolute error, still inside 1e−9 here)."""
    worst, n = (0.0, None), 0
    for q in Q_GRID:
        for sigma in SIGMA_GRID:
            mine = sg.subsampled_gaussian_rdp(np.array(INT_ORDERS, float), sigma, q)
            peer = rdp_acc._compute_rdp_poisson_subsampled_gaussian(q, sigma, list(INT_ORDERS))
            for a, m, p in zip(INT_ORDERS, mine, peer):
                worst = max(worst, (_rel(m, p), (q, sigma, a)))
                n += 1
    assert n >= 50 and worst[0] < 1e-9, worst


def test_subsampled_gaussian_rdp_equals_opacus_at_fractional_orders():
    """Opacus sums the signed two-series exactly as written: equal to 1e−9 relative except where log A_α ≲ 1e−4
    (q = 0.001 at small orders), where its sum of terms of size 1 loses ~1e−13 absolutely in log A; there our value
    is pinned to the certified quadrature instead, and the peer to its rounding."""
    agree, rounding_limited, worst = 0, 0, 0.0
    for q in Q_GRID:
        for sigma in SIGMA_GRID:
            mine = sg.subsampled_gaussian_rdp(list(FRAC_ORDERS), sigma, q)
            peer = opacus_rdp.compute_rdp(q=q, noise_multiplier=sigma, steps=1, orders=list(FRAC_ORDERS))
            for a, m, p in zip(FRAC_ORDERS, mine, peer):
                if _rel(m, p) < 1e-9:
                    agree += 1
                    worst = max(worst, _rel(m, p))
                    continue
                # the peer's own cancellation: |Δ log A| within a few hundred ulps of 1
                assert abs(m - p) * (a - 1) < 1e-12 and (a - 1) * m < 1e-4, (q, sigma, a, m, p)
                with flint.ctx.workprec(96):
                    ball = sg.subsampled_gaussian_rdp_arb(F(a), F(sigma), F(q))
                assert float(ball.lower()) - 1e-13 * m <= m <= float(ball.upper()) + 1e-13 * m
                rounding_limited += 1
    assert agree >= 50 and rounding_limited <= 12, (agree, rounding_limited)


def test_dp_accounting_fractional_orders_are_an_upper_bound():
    """dp-accounting 0.6.0 adds |C(α, i)| in the fractional-order series (the terms with i > α have alternating
    signs), so its value is an upper bound of the exact RDP (or inf when its loop gives up): asserted as ≥."""
    strict = 0
    for q in Q_GRID:
        for sigma in SIGMA_GRID:
            mine = sg.subsampled_gaussian_rdp(list(FRAC_ORDERS), sigma, q)
            peer = rdp_acc._compute_rdp_poisson_subsampled_gaussian(q, sigma, list(FRAC_ORDERS))
            for a, m, p in zip(FRAC_ORDERS, mine, peer):
                # up to dp-accounting's own float rounding (measured ≤ 1e−14 absolutely in log A)
                assert p >= m * (1 - 1e-12) - 1e-13 / (a - 1), (q, sigma, a, m, p)
                strict += p > m * (1 + 1e-6)
    assert strict > 20  # the bound is strict at many points (up to +100% at α = 1.5, q = 0.1)


# ----------------------------------------------------------------------------- ε(δ) from an RDP curve
def _curve(q, sigma, steps, orders):
    return steps * sg.subsampled_gaussian_rdp(np.array(orders, float), sigma, q)


@pytest.mark.parametrize("q, sigma, steps, delta", [(0.01, 1.1, 1000, 1e-5), (0.004, 0.8, 10**4, 1e-6),
                                                    (0.1, 2.0, 100, 1e-5), (1.0, 5.0, 10, 1e-3), (0.5, 3.0, 500, 1e-8)])
def test_epsilon_from_the_same_rdp_curve_equals_dp_accounting_and_opacus(q, sigma, steps, delta):
    orders = list(range(2, 257))  # integer orders: every peer's RDP equals ours there
    curve = _curve(q, sigma, steps, orders)
    mine, order = fp.best_eps_from_rdp(orders, curve, delta)
    fast, _ = fp.best_eps_from_rdp(orders, steps * subsampled_gaussian_rdp_curve(orders, sigma, q), delta)
    assert _rel(fast, mine) < 1e-11
    peer_dp, order_dp = rdp_acc.compute_epsilon(orders, list(curve), delta)
    peer_op, order_op = opacus_rdp.get_privacy_spent(orders=orders, rdp=list(curve), delta=delta)
    assert _rel(mine, peer_dp) < 1e-12 and _rel(mine, peer_op) < 1e-12 and order == order_dp == order_op
    # the whole pipeline of each peer (its own RDP) against ours
    acc = dp_accounting.rdp.RdpAccountant(orders)
    acc.compose(dp_accounting.PoissonSampledDpEvent(q, dp_accounting.GaussianDpEvent(sigma)), steps)
    assert _rel(mine, acc.get_epsilon(delta)) < 1e-9
    op_curve = opacus_rdp.compute_rdp(q=q, noise_multiplier=sigma, steps=steps, orders=orders)
    assert _rel(mine, opacus_rdp.get_privacy_spent(orders=orders, rdp=op_curve, delta=delta)[0]) < 1e-9


def test_delta_from_the_same_rdp_curve_equals_dp_accounting():
    orders = list(range(2, 129))
    for q, sigma, steps, eps in [(0.01, 1.1, 1000, 2.0), (0.1, 2.0, 100, 1.0), (0.5, 3.0, 500, 8.0)]:
        curve = _curve(q, sigma, steps, orders)
        mine, _ = fp.best_delta_from_rdp(orders, curve, eps)
        peer, _ = rdp_acc.compute_delta(orders, list(curve), eps)
        assert _rel(mine, peer) < 1e-12


def test_the_authors_accountant_conversion_with_the_basic_conversion():
    """The conversion of the BDP authors' accountant (DP mode, github.com/AlekseiTriastcyn/bayesian-differential-
    privacy: min over λ of (privacy_cost − log δ)/λ) at q = 0.01, σ = 4, T = 10⁴, δ = 1e−5, λ = 1..32: the basic
    conversion min_λ (T·log A_{λ+1} − log δ)/λ, ε = 1.2585747… at λ = 19. The expected value is dp-accounting's
    integer-order RDP put through that formula, typed in here; the pinned digits guard against drift of both.
    dp-accounting's improved conversion on the same curve is smaller, as it must be."""
    orders = list(range(2, 34))
    curve = _curve(0.01, 4.0, 10**4, orders)
    basic, order = fp.best_eps_from_rdp_basic(orders, curve, 1e-5)
    peer_rdp = rdp_acc._compute_rdp_poisson_subsampled_gaussian(0.01, 4.0, orders)
    peer_eps = [10**4 * t - math.log(1e-5) / (a - 1) for a, t in zip(orders, peer_rdp)]
    peer_basic = min(peer_eps)
    assert _rel(basic, peer_basic) < 1e-12 and order == orders[peer_eps.index(peer_basic)]
    assert basic == pytest.approx(1.2585747412527883, rel=1e-12) and order == 20
    assert f"{basic:.7f}" == "1.2585747"
    # the same through Theorem 3's left term at ‖g − g'‖ = C = 1 (the moments-accountant special case)
    lams = np.arange(1, 33)
    costs = [fp.subsampled_gaussian_binomial_cost("L", int(l), 1, 0.01, 4.0, [1.0], [1.0]) for l in lams]
    assert min((10**4 * c - math.log(1e-5)) / l for c, l in zip(costs, lams)) == pytest.approx(basic, rel=1e-10)
    improved, _ = rdp_acc.compute_epsilon(orders, list(curve), 1e-5)
    assert improved < basic


# ----------------------------------------------------------------------------- composition and the Gaussian
@pytest.mark.parametrize("eps, delta, k, total", [(0.1, 0.0, 10, 1e-5), (0.5, 1e-6, 20, 1e-4), (1.0, 0.0, 5, 0.01),
                                                   (2.0, 0.01, 3, 0.5), (0.05, 1e-8, 100, 1e-6), (0.01, 1e-7, 200, 1e-5)])
def test_optimal_composition_equals_dp_accounting_advanced_composition(eps, delta, k, total):
    params = dp_accounting.pld.common.DifferentialPrivacyParameters(eps, delta)
    peer = pld_acc.advanced_composition(params, k, total)
    grid = oc.kov_grid_composition_eps(eps, delta, k, total)
    assert grid == peer if peer is None else grid == pytest.approx(peer, rel=1e-12)
    exact = oc.optimal_composition_eps(eps, delta, k, total)
    if peer is None:
        assert exact is None
        return
    # KOV's Theorem 3.3 is stated on the grid (k − 2i)ε: the exact inverse of the privacy profile is ≤ it, and
    # attains it when the target δ is the grid point's own δ
    assert exact <= peer + 1e-12
    grid_delta = oc.composition_profile(eps, delta, k, peer)
    assert grid_delta == pytest.approx(fp.kov_extremal_composition_delta(eps, delta, k, peer), rel=1e-8)
    assert oc.optimal_composition_eps(eps, delta, k, grid_delta) == pytest.approx(peer, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("sigma, delta", [(0.5, 1e-5), (1.0, 1e-5), (2.0, 1e-8), (5.0, 0.01), (20.0, 1e-12)])
def test_gaussian_epsilon_equals_dp_accounting(sigma, delta):
    assert fp.gaussian_epsilon(sigma, delta) == pytest.approx(dp_accounting.get_epsilon_gaussian(sigma, delta),
                                                              rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("sigma, k, delta", [(1.0, 1, 1e-5), (2.0, 10, 1e-5), (5.0, 100, 1e-6), (10.0, 300, 1e-5)])
def test_gaussian_composition_lies_between_prv_accountant_bounds(sigma, k, delta):
    """k-fold Gaussian composition = one Gaussian with σ/√k (exact); prv-accountant returns (lower, estimate,
    upper) with a guaranteed bracket: the exact value must lie inside."""
    from prv_accountant import PRVAccountant
    from prv_accountant.privacy_random_variables import GaussianMechanism

    acc = PRVAccountant(prvs=[GaussianMechanism(noise_multiplier=sigma)], max_self_compositions=[k],
                        eps_error=2e-3, delta_error=delta / 1000)
    lo, est, hi = acc.compute_epsilon(delta=delta, num_self_compositions=[k])
    exact = fp.gaussian_epsilon(sigma / math.sqrt(k), delta)
    assert lo <= exact <= hi and hi - lo < 0.01, (lo, exact, hi)


def test_subsampled_gaussian_rdp_epsilon_is_above_prv_lower_bound():
    """For the Poisson-subsampled Gaussian the suite has no exact (ε, δ), only the RDP bound: prv-accountant's
    lower bound must be below it (and its upper bound tighter than RDP, which is not exact)."""
    from prv_accountant import PRVAccountant
    from prv_accountant.privacy_random_variables import PoissonSubsampledGaussianMechanism

    q, sigma, steps, delta = 0.01, 1.0, 1000, 1e-5
    acc = PRVAccountant(prvs=[PoissonSubsampledGaussianMechanism(sampling_probability=q, noise_multiplier=sigma)],
                        max_self_compositions=[steps], eps_error=0.01, delta_error=1e-8)
    lo, _, hi = acc.compute_epsilon(delta=delta, num_self_compositions=[steps])
    orders = list(rdp_acc.DEFAULT_RDP_ORDERS)
    rdp_eps, _ = fp.best_eps_from_rdp(orders, _curve(q, sigma, steps, orders), delta)
    assert lo <= hi < rdp_eps


# ----------------------------------------------------------------------------- seed 003's accounting
def test_003_proposition_4_equals_dp_accounting_compute_delta():
    """Eq. (8), δ_α = e^{(α−1)(τ−ε)}(1 − 1/α)^α/(α − 1), is the conversion of dp-accounting's compute_delta (one
    order at a time, away from its KL shortcut)."""
    for tau, alpha, eps in [(0.5, 2.0, 1.0), (2.0, 10.0, 4.0), (0.01, 32.0, 0.5), (5.0, 1.5, 9.0), (1.0, 256.0, 3.0)]:
        mine = math.exp(fp.log_delta_from_rdp(tau, alpha, eps))
        peer, _ = rdp_acc.compute_delta([alpha], [tau], eps)
        eq8 = math.exp((alpha - 1) * (tau - eps)) * (1 - 1 / alpha) ** alpha / (alpha - 1)
        assert _rel(mine, peer) < 1e-12 and _rel(mine, eq8) < 1e-12


def test_003_eq_9_equals_autodp_amplification_by_sampling():
    """autodp's AmplificationBySampling applies ε_s(δ) = log(1 + γ(e^{ε(δ/γ)} − 1)) to a mechanism's approxDP
    function (for its own zoo mechanisms it then takes the minimum with an RDP-derived curve, so the base is built
    here from its (ε, δ) function alone): Eq. (9) at (ε, δ/γ) must give exactly (its ε_s, δ)."""
    from autodp import autodp_core, transformer_zoo

    for eps, delta, gamma in [(1.3, 1e-6, 0.05), (0.2, 1e-3, 0.5), (5.0, 1e-3, 0.01), (25.0, 1e-9, 0.01)]:
        base = autodp_core.Mechanism()
        base.params, base.name = {"eps": eps}, "approx-dp"
        base.propagate_updates(lambda d, e=eps: e, "approxDP_func")
        sampled = transformer_zoo.AmplificationBySampling(PoissonSampling=True).amplify(base, gamma)
        eps_s, delta_s = fp.subsample_dp(eps, delta / gamma, gamma)
        assert delta_s == pytest.approx(delta, rel=1e-15)
        assert eps_s == pytest.approx(sampled.approxDP(delta), rel=1e-12)


def test_003_theorem_2_is_above_the_optimal_composition():
    """KOV's Theorem 10 (seed 003's Theorem 2, with its correct first summand) is a bound on the optimal
    composition that dp-accounting's advanced_composition computes: never below it."""
    for eps, delta_s, N, dt in [(0.1, 0.0, 10, 1e-5), (0.05, 1e-7, 100, 1e-6), (0.5, 1e-6, 20, 1e-4), (1.0, 0.0, 3, 1e-3)]:
        bound = fp.composition_eps(eps, N, dt)
        total = 1 - (1 - delta_s) ** N * (1 - dt)
        peer = pld_acc.advanced_composition(dp_accounting.pld.common.DifferentialPrivacyParameters(eps, delta_s), N, total)
        exact = oc.optimal_composition_eps(eps, delta_s, N, total)
        assert exact <= peer + 1e-12 and exact <= bound + 1e-12


def test_003_theorem_3_zhu_wang_equals_autodp_general_upperbound():
    """autodp's general_upperbound is Zhu–Wang's Theorem 5 (the cited prefactor), computed as a difference of
    log-sums (k ≤ 50). Both are compared with the certified arb value of the bound: ours to 1e−8 relative
    everywhere, autodp's to 1e−9 at 89 of the 96 points; at the other 7 (log B ≤ 0.04, where its subtraction of
    two log-sums cancels) autodp's own error reaches 3e−5 relative, which the test bounds and reports."""
    agree, limited = 0, []
    for sigma in (0.7, 1.0, 2.0, 5.0):
        for gamma in (0.001, 0.01, 0.1, 0.5):
            rdp = lambda a, s=sigma: a / (2 * s * s)  # noqa: E731
            s_ball = flint.arb(F(sigma).numerator) / F(sigma).denominator
            for alpha in (2, 3, 5, 10, 32, 50):
                mine = fp.zhu_wang_cgf_bound({l: rdp(l) for l in range(2, alpha + 1)}, alpha, gamma)
                peer = autodp_rdp.general_upperbound(rdp, alpha, gamma)
                with flint.ctx.workprec(128):
                    exact = float(certified.zhu_wang_cgf_bound({l: flint.arb(l) / (2 * s_ball ** 2)
                                                             for l in range(2, alpha + 1)}, alpha, F(gamma)).mid())
                assert _rel(mine, exact) < 1e-8, (sigma, gamma, alpha, mine, exact)
                if _rel(peer, exact) < 1e-9:
                    agree += 1
                else:
                    assert _rel(peer, exact) < 1e-4 and exact < 0.04, (sigma, gamma, alpha, peer, exact)
                    limited.append((sigma, gamma, alpha))
    assert agree >= 85 and len(limited) <= 11, (agree, limited)


def test_003_table_approach_2_with_autodp_and_dp_accounting():
    """Table I/IV's approach 2 with Zhu–Wang's prefactor at integer α: τ^s by autodp's general_upperbound on the
    VMF RDP curve, N-fold composition, ε by dp-accounting's compute_epsilon (the conversion of line 232)."""
    from mechanisms.continuous import vmf_renyi  # noqa: F401  (registers vmf_rdp)
    from mechanisms.numerics.context import fp
    from proofcheck.claims.s003.tables import TABLE_SETUP, approach2_eps

    p, g, N, d = TABLE_SETUP["p"], float(TABLE_SETUP["gamma"]), TABLE_SETUP["N"], float(TABLE_SETUP["delta"])
    for kappa in (75, 100, 150):
        for alpha in (2, 5, 12, 30):
            mine = approach2_eps(p, kappa, alpha, g, N, d, prefactor="zw")
            cgf = autodp_rdp.general_upperbound(lambda a, k=kappa: fp.vmf_rdp(p, k, a), alpha, g)
            peer, _ = rdp_acc.compute_epsilon([alpha], [N * cgf / (alpha - 1)], d)
            assert _rel(mine, peer) < 1e-8, (kappa, alpha, mine, peer)


@pytest.mark.parametrize("sigma", [1.23, 0.66, 0.461, 0.287, 0.174])
def test_003_table_iv_gaussian_column_equals_opacus_and_dp_accounting(sigma):
    from opacus.accountants import RDPAccountant

    from proofcheck.claims.s003.tables import TABLE_IV_STEPS, TABLE_SETUP, gaussian_dpsgd_eps

    q, delta = float(TABLE_SETUP["gamma"]), float(TABLE_SETUP["delta"])
    mine, order = gaussian_dpsgd_eps(sigma)
    orders = RDPAccountant.DEFAULT_ALPHAS
    curve = opacus_rdp.compute_rdp(q=q, noise_multiplier=sigma, steps=TABLE_IV_STEPS, orders=orders)
    peer, peer_order = opacus_rdp.get_privacy_spent(orders=orders, rdp=curve, delta=delta)
    assert _rel(mine, peer) < 1e-9 and float(order) == pytest.approx(peer_order)
    acc = dp_accounting.rdp.RdpAccountant([float(a) for a in orders])
    acc.compose(dp_accounting.PoissonSampledDpEvent(q, dp_accounting.GaussianDpEvent(sigma)), TABLE_IV_STEPS)
    dp_eps = acc.get_epsilon(delta)
    # dp-accounting's fractional orders are upper bounds: its ε is ≥ ours, equal when the optimum is an integer order
    assert dp_eps >= mine * (1 - 1e-12) and (float(order) % 1 != 0 or _rel(mine, dp_eps) < 1e-9)
