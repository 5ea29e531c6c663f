"""What excludes a case (proofcheck.errors), and the papers' own subcommands (proofcheck.registry.paper_commands)."""
import pytest
import sympy as sp
from hypothesis import strategies as st

import mechanisms.errors
from proofcheck import Claim, OutsideDomain, Source, check_claim, real
from proofcheck.strategies import cases

X = sp.Symbol("x", real=True)


def _claim(quantity):
    """x ≤ y with y = quantity, over x ∈ [0, 3] drawn from the whole range."""
    return Claim(id="s999.claim.errors", title="t", source=Source("test", "here", "q"), variables=(real("x", 0, 3),),
                 statement=sp.Le(X, sp.Symbol("y")),
                 quantities={"x": lambda case, m: m.num(case["x"]), "y": quantity},
                 strategy=cases(x=st.floats(0, 3)))


def _undefined_below_one(error):
    def y(case, m):
        if case["x"] < 1:
            raise error("y is not defined for x < 1")
        return m.num(case["x"])  # x ≤ y holds with equality wherever y is defined
    return y


@pytest.mark.parametrize("error", [OutsideDomain, mechanisms.errors.Undefined])
def test_outside_domain_and_the_librarys_undefined_exclude_a_case(error):
    r = check_claim(_claim(_undefined_below_one(error)), cases=200, seed=0)
    search = r.evidence["search"]
    assert r.verdict == "holds"
    assert 0 < search["excluded_outside_domain"] < search["cases"] and search["errors"] == 0


@pytest.mark.parametrize("error", [ArithmeticError, ValueError])
def test_any_other_exception_is_an_error_of_the_claim(error):
    r = check_claim(_claim(_undefined_below_one(error)), cases=200, seed=0)
    assert r.verdict == "inconclusive" and r.evidence["search"]["errors"] == 1
    assert r.evidence["error"]["message"] == "y is not defined for x < 1"


def test_undefined_is_the_librarys_and_outside_domain_the_engines():
    assert issubclass(mechanisms.errors.Undefined, ArithmeticError)
    assert not issubclass(OutsideDomain, ArithmeticError) and not issubclass(mechanisms.errors.Undefined, OutsideDomain)
    # the engine's exclusion is the engine's: the library no longer names it
    assert not hasattr(mechanisms.errors, "OutsideDomain")


def test_a_papers_command_comes_from_its_package():
    from proofcheck.cli import build_parser
    from proofcheck.registry import paper_commands

    commands = {c.name: c for c in paper_commands()}
    assert commands["vmf"].run.__module__ == "proofcheck.claims.s003.commands"
    subparsers = next(a for a in build_parser()._actions if a.dest == "cmd")
    assert set(commands) <= set(subparsers.choices)
    assert subparsers.choices["vmf"].parse_args(["3", "1", "--alpha", "2"]).fn is commands["vmf"].run


def test_a_command_declared_twice_is_an_error(monkeypatch):
    import types

    from proofcheck import registry

    twice = types.ModuleType("proofcheck.claims.s003.commands")
    vmf = next(c for c in registry.paper_commands() if c.name == "vmf")
    twice.COMMANDS = [vmf, vmf]
    monkeypatch.setitem(__import__("sys").modules, "proofcheck.claims.s003.commands", twice)
    with pytest.raises(ValueError, match="command 'vmf' is declared twice"):
        registry.paper_commands()
