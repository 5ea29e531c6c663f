"""Branch and bound over the boxes of one domain: decide a box, or split it and decide its halves.

Boxes are taken breadth first (the largest first), so a budget that runs out leaves the smallest
undecided boxes it reached, around where the relation is tight. Every box ends as a leaf: ``decided``,
``outside`` or ``excluded`` (undecided at the depth limit, or not reached within the budget). What is
proved depends only on the claim, the domain and the counted budget (boxes and depth); a time cap can
only stop a proof early, never decide one.
"""
from __future__ import annotations

import math
import time
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction

from mechanisms.errors import InvalidInput
from proofcheck.prove.decide import PRECISION, decide_box
from proofcheck.prove.domain import ENUMERATE

JET_TRIES = 32  # boxes on which derivatives may fail to propagate before the mean-value form is given up
SYMBOLIC_TRIES = 64  # boxes the factored margin is tried on before its rate of success is judged
SYMBOLIC_RATE = 16  # then it is kept while it decides at least one box in this many (its sign rules are costly)


@dataclass(frozen=True)
class Budget:
    max_boxes: int = 2000  # boxes evaluated per claim (over all its domains)
    max_depth: int = 48  # splits of one box's ancestry (value-by-value enumeration of integers not counted)
    precision: int = PRECISION
    mean_value: bool = True  # where plain enclosures overlap: the mean-value form, the factored margin, faces
    seconds: float | None = None  # a cap on one claim's wall time: it may stop a proof, never make one

    def __post_init__(self):
        for name in ("max_boxes", "max_depth", "precision"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise InvalidInput(f"prove budget: {name} must be an integer >= 1, got {name}={v!r}")
        if self.seconds is not None and not self.seconds > 0:
            raise InvalidInput(f"prove budget: seconds must be > 0, got seconds={self.seconds!r}")

    def to_json(self) -> dict:
        return {"max_boxes": self.max_boxes, "max_depth": self.max_depth, "precision": self.precision,
                "mean_value": self.mean_value}


@dataclass
class Leaf:
    box: tuple
    kind: str  # decided | outside | excluded
    detail: dict  # decided: lhs, rhs; outside: reason; excluded: reason


@dataclass
class Outcome:
    status: str  # proved | sub-domain | refuted | blocked | error | stopped | not-provable
    leaves: list = field(default_factory=list)
    evaluations: int = 0
    depth: int = 0  # the deepest box evaluated
    min_margin: float | None = None  # smallest certified lower bound of the margin over decided boxes
    reason: str = ""
    route: str | None = None
    where: tuple | None = None  # refuted / error / blocked: the box
    seconds: float = 0.0

    def count(self, kind: str) -> int:
        return sum(1 for leaf in self.leaves if leaf.kind == kind)


def branch_and_bound(claim, domain, budget: Budget, deadline: float | None = None) -> Outcome:
    """Cover the domain with decided, outside and excluded boxes; past ``deadline`` (time.monotonic())
    the boxes not yet evaluated are excluded and the outcome is ``stopped``."""
    t0 = time.monotonic()
    if deadline is None and budget.seconds is not None:
        deadline = t0 + budget.seconds
    out = Outcome("proved")
    todo = deque([(domain.root(), 0)])
    jets = budget.mean_value  # until derivatives fail to propagate through the claim's code
    jet_failures, jet_successes = 0, 0
    symbolic_tries, symbolic_wins = 0, 0
    while todo:
        box, depth = todo.popleft()
        i = _enumerate_next(domain, box)
        if i is not None:  # an enumerated integer is decided value by value: split without evaluating
            todo.extend((b, depth) for b in split(domain, box, i))
            continue
        if out.evaluations >= budget.max_boxes or (deadline is not None and time.monotonic() > deadline):
            why = "not reached: the box budget was spent" if out.evaluations >= budget.max_boxes else \
                "not reached: the time cap was hit"
            out.leaves.append(Leaf(box, "excluded", {"reason": why}))
            if why.endswith("time cap was hit") and out.status != "stopped":
                out.status = "stopped"
                cap = f"{budget.seconds:g} s " if budget.seconds is not None else ""
                out.reason = (f"the time cap {cap}was hit after {out.evaluations} boxes evaluated; the boxes not "
                              f"reached are left undecided (raise --prove-seconds, or use --prove-boxes for a "
                              f"counted budget)")
            continue
        symbolic = symbolic_tries < SYMBOLIC_TRIES or symbolic_wins * SYMBOLIC_RATE >= symbolic_tries
        d = decide_box(claim, domain, box, budget.precision, budget.mean_value, jets, symbolic)
        jet_failures += d.jets is False
        jet_successes += d.jets is True
        jets = jets and (jet_successes > 0 or jet_failures < JET_TRIES)
        symbolic_tries += d.symbolic is not None
        symbolic_wins += d.symbolic is True
        out.evaluations += 1
        out.depth = max(out.depth, depth)
        if d.kind == "decided":
            detail = {"lhs": d.lhs, "rhs": d.rhs}
            if d.center is not None:
                detail["mean_value_at"] = [str(x) for x in d.center]
            if d.decided_by is not None:
                detail["decided_by"] = d.decided_by
            out.leaves.append(Leaf(box, "decided", detail))
            if d.margin is not None:
                out.min_margin = d.margin if out.min_margin is None else min(out.min_margin, d.margin)
        elif d.kind == "outside":
            out.leaves.append(Leaf(box, "outside", {"reason": d.reason}))
        elif d.kind in ("refuted", "blocked", "error"):
            out.status, out.reason, out.route, out.where = d.kind, d.reason, d.route, box
            wide = [c for c, (lo, hi) in zip(domain.coordinates, box) if c.kind == "integer" and lo < hi]
            if d.kind == "error" and wide:
                out.status = "not-provable"
                out.reason = (f"integer {wide[0].name} takes {wide[0].hi - wide[0].lo + 1} values (more than "
                              f"{ENUMERATE}, so not enumerated) and the claim's code does not accept a box for it: "
                              f"{d.reason}")
            if d.kind == "refuted":
                out.reason = f"the relation fails on the whole box: lhs ∈ {d.lhs}, rhs ∈ {d.rhs}"
            break
        else:
            i = most_sensitive(domain, box, d.sensitivity)
            if i is None or depth >= budget.max_depth:
                where = "a point" if i is None else f"the depth limit ({budget.max_depth})"
                out.leaves.append(Leaf(box, "excluded", {"reason": f"undecided at {where}: {d.reason}"}))
            else:
                todo.extend((b, depth + 1) for b in split(domain, box, i))
    if out.status == "proved" and out.count("excluded"):
        out.status = "sub-domain"
    out.seconds = time.monotonic() - t0
    return out


def _enumerate_next(domain, box) -> int | None:
    for i, c in enumerate(domain.coordinates):
        if c.enumerated and box[i][0] < box[i][1]:
            return i
    return None


SPREAD = 16  # a coordinate this many times narrower (relative to its domain) than another is not split first


def most_sensitive(domain, box, sensitivity: dict | None) -> int | None:
    """The coordinate to split: the one whose derivative enclosure times width is largest (it carries most of
    the margin's spread over the box), when derivatives are known and tell coordinates apart; else the widest.
    Only coordinates with a derivative and at least 1/SPREAD of the relative width of the widest such one
    compete: an enclosure of a derivative over a wide box can be wide in one coordinate only because the others
    are wide, and splitting that one again and again would never narrow them."""
    live = {i: v for i, v in (sensitivity or {}).items() if v > 0 and box[i][0] < box[i][1]}
    if live:
        width = {i: relative_width(domain.coordinates[i], box[i]) for i in live}
        top = max(width.values())
        return max((i for i in live if width[i] * SPREAD >= top), key=lambda i: (live[i], -i))
    return widest(domain, box)


def relative_width(c, interval) -> float:
    """An interval's width relative to its coordinate's domain (log width for a log scale)."""
    lo, hi = interval
    if c.kind == "log":
        return math.log(hi / lo) / math.log(c.hi / c.lo)
    return float((hi - lo) / (c.hi - c.lo))


def widest(domain, box) -> int | None:
    """The coordinate whose interval is widest relative to the domain's (log width for a log scale)."""
    best, score = None, 0.0
    for i, c in enumerate(domain.coordinates):
        lo, hi = box[i]
        if lo == hi:
            continue
        w = relative_width(c, box[i])
        if w > score:
            best, score = i, w
    return best


def split(domain, box, i: int) -> list[tuple]:
    c = domain.coordinates[i]
    lo, hi = box[i]
    if c.kind == "integer":
        mid = Fraction(math.floor((lo + hi) / 2))
        halves = ((lo, mid), (mid + 1, hi))
    else:
        mid = geometric_split(lo, hi) if c.kind == "log" else (lo + hi) / 2
        halves = ((lo, mid), (mid, hi))
    return [box[:i] + (h,) + box[i + 1:] for h in halves]


def geometric_split(lo: Fraction, hi: Fraction) -> Fraction:
    """A short decimal strictly between lo and hi near their geometric mean (their mean when none is)."""
    g = math.sqrt(float(lo)) * math.sqrt(float(hi))
    for digits in range(2, 18):
        x = Fraction(f"{g:.{digits - 1}e}")
        if lo < x < hi:
            return x
    return (lo + hi) / 2
