"""Comparing a claim's certified sides with an oracle that shares none of its derivation."""
from proofcheck.evaluation import Outside, sides
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import precision

import finite_oracle as fo


def claim_sides(claim, case):
    with precision(128):
        return sides(claim, case, CERTIFIED)


def compare(claim, oracle, case):
    """Both sides of the claim enclose the oracle's; returns the oracle's (lhs, rhs, ok). Where the oracle
    finds the statement undefined (None), the claim must agree: OutsideDomain or a failed hypothesis
    (any other exception is an error of the claim and fails the test)."""
    expected = oracle(case)
    if expected is None:
        try:
            _, _, got_ok = claim_sides(claim, case)
        except Outside:
            return None
        assert not got_ok, (claim.id, case)
        return None
    lhs, rhs, ok = expected
    got_lhs, got_rhs, got_ok = claim_sides(claim, case)
    assert got_ok == ok, (claim.id, case)
    if ok:
        assert fo.encloses(got_lhs, lhs), (claim.id, "lhs", got_lhs, lhs, case)
        assert fo.encloses(got_rhs, rhs), (claim.id, "rhs", got_rhs, rhs, case)
    return expected
