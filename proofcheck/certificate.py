"""Certificates of proofs by boxes, and the checker that trusts nothing in them.

A certificate (``OUT/certificates/<id>.json``, schema :data:`SCHEMA`) holds the claim id, the fingerprint
of the claim's code (:mod:`proofcheck.fingerprint`), the domain (its coordinates, with the
parametrisation of each distribution), and every box of the cover with exact rational ends and what
decides it: the enclosures of both sides, or why the box is outside the domain, or why it was excluded.

:func:`check_certificate` re-derives everything it can and re-evaluates every box on the box path alone
(no search, no engine state): the claim must have the recorded fingerprint (a certificate edited to name
another claim is refused), the recorded domain must be the claim's declared one, every box must lie in
it, every box said decided must be decided again (hypotheses certainly hold, the relation certainly
holds), every box said outside must be certainly outside, and the boxes must cover the domain exactly (a
removed box leaves a gap, which is shown). Only then, with no excluded box and no size left out, does
the certificate prove the claim.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import sympy as sp

from mechanisms.errors import InvalidInput
from proofcheck.evaluation import decided

SCHEMA = "proofcheck.certificate/1"
MIN_BITS, MAX_BITS = 53, 4096
SHOWN = 5  # boxes that fail a re-check, shown one by one


# ----------------------------------------------------------------------------- writing
def certificate_of(proof) -> dict:
    """The certificate of a proof attempt (a sub-domain proof lists its excluded boxes)."""
    from proofcheck.prove.report import proof_evidence

    ev = proof_evidence(proof)
    return {
        "schema": SCHEMA, "claim": proof.claim_id, "fingerprint": proof.fingerprint, "proved": proof.proved,
        "status": proof.status, "summary": ev["summary"], "precision_bits": proof.budget.precision,
        "budget": proof.budget.to_json(),
        "parts": [_part(p) for p in proof.parts if p.outcome is not None],
        "not_attempted": [{"domain": p.domain.to_json(), "reason": p.skipped} for p in proof.parts if p.skipped],
    }


def _part(part) -> dict:
    boxes = []
    for leaf in part.outcome.leaves:
        rec = {"box": [[str(lo), str(hi)] for lo, hi in leaf.box]}
        if leaf.kind == "decided":
            rec["decided"] = dict(leaf.detail)
        else:
            rec[leaf.kind] = leaf.detail["reason"]
        boxes.append(rec)
    return {"domain": part.domain.to_json(), "boxes": boxes}


def write_certificate(folder: Path, proof) -> Path:
    """OUT/certificates/<id>.json, written atomically; returns its path."""
    from proofcheck.report import safe_name
    from proofcheck.run import write_atomic

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{safe_name(proof.claim_id)}.json"
    write_atomic(path, json.dumps(certificate_of(proof), indent=1, ensure_ascii=False, allow_nan=False))
    return path


# ----------------------------------------------------------------------------- checking
@dataclass
class Checked:
    proves: bool
    claim_id: str | None
    lines: list = field(default_factory=list)  # what was checked, and what failed

    def fail(self, text: str) -> "Checked":
        self.proves = False
        self.lines.append("FAILS: " + text)
        return self


def read_certificate(path: str) -> dict:
    try:
        doc = json.loads(Path(path).read_text())
    except (OSError, ValueError) as e:
        raise InvalidInput(f"certificate {path!r} cannot be read as JSON ({type(e).__name__}: {e})"[:300]) from None
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        raise InvalidInput(f"{path!r} is not a proofcheck certificate (schema {SCHEMA})")
    return doc


def check_certificate(doc: dict, claims) -> Checked:
    """Re-check a certificate against the claims it may name (built-in or a user's file)."""
    from proofcheck import registry
    from proofcheck.fingerprint import claim_fingerprint

    claim = registry.find(claims, str(doc.get("claim")))
    out = Checked(True, claim.id)
    if doc.get("fingerprint") != claim_fingerprint(claim):
        return out.fail(f"the certificate's fingerprint {doc.get('fingerprint')!r} is not the fingerprint of claim "
                        f"{claim.id}'s code ({claim_fingerprint(claim)}): it was made for another claim or other code")
    out.lines.append(f"claim {claim.id}: fingerprint matches")
    if claim.is_identity or claim.statistical:
        return out.fail("an equality (or a statistical claim) is never proved by intervals")
    try:
        bits = min(max(int(doc.get("precision_bits", 128)), MIN_BITS), MAX_BITS)
        parts = [_read_part(p) for p in doc["parts"]]
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as e:
        raise InvalidInput(f"the certificate is malformed ({type(e).__name__}: {e})"[:300]) from None
    for domain, part_doc in _matched_domains(claim, parts, out):
        _check_part(claim, domain, part_doc, bits, out)
    if out.proves:
        out.lines.append(f"PROVES {claim.id} on its declared domain")
    return out


def _read_part(p: dict) -> dict:
    boxes = []
    for b in p["boxes"]:
        box = tuple((Fraction(lo), Fraction(hi)) for lo, hi in b["box"])
        kind = next(k for k in ("decided", "outside", "excluded") if k in b)
        at = b[kind].get("mean_value_at") if kind == "decided" and isinstance(b[kind], dict) else None
        why = b[kind].get("decided_by") if kind == "decided" and isinstance(b[kind], dict) else None
        boxes.append((box, kind, None if at is None else tuple(Fraction(x) for x in at), why))
    return {"coordinates": p["domain"]["coordinates"], "shapes": p["domain"].get("shapes", {}),
            "fixed": p["domain"].get("fixed", {}), "boxes": boxes}


def _matched_domains(claim, parts, out: Checked):
    """The claim's declared domains (re-derived), each paired with the certificate's part for it."""
    from proofcheck.prove.domain import NotProvable, claim_domains

    try:
        derived = claim_domains(claim)
    except NotProvable as e:
        out.fail(f"the claim's domain is not a finite union of bounded boxes: {e}")
        return []
    pairs, missing = [], []
    for d in derived:
        want = d.to_json()
        part = next((p for p in parts if p["coordinates"] == want["coordinates"] and p["fixed"] == want["fixed"]), None)
        if part is None:
            missing.append(d.text())
            continue
        pairs.append((d, part))
    if missing:
        more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
        out.fail(f"no part of the certificate covers {len(missing)} of the declared domains: "
                 f"{' | '.join(missing[:SHOWN])}{more}")
    extra = len(parts) - len(pairs)
    if extra > 0 and out.proves:
        out.lines.append(f"{extra} part(s) of the certificate match no declared domain (ignored)")
    return pairs


def _check_part(claim, domain, part, bits, out: Checked):
    root = domain.root()
    integer = [c.kind == "integer" for c in domain.coordinates]
    excluded, wrong = [], []
    for n, (box, kind, center, why_decided) in enumerate(part["boxes"]):
        why = _outside_root(box, root, integer)
        if why:
            return out.fail(f"{domain.text()}: box {n} {_show(domain, box)} {why}")
        if kind == "excluded":
            excluded.append(n)
            continue
        if center is not None:
            ok, what = _decided_by_mean_value(claim, domain, box, center, bits)
        elif why_decided is not None:
            ok, what = _decided_by_reason(claim, domain, box, why_decided, bits)
        else:
            ok, what = (_decided if kind == "decided" else _outside)(claim, domain, box, bits)
        if not ok:
            wrong.append(f"box {n} {_show(domain, box)} is said {kind} but is not: {what}")
    for text in wrong[:SHOWN]:
        out.fail(f"{domain.text()}: {text}")
    if len(wrong) > SHOWN:
        out.fail(f"{domain.text()}: and {len(wrong) - SHOWN} more boxes said decided or outside that are not")
    if excluded:
        n = excluded[0]
        out.fail(f"{domain.text()}: {len(excluded)} boxes are excluded (not decided), e.g. box {n} "
                 f"{_show(domain, part['boxes'][n][0])}: the certificate proves the claim on a sub-domain only")
    from proofcheck.prove.cover import first_gap

    gap = first_gap(root, [b[0] for b in part["boxes"]], integer)
    if gap is not None:
        return out.fail(f"{domain.text()}: the boxes do not cover the domain; uncovered: {_show(domain, gap)}")
    out.lines.append(f"{domain.text()}: {len(part['boxes'])} boxes re-checked, and they cover the domain")


def _outside_root(box, root, integer) -> str | None:
    if len(box) != len(root):
        return f"has {len(box)} coordinates, the domain {len(root)}"
    for (lo, hi), (rlo, rhi), whole in zip(box, root, integer):
        if not (rlo <= lo <= hi <= rhi):
            return "is not inside the declared domain"
        if whole and (lo.denominator != 1 or hi.denominator != 1):
            return "has an integer coordinate with ends that are not integers"
    return None


def _show(domain, box) -> str:
    return "{" + ", ".join(f"{c.name} ∈ [{lo}, {hi}]" for c, (lo, hi) in zip(domain.coordinates, box)) + "}"


# ----------------------------------------------------------------------------- one box, again


def _values(claim, domain, box, bits):
    from proofcheck.evaluation import quantity_values
    from proofcheck.numerics import precision
    from proofcheck.prove.tight import path

    with precision(bits):
        return quantity_values(claim, domain.case(box), path())


def _side(expr, values, bits):
    from proofcheck.evaluation import evaluate
    from proofcheck.numerics import precision
    from proofcheck.prove.tight import path

    with precision(bits):
        return evaluate(expr, values, path())


def _decided(claim, domain, box, bits):
    if domain.outside_simplex(box):
        return False, "it lies outside the simplex"
    try:  # the relation on the whole box: then on its points in the domain, whatever the hypotheses say
        values = _values(claim, domain, box, bits)
        lhs, rhs = _side(claim.statement.lhs, values, bits), _side(claim.statement.rhs, values, bits)
    except Exception as e:  # any failure to evaluate means not decided
        return False, f"{type(e).__name__}: {e}"[:200]
    from proofcheck.prove.tight import relation_decided

    if relation_decided(claim.statement, lhs, rhs) is True:
        return True, ""
    return False, "the enclosures of the sides overlap"


def _decided_by_mean_value(claim, domain, box, center, bits):
    """The mean-value form at the recorded point, formed again: derivatives over the box by forward mode on
    the box path, the margin at the point, the lower end of g(c) + Σ ∂g(box)·(box − c)."""
    from proofcheck.numerics import precision
    from proofcheck.prove.mean_value import mean_value_decides

    if len(center) != len(box):
        return False, "its mean-value point has the wrong number of coordinates"
    with precision(bits):
        ok = mean_value_decides(claim, domain, box, center)
    return (True, "") if ok else (False, f"the mean-value form at {[str(x) for x in center]} does not decide it")


def _decided_by_reason(claim, domain, box, reason, bits):
    """A box decided by the factored margin's sign or through a face: the reason re-checked from the claim
    (the form is derived again, every derivative and face evaluated again)."""
    from proofcheck.numerics import precision
    from proofcheck.prove.faces import check_reason

    if domain.outside_simplex(box):
        return False, "it lies outside the simplex"
    strict = isinstance(claim.statement, (sp.Lt, sp.Gt))
    try:
        with precision(bits):
            return check_reason(claim, domain, box, reason, strict)
    except Exception as e:  # any failure to re-check means not decided
        return False, f"{type(e).__name__}: {e}"[:200]


def _outside(claim, domain, box, bits):
    from proofcheck.evaluation import Outside

    if domain.outside_simplex(box):
        return True, ""
    try:
        values = _values(claim, domain, box, bits)
    except Outside:  # raised on a branch every point of the box takes (balls answer only decided comparisons)
        return True, ""
    except Exception as e:
        return False, f"{type(e).__name__}: {e}"[:200]
    for h in claim.hypotheses:
        try:
            if decided(h.relation, _side(h.relation.lhs, values, bits), _side(h.relation.rhs, values, bits)) is False:
                return True, ""
        except Exception:  # this hypothesis decides nothing here; another may
            continue
    try:  # the statement itself undefined on the whole box (0 · ∞ with decided signs)
        _side(claim.statement.lhs, values, bits), _side(claim.statement.rhs, values, bits)
    except Outside:
        return True, ""
    except Exception:
        pass
    return False, "no hypothesis certainly fails on the whole box"
