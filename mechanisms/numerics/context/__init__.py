"""Numeric contexts: a formula is written once, ``f(ctx, ...)``, and each context decides how numbers
are made, combined and compared (see :mod:`mechanisms.numerics.context.base`).

* :data:`fp` — floats and numpy arrays (the search);
* :data:`certified` — exact rationals and arb balls that mix freely, exact infinities (the verdict);
* :data:`box` — balls of any width as inputs, comparisons only when decided (proofs over boxes).

A quantity computed by two different algorithms (a float one for the search, a certified one for the verdict) is a
route, declared beside them with :func:`route` (:mod:`mechanisms.numerics.context.routes`).
"""
from mechanisms.numerics.context.base import FORMULAS, UNKNOWN, Context, formula, is_unknown
from mechanisms.numerics.context.box import Ball, BoxContext, box
from mechanisms.numerics.context.certified import enclosure
from mechanisms.numerics.context.certified import CertifiedContext, certified
from mechanisms.numerics.context.fp import FloatContext, fp
from mechanisms.numerics.context.routes import Route, all_routes, route

CONTEXTS = (fp, certified, box)

__all__ = ["FORMULAS", "UNKNOWN", "is_unknown", "Context", "formula", "fp", "certified", "box", "Ball", "enclosure",
           "FloatContext", "CertifiedContext", "BoxContext", "CONTEXTS",
           "Route", "route", "all_routes"]
