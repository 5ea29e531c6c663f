"""Float margins: how far a case is from violating the claim, on the float path.

The margin is rhs − lhs for ≤ and <, lhs − rhs for ≥ and >, and −|lhs − rhs| / max(1, |lhs|, |rhs|)
for identities; negative means the case violates the relation (in floats — only the certified path
decides a verdict).
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from typing import NamedTuple

import numpy as np
import sympy as sp

from proofcheck.stages.evaluation import ClaimError, Outside, sides
from proofcheck.measures import FLOAT

IDENTITY_FLOOR = 1.0  # identities: |lhs - rhs| <= 10^-digits * max(1, |lhs|, |rhs|)
RATIO_FLOOR = 1e-6  # below it, float noise (e.g. √ of a JS that is exactly 0) dominates a ratio


class Margin(NamedTuple):
    """A case's float margin (negative: the case violates the relation in floats) and the two sides there."""
    margin: float
    lhs: float
    rhs: float


MEMO_SIZE = 50_000  # cases remembered per claim check (the search, the optimiser and the certification together)
_MEMO: ContextVar = ContextVar("the float margins of the claim being checked", default=None)


@contextmanager
def remembered(claim):
    """Within it, :func:`float_margin` computes each case of ``claim`` once: the stages of one check ask for the
    same case again and again (Nelder–Mead clipped to a corner of the box: a subsampled Gaussian claim's 1,795 float
    evaluations at --cases 100 held 901 distinct cases; the tightness and the witness re-read the search's best
    cases). The
    float path is a function of the case alone (quantities are pure; Monte Carlo streams are seeded per case),
    so the check's result is unchanged."""
    token = _MEMO.set((claim, {}))
    try:
        yield
    finally:
        _MEMO.reset(token)


def float_margin(claim, case: dict) -> Margin | None:
    """The :class:`Margin` (margin, lhs, rhs) on the float path; None when the case is outside the statement's domain.

    An error of the claim (an exception in a quantity, a NaN) raises ClaimError (never remembered)."""
    memo = _MEMO.get()
    key = case_key(case) if memo is not None and memo[0] is claim else None
    if key is None:
        return _float_margin(claim, case)
    known = memo[1]
    if key not in known:
        r = _float_margin(claim, case)
        if len(known) >= MEMO_SIZE:
            return r
        known[key] = r
    return known[key]


def case_key(case: dict):
    """A hashable key that tells two cases apart exactly (a float by its bits, a number by its type), or None
    for a case holding a value of another kind (not remembered)."""
    try:
        return tuple(sorted((name, _value_key(v)) for name, v in case.items()))
    except _NoKey:
        return None


class _NoKey(Exception):
    pass


def _value_key(v):
    if isinstance(v, (float, np.floating)):  # its type too: numpy's 1/0 is inf where Python's raises
        return ("f", type(v).__name__, float(v).hex())
    if isinstance(v, (bool, np.bool_)):
        return ("b", type(v).__name__, bool(v))
    if isinstance(v, (int, np.integer)):
        return ("i", type(v).__name__, int(v))
    if isinstance(v, Fraction):
        return ("q", v.numerator, v.denominator)
    if isinstance(v, str):
        return ("s", v)
    if v is None:
        return ("n",)
    if isinstance(v, (list, tuple)):
        return (type(v).__name__,) + tuple(_value_key(x) for x in v)
    if isinstance(v, np.ndarray) and v.dtype.kind in "fiub":
        return ("a", v.dtype.str, v.shape, v.tobytes())
    raise _NoKey


def _float_margin(claim, case: dict) -> Margin | None:
    try:
        with np.errstate(all="ignore"):
            lhs, rhs, ok = sides(claim, case, FLOAT)
    except Outside:
        return None
    if not ok:
        return None
    try:
        lhs, rhs = float(lhs), float(rhs)
    except (TypeError, ValueError) as e:
        raise ClaimError("the statement", e, case, "float") from e
    if math.isnan(lhs) or math.isnan(rhs):
        raise ClaimError("the " + ("lhs" if math.isnan(lhs) else "rhs"),
                         FloatingPointError("NaN on the float path"), case, "float")
    st = claim.statement
    if isinstance(st, sp.Eq):
        if lhs == rhs:
            return Margin(0.0, lhs, rhs)
        # relative agreement above IDENTITY_FLOOR, absolute below it (values that are zero in
        # exact arithmetic come out as rounding noise on the float path)
        scale = max(abs(lhs), abs(rhs), IDENTITY_FLOOR)
        m = -abs(lhs - rhs) / scale
    elif isinstance(st, (sp.Le, sp.Lt)):
        m = rhs - lhs
    else:
        m = lhs - rhs
    if math.isnan(m):  # inf - inf: both sides infinite, the relation says nothing here
        return None
    return Margin(m, lhs, rhs)


def ratio(claim, lhs: float, rhs: float) -> float | None:
    """lhs/rhs for an upper bound (rhs/lhs for a lower bound): 1 means the bound is attained. For a claim
    whose sides are logarithms (Claim.sides == "logs") the ratio of the quantities: exp(lhs − rhs)."""
    if isinstance(claim.statement, sp.Eq):
        return None
    num, den = (lhs, rhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (rhs, lhs)
    if claim.sides == "logs":
        d = num - den
        return math.exp(min(d, 700.0)) if math.isfinite(d) else None
    if not (math.isfinite(num) and math.isfinite(den)) or den <= RATIO_FLOOR:
        return None
    return num / den


def scaled(m: float, lhs: float, rhs: float) -> float:
    """The margin the optimiser minimises: relative for large values, absolute below 1, so that
    cases where both sides vanish (and only rounding noise is left) do not dominate."""
    scale = max(abs(lhs), abs(rhs), 1.0)
    return m / scale if math.isfinite(scale) else m


def relative(m: float, lhs: float, rhs: float) -> float:
    scale = max(abs(lhs), abs(rhs))
    if not math.isfinite(scale) or scale == 0:
        return m
    return m / scale


def is_violation(claim, m: float, lhs: float, rhs: float) -> bool:
    if isinstance(claim.statement, sp.Eq):
        return m < -(10.0 ** -claim.digits)
    if isinstance(claim.statement, (sp.Lt, sp.Gt)):
        return m <= 0
    return m < -1e-12 * max(1.0, abs(lhs) if math.isfinite(lhs) else 1.0, abs(rhs) if math.isfinite(rhs) else 1.0)


def is_degenerate(claim, case: dict) -> bool:
    """A case where the statement says nothing: the claim's own predicate, or, by default, a
    channel whose rows are all equal or a distribution with all its mass on one point."""
    if claim.degenerate is not None:
        return bool(claim.degenerate(case))
    for v in claim.variables:
        x = case.get(v.name)
        if x is None:
            continue
        if v.kind == "channel":
            K = np.asarray(x, float)
            if K.ndim == 2 and K.shape[0] > 1 and np.allclose(K, K[0:1, :], rtol=0, atol=1e-12):
                return True
        elif v.kind == "simplex":
            p = np.asarray(x, float)
            if p.size > 1 and p.max() >= 1 - 1e-12:
                return True
    return False
