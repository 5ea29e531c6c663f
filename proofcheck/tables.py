"""A paper's numeric table as the suite reproduces it: every printed row beside the suite's value under each
reading, with a per-row verdict.

A claim that encodes a table carries a :class:`PaperTable` (``Claim.table``). The engine computes its rows once
per process (:func:`evidence`) and attaches them to the claim's evidence (``evidence["table"]``); the report
renders them under the statement (:func:`markdown_table`) and ``proofcheck show`` as an aligned text table
(:func:`text_table`). Row verdicts:

* ``conservative`` — the printed guarantee is larger than what the reading's method attains by more than half
  a unit of its last printed digit (valid, looser: the relative difference says by how much);
* ``reproduced`` — the printed value is at most half a unit above the method's value;
* ``within-rounding`` — the printed value is below the method's value, by at most half a unit (rounding);
* ``optimistic`` — the printed guarantee is smaller than the true ε of the mechanism as described: a certified
  lower bound of the true ε exceeds it by more than half a unit (violated; the certificate is in the row);
* ``unsupported`` — below the method's value by more than half a unit, without a certificate that the true ε
  is above it.

The evidence is JSON: ``{"name", "caption", "primary", "headers", "cells", "rows", "decided_by", "counts"}`` —
``cells`` the display strings row by row, ``rows`` the structured values (each with ``label`` and ``verdict``
under the primary reading), ``decided_by`` the labels of the rows that decide the statement-level verdict.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

ROW_VERDICTS = ("conservative", "reproduced", "within-rounding", "optimistic", "unsupported")


@dataclass(frozen=True)
class Column:
    header: str
    show: Callable[[dict], str]  # row -> display string


@dataclass(frozen=True)
class PaperTable:
    """name ('Table I'), the caption as printed, the columns shown, ``compute()`` → rows (JSON-ready dicts with
    ``label`` and ``verdict``, certified where a row decides a verdict), and which reading the table-level verdict
    follows and why."""

    name: str
    caption: str
    columns: tuple
    compute: Callable[[], list]
    primary: str
    note: str = ""


def half_unit(printed: str) -> Fraction:
    """Half a unit in the last printed digit: '0.0139' → 1/20000, '.660' → 1/2000, '173' → 1/2."""
    s = printed.strip()
    decimals = len(s.split(".")[1]) if "." in s else 0
    return Fraction(1, 2 * 10**decimals)


def classify(printed: str, value: float | None, lower: float | None = None, lower_certified: bool = False) -> str:
    """The row verdict of a printed guarantee against a method's value (and a lower bound of the true ε)."""
    e, u = float(Fraction(printed.strip())), float(half_unit(printed))
    if lower is not None and lower_certified and lower > e + u:
        return "optimistic"
    if value is None:
        return "unsupported"
    d = e - value
    if d > u:
        return "conservative"
    if d >= 0:
        return "reproduced"
    if -d <= u:
        return "within-rounding"
    return "unsupported"


def relative_difference(printed: str, value: float | None) -> float | None:
    """(printed − value)/value: positive when the printed guarantee is looser."""
    if value is None or value == 0 or value != value or value in (float("inf"), float("-inf")):
        return None
    return (float(Fraction(printed.strip())) - value) / value


_COMPUTED: dict = {}


def evidence(table: PaperTable) -> dict:
    """The table's rows and display cells, computed once per process."""
    key = (table.name, id(table.compute))
    if key not in _COMPUTED:
        t0 = time.monotonic()
        rows = table.compute()
        cells = [[col.show(r) for col in table.columns] for r in rows]
        counts = {v: sum(r.get("verdict") == v for r in rows) for v in ROW_VERDICTS}
        _COMPUTED[key] = {"name": table.name, "caption": table.caption, "primary": table.primary, "note": table.note,
                          "headers": [c.header for c in table.columns], "cells": cells, "rows": rows,
                          "decided_by": [r["label"] for r in rows if r.get("verdict") == "optimistic"],
                          "counts": counts, "seconds": round(time.monotonic() - t0, 3)}
    return _COMPUTED[key]


def text_table(ev: dict) -> str:
    """An aligned plain-text table: headers, a rule, one line per row."""
    headers, cells = ev["headers"], ev["cells"]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]
    line = lambda vals: "  ".join(v.rjust(w) if i else v.ljust(w) for i, (v, w) in enumerate(zip(vals, widths)))  # noqa: E731
    out = [line(headers), "  ".join("-" * w for w in widths)] + [line(r) for r in cells]
    return "\n".join(x.rstrip() for x in out)


def markdown_table(ev: dict) -> str:
    def esc(s):
        return str(s).replace("|", "∣")

    out = ["| " + " | ".join(esc(h) for h in ev["headers"]) + " |", "|" + "---|" * len(ev["headers"])]
    out += ["| " + " | ".join(esc(c) for c in r) + " |" for r in ev["cells"]]
    return "\n".join(out)


def summary(ev: dict) -> str:
    """One line: the row verdicts under the primary reading and the rows that decide it."""
    counts = ", ".join(f"{n} {v}" for v, n in ev["counts"].items() if n)
    decided = f"; decided by {', '.join(ev['decided_by'])}" if ev["decided_by"] else ""
    return f"{ev['name']}, primary reading ({ev['primary']}): {counts}{decided}"
