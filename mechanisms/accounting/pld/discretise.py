"""One step's loss law discretised on the grid (see :mod:`mechanisms.accounting.pld`): the pessimistic
connect-the-dots pmf, the optimistic merged-cell pmf and the float choice of where its cells are cut."""
from __future__ import annotations

import math
from fractions import Fraction

import flint
import numpy as np

from mechanisms.numerics.context import fp
from mechanisms.numerics.exact import to_arb
from mechanisms.accounting.pld.laws import _grid

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
    if not ctx.certified:  # floats: an atom placed a hair above a grid point (:func:`_anchors`) is on it
        r = x / h
        return math.ceil(r - 1e-9) if up else math.floor(r + 1e-9)
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


def _grid_masses(ctx, law, h, grid):
    """:func:`_cell_masses` on the grid points jh, j_lo ≤ j ≤ j_hi."""
    j_lo, j_hi, j_mid = grid
    hn = ctx.num(h)
    points = ctx.vector([hn * int(j) for j in range(j_lo, j_hi + 1)])
    return _cell_masses(ctx, law, points, j_mid - j_lo)


def _mirrored(masses):
    """The grid masses of the swapped pair (Q, P) on the mirrored grid (−j_hi, −j_lo), from those of (P, Q): its
    loss is −L, so its P-mass on (ah, (a+1)h] is Q's on [−(a+1)h, −ah) (the same, the law being continuous) and
    its Q-mass P's; the tails swap. No new evaluation (the add direction of the subsampled Gaussian is the
    swapped remove pair)."""
    (p_below, q_below), p, q, (p_above, q_above) = masses
    return (q_above, p_above), q[::-1], p[::-1], (q_below, p_below)


def _upper_step(ctx, law, h, grid, masses=None):
    """The pessimistic pmf of one step as parts [(grid indices, masses)] and the mass at +∞: connect the dots on
    every cell (jh, (j+1)h] of the grid, the tails split over the support's ends (or moved up to the grid / to
    +∞), the atoms split over their cells. masses: :func:`_grid_masses` of this grid, if already known. A purely atomic
    law: its atoms split alone."""
    if law.cdf is None:
        return _atom_spans(ctx, law, h), 0
    j_lo, j_hi, j_mid = grid
    js = np.arange(j_lo, j_hi + 1)
    hn = ctx.num(h)
    points = ctx.vector([hn * int(j) for j in js])
    if masses is None:
        masses = _cell_masses(ctx, law, points, j_mid - j_lo)
    (p_below, q_below), p, q, (p_above, q_above) = masses
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
    return parts + _atom_spans(ctx, law, h), inf


def _atom_spans(ctx, law, h):
    """Rule (iii-up) on each atom: split over the grid points below and above it (exact on the grid)."""
    return [_span(ctx, p_atom, q_atom, _grid_index(ctx, loss, h, False), _grid_index(ctx, loss, h, True), h)
            for loss, p_atom, q_atom in law.atoms]


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
    dropped, an unbounded upper one moved down to the last cut. A purely atomic law: each atom moved down."""
    if law.cdf is None:
        return [([_grid_index(ctx, loss, h, False)], [p_atom]) for loss, p_atom, _ in law.atoms]
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
_CANDIDATES = np.arange(1, 65) / 64
_BOTTOM_CELLS = 4096  # at most this many cells cut one by one from a finite lower end (:func:`_bottom_cuts`)
_REGULAR_RUN = 16  # the bottom cells end after this many in a row of the regular width (in pairs) …
_BOTTOM_FREE = 256  # … once there are more than this many (below it they cost little, and a narrow support such as a
# subsampled Laplace's gains from every one: its lower bound at q = 0.01, h = 1e-4 lost 3e-4 of δ ending at 16)
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
    first = j_lo  # the grid point the first cell is meant for
    if not math.isinf(law.lo):
        cuts, first = _bottom_cuts(law, h, cuts, j_lo, float(_AIM) * h * h, j_mid * h)
        accept = np.concatenate([np.full(max(j_lo - first, 0), accept[0]), accept])
        split = min(split, len(cuts) - 1)  # the bottom cuts may have left fewer cuts than the split's index
    _, p, q, _ = _cell_masses(fp, law, cuts, split)
    if accept.size < len(p):  # the bottom cuts made more cells than the regular ones they replaced
        accept = np.concatenate([accept, np.full(len(p) - accept.size, accept[-1])])
    targets = (first + np.arange(len(p))) * h + accept[:len(p)]
    with np.errstate(divide="ignore", invalid="ignore"):
        short = np.flatnonzero((np.log(p / q) < targets) & (p > _NEGLIGIBLE))
    if short.size:
        cuts = _widen(law, cuts, targets, short, j_mid * h, p, q)
    if bounded:
        cuts[-1] = _last_cut(law, cuts[-1], top * h + accept[-1])
    return cuts


def _bottom_cuts(law, h, cuts, j_lo, aim, centre):
    """Cuts from a finite lower end of the support up, one cell at a time: cell (a, c] meant for the first grid
    point Jh ≥ a, c the lowest cut (to h²/256, vectorised search) where its merged loss reaches Jh + aim; then
    from c for (J+1)h, and so on while a cell's mass times h exceeds aim/1000, or until the regular cut of the
    next grid point can end the cell instead (its merged loss within h/2048 above Jh: a higher cut only raises
    it) and the regular cell after it lands just above its grid point; there the regular cuts take over. Returns
    the cuts and the first cell's grid index. Without this the mass between the end and the first regular cut
    (3 % of it at q = 0.001, σ = 0.8, where the loss law piles up at log(1 − q)) is merged into one atom and
    floored to the grid, a first-order loss (~1e−6 of E[L] a step, 0.07 of loss over 50,000 steps)."""
    cells_from = _cells_from(law, centre)

    def merged(cells, a, c):
        p, q = cells(c)
        with np.errstate(divide="ignore", invalid="ignore"):
            m = np.log(p / q)
        # a merged loss outside its cell is float error (cells of ~1e−14 at the end of the support): not trusted
        return np.where((p > _NEGLIGIBLE) & (q > 0) & (m >= a) & (m <= c), m, -np.inf), p

    # a cut found to h²/256 moves the cell's merged loss by less than h²/512, 1/32 of the aim (5 rounds, to h/2^28,
    # where 3 do at h = 1/100: on 44 cases the lower bounds they gave were at most 6·10⁻⁴ of the bracket's width
    # tighter, at most 2.4·10⁻⁷ relative where δ > 10⁻³)
    rounds = max(2, math.ceil(math.log(1024 / h, _CANDIDATES.size)))
    a = law.lo + 1e-9 * h
    J = first = math.ceil(a / h)
    regular, width_before = 0, math.inf  # how many cells in a row spanned 2h with the one before
    out = [a]
    for _ in range(_BOTTOM_CELLS):
        cells = cells_from(a)  # the terms of a evaluated once for the cell's searches
        target, lo_c, width = J * h + aim, a, 4 * h
        for _ in range(rounds):  # 64 candidates a round, down to h²/256
            xs = lo_c + width * _CANDIDATES
            m, p = merged(cells, a, xs)
            k = int(np.argmax(m >= target)) if (m >= target).any() else xs.size - 1
            lo_c, width = (xs[k - 1] if k else lo_c), width / xs.size
        c, mass = xs[k], p[k]  # the first candidate at or above the target in the last round, and its cell's mass
        i = J + 1 - j_lo  # the regular cut below the cell meant for (J+1)h
        if 0 <= i < len(cuts) - 1 and c <= cuts[i]:  # a higher cut only raises the merged loss, …
            m, _ = merged(cells, a, np.asarray([cuts[i]]))
            m2, _ = merged(cells_from(cuts[i]), cuts[i], np.asarray([cuts[i + 1]]))
            if m[0] - J * h <= h / 2048 and aim / 2 <= m2[0] - (J + 1) * h <= h / 2048:  # … by little
                return np.concatenate([out, cuts[i:]]), first
        # two cells in a row span 2h (the cells of a linear stretch alternate about width h, wider then narrower)
        regular = regular + 1 if abs(c - a + width_before - 2 * h) < h / 32 else 0
        width_before = c - a
        a, J = c, J + 1
        out.append(a)
        if mass * h < aim / 1000:  # the cells above cost less than this if they land badly
            break
        if regular >= _REGULAR_RUN and len(out) > _BOTTOM_FREE:  # past the pile-up: the loss law nearly linear again, as the regular cells
            break  # assume (where the two sequences never met, 1,300 cells were cut one by one at h = 1/100)
    # the cell from a is meant for Jh: the regular cuts go on from the lower cut of the cell meant for (J+1)h, so
    # that cell r stays meant for (first + r)h (cuts[cuts > a + h/2] took one regular cut too many where the two
    # sequences ran h/2 apart: every cell above was then judged against the next grid point, and 14,000 cells of
    # a subsampled Gaussian at h = 10⁻⁴ were widened one by one)
    i = J + 1 - j_lo
    if 0 <= i < len(cuts) and cuts[i] > a:
        return np.concatenate([out, cuts[i:]]), first
    return np.concatenate([out, cuts[cuts > a + h / 2]]), first


def _cells_from(law, centre):
    """a ↦ (b ↦ (P, Q) of a < L ≤ b) for a float a and an array b > a, by CDF or survival-function differences
    (both, across the centre); the terms of a and of the centre are evaluated once, and the survival function
    beyond the centre only where some b passes it."""
    sc, tc = law.sf(centre)

    def at(a):
        if a >= centre:
            pa, qa = law.sf(a)

            def cells(b):
                pb, qb = law.sf(b)
                return pa - pb, qa - qb
            return cells
        pa, qa = law.cdf(a)

        def cells(b):
            pc, qc = law.cdf(np.minimum(b, centre))
            sb, tb = law.sf(np.maximum(b, centre)) if np.max(b) > centre else (sc, tc)
            return pc - pa + sc - sb, qc - qa + tc - tb
        return cells
    return at


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


def _widen(law, cuts, targets, short, centre, p, q):
    """Move the upper cut of each short cell up (absorbing whole cells, then searching into the next) until its
    merged loss reaches its target; a cell that cannot is left to the floor of its merged loss. p, q: the cells'
    masses. Whole cells are absorbed by adding their masses (no law evaluated); the cuts inside the next cells are
    then found together, among 64 candidates a round for 4 rounds (to a cell's width/2^24), one vectorised
    evaluation a round (a cell at a time with 40 scalar bisection steps, the 13,000 short cells of a subsampled
    Gaussian's step at h = 10⁻⁴ took 13–26 s)."""
    cuts = list(cuts)
    keep = [True] * len(cuts)
    p, q = [float(x) for x in p], [float(x) for x in q]
    moved = set()  # cuts moved up: the cell above one has new masses
    pending = {}  # cut index m → (P and Q of the cells below it, target): its new place not yet searched

    def cell(r):
        if r in moved:
            return _float_cell(law, cuts[r], cuts[r + 1], centre)
        return p[r], q[r]

    def merged(sp, sq):
        return math.log(sp / sq) if sp > 0 and sq > 0 else -math.inf

    def search():
        ms = np.fromiter(pending, dtype=np.int64)
        sp, sq, target = (np.asarray([v[j] for v in pending.values()])[:, None] for j in range(3))
        base = np.asarray([cuts[m] for m in ms])
        lo, width = base.copy(), np.asarray([cuts[m + 1] for m in ms]) - base
        rows = np.arange(ms.size)
        for _ in range(4):
            xs = lo[:, None] + width[:, None] * _CANDIDATES
            cp, cq = _float_cells_many(law, base, xs, centre)
            with np.errstate(divide="ignore", invalid="ignore"):
                ok = np.log((sp + cp) / (sq + cq)) >= target
            k = np.where(ok.any(axis=1), ok.argmax(axis=1), xs.shape[1] - 1)
            lo, width = np.where(k > 0, xs[rows, np.maximum(k - 1, 0)], lo), width / xs.shape[1]
        found = np.minimum(lo + width * xs.shape[1], [cuts[m + 1] for m in ms])  # the first candidate at or above
        for m, x in zip(ms.tolist(), found.tolist()):
            cuts[m] = x
            moved.add(m)
        pending.clear()

    for i in short:
        if not keep[i] or not keep[i + 1]:
            continue  # already absorbed into a widened cell
        if i in pending:  # its lower cut moves: its masses are known once it is placed
            search()
        sp, sq = cell(i)
        m = i + 1
        while m + 1 < len(cuts):
            cp, cq = cell(m)
            if merged(sp + cp, sq + cq) >= targets[i]:
                break
            sp, sq = sp + cp, sq + cq
            m += 1
        if m + 1 >= len(cuts):
            continue
        for r in range(i + 1, m):
            keep[r] = False
        if merged(sp, sq) < targets[i]:  # cells i … m−1 fall short: the cut goes into (cuts[m], cuts[m+1]]
            pending[m] = (sp, sq, float(targets[i]))
    if pending:
        search()
    return np.asarray([c for c, k in zip(cuts, keep) if k])


def _float_cells_many(law, a, b, centre):
    """(P, Q) of a_i < L ≤ b_ij for a float vector a and an array b (rows ≥ a_i), as :func:`_cells_from` per row."""
    a2 = np.broadcast_to(a[:, None], b.shape)
    (pa, qa), (pb, qb) = law.sf(a2.ravel()), law.sf(b.ravel())
    up_p, up_q = pa - pb, qa - qb
    (ca, cqa), (cc, cqc) = law.cdf(a2.ravel()), law.cdf(np.minimum(b, centre).ravel())
    (sc, tc), (sb, tb) = law.sf(centre), law.sf(np.maximum(b, centre).ravel())
    low_p, low_q = cc - ca + sc - sb, cqc - cqa + tc - tb
    above = (a2 >= centre).ravel()
    return (np.where(above, up_p, low_p).reshape(b.shape), np.where(above, up_q, low_q).reshape(b.shape))


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


# ----------------------------------------------------------------------------- one step of each law, per bound
def _upper_grids(laws_f, h, own=None):
    """The grid of each law's pessimistic step. For the remove and add pair of the subsampled Gaussian: one grid
    covering both (the remove grid extended by the mirror of the add grid) and its mirror, so that the add step
    reuses the remove step's masses (:func:`_mirrored`). own: each law's own grid, if already located."""
    grids = own or [_grid(law, h) if law.cdf is not None else None for law in laws_f]
    if _mirror_pair(laws_f):
        (r_lo, r_hi, r_mid), (a_lo, a_hi, _) = grids
        lo, hi = min(r_lo, -a_hi), max(r_hi, -a_lo)
        grids = [(lo, hi, r_mid), (-hi, -lo, -r_mid)]
    return grids


def _upper_parts(ctx, laws, laws_f, h, own=None):
    """[(parts, mass at +∞)] of the pessimistic step of each law (:func:`_upper_step`), the second law of a pair
    from the mirrored masses of the first. own: each law's own grid, if already located."""
    grids = _upper_grids(laws_f, h, own)
    return [_upper_step(ctx, law, h, grid, masses) for law, grid, masses in zip(laws, grids, _upper_masses_of(
        ctx, laws, laws_f, h, grids))]


def _mirror_pair(laws):
    """Whether the second law of a pair is the first's swapped pair on the mirrored grid (its masses mirrored)."""
    return len(laws) == 2 and laws[1].mirrored


def _upper_masses_of(ctx, laws, laws_f, h, grids):
    """The grid masses of each law's pessimistic step (None for an atomic law): a mirrored pair's second from the
    first's (:func:`_mirrored`)."""
    if _mirror_pair(laws_f):
        masses = _grid_masses(ctx, laws[0], h, grids[0])
        return [masses, _mirrored(masses)]
    return [None if law.cdf is None else _grid_masses(ctx, law, h, grid) for law, grid in zip(laws, grids)]


def _coarsened(masses, grid, m):
    """Grid masses on the grid of step m·h inside (j_lo, j_hi), from those on the grid of step h: coarse cell J
    holds the fine cells mJ … mJ + m − 1, the tails the fine cells outside (sums of the same balls: no new
    evaluation); with the coarse grid, or None where it would have fewer than three points."""
    (p_below, q_below), p, q, (p_above, q_above) = masses
    j_lo, j_hi, j_mid = grid
    J_lo, J_hi = -(-j_lo // m), j_hi // m
    if J_hi - J_lo < 2:
        return None
    a, b = J_lo * m - j_lo, J_hi * m - j_lo  # the fine cells [a, b) that the coarse cells hold

    def cells(v):
        out = np.empty((b - a) // m, dtype=object)
        for n, i in enumerate(range(a, b, m)):
            out[n] = sum(v[i:i + m])
        return out
    return (((p_below + sum(p[:a]), q_below + sum(q[:a])), cells(p), cells(q),
             (p_above + sum(p[b:]), q_above + sum(q[b:]))), (J_lo, J_hi, min(max(j_mid // m, J_lo), J_hi)))


def _lower_parts(ctx, law, law_f, h, grid=None):
    """The parts of the optimistic step of one law (:func:`_lower_step` on its own grid and float-chosen cuts);
    grid: the law's own grid, if already located."""
    if law.cdf is None:
        return _lower_step(ctx, law, h, None, None)
    grid = grid or _grid(law_f, h)
    return _lower_step(ctx, law, h, grid, _lower_cuts(law_f, h, grid))
