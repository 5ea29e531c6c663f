"""Public Hypothesis strategies for priors, finite channels and parameter boxes.

They compose like Hypothesis's own: ``channels(n=3)`` is a SearchStrategy of 3-row channels,
``cases(prior=priors(n), K=channels(n))`` a strategy of dicts. Every value is a float numpy
array whose rows sum to one to rounding; the engine rounds them to exact rationals before
certifying anything.
"""
from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from scipy.special import gammaincinv

SIZES = st.integers(min_value=2, max_value=6)


def _check_size(name: str, n, minimum: int = 1):
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < minimum:
        raise InvalidArgument(f"{name}={n!r} must be an integer >= {minimum}")


def _check_real(name: str, x, lo=-math.inf, hi=math.inf, lo_open=False):
    if isinstance(x, bool) or not isinstance(x, (int, float, np.integer, np.floating)) or not math.isfinite(x) \
            or x < lo or x > hi or (lo_open and x == lo):
        bound = f"{'>' if lo_open else '>='} {lo}" + (f" and <= {hi}" if math.isfinite(hi) else "")
        raise InvalidArgument(f"{name}={x!r} must be a finite number {bound}")


def _normalise(v) -> np.ndarray:
    v = np.asarray(v, float)
    return v / v.sum()


def _weights(n: int, lo: float = 1e-3):
    return st.lists(st.floats(min_value=lo, max_value=1.0, allow_nan=False), min_size=n, max_size=n)


# ----------------------------------------------------------------------------- priors
def uniform_priors(n: int):
    _check_size("n", n)
    return st.just(np.full(n, 1.0 / n))


def close_to_uniform_priors(n: int, eps: float):
    """Priors with f(d) / (1/n) in [e^{-eps}, e^{eps}] (the papers' 'eps-close to uniform')."""
    _check_size("n", n)
    _check_real("eps", eps, lo=0)
    lo, hi = np.exp(-eps), np.exp(eps)

    def build(ws):
        # mix a random distribution with the uniform one, as far towards it as the band allows
        # (bisection on the weight), so that draws reach the edge of the band
        u = np.full(n, 1.0 / n)
        p = _normalise(ws)
        t_lo, t_hi = 0.0, 1.0
        for _ in range(60):
            t = (t_lo + t_hi) / 2
            q = (1 - t) * u + t * p
            r = q * n
            if r.max() <= hi and r.min() >= lo:
                t_lo = t
            else:
                t_hi = t
        return (1 - t_lo) * u + t_lo * p

    return _weights(n).map(build)


def dirichlet_priors(n: int, alpha: float = 1.0):
    """Dirichlet(alpha, ..., alpha) priors, drawn as normalised Gamma(alpha) variates by the inverse
    CDF of Hypothesis-drawn uniforms (so that draws shrink like any other)."""
    _check_size("n", n)
    _check_real("alpha", alpha, lo=0, lo_open=True)

    def build(us):
        g = np.array([gammaincinv(alpha, u) for u in us]) + 1e-300
        return g / g.sum()

    return st.lists(st.floats(1e-9, 1 - 1e-9), min_size=n, max_size=n).map(build)


def near_degenerate_priors(n: int):
    """Most mass on one secret, the rest spread thinly: where posteriors move the most."""
    _check_size("n", n)
    return st.tuples(st.integers(0, n - 1), st.floats(1e-4, 0.2), _weights(n)).map(
        lambda t: _near_degenerate(n, *t))


def _near_degenerate(n, i, rest, ws):
    w = _normalise(ws) * rest
    w[i] = 0.0
    w = w / w.sum() * rest if w.sum() > 0 else np.full(n, rest / n)
    w[i] = 1.0 - rest
    return _normalise(w)


@functools.lru_cache(maxsize=None)  # one strategy object per size: Hypothesis validates it once, not per draw
def priors(n: int):
    _check_size("n", n)
    return st.one_of(uniform_priors(n), _weights(n).map(_normalise), dirichlet_priors(n, 0.5),
                     near_degenerate_priors(n), close_to_uniform_priors(n, 0.1))


# ----------------------------------------------------------------------------- channels
def random_channels(n: int, m: int):
    _check_size("n", n)
    _check_size("m", m)
    return st.lists(_weights(m), min_size=n, max_size=n).map(lambda rows: np.array([_normalise(r) for r in rows]))


def randomized_response(k: int, eps: float) -> np.ndarray:
    """k-ary randomized response: keep the secret w.p. e^eps / (e^eps + k - 1)."""
    _check_size("k", k, 2)
    _check_real("eps", eps, lo=0)
    keep = np.exp(eps) / (np.exp(eps) + k - 1)
    K = np.full((k, k), (1 - keep) / (k - 1))
    np.fill_diagonal(K, keep)
    return K


def randomized_response_channels(k: int):
    _check_size("k", k, 2)
    return st.floats(0.01, 5.0).map(lambda e: randomized_response(k, e))


def exponential_mechanism(utility: np.ndarray, eps: float) -> np.ndarray:
    """K[d, w] ∝ exp(eps u(d, w) / (2 Δu)) with Δu the sensitivity over neighbouring rows (all pairs)."""
    u = np.asarray(utility, float)
    sens = max(float(np.max(np.abs(u[:, None, :] - u[None, :, :]))), 1e-12)
    z = eps * u / (2 * sens)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def exponential_mechanism_channels(n: int, m: int):
    _check_size("n", n)
    _check_size("m", m)
    return st.tuples(st.lists(st.floats(-1, 1), min_size=n * m, max_size=n * m), st.floats(0.05, 5.0)).map(
        lambda t: exponential_mechanism(np.reshape(t[0], (n, m)), t[1]))


def extremal_channels(n: int, m: int):
    """Structured extremes: one output that only one secret can produce (infinite LDP level),
    a near-deterministic channel, a two-level channel (every ratio at its max)."""
    _check_size("n", n)
    _check_size("m", m)
    def two_level(t):
        ratio, j = t
        K = np.ones((n, m))
        K[:, j % m] = 1.0
        K[0, j % m] = ratio
        return np.array([_normalise(r) for r in K])

    def sparse_col(t):
        K = np.full((n, m), 1.0)
        K[1:, 0] = t
        return np.array([_normalise(r) for r in K])

    def near_det(t):
        K = np.full((n, m), t)
        for d in range(n):
            K[d, d % m] = 1.0
        return np.array([_normalise(r) for r in K])

    return st.one_of(
        st.tuples(st.floats(1.0, 50.0), st.integers(0, m - 1)).map(two_level),
        st.floats(1e-6, 1e-2).map(sparse_col),
        st.floats(1e-6, 0.5).map(near_det),
    )


@functools.lru_cache(maxsize=None)  # one strategy object per size: Hypothesis validates it once, not per draw
def channels(n: int, m: int | None = None):
    _check_size("n", n)
    if m is not None:
        _check_size("m", m)
    if m is None:
        return SIZES.flatmap(lambda mm: channels(n, mm))
    parts = [random_channels(n, m), exponential_mechanism_channels(n, m), extremal_channels(n, m)]
    if n == m:
        parts.append(randomized_response_channels(n))
    return st.one_of(*parts)


# ----------------------------------------------------------------------------- boxes and cases
def reals(lo: float, hi: float, *, exclude_min: bool = False, exclude_max: bool = False):
    """Reals in [lo, hi], endpoints and their neighbourhoods included (where bounds bite); an excluded end is
    never drawn, the nearest floats inside it are (``reals(1, 20, exclude_min=True)`` for a Rényi order)."""
    _check_real("lo", lo)
    _check_real("hi", hi, lo=lo, lo_open=exclude_min or exclude_max)
    for name, flag in (("exclude_min", exclude_min), ("exclude_max", exclude_max)):
        if not isinstance(flag, bool):
            raise InvalidArgument(f"{name}={flag!r} must be True or False")
    ends = [math.nextafter(lo, hi) if exclude_min else lo, math.nextafter(hi, lo) if exclude_max else hi]
    ends = [x for x in ends if lo < x < hi or (x == lo and not exclude_min) or (x == hi and not exclude_max)]
    inner = st.floats(lo, hi, allow_nan=False, exclude_min=exclude_min, exclude_max=exclude_max)
    return st.one_of(st.sampled_from(ends), inner) if ends else inner


def integers(lo: int, hi: int):
    """Integers in lo..hi, both ends included and drawn often (where bounds bite); shrinks towards lo."""
    if isinstance(lo, bool) or not isinstance(lo, (int, np.integer)):
        raise InvalidArgument(f"lo={lo!r} must be an integer")
    _check_size("hi", hi, minimum=int(lo))
    return st.one_of(st.sampled_from([int(lo), int(hi)]), st.integers(int(lo), int(hi)))


def gain_functions(actions: int, secrets: int, *, max_gain: int = 4, max_denominator: int = 4,
                   covering: bool = True):
    """Gain functions G[w, x] (actions x secrets) of exact non-negative rationals k/d, k ≤ max_gain·d,
    d ≤ max_denominator, as a list of rows of Fractions (declare the variable with proofcheck.gain). With
    `covering`, every secret has a positive gain under some action (so V_g(π) > 0 for every prior)."""
    _check_size("actions", actions)
    _check_size("secrets", secrets)
    _check_size("max_gain", max_gain)
    _check_size("max_denominator", max_denominator)
    entry = st.tuples(st.integers(0, max_gain * max_denominator), st.integers(1, max_denominator)).map(
        lambda t: Fraction(*t) if Fraction(*t) <= max_gain else Fraction(max_gain))
    matrix = st.lists(st.lists(entry, min_size=secrets, max_size=secrets), min_size=actions, max_size=actions)
    return matrix.map(_cover) if covering else matrix


def _cover(rows):
    """Each secret without a positive gain gets gain 1 under the action of its index (mod the actions)."""
    for x in range(len(rows[0])):
        if not any(r[x] > 0 for r in rows):
            rows[x % len(rows)][x] = Fraction(1)
    return rows


def cases(**fields):
    """A strategy of dicts: cases(prior=priors(3), K=channels(3)). Plain values are kept as is."""
    return st.fixed_dictionaries({k: (v if isinstance(v, st.SearchStrategy) else st.just(v)) for k, v in fields.items()})


def log_reals(lo: float, hi: float):
    """Positive reals in [lo, hi], uniform in log scale (δ from 1e-12 to 1e-1 is not all near 1e-1)."""
    _check_real("lo", lo, lo=0, lo_open=True)
    _check_real("hi", hi, lo=lo)
    a, b = math.log(lo), math.log(hi)
    return st.one_of(st.sampled_from([lo, hi]), st.floats(a, b).map(lambda t: min(max(math.exp(t), lo), hi)))


def sized(build, *, min_n: int = 2, max_n: int = 6, min_m: int = 2, max_m: int = 6):
    """Draw the number of secrets n in min_n..max_n and of outputs m in min_m..max_m, then build(n, m)."""
    _check_size("min_n", min_n)
    _check_size("max_n", max_n, min_n)
    _check_size("min_m", min_m)
    _check_size("max_m", max_m, min_m)
    if not callable(build):
        raise InvalidArgument(f"build={build!r} must be a function of (n, m)")
    return st.tuples(st.integers(min_n, max_n), st.integers(min_m, max_m)).flatmap(lambda nm: build(*nm))
