"""Exact optimal composition of heterogeneous (ε_i, δ_i) pairs (Murtagh–Vadhan) against a brute-force hockey-stick
divergence of the product of the k extremal 4-point distributions in exact Fractions (k ≤ 4, e^{ε_i} rational);
equal pairs against the homogeneous KOV binomial formula; the advanced composition bounds (Dwork–Rothblum–Vadhan,
KOV Theorem 3.5) against the exact optimum they bound; randomised response at every real ε."""
import itertools
import math
from fractions import Fraction as F

import flint
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import certified, fp


def _extremal(gamma, delta):
    """KOV's extremal (ε, δ) pair, e^ε = gamma: P = (δ, (1−δ)γ/(1+γ), (1−δ)/(1+γ), 0), Q its mirror."""
    a, b = (1 - delta) * gamma / (1 + gamma), (1 - delta) / (1 + gamma)
    return (delta, a, b, F(0)), (F(0), b, a, delta)


def _brute_force(gammas, deltas, gamma_total):
    """Σ_x [P(x) − γ Q(x)]_+ over the 4^k outcomes of the product, exactly."""
    pairs = [_extremal(g, d) for g, d in zip(gammas, deltas)]
    total = F(0)
    for outcome in itertools.product(range(4), repeat=len(pairs)):
        p = math.prod(P[i] for (P, _), i in zip(pairs, outcome))
        q = math.prod(Q[i] for (_, Q), i in zip(pairs, outcome))
        total += max(p - gamma_total * q, F(0))
    return total


@settings(max_examples=25)
@given(gammas=st.lists(st.sampled_from([F(3, 2), F(2), F(5, 2), F(4)]), min_size=1, max_size=4),
       deltas=st.data(), gamma_total=st.sampled_from([F(1, 2), F(1), F(3, 2), F(3), F(10)]))
def test_heterogeneous_optimum_is_the_hockey_stick_of_the_extremal_product(gammas, deltas, gamma_total):
    ds = deltas.draw(st.lists(st.sampled_from([F(0), F(1, 100), F(1, 10)]), min_size=len(gammas), max_size=len(gammas)))
    exact = _brute_force(gammas, ds, gamma_total)
    eps = [certified.log(g) for g in gammas]
    ball = certified.optimal_heterogeneous_composition_delta(eps, ds, certified.log(gamma_total))
    assert ball.contains(flint.arb(exact.numerator) / exact.denominator) or \
        abs(float(ball.mid()) - float(exact)) < 1e-14, (gammas, ds, gamma_total, ball, exact)
    assert ball.rad() < 1e-12
    got = fp.optimal_heterogeneous_composition_delta([math.log(g) for g in gammas], [float(d) for d in ds],
                                                     math.log(gamma_total))
    assert got == pytest.approx(float(exact), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("eps, delta, k", [(F(1, 2), F(1, 100), 3), (F(1, 10), F(0), 8), (F(2), F(1, 1000), 5)])
def test_equal_pairs_give_the_homogeneous_kov_formula(eps, delta, k):
    for e in (F(0), F(1, 3), F(1), F(5, 2)):
        het = certified.optimal_heterogeneous_composition_delta([eps] * k, [delta] * k, e)
        hom = certified.kov_extremal_composition_delta(eps, delta, k, e)
        assert het.overlaps(hom) and abs(float(het.mid()) - float(hom.mid())) < 1e-14
    # δ = 0: randomised response by its obvious name, the same at every real ε (reflection below 0)
    for e in (F(-3, 2), F(-1, 4), F(0), F(1)):
        rr = certified.randomised_response_composition_delta(eps, k, e)
        assert rr.overlaps(certified.heterogeneous_rr_composition_delta([eps] * k, e))


def test_randomised_response_below_zero_by_brute_force():
    gamma = F(3)
    exact = _brute_force([gamma] * 3, [F(0)] * 3, F(1, 2))  # ε = log(1/2) < 0
    ball = certified.randomised_response_composition_delta(certified.log(gamma), 3, certified.log(F(1, 2)))
    assert abs(float(ball.mid()) - float(exact)) < 1e-14


@pytest.mark.parametrize("eps, k, delta_prime", [(F(1, 10), 6, F(1, 10**5)), (F(1, 2), 6, F(1, 100)),
                                                 (F(1, 20), 40, F(1, 10**6))])
def test_advanced_composition_bounds_are_at_least_the_optimum(eps, k, delta_prime):
    delta = F(1, 10**6)
    drv = certified.advanced_composition_eps(eps, k, delta_prime)
    # (ε', kδ + δ')-DP by DRV: the optimal δ at ε' is at most kδ + δ' (the bound is never better than the optimum)
    def optimum(e):  # the exact optimum: by subsets for small k, by the binomial sum (equal pairs) beyond
        if k <= 6:
            return certified.optimal_heterogeneous_composition_delta([eps] * k, [delta] * k, e)
        return certified.kov_extremal_composition_delta(eps, delta, k, e)
    opt = optimum(drv)
    assert certified.le(opt, k * delta + delta_prime) is True
    kov = certified.kov_heterogeneous_composition_eps([eps] * k, delta_prime)
    opt_kov = optimum(kov)
    assert certified.le(opt_kov, 1 - (1 - delta_prime) * (1 - delta) ** k) is True
    # homogeneous: KOV's heterogeneous bound is the existing homogeneous composition_eps
    assert kov.overlaps(certified.composition_eps(eps, k, delta_prime))
    assert fp.advanced_composition_eps(float(eps), k, float(delta_prime)) == pytest.approx(
        math.sqrt(2 * k * math.log(1 / float(delta_prime))) * float(eps) + k * float(eps) * math.expm1(float(eps)))


@pytest.mark.parametrize("call, match", [
    (lambda: fp.optimal_heterogeneous_composition_delta([0.1, 0.2], [0.0], 0.5), "same length"),
    (lambda: fp.heterogeneous_rr_composition_delta([], 0.5), "non-empty"),
    (lambda: fp.heterogeneous_rr_composition_delta([0.1] * 21, 0.5), "at most 20"),
    (lambda: fp.optimal_heterogeneous_composition_delta([0.1], [1.0], 0.5), "delta_list"),
    (lambda: fp.advanced_composition_eps(0.1, 0, 1e-5), "k=0"),
    (lambda: fp.kov_heterogeneous_composition_eps([0.1], 0.0), "delta_tilde"),
])
def test_bad_input_is_named(call, match):
    with pytest.raises(InvalidInput, match=match):
        call()
