"""Hypothesis strategies for paper 001's cases: models, data-set pairs that push on the worst pairs (a
permutation, one changed record, constant data against one outlier, many records), distances.

Every strategy draws a dict with the same keys whatever the family (unused entries are drawn too, so that
each claim declares one fixed set of variables)."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from proofcheck.strategies import channels, log_reals, priors

from .models import CJ_FAMILIES, FS_FAMILIES

RECORD_HI = 40.0  # continuous records lie in [−RECORD_HI, RECORD_HI]


def uniform_first_row(lik):
    """A likelihood whose first atom has L(θ) = 0 (a uniform row): Assumption 2 can then hold with c > 0."""
    k = np.array(lik, float)
    k[0, :] = 1.0 / k.shape[1]
    return k


@st.composite
def index_pair(draw, size: int, n: int):
    """Two data sets of n records in {0..size−1}: random, one record changed, a permutation, constant
    against one outlier."""
    x = draw(st.lists(st.integers(0, size - 1), min_size=n, max_size=n))
    kind = draw(st.sampled_from(["random", "neighbour", "permutation", "outlier"]))
    if kind == "random":
        y = draw(st.lists(st.integers(0, size - 1), min_size=n, max_size=n))
    elif kind == "neighbour":
        i = draw(st.integers(0, n - 1))
        y = list(x)
        y[i] = draw(st.integers(0, size - 1))
    elif kind == "permutation":
        y = list(draw(st.permutations(x)))
    else:
        x = [0] * n
        y = [0] * (n - 1) + [size - 1]
    return list(x), list(y)


PAIR_KINDS = ("random", "neighbour", "permutation", "outlier", "shift")


@st.composite
def real_pair(draw, n: int, lo: float = -RECORD_HI, hi: float = RECORD_HI, kinds=PAIR_KINDS):
    """Two data sets of n real records: random, one record changed, a permutation, zeros against one
    large outlier, all shifted."""
    rec = st.floats(lo, hi, allow_nan=False)
    x = draw(st.lists(rec, min_size=n, max_size=n))
    kind = draw(st.sampled_from(list(kinds)))
    if kind == "random":
        y = draw(st.lists(rec, min_size=n, max_size=n))
    elif kind == "neighbour":
        i = draw(st.integers(0, n - 1))
        y = list(x)
        y[i] = draw(rec)
    elif kind == "permutation":
        y = list(draw(st.permutations(x)))
    elif kind == "outlier":
        x = [0.0] * n
        y = [0.0] * (n - 1) + [draw(st.one_of(st.floats(0.0, hi), log_reals(1e-3, hi)))]
    else:
        d = draw(st.floats(-5.0, 5.0))
        y = [min(max(v + d, lo), hi) for v in x]
    return np.array(x, float), np.array(y, float)


@st.composite
def finite_support_cases(draw, *, families=FS_FAMILIES, max_atoms: int = 4, max_records: int = 6):
    """A finite-support model and a pair of data sets (every key drawn for every family)."""
    fam = draw(st.sampled_from(families))
    k = draw(st.integers(2, max_atoms))
    r = draw(st.integers(2, 4))
    n = draw(st.integers(1, max_records if fam == "table" else 2 * max_records))
    prior = draw(priors(k))
    lik = draw(channels(k, r))
    atoms = np.array(draw(st.lists(st.one_of(st.floats(0.05, 10.0), st.floats(-10.0, -0.05)), min_size=k,
                                   max_size=k)), float)
    dx, dy = draw(index_pair(r, n))
    x, y = draw(real_pair(n))
    return {"family": FS_FAMILIES.index(fam), "prior": prior, "lik": lik, "atoms": atoms, "dx": dx, "dy": dy,
            "x": x, "y": y}


@st.composite
def conjugate_cases(draw, *, families=CJ_FAMILIES, max_records: int = 60, extra=None, zeros=None,
                    kinds=PAIR_KINDS + ("outlier",)):
    """A conjugate model (Exp(λ) or beta(a, b) prior) and a pair of data sets of up to max_records records."""
    fam = draw(st.sampled_from(families))
    n = draw(st.one_of(st.integers(1, 8), st.integers(1, max_records)))
    lam = draw(log_reals(0.01, 100.0))
    a = draw(log_reals(0.2, 50.0))
    b = draw(log_reals(0.2, 50.0))
    dx, dy = draw(index_pair(2, n))
    x, y = draw(real_pair(n, kinds=kinds))
    common = draw(zeros if zeros is not None else st.one_of(st.just(0), st.integers(1, 50), st.integers(50, 5000)))
    out = {"family": CJ_FAMILIES.index(fam), "lam": lam, "a": a, "b": b, "dx": dx, "dy": dy, "x": x, "y": y,
           "extra": common}
    for key, strat in (extra or {}).items():
        out[key] = draw(strat)
    return out


__all__ = ["finite_support_cases", "conjugate_cases", "rate_shift_cases", "index_pair", "real_pair",
           "uniform_first_row"]


@st.composite
def rate_shift_cases(draw, *, families=CJ_FAMILIES[:3], extra=None):
    """Gamma-posterior models pushed where posteriors separate with little distance: one record 0 against one
    record that moves the posterior rate by a factor 1 + u (u log-uniform), after N common zero records."""
    fam = draw(st.sampled_from(families))
    lam = draw(log_reals(0.01, 100.0))
    u = draw(log_reals(1e-3, 10.0))
    shift = u * lam
    rec = shift if fam != "gamma-normal-precision" else float(np.sqrt(2 * shift))
    zeros = draw(st.integers(0, 5000))
    out = {"family": CJ_FAMILIES.index(fam), "lam": lam, "a": 1.0, "b": 1.0, "dx": [0], "dy": [0],
           "x": np.array([0.0]), "y": np.array([min(rec, RECORD_HI)]), "extra": zeros}
    for key, strat in (extra or {}).items():
        out[key] = draw(strat)
    return out
