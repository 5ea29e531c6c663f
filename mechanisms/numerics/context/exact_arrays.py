"""Exact arithmetic on arrays of :class:`~mechanisms.numerics.exact.Exact` numbers for the certified context: reading
an array of exact entries, sums over a common denominator, column extremes and v @ m by integer cross-multiplication
(a 3000 x 3000 exact channel in seconds, where fraction-by-fraction arithmetic takes minutes)."""
from __future__ import annotations

import math
import operator
from fractions import Fraction
from itertools import repeat

import numpy as np

from mechanisms.numerics.exact import Exact, _exact_of


def _bound(b):
    """(numerator, denominator) of an int or Fraction bound, None for no bound, False for another kind."""
    if b is None:
        return None
    if type(b) is int or isinstance(b, Fraction):
        f = Fraction(b)
        return f.numerator, f.denominator
    return False


# the slots of an Exact (a Fraction), read without Fraction's numerator / denominator properties (a Python call
# each: most of the time of a pass over a 3000 x 3000 exact channel); only on values known to be Exact
_NUMERATOR, _DENOMINATOR = operator.attrgetter("_numerator"), operator.attrgetter("_denominator")


def exact_entries(a, lo=None, lo_open=False, hi=None, hi_open=False, allow_inf=False):
    """An object array of the entries of a (an ndarray) as Exact, when every one is an int (not a bool), a
    Fraction or an Exact within the bounds (checked exactly, in integers); None otherwise, and the general path
    then reads each entry (and names the first bad one). A channel of 3000 x 3000 rationals is read in seconds
    this way, not minutes."""
    lb, hb = _bound(lo), _bound(hi)
    if lb is False or hb is False:
        return None
    values = a.ravel().tolist()
    if values and set(map(type, values)) == {Exact} and hb is None and (lb is None or lb == (0, 1) and not lo_open):
        # all Exact already (a channel read exactly), no bound or only n >= 0: C-level passes only
        if lb is not None and min(map(_NUMERATOR, values)) < 0:
            return None
        res = np.empty(len(values), dtype=object)
        res[:] = values
        return res.reshape(a.shape)
    if lb == (0, 1) and hb is None and not lo_open:  # a probability vector's entries: only n >= 0 to check
        out = []
        for v in values:
            t = type(v)
            if t is Exact:
                if v._numerator < 0:
                    return None
            elif t is Fraction or t is int:
                if v < 0:
                    return None
                v = _exact_of(v) if t is Fraction else Exact(v)
            else:
                return None
            out.append(v)
        res = np.empty(len(out), dtype=object)
        res[:] = out
        return res.reshape(a.shape)
    out = []
    for v in values:
        t = type(v)
        if t is Exact:
            n, d = v._numerator, v._denominator
        elif t is Fraction:
            n, d = v._numerator, v._denominator
            v = _exact_of(v)
        elif t is int:
            n, d = v, 1
            v = Exact(v)
        else:
            return None
        if lb is not None and not (n * lb[1] > lb[0] * d if lo_open else n * lb[1] >= lb[0] * d):
            return None
        if hb is not None and not (n * hb[1] < hb[0] * d if hi_open else n * hb[1] <= hb[0] * d):
            return None
        out.append(v)
    res = np.empty(len(out), dtype=object)
    res[:] = out
    return res.reshape(a.shape)


def all_exact(a) -> bool:
    """Every entry of an object array is an Exact (the type the context's exact entries have)."""
    return set(map(type, a.ravel().tolist())) <= {Exact}


def exact_sum(values):
    """The exact sum of Exact values, over a common denominator (rows of a channel share a few): Σ n_i (L/d_i) / L."""
    dens = set(map(_DENOMINATOR, values))
    if len(dens) > 64:
        total = 0
        for v in values:
            total = total + v
        return total
    L = math.lcm(*dens)
    if len(dens) == 1:
        return Exact(sum(map(_NUMERATOR, values)), L)
    return Exact(sum(v._numerator * (L // v._denominator) for v in values), L)


def column_extreme(m, weights, sign):
    """The column maxima (sign 1) or minima (−1) of w_x m[x, y] for an all-Exact matrix, exactly.

    A float filter first: n/d of Python ints is correctly rounded, so monotone (u ≤ v ⇒ fl(u) ≤ fl(v)), and the
    extreme of a column is among the entries whose float equals the column's extreme float; a column with one such
    entry has it as its extreme, the others are decided exactly among those entries alone. (An overflow to float
    falls back to :func:`column_extreme_exact`.)"""
    rows = m.tolist()
    ws = [(1, 1)] * len(rows) if weights is None else [(w._numerator, w._denominator) for w in weights.tolist()]
    div, mul = operator.truediv, operator.mul
    try:
        vals = np.array([list(map(div, map(_NUMERATOR, row), map(_DENOMINATOR, row))) if wn == 1 and wd == 1 else
                         list(map(div, map(mul, repeat(wn), map(_NUMERATOR, row)),
                                  map(mul, repeat(wd), map(_DENOMINATOR, row))))
                         for (wn, wd), row in zip(ws, rows)], dtype=float)
    except OverflowError:
        return column_extreme_exact(m, weights, sign)
    top = vals.max(axis=0) if sign > 0 else vals.min(axis=0)
    hit = vals == top
    counts, first = hit.sum(axis=0), hit.argmax(axis=0)
    out = np.empty(len(top), dtype=object)
    for y in range(len(top)):
        cands = [int(first[y])] if counts[y] == 1 else np.flatnonzero(hit[:, y]).tolist()
        best_n = best_d = None
        for x in cands:
            e, (wn, wd) = rows[x][y], ws[x]
            n, d = wn * e._numerator, wd * e._denominator
            if best_n is None or sign * (n * best_d - best_n * d) > 0:
                best_n, best_d = n, d
        out[y] = Exact(best_n, best_d)
    return out


def column_extreme_exact(m, weights, sign):
    """The column maxima (sign 1) or minima (−1) of w_x m[x, y] for an all-Exact matrix: each row over its common
    denominator d, w_x m[x, y] = (w_n · m[x, y]·d) / (w_d · d), compared by cross-multiplication; the first row
    attaining the extreme on ties (as Python's max and min)."""
    rows = m.tolist()
    ws = [(1, 1)] * len(rows) if weights is None else [(w._numerator, w._denominator) for w in weights.tolist()]
    best_n, best_d = None, None
    for (wn, wd), row in zip(ws, rows):
        pairs = [(x._numerator, x._denominator) for x in row]
        d = math.lcm(*{q for _, q in pairs})
        den = wd * d
        nums = [sign * wn * (a * (d // q)) for a, q in pairs]
        if best_n is None:
            best_n, best_d = nums, [den] * len(nums)
            continue
        for y, (a, bn, bd) in enumerate(zip(nums, best_n, best_d)):
            if a * bd > bn * den:
                best_n[y], best_d[y] = a, den
    out = np.empty(len(best_n), dtype=object)
    out[:] = [Exact(sign * a, b) for a, b in zip(best_n, best_d)]
    return out


def exact_vecmat(v, m):
    """v @ m of an all-Exact vector and matrix, else None; the entries summed over the common denominator
    L = lcm_x(den v_x · lcm_y den m[x, y]): column y is Σ_x num(v_x) m[x, y]·(L / den v_x) / L, in integers, one fraction made per column (a
    fraction sum would take a gcd of the growing denominator at every term: minutes at 3000 x 3000)."""
    if not (isinstance(v, np.ndarray) and isinstance(m, np.ndarray) and v.ndim == 1 and m.ndim == 2
            and v.dtype == object and m.dtype == object and v.shape[0] == m.shape[0] and m.shape[1]
            and all_exact(v) and all_exact(m)):
        return None
    rows = m.tolist()
    scales = []
    for a, row in zip(v.tolist(), rows):
        d = math.lcm(*set(map(_DENOMINATOR, row)))
        scales.append((a._numerator, a._denominator * d, d))
    big = math.lcm(*{s[1] for s in scales})
    cols = [0] * m.shape[1]
    for (an, ad, d), row in zip(scales, rows):
        if an == 0:
            continue
        f = an * (big // ad)
        cols = [c + f * (x._numerator * (d // x._denominator)) for c, x in zip(cols, row)]
    out = np.empty(len(cols), dtype=object)
    out[:] = [Exact(c, big) for c in cols]
    return out
