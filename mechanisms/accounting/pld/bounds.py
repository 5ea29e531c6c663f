"""The PLD accountant's certified bounds on δ(ε) at one grid (see :mod:`mechanisms.accounting.pld`): the
arguments, the pessimistic and optimistic k-fold pmfs of each loss law, the grid chosen for a requested gap,
and their float twin."""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.checks import exact_real, real
from mechanisms.numerics.context import certified, fp
from mechanisms.numerics.exact import to_arb
from mechanisms.accounting.pld.compose import _delta_of, _float_delta, _float_power, _integer_pmf, _power
from mechanisms.accounting.pld.discretise import (_coarsened, _lower_parts, _upper_grids, _upper_masses_of,
                                                  _upper_parts, _upper_step)
from mechanisms.accounting.pld.laws import _grid, _laws

_PREC = 128  # arb working precision of the final sum
_COARSE = 4  # the other direction's pessimistic pmf is first composed on a grid this much coarser
_MASS_PREC = 96  # of the bin masses: the connect-the-dots split divides differences by 1 − e^{−h}
DEFAULT_H = Fraction(1, 10**4)
MECHANISMS = ("gaussian", "laplace", "subsampled_gaussian", "subsampled_gaussian_remove", "subsampled_gaussian_add",
              "subsampled_gaussian_replace", "subsampled_laplace", "subsampled_laplace_remove", "subsampled_laplace_add",
              "subsampled_laplace_replace", "discrete_laplace", "subsampled_discrete_laplace",
              "subsampled_discrete_laplace_remove", "subsampled_discrete_laplace_add",
              "subsampled_discrete_laplace_replace")
PARAMETERS = {"gaussian": ("sigma", "sensitivity"), "laplace": ("b", "sensitivity"), "subsampled_gaussian": ("sigma", "q"),
              "subsampled_gaussian_remove": ("sigma", "q"), "subsampled_gaussian_add": ("sigma", "q"),
              "subsampled_gaussian_replace": ("sigma", "q"), "subsampled_laplace": ("b", "q"),
              "subsampled_laplace_remove": ("b", "q"), "subsampled_laplace_add": ("b", "q"),
              "subsampled_laplace_replace": ("b", "q"), "discrete_laplace": ("a", "sensitivity"),
              "subsampled_discrete_laplace": ("a", "sensitivity", "q"),
              "subsampled_discrete_laplace_remove": ("a", "sensitivity", "q"),
              "subsampled_discrete_laplace_add": ("a", "sensitivity", "q"),
              "subsampled_discrete_laplace_replace": ("a", "sensitivity", "q")}


# ----------------------------------------------------------------------------- arguments
def _args(mechanism, params, k, fname, exact):
    if mechanism not in MECHANISMS:
        raise InvalidInput(f"{fname}: mechanism must be one of {MECHANISMS}, got mechanism={mechanism!r}")
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise InvalidInput(f"{fname}: k must be an integer >= 1, got k={k!r}")
    names = PARAMETERS[mechanism]
    if len(params) != len(names):
        raise InvalidInput(f"{fname}: {mechanism} takes the parameters {names}, got {params!r}")
    check = exact_real if exact else _float_real
    out = []
    for name, v in zip(names, params):
        bounds = dict(lo=0, hi=1, lo_open=True) if name == "q" else dict(lo=0, lo_open=True)
        x = check(v, name, fname, **bounds)
        if exact and not isinstance(x, Fraction):
            raise InvalidInput(f"{fname}: {name} must be an exact rational, got {name}={v} (in a quantity, read the "
                               f"case with m.value, which keeps exact numbers exact; m.num makes a ball)")
        if name == "sensitivity" and "discrete" in mechanism and (x != int(x) or x < 1):
            raise InvalidInput(f"{fname}: the discrete Laplace mechanism's sensitivity must be an integer >= 1, got "
                               f"sensitivity={v}")
        out.append(x)
    return tuple(out), int(k)


def _float_real(x, name, fname, **bounds):
    return real(x, name, fname, **bounds)


def _grid_step(h, fname, exact):
    v = exact_real(h, "h", fname, lo=0, lo_open=True) if exact else _float_real(h, "h", fname, lo=0, lo_open=True)
    if exact and not isinstance(v, Fraction):
        raise InvalidInput(f"{fname}: h must be an exact rational, got h={h}")
    return v


# ----------------------------------------------------------------------------- certified bounds
@dataclass(frozen=True)
class Bracket:
    """A certified bracket [lower, upper] of exact rationals: its gap and its arb ball."""
    lower: Fraction
    upper: Fraction

    @property
    def gap(self) -> Fraction:
        return self.upper - self.lower

    def ball(self):
        """The arb ball [lower, upper]."""
        return to_arb(self.lower).union(to_arb(self.upper))


@dataclass(frozen=True)
class PldBounds(Bracket):
    """δ(ε) ∈ [lower, upper], both exact rationals (the ends of certified balls)."""

    def intersect(self, other: "PldBounds") -> "PldBounds":
        """The bounds both hold (from two grids, say): [max of the lowers, min of the uppers]."""
        return PldBounds(max(self.lower, other.lower), min(self.upper, other.upper))


def _unit(mechanism, params):
    """The loss of which every atom is a multiple where the atoms are exact (the Laplace mechanism: ε₀ = Δ/b;
    without subsampling, the subsampled Laplace mechanism: 1/b, 2/b for replace-one, and the discrete Laplace
    mechanism: a), or None."""
    p = tuple(Fraction(x) for x in params)
    if mechanism == "laplace":
        return p[1] / p[0]
    if mechanism.startswith("subsampled_laplace") and p[1] == 1:
        return (2 if mechanism.endswith("replace") else 1) / p[0]
    if "discrete_laplace" in mechanism and (len(p) == 2 or p[2] == 1):
        return p[0]
    return None


def _step(mechanism, params, h):
    """The grid step used: h, refined so that the atoms lie on the grid: to u/⌈u/h⌉ where the atoms are exact
    multiples of u (:func:`_unit`; the Laplace mechanism's ±ε₀), and where they are not (the subsampled Laplace
    and discrete Laplace mechanisms) to s/⌈s/h⌉, s the distance from the lowest atom to the highest one of the
    first law, both moved to just above a grid point (:func:`_anchors`)."""
    u = _unit(mechanism, params)
    if u is None:
        anchors = _anchors(mechanism, tuple(Fraction(x) for x in params))
        if anchors is None:
            return h
        u = anchors[1]
    return u / math.ceil(u / Fraction(h))


_MARGIN = Fraction(1, 2**80)  # an atom moved to this far above its grid point: certainly above it, and no loss to speak of


@functools.lru_cache(maxsize=64)
def _anchors(mechanism, params):
    """(shifts, span) for laws whose atoms are irrational (the subsampled Laplace and discrete Laplace
    mechanisms), or None: law i is moved by the dyadic shift c_i ∈ [lo_i − 2m − r, lo_i − m] (m = 2^−80, r the
    radius of lo_i's ball), so its lowest atom lies certainly just above grid point 0; span = hi⁻ − c_0 with hi⁻
    ∈ [hi_0 − 5m − r, hi_0 − 4m], so that on the step span/N the first law's highest atom lies ≥ 4m above grid
    point N, and a swapped second law's (add: lo₁ = −hi₀, hi₁ = −lo₀) ≥ 3m − r above it. Only the grid and the
    shifts depend on these floats-free choices; the bounds hold whatever they are."""
    if _unit(mechanism, params) is not None or not ("laplace" in mechanism and "subsampled" in mechanism):
        return None
    with certified.workprec(_PREC):
        laws = _laws(certified, mechanism, tuple(certified.exact(x) for x in params))
        shifts = tuple(_dyadic_below(law.lo, _MARGIN) for law in laws)
        span = _dyadic_below(laws[0].hi, 4 * _MARGIN) - shifts[0]
    return shifts, span


def _dyadic_below(x, m):
    """A multiple of m (dyadic) in [x − 2m − r, x − m], r the radius of x's ball."""
    v = (_arb_end(certified.num(x), up=False) if not isinstance(x, (int, Fraction)) else Fraction(x)) - m
    return math.floor(v / m) * m


def _shifts(mechanism, params):
    anchors = _anchors(mechanism, tuple(Fraction(x) for x in params))
    return None if anchors is None else anchors[0]


def _laws_both(mechanism, params):
    """The loss laws on the certified path (exact parameters, balls at the mass precision) and their float twins,
    moved by their shifts (:func:`_anchors`)."""
    shifts = _shifts(mechanism, params)
    laws_c = _laws(certified, mechanism, tuple(certified.exact(p) for p in params), shifts)
    laws_f = _laws(fp, mechanism, tuple(float(p) for p in params), shifts)
    return laws_c, laws_f


@functools.lru_cache(maxsize=8)
def _upper_masses(mechanism, params, h):
    """The certified laws, the pessimistic grids and the grid masses of each law (certified; a mirrored pair's
    second from the first's), cached."""
    with certified.workprec(_MASS_PREC):
        laws_c, laws_f = _laws_both(mechanism, params)
        grids = _upper_grids(laws_f, h)
        return laws_c, grids, _upper_masses_of(certified, laws_c, laws_f, h, grids)


@functools.lru_cache(maxsize=16)
def _composed_upper(mechanism, params, k, h, i, coarse=False):
    """(the k-fold pessimistic pmf of loss law i (certified), its grid step), cached per arguments: the second
    law of a pair from the first's mirrored masses; coarse: on the grid of step _COARSE·h from sums of the same
    masses (None where the grid is too short)."""
    laws_c, grids, masses = _upper_masses(mechanism, params, h)
    masses, grid, step = masses[i], grids[i], h
    with certified.workprec(_MASS_PREC):
        if coarse:
            got = None if masses is None else _coarsened(masses, grid, _COARSE)
            if got is None:
                return None
            (masses, grid), step = got, _COARSE * h
        pmf = _integer_pmf(*_upper_step(certified, laws_c[i], step, grid, masses), True, laws_c[i].shift)
    return _power(pmf, k, True), step


def _upper_ends(mechanism, params, k, h, e):
    """The upper bound on δ(ε) of each law; the second of a pair first from its composition on the coarser grid
    (any grid gives an upper bound), and from the fine one only where the coarse bound exceeds the first law's:
    where it does not, the largest upper bound is the same, at a quarter of that composition's cost."""
    n = len(_upper_masses(mechanism, params, h)[0])
    ends = []
    for i in range(n):
        if i == 1:
            got = _composed_upper(mechanism, params, k, h, 1, coarse=True)
            if got is not None:
                end = _arb_end(_delta_of(got[0], got[1], e, True), up=True)
                if end <= ends[0]:
                    ends.append(end)
                    continue
        pmf, step = _composed_upper(mechanism, params, k, h, i)
        ends.append(_arb_end(_delta_of(pmf, step, e, True), up=True))
    return ends


@functools.lru_cache(maxsize=16)
def _composed_lower(mechanism, params, k, h, i):
    """The k-fold optimistic pmf of loss law i (certified), cached per arguments; computed only where needed
    (:func:`_bounds_at`)."""
    with certified.workprec(_MASS_PREC):
        laws_c, laws_f = _laws_both(mechanism, params)
        step = _integer_pmf(_lower_parts(certified, laws_c[i], laws_f[i], h), 0, False, laws_c[i].shift)
    return _power(step, k, False)


def _bounds_at(mechanism, params, k, h, e):
    """[lower, upper] of δ(ε) at one ε: the largest upper bound over the laws; the largest lower bound over the
    laws whose upper bound exceeds the best lower bound found so far (the others cannot raise it: the same
    result as composing every lower pmf, at the cost of one composition where one direction dominates)."""
    uppers = _upper_ends(mechanism, params, k, h, e)
    lo_end = Fraction(0)
    for i in sorted(range(len(uppers)), key=lambda i: -uppers[i]):
        if uppers[i] <= lo_end:
            break
        lo_end = max(lo_end, _arb_end(_delta_of(_composed_lower(mechanism, params, k, h, i), h, e, False), up=False))
    return PldBounds(max(lo_end, Fraction(0)), min(max(uppers), Fraction(1)))


def pld_delta_bounds(mechanism, params, k, eps, h=DEFAULT_H, gap=None):
    """Certified bounds on δ(ε) of the k-fold composition of ``mechanism`` with ``params`` (exact rationals):
    "gaussian" (σ, Δ), "laplace" (b, Δ), "subsampled_gaussian" (σ, q) with sensitivity 1 under add-or-remove
    ("subsampled_gaussian_remove" / "_add": one direction alone, as dp_accounting's AdjacencyType REMOVE / ADD;
    "subsampled_gaussian_replace": replace-one, (1−q)N(0,σ²) + qN(1,σ²) against (1−q)N(0,σ²) + qN(−1,σ²));
    eps an exact rational or a list of them (a list of bounds back); h the grid step (exact). The composition is
    computed once per (mechanism, params, k, h) and cached.

    gap: a relative gap (exact, e.g. Fraction(1, 1000)) asked for instead of a grid: h is chosen for it
    (:func:`_grid_for_gap`) and refined until (upper − lower)/upper ≤ gap at every ε (at most 4 grids; the
    bounds of all grids tried are intersected; the gap reached is the bounds' own, ``.gap``)."""
    fname = "pld_delta_bounds"
    p, k = _args(mechanism, tuple(params), k, fname, exact=True)
    many = isinstance(eps, (list, tuple, np.ndarray))
    es = [exact_real(e, "eps", fname) for e in (eps if many else [eps])]
    for e in es:
        if not isinstance(e, Fraction):
            raise InvalidInput(f"{fname}: eps must be an exact rational, got eps={e}")
    if gap is not None:
        out = _bounds_for_gap(mechanism, p, k, es, _gap_arg(gap, fname))
        return out if many else out[0]
    hh = _step(mechanism, p, _grid_step(h, fname, exact=True))
    with certified.workprec(_PREC):
        out = [_bounds_at(mechanism, p, k, hh, e) for e in es]
    return out if many else out[0]


# ----------------------------------------------------------------------------- a grid for a requested gap
_PILOT = Fraction(1, 1000)  # the float route's grid that predicts the gap
_SAFETY = 0.95  # aim at this fraction of the requested gap (second order errs on the fine side)
_COARSEST = Fraction(1, 200)


def _gap_arg(gap, fname):
    g = exact_real(gap, "gap", fname, lo=0, lo_open=True, hi=1)
    if not isinstance(g, Fraction):
        raise InvalidInput(f"{fname}: gap must be an exact rational, got gap={gap}")
    return g


def _relative_gap(lo, hi):
    return (hi - lo) / hi if hi > 0 else 0


def _finer(h, got, want):
    """The grid 1/N predicted to turn relative gap ``got`` at h into ``want``·safety (gap ∝ h²)."""
    ratio = (_SAFETY * float(want) / float(got)) ** 0.5 if got > 0 else 2.0
    return min(Fraction(1, math.ceil(1 / (float(h) * ratio))), _COARSEST)


def _grid_for_gap(mechanism, p, k, es, gap):
    """h for relative gap ``gap`` at the ε in es: the float route (the same discretisation, its bounds within
    ~1e−8 of the certified ones) on a coarse grid, extrapolated as second order in h (the connect-the-dots and
    merged-cell errors are; measured for DP-SGD: 2.06 between h = 1/1000 and 1/2000, 3.1 from 1/500, so second
    order errs on the fine side), with a safety margin; the finest any ε asks for. The coarsest grid (1/200) is
    tried first, and taken where it meets the gap (a 10-fold Gaussian or Laplace at gap 1e−3 does)."""
    for pilot in (_COARSEST, _PILOT):  # the coarsest grid first: where it meets the gap, it is the grid
        hh = float(_step(mechanism, p, pilot))
        composed = _float_composed(mechanism, tuple(float(x) for x in p), k, hh)
        gaps = [_relative_gap(*_float_bounds(composed, hh, float(e))) for e in es]
        if max(gaps) <= _SAFETY * float(gap):
            return pilot
    return min([_COARSEST] + [_finer(_PILOT, g, gap) for g in gaps])


def _bounds_for_gap(mechanism, p, k, es, gap):
    h, best = _grid_for_gap(mechanism, p, k, es, gap), None
    for _ in range(4):
        hh = _step(mechanism, p, h)
        with certified.workprec(_PREC):
            got = [_bounds_at(mechanism, p, k, hh, e) for e in es]
        best = got if best is None else [a.intersect(b) for a, b in zip(best, got)]
        worst = max(_relative_gap(b.lower, b.upper) for b in best)
        if worst <= gap:
            break
        h = min(_finer(h, worst, gap), Fraction(9, 10) * h)  # second order from here
    return best


def _arb_end(x, up):
    man, exp = (x.upper() if up else x.lower()).man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(exp)


# ----------------------------------------------------------------------------- float route
def _float_pmf(parts, inf, shift=0):
    """The float twin of the certified single step: (pmf array, offset, mass at +∞, shift)."""
    parts = [(np.asarray(js, np.int64), np.maximum(np.asarray(ms, float), 0.0)) for js, ms in parts if len(js)]
    lo_bin = min(int(js.min()) for js, _ in parts)
    pmf = np.zeros(max(int(js.max()) for js, _ in parts) - lo_bin + 1)
    for js, ms in parts:
        np.add.at(pmf, js - lo_bin, ms)
    return pmf, lo_bin, float(inf), float(shift)


@functools.lru_cache(maxsize=64)
def _float_steps(mechanism, p, h):
    """The one-step pessimistic and optimistic float pmfs of every loss law (float parameters and grid), cached
    per arguments: a search or a δ(ε) curve asks for the same step at many k and ε (a claim's optimiser met each
    (σ, q) of a subsampled Gaussian 2.4 times on average, clipped to the corners of its box)."""
    laws = _laws(fp, mechanism, p, _shifts(mechanism, p))
    grids = [None if law.cdf is None else _grid(law, h) for law in laws]  # located once for both bounds
    uppers = [_read_only(_float_pmf(parts, inf, law.shift))
              for (parts, inf), law in zip(_upper_parts(fp, laws, laws, h, grids), laws)]
    lowers = [_read_only(_float_pmf(_lower_parts(fp, law, law, h, grid), 0.0, law.shift))
              for law, grid in zip(laws, grids)]
    return uppers, lowers


@functools.lru_cache(maxsize=64)
def _float_composed(mechanism, p, k, h):
    """The k-fold pessimistic and optimistic float pmfs of every loss law (float parameters and grid), cached per
    arguments (the arrays are read-only)."""
    uppers, lowers = _float_steps(mechanism, p, h)
    return ([_read_only(_float_power(pmf, k, True)) for pmf in uppers],
            [_read_only(_float_power(pmf, k, False)) for pmf in lowers])


def _read_only(pmf):
    """A float pmf (array, offset, mass at +∞, shift) whose array cannot be changed: it is shared by the caches."""
    pmf[0].flags.writeable = False
    return pmf


def _float_bounds(composed, h, e):
    uppers, lowers = composed
    return (max(_float_delta(pmf, h, e, False) for pmf in lowers),
            min(max(_float_delta(pmf, h, e, True) for pmf in uppers), 1.0))


def pld_delta_float(mechanism, params, k, eps, h=float(DEFAULT_H), gap=None):
    """(lower, upper) of δ(ε) from the same discretisation in floats composed by numpy FFT (not certified);
    gap: the grid chosen for a relative gap as on the certified route (its first prediction, not refined)."""
    fname = "pld_delta_float"
    p, k = _args(mechanism, tuple(params), k, fname, exact=False)
    e = _float_real(eps, "eps", fname)
    if gap is not None:
        ep = Fraction(e)
        h = _grid_for_gap(mechanism, tuple(Fraction(x) for x in p), k, [ep], Fraction(gap))
    hh = float(_step(mechanism, tuple(Fraction(x) for x in p), Fraction(_grid_step(h, fname, exact=False))))
    return _float_bounds(_float_composed(mechanism, p, k, hh), hh, e)
