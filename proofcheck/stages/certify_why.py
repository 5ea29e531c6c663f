"""Why a case is outside a statement's domain (:func:`_why_outside`), and why a float violation could not be
certified at any of its roundings (:func:`why_uncertified`): the sentences of an inconclusive verdict."""
from __future__ import annotations

import math

import numpy as np

from mechanisms.numerics.exact import is_infinity
from proofcheck.stages.certify_sides import enclosure
from proofcheck.stages.evaluation import ClaimError, Outside, _holds, quantity_values
from proofcheck.measures import CERTIFIED, FLOAT
from proofcheck.numerics import Undecided, fmt, lower, precision, upper
from proofcheck.stages.rounding import show_exact


FLOAT_PATH = "float"


def _why_outside(claim, case: dict, path: str) -> str | None:
    """Why a case is outside the statement's domain on a path: an excluded end, a quantity's OutsideDomain, or
    the first hypothesis that fails (None when it is not outside)."""
    m = FLOAT if path == FLOAT_PATH else CERTIFIED
    try:
        values = quantity_values(claim, case, m)
    except Outside as e:
        return str(e)
    except (Undecided, ClaimError):
        return None
    return _first_failing(claim, values, m)


def _failing_hypothesis(claim, exact: dict, prec: int) -> str | None:
    """The first hypothesis not certified at the exact case, as 'the hypothesis <text>' (None: none found):
    :func:`_why_outside` on the certified path at this precision."""
    with precision(prec):
        return _why_outside(claim, exact, "certified")


def _first_failing(claim, values, m) -> str | None:
    for h in claim.hypotheses:
        try:
            ok = _holds(h.relation, values, m)
        except Exception:  # a hypothesis that cannot be evaluated here is the one that fails
            ok = False
        if not ok:
            return f"the hypothesis {h.text}"
    return None


def why_uncertified(claim, case: dict, attempts: list) -> str | None:
    """Why no rounding of the float violation at `case` certified, from the Attempts certify_violation logged for
    that very case object: the domain every rounding fell outside ("every rounding of alpha =
    1.0000000001 fell outside the hypothesis alpha > 1; alpha ∈ (1, 20]"); for an identity whose enclosures overlap
    but are wider than its digits ask, the digits they agree to and the Claim(digits=...) that would match them;
    otherwise what the enclosures were. None when nothing was logged for the case."""
    mine = [a for a in attempts if a.case is case]
    if not mine:
        return None
    what = _case_text(claim, case)
    overlaps = [a for a in mine if a.outcome == "overlap" and a.certified is not None]
    if overlaps:
        best = max(overlaps, key=lambda a: _agreement_digits(a.certified.lhs, a.certified.rhs))
        lhs, rhs = enclosure(best.certified.lhs), enclosure(best.certified.rhs)
        k = _agreement_digits(lhs, rhs)
        encl = f"lhs ∈ {fmt(lhs)}, rhs ∈ {fmt(rhs)} at {_objects_text(best.exact)}"
        if claim.is_identity and k < claim.digits:
            return (f"a float violation was found at {what} but no rounding of it could be certified: the enclosures "
                    f"agree to {k} digits, the claim asks {claim.digits} ({encl}): set Claim(digits={k}) or a finer "
                    "route")
        return (f"a float violation was found at {what} but no rounding of it could be certified: the enclosures "
                f"overlap at every rounding evaluated ({encl}; they agree to {k} digits)")
    outside = [a for a in mine if a.outcome in ("outside", "hypotheses")]
    if outside and all(a.outcome in ("outside", "hypotheses", "no float violation") for a in mine):
        whys = []
        for a in outside:
            why = a.reason()
            if why and why not in whys:
                whys.append(why)
        where = "; ".join(whys[:2]) + (f" (and {len(whys) - 2} more)" if len(whys) > 2 else "") \
            if whys else "the statement's domain"
        ranges = _ranges_text(claim, case)
        return (f"every rounding of {what} fell outside its domain: {where}"
                + (f"; {ranges}" if ranges else "")
                + ("" if len(outside) == len(mine) else
                   f" (or was no float violation: {len(mine) - len(outside)} of {len(mine)} roundings)"))
    if all(a.outcome == "no float violation" for a in mine):
        return (f"a float violation was found at {what} but at none of its {len(mine)} roundings is the float margin "
                "a violation: it is narrower than the roundings tried")
    holds = [a for a in mine if a.outcome == "holds"]
    if holds:
        a = holds[0]
        return (f"a float violation was found at {what} but the certified path refutes it at its roundings "
                f"(lhs ∈ {fmt(enclosure(a.certified.lhs))}, rhs ∈ {fmt(enclosure(a.certified.rhs))} at "
                f"{_objects_text(a.exact)}): a float route disagrees with its certified one")
    return None


def _agreement_digits(lhs, rhs) -> int:
    """The decimal digits two overlapping enclosures agree to: −log10 of the width of their hull relative to their
    size (0 when the hull is as wide as the values)."""
    lhs, rhs = enclosure(lhs), enclosure(rhs)
    if is_infinity(lhs) or is_infinity(rhs):
        return 0

    lo = min(lower(lhs), lower(rhs))
    hi = max(upper(lhs), upper(rhs))
    scale = max(abs(lo), abs(hi))
    if not (math.isfinite(lo) and math.isfinite(hi)) or scale == 0:
        return 0
    width = (hi - lo) / scale
    if width <= 0:
        return 17
    return max(0, int(math.floor(-math.log10(width))))


def _case_text(claim, case: dict) -> str:
    """The case's reals (and vectors) as 'alpha = 1.0000000001', for a reason; the whole case when it has none."""
    parts = []
    for v in claim.variables:
        if v.kind in ("real", "vector") and v.name in case and v.name not in claim.exact_inputs:
            x = case[v.name]
            parts.append(f"{v.name} = " + (f"{float(x)!r}" if v.kind == "real" else
                                           "[" + ", ".join(f"{float(y)!r}" for y in np.ravel(x)[:4])
                                           + (", …" if np.size(x) > 4 else "") + "]"))
    if not parts:
        return "the case " + _objects_text(case)
    return ", ".join(parts[:4]) + (", …" if len(parts) > 4 else "")


def _ranges_text(claim, case: dict) -> str:
    """'alpha ∈ (1, 20]' for each real of the case with a declared range."""
    parts = [f"{v.name} ∈ {v.range_text()}" for v in claim.variables
             if v.kind in ("real", "vector") and v.name in case and (v.lo is not None or v.hi is not None)]
    return ", ".join(parts[:4])


def _objects_text(case: dict, n: int = 160) -> str:
    t = ", ".join(f"{k} = {v}" for k, v in show_exact(case).items())
    return t if len(t) <= n else t[: n - 1] + "…"
