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
  smallest δ under each reading of where x' is random (:func:`bdp_delta`):
  ``"fixed-set"`` — S chosen before x' is drawn: sup_S E_x[P_x(S) − e^ε Q_x(S)] = E_{e^ε}(E_x P_x ‖ E_x Q_x);
  ``"set-per-x"`` — S may depend on x': E_x sup_S [P_x(S) − e^ε Q_x(S)] = E_x E_{e^ε}(P_x ‖ Q_x);
  and the same two by enumerating every set S (:func:`bdp_delta_over_sets`, the definition itself);
* moments: E_{x,w}[e^{λL}] by the joint sum (:func:`bdp_loss_mgf`), E_x[e^{sλ D_{λ+1}(P_x‖Q_x)}] through the
  Rényi divergence of each pair (:func:`bdp_renyi_mgf`), E[|L|^k e^{λ|L|}] (:func:`bdp_markov_moment`);
* composition of mechanisms run on the same dataset pair with independent randomness (:func:`compose`).

Float routes take numpy arrays; ``*_exact`` / ``*_arb`` routes take exact rationals (ε may be an arb ball)
and return a Fraction where the value is rational (a tail is a sum of probabilities, each loss compared
with ε in certified arithmetic; an undecidable comparison widens the result to an enclosing ball), else an
arb ball. Bad input raises InvalidInput first, naming the value.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import reduce

import numpy as np

from mechanisms.checks import channel, distribution, exact_real, real
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb
from mechanisms.finite import exact_matrix, exact_vector, renyi_divergence, validate_exact_channel, validate_exact_prior
from mechanisms.hockey_stick import hockey_stick_delta, hockey_stick_delta_arb
from mechanisms.leakage import parallel_composition, parallel_composition_exact

__all__ = [
    "ADJACENCIES", "READINGS", "neighbour_pairs", "neighbour_pairs_exact",
    "bdp_tail", "bdp_tail_exact", "bdp_pointwise_tails", "bdp_pointwise_tails_exact",
    "bdp_delta", "bdp_delta_arb", "bdp_delta_over_sets", "bdp_delta_over_sets_arb",
    "bdp_loss_mgf", "bdp_loss_mgf_arb", "bdp_renyi_mgf", "bdp_renyi_mgf_arb",
    "bdp_markov_moment", "bdp_markov_moment_arb", "compose", "compose_exact", "bdp_tail_monte_carlo",
]

ADJACENCIES = ("add", "remove", "substitute")
READINGS = ("fixed-set", "set-per-x")
TAILS = ("ge", "gt", "abs-ge")
MAX_SET_OUTPUTS = 12  # enumerating 2^m sets


# ----------------------------------------------------------------------------- validation and the pairs
def _check_model(K, mu, fname, exact):
    if exact:
        k = validate_exact_channel(exact_matrix(K, f"{fname}: K"), f"{fname}: K")
        m = validate_exact_prior(exact_vector(mu, f"{fname}: mu"), f"{fname}: mu")
    else:
        k, m = channel(K, "K", fname), distribution(mu, "mu", fname)
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


def _pairs(k, m, adjacency, x0):
    out = []
    for x, w in enumerate(m):
        if w == 0:
            continue
        if adjacency == "add":
            out.append((w, k[0], k[1 + x]))
        elif adjacency == "remove":
            out.append((w, k[1 + x], k[0]))
        else:
            out.append((w, k[1 + x0], k[1 + x]))
    return out


def neighbour_pairs(K, mu, adjacency="add", x0=0):
    """[(μ(x), p(·|D), p(·|D')) for each x with μ(x) > 0] (float arrays)."""
    fname = "neighbour_pairs"
    k, m = _check_model(K, mu, fname, exact=False)
    _check_adjacency(adjacency, x0, len(m), fname)
    return _pairs(k, m, adjacency, x0)


def neighbour_pairs_exact(K, mu, adjacency="add", x0=0):
    """The same with exact Fractions."""
    fname = "neighbour_pairs_exact"
    k, m = _check_model(K, mu, fname, exact=True)
    _check_adjacency(adjacency, x0, len(m), fname)
    return _pairs(k, m, adjacency, x0)


# ----------------------------------------------------------------------------- losses compared with ε
def _float_losses(p, q):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(q > 0, np.log(p) - np.log(q), np.inf)


def _float_tail(p, q, eps, kind):
    loss = _float_losses(p, q)
    keep = p > 0
    if kind == "ge":
        hit = loss >= eps
    elif kind == "gt":
        hit = loss > eps
    else:
        hit = np.abs(loss) >= eps
    return float(np.sum(np.where(keep & hit, p, 0.0)))


def _compare(ratio: Fraction, threshold, kind):
    """Is log(ratio) ≥ / > ε? True, False, or None when the enclosures cannot tell. ratio > 0 exact;
    threshold is (ε exact, e^ε as an arb ball)."""
    eps, e_eps = threshold
    if isinstance(eps, Fraction) and eps == 0:
        return ratio >= 1 if kind == "ge" else ratio > 1
    r = to_arb(ratio)
    if r > e_eps:
        return True
    if r < e_eps:
        return False
    return None


def _exact_tail(p, q, eps, kind):
    """(certain mass, undecided mass) of the tail of one pair."""
    e_eps = to_arb(eps).exp() if not (isinstance(eps, Fraction) and eps == 0) else None
    lo, undecided = Fraction(0), Fraction(0)
    for a, b in zip(p, q):
        if a == 0:
            continue
        if b == 0:
            lo += a  # L = +∞ exceeds every ε
            continue
        r = Fraction(a) / Fraction(b)
        if kind == "abs-ge":
            hits = [_compare(r, (eps, e_eps), "ge"), _compare(1 / r, (eps, e_eps), "ge")]
            hit = True if True in hits else (None if None in hits else False)
        else:
            hit = _compare(r, (eps, e_eps), kind)
        if hit is None:
            undecided += a
        elif hit:
            lo += a
    return lo, undecided


def _enclose(lo, undecided):
    """lo exactly, or the ball [lo, lo + undecided] when some comparisons were undecided."""
    if undecided == 0:
        return lo
    return to_arb(lo).union(to_arb(lo + undecided))


def _check_tail_args(eps, kind, fname, exact):
    if kind not in TAILS:
        raise InvalidInput(f"{fname}: kind must be one of {', '.join(TAILS)}, got kind={kind!r}")
    if exact:
        return exact_real(eps, "eps", fname)
    return real(eps, "eps", fname)


def bdp_tail(K, mu, eps, adjacency="add", x0=0, kind="ge"):
    """Pr_{x', w∼p(·|D)}[L ≥ ε] (kind "ge", Definition 1), Pr[L > ε] ("gt", Eq. (18)) or Pr[|L| ≥ ε]
    ("abs-ge", Eq. (5)); float."""
    fname = "bdp_tail"
    e = _check_tail_args(eps, kind, fname, exact=False)
    return sum(w * _float_tail(p, q, e, kind) for w, p, q in neighbour_pairs(K, mu, adjacency, x0))


def bdp_tail_exact(K, mu, eps, adjacency="add", x0=0, kind="ge"):
    """The same, exact: a Fraction (an arb ball if a loss cannot be told from ε); ε exact or an arb ball."""
    fname = "bdp_tail_exact"
    e = _check_tail_args(eps, kind, fname, exact=True)
    lo, und = Fraction(0), Fraction(0)
    for w, p, q in neighbour_pairs_exact(K, mu, adjacency, x0):
        a, b = _exact_tail(p, q, e, kind)
        lo, und = lo + w * a, und + w * b
    return _enclose(lo, und)


def bdp_pointwise_tails(K, mu, eps, adjacency="add", x0=0, kind="gt"):
    """[(μ(x), Pr_{w∼p(·|D)}[L > ε | x']) for each x with μ(x) > 0]: Δ(ε, x') of Eq. (18) (float)."""
    fname = "bdp_pointwise_tails"
    e = _check_tail_args(eps, kind, fname, exact=False)
    return [(w, _float_tail(p, q, e, kind)) for w, p, q in neighbour_pairs(K, mu, adjacency, x0)]


def bdp_pointwise_tails_exact(K, mu, eps, adjacency="add", x0=0, kind="gt"):
    fname = "bdp_pointwise_tails_exact"
    e = _check_tail_args(eps, kind, fname, exact=True)
    return [(w, _enclose(*_exact_tail(p, q, e, kind))) for w, p, q in neighbour_pairs_exact(K, mu, adjacency, x0)]


# ----------------------------------------------------------------------------- Definition 2
def _check_reading(reading, fname):
    if reading not in READINGS:
        raise InvalidInput(f"{fname}: reading must be one of {', '.join(READINGS)}, got reading={reading!r}")


def _mixtures(pairs):
    P = sum(w * np.asarray(p, dtype=object) for w, p, _ in pairs)
    Q = sum(w * np.asarray(q, dtype=object) for w, _, q in pairs)
    return list(P), list(Q)


def bdp_delta(K, mu, eps, adjacency="add", x0=0, reading="fixed-set"):
    """The smallest δ of Definition 2 at ε under a reading (see the module note), by hockey-stick
    divergences (float)."""
    fname = "bdp_delta"
    _check_reading(reading, fname)
    e = real(eps, "eps", fname, lo=0)
    pairs = neighbour_pairs(K, mu, adjacency, x0)
    if reading == "set-per-x":
        return float(sum(w * hockey_stick_delta(p, q, e) for w, p, q in pairs))
    P = sum(w * p for w, p, _ in pairs)
    Q = sum(w * q for w, _, q in pairs)
    return float(hockey_stick_delta(P / P.sum(), Q / Q.sum(), e))


def bdp_delta_arb(K, mu, eps, adjacency="add", x0=0, reading="fixed-set"):
    fname = "bdp_delta_arb"
    _check_reading(reading, fname)
    e = exact_real(eps, "eps", fname, lo=0)
    pairs = neighbour_pairs_exact(K, mu, adjacency, x0)
    if reading == "set-per-x":
        total = to_arb(0)
        for w, p, q in pairs:
            total += to_arb(w) * hockey_stick_delta_arb(p, q, e)
        return total
    total_w = sum(w for w, _, _ in pairs)
    P, Q = _mixtures(pairs)
    return hockey_stick_delta_arb([x / total_w for x in P], [x / total_w for x in Q], e)


def _sets(m):
    return itertools.chain.from_iterable(itertools.combinations(range(m), r) for r in range(1, m + 1))


def bdp_delta_over_sets(K, mu, eps, adjacency="add", x0=0, reading="fixed-set"):
    """Definition 2 itself: the largest Pr[A(D) ∈ S] − e^ε Pr[A(D') ∈ S] over every set S of outputs (and 0,
    the empty set), with x' averaged before (fixed-set) or after (set-per-x) the sup (float, m ≤ 12)."""
    fname = "bdp_delta_over_sets"
    _check_reading(reading, fname)
    e = real(eps, "eps", fname, lo=0)
    pairs = neighbour_pairs(K, mu, adjacency, x0)
    m = len(pairs[0][1])
    if m > MAX_SET_OUTPUTS:
        raise InvalidInput(f"{fname}: at most {MAX_SET_OUTPUTS} outputs can be enumerated, got {m}")
    g = math.exp(e)

    def sup(terms):
        return max([0.0] + [sum(w * (p[list(S)].sum() - g * q[list(S)].sum()) for w, p, q in terms) for S in _sets(m)])

    if reading == "fixed-set":
        return sup(pairs)
    return sum(w * sup([(1.0, p, q)]) for w, p, q in pairs)


def bdp_delta_over_sets_arb(K, mu, eps, adjacency="add", x0=0, reading="fixed-set"):
    fname = "bdp_delta_over_sets_arb"
    _check_reading(reading, fname)
    e = exact_real(eps, "eps", fname, lo=0)
    pairs = neighbour_pairs_exact(K, mu, adjacency, x0)
    m = len(pairs[0][1])
    if m > MAX_SET_OUTPUTS:
        raise InvalidInput(f"{fname}: at most {MAX_SET_OUTPUTS} outputs can be enumerated, got {m}")
    g = to_arb(e).exp()

    def sup(terms):
        best = to_arb(0)
        for S in _sets(m):
            ps = sum((w * sum((p[i] for i in S), Fraction(0)) for w, p, _ in terms), Fraction(0))
            qs = sum((w * sum((q[i] for i in S), Fraction(0)) for w, _, q in terms), Fraction(0))
            best = best.max(to_arb(ps) - g * to_arb(qs))
        return best

    if reading == "fixed-set":
        return sup(pairs)
    total = to_arb(0)
    for w, p, q in pairs:
        total += to_arb(w) * sup([(Fraction(1), p, q)])
    return total


# ----------------------------------------------------------------------------- moments of the loss
def _check_lam(lam, fname, exact, lo=None):
    if exact:
        return exact_real(lam, "lam", fname, lo=lo, lo_open=True) if lo is not None else exact_real(lam, "lam", fname)
    return real(lam, "lam", fname, lo=lo, lo_open=True) if lo is not None else real(lam, "lam", fname)


def _pair_mgf_float(p, q, lam):
    """E_{w∼p}[e^{λL}] = Σ_w p (p/q)^λ over p > 0 (float, log space); +inf where a q = 0 meets λ > 0."""
    keep = p > 0
    if lam == 0:
        return float(p[keep].sum())
    if lam > 0 and np.any(keep & (q == 0)):
        return math.inf
    pk, qk = p[keep], q[keep]
    if lam < 0 and np.any(qk == 0):
        pk, qk = pk[qk > 0], qk[qk > 0]  # e^{λ·∞} = 0 for λ < 0
    if pk.size == 0:
        return 0.0
    logs = np.log(pk) + lam * (np.log(pk) - np.log(qk))
    return float(np.exp(np.logaddexp.reduce(logs)))


def bdp_loss_mgf(K, mu, lam, adjacency="add", x0=0):
    """E_{x', w}[e^{λL}] = Σ_x μ(x) Σ_w p_x(w) e^{λ log(p_x(w)/q_x(w))}: the joint sum of Eqs. (6)–(7) (float)."""
    fname = "bdp_loss_mgf"
    lam = _check_lam(lam, fname, exact=False)
    return float(sum(w * _pair_mgf_float(p, q, lam) for w, p, q in neighbour_pairs(K, mu, adjacency, x0)))


def _pair_mgf_arb(p, q, lam):
    lam_a = to_arb(lam)
    total = to_arb(0)
    for a, b in zip(p, q):
        if a == 0:
            continue
        if b == 0:
            if lam > 0:
                return math.inf
            if lam < 0:
                continue
            total += to_arb(a)
            continue
        r = to_arb(Fraction(a) / Fraction(b))
        total += to_arb(a) * (lam_a * r.log()).exp()
    return total


def bdp_loss_mgf_arb(K, mu, lam, adjacency="add", x0=0):
    fname = "bdp_loss_mgf_arb"
    lam = _check_lam(lam, fname, exact=True)
    total = to_arb(0)
    for w, p, q in neighbour_pairs_exact(K, mu, adjacency, x0):
        v = _pair_mgf_arb(p, q, lam)
        if isinstance(v, float):
            return math.inf
        total += to_arb(w) * v
    return total


def bdp_renyi_mgf(K, mu, lam, adjacency="add", x0=0, scale=1):
    """E_{x'}[e^{s·λ D_{λ+1}(p_x ‖ q_x)}] for λ > 0 and s = ``scale`` > 0: the right side of Eq. (8) (s = 1)
    and the inner quantity of Theorem 1 and Eq. (10) (s = T) (float)."""
    fname = "bdp_renyi_mgf"
    lam = _check_lam(lam, fname, exact=False, lo=0)
    s = real(scale, "scale", fname, lo=0, lo_open=True)
    logs = []
    for w, p, q in neighbour_pairs(K, mu, adjacency, x0):
        d = renyi_divergence(p, q, lam + 1)
        if math.isinf(d):
            return math.inf
        logs.append(math.log(w) + s * lam * d)
    return float(np.exp(np.logaddexp.reduce(logs)))


def _renyi_arb(p, q, alpha):
    total = to_arb(0)
    a = to_arb(alpha)
    for x, y in zip(p, q):
        if x == 0:
            continue
        if y == 0:
            return math.inf
        total += (a * to_arb(x).log() + (1 - a) * to_arb(y).log()).exp()
    return total.log() / (a - 1)


def bdp_renyi_mgf_arb(K, mu, lam, adjacency="add", x0=0, scale=1):
    fname = "bdp_renyi_mgf_arb"
    lam = _check_lam(lam, fname, exact=True, lo=0)
    s = to_arb(exact_real(scale, "scale", fname, lo=0, lo_open=True))
    total = to_arb(0)
    for w, p, q in neighbour_pairs_exact(K, mu, adjacency, x0):
        d = _renyi_arb(p, q, lam + 1)
        if isinstance(d, float):
            return math.inf
        total += to_arb(w) * (s * to_arb(lam) * d).exp()
    return total


def bdp_markov_moment(K, mu, lam, k, adjacency="add", x0=0):
    """E_{x', w}[φ(|L|)] with φ(t) = t^k e^{λt} (k ≥ 0, λ ≥ 0; 0^0 = 1): Eq. (5)'s numerator (float)."""
    fname = "bdp_markov_moment"
    lam = real(lam, "lam", fname, lo=0)
    kk = real(k, "k", fname, lo=0)
    total = 0.0
    for w, p, q in neighbour_pairs(K, mu, adjacency, x0):
        keep = p > 0
        if (lam > 0 or kk > 0) and np.any(keep & (q == 0)):
            return math.inf
        keep = keep & (q > 0)  # φ ≡ 1 here: an infinite loss contributes p(w)·1
        total += w * float(np.sum(np.where((p > 0) & (q == 0), p, 0.0)))
        if not keep.any():
            continue
        t = np.abs(np.log(p[keep]) - np.log(q[keep]))
        with np.errstate(divide="ignore"):
            logs = np.log(p[keep]) + lam * t + np.where(t > 0, kk * np.log(np.where(t > 0, t, 1.0)),
                                                        0.0 if kk == 0 else -np.inf)
        total += w * float(np.exp(np.logaddexp.reduce(logs)))
    return total


def bdp_markov_moment_arb(K, mu, lam, k, adjacency="add", x0=0):
    fname = "bdp_markov_moment_arb"
    lam = exact_real(lam, "lam", fname, lo=0)
    kk = exact_real(k, "k", fname, lo=0)
    total = to_arb(0)
    for w, p, q in neighbour_pairs_exact(K, mu, adjacency, x0):
        for a, b in zip(p, q):
            if a == 0:
                continue
            if b == 0:
                if lam > 0 or kk > 0:
                    return math.inf
                total += to_arb(w * a)
                continue
            r = Fraction(a) / Fraction(b)
            if r == 1:
                total += to_arb(w * a) if kk == 0 else to_arb(0)
                continue
            t = abs(to_arb(r).log())
            term = (to_arb(lam) * t).exp() * ((to_arb(kk) * t.log()).exp() if kk != 0 else 1)
            total += to_arb(w * a) * term
    return total


# ----------------------------------------------------------------------------- composition
def compose(*Ks):
    """The mechanism that runs K₁, …, K_T on the same dataset with independent randomness: row r is the
    product distribution K₁[r] ⊗ … ⊗ K_T[r] (outputs in lexicographic order) (float)."""
    if not Ks:
        raise InvalidInput("compose: at least one mechanism is needed")
    mats = [channel(K, f"K{i + 1}", "compose") for i, K in enumerate(Ks)]
    rows = {len(k) for k in mats}
    if len(rows) != 1:
        raise InvalidInput(f"compose: the mechanisms must have the same rows (datasets), got row counts {sorted(rows)}")
    return reduce(parallel_composition, mats)  # row r: K₁[r] ⊗ K₂[r], as mechanisms.leakage composes in parallel


def compose_exact(*Ks):
    if not Ks:
        raise InvalidInput("compose_exact: at least one mechanism is needed")
    mats = [validate_exact_channel(exact_matrix(K, f"compose_exact: K{i + 1}"), f"compose_exact: K{i + 1}")
            for i, K in enumerate(Ks)]
    rows = {len(k) for k in mats}
    if len(rows) != 1:
        raise InvalidInput("compose_exact: the mechanisms must have the same rows (datasets), "
                           f"got row counts {sorted(rows)}")
    return reduce(parallel_composition_exact, mats)


# ----------------------------------------------------------------------------- Monte Carlo
def bdp_tail_monte_carlo(K, mu, eps, adjacency="add", x0=0, n=200_000, seed=0, confidence=1 - 1e-9):
    """Definition 1's tail by simulation: n draws of x' ∼ μ and then w ∼ p(·|D), counting L(w, D, D') ≥ ε;
    an exact Clopper–Pearson interval (mechanisms.rigorous_intervals.Interval). Shares nothing with
    :func:`bdp_tail` but the model."""
    import time

    from mechanisms.rigorous_intervals import clopper_pearson

    fname = "bdp_tail_monte_carlo"
    k, m = _check_model(K, mu, fname, exact=False)
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
