"""`proofcheck routes`: every name with its signature, argument kinds, domain and docstring; docs/routes.md is the
same text (regenerate it with `proofcheck routes --markdown > docs/routes.md`); a statement calls a route by name."""
import math
from pathlib import Path

import pytest
import sympy as sp

from mechanisms.numerics.context import FORMULAS, formula
from proofcheck import Claim, Source, check_claim, real, strategies as pst, vocabulary
from proofcheck.cli import main
from proofcheck.stages.evaluation import evaluate
from proofcheck.measures import CERTIFIED, FLOAT, ROUTES
from mechanisms.errors import InvalidInput

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def found():
    return vocabulary.entries()


def test_the_committed_reference_is_the_generated_one(found):
    committed = (ROOT / "docs" / "routes.md").read_text(encoding="utf-8")
    assert committed == vocabulary.markdown(found), \
        "docs/routes.md is stale: regenerate it with `proofcheck routes --markdown > docs/routes.md`"


def test_the_command_prints_the_reference_and_every_name(found, capsys):
    assert main(["routes", "--markdown"]) == 0
    assert capsys.readouterr().out == vocabulary.markdown(found)
    assert main(["routes"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(found)
    library = {k for k, f in FORMULAS.items() if not k.startswith("_") and f.__module__.startswith("mechanisms.")}
    assert library | set(ROUTES) <= set(found)
    assert not any(k.startswith("_") for k in found)  # a test's or a private formula is not the vocabulary
    names = {line.split("(")[0] for line in lines}
    assert {"shannon_capacity", "guessing_entropy", "metric_privacy_level", "planar_laplace_radius", "kl"} <= names


def test_one_name_shows_its_declared_kinds_domain_and_whole_docstring(capsys):
    assert main(["routes", "multiplicative_g_capacity"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("multiplicative_g_capacity(C, G)\n")
    assert "arguments: C: matrix, G: matrix" in out  # declared: no ~
    assert "domain: C row-stochastic; G actions x secrets, G >= 0, every secret with a positive gain" in out
    assert "float | exact or ball | Ball" in out
    assert "their hull otherwise" in out  # the whole docstring, beyond its first line
    assert main(["routes", "no_such_name"]) == 2
    assert "no route named 'no_such_name'" in capsys.readouterr().err


def test_kinds_and_domains_are_read_from_the_code(found):
    renyi = found["renyi"]
    assert renyi.domain == "alpha > 1"  # ctx.real(alpha, ..., lo=1, lo_open=True) in its body
    assert [(a, s) for a, s, _ in renyi.arguments] == [("p", "~vector"), ("q", "~vector"), ("alpha", "~scalar")]
    assert found["gaussian_delta"].domain == "sigma > 0, sensitivity > 0, eps real"
    assert found["planar_laplace_radius"].domain == "eps > 0, 0 <= p < 1"
    assert found["binary_estimate"].kind == "route" and "(no box form)" in vocabulary.text_line(found["binary_estimate"])
    assert found["exp"].doc == "e^x."  # an elementary route is described in words, not by numpy's signature


def test_a_declaration_must_name_parameters_and_known_kinds():
    with pytest.raises(TypeError, match="not a parameter"):
        @formula(args={"q": "vector"})
        def _declares_a_stranger(ctx, p):
            return p
    with pytest.raises(TypeError, match="must be one of"):
        @formula(args={"p": "tensor"})
        def _declares_a_strange_kind(ctx, p):
            return p
    assert "_declares_a_stranger" not in FORMULAS and "_declares_a_strange_kind" not in FORMULAS


# ----------------------------------------------------------------------------- a route called inside a statement
SIGMA, EPS = sp.symbols("sigma eps")
DELTA = sp.Function("gaussian_delta")(SIGMA, EPS)
TV = sp.Function("gaussian_tv")(SIGMA)


def _claim(statement, cid):
    return Claim(
        id=cid, title="δ(ε) of the Gaussian mechanism is at most its TV distance",
        source=Source("mine", "routes reference", "delta(eps) <= TV for eps >= 0"),
        variables=(real("sigma", 0.25, 4), real("eps", 0, 3)), statement=statement,
        quantities={"sigma": lambda c, m: m.value(c["sigma"]), "eps": lambda c, m: m.value(c["eps"])},
        strategy=pst.cases(sigma=pst.reals(0.25, 4), eps=pst.reals(0, 3)))


def test_a_statement_calls_a_route_by_name_on_both_paths():
    from fractions import Fraction

    values = {"sigma": Fraction(3, 2), "eps": Fraction(1, 2)}
    ball = evaluate(DELTA, values, CERTIFIED)
    assert (ball - CERTIFIED.gaussian_delta(Fraction(3, 2), Fraction(1, 2))).contains(0)
    assert evaluate(DELTA, {"sigma": 1.5, "eps": 0.5}, FLOAT) == pytest.approx(float(ball.mid()), rel=1e-12)


def test_a_claim_with_routes_in_its_statement_gets_its_verdicts():
    assert check_claim(_claim(sp.Le(DELTA, TV), "mine.delta-le-tv"), cases=40).verdict == "holds"
    assert check_claim(_claim(sp.Ge(DELTA, TV), "mine.delta-ge-tv"), cases=40).verdict == "violated"
    with pytest.raises(InvalidInput, match="unknown function"):
        _claim(sp.Le(sp.Function("no_such_route")(SIGMA), 1), "mine.unknown")


def test_no_route_shadows_an_operation_of_the_contexts():
    """m.is_inf is the contexts' own (±inf) on every path, m.is_pos_inf tests +inf; registering a route named as a
    context operation is refused (a route once made m.is_inf answer False for -inf where ctx.is_inf said True)."""
    from mechanisms.numerics.context import certified, fp
    from proofcheck.measures import BOX, register

    assert FLOAT.is_inf(-math.inf) and FLOAT.is_inf(math.inf) and not FLOAT.is_inf(1.0)
    assert FLOAT.is_pos_inf(math.inf) and not FLOAT.is_pos_inf(-math.inf)
    for path in (CERTIFIED, BOX):
        assert path.is_inf(path.ninf) and path.is_inf(path.inf) and not path.is_inf(path.num(1))
        assert path.is_pos_inf(path.inf) and not path.is_pos_inf(path.ninf)
    with pytest.raises(ValueError, match="shadow an operation of the numeric contexts: \\['is_zero'\\]"):
        register({"is_zero": (fp.is_zero, certified.is_zero)})
    assert "is_zero" not in ROUTES
