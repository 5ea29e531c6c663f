"""A certified privacy-loss-distribution (PLD) accountant: δ(ε) of the k-fold composition of the Gaussian, the
Laplace and the Poisson-subsampled Gaussian mechanisms, as an interval [lower, upper] that provably holds the
true δ(ε), with its gap.

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
cells where that misses are widened); each cell is merged (iii-down) and moved down (ii-down) to
⌊max(log(P/Q), b_j)/h⌋·h, the floor taken from the ends of certified balls, so a mis-chosen cell only costs
accuracy. Masses are rounded down; an unbounded lower tail (≤ 2^−56) is dropped.

Atoms (Laplace: ±ε₀ = ±Δ/b) are split (upper) or moved down (lower) likewise; for the Laplace mechanism the grid
step is refined to h' = ε₀ / ⌈ε₀/h⌉ ≤ h so that the atoms lie on the grid and cost nothing.

Bin masses are CDF and survival-function differences of P and Q (written once over the numeric context; arb
balls on the certified path) turned into integers in units of 2^−S rounded in the safe direction. The k-fold
composition is exact integer polynomial multiplication (FLINT's ``fmpz_poly``) by repeated squaring; after each
product the coefficients are rescaled to 2^−S rounding up (upper) or down (lower) — (i) — and tails holding at
most 2^−``_CUT_BITS`` of mass are cut: upper, the low tail moved up to the first kept bin and the high tail to +∞
(ii); lower, both dropped (i). These steps act on the law of a partial sum, and g is ≥ 0 and non-decreasing in
it, so they hold for partial sums too. No floating-point number enters a certified value: floats only choose
where the grid ends and where the lower bound's cells are cut. δ of the final pmfs is an arb ball whose
outer end is returned; the add and remove directions of the subsampled Gaussian are composed separately and
the larger δ of each bound is taken.

The gap that remains is the two discretisations' second-order errors (for DP-SGD, q = 0.01, σ = 1.1, k = 1000:
8e−5 of δ(1) at h = 1e−4, 0.5 % at h = 1/2000) plus the rescaling (≲ k·(grid size)·2^−80, ~1e−17 absolute). Neither bound is guaranteed to improve
monotonically as h shrinks (the upper one does on nested grids, up to the rescaling); intersect
(:meth:`PldBounds.intersect`) bounds from several grids if that matters.

The float route (:func:`pld_delta_float`) takes the same discretisations with scipy's Φ and composes them by
numpy FFT (not certified); it returns the midpoint of its two bounds. Neighbouring relation for the subsampled
Gaussian (sampling rate q, noise multiplier σ, sensitivity 1): add-or-remove, as dp_accounting's
``NeighboringRelation.ADD_OR_REMOVE_ONE``: δ(ε) = max(δ_remove(ε), δ_add(ε)), remove: P = (1−q)N(0,σ²) + qN(1,σ²)
against Q = N(0,σ²); add: the pair swapped.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import flint
import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.checks import exact_real
from mechanisms.numerics.context import certified, fp
from mechanisms.numerics.exact import to_arb

__all__ = ["PldBounds", "pld_delta_bounds", "pld_delta", "pld_delta_float", "gaussian_pld_delta",
           "laplace_pld_delta", "subsampled_gaussian_pld_delta", "MECHANISMS"]

_SCALE_BITS = 80  # masses are integers in units of 2^−80
_TAIL_BITS = 56  # a single step's tails beyond the grid hold ≤ 2^−56 of mass (accounted for, not lost)
_CUT_BITS = 60  # each product's cut tails hold ≤ 2^−60 (≈ 9e−19): ~1e−17 on δ_upper over a composition
_PREC = 128  # arb working precision of the final sum
_MASS_PREC = 96  # of the bin masses: the connect-the-dots split divides differences by 1 − e^{−h}
_FLOAT_TAIL = 1e-15  # the float route's cut tails per product (FFT noise sits near 1e−17 of the peak)
DEFAULT_H = Fraction(1, 10**4)
MECHANISMS = ("gaussian", "laplace", "subsampled_gaussian")
PARAMETERS = {"gaussian": ("sigma", "sensitivity"), "laplace": ("b", "sensitivity"), "subsampled_gaussian": ("sigma", "q")}


# ----------------------------------------------------------------------------- the single-step loss, over ctx
@dataclass(frozen=True)
class _LossLaw:
    """The law of one step's privacy loss under P, with Q's mass on the same losses: ``cdf(t)`` is the pair
    (P(L ≤ t), Q(L ≤ t)) and ``sf(t)`` (P(L > t), Q(L > t)) for the continuous part, (lo, hi) the ends of its
    support (±inf where unbounded), ``atoms`` the triples (loss, P-mass, Q-mass)."""
    cdf: object
    sf: object
    lo: object
    hi: object
    atoms: tuple


def _gaussian_law(ctx, mu):
    """N(0, σ²) against N(Δ, σ²), μ = Δ/σ: L ~ N(μ²/2, μ²) under P and N(−μ²/2, μ²) under Q."""
    mu = ctx.num(mu)  # the CDF's arithmetic in balls (exact rationals would grow at every grid point)
    m = mu * mu / 2
    return _LossLaw(lambda t: (ctx.Phi((t - m) / mu), ctx.Phi((t + m) / mu)),
                    lambda t: (ctx.Phi((m - t) / mu), ctx.Phi((-m - t) / mu)), ctx.ninf, ctx.inf, ())


def _laplace_law(ctx, e0):
    """Lap(0, b) against Lap(Δ, b), ε₀ = Δ/b: L = ε₀ on x ≤ 0 (P-mass ½, Q-mass ½e^{−ε₀}), −ε₀ on x ≥ Δ (P-mass
    ½e^{−ε₀}, Q-mass ½), (Δ − 2x)/b between, with P-density ¼e^{(t − ε₀)/2} and Q-density ¼e^{−(t + ε₀)/2}."""
    half, e = ctx.exact(Fraction(1, 2)), ctx.num(e0)  # the support's ends and the atoms stay exact
    return _LossLaw(lambda t: (half * (ctx.exp((t - e) / 2) - ctx.exp(-e)), -half * ctx.expm1(-(t + e) / 2)),
                    lambda t: (-half * ctx.expm1((t - e) / 2), half * (ctx.exp(-(t + e) / 2) - ctx.exp(-e))),
                    -e0, e0, ((-e0, half * ctx.exp(-e), half), (e0, half, half * ctx.exp(-e))))


def _subsampled_remove_law(ctx, sigma, q):
    """(1−q)N(0,σ²) + qN(1,σ²) against N(0,σ²): L = log(1 − q + q e^{(2x−1)/(2σ²)}) increasing in x, so
    L ≤ t iff X ≤ x(t), x(t) = σ² log((e^t − 1 + q)/q) + ½, on t > log(1 − q)."""
    sigma, q = ctx.num(sigma), ctx.num(q)
    u, half = 1 - q, ctx.num(Fraction(1, 2))  # ½ as a ball (exact): no conversion at every grid point

    def x_of(t):
        return sigma * sigma * ctx.log((ctx.exp(t) - u) / q) + half

    def cdf(t):
        x = x_of(t)
        below = ctx.Phi(x / sigma)
        return u * below + q * ctx.Phi((x - 1) / sigma), below

    def sf(t):
        x = x_of(t)
        above = ctx.Phi(-x / sigma)
        return u * above + q * ctx.Phi((1 - x) / sigma), above
    return _LossLaw(cdf, sf, ctx.log(u), ctx.inf, ())


def _subsampled_add_law(ctx, sigma, q):
    """N(0,σ²) against (1−q)N(0,σ²) + qN(1,σ²): L = −log(1 − q + q e^{(2x−1)/(2σ²)}), X ~ N(0, σ²), decreasing in
    x, so L ≤ t iff X ≥ x(−t), on t < −log(1 − q)."""
    sigma, q = ctx.num(sigma), ctx.num(q)
    u, half = 1 - q, ctx.num(Fraction(1, 2))

    def x_of(t):
        return sigma * sigma * ctx.log((ctx.exp(-t) - u) / q) + half

    def cdf(t):
        x = x_of(t)
        above = ctx.Phi(-x / sigma)
        return above, u * above + q * ctx.Phi((1 - x) / sigma)

    def sf(t):
        x = x_of(t)
        below = ctx.Phi(x / sigma)
        return below, u * below + q * ctx.Phi((x - 1) / sigma)
    return _LossLaw(cdf, sf, ctx.ninf, -ctx.log(u), ())


def _laws(ctx, mechanism, params):
    """The loss laws whose compositions are maximised over (one for a symmetric pair; remove and add)."""
    if mechanism == "gaussian":
        sigma, d = params
        return (_gaussian_law(ctx, d / sigma),)
    if mechanism == "laplace":
        b, d = params
        return (_laplace_law(ctx, d / b),)
    sigma, q = params
    if q == 1:  # no subsampling: the Gaussian pair (the remove law's log(1 − q) is −∞)
        return (_gaussian_law(ctx, 1 / sigma),)
    return (_subsampled_remove_law(ctx, sigma, q), _subsampled_add_law(ctx, sigma, q))


def _p_cdf(law):
    return lambda t: law.cdf(t)[0]


def _p_sf(law):
    return lambda t: law.sf(t)[0]


# ----------------------------------------------------------------------------- the grid (located in floats)
def _locate(law_fp, tail, side):
    """A loss t beyond which (side=+1: above; −1: below) the continuous part holds < tail, found in floats by
    doubling and bisection; clipped to the support. Only the size of the grid depends on it: whatever the mass
    beyond the grid is, it is accounted for (certified) by the bounds."""
    end = law_fp.hi if side > 0 else law_fp.lo
    beyond = _p_sf(law_fp) if side > 0 else _p_cdf(law_fp)
    inner = _centre(law_fp)
    step = 1.0
    t = inner + side * step
    while (math.isinf(end) or side * (t - end) < 0) and beyond(t) >= tail and step < 1e6:
        step *= 2
        t = inner + side * step
    if not math.isinf(end) and side * (t - end) >= 0:
        return end
    lo_t, hi_t = inner, t
    for _ in range(60):
        mid = (lo_t + hi_t) / 2
        if beyond(mid) >= tail:
            lo_t = mid
        else:
            hi_t = mid
    return hi_t


def _centre(law_fp):
    """A loss inside the support near the median (a start for the search of the ends)."""
    lo, hi, cdf = law_fp.lo, law_fp.hi, _p_cdf(law_fp)
    if math.isinf(lo) and math.isinf(hi):
        a, b = -1.0, 1.0
        while cdf(a) > 0.5:
            a *= 2
        while cdf(b) < 0.5:
            b *= 2
    else:
        a = lo if not math.isinf(lo) else hi - 1.0
        b = hi if not math.isinf(hi) else lo + 1.0
        while math.isinf(lo) and cdf(a) > 0.5:
            a = hi - 2 * (hi - a)
        while math.isinf(hi) and cdf(b) < 0.5:
            b = lo + 2 * (b - lo)
    for _ in range(80):
        mid = (a + b) / 2
        if cdf(mid) < 0.5:
            a = mid
        else:
            b = mid
    return (a + b) / 2


def _grid(law_fp, h):
    """(j_lo, j_hi, j_mid): the grid t_j = jh, j_lo ≤ j ≤ j_hi (at least two points), at least 2h inside the
    continuous support, holding all but 2^−_TAIL_BITS of its mass on each side; j_mid splits CDF from
    survival-function differences (no cancellation of numbers near 1)."""
    tail = 2.0 ** -_TAIL_BITS
    hf = float(h)
    lo_t, hi_t = _locate(law_fp, tail, -1), _locate(law_fp, tail, +1)
    j_lo, j_hi = math.floor(lo_t / hf), math.ceil(hi_t / hf)
    if not math.isinf(law_fp.lo):
        j_lo = max(j_lo, math.floor(law_fp.lo / hf) + 2)
    if not math.isinf(law_fp.hi):
        j_hi = min(j_hi, math.ceil(law_fp.hi / hf) - 2)
    j_hi = max(j_hi, j_lo + 1)
    j_mid = min(max(round(_centre(law_fp) / hf), j_lo), j_hi)
    return j_lo, j_hi, j_mid


# ----------------------------------------------------------------------------- cell masses and the two rules
def _cell_masses(ctx, law, points, split):
    """For increasing points t_0 < … < t_n inside the support: ((P, Q) of L ≤ t_0, P-masses and Q-masses of the
    cells (t_i, t_{i+1}], (P, Q) of L > t_n) of the continuous part; CDF differences up to t_split, survival-
    function differences beyond."""
    P_lo, Q_lo = law.cdf(points[:split + 1])
    P_hi, Q_hi = law.sf(points[split:])
    p = np.concatenate([P_lo[1:] - P_lo[:-1], P_hi[:-1] - P_hi[1:]])
    q = np.concatenate([Q_lo[1:] - Q_lo[:-1], Q_hi[:-1] - Q_hi[1:]])
    return (P_lo[0], Q_lo[0]), p, q, (P_hi[-1], Q_hi[-1])


def _connect_dots(ctx, p, q, left, width):
    """Rule (iii-up): P-mass p with Q-mass q on losses in [left, left + width] as the atoms (at left, at
    left + width) with the same P- and Q-mass: top = (p − q e^{left})/(1 − e^{−width}), bottom = p − top."""
    top = (p - q * ctx.exp(left)) / -ctx.expm1(-width)
    return p - top, top


def _grid_index(ctx, x, h, up):
    """⌈x/h⌉ (up) or ⌊x/h⌋ of a finite value: certified from the ends of its ball, or exact."""
    if not ctx.certified:
        return math.ceil(x / h) if up else math.floor(x / h)
    return _bin_of(x, h, up)


def _bin_of(x, h, up, h_ball=None):
    """The grid index ⌈x/h⌉ (up) or ⌊x/h⌋ of a finite value, certified (from the ends of its ball); h_ball: h
    as a ball, if already made."""
    if not isinstance(x, flint.arb):  # an exact value: the exact ceiling or floor
        r = Fraction(x) / Fraction(h)
        return math.ceil(r) if up else math.floor(r)
    a = x / (to_arb(h) if h_ball is None else h_ball)
    return int((a.upper().ceil() if up else a.lower().floor()).unique_fmpz())


def _span(ctx, p, q, i0, i1, h):
    """Rule (iii-up) over [i0 h, i1 h]: ([i0, i1], [mass at i0 h, mass at i1 h])."""
    if i0 == i1:
        return [i0], [p]
    hn = ctx.num(h)
    bottom, top = _connect_dots(ctx, p, q, hn * i0, hn * (i1 - i0))
    return [i0, i1], [bottom, top]


def _upper_step(ctx, law, h, grid):
    """The pessimistic pmf of one step as parts [(grid indices, masses)] and the mass at +∞: connect the dots on
    every cell (jh, (j+1)h] of the grid, the tails split over the support's ends (or moved up to the grid / to
    +∞), the atoms split over their cells."""
    j_lo, j_hi, j_mid = grid
    js = np.arange(j_lo, j_hi + 1)
    hn = ctx.num(h)
    points = ctx.vector([hn * int(j) for j in js])
    (p_below, q_below), p, q, (p_above, q_above) = _cell_masses(ctx, law, points, j_mid - j_lo)
    bottom, top = _connect_dots(ctx, p, q, points[:-1], hn)
    parts = [(js[:-1], bottom), (js[1:], top)]
    inf = 0
    if ctx.is_inf(law.lo):
        parts.append(([j_lo], [p_below]))
    else:
        parts.append(_span(ctx, p_below, q_below, _grid_index(ctx, law.lo, h, False), j_lo, h))
    if ctx.is_inf(law.hi):
        inf = p_above
    else:
        parts.append(_span(ctx, p_above, q_above, j_hi, _grid_index(ctx, law.hi, h, True), h))
    for loss, p_atom, q_atom in law.atoms:
        parts.append(_span(ctx, p_atom, q_atom, _grid_index(ctx, loss, h, False), _grid_index(ctx, loss, h, True), h))
    return parts, inf


def _merged_index(ctx, p, q, left, h):
    """Rules (iii-down) then (ii-down): the grid index ⌊max(log(p/q), left)/h⌋ of a cell with P-mass p and Q-mass
    q whose losses exceed left (left alone where a mass is not certainly positive)."""
    if not ctx.certified:
        p, q, left = (np.asarray(v, float) for v in (p, q, left))
        with np.errstate(divide="ignore", invalid="ignore"):
            merged = np.where((p > 0) & (q > 0), np.log(p / q), -np.inf)
        return np.floor(np.maximum(merged, left) / h).astype(np.int64)
    out = np.empty(len(p), dtype=object)
    h_ball = to_arb(h)
    for i, (pi, qi, li) in enumerate(zip(p, q, left)):
        j = _bin_of(li, h, False, h_ball)
        pi, qi = ctx.num(pi), ctx.num(qi)
        if pi > 0 and qi > 0:
            j = max(j, _bin_of((pi / qi).log(), h, False, h_ball))
        out[i] = j
    return out


def _lower_step(ctx, law, h, grid, cuts):
    """The optimistic pmf of one step as parts [(grid indices, masses)]: each cell between consecutive cuts (and
    the tails to a finite end of the support) merged and moved down to the grid; an unbounded lower tail
    dropped, an unbounded upper one moved down to the last cut."""
    points = ctx.vector([ctx.num(Fraction(c)) for c in cuts]) if ctx.certified else np.asarray(cuts, float)
    split = int(np.searchsorted(cuts, grid[2] * float(h)))
    split = min(max(split, 0), len(cuts) - 1)
    (p_below, q_below), p, q, (p_above, q_above) = _cell_masses(ctx, law, points, split)
    parts = [(_merged_index(ctx, p, q, points[:-1], h), p)]
    if not ctx.is_inf(law.lo):
        parts.append((_merged_index(ctx, [p_below], [q_below], [law.lo], h), [p_below]))
    top_left = [points[-1]]
    parts.append((_merged_index(ctx, [p_above], [q_above], top_left, h) if not ctx.is_inf(law.hi)
                  else [_grid_index(ctx, points[-1], h, False)], [p_above]))
    for loss, p_atom, _ in law.atoms:
        parts.append(([_grid_index(ctx, loss, h, False)], [p_atom]))
    return parts


# ----------------------------------------------------------------------------- where the lower bound's cells are cut
_AIM = Fraction(1, 16)  # each cell's merged loss aimed at jh + h²/16 …
_ACCEPT = Fraction(1, 32)  # … and accepted from jh + h²/32 (below: the cell is widened)
_NEGLIGIBLE = 1e-14  # a cell of less P-mass is not widened (its floor costs < 1e-14·h)


def _lower_cuts(law, h, grid):
    """Floats b_0 < … < b_n inside the support, cell (b_i, b_{i+1}] meant for the grid point (j_lo + i)h: the
    cells centred on the grid shifted by (½ − a)h²/12 + h²/16, a the slope of the P-log-density at the cut (the
    merged loss of a cell of width h centred at c is c + (a − ½)h²/12 + O(h⁴)); a cell whose merged loss still
    falls below jh + h²/32 is widened up to the next cuts. Where the grid reaches a finite upper end of the
    support, the cuts run to J = ⌊hi/h⌋ and the last cell (b_n, hi] is meant for Jh (its cut moved up until it
    is). Any cuts are valid: this only chooses good ones."""
    j_lo, j_hi, j_mid = grid
    h = float(h)
    bounded = not math.isinf(law.hi) and j_hi >= math.ceil(law.hi / h) - 2
    top = max(j_hi, math.floor(law.hi / h)) if bounded else j_hi + 1
    cuts = (np.arange(j_lo, top + 1) - 0.5) * h
    split = min(j_mid - j_lo, len(cuts) - 1)
    _, p, _, _ = _cell_masses(fp, law, cuts, split)
    with np.errstate(divide="ignore", invalid="ignore"):
        slope = np.diff(np.log(p)) / h
    slope = np.concatenate([[0.0], np.nan_to_num(slope, nan=0.0, posinf=0.0, neginf=0.0), [0.0]])
    noise = _float_noise(law, cuts, split, p)  # the float error of a cell's merged loss, over-estimated
    aim, accept = float(_AIM) * h * h + noise, float(_ACCEPT) * h * h + noise / 2
    cuts = cuts + np.clip((0.5 - slope) * h * h / 12 + np.minimum(aim, h / 8), -h / 4, h / 4)
    _, p, q, _ = _cell_masses(fp, law, cuts, split)
    targets = (j_lo + np.arange(len(p))) * h + accept[:len(p)]
    with np.errstate(divide="ignore", invalid="ignore"):
        short = np.flatnonzero((np.log(p / q) < targets) & (p > _NEGLIGIBLE))
    if short.size:
        cuts = _widen(law, cuts, targets, short, j_mid * h)
    if bounded:
        cuts[-1] = _last_cut(law, cuts[-1], top * h + accept[-1])
    return cuts


def _float_noise(law, cuts, split, p):
    """Per cut, a generous bound on the float error of the merged loss log(P/Q) of a cell next to it: the CDF
    (or survival function) level over the cell's mass, times 2^−48, for P and Q; the cut's two cells' worst."""
    (P_lo, Q_lo), (P_hi, Q_hi) = law.cdf(cuts[:split + 1]), law.sf(cuts[split:])
    P_level, Q_level = np.concatenate([P_lo, P_hi[1:]]), np.concatenate([Q_lo, Q_hi[1:]])
    _, p, q, _ = _cell_masses(fp, law, cuts, split)
    with np.errstate(divide="ignore", invalid="ignore"):
        cell = 2.0 ** -48 * ((P_level[1:] + P_level[:-1]) / p + (Q_level[1:] + Q_level[:-1]) / q)
    cell = np.nan_to_num(cell, nan=np.inf)
    return np.maximum(np.concatenate([cell, [cell[-1]]]), np.concatenate([[cell[0]], cell]))


def _last_cut(law, cut, target):
    """The lowest cut x ≥ cut (bisected in floats) whose top cell (x, hi] has its merged loss ≥ target, where
    there is one (the merged loss of (x, hi] rises to hi as x does)."""
    def merged(x):
        p, q = law.sf(x)
        return math.log(p / q) if p > 0 and q > 0 else -math.inf

    if merged(cut) >= target or law.hi <= target:
        return cut
    lo_x, hi_x = cut, law.hi
    for _ in range(60):
        mid = (lo_x + hi_x) / 2
        if merged(mid) >= target:
            hi_x = mid
        else:
            lo_x = mid
    return hi_x if hi_x < law.hi and merged(hi_x) >= target else cut


def _widen(law, cuts, targets, short, centre):
    """Move the upper cut of each short cell up (absorbing whole cells, then bisecting into the next) until its
    merged loss reaches its target; a cell that cannot is left to the floor of its merged loss."""
    cuts = list(cuts)
    keep = [True] * len(cuts)

    def merged(a, b):
        p, q = _float_cell(law, a, b, centre)
        return math.log(p / q) if p > 0 and q > 0 else -math.inf

    for i in short:
        if not keep[i] or not keep[i + 1]:
            continue  # already absorbed into a widened cell
        m = i + 1
        while m + 1 < len(cuts) and merged(cuts[i], cuts[m + 1]) < targets[i]:
            m += 1
        if m + 1 >= len(cuts):
            continue
        lo_x, hi_x = cuts[m], cuts[m + 1]
        if merged(cuts[i], lo_x) < targets[i]:
            for _ in range(40):
                mid = (lo_x + hi_x) / 2
                if merged(cuts[i], mid) >= targets[i]:
                    hi_x = mid
                else:
                    lo_x = mid
            lo_x = hi_x
        for r in range(i + 1, m):
            keep[r] = False
        cuts[m] = lo_x
    return np.asarray([c for c, k in zip(cuts, keep) if k])


def _float_cell(law, a, b, centre):
    """(P, Q) of a < L ≤ b in floats, by CDF or survival-function differences (or both, across the centre)."""
    if b <= centre:
        (pa, qa), (pb, qb) = law.cdf(a), law.cdf(b)
        return pb - pa, qb - qa
    if a >= centre:
        (pa, qa), (pb, qb) = law.sf(a), law.sf(b)
        return pa - pb, qa - qb
    (pa, qa), (pc, qc) = law.cdf(a), law.cdf(centre)
    (sc, tc), (sb, tb) = law.sf(centre), law.sf(b)
    return pc - pa + sc - sb, qc - qa + tc - tb


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
    ``inf`` the mass at +∞ (pessimistic only)."""
    poly: flint.fmpz_poly
    off: int
    inf: int


def _integer_pmf(parts, inf, up):
    """The parts of a single step as integer units (rounded up or down): a :class:`_Pmf`."""
    parts = [([int(j) for j in js], list(ms)) for js, ms in parts if len(js)]
    lo_bin = min(min(js) for js, _ in parts)
    hi_bin = max(max(js) for js, _ in parts)
    coeffs = [0] * (hi_bin - lo_bin + 1)
    for js, ms in parts:
        for j, m in zip(js, ms):
            coeffs[j - lo_bin] += _units(certified.num(m), up)
    return _Pmf(flint.fmpz_poly(coeffs), lo_bin, _units(certified.num(inf), up) if up else 0)

def _prefix_sum(poly, n):
    return int(poly.truncate(n)(1)) if n > 0 else 0


def _cut(poly, budget, from_low):
    """The largest n with the n lowest (from_low) or highest coefficients summing to ≤ budget (bisection on exact
    integer prefix sums, each a truncation and an evaluation at 1 in FLINT)."""
    length = poly.length()
    total = int(poly(1)) if length else 0
    lo, hi = 0, length
    while lo < hi:
        mid = (lo + hi + 1) // 2
        s = _prefix_sum(poly, mid) if from_low else total - _prefix_sum(poly, length - mid)
        if s <= budget:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _product(a, b, up):
    """The pmf of the sum of the two losses, rescaled to 2^−S (rounded up or down) and its tails cut."""
    scale = 1 << _SCALE_BITS
    raw = a.poly * b.poly
    poly = -((-raw) // scale) if up else raw // scale
    off = a.off + b.off
    inf = 0
    if up:
        a_fin, b_fin = int(a.poly(1)), int(b.poly(1))
        inf = -(-(a.inf * (b_fin + b.inf) + a_fin * b.inf) // scale)
    budget = 1 << (_SCALE_BITS - _CUT_BITS)
    n_low = _cut(poly, budget, True)
    n_high = _cut(poly, budget, False)
    length = poly.length()
    if n_low + n_high >= length:  # never cut everything
        return _Pmf(poly, off, inf)
    low_mass = _prefix_sum(poly, n_low)
    high_mass = int(poly(1)) - _prefix_sum(poly, length - n_high)
    kept = poly.truncate(length - n_high).right_shift(n_low)
    if up:  # the low tail rounded up to the first kept bin, the high tail to +∞
        kept = kept + flint.fmpz_poly([low_mass])
        inf += high_mass
    return _Pmf(kept, off + n_low, inf)


def _power(pmf, k, up):
    result, base = None, pmf
    while k:
        if k & 1:
            result = base if result is None else _product(result, base, up)
        k >>= 1
        if k:
            base = _product(base, base, up)
    return result


def _delta_of(pmf, h, eps, up):
    """Σ_{loss > ε} mass · (1 − e^{ε − loss}) (+ the mass at +∞), in units of 2^−S, as an arb ball."""
    ha = to_arb(h)
    j0 = max(math.floor(Fraction(eps) / Fraction(h)) + 1 - pmf.off, 0)
    tail = pmf.poly.right_shift(j0) if j0 < pmf.poly.length() else flint.fmpz_poly([])
    total = flint.arb(int(tail(1))) if tail.length() else flint.arb(0)
    if tail.length():
        weighted = flint.arb_poly(tail.coeffs())((-ha).exp())
        total = total - (to_arb(eps) - (pmf.off + j0) * ha).exp() * weighted
    if up:
        total = total + pmf.inf
    return total / flint.arb(2) ** _SCALE_BITS


# ----------------------------------------------------------------------------- arguments
def _args(mechanism, params, k, fname, exact):
    if mechanism not in MECHANISMS:
        raise InvalidInput(f"{fname}: mechanism must be one of {MECHANISMS}, got mechanism={mechanism!r}")
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise InvalidInput(f"{fname}: k must be an integer >= 1, got k={k!r}")
    names = PARAMETERS[mechanism]
    if len(params) != 2:
        raise InvalidInput(f"{fname}: {mechanism} takes the parameters {names}, got {params!r}")
    check = exact_real if exact else _float_real
    out = []
    for name, v in zip(names, params):
        bounds = dict(lo=0, hi=1, lo_open=True) if name == "q" else dict(lo=0, lo_open=True)
        x = check(v, name, fname, **bounds)
        if exact and not isinstance(x, Fraction):
            raise InvalidInput(f"{fname}: {name} must be an exact rational, got {name}={v} (in a quantity, read the "
                               f"case with m.value, which keeps exact numbers exact; m.num makes a ball)")
        out.append(x)
    return tuple(out), int(k)


def _float_real(x, name, fname, **bounds):
    from mechanisms.numerics.checks import real

    return real(x, name, fname, **bounds)


def _grid_step(h, fname, exact):
    v = exact_real(h, "h", fname, lo=0, lo_open=True) if exact else _float_real(h, "h", fname, lo=0, lo_open=True)
    if exact and not isinstance(v, Fraction):
        raise InvalidInput(f"{fname}: h must be an exact rational, got h={h}")
    return v


# ----------------------------------------------------------------------------- certified bounds
@dataclass(frozen=True)
class PldBounds:
    """δ(ε) ∈ [lower, upper], both exact rationals (the ends of certified balls)."""
    lower: Fraction
    upper: Fraction

    @property
    def gap(self) -> Fraction:
        return self.upper - self.lower

    def ball(self):
        """The arb ball [lower, upper]."""
        return to_arb(self.lower).union(to_arb(self.upper))

    def intersect(self, other: "PldBounds") -> "PldBounds":
        """The bounds both hold (from two grids, say): [max of the lowers, min of the uppers]."""
        return PldBounds(max(self.lower, other.lower), min(self.upper, other.upper))


def _step(mechanism, params, h):
    """The grid step used: h, refined for the Laplace mechanism to ε₀/⌈ε₀/h⌉ so that its atoms ±ε₀ lie on it."""
    if mechanism != "laplace":
        return h
    e0 = Fraction(params[1]) / Fraction(params[0])
    return e0 / math.ceil(e0 / Fraction(h))


@functools.lru_cache(maxsize=8)
def _composed(mechanism, params, k, h):
    """The k-fold pessimistic and optimistic pmfs of each loss law (certified), cached per arguments."""
    with certified.workprec(_MASS_PREC):
        laws_c = _laws(certified, mechanism, tuple(certified.exact(p) for p in params))
        laws_f = _laws(fp, mechanism, tuple(float(p) for p in params))
        out = []
        for law_c, law_f in zip(laws_c, laws_f):
            grid = _grid(law_f, h)
            upper = _integer_pmf(*_upper_step(certified, law_c, h, grid), True)
            lower = _integer_pmf(_lower_step(certified, law_c, h, grid, _lower_cuts(law_f, h, grid)), 0, False)
            out.append((_power(upper, k, True), _power(lower, k, False)))
    return tuple(out)


def pld_delta_bounds(mechanism, params, k, eps, h=DEFAULT_H):
    """Certified bounds on δ(ε) of the k-fold composition of ``mechanism`` with ``params`` (exact rationals):
    "gaussian" (σ, Δ), "laplace" (b, Δ), "subsampled_gaussian" (σ, q) with sensitivity 1 under add-or-remove;
    eps an exact rational or a list of them (a list of bounds back); h the grid step (exact). The composition is
    computed once per (mechanism, params, k, h) and cached."""
    fname = "pld_delta_bounds"
    p, k = _args(mechanism, tuple(params), k, fname, exact=True)
    hh = _grid_step(h, fname, exact=True)
    many = isinstance(eps, (list, tuple, np.ndarray))
    es = [exact_real(e, "eps", fname) for e in (eps if many else [eps])]
    for e in es:
        if not isinstance(e, Fraction):
            raise InvalidInput(f"{fname}: eps must be an exact rational, got eps={e}")
    hh = _step(mechanism, p, hh)
    composed = _composed(mechanism, p, k, hh)
    out = []
    with certified.workprec(_PREC):
        for e in es:
            lo_end = max(_arb_end(_delta_of(lower, hh, e, False), up=False) for _, lower in composed)
            hi_end = max(_arb_end(_delta_of(upper, hh, e, True), up=True) for upper, _ in composed)
            out.append(PldBounds(max(lo_end, Fraction(0)), min(hi_end, Fraction(1))))
    return out if many else out[0]


def _arb_end(x, up):
    man, exp = (x.upper() if up else x.lower()).man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(exp)


# ----------------------------------------------------------------------------- float route
def _float_pmf(law, h, grid, up):
    """The float twin of the certified single step: (pmf array, offset, mass at +∞)."""
    if up:
        parts, inf = _upper_step(fp, law, h, grid)
    else:
        parts, inf = _lower_step(fp, law, h, grid, _lower_cuts(law, h, grid)), 0.0
    parts = [(np.asarray(js, np.int64), np.maximum(np.asarray(ms, float), 0.0)) for js, ms in parts if len(js)]
    lo_bin = min(int(js.min()) for js, _ in parts)
    pmf = np.zeros(max(int(js.max()) for js, _ in parts) - lo_bin + 1)
    for js, ms in parts:
        np.add.at(pmf, js - lo_bin, ms)
    return pmf, lo_bin, float(inf)


def _float_product(a, b, up):
    from scipy.signal import fftconvolve

    (pa, oa, ia), (pb, ob, ib) = a, b
    c = np.maximum(fftconvolve(pa, pb), 0.0)
    inf = ia * (pb.sum() + ib) + pa.sum() * ib if up else 0.0
    cs = np.cumsum(c)
    tail = _FLOAT_TAIL
    n_low = int(np.searchsorted(cs, tail, side="right"))
    rs = np.cumsum(c[::-1])
    n_high = int(np.searchsorted(rs, tail, side="right"))
    if n_low + n_high >= c.size:
        return c, oa + ob, inf
    kept = c[n_low:c.size - n_high].copy()
    if up:
        kept[0] += cs[n_low - 1] if n_low else 0.0
        inf += rs[n_high - 1] if n_high else 0.0
    return kept, oa + ob + n_low, inf


def _float_delta(pmf, h, eps, up):
    p, off, inf = pmf
    loss = (off + np.arange(p.size)) * h
    keep = loss > eps
    return float(np.sum(p[keep] * -np.expm1(eps - loss[keep]))) + (inf if up else 0.0)


def pld_delta_float(mechanism, params, k, eps, h=float(DEFAULT_H)):
    """(lower, upper) of δ(ε) from the same discretisation in floats composed by numpy FFT (not certified)."""
    fname = "pld_delta_float"
    p, k = _args(mechanism, tuple(params), k, fname, exact=False)
    hh = float(_step(mechanism, p, _grid_step(h, fname, exact=False)))
    e = _float_real(eps, "eps", fname)
    lows, highs = [], []
    for law in _laws(fp, mechanism, p):
        grid = _grid(law, hh)
        for up, acc in ((True, highs), (False, lows)):
            single = _float_pmf(law, hh, grid, up)
            result, base, n = None, single, k
            while n:
                if n & 1:
                    result = base if result is None else _float_product(result, base, up)
                n >>= 1
                if n:
                    base = _float_product(base, base, up)
            acc.append(_float_delta(result, hh, e, up))
    return max(lows), min(max(highs), 1.0)


# ----------------------------------------------------------------------------- routes
def pld_delta(mechanism, params, k, eps, h=float(DEFAULT_H)):
    """δ(ε) of the k-fold composition of ``mechanism`` with ``params`` (float route): "gaussian" with (σ, Δ) —
    N(0, σ²) against N(Δ, σ²) —, "laplace" with (b, Δ) — Lap(0, b) against Lap(Δ, b) —, "subsampled_gaussian"
    with (σ, q) — Poisson sampling at rate q, noise multiplier σ, sensitivity 1, add-or-remove; k ≥ 1 steps, ε
    real, h the grid step (default 1/10⁴). The midpoint of the float PLD's two bounds.

    E.g. ``m.pld_delta("subsampled_gaussian", (m.value(case["sigma"]), m.value(case["q"])), 1000, m.value(case["eps"]))``
    (on the certified path the parameters, ε and h must be exact: read them with m.value)."""
    lo, hi = pld_delta_float(mechanism, params, k, eps, h)
    return (lo + hi) / 2


def pld_delta_arb(mechanism, params, k, eps, h=DEFAULT_H):
    """δ(ε) of k steps of mechanism "gaussian" (params σ, Δ), "laplace" (b, Δ) or "subsampled_gaussian" (σ, q: Poisson
    rate q, add-or-remove); certified: a ball [lower, upper].

    The mechanisms: "gaussian" with (σ, Δ) is N(0, σ²) against N(Δ, σ²); "laplace" with (b, Δ) is Lap(0, b) against
    Lap(Δ, b); "subsampled_gaussian" with (σ, q) is Poisson sampling at rate q (a scalar in (0, 1]), noise
    multiplier σ, sensitivity 1, add-or-remove. k ≥ 1 steps, ε real, h the grid step (default 1/10⁴). Certified
    route: the ball [lower, upper] of :func:`pld_delta_bounds`; the float route is the midpoint of the same
    discretisation's two bounds composed by FFT.

    Every parameter, ε and h must be exact rationals on the certified path: in a quantity read them with
    ``m.value`` (``m.num`` makes a ball), e.g. ``m.pld_delta("subsampled_gaussian", (m.value(case["sigma"]),
    m.value(case["q"])), 1000, m.value(case["eps"]))``. The shortcuts m.gaussian_pld_delta, m.laplace_pld_delta
    and m.subsampled_gaussian_pld_delta name the mechanism."""
    return pld_delta_bounds(mechanism, params, k, eps, h).ball()


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
