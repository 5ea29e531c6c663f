"""The engine's one exception a claim's quantity may raise on purpose.

Raised inside a quantity, :class:`OutsideDomain` excludes the case from the search (and is counted); so does
the library's :class:`mechanisms.errors.Undefined` (a quantity undefined at this input). Every other exception in
a quantity is an error of the claim, never an exclusion.
"""
from __future__ import annotations

from mechanisms.errors import Undefined

__all__ = ["OutsideDomain", "EXCLUSIONS"]


class OutsideDomain(Exception):
    """A case outside the statement's domain: a quantity that the paper's own definitions leave
    undefined there (an output of probability zero, α = 1 in a Rényi order, ...)."""


# what a quantity raises to exclude a case (the engine catches exactly these)
EXCLUSIONS = (OutsideDomain, Undefined)
