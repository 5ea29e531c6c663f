"""proofcheck: literal encodings of privacy theorems, checked with certified evidence.

The public API a user's claims module needs (see README, "Check a claim of your own"):
"""
from mechanisms.errors import InvalidInput
from proofcheck.claim import Claim, Hypothesis, Source, Var, channel, integer, real, simplex, vector
from proofcheck.engine import Result, check_claim
from proofcheck.measures import CERTIFIED, FLOAT
from proofcheck import strategies

__all__ = ["Claim", "Hypothesis", "Source", "Var", "channel", "integer", "real", "simplex", "vector",
           "Result", "check_claim", "CERTIFIED", "FLOAT", "strategies", "InvalidInput"]
