"""Assumptions 1 and 2 of paper 001: the Lipschitz constant of a likelihood family under the absolute
log-ratio distance, the sets Θ_L, their prior mass ξ(Θ_L), and the best constant c*.

* d(a, b) = |log a/b| (0 when a = b = 0, +∞ when exactly one is 0), Eq. (2.7).
* L(θ) = sup_{x, y: ρ(x,y) > 0} d(p_θ(x), p_θ(y)) / ρ(x, y), and +∞ if some pair with ρ(x, y) = 0 has
  p_θ(x) ≠ p_θ(y) (Eq. (2.5) then fails for every L). Θ_L = {θ : L(θ) ≤ L}.
* Assumption 1 holds with L iff sup_θ L(θ) ≤ L; Assumption 2 with c iff ξ(Θ_L) ≥ 1 − e^{−cL} for all
  L > 0, and the best constant is c* = inf_{L>0} −log(1 − ξ(Θ_L))/L (0 when ξ(Θ_L) = 0 for some L > 0).

Three kinds of family:

* finite data spaces — a likelihood row p_θ over X with a distance matrix on X (or the product over n
  records with ρⁿ = Σ or max of per-record distances): L(θ) by enumeration of all pairs, as an exact
  :class:`LogLevel` (log r / d, compared exactly through r₁^{d₂} vs r₂^{d₁});
* named continuous families with closed forms (the suprema made explicit):

  ==================  ============================  ==============================  ============================
  family              θ, metric                     L(θ)                            prior → ξ(Θ_L)
  ==================  ============================  ==============================  ============================
  exponential         rate, |x − y|                 θ                               gamma(k, r): P(k, rL)
  laplace             1/s (known location), |x−y|   θ                               gamma(k, r): P(k, rL)
  normal-variance     σ² (known μ), Lemma 6 ρ       max(1, |μ|)/(2σ²)               Exp(λ): e^{−λ max(1,|μ|)/(2L)}
  normal-precision    1/σ² (known μ), Lemma 6 ρ     θ max(1, |μ|)/2                 gamma(k, r): P(k, 2rL/max(1,|μ|))
  bernoulli           prob., Hamming                |logit θ|                       beta(a, b): I_{σ(L)} − I_{σ(−L)}
  binomial (m)        prob., |k₁ − k₂|              log m + |logit θ|               beta(a, b): as bernoulli at L − log m
  poisson             rate, |x − y|                 +∞ (log x! is not Lipschitz)    —
  ==================  ============================  ==============================  ============================

* finite-support priors on any of these: c* exactly from the steps of ξ(Θ_L).

c* is named for what it is, the rate c of Assumption 2 (``lipschitz_mass_rate``: ξ(Θ_L) ≥ 1 − e^{−cL}).
d, L(θ) of a table row and of a named family, and ξ(Θ_L) in closed form are formulas over the numeric context
(``fp.table_lipschitz(row, metric)``, ``certified.prior_mass_lipschitz_set(...)``, ``box....`` over a box of
parameters). Second methods, each a route of its own: ξ(Θ_L) by quadrature of the prior density
(``prior_mass_lipschitz_set_quadrature``: scipy's quad; arb's certified integral) against the closed form; c*
of the beta prior by a float minimisation against a certified optimisation that encloses the infimum
(``lipschitz_mass_rate`` / ``lipschitz_mass_rate_arb``); levels of product families on floats (vectorised,
levels within rounding grouped) against exact :class:`LogLevel` s (``product_*`` / ``product_*_arb``).

c* for a beta prior on the Bernoulli family is a certified optimisation (upper bound: g at chosen L;
lower bound: g ≥ −log(1 − ξ(L_i))/L_{i+1} on [L_i, L_{i+1}] because ξ is non-decreasing, and explicit
bounds on (0, L₀] and [L_N, ∞)); everything else is in closed form.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import formula
from mechanisms.numerics.exact import Undecided, to_arb, to_fraction
# c* of the named families lives in its own module; importable from here as before
from mechanisms.bayesian.lipschitz_c_star import lipschitz_mass_rate, lipschitz_mass_rate_arb
from mechanisms.bayesian.posterior_quadrature import LogDensityT, integral_arb, log_concave_tail_bound, log_density_t
from mechanisms.numerics.context import fp

__all__ = ["absolute_log_ratio", "LogLevel", "table_lipschitz_level", "table_lipschitz_constant",
           "product_lipschitz_level", "product_lipschitz", "log_ratio_sup",
           "lipschitz_constant", "prior_mass_lipschitz_set", "prior_mass_lipschitz_set_quadrature",
           "prior_mass_lipschitz_set_quadrature_arb", "finite_lipschitz_mass_rate", "finite_lipschitz_mass_rate_arb",
           "lipschitz_mass_rate", "lipschitz_mass_rate_arb", "product_lipschitz_mass_rate",
           "product_lipschitz_mass_rate_arb", "level_value", "level_value_arb", "max_level", "CONTINUOUS_FAMILIES",
           "hamming_matrix"]

INF = math.inf
CONTINUOUS_FAMILIES = ("exponential", "laplace", "normal-variance", "normal-precision", "normal-mean", "bernoulli",
                       "binomial", "poisson")


# ----------------------------------------------------------------------------- Eq. (2.7)
@formula
def absolute_log_ratio(ctx, a, b):
    """d(a, b) = |log a/b| for a, b ≥ 0 (paper 001, Eq. (2.7)): 0 when a = b (exactly 0 for exact equal
    numbers), +∞ when exactly one of them is 0."""
    fname = "absolute_log_ratio"
    a, b = ctx.real(a, "a", fname, lo=0), ctx.real(b, "b", fname, lo=0)
    zero_a, zero_b = ctx.is_zero(a), ctx.is_zero(b)
    if zero_a and zero_b:
        return ctx.exact(0)
    if zero_a or zero_b:
        return ctx.inf
    return ctx.abs(ctx.log(a / b))


# ----------------------------------------------------------------------------- exact levels log r / d
@dataclass(frozen=True)
class LogLevel:
    """The number log(r)/d for an exact ratio r ≥ 1 and an integer d ≥ 1; ordered exactly."""

    r: Fraction
    d: int = 1

    def __post_init__(self):
        if self.r < 1 or self.d < 1:
            raise InvalidInput(f"LogLevel needs r >= 1 and d >= 1, got r={self.r}, d={self.d}")

    def _cmp(self, other) -> int:
        if isinstance(other, float) and other == INF:
            return -1
        lhs, rhs = self.r ** other.d, other.r ** self.d
        return (lhs > rhs) - (lhs < rhs)

    def __lt__(self, other):
        return self._cmp(other) < 0

    def __eq__(self, other):
        return isinstance(other, LogLevel) and self._cmp(other) == 0

    def __hash__(self):  # equal levels: r₁^{d₂} = r₂^{d₁}; the reduced root is a common key
        return hash(float(self))

    def __float__(self):
        return math.log(float(self.r)) / self.d if self.r != 1 else 0.0

    def arb(self):
        return to_arb(self.r).log() / self.d if self.r != 1 else to_arb(0)

    def is_zero(self) -> bool:
        return self.r == 1


def level_value(level) -> float:
    """A level (LogLevel, Fraction, int or inf) as a float."""
    return level if isinstance(level, float) else float(level)


def level_value_arb(level):
    """A level as a certified value (the exact inf stays inf; a rational level stays exact)."""
    if isinstance(level, float) and level == INF:
        return INF
    if isinstance(level, LogLevel):
        return level.arb()
    return to_fraction(level)


def max_level(levels):
    best = None
    for lv in levels:
        if isinstance(lv, float) and lv == INF:
            return INF
        if best is None or best < lv:
            best = lv
    return best


# ----------------------------------------------------------------------------- finite data spaces
def _metric_pairs(n: int, metric, fname: str):
    """The pairs i < j of an n-point X with their distance ρ(i, j), for an n×n integer distance matrix; each
    distance is checked as it is reached (a non-negative integer)."""
    if len(metric) != n or any(len(m) != n for m in metric):
        raise InvalidInput(f"{fname}: metric must be {n}x{n}, got metric={metric!r}")
    for i, j in itertools.combinations(range(n), 2):
        rho = metric[i][j]
        if rho != int(rho) or rho < 0:
            raise InvalidInput(f"{fname}: distances must be non-negative integers, got metric[{i}][{j}]={rho}")
        yield i, j, rho


def table_lipschitz_level(row: Sequence, metric: Sequence[Sequence]):
    """L(θ) for a likelihood row p_θ over a finite X and an integer distance matrix ρ on X, exact:
    a LogLevel, or inf (a zero beside a positive probability, or ρ = 0 between unequal probabilities)."""
    p = [to_fraction(x, "likelihood") for x in row]
    levels = []
    for i, j, rho in _metric_pairs(len(p), metric, "table_lipschitz_level"):
        if p[i] == p[j]:
            continue
        if rho == 0 or p[i] == 0 or p[j] == 0:
            return INF
        levels.append(LogLevel(max(p[i], p[j]) / min(p[i], p[j]), int(rho)))
    return max_level(levels) if levels else LogLevel(Fraction(1))


def _datasets(size: int, n: int):
    return list(itertools.product(range(size), repeat=n))


def _combine(per_record, combine):
    return sum(per_record) if combine == "sum" else max(per_record)


def product_lipschitz_level(row: Sequence, metric: Sequence[Sequence], n: int, combine: str = "sum",
                            max_differing: int | None = None):
    """L(θ) of the product p_θ(x₁)…p_θ(x_n) over Xⁿ with ρⁿ = Σ_i ρ(x_i, y_i) ('sum') or max_i ('max'),
    over the pairs that differ in at most ``max_differing`` records (all pairs when None), by
    enumeration of every pair of data sets; exact (a LogLevel or inf)."""
    if combine not in ("sum", "max"):
        raise InvalidInput(f"product_lipschitz_level: combine must be 'sum' or 'max', got {combine!r}")
    p = [to_fraction(x, "likelihood") for x in row]
    sets = _datasets(len(p), n)
    prob = {}
    for x in sets:
        v = Fraction(1)
        for xi in x:
            v *= p[xi]
        prob[x] = v
    levels = []
    for x, y in itertools.combinations(sets, 2):
        diff = sum(1 for a, b in zip(x, y) if a != b)
        if max_differing is not None and diff > max_differing:
            continue
        rho = _combine([int(metric[a][b]) for a, b in zip(x, y)], combine)
        px, py = prob[x], prob[y]
        if px == py:
            continue
        if rho == 0 or px == 0 or py == 0:
            return INF
        levels.append(LogLevel(max(px, py) / min(px, py), rho))
    return max_level(levels) if levels else LogLevel(Fraction(1))


def log_ratio_sup(ctx, probs: dict, distance, pairs=None):
    """sup over pairs (x, y) of |log P(x)/P(y)| / ρ(x, y), over the context: P a dict outcome -> probability,
    ``distance(x, y)`` an integer ρ ≥ 0, ``pairs`` the pairs to take (all pairs of outcomes when None).
    Equal probabilities give 0 (ρ is not read); +∞ when ρ = 0 between unequal probabilities or when a
    probability is 0 beside a positive one; 0 when there is no pair with unequal probabilities."""
    best = []
    for x, y in (itertools.combinations(list(probs), 2) if pairs is None else pairs):
        px, py = probs[x], probs[y]
        if ctx.is_zero(px - py):
            continue
        rho = distance(x, y)
        if rho == 0 or ctx.is_zero(px) or ctx.is_zero(py):
            return ctx.inf
        best.append(ctx.abs(ctx.log(px / py)) / rho)
    return ctx.max(*best) if best else ctx.exact(0)


@formula(args={"row": "vector", "metric": "matrix", "n": "integer", "combine": "text", "max_differing": "any"})
def product_lipschitz(ctx, row, metric, n, combine="sum", max_differing=None):
    """L(θ) of the product p_θ(x₁)…p_θ(x_n) over Xⁿ with ρⁿ = Σ_i ρ(x_i, y_i) ('sum') or max_i ('max'), over
    the pairs of data sets that differ in at most ``max_differing`` records (all pairs when None), by
    enumeration of every pair (paper 001, Lemma 1): one formula over the context (:func:`log_ratio_sup`).
    :func:`product_lipschitz_level` is the same supremum as an exact level, for grouping equal levels."""
    fname = "product_lipschitz"
    if combine not in ("sum", "max"):
        raise InvalidInput(f"{fname}: combine must be 'sum' or 'max', got {combine!r}")
    p = [ctx.real(x, f"row[{i}]", fname, lo=0) for i, x in enumerate(row)]
    sets = _datasets(len(p), int(n))
    probs = {}
    for x in sets:
        v = ctx.exact(1)
        for xi in x:
            v = v * p[xi]
        probs[x] = v
    pairs = [(x, y) for x, y in itertools.combinations(sets, 2)
             if max_differing is None or sum(1 for a, b in zip(x, y) if a != b) <= max_differing]
    return log_ratio_sup(ctx, probs, lambda x, y: _combine([int(metric[a][b]) for a, b in zip(x, y)], combine),
                         pairs)


# ----------------------------------------------------------------------------- continuous families
def _mu_scale(ctx, mu, fname):
    """max(1, |μ|), the scale of Lemma 6's metric."""
    return ctx.max(ctx.exact(Fraction(1)), ctx.abs(ctx.real(mu, "known", fname)))


def _logit_magnitude(ctx, t):
    return ctx.abs(ctx.log(t / (1 - t)))


@formula
def lipschitz_constant(ctx, family: str, theta, known=None):
    """L(θ) in closed form for a named continuous family (paper 001, Lemmas 3–6; see the module table);
    ``known`` is the family's known constant (μ, σ² or m trials)."""
    fname = "lipschitz_constant"
    if family not in CONTINUOUS_FAMILIES:
        raise InvalidInput(f"{fname}: unknown family {family!r}; one of {', '.join(CONTINUOUS_FAMILIES)}")
    if family == "poisson":
        return ctx.inf
    t = ctx.real(theta, "theta", fname)
    if family in ("exponential", "laplace"):
        return t
    if family == "normal-variance":
        return _mu_scale(ctx, known, fname) / (2 * t)
    if family == "normal-precision":
        return t * _mu_scale(ctx, known, fname) / 2
    if family == "normal-mean":  # θ the mean, known = σ²: sup |s − 2θ|/(|s| + 2) = max(1, |θ|)
        return _mu_scale(ctx, t, fname) / (2 * ctx.real(known, "known", fname, lo=0, lo_open=True))
    t = ctx.real(t, "theta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    if family == "bernoulli":
        return _logit_magnitude(ctx, t)
    return ctx.log(ctx.real(known, "known", fname, lo=1)) + _logit_magnitude(ctx, t)  # binomial, m trials


@formula
def prior_mass_lipschitz_set(ctx, family: str, prior: Sequence, L, known=None):
    """ξ(Θ_L), the prior mass of {θ : L(θ) ≤ L}, in closed form (paper 001, Assumption 2; see the module
    table): regularised incomplete gamma and beta functions, Θ_L's two tails computed as such for the beta
    prior (no cancellation when ξ is near 1)."""
    fname = "prior_mass_lipschitz_set"
    L = ctx.real(L, "L", fname, lo=0)
    if family == "poisson":
        return ctx.exact(0)
    if family in ("exponential", "laplace", "normal-precision"):
        k, r = (ctx.real(x, "prior", fname, lo=0, lo_open=True) for x in prior)
        scale = 1 if family != "normal-precision" else ctx.exact(Fraction(2)) / _mu_scale(ctx, known, fname)
        return ctx.regularized_gamma_lower(k, r * L * scale)
    if family == "normal-variance":
        lam = ctx.real(prior[0], "prior", fname, lo=0, lo_open=True)
        if ctx.is_zero(L):
            return ctx.exact(0)
        return ctx.exp(-lam * _mu_scale(ctx, known, fname) / (2 * L))
    if family in ("bernoulli", "binomial"):
        a, b = (ctx.real(x, "prior", fname, lo=0, lo_open=True) for x in prior)
        half = L - ctx.log(ctx.real(known, "known", fname, lo=1)) if family == "binomial" else L
        if ctx.certainly_le(half, 0):
            return ctx.exact(0)
        if not ctx.certainly_lt(0, half):
            raise Undecided(f"{fname}: L − log m is not decided against 0: {half}")
        e = ctx.exp(-half)
        lo = e / (1 + e)  # σ(−L'), the lower end of Θ_L in θ
        return ctx.max(0, 1 - ctx.regularized_beta(a, b, lo) - ctx.regularized_beta(b, a, lo))
    raise InvalidInput(f"{fname}: unknown family {family!r}; one of {', '.join(CONTINUOUS_FAMILIES)}")


def prior_mass_lipschitz_set_quadrature_arb(family: str, prior: Sequence, L, known=None):
    """Certified ξ(Θ_L) by quadrature of the prior density over Θ_L (no CDF): in t = logit θ for beta
    priors (Θ_L is t ∈ [−L', L']), t = log θ for gamma priors (with a rigorous bound of the tail).

    The second method for ξ(Θ_L), against the closed form :func:`prior_mass_lipschitz_set` (regularised
    incomplete functions); it has no form over boxes (arb's integral of a density whose parameters are wide
    balls is not the point of an independent check: the closed form is the one the box path evaluates)."""
    Lq = to_arb(L)

    def integrate(law, lo, hi):
        return integral_arb(lambda x, an: law.log(x, an).exp(), lo, hi)

    if family in ("bernoulli", "binomial"):
        half = Lq - (to_arb(to_fraction(known)).log() if family == "binomial" else 0)
        if half <= 0:
            return Fraction(0)
        return integrate(LogDensityT("beta", prior), -half, half)
    if family in ("exponential", "laplace", "normal-precision"):
        law = LogDensityT("gamma", prior)
        scale = 1 if family != "normal-precision" else 2 / to_arb(max(Fraction(1), abs(to_fraction(known))))
        top = (Lq * scale).log()  # {θ ≤ L·scale} is t ≤ top
        T = min(Fraction(float(top.mid())).limit_denominator(10**6) - 10, Fraction(-200))
        tail = log_concave_tail_bound(law.log, law.dlog, to_arb(T), -1)
        return integrate(law, to_arb(T), top) + arb(0).union(tail)
    if family == "normal-variance":
        law = LogDensityT("gamma", (1, to_fraction(prior[0])))
        m = to_arb(max(Fraction(1), abs(to_fraction(known))))
        bottom = (m / (2 * Lq)).log()  # {σ² ≥ m/(2L)} is t ≥ bottom
        T = Fraction(10)
        while not to_arb(T) > bottom + 5:
            T *= 2
        tail = log_concave_tail_bound(law.log, law.dlog, to_arb(T), 1)
        return integrate(law, bottom, to_arb(T)) + arb(0).union(tail)
    raise InvalidInput(f"prior_mass_lipschitz_set_quadrature_arb: unknown family {family!r}")


# ----------------------------------------------------------------------------- c* on finite supports
def _sorted_levels(levels, weights):
    groups: list[list] = []
    for lv, w in sorted(zip(levels, weights), key=lambda t: level_value(t[0])):
        if groups and groups[-1][0] == lv:
            groups[-1][1] += w
        else:
            groups.append([lv, w])
    # the float sort may misorder two exactly-compared levels that are within rounding: fix by insertion
    for i in range(1, len(groups)):
        j = i
        while j > 0 and _less(groups[j][0], groups[j - 1][0]):
            groups[j], groups[j - 1] = groups[j - 1], groups[j]
            j -= 1
    return groups


def _less(a, b) -> bool:
    if isinstance(a, float):
        return False
    if isinstance(b, float):
        return True
    return a < b


def _is_zero_level(lv) -> bool:
    if hasattr(lv, "is_zero"):
        return lv.is_zero()
    return lv == 0


def finite_lipschitz_mass_rate(levels: Sequence, weights: Sequence) -> float:
    """c* for a prior with atoms of Lipschitz level ℓ_i and mass w_i: ξ(Θ_L) is the mass of the atoms with
    ℓ_i ≤ L, a step function, so c* = min_j −log(1 − W_j)/ℓ_{j+1} over the distinct levels 0 = ℓ_1 < ℓ_2 <
    … (W_j the mass up to ℓ_j); 0 when no atom has level 0 (ξ(Θ_L) = 0 for small L) (float)."""
    groups = _sorted_levels(levels, [float(w) for w in weights])
    if not groups or not _is_zero_level(groups[0][0]):
        return 0.0
    best = INF
    mass = 0.0
    for (lv, w), (nxt, _) in zip(groups[:-1], groups[1:]):
        mass += w
        if mass >= 1:
            break
        val = -math.log1p(-mass) / level_value(nxt) if level_value(nxt) < INF else 0.0
        best = min(best, val)
    return best


def finite_lipschitz_mass_rate_arb(levels: Sequence, weights: Sequence):
    """Certified c* (exact weights, exact levels): the exact 0, the exact inf (a single level 0 atom…), or
    an arb ball."""
    ws = [to_fraction(w, "weight") for w in weights]
    groups = _sorted_levels(levels, ws)
    if not groups or not _is_zero_level(groups[0][0]):
        return Fraction(0)
    best = None
    mass = Fraction(0)
    for (lv, w), (nxt, _) in zip(groups[:-1], groups[1:]):
        mass += w
        if mass >= 1:
            break
        if isinstance(nxt, float):
            return Fraction(0)
        val = -to_arb(1 - mass).log() / to_arb(level_value_arb(nxt))
        best = val if best is None else best.min(val)
    return INF if best is None else best


# ----------------------------------------------------------------------------- values for the two paths
def _decided_equal(ctx, a, b) -> bool:
    """a = b, decided: exact numbers compare exactly; enclosures that are certainly apart are unequal, and
    enclosures that overlap (without both being the same point) leave it undecided."""
    if ctx.certainly_lt(a, b) or ctx.certainly_lt(b, a):
        return False
    if ctx.is_zero(a - b):
        return True
    raise Undecided(f"whether {a} = {b} is not decided by their enclosures")


@formula(name="table_lipschitz")
def table_lipschitz_constant(ctx, row, metric):
    """L(θ) = max over pairs x ≠ y of d(p_θ(x), p_θ(y))/ρ(x, y) for a likelihood row p_θ over a finite X and
    an integer distance matrix ρ (paper 001, Eq. (2.5)): exactly 0 when the row is constant, +∞ when a zero
    stands beside a positive probability or ρ = 0 between unequal probabilities."""
    fname = "table_lipschitz"
    p = [ctx.real(x, f"row[{i}]", fname, lo=0) for i, x in enumerate(row)]
    levels = []
    for i, j, rho in _metric_pairs(len(p), metric, fname):
        if rho == 0:
            if not _decided_equal(ctx, p[i], p[j]):
                return ctx.inf
            continue
        d = ctx.absolute_log_ratio(p[i], p[j])
        if ctx.is_inf(d):
            return ctx.inf
        levels.append(d / ctx.exact(Fraction(int(rho))))
    return ctx.max(*levels) if levels else ctx.exact(0)


def product_lipschitz_mass_rate(rows, weights, metric, n: int = 1, combine: str = "sum",
                                 max_differing: int | None = None) -> float:
    """c* (float) of a finite-support prior (atoms = likelihood rows over a finite X, masses ``weights``)
    for the product family over n records (levels by enumeration)."""
    levels = [fp.product_lipschitz(r, metric, n, combine, max_differing) for r in rows]
    # levels equal up to float rounding are one step of ξ(Θ_L)
    snapped = []
    for lv in levels:
        match = next((s for s in snapped if abs(s - lv) <= 1e-12 * max(1.0, abs(s))), None)
        snapped.append(lv if match is None else match)
    zero = [0.0 if abs(lv) < 1e-14 else lv for lv in snapped]
    return finite_lipschitz_mass_rate([_FloatLevel(v) for v in zero], weights)


class _FloatLevel(float):
    """A float level (for the float route of the step formula)."""

    def is_zero(self):
        return self == 0.0


def product_lipschitz_mass_rate_arb(rows, weights, metric, n: int = 1, combine: str = "sum",
                                     max_differing: int | None = None):
    """Certified c* of the product family over n records (exact levels, exact grouping of equal levels)."""
    levels = [product_lipschitz_level(r, metric, n, combine, max_differing) for r in rows]
    return finite_lipschitz_mass_rate_arb(levels, weights)


def hamming_matrix(size: int) -> list[list[int]]:
    """The per-record Hamming distance on {0, …, size−1}."""
    return [[0 if i == j else 1 for j in range(size)] for i in range(size)]


def prior_mass_lipschitz_set_quadrature(family: str, prior: Sequence, L, known=None) -> float:
    """Float ξ(Θ_L) by quadrature of the prior density over Θ_L (scipy's quad): the float half of the second
    method for ξ(Θ_L) (see :func:`prior_mass_lipschitz_set_quadrature_arb`)."""
    L = float(L)
    if family in ("bernoulli", "binomial"):
        half = L - (math.log(float(known)) if family == "binomial" else 0.0)
        if half <= 0:
            return 0.0
        f = lambda t: math.exp(float(log_density_t("beta", prior, t)))  # noqa: E731
        return float(integrate.quad(f, -half, half, epsabs=0, epsrel=1e-13, limit=200)[0])
    if family in ("exponential", "laplace", "normal-precision"):
        scale = 1.0 if family != "normal-precision" else 2.0 / max(1.0, abs(float(known)))
        top = math.log(L * scale)
        f = lambda t: math.exp(float(log_density_t("gamma", prior, t)))  # noqa: E731
        return float(integrate.quad(f, -math.inf, top, epsabs=1e-300, epsrel=1e-13, limit=200)[0])
    if family == "normal-variance":
        m = max(1.0, abs(float(known)))
        bottom = math.log(m / (2 * L))
        f = lambda t: math.exp(float(log_density_t("gamma", (1, prior[0]), t)))  # noqa: E731
        return float(integrate.quad(f, bottom, math.inf, epsabs=1e-300, epsrel=1e-13, limit=200)[0])
    raise InvalidInput(f"prior_mass_lipschitz_set_quadrature: unknown family {family!r}")


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# the rate c* of ξ(Θ_L) ≥ 1 − e^{−cL} of a finite-support prior for product families: the steps of ξ(Θ_L) grouped by
# float levels snapped within 1e−12; grouped by exact comparison of LogLevels (r₁^{d₂} = r₂^{d₁}). (L(θ) itself is one
# formula over the context: m.product_lipschitz, m.network_lipschitz.) ξ(Θ_L) by quadrature of the prior density, the
# second method for the closed form m.prior_mass_lipschitz_set: scipy's quad against acb.integral
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
from flint import arb
from scipy import integrate

route("product_lipschitz_mass_rate", product_lipschitz_mass_rate, product_lipschitz_mass_rate_arb)
route("prior_mass_lipschitz_set_quadrature", prior_mass_lipschitz_set_quadrature,
      prior_mass_lipschitz_set_quadrature_arb)
