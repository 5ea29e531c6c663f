"""Stage 4 — certify: the relation at an exact case, in exact rationals and arb interval arithmetic.

Only this stage can make a claim `violated`: the hypotheses must hold on the exact case and the
enclosures of both sides must be disjoint on the wrong side. Every value a quantity hands to it has
passed the certificate boundary (exact numbers, arb balls, exact infinities; a float is an error of
the claim, see proofcheck.evaluation).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy as sp

from mechanisms.numerics.exact import is_infinity
from proofcheck.evaluation import ClaimError, Outside, _holds, certainly_less, quantity_values, sides
from proofcheck.margins import float_margin, is_violation, relative
from proofcheck.measures import CERTIFIED, FLOAT
from proofcheck.numerics import DEFAULT_PREC, Undecided, fmt, precision, to_arb, upper
from proofcheck.rounding import exactify, floatify, show_exact

CERT_PRECISIONS = (DEFAULT_PREC, 512)


@dataclass
class Certified:
    lhs: object  # arb ball, exact number or exact infinity
    rhs: object
    hypotheses_ok: bool
    precision: int
    relation: str | None  # 'violated' | 'holds' | None (the enclosures overlap)


def enclosure(x):
    """An exact number as an arb ball; arb balls and exact infinities as they are."""
    return x if is_infinity(x) else to_arb(x)


def certified_sides(claim, exact_case: dict, overrides=None) -> Certified:
    """Both sides and the hypotheses at an exact case, retried at a higher precision while the
    enclosures are too wide to decide. Raises Outside (the exact case is outside the domain),
    ClaimError (an error of the claim), or Undecided (undecided at every precision)."""
    last = None
    for prec in CERT_PRECISIONS:
        with precision(prec):
            try:
                lhs, rhs, ok = sides(claim, exact_case, CERTIFIED, overrides)
            except Undecided as e:
                last = e
                continue
            if not ok:
                return Certified(None, None, False, prec, None)
            relation = decide(claim, lhs, rhs)
            last = Certified(lhs, rhs, ok, prec, relation)
            if relation is not None:
                return last
    if isinstance(last, Certified):
        return last
    raise last


def decide(claim, lhs, rhs) -> str | None:
    """'violated' / 'holds' when the enclosures decide the relation, None when they overlap."""
    lhs, rhs = enclosure(lhs), enclosure(rhs)
    st = claim.statement
    if isinstance(st, sp.Eq):
        if certainly_less(lhs, rhs) or certainly_less(rhs, lhs):
            return "violated"
        if not is_infinity(lhs) and not is_infinity(rhs) and lhs.is_exact() and rhs.is_exact() and lhs == rhs:
            return "holds"
        if is_infinity(lhs) and is_infinity(rhs) and lhs == rhs:
            return "holds"
        return None
    small, big = (lhs, rhs) if isinstance(st, (sp.Le, sp.Lt)) else (rhs, lhs)
    strict = isinstance(st, (sp.Lt, sp.Gt))
    if certainly_less(big, small):
        return "violated"
    if certainly_less(small, big):
        return "holds"
    if is_infinity(small) and is_infinity(big) and small == big:
        return "violated" if strict else "holds"
    if not is_infinity(small) and not is_infinity(big) and small.is_exact() and big.is_exact() and small == big:
        return "violated" if strict else "holds"
    return None


def certified_margin(claim, lhs, rhs):
    """The certified margin at the case (rhs − lhs for ≤, lhs − rhs for ≥) as an enclosure, or
    ±inf when a side is infinite."""
    lhs, rhs = enclosure(lhs), enclosure(rhs)
    a, b = (rhs, lhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (lhs, rhs)
    if isinstance(claim.statement, sp.Eq):
        a, b = rhs, lhs
    if is_infinity(a) or is_infinity(b):
        if is_infinity(a) and is_infinity(b):
            return 0.0 if a == b else (math.inf if a > 0 else -math.inf)
        return a if is_infinity(a) else -b
    return a - b


def noise_check(claim, case: dict) -> str | None:
    """Why a float alarm is not a violation, decided on the certified path at the finely rounded
    case (or, if that falls outside the domain, at the float values taken as exact dyadics):
    'outside' when the exact case is outside the domain, 'refuted' when the relation holds or both
    sides agree to far more digits than the alarm's size (an exact tie that float noise made a
    violation); None when the alarm stands. An error of the claim propagates. A statistical claim's
    alarms all stand here: only its Monte Carlo certificate decides them."""
    if claim.statistical:
        return None
    for q in (10**9, None):
        try:
            exact = exactify(claim, case, q)
            c = certified_sides(claim, exact)
        except (Outside, Undecided):
            continue
        if not c.hypotheses_ok:
            return "outside"
        if c.relation == "holds" or (c.relation is None and agree_closely(c.lhs, c.rhs)):
            return "refuted"
        return None
    return None


def agree_closely(lhs, rhs, digits: int = 30) -> bool:
    lhs, rhs = enclosure(lhs), enclosure(rhs)
    if is_infinity(lhs) or is_infinity(rhs):
        return False
    width = max(float(lhs.rad()), float(rhs.rad()))
    scale = max(abs(float(lhs.mid())), abs(float(rhs.mid())), 1.0)
    return width <= scale * 10.0 ** -digits


def certify_violation(claim, candidates, until: float, mc: dict | None = None, extra_until: float | None = None,
                      log: list | None = None, significant: bool = True):
    """The most convincing certified counterexample among the candidates: for each candidate, the first
    rounding (smallest denominators first; only when no candidate certifies at any, each number to a few
    significant digits, then the float values as exact binary fractions) whose exact case certifiably violates
    the claim; of those, the one with the largest relative violation, then the fewest and smallest exact objects
    (the others are kept in "other_witnesses"). Candidates after the first certified one are tried until
    `extra_until` (default `until`). None if no candidate certifies; `log` (a list) then receives one Attempt per
    rounding tried, for why_uncertified. With significant=False only the denominators are tried. A statistical claim's Monte Carlo quantities enter as intervals at
    confidence 1 − 1e−9 (mc = {"seed", "samples", "device"}); its certificate is then labelled statistical, and
    its first certified witness is the one shown."""
    found, seen = [], set()
    # the claim's denominators first; only when no candidate certifies so, roundings to significant digits (a
    # violation that needs a weight of 1e-12, which every common denominator rounds to 0, or a Rényi order within
    # 1e-12 of its open end) and the float values themselves, exactly — for every kind of variable
    for by_digits in ((False, True) if significant else (False,)):
        for cand in candidates:
            if found and (claim.statistical or time.monotonic() > (until if extra_until is None else extra_until)):
                break
            cx = _certify_candidate(claim, cand, until, mc, by_digits, log)
            if cx is None:
                continue
            key = repr(cx["objects"])
            if key not in seen:
                seen.add(key)
                found.append(cx)
        if found:
            break
    if not found:
        return None
    found.sort(key=witness_rank)
    best = found[0]
    best["other_witnesses"] = [witness_summary(o) for o in found[1:]]
    return best


def witness_rank(cx: dict) -> tuple:
    """Most convincing first: off the boundary of the hypotheses (fewest hypotheses that hold with equality
    there: α = 1 under 'α ≥ 1' is shown only when no interior witness was found), then the largest relative
    violation, then the fewest and smallest objects."""
    return (len(cx.get("hypothesis_boundary") or ()), -cx.get("relative_violation", 0.0),
            len("".join(repr(cx["objects"]).split())))


def witness_summary(cx: dict) -> dict:
    """A certified witness as kept beside the one shown."""
    out = {"objects": cx["objects"], "lhs": cx["lhs"], "rhs": cx["rhs"],
           "relative_violation": cx["relative_violation"]}
    if cx.get("hypothesis_boundary"):
        out["hypothesis_boundary"] = cx["hypothesis_boundary"]
    return out


def merge_witnesses(a: dict, b: dict) -> dict:
    """Two results of certify_violation as one: the better ranked shown, every other witness kept."""
    best, other = (a, b) if witness_rank(a) <= witness_rank(b) else (b, a)
    rest = [witness_summary(other)] + list(other.get("other_witnesses", ())) + list(best.get("other_witnesses", ()))
    seen, kept = {repr(best["objects"])}, []
    for w in rest:
        if repr(w["objects"]) not in seen:
            seen.add(repr(w["objects"]))
            kept.append(w)
    best["other_witnesses"] = sorted(kept, key=witness_rank)
    return best


def boundary_hypotheses(claim, exact: dict, prec: int) -> list[str]:
    """The non-strict hypotheses (≤, ≥) that hold with equality at the exact case: the case sits on the
    boundary of the statement's domain (certified: both sides exact and equal)."""
    from proofcheck.evaluation import evaluate, exactly_equal

    weak = [h for h in claim.hypotheses if isinstance(h.relation, (sp.Le, sp.Ge))]
    if not weak:
        return []
    out = []
    with precision(prec):
        try:
            values = quantity_values(claim, exact, CERTIFIED)
            for h in weak:
                if exactly_equal(evaluate(h.relation.lhs, values, CERTIFIED),
                                 evaluate(h.relation.rhs, values, CERTIFIED)):
                    out.append(h.text)
        except (Outside, Undecided, ClaimError):
            return out
    return out


SIGNIFICANT_DIGITS = (3, 6, 9)  # the last resort: roundings that keep a weight of 1e-12 alive


@dataclass
class Attempt:
    """One rounding of a candidate that certify_violation tried, and what became of it: 'certified', 'no float
    violation' (the rounding's float margin is not a violation), 'outside' (a quantity or an excluded end put
    the exact case outside the domain: `why`), 'hypotheses' (a hypothesis is not certified there: `why`),
    'overlap' / 'holds' (the certified enclosures `certified`), 'undecided' (undecided at every precision), or
    'error' (an error of the claim at the rounding: `why`)."""
    case: dict  # the float candidate (the very object given)
    label: object  # the denominator, "d significant digits", or None (the exact binary values)
    exact: dict
    outcome: str
    why: object = None  # str, or a function giving it (worked out only for the case a reason is written about)
    certified: Certified | None = None

    def reason(self) -> str | None:
        if callable(self.why):
            self.why = self.why()
        return self.why


def _candidate_roundings(claim, cand, significant: bool):
    """(label, exact case): the claim's denominators, smallest first; or (significant) each number to a few
    significant digits (a distribution's tiny entries survive, which a common denominator rounds to 0; a real
    next to an end keeps its offset from it), then the float values as exact binary fractions."""
    if not significant:
        for q in claim.rounding:
            yield q, exactify(claim, cand, q)
        return
    for d in SIGNIFICANT_DIGITS:
        yield f"{d} significant digits", significant_case(claim, cand, d)
    yield None, exactify(claim, cand, None)


def _certify_candidate(claim, cand, until, mc, significant: bool = False, log: list | None = None):
    def note(label, exact, outcome, why=None, c=None):
        if log is not None:
            log.append(Attempt(cand, label, exact, outcome, why, c))

    for q, exact in _candidate_roundings(claim, cand, significant):
        if time.monotonic() > until:
            return None
        fcase = floatify(exact)
        r = float_margin(claim, fcase)  # an error of the claim propagates
        if r is None:
            note(q, exact, "outside", lambda fcase=fcase: _why_outside(claim, fcase, FLOAT_PATH))
            continue
        if not is_violation(claim, *r):
            note(q, exact, "no float violation")
            continue
        overrides, records = None, None
        if claim.statistical:
            from proofcheck.mc_evidence import statistical_overrides

            mc = mc or {}
            overrides, records = statistical_overrides(claim, fcase, mc.get("seed", 0), mc.get("samples"),
                                                       mc.get("device", "auto"))
            if overrides is None:
                return None
        try:
            c = certified_sides(claim, exact, overrides)
        except Outside as e:
            note(q, exact, "outside", str(e))
            continue
        except Undecided as e:
            note(q, exact, "undecided", str(e))
            continue
        if not c.hypotheses_ok:
            note(q, exact, "hypotheses", lambda exact=exact, prec=c.precision: _failing_hypothesis(claim, exact, prec))
            continue
        if c.relation == "violated":
            cx = _counterexample(claim, exact, fcase, q, c)
            if records:
                cx["statistical"] = records
                cx["certificate"]["method"] = ("statistical: rigorous Monte Carlo interval(s) at confidence "
                                               f"{records[0]['confidence']} for {', '.join(r['quantity'] for r in records)}, "
                                               "then exact rationals + arb interval arithmetic")
            return cx
        note(q, exact, "overlap" if c.relation is None else "holds", None, c)
    return None


FLOAT_PATH = "float"


def _why_outside(claim, case: dict, path: str) -> str | None:
    """Why a case is outside the statement's domain on a path: an excluded end, a quantity's OutsideDomain, or
    the first hypothesis that fails (None when it is not outside)."""
    m = FLOAT if path == FLOAT_PATH else CERTIFIED
    try:
        values = quantity_values(claim, case, m)
    except Outside as e:
        return str(e)
    except (Undecided, ClaimError):
        return None
    return _first_failing(claim, values, m)


def _failing_hypothesis(claim, exact: dict, prec: int) -> str | None:
    """The first hypothesis not certified at the exact case, as 'the hypothesis <text>' (None: none found):
    :func:`_why_outside` on the certified path at this precision."""
    with precision(prec):
        return _why_outside(claim, exact, "certified")


def _first_failing(claim, values, m) -> str | None:
    for h in claim.hypotheses:
        try:
            ok = _holds(h.relation, values, m)
        except Exception:  # a hypothesis that cannot be evaluated here is the one that fails
            ok = False
        if not ok:
            return f"the hypothesis {h.text}"
    return None


def why_uncertified(claim, case: dict, attempts: list) -> str | None:
    """Why no rounding of the float violation at `case` certified, from the Attempts certify_violation logged for
    that very case object: the domain every rounding fell outside ("every rounding of alpha =
    1.0000000001 fell outside the hypothesis alpha > 1; alpha ∈ (1, 20]"); for an identity whose enclosures overlap
    but are wider than its digits ask, the digits they agree to and the Claim(digits=...) that would match them;
    otherwise what the enclosures were. None when nothing was logged for the case."""
    mine = [a for a in attempts if a.case is case]
    if not mine:
        return None
    what = _case_text(claim, case)
    overlaps = [a for a in mine if a.outcome == "overlap" and a.certified is not None]
    if overlaps:
        best = max(overlaps, key=lambda a: _agreement_digits(a.certified.lhs, a.certified.rhs))
        lhs, rhs = enclosure(best.certified.lhs), enclosure(best.certified.rhs)
        k = _agreement_digits(lhs, rhs)
        encl = f"lhs ∈ {fmt(lhs)}, rhs ∈ {fmt(rhs)} at {_objects_text(best.exact)}"
        if claim.is_identity and k < claim.digits:
            return (f"a float violation was found at {what} but no rounding of it could be certified: the enclosures "
                    f"agree to {k} digits, the claim asks {claim.digits} ({encl}): set Claim(digits={k}) or a finer "
                    "route")
        return (f"a float violation was found at {what} but no rounding of it could be certified: the enclosures "
                f"overlap at every rounding evaluated ({encl}; they agree to {k} digits)")
    outside = [a for a in mine if a.outcome in ("outside", "hypotheses")]
    if outside and all(a.outcome in ("outside", "hypotheses", "no float violation") for a in mine):
        whys = []
        for a in outside:
            why = a.reason()
            if why and why not in whys:
                whys.append(why)
        where = "; ".join(whys[:2]) + (f" (and {len(whys) - 2} more)" if len(whys) > 2 else "") \
            if whys else "the statement's domain"
        ranges = _ranges_text(claim, case)
        return (f"every rounding of {what} fell outside its domain: {where}"
                + (f"; {ranges}" if ranges else "")
                + ("" if len(outside) == len(mine) else
                   f" (or was no float violation: {len(mine) - len(outside)} of {len(mine)} roundings)"))
    if all(a.outcome == "no float violation" for a in mine):
        return (f"a float violation was found at {what} but at none of its {len(mine)} roundings is the float margin "
                "a violation: it is narrower than the roundings tried")
    holds = [a for a in mine if a.outcome == "holds"]
    if holds:
        a = holds[0]
        return (f"a float violation was found at {what} but the certified path refutes it at its roundings "
                f"(lhs ∈ {fmt(enclosure(a.certified.lhs))}, rhs ∈ {fmt(enclosure(a.certified.rhs))} at "
                f"{_objects_text(a.exact)}): a float route disagrees with its certified one")
    return None


def _agreement_digits(lhs, rhs) -> int:
    """The decimal digits two overlapping enclosures agree to: −log10 of the width of their hull relative to their
    size (0 when the hull is as wide as the values)."""
    lhs, rhs = enclosure(lhs), enclosure(rhs)
    if is_infinity(lhs) or is_infinity(rhs):
        return 0
    from proofcheck.numerics import lower

    lo = min(lower(lhs), lower(rhs))
    hi = max(upper(lhs), upper(rhs))
    scale = max(abs(lo), abs(hi))
    if not (math.isfinite(lo) and math.isfinite(hi)) or scale == 0:
        return 0
    width = (hi - lo) / scale
    if width <= 0:
        return 17
    return max(0, int(math.floor(-math.log10(width))))


def _case_text(claim, case: dict) -> str:
    """The case's reals (and vectors) as 'alpha = 1.0000000001', for a reason; the whole case when it has none."""
    parts = []
    for v in claim.variables:
        if v.kind in ("real", "vector") and v.name in case and v.name not in claim.exact_inputs:
            x = case[v.name]
            parts.append(f"{v.name} = " + (f"{float(x)!r}" if v.kind == "real" else
                                           "[" + ", ".join(f"{float(y)!r}" for y in np.ravel(x)[:4])
                                           + (", …" if np.size(x) > 4 else "") + "]"))
    if not parts:
        return "the case " + _objects_text(case)
    return ", ".join(parts[:4]) + (", …" if len(parts) > 4 else "")


def _ranges_text(claim, case: dict) -> str:
    """'alpha ∈ (1, 20]' for each real of the case with a declared range."""
    parts = [f"{v.name} ∈ {v.range_text()}" for v in claim.variables
             if v.kind in ("real", "vector") and v.name in case and (v.lo is not None or v.hi is not None)]
    return ", ".join(parts[:4])


def _objects_text(case: dict, n: int = 160) -> str:
    t = ", ".join(f"{k} = {v}" for k, v in show_exact(case).items())
    return t if len(t) <= n else t[: n - 1] + "…"


def _counterexample(claim, exact, fcase, q, c: Certified) -> dict:
    lhs, rhs = enclosure(c.lhs), enclosure(c.rhs)
    with precision(c.precision):
        margin = certified_margin(claim, lhs, rhs)
    out = {
        "objects": show_exact(exact),
        "relative_violation": _relative_violation(margin, lhs, rhs),
        "quantities": certified_quantities(claim, exact, c.precision),
        "denominator": q,
        "lhs": fmt(lhs),
        "rhs": fmt(rhs),
        "relation": relation_symbol(claim),
        "margin": _certified_margin_end(margin),
        "margin_enclosure": fmt(margin) if not is_infinity(margin) else str(margin),
        "certificate": {
            "method": "exact rationals + python-flint arb interval arithmetic",
            "precision_bits": c.precision,
            "hypotheses": "each certified on the exact case",
            "lhs_enclosure": fmt(lhs),
            "rhs_enclosure": fmt(rhs),
            "gap_lower_bound": gap(claim, lhs, rhs),
        },
        "float_case": fcase,
    }
    boundary = boundary_hypotheses(claim, exact, c.precision)
    if boundary:
        out["hypothesis_boundary"] = boundary
    return out


def _relative_violation(margin, lhs, rhs) -> float:
    """|margin| / max(|lhs|, |rhs|, tiny), from the enclosures' midpoints (a ranking, not a certificate);
    an infinite side is a violation of relative size 1."""
    if is_infinity(margin) or is_infinity(lhs) or is_infinity(rhs):
        return 1.0
    return min(abs(relative(float(margin.mid()), float(lhs.mid()), float(rhs.mid()))), 1e300)


def _certified_margin_end(x) -> float:
    """The margin of a violation as certified: the upper end of its enclosure (every point of it is at most this,
    below 0), never its midpoint — a near tie whose enclosure is wide is shown as the near tie it is."""
    if is_infinity(x):
        return x
    return upper(x)


def certified_quantities(claim, exact: dict, prec: int) -> dict:
    """Each symbol of the statement at the exact case, as a certified enclosure (for a reader
    who wants to check the counterexample step by step)."""
    out = {}
    with precision(prec):
        try:
            values = quantity_values(claim, exact, CERTIFIED)
        except (Outside, Undecided, ClaimError):
            return out
    for name, v in values.items():
        if isinstance(v, Fraction):
            out[name] = str(v)
        elif isinstance(v, (int, np.integer)) and not isinstance(v, bool):
            out[name] = str(int(v))
        elif is_infinity(v) or hasattr(v, "mid"):
            out[name] = fmt(v)
    return out


def _roundings_in_domain(claim, case: dict, denominators, skip=(Outside, Undecided)):
    """(q, exact case, Certified) for each rounding of a float case whose hypotheses are certified, smallest
    denominators first (q = None: the float values as exact dyadics); the exceptions in `skip` pass over a
    rounding."""
    for q in denominators:
        exact = exactify(claim, case, q)
        try:
            c = certified_sides(claim, exact)
        except skip:
            continue
        if c.hypotheses_ok:
            yield q, exact, c


def certify_case(claim, case: dict, denominators=(10**6, 10**9)) -> dict | None:
    """Certified enclosures of both sides at a rounding of a float case (for the tightest case of a
    claim that holds); None when no rounding is in the domain (or the claim is statistical: its
    quantity has no certified route)."""
    if claim.statistical:
        return None
    for q, exact, c in _roundings_in_domain(claim, case, denominators):
        relation = c.relation
        if relation is None:
            relation = ("enclosures overlap: consistent with equality (an identity between transcendental "
                        "values cannot be certified by intervals)" if claim.is_identity else "undecided (overlap)")
        return {"denominator": q, "objects": show_exact(exact), "lhs": fmt(enclosure(c.lhs)),
                "rhs": fmt(enclosure(c.rhs)), "relation_certified": relation}
    return None


def gap(claim, lhs, rhs) -> str:
    """A float that is certainly below the distance between the two enclosures."""
    from proofcheck.numerics import lower, upper

    if isinstance(claim.statement, sp.Eq):
        return repr(abs(lower(lhs) - upper(rhs)) if certainly_less(rhs, lhs) else abs(lower(rhs) - upper(lhs)))
    small, big = (lhs, rhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (rhs, lhs)
    if is_infinity(small) or is_infinity(big):
        return "inf"
    return repr(lower(small) - upper(big))


def relation_symbol(claim) -> str:
    return {sp.Le: "<=", sp.Lt: "<", sp.Ge: ">=", sp.Gt: ">", sp.Eq: "="}[type(claim.statement)]


def certify_ratio(claim, case: dict, denominators=(10**6, 10**9, None), digits=(6, 9)) -> dict | None:
    """How tight a bound that holds is, certified: at a rounding of the float case, the enclosure of
    lhs/rhs (rhs/lhs for a lower bound) and a float certainly below it — a certified lower bound on the
    sup of the ratio, witnessed by the exact objects shown. Of the roundings (denominators, then each
    distribution to `digits` significant digits — a prior weight of 10^-80 stays 10^-80 —, then the
    float values as exact dyadics) the one with the largest certified lower bound is shown; the search
    stops at the first that keeps the float ratio to 1e-9. None when no rounding is in the domain, the
    ratio is not defined there (a side not certainly positive, an infinite side), or the claim is
    statistical."""
    if claim.statistical or claim.is_identity:
        return None
    target = _float_ratio(claim, case)
    best = None
    for label, exact in _ratio_roundings(claim, case, denominators, digits):
        got = _certified_ratio_at(claim, exact)
        if got is None:
            continue
        got["denominator"], got["rounding"] = (label if isinstance(label, int) or label is None else None), \
            _rounding_text(label)
        if best is None or got["lower_bound"] > best["lower_bound"]:
            best = got
        if target is not None and best["lower_bound"] >= target - 1e-9 * abs(target):
            break
    return best


def _float_ratio(claim, case):
    from proofcheck.margins import ratio

    try:
        r = float_margin(claim, case)
    except ClaimError:
        return None
    return None if r is None else ratio(claim, r[1], r[2])


def _ratio_roundings(claim, case, denominators, digits):
    """(label, exact case): each denominator q (label q; None: the exact dyadics, last), and each number of
    significant digits d (label ('digits', d)) before the dyadics."""
    for q in [q for q in denominators if q is not None]:
        yield q, exactify(claim, case, q)
    for d in digits:
        yield ("digits", d), significant_case(claim, case, d)
    if None in denominators:
        yield None, exactify(claim, case, None)


def _rounding_text(label) -> str:
    if label is None:
        return "the float values as exact binary fractions"
    if isinstance(label, tuple):
        return f"each number to {label[1]} significant digits (a distribution's largest entry takes the rest)"
    return f"denominator {label} (distributions by largest remainder)"


def significant_case(claim, case: dict, digits: int) -> dict:
    """The case rounded to `digits` significant digits: each real and vector entry relative to its own size (a
    rate of 3·10⁻¹² stays 3·10⁻¹², which every common denominator rounds to 0), kept inside its declared range by
    rounding.within — and, where that rounding lands on an end the value lies strictly inside, its offset from the
    end (α = 1 + 3·10⁻¹³ in (1, 20]: rounding.significant_within) —, or to denominator 10^digits where that is
    nearer (12.3456 → 12.346); each distribution and channel row entry by entry
    in relative terms (a weight of 10^-80 stays 10^-80) with its largest entry set to 1 minus the others (exact
    sum 1). Integers, structural entries and the claim's exact inputs are kept as they are."""
    from proofcheck.rounding import round_significant, significant_within

    out = exactify(claim, case, 10**digits)
    for v in claim.variables:
        if v.name in claim.exact_inputs or v.kind in ("integer", "gain"):
            continue
        if v.kind == "real":
            out[v.name] = _closer(float(case[v.name]), out[v.name], significant_within(float(case[v.name]), digits, v))
            continue
        if v.kind == "vector":
            out[v.name] = [_closer(float(y), old, significant_within(float(y), digits, v))
                           for y, old in zip(np.ravel(case[v.name]), out[v.name])]
            continue
        rows = np.atleast_2d(np.asarray(case[v.name], float))
        rounded = []
        for row in rows:
            top = int(np.argmax(row))
            r = [Fraction(0) if x <= 0 or i == top else round_significant(float(x), 10 ** (digits - 1))
                 for i, x in enumerate(row)]
            r[top] = 1 - sum(r)
            rounded.append(r)
        out[v.name] = rounded[0] if v.kind == "simplex" else rounded
    return out


def _closer(x: float, by_denominator: Fraction, by_digits: Fraction) -> Fraction:
    """Of a real's two roundings (denominator 10^d, d significant digits), the one nearer the float, the
    denominator's on a tie (12.3456 stays 12.346 at d = 3; 3.14·10⁻¹² is 3.14·10⁻¹², not 0) — but never the float's
    own binary value, which rounding.within falls back to next to an open end, where the digits give a decimal
    (α = 1 + 3.30·10⁻¹³; the float itself is the last rounding certify_violation tries)."""
    exact = Fraction(x)
    if by_denominator == exact and by_digits != exact:
        return by_digits
    return by_digits if abs(by_digits - exact) < abs(by_denominator - exact) else by_denominator


def _certified_ratio_at(claim, exact) -> dict | None:
    from proofcheck.numerics import lower

    try:
        c = certified_sides(claim, exact)
    except (Outside, Undecided, ClaimError):  # an error here only costs the tightness figure
        return None
    if not c.hypotheses_ok:
        return None
    lhs, rhs = enclosure(c.lhs), enclosure(c.rhs)
    if is_infinity(lhs) or is_infinity(rhs):
        return None
    num, den = (lhs, rhs) if isinstance(claim.statement, (sp.Le, sp.Lt)) else (rhs, lhs)
    if claim.sides == "logs":  # the sides are logarithms: the ratio of the quantities is exp(num − den)
        with precision(c.precision):
            r = (num - den).exp()
    elif not (den > 0 and num >= 0):
        return None
    else:
        with precision(c.precision):
            r = num / den
    return {"lower_bound": lower(r), "enclosure": fmt(r), "objects": show_exact(exact), "lhs": fmt(lhs),
            "rhs": fmt(rhs)}


def read_exact(objects: dict) -> dict:
    """Exact objects as the report shows them (show_exact: 'p/q' and decimal strings, integers, nested lists) back
    as an exact case: each numeric string an exact Fraction ('0.9' is 9/10), everything else as it is."""
    def conv(x):
        if isinstance(x, str):
            try:
                return Fraction(x)
            except ValueError:  # a structural entry (a label) is not a number
                return x
        if isinstance(x, (list, tuple)):
            return [conv(y) for y in x]
        return x
    return {k: conv(v) for k, v in objects.items()}


def certified_violation_at(claim, objects: dict, label) -> dict | None:
    """The counterexample record (as certify_violation makes it, with its float case) at exact objects a later
    stage certified — the tightest case or the ratio's witness of a claim the search found no float violation
    of — when the hypotheses hold there and the enclosures are disjoint on the wrong side; None otherwise."""
    if claim.statistical:
        return None
    exact = read_exact(objects)
    try:
        c = certified_sides(claim, exact)
    except (Outside, Undecided, ClaimError):
        return None
    if not c.hypotheses_ok or c.relation != "violated":
        return None
    return _counterexample(claim, exact, floatify(exact), label, c)


def certify_example(claim, objects: dict) -> tuple[dict | None, str | None]:
    """A counterexample given by hand (a finding's example, proofcheck.findings.Example) certified as the engine
    certifies its own: (the counterexample record, None) when the hypotheses hold on the exact objects and the
    enclosures are disjoint on the wrong side, else (None, why not)."""
    if claim.statistical:
        return None, "a statistical claim has no certified route at a single case"
    exact = read_exact(objects)
    try:
        c = certified_sides(claim, exact)
    except Outside as e:
        return None, f"outside the domain: {e}"
    except (Undecided, ClaimError) as e:
        return None, f"not decided: {type(e).__name__}: {e}"
    if not c.hypotheses_ok:
        return None, "a hypothesis fails at the exact objects"
    if c.relation != "violated":
        return None, f"the relation is {c.relation or 'undecided (the enclosures overlap)'} at the exact objects"
    return _counterexample(claim, exact, floatify(exact), "exact (declared)", c), None
