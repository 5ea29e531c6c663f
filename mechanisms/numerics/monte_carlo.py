"""Monte Carlo estimators with rigorous intervals: pure functions over a sampler and an integrand.

Every estimator draws ``n`` samples in batches of at most ``batch_size`` (bounded memory for any n),
on numpy or torch (``device="auto"`` picks CUDA when present), and returns a
:class:`MonteCarloEstimate` (estimate, interval, confidence, n, seed, device, wall time, method and
whether the interval is rigorous).

* :func:`bounded_mean` — an integrand known to lie in [lo, hi]: empirical Bernstein (Maurer & Pontil
  2009, Theorem 4, both sides at δ/2) or Hoeffding. Valid at every n ≥ 1 (n = 1 gives [lo, hi]).
* :func:`bernoulli_rate` — an indicator: the exact Clopper–Pearson interval (beta quantiles).
* :func:`clt_mean` — any finite integrand: mean ± z·s/√n, labelled "CLT (asymptotic)", ``rigorous=False``;
  such an interval never decides a verdict.

Streams. Batch i draws from ``numpy.random.SeedSequence(seed).spawn(n_batches)[i]`` (constructed
directly as ``SeedSequence(seed, spawn_key=(i,))``; torch: a ``torch.Generator`` seeded with that child's
first 64-bit word). Per-batch statistics are merged in batch order, so an estimate depends on
(seed, n, batch_size, backend, device) and never on the order or the executor that ran the batches:
``mapper`` (default the builtin ``map``) may be any ordered map, e.g. a Dask client's
(:func:`proofcheck.runs.executors.dask_mapper`). A ``SeedSequence`` seed works the same, its spawn key
extended by the batch index (:func:`stream_seed` names a claim's own stream).

Rounding. The sums are float64 (pairwise); the intervals are widened by 1e-12·max(|lo|, |hi|), far above
the rounding error of summing up to 10^12 values in [lo, hi].

Arguments are checked before any draw; bad ones raise :class:`mechanisms.errors.InvalidInput` naming the
value. An integrand value outside [lo, hi] (or NaN) raises too: it would void the interval.
"""
from __future__ import annotations

import math
import time
import zlib
from dataclasses import asdict, dataclass

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.backend import resolve_device
from scipy.stats import beta, norm

__all__ = ["MonteCarloEstimate", "bounded_mean", "bernoulli_rate", "clt_mean", "stream_seed", "batch_generator",
           "resolve_backend_device", "check_confidence", "seed_label", "bernstein_half_width",
           "hoeffding_half_width", "clopper_pearson", "DEFAULT_BATCH_SIZE"]

DEFAULT_BATCH_SIZE = 1 << 20  # draws held at once (8 MiB of float64 per array)
ROUNDING_SLACK = 1e-12
METHODS = ("bernstein", "hoeffding")


@dataclass(frozen=True)
class MonteCarloEstimate:
    """A Monte Carlo estimate with its interval [lo, hi] at ``confidence``.

    ``rigorous`` is True for finite-sample intervals (Bernstein, Hoeffding, Clopper–Pearson, and monotone
    maps or union-bound combinations of them), False for CLT intervals."""

    estimate: float
    lo: float
    hi: float
    confidence: float
    n: int
    seed: int | str
    device: str
    seconds: float
    method: str
    rigorous: bool

    @property
    def width(self) -> float:
        return self.hi - self.lo

    def contains(self, x: float) -> bool:
        return self.lo <= x <= self.hi

    def to_json(self) -> dict:
        out = asdict(self)
        for k in ("estimate", "lo", "hi"):
            v = out[k]
            out[k] = v if math.isfinite(v) else str(v)
        out["seconds"] = round(self.seconds, 6)
        return out

    def mapped(self, fn, method_note: str) -> "MonteCarloEstimate":
        """The estimate under an increasing map fn (an interval maps to an interval at the same confidence)."""
        return MonteCarloEstimate(fn(self.estimate), fn(self.lo), fn(self.hi), self.confidence, self.n, self.seed,
                                  self.device, self.seconds, f"{self.method}; {method_note}", self.rigorous)


# ----------------------------------------------------------------------------- argument checks
def _count(n, name, fname, minimum=1):
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, (int, np.integer)) or int(n) < minimum:
        raise InvalidInput(f"{fname}: {name} must be an integer >= {minimum}, got {name}={n!r}")
    return int(n)


def check_confidence(c, fname):
    """A confidence level in (0, 1), as a float."""
    if isinstance(c, bool) or not isinstance(c, (int, float, np.floating)) or not 0 < float(c) < 1:
        raise InvalidInput(f"{fname}: confidence must lie in (0, 1), got confidence={c!r}")
    return float(c)


def _bounds(lo, hi, fname):
    for name, v in (("lo", lo), ("hi", hi)):
        if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)) or not math.isfinite(v):
            raise InvalidInput(f"{fname}: {name} must be a finite number, got {name}={v!r}")
    if not lo < hi:
        raise InvalidInput(f"{fname}: lo must be < hi, got lo={lo!r}, hi={hi!r}")
    return float(lo), float(hi)


def _seed(seed, fname):
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise InvalidInput(f"{fname}: seed must be an integer >= 0 or a numpy SeedSequence, got seed={seed!r}")
    return np.random.SeedSequence(int(seed))


def seed_label(ss: np.random.SeedSequence):
    """The seed as recorded: the int itself, or 'entropy/k1/k2' for a sub-stream."""
    return int(ss.entropy) if not ss.spawn_key else f"{ss.entropy}/{'/'.join(map(str, ss.spawn_key))}"


def resolve_backend_device(backend, device, fname):
    """('numpy', 'cpu') or ('torch', 'cpu' | 'cuda[:k]'); 'auto' picks CUDA when torch sees one."""
    if backend not in ("numpy", "torch"):
        raise InvalidInput(f"{fname}: backend must be 'numpy' or 'torch', got backend={backend!r}")
    if backend == "numpy":
        if device not in ("auto", "cpu"):
            raise InvalidInput(f"{fname}: the numpy backend runs on the CPU only, got device={device!r}")
        return "numpy", "cpu"
    import torch

    try:
        dev = resolve_device(str(device))
    except (RuntimeError, TypeError):
        raise InvalidInput(f"{fname}: unknown torch device, got device={device!r}") from None
    if dev.type == "cuda" and not torch.cuda.is_available():
        raise InvalidInput(f"{fname}: device={device!r} was asked for but torch sees no CUDA device")
    if dev.type not in ("cpu", "cuda"):
        raise InvalidInput(f"{fname}: device must be 'auto', 'cpu' or 'cuda[:k]', got device={device!r}")
    return "torch", str(dev)


def stream_seed(seed: int, *keys) -> np.random.SeedSequence:
    """A named sub-stream of ``seed``: ``SeedSequence(seed, spawn_key=keys)``; a string key (a claim id)
    is mapped to its CRC-32, so a claim's stream does not depend on which other claims run."""
    seed = _seed(seed, "stream_seed")
    ks = tuple(zlib.crc32(k.encode()) if isinstance(k, str) else _count(k, "key", "stream_seed", 0) for k in keys)
    return np.random.SeedSequence(seed.entropy, spawn_key=tuple(seed.spawn_key) + ks)


def batch_generator(ss: np.random.SeedSequence, index: int, backend: str, device: str):
    """The generator of batch ``index``: numpy Generator(PCG64) or a torch.Generator on ``device``."""
    child = np.random.SeedSequence(ss.entropy, spawn_key=tuple(ss.spawn_key) + (int(index),))
    if backend == "numpy":
        return np.random.default_rng(child)
    import torch

    gen = torch.Generator(device=device)
    gen.manual_seed(int(child.generate_state(1, np.uint64)[0]))
    return gen


# ----------------------------------------------------------------------------- batch workers
def _as_float64(x, size, backend, fname):
    if backend == "numpy":
        a = np.asarray(x, dtype=np.float64)
    else:
        import torch

        a = torch.as_tensor(x).to(torch.float64)
    if tuple(a.shape) != (size,):
        raise InvalidInput(f"{fname}: the integrand must return one value per draw, shape ({size},), "
                           f"got shape {tuple(a.shape)}")
    return a


def _batch_moments(job):
    """(count, mean, M2, min, max) of the integrand on one batch (a top-level function: picklable)."""
    draw, integrand, size, ss, index, backend, device, fname = job
    x = _as_float64(integrand(draw(size, batch_generator(ss, index, backend, device))), size, backend, fname)
    mean = x.mean()
    m2 = ((x - mean) ** 2).sum()
    return size, float(mean), float(m2), float(x.min()), float(x.max())


def _batch_successes(job):
    """(count, successes) of the indicator on one batch."""
    draw_indicator, _, size, ss, index, backend, device, fname = job
    x = draw_indicator(size, batch_generator(ss, index, backend, device))
    is_bool = (str(getattr(x, "dtype", "")) == "torch.bool") if backend == "torch" else np.asarray(x).dtype == np.bool_
    shape = tuple(getattr(x, "shape", ()))
    if not is_bool or shape != (size,):
        raise InvalidInput(f"{fname}: draw_indicator must return {size} booleans, got dtype "
                           f"{getattr(x, 'dtype', type(x).__name__)} and shape {shape}")
    k = int(x.count_nonzero().item()) if backend == "torch" else int(np.count_nonzero(x))
    return size, k


def _jobs(worker_args, n, batch_size):
    draw, integrand, ss, backend, device, fname = worker_args
    for i, start in enumerate(range(0, n, batch_size)):
        yield draw, integrand, min(batch_size, n - start), ss, i, backend, device, fname


def _merge_moments(stats):
    """Chan et al.'s pairwise merge, in batch order: (n, mean, M2, min, max)."""
    n, mean, m2, lo, hi = 0, 0.0, 0.0, math.inf, -math.inf
    for nb, mb, m2b, lob, hib in stats:
        tot = n + nb
        delta = mb - mean
        mean += delta * nb / tot
        m2 += m2b + delta * delta * n * nb / tot
        n = tot
        lo = lob if (lob < lo or math.isnan(lob)) and not math.isnan(lo) else lo  # a NaN sticks
        hi = hib if (hib > hi or math.isnan(hib)) and not math.isnan(hi) else hi
    return n, mean, m2, lo, hi


def _setup(n, confidence, seed, batch_size, backend, device, mapper, fname):
    n = _count(n, "n", fname)
    confidence = check_confidence(confidence, fname)
    ss = _seed(seed, fname)
    batch_size = _count(batch_size, "batch_size", fname)
    backend, dev = resolve_backend_device(backend, device, fname)
    if mapper is not None and not callable(mapper):
        raise InvalidInput(f"{fname}: mapper must be callable like map(fn, iterable), got mapper={mapper!r}")
    return n, confidence, ss, batch_size, backend, dev, mapper or map


def _moments(draw, integrand, n, ss, batch_size, backend, dev, mapper, fname):
    if not callable(draw) or not callable(integrand):
        raise InvalidInput(f"{fname}: draw and integrand must be callables, got {draw!r} and {integrand!r}")
    stats = list(mapper(_batch_moments, _jobs((draw, integrand, ss, backend, dev, fname), n, batch_size)))
    return _merge_moments(stats)


# ----------------------------------------------------------------------------- estimators
def bernstein_half_width(variance, n, value_range, confidence):
    """Two-sided empirical Bernstein half-width (Maurer & Pontil 2009, Thm 4, each side at δ/2):
    sqrt(2 V ln(4/δ)/n) + 7 R ln(4/δ)/(3(n−1)), V the unbiased sample variance, R = hi − lo."""
    if n < 2:
        return math.inf
    log_term = math.log(4.0 / (1.0 - confidence))
    return math.sqrt(2.0 * max(variance, 0.0) * log_term / n) + 7.0 * value_range * log_term / (3.0 * (n - 1))


def hoeffding_half_width(n, value_range, confidence):
    """Two-sided Hoeffding half-width R·sqrt(ln(2/δ)/(2n))."""
    return value_range * math.sqrt(math.log(2.0 / (1.0 - confidence)) / (2.0 * n))


def bounded_mean(draw, integrand, n, *, lo, hi, confidence, seed, batch_size=DEFAULT_BATCH_SIZE, backend="numpy",
                 device="auto", method="bernstein", mapper=None) -> MonteCarloEstimate:
    """E[integrand(X)], X ~ draw, for an integrand with values in [lo, hi]: a finite-sample interval.

    ``draw(size, rng)`` returns ``size`` samples (a numpy Generator, or a torch.Generator whose device the
    samples must be on); ``integrand(samples)`` returns ``size`` values (numpy array or torch tensor).
    ``method``: "bernstein" (empirical Bernstein; narrow when the variance is small) or "hoeffding".
    The interval is clipped to [lo, hi] and holds at every n with probability ≥ ``confidence``.
    """
    fname = "bounded_mean"
    lo, hi = _bounds(lo, hi, fname)
    if method not in METHODS:
        raise InvalidInput(f"{fname}: method must be one of {', '.join(METHODS)}, got method={method!r}")
    n, confidence, ss, batch_size, backend, dev, mapper = _setup(n, confidence, seed, batch_size, backend, device,
                                                                 mapper, fname)
    t0 = time.perf_counter()
    count, mean, m2, xmin, xmax = _moments(draw, integrand, n, ss, batch_size, backend, dev, mapper, fname)
    if not (xmin >= lo and xmax <= hi):  # NaN fails both
        bad = xmin if not xmin >= lo else xmax
        raise InvalidInput(f"{fname}: the integrand took the value {bad!r} outside [lo, hi] = [{lo!r}, {hi!r}]")
    if method == "bernstein":
        half = bernstein_half_width(m2 / (count - 1) if count > 1 else 0.0, count, hi - lo, confidence)
        label = "empirical Bernstein (Maurer & Pontil 2009)"
    else:
        half = hoeffding_half_width(count, hi - lo, confidence)
        label = "Hoeffding"
    half += ROUNDING_SLACK * max(abs(lo), abs(hi))
    return MonteCarloEstimate(mean, max(lo, mean - half), min(hi, mean + half), confidence, count, seed_label(ss),
                              dev, time.perf_counter() - t0, label, True)


def clopper_pearson(k, n, confidence):
    """The exact two-sided Clopper–Pearson interval for k successes in n trials (beta quantiles)."""
    a = 1.0 - confidence
    lo = 0.0 if k == 0 else float(beta.ppf(a / 2, k, n - k + 1))
    hi = 1.0 if k == n else float(beta.ppf(1 - a / 2, k + 1, n - k))
    return max(0.0, lo * (1 - ROUNDING_SLACK)), min(1.0, hi * (1 + ROUNDING_SLACK))


def bernoulli_rate(draw_indicator, n, *, confidence, seed, batch_size=DEFAULT_BATCH_SIZE, backend="numpy",
                   device="auto", mapper=None) -> MonteCarloEstimate:
    """P(event) from ``draw_indicator(size, rng)`` (``size`` booleans): k/n with the exact Clopper–Pearson
    interval (counts are exact integers, so nothing is rounded but the beta quantiles)."""
    fname = "bernoulli_rate"
    n, confidence, ss, batch_size, backend, dev, mapper = _setup(n, confidence, seed, batch_size, backend, device,
                                                                 mapper, fname)
    if not callable(draw_indicator):
        raise InvalidInput(f"{fname}: draw_indicator must be a callable, got {draw_indicator!r}")
    t0 = time.perf_counter()
    stats = list(mapper(_batch_successes, _jobs((draw_indicator, None, ss, backend, dev, fname), n, batch_size)))
    count, k = sum(s[0] for s in stats), sum(s[1] for s in stats)
    lo, hi = clopper_pearson(k, count, confidence)
    return MonteCarloEstimate(k / count, lo, hi, confidence, count, seed_label(ss), dev, time.perf_counter() - t0,
                              "Clopper-Pearson (exact binomial)", True)


def clt_mean(draw, integrand, n, *, confidence, seed, batch_size=DEFAULT_BATCH_SIZE, backend="numpy", device="auto",
             mapper=None) -> MonteCarloEstimate:
    """E[integrand(X)] for an integrand with no known bound: mean ± z_{(1+c)/2}·s/√n.

    Asymptotic only (``rigorous=False``, method "CLT (asymptotic)"): evidence of where to look, never a
    verdict."""
    fname = "clt_mean"
    n, confidence, ss, batch_size, backend, dev, mapper = _setup(n, confidence, seed, batch_size, backend, device,
                                                                 mapper, fname)
    if n < 2:
        raise InvalidInput(f"{fname}: a CLT interval needs n >= 2, got n={n}")

    t0 = time.perf_counter()
    count, mean, m2, xmin, xmax = _moments(draw, integrand, n, ss, batch_size, backend, dev, mapper, fname)
    if not (math.isfinite(xmin) and math.isfinite(xmax)):
        raise InvalidInput(f"{fname}: the integrand took a non-finite value ({xmin!r} .. {xmax!r})")
    half = float(norm.ppf(0.5 + confidence / 2)) * math.sqrt(m2 / (count - 1) / count)
    return MonteCarloEstimate(mean, mean - half, mean + half, confidence, count, seed_label(ss), dev,
                              time.perf_counter() - t0, "CLT (asymptotic)", False)
