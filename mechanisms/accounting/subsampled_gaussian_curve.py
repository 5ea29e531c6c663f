"""The RDP curve of the Poisson-subsampled Gaussian at many orders at once (what an accountant evaluates).

Same quantity as :func:`mechanisms.accounting.subsampled_gaussian.subsampled_gaussian_rdp` (τ_α = log A_α/(α − 1), sampling
rate q, noise multiplier σ), computed for a whole list of orders with array operations:

* integer orders — A_α − 1 = Σ_{k≥2} C(α,k)(1−q)^{α−k} q^k expm1(k(k−1)/(2σ²)) for all orders in one
  (orders × k) array (every term ≥ 0; log A = log1p(A − 1) keeps the digits of a tiny τ);
* fractional orders — the signed two-series of Mironov, Talwar, Zhang (2019, §3.3) for all orders in one array,
  in blocks of terms until every order has converged (alternating tail below e^{−40} of the sum), with a bound on
  the rounding of each order (machine epsilon times the sizes of the parts that were added).

An order whose series has not converged within ``MAX_TERMS`` terms, or whose rounding bound exceeds ``rtol`` of
log A_α (log A ≲ 1e−4, where terms of size 1 add up to 1 + tiny), is integrated instead, all such orders on one
set of Gauss–Legendre nodes: A_α − 1 = E[(1 + w)^α − 1 − αw], w = q·expm1((2z − 1)/(2σ²)) (E w = 0), whose
integrand is ≥ 0 and computed without cancellation; the rule is accepted where doubling the panels changes no
order by more than ``rtol``, and any order left is computed by the single-order route
(mechanisms.accounting.subsampled_gaussian), so the curve is never less accurate than about ``rtol`` relative.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import special as sc

from mechanisms.numerics.checks import real, real_array
from mechanisms.errors import InvalidInput
from mechanisms.accounting.subsampled_gaussian import log_binomial_excess, subsampled_gaussian_rdp

__all__ = ["subsampled_gaussian_rdp_curve", "MAX_TERMS"]

MAX_TERMS = 512  # beyond this the single-order route (quadrature) is faster
_BLOCK = 64


def _log_a_integer(orders, sigma, q):
    """log A_α for integer orders (array), by the non-negative excess sum."""
    top = int(orders.max())
    k = np.arange(2, top + 1, dtype=float)
    c = 1 / (2 * sigma * sigma)
    x = k * (k - 1) * c
    log_expm1 = x + np.log(-np.expm1(-x))
    a = orders[:, None]
    with np.errstate(invalid="ignore"):
        terms = (sc.gammaln(a + 1) - sc.gammaln(k + 1) - sc.gammaln(a - k + 1) + (a - k) * math.log1p(-q)
                 + k * math.log(q) + log_expm1)
    terms = np.where(k[None, :] <= a, terms, -np.inf)
    log_excess = sc.logsumexp(terms, axis=1)
    return np.where(log_excess > 30, log_excess + np.log1p(np.exp(-np.minimum(log_excess, 700))),
                    np.log1p(np.exp(np.minimum(log_excess, 30))))


def _log_a_fractional(orders, sigma, q):
    """(log A_α, rounding bound, converged) for fractional orders (arrays), by the signed two-series; each block
    of terms is evaluated only for the orders that have not converged yet."""
    c = 1 / (2 * sigma * sigma)
    lq, l1q = math.log(q), math.log1p(-q)
    z0 = sigma * sigma * (l1q - lq) + 0.5
    n = orders.size
    pos, neg, err = np.full(n, -np.inf), np.full(n, -np.inf), np.full(n, -np.inf)
    done = np.zeros(n, dtype=bool)
    last = np.full(n, np.inf)
    eps = np.finfo(float).eps
    # log|C(α, i)| = Σ_{m<i} log|α − m| − log i!, accumulated block after block: its rounding grows with the
    # parts actually added (exactly 0 at i = 0), not with log Γ(α + 1)
    log_c, log_c_size = np.zeros(n), np.zeros(n)
    for start in range(0, MAX_TERMS, _BLOCK):
        live = np.flatnonzero(~done)
        if live.size == 0:
            break
        a = orders[live][:, None]
        i = np.arange(start, start + _BLOCK, dtype=float)[None, :]
        j = a - i
        steps = np.log(np.abs(a - i + 1)) - np.log(np.maximum(i, 1))  # log|α − (i − 1)| − log i, for i ≥ 1
        if start == 0:
            steps[:, 0] = 0.0
        lb = log_c[live][:, None] + np.cumsum(steps, axis=1)
        lb_size = log_c_size[live][:, None] + np.cumsum(np.abs(steps), axis=1)
        log_c[live], log_c_size[live] = lb[:, -1], lb_size[:, -1]
        sign = sc.gammasgn(j + 1)
        e0, e1 = sc.log_ndtr((z0 - i) / sigma), sc.log_ndtr((j - z0) / sigma)
        s0 = lb + i * lq + j * l1q + (i * i - i) * c + e0
        s1 = lb + j * lq + i * l1q + (j * j - j) * c + e1
        t = np.logaddexp(s0, s1)
        # each log-term's rounding: machine epsilon times the parts added into it, weighted by the term itself
        size0 = lb_size + np.abs(i * lq) + np.abs(j * l1q) + np.abs((i * i - i) * c) + np.abs(e0) + 1
        size1 = lb_size + np.abs(j * lq) + np.abs(i * l1q) + np.abs((j * j - j) * c) + np.abs(e1) + 1
        pos[live] = np.logaddexp(pos[live], sc.logsumexp(np.where(sign > 0, t, -np.inf), axis=1))
        neg[live] = np.logaddexp(neg[live], sc.logsumexp(np.where(sign < 0, t, -np.inf), axis=1))
        with np.errstate(invalid="ignore", divide="ignore"):
            rounding = np.logaddexp(s0 + np.log(4 * eps * size0), s1 + np.log(4 * eps * size1))
            err[live] = np.logaddexp(err[live], sc.logsumexp(np.where(t > -np.inf, rounding, -np.inf), axis=1))
        # alternating tail with decreasing terms: the truncation error is below the last term
        done[live] = ((i[0, -1] > a[:, 0] + 1) & (t[:, -1] < pos[live] - 40) & (t[:, -1] <= t[:, -2])
                      & (t[:, -1] <= last[live]))
        last[live] = t[:, -1]
    with np.errstate(invalid="ignore", divide="ignore"):
        log_a = pos + np.log1p(-np.exp(neg - pos))
        bound = np.exp(err - log_a) + 4 * eps * np.abs(log_a)
    return log_a, bound, done


def _log_a_minus_one_quadrature(orders, sigma, q, rtol, panels=64, nodes=16):
    """(log(A_α − 1), accepted) for orders (array) on shared Gauss–Legendre panels, doubled once to check."""
    c = 1 / (2 * sigma * sigma)
    lo, hi = -14 * sigma - 2, float(orders.max()) + 14 * sigma + 2
    x, wts = np.polynomial.legendre.leggauss(nodes)

    def rule(p):
        edges = np.linspace(lo, hi, p + 1)
        half, mid = (edges[1:] - edges[:-1]) / 2, (edges[1:] + edges[:-1]) / 2
        z = (mid[:, None] + half[:, None] * x[None, :]).ravel()
        weight = (half[:, None] * wts[None, :]).ravel()
        w = q * np.expm1((2 * z - 1) * c)
        lf = -z * z * c - 0.5 * math.log(2 * math.pi * sigma * sigma) + log_binomial_excess(orders[:, None], w[None, :])
        return sc.logsumexp(lf, b=weight[None, :], axis=1)

    coarse, fine = rule(panels), rule(2 * panels)
    # the excess is A − 1 = e^{log A} − 1 ≥ log A: a relative change of the excess bounds that of log A
    return fine, np.abs(np.expm1(fine - coarse)) <= rtol


def subsampled_gaussian_rdp_curve(orders, sigma, q, rtol=1e-11):
    """τ_α at each order of ``orders`` (array-like, every α ∈ (1, ∞]), float; see the module note. τ_∞ = +∞ for
    q > 0 (the likelihood ratio is unbounded), 0 for q = 0."""
    fname = "subsampled_gaussian_rdp_curve"
    a, _ = real_array(orders, "orders", fname, lo=1, lo_open=True, allow_inf=True)
    if a.ndim != 1 or a.size == 0:
        raise InvalidInput(f"{fname}: orders must be a non-empty list, got orders={orders!r}")
    s = real(sigma, "sigma", fname, lo=0, lo_open=True)
    qq = real(q, "q", fname, lo=0, hi=1)
    r = real(rtol, "rtol", fname, lo=0, lo_open=True)
    infinite = np.isinf(a)
    if infinite.any():
        out = np.full(a.shape, math.inf if qq > 0 else 0.0)
        if (~infinite).any():
            out[~infinite] = subsampled_gaussian_rdp_curve(a[~infinite], s, qq, r)
        return out
    if qq == 0:
        return np.zeros_like(a)
    if qq == 1:
        return a / (2 * s * s)
    log_a = np.empty_like(a)
    is_int = a == np.floor(a)
    if is_int.any():
        log_a[is_int] = _log_a_integer(a[is_int], s, qq)
    frac = ~is_int
    if frac.any():
        la, bound, done = _log_a_fractional(a[frac], s, qq)
        ok = done & np.isfinite(la) & (la > 0) & (bound <= r * la)
        la = np.where(ok, la, np.nan)
        redo = np.flatnonzero(~ok)
        if redo.size:  # slow or rounding-limited series: the shared quadrature of the excess
            log_excess, accepted = _log_a_minus_one_quadrature(a[frac][redo], s, qq, r)
            la[redo] = np.where(accepted, np.log1p(np.exp(np.minimum(log_excess, 700))), np.nan)
            left = redo[~accepted]
            if left.size:  # the accurate single-order route
                orders_f = a[frac][left]
                la[left] = np.array([subsampled_gaussian_rdp(float(v), s, qq) for v in orders_f]) * (orders_f - 1)
        log_a[frac] = la
    return log_a / (a - 1)
