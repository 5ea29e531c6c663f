"""notebooks/bdp_accounting_derivation.py executes top to bottom (through test_notebooks.run_notebook), and what it
derives is right: the symbolic steps against formulas typed in from the paper and textbook facts, the numbers
against bdp_oracle (mpmath quadrature of the definitions, independent of mechanisms/)."""
from __future__ import annotations

import math
from fractions import Fraction as F

import pytest
import sympy as sp

import bdp_oracle as bo
from test_notebooks import run_notebook


def _parse(text, **symbols):
    """A sympy expression printed by the notebook ('lambda' is a Python keyword: read as the symbol lam)."""
    return sp.sympify(text.replace("lambda", "lam"), locals=symbols)


def test_bdp_accounting_notebook_values():
    res = run_notebook("bdp_accounting_derivation.py")
    # Eq. (5): E[φ] − φ(ε)Pr = p(e^{λa} − e^{λε}) + (1 − p)e^{λb} for the two-point loss, ≥ 0 at the checked points
    a, b, eps, lam, p = sp.symbols("a b epsilon lambda p", positive=True)
    gap = _parse(res["eq5_gap"], a=a, b=b, epsilon=eps, lam=lam, p=p)
    assert sp.simplify(gap - (p * (sp.exp(lam * a) - sp.exp(lam * eps)) + (1 - p) * sp.exp(lam * b))) == 0
    assert res["eq5_checks"] is True
    # Eqs. (7)–(8): e^{λ log r} = r^λ; the moment is e^{λD_{λ+1}}; the joint and nested expectations agree
    assert res["eq7_exp_log"] == "0" and res["eq7_renyi_vanishes"] is True and res["eq8_vanishes"] is True
    # Theorem 1 for T = 2 is Cauchy–Schwarz: the gap is m(1 − m)(x1 y2 − x2 y1)² ≥ 0
    m, x1, x2, y1, y2 = sp.symbols("m x1 x2 y1 y2", positive=True)
    gap_t1 = sp.sympify(res["thm1_gap"], locals={"m": m, "x1": x1, "x2": x2, "y1": y1, "y2": y2})
    assert sp.simplify(gap_t1 - m * (1 - m) * (x1 * y2 - x2 * y1) ** 2) == 0
    # the Gaussian Rényi divergence αΔ²/(2σ²) and the χ² moment generating function (1 − 2t)^{−d/2}
    al, dl, sig = sp.symbols("alpha Delta sigma", positive=True)
    assert sp.simplify(sp.sympify(res["renyi_gauss"], locals={"alpha": al, "Delta": dl, "sigma": sig})
                       - al * dl**2 / (2 * sig**2)) == 0
    assert res["mgf_is_power"] == {"1": True, "2": True, "3": True}
    # Eq. (10) for the reference: −(d/2T) log(1 − Tλ(λ+1)s²/σ²), its values against mpmath quadrature
    T, d, s = sp.symbols("T d s", positive=True)
    cost = _parse(res["cost_formula"], T=T, d=d, s=s, lam=lam, sigma=sig)
    typed = -d / (2 * T) * sp.log(1 - T * lam * (lam + 1) * s**2 / sig**2)
    for point in ({T: 10, d: 5, s: sp.Rational(1, 10), lam: 2, sig: 1}, {T: 3, d: 20, s: sp.Rational(1, 20), lam: 8, sig: 2}):
        assert float(cost.subs(point)) == pytest.approx(float(typed.subs(point)), rel=1e-14)
    for (sym, closed, quad), (l, t, sv, sg, dd) in zip(res["cost_values"],
                                                       [(2, 10, "0.1", 1, 5), (F(1, 2), 1000, "0.01", 1, 3), (8, 3, "0.05", 2, 20)]):
        want = float(bo.reference_cost(F(l), t, F(sv), F(sg), dd))
        assert sym == pytest.approx(want, rel=1e-13) and closed == pytest.approx(want, rel=1e-13)
        assert quad == pytest.approx(want, rel=1e-12)
    # Theorem 3: under μ₀ the k-th moment is e^{(k²−k)Δ²/(2σ²)}, under the shifted Gaussian e^{(k²+k)Δ²/(2σ²)}
    k = sp.Symbol("k", integer=True, nonnegative=True)
    loc = {"k": k, "Delta": dl, "sigma": sig}
    assert sp.simplify(sp.sympify(res["moment_under_mu0"], locals=loc) - sp.exp((k**2 - k) * dl**2 / (2 * sig**2))) == 0
    assert sp.simplify(sp.sympify(res["moment_under_shifted"], locals=loc) - sp.exp((k**2 + k) * dl**2 / (2 * sig**2))) == 0
    for row in res["thm3_rows"]:
        args = (row["lam"], F(row["q"]), F(row["sigma"]), F(row["delta"]))
        fwd, rev = (float(bo.scaled_renyi(direction, *args)) for direction in ("forward", "reverse"))
        assert row["forward"] == pytest.approx(fwd, rel=1e-11) and row["reverse"] == pytest.approx(rev, rel=1e-11)
        law = (row["lam"], 1, args[1], args[2], [args[3]], [1])
        assert row["c_L"] == pytest.approx(float(bo.theorem3("L", *law)), rel=1e-12)
        assert row["c_R"] == pytest.approx(float(bo.theorem3("R", *law)), rel=1e-12)
        assert row["c_L"] == pytest.approx(fwd, rel=1e-10)  # the left term is the forward moment
        assert row["c_R"] > max(fwd, rev)  # the right term is neither direction: it exceeds both
    small = res["thm3_rows"][1]  # q = 0.01, λ = 1: c^R is about 100 times the exact cost
    assert small["c_R"] / small["forward"] > 90 and math.isclose(small["c_R"], math.log1p(0.01 * math.expm1(1)), rel_tol=1e-12)
    assert res["engine"] == {"s004.thm.3.i": "holds", "s004.thm.3.ii": "violated", "s004.thm.3#expressed-as": "violated",
                             "s004.thm.3#upper-bound": "holds", "s004.eq.10": "holds"}
