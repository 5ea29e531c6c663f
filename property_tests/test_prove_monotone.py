"""Formulas declared monotone (``@formula(monotone=...)``), enclosed over a box by the prover's context from two corners.

The enclosure contains the formula at every point of the box (against an mpmath oracle), is narrower than one
evaluation on wide balls, and is used only where every wide argument is a declared one; Balls made from exact ends
keep them (so do the prover's Jets); the Dwork–Roth calibration is proved within the default budget.
"""
from __future__ import annotations

import itertools
import json
from fractions import Fraction as F
from pathlib import Path

import flint
import mpmath
import pytest

from mechanisms.numerics.context import Ball, box, enclosure, formula
from mechanisms.numerics.context.base import FORMULAS
from mechanisms.numerics.exact import to_arb
from proofcheck.numerics import precision
from proofcheck.prove.jets import JET_CONTEXT, Jet
from proofcheck.prove.tight import TIGHT_CONTEXT, TightContext, floor_of

ROOT = Path(__file__).resolve().parents[1]
CALLS: list = []  # the arguments each call of the recording formulas below received


def _jet(*xs) -> bool:
    from proofcheck.prove.jets import Jet

    return any(isinstance(x, Jet) for x in xs)


@formula(monotone={"x": 1, "y": -1})
def _test_monotone_recorded(ctx, x, y, scale=1):
    """x − y, scaled: non-decreasing in x, non-increasing in y (the difference of the two)."""
    if not _jet(x, y):  # the jets that prove the declaration on the box are not corners
        CALLS.append((x, y, scale))
    return (ctx.num(x) - ctx.num(y)) * scale


@formula(monotone={"x": 1})
def _test_monotone_in_x_only(ctx, x, y):
    """x·y² + x: non-decreasing in x (its x-derivative y² + 1 > 0); not monotone in y."""
    if not _jet(x, y):
        CALLS.append((x, y))
    return ctx.num(x) * (ctx.num(y) * ctx.num(y) + 1)


@formula(monotone={"x": 1})
def _test_monotone_refusing_points(ctx, x):
    """x, refusing an exact x (a corner whose evaluation fails): non-decreasing in x."""
    if not _jet(x):
        CALLS.append(x)
    if not isinstance(x, Ball):
        raise ValueError("exact x refused")
    return ctx.num(x)


def _mp(x):
    return mpmath.mpf(x.numerator) / x.denominator if isinstance(x, (F, int)) else mpmath.mpf(x)


def _oracle_gaussian_delta(sigma, eps, sensitivity=1):
    """δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ), μ = Δ/σ (Balle & Wang, Theorem 8), in mpmath at 60 digits."""
    with mpmath.workdps(60):
        mu, e = _mp(sensitivity) / _mp(sigma), _mp(eps)
        return mpmath.ncdf(mu / 2 - e / mu) - mpmath.exp(e) * mpmath.ncdf(-mu / 2 - e / mu)


def _contains(ball, value) -> bool:
    a = ball if isinstance(ball, flint.arb) else enclosure(ball)
    return bool(a.lower() <= flint.arb(mpmath.nstr(value, 40)).upper()) and bool(
        flint.arb(mpmath.nstr(value, 40)).lower() <= a.upper())


def test_gaussian_delta_from_two_corners_encloses_every_point_and_is_narrower():
    sig, eps = (F(1, 2), F(2)), (F(1, 4), F(3))
    with precision(128):
        hull = TIGHT_CONTEXT.gaussian_delta(Ball.of(*sig), Ball.of(*eps))
        plain = enclosure(box.gaussian_delta(Ball.of(*sig), Ball.of(*eps)))
    tight = enclosure(hull)
    grid = [(sig[0] + (sig[1] - sig[0]) * F(i, 6), eps[0] + (eps[1] - eps[0]) * F(j, 6)) for i in range(7) for j in range(7)]
    for s, e in grid:
        assert _contains(tight, _oracle_gaussian_delta(s, e)), (s, e)
    # its ends are the values at the corners (σ, ε) = (2, 3) (least) and (1/2, 1/4) (largest)
    low, high = _oracle_gaussian_delta(F(2), F(3)), _oracle_gaussian_delta(F(1, 2), F(1, 4))
    assert float(low) == pytest.approx(3.4009117356735288e-10, rel=1e-12)
    assert float(high) == pytest.approx(0.64191157548877031, rel=1e-12)
    # one arb ball holds [3.4e-10, 0.64] with its lower end below 0 (a 30-bit radius); the floor keeps the least value
    assert abs(float(floor_of(hull)) - float(low)) < 1e-30 and 0 <= float(tight.upper()) - float(high) < 2e-9
    assert float(tight.lower()) < 0 < float(floor_of(hull))
    assert float(tight.rad()) < 0.33 < 4 < float(plain.rad())  # the plain evaluation: [± 4.67]
    assert plain.contains(tight)


def test_the_declarations_of_the_gaussian_delta_agree_with_an_mpmath_oracle():
    """Each declared direction, between neighbouring points of a grid (ε < 0 included), by the oracle's values."""
    grids = {"gaussian_delta": {"sigma": [F(1, 4), F(1), F(3)], "eps": [F(-2), F(0), F(1, 2), F(4)],
                                "sensitivity": [F(1, 2), F(1), F(2)]}}
    oracles = {"gaussian_delta": _oracle_gaussian_delta}
    assert FORMULAS["gaussian_delta"].formula_monotone == {"eps": -1, "sigma": -1, "sensitivity": 1}
    assert not getattr(FORMULAS["gaussian_epsilon"], "formula_monotone", None)
    compared = 0
    for name, grid in grids.items():
        names = list(grid)
        points = [dict(zip(names, p)) for p in itertools.product(*grid.values())]
        values = {tuple(p.values()): oracles[name](**p) for p in points}
        for p in points:
            for arg, direction in FORMULAS[name].formula_monotone.items():
                larger = [v for v in grid[arg] if v > p[arg]]
                if larger:
                    q = dict(p, **{arg: larger[0]})
                    step = values[tuple(q.values())] - values[tuple(p.values())]
                    assert step * direction > 0, (name, p, arg)
                    compared += 1
    assert compared == 24 + 27 + 24  # every neighbouring pair of the grid


def test_corners_are_the_exact_ends_of_a_ball_made_from_them():
    CALLS.clear()
    x, y = Ball.of(F(1, 3), F(2, 3)), Ball.of(F(1, 7), F(1, 5))
    with precision(64):
        r = enclosure(TIGHT_CONTEXT._test_monotone_recorded(x, y, scale=3))
    assert [(a, b, s) for a, b, s in CALLS] == [(F(1, 3), F(1, 5), 3), (F(2, 3), F(1, 7), 3)]  # min, then max corner
    assert r.contains(to_arb(3 * (F(1, 3) - F(1, 5)))) and r.contains(to_arb(3 * (F(2, 3) - F(1, 7))))
    assert float(r.lower()) == pytest.approx(0.4) and float(r.upper()) == pytest.approx(11 / 7)


def test_a_ball_without_exact_ends_takes_its_arb_ends():
    CALLS.clear()
    x = Ball.of(1, 2) * 1  # arithmetic: no exact ends
    assert x.ends is None
    with precision(64):
        TIGHT_CONTEXT._test_monotone_recorded(x, 0)
    assert all(isinstance(a, Ball) and a.arb.is_exact() and b == 0 for a, b, _ in CALLS) and len(CALLS) == 2
    (low, _, _), (high, _, _) = CALLS  # the arb ball's ends, just outside [1, 2] (its 30-bit radius rounds up)
    assert low.arb == x.arb.lower() and high.arb == x.arb.upper()
    assert 1 - 2 ** -20 < float(low.arb) <= 1 and 2 <= float(high.arb) < 2 + 2 ** -20


def test_an_undeclared_wide_argument_falls_back_to_the_plain_evaluation():
    CALLS.clear()
    x, y = Ball.of(1, 2), Ball.of(-1, 1)
    with precision(64):
        r = enclosure(TIGHT_CONTEXT._test_monotone_in_x_only(x, y))
    assert len(CALLS) == 1 and CALLS[0][0] is x and CALLS[0][1] is y  # one call, on the balls themselves
    assert r.contains(flint.arb(4)) and r.contains(flint.arb(1)) and float(r.lower()) < 0  # y·y ∋ −1 on balls
    CALLS.clear()  # only the declared argument wide (y exact): the two corners
    with precision(64):
        r = enclosure(TIGHT_CONTEXT._test_monotone_in_x_only(x, F(1, 2)))
    assert [a for a, _ in CALLS] == [1, 2]
    assert float(r.lower()) == pytest.approx(1.25) and float(r.upper()) == pytest.approx(2.5)


def test_a_failing_corner_falls_back_and_a_formula_without_declaration_is_untouched():
    CALLS.clear()
    x = Ball.of(1, 2)
    with precision(64):
        r = TIGHT_CONTEXT._test_monotone_refusing_points(x)
    assert r.arb.lower() <= 1 and r.arb.upper() >= 2 and CALLS[0] == 1 and CALLS[-1] is x
    assert not getattr(TIGHT_CONTEXT.gaussian_rdp, "__wrapped__", None)  # gaussian_rdp declares nothing: bound as is
    assert TIGHT_CONTEXT.gaussian_rdp.__func__ is FORMULAS["gaussian_rdp"]


def test_jets_keep_the_ends_and_take_the_plain_evaluation_that_keeps_their_derivatives():
    ball = Ball.of(F(1, 2), F(3, 4))
    jet = Jet(ball, {0: flint.arb(1)})
    assert ball.ends == jet.ends == (F(1, 2), F(3, 4))
    assert (ball + 1).ends is None and (jet * 2).ends is None and Jet(ball.arb, {}).ends is None
    with precision(128):
        r = JET_CONTEXT.gaussian_delta(jet, F(1))
    assert isinstance(r, Jet) and r.d is not None and r.d[0].is_finite()  # the plain evaluation, derivatives kept
    for s in (F(1, 2), F(5, 8), F(3, 4)):  # value and ∂δ/∂σ at points of the box (mpmath's derivative of the oracle)
        slope = mpmath.diff(lambda t: _oracle_gaussian_delta(t, F(1)), _mp(s))
        assert _contains(r, _oracle_gaussian_delta(s, F(1))) and _contains(r.d[0], slope) and slope < 0


def test_a_bad_declaration_is_refused_at_registration():
    def f(ctx, x, y=1):
        return x

    for monotone, what in (({"z": 1}, "'z', which is not a named parameter"), ({"x": 2}, "+1 or -1, got 2"),
                           ({"x": True}, "got True"), ({"x": 1.0}, "got 1.0"), ({"ctx": 1}, "'ctx'")):
        with pytest.raises(TypeError, match=what.replace("+", r"\+").replace("(", r"\(")):
            formula(f, name="_test_bad_monotone", monotone=monotone)
        assert "_test_bad_monotone" not in FORMULAS
    assert issubclass(type(JET_CONTEXT), TightContext)


def test_dwork_roth_is_proved_within_the_default_budget_and_its_certificate_accepted():
    from proofcheck import registry
    from proofcheck.prove.certificate import certificate_of, check_certificate
    from proofcheck.prove import Budget, prove_claim

    claims = registry.load_claims_file(str(ROOT / "examples" / "textbook_claims.py"))
    proof = prove_claim(registry.find(claims, "textbook.gaussian-dwork-roth"), Budget())
    assert proof.status == "proved"
    evaluations = sum(p.outcome.evaluations for p in proof.parts if p.outcome)
    assert evaluations <= 2000 and proof.leaves() == proof.leaves("decided")  # 1293 evaluations, 647 boxes
    checked = check_certificate(json.loads(json.dumps(certificate_of(proof))), claims)
    assert checked.proves


def test_a_route_declared_monotone_is_enclosed_from_its_corners_over_integer_ranges():
    """ρ̂ = F⁻¹(1 − γ) of Beta(N₁ + 1, N₀ + 1) over N₀ ∈ {10, …, 40}, N₁ ∈ {0, …, 5}, γ ∈ [1/100, 1/10]: the hull
    of the corners (40, 0, 1/10) and (10, 5, 1/100) holds the route at interior integer points (mpmath's
    inverse of the regularised incomplete beta), and the ends are those corners' values."""
    from proofcheck.measures import BOX, MONOTONE_ROUTES, NoBoxForm
    from proofcheck.prove.tight import path

    assert MONOTONE_ROUTES["binary_estimate"] == {"n0": -1, "n1": 1, "gamma": -1}
    with precision(128):
        hull = path().binary_estimate(Ball.of(10, 40), Ball.of(0, 5), Ball.of(F(1, 100), F(1, 10)))
        with pytest.raises(NoBoxForm):  # the plain box path has no form for a route over boxes
            BOX.binary_estimate(Ball.of(10, 40), Ball.of(0, 5), Ball.of(F(1, 100), F(1, 10)))
    got = enclosure(hull)

    def rho(n0, n1, g):
        with mpmath.workdps(40):
            return mpmath.findroot(lambda z: mpmath.betainc(n1 + 1, n0 + 1, 0, z, regularized=True) - (1 - _mp(g)),
                                   (mpmath.mpf(0), mpmath.mpf(1)), solver="bisect")

    for n0, n1, g in [(10, 5, F(1, 100)), (40, 0, F(1, 10)), (25, 2, F(1, 20)), (11, 4, F(9, 100)), (39, 1, F(1, 50))]:
        assert _contains(got, rho(n0, n1, g)), (n0, n1, g)
    least, most = floor_of(hull) or flint.arb(got.lower()), got.upper()
    low, high = rho(40, 0, F(1, 10)), rho(10, 5, F(1, 100))  # the least and the largest value over the box
    assert float(least) <= float(low) and float(least) == pytest.approx(float(low), rel=1e-6)
    assert float(most) >= float(high) and float(most) == pytest.approx(float(high), rel=1e-6)
