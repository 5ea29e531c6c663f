"""Composition of discretised loss laws (see :mod:`mechanisms.accounting.pld`): certified, exact integer
polynomial products in units of 2^−S with accounted rounding and tail cuts; the float twin by numpy FFT."""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import flint
import numpy as np

from mechanisms.numerics.context import certified
from mechanisms.numerics.exact import to_arb
from scipy.signal import fftconvolve

_SCALE_BITS = 80  # masses are integers in units of 2^−80
_CUT_BITS = 60  # each product's cut tails hold ≤ 2^−60 (≈ 9e−19): ~1e−17 on δ_upper over a composition
_FLOAT_TAIL = 2.0 ** -_CUT_BITS  # the float route's cut tails per product, as on the certified route
_FLOAT_SPLIT = 2.0 ** -26  # entries below this fraction of the peak are convolved apart (:func:`_fft_convolve`)

# ----------------------------------------------------------------------------- certified: fixed-point integers
def _units(x, up):
    """An arb ball as integer units of 2^−S: ceil of its upper end (up) or floor of its lower end, ≥ 0."""
    end = x.upper() if up else x.lower()
    man, exp = end.man_exp()
    man, exp = int(man), int(exp) + _SCALE_BITS
    if exp >= 0:
        v = man << exp
    else:
        v = -((-man) >> -exp) if up else man >> -exp
    return max(v, 0)


@dataclass
class _Pmf:
    """A discretised loss law: coefficient i of ``poly`` is the mass (units of 2^−S) at loss (off + i)h;
    ``inf`` the mass at +∞ (pessimistic only); ``shift`` an exact rational added to every finite loss (the sum
    of the composed laws' shifts, :func:`mechanisms.accounting.pld.laws._shifted`)."""
    poly: flint.fmpz_poly
    off: int
    inf: int
    shift: Fraction = Fraction(0)


def _integer_pmf(parts, inf, up, shift=0):
    """The parts of a single step as integer units (rounded up or down): a :class:`_Pmf` (its losses moved by
    the exact ``shift``)."""
    parts = [([int(j) for j in js], list(ms)) for js, ms in parts if len(js)]
    lo_bin = min(min(js) for js, _ in parts)
    hi_bin = max(max(js) for js, _ in parts)
    coeffs = [0] * (hi_bin - lo_bin + 1)
    for js, ms in parts:
        for j, m in zip(js, ms):
            coeffs[j - lo_bin] += _units(certified.num(m), up)
    return _Pmf(flint.fmpz_poly(coeffs), lo_bin, _units(certified.num(inf), up) if up else 0, Fraction(shift))

def _end_sum(poly, n, from_low):
    """The sum of the n lowest (from_low) or highest coefficients, exact (FLINT: a copy of n of them, evaluated
    at 1), in time O(n) however long the polynomial is."""
    if n <= 0:
        return 0
    length = poly.length()
    if n >= length:
        return int(poly(1))
    return int((poly.truncate(n) if from_low else poly.right_shift(length - n))(1))


def _cut(poly, budget, from_low):
    """The largest n with the n lowest (from_low) or highest coefficients summing to ≤ budget: galloping (1, 2,
    4, … coefficients) then bisection, on exact integer sums of the end only, so a cut of c coefficients costs
    O(c log c) rather than O(length · log length)."""
    length = poly.length()
    n = 1
    while n <= length and _end_sum(poly, n, from_low) <= budget:
        n *= 2
    lo, hi = n // 2, min(n, length)  # the sum of lo is within the budget; the answer lies in [lo, hi]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _end_sum(poly, mid, from_low) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _product(a, b, up):
    """The pmf of the sum of the two losses, rescaled to 2^−S (rounded up or down) and its tails cut."""
    scale = 1 << _SCALE_BITS
    raw = a.poly * b.poly
    poly = -((-raw) // scale) if up else raw // scale
    off, shift = a.off + b.off, a.shift + b.shift
    inf = 0
    if up:
        a_fin, b_fin = int(a.poly(1)), int(b.poly(1))
        inf = -(-(a.inf * (b_fin + b.inf) + a_fin * b.inf) // scale)
    budget = 1 << (_SCALE_BITS - _CUT_BITS)
    n_low = _cut(poly, budget, True)
    n_high = _cut(poly, budget, False)
    length = poly.length()
    if n_low + n_high >= length:  # never cut everything
        return _Pmf(poly, off, inf, shift)
    low_mass = _end_sum(poly, n_low, True)
    high_mass = _end_sum(poly, n_high, False)
    kept = poly.truncate(length - n_high).right_shift(n_low)
    if up:  # the low tail rounded up to the first kept bin, the high tail to +∞
        kept = kept + flint.fmpz_poly([low_mass])
        inf += high_mass
    return _Pmf(kept, off + n_low, inf, shift)


def _power(pmf, k, up, product=None):
    """The k-fold pmf by repeated squaring with ``product`` (default the exact :func:`_product`; the float route
    passes :func:`_float_product`)."""
    product = _product if product is None else product
    result, base = None, pmf
    while k:
        if k & 1:
            result = base if result is None else product(result, base, up)
        k >>= 1
        if k:
            base = product(base, base, up)
    return result


def _delta_of(pmf, h, eps, up):
    """Σ_{loss > ε} mass · (1 − e^{ε − loss}) (+ the mass at +∞), in units of 2^−S, as an arb ball (the losses
    (off + i)h + shift: ε − shift read on the grid)."""
    ha = to_arb(h)
    eps = Fraction(eps) - pmf.shift
    j0 = max(math.floor(Fraction(eps) / Fraction(h)) + 1 - pmf.off, 0)
    tail = pmf.poly.right_shift(j0) if j0 < pmf.poly.length() else flint.fmpz_poly([])
    total = flint.arb(int(tail(1))) if tail.length() else flint.arb(0)
    if tail.length():
        weighted = flint.arb_poly(tail.coeffs())((-ha).exp())
        total = total - (to_arb(eps) - (pmf.off + j0) * ha).exp() * weighted
    if up:
        total = total + pmf.inf
    return total / flint.arb(2) ** _SCALE_BITS


# ----------------------------------------------------------------------------- float twin
def _split(x):
    """x = head + tail, the head the range from the first to the last entry ≥ 2^−26 of the largest, its ends."""
    idx = np.flatnonzero(x >= _FLOAT_SPLIT * x.max())
    i0, i1 = int(idx[0]), int(idx[-1]) + 1
    tail = x.copy()
    tail[i0:i1] = 0.0
    return x[i0:i1], tail, i0


def _fft_convolve(a, b):
    """a ∗ b by FFT, accurate in the tails: an FFT's error is a few machine epsilons · ‖x‖₂‖y‖₂ on every entry
    (measured: ≤ 4.4 at 8,000 points), ~1e−16 of the peak, where the tails that decide small δ hold ~1e−20.
    So a ∗ b = head_a ∗ head_b (its noise confined to its own support) + tail_a ∗ b + head_a ∗ tail_b, the last
    two with noise ~1e−16 · 2^−26 of the peak."""
    ha, ta, ia = _split(a)
    hb, tb, ib = _split(b) if b is not a else (ha, ta, ia)
    c = np.zeros(a.size + b.size - 1)
    heads = fftconvolve(ha, hb)
    c[ia + ib:ia + ib + heads.size] = heads
    if ta.any():
        c += fftconvolve(ta, b)
    if tb.any():
        head_a = np.zeros(a.size)
        head_a[ia:ia + ha.size] = ha
        c += fftconvolve(head_a, tb)
    return np.maximum(c, 0.0)


def _float_product(a, b, up):
    """The float twin of :func:`_product`: the pmf of the sum, its tails of at most 2^−60 cut (the low one moved
    up to the first kept bin and the high one to +∞ on the pessimistic pmf), so the arrays stay as short as the
    certified route's."""
    (pa, oa, ia, sa), (pb, ob, ib, sb) = a, b
    c = _fft_convolve(pa, pb)
    inf = ia * (pb.sum() + ib) + pa.sum() * ib if up else 0.0
    cs = np.cumsum(c)
    n_low = int(np.searchsorted(cs, _FLOAT_TAIL, side="right"))
    rs = np.cumsum(c[::-1])
    n_high = int(np.searchsorted(rs, _FLOAT_TAIL, side="right"))
    if n_low + n_high >= c.size:
        return c, oa + ob, inf, sa + sb
    kept = c[n_low:c.size - n_high].copy()
    if up:
        kept[0] += cs[n_low - 1] if n_low else 0.0
        inf += rs[n_high - 1] if n_high else 0.0
    return kept, oa + ob + n_low, inf, sa + sb


def _float_power(pmf, k, up):
    """The k-fold float pmf by repeated squaring (:func:`_power` with :func:`_float_product`)."""
    return _power(pmf, k, up, _float_product)


def _float_delta(pmf, h, eps, up):
    p, off, inf, shift = pmf
    loss = (off + np.arange(p.size)) * h + shift
    keep = loss > eps
    return float(np.sum(p[keep] * -np.expm1(eps - loss[keep]))) + (inf if up else 0.0)
