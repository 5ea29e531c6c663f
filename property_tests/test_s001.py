"""Seed 001 (Dimitrakakis et al.): the printed statements against an oracle that shares no derivation.

False statements: the engine itself finds and certifies the counterexample (`violated`), and its exact objects
are re-evaluated by test_s001_oracle (mpmath quadrature of the definitions, Fractions, the minimax theorem),
which must see the relation broken by a margin its own error cannot explain; the engine's enclosures must
contain the oracle's values.
True statements: at fixed exact cases, both sides of the claim (certified path) enclose the oracle's values, and
the oracle's values satisfy the relation.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction as F

import pytest

import test_s001_oracle as so
from proofcheck.stages.evaluation import sides
from proofcheck.claims.s001 import CLAIMS
from proofcheck.runs.engine import check_claim
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import precision

BY_ID = {c.id: c for c in CLAIMS}
MP = so.MP


def certified(cid, case):
    with precision(128):
        return sides(BY_ID[cid], case, CERTIFIED)


def engine_violation(cid, cases=1500):
    # a fixed number of cases (every violation here is found within ~200), not a wall-clock budget that a
    # loaded machine shortens; 120 s is only a ceiling
    r = check_claim(BY_ID[cid], seconds=120, seed=0, max_examples=cases)
    assert r.verdict == "violated", (cid, r.verdict, r.evidence.get("reason"))
    return r, so.exact_objects(r.counterexample["objects"])


FAMILY = ("gamma-exponential", "gamma-laplace", "gamma-normal-precision", "beta-bernoulli")


def _cj_records(case, which):
    fam = FAMILY[int(case["family"])]
    extra = [0] * int(case.get("extra", 0))
    if fam == "beta-bernoulli":
        return [int(v) for v in case["d" + which]] + extra
    vals = [so.frac(v) for v in case[which]]
    return ([abs(v) for v in vals] if fam == "gamma-exponential" else vals) + extra


def _cj_rho(case):
    fam = FAMILY[int(case["family"])]
    x, y = _cj_records(case, "x"), _cj_records(case, "y")
    if fam == "beta-bernoulli":
        return sum(1 for a, b in zip(x, y) if a != b)
    if fam == "gamma-normal-precision":
        return sum(abs(a * a - b * b) + 2 * abs(a - b) for a, b in zip(x, y))
    return sum(abs(a - b) for a, b in zip(x, y))


def _cj_c_star(case):
    """c* from the definition: Θ_L = {θ : L(θ) ≤ L} with L(θ) = θ (rate / inverse scale) or θ/2 (precision, mean
    0, Lemma 6's ρ): ξ(Θ_L) = 1 − e^{−λL} resp. 1 − e^{−2λL}, so −ln(1 − ξ)/L is constant."""
    fam = FAMILY[int(case["family"])]
    lam = so.frac(case["lam"])
    assert fam != "beta-bernoulli"
    return lam if fam != "gamma-normal-precision" else 2 * lam


def _cj_posteriors(case):
    fam = FAMILY[int(case["family"])]
    return (so.exp_family_posterior(fam, case["lam"], _cj_records(case, "x")),
            so.exp_family_posterior(fam, case["lam"], _cj_records(case, "y")))


# ----------------------------------------------------------------------------- false statements
def test_theorem_1_ii_violated_engine_counterexample():
    r, case = engine_violation("s001.thm.1.ii")
    P, Q = _cj_posteriors(case)
    kl = so.kl(P, Q)
    bound = so.kappa() * _cj_rho(case) / so.mpf(_cj_c_star(case))
    assert kl > bound * (1 + MP.mpf("1e-10")), (case, kl, bound)
    assert so.in_interval(r.counterexample["lhs"], kl) and so.in_interval(r.counterexample["rhs"], bound)


def test_theorem_1_ii_counterexample_by_hand():
    # Lemma 3's family, λ = 1/100, x = 0⁵, y = (0, 0, 0, 0, 1): KL = 600 − 6 ln 101 > 100κ
    case = {"family": 0, "lam": F(1, 100), "a": F(1), "b": F(1), "dx": [0] * 5, "dy": [0] * 5,
            "x": [F(0)] * 5, "y": [F(0)] * 4 + [F(1)], "extra": 0}
    lhs, rhs, ok = certified("s001.thm.1.ii", case)
    assert ok
    assert so.encloses(lhs, 600 - 6 * MP.log(101)) and so.encloses(rhs, 100 * so.kappa())
    assert so.kl(("gamma", (6, F(1, 100))), ("gamma", (6, F(101, 100)))) > 100 * so.kappa() + 80


def test_c4_violated_engine_counterexample():
    r, case = engine_violation("s001.eq.C.4")
    P, Q = _cj_posteriors(case)
    c = so.mpf(_cj_c_star(case))
    a = so.mpf(case["alpha"])
    bound = 2 * _cj_rho(case) * a / (1 - MP.exp(-c * a)) ** 2
    kl = so.kl(P, Q)
    assert kl > bound * (1 + MP.mpf("1e-10")), (case, kl, bound)
    assert so.in_interval(r.counterexample["lhs"], kl) and so.in_interval(r.counterexample["rhs"], bound)


def test_theorem_2_ii_violated_engine_counterexample():
    r, case = engine_violation("s001.thm.2.ii")
    P, Q = _cj_posteriors(case)
    tv = so.tv(P, Q)
    bound = MP.sqrt(so.kappa() * _cj_rho(case) / (2 * so.mpf(_cj_c_star(case))))
    assert tv > bound + MP.mpf("1e-12"), (case, tv, bound)
    assert so.in_interval(r.counterexample["lhs"], tv, rel=MP.mpf("1e-12"))


def _table_posteriors(case):
    return (so.finite_posterior(case["lik"], case["prior"], case["dx"]),
            so.finite_posterior(case["lik"], case["prior"], case["dy"]))


def _hamming(x, y):
    return sum(1 for a, b in zip(x, y) if a != b)


def _joint_answers_level(px, py, queries):
    """D_∞ between the laws of the k answers under x and y: the joint law of the answer tuple by enumeration of
    every tuple of atoms (k independent posterior samples)."""
    answers = {}
    for atoms in itertools.product(range(len(px)), repeat=len(queries)):
        key = tuple(int(q[t]) for q, t in zip(queries, atoms))
        a, b = answers.get(key, (F(0), F(0)))
        answers[key] = (a + math.prod(px[t] for t in atoms), b + math.prod(py[t] for t in atoms))
    return max(MP.log(so.mpf(a / b)) for a, b in answers.values() if a > 0)


def test_algorithm_1_k_queries_violated():
    r, case = engine_violation("s001.alg.1#k-queries")
    px, py = _table_posteriors(case)
    level = _joint_answers_level(px, py, case["queries"])
    L = max(so.row_lipschitz(row) for row in case["lik"])
    assert level > 2 * L * _hamming(case["dx"], case["dy"]) + MP.mpf("1e-20")


def test_example_1_answer_not_in_Y():
    r, case = engine_violation("s001.ex.1#answer-in-Y")
    ny, nz, z = int(case["ny"]), int(case["nz"]), int(case["z"])
    dist = []
    for row in case["lik"]:
        mass = sum(row[y * nz + z] for y in range(ny))
        e = sum(y * row[y * nz + z] for y in range(ny)) / mass
        dist.append(min(abs(e - y) for y in range(ny)))
    assert max(dist) > 0


def test_theorem_3_i_sufficient_violated():
    r, case = engine_violation("s001.thm.3.i#sufficient")
    px, py = _table_posteriors(case)
    n = int(case["n"])
    err = so.minimax_error(list(so.product_law(px, n).values()), list(so.product_law(py, n).values()))
    L = max(so.row_lipschitz(row) for row in case["lik"])
    delta = MP.exp(-4 * L * n * _hamming(case["dx"], case["dy"]) / 3)
    assert so.mpf(err) > delta + MP.mpf("1e-20") and delta <= MP.mpf(1) / 16
    assert so.in_interval(r.counterexample["lhs"], so.mpf(err)) and so.in_interval(r.counterexample["rhs"], delta)


@pytest.mark.parametrize("reading", ["sufficient", "necessary-test", "l1-gap"])
def test_theorem_3_ii_violated(reading):
    r, case = engine_violation(f"s001.thm.3.ii#{reading}")
    P, Q = _cj_posteriors(case)
    n = int(case["n"])
    c = so.mpf(_cj_c_star(case))
    rho = so.mpf(_cj_rho(case))
    rate = 2 * so.kappa() * n / (3 * c)
    (_, (k, r1)), (_, (_, r2)) = P, Q
    if reading == "l1-gap":
        l1 = 2 * so.tv(P, Q)
        assert MP.exp(-n * l1**2 / 3) <= MP.mpf(1) / 16
        assert rho < n * l1**2 / 3 / rate - MP.mpf("1e-12")
        return
    # the best test from n samples: minimax error of two gamma(nk, r) laws, by mpmath (threshold where the two
    # error probabilities cross)
    K = n * so.mpf(k)
    big, small = max(so.mpf(r1), so.mpf(r2)), min(so.mpf(r1), so.mpf(r2))
    f = lambda t: MP.gammainc(K, big * t, MP.inf, regularized=True) - MP.gammainc(K, 0, small * t, regularized=True)  # noqa: E731
    t0 = MP.findroot(f, K / (big + small) * 2)
    err = MP.gammainc(K, 0, small * t0, regularized=True)
    if reading == "sufficient":
        assert err > MP.exp(-rate * rho) * (1 + MP.mpf("1e-10"))
    else:
        assert 0 < err <= MP.mpf(1) / 16 and rho < MP.log(1 / err) / rate - MP.mpf("1e-12")


def test_lemma_5_no_positive_c_for_two_or_more_trials():
    r, case = engine_violation("s001.lem.5#exists-c")
    n = int(case["trials"])
    assert n >= 2
    # the chords of log C(n, k) at k = 0→1 and k = n−1→n have slopes ±ln n, so for every θ
    # L(θ) ≥ max(|ln n + logit θ|, |ln n − logit θ|) ≥ ln n: Θ_L is empty for L < ln n and c* = 0
    for t in (F(1, 1000), F(1, 3), F(1, 2), F(2, 3), F(999, 1000)):
        logit = MP.log(so.mpf(t) / (1 - so.mpf(t)))
        slopes = [abs(MP.log(math.comb(n, k + 1)) - MP.log(math.comb(n, k)) + logit) for k in range(n)]
        assert max(slopes) >= MP.log(n) - MP.mpf("1e-30")
    assert so.in_interval(r.counterexample["lhs"], MP.mpf(0))


def test_lemma_5_c_equals_alpha_violated():
    r, case = engine_violation("s001.lem.5#c-equals-alpha")
    a, n, L = so.mpf(case["alpha"]), int(case["trials"]), so.mpf(case["L"])
    half = L - MP.log(n)
    xi = 0 if half <= 0 else MP.betainc(a, a, 1 / (1 + MP.exp(half)), 1 / (1 + MP.exp(-half)), regularized=True)
    assert xi < 1 - MP.exp(-a * L) - MP.mpf("1e-25")
    ce = r.counterexample
    assert so.in_interval(ce["lhs"], MP.mpf(xi)) and so.in_interval(ce["rhs"], 1 - MP.exp(-a * L))


def test_lemma_6_as_printed_violated():
    r, case = engine_violation("s001.lem.6")
    lam, mu, L = so.mpf(case["lam"]), so.mpf(case["mu"]), so.mpf(case["L"])
    # L(μ, σ) = sup_s |s − 2μ|/(2σ²(|s| + 2)) (s = x + y), maximised over a grid of s: max(1, |μ|)/(2σ²)
    sup = max(abs(s - 2 * mu) / (abs(s) + 2) for s in [MP.mpf(i) / 10 for i in range(-10**4, 10**4 + 1)])
    assert abs(sup - max(1, abs(mu))) < MP.mpf("1e-3") or sup <= max(1, abs(mu))
    bottom = max(1, abs(mu)) / (2 * L)  # Θ_L = {σ² ≥ bottom}
    xi = MP.quad(lambda v: lam * MP.exp(-lam * v), [bottom, bottom + 10 / lam, MP.inf])
    assert xi < 1 - MP.exp(-lam * L) - MP.mpf("1e-30")
    ce = r.counterexample
    assert so.in_interval(ce["lhs"], xi) and so.in_interval(ce["rhs"], 1 - MP.exp(-lam * L))


def test_lemma_7_hamming_violated():
    r, case = engine_violation("s001.lem.7#hamming")
    adj, rows = case["adj"], case["cpt"]
    eps = min(min(row) for row in rows)
    L = so.network_lipschitz(adj, rows)
    assert L > MP.log(1 / so.mpf(eps)) + MP.mpf("1e-20")
    ce = r.counterexample
    assert so.in_interval(ce["lhs"], L) and so.in_interval(ce["rhs"], MP.log(1 / so.mpf(eps)))


def test_eq_2_7_not_real_valued():
    r, case = engine_violation("s001.eq.2.7#real-valued")
    assert (case["a"] == 0) != (case["b"] == 0)  # d(0, b) = |ln 0/b| = +∞


# ----------------------------------------------------------------------------- true statements at exact cases
TABLE_CASES = [
    {"family": 0, "prior": [F(1, 2), F(1, 3), F(1, 6)], "lik": [[F(1, 2), F(1, 2)], [F(1, 5), F(4, 5)], [F(9, 10), F(1, 10)]],
     "atoms": [F(1)] * 3, "x": [F(0)] * 3, "y": [F(0)] * 3, "dx": [0, 1, 1], "dy": [1, 1, 0]},
    {"family": 0, "prior": [F(3, 4), F(1, 4)], "lik": [[F(1, 3), F(1, 3), F(1, 3)], [F(1, 10), F(3, 10), F(3, 5)]],
     "atoms": [F(1)] * 2, "x": [F(0)] * 2, "y": [F(0)] * 2, "dx": [2, 2], "dy": [0, 0]},
    {"family": 0, "prior": [F(1, 4)] * 4, "lik": [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)], [F(1, 2), F(1, 2)], [F(1, 9), F(8, 9)]],
     "atoms": [F(1)] * 4, "x": [F(0)], "y": [F(0)], "dx": [0], "dy": [1]},
]


def _fs_oracle(case):
    px, py = _table_posteriors(case)
    L = max(so.row_lipschitz(row) for row in case["lik"])
    return px, py, L, _hamming(case["dx"], case["dy"])


@pytest.mark.parametrize("case", TABLE_CASES)
def test_theorem_1_i_and_2_i_and_c1_c2(case):
    px, py, L, rho = _fs_oracle(case)
    kl = so.kl_finite(px, py)
    lhs, rhs, ok = certified("s001.thm.1.i", case)
    assert ok and so.encloses(lhs, kl) and so.encloses(rhs, 2 * L * rho) and kl <= 2 * L * rho
    lhs, rhs, ok = certified("s001.thm.2.i", case)
    dinf = so.max_divergence(px, py)
    assert ok and so.encloses(lhs, dinf) and so.encloses(rhs, 2 * L * rho) and dinf <= 2 * L * rho
    lhs, rhs, ok = certified("s001.eq.C.1", case)
    assert ok and so.encloses(lhs, kl) and so.encloses(rhs, kl)
    phi = [sum(so.frac(p) * math.prod(so.frac(row[int(x)]) for x in d) for p, row in zip(case["prior"], case["lik"]))
           for d in (case["dx"], case["dy"])]
    lhs, rhs, ok = certified("s001.eq.C.2", case)
    assert ok and so.encloses(lhs, MP.log(so.mpf(phi[1] / phi[0]))) and MP.log(so.mpf(phi[1] / phi[0])) <= L * rho


def test_theorem_1_i_continuous_atoms():
    # exponential rates 1/2, 3 with prior (1/3, 2/3); records |x|: x = (0, 4), y = (1, 1); L = 3, ρ = 1 + 3 = 4
    case = {"family": 1, "prior": [F(1, 3), F(2, 3)], "lik": [[F(1, 2), F(1, 2)]] * 2, "atoms": [F(1, 2), F(-3)],
            "x": [F(0), F(4)], "y": [F(1), F(1)], "dx": [0, 0], "dy": [0, 0]}
    w = {}
    for key, data in (("x", [0, 4]), ("y", [1, 1])):
        ws = [F(1, 3) * MP.mpf(1) * so.mpf(F(1, 2)) ** 2 * MP.exp(-so.mpf(F(1, 2)) * sum(data)),
              F(2, 3) * MP.mpf(9) * MP.exp(-3 * MP.mpf(sum(data)))]
        z = sum(ws)
        w[key] = [v / z for v in ws]
    kl = sum(a * MP.log(a / b) for a, b in zip(w["x"], w["y"]))
    lhs, rhs, ok = certified("s001.thm.1.i", case)
    assert ok and so.encloses(lhs, kl) and so.encloses(rhs, 2 * 3 * 4)


def test_definition_1_and_2_and_remark_1_exact():
    case = {"prior": [F(1, 2), F(1, 3), F(1, 6)], "lik": [[F(1, 2), F(1, 2)], [F(1, 5), F(4, 5)], [F(9, 10), F(1, 10)]],
            "n": 2, "eps": F(1, 2), "metric": 0}
    sets = [list(t) for t in itertools.product(range(2), repeat=2)]
    post = [so.finite_posterior(case["lik"], case["prior"], sorted(s)) for s in sets]

    def sup_over_sets(i, j, rho):
        g = MP.exp(MP.mpf(rho) / 2)  # e^{ερ}, ε = 1/2
        return max(so.mpf(sum(post[i][t] for t in B)) - g * so.mpf(sum(post[j][t] for t in B))
                   for size in range(4) for B in itertools.combinations(range(3), size))

    best = max(sup_over_sets(i, j, 1) for i, j in itertools.permutations(range(4), 2)
               if _hamming(sets[i], sets[j]) == 1)
    lhs, rhs, ok = certified("s001.def.1", case)
    assert ok and so.encloses(lhs, best) and so.encloses(rhs, best)
    # Definition 2 under Hamming ρ: every ordered pair, sup_B [P(B|x) − e^{ερ}P(B|y)]/ρ (B = ∅ gives 0)
    best2 = max(sup_over_sets(i, j, _hamming(sets[i], sets[j])) / _hamming(sets[i], sets[j])
                for i, j in itertools.permutations(range(4), 2))
    lhs, rhs, ok = certified("s001.def.2", case)
    assert ok and so.encloses(lhs, best2) and so.encloses(rhs, best2)
    eps_nb = max(so.max_divergence(post[i], post[j]) for i, j in itertools.permutations(range(4), 2)
                 if _hamming(sets[i], sets[j]) == 1)
    lhs, rhs, ok = certified("s001.rem.1.i", case)
    assert ok and so.encloses(lhs, eps_nb) and so.encloses(rhs, eps_nb)
    tv_nb = max(so.tv_finite(post[i], post[j]) for i, j in itertools.permutations(range(4), 2)
                if _hamming(sets[i], sets[j]) == 1)
    lhs, rhs, ok = certified("s001.rem.1.ii", case)
    assert ok and (lhs == rhs == tv_nb or (so.encloses(lhs, so.mpf(tv_nb)) and so.encloses(rhs, so.mpf(tv_nb))))


def test_assumption_1_closed_form_against_pairs():
    for theta, trials in ((F(1, 3), 4), (F(9, 10), 7), (F(1, 1000), 1)):
        row = [math.comb(trials, k) * theta**k * (1 - theta) ** (trials - k) for k in range(trials + 1)]
        sup = max(abs(MP.log(so.mpf(row[i] / row[j]))) / abs(i - j)
                  for i, j in itertools.combinations(range(trials + 1), 2))
        case = {"family": 1, "theta": theta, "n": 1, "trials": trials}
        lhs, rhs, ok = certified("s001.claim.assumption-1", case)
        assert ok and so.encloses(lhs, sup) and so.encloses(rhs, sup)
        assert abs(sup - (MP.log(trials) + abs(MP.log(so.mpf(theta / (1 - theta)))))) < MP.mpf("1e-30")


@pytest.mark.parametrize("family,lam,mu,L,c_expected", [(0, F(3, 2), F(0), F(7, 10), F(3, 2)),
                                                         (2, F(2), F(3), F(1, 3), F(4, 3)),
                                                         (1, F(1, 10), F(0), F(50), F(1, 10))])
def test_assumption_2_and_lemmas_3_4_6(family, lam, mu, L, c_expected):
    case = {"family": family, "lam": lam, "a": F(1), "b": F(1), "mu": mu, "L": L}
    if family == 2:  # the precision τ ∼ Exp(λ), Θ_L = {τ ≤ 2L/max(1, |μ|)}
        top = 2 * L / max(1, abs(mu))
    else:
        top = L
    xi = MP.quad(lambda t: so.mpf(lam) * MP.exp(-so.mpf(lam) * t), [0, so.mpf(top)])
    lhs, rhs, ok = certified("s001.claim.assumption-2", case)
    assert ok and so.encloses(lhs, xi) and so.encloses(rhs, 1 - MP.exp(-so.mpf(c_expected) * so.mpf(L)))
    cid = {0: "s001.lem.3", 1: "s001.lem.4", 2: "s001.lem.6+corrected"}[family]
    lhs, rhs, ok = certified(cid, {"lam": lam, "L": L, "mu": mu} if family == 2 else {"lam": lam, "L": L})
    assert ok and so.encloses(lhs, xi) and so.encloses(rhs, xi)


def test_assumption_2_beta_prior_c_star_against_grid():
    # c* for beta(2, 3) on the Bernoulli family: the engine's enclosure lies below −ln(1 − ξ(Θ_L))/L on a grid
    # (ξ by mpmath), and at or below its limits f(1/2)/2 and min(a, b)
    c_star_of = BY_ID["s001.claim.assumption-2"].quantities["c_star"]
    with precision(128):
        c_star = c_star_of({"family": 3, "lam": F(1), "a": F(2), "b": F(3), "mu": F(0), "L": F(1)}, CERTIFIED)
    grid = [MP.mpf(10) ** (MP.mpf(i) / 10) for i in range(-30, 21)]
    g = [-MP.log(MP.betainc(2, 3, 0, 1 / (1 + MP.exp(L)), regularized=True)
                 + MP.betainc(3, 2, 0, 1 / (1 + MP.exp(L)), regularized=True)) / L for L in grid]
    f_half = MP.mpf(1) / 8 / MP.beta(2, 3)  # the beta(2, 3) density at 1/2: g(L) → f(1/2)/2 as L → 0
    assert float(c_star.upper()) <= float(min(min(g), f_half / 2, 2)) + 1e-12
    assert float(c_star.lower()) >= float(min(min(g), f_half / 2)) * (1 - 1e-3)


def test_lemma_1_products_by_enumeration():
    lik = [[F(1, 3), F(1, 3), F(1, 3)], [F(1, 10), F(3, 10), F(3, 5)]]
    case = {"prior": [F(1, 2), F(1, 2)], "lik": lik, "n": 2, "k": 1, "metric": 0}
    L1 = max(so.row_lipschitz(r) for r in lik)
    # ρ² = Σ Hamming: the largest |log p(x)/p(y)|/ρ over all pairs of 2-record data sets
    best = MP.mpf(0)
    for x, y in itertools.combinations(list(itertools.product(range(3), repeat=2)), 2):
        for r in lik:
            d = abs(MP.log(so.mpf(r[x[0]] * r[x[1]] / (r[y[0]] * r[y[1]]))))
            best = max(best, d / _hamming(x, y))
    lhs, rhs, ok = certified("s001.lem.1.i#sum-metric", case)
    assert ok and so.encloses(lhs, best) and so.encloses(rhs, 2 * L1) and best <= 2 * L1
    lhs, rhs, ok = certified("s001.lem.1.i#max-metric", case)
    assert ok and so.encloses(rhs, 2 * L1) and so.encloses(lhs, 2 * L1)  # max reading: exactly n·L
    # c*: atom 0 has L = 0 (mass 1/2), atom 1 has L = ln 6: c* = −ln(1/2)/ln 6 for one record
    lhs, rhs, ok = certified("s001.lem.1.ii#sum-metric", case)
    c1 = MP.log(2) / MP.log(6)
    assert ok and so.encloses(lhs, c1) and so.encloses(rhs, c1 / 2)


def test_pinsker_and_engine_divergences_against_quadrature():
    for P, Q in ((("beta", (F(3, 2), F(5, 2))), ("beta", (F(5, 2), F(3, 2)))),
                 (("gamma", (F(7), F(2))), ("gamma", (F(7), F(3)))),
                 (("normal", (F(-9), F(2))), ("normal", (F(1), F(7))))):
        kl, tv = so.kl(P, Q), so.tv(P, Q)
        assert kl >= 2 * tv**2
        kind = ("beta", "gamma", "normal").index(P[0])
        case = {"kind": kind, "u1": P[1][0] + (10 if P[0] == "normal" else 0), "v1": P[1][1],
                "u2": Q[1][0] + (10 if P[0] == "normal" else 0), "v2": Q[1][1]}
        lhs, rhs, ok = certified("s001.claim.posterior-kl-quadrature", case)
        assert ok and so.encloses(lhs, kl) and so.encloses(rhs, kl)
        lhs, rhs, ok = certified("s001.claim.posterior-hockey-stick-quadrature", {**case, "eps": F(1, 2)})
        hs = so.hockey_stick(P, Q, F(1, 2))
        assert ok and so.encloses(lhs, hs, rel=MP.mpf("1e-15")) and so.encloses(rhs, hs, rel=MP.mpf("1e-15"))
        lhs, rhs, ok = certified("s001.claim.posterior-renyi-quadrature", {**case, "alpha": F(1, 2)})
        d = so.renyi(P, Q, F(1, 2))
        assert ok and so.encloses(lhs, d) and so.encloses(rhs, d)


def test_renyi_infinite_decided_analytically():
    # D_3.5(Beta(1.5, 2.5) ‖ Beta(2.5, 1.5)) = +∞: 3.5·1.5 − 2.5·2.5 < 0, the integrand ~ θ^{−2} at 0
    case = {"kind": 0, "u1": F(3, 2), "v1": F(5, 2), "u2": F(5, 2), "v2": F(3, 2), "alpha": F(7, 2)}
    lhs, rhs, ok = certified("s001.claim.posterior-renyi-quadrature", case)
    assert ok and lhs == math.inf and rhs == math.inf


def test_weissman_and_lemma_2_by_brute_force():
    p = [F(1, 3), F(2, 3)]
    for n, eps in ((5, F(1, 2)), (8, F(3, 10))):
        tail = so.l1_tail_bruteforce(p, n, eps * eps)
        lhs, rhs, ok = certified("s001.eq.C.6", {"p": p, "n": n, "eps": eps})
        assert ok and so.encloses(lhs, so.mpf(tail)) and so.mpf(tail) <= (2**2 - 2) * MP.exp(-n * so.mpf(eps) ** 2 / 2)
    delta = F(1, 100)
    tail = so.l1_tail_bruteforce(p, 9, F(0))  # sanity: the whole space
    assert tail == 1
    lhs, rhs, ok = certified("s001.lem.2", {"p": p, "n": 9, "delta": delta})
    exact = so.mpf(so.l1_tail_bruteforce(p, 9, 3 * MP.log(100) / 9))
    assert ok and so.encloses(lhs, exact) and exact <= so.mpf(delta)


def test_le_cam_and_theorem_3_l1_gap_exact():
    case = {"family": 0, "prior": [F(1, 2), F(1, 4), F(1, 4)],
            "lik": [[F(1, 2), F(1, 2)], [F(1, 5), F(4, 5)], [F(7, 8), F(1, 8)]], "dx": [0, 0], "dy": [1, 1], "n": 12}
    px, py = _table_posteriors(case)
    l1 = 2 * so.tv_finite(px, py)
    L = max(so.row_lipschitz(r) for r in case["lik"])
    lhs, rhs, ok = certified("s001.thm.3.i#l1-gap", case)
    assert ok and so.encloses(lhs, 2) and so.encloses(rhs, so.mpf(l1) ** 2 / (4 * L))
    le = {"family": 0, "prior": [F(1, 2), F(1, 2)], "lik": [[F(2, 3), F(1, 3)], [F(1, 4), F(3, 4)]], "n_records": 1,
          "estimator": [0, 1], "S1": [0], "S2": [1], "w1": [F(1), F(0), F(0)], "w2": [F(1), F(0), F(0)]}
    post = [so.finite_posterior(le["lik"], le["prior"], [x]) for x in (0, 1)]
    risk = max(sum(w * (0 if t == x else 1) for t, w in enumerate(post[x])) for x in (0, 1))
    bound = sum(min(a, b) for a, b in zip(post[0], post[1])) / 2
    lhs, rhs, ok = certified("s001.lem.8#deterministic-estimator", le)
    assert ok and so.encloses(lhs, so.mpf(risk)) and so.encloses(rhs, so.mpf(bound)) and risk >= bound


def test_lemma_7_weighted_and_independent_hold_exactly():
    adj = [[0, 1], [0, 0]]
    rows = [[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)], [F(2, 3), F(1, 3)]]
    weights = [2, 1]
    L = so.network_lipschitz(adj, rows, weights)
    lhs, rhs, ok = certified("s001.lem.7#weighted-hamming", {"adj": adj, "cpt": rows})
    assert ok and so.encloses(lhs, L) and L <= MP.log(3)
    adj0 = [[0, 0], [0, 0]]
    rows0 = [[F(2, 3), F(1, 3)], [F(1, 10), F(9, 10)]]
    lhs, rhs, ok = certified("s001.lem.7#independent", {"adj": adj0, "cpt": rows0})
    assert ok and so.encloses(lhs, so.network_lipschitz(adj0, rows0)) and so.network_lipschitz(adj0, rows0) <= MP.log(10)


def test_constants_to_thirty_digits():
    w, k = so.w_root(), so.kappa()
    for cid, value in (("s001.claim.w-two-routes", w), ("s001.claim.kappa-two-routes", k)):
        lhs, rhs, ok = certified(cid, {})
        assert ok and so.encloses(lhs, value, rel=MP.mpf("1e-32")) and so.encloses(rhs, value, rel=MP.mpf("1e-32"))
    assert MP.nstr(k, 30) == "4.91081496456825589875153480524"
    assert MP.nstr(w, 30) == "1.25643120862616967698273761661"


def test_algorithm_1_one_query_and_composition_exact():
    case = {"family": 0, "prior": [F(1, 4)] * 4, "lik": [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]] * 2, "dx": [0], "dy": [1],
            "queries": [[0, 1, 2, 3], [0, 0, 0, 1], [0, 0, 1, 0]]}
    px, py = _table_posteriors(case)
    one = so.max_divergence(px, py)
    lhs, rhs, ok = certified("s001.alg.1#one-query", case)
    assert ok and so.encloses(lhs, one) and so.encloses(rhs, 2 * MP.log(3)) and one <= 2 * MP.log(3)
    lhs, rhs, ok = certified("s001.alg.1+corrected", case)
    assert ok and so.encloses(rhs, 6 * MP.log(3))
    # three answers: the atom itself and two coarsenings of it; the level adds up over the answers
    composed = one + sum(so.max_divergence(_push(px, q), _push(py, q)) for q in case["queries"][1:])
    joint = _joint_answers_level(px, py, case["queries"])
    assert abs(joint - composed) < MP.mpf("1e-30")
    lhs2, rhs2, ok = certified("s001.claim.algorithm-1-composition", case)
    assert ok and so.encloses(lhs2, joint) and so.encloses(rhs2, composed) and so.encloses(lhs, joint)


def _push(p, query):
    out = [F(0)] * (max(query) + 1)
    for w, a in zip(p, query):
        out[a] += w
    return out


# ----------------------------------------------------------------------------- primary readings
def _primary_of(sid):
    return [c.id for c in CLAIMS if c.statement_id == sid and c.variant is None and c.primary]


def test_example_1_primary_reading_is_convex_Y():
    assert _primary_of("s001.ex.1") == ["s001.ex.1#convex-Y"]
    assert "abuse of notation" in BY_ID["s001.ex.1#convex-Y"].primary
    # the literal reading and the privacy reading stay registered, non-primary
    assert BY_ID["s001.ex.1#answer-in-Y"].primary is None and BY_ID["s001.ex.1#private"].primary is None


def test_example_1_convex_Y_holds_with_a_counted_budget():
    claim = BY_ID["s001.ex.1#convex-Y"]
    r = check_claim(claim, cases=200, seed=0)
    assert r.verdict == "holds", r.evidence.get("reason")
    assert r.vacuous == claim.vacuous  # true by construction, and says why
    assert r.evidence["budget"] == {"kind": "counted", "cases": 200}
    # the literal reading's witness: Y = {0, 1}, every atom uniform on the two cells, E_θ(x_Y | x_Z) = 1/2 —
    # not an element of {0, 1}, an element of the interval [0, 1]; the prior and the data play no part
    for prior, dx, dy in [([F(1, 2)] * 2, [0], [0]), ([F(1, 5), F(4, 5)], [0, 1], [1, 1])]:
        case = {"family": 0, "ny": 2, "nz": 1, "z": 0, "prior": prior, "lik": [[F(1, 2)] * 2] * 2, "dx": dx, "dy": dy}
        lhs, _, ok = certified("s001.ex.1#answer-in-Y", case)
        assert ok and so.encloses(lhs, MP.mpf(1) / 2)
        lhs, _, ok = certified("s001.ex.1#convex-Y", case)
        assert ok and so.encloses(lhs, MP.mpf(0))


# ----------------------------------------------------------------------------- findings
# (the findings grouping a synthetic report as declared: test_findings_papers.py, one test over the papers)
def test_theorem_1_ii_finding_links_hold():
    # the implications F1 relies on are claims that hold: (C.4) is minimised over α at κ/c, and Pinsker's (C.5)
    for cid in ("s001.claim.C4-minimum", "s001.eq.C.5"):
        r = check_claim(BY_ID[cid], cases=200, seed=0)
        assert r.verdict == "holds", (cid, r.evidence.get("reason"))
    # the finding's witness by hand: Lemma 3's model, λ = 1/100, x = 0⁸, y = (0⁷, 1): KL = 9(100 − ln 101)
    case = {"family": 0, "lam": F(1, 100), "a": F(1), "b": F(1), "dx": [0] * 8, "dy": [0] * 8,
            "x": [F(0)] * 8, "y": [F(0)] * 7 + [F(1)], "extra": 0}
    lhs, rhs, ok = certified("s001.thm.1.ii", case)
    assert ok and so.encloses(lhs, 9 * (100 - MP.log(101))) and so.encloses(rhs, 100 * so.kappa())
    assert 858 < 9 * (100 - MP.log(101)) < 859 and 491 < 100 * so.kappa() < 492


# ----------------------------------------------------------------------------- the audit's additions
# Each new claim is checked with a counted budget (the same seed gives the same result on any machine), and where it
# is violated its certified counterexample is recomputed here with mpmath and Fractions, not with the suite's code.
def counted(cid):
    r = check_claim(BY_ID[cid], cases=200, seed=0)
    assert r.evidence["budget"] == {"kind": "counted", "cases": 200}
    return r


def counted_violation(cid):
    r = counted(cid)
    assert r.verdict == "violated", (cid, r.verdict, r.evidence.get("reason"))
    assert r.counterexample is not None  # certified: exact objects, enclosures that do not overlap
    return r, so.exact_objects(r.counterexample["objects"])


def _products(case):
    p = [so.frac(v) for v in case["p"]]
    px, py = F(1), F(1)
    for i in case["x"]:
        px *= p[int(i)]
    for i in case["y"]:
        py *= p[int(i)]
    d_prod = abs(MP.log(so.mpf(px) / so.mpf(py)))
    d_sum = sum(abs(MP.log(so.mpf(p[int(a)]) / so.mpf(p[int(b)]))) for a, b in zip(case["x"], case["y"]))
    return d_prod, d_sum


def test_lemma_1_proof_factor_n_violated():
    r, case = counted_violation("s001.claim.lemma-1-proof#factor-n")
    n = len(case["x"])
    d_prod, d_sum = _products(case)
    assert n >= 2 and d_sum > 0
    assert d_prod <= d_sum + MP.mpf("1e-30") < n * d_sum - MP.mpf("1e-20")  # the triangle inequality, and the gap
    ce = r.counterexample
    assert so.in_interval(ce["lhs"], d_prod) and so.in_interval(ce["rhs"], n * d_sum)
    assert BY_ID["s001.claim.lemma-1-proof#factor-n"].primary  # the primary reading; #sum-to-n is not
    assert BY_ID["s001.claim.lemma-1-proof#sum-to-n"].primary is None


def test_lemma_1_proof_sum_to_n_violated_and_corrected_holds():
    r, case = counted_violation("s001.claim.lemma-1-proof#sum-to-n")
    d_prod, d_sum = _products(case)
    assert d_prod < d_sum - MP.mpf("1e-20")  # log-ratios of both signs: only '≤' holds
    ce = r.counterexample
    assert so.in_interval(ce["lhs"], d_prod) and so.in_interval(ce["rhs"], d_sum)
    r = counted("s001.claim.lemma-1-proof+corrected")
    assert r.verdict == "holds", r.evidence.get("reason")
    # the finding's witness: p = (2/3, 1/3), x = (0, 0), y = (0, 1): ln 2 against 2 ln 2
    case = {"p": [F(2, 3), F(1, 3)], "x": [0, 0], "y": [0, 1]}
    lhs, rhs, ok = certified("s001.claim.lemma-1-proof#factor-n", case)
    assert ok and so.encloses(lhs, MP.log(2)) and so.encloses(rhs, 2 * MP.log(2))  # ok: the case is in the domain


SHARP_L1 = [c.id for c in CLAIMS if c.id.startswith("s001.lem.1.") and c.variant == "sharp"]


@pytest.mark.parametrize("cid", SHARP_L1)
def test_lemma_1_sharp_constants_hold(cid):
    r = counted(cid)
    assert r.verdict == "holds", (cid, r.evidence.get("reason"))


@pytest.mark.parametrize("combine,expected", [("sum", 1), ("max", 3)])
def test_lemma_1_sharp_L_by_enumeration(combine, expected):
    # one atom p = (1/6, 1/3, 1/2) on X = {0, 1, 2}, ρ = |i − j|, n = 3 records: the product's constant by brute
    # force over every pair of data sets is L (Σ metric) or 3L (max metric), L = max |ln p_i/p_j|/|i − j| = ln 2
    p = [F(1, 6), F(1, 3), F(1, 2)]
    L = max(abs(MP.log(so.mpf(p[i]) / so.mpf(p[j]))) / abs(i - j) for i in range(3) for j in range(3) if i != j)
    best = MP.mpf(0)
    for x in itertools.product(range(3), repeat=3):
        for y in itertools.product(range(3), repeat=3):
            rhos = [abs(a - b) for a, b in zip(x, y)]
            rho = sum(rhos) if combine == "sum" else max(rhos)
            if rho:
                lr = sum(MP.log(so.mpf(p[a]) / so.mpf(p[b])) for a, b in zip(x, y))
                best = max(best, abs(lr) / rho)
    assert abs(best - expected * L) < MP.mpf("1e-30") and abs(L - MP.log(2)) < MP.mpf("1e-30")
    case = {"prior": [F(1, 2), F(1, 2)], "lik": [p, [F(1, 3)] * 3], "n": 3, "k": 3, "metric": 1}
    lhs, rhs, ok = certified(f"s001.lem.1.i+sharp#{combine}-metric", case)
    assert ok and so.encloses(lhs, best) and so.encloses(rhs, expected * L)


def test_lemma_4_as_printed_violated():
    cid = "s001.lem.4#feasible-set-s-above-L"
    r, case = counted_violation(cid)
    lam, L = so.mpf(case["lam"]), so.mpf(case["L"])
    # 1/s ∼ Exp(λ): ξ({s > L}) = ξ({1/s < 1/L}) by quadrature of the density
    xi = MP.quad(lambda t: lam * MP.exp(-lam * t), [0, 1 / L])
    assert L > 1 and xi < 1 - MP.exp(-lam * L) - MP.mpf("1e-20")
    ce = r.counterexample
    assert so.in_interval(ce["lhs"], xi) and so.in_interval(ce["rhs"], 1 - MP.exp(-lam * L))
    # exactly one primary reading of Lemma 4; the proof's corrected prior (s001.lem.4) is kept beside it
    assert _primary_of("s001.lem.4") == [cid] and "s001.lem.4" in BY_ID
    # the finding's numbers: λ = 1, L = 2
    lhs, rhs, ok = certified(cid, {"lam": F(1), "L": F(2)})
    assert ok and so.encloses(lhs, 1 - MP.exp(-MP.mpf(1) / 2)) and so.encloses(rhs, 1 - MP.exp(-2))
    assert 1 - MP.exp(-MP.mpf(1) / 2) < MP.mpf("0.394") < MP.mpf("0.864") < 1 - MP.exp(-2)


def test_lemma_4_prior_support_reading_holds():
    r = counted("s001.lem.4#prior-support-s-above-L0")
    assert r.verdict == "holds", r.evidence.get("reason")
    lam, L, L0 = F(1), F(1, 2), F(1)
    f = lambda t: MP.exp(-t)  # noqa: E731  the Exp(1) density of 1/s
    xi = MP.quad(f, [0, so.mpf(L)]) / MP.quad(f, [0, 1 / so.mpf(L0)])
    lhs, rhs, ok = certified("s001.lem.4#prior-support-s-above-L0", {"lam": lam, "L": L, "L0": L0})
    assert ok and so.encloses(lhs, xi) and so.encloses(rhs, 1 - MP.exp(-MP.mpf(1) / 2))


def _c_proof(alpha, n):
    a = so.mpf(alpha)
    v = 2 * MP.mpf(n) ** a / (a * MP.beta(a, a))
    return MP.log(1 / v) + a


def test_lemma_5_proof_constant_one_trial_violated():
    r, case = counted_violation("s001.claim.lemma-5-proof-c.i#positive-constant")
    assert _c_proof(case["alpha"], 1) < 0  # v > e^α: the proof's constant is no Assumption-2 constant
    assert _c_proof(3, 1) > 0 > _c_proof(F(302, 100), 1)  # the threshold α ≈ 3.018
    assert abs(_c_proof(4, 1) - (4 - MP.log(70))) < MP.mpf("1e-30")  # the finding's witness


def test_lemma_5_proof_constant_one_trial_bound_holds():
    r = counted("s001.claim.lemma-5-proof-c.i#bound-only")
    assert r.verdict == "holds", r.evidence.get("reason")
    # where c > 0 (α ≤ 3) the bound itself holds: ξ(Θ_L) = I_{1/(1+e^L)}^{1/(1+e^{−L})}(α, α) on a grid of L
    for a in (1, F(3, 2), 2, 3):
        c = _c_proof(a, 1)
        for i in range(-30, 21):
            L = MP.mpf(10) ** (MP.mpf(i) / 10)
            xi = MP.betainc(so.mpf(a), so.mpf(a), 1 / (1 + MP.exp(L)), 1 / (1 + MP.exp(-L)), regularized=True)
            assert xi >= 1 - MP.exp(-c * L)


def test_lemma_5_proof_constant_several_trials():
    r, case = counted_violation("s001.claim.lemma-5-proof-c.ii#positive-constant")
    n = int(case["trials"])
    assert n >= 2 and _c_proof(case["alpha"], n) < 0
    assert abs(_c_proof(1, 2) - (1 - MP.log(4))) < MP.mpf("1e-30")
    assert abs(_c_proof(2, 2) - (2 - MP.log(24))) < MP.mpf("1e-30")  # the finding's example
    # c < 0 for every n ≥ 2, α ≥ 1: the bound-only reading says nothing anywhere (vacuous)
    assert max(_c_proof(F(k, 4), n) for n in (2, 3, 12) for k in range(4, 161)) < 0
    r = counted("s001.claim.lemma-5-proof-c.ii#bound-only")
    assert r.verdict == "holds" and r.vacuous, (r.verdict, r.vacuous)


def test_lemma_5_encoding_says_where_it_fails():
    enc = BY_ID["s001.lem.5#exists-c"].encoding
    assert "n = 1" in enc and "n ≥ 2" in enc


def test_lemma_7_joint_epsilon_reading_holds():
    r = counted("s001.lem.7#joint-epsilon")
    assert r.verdict == "holds", r.evidence.get("reason")
    assert BY_ID["s001.lem.7#joint-epsilon"].primary is None  # #hamming stays primary
    # the network of finding s001.F8: under the joint ε it holds, ε = min_x P(x) = 1/9
    adj = [[0, 1], [0, 0]]
    rows = [[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)], [F(2, 3), F(1, 3)]]
    eps = min(so.network_joint(adj, rows, x) for x in itertools.product((0, 1), repeat=2))
    L = so.network_lipschitz(adj, rows)
    assert eps == F(1, 9) and L <= MP.log(9)
    lhs, rhs, ok = certified("s001.lem.7#joint-epsilon", {"adj": adj, "cpt": rows})
    assert ok and so.encloses(lhs, L) and so.encloses(rhs, MP.log(9))
