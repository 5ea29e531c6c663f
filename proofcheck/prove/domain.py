"""A claim's declared domain as a box of exact coordinates, and the case a sub-box stands for.

Each coordinate is an interval with exact rational ends (as typed: a bound 1.01 is 101/100):

* a real is one coordinate, ``linear`` or ``log`` (split at a geometric mean);
* an integer is enumerated when it takes at most :data:`ENUMERATE` values; with more, it is one
  coordinate whose boxes enclose a range of integers (the claim's code must accept a ball for it);
* a distribution on k points is parametrised by its first k − 1 entries, each in [0, 1]; the last is
  1 − their sum, so the boxes of [0, 1]^(k−1) whose lower ends sum to at most 1 cover the simplex exactly;
  a channel is one such parametrisation per row; a vector is one coordinate per entry.

Sizes of distributions, channels and vectors are those the variable declares (``simplex("P", size=2)``,
``channel("K", sizes=((2, 2), (2, 3)))``): the domain is every combination of them. A variable that declares
no size has no bounded domain; :func:`claim_domains` refuses it unless asked for the sizes the claim's
strategy draws (``undeclared="drawn"``: :func:`drawn_shapes`, a fixed number of seeded draws, the same on
every machine), and each Domain so made names it in ``drawn``: a proof over them is a proof for those
sizes only, never on the declared domain.
"""
from __future__ import annotations

import itertools
import math
import random
import zlib
from dataclasses import dataclass, field
from fractions import Fraction

import flint
import numpy as np

from mechanisms.numerics.context import Ball
from proofcheck.prove.jets import Jet
from proofcheck.stages.rounding import show_exact
import numpy as _np
from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import NoSuchExample, Unsatisfiable

ENUMERATE = 64  # an integer with at most this many values is checked value by value
SHAPE_DRAWS = 200  # draws of the strategy that tell the sizes of distributions, channels, vectors
PLAIN_DRAWS = 20  # draws that check a claim of reals and integers only (entries that are not variables)
ENTRY_VALUES = 8  # a case entry that is not a variable is enumerated over the values the draws show, up to this


class NotProvable(Exception):
    """The claim's domain has no cover by finitely many bounded boxes (the message says why)."""


@dataclass(frozen=True)
class Coordinate:
    name: str  # "epsilon", "K[1][0]"
    variable: str
    kind: str  # linear | log | integer | simplex
    lo: Fraction
    hi: Fraction
    enumerated: bool = False  # an integer checked one value at a time

    def to_json(self) -> dict:
        return {"name": self.name, "variable": self.variable, "kind": self.kind, "lo": str(self.lo),
                "hi": str(self.hi), "enumerated": self.enumerated}


Box = tuple  # ((lo, hi), ...) of Fractions, one pair per coordinate


@dataclass(frozen=True)
class Domain:
    coordinates: tuple
    shapes: dict = field(default_factory=dict)  # variable -> ("simplex", k) | ("channel", n, m) | ("vector", k)
    fixed: dict = field(default_factory=dict)  # case entries that are not variables (the same in every draw)
    order: tuple = ()  # the claim's variables, in order
    drawn: tuple = ()  # variables whose size here is one the strategy drew (declared by none)

    def root(self) -> Box:
        return tuple((c.lo, c.hi) for c in self.coordinates)

    def text(self) -> str:
        parts = [f"{k} = {v!r}" for k, v in self.fixed.items() if isinstance(v, (str, int))]
        for name in self.order:
            shape = self.shapes.get(name)
            mine = [c for c in self.coordinates if c.variable == name]
            if shape is None:
                c = mine[0]
                if c.kind == "integer":
                    parts.append(f"{name} ∈ {{{c.lo}, …, {c.hi}}}" if c.hi > c.lo else f"{name} = {c.lo}")
                else:
                    parts.append(f"{name} ∈ [{_short(c.lo)}, {_short(c.hi)}]" + (" (log scale)" if c.kind == "log" else ""))
            elif shape[0] == "simplex":
                parts.append(f"{name} a distribution on {shape[1]} points")
            elif shape[0] == "channel":
                parts.append(f"{name} a {shape[1]}×{shape[2]} channel")
            else:
                c = mine[0] if mine else None
                parts.append(f"{name} ∈ [{_short(c.lo)}, {_short(c.hi)}]^{shape[1]}" if c else f"{name} of length 0")
        return ", ".join(parts) if parts else "a single point (no variables)"

    def shape_key(self) -> str:
        return ";".join(f"{k}={'x'.join(map(str, v[1:]))}" for k, v in sorted(self.shapes.items()))

    def sizes(self) -> dict:
        """{variable: its size here}: points of a distribution, length of a vector, (rows, columns) of a channel."""
        return {k: (v[1] if len(v) == 2 else tuple(v[1:])) for k, v in self.shapes.items()}

    def to_json(self) -> dict:
        out = {"text": self.text(), "coordinates": [c.to_json() for c in self.coordinates],
               "shapes": {k: list(v) for k, v in self.shapes.items()}, "fixed": show_exact(dict(self.fixed)),
               "simplex": {k: _parametrisation(k, v) for k, v in self.shapes.items() if v[0] in ("simplex", "channel")}}
        if self.drawn:
            out["sizes_drawn_not_declared"] = list(self.drawn)
        return out

    def point(self, case: dict) -> tuple | None:
        """The coordinates of a case of this domain (exact: Fractions, ints, 'p/q' texts, a float as its exact
        binary value), or None when the case has another size or other fixed entries, or is not numeric."""
        try:
            for k, v in self.fixed.items():
                if k in case and not _same(case[k], v):
                    return None
            values = {}
            for name in self.order:
                shape, x = self.shapes.get(name), case[name]
                if shape is None:
                    values[name] = _exact(x)
                elif shape[0] == "channel":
                    if len(x) != shape[1] or any(len(row) != shape[2] for row in x):
                        return None
                    for r, row in enumerate(x):
                        for j in range(shape[2] - 1):
                            values[f"{name}[{r}][{j}]"] = _exact(row[j])
                else:
                    if len(x) != shape[1]:
                        return None
                    for j in range(shape[1] - (shape[0] == "simplex")):
                        values[f"{name}[{j}]"] = _exact(x[j])
            return tuple(values[c.name] for c in self.coordinates)
        except (KeyError, TypeError, ValueError, ZeroDivisionError, OverflowError):
            return None

    # ------------------------------------------------------------------------- a box as a case
    def outside_simplex(self, box: Box) -> str | None:
        """Why the whole box lies outside a distribution's simplex (its free entries' lower ends sum above 1)."""
        for row, idx in self._rows():
            if sum((box[i][0] for i in idx), Fraction(0)) > 1:
                return f"outside the simplex ({row}: the free entries sum above 1 on the whole box)"
        return None

    def case(self, box: Box, jets: bool = False) -> dict:
        """The case whose entries enclose every point of the box: exact numbers where the box is a point,
        :class:`mechanisms.numerics.context.Ball` enclosures otherwise (the last entry of a distribution is
        1 − the others, clipped to [0, 1]). With ``jets``, each enclosure is a
        :class:`proofcheck.prove.jets.Jet` carrying its derivatives with respect to the coordinates."""
        out = dict(self.fixed)
        at = {c.name: i for i, c in enumerate(self.coordinates)}
        for name in self.order:
            shape = self.shapes.get(name)
            if shape is None:
                i = at[name]
                out[name] = _entry(box[i], self.coordinates[i].kind == "integer", {i: 1} if jets else None)
            elif shape[0] == "simplex":
                out[name] = self._distribution(box, [at[f"{name}[{j}]"] for j in range(shape[1] - 1)], jets)
            elif shape[0] == "channel":
                out[name] = [self._distribution(box, [at[f"{name}[{r}][{j}]"] for j in range(shape[2] - 1)], jets)
                             for r in range(shape[1])]
            else:
                out[name] = [_entry(box[at[f"{name}[{j}]"]], False, {at[f"{name}[{j}]"]: 1} if jets else None)
                             for j in range(shape[1])]
        return out

    def _distribution(self, box, idx, jets=False):
        entries = [_entry(box[i], False, {i: 1} if jets else None) for i in idx]
        lo = max(Fraction(0), 1 - sum((box[i][1] for i in idx), Fraction(0)))
        hi = 1 - sum((box[i][0] for i in idx), Fraction(0))
        if hi < 0:
            raise ValueError("a box outside the simplex has no case")
        last = {i: -1 for i in idx if box[i][0] < box[i][1]} if jets else None
        return entries + [_entry((lo, hi), False, last)]

    def _rows(self):
        at = {c.name: i for i, c in enumerate(self.coordinates)}
        for name, shape in self.shapes.items():
            if shape[0] == "simplex":
                yield name, [at[f"{name}[{j}]"] for j in range(shape[1] - 1)]
            elif shape[0] == "channel":
                for r in range(shape[1]):
                    yield f"{name} row {r}", [at[f"{name}[{r}][{j}]"] for j in range(shape[2] - 1)]


def _entry(interval, integer: bool, slopes: dict | None = None):
    """A coordinate's value over its interval: exact at a point, else a Ball (a Jet with the given slopes)."""
    lo, hi = interval
    if lo == hi:
        return int(lo) if integer else Fraction(lo)
    ball = Ball.of(lo, hi)
    if slopes is None:
        return ball
    return Jet(ball.arb, {k: flint.arb(v) for k, v in slopes.items()})


def _parametrisation(name, shape) -> str:
    k = shape[-1]
    if k == 1:
        return f"every entry of {name} is 1"
    free = ", ".join(f"[{j}]" for j in range(k - 1))
    rows = " of each row" if shape[0] == "channel" else ""
    return (f"coordinates: the entries {free}{rows} of {name}, each in [0, 1]; entry [{k - 1}] = 1 − their sum, "
            f"enclosed by [max(0, 1 − Σ upper ends), 1 − Σ lower ends]; boxes whose lower ends sum above 1 are "
            f"outside the simplex")


def _same(a, b) -> bool:
    try:
        return _exact(a) == _exact(b)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return a == b


def _exact(x):
    """A number of a case as an exact Fraction: a 'p/q' text (show_exact's), a float by its exact binary value
    (a float's repr read back as a float first), a list entry by entry."""
    if isinstance(x, (list, tuple, _np.ndarray)):
        return [_exact(y) for y in (x.tolist() if isinstance(x, _np.ndarray) else x)]
    if isinstance(x, bool):
        return Fraction(int(x))
    if isinstance(x, str):
        return Fraction(x) if "/" in x or x.lstrip("-").isdigit() else Fraction(float(x))
    if isinstance(x, (float, _np.floating)):
        return Fraction(float(x))
    return Fraction(x)


def _short(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    f = float(x)
    return f"{f:.6g}" if Fraction(f"{f:.6g}") == x else f"≈{f:.6g}"


# ----------------------------------------------------------------------------- from a claim
def typed(bound) -> Fraction:
    """A declared bound as typed: the float 1.01 is 101/100 (the decimal it was written as)."""
    return Fraction(repr(bound)) if isinstance(bound, float) else Fraction(bound)


def _bounds(v) -> tuple[Fraction, Fraction]:
    for end, what in ((v.lo, "lower"), (v.hi, "upper")):
        if end is None or (isinstance(end, float) and not math.isfinite(end)):
            raise NotProvable(f"{v.name} has no finite {what} bound: its domain is not a bounded box")
    return typed(v.lo), typed(v.hi)


def scalar_coordinates(v) -> list[Coordinate]:
    lo, hi = _bounds(v)
    if v.kind == "integer":
        if lo.denominator != 1 or hi.denominator != 1:
            raise NotProvable(f"integer {v.name} has bounds [{v.lo}, {v.hi}] that are not integers")
        return [Coordinate(v.name, v.name, "integer", lo, hi, enumerated=hi - lo + 1 <= ENUMERATE)]
    return [Coordinate(v.name, v.name, "log" if v.scale == "log" else "linear", lo, hi)]


SIZED = ("simplex", "channel", "vector")


def domains(claim, draws: list[dict]) -> list[Domain]:
    """One Domain per combination of sizes (the declared ones; for a variable that declares none, those the
    draws show) and of values of case entries that are not variables that the draws show (sorted by
    dimension, smallest first)."""
    check_kinds(claim)
    order = tuple(v.name for v in claim.variables)
    sized = [v for v in claim.variables if v.kind in SIZED]
    free = [v for v in sized if v.sizes is None]
    scalars = []
    for v in claim.variables:
        if v.kind in ("real", "integer"):
            scalars += scalar_coordinates(v)
    _check_integers(claim, draws)
    _check_sizes(sized, draws)
    entries = _entry_values(claim, draws)
    combos = {}
    for d in draws:
        key = (tuple(_shape(v, d[v.name]) for v in free), tuple(repr(entries[k][repr(d[k])]) for k in sorted(entries)))
        combos.setdefault(key, {k: entries[k][repr(d[k])] for k in sorted(entries)})
    declared = [[declared_shape(v, k) for k in v.sizes] for v in sized if v.sizes is not None]
    out = []
    for (combo, _), fixed in sorted(combos.items(), key=lambda kv: kv[0]):
        for chosen in itertools.product(*declared):
            by_name = dict(zip((v.name for v in free), combo))
            by_name.update(zip((v.name for v in sized if v.sizes is not None), chosen))
            coords, shapes = list(scalars), {}
            for v in sized:
                shapes[v.name] = by_name[v.name]
                coords += _sized_coordinates(v, by_name[v.name])
            out.append(Domain(tuple(coords), shapes, fixed, order, tuple(v.name for v in free)))
    return sorted(out, key=lambda d: (dimension(d), d.shape_key(), repr(sorted(d.fixed.items()))))


def declared_shape(v, size) -> tuple:
    """A declared size as a shape: ("simplex", k), ("vector", k) or ("channel", n, m)."""
    return (v.kind, *size) if v.kind == "channel" else (v.kind, size)


def check_kinds(claim) -> None:
    """A variable the prover has no cover by boxes for (a gain function) makes the claim not provable."""
    for v in claim.variables:
        if v.kind == "gain":
            raise NotProvable(f"{v.name} is a gain function (a matrix of exact gains the strategy draws, of any "
                              "size): the prover has no cover of gain functions by boxes")
        if v.kind not in ("real", "integer", *SIZED):
            raise NotProvable(f"{v.name} is a variable of kind {v.kind!r}, which the prover does not cover")


def undeclared_text(free) -> str:
    """Why a claim whose distributions, channels or vectors declare no size has no bounded domain."""
    names = ", ".join(v.name for v in free)
    v = free[0]
    how = {"simplex": f'simplex("{v.name}", size=2)', "channel": f'channel("{v.name}", size=(2, 3))',
           "vector": f'vector("{v.name}", lo, hi, size=3)'}[v.kind]
    return (f"the size of {names} is not declared (a proof covers only the sizes the strategy draws, not every "
            f"size); declare the sizes the statement takes, e.g. {how}")


def _check_sizes(sized, draws) -> None:
    """A draw of a size the variable does not declare is outside the declared domain: said, not covered."""
    for v in sized:
        if v.sizes is None:
            continue
        want = {declared_shape(v, k) for k in v.sizes}
        for d in draws:
            got = _shape(v, d[v.name])
            if got not in want:
                raise NotProvable(f"the strategy draws {v.name} of size {'×'.join(map(str, got[1:]))}, not one of "
                                  f"its declared sizes {v.sizes_text()}")


def dimension(domain: Domain) -> int:
    """Coordinates that are split as reals (enumerated integers and points excluded)."""
    return sum(1 for c in domain.coordinates if not c.enumerated and c.hi > c.lo)


def _shape(v, x) -> tuple:
    a = np.asarray(x, dtype=float)
    if v.kind == "simplex":
        return ("simplex", int(a.size))
    if v.kind == "channel":
        if a.ndim != 2:
            raise NotProvable(f"channel {v.name} is drawn as an array of shape {a.shape}, not a matrix")
        return ("channel", int(a.shape[0]), int(a.shape[1]))
    return ("vector", int(a.size))


def _sized_coordinates(v, shape) -> list[Coordinate]:
    if shape[0] == "vector":
        lo, hi = _bounds(v)
        return [Coordinate(f"{v.name}[{j}]", v.name, "linear", lo, hi) for j in range(shape[1])]
    if shape[0] == "simplex":
        return [Coordinate(f"{v.name}[{j}]", v.name, "simplex", Fraction(0), Fraction(1)) for j in range(shape[1] - 1)]
    return [Coordinate(f"{v.name}[{r}][{j}]", v.name, "simplex", Fraction(0), Fraction(1))
            for r in range(shape[1]) for j in range(shape[2] - 1)]


def _check_integers(claim, draws) -> None:
    for v in claim.variables:
        if v.kind == "integer":
            for d in draws:
                x = d.get(v.name)
                if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
                    raise NotProvable(f"integer {v.name} holds a structural entry ({type(x).__name__}), not a number")


def _entry_values(claim, draws) -> dict:
    """{entry: {repr of a drawn value: its exact form}} for the case entries that are not variables; an
    entry taking more than ENTRY_VALUES values cannot be enumerated."""
    names = {v.name for v in claim.variables}
    seen: dict = {}
    for d in draws:
        for k, x in d.items():
            if k not in names:
                seen.setdefault(k, {}).setdefault(repr(x), x)
    for k, values in seen.items():
        if len(values) > ENTRY_VALUES:
            raise NotProvable(f"the case entry {k!r} is not a declared variable and takes {len(values)} values in "
                              f"{len(draws)} draws (at most {ENTRY_VALUES} are enumerated)")
    return {k: {r: _exact_entry(k, x) for r, x in values.items()} for k, values in seen.items()}


def _exact_entry(key, x):
    """A fixed case entry as exact numbers (a float as its exact binary value, as the search rounds it)."""
    if isinstance(x, (bool, str)) or x is None or isinstance(x, Fraction):
        return x
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        if not math.isfinite(x):
            raise NotProvable(f"the case entry {key!r} is {x!r}, not a finite number")
        return Fraction(float(x))
    if isinstance(x, (np.ndarray, list, tuple)):
        return [_exact_entry(key, y) for y in (x.tolist() if isinstance(x, np.ndarray) else x)]
    raise NotProvable(f"the case entry {key!r} ({type(x).__name__}) has no exact form")


UNDECLARED = ("refuse", "drawn")


def claim_domains(claim, undeclared: str = "refuse") -> list[Domain]:
    """The claim's declared domain, one Domain per combination of declared sizes (and of values of entries
    that are not variables its strategy draws).

    A distribution, channel or vector that declares no size: with ``undeclared="refuse"`` (the default, what a
    check of a proof on the declared domain asks) NotProvable, saying so; with ``"drawn"`` its sizes are those
    the strategy draws, and each Domain names it in ``drawn`` (a proof over them is a proof for those sizes)."""
    if undeclared not in UNDECLARED:
        raise ValueError(f"undeclared must be one of {UNDECLARED}, got {undeclared!r}")
    check_kinds(claim)
    names = {v.name for v in claim.variables}
    free = [v for v in claim.variables if v.kind in SIZED and v.sizes is None]
    if free and undeclared == "refuse":
        raise NotProvable(undeclared_text(free))
    draws = drawn_shapes(claim, SHAPE_DRAWS if free else PLAIN_DRAWS)
    if not free and any(set(d) - names for d in draws):  # entries to enumerate: as many draws as for sizes
        draws = drawn_shapes(claim, SHAPE_DRAWS)
    return domains(claim, draws)


def drawn_shapes(claim, n: int = SHAPE_DRAWS, seed: int = 0) -> list[dict]:
    """`n` draws of the claim's strategy (seeded: the same draws on every machine)."""

    got = []

    def keep(case):
        got.append(case)
        return len(got) >= n

    rng = random.Random(zlib.crc32(f"prove:{seed}:{claim.id}".encode()))
    try:
        find(claim.strategy, keep, random=rng, settings=settings(
            max_examples=n, database=None, deadline=None, suppress_health_check=list(HealthCheck),
            phases=[Phase.generate]))
    except (NoSuchExample, Unsatisfiable):
        pass
    if not got:
        raise NotProvable("the claim's strategy draws nothing")
    bad = [d for d in got if not isinstance(d, dict)]
    if bad:
        raise NotProvable(f"the claim's strategy draws {type(bad[0]).__name__}, not a dict of the variables")
    return got
