"""The relation at one exact case, certified: both sides in exact rationals and arb interval arithmetic at the
precisions of CERT_PRECISIONS (:func:`certified_sides`), what the enclosures decide, the certified margin, and
the noise check of a float margin (its certified sides agree closely)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import sympy as sp

from mechanisms.numerics.exact import is_infinity
from proofcheck.stages.evaluation import Outside, certainly_less, sides
from proofcheck.measures import CERTIFIED
from proofcheck.numerics import DEFAULT_PREC, Undecided, precision, to_arb
from proofcheck.stages.rounding import exactify

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


def agree_closely(lhs, rhs, digits: int = 30) -> bool:
    lhs, rhs = enclosure(lhs), enclosure(rhs)
    if is_infinity(lhs) or is_infinity(rhs):
        return False
    width = max(float(lhs.rad()), float(rhs.rad()))
    scale = max(abs(float(lhs.mid())), abs(float(rhs.mid())), 1.0)
    return width <= scale * 10.0 ** -digits


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
