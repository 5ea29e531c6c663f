"""Routes that take exact numbers only refuse a ball at the call, naming the argument and the reader that keeps the
case's numbers exact (m.value); and one return type per calibration name."""
from fractions import Fraction as F

import pytest
import sympy as sp

from mechanisms.errors import InvalidInput
from proofcheck.measures import CERTIFIED as m
from proofcheck.measures import EXACT_ARGS, FLOAT

CASE = {"b": F(239, 200), "sigma": F(11, 10), "q": F(1, 100), "eps": F(1)}


def test_a_ball_into_the_pld_accountant_is_refused_at_the_call_with_the_reader_to_use():
    with pytest.raises(InvalidInput) as e:
        m.pld_delta("laplace", (m.num(CASE["b"]), 1), 3, m.value(CASE["eps"]))
    assert str(e.value).startswith("m.pld_delta: params[0] (b) = [1.195000000 ± ")
    assert "is a ball, and m.pld_delta takes exact numbers only: pass m.value(case['b']) (exact) rather than " \
           "m.num(...) or a computed ball" in str(e.value)
    with pytest.raises(InvalidInput, match=r"^m\.subsampled_gaussian_pld_delta: q = .* pass m\.value\(case\['q'\]\)"):
        m.subsampled_gaussian_pld_delta(m.value(CASE["sigma"]), m.num(CASE["q"]), 10, m.value(CASE["eps"]))
    with pytest.raises(InvalidInput, match=r"^m\.pld_delta: eps = \[0\.906.* pass m\.value\(case\['eps'\]\)"):
        m.pld_delta("laplace", (m.value(CASE["b"]), 1), 3, m.exp(m.value(CASE["eps"])) / 3)  # a computed ball
    # exact numbers pass, and the route computes
    d = m.laplace_pld_delta(m.value(CASE["b"]), 3, m.value(CASE["eps"]))
    assert 0 < d.lower() and d.upper() < 1


def test_the_calibrations_refuse_a_ball_at_the_call():
    for name, args in (("gaussian_sigma", (m.num(F(1)), F(1, 10**5))), ("laplace_scale", (F(1), m.num(F(1, 10**5)))),
                       ("dpsgd_sigma", (F(2), F(1, 10**5), m.num(F(1, 100)), 10))):
        with pytest.raises(InvalidInput, match=rf"^m\.{name}: \w+ = .* is a ball, and m\.{name} takes exact numbers "
                                                rf"only: pass m\.value\(case\['\w+'\]\) \(exact\)"):
            getattr(m, name)(*args)
    assert set(EXACT_ARGS) == {"pld_delta", "gaussian_pld_delta", "laplace_pld_delta", "subsampled_gaussian_pld_delta",
                               "subsampled_laplace_pld_delta", "discrete_laplace_pld_delta", "pld_compose_delta",
                               "pld_compose_epsilon", "gaussian_sigma", "laplace_scale", "dpsgd_sigma"}
    with pytest.raises(InvalidInput, match=r"^m\.subsampled_laplace_pld_delta: b = .* is a ball"):
        m.subsampled_laplace_pld_delta(m.num(F(1)), F(1, 100), 2, F(1), F(1, 100))


def test_a_claim_that_reads_the_case_with_num_says_to_use_value():
    from proofcheck import Claim, Source, check, real, strategies as pst

    b, d = sp.symbols("b d")
    claim = Claim(id="mine.laplace-pld", title="δ(1) of 2-fold Laplace ≤ 1", source=Source("mine", "here", "δ ≤ 1"),
                  variables=(real("b", 1, 2),), statement=sp.Le(d, 1),
                  quantities={"d": lambda c, m: m.laplace_pld_delta(m.num(c["b"]), 2, m.value(F(1)), 1, F(1, 100))},
                  strategy=pst.cases(b=pst.reals(1, 2)))
    r = check(claim, cases=3)
    assert r.verdict == "inconclusive"
    error = r.evidence["error"]
    assert error["path"] == "float"  # said at the search's first case, not after the search
    assert error["message"] == ("m.laplace_pld_delta: b = 1.0 is read with m.num (a ball on the certified path), and "
                                "m.laplace_pld_delta takes exact numbers only: pass m.value(case['b']) (exact) rather "
                                "than m.num(...) or a computed ball (m.num and arithmetic on balls give balls; m.value "
                                "keeps the case's exact numbers exact)")


def test_a_float_of_the_case_is_a_plain_float_beyond_the_exact_routes():
    x = FLOAT.num(F(1, 2))
    assert x == 0.5 and isinstance(x, float) and type(x * 2) is float and repr(x) == "0.5"
    assert FLOAT.laplace_pld_delta(FLOAT.value(F(6, 5)), 2, 1.0) == FLOAT.laplace_pld_delta(1.2, 2, 1.0)
    with pytest.raises(InvalidInput, match=r"^m\.gaussian_sigma: eps = 1\.0 is read with m\.num"):
        FLOAT.gaussian_sigma(FLOAT.num(F(1)), 1e-5)


def test_one_return_type_per_calibration_name():
    import mechanisms.accounting as acc
    from mechanisms.accounting import calibration

    eps, delta = F(1), F(1, 10**5)
    value = acc.gaussian_sigma(eps, delta)  # the value: a number, as m.gaussian_sigma
    assert isinstance(value, F) and value == m.gaussian_sigma(eps, delta) == F(466329, 125000)
    assert isinstance(FLOAT.gaussian_sigma(1.0, 1e-5), float)
    cal = acc.gaussian_sigma_calibration(eps, delta)  # the Calibration, under its own name
    assert isinstance(cal, calibration.Calibration) and cal.value == value
    assert isinstance(acc.laplace_scale(F(1), F(0)), F) and acc.laplace_scale(F(1), F(0)) == \
        acc.laplace_scale_calibration(F(1), F(0)).value
    assert isinstance(acc.dpsgd_sigma_calibration(F(2), F(1, 10**5), F(1, 100), 100), calibration.Calibration)
