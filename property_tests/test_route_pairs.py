"""One quantity per name: every pair of routes in proofcheck.measures.ROUTES agrees.

A route is one name with two algorithms (float FFT against exact polynomial products, scipy's quadrature against
acb.integral, Brent against a certified bracket, a float bisection against a certified grid). For each example
below, the float route at the float of the arguments must lie inside the certified route's enclosure, widened
by a relative slack for float rounding (REL, or the route's own in SLACK, with the reason). A name added to
ROUTES must add examples here (test_every_route_has_examples), or be listed in NOT_A_PAIR with why.
"""
from __future__ import annotations

from fractions import Fraction as F

import flint
import pytest

from mechanisms.accounting.vmf_subsampled_composition import BinnedTest
from mechanisms.bayesian.lipschitz import hamming_matrix
from mechanisms.numerics.context import enclosure
from mechanisms.numerics.exact import ExactInfinity
from proofcheck.measures import CERTIFIED, FLOAT, ROUTES

# Names in ROUTES that are not two algorithms for one quantity, so have nothing to compare.
NOT_A_PAIR = {
    "value": "reads a number of the case (a float / an exact number): no computation",
    "num": "reads a number of the case as a value to compute with (a float / its arb ball)",
    "vector": "reads a distribution of the case (numpy floats / exact entries)",
    "matrix": "reads a channel of the case (numpy floats / exact entries)",
    "uniform": "the uniform prior of size n: one formula, no second algorithm",
    "is_pos_inf": "a test for +inf on each path's own infinity: no quantity",
    "nonnegative": "a wrapper: clamps float noise below 0 on the float path, the identity certified",
    "between_zero_and": "a wrapper: x on the float path, the ball [0, x] certified",
    "at_least": "a wrapper: v on the float path, [lower(), v] certified (lower is the caller's thunk)",
    "zero_within_rounding": "a wrapper: ≤ 1e-12 taken as 0 in floats, the exact value certified",
    "argmax_set": "a wrapper over the caller's list: ties within 1e-12 in floats, exact ties certified",
    "statistical_estimate": "Monte Carlo on the float path; certified it has no route at all (OutsideDomain)",
}


class Same:
    """An argument passed to both routes as it is (a parameter object, not a number)."""

    def __init__(self, x):
        self.x = x


TEST = BinnedTest([F(1)], F(1, 100))  # one threshold at 1/sqrt(p), lattice step 1/100

BETA = ("beta", (F(3, 2), F(5, 2))), ("beta", (F(5, 2), F(3, 2)))
GAMMA = ("gamma", (F(3, 2), F(2))), ("gamma", (F(4), F(1)))
NORMAL = ("normal", (F(0), F(1))), ("normal", (F(1), F(4)))

EXAMPLES = {
    "binomial_within_relative_error": [(20, F(3, 10), F(1, 2)), (50, F(1, 2), F(1, 10)), (7, F(1, 7), F(1))],
    "js_by_entropies": [([F(1, 2), F(1, 3), F(1, 6)], [F(1, 4), F(1, 4), F(1, 2)]),
                        ([F(1), F(0)], [F(1, 2), F(1, 2)]), ([F(1, 3), F(2, 3)], [F(1, 3), F(2, 3)])],
    # fractional orders: the float two-series against the certified quadrature; an integer order: binomial sums
    "subsampled_gaussian_rdp": [(F(3, 2), F(1), F(1, 10)), (F(5, 2), F(2), F(1, 100)), (4, F(3, 2), F(1, 20))],
    "dpsgd_epsilon": [(F(1), F(1, 100), 10, F(1, 10**5), Same((F(3, 2), F(2), F(4)))),
                      (F(2), F(1, 10), 3, F(1, 1000), Same((F(5, 2), F(8))))],
    # the first: α* = 1 + 4e-8, where log δ_α's printed form −log(α−1) + α log(1 − 1/α) cancelled in floats
    # (3% off, outside the certified enclosure) until vmf_log_delta_alpha was written as d log d − α log1p(d)
    "vmf_min_log_delta": [(3, F(10), F(1)), (3, F(2), F(1, 2)), (5, F(10), F(5)), (3, F(1), F(1))],
    "subsampled_gaussian_scaled_renyi": [("forward", 4, F(1, 10), F(2), F(7, 10)),
                                         ("reverse", 4, F(1, 10), F(2), F(7, 10)),
                                         ("forward", 1, F(1, 100), F(1), F(1))],
    "subsampled_gaussian_exact_cost": [("worst", 4, 3, F(1, 10), F(2), [F(1, 2), F(3, 2)], [F(1, 3), F(2, 3)]),
                                       ("forward", 1, 1, F(1, 2), F(1), [F(1)], [F(1)])],
    "binary_posterior_cdf": [(10, 3, F(1, 4)), (0, 0, F(1, 2)), (5, 20, F(9, 10))],
    "binary_estimate": [(10, 3, F(1, 20)), (100, 0, F(1, 100)), (3, 7, F(9, 10))],
    "binary_failure_probability": [(20, F(3, 10), F(1, 10)), (50, F(1, 5), F(1, 4)), (5, F(1, 2), F(1, 20))],
    "posterior_tv": [BETA, GAMMA, NORMAL],
    "posterior_hockey_stick_delta": [(*BETA, F(1, 2)), (*GAMMA, F(-1)), (*NORMAL, F(0))],
    "posterior_tv_quadrature": [BETA, GAMMA, NORMAL],
    "posterior_hockey_stick_quadrature": [(*BETA, F(1, 2)), (*GAMMA, F(-1)), (*NORMAL, F(0))],
    "product_lipschitz_mass_rate": [
        ([[F(1, 2), F(1, 2)], [F(1, 4), F(3, 4)], [F(1, 10), F(9, 10)]], [F(1, 2), F(1, 4), F(1, 4)],
         Same(hamming_matrix(2)), 1),
        ([[F(1, 3), F(1, 3), F(1, 3)], [F(1, 2), F(1, 4), F(1, 4)]], [F(1, 3), F(2, 3)], Same(hamming_matrix(3)), 2)],
    "prior_mass_lipschitz_set_quadrature": [("exponential", (1, F(3, 2)), F(2)), ("normal-variance", (F(1),), F(1), 0),
                                            ("binomial", (F(2), F(2)), F(3), 5)],
    # the beta prior on the Bernoulli family: a float grid + Brent against a certified optimisation
    "lipschitz_mass_rate": [("exponential", (1, F(3, 2))), ("binomial", (F(2), F(2)), 5),
                            ("bernoulli", (F(2), F(3))), ("bernoulli", (F(1, 2), F(5)))],
    "gamma_best_test_error": [(6, 1, F(3, 2), 3), (2, F(1, 2), F(2), 1)],
    "shell_root": [()],
    "shell_root_bisection": [()],
    "vmf_subsampled_renyi_directions": [(3, F(10), 2, F(1, 10)), (4, F(5), 3, F(1, 2))],
    "profile_lower_bound": [(3, F(10), F(1, 10), 4, F(1, 2), Same(TEST))],
    "pld_delta": [("gaussian", (F(2), 1), 4, F(1), F(1, 100)), ("laplace", (F(2), 1), 3, F(1, 2), F(1, 100)),
                  ("subsampled_gaussian", (F(11, 10), F(1, 100)), 10, F(1, 2), F(1, 100)),
                  ("subsampled_laplace_replace", (F(1), F(1, 5)), 5, F(1, 4), F(1, 100)),
                  ("subsampled_discrete_laplace_add", (F(1), 2, F(1, 5)), 4, F(0), F(1, 100))],
    "gaussian_pld_delta": [(F(2), 4, F(1), 1, F(1, 100)), (F(1), 1, F(0), 1, F(1, 100))],
    "laplace_pld_delta": [(F(2), 3, F(1, 2), 1, F(1, 100)), (F(1), 2, F(1, 2), 1, F(1, 100)),
                          (F(1), 1, F(1), 1, F(1, 100))],  # the last: δ = 0 exactly (ε = Δ/b)
    "subsampled_gaussian_pld_delta": [(F(11, 10), F(1, 100), 10, F(1, 2), F(1, 100))],
    "pld_epsilon": [("gaussian", (F(2), 1), 4, F(1, 100), F(1, 100)), ("laplace", (F(2), 1), 3, F(1, 10), F(1, 100))],
    "subsampled_gaussian_pld_epsilon": [(F(11, 10), F(1, 100), 10, F(1, 10**3), F(1, 100))],
    "subsampled_laplace_pld_delta": [(F(1), F(1, 5), 10, F(1, 2), F(1, 100)), (F(1, 2), F(1), 3, F(1), F(1, 100))],
    "discrete_laplace_pld_delta": [(F(1, 2), 4, F(1, 2), 3, 1, F(1, 100)), (F(1), 3, F(1, 4), 2, F(3, 10), F(1, 100))],
    "pld_compose_delta": [([("gaussian", (F(2), 1), 2), ("subsampled_laplace", (F(1), F(1, 5)), 3)], F(1, 2), F(1, 100)),
                          ([("laplace", (F(1), 1), 2), ("discrete_laplace", (F(1, 2), 1), 2)], F(1), F(1, 100))],
    "pld_compose_epsilon": [([("gaussian", (F(2), 1), 2), ("laplace", (F(3), 1), 2)], F(1, 100), F(1, 100))],
    "sampled_without_replacement_gaussian_rdp": [(2, F(1), F(1, 10)), (5, F(2), F(1, 100)), (F(7, 2), F(3, 2), F(1, 20))],
    "gaussian_sigma": [(F(1), F(1, 10**5)), (F(1, 2), F(1, 1000), 2, 3)],
    "laplace_scale": [(F(1),), (F(1, 2), 0, 2, 3)],
    "dpsgd_sigma": [(F(2), F(1, 10**5), F(1, 100), 100, None, 3)],
}

# Relative slack of the float route beyond float rounding (REL), where the float algorithm stops at its own tolerance.
REL = 1e-9
SLACK: dict = {}
# Discretised routes: the certified route is a ball [lower, upper] of the true value (the discretisation's two
# bounds), and the float route is a point of the same discretisation (FFT composition of its bounds' midpoint; a
# lower bound by the same bins): compared against that ball itself, with only float rounding as slack.
DISCRETISED = {"pld_delta", "gaussian_pld_delta", "laplace_pld_delta", "subsampled_gaussian_pld_delta",
               "profile_lower_bound", "pld_epsilon", "subsampled_gaussian_pld_epsilon", "subsampled_laplace_pld_delta",
               "discrete_laplace_pld_delta", "pld_compose_delta", "pld_compose_epsilon"}


def test_every_route_has_examples():
    """A route added to ROUTES needs examples here (or a reason in NOT_A_PAIR); no example names a lost route."""
    assert set(NOT_A_PAIR) <= set(ROUTES), sorted(set(NOT_A_PAIR) - set(ROUTES))
    assert set(EXAMPLES) | set(NOT_A_PAIR) == set(ROUTES), (
        f"routes without examples: {sorted(set(ROUTES) - set(EXAMPLES) - set(NOT_A_PAIR))}; "
        f"examples of no route: {sorted(set(EXAMPLES) - set(ROUTES))}")
    assert not set(EXAMPLES) & set(NOT_A_PAIR)
    assert all(EXAMPLES.values())


def _floats(x):
    """The arguments as the float path takes them: rationals become floats; ints, text and Same stay."""
    if isinstance(x, Same):
        return x.x
    if isinstance(x, F):
        return float(x)
    if isinstance(x, (list, tuple)):
        return type(x)(_floats(y) for y in x)
    return x


def _exact(x):
    if isinstance(x, Same):
        return x.x
    if isinstance(x, (list, tuple)):
        return type(x)(_exact(y) for y in x)
    return x


def _flatten(v):
    return [y for x in v for y in _flatten(x)] if isinstance(v, (list, tuple)) else [v]


def _inside(name, got, ball):
    """The float value lies in the certified enclosure, widened by the route's slack."""
    if isinstance(ball, ExactInfinity) or (isinstance(ball, flint.arb) and not ball.is_finite()):
        ball_inf = isinstance(ball, ExactInfinity) or ball.mid().is_nan() or not ball.is_finite()
        return ball_inf and (got == float(ball) if isinstance(ball, ExactInfinity) else True)
    ball = enclosure(ball)
    got = float(got)
    if got != got or got in (float("inf"), float("-inf")):
        return False
    if name in DISCRETISED:  # the ball itself; FFT rounding only (relative 1e-12, absolute 1e-15)
        slack = 1e-12 * abs(got) + 1e-15
    else:
        slack = SLACK.get(name, REL) * abs(got) + 1e-300
    lo, hi = float(ball.lower()), float(ball.upper())
    return lo - slack <= got <= hi + slack


CASES = [(name, args) for name in sorted(EXAMPLES) for args in EXAMPLES[name]]


@pytest.mark.parametrize("name, args", CASES, ids=[f"{n}-{i}" for n, a in
                                                   ((n, EXAMPLES[n]) for n in sorted(EXAMPLES)) for i in range(len(a))])
def test_the_float_route_lies_in_the_certified_enclosure(name, args):
    with flint.ctx.workprec(128):
        certified = getattr(CERTIFIED, name)(*_exact(args))
    got = getattr(FLOAT, name)(*_floats(args))
    cs, gs = _flatten(certified), _flatten(got)
    assert len(cs) == len(gs), (name, got, certified)
    for c, g in zip(cs, gs):
        assert _inside(name, g, c), f"{name}{args}: float {g!r} outside certified {c}"
