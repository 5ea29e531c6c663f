"""A proof attempt as evidence: what was proved, where, with how many boxes, and what was left out."""
from __future__ import annotations

import math

EXAMPLES = 5  # excluded boxes shown in the evidence (the certificate lists every one)


def proof_evidence(proof) -> dict:
    out = {
        "proved": proof.proved,
        "status": proof.status,
        "summary": proof.summary(),
        "domain": proof.domain_text,
        "boxes": proof.leaves(),
        "decided": proof.leaves("decided"),
        "outside": proof.leaves("outside"),
        "excluded": proof.leaves("excluded"),
        "evaluations": sum(p.outcome.evaluations for p in proof.parts if p.outcome),
        "depth": max((p.outcome.depth for p in proof.parts if p.outcome), default=0),
        "smallest_certified_margin": _smallest_margin(proof),
        "seconds": round(proof.seconds, 3),
        "budget": proof.budget.to_json(),
        "method": ("interval branch and bound on the box path (arb balls over exact rational boxes), with the "
                   "mean-value form where plain enclosures overlap"),
        "certificate": None,
    }
    if proof.reason:
        out["reason"] = proof.reason
    routes = sorted({p.outcome.route for p in proof.parts if p.outcome and p.outcome.route})
    if routes:
        out["blocked_by"] = routes
    sizes = proof.sizes()
    if sizes:  # the sizes of distributions, channels and vectors covered, and whether each was declared
        undeclared = proof.undeclared()
        out["sizes"] = sizes
        out["sizes_declared"] = {k: k not in undeclared for k in sizes}
    if proof.status == "vacuous":
        out["vacuous"] = "every box is outside the domain (the hypotheses admit no point)"
    empty = [p.domain.text() for p in proof.parts if p.status == "vacuous"]
    if empty and proof.status != "vacuous":
        out["vacuous_parts"] = empty  # sizes (or fixed entries) at which no point is in the domain
    if any(p.outcome and p.outcome.where for p in proof.parts):
        part = next(p for p in proof.parts if p.outcome and p.outcome.where)
        out["at"] = box_text(part.domain, part.outcome.where)
    if proof.leaves("excluded"):
        out["excluded_region"] = [excluded_region(p) for p in proof.parts if p.outcome and p.outcome.count("excluded")]
    skipped = [{"domain": p.domain.text(), "reason": p.skipped} for p in proof.parts if p.skipped]
    if skipped:
        out["not_attempted"] = skipped
    if len(proof.parts) > 1:
        out["parts"] = [{"domain": p.domain.text(), "status": p.status,
                         "boxes": len(p.outcome.leaves) if p.outcome else 0} for p in proof.parts]
    return out


def _smallest_margin(proof):
    ms = [p.outcome.min_margin for p in proof.parts if p.outcome and p.outcome.min_margin is not None]
    if not ms:
        return None
    m = min(ms)
    return m if math.isfinite(m) else str(m)


def box_text(domain, box) -> dict:
    return {c.name: [str(lo), str(hi)] for c, (lo, hi) in zip(domain.coordinates, box)}


def excluded_region(part) -> dict:
    """The boxes a sub-domain proof leaves out: how many, their share of the domain, their hull, examples."""
    d, leaves = part.domain, [x for x in part.outcome.leaves if x.kind == "excluded"]
    hull = tuple((min(x.box[i][0] for x in leaves), max(x.box[i][1] for x in leaves))
                 for i in range(len(d.coordinates)))
    reasons = sorted({x.detail["reason"].split(":")[0] for x in leaves})
    return {"domain": d.text(), "boxes": len(leaves), "share_of_domain": _share(d, leaves),
            "hull": box_text(d, hull), "why": reasons,
            "examples": [{"box": box_text(d, x.box), "reason": x.detail["reason"]} for x in leaves[:EXAMPLES]]}


def _share(domain, leaves) -> float:
    """The excluded boxes' share of the domain's volume (log measure for a log-scale coordinate, counts for
    integers), as a float."""
    total = 0.0
    for leaf in leaves:
        v = 1.0
        for c, (lo, hi) in zip(domain.coordinates, leaf.box):
            if c.hi == c.lo:
                continue
            if c.kind == "integer":
                v *= float((hi - lo + 1) / (c.hi - c.lo + 1))
            elif c.kind == "log":
                v *= math.log(hi / lo) / math.log(c.hi / c.lo)
            else:
                v *= float((hi - lo) / (c.hi - c.lo))
        total += v
    return float(f"{total:.3g}")
