"""Building finite channels and priors (seed 003, Sections IV–V): deterministic pre-processing, restriction
to a subset of secrets, and the prior uniform on a subset.

A channel is a row-stochastic matrix C[x, y] = P(y | x). A deterministic channel is given by a map f: X → Y
as a list of output indices, f[x] = y. Each operation exists twice, sharing no code: a float version on numpy
arrays and an exact version on lists of Fractions (``exact_*``). Composition ("C · D", the matrix product),
vulnerabilities and leakages are :mod:`mechanisms.leakage` (``cascade``, ``posterior_g_vulnerability``,
``multiplicative_leakage``, ...).
"""
from __future__ import annotations

from fractions import Fraction
import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.finite import validate_channel

__all__ = [
    "deterministic_channel", "exact_deterministic_channel", "restrict", "exact_restrict",
    "uniform_on_support", "exact_uniform_on_support",
]


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


# ----------------------------------------------------------------------------- float path
def deterministic_channel(f, n_out) -> np.ndarray:
    """The 0/1 channel of a map f: X → Y (row x has its 1 in column f[x])."""
    f = _check_map(f, n_out, "deterministic_channel")
    C = np.zeros((len(f), n_out))
    C[np.arange(len(f)), f] = 1.0
    return C


def restrict(C, rows) -> np.ndarray:
    """C restricted to the secrets in rows (Corollary 1's C_X)."""
    C = validate_channel(C, "C")
    return C[_check_rows(rows, C.shape[0], "restrict")]


def uniform_on_support(n, support) -> np.ndarray:
    s = _check_rows(support, n, "uniform_on_support")
    pi = np.zeros(n)
    pi[s] = 1.0 / len(s)
    return pi


# ----------------------------------------------------------------------------- exact path
def exact_deterministic_channel(f, n_out):
    f = _check_map(f, n_out, "exact_deterministic_channel")
    return [[Fraction(1) if y == fx else Fraction(0) for y in range(n_out)] for fx in f]


def exact_restrict(C, rows):
    return [list(C[r]) for r in _check_rows(rows, len(C), "exact_restrict")]


def exact_uniform_on_support(n, support):
    s = set(_check_rows(support, n, "exact_uniform_on_support"))
    return [Fraction(1, len(s)) if x in s else Fraction(0) for x in range(n)]
