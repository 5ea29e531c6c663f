"""Seed 001, issue 14: tightness witnessed at exact cases, witnesses off the hypotheses' boundary, and the statements
added (finite-support priors under Assumption 2, the per-shell step of (C.4), Lemma 8 against randomised estimators).

Every engine run here has a counted budget (the same seed gives the same result on any machine). A figure the engine
reports is recomputed from its exact objects with mpmath and Fractions (test_s001_oracle), not with the suite's code.
"""
from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

import test_s001_oracle as so
from proofcheck.claims.s001 import CLAIMS, FINDINGS
from proofcheck.runs.engine import check_claim
from proofcheck.stages.evaluation import sides
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import precision

BY_ID = {c.id: c for c in CLAIMS}
MP = so.MP
FS_FAMILIES = ("table", "exponential", "laplace", "normal-mean")


def counted(cid, cases=200):
    r = check_claim(BY_ID[cid], cases=cases, seed=0)
    assert r.evidence["budget"] == {"kind": "counted", "cases": cases}
    return r


def counted_violation(cid, cases=200):
    r = counted(cid, cases)
    assert r.verdict == "violated", (cid, r.verdict, r.evidence.get("reason"))
    return r, so.exact_objects(r.counterexample["objects"])


def certified(cid, case):
    with precision(128):
        return sides(BY_ID[cid], case, CERTIFIED)


# ----------------------------------------------------------------------------- an oracle for finite-support cases
def _log_likelihood(case, atom, which):
    """ln p_θ(data) of one atom, from the family's density (records as the claims read them)."""
    fam = FS_FAMILIES[int(case["family"])]
    if fam == "table":
        return sum(MP.log(so.mpf(case["lik"][atom][int(v)])) for v in case["d" + which])
    t, xs = so.mpf(case["atoms"][atom]), [so.mpf(v) for v in case[which]]
    if fam == "exponential":  # rate |a|, records |x|
        return sum(MP.log(abs(t)) - abs(t) * abs(x) for x in xs)
    if fam == "laplace":  # inverse scale |a|, location 0
        return sum(MP.log(abs(t) / 2) - abs(t) * abs(x) for x in xs)
    return sum(-(x - t) ** 2 / 2 - MP.log(2 * MP.pi) / 2 for x in xs)  # normal mean, unit variance


def _log_posteriors(case):
    out = []
    for which in ("x", "y"):
        w = [MP.log(so.mpf(p)) + _log_likelihood(case, i, which) for i, p in enumerate(case["prior"])]
        z = MP.log(sum(MP.exp(v) for v in w))
        out.append([v - z for v in w])
    return out


def _lipschitz_and_rho(case):
    """L = max_θ L(θ) (the smallest constant of Assumption 1) and ρ(x, y), from the definitions."""
    fam = FS_FAMILIES[int(case["family"])]
    if fam == "table":
        return (max(so.row_lipschitz(r) for r in case["lik"]),
                sum(1 for a, b in zip(case["dx"], case["dy"]) if a != b))
    atoms, x, y = ([so.mpf(v) for v in case[k]] for k in ("atoms", "x", "y"))
    if fam == "exponential":
        return max(abs(a) for a in atoms), sum(abs(abs(a) - abs(b)) for a, b in zip(x, y))
    if fam == "laplace":
        return max(abs(a) for a in atoms), sum(abs(a - b) for a, b in zip(x, y))
    return (max(max(1, abs(a)) for a in atoms) / 2,
            sum(abs(a * a - b * b) + 2 * abs(a - b) for a, b in zip(x, y)))


def _two_atom_kl_ratio_at_best_odds(ell):
    """KL/(2ℓ) for two atoms with log-likelihood ratios ±ℓ at the best posterior odds t = 2ℓ − 1 under x."""
    t = 2 * ell - 1
    s = t * MP.exp(-2 * ell)  # the odds under y
    kl = 2 * ell * t / (1 + t) - MP.log(1 + t) + MP.log(1 + s)
    return kl / (2 * ell)


# ----------------------------------------------------------------------------- witnessed tightness
def test_theorem_2_i_tightness_is_witnessed_at_099():
    r = counted("s001.thm.2.i")
    assert r.verdict == "holds", r.evidence.get("reason")
    t = r.evidence["tightness"]
    cert = t["certified"]
    assert cert["lower_bound"] >= 0.99 and r.tightness >= 0.99
    case = so.exact_objects(cert["objects"])
    lx, ly = _log_posteriors(case)
    dinf = max(a - b for a, b in zip(lx, ly))
    L, rho = _lipschitz_and_rho(case)
    assert 0.99 * 2 * L * rho <= dinf <= 2 * L * rho  # the ratio is the oracle's too, and the bound holds there
    assert so.in_interval(cert["lhs"], dinf, rel=MP.mpf("1e-15"))
    assert so.in_interval(cert["rhs"], 2 * L * rho, rel=MP.mpf("1e-15"))
    assert "q → 0" in t["limit"]  # attained only as the posterior weight of the atom at +Lρ tends to 0


def test_theorem_1_i_tightness_is_witnessed_at_09_and_the_limit_is_said():
    r = counted("s001.thm.1.i")
    assert r.verdict == "holds", r.evidence.get("reason")
    t = r.evidence["tightness"]
    cert = t["certified"]
    assert cert["lower_bound"] >= 0.9
    case = so.exact_objects(cert["objects"])
    lx, ly = _log_posteriors(case)
    kl = sum(MP.exp(a) * (a - b) for a, b in zip(lx, ly))
    L, rho = _lipschitz_and_rho(case)
    assert 0.9 * 2 * L * rho <= kl <= 2 * L * rho
    assert so.in_interval(cert["lhs"], kl, rel=MP.mpf("1e-15"))
    assert "Lρ → ∞" in t["limit"]
    # the limit note's figures: 1 − (1 + ln 2ℓ)/(2ℓ) at ℓ = 10, 25, 100, 700, the best two-atom ratio
    for ell, shown in ((10, "0.80"), (25, "0.90"), (100, "0.969"), (700, "0.994")):
        best = _two_atom_kl_ratio_at_best_odds(MP.mpf(ell))
        assert abs(best - (1 - (1 + MP.log(2 * ell)) / (2 * ell))) < 2 / MP.mpf(ell) ** 2
        assert f"{shown} at ℓ = {ell}" in t["limit"] and abs(best - MP.mpf(shown)) < MP.mpf("0.005")
    # below the limit, the ratio at a fixed Lρ cannot reach 0.9: ℓ = 20 gives at most 0.88 (two atoms do best)
    assert _two_atom_kl_ratio_at_best_odds(MP.mpf(20)) < MP.mpf("0.885")


def test_theorem_1_i_tightness_at_an_exact_extreme_case():
    # normal means ±10 (L = 5), x = 5, y = −5 (ρ = 20, ℓ = 100), prior weight of +10 near 2ℓe^{−ℓ}: the ratio of the
    # limit note, 0.9685, certified at exact objects with a prior weight of 7.44·10⁻⁴²
    q = F(744, 10**44)
    case = {"family": 3, "prior": [q, 1 - q], "lik": [[F(1, 2), F(1, 2)]] * 2, "atoms": [F(10), F(-10)],
            "x": [F(5)], "y": [F(-5)], "dx": [0], "dy": [1]}
    lhs, rhs, ok = certified("s001.thm.1.i", case)
    lx, ly = _log_posteriors(case)
    kl = sum(MP.exp(a) * (a - b) for a, b in zip(lx, ly))
    assert ok and so.encloses(lhs, kl) and so.encloses(rhs, 200)
    assert MP.mpf("0.9685") < kl / 200 < MP.mpf("0.96851")


# ----------------------------------------------------------------------------- witnesses off the boundary
@pytest.mark.parametrize("cid", ["s001.lem.5#exists-c", "s001.lem.5#c-equals-alpha",
                                 "s001.claim.lemma-5-proof-c.ii#positive-constant"])
def test_lemma_5_witness_is_not_at_alpha_1(cid):
    r, case = counted_violation(cid)
    assert case["alpha"] > 1  # off the boundary of the hypothesis α ≥ 1
    assert "α ≥ 1" not in (r.counterexample.get("hypothesis_boundary") or ())
    if cid == "s001.lem.5#exists-c":
        assert int(case["trials"]) >= 2  # it holds for n = 1 and fails for every n ≥ 2


def test_lemma_5_c_equals_alpha_interior_witness_by_hand():
    r, case = counted_violation("s001.lem.5#c-equals-alpha")
    a, n, L = so.mpf(case["alpha"]), int(case["trials"]), so.mpf(case["L"])
    half = L - MP.log(n)  # Θ_L = {|logit θ| ≤ L − ln n}
    xi = MP.betainc(a, a, 1 / (1 + MP.exp(half)), 1 / (1 + MP.exp(-half)), regularized=True) if half > 0 else 0
    assert xi < 1 - MP.exp(-a * L)
    assert so.in_interval(r.counterexample["lhs"], xi) and so.in_interval(r.counterexample["rhs"], 1 - MP.exp(-a * L))


def test_finding_5_names_the_shown_witness_and_the_one_trial_case():
    f5 = next(f for f in FINDINGS if f.id == "s001.F5")
    assert "holds for n = 1" in f5.sentence and "α = β = 2" in f5.sentence


# ----------------------------------------------------------------------------- finite-support priors, Assumption 2
def _a2_rows(case):
    """The atoms' likelihood rows: the uniform one (implied by the claims) and the drawn ones."""
    size = len(case["lik"][0])
    return [[F(1, size)] * size] + [[so.frac(v) for v in row] for row in case["lik"]]


def _c_star(case):
    """c* of a finite-support prior from (2.6): ξ(Θ_L) is the mass of the atoms of level ≤ L, a step function; the
    largest c with ξ(Θ_L) ≥ 1 − e^{−cL} for every L > 0 is min over the steps of −ln(1 − W_j)/ℓ_{j+1}."""
    rows, prior = _a2_rows(case), case["prior"]
    levels = sorted({so.row_lipschitz(r) for r in rows})
    assert levels[0] == 0
    best = MP.inf
    for lo, hi in zip(levels, levels[1:]):
        mass = sum(so.frac(p) for p, r in zip(prior, rows) if so.row_lipschitz(r) <= lo)
        best = min(best, -MP.log(1 - so.mpf(mass)) / hi)
    return best


def _a2_posteriors(case):
    dx = [int(v) for v in case["dx"]] + [0] * int(case["extra"])
    dy = [int(v) for v in case["dy"]] + [0] * int(case["extra"])
    rho = sum(1 for a, b in zip(dx, dy) if a != b)
    rows = _a2_rows(case)
    return so.finite_posterior(rows, case["prior"], dx), so.finite_posterior(rows, case["prior"], dy), rho


def test_theorem_1_ii_finite_support_violated():
    r, case = counted_violation("s001.thm.1.ii.finite-support")
    px, py, rho = _a2_posteriors(case)
    c = _c_star(case)
    kl = so.kl_finite(px, py)
    assert c > 0 and kl > so.kappa() * rho / c * (1 + MP.mpf("1e-10"))
    ce = r.counterexample
    assert so.in_interval(ce["lhs"], kl) and so.in_interval(ce["rhs"], so.kappa() * rho / c)


def test_theorem_1_ii_finite_support_by_hand():
    # a uniform atom of weight 999/1000 and a near-deterministic one (P(0) = 1 − 10⁻⁶⁰, ℓ = ln(10⁶⁰ − 1)) of weight
    # 1/1000: c* = ln(1000)/ℓ ≈ 0.05, κ/c* ≈ 98.2; x = (0), y = (1) (ρ = 1)
    eps = F(1, 10**60)
    case = {"prior": [F(999, 1000), F(1, 1000)], "lik": [[1 - eps, eps]], "dx": [0], "dy": [1], "extra": 0}
    c = _c_star(case)
    assert abs(c - MP.log(1000) / MP.log(10**60 - 1)) < MP.mpf("1e-35")
    px, py, rho = _a2_posteriors(case)
    kl = so.kl_finite(px, py)
    lhs, rhs, ok = certified("s001.thm.1.ii.finite-support", case)
    assert ok and so.encloses(lhs, kl) and so.encloses(rhs, so.kappa() / c)
    assert kl < 1 < so.kappa() / c  # one record barely moves the light atom: the bound holds at this case …
    case["extra"] = 20  # … while twenty common records 0 make it dominate under x, and y's record 1 excludes it
    px, py, rho = _a2_posteriors(case)
    kl = so.kl_finite(px, py)
    lhs, rhs, ok = certified("s001.thm.1.ii.finite-support", case)
    assert ok and so.encloses(lhs, kl) and kl > 130 > 99 > so.kappa() / c
    # the numbers of finding s001.F2's sentence
    assert abs(c - MP.mpf("0.05")) < MP.mpf("1e-20") and abs(kl - MP.mpf("130.44")) < MP.mpf("0.01")
    assert "D ≈ 130.4 > κ/c* ≈ 98.2" in next(f for f in FINDINGS if f.id == "s001.F2").sentence


def test_theorem_2_ii_finite_support_violated():
    r, case = counted_violation("s001.thm.2.ii.finite-support", cases=400)
    px, py, rho = _a2_posteriors(case)
    c = _c_star(case)
    tv = so.mpf(so.tv_finite(px, py))
    assert tv > MP.sqrt(so.kappa() * rho / (2 * c)) + MP.mpf("1e-12")
    assert so.in_interval(r.counterexample["lhs"], tv)


def test_c4_finite_support_violated():
    r, case = counted_violation("s001.eq.C.4.finite-support")
    px, py, rho = _a2_posteriors(case)
    c, a = _c_star(case), so.mpf(case["alpha"])
    kl = so.kl_finite(px, py)
    assert kl > 2 * rho * a / (1 - MP.exp(-c * a)) ** 2 * (1 + MP.mpf("1e-10"))


def _shell_term(case):
    """The term of shell L of the proof of (C.4): Σ over the atoms with (L−1)α ≤ L(θ) < Lα of
    ξ(θ|x)[ln p_θ(x)/p_θ(y) + ln φ(y)/φ(x)]."""
    dx = [int(v) for v in case["dx"]] + [0] * int(case["extra"])
    dy = [int(v) for v in case["dy"]] + [0] * int(case["extra"])
    rows = _a2_rows(case)
    px = so.finite_posterior(rows, case["prior"], dx)

    def lik(row, data):
        out = F(1)
        for v in data:
            out *= so.frac(row[v])
        return out

    phi = [sum(so.frac(p) * lik(r, d) for p, r in zip(case["prior"], rows)) for d in (dx, dy)]
    a, j = so.mpf(case["alpha"]), int(case["shell"])
    total = MP.mpf(0)
    for w, row in zip(px, rows):
        level = so.row_lipschitz(row)
        if (j - 1) * a <= level < j * a and w > 0:
            total += so.mpf(w) * (MP.log(so.mpf(lik(row, dx) / lik(row, dy))) + MP.log(so.mpf(phi[1] / phi[0])))
    return total


def test_c4_per_shell_step_violated():
    r, case = counted_violation("s001.claim.C4-shell")
    px, py, rho = _a2_posteriors(case)
    c, a, j = _c_star(case), so.mpf(case["alpha"]), int(case["shell"])
    term = _shell_term(case)
    bound = 2 * rho * a * j * MP.exp(-c * a * (j - 1))
    assert term > bound * (1 + MP.mpf("1e-10"))
    assert so.in_interval(r.counterexample["lhs"], term) and so.in_interval(r.counterexample["rhs"], bound)


def test_c4_shells_add_up_to_the_kl_divergence():
    # the link of finding s001.F2: the shells' terms sum to KL (C.1), so (C.4) failing makes some shell fail
    case = {"prior": [F(1, 2), F(1, 4), F(1, 4)], "lik": [[F(1, 2), F(1, 4), F(1, 4)], [F(1, 10), F(1, 10), F(4, 5)]],
            "dx": [0, 2], "dy": [1, 2], "extra": 3, "alpha": F(1, 2)}
    px, py, rho = _a2_posteriors(case)
    kl = so.kl_finite(px, py)
    total = MP.mpf(0)
    for j in range(1, 8):  # the largest level is ln 8 < 7/2
        shell_case = {**case, "shell": j}
        lhs, _, ok = certified("s001.claim.C4-shell", shell_case)
        term = _shell_term(shell_case)
        assert ok and so.encloses(lhs, term, rel=MP.mpf("1e-25")) if term != 0 else ok
        total += term
    assert abs(total - kl) < MP.mpf("1e-30")


def test_finding_2_covers_the_finite_support_statements_and_the_shell_step():
    f2 = next(f for f in FINDINGS if f.id == "s001.F2")
    for sid in ("s001.thm.1.ii.finite-support", "s001.eq.C.4.finite-support", "s001.claim.C4-shell",
                "s001.thm.2.ii.finite-support"):
        assert sid in f2.statements and sid in f2.link


# ----------------------------------------------------------------------------- Lemma 8 against randomised estimators
def _le_cam_case(psi):
    return {"family": 0, "prior": [F(1, 2), F(1, 2)], "lik": [[F(2, 3), F(1, 3)], [F(1, 4), F(3, 4)]],
            "n_records": 1, "psi": psi, "S1": [0], "S2": [1], "w1": [F(1), F(0), F(0)], "w2": [F(1), F(0), F(0)]}


def test_lemma_8_primary_reading_is_randomised_and_holds():
    assert BY_ID["s001.lem.8#randomised-estimator"].primary and BY_ID["s001.lem.8#deterministic-estimator"].primary is None
    for cid in ("s001.lem.8#randomised-estimator", "s001.lem.8#deterministic-estimator"):
        r = counted(cid)
        assert r.verdict == "holds", (cid, r.evidence.get("reason"))


def test_lemma_8_randomised_estimator_by_hand():
    # X = {0, 1}, one record, S_1 = {(0)}, S_2 = {(1)}, δ = 1/2: a randomised guess lowers the worst risk below every
    # deterministic estimator's, and Le Cam's bound still holds
    case = _le_cam_case(None)
    post = [so.finite_posterior(case["lik"], case["prior"], [x]) for x in (0, 1)]
    bound = sum(min(a, b) for a, b in zip(post[0], post[1])) / 2

    def risk(psi):
        return max(sum(w * sum(p * (0 if s == x else 1) for s, p in enumerate(psi[t])) for t, w in enumerate(post[x]))
                   for x in (0, 1))

    deterministic = min(risk([[F(int(s == g0)) for s in (0, 1)], [F(int(s == g1)) for s in (0, 1)]])
                        for g0, g1 in itertools.product((0, 1), repeat=2))
    best_mixed = min(risk([[1 - u, u], [1 - v, v]]) for u in (F(i, 40) for i in range(41))
                     for v in (F(i, 40) for i in range(41)))
    assert best_mixed < deterministic and best_mixed >= bound
    psi = next([[1 - u, u], [1 - v, v]] for u in (F(i, 40) for i in range(41)) for v in (F(i, 40) for i in range(41))
               if risk([[1 - u, u], [1 - v, v]]) == best_mixed)
    lhs, rhs, ok = certified("s001.lem.8#randomised-estimator", _le_cam_case(psi))
    assert ok and so.encloses(lhs, so.mpf(best_mixed)) and so.encloses(rhs, so.mpf(bound))

