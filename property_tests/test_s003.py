"""Seed 003 (Biswas et al.): the printed statements against an oracle that does not share their derivation.

False statements: check_claim returns `violated`; its exact counterexample is re-evaluated by
accounting_oracle (mpmath quadrature of the definitions, the paper's formulas typed in afresh, python-flint's
Bessel function called directly, Opacus's accountant) and the relation must fail there, by a margin the
oracle's own accuracy cannot explain. True statements: both certified sides of the claim enclose the
oracle's values at exact points (quadrature, qif's exact rational channels, autodp, dp-accounting), and
those satisfy the relation. Closed forms are also checked against Monte Carlo with confidence intervals.
"""
from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest
import sympy as sp
from scipy import integrate

import accounting_oracle as ao
from finite_oracle import exact_objects
from mechanisms.continuous import capacity as cap
from mechanisms.finite import channel_ops, leakage  # noqa: F401  (register their formulas)
from mechanisms.accounting import composition, rdp_conversion, subsampling  # noqa: F401  (register formulas)
from mechanisms.continuous import gaussian_dp
from mechanisms.accounting import subsampled_gaussian
from mechanisms.accounting import vmf_accounting, vmf_subsampled  # noqa: F401  (vmf_subsampled: registers its formula)
from mechanisms.continuous import vmf_hockey_stick, vmf_renyi  # noqa: F401  (register their formulas)
from mechanisms.numerics.context import certified, fp
from mechanisms.errors import InvalidInput
from mechanisms.continuous.vmf import sample_vmf, sample_vmf_t
from proofcheck.stages.evaluation import sides
from proofcheck.claims.s003 import CLAIMS, printed, tables
from proofcheck.runs.engine import check_claim
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import lower, precision, upper

BY_ID = {c.id: c for c in CLAIMS}
BAD_GAUSSIAN_ROWS = ["41.02", "95.44", "112.28"]  # 1406 steps, Opacus orders, exact fractional RDP
Z = 5.0  # Monte Carlo: |estimate − value| ≤ 5 standard errors (fixed seeds; a false alarm has probability < 1e-6)
MP = ao.MP

# Tables I and IV as printed (seed lines 209–216 and 741–743), typed in here, not read from mechanisms/
TABLE_I = [(25, "0.0139"), (50, "0.0867"), (75, "0.49"), (100, "2.5"), (125, "4.6"), (150, "7.97"), (200, "10.9"),
           (300, "41.02")]
TABLE_IV_EPS = "0.49 2.48 4.59 7.97 9.72 10.9 17.25 27.38 38.84 41.02 64.98 79.68 95.44 112.28 173".split()
TABLE_IV_KAPPA = [75, 100, 125, 150, 175, 200, 225, 250, 275, 300, 325, 350, 375, 400, 500]
TABLE_IV_SIGMA = "1.23 .660 .544 .461 .435 .420 .367 .321 .287 .282 .245 .229 .214 .204 .174".split()
TABLE_IV = list(zip(TABLE_IV_KAPPA, TABLE_IV_EPS))


def half_unit(printed: str) -> F:
    """Half a unit in the last printed digit."""
    return F(1, 2 * 10 ** len(printed.split(".")[1])) if "." in printed else F(1, 2)


def _violation(cid, cases=300):
    """The engine's verdict and exact counterexample objects (strings → Fractions), on a counted budget."""
    r = check_claim(BY_ID[cid], cases=cases, seed=0)
    assert r.verdict == "violated", (cid, r.verdict, r.evidence.get("reason"))
    return exact_objects(r.counterexample["objects"]), r.counterexample


def _reported(text: str):
    """An enclosure the engine reports as '[a, b]'."""
    a, b = (float(x) for x in text.strip().strip("[]").split(","))
    return a, b


def _near(text: str, value, rel=1e-9):
    """The oracle's value agrees with the engine's reported enclosure (to the oracle's accuracy)."""
    a, b = _reported(text)
    v = float(value)
    return a - rel * max(1, abs(a)) <= v <= b + rel * max(1, abs(b))


def _claim_sides(claim, case):
    with precision(128):
        return sides(claim, case, CERTIFIED)


def _encloses(ball, value, rel="1e-25"):
    """An arb ball contains the oracle's mpmath value (up to the oracle's quadrature accuracy); an exact
    rational value on the certified path must equal it."""
    if isinstance(ball, (int, F)):
        return abs(ao.mpf(F(ball)) - value) <= MP.mpf(rel) * max(1, abs(value))
    mid = MP.mpf(ball.mid().str(50, radius=False))
    rad = MP.mpf(ball.rad().str(15, radius=False)) * (1 + MP.mpf("1e-12"))
    return abs(mid - value) <= rad + MP.mpf(rel) * max(1, abs(value))


def _taus(case, top):
    """τ_ℓ, ℓ = 2..top, of the case's base mechanism: Gaussian ℓ/(2σ²); VMF by quadrature."""
    if case["mechanism"] == "gaussian":
        return {l: ao.gaussian_rdp(case["sigma"], l) for l in range(2, top + 1)}
    return {l: ao.vmf_rdp(int(case["p"]), case["kappa"], l) for l in range(2, top + 1)}


def _subsampled(case, alpha, gamma):
    """D_α of the subsampled pair (1 − γ)Q + γP₀ vs Q, by quadrature of the definition."""
    if case["mechanism"] == "gaussian":
        return ao.gaussian_subsampled_renyi(case["sigma"], alpha, gamma)
    return ao.vmf_subsampled_renyi(int(case["p"]), case["kappa"], alpha, gamma)


# ----------------------------------------------------------------------------- false statements: the engine's counterexamples
def test_theorem_2_as_printed_is_violated():
    o, cx = _violation("s003.thm.2")
    N, es, ds, dt = int(o["N"]), o["eps_s"], o["delta_s"], o["delta_tilde"]
    eps_tilde = ao.composition_eps(es, N, dt, "printed")
    delta = ao.extremal_composition_delta(es, ds, N, eps_tilde)  # the exact δ of the N-fold composition at ε̃
    promised = 1 - (1 - ao.mpf(ds)) ** N * (1 - ao.mpf(dt))
    assert delta - promised > MP.mpf("1e-20")
    assert _near(cx["lhs"], delta) and _near(cx["rhs"], promised)


def test_theorem_2_catalog_counterexample_by_hand():
    # N = 100, ε_s = 1, δ_s = 0, δ̃ = 1e-5: printed ε̃ = 48.447..., exact δ of 100-fold RR there = 0.36259
    e = printed.composition_eps_printed(1.0, 100, 1e-5)
    assert e == pytest.approx(float(ao.composition_eps(1, 100, F(1, 100000), "printed")), rel=1e-14)
    assert e == pytest.approx(48.447376, abs=1e-6)
    oracle_delta = ao.extremal_composition_delta(1, 0, 100, ao.composition_eps(1, 100, F(1, 100000), "printed"))
    assert fp.rr_composition_delta(1.0, 100, e) == pytest.approx(float(oracle_delta), rel=1e-10)
    with precision(128):
        ea = printed.composition_eps_printed(F(1), 100, F(1, 100000), CERTIFIED)
        d = certified.rr_composition_delta(F(1), 100, ea)
    assert lower(d) > 0.36 and _encloses(d, oracle_delta, rel="1e-30")
    # with KOV's first summand it holds
    e2 = ao.composition_eps(1, 100, F(1, 100000), "kov")
    assert float(e2) == pytest.approx(94.196975, abs=1e-5)
    assert ao.extremal_composition_delta(1, 0, 100, e2) < MP.mpf("1e-5")


def test_theorem_3_as_printed_is_violated():
    o, cx = _violation("s003.thm.3")
    a, g = int(o["alpha"]), o["gamma"]
    exact = _subsampled(o, a, g)
    bound = ao.subsampled_bound(_taus(o, a), a, g, "printed")
    assert exact - bound > MP.mpf("1e-20")
    assert _near(cx["lhs"], exact) and _near(cx["rhs"], bound)


def test_theorem_3_factor_two_at_order_two():
    # α = 2, Gaussian σ = 1, γ = 1/2: exact log(1 + γ²(e − 1)) = 0.357374..., printed bound exactly half of it
    taus = {2: 1.0}
    exact = fp.subsampled_renyi(taus, 2, 0.5)
    assert exact == pytest.approx(math.log1p(0.25 * (math.e - 1)), rel=1e-15)
    assert exact == pytest.approx(float(ao.gaussian_subsampled_renyi(1, 2, F(1, 2))), rel=1e-14)
    assert printed.zhu_wang_bound_printed(taus, 2, 0.5) == pytest.approx(exact / 2, rel=1e-14)
    assert fp.zhu_wang_bound(taus, 2, 0.5) == pytest.approx(exact, rel=1e-14)


def test_rdp_interpolation_is_violated():
    o, cx = _violation("s003.claim.rdp-interpolation")
    p, k, a = int(o["p"]), o["kappa"], o["alpha"]
    lo = math.floor(a)
    f = ao.mpf(a - lo)
    tau = {n: (ao.vmf_kl(p, k) if n == 1 else ao.vmf_rdp(p, k, n)) for n in (lo, lo + 1)}
    interpolation = (1 - f) * tau[lo] + f * tau[lo + 1]
    value = ao.vmf_rdp(p, k, a)
    assert value - interpolation > MP.mpf("1e-20")
    assert _near(cx["lhs"], value) and _near(cx["rhs"], interpolation)


def test_rdp_interpolation_catalog_case():
    # p = 3, κ = 1, α = 5/2: τ_{5/2} = 1.17252238523 > (τ_2 + τ_3)/2 = 1.15614220603 (quadrature)
    t, mid = ao.vmf_rdp(3, 1, F(5, 2)), (ao.vmf_rdp(3, 1, 2) + ao.vmf_rdp(3, 1, 3)) / 2
    assert float(t) == pytest.approx(1.17252238523, abs=1e-10) and float(mid) == pytest.approx(1.15614220603, abs=1e-10)
    assert fp.vmf_rdp(3, 1, 2.5) == pytest.approx(float(t), rel=1e-13)


def test_epochs_reading_is_violated():
    o, cx = _violation("s003.claim.rdp-composition-epochs#N-epochs")
    N, k, a = int(o["N"]), int(o["k"]), int(o["alpha"])
    g = F(1, k)
    rdp_of_epochs = N * k * _subsampled(o, a, g)  # N epochs of k subsampled steps compose additively
    bound = N * ao.subsampled_bound(_taus(o, a), a, g, "zw")
    assert rdp_of_epochs - bound > MP.mpf("1e-20")
    assert _near(cx["lhs"], rdp_of_epochs) and _near(cx["rhs"], bound)
    if o["mechanism"] == "gaussian":  # Zhu–Wang's bound from the reference implementation
        autodp = pytest.importorskip("autodp.rdp_acct")
        s = float(o["sigma"])
        ref = autodp.general_upperbound(lambda x: x / (2 * s * s), a, float(g)) / (a - 1)
        assert float(bound) == pytest.approx(N * ref, rel=1e-9)


def test_alpha_star_needs_eps_below_two_kappa():
    o, _ = _violation("s003.claim.alpha-star-stationarity")
    p, k, e = int(o["p"]), o["kappa"], o["epsilon"]
    assert e >= 2 * k
    # g(α) = −ε + 2κ A_p((2α−1)κ) + log(1 − 1/α), A_p < 1 by quadrature: negative all along, no root α*
    g = [-ao.mpf(e) + 2 * ao.mpf(k) * ao.vmf_mean_resultant(p, (2 * a - 1) * ao.mpf(k)) + MP.log(1 - 1 / a)
         for a in (MP.mpf("1.001"), MP.mpf(2), MP.mpf(10), MP.mpf(1000), MP.mpf(10) ** 6)]
    assert max(g) < 0
    # and at p = 5, κ = 1, ε = 2.5 the module finds no root either
    assert vmf_accounting.vmf_alpha_star(5, 1.0, 2.5) is None


def test_theorem_5_as_printed_is_violated():
    o, cx = _violation("s003.thm.5")
    p, s, R = int(o["p"]), o["sigma"], o["R"]
    printed, derived = ao.gaussian_log_capacity_printed(p, s, R), ao.gaussian_log_capacity(p, s, R)
    assert abs(printed - derived) > MP.mpf("1e-20")
    assert _near(cx["lhs"], printed) and _near(cx["rhs"], derived)
    # the catalog's case: p = 1, R = σ = 1 gives printed 2 + 2/√(2π), true 1 + 2/√(2π)
    assert float(MP.exp(ao.gaussian_log_capacity_printed(1, 1, 1))) == pytest.approx(2 + 2 / math.sqrt(2 * math.pi), rel=1e-15)
    assert float(MP.exp(ao.gaussian_log_capacity(1, 1, 1))) == pytest.approx(1 + 2 / math.sqrt(2 * math.pi), rel=1e-15)


@pytest.mark.parametrize("cid", ["s003.thm.5#per-layer-clipping", "s003.claim.thm5-layer-clipping"])
def test_theorem_5_per_layer_reading_is_violated(cid):
    o, cx = _violation(cid)
    layers, s = [int(x) for x in o["layers"]], o["sigma"]
    assert len(layers) >= 2
    # inputs in a product of unit balls: the sup factorises, C = Π_i C(p_i, σ, 1)
    product = MP.fsum(ao.gaussian_log_capacity(pi, s, 1) for pi in layers)
    if cid == "s003.claim.thm5-layer-clipping":  # the capacity of the ball of radius R = #layers in R^{Σp_i}
        formula = ao.gaussian_log_capacity(sum(layers), s, len(layers))
    else:
        formula = ao.gaussian_log_capacity_printed(sum(layers), s, len(layers))
    assert abs(formula - product) > MP.mpf("1e-20")
    assert _near(cx["lhs"], formula) and _near(cx["rhs"], product)


# Theorem 5's three independent errors (findings s003.F7–F9), each in a statement where it is the only one left.
# The formula is typed in afresh here with the prefactor and the binomial as parameters; the capacity is the
# oracle's mpmath quadrature of Definition 7.
def _theorem_5_formula(p, sigma, R, prefactor, binomial):
    """log[prefactor·Z/(Γ(p/2)2^{p/2}σ^p) + R^p/(Γ(p/2+1)2^{p/2}σ^p)], Z = Σ_{i<p} Γ((p−i)/2)(√2σ)^{p−i}B(i)R^i,
    B(i) = C(p−1, i) (the proof) or C(p−i, i) (Theorem 5 as printed; 0 for i > p − i)."""
    s, r = ao.mpf(sigma), ao.mpf(R)
    choose = (lambda i: MP.binomial(p - 1, i)) if binomial == "p-1" else (lambda i: MP.binomial(p - i, i) if 2 * i <= p else 0)
    Z = MP.fsum(MP.gamma(MP.mpf(p - i) / 2) * (MP.sqrt(2) * s) ** (p - i) * choose(i) * r**i for i in range(p))
    den = 2 ** (MP.mpf(p) / 2) * s**p
    return MP.log(prefactor * Z / (MP.gamma(MP.mpf(p) / 2) * den) + r**p / (MP.gamma(MP.mpf(p) / 2 + 1) * den))


def test_theorem_5_isolated_errors_agree_with_the_formula_typed_in():
    # the two one-error formulas against the formula typed in afresh, and both errors off = the capacity
    for p, s, R in [(1, F(1), 1), (2, F(1, 2), 3), (3, F(1), 1), (5, F(1), 2), (7, F(3, 2), 4)]:
        case = {"p": p, "sigma": s, "R": R}
        true = ao.gaussian_log_capacity(p, s, R)
        assert abs(_theorem_5_formula(p, s, R, 1, "p-1") - true) < MP.mpf("1e-20")
        assert abs(_theorem_5_formula(p, s, R, 2, "p-i") - ao.gaussian_log_capacity_printed(p, s, R)) < MP.mpf("1e-20")
        for cid, prefactor, binomial in [("s003.claim.thm5-prefactor", 2, "p-1"), ("s003.claim.thm5-binomial", 1, "p-i")]:
            lhs, rhs, ok = _claim_sides(BY_ID[cid], case)
            assert ok  # no hypotheses: every case is in the domain
            assert _encloses(lhs, _theorem_5_formula(p, s, R, prefactor, binomial), rel="1e-20"), (cid, case)
            assert _encloses(rhs, true, rel="1e-20"), (cid, case)


def test_theorem_5_prefactor_alone_is_violated():
    # (a): the binomial corrected, the printed prefactor 2 left: the engine's certified witness (counted budget)
    o, cx = _violation("s003.claim.thm5-prefactor", cases=30)
    p, s, R = int(o["p"]), o["sigma"], o["R"]
    formula, true = _theorem_5_formula(p, s, R, 2, "p-1"), ao.gaussian_log_capacity(p, s, R)
    assert formula - true > MP.mpf("0.01")  # too large, for every p: Z's part doubled
    assert _near(cx["lhs"], formula) and _near(cx["rhs"], true)
    assert (p, s, R) == (1, F(20), 1)  # seed 0: 2 + 2/(20√(2π)) against 1 + 2/(20√(2π))
    assert float(MP.exp(formula)) == pytest.approx(2 + 1 / (10 * math.sqrt(2 * math.pi)), rel=1e-14)
    assert float(MP.exp(true)) == pytest.approx(1 + 1 / (10 * math.sqrt(2 * math.pi)), rel=1e-14)
    # the literal theorem at p = 1 is this statement: C(p − i, i) = C(p − 1, i) for p ≤ 2 (the witness)
    lhs, rhs, _ = _claim_sides(BY_ID["s003.thm.5"], {"p": 1, "sigma": F(1), "R": 1})
    assert _encloses(lhs, MP.log(2 + 2 / MP.sqrt(2 * MP.pi)), rel="1e-20")
    assert _encloses(rhs, MP.log(1 + 2 / MP.sqrt(2 * MP.pi)), rel="1e-20")


def test_theorem_5_binomial_alone_is_violated():
    # (b): the prefactor corrected to 1, the printed C(p − i, i) left: the engine's certified witness
    o, cx = _violation("s003.claim.thm5-binomial", cases=30)
    p, s, R = int(o["p"]), o["sigma"], o["R"]
    assert p >= 3  # for p ≤ 2 the two binomials agree
    formula, true = _theorem_5_formula(p, s, R, 1, "p-i"), ao.gaussian_log_capacity(p, s, R)
    assert abs(formula - true) > MP.mpf("0.01")
    assert _near(cx["lhs"], formula) and _near(cx["rhs"], true)
    assert (p, s, R) == (3, F(1), 1)  # seed 0: the witness, 2.8617 against 3.8617
    assert float(MP.exp(formula)) == pytest.approx(2.8617306, abs=1e-7)
    assert float(MP.exp(true)) == pytest.approx(3.8617306, abs=1e-7)
    assert float(MP.exp(true) - MP.exp(formula)) == pytest.approx(1, abs=1e-12)  # the lost term: Γ(1/2)…/… = 1
    # with both errors, Theorem 5 as printed at p = 5, σ = 1, R = 2 errs the other way: 20.21 < 28.80
    lhs, rhs, _ = _claim_sides(BY_ID["s003.thm.5"], {"p": 5, "sigma": F(1), "R": 2})
    assert _encloses(lhs, _theorem_5_formula(5, 1, 2, 2, "p-i"), rel="1e-20")
    assert float(MP.exp(_theorem_5_formula(5, 1, 2, 2, "p-i"))) == pytest.approx(20.212922, abs=1e-6)
    assert float(MP.exp(ao.gaussian_log_capacity(5, 1, 2))) == pytest.approx(28.80164, abs=1e-5)
    assert upper(lhs) < lower(rhs)


def test_theorem_5_layer_clipping_alone_is_violated():
    # (c): prefactor and binomial corrected, R = the number of layers each clipped to 1: the engine's witness
    o, cx = _violation("s003.claim.thm5-layer-clipping", cases=30)
    layers, s = [int(x) for x in o["layers"]], o["sigma"]
    assert (layers, s) == ([1, 1], F(2))  # seed 0: two one-dimensional layers, σ = 2
    ball = _theorem_5_formula(2, s, 2, 1, "p-1")  # the ball of radius 2 in R²
    product = 2 * ao.gaussian_log_capacity(1, s, 1)  # the square [−1, 1]², a product of unit balls
    assert _near(cx["lhs"], ball) and _near(cx["rhs"], product)
    # p = 2, σ = 2, R = 2: 1 + √(π/2) + 1/2; (1 + 1/√(2π))² for the square
    assert float(MP.exp(ball)) == pytest.approx(1.5 + math.sqrt(math.pi / 2), rel=1e-14)
    assert float(MP.exp(product)) == pytest.approx((1 + 1 / math.sqrt(2 * math.pi)) ** 2, rel=1e-14)
    # the numbers at σ = 1: 3 + √(2π) ≈ 5.507 against (1 + √(2/π))² ≈ 3.232; the ball of radius √2,
    # which holds the square, is still larger (3.772): the layers are not a ball of any radius
    lhs, rhs, _ = _claim_sides(BY_ID["s003.claim.thm5-layer-clipping"], {"sigma": F(1), "layers": [1, 1]})
    assert _encloses(lhs, MP.log(3 + MP.sqrt(2 * MP.pi)), rel="1e-20")
    assert _encloses(rhs, 2 * MP.log(1 + MP.sqrt(2 / MP.pi)), rel="1e-20")
    assert float(MP.exp(ao.gaussian_log_capacity(2, 1, MP.sqrt(2)))) == pytest.approx(2 + math.sqrt(math.pi), rel=1e-12)


# Theorem 5's "and then averaging by L" (Algorithm 1, line 10: g̃ + N(0, σ²)/L): the output noise is σ/L.
def test_theorem_5_read_with_noise_sigma_over_L_is_violated():
    o, cx = _violation("s003.thm.5#noise-sigma-over-L", cases=100)
    p, s, R, L = int(o["p"]), o["sigma"], o["R"], int(o["L"])
    printed, averaged = ao.gaussian_log_capacity_printed(p, s, R), ao.gaussian_log_capacity(p, s / L, R)
    assert abs(printed - averaged) > MP.mpf("1e-20")
    assert _near(cx["lhs"], printed) and _near(cx["rhs"], averaged)


def test_gaussian_capacity_averaging_alone_is_violated():
    o, cx = _violation("s003.claim.gaussian-capacity-averaging", cases=100)
    p, s, R, L = int(o["p"]), o["sigma"], o["R"], int(o["L"])
    assert L >= 2
    at_sigma, averaged = ao.gaussian_log_capacity(p, s, R), ao.gaussian_log_capacity(p, s / L, R)
    assert averaged - at_sigma > MP.mpf("0.01")  # less noise: a larger capacity
    assert _near(cx["lhs"], at_sigma) and _near(cx["rhs"], averaged)
    # by hand on the line (p = 1, R = 1): C = 1 + 2R/(√(2π)σ'), the ball's term plus the two tails' 1
    assert float(MP.exp(ao.gaussian_log_capacity(1, F(1, 2), 1))) == pytest.approx(1 + 4 / math.sqrt(2 * math.pi), rel=1e-14)
    # the experiments' L = 128 at σ = 1.23, p = 13,700: the capacity at σ/L is larger by orders of magnitude
    lhs, rhs, ok = _claim_sides(BY_ID["s003.claim.gaussian-capacity-averaging"],
                                {"p": 13700, "sigma": F(123, 100), "R": 1, "L": 128})
    assert ok and float(rhs.mid()) - float(lhs.mid()) > 1000


# Appendix B-F, the sketch proof of Theorem 5, step by step; the oracle integrates the printed integrands itself.
def _radial(p, sigma, R, square):
    """∫_R^∞ r^{p−1} e^{−(r−R)^k/(2σ²)} dr, k = 2 or 1, by mpmath quadrature."""
    s, r0 = ao.mpf(sigma), ao.mpf(R)
    g = (lambda r: (r - r0) ** 2) if square else (lambda r: r - r0)
    return MP.quad(lambda r: r ** (p - 1) * MP.exp(-g(r) / (2 * s * s)), [r0, r0 + 10 * s, r0 + 100 * s, MP.inf])


def test_capacity_proof_inner_integral_misses_the_power_p():
    o, cx = _violation("s003.claim.capacity-proof-inner-integral", cases=100)
    p, s, R = int(o["p"]), ao.mpf(o["sigma"]), ao.mpf(o["R"])
    assert p >= 2
    volume = MP.pi ** (MP.mpf(p) / 2) * R**p / MP.gamma(MP.mpf(p) / 2 + 1)
    # the inner integral by quadrature in polar coordinates: the sup over the ball is the density at its mode
    mode_density = (2 * MP.pi * s * s) ** (-MP.mpf(p) / 2)
    area = MP.exp(ao.log_sphere_area(p - 1))
    inner = MP.quad(lambda r: area * r ** (p - 1) * mode_density, [0, R])
    assert abs(inner / (mode_density * volume) - 1) < MP.mpf("1e-30")
    printed = volume / MP.sqrt(2 * MP.pi * s * s)
    assert _near(cx["lhs"], MP.log(printed)) and _near(cx["rhs"], MP.log(inner))
    # p = 1 is the one dimension where the printed step is right: 2R/√(2πσ²)
    lhs, rhs, ok = _claim_sides(BY_ID["s003.claim.capacity-proof-inner-integral"], {"p": 1, "sigma": F(1), "R": F(1)})
    assert _encloses(lhs, MP.log(2 / MP.sqrt(2 * MP.pi)), rel="1e-30") and _encloses(rhs, MP.log(2 / MP.sqrt(2 * MP.pi)), rel="1e-30")


def test_capacity_proof_exponent_without_square_is_violated():
    o, cx = _violation("s003.claim.capacity-proof-exponent", cases=100)
    p, s, R = int(o["p"]), o["sigma"], o["R"]
    factor = MP.exp(ao.log_sphere_area(p - 1)) / MP.sqrt(2 * MP.pi * ao.mpf(s) ** 2)  # the printed 1/√(2πσ²) · A(S^{p−1})
    line2, line3 = factor * _radial(p, s, R, square=False), factor * _radial(p, s, R, square=True)
    assert abs(MP.log(line2) - MP.log(line3)) > MP.mpf("0.01")
    assert _near(cx["lhs"], MP.log(line2)) and _near(cx["rhs"], MP.log(line3))
    # by hand at p = 1, σ = R = 1: line 2 = 2 · 2σ²/√(2π), line 3 = 2 · σ√(π/2)/√(2π) = 1
    lhs, rhs, ok = _claim_sides(BY_ID["s003.claim.capacity-proof-exponent"], {"p": 1, "sigma": F(1), "R": F(1)})
    assert _encloses(lhs, MP.log(4 / MP.sqrt(2 * MP.pi)), rel="1e-30") and _encloses(rhs, MP.mpf(0), rel="1e-30")


def test_capacity_proof_gamma_identity_holds():
    claim = BY_ID["s003.claim.capacity-proof-gamma-identity"]
    for k, s in [(1, F(1)), (2, F(1, 2)), (5, F(123, 100)), (12, F(3))]:
        sig = ao.mpf(s)
        integral = MP.quad(lambda x: x ** (k - 1) * MP.exp(-x * x / (2 * sig * sig)), [0, sig, 10 * sig, MP.inf])
        lhs, rhs, ok = _claim_sides(claim, {"k": k, "sigma": s})
        assert ok and _encloses(lhs, MP.log(integral), rel="1e-25") and _encloses(rhs, MP.log(integral), rel="1e-20")
    # by hand: k = 1 is the half-Gaussian integral σ√(π/2), k = 2 is σ²
    assert float(MP.exp(_claim_sides(claim, {"k": 1, "sigma": F(1)})[0].mid())) == pytest.approx(math.sqrt(math.pi / 2))
    assert float(MP.exp(_claim_sides(claim, {"k": 2, "sigma": F(3)})[0].mid())) == pytest.approx(9.0)
    assert check_claim(claim, cases=100, seed=0).verdict == "holds"


def test_capacity_proof_expansion_holds():
    claim = BY_ID["s003.claim.capacity-proof-expansion"]
    for p, s, R in [(1, F(1), F(1)), (3, F(1, 2), F(2)), (7, F(123, 100), F(1)), (20, F(1), F(3))]:
        lhs, rhs, ok = _claim_sides(claim, {"p": p, "sigma": s, "R": R})
        radial = _radial(p, s, R, square=True)
        assert ok and _encloses(lhs, MP.log(radial), rel="1e-20") and _encloses(rhs, MP.log(radial), rel="1e-20")
    assert check_claim(claim, cases=100, seed=0).verdict == "holds"


def test_printed_tables_as_encoded():
    # the module's transcription of Tables I and IV matches the seed
    assert [(k, e) for k, e, _ in tables.TABLE_I] == TABLE_I
    assert [(k, e, s) for e, k, s in tables.TABLE_IV] == list(zip(TABLE_IV_KAPPA, TABLE_IV_EPS, TABLE_IV_SIGMA))


@pytest.mark.parametrize("cid", ["s003.table.I#printed-prefactor", "s003.table.I#zhu-wang", "s003.table.IV#printed-prefactor",
                                 "s003.table.IV#zhu-wang"])
def test_tables_printed_eps_is_not_the_best(cid):
    o, cx = _violation(cid)
    kappa, printed = (TABLE_I if cid.split("#")[0] == "s003.table.I" else TABLE_IV)[int(o["row"])]
    if int(o["approach"]) == 1:  # ε₀ = 2κu; δ₀ at the best α found is ≥ inf_α δ_α, so this ε̃ is ≥ the exact one
        eps = ao.approach1_eps(kappa, 2 * kappa * o["u"])
    else:
        eps = ao.approach2_eps(kappa, o["alpha"], "zw" if cid.endswith("#zhu-wang") else "printed")
    assert eps is not None
    # an achievable ε below the printed value minus half a unit of its last digit
    assert ao.mpf(F(printed) - half_unit(printed)) - eps > MP.mpf("1e-12")
    assert _near(cx["lhs"], eps, rel=1e-8)


def test_table_IV_gaussian_column_counterexample_by_opacus():
    o, cx = _violation("s003.table.IV#gaussian-column")
    row = int(o["row"])
    e, s = TABLE_IV_EPS[row], TABLE_IV_SIGMA[row]
    assert e in BAD_GAUSSIAN_ROWS
    h = half_unit(s)
    # ε(σ) decreases in σ: some σ' rounding to the printed σ gives ε rounding to e iff ε(σ+h) ≤ e + u/2 ≤ …
    gap = max(ao.gaussian_dpsgd_eps(float(F(s) + h)) - float(e), float(e) - ao.gaussian_dpsgd_eps(float(F(s) - h)))
    assert gap > float(half_unit(e)) * 1.01
    assert _near(cx["lhs"], gap, rel=1e-6)


# ----------------------------------------------------------------------------- Table I and IV values
def test_table_I_recomputed_rows():
    """Best ε (Zhu–Wang 1/(α−1), approach 1 or 2) for each printed row; printed values in comments."""
    expect = {25: 0.01370873, 50: 0.08397864, 75: 0.4804346, 100: 2.434867, 125: 4.585520, 150: 7.965886,
              200: 10.892806, 300: 41.007041}
    for kappa, printed_eps in TABLE_I:
        best = tables.table_best(kappa, "zw")
        assert best["eps"] == pytest.approx(expect[kappa], rel=1e-6)
        assert best["eps"] <= float(F(printed_eps) + half_unit(printed_eps))  # printed ε is a valid guarantee
    # printed minus half a unit is beaten at κ = 25, 50, 75, 100 (approach 1) and 300 (α ≈ 1.504)
    beaten = [k for k, e in TABLE_I if tables.table_best(k, "zw")["eps"] < float(F(e) - half_unit(e))]
    assert beaten == [25, 50, 75, 100, 300]
    # approach 1 wins up to κ = 100 (the table marks 2 at κ = 100: 2.4825 vs 2.4349)
    assert [tables.table_best(k, "zw")["approach"] for k, _, _ in tables.TABLE_I] == [1, 1, 1, 1, 2, 2, 2, 2]
    # with Theorem 3 as printed (1/α) approach 2 gives smaller ε from κ = 125 on
    assert tables.table_best(150, "printed")["eps"] == pytest.approx(6.966202, rel=1e-5)
    assert tables.table_best(300, "printed")["eps"] == pytest.approx(28.704729, rel=1e-5)
    assert float(ao.approach2_eps(150, tables.table_best(150, "printed")["alpha"], "printed")) == pytest.approx(6.966202, rel=1e-5)


def test_table_IV_vmf_column_recomputed():
    # integer-α approach 2 reproduces rows 175–225, 250–400 only at α = 2 (no fractional α)
    g, d = 128 / 60000, 1 / 60000
    for kappa, value in ((250, 27.3772), (400, 112.2702)):
        assert tables.approach2_eps(13700, kappa, 2, g, 3, d, "zw") == pytest.approx(value, abs=1e-3)
        assert float(ao.approach2_eps(kappa, 2, "zw")) == pytest.approx(tables.approach2_eps(13700, kappa, 2, g, 3, d, "zw"),
                                                                       rel=1e-12)
    assert tables.table_best(250, "zw")["eps"] == pytest.approx(26.4041, abs=1e-3)
    assert tables.table_best(500, "zw")["eps1"] == pytest.approx(172.743, abs=1e-2)  # printed 173 = approach 1


def test_table_IV_gaussian_column():
    """Opacus default orders, 1406 steps, exact subsampled-Gaussian RDP (quadrature at fractional orders)."""
    rdp = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
    # integer orders: exact, equal to dp-accounting; fractional orders: dp-accounting 0.6 gives an upper bound
    q = 128 / 60000
    for s in (1.23, 0.204):
        ref = rdp._compute_rdp_poisson_subsampled_gaussian(q, s, [2, 5, 1.5, 2.3])
        mine = [subsampled_gaussian.subsampled_gaussian_rdp(a, s, q) for a in (2, 5, 1.5, 2.3)]
        assert mine[0] == pytest.approx(ref[0], rel=1e-10) and mine[1] == pytest.approx(ref[1], rel=1e-10)
        assert mine[2] <= ref[2] * (1 + 1e-12) and mine[3] <= ref[3] * (1 + 1e-12)
        # fractional orders: the quadrature of the definition
        assert mine[2] == pytest.approx(float(ao.gaussian_subsampled_renyi(s, F(3, 2), F(128, 60000))), rel=1e-10)
    with precision(128):
        c = subsampled_gaussian.subsampled_gaussian_rdp_arb(F(3, 2), F(123, 100), F(128, 60000))
    assert _encloses(c, ao.gaussian_subsampled_renyi(F(123, 100), F(3, 2), F(128, 60000)), rel="1e-28")
    # the catalog's 1406-step values at the printed σ (0.4829, 2.4799, …, 173.75); σ = 1.23 by Opacus itself
    got = {s: tables.gaussian_dpsgd_eps(float(F(s)))[0] for _, _, s in tables.TABLE_IV}
    assert got["1.23"] == pytest.approx(0.48286, abs=1e-4) and got[".174"] == pytest.approx(173.750, abs=1e-2)
    assert got["1.23"] == pytest.approx(ao.gaussian_dpsgd_eps(1.23), rel=1e-9)
    # rows whose printed ε no σ' rounding to the printed σ reproduces (beyond half a unit)
    bad = []
    for e, _, s in tables.TABLE_IV:
        sig, h, ep = F(s), half_unit(s), F(e)
        lo, hi = tables.gaussian_dpsgd_eps(float(sig + h))[0], tables.gaussian_dpsgd_eps(float(sig - h))[0]
        if max(lo - float(ep), float(ep) - hi) > float(half_unit(e)):
            bad.append(e)
    assert bad == BAD_GAUSSIAN_ROWS


@pytest.mark.parametrize("table", ["I", "IV"])
def test_tables_achievable_against_oracle(table):
    """Every printed ε is a valid guarantee: at the parameters the module proposes, the oracle's own accounting
    gives an ε ≤ printed + half a unit, inside the claim's certified [0, ε] enclosure."""
    claim = BY_ID[f"s003.table.{table}#achievable"]
    rows = TABLE_I if table == "I" else TABLE_IV
    for row, (kappa, printed_eps) in enumerate(rows):
        best = tables.table_best(kappa, "zw")
        if best["approach"] == 1:
            eps = ao.approach1_eps(kappa, F(best["eps0"] * (1 + 1e-9)).limit_denominator(10**12))
        else:
            eps = ao.approach2_eps(kappa, F(best["alpha"]).limit_denominator(10**6), "zw")
        assert float(eps) == pytest.approx(best["eps"], rel=1e-7), (table, kappa)
        assert eps <= ao.mpf(F(printed_eps) + half_unit(printed_eps)), (table, kappa)
        lhs, rhs, ok = _claim_sides(claim, {"row": row})
        assert ok and lower(lhs) <= float(eps) <= upper(lhs) * (1 + 1e-9), (table, kappa, lhs)
        assert _encloses(rhs, ao.mpf(F(printed_eps) + half_unit(printed_eps)))
    r = check_claim(claim, cases=300, seed=0)
    assert r.verdict == "holds" and r.margin >= 0


# ----------------------------------------------------------------------------- VMF Rényi: values
def test_prop1_three_routes_and_2d_quadrature_on_s2():
    for p, k, a in [(3, 1.0, 2.0), (3, 2.5, 3.0), (3, 0.7, 1.5), (2, 5.0, 3.0), (5, 2.0, 1.5), (50, 10.0, 20.0)]:
        closed = fp.vmf_rdp(p, k, a)
        quad = fp.vmf_renyi_divergence_quadrature(p, k, a, -1.0)
        assert quad == pytest.approx(closed, rel=1e-12, abs=1e-13)
        with precision(128):
            ca, qa = certified.vmf_rdp(p, F(k), F(a)), certified.vmf_renyi_divergence_quadrature(p, F(k), F(a), -1)
        assert ca.overlaps(qa) and float(ca.rad()) < 1e-25
    # S²: direct 2-D integration of f_x^α f_x'^{1−α} in (t, φ), no reduction
    for k, a, th in [(2.0, 2.0, 1.0), (3.0, 4.0, 2.2), (1.0, 2.0, math.pi)]:
        C = 4 * math.pi * math.sinh(k) / k
        xp = np.array([math.sin(th), 0.0, math.cos(th)])

        def integrand(phi, t):
            y = np.array([math.sqrt(1 - t * t) * math.cos(phi), math.sqrt(1 - t * t) * math.sin(phi), t])
            return math.exp(a * k * t + (1 - a) * k * float(xp @ y)) / C

        val, _ = integrate.dblquad(integrand, -1, 1, 0, 2 * math.pi, epsabs=1e-13, epsrel=1e-12)
        assert math.log(val) / (a - 1) == pytest.approx(fp.vmf_renyi_divergence(3, k, a, math.cos(th)), rel=1e-9)


def test_renyi_on_the_circle_direct():
    # p = 2: f(φ) = e^{κ cos(φ − φ0)}/(2π I_0(κ)), integrate in φ over [0, 2π]
    from scipy.special import i0

    for k, a, th in [(1.0, 2.0, 2.0), (4.0, 1.5, math.pi), (0.3, 7.0, 0.5)]:
        val, _ = integrate.quad(lambda f: math.exp(a * k * math.cos(f) + (1 - a) * k * math.cos(f - th)),
                                0, 2 * math.pi, epsabs=0, epsrel=1e-13, limit=200)
        d = (math.log(val / (2 * math.pi * i0(k)))) / (a - 1)
        assert d == pytest.approx(fp.vmf_renyi_divergence(2, k, a, math.cos(th)), rel=1e-11)
        assert d == pytest.approx(fp.vmf_renyi_divergence_quadrature(2, k, a, math.cos(th)), rel=1e-11)


@pytest.mark.parametrize("p,kappa,alpha", [(5, 1.0, 2.0), (5, 2.0, 1.5), (10, 3.0, 2.0), (300, 20.0, 1.5)])
def test_prop1_monte_carlo_importance_estimator(p, kappa, alpha):
    """E_Q[(P/Q)^α] with Q = VMF(−x), P = VMF(x): t = (−x)·y ~ Q's statistic, P/Q = e^{−2κt}."""
    n = 400_000
    t = sample_vmf_t(p, kappa, n, seed=1234 + p)
    w = np.exp(-2 * alpha * kappa * t)
    mean, se = w.mean(), w.std(ddof=1) / math.sqrt(n)
    est = math.log(mean) / (alpha - 1)
    se_d = se / mean / (alpha - 1)
    assert abs(est - fp.vmf_rdp(p, kappa, alpha)) <= Z * se_d


def test_general_angle_monte_carlo():
    p, kappa, alpha, th = 3, 2.0, 2.0, 1.0
    x = np.array([1.0, 0.0, 0.0])
    xp = np.array([math.cos(th), math.sin(th), 0.0])
    y = sample_vmf(xp, kappa, 300_000, seed=7)
    w = np.exp(alpha * kappa * (y @ (x - xp)))
    mean, se = w.mean(), w.std(ddof=1) / math.sqrt(len(w))
    assert abs(math.log(mean) - (alpha - 1) * fp.vmf_renyi_divergence(p, kappa, alpha, math.cos(th))) <= Z * se / mean
    assert fp.vmf_renyi_divergence(3, 2.0, 2.0, math.cos(1.0)) == pytest.approx(0.865354690814, abs=1e-11)


def test_kl_closed_form_quadrature_monte_carlo():
    for p, k in [(2, 0.5), (3, 2.0), (5, 2.0), (11, 9.0), (13700, 75.0)]:
        assert fp.vmf_kl_quadrature(p, k) == pytest.approx(fp.vmf_kl_antipodal(p, k), rel=1e-10)
    assert fp.vmf_kl_antipodal(5, 2.0) == pytest.approx(1.44442660083, abs=1e-10)
    t = sample_vmf_t(5, 2.0, 400_000, seed=3)  # KL(f_x ‖ f_−x) = E_x[2κ t]
    est, se = (2 * 2.0 * t).mean(), (2 * 2.0 * t).std(ddof=1) / math.sqrt(len(t))
    assert abs(est - fp.vmf_kl_antipodal(5, 2.0)) <= Z * se
    # KL is the limit of τ_α as α → 1
    assert fp.vmf_rdp(5, 2.0, 1 + 1e-7) == pytest.approx(fp.vmf_kl_antipodal(5, 2.0), rel=1e-6)


def test_rdp_monotone_in_angle_kappa_nu_grid():
    # footnote 3 and Theorem 1 on grids (exact equalities and the catalog's ranges)
    for p in (2, 3, 6, 15):
        for k in (0.3, 1.0, 4.0, 12.0):
            for a in (1.2, 2.0, 5.0):
                d = [fp.vmf_renyi_divergence(p, k, a, math.cos(th)) for th in np.linspace(0, math.pi, 41)]
                assert np.all(np.diff(d) > 0)
                assert d[-1] == pytest.approx(fp.vmf_rdp(p, k, a), rel=1e-14)
    ks = np.linspace(0.01, 300, 60)
    for p in (2, 3, 100, 13700):
        for a in (1.3, 2.0, 5.0):
            taus = [fp.vmf_rdp(p, k, a) for k in ks]
            assert np.all(np.diff(taus) > 0)


def test_prop3_compositions_small_p():
    import itertools

    def comps(n):
        if n == 0:
            yield ()
        for first in range(2, n + 1):
            for rest in comps(n - first):
                yield (first,) + rest

    worst = math.inf
    for p in range(4, 11):
        for parts in comps(p):
            if len(parts) < 2:
                continue
            for k, a in itertools.product((0.3, 1.0, 5.0), (1.1, 2.0)):
                ratio = sum(fp.vmf_rdp(q, k, a) for q in parts) / fp.vmf_rdp(p, k, a)
                worst = min(worst, ratio)
    assert worst > 2.0


# ----------------------------------------------------------------------------- (ε, δ), subsampling: values
def test_prop4_against_exact_hockey_stick():
    for p, k, a, e in [(3, 2.0, 2.0, 1.0), (10, 5.0, 3.0, 3.0), (13700, 75.0, 2.0, 5.0)]:
        assert fp.vmf_hockey_stick_antipodal(p, k, e) <= math.exp(fp.vmf_log_delta_alpha(p, k, e, a))
    # the exact VMF δ(ε) by quadrature equals a Monte Carlo estimate of E_x[(1 − e^{ε−2κt})_+]
    t = sample_vmf_t(5, 2.0, 400_000, seed=11)
    v = np.maximum(1 - np.exp(1.0 - 4.0 * t), 0.0)
    assert abs(v.mean() - fp.vmf_hockey_stick_antipodal(5, 2.0, 1.0)) <= Z * v.std(ddof=1) / math.sqrt(len(v))
    # Gaussian δ(ε) against direct quadrature of (φ(x−1) − e^ε φ(x))_+
    from scipy.stats import norm

    s, e = 1.3, 0.7
    direct, _ = integrate.quad(lambda x: max(norm.pdf(x, 1, s) - math.exp(e) * norm.pdf(x, 0, s), 0.0), -20, 20, points=[0.5 + e * s * s])
    assert fp.gaussian_delta(s, e) == pytest.approx(direct, rel=1e-9)


def test_alpha_star_root_is_the_argmin():
    from scipy.optimize import minimize_scalar

    for p, k, e, a_ref in [(3, 2.0, 1.0, 1.23448538252), (10, 5.0, 3.0, 1.1496913173), (40, 10.0, 2.0, 1.04622148158),
                           (5, 1.0, 0.5, 2.26274574951)]:
        a = vmf_accounting.vmf_alpha_star(p, k, e)
        assert a == pytest.approx(a_ref, rel=1e-9)
        r = minimize_scalar(lambda x: fp.vmf_log_delta_alpha(p, k, e, x), bounds=(1 + 1e-9, 50), method="bounded",
                            options={"xatol": 1e-12})
        assert r.x == pytest.approx(a, rel=1e-5)
        assert fp.vmf_stationarity(p, k, e, a) == pytest.approx(0, abs=1e-12)
        assert fp.vmf_dlog_delta_quadrature(p, k, e, a) == pytest.approx(0, abs=1e-10)


def test_subsampled_gaussian_matches_dp_accounting():
    rdp = pytest.importorskip("dp_accounting.rdp.rdp_privacy_accountant")
    for q, sigma in [(0.01, 1.0), (0.3, 0.8), (128 / 60000, 1.23)]:
        orders = [2, 3, 5, 8, 16]
        ref = rdp._compute_rdp_poisson_subsampled_gaussian(q, sigma, orders)
        mine = [fp.subsampled_renyi({k: k / (2 * sigma ** 2) for k in range(2, a + 1)}, a, q) for a in orders]
        assert np.allclose(mine, ref, rtol=1e-9, atol=1e-15)


def test_zhu_wang_against_autodp_and_exact():
    autodp = pytest.importorskip("autodp.rdp_acct")
    for q, sigma in [(0.01, 1.0), (0.2, 2.0), (0.5, 1.0)]:
        func = lambda a, s=sigma: a / (2 * s * s)  # noqa: E731
        for a in (2, 3, 6, 10):
            taus = {k: func(k) for k in range(2, a + 1)}
            exact = fp.subsampled_renyi(taus, a, q)
            zw = fp.zhu_wang_bound(taus, a, q)
            ref = autodp.general_upperbound(func, a, q) / (a - 1)
            assert exact <= ref * (1 + 1e-9) + 1e-15 and exact <= zw * (1 + 1e-12)


def test_kl_subsampling_and_eps_from_delta_values():
    for p, k, g in [(3, 1.0, 0.5), (5, 4.0, 0.1), (13700, 75.0, 128 / 60000)]:
        for d in ("mix||q", "q||mix"):
            assert fp.vmf_subsampled_kl_quadrature(p, k, g, d) <= g * fp.vmf_kl_antipodal(p, k)
    for tau_, a, delta in [(1.6, 2.5, 1e-5), (12.0, 7.0, 1e-3)]:
        e = fp.eps_from_rdp(tau_, a, delta)
        assert math.exp(fp.log_delta_from_rdp(tau_, a, e)) == pytest.approx(delta, rel=1e-12)


# ----------------------------------------------------------------------------- Bayes' capacity: values
def test_gaussian_capacity_direct_p1_p2():
    from scipy.optimize import minimize_scalar
    from scipy.stats import norm

    s, R = 0.5, 2.0
    # p = 1: the sup over x ∈ [−R, R] found numerically at every y
    sup = lambda y: -minimize_scalar(lambda x: -norm.pdf(y, x, s), bounds=(-R, R), method="bounded",  # noqa: E731
                                     options={"xatol": 1e-12}).fun
    val = sum(integrate.quad(sup, a, b, epsabs=1e-12, limit=200)[0] for a, b in [(-12, -R), (-R, R), (R, 12)])
    assert val == pytest.approx(math.exp(fp.gaussian_capacity(1, s, R)), rel=1e-7)  # numeric sup: ~1e-8
    assert math.exp(fp.gaussian_capacity(1, s, R)) == pytest.approx(4.191538243211461, rel=1e-14)
    # p = 2, σ = .7, R = 3: sup is φ at the distance to the disc; Cartesian 2-D integral
    s, R = 0.7, 3.0
    f = lambda y2, y1: math.exp(-max(math.hypot(y1, y2) - R, 0) ** 2 / (2 * s * s)) / (2 * math.pi * s * s)  # noqa: E731
    val2, _ = integrate.dblquad(f, -9, 9, -9, 9, epsabs=1e-10, epsrel=1e-10)
    assert val2 == pytest.approx(math.exp(fp.gaussian_capacity(2, s, R)), rel=1e-7)


@pytest.mark.parametrize("p,sigma,R", [(3, 1.0, 1.0), (5, 1.0, 1.0), (10, 1.23, 1.0)])
def test_gaussian_capacity_importance_sampling(p, sigma, R):
    """C = E_q[sup_x φ_σ(y − x)/q(y)] with q = N(0, (σ² + R²) I)."""
    rng = np.random.default_rng(p)
    n = 400_000
    s2 = sigma * sigma + R * R
    y = rng.standard_normal((n, p)) * math.sqrt(s2)
    r = np.linalg.norm(y, axis=1)
    dist = np.maximum(r - R, 0)
    logw = (-dist ** 2 / (2 * sigma * sigma) - 0.5 * p * math.log(2 * math.pi * sigma * sigma)
            + r ** 2 / (2 * s2) + 0.5 * p * math.log(2 * math.pi * s2))
    w = np.exp(logw)
    est, se = w.mean(), w.std(ddof=1) / math.sqrt(n)
    closed = math.exp(fp.gaussian_capacity(p, sigma, R))
    assert abs(est - closed) <= Z * se
    assert math.exp(fp.gaussian_capacity_quadrature(p, sigma, R)) == pytest.approx(closed, rel=1e-12)


def test_capacity_catalog_values_and_large_p():
    log10 = math.log(10)
    # p = 13,700 against the oracle's radial quadrature and the printed formula typed in afresh
    for s_ in (F(123, 100), F(174, 1000)):
        assert fp.gaussian_capacity(13700, float(s_), 1) == pytest.approx(float(ao.gaussian_log_capacity(13700, s_, 1)), rel=1e-12)
        assert printed.gaussian_capacity_printed(13700, float(s_), 1) == pytest.approx(
            float(ao.gaussian_log_capacity_printed(13700, s_, 1)), rel=1e-12)
    assert fp.gaussian_capacity(13700, 1.23, 1) / log10 == pytest.approx(41.2551, abs=1e-4)
    assert fp.gaussian_capacity(13700, 0.174, 1) / log10 == pytest.approx(288.5807, abs=1e-4)
    assert printed.gaussian_capacity_printed(13700, 0.174, 1) / log10 == pytest.approx(275.834, abs=1e-3)
    assert printed.gaussian_capacity_printed(10, 0.5, 3) / log10 == pytest.approx(math.log10(17739.93), abs=1e-6)
    for k, ref in [(75, 32.48293), (300, 128.86217), (500, 213.18733)]:
        assert fp.vmf_capacity(13700, k) / log10 == pytest.approx(ref, abs=1e-5)
        assert fp.vmf_capacity(13700, k) == pytest.approx(float(ao.vmf_log_capacity(13700, k)), rel=1e-12)
        assert printed.vmf_capacity_printed(13700, k) == pytest.approx(fp.vmf_capacity(13700, k), rel=1e-12)
        assert fp.vmf_capacity_quadrature(13700, k) == pytest.approx(fp.vmf_capacity(13700, k), rel=1e-12)
    for p, k in [(3, 1.0), (3, 75.0), (50, 75.0)]:
        assert cap.vmf_capacity_scipy(p, k) == pytest.approx(fp.vmf_capacity(p, k), rel=1e-12)
    assert math.exp(fp.vmf_capacity(3, 1.0)) == pytest.approx(2.313035285, rel=1e-9)
    assert math.exp(fp.vmf_capacity(3, 75.0)) == pytest.approx(150.0, rel=1e-12)
    with precision(128):
        for p, s, R in [(1, F(1), 1), (13700, F(123, 100), 1)]:
            assert certified.gaussian_capacity(p, s, R).overlaps(certified.gaussian_capacity_quadrature(p, s, R))


# ----------------------------------------------------------------------------- finite channels
def test_lemma_1_needs_no_zero_columns():
    C = certified.deterministic_channel([0], 2)  # X = {x}, f(x) = 0: column 1 is zero
    D = [[F(1), F(0)], [F(0), F(1)]]
    exact_bayes_capacity = certified.bayes_capacity

    assert exact_bayes_capacity(certified.cascade(C, D)) == 1 and exact_bayes_capacity(D) == 2


def test_theorem_4_with_the_range_over_all_inputs_is_violated():
    """Theorem 4 read with C onto dom D over all inputs and the prior uniform on part of them: the engine's witness,
    and the issue's (D = I₂, X = {a, b, c}, C(a) ≠ C(b) = C(c), prior uniform on {b, c}), by hand."""
    o, cx = _violation("s003.thm.4#range-over-all-inputs", cases=100)
    D, f, support = o["D"], [int(x) for x in o["f"]], [int(x) for x in o["support"]]
    assert set(f) == set(range(len(D))) and len(support) >= 2  # onto over all of X; two feasible secrets

    def leakage_by_hand(D, f, support):  # Eq. (12): Σ_z max over the support of (C·D)[x, z]; row x of C·D is D[f(x)]
        return sum(max(F(D[f[x]][z]) for x in support) for z in range(len(D[0])))

    def capacity_by_hand(D):  # Eq. (13): Σ_z max_y D[y, z]
        return sum(max(F(row[z]) for row in D) for z in range(len(D[0])))

    assert leakage_by_hand(D, f, support) < capacity_by_hand(D)
    assert _near(cx["lhs"], leakage_by_hand(D, f, support)) and _near(cx["rhs"], capacity_by_hand(D))
    # the case: the risk is 1 (nothing leaks about {b, c}), C_Bayes(D) = 2
    I2 = [[F(1), F(0)], [F(0), F(1)]]
    case = {"D": I2, "f": [0, 1, 1], "support": [1, 2]}
    assert (leakage_by_hand(I2, [0, 1, 1], [1, 2]), capacity_by_hand(I2)) == (1, 2)
    lhs, rhs, ok = _claim_sides(BY_ID["s003.thm.4#range-over-all-inputs"], case)
    assert ok and lhs == 1 and rhs == 2
    # the primary reading (onto on the prior's support) excludes that case: output 0 is not reached from {b, c}
    assert _claim_sides(BY_ID["s003.thm.4"], case)[2] is False
    assert [c.id for c in CLAIMS if c.statement_id == "s003.thm.4" and c.primary] == ["s003.thm.4"]


def test_finite_channel_operations_agree():
    rng = np.random.default_rng(0)
    C = rng.dirichlet(np.ones(4), size=3)
    D = rng.dirichlet(np.ones(5), size=4)
    assert np.allclose(fp.cascade(C, D).sum(axis=1), 1)
    Ce = [[F(x).limit_denominator(1000) for x in row] for row in C]
    Ce = [[x / sum(row) for x in row] for row in Ce]
    De = [[F(x).limit_denominator(1000) for x in row] for row in D]
    De = [[x / sum(row) for x in row] for row in De]
    assert np.allclose(np.array(certified.cascade(Ce, De), float), np.array(Ce, float) @ np.array(De, float))
    assert fp.restrict(C, [2, 0]).tolist() == [C[2].tolist(), C[0].tolist()]
    pi = np.array([0.5, 0.25, 0.25])
    assert fp.multiplicative_leakage(C, np.full(3, 1 / 3)) == pytest.approx(C.max(axis=0).sum())
    assert fp.multiplicative_leakage(C, pi) <= C.max(axis=0).sum() + 1e-15


def _rat(M):
    return np.array(M, dtype=object)


def _qif_capacity(C):
    """Bayes' capacity by qif, in exact rationals."""
    qif = pytest.importorskip("qif")
    return qif.measure.bayes_vuln.mult_capacity(_rat(C))


def _det(f, n_out):
    return [[F(int(f[x] == y)) for y in range(n_out)] for x in range(len(f))]


def _finite_cases(seed=5):
    """Exact channels and maps for Section V's statements (objects for every finite claim at once)."""
    import random

    import finite_oracle as fo

    rng = random.Random(seed)
    out = []
    for i in range(6):
        ny, nz, nx = 1 + i % 4, 2 + i % 3, 2 + (i + 1) % 4
        f = list(range(ny)) + [rng.randrange(ny) for _ in range(i % 3)]
        rng.shuffle(f)
        support = sorted(rng.sample(range(len(f)), rng.randint(1, len(f))))
        X_prime = sorted(rng.sample(range(nx), rng.randint(1, nx)))
        out.append({
            "D": fo.random_channel(rng, ny, nz), "f": f, "support": support,
            "C": fo.random_channel(rng, nx, ny if ny > 1 else 2), "X": X_prime[:1 + i % len(X_prime)], "X_prime": X_prime,
            "row": fo.random_distribution(rng, nz), "n": 1 + i, "B": fo.random_channel(rng, 1 + i % 4, 1 + i % 3),
            "prior": fo.random_distribution(rng, nx), "M": fo.random_channel(rng, nx, nz), "n_actions": 1 + i % 3,
            "G": [F(rng.randint(0, 10), 10) for _ in range(nx * (1 + i % 3))]})
    return out


def _lemma3_case(c):
    import random

    import finite_oracle as fo

    rng = random.Random(len(c["C"]) * 31 + len(c["C"][0]))
    return {**c, "D": fo.random_channel(rng, len(c["C"][0]), 3)}


def _finite_oracle(cid, c):
    """(lhs, rhs, hypotheses) of each finite statement from qif's exact rational measures."""
    qif = pytest.importorskip("qif")
    if cid == "s003.lem.1":
        CD = np.dot(_rat(_det(c["f"], len(c["D"]))), _rat(c["D"]))
        return _qif_capacity(CD), _qif_capacity(c["D"]), True
    if cid == "s003.lem.2.i":
        return _qif_capacity([c["row"]] * c["n"]), F(1), True
    if cid == "s003.lem.2.ii":
        B = c["B"]
        n, k = len(B), len(B[0])
        M0 = [[B[i][j - i * k] if i * k <= j < (i + 1) * k else F(0) for j in range(n * k)] for i in range(n)]
        return _qif_capacity(M0), F(n), True
    if cid == "s003.cor.1":
        return _qif_capacity([c["C"][x] for x in c["X"]]), _qif_capacity([c["C"][x] for x in c["X_prime"]]), True
    if cid in ("s003.lem.3", "s003.claim.lemma3-min"):
        CD = np.dot(_rat(c["C"]), _rat(c["D"]))
        bound = _qif_capacity(c["C"]) if cid == "s003.lem.3" else min(_qif_capacity(c["C"]), _qif_capacity(c["D"]))
        return _qif_capacity(CD), bound, True
    if cid == "s003.thm.4":
        CD = np.dot(_rat(_det(c["f"], len(c["D"]))), _rat(c["D"]))
        pi = [F(1, len(c["support"])) if x in c["support"] else F(0) for x in range(len(c["f"]))]
        covered = {c["f"][x] for x in c["support"]} == set(range(len(c["D"])))
        return qif.measure.bayes_vuln.mult_leakage(_rat(pi), CD), _qif_capacity(c["D"]), covered
    if cid == "s003.claim.miracle":
        n = len(c["M"])
        G = [c["G"][w * n:(w + 1) * n] for w in range(c["n_actions"])]
        prior_v = max(sum(g * p for g, p in zip(row, c["prior"])) for row in G)
        if prior_v == 0:
            return None
        # V_g(π, M) = Σ_y max_w Σ_x π_x M_{x,y} g(w, x), by hand, and by qif
        post_v = sum(max(sum(c["prior"][x] * c["M"][x][y] * G[w][x] for x in range(n)) for w in range(len(G)))
                     for y in range(len(c["M"][0])))
        assert qif.measure.g_vuln.mult_leakage(_rat(G), _rat(c["prior"]), _rat(c["M"])) == post_v / prior_v
        return post_v / prior_v, _qif_capacity(c["M"]), True
    raise KeyError(cid)


FINITE = ["s003.lem.1", "s003.lem.2.i", "s003.lem.2.ii", "s003.cor.1", "s003.lem.3", "s003.claim.lemma3-min",
          "s003.thm.4", "s003.claim.miracle"]
RELATION = {sp.Le: "<=", sp.Lt: "<", sp.Ge: ">=", sp.Gt: ">", sp.Eq: "=="}


@pytest.mark.parametrize("cid", FINITE)
def test_finite_statements_against_qif(cid):
    claim = BY_ID[cid]
    rel = RELATION[type(claim.statement)]
    checked = 0
    for case in _finite_cases():
        if cid in ("s003.lem.3", "s003.claim.lemma3-min"):
            case = _lemma3_case(case)
        expected = _finite_oracle(cid, case)
        if expected is None:
            continue
        lhs, rhs, ok = expected
        got_lhs, got_rhs, got_ok = _claim_sides(claim, case)
        assert got_ok == ok, (cid, case)
        if not ok:
            continue
        assert _encloses(got_lhs, ao.mpf(F(lhs)), rel="1e-30") and _encloses(got_rhs, ao.mpf(F(rhs)), rel="1e-30")
        assert {"<=": lhs <= rhs, "==": lhs == rhs}[rel], (cid, lhs, rhs)
        checked += 1
    assert checked >= 3
    # and the engine's own search finds no counterexample
    assert check_claim(claim, cases=300, seed=1).verdict == "holds"


# ----------------------------------------------------------------------------- true statements, at exact points
def _gauss_vmf(mechanism, alpha, gamma, p=3, kappa=2, sigma=1):
    return {"mechanism": mechanism, "alpha": alpha, "gamma": gamma, "p": p, "kappa": F(kappa), "sigma": F(sigma)}


def _interp_cgf(p, kappa, alpha):
    lo = math.floor(alpha)
    f = ao.mpf(alpha - lo)
    tau = {n: (ao.vmf_kl(p, kappa) if n == 1 else ao.vmf_rdp(p, kappa, n)) for n in (lo, lo + 1)}
    return ((1 - f) * (lo - 1) * tau[lo] + f * lo * tau[lo + 1]) / (ao.mpf(alpha) - 1)


TRUE_POINTS = {
    "s003.prop.1": ([{"p": 2, "kappa": F(1), "alpha": F(2)}, {"p": 3, "kappa": F(5, 2), "alpha": F(3)},
                     {"p": 5, "kappa": F(2), "alpha": F(3, 2)}, {"p": 13700, "kappa": F(75), "alpha": F(2)}],
                    lambda c: (ao.vmf_rdp(c["p"], c["kappa"], c["alpha"]),) * 2),
    "s003.thm.6": ([{"p": 3, "kappa": F(1)}, {"p": 10, "kappa": F(5)}, {"p": 13700, "kappa": F(75)}],
                   lambda c: (ao.vmf_log_capacity(c["p"], c["kappa"]),) * 2),
    "s003.thm.5+corrected": ([{"p": 1, "sigma": F(1), "R": F(1)}, {"p": 3, "sigma": F(1, 2), "R": F(1)},
                              {"p": 10, "sigma": F(123, 100), "R": F(1)}, {"p": 2, "sigma": F(7, 10), "R": F(3)}],
                             lambda c: (ao.gaussian_log_capacity(c["p"], c["sigma"], c["R"]),) * 2),
    "s003.thm.3+corrected": ([_gauss_vmf("gaussian", 2, F(1, 2)), _gauss_vmf("gaussian", 5, F(1, 100)),
                              _gauss_vmf("gaussian", 3, F(1), sigma=F(1, 2)), _gauss_vmf("vmf", 3, F(1, 2))],
                             lambda c: (_subsampled(c, c["alpha"], c["gamma"]),
                                        ao.subsampled_bound(_taus(c, c["alpha"]), c["alpha"], c["gamma"], "zw"))),
    "s003.thm.2+corrected": ([{"N": 10, "eps_s": F(1), "delta_s": F(0), "delta_tilde": F(1, 6)},
                              {"N": 100, "eps_s": F(1), "delta_s": F(0), "delta_tilde": F(1, 100000)},
                              {"N": 5, "eps_s": F(1, 2), "delta_s": F(1, 10), "delta_tilde": F(1, 100)}],
                             lambda c: (ao.extremal_composition_delta(
                                 c["eps_s"], c["delta_s"], c["N"], ao.composition_eps(c["eps_s"], c["N"], c["delta_tilde"], "kov")),
                                 1 - (1 - ao.mpf(c["delta_s"])) ** c["N"] * (1 - ao.mpf(c["delta_tilde"])))),
    "s003.claim.rdp-interpolation+corrected": ([{"p": 2, "kappa": F(1), "alpha": F(3, 2)},
                                                {"p": 3, "kappa": F(1), "alpha": F(5, 2)},
                                                {"p": 10, "kappa": F(5), "alpha": F(7, 2)}],
                                               lambda c: (ao.vmf_rdp(c["p"], c["kappa"], c["alpha"]),
                                                          _interp_cgf(c["p"], c["kappa"], c["alpha"]))),
}


@pytest.mark.parametrize("cid", sorted(TRUE_POINTS))
def test_true_statements_against_oracle(cid):
    claim = BY_ID[cid]
    rel = RELATION[type(claim.statement)]
    cases, oracle = TRUE_POINTS[cid]
    for case in cases:
        lhs, rhs = oracle(case)
        got_lhs, got_rhs, ok = _claim_sides(claim, case)
        assert ok, (cid, case)
        assert _encloses(got_lhs, lhs), (cid, case, got_lhs, lhs)
        assert _encloses(got_rhs, rhs), (cid, case, got_rhs, rhs)
        tol = MP.mpf("1e-25") * max(1, abs(rhs))
        assert (lhs <= rhs + tol) if rel == "<=" else abs(lhs - rhs) <= tol, (cid, case, lhs, rhs)
    # and the engine's own search finds no counterexample in a short run
    assert check_claim(claim, cases=300, seed=2).verdict == "holds"


def test_zhu_wang_bound_is_autodp_general_upperbound():
    # the corrected Theorem 3 bound at the Gaussian points above, against the reference implementation
    autodp = pytest.importorskip("autodp.rdp_acct")
    for c in TRUE_POINTS["s003.thm.3+corrected"][0]:
        if c["mechanism"] == "gaussian" and c["gamma"] < 1:
            s, a, g = float(c["sigma"]), c["alpha"], float(c["gamma"])
            ref = autodp.general_upperbound(lambda x, s=s: x / (2 * s * s), a, g) / (a - 1)
            assert float(ao.subsampled_bound(_taus(c, a), a, c["gamma"], "zw")) == pytest.approx(ref, rel=1e-9)


# ----------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("call,word", [
    (lambda: fp.vmf_rdp(3, -1.0, 2.0), "kappa=-1.0"),
    (lambda: fp.vmf_rdp(1, 1.0, 2.0), "p=1"),
    (lambda: fp.vmf_rdp(2.5, 1.0, 2.0), "p=2.5"),
    (lambda: fp.vmf_rdp(3, 1.0, 1.0), "alpha=1.0"),
    (lambda: fp.vmf_renyi_divergence_quadrature(3, 1.0, 0.5), "alpha=0.5"),
    (lambda: fp.vmf_hockey_stick_antipodal(3, 1.0, -0.1), "eps=-0.1"),
    (lambda: fp.gaussian_capacity(3, 0.0, 1.0), "sigma=0.0"),
    (lambda: fp.gaussian_capacity_quadrature(3, 1.0, -2.0), "R=-2.0"),
    (lambda: fp.vmf_capacity(1, 1.0), "p=1"),
    (lambda: fp.eps_from_rdp(1.0, 2.0, 1.5), "delta=1.5"),
    (lambda: fp.eps_from_rdp(1.0, 2.0, 0), "delta=0"),
    (lambda: tables.approach1_eps(13700, 75, 1.0, 0.01, 3, 1.0), "delta_target=1.0"),
    (lambda: fp.subsampled_renyi({2: 1.0}, 2, 1.5), "gamma=1.5"),
    (lambda: fp.gaussian_rdp(2.0, -1.0), "sigma=-1.0"),
    (lambda: subsampled_gaussian.subsampled_gaussian_rdp(1.5, 0.0, 0.1), "sigma=0.0"),
    (lambda: subsampled_gaussian.subsampled_gaussian_rdp(0.9, 1.0, 0.1), "alpha=0.9"),
    (lambda: fp.composition_eps(1.0, 0, 0.1), "N=0"),
    (lambda: fp.restrict([[1.0, 0.0]], [3]), "3"),
])
def test_bad_input_names_the_value(call, word):
    with pytest.raises(InvalidInput, match=word.replace(".", r"\.").replace("(", r"\(")):
        call()


# ----------------------------------------------------------------------------- footnote 1: Sibson's I_∞
def _sibson_by_definition(M, prior, alpha):
    """Sibson's I_α(π; M) in bits, typed in from the definition α/(α−1) log Σ_y (Σ_x π_x M[x,y]^α)^{1/α} (mpmath)."""
    a = MP.mpf(alpha)
    cols = [MP.fsum(ao.mpf(F(prior[x])) * ao.mpf(F(M[x][y])) ** a for x in range(len(M))) for y in range(len(M[0]))]
    return a / (a - 1) * MP.log(MP.fsum(c ** (1 / a) for c in cols if c > 0), 2)


def test_sibson_infinity_is_log_bayes_capacity_for_full_support_priors():
    claim = BY_ID["s003.claim.sibson-infinity#full-support"]
    rng = np.random.default_rng(3)
    for n, k in [(2, 2), (3, 4), (5, 3)]:
        M = [[F(int(v)) for v in row] for row in rng.integers(1, 9, size=(n, k))]
        M = [[v / sum(row) for v in row] for row in M]
        prior = [F(int(v)) for v in rng.integers(1, 5, size=n)]
        prior = [v / sum(prior) for v in prior]
        capacity = ao.mpf(_qif_capacity(M))  # qif's exact Bayes capacity
        # Sibson's I_α increases to log₂ C_Bayes as α → ∞ (within log₂(1/min π)/α for a full-support prior)
        orders = [10, 10**3, 10**6, 10**9]
        values = [_sibson_by_definition(M, prior, a) for a in orders]
        assert all(u <= v + MP.mpf("1e-30") for u, v in zip(values, values[1:]))
        assert abs(values[-1] - MP.log(capacity, 2)) < MP.mpf("1e-8")
        lhs, rhs, ok = _claim_sides(claim, {"prior": prior, "M": M})
        assert ok and _encloses(lhs, MP.log(capacity, 2), rel="1e-30") and _encloses(rhs, MP.log(capacity, 2), rel="1e-30")
    assert check_claim(claim, cases=100, seed=0).verdict == "holds"


def test_sibson_infinity_for_a_prior_on_part_of_the_secrets_is_violated():
    o, cx = _violation("s003.claim.sibson-infinity#any-prior", cases=100)
    M, prior = o["M"], o["prior"]
    support = [x for x in range(len(M)) if prior[x] > 0]
    assert len(support) < len(M)
    capacity = ao.mpf(_qif_capacity(M))
    on_support = ao.mpf(_qif_capacity([M[x] for x in support]))  # I_∞ = log₂ C_Bayes of M on the prior's support
    assert on_support < capacity
    assert abs(_sibson_by_definition(M, prior, 10**9) - MP.log(on_support, 2)) < MP.mpf("1e-8")
    assert _near(cx["lhs"], MP.log(on_support, 2)) and _near(cx["rhs"], MP.log(capacity, 2))
