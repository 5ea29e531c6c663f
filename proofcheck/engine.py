"""Search, optimise, round, certify: the path from a claim to a verdict with its evidence.

1. search    — Hypothesis draws cases from the claim's strategy (seeded, in chunks until the time
               budget); a float violation is shrunk by Hypothesis to a small case.
2. optimise  — scipy's Nelder–Mead, on an unconstrained parametrisation of the case (softmax for
               distributions and channel rows, logit/log for bounded reals), pushes the worst case
               further (largest violation, or smallest margin when none is found).
3. round     — the case is rounded to exact rationals with small denominators (2, 3, 4, ... 10^6).
4. certify   — hypotheses and both sides are evaluated on the certified path; a violation needs the
               enclosures to be disjoint. Floats alone never make a violation.
"""
from __future__ import annotations

import math
import random
import time
import zlib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import sympy as sp
from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import FlakyFailure, NoSuchExample, Unsatisfiable

from mechanisms.errors import InvalidInput
from proofcheck.claim import Claim, sides
from proofcheck.measures import CERTIFIED, FLOAT
from proofcheck.numerics import DEFAULT_PREC, certainly_less, fmt, is_inf, lower, precision, round_scalar, round_simplex, upper

CHUNK = 100  # Hypothesis examples per chunk; each chunk has its own derived seed
CERT_PRECISIONS = (DEFAULT_PREC, 512)
CERT_MIN_SECONDS = 10.0  # least time given to certifying a float violation
IDENTITY_FLOOR = 1.0  # identities: |lhs - rhs| <= 10^-digits * max(1, |lhs|, |rhs|)


@dataclass
class Result:
    id: str
    verdict: str  # holds | violated | inconclusive
    margin: float | None  # smallest float margin found (rhs - lhs for <=); negative = violation
    relative_margin: float | None
    counterexample: dict | None
    evidence: dict
    seconds: float
    worst_case: dict | None = None  # exact-looking repr of where the smallest margin was found
    trace: list = field(default_factory=list)  # (parameter t, margin) along the counterexample direction
    tightness: float | None = None  # largest lhs/rhs (upper bounds) found: 1 = attained

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "verdict": self.verdict,
            "margin": _num(self.margin),
            "relative_margin": _num(self.relative_margin),
            "tightness": _num(self.tightness),
            "counterexample": self.counterexample,
            "evidence": self.evidence,
            "worst_case": self.worst_case,
            "seconds": round(self.seconds, 3),
        }


def _num(x):
    if x is None:
        return None
    if isinstance(x, float) and not math.isfinite(x):
        return str(x)
    return float(x)


# ----------------------------------------------------------------------------- margins
def float_margin(claim: Claim, case: dict) -> tuple[float, float, float] | None:
    """(margin, lhs, rhs) on the float path, or None when the case is outside the domain."""
    try:
        with np.errstate(all="ignore"):
            lhs, rhs, ok = sides(claim, case, FLOAT)
    except (InvalidInput, ZeroDivisionError, OverflowError, ValueError, FloatingPointError):
        return None
    if not ok:
        return None
    lhs, rhs = float(lhs), float(rhs)
    st = claim.statement
    if isinstance(st, sp.Eq):
        if lhs == rhs:
            return 0.0, lhs, rhs
        # relative agreement above IDENTITY_FLOOR, absolute below it (values that are zero in
        # exact arithmetic come out as rounding noise on the float path)
        scale = max(abs(lhs), abs(rhs), IDENTITY_FLOOR)
        m = -abs(lhs - rhs) / scale
    elif isinstance(st, (sp.Le, sp.Lt)):
        m = rhs - lhs
    else:
        m = lhs - rhs
    if math.isnan(m):
        return None
    return m, lhs, rhs


RATIO_FLOOR = 1e-6  # below it, float noise (e.g. √ of a JS that is exactly 0) dominates a ratio


def _ratio(claim: Claim, lhs: float, rhs: float) -> float | None:
    """lhs/rhs for an upper bound (rhs/lhs for a lower bound): 1 means the bound is attained."""
    if isinstance(claim.statement, sp.Eq):
        return None
    num, den = (lhs, rhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (rhs, lhs)
    if not (math.isfinite(num) and math.isfinite(den)) or den <= RATIO_FLOOR:
        return None
    return num / den


def _scaled(m: float, lhs: float, rhs: float) -> float:
    """The margin the optimiser minimises: relative for large values, absolute below 1, so that
    cases where both sides vanish (and only rounding noise is left) do not dominate."""
    scale = max(abs(lhs), abs(rhs), 1.0)
    return m / scale if math.isfinite(scale) else m


def _certified_noise(claim: Claim, case: dict) -> str | None:
    """Why a float alarm is not a violation, decided on the certified path at the finely rounded
    case (or, if that falls outside the domain, at the float values taken as exact dyadics):
    'outside' when the hypotheses fail exactly, 'refuted' when the relation holds or both sides
    agree to far more digits than the alarm's size (an exact tie that float noise made a
    violation); None when the alarm stands."""
    for q in (10**9, None):
        try:
            exact = exactify(claim, case, q)
            lhs, rhs, ok, _, verdict = certified_sides(claim, exact)
        except (InvalidInput, ZeroDivisionError, ValueError, TypeError):
            continue
        if not ok:
            return "outside"
        if verdict == "holds" or (verdict is None and _agree_closely(lhs, rhs)):
            return "refuted"
        return None
    return None


def _agree_closely(lhs, rhs, digits: int = 30) -> bool:
    if is_inf(lhs) or is_inf(rhs):
        return False
    lhs, rhs = _as_certified(lhs), _as_certified(rhs)
    width = max(float(lhs.rad()), float(rhs.rad()))
    scale = max(abs(float(lhs.mid())), abs(float(rhs.mid())), 1.0)
    return width <= scale * 10.0 ** -digits


def _relative(m: float, lhs: float, rhs: float) -> float:
    scale = max(abs(lhs), abs(rhs))
    if not math.isfinite(scale) or scale == 0:
        return m
    return m / scale


def _is_violation(claim: Claim, m: float, lhs: float, rhs: float) -> bool:
    if isinstance(claim.statement, sp.Eq):
        return m < -(10.0 ** -claim.digits)
    if isinstance(claim.statement, (sp.Lt, sp.Gt)):
        return m <= 0
    return m < -1e-12 * max(1.0, abs(lhs) if math.isfinite(lhs) else 1.0, abs(rhs) if math.isfinite(rhs) else 1.0)


# ----------------------------------------------------------------------------- parametrisation
def flatten(claim: Claim, case: dict) -> np.ndarray:
    parts = []
    for v in claim.variables:
        x = case[v.name]
        if v.kind in ("simplex", "channel"):
            parts.append(np.log(np.maximum(np.asarray(x, float), 1e-300)).ravel())
        elif v.kind == "real":
            parts.append(np.array([_to_free(float(x), v.lo, v.hi)]))
        elif v.kind == "vector":
            parts.append(np.array([_to_free(float(y), v.lo, v.hi) for y in np.ravel(x)]))
    return np.concatenate(parts) if parts else np.zeros(0)


def unflatten(claim: Claim, vec: np.ndarray, template: dict) -> dict:
    out = dict(template)
    i = 0
    for v in claim.variables:
        x = template[v.name]
        if v.kind in ("simplex", "channel"):
            shape = np.shape(x)
            n = int(np.prod(shape))
            z = vec[i:i + n].reshape(shape)
            i += n
            # probabilities below e^-40 relative to the largest are floored there: beyond it the
            # float path underflows (ratios of subnormals) and only produces false alarms
            z = np.maximum(z - z.max(axis=-1, keepdims=True), -40.0)
            e = np.exp(z)
            out[v.name] = e / e.sum(axis=-1, keepdims=True)
        elif v.kind == "real":
            out[v.name] = _from_free(float(vec[i]), v.lo, v.hi)
            i += 1
        elif v.kind == "vector":
            n = int(np.size(x))
            out[v.name] = np.array([_from_free(float(z), v.lo, v.hi) for z in vec[i:i + n]])
            i += n
    return out


def _to_free(x, lo, hi):
    if lo is not None and hi is not None:
        u = min(max((x - lo) / (hi - lo), 1e-15), 1 - 1e-15)
        return math.log(u / (1 - u))
    if lo is not None:
        return math.log(max(x - lo, 1e-300))
    if hi is not None:
        return math.log(max(hi - x, 1e-300))
    return x


def _from_free(z, lo, hi):
    if lo is not None and hi is not None:
        return lo + (hi - lo) / (1 + math.exp(-min(max(z, -700), 700)))
    if lo is not None:
        return lo + math.exp(min(z, 700))
    if hi is not None:
        return hi - math.exp(min(z, 700))
    return z


# ----------------------------------------------------------------------------- exact rounding
def exactify(claim: Claim, case: dict, q: int | None) -> dict:
    """Round a float case to exact rationals with denominator q; q = None takes reals and vectors
    at their exact binary value (distributions are still rounded, to denominator 2^53)."""
    if q is None:
        return _exact_dyadic(claim, case)
    out = {}
    for v in claim.variables:
        x = case[v.name]
        if v.name in claim.exact_inputs or v.kind == "integer":
            out[v.name] = _keep_exact(x)
        elif v.kind == "simplex":
            out[v.name] = round_simplex(np.asarray(x, float), q)
        elif v.kind == "channel":
            out[v.name] = [round_simplex(row, q) for row in np.asarray(x, float)]
        elif v.kind == "vector":
            out[v.name] = [round_scalar(float(y), q) for y in np.ravel(x)]
        else:
            out[v.name] = round_scalar(float(x), q)
    for k, x in case.items():  # structural entries that are not variables pass through
        out.setdefault(k, _keep_exact(x))
    return out


def _exact_dyadic(claim: Claim, case: dict) -> dict:
    out = exactify(claim, case, 2**53)
    for v in claim.variables:
        if v.name in claim.exact_inputs or v.kind == "integer":
            continue
        if v.kind == "simplex":
            out[v.name] = _exact_normalised(np.asarray(case[v.name], float))
        elif v.kind == "channel":
            out[v.name] = [_exact_normalised(row) for row in np.asarray(case[v.name], float)]
        elif v.kind == "real":
            out[v.name] = Fraction(float(case[v.name]))
        elif v.kind == "vector":
            out[v.name] = [Fraction(float(y)) for y in np.ravel(case[v.name])]
    return out


def _exact_normalised(v) -> list[Fraction]:
    """The float vector's exact binary values, divided by their exact sum: tiny entries survive."""
    fr = [Fraction(float(max(x, 0.0))) for x in v]
    total = sum(fr)
    return [x / total for x in fr]


def _keep_exact(x):
    if isinstance(x, (bool, str)) or x is None:
        return x
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, Fraction):
        return x
    if isinstance(x, float):
        return Fraction(x)
    if isinstance(x, np.ndarray):
        return _keep_exact(x.tolist())
    if isinstance(x, (list, tuple)):
        return [_keep_exact(y) for y in x]
    return x


def floatify(case: dict) -> dict:
    out = {}
    for k, x in case.items():
        if isinstance(x, Fraction):
            out[k] = float(x)
        elif isinstance(x, list):
            out[k] = np.array(_nested_float(x))
        else:
            out[k] = x
    return out


def _nested_float(x):
    if isinstance(x, list):
        return [_nested_float(y) for y in x]
    return float(x) if isinstance(x, Fraction) else x


def certified_sides(claim: Claim, exact_case: dict):
    """Certified (lhs, rhs, hypotheses_ok, prec) — retried at higher precision if needed."""
    last = None
    for prec in CERT_PRECISIONS:
        with precision(prec):
            try:
                lhs, rhs, ok = sides(claim, exact_case, CERTIFIED)
            except (InvalidInput, ZeroDivisionError, ValueError) as e:
                last = e
                continue
            verdict = _certified_relation(claim, lhs, rhs)
            if verdict is not None:
                return lhs, rhs, ok, prec, verdict
            last = (lhs, rhs, ok, prec, None)
    if isinstance(last, tuple):
        return last
    raise InvalidInput(f"certified evaluation failed: {last}")


def _certified_relation(claim: Claim, lhs, rhs) -> str | None:
    """'violated' / 'holds' when the enclosures decide the relation, None when they overlap."""
    lhs, rhs = _as_certified(lhs), _as_certified(rhs)
    st = claim.statement
    if isinstance(st, sp.Eq):
        if certainly_less(lhs, rhs) or certainly_less(rhs, lhs):
            return "violated"
        return None
    small, big = (lhs, rhs) if isinstance(st, (sp.Le, sp.Lt)) else (rhs, lhs)
    if certainly_less(big, small):
        return "violated"
    if certainly_less(small, big):
        return "holds"
    if isinstance(st, (sp.Le, sp.Ge)) and not is_inf(small) and not is_inf(big):
        if small.is_exact() and big.is_exact() and small == big:
            return "holds"
    return None


def _as_certified(x):
    """A finite float on the certified path can only be an exact value produced by the
    arithmetic of infinities (e.g. a / inf = 0): enclose it exactly."""
    from proofcheck.numerics import to_arb

    if isinstance(x, float) and not is_inf(x) and not math.isnan(x) and math.isfinite(x):
        return to_arb(Fraction(x))
    if isinstance(x, (int, Fraction)):
        return to_arb(x)
    return x


def show_exact(case: dict) -> dict:
    """JSON-able exact objects: Fractions as 'p/q' strings."""
    def conv(x):
        if isinstance(x, Fraction):
            return str(x)
        if isinstance(x, list):
            return [conv(y) for y in x]
        if isinstance(x, np.ndarray):
            return conv(x.tolist())
        if isinstance(x, (np.floating, float)):
            return repr(float(x))
        if isinstance(x, np.integer):
            return int(x)
        return x
    return {k: conv(v) for k, v in case.items()}


# ----------------------------------------------------------------------------- the pipeline
def check_claim(claim: Claim, seconds: float = 10.0, seed: int = 0, max_examples: int = 20000) -> Result:
    t0 = time.monotonic()
    deadline = t0 + seconds
    # worst = (relative margin, margin, lhs, rhs, case); hits = float violations not refuted exactly
    # tight = (lhs/rhs, case): how close the bound comes, away from the degenerate cases where
    # both sides vanish (where the margin is 0 and says nothing about looseness)
    state = {"n": 0, "excluded": 0, "noise": 0, "worst": None, "hits": [], "tight": None}

    def condition(case):
        if time.monotonic() > deadline:
            return False
        r = float_margin(claim, case)
        state["n"] += 1
        if r is None:
            state["excluded"] += 1
            return False
        m, lhs, rhs = r
        rel = _scaled(m, lhs, rhs)
        if not _is_violation(claim, m, lhs, rhs):
            q = _ratio(claim, lhs, rhs)
            if q is not None and (state["tight"] is None or q > state["tight"][0]):
                state["tight"] = (q, case)
            if state["worst"] is None or rel < state["worst"][0]:
                state["worst"] = (rel, m, lhs, rhs, case)
            return False
        why = _certified_noise(claim, case)
        if why == "outside":
            state["excluded"] += 1
            return False
        if why == "refuted":
            state["noise"] += 1
            # the exact relation holds (or ties) here: a case in the domain with margin 0
            if state["worst"] is None or 0.0 < state["worst"][0]:
                state["worst"] = (0.0, 0.0, lhs, rhs, case)
            return False
        if state["worst"] is None or rel < state["worst"][0]:
            state["worst"] = (rel, m, lhs, rhs, case)
        state["hits"].append(case)
        return True

    found = None
    chunk = 0
    search_deadline = t0 + 0.6 * seconds
    hyp_settings = settings(max_examples=CHUNK, database=None, deadline=None,
                            suppress_health_check=list(HealthCheck),
                            phases=[Phase.generate, Phase.shrink])
    while time.monotonic() < search_deadline and state["n"] < max_examples:
        rng = random.Random(zlib.crc32(f"{seed}:{claim.id}:{chunk}".encode()))
        try:
            found = find(claim.strategy, condition, settings=hyp_settings, random=rng)
            break
        except (NoSuchExample, Unsatisfiable):
            pass
        except FlakyFailure:  # the time budget ran out mid-shrink: keep the last case found
            found = state["hits"][-1] if state["hits"] else None
            if found is not None:
                break
        chunk += 1
    search_s = time.monotonic() - t0

    if found is None and state["worst"] is None:
        return Result(claim.id, "inconclusive", None, None, None,
                      {"reason": "no case of the search satisfied the hypotheses",
                       "cases": state["n"], "excluded": state["excluded"], "seed": seed}, time.monotonic() - t0)

    start = found if found is not None else state["worst"][4]
    opt_end = deadline - 0.15 * seconds
    by_ratio, ratio_evals = None, 0
    if found is None and state["tight"] is not None:
        # half the optimiser's time pushes the ratio lhs/rhs up from the tightest case
        half = time.monotonic() + (opt_end - time.monotonic()) / 2
        by_ratio, ratio_evals = _optimise(claim, state["tight"][1], half, objective="ratio")
    optimised, opt_evals = _optimise(claim, start, opt_end)
    opt_evals += ratio_evals
    candidates = [c for c in (found, optimised, by_ratio, state["worst"][4] if state["worst"] else None) if c is not None]
    for c in (by_ratio, optimised):
        r = float_margin(claim, c) if c is not None else None
        q = _ratio(claim, r[1], r[2]) if r is not None and not _is_violation(claim, *r) else None
        if q is not None and (state["tight"] is None or q > state["tight"][0]):
            state["tight"] = (q, c)

    evidence = {
        "search": {"strategy": "hypothesis", "draws_from": _short_repr(claim.strategy), "cases": state["n"], "excluded_by_hypotheses": state["excluded"],
                   "float_alarms_refuted_exactly": state["noise"],
                   "chunks": chunk + 1, "seconds": round(search_s, 3), "seed": seed},
        "optimiser": {"method": "Nelder-Mead", "evaluations": opt_evals},
    }
    best = _best(claim, candidates)
    if best is not None:
        evidence["smallest_float_margin"] = {"margin": best[0], "lhs": best[1], "rhs": best[2]}

    violated_float = best is not None and _is_violation(claim, best[0], best[1], best[2])
    if violated_float:
        # a float violation deserves a fair attempt at a certificate, even on a small budget
        cx = _certify_violation(claim, candidates, deadline + max(0.5 * seconds, CERT_MIN_SECONDS))
        if cx is not None:
            evidence["certificate"] = cx["certificate"]
            res = Result(claim.id, "violated", best[0], _relative(*best[:3]), cx, evidence, time.monotonic() - t0,
                         worst_case=cx["objects"])
            res.trace = direction_trace(claim, cx["float_case"])
            del cx["float_case"]
            return res
        evidence["reason"] = ("a float violation was found but no rounding of it could be certified "
                              "(enclosures overlap or hypotheses not certifiable)")
        return Result(claim.id, "inconclusive", best[0], _relative(*best[:3]), None, evidence, time.monotonic() - t0,
                      worst_case=show_exact(_plain(best[3])))

    # no violation: report the tightest case, with a certified enclosure of both sides there
    tight = _certify_tightest(claim, best[3]) if best is not None else None
    if tight is not None:
        evidence["tightest_certified"] = tight
    kind = "agreement" if claim.is_identity else "inequality"
    evidence["summary"] = (f"{kind} checked at {state['n'] - state['excluded']} cases in the domain "
                           f"({state['excluded']} excluded by hypotheses), optimiser {opt_evals} evaluations, "
                           f"seed {seed}")
    if claim.is_identity:
        evidence["digits"] = claim.digits
    elif state["tight"] is not None:
        evidence["tightness"] = {"max_lhs_over_rhs" if isinstance(claim.statement, (sp.Le, sp.Lt)) else "max_rhs_over_lhs":
                                 state["tight"][0], "at": show_exact(_plain(state["tight"][1])),
                                 "note": f"cases with the bound below {RATIO_FLOOR:g} are left out of the ratio"}
    # a negative float margin that no certified evaluation confirms is rounding noise: the
    # relation is tight there, so the reported margin is 0 (the float value stays in evidence)
    margin = max(best[0], 0.0) if best and not claim.is_identity else (best[0] if best else None)
    rel = max(_relative(*best[:3]), 0.0) if best and not claim.is_identity else (_relative(*best[:3]) if best else None)
    res = Result(claim.id, "holds", margin, rel, None,
                 evidence, time.monotonic() - t0, worst_case=show_exact(_plain(best[3])) if best else None)
    res.tightness = state["tight"][0] if state["tight"] is not None and not claim.is_identity else None
    return res


def _short_repr(strategy, n: int = 300) -> str:
    try:
        r = " ".join(repr(strategy).split())
    except Exception:  # a lazy strategy's repr may fail; it is only evidence text
        r = type(strategy).__name__
    return r if len(r) <= n else r[: n - 1] + "…"


def _plain(case):
    return {k: v for k, v in case.items()}


def _best(claim, candidates):
    """The candidate with the smallest scaled margin; a certified violation candidate (a float
    violation that the exact path does not refute) always ranks before any non-violation."""
    best = None
    for c in candidates:
        r = float_margin(claim, c)
        if r is None:
            continue
        violating = _is_violation(claim, *r)
        if violating:
            why = _certified_noise(claim, c)
            if why == "outside":
                continue
            if why == "refuted":
                r, violating = (0.0, r[1], r[2]), False  # the exact relation holds here: float noise
        key = (not violating, _scaled(*r))
        if best is None or key < best[4]:
            best = (r[0], r[1], r[2], c, key)
    return best


def _optimise(claim: Claim, start: dict, until: float, objective: str = "margin"):
    from scipy.optimize import minimize

    x0 = flatten(claim, start)
    if x0.size == 0 or time.monotonic() > until:
        return None, 0
    count = {"n": 0}

    def objective(x):
        count["n"] += 1
        if time.monotonic() > until:
            return 1e6
        r = float_margin(claim, unflatten(claim, x, start))
        if r is None:
            return 1e6
        if objective == "ratio":
            q = _ratio(claim, r[1], r[2])
            return 1e6 if q is None else -q
        return _scaled(*r)

    try:
        res = minimize(objective, x0, method="Nelder-Mead",
                       options={"maxfev": 200 * min(x0.size, 20), "xatol": 1e-9, "fatol": 1e-14})
    except (ValueError, FloatingPointError):
        return None, count["n"]
    return unflatten(claim, res.x, start), count["n"]


def _certify_violation(claim: Claim, candidates, until: float):
    for cand in candidates:
        for q in claim.rounding:
            if time.monotonic() > until:
                return None
            exact = exactify(claim, cand, q)
            fcase = floatify(exact)
            r = float_margin(claim, fcase)
            if r is None or not _is_violation(claim, *r):
                continue
            try:
                lhs, rhs, ok, prec, verdict = certified_sides(claim, exact)
            except InvalidInput:
                continue
            if ok and verdict == "violated":
                return {
                    "objects": show_exact(exact),
                    "quantities": _certified_quantities(claim, exact, prec),
                    "denominator": q,
                    "lhs": fmt(_as_certified(lhs)),
                    "rhs": fmt(_as_certified(rhs)),
                    "relation": _rel_symbol(claim),
                    "certificate": {
                        "method": "exact rationals + python-flint arb interval arithmetic",
                        "precision_bits": prec,
                        "hypotheses": "each certified on the exact case",
                        "lhs_enclosure": fmt(_as_certified(lhs)),
                        "rhs_enclosure": fmt(_as_certified(rhs)),
                        "gap_lower_bound": _gap(claim, _as_certified(lhs), _as_certified(rhs)),
                    },
                    "float_case": fcase,
                }
    return None


def _certified_quantities(claim: Claim, exact: dict, prec: int) -> dict:
    """Each symbol of the statement at the exact case, as a certified enclosure (for a reader
    who wants to check the counterexample step by step)."""
    out = {}
    with precision(prec):
        for name, q in claim.quantities.items():
            try:
                v = q(exact, CERTIFIED)
            except (InvalidInput, ZeroDivisionError, ValueError, TypeError):
                continue
            if isinstance(v, Fraction):
                out[name] = str(v)
            elif isinstance(v, (int, np.integer)):
                out[name] = str(int(v))
            elif is_inf(v) or hasattr(v, "mid"):
                out[name] = fmt(v)
    return out


def _certify_tightest(claim: Claim, case: dict):
    for q in (10**6, 10**9):
        exact = exactify(claim, case, q)
        try:
            lhs, rhs, ok, prec, verdict = certified_sides(claim, exact)
        except InvalidInput:
            continue
        if not ok:
            continue
        if verdict is None:
            verdict = ("enclosures overlap: consistent with equality (an identity between transcendental "
                       "values cannot be certified by intervals)" if claim.is_identity else "undecided (overlap)")
        return {"denominator": q, "lhs": fmt(_as_certified(lhs)), "rhs": fmt(_as_certified(rhs)), "relation_certified": verdict}
    return None


def _gap(claim, lhs, rhs):
    small, big = (lhs, rhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (rhs, lhs)
    if isinstance(claim.statement, sp.Eq):
        return repr(abs(lower(lhs) - upper(rhs)) if certainly_less(rhs, lhs) else abs(lower(rhs) - upper(lhs)))
    if is_inf(small):
        return "inf"
    return repr(lower(small) - upper(big))


def _rel_symbol(claim):
    return {sp.Le: "<=", sp.Lt: "<", sp.Ge: ">=", sp.Gt: ">", sp.Eq: "="}[type(claim.statement)]


def direction_trace(claim: Claim, case: dict, n: int = 61):
    """Float margin along the segment, in the optimiser's coordinates, from the centre of the
    domain (uniform distributions, mid-range reals) through the counterexample and a little beyond."""
    x1 = flatten(claim, case)
    x0 = np.zeros_like(x1)
    out = []
    for t in np.linspace(0.0, 1.5, n):
        r = float_margin(claim, unflatten(claim, x0 + t * (x1 - x0), case))
        out.append((float(t), None if r is None else float(r[0])))
    return out
