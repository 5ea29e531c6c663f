"""The certificate boundary, attacked as a user would attack it by mistake: a true statement is never
certified `violated` by a value computed in machine arithmetic, a value that is not a number, or a claims
file that changes when imported again; a draw outside its variable's declared domain is an error of the
strategy, shown with the draw. Counted budgets: the verdicts do not depend on the machine's load."""
from __future__ import annotations

import textwrap
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import strategies as st

from mechanisms.numerics.exact import INF, NEG_INF, ExactInfinity, FloatOnCertifiedPath, check_certified
from proofcheck import Claim, Source, channel, real
from proofcheck import strategies as pst
from proofcheck.runs.engine import check_claim

CASES = 40  # a counted budget: the same draws on every machine
y = sp.Symbol("y")


def _claim(statement, quantity, cid="mine.boundary", variables=None, strategy=None):
    return Claim(id=cid, title="t", source=Source("mine", "here", "a true statement"),
                 variables=variables or (real("x", 0, 1),), statement=statement, quantities={"y": quantity},
                 strategy=strategy if strategy is not None else pst.cases(x=pst.reals(0, 1)))


def _not_certified(r, needle):
    assert r.verdict == "inconclusive", (r.verdict, r.counterexample)
    err = r.evidence["error"]
    assert err["path"] == "certified" and err["where"] == "quantity y" and needle in err["message"], err
    return err


# ----------------------------------------------------------------------------- the four unsound constructions
def test_a_float_overflow_is_not_an_exact_infinity():
    # e^{1000x} · e^{-1000x} = 1 <= 2 for every x; in floats e^{1000·5/7} overflows to inf
    def q(c, m):
        x = float(c["x"])
        return np.exp(1000 * x) * np.exp(-1000 * x) if x > 0.7 else m.num(1)

    r = check_claim(_claim(sp.Le(y, 2), q, strategy=pst.cases(x=st.just(5 / 7))), cases=CASES)
    _not_certified(r, "float infinity")
    # math.inf produced by float code is refused the same way
    r = check_claim(_claim(sp.Le(y, 2), lambda c, m: float("inf") if m.name != "float" else 3.0), cases=CASES)
    _not_certified(r, "float infinity")


def test_a_numpy_integer_is_a_machine_number():
    # 2^64 >= 1, but np.int64(2**62) * 4 wraps around to 0
    r = check_claim(_claim(sp.Ge(y, 1), lambda c, m: np.int64(2**62) * 4), cases=CASES)
    _not_certified(r, "numpy int64")
    r = check_claim(_claim(sp.Ge(y, 1), lambda c, m: np.bool_(False) if m.name != "float" else 0.0), cases=CASES)
    _not_certified(r, "numpy bool")


@pytest.mark.parametrize("value, needle", [
    (repr((1e16 + 1) - 1e16), "a string"),  # '0.0': never read as the exact decimal 0
    (None, "None"), (True, "a bool"),
    (__import__("flint").acb(0, 1), "complex ball"),
])
def test_a_value_that_is_not_a_number_is_refused_naming_quantity_path_and_value(value, needle):
    # 1 >= 1 holds; the float path says 0.5 (an alarm), the certified path hands back a non-number
    r = check_claim(_claim(sp.Ge(sp.Integer(1), y), lambda c, m: 0.5 if m.name == "float" else value,
                           cid="mine.non-number"), cases=CASES)
    r2 = check_claim(_claim(sp.Le(sp.Integer(1), y + 1), lambda c, m: 0.5 if m.name == "float" else value,
                            cid="mine.non-number2"), cases=CASES)
    for res in (r, r2):
        err = _not_certified(res, needle)
        assert err["case"] is not None  # the case that raised is shown


def test_a_float_cannot_be_laundered_through_a_route():
    # m.exp of a float inf would hand back an exact infinity if the context took floats: it refuses them
    r = check_claim(_claim(sp.Le(y, 2), lambda c, m: m.exp(float("inf")) if m.name != "float" else 3.0),
                    cases=CASES)
    assert r.verdict == "inconclusive" and "value = inf is a float" in r.evidence["error"]["message"]
    # and so does a route that is not written over the context
    r = check_claim(_claim(sp.Le(y, 2), lambda c, m: m.js_by_entropies([float("inf"), 0], [0, 1])
                           if m.name != "float" else 3.0), cases=CASES)
    assert r.verdict == "inconclusive" and "float" in r.evidence["error"]["message"]
    with pytest.raises(FloatOnCertifiedPath, match="string"):
        __import__("proofcheck").CERTIFIED.num("0.0")


def test_exact_infinities_come_from_the_context_and_stay_exact():
    from flint import arb

    from proofcheck import CERTIFIED as M

    assert M.inf is INF and isinstance(-M.inf, ExactInfinity) and -M.inf is NEG_INF
    assert INF + 1 is INF and INF * Fraction(-2) is NEG_INF and INF - arb(5) is INF and 1 / INF == 0
    assert type(INF + 1.5) is float  # with a machine float it is a float again: refused at the boundary
    with pytest.raises(FloatOnCertifiedPath):
        check_certified(INF + 1.5, "q")
    for bad in (lambda: INF - INF, lambda: 0 * INF):
        with pytest.raises(ArithmeticError):
            bad()
    # a library route's infinity is the context's exact one (a zero beside a non-zero in a column)
    assert M.ldp_level([[1, 0], [Fraction(1, 2), Fraction(1, 2)]]) is INF
    # a true statement with an exact infinity on its side holds; with the float path's inf it never certifies
    r = check_claim(_claim(sp.Ge(y, 10**6), lambda c, m: m.inf), cases=CASES)
    assert r.verdict == "holds"


def test_a_claims_file_that_changes_when_imported_again_is_refused(tmp_path):
    from proofcheck import registry
    from proofcheck.runs import executors
    from proofcheck.fingerprint import claim_fingerprint

    path = tmp_path / "drawn_at_import.py"
    path.write_text(textwrap.dedent('''
        import random
        import sympy as sp
        from proofcheck import Claim, Source, real, strategies as pst
        K = round(random.random(), 6)  # a constant drawn at import: another one in every process
        tv = sp.Symbol("TV")
        CLAIMS = [Claim(id="mine.drawn", title="TV <= K", source=Source("mine", "here", "TV <= K"),
                        variables=(real("x", 0, 1),), statement=sp.Le(tv, K),
                        quantities={"TV": lambda c, m: m.num(c["x"])}, strategy=pst.cases(x=pst.reals(0, 1)))]
    '''))
    mine = registry.load_claims_file(str(path))[0]
    again = registry.load_claims_file(str(path))[0]
    assert claim_fingerprint(mine) != claim_fingerprint(again)
    assert claim_fingerprint(mine) == claim_fingerprint(mine)
    # a worker that loads the file again (a Dask worker) refuses the claim instead of checking another statement
    r = executors.check_by_id(str(path), "mine.drawn", 1.0, 0, fingerprint=claim_fingerprint(mine), cases=5)
    assert r.verdict == "inconclusive" and r.evidence["error"]["kind"] == "claims-file-not-deterministic"
    assert "not the same when the file is imported again" in r.evidence["reason"]


def test_the_fingerprint_sees_the_code_and_the_values_a_quantity_reads():
    from proofcheck.fingerprint import claim_fingerprint

    def make(k):
        return _claim(sp.Le(y, 2), lambda c, m: m.num(c["x"]) * k)

    assert claim_fingerprint(make(1)) == claim_fingerprint(make(1))
    assert claim_fingerprint(make(1)) != claim_fingerprint(make(2))
    assert claim_fingerprint(_claim(sp.Le(y, 2), lambda c, m: m.num(c["x"]))) != \
        claim_fingerprint(_claim(sp.Le(y, 3), lambda c, m: m.num(c["x"])))


# ----------------------------------------------------------------------------- draws outside the domain
@pytest.mark.parametrize("variables, strategy, needle", [
    ((channel("K"),), pst.cases(K=st.just(np.array([[1.5, 0.5], [0.5, 0.5]]))), "K row 0 sums to 2.0"),
    ((channel("K"),), pst.cases(K=st.just(np.array([[1.2, -0.2], [0.5, 0.5]]))), "negative entry"),
    ((real("x", 0, 1),), pst.cases(x=st.just(5.0)), "outside its declared range [0, 1]"),
])
def test_a_draw_outside_the_declared_domain_is_an_error_of_the_strategy(variables, strategy, needle):
    q = (lambda c, m: m.tv(m.matrix(c["K"])[0], m.matrix(c["K"])[1])) if variables[0].kind == "channel" \
        else (lambda c, m: m.num(c["x"]))
    r = check_claim(_claim(sp.Le(y, 1), q, variables=variables, strategy=strategy), cases=CASES)
    assert r.verdict == "inconclusive" and r.evidence["search"]["cases"] == 1
    err = r.evidence["error"]
    assert err["where"] == "the strategy" and needle in err["message"] and err["case"] is not None, err


def test_every_built_in_strategy_draws_inside_its_declared_domain():
    # a fixed sample of every built-in claim's strategy: no draw outside its variables' declarations
    import random

    from hypothesis import HealthCheck, Phase, find, settings
    from hypothesis.errors import NoSuchExample

    from proofcheck import registry

    outside = {}
    for c in registry.builtin_claims():
        def drawn_outside(case, c=c):
            why = next((w for w in (v.outside(case[v.name]) for v in c.variables) if w), None)
            if why:
                outside[c.id] = why
            return why is not None

        try:
            find(c.strategy, drawn_outside, random=random.Random(0),
                 settings=settings(max_examples=25, database=None, deadline=None, phases=[Phase.generate],
                                   suppress_health_check=list(HealthCheck)))
        except NoSuchExample:
            pass
    assert outside == {}
