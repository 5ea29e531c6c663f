"""Stage 4 — certify: the relation at an exact case, in exact rationals and arb interval arithmetic.

Only this stage can make a claim `violated`: the hypotheses must hold on the exact case and the
enclosures of both sides must be disjoint on the wrong side. Every value a quantity hands to it has
passed the certificate boundary (exact numbers, arb balls, exact infinities; a float is an error of
the claim, see proofcheck.stages.evaluation).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy as sp

from mechanisms.numerics.exact import is_infinity
# the certified sides, the tightness ratio and the reasons of an inconclusive verdict live in their own modules;
# their names stay importable from here
from proofcheck.stages.certify_tightness import certify_ratio, significant_case
from proofcheck.stages.certify_sides import (CERT_PRECISIONS, Certified, agree_closely, certified_margin, certified_sides,
                                             decide, enclosure, noise_check)
from proofcheck.stages.certify_why import FLOAT_PATH, _failing_hypothesis, _why_outside, why_uncertified
from proofcheck.stages.evaluation import ClaimError, Outside, certainly_less, evaluate, exactly_equal, quantity_values
from proofcheck.stages.margins import float_margin, is_violation, relative
from proofcheck.measures import CERTIFIED
from proofcheck.stages.mc_evidence import statistical_overrides
from proofcheck.numerics import Undecided, fmt, lower, precision, upper
from proofcheck.stages.rounding import exactify, floatify, show_exact

__all__ = ["CERT_PRECISIONS", "Certified", "enclosure", "certified_sides", "decide", "certified_margin", "agree_closely",
           "noise_check", "certify_violation", "witness_rank", "witness_summary", "merge_witnesses",
           "boundary_hypotheses", "SIGNIFICANT_DIGITS", "Attempt", "FLOAT_PATH", "why_uncertified",
           "certified_quantities", "certify_case", "gap", "relation_symbol", "certify_ratio", "significant_case",
           "read_exact", "certified_violation_at", "certify_example"]


def certify_violation(claim, candidates, until: float, mc: dict | None = None, extra_until: float | None = None,
                      log: list | None = None, significant: bool = True):
    """The most convincing certified counterexample among the candidates: for each candidate, the first
    rounding (smallest denominators first; only when no candidate certifies at any, each number to a few
    significant digits, then the float values as exact binary fractions) whose exact case certifiably violates
    the claim; of those, the one with the largest relative violation, then the fewest and smallest exact objects
    (the others are kept in "other_witnesses"). Candidates after the first certified one are tried until
    `extra_until` (default `until`). None if no candidate certifies; `log` (a list) then receives one Attempt per
    rounding tried, for why_uncertified. With significant=False only the denominators are tried. A statistical claim's Monte Carlo quantities enter as intervals at
    confidence 1 − 1e−9 (mc = {"seed", "samples", "device"}); its certificate is then labelled statistical, and
    its first certified witness is the one shown."""
    found, seen = [], set()
    # the claim's denominators first; only when no candidate certifies so, roundings to significant digits (a
    # violation that needs a weight of 1e-12, which every common denominator rounds to 0, or a Rényi order within
    # 1e-12 of its open end) and the float values themselves, exactly — for every kind of variable
    for by_digits in ((False, True) if significant else (False,)):
        for cand in candidates:
            if found and (claim.statistical or time.monotonic() > (until if extra_until is None else extra_until)):
                break
            cx = _certify_candidate(claim, cand, until, mc, by_digits, log)
            if cx is None:
                continue
            key = repr(cx["objects"])
            if key not in seen:
                seen.add(key)
                found.append(cx)
        if found:
            break
    if not found:
        return None
    found.sort(key=witness_rank)
    best = found[0]
    best["other_witnesses"] = [witness_summary(o) for o in found[1:]]
    return best


def witness_rank(cx: dict) -> tuple:
    """Most convincing first: off the boundary of the hypotheses (fewest hypotheses that hold with equality
    there: α = 1 under 'α ≥ 1' is shown only when no interior witness was found), then the largest relative
    violation, then the fewest and smallest objects."""
    return (len(cx.get("hypothesis_boundary") or ()), -cx.get("relative_violation", 0.0),
            len("".join(repr(cx["objects"]).split())))


def witness_summary(cx: dict) -> dict:
    """A certified witness as kept beside the one shown."""
    out = {"objects": cx["objects"], "lhs": cx["lhs"], "rhs": cx["rhs"],
           "relative_violation": cx["relative_violation"]}
    if cx.get("hypothesis_boundary"):
        out["hypothesis_boundary"] = cx["hypothesis_boundary"]
    return out


def merge_witnesses(a: dict, b: dict) -> dict:
    """Two results of certify_violation as one: the better ranked shown, every other witness kept."""
    best, other = (a, b) if witness_rank(a) <= witness_rank(b) else (b, a)
    rest = [witness_summary(other)] + list(other.get("other_witnesses", ())) + list(best.get("other_witnesses", ()))
    seen, kept = {repr(best["objects"])}, []
    for w in rest:
        if repr(w["objects"]) not in seen:
            seen.add(repr(w["objects"]))
            kept.append(w)
    best["other_witnesses"] = sorted(kept, key=witness_rank)
    return best


def boundary_hypotheses(claim, exact: dict, prec: int) -> list[str]:
    """The non-strict hypotheses (≤, ≥) that hold with equality at the exact case: the case sits on the
    boundary of the statement's domain (certified: both sides exact and equal)."""
    weak = [h for h in claim.hypotheses if isinstance(h.relation, (sp.Le, sp.Ge))]
    if not weak:
        return []
    out = []
    with precision(prec):
        try:
            values = quantity_values(claim, exact, CERTIFIED)
            for h in weak:
                if exactly_equal(evaluate(h.relation.lhs, values, CERTIFIED),
                                 evaluate(h.relation.rhs, values, CERTIFIED)):
                    out.append(h.text)
        except (Outside, Undecided, ClaimError):
            return out
    return out


SIGNIFICANT_DIGITS = (3, 6, 9)  # the last resort: roundings that keep a weight of 1e-12 alive


@dataclass
class Attempt:
    """One rounding of a candidate that certify_violation tried, and what became of it: 'certified', 'no float
    violation' (the rounding's float margin is not a violation), 'outside' (a quantity or an excluded end put
    the exact case outside the domain: `why`), 'hypotheses' (a hypothesis is not certified there: `why`),
    'overlap' / 'holds' (the certified enclosures `certified`), 'undecided' (undecided at every precision), or
    'error' (an error of the claim at the rounding: `why`)."""
    case: dict  # the float candidate (the very object given)
    label: object  # the denominator, "d significant digits", or None (the exact binary values)
    exact: dict
    outcome: str
    why: object = None  # str, or a function giving it (worked out only for the case a reason is written about)
    certified: Certified | None = None

    def reason(self) -> str | None:
        if callable(self.why):
            self.why = self.why()
        return self.why


def _candidate_roundings(claim, cand, significant: bool):
    """(label, exact case): the claim's denominators, smallest first; or (significant) each number to a few
    significant digits (a distribution's tiny entries survive, which a common denominator rounds to 0; a real
    next to an end keeps its offset from it), then the float values as exact binary fractions."""
    if not significant:
        for q in claim.rounding:
            yield q, exactify(claim, cand, q)
        return
    for d in SIGNIFICANT_DIGITS:
        yield f"{d} significant digits", significant_case(claim, cand, d)
    yield None, exactify(claim, cand, None)


def _certify_candidate(claim, cand, until, mc, significant: bool = False, log: list | None = None):
    def note(label, exact, outcome, why=None, c=None):
        if log is not None:
            log.append(Attempt(cand, label, exact, outcome, why, c))

    for q, exact in _candidate_roundings(claim, cand, significant):
        if time.monotonic() > until:
            return None
        fcase = floatify(exact)
        r = float_margin(claim, fcase)  # an error of the claim propagates
        if r is None:
            note(q, exact, "outside", lambda fcase=fcase: _why_outside(claim, fcase, FLOAT_PATH))
            continue
        if not is_violation(claim, *r):
            note(q, exact, "no float violation")
            continue
        overrides, records = None, None
        if claim.statistical:
            mc = mc or {}
            overrides, records = statistical_overrides(claim, fcase, mc.get("seed", 0), mc.get("samples"),
                                                       mc.get("device", "auto"))
            if overrides is None:
                return None
        try:
            c = certified_sides(claim, exact, overrides)
        except Outside as e:
            note(q, exact, "outside", str(e))
            continue
        except Undecided as e:
            note(q, exact, "undecided", str(e))
            continue
        if not c.hypotheses_ok:
            note(q, exact, "hypotheses", lambda exact=exact, prec=c.precision: _failing_hypothesis(claim, exact, prec))
            continue
        if c.relation == "violated":
            cx = _counterexample(claim, exact, fcase, q, c)
            if records:
                cx["statistical"] = records
                cx["certificate"]["method"] = ("statistical: rigorous Monte Carlo interval(s) at confidence "
                                               f"{records[0]['confidence']} for {', '.join(r['quantity'] for r in records)}, "
                                               "then exact rationals + arb interval arithmetic")
            return cx
        note(q, exact, "overlap" if c.relation is None else "holds", None, c)
    return None


def _counterexample(claim, exact, fcase, q, c: Certified) -> dict:
    lhs, rhs = enclosure(c.lhs), enclosure(c.rhs)
    with precision(c.precision):
        margin = certified_margin(claim, lhs, rhs)
    out = {
        "objects": show_exact(exact),
        "relative_violation": _relative_violation(margin, lhs, rhs),
        "quantities": certified_quantities(claim, exact, c.precision),
        "denominator": q,
        "lhs": fmt(lhs),
        "rhs": fmt(rhs),
        "relation": relation_symbol(claim),
        "margin": _certified_margin_end(margin),
        "margin_enclosure": fmt(margin) if not is_infinity(margin) else str(margin),
        "certificate": {
            "method": "exact rationals + python-flint arb interval arithmetic",
            "precision_bits": c.precision,
            "hypotheses": "each certified on the exact case",
            "lhs_enclosure": fmt(lhs),
            "rhs_enclosure": fmt(rhs),
            "gap_lower_bound": gap(claim, lhs, rhs),
        },
        "float_case": fcase,
    }
    boundary = boundary_hypotheses(claim, exact, c.precision)
    if boundary:
        out["hypothesis_boundary"] = boundary
    return out


def _relative_violation(margin, lhs, rhs) -> float:
    """|margin| / max(|lhs|, |rhs|, tiny), from the enclosures' midpoints (a ranking, not a certificate);
    an infinite side is a violation of relative size 1."""
    if is_infinity(margin) or is_infinity(lhs) or is_infinity(rhs):
        return 1.0
    return min(abs(relative(float(margin.mid()), float(lhs.mid()), float(rhs.mid()))), 1e300)


def _certified_margin_end(x) -> float:
    """The margin of a violation as certified: the upper end of its enclosure (every point of it is at most this,
    below 0), never its midpoint — a near tie whose enclosure is wide is shown as the near tie it is."""
    if is_infinity(x):
        return x
    return upper(x)


def certified_quantities(claim, exact: dict, prec: int) -> dict:
    """Each symbol of the statement at the exact case, as a certified enclosure (for a reader
    who wants to check the counterexample step by step)."""
    out = {}
    with precision(prec):
        try:
            values = quantity_values(claim, exact, CERTIFIED)
        except (Outside, Undecided, ClaimError):
            return out
    for name, v in values.items():
        if isinstance(v, Fraction):
            out[name] = str(v)
        elif isinstance(v, (int, np.integer)) and not isinstance(v, bool):
            out[name] = str(int(v))
        elif is_infinity(v) or hasattr(v, "mid"):
            out[name] = fmt(v)
    return out


def _roundings_in_domain(claim, case: dict, denominators, skip=(Outside, Undecided)):
    """(q, exact case, Certified) for each rounding of a float case whose hypotheses are certified, smallest
    denominators first (q = None: the float values as exact dyadics); the exceptions in `skip` pass over a
    rounding."""
    for q in denominators:
        exact = exactify(claim, case, q)
        try:
            c = certified_sides(claim, exact)
        except skip:
            continue
        if c.hypotheses_ok:
            yield q, exact, c


def certify_case(claim, case: dict, denominators=(10**6, 10**9)) -> dict | None:
    """Certified enclosures of both sides at a rounding of a float case (for the tightest case of a
    claim that holds); None when no rounding is in the domain (or the claim is statistical: its
    quantity has no certified route)."""
    if claim.statistical:
        return None
    for q, exact, c in _roundings_in_domain(claim, case, denominators):
        relation = c.relation
        if relation is None:
            relation = ("enclosures overlap: consistent with equality (an identity between transcendental "
                        "values cannot be certified by intervals)" if claim.is_identity else "undecided (overlap)")
        return {"denominator": q, "objects": show_exact(exact), "lhs": fmt(enclosure(c.lhs)),
                "rhs": fmt(enclosure(c.rhs)), "relation_certified": relation}
    return None


def gap(claim, lhs, rhs) -> str:
    """A float that is certainly below the distance between the two enclosures."""
    if isinstance(claim.statement, sp.Eq):
        return repr(abs(lower(lhs) - upper(rhs)) if certainly_less(rhs, lhs) else abs(lower(rhs) - upper(lhs)))
    small, big = (lhs, rhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (rhs, lhs)
    if is_infinity(small) or is_infinity(big):
        return "inf"
    return repr(lower(small) - upper(big))


def relation_symbol(claim) -> str:
    return {sp.Le: "<=", sp.Lt: "<", sp.Ge: ">=", sp.Gt: ">", sp.Eq: "="}[type(claim.statement)]


def read_exact(objects: dict) -> dict:
    """Exact objects as the report shows them (show_exact: 'p/q' and decimal strings, integers, nested lists) back
    as an exact case: each numeric string an exact Fraction ('0.9' is 9/10), everything else as it is."""
    def conv(x):
        if isinstance(x, str):
            try:
                return Fraction(x)
            except ValueError:  # a structural entry (a label) is not a number
                return x
        if isinstance(x, (list, tuple)):
            return [conv(y) for y in x]
        return x
    return {k: conv(v) for k, v in objects.items()}


def certified_violation_at(claim, objects: dict, label) -> dict | None:
    """The counterexample record (as certify_violation makes it, with its float case) at exact objects a later
    stage certified — the tightest case or the ratio's witness of a claim the search found no float violation
    of — when the hypotheses hold there and the enclosures are disjoint on the wrong side; None otherwise."""
    if claim.statistical:
        return None
    exact = read_exact(objects)
    try:
        c = certified_sides(claim, exact)
    except (Outside, Undecided, ClaimError):
        return None
    if not c.hypotheses_ok or c.relation != "violated":
        return None
    return _counterexample(claim, exact, floatify(exact), label, c)


def certify_example(claim, objects: dict) -> tuple[dict | None, str | None]:
    """A counterexample given by hand (a finding's example, proofcheck.report.findings.Example) certified as the engine
    certifies its own: (the counterexample record, None) when the hypotheses hold on the exact objects and the
    enclosures are disjoint on the wrong side, else (None, why not)."""
    if claim.statistical:
        return None, "a statistical claim has no certified route at a single case"
    exact = read_exact(objects)
    try:
        c = certified_sides(claim, exact)
    except Outside as e:
        return None, f"outside the domain: {e}"
    except (Undecided, ClaimError) as e:
        return None, f"not decided: {type(e).__name__}: {e}"
    if not c.hypotheses_ok:
        return None, "a hypothesis fails at the exact objects"
    if c.relation != "violated":
        return None, f"the relation is {c.relation or 'undecided (the enclosures overlap)'} at the exact objects"
    return _counterexample(claim, exact, floatify(exact), "exact (declared)", c), None
