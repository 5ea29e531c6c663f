"""Stage 2 — optimise: Nelder–Mead on an unconstrained parametrisation of the case.

Distributions and channel rows are moved through a softmax, bounded reals through a logit, half-bounded
ones through a log, log-scale reals in log space. Two objectives: the scaled margin (push towards the
largest violation) and the ratio lhs/rhs (push a bound that holds towards where it is tightest, and towards a
limit where it is tightest only there).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize  # imported here, not inside the timed budget of a claim

from proofcheck.stages.margins import float_margin, ratio, scaled


@dataclass
class Optimised:
    case: dict | None  # where the optimiser ended (None: nothing to move, or no time)
    value: float | None  # the objective there: scaled margin, or lhs/rhs for the ratio objective
    evaluations: int


def optimise(claim, start: dict, until: float, objective: str = "margin", evaluations: int | None = None) -> Optimised:
    """Minimise the scaled margin (objective 'margin') or maximise lhs/rhs ('ratio') from start, with at most
    `evaluations` evaluations (a counted budget) beside the clock.

    The ratio is pushed up towards a limit too: many bounds are tightest only as the case degenerates (channel
    rows ½ ± 10⁻⁵, an attacker prior within e^{±0.01} of the true one, ε → 0), where coordinates of order one
    never get. Each distribution, channel and bounded-below real then gets a shrink coordinate s ≤ 0 beside its
    free coordinates: the case is centre + e^s (x − centre), the centre uniform for a distribution and each
    channel row, the lower end for a real. Nelder–Mead starts at s = 0 with the shrink vertices e^{−2} in — so it
    walks down towards the limit only where the ratio rises.

    A case outside the domain scores as a wall; an error of the claim propagates (ClaimError)."""
    if objective not in ("margin", "ratio"):
        raise ValueError(f"objective must be 'margin' or 'ratio', got {objective!r}")
    free = flatten(claim, start)
    movable = _movable(claim) if objective == "ratio" else []
    if (free.size == 0 if objective == "margin" else not movable) or time.monotonic() > until:
        return Optimised(None, None, 0)
    n, k = free.size, len(movable)
    count = {"n": 0}
    wall = 1e6
    # a bound that holds may be approached only as a probability tends to 0 (a prior weight of 10^-40 and
    # below): the ratio optimiser may go as deep as its start and FLOOR beyond; a violation is sought above
    # the floor only (deeper, the float path's false alarms outnumber real violations)
    floor = min(FLOOR + (simplex_depth(claim, start) if objective == "ratio" else 0.0), DEEPEST)

    def case_at(x):
        case = unflatten(claim, x[:n], start, floor)
        for v, s in zip(movable, x[n:]):
            case[v.name] = _shrunk(v, case[v.name], math.exp(min(max(float(s), -LIMIT_DEPTH), 0.0)))
        return case

    def score(x):
        count["n"] += 1
        if time.monotonic() > until:
            return wall
        r = float_margin(claim, case_at(x))
        if r is None:
            return wall
        if objective == "ratio":
            q = ratio(claim, r.lhs, r.rhs)
            return wall if q is None else -q
        return scaled(*r)

    x0 = np.concatenate([free, np.zeros(k)])
    options = {"maxfev": _most(200 * min(n + k, 20), evaluations), "xatol": 1e-9, "fatol": 1e-14}
    if k:
        options["initial_simplex"] = np.array([x0] + [x0 + np.eye(n + k)[i] * (0.1 if i < n else -2.0)
                                                      for i in range(n + k)])
    try:
        res = minimize(score, x0, method="Nelder-Mead", options=options)
    except (ValueError, FloatingPointError):  # an error of the claim (ClaimError) is neither: it propagates
        return Optimised(None, None, count["n"])
    if res.fun >= wall:
        return Optimised(None if objective == "ratio" else case_at(res.x), None, count["n"])
    return Optimised(case_at(res.x), -float(res.fun) if objective == "ratio" else float(res.fun), count["n"])


def _movable(claim) -> list:
    """The variables the ratio optimiser may shrink towards a centre: distributions, channels, bounded-below reals."""
    return [v for v in claim.variables if v.name not in claim.exact_inputs and
            (v.kind in ("simplex", "channel") or (v.kind == "real" and v.lo is not None and
                                                   (v.hi is None or v.hi > v.lo)))]


def _most(default: int, cap: int | None) -> int:
    """An optimiser run's evaluations: its default, or a counted budget's cap when that is smaller."""
    return default if cap is None else max(1, min(default, cap))


FLOOR = 40.0  # probabilities are kept above e^-FLOOR times the largest of their distribution (see unflatten)
DEEPEST = 700.0  # and never below e^-700 ≈ 1e-304 times it (normal floats, no subnormals)


def simplex_depth(claim, case: dict) -> float:
    """The largest ln(max/min) over the case's distributions and channel rows (0 for none): how far below the
    largest entry its smallest positive one lies."""
    depth = 0.0
    for v in claim.variables:
        if v.kind not in ("simplex", "channel"):
            continue
        rows = np.atleast_2d(np.asarray(case[v.name], float))
        for row in rows:
            pos = row[row > 0]
            if pos.size:
                depth = max(depth, float(np.log(pos.max()) - np.log(pos.min())))
    return depth


def flatten(claim, case: dict) -> np.ndarray:
    parts = []
    for v in claim.variables:
        x = case[v.name]
        if v.kind in ("simplex", "channel"):
            parts.append(np.log(np.maximum(np.asarray(x, float), 1e-300)).ravel())
        elif v.kind == "real" and v.scale == "log":
            parts.append(np.array([_to_free(math.log(max(float(x), 1e-300)), math.log(v.lo), math.log(v.hi))]))
        elif v.kind == "real":
            parts.append(np.array([_to_free(float(x), v.lo, v.hi)]))
        elif v.kind == "vector":
            parts.append(np.array([_to_free(float(y), v.lo, v.hi) for y in np.ravel(x)]))
    return np.concatenate(parts) if parts else np.zeros(0)


def unflatten(claim, vec: np.ndarray, template: dict, floor: float = FLOOR) -> dict:
    """The case at free coordinates vec (template gives the shapes and the integer entries); a distribution's
    entries below e^-floor times its largest are raised to it."""
    out = dict(template)
    i = 0
    for v in claim.variables:
        x = template[v.name]
        if v.kind in ("simplex", "channel"):
            shape = np.shape(x)
            n = int(np.prod(shape))
            z = vec[i:i + n].reshape(shape)
            i += n
            # probabilities below e^-floor relative to the largest are floored there: beyond e^-40 the
            # float path's margins are mostly rounding noise (see optimise)
            z = np.maximum(z - z.max(axis=-1, keepdims=True), -floor)
            e = np.exp(z)
            out[v.name] = e / e.sum(axis=-1, keepdims=True)
        elif v.kind == "real" and v.scale == "log":
            out[v.name] = math.exp(_from_free(float(vec[i]), math.log(v.lo), math.log(v.hi)))
            i += 1
        elif v.kind == "real":
            out[v.name] = _from_free(float(vec[i]), v.lo, v.hi)
            i += 1
        elif v.kind == "vector":
            n = int(np.size(x))
            out[v.name] = np.array([_from_free(float(z), v.lo, v.hi) for z in vec[i:i + n]])
            i += n
    return out


def _to_free(x, lo, hi):
    if lo is not None and hi is not None and hi <= lo:  # a real held at one value: nothing to move
        return 0.0
    if lo is not None and hi is not None:
        u = min(max((x - lo) / (hi - lo), 1e-15), 1 - 1e-15)
        return math.log(u / (1 - u))
    if lo is not None:
        return math.log(max(x - lo, 1e-300))
    if hi is not None:
        return math.log(max(hi - x, 1e-300))
    return x


def _from_free(z, lo, hi):
    if lo is not None and hi is not None and hi <= lo:
        return lo
    if lo is not None and hi is not None:
        return lo + (hi - lo) / (1 + math.exp(-min(max(z, -700), 700)))
    if lo is not None:
        return lo + math.exp(min(z, 700))
    if hi is not None:
        return hi - math.exp(min(z, 700))
    return z




LIMIT_DEPTH = 16.0  # a shrink coordinate s ∈ [−LIMIT_DEPTH, 0]: a variable moved e^s of the way from its centre (e^−16 ≈ 10⁻⁷: deeper, float noise rules the ratio)


def _shrunk(v, x, shrink: float):
    if v.kind == "real":
        return v.lo + shrink * (float(x) - v.lo)
    a = np.asarray(x, float)
    centre = np.full_like(a, 1.0 / a.shape[-1])
    out = centre + shrink * (a - centre)
    return out / out.sum(axis=-1, keepdims=True)
