"""Stage 4 — certify: the relation at an exact case, in exact rationals and arb interval arithmetic.

Only this stage can make a claim `violated`: the hypotheses must hold on the exact case and the
enclosures of both sides must be disjoint on the wrong side. Every value a quantity hands to it has
passed the certificate boundary (exact numbers, arb balls, exact infinities; a float is an error of
the claim, see proofcheck.evaluation).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy as sp

from mechanisms.exact import is_infinity
from proofcheck.evaluation import ClaimError, Outside, certainly_less, quantity_values, sides
from proofcheck.margins import float_margin, is_violation, relative
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import DEFAULT_PREC, Undecided, fmt, precision, to_arb
from proofcheck.rounding import exactify, floatify, show_exact

CERT_PRECISIONS = (DEFAULT_PREC, 512)


@dataclass
class Certified:
    lhs: object  # arb ball, exact number or exact infinity
    rhs: object
    hypotheses_ok: bool
    precision: int
    relation: str | None  # 'violated' | 'holds' | None (the enclosures overlap)


def enclosure(x):
    """An exact number as an arb ball; arb balls and exact infinities as they are."""
    return x if is_infinity(x) else to_arb(x)


def certified_sides(claim, exact_case: dict, overrides=None) -> Certified:
    """Both sides and the hypotheses at an exact case, retried at a higher precision while the
    enclosures are too wide to decide. Raises Outside (the exact case is outside the domain),
    ClaimError (an error of the claim), or Undecided (undecided at every precision)."""
    last = None
    for prec in CERT_PRECISIONS:
        with precision(prec):
            try:
                lhs, rhs, ok = sides(claim, exact_case, CERTIFIED, overrides)
            except Undecided as e:
                last = e
                continue
            if not ok:
                return Certified(None, None, False, prec, None)
            relation = decide(claim, lhs, rhs)
            last = Certified(lhs, rhs, ok, prec, relation)
            if relation is not None:
                return last
    if isinstance(last, Certified):
        return last
    raise last


def decide(claim, lhs, rhs) -> str | None:
    """'violated' / 'holds' when the enclosures decide the relation, None when they overlap."""
    lhs, rhs = enclosure(lhs), enclosure(rhs)
    st = claim.statement
    if isinstance(st, sp.Eq):
        if certainly_less(lhs, rhs) or certainly_less(rhs, lhs):
            return "violated"
        if not is_infinity(lhs) and not is_infinity(rhs) and lhs.is_exact() and rhs.is_exact() and lhs == rhs:
            return "holds"
        if is_infinity(lhs) and is_infinity(rhs) and lhs == rhs:
            return "holds"
        return None
    small, big = (lhs, rhs) if isinstance(st, (sp.Le, sp.Lt)) else (rhs, lhs)
    strict = isinstance(st, (sp.Lt, sp.Gt))
    if certainly_less(big, small):
        return "violated"
    if certainly_less(small, big):
        return "holds"
    if is_infinity(small) and is_infinity(big) and small == big:
        return "violated" if strict else "holds"
    if not is_infinity(small) and not is_infinity(big) and small.is_exact() and big.is_exact() and small == big:
        return "violated" if strict else "holds"
    return None


def certified_margin(claim, lhs, rhs):
    """The certified margin at the case (rhs − lhs for ≤, lhs − rhs for ≥) as an enclosure, or
    ±inf when a side is infinite."""
    lhs, rhs = enclosure(lhs), enclosure(rhs)
    a, b = (rhs, lhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (lhs, rhs)
    if isinstance(claim.statement, sp.Eq):
        a, b = rhs, lhs
    if is_infinity(a) or is_infinity(b):
        if is_infinity(a) and is_infinity(b):
            return 0.0 if a == b else (math.inf if a > 0 else -math.inf)
        return a if is_infinity(a) else -b
    return a - b


def noise_check(claim, case: dict) -> str | None:
    """Why a float alarm is not a violation, decided on the certified path at the finely rounded
    case (or, if that falls outside the domain, at the float values taken as exact dyadics):
    'outside' when the exact case is outside the domain, 'refuted' when the relation holds or both
    sides agree to far more digits than the alarm's size (an exact tie that float noise made a
    violation); None when the alarm stands. An error of the claim propagates. A statistical claim's
    alarms all stand here: only its Monte Carlo certificate decides them."""
    if claim.statistical:
        return None
    for q in (10**9, None):
        try:
            exact = exactify(claim, case, q)
            c = certified_sides(claim, exact)
        except (Outside, Undecided):
            continue
        if not c.hypotheses_ok:
            return "outside"
        if c.relation == "holds" or (c.relation is None and agree_closely(c.lhs, c.rhs)):
            return "refuted"
        return None
    return None


def agree_closely(lhs, rhs, digits: int = 30) -> bool:
    lhs, rhs = enclosure(lhs), enclosure(rhs)
    if is_infinity(lhs) or is_infinity(rhs):
        return False
    width = max(float(lhs.rad()), float(rhs.rad()))
    scale = max(abs(float(lhs.mid())), abs(float(rhs.mid())), 1.0)
    return width <= scale * 10.0 ** -digits


def certify_violation(claim, candidates, until: float, mc: dict | None = None, extra_until: float | None = None):
    """The most convincing certified counterexample among the candidates: for each candidate, the first
    rounding (smallest denominators first) whose exact case certifiably violates the claim; of those, the
    one with the largest relative violation, then the fewest and smallest exact objects (the others are
    kept in "other_witnesses"). Candidates after the first certified one are tried until `extra_until`
    (default `until`). None if no candidate certifies. A statistical claim's Monte Carlo quantities enter
    as intervals at confidence 1 − 1e−9 (mc = {"seed", "samples", "device"}); its certificate is then
    labelled statistical, and its first certified witness is the one shown."""
    found, seen = [], set()
    for cand in candidates:
        if found and (claim.statistical or time.monotonic() > (until if extra_until is None else extra_until)):
            break
        cx = _certify_candidate(claim, cand, until, mc)
        if cx is None:
            continue
        key = repr(cx["objects"])
        if key not in seen:
            seen.add(key)
            found.append(cx)
    if not found:
        return None
    found.sort(key=witness_rank)
    best = found[0]
    best["other_witnesses"] = [{"objects": o["objects"], "lhs": o["lhs"], "rhs": o["rhs"],
                                "relative_violation": o["relative_violation"]} for o in found[1:]]
    return best


def witness_rank(cx: dict) -> tuple:
    """Most convincing first: the largest relative violation, then the fewest and smallest objects."""
    return (-cx.get("relative_violation", 0.0), len("".join(repr(cx["objects"]).split())))


def _certify_candidate(claim, cand, until, mc):
    for q in claim.rounding:
        if time.monotonic() > until:
            return None
        exact = exactify(claim, cand, q)
        fcase = floatify(exact)
        r = float_margin(claim, fcase)
        if r is None or not is_violation(claim, *r):
            continue
        overrides, records = None, None
        if claim.statistical:
            from proofcheck.mc_evidence import statistical_overrides

            mc = mc or {}
            overrides, records = statistical_overrides(claim, fcase, mc.get("seed", 0), mc.get("samples"),
                                                       mc.get("device", "auto"))
            if overrides is None:
                return None
        try:
            c = certified_sides(claim, exact, overrides)
        except (Outside, Undecided):
            continue
        if c.hypotheses_ok and c.relation == "violated":
            cx = _counterexample(claim, exact, fcase, q, c)
            if records:
                cx["statistical"] = records
                cx["certificate"]["method"] = ("statistical: rigorous Monte Carlo interval(s) at confidence "
                                               f"{records[0]['confidence']} for {', '.join(r['quantity'] for r in records)}, "
                                               "then exact rationals + arb interval arithmetic")
            return cx
    return None


def _counterexample(claim, exact, fcase, q, c: Certified) -> dict:
    lhs, rhs = enclosure(c.lhs), enclosure(c.rhs)
    with precision(c.precision):
        margin = certified_margin(claim, lhs, rhs)
    return {
        "objects": show_exact(exact),
        "relative_violation": _relative_violation(margin, lhs, rhs),
        "quantities": certified_quantities(claim, exact, c.precision),
        "denominator": q,
        "lhs": fmt(lhs),
        "rhs": fmt(rhs),
        "relation": relation_symbol(claim),
        "margin": _float_mid(margin),
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


def _relative_violation(margin, lhs, rhs) -> float:
    """|margin| / max(|lhs|, |rhs|, tiny), from the enclosures' midpoints (a ranking, not a certificate);
    an infinite side is a violation of relative size 1."""
    if is_infinity(margin) or is_infinity(lhs) or is_infinity(rhs):
        return 1.0
    return min(abs(relative(float(margin.mid()), float(lhs.mid()), float(rhs.mid()))), 1e300)


def _float_mid(x) -> float:
    if is_infinity(x):
        return x
    return float(x.mid())


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
    from proofcheck.numerics import lower, upper

    if isinstance(claim.statement, sp.Eq):
        return repr(abs(lower(lhs) - upper(rhs)) if certainly_less(rhs, lhs) else abs(lower(rhs) - upper(lhs)))
    small, big = (lhs, rhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (rhs, lhs)
    if is_infinity(small) or is_infinity(big):
        return "inf"
    return repr(lower(small) - upper(big))


def relation_symbol(claim) -> str:
    return {sp.Le: "<=", sp.Lt: "<", sp.Ge: ">=", sp.Gt: ">", sp.Eq: "="}[type(claim.statement)]


def certify_ratio(claim, case: dict, denominators=(10**6, 10**9, None)) -> dict | None:
    """How tight a bound that holds is, certified: at a rounding of the float case, the enclosure of
    lhs/rhs (rhs/lhs for a lower bound) and a float certainly below it — a certified lower bound on the
    sup of the ratio, witnessed by the exact objects shown. None when no rounding is in the domain, the
    ratio is not defined there (a side not certainly positive, an infinite side), or the claim is
    statistical."""
    from proofcheck.numerics import lower

    if claim.statistical or claim.is_identity:
        return None
    # an error of the claim here only costs the tightness figure: the verdict is already decided
    for q, exact, c in _roundings_in_domain(claim, case, denominators, skip=(Outside, Undecided, ClaimError)):
        lhs, rhs = enclosure(c.lhs), enclosure(c.rhs)
        if is_infinity(lhs) or is_infinity(rhs):
            continue
        num, den = (lhs, rhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (rhs, lhs)
        if not (den > 0 and num >= 0):
            continue
        with precision(c.precision):
            r = num / den
        return {"lower_bound": lower(r), "enclosure": fmt(r), "objects": show_exact(exact),
                "denominator": q, "lhs": fmt(lhs), "rhs": fmt(rhs)}
    return None
