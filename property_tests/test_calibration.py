"""Certified calibration (mechanisms.accounting.calibration) against the peers' calibrators: dp_accounting's
``from_privacy_guarantee`` (analytic Gaussian; Laplace at δ = 0), opacus's ``get_noise_multiplier`` (DP-SGD through
RDP), the Laplace closed form, and an mpmath bisection of the Gaussian profile at 40 digits by quadrature of the
densities' hockey-stick integral (not the closed form)."""
import math
from fractions import Fraction as F

import mpmath
import pytest

from mechanisms.accounting import calibration as cal
from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import certified


def _certificate_holds(c, digits):
    """σ meets the target and σ(1 − 10^−d) does not, both certified; σ has no more precision than it needs."""
    assert certified.le(c.at_value, c.target) is True
    assert certified.gt(c.at_below, c.target) is True
    assert c.below == c.value * (1 - F(1, 10**digits))


@pytest.mark.parametrize("eps, delta", [(F(1), F(1, 10**5)), (F(1, 10), F(1, 10**6)), (F(4), F(1, 10**3))])
def test_analytic_gaussian_sigma_against_dp_accounting(eps, delta):
    from dp_accounting.pld import common, privacy_loss_mechanism as plm

    c = cal.gaussian_sigma(eps, delta)
    _certificate_holds(c, 6)
    peer = plm.GaussianPrivacyLoss.from_privacy_guarantee(
        common.DifferentialPrivacyParameters(float(eps), float(delta)), 1.0).standard_deviation
    # the peer's σ meets the target (so it is above our σ(1 − 10^−6)) and is its bisection's upper end (within
    # its tolerance above the smallest σ, which ours is to 6 digits)
    assert float(c.below) <= peer <= float(c.value) * (1 + 1e-7)
    assert cal.gaussian_sigma_float(float(eps), float(delta)) == pytest.approx(float(c.value), rel=2e-6)


def test_analytic_gaussian_sigma_by_an_mpmath_bisection_of_the_integral():
    eps, delta = F(1, 2), F(1, 10**4)
    with mpmath.workdps(40):
        e = mpmath.mpf(1) / 2

        def profile(s):  # ∫ [φ_s(x) − e^ε φ_s(x − 1)]_+ dx, split where the densities cross
            cross = s * s * (-e) + mpmath.mpf(1) / 2
            return mpmath.quad(lambda x: mpmath.npdf(x, 0, s) - mpmath.exp(e) * mpmath.npdf(x, 1, s),
                               [-mpmath.inf, cross])
        lo, hi = mpmath.mpf(1), mpmath.mpf(20)
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if profile(mid) > mpmath.mpf(delta.numerator) / delta.denominator else (lo, mid)
    c = cal.gaussian_sigma(eps, delta, digits=8)
    _certificate_holds(c, 8)
    assert float(c.below) <= float(hi) <= float(c.value)


@pytest.mark.parametrize("eps, delta", [(F(1), F(0)), (F(1, 2), F(1, 100)), (F(3), F(1, 10**6))])
def test_laplace_scale_against_the_closed_form_and_dp_accounting(eps, delta):
    from dp_accounting.pld import common, privacy_loss_mechanism as plm

    c = cal.laplace_scale(eps, delta)
    _certificate_holds(c, 6)
    closed = 1 / (float(eps) - 2 * math.log1p(-float(delta)))
    assert float(c.below) < closed <= float(c.value) * (1 + 1e-12)
    if delta == 0:  # dp_accounting calibrates pure ε-DP
        peer = plm.LaplacePrivacyLoss.from_privacy_guarantee(
            common.DifferentialPrivacyParameters(float(eps), 0.0), 1.0).parameter
        assert float(c.below) < peer <= float(c.value)


def test_dpsgd_sigma_against_opacus():
    from opacus.accountants.utils import get_noise_multiplier
    import warnings

    c = cal.dpsgd_sigma(F(2), F(1, 10**5), F(1, 100), 1000)
    _certificate_holds(c, 4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        peer = get_noise_multiplier(target_epsilon=2.0, target_delta=1e-5, sample_rate=0.01, steps=1000,
                                    accountant="rdp", epsilon_tolerance=1e-5)
    # opacus stops where ε is within its tolerance below the target: its σ is at least ours, by less than a digit
    assert float(c.below) <= peer <= float(c.value) * (1 + 1e-4)


@pytest.mark.parametrize("call, match", [
    (lambda: cal.gaussian_sigma(F(1), F(0)), "delta=0"),
    (lambda: cal.gaussian_sigma(F(1), F(1, 10)**5, digits=0), "digits=0"),
    (lambda: cal.gaussian_sigma(1.0, F(1, 10)), "float"),
    (lambda: cal.laplace_scale(F(0), F(0)), "no finite scale"),
    (lambda: cal.dpsgd_sigma(F(1), F(1, 10**5), F(2), 10), "q=2"),
])
def test_bad_input_is_named(call, match):
    with pytest.raises(Exception, match=match) as info:
        call()
    assert isinstance(info.value, InvalidInput) or "float" in match


@pytest.mark.parametrize("name,args", [("laplace_scale", (F(1), F(0))),
                                       ("laplace_scale", (F(1, 2), F(1, 1000))),
                                       ("gaussian_sigma", (F(1), F(1, 10**5))),
                                       ("gaussian_sigma", (F(3), F(1, 10**9)))])
def test_the_two_routes_of_a_calibration_compute_one_quantity(name, args):
    """The float route is the certified route's grid value (the smallest scale on the 10^−6 grid that meets the
    target), not the float root: a claim that compares the two is never told apart by which path it took."""
    from proofcheck.measures import CERTIFIED, FLOAT

    exact = getattr(CERTIFIED, name)(*args)
    assert isinstance(exact, F)
    assert getattr(FLOAT, name)(*[float(a) for a in args]) == float(exact)


def test_dpsgd_routes_compute_one_quantity():
    """m.dpsgd_sigma on the float path (the fast root rounded up to the 4-digit grid) is the certified value."""
    from proofcheck.measures import CERTIFIED, FLOAT

    args = (F(2), F(1, 10**5), F(1, 100), 1000)
    exact = CERTIFIED.dpsgd_sigma(*args)
    assert FLOAT.dpsgd_sigma(2.0, 1e-5, 0.01, 1000) == float(exact)


@pytest.mark.parametrize("eps, delta, q, steps, orders", [
    (1.0, 1e-5, 0.01, 1000, None),
    (3.0, 1e-5, 0.005, 2000, (F(3, 2), F(2), F(5, 2), F(3), F(21, 5), F(5), F(8), F(32))),
    (8.0, 1e-5, 0.01, 100, (F(11, 10), F(13, 10), F(2), F(5, 2), F(27, 10), F(3), F(10))),
    (10.0, 1e-3, 0.1, 50, (F(2), F(12, 5), F(3), F(4))),
])
def test_dpsgd_sigma_float_is_the_root_of_the_float_accountant(eps, delta, q, steps, orders):
    """The fast root (each order's root, fractional orders pruned by convexity) is the root the bisection on the
    full float accountant finds, to float accuracy (both approximate one σ; they differ by rounding only)."""
    from mechanisms.accounting.dpsgd_accountant import OPACUS_ORDERS, dpsgd_epsilon

    orders = OPACUS_ORDERS if orders is None else orders
    fast = cal.dpsgd_sigma_float(eps, delta, q, steps, orders)
    slow = cal._bisect(lambda s: dpsgd_epsilon(s, q, steps, delta, orders) - eps, 0.5, 1.0)
    assert fast == pytest.approx(slow, rel=1e-12)
    assert dpsgd_epsilon(fast * (1 + 1e-12), q, steps, delta, orders) <= eps
    assert dpsgd_epsilon(fast * (1 - 1e-12), q, steps, delta, orders) > eps


def test_dpsgd_sigma_float_no_scale_meets_an_eps_below_the_conversion():
    with pytest.raises(InvalidInput, match="no noise multiplier"):
        cal.dpsgd_sigma_float(0.1, 1e-5, 0.01, 100)
