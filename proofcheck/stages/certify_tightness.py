"""The tightness of a bound that holds, certified: lhs/rhs at exact roundings of the float case where it is largest
(:func:`certify_ratio`), and the roundings of a case to significant digits (:func:`significant_case`)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy as sp

from mechanisms.numerics.exact import is_infinity
from proofcheck.stages.certify_sides import certified_sides, enclosure
from proofcheck.stages.evaluation import ClaimError, Outside
from proofcheck.stages.margins import float_margin, ratio
from proofcheck.numerics import Undecided, fmt, lower, precision
from proofcheck.stages.rounding import exactify, round_significant, show_exact, significant_within

def certify_ratio(claim, case: dict, denominators=(10**6, 10**9, None), digits=(6, 9)) -> dict | None:
    """How tight a bound that holds is, certified: at a rounding of the float case, the enclosure of
    lhs/rhs (rhs/lhs for a lower bound) and a float certainly below it — a certified lower bound on the
    sup of the ratio, witnessed by the exact objects shown. Of the roundings (denominators, then each
    distribution to `digits` significant digits — a prior weight of 10^-80 stays 10^-80 —, then the
    float values as exact dyadics) the one with the largest certified lower bound is shown; the search
    stops at the first that keeps the float ratio to 1e-9. None when no rounding is in the domain, the
    ratio is not defined there (a side not certainly positive, an infinite side), or the claim is
    statistical."""
    if claim.statistical or claim.is_identity:
        return None
    target = _float_ratio(claim, case)
    best = None
    for label, exact in _ratio_roundings(claim, case, denominators, digits):
        got = _certified_ratio_at(claim, exact)
        if got is None:
            continue
        got["denominator"], got["rounding"] = (label if isinstance(label, int) or label is None else None), \
            _rounding_text(label)
        if best is None or got["lower_bound"] > best["lower_bound"]:
            best = got
        if target is not None and best["lower_bound"] >= target - 1e-9 * abs(target):
            break
    return best


def _float_ratio(claim, case):
    try:
        r = float_margin(claim, case)
    except ClaimError:
        return None
    return None if r is None else ratio(claim, r.lhs, r.rhs)


def _ratio_roundings(claim, case, denominators, digits):
    """(label, exact case): each denominator q (label q; None: the exact dyadics, last), and each number of
    significant digits d (label ('digits', d)) before the dyadics."""
    for q in [q for q in denominators if q is not None]:
        yield q, exactify(claim, case, q)
    for d in digits:
        yield ("digits", d), significant_case(claim, case, d)
    if None in denominators:
        yield None, exactify(claim, case, None)


def _rounding_text(label) -> str:
    if label is None:
        return "the float values as exact binary fractions"
    if isinstance(label, tuple):
        return f"each number to {label[1]} significant digits (a distribution's largest entry takes the rest)"
    return f"denominator {label} (distributions by largest remainder)"


def significant_case(claim, case: dict, digits: int) -> dict:
    """The case rounded to `digits` significant digits: each real and vector entry relative to its own size (a
    rate of 3·10⁻¹² stays 3·10⁻¹², which every common denominator rounds to 0), kept inside its declared range by
    rounding.within — and, where that rounding lands on an end the value lies strictly inside, its offset from the
    end (α = 1 + 3·10⁻¹³ in (1, 20]: rounding.significant_within) —, or to denominator 10^digits where that is
    nearer (12.3456 → 12.346); each distribution and channel row entry by entry
    in relative terms (a weight of 10^-80 stays 10^-80) with its largest entry set to 1 minus the others (exact
    sum 1). Integers, structural entries and the claim's exact inputs are kept as they are."""
    out = exactify(claim, case, 10**digits)
    for v in claim.variables:
        if v.name in claim.exact_inputs or v.kind in ("integer", "gain"):
            continue
        if v.kind == "real":
            out[v.name] = _closer(float(case[v.name]), out[v.name], significant_within(float(case[v.name]), digits, v))
            continue
        if v.kind == "vector":
            out[v.name] = [_closer(float(y), old, significant_within(float(y), digits, v))
                           for y, old in zip(np.ravel(case[v.name]), out[v.name])]
            continue
        rows = np.atleast_2d(np.asarray(case[v.name], float))
        rounded = []
        for row in rows:
            top = int(np.argmax(row))
            r = [Fraction(0) if x <= 0 or i == top else round_significant(float(x), 10 ** (digits - 1))
                 for i, x in enumerate(row)]
            r[top] = 1 - sum(r)
            rounded.append(r)
        out[v.name] = rounded[0] if v.kind == "simplex" else rounded
    return out


def _closer(x: float, by_denominator: Fraction, by_digits: Fraction) -> Fraction:
    """Of a real's two roundings (denominator 10^d, d significant digits), the one nearer the float, the
    denominator's on a tie (12.3456 stays 12.346 at d = 3; 3.14·10⁻¹² is 3.14·10⁻¹², not 0) — but never the float's
    own binary value, which rounding.within falls back to next to an open end, where the digits give a decimal
    (α = 1 + 3.30·10⁻¹³; the float itself is the last rounding certify_violation tries)."""
    exact = Fraction(x)
    if by_denominator == exact and by_digits != exact:
        return by_digits
    return by_digits if abs(by_digits - exact) < abs(by_denominator - exact) else by_denominator


def _certified_ratio_at(claim, exact) -> dict | None:
    try:
        c = certified_sides(claim, exact)
    except (Outside, Undecided, ClaimError):  # an error here only costs the tightness figure
        return None
    if not c.hypotheses_ok:
        return None
    lhs, rhs = enclosure(c.lhs), enclosure(c.rhs)
    if is_infinity(lhs) or is_infinity(rhs):
        return None
    num, den = (lhs, rhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (rhs, lhs)
    if claim.sides == "logs":  # the sides are logarithms: the ratio of the quantities is exp(num − den)
        with precision(c.precision):
            r = (num - den).exp()
    elif not (den > 0 and num >= 0):
        return None
    else:
        with precision(c.precision):
            r = num / den
    return {"lower_bound": lower(r), "enclosure": fmt(r), "objects": show_exact(exact), "lhs": fmt(lhs),
            "rhs": fmt(rhs)}
