"""One box: is the relation decided over all of it, is the box outside the domain, or neither?

Everything is evaluated on the box path (``proofcheck.measures.BOX`` over the prover's context, whose
monotone functions are enclosed from the ends of a box: :mod:`proofcheck.prove.tight`): the case holds a ball enclosing
each coordinate's interval, so every value is an enclosure over the whole box, and a comparison the box
does not decide raises :class:`~mechanisms.numerics.exact.Undecided` instead of taking a branch. Outcomes:

* ``decided`` — the relation certainly holds on the whole box (then on every point of it in the domain,
  whether or not the hypotheses are decided there: a box [0, h] covers the open boundary of λ > 0);
* ``outside`` — a hypothesis certainly fails at every point of the box, the box lies outside a simplex, or
  a quantity raises OutsideDomain (on the box path it can only do so on a branch that every point of the
  box takes, since a ball answers no comparison it does not decide);
* ``undecided`` — an enclosure too wide, a hypothesis undecided: split the box;
* ``refuted`` — the hypotheses certainly hold and the relation certainly fails on the whole box;
* ``blocked`` — a route has no form over boxes (:class:`proofcheck.measures.NoBoxForm`);
* ``error`` — any other exception: an error of the claim on this box. Never decided.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.numerics import lower, precision
from proofcheck.prove.faces import decide_by_faces
from proofcheck.prove.mean_value import centers, jet_margin, mean_value_bound
from proofcheck.prove.plain import PRECISION, Decision, plain
from proofcheck.prove.symbolic import symbolic_reason


def decide_box(claim, domain, box, bits: int = PRECISION, mean_value: bool = True, jets: bool = True,
               symbolic: bool = True) -> Decision:
    """Decide one box (see the module's docstring). Where plain enclosures overlap and ``mean_value`` is on:
    the mean-value form (with ``jets``: derivatives by forward mode), then the sign of the factored margin
    (:mod:`proofcheck.prove.symbolic`, with ``symbolic``), then a face the margin grows away from
    (:mod:`proofcheck.prove.faces`)."""
    d = plain(claim, domain, box, bits)
    if d.kind != "undecided" or not mean_value:
        return d
    with precision(bits):  # where a side raised Undecided (no enclosures), no derivatives either: the form only
        return _beyond_enclosures(claim, domain, box, d, jets and d.lhs is not None, symbolic)


def _beyond_enclosures(claim, domain, box, d: Decision, jets: bool, symbolic: bool = True) -> Decision:
    strict = isinstance(claim.statement, (sp.Lt, sp.Gt))
    live = [c for c, (lo, hi) in zip(domain.coordinates, box) if lo < hi]
    jet = None
    if jets and live and not any(c.kind == "integer" for c in live):
        jet = jet_margin(claim, domain, box)
        d.jets = jet is not None
    if jet is not None:
        d.sensitivity = sensitivity(jet, box)
        for c in centers(box):
            low = mean_value_bound(claim, domain, box, c, jet)
            if low is not None and (low > 0 if strict else low >= 0):
                return Decision("decided", f"mean-value form at {[str(x) for x in c]}", d.lhs, d.rhs, lower(low),
                                center=c)
    r = symbolic_reason(claim, domain, box, strict) if symbolic else None
    if r is not None:  # the factored margin has the sign the relation needs over the whole box
        return Decision("decided", "by the sign of the factored margin", d.lhs, d.rhs, 0.0, decided_by=r,
                        symbolic=True)
    d.symbolic = False if symbolic else None
    if jet is not None:
        face = decide_by_faces(claim, domain, box, jet, strict)
        if face is not None:  # the margin grows away from a face on which the relation holds: at least 0 there
            return Decision("decided", "through a face", d.lhs, d.rhs, 0.0, decided_by=face)
    return d


def sensitivity(jet, box) -> dict:
    """{coordinate: |∂g| · width}: how much of the margin's spread over the box each coordinate carries (the
    coordinate to split first); an unbounded partial counts as infinite."""
    out = {}
    for i, (lo, hi) in enumerate(box):
        if lo == hi:
            continue
        p = (jet.d or {}).get(i)
        if p is None:
            out[i] = 0.0
        elif not p.is_finite():
            out[i] = float("inf")
        else:
            out[i] = float(abs(p).upper()) * float(hi - lo)
    return out


