"""Statements seed 002 prints as seed 000 does: 000's encoding under this paper's id and source.

A reused claim is picked from :data:`proofcheck.claims.s000.CLAIMS` by its id (never by position), or
built by 000's public builders with this paper's id.
"""
from __future__ import annotations

import dataclasses

from proofcheck.claim import Claim, Source
from proofcheck.claims import s000
from proofcheck.claims.s002.model import FULL_SUPPORT, prior_min
from proofcheck.claims.s002.strategies import SEED

_CLAIMS_000 = {c.id: c for c in s000.CLAIMS}


def claim_of_000(cid: str) -> Claim:
    """Seed 000's claim with this id."""
    return _CLAIMS_000[cid]


def from_000(claim: Claim, cid: str, where: str, quote: str, **changes) -> Claim:
    """The same statement printed by 000: 000's encoding, this paper's id and source."""
    return dataclasses.replace(claim, id=cid, source=Source(SEED, where, quote), **changes)


def with_full_support(cl: Claim) -> Claim:
    """The claim with f_D's full support as a hypothesis: a reused 000 proof step, which the 0/0 convention
    would otherwise decide at secrets of prior probability zero."""
    if any(h is FULL_SUPPORT for h in cl.hypotheses):
        return cl
    return dataclasses.replace(cl, hypotheses=(*cl.hypotheses, FULL_SUPPORT),
                               quantities={**cl.quantities, "prior_min": prior_min})
