"""The single-step privacy-loss laws of the PLD accountant (written once over the numeric context: floats or arb
balls) and the float search for where a law's grid ends (see :mod:`mechanisms.accounting.pld`)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import flint
import numpy as np

_TAIL_BITS = 56  # a single step's tails beyond the grid hold ≤ 2^−56 of mass (accounted for, not lost)

# ----------------------------------------------------------------------------- the single-step loss, over ctx
def _phi(ctx):
    """ctx.Phi, on the certified path without its per-call overhead (Φ(y) = erfc(−y/√2)/2 with −1/√2 made once,
    a loop over the balls of a vector): the grid's CDF values are most of the certified route's time."""
    if not ctx.certified:
        return ctx.Phi
    c, half = -1 / flint.arb(2).sqrt(), flint.arb(0.5)

    def f(y):
        return (y * c).erfc() * half if isinstance(y, flint.arb) else ctx.Phi(y)

    def phi(x):
        if not isinstance(x, np.ndarray):
            return f(x)
        out = np.empty(x.shape, dtype=object)
        for i, y in enumerate(x.flat):
            out.flat[i] = f(y)
        return out
    return phi


@dataclass(frozen=True)
class _LossLaw:
    """The law of one step's privacy loss under P, with Q's mass on the same losses: ``cdf(t)`` is the pair
    (P(L ≤ t), Q(L ≤ t)) and ``sf(t)`` (P(L > t), Q(L > t)) for the continuous part, (lo, hi) the ends of its
    support (±inf where unbounded), ``atoms`` the triples (loss, P-mass, Q-mass)."""
    cdf: object
    sf: object
    lo: object
    hi: object
    atoms: tuple


def _gaussian_law(ctx, mu):
    """N(0, σ²) against N(Δ, σ²), μ = Δ/σ: L ~ N(μ²/2, μ²) under P and N(−μ²/2, μ²) under Q."""
    mu, Phi = ctx.num(mu), _phi(ctx)  # the CDF's arithmetic in balls (exact rationals would grow at every point)
    m = mu * mu / 2
    return _LossLaw(lambda t: (Phi((t - m) / mu), Phi((t + m) / mu)),
                    lambda t: (Phi((m - t) / mu), Phi((-m - t) / mu)), ctx.ninf, ctx.inf, ())


def _laplace_law(ctx, e0):
    """Lap(0, b) against Lap(Δ, b), ε₀ = Δ/b: L = ε₀ on x ≤ 0 (P-mass ½, Q-mass ½e^{−ε₀}), −ε₀ on x ≥ Δ (P-mass
    ½e^{−ε₀}, Q-mass ½), (Δ − 2x)/b between, with P-density ¼e^{(t − ε₀)/2} and Q-density ¼e^{−(t + ε₀)/2}."""
    half, e = ctx.exact(Fraction(1, 2)), ctx.num(e0)  # the support's ends and the atoms stay exact
    return _LossLaw(lambda t: (half * (ctx.exp((t - e) / 2) - ctx.exp(-e)), -half * ctx.expm1(-(t + e) / 2)),
                    lambda t: (-half * ctx.expm1((t - e) / 2), half * (ctx.exp(-(t + e) / 2) - ctx.exp(-e))),
                    -e0, e0, ((-e0, half * ctx.exp(-e), half), (e0, half, half * ctx.exp(-e))))


def _elementwise(ctx, scalar, vector):
    """x ↦ its image: on the certified path a loop of ``scalar`` over the balls of a vector (one pass, arb
    methods, instead of one ctx pass per operation), ``vector`` otherwise (numpy floats, or a non-ball)."""
    if not ctx.certified:
        return vector

    def f(x):
        if isinstance(x, np.ndarray):
            out = np.empty(x.shape, dtype=object)
            for i, y in enumerate(x.flat):
                out.flat[i] = scalar(y) if isinstance(y, flint.arb) else vector(y)
            return out
        return scalar(x) if isinstance(x, flint.arb) else vector(x)
    return f


def _subsampled_x(ctx, sigma, q, sign):
    """t ↦ x(sign·t) = σ² log((e^{sign·t} − 1 + q)/q) + ½, the x at which the remove pair's loss is sign·t."""
    s2, u, half = sigma * sigma, 1 - q, ctx.num(Fraction(1, 2))
    return _elementwise(ctx, lambda t: s2 * (((t if sign > 0 else -t).exp() - u) / q).log() + half,
                        lambda t: s2 * ctx.log((ctx.exp(sign * t) - u) / q) + half)


def _subsampled_remove_law(ctx, sigma, q):
    """(1−q)N(0,σ²) + qN(1,σ²) against N(0,σ²): L = log(1 − q + q e^{(2x−1)/(2σ²)}) increasing in x, so
    L ≤ t iff X ≤ x(t), x(t) = σ² log((e^t − 1 + q)/q) + ½, on t > log(1 − q)."""
    sigma, q, Phi = ctx.num(sigma), ctx.num(q), _phi(ctx)
    u, x_of = 1 - q, _subsampled_x(ctx, sigma, q, +1)

    def cdf(t):
        x = x_of(t)
        below = Phi(x / sigma)
        return u * below + q * Phi((x - 1) / sigma), below

    def sf(t):
        x = x_of(t)
        above = Phi(-x / sigma)
        return u * above + q * Phi((1 - x) / sigma), above
    return _LossLaw(cdf, sf, ctx.log(u), ctx.inf, ())


def _subsampled_add_law(ctx, sigma, q):
    """N(0,σ²) against (1−q)N(0,σ²) + qN(1,σ²): L = −log(1 − q + q e^{(2x−1)/(2σ²)}), X ~ N(0, σ²), decreasing in
    x, so L ≤ t iff X ≥ x(−t), on t < −log(1 − q)."""
    sigma, q, Phi = ctx.num(sigma), ctx.num(q), _phi(ctx)
    u, x_of = 1 - q, _subsampled_x(ctx, sigma, q, -1)

    def cdf(t):
        x = x_of(t)
        above = Phi(-x / sigma)
        return above, u * above + q * Phi((1 - x) / sigma)

    def sf(t):
        x = x_of(t)
        below = Phi(x / sigma)
        return below, u * below + q * Phi((x - 1) / sigma)
    return _LossLaw(cdf, sf, ctx.ninf, -ctx.log(u), ())


def _subsampled_replace_law(ctx, sigma, q):
    """(1−q)N(0,σ²) + qN(1,σ²) against (1−q)N(0,σ²) + qN(−1,σ²) (replace one: dp_accounting's REPLACE, mirrored):
    L = log((u + qc·a)/(u + qc/a)), a = e^{x/σ²}, c = e^{−1/(2σ²)}, u = 1 − q, increasing in x from −∞ to +∞; L ≤ t
    iff a ≤ a(t), the positive root of qc·a² − u(e^t − 1)a − qc·e^t = 0, taken as (u(e^t−1) + r)/(2qc) for t > 0 and
    as 2qc·e^t/(r − u(e^t−1)) otherwise (no cancellation), r = √(u²(e^t−1)² + 4q²c²e^t)."""
    sigma, q, Phi = ctx.num(sigma), ctx.num(q), _phi(ctx)
    u, s2 = 1 - q, sigma * sigma
    qc = q * ctx.exp(-1 / (2 * s2))

    def x_ball(t):
        et, em1 = t.exp(), t.expm1()
        r = (u * u * em1 * em1 + 4 * qc * qc * et).sqrt()
        return s2 * ((u * em1 + r) / (2 * qc) if t > 0 else 2 * qc * et / (r - u * em1)).log()

    def x_float(t):
        et, em1 = np.exp(t), np.expm1(t)
        r = np.sqrt(u * u * em1 * em1 + 4 * qc * qc * et)
        with np.errstate(all="ignore"):
            return s2 * np.log(np.where(t > 0, (u * em1 + r) / (2 * qc), 2 * qc * et / (r - u * em1)))
    x_of = _elementwise(ctx, x_ball, lambda t: x_ball(ctx.num(t))) if ctx.certified else x_float

    def cdf(t):
        x = x_of(t)
        below = u * Phi(x / sigma)
        return below + q * Phi((x - 1) / sigma), below + q * Phi((x + 1) / sigma)

    def sf(t):
        x = x_of(t)
        above = u * Phi(-x / sigma)
        return above + q * Phi((1 - x) / sigma), above + q * Phi((-1 - x) / sigma)
    return _LossLaw(cdf, sf, ctx.ninf, ctx.inf, ())


def _laws(ctx, mechanism, params):
    """The loss laws whose compositions are maximised over (one for a symmetric pair; remove and add)."""
    if mechanism == "gaussian":
        sigma, d = params
        return (_gaussian_law(ctx, d / sigma),)
    if mechanism == "laplace":
        b, d = params
        return (_laplace_law(ctx, d / b),)
    sigma, q = params
    if mechanism == "subsampled_gaussian_replace":  # symmetric: one law
        return (_gaussian_law(ctx, 2 / sigma),) if q == 1 else (_subsampled_replace_law(ctx, sigma, q),)
    if q == 1:  # no subsampling: the Gaussian pair (the remove law's log(1 − q) is −∞)
        return (_gaussian_law(ctx, 1 / sigma),)
    if mechanism == "subsampled_gaussian_remove":  # one direction alone (dp_accounting's AdjacencyType)
        return (_subsampled_remove_law(ctx, sigma, q),)
    if mechanism == "subsampled_gaussian_add":
        return (_subsampled_add_law(ctx, sigma, q),)
    return (_subsampled_remove_law(ctx, sigma, q), _subsampled_add_law(ctx, sigma, q))


def _p_cdf(law):
    return lambda t: law.cdf(t)[0]


def _p_sf(law):
    return lambda t: law.sf(t)[0]


# ----------------------------------------------------------------------------- the grid (located in floats)
def _locate(law_fp, tail, side):
    """A loss t beyond which (side=+1: above; −1: below) the continuous part holds < tail, found in floats by
    doubling and bisection; clipped to the support. Only the size of the grid depends on it: whatever the mass
    beyond the grid is, it is accounted for (certified) by the bounds."""
    end = law_fp.hi if side > 0 else law_fp.lo
    beyond = _p_sf(law_fp) if side > 0 else _p_cdf(law_fp)
    inner = _centre(law_fp)
    step = 1.0
    t = inner + side * step
    while (math.isinf(end) or side * (t - end) < 0) and beyond(t) >= tail and step < 1e6:
        step *= 2
        t = inner + side * step
    if not math.isinf(end) and side * (t - end) >= 0:
        return end
    lo_t, hi_t = inner, t
    for _ in range(60):
        mid = (lo_t + hi_t) / 2
        if beyond(mid) >= tail:
            lo_t = mid
        else:
            hi_t = mid
    return hi_t


def _centre(law_fp):
    """A loss inside the support near the median (a start for the search of the ends)."""
    lo, hi, cdf = law_fp.lo, law_fp.hi, _p_cdf(law_fp)
    if math.isinf(lo) and math.isinf(hi):
        a, b = -1.0, 1.0
        while cdf(a) > 0.5:
            a *= 2
        while cdf(b) < 0.5:
            b *= 2
    else:
        a = lo if not math.isinf(lo) else hi - 1.0
        b = hi if not math.isinf(hi) else lo + 1.0
        while math.isinf(lo) and cdf(a) > 0.5:
            a = hi - 2 * (hi - a)
        while math.isinf(hi) and cdf(b) < 0.5:
            b = lo + 2 * (b - lo)
    for _ in range(80):
        mid = (a + b) / 2
        if cdf(mid) < 0.5:
            a = mid
        else:
            b = mid
    return (a + b) / 2


def _grid(law_fp, h):
    """(j_lo, j_hi, j_mid): the grid t_j = jh, j_lo ≤ j ≤ j_hi (at least two points), at least 2h inside the
    continuous support, holding all but 2^−_TAIL_BITS of its mass on each side; j_mid splits CDF from
    survival-function differences (no cancellation of numbers near 1)."""
    tail = 2.0 ** -_TAIL_BITS
    hf = float(h)
    lo_t, hi_t = _locate(law_fp, tail, -1), _locate(law_fp, tail, +1)
    j_lo, j_hi = math.floor(lo_t / hf), math.ceil(hi_t / hf)
    if not math.isinf(law_fp.lo):
        j_lo = max(j_lo, math.floor(law_fp.lo / hf) + 2)
    if not math.isinf(law_fp.hi):
        j_hi = min(j_hi, math.ceil(law_fp.hi / hf) - 2)
    j_hi = max(j_hi, j_lo + 1)
    j_mid = min(max(round(_centre(law_fp) / hf), j_lo), j_hi)
    return j_lo, j_hi, j_mid
