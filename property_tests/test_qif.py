"""The QIF measures of mechanisms.finite (capacity, metric_privacy, leakage's guessing entropy and risks) and the
planar Laplace mechanism, against independent routes: libqif's Python bindings (qif) where it has the measure,
exact enumeration with Fractions (sorted guesses, every decision rule, every vertex of the prior polytope),
mpmath at 40 digits (binary-input capacities by ternary search, Lambert W₋₁, quadrature of the density), and
the closed forms of the binary symmetric and erasure channels."""
import itertools
import math
from fractions import Fraction as F

import flint
import mpmath
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mechanisms.continuous import planar_laplace  # noqa: F401  (registers the formulas)
from mechanisms.errors import InvalidInput
from mechanisms.finite import capacity, leakage, metric_privacy  # noqa: F401
from mechanisms.numerics.context import Ball, box, certified, enclosure, fp
from mechanisms.numerics.exact import FloatOnCertifiedPath

qif = pytest.importorskip("qif")
mp = mpmath.mp


@st.composite
def distributions(draw, n, lo=0):
    w = draw(st.lists(st.integers(lo, 6), min_size=n, max_size=n).filter(lambda v: sum(v) > 0))
    return [F(x, sum(w)) for x in w]


@st.composite
def channel_prior(draw, max_n=4, max_m=4, positive_prior=False):
    n, m = draw(st.integers(1, max_n)), draw(st.integers(1, max_m))
    return [draw(distributions(m)) for _ in range(n)], draw(distributions(n, 1 if positive_prior else 0))


def flt(x):
    return np.array(x, dtype=float)


def holds(value, oracle, rad=1e-12):
    """The certified value (exact or ball) contains the oracle (a Fraction or a 40-digit mpf), and is narrow."""
    if isinstance(value, (int, F)):
        return value == oracle if isinstance(oracle, F) else abs(_mpf(F(value)) - oracle) < mpmath.mpf(10) ** -30
    ball = enclosure(value)
    ref = flint.arb(mpmath.nstr(mpmath.mpf(oracle.numerator) / oracle.denominator if isinstance(oracle, F) else oracle, 40),
                    1e-35)
    return (ball - ref).contains(0) and float(ball.rad()) < rad


# ----------------------------------------------------------------------------- guessing entropy
def guesses_by_sorting(v):
    return sum((i + 1) * x for i, x in enumerate(sorted(v, reverse=True)))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(channel_prior())
def test_guessing_entropy_against_sorting_and_libqif(cp):
    C, pi = cp
    assert certified.guessing_entropy(pi) == guesses_by_sorting(pi)
    joint_columns = [[pi[x] * C[x][y] for x in range(len(C))] for y in range(len(C[0]))]
    assert certified.posterior_guessing_entropy(C, pi) == sum(guesses_by_sorting(col) for col in joint_columns)
    assert fp.guessing_entropy(flt(pi)) == pytest.approx(qif.measure.guessing.prior(flt(pi)), rel=1e-12)
    assert fp.posterior_guessing_entropy(flt(C), flt(pi)) == pytest.approx(
        qif.measure.guessing.posterior(flt(pi), flt(C)), rel=1e-12)


def test_guessing_entropy_of_the_worked_example_and_over_a_box():
    pi = [F(1, 5), F(3, 10), F(1, 2)]
    assert certified.guessing_entropy(pi) == F(17, 10)  # 1·1/2 + 2·3/10 + 3·1/5
    assert certified.guessing_entropy([1]) == 1
    # a prior whose first two entries are a box: the Ball holds the value at every inner point
    lo, hi = F(1, 5), F(3, 10)
    ball = box.guessing_entropy([Ball.of(lo, hi), Ball.of(F(1, 2) - hi + F(1, 5), F(1, 2) - lo + F(1, 5)), F(3, 10)])
    for t in (lo, F(1, 4), hi):
        v = certified.guessing_entropy([t, F(7, 10) - t, F(3, 10)])
        assert enclosure(ball).contains(flint.arb(v.numerator) / v.denominator)


# ----------------------------------------------------------------------------- Bayes risk, loss risk
@settings(max_examples=60, deadline=None, derandomize=True)
@given(channel_prior(), st.data())
def test_risks_against_every_decision_rule_and_libqif(cp, data):
    C, pi = cp
    n, m = len(C), len(C[0])
    L = [[F(data.draw(st.integers(0, 4)), data.draw(st.integers(1, 3))) for _ in range(n)] for _ in range(data.draw(st.integers(1, 3)))]
    k = len(L)
    # exact: the best decision rule y -> w, enumerated
    best = min(sum(pi[x] * C[x][y] * L[rule[y]][x] for x in range(n) for y in range(m))
               for rule in itertools.product(range(k), repeat=m))
    assert certified.posterior_loss_risk(C, pi, L) == best
    assert certified.loss_risk(pi, L) == min(sum(pi[x] * L[w][x] for x in range(n)) for w in range(k))
    assert certified.bayes_risk(pi) == 1 - max(pi)
    assert certified.posterior_bayes_risk(C, pi) == 1 - sum(max(pi[x] * C[x][y] for x in range(n)) for y in range(m))
    assert fp.posterior_loss_risk(flt(C), flt(pi), flt(L)) == pytest.approx(
        qif.measure.l_risk.posterior(flt(L), flt(pi), flt(C)), abs=1e-12)
    assert fp.posterior_bayes_risk(flt(C), flt(pi)) == pytest.approx(
        qif.measure.bayes_risk.posterior(flt(pi), flt(C)), abs=1e-12)


def test_loss_risk_bad_input_names_the_loss_matrix():
    with pytest.raises(InvalidInput, match="L has 2 columns"):
        certified.loss_risk([F(1, 3)] * 3, [[0, 1]])
    with pytest.raises(FloatOnCertifiedPath):
        certified.bayes_risk([0.5, 0.5])


# ----------------------------------------------------------------------------- Shannon capacity
def _mpf(x):
    return mpmath.mpf(x.numerator) / x.denominator


def binary_input_capacity(K):
    """max over p of I((p, 1 − p); K) in bits by ternary search at 40 digits (I is concave in the prior)."""
    rows = [[_mpf(v) for v in r] for r in K]

    def info(p):
        prior = [p, 1 - p]
        q = [sum(prior[x] * rows[x][y] for x in range(2)) for y in range(len(rows[0]))]
        return sum(prior[x] * rows[x][y] * mpmath.log(rows[x][y] / q[y], 2)
                   for x in range(2) for y in range(len(q)) if rows[x][y] > 0 and prior[x] > 0)

    a, b = mpmath.mpf(0), mpmath.mpf(1)
    for _ in range(140):  # the argmax to (2/3)^140 ≈ 1e−25, the value (quadratic there) far below
        c, d = a + (b - a) / 3, b - (b - a) / 3
        if info(c) < info(d):
            a = c
        else:
            b = d
    return info((a + b) / 2)


@pytest.mark.parametrize("p", [F(1, 10), F(1, 3), F(1, 2), F(0), F(9, 10)])
def test_binary_symmetric_channel_capacity_is_one_minus_h(p):
    with mpmath.workdps(40):
        h = 0 if p in (0, 1) else -(_mpf(p) * mpmath.log(_mpf(p), 2) + _mpf(1 - p) * mpmath.log(_mpf(1 - p), 2))
        assert holds(certified.shannon_capacity([[1 - p, p], [p, 1 - p]]), 1 - h)
    assert fp.shannon_capacity(flt([[1 - p, p], [p, 1 - p]])) == pytest.approx(float(1 - h), abs=1e-13)


@pytest.mark.parametrize("e", [F(0), F(1, 4), F(2, 3), F(1)])
def test_binary_erasure_channel_capacity_is_one_minus_e(e):
    K = [[1 - e, e, 0], [0, e, 1 - e]]
    lower, upper = certified.shannon_capacity_bounds(K)
    one_minus_e = flint.arb(1 - e.numerator / e.denominator) if e.denominator <= 4 else None
    assert enclosure(lower).lower() <= one_minus_e <= enclosure(upper).upper()
    assert holds(certified.shannon_capacity(K), 1 - e)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(2, 4).flatmap(lambda m: st.lists(distributions(m, 1), min_size=2, max_size=2)))
def test_binary_input_capacity_against_ternary_search_at_40_digits(K):
    with mpmath.workdps(40):
        oracle = binary_input_capacity(K)
        lower, upper = certified.shannon_capacity_bounds(K)
        assert float(enclosure(upper - lower).upper()) < 1e-11  # the gap the iteration leaves
        assert holds(certified.shannon_capacity(K), oracle, rad=1e-11)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(2, 5).flatmap(lambda n: st.integers(2, 5).flatmap(
    lambda m: st.lists(distributions(m, 1), min_size=n, max_size=n))))
def test_capacity_against_libqif_blahut_arimoto(K):
    ours = certified.shannon_capacity(K)
    theirs, _ = qif.measure.shannon.add_capacity(flt(K), 1e-12)  # bits
    assert float(enclosure(ours).rad()) < 1e-10
    assert float(enclosure(ours).mid()) == pytest.approx(theirs, abs=1e-9)
    # data processing: the capacity never exceeds log2 of the number of inputs or of outputs, nor mutual info at
    # the uniform prior exceeds it
    assert enclosure(ours).upper() <= math.log2(min(len(K), len(K[0]))) + 1e-12
    assert enclosure(certified.mutual_information(K, [F(1, len(K))] * len(K))).lower() <= enclosure(ours).upper()


# ----------------------------------------------------------------------------- multiplicative g-capacity
def g_capacity_by_vertices(C, G):
    """max of V_g[π▷C] over the vertices of {π ≥ 0 : Gπ ≤ 1}, exactly (Gaussian elimination on Fractions)."""
    n = len(C)
    rows = [list(g) for g in G] + [[F(int(i == j)) for j in range(n)] for i in range(n)]
    rhs = [F(1)] * len(G) + [F(0)] * n
    best = F(0)
    for tight in itertools.combinations(range(len(rows)), n):
        pi = solve([rows[i] for i in tight], [rhs[i] for i in tight])
        if pi is None or any(v < 0 for v in pi) or any(sum(g[x] * pi[x] for x in range(n)) > 1 for g in G):
            continue
        post = sum(max(sum(pi[x] * C[x][y] * g[x] for x in range(n)) for g in G) for y in range(len(C[0])))
        best = max(best, post)
    return best


def solve(A, b):
    n = len(A)
    M = [row[:] + [v] for row, v in zip(A, b)]
    for col in range(n):
        piv = next((r for r in range(col, n) if M[r][col] != 0), None)
        if piv is None:
            return None
        M[col], M[piv] = M[piv], M[col]
        for r in range(n):
            if r != col and M[r][col] != 0:
                f = M[r][col] / M[col][col]
                M[r] = [a - f * c for a, c in zip(M[r], M[col])]
    return [M[i][n] / M[i][i] for i in range(n)]


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(1, 3).flatmap(lambda n: st.tuples(
    st.integers(1, 3).flatmap(lambda m: st.lists(distributions(m), min_size=n, max_size=n)),
    st.lists(st.lists(st.integers(0, 3), min_size=n, max_size=n), min_size=1, max_size=3)
    .filter(lambda G: all(any(g[x] for g in G) for x in range(n))))))
def test_g_capacity_against_the_vertices_of_the_prior_polytope(cg):
    C, G = cg
    G = [[F(v) for v in g] for g in G]
    oracle = g_capacity_by_vertices(C, G)
    ours = certified.multiplicative_g_capacity(C, G)
    assert holds(ours, oracle, rad=1e-9)
    assert fp.multiplicative_g_capacity(flt(C), flt(G)) == pytest.approx(float(oracle), rel=1e-9)


@pytest.mark.parametrize("seed", range(4))
def test_g_capacity_by_vertices_meets_the_linear_programs_and_their_dual_bound(seed, monkeypatch):
    """The library's vertex route (exact on the certified path, one batched solve on floats) against its second
    route, a linear program per decision rule with a certified dual bound (forced by allowing no vertex systems)."""
    rng = np.random.default_rng(seed)
    n, w, m = 3 + seed % 2, 2 + seed % 3, 4
    C = [[F(int(v), 64) for v in row] for row in rng.multinomial(64, np.ones(m) / m, size=n)]
    G = [[F(int(v)) for v in row] for row in rng.integers(0, 4, size=(w, n))]
    G[0] = [g if any(h[x] for h in G) else F(1) for x, g in enumerate(G[0])]
    by_vertices, float_by_vertices = certified.multiplicative_g_capacity(C, G), fp.multiplicative_g_capacity(flt(C), flt(G))
    assert isinstance(by_vertices, F) and by_vertices == g_capacity_by_vertices(C, G)
    monkeypatch.setattr(capacity, "MAX_VERTEX_SYSTEMS", 0)
    monkeypatch.setattr(capacity, "MAX_EXACT_VERTEX_SYSTEMS", 0)
    by_programs = enclosure(certified.multiplicative_g_capacity(C, G))
    assert by_programs.lower() - 1e-12 <= by_vertices <= by_programs.upper() + 1e-12
    assert float_by_vertices == pytest.approx(fp.multiplicative_g_capacity(flt(C), flt(G)), rel=1e-12)
    assert float_by_vertices == pytest.approx(float(by_vertices), rel=1e-12)


def test_g_capacity_of_the_identity_gain_is_bayes_capacity_and_needs_a_gain_for_every_secret():
    C = [[F(1, 2), F(1, 2), 0], [F(1, 4), F(1, 4), F(1, 2)], [0, F(1, 10), F(9, 10)]]
    assert certified.multiplicative_g_capacity(C, np.eye(3, dtype=int).tolist()) == F(19, 10) == certified.bayes_capacity(C)
    with pytest.raises(InvalidInput, match="secret 2 has gain 0"):
        certified.multiplicative_g_capacity(C, [[1, 1, 0]])
    with pytest.raises(InvalidInput, match="G"):
        certified.multiplicative_g_capacity(C, [[1, -1, 1]])


# ----------------------------------------------------------------------------- metric privacy, geometric
def level_by_hand(K, D):
    best = mpmath.mpf(0)
    for x, x2 in itertools.permutations(range(len(K)), 2):
        for y in range(len(K[0])):
            if K[x][y] == 0:
                continue
            if K[x2][y] == 0:
                return mpmath.inf
            if K[x][y] > K[x2][y]:
                if D[x][x2] == 0:
                    return mpmath.inf
                best = max(best, mpmath.log(_mpf(K[x][y] / K[x2][y])) / _mpf(F(D[x][x2])))
    return best


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.integers(1, 4).flatmap(lambda m: st.lists(distributions(m), min_size=n, max_size=n)),
    st.lists(st.integers(-3, 3), min_size=n, max_size=n))))
def test_metric_privacy_level_against_enumeration_and_libqif(kp):
    K, points = kp
    D = [[abs(a - b) for b in points] for a in points]
    with mpmath.workdps(40):
        oracle = level_by_hand(K, D)
    ours = certified.metric_privacy_level(K, D)
    if oracle == mpmath.inf:
        assert certified.is_inf(ours)
    elif oracle == 0:
        assert ours == 0
    else:
        assert holds(ours, oracle)
        assert fp.metric_privacy_level(flt(K), flt(D)) == pytest.approx(float(oracle), rel=1e-12)
        if len(set(points)) == len(points):  # libqif divides by d(x, x') for every pair (NaN at distance 0)
            theirs = qif.measure.d_privacy.smallest_epsilon(flt(K), lambda a, b: D[a][b])
            assert fp.metric_privacy_level(flt(K), flt(D)) == pytest.approx(theirs, rel=1e-9)


@pytest.mark.parametrize("n, eps", [(2, F(1, 2)), (4, F(1)), (6, F(3, 2))])
def test_truncated_geometric_channel_against_libqif_and_its_level_is_eps(n, eps):
    K = certified.truncated_geometric_channel(n, eps)
    ref = qif.mechanism.d_privacy.geometric(n, float(eps))
    for x in range(n):
        assert enclosure(sum(K[x], flint.arb(0))).contains(1)
        for y in range(n):
            assert float(enclosure(K[x, y]).mid()) == pytest.approx(ref[x, y], rel=1e-14)
    D = [[abs(a - b) for b in range(n)] for a in range(n)]
    assert holds(certified.metric_privacy_level(K, D), _mpf(eps))
    assert certified.truncated_geometric_channel(3, 0).tolist() == [[F(1, 2), 0, F(1, 2)]] * 3


def test_geometric_pmf_sums_to_one_and_has_ratio_e_to_the_eps():
    eps = F(7, 10)
    with mpmath.workdps(40):
        a = mpmath.exp(-_mpf(eps))
    total = sum((certified.geometric_pmf(eps, z) for z in range(-80, 81)), flint.arb(0))
    # the tail beyond |z| = 80 is 2α^81/(1 + α) < 1e−24: the ball holds 1 up to it, and is narrow
    assert (total - 1).overlaps(flint.arb(0, 1e-24)) and float(total.rad()) < 1e-13
    with mpmath.workdps(40):
        for z in (-3, 0, 2):
            assert holds(certified.geometric_pmf(eps, z), (1 - a) / (1 + a) * a ** abs(z))
    r = certified.geometric_pmf(eps, 2) / certified.geometric_pmf(eps, 3)
    assert holds(r, mpmath.exp(_mpf(eps)))
    with pytest.raises(InvalidInput, match="eps"):
        certified.geometric_pmf(0, 1)


# ----------------------------------------------------------------------------- planar Laplace
@pytest.mark.parametrize("eps", [F(1, 10), F(1), F(7, 2)])
def test_planar_laplace_radial_cdf_and_radius_against_quadrature_and_lambert_w(eps):
    e = _mpf(eps)
    with mpmath.workdps(40):
        for r in (F(1, 100), F(1), F(13, 2)):
            # the density in polar coordinates: ∫_0^r ε²/(2π) e^{−εs} 2πs ds
            oracle = mpmath.quad(lambda s: e ** 2 * mpmath.exp(-e * s) * s, [0, _mpf(r)])
            assert holds(certified.planar_laplace_radial_cdf(eps, r), oracle)
        for p in (F(1, 10**12), F(1, 2), F(9, 10), F(999, 1000)):
            oracle = -(mpmath.lambertw((_mpf(p) - 1) / mpmath.e, -1).real + 1) / e
            assert holds(certified.planar_laplace_radius(eps, p), oracle, rad=1e-9 * max(1, float(oracle)))
            assert fp.planar_laplace_radius(float(eps), float(p)) == pytest.approx(float(oracle), rel=1e-9)
    assert certified.planar_laplace_radius(eps, 0) == 0


@pytest.mark.parametrize("p", [F(1, 10**300), F(5398397730426569, 10**310), F(1, 10**20), F(1, 5), F(3, 10)])
def test_planar_laplace_radius_near_zero_where_the_cdf_cancels_to_t_squared_over_two(p):
    """C_ε(r) = 1 − (1 + t)e^{−t}, t = εr, is t²/2 − t³/3 + …: at p = 10⁻³⁰⁰ its two terms agree to 150 digits. The
    radius is bracketed anyway, and C_ε of it encloses p (mpmath at 1200 digits as the oracle)."""
    eps = F(3)
    r = certified.planar_laplace_radius(eps, p)
    with mpmath.workdps(1200):
        t = mpmath.mpf(enclosure(r).mid().str(60, radius=False)) * 3
        assert abs(1 - (1 + t) * mpmath.exp(-t) - mpmath.mpf(p.numerator) / p.denominator) <= 1e-8 * float(p)
    assert holds(certified.planar_laplace_radial_cdf(eps, r), p, rad=1e-9 * float(p))
    assert fp.planar_laplace_radial_cdf(3.0, fp.planar_laplace_radius(3.0, float(p))) == pytest.approx(float(p), rel=1e-12)


def test_planar_laplace_density_integrates_to_one_and_is_eps_d_private():
    eps = F(3, 2)
    with mpmath.workdps(20):
        mass = mpmath.quad(lambda r: fp.planar_laplace_density(1.5, [0.0, 0.0], [float(r) * 0.6, float(r) * 0.8])
                           * 2 * mpmath.pi * r, [0, 5, 40])
    assert float(mass) == pytest.approx(1, abs=1e-9)
    rng = np.random.default_rng(0)
    for _ in range(30):
        x, x2, z = (rng.integers(-20, 20, 2) / 4 for _ in range(3))
        x, x2, z = ([F(v) for v in p] for p in (x, x2, z))
        loss = certified.planar_laplace_log_ratio(eps, x, x2, z)
        d = flint.arb(float((x[0] - x2[0]) ** 2 + (x[1] - x2[1]) ** 2)).sqrt()
        assert enclosure(loss).lower() <= (flint.arb(1.5) * d).upper()
        direct = certified.planar_laplace_density(eps, x, z).log() - certified.planar_laplace_density(eps, x2, z).log()
        assert (enclosure(loss) - direct).contains(0)


def test_planar_laplace_sample_lies_at_the_radius_and_angle_asked():
    point = certified.planar_laplace_sample(2, [F(1), F(-1)], F(1, 8), F(1, 2))
    r = certified.planar_laplace_radius(2, F(1, 2))
    dx, dy = point[0] - 1, point[1] + 1
    assert (enclosure(dx) - enclosure(r) * flint.arb.pi().__truediv__(4).cos()).contains(0)
    assert (enclosure(dx * dx + dy * dy) - enclosure(r) ** 2).contains(0)
    assert fp.planar_laplace_sample(2.0, [1.0, -1.0], 0.125, 0.5) == pytest.approx(
        [float(enclosure(point[0]).mid()), float(enclosure(point[1]).mid())], rel=1e-12)


def test_shannon_capacity_of_a_near_deterministic_channel_converges_to_its_gap():
    """A near-deterministic channel whose optimal prior has zeros (Blahut–Arimoto converges sublinearly there and
    hit its 100,000-iteration cap with a relative gap of 3e-7): the float prior now meets the stopping rule, and the
    certified bounds at it are within 1e-9 of each other relative to the capacity."""
    import numpy as np

    from mechanisms.finite.capacity import _BA_GAP, _blahut_arimoto, _gap
    from mechanisms.numerics.context import certified

    rng = np.random.default_rng(0)
    k = np.zeros((10, 10))
    k[np.arange(10), rng.integers(0, 10, 10)] = 1
    k = 0.999 * k + 0.001 * rng.dirichlet(np.ones(10), 10)
    gap, lower = _gap(k, _blahut_arimoto(k))
    assert gap <= _BA_GAP * lower
    K = [[F(float(x)).limit_denominator(10**6) for x in row] for row in k]
    K = [[x / sum(row) for x in row] for row in K]
    lo, hi = certified.shannon_capacity_bounds(K)
    assert float(hi - lo) <= 1e-9 * float(lo) and 2.7 < float(lo) < 2.9


@pytest.mark.parametrize("p", [F(1, 10), F(1, 1000), F(1, 10**6), F(2, 5)])
def test_shannon_capacity_of_the_binary_symmetric_channel_is_one_minus_h(p):
    """C(BSC_p) = 1 − h(p) bits: the certified bounds enclose it (to 60 digits by mpmath) and are within 1e-9 of
    each other relative to it; the float route agrees to the same gap."""
    import flint
    import mpmath

    from mechanisms.numerics.context import certified, fp

    with mpmath.workdps(60):
        q = mpmath.mpf(p.numerator) / p.denominator
        want = 1 + q * mpmath.log(q, 2) + (1 - q) * mpmath.log(1 - q, 2)
    K = [[1 - p, p], [p, 1 - p]]
    lo, hi = certified.shannon_capacity_bounds(K)
    w = flint.arb(mpmath.nstr(want, 50))  # a ball around the 50-digit decimal
    assert lo.lower() <= w.upper() and w.lower() <= hi.upper()
    assert float(hi - lo) <= 1e-9 * float(want)
    assert fp.shannon_capacity([[1 - float(p), float(p)], [float(p), 1 - float(p)]]) == pytest.approx(float(want),
                                                                                                     rel=1e-9)


def test_shannon_capacity_of_near_deterministic_channels_to_the_gap_quickly():
    """Identity with 1e-6 noise, a nearly useless channel and channels of 10 inputs onto 4 outputs (optimal priors
    with zeros: plain Blahut–Arimoto ran 10,000s of iterations): the float prior meets the 1e-10 relative gap, and the certified
    bounds at it are within 1e-9 of each other."""
    import numpy as np

    from mechanisms.finite.capacity import _BA_GAP, _blahut_arimoto, _gap
    from mechanisms.numerics.context import certified

    rng = np.random.default_rng(3)
    eps = F(1, 10**6)
    channels = [[[(1 - eps) * (i == j) + eps / 10 for j in range(10)] for i in range(10)],
                # nearly useless (capacity 4e-5 nats), its optimal prior off the middle row: the iterate stalled at
                # the face where that row's mass reaches 0 (more than 100 s a call in a user's search)
                [[F(5040907930009053, 10**16), 1 - F(5040907930009053, 10**16)],
                 [F(5093540737972498, 10**16), 1 - F(5093540737972498, 10**16)], [F(1, 2), F(1, 2)]]]
    # nearly uniform 4x4 (capacity 8e-5 nats): an input re-entering at a tiny mass cut every Newton step to nothing
    near_uniform = np.array([[0.24900098438738238, 0.246722720612495, 0.246722720612495, 0.2575535743876276],
                             [0.24959149211701703, 0.24959149211701703, 0.24959149211701703, 0.2512255236489489],
                             [0.2400481077212735, 0.25276569327033244, 0.25276569327033244, 0.2544205057380615],
                             [0.24917843778969367, 0.25037449212053664, 0.2502235350448848, 0.2502235350448848]])
    K = [[F(float(x)).limit_denominator(10**12) for x in row] for row in near_uniform]
    channels.append([[x / sum(row) for x in row] for row in K])
    for _ in range(2):
        k = np.zeros((10, 10))
        k[np.arange(10), rng.integers(0, 4, 10)] = 1
        k = (1 - 1e-4) * k + 1e-4 * rng.dirichlet(np.ones(10), 10)
        K = [[F(float(x)).limit_denominator(10**9) for x in row] for row in k]
        channels.append([[x / sum(row) for x in row] for row in K])
    for K in channels:
        k = np.array([[float(x) for x in row] for row in K])
        gap, lower = _gap(k, _blahut_arimoto(k))
        assert gap <= _BA_GAP * lower or gap <= 1e-15
        lo, hi = certified.shannon_capacity_bounds(K)
        assert float(hi - lo) <= 1e-9 * float(lo)
