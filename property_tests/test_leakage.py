"""Quantitative information flow (mechanisms.finite.leakage) against independent oracles: qif (rational and float),
exact enumeration by hand through posteriors, scipy.stats.entropy, LP and grid optimisation over priors,
and textbook identities (data processing, capacities of products)."""
import itertools
import math
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mechanisms.finite import leakage  # noqa: F401  (registers the formulas)
from mechanisms.numerics.context import certified, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import FloatOnCertifiedPath

qif = pytest.importorskip("qif")
scipy_stats = pytest.importorskip("scipy.stats")
from scipy.optimize import linprog  # noqa: E402

BV, GV, SH = qif.measure.bayes_vuln, qif.measure.g_vuln, qif.measure.shannon

# the worked example: rows are secrets, columns outputs
C0 = [[F(1, 2), F(1, 2), F(0)], [F(1, 4), F(1, 4), F(1, 2)], [F(0), F(1, 10), F(9, 10)]]
PI0 = [F(1, 5), F(3, 10), F(1, 2)]


# ----------------------------------------------------------------------------- strategies and helpers
@st.composite
def rational_distributions(draw, n, *, allow_zero=True):
    w = draw(st.lists(st.integers(0 if allow_zero else 1, 6), min_size=n, max_size=n).filter(lambda v: sum(v) > 0))
    return [F(x, sum(w)) for x in w]


@st.composite
def rational_channels(draw, n, m):
    return [draw(rational_distributions(m)) for _ in range(n)]


@st.composite
def channel_and_prior(draw, max_n=4, max_m=4):
    n, m = draw(st.integers(1, max_n)), draw(st.integers(1, max_m))
    return draw(rational_channels(n, m)), draw(rational_distributions(n))


@st.composite
def gains(draw, n, *, lo=-3, hi=4):
    k = draw(st.integers(1, 3))
    return [[F(draw(st.integers(lo, hi)), draw(st.integers(1, 3))) for _ in range(n)] for _ in range(k)]


def obj(M):
    return np.array(M, dtype=object)


def flt(M):
    return np.array(M, dtype=float)


def contains(ball, x, slack=1e-12):
    lo = float(ball.mid() - ball.rad())
    hi = float(ball.mid() + ball.rad())
    return lo - slack * max(1.0, abs(x)) <= x <= hi + slack * max(1.0, abs(x))


def posteriors_by_hand(C, pi):
    """[(p(y), [π(x|y) for x])] for the outputs that occur: Bayes' rule, one column at a time."""
    out = []
    for y in range(len(C[0])):
        py = sum(pi[x] * C[x][y] for x in range(len(C)))
        if py:
            out.append((py, [pi[x] * C[x][y] / py for x in range(len(C))]))
    return out


def priors_on_grid(n, steps):
    for k in itertools.product(range(steps + 1), repeat=n - 1):
        if sum(k) <= steps:
            yield [F(v, steps) for v in k] + [F(steps - sum(k), steps)]


# ----------------------------------------------------------------------------- known values
def test_worked_example_by_hand():
    assert certified.bayes_vulnerability(PI0) == F(1, 2)
    # y0: max(1/10, 3/40, 0); y1: max(1/10, 3/40, 1/20); y2: max(0, 3/20, 9/20)
    assert certified.posterior_bayes_vulnerability(C0, PI0) == F(1, 10) + F(1, 10) + F(9, 20) == F(13, 20)
    assert certified.multiplicative_leakage(C0, PI0) == F(13, 10)
    assert certified.additive_leakage(C0, PI0) == F(3, 20)
    assert certified.multiplicative_bayes_capacity(C0) == F(19, 10)
    # subsets: {0,1} (3/2-1)/2 = 1/4, {0,2} (19/10-1)/2 = 9/20, {1,2} (7/5-1)/2 = 1/5, all (19/10-1)/3 = 3/10
    assert certified.additive_bayes_capacity(C0) == F(9, 20)
    assert fp.additive_bayes_capacity(flt(C0)) == pytest.approx(0.45, rel=1e-15)


@pytest.mark.parametrize("k, e", [(2, 3), (3, 2), (4, 5)])
def test_randomized_response_closed_forms(k, e):
    # k-ary randomized response with odds e: diagonal e/(e+k-1), elsewhere 1/(e+k-1)
    C = [[F(e if i == j else 1, e + k - 1) for j in range(k)] for i in range(k)]
    assert certified.multiplicative_bayes_capacity(C) == F(k * e, e + k - 1)
    # every subset S of size s: (s·e/(e+k-1) + (k-s)/(e+k-1) - 1)/s = (e-1)/(e+k-1) · (s-1)/s, largest at s = k
    assert certified.additive_bayes_capacity(C) == F(e - 1, e + k - 1) * F(k - 1, k)
    uniform = [F(1, k)] * k
    assert certified.multiplicative_leakage(C, uniform) == certified.multiplicative_bayes_capacity(C)
    bits = certified.min_entropy_capacity(C)
    assert contains(bits, math.log2(k * e / (e + k - 1)))


# ----------------------------------------------------------------------------- qif, rational arithmetic
@settings(max_examples=60)
@given(channel_and_prior())
def test_bayes_measures_equal_qif_rationals(case):
    C, pi = case
    assert certified.bayes_vulnerability(pi) == BV.prior(obj(pi))
    assert certified.posterior_bayes_vulnerability(C, pi) == BV.posterior(obj(pi), obj(C))
    assert certified.multiplicative_leakage(C, pi) == BV.mult_leakage(obj(pi), obj(C))
    assert certified.additive_leakage(C, pi) == BV.add_leakage(obj(pi), obj(C))
    assert certified.multiplicative_bayes_capacity(C) == BV.mult_capacity(obj(C))


@settings(max_examples=60)
@given(st.data())
def test_g_measures_equal_qif_rationals(data):
    C, pi = data.draw(channel_and_prior())
    G = data.draw(gains(len(pi)))
    assert certified.g_vulnerability(pi, G) == GV.prior(obj(G), obj(pi))
    assert certified.posterior_g_vulnerability(C, pi, G) == GV.posterior(obj(G), obj(pi), obj(C))
    assert certified.additive_g_leakage(C, pi, G) == GV.add_leakage(obj(G), obj(pi), obj(C))
    Gp = data.draw(gains(len(pi), lo=0))
    if certified.g_vulnerability(pi, Gp) > 0:
        assert certified.multiplicative_g_leakage(C, pi, Gp) == GV.mult_leakage(obj(Gp), obj(pi), obj(C))


def test_identity_gain_is_bayes():
    G = [[F(int(w == x)) for x in range(3)] for w in range(3)]
    assert certified.g_vulnerability(PI0, G) == certified.bayes_vulnerability(PI0)
    assert certified.posterior_g_vulnerability(C0, PI0, G) == F(13, 20)
    assert certified.multiplicative_g_leakage(C0, PI0, G) == F(13, 10)
    assert fp.additive_g_leakage(flt(C0), flt(PI0), flt(G)) == pytest.approx(0.15, rel=1e-14)


# ----------------------------------------------------------------------------- enumeration through posteriors
@settings(max_examples=50)
@given(st.data())
def test_vulnerabilities_through_posterior_distributions(data):
    """V[π▷C] = Σ_y p(y) V(π|y) and V_g[π▷C] = Σ_y p(y) V_g(π|y): the hyper-distribution form."""
    C, pi = data.draw(channel_and_prior())
    G = data.draw(gains(len(pi)))
    hyper = posteriors_by_hand(C, pi)
    assert certified.posterior_bayes_vulnerability(C, pi) == sum(py * max(post) for py, post in hyper)
    expected_g = sum(py * max(sum(g[x] * post[x] for x in range(len(pi))) for g in G) for py, post in hyper)
    assert certified.posterior_g_vulnerability(C, pi, G) == expected_g
    # g-leakage is never negative, whatever the sign of the gains
    assert certified.additive_g_leakage(C, pi, G) >= 0


# ----------------------------------------------------------------------------- capacities by optimisation
def additive_capacity_by_lp(C):
    """max over π of Σ_y max_x π_x C[x,y] − max π: one LP per choice of an argmax row a_y in each column
    (maximise Σ_y π_{a_y} C[a_y, y] − t subject to π ≤ t, π in the simplex); the best LP is the capacity."""
    C = flt(C)
    n, m = C.shape
    best = -np.inf
    for rows in itertools.product(range(n), repeat=m):
        cost = np.zeros(n + 1)
        for y, x in enumerate(rows):
            cost[x] -= C[x, y]
        cost[n] = 1.0  # minimise t − Σ ...
        a_ub = np.hstack([np.eye(n), -np.ones((n, 1))])
        res = linprog(cost, A_ub=a_ub, b_ub=np.zeros(n), A_eq=[[1.0] * n + [0.0]], b_eq=[1.0],
                      bounds=[(0, None)] * (n + 1), method="highs")
        best = max(best, -res.fun)
    return best


@settings(max_examples=30)
@given(st.integers(1, 3).flatmap(lambda n: st.integers(1, 3).flatmap(lambda m: rational_channels(n, m))))
def test_additive_bayes_capacity_equals_lp_optimum(C):
    exact = certified.additive_bayes_capacity(C)
    assert float(exact) == pytest.approx(additive_capacity_by_lp(C), abs=1e-9)
    assert fp.additive_bayes_capacity(flt(C)) == pytest.approx(float(exact), rel=1e-12, abs=1e-15)


@settings(max_examples=15)
@given(st.integers(2, 3).flatmap(lambda n: rational_channels(n, 3)))
def test_capacities_dominate_a_grid_of_priors(C):
    """Both capacities are maxima over priors: no grid prior beats them, and the multiplicative one is reached
    by the uniform prior; the additive one by the best grid prior when the grid holds the optimal subset."""
    n = len(C)
    steps = 12  # divisible by 1, 2, 3 and 4: every subset-uniform prior of n ≤ 4 secrets is on the grid
    mult, add = certified.multiplicative_bayes_capacity(C), certified.additive_bayes_capacity(C)
    best_mult = max(certified.multiplicative_leakage(C, p) for p in priors_on_grid(n, steps))
    best_add = max(certified.additive_leakage(C, p) for p in priors_on_grid(n, steps))
    assert best_mult == mult
    assert best_add == add


def test_additive_capacity_against_random_priors_on_a_wide_channel():
    rng = np.random.default_rng(3)
    C = rng.dirichlet(np.ones(7) * 0.4, size=6)
    cap = fp.additive_bayes_capacity(C)
    priors = rng.dirichlet(np.ones(6) * 0.3, size=4000)
    leaks = (np.max(priors[:, :, None] * C[None], axis=1).sum(axis=1) - priors.max(axis=1))
    assert leaks.max() <= cap + 1e-12
    assert leaks.max() > 0.8 * cap  # the sample comes close to the optimum


def test_additive_capacity_float_matches_exact_at_twelve_secrets():
    rng = np.random.default_rng(5)
    W = rng.integers(0, 5, size=(12, 6)) + np.eye(12, 6, dtype=int)
    C = [[F(int(v), int(r.sum())) for v in r] for r in W]
    assert fp.additive_bayes_capacity(flt(C)) == pytest.approx(float(certified.additive_bayes_capacity(C)), rel=1e-12)


# ----------------------------------------------------------------------------- entropies
@settings(max_examples=50)
@given(channel_and_prior())
def test_entropies_against_scipy_and_qif(case):
    C, pi = case
    Cf, pf = flt(C), flt(pi)
    for base in (2, math.e):
        h = fp.shannon_entropy(pf, base=base)
        assert h == pytest.approx(scipy_stats.entropy(pf, base=base), rel=1e-12, abs=1e-14)
        assert contains(certified.shannon_entropy(pi, base=base), h)
        # H(X|Y) = Σ_y p(y) H(posterior at y), each posterior's entropy by scipy
        hyper = posteriors_by_hand(C, pi)
        cond = sum(float(py) * scipy_stats.entropy(flt(post), base=base) for py, post in hyper)
        assert fp.conditional_shannon_entropy(Cf, pf, base=base) == pytest.approx(cond, rel=1e-12, abs=1e-14)
        assert contains(certified.conditional_shannon_entropy(C, pi, base=base), cond)
        # I = H(X) − H(X|Y) = H(Y) − H(Y|X), against the KL form computed by the module
        marg = flt([sum(pi[x] * C[x][y] for x in range(len(C))) for y in range(len(C[0]))])
        h_y_given_x = sum(float(pi[x]) * scipy_stats.entropy(Cf[x], base=base) for x in range(len(C)))
        mi = fp.mutual_information(Cf, pf, base=base)
        assert mi == pytest.approx(h - cond, abs=1e-12)
        assert mi == pytest.approx(scipy_stats.entropy(marg, base=base) - h_y_given_x, abs=1e-12)
        assert contains(certified.mutual_information(C, pi, base=base), mi)
    assert fp.shannon_entropy(pf) == pytest.approx(SH.prior(pf), rel=1e-12, abs=1e-14)
    assert fp.conditional_shannon_entropy(Cf, pf) == pytest.approx(SH.posterior(pf, Cf), rel=1e-10, abs=1e-12)
    assert fp.mutual_information(Cf, pf) == pytest.approx(SH.add_leakage(pf, Cf), rel=1e-10, abs=1e-12)


@settings(max_examples=50)
@given(channel_and_prior())
def test_min_entropy_against_qif_and_definitions(case):
    C, pi = case
    Cf, pf = flt(C), flt(pi)
    v, vp = certified.bayes_vulnerability(pi), certified.posterior_bayes_vulnerability(C, pi)
    assert fp.min_entropy(pf) == pytest.approx(-math.log2(v), abs=1e-14)
    assert contains(certified.min_entropy(pi), -math.log2(v))
    assert contains(certified.conditional_min_entropy(C, pi), fp.conditional_min_entropy(Cf, pf))
    assert fp.conditional_min_entropy(Cf, pf, base=math.e) == pytest.approx(-math.log(vp), abs=1e-14)
    leak = fp.min_entropy_leakage(Cf, pf)
    assert leak == pytest.approx(BV.min_entropy_leakage(pf, Cf), rel=1e-12, abs=1e-14)
    assert leak == pytest.approx(fp.min_entropy(pf) - fp.conditional_min_entropy(Cf, pf), abs=1e-12)
    assert contains(certified.min_entropy_leakage(C, pi), leak)
    cap = fp.min_entropy_capacity(Cf)
    n = len(C)
    assert cap == pytest.approx(BV.min_entropy_leakage(np.full(n, 1 / n), Cf), rel=1e-12, abs=1e-14)
    assert contains(certified.min_entropy_capacity(C), cap)
    assert leak <= cap + 1e-12


def test_base_keyword():
    pi = [F(1, 2), F(1, 4), F(1, 4)]
    assert contains(certified.shannon_entropy(pi), 1.5)
    assert contains(certified.shannon_entropy(pi, base=math.e), 1.5 * math.log(2))
    assert contains(certified.shannon_entropy(pi, base=4), 0.75)
    assert contains(certified.shannon_entropy(pi, base="1/2"), -1.5)
    assert fp.shannon_entropy(flt(pi), base=10) == pytest.approx(1.5 * math.log10(2), rel=1e-15)
    ball = certified.min_entropy([F(1)])
    assert ball.is_exact() and ball == 0


# ----------------------------------------------------------------------------- compositions
@settings(max_examples=40)
@given(st.data())
def test_compositions_against_qif_and_kron(data):
    n, m, k = (data.draw(st.integers(1, 3)) for _ in range(3))
    C, D, E = data.draw(rational_channels(n, m)), data.draw(rational_channels(n, k)), data.draw(rational_channels(m, k))
    par = certified.parallel_composition(C, D)
    assert par.tolist() == qif.channel.compose.parallel(obj(C), obj(D)).tolist()
    np.testing.assert_allclose(fp.parallel_composition(flt(C), flt(D)), flt(par), rtol=1e-15)
    prod = certified.product_composition(C, E)
    assert prod.tolist() == np.kron(obj(C), obj(E)).tolist()
    np.testing.assert_allclose(fp.product_composition(flt(C), flt(E)), flt(prod), rtol=1e-15)
    cas = certified.cascade(C, E)
    assert cas.tolist() == (obj(C).dot(obj(E))).tolist()
    np.testing.assert_allclose(fp.cascade(flt(C), flt(E)), flt(cas), rtol=1e-14, atol=1e-16)
    for M in (par, prod, cas):
        assert all(sum(row) == 1 for row in M)


@settings(max_examples=40)
@given(st.data())
def test_data_processing_and_product_identities(data):
    n, m, k = (data.draw(st.integers(1, 3)) for _ in range(3))
    C, D = data.draw(rational_channels(n, m)), data.draw(rational_channels(m, k))
    pi = data.draw(rational_distributions(n))
    CD = certified.cascade(C, D)
    # post-processing never increases leakage or capacity
    cap = certified.multiplicative_bayes_capacity
    assert cap(CD) <= min(cap(C), cap(D))
    assert certified.additive_bayes_capacity(CD) <= certified.additive_bayes_capacity(C)
    assert certified.posterior_bayes_vulnerability(CD, pi) <= certified.posterior_bayes_vulnerability(C, pi)
    assert not certified.mutual_information(C, pi) < certified.mutual_information(CD, pi)  # never certainly larger
    # independent secrets: capacities multiply, Bayes vulnerabilities multiply, mutual informations add
    E = data.draw(rational_channels(2, 2))
    rho = data.draw(rational_distributions(2))
    prod, joint_prior = certified.product_composition(C, E), [a * b for a in pi for b in rho]
    assert cap(prod) == cap(C) * cap(E)
    assert certified.posterior_bayes_vulnerability(prod, joint_prior) == (
        certified.posterior_bayes_vulnerability(C, pi) * certified.posterior_bayes_vulnerability(E, rho))
    mi_sum = certified.mutual_information(C, pi) + certified.mutual_information(E, rho)
    assert contains(mi_sum, fp.mutual_information(flt(prod), flt(joint_prior)))
    # two observations of one secret leak at least as much as either
    F2 = data.draw(rational_channels(n, 2))
    par = certified.parallel_composition(C, F2)
    assert certified.posterior_bayes_vulnerability(par, pi) >= certified.posterior_bayes_vulnerability(C, pi)
    assert cap(par) <= cap(C) * cap(F2)


# ----------------------------------------------------------------------------- float route against exact route
FLOAT_EXACT = [
    ("bayes_vulnerability", lambda C, pi, G: (pi,)),
    ("posterior_bayes_vulnerability", lambda C, pi, G: (C, pi)),
    ("g_vulnerability", lambda C, pi, G: (pi, G)),
    ("posterior_g_vulnerability", lambda C, pi, G: (C, pi, G)),
    ("multiplicative_leakage", lambda C, pi, G: (C, pi)),
    ("additive_leakage", lambda C, pi, G: (C, pi)),
    ("multiplicative_g_leakage", lambda C, pi, G: (C, pi, G)),
    ("additive_g_leakage", lambda C, pi, G: (C, pi, G)),
    ("multiplicative_bayes_capacity", lambda C, pi, G: (C,)),
    ("additive_bayes_capacity", lambda C, pi, G: (C,)),
]
FLOAT_ARB = ["min_entropy", "conditional_min_entropy", "min_entropy_leakage", "min_entropy_capacity",
             "shannon_entropy", "conditional_shannon_entropy", "mutual_information"]
ARB_ARGS = {"min_entropy": lambda C, pi: (pi,), "shannon_entropy": lambda C, pi: (pi,),
            "min_entropy_capacity": lambda C, pi: (C,)}


@settings(max_examples=40)
@given(st.data())
def test_float_route_agrees_with_exact_and_arb(data):
    C, pi = data.draw(channel_and_prior())
    G = data.draw(gains(len(pi), lo=1))  # positive gains: every g-measure is defined
    for name, args in FLOAT_EXACT:
        exact = getattr(certified, name)(*args(C, pi, G))
        assert isinstance(exact, F), name
        approx = getattr(fp, name)(*(flt(a) for a in args(C, pi, G)))
        assert isinstance(approx, float), name
        assert approx == pytest.approx(float(exact), rel=1e-12, abs=1e-14), name
    for name in FLOAT_ARB:
        args = ARB_ARGS.get(name, lambda C, pi: (C, pi))(C, pi)
        for base in (2, math.e):
            ball = getattr(certified, name)(*args, base=base)
            assert contains(ball, getattr(fp, name)(*(flt(a) for a in args), base=base)), (name, base)


# ----------------------------------------------------------------------------- bad arguments
@pytest.mark.parametrize("call, msg", [
    (lambda: fp.posterior_bayes_vulnerability([[0.5, 0.6], [0.5, 0.5]], [0.5, 0.5]), r"sum\(C\[0\]\)=1.1"),
    (lambda: fp.posterior_bayes_vulnerability([[1.5, -0.5], [0.5, 0.5]], [0.5, 0.5]), "C=-0.5"),
    (lambda: fp.bayes_vulnerability([0.2, 0.2]), r"sum\(pi\)=0.4"),
    (lambda: fp.mutual_information([[1.0]], [0.5, 0.5]), "C has 1 rows .* pi has 2"),
    (lambda: certified.bayes_vulnerability([F(1, 2), F(1, 3)]), r"sum\(pi\)=5/6"),
    (lambda: certified.multiplicative_leakage([[F(3, 2), F(-1, 2)]], [1]), r"C\[0\]\[1\]=-1/2"),
    (lambda: certified.cascade([[F(1, 2), F(1, 2)]], [[1]]), "C has 2 outputs but D has 1"),
    (lambda: fp.parallel_composition([[1.0]], [[1.0], [1.0]]), "C has 1 rows but D has 2"),
    (lambda: fp.g_vulnerability([0.5, 0.5], [[1.0, 0.0, 2.0]]), "G has 3 columns"),
    (lambda: fp.multiplicative_g_leakage([[1.0], [1.0]], [0.5, 0.5], [[1.0, -1.0]]), "G=-1.0"),
    (lambda: certified.multiplicative_g_leakage([[1], [1]], [1, 0], [[0, 1]]), r"V_g\(pi\)=0"),
    (lambda: fp.shannon_entropy([1.0], base=1), "base=1"),
    (lambda: certified.shannon_entropy([1], base=-2), "base=-2"),
    (lambda: fp.additive_bayes_capacity(np.eye(13)), "n=13"),
    (lambda: certified.additive_bayes_capacity([[1]] * 13), "n=13"),
    (lambda: certified.product_composition([[F(1, 2), F(1, 2)], [1]], [[1]]), "equal length"),
])
def test_bad_arguments_name_the_value(call, msg):
    with pytest.raises(InvalidInput, match=msg):
        call()


@pytest.mark.parametrize("call", [
    lambda: certified.bayes_vulnerability([0.5, 0.5]),
    lambda: certified.mutual_information([[1.0]], [1]),
    lambda: certified.shannon_entropy([1], base=2.0),
    lambda: certified.additive_bayes_capacity(np.eye(2)),
])
def test_floats_are_refused_on_exact_routes(call):
    with pytest.raises(FloatOnCertifiedPath, match="float"):
        call()


def test_decimal_strings_are_exact():
    v = certified.posterior_bayes_vulnerability([["0.5", "0.5"], ["0.1", "0.9"]], ["0.3", "0.7"])
    assert v == F(3, 20) + F(63, 100)


def test_sibson_mutual_information_orders():
    """Sibson's I_α by its definition typed in (float sums); the limits α → 1 (Shannon's
    I) and α → ∞ (log of the Bayes capacity on the prior's support); exact order ∞ on the certified context."""
    C, pi = np.array(C0, float), np.array(PI0, float)

    def by_definition(a):
        return a / (a - 1) * math.log2(sum((pi * C[:, y] ** a).sum() ** (1 / a) for y in range(C.shape[1])))

    for a in (0.5, 2.0, 3.5, 20.0):
        assert fp.sibson_mutual_information(C, pi, a) == pytest.approx(by_definition(a), rel=1e-12)
    assert fp.sibson_mutual_information(C, pi, 1 + 1e-7) == pytest.approx(SH.add_leakage(pi, C), rel=1e-5)
    cap = float(BV.mult_capacity(np.array(C0, dtype=object)))
    assert fp.sibson_mutual_information(C, pi, math.inf) == pytest.approx(math.log2(cap), rel=1e-14)
    assert fp.sibson_mutual_information(C, pi, 1e6) == pytest.approx(math.log2(cap), rel=1e-5)
    # a prior on part of the secrets: the capacity of the rows it covers
    assert certified.sibson_mutual_information(C0, [F(1), F(0), F(0)], certified.inf) == 0
    with pytest.raises(InvalidInput, match="alpha"):
        fp.sibson_mutual_information(C, pi, 1.0)
