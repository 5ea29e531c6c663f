"""What the search draws seed 004's objects from.

The finite model of mechanisms.bayesian.bayesian_dp: a channel K with n + 1 rows (row 0 the dataset without the
differing point, row 1 + x the dataset with the point x), a law μ of the point over n values, the adjacency
relation (0 add, 1 remove, 2 substitute, with x₀ the substituted point). Besides the general channels of
proofcheck.strategies, indicator-like mechanisms (each row almost a point mass) are drawn: they are where
privacy losses are extreme and where a composition or a post-processing changes most.
"""
from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from proofcheck.strategies import cases, channels, log_reals, priors, reals
from scipy import special as sc

SEED = "004_722b9292ce89250b.txt"


def indicator_mechanisms(rows: int, m: int):
    """Rows that are almost point masses: e·1 + onehot(j_r), normalised (e small, j_r drawn per row)."""
    def build(t):
        js, e = t
        K = np.full((rows, m), e)
        for r, j in enumerate(js):
            K[r, j] += 1.0
        return K / K.sum(axis=1, keepdims=True)

    return st.tuples(st.lists(st.integers(0, m - 1), min_size=rows, max_size=rows),
                     st.one_of(st.just(0.0), st.floats(1e-4, 0.05))).map(build)


def mechanisms(rows: int, m: int):
    return st.one_of(channels(rows, m), indicator_mechanisms(rows, m))


def bdp_model(max_points: int = 3, max_outputs: int = 5, extra=None):
    """Cases of the finite BDP model: K, mu, adjacency, x0 (and ``extra(n, m)``, a dict of strategies)."""
    def build(nm):
        n, m = nm
        fields = dict(K=mechanisms(n + 1, m), mu=priors(n), adjacency=st.integers(0, 2), x0=st.integers(0, n - 1))
        if extra is not None:
            fields.update(extra(n, m))
        return cases(**fields)

    return st.tuples(st.integers(1, max_points), st.integers(2, max_outputs)).flatmap(build)


def model_with(**fields):
    """bdp_model with the same extra fields (strategies) whatever the model's size."""
    return bdp_model(extra=lambda n, m: fields)


def pair_cases(**extra):
    """A pair of datasets: K with the rows p(w|D), p(w|D') on 2..5 outputs, and the extra fields."""
    return st.integers(2, 5).flatmap(lambda m: cases(K=mechanisms(2, m), **extra))


def merge_cases():
    """A pair K on 3..5 outputs and ε ∈ [0, 3] (the strong-BDP post-processing remark)."""
    def build(t):
        K, u = t
        return {"K": K, "eps": u}
    return st.integers(3, 5).flatmap(lambda m: st.tuples(channels(2, m), reals(0.0, 3.0)).map(build))


def composed_model(max_points: int = 2, max_outputs: int = 3, extra=None):
    """T ∈ {1, 2, 3} mechanisms K1, K2, K3 on the same rows (K3 unused when T = 2, K2 and K3 when T = 1)."""
    def build(nm):
        n, m = nm
        fields = dict(K1=mechanisms(n + 1, m), K2=mechanisms(n + 1, m), K3=mechanisms(n + 1, m), T=st.integers(1, 3),
                      mu=priors(n), adjacency=st.integers(0, 2), x0=st.integers(0, n - 1))
        if extra is not None:
            fields.update(extra(n, m))
        return cases(**fields)

    return st.tuples(st.integers(1, max_points), st.integers(2, max_outputs)).flatmap(build)


def complementary_pairs(max_points: int = 3):
    """Two almost-deterministic mechanisms that split the points between them: on D₀ both output 0; with the
    point x exactly one of them outputs 1 (which one is drawn per x), the other 0, up to a smoothing e. Each
    alone is then close to D₀ on average over x', while together they always move: where averaging x'
    before and after the two mechanisms differs most."""
    def build(t):
        n, which, e, eps = t
        which = which[:n]
        K1, K2 = np.full((n + 1, 2), e), np.full((n + 1, 2), e)
        K1[0, 0] += 1
        K2[0, 0] += 1
        for x, w in enumerate(which):
            K1[1 + x, 1 if w else 0] += 1
            K2[1 + x, 0 if w else 1] += 1
        return {"K1": K1 / K1.sum(axis=1, keepdims=True), "K2": K2 / K2.sum(axis=1, keepdims=True),
                "mu": np.full(n, 1.0 / n), "adjacency": 0, "x0": 0, "eps1": eps, "eps2": eps}

    return st.tuples(st.integers(2, max_points), st.lists(st.booleans(), min_size=max_points, max_size=max_points),
                     st.one_of(st.just(0.0), st.floats(1e-6, 1e-2)), st.floats(0.0, 3.0)).map(build)


EPS = st.one_of(reals(0.0, 3.0), st.sampled_from([0.0, 0.1, 0.5, 1.0, 2.0]))
EPS_POS = st.one_of(reals(1e-3, 3.0), st.sampled_from([0.1, 0.5, 1.0, 2.0]))
LAM = st.one_of(reals(0.05, 5.0), st.sampled_from([0.5, 1.0, 2.0, 4.0]))
LAM_ANY = st.one_of(reals(-5.0, 5.0), st.sampled_from([-2.0, -1.0, -0.5, 0.5, 1.0]))


# ----------------------------------------------------------------------------- Gaussian reference, Theorem 3
def gaussian_reference(max_T: int = 10**4, pole_margin: float = 1.0):
    """λ, T, s, σ, d with Tλ(λ+1)s²/σ² < pole_margin (drawn as a fraction of the pole)."""
    def build(t):
        lam, T, sigma, d, frac = t
        s = sigma * math.sqrt(frac * pole_margin / (T * lam * (lam + 1)))
        return {"lam": lam, "T": T, "s": s, "sigma": sigma, "d": d}

    return st.tuples(st.one_of(log_reals(0.05, 64.0), st.sampled_from([1.0, 2.0, 8.0, 32.0])),
                     st.one_of(st.integers(1, 20), st.sampled_from([100, 1000, max_T])),
                     st.one_of(reals(0.5, 4.0), st.just(1.0)), st.one_of(st.integers(1, 8), st.sampled_from([64, 1000])),
                     st.one_of(st.floats(1e-4, 0.999), st.sampled_from([0.5, 0.9, 0.99]))).map(build)


def atoms(max_atoms: int = 3, hi: float = 2.0):
    """A law of the gradient difference Δ with 1..max_atoms atoms: deltas and weights."""
    return st.integers(1, max_atoms).flatmap(lambda k: cases(
        deltas=st.lists(st.one_of(st.floats(0.0, hi), st.sampled_from([0.0, 0.5, 1.0, hi])), min_size=k, max_size=k)
        .map(lambda v: np.array(v, float)),
        weights=priors(k)))


def subsampled_gaussian_cases(max_lam: int = 32):
    """A law of ‖g_t − g'_t‖ with λ ∈ ℕ, T, q and σ: one step of the Poisson-subsampled Gaussian (Theorem 3 of seed 004)."""
    return st.tuples(atoms(), st.integers(1, max_lam), st.one_of(st.integers(1, 10), st.sampled_from([100, 1000])),
                     st.one_of(st.floats(0.001, 0.999), st.sampled_from([0.01, 0.1, 0.5, 0.9, 0.99])),
                     st.one_of(st.floats(0.5, 8.0), st.sampled_from([1.0, 2.0, 4.0]))).map(
        lambda t: {**t[0], "lam": t[1], "T": t[2], "q": t[3], "sigma": t[4]})


def reference_estimator_cases(max_m: int = 50):
    """λ, T, s, σ = 1, d, m, γ for Eq. (14) and Theorem 4: s below the pole of c(λ, T) and with the samples'
    variance finite in both variants."""
    def build(t):
        lam, T, d, frac, var_frac, mm, g = t
        s_pole = math.sqrt(frac / (T * lam * (lam + 1)))
        s_var = math.sqrt(var_frac / (2 * T * lam * (lam + 1)))
        return {"lam": lam, "T": T, "s": min(s_pole, s_var), "sigma": 1, "d": d, "m": mm, "gamma": g}

    return st.tuples(st.one_of(st.floats(0.1, 4.0), st.sampled_from([1.0, 2.0])), st.integers(1, 10),
                     st.integers(1, 8), st.floats(0.05, 0.99), st.floats(0.05, 0.99),
                     st.one_of(st.integers(3, max_m), st.sampled_from([5, 10, 20])), log_reals(1e-3, 0.3)).map(build)


# ----------------------------------------------------------------------------- the binary estimator
def binary_coverage_cases():
    """N, ρ, γ: ρ uniform, and ρ just above the estimate ρ̂(k) for a small count k (where the Bayesian bound
    and the exact Clopper–Pearson bound differ, the coverage is lowest)."""
    def near_estimate(t):
        N, k, g, u = t
        k = min(k, N)
        rho = float(sc.betainccinv(k + 1, N - k + 1, g))
        return {"N": N, "rho": min(rho * (1 + u), 0.999999), "gamma": g}

    plain = cases(N=st.integers(1, 200), rho=st.floats(1e-4, 0.9999), gamma=log_reals(1e-6, 0.5))
    near = st.tuples(st.integers(1, 200), st.integers(0, 5), log_reals(1e-4, 0.5), st.floats(1e-6, 0.01)).map(near_estimate)
    return st.one_of(plain, near)


def fold_cases():
    """Eqs. (16)–(17): K with rows (without the point, with 0, with 1), the point 0 leaking nothing (so c_t
    increases with ρ and {ĉ < c} = {ρ̂ < ρ}); ρ just above the estimate ρ̂(k) for a small count k."""
    def build(t):
        K, eps, N, k, g, u = t
        k = min(k, N)
        rho = min(float(sc.betainccinv(k + 1, N - k + 1, g)) * (1 + u), 0.999)
        K = K.copy()
        K[1] = K[0]
        return {"K": K, "rho": rho, "eps": eps, "N": N, "gamma": g}

    return st.tuples(mechanisms(3, 3), EPS, st.integers(1, 100), st.integers(0, 3), log_reals(1e-4, 0.5),
                     st.floats(1e-6, 0.01)).map(build)


# ----------------------------------------------------------------------------- Theorem 1, adaptive
def revealing_past(eps_values=(1e-3, 1e-2, 0.1)):
    """Two steps, one point, add adjacency: the first output w₁ = 0 is rare under D' = D ∪ {x'} and common under
    D (it reveals the point), and the second step leaks only after w₁ = 0 — where the tilted law of the past
    (p^{λ+1}q^{−λ}) puts far more weight than p(·|D) does."""
    def build(t):
        e, leak, lam, path = t
        K1 = np.array([[0.5, 0.5], [e, 1 - e]])
        K2_0 = np.array([[0.5, 0.5], [leak, 1 - leak]])
        K2_1 = np.array([[0.5, 0.5], [0.5, 0.5]])
        return {"K1": K1, "K2_0": K2_0, "K2_1": K2_1, "K2_2": K2_1, "mu": np.array([1.0]), "adjacency": 0, "x0": 0,
                "lam": lam, "path": path}

    return st.tuples(st.sampled_from(eps_values), st.sampled_from([1e-3, 0.05, 0.2]), st.sampled_from([1.0, 2.0, 4.0]),
                     st.integers(0, 1)).map(build)


def adaptive_model(max_points: int = 2):
    """Two adaptive steps: K1 (n + 1 rows, m₁ ∈ {2, 3} outputs), then K2_j after the first output j (m₂ outputs;
    K2_2 unused when m₁ = 2); μ, adjacency, x₀, λ and a realised first output `path` < m₁."""
    def build(t):
        n, m1, m2 = t
        return cases(K1=mechanisms(n + 1, m1), K2_0=mechanisms(n + 1, m2), K2_1=mechanisms(n + 1, m2),
                     K2_2=mechanisms(n + 1, m2), mu=priors(n), adjacency=st.integers(0, 2),
                     x0=st.integers(0, n - 1), lam=LAM, path=st.integers(0, m1 - 1))

    general = st.tuples(st.integers(1, max_points), st.integers(2, 3), st.integers(2, 3)).flatmap(build)
    return st.one_of(general, revealing_past())


# ----------------------------------------------------------------------------- Theorem 3 under substitution
def substitution_cases(max_lam: int = 8):
    """Theorem 3 with substituted points: the gradient g₀ of the replaced point x₀, the atoms of g(x') (some just
    beside g₀, where the mixtures' shifted components dominate), λ, T, q, σ."""
    def build(t):
        g0, offsets, weights, lam, T, q, sigma = t
        pts = np.array([g0 + o for o in offsets[: len(weights)]], float)
        return {"g0": g0, "points": pts, "weights": weights, "lam": lam, "T": T, "q": q, "sigma": sigma}

    far_and_close = st.just({"g0": 10.0, "points": np.array([11.0]), "weights": np.array([1.0]), "lam": 2, "T": 1,
                             "q": 0.1, "sigma": 1.0})
    return far_and_close | st.integers(1, 3).flatmap(lambda k: st.tuples(
        st.one_of(st.floats(-12.0, 12.0), st.sampled_from([0.0, 5.0, 10.0])),
        st.lists(st.one_of(st.floats(-3.0, 3.0), st.sampled_from([0.5, 1.0, -1.0])), min_size=k, max_size=k),
        priors(k), st.integers(1, max_lam), st.one_of(st.integers(1, 10), st.just(100)),
        st.one_of(st.floats(0.01, 0.9), st.sampled_from([0.1, 0.5])),
        st.one_of(st.floats(0.5, 4.0), st.just(1.0))).map(build))


# ----------------------------------------------------------------------------- δ_μ = β + γ, Weibull gradients
def estimator_error_cases():
    """T estimators with failure probability f ≤ γ (f = γ included: Theorem 4 with equality) and a two-point error
    −a (failure) / +b."""
    def build(t):
        T, g, u, a, b = t
        return {"T": T, "gamma": g, "f": g * u, "a": a, "b": b}

    return st.tuples(st.one_of(st.integers(1, 100), st.sampled_from([2, 10])), log_reals(1e-12, 0.5),
                     st.one_of(st.floats(0.0, 1.0), st.just(1.0)), st.one_of(reals(0.01, 10.0), st.just(1.0)),
                     st.one_of(reals(0.01, 10.0), st.just(0.1))).map(build)


def weibull_cases(**extra):
    """§5.1's synthetic experiment: gradient norms ∼ Weibull(k < 1, s), Gaussian noise σ, T steps, and the extra
    fields."""
    return cases(shape=st.one_of(st.floats(0.05, 0.99), st.sampled_from([0.5, 0.8])),
                 scale=st.one_of(reals(0.1, 10.0), st.just(1.0)), sigma=st.one_of(reals(0.05, 20.0), st.just(1.0)),
                 T=st.one_of(st.integers(1, 10**4), st.sampled_from([1, 100, 1000])), **extra)
