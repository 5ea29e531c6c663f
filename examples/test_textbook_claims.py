"""The textbook claims as a researcher's own tests: pytest examples/test_textbook_claims.py --proofcheck-seconds 2"""
import pytest
from proofcheck.testing import assert_holds, assert_violated
from textbook_claims import CLAIMS

FALSE = {"textbook.renyi-symmetric", "textbook.composition-without-k", "textbook.gaussian-dwork-roth-large-eps",
         "textbook.capacity-of-ldp-linear", "textbook.kl-le-tv"}


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_textbook(claim):
    assert_violated(claim) if claim.id in FALSE else assert_holds(claim)
