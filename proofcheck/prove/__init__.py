"""Proofs by interval branch and bound: a claim's relation on its whole declared domain.

    from proofcheck.prove import prove_claim
    proof = prove_claim(claim)            # Proof: .proved, .status, .evidence(), certificate data
    proof.proved                          # True only when every box of the declared domain is decided or
                                          # outside, some decided, and every size declared

The domain (:mod:`proofcheck.prove.domain`) is covered by boxes with exact rational ends; each box is
evaluated on the box path (:mod:`proofcheck.prove.decide`), and one that is not decided is split
(:mod:`proofcheck.prove.branch`). A claim is ``proved`` only when every box is decided or certainly
outside the domain; a box left undecided (where the bound is attained, or beyond the budget) makes the
result a ``sub-domain`` proof that lists the excluded boxes, never a proof. A cover in which every box is
outside (the hypotheses admit no point) is ``vacuous``, never a proof. A distribution, channel or vector
that declares no size (``simplex("P")`` rather than ``simplex("P", size=2)``) is covered at the sizes its
strategy draws only: every box decided there is ``proved-for-sizes`` (the sizes listed), never a proof. An
equality is never proved by intervals (its evidence stays two independent routes). A gain function has no
cover by boxes (``not-provable``). ``proofcheck check-certificate`` (:mod:`proofcheck.prove.certificate`) re-checks
a proof from its certificate alone.

Beside the names in ``__all__``, the runs and the command line use :mod:`proofcheck.prove.runner` (proofs in
child processes under a hard limit, each writing its certificate) and :mod:`proofcheck.prove.certificate`
(certificates, and the checker that trusts nothing in them). Proofs use the stages (:mod:`proofcheck.stages`)
and the claim model, never a run or the report.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from proofcheck.stages.certify import certified_sides
from proofcheck.fingerprint import claim_fingerprint
from proofcheck.prove.branch import Budget, Outcome, branch_and_bound
from proofcheck.prove.domain import Domain, NotProvable, claim_domains, dimension
from proofcheck.prove.report import box_text, proof_evidence
from proofcheck.stages.rounding import exactify
from proofcheck.texts import sizes_text  # noqa: F401  (the proof's sizes in words: proofcheck.prove.sizes_text)

MAX_DIMENSION = 4  # coordinates split as reals in one domain (more: not attempted)

__all__ = ["Budget", "Proof", "Part", "prove_claim", "prove_result", "against_search", "NotProvable", "MAX_DIMENSION"]


@dataclass
class Part:
    """The proof on one domain (one combination of sizes of distributions and channels)."""

    domain: Domain
    outcome: Outcome | None = None
    skipped: str | None = None  # why it was not attempted

    @property
    def status(self) -> str:
        if self.outcome is None:
            return "not-attempted"
        if self.outcome.status == "proved" and not self.outcome.count("decided"):
            return "vacuous"  # every box outside: the hypotheses admit no point of this domain
        return self.outcome.status


@dataclass
class Proof:
    claim_id: str
    fingerprint: str
    # proved | proved-for-sizes | vacuous | sub-domain | refuted | blocked | error | stopped | not-attempted |
    # not-provable
    status: str
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

    def sizes(self) -> dict:
        """{variable: [its sizes covered]} for the distributions, channels and vectors (a channel's as
        [rows, columns])."""
        out: dict = {}
        for p in self.parts:
            for k, v in p.domain.sizes().items():
                v = list(v) if isinstance(v, tuple) else v
                if v not in out.setdefault(k, []):
                    out[k].append(v)
        return out

    def undeclared(self) -> list:
        """The variables whose sizes are the strategy's draws, declared by none."""
        return sorted({k for p in self.parts for k in p.domain.drawn})

    def summary(self) -> str:
        if self.proved:
            return f"proved on {self.domain_text} ({self.leaves()} boxes)"
        if self.status == "proved-for-sizes":
            undeclared = self.undeclared()
            mark = undeclared if set(undeclared) != set(self.sizes()) else ()  # said only where some are declared
            return f"proved for sizes {sizes_text(self.sizes(), mark)} only ({self.leaves()} boxes): {self.reason}"
        if self.status == "vacuous":
            return f"vacuous ({self.leaves()} boxes, every one outside the domain): {self.reason}"
        if self.status == "sub-domain":
            return f"proved on a sub-domain only ({self.leaves()} boxes): {self.reason}"
        return f"not proved ({self.status}): {self.reason}"

    def evidence(self) -> dict:
        return proof_evidence(self)


def prove_claim(claim, budget: Budget | None = None, max_dimension: int = MAX_DIMENSION) -> Proof:
    """Try to prove the claim's relation on its whole declared domain, within the budget."""
    budget = budget or Budget()
    t0 = time.monotonic()
    proof = Proof(claim.id, claim_fingerprint(claim), "not-provable", budget)
    why = unprovable(claim)
    if why is not None:
        proof.reason = why
        return proof
    try:
        found = claim_domains(claim, undeclared="drawn")
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
    """One status for the claim: a failure of any part; vacuous when every box of every part is outside;
    proved when every part is proved (or vacuous) — proved-for-sizes instead when a size was drawn, not
    declared; not attempted when none was; else a sub-domain, with what was proved, excluded and left out."""
    for status in _FAILED:
        for p in parts:
            if p.status == status:
                return status, f"{p.domain.text()}: {p.outcome.reason if p.outcome else p.skipped}"
    if not parts:
        return "not-provable", "the claim's domain has no part to prove"
    kinds = {k: [p for p in parts if p.status == k] for k in ("proved", "vacuous", "sub-domain", "not-attempted")}
    empty = (f"no point of {_named(kinds['vacuous'])} is in the domain (every box is outside)"
             if kinds["vacuous"] else "")
    if len(kinds["vacuous"]) == len(parts):
        return "vacuous", (f"every box of {_named(parts)} is outside the domain: the hypotheses (or the quantities) "
                           "admit no point, so the relation is never tested")
    if len(kinds["proved"]) + len(kinds["vacuous"]) == len(parts):
        drawn = sorted({k for p in parts for k in p.domain.drawn})
        if drawn:
            return "proved-for-sizes", "; ".join(x for x in (
                f"the size of {', '.join(drawn)} is not declared: only the sizes the claim's strategy draws are "
                f"covered, and the statement is not proved at any other; declare the sizes "
                f"(e.g. {_declare_hint(parts, drawn[0])}) to prove it on its domain", empty) if x)
        return "proved", empty
    if len(kinds["not-attempted"]) == len(parts):
        return "not-attempted", f"{_named(kinds['not-attempted'])}: {parts[0].skipped}"
    said = []
    if kinds["proved"]:
        said.append(f"proved on {_named(kinds['proved'])}")
    if empty:
        said.append(empty)
    for p in kinds["sub-domain"]:
        said.append(f"on {p.domain.text()}, {p.outcome.count('excluded')} boxes left undecided (at the depth "
                    "limit, or beyond the box budget) are excluded")
    if kinds["not-attempted"]:
        said.append(f"not attempted on {_named(kinds['not-attempted'])} ({kinds['not-attempted'][0].skipped})")
    drawn = sorted({k for p in parts for k in p.domain.drawn})
    if drawn:
        said.append(f"the size of {', '.join(drawn)} is not declared: only the sizes the strategy draws were tried")
    return "sub-domain", "; ".join(said)


def _named(parts) -> str:
    names = " | ".join(p.domain.text() for p in parts[:SHOWN])
    return names + (f" and {len(parts) - SHOWN} more" if len(parts) > SHOWN else "")


def _declare_hint(parts, name) -> str:
    shape = parts[0].domain.shapes[name]
    kind = shape[0]
    if kind == "channel":
        return f'channel("{name}", size=({shape[1]}, {shape[2]}))'
    return f'{kind}("{name}", size={shape[1]})' if kind == "simplex" else f'vector("{name}", lo, hi, size={shape[1]})'


def prove_result(claim, result, budget: Budget | None = None):
    """Attach a proof attempt to an engine Result (``evidence['proof']``) when its verdict is `holds`;
    returns (result, proof or None). A proof that says a box holding a case the search admitted is outside
    the domain is not accepted (:func:`against_search`)."""
    if result.verdict != "holds":
        return result, None
    proof = against_search(prove_claim(claim, budget), claim, result)
    result.evidence["proof"] = proof.evidence()
    return result, proof


def admitted_cases(claim, result) -> list[tuple[str, dict]]:
    """(what, exact case) for the cases a `holds` Result shows the search admitted, each one whose hypotheses
    the certified path confirms: the tightest case certified (its exact objects), and the case of the smallest
    margin and of the tightest ratio at their floats' exact values (a float case that fails a hypothesis
    exactly, or cannot be evaluated, is left out: only a certified point of the domain contradicts a box)."""
    ev = result.evidence or {}
    out = []
    tight = ev.get("tightest_certified")
    if isinstance(tight, dict) and isinstance(tight.get("objects"), dict):
        out.append(("the tightest case certified", tight["objects"]))
    floats = [("the case of the smallest margin", result.worst_case)]
    if isinstance(ev.get("tightness"), dict):
        floats.append(("the case of the tightest ratio", ev["tightness"].get("at")))
    for what, shown in floats:
        exact = _certified_point(claim, shown)
        if exact is not None:
            out.append((what, exact))
    return out


def _certified_point(claim, shown) -> dict | None:
    """A float case as shown (show_exact: floats as their repr) at its exact binary values, when the certified
    path confirms its hypotheses there; else None."""
    if not isinstance(shown, dict) or any(v.name not in shown for v in claim.variables):
        return None
    def back(x):
        if isinstance(x, list):
            return [back(y) for y in x]
        if isinstance(x, str):
            try:
                return float(x) if "/" not in x else x
            except ValueError:
                return x
        return x

    try:
        exact = exactify(claim, {k: back(x) for k, x in shown.items()}, None)
        return exact if certified_sides(claim, exact).hypotheses_ok else None
    except Exception:  # a case that cannot be evaluated again contradicts nothing
        return None


def against_search(proof: Proof, claim, result) -> Proof:
    """The proof, unless a box it says is outside the domain holds a case the search admitted (a point where
    the hypotheses hold): then the two disagree, and the proof is not accepted (status ``error``, the case
    and the box said). Only proofs that count an outside box are looked at."""
    if result is None or getattr(result, "verdict", None) != "holds" or not proof.leaves("outside"):
        return proof
    for what, case in admitted_cases(claim, result):
        for part in proof.parts:
            if part.outcome is None:
                continue
            x = part.domain.point(case)
            if x is None:
                continue
            for leaf in part.outcome.leaves:
                if leaf.kind == "outside" and all(lo <= xi <= hi for xi, (lo, hi) in zip(x, leaf.box)):
                    proof.status = "error"
                    proof.reason = (f"{part.domain.text()}: the search admitted {what} ({_case_text(case)}), but the "
                                    f"proof says the box {box_text(part.domain, leaf.box)} holding it is outside the "
                                    f"domain ({leaf.detail.get('reason')}): the search and the proof disagree, so "
                                    "the proof is not accepted")
                    return proof
    return proof


def _case_text(case: dict, n: int = 160) -> str:
    text = ", ".join(f"{k} = {v}" for k, v in case.items())
    return text if len(text) <= n else text[: n - 1] + "…"
