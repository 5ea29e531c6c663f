"""A new user's claims in the accounting and information-flow vocabulary (examples/vocabulary_claims.py), right the
first time: each true one holds and each false one is violated with a certified counterexample found by the engine,
at --cases 100 and at the default budget (the claim's cost class), each within 30 s at --cases 100."""
import sys
from pathlib import Path

import pytest

import proofcheck

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from vocabulary_claims import CLAIMS, FALSE  # noqa: E402

LIMIT = 30.0  # seconds a claim may take at --cases 100 (a hard limit of 3x this: the child is stopped after it)
# Not yet right the first time, each for a stated reason (none today: the subsampled Gaussian's float PLD at
# h = 1/100 was 50-200 ms a call over the optimiser's 1,800 evaluations until the engine remembered each case's
# float margin and the PLD its one-step pmfs; vocab.pld.subsampling-helps took 168 s at --cases 100, now 29 s):
OVER_LIMIT_AT_100: set[str] = set()
NOT_YET_DECIDED: set[str] = set()


def expected(claim):
    return "violated" if claim.id in FALSE else "holds"


def test_the_file_has_twenty_claims_or_more_true_and_false():
    assert len(CLAIMS) >= 20 and len({c.id for c in CLAIMS}) == len(CLAIMS)
    assert FALSE < {c.id for c in CLAIMS} and len(FALSE) >= 5


@pytest.mark.parametrize("budget", ["cases=100", "default"])
@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_vocabulary_claim(claim, budget):
    if budget == "cases=100" and claim.id in OVER_LIMIT_AT_100:
        pytest.skip("over the 30 s limit at --cases 100 (see OVER_LIMIT_AT_100)")
    if claim.id in NOT_YET_DECIDED:
        pytest.skip("inconclusive at its default budget (see NOT_YET_DECIDED)")
    kw = {"cases": 100, "hard_limit": 3 * LIMIT} if budget == "cases=100" else {}
    r = proofcheck.check(claim, **kw)
    assert r.verdict == expected(claim), proofcheck.testing.describe(r)
    if r.verdict == "violated":
        assert r.counterexample["certificate"]["method"]
        assert r.counterexample["objects"]
    else:
        assert r.evidence["search"]["cases"] >= 1
    if budget == "cases=100":
        assert r.evidence["budget"] == {"kind": "counted", "cases": 100}
    else:
        assert r.evidence["budget"]["cost"] == claim.cost
