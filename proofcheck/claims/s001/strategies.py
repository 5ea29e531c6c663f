"""Hypothesis strategies for paper 001's cases: models, data-set pairs that push on the worst pairs (a
permutation, one changed record, constant data against one outlier, many records), distances.

Every strategy draws a dict with the same keys whatever the family (unused entries are drawn too, so that
each claim declares one fixed set of variables)."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from mechanisms.numerics.context import fp
from proofcheck.strategies import channels, log_reals, priors

from .model import CJ_FAMILIES, FS_FAMILIES, FS_KNOWN

SEED = "001_35cd4c2edef8119e.txt"  # the paper's text, as Source(SEED, where, quote) cites it

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


def finite_support_cases(*, families=FS_FAMILIES, max_atoms: int = 4, max_records: int = 6):
    """A finite-support model and a pair of data sets (every key drawn for every family): about half of the draws
    at the edges of the domain (extreme_finite_support_cases), half ordinary."""
    return st.one_of(extreme_finite_support_cases(families=families, max_atoms=max_atoms, max_records=max_records),
                     ordinary_finite_support_cases(families=families, max_atoms=max_atoms, max_records=max_records))


@st.composite
def ordinary_finite_support_cases(draw, *, families=FS_FAMILIES, max_atoms: int = 4, max_records: int = 6):
    """A finite-support model and a pair of data sets: random priors, channels, atoms and records."""
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


TINY_WEIGHT_DECADES = (1.0, 300.0)  # a tiny prior weight is 10^-t, t uniform here (float64 reaches 10^-307)
ATOM_HI = 10.0  # continuous atoms lie in [−ATOM_HI, ATOM_HI]


@st.composite
def tiny_weight_priors(draw, k: int):
    """A prior on k atoms with one weight 10^-t (t uniform in TINY_WEIGHT_DECADES), the rest spread at random:
    where a posterior bound is attained only as the prior weight of an atom tends to 0."""
    i = draw(st.integers(0, k - 1))
    tiny = 10.0 ** -draw(st.floats(*TINY_WEIGHT_DECADES))
    rest = np.array(draw(st.lists(st.floats(1e-3, 1.0), min_size=k, max_size=k)), float)
    rest[i] = 0.0
    rest = rest / rest.sum() * (1.0 - tiny)
    rest[i] = tiny
    return rest


@st.composite
def extreme_finite_support_cases(draw, *, families=FS_FAMILIES, max_atoms: int = 4, max_records: int = 6):
    """Cases at the edges of the domain, where the bounds of Theorems 1 (i) and 2 (i) are approached: atoms with
    log-likelihood ratios ±ℓ between x and y, the largest Assumption 1 allows (near-deterministic rows peaked at
    0 and 1 against the records 0ⁿ and 1ⁿ; normal means ±a, a at the end of the range or not, against the
    mirrored records x = t, y = −t), the scale ℓ log-uniform in [1, 600] (the float path reaches prior weights
    of 10⁻³⁰⁰, odds of e^{±690}); and a prior that gives atom 0 a tiny weight — at random, or the weight at
    which its posterior log-odds under x are u ∈ [−5, 10] (where one record moves the posterior the most).
    The ordinary draws (ordinary_finite_support_cases) cover the rest of the domain."""
    fam = draw(st.sampled_from(families))
    k = draw(st.integers(2, max_atoms))
    r = draw(st.integers(2, 4))
    n = draw(st.integers(1, max_records if fam == "table" else 2 * max_records))
    ell = float(np.exp(draw(st.floats(0.0, float(np.log(600.0))))))
    eps = 1.0 / (float(np.exp(min(ell / n, 700.0))) + r - 1)  # (1 − (r − 1)ε)/ε = e^{ℓ/n} per record
    lik = _peaked_rows(k, r, eps, draw(st.lists(st.integers(0, r - 1), min_size=k, max_size=k)))
    size = draw(st.one_of(st.just(ATOM_HI), st.floats(0.05, ATOM_HI)))
    atoms = np.array([size, -size] + draw(st.lists(st.floats(-ATOM_HI, ATOM_HI).filter(lambda a: abs(a) >= 0.05),
                                                   min_size=k - 2, max_size=k - 2)), float)
    dx, dy = [0] * n, [1] * n  # every record changed
    t = min(ell / (2 * max(1.0, size) * n), RECORD_HI)  # normal means ±size: ln p(t)/p(−t) = ±2·size·t per record
    x = np.full(n, t)
    y = -x if fam == "normal-mean" else np.zeros(n)  # rates and scales see |x|: mirroring would change nothing
    prior = draw(priors(k))
    # Hypothesis favours the first of a choice: three draws in four take the weight at which atom 0's posterior
    # log-odds under x are u, one in four a tiny weight at random
    gap = _log_likelihood_gap(fam, lik, atoms, dx if fam == "table" else x)
    if gap is not None and draw(st.sampled_from(("takeover", "takeover", "takeover", "tiny"))) == "takeover":
        prior = _light_first(prior, gap, draw(st.floats(-5.0, 10.0)))
    else:
        prior = draw(tiny_weight_priors(k))
    return {"family": FS_FAMILIES.index(fam), "prior": prior, "lik": lik, "atoms": atoms, "dx": dx, "dy": dy,
            "x": x, "y": y}


def _peaked_rows(k: int, r: int, eps: float, peaks: list) -> np.ndarray:
    """k rows with ε on every outcome but the row's peak (peaks[0] = 0, peaks[1] = 1: opposite log-ratios on
    the records 0 and 1)."""
    peaks = ([0, 1] + list(peaks[2:]))[:k]
    lik = np.full((k, r), eps)
    for row, j in enumerate(peaks):
        lik[row, j] = 1.0 - (r - 1) * eps
    return lik


def _log_likelihood_gap(family, lik, atoms, data) -> float | None:
    """ln p_θ0(data) − max_{i>0} ln p_θi(data) (float), None where it is not finite."""
    if family == "table":
        params, records = [list(row) for row in lik], [int(v) for v in data]
    else:
        params = [abs(a) for a in atoms] if family in ("exponential", "laplace") else list(atoms)
        records = [abs(v) for v in data] if family == "exponential" else list(data)
    with np.errstate(all="ignore"):
        ll = fp.finite_support_log_likelihoods(family, params, records, FS_KNOWN[family])
    gap = ll[0] - max(ll[1:])
    return gap if np.isfinite(gap) else None


def _light_first(prior, gap: float, log_odds: float):
    """The prior with atom 0's weight q = e^{log_odds − gap} (within [1e-300, 1/2]), the others rescaled: after
    data whose log-likelihood favours atom 0 by `gap`, its posterior log-odds are about log_odds."""
    q = float(np.exp(np.clip(log_odds - gap, np.log(1e-300), np.log(0.5))))
    rest = np.asarray(prior, float).copy()
    rest[0] = 0.0
    rest = rest / rest.sum() * (1.0 - q) if rest.sum() > 0 else np.full(len(rest), (1.0 - q) / (len(rest) - 1))
    rest[0] = q
    return rest


@st.composite
def peaked_channels(draw, k: int, r: int):
    """Rows with one outcome e^ℓ times as likely as each other one (ℓ log-uniform in [0.05, 35]: L(θ) = ℓ under
    Hamming ρ), the first row peaked at 0, the others anywhere."""
    lik = np.ones((k, r))
    peaks = [0] + draw(st.lists(st.integers(0, r - 1), min_size=k - 1, max_size=k - 1))
    for row, j in enumerate(peaks):
        lik[row, j] = float(np.exp(draw(log_reals(0.05, 35.0))))
    return lik / lik.sum(axis=1, keepdims=True)


def takeover_count(prior, lik, offset: int = 0, hi: int = 2000) -> int:
    """How many records 0 make the first drawn atom (row ``lik[0]``, prior weight ``prior[1]``) as likely a
    posteriori as the uniform atom (weight ``prior[0]``), plus offset, within [0, hi]: where its posterior weight
    moves the most with one record."""
    gain = float(np.log(len(lik[0]) * lik[0][0])) if lik[0][0] > 0 else 0.0
    if gain <= 0 or prior[1] <= 0:
        return max(0, min(hi, offset))
    return max(0, min(hi, int(round(float(np.log(prior[0] / prior[1])) / gain)) + offset))


def record_counts(hi: int = 2000):
    """0, or a count log-uniform in [1, hi] (every octave as likely: 20 records as often as 1000)."""
    return st.one_of(st.just(0), st.floats(0.0, float(np.log(hi))).map(lambda t: min(int(np.exp(t)), hi)))


@st.composite
def informative_atoms_light_priors(draw, k: int, lightest: float = 0.0):
    """Most of the prior on atom 0, the others 10^-t each (t in [lightest, 12]): where a few records already make
    the light atoms dominate the posterior."""
    light = np.array([10.0 ** -draw(st.floats(lightest, 12.0)) for _ in range(k - 1)])
    light = light / max(1.0, light.sum() * 1.25)
    return np.concatenate([[1.0 - light.sum()], light])


def assumption2_finite_cases(*, max_atoms: int = 4, max_records: int = 6, extra=None):
    """A finite-support prior that satisfies Assumption 2: a first atom with a uniform likelihood row (L(θ) = 0,
    so ξ(Θ_L) ≥ its weight for every L and c* > 0 — (2.6) holds with c = c*), implied, and k − 1 atoms whose
    rows ``lik`` are drawn; a pair of data sets of drawn records followed by ``extra`` records 0 common to both.
    Half of the draws are at random, half where a light atom takes the posterior over (takeover_cases)."""
    return st.one_of(random_assumption2_cases(max_atoms=max_atoms, max_records=max_records, extra=extra),
                     takeover_cases(max_atoms=max_atoms, max_records=max_records, extra=extra))


def _with_extra(draw, out, extra):
    for key, strat in (extra or {}).items():
        out[key] = draw(strat)
    return out


@st.composite
def random_assumption2_cases(draw, *, max_atoms: int = 4, max_records: int = 6, extra=None):
    """Random rows, priors and data sets, up to 2000 common records (log-uniform)."""
    k = draw(st.integers(2, max_atoms))
    r = draw(st.integers(2, 4))
    n = draw(st.integers(1, max_records))
    lik = draw(st.one_of(channels(k - 1, r), peaked_channels(k - 1, r)))
    prior = draw(st.one_of(priors(k), informative_atoms_light_priors(k)))
    dx, dy = draw(index_pair(r, n))
    return _with_extra(draw, {"prior": prior, "lik": lik, "dx": dx, "dy": dy, "extra": draw(record_counts(2000))},
                       extra)


@st.composite
def takeover_cases(draw, *, max_atoms: int = 4, max_records: int = 6, extra=None):
    """A light atom (prior weight 10^-t, t in [2, 12]) whose row peaks at 0, and about as many records 0 as make
    it as likely a posteriori as the uniform atom (takeover_count, ± 3); y differs from x in its last record,
    moved off the peak: where one record moves the posterior the most."""
    k = draw(st.integers(2, max_atoms))
    r = draw(st.integers(2, 4))
    n = draw(st.integers(1, max_records))
    lik = draw(peaked_channels(k - 1, r))
    prior = draw(informative_atoms_light_priors(k, lightest=2.0))
    dx = [0] * n
    dy = [0] * (n - 1) + [draw(st.integers(1, r - 1))]
    common = takeover_count(prior, lik, draw(st.integers(-3, 3)) - n)
    return _with_extra(draw, {"prior": prior, "lik": lik, "dx": dx, "dy": dy, "extra": common}, extra)


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


__all__ = ["finite_support_cases", "ordinary_finite_support_cases", "extreme_finite_support_cases",
           "tiny_weight_priors", "peaked_channels", "record_counts", "takeover_count", "informative_atoms_light_priors",
           "assumption2_finite_cases", "random_assumption2_cases", "takeover_cases", "conjugate_cases",
           "rate_shift_cases", "index_pair", "real_pair", "uniform_first_row"]


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
