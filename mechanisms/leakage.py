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

Why a subset-uniform prior attains ML+: for t = max π fixed, V[π▷C] is convex in π, so its maximum over
{π ∈ Δ : π ≤ t} is at a vertex (k entries t, one entry 1 − kt, the rest 0); along each such family of
vertices V[π▷C] − t is convex in t, so the maximum is at t = 1/k or 1/(k+1), a uniform prior on a subset.
Finding the best subset is NP-hard in general, so both routes enumerate the 2^n − 1 subsets, n ≤ 12.

Routes, sharing no code:

* float — numpy arrays in, floats (or arrays for compositions) out; logarithms in log space;
* exact — ``*_exact``: ints / Fractions / exact decimal strings in (a float is refused), a Fraction out
  (lists of lists of Fractions for compositions);
* certified — ``*_arb``: exact inputs, a python-flint ``arb`` ball at the working precision out, for every
  quantity that needs a logarithm.

Logarithms take ``base=2`` (bits) by default; ``base=math.e`` gives nats. Outputs of probability zero
contribute nothing to any sum over y. Leakages are ≥ 0 (resp. ≥ 1) exactly; the float route clips the
rounding noise of a leakage that is exactly zero so that it never falls outside the certified ball.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.checks import channel, distribution, real, real_array
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_fraction

__all__ = [
    "bayes_vulnerability", "bayes_vulnerability_exact",
    "posterior_bayes_vulnerability", "posterior_bayes_vulnerability_exact",
    "g_vulnerability", "g_vulnerability_exact",
    "posterior_g_vulnerability", "posterior_g_vulnerability_exact",
    "multiplicative_leakage", "multiplicative_leakage_exact", "additive_leakage", "additive_leakage_exact",
    "multiplicative_g_leakage", "multiplicative_g_leakage_exact", "additive_g_leakage", "additive_g_leakage_exact",
    "multiplicative_bayes_capacity", "multiplicative_bayes_capacity_exact",
    "additive_bayes_capacity", "additive_bayes_capacity_exact", "MAX_SUBSET_SECRETS",
    "min_entropy", "min_entropy_arb", "conditional_min_entropy", "conditional_min_entropy_arb",
    "min_entropy_leakage", "min_entropy_leakage_arb", "min_entropy_capacity", "min_entropy_capacity_arb",
    "shannon_entropy", "shannon_entropy_arb", "conditional_shannon_entropy", "conditional_shannon_entropy_arb",
    "mutual_information", "mutual_information_arb",
    "cascade", "cascade_exact", "parallel_composition", "parallel_composition_exact",
    "product_composition", "product_composition_exact",
]

MAX_SUBSET_SECRETS = 12  # additive Bayes capacity enumerates 2^n − 1 subsets of secrets
_CHUNK = 1 << 22  # entries of the subsets × outputs table held at once (float route)


# ----------------------------------------------------------------------------- validation, float route
def _prior(pi, fname):
    return distribution(pi, "pi", fname)


def _channel_prior(C, pi, fname):
    c = channel(C, "C", fname)
    p = _prior(pi, fname)
    if c.shape[0] != p.size:
        raise InvalidInput(f"{fname}: C has {c.shape[0]} rows (secrets) but pi has {p.size} entries")
    return c, p


def _gains(G, n, fname, *, non_negative=False):
    g, _ = real_array(G, "G", fname, lo=0 if non_negative else None)
    if g.ndim != 2 or g.size == 0:
        raise InvalidInput(f"{fname}: G must be a non-empty actions x secrets matrix, got shape {g.shape}")
    if g.shape[1] != n:
        raise InvalidInput(f"{fname}: G has {g.shape[1]} columns but there are {n} secrets")
    return g


def _log_of_base(base, fname):
    b = real(base, "base", fname, lo=0, lo_open=True)
    if b == 1:
        raise InvalidInput(f"{fname}: base must be > 0 and != 1, got base={base}")
    return math.log(b)


def _subset_limit(n, fname):
    if n > MAX_SUBSET_SECRETS:
        raise InvalidInput(f"{fname}: C has n={n} secrets; the subset enumeration is limited to "
                           f"n <= {MAX_SUBSET_SECRETS}")


# ----------------------------------------------------------------------------- validation, exact route
def _exact_vector(v, name, fname):
    if isinstance(v, np.ndarray):
        v = v.tolist()
    if not isinstance(v, (list, tuple)) or len(v) == 0:
        raise InvalidInput(f"{fname}: {name} must be a non-empty list of exact numbers, got {name}={v!r}")
    return [to_fraction(x, f"{fname}: {name}[{i}]") for i, x in enumerate(v)]


def _exact_matrix(M, name, fname):
    if isinstance(M, np.ndarray):
        M = M.tolist()
    if not isinstance(M, (list, tuple)) or len(M) == 0:
        raise InvalidInput(f"{fname}: {name} must be a non-empty list of rows, got {name}={M!r}")
    rows = []
    for i, row in enumerate(M):
        if isinstance(row, np.ndarray):
            row = row.tolist()
        if not isinstance(row, (list, tuple)) or len(row) == 0:
            raise InvalidInput(f"{fname}: {name}[{i}] must be a non-empty row, got {name}[{i}]={row!r}")
        rows.append([to_fraction(x, f"{fname}: {name}[{i},{j}]") for j, x in enumerate(row)])
    if len({len(r) for r in rows}) != 1:
        raise InvalidInput(f"{fname}: the rows of {name} must have equal lengths, got {[len(r) for r in rows]}")
    return rows


def _exact_distribution(v, name, fname):
    p = _exact_vector(v, name, fname)
    for i, x in enumerate(p):
        if x < 0:
            raise InvalidInput(f"{fname}: {name} must be >= 0, got {name}[{i}]={x}")
    if sum(p) != 1:
        raise InvalidInput(f"{fname}: {name} must sum to exactly 1, got sum({name})={sum(p)}")
    return p


def _exact_channel(C, fname, name="C"):
    c = _exact_matrix(C, name, fname)
    for i, row in enumerate(c):
        for j, x in enumerate(row):
            if x < 0:
                raise InvalidInput(f"{fname}: {name} must be >= 0, got {name}[{i},{j}]={x}")
        if sum(row) != 1:
            raise InvalidInput(f"{fname}: every row of {name} must sum to exactly 1, got sum({name}[{i}])={sum(row)}")
    return c


def _exact_channel_prior(C, pi, fname):
    c = _exact_channel(C, fname)
    p = _exact_distribution(pi, "pi", fname)
    if len(c) != len(p):
        raise InvalidInput(f"{fname}: C has {len(c)} rows (secrets) but pi has {len(p)} entries")
    return c, p


def _exact_gains(G, n, fname, *, non_negative=False):
    g = _exact_matrix(G, "G", fname)
    if len(g[0]) != n:
        raise InvalidInput(f"{fname}: G has {len(g[0])} columns but there are {n} secrets")
    if non_negative:
        for w, row in enumerate(g):
            for x, v in enumerate(row):
                if v < 0:
                    raise InvalidInput(f"{fname}: G must be >= 0 for a multiplicative leakage, got G[{w},{x}]={v}")
    return g


def _log_of_base_arb(base, fname):
    """ln(base) as a ball; the float math.e is read as Euler's number (natural logarithms)."""
    from flint import arb, fmpq

    if isinstance(base, float) and base == math.e:
        return arb(1)
    b = to_fraction(base, f"{fname}: base")
    if b <= 0 or b == 1:
        raise InvalidInput(f"{fname}: base must be > 0 and != 1, got base={b}")
    return arb(fmpq(b.numerator, b.denominator)).log()


def _arb(q):
    from flint import arb, fmpq

    return arb(fmpq(q.numerator, q.denominator))


# ----------------------------------------------------------------------------- vulnerabilities
def bayes_vulnerability(pi):
    """V(π) = max_x π_x."""
    return float(np.max(_prior(pi, "bayes_vulnerability")))


def bayes_vulnerability_exact(pi):
    return max(_exact_distribution(pi, "pi", "bayes_vulnerability_exact"))


def _post_bayes(c, p):
    return float(np.sum(np.max(p[:, None] * c, axis=0)))


def posterior_bayes_vulnerability(C, pi):
    """V[π▷C] = Σ_y max_x π_x C[x, y]."""
    return _post_bayes(*_channel_prior(C, pi, "posterior_bayes_vulnerability"))


def _post_bayes_exact(c, p):
    return sum((max(p[x] * c[x][y] for x in range(len(c))) for y in range(len(c[0]))), Fraction(0))


def posterior_bayes_vulnerability_exact(C, pi):
    return _post_bayes_exact(*_exact_channel_prior(C, pi, "posterior_bayes_vulnerability_exact"))


def g_vulnerability(pi, G):
    """V_g(π) = max_w Σ_x π_x G[w, x]."""
    p = _prior(pi, "g_vulnerability")
    return float(np.max(_gains(G, p.size, "g_vulnerability") @ p))


def _g_exact(p, g):
    return max(sum((gw[x] * p[x] for x in range(len(p))), Fraction(0)) for gw in g)


def g_vulnerability_exact(pi, G):
    p = _exact_distribution(pi, "pi", "g_vulnerability_exact")
    return _g_exact(p, _exact_gains(G, len(p), "g_vulnerability_exact"))


def _post_g(c, p, g):
    return float(np.sum(np.max(g @ (p[:, None] * c), axis=0)))


def posterior_g_vulnerability(C, pi, G):
    """V_g[π▷C] = Σ_y max_w Σ_x π_x C[x, y] G[w, x]."""
    c, p = _channel_prior(C, pi, "posterior_g_vulnerability")
    return _post_g(c, p, _gains(G, p.size, "posterior_g_vulnerability"))


def _post_g_exact(c, p, g):
    total = Fraction(0)
    for y in range(len(c[0])):
        joint = [p[x] * c[x][y] for x in range(len(c))]
        total += max(sum((gw[x] * joint[x] for x in range(len(c)) if joint[x]), Fraction(0)) for gw in g)
    return total


def posterior_g_vulnerability_exact(C, pi, G):
    c, p = _exact_channel_prior(C, pi, "posterior_g_vulnerability_exact")
    return _post_g_exact(c, p, _exact_gains(G, len(p), "posterior_g_vulnerability_exact"))


# ----------------------------------------------------------------------------- leakage
def multiplicative_leakage(C, pi):
    """L×(π, C) = V[π▷C] / V(π) ≥ 1 (Bayes)."""
    c, p = _channel_prior(C, pi, "multiplicative_leakage")
    return max(1.0, _post_bayes(c, p) / float(np.max(p)))


def multiplicative_leakage_exact(C, pi):
    c, p = _exact_channel_prior(C, pi, "multiplicative_leakage_exact")
    return _post_bayes_exact(c, p) / max(p)


def additive_leakage(C, pi):
    """L+(π, C) = V[π▷C] − V(π) ≥ 0 (Bayes)."""
    c, p = _channel_prior(C, pi, "additive_leakage")
    return max(0.0, _post_bayes(c, p) - float(np.max(p)))


def additive_leakage_exact(C, pi):
    c, p = _exact_channel_prior(C, pi, "additive_leakage_exact")
    return _post_bayes_exact(c, p) - max(p)


def multiplicative_g_leakage(C, pi, G):
    """V_g[π▷C] / V_g(π) for non-negative gains with V_g(π) > 0."""
    fname = "multiplicative_g_leakage"
    c, p = _channel_prior(C, pi, fname)
    g = _gains(G, p.size, fname, non_negative=True)
    prior_v = float(np.max(g @ p))
    if prior_v <= 0:
        raise InvalidInput(f"{fname}: the prior g-vulnerability must be > 0, got V_g(pi)={prior_v}")
    return max(1.0, _post_g(c, p, g) / prior_v)


def multiplicative_g_leakage_exact(C, pi, G):
    fname = "multiplicative_g_leakage_exact"
    c, p = _exact_channel_prior(C, pi, fname)
    g = _exact_gains(G, len(p), fname, non_negative=True)
    prior_v = _g_exact(p, g)
    if prior_v <= 0:
        raise InvalidInput(f"{fname}: the prior g-vulnerability must be > 0, got V_g(pi)={prior_v}")
    return _post_g_exact(c, p, g) / prior_v


def additive_g_leakage(C, pi, G):
    """V_g[π▷C] − V_g(π) ≥ 0 (any finite gains)."""
    c, p = _channel_prior(C, pi, "additive_g_leakage")
    g = _gains(G, p.size, "additive_g_leakage")
    return max(0.0, _post_g(c, p, g) - float(np.max(g @ p)))


def additive_g_leakage_exact(C, pi, G):
    c, p = _exact_channel_prior(C, pi, "additive_g_leakage_exact")
    g = _exact_gains(G, len(p), "additive_g_leakage_exact")
    return _post_g_exact(c, p, g) - _g_exact(p, g)


# ----------------------------------------------------------------------------- capacities
def multiplicative_bayes_capacity(C):
    """ML×(C) = Σ_y max_x C[x, y], the max over priors of L×, attained at the uniform prior."""
    return float(np.sum(np.max(channel(C, "C", "multiplicative_bayes_capacity"), axis=0)))


def multiplicative_bayes_capacity_exact(C):
    c = _exact_channel(C, "multiplicative_bayes_capacity_exact")
    return sum((max(row[y] for row in c) for y in range(len(c[0]))), Fraction(0))


def _subset_sums_of_column_max(c):
    """For every subset S of rows (bitmask), Σ_y max_{x ∈ S} c[x, y] (0 for the empty set)."""
    n, m = c.shape
    sums = np.zeros(1 << n)
    step = max(1, _CHUNK >> n)
    for lo in range(0, m, step):
        block = np.zeros((1 << n, min(step, m - lo)))
        for i in range(n):  # the subsets containing row i as their highest row
            block[1 << i:2 << i] = np.maximum(block[:1 << i], c[i, lo:lo + step])
        sums += block.sum(axis=1)
    return sums


def additive_bayes_capacity(C):
    """ML+(C) = max_π (V[π▷C] − V(π)) = max over non-empty subsets S of (Σ_y max_{x∈S} C[x,y] − 1)/|S|."""
    c = channel(C, "C", "additive_bayes_capacity")
    _subset_limit(c.shape[0], "additive_bayes_capacity")
    sums = _subset_sums_of_column_max(c)
    sizes = np.array([bin(s).count("1") for s in range(1, sums.size)], dtype=float)
    return max(0.0, float(np.max((sums[1:] - 1.0) / sizes)))


def additive_bayes_capacity_exact(C):
    c = _exact_channel(C, "additive_bayes_capacity_exact")
    _subset_limit(len(c), "additive_bayes_capacity_exact")
    colmax = [[Fraction(0)] * len(c[0])]
    for row in c:
        colmax += [[max(a, b) for a, b in zip(prev, row)] for prev in colmax]
    return max((sum(cm, Fraction(0)) - 1) / bin(s).count("1") for s, cm in enumerate(colmax) if s)


# ----------------------------------------------------------------------------- min-entropy
def min_entropy(pi, *, base=2):
    """H∞(π) = −log V(π)."""
    lb = _log_of_base(base, "min_entropy")
    return -math.log(float(np.max(_prior(pi, "min_entropy")))) / lb


def min_entropy_arb(pi, *, base=2):
    lb = _log_of_base_arb(base, "min_entropy_arb")
    return -_arb(max(_exact_distribution(pi, "pi", "min_entropy_arb"))).log() / lb


def conditional_min_entropy(C, pi, *, base=2):
    """H∞(π|C) = −log V[π▷C]."""
    lb = _log_of_base(base, "conditional_min_entropy")
    return -math.log(_post_bayes(*_channel_prior(C, pi, "conditional_min_entropy"))) / lb


def conditional_min_entropy_arb(C, pi, *, base=2):
    lb = _log_of_base_arb(base, "conditional_min_entropy_arb")
    return -_arb(_post_bayes_exact(*_exact_channel_prior(C, pi, "conditional_min_entropy_arb"))).log() / lb


def min_entropy_leakage(C, pi, *, base=2):
    """H∞(π) − H∞(π|C) = log L×(π, C) ≥ 0."""
    lb = _log_of_base(base, "min_entropy_leakage")
    c, p = _channel_prior(C, pi, "min_entropy_leakage")
    return max(0.0, (math.log(_post_bayes(c, p)) - math.log(float(np.max(p)))) / lb)


def min_entropy_leakage_arb(C, pi, *, base=2):
    lb = _log_of_base_arb(base, "min_entropy_leakage_arb")
    c, p = _exact_channel_prior(C, pi, "min_entropy_leakage_arb")
    return _arb(_post_bayes_exact(c, p) / max(p)).log() / lb


def min_entropy_capacity(C, *, base=2):
    """log ML×(C), the max over priors of the min-entropy leakage."""
    lb = _log_of_base(base, "min_entropy_capacity")
    return math.log(float(np.sum(np.max(channel(C, "C", "min_entropy_capacity"), axis=0)))) / lb


def min_entropy_capacity_arb(C, *, base=2):
    lb = _log_of_base_arb(base, "min_entropy_capacity_arb")
    c = _exact_channel(C, "min_entropy_capacity_arb")
    return _arb(sum((max(row[y] for row in c) for y in range(len(c[0]))), Fraction(0))).log() / lb


# ----------------------------------------------------------------------------- Shannon
def shannon_entropy(pi, *, base=2):
    """H(π) = −Σ_x π_x log π_x (0 log 0 = 0)."""
    lb = _log_of_base(base, "shannon_entropy")
    p = _prior(pi, "shannon_entropy")
    p = p[p > 0]
    return max(0.0, float(-np.sum(p * np.log(p))) / lb)


def shannon_entropy_arb(pi, *, base=2):
    from flint import arb

    lb = _log_of_base_arb(base, "shannon_entropy_arb")
    p = _exact_distribution(pi, "pi", "shannon_entropy_arb")
    return sum((-_arb(x) * _arb(x).log() for x in p if x), arb(0)) / lb


def _joint_and_marginal(c, p):
    joint = p[:, None] * c
    return joint, joint.sum(axis=0)


def conditional_shannon_entropy(C, pi, *, base=2):
    """H(π|C) = −Σ_{x,y} J(x,y) log (J(x,y) / p(y)), J(x,y) = π_x C[x,y], p(y) = Σ_x J(x,y)."""
    lb = _log_of_base(base, "conditional_shannon_entropy")
    joint, marg = _joint_and_marginal(*_channel_prior(C, pi, "conditional_shannon_entropy"))
    x, y = np.nonzero(joint)
    j = joint[x, y]
    return max(0.0, float(np.sum(j * (np.log(marg[y]) - np.log(j)))) / lb)


def _exact_joint_terms(c, p):
    """(J(x,y), π_x, p(y)) for every (x, y) with J(x,y) > 0, as Fractions."""
    marg = [sum((p[x] * c[x][y] for x in range(len(c))), Fraction(0)) for y in range(len(c[0]))]
    return [(p[x] * c[x][y], p[x], marg[y]) for x in range(len(c)) for y in range(len(c[0])) if p[x] * c[x][y]]


def conditional_shannon_entropy_arb(C, pi, *, base=2):
    from flint import arb

    lb = _log_of_base_arb(base, "conditional_shannon_entropy_arb")
    terms = _exact_joint_terms(*_exact_channel_prior(C, pi, "conditional_shannon_entropy_arb"))
    return sum((_arb(j) * _arb(py / j).log() for j, _, py in terms), arb(0)) / lb


def mutual_information(C, pi, *, base=2):
    """I(π; C) = Σ_{x,y} J(x,y) log (J(x,y) / (π_x p(y))) ≥ 0."""
    lb = _log_of_base(base, "mutual_information")
    c, p = _channel_prior(C, pi, "mutual_information")
    joint, marg = _joint_and_marginal(c, p)
    x, y = np.nonzero(joint)
    j = joint[x, y]
    return max(0.0, float(np.sum(j * (np.log(j) - np.log(p[x]) - np.log(marg[y])))) / lb)


def mutual_information_arb(C, pi, *, base=2):
    from flint import arb

    lb = _log_of_base_arb(base, "mutual_information_arb")
    terms = _exact_joint_terms(*_exact_channel_prior(C, pi, "mutual_information_arb"))
    return sum((_arb(j) * _arb(j / (px * py)).log() for j, px, py in terms), arb(0)) / lb


# ----------------------------------------------------------------------------- compositions
def cascade(C, D):
    """C·D: C: X → Y, then D: Y → Z (matrix product)."""
    c = channel(C, "C", "cascade")
    d = channel(D, "D", "cascade")
    if c.shape[1] != d.shape[0]:
        raise InvalidInput(f"cascade: C has {c.shape[1]} outputs but D has {d.shape[0]} rows (inputs)")
    return c @ d


def cascade_exact(C, D):
    c = _exact_channel(C, "cascade_exact", "C")
    d = _exact_channel(D, "cascade_exact", "D")
    if len(c[0]) != len(d):
        raise InvalidInput(f"cascade_exact: C has {len(c[0])} outputs but D has {len(d)} rows (inputs)")
    return [[sum((row[y] * d[y][z] for y in range(len(d)) if row[y]), Fraction(0)) for z in range(len(d[0]))]
            for row in c]


def parallel_composition(C, D):
    """C ∥ D: one secret x, independent outputs (y, z) at column y·|Z| + z; row x is C[x] ⊗ D[x]."""
    c = channel(C, "C", "parallel_composition")
    d = channel(D, "D", "parallel_composition")
    if c.shape[0] != d.shape[0]:
        raise InvalidInput(f"parallel_composition: C has {c.shape[0]} rows but D has {d.shape[0]} (same secrets)")
    return (c[:, :, None] * d[:, None, :]).reshape(c.shape[0], -1)


def parallel_composition_exact(C, D):
    c = _exact_channel(C, "parallel_composition_exact", "C")
    d = _exact_channel(D, "parallel_composition_exact", "D")
    if len(c) != len(d):
        raise InvalidInput(f"parallel_composition_exact: C has {len(c)} rows but D has {len(d)} (same secrets)")
    return [[a * b for a in r for b in s] for r, s in zip(c, d)]


def product_composition(C, D):
    """C × D: independent secrets (x1, x2) at row x1·|X2| + x2, outputs (y1, y2): the Kronecker product."""
    return np.kron(channel(C, "C", "product_composition"), channel(D, "D", "product_composition"))


def product_composition_exact(C, D):
    c = _exact_channel(C, "product_composition_exact", "C")
    d = _exact_channel(D, "product_composition_exact", "D")
    return [[a * b for a in r for b in s] for r in c for s in d]
