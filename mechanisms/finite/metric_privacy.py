"""Metric (d-)privacy of a finite mechanism, and the geometric mechanism.

A mechanism K (secrets x rows, outputs y columns) is ε·d-private for a metric d on the secrets when
K[x, y] ≤ e^{ε d(x, x')} K[x', y] for all x, x', y (Chatzikokolakis et al., *Broadening the scope of
differential privacy using metrics*, 2013); ε-DP is d-privacy for the Hamming distance of data sets, and
geo-indistinguishability (Andrés et al. 2013) for the Euclidean distance of locations.

The smallest such ε is max over pairs with d(x, x') > 0 of max_y log(K[x, y] / K[x', y]) / d(x, x'):
+∞ where an output is possible from x and not from x' (at any distance), or where two secrets at distance 0
have different rows. The geometric mechanism (Ghosh, Roughgarden, Sundararajan 2009) adds two-sided
geometric noise P(Z = z) = (1 − α)/(1 + α) α^{|z|}, α = e^{−ε}, to an integer: ε·|x − x'|-private; truncated
to {0, …, n − 1}, the mass below 0 (above n − 1) is moved onto 0 (onto n − 1), which keeps the level.

Each is one formula over the numeric context: exact where the channel is rational (α given exactly, or ε = 0),
a ball where it takes a logarithm or an exponential.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import formula

__all__ = ["metric_privacy_level", "geometric_pmf", "truncated_geometric_channel"]


def _distances(ctx, D, n, fname):
    d = ctx.real(D, "D", fname, lo=0)
    if not isinstance(d, np.ndarray) or d.shape != (n, n):
        raise InvalidInput(f"{fname}: D must be a {n} x {n} matrix of distances between the secrets, "
                           f"got shape {np.shape(d)}")
    return d


@formula(args={"K": "matrix", "D": "matrix"},
         domain="K rows of non-negative reals (a mechanism), D n x n distances >= 0")
def metric_privacy_level(ctx, K, D):
    """The smallest ε ≥ 0 with K[x, y] ≤ e^{ε D[x, x']} K[x', y] for all x, x', y: the largest
    log(K[x, y] / K[x', y]) / D[x, x'] (+∞ where no ε suffices; exactly 0 where no ratio exceeds 1)."""
    fname = "metric_privacy_level"
    k = ctx.real(K, "K", fname, lo=0)
    if not isinstance(k, np.ndarray) or k.ndim != 2 or k.size == 0:
        raise InvalidInput(f"{fname}: K must be a non-empty secrets x outputs matrix, got shape {np.shape(k)}")
    n = k.shape[0]
    d = _distances(ctx, D, n, fname)
    zero = ctx.is_zero(k)
    logs = ctx.zeros(k.shape)
    logs[~zero] = ctx.log(k[~zero])
    best = ctx.num(0)
    for x in range(n):
        for x2 in range(n):
            if x == x2:
                continue
            if np.any(zero[x2] & ~zero[x]):
                return ctx.inf
            # the outputs where K[x, y] may exceed K[x', y] (decided exactly on exact rows: equal rows give none)
            rises = [logs[x, y] - logs[x2, y] for y in np.flatnonzero(~zero[x])
                     if not ctx.certainly_le(k[x, y], k[x2, y])]
            if not rises:
                continue
            if ctx.is_zero(d[x, x2]):
                if not ctx.certainly_le(ctx.fmax(rises), 0):  # two secrets at distance 0 must have equal rows
                    return ctx.inf if ctx.positive(ctx.fmax(rises)) else best
                continue
            best = ctx.max(best, ctx.fmax(rises) / d[x, x2])
    return best if not ctx.is_zero(best) else ctx.exact(0)


@formula(args={"eps": "scalar", "z": "integer"}, domain="eps > 0, z an integer")
def geometric_pmf(ctx, eps, z):
    """P(Z = z) = (1 − α)/(1 + α) α^{|z|}, α = e^{−ε}: the noise of the (untruncated) geometric mechanism,
    y = x + Z, which is ε·|x − x'|-private."""
    fname = "geometric_pmf"
    if isinstance(z, bool) or not isinstance(z, (int, np.integer)):
        raise InvalidInput(f"{fname}: z must be an integer, got z={z!r}")
    e = ctx.real(eps, "eps", fname, lo=0, lo_open=True)
    a = ctx.exp(-e)
    return (1 - a) / (1 + a) * ctx.exp(-e * abs(int(z)))


@formula(args={"n": "integer", "eps": "scalar"}, domain="n >= 2 an integer, eps >= 0")
def truncated_geometric_channel(ctx, n, eps):
    """The n x n channel of the geometric mechanism on {0, …, n − 1} truncated at both ends: K[x, y] =
    (1 − α)/(1 + α) α^{|y − x|} inside, K[x, 0] = α^x/(1 + α), K[x, n − 1] = α^{n−1−x}/(1 + α), α = e^{−ε}."""
    fname = "truncated_geometric_channel"
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
        raise InvalidInput(f"{fname}: n must be an integer >= 2, got n={n!r}")
    n = int(n)
    e = ctx.real(eps, "eps", fname, lo=0)
    powers = [ctx.exp(-e * j) for j in range(n)]  # α^j (exactly 1 at j = 0 or ε = 0)
    one, a = ctx.exact(Fraction(1)), powers[1]  # an exact 1: at ε = 0 the entries are exact halves, not float quotients of ints
    inner = (one - a) / (one + a)
    rows = []
    for x in range(n):
        row = [inner * powers[abs(y - x)] for y in range(n)]
        row[0], row[n - 1] = powers[x] / (one + a), powers[n - 1 - x] / (one + a)
        rows.append(row)
    return ctx.matrix(rows)
