"""The posterior-sampling mechanism (Algorithm 1 of paper 001) on finite parameter spaces, and what an
adversary can learn from its answers.

Algorithm 1 answers the j-th query q_j : Θ → Ψ with q_j(θ_j), θ_j drawn afresh from ξ(· | x). Its answer
to k queries has the law ⊗_j q_j#ξ(· | x).

* ``k_sample_max_divergence`` — the exact privacy level D_∞ (the smallest ε of (ε, 0)-DP for the pair
  x, y) of the k answers, by enumeration of every answer tuple (|Ψ|^k outcomes); ``..._composed`` the
  same as Σ_j D_∞(q_j#P ‖ q_j#Q) (composition), a second route that enumerates nothing jointly.
* ``k_sample_hockey_stick_delta`` — δ(ε) of the k answers by enumeration.
* ``best_test_error`` — the error of the best (randomised, minimax) test between ξ(·|x) and ξ(·|y) from
  n independent posterior samples: min over tests of max(type I, type II), by the Neyman–Pearson order
  on the counts (the sufficient statistic), exact for exact posteriors; ``bayes_test_error`` the error
  under equal prior weights, (1 − TV(Pⁿ, Qⁿ))/2.
* ``gamma_best_test_error`` — the same for two gamma posteriors of one shape (the sum of the n samples
  is sufficient and gamma(nk, r)), certified by bisection on the threshold.
* ``le_cam_risk`` / ``affinity`` — sup_x E_{θ∼ξ(·|x)} ρ(ψ(θ), x) for an estimator ψ : Θ → S, and
  ‖P ∧ Q‖ = Σ min(p, q) (Lemma 8).
* ``sample_law`` / ``hockey_stick_monte_carlo`` — draws from a beta / gamma / normal posterior (Algorithm 1
  answering q(θ) = θ) and δ(ε) estimated from them with a rigorous (empirical Bernstein) interval.

The levels, δ(ε) and the best test's error on finite supports are formulas over the numeric context
(``fp.k_sample_max_divergence(...)``, ``certified.best_test_error(...)``: exact for exact posteriors). The gamma
test's error has two routes: the threshold by Brent's method in floats (:func:`gamma_best_test_error`), and a
rational bracket of it certified by the signs of the two errors, bisected (:func:`gamma_best_test_error_arb`).
``pushforward``, ``k_sample_law``, ``bayes_test_error``, ``le_cam_risk`` and ``affinity`` are plain arithmetic on
whatever numbers they are given.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Sequence

import numpy as np
from scipy import special as sc

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import certified, formula
from mechanisms.numerics.exact import to_fraction
from mechanisms.numerics.monte_carlo import DEFAULT_BATCH_SIZE, bounded_mean

__all__ = ["pushforward", "k_sample_law", "k_sample_max_divergence", "k_sample_max_divergence_composed",
           "k_sample_hockey_stick_delta", "best_test_error", "bayes_test_error", "gamma_best_test_error",
           "gamma_best_test_error_arb", "le_cam_risk", "affinity", "compositions", "multinomial_coefficient",
           "sample_law", "hockey_stick_monte_carlo"]


def pushforward(p: Sequence, query: Sequence[int], answers: int | None = None) -> list:
    """The law of q(θ) for θ ∼ p, q given as the answer index of each atom."""
    if len(query) != len(p):
        raise InvalidInput(f"pushforward: the query must map each of the {len(p)} atoms, got {list(query)!r}")
    size = (max(query) + 1) if answers is None else answers
    out = [0 * p[0]] * size
    for w, a in zip(p, query):
        out[a] = out[a] + w
    return out


def k_sample_law(p: Sequence, queries: Sequence[Sequence[int]]) -> dict:
    """The joint law of (q_1(θ_1), …, q_k(θ_k)), θ_j iid ∼ p: answer tuple -> probability."""
    laws = [pushforward(p, q) for q in queries]
    out = {}
    for combo in itertools.product(*[range(len(l)) for l in laws]):
        w = laws[0][combo[0]]
        for l, a in zip(laws[1:], combo[1:]):
            w = w * l[a]
        out[combo] = w
    return out


def _check_pair(p, q, queries, fname):
    if len(p) != len(q):
        raise InvalidInput(f"{fname}: posteriors of different sizes {len(p)} and {len(q)}")
    if not queries:
        raise InvalidInput(f"{fname}: at least one query")


def _probabilities(ctx, v, name, fname):
    return [ctx.real(x, name, fname, lo=0) for x in v]


@formula
def k_sample_max_divergence(ctx, p, q, queries):
    """D_∞ of the k answers: log of the largest ratio P/Q over the answer tuples (+∞ where Q is 0 and P is
    not), by enumeration of the joint law (exact ratios for exact posteriors)."""
    fname = "k_sample_max_divergence"
    _check_pair(p, q, queries, fname)
    lp = k_sample_law(_probabilities(ctx, p, "p", fname), queries)
    lq = k_sample_law(_probabilities(ctx, q, "q", fname), queries)
    ratios = []
    for key, a in lp.items():
        if ctx.is_zero(a):
            continue
        if ctx.is_zero(lq[key]):
            return ctx.inf
        ratios.append(a / lq[key])
    return ctx.log(ctx.max(*ratios))


@formula
def k_sample_max_divergence_composed(ctx, p, q, queries):
    """Σ_j D_∞(q_j#P ‖ q_j#Q): the same level by composition, no joint enumeration (a second method for
    :func:`k_sample_max_divergence`, whose answers are independent given the posterior)."""
    _check_pair(p, q, queries, "k_sample_max_divergence_composed")
    terms = [ctx.k_sample_max_divergence(p, q, [qu]) for qu in queries]
    for v in terms:
        if ctx.is_inf(v):
            return v
    return ctx.sum(terms, ctx.exact(0))


@formula
def k_sample_hockey_stick_delta(ctx, p, q, queries, eps):
    """δ(ε) of the k answers, Σ over answer tuples of (P − e^ε Q)₊."""
    fname = "k_sample_hockey_stick_delta"
    _check_pair(p, q, queries, fname)
    lp = k_sample_law(_probabilities(ctx, p, "p", fname), queries)
    lq = k_sample_law(_probabilities(ctx, q, "q", fname), queries)
    e = ctx.exp(ctx.real(eps, "eps", fname))
    return ctx.sum((ctx.positive_part(a - e * lq[k]) for k, a in lp.items()), ctx.exact(0))


# ----------------------------------------------------------------------------- distinguishing data sets
def compositions(n: int, k: int):
    """All count vectors (c_1, …, c_k) with Σ c = n."""
    if k == 1:
        yield (n,)
        return
    for c in range(n + 1):
        for rest in compositions(n - c, k - 1):
            yield (c,) + rest


def multinomial_coefficient(counts: Sequence[int]) -> int:
    """n!/∏ c_i! for a count vector c with Σ c = n (exact)."""
    coef = math.factorial(sum(counts))
    for c in counts:
        coef //= math.factorial(c)
    return coef


def _minimax_from_sorted(pairs):
    """Minimax error along the Neyman–Pearson order: pairs (P(o), Q(o)) sorted by P/Q decreasing."""
    p_cum = 0 * pairs[0][0]
    q_cum = 0 * pairs[0][1]
    for a, b in pairs:
        # accept 'P' on the outcomes so far plus a fraction λ of this one: α = 1 − p_cum − λa, β = q_cum + λb
        if a + b > 0 and (1 - p_cum - q_cum) <= a + b:
            lam = (1 - p_cum - q_cum) / (a + b)
            return q_cum + lam * b
        p_cum, q_cum = p_cum + a, q_cum + b
    return q_cum


@formula
def best_test_error(ctx, p: Sequence, q: Sequence, n: int):
    """Minimax error of the best test between Pⁿ and Qⁿ on a finite support: the outcomes are the count
    vectors (multinomial probabilities), ordered by the likelihood ratio P/Q decreasing (Q = 0 first), and
    the error read off :func:`_minimax_from_sorted` (exact for exact p, q)."""
    fname = "best_test_error"
    pv, qv = _probabilities(ctx, p, "p", fname), _probabilities(ctx, q, "q", fname)
    if len(pv) != len(qv):
        raise InvalidInput(f"{fname}: p and q must have the same length, got {len(pv)} and {len(qv)}")
    if int(n) != n or n < 1:
        raise InvalidInput(f"{fname}: n must be an integer >= 1, got n={n}")
    both_zero = [ctx.is_zero(x) and ctx.is_zero(y) for x, y in zip(pv, qv)]
    outcomes = []
    for c in compositions(int(n), len(pv)):
        if any(ci and z for ci, z in zip(c, both_zero)):
            continue
        a = b = ctx.exact(multinomial_coefficient(c))
        for ci, x, y in zip(c, pv, qv):
            a, b = a * x ** ci, b * y ** ci
        outcomes.append((a, b))
    outcomes.sort(key=lambda ab: (0, 0) if ctx.is_zero(ab[1]) else (1, -(ab[0] / ab[1])))
    return _minimax_from_sorted(outcomes)


def bayes_test_error(p: Sequence, q: Sequence, n: int):
    """Error of the Bayes test with equal prior weights, (1 − TV(Pⁿ, Qⁿ))/2 (exact for exact p, q)."""
    exact = not isinstance(p[0], float)
    total = 0
    for c in compositions(n, len(p)):
        coef = multinomial_coefficient(c)
        a = Fraction(coef) if exact else float(coef)
        b = a
        for ci, x, y in zip(c, p, q):
            a *= x ** ci
            b *= y ** ci
        total += min(a, b)
    return total / 2


# ----------------------------------------------------------------------------- gamma posteriors
def gamma_best_test_error(k, r1, r2, n: int) -> float:
    """Minimax error of the best test from n samples between gamma(k, r1) and gamma(k, r2) (float)."""
    k, r1, r2 = float(k), float(r1), float(r2)
    if r1 == r2:
        return 0.5
    return float(sc.gammaincc(n * k, max(r1, r2) * gamma_threshold(k, r1, r2, n)))


def gamma_best_test_error_arb(k, r1, r2, n: int):
    """Certified minimax error for two gamma laws of one shape: a rational bracket [t₋, t₊] of the
    threshold where the two errors cross, the error enclosed between the errors at its ends."""
    k, r1, r2 = to_fraction(k), to_fraction(r1), to_fraction(r2)
    if r1 == r2:
        return Fraction(1, 2)
    big, small = (r1, r2) if r1 > r2 else (r2, r1)
    kk = n * k

    def alpha(t):
        # Q itself, not 1 − P: Q keeps its relative accuracy where α is tiny (1 − P cannot resolve α ≈ 1e−50 at
        # 128 bits, and such cases were left undecided)
        return certified.regularized_gamma_upper(kk, big * to_fraction(t))

    def beta(t):
        return certified.regularized_gamma_lower(kk, small * to_fraction(t))

    t0 = Fraction(gamma_threshold(float(k), float(r1), float(r2), n)).limit_denominator(10**15)
    lo, hi = t0, t0
    h = max(t0, Fraction(1, 10**6)) * Fraction(1, 10**12)
    while not alpha(lo) - beta(lo) > 0:
        lo -= h
        h *= 2
        if lo <= 0:
            lo = Fraction(0)
            break
    h = max(t0, Fraction(1, 10**6)) * Fraction(1, 10**12)
    while not alpha(hi) - beta(hi) < 0:
        hi += h
        h *= 2
    for _ in range(200):
        if hi - lo <= max(hi, Fraction(1)) * Fraction(1, 10**35):
            break
        mid = (lo + hi) / 2
        d = alpha(mid) - beta(mid)
        if d > 0:
            lo = mid
        elif d < 0:
            hi = mid
        else:
            break
    # α decreasing, β increasing, α(t*) = β(t*) with t* ∈ [lo, hi]
    top = alpha(lo).min(beta(hi))
    bottom = alpha(hi).max(beta(lo))
    return bottom.lower().union(top.upper())


def gamma_threshold(k, r1, r2, n) -> float:
    """The threshold t on the sum S of the n samples where the two errors of the test 'larger rate iff S < t'
    are equal, P(S ≥ t | larger rate) = P(S < t | smaller rate) (float, Brent)."""
    big, small = max(r1, r2), min(r1, r2)
    K = n * k
    f = lambda t: sc.gammaincc(K, big * t) - sc.gammainc(K, small * t)  # noqa: E731
    return brentq(f, 0.0, 100 * K / small + 100, xtol=1e-300, rtol=1e-15, maxiter=500)


# ----------------------------------------------------------------------------- Le Cam
def le_cam_risk(posteriors: Sequence[Sequence], estimator: Sequence[int], rho: Sequence[Sequence]):
    """sup_x Σ_θ ξ(θ | x) ρ(ψ(θ), x): posteriors[x][θ], estimator[θ] ∈ S, rho[s][x] (exact or float)."""
    if any(len(row) != len(estimator) for row in posteriors):
        raise InvalidInput("le_cam_risk: every posterior must have one weight per atom of the estimator")
    best = None
    for x, row in enumerate(posteriors):
        val = sum((w * rho[estimator[t]][x] for t, w in enumerate(row)), 0 * row[0])
        best = val if best is None or val > best else best
    return best


def affinity(p: Sequence, q: Sequence):
    """‖P ∧ Q‖ = Σ min(p, q) (exact or float)."""
    return sum((min(a, b) for a, b in zip(p, q)), 0 * p[0])


# ----------------------------------------------------------------------------- Monte Carlo from the mechanism
def sample_law(law, size: int, rng):
    """size draws θ from a beta / gamma (shape, rate) / normal (mean, variance) law: what Algorithm 1 returns
    for the query q(θ) = θ (numpy Generator)."""
    kind, p = law
    p = [float(x) for x in p]
    if kind == "beta":
        return rng.beta(p[0], p[1], size)
    if kind == "gamma":
        return rng.gamma(p[0], 1.0 / p[1], size)
    if kind == "normal":
        return rng.normal(p[0], math.sqrt(p[1]), size)
    raise InvalidInput(f"sample_law: beta, gamma or normal laws, got {kind!r}")


def _log_density(law, theta):
    kind, p = law
    p = [float(x) for x in p]
    if kind == "beta":
        t = np.clip(theta, np.nextafter(0.0, 1.0), np.nextafter(1.0, 0.0))  # a draw of exactly 0 or 1
        return stats.beta.logpdf(t, p[0], p[1])
    if kind == "gamma":
        return stats.gamma.logpdf(np.maximum(theta, np.nextafter(0.0, 1.0)), p[0], scale=1.0 / p[1])
    return stats.norm.logpdf(theta, p[0], math.sqrt(p[1]))


def hockey_stick_monte_carlo(P, Q, eps, n: int, *, confidence: float, seed, batch_size: int | None = None):
    """δ(ε) = E_{θ∼P}[(1 − e^{ε − log p(θ)/q(θ)})₊] from n posterior samples: a finite-sample interval
    (empirical Bernstein; the integrand lies in [0, 1]) — a route that uses neither CDFs nor quadrature."""
    e = float(eps)

    def integrand(theta):
        r = _log_density(P, theta) - _log_density(Q, theta)
        with np.errstate(over="ignore", invalid="ignore"):
            v = -np.expm1(e - r)
        return np.clip(np.where(np.isnan(v), 0.0, v), 0.0, 1.0)

    return bounded_mean(lambda size, rng: sample_law(P, size, rng), integrand, n, lo=0.0, hi=1.0,
                        confidence=confidence, seed=seed, batch_size=batch_size or DEFAULT_BATCH_SIZE)


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# the best test between two gamma posteriors: its threshold by Brent's method in floats; a rational bracket of it
# certified by the signs of the two errors, bisected
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
from scipy import stats
from scipy.optimize import brentq

route("gamma_best_test_error", gamma_best_test_error, gamma_best_test_error_arb)
