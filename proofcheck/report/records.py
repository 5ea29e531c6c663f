"""The records of report.json (the schema is proofcheck.report's docstring): one per claim (claim_record), one per
printed statement with its readings rolled up by the primary one (statement_records)."""
from __future__ import annotations

import sympy as sp

from proofcheck.claim import Claim
from proofcheck.runs.engine import Result


def claim_record(claim: Claim, result: Result) -> dict:
    rec = result.to_json()
    rec.update({
        "title": claim.title,
        "source": {"seed": claim.source.seed, "where": claim.source.where, "quote": claim.source.quote},
        "statement": sp.sstr(claim.statement),
        "latex": sp.latex(claim.statement),
        "encoding": claim.encoding,
        "reading": claim.reading,
        "reconstructed": claim.reconstructed,
        "hypotheses": [h.text + ": " + sp.sstr(h.relation) for h in claim.hypotheses],
        "variables": [_variable_record(v) for v in claim.variables],
        "statement_id": claim.statement_id,
        "sides": side_labels(claim),
        "primary": claim.primary,
        "tightness_certified": ((result.evidence or {}).get("tightness") or {}).get("certified", {}).get("lower_bound"),
        "proved": result.verdict == "holds" and ((result.evidence or {}).get("proof") or {}).get("proved") is True,
    })
    return {k: rec[k] for k in ("id", "statement_id", "title", "verdict", "proved", "vacuous", "thin", "forces_degenerate", "primary", "margin", "relative_margin", "tightness", "tightness_certified", "source", "statement", "sides", "latex",
                                "hypotheses", "variables", "encoding", "reading", "reconstructed", "counterexample",
                                "evidence", "worst_case", "seconds")}


def side_labels(claim: Claim) -> dict:
    """What each side of the relation is, in the claim's own symbols (sympy's text of each side): the label of
    each certified enclosure the report prints ('xi_23 ∈ [0.51082, 0.51083]', not a bare interval)."""
    return {"lhs": sp.sstr(claim.statement.lhs), "rhs": sp.sstr(claim.statement.rhs)}


def statement_records(pairs: list[tuple[Claim, Result]]) -> list[dict]:
    """One record per printed statement, in the order the claims come: the readings rolled up by
    the primary one (see the schema above)."""
    groups: dict[str, list] = {}
    for claim, result in pairs:
        groups.setdefault(claim.statement_id, []).append((claim, result))
    return [_statement(sid, members) for sid, members in groups.items()]


def primary_of(readings: list[Claim]) -> Claim:
    """The primary reading of a statement: the one its claims module names, or the only reading."""
    named = [c for c in readings if c.primary]
    if len(named) == 1:
        return named[0]
    if len(readings) == 1:
        return readings[0]
    ids = ", ".join(c.id for c in readings)
    raise ValueError(f"statement {readings[0].statement_id} has {len(named)} primary readings among {ids}")


def _statement(sid: str, members) -> dict:
    readings = [(c, r) for c, r in members if c.variant is None]
    variants = [(c, r) for c, r in members if c.variant is not None]
    if not readings:  # only a variant was selected (e.g. --only 'x+corrected'): it stands for itself
        readings, variants = variants, []
    if len(readings) > 1 and not any(c.primary for c, _ in readings):  # (one reading alone stands for itself)
        return _unsettled(sid, readings, variants)
    primary = primary_of([c for c, _ in readings])
    p_result = next(r for c, r in readings if c is primary)
    others_violated = [c.id for c, r in readings if c is not primary and r.verdict == "violated"]
    if p_result.verdict == "violated":
        verdict = "violated"
    elif others_violated:
        verdict = "depends-on-reading"
    else:
        verdict = p_result.verdict
    degenerate = degenerate_primary_warning(primary, p_result, readings)
    return {
        "id": sid,
        "paper": sid.split(".")[0],
        "title": primary.title,
        "source": {"seed": primary.source.seed, "where": primary.source.where},
        "verdict": verdict,
        "proved": verdict == "holds" and ((p_result.evidence or {}).get("proof") or {}).get("proved") is True,
        "vacuous": p_result.vacuous if verdict == "holds" else None,
        "primary": {"id": primary.id, "reading": primary.reading,
                    "why": primary.primary or ("the only reading" if len(readings) == 1 else None)},
        "readings": _readings(readings, primary),
        "primary_degenerate": degenerate is not None,
        "warnings": [degenerate] if degenerate else [],
        "variants": _variants(variants),
        "counterexample": p_result.counterexample,
        "table": _table_summary(p_result),
    }


def _unsettled(sid: str, readings, variants) -> dict:
    """A statement whose primary reading has no result (the run ended before it, or --only left it out) while
    other readings have: inconclusive, its readings' verdicts listed (a report of a run cut off is still
    written)."""
    first = readings[0][0]
    why = "its primary reading was not checked in this run (the run ended before it, or it was not selected)"
    return {
        "id": sid, "paper": sid.split(".")[0], "title": first.title,
        "source": {"seed": first.source.seed, "where": first.source.where},
        "verdict": "inconclusive", "proved": False, "vacuous": None,
        "primary": {"id": None, "reading": None, "why": why},
        "readings": _readings(readings, None), "primary_degenerate": False, "warnings": [why],
        "variants": _variants(variants), "counterexample": None, "table": None,
    }


def _readings(readings, primary) -> list[dict]:
    """The records of a statement's readings (``primary``: the primary one's claim, or None)."""
    return [{"id": c.id, "reading": c.reading, "verdict": r.verdict, "vacuous": r.vacuous,
             "forces_degenerate": r.forces_degenerate or c.forces_degenerate, "primary": c is primary}
            for c, r in readings]


def _variants(variants) -> list[dict]:
    return [{"id": c.id, "variant": c.variant, "verdict": r.verdict, "vacuous": r.vacuous} for c, r in variants]


def degenerate_primary_warning(primary: Claim, p_result: Result, readings) -> str | None:
    """One line when the primary reading holds only where its hypotheses force a degenerate case (declared by
    the claim or found by the search), naming the readings that are neither degenerate nor vacuous."""
    why = p_result.forces_degenerate or primary.forces_degenerate
    if not why:
        return None
    sound = [c.id for c, r in readings if c is not primary and not (r.forces_degenerate or c.forces_degenerate)
             and not (r.vacuous or c.vacuous)]
    alt = (f"not degenerate: {', '.join(sound)}" if sound else "no reading that is not degenerate is registered")
    return (f"primary reading {primary.id} holds only where its hypotheses force a degenerate case "
            f"({' '.join(why.split())}); {alt}")


def _table_summary(result) -> dict | None:
    ev = (result.evidence or {}).get("table")
    if not ev:
        return None
    return {"name": ev["name"], "primary": ev["primary"], "counts": ev["counts"], "decided_by": ev["decided_by"],
            "optimistic": [r for r in ev["rows"] if r.get("verdict") == "optimistic"]}


def _variable_record(v) -> dict:
    """A variable in report.json; "sizes" is what a distribution, channel or vector declares (null: not declared,
    so a proof covers only the sizes its strategy draws)."""
    rec = {"name": v.name, "kind": v.kind, "lo": v.lo, "hi": v.hi, "doc": v.doc}
    if v.kind == "real":  # an end a real excludes is said: (1, 20] is not [1, 20]
        rec.update(lo_open=bool(v.lo_open), hi_open=bool(v.hi_open), range=v.range_text())
    if v.kind in ("simplex", "channel", "vector"):
        sizes = getattr(v, "sizes", None)
        rec["sizes"] = None if sizes is None else [list(k) if isinstance(k, tuple) else k for k in sizes]
    return rec
