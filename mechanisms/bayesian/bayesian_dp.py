"""Bayesian differential privacy of a finite mechanism (Triastcyn & Faltings, seed 004, §4.1–4.2).

The model. A mechanism on datasets that differ in one data point x' ∼ μ is given by a channel K with
n + 1 rows: K[0] = p(w | D₀), the dataset without the point, and K[1 + x] = p(w | D₀ ∪ {x}) for the n
values x of the point; μ is a distribution on those n values. The adjacency relation decides which of
the two datasets is D (the one w is drawn from) and which is D':

* ``"add"``        D = D₀,            D' = D₀ ∪ {x'}       (P = K[0],      Q_x = K[1 + x]);
* ``"remove"``     D = D₀ ∪ {x'},     D' = D₀              (P_x = K[1 + x], Q = K[0]);
* ``"substitute"`` D = D₀ ∪ {x₀},     D' = D₀ ∪ {x'}       (P = K[1 + x₀],  Q_x = K[1 + x]), x₀ fixed.

The privacy loss is L(w, D, D') = log p(w|D)/p(w|D') with w ∼ p(·|D) (+∞ where only p(w|D) > 0).

* strong BDP (Definition 1): the tail Pr_{x', w}[L ≥ ε] (:func:`bdp_tail`, also Pr[L > ε] and Pr[|L| ≥ ε]);
* BDP (Definition 2), Pr[A(D) ∈ S] ≤ e^ε Pr[A(D') ∈ S] + δ for every set S, x' random on both sides: the
  smallest δ under each reading of where x' is random (:func:`bdp_delta`, by the hockey-stick formula of
  mechanisms.finite.hockey_stick):
  ``"fixed-set"`` — S chosen before x' is drawn: sup_S E_x[P_x(S) − e^ε Q_x(S)] = E_{e^ε}(E_x P_x ‖ E_x Q_x);
  ``"set-per-x"`` — S may depend on x': E_x sup_S [P_x(S) − e^ε Q_x(S)] = E_x E_{e^ε}(P_x ‖ Q_x);
  and the same two by enumerating every set S (:func:`bdp_delta_over_sets`, the definition itself);
* moments: E_{x,w}[e^{λL}] by the joint sum (:func:`bdp_loss_mgf`), E_x[e^{sλ D_{λ+1}(P_x‖Q_x)}] through the
  Rényi divergence of each pair (:func:`bdp_renyi_mgf`, by the formula ``renyi`` of mechanisms.finite.channels),
  E[|L|^k e^{λ|L|}] (:func:`bdp_markov_moment`);
* composition of mechanisms run on the same dataset pair with independent randomness (:func:`bdp_compose`).

Each is one formula over the numeric context (:mod:`mechanisms.numerics.context`): ``fp.bdp_tail(...)`` on floats and
numpy arrays, ``certified.bdp_tail(...)`` on exact numbers and balls (rows may hold balls, ε may be a ball),
``box.bdp_tail(...)`` on Balls over a parameter box. A certified value is exact where the value is rational (a
tail is a sum of probabilities, each loss compared with ε three-valued; a comparison the enclosures cannot
decide widens the result to the ball [certain mass, certain + undecided mass]), else a ball.
:func:`bdp_delta_over_sets` is the second method of :func:`bdp_delta` (the definition, every set enumerated,
against the hockey-stick divergence). Bad input raises InvalidInput first, naming the value.
"""
from __future__ import annotations

import itertools
from functools import reduce

import numpy as np

from mechanisms.finite import channels as _finite  # noqa: F401  (registers ctx.renyi)
from mechanisms.finite import hockey_stick as _hockey_stick  # noqa: F401  (registers ctx.hockey_stick_delta)
from mechanisms.finite import leakage as _leakage  # noqa: F401  (registers ctx.parallel_composition)
from mechanisms.numerics.checks import real
from mechanisms.numerics.context import formula, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.rigorous_intervals import clopper_pearson
import time

__all__ = [
    "ADJACENCIES", "READINGS", "bdp_neighbour_pairs", "bdp_tail", "bdp_pointwise_tails", "bdp_delta",
    "bdp_delta_over_sets", "bdp_loss_mgf", "bdp_renyi_mgf", "bdp_markov_moment", "bdp_compose",
    "bdp_tail_monte_carlo",
]

ADJACENCIES = ("add", "remove", "substitute")
READINGS = ("fixed-set", "set-per-x")
TAILS = ("ge", "gt", "abs-ge")
MAX_SET_OUTPUTS = 12  # enumerating 2^m sets


# ----------------------------------------------------------------------------- validation and the pairs
def _check_model(ctx, K, mu, fname):
    k, m = ctx.channel(K, "K", fname), ctx.distribution(mu, "mu", fname)
    if len(k) != len(m) + 1:
        raise InvalidInput(f"{fname}: K must have one row more than mu has entries (row 0 is the dataset "
                           f"without the point), got {len(k)} rows and {len(m)} entries")
    return k, m


def _check_adjacency(adjacency, x0, n, fname):
    if adjacency not in ADJACENCIES:
        raise InvalidInput(f"{fname}: adjacency must be one of {', '.join(ADJACENCIES)}, got adjacency={adjacency!r}")
    if adjacency == "substitute" and (isinstance(x0, bool) or not isinstance(x0, (int, np.integer))
                                     or not 0 <= x0 < n):
        raise InvalidInput(f"{fname}: x0 must be an index of mu (0..{n - 1}), got x0={x0!r}")


def _pairs(ctx, K, mu, adjacency, x0, fname):
    k, m = _check_model(ctx, K, mu, fname)
    _check_adjacency(adjacency, x0, len(m), fname)
    out = []
    for x, w in enumerate(m):
        if ctx.is_zero(w):
            continue
        if adjacency == "add":
            out.append((w, k[0], k[1 + x]))
        elif adjacency == "remove":
            out.append((w, k[1 + x], k[0]))
        else:
            out.append((w, k[1 + x0], k[1 + x]))
    return out


@formula
def bdp_neighbour_pairs(ctx, K, mu, adjacency="add", x0=0):
    """[(μ(x), p(·|D), p(·|D')) for each x with μ(x) > 0]: rows of K chosen by the adjacency, nothing computed."""
    return _pairs(ctx, K, mu, adjacency, x0, "bdp_neighbour_pairs")


# ----------------------------------------------------------------------------- losses compared with ε
def _tail_masses(ctx, p, q, eps, kind):
    """(mass where the loss certainly passes ε, mass where the enclosures cannot tell) of one pair."""
    hit, undecided = 0, 0
    for a, b in zip(p, q):
        if ctx.is_zero(a):
            continue
        if ctx.is_zero(b):
            hit = hit + a  # L = +∞ passes every ε
            continue
        loss = ctx.log(a / b)  # of the ratio: L = 0 exactly where p = q
        if kind == "abs-ge":
            passes = ctx.ge(ctx.abs(loss), eps)
        else:
            passes = ctx.gt(loss, eps) if kind == "gt" else ctx.ge(loss, eps)
        if ctx.undecided(passes):
            undecided = undecided + a
        elif passes:
            hit = hit + a
    return hit, undecided


def _enclose(ctx, hit, undecided):
    """hit itself, or [hit, hit + undecided] when some comparisons were undecided."""
    return hit if ctx.is_zero(undecided) else ctx.hull(hit, hit + undecided)


def _tail_args(ctx, eps, kind, fname):
    if kind not in TAILS:
        raise InvalidInput(f"{fname}: kind must be one of {', '.join(TAILS)}, got kind={kind!r}")
    return ctx.real(eps, "eps", fname)


@formula
def bdp_tail(ctx, K, mu, eps, adjacency="add", x0=0, kind="ge"):
    """Pr_{x', w∼p(·|D)}[L ≥ ε] (kind "ge", Definition 1), Pr[L > ε] ("gt", Eq. (18)) or Pr[|L| ≥ ε]
    ("abs-ge", Eq. (5))."""
    fname = "bdp_tail"
    e = _tail_args(ctx, eps, kind, fname)
    hit, undecided = 0, 0
    for w, p, q in _pairs(ctx, K, mu, adjacency, x0, fname):
        h, u = _tail_masses(ctx, p, q, e, kind)
        hit, undecided = hit + w * h, undecided + w * u
    return _enclose(ctx, hit, undecided)


@formula
def bdp_pointwise_tails(ctx, K, mu, eps, adjacency="add", x0=0, kind="gt"):
    """[(μ(x), Pr_{w∼p(·|D)}[L > ε | x']) for each x with μ(x) > 0]: Δ(ε, x') of Eq. (18)."""
    fname = "bdp_pointwise_tails"
    e = _tail_args(ctx, eps, kind, fname)
    return [(w, _enclose(ctx, *_tail_masses(ctx, p, q, e, kind))) for w, p, q in _pairs(ctx, K, mu, adjacency, x0, fname)]


# ----------------------------------------------------------------------------- Definition 2
def _check_reading(reading, fname):
    if reading not in READINGS:
        raise InvalidInput(f"{fname}: reading must be one of {', '.join(READINGS)}, got reading={reading!r}")


@formula
def bdp_delta(ctx, K, mu, eps, adjacency="add", x0=0, reading="fixed-set"):
    """The smallest δ of Definition 2 at ε ≥ 0 under a reading (see the module note), by hockey-stick
    divergences: of the mixtures E_x p_x, E_x q_x ('fixed-set'), or averaged over x ('set-per-x')."""
    fname = "bdp_delta"
    _check_reading(reading, fname)
    e = ctx.real(eps, "eps", fname, lo=0)
    pairs = _pairs(ctx, K, mu, adjacency, x0, fname)
    if reading == "set-per-x":
        return sum(w * ctx.hockey_stick_delta(p, q, e) for w, p, q in pairs)
    total_w = sum(w for w, _, _ in pairs)
    P = sum(w * p for w, p, _ in pairs) / total_w
    Q = sum(w * q for w, _, q in pairs) / total_w
    return ctx.hockey_stick_delta(P, Q, e)


def _sets(m):
    return itertools.chain.from_iterable(itertools.combinations(range(m), r) for r in range(1, m + 1))


@formula
def bdp_delta_over_sets(ctx, K, mu, eps, adjacency="add", x0=0, reading="fixed-set"):
    """Definition 2 itself: the largest Pr[A(D) ∈ S] − e^ε Pr[A(D') ∈ S] over every set S of outputs (and 0,
    the empty set), with x' averaged before (fixed-set) or after (set-per-x) the sup (m ≤ 12 outputs).

    A second method for :func:`bdp_delta`: every set enumerated, no hockey-stick divergence."""
    fname = "bdp_delta_over_sets"
    _check_reading(reading, fname)
    e = ctx.real(eps, "eps", fname, lo=0)
    pairs = _pairs(ctx, K, mu, adjacency, x0, fname)
    m = len(pairs[0][1])
    if m > MAX_SET_OUTPUTS:
        raise InvalidInput(f"{fname}: at most {MAX_SET_OUTPUTS} outputs can be enumerated, got {m}")
    g = ctx.exp(e)

    def sup(terms):
        best = 0
        for S in _sets(m):
            idx = list(S)
            best = ctx.max(best, sum(w * (ctx.sum(p[idx]) - g * ctx.sum(q[idx])) for w, p, q in terms))
        return best

    if reading == "fixed-set":
        return sup(pairs)
    return sum(w * sup([(1, p, q)]) for w, p, q in pairs)


# ----------------------------------------------------------------------------- moments of the loss
def _pair_loss_mgf(ctx, p, q, lam):
    """E_{w∼p}[e^{λL}] = Σ_{p > 0} p (p/q)^λ in log space; +∞ where q = 0 < p meets λ > 0, e^{λ·∞} = 0 for λ < 0."""
    sign = ctx.sign(lam)
    logs, mass = [], 0
    for a, b in zip(p, q):
        if ctx.is_zero(a):
            continue
        if sign == 0:
            mass = mass + a  # e^{0·L} = 1, an infinite loss included
            continue
        if ctx.is_zero(b):
            if sign > 0:
                return ctx.inf
            continue
        logs.append(ctx.log(a) + lam * ctx.log(a / b))
    if sign == 0 or not logs:
        return mass
    return ctx.exp(ctx.log_sum_exp(ctx.vector(logs)))


@formula
def bdp_loss_mgf(ctx, K, mu, lam, adjacency="add", x0=0):
    """E_{x', w}[e^{λL}] = Σ_x μ(x) Σ_w p_x(w) e^{λ log(p_x(w)/q_x(w))}: the joint sum of Eqs. (6)–(7)."""
    fname = "bdp_loss_mgf"
    la = ctx.real(lam, "lam", fname)
    total = 0
    for w, p, q in _pairs(ctx, K, mu, adjacency, x0, fname):
        v = _pair_loss_mgf(ctx, p, q, la)
        if ctx.is_inf(v):
            return ctx.inf
        total = total + w * v
    return total


@formula
def bdp_renyi_mgf(ctx, K, mu, lam, adjacency="add", x0=0, scale=1):
    """E_{x'}[e^{s·λ D_{λ+1}(p_x ‖ q_x)}] for λ > 0 and s = ``scale`` > 0: the right side of Eq. (8) (s = 1)
    and the inner quantity of Theorem 1 and Eq. (10) (s = T)."""
    fname = "bdp_renyi_mgf"
    la = ctx.real(lam, "lam", fname, lo=0, lo_open=True)
    s = ctx.real(scale, "scale", fname, lo=0, lo_open=True)
    logs = []
    for w, p, q in _pairs(ctx, K, mu, adjacency, x0, fname):
        d = ctx.renyi(p, q, la + 1)
        if ctx.is_inf(d):
            return ctx.inf
        logs.append(ctx.log(w) + s * la * d)
    return ctx.exp(ctx.log_sum_exp(ctx.vector(logs)))


@formula
def bdp_markov_moment(ctx, K, mu, lam, k, adjacency="add", x0=0):
    """E_{x', w}[φ(|L|)] with φ(t) = t^k e^{λt} (k ≥ 0, λ ≥ 0; 0^0 = 1): Eq. (5)'s numerator."""
    fname = "bdp_markov_moment"
    la = ctx.real(lam, "lam", fname, lo=0)
    kk = ctx.real(k, "k", fname, lo=0)
    grows = ctx.sign(la) > 0 or ctx.sign(kk) > 0  # else φ ≡ 1, at an infinite loss too
    total = 0
    for w, p, q in _pairs(ctx, K, mu, adjacency, x0, fname):
        logs, mass = [], 0
        for a, b in zip(p, q):
            if ctx.is_zero(a):
                continue
            if ctx.is_zero(b):
                if grows:
                    return ctx.inf
                mass = mass + a
                continue
            t = ctx.abs(ctx.log(a / b))
            if ctx.is_zero(t):  # φ(0) = 0^k: 1 at k = 0, else 0
                if ctx.is_zero(kk):
                    mass = mass + a
                continue
            logs.append(ctx.log(a) + la * t + ctx.xlogy(kk, t))
        if logs:
            mass = mass + ctx.exp(ctx.log_sum_exp(ctx.vector(logs)))
        total = total + w * mass
    return total


# ----------------------------------------------------------------------------- composition
@formula
def bdp_compose(ctx, *Ks):
    """The mechanism that runs K₁, …, K_T on the same dataset with independent randomness: row r is the
    product distribution K₁[r] ⊗ … ⊗ K_T[r] (outputs in lexicographic order)."""
    fname = "bdp_compose"
    if not Ks:
        raise InvalidInput(f"{fname}: at least one mechanism is needed")
    mats = [ctx.channel(K, f"K{i + 1}", fname) for i, K in enumerate(Ks)]
    rows = {len(k) for k in mats}
    if len(rows) != 1:
        raise InvalidInput(f"{fname}: the mechanisms must have the same rows (datasets), got row counts {sorted(rows)}")
    return reduce(ctx.parallel_composition, mats)  # row r: K₁[r] ⊗ K₂[r], the parallel composition of channels


# ----------------------------------------------------------------------------- Monte Carlo
def bdp_tail_monte_carlo(K, mu, eps, adjacency="add", x0=0, n=200_000, seed=0, confidence=1 - 1e-9):
    """Definition 1's tail by simulation: n draws of x' ∼ μ and then w ∼ p(·|D), counting L(w, D, D') ≥ ε;
    an exact Clopper–Pearson interval (mechanisms.numerics.rigorous_intervals.Interval). Shares nothing with
    the formula :func:`bdp_tail` but the model."""
    fname = "bdp_tail_monte_carlo"
    k, m = _check_model(fp, K, mu, fname)
    _check_adjacency(adjacency, x0, len(m), fname)
    e = real(eps, "eps", fname)
    start = time.monotonic()
    rng = np.random.default_rng(seed)
    xs = rng.choice(len(m), size=int(n), p=m / m.sum())
    rows_d = {"add": np.zeros_like(xs), "remove": 1 + xs, "substitute": np.full_like(xs, 1 + x0)}[adjacency]
    rows_d2 = {"add": 1 + xs, "remove": np.zeros_like(xs), "substitute": 1 + xs}[adjacency]
    cdf = np.cumsum(k, axis=1)
    u = rng.random(int(n))
    ws = np.minimum((u[:, None] > cdf[rows_d]).sum(axis=1), k.shape[1] - 1)
    p, q = k[rows_d, ws], k[rows_d2, ws]
    with np.errstate(divide="ignore"):
        hits = (q == 0) | (np.log(p) - np.log(np.where(q > 0, q, 1.0)) >= e)
    out = clopper_pearson(int(np.count_nonzero(hits & (p > 0))), int(n), confidence, seed)
    out.seconds = time.monotonic() - start
    out.method = "Clopper-Pearson on simulated (x', w) pairs"
    return out
