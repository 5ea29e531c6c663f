"""The finite measures written once over the numeric context (mechanisms.finite.channels, hockey_stick, leakage,
channel_ops): on every context against an independent route — the definitions transcribed by hand, in exact
Fractions where the quantity is rational and in mpmath at 50 digits where it needs a logarithm — the float
context within 1e-12, the certified context enclosing the oracle; rows of balls (randomised response at
p = e^ε/(1 + e^ε)); Balls over a box enclosing the certified value at every point inside."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction as F

import flint
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.finite import channel_ops, channels as finite, hockey_stick, leakage  # noqa: F401  (register the formulas)
from mechanisms.numerics.context import Ball, box, certified, enclosure, fp
from proofcheck.measures import BOX, CERTIFIED, FLOAT

mpmath = pytest.importorskip("mpmath")


# ----------------------------------------------------------------------------- the oracle (by hand)
def mp(x):
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def log(x):
    return mpmath.log(mp(x))


def columns(K):
    return [[row[w] for row in K] for w in range(len(K[0]))]


def o_marginal(K, p):
    return [sum((p[d] * K[d][w] for d in range(len(K))), F(0)) for w in range(len(K[0]))]


def o_posterior(K, p):
    m = o_marginal(K, p)
    return [[p[d] * K[d][w] / m[w] if m[w] else None for w in range(len(m))] for d in range(len(K))]


def o_ldp(K):
    ratios = [max(c) / min(c) if min(c) else None for c in columns(K) if max(c)]
    return mpmath.inf if None in ratios else max((log(r) for r in ratios), default=mpmath.mpf(0))


def o_mbp(K, p):
    post, best = o_posterior(K, p), mpmath.mpf(0)
    for d, row in enumerate(post):
        for x in row:
            if p[d] and x is not None:
                if x == 0:
                    return mpmath.inf
                best = max(best, abs(log(x / p[d])))
    return best


def o_kl(p, q):
    if any(a and not b for a, b in zip(p, q)):
        return mpmath.inf
    return mpmath.fsum(mp(a) * log(F(a) / F(b)) for a, b in zip(p, q) if a)


def o_js(p, q):
    m = [(F(a) + F(b)) / 2 for a, b in zip(p, q)]
    return (o_kl(p, m) + o_kl(q, m)) / 2


def o_renyi(p, q, a):
    if any(x and not y for x, y in zip(p, q)):
        return mpmath.inf
    return mpmath.log(mpmath.fsum(mp(x) ** mp(a) * mp(y) ** (1 - mp(a)) for x, y in zip(p, q) if x)) / (mp(a) - 1)


def o_hockey(p, q, g):
    """sup over every set S of P(S) − γ Q(S) (the definition)."""
    best = mpmath.mpf(0)
    for r in range(1, len(p) + 1):
        for S in itertools.combinations(range(len(p)), r):
            best = max(best, mpmath.fsum(mp(p[i]) - g * mp(q[i]) for i in S))
    return best


def o_post_bayes(C, pi):
    return sum((max(pi[x] * C[x][y] for x in range(len(C))) for y in range(len(C[0]))), F(0))


def o_g(pi, G):
    return max(sum((g[x] * pi[x] for x in range(len(pi))), F(0)) for g in G)


def o_post_g(C, pi, G):
    return sum((max(sum((g[x] * pi[x] * C[x][y] for x in range(len(C))), F(0)) for g in G)
                for y in range(len(C[0]))), F(0))


def o_additive_capacity(C):
    n = len(C)
    return max((sum((max(C[x][y] for x in S) for y in range(len(C[0]))), F(0)) - 1) / len(S)
               for r in range(1, n + 1) for S in itertools.combinations(range(n), r))


def o_entropy(v):
    return -mpmath.fsum(mp(x) * log(x) for x in v if x)


def o_joint(C, pi):
    return [pi[x] * C[x][y] for x in range(len(C)) for y in range(len(C[0]))]


# ----------------------------------------------------------------------------- the points
def _dist(rng, n, zeros=True):
    w = [rng.randint(0 if zeros else 1, 9) for _ in range(n)]
    if not any(w):
        w[rng.randrange(n)] = 1
    return [F(x, sum(w)) for x in w]


def _points():
    rng = random.Random(11)
    pts = [([[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]], [F(1, 2), F(1, 2)]),  # randomised response
           ([[F(1, 2), F(1, 2), F(0)], [F(1, 4), F(1, 4), F(1, 2)], [F(0), F(1, 10), F(9, 10)]],
            [F(1, 5), F(3, 10), F(1, 2)]),  # zeros in columns: infinite LDP level
           ([[F(1, 3), F(2, 3), F(0)], [F(1, 6), F(5, 6), F(0)]], [F(1, 4), F(3, 4)])]  # an output never seen
    for _ in range(4):
        n, m = rng.randint(2, 4), rng.randint(2, 5)
        pts.append(([_dist(rng, m, zeros=rng.random() < 0.5) for _ in range(n)], _dist(rng, n)))
    return pts


POINTS = _points()


def _float(x):
    return np.array(x, dtype=float)


def _encloses(ball, want, tol=1e-40):
    """The certified value (exact or ball) encloses the mpmath value (±inf exactly)."""
    if mpmath.isinf(want):
        return certified.is_inf(ball) and ball > 0
    b = enclosure(ball)
    return float(b.lower()) - tol <= float(want) <= float(b.upper()) + tol and \
        b.overlaps(flint.arb(mpmath.nstr(want, 45)).union(flint.arb(mpmath.nstr(want, 45))) + flint.arb(0, 1e-44))


def _agrees(x, want, rel=1e-12, abs_=1e-14):
    if mpmath.isinf(want):
        return fp.is_inf(x) and x > 0
    return abs(x - float(want)) <= rel * abs(float(want)) + abs_


@pytest.fixture(autouse=True)
def _fifty_digits():
    with mpmath.workdps(50), certified.workprec(200):
        yield


# ----------------------------------------------------------------------------- one measure, three routes
@pytest.mark.parametrize("K, pi", POINTS)
def test_channel_measures_against_the_definitions(K, pi):
    Kf, pf = _float(K), _float(pi)
    # rational quantities: exactly the Fractions of the definitions
    assert certified.marginal(K, pi).tolist() == o_marginal(K, pi)
    assert certified.posterior(K, pi).tolist() == o_posterior(K, pi)
    np.testing.assert_allclose(fp.marginal(Kf, pf), _float(o_marginal(K, pi)), rtol=1e-14)
    got = fp.posterior(Kf, pf)
    want = np.array([[np.nan if x is None else float(x) for x in row] for row in o_posterior(K, pi)])
    np.testing.assert_allclose(got, want, rtol=1e-14)
    law = o_marginal(K, pi)
    belief = [sum((x * law[w] for w, x in enumerate(row) if law[w] and x is not None), F(0))
              for row in o_posterior(K, pi)]
    assert certified.belief_after_release(K, pi, law).tolist() == belief
    np.testing.assert_allclose(fp.belief_after_release(Kf, pf, _float(law)), _float(belief), rtol=1e-13)
    # levels: logarithms
    for name, args, want in [("ldp_level", (K,), o_ldp(K)), ("mbp_level", (K, pi), o_mbp(K, pi))]:
        assert _encloses(getattr(certified, name)(*args), want), name
        assert _agrees(getattr(fp, name)(*(_float(a) for a in args)), want), name


@pytest.mark.parametrize("K, pi", POINTS)
def test_divergences_between_rows_against_the_definitions(K, pi):
    for p, q in itertools.permutations(K[:3], 2):
        pf, qf = _float(p), _float(q)
        for name, args, want in [("kl", (p, q), o_kl(p, q)), ("js", (p, q), o_js(p, q)),
                                 ("renyi", (p, q, F(5, 2)), o_renyi(p, q, F(5, 2)))]:
            assert _encloses(getattr(certified, name)(*args), want), (name, p, q)
            fargs = (pf, qf) + tuple(float(a) for a in args[2:])
            assert _agrees(getattr(fp, name)(*fargs), want), (name, p, q)
        tv = sum((abs(a - b) for a, b in zip(p, q)), F(0)) / 2
        assert certified.tv(p, q) == tv and _agrees(fp.tv(pf, qf), mp(tv))
        for g in (F(0), F(1), F(7, 4)):
            assert certified.hockey_stick(p, q, g) == sum((max(F(0), a - g * b) for a, b in zip(p, q)), F(0))
            assert _agrees(fp.hockey_stick(pf, qf, float(g)), o_hockey(p, q, mp(g)))
        for eps in (F(0), F(3, 10), F(5, 2)):
            want = o_hockey(p, q, mpmath.exp(mp(eps)))
            assert _encloses(certified.hockey_stick_delta(p, q, eps), want), (p, q, eps)
            assert _agrees(fp.hockey_stick_delta(pf, qf, float(eps)), want, abs_=1e-15)
    eps = F(2, 5)
    want = max(o_hockey(r, s, mpmath.exp(mp(eps))) for r in K for s in K)
    assert _encloses(certified.channel_hockey_stick_delta(K, eps), want)
    assert _agrees(fp.channel_hockey_stick_delta(_float(K), 0.4), want, abs_=1e-15)
    assert certified.channel_hockey_stick(K, F(3, 2)) == max(
        sum((max(F(0), a - F(3, 2) * b) for a, b in zip(r, s)), F(0)) for r in K for s in K)


@pytest.mark.parametrize("K, pi", POINTS)
def test_information_flow_against_the_definitions(K, pi):
    Kf, pf = _float(K), _float(pi)
    G = [[F(1, 2) if w == x else F(1, 5) for x in range(len(pi))] for w in range(len(pi))] + [[F(1, 3)] * len(pi)]
    vp, vpost = max(pi), o_post_bayes(K, pi)
    exact = {
        "bayes_vulnerability": ((pi,), vp),
        "posterior_bayes_vulnerability": ((K, pi), vpost),
        "g_vulnerability": ((pi, G), o_g(pi, G)),
        "posterior_g_vulnerability": ((K, pi, G), o_post_g(K, pi, G)),
        "multiplicative_leakage": ((K, pi), vpost / vp),
        "additive_leakage": ((K, pi), vpost - vp),
        "multiplicative_g_leakage": ((K, pi, G), o_post_g(K, pi, G) / o_g(pi, G)),
        "additive_g_leakage": ((K, pi, G), o_post_g(K, pi, G) - o_g(pi, G)),
        "multiplicative_bayes_capacity": ((K,), sum((max(c) for c in columns(K)), F(0))),
        "bayes_capacity": ((K,), sum((max(c) for c in columns(K)), F(0))),
        "additive_bayes_capacity": ((K,), o_additive_capacity(K)),
    }
    for name, (args, want) in exact.items():
        assert getattr(certified, name)(*args) == want, name
        assert _agrees(getattr(fp, name)(*(_float(a) for a in args)), mp(want)), name
    joint, marg = o_joint(K, pi), o_marginal(K, pi)
    h, hy = o_entropy(pi), o_entropy(marg)
    cond = -mpmath.fsum(mp(j) * log(j) for j in joint if j) - hy  # H(X|Y) = H(X,Y) − H(Y)
    ln2 = mpmath.log(2)
    logs = {
        "min_entropy": ((pi,), -log(vp)),
        "conditional_min_entropy": ((K, pi), -log(vpost)),
        "min_entropy_leakage": ((K, pi), log(vpost / vp)),
        "min_entropy_capacity": ((K,), log(sum((max(c) for c in columns(K)), F(0)))),
        "shannon_entropy": ((pi,), h),
        "conditional_shannon_entropy": ((K, pi), cond),
        "mutual_information": ((K, pi), h - cond),
    }
    for name, (args, nats) in logs.items():
        assert _encloses(getattr(certified, name)(*args), nats / ln2), name
        assert _agrees(getattr(fp, name)(*(_float(a) for a in args)), nats / ln2), name
        assert _encloses(getattr(certified, name)(*args, base=3), nats / mpmath.log(3)), name


def test_compositions_and_operations_against_the_definitions():
    C, D = POINTS[1][0], POINTS[3][0]
    E = [[F(1, 3), F(2, 3)], [F(1), F(0)], [F(1, 2), F(1, 2)]]
    cas = [[sum((C[x][y] * E[y][z] for y in range(3)), F(0)) for z in range(2)] for x in range(3)]
    par = [[a * b for a in C[x] for b in E[x]] for x in range(3)]
    prod = [[a * b for a in r for b in s] for r in C for s in E]
    for name, args, want in [("cascade", (C, E), cas), ("parallel_composition", (C, E), par),
                             ("product_composition", (C, E), prod)]:
        assert getattr(certified, name)(*args).tolist() == want, name
        np.testing.assert_allclose(getattr(fp, name)(*(_float(a) for a in args)), _float(want), rtol=1e-15)
    assert certified.deterministic_channel([2, 0, 2], 3).tolist() == [[0, 0, 1], [1, 0, 0], [0, 0, 1]]
    assert fp.deterministic_channel([2, 0, 2], 3).tolist() == [[0, 0, 1], [1, 0, 0], [0, 0, 1]]
    assert certified.restrict(D, [1, 0]).tolist() == [D[1], D[0]]
    assert certified.uniform_on_support(4, [3, 1]).tolist() == [0, F(1, 2), 0, F(1, 2)]
    assert fp.uniform_on_support(4, [3, 1]).tolist() == [0, 0.5, 0, 0.5]


# ----------------------------------------------------------------------------- rows of balls
def _randomised_response(eps):
    """k = 2 randomised response at p = e^ε/(1 + e^ε): rows of balls (certified) or floats."""
    p = certified.exp(eps) / (1 + certified.exp(eps)) if not isinstance(eps, float) else np.exp(eps) / (1 + np.exp(eps))
    return [[p, 1 - p], [1 - p, p]]


def test_finite_measures_take_rows_of_balls():
    """Issue 15: m.kl(P, Q) and m.bayes_capacity(K) on rows from a transcendental parameter."""
    with certified.workprec(128):
        eps = F(1, 2)
        K = _randomised_response(eps)
        with mpmath.workdps(50):
            p = mpmath.exp(mp(eps)) / (1 + mpmath.exp(mp(eps)))
            kl = p * mpmath.log(p / (1 - p)) + (1 - p) * mpmath.log((1 - p) / p)
            cap = 2 * p
        assert _encloses(CERTIFIED.kl(K[0], K[1]), kl)
        assert _encloses(CERTIFIED.bayes_capacity(K), cap)
        assert _encloses(CERTIFIED.ldp_level(K), mp(eps))  # randomised response at ε is exactly ε-LDP
        # posterior/prior = K/marginal ∈ {2p, 2(1 − p)}
        assert _encloses(CERTIFIED.mbp_level(K, [F(1, 2), F(1, 2)]), max(mpmath.log(2 * p), -mpmath.log(2 * (1 - p))))
        assert _encloses(CERTIFIED.hockey_stick_delta(K[0], K[1], eps), mpmath.mpf(0), tol=1e-30)
        assert _encloses(CERTIFIED.mutual_information(K, [F(1, 2), F(1, 2)]),
                         (mpmath.log(2) + p * mpmath.log(p) + (1 - p) * mpmath.log(1 - p)) / mpmath.log(2))
        assert enclosure(CERTIFIED.bayes_capacity(K)).rad() < 1e-30
        Kf = _randomised_response(0.5)
        assert FLOAT.kl(Kf[0], Kf[1]) == pytest.approx(float(kl), rel=1e-12)
        assert FLOAT.bayes_capacity(Kf) == pytest.approx(float(cap), rel=1e-12)


# ----------------------------------------------------------------------------- over a box
BOX_MEASURES = [
    ("kl", lambda K, pi: (K[0], K[1])), ("js", lambda K, pi: (K[0], K[1])), ("tv", lambda K, pi: (K[0], K[1])),
    ("renyi", lambda K, pi: (K[0], K[1], F(3, 2))), ("hockey_stick_delta", lambda K, pi: (K[0], K[1], F(1, 5))),
    ("ldp_level", lambda K, pi: (K,)), ("mbp_level", lambda K, pi: (K, pi)), ("bayes_capacity", lambda K, pi: (K,)),
    ("posterior_bayes_vulnerability", lambda K, pi: (K, pi)), ("mutual_information", lambda K, pi: (K, pi)),
    ("channel_hockey_stick_delta", lambda K, pi: (K, F(1, 5))), ("additive_bayes_capacity", lambda K, pi: (K,)),
]


@settings(max_examples=25, deadline=None)
@given(lo=st.fractions(F(1, 10), F(3, 2)), width=st.fractions(F(1, 1000), F(1, 5)), t=st.fractions(0, 1))
def test_a_box_of_channels_encloses_every_channel_in_it(lo, width, t):
    """Randomised response with its ε a Ball [lo, lo + width] (box), and at one ε inside (certified): each
    measure over the box encloses the measure at the point."""
    hi = lo + width
    eps_box, eps_point = Ball.of(lo, hi), lo + t * width
    with certified.workprec(96):
        K_box, K_point = _randomised_response_box(eps_box), _randomised_response(eps_point)
        pi = [F(1, 3), F(2, 3)]
        for name, args in BOX_MEASURES:
            over_box = enclosure(getattr(BOX, name)(*args(K_box, pi)))
            at_point = enclosure(getattr(CERTIFIED, name)(*args(K_point, pi)))
            assert over_box.contains(at_point), (name, over_box, at_point)


def _randomised_response_box(eps):
    p = box.exp(eps) / (1 + box.exp(eps))
    return [[p, 1 - p], [1 - p, p]]
