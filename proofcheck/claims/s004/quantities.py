"""Quantities of seed 004's claims: functions (case, m) written once against the evaluation path m.

They read the case (m.value, m.num, the raw channels and laws), call the path's routes (m.bdp_tail,
m.bdp_delta, m.privacy_cost, m.theorem3_cost, ...) and never branch on which path m is. An exact infinity
(a loss +∞ where only one dataset can produce an output) is combined by hand: arb would make it unsigned.
"""
from __future__ import annotations

import math
import zlib
from fractions import Fraction

import numpy as np

from mechanisms.bayesian_dp import ADJACENCIES
from mechanisms.errors import OutsideDomain
from proofcheck.numerics import Undecided

INF = math.inf


def _inf(x) -> bool:
    return isinstance(x, float) and math.isinf(x) and x > 0


# ----------------------------------------------------------------------------- the finite model
def adjacency(c) -> str:
    return ADJACENCIES[int(c["adjacency"])]


def x0(c) -> int:
    return int(c["x0"]) % len(c["mu"])


def model(c, key="K"):
    """(K, μ, adjacency, x₀) as the routes take them."""
    return c[key], c["mu"], adjacency(c), x0(c)


def pairs(c, m, key="K"):
    """[(μ(x), p(·|D), p(·|D'))] by selecting rows of K (the adjacency relation, nothing computed)."""
    K, mu, adj, z = model(c, key)
    out = []
    for x, w in enumerate(mu):
        if m.value(w) == 0:
            continue
        P, Q = {"add": (K[0], K[1 + x]), "remove": (K[1 + x], K[0]), "substitute": (K[1 + z], K[1 + x])}[adj]
        out.append((w, P, Q))
    return out


def num(name):
    return lambda c, m: m.num(c[name])


def tail(kind="ge", eps="eps", key="K"):
    """Pr_{x', w}[L ≥ ε] (kind 'ge'), Pr[L > ε] ('gt') or Pr[|L| ≥ ε] ('abs-ge')."""
    def q(c, m):
        K, mu, adj, z = model(c, key)
        return m.bdp_tail(K, mu, m.value(c[eps]), adj, z, kind)
    return q


def tail_averaged_over_points(c, m):
    """Σ_x μ(x) Pr_w[L(w, D, D'_x) ≥ ε]: each point's own (classic) tail from its pair alone, then averaged."""
    total = m.num(0)
    for w, P, Q in pairs(c, m):
        total = total + m.num(w) * m.num(m.bdp_tail([P, Q], [1], m.value(c["eps"]), "add", 0, "ge"))
    return total


def bdp_delta(reading, key="K", eps="eps"):
    def q(c, m):
        K, mu, adj, z = model(c, key)
        return m.bdp_delta(K, mu, m.value(c[eps]), adj, z, reading)
    return q


def bdp_delta_over_sets(reading):
    def q(c, m):
        K, mu, adj, z = model(c)
        return m.bdp_delta_over_sets(K, mu, m.value(c["eps"]), adj, z, reading)
    return q


def bdp_delta_after(reading):
    def q(c, m):
        _, mu, adj, z = model(c)
        KF = m.matmul(m.matrix(c["K"]), m.matrix(c["F"]))
        return m.bdp_delta(KF, mu, m.value(c["eps"]), adj, z, reading)
    return q


# ----------------------------------------------------------------------------- the post-processing remark
def merged(c, m):
    """K with its outputs 0 and 1 merged into one (a deterministic post-processing)."""
    K = m.matrix(c["K"])
    n_out = len(K[0])
    return m.matmul(K, m.deterministic_channel([0] + list(range(n_out - 1)), n_out - 1))


def strong_tail_after_merge(c, m):
    return m.bdp_tail(merged(c, m), [1], m.value(c["eps"]), "add", 0, "ge")


def loss_at(j):
    """L at output j of the pair (K[0], K[1]) (+∞ where only K[0] produces it); outside the domain where
    K[0] does not produce it (the loss is then not a value of the random variable)."""
    def q(c, m):
        a, b = m.value(c["K"][0][j]), m.value(c["K"][1][j])
        if a == 0:
            raise OutsideDomain(f"output {j} has probability 0 under D: its loss is not defined")
        return INF if b == 0 else m.log(m.num(a / b))
    return q


def merged_loss(c, m):
    a = m.value(c["K"][0][0]) + m.value(c["K"][0][1])
    b = m.value(c["K"][1][0]) + m.value(c["K"][1][1])
    return INF if b == 0 else m.log(m.num(a / b))


def mass_at(j):
    return lambda c, m: m.num(c["K"][0][j])


# ----------------------------------------------------------------------------- composition
def mechanisms_of(c):
    return [c["K1"], c["K2"], c["K3"]][: int(c["T"])]


def composed(c, m):
    return m.bdp_compose(*mechanisms_of(c))


def composed_tail(eps="eps"):
    def q(c, m):
        _, mu, adj, z = model(c, "K1")
        return m.bdp_tail(composed(c, m), mu, m.value(c[eps]) if isinstance(eps, str) else eps(c, m), adj, z, "ge")
    return q


def composed_mgf(c, m):
    _, mu, adj, z = model(c, "K1")
    return m.bdp_loss_mgf(composed(c, m), mu, m.value(c["lam"]), adj, z)


def costs(c, m):
    """[c_t(λ, T)] = (1/T) log E_x[e^{TλD_{λ+1}(p_t ‖ q_t)}] for each of the T mechanisms (Eq. (10))."""
    T = int(c["T"])
    _, mu, adj, z = model(c, "K1")
    out = []
    for K in mechanisms_of(c):
        r = m.bdp_renyi_mgf(K, mu, m.value(c["lam"]), adj, z, T)
        out.append(INF if _inf(r) else m.log(r) / T)
    return out


def sum_of_costs(c, m):
    cs = costs(c, m)
    if any(_inf(x) for x in cs):
        return INF
    total = cs[0]
    for x in cs[1:]:
        total = total + x
    return total


def log_composed_mgf(c, m):
    v = composed_mgf(c, m)
    return INF if _inf(v) else m.log(v)


def log_of(q):
    """log of a probability; −∞ (exactly) at 0."""
    def f(c, m):
        v = q(c, m)
        return -INF if _is_zero(v) else m.log(v)
    return f


def _is_zero(v) -> bool:
    if isinstance(v, (int, float, Fraction, np.floating)):
        return v == 0
    return bool(v.is_exact() and v.mid() == 0)


def corollary1_eps(c, m):
    """ε* = (1/λ)Σ_t c_t(λ, T) − (1/λ) log δ_μ; outside the domain where the bound is +∞."""
    s = sum_of_costs(c, m)
    if _inf(s):
        raise OutsideDomain("Σ c_t = +inf: Corollary 1's bound on ε_μ is +inf and says nothing")
    lam = m.num(c["lam"])
    return (s - m.log(m.num(c["delta"]))) / lam


# ----------------------------------------------------------------------------- Eqs. (5)–(9)
def markov_moment(c, m):
    K, mu, adj, z = model(c)
    return m.bdp_markov_moment(K, mu, m.value(c["lam"]), m.value(c["k"]), adj, z)


def loss_mgf(c, m):
    K, mu, adj, z = model(c)
    return m.bdp_loss_mgf(K, mu, m.value(c["lam"]), adj, z)


def renyi_mgf(c, m):
    K, mu, adj, z = model(c)
    return m.bdp_renyi_mgf(K, mu, m.value(c["lam"]), adj, z, 1)


def pair_mgf(c, m):
    """E_{w∼p(·|D)}[e^{λL}] for the pair (K[0], K[1]) alone (outcome randomness only)."""
    return m.bdp_loss_mgf([c["K"][0], c["K"][1]], [1], m.value(c["lam"]), "add", 0)


def pair_renyi_exp(c, m):
    """e^{λ D_{λ+1}(K[0] ‖ K[1])} with the Rényi divergence of the finite-distribution route."""
    lam = m.value(c["lam"])
    d = m.renyi(c["K"][0], c["K"][1], lam + 1)
    return INF if _inf(d) else m.exp(m.num(lam) * d)


def nested_renyi_mgf(c, m):
    """Σ_x μ(x) e^{λ D_{λ+1}(p_x ‖ q_x)}: the inner expectation of Eq. (8) by the finite-distribution Rényi
    route, the outer one over μ (law of total expectation)."""
    lam = m.value(c["lam"])
    total = m.num(0)
    for w, P, Q in pairs(c, m):
        d = m.renyi(P, Q, lam + 1)
        if _inf(d):
            return INF
        total = total + m.num(w) * m.exp(m.num(lam) * d)
    return total


# ----------------------------------------------------------------------------- §4.4.1
def pointwise_tails(c, m):
    K, mu, adj, z = model(c)
    return m.bdp_pointwise_tails(K, mu, m.value(c["eps"]), adj, z, "gt")


def expected_pointwise_tail(c, m):
    total = m.num(0)
    for w, d in pointwise_tails(c, m):
        total = total + m.num(w) * m.num(d)
    return total


def _exceeds(d, level) -> bool:
    """d > level for exact d and level; undecidable enclosures are Undecided."""
    if isinstance(d, (int, float, Fraction, np.floating)) and isinstance(level, (int, float, Fraction, np.floating)):
        return d > level
    from proofcheck.numerics import to_arb

    a, b = to_arb(d), to_arb(level)
    if a > b:
        return True
    if a <= b:
        return False
    raise Undecided(f"cannot tell {a} from {b}")


def mass_above_percentile_level(c, m):
    """μ{x : Δ(ε, x) > δ_μ/(1 − p)} with δ_μ the strong BDP δ at ε."""
    K, mu, adj, z = model(c)
    delta_mu = m.bdp_tail(K, mu, m.value(c["eps"]), adj, z, "ge")
    level = delta_mu / (1 - m.value(c["p"]))
    total = m.value(0)
    for w, d in pointwise_tails(c, m):
        if _exceeds(d, level):
            total = total + w
    return m.num(total)


# ----------------------------------------------------------------------------- Gaussian reference, Theorem 3
def reference_args(c, m):
    return (m.value(c["lam"]), int(c["T"]), m.value(c["s"]), m.value(c["sigma"]), int(c["d"]))


def reference_cost_quadrature(c, m):
    return m.gaussian_reference_cost_quadrature(*reference_args(c, m))


def reference_cost_closed_form(c, m):
    return m.gaussian_reference_cost(*reference_args(c, m))


def theorem3_args(c, m):
    return (int(c["lam"]), int(c["T"]), m.value(c["q"]), m.value(c["sigma"]),
            [m.value(x) for x in c["deltas"]], list(m.vector(c["weights"])))


def theorem3_term(term):
    return lambda c, m: m.theorem3_cost(term, *theorem3_args(c, m))


def exact_cost(direction):
    return lambda c, m: m.subsampled_gaussian_exact_cost(direction, *theorem3_args(c, m))


def ma_log_moment(c, m):
    """The moments accountant's exact log moment at sensitivity C: λ·τ_{λ+1} of the Poisson-subsampled
    Gaussian with noise multiplier σ/C (binomial sum at the integer order λ + 1)."""
    lam = int(c["lam"])
    return lam * m.subsampled_gaussian_rdp(lam + 1, m.value(c["sigma"]) / m.value(c["C"]), m.value(c["q"]))


def theorem3_at_sensitivity(term):
    def q(c, m):
        return m.theorem3_cost(term, int(c["lam"]), int(c["T"]), m.value(c["q"]), m.value(c["sigma"]),
                               [m.value(c["C"])], [m.value(1)])
    return q


# ----------------------------------------------------------------------------- estimators
def binary_failure(c, m):
    return m.binary_failure_probability(int(c["N"]), m.value(c["rho"]), m.value(c["gamma"]))


def posterior_cdf_at_estimate(c, m):
    n1 = int(c["k"]) % (int(c["N"]) + 1)
    n0 = int(c["N"]) - n1
    return m.binary_posterior_cdf(n0, n1, m.binary_estimate(n0, n1, m.value(c["gamma"])))


def monte_carlo_seed(c) -> int:
    key = ",".join(f"{k}={float(v)!r}" for k, v in sorted(c.items()))
    return zlib.crc32(key.encode())


def reference_failure_estimate(variant, n=4000):
    """The float path's estimate of Pr[ĉ < c_t(λ, T)] (n replications, seeded by the case); the certified
    path has no exact route: a statistical claim takes the Monte Carlo interval there."""
    from mechanisms.coverage import gaussian_reference_failure_monte_carlo

    def q(c, m):
        return m.statistical_estimate(lambda: gaussian_reference_failure_monte_carlo(
            float(c["lam"]), int(c["T"]), float(c["s"]), float(c["sigma"]), int(c["d"]), int(c["m"]),
            float(c["gamma"]), n, monte_carlo_seed(c), variant=variant).estimate)
    return q


def reference_failure_route(variant):
    def estimate(case, n, seed, device, confidence):
        from mechanisms.coverage import gaussian_reference_failure_monte_carlo

        return gaussian_reference_failure_monte_carlo(float(case["lam"]), int(case["T"]), float(case["s"]),
                                                      float(case["sigma"]), int(case["d"]), int(case["m"]),
                                                      float(case["gamma"]), n, seed, confidence, variant=variant)
    return estimate


def strong_tail_route(case, n, seed, device, confidence):
    """Monte Carlo for Definition 1's tail: draw x' ∼ μ and w ∼ p(·|D), count L ≥ ε (Clopper–Pearson)."""
    from mechanisms.bayesian_dp import bdp_tail_monte_carlo

    return bdp_tail_monte_carlo(np.asarray(case["K"], float), np.asarray(case["mu"], float), float(case["eps"]),
                                adjacency(case), x0(case), n, seed, confidence)


# ----------------------------------------------------------------------------- Eq. (1) and Table 1
def attack_probability(eps):
    """P(A) = 1/(1 + e^{−ε}) (Eq. (1))."""
    def q(c, m):
        return 1 / (1 + m.exp(-eps(c, m)))
    return q


def max_posterior(c, m):
    """max over outputs w and hypotheses of the flat-prior posterior p_d(w)/(p_0(w) + p_1(w))."""
    K = c["K"]
    best = m.value(0)
    for a, b in zip(K[0], K[1]):
        a, b = m.value(a), m.value(b)
        if a + b > 0:
            best = max(best, a / (a + b), b / (a + b))
    return m.num(best)


def bayes_accuracy(c, m):
    """Accuracy of the Bayes-optimal guess (flat prior): ½ Σ_w max(p_0(w), p_1(w))."""
    K = c["K"]
    return m.num(sum((max(m.value(a), m.value(b)) for a, b in zip(K[0], K[1])), m.value(0)) / 2)
