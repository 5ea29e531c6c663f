"""From a claim to a verdict with its evidence: search → optimise → round → certify.

1. search    (proofcheck.stages.search)   — Hypothesis draws cases from the claim's strategy, seeded, in
               chunks until the time budget; a float violation is shrunk to a small case.
2. optimise  (proofcheck.stages.optimise) — Nelder–Mead pushes the worst case further (largest violation),
               and, for a bound that holds, pushes lhs/rhs up from the tightest case found.
3. round     (proofcheck.stages.rounding) — the case is rounded to exact rationals with small denominators.
4. certify   (proofcheck.stages.certify)  — hypotheses and both sides on the certified path; a violation
               needs disjoint enclosures. Floats alone never make a violation. A witness on a
               hypothesis' boundary is moved inward and the interior one shown when it certifies; a
               bound that holds gets its tightness certified at an exact case (and, where the claim
               declares one, the limit in which it is attained: Claim.limit).

An error of the claim at any stage (an exception in a quantity, a NaN, a float on the certified
path) ends the claim `inconclusive` with the error and the case that raised it in its evidence.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import sympy as sp

import proofcheck.stages.mc_evidence as mc_evidence
from proofcheck.stages.certify import (certified_violation_at, certify_case, certify_ratio, certify_violation,
                               merge_witnesses, noise_check, why_uncertified)
from proofcheck.claim import COST_CLASSES
from proofcheck.stages.evaluation import ClaimError
from proofcheck.stages.margins import (RATIO_FLOOR, float_margin, is_degenerate, is_violation, ratio, relative, remembered,
                               scaled)
from proofcheck.stages.optimise import flatten, optimise, unflatten
from proofcheck.stages.rounding import show_exact
from proofcheck.stages.search import search
from mechanisms.numerics.exact import Undecided
from mechanisms.errors import InvalidInput
import proofcheck.tables as tables
from proofcheck.prove import Budget, prove_result

CERT_MIN_SECONDS = 10.0  # least time given to certifying a float violation
TIGHTNESS_DIGITS = 10  # a float ratio is reported to the digits it has
EXCLUDED_WARNING = 0.5  # say so when more than half of the search was outside the domain


@dataclass
class Result:
    id: str
    verdict: str  # holds | violated | inconclusive
    margin: float | None  # violated: the certified margin at the counterexample; else the smallest float margin
    relative_margin: float | None
    counterexample: dict | None
    evidence: dict
    seconds: float
    worst_case: dict | None = None  # exact-looking repr of where the smallest margin was found
    trace: list = field(default_factory=list)  # (parameter t, margin) along the counterexample direction
    tightness: float | None = None  # largest lhs/rhs (upper bounds) found away from degenerate cases
    vacuous: str | None = None  # a `holds` that says nothing, and why
    # the claim's hypotheses admit only degenerate cases, and why: declared (Claim.forces_degenerate) or
    # found by the search (every admitted case degenerate while the hypotheses excluded others)
    forces_degenerate: str | None = None
    # a `holds` whose search ran fewer cases than asked or admitted fewer than THIN_CASES: {"cases" (in the
    # domain), "asked" (the counted budget; None under a time budget), "drawn", "why"} (see thin_search)
    thin: dict | None = None

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "verdict": self.verdict,
            "vacuous": self.vacuous,
            "forces_degenerate": self.forces_degenerate,
            "thin": self.thin,
            "margin": _num(self.margin),
            "relative_margin": _num(self.relative_margin),
            "tightness": _num(self.tightness),
            "counterexample": self.counterexample,
            "evidence": self.evidence,
            "worst_case": self.worst_case,
            "seconds": round(self.seconds, 3),
        }


def result_state(r: Result) -> dict:
    """Everything a Result holds, as JSON-able data (results.jsonl; read back by result_from_state)."""
    return {**r.to_json(), "trace": [list(t) for t in r.trace]}


def result_from_state(d: dict) -> Result:
    def num(x):  # a float, or its text where it is not finite ("inf": see _num)
        return None if x is None else float(x)

    return Result(d["id"], d["verdict"], num(d["margin"]), num(d["relative_margin"]), d["counterexample"],
                  d["evidence"], float(d["seconds"]), worst_case=d.get("worst_case"),
                  trace=[tuple(t) for t in d.get("trace") or []], tightness=num(d.get("tightness")),
                  vacuous=d.get("vacuous"), forces_degenerate=d.get("forces_degenerate"), thin=d.get("thin"))


def _num(x):
    if x is None:
        return None
    x = float(x)
    return x if math.isfinite(x) else str(x)  # JSON has no infinities: "inf", "-inf"


def on_stage(name: str) -> None:
    """Called as a claim enters each stage (a worker process replaces it to report the stage to the run,
    which names the stage a claim was in when it hit its hard limit)."""


BY_COST = "by cost class"  # cases=BY_COST: the claim's own counted budget (Claim.cost, claim.COST_CLASSES)


def check_claim(claim, seconds: float | None = None, seed: int = 0, max_examples: int = 20000,
                device: str = "auto", mc_samples: int | None = None, cases: int | str | None = None,
                prove=False) -> Result:
    """Search, optimise, round and certify one claim. By default (neither `seconds` nor `cases`, or
    cases=BY_COST) the budget is the claim's cost class (Claim.cost): a counted number of cases and of
    optimiser evaluations, so that the same seed gives the same result on any machine under any load. With
    `cases` = N the search draws N cases and the optimiser and the rounding do their full fixed number of
    evaluations; no stage looks at the clock in either (only a hard limit from outside stops a claim). With
    `seconds`, a time budget: within about `seconds` (a float violation always gets at least CERT_MIN_SECONDS
    to be certified), and how far it gets depends on the machine.
    `device` and `mc_samples` set the Monte Carlo routes (torch device; samples per interval, default
    mc_evidence.DEFAULT_SAMPLES). A claim with a paper table gets its rows in evidence["table"]
    (computed once per process). With `prove` (True, or a proofcheck.prove.Budget), a claim that holds
    then gets a proof attempt in this process (proofcheck.prove.prove_result): evidence["proof"]."""
    evaluations = None
    if cases is None and seconds is None:
        cases = BY_COST
    if cases == BY_COST:
        cases, evaluations = COST_CLASSES[claim.cost]
        budget = {"kind": "counted", "cost": claim.cost, "cases": cases, "evaluations": evaluations}
    elif cases is not None:
        if isinstance(cases, bool) or not isinstance(cases, int) or cases < 1:
            raise InvalidInput(f"cases must be an integer >= 1, got cases={cases!r}")
        budget = {"kind": "counted", "cases": cases}
    else:
        budget = {"kind": "time", "seconds": seconds}
    if cases is not None:
        seconds, max_examples = math.inf, cases
    result = _check_claim(claim, seconds, seed, max_examples, device, mc_samples, evaluations)
    result.evidence["budget"] = budget
    if result.verdict == "holds":
        result.thin = thin_search(claim, result.evidence, cases)
    if claim.table is not None:
        on_stage("table")

        t0 = time.monotonic()
        try:
            result.evidence["table"] = tables.evidence(claim.table)
        except (Exception, Undecided) as e:  # an error of the claim's table: reported, the verdict stands
            result.evidence["table_error"] = f"{type(e).__name__}: {e}"
        result.seconds += time.monotonic() - t0
    if prove:
        prove_result(claim, result, prove if isinstance(prove, Budget) else None)
    return result


def _check_claim(claim, seconds, seed, max_examples, device, mc_samples, evaluations=None) -> Result:
    with remembered(claim):  # each case's float margin computed once across the stages
        return _stages(claim, seconds, seed, max_examples, device, mc_samples, evaluations)


def _stages(claim, seconds, seed, max_examples, device, mc_samples, evaluations=None) -> Result:
    mc = {"seed": seed, "samples": mc_samples, "device": device}
    t0 = time.monotonic()
    deadline = t0 + seconds
    on_stage("search")
    s = search(claim, t0 + 0.6 * seconds, seed, max_examples)
    evidence = {"search": _search_evidence(claim, s, seed)}
    if s.error is not None:
        res = _error_result(claim, s.error, evidence, t0)
    elif s.found is None and s.worst is None:
        evidence["reason"] = (f"no case of the search was in the statement's domain ({s.cases} drawn, "
                              f"{s.excluded} outside it)")
        res = Result(claim.id, "inconclusive", None, None, None, evidence, time.monotonic() - t0)
    else:
        try:
            res = _after_search(claim, s, evidence, seed, t0, deadline, seconds, mc, evaluations)
        except ClaimError as e:
            res = _error_result(claim, e, evidence, t0)
    res.forces_degenerate = forced_degenerate_reason(claim, s)
    return res


def _after_search(claim, s, evidence, seed, t0, deadline, seconds, mc, evaluations=None) -> Result:
    on_stage("optimise")
    start = s.found if s.found is not None else s.worst.case
    opt_end = deadline - 0.15 * seconds if math.isfinite(deadline) else math.inf
    by_ratio, ratio_evals = None, 0
    if s.found is None and s.tight is not None:
        # half the optimiser's time pushes the ratio lhs/rhs up, from each of the tightest cases in turn
        # (free to walk towards a limit: channel rows → equal, ε → 0, ...; see optimise.optimise)
        half = time.monotonic() + (opt_end - time.monotonic()) / 2
        starts = [t.case for t in s.tight_starts] or [s.tight.case]
        best_q = None
        for i, start_case in enumerate(starts):
            now = time.monotonic()
            r = optimise(claim, start_case, now + (half - now) / (len(starts) - i), "ratio", evaluations)
            ratio_evals += r.evaluations
            if r.case is not None and r.value is not None and (best_q is None or r.value > best_q):
                by_ratio, best_q = r.case, r.value
            if r.case is not None and r.case is not by_ratio:
                _note_tightness(claim, s, r.case)
    by_margin = optimise(claim, start, opt_end, evaluations=evaluations)
    evidence["optimiser"] = {"method": "Nelder-Mead", "margin_evaluations": by_margin.evaluations,
                             "ratio_evaluations": ratio_evals}
    candidates = [c for c in (s.found, by_margin.case, by_ratio, s.worst.case if s.worst else None) if c is not None]
    for c in (by_ratio, by_margin.case):
        _note_tightness(claim, s, c)
    best = best_candidate(claim, candidates)
    if best is not None:
        evidence["search_float_margin"] = {"margin": best.margin, "lhs": best.lhs, "rhs": best.rhs,
                                           "note": "the most negative float margin the search and optimiser found "
                                                   "(float arithmetic: evidence of where to look, not a certificate)"}
    if best is not None and is_violation(claim, best.margin, best.lhs, best.rhs):
        return _violation(claim, best, candidates, evidence, t0, deadline, seconds, mc)
    return _holds(claim, s, best, evidence, seed, t0, mc)


def _note_tightness(claim, s, case):
    if case is None or is_degenerate(claim, case):
        return
    r = float_margin(claim, case)
    if r is not None and not is_violation(claim, *r):
        _, lhs, rhs = r
        s.note_tight(ratio(claim, lhs, rhs), case)


def _violation(claim, best, candidates, evidence, t0, deadline, seconds, mc) -> Result:
    # a float violation deserves a fair attempt at a certificate, even on a small budget
    on_stage("certify")
    until = deadline + max(0.5 * seconds, CERT_MIN_SECONDS)
    # once one witness is certified, the other candidates are tried within the claim's own budget
    attempts = []
    cx = certify_violation(claim, candidates, until, mc, extra_until=min(until, max(deadline, time.monotonic() + 1.0)),
                           log=attempts)
    if cx is not None and cx.get("hypothesis_boundary") and not claim.statistical:
        cx = _interior_witness(claim, cx, min(until, max(deadline, time.monotonic() + 1.0)), mc)
    if cx is None:
        evidence["reason"] = (why_uncertified(claim, best.case, attempts)
                              or ("a float violation was found but no rounding of it could be certified "
                                  "(enclosures overlap or hypotheses not certifiable)"))
        return Result(claim.id, "inconclusive", best.margin, relative(best.margin, best.lhs, best.rhs), None, evidence,
                      time.monotonic() - t0, worst_case=show_exact(dict(best.case)))
    evidence["certificate"] = cx["certificate"]
    fcase = cx.pop("float_case")
    if claim.monte_carlo and not claim.statistical:
        evidence["monte_carlo"] = mc_evidence.evidence(claim, [fcase], mc["seed"], mc["samples"], mc["device"])
    margin = cx["margin"]
    _, lhs_f, rhs_f = float_margin(claim, fcase) or (None, best.lhs, best.rhs)
    res = Result(claim.id, "violated", margin, relative(margin, lhs_f, rhs_f) if math.isfinite(margin) else margin,
                 cx, evidence, time.monotonic() - t0, worst_case=cx["objects"])
    res.trace = direction_trace(claim, fcase)
    return res


INTERIOR_STEPS = (1 / 40, 1 / 8, 1 / 2)  # fractions of a variable's range a boundary witness is moved inward


def _interior_witness(claim, cx, until, mc):
    """A witness on a hypothesis' boundary (α = 1 under 'α ≥ 1') is shown only when no interior one exists:
    its real variables that sit at an end of their declared range are moved inward, the moved cases certified,
    and the better ranked witness (certify.witness_rank) shown, the other kept."""
    moved = interior_moves(claim, cx["float_case"])
    # the moved cases are tried as before the roundings to significant digits reached every kind of variable:
    # the denominators, and significant digits only for a claim over distributions or channels
    digits = any(v.kind in ("simplex", "channel") for v in claim.variables)
    other = certify_violation(claim, moved, until, mc, significant=digits) if moved else None
    return cx if other is None else merge_witnesses(cx, other)


def interior_moves(claim, case: dict) -> list[dict]:
    """The case with each real variable that sits at an end of its declared range moved INTERIOR_STEPS of the
    range inward (on a log scale for log-scale variables), one variable at a time."""
    out = []
    for v in claim.variables:
        if v.kind != "real" or v.lo is None or v.hi is None or v.hi <= v.lo or v.name in claim.exact_inputs:
            continue
        x = float(case[v.name])
        log = v.scale == "log"
        lo, hi = (math.log(v.lo), math.log(v.hi)) if log else (v.lo, v.hi)
        t = math.log(x) if log else x
        tol = 1e-9 * (hi - lo)
        if lo + tol < t < hi - tol:
            continue
        sign = 1.0 if t <= lo + tol else -1.0
        for f in INTERIOR_STEPS:
            u = t + sign * f * (hi - lo)
            out.append({**case, v.name: math.exp(u) if log else u})
    return out


THIN_CASES = 10  # a search that admitted fewer cases than this, or never optimised, is a thin holds


def thin_search(claim, evidence: dict, asked: int | None) -> dict | None:
    """Why a `holds` rests on a thin search, or None: under a counted budget, the search drew fewer cases than the
    `asked` (Hypothesis ran out of distinct draws, or the strategy filtered most of them away); under any budget,
    fewer than THIN_CASES of the cases drawn were in the domain (the hypotheses excluded most — a time budget that
    ran out shows here too); or the optimiser never ran although the claim has coordinates to move. A claim that
    admitted every case its counted budget asked for is never thin, however small its class's count."""
    search = evidence.get("search") or {}
    drawn = int(search.get("cases") or 0)
    admitted = drawn - int(search.get("excluded_outside_domain") or 0)
    opt = evidence.get("optimiser") or {}
    runs = int(opt.get("margin_evaluations") or 0) + int(opt.get("ratio_evaluations") or 0)
    why = []
    if asked is not None and drawn < asked:
        why.append(f"the search drew {drawn} of the {asked} cases asked")
    if admitted < THIN_CASES and (asked is None or admitted < asked):
        why.append(f"{admitted} of the {drawn} cases drawn {'was' if admitted == 1 else 'were'} in the domain")
    if runs == 0 and _has_coordinates(claim):
        why.append("the optimiser never ran")
    if not why:
        return None
    return {"cases": admitted, "asked": asked, "drawn": drawn, "why": "; ".join(why)}


def _has_coordinates(claim) -> bool:
    """The claim has something the optimiser moves (a distribution, channel, vector, or a real with a range)."""
    return any(v.name not in claim.exact_inputs and (v.kind in ("simplex", "channel", "vector") or
                                                     (v.kind == "real" and (v.lo is None or v.hi is None or v.hi > v.lo)))
               for v in claim.variables)


def _holds(claim, s, best, evidence, seed, t0, mc) -> Result:
    on_stage("certify the tightest case")
    tight = certify_case(claim, best.case) if best is not None else None
    if tight is not None:
        evidence["tightest_certified"] = tight
    kind = "agreement" if claim.is_identity else "inequality"
    evidence["summary"] = (f"{kind} checked at {s.admitted} cases in the domain ({s.excluded} outside it, "
                           f"{s.degenerate} degenerate), optimiser {evidence['optimiser']['margin_evaluations'] + evidence['optimiser']['ratio_evaluations']} "
                           f"evaluations, seed {seed}")
    tightness = None
    if claim.is_identity:
        evidence["digits"] = claim.digits
    elif s.tight is not None:
        tightness = float(f"{s.tight.ratio:.{TIGHTNESS_DIGITS}g}")
        key = "max_lhs_over_rhs" if isinstance(claim.statement, (sp.Le, sp.Lt)) else "max_rhs_over_lhs"
        evidence["tightness"] = {key: tightness, "at": show_exact(dict(s.tight.case)),
                                 "note": (f"float ratio to {TIGHTNESS_DIGITS} significant digits, over cases in the "
                                          + ("domain that are not degenerate; the sides are logarithms, so the ratio "
                                             "is of the quantities, exp(lhs − rhs)" if claim.sides == "logs" else
                                             f"domain that are not degenerate and where the bound exceeds "
                                             f"{RATIO_FLOOR:g}"))}
        witnessed = certify_ratio(claim, s.tight.case)
        if witnessed is not None:  # a certified lower bound on the sup of the ratio, at exact objects shown
            evidence["tightness"]["certified"] = witnessed
        limit = tightness_limit(claim)
        if limit is not None:  # the sup is attained only in a limit: which one (declared by the claim)
            evidence["tightness"]["limit"] = limit
    missed = _violation_in_tightness(claim, evidence)
    if missed is not None:  # never `holds` beside a certified violation: the certified evaluation decides
        return _violation_from_tightness(claim, missed, evidence, t0, mc)
    # a negative float margin that no certified evaluation confirms is rounding noise: the
    # relation is tight there, so the reported margin is 0 (the float value stays in evidence)
    margin = max(best.margin, 0.0) if best and not claim.is_identity else (best.margin if best else None)
    rel = relative(best.margin, best.lhs, best.rhs) if best else None
    rel = max(rel, 0.0) if best and not claim.is_identity else rel
    verdict = "holds"
    if claim.monte_carlo and not claim.statistical:
        cases = _distinct([best.case if best else None, s.tight.case if s.tight else None,
                           s.worst.case if s.worst else None])
        evidence["monte_carlo"] = mc_evidence.evidence(claim, cases, mc["seed"], mc["samples"], mc["device"])
        bad = mc_evidence.disagreement(evidence["monte_carlo"])
        if bad is not None:
            verdict = "inconclusive"
            evidence["reason"] = (f"the Monte Carlo route of {bad['quantity']} excludes the closed form "
                                  f"{bad['closed_form']!r} (rigorous interval {bad['interval']} at confidence "
                                  f"{bad['confidence']}, n = {bad['n']}, seed {bad['seed']}): a route is wrong")
    res = Result(claim.id, verdict, margin, rel, None, evidence, time.monotonic() - t0,
                 worst_case=show_exact(dict(best.case)) if best else None)
    res.tightness = tightness
    res.vacuous = vacuous_reason(claim, s) if verdict == "holds" else None
    return res


def _violation_in_tightness(claim, evidence) -> dict | None:
    """A certified counterexample at an exact case the tightness steps certified (the tightest case, the ratio's
    witness): the float path saw no violation there (a float route that differs from its certified one, a
    violation below the float's resolution), the certified evaluation does. The better ranked of the two, the
    other kept; None when neither is a certified violation."""
    found = []
    tight = evidence.get("tightest_certified")
    if tight is not None and tight.get("relation_certified") == "violated":
        found.append(certified_violation_at(claim, tight["objects"], tight.get("denominator")))
    witnessed = (evidence.get("tightness") or {}).get("certified")
    # a ratio whose certified lower end is below 1 cannot sit beside a violation (ties at exactly 1 hold for ≤)
    if witnessed is not None and witnessed.get("lower_bound") is not None and witnessed["lower_bound"] >= 1.0:
        found.append(certified_violation_at(claim, witnessed["objects"], witnessed.get("denominator")))
    found = [f for f in found if f is not None]
    if not found:
        return None
    cx = found[0]
    cx.setdefault("other_witnesses", [])
    for other in found[1:]:
        if repr(other["objects"]) != repr(cx["objects"]):
            cx = merge_witnesses(cx, other)
    return cx


def _violation_from_tightness(claim, cx, evidence, t0, mc) -> Result:
    on_stage("certify")
    cx["found_by"] = ("the certified evaluation of the tightness step: the search and the optimiser found no float "
                      "violation (the float path and the certified path differ here, or the violation is below the "
                      "float's resolution)")
    evidence["certificate"] = cx["certificate"]
    fcase = cx.pop("float_case")
    margin = cx["margin"]
    r = None
    try:
        r = float_margin(claim, fcase)
    except ClaimError:
        pass
    _, lhs_f, rhs_f = r or (None, None, None)
    rel = margin if not math.isfinite(margin) else (relative(margin, lhs_f, rhs_f) if r is not None
                                                     else -cx["relative_violation"])
    res = Result(claim.id, "violated", margin, rel, cx, evidence, time.monotonic() - t0, worst_case=cx["objects"])
    res.trace = direction_trace(claim, fcase)
    return res


def tightness_limit(claim) -> str | None:
    """The claim's note on the limit in which its bound is attained (Claim.limit), or None."""
    return claim.limit


def _distinct(cases):
    out = []
    for c in cases:
        if c is not None and not any(c is o for o in out):
            out.append(c)
    return out


def vacuous_reason(claim, s) -> str | None:
    """Why a `holds` says nothing: declared by the claim; both sides constant over every admitted
    case while the hypotheses excluded others (the domain forces a trivial value — a statement that
    a quantity is a constant, checked over an unrestricted domain, is not vacuous); or every admitted
    case degenerate."""
    if claim.vacuous:
        return claim.vacuous
    if claim.forces_degenerate:
        return claim.forces_degenerate
    if s.admitted == 0:
        return None
    if s.excluded and s.lhs_range.constant() and s.rhs_range.constant():
        return (f"both sides are constant over the {s.admitted} cases the hypotheses admit ({s.excluded} "
                f"excluded): lhs = {s.lhs_range.lo:.6g}, rhs = {s.rhs_range.lo:.6g}")
    if s.degenerate == s.admitted:
        return (f"every one of the {s.admitted} cases in the domain is degenerate (identical channel rows, "
                "a point-mass prior, or the claim's own degenerate predicate)")
    return None


def forced_degenerate_reason(claim, s) -> str | None:
    """Why the claim's hypotheses admit only degenerate cases: declared by the claim (Claim.forces_degenerate),
    or found by the search — the hypotheses excluded some cases and every case they admitted was degenerate
    (a search that drew only degenerate cases, with nothing excluded, says that of its strategy, not of the
    hypotheses). None otherwise."""
    if claim.forces_degenerate:
        return claim.forces_degenerate
    if s.admitted > 0 and s.excluded > 0 and s.degenerate == s.admitted:
        return (f"found by the search: the hypotheses excluded {s.excluded} of {s.cases} cases and every one of "
                f"the {s.admitted} they admitted is degenerate (identical channel rows, a point-mass prior, or the "
                "claim's own degenerate predicate)")
    return None


def _search_evidence(claim, s, seed) -> dict:
    out = {"strategy": "hypothesis", "draws_from": _short_repr(claim.strategy), "cases": s.cases,
           "excluded_outside_domain": s.excluded, "errors": 1 if s.error is not None else 0,
           "degenerate": s.degenerate, "float_alarms_refuted_exactly": s.refuted_alarms,
           "chunks": s.chunks, "seconds": round(s.seconds, 3), "seed": seed}
    if s.cases and s.excluded > EXCLUDED_WARNING * s.cases:
        out["warning"] = f"more than half of the search ({s.excluded} of {s.cases} cases) was outside the domain"
    return out


def _error_result(claim, error: ClaimError, evidence, t0) -> Result:
    evidence["error"] = error.to_json()
    if error.kind == "float-on-certified-path":
        evidence["reason"] = f"{error.where} returned a float on the certified path: nothing can be certified"
    else:
        evidence["reason"] = f"error of the claim: {error}"
    return Result(claim.id, "inconclusive", None, None, None, evidence, time.monotonic() - t0)


def _short_repr(strategy, n: int = 300) -> str:
    try:
        r = " ".join(repr(strategy).split())
    except Exception:  # a lazy strategy's repr may fail; it is only evidence text
        r = type(strategy).__name__
    return r if len(r) <= n else r[: n - 1] + "…"


class Candidate(NamedTuple):
    """A case with its float margin and sides, and the key best_candidate ranks it by."""
    margin: float
    lhs: float
    rhs: float
    case: dict
    key: tuple


def best_candidate(claim, candidates):
    """The Candidate with the smallest scaled margin; a float violation that the exact path does not
    refute always ranks before any non-violation."""
    best = None
    for c in candidates:
        r = float_margin(claim, c)
        if r is None:
            continue
        margin, lhs, rhs = r
        violating = is_violation(claim, margin, lhs, rhs)
        if violating:
            why = noise_check(claim, c)
            if why == "outside":
                continue
            if why == "refuted":
                margin, violating = 0.0, False  # the exact relation holds here: float noise
        key = (not violating, scaled(margin, lhs, rhs))
        if best is None or key < best.key:
            best = Candidate(margin, lhs, rhs, c, key)
    return best


def direction_trace(claim, case: dict, n: int = 61):
    """Float margin along the segment, in the optimiser's coordinates, from the centre of the
    domain (uniform distributions, mid-range reals) through the counterexample and a little beyond."""
    x1 = flatten(claim, case)
    x0 = np.zeros_like(x1)
    out = []
    for t in np.linspace(0.0, 1.5, n):
        try:
            r = float_margin(claim, unflatten(claim, x0 + t * (x1 - x0), case))
        except ClaimError:
            r = None
        margin, _, _ = r if r is not None else (None, None, None)
        out.append((float(t), None if margin is None else float(margin)))
    return out
