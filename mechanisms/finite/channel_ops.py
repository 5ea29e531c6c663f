"""Building finite channels and priors (seed 003, Sections IV–V): deterministic pre-processing, restriction
to a subset of secrets, and the prior uniform on a subset.

A channel is a row-stochastic matrix C[x, y] = P(y | x). A deterministic channel is given by a map f: X → Y
as a list of output indices, f[x] = y. Each operation is one formula over the numeric context
(:mod:`mechanisms.numerics.context`): ``fp.restrict(C, rows)`` on numpy arrays, ``certified.restrict(C, rows)`` on
exact numbers and balls (the 0/1 and 1/k entries it makes are exact). Composition ("C · D", the matrix
product), vulnerabilities and leakages are :mod:`mechanisms.finite.leakage` (``cascade``, ``posterior_g_vulnerability``,
``multiplicative_leakage``, ...).
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput

__all__ = ["deterministic_channel", "restrict", "uniform_on_support"]


def _check_map(f, n_out, fname):
    if not isinstance(f, (list, tuple, np.ndarray)) or len(f) == 0:
        raise InvalidInput(f"{fname}: the map must be a non-empty list of output indices, got {f!r}")
    out = []
    for x, y in enumerate(f):
        if isinstance(y, bool) or not isinstance(y, (int, np.integer)) or not 0 <= int(y) < n_out:
            raise InvalidInput(f"{fname}: f[{x}] = {y!r} is not an output index in 0..{n_out - 1}")
        out.append(int(y))
    return out


def _check_rows(rows, n, fname):
    if not isinstance(rows, (list, tuple, np.ndarray)) or len(rows) == 0:
        raise InvalidInput(f"{fname}: the subset of secrets must be a non-empty list of row indices, got {rows!r}")
    out = []
    for r in rows:
        if isinstance(r, bool) or not isinstance(r, (int, np.integer)) or not 0 <= int(r) < n:
            raise InvalidInput(f"{fname}: row index {r!r} is not in 0..{n - 1}")
        out.append(int(r))
    if len(set(out)) != len(out):
        raise InvalidInput(f"{fname}: the subset of secrets {out} repeats a row")
    return out


# ----------------------------------------------------------------------------- operations
@formula
def deterministic_channel(ctx, f, n_out):
    """The 0/1 channel of a map f: X → Y (row x has its 1 in column f[x])."""
    f = _check_map(f, n_out, "deterministic_channel")
    return ctx.matrix([[Fraction(int(y == fx)) for y in range(n_out)] for fx in f])


@formula
def restrict(ctx, C, rows):
    """C restricted to the secrets in rows (Corollary 1's C_X)."""
    c = ctx.channel(C, "C", "restrict")
    return c[_check_rows(rows, c.shape[0], "restrict")]


@formula
def uniform_on_support(ctx, n, support):
    """The prior uniform on the secrets in support (1/|support| each, exactly on the certified context)."""
    s = _check_rows(support, n, "uniform_on_support")
    pi = ctx.zeros(n)
    pi[s] = ctx.exact(Fraction(1, len(s)))
    return pi
