"""Heterogeneous composition in the PLD accountant (mechanisms.accounting.pld.pld_compose_bounds): a list of
(mechanism, params, k) events composed in one certified PLD, against dp_accounting's PLDs composed the same way and
the values pinned in dp_accounting's pld_privacy_accountant_test.py; one event alone is pld_delta_bounds."""
import warnings
from fractions import Fraction as F

import pytest

from mechanisms.accounting import pld
from mechanisms.errors import InvalidInput
from proofcheck.measures import CERTIFIED, FLOAT


def test_pinned_laplace_basic():
    """dp_accounting/pld/pld_privacy_accountant_test.py, test_laplace_basic: LaplaceDpEvent(1) × 3 then
    LaplaceDpEvent(2) × 2: δ(4) = 1e−14 within 1e−6 and ε(1e−14) = 4 within 1e−6. The largest loss is 3·1 + 2·½ = 4
    (the atoms on the grid 1/2 / 5000): our δ(4) is exactly 0 and ε(1e−14) ∈ (4 − 1e−9, 4]."""
    events = [("laplace", (F(1), 1), 3), ("laplace", (F(2), 1), 2)]
    at4 = pld.pld_compose_bounds(events, F(4))
    assert at4.lower == at4.upper == 0
    e = pld.pld_compose_epsilon_bounds(events, F(1, 10**14))
    assert 4 - F(1, 10**9) < e.lower < e.upper <= 4 + F(1, 10**9), e
    lo, hi = pld.pld_compose_float([("laplace", (1.0, 1.0), 3), ("laplace", (2.0, 1.0), 2)], 4.0)
    assert lo == hi == 0


def test_pinned_discrete_laplace_basic():
    """The same file, test_discrete_laplace_basic: DiscreteLaplaceDpEvent(1, 1) × 3 then (0.5, 1) × 2: δ(4) = 0 within
    1e−6 and ε(0) = 4 within 1e−6: our δ(4) is exactly 0 and δ(4 − 1e−7) > 0 certified, so ε(0) ∈ (4 − 1e−7, 4]."""
    events = [("discrete_laplace", (F(1), 1), 3), ("discrete_laplace", (F(1, 2), 1), 2)]
    at4, below = pld.pld_compose_bounds(events, [F(4), 4 - F(1, 10**7)])
    assert at4.upper == 0 and below.lower > 0


def test_pinned_poisson_subsampled_laplace_as_two_events():
    """pld_privacy_accountant_test.py, test_poisson_subsampled_laplace composes the subsampled Laplace event once and
    then twice: as two events it is the 3-fold composition (δ(2.46964) ≤ 1e−6, ε(1e−14) = 2.46964 within 1e−3)."""
    ev = ("subsampled_laplace", (F(1, 2), F(1, 5)))
    two = pld.pld_compose_bounds([(*ev, 1), (*ev, 2)], F("2.46964"), F(1, 1000))
    assert two.upper <= F(1, 10**6)
    e = pld.pld_compose_epsilon_bounds([(*ev, 1), (*ev, 2)], F(1, 10**14), F(1, 1000))
    assert abs(e.lower - F("2.46964")) <= F(1, 1000) and abs(e.upper - F("2.46964")) <= F(1, 1000)


def test_mixed_events_bracket_dp_accountings_composed_plds():
    """A subsampled Gaussian (σ = 1.1, q = 0.01) × 100, a subsampled Laplace (b = 1, q = 0.2) × 5, a Gaussian (σ = 5)
    × 2 and a discrete Laplace (a = 1) × 3: dp_accounting's PLDs at h = 1e−4 composed (remove with remove, add with
    add, the larger δ) lie in our h = 1e−3 bracket; the float route agrees; add-or-remove is at least either
    direction alone."""
    from dp_accounting.pld import privacy_loss_distribution as P

    events = [("subsampled_gaussian", (F(11, 10), F(1, 100)), 100), ("subsampled_laplace", (F(1), F(1, 5)), 5),
              ("gaussian", (F(5), 1), 2), ("discrete_laplace", (F(1), 1), 3)]
    eps = [F(1, 2), F(1)]
    bounds = pld.pld_compose_bounds(events, eps, F(1, 1000))
    h = 1e-4
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        peer = (P.from_gaussian_mechanism(1.1, sampling_prob=0.01, value_discretization_interval=h).self_compose(100)
                .compose(P.from_laplace_mechanism(1.0, sampling_prob=0.2, value_discretization_interval=h).self_compose(5))
                .compose(P.from_gaussian_mechanism(5.0, value_discretization_interval=h).self_compose(2))
                .compose(P.from_discrete_laplace_mechanism(1.0, value_discretization_interval=h,
                                                           use_connect_dots=True).self_compose(3)))
    for e, b in zip(eps, bounds):
        assert b.lower <= F(peer.get_delta_for_epsilon(float(e))) <= b.upper, (e, b)
        assert b.gap <= F(1, 100) * b.upper
    floats = [(m, tuple(float(x) for x in p), k) for m, p, k in events]
    lo, hi = pld.pld_compose_float(floats, 0.5, 1e-3)
    assert lo == pytest.approx(float(bounds[0].lower), rel=1e-6) and hi == pytest.approx(float(bounds[0].upper), rel=1e-6)
    removes = [(m.replace("subsampled_gaussian", "subsampled_gaussian_remove")
                .replace("subsampled_laplace", "subsampled_laplace_remove"), p, k) for m, p, k in events]
    one = pld.pld_compose_bounds(removes, F(1, 2), F(1, 1000))
    assert one.upper <= bounds[0].upper


def test_one_event_is_the_mechanism_alone():
    """A single event is pld_delta_bounds (the same compositions, cached); two events of one mechanism are its
    (k₁ + k₂)-fold composition up to the rescaling (~1e−20)."""
    single = pld.pld_compose_bounds([("subsampled_laplace", (F(1), F(1, 5)), 4)], F(1, 2), F(1, 1000))
    assert single == pld.pld_delta_bounds("subsampled_laplace", (F(1), F(1, 5)), 4, F(1, 2), F(1, 1000))
    split = pld.pld_compose_bounds([("gaussian", (F(2), 1), 1), ("gaussian", (F(2), 1), 3)], F(1), F(1, 1000))
    whole = pld.pld_delta_bounds("gaussian", (F(2), 1), 4, F(1), F(1, 1000))
    assert abs(split.lower - whole.lower) < F(1, 10**18) and abs(split.upper - whole.upper) < F(1, 10**18)


def test_the_compose_routes_on_the_paths():
    events = [("gaussian", (F(2), 1), 2), ("laplace", (F(3), 1), 2)]
    ball = CERTIFIED.pld_compose_delta(events, F(1, 2), F(1, 1000))
    got = FLOAT.pld_compose_delta([("gaussian", (2.0, 1.0), 2), ("laplace", (3.0, 1.0), 2)], 0.5, 1e-3)
    assert float(ball.lower()) - 1e-12 <= got <= float(ball.upper()) + 1e-12
    e = CERTIFIED.pld_compose_epsilon(events, F(1, 100), F(1, 1000))
    assert float(e.lower()) - 1e-9 <= FLOAT.pld_compose_epsilon(
        [("gaussian", (2.0, 1.0), 2), ("laplace", (3.0, 1.0), 2)], 0.01, 1e-3) <= float(e.upper()) + 1e-9


@pytest.mark.parametrize("events, match", [([], "non-empty"), ([("gaussian", (F(1), 1))], "each event"),
                                           ([("gauss", (F(1), 1), 2)], "mechanism"),
                                           ([("gaussian", (F(1), 1), 0)], "k=0")])
def test_bad_events_are_named(events, match):
    with pytest.raises(InvalidInput, match=match):
        pld.pld_compose_bounds(events, F(1))
