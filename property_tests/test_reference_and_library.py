"""A new user's first claims, right the first time: every name of `proofcheck routes` documented (in the line and in
`routes NAME`), argument kinds right (q a rate, not a vector), and the library's formulas callable alone, bound to
the float context, as mpmath's are."""
import math
from fractions import Fraction

import pytest

from mechanisms.numerics.context import certified, fp
from proofcheck import vocabulary
from proofcheck.cli import main


@pytest.fixture(scope="module")
def found():
    return vocabulary.entries()


def test_every_name_the_reference_lists_has_a_docstring(found, capsys):
    assert len(found) > 250
    for name, entry in found.items():
        assert entry.doc.strip(), name  # the line of `proofcheck routes` and docs/routes.md
        assert entry.full_doc.strip(), name
    for name in ("value", "num", "abs", "exp", "lt", "matrix", "gaussian_pld_delta", "subsampled_gaussian_pld_delta",
                 "statistical_estimate", "uniform"):
        assert main(["routes", name]) == 0
        out = capsys.readouterr().out
        assert "(no docstring)" not in out, name
    assert main(["routes", "abs"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("|x|.")  # an elementary operation, described in words


def test_pld_delta_names_its_mechanisms_and_parameters_in_the_reference(found):
    line = vocabulary.text_line(found["pld_delta"])
    for word in ('"gaussian" (params σ, Δ)', '"laplace" (b, Δ)', '"subsampled_gaussian" (σ, q'):
        assert word in line
    assert [(a, s) for a, s, _ in found["pld_delta"].arguments] == [
        ("mechanism", "text"), ("params", "vector"), ("k", "integer"), ("eps", "scalar"), ("h", "scalar"),
        ("gap", "~scalar")]


def test_a_rate_q_is_a_scalar_and_a_pair_p_q_is_two_vectors(found):
    def kinds(name):
        return {a: s for a, s, _ in found[name].arguments}

    assert kinds("subsampled_gaussian_pld_delta")["q"] == "~scalar"
    assert kinds("dpsgd_sigma")["q"] == "~scalar"
    assert kinds("subsampled_gaussian_rdp")["q"] == "~scalar"
    assert kinds("kl") == {"p": "~vector", "q": "~vector"}
    assert kinds("renyi")["q"] == "~vector"
    assert kinds("vmf_rdp")["p"] == "~integer"  # the sphere's dimension (its body checks it as one)
    assert kinds("prior_mass_lipschitz_set")["L"] == "~scalar"  # ctx.real(L, ...) in its body: a level
    assert kinds("loss_risk")["L"] == "matrix"  # declared
    for name, entry in found.items():  # no lone q is a vector by its name alone
        params = {a for a, _, _ in entry.arguments}
        if "q" in params and "p" not in params:
            assert dict((a, s) for a, s, _ in entry.arguments)["q"] != "~vector", name


def test_the_library_is_usable_alone_on_the_float_context():
    from mechanisms.accounting import best_eps_from_rdp_basic, composition_eps
    from mechanisms.continuous import vmf_rdp
    from mechanisms.finite.channels import kl, tv

    orders, rdp, delta = [2, 4, 8], [0.1, 0.3, 0.9], 1e-5
    eps, order = best_eps_from_rdp_basic(orders, rdp, delta)
    assert (eps, order) == fp.best_eps_from_rdp_basic(orders, rdp, delta)
    assert isinstance(eps, float) and math.isclose(eps, min(r + math.log(1 / delta) / (a - 1) for a, r in zip(orders, rdp)))
    assert math.isclose(kl([0.5, 0.5], [0.25, 0.75]), 0.5 * math.log(2) + 0.5 * math.log(2 / 3))
    assert tv([0.5, 0.5], [0.25, 0.75]) == 0.25
    assert vmf_rdp(3, 2.0, 2.0) == fp.vmf_rdp(3, 2.0, 2.0)
    assert composition_eps is not None
    # a context first: the formula on that context (the library's own callers pass one)
    c_eps, c_order = best_eps_from_rdp_basic(certified, orders, [Fraction(1, 10), Fraction(3, 10), Fraction(9, 10)],
                                             Fraction(1, 10**5))
    assert c_order == 8 and abs(float(c_eps.mid()) - eps) < 1e-12 and c_eps.rad() < 1e-12
    # the contexts still hold the formula itself
    assert fp.best_eps_from_rdp_basic.__func__ is best_eps_from_rdp_basic.__wrapped__


def test_a_call_alone_that_does_not_fit_says_which_context_it_is_on():
    from mechanisms.accounting import best_eps_from_rdp_basic

    with pytest.raises(TypeError, match=r"float context's fp\.best_eps_from_rdp_basic\(orders, rdp, delta\); pass a "
                                         r"context first"):
        best_eps_from_rdp_basic([2, 4], [0.1, 0.3])
