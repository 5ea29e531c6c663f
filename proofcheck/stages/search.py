"""Stage 1 — search: Hypothesis draws cases from the claim's strategy, seeded, in chunks.

Each case is classified once: outside the domain (excluded, counted), in the domain (its margin
and ratio are tracked), a float alarm (checked on the certified path at once: refuted, outside, or
a standing alarm that ends the search and is shrunk by Hypothesis). An error of the claim stops the
search and is returned as such: it is never counted as an exclusion.
"""
from __future__ import annotations

import contextlib
import math
import random
import time
import zlib
from dataclasses import dataclass, field
from typing import NamedTuple

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import FlakyFailure, NoSuchExample, Unsatisfiable

from proofcheck.stages.certify import noise_check
from proofcheck.stages.evaluation import ClaimError
from proofcheck.stages.margins import float_margin, is_degenerate, is_violation, ratio, scaled
from mechanisms.numerics.exact import Undecided
from hypothesis.internal.conjecture import providers

CHUNK = 100  # Hypothesis examples per chunk; each chunk has its own derived seed
TIGHT_STARTS = 3  # starts of the ratio optimiser (multi-start: the tightest cases the search found)


@dataclass
class Range:
    """The smallest and largest finite float a side took (to tell a constant side)."""
    lo: float = math.inf
    hi: float = -math.inf

    def add(self, x: float):
        if math.isfinite(x):
            self.lo, self.hi = min(self.lo, x), max(self.hi, x)

    def constant(self) -> bool:
        if self.lo > self.hi:
            return True
        return self.hi - self.lo <= 1e-12 * max(1.0, abs(self.lo), abs(self.hi))


class Worst(NamedTuple):
    """The case of the smallest scaled margin in the domain, with its float margin and sides."""
    scaled: float
    margin: float
    lhs: float
    rhs: float
    case: dict


class Tight(NamedTuple):
    """A case and its ratio lhs/rhs (rhs/lhs for a lower bound: see margins.ratio)."""
    ratio: float
    case: dict


@dataclass
class Searched:
    cases: int = 0  # cases drawn
    excluded: int = 0  # outside the statement's domain
    refuted_alarms: int = 0  # float violations that the certified path refutes
    degenerate: int = 0  # admitted cases where the statement says nothing (see margins.is_degenerate)
    chunks: int = 0
    seconds: float = 0.0
    error: ClaimError | None = None
    found: dict | None = None  # a standing float violation (shrunk by Hypothesis)
    hits: list = field(default_factory=list)
    worst: Worst | None = None  # in the domain, no standing alarm
    tight: Tight | None = None  # the largest ratio away from degenerate cases
    tight_starts: list = field(default_factory=list)  # the largest few Tight, largest first
    lhs_range: Range = field(default_factory=Range)
    rhs_range: Range = field(default_factory=Range)

    @property
    def admitted(self) -> int:
        return self.cases - self.excluded

    def note_tight(self, q: float | None, case: dict):
        if q is None:
            return
        if self.tight is None or q > self.tight.ratio:
            self.tight = Tight(q, case)
        # the TIGHT_STARTS largest ratios at distinct cases: starts for the ratio optimiser
        if len(self.tight_starts) < TIGHT_STARTS or q > self.tight_starts[-1].ratio:
            if all(q != t.ratio for t in self.tight_starts):
                self.tight_starts = sorted(self.tight_starts + [Tight(q, case)],
                                           key=lambda t: -t.ratio)[:TIGHT_STARTS]

    def note_worst(self, rel: float, m: float, lhs: float, rhs: float, case: dict):
        if self.worst is None or rel < self.worst.scaled:
            self.worst = Worst(rel, m, lhs, rhs, case)


@contextlib.contextmanager
def strategy_alone():
    """Hypothesis mixes literal constants of every module of the user's code imported so far into its draws (its
    "local constants"): the cases drawn would depend on which modules happen to be loaded (a run's worker has the
    CLI's, a notebook not), on whether proofcheck is installed editable, and on any constant edited anywhere in the
    tree. The search draws from the claim's strategy and its seed alone."""
    original = getattr(providers, "_get_local_constants", None)
    if original is None or not hasattr(providers, "CONSTANTS_CACHE"):
        yield
        return
    empty = type(providers._local_constants)()
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE.cache.clear()
    try:
        yield
    finally:
        providers._get_local_constants = original
        providers.CONSTANTS_CACHE.cache.clear()


def search(claim, until: float, seed: int, max_examples: int = 20000) -> Searched:
    """Draw cases until the deadline (or max_examples); stop at a standing alarm or an error."""
    with strategy_alone():
        return _search(claim, until, seed, max_examples)


def _search(claim, until: float, seed: int, max_examples: int) -> Searched:
    t0 = time.monotonic()
    out = Searched()

    def condition(case):
        if out.error is not None or time.monotonic() > until or out.cases >= max_examples:
            return False
        out.cases += 1
        try:
            check_draw(claim, case)
            return _classify(claim, case, out)
        except ClaimError as e:
            out.error = e
            return False
        except (Exception, Undecided) as e:  # raised while the relation was decided at this case: the claim's, with the case
            out.error = ClaimError("the evaluation of the relation", e, _plain(case), "certified")
            return False

    hyp_settings = settings(max_examples=CHUNK, database=None, deadline=None,
                            suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink])
    chunk = 0
    while time.monotonic() < until and out.cases < max_examples and out.error is None:
        rng = random.Random(zlib.crc32(f"{seed}:{claim.id}:{chunk}".encode()))
        chunk += 1
        before = out.cases
        try:
            out.found = find(claim.strategy, condition, settings=hyp_settings, random=rng)
            break
        except (NoSuchExample, Unsatisfiable):
            if out.cases == before:  # the strategy gave no case at all (it filters every draw away): no more will
                break             # come, and a counted budget would wait for them forever
        except FlakyFailure:  # the time budget ran out mid-shrink: keep the last case found
            out.found = out.hits[-1] if out.hits else None
            if out.found is not None:
                break
        except Exception as e:  # the claim's strategy itself failed to draw
            out.error = ClaimError("the strategy", e, None)
    out.chunks = chunk
    out.seconds = time.monotonic() - t0
    return out


class OutsideDeclaredDomain(ValueError):
    """A strategy drew a value its variable's declaration does not admit."""


def check_draw(claim, case) -> None:
    """A draw outside a variable's declared domain is an error of the claim's strategy, shown with the
    draw — never repaired into another case (a row that sums to 2 is not the distribution it rounds to)."""
    if not isinstance(case, dict):
        raise ClaimError("the strategy", OutsideDeclaredDomain(f"it drew {type(case).__name__}, not a dict of the "
                                                               "variables"), None)
    for v in claim.variables:
        if v.name not in case:
            raise ClaimError("the strategy", OutsideDeclaredDomain(f"it drew no value for variable {v.name!r}"),
                             case)
        why = v.outside(case[v.name])
        if why is not None:
            raise ClaimError("the strategy", OutsideDeclaredDomain(f"a draw outside the declared domain: {why}"),
                             case)


def _plain(case):
    return case if isinstance(case, dict) else None


def _classify(claim, case, out: Searched) -> bool:
    """True for a standing float violation (Hypothesis then shrinks it)."""
    r = float_margin(claim, case)
    if r is None:
        out.excluded += 1
        return False
    m, lhs, rhs = r
    if not is_violation(claim, m, lhs, rhs):
        _admit(claim, case, out, lhs, rhs)
        out.note_worst(scaled(m, lhs, rhs), m, lhs, rhs, case)
        return False
    why = noise_check(claim, case)
    if why == "outside":
        out.excluded += 1
        return False
    _admit(claim, case, out, lhs, rhs)
    if why == "refuted":
        out.refuted_alarms += 1
        # the exact relation holds (or ties) here: a case in the domain with margin 0
        out.note_worst(0.0, 0.0, lhs, rhs, case)
        return False
    out.hits.append(case)
    return True


def _admit(claim, case, out: Searched, lhs, rhs):
    out.lhs_range.add(lhs)
    out.rhs_range.add(rhs)
    if is_degenerate(claim, case):
        out.degenerate += 1
    else:
        out.note_tight(ratio(claim, lhs, rhs), case)
