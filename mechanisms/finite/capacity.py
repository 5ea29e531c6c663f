"""Capacities of a finite channel that need an optimisation over priors, certified at what the optimiser finds.

Shannon capacity C(K) = max_π I(π; K). Blahut–Arimoto (Blahut 1972, Arimoto 1972) iterates in floats
π ← π · exp D(K_x ‖ πK) / Σ; at any prior p with output law q = pK the two standard bounds hold:

    I(p; K) = Σ_x p_x D(K_x ‖ q)  ≤  C(K)  ≤  max_x D(K_x ‖ q)

(the upper one because max_x D(K_x ‖ q) ≥ Σ_x π_x D(K_x ‖ q) ≥ I(π; K) for every π, with the optimal q*
attaining it). Both are evaluated on the numeric context at the float iterate taken exactly, so a certified
value is an enclosure of C(K) whose width is the gap the iteration left (reported by shannon_capacity_bounds).

Multiplicative g-capacity ML×_g(K) = max_π V_g[π▷K] / V_g(π), gains G[w, x] ≥ 0 with a positive gain for every
secret. Both vulnerabilities are positively homogeneous in π, so the maximum over the simplex is the maximum of
V_g[π▷K] over the polytope {π ≥ 0 : Gπ ≤ 1}. V_g[π▷K] = max over decision rules S: y → w of c_S · π with
c_S[x] = Σ_y K[x, y] G[S(y), x], so ML×_g = max_S LP_S, LP_S = max {c_S · π : Gπ ≤ 1, π ≥ 0}, each a linear
program (scipy's HiGHS gives the candidate primal π and dual u). Certified at what it finds:

* lower: the leakage V_g[π̂▷K] / V_g(π̂) at each candidate prior π̂ (normalised exactly);
* upper: for any u ≥ 0 with every (Gᵀu)_x > 0 and any feasible π, c_S · π ≤ ρ (Gᵀu) · π = ρ u · Gπ ≤ ρ Σ_w u_w,
  ρ = max_x c_S[x] / (Gᵀu)_x — no feasibility of u needed; at an optimal dual ρ = 1.

Decision rules are enumerated after removing, for each output, the actions dominated by another
(c_S only grows with the gain chosen): at most MAX_DECISION_RULES programs. On floats, where a bound is not needed,
the maximum of the convex V_g[π▷K] over the polytope is taken at its vertices instead when they are few (at most
MAX_VERTEX_SYSTEMS choices of n active constraints among the n + |W|): one batched linear solve, no program. The
polytope depends on G alone, which is exact on the certified path: there its vertices are solved exactly (at most
MAX_EXACT_VERTEX_SYSTEMS systems) and ML×_g is the largest leakage among them, an exact maximum (a ball only where K
holds balls) with no program and no dual bound.
"""
from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.finite.leakage import _gains, _log_of_base
from mechanisms.numerics.context import formula
import flint
from scipy.optimize import linprog
from scipy.special import rel_entr

__all__ = ["shannon_capacity", "shannon_capacity_bounds", "multiplicative_g_capacity", "MAX_DECISION_RULES"]

MAX_DECISION_RULES = 4096
MAX_VERTEX_SYSTEMS = 20_000
MAX_EXACT_VERTEX_SYSTEMS = 500
_BA_GAP = 1e-13  # the float iteration stops when the bounds' gap max_x D − I is below this fraction of I ...
_BA_FLOOR = 1e-14  # ... or below this many nats (a capacity near 0: the divergences themselves carry absolute errors near
# 1e-17 to 1e-16, and a claim's margin is compared at 1e-12 of the larger side or of 1)
_BA_MAX_ITERATIONS = 100_000
_STALL = 300  # iterations without the gap halving after which the float iteration stops
_SAME = 1e-9  # rows within this of each other (entrywise, on a grid) are merged for the float iteration
_MAX_STEP = 1e12  # the largest multiple of Blahut-Arimoto's step tried
_NEWTON_EVERY = 10  # plain iterations between two tries of Newton's method on the iterate's support
_NEWTON_INPUTS = 200  # support sizes up to which it is tried (a Newton step solves a system of that size)
_SNAP = 1 << 20  # the denominator the linear programs' solutions are also rounded to


# ----------------------------------------------------------------------------- Shannon capacity
def _divergences(k: np.ndarray, p: np.ndarray) -> np.ndarray:
    return rel_entr(k, p @ k).sum(axis=1)


def _information(p: np.ndarray, d: np.ndarray) -> float:
    """I(p; K) = Σ_x p_x D(K_x ‖ pK) over the inputs that hold mass (an input without mass may have D = +∞: a row
    on an output no input with mass reaches; 0·∞ is no term, not NaN)."""
    return float(p @ np.where(p > 0, d, 0.0))


def _gap(k, p) -> tuple[float, float]:
    """(max_x D(K_x ‖ pK) − I(p; K), I(p; K)) in nats: the float bounds' gap, and the lower bound."""
    d = _divergences(k, p)
    lower = _information(p, d)
    return float(d.max() - lower), lower


def _converged(gap: float, lower: float) -> bool:
    """Whether the float bounds' gap max_x D − I (``gap``) at I(p; K) = ``lower`` is small enough for the float
    iteration to stop: at most _BA_GAP of I, or at most _BA_FLOOR nats."""
    return gap <= _BA_GAP * lower or gap <= _BA_FLOOR


def _blahut_arimoto(k: np.ndarray) -> np.ndarray:
    """A prior near the capacity-achieving one, in floats: Blahut–Arimoto until the float bounds' gap is below
    _BA_GAP of the capacity. Every _NEWTON_EVERY iterations the iterate is tried as the start of Newton's method
    on its support (:func:`_newton_on_support`), the inputs whose divergence lies clearly below I(p; K) (those the
    iteration is driving to 0, geometrically but slowly: near-deterministic channels, whose optimal prior has
    zeros, made it run to its cap) dropped first; the Newton prior is kept only where it narrows the gap, so the
    iteration is never worse than plain Blahut–Arimoto. Only a heuristic: the bounds are certified at whatever
    prior it returns."""
    _, first, which = np.unique(np.round(k / _SAME), axis=0, return_index=True, return_inverse=True)
    if first.size < k.shape[0]:  # equal rows are one input to the capacity (their mass may be split any way), and
        # rows equal to _SAME nearly one: merged, the iteration meets no singular Newton system (nor a split of mass
        # between two nearly equal rows that only a step far below the floats' resolution of I would undo). Each
        # group's mass goes to its row of largest divergence at the merged optimum, which is solved again on them
        which = which.ravel()
        merged = _blahut_arimoto(k[first])
        p = np.zeros(k.shape[0])
        p[first] = merged
        d = _divergences(k, p)
        best = first.copy()
        for x in range(k.shape[0]):
            if d[x] > d[best[which[x]]]:
                best[which[x]] = x
        p = np.zeros(k.shape[0])
        p[best] = merged if np.array_equal(best, first) else _iterate(k[best], merged)
        return p
    return _iterate(k, np.full(k.shape[0], 1.0 / k.shape[0]))


def _iterate(k: np.ndarray, p: np.ndarray) -> np.ndarray:
    """The iteration of :func:`_blahut_arimoto` from the prior p, on a channel whose rows are distinct."""
    n = k.shape[0]
    best_gap, since = math.inf, 0
    step = 1.0
    known = None  # the divergences at p, where the step's check computed them
    for i in range(_BA_MAX_ITERATIONS):
        d = _divergences(k, p) if known is None else known
        known = None
        lower = _information(p, d)
        gap = d.max() - lower
        if _converged(gap, lower):
            break
        # stalled: the gap has not halved in _STALL iterations, Newton's method included (a channel whose
        # capacity is near the floats' resolution of the divergences, rows nearly equal): the bounds at this prior
        # are certified as they are, only wider
        if gap < best_gap / 2:
            best_gap, since = gap, 0
        else:
            since += 1
            if since > _STALL:
                break
        if i and i % _NEWTON_EVERY == 0:
            best = None
            # the inputs whose divergence is at least I, then those near I, alone (an input driven to 0 slowly
            # and still holding mass would make Newton's method stop at the face where it reaches 0, again and
            # again, or, its row nearly another's, leave Newton's system nearly singular), then with the inputs
            # that still hold mass
            for keep in (d >= lower, d >= lower - gap / 2, (d >= lower - gap / 2) | (p > 0.1 / n)):
                if not keep.any() or keep.sum() > _NEWTON_INPUTS:
                    continue
                trial = np.where(keep, p, 0.0)
                trial = _newton_on_support(k, trial / trial.sum(), rounds=30)
                trial_gap = _gap(k, trial)[0]
                if trial_gap < gap and (best is None or trial_gap < best[0]):
                    best = (trial_gap, trial)
                if best is not None and best[0] <= _BA_GAP * lower:
                    break
            if best is not None:
                p = best[1]
                continue
        # a mirror-ascent step of s times Blahut-Arimoto's (s = 1), kept only where it does not lower I(p; K), s
        # doubled after each step: on a nearly useless channel every divergence is tiny and Blahut-Arimoto's
        # multiplicative step exp(D_x) moves the prior by as little (its gap stopped halving far from the target)
        while True:
            w = p * np.exp(step * (d - d.max()))
            new = w / w.sum()
            if step == 1.0:
                break
            known = _divergences(k, new)
            if _information(new, known) >= lower:
                break
            known = None
            step = max(step / 4, 1.0)
        p = new
        step = min(2 * step, _MAX_STEP)
    return p


def _newton_on_support(k: np.ndarray, p: np.ndarray, rounds: int = 50) -> np.ndarray:
    """Newton's method for max I(p; K) on the face of the simplex where p > 0 (Hessian −K_S diag(1/q) K_Sᵀ, the
    constraint Σ p = 1 by a multiplier), with a backtracking line search that never lowers I; an entry that
    reaches 0 leaves the face, an input whose divergence exceeds I re-enters it with a little mass."""
    n = p.size
    for _ in range(rounds):
        d = _divergences(k, p)
        lower = _information(p, d)
        if _converged(d.max() - lower, lower):
            break
        idx = np.flatnonzero(p > 0)
        q = p @ k
        inv = np.divide(1.0, q, out=np.zeros_like(q), where=q > 0)
        m = idx.size
        # the system centred: on steps with Σ s = 0, K_S − 1q has the Hessian's quadratic form and the right-hand
        # side 1 − d may be shifted by any constant (the multiplier takes it); uncentred, on a nearly useless
        # channel (every row near q, I ~ 1e-9) the Hessian's entries near 1 and 1 − d kept only a few digits of
        # what the step depends on
        centred = k[idx] - q
        system = np.zeros((m + 1, m + 1))
        system[:m, :m] = -(centred * inv) @ centred.T
        # the constraint's row at the Hessian's scale (rcond is relative to the largest singular value; at 1 it would
        # cut the whole Hessian of a channel whose capacity is 1e-10)
        system[:m, m] = system[m, :m] = np.abs(system[:m, :m]).max() or 1.0
        step = np.linalg.lstsq(system, np.concatenate([lower - d[idx], [0.0]]), rcond=1e-10)[0][:m]
        # a projected step: entries the full step takes below 0 are cut at 0 (the face changes), rather than the step
        # shortened to where the first one reaches 0 (an input at a tiny mass made every step tiny)
        t = 1.0
        while t > 1e-12:
            new = p.copy()
            new[idx] = np.maximum(p[idx] + t * step, 0)
            new /= new.sum()
            gain = _information(new, _divergences(k, new)) - lower
            if gain >= 0:
                break
            t /= 2
        else:
            return p
        if gain <= 1e-15 * lower:  # no progress a float can show
            return new
        # an active-set rule: the input outside the face whose divergence most exceeds I re-enters with a little mass
        # once that excess outweighs the spread of the divergences on the face (near the face's optimum); earlier, every input above I re-entered at each
        # step, and one nearly equal to an input on the face left Newton's system nearly singular (its step split
        # their mass, and the iteration stalled)
        d = _divergences(k, new)
        info = _information(new, d)
        on = new > 0
        outside = np.where(~on, d, -np.inf)
        x = int(outside.argmax())
        if outside[x] - info > max(1e-9 * info, 2 * (d[on].max() - d[on].min())):
            new[x] = 1e-6 / n
            new /= new.sum()
        p = new
    return p


def _capacity_bounds_nats(ctx, K, fname):
    k = ctx.channel(K, "K", fname)
    p_float = _blahut_arimoto(ctx.guess(k))
    n = p_float.size
    # every secret keeps a little mass, so that q_y > 0 wherever some K[x, y] > 0 (a finite upper bound)
    p = ctx.exact_from_guess((1 - 1e-12) * p_float + 1e-12 / n)
    p = p / ctx.sum(p)
    q = p @ k
    d = [ctx.kl(k[x], q) for x in range(n)]
    lower = ctx.max(ctx.sum([p[x] * d[x] for x in range(n) if not ctx.is_zero(p[x])]), ctx.num(0))
    return lower, ctx.fmax(d)


@formula(args={"K": "matrix"}, domain="K row-stochastic; base > 0, != 1")
def shannon_capacity_bounds(ctx, K, *, base=2):
    """(lower, upper) with lower ≤ C(K) = max_π I(π; K) ≤ upper: I(p; K) and max_x D(K_x ‖ pK) at the
    Blahut–Arimoto prior p taken exactly (upper − lower is the gap the iteration left)."""
    lb = _log_of_base(ctx, base, "shannon_capacity_bounds")
    lower, upper = _capacity_bounds_nats(ctx, K, "shannon_capacity_bounds")
    return lower / lb, upper / lb


@formula(args={"K": "matrix"}, domain="K row-stochastic; base > 0, != 1")
def shannon_capacity(ctx, K, *, base=2):
    """C(K) = max_π I(π; K) (bits by default): the hull of the certified Blahut–Arimoto bounds (floats:
    their midpoint)."""
    lb = _log_of_base(ctx, base, "shannon_capacity")
    lower, upper = _capacity_bounds_nats(ctx, K, "shannon_capacity")
    return ctx.hull(lower, upper) / lb


# ----------------------------------------------------------------------------- multiplicative g-capacity
def _undominated(options: np.ndarray) -> list[int]:
    """Indices of the rows not dominated (≤ entrywise, and not equal with a smaller index) by another row."""
    keep = []
    for i, row in enumerate(options):
        dominated = any(np.all(other >= row) and (np.any(other > row) or j < i)
                        for j, other in enumerate(options) if j != i)
        if not dominated:
            keep.append(i)
    return keep


def _decision_rules(g: np.ndarray, k: np.ndarray, fname: str):
    """The objective vectors c_S of the decision rules that may be optimal (floats), each with its rule."""
    per_output = []
    for y in range(k.shape[1]):
        options = g * k[:, y][None, :]  # options[w, x] = G[w, x] K[x, y]
        per_output.append(_undominated(options))
    count = math.prod(len(o) for o in per_output)
    if count > MAX_DECISION_RULES:
        raise InvalidInput(f"{fname}: {count} decision rules remain after removing dominated actions; at most "
                           f"{MAX_DECISION_RULES} are enumerated")
    rules = [()]
    for options in per_output:
        rules = [r + (w,) for r in rules for w in options]
    return rules


def _solve(c: np.ndarray, g: np.ndarray):
    """max c·π s.t. Gπ ≤ 1, π ≥ 0 by HiGHS: (π, u), u the dual of the rows of G (≥ 0)."""
    res = linprog(-c, A_ub=g, b_ub=np.ones(g.shape[0]), bounds=(0, None), method="highs")
    if res.status != 0:
        return None
    return np.maximum(res.x, 0.0), np.maximum(-res.ineqlin.marginals, 0.0)


@formula(args={"C": "matrix", "G": "matrix"},
         domain="C row-stochastic; G actions x secrets, G >= 0, every secret with a positive gain")
def multiplicative_g_capacity(ctx, C, G):
    """ML×_g(C) = max_π V_g[π▷C] / V_g(π) for non-negative gains: linear programs over the decision rules
    (candidates by scipy's HiGHS), certified by the leakage at the candidate priors (lower) and a dual
    bound (upper); exact when both meet, their hull otherwise (floats: the best leakage found)."""
    fname = "multiplicative_g_capacity"
    c = ctx.channel(C, "C", fname)
    g = _gains(ctx, G, c.shape[0], fname, non_negative=True)
    covered = functools.reduce(np.logical_or, ~ctx.is_zero(g))
    if not np.all(covered):
        x = int(np.flatnonzero(~covered)[0])
        raise InvalidInput(f"{fname}: secret {x} has gain 0 under every action (V_g is 0 at the prior on it)")
    gf, cf = ctx.guess(g), ctx.guess(c)
    systems = math.comb(sum(g.shape), g.shape[1])
    if not ctx.certified and systems <= MAX_VERTEX_SYSTEMS:
        return _vertex_maximum(gf.astype(float), cf.astype(float))
    if ctx.certified and systems <= MAX_EXACT_VERTEX_SYSTEMS and all(ctx.isexact(x) for x in g.ravel()):
        return ctx.fmax([ctx.sum(functools.reduce(ctx.maximum, g @ (ctx.vector(v)[:, None] * c))) / ctx.fmax(g @ v)
                         for v in _exact_vertices(g)])
    lower, upper = None, None
    for rule in _decision_rules(gf, cf, fname):
        found = _solve(sum(gf[w] * cf[:, y] for y, w in enumerate(rule)), gf)
        if found is None or not np.any(found[0] > 0):
            continue
        for prior in _candidates(ctx, found[0]):
            leak = ctx.sum(functools.reduce(ctx.maximum, g @ (prior[:, None] * c))) / ctx.fmax(g @ prior)
            lower = leak if lower is None else ctx.max(lower, leak)
        if ctx.certified:
            objective = sum(g[w] * c[:, y] for y, w in enumerate(rule))
            bounds = [b for u in _candidates(ctx, found[1], normalise=False)
                      if (b := _dual_bound(ctx, objective, g, u)) is not None]
            bound = ctx.fmin(bounds) if bounds else ctx.inf
            upper = bound if upper is None else ctx.max(upper, bound)
    if lower is None:
        raise InvalidInput(f"{fname}: no linear program was solved (HiGHS failed on every decision rule)")
    return ctx.hull(lower, upper) if ctx.certified else lower


def _vertex_maximum(g: np.ndarray, k: np.ndarray) -> float:
    """max V_g[π▷K] / V_g(π) over the vertices of {π ≥ 0 : Gπ ≤ 1} (floats): every choice of n active constraints
    solved at once, the feasible non-zero solutions kept."""
    n = g.shape[1]
    a = np.vstack([-np.eye(n), g])
    b = np.concatenate([np.zeros(n), np.ones(g.shape[0])])
    rows = np.array(list(itertools.combinations(range(a.shape[0]), n)))
    systems, rhs = a[rows], b[rows]
    regular = np.abs(np.linalg.det(systems)) > 1e-12
    pts = np.linalg.solve(systems[regular], rhs[regular][..., None])[..., 0]
    tol = 1e-9 * (1 + np.abs(pts).max(axis=1, initial=0.0))
    pts = pts[np.all(pts >= -tol[:, None], axis=1) & np.all(pts @ g.T <= 1 + tol[:, None], axis=1)]
    pts = np.maximum(pts, 0.0)
    den = (pts @ g.T).max(axis=1)
    pts, den = pts[den > 0], den[den > 0]
    num = np.einsum("wx,px,xy->pwy", g, pts, k).max(axis=1).sum(axis=1)
    return float((num / den).max())


def _exact_vertices(g: np.ndarray) -> list[np.ndarray]:
    """The non-zero vertices of {π ≥ 0 : Gπ ≤ 1} for an exact G, each an exact vector (object array of
    Fractions): every choice of n active constraints solved in rationals, the feasible solutions kept once."""
    n = g.shape[1]
    gq = [[Fraction(x) for x in row] for row in g]
    a = [[Fraction(-int(i == j)) for j in range(n)] for i in range(n)] + gq
    b = [Fraction(0)] * n + [Fraction(1)] * len(gq)
    seen, out = set(), []
    for rows in itertools.combinations(range(len(a)), n):
        if all(r < n for r in rows):
            continue  # π = 0
        m = flint.fmpq_mat(n, n, [flint.fmpq(x.numerator, x.denominator) for r in rows for x in a[r]])
        try:
            sol = m.solve(flint.fmpq_mat(n, 1, [flint.fmpq(b[r].numerator, b[r].denominator) for r in rows]))
        except ZeroDivisionError:  # singular: these constraints meet in no single point
            continue
        v = tuple(Fraction(int(sol[i, 0].p), int(sol[i, 0].q)) for i in range(n))
        if v in seen or any(x < 0 for x in v) or any(sum(gw[x] * v[x] for x in range(n)) > 1 for gw in gq):
            continue
        seen.add(v)
        out.append(np.array(v, dtype=object))
    return out


def _dual_bound(ctx, objective, g, u):
    """ρ Σ_w u_w ≥ max {c·π : Gπ ≤ 1, π ≥ 0}, ρ = max over the x with c_x ≠ 0 of c_x / (Gᵀu)_x (None where
    some such (Gᵀu)_x is 0: this u bounds nothing)."""
    used = ~ctx.is_zero(objective)
    if not np.any(used):
        return ctx.num(0)
    cover = (u @ g)[used]
    if np.any(ctx.is_zero(cover)):
        return None
    return ctx.sum(u) * ctx.fmax(objective[used] / cover)


def _candidates(ctx, v: np.ndarray, *, normalise=True):
    """The float solution taken exactly, and rounded to the nearest fractions of denominator ≤ 2^20 (an
    optimum with small denominators is then met exactly); entries > 0 stay > 0."""
    snapped = [Fraction(x).limit_denominator(_SNAP) if x > 1 / _SNAP else Fraction(x) for x in v]
    out = []
    for w in (ctx.exact_from_guess(v), ctx.vector([ctx.exact(x) for x in snapped])):
        if normalise:
            w = w / ctx.sum(w)
        out.append(w)
    return out
