"""The engine: certified violations, float-only alarms, determinism, user claims."""
from pathlib import Path

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from proofcheck import Claim, Source, check_claim, real
from proofcheck.engine import certified_sides, exactify
from proofcheck.numerics import lower, upper
from proofcheck.registry import load_claims_file
from proofcheck.strategies import cases

ROOT = Path(__file__).resolve().parents[1]
x = sp.Symbol("x", real=True)


def _claim(statement, quantities, cid="s999.claim.test", **kw):
    return Claim(id=cid, title="t", source=Source("test", "here", "q"), variables=(real("x", 0, 3),),
                 statement=statement, quantities=quantities, strategy=cases(x=st.floats(0, 3)), **kw)


def test_false_inequality_is_certified_with_small_exact_numbers():
    # e^x ≤ 1 + x + x² fails for x > 1.79
    c = _claim(sp.Le(sp.exp(x), 1 + x + x**2), {"x": lambda case, m: m.num(case["x"])})
    r = check_claim(c, seconds=3, seed=1)
    assert r.verdict == "violated"
    xv = r.counterexample["objects"]["x"]
    from fractions import Fraction

    xe = Fraction(xv)
    assert xe > Fraction(179, 100) and xe.denominator <= 20
    lhs, rhs, ok, prec, verdict = certified_sides(c, {"x": xe})
    assert ok and verdict == "violated" and lower(lhs) > upper(rhs)


def test_true_inequality_holds_with_margin():
    c = _claim(sp.Le(x**2, sp.exp(x) + 1), {"x": lambda case, m: m.num(case["x"])})
    r = check_claim(c, seconds=2, seed=0)
    assert r.verdict == "holds"
    assert r.margin > 0 and r.counterexample is None
    assert r.evidence["search"]["cases"] > 50


def test_float_only_violation_is_inconclusive():
    # the float path is deliberately wrong by 1e-6; the exact path says lhs == rhs: no certificate
    def q(case, m):
        return m.num(case["x"]) + (1e-6 if m.name == "float" else 0)

    c = _claim(sp.Le(sp.Symbol("y"), x), {"y": q, "x": lambda case, m: m.num(case["x"])})
    r = check_claim(c, seconds=2, seed=0)
    assert r.verdict == "holds"  # every float alarm was refuted by exact evaluation
    assert r.evidence["search"]["float_alarms_refuted_exactly"] > 0


def test_float_violation_that_cannot_be_certified_is_inconclusive():
    # the float path says x ≤ x − 1 fails (a real violation), but the certified path cannot evaluate
    from mechanisms.errors import InvalidInput

    def q(case, m):
        if m.name != "float":
            raise InvalidInput("no certified route for this quantity")
        return m.num(case["x"]) - 1

    c = _claim(sp.Le(x, sp.Symbol("y")), {"y": q, "x": lambda case, m: m.num(case["x"])})
    r = check_claim(c, seconds=2, seed=0)
    assert r.verdict == "inconclusive"
    assert r.counterexample is None and "could be certified" in r.evidence["reason"]


def test_same_seed_same_result():
    c = _claim(sp.Le(sp.exp(x), 1 + x + x**2), {"x": lambda case, m: m.num(case["x"])})
    a = check_claim(c, seconds=2, seed=7)
    b = check_claim(c, seconds=2, seed=7)
    assert a.counterexample["objects"] == b.counterexample["objects"]


def test_user_claims_module():
    claims = {c.id: c for c in load_claims_file(str(ROOT / "examples" / "my_claims.py"))}
    good = check_claim(claims["s999.claim.tv-of-ldp"], seconds=3, seed=0)
    bad = check_claim(claims["s999.claim.tv-le-half-eps-squared"], seconds=3, seed=0)
    assert good.verdict == "holds"
    assert bad.verdict == "violated"
    K = bad.counterexample["objects"]["K"]
    assert all(sum(__import__("fractions").Fraction(v) for v in row) == 1 for row in K)


def test_exactify_keeps_distributions_exact():
    c = Claim(id="s999.claim.t2", title="t", source=Source("t", "t", "t"),
              variables=(__import__("proofcheck").simplex("p"),), statement=sp.Le(x, 1),
              quantities={"x": lambda case, m: m.num(1)}, strategy=cases(p=st.just(np.array([0.3, 0.7]))))
    e = exactify(c, {"p": np.array([0.1234, 0.8766])}, 10)
    assert sum(e["p"]) == 1 and all(v >= 0 for v in e["p"])


def test_float_alarm_at_domain_boundary_is_refuted_exactly():
    # (e^(a−1) − 1)/(a − 1) ≥ 1 for a > 1; a noisy float route shows a false alarm at a = 1 + 1e-13,
    # whose rounding to small rationals is a = 1 (outside the domain): the exact dyadic value decides
    from fractions import Fraction
    from mechanisms.errors import InvalidInput

    def g(case, m):
        a = case["a"]
        if a == 1:
            raise InvalidInput("a = 1 is outside a > 1")
        if m.name == "float":
            d = a - 1
            return float(np.exp(np.float32(d)) - np.float32(1)) / d
        d = m.num(a) - 1
        return (m.exp(d) - 1) / d

    c = Claim(id="s999.claim.boundary", title="t", source=Source("t", "t", "t"), variables=(real("a", 1, 2),),
              statement=sp.Ge(sp.Symbol("g"), 1), quantities={"g": g},
              strategy=st.fixed_dictionaries({"a": st.sampled_from([1 + 1e-13, 1.5])}))
    assert g({"a": 1 + 1e-13}, __import__("proofcheck").FLOAT) < 1  # the float route really is wrong there
    assert check_claim(c, seconds=2, seed=0).verdict == "holds"
