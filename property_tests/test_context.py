"""The numeric contexts: one formula, three number models (floats; exact and balls; boxes)."""
from fractions import Fraction

import flint
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.numerics.context import UNKNOWN, Ball, is_unknown, box, certified, enclosure, formula, fp
from mechanisms.numerics.exact import INF, Exact, FloatOnCertifiedPath, Undecided
from proofcheck.measures import BOX, CERTIFIED, FLOAT


@formula
def _test_softplus_gap(ctx, x, y):
    """log(1 + e^x) − log(1 + e^y): a formula written once."""
    return ctx.log1p(ctx.exp(ctx.num(x))) - ctx.log1p(ctx.exp(ctx.num(y)))


def test_exact_numbers_mix_with_balls():
    a, b = Exact(5, 4), flint.arb(2).sqrt()
    assert (a / b).overlaps(flint.arb(5) / 4 / flint.arb(2).sqrt())
    assert (b / a).overlaps(flint.arb(2).sqrt() * 4 / 5)
    assert type(a + 1) is Exact and a + 1 == Fraction(9, 4)
    assert type(Fraction(1, 3) + a) is Exact  # a plain Fraction meeting Exact stays exact
    assert a + INF is INF and a < b and b > a
    with pytest.raises(FloatOnCertifiedPath):
        a + 0.5
    # the user's case from the issue: m.value(5/4) / m.num(δ) on the certified path
    assert (CERTIFIED.value(Fraction(5, 4)) / CERTIFIED.num(Fraction(1, 10))).contains(flint.arb(25) / 2)


def test_comparisons_are_three_valued():
    one, wide = certified.num(1), Ball.of(0, 2)
    assert certified.lt(1, 2) is True and certified.lt(one, 1) is False
    assert is_unknown(certified.lt(certified.num(Fraction(1, 3)), Fraction(1, 3)))  # a ball of 1/3 against 1/3
    assert is_unknown(box.lt(wide, 1)) and box.lt(wide, 3) is True
    with pytest.raises(Undecided):
        bool(UNKNOWN)
    with pytest.raises(Undecided):  # a box that straddles 1 takes no branch
        if wide < 1:
            pass
    with pytest.raises(FloatOnCertifiedPath):
        float(wide)
    assert certified.sign(certified.num(-3)) == -1 and certified.sign(0) == 0
    with pytest.raises(Undecided):
        box.sign(Ball.of(-1, 1))


def test_infinity_is_the_contexts():
    assert fp.is_inf(fp.inf) and certified.is_inf(certified.inf) and not certified.is_inf(10**400)
    assert certified.exp(certified.ninf) == 0 and certified.log(0) == certified.ninf
    assert certified.max(1, INF) is INF and certified.min(certified.num(2), INF).contains(2)


def test_one_formula_on_every_context():
    x, y = Fraction(3, 2), Fraction(-1, 4)
    f = fp._test_softplus_gap(float(x), float(y))
    c = certified._test_softplus_gap(x, y)
    assert c.contains(flint.arb(f)) or abs(float(c.mid()) - f) < 1e-14
    assert c.rad() < 1e-12
    assert CERTIFIED._test_softplus_gap(x, y).overlaps(c)
    with pytest.raises(FloatOnCertifiedPath):  # the certified path refuses machine numbers in a formula too
        CERTIFIED._test_softplus_gap(1.5, y)


@settings(max_examples=60, deadline=None)
@given(st.fractions(-5, 5), st.fractions(Fraction(1, 1000), 2), st.floats(0, 1))
def test_a_box_encloses_every_point_of_it(mid, width, t):
    lo, hi = mid - width, mid + width
    enc = enclosure(box._test_softplus_gap(Ball.of(lo, hi), Fraction(1, 2)))
    point = lo + Fraction(t) * (hi - lo)
    assert enc.contains(enclosure(certified._test_softplus_gap(point, Fraction(1, 2))))


def test_vectors_are_elementwise_on_every_context():
    p, q = [Fraction(1, 3), Fraction(2, 3)], [Fraction(1, 2), Fraction(1, 2)]
    kl = lambda ctx: ctx.sum(ctx.xlogy(ctx.vector(p), ctx.vector(p)) - ctx.xlogy(ctx.vector(p), ctx.vector(q)))
    c = kl(certified)
    assert abs(float(c.mid()) - kl(fp)) < 1e-15 and c.rad() < 1e-12
    assert enclosure(kl(box)).contains(c)
    # rows with ball entries (randomised response at a transcendental parameter)
    e = certified.exp(certified.num(1))
    row = certified.vector([e / (1 + e), 1 / (1 + e)])
    assert certified.sum(row).contains(1)


def test_the_box_path_refuses_routes_without_a_box_form():
    from proofcheck.measures import NoBoxForm

    with pytest.raises(NoBoxForm):  # a second method kept as a route (series / quadrature), not a formula
        BOX.subsampled_gaussian_rdp(Ball.of(2, 3), Fraction(1), Fraction(1, 10))
    assert BOX.gaussian_delta(Ball.of(1, 2), Fraction(1), Fraction(1)).arb.contains(  # a formula has a box form
        certified.gaussian_delta(Fraction(3, 2), 1))
    assert BOX.exp(Ball.of(0, 1)).arb.contains(flint.arb(1).exp())
    assert FLOAT.name == "float" and CERTIFIED.certified and BOX.certified


def test_distributions_and_channels_are_checked_on_every_context():
    import re

    from mechanisms.errors import InvalidInput

    half = Fraction(1, 2)
    assert list(fp.distribution([0.25, 0.75], "mu", "f")) == [0.25, 0.75]
    assert list(certified.distribution([half, half], "mu", "f")) == [half, half]
    e = certified.exp(certified.num(1))
    K = certified.channel([[e / (1 + e), 1 / (1 + e)], [Fraction(1, 3), Fraction(2, 3)]], "K", "f")
    assert K.shape == (2, 2) and K[1, 0] == Fraction(1, 3) and K[0, 0].overlaps(e / (1 + e))
    p = Ball.of(Fraction(1, 5), Fraction(3, 10))
    assert box.channel([[p, 1 - p]], "K", "f").shape == (1, 2)  # a row of Balls sums to a Ball around 1
    for ctx, row, text in ((fp, [0.5, 0.4], "sum(mu)=0.9"), (certified, [half, Fraction(2, 5)], "sum(mu)=9/10"),
                           (certified, [Fraction(-1, 2), Fraction(3, 2)], "mu[0]=-1/2"),
                           (box, [Ball.of(Fraction(1, 5), Fraction(3, 10)), Fraction(1, 2)], "sum(mu)")):
        with pytest.raises(InvalidInput, match=re.escape(text)):
            ctx.distribution(row, "mu", "f")
    with pytest.raises(InvalidInput, match=re.escape("sum(K[1])=0.9")):
        fp.channel([[1.0, 0.0], [0.5, 0.4]], "K", "f")
    with pytest.raises(InvalidInput, match="rows of equal length"):
        certified.channel([[1], [half, half]], "K", "f")
    with pytest.raises(FloatOnCertifiedPath):
        certified.distribution([0.5, half], "mu", "f")


def test_the_hull_of_values_encloses_each():
    a, b = Fraction(1, 3), certified.num(Fraction(1, 2))
    h = certified.hull(a, b)
    assert h.contains(flint.arb(1) / 3) and h.contains(b) and not h.contains(flint.arb(3) / 5)
    assert certified.hull(a, Fraction(1, 3)) == a and type(certified.hull(a, a)) is Fraction
    assert enclosure(box.hull(Ball.of(0, 1), 2)).contains(flint.arb(3) / 2)
    assert fp.hull(1.0, 2.0) == 1.5  # floats hold no enclosure: the midpoint


def test_log_bessel_i_on_every_context():
    """ctx.log_bessel_i: the float Debye/series route and arb's Bessel function against mpmath at 40 digits; on a
    box, the corners' values (I_ν(x) increases in x, decreases in ν) enclose every point inside."""
    import mpmath

    from mechanisms.numerics.exact import NEG_INF

    for nu, x in ((Fraction(0), Fraction(1, 3)), (Fraction(5, 2), Fraction(7)), (Fraction(6849), Fraction(75))):
        with mpmath.workdps(40):
            ref = mpmath.log(mpmath.besseli(mpmath.mpf(nu.numerator) / nu.denominator, mpmath.mpf(x.numerator) / x.denominator))
        with flint.ctx.workprec(128):
            c = certified.log_bessel_i(nu, x)
        assert c.overlaps(flint.arb(mpmath.nstr(ref, 40))) and c.rad() < 1e-30 * max(1, abs(c.mid()))
        assert abs(fp.log_bessel_i(float(nu), float(x)) - float(ref)) <= 1e-13 * max(1.0, abs(float(ref)))
    assert certified.log_bessel_i(0, 0) == 0 and certified.log_bessel_i(3, 0) is NEG_INF and fp.log_bessel_i(3.0, 0.0) == -fp.inf
    with pytest.raises(FloatOnCertifiedPath):
        certified.log_bessel_i(2, 0.5)
    over = enclosure(box.log_bessel_i(Ball.of(6848, 6850), Ball.of(74, 76)))  # arb alone gives no finite ball here
    for nu, x in ((6848, 74), (6849, 75), (6850, 76), (6850, 74)):
        assert over.contains(certified.log_bessel_i(nu, x))


def test_log_normalised_bessel_i_on_every_context():
    """ctx.log_normalised_bessel_i = log ₀F₁(; ν+1; s²/4): the float series / Bessel form and arb against mpmath's
    hyp0f1; exactly 0 at s = 0, log cosh at ν = −1/2, a box's corners enclose its inside."""
    import mpmath

    for nu, s in ((Fraction(-1, 2), Fraction(5, 2)), (Fraction(0), Fraction(3)), (Fraction(7, 3), Fraction(1, 5)),
                  (Fraction(6849), Fraction(75)), (Fraction(6849), Fraction(30000))):
        with mpmath.workdps(40):
            n, v = mpmath.mpf(nu.numerator) / nu.denominator, mpmath.mpf(s.numerator) / s.denominator
            ref = mpmath.log(mpmath.hyp0f1(n + 1, v * v / 4, maxterms=10**6))
        with flint.ctx.workprec(128):
            c = certified.log_normalised_bessel_i(nu, s)
        assert c.overlaps(flint.arb(mpmath.nstr(ref, 40))) and c.rad() < 1e-25 * max(1, abs(c.mid()))
        assert abs(fp.log_normalised_bessel_i(float(nu), float(s)) - float(ref)) <= 1e-13 * max(1.0, abs(float(ref)))
    assert certified.log_normalised_bessel_i(Fraction(3, 2), 0) == 0 and fp.log_normalised_bessel_i(1.5, 0.0) == 0.0
    assert list(fp.log_normalised_bessel_i(1.5, [0.0, 2.0])) == [0.0, fp.log_normalised_bessel_i(1.5, 2.0)]
    over = enclosure(box.log_normalised_bessel_i(6849, Ball.of(Fraction(14999, 100), Fraction(15001, 100))))
    for s in (Fraction(14999, 100), Fraction(150), Fraction(15001, 100)):
        assert over.contains(certified.log_normalised_bessel_i(6849, s))
    assert over.rad() < 1e-3  # the corners, not ν·log(2/s) and log I_ν(s) each over the box (wider by ~ν·width/s)


def test_elementwise_maximum_minimum_zeros_and_exact_zero_masks():
    """maximum / minimum broadcast as numpy's on every context (exact stays exact, a Ball stays a Ball);
    zeros are the context's (Exact on the certified context, so quotients stay exact); is_zero is
    elementwise on arrays and true only for an exact 0 (a ball is 0 only as the point 0)."""
    import numpy as np

    third = Fraction(1, 3)
    a, b = certified.vector([third, 1, 0]), certified.vector([Fraction(1, 2), Fraction(1, 4), 0])
    assert certified.maximum(a, b).tolist() == [Fraction(1, 2), 1, 0]
    assert certified.minimum(a, 0).tolist() == [0, 0, 0]
    assert np.array_equal(fp.maximum([1.0, -2.0], 0), [1.0, 0.0]) and fp.minimum(3.0, 2.0) == 2.0
    rows = certified.matrix([[third, Fraction(2, 3)], [Fraction(1, 2), Fraction(1, 2)]])
    assert certified.maximum(rows, certified.vector([Fraction(2, 5), Fraction(2, 5)])).tolist() == [
        [Fraction(2, 5), Fraction(2, 3)], [Fraction(1, 2), Fraction(1, 2)]]
    wide = box.maximum(box.vector([Ball.of(-1, 1), Fraction(1, 2)]), 0)
    assert isinstance(wide[0], Ball) and enclosure(wide[0]).contains(1) and enclosure(wide[0]).contains(0)
    z = certified.zeros((2, 3))
    assert z.shape == (2, 3) and all(type(x) is Exact and x == 0 for x in z.ravel())
    assert (z[0, 0] + 1) / 3 == third and fp.zeros(3).tolist() == [0.0, 0.0, 0.0]
    mask = certified.is_zero(certified.vector([0, third, flint.arb(0), certified.num(third) - Exact(1, 3)]))
    assert mask.tolist() == [True, False, True, False]
    assert box.is_zero(box.vector([Ball.of(0, 0), Ball.of(1, 2), 0])).tolist() == [True, False, True]
    with pytest.raises(Undecided):  # a box that reaches 0 is neither a box of zeros nor one without
        box.is_zero(box.vector([Ball.of(0, 0), Ball.of(0, 1), 0]))
    assert is_unknown(box.is_zero(Ball.of(0, 1))) and box.is_zero(Ball.of(1, 2)) is False
    assert fp.is_zero(np.array([0.0, 1e-300])).tolist() == [True, False]
    assert fp.undefined != fp.undefined and certified.undefined is None  # NaN; None


def test_real_reads_arrays_on_every_context():
    """ctx.real of an array checks each entry (the bad one named with its index) on every context; exact
    entries come back Exact (ints too, so that a quotient of two stays exact), balls as they are."""
    import numpy as np

    from mechanisms.errors import InvalidInput

    M = certified.real([[1, "1/2"], [Fraction(1, 3), flint.arb(2).sqrt()]], "M", "f", lo=0)
    assert M.shape == (2, 2) and type(M[0, 0]) is Exact and M[0, 1] == Fraction(1, 2)
    assert isinstance(M[1, 1], flint.arb) and (M[0, 0] / 3) == Fraction(1, 3)
    with pytest.raises(InvalidInput, match=r"M\[1,0\] must be >= 0, got M\[1,0\]=-1/3"):
        certified.real([[1, 2], [Fraction(-1, 3), 0]], "M", "f", lo=0)
    with pytest.raises(InvalidInput, match="rows of equal lengths"):
        certified.real([[1, 2], [3]], "M", "f")
    with pytest.raises(FloatOnCertifiedPath, match="float"):
        certified.real(np.array([0.5, 0.5]), "p", "f")
    with pytest.raises(InvalidInput, match=r"p must be >= 0, got p=-1.0 at index \(1,\)"):
        fp.real([1.0, -1.0], "p", "f", lo=0)
    B = box.real([Ball.of(Fraction(1, 4), Fraction(1, 3)), Fraction(1, 2)], "p", "f", lo=0)
    assert isinstance(B[0], Ball) and type(B[1]) is Exact
    with pytest.raises(Undecided):  # a box across the bound: the prover splits it
        box.real([Ball.of(-1, 1)], "p", "f", lo=0)


def test_erfcx_positive_part_and_special_functions_on_every_context():
    """ctx.erfcx (e^{x²} erfc x; decreasing, so a ball's ends enclose it), ctx.positive_part ([x]_+, elementwise),
    the certified log|Γ| by reflection for x < 0 with poles refused, and the certified log Φ accurate where Φ ≈ 1;
    against mpmath at 40 digits."""
    import mpmath
    import numpy as np

    from mechanisms.errors import InvalidInput

    def ball_of(v):
        return flint.arb(mpmath.nstr(v, 35))

    with mpmath.workdps(40):
        for x in (-4.0, -0.5, 0.0, 1.5, 30.0):
            want = mpmath.exp(mpmath.mpf(x) ** 2) * mpmath.erfc(x)
            assert abs(fp.erfcx(x) - float(want)) <= 1e-14 * float(want)
            assert certified.erfcx(Fraction(x)).overlaps(ball_of(want))
        lo, hi = Fraction(1, 2), Fraction(3, 4)
        enc = enclosure(box.erfcx(Ball.of(lo, hi)))
        assert enc.contains(certified.erfcx(lo)) and enc.contains(certified.erfcx(hi)) and enc.rad() < 0.1
        assert certified.erfcx(certified.inf) == 0 and certified.erfcx(certified.ninf) is INF
        np.testing.assert_array_equal(fp.positive_part(np.array([-1.0, 0.0, 2.5])), [0.0, 0.0, 2.5])
        assert fp.positive_part(-2.0) == 0.0
        assert certified.positive_part(Fraction(-1, 3)) == 0 and certified.positive_part(Fraction(1, 3)) == Fraction(1, 3)
        assert list(certified.positive_part(certified.vector([Fraction(-1), Fraction(2)]))) == [0, 2]
        pp = enclosure(box.positive_part(Ball.of(-1, 2)))
        assert pp.contains(0) and pp.contains(2) and pp.lower() > -1e-6
        for x in (Fraction(-5, 2), Fraction(-73, 10), Fraction(1, 3)):
            want = mpmath.log(abs(mpmath.gamma(mpmath.mpf(x.numerator) / x.denominator)))
            assert certified.lgamma(x).overlaps(ball_of(want)) and abs(fp.lgamma(float(x)) - float(want)) < 1e-13
        assert enclosure(box.lgamma(Ball.of(Fraction(-27, 10), Fraction(-23, 10)))).contains(certified.lgamma(Fraction(-5, 2)))
        for pole in (0, -3, certified.num(-2) + flint.arb("0 +/- 0.01")):
            with pytest.raises(InvalidInput, match="poles"):
                certified.lgamma(pole)
        with pytest.raises(InvalidInput, match="poles"):
            certified.gamma(-1)
        lp = certified.log_Phi(40)  # log Φ(40) ≈ −3.7e−350: a relative accuracy, not an absolute one
        assert lp.overlaps(ball_of(mpmath.log1p(-mpmath.ncdf(-40)))) and lp.rel_accuracy_bits() > 35  # log of ≈ 1: none
        assert enclosure(box.log_Phi(Ball.of(39, 41))).contains(lp)


def test_phi_inv_on_every_context():
    import mpmath

    for p in (Fraction(1, 10**30), Fraction(1, 40), Fraction(1, 2), Fraction(9, 10)):
        with mpmath.workdps(50):
            oracle = -mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * mpmath.mpf(p.numerator) / p.denominator)
        assert certified.Phi_inv(p).contains(flint.arb(mpmath.nstr(oracle, 40)))
        assert fp.Phi_inv(float(p)) == pytest.approx(float(oracle), rel=1e-13)
    assert certified.Phi_inv(0) == -INF and certified.Phi_inv(1) == INF
    assert enclosure(box.Phi_inv(Ball.of(Fraction(1, 40), Fraction(1, 20)))).contains(certified.Phi_inv(Fraction(1, 30)))
    with pytest.raises(Undecided):
        box.Phi_inv(Ball.of(0, Fraction(1, 20)))


def _bump(I, x, a, q):
    """e^{a cos x} sin^q x, an integrand written once over the integrand's operations."""
    return I.exp(a * I.cos(x)) * I.nonneg(I.sin(x)) ** q


def test_integral_on_every_context():
    import mpmath

    from mechanisms.errors import InvalidInput
    from mechanisms.numerics.context.box import NoBoxForm

    for a, q in ((Fraction(0), 0), (Fraction(3, 2), 1), (Fraction(40), 7)):
        with mpmath.workdps(40):
            oracle = mpmath.quad(lambda x: mpmath.exp(mpmath.mpf(a.numerator) / a.denominator * mpmath.cos(x))
                                 * mpmath.sin(x) ** q, [0, mpmath.pi / 2, mpmath.pi])
        f = lambda I, x, s: _bump(I, x, s, q)  # noqa: E731
        val = certified.integral(f, 0, certified.pi(), args=(a,))
        assert val.contains(flint.arb(mpmath.nstr(oracle, 35))) and val.rad() < 1e-12 * abs(val.mid())
        assert certified.integral(f, 0, certified.pi(), args=(a,), log=True).overlaps(val.log())
        assert fp.integral(f, 0, fp.pi(), args=(float(a),)) == pytest.approx(float(oracle), rel=1e-13)
        assert enclosure(box.integral(f, 0, box.pi(), args=(a,))).overlaps(val)
    # e^{−x²/2} on [0, ∞): the window up to 8 and the caller's certified tail bound ∫_8^∞ ≤ e^{−32}/8
    g = lambda I, x: I.exp(-x * x / 2)  # noqa: E731
    half_gauss = (flint.arb.pi() / 2).sqrt()
    tail = certified.integral(g, 0, INF, cut=8, tail=lambda: flint.arb(-32).exp() / 8)
    assert tail.contains(half_gauss) and tail.rad() < 1e-13
    assert fp.integral(g, 0, fp.inf, cut=8) == pytest.approx(float(half_gauss.mid()), rel=1e-13)
    with pytest.raises(InvalidInput):  # an infinite end without a certified tail bound
        certified.integral(g, 0, INF, cut=8)
    with pytest.raises(NoBoxForm):  # a parameter that is a box of positive width: no enclosure is claimed
        box.integral(lambda I, x, s: _bump(I, x, s, 1), 0, box.pi(), args=(Ball.of(1, 2),))


def test_integrand_operations_that_are_not_entire():
    import mpmath

    # log(x + 1/10) on [0, 2]: the branch point at −1/10 sits next to the path; acb.integral is told where the
    # log is not holomorphic (its analytic flag) and subdivides there. Oracle: (x + c) log(x + c) − x, c = 1/10.
    shifted_log = lambda I, x, c: I.log(x + c) + 3  # noqa: E731  (+3: a positive integrand)
    c = Fraction(1, 10)
    ca = flint.arb(1) / 10
    want = (2 + ca) * (2 + ca).log() - ca * ca.log() - 2 + 6
    assert certified.integral(shifted_log, 0, 2, args=(c,)).overlaps(want)
    assert certified.integral(shifted_log, 0, 2, args=(c,)).rad() < 1e-10
    assert fp.integral(shifted_log, 0, 2, args=(0.1,)) == pytest.approx(float(want.mid()), rel=1e-12)
    # max(cos x, 0) on [0, π] = 1: a kink at π/2, where acb.integral is told the function is not holomorphic
    kink = lambda I, x: I.positive_part(I.cos(x))  # noqa: E731
    assert certified.integral(kink, 0, certified.pi()).contains(1)
    assert certified.integral(kink, 0, certified.pi()).rad() < 1e-9
    # kl_div(log p, log q) of two normal densities over the whole line, both tails bounded by the caller: KL = ½
    # for N(0, 1) ‖ N(1, 1); and hyp0f1 (₀F₁(; 3/2; x²/4) = sinh x / x): ∫_0^1 sinh x / x dx = Shi(1)
    normal_kl = lambda I, x, k: I.kl_div(-x * x / 2 - k, -(x - 1) * (x - 1) / 2 - k)  # noqa: E731
    k = (2 * flint.arb.pi()).log() / 2
    tails = lambda k: 2 * flint.arb(-20 * 20 / 2 + 3 * 20).exp()  # noqa: E731  (a generous bound beyond |x| = 20)
    kl = certified.integral(normal_kl, -INF, INF, args=(k,), cut=(-20, 20), tail=tails)
    assert kl.contains(flint.arb(1) / 2) and kl.rad() < 1e-12
    assert fp.integral(normal_kl, -fp.inf, fp.inf, args=(float(k.mid()),), cut=(-20, 20)) == pytest.approx(0.5,
                                                                                                         rel=1e-12)
    shi = lambda I, x: I.hyp0f1(Fraction(3, 2), x * x / 4)  # noqa: E731
    with mpmath.workdps(30):
        oracle = mpmath.shi(1)
    assert certified.integral(shi, 0, 1).contains(flint.arb(mpmath.nstr(oracle, 28)))
    assert fp.integral(shi, 0, 1) == pytest.approx(float(oracle), rel=1e-13)
    # log_mixture(w, x) = log(1 − w + w e^x), its float form exact for a tiny w·x
    mix = lambda I, x, w: I.exp(I.log_mixture(w, x))  # noqa: E731
    assert certified.integral(mix, 0, 1, args=(Fraction(1, 3),)).overlaps(
        flint.arb(2) / 3 + (flint.arb(1).exp() - 1) / 3)
    from mechanisms.numerics.quadrature import FloatIntegrandOps
    assert float(FloatIntegrandOps.log_mixture(1e-10, 1e-8)) == pytest.approx(1e-18, rel=1e-12)
