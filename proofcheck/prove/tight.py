"""The prover's box path: the box context, with monotone functions enclosed from the ends of a box.

The context is :class:`~proofcheck.prove.ends.TightContext` (a monotone function of a wide ball is the hull of its
values at the ball's two ends, a positive least value kept beside the ball as its floor, :func:`floor_of`; a formula
declared monotone by the hull of its values at two corners), whose declarations that are not the library's lemmas
are proved on each box by the jets (:func:`proofcheck.prove.jets.proved_by_jets`). :func:`path` is the box path of
:mod:`proofcheck.measures` over it (:func:`~proofcheck.prove.ends.context_path`); :func:`relation_decided` is the
relation of two sides decided on it, a floor included. The prover and the certificate checker evaluate boxes on it.
Nothing here is state: each box's value carries its own floor.
"""
from __future__ import annotations

import functools

import flint
import sympy as sp

from mechanisms.numerics.context import enclosure
from mechanisms.numerics.exact import is_infinity
from proofcheck.stages.evaluation import decided
# the prover's box context and what it is built from, importable from here as before
from proofcheck.prove.ends import (MONOTONE, TightContext, context_path, corner_enclosure, floor_of,  # noqa: F401
                                   library_lemma, monotone_route)
from proofcheck.prove.jets import proved_by_jets

TIGHT_CONTEXT = TightContext(proved_by_jets)


@functools.cache
def path():
    """The prover's box path (built once, at the first call: every route is registered by then)."""
    return context_path(TIGHT_CONTEXT)


def relation_decided(rel, a, b) -> bool | None:
    """:func:`proofcheck.stages.evaluation.decided`, and where it is undecided, ``small ≤ big`` (``<``) also decided
    true when ``big`` has a floor (:func:`floor_of`) and the upper end of ``small`` is at most (below) it. It
    never decides a relation false that ``decided`` leaves open."""
    out = decided(rel, a, b)
    if out is not None or not isinstance(rel, (sp.Le, sp.Lt, sp.Ge, sp.Gt)):
        return out
    small, big = (a, b) if isinstance(rel, (sp.Le, sp.Lt)) else (b, a)
    floor = floor_of(big)
    if floor is None or is_infinity(small):
        return None
    top = flint.arb(enclosure(small).upper())
    return True if (top < floor if isinstance(rel, (sp.Lt, sp.Gt)) else top <= floor) else None
