"""Operations on finite channels (seed 003, Sections IV–V): composition, deterministic pre-processing,
restriction to a subset of secrets, and the vulnerabilities of Eqs. (11)–(12).

A channel is a row-stochastic matrix C[x, y] = P(y | x). Composition "C · D" (D after C, written D ∘ C
in the paper) is the matrix product. A deterministic channel is given by a map f: X → Y as a list of
output indices, f[x] = y. Each operation exists twice, sharing no code: a float version on numpy arrays
and an exact version on lists of Fractions (``exact_*``).
"""
from __future__ import annotations

from fractions import Fraction
import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.finite import validate_channel, validate_exact_channel

__all__ = [
    "compose", "exact_compose", "deterministic_channel", "exact_deterministic_channel", "restrict",
    "exact_restrict", "zero_columns", "exact_zero_columns", "is_deterministic", "image",
    "uniform_on_support", "exact_uniform_on_support", "gain_vulnerability", "exact_gain_vulnerability",
    "prior_gain_vulnerability", "exact_prior_gain_vulnerability", "multiplicative_bayes_leakage",
    "exact_multiplicative_bayes_leakage",
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
def compose(C, D) -> np.ndarray:
    """C · D: first C: X → Y, then D: Y → Z (matrix product)."""
    C = validate_channel(C, "C")
    D = validate_channel(D, "D")
    if C.shape[1] != D.shape[0]:
        raise InvalidInput(f"compose: C has {C.shape[1]} outputs but D has {D.shape[0]} inputs")
    return C @ D


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


def zero_columns(C) -> list[int]:
    C = np.asarray(C, float)
    return [int(j) for j in np.flatnonzero(C.max(axis=0) == 0)]


def is_deterministic(C) -> bool:
    C = np.asarray(C, float)
    return bool(np.all((C == 0) | (C == 1)) and np.all(C.sum(axis=1) == 1))


def image(f) -> set[int]:
    return {int(y) for y in f}


def uniform_on_support(n, support) -> np.ndarray:
    s = _check_rows(support, n, "uniform_on_support")
    pi = np.zeros(n)
    pi[s] = 1.0 / len(s)
    return pi


def gain_vulnerability(prior, C, G) -> float:
    """V_g(π, C) = Σ_y max_w Σ_x π_x C[x, y] g(w, x), G[w, x] = g(w, x) ≥ 0."""
    prior = np.asarray(prior, float)
    C = np.asarray(C, float)
    G = np.asarray(G, float)
    joint = prior[:, None] * C  # x, y
    return float(np.sum(np.max(G @ joint, axis=0)))


def prior_gain_vulnerability(prior, G) -> float:
    """V_g(π) = max_w Σ_x π_x g(w, x)."""
    return float(np.max(np.asarray(G, float) @ np.asarray(prior, float)))


def multiplicative_bayes_leakage(prior, C) -> float:
    """Eq. (12): V_bv(π, C)/V_bv(π) with the identity gain (bv), = Σ_y max_x π_x C[x,y] / max_x π_x."""
    prior = np.asarray(prior, float)
    C = np.asarray(C, float)
    return float(np.sum(np.max(prior[:, None] * C, axis=0)) / np.max(prior))


# ----------------------------------------------------------------------------- exact path
def exact_compose(C, D):
    C = validate_exact_channel(C, "C")
    D = validate_exact_channel(D, "D")
    if len(C[0]) != len(D):
        raise InvalidInput(f"exact_compose: C has {len(C[0])} outputs but D has {len(D)} inputs")
    nz = len(D[0])
    return [[sum((row[y] * D[y][z] for y in range(len(D)) if row[y]), Fraction(0)) for z in range(nz)] for row in C]


def exact_deterministic_channel(f, n_out):
    f = _check_map(f, n_out, "exact_deterministic_channel")
    return [[Fraction(1) if y == fx else Fraction(0) for y in range(n_out)] for fx in f]


def exact_restrict(C, rows):
    return [list(C[r]) for r in _check_rows(rows, len(C), "exact_restrict")]


def exact_zero_columns(C) -> list[int]:
    return [j for j in range(len(C[0])) if all(row[j] == 0 for row in C)]


def exact_uniform_on_support(n, support):
    s = set(_check_rows(support, n, "exact_uniform_on_support"))
    return [Fraction(1, len(s)) if x in s else Fraction(0) for x in range(n)]


def exact_gain_vulnerability(prior, C, G) -> Fraction:
    nx, ny = len(C), len(C[0])
    total = Fraction(0)
    for y in range(ny):
        total += max(sum((G[w][x] * prior[x] * C[x][y] for x in range(nx)), Fraction(0)) for w in range(len(G)))
    return total


def exact_prior_gain_vulnerability(prior, G) -> Fraction:
    return max(sum((g[x] * prior[x] for x in range(len(prior))), Fraction(0)) for g in G)


def exact_multiplicative_bayes_leakage(prior, C) -> Fraction:
    post = sum((max(prior[x] * C[x][y] for x in range(len(C))) for y in range(len(C[0]))), Fraction(0))
    return post / max(prior)
