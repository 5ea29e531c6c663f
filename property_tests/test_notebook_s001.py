"""notebooks/theorem1_kappa_derivation.py executes top to bottom and its RESULTS are right: w and κ against an
mpmath root of e^w = 2w + 1 (not Lambert W), the geometric series and the stationarity condition against sympy's
own simplification here, the hand counterexample to Theorem 1 (ii) against mpmath quadrature of the two gamma
posteriors, and the engine's verdicts on each step of the proof."""
from __future__ import annotations

import pytest
import sympy as sp

import test_s001_oracle as so
from test_notebooks import run_notebook

pytest.importorskip("jupytext")
MP = so.MP


def test_theorem1_kappa_notebook():
    res = run_notebook("theorem1_kappa_derivation.py")
    w, k = so.w_root(), so.kappa()
    assert abs(MP.mpf(res["w"]) - w) < MP.mpf("1e-33") and abs(MP.mpf(res["kappa"]) - k) < MP.mpf("1e-33")
    assert abs(MP.mpf(res["kappa_alt"]) - k) < MP.mpf("1e-33")
    assert res["w"].startswith("1.256431208626169676982737616609")
    assert res["kappa"].startswith("4.9108149645682558987515348052")
    q, u = sp.symbols("q u", positive=True)
    assert sp.simplify(sp.sympify(res["series"], locals={"q": q}) - 1 / (1 - q) ** 2) == 0
    assert sp.simplify(sp.sympify(res["stationarity"], locals={"u": u}) - (1 / u - 2 / (sp.exp(u) - 1))) == 0
    # the hand counterexample: Gamma(6, 1/100) vs Gamma(6, 101/100); KL by quadrature, bound 100κ
    kl = so.kl(("gamma", (6, so.frac("1/100"))), ("gamma", (6, so.frac("101/100"))))
    assert abs(res["kl_counterexample_value"] - float(kl)) < 1e-9 and abs(res["bound_counterexample_value"] - float(100 * k)) < 1e-9
    assert sp.simplify(sp.sympify(res["kl_counterexample"]) - (600 - 6 * sp.log(101))) == 0
    assert res["posterior_mass_above_300"] == pytest.approx(float(MP.gammainc(6, 3, MP.inf, regularized=True)), rel=1e-12)
    v = res["verdicts"]
    assert all(v[c] == "holds" for c in ("s001.eq.C.1", "s001.eq.C.2", "s001.thm.1.i", "s001.claim.w-root",
                                         "s001.claim.kappa-value", "s001.claim.C4-minimum", "s001.claim.C4-convex"))
    assert v["s001.eq.C.4"] == "violated" and v["s001.thm.1.ii"] == "violated"
