"""A certified privacy-loss-distribution (PLD) accountant: δ(ε) of the k-fold composition of the Gaussian, the
Laplace, the Poisson-subsampled Gaussian and Laplace, and the (subsampled) discrete Laplace mechanisms, and of a
list of such events composed together, as an interval [lower, upper] that provably holds the true δ(ε), with its
gap.

The privacy loss of a pair (P, Q) is L = log p(X)/q(X), X ~ P (+∞ where q = 0); k-fold composition adds k
independent copies, and the hockey-stick divergence of the product is

    δ_k(ε) = E[f_ε(L₁ + … + L_k)],   f_ε(ℓ) = (1 − e^{ε − ℓ})_+                            (every real ε)

(Meiser & Mohammadi 2018; Koskela, Jälkö & Honkela 2020; dp_accounting's ``pld``). On {p > 0}, dQ = e^{−L} dP,
so the Q-mass of a set of losses is E[e^{−L}; L ∈ set], in closed form for each mechanism here (:class:`_LossLaw`).

Why the bounds hold. Fix every step but one and let s be the sum of the others: the step contributes
g(ℓ) = f_ε(ℓ + s) = (1 − e^{ε−s}·u)_+ with u = e^{−ℓ}, which is ≥ 0, non-decreasing in ℓ and convex in u. So the
following changes of one step's law move E[g] — for every s, hence δ_k(ε) by Fubini, one step at a time — in
the stated direction:

  (i)   raising masses (up) / lowering or dropping them (down), as g ≥ 0;
  (ii)  moving mass to a larger loss, or to +∞ (up) / to a smaller loss (down), as g is non-decreasing;
  (iii) replacing the part of the law on losses in [A, B] by the two atoms A and B carrying the same P-mass and
        the same Q-mass (up: g lies below its chord in u, Jensen) / replacing the part on a cell by one atom
        of the same P-mass at the loss log(P-mass / Q-mass), the cell's mean in u (down: Jensen).

Upper bound (pessimistic): (iii-up) on every grid cell (jh, (j+1)h] of P-mass P and Q-mass Q: the atom at (j+1)h
receives top = (P − Q e^{jh})/(1 − e^{−h}) and the atom at jh receives P − top. This is the
connect-the-dots PLD of Doroshenko, Ghazi, Kamath, Kumar & Manurangsi (2022), whose δ agrees with the mechanism's
at every grid ε and is linear in e^ε between: its error is second order in h (only the cell that holds the kink
of g contributes), where rounding the loss up costs h per step. The tail below the grid is split the same way
over the support's lower end (or, unbounded, moved up to the first grid point), the tail above over the upper
end (or moved to +∞); masses are rounded up.

Lower bound (optimistic): the loss axis is cut into cells (b_j, b_{j+1}] (any partition is valid) chosen in
floats so that each cell's merged loss log(P/Q) lies just above the grid point jh (the cell centred at jh
shifted by (½ − a)h²/12 + h²/16, a the slope of the log-density, which cancels the merge's second-order drift;
cells where that misses are widened; from a finite lower end of the support — where the subsampled Gaussian's
loss law piles up, at log(1 − q) — the cells are cut one by one, each ending where its merged loss reaches its
grid point, until the regular cells land); each cell is merged (iii-down) and moved down (ii-down) to
⌊max(log(P/Q), b_j)/h⌋·h, the floor taken from the ends of certified balls, so a mis-chosen cell only costs
accuracy. Masses are rounded down; an unbounded lower tail (≤ 2^−56) is dropped.

Atoms (Laplace: ±ε₀ = ±Δ/b) are split (upper) or moved down (lower) likewise; for the Laplace mechanism the grid
step is refined to h' = ε₀ / ⌈ε₀/h⌉ ≤ h so that the atoms lie on the grid and cost nothing (and so for the
discrete Laplace mechanism without subsampling, whose atoms are multiples of a). The subsampled Laplace
mechanism's atoms, log(1 − q + qe^{±ε₀}) (and the subsampled discrete Laplace mechanism's), are irrational: each
law is moved by an exact dyadic shift c (the law of L − c, whose Q-masses carry the weight e^{−(L−c)} = e^c e^{−L},
so every rule above holds as it is; its k-fold δ at ε − kc is the original's at ε: :func:`laws._shifted`) that
puts its lowest atom 2^−80 above grid point 0, and the step is s/⌈s/h⌉ with s the distance to just below its
highest atom, which then lies a hair above grid point N (:func:`_anchors`): neither bound loses anything on them.
The subsampled discrete Laplace mechanism with Δ > 1 has middle atoms off the grid: the lower bound moves each
down (< h, first order). Every composed pmf carries the sum of its laws' shifts.

A list of events (mechanism, params, k) is composed in one PLD (:func:`pld_compose_bounds`): each event's k-fold
pmfs as above (cached), then exact products across events, rounded and cut as every product is; under
add-or-remove every event takes its remove law or every one its add law (the neighbour is the same for all), and
the larger δ of the two is taken.

Bin masses are CDF and survival-function differences of P and Q (written once over the numeric context; arb
balls on the certified path) turned into integers in units of 2^−S rounded in the safe direction. The k-fold
composition is exact integer polynomial multiplication (FLINT's ``fmpz_poly``) by repeated squaring; after each
product the coefficients are rescaled to 2^−S rounding up (upper) or down (lower) — (i) — and tails holding at
most 2^−``_CUT_BITS`` of mass are cut: upper, the low tail moved up to the first kept bin and the high tail to +∞
(ii); lower, both dropped (i). These steps act on the law of a partial sum, and g is ≥ 0 and non-decreasing in
it, so they hold for partial sums too. No floating-point number enters a certified value: floats only choose
where the grid ends and where the lower bound's cells are cut. δ of the final pmfs is an arb ball whose
outer end is returned; the add and remove directions of the subsampled Gaussian are composed separately and
the larger δ of each bound is taken. The add pair is the remove pair swapped, its loss the mirror image, so its
pessimistic step reuses the remove step's masses on a mirrored grid; and a direction's optimistic pmf is
composed only where its pessimistic δ exceeds the best lower bound already found (the other cannot raise it).

A relative gap may be asked for instead of a grid (``gap=``): the float route on a coarse grid predicts h (the
errors are second order in h), and the certified bounds are refined until they meet it. ε(δ) =
min{ε : δ(ε) ≤ δ} is bracketed on the same compositions (:func:`pld_epsilon_bounds`): located in floats, then
δ_upper(ε_hi) ≤ δ < δ_lower(ε_lo) certified, so ε(δ) ∈ (ε_lo, ε_hi].

The gap that remains is the two discretisations' second-order errors (for DP-SGD, q = 0.01, σ = 1.1, k = 1000:
5e−4 of δ(1) at h = 1/4000, 0.25 % at h = 1/2000) plus the rescaling (≲ k·(grid size)·2^−80, ~1e−17 absolute). Neither bound is guaranteed to improve
monotonically as h shrinks (the upper one does on nested grids, up to the rescaling); intersect
(:meth:`PldBounds.intersect`) bounds from several grids if that matters.

The float route (:func:`pld_delta_float`) takes the same discretisations with scipy's Φ and composes them by
numpy FFT (not certified), by repeated squaring, its tails cut per product as on the certified route (each FFT
split into head and tails, whose noise would otherwise, at ~1e−16 of the peak, swamp tails of ~1e−20); it
returns the midpoint of its two bounds. Neighbouring relation for the subsampled
Gaussian (sampling rate q, noise multiplier σ, sensitivity 1): add-or-remove, as dp_accounting's
``NeighboringRelation.ADD_OR_REMOVE_ONE``: δ(ε) = max(δ_remove(ε), δ_add(ε)), remove: P = (1−q)N(0,σ²) + qN(1,σ²)
against Q = N(0,σ²); add: the pair swapped. The same for the subsampled Laplace (Lap(0, b), scale b, sensitivity
1) and discrete Laplace (pmf ∝ e^{−a|x|} on the integers, integer sensitivity Δ) mechanisms; their "_replace"
variants are dp_accounting's REPLACE adjacency, (1−q)μ + qμ(· − Δ) against (1−q)μ + qμ(· + Δ).

The modules: :mod:`.laws` (each mechanism's loss law), :mod:`.discretise` (one step on the grid, both rules),
:mod:`.compose` (exact k-fold powers and δ of a pmf), :mod:`.bounds` (the bounds at one grid, the grid for a gap,
the float twin); here ε(δ), heterogeneous composition and the routes.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.checks import exact_real
from mechanisms.numerics.context import certified
from mechanisms.accounting.pld.compose import _SCALE_BITS, _delta_of, _float_delta, _float_product, _product
from mechanisms.accounting.pld.discretise import _upper_parts  # noqa: F401 (reached on the package by tests)
from mechanisms.accounting.pld.laws import _laws  # noqa: F401 (as _upper_parts)
# (PARAMETERS and the private names are reached on the package by proofcheck.measures and the tests)
from mechanisms.accounting.pld.bounds import (Bracket, DEFAULT_H, MECHANISMS, PARAMETERS, PldBounds, _PILOT, _PREC, _anchors,
                                              _arb_end, _args, _composed_lower, _composed_upper, _float_bounds,
                                              _float_composed, _float_pmf, _float_real, _gap_arg, _grid_for_gap,
                                              _grid_step, _step, _unit, _upper_masses, pld_delta_bounds,
                                              pld_delta_float)

__all__ = ["PldBounds", "PldEpsilon", "pld_delta_bounds", "pld_epsilon_bounds", "pld_delta", "pld_delta_float",
           "pld_epsilon", "pld_epsilon_float", "gaussian_pld_delta", "laplace_pld_delta",
           "subsampled_gaussian_pld_delta", "subsampled_gaussian_pld_epsilon", "subsampled_laplace_pld_delta",
           "discrete_laplace_pld_delta", "pld_compose_bounds", "pld_compose_epsilon_bounds", "pld_compose_float",
           "pld_compose_delta", "pld_compose_epsilon", "MECHANISMS"]

# ----------------------------------------------------------------------------- ε(δ)
@dataclass(frozen=True)
class PldEpsilon(Bracket):
    """ε(δ) = min{ε : δ(ε) ≤ δ} ∈ (lower, upper]: δ_upper(upper) ≤ δ and δ_lower(lower) > δ, both certified
    (exact rationals); h the grid used."""
    h: Fraction


def _to_float(pmf):
    """A certified integer pmf as the float route's (array, offset, mass at +∞) (to search, not to certify)."""
    scale = 2.0 ** -_SCALE_BITS
    return (np.asarray([float(int(c)) for c in pmf.poly.coeffs()]) * scale, pmf.off, float(pmf.inf) * scale,
            float(pmf.shift))


def _float_search(pmfs, h, delta, up):
    """In floats: the smallest ε with max δ(ε) ≤ delta over the pmfs (up), or the largest with max δ(ε) > delta
    (down); None where no ε has δ(ε) ≤ delta (the mass at +∞ exceeds it)."""
    lo = min(off * h + shift for _, off, _, shift in pmfs) - 1.0
    hi = max((off + p.size) * h + shift for p, off, _, shift in pmfs) + 1.0

    def above(e):
        return max(_float_delta(pmf, h, e, up) for pmf in pmfs) > delta
    if above(hi):
        return None
    while not above(lo):
        lo -= 2 * (hi - lo)
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        lo, hi = (mid, hi) if above(mid) else (lo, mid)
    return hi if up else lo


def _epsilon_at(mechanism, p, k, h, delta):
    """[ε_lo, ε_hi] on grid h (:func:`_epsilon_of`) of the k-fold composition of one mechanism."""
    uppers = [_composed_upper(mechanism, p, k, h, i)[0] for i in range(len(_upper_masses(mechanism, p, h)[0]))]
    return _epsilon_of(uppers, lambda i: _composed_lower(mechanism, p, k, h, i), h, delta, "pld_epsilon_bounds")


def _epsilon_of(uppers, lower_of, h, delta, fname):
    """[ε_lo, ε_hi] on grid h from the certified pessimistic pmfs (one per law or direction) and ``lower_of(i)``,
    the optimistic pmf of the i-th: located in floats, then certified — ε_hi moved up (ε_lo down) by a step that
    grows fourfold until δ_upper(ε_hi) ≤ δ (δ_lower(ε_lo) > δ) holds on the certified pmfs."""
    hf, d = float(h), float(delta)
    e_up = _float_search([_to_float(u) for u in uppers], hf, d, True)
    if e_up is None:
        raise InvalidInput(f"{fname}: delta={delta} is below the composition's mass at +inf: no "
                           f"epsilon has delta(epsilon) <= delta")
    with certified.workprec(_PREC):
        step = 1e-12 * max(1.0, abs(e_up))
        for _ in range(60):
            e_hi = Fraction(e_up + step)
            highs = [_arb_end(_delta_of(u, h, e_hi, True), up=True) for u in uppers]
            if max(highs) <= delta:
                break
            step *= 4
        i = max(range(len(uppers)), key=lambda j: highs[j])  # the law that decides near ε(δ)
        lower = lower_of(i)
        e_down = _float_search([_to_float(lower)], hf, d, False)
        step = 1e-12 * max(1.0, abs(e_down))
        for _ in range(60):
            e_lo = Fraction(e_down - step)
            if _arb_end(_delta_of(lower, h, e_lo, False), up=False) > delta:
                break
            step *= 4
        else:
            e_lo = Fraction(-10**9)  # not found: a vacuous lower end
    return PldEpsilon(e_lo, e_hi, h)


def pld_epsilon_bounds(mechanism, params, k, delta, h=DEFAULT_H, gap=None):
    """Certified bracket of ε(δ) = min{ε : δ(ε) ≤ δ} of the k-fold composition (arguments as
    :func:`pld_delta_bounds`; delta an exact rational in (0, 1)): a :class:`PldEpsilon` (lower, upper] with
    δ_upper(upper) ≤ δ and δ_lower(lower) > δ certified on the same compositions. gap: a relative gap of δ
    asked for at the ε found on a coarse grid (float route), which chooses h (:func:`_grid_for_gap`)."""
    fname = "pld_epsilon_bounds"
    p, k = _args(mechanism, tuple(params), k, fname, exact=True)
    d = exact_real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    if not isinstance(d, Fraction):
        raise InvalidInput(f"{fname}: delta must be an exact rational, got delta={delta}")
    if gap is not None:
        g = _gap_arg(gap, fname)
        hh = float(_step(mechanism, p, _PILOT))
        uppers, lowers = _float_composed(mechanism, tuple(float(x) for x in p), k, hh)
        e = _float_search(uppers, hh, float(d), True)
        h = _grid_for_gap(mechanism, p, k, [Fraction(e if e is not None else 0.0)], g)
    return _epsilon_at(mechanism, p, k, _step(mechanism, p, _grid_step(h, fname, exact=True)), d)


def pld_epsilon_float(mechanism, params, k, delta, h=float(DEFAULT_H), gap=None):
    """(ε_lo, ε_hi) from the float route's pmfs (not certified): where its lower bound on δ(ε) and its upper
    bound cross δ; gap: the grid chosen as on the certified route."""
    fname = "pld_epsilon_float"
    p, k = _args(mechanism, tuple(params), k, fname, exact=False)
    d = _float_real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    pq = tuple(Fraction(x) for x in p)
    if gap is not None:
        hp = float(_step(mechanism, pq, _PILOT))
        e = _float_search(_float_composed(mechanism, p, k, hp)[0], hp, d, True)
        h = _grid_for_gap(mechanism, pq, k, [Fraction(e if e is not None else 0.0)], Fraction(gap))
    hh = float(_step(mechanism, pq, Fraction(_grid_step(h, fname, exact=False))))
    uppers, lowers = _float_composed(mechanism, p, k, hh)
    return _float_search(lowers, hh, d, False), _float_search(uppers, hh, d, True)


# ----------------------------------------------------------------------------- heterogeneous composition
def _events(events, fname, exact):
    """The events [(mechanism, params, k), …] checked (each as :func:`pld_delta_bounds`'s arguments): a tuple of
    (mechanism, params tuple, k)."""
    if not isinstance(events, (list, tuple)) or not events:
        raise InvalidInput(f"{fname}: events must be a non-empty list of (mechanism, params, k), got {events!r}")
    out = []
    for ev in events:
        if not isinstance(ev, (list, tuple)) or len(ev) != 3 or not isinstance(ev[1], (list, tuple)):
            raise InvalidInput(f"{fname}: each event is (mechanism, params, k), got {ev!r}")
        p, k = _args(ev[0], tuple(ev[1]), ev[2], fname, exact)
        out.append((ev[0], p, k))
    return tuple(out)


def _rational_gcd(a, b):
    return Fraction(math.gcd(a.numerator * b.denominator, b.numerator * a.denominator), a.denominator * b.denominator)


def _compose_step(events, h):
    """The grid step shared by the events: h refined to g/⌈g/h⌉ where every event with atoms has them at exact
    multiples of a unit (:func:`_unit`; g the units' rational gcd, so every atom lies on the grid); where one
    mechanism alone has irrational atoms, its own step (:func:`_step`); else h (an atom off the grid costs the
    lower bound up to h of loss, no validity)."""
    units, anchored = [], set()
    for mechanism, p, _ in events:
        u = _unit(mechanism, p)
        if u is not None:
            units.append(u)
        elif _anchors(mechanism, p) is not None:
            anchored.add((mechanism, p))
    if anchored:
        return _step(*next(iter(anchored)), h) if len(anchored) == 1 and not units else h
    if not units:
        return h
    g = functools.reduce(_rational_gcd, units)
    return g / math.ceil(g / Fraction(h))


def _directions(events, h):
    return max(len(_upper_masses(mechanism, p, h)[0]) for mechanism, p, _ in events)


@functools.lru_cache(maxsize=16)
def _composed_events(events, h, direction, up):
    """The certified pmf of the composition of all the events (each k-fold, cached per event) in one direction of
    the neighbouring relation, by exact products (:func:`_product`: rounded and cut as every product is). Under
    add-or-remove the neighbour is the same for every step, so either every event is in its remove direction
    (0) or every one in its add direction (1); an event with one law (symmetric, or one direction named) takes
    it in both."""
    out = None
    for mechanism, p, k in events:
        i = min(direction, len(_upper_masses(mechanism, p, h)[0]) - 1)
        pmf = _composed_upper(mechanism, p, k, h, i)[0] if up else _composed_lower(mechanism, p, k, h, i)
        out = pmf if out is None else _product(out, pmf, up)
    return out


def pld_compose_bounds(events, eps, h=DEFAULT_H):
    """Certified bounds on δ(ε) of the composition of different mechanisms: ``events`` a list of (mechanism,
    params, k) — each as :func:`pld_delta_bounds` takes them, k steps of it — composed in one PLD (the largest δ
    over the two directions of add-or-remove, every event in the same direction); eps an exact rational or a
    list; h the grid step, refined where the events' atoms allow (:func:`_compose_step`). E.g.
    ``pld_compose_bounds([("subsampled_gaussian", (F(11, 10), F(1, 100)), 1000), ("laplace", (F(10), 1), 5)],
    F(2))``."""
    fname = "pld_compose_bounds"
    evs = _events(events, fname, exact=True)
    many = isinstance(eps, (list, tuple, np.ndarray))
    es = [exact_real(e, "eps", fname) for e in (eps if many else [eps])]
    for e in es:
        if not isinstance(e, Fraction):
            raise InvalidInput(f"{fname}: eps must be an exact rational, got eps={e}")
    hh = _compose_step(evs, _grid_step(h, fname, exact=True))
    n = _directions(evs, hh)
    out = []
    with certified.workprec(_PREC):
        for e in es:
            ups = [_arb_end(_delta_of(_composed_events(evs, hh, d, True), hh, e, True), up=True) for d in range(n)]
            lo_end = Fraction(0)
            for d in sorted(range(n), key=lambda d: -ups[d]):
                if ups[d] <= lo_end:
                    break
                lo_end = max(lo_end, _arb_end(_delta_of(_composed_events(evs, hh, d, False), hh, e, False), up=False))
            out.append(PldBounds(max(lo_end, Fraction(0)), min(max(ups), Fraction(1))))
    return out if many else out[0]


def pld_compose_epsilon_bounds(events, delta, h=DEFAULT_H):
    """Certified bracket (lower, upper] of ε(δ) of the composition of the events (as :func:`pld_compose_bounds`),
    a :class:`PldEpsilon` with δ_upper(upper) ≤ δ < δ_lower(lower) on the same compositions."""
    fname = "pld_compose_epsilon_bounds"
    evs = _events(events, fname, exact=True)
    d = exact_real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    if not isinstance(d, Fraction):
        raise InvalidInput(f"{fname}: delta must be an exact rational, got delta={delta}")
    hh = _compose_step(evs, _grid_step(h, fname, exact=True))
    uppers = [_composed_events(evs, hh, i, True) for i in range(_directions(evs, hh))]
    return _epsilon_of(uppers, lambda i: _composed_events(evs, hh, i, False), hh, d, fname)


def _float_composed_events(events, h):
    """The float twin of :func:`_composed_events`, every direction: ([pessimistic pmfs], [optimistic pmfs])."""
    parts = [_float_composed(mechanism, p, k, h) for mechanism, p, k in events]
    n = max(len(ups) for ups, _ in parts)
    uppers, lowers = [], []
    for d in range(n):
        u = lo = None
        for ups, lows in parts:
            i = min(d, len(ups) - 1)
            u = ups[i] if u is None else _float_product(u, ups[i], True)
            lo = lows[i] if lo is None else _float_product(lo, lows[i], False)
        uppers.append(u)
        lowers.append(lo)
    return uppers, lowers


def _float_events_step(evs, h, fname):
    exact = tuple((mechanism, tuple(Fraction(x) for x in p), k) for mechanism, p, k in evs)
    return float(_compose_step(exact, Fraction(_grid_step(h, fname, exact=False))))


def pld_compose_float(events, eps, h=float(DEFAULT_H)):
    """(lower, upper) of δ(ε) of the composition of the events by the float route (not certified)."""
    fname = "pld_compose_float"
    evs = _events(events, fname, exact=False)
    e = _float_real(eps, "eps", fname)
    hh = _float_events_step(evs, h, fname)
    return _float_bounds(_float_composed_events(evs, hh), hh, e)


def pld_compose_epsilon_float(events, delta, h=float(DEFAULT_H)):
    """(ε_lo, ε_hi) of the composition of the events by the float route (not certified)."""
    fname = "pld_compose_epsilon_float"
    evs = _events(events, fname, exact=False)
    d = _float_real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    hh = _float_events_step(evs, h, fname)
    uppers, lowers = _float_composed_events(evs, hh)
    return _float_search(lowers, hh, d, False), _float_search(uppers, hh, d, True)


# ----------------------------------------------------------------------------- routes
def pld_delta(mechanism, params, k, eps, h=float(DEFAULT_H), gap=None):
    """δ(ε) of the k-fold composition of ``mechanism`` with ``params`` (float route). The mechanisms are "gaussian"
    with (σ, Δ) — N(0, σ²) against N(Δ, σ²) —, "laplace" with (b, Δ) — Lap(0, b) against Lap(Δ, b) —, "subsampled_gaussian" with (σ, q) — Poisson sampling at
    rate q (a scalar in (0, 1]), noise multiplier σ, sensitivity 1, add-or-remove —, "subsampled_gaussian_remove" and
    "subsampled_gaussian_add" (one direction alone) and "subsampled_gaussian_replace" (replace-one adjacency);
    "subsampled_laplace" with (b, q) — Poisson sampling at rate q of Lap(0, b), sensitivity 1 (scale b/Δ for
    sensitivity Δ) — and its "_remove", "_add", "_replace"; "discrete_laplace" with (a, Δ) — pmf ∝ e^{−a|x|} on the
    integers, integer sensitivity Δ — and "subsampled_discrete_laplace" with (a, Δ, q) and its "_remove", "_add",
    "_replace" (dp_accounting's AdjacencyType, mirrored); k ≥ 1 steps, ε real, h the grid step (default 1/10⁴), or
    ``gap`` a relative gap of the bounds to reach (the grid is then chosen for it). The midpoint of the float PLD's
    two bounds.

    E.g. ``m.pld_delta("subsampled_gaussian", (m.value(case["sigma"]), m.value(case["q"])), 1000, m.value(case["eps"]))``
    (on the certified path the parameters, ε and h must be exact: read them with m.value)."""
    lo, hi = pld_delta_float(mechanism, params, k, eps, h, gap)
    return (lo + hi) / 2


def pld_delta_arb(mechanism, params, k, eps, h=DEFAULT_H, gap=None):
    """δ(ε) of k steps of mechanism "gaussian" (params σ, Δ), "laplace" (b, Δ), "subsampled_gaussian" (σ, q: Poisson
    rate q, add-or-remove; also one direction alone or replace-one), "subsampled_laplace" (b, q; the same variants),
    "discrete_laplace" (a, Δ) or "subsampled_discrete_laplace" (a, Δ, q; the same variants); certified: a ball
    [lower, upper].

    The ball [lower, upper] of :func:`pld_delta_bounds`. The mechanisms are "gaussian" with (σ, Δ) — N(0, σ²) against N(Δ, σ²) —, "laplace" with (b, Δ) — Lap(0, b) against Lap(Δ, b) —, "subsampled_gaussian" with (σ, q) — Poisson sampling at
    rate q (a scalar in (0, 1]), noise multiplier σ, sensitivity 1, add-or-remove —, "subsampled_gaussian_remove" and
    "subsampled_gaussian_add" (one direction alone) and "subsampled_gaussian_replace" (replace-one adjacency); k ≥ 1
    steps, ε real, h the grid step (default 1/10⁴) or ``gap`` the relative gap to reach.

    Every parameter, ε and h must be exact rationals on the certified path: in a quantity read them with
    ``m.value`` (``m.num`` makes a ball), e.g. ``m.pld_delta("subsampled_gaussian", (m.value(case["sigma"]),
    m.value(case["q"])), 1000, m.value(case["eps"]))``. The shortcuts m.gaussian_pld_delta, m.laplace_pld_delta
    and m.subsampled_gaussian_pld_delta name the mechanism."""
    return pld_delta_bounds(mechanism, params, k, eps, h, gap).ball()


def pld_epsilon(mechanism, params, k, delta, h=float(DEFAULT_H), gap=None):
    """ε(δ) of the k-fold composition (float route): the midpoint of the float bracket."""
    lo, hi = pld_epsilon_float(mechanism, params, k, delta, h, gap)
    return (lo + hi) / 2


def pld_epsilon_arb(mechanism, params, k, delta, h=DEFAULT_H, gap=None):
    """ε(δ), the smallest ε with δ(ε) ≤ δ, of the k-fold composition of ``mechanism`` with ``params`` (certified
    route: the ball [lower, upper] of :func:`pld_epsilon_bounds`; the mechanisms as :func:`pld_delta_arb`'s)."""
    return pld_epsilon_bounds(mechanism, params, k, delta, h, gap).ball()


def gaussian_pld_delta(sigma, k, eps, sensitivity=1, h=float(DEFAULT_H)):
    """δ(ε) of k-fold N(0, σ²) vs N(Δ, σ²) by the PLD accountant (float; the certified twin: _arb)."""
    return pld_delta("gaussian", (sigma, sensitivity), k, eps, h)


def gaussian_pld_delta_arb(sigma, k, eps, sensitivity=1, h=DEFAULT_H):
    """δ(ε) of k-fold N(0, σ²) vs N(Δ, σ²) by the PLD accountant: pld_delta("gaussian", (σ, Δ), k, ε, h) (certified
    route: the ball [lower, upper]; σ, Δ, ε, h exact — read them with m.value)."""
    return pld_delta_arb("gaussian", (sigma, sensitivity), k, eps, h)


def laplace_pld_delta(b, k, eps, sensitivity=1, h=float(DEFAULT_H)):
    """δ(ε) of k-fold Lap(0, b) vs Lap(Δ, b) by the PLD accountant (float; the certified twin: _arb)."""
    return pld_delta("laplace", (b, sensitivity), k, eps, h)


def laplace_pld_delta_arb(b, k, eps, sensitivity=1, h=DEFAULT_H):
    """δ(ε) of k-fold Lap(0, b) vs Lap(Δ, b) by the PLD accountant: pld_delta("laplace", (b, Δ), k, ε, h) (certified
    route: the ball [lower, upper]; b, Δ, ε, h exact — read them with m.value)."""
    return pld_delta_arb("laplace", (b, sensitivity), k, eps, h)


def subsampled_gaussian_pld_delta(sigma, q, k, eps, h=float(DEFAULT_H)):
    """δ(ε) of k steps of the Poisson-subsampled Gaussian (rate q, noise multiplier σ, add-or-remove) by the PLD
    accountant (float; the certified twin: _arb)."""
    return pld_delta("subsampled_gaussian", (sigma, q), k, eps, h)


def subsampled_gaussian_pld_delta_arb(sigma, q, k, eps, h=DEFAULT_H):
    """δ(ε) of k steps of the Poisson-subsampled Gaussian (rate q, a scalar in (0, 1]; noise multiplier σ;
    add-or-remove) by the PLD accountant: pld_delta("subsampled_gaussian", (σ, q), k, ε, h) (certified route: the
    ball [lower, upper]; σ, q, ε, h exact — read them with m.value)."""
    return pld_delta_arb("subsampled_gaussian", (sigma, q), k, eps, h)


def subsampled_gaussian_pld_epsilon(sigma, q, k, delta, h=float(DEFAULT_H), gap=None):
    """ε(δ) of k steps of the Poisson-subsampled Gaussian (DP-SGD) by the PLD accountant (float; the certified
    twin: _arb)."""
    return pld_epsilon("subsampled_gaussian", (sigma, q), k, delta, h, gap)


def subsampled_gaussian_pld_epsilon_arb(sigma, q, k, delta, h=DEFAULT_H, gap=None):
    """ε(δ) of k steps of the Poisson-subsampled Gaussian (DP-SGD) by the PLD accountant, certified: the ball
    (ε_lo, ε_hi] of :func:`pld_epsilon_bounds` (σ, q, δ, h exact — read them with m.value)."""
    return pld_epsilon_arb("subsampled_gaussian", (sigma, q), k, delta, h, gap)


def subsampled_laplace_pld_delta(b, q, k, eps, h=float(DEFAULT_H)):
    """δ(ε) of k steps of the Poisson-subsampled Laplace mechanism (rate q, scale b, sensitivity 1, add-or-remove)
    by the PLD accountant (float; the certified twin: _arb)."""
    return pld_delta("subsampled_laplace", (b, q), k, eps, h)


def subsampled_laplace_pld_delta_arb(b, q, k, eps, h=DEFAULT_H):
    """δ(ε) of k steps of the Poisson-subsampled Laplace mechanism (rate q in (0, 1], scale b, sensitivity 1,
    add-or-remove): pld_delta("subsampled_laplace", (b, q), k, ε, h) (certified route: the ball [lower, upper]; b, q,
    ε, h exact — read them with m.value)."""
    return pld_delta_arb("subsampled_laplace", (b, q), k, eps, h)


def discrete_laplace_pld_delta(a, k, eps, sensitivity=1, q=1, h=float(DEFAULT_H)):
    """δ(ε) of k steps of the discrete Laplace mechanism (pmf ∝ e^{−a|x|}, integer sensitivity), Poisson-subsampled
    at rate q (add-or-remove), by the PLD accountant (float; the certified twin: _arb)."""
    if q == 1:
        return pld_delta("discrete_laplace", (a, sensitivity), k, eps, h)
    return pld_delta("subsampled_discrete_laplace", (a, sensitivity, q), k, eps, h)


def discrete_laplace_pld_delta_arb(a, k, eps, sensitivity=1, q=1, h=DEFAULT_H):
    """δ(ε) of k steps of the discrete Laplace mechanism (pmf ∝ e^{−a|x|} on the integers, integer sensitivity),
    Poisson-subsampled at rate q (add-or-remove; q = 1: none), by the PLD accountant (certified route: the ball
    [lower, upper]; a, q, ε, h exact — read them with m.value)."""
    if q == 1:
        return pld_delta_arb("discrete_laplace", (a, sensitivity), k, eps, h)
    return pld_delta_arb("subsampled_discrete_laplace", (a, sensitivity, q), k, eps, h)


def pld_compose_delta(events, eps, h=float(DEFAULT_H)):
    """δ(ε) of the composition of different mechanisms, ``events`` a list of (mechanism, params, k) as pld_delta
    takes them (float route: the midpoint of its bounds)."""
    lo, hi = pld_compose_float(events, eps, h)
    return (lo + hi) / 2


def pld_compose_delta_arb(events, eps, h=DEFAULT_H):
    """δ(ε) of the composition of different mechanisms in one PLD: ``events`` a list of (mechanism, params, k), each
    as m.pld_delta takes them, e.g. [("subsampled_gaussian", (σ, q), 1000), ("laplace", (b, 1), 5)] (certified route:
    the ball [lower, upper] of pld_compose_bounds; every number exact — read them with m.value)."""
    return pld_compose_bounds(events, eps, h).ball()


def pld_compose_epsilon(events, delta, h=float(DEFAULT_H)):
    """ε(δ) of the composition of different mechanisms (float route: the midpoint of its bracket)."""
    lo, hi = pld_compose_epsilon_float(events, delta, h)
    return (lo + hi) / 2


def pld_compose_epsilon_arb(events, delta, h=DEFAULT_H):
    """ε(δ), the smallest ε with δ(ε) ≤ δ, of the composition of the events (as m.pld_compose_delta's; certified
    route: the ball (ε_lo, ε_hi] of pld_compose_epsilon_bounds)."""
    return pld_compose_epsilon_bounds(events, delta, h).ball()


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# the privacy-loss-distribution accountant: the float route composes its discretisation by numpy FFT; the certified
# route by exact integer polynomial products, a ball [lower, upper] that holds δ(ε). proofcheck.measures refuses a ball
# for their exact arguments at the call (EXACT_ARGS)
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)

route("pld_delta", pld_delta, pld_delta_arb)
route("gaussian_pld_delta", gaussian_pld_delta, gaussian_pld_delta_arb)
route("laplace_pld_delta", laplace_pld_delta, laplace_pld_delta_arb)
route("subsampled_gaussian_pld_delta", subsampled_gaussian_pld_delta, subsampled_gaussian_pld_delta_arb)
# ε(δ) on the same compositions: the float bracket's midpoint; certified, the ball (ε_lo, ε_hi] with
# δ_upper(ε_hi) ≤ δ < δ_lower(ε_lo)
route("pld_epsilon", pld_epsilon, pld_epsilon_arb)
route("subsampled_gaussian_pld_epsilon", subsampled_gaussian_pld_epsilon, subsampled_gaussian_pld_epsilon_arb)
route("subsampled_laplace_pld_delta", subsampled_laplace_pld_delta, subsampled_laplace_pld_delta_arb)
route("discrete_laplace_pld_delta", discrete_laplace_pld_delta, discrete_laplace_pld_delta_arb)
# heterogeneous composition: a list of (mechanism, params, k) events in one PLD
route("pld_compose_delta", pld_compose_delta, pld_compose_delta_arb)
route("pld_compose_epsilon", pld_compose_epsilon, pld_compose_epsilon_arb)
