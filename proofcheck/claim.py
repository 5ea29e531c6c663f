"""A claim is data: where it comes from, what it quantifies over, the literal relation, how to evaluate.

The statement is a sympy relation between symbols; each symbol is given a *quantity*, a pure
function ``(case, m) -> value`` evaluated on the float path (``m = FLOAT``) during search and on
the certified path (``m = CERTIFIED``, exact rationals and arb balls) for the verdict. The
relation itself is evaluated by :func:`proofcheck.stages.evaluation.evaluate`, a small tree walker, so the sympy object
printed in the report is the very one that is checked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import sympy as sp
from hypothesis.strategies import SearchStrategy

from mechanisms.errors import InvalidInput
from proofcheck.stages.evaluation import pick, unknown_functions
from proofcheck.measures import CERTIFIED, FLOAT
import math
import numbers
import numpy as np

KINDS = ("def", "lem", "thm", "prop", "cor", "eq", "rem", "table", "alg", "ex", "claim")

Case = dict  # name -> value: float path numpy arrays / floats / ints; exact path Fractions / ints
Quantity = Callable[[Case, Any], Any]


@dataclass(frozen=True)
class Source:
    seed: str  # file name in shared/seeds
    where: str  # section / equation as printed
    quote: str  # the statement, verbatim


@dataclass(frozen=True)
class Var:
    """A quantified object. kind: simplex (a distribution), channel (row-stochastic matrix),
    real (a number in [lo, hi]; an end excluded with lo_open / hi_open), vector (a vector with every entry in
    [lo, hi]), integer (held fixed by the optimiser), gain (a matrix of exact non-negative gains G[w, x], at
    most hi: exact by nature, held fixed by the optimiser)."""

    name: str
    kind: str
    doc: str = ""
    lo: float | None = None
    hi: float | None = None
    scale: str = "linear"  # reals: "log" moves and rounds the variable in log space
    lo_open: bool = False  # reals: lo itself is excluded (a Rényi order α in (1, 20])
    hi_open: bool = False
    sizes: tuple | None = None  # simplex, vector: (k, ...); channel: ((n, m), ...); None: not declared

    def __post_init__(self):
        if self.kind not in ("simplex", "channel", "real", "vector", "integer", "gain"):
            raise InvalidInput(f"unknown variable kind {self.kind!r} for {self.name!r}")
        if self.sizes is not None:
            object.__setattr__(self, "sizes", _declared_sizes(self.name, self.kind, self.sizes))
        for end, is_open in (("lo", self.lo_open), ("hi", self.hi_open)):
            if is_open and (self.kind != "real" or getattr(self, end) is None):
                raise InvalidInput(f"variable {self.name!r}: only a real with a bound {end} can exclude it")
        if (self.lo_open or self.hi_open) and not self.lo < self.hi:
            raise InvalidInput(f"variable {self.name!r}: a range with an excluded end needs lo < hi, "
                               f"got lo={self.lo!r}, hi={self.hi!r}")
        if self.lo is not None and self.hi is not None and not self.lo <= self.hi:
            raise InvalidInput(f"variable {self.name!r}: lo = {self.lo!r} must be <= hi = {self.hi!r}")
        if self.scale == "log" and not (self.kind == "real" and self.lo is not None and self.hi is not None
                                        and 0 < self.lo < self.hi):
            raise InvalidInput(f"log-scale variable {self.name!r} needs 0 < lo < hi, got lo={self.lo!r}, hi={self.hi!r}")


    def outside(self, x) -> str | None:
        """Why a drawn value is outside this variable's declared domain (None when it is inside): a
        distribution with a negative, non-finite entry or a sum other than 1 (to 1e-9), a channel whose
        row is not one, a real or a vector entry outside [lo, hi], an integer that is not one."""

        try:
            a = np.asarray(x, dtype=float)
        except (TypeError, ValueError):
            # an integer variable may hold a structural entry (a label, a data set of records)
            return None if self.kind == "integer" else f"{self.name} = {_short(x)} is not numeric"
        if not np.all(np.isfinite(a)):
            return f"{self.name} = {_short(x)} has a non-finite entry"
        if self.sizes is not None:
            size = (tuple(int(n) for n in a.shape) if a.ndim == 2 else None) if self.kind == "channel" \
                else (int(a.size) if a.ndim == 1 else None)
            if size not in self.sizes:
                return (f"{self.name} = {_short(x)} has size {_size_text(size, a)}, not one of its declared sizes "
                        f"{self.sizes_text()}")
        if self.kind in ("simplex", "channel"):
            rows = a.reshape(1, -1) if self.kind == "simplex" else a
            if rows.ndim != 2 or rows.size == 0:
                return f"{self.name} = {_short(x)} is not a {'vector' if self.kind == 'simplex' else 'matrix'}"
            for i, row in enumerate(rows):
                where = "" if self.kind == "simplex" else f" row {i}"
                if np.any(row < 0):
                    return f"{self.name}{where} has a negative entry ({_short(row.tolist())})"
                if abs(float(row.sum()) - 1.0) > 1e-9:
                    return f"{self.name}{where} sums to {float(row.sum())!r}, not 1"
            return None
        if self.kind == "integer":  # an integer, or a structural entry of integers (a data set of records)
            if isinstance(x, bool) or not np.all(a == np.floor(a)):
                return f"{self.name} = {_short(x)} is not an integer"
        elif self.kind == "real" and a.ndim != 0:
            return f"{self.name} = {_short(x)} is not a number"
        elif self.kind == "gain" and (a.ndim != 2 or a.size == 0):
            return f"{self.name} = {_short(x)} is not a non-empty matrix of gains"
        lo = (0 if self.kind == "gain" else -math.inf) if self.lo is None else self.lo
        hi = math.inf if self.hi is None else self.hi
        bad = a[(a < lo) | (a > hi) | ((a == lo) & self.lo_open) | ((a == hi) & self.hi_open)]
        if bad.size:
            return f"{self.name} = {_short(x)} is outside its declared range {self.range_text()}"
        return None

    def sizes_text(self) -> str:
        """The declared sizes as written: 2, 3 (points or lengths) or 2×3, 3×3 (channels); '' when not declared."""
        return ", ".join(_size_text(k) for k in self.sizes or ())

    def range_text(self) -> str:
        """[lo, hi], with a parenthesis at an excluded end: (1, 20]."""
        return f"{'(' if self.lo_open else '['}{self.lo}, {self.hi}{')' if self.hi_open else ']'}"

    def at_excluded_end(self, x) -> bool:
        """x (a number of a case, float or exact) is an end this real's range excludes."""
        if self.kind != "real" or not (self.lo_open or self.hi_open) or isinstance(x, (bool, str)):
            return False
        try:
            return bool((self.lo_open and x == self.lo) or (self.hi_open and x == self.hi))
        except TypeError:
            return False


SIZED = ("simplex", "channel", "vector")


def _size_text(size, a=None) -> str:
    if size is None:
        return f"of shape {tuple(a.shape)}" if a is not None else "?"
    return "×".join(map(str, size)) if isinstance(size, tuple) else str(size)


def _declared_sizes(name: str, kind: str, sizes) -> tuple:
    """The declared sizes, checked: positive integers (a channel: pairs of them), at least one, sorted."""
    if kind not in SIZED:
        raise InvalidInput(f"variable {name!r}: only a distribution, a channel or a vector has a size, not a "
                           f"{kind} (got sizes={sizes!r})")
    if isinstance(sizes, (str, bytes)) or not hasattr(sizes, "__iter__"):
        raise InvalidInput(f"variable {name!r}: sizes must be a tuple of sizes, got sizes={sizes!r}")
    sizes = tuple(sizes)
    if not sizes:
        raise InvalidInput(f"variable {name!r}: sizes=() declares no size (leave it out, or name at least one)")

    def whole(n) -> bool:
        return isinstance(n, numbers.Integral) and not isinstance(n, bool) and n >= 1

    out = []
    for k in sizes:
        if kind == "channel":
            if isinstance(k, (str, bytes)) or not hasattr(k, "__len__") or len(k) != 2 or not all(whole(n) for n in k):
                raise InvalidInput(f"channel {name!r}: a size is a pair (rows, columns) of integers >= 1, got {k!r} "
                                   f"in sizes={sizes!r}")
            out.append((int(k[0]), int(k[1])))
        else:
            if not whole(k):
                raise InvalidInput(f"{kind} {name!r}: a size is an integer >= 1 "
                                   f"({'points' if kind == 'simplex' else 'entries'}), got {k!r} in sizes={sizes!r}")
            out.append(int(k))
    return tuple(sorted(set(out)))


def _sizes_argument(name: str, kind: str, size, sizes):
    """size= (one size) or sizes= (several), not both."""
    if size is not None and sizes is not None:
        raise InvalidInput(f"variable {name!r}: give size= or sizes=, not both (got size={size!r}, sizes={sizes!r})")
    if size is not None:
        if kind == "channel" and (isinstance(size, (str, bytes)) or not hasattr(size, "__len__")):
            raise InvalidInput(f"channel {name!r}: size is a pair (rows, columns), got size={size!r}")
        return (size,)
    return sizes


def _short(x, n: int = 80) -> str:
    s = " ".join(repr(x.tolist() if hasattr(x, "tolist") else x).split())
    return s if len(s) <= n else s[: n - 1] + "…"


def simplex(name, doc="", *, size=None, sizes=None):
    """A distribution on finitely many points. ``size=2`` (or ``sizes=(2, 3)``) declares the numbers of points it
    takes; a proof covers exactly those (undeclared: only the sizes the strategy draws, "proved for sizes …")."""
    return Var(name, "simplex", doc, sizes=_sizes_argument(name, "simplex", size, sizes))


def channel(name, doc="", *, size=None, sizes=None):
    """A row-stochastic matrix. ``size=(2, 3)`` (2 rows, 3 outputs) or ``sizes=((2, 2), (2, 3))`` declares its
    shapes; a proof covers exactly those (undeclared: only the shapes the strategy draws)."""
    return Var(name, "channel", doc, sizes=_sizes_argument(name, "channel", size, sizes))


def real(name, lo=None, hi=None, doc="", *, exclude_min=False, exclude_max=False):
    """A real in [lo, hi]; exclude_min / exclude_max leave that end out ((1, 20] for a Rényi order: a case at an
    excluded end, drawn by the optimiser or made by rounding, is outside the domain)."""
    return Var(name, "real", doc, lo, hi, lo_open=exclude_min, hi_open=exclude_max)


def log_real(name, lo, hi, doc=""):
    """A positive real in [lo, hi] searched, optimised and rounded on a log scale (δ = 1e-12 stays
    1e-12: it is rounded to a decimal with a few significant digits, never to 0)."""
    return Var(name, "real", doc, lo, hi, scale="log")


def vector(name, lo=None, hi=None, doc="", *, size=None, sizes=None):
    """A vector with every entry in [lo, hi]; ``size=`` / ``sizes=`` declares its lengths (as for simplex)."""
    return Var(name, "vector", doc, lo, hi, sizes=_sizes_argument(name, "vector", size, sizes))


def integer(name, lo=None, hi=None, doc=""):
    return Var(name, "integer", doc, lo, hi)


def gain(name, hi=None, doc=""):
    """A gain function G[w, x] ≥ 0 (actions x secrets), exact (proofcheck.strategies.gain_functions draws one)."""
    return Var(name, "gain", doc, None, hi)


def jointly(names, compute):
    """Quantities for several symbols from one computation: compute(case, m) returns {name: value} (the keys
    may be the sympy symbols), and the engine calls it once per case and path for all of them.
    ``quantities={**jointly(("lhs", "rhs"), both), "eps": ...}``."""
    if isinstance(names, str):
        names = tuple(names.replace(",", " ").split())
    names = tuple(names)
    if not names or not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
        raise InvalidInput(f"jointly: names must be distinct symbol names, got {names!r}")
    if not callable(compute):
        raise InvalidInput(f"jointly: compute must be a function (case, m) -> dict, got {compute!r}")

    def part_of(name):
        def part(case, m):
            return pick(compute(case, m), name)
        part.joint, part.symbol = compute, name
        part.__name__ = f"{getattr(compute, '__name__', 'joint')}[{name}]"
        return part

    return {n: part_of(n) for n in names}


@dataclass(frozen=True)
class Hypothesis:
    """A hypothesis of the statement, as a sympy relation over the claim's quantities.

    Cases where it fails are outside the statement's domain and are skipped (and counted)."""

    text: str
    relation: sp.Basic


@dataclass(frozen=True)
class MonteCarloRoute:
    """A Monte Carlo route for the quantity `quantity`: estimate(case, n, seed, device, confidence)
    returns an object with .lo, .hi (an interval for the quantity's value), .estimate, .confidence,
    .n, .seed, .device, .seconds, .method, .rigorous and .to_json() (mechanisms.numerics.monte_carlo)."""

    quantity: str
    estimate: Callable
    doc: str = ""


# A claim's default budget is counted, so that its verdict is the same on every machine under any load: its cost
# class says how many cases the search draws and how many evaluations each optimiser run may make, chosen so
# that a claim of that class takes about 1–3 s on one core (the main job: benchmarks/cost_classes.py measures).
COST_CLASSES = {
    "light": (200, 800),  # a finite channel of a few entries, a closed form: well under a millisecond a case
    "standard": (100, 250),  # about a millisecond a case
    "heavy": (40, 60),  # quadrature, Bessel series, a large composition: tens of milliseconds a case
    "costly": (12, 15),  # a table row, a nested quadrature: a tenth of a second and more a case
    "thorough": (1000, 1500),  # cheap, but its counterexamples are rare among the draws its hypotheses admit
}


@dataclass(frozen=True)
class Claim:
    id: str
    title: str
    source: Source
    variables: tuple[Var, ...]
    statement: sp.Basic  # sympy relation: Le, Ge, Lt, Gt or Eq
    quantities: Mapping[str, Quantity]
    strategy: SearchStrategy
    hypotheses: tuple[Hypothesis, ...] = ()
    encoding: str = ""  # how the printed statement was turned into this relation, and why
    reading: str | None = None  # which reading of an ambiguous statement (also after '#' in id)
    reconstructed: str | None = None  # what was reconstructed from a garbled text, and why
    digits: int = 12  # identities: agreement required on the float path
    rounding: tuple[int, ...] = (2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 32, 50, 100, 1000, 10**4, 10**6)
    exact_inputs: tuple[str, ...] = ()  # variables that are exact by nature (never rounded)
    tags: tuple[str, ...] = field(default_factory=tuple)
    # Of a statement with several readings, exactly one is the primary reading (the paper's most
    # natural one): ``primary`` says why, from the paper's own words or proofs. None elsewhere.
    primary: str | None = None
    # Cases where the statement says nothing (identical channel rows, a point-mass prior, ...):
    # left out of the tightness figure; a `holds` whose every admitted case is degenerate is vacuous.
    degenerate: Callable[[Case], bool] | None = None
    # Where a statement is true by construction of its encoding, why (the verdict is then `vacuous`).
    vacuous: str | None = None
    # Where the claim's hypotheses admit only cases in which the statement's quantity is trivial (Assumption
    # G.1 read with one common w* forces ξ = 0; a constant channel), why. Such a reading holds only vacuously
    # and is not a careful reader's: registry.check_primary_readings refuses it as primary beside a
    # non-degenerate reading, and the report flags a statement whose primary reading is so marked (or so found).
    forces_degenerate: str | None = None
    # Monte Carlo routes (a third, statistical route): each estimates one quantity of the claim with
    # a rigorous interval. For an identity the closed form must lie inside it (evidence, never a verdict);
    # with `statistical=True` the quantity is a probability that cannot be computed exactly and its
    # interval at confidence >= 1 - 1e-9 stands in for it on the certified path (a `violated` so
    # decided is labelled statistical).
    monte_carlo: tuple = ()
    statistical: bool = False
    # A numeric table of the paper the claim encodes (proofcheck.tables.PaperTable): its rows, side by side
    # with the suite's value under each reading, go into the claim's evidence ("table").
    table: Any = None
    # Where the bound is attained only in a limit (its tightness sup is not attained at any case), which
    # limit: shown beside the witnessed tightness figure.
    limit: str | None = None
    # "logs" when both sides are the logarithms of the positive quantities the statement compares (log δ ≤
    # log δ_α): how tight the bound is is then exp(lhs − rhs), the ratio of the quantities, not of their logs.
    sides: str = "values"
    # the claim's default (counted) budget: one of COST_CLASSES
    cost: str = "standard"

    def __post_init__(self):
        validate_id(self.id)
        if not isinstance(self.source, Source):
            raise InvalidInput(f"{self.id}: source must be proofcheck.Source(seed, where, quote), got {self.source!r}"[:300])
        for name in ("seed", "where", "quote"):
            if not isinstance(getattr(self.source, name), str):
                raise InvalidInput(f"{self.id}: source.{name} must be text, got {getattr(self.source, name)!r}"[:300])
        if not isinstance(self.title, str):
            raise InvalidInput(f"{self.id}: title must be text, got {self.title!r}"[:300])
        for name in ("primary", "vacuous", "forces_degenerate"):  # reasons: text a reader can follow, or None
            why = getattr(self, name)
            if why is not None and (not isinstance(why, str) or not why.strip()):
                raise InvalidInput(f"{self.id}: {name} must be None or a reason in words, got {why!r}"[:300])
        if not isinstance(self.strategy, SearchStrategy):
            raise InvalidInput(f"{self.id}: strategy must be a Hypothesis strategy, got {type(self.strategy).__name__}")
        if self.cost not in COST_CLASSES:
            raise InvalidInput(f"{self.id}: cost must be one of {sorted(COST_CLASSES)}, got {self.cost!r}"[:300])
        if self.sides not in ("values", "logs"):
            raise InvalidInput(f"{self.id}: sides must be 'values' or 'logs', got {self.sides!r}"[:300])
        if not isinstance(self.statement, (sp.Le, sp.Ge, sp.Lt, sp.Gt, sp.Eq)):
            raise InvalidInput(f"{self.id}: statement must be a sympy relation, got {type(self.statement).__name__}")

        def one_line(x, n=80):
            text = " ".join(str(x).split())
            return text if len(text) <= n else text[: n - 1] + "…"

        for h in self.hypotheses:  # the relations proofcheck.stages.evaluation decides for a hypothesis, on both paths
            if not isinstance(h, Hypothesis):
                raise InvalidInput(f"{self.id}: every hypothesis must be a proofcheck.Hypothesis, got "
                                   f"{type(h).__name__} {one_line(h)}")
            if not isinstance(h.relation, (sp.Le, sp.Lt, sp.Ge, sp.Gt, sp.Eq, sp.Ne)):
                raise InvalidInput(f"{self.id}: hypothesis {one_line(h.text)!r} must be a sympy relation (Le, Lt, Ge, "
                                   f"Gt, Eq or Ne), got {type(h.relation).__name__} {one_line(h.relation)}")
        gains = tuple(v.name for v in self.variables if v.kind == "gain" and v.name not in self.exact_inputs)
        if gains:  # gains are exact by nature: never rounded, never moved by the optimiser
            object.__setattr__(self, "exact_inputs", tuple(self.exact_inputs) + gains)
        names = {s.name for s in self.statement.free_symbols}
        for h in self.hypotheses:
            names |= {s.name for s in h.relation.free_symbols}
        missing = names - set(self.quantities)
        if missing:
            raise InvalidInput(f"{self.id}: no quantity for symbol(s) {sorted(missing)}")
        for rel in (self.statement, *(h.relation for h in self.hypotheses)):
            unknown = sorted(set(unknown_functions(rel, FLOAT)) | set(unknown_functions(rel, CERTIFIED)))
            if unknown:
                raise InvalidInput(f"{self.id}: unknown function(s) {', '.join(unknown)} in {rel} "
                                   "(see proofcheck.measures for the functions both paths provide)")

    @property
    def is_identity(self) -> bool:
        return isinstance(self.statement, sp.Eq)

    @property
    def seed_prefix(self) -> str:
        return self.id.split(".")[0]

    @property
    def statement_id(self) -> str:
        """The printed statement this claim encodes: the id without '#reading' and '+variant'."""
        return self.id.split("#")[0].split("+")[0]

    @property
    def variant(self) -> str | None:
        """'corrected', 'sharp', ... for a separate statement the suite establishes; None for the literal one."""
        base = self.id.split("#")[0]
        return base.split("+", 1)[1] if "+" in base else None


MAX_ID = 200  # characters of a claim id (it names files)
PAPER_ID = re.compile(r"^s\d{3}$")
USER_ID = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_][A-Za-z0-9_.-]*)+$")


def validate_id(cid: str) -> None:
    """Paper claims: sNNN.kind.number[.part][+variant][#reading]; a user's own claims: any dotted
    id (`mine.tv-of-ldp`) — the sNNN prefixes are the papers' (see registry.paper_prefixes)."""
    if not isinstance(cid, str) or not cid:
        raise InvalidInput(f"claim id {cid!r} must be a non-empty string")
    if len(cid) > MAX_ID:
        raise InvalidInput(f"claim id {cid[:40]!r}… has {len(cid)} characters; at most {MAX_ID}")
    base = cid.split("#")[0].split("+")[0]
    parts = base.split(".")
    if PAPER_ID.match(parts[0]):
        if len(parts) < 3:
            raise InvalidInput(f"claim id {cid!r} is not of the form sNNN.kind.number")
        if parts[1] not in KINDS:
            raise InvalidInput(f"claim id {cid!r}: kind {parts[1]!r} is not one of {', '.join(KINDS)}")
        return
    if not USER_ID.match(base) or any(ch.isspace() for ch in cid):
        raise InvalidInput(f"claim id {cid!r} must be a dotted name such as 'mine.tv-of-ldp'")
