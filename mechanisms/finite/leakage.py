"""Quantitative information flow on finite channels: vulnerabilities, leakage, capacities, entropies and
channel compositions, in the conventions of Alvim et al., *The Science of Quantitative Information Flow*.

A prior π is a distribution over secrets x; a channel C is row-stochastic, C[x, y] = P(y | x); a gain
function is a matrix G[w, x] = g(w, x) over actions w (rows) and secrets x (columns).

    V(π)       = max_x π_x                              Bayes vulnerability
    V[π▷C]     = Σ_y max_x π_x C[x, y]                  posterior Bayes vulnerability
    V_g(π)     = max_w Σ_x π_x G[w, x]
    V_g[π▷C]   = Σ_y max_w Σ_x π_x C[x, y] G[w, x]
    L×(π, C)   = V[π▷C] / V(π),   L+(π, C) = V[π▷C] − V(π)   (and the g-versions)
    ML×(C)     = max_π L×(π, C) = Σ_y max_x C[x, y]      attained at the uniform prior
    ML+(C)     = max_π L+(π, C)                          attained at a prior uniform on a subset of secrets
    H∞(π) = −log V(π),  H∞(π|C) = −log V[π▷C],  H(π),  H(π|C),  I(π; C) = H(π) − H(π|C).
    I_α(π; C)  = α/(α−1) log Σ_y (Σ_x π_x C[x, y]^α)^{1/α}   Sibson's mutual information of order α
    I_∞(π; C)  = log Σ_y max_{x: π_x > 0} C[x, y]        its limit α → ∞ (the max-leakage of Issa et al.)
    G(π)       = Σ_i i π_(i), π sorted decreasing           guessing entropy (Massey 1994)
    G[π▷C]     = Σ_y p(y) G(π|y)                         posterior guessing entropy
    R(π) = 1 − V(π),  R[π▷C] = 1 − V[π▷C]                Bayes risk
    R_L(π)     = min_w Σ_x π_x L[w, x],  R_L[π▷C] = Σ_y min_w Σ_x π_x C[x, y] L[w, x]   (a loss matrix L)

Why guessing entropy needs no sort: the rank − 1 of an entry in the decreasing order is the number of entries
above it, so Σ_i i π_(i) = Σ_x π_x + Σ_{x<x'} min(π_x, π_x'), a continuous formula that balls enclose (a
sort of overlapping balls would pick an order the inputs do not decide).

Why a subset-uniform prior attains ML+: for t = max π fixed, V[π▷C] is convex in π, so its maximum over
{π ∈ Δ : π ≤ t} is at a vertex (k entries t, one entry 1 − kt, the rest 0); along each such family of
vertices V[π▷C] − t is convex in t, so the maximum is at t = 1/k or 1/(k+1), a uniform prior on a subset.
Finding the best subset is NP-hard in general, so the formula enumerates the 2^n − 1 subsets, n ≤ 12.

Each is one formula over the numeric context (:mod:`mechanisms.numerics.context`): ``fp.bayes_vulnerability(pi)`` on
floats and numpy arrays (vectorised), ``certified.bayes_vulnerability(pi)`` on exact numbers (ints, Fractions,
decimal strings; a float is refused) and balls — exact where the quantity is rational (vulnerabilities,
leakages, capacities, compositions), a ball where it needs a logarithm — and ``box....`` on Balls over a
parameter box. Channels and priors are checked by ``ctx.channel`` / ``ctx.distribution`` (rows summing to 1
within 1e-9 on floats, exactly or as a ball containing 1 certified).

Logarithms take ``base=2`` (bits) by default; ``base=math.e`` gives nats (the float math.e is read as Euler's
number on every context). Outputs of probability zero contribute nothing to any sum over y. Leakages are ≥ 0
(resp. ≥ 1) exactly; the formulas clip at that bound, which removes the rounding noise of a float leakage that
is exactly zero and leaves an exact or certified value as it is.
"""
from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

import numpy as np

from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput
from mechanisms.numerics.checks import integer

__all__ = [
    "bayes_vulnerability", "posterior_bayes_vulnerability", "g_vulnerability", "posterior_g_vulnerability",
    "multiplicative_leakage", "additive_leakage", "multiplicative_g_leakage", "additive_g_leakage",
    "multiplicative_bayes_capacity", "bayes_capacity", "additive_bayes_capacity", "MAX_SUBSET_SECRETS",
    "additive_g_capacity_one_spanning", "multiplicative_bayes_risk_capacity", "multiplicative_loss_capacity", "MAX_RISK_CAPACITY_SECRETS",
    "repeated_bayes_capacity_bound",
    "min_entropy", "conditional_min_entropy", "min_entropy_leakage", "min_entropy_capacity",
    "shannon_entropy", "conditional_shannon_entropy", "mutual_information", "sibson_mutual_information",
    "cascade", "parallel_composition", "product_composition",
    "guessing_entropy", "posterior_guessing_entropy", "bayes_risk", "posterior_bayes_risk", "loss_risk",
    "posterior_loss_risk",
]

_C_PI = "C row-stochastic, pi a distribution over its rows"  # the domains printed by `proofcheck routes`
_BASE = "; base > 0, != 1"
MAX_SUBSET_SECRETS = 12  # additive Bayes capacity enumerates 2^n − 1 subsets of secrets
_CHUNK = 1 << 22  # entries of the subsets × outputs table held at once


# ----------------------------------------------------------------------------- validation
def _prior(ctx, pi, fname):
    return ctx.distribution(pi, "pi", fname)


def _channel_prior(ctx, C, pi, fname):
    c, p = ctx.channel(C, "C", fname), _prior(ctx, pi, fname)
    if c.shape[0] != p.size:
        raise InvalidInput(f"{fname}: C has {c.shape[0]} rows (secrets) but pi has {p.size} entries")
    return c, p


def _gains(ctx, G, n, fname, *, non_negative=False, name="G"):
    g = ctx.real(G, name, fname, lo=0 if non_negative else None)
    if not isinstance(g, np.ndarray) or g.ndim != 2 or g.size == 0:
        raise InvalidInput(f"{fname}: {name} must be a non-empty actions x secrets matrix, got shape {np.shape(g)}")
    if g.shape[1] != n:
        raise InvalidInput(f"{fname}: {name} has {g.shape[1]} columns but there are {n} secrets")
    return g


def _log_of_base(ctx, base, fname):
    """ln(base); the float math.e is read as Euler's number (natural logarithms) on every context."""
    if isinstance(base, float) and base == math.e:
        return ctx.num(1)
    b = ctx.real(base, "base", fname, lo=0, lo_open=True)
    if ctx.is_zero(b - 1):
        raise InvalidInput(f"{fname}: base must be > 0 and != 1, got base={base}")
    return ctx.log(b)


def _subset_limit(n, fname):
    if n > MAX_SUBSET_SECRETS:
        raise InvalidInput(f"{fname}: C has n={n} secrets; the subset enumeration is limited to "
                           f"n <= {MAX_SUBSET_SECRETS}")


def _column_max(ctx, m):
    return ctx._column_max(m)


# ----------------------------------------------------------------------------- vulnerabilities
@formula(args={"pi": "vector"}, domain="pi a distribution")
def bayes_vulnerability(ctx, pi):
    """V(π) = max_x π_x."""
    return ctx.fmax(_prior(ctx, pi, "bayes_vulnerability"))


def _post_bayes(ctx, c, p):
    return ctx.sum(ctx._column_max(c, p))


@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI)
def posterior_bayes_vulnerability(ctx, C, pi):
    """V[π▷C] = Σ_y max_x π_x C[x, y]."""
    return _post_bayes(ctx, *_channel_prior(ctx, C, pi, "posterior_bayes_vulnerability"))


@formula(args={"pi": "vector", "G": "matrix"}, domain="pi a distribution, G actions x secrets (finite)")
def g_vulnerability(ctx, pi, G):
    """V_g(π) = max_w Σ_x π_x G[w, x]."""
    p = _prior(ctx, pi, "g_vulnerability")
    return ctx.fmax(_gains(ctx, G, p.size, "g_vulnerability") @ p)


def _post_g(ctx, c, p, g):
    return ctx.sum(_column_max(ctx, g @ (p[:, None] * c)))


@formula(args={"C": "matrix", "pi": "vector", "G": "matrix"}, domain=_C_PI + ", G finite")
def posterior_g_vulnerability(ctx, C, pi, G):
    """V_g[π▷C] = Σ_y max_w Σ_x π_x C[x, y] G[w, x]."""
    c, p = _channel_prior(ctx, C, pi, "posterior_g_vulnerability")
    return _post_g(ctx, c, p, _gains(ctx, G, p.size, "posterior_g_vulnerability"))


# ----------------------------------------------------------------------------- leakage
@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI)
def multiplicative_leakage(ctx, C, pi):
    """L×(π, C) = V[π▷C] / V(π) ≥ 1 (Bayes)."""
    c, p = _channel_prior(ctx, C, pi, "multiplicative_leakage")
    return ctx.max(_post_bayes(ctx, c, p) / ctx.fmax(p), ctx.exact(1))


@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI)
def additive_leakage(ctx, C, pi):
    """L+(π, C) = V[π▷C] − V(π) ≥ 0 (Bayes)."""
    c, p = _channel_prior(ctx, C, pi, "additive_leakage")
    return ctx.max(_post_bayes(ctx, c, p) - ctx.fmax(p), ctx.exact(0))


@formula(args={"C": "matrix", "pi": "vector", "G": "matrix"}, domain=_C_PI + ", G >= 0 with V_g(pi) > 0")
def multiplicative_g_leakage(ctx, C, pi, G):
    """V_g[π▷C] / V_g(π) ≥ 1 for non-negative gains with V_g(π) > 0."""
    fname = "multiplicative_g_leakage"
    c, p = _channel_prior(ctx, C, pi, fname)
    g = _gains(ctx, G, p.size, fname, non_negative=True)
    prior_v = ctx.fmax(g @ p)
    if not ctx.positive(prior_v):
        raise InvalidInput(f"{fname}: the prior g-vulnerability must be > 0, got V_g(pi)={prior_v}")
    return ctx.max(_post_g(ctx, c, p, g) / prior_v, ctx.exact(1))


@formula(args={"C": "matrix", "pi": "vector", "G": "matrix"}, domain=_C_PI + ", G finite")
def additive_g_leakage(ctx, C, pi, G):
    """V_g[π▷C] − V_g(π) ≥ 0 (any finite gains)."""
    c, p = _channel_prior(ctx, C, pi, "additive_g_leakage")
    g = _gains(ctx, G, p.size, "additive_g_leakage")
    return ctx.max(_post_g(ctx, c, p, g) - ctx.fmax(g @ p), ctx.exact(0))


# ----------------------------------------------------------------------------- capacities
@formula(args={"C": "matrix"}, domain="C row-stochastic")
def multiplicative_bayes_capacity(ctx, C):
    """ML×(C) = Σ_y max_x C[x, y], the max over priors of L×, attained at the uniform prior."""
    return ctx.sum(ctx._column_max(ctx.channel(C, "C", "multiplicative_bayes_capacity")))


@formula(args={"C": "matrix"}, domain="C row-stochastic")
def bayes_capacity(ctx, C):
    """Bayes' capacity in the papers' words: the multiplicative Bayes capacity ML×(C) = Σ_y max_x C[x, y]."""
    return ctx.multiplicative_bayes_capacity(C)


@formula(args={"C": "matrix"}, domain="C row-stochastic")
def additive_bayes_capacity(ctx, C):
    """ML+(C) = max_π (V[π▷C] − V(π)) = max over non-empty subsets S of (Σ_y max_{x∈S} C[x,y] − 1)/|S|.

    The column maxima of every subset S of rows (a bitmask) by one pass over the rows: the subsets whose
    highest row is i are those below 2^i with row i added; columns in chunks (2^n x chunk entries held)."""
    fname = "additive_bayes_capacity"
    c = ctx.channel(C, "C", fname)
    n, m = c.shape
    _subset_limit(n, fname)
    sums = ctx.zeros(1 << n)
    step = max(1, _CHUNK >> n)
    for lo in range(0, m, step):
        block = ctx.zeros((1 << n, min(step, m - lo)))
        for i in range(n):
            block[1 << i:2 << i] = ctx.maximum(block[:1 << i], c[i, lo:lo + step])
        sums = sums + block.sum(axis=1)
    sizes = ctx.vector([Fraction(bin(s).count("1")) for s in range(1, 1 << n)])
    return ctx.max(ctx.fmax((sums[1:] - 1) / sizes), ctx.exact(0))


@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI)
def additive_g_capacity_one_spanning(ctx, C, pi):
    """ML+_{G¹X}(π, C) = sup over the 1-spanning gain functions g (the class G¹X of Alvim et al. 2020) of
    V_g[π▷C] − V_g(π) = ½ Σ_{x,y} |π_x C[x,y] − π_x p(y)|,
    p = πC: the expected total variation between the prior and the posteriors, Σ_y p(y) TV(δ^y, π) (Alvim,
    Chatzikokolakis, McIver, Morgan, Palamidessi & Smith 2020, "The science of quantitative information flow", §7.2,
    the additive capacity over 1-spanning gain functions, attained by the g that guesses whether x is in
    {x : δ^y_x > π_x}; libqif's ``g_vuln.add_capacity(pi, C, one_spanning_g=True)``). Exact on exact rows."""
    c, p = _channel_prior(ctx, C, pi, "additive_g_capacity_one_spanning")
    n, m = c.shape
    marg = [ctx.sum([p[x] * c[x, y] for x in range(n)]) for y in range(m)]
    total = ctx.sum([ctx.abs(p[x] * c[x, y] - p[x] * marg[y]) for x in range(n) for y in range(m)])
    return total / 2


MAX_RISK_CAPACITY_SECRETS = 4  # the vertices of an arrangement of O(m n²) hyperplanes, n − 1 at a time


def _solve(ctx, rows, rhs):
    """The solution of a square linear system by Gauss–Jordan elimination over the context, or None where it is
    singular (a pivot exactly 0 among exact numbers; below 1e−12 in floats). Pivots chosen by size."""
    a = [list(r) + [b] for r, b in zip(rows, rhs)]
    n = len(a)
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(float(ctx.guess(a[r][col]))))
        p = a[piv][col]
        if (ctx.certified and ctx.exactly_zero(p)) or (not ctx.certified and abs(p) < 1e-12):
            return None
        a[col], a[piv] = a[piv], a[col]
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and not ctx.exactly_zero(a[r][col]):
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    return [a[i][n] for i in range(n)]


@formula(args={"C": "matrix"}, domain="C row-stochastic with exact entries on the certified path, at most 4 rows")
def multiplicative_bayes_risk_capacity(ctx, C):
    """ML×_R(C) = max_π R(π)/R[π▷C], the multiplicative Bayes-risk capacity (the largest factor by which the output
    of C divides the probability of a wrong guess; R(π) = 1 − max π, R[π▷C] = 1 − Σ_y max_x π_x C[x,y]; libqif's
    ``bayes_risk.mult_capacity(C)``); +∞ when some prior of positive risk has posterior risk 0.

    Where R and R[π▷C] are both linear — the cells of the arrangement of the hyperplanes π_x = π_x',
    π_x C[x,y] = π_x' C[x',y] and π_x = 0 in the simplex — the ratio is a quotient of linear functions, quasi-linear,
    so its maximum over a cell is at one of the cell's vertices; every vertex is a vertex of the arrangement. The
    capacity is therefore the largest ratio over the arrangement's vertices in the simplex (each the solution of
    n − 1 of the hyperplanes with Σπ = 1), enumerated here (n ≤ 4 secrets). Exact on exact rows."""
    fname = "multiplicative_bayes_risk_capacity"
    c = ctx.channel(C, "C", fname)
    n, m = c.shape
    if n > MAX_RISK_CAPACITY_SECRETS:
        raise InvalidInput(f"{fname}: C has n={n} secrets; the vertex enumeration is limited to "
                           f"n <= {MAX_RISK_CAPACITY_SECRETS}")
    if ctx.certified and not all(ctx.isexact(v) for v in c.flat):
        raise InvalidInput(f"{fname}: the certified path needs exact channel entries (the vertices are solved exactly)")
    zero, one = ctx.exact(Fraction(0)), ctx.exact(Fraction(1))

    def unit(i, scale=None):
        return [(one if scale is None else scale) if k == i else zero for k in range(n)]

    planes, seen = [], set()
    for x in range(n):
        planes.append(unit(x))
    for x, x2 in itertools.combinations(range(n), 2):
        for a, b in [(one, one)] + [(c[x, y], c[x2, y]) for y in range(m)]:
            row = [a if k == x else (-b if k == x2 else zero) for k in range(n)]
            key = tuple(float(ctx.guess(v)) for v in row)
            if key not in seen and any(not ctx.exactly_zero(v) for v in row):
                seen.add(key)
                planes.append(row)
    best = one  # at the uniform prior and every prior, R[π▷C] ≤ R(π)
    for chosen in itertools.combinations(planes, n - 1):
        pi = _solve(ctx, list(chosen) + [[one] * n], [zero] * (n - 1) + [one])
        if pi is None or any(ctx.certainly_lt(v, 0) if ctx.certified else v < -1e-12 for v in pi):
            continue
        risk = 1 - ctx.max(*pi)
        post = 1 - ctx.sum([ctx.max(*[pi[x] * c[x, y] for x in range(n)]) for y in range(m)])
        if ctx.certified and ctx.exactly_zero(risk) or not ctx.certified and risk < 1e-12:
            continue
        if ctx.certified and ctx.exactly_zero(post) or not ctx.certified and post < 1e-12 * risk:
            return ctx.inf
        best = ctx.max(best, risk / post)
    return best


@formula(args={"C": "matrix", "L": "matrix"},
         domain="C row-stochastic (exact entries on the certified path, at most 4 rows), L actions x secrets, L >= 0")
def multiplicative_loss_capacity(ctx, C, L):
    """ML×_L(C) = max_π R_L(π)/R_L[π▷C] over the priors with R_L(π) > 0, for a loss L ≥ 0 (actions x secrets;
    R_L(π) = min_w Σ_x π_x L[w,x], R_L[π▷C] = Σ_y min_w Σ_x π_x C[x,y] L[w,x]; :func:`loss_risk`,
    :func:`posterior_loss_risk`); +∞ when some such prior has posterior risk 0. With the 0-1 loss it is
    :func:`multiplicative_bayes_risk_capacity`. Both risks are concave and linear on the cells of the arrangement of
    the hyperplanes Σ_x π_x (L[w,x] − L[w',x]) = 0, Σ_x π_x C[x,y](L[w,x] − L[w',x]) = 0 and π_x = 0, so the ratio
    (a quotient of linear functions on each cell) peaks at a vertex of the arrangement: the vertices in the simplex
    are enumerated (n ≤ 4 secrets). Exact on exact rows and losses."""
    fname = "multiplicative_loss_capacity"
    c = ctx.channel(C, "C", fname)
    n, m = c.shape
    loss = _gains(ctx, L, n, fname, non_negative=True, name="L")
    if n > MAX_RISK_CAPACITY_SECRETS:
        raise InvalidInput(f"{fname}: C has n={n} secrets; the vertex enumeration is limited to "
                           f"n <= {MAX_RISK_CAPACITY_SECRETS}")
    if ctx.certified and not all(ctx.isexact(v) for v in list(c.flat) + list(loss.flat)):
        raise InvalidInput(f"{fname}: the certified path needs exact channel and loss entries")
    zero, one = ctx.exact(Fraction(0)), ctx.exact(Fraction(1))
    planes, seen = [], set()

    def add(row):
        key = tuple(float(ctx.guess(v)) for v in row)
        if key not in seen and any(not ctx.exactly_zero(v) for v in row):
            seen.add(key)
            planes.append(row)

    for x in range(n):
        add([one if k == x else zero for k in range(n)])
    for w, w2 in itertools.combinations(range(loss.shape[0]), 2):
        diff = [loss[w, x] - loss[w2, x] for x in range(n)]
        add(diff)
        for y in range(m):
            add([c[x, y] * diff[x] for x in range(n)])

    def risk(pi):
        return ctx.min(*[ctx.sum([pi[x] * loss[w, x] for x in range(n)]) for w in range(loss.shape[0])])

    def post(pi):
        return ctx.sum([ctx.min(*[ctx.sum([pi[x] * c[x, y] * loss[w, x] for x in range(n)])
                                  for w in range(loss.shape[0])]) for y in range(m)])

    best = None
    for chosen in itertools.combinations(planes, n - 1):
        pi = _solve(ctx, list(chosen) + [[one] * n], [zero] * (n - 1) + [one])
        if pi is None or any(ctx.certainly_lt(v, 0) if ctx.certified else v < -1e-12 for v in pi):
            continue
        r, rp = risk(pi), post(pi)
        if ctx.certified and ctx.exactly_zero(r) or not ctx.certified and r < 1e-12:
            continue
        if ctx.certified and ctx.exactly_zero(rp) or not ctx.certified and rp < 1e-12 * r:
            return ctx.inf
        best = r / rp if best is None else ctx.max(best, r / rp)
    if best is None:
        raise InvalidInput(f"{fname}: no prior has a positive risk under L (the capacity is undefined)")
    return best


@formula(args={"b": "integer", "n": "integer"}, domain="b >= 1 outputs, n >= 1 repetitions")
def repeated_bayes_capacity_bound(ctx, b, n):
    """An upper bound cap_b(n) on the multiplicative Bayes capacity ML×(C⁽ⁿ⁾) of n independent runs of any channel
    with b outputs (libqif's ``bayes_vuln.mult_capacity_bound_cap(C, n)``, C with b columns; from Geoffrey Smith's
    recurrence, as libqif's source cites it): cap_1(n) = 1, cap_2(n) ≤ √(πn/2) + 2/3 + √(π/(2n))/12 (the binary
    case), and cap_i = cap_{i−1} + cap_{i−2}·n/(i − 2) for i = 3, …, b. A bound, not a value."""
    fname = "repeated_bayes_capacity_bound"

    bb, nn = integer(b, "b", fname, lo=1), integer(n, "n", fname, lo=1)
    if bb == 1:
        return ctx.exact(Fraction(1))
    half_pi = ctx.pi() / 2
    cap1 = ctx.exact(Fraction(1))
    cap2 = ctx.sqrt(half_pi * nn) + ctx.exact(Fraction(2, 3)) + ctx.sqrt(half_pi / nn) / 12
    for i in range(3, bb + 1):
        cap1, cap2 = cap2, cap2 + cap1 * ctx.exact(Fraction(nn, i - 2))
    return cap2


# ----------------------------------------------------------------------------- min-entropy
@formula(args={"pi": "vector"}, domain="pi a distribution" + _BASE)
def min_entropy(ctx, pi, *, base=2):
    """H∞(π) = −log V(π)."""
    lb = _log_of_base(ctx, base, "min_entropy")
    return -ctx.log(ctx.fmax(_prior(ctx, pi, "min_entropy"))) / lb


@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI + _BASE)
def conditional_min_entropy(ctx, C, pi, *, base=2):
    """H∞(π|C) = −log V[π▷C]."""
    lb = _log_of_base(ctx, base, "conditional_min_entropy")
    return -ctx.log(_post_bayes(ctx, *_channel_prior(ctx, C, pi, "conditional_min_entropy"))) / lb


@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI + _BASE)
def min_entropy_leakage(ctx, C, pi, *, base=2):
    """H∞(π) − H∞(π|C) = log L×(π, C) ≥ 0."""
    lb = _log_of_base(ctx, base, "min_entropy_leakage")
    c, p = _channel_prior(ctx, C, pi, "min_entropy_leakage")
    return ctx.max(ctx.log(_post_bayes(ctx, c, p) / ctx.fmax(p)), ctx.num(0)) / lb


@formula(args={"C": "matrix"}, domain="C row-stochastic" + _BASE)
def min_entropy_capacity(ctx, C, *, base=2):
    """log ML×(C), the max over priors of the min-entropy leakage."""
    lb = _log_of_base(ctx, base, "min_entropy_capacity")
    return ctx.log(ctx.sum(_column_max(ctx, ctx.channel(C, "C", "min_entropy_capacity")))) / lb


# ----------------------------------------------------------------------------- Shannon
# Each entropy is clipped at 0 in nats (before the change of base, which may be < 1): a float sum that is 0
# exactly comes out as −1e−17; a certified one is a ball that keeps its part ≥ 0.
@formula(args={"pi": "vector"}, domain="pi a distribution" + _BASE)
def shannon_entropy(ctx, pi, *, base=2):
    """H(π) = −Σ_x π_x log π_x (0 log 0 = 0)."""
    lb = _log_of_base(ctx, base, "shannon_entropy")
    p = _prior(ctx, pi, "shannon_entropy")
    p = p[~ctx.is_zero(p)]
    return ctx.max(-ctx.sum(p * ctx.log(p)), ctx.num(0)) / lb


def _joint_terms(ctx, c, p):
    """(J(x,y), π_x, p(y)) over the (x, y) with J(x,y) = π_x C[x,y] > 0, p(y) = Σ_x J(x,y)."""
    joint = p[:, None] * c
    marg = joint.sum(axis=0)
    x, y = (~ctx.is_zero(joint)).nonzero()
    return joint[x, y], p[x], marg[y]


@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI + _BASE)
def conditional_shannon_entropy(ctx, C, pi, *, base=2):
    """H(π|C) = −Σ_{x,y} J(x,y) log (J(x,y) / p(y)), J(x,y) = π_x C[x,y], p(y) = Σ_x J(x,y)."""
    lb = _log_of_base(ctx, base, "conditional_shannon_entropy")
    j, _, py = _joint_terms(ctx, *_channel_prior(ctx, C, pi, "conditional_shannon_entropy"))
    return ctx.max(ctx.sum(j * (ctx.log(py) - ctx.log(j))), ctx.num(0)) / lb


@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI + _BASE)
def mutual_information(ctx, C, pi, *, base=2):
    """I(π; C) = Σ_{x,y} J(x,y) log (J(x,y) / (π_x p(y))) ≥ 0."""
    lb = _log_of_base(ctx, base, "mutual_information")
    j, px, py = _joint_terms(ctx, *_channel_prior(ctx, C, pi, "mutual_information"))
    return ctx.max(ctx.sum(j * (ctx.log(j) - ctx.log(px) - ctx.log(py))), ctx.num(0)) / lb


@formula(args={"C": "matrix", "pi": "vector", "alpha": "scalar"}, domain=_C_PI + "; alpha > 0, != 1, or +inf" + _BASE)
def sibson_mutual_information(ctx, C, pi, alpha, *, base=2):
    """Sibson's mutual information of order α (Sibson 1969; Verdú 2015, Eq. (47)):
    I_α(π; C) = α/(α−1) log Σ_y (Σ_x π_x C[x, y]^α)^{1/α}; for α = +∞ (ctx.inf, or math.inf) its limit
    I_∞(π; C) = log Σ_y max_{x: π_x > 0} C[x, y], the log of the Bayes capacity of C restricted to the prior's
    support (Issa, Wagner & Kamath 2020, Thm. 1: the maximal leakage). Terms with π_x C[x, y] = 0 contribute 0."""
    fname = "sibson_mutual_information"
    lb = _log_of_base(ctx, base, fname)
    c, p = _channel_prior(ctx, C, pi, fname)
    if (isinstance(alpha, float) and alpha == math.inf) or ctx.is_inf(alpha) is True:  # the order ∞ (math.inf, ctx.inf)
        if not alpha > 0:
            raise InvalidInput(f"{fname}: alpha must be > 0 and != 1, or +inf, got alpha={alpha}")
        return ctx.log(ctx.sum(_column_max(ctx, c[~ctx.is_zero(p)]))) / lb
    a = ctx.real(alpha, "alpha", fname, lo=0, lo_open=True)
    if ctx.is_zero(a - 1):
        raise InvalidInput(f"{fname}: alpha must be > 0 and != 1 (order 1 is the mutual information), got alpha={alpha}")
    log_columns = []  # log (Σ_x π_x C[x,y]^α)^{1/α} over the x with π_x C[x,y] > 0, in log space (C^α underflows)
    for y in range(c.shape[1]):
        keep = ~ctx.is_zero(p * c[:, y])
        if keep.any():
            log_columns.append(ctx.log_sum_exp(ctx.log(p[keep]) + a * ctx.log(c[keep, y])) / a)
    return a / (a - 1) * ctx.log_sum_exp(log_columns) / lb


# ----------------------------------------------------------------------------- compositions
@formula(args={"C": "matrix", "D": "matrix"}, domain="C and D row-stochastic")
def cascade(ctx, C, D):
    """C·D: C: X → Y, then D: Y → Z (matrix product)."""
    c, d = ctx.channel(C, "C", "cascade"), ctx.channel(D, "D", "cascade")
    if c.shape[1] != d.shape[0]:
        raise InvalidInput(f"cascade: C has {c.shape[1]} outputs but D has {d.shape[0]} rows (inputs)")
    return c @ d


@formula(args={"C": "matrix", "D": "matrix"}, domain="C and D row-stochastic")
def parallel_composition(ctx, C, D):
    """C ∥ D: one secret x, independent outputs (y, z) at column y·|Z| + z; row x is C[x] ⊗ D[x]."""
    c, d = ctx.channel(C, "C", "parallel_composition"), ctx.channel(D, "D", "parallel_composition")
    if c.shape[0] != d.shape[0]:
        raise InvalidInput(f"parallel_composition: C has {c.shape[0]} rows but D has {d.shape[0]} (same secrets)")
    return (c[:, :, None] * d[:, None, :]).reshape(c.shape[0], -1)


@formula(args={"C": "matrix", "D": "matrix"}, domain="C and D row-stochastic")
def product_composition(ctx, C, D):
    """C × D: independent secrets (x1, x2) at row x1·|X2| + x2, outputs (y1, y2): the Kronecker product."""
    c, d = ctx.channel(C, "C", "product_composition"), ctx.channel(D, "D", "product_composition")
    (n1, m1), (n2, m2) = c.shape, d.shape
    return (c[:, None, :, None] * d[None, :, None, :]).reshape(n1 * n2, m1 * m2)


# ----------------------------------------------------------------------------- guessing entropy, Bayes risk
def _pair_minima(ctx, v):
    """min(v_x, v_x') for the pairs x < x' of rows of v (a vector: its entries; a matrix: column by column)."""
    i, j = np.triu_indices(v.shape[0], 1)
    return ctx.minimum(v[i], v[j]) if i.size else []


@formula(args={"pi": "vector"}, domain="pi a distribution")
def guessing_entropy(ctx, pi):
    """G(π) = Σ_i i π_(i) (π sorted decreasing, i from 1): the expected number of guesses (Massey)."""
    p = _prior(ctx, pi, "guessing_entropy")
    return ctx.sum(p) + ctx.sum(_pair_minima(ctx, p))


@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI)
def posterior_guessing_entropy(ctx, C, pi):
    """G[π▷C] = Σ_y Σ_i i J_(i),y, the joint column J(·, y) = π_x C[x, y] sorted decreasing."""
    c, p = _channel_prior(ctx, C, pi, "posterior_guessing_entropy")
    joint = p[:, None] * c
    return ctx.sum(joint) + ctx.sum(_pair_minima(ctx, joint))


@formula(args={"pi": "vector"}, domain="pi a distribution")
def bayes_risk(ctx, pi):
    """R(π) = 1 − V(π), the least probability of a wrong guess in one try."""
    return 1 - ctx.fmax(_prior(ctx, pi, "bayes_risk"))


@formula(args={"C": "matrix", "pi": "vector"}, domain=_C_PI)
def posterior_bayes_risk(ctx, C, pi):
    """R[π▷C] = 1 − V[π▷C], the least probability of a wrong guess after seeing the output."""
    return 1 - _post_bayes(ctx, *_channel_prior(ctx, C, pi, "posterior_bayes_risk"))


@formula(args={"pi": "vector", "L": "matrix"}, domain="pi a distribution, L actions x secrets (finite)")
def loss_risk(ctx, pi, L):
    """R_L(π) = min_w Σ_x π_x L[w, x], the least expected loss of one action."""
    p = _prior(ctx, pi, "loss_risk")
    return ctx.fmin(_gains(ctx, L, p.size, "loss_risk", name="L") @ p)


@formula(args={"C": "matrix", "pi": "vector", "L": "matrix"},
         domain=_C_PI + ", L actions x secrets (finite)")
def posterior_loss_risk(ctx, C, pi, L):
    """R_L[π▷C] = Σ_y min_w Σ_x π_x C[x, y] L[w, x], the least expected loss of an action chosen after the output."""
    c, p = _channel_prior(ctx, C, pi, "posterior_loss_risk")
    g = _gains(ctx, L, p.size, "posterior_loss_risk", name="L")
    return ctx.sum(functools.reduce(ctx.minimum, g @ (p[:, None] * c)))
