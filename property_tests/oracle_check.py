"""Comparing a claim with an oracle that shares none of its derivation: the one copy the seeds' tests use.

An oracle is a function of an exact case returning (lhs, rhs, ok): both sides of the statement and whether its
hypotheses hold (ok None leaves the hypotheses to the claim: an oracle of the two sides only), or None where it
finds the statement undefined. Relations are named as in finite_oracle ("<=", "<", ">=", ">", "==").
"""
import sympy as sp

from proofcheck.runs.engine import check_claim
from proofcheck.stages.evaluation import Outside, sides
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import precision

import finite_oracle as fo

RELATION = {sp.Le: "<=", sp.Lt: "<", sp.Ge: ">=", sp.Gt: ">", sp.Eq: "=="}
COUNTED_CASES = 1500  # the engine's search budget for a counterexample: counted, not timed


def relation(claim) -> str:
    return RELATION[type(claim.statement)]


def claim_sides(claim, case, prec=128):
    with precision(prec):
        return sides(claim, case, CERTIFIED)


def compare(claim, oracle, case, *, encloses=fo.encloses, prec=128):
    """Both sides of the claim enclose the oracle's; returns the oracle's (lhs, rhs, ok), or None where the
    statement says nothing. Where the oracle finds the statement undefined (None), the claim must agree:
    OutsideDomain or a failed hypothesis (any other exception is an error of the claim and fails the test).
    Where the oracle leaves the hypotheses to the claim (ok None), a case the claim excludes is skipped."""
    expected = oracle(case)
    if expected is None:
        try:
            _, _, got_ok = claim_sides(claim, case, prec)
        except Outside:
            return None
        assert not got_ok, (claim.id, case)
        return None
    lhs, rhs, ok = expected
    try:
        got_lhs, got_rhs, got_ok = claim_sides(claim, case, prec)
    except Outside:
        if ok is None:
            return None
        raise
    if ok is None:
        if not got_ok:
            return None
        ok = True
    assert got_ok == ok, (claim.id, case)
    if ok:
        assert encloses(got_lhs, lhs), (claim.id, "lhs", got_lhs, lhs, case)
        assert encloses(got_rhs, rhs), (claim.id, "rhs", got_rhs, rhs, case)
    return lhs, rhs, ok


def check_true_statement(claim, oracle, cases, *, holds=fo.holds, encloses=fo.encloses, prec=128, at_least=3):
    """A statement that holds, at fixed exact cases: wherever it speaks, the claim's certified sides enclose
    the oracle's (compare) and the oracle's satisfy the relation (holds(relation, lhs, rhs)). At least
    `at_least` cases must be checked; returns how many were."""
    checked = 0
    for case in cases:
        out = compare(claim, oracle, case, encloses=encloses, prec=prec)
        if out is None or not out[2]:
            continue
        assert holds(relation(claim), out[0], out[1]), (claim.id, out, case)
        checked += 1
    assert checked >= at_least, (claim.id, checked)
    return checked


def check_counterexample(claim, oracle, *, fails=fo.fails_by, seed=0):
    """A false statement: the engine, on a counted budget, returns `violated` with exact objects; the oracle
    recomputes both sides there and finds the relation broken (fails(relation, lhs, rhs): by more than its
    rounding), its hypotheses holding where it decides them; the engine's reported enclosures contain the
    oracle's values. Returns the engine's Result."""
    r = check_claim(claim, seconds=120, seed=seed, max_examples=COUNTED_CASES)
    assert r.verdict == "violated", (claim.id, r.verdict, r.evidence.get("reason"))
    case = fo.exact_objects(r.counterexample["objects"])
    lhs, rhs, ok = oracle(case)
    assert ok is None or ok, ("the hypotheses must hold at the counterexample", claim.id, case)
    assert fails(relation(claim), lhs, rhs), (claim.id, lhs, rhs, case)
    assert fo.interval_contains(r.counterexample["lhs"], lhs) and fo.interval_contains(r.counterexample["rhs"], rhs), \
        (claim.id, r.counterexample["lhs"], lhs, r.counterexample["rhs"], rhs)
    return r
