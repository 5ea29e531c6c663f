"""Proofs by interval branch and bound: a claim's relation on its whole declared domain.

    from proofcheck.prove import prove_claim
    proof = prove_claim(claim)            # Proof: .proved, .status, .evidence(), certificate data
    proof.proved                          # True only when every box of the domain is decided or outside

The domain (:mod:`proofcheck.prove.domain`) is covered by boxes with exact rational ends; each box is
evaluated on the box path (:mod:`proofcheck.prove.decide`), and one that is not decided is split
(:mod:`proofcheck.prove.branch`). A claim is ``proved`` only when every box is decided or certainly
outside the domain; a box left undecided (where the bound is attained, or beyond the budget) makes the
result a ``sub-domain`` proof that lists the excluded boxes, never a proof. An equality is never proved
by intervals (its evidence stays two independent routes). ``proofcheck check-certificate``
(:mod:`proofcheck.certificate`) re-checks a proof from its certificate alone.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from proofcheck.prove.branch import Budget, Outcome, branch_and_bound
from proofcheck.prove.domain import Domain, NotProvable, claim_domains, dimension

MAX_DIMENSION = 4  # coordinates split as reals in one domain (more: not attempted)

__all__ = ["Budget", "Proof", "Part", "prove_claim", "prove_result", "NotProvable", "MAX_DIMENSION"]


@dataclass
class Part:
    """The proof on one domain (one combination of sizes of distributions and channels)."""

    domain: Domain
    outcome: Outcome | None = None
    skipped: str | None = None  # why it was not attempted

    @property
    def status(self) -> str:
        return "not-attempted" if self.outcome is None else self.outcome.status


@dataclass
class Proof:
    claim_id: str
    fingerprint: str
    status: str  # proved | sub-domain | refuted | blocked | error | stopped | not-attempted | not-provable
    budget: Budget
    parts: list = field(default_factory=list)
    reason: str = ""
    seconds: float = 0.0

    @property
    def proved(self) -> bool:
        return self.status == "proved"

    @property
    def domain_text(self) -> str:
        return " | ".join(p.domain.text() for p in self.parts) or "—"

    def leaves(self, kind: str | None = None) -> int:
        return sum(p.outcome.count(kind) if kind else len(p.outcome.leaves) for p in self.parts if p.outcome)

    def summary(self) -> str:
        if self.proved:
            return f"proved on {self.domain_text} ({self.leaves()} boxes)"
        if self.status == "sub-domain":
            return f"proved on a sub-domain only ({self.leaves()} boxes): {self.reason}"
        return f"not proved ({self.status}): {self.reason}"

    def evidence(self) -> dict:
        from proofcheck.prove.report import proof_evidence

        return proof_evidence(self)


def prove_claim(claim, budget: Budget | None = None, max_dimension: int = MAX_DIMENSION) -> Proof:
    """Try to prove the claim's relation on its whole declared domain, within the budget."""
    from proofcheck.fingerprint import claim_fingerprint

    budget = budget or Budget()
    t0 = time.monotonic()
    proof = Proof(claim.id, claim_fingerprint(claim), "not-provable", budget)
    why = unprovable(claim)
    if why is not None:
        proof.reason = why
        return proof
    try:
        found = claim_domains(claim)
    except NotProvable as e:
        proof.reason = str(e)
        return proof
    deadline = None if budget.seconds is None else t0 + budget.seconds
    left = budget.max_boxes  # one budget for the claim, spent on its domains smallest first
    for d in found:
        n = dimension(d)
        if n > max_dimension:
            proof.parts.append(Part(d, skipped=f"{n} coordinates (more than {max_dimension}): not attempted"))
            continue
        if left <= 0:
            proof.parts.append(Part(d, skipped="not attempted: the box budget was spent on smaller sizes"))
            continue
        part = Part(d, branch_and_bound(claim, d, replace(budget, max_boxes=left), deadline))
        left -= part.outcome.evaluations
        proof.parts.append(part)
        if part.status in ("refuted", "blocked", "error", "not-provable"):
            break  # the other sizes would say no more
    proof.status, proof.reason = _combine(proof.parts)
    proof.seconds = time.monotonic() - t0
    return proof


def unprovable(claim) -> str | None:
    """Why a claim is never proved by boxes (None when it may be)."""
    if claim.is_identity:
        return "an equality is never proved by intervals (its evidence stays two independent routes)"
    if claim.statistical:
        return "a probability known only by Monte Carlo has no enclosure over a box"
    return None


_FAILED = ("refuted", "error", "blocked", "not-provable", "stopped")
SHOWN = 3  # domains named in a reason


def _combine(parts) -> tuple[str, str]:
    """One status for the claim: a failure of any part; proved when every part is; not attempted when none
    was; else a sub-domain, with what was proved, excluded and left out."""
    for status in _FAILED:
        for p in parts:
            if p.status == status:
                return status, f"{p.domain.text()}: {p.outcome.reason if p.outcome else p.skipped}"
    if not parts:
        return "not-provable", "the claim's domain has no part to prove"
    kinds = {k: [p for p in parts if p.status == k] for k in ("proved", "sub-domain", "not-attempted")}
    if len(kinds["proved"]) == len(parts):
        return "proved", ""
    if len(kinds["not-attempted"]) == len(parts):
        return "not-attempted", f"{_named(kinds['not-attempted'])}: {parts[0].skipped}"
    said = []
    if kinds["proved"]:
        said.append(f"proved on {_named(kinds['proved'])}")
    for p in kinds["sub-domain"]:
        said.append(f"on {p.domain.text()}, {p.outcome.count('excluded')} boxes left undecided (at the depth "
                    "limit, or beyond the box budget) are excluded")
    if kinds["not-attempted"]:
        said.append(f"not attempted on {_named(kinds['not-attempted'])} ({kinds['not-attempted'][0].skipped})")
    return "sub-domain", "; ".join(said)


def _named(parts) -> str:
    names = " | ".join(p.domain.text() for p in parts[:SHOWN])
    return names + (f" and {len(parts) - SHOWN} more" if len(parts) > SHOWN else "")


def prove_result(claim, result, budget: Budget | None = None):
    """Attach a proof attempt to an engine Result (``evidence['proof']``) when its verdict is `holds`;
    returns (result, proof or None)."""
    if result.verdict != "holds":
        return result, None
    proof = prove_claim(claim, budget)
    result.evidence["proof"] = proof.evidence()
    return result, proof
