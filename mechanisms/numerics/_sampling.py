"""Shared plumbing for the samplers: seeds, backends, memory checks, Gamma/Beta draws on torch.

numpy draws use ``numpy.random.Generator``; torch draws use a seeded ``torch.Generator``
on the target device, so a seed fixes the stream on each backend (the two backends give
different, equally valid, streams).
"""
from __future__ import annotations

import os

import numpy as np

from mechanisms.errors import InvalidInput
from mechanisms.numerics.backend import resolve_device

BACKENDS = ("numpy", "torch")
DEFAULT_BATCH_BYTES = 32 * 2**20  # working set of one batch of vectors


def check_backend(backend):
    if backend not in BACKENDS:
        raise InvalidInput(f"backend must be one of {BACKENDS}, got backend={backend!r}")
    return backend


def check_count(n, name="n"):
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise InvalidInput(f"{name} must be an integer >= 0, got {name}={n!r}")
    return int(n)


def numpy_generator(seed):
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or isinstance(seed, (int, np.integer, np.random.SeedSequence)):
        return np.random.default_rng(seed)
    raise InvalidInput(f"seed for the numpy backend must be None, an int or a numpy Generator, got {seed!r}")


def torch_generator(seed, device):
    import torch

    if isinstance(seed, torch.Generator):
        if seed.device.type != device.type:
            raise InvalidInput(f"torch.Generator is on {seed.device}, samples are requested on {device}")
        return seed
    gen = torch.Generator(device=device)
    if seed is None:
        gen.seed()
    elif isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        gen.manual_seed(int(seed))
    else:
        raise InvalidInput(f"seed for the torch backend must be None, an int or a torch.Generator, got {seed!r}")
    return gen


def torch_dtype(dtype):
    """torch.float64 (default) or torch.float32, from a torch dtype, a numpy dtype or its name."""
    import torch

    if dtype is None:
        return torch.float64
    if isinstance(dtype, torch.dtype):
        out = dtype
    else:
        try:
            out = {"float64": torch.float64, "float32": torch.float32}.get(np.dtype(dtype).name)
        except TypeError:
            out = None
    if out not in (torch.float64, torch.float32):
        raise InvalidInput(f"dtype must be float64 or float32, got dtype={dtype!r}")
    return out


def numpy_dtype(dtype):
    try:
        out = np.dtype(np.float64 if dtype is None else dtype)
    except TypeError:
        out = None
    if out not in (np.dtype(np.float64), np.dtype(np.float32)):
        raise InvalidInput(f"dtype must be float64 or float32, got dtype={dtype!r}")
    return out


def available_bytes(device=None):
    """Memory a new allocation may reasonably take: free GPU memory, or MemAvailable on the host."""
    if device is not None and getattr(device, "type", "cpu") == "cuda":
        import torch

        free, _total = torch.cuda.mem_get_info(device)
        return int(free)
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return int(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return 2**63


def check_fits(n_rows, row_len, itemsize, what, device=None):
    """Raise InvalidInput (before allocating) when an n_rows × row_len array cannot fit."""
    need = int(n_rows) * int(row_len) * int(itemsize)
    have = available_bytes(device)
    if need > have:
        raise InvalidInput(
            f"{what}: {n_rows} x {row_len} values need {need / 2**30:.3g} GiB, only "
            f"{have / 2**30:.3g} GiB available; lower n (or batch_size), or stream with the iter_ API"
        )


def default_batch_size(row_len, itemsize):
    return max(1, DEFAULT_BATCH_BYTES // max(1, int(row_len) * int(itemsize)))


# ---------------------------------------------------------------- torch draws


def torch_standard_gamma(shape, n, gen, device, dtype):
    """n draws of Gamma(shape, 1) on torch with an explicit generator (Marsaglia & Tsang 2000).

    torch's own gamma sampler takes no generator, hence this.  shape < 1 uses
    Gamma(shape) = Gamma(shape + 1) · U^(1/shape).
    """
    import torch

    boost = shape < 1.0
    a = shape + 1.0 if boost else shape
    d = a - 1.0 / 3.0
    c = 1.0 / (9.0 * d) ** 0.5
    out = torch.empty(n, device=device, dtype=dtype)
    filled = 0
    while filled < n:
        m = int((n - filled) * 1.05) + 32  # acceptance ≥ 0.95 for a ≥ 1
        x = torch.randn(m, generator=gen, device=device, dtype=dtype)
        u = torch.rand(m, generator=gen, device=device, dtype=dtype)
        v = 1.0 + c * x
        ok = v > 0
        v3 = torch.where(ok, v, torch.ones_like(v)) ** 3
        ok &= torch.log(u) < 0.5 * x * x + d - d * v3 + d * torch.log(v3)
        acc = (d * v3)[ok][: n - filled]
        out[filled:filled + acc.numel()] = acc
        filled += acc.numel()
    if boost:
        u = torch.rand(n, generator=gen, device=device, dtype=dtype)
        out = out * u ** (1.0 / shape)
    return out


def torch_symmetric_beta(a, n, gen, device, dtype):
    """n draws of Beta(a, a) via two Gamma(a) draws."""
    g1 = torch_standard_gamma(a, n, gen, device, dtype)
    g2 = torch_standard_gamma(a, n, gen, device, dtype)
    return g1 / (g1 + g2)


def batch_plan(p, batch_size, backend, device, dtype, fname):
    """Device, dtype, item size and a checked batch size for drawing rows of length p: the set-up
    every batched sampler shares, done before any array is allocated."""
    check_backend(backend)
    if backend == "numpy":
        dev, dt = None, numpy_dtype(dtype)
    else:
        dev, dt = resolve_device(device), torch_dtype(dtype)
    itemsize = dt.itemsize
    if batch_size is None:
        batch_size = default_batch_size(p, itemsize)
    batch_size = check_count(batch_size, "batch_size")
    if batch_size == 0:
        raise InvalidInput(f"{fname}: batch_size must be >= 1, got batch_size=0")
    return dev, dt, itemsize, batch_size
