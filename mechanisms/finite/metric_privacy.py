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

__all__ = ["metric_privacy_level", "geometric_pmf", "truncated_geometric_channel", "rectangular_geometric_channel",
           "randomized_response_channel", "exponential_mechanism_channel", "tight_constraints_channel"]


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


def _count(n, name, fname, lo):
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < lo:
        raise InvalidInput(f"{fname}: {name} must be an integer >= {lo}, got {name}={n!r}")
    return int(n)


@formula(args={"n_rows": "integer", "eps": "scalar", "n_cols": "integer", "first_x": "integer", "first_y": "integer"},
         domain="eps >= 0, n_rows >= 1, n_cols >= 2, the secrets first_x … first_x + n_rows − 1 within the outputs "
                "first_y … first_y + n_cols − 1")
def rectangular_geometric_channel(ctx, n_rows, eps, n_cols, first_x=0, first_y=0):
    """The geometric mechanism on the secrets first_x, …, first_x + n_rows − 1, truncated to the outputs first_y, …,
    first_y + n_cols − 1 (libqif's ``d_privacy.geometric(n_rows, epsilon, n_cols, first_x, first_y)``; Ghosh,
    Roughgarden & Sundararajan 2009): K[x, y] = (1 − α)/(1 + α) α^{|y − x|} inside, the mass beyond each end moved
    onto it, K[x, first_y] = α^{x − first_y}/(1 + α), K[x, last_y] = α^{last_y − x}/(1 + α), α = e^{−ε}; ε·|x − x'|-
    private. :func:`truncated_geometric_channel` is the square case on {0, …, n − 1}."""
    fname = "rectangular_geometric_channel"
    n, m = _count(n_rows, "n_rows", fname, 1), _count(n_cols, "n_cols", fname, 2)
    fx, fy = int(first_x), int(first_y)
    if fx != first_x or fy != first_y or fx < fy or fx + n - 1 > fy + m - 1:
        raise InvalidInput(f"{fname}: the secrets {first_x}..{first_x + n - 1} must be integers within the outputs "
                           f"{first_y}..{first_y + m - 1}")
    e = ctx.real(eps, "eps", fname, lo=0)
    powers = [ctx.exp(-e * j) for j in range(m)]
    one, a = ctx.exact(Fraction(1)), powers[1]
    inner = (one - a) / (one + a)
    rows = []
    for x in range(fx, fx + n):
        row = [inner * powers[abs(y - x)] for y in range(fy, fy + m)]
        row[0], row[m - 1] = powers[x - fy] / (one + a), powers[fy + m - 1 - x] / (one + a)
        rows.append(row)
    return ctx.matrix(rows)


@formula(args={"n_rows": "integer", "eps": "scalar", "n_cols": "integer"},
         domain="eps >= 0, n_cols >= n_rows >= 1 (n_cols = 0: n_rows)")
def randomized_response_channel(ctx, n_rows, eps, n_cols=0):
    """k-ary randomised response (Warner 1965; Kairouz, Oh & Viswanath 2016; libqif's
    ``d_privacy.randomized_response(n_rows, epsilon, n_cols)``): secret x among n_rows, reported among k = n_cols ≥
    n_rows outputs (n_cols = 0: k = n_rows), K[x, x] = e^ε/(e^ε + k − 1), K[x, y] = 1/(e^ε + k − 1) for y ≠ x: ε-DP
    (the ratio of any two entries of a column is at most e^ε)."""
    fname = "randomized_response_channel"
    n = _count(n_rows, "n_rows", fname, 1)
    k = _count(n_cols, "n_cols", fname, 0) or n
    if k < n:
        raise InvalidInput(f"{fname}: n_cols={n_cols} must be at least n_rows={n_rows}")
    e = ctx.real(eps, "eps", fname, lo=0)
    w, one = ctx.exp(e), ctx.exact(Fraction(1))
    den = w + (k - 1) * one  # exact at ε = 0: entries 1/k, not float quotients of ints
    on, off = w / den, one / den
    return ctx.matrix([[on if y == x else off for y in range(k)] for x in range(n)])


@formula(args={"D": "matrix", "eps": "scalar"}, domain="D n_rows x n_cols distances >= 0 (finite), eps >= 0")
def exponential_mechanism_channel(ctx, D, eps):
    """The exponential mechanism for d-privacy (McSherry & Talwar 2007; Chatzikokolakis et al. 2013) on secrets x and
    outputs y with distances D[x, y]: K[x, y] = e^{−εD[x,y]/2} / Σ_{y'} e^{−εD[x,y']/2} — ε·d-private when D is a
    metric (triangle inequality: each weight moves by e^{εd(x,x')/2}, the normaliser by at most the same); libqif's
    ``d_privacy.exponential(n_rows, d, n_cols)`` with d = ε·D."""
    fname = "exponential_mechanism_channel"
    d = ctx.real(D, "D", fname, lo=0)
    if not isinstance(d, np.ndarray) or d.ndim != 2 or d.size == 0:
        raise InvalidInput(f"{fname}: D must be a non-empty matrix of distances, got D={D!r}")
    e = ctx.real(eps, "eps", fname, lo=0)
    rows = []
    for x in range(d.shape[0]):
        w = [ctx.exp(-e * d[x, y] / 2) for y in range(d.shape[1])]
        z = ctx.sum(w)
        rows.append([wi / z for wi in w])
    return ctx.matrix(rows)


@formula(args={"D": "matrix", "eps": "scalar"}, domain="D n x n distances >= 0 (a metric), eps >= 0, "
                                                      "the solution φ >= 0")
def tight_constraints_channel(ctx, D, eps):
    """The tight-constraints mechanism for ε·d-privacy on n secrets = outputs (ElSalamouny, Chatzikokolakis &
    Palamidessi 2016; libqif's ``d_privacy.tight_constraints(n_rows, d)`` with d = ε·D): K[x, y] = φ_y e^{−εD[x,y]},
    φ the solution of Σ_y e^{−εD[x,y]} φ_y = 1 for every x (each row sums to 1, and every d-privacy constraint
    between x and y's own column is tight); it exists as a mechanism only where φ ≥ 0 (InvalidInput when some φ_y is
    certainly negative). On a line with D = |x − y| it is the truncated geometric mechanism. φ by Gauss–Jordan
    elimination over the context (pivots chosen by size from float guesses: any non-zero pivot gives the same
    exact or enclosed solution)."""
    fname = "tight_constraints_channel"
    d = ctx.real(D, "D", fname, lo=0)
    if not isinstance(d, np.ndarray) or d.ndim != 2 or d.shape[0] != d.shape[1] or d.size == 0:
        raise InvalidInput(f"{fname}: D must be a non-empty square matrix of distances, got D={D!r}")
    e = ctx.real(eps, "eps", fname, lo=0)
    n = d.shape[0]
    phi_m = [[ctx.exp(-e * d[x, y]) for y in range(n)] for x in range(n)]
    a = [row[:] + [ctx.exact(Fraction(1))] for row in phi_m]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(float(ctx.guess(a[r][col]))))
        a[col], a[piv] = a[piv], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    phi = [a[y][n] for y in range(n)]
    if any(ctx.certainly_lt(v, 0) for v in phi):
        raise InvalidInput(f"{fname}: the tight-constraints system has a negative solution: no such mechanism")
    return ctx.matrix([[phi[y] * phi_m[x][y] for y in range(n)] for x in range(n)])
