"""Seed 004 (Triastcyn & Faltings, Bayesian DP): the printed statements against bdp_oracle, which computes from
the paper's definitions with Fractions, mpmath and scipy and shares no code with the claims.

True statements: at fixed exact cases both sides of the claim (certified path) enclose the oracle's values, which
satisfy the relation. False statements: the engine returns `violated` with exact objects, the oracle recomputes
both sides there and finds the relation broken by more than its rounding, and the engine's enclosures contain the
oracle's values. Statistical violations: the oracle re-simulates at the engine's case with its own code and seed
and its Clopper–Pearson lower bound (confidence 1 − 1e−9) exceeds γ.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction as F

import pytest

import bdp_oracle as bo
import oracle_check
from finite_oracle import exact_objects, interval_contains
from proofcheck.stages.evaluation import sides
from proofcheck.claims.s004 import CLAIMS
from proofcheck.claims.s004.printed import TABLE_1
from proofcheck.runs.engine import check_claim
from proofcheck.stages.evaluation import Outside
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import precision

MP = bo.MP
BY_ID = {c.id: c for c in CLAIMS}
ADJ = ("add", "remove", "substitute")


# ----------------------------------------------------------------------------- helpers
def _mp(x):
    if x == math.inf or x == MP.inf:
        return MP.inf
    if x == -math.inf:
        return -MP.inf
    return bo.mpf(F(x)) if isinstance(x, (int, F)) else MP.mpf(x)


def _ball_mp(ball):
    if isinstance(ball, (int, F)):
        return _mp(ball), MP.mpf(0)
    mid = MP.mpf(ball.mid().str(50, radius=False))
    rad = MP.mpf(ball.rad().str(5, radius=False)) if ball.rad() != 0 else MP.mpf(0)
    return mid, rad


def encloses(ball, value, slack=1e-30):
    if value in (MP.inf, math.inf) or ball == math.inf:
        return ball == math.inf and value in (MP.inf, math.inf)
    if value in (-MP.inf, -math.inf) or ball == -math.inf:
        return ball == -math.inf and value in (-MP.inf, -math.inf)
    mid, rad = _ball_mp(ball)
    v = _mp(value)
    return abs(mid - v) <= rad + MP.mpf(slack) * max(1, abs(v))


def relation_holds(rel, lhs, rhs, tol=1e-28):
    lhs, rhs = _mp(lhs), _mp(rhs)
    t = MP.mpf(tol) * max(1, abs(lhs) if lhs not in (MP.inf, -MP.inf) else 1,
                          abs(rhs) if rhs not in (MP.inf, -MP.inf) else 1)
    if rel == "<=":
        return lhs <= rhs + t
    if rel == ">=":
        return lhs + t >= rhs
    if rel == "<":
        return lhs < rhs + t
    if rel == ">":
        return lhs + t > rhs
    return lhs == rhs or abs(lhs - rhs) <= t


def claim_sides(cid, case):
    """Certified (lhs, rhs, hypotheses hold); (None, None, False) where the claim puts the case outside its domain."""
    with precision(160):
        try:
            return sides(BY_ID[cid], case, CERTIFIED)
        except Outside:
            return None, None, False


# ----------------------------------------------------------------------------- exact cases
def _dist(rng, n, zeros=True):
    w = [rng.randint(0 if zeros else 1, 9) for _ in range(n)]
    if not any(w):
        w[rng.randrange(n)] = 1
    return [F(x, sum(w)) for x in w]


def model_cases(seed, count=6, n_max=3, m_max=4, extra=None):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n, m = rng.randint(1, n_max), rng.randint(2, m_max)
        case = {"K": [_dist(rng, m) for _ in range(n + 1)], "mu": _dist(rng, n, zeros=False),
                "adjacency": rng.randint(0, 2), "x0": rng.randint(0, n - 1)}
        if extra:
            case.update(extra(rng, n, m))
        out.append(case)
    return out


def _model(c, key="K"):
    return c[key], c["mu"], ADJ[c["adjacency"]], c["x0"] % len(c["mu"])


def _eps(rng, *_):
    return {"eps": F(rng.randint(1, 30), 10)}


def _eps_lam(rng, *_):
    return {"eps": F(rng.randint(1, 30), 10), "lam": F(rng.randint(1, 40), 10)}


# ----------------------------------------------------------------------------- oracles of the true statements
def o_posterior(c):
    K = c["K"]
    ratios = [max(a, b) / (a + b) for a, b in zip(K[0], K[1]) if a + b > 0]
    eps = max(abs(bo.loss(a, b)) if a and b else MP.inf for a, b in zip(K[0], K[1]) if a + b > 0)
    return max(ratios), 1 / (1 + MP.exp(-eps))


def o_accuracy(c):
    K = c["K"]
    _, rhs = o_posterior(c)
    return sum(max(a, b) for a, b in zip(K[0], K[1])) / 2, rhs


def o_def1(c):
    K, mu, adj, x0 = _model(c)
    t = bo.tail(K, mu, c["eps"], adj, x0)
    return t, t


def o_def2(reading):
    def f(c):
        K, mu, adj, x0 = _model(c)
        d = bo.delta_over_sets(K, mu, c["eps"], adj, x0, reading)
        return d, d
    return f


def o_prop1(reading):
    def f(c):
        K, mu, adj, x0 = _model(c)
        return bo.delta_over_sets(K, mu, c["eps"], adj, x0, reading), bo.tail(K, mu, c["eps"], adj, x0)
    return f


def o_post(reading):
    def f(c):
        K, mu, adj, x0 = _model(c)
        KF = [[sum(r[i] * c["F"][i][j] for i in range(len(r))) for j in range(len(c["F"][0]))] for r in K]
        return (bo.delta_over_sets(KF, mu, c["eps"], adj, x0, reading),
                bo.delta_over_sets(K, mu, c["eps"], adj, x0, reading))
    return f


def o_composition(reading):
    def f(c):
        _, mu, adj, x0 = _model(c, "K1")
        KK = bo.compose(c["K1"], c["K2"])
        if reading == "strong":
            return (bo.tail(KK, mu, c["eps1"] + c["eps2"], adj, x0),
                    bo.tail(c["K1"], mu, c["eps1"], adj, x0) + bo.tail(c["K2"], mu, c["eps2"], adj, x0))
        return (bo.delta_over_sets(KK, mu, c["eps1"] + c["eps2"], adj, x0, reading),
                bo.delta_over_sets(c["K1"], mu, c["eps1"], adj, x0, reading)
                + bo.delta_over_sets(c["K2"], mu, c["eps2"], adj, x0, reading))
    return f


def o_eq5(c):
    K, mu, adj, x0 = _model(c)
    lam, k, eps = bo.mpf(c["lam"]), bo.mpf(c["k"]), bo.mpf(c["eps"])
    moment = MP.mpf(0)
    for w, P, Q in bo.pairs(K, mu, adj, x0):
        for p, q in zip(P, Q):
            if not p:
                continue
            t = abs(bo.loss(p, q))
            if t == MP.inf:
                if lam == 0 and k == 0:
                    moment += bo.mpf(F(w) * F(p))  # φ ≡ 1
                    continue
                return bo.tail(K, mu, c["eps"], adj, x0, "abs-ge"), MP.inf
            moment += bo.mpf(F(w) * F(p)) * (t ** k if t else (1 if k == 0 else 0)) * MP.exp(lam * t)
    return bo.tail(K, mu, c["eps"], adj, x0, "abs-ge"), moment / (eps ** k * MP.exp(lam * eps))


def o_chernoff(c):
    K, mu, adj, x0 = _model(c)
    return bo.tail(K, mu, c["eps"], adj, x0), bo.loss_mgf(K, mu, c["lam"], adj, x0) * MP.exp(-bo.mpf(c["lam"] * c["eps"]))


def o_eq7(c):
    K = c["K"]
    return bo.loss_mgf([K[0], K[1]], [1], c["lam"]), MP.exp(bo.mpf(c["lam"]) * bo.renyi(K[0], K[1], c["lam"] + 1))


def o_eq8(c):
    K, mu, adj, x0 = _model(c)
    return bo.loss_mgf(K, mu, c["lam"], adj, x0), bo.renyi_mgf(K, mu, c["lam"], adj, x0)


def o_eq9(c):
    K, mu, adj, x0 = _model(c)
    return bo.tail(K, mu, c["eps"], adj, x0), bo.renyi_mgf(K, mu, c["lam"], adj, x0) * MP.exp(-bo.mpf(c["lam"] * c["eps"]))


def o_drop_abs_sum(c):
    K = c["K"]
    return (bo.tail([K[0], K[1]], [1], c["eps"], kind="abs-ge"),
            bo.tail([K[0], K[1]], [1], c["eps"]) + bo.tail([K[1], K[0]], [1], c["eps"]))


def _costs(c):
    _, mu, adj, x0 = _model(c, "K1")
    T = c["T"]
    return [MP.log(bo.renyi_mgf(K, mu, c["lam"], adj, x0, T)) / T for K in [c["K1"], c["K2"], c["K3"]][:T]]


def _composed(c):
    return bo.compose(*[c["K1"], c["K2"], c["K3"]][: c["T"]])


def o_thm1(c):
    _, mu, adj, x0 = _model(c, "K1")
    return bo.loss_mgf(_composed(c), mu, c["lam"], adj, x0), MP.exp(MP.fsum(_costs(c)))


def o_cost_sum(c):
    lhs, rhs = o_thm1(c)
    return MP.log(lhs), MP.log(rhs)


def o_thm2(c):
    _, mu, adj, x0 = _model(c, "K1")
    t = bo.tail(_composed(c), mu, c["eps"], adj, x0)
    return (MP.log(bo.mpf(t)) if t else -MP.inf), MP.fsum(_costs(c)) - bo.mpf(c["lam"] * c["eps"])


def o_cor1(c):
    _, mu, adj, x0 = _model(c, "K1")
    eps_star = (MP.fsum(_costs(c)) - MP.log(bo.mpf(c["delta"]))) / bo.mpf(c["lam"])
    return bo.tail(_composed(c), mu, eps_star, adj, x0), c["delta"]


def o_eq10(c):
    v = bo.reference_cost(c["lam"], c["T"], c["s"], c["sigma"], c["d"])
    return v, v


def _t3_args(c):
    return c["lam"], c["T"], c["q"], c["sigma"], c["deltas"], c["weights"]


def o_thm3_bound(c):
    return bo.exact_cost("worst", *_t3_args(c)), max(bo.theorem3("L", *_t3_args(c)), bo.theorem3("R", *_t3_args(c)))


def o_thm3_left(c):
    return bo.theorem3("L", *_t3_args(c)), bo.exact_cost("forward", *_t3_args(c))


def o_binary_posterior(c):
    n1 = c["k"] % (c["N"] + 1)
    return bo.posterior_cdf(c["N"] - n1, n1, bo.estimate(c["N"] - n1, n1, c["gamma"])), 1 - c["gamma"]


def o_binary_example(c):
    return 1 - bo.posterior_cdf(c["N"], 0, c["rho"]), (1 - c["rho"]) ** (c["N"] + 1)


def o_eq20(c):
    K, mu, adj, x0 = _model(c)
    return bo.tail(K, mu, c["eps"], adj, x0, "gt"), bo.tail(K, mu, c["eps"], adj, x0)


def o_percentile(c):
    K, mu, adj, x0 = _model(c)
    level = bo.tail(K, mu, c["eps"], adj, x0) / (1 - c["p"])
    mass = sum((w for w, P, Q in bo.pairs(K, mu, adj, x0) if bo.tail([P, Q], [1], c["eps"], kind="gt") > level), F(0))
    return mass, 1 - c["p"]


def o_eq19(c):
    r, C, s, e = bo.mpf(c["u"] * c["C"]), bo.mpf(c["C"]), bo.mpf(c["sigma"]), bo.mpf(c["eps"])
    eta = r * r / (2 * s * s)
    tail_x = MP.ncdf((eta - e) / MP.sqrt(2 * eta))
    ma = min(MP.exp((a - 1) * (a * C * C / (2 * s * s) - e)) for a in range(2, 66))
    return tail_x, ma


def o_rdp_relation(c):
    s, e, lam = bo.mpf(c["sigma"]), bo.mpf(c["eps"]), bo.mpf(c["lam"])
    mu = 1 / s
    exact = MP.ncdf(mu / 2 - e / mu) - MP.exp(e) * MP.ncdf(-mu / 2 - e / mu)
    return exact, MP.exp(lam * ((lam + 1) / (2 * s * s) - e))


def o_ma_left(c):
    lam = c["lam"]
    a = lam + 1
    s = bo.mpf(c["sigma"] / c["C"])
    log_a = MP.log(bo.binomial_mgf(a, c["q"], 1 / (2 * s * s), -1))
    return bo.theorem3("L", lam, c["T"], c["q"], c["sigma"], [c["C"]], [1]), log_a


def o_table_truncated(c):
    _, _, e, p = TABLE_1[c["row"]]
    e, p = F(e), F(p)
    he = F(1, 2 * 10 ** (len(str(TABLE_1[c["row"]][2]).split(".")[1])))
    unit = F(1, 10 ** len(TABLE_1[c["row"]][3].split(".")[1]))
    P = lambda x: 1 / (1 + MP.exp(-bo.mpf(x)))  # noqa: E731
    lo, hi = P(e - he), P(e + he)
    return max(lo - bo.mpf(p + unit), bo.mpf(p) - hi), 0


REF_CASES = [{"lam": F(2), "T": 10, "s": F(1, 10), "sigma": F(1), "d": 5},
             {"lam": F(3, 2), "T": 1, "s": F(3, 10), "sigma": F(1), "d": 1},
             {"lam": F(8), "T": 3, "s": F(1, 20), "sigma": F(2), "d": 20},
             {"lam": F(1, 2), "T": 1000, "s": F(1, 100), "sigma": F(1), "d": 3}]
T3_CASES = [{"deltas": [F(1)], "weights": [F(1)], "lam": 1, "T": 1, "q": F(1, 2), "sigma": F(1)},
            {"deltas": [F(1, 2), F(3, 2)], "weights": [F(1, 3), F(2, 3)], "lam": 4, "T": 3, "q": F(1, 10), "sigma": F(2)},
            {"deltas": [F(0), F(1), F(2)], "weights": [F(1, 2), F(1, 4), F(1, 4)], "lam": 8, "T": 10, "q": F(1, 100),
             "sigma": F(3)},
            {"deltas": [F(7, 10)], "weights": [F(1)], "lam": 2, "T": 1, "q": F(99, 100), "sigma": F(3, 2)}]


def _composed_cases(seed, extra):
    rng = random.Random(seed)
    out = []
    for _ in range(5):
        n, m = rng.randint(1, 2), rng.randint(2, 3)
        case = {f"K{i}": [_dist(rng, m) for _ in range(n + 1)] for i in (1, 2, 3)}
        case.update(T=rng.randint(1, 3), mu=_dist(rng, n, zeros=False), adjacency=rng.randint(0, 2),
                    x0=rng.randint(0, n - 1), **extra(rng))
        out.append(case)
    return out


def _pair_cases(seed, extra):
    rng = random.Random(seed)
    return [{"K": [_dist(rng, m := rng.randint(2, 4)), _dist(rng, m)], **extra(rng)} for _ in range(6)]


TRUE = {
    "s004.eq.1#posterior": (o_posterior, _pair_cases(1, lambda r: {})),
    "s004.eq.1#bayes-accuracy": (o_accuracy, _pair_cases(2, lambda r: {})),
    "s004.def.1": (o_def1, model_cases(3, extra=_eps)),
    "s004.def.2#fixed-set": (o_def2("fixed-set"), model_cases(4, extra=_eps)),
    "s004.def.2#set-per-x": (o_def2("set-per-x"), model_cases(5, extra=_eps)),
    "s004.prop.1#fixed-set": (o_prop1("fixed-set"), model_cases(6, extra=_eps)),
    "s004.prop.1#set-per-x": (o_prop1("set-per-x"), model_cases(7, extra=_eps)),
    "s004.claim.post-processing#fixed-set": (o_post("fixed-set"), model_cases(
        8, extra=lambda r, n, m: {"eps": F(r.randint(0, 20), 10), "F": [_dist(r, 2) for _ in range(m)]})),
    "s004.claim.post-processing#set-per-x": (o_post("set-per-x"), model_cases(
        9, extra=lambda r, n, m: {"eps": F(r.randint(0, 20), 10), "F": [_dist(r, 3) for _ in range(m)]})),
    "s004.claim.composition#set-per-x": (o_composition("set-per-x"), [
        {k: v for k, v in c.items() if k not in ("K3", "T")} for c in
        _composed_cases(10, lambda r: {"eps1": F(r.randint(0, 20), 10), "eps2": F(r.randint(0, 20), 10)})]),
    "s004.claim.composition#strong": (o_composition("strong"), [
        {k: v for k, v in c.items() if k not in ("K3", "T")} for c in
        _composed_cases(11, lambda r: {"eps1": F(r.randint(0, 20), 10), "eps2": F(r.randint(0, 20), 10)})]),
    "s004.eq.5": (o_eq5, model_cases(12, extra=lambda r, n, m: {"eps": F(r.randint(1, 20), 10),
                                                              "lam": F(r.randint(0, 20), 10), "k": F(r.randint(0, 30), 10)})),
    "s004.claim.drop-abs#sum": (o_drop_abs_sum, _pair_cases(13, lambda r: {"eps": F(r.randint(1, 20), 10)})),
    "s004.eq.6": (o_chernoff, model_cases(14, extra=_eps_lam)),
    "s004.claim.lambda-arbitrary#positive": (o_chernoff, model_cases(15, extra=_eps_lam)),
    "s004.eq.7": (o_eq7, _pair_cases(16, lambda r: {"lam": F(r.randint(1, 40), 10)})),
    "s004.eq.8": (o_eq8, model_cases(17, extra=_eps_lam)),
    "s004.eq.9": (o_eq9, model_cases(18, extra=_eps_lam)),
    "s004.thm.1": (o_thm1, _composed_cases(19, lambda r: {"lam": F(r.randint(1, 30), 10)})),
    "s004.claim.cost-sum": (o_cost_sum, _composed_cases(20, lambda r: {"lam": F(r.randint(1, 30), 10)})),
    "s004.thm.2": (o_thm2, _composed_cases(21, lambda r: {"lam": F(r.randint(1, 30), 10),
                                                          "eps": F(r.randint(0, 40), 10)})),
    "s004.cor.1": (o_cor1, _composed_cases(22, lambda r: {"lam": F(r.randint(1, 30), 10),
                                                          "delta": F(1, 10 ** r.randint(1, 6))})),
    "s004.eq.10": (o_eq10, REF_CASES),
    "s004.thm.3#upper-bound": (o_thm3_bound, T3_CASES),
    "s004.thm.3.i": (o_thm3_left, T3_CASES),
    "s004.claim.binary-estimator#posterior": (o_binary_posterior, [
        {"N": 100, "k": 0, "gamma": F(99, 100) ** 101}, {"N": 10, "k": 3, "gamma": F(1, 20)},
        {"N": 50, "k": 50, "gamma": F(1, 1000)}, {"N": 7, "k": 2, "gamma": F(9, 10)}]),
    "s004.claim.binary-example": (o_binary_example, [{"N": 100, "rho": F(1, 100)}, {"N": 3, "rho": F(1, 2)},
                                                     {"N": 1000, "rho": F(1, 10**4)}]),
    "s004.eq.14#with-T": (o_eq10, [{"lam": F(1), "T": 2, "s": F(1, 5), "sigma": 1, "d": 1},
                                   {"lam": F(3, 2), "T": 1, "s": F(3, 10), "sigma": 1, "d": 1},
                                   {"lam": F(2), "T": 5, "s": F(1, 20), "sigma": 1, "d": 4}]),
    "s004.eq.20": (o_eq20, model_cases(23, extra=_eps)),
    "s004.claim.percentile": (o_percentile, model_cases(24, extra=lambda r, n, m: {
        "eps": F(r.randint(0, 20), 10), "p": F(r.randint(50, 99), 100)})),
    "s004.eq.19": (o_eq19, [{"u": F(1), "C": F(1), "sigma": F(1), "eps": F(2)},
                            {"u": F(1, 2), "C": F(2), "sigma": F(3, 2), "eps": F(1, 2)},
                            {"u": F(9, 10), "C": F(1, 2), "sigma": F(1, 2), "eps": F(5)}]),
    "s004.claim.rdp-relation": (o_rdp_relation, [{"sigma": F(1), "eps": F(1), "lam": F(2)},
                                                 {"sigma": F(1, 2), "eps": F(4), "lam": F(3, 2)},
                                                 {"sigma": F(3), "eps": F(1, 10), "lam": F(20)}]),
    "s004.claim.ma-special-case#left-term": (o_ma_left, [{"lam": 1, "T": 1, "q": F(1, 100), "sigma": F(4), "C": F(1)},
                                                         {"lam": 19, "T": 1000, "q": F(1, 2), "sigma": F(2), "C": F(3, 2)},
                                                         {"lam": 64, "T": 7, "q": F(99, 100), "sigma": F(10), "C": F(1, 10)}]),
    "s004.table.1#truncated": (o_table_truncated, [{"row": i} for i in range(len(TABLE_1))]),
}

SLACK = {"s004.eq.10": 1e-25, "s004.thm.3#upper-bound": 1e-25, "s004.thm.3.i": 1e-25, "s004.eq.14#with-T": 1e-25,
         "s004.claim.binary-estimator#posterior": 1e-25}


@pytest.mark.parametrize("cid", sorted(TRUE))
def test_true_statement_against_oracle(cid):
    oracle, cases = TRUE[cid]
    slack = SLACK.get(cid, 1e-30)
    # bdp_oracle computes the two sides only: the hypotheses are the claim's (ok None)
    oracle_check.check_true_statement(
        BY_ID[cid], lambda case: (*oracle(case), None), cases, prec=160, at_least=min(3, len(cases)),
        encloses=lambda ball, value: encloses(ball, value, slack),
        holds=lambda rel, lhs, rhs: relation_holds(rel, lhs, rhs, tol=max(slack, 1e-28) * 10))


def test_definition_2_readings_coincide_for_a_point_mass():
    # with one value of x' there is nothing to average: the two readings of Definition 2 are the same number
    for case in model_cases(30, count=5, n_max=1, extra=_eps):
        K, mu, adj, _ = _model(case)
        a = bo.delta_over_sets(K, mu, case["eps"], adj, 0, "fixed-set")
        b = bo.delta_over_sets(K, mu, case["eps"], adj, 0, "set-per-x")
        assert abs(a - b) < MP.mpf("1e-35")
        la, _, _ = claim_sides("s004.def.2#fixed-set", case)
        lb, _, _ = claim_sides("s004.def.2#set-per-x", case)
        assert encloses(la, a) and encloses(lb, b)


# ----------------------------------------------------------------------------- false statements
def f_composition_fixed(c):
    _, mu, adj, x0 = _model(c, "K1")
    KK = bo.compose(c["K1"], c["K2"])
    return (bo.delta_over_sets(KK, mu, c["eps1"] + c["eps2"], adj, x0),
            bo.delta_over_sets(c["K1"], mu, c["eps1"], adj, x0) + bo.delta_over_sets(c["K2"], mu, c["eps2"], adj, x0))


def f_drop_abs_same(c):
    K = c["K"]
    return (bo.tail([K[0], K[1]], [1], c["eps"], kind="abs-ge"),
            max(bo.tail([K[0], K[1]], [1], c["eps"]), bo.tail([K[1], K[0]], [1], c["eps"])))


def f_thm3_right(c):
    return bo.theorem3("R", *_t3_args(c)), bo.exact_cost("reverse", *_t3_args(c))


def f_binary_frequentist(c):
    N, rho, g = c["N"], c["rho"], c["gamma"]
    fail = sum((math.comb(N, k) * rho ** k * (1 - rho) ** (N - k) for k in range(N + 1)
                if bo.posterior_cdf(N - k, k, rho) > 1 - bo.mpf(g)), F(0))
    return fail, g


def f_eq14_printed(c):
    return bo.reference_cost(c["lam"], 1, c["s"], c["sigma"], c["d"]), bo.reference_cost(c["lam"], c["T"], c["s"],
                                                                                         c["sigma"], c["d"])


def f_eq17(c):
    K, rho = c["K"], c["rho"]
    t = bo.tail(K, [1 - rho, rho], c["eps"])
    fail, _ = f_binary_frequentist({"N": c["N"], "rho": rho, "gamma": c["gamma"]})
    return t * fail, c["gamma"]


def f_ma_theorem3(c):
    lam, s = c["lam"], bo.mpf(c["sigma"] / c["C"])
    log_a = MP.log(bo.binomial_mgf(lam + 1, c["q"], 1 / (2 * s * s), -1))
    args = (lam, c["T"], c["q"], c["sigma"], [c["C"]], [1])
    return max(bo.theorem3("L", *args), bo.theorem3("R", *args)), log_a


def f_table(reading):
    def f(c):
        _, _, e, p = TABLE_1[c["row"]]
        dec_p = len(p.split(".")[1])
        half_p = MP.mpf(1) / (2 * 10 ** dec_p)
        P = lambda x: 1 / (1 + MP.exp(-bo.mpf(F(x))))  # noqa: E731
        if reading == "as-printed":
            return abs(P(e) - bo.mpf(F(p))) - half_p, 0
        half_e = F(1, 2 * 10 ** len(e.split(".")[1]))
        lo, hi = P(F(e) - half_e), P(F(e) + half_e)
        return max(lo - (bo.mpf(F(p)) + half_p), (bo.mpf(F(p)) - half_p) - hi), 0
    return f


FALSE = {
    "s004.claim.composition#fixed-set": f_composition_fixed,
    "s004.claim.drop-abs#same-delta": f_drop_abs_same,
    "s004.claim.lambda-arbitrary#any-real": o_chernoff,
    "s004.thm.3#expressed-as": o_thm3_bound,
    "s004.thm.3.ii": f_thm3_right,
    "s004.claim.binary-estimator#frequentist": f_binary_frequentist,
    "s004.eq.14#printed": f_eq14_printed,
    "s004.eq.17": f_eq17,
    "s004.claim.ma-special-case#theorem-3": f_ma_theorem3,
    "s004.table.1#as-printed": f_table("as-printed"),
    "s004.table.1#within-rounding": f_table("within-rounding"),
}


@pytest.mark.parametrize("cid", sorted(FALSE))
def test_false_statement_engine_counterexample_recomputed(cid):
    oracle_check.check_counterexample(BY_ID[cid], lambda case: (*FALSE[cid](case), None),
                                      fails=lambda rel, lhs, rhs: not relation_holds(rel, lhs, rhs, tol=1e-25))


@pytest.mark.parametrize("cid", ["s004.thm.4#printed", "s004.thm.4#with-T"])
def test_theorem_4_statistical_violation_resimulated(cid):
    r = check_claim(BY_ID[cid], seconds=120, seed=0, max_examples=1500)
    assert r.verdict == "violated", (cid, r.verdict, r.evidence.get("reason"))
    stat = r.counterexample["statistical"][0]
    assert stat["confidence"] >= 1 - 1e-9 and stat["method"].startswith("Clopper-Pearson") and stat["n"] >= 100000
    c = exact_objects(r.counterexample["objects"])
    gamma = float(c["gamma"])
    assert stat["interval"][0] > gamma
    # the oracle's own simulation at the engine's case, another seed: its Clopper–Pearson lower bound is above γ
    fails, n = bo.t_estimator_failure(float(c["lam"]), int(c["T"]), float(c["s"]), float(c["sigma"]), int(c["d"]),
                                      int(c["m"]), gamma, 200_000, 12345, cid.split("#")[1])
    assert bo.clopper_pearson_lower(fails, n, 1 - 1e-9) > gamma, (fails, n, gamma)


# ----------------------------------------------------------------------------- by hand
def test_composition_counterexample_by_hand():
    # K1 reveals whether x' = b, K2 whether x' = a; x' uniform on {a, b}: each alone is (1, 0)-BDP under the
    # fixed-set reading (half the mass of D' stays on D's outcome), together D's outcome (0, 0) never happens on D'
    K1 = [[F(1), F(0)], [F(1), F(0)], [F(0), F(1)]]
    K2 = [[F(1), F(0)], [F(0), F(1)], [F(1), F(0)]]
    case = {"K1": K1, "K2": K2, "mu": [F(1, 2), F(1, 2)], "adjacency": 0, "x0": 0, "eps1": F(7, 10), "eps2": F(7, 10)}
    lhs, rhs, ok = claim_sides("s004.claim.composition#fixed-set", case)
    assert ok and encloses(lhs, 1) and encloses(rhs, 0)
    # the per-x reading and strong BDP are fine here: each mechanism alone leaks x' fully for half the points
    l2, r2, _ = claim_sides("s004.claim.composition#set-per-x", case)
    assert float(l2.upper()) <= float(r2.lower()) + 1e-30


def test_theorem_3_terms_by_hand():
    # Δ = 1, λ = 1, q = 1/2, σ = 1: c^L = log(1/4 + 1/2 + e/4) (= the exact forward moment), c^R = log((1 + e)/2)
    case = T3_CASES[0]
    c_right, c_reverse, _ = claim_sides("s004.thm.3.ii", case)
    lhs, rhs, _ = claim_sides("s004.thm.3#expressed-as", case)
    assert encloses(rhs, MP.log((1 + MP.e) / 2)) and encloses(c_right, MP.log((1 + MP.e) / 2))
    assert float(c_reverse.upper()) < 0.19 < 0.62 < float(c_right.lower())
    assert encloses(lhs, MP.log(MP.mpf(3) / 4 + MP.e / 4), slack=1e-25)
    # c^R exceeds c^L for every law of Δ (E over N(Δ,σ²) of an increasing function ≥ its E over the mixture), so
    # the claim's max{c^L, c^R} is the oracle's c^R
    for c in T3_CASES:
        c_r = bo.theorem3("R", *_t3_args(c))
        assert c_r >= bo.theorem3("L", *_t3_args(c))
        _, rhs, _ = claim_sides("s004.thm.3#expressed-as", c)
        assert encloses(rhs, c_r, slack=1e-25), (rhs, c_r, c)


def test_binary_estimator_undercovers_at_the_paper_scale():
    # 100 samples, γ = 0.05: just above ρ̂(0) = 1 − 0.05^{1/101} the estimator fails when the data are all zeros,
    # with probability (1 − ρ)^{100} > 0.05 (the Bayes bound sits below the exact Clopper–Pearson bound)
    rho_hat0 = 1 - MP.mpf("0.05") ** (MP.mpf(1) / 101)
    rho = F(2925, 100000)
    assert bo.mpf(rho) > rho_hat0
    case = {"N": 100, "rho": rho, "gamma": F(1, 20)}
    lhs, rhs, ok = claim_sides("s004.claim.binary-estimator#frequentist", case)
    assert ok and lhs == (1 - rho) ** 100 and lhs > F(511, 10000)
    # and by enumerating every dataset for a small N
    for N, rho, g in [(6, F(1, 3), F(1, 10)), (8, F(3, 10), F(1, 20)), (10, F(1, 20), F(3, 10))]:
        want = bo.failure_by_enumeration(N, rho, g)
        lhs, _, _ = claim_sides("s004.claim.binary-estimator#frequentist", {"N": N, "rho": rho, "gamma": g})
        assert lhs == want


def test_worked_example_numbers():
    assert abs(1 - bo.posterior_cdf(100, 0, F(1, 100)) - MP.mpf("0.99") ** 101) < MP.mpf("1e-35")
    lhs, rhs, ok = claim_sides("s004.claim.binary-example", {"N": 100, "rho": F(1, 100)})
    assert ok and encloses(lhs, MP.mpf("0.99") ** 101) and abs(float(lhs.mid()) - 0.3624) < 1e-4
    for row in range(3):
        g, tol, ok = claim_sides("s004.claim.binary-example.figures", {"row": row})
        assert ok and float(g.upper()) <= float(tol.lower()) + 1e-300


def test_table_1_mnist_dp_entry_by_hand():
    # P(A) at the printed ε = 2.2 is 0.9002, printed 0.898; ε = 2.175..2.185 (which rounds to 2.2) gives 0.898
    assert abs(1 / (1 + math.exp(-2.2)) - 0.9002495) < 1e-6
    gap, _, _ = claim_sides("s004.table.1#as-printed", {"row": 0})
    assert float(gap.lower()) > 0.0017
    gap, _, _ = claim_sides("s004.table.1#within-rounding", {"row": 0})
    assert float(gap.upper()) < 0
    # CIFAR10 DP: ε ≥ 7.95 gives P(A) ≥ 0.99965, which rounds to 1.000, never to the printed 0.999
    assert 1 / (1 + math.exp(-7.95)) > 0.9995
    gap, _, _ = claim_sides("s004.table.1#within-rounding", {"row": 2})
    assert float(gap.lower()) > 0


def test_eq14_printed_misses_T_by_hand():
    # λ = 1, T = 2, s = 1/5: Eq. (14) as printed converges to c(1, 1) = −½log(1 − 0.08); c(1, 2) = −¼log(1 − 0.16)
    case = {"lam": F(1), "T": 2, "s": F(1, 5), "sigma": 1, "d": 1}
    lhs, rhs, ok = claim_sides("s004.eq.14#printed", case)
    assert ok and encloses(lhs, -MP.log(MP.mpf("0.92")) / 2, 1e-25) and encloses(rhs, -MP.log(MP.mpf("0.84")) / 4)


def test_strong_bdp_remark_witness():
    # p(·|D) = (1/2, 1/4, 1/4), p(·|D') = (1/8, 3/8, 1/2): L(w₁) = log 4, L(w₂) = log(2/3); merged w₁ ∪ w₂ has
    # likelihood ratio 3/2, below e^{1/2} (outside the hypotheses) but above e^{2/5}
    K = [[F(1, 2), F(1, 4), F(1, 4)], [F(1, 8), F(3, 8), F(1, 2)]]
    case = {"K": K, "eps": F(1, 2), "mu": [F(1)], "adjacency": 0, "x0": 0}
    assert not claim_sides("s004.claim.strong-bdp-post-processing", case)[2]
    case["eps"] = F(2, 5)
    lhs, rhs, ok = claim_sides("s004.claim.strong-bdp-post-processing", case)
    assert ok and encloses(lhs, F(1, 4)) and encloses(rhs, F(1, 4))
    assert bo.tail(K, [1], F(2, 5)) == F(1, 2)  # before: only w₁
    merged = [[F(3, 4), F(1, 4)], [F(1, 2), F(1, 2)]]
    assert bo.tail(merged, [1], F(2, 5)) == F(3, 4)  # after: the merged outcome exceeds e^{0.4}


def test_percentile_figure_is_exact():
    lhs, rhs, ok = claim_sides("s004.claim.99.999-percent", {"p": F(99999, 100000)})
    assert ok and encloses(lhs, F(1, 10**5)) and rhs == F(1, 10**5)


# ----------------------------------------------------------------------------- primary readings
def _primary_of(sid):
    return [c.id for c in CLAIMS if c.statement_id == sid and c.variant is None and c.primary]


@pytest.mark.parametrize("sid, primary", [
    # Definition 2 is read one way wherever it is used: the DP inequality per x', δ averaged over x' ∼ μ
    ("s004.def.2", "s004.def.2#set-per-x"),
    ("s004.prop.1", "s004.prop.1#set-per-x"),
    ("s004.claim.post-processing", "s004.claim.post-processing#set-per-x"),
    ("s004.claim.composition", "s004.claim.composition#set-per-x"),
    # §4.3.1 states a posterior probability ('the Bayesian view', Eq. (13)); its frequentist use is Eq. (17)'s
    ("s004.claim.binary-estimator", "s004.claim.binary-estimator#posterior"),
    # Table 1 keeps P(A)'s digits (0.999 for ε = 8.0, not 1.000)
    ("s004.table.1", "s004.table.1#truncated"),
])
def test_primary_reading_chosen_by_the_principle(sid, primary):
    assert _primary_of(sid) == [primary]
    assert len(BY_ID[primary].primary) > 200  # the reason, in the paper's words
    # the literal readings stay registered, non-primary
    others = [c for c in CLAIMS if c.statement_id == sid and c.variant is None and c.id != primary]
    assert others and all(c.primary is None for c in others)


@pytest.mark.parametrize("cid", ["s004.claim.composition#set-per-x", "s004.claim.binary-estimator#posterior",
                                 "s004.table.1#truncated"])
def test_new_primary_readings_hold_with_a_counted_budget(cid):
    r = check_claim(BY_ID[cid], cases=200, seed=0)
    assert r.verdict == "holds", (cid, r.evidence.get("reason"))
    assert r.vacuous is None and r.evidence["budget"] == {"kind": "counted", "cases": 200}


def test_fixed_set_reading_rates_publishing_the_record_as_perfectly_private():
    # the mechanism that outputs x' when it is present and a dummy drawn from μ when it is absent: the fixed-set
    # reading of Definition 2 compares the mixtures μ and μ (δ = 0 at ε = 0); per x' the record is disclosed
    K = [[F(1, 2), F(1, 2)], [F(1), F(0)], [F(0), F(1)]]
    mu = [F(1, 2), F(1, 2)]
    for adjacency in (0, 1):  # add, remove
        case = {"K": K, "mu": mu, "adjacency": adjacency, "x0": 0, "eps": F(0)}
        assert bo.delta_over_sets(K, mu, 0, ADJ[adjacency], 0, "fixed-set") == 0
        assert abs(bo.delta_over_sets(K, mu, 0, ADJ[adjacency], 0, "set-per-x") - MP.mpf(1) / 2) < MP.mpf("1e-35")
        fixed, _, ok = claim_sides("s004.def.2#fixed-set", case)
        per_x, _, ok2 = claim_sides("s004.def.2#set-per-x", case)
        assert ok and ok2 and encloses(fixed, 0) and encloses(per_x, F(1, 2))


def test_table_1_cifar_dp_entry_truncated():
    # ε ∈ [7.95, 8.05] gives P(A) ∈ [0.99965, 0.99968]: rounds to 1.000, truncates to the printed 0.999
    lo, hi = 1 / (1 + MP.exp(-MP.mpf("7.95"))), 1 / (1 + MP.exp(-MP.mpf("8.05")))
    assert MP.mpf("0.9995") < lo < hi < MP.mpf("0.9997")
    # the gap to the band [0.999, 1.000] that 0.999 stands for when truncated: max(lo − 1, 0.999 − hi) < 0
    gap, _, ok = claim_sides("s004.table.1#truncated", {"row": 2})
    assert ok and encloses(gap, max(lo - 1, MP.mpf("0.999") - hi)) and float(gap.upper()) < 0


# ----------------------------------------------------------------------------- the audit's additions: adaptive Theorem 1,
# Theorem 3 under substitution, δ_μ = β + γ with T estimates, §5.1's Weibull gradients (counted budgets)
def _mp_renyi_exp(P, Q, lam):
    """e^{λD_{λ+1}(P‖Q)} = Σ P^{λ+1}Q^{−λ} (mpmath from Fractions; +inf where Q = 0 < P)."""
    return bo.renyi_moment(P, Q, lam + 1)


def _adaptive_oracle(c, reading):
    """Both sides of adaptive Theorem 1 (T = 2) from the definitions, mpmath."""
    mu, adj, x0 = c["mu"], ADJ[c["adjacency"]], c["x0"] % len(c["mu"])
    lam = bo.mpf(F(c["lam"]))
    K1 = c["K1"]
    m1 = len(K1[0])
    rows = lambda K, x: {"add": (K[0], K[1 + x]), "remove": (K[1 + x], K[0]),  # noqa: E731
                         "substitute": (K[1 + x0], K[1 + x])}[adj]
    lhs, first, second = MP.mpf(0), MP.mpf(0), MP.mpf(0)
    for x, w in enumerate(mu):
        if F(w) == 0:
            continue
        P1, Q1 = rows(K1, x)
        joint_p = [F(P1[j]) * F(p) for j in range(m1) for p in rows(c[f"K2_{j}"], x)[0]]
        joint_q = [F(Q1[j]) * F(q) for j in range(m1) for q in rows(c[f"K2_{j}"], x)[1]]
        lhs += bo.mpf(F(w)) * _mp_renyi_exp(joint_p, joint_q, lam)
        first += bo.mpf(F(w)) * _mp_renyi_exp(P1, Q1, lam) ** 2
        e2 = [_mp_renyi_exp(*rows(c[f"K2_{j}"], x), lam) ** 2 for j in range(m1)]
        if reading == "sup-past":
            term = max(e2)
        elif reading == "averaged-past":
            term = sum(bo.mpf(F(P1[j])) * e2[j] for j in range(m1) if F(P1[j]) > 0)
        else:
            term = e2[c["path"]]
        second += bo.mpf(F(w)) * term
    return lhs, MP.sqrt(first * second)


def _substitution_oracle(c):
    """The exact substitution cost by mpmath quadrature (≥ the claim's lower bound) and max{c^L, c^R}."""
    lam, T, q, sg = c["lam"], c["T"], bo.mpf(F(c["q"])), bo.mpf(F(c["sigma"]))
    a = bo.mpf(F(c["g0"]))

    def dens(z, g):
        return ((1 - q) * MP.npdf(z, 0, sg) + q * MP.npdf(z, g, sg))

    total = MP.mpf(0)
    for b, w in zip(c["points"], c["weights"]):
        if F(w) == 0:
            continue
        b = bo.mpf(F(b))
        pts = sorted({-40 * sg, MP.mpf(0), a, b, a - lam * (b - a), max(a, b) + 40 * sg, min(a, b) - 40 * sg})
        moment = MP.quad(lambda z: dens(z, a) ** (lam + 1) / dens(z, b) ** lam, pts)
        total += bo.mpf(F(w)) * moment ** T
    deltas = [abs(F(b) - F(c["g0"])) for b in c["points"]]
    t3 = max(bo.theorem3("L", lam, T, c["q"], c["sigma"], deltas, c["weights"]),
             bo.theorem3("R", lam, T, c["q"], c["sigma"], deltas, c["weights"]))
    return MP.log(total) / T, t3


def _sum_underestimate_oracle(c):
    T, f, a, b = c["T"], F(c["f"]), F(c["a"]), F(c["b"])
    return sum((math.comb(T, j) * f ** j * (1 - f) ** (T - j) for j in range(T + 1) if (T - j) * b < j * a), F(0))


NEW_VERDICTS = {
    "s004.thm.1#sup-past": "holds", "s004.thm.1#averaged-past": "violated", "s004.thm.1#realised-path": "violated",
    "s004.thm.3#substitute": "violated", "s004.claim.delta-beta-plus-gamma": "violated",
    "s004.claim.delta-beta-plus-gamma+corrected": "holds", "s004.claim.weibull-unclipped": "violated",
    "s004.claim.weibull-unclipped+corrected": "holds",
}


@pytest.fixture(scope="module")
def new_results():
    return {cid: check_claim(BY_ID[cid], cases=200, seed=0) for cid in NEW_VERDICTS}


@pytest.mark.parametrize("cid", sorted(NEW_VERDICTS))
def test_audit_additions_verdicts(cid, new_results):
    r = new_results[cid]
    assert r.verdict == NEW_VERDICTS[cid], (cid, r.verdict, (r.evidence or {}).get("reason"))
    if r.verdict == "violated":
        assert r.counterexample is not None


@pytest.mark.parametrize("reading", ["averaged-past", "realised-path"])
def test_adaptive_theorem_1_counterexample_recomputed(reading, new_results):
    r = new_results[f"s004.thm.1#{reading}"]
    c = exact_objects(r.counterexample["objects"])
    lhs, rhs = _adaptive_oracle(c, reading)
    assert lhs > rhs * (1 + MP.mpf("1e-20")), (lhs, rhs)
    assert interval_contains(r.counterexample["lhs"], lhs) and interval_contains(r.counterexample["rhs"], rhs)
    # the sup over the past bounds it (the reading that holds)
    lhs2, sup_rhs = _adaptive_oracle(c, "sup-past")
    assert lhs2 <= sup_rhs * (1 + MP.mpf("1e-20"))


def test_adaptive_theorem_1_by_hand():
    # the finding's witness: one point, K1 = ((1/2, 1/2), (1/1000, 999/1000)), step 2 repeats K1 after w₁ = 0
    K1 = [[F(1, 2), F(1, 2)], [F(1, 1000), F(999, 1000)]]
    flat = [[F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)]]
    case = {"K1": K1, "K2_0": K1, "K2_1": flat, "K2_2": flat, "mu": [F(1)], "adjacency": 0, "x0": 0, "lam": F(1),
            "path": 1}
    e1 = F(1, 4) / F(1, 1000) + F(1, 4) / F(999, 1000)  # e^{λD₂(K1)} = 250.25…
    lhs = F(1, 4) / F(1, 1000) * e1 + F(1, 4) / F(999, 1000)  # E[e^{λL}]: after w₁ = 0 the second step leaks again
    for reading, rhs in [("realised-path", e1), ("sup-past", e1 * e1)]:
        l, r, ok = claim_sides(f"s004.thm.1#{reading}", case)
        assert ok and encloses(l, lhs) and encloses(r, rhs)
    assert lhs > e1 and lhs <= e1 * e1


def test_theorem_3_substitution_counterexample_recomputed(new_results):
    r = new_results["s004.thm.3#substitute"]
    c = exact_objects(r.counterexample["objects"])
    exact, t3 = _substitution_oracle(c)
    assert exact > t3 * (1 + MP.mpf("1e-10")), (exact, t3)
    # the claim's left side is a lower bound on the exact cost, its right side Theorem 3's
    lo = MP.mpf(str(r.counterexample["lhs"]).strip("[]").split(",")[0])
    assert lo <= exact and interval_contains(r.counterexample["rhs"], t3)


def test_delta_beta_plus_gamma_counterexample_recomputed(new_results):
    r = new_results["s004.claim.delta-beta-plus-gamma"]
    c = exact_objects(r.counterexample["objects"])
    assert F(c["f"]) <= F(c["gamma"])
    p = _sum_underestimate_oracle(c)
    assert p > F(c["gamma"]) and p <= c["T"] * F(c["gamma"])  # the printed γ fails, the union bound Tγ holds
    assert interval_contains(r.counterexample["lhs"], p)
    # the finding's witness: T = 2, f = γ = 1/100, errors −1 / +1/10
    assert _sum_underestimate_oracle({"T": 2, "f": F(1, 100), "a": 1, "b": F(1, 10)}) == 1 - F(99, 100) ** 2


def test_weibull_cost_diverges(new_results):
    r = new_results["s004.claim.weibull-unclipped"]
    c = exact_objects(r.counterexample["objects"])
    k, s, sg, T = (bo.mpf(F(c[n])) for n in ("shape", "scale", "sigma", "T"))
    assert k < 1
    a = T * 1 * 2 / (2 * sg * sg)  # λ = 1, the smallest order the accountant tries (larger λ only grows)

    def log_integrand(r):
        return a * r * r + MP.log(k / s) + (k - 1) * MP.log(r / s) - (r / s) ** k

    # the log-integrand grows without bound: the moment integral diverges, c_t(1, T) = +∞ (and so for every λ ≥ 1)
    values = [log_integrand(MP.mpf(10) ** j * (1 + s / sg)) for j in range(1, 5)]
    assert all(v2 > v1 for v1, v2 in zip(values, values[1:])) and values[-1] > 10 ** 6
    # the certified lower bounds of the corrected claim sit below mpmath's integral over their window
    case = {"shape": c["shape"], "scale": c["scale"], "sigma": c["sigma"], "T": c["T"], "lam": F(1), "M": F(1000)}
    lb, _, ok = claim_sides("s004.claim.weibull-unclipped+corrected", case)
    from proofcheck.claims.s004.experiments import weibull_window_start
    R = bo.mpf(weibull_window_start(case))
    window = MP.log(MP.quad(lambda r: MP.exp(log_integrand(r) - (a * R * R)), [R, R + 1])) + a * R * R
    assert ok and float(lb.upper()) <= window / T and float(lb.lower()) > 1000
