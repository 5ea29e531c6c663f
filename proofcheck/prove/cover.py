"""Do boxes cover a box exactly? (The certificate checker's test that no part of a domain was left out.)

Exact rational ends throughout; integer coordinates are sets of integers, real ones closed intervals.
"""
from __future__ import annotations


def first_gap(root, boxes, integer) -> tuple | None:
    """A sub-box of root that no box covers, or None when the boxes cover root exactly.

    Recursive subdivision at the boxes' own ends: a node contained in one box is covered; a node no box
    meets (in a set of positive measure; integer coordinates as sets of integers) is a gap; otherwise
    it is cut at an end of a box that meets it, strictly inside it. Closed boxes that cover the interior
    of a node cover the node."""
    stack = [(root, list(boxes))]
    while stack:
        node, cands = stack.pop()
        cands = [b for b in cands if _meets(b, node, integer)]
        if not cands:
            return node
        if any(_contains(b, node) for b in cands):
            continue
        b = next(b for b in cands if not _contains(b, node))
        for half in _cut(node, b, integer):
            stack.append((half, cands))
    return None


def _meets(b, node, integer) -> bool:
    for (lo, hi), (blo, bhi), whole in zip(node, b, integer):
        top, bottom = min(hi, bhi), max(lo, blo)
        if whole or lo == hi:
            if bottom > top:
                return False
        elif not bottom < top:
            return False
    return True


def _contains(b, node) -> bool:
    return all(blo <= lo and hi <= bhi for (lo, hi), (blo, bhi) in zip(node, b))


def _cut(node, b, integer):
    for i, ((lo, hi), (blo, bhi), whole) in enumerate(zip(node, b, integer)):
        if whole:
            if blo > lo:
                return _halves(node, i, (lo, blo - 1), (blo, hi))
            if bhi < hi:
                return _halves(node, i, (lo, bhi), (bhi + 1, hi))
        else:
            if lo < blo < hi:
                return _halves(node, i, (lo, blo), (blo, hi))
            if lo < bhi < hi:
                return _halves(node, i, (lo, bhi), (bhi, hi))
    raise AssertionError("a box that meets a node and does not contain it has an end inside it")


def _halves(node, i, a, b):
    return [node[:i] + (a,) + node[i + 1:], node[:i] + (b,) + node[i + 1:]]
