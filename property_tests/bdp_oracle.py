"""Test oracle for seed 004 (Bayesian DP), written from the paper's definitions with Fractions, mpmath (40 digits)
and scipy; nothing here imports mechanisms/ or proofcheck/.

The finite model: K[0] = p(w|D₀), K[1 + x] = p(w|D₀ ∪ {x}), x' ∼ μ; adjacency add / remove / substitute.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from mp_oracle import MP, mpf


def pairs(K, mu, adjacency="add", x0=0):
    out = []
    for x, w in enumerate(mu):
        if w == 0:
            continue
        P, Q = {"add": (K[0], K[1 + x]), "remove": (K[1 + x], K[0]), "substitute": (K[1 + x0], K[1 + x])}[adjacency]
        out.append((w, P, Q))
    return out


def outcomes(K, mu, adjacency="add", x0=0):
    """(Pr[x', w] under μ and p(·|D), p, q) for each outcome w of positive probability p = p(w|D), q = p(w|D')."""
    for w, P, Q in pairs(K, mu, adjacency, x0):
        for p, q in zip(P, Q):
            if p != 0:
                yield Fraction(w) * Fraction(p), p, q


def loss(p, q):
    """log p/q as an mpf (+inf where q = 0)."""
    return MP.inf if q == 0 else MP.log(mpf(Fraction(p) / Fraction(q)))


def tail(K, mu, eps, adjacency="add", x0=0, kind="ge"):
    """Pr_{x', w}[L ≥ ε] (or > ε, or |L| ≥ ε), comparisons at 40 digits (ties are never drawn here)."""
    e = mpf(eps)
    total = Fraction(0)
    for mass, p, q in outcomes(K, mu, adjacency, x0):
        l = loss(p, q)
        hit = {"ge": l >= e, "gt": l > e, "abs-ge": abs(l) >= e}[kind]
        if hit:
            total += mass
    return total


def delta_over_sets(K, mu, eps, adjacency="add", x0=0, reading="fixed-set"):
    """Definition 2 by enumerating every set S of outcomes (mpmath)."""
    g = MP.exp(mpf(eps))
    m = len(K[0])
    sets = [S for r in range(m + 1) for S in itertools.combinations(range(m), r)]
    ps = pairs(K, mu, adjacency, x0)

    def sup(terms):
        return max(MP.fsum(mpf(Fraction(w)) * (mpf(sum((Fraction(P[i]) for i in S), Fraction(0)))
                                                - g * mpf(sum((Fraction(Q[i]) for i in S), Fraction(0))))
                           for w, P, Q in terms) for S in sets)

    if reading == "fixed-set":
        return sup(ps)
    return MP.fsum(mpf(Fraction(w)) * sup([(1, P, Q)]) for w, P, Q in ps)


def loss_mgf(K, mu, lam, adjacency="add", x0=0):
    lam = mpf(lam)
    total = MP.mpf(0)
    for mass, p, q in outcomes(K, mu, adjacency, x0):
        if q == 0:
            if lam > 0:
                return MP.inf
            continue
        total += mpf(mass) * (mpf(Fraction(p) / Fraction(q))) ** lam
    return total


def renyi_moment(P, Q, alpha):
    """Σ P^α Q^{1−α} = e^{(α−1)D_α(P‖Q)} (+inf where Q = 0 < P); P, Q exact (Fractions or what Fraction reads)."""
    a = mpf(alpha)
    s = MP.mpf(0)
    for p, q in zip(P, Q):
        if Fraction(p) == 0:
            continue
        if Fraction(q) == 0:
            return MP.inf
        s += mpf(Fraction(p)) ** a * mpf(Fraction(q)) ** (1 - a)
    return s


def renyi(P, Q, alpha):
    s = renyi_moment(P, Q, alpha)
    return MP.inf if s == MP.inf else MP.log(s) / (mpf(alpha) - 1)


def renyi_mgf(K, mu, lam, adjacency="add", x0=0, scale=1):
    total = MP.mpf(0)
    for w, P, Q in pairs(K, mu, adjacency, x0):
        d = renyi(P, Q, mpf(lam) + 1)
        if d == MP.inf:
            return MP.inf
        total += mpf(w) * MP.exp(scale * mpf(lam) * d)
    return total


def markov_moment(K, mu, lam, k, adjacency="add", x0=0):
    """E_{x', w}[|L|^k e^{λ|L|}] from the definition (0^0 = 1; φ(∞) = ∞ unless λ = k = 0, where φ ≡ 1)."""
    lam, k = mpf(lam), mpf(k)
    total = MP.mpf(0)
    for mass, p, q in outcomes(K, mu, adjacency, x0):
        if q == 0:
            if lam > 0 or k > 0:
                return MP.inf
            total += mpf(mass)
            continue
        t = abs(loss(p, q))
        phi = (MP.mpf(1) if k == 0 else t ** k) * MP.exp(lam * t)
        total += mpf(mass) * phi
    return total


def compose(*Ks):
    out = [list(r) for r in Ks[0]]
    for K in Ks[1:]:
        out = [[a * b for a in r1 for b in r2] for r1, r2 in zip(out, K)]
    return out


# ----------------------------------------------------------------------------- Gaussian reference, Theorem 3
def reference_cost(lam, T, s, sigma, d):
    """c_t(λ, T) for Δ ∼ N(0, s²I_d) by mpmath quadrature of E[e^{Tλ(λ+1)‖Δ‖²/(2σ²)}] over the χ²_d law of ‖Δ‖²/s²."""
    lam, s, sigma = mpf(lam), mpf(s), mpf(sigma)
    a = T * lam * (lam + 1) * s * s / (2 * sigma * sigma)
    if a >= MP.mpf(1) / 2:
        return MP.inf
    k = MP.mpf(d) / 2
    # over v = ‖Δ‖/s (a χ_d variable, density v^{d−1}e^{−v²/2}/(2^{k−1}Γ(k))): smooth at 0 for every d
    dens = lambda v: v ** (d - 1) * MP.exp(-v * v / 2) / (2 ** (k - 1) * MP.gamma(k))  # noqa: E731
    width = 1 / MP.sqrt(1 - 2 * a)
    mode = MP.sqrt(max(d - 1, 0)) * width
    pts = sorted({MP.mpf(0), mode, mode + width, mode + 4 * width, mode + 12 * width})
    val = MP.quad(lambda v: dens(v) * MP.exp(a * v * v), pts + [MP.inf])
    return MP.log(val) / T


def binomial_mgf(n, q, c, shift):
    q, c = mpf(q), mpf(c)
    return MP.fsum(math.comb(n, k) * q ** k * (1 - q) ** (n - k) * MP.exp((k * k + shift * k) * c) for k in range(n + 1))


def theorem3(term, lam, T, q, sigma, deltas, weights):
    n, shift = (lam + 1, -1) if term == "L" else (lam, 1)
    total = MP.fsum(mpf(w) * binomial_mgf(n, q, mpf(dl) ** 2 / (2 * mpf(sigma) ** 2), shift) ** T
                    for dl, w in zip(deltas, weights))
    return MP.log(total) / T


def scaled_renyi(direction, lam, q, sigma, delta):
    """λD_{λ+1} between μ = (1 − q)N(0, σ²) + qN(Δ, σ²) and μ₀ = N(0, σ²) by mpmath quadrature."""
    q, s, dl = mpf(q), mpf(sigma), mpf(delta)
    if dl == 0:
        return MP.mpf(0)
    ratio = lambda z: (1 - q) + q * MP.exp((2 * z * dl - dl * dl) / (2 * s * s))  # noqa: E731
    power = lam + 1 if direction == "forward" else -lam
    f = lambda z: MP.npdf(z, 0, s) * ratio(z) ** power  # noqa: E731
    top = max(abs(power), 1) * dl + 12 * s
    pts = sorted({-12 * s - 1, -s, 0, dl / 2, dl, top / 2, top})
    return MP.log(MP.quad(f, [-MP.inf] + pts + [MP.inf]))


def exact_cost(direction, lam, T, q, sigma, deltas, weights):
    if direction == "worst":
        return max(exact_cost(d, lam, T, q, sigma, deltas, weights) for d in ("forward", "reverse"))
    total = MP.fsum(mpf(w) * MP.exp(T * scaled_renyi(direction, lam, q, sigma, dl)) for dl, w in zip(deltas, weights))
    return MP.log(total) / T


# ----------------------------------------------------------------------------- the binary estimator
def posterior_cdf(n0, n1, z):
    """F(z) of Beta(n1 + 1, n0 + 1) by mpmath's regularised incomplete beta."""
    return MP.betainc(n1 + 1, n0 + 1, 0, mpf(z), regularized=True)


def failure_by_enumeration(N, rho, gamma):
    """Pr_{data ∼ Bern(ρ)^N}[ρ̂(data) < ρ] by enumerating all 2^N datasets (small N): ρ̂ < ρ ⇔ F(ρ) > 1 − γ."""
    rho, gamma = Fraction(rho), Fraction(gamma)
    total = Fraction(0)
    for data in itertools.product((0, 1), repeat=N):
        n1 = sum(data)
        if posterior_cdf(N - n1, n1, rho) > 1 - mpf(gamma):
            total += rho ** n1 * (1 - rho) ** (N - n1)
    return total


def estimate(n0, n1, gamma):
    """ρ̂ = F^{−1}(1 − γ) by mpmath root finding."""
    if gamma == 0:
        return MP.mpf(1)
    lo, hi, target = MP.mpf(0), MP.mpf(1), 1 - mpf(gamma)
    for _ in range(140):  # bisection: F is continuous and increasing on [0, 1]
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if posterior_cdf(n0, n1, mid) < target else (lo, mid)
    return (lo + hi) / 2


def t_estimator_failure(lam, T, s, sigma, d, m, gamma, n, seed, variant):
    """Failures of Eq. (14) on the Gaussian reference, simulated with its own code: (failures, n)."""
    from scipy import stats

    rng = np.random.default_rng(seed)
    scale = T if variant == "with-T" else 1
    truth = -d / (2 * T) * math.log1p(-T * lam * (lam + 1) * s * s / sigma ** 2)
    tq = stats.t.isf(gamma, m - 1)
    fails = 0
    for _ in range(0, n, 20000):
        x = np.exp(scale * lam * (lam + 1) * s * s * rng.chisquare(d, size=(20000, m)) / (2 * sigma ** 2))
        est = np.log(x.mean(axis=1) + tq * x.std(axis=1, ddof=1) / math.sqrt(m - 1)) / scale
        fails += int((est < truth).sum())
    return fails, (n // 20000) * 20000


def clopper_pearson_lower(k, n, confidence):
    from scipy import stats

    return 0.0 if k == 0 else float(stats.beta.ppf((1 - confidence) / 2, k, n - k + 1))
