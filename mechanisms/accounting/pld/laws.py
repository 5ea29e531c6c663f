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
    support (±inf where unbounded), ``atoms`` the triples (loss, P-mass, Q-mass). A purely atomic law (the discrete
    Laplace mechanism) has cdf = sf = None. ``shift``: an exact rational c by which the law's losses were moved
    (:func:`_shifted`: the law of L − c, whose k-fold δ at ε − kc is the original's at ε); ``mirrored``: the law
    is the swapped pair of the first law of its pair, on the mirrored grid (the subsampled Gaussian's add law,
    whose pessimistic step reuses the remove law's masses)."""
    cdf: object
    sf: object
    lo: object
    hi: object
    atoms: tuple
    shift: object = 0
    mirrored: bool = False


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
    return _LossLaw(cdf, sf, ctx.ninf, -ctx.log(u), (), mirrored=True)


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


class _Ball:
    """The elementary functions of one arb ball: the certified path's backend of the laws written over a backend
    (:func:`_over`; one pass over the balls of a vector, arb methods, instead of one ctx pass per operation)."""
    exp = staticmethod(lambda x: x.exp())
    expm1 = staticmethod(lambda x: x.expm1())
    log = staticmethod(lambda x: x.log())
    abs = staticmethod(abs)

    @staticmethod
    def log1p_or_below(a):
        """log1p(a), or a value far below the support where a ≤ −1 (clamped away by the caller)."""
        if a > -1:
            return a.log1p()
        if a <= -1:
            return flint.arb(-10**6)
        raise ValueError(f"a loss at the support's end is undecided: log1p of {a}")

    @staticmethod
    def clamp(u, lo, hi):
        """u clamped to [lo, hi]; on a ball an enclosure (a float cut an ulp outside the support reads its end)."""
        return u.max(lo).min(hi)

    @staticmethod
    def by_sign(u, neg, pos):
        """neg() where u ≤ 0, pos() where u ≥ 0 (formulas that agree at 0); a ball across 0: their union."""
        if u <= 0:
            return neg()
        if u >= 0:
            return pos()
        return neg().union(pos())

    @staticmethod
    def odd(t, w):
        """sign(t)·w(|t|) (w(0) = 0); a ball across 0: ±w(|t|)."""
        v = w(abs(t))
        if t > 0:
            return v
        if t < 0:
            return -v
        return (-v).union(v)


class _Floats:
    """The same functions on numpy floats (the float path's backend, vectorised)."""
    exp, expm1, log, abs = np.exp, np.expm1, np.log, np.abs

    @staticmethod
    def log1p_or_below(a):
        return np.log1p(np.maximum(a, -1.0))

    @staticmethod
    def clamp(u, lo, hi):
        return np.clip(u, lo, hi)

    @staticmethod
    def by_sign(u, neg, pos):
        return np.where(u <= 0, neg(), pos())

    @staticmethod
    def odd(t, w):
        return np.sign(t) * w(np.abs(t))


def _over(ctx, f):
    """t ↦ f(t, backend), a pair (P, Q), written once: per ball with :class:`_Ball` on the certified path (object
    arrays back), vectorised with :class:`_Floats` in floats."""
    if not ctx.certified:
        def g(t):
            with np.errstate(all="ignore"):
                return f(np.asarray(t, float) if isinstance(t, np.ndarray) else float(t), _Floats)
        return g

    def g(t):
        if not isinstance(t, np.ndarray):
            return f(ctx.num(t), _Ball)
        P, Q = np.empty(t.shape, dtype=object), np.empty(t.shape, dtype=object)
        for i, y in enumerate(t.flat):
            P.flat[i], Q.flat[i] = f(ctx.num(y), _Ball)
        return P, Q
    return g


def _subsampled_laplace_remove_law(ctx, e0, q):
    """(1−q)Lap(0,b) + qLap(Δ,b) against Lap(0,b), ε₀ = Δ/b (dp_accounting's REMOVE, mirrored x ↦ −x), in u = x/b:
    L = lo = log(1−q+qe^{−ε₀}) on u ≤ 0 (P-mass ½(1−q) + ½qe^{−ε₀}, Q-mass ½), hi = log(1−q+qe^{ε₀}) on u ≥ ε₀
    (P-mass ½(1−q)e^{−ε₀} + ½q, Q-mass ½e^{−ε₀}), log(1−q+qe^{2u−ε₀}) increasing between, so L ≤ t iff
    u ≤ u(t) = (log1p(expm1(t)/q) + ε₀)/2; on 0 < U ≤ u the Q-mass is ½(1−e^{−u}) and the P-mass (1−q) times it
    plus q·½e^{−ε₀}(e^u − 1); on u < U < ε₀ the Q-mass ½e^{−ε₀}(e^{ε₀−u} − 1) and the P-mass (1−q) times it
    plus q·½(1 − e^{u−ε₀})."""
    e, q = ctx.num(e0), ctx.num(q)
    r, half = 1 - q, ctx.num(Fraction(1, 2))
    em = ctx.exp(-e)
    lo, hi = ctx.log(r + q * em), ctx.log(r + q * ctx.exp(e))
    zero = ctx.num(0)

    def u_of(t, M):
        return M.clamp((M.log1p_or_below(M.expm1(t) / q) + e) / 2, zero, e)

    def below(t, M):
        u = u_of(t, M)
        qm = -half * M.expm1(-u)
        return r * qm + q * half * em * M.expm1(u), qm

    def above(t, M):
        u = u_of(t, M)
        qm = half * em * M.expm1(e - u)
        return r * qm - q * half * M.expm1(u - e), qm
    atoms = ((lo, r * half + q * half * em, half), (hi, r * half * em + q * half, half * em))
    return _LossLaw(_over(ctx, below), _over(ctx, above), lo, hi, atoms)


def _swapped(law):
    """The swapped pair (Q, P) of a law: its loss is −L, the P- and Q-masses exchanged (ADD from REMOVE)."""
    def sw(pq):
        return pq[1], pq[0]
    cdf = None if law.cdf is None else (lambda t: sw(law.sf(-t)))
    sf = None if law.sf is None else (lambda t: sw(law.cdf(-t)))
    return _LossLaw(cdf, sf, -law.hi, -law.lo, tuple((-loss, qm, p) for loss, p, qm in law.atoms))


def _subsampled_laplace_replace_law(ctx, e0, q):
    """(1−q)Lap(0,b) + qLap(Δ,b) against (1−q)Lap(0,b) + qLap(−Δ,b) (dp_accounting's REPLACE, mirrored), in
    u = x/b: L is odd in u and increasing, hi = log(B/A) on u ≥ ε₀ and −hi on u ≤ −ε₀ (A = 1−q+qe^{−ε₀},
    B = 1−q+qe^{ε₀}; P-masses ½e^{−ε₀}B and ½e^{−ε₀}A, Q-masses swapped). On −ε₀ < u ≤ 0, e^L = Az/((1−q)z +
    qe^{−ε₀}) with z = e^{2u}, so u(t) = ½ log(qe^{−ε₀}e^t/(A − (1−q)e^t)) for t ≤ 0 and u(t) = −u(−t). The masses
    of −ε₀ < U ≤ u: (1−q)M(u) + q·½e^{−ε₀}(e^u − e^{−ε₀}) under P and (1−q)M(u) − q·½expm1(−u−ε₀) under Q,
    M(u) = G(u) − G(−ε₀) of the Laplace CDF G (½(e^u − e^{−ε₀}) for u ≤ 0, 1 − e^{−ε₀} − ½(e^{−u} − e^{−ε₀}) for
    u ≥ 0); above u the complements, each written without cancellation on its side."""
    e, q = ctx.num(e0), ctx.num(q)
    r, half = 1 - q, ctx.num(Fraction(1, 2))
    em = ctx.exp(-e)
    A, B = r + q * em, r + q * ctx.exp(e)
    hi = ctx.log(B) - ctx.log(A)
    total = -ctx.expm1(-e)  # Lap(0,1)'s mass on (−ε₀, ε₀)
    qe = q * em

    def u_of(t, M):
        def w(s):  # −u(−s) ≥ 0 for s ≥ 0
            es = M.exp(-s)
            return -M.log(qe * es / (A - r * es)) / 2
        return M.clamp(M.odd(t, w), -e, e)

    def below(t, M):
        u = u_of(t, M)
        m = r * M.by_sign(u, lambda: half * (M.exp(u) - em), lambda: total - half * (M.exp(-u) - em))
        return m + q * half * em * (M.exp(u) - em), m - q * half * M.expm1(-u - e)

    def above(t, M):
        u = u_of(t, M)
        m = r * M.by_sign(u, lambda: total - half * (M.exp(u) - em), lambda: half * (M.exp(-u) - em))
        return m - q * half * M.expm1(u - e), m + q * half * em * (M.exp(-u) - em)
    atoms = ((-hi, half * em * A, half * em * B), (hi, half * em * B, half * em * A))
    return _LossLaw(_over(ctx, below), _over(ctx, above), -hi, hi, atoms)


def _atomic_law(ctx, atoms):
    """A law with atoms only, (loss, P-mass, Q-mass) each."""
    losses = [a[0] for a in atoms]
    lo = min(losses, key=float) if not ctx.certified else losses[0]
    hi = max(losses, key=float) if not ctx.certified else losses[-1]
    return _LossLaw(None, None, lo, hi, tuple(atoms))


def _discrete_laplace_atoms(ctx, a, d, q, replace):
    """The atoms of the (subsampled) discrete Laplace pair, parameter a (pmf ∝ e^{−a|x|} on the integers),
    integer sensitivity d, increasing in loss. Remove (replace=False): (1−q)D(0) + qD(d) against D(0) (dp_accounting's
    REMOVE, mirrored): the losses log(1−q+qe^{ℓ₀}), ℓ₀ = −ad on x ≤ 0, a(2x−d) on 0 < x < d, ad on x ≥ d, with
    Q-masses 1/(1+e^{−a}), Z e^{−ax} (Z = tanh(a/2)), e^{−ad}/(1+e^{−a}), and P = Q·(1−q+qe^{ℓ₀}). Replace:
    (1−q)D(0) + qD(d) against (1−q)D(0) + qD(−d), one atom per −d < x < d and the two tails. Where q = 1 the
    losses are the exact rationals aℓ (the P-mass then Q·e^{loss} in balls)."""
    one, ea = ctx.num(1), ctx.exp(-ctx.num(a))
    tail = 1 / (1 + ea)
    z = (1 - ea) * tail
    r = 1 - ctx.num(q)
    qn = ctx.num(q)

    def dl(x):  # the mass D(0) puts on x
        return z * ctx.exp(-ctx.num(a) * abs(x))

    exact = q == 1
    out = []
    if not replace:
        items = [(-d, tail)] + [(2 * x - d, dl(x)) for x in range(1, d)] + [(d, ctx.exp(-ctx.num(a) * d) * tail)]
        for ell, qm in items:
            if exact:
                loss = a * ell
                out.append((loss, qm * ctx.exp(ctx.num(loss)), qm))
            else:
                factor = r + qn * ctx.exp(ctx.num(a) * ell)
                out.append((ctx.log(factor), qm * factor, qm))
        return out
    # replace: tails x ≤ −d and x ≥ d, and each −d < x < d
    ead = ctx.exp(-ctx.num(a) * d)
    p_low, q_low = (r * ead + qn * ead * ead) * tail, (r * ead + qn) * tail
    items = [(p_low, q_low, -2 * d)]
    for x in range(-d + 1, d):
        items.append((r * dl(x) + qn * dl(x - d), r * dl(x) + qn * dl(x + d), abs(x + d) - abs(x - d)))
    items.append((q_low, p_low, 2 * d))
    for p, qm, ell in items:
        out.append((a * ell if exact else ctx.log(p) - ctx.log(qm), p, qm))
    return out


def _shifted(ctx, law, c):
    """The law of L − c for an exact dyadic c: the same P-masses, Q-masses times e^c (the weight e^{−(L−c)}, so
    every rule of the bounds holds as it does for L), the support and atoms moved by −c. Composed k times, its
    δ at ε − kc is the original's δ at ε (the P-law of the sum is moved by −kc)."""
    if c == 0:
        return law
    cn = ctx.num(c)
    ec = ctx.exp(cn)

    def moved(f):
        if f is None:
            return None

        def g(t):
            p, qm = f(t + cn)
            return p, qm * ec
        return g
    atoms = tuple((loss - cn, p, qm * ec) for loss, p, qm in law.atoms)
    return _LossLaw(moved(law.cdf), moved(law.sf), law.lo - cn, law.hi - cn, atoms, shift=c,
                    mirrored=law.mirrored)


def _laws(ctx, mechanism, params, shifts=None):
    """The loss laws whose compositions are maximised over (one for a symmetric pair; remove and add), each moved
    by its shift (:func:`_shifted`) where ``shifts`` are given."""
    laws = _unshifted_laws(ctx, mechanism, params)
    if shifts is None:
        return laws
    return tuple(_shifted(ctx, law, c) for law, c in zip(laws, shifts))


def _unshifted_laws(ctx, mechanism, params):
    if mechanism == "gaussian":
        sigma, d = params
        return (_gaussian_law(ctx, d / sigma),)
    if mechanism == "laplace":
        b, d = params
        return (_laplace_law(ctx, d / b),)
    if mechanism.startswith("subsampled_laplace"):
        b, q = params
        if q == 1:  # no subsampling: the Laplace pair (at distance 2 for replace-one)
            return (_laplace_law(ctx, (2 if mechanism.endswith("replace") else 1) / b),)
        e0 = 1 / b
        if mechanism.endswith("replace"):
            return (_subsampled_laplace_replace_law(ctx, e0, q),)
        remove = _subsampled_laplace_remove_law(ctx, e0, q)
        if mechanism.endswith("remove"):
            return (remove,)
        if mechanism.endswith("add"):
            return (_swapped(remove),)
        return (remove, _swapped(remove))
    if mechanism.endswith("discrete_laplace") or "discrete_laplace_" in mechanism:
        a, d, q = params if len(params) == 3 else (*params, 1)
        d = int(d)
        replace = mechanism.endswith("replace")
        if q == 1:
            a2, d2 = a, (2 * d if replace else d)
            return (_atomic_law(ctx, _discrete_laplace_atoms(ctx, a2, d2, 1, False)),)
        remove = _atomic_law(ctx, _discrete_laplace_atoms(ctx, a, d, q, replace))
        if replace or mechanism.endswith("remove"):
            return (remove,)
        if mechanism.endswith("add"):
            return (_swapped(remove),)
        return (remove, _swapped(remove))
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
def _locate(law_fp, tail, side, inner, h):
    """A loss t beyond which (side=+1: above; −1: below) the continuous part holds < tail, found in floats by
    doubling from ``inner`` and bisection, to the grid cell of step h that holds the threshold (the grid index
    of the returned t is the threshold's: bisecting further moves nothing); clipped to the support. Only the size
    of the grid depends on it: whatever the mass beyond the grid is, it is accounted for (certified) by the
    bounds."""
    end = law_fp.hi if side > 0 else law_fp.lo
    beyond = _p_sf(law_fp) if side > 0 else _p_cdf(law_fp)
    step = 1.0
    t = inner + side * step
    while (math.isinf(end) or side * (t - end) < 0) and beyond(t) >= tail and step < 1e6:
        step *= 2
        t = inner + side * step
    if not math.isinf(end) and side * (t - end) >= 0:
        return end
    lo_t, hi_t = inner, t
    index = math.ceil if side > 0 else math.floor  # the grid index _grid takes of the end
    for _ in range(60):
        if index(lo_t / h) == index(hi_t / h):
            break
        mid = (lo_t + hi_t) / 2
        if beyond(mid) >= tail:
            lo_t = mid
        else:
            hi_t = mid
    return hi_t


def _centre(law_fp, h):
    """A loss inside the support near the median (a start for the search of the ends), bisected until the
    nearest grid point of step h is known."""
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
        if round(a / h) == round(b / h):
            break
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
    centre = _centre(law_fp, hf)
    lo_t, hi_t = _locate(law_fp, tail, -1, centre, hf), _locate(law_fp, tail, +1, centre, hf)
    j_lo, j_hi = math.floor(lo_t / hf), math.ceil(hi_t / hf)
    # a law moved so that its atoms lie a hair above grid points (shift ≠ 0) runs its grid to the points next to
    # its ends (the top one a hair below the support's end: the tail above it is no more than that hair, where a
    # grid 2h inside would spread the tail's mass over [hi − 2h, hi + h])
    inside = 1 if law_fp.shift else 2
    if not math.isinf(law_fp.lo):
        j_lo = max(j_lo, math.floor(law_fp.lo / hf + 1e-9) + inside)
    if not math.isinf(law_fp.hi):
        j_hi = min(j_hi, math.floor(law_fp.hi / hf + 1e-9) if law_fp.shift else math.ceil(law_fp.hi / hf) - 2)
    j_hi = max(j_hi, j_lo + 1)
    j_mid = min(max(round(centre / hf), j_lo), j_hi)
    return j_lo, j_hi, j_mid
