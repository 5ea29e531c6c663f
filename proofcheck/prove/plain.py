"""A box by plain enclosures: every quantity evaluated once on the box path, as one closed computation
(:mod:`mechanisms.numerics.record`), and the :class:`Decision` it gives (see :mod:`proofcheck.prove.decide` for
the outcomes). The prover's first step on every box, the faces' check of a face and the certificate checker's
re-verification all take it from here."""
from __future__ import annotations

from dataclasses import dataclass

import flint
import sympy as sp

from mechanisms.numerics.context import enclosure
from mechanisms.numerics.exact import Undecided, is_infinity
from mechanisms.numerics.record import closed
from proofcheck.stages.evaluation import ClaimError, Outside, decided, evaluate, quantity_values
from proofcheck.measures import NoBoxForm
from proofcheck.numerics import fmt, lower, precision
from proofcheck.prove.tight import floor_of, path as box_path, relation_decided

PRECISION = 128  # bits of the arb balls on the box path


@dataclass
class Decision:
    kind: str  # decided | outside | undecided | refuted | blocked | error
    reason: str = ""
    lhs: str | None = None  # enclosures over the box, as text
    rhs: str | None = None
    margin: float | None = None  # a lower bound of the margin over the box (decided boxes)
    route: str | None = None  # blocked: the route without a form over boxes
    center: tuple | None = None  # decided by the mean-value form at this point of the box
    jets: bool | None = None  # undecided: did derivatives propagate (None: not tried)
    sensitivity: dict | None = None  # undecided: {coordinate: |∂g| · width over the box}, where derivatives propagated
    decided_by: dict | None = None  # the factored margin's sign or a face: what to re-check (faces.check_reason)
    symbolic: bool | None = None  # was the factored margin tried, and did it decide (None: not tried)


def plain(claim, domain, box, bits=None) -> Decision:
    """The box by plain enclosures, as one closed computation (:mod:`mechanisms.numerics.record`): a box whose
    evaluation met any undecided question — a comparison answered UNKNOWN, an Undecided raised (caught or not), a
    predicate of a ball that does not decide it, a float read — is never decided, outside or refuted, whatever
    the quantities returned."""
    bits = PRECISION if bits is None else bits
    why = domain.outside_simplex(box)
    if why is not None:
        return Decision("outside", why)
    with precision(bits), closed() as record:
        d = _evaluated(claim, domain, box)
    if d.kind in ("decided", "outside", "refuted") and not record.clean:
        return Decision("undecided", f"the evaluation met an undecided question: {_line(record.reason())}",
                        d.lhs, d.rhs)
    return d


def _evaluated(claim, domain, box) -> Decision:
    try:
        return _decide(claim, domain.case(box))
    except NoBoxForm as e:
        return Decision("blocked", str(e), route=route_named(e))
    except Undecided as e:
        return Decision("undecided", _line(e))
    except ClaimError as e:
        if isinstance(e.error, NoBoxForm):
            return Decision("blocked", str(e.error), route=route_named(e.error))
        return Decision("error", _line(e))
    except Outside as e:
        return Decision("outside", f"the statement is undefined on the whole box: {_line(e)}")
    except Exception as e:  # anything else is an error of the claim on this box, never a decision
        return Decision("error", f"{type(e).__name__}: {_line(e)}")


def _hypothesis(h, values) -> tuple[bool | None, str | None]:
    """Does the hypothesis hold on the whole box (True), fail on it (False), or neither (None, with why)? Its own
    closed computation: what it could not decide leaves it undecided, not the relation."""
    with closed() as record:
        try:
            holds = decided(h.relation, evaluate(h.relation.lhs, values, box_path()),
                            evaluate(h.relation.rhs, values, box_path()))
        except NoBoxForm:
            raise
        except (Undecided, Outside) as e:
            return None, f"hypothesis '{h.text}': {_line(e)}"
    if not record.clean:
        return None, f"hypothesis '{h.text}' met an undecided question"
    if holds is None:
        return None, f"hypothesis '{h.text}' is not decided over the box"
    return holds, None


def _decide(claim, case) -> Decision:
    try:
        values = quantity_values(claim, case, box_path())
    except Outside as e:
        return Decision("outside", f"a quantity says the whole box is outside the domain: {_line(e)}")
    unknown = None
    for h in claim.hypotheses:
        holds, why = _hypothesis(h, values)
        if holds is False:
            return Decision("outside", f"hypothesis '{h.text}' fails on the whole box")
        unknown = unknown or why
    try:
        lhs = evaluate(claim.statement.lhs, values, box_path())
        rhs = evaluate(claim.statement.rhs, values, box_path())
    except NoBoxForm:
        raise
    except (Exception, Undecided) as e:  # where a hypothesis is undecided, the failure may come from points it excludes
        if unknown is None:
            raise
        return Decision("undecided", f"{unknown}; {_line(e)}")
    holds = relation_decided(claim.statement, lhs, rhs)
    if holds is None or (holds is False and unknown is not None):
        return Decision("undecided", unknown or "the enclosures of the two sides overlap", fmt_value(lhs), fmt_value(rhs))
    # a relation that holds on the whole box holds on its points in the domain, whatever the hypotheses say
    # there (an open boundary, λ > 0, is covered by a closed box [0, h] on which the relation holds)
    kind = "decided" if holds else "refuted"
    return Decision(kind, "", fmt_value(lhs), fmt_value(rhs), margin_lower_bound(claim.statement, lhs, rhs))


def fmt_value(x) -> str:
    return fmt(enclosure(x))


def margin_lower_bound(rel, lhs, rhs) -> float | None:
    """A float below the margin (rhs − lhs for ≤ and <, lhs − rhs for ≥ and >) at every point of the box."""
    small, big = (lhs, rhs) if isinstance(rel, (sp.Le, sp.Lt)) else (rhs, lhs)
    if is_infinity(big) and big > 0 or is_infinity(small) and small < 0:
        return float("inf")
    if is_infinity(big) or is_infinity(small):
        return float("-inf")
    floor = floor_of(big)  # above big's own lower end where it has one (proofcheck.prove.tight)
    # end minus end: the difference of two wide balls is wider than the gap between their ends (a radius holds 30 bits)
    least = flint.arb(enclosure(big).lower()) if floor is None else floor
    return lower(least - flint.arb(enclosure(small).upper()))


def route_named(e: Exception) -> str:
    text = str(e)
    if text.startswith("m.") and " " in text:
        return text[2:].split(" ", 1)[0]
    return "?"


def _line(e, n: int = 240) -> str:
    s = " ".join(str(e).split())
    return s if len(s) <= n else s[: n - 1] + "…"
