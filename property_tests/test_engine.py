"""The engine: certified violations, float-only alarms, determinism, user claims."""
from pathlib import Path

import numpy as np
import pytest
import sympy as sp
from hypothesis import strategies as st

from proofcheck import Claim, Source, check_claim, real
from proofcheck.stages.certify import certified_sides
from proofcheck.stages.rounding import exactify
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
    r = check_claim(c, cases=300, seed=1)
    assert r.verdict == "violated"
    xv = r.counterexample["objects"]["x"]
    from fractions import Fraction

    xe = Fraction(xv)
    assert xe > Fraction(179, 100) and xe.denominator <= 20
    # independently of the engine: e^x > 1 + x + x² at the exact x, by mpmath at 50 digits
    import mpmath

    mpmath.mp.dps = 50
    xm = mpmath.mpf(xe.numerator) / xe.denominator
    assert mpmath.exp(xm) > 1 + xm + xm**2
    c_ = certified_sides(c, {"x": xe})
    assert c_.hypotheses_ok and c_.relation == "violated" and lower(c_.lhs) > upper(c_.rhs)
    # the reported margin is the certified gap at the counterexample shown
    assert r.margin == pytest.approx(float(1 + xm + xm**2 - mpmath.exp(xm)), rel=1e-9)


def test_true_inequality_holds_with_margin():
    c = _claim(sp.Le(x**2, sp.exp(x) + 1), {"x": lambda case, m: m.num(case["x"])})
    r = check_claim(c, cases=300, seed=0)
    assert r.verdict == "holds"
    # the smallest relative margin of x² ≤ e^x + 1 on [0, 3]: min over x of 1 − x²/(e^x + 1), inside
    import scipy.optimize

    true_min = scipy.optimize.minimize_scalar(lambda t: 1 - t * t / (np.exp(t) + 1), bounds=(0, 3), method="bounded").fun
    assert r.relative_margin == pytest.approx(true_min, rel=1e-6)
    assert r.counterexample is None and r.evidence["search"]["cases"] > 50


def test_float_alarm_refuted_by_the_exact_path_is_not_a_violation():
    # the float path is deliberately wrong by 1e-6; the exact path says lhs == rhs: no certificate
    def q(case, m):
        return m.num(case["x"]) + (1e-6 if m.name == "float" else 0)

    c = _claim(sp.Le(sp.Symbol("y"), x), {"y": q, "x": lambda case, m: m.num(case["x"])})
    r = check_claim(c, cases=300, seed=0)
    assert r.verdict == "holds"  # every float alarm was refuted by exact evaluation
    assert r.evidence["search"]["float_alarms_refuted_exactly"] > 0


def test_float_violation_that_cannot_be_certified_is_inconclusive():
    # the float path says x ≤ x − 1 fails (a real violation), but the certified route only gives an
    # enclosure far too wide to decide anything: no certificate, so inconclusive, never violated
    from flint import arb

    def q(case, m):
        if m.name == "float":
            return case["x"] - 1
        return arb(0, 10**6)  # [−1e6, 1e6]

    c = _claim(sp.Le(x, sp.Symbol("y")), {"y": q, "x": lambda case, m: m.num(case["x"])})
    r = check_claim(c, cases=300, seed=0)
    assert r.verdict == "inconclusive"
    assert r.counterexample is None and "could be certified" in r.evidence["reason"]
    assert r.evidence["search_float_margin"]["margin"] == pytest.approx(-1, abs=1e-9)


def test_a_certified_route_that_raises_is_an_error_of_the_claim():
    from mechanisms.errors import InvalidInput

    def q(case, m):
        if m.name != "float":
            raise InvalidInput("no certified route for this quantity")
        return case["x"] - 1

    c = _claim(sp.Le(x, sp.Symbol("y")), {"y": q, "x": lambda case, m: m.num(case["x"])})
    r = check_claim(c, cases=300, seed=0)
    assert r.verdict == "inconclusive" and r.evidence["error"]["path"] == "certified"
    assert r.evidence["error"]["message"] == "no certified route for this quantity"


def test_same_seed_same_result():
    c = _claim(sp.Le(sp.exp(x), 1 + x + x**2), {"x": lambda case, m: m.num(case["x"])})
    a = check_claim(c, cases=300, seed=7)
    b = check_claim(c, cases=300, seed=7)
    assert a.counterexample["objects"] == b.counterexample["objects"]


def test_user_claims_module():
    claims = {c.id: c for c in load_claims_file(str(ROOT / "examples" / "my_claims.py"))}
    good = check_claim(claims["mine.tv-of-ldp"], cases=300, seed=0)
    bad = check_claim(claims["mine.tv-le-half-eps-squared"], cases=300, seed=0)
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
    from proofcheck.errors import OutsideDomain

    def g(case, m):
        a = case["a"]
        if a == 1:
            raise OutsideDomain("a = 1 is outside a > 1")
        if m.name == "float":
            d = a - 1
            return float(np.exp(np.float32(d)) - np.float32(1)) / d
        d = m.num(a) - 1
        return (m.exp(d) - 1) / d

    c = Claim(id="s999.claim.boundary", title="t", source=Source("t", "t", "t"), variables=(real("a", 1, 2),),
              statement=sp.Ge(sp.Symbol("g"), 1), quantities={"g": g},
              strategy=st.fixed_dictionaries({"a": st.sampled_from([1 + 1e-13, 1.5])}))
    assert g({"a": 1 + 1e-13}, __import__("proofcheck").FLOAT) < 1  # the float route really is wrong there
    assert check_claim(c, cases=300, seed=0).verdict == "holds"


# ----------------------------------------------------------------------------- the certificate boundary
def test_a_float_on_the_certified_path_is_never_certified():
    # a TRUE theorem, Q(a) = 1 − Φ(a) ≤ e^{−a²/2}/2 for a ≥ 0, written with scipy on both paths: the
    # tail underflows to 0.0 and, before the boundary, was "certified" violated at the exact ball [0, 0]
    from scipy.special import ndtr

    a = sp.Symbol("a")
    c = Claim(id="mine.gaussian-tail", title="t", source=Source("test", "here", "Chernoff tail"),
              variables=(real("a", 0, 40),), statement=sp.Le(sp.Symbol("Q"), sp.exp(-a**2 / 2) / 2),
              quantities={"Q": lambda case, m: 1 - ndtr(float(case["a"])), "a": lambda case, m: m.num(case["a"])},
              strategy=cases(a=st.floats(0, 40)))
    r = check_claim(c, cases=300, seed=0)
    assert r.verdict == "inconclusive" and r.counterexample is None
    assert "returned a float on the certified path" in r.evidence["reason"]
    assert r.evidence["error"]["kind"] == "float-on-certified-path" and r.evidence["error"]["where"] == "quantity Q"


def test_float_inputs_are_refused_by_the_one_converter():
    from mechanisms.numerics.exact import FloatOnCertifiedPath, check_certified, to_arb

    with pytest.raises(FloatOnCertifiedPath, match="0.5"):
        to_arb(0.5)
    with pytest.raises(FloatOnCertifiedPath, match="float64"):
        check_certified(np.array([0.25, 0.75]), "quantity P")
    from mechanisms.numerics.exact import INF

    assert check_certified([1, __import__("fractions").Fraction(1, 3), INF], "q")[2] is INF
    with pytest.raises(FloatOnCertifiedPath, match="float infinity"):  # an overflow is not an exact infinity
        check_certified([1, float("inf")], "q")


# ----------------------------------------------------------------------------- domain vs error
def _erroring_claim(exc, cid="mine.erroring"):
    def q(case, m):
        if case["x"] > 1:
            raise exc
        return m.num(case["x"])

    return _claim(sp.Le(sp.Symbol("y"), 10), {"y": q}, cid=cid)


@pytest.mark.parametrize("exc", [ValueError("bad value"), ZeroDivisionError("division by zero"),
                                 KeyError("K"), RuntimeError("boom"),
                                 __import__("mechanisms.errors", fromlist=["x"]).InvalidInput("kappa < 0")])
def test_an_exception_in_a_quantity_is_an_error_of_the_claim_not_an_exclusion(exc):
    r = check_claim(_erroring_claim(exc), cases=300, seed=0)
    assert r.verdict == "inconclusive"
    err = r.evidence["error"]
    assert err["type"] == type(exc).__name__ and str(exc).strip("'") in err["message"]
    assert float(__import__("fractions").Fraction(err["case"]["x"])) > 1  # the case that raised it
    assert r.evidence["search"]["excluded_outside_domain"] == 0 and r.evidence["search"]["errors"] == 1
    assert "error of the claim" in r.evidence["reason"]


def test_outside_domain_is_counted_as_excluded_and_the_claim_still_decides():
    from proofcheck.errors import OutsideDomain

    def q(case, m):
        if case["x"] > 1:
            raise OutsideDomain("the statement is about x ≤ 1")
        return m.num(case["x"])

    r = check_claim(_claim(sp.Le(sp.Symbol("y"), 2), {"y": q}), cases=300, seed=0)
    assert r.verdict == "holds"
    s = r.evidence["search"]
    assert s["errors"] == 0 and 0 < s["excluded_outside_domain"] < s["cases"]


def test_every_case_outside_the_domain_says_so():
    from proofcheck.errors import OutsideDomain

    def q(case, m):
        raise OutsideDomain("never defined")

    r = check_claim(_claim(sp.Le(sp.Symbol("y"), 2), {"y": q}), cases=300, seed=0)
    assert r.verdict == "inconclusive" and "no case of the search was in the statement's domain" in r.evidence["reason"]
    assert "warning" in r.evidence["search"]


def test_an_error_on_every_case_is_reported_as_an_error():
    def q(case, m):
        raise KeyError("prior")

    r = check_claim(_claim(sp.Le(sp.Symbol("y"), 2), {"y": q}), cases=300, seed=0)
    assert r.verdict == "inconclusive" and r.evidence["error"]["type"] == "KeyError"
    assert "domain" not in r.evidence["reason"]


def test_nan_on_the_float_path_is_an_error():
    r = check_claim(_claim(sp.Le(sp.Symbol("y"), 2), {"y": lambda case, m: float("nan")}), cases=300, seed=0)
    assert r.verdict == "inconclusive" and "NaN" in r.evidence["error"]["message"]


# ----------------------------------------------------------------------------- stages
def _ratio_claim():
    # x² ≤ 2x on [0, 1]: the margin 2x − x² is smallest at x = 0; the ratio x/2 is largest at x = 1
    return Claim(id="mine.ratio", title="t", source=Source("t", "t", "t"), variables=(real("x", 0, 1),),
                 statement=sp.Le(x**2, 2 * x), quantities={"x": lambda case, m: m.num(case["x"])},
                 strategy=cases(x=st.floats(0, 1)))


def test_the_ratio_search_raises_the_tightness_that_the_margin_search_leaves_low():
    import time

    from proofcheck.stages.optimise import optimise

    c = _ratio_claim()
    by_margin = optimise(c, {"x": 0.3}, time.monotonic() + 5, objective="margin")
    by_ratio = optimise(c, {"x": 0.3}, time.monotonic() + 5, objective="ratio")
    assert by_margin.case["x"] == pytest.approx(0, abs=1e-4)
    assert by_ratio.case["x"] == pytest.approx(1, abs=1e-4) and by_ratio.value == pytest.approx(0.5, rel=1e-4)
    # end to end: the search only ever draws x = 0.01 (ratio 0.005) and the margin search goes to 0;
    # the reported tightness 1/2 can only come from the ratio search
    c0 = Claim(id="mine.ratio", title="t", source=Source("t", "t", "t"), variables=(real("x", 0, 1),),
               statement=c.statement, quantities=c.quantities, strategy=cases(x=st.just(0.01)))
    r = check_claim(c0, cases=300, seed=0)
    assert r.verdict == "holds" and r.tightness == pytest.approx(0.5, rel=1e-4)
    assert r.evidence["optimiser"]["ratio_evaluations"] > 0


def test_search_stage_counts_cases_exclusions_and_tracks_the_worst_case():
    import time

    from proofcheck.errors import OutsideDomain
    from proofcheck.stages.search import search

    def q(case, m):
        if case["x"] < 1:
            raise OutsideDomain("x < 1")
        return m.num(case["x"])

    c = _claim(sp.Le(sp.Symbol("y"), 4), {"y": q})
    s = search(c, time.monotonic() + 1, seed=3)
    assert s.error is None and s.found is None and s.cases > 50
    assert 0 < s.excluded < s.cases
    assert 1 <= s.worst[4]["x"] <= 3 and s.worst[1] == pytest.approx(4 - s.worst[4]["x"])


def test_rounding_stage_keeps_tiny_log_scale_values_exact():
    from fractions import Fraction

    from proofcheck import log_real

    c = Claim(id="mine.log", title="t", source=Source("t", "t", "t"), variables=(log_real("delta", 1e-12, 1e-1),),
              statement=sp.Le(sp.Symbol("delta"), 1), quantities={"delta": lambda case, m: m.num(case["delta"])},
              strategy=cases(delta=st.just(1.234567e-10)))
    assert exactify(c, {"delta": 1.234567e-10}, 10) == {"delta": Fraction(12, 10**11)}
    assert exactify(c, {"delta": 1.234567e-10}, 10**6) == {"delta": Fraction(1234567, 10**16)}


def test_tiny_delta_is_searched_and_certified():
    # δ ≥ 1e-9 fails for the small δ of a log-scale search; the certificate keeps δ ~ 1e-12, not 0
    from fractions import Fraction

    from proofcheck import log_real

    d = sp.Symbol("delta")
    c = Claim(id="mine.tiny-delta", title="t", source=Source("t", "t", "t"), variables=(log_real("delta", 1e-12, 1e-1),),
              statement=sp.Ge(d, sp.Rational(1, 10**9)), quantities={"delta": lambda case, m: m.num(case["delta"])},
              strategy=cases(delta=st.floats(1e-12, 1e-1)))
    r = check_claim(c, cases=300, seed=0)
    assert r.verdict == "violated"
    v = Fraction(r.counterexample["objects"]["delta"])
    assert 0 < v < Fraction(1, 10**9)


def test_vacuous_holds_is_labelled():
    # the hypothesis admits only x = 0, where both sides are 0
    y = sp.Symbol("y")
    from proofcheck import Hypothesis

    c = Claim(id="mine.vacuous", title="t", source=Source("t", "t", "t"), variables=(real("x", 0, 3),),
              statement=sp.Le(y, x), quantities={"x": lambda case, m: m.num(case["x"]), "y": lambda case, m: m.num(0)},
              hypotheses=(Hypothesis("x is zero", sp.Le(x, 0)),),
              strategy=cases(x=st.one_of(st.just(0.0), st.floats(0, 3))))
    r = check_claim(c, cases=300, seed=0)
    assert r.verdict == "holds" and r.vacuous is not None and "constant" in r.vacuous
    assert check_claim(_ratio_claim(), cases=300, seed=0).vacuous is None
    # a quantity that IS a constant, checked over an unrestricted domain (κ by two routes, "the output at
    # confidence 1 is 1"), is a statement, not a vacuous one
    const = Claim(id="mine.constant", title="t", source=Source("t", "t", "t"), variables=(real("x", 0, 3),),
                  statement=sp.Eq(y, 1), quantities={"y": lambda case, m: m.num(case["x"]) * 0 + 1},
                  strategy=cases(x=st.floats(0, 3)))
    rc = check_claim(const, cases=300, seed=0)
    assert rc.verdict == "holds" and rc.vacuous is None


# ----------------------------------------------------------------------------- Monte Carlo routes
class _Interval:
    """A Clopper–Pearson interval for P(U < p) from n seeded uniform draws (independent of the engine)."""

    def __init__(self, p, n, seed, confidence):
        from scipy.stats import beta

        k = int((np.random.default_rng(seed).random(n) < p).sum())
        a = 1 - confidence
        self.lo = 0.0 if k == 0 else float(beta.ppf(a / 2, k, n - k + 1))
        self.hi = 1.0 if k == n else float(beta.ppf(1 - a / 2, k + 1, n - k))
        self.estimate, self.confidence, self.n, self.seed = k / n, confidence, n, seed
        self.device, self.seconds, self.method, self.rigorous = "cpu", 0.0, "Clopper-Pearson", True

    def to_json(self):
        return {"estimate": self.estimate, "lo": self.lo, "hi": self.hi, "confidence": self.confidence, "n": self.n,
                "seed": self.seed, "device": self.device, "seconds": self.seconds, "method": self.method,
                "rigorous": self.rigorous}


def test_monte_carlo_evidence_on_an_identity_and_a_wrong_route():
    from proofcheck.claim import MonteCarloRoute

    P = sp.Symbol("P")
    route = MonteCarloRoute("P", lambda case, n, seed, device, conf: _Interval(float(case["x"]) / 3, n, seed, conf))
    ok = Claim(id="mine.mc", title="t", source=Source("t", "t", "t"), variables=(real("x", 0, 3),),
               statement=sp.Eq(P, x / 3), quantities={"P": lambda c, m: m.num(c["x"]) / 3, "x": lambda c, m: m.num(c["x"])},
               strategy=cases(x=st.floats(0, 3)), monte_carlo=(route,))
    r = check_claim(ok, cases=300, seed=0, mc_samples=20000)
    assert r.verdict == "holds"
    recs = r.evidence["monte_carlo"]
    assert recs and all(rec["inside"] and rec["rigorous"] and rec["n"] == 20000 for rec in recs)
    assert all(rec["interval"][0] <= rec["closed_form"] <= rec["interval"][1] for rec in recs)
    # a closed form that disagrees with its Monte Carlo route (off by 0.2) is never 'holds'
    wrong = Claim(id="mine.mc-wrong", title="t", source=Source("t", "t", "t"), variables=(real("x", 0, 3),),
                  statement=sp.Le(P, 2), quantities={"P": lambda c, m: m.num(c["x"]) / 3 + m.num(__import__("fractions").Fraction(1, 5))},
                  strategy=cases(x=st.floats(0, 3)), monte_carlo=(route,))
    w = check_claim(wrong, cases=300, seed=0, mc_samples=20000)
    assert w.verdict == "inconclusive" and "excludes the closed form" in w.evidence["reason"]


def test_a_probability_known_only_by_monte_carlo_is_violated_statistically():
    from proofcheck.claim import MonteCarloRoute

    P = sp.Symbol("P")

    def prob(case, m):  # the float route is an estimate; there is no exact route
        if m.name != "float":
            raise AssertionError("the engine must use the Monte Carlo interval on the certified path")
        return 0.5

    c = Claim(id="mine.coin", title="t", source=Source("t", "t", "t"), variables=(real("x", 0, 1),),
              statement=sp.Le(P, sp.Rational(2, 5)), quantities={"P": prob},
              strategy=cases(x=st.floats(0, 1)), statistical=True,
              monte_carlo=(MonteCarloRoute("P", lambda case, n, seed, device, conf: _Interval(0.5, n, seed, conf)),))
    r = check_claim(c, cases=300, seed=0, mc_samples=100000)
    assert r.verdict == "violated"
    stat = r.counterexample["statistical"][0]
    assert stat["confidence"] >= 1 - 1e-9 and stat["n"] == 100000 and stat["interval"][0] > 0.4
    assert "seconds" not in stat  # the witness is the same on every machine: no wall-clock time in it
    assert r.counterexample["certificate"]["method"].startswith("statistical")


def test_an_infinity_times_a_ball_straddling_zero_is_undecided_not_outside():
    # a ball around 0 times +∞ has no sign yet: a higher precision may decide it, the case is not excluded
    from flint import arb

    from proofcheck.stages.evaluation import Outside, evaluate
    from proofcheck.measures import CERTIFIED
    from proofcheck.numerics import Undecided

    y = sp.Symbol("y")
    with pytest.raises(Undecided):
        evaluate(x * y, {"x": CERTIFIED.inf, "y": arb(0, 1e-30)}, CERTIFIED)
    with pytest.raises(Outside, match="indeterminate"):  # an exact 0 · ∞ is the statement's own 0 · ∞
        evaluate(x * y, {"x": CERTIFIED.inf, "y": 0}, CERTIFIED)
    assert evaluate(x * y, {"x": CERTIFIED.inf, "y": arb(-1)}, CERTIFIED) == -float("inf")


def test_a_route_name_registered_twice_is_refused():
    from proofcheck.measures import ROUTES, register

    before = dict(ROUTES)
    with pytest.raises(ValueError, match="registered twice.*posterior_tv_quadrature"):
        register({"posterior_tv_quadrature": (abs, abs)})
    with pytest.raises(ValueError, match="shadow a formula.*gaussian_delta"):  # one formula, never a second copy
        register({"gaussian_delta": (abs, abs)})
    assert ROUTES == before


def test_reported_enclosures_contain_the_ball():
    # arb prints an endpoint rounded to nearest; a reported enclosure must round outward (lo down, hi up)
    from fractions import Fraction

    from flint import arb

    from proofcheck.numerics import fmt, lower, upper

    third = arb(1) / 3
    lo, hi = (Fraction(v) for v in fmt(third).strip("[]").split(", "))
    assert lo < Fraction(1, 3) < hi
    assert arb(lower(third)) <= third.lower() and arb(upper(third)) >= third.upper()
    # the case that exposed it: log-gamma KL whose lower end printed as ...3336 while the value is ...33355
    kl = arb("2003.082469146333551531432", "1.64e-22")
    assert Fraction(fmt(kl).strip("[]").split(", ")[0]) <= Fraction("2003.0824691463335515")
    # far exponents stay cheap and outward (a third of 2^-3000, exact endpoints compared as fractions)
    tiny = arb(2) ** -3000 / 3
    lo, hi = (Fraction(v) for v in fmt(tiny).strip("[]").split(", "))
    assert lo <= Fraction(1, 3 * 2**3000) <= hi and hi / lo < 1 + Fraction(1, 10**15)


# ----------------------------------------------------------------------------- issue 14: witnesses and tightness
def _tiny_weight_claim(**kw):
    from proofcheck.errors import OutsideDomain
    from proofcheck import simplex

    def first_weight(case, m):
        p0 = m.vector(case["p"])[0]
        if p0 == 0:
            raise OutsideDomain("p₀ = 0: ln p₀ is not defined")
        return m.num(p0)

    return Claim(id="mine.tiny", title="t", source=Source("t", "t", "q"), variables=(simplex("p"),),
                 statement=sp.Le(-sp.log(sp.Symbol("p0", real=True)), 40), quantities={"p0": first_weight}, **kw)


def test_a_violation_that_needs_a_tiny_probability_is_certified_at_significant_digits():
    from fractions import Fraction

    # −ln p₀ ≤ 40 fails exactly for p₀ < e^{−40} ≈ 4.2e-18: every common denominator up to 10⁶ rounds p₀ = 1e-22
    # to 0, outside the domain of ln p₀; the rounding to significant digits keeps it
    c = _tiny_weight_claim(strategy=cases(p=st.just(np.array([1e-22, 1 - 1e-22]))))
    r = check_claim(c, cases=20, seed=0)
    assert r.verdict == "violated", r.evidence.get("reason")
    p = [Fraction(v) for v in r.counterexample["objects"]["p"]]
    assert sum(p) == 1 and 0 < p[0] < Fraction(1, 10**17) and r.counterexample["denominator"].endswith("digits")


def test_certified_tightness_keeps_a_tiny_weight_and_picks_the_best_rounding():
    from fractions import Fraction

    from proofcheck.stages.certify import certify_ratio, significant_case

    c = _tiny_weight_claim(strategy=cases(p=st.just(np.array([1e-17, 1 - 1e-17]))))
    case = {"p": np.array([1.234567891e-17, 1 - 1.234567891e-17])}
    assert significant_case(c, case, 3)["p"] == [Fraction(123, 10**19), 1 - Fraction(123, 10**19)]
    got = certify_ratio(c, case)  # −ln(1.2346e-17)/40 = 0.9558…: a common denominator would give p₀ = 0
    assert got is not None and got["lower_bound"] == pytest.approx(-np.log(1.234567891e-17) / 40, rel=1e-8)
    assert "significant digits" in got["rounding"]


def test_a_witness_on_a_hypothesis_boundary_gives_way_to_an_interior_one():
    from proofcheck import Hypothesis
    from proofcheck.stages.certify import witness_rank
    from proofcheck.runs.engine import interior_moves

    a = sp.Symbol("a", real=True)
    c = Claim(id="mine.boundary", title="t", source=Source("t", "t", "q"), variables=(real("a", 1, 40),),
              statement=sp.Le(a, 0), quantities={"a": lambda case, m: m.num(case["a"])},
              hypotheses=(Hypothesis("a ≥ 1", sp.Ge(a, 1)),), strategy=cases(a=st.just(1.0)))
    assert [m["a"] for m in interior_moves(c, {"a": 1.0})] == pytest.approx([1.975, 5.875, 20.5])
    assert interior_moves(c, {"a": 3.0}) == []  # not at an end of its range: nothing to move
    r = check_claim(c, cases=10, seed=0)
    cx = r.counterexample
    assert r.verdict == "violated" and cx["objects"]["a"] != "1" and "hypothesis_boundary" not in cx
    on_boundary = [w for w in cx["other_witnesses"] if w["objects"]["a"] == "1"]
    assert on_boundary and on_boundary[0]["hypothesis_boundary"] == ["a ≥ 1"]
    # the ranking: off the boundary first, even against a larger relative violation
    assert witness_rank({"objects": {}, "relative_violation": 0.1}) < \
        witness_rank({"objects": {}, "relative_violation": 0.9, "hypothesis_boundary": ["a ≥ 1"]})


def test_a_claim_says_in_which_limit_its_bound_is_attained():
    from proofcheck.runs.engine import tightness_limit

    c = _ratio_claim()
    assert tightness_limit(c) is None
    c1 = Claim(id="mine.limit", title="t", source=Source("t", "t", "t"), variables=c.variables,
               statement=c.statement, quantities=c.quantities, strategy=c.strategy,
               limit="x → 1")
    r = check_claim(c1, cases=30, seed=0)
    assert r.verdict == "holds" and r.evidence["tightness"]["limit"] == "x → 1"


def test_the_ratio_optimiser_goes_as_deep_as_its_start():
    from proofcheck.stages.optimise import FLOOR, simplex_depth, unflatten, flatten

    c = _tiny_weight_claim(strategy=cases(p=st.just(np.array([0.5, 0.5]))))
    start = {"p": np.array([1e-30, 1 - 1e-30])}
    assert simplex_depth(c, start) == pytest.approx(30 * np.log(10), rel=1e-9)
    x = flatten(c, start)
    assert unflatten(c, x, start)["p"][0] == pytest.approx(np.exp(-FLOOR), rel=1e-6)  # the margin optimiser's floor
    deep = unflatten(c, x, start, FLOOR + simplex_depth(c, start))["p"][0]
    assert deep == pytest.approx(1e-30, rel=1e-6)


def test_an_open_end_is_rounded_inward_and_the_violation_certified():
    """1/(α − 1) ≤ 5 on (1, 20]: the optimiser pushes α towards the excluded end 1, where every rounding to a small
    denominator lands on 1 itself; the rounding moves inward (the float as its exact value) and certifies there."""
    from fractions import Fraction

    from proofcheck import strategies as pst

    alpha, y = sp.symbols("alpha y", real=True)
    c = Claim(id="mine.open-end", title="1/(alpha - 1) <= 5", source=Source("tests", "inline", "1/(α − 1) ≤ 5"),
              variables=(real("alpha", 1, 20, exclude_min=True),), statement=sp.Le(y, 5),
              quantities={"y": lambda case, m: 1 / (m.value(case["alpha"]) - 1)},
              strategy=st.fixed_dictionaries({"alpha": pst.reals(1, 20, exclude_min=True)}))
    r = check_claim(c, cases=30, seed=0)
    assert r.verdict == "violated"
    a = Fraction(r.counterexample["objects"]["alpha"])
    assert 1 < a < Fraction(6, 5) and 1 / (a - 1) > 5  # inside the open end, and violated there exactly


def test_a_holds_from_a_thin_search_says_so():
    """A search whose hypotheses admit only a few cases ends `holds` with its evidence marked thin, and the report's
    text says it (not a plain 'holds')."""
    from proofcheck import Hypothesis
    from proofcheck import strategies as pst
    from proofcheck.texts import holds_text

    x, y = sp.symbols("x y", real=True)
    c = Claim(id="mine.thin", title="x <= 2 where x >= 0.9", source=Source("tests", "inline", "x ≤ 2"),
              variables=(real("x", 0, 1),), statement=sp.Le(y, 2), hypotheses=(Hypothesis("x ≥ 0.9", sp.Ge(y, sp.Rational(9, 10))),),
              quantities={"y": lambda case, m: m.value(case["x"])},
              strategy=st.fixed_dictionaries({"x": pst.reals(0, 1)}))
    r = check_claim(c, cases=12, seed=0)
    assert r.verdict == "holds"
    admitted = int(r.evidence["summary"].split(" cases in the domain")[0].split()[-1])
    assert admitted < 10 and r.thin == {"cases": admitted, "asked": 12, "drawn": 12,
                                        "why": f"{admitted} of the 12 cases drawn {'was' if admitted == 1 else 'were'} in the domain"}
    assert holds_text({"verdict": "holds", "evidence": r.evidence, "thin": r.thin}).startswith(
        f"holds — thin: {admitted} case{'' if admitted == 1 else 's'} of 12 asked")


def test_the_search_draws_the_same_cases_whatever_modules_are_loaded(tmp_path, monkeypatch):
    # Hypothesis mixes literal constants of the user's imported modules into its draws; the search must not see them,
    # or a run's worker (the CLI's modules loaded) and a notebook would check different cases at one seed (this
    # claim's search changed with the module below before it drew from the strategy alone)
    import importlib
    import sys

    from proofcheck.registry import builtin_claims, find
    from proofcheck.stages.search import search

    claim = find(builtin_claims(), "s001.thm.2.i")

    def draws():
        s = search(claim, float("inf"), 0, 200)
        return s.cases, s.degenerate, s.tight.ratio, s.worst.margin

    before = draws()
    (tmp_path / "consts_for_the_search.py").write_text(
        "VALUES = (" + ", ".join(f"{k / 997:.17g}" for k in range(1, 400)) + ")\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("consts_for_the_search")
    try:
        assert draws() == before
    finally:
        sys.modules.pop("consts_for_the_search", None)


def test_each_case_float_margin_is_computed_once_per_check_and_the_result_is_unchanged(monkeypatch):
    # the stages ask for the same case again and again (Nelder–Mead clipped to a corner of the box); the quantity
    # runs once per distinct case of the float path, and the result is what the check gives without the memo
    calls = []

    def lhs(case, m):
        if m.name == "float":
            calls.append(float(case["x"]).hex())
        return m.num(case["x"]) ** 2

    c = _claim(sp.Le(sp.Symbol("y"), 9), {"y": lhs})
    r = check_claim(c, cases=60, seed=3)
    assert r.verdict == "holds"
    assert len(calls) == len(set(calls)) > 20
    import proofcheck.stages.margins as margins

    monkeypatch.setattr(margins, "MEMO_SIZE", 0)  # nothing remembered: every request computed again
    calls.clear()
    again = check_claim(c, cases=60, seed=3)
    assert len(calls) > len(set(calls))
    assert (again.verdict, again.worst_case, again.evidence["search"]["cases"]) == \
        (r.verdict, r.worst_case, r.evidence["search"]["cases"])


def test_the_case_key_tells_apart_what_the_float_path_could():
    from fractions import Fraction

    from proofcheck.stages.margins import case_key

    keys = [case_key({"x": v}) for v in (0.0, -0.0, np.float64(0.0), 0, np.int64(0), False, Fraction(0), [0.0],
                                         (0.0,), np.zeros(1))]
    assert len(set(keys)) == len(keys)
    assert case_key({"x": 0.1, "k": 2}) == case_key({"k": 2, "x": 0.1})
    assert case_key({"x": object()}) is None  # a value of another kind is not remembered
