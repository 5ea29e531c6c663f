"""The von Mises–Fisher (VMF) mechanism on the sphere S^{p−1} (Definition 4 and Eq. (6) of seed 003).

Density with respect to the surface measure of S^{p−1}:

    f(y | μ, κ) = C_p(κ) · exp(κ μᵀy),   C_p(κ) = κ^ν / ((2π)^{ν+1} I_ν(κ)),  ν = p/2 − 1.

Seed 003 writes the same density as exp(κ xᵀy) / C_{p,κ}, i.e. its C_{p,κ} is 1/C_p(κ).
``vmf_log_normaliser`` (a formula over the numeric context: ``fp.vmf_log_normaliser``,
``certified.vmf_log_normaliser``) returns log C_p(κ) (so log C_{p,κ} of the paper is its negative).
κ = 0 is the uniform distribution, C_p(0) = 1/area(S^{p−1}).

Sampling: Wood (1994) rejection sampler for t = μᵀy, whose density on [−1, 1] is
    C_p(κ) · area(S^{p−2}) · exp(κt) · (1 − t²)^{(p−3)/2},
then y = t·μ + sqrt(1 − t²)·v with v uniform on the unit sphere of μ^⊥, obtained by
projecting a standard normal vector (O(p) per sample, no p × p matrix).
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.numerics import _sampling as smp
from mechanisms.continuous import vmf_moments  # noqa: F401  (registers log_vmf_mgf, which vmf_log_normaliser calls)
from mechanisms.numerics.checks import check_dimension
from mechanisms.numerics.context import formula, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.backend import resolve_device

__all__ = [
    "log_sphere_area",
    "vmf_log_normaliser",
    "vmf_log_density",
    "multivariate_vmf_log_density",
    "vmf_t_log_density",
    "wood_envelope",
    "sample_vmf_t",
    "sample_vmf",
    "iter_sample_vmf",
    "sample_multivariate_vmf",
    "UNIT_TOL",
]

UNIT_TOL = 1e-9  # |‖μ‖ − 1| allowed for a mean direction


# ---------------------------------------------------------------- validation


def _check_dimension(p, fname):
    p_a = np.asarray(p, dtype=np.float64)
    bad = ~np.isfinite(p_a) | (p_a < 2) | (p_a != np.round(p_a))
    if bad.any():
        val = float(p_a[tuple(np.argwhere(bad)[0])] if p_a.ndim else p_a[()])
        raise InvalidInput(f"{fname}: dimension p must be an integer >= 2, got p={val:g}")
    return p_a


def _check_kappa(kappa, fname):
    k_a = np.asarray(kappa, dtype=np.float64)
    bad = ~np.isfinite(k_a) | (k_a < 0)
    if bad.any():
        val = float(k_a[tuple(np.argwhere(bad)[0])] if k_a.ndim else k_a[()])
        raise InvalidInput(f"{fname}: concentration kappa must be a finite number >= 0, got kappa={val!r}")
    return k_a


def _scalar_kappa(kappa, fname):
    k = _check_kappa(kappa, fname)
    if k.ndim:
        raise InvalidInput(f"{fname}: kappa must be a scalar, got shape {k.shape}")
    return float(k)


def _scalar_dimension(p, fname):
    p_a = _check_dimension(p, fname)
    if p_a.ndim:
        raise InvalidInput(f"{fname}: p must be a scalar, got shape {p_a.shape}")
    return int(p_a)


def _unit_mean(mu, fname):
    mu_a = np.asarray(mu.detach().cpu() if hasattr(mu, "detach") else mu, dtype=np.float64)
    if mu_a.ndim != 1 or mu_a.shape[0] < 2:
        raise InvalidInput(f"{fname}: mean direction mu must be a vector of length p >= 2, got shape {mu_a.shape}")
    if not np.all(np.isfinite(mu_a)):
        raise InvalidInput(f"{fname}: mean direction mu has a non-finite entry")
    norm = float(np.linalg.norm(mu_a))
    if abs(norm - 1.0) > UNIT_TOL:
        raise InvalidInput(
            f"{fname}: mean direction mu must have unit norm (tolerance {UNIT_TOL}), got ||mu||={norm!r}")
    return mu_a


# ------------------------------------------------------------- normalisers


@formula
def log_sphere_area(ctx, p):
    """log area(S^{p−1}) = log 2 + (p/2)·log π − log Γ(p/2), p an integer ≥ 1."""
    half = ctx.exact(Fraction(check_dimension(p, "log_sphere_area", minimum=1), 2))
    return ctx.log(2) + half * ctx.log(ctx.pi()) - ctx.lgamma(half)


@formula
def vmf_log_normaliser(ctx, p, kappa):
    """log C_p(κ), C_p(κ) = κ^ν / ((2π)^{ν+1} I_ν(κ)), ν = p/2 − 1; vectorised over κ on the float context.

    Written as −log area(S^{p−1}) − log M_p(κ) (C_p(κ) = 1/(area · M_p(κ)), M_p the normalised Bessel function
    of :mod:`mechanisms.continuous.vmf_moments`), so κ = 0 gives −log area(S^{p−1}), the uniform law, with no branch, and
    small κ loses nothing to ν·log κ cancelling against log I_ν(κ).
    """
    fname = "vmf_log_normaliser"
    p = _scalar_dimension(p, fname)
    kappa = ctx.real(kappa, "kappa", fname, lo=0)
    return -ctx.log_sphere_area(p) - ctx.log_vmf_mgf(p, kappa)


def vmf_log_density(y, mu, kappa):
    """log f(y | μ, κ) = log C_p(κ) + κ μᵀy for y of shape (..., p) on S^{p−1}; returns shape (...)."""
    mu_a = _unit_mean(mu, "vmf_log_density")
    k = _scalar_kappa(kappa, "vmf_log_density")
    y_a = np.asarray(y.detach().cpu() if hasattr(y, "detach") else y)
    tol = 1e-9 if y_a.dtype == np.float64 else 1e-5
    y_a = y_a.astype(np.float64, copy=False)
    if y_a.shape[-1:] != mu_a.shape:
        raise InvalidInput(f"vmf_log_density: y has trailing dimension {y_a.shape[-1:]}, mu has {mu_a.shape}")
    norms = np.linalg.norm(y_a, axis=-1)
    off = np.abs(norms - 1.0) > tol
    if off.any():
        raise InvalidInput(f"vmf_log_density: y must lie on the unit sphere, got ||y||={norms[off].flat[0]!r}")
    return fp.vmf_log_normaliser(mu_a.shape[0], k) + k * (y_a @ mu_a)


def multivariate_vmf_log_density(ys, mus, kappas):
    """Eq. (6): independent VMF blocks, log f = Σ_i [log C_{p_i}(κ_i) + κ_i μ_iᵀ y_i]."""
    if not (len(ys) == len(mus) == len(kappas)):
        raise InvalidInput(
            f"multivariate_vmf_log_density: got {len(ys)} blocks of y, {len(mus)} of mu, {len(kappas)} kappas")
    return sum(vmf_log_density(y, mu, k) for y, mu, k in zip(ys, mus, kappas))


def vmf_t_log_density(t, p, kappa):
    """log density of t = μᵀy on [−1, 1]: log C_p(κ) + log area(S^{p−2}) + κt + ((p−3)/2)·log(1 − t²).

    −inf outside [−1, 1]; at t = ±1 it is −inf for p > 3 and +inf for p = 2 (integrable).
    """
    p_int = _scalar_dimension(p, "vmf_t_log_density")
    k = _scalar_kappa(kappa, "vmf_t_log_density")
    t_a = np.asarray(t, dtype=np.float64)
    inside = np.abs(t_a) <= 1
    tc = np.where(inside, t_a, 0.0)
    with np.errstate(divide="ignore"):
        log_1mt2 = np.log1p(-tc) + np.log1p(tc)
    half = 0.5 * (p_int - 3)
    shape = 0.0 if half == 0 else half * log_1mt2  # (1 − t²)^0 = 1 at t = ±1 for p = 3
    log_norm = fp.vmf_log_normaliser(p_int, k) + fp.log_sphere_area(p_int - 1)
    out = np.where(inside, log_norm + k * tc + shape, -np.inf)
    return out[()] if out.ndim == 0 else out


# ------------------------------------------------------ Wood's rejection step


def wood_envelope(p, kappa):
    """Constants of Wood's sampler: b and x0 = (1 − b)/(1 + b), written to avoid cancellation.

    b = (p − 1) / (2κ + sqrt(4κ² + (p − 1)²)); κ = 0 gives b = 1, x0 = 0.
    """
    m1 = float(p) - 1.0
    k = float(kappa)
    s = math.sqrt(4.0 * k * k + m1 * m1)
    b = m1 / (2.0 * k + s)
    one_minus_b = (2.0 * k + 4.0 * k * k / (s + m1)) / (2.0 * k + s)  # s − (p−1) = 4κ²/(s + p − 1)
    x0 = one_minus_b / (1.0 + b)
    return b, one_minus_b, x0


def _wood_statistic(z, p, kappa, b, one_minus_b, xp):
    """From Beta proposals z: (Wood's acceptance statistic, t, sqrt(1 − t²)); accept where statistic ≥ log U.

    With den = 1 − (1 − b)z, Wood's κW + (p−1)log(1 − x0 W) − c equals
    κ·2b(1 − 2z)/((1 + b)den) + (p − 1)·log1p(−(1 − b)(1 − 2z)/(2 den)),
    and 1 − W² = 4bz(1 − z)/den², so nothing cancels when W → 1 (large κ) or x0 → 0 (large p).
    """
    m1 = p - 1.0
    one_m2z = 1.0 - 2.0 * z
    den = 1.0 - one_minus_b * z
    stat = kappa * 2.0 * b * one_m2z / ((1.0 + b) * den) + m1 * xp.log1p(-one_minus_b * one_m2z / (2.0 * den))
    t = (1.0 - (1.0 + b) * z) / den
    s = 2.0 * xp.sqrt(b * z * (1.0 - z)) / den
    return stat, t, s


def _draw_t_numpy(p, kappa, n, rng, with_s):
    b, omb, _x0 = wood_envelope(p, kappa)
    a = 0.5 * (p - 1.0)
    t_out = np.empty(n)
    s_out = np.empty(n) if with_s else None
    filled, rate = 0, 1.0
    while filled < n:
        need = n - filled
        m = int(need / rate * 1.02) + 16
        z = rng.beta(a, a, size=m)
        log_u = np.log(rng.random(m))
        stat, t, s = _wood_statistic(z, p, kappa, b, omb, np)
        acc = stat >= log_u
        n_acc = int(acc.sum())
        rate = max(n_acc / m, 0.05)
        take = min(need, n_acc)
        t_out[filled:filled + take] = t[acc][:take]
        if with_s:
            s_out[filled:filled + take] = s[acc][:take]
        filled += take
    return t_out, s_out


def _draw_t_torch(p, kappa, n, gen, device):
    import torch

    b, omb, _x0 = wood_envelope(p, kappa)
    a = 0.5 * (p - 1.0)
    dt = torch.float64  # t is cheap (n values), draw it in double whatever the output dtype
    t_out = torch.empty(n, device=device, dtype=dt)
    s_out = torch.empty(n, device=device, dtype=dt)
    filled, rate = 0, 1.0
    while filled < n:
        need = n - filled
        m = int(need / rate * 1.02) + 16
        z = smp.torch_symmetric_beta(a, m, gen, device, dt)
        log_u = torch.log(torch.rand(m, generator=gen, device=device, dtype=dt))
        stat, t, s = _wood_statistic(z, p, kappa, b, omb, torch)
        acc = stat >= log_u
        n_acc = int(acc.sum())
        rate = max(n_acc / m, 0.05)
        t_acc, s_acc = t[acc][:need], s[acc][:need]
        k = t_acc.numel()
        t_out[filled:filled + k] = t_acc
        s_out[filled:filled + k] = s_acc
        filled += k
    return t_out, s_out


# ------------------------------------------------------------------ samplers


def sample_vmf_t(p, kappa, n, seed=None, *, backend="numpy", device="auto", dtype=None):
    """n draws of the sufficient statistic t = μᵀy of VMF(μ, κ) on S^{p−1} (Wood's sampler).

    Returns a numpy array (backend="numpy") or a torch tensor on ``device``.
    """
    p_int = _scalar_dimension(p, "sample_vmf_t")
    k = _scalar_kappa(kappa, "sample_vmf_t")
    n = smp.check_count(n)
    smp.check_backend(backend)
    if backend == "numpy":
        dt = smp.numpy_dtype(dtype)
        smp.check_fits(n, 3, 8, "sample_vmf_t")  # t, z, u per draw
        t, _ = _draw_t_numpy(p_int, k, n, smp.numpy_generator(seed), with_s=False)
        return t.astype(dt, copy=False)

    dev = resolve_device(device)
    dt = smp.torch_dtype(dtype)
    smp.check_fits(n, 8, 8, "sample_vmf_t", dev)
    t, _ = _draw_t_torch(p_int, k, n, smp.torch_generator(seed, dev), dev)
    return t.to(dt)


_CACHE_BLOCK_BYTES = 2**20  # rows processed together stay in L2 between the passes below


def _cache_rows(p, itemsize):
    return max(1, _CACHE_BLOCK_BYTES // (p * itemsize))


def _fill_numpy(out, mu, kappa, rng):
    """Fill out (m, p), in place, with VMF(μ, κ) samples.

    g ~ N(0, I); g ← g − (gᵀμ)μ (projected explicitly: ‖g‖² − (gᵀμ)² cancels when p is
    small); y = s·g/‖g‖ + t·μ.  The passes run on cache-sized row blocks right after the
    normals are written, so the sampler costs about one normal draw per coordinate.
    einsum, not BLAS, for the row dot products: threaded BLAS on a few rows is slow.
    """
    m, p = out.shape
    t, s = _draw_t_numpy(p, kappa, m, rng, with_s=True)
    mu_c = mu.astype(out.dtype, copy=False)
    rows = _cache_rows(p, out.dtype.itemsize)
    for lo in range(0, m, rows):
        blk = out[lo:lo + rows]
        rng.standard_normal(out=blk, dtype=out.dtype)
        blk -= np.einsum("ij,j->i", blk, mu_c)[:, None] * mu_c
        perp = np.sqrt(np.einsum("ij,ij->i", blk, blk).astype(np.float64))
        blk *= (s[lo:lo + rows] / np.maximum(perp, np.finfo(np.float64).tiny))[:, None].astype(out.dtype)
        blk += t[lo:lo + rows, None].astype(out.dtype) * mu_c
    return out


def _fill_torch(out, mu_t, kappa, gen):
    """Torch twin of _fill_numpy, in place on out's device (cache-sized row blocks on CPU only)."""
    import torch

    m, p = out.shape
    t, s = _draw_t_torch(p, kappa, m, gen, out.device)
    rows = _cache_rows(p, out.element_size()) if out.device.type == "cpu" else max(m, 1)
    for lo in range(0, m, rows):
        blk = out[lo:lo + rows]
        blk.normal_(generator=gen)
        blk.addr_(-(blk @ mu_t), mu_t)
        perp = torch.linalg.vector_norm(blk, dim=1).to(torch.float64)
        blk.mul_((s[lo:lo + rows] / torch.clamp(perp, min=torch.finfo(torch.float64).tiny)).to(out.dtype)[:, None])
        blk.addr_(t[lo:lo + rows].to(out.dtype), mu_t)
    return out


def _batches(n, batch_size):
    for start in range(0, n, batch_size):
        yield start, min(n, start + batch_size)


def _prepare(mu, kappa, n, batch_size, backend, device, dtype, fname):
    mu_a = _unit_mean(mu, fname)
    k = _scalar_kappa(kappa, fname)
    n = smp.check_count(n)
    p = mu_a.shape[0]
    dev, dt, itemsize, batch_size = smp.batch_plan(p, batch_size, backend, device, dtype, fname)
    # two batch-sized arrays live at once (normals and the t/s draws are small)
    smp.check_fits(2 * min(batch_size, max(n, 1)), p, itemsize, f"{fname} (one batch)", dev)
    return mu_a, k, n, p, dev, dt, itemsize, batch_size


def iter_sample_vmf(mu, kappa, n, seed=None, *, backend="numpy", device="auto", batch_size=None, dtype=None):
    """Iterator over n VMF(μ, κ) samples in arrays of at most batch_size rows: bounded memory for any n.

    Arguments are checked when this is called, not at the first ``next``.
    """
    mu_a, k, n, p, dev, dt, _itemsize, batch_size = _prepare(
        mu, kappa, n, batch_size, backend, device, dtype, "iter_sample_vmf")
    if backend == "numpy":
        rng = smp.numpy_generator(seed)
        return (_fill_numpy(np.empty((hi - lo, p), dtype=dt), mu_a, k, rng) for lo, hi in _batches(n, batch_size))
    import torch

    gen = smp.torch_generator(seed, dev)
    mu_t = torch.as_tensor(mu_a, device=dev, dtype=dt)
    return (_fill_torch(torch.empty((hi - lo, p), device=dev, dtype=dt), mu_t, k, gen)
            for lo, hi in _batches(n, batch_size))


def sample_vmf(mu, kappa, n, seed=None, *, backend="numpy", device="auto", batch_size=None, dtype=None):
    """n samples from VMF(μ, κ) on S^{p−1}, shape (n, p): numpy array, or torch tensor on ``device``.

    Work is done in batches of ``batch_size`` rows (default: ~32 MiB); the (n, p) output is
    checked against available memory before anything is allocated.
    """
    mu_a, k, n, p, dev, dt, itemsize, batch_size = _prepare(
        mu, kappa, n, batch_size, backend, device, dtype, "sample_vmf")
    smp.check_fits(n, p, itemsize, "sample_vmf (output)", dev)
    if backend == "numpy":
        rng = smp.numpy_generator(seed)
        out = np.empty((n, p), dtype=dt)
        for lo, hi in _batches(n, batch_size):
            _fill_numpy(out[lo:hi], mu_a, k, rng)
        return out
    import torch

    gen = smp.torch_generator(seed, dev)
    mu_t = torch.as_tensor(mu_a, device=dev, dtype=dt)
    out = torch.empty((n, p), device=dev, dtype=dt)
    for lo, hi in _batches(n, batch_size):
        _fill_torch(out[lo:hi], mu_t, k, gen)
    return out


def sample_multivariate_vmf(mus, kappas, n, seed=None, *, backend="numpy", device="auto", dtype=None):
    """Eq. (6): one independent VMF sample per block; returns a list of (n, p_i) arrays."""
    if len(mus) != len(kappas):
        raise InvalidInput(f"sample_multivariate_vmf: {len(mus)} mean directions but {len(kappas)} kappas")
    if backend == "numpy":
        rng = smp.numpy_generator(seed)
        return [sample_vmf(mu, k, n, rng, backend="numpy", dtype=dtype) for mu, k in zip(mus, kappas)]

    dev = resolve_device(device)
    gen = smp.torch_generator(seed, dev)
    return [sample_vmf(mu, k, n, gen, backend="torch", device=dev, dtype=dtype) for mu, k in zip(mus, kappas)]
