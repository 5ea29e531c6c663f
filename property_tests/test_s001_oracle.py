"""Test oracle for paper 001 (Dimitrakakis et al.), written from the paper's definitions.

Nothing here imports mechanisms/ or proofcheck/ (frac and exact_objects come from the shared finite_oracle):
densities, posteriors (by brute-force normalisation), marginals, divergences (mpmath quadrature of the definitions
at 40 digits), test errors (the minimax theorem: max over prior weights of the Bayes risk, not the Neyman–Pearson
order the engine uses), Lipschitz constants (maximisation over explicit pairs) and Bayesian networks (products of
table entries) are computed from scratch.
The module holds no tests of its own except sanity checks of the oracle against textbook values.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath
from finite_oracle import exact_objects, frac  # noqa: F401  (exact_objects: used by test_s001)

MP = mpmath.MPContext()
MP.dps = 40
INF = math.inf


def mpf(x):
    if isinstance(x, Fraction):
        return MP.mpf(x.numerator) / x.denominator
    if isinstance(x, str):
        return mpf(Fraction(x))
    return MP.mpf(x)


def interval(text: str):
    """'[lo, hi]' (a report enclosure) as two mpf; '+inf (exact)' as (inf, inf)."""
    if text.startswith("+inf"):
        return MP.inf, MP.inf
    lo, hi = text.strip("[]").split(",")
    return MP.mpf(lo), MP.mpf(hi)


def in_interval(text: str, value, rel=MP.mpf("1e-20")) -> bool:
    lo, hi = interval(text)
    if value == MP.inf:
        return lo == MP.inf
    slack = rel * max(abs(value), 1)
    return lo - slack <= value <= hi + slack


def encloses(ball, value, rel=MP.mpf("1e-20")) -> bool:
    """An arb ball (or an exact number / the float inf) from the claim contains the oracle's value."""
    if value == MP.inf or (isinstance(value, float) and value == INF):
        return isinstance(ball, float) and ball == INF
    if isinstance(ball, (int, Fraction)):
        return abs(mpf(Fraction(ball)) - value) <= rel * max(abs(value), 1)
    if isinstance(ball, float):
        return False
    lo = MP.mpf(ball.lower().str(45, radius=False))
    hi = MP.mpf(ball.upper().str(45, radius=False))
    slack = rel * max(abs(value), 1)
    return lo - slack <= value <= hi + slack


# ----------------------------------------------------------------------------- densities
def beta_logpdf(a, b, t):
    a, b, t = mpf(a), mpf(b), mpf(t)
    return (a - 1) * MP.log(t) + (b - 1) * MP.log(1 - t) - (MP.loggamma(a) + MP.loggamma(b) - MP.loggamma(a + b))


def gamma_logpdf(k, r, t):
    k, r, t = mpf(k), mpf(r), mpf(t)
    return k * MP.log(r) - MP.loggamma(k) + (k - 1) * MP.log(t) - r * t


def normal_logpdf(m, v, t):
    m, v, t = mpf(m), mpf(v), mpf(t)
    return -MP.log(2 * MP.pi * v) / 2 - (t - m) ** 2 / (2 * v)


def law_logpdf(law, t):
    kind, p = law
    return {"beta": beta_logpdf, "gamma": gamma_logpdf, "normal": normal_logpdf}[kind](*p, t)


def _support(law):
    kind, p = law
    if kind == "beta":
        return MP.mpf(0), MP.mpf(1)
    if kind == "gamma":
        return MP.mpf(0), MP.inf
    return -MP.inf, MP.inf


def _grid(law1, law2, n=400):
    """Points spread over where either law has its mass (quantile-ish, from means and spreads)."""
    pts = set()
    for kind, p in (law1, law2):
        p = [mpf(x) for x in p]
        if kind == "beta":
            mean = p[0] / (p[0] + p[1])
            sd = MP.sqrt(p[0] * p[1] / ((p[0] + p[1]) ** 2 * (p[0] + p[1] + 1)))
        elif kind == "gamma":
            mean, sd = p[0] / p[1], MP.sqrt(p[0]) / p[1]
        else:
            mean, sd = p[0], MP.sqrt(p[1])
        for i in range(-n // 2, n // 2 + 1):
            pts.add(mean + sd * 40 * MP.mpf(i) / n)
    lo, hi = _support(law1)
    return sorted(x for x in pts if lo < x < hi)


def _crossings(f, law1, law2):
    xs = _grid(law1, law2)
    out = []
    vals = [f(x) for x in xs]
    for (x0, v0), (x1, v1) in zip(zip(xs, vals), zip(xs[1:], vals[1:])):
        if v0 == 0:
            out.append(x0)
        elif (v0 < 0) != (v1 < 0):
            out.append(MP.findroot(f, (x0, x1), solver="anderson"))
    return out


def quad_split(f, law1, law2, extra=()):
    lo, hi = _support(law1)
    pts = [lo] + sorted(set(list(extra) + _grid(law1, law2, 40))) + [hi]
    return MP.quad(f, pts)


def kl(law1, law2):
    """∫ p log(p/q) by mpmath quadrature."""
    f = lambda t: MP.exp(law_logpdf(law1, t)) * (law_logpdf(law1, t) - law_logpdf(law2, t))  # noqa: E731
    return quad_split(f, law1, law2)


def hockey_stick(law1, law2, eps):
    """∫ (p − e^ε q)₊ by quadrature between the crossings of log p/q = ε."""
    e = mpf(eps)
    g = lambda t: law_logpdf(law1, t) - law_logpdf(law2, t) - e  # noqa: E731
    cuts = _crossings(g, law1, law2)
    f = lambda t: max(MP.exp(law_logpdf(law1, t)) - MP.exp(e + law_logpdf(law2, t)), 0)  # noqa: E731
    return quad_split(f, law1, law2, cuts)


def tv(law1, law2):
    return hockey_stick(law1, law2, 0)


def renyi(law1, law2, alpha):
    a = mpf(alpha)
    f = lambda t: MP.exp(a * law_logpdf(law1, t) + (1 - a) * law_logpdf(law2, t))  # noqa: E731
    return MP.log(quad_split(f, law1, law2)) / (a - 1)


# ----------------------------------------------------------------------------- conjugate models by normalisation
def exponential_loglik(theta, data):
    t = mpf(theta)
    return len(data) * MP.log(t) - t * sum(mpf(x) for x in data)


def gamma_posterior_by_normalisation(k, r, data, theta_points):
    """Exp-records with a gamma(k, r) prior: log posterior density at θ by prior × likelihood / ∫ prior × likelihood."""
    f = lambda t: MP.exp(gamma_logpdf(k, r, t) + exponential_loglik(t, data))  # noqa: E731
    z = MP.quad(f, [0, 1, 10, 100, MP.inf])
    return [gamma_logpdf(k, r, t) + exponential_loglik(t, data) - MP.log(z) for t in theta_points], MP.log(z)


def exp_family_posterior(family, lam, data):
    """(shape, rate) of the gamma posterior of the conjugate models of paper 001's claims (Exp(λ) prior)."""
    n = len(data)
    lam = frac(lam)
    if family in ("gamma-exponential", "gamma-laplace"):  # θ e^{−θ|x|} resp. (θ/2) e^{−θ|x|} (location 0)
        return ("gamma", (1 + n, lam + sum(abs(frac(x)) for x in data)))
    return ("gamma", (1 + Fraction(n, 2), lam + sum(frac(x) ** 2 for x in data) / 2))


# ----------------------------------------------------------------------------- finite supports
def finite_posterior(rows, prior, data):
    w = []
    for row, p in zip(rows, prior):
        v = frac(p)
        for x in data:
            v *= frac(row[int(x)])
        w.append(v)
    z = sum(w)
    return [v / z for v in w]


def max_divergence(p, q):
    r = max(a / b for a, b in zip(p, q) if a > 0)
    return MP.log(mpf(r))


def tv_finite(p, q):
    return sum(abs(a - b) for a, b in zip(p, q)) / 2


def kl_finite(p, q):
    return sum(mpf(a) * MP.log(mpf(a) / mpf(b)) for a, b in zip(p, q) if a > 0)


def row_lipschitz(row):
    """Hamming per record: max_{x,y} |log p(x)/p(y)| = log(max/min)."""
    return MP.log(mpf(max(row)) / mpf(min(row)))


def minimax_error(p, q):
    """min over (randomised) tests of max(type I, type II) = max over π ∈ [0, 1] of the Bayes risk
    Σ_o min(πP(o), (1−π)Q(o)) (the minimax theorem); the risk is concave piecewise linear in π, so its maximum is
    at a breakpoint π = Q(o)/(P(o) + Q(o))."""
    cands = {Fraction(0), Fraction(1)}
    for a, b in zip(p, q):
        if a + b > 0:
            cands.add(frac(b) / (frac(a) + frac(b)))
    best = Fraction(0)
    for pi in cands:
        risk = sum(min(pi * frac(a), (1 - pi) * frac(b)) for a, b in zip(p, q))
        best = max(best, risk)
    return best


def product_law(p, n):
    """The law of n iid draws (every sequence)."""
    out = {}
    for seq in itertools.product(range(len(p)), repeat=n):
        w = Fraction(1)
        for s in seq:
            w *= frac(p[s])
        out[seq] = w
    return out


def l1_tail_bruteforce(p, n, eps_sq):
    """P(‖p̂_n − p‖₁² ≥ ε²) by summing over every sequence of n draws."""
    total = Fraction(0)
    for seq, w in product_law(p, n).items():
        counts = [seq.count(i) for i in range(len(p))]
        dev = sum(abs(Fraction(c, n) - frac(x)) for c, x in zip(counts, p))
        if mpf(dev * dev) >= mpf(eps_sq):
            total += w
    return total


# ----------------------------------------------------------------------------- constants of Theorem 1
def w_root():
    return MP.findroot(lambda w: MP.exp(w) - 2 * w - 1, MP.mpf("1.25"))


def kappa():
    w = w_root()
    return 2 * w / (1 - MP.exp(-w)) ** 2


# ----------------------------------------------------------------------------- Bayesian networks
def network_joint(adj, rows, x):
    K = len(adj)
    parents = [[j for j in range(K) if adj[j][k]] for k in range(K)]
    out, i = Fraction(1), 0
    tables = []
    for k in range(K):
        n = 2 ** len(parents[k])
        tables.append(rows[i:i + n])
        i += n
    for k in range(K):
        cfg = 0
        for j in parents[k]:
            cfg = cfg * 2 + x[j]
        out *= frac(tables[k][cfg][x[k]])
    return out


def network_lipschitz(adj, rows, weights=None):
    K = len(adj)
    w = weights or [1] * K
    outs = list(itertools.product((0, 1), repeat=K))
    best = MP.mpf(0)
    for x, y in itertools.combinations(outs, 2):
        rho = sum(wk for a, b, wk in zip(x, y, w) if a != b)
        best = max(best, abs(MP.log(mpf(network_joint(adj, rows, x)) / mpf(network_joint(adj, rows, y)))) / rho)
    return best


# ----------------------------------------------------------------------------- sanity of the oracle itself
def test_oracle_kappa_and_w_textbook():
    assert MP.nstr(w_root(), 6) == "1.25643"
    assert MP.nstr(kappa(), 6) == "4.91081"


def test_oracle_kl_normal_closed_form():
    # KL(N(0,1) ‖ N(1,4)) = (log 4 + (1 + 1)/4 − 1)/2
    assert abs(kl(("normal", (0, 1)), ("normal", (1, 4))) - (MP.log(4) + MP.mpf(2) / 4 - 1) / 2) < MP.mpf("1e-25")


def test_oracle_minimax_error_by_hand():
    # one observation, P = (3/4, 1/4), Q = (1/4, 3/4): the test 'first outcome ⇒ P' errs with 1/4 both ways
    assert minimax_error([Fraction(3, 4), Fraction(1, 4)], [Fraction(1, 4), Fraction(3, 4)]) == Fraction(1, 4)
