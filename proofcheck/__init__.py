"""proofcheck: literal encodings of privacy theorems, checked with certified evidence.

The public API a user's claims module needs (see docs/claims.md): the claim
model (Claim, Source, Hypothesis, the variable kinds and ``jointly`` for several quantities from one computation), the evaluation paths FLOAT / CERTIFIED,
the strategies, OutsideDomain (a case the statement does not speak of), check / check_claim
for notebooks, prove_claim (a proof by interval branch and bound on the whole declared domain), and
proofcheck.testing's assert_holds / assert_violated / assert_proved for pytest.
"""
from mechanisms.errors import InvalidInput
from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Hypothesis, Source, Var, channel, gain, integer, jointly, log_real, real, simplex, vector
from proofcheck.runs.engine import Result, check_claim
from proofcheck.measures import CERTIFIED, FLOAT
from proofcheck.prove import prove_claim
from proofcheck.testing import check
from proofcheck import strategies

__all__ = ["Claim", "Hypothesis", "Source", "Var", "channel", "gain", "integer", "jointly", "log_real", "real", "simplex", "vector",
           "Result", "check", "check_claim", "prove_claim", "CERTIFIED", "FLOAT", "strategies", "InvalidInput", "OutsideDomain"]
