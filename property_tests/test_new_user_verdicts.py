"""A new user's claims, right the first time: roundings that respect every variable's domain, reasons that
name what blocked a certificate, thin searches said as such, and no `holds` beside a certified violation."""
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import strategies as st

from proofcheck import Claim, OutsideDomain, Source, check_claim, real, vector
from proofcheck.stages.certify import certified_sides, significant_case
from proofcheck.strategies import cases

SRC = Source("test", "here", "a new user's claim")
y = sp.Symbol("y", positive=True)
alpha, eps, D = sp.symbols("alpha epsilon D", positive=True)


def _inverse_gap(lo):
    def q(case, m):
        x = m.value(case["alpha"]) - lo
        if m.is_zero(x):
            raise OutsideDomain("alpha at its end")
        return 1 / x
    return q


def _open_end_claim(bound, cid):
    """1/(α − 1) ≤ bound over α ∈ (1, 20], drawn only in [3, 20]: a violation only the optimiser reaches."""
    return Claim(id=cid, title="1/(α − 1) ≤ bound", source=SRC, variables=(real("alpha", 1, 20, exclude_min=True),),
                 statement=sp.Le(y, bound), quantities={"y": _inverse_gap(1)}, strategy=cases(alpha=st.floats(3, 20)))


@pytest.mark.parametrize("bound", [5, sp.Float(1e13)])
def test_violation_next_to_an_open_end_is_certified(bound):
    r = check_claim(_open_end_claim(bound, "mine.open-end"), cases=30, seed=0)
    assert r.verdict == "violated"
    a = Fraction(r.counterexample["objects"]["alpha"])
    assert 1 < a <= 20 and 1 / (a - 1) > float(bound)


def test_rr_rdp_below_alpha_eps_squared_over_8_is_violated():
    # D_α(RR_ε) → ε tanh(ε/2) ≈ ε²/2 as α → 1, four times αε²/8: false, the more so as α → 1; drawn far from it
    c = Claim(id="mine.rr-rdp", title="RR's RDP ≤ αε²/8", source=SRC,
              variables=(real("alpha", 1, 64, exclude_min=True), real("epsilon", 0, 1)),
              statement=sp.Le(D, alpha * eps**2 / 8),
              quantities={"D": lambda c, m: m.rr_rdp(m.value(c["alpha"]), m.value(c["epsilon"])),
                          "alpha": lambda c, m: m.value(c["alpha"]), "epsilon": lambda c, m: m.value(c["epsilon"])},
              strategy=cases(alpha=st.floats(40, 64), epsilon=st.floats(0.5, 1)))
    r = check_claim(c, cases=30, seed=0)
    assert r.verdict == "violated"
    exact = {k: Fraction(v) for k, v in r.counterexample["objects"].items()}
    assert exact["alpha"] > 1
    assert certified_sides(c, exact).relation == "violated"


def test_violation_next_to_a_closed_end_survives_rounding():
    # x ∈ [0, 1] with x = 0 outside the quantity's domain: every denominator rounds x ≈ 3e-29 to the closed end 0;
    # to significant digits, its offset from the end is kept (main: inconclusive)
    def inv(case, m):
        x = m.value(case["x"])
        if m.is_zero(x):
            raise OutsideDomain("x = 0")
        return 1 / x

    c = Claim(id="mine.closed-end", title="1/x ≤ 1e12", source=SRC, variables=(real("x", 0, 1),),
              statement=sp.Le(y, sp.Float(1e12)), quantities={"y": inv}, strategy=cases(x=st.floats(0.5, 1)))
    r = check_claim(c, cases=30, seed=0)
    assert r.verdict == "violated"
    assert 0 < Fraction(r.counterexample["objects"]["x"]) < Fraction(1, 10**12)


def test_vector_entry_next_to_its_end_survives_rounding():
    def q(case, m):
        v = m.vector(case["v"])
        if m.is_zero(v[0] + 1):
            raise OutsideDomain("v0 = -1")
        return 1 / (v[0] + 1)

    c = Claim(id="mine.vector-end", title="1/(v0 + 1) ≤ 1e12", source=SRC, variables=(vector("v", -1, 1, size=2),),
              statement=sp.Le(y, sp.Float(1e12)), quantities={"y": q},
              strategy=cases(v=st.lists(st.floats(0, 1), min_size=2, max_size=2).map(np.array)))
    r = check_claim(c, cases=30, seed=0)
    assert r.verdict == "violated"
    v0 = Fraction(r.counterexample["objects"]["v"][0])
    assert -1 < v0 < -1 + Fraction(1, 10**12)


def test_significant_case_rounds_reals_relative_to_their_size_and_their_end():
    c = Claim(id="mine.sig", title="t", source=SRC,
              variables=(real("alpha", 1, 20, exclude_min=True), real("x", 0, 1), vector("v", -1, 1)),
              statement=sp.Le(y, 1), quantities={"y": lambda case, m: m.exact(0)},
              strategy=cases(alpha=st.floats(2, 3), x=st.floats(0, 1), v=st.just(np.zeros(1))))
    got = significant_case(c, {"alpha": 1 + 3.3e-13, "x": 3.14159e-12, "v": np.array([-1 + 2.5e-14])}, 3)
    assert got["x"] == Fraction("3.14e-12")  # a denominator of 10^3 would make it 0
    assert 0 < got["alpha"] - 1 < Fraction(1, 10**12) and (got["alpha"] - 1) == Fraction("3.30e-13")
    assert got["v"][0] == -1 + Fraction("2.50e-14")


def test_every_rounding_outside_the_domain_is_said_with_the_domain():
    # the certified route is defined on α ≥ 1 + 2^-20 only (a narrower domain than its float route's): a violation
    # the float path finds nearer to 1 has no rounding inside the domain, and the reason says which
    def q(case, m):
        a = m.value(case["alpha"])
        if m.name != "float" and m.certainly_lt(a, 1 + Fraction(1, 2**20)):
            raise OutsideDomain("the certified route needs alpha >= 1 + 2^-20")
        return 1 / (a - 1)

    c = Claim(id="mine.narrow-route", title="t", source=SRC, variables=(real("alpha", 1, 20, exclude_min=True),),
              statement=sp.Le(y, sp.Float(1e13)), quantities={"y": q}, strategy=cases(alpha=st.floats(3, 20)))
    r = check_claim(c, cases=30, seed=0)
    assert r.verdict == "inconclusive"
    reason = r.evidence["reason"]
    assert reason.startswith("every rounding of alpha = 1.0") and "fell outside its domain" in reason
    assert "the certified route needs alpha >= 1 + 2^-20" in reason and "alpha ∈ (1, 20]" in reason


def _pld_identity(**kw):
    """δ(ε) of N(0, σ²) vs N(1, σ²) by the certified PLD accountant (grid 1/200) = the closed form: the PLD's
    enclosure is as wide as its discretisation, so it agrees with the closed form to a few digits, never 12."""
    d_pld, d_closed = sp.symbols("d_pld d_closed")
    return Claim(id="mine.pld-eq-closed-form", title="PLD δ(ε) = Gaussian δ(ε)", source=SRC,
                 variables=(real("sigma", 1, 2), real("eps", 0, 1)), statement=sp.Eq(d_pld, d_closed),
                 quantities={"d_pld": lambda c, m: m.pld_delta("gaussian", (m.value(c["sigma"]), 1), 1,
                                                               m.value(c["eps"]), Fraction(1, 200)),
                             "d_closed": lambda c, m: m.gaussian_delta(m.value(c["sigma"]), m.value(c["eps"]))},
                 strategy=cases(sigma=st.floats(1, 2), eps=st.floats(0, 1)), **kw)


def test_identity_against_a_discretised_route_says_which_digits_to_ask():
    r = check_claim(_pld_identity(), cases=5, seed=0)
    assert r.verdict == "inconclusive"
    reason = r.evidence["reason"]
    import re

    got = re.search(r"the enclosures agree to (\d+) digits, the claim asks 12 \(.*\): set Claim\(digits=(\d+)\) or a "
                    r"finer route", reason)
    assert got is not None, reason
    k = int(got.group(1))
    assert got.group(2) == str(k) and 1 <= k < 12


def _clamped_claim(x_draws):
    """y ≤ 1 with y = x(1 + 10⁻⁹), x ∈ [0, 1]: false for x > 1/(1 + 10⁻⁹). The float route clamps y to 1 (as a
    probability would be), the certified one does not: the two differ only on that sliver, which the search
    (drawing x in `x_draws`) never sees and the ratio walk towards x = 1 reaches."""
    def q(case, m):
        if m.name == "float":
            return min(case["x"] * (1 + 1e-9), 1.0)
        return m.value(case["x"]) * (1 + Fraction(1, 10**9))

    return Claim(id="mine.clamped", title="x(1 + 1e-9) ≤ 1", source=SRC, variables=(real("x", 0, 1),),
                 statement=sp.Le(y, 1), quantities={"y": q}, strategy=cases(x=st.floats(*x_draws)))


def test_a_certified_violation_in_the_tightness_step_is_the_verdict():
    r = check_claim(_clamped_claim((0, 0.5)), cases=30, seed=0)
    assert r.evidence["search"]["cases"] == 30 and "search_float_margin" in r.evidence
    assert r.evidence["search_float_margin"]["margin"] >= 0  # the float path never saw a violation
    assert r.verdict == "violated"  # main: holds, with tightest_certified "violated" beside it
    cx = r.counterexample
    x = Fraction(cx["objects"]["x"])
    assert x * (1 + Fraction(1, 10**9)) > 1
    assert certified_sides(_clamped_claim((0, 0.5)), {"x": x}).relation == "violated"
    assert cx["found_by"].startswith("the certified evaluation of the tightness step")
    assert r.margin < 0 and r.margin == pytest.approx(-float(x * Fraction(1, 10**9) + x - 1), rel=1e-6)


THIN_CLAIMS = '''
import sympy as sp
from proofcheck import Claim, Hypothesis, Source, real, strategies as pst

x = sp.Symbol("x", real=True)
CLAIMS = [Claim(id="mine.thin", title="x ≤ 2 where x ≥ 0.97", source=Source("tests", "inline", "x ≤ 2"),
                variables=(real("x", 0, 1),), statement=sp.Le(x, 2),
                hypotheses=(Hypothesis("x ≥ 0.97", sp.Ge(x, sp.Rational(97, 100))),),
                quantities={"x": lambda case, m: m.value(case["x"])}, strategy=pst.cases(x=pst.reals(0, 1))),
          Claim(id="mine.full", title="x ≤ 2", source=Source("tests", "inline", "x ≤ 2"),
                variables=(real("x", 0, 1),), statement=sp.Le(x, 2),
                quantities={"x": lambda case, m: m.value(case["x"])}, strategy=pst.cases(x=pst.reals(0, 1)))]
'''


def test_a_thin_holds_says_so_in_its_record_the_report_and_the_cli(tmp_path):
    import json
    import subprocess
    import sys
    from pathlib import Path

    from proofcheck.registry import load_claims_file

    path = tmp_path / "thin_claims.py"
    path.write_text(THIN_CLAIMS)
    claims = {c.id: c for c in load_claims_file(str(path))}
    r = check_claim(claims["mine.thin"], cases=100, seed=0)
    assert r.verdict == "holds"
    admitted = r.evidence["search"]["cases"] - r.evidence["search"]["excluded_outside_domain"]
    assert r.evidence["search"]["cases"] == 100 and admitted < 10
    assert r.thin == {"cases": admitted, "asked": 100, "drawn": 100,
                      "why": f"{admitted} of the 100 cases drawn were in the domain"}
    assert r.to_json()["thin"] == r.thin and r.to_json()["verdict"] == "holds"
    full = check_claim(claims["mine.full"], cases=100, seed=0)
    assert full.verdict == "holds" and full.thin is None  # every case asked for was drawn and admitted

    root = Path(__file__).resolve().parents[1]
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-m", "proofcheck.cli", "run", "--claims", str(path), "--cases", "100",
                          "--out", str(out), "--quiet", "--jobs", "1"], capture_output=True, text=True, cwd=root,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("2 of 2 claims: 2 hold (1 of them thin), 0 violated, 0 inconclusive")
    assert lines[1] == (f"mine.thin: holds — thin: {admitted} cases of 100 asked ({admitted} of the 100 cases drawn "
                        "were in the domain)")
    doc = json.loads((out / "report.json").read_text())
    assert doc["summary"]["thin"] == 1
    recs = {c["id"]: c for c in doc["claims"]}
    assert recs["mine.thin"]["verdict"] == "holds" and recs["mine.thin"]["thin"]["cases"] == admitted
    assert recs["mine.full"]["thin"] is None
    md = (out / "report.md").read_text()
    assert f"**holds** — thin: {admitted} cases of 100 asked" in md
    assert "2 hold (1 of them thin" in md


def test_thin_search_rules():
    from proofcheck.runs.engine import thin_search

    c = _open_end_claim(5, "mine.rules")

    def ev(cases, excluded, runs=10):
        return {"search": {"cases": cases, "excluded_outside_domain": excluded},
                "optimiser": {"margin_evaluations": runs, "ratio_evaluations": 0}}

    assert thin_search(c, ev(100, 40), 100) is None  # hypotheses excluded some, 60 cases checked: not thin
    assert thin_search(c, ev(12, 0), 12) is None  # a costly class's whole count: not thin
    assert thin_search(c, ev(37, 0), 100)["why"] == "the search drew 37 of the 100 cases asked"
    assert thin_search(c, ev(100, 99), 100)["why"] == "1 of the 100 cases drawn was in the domain"
    assert thin_search(c, ev(100, 97), 100) == {"cases": 3, "asked": 100, "drawn": 100,
                                                "why": "3 of the 100 cases drawn were in the domain"}
    assert thin_search(c, ev(5, 0), None)["why"] == "5 of the 5 cases drawn were in the domain"  # a time budget
    assert thin_search(c, ev(50, 0, runs=0), None)["why"] == "the optimiser never ran"
