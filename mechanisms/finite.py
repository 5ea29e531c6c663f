"""Finite mechanisms: a row-stochastic channel K[d, w] = f_{W|D}(w|d) with a prior over secrets d.

Each measure exists on two paths that share no code:

* floats — numpy, vectorised, log-space (module-level functions below);
* certified — exact rationals (``fractions.Fraction``) for every quantity that is rational
  (posterior, marginal, likelihood ratios, TV, vulnerabilities), and python-flint ``arb`` balls
  for what needs a logarithm; see :class:`Certified`.

Conventions the definitions leave to us, applied identically on both paths:

* outputs w of marginal probability zero never occur, so they are excluded from every max / sum
  over w (the posterior there is undefined);
* secrets of prior probability zero are excluded from MBP (the ratio posterior/prior is 0/0);
* a likelihood ratio with a zero denominator and a non-zero numerator makes a level infinite
  (``inf`` on the float path, ``None`` on the certified path, which claims must treat as "no
  finite level").
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import numpy as np

from mechanisms.checks import ROW_TOL
from mechanisms.errors import InvalidInput
from mechanisms.exact import FloatOnCertifiedPath, to_fraction  # the one converter (a float is refused)


# ----------------------------------------------------------------------------- validation
def validate_prior(prior, name: str = "prior", tol: float = ROW_TOL) -> np.ndarray:
    p = np.asarray(prior, dtype=float)
    if p.ndim != 1 or p.size == 0:
        raise InvalidInput(f"{name} must be a non-empty vector, got shape {p.shape}")
    bad = np.flatnonzero(~np.isfinite(p) | (p < 0))
    if bad.size:
        i = int(bad[0])
        raise InvalidInput(f"{name}[{i}] = {p[i]!r} is not a finite non-negative probability")
    s = float(p.sum())
    if abs(s - 1.0) > tol:
        raise InvalidInput(f"{name} sums to {s!r}, not 1")
    return p


def validate_channel(K, name: str = "channel", tol: float = ROW_TOL) -> np.ndarray:
    k = np.asarray(K, dtype=float)
    if k.ndim != 2 or k.shape[0] == 0 or k.shape[1] == 0:
        raise InvalidInput(f"{name} must be a non-empty secrets x outputs matrix, got shape {k.shape}")
    bad = np.argwhere(~np.isfinite(k) | (k < 0))
    if bad.size:
        i, j = (int(v) for v in bad[0])
        raise InvalidInput(f"{name}[{i},{j}] = {k[i, j]!r} is not a finite non-negative probability")
    sums = k.sum(axis=1)
    off = np.flatnonzero(np.abs(sums - 1.0) > tol)
    if off.size:
        i = int(off[0])
        raise InvalidInput(f"row {i} of {name} sums to {sums[i]!r}, not 1")
    return k


def validate_exact_channel(K: Sequence[Sequence[Fraction]], name: str = "channel"):
    for i, row in enumerate(K):
        for j, v in enumerate(row):
            if v < 0:
                raise InvalidInput(f"{name}[{i},{j}] = {v} is negative")
        if sum(row) != 1:
            raise InvalidInput(f"row {i} of {name} sums to {sum(row)}, not exactly 1")
    return K


def validate_exact_prior(p: Sequence[Fraction], name: str = "prior"):
    for i, v in enumerate(p):
        if v < 0:
            raise InvalidInput(f"{name}[{i}] = {v} is negative")
    if sum(p) != 1:
        raise InvalidInput(f"{name} sums to {sum(p)}, not exactly 1")
    return p


# ----------------------------------------------------------------------------- float path
def _xlogy_ratio(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """p * log(p / q) with 0 log 0 = 0 and p log(p/0) = inf."""
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(p > 0, p * (np.log(p) - np.log(q)), 0.0)
    return out


def output_marginal(K, prior) -> np.ndarray:
    return np.asarray(prior, float) @ np.asarray(K, float)


def posterior(K, prior) -> np.ndarray:
    """f_{D|W}(d|w) as a secrets x outputs matrix; columns of zero marginal are NaN (undefined)."""
    K = np.asarray(K, float)
    prior = np.asarray(prior, float)
    joint = prior[:, None] * K
    marg = joint.sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        return joint / np.where(marg > 0, marg, np.nan)


def ldp_level(K) -> float:
    """Smallest ε with K[d,w] <= e^ε K[d',w] for all d, d', w (Definition 5.1 of 000).

    On a finite output space the sup over output sets S equals the pointwise max over w,
    because a ratio of sums is at most the largest ratio of its terms.
    """
    K = np.asarray(K, float)
    hi = K.max(axis=0)
    lo = K.min(axis=0)
    used = hi > 0
    if not used.any():
        return 0.0
    if (lo[used] == 0).any():
        return float("inf")
    return float(np.max(np.log(hi[used]) - np.log(lo[used])))


def mbp_level(K, prior) -> float:
    """Smallest ξ with |log f_{D|W}(d|w) / f_D(d)| <= ξ for all d in the support, all w that occur.

    posterior / prior = K[d,w] / marginal[w], so only the column max and min of K are needed:
    no posterior matrix and no logarithm of the whole channel.
    """
    K = np.asarray(K, float)
    prior = np.asarray(prior, float)
    rows = prior > 0
    if not rows.all():
        K, prior = K[rows], prior[rows]
    marg = prior @ K
    cols = marg > 0
    if not cols.any():
        return 0.0
    hi = K.max(axis=0)[cols]
    lo = K.min(axis=0)[cols]
    if (lo == 0).any():
        return float("inf")
    lm = np.log(marg[cols])
    return float(max(np.max(np.log(hi) - lm), np.max(lm - np.log(lo))))


def kl_divergence(p, q) -> float:
    return float(np.sum(_xlogy_ratio(np.asarray(p, float), np.asarray(q, float))))


def js_divergence(p, q) -> float:
    """Jensen–Shannon divergence (natural log), ½KL(p‖m) + ½KL(q‖m) with m = (p+q)/2."""
    p = np.asarray(p, float)
    q = np.asarray(q, float)
    m = 0.5 * (p + q)
    # JS ≥ 0; a negative sum is rounding noise of two (nearly) equal distributions
    return max(float(0.5 * np.sum(_xlogy_ratio(p, m)) + 0.5 * np.sum(_xlogy_ratio(q, m))), 0.0)


def tv_distance(p, q) -> float:
    return float(0.5 * np.sum(np.abs(np.asarray(p, float) - np.asarray(q, float))))


def renyi_divergence(p, q, alpha: float) -> float:
    """D_α(p‖q) = log Σ p^α q^{1-α} / (α − 1) for α > 1, by log-sum-exp."""
    if not (alpha > 1) or not np.isfinite(alpha):
        raise InvalidInput(f"Rényi order alpha = {alpha!r} must be a finite number > 1")
    p = np.asarray(p, float)
    q = np.asarray(q, float)
    s = p > 0
    if (q[s] == 0).any():
        return float("inf")
    t = alpha * np.log(p[s]) + (1 - alpha) * np.log(q[s])
    mx = t.max()
    return float((mx + np.log(np.sum(np.exp(t - mx)))) / (alpha - 1))


def belief_after_release(K, prior, mixing) -> np.ndarray:
    """f^A_D(d) = Σ_w f_{D|W}(d|w) P(w) = f_D(d) Σ_w K[d,w] P(w) / marginal(w): one mat-vec."""
    K = np.asarray(K, float)
    prior = np.asarray(prior, float)
    mixing = np.asarray(mixing, float)
    marg = prior @ K
    with np.errstate(divide="ignore", invalid="ignore"):
        weight = np.where(mixing > 0, mixing / marg, 0.0)  # mass on an impossible output gives inf/nan
    return prior * (K @ weight)






# ----------------------------------------------------------------------------- exact path
def _entry(x, where: str) -> Fraction:
    try:
        return to_fraction(x)
    except (InvalidInput, FloatOnCertifiedPath):
        raise InvalidInput(f"{where} = {x!r} is not a finite exact number") from None


def exact_vector(v, name: str = "prior") -> list[Fraction]:
    if not isinstance(v, (list, tuple, np.ndarray)):
        raise InvalidInput(f"{name} must be a list of numbers, got {v!r}")
    return [_entry(x, f"{name}[{i}]") for i, x in enumerate(v)]


def exact_matrix(K, name: str = "channel") -> list[list[Fraction]]:
    if not isinstance(K, (list, tuple, np.ndarray)) or not all(isinstance(r, (list, tuple, np.ndarray)) for r in K):
        raise InvalidInput(f"{name} must be a list of rows, got {K!r}")
    return [[_entry(x, f"{name}[{i},{j}]") for j, x in enumerate(row)] for i, row in enumerate(K)]


def exact_output_marginal(K, prior) -> list[Fraction]:
    m = len(K[0])
    return [sum((prior[d] * K[d][w] for d in range(len(K))), Fraction(0)) for w in range(m)]


def exact_posterior(K, prior) -> list[list[Fraction | None]]:
    marg = exact_output_marginal(K, prior)
    return [[(prior[d] * K[d][w] / marg[w]) if marg[w] else None for w in range(len(marg))]
            for d in range(len(K))]


def exact_ldp_ratio(K) -> Fraction | None:
    """e^{ε} exactly: max over w of max_d K / min_d K; None when infinite."""
    best = Fraction(1)
    for w in range(len(K[0])):
        col = [row[w] for row in K]
        hi, lo = max(col), min(col)
        if hi == 0:
            continue
        if lo == 0:
            return None
        best = max(best, hi / lo)
    return best


def exact_mbp_ratios(K, prior) -> tuple[Fraction, Fraction] | None:
    """(max, min) of posterior/prior = K[d,w]/marginal[w] over the support; None when unbounded."""
    marg = exact_output_marginal(K, prior)
    hi, lo = None, None
    for w, mw in enumerate(marg):
        if mw == 0:
            continue
        for d, pd in enumerate(prior):
            if pd == 0:
                continue
            r = K[d][w] / mw
            if r == 0:
                return None
            hi = r if hi is None else max(hi, r)
            lo = r if lo is None else min(lo, r)
    if hi is None:
        return Fraction(1), Fraction(1)
    return hi, lo


def exact_tv_distance(p, q) -> Fraction:
    return sum((abs(a - b) for a, b in zip(p, q)), Fraction(0)) / 2


def exact_belief_after_release(K, prior, mixing) -> list[Fraction]:
    post = exact_posterior(K, prior)
    out = []
    for d in range(len(K)):
        out.append(sum((post[d][w] * mixing[w] for w in range(len(mixing)) if mixing[w]), Fraction(0)))
    return out



