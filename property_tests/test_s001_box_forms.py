"""Paper 001's formulas the prover evaluates over boxes: at every exact point inside a box of parameters, the
certified value (at 256 bits, a ball far narrower than the box's) lies in the box's enclosure.

The box enclosure and the point value come from one formula over two contexts (mechanisms.numerics.context box and
certified), so this checks the box context's soundness for these formulas (a branch taken for the whole box,
a monotone special function evaluated at the wrong corner, an infinity lost in a sum), not the formula's
correctness: test_posterior_engine checks the values against mpmath.
"""
from __future__ import annotations

from fractions import Fraction as F

import flint
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.bayesian import empirical_deviation, lipschitz  # noqa: F401  (register their formulas)
from mechanisms.numerics.context import Ball, box, certified, enclosure

CASES = settings(max_examples=40, deadline=None, derandomize=True)


@st.composite
def box_and_point(draw, lo: F, hi: F, *, min_width: F = F(1, 10**6), max_rel_width: F | None = None):
    """(a Ball over [a, b], an exact point of [a, b]) with lo ≤ a < b ≤ hi (and b ≤ a(1 + max_rel_width))."""
    grid = 10**6
    i = draw(st.integers(0, grid - 1))
    j = draw(st.integers(i + 1, grid))
    a, b = lo + (hi - lo) * F(i, grid), lo + (hi - lo) * F(j, grid)
    b = max(b, a + min_width)
    if max_rel_width is not None:
        b = min(b, a * (1 + max_rel_width))
    t = F(draw(st.integers(0, 1000)), 1000)
    return Ball.of(a, b), a + (b - a) * t


def _inside(box_value, point_value):
    """The certified value at the point lies in the box's enclosure (exact infinities must agree)."""
    if certified.is_inf(point_value) or box.is_inf(box_value):
        assert box_value == point_value
        return
    outer, inner = enclosure(box_value), _at(256, lambda: enclosure(point_value))  # an exact value: 256 bits
    assert inner.is_exact() or float(inner.rad()) < 1e-60  # the point's value: a ball of 256 bits
    assert outer.overlaps(inner), (outer, inner)


def _at(bits, f):
    with flint.ctx.workprec(bits):
        return f()


@CASES
@given(box_and_point(F(1, 100), F(99, 100)), st.lists(st.fractions(F(1, 100), F(1)), min_size=2, max_size=4))
def test_table_lipschitz_box_encloses_points(bp, rest):
    ball, x = bp
    metric = lipschitz.hamming_matrix(len(rest) + 1)
    enc = box.table_lipschitz([ball] + rest, metric)
    _inside(enc, _at(256, lambda: certified.table_lipschitz([x] + rest, metric)))


@CASES
@given(box_and_point(F(1, 100), F(20)), st.sampled_from(["bernoulli", "binomial", "exponential", "laplace",
                                                          "normal-precision", "normal-variance"]),
       st.fractions(F(1, 4), F(6)), st.fractions(F(1, 4), F(6)), st.fractions(F(-3), F(3)))
def test_prior_mass_lipschitz_set_box_encloses_points(bp, family, a, b, mu):
    ball, L = bp
    known = 3 if family == "binomial" else mu
    prior = (a,) if family == "normal-variance" else (a, b)
    log3 = 1.0986122886681098
    if family == "binomial" and float(ball.arb.lower()) < log3 + 1e-9 and float(ball.arb.upper()) > log3 - 1e-9:
        return  # a box across L = log m is undecided by design (the prover splits it); its halves are drawn too
    enc = box.prior_mass_lipschitz_set(family, prior, ball, known)
    _inside(enc, _at(256, lambda: certified.prior_mass_lipschitz_set(family, prior, L, known)))


@CASES
@given(box_and_point(F(1, 100), F(10), max_rel_width=F(1, 10)), box_and_point(F(1, 10), F(5), max_rel_width=F(1, 10)))
def test_shell_bound_box_encloses_points(alpha_bp, c_bp):
    (alpha_box, alpha), (c_box, c) = alpha_bp, c_bp
    _inside(box.shell_bound(alpha_box, c_box, 1), _at(256, lambda: certified.shell_bound(alpha, c, 1)))


@CASES
@given(box_and_point(F(1, 10), F(9, 10)), st.integers(1, 6), box_and_point(F(0), F(2)))
def test_l1_deviation_tail_box_encloses_points(p_bp, n, eps_bp):
    (p_box, p), (e_box, e2) = p_bp, eps_bp
    enc = box.l1_deviation_tail([p_box, 1 - p_box], n, e_box)
    _inside(enc, _at(256, lambda: certified.l1_deviation_tail([p, 1 - p], n, e2)))


@CASES
@given(st.sampled_from(["beta-bernoulli", "beta-binomial", "gamma-exponential", "gamma-poisson", "normal-normal",
                        "gamma-normal-precision", "exp-normal-variance", "gamma-laplace"]),
       box_and_point(F(1, 100), F(99, 100)), st.lists(st.integers(0, 3), min_size=1, max_size=4),
       st.fractions(F(1, 2), F(3)))
def test_family_log_likelihood_box_encloses_points(family, bp, records, const):
    ball, theta = bp
    prior = {"beta-bernoulli": (1, 1), "beta-binomial": (1, 1, 3), "gamma-exponential": (1, 1),
             "gamma-poisson": (1, 1), "normal-normal": (0, 1, const), "gamma-normal-precision": (1, 1, const),
             "exp-normal-variance": (1, const), "gamma-laplace": (1, 1, const)}[family]
    data = [min(r, 1) for r in records] if family == "beta-bernoulli" else records
    enc = box.family_log_likelihood(family, prior, ball, data)
    _inside(enc, _at(256, lambda: certified.family_log_likelihood(family, prior, theta, data)))


@CASES
@given(box_and_point(F(1, 1000), F(50)), st.fractions(F(1, 1000), F(50)))
def test_absolute_log_ratio_box_encloses_points(bp, b):
    ball, a = bp
    _inside(box.absolute_log_ratio(ball, b), _at(256, lambda: certified.absolute_log_ratio(a, b)))


def test_box_forms_refuse_to_branch_across_a_box():
    # the beta prior's Θ_L is empty below L = log m: a box across log 3 is undecided, not silently 0
    import pytest

    from mechanisms.numerics.exact import Undecided

    with pytest.raises(Undecided):
        box.prior_mass_lipschitz_set("binomial", (1, 1), Ball.of(1, 2), 3)
    assert box.prior_mass_lipschitz_set("binomial", (1, 1), Ball.of(F(1, 2), 1), 3) == 0


# ----------------------------------------------------------------------------- the regularised incomplete functions
@CASES
@given(box_and_point(F(1, 10), F(30)), box_and_point(F(0), F(40)))
def test_regularized_gamma_box_encloses_points(s_bp, z_bp):
    (s_box, s), (z_box, z) = s_bp, z_bp
    _inside(box.regularized_gamma_lower(s_box, z_box), _at(256, lambda: certified.regularized_gamma_lower(s, z)))
    _inside(box.regularized_gamma_upper(s_box, z_box), _at(256, lambda: certified.regularized_gamma_upper(s, z)))


@CASES
@given(box_and_point(F(1, 10), F(20)), box_and_point(F(1, 10), F(20)), box_and_point(F(0), F(1)))
def test_regularized_beta_box_encloses_points(a_bp, b_bp, z_bp):
    (a_box, a), (b_box, b), (z_box, z) = a_bp, b_bp, z_bp
    _inside(box.regularized_beta(a_box, b_box, z_box), _at(256, lambda: certified.regularized_beta(a, b, z)))


# ----------------------------------------------------------------------------- divergences between posteriors
@CASES
@given(st.sampled_from(["beta", "gamma", "normal"]), box_and_point(F(1, 2), F(20), max_rel_width=F(1, 10)),
       st.lists(st.fractions(F(1, 2), F(20)), min_size=3, max_size=3), st.sampled_from([F(1, 2), F(2), F(3)]))
def test_posterior_kl_and_renyi_box_encloses_points(kind, bp, rest, alpha):
    ball, x = bp
    P_box, P = (kind, (ball, rest[0])), (kind, (x, rest[0]))
    Q = (kind, (rest[1], rest[2]))
    _inside(box.posterior_kl(P_box, Q), _at(256, lambda: certified.posterior_kl(P, Q)))
    from mechanisms.numerics.exact import Undecided

    try:
        enc = box.posterior_renyi(P_box, Q, alpha)
    except Undecided:  # a box across the edge of finiteness is undecided by design (not an Exception)
        return
    _inside(enc, _at(256, lambda: certified.posterior_renyi(P, Q, alpha)))


@CASES
@given(st.sampled_from(["beta-bernoulli", "gamma-poisson", "normal-normal", "gamma-laplace"]),
       box_and_point(F(1, 2), F(10), max_rel_width=F(1, 10)), st.lists(st.integers(0, 1), min_size=1, max_size=4))
def test_conjugate_log_marginal_box_encloses_points(family, bp, records):
    ball, a = bp
    prior_box, prior = {"beta-bernoulli": ((ball, 2), (a, 2)), "gamma-poisson": ((ball, 1), (a, 1)),
                        "normal-normal": ((0, ball, 1), (0, a, 1)), "gamma-laplace": ((ball, 1, 0), (a, 1, 0))}[family]
    enc = box.conjugate_log_marginal(family, prior_box, records)
    _inside(enc, _at(256, lambda: certified.conjugate_log_marginal(family, prior, records)))


@CASES
@given(box_and_point(F(1, 100), F(99, 100), max_rel_width=F(1, 10)), st.lists(st.integers(0, 1), min_size=1, max_size=5))
def test_finite_support_posterior_and_divergences_box_encloses_points(bp, records):
    ball, t = bp
    rows_box, rows = [[ball, 1 - ball], [F(1, 2), F(1, 2)]], [[t, 1 - t], [F(1, 2), F(1, 2)]]
    prior = [F(1, 3), F(2, 3)]
    lp_box = box.finite_support_log_posterior("table", rows_box, prior, records)
    lp = _at(256, lambda: certified.finite_support_log_posterior("table", rows, prior, records))
    for u, v in zip(lp_box, lp):
        _inside(u, v)
    lq_box = box.finite_support_log_posterior("table", rows_box, prior, [1 - r for r in records])
    lq = _at(256, lambda: certified.finite_support_log_posterior("table", rows, prior, [1 - r for r in records]))
    for name in ("finite_kl_log", "finite_tv_log", "finite_max_divergence_log"):
        _inside(getattr(box, name)(lp_box, lq_box), _at(256, lambda: getattr(certified, name)(lp, lq)))
    _inside(box.finite_hockey_stick_log(lp_box, lq_box, F(1, 2)),
            _at(256, lambda: certified.finite_hockey_stick_log(lp, lq, F(1, 2))))
