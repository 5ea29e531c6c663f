"""Gaussian and Laplace mechanisms on R^p with inputs clipped to a ball (seed 003).

* Definition 3: f^G_{p,σ²}(x)(y) = exp(−‖y − x‖²/(2σ²)) / sqrt(2πσ²)^p.
* Inputs live in the ball B^p_R; clipping is Algorithm 1, line 7: g / max(1, ‖g‖₂/B).
  The mechanism on an unclipped x is the density centred at its clipped version.
* Per-layer clipping (the way Opacus clips and how seed 003's Theorem 5 counts R layers):
  each layer's block of coordinates is clipped to its own bound B_i, so the whole vector
  lies in the ball of radius sqrt(Σ B_i²) (sqrt(R) for R layers with B_i = 1).
* Algorithm 1, lines 7, 9, 10: clip each per-example gradient, average the L of them,
  add (1/L)·N(0, B²σ² I).
* Laplace mechanism: independent Laplace(b) noise per coordinate,
  log f = −‖y − x‖₁/b − p·log(2b).
"""
from __future__ import annotations

import math

import numpy as np

from mechanisms.numerics import _sampling as smp
from mechanisms.errors import InvalidInput

__all__ = [
    "clip_to_ball",
    "clip_per_layer",
    "per_layer_clip_radius",
    "gaussian_log_density",
    "gaussian_mechanism_log_density",
    "laplace_log_density",
    "laplace_mechanism_log_density",
    "sample_gaussian_mechanism",
    "sample_laplace_mechanism",
    "dp_sgd_gaussian_step",
]

_LOG_2PI = math.log(2 * math.pi)


# ---------------------------------------------------------------- validation


def _real(v):
    return not isinstance(v, bool) and isinstance(v, (int, float, np.integer, np.floating)) and math.isfinite(v)


def _positive(v, name, fname):
    if not _real(v) or v <= 0:
        raise InvalidInput(f"{fname}: {name} must be a finite number > 0, got {name}={v!r}")
    return float(v)


def _radius(v, fname, name="R"):
    if not _real(v) or v < 0:
        raise InvalidInput(f"{fname}: radius {name} must be a finite number >= 0, got {name}={v!r}")
    return float(v)


def _finite_array(x, name, fname):
    a = np.asarray(x.detach().cpu() if hasattr(x, "detach") else x, dtype=np.float64)
    if a.ndim == 0:
        raise InvalidInput(f"{fname}: {name} must be a vector (..., p), got a scalar")
    if not np.all(np.isfinite(a)):
        raise InvalidInput(f"{fname}: {name} has a non-finite entry")
    return a


def _norm_ord(ord_, fname):
    if ord_ not in (1, 2):
        raise InvalidInput(f"{fname}: ord must be 1 or 2, got ord={ord_!r}")
    return ord_


# ------------------------------------------------------------------ clipping


def clip_to_ball(x, R, *, ord=2):
    """x / max(1, ‖x‖/R) along the last axis (Algorithm 1, line 7); R = 0 maps everything to 0."""
    fname = "clip_to_ball"
    a = _finite_array(x, "x", fname)
    r = _radius(R, fname)
    _norm_ord(ord, fname)
    norms = np.linalg.norm(a, ord=ord, axis=-1, keepdims=True)
    if r == 0:
        return np.zeros_like(a)
    return a / np.maximum(1.0, norms / r)


def _layer_bounds(layer_sizes, bounds, p, fname):
    sizes = [int(s) for s in layer_sizes]
    if any(s <= 0 for s in sizes) or sum(sizes) != p:
        raise InvalidInput(f"{fname}: layer_sizes {sizes} must be positive and sum to p={p}")
    if np.ndim(bounds) == 0:
        bnds = [bounds] * len(sizes)
    else:
        bnds = list(bounds)
        if len(bnds) != len(sizes):
            raise InvalidInput(f"{fname}: {len(bnds)} bounds for {len(sizes)} layers")
    return sizes, [_radius(b, fname, "bound") for b in bnds]


def clip_per_layer(x, layer_sizes, bounds, *, ord=2):
    """Clip each layer (consecutive block of the last axis, sizes ``layer_sizes``) to its own bound."""
    fname = "clip_per_layer"
    a = _finite_array(x, "x", fname)
    sizes, bnds = _layer_bounds(layer_sizes, bounds, a.shape[-1], fname)
    cuts = np.cumsum(sizes)[:-1]
    blocks = np.split(a, cuts, axis=-1)
    return np.concatenate([clip_to_ball(blk, b, ord=ord) for blk, b in zip(blocks, bnds)], axis=-1)


def per_layer_clip_radius(bounds):
    """Radius of the smallest ball holding every per-layer-clipped vector: sqrt(Σ B_i²)."""
    bnds = [_radius(b, "per_layer_clip_radius", "bound") for b in np.atleast_1d(bounds)]
    return math.sqrt(math.fsum(b * b for b in bnds))


# ------------------------------------------------------------------ densities


def _same_dimension(y, x, fname):
    """y and x as finite arrays whose last axes (the dimension p) agree; one InvalidInput naming both otherwise."""
    ya, xa = _finite_array(y, "y", fname), _finite_array(x, "x", fname)
    if ya.shape[-1] != xa.shape[-1]:
        raise InvalidInput(f"{fname}: y has dimension {ya.shape[-1]}, x has {xa.shape[-1]}")
    return ya, xa


def gaussian_log_density(y, x, sigma):
    """Definition 3: log f^G_{p,σ²}(x)(y) = −‖y − x‖²/(2σ²) − (p/2)·log(2πσ²).

    Broadcasts over leading axes of y and x (shape (..., p)).
    """
    fname = "gaussian_log_density"
    s = _positive(sigma, "sigma", fname)
    ya, xa = _same_dimension(y, x, fname)
    p = ya.shape[-1]
    d2 = np.sum((ya - xa) ** 2, axis=-1)
    return -d2 / (2 * s * s) - 0.5 * p * (_LOG_2PI + 2 * math.log(s))


def gaussian_mechanism_log_density(y, x, sigma, R):
    """Gaussian mechanism on inputs clipped to B^p_R: the Definition 3 density centred at clip(x)."""
    return gaussian_log_density(y, clip_to_ball(x, R), sigma)


def laplace_log_density(y, x, b):
    """log of Π_j exp(−|y_j − x_j|/b)/(2b) = −‖y − x‖₁/b − p·log(2b)."""
    fname = "laplace_log_density"
    bb = _positive(b, "b", fname)
    ya, xa = _same_dimension(y, x, fname)
    p = ya.shape[-1]
    return -np.sum(np.abs(ya - xa), axis=-1) / bb - p * math.log(2 * bb)


def laplace_mechanism_log_density(y, x, b, R, *, ord=1):
    """Laplace mechanism on inputs clipped (by scaling) to the ord-norm ball of radius R."""
    return laplace_log_density(y, clip_to_ball(x, R, ord=ord), b)


# ------------------------------------------------------------------- samplers


def _center(x, R, ord, fname):
    a = _finite_array(x, "x", fname)
    if a.ndim != 1:
        raise InvalidInput(f"{fname}: x must be one vector of shape (p,), got shape {a.shape}")
    return a if R is None else clip_to_ball(a, R, ord=ord)


def _sample_additive(center, n, seed, backend, device, batch_size, dtype, fname, noise):
    """center + noise, (n, p), in batches; noise ∈ {("normal", σ), ("laplace", b)}."""
    n = smp.check_count(n)
    kind, scale = noise
    p = center.shape[0]
    dev, dt, itemsize, batch_size = smp.batch_plan(p, batch_size, backend, device, dtype, fname)
    smp.check_fits(n + min(batch_size, n), p, itemsize, f"{fname} (output)", dev)
    if backend == "numpy":
        rng = smp.numpy_generator(seed)
        out = np.empty((n, p), dtype=dt)
        c = center.astype(dt)
        for lo in range(0, n, batch_size):
            blk = out[lo:lo + batch_size]
            if kind == "normal":
                rng.standard_normal(out=blk, dtype=dt)
                blk *= dt.type(scale)
            else:
                blk[...] = rng.laplace(0.0, scale, size=blk.shape)
            blk += c
        return out
    import torch

    gen = smp.torch_generator(seed, dev)
    out = torch.empty((n, p), device=dev, dtype=dt)
    c = torch.as_tensor(center, device=dev, dtype=dt)
    for lo in range(0, n, batch_size):
        blk = out[lo:lo + batch_size]
        if kind == "normal":
            blk.normal_(generator=gen)
        else:  # Laplace(1) = E1 − E2 for independent standard exponentials
            blk.exponential_(generator=gen)
            blk.sub_(torch.empty_like(blk).exponential_(generator=gen))
        blk.mul_(scale).add_(c)
    return out


def sample_gaussian_mechanism(x, sigma, n, seed=None, *, R=None, backend="numpy", device="auto",
                              batch_size=None, dtype=None):
    """n outputs of the Gaussian mechanism at x: clip(x to B^p_R, if R is given) + N(0, σ² I); shape (n, p)."""
    fname = "sample_gaussian_mechanism"
    s = _positive(sigma, "sigma", fname)
    c = _center(x, None if R is None else _radius(R, fname), 2, fname)
    return _sample_additive(c, n, seed, backend, device, batch_size, dtype, fname, ("normal", s))


def sample_laplace_mechanism(x, b, n, seed=None, *, R=None, ord=1, backend="numpy", device="auto",
                             batch_size=None, dtype=None):
    """n outputs of the Laplace mechanism at x: clip(x to the ord-ball of radius R) + Laplace(b)^p."""
    fname = "sample_laplace_mechanism"
    bb = _positive(b, "b", fname)
    _norm_ord(ord, fname)
    c = _center(x, None if R is None else _radius(R, fname), ord, fname)
    return _sample_additive(c, n, seed, backend, device, batch_size, dtype, fname, ("laplace", bb))


def dp_sgd_gaussian_step(per_example_grads, B, sigma, seed=None, *, layer_sizes=None, backend="numpy",
                         device="auto", dtype=None):
    """Algorithm 1, lines 7, 9, 10 of seed 003: the leaked noisy average of L per-example gradients.

    Clip each row to norm B (or, with ``layer_sizes``, each layer block to B), average the
    L rows, add (1/L)·N(0, B²σ² I).  Returns a vector of shape (p,).
    """
    fname = "dp_sgd_gaussian_step"
    bound = _positive(B, "B", fname)
    s = _positive(sigma, "sigma", fname)
    g = _finite_array(per_example_grads, "per_example_grads", fname)
    if g.ndim != 2 or g.shape[0] == 0:
        raise InvalidInput(f"{fname}: per_example_grads must have shape (L, p) with L >= 1, got {g.shape}")
    L = g.shape[0]
    clipped = clip_to_ball(g, bound) if layer_sizes is None else clip_per_layer(g, layer_sizes, bound)
    mean = clipped.mean(axis=0)
    noisy = sample_gaussian_mechanism(mean, bound * s / L, 1, seed, backend=backend, device=device, dtype=dtype)
    return noisy[0]
