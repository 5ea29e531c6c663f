"""Finite mechanisms: a row-stochastic channel K[d, w] = f_{W|D}(w|d) with a prior over secrets d.

Each measure is one formula over the numeric context (:mod:`mechanisms.numerics.context`): ``fp.kl(p, q)`` on floats
and numpy arrays (vectorised, log-space), ``certified.kl(p, q)`` on exact numbers and balls (rows may hold
balls: randomised response at p = e^ε/(1 + e^ε)), ``box.kl(...)`` on Balls over a parameter box. Rational
quantities (marginal, posterior, TV, belief after a release) stay exact on exact rows; a logarithm makes a
ball. Rows are read with ``ctx.real`` (finite numbers; no check that they sum to 1: a measure of
unnormalised rows is the claims' business).

Conventions the definitions leave to us:

* outputs w of marginal probability zero never occur, so they are excluded from every max / sum
  over w (the posterior there is undefined: ``ctx.undefined``, NaN on floats, None certified);
* secrets of prior probability zero are excluded from MBP (the ratio posterior/prior is 0/0);
* a likelihood ratio with a zero denominator and a non-zero numerator makes a level infinite
  (``ctx.inf``: the exact infinity on the certified context).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import numpy as np

from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import FloatOnCertifiedPath, to_fraction  # the one converter (a float is refused)


# ----------------------------------------------------------------------------- measures, one formula each
def _rows(ctx, v, name, fname):
    """A vector or matrix of finite reals of the context (ints become exact rationals, so quotients stay exact)."""
    return ctx.real(v, name, fname)


def _column_max(ctx, k):
    return ctx._column_max(k)


def _column_min(ctx, k):
    return ctx._column_min(k)


@formula
def marginal(ctx, K, prior):
    """f_W(w) = Σ_d f_D(d) K[d, w], the output marginal (exact on exact rows)."""
    return ctx._vecmat(_rows(ctx, prior, "prior", "marginal"), _rows(ctx, K, "K", "marginal"))


@formula
def posterior(ctx, K, prior):
    """f_{D|W}(d|w) = f_D(d) K[d, w] / f_W(w) as a secrets x outputs matrix; a column of zero marginal is
    ``ctx.undefined`` (NaN on floats, None certified)."""
    k, p = _rows(ctx, K, "K", "posterior"), _rows(ctx, prior, "prior", "posterior")
    joint = p[:, None] * k
    marg = joint.sum(axis=0)
    never = ctx.is_zero(marg)
    marg[never] = 1  # divides a column of zeros, which then becomes undefined
    post = joint / marg
    post[:, never] = ctx.undefined
    return post


@formula
def ldp_level(ctx, K):
    """Smallest ε with K[d,w] <= e^ε K[d',w] for all d, d', w (Definition 5.1 of 000): the largest
    log(max_d K[d,w] / min_d K[d,w]) over the outputs that occur.

    On a finite output space the sup over output sets S equals the pointwise max over w, because a
    ratio of sums is at most the largest ratio of its terms. In log space (log max − log min: no ratio
    to overflow); exactly 0 when every column is constant (the output says nothing)."""
    k = _rows(ctx, K, "K", "ldp_level")
    hi, lo = _column_max(ctx, k), _column_min(ctx, k)
    used = ~ctx.is_zero(hi)
    hi, lo = hi[used], lo[used]
    if ctx.is_zero(lo).any():
        return ctx.inf
    if ctx.exactly_zero(hi - lo).all():  # a shortcut: the general form is 0 there too
        return ctx.num(0)
    return ctx.fmax(ctx.log(hi) - ctx.log(lo))


@formula
def mbp_level(ctx, K, prior):
    """Smallest ξ with |log f_{D|W}(d|w) / f_D(d)| <= ξ for all d in the support, all w that occur.

    posterior / prior = K[d,w] / marginal[w], so only the column max and min of K over the support are
    needed: no posterior matrix and no logarithm of the whole channel. Exactly 0 when every ratio is 1."""
    k, p = _rows(ctx, K, "K", "mbp_level"), _rows(ctx, prior, "prior", "mbp_level")
    rows = ~ctx.is_zero(p)
    k, p = k[rows], p[rows]
    marg = ctx._vecmat(p, k)
    cols = ~ctx.is_zero(marg)
    hi, lo = _column_max(ctx, k)[cols], _column_min(ctx, k)[cols]
    if ctx.is_zero(lo).any():
        return ctx.inf
    if ctx.exactly_zero(hi - lo).all() and ctx.exactly_zero(hi - marg[cols]).all():  # a shortcut, as in ldp_level
        return ctx.num(0)
    lm = ctx.log(marg[cols])
    return ctx.max(ctx.fmax(ctx.log(hi) - lm), ctx.fmax(lm - ctx.log(lo)))


@formula
def kl(ctx, p, q):
    """KL(p ‖ q) = Σ_{p > 0} p (log p − log q) (natural log); +∞ where q = 0 < p; exactly 0 where q agrees
    with p on p's support."""
    p, q = _rows(ctx, p, "p", "kl"), _rows(ctx, q, "q", "kl")
    s = ~ctx.is_zero(p)
    if ctx.is_zero(q[s]).any():
        return ctx.inf
    if ctx.exactly_zero(p[s] - q[s]).all():  # a shortcut: the general sum is 0 there too
        return ctx.num(0)
    terms = ctx.zeros(p.shape)
    terms[s] = p[s] * (ctx.log(p[s]) - ctx.log(q[s]))
    return ctx.sum(terms)


@formula
def js(ctx, p, q):
    """Jensen–Shannon divergence (natural log), ½KL(p‖m) + ½KL(q‖m) with m = (p+q)/2; ≥ 0 (in floats a
    negative sum is the rounding noise of two nearly equal distributions)."""
    p, q = _rows(ctx, p, "p", "js"), _rows(ctx, q, "q", "js")
    mid = (p + q) / 2
    return ctx.max((ctx.kl(p, mid) + ctx.kl(q, mid)) / 2, ctx.num(0))


@formula
def tv(ctx, p, q):
    """Total variation ½ Σ |p − q| (exact on exact rows)."""
    return ctx.sum(ctx.abs(_rows(ctx, p, "p", "tv") - _rows(ctx, q, "q", "tv"))) / 2


@formula
def renyi(ctx, p, q, alpha):
    """D_α(p‖q) = log Σ_{p > 0} p^α q^{1−α} / (α − 1) for α > 1, by log-sum-exp; +∞ where q = 0 < p."""
    a = ctx.real(alpha, "alpha", "renyi", lo=1, lo_open=True)
    p, q = _rows(ctx, p, "p", "renyi"), _rows(ctx, q, "q", "renyi")
    s = ~ctx.is_zero(p)
    if ctx.is_zero(q[s]).any():
        return ctx.inf
    return ctx.log_sum_exp(a * ctx.log(p[s]) + (1 - a) * ctx.log(q[s])) / (a - 1)


@formula
def belief_after_release(ctx, K, prior, mixing):
    """f^A_D(d) = Σ_w f_{D|W}(d|w) P(w) = f_D(d) Σ_w K[d,w] P(w) / marginal(w): one mat-vec. Mass of P on
    an output of marginal probability 0 (where the posterior is undefined) is an error."""
    fname = "belief_after_release"
    k, p = _rows(ctx, K, "K", fname), _rows(ctx, prior, "prior", fname)
    law = _rows(ctx, mixing, "mixing", fname)
    marg = ctx._vecmat(p, k)
    charged = ~ctx.is_zero(law)
    if ctx.is_zero(marg[charged]).any():
        w = int(np.flatnonzero(charged & ctx.is_zero(marg))[0])
        raise InvalidInput(f"{fname}: mixing puts mass on output {w}, which has marginal probability 0")
    weight = ctx.zeros(law.shape)
    weight[charged] = law[charged] / marg[charged]
    return p * (k @ weight)


# ----------------------------------------------------------------------------- exact converters (the command line's)
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
