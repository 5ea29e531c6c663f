"""Quantities of seed 004's claims: functions (case, m) written once against the evaluation path m.

They read the case (m.value, m.num, the raw channels and laws), call the path's routes (m.bdp_tail,
m.bdp_delta, m.bdp_renyi_mgf, m.subsampled_gaussian_binomial_cost, ...) and never branch on which path m is. An exact infinity
(a loss +∞ where only one dataset can produce an output) is combined by hand: arb would make it unsigned.
"""
from __future__ import annotations

import math
import zlib
from fractions import Fraction

import numpy as np

from mechanisms.bayesian.bayesian_dp import ADJACENCIES
from proofcheck.claims.finite_quantities import rows_identical
from proofcheck.claims.s004.printed import TABLE_1, half_unit, unit
from proofcheck.errors import OutsideDomain


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
        KF = m.cascade(m.matrix(c["K"]), m.matrix(c["F"]))
        return m.bdp_delta(KF, mu, m.value(c["eps"]), adj, z, reading)
    return q


def says_nothing(c) -> bool:
    """Every pair of outcome laws is identical: the loss is 0 and every bound is trivially met."""
    return rows_identical(c["K"], atol=1e-12)


def two_rows_equal(c) -> bool:
    """p(·|D) = p(·|D'): the pair of datasets is indistinguishable."""
    return rows_identical(c["K"], [0, 1], atol=1e-12)


def pure_dp_level(c, m):
    """max_w |log p(w|D)/p(w|D')|: the smallest ε the pair is ε-DP at."""
    return m.ldp_level(c["K"])


# ----------------------------------------------------------------------------- the post-processing remark
def merged(c, m):
    """K with its outputs 0 and 1 merged into one (a deterministic post-processing)."""
    K = m.matrix(c["K"])
    n_out = len(K[0])
    return m.cascade(K, m.deterministic_channel([0] + list(range(n_out - 1)), n_out - 1))


def strong_tail_after_merge(c, m):
    return m.bdp_tail(merged(c, m), [1], m.value(c["eps"]), "add", 0, "ge")


def loss_at(j):
    """L at output j of the pair (K[0], K[1]) (+∞ where only K[0] produces it); outside the domain where
    K[0] does not produce it (the loss is then not a value of the random variable)."""
    def q(c, m):
        a, b = m.value(c["K"][0][j]), m.value(c["K"][1][j])
        if a == 0:
            raise OutsideDomain(f"output {j} has probability 0 under D: its loss is not defined")
        return m.inf if b == 0 else m.log(m.num(a / b))
    return q


def merged_loss(c, m):
    a = m.value(c["K"][0][0]) + m.value(c["K"][0][1])
    b = m.value(c["K"][1][0]) + m.value(c["K"][1][1])
    return m.inf if b == 0 else m.log(m.num(a / b))


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


def composition_delta_sum(reading):
    """δ_1(ε_1) + δ_2(ε_2) of the two mechanisms on their own, under the reading ('strong': Definition 1's tail)."""
    def q(c, m):
        _, mu, adj, z = model(c, "K1")
        if reading == "strong":
            d1 = m.bdp_tail(c["K1"], mu, m.value(c["eps1"]), adj, z, "ge")
            d2 = m.bdp_tail(c["K2"], mu, m.value(c["eps2"]), adj, z, "ge")
        else:
            d1 = m.bdp_delta(c["K1"], mu, m.value(c["eps1"]), adj, z, reading)
            d2 = m.bdp_delta(c["K2"], mu, m.value(c["eps2"]), adj, z, reading)
        return m.num(d1) + m.num(d2)
    return q


def composed_delta(reading):
    """δ of K1 and K2 run together at ε_1 + ε_2, under the reading."""
    def q(c, m):
        _, mu, adj, z = model(c, "K1")
        KK = m.bdp_compose(c["K1"], c["K2"])
        eps = m.value(c["eps1"]) + m.value(c["eps2"])
        if reading == "strong":
            return m.num(m.bdp_tail(KK, mu, eps, adj, z, "ge"))
        return m.num(m.bdp_delta(KK, mu, eps, adj, z, reading))
    return q


def costs(c, m):
    """[c_t(λ, T)] = (1/T) log E_x[e^{TλD_{λ+1}(p_t ‖ q_t)}] for each of the T mechanisms (Eq. (10))."""
    T = int(c["T"])
    _, mu, adj, z = model(c, "K1")
    out = []
    for K in mechanisms_of(c):
        r = m.bdp_renyi_mgf(K, mu, m.value(c["lam"]), adj, z, T)
        out.append(m.inf if m.is_inf(r) else m.log(r) / T)
    return out


def sum_of_costs(c, m):
    cs = costs(c, m)
    if any(m.is_inf(x) for x in cs):
        return m.inf
    total = cs[0]
    for x in cs[1:]:
        total = total + x
    return total


def product_bound(c, m):
    """Theorem 1's right-hand side Π_t E_x[e^{TλD_{λ+1}(p_t‖q_t)}]^{1/T} = exp(Σ_t c_t)."""
    s = sum_of_costs(c, m)
    return m.inf if m.is_inf(s) else m.exp(s)


def log_composed_mgf(c, m):
    v = composed_mgf(c, m)
    return m.inf if m.is_inf(v) else m.log(v)


def log_of(q):
    """log of a probability; −∞ (exactly) at 0."""
    def f(c, m):
        v = q(c, m)
        return -m.inf if m.is_zero(v) else m.log(v)
    return f


def eps_from_cost_sum(c, m):
    """ε* = (1/λ)Σ_t c_t(λ, T) − (1/λ) log δ_μ (Corollary 1 of seed 004); outside the domain where the bound is +∞."""
    s = sum_of_costs(c, m)
    if m.is_inf(s):
        raise OutsideDomain("Σ c_t = +inf: Corollary 1's bound on ε_μ is +inf and says nothing")
    lam = m.num(c["lam"])
    return (s - m.log(m.num(c["delta"]))) / lam


# ----------------------------------------------------------------------------- Eqs. (5)–(9)
def two_sided_tail(c, m):
    """Pr_{w∼p(·|D)}[|L| ≥ ε] for the pair (K[0], K[1])."""
    K = c["K"]
    return m.bdp_tail([K[0], K[1]], [1], m.value(c["eps"]), "add", 0, "abs-ge")


def drop_abs_bound(reading):
    """The bound on Pr_{w∼D}[|L(w,D,D')| ≥ ε] that 'using L instead of |L|' gives from the one-sided tails of both
    ordered pairs: their max ('same-delta', the same δ covers |L|), or their sum ('sum')."""
    def q(c, m):
        K = c["K"]
        t1 = m.num(m.bdp_tail([K[0], K[1]], [1], m.value(c["eps"]), "add", 0, "ge"))
        t2 = m.num(m.bdp_tail([K[1], K[0]], [1], m.value(c["eps"]), "add", 0, "ge"))
        return m.max(t1, t2) if reading == "same-delta" else t1 + t2
    return q


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
    return m.inf if m.is_inf(d) else m.exp(m.num(lam) * d)


def nested_renyi_mgf(c, m):
    """Σ_x μ(x) e^{λ D_{λ+1}(p_x ‖ q_x)}: the inner expectation of Eq. (8) by the finite-distribution Rényi
    route, the outer one over μ (law of total expectation)."""
    lam = m.value(c["lam"])
    total = m.num(0)
    for w, P, Q in pairs(c, m):
        d = m.renyi(P, Q, lam + 1)
        if m.is_inf(d):
            return m.inf
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


def mass_above_percentile_level(c, m):
    """μ{x : Δ(ε, x) > δ_μ/(1 − p)} with δ_μ the strong BDP δ at ε."""
    K, mu, adj, z = model(c)
    delta_mu = m.bdp_tail(K, mu, m.value(c["eps"]), adj, z, "ge")
    level = delta_mu / (1 - m.value(c["p"]))
    total = m.value(0)
    for w, d in pointwise_tails(c, m):
        if m.gt(d, level):  # three-valued: enclosures that cannot tell raise Undecided
            total = total + w
    return m.num(total)


# ----------------------------------------------------------------------------- §4.4: the Gaussian mechanism
MA_ORDERS = tuple(range(2, 66))  # α = λ + 1 for λ = 1..64


def gaussian_pointwise_tail(c, m):
    """Δ(ε, x') = Pr[L > ε] for the Gaussian mechanism at gradient difference r = uC: L ∼ N(η, 2η), η = r²/(2σ²)."""
    r, sg, e = m.num(c["u"]) * m.num(c["C"]), m.num(c["sigma"]), m.num(c["eps"])
    eta = r * r / (2 * sg * sg)
    return m.Phi((eta - e) / m.sqrt(2 * eta))


def ma_delta(c, m):
    """The moments accountant's δ at sensitivity C: min over λ = 1..64 of e^{λ((λ+1)C²/(2σ²) − ε)}."""
    C, sg, e = m.value(c["C"]), m.value(c["sigma"]), m.value(c["eps"])
    logs = [m.log_delta_from_rdp_basic(a * C * C / (2 * sg * sg), a, e) for a in MA_ORDERS]
    return m.exp(m.min(*logs))


def gaussian_delta(c, m):
    """The Gaussian mechanism's exact privacy profile δ(ε) at sensitivity 1 (Balle–Wang)."""
    return m.gaussian_delta(m.value(c["sigma"]), m.value(c["eps"]))


def rdp_basic_delta(c, m):
    """e^{λ(τ_{λ+1} − ε)} with τ_α = α/(2σ²): Eq. (9) for the Gaussian mechanism without μ."""
    lam, sg, e = m.num(c["lam"]), m.num(c["sigma"]), m.num(c["eps"])
    return m.exp(lam * ((lam + 1) / (2 * sg * sg) - e))


# ----------------------------------------------------------------------------- Gaussian reference, Theorem 3
def reference_args(c, m):
    return (m.value(c["lam"]), int(c["T"]), m.value(c["s"]), m.value(c["sigma"]), int(c["d"]))


def reference_cost_quadrature(c, m):
    return m.gaussian_reference_cost_quadrature(*reference_args(c, m))


def reference_cost_closed_form(c, m):
    return m.gaussian_reference_cost(*reference_args(c, m))


def reference_pole(c, m):
    """Tλ(λ+1)s²/σ²: c_t(λ, T) of the reference is finite iff this is < 1."""
    lam, s, sg = m.num(c["lam"]), m.num(c["s"]), m.num(c["sigma"])
    return m.num(int(c["T"])) * lam * (lam + 1) * s * s / (sg * sg)


def estimator_limit(variant):
    """Eq. (14)'s limit as m → ∞ (M → E X, S → sd X, t/√(m−1) → 0): (1/s) log E[e^{s λ D̂}] by quadrature, with
    s = 1 ('printed') or T ('with-T')."""
    def q(c, m):
        scale = 1 if variant == "printed" else int(c["T"])
        return m.gaussian_reference_cost_quadrature(m.value(c["lam"]), scale, m.value(c["s"]), m.value(c["sigma"]),
                                                    int(c["d"]))
    return q


def estimator_variance_exponent(variant):
    """2·(scale)·λ(λ+1)s²/(2σ²): X = e^{aχ²_d} has a variance iff 2a < 1/2, i.e. this is < 1/2."""
    def q(c, m):
        scale = 1 if variant == "printed" else int(c["T"])
        lam, s, sg = m.num(c["lam"]), m.num(c["s"]), m.num(c["sigma"])
        return 2 * scale * lam * (lam + 1) * s * s / (2 * sg * sg)
    return q


def subsampled_gaussian_args(c, m):
    """(λ, T, q, σ, atoms of ‖g_t − g'_t‖, their weights) of a case, as the subsampled-Gaussian routes take them."""
    return (int(c["lam"]), int(c["T"]), m.value(c["q"]), m.value(c["sigma"]),
            [m.value(x) for x in c["deltas"]], list(m.vector(c["weights"])))


def binomial_cost_term(term):
    """c^L (term "L") or c^R ("R"): the binomial expectations printed in Theorem 3 of seed 004."""
    return lambda c, m: m.subsampled_gaussian_binomial_cost(term, *subsampled_gaussian_args(c, m))


def exact_cost(direction):
    return lambda c, m: m.subsampled_gaussian_exact_cost(direction, *subsampled_gaussian_args(c, m))


def ma_log_moment(c, m):
    """The moments accountant's exact log moment at sensitivity C: λ·τ_{λ+1} of the Poisson-subsampled
    Gaussian with noise multiplier σ/C (binomial sum at the integer order λ + 1)."""
    lam = int(c["lam"])
    return lam * m.subsampled_gaussian_rdp(lam + 1, m.value(c["sigma"]) / m.value(c["C"]), m.value(c["q"]))


def binomial_cost_at_sensitivity(term):
    """Theorem 3's c^L or c^R with ‖g_t − g'_t‖ = C, the sensitivity (seed 004, §4.4.2's moments-accountant remark)."""
    def q(c, m):
        return m.subsampled_gaussian_binomial_cost(term, int(c["lam"]), int(c["T"]), m.value(c["q"]),
                                                   m.value(c["sigma"]), [m.value(c["C"])], [m.value(1)])
    return q


# ----------------------------------------------------------------------------- estimators
def binary_failure(c, m):
    return m.binary_failure_probability(int(c["N"]), m.value(c["rho"]), m.value(c["gamma"]))


def example_gamma(c, m):
    """1 − F(ρ) for N zeros and no ones (the failure probability assigned to the output ρ̂ = ρ)."""
    return 1 - m.num(m.binary_posterior_cdf(int(c["N"]), 0, m.value(c["rho"])))


def binary_estimate_at(gamma_key):
    """ρ̂ = F^{−1}(1 − γ) for the case's counts n0, n1 at γ = c[gamma_key] (γ = 0 when gamma_key is None)."""
    def q(c, m):
        gamma = m.value(c[gamma_key]) if gamma_key else m.value(0)
        return m.num(m.binary_estimate(m.value(c["n0"]), m.value(c["n1"]), gamma))
    return q


def example_figure_gap(c, m):
    """The worked example (100 zeros, no ones): row 0 |γ(0.01) − 0.36|, row 1 |ρ̂(0.99^{101}) − 0.01|,
    row 2 |ρ̂(0) − 1|."""
    row = int(c["row"])
    if row == 0:
        return m.abs(example_gamma({"N": 100, "rho": Fraction(1, 100)}, m) - m.num(Fraction(36, 100)))
    gamma = Fraction(99, 100) ** 101 if row == 1 else Fraction(0)
    target = Fraction(1, 100) if row == 1 else Fraction(1)
    return m.abs(m.num(m.binary_estimate(100, 0, gamma)) - m.num(target))


def posterior_cdf_at_estimate(c, m):
    n1 = int(c["k"]) % (int(c["N"]) + 1)
    n0 = int(c["N"]) - n1
    return m.binary_posterior_cdf(n0, n1, m.binary_estimate(n0, n1, m.value(c["gamma"])))


def fold_tail(c, m):
    """Pr[L ≥ ε] with x' ∈ {0, 1}, Pr[x' = 1] = ρ (rows of K: without the point, with 0, with 1)."""
    rho = m.value(c["rho"])
    return m.num(m.bdp_tail(c["K"], [1 - rho, rho], m.value(c["eps"]), "add", 0, "ge"))


def fold_failure(c, m):
    """Pr_data[ρ̂ < ρ] for N draws of x' (the binary estimator's exact failure probability)."""
    return m.num(m.binary_failure_probability(int(c["N"]), m.value(c["rho"]), m.value(c["gamma"])))


def monte_carlo_seed(c) -> int:
    key = ",".join(f"{k}={float(v)!r}" for k, v in sorted(c.items()))
    return zlib.crc32(key.encode())


def reference_failure_estimate(variant, n=4000):
    """The float path's estimate of Pr[ĉ < c_t(λ, T)] (n replications, seeded by the case); the certified
    path has no exact route: a statistical claim takes the Monte Carlo interval there."""
    from mechanisms.bayesian.coverage import gaussian_reference_failure_monte_carlo

    def q(c, m):
        return m.statistical_estimate(lambda: gaussian_reference_failure_monte_carlo(
            float(c["lam"]), int(c["T"]), float(c["s"]), float(c["sigma"]), int(c["d"]), int(c["m"]),
            float(c["gamma"]), n, monte_carlo_seed(c), variant=variant).estimate)
    return q


def reference_failure_route(variant):
    def estimate(case, n, seed, device, confidence):
        from mechanisms.bayesian.coverage import gaussian_reference_failure_monte_carlo

        return gaussian_reference_failure_monte_carlo(float(case["lam"]), int(case["T"]), float(case["s"]),
                                                      float(case["sigma"]), int(case["d"]), int(case["m"]),
                                                      float(case["gamma"]), n, seed, confidence, variant=variant)
    return estimate


def strong_tail_route(case, n, seed, device, confidence):
    """Monte Carlo for Definition 1's tail: draw x' ∼ μ and w ∼ p(·|D), count L ≥ ε (Clopper–Pearson)."""
    from mechanisms.bayesian.bayesian_dp import bdp_tail_monte_carlo

    return bdp_tail_monte_carlo(np.asarray(case["K"], float), np.asarray(case["mu"], float), float(case["eps"]),
                                adjacency(case), x0(case), n, seed, confidence)


# ----------------------------------------------------------------------------- Eq. (1) and Table 1
def _p_of(e, m):
    """P(A) = 1/(1 + e^{−ε}) (Eq. (1))."""
    return 1 / (1 + m.exp(-e))


def attack_probability(eps):
    """P(A) of Eq. (1) at the ε that ``eps(c, m)`` gives."""
    return lambda c, m: _p_of(eps(c, m), m)


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


def table_gap(reading):
    """Table 1, row c['row']: the printed P(A) against Eq. (1) at the printed ε, under the reading. 'as-printed':
    |P(ε) − p| − half a unit of p; else the distance between [P(ε − h), P(ε + h)] (P increasing, h half a unit of
    the printed ε) and the band the printed P(A) stands for (rounded: p ± half a unit; 'truncated': [p, p + unit]),
    ≤ 0 (minus the depth of the overlap) when they meet."""
    def q(c, m):
        _, _, eps_s, p_s = TABLE_1[int(c["row"])]
        e, p = Fraction(eps_s), m.num(Fraction(p_s))
        if reading == "as-printed":
            return m.abs(_p_of(m.num(e), m) - p) - m.num(half_unit(p_s))
        he = half_unit(eps_s)
        lo, hi = _p_of(m.num(e - he), m), _p_of(m.num(e + he), m)
        if reading == "within-rounding":
            band_lo, band_hi = p - m.num(half_unit(p_s)), p + m.num(half_unit(p_s))
        else:
            band_lo, band_hi = p, p + m.num(unit(p_s))
        return m.max(lo - band_hi, band_lo - hi)
    return q


# ----------------------------------------------------------------------------- Theorem 1, adaptive (T = 2)
ADAPTIVE_READINGS = ("sup-past", "averaged-past", "realised-path")


def adaptive_second(c, j):
    """The second mechanism run after the first one output j: the channel K2_j."""
    return c[f"K2_{j}"]


def adaptive_joint(c, m):
    """The two-step adaptive mechanism: p(w₁, w₂ | r) = K1[r][w₁]·K2_{w₁}[r][w₂] (outputs (w₁, w₂) in
    lexicographic order); a product of exact rows is an exact row on the certified path."""
    K1 = c["K1"]
    rows = []
    for r in range(len(K1)):
        row = []
        for j in range(len(K1[0])):
            K2 = adaptive_second(c, j)
            row += [m.value(K1[r][j]) * m.value(K2[r][k]) for k in range(len(K2[0]))]
        rows.append(row)
    return rows


def adaptive_mgf(c, m):
    """E_{x', w₁, w₂}[e^{λL^{(1:2)}}] of the adaptive two-step mechanism (joint sum)."""
    _, mu, adj, z = model(c, "K1")
    return m.bdp_loss_mgf(adaptive_joint(c, m), mu, m.value(c["lam"]), adj, z)


def _second_step_divergences(c, m):
    """d[j][i] = D_{λ+1}(p₂(·|w₁ = j, D) ‖ p₂(·|w₁ = j, D')) at the i-th point x' with μ(x') > 0."""
    lam = m.value(c["lam"])
    return [[m.renyi(P, Q, lam + 1) for _, P, Q in pairs(c, m, f"K2_{j}")] for j in range(len(c["K1"][0]))]


def adaptive_bound(reading):
    """Theorem 1's right side for T = 2, E_x[e^{2λD(p₁‖q₁)}]^{1/2}·E_x[e^{2λD(p₂‖q₂)}]^{1/2}, with the past output
    w₁ in p₂ = p(w₂|w₁, D) bound by the reading: 'sup-past' the largest divergence over w₁ (for each x'),
    'averaged-past' e^{2λD} averaged over w₁ ∼ p(·|D), 'realised-path' w₁ = the case's realised output."""
    def q(c, m):
        T, lam = 2, m.num(c["lam"])
        _, mu, adj, z = model(c, "K1")
        first = m.bdp_renyi_mgf(c["K1"], mu, m.value(c["lam"]), adj, z, T)
        d = _second_step_divergences(c, m)
        step1 = pairs(c, m, "K1")
        second = m.num(0)
        for i, (w, P1, _) in enumerate(step1):
            if reading == "sup-past":
                ds = [d[j][i] for j in range(len(d))]
                if any(m.is_inf(x) for x in ds):
                    return m.inf
                term = m.exp(T * lam * m.max(*ds))
            elif reading == "averaged-past":
                term = m.num(0)
                for j in range(len(d)):
                    if m.value(P1[j]) == 0:
                        continue
                    if m.is_inf(d[j][i]):
                        return m.inf
                    term = term + m.num(P1[j]) * m.exp(T * lam * d[j][i])
            else:
                dj = d[int(c["path"])][i]
                if m.is_inf(dj):
                    return m.inf
                term = m.exp(T * lam * dj)
            second = second + m.num(w) * term
        if m.is_inf(first):
            return m.inf
        return m.sqrt(m.num(first) * second)
    return q


def realised_path_probability(c, m):
    """Pr[w₁ = path] = Σ_x μ(x) p₁(path | D) (the realised output must be possible)."""
    total = m.value(0)
    for w, P1, _ in pairs(c, m, "K1"):
        total = total + m.value(w) * m.value(P1[int(c["path"])])
    return m.num(total)


# ----------------------------------------------------------------------------- §4.3.2: δ_μ = β + γ with T estimators
def sum_underestimate_probability(c, m):
    """Pr[Σ_t ĉ_t < Σ_t c_t] for T independent estimators whose error ĉ_t − c_t is −a with probability f and +b
    otherwise: with J ∼ B(T, f) failures the sum is (T − J)b − Ja, below 0 iff J > Tb/(a + b) (exact binomial sum)."""
    T = int(c["T"])
    f, a, b = m.value(c["f"]), m.value(c["a"]), m.value(c["b"])
    total = m.value(0)
    for j in range(T + 1):
        if (T - j) * b - j * a < 0:
            total = total + math.comb(T, j) * f ** j * (1 - f) ** (T - j)
    return m.num(total)


# ----------------------------------------------------------------------------- §5.1: Weibull gradients, no clipping
ACCOUNTANT_ORDERS = tuple(range(1, 33))  # the authors' accountant's default powers λ = 1..32


def weibull_gaussian_cost(lam, c, m):
    """c_t(λ, T) = (1/T) log E_r[e^{Tλ(λ+1)r²/(2σ²)}] of the Gaussian mechanism (no clipping) with ‖g_t − g'_t‖ = r
    ∼ Weibull(k, s), decided analytically: for k < 2 and λ > 0 the log-integrand Tλ(λ+1)r²/(2σ²) + log(k/s)
    + (k − 1) log(r/s) − (r/s)^k → +∞ as r → ∞ (r² outgrows r^k and log r), so the integral diverges: +∞.
    k ≥ 2 is outside this claim's domain."""
    if not m.value(c["shape"]) < 2:
        raise OutsideDomain("Weibull shape ≥ 2: the moment may be finite; not decided here")
    return m.inf


def weibull_eps_from_cost_sum(c, m):
    """ε_μ of Corollary 1 (seed 004) minimised over the accountant's orders: min_λ (1/λ)(T·c_t(λ, T) − log δ_μ)."""
    T = int(c["T"])
    best = None
    for lam in ACCOUNTANT_ORDERS:
        cost = weibull_gaussian_cost(lam, c, m)
        e = m.inf if m.is_inf(cost) else (T * cost - m.log(m.num(c["delta"]))) / lam
        best = e if best is None else (best if m.is_inf(e) else e if m.is_inf(best) else m.min(best, e))
    return best


def weibull_window_start(c) -> Fraction:
    """A point R where the log-integrand's lower bound on [R, R + 1] exceeds T·M (chosen in floats; any R gives a
    valid lower bound, this one makes it large enough)."""
    lam, T, sg = float(c["lam"]), int(c["T"]), float(c["sigma"])
    k, s, level = float(c["shape"]), float(c["scale"]), float(c["M"])
    a = T * lam * (lam + 1) / (2 * sg * sg)
    R = max(2 * s, 1.0)
    while a * R * R + math.log(k / s) + (k - 1) * math.log((R + 1) / s) - ((R + 1) / s) ** k < T * level + 1:
        R *= 1.5
    return Fraction(math.ceil(R))


def weibull_cost_lower_bound(c, m):
    """A certified lower bound on c_t(λ, T) = (1/T) log ∫₀^∞ e^{ar²} f(r) dr (a = Tλ(λ+1)/(2σ²), f the Weibull(k, s)
    density): the integral is ≥ its part over [R, R + 1] ≥ e^{h}, h the smallest the log-integrand a r² + log(k/s)
    + (k − 1) log(r/s) − (r/s)^k can be there (each term monotone in r: a r² at R, the other two at R + 1, k < 1)."""
    R = weibull_window_start(c)
    lam, T, sg = m.num(c["lam"]), int(c["T"]), m.num(c["sigma"])
    k, s = m.num(c["shape"]), m.num(c["scale"])
    a = T * lam * (lam + 1) / (2 * sg * sg)
    hi = m.num(R + 1) / s
    h = a * m.num(R) ** 2 + m.log(k / s) + (k - 1) * m.log(hi) - m.exp(k * m.log(hi))
    return h / T


# ----------------------------------------------------------------------------- Theorem 3 under substitution
SUBSTITUTION_CELLS = 32


def _cell_edges(a, b, lam, sigma):
    """Thresholds (exact, on a 1/64 grid) of a partition of the line: 64 cells over the region where the two
    mixtures and the tilted centre a − λ(b − a) lie, plus the two tails."""
    pts = [0.0, a, b, a - lam * (b - a)]
    lo, hi = min(pts) - 6 * sigma, max(pts) + 6 * sigma
    step = (hi - lo) / SUBSTITUTION_CELLS
    return sorted({Fraction(round((lo + i * step) * 64), 64) for i in range(SUBSTITUTION_CELLS + 1)})


def _mixture_cells(edges, centre, q, sg, m):
    """The cell probabilities of (1 − q)N(0, σ²) + qN(centre, σ²): left tail, the cells, right tail (each tail by
    Φ of a negative argument, so no cancellation)."""
    def cdf(t):
        return (1 - q) * m.Phi(m.num(t) / sg) + q * m.Phi((m.num(t) - centre) / sg)

    def sf(t):
        return (1 - q) * m.Phi(-m.num(t) / sg) + q * m.Phi((centre - m.num(t)) / sg)

    cells = [cdf(edges[0])]
    cells += [cdf(v) - cdf(u) if v <= 0 else sf(u) - sf(v) for u, v in zip(edges, edges[1:])]
    return cells + [sf(edges[-1])]


def _cells_to_keep(edges, a, b, q, sigma, floor=1e-30):
    """The cells both of whose probabilities are above ``floor`` in floats (a choice of the witness, the same on
    both paths): far smaller cells would be enclosures too wide for a logarithm at working precision."""
    from scipy import stats

    def cells(centre):
        cdf = (1 - q) * stats.norm.cdf(np.array(edges, float) / sigma) + q * stats.norm.cdf((np.array(edges, float) - centre) / sigma)
        sf = (1 - q) * stats.norm.sf(np.array(edges, float) / sigma) + q * stats.norm.sf((np.array(edges, float) - centre) / sigma)
        inner = [cdf[i + 1] - cdf[i] if edges[i + 1] <= 0 else sf[i] - sf[i + 1] for i in range(len(edges) - 1)]
        return [cdf[0], *inner, sf[-1]]

    return {i for i, (x, y) in enumerate(zip(cells(a), cells(b))) if x > floor and y > floor}


def substitution_cost_lower_bound(c, m):
    """A certified lower bound on the exact privacy cost (1/T) log E_x[e^{TλD_{λ+1}(P_{g₀} ‖ P_{g(x')})}] under
    substitution, P_g = (1 − q)N(0, σ²) + qN(g, σ²) (D = D₀ ∪ {x₀}, D' = D₀ ∪ {x'}): by the data-processing
    inequality D_{λ+1} is at least that of the two laws of the cell the outcome falls in (a partition of the line
    into 34 intervals), Σ_cells p^{λ+1}q^{−λ} from normal distribution functions."""
    lam, T = int(c["lam"]), int(c["T"])
    q, sg = m.num(c["q"]), m.num(c["sigma"])
    a = float(c["g0"])
    total = m.num(0)
    for b, w in zip(c["points"], m.vector(c["weights"])):
        if m.value(w) == 0:
            continue
        edges = _cell_edges(a, float(b), lam, float(c["sigma"]))
        P = _mixture_cells(edges, m.num(c["g0"]), q, sg, m)
        Q = _mixture_cells(edges, m.num(b), q, sg, m)
        keep = _cells_to_keep(edges, a, float(b), float(c["q"]), float(c["sigma"]))
        moment = m.num(0)
        for i, (p_cell, q_cell) in enumerate(zip(P, Q)):
            if i in keep:  # leaving out a cell only lowers the sum: still a lower bound
                moment = moment + m.exp((lam + 1) * m.log(p_cell) - lam * m.log(q_cell))
        total = total + m.num(w) * m.exp(T * m.log(moment))
    return m.log(total) / T


def substitution_binomial_cost_term(term):
    """Theorem 3's c^L or c^R with ‖g_t − g'_t‖ = |g(x₀) − g(x')| (the two substituted points' gradients)."""
    def q(c, m):
        deltas = [m.value(abs(m.value(b) - m.value(c["g0"]))) for b in c["points"]]
        return m.subsampled_gaussian_binomial_cost(term, int(c["lam"]), int(c["T"]), m.value(c["q"]),
                                                   m.value(c["sigma"]), deltas, list(m.vector(c["weights"])))
    return q


def adaptive_says_nothing(c) -> bool:
    """Every step's rows are identical: no output depends on the data, every loss is 0."""
    return all(rows_identical(c[k], atol=1e-12) for k in ("K1", "K2_0", "K2_1", "K2_2"))


def is_finite(quantity):
    """The indicator [quantity < +∞] (exact 0 or 1)."""
    return lambda c, m: m.num(0) if m.is_inf(quantity(c, m)) else m.num(1)
