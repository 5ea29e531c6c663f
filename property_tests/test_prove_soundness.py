"""A proof cannot be fooled: a box is decided only by a computation that met no undecided question.

Each claim below is false, but only on a window of width 10⁻²² or at one point (rational or irrational) that no
search reaches, and its quantity hides the window from the box path the way adversarial code would: a branch on
an UNKNOWN read with ``is True``, a broad exception handler, a float read of the box, a special case at zero, a
false monotone declaration. None may be proved, and no certificate of one may prove it. The library's own
formulas that did the same (``kl`` against a zero, ``best_eps_from_rdp``'s KL shortcut, ``mbp_level``'s support)
are tested at the exact values where they were proved false claims.
"""
from __future__ import annotations

import itertools
import json
import math
import random
from fractions import Fraction as F

import pytest
import sympy as sp
from hypothesis import strategies as st

from mechanisms.numerics.context import Ball, box, formula
from mechanisms.numerics.exact import Undecided
from mechanisms.numerics.record import attempt, closed
from proofcheck import Claim, Source, real, simplex
from proofcheck import strategies as pst
from proofcheck.prove.certificate import certificate_of, check_certificate
from proofcheck.errors import OutsideDomain
from proofcheck.prove import Budget, prove_claim

Y = sp.Symbol("y", real=True)
BUDGET = Budget(max_boxes=160, max_depth=40)
TINY = F(1, 10**44)  # (x − a)² below it: a window of half-width 10⁻²²


def _claim(cid, quantity, statement=None, variables=None, strategy=None):
    return Claim(id=cid, title=cid, source=Source("tests", "adversarial", cid),
                 variables=variables or (real("x", 0, 1),), statement=statement if statement is not None else sp.Ge(Y, 1),
                 quantities={"y": quantity}, strategy=strategy if strategy is not None else st.fixed_dictionaries({"x": pst.reals(0, 1)}))


def _not_proved(c):
    """The claim is not proved, and the certificate of the attempt proves nothing."""
    p = prove_claim(c, BUDGET)
    assert not p.proved and p.status != "proved", p.summary()
    doc = json.loads(json.dumps(certificate_of(p)))
    assert not check_certificate(doc, [c]).proves
    return p


# ----------------------------------------------------------------------------- how adversarial code hides a window
def _distance(c, m, a):
    return m.value(c["x"]) - a


def unknown_read_as_true(a):
    def y(c, m):  # 1 except at x = a exactly, where it is 0
        d = _distance(c, m, a)
        return 1 + 0 * d if m.lt(d, 0) is True or m.gt(d, 0) is True else 0 * d
    return y


def broad_handler(a, caught, returns_outside=False):
    def y(c, m):  # 1 − 10⁻⁴⁴/(x − a)²: below 1 near a, undefined at a
        d = _distance(c, m, a)
        try:
            return 1 - TINY / (d * d)
        except caught:
            if returns_outside:
                raise OutsideDomain("the pole at a")
            return m.inf
    return y


def float_read(a):
    def y(c, m):
        d = _distance(c, m, a)
        return 1 + 0 * d if m.float_guess(d) != 0.0 else 0 * d
    return y


def zero_special_case(a):
    def y(c, m):
        d = _distance(c, m, a)
        return 0 * d if m.is_zero(d) else 1 + 0 * d
    return y


_NAMES = itertools.count()


def false_monotone_declaration(a):
    @formula(name=f"_test_adversarial_bowl_{next(_NAMES)}", monotone={"x": 1})
    def bowl(ctx, x):
        """(x − a)²·10⁴⁴, declared non-decreasing in x: false (it falls before a)."""
        return (x - a) * (x - a) / TINY
    return lambda c, m: getattr(m.ctx, bowl.formula_name)(m.value(c["x"]))


PATTERNS = {
    "UNKNOWN read with `is True`": unknown_read_as_true,
    "except Exception: return inf": lambda a: broad_handler(a, Exception),
    "except ArithmeticError: raise OutsideDomain": lambda a: broad_handler(a, ArithmeticError, True),
    "except BaseException: return inf": lambda a: broad_handler(a, BaseException),
    "a float read of the box": float_read,
    "a special case at zero": zero_special_case,
    "a false monotone declaration": false_monotone_declaration,
}


def _drawn(n: int, seed: int = 0) -> list:
    """n (pattern, window centre) pairs drawn from a seeded generator: every pattern, centres p/q, q ≤ 1000 (the
    prover draws with Hypothesis itself, so the draw here is plain)."""
    rng = random.Random(seed)
    kinds = sorted(PATTERNS)
    return [(kinds[i % len(kinds)], F(rng.randint(1, 99), rng.randint(100, 1000))) for i in range(n)]


@pytest.mark.parametrize("kind,a", _drawn(14), ids=lambda v: str(v))
def test_adversarial_quantities_are_never_proved(kind, a):
    _not_proved(_claim("adversarial.window", PATTERNS[kind](a)))


@pytest.mark.parametrize("kind", sorted(PATTERNS))
def test_each_pattern_at_an_exact_point_is_not_proved(kind):
    _not_proved(_claim("adversarial.half", PATTERNS[kind](F(1, 2))))


def test_a_window_at_an_irrational_point_no_search_reaches():
    def y(c, m):  # τ = K·√((x² − ½)²) ≥ 1/5 fails only within 10⁻²² of 1/√2; the branch hides it
        x = m.value(c["x"])
        tau = 10**22 * m.sqrt((x * x - F(1, 2)) ** 2)
        return 1 if m.gt(tau, 1) is True else tau
    _not_proved(_claim("adversarial.irrational", y))


# ----------------------------------------------------------------------------- the library's own, at exact values
def test_kl_against_a_zero_is_not_proved_over_a_simplex():
    c = _claim("library.kl-zero", lambda c, m: m.kl(c["P"], [0, 1]), variables=(simplex("P"),),
               strategy=st.fixed_dictionaries({"P": pst.priors(2)}))
    _not_proved(c)  # KL(P ‖ (0, 1)) = 0 at P = (0, 1), +∞ elsewhere


def test_mbp_level_support_is_not_skipped_over_a_box():
    K = [[F(1, 2), F(1, 2)], [1, 0]]
    c = _claim("library.mbp-support", lambda c, m: m.mbp_level(K, c["P"]), statement=sp.Gt(Y, 0),
               variables=(simplex("P"),), strategy=st.fixed_dictionaries({"P": pst.priors(2)}))
    _not_proved(c)  # ξ = 0 at P = (1, 0)


def test_best_eps_kl_shortcut_is_not_proved_across_its_line():
    def y(c, m):
        return m.best_eps_from_rdp([2], [m.value(c["x"])], F(1, 5))[0]
    p = _not_proved(_claim("library.best-eps", y, statement=sp.Ge(Y, F(1, 5))))
    assert p.status == "refuted"  # ε = 0 where δ² > 1 − e^{−τ}: a whole box of small τ refutes it


def test_a_box_across_the_kl_line_takes_both_branches():
    from mechanisms.accounting.rdp_conversion import best_eps_from_rdp

    with closed() as record:
        eps, order = best_eps_from_rdp(box, [2], [Ball.of(0, 1)], F(1, 5))
    assert record.clean and eps.arb.contains(0) and float(eps.arb.upper()) > 0.2  # the hull of 0 and the improved ε


def test_a_user_monotone_declaration_is_used_only_where_the_jets_prove_it():
    from proofcheck.prove.tight import TIGHT_CONTEXT

    @formula(name="_test_hump", monotone={"x": 1})
    def hump(ctx, x):
        """x(1 − x), declared non-decreasing: true on [0, ½] only."""
        return x * (1 - x)
    with closed():
        left = TIGHT_CONTEXT._test_hump(Ball.of(0, F(1, 4)))  # increasing there: the corners 0 and 3/16
        across = TIGHT_CONTEXT._test_hump(Ball.of(0, 1))  # not monotone: the plain enclosure, reaching ¼ and above
    assert float(left.arb.lower()) >= -1e-9 and abs(float(left.arb.upper()) - 3 / 16) < 1e-9  # the hull of 0 and 3/16
    assert float(across.arb.upper()) >= 0.25  # the plain enclosure: corners would have given [0, 0]
    c = _claim("user.hump", lambda c, m: m.ctx._test_hump(m.value(c["x"])), statement=sp.Le(Y, 0))
    _not_proved(c)


# ----------------------------------------------------------------------------- the record itself
def test_every_undecided_question_is_recorded_whoever_catches_it():
    wide = Ball.of(0, 1)
    with closed() as record:
        try:
            1 / (wide - F(1, 2))
        except BaseException:
            pass
    assert not record.clean and "not finite" in record.reason()
    with closed() as record:
        assert box.lt(wide, F(1, 2)) is not True  # UNKNOWN, read and dropped
    assert not record.clean and "UNKNOWN" in record.reason()
    with closed() as record:
        box.float_guess(wide)
    assert not record.clean and "float" in record.reason()
    with closed() as record:
        answer = box.lt(wide, F(1, 2))
        assert box.undecided(answer)  # taken as undecided: no longer open
    assert record.clean


def test_undecided_is_not_caught_by_broad_exception_handlers():
    assert not issubclass(Undecided, Exception)
    with pytest.raises(Undecided):
        try:
            1 / (Ball.of(0, 1) - F(1, 2))
        except Exception:
            pass


def test_branch_hulls_both_sides_and_is_undecided_where_one_fails():
    wide = Ball.of(0, 1)
    with closed() as record:
        got = box.branch(box.lt(wide, F(1, 2)), lambda: box.num(0), lambda: box.num(2))
    assert record.clean and got.arb.contains(0) and got.arb.contains(2)
    assert isinstance(attempt(box.branch, box.lt(wide, F(1, 2)), lambda: box.log(wide - 1), lambda: 1).reason, str)
    assert box.branch(box.lt(wide, 3), lambda: 1, lambda: 2) == 1


def test_is_zero_is_three_valued_on_a_ball():
    from mechanisms.numerics.context import is_unknown

    assert box.is_zero(Ball.of(0, 0)) is True and box.is_zero(Ball.of(1, 2)) is False
    with closed() as record:
        assert is_unknown(box.is_zero(Ball.of(0, 1)))
    assert not record.clean
    assert not box.exactly_zero(Ball.of(0, 1)) and box.exactly_zero(Ball.of(0, 0))
    assert math.isclose(float(box.sign(Ball.of(1, 2))), 1)


def test_absolute_log_ratio_at_zero_is_not_proved():
    def y(c, m):  # |log 0/√u| is 0 at u = 0 (both zero), +∞ elsewhere
        return m.absolute_log_ratio(0, m.sqrt(m.value(c["x"])))
    _not_proved(_claim("library.abs-log-ratio", y))


def test_product_lipschitz_across_equal_probabilities_is_not_proved():
    def y(c, m):  # L(p², ½) under ρ ≡ 0: 0 where p² = ½ (p = 1/√2, no search reaches it), +∞ elsewhere
        p = m.value(c["x"])
        return m.product_lipschitz([p * p, F(1, 2)], [[0, 0], [0, 0]], 1)
    _not_proved(_claim("library.product-lipschitz", y))


def test_best_delta_kl_bound_is_not_proved_across_tau_zero():
    def y(c, m):  # δ = 0 exactly at τ = 0; the claim δ ≥ 1/5 is false near there
        return m.best_delta_from_rdp([2], [m.value(c["x"])], 1)[0]
    _not_proved(_claim("library.best-delta", y, statement=sp.Ge(Y, F(1, 5))))
