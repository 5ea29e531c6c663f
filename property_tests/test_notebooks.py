"""The notebooks in notebooks/ (jupytext percent format) execute top to bottom, and the values they derive
are right: each notebook ends with a RESULTS dict, read back here through an appended cell and checked
against values computed independently (closed forms on S¹/S², scipy's Bessel functions, quadrature of the
definitions with scipy, the printed formulas typed in from the paper, exact Fractions)."""
from __future__ import annotations

import json
import math
from fractions import Fraction as F
from pathlib import Path

import pytest
import sympy as sp
from scipy import integrate, special

import finite_oracle as fo

jupytext = pytest.importorskip("jupytext")
nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MARKER = "RESULTS-JSON:"


def run_notebook(name: str) -> dict:
    """Execute the notebook (an error in any cell raises) and return its RESULTS dict."""
    path = NOTEBOOKS / name
    nb = jupytext.read(path)
    nb.cells.append(nbformat.v4.new_code_cell(f"import json as _json\nprint({MARKER!r} + _json.dumps(RESULTS))"))
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("output_type") == "stream")
    return json.loads(text.split(MARKER, 1)[1])


def test_abp_bound_notebook_values():
    res = run_notebook("abp_bound_derivation.py")
    a, b = sp.symbols("a b", positive=True)
    # Step 2: m² − ab = (a − b)²/4
    assert sp.simplify(sp.sympify(res["gap"], locals={"a": a, "b": b}) - ((a + b) ** 2 / 4 - a * b)) == 0
    # the worked example against the definitions (exact posterior by Bayes' rule, JS with mpmath)
    K = [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]]
    prior = fo.uniform(2)
    f_a = fo.belief_after(K, prior, K[0])
    assert [F(x) for x in res["F_A"]] == f_a == [F(5, 8), F(3, 8)]
    assert res["eps_pa"] == pytest.approx(float(fo.MP.sqrt(fo.js(f_a, prior))), rel=1e-14)
    assert res["eps_pm"] == pytest.approx(math.log(2), rel=1e-15) == float(fo.mbp_level(K, prior))
    assert res["bound"] == pytest.approx(math.sqrt(math.log(2) * (2 - 1) / 2), rel=1e-15)
    assert res["eps_pa"] < res["bound"]
    # the sharper |log m/b| ≤ log((1 + e^c)/2) is below c: at c = 1 by log((1 + e)/2) − 1
    assert res["sharp_minus_c_at_1"] == pytest.approx(math.log((1 + math.e) / 2) - 1, rel=1e-14)


def _vmf_rdp_low_dim(p, kappa, alpha):
    """Antipodal D_α on S¹ / S² from the normalisers c_2(s) = 2π I_0(s), c_3(s) = 4π sinh(s)/s."""
    s, t = (2 * alpha - 1) * kappa, kappa
    if p == 2:
        log_ratio = math.log(special.i0e(s)) + s - math.log(special.i0e(t)) - t
    else:
        log_ratio = (s + math.log(-math.expm1(-2 * s)) - math.log(2 * s)) - (t + math.log(-math.expm1(-2 * t)) - math.log(2 * t))
    return log_ratio / (alpha - 1)


def _mean_resultant(p, kappa):
    """A_p(κ) = I_{p/2}(κ)/I_{p/2−1}(κ) (scipy's scaled Bessel functions)."""
    return special.ive(p / 2, kappa) / special.ive(p / 2 - 1, kappa)


def _vmf_capacity(p, kappa):
    """e^κ area(S^{p−1}) / c_p(κ), c_p(κ) = (2π)^{p/2} κ^{−ν} I_ν(κ), ν = p/2 − 1 (scipy)."""
    nu = p / 2 - 1
    log_area = math.log(2) + (p / 2) * math.log(math.pi) - math.lgamma(p / 2)
    log_c = (p / 2) * math.log(2 * math.pi) - nu * math.log(kappa) + math.log(special.ive(nu, kappa)) + kappa
    return math.exp(kappa + log_area - log_c)


def _gauss_capacity_quadrature(p, sigma, R):
    """∫ sup_{‖x‖≤R} φ_σ(y − x) dy: on the line directly (p = 1), in the plane (p = 2), radially otherwise."""
    if p == 1:
        f = lambda y: math.exp(-(y - min(max(y, -R), R)) ** 2 / (2 * sigma**2)) / math.sqrt(2 * math.pi * sigma**2)  # noqa: E731
        L = R + 40 * sigma
        return sum(integrate.quad(f, lo, hi, epsabs=0, epsrel=1e-13, limit=200)[0]
                   for lo, hi in ((-L, -R), (-R, R), (R, L)))
    if p == 2:
        f = lambda y2, y1: math.exp(-max(math.hypot(y1, y2) - R, 0) ** 2 / (2 * sigma**2)) / (2 * math.pi * sigma**2)  # noqa: E731
        L = R + 14 * sigma
        return integrate.dblquad(f, -L, L, -L, L, epsabs=1e-11, epsrel=1e-11)[0]
    area = 2 * math.pi ** (p / 2) / math.gamma(p / 2)
    outer = integrate.quad(lambda r: r ** (p - 1) * math.exp(-(r - R) ** 2 / (2 * sigma**2)), R, R + 60 * sigma,
                           epsabs=0, epsrel=1e-13, limit=200)[0]
    return (2 * math.pi * sigma**2) ** (-p / 2) * area * (R**p / p + outer)


def _gauss_capacity_printed(p, sigma, R):
    """Theorem 5 as printed: 2Z/(Γ(p/2)2^{p/2}σ^p) + R^p/(Γ(p/2+1)2^{p/2}σ^p), Z = Σ Γ((p−i)/2)(√2σ)^{p−i}C(p−i,i)R^i."""
    Z = sum(math.gamma((p - i) / 2) * (math.sqrt(2) * sigma) ** (p - i) * math.comb(p - i, i) * R**i for i in range(p))
    return 2 * Z / (math.gamma(p / 2) * 2 ** (p / 2) * sigma**p) + R**p / (math.gamma(p / 2 + 1) * 2 ** (p / 2) * sigma**p)


def test_vmf_rdp_and_capacity_notebook_values():
    res = run_notebook("vmf_rdp_and_capacity_derivation.py")
    # Proposition 1: printed τ_α = 1-D quadrature at every point, to 25 digits
    assert res["prop1_points"] == 54 and res["prop1_max_rel"] < 1e-25
    # the direct S¹ / S² integrals against the closed forms of the normalisers
    assert len(res["direct"]) == 6
    for key, value in res["direct"].items():
        p, kappa, alpha = key.split(",")
        assert value == pytest.approx(_vmf_rdp_low_dim(int(p), float(kappa), float(alpha)), rel=1e-13), key
    assert res["direct"]["3,1,2"] == pytest.approx(math.log(math.sinh(3) / (3 * math.sinh(1))), rel=1e-15)
    # the KL after Proposition 1: 2κ A_p(κ), with A_3(κ) = coth κ − 1/κ
    assert res["kl_points"] == 12 and res["kl_max_rel"] < 1e-25
    for key, value in res["kl"].items():
        p, kappa = int(key.split(",")[0]), float(key.split(",")[1])
        assert value == pytest.approx(2 * kappa * _mean_resultant(p, kappa), rel=1e-12), key
    assert res["kl"]["3,2"] == pytest.approx(2 * 2 * (1 / math.tanh(2) - 1 / 2), rel=1e-14)
    # Theorem 5: the derived capacity against quadrature of the definition, the printed one against the paper
    for key, derived in res["gauss_derived"].items():
        p, sigma, R = int(key.split(",")[0]), float(key.split(",")[1]), float(key.split(",")[2])
        assert derived == pytest.approx(_gauss_capacity_quadrature(p, sigma, R), rel=1e-9), key
        assert res["gauss_printed"][key] == pytest.approx(_gauss_capacity_printed(p, sigma, R), rel=1e-12), key
    assert res["gauss_derived"]["1,1,1"] == pytest.approx(1 + 2 / math.sqrt(2 * math.pi), rel=1e-15)
    # the symbolic differences printed − derived, at the tested (σ, R)
    sigma_, R_ = sp.symbols("sigma R", positive=True)
    for key in res["gauss_derived"]:
        p, sigma, R = key.split(",")
        if p in res["gauss_printed_minus_derived"]:
            diff = sp.sympify(res["gauss_printed_minus_derived"][p], locals={"sigma": sigma_, "R": R_})
            got = float(diff.subs({sigma_: sp.Rational(sigma), R_: sp.Rational(R)}))
            assert got == pytest.approx(res["gauss_printed"][key] - res["gauss_derived"][key], rel=1e-9, abs=1e-12), key
    # Theorem 6 against scipy's Bessel functions; p = 3: κe^κ/sinh κ
    assert res["vmf_points"] == 15 and res["vmf_max_rel"] < 1e-25
    for key, value in res["vmf_capacity"].items():
        p, kappa = int(key.split(",")[0]), float(key.split(",")[1])
        assert value == pytest.approx(_vmf_capacity(p, kappa), rel=1e-11), key
    assert res["vmf_capacity"]["3,0.5"] == pytest.approx(0.5 * math.exp(0.5) / math.sinh(0.5), rel=1e-14)
