"""Boxes decided through a face: the margin is monotone in one coordinate, and holds on the face it grows from.

Where the bound is attained on the boundary of a box (a corner where the margin is exactly 0, a whole
edge where both sides agree), no enclosure over the box decides it: every enclosure of the margin reaches
below 0. But if the partial derivative ∂_i g of the margin g is ≥ 0 over the whole box (forward mode on the
box path, :mod:`proofcheck.prove.jets`), then g(x) ≥ g(x with x_i = lo_i) at every point x of the box (the
mean-value theorem along the segment in coordinate i), so the relation holds on the box when it holds on its
face x_i = lo_i (≤ 0: the face x_i = hi_i). The face is a box of one dimension less, decided the same ways:
by enclosures, by the mean-value form, by :mod:`proofcheck.prove.symbolic`, or through one of its own faces;
a face of no width is one point, evaluated exactly where the formulas are exact.

A simplex coordinate is only moved down to its face (moving an entry down keeps a distribution one), or up
when the whole box lies in the simplex. The face a decision used is recorded as a tree, re-checked by
:func:`check_reason` (the certificate checker) from the claim and the box alone.
"""
from __future__ import annotations

from fractions import Fraction

import flint

from proofcheck.prove.mean_value import centers, jet_margin, mean_value_bound, mean_value_decides
from proofcheck.prove.plain import plain
from proofcheck.prove.symbolic import check_symbolic, symbolic_reason

FACE_TRIES = 2  # (coordinate, end) pairs tried per box, the most monotone first
MAX_EVALUATIONS = 24  # evaluations the face rule may spend on one box (faces of faces included)


class _Spent(Exception):
    pass


def face_of(box, i: int, end: str) -> tuple:
    e = box[i][0] if end == "lo" else box[i][1]
    return box[:i] + ((e, e),) + box[i + 1:]


def allowed(domain, box, i: int, end: str) -> bool:
    """May the margin be followed along coordinate i to that end of the box, within the domain?"""
    c = domain.coordinates[i]
    if c.kind == "integer" or box[i][0] == box[i][1]:
        return False
    if c.kind != "simplex" or end == "lo":
        return True
    return _box_in_simplex(domain, box)


def _box_in_simplex(domain, box) -> bool:
    return all(sum((box[j][1] for j in idx), Fraction(0)) <= 1 for _, idx in domain._rows())


def sign_allows(partial, end: str) -> bool:
    """∂g ≥ 0 over the box lets the margin be followed down to the lower face, ≤ 0 to the upper one
    (a partial that is absent is exactly 0)."""
    if partial is None:
        return True
    if not partial.is_finite():
        return False
    return bool(partial.lower() >= 0) if end == "lo" else bool(partial.upper() <= 0)


def candidates(domain, box, jet) -> list[tuple]:
    """(coordinate, end) pairs whose face the margin may be followed to, the largest |∂g|·width first."""
    out = []
    for i, (lo, hi) in enumerate(box):
        if lo == hi:
            continue
        p = (jet.d or {}).get(i)
        for end in ("lo", "hi"):
            if allowed(domain, box, i, end) and sign_allows(p, end):
                weight = 0.0 if p is None else float(abs(p).mid()) * float(hi - lo)
                out.append((-weight, i, end))
    return [(i, end) for _, i, end in sorted(out)]


def decide_by_faces(claim, domain, box, jet, strict: bool, budget=None) -> dict | None:
    """A reason (a tree of faces) that decides the box, or None. ``jet``: the margin's jet over the box."""
    budget = [MAX_EVALUATIONS] if budget is None else budget
    try:
        return _through_faces(claim, domain, box, jet, strict, budget)
    except _Spent:
        return None


def _through_faces(claim, domain, box, jet, strict, budget):
    for i, end in candidates(domain, box, jet)[:FACE_TRIES]:
        face = face_of(box, i, end)
        r = _decide_face(claim, domain, face, strict, budget)
        if r is not None:
            return {"monotone": {"coordinate": i, "end": end, "face": r}}
    return None


def _spend(budget):
    if budget[0] <= 0:
        raise _Spent()
    budget[0] -= 1


def _decide_face(claim, domain, face, strict, budget) -> dict | None:
    _spend(budget)
    d = plain(claim, domain, face, _bits())
    if d.kind == "decided":
        return {"by": "enclosure"}
    if d.kind != "undecided" or all(lo == hi for lo, hi in face):
        return None
    r = symbolic_reason(claim, domain, face, strict)
    if r is not None:
        return r
    _spend(budget)
    jet = jet_margin(claim, domain, face)
    if jet is None:
        return None
    for c in centers(face):
        _spend(budget)
        low = mean_value_bound(claim, domain, face, c, jet)
        if low is not None and (low > 0 if strict else low >= 0):
            return {"by": "mean_value", "at": [str(x) for x in c]}
    return _through_faces(claim, domain, face, jet, strict, budget)


def _bits():
    return flint.ctx.prec  # the precision the caller set (decide_box, the certificate checker)


# ----------------------------------------------------------------------------- re-checking a reason
def check_reason(claim, domain, box, reason, strict: bool, depth: int = 0) -> tuple[bool, str]:
    """Re-check a face tree on the box from the claim alone: (holds, what failed)."""
    if depth > len(box):
        return False, "the face tree is deeper than the box has coordinates"
    if not isinstance(reason, dict):
        return False, "a face reason that is not a record"
    if "monotone" in reason:
        m = reason["monotone"]
        try:
            i, end = int(m["coordinate"]), m["end"]
        except (KeyError, TypeError, ValueError):
            return False, "a malformed monotone step"
        if not (0 <= i < len(box)) or end not in ("lo", "hi") or not allowed(domain, box, i, end):
            return False, f"the margin may not be followed along coordinate {i} to its {end} face here"
        jet = jet_margin(claim, domain, box)
        if jet is None or not sign_allows((jet.d or {}).get(i), end):
            return False, f"∂g/∂{domain.coordinates[i].name} does not have the sign that moves toward the {end} face"
        return check_reason(claim, domain, face_of(box, i, end), m.get("face"), strict, depth + 1)
    by = reason.get("by")
    if by == "enclosure":
        ok = plain(claim, domain, box, _bits()).kind == "decided"
        return ok, "" if ok else "the enclosures over the face do not decide it"
    if by == "mean_value":
        try:
            at = tuple(Fraction(x) for x in reason["at"])
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            return False, "a malformed mean-value point"
        ok = len(at) == len(box) and mean_value_decides(claim, domain, box, at, jet_margin(claim, domain, box))
        return ok, "" if ok else f"the mean-value form at {list(reason['at'])} does not decide the face"
    if by == "symbolic":
        return check_symbolic(claim, domain, box, reason, strict)
    return False, f"unknown face reason {by!r}"
