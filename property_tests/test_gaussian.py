"""Gaussian (Definition 3 of seed 003) and Laplace mechanisms: clipping, densities, samplers."""
from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import stats

from mechanisms.errors import InvalidInput
from mechanisms.continuous.gaussian import (
    clip_per_layer,
    clip_to_ball,
    dp_sgd_gaussian_step,
    gaussian_log_density,
    gaussian_mechanism_log_density,
    laplace_log_density,
    laplace_mechanism_log_density,
    per_layer_clip_radius,
    sample_gaussian_mechanism,
    sample_laplace_mechanism,
)

KS_LEVEL = 1e-4
vectors = arrays(np.float64, st.integers(1, 30), elements=st.floats(-1e6, 1e6))


# ------------------------------------------------------------------ clipping


@settings(max_examples=100, deadline=None)
@given(x=vectors, R=st.floats(1e-3, 1e3))
def test_clip_to_ball(x, R):
    c = clip_to_ball(x, R)
    n = np.linalg.norm(x)
    assert np.linalg.norm(c) <= R * (1 + 1e-12)
    if n <= R:
        assert np.array_equal(c, x)  # inside the ball nothing changes
    else:
        assert np.linalg.norm(c) == pytest.approx(R, rel=1e-12)
        assert np.allclose(c * n / R, x, rtol=1e-12, atol=1e-300)  # same direction


def test_clip_matches_algorithm_1_line_7():
    g = np.array([[3.0, 4.0], [0.3, 0.4], [0.0, 0.0]])
    B = 1.0
    expected = np.array([[0.6, 0.8], [0.3, 0.4], [0.0, 0.0]])
    assert np.allclose(clip_to_ball(g, B), expected, rtol=1e-15)
    assert np.array_equal(clip_to_ball(g, 0.0), np.zeros_like(g))
    assert np.allclose(clip_to_ball(np.array([3.0, -1.0]), 2.0, ord=1), [1.5, -0.5])


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.lists(st.integers(1, 8), min_size=1, max_size=5),
    scale=st.floats(1e-2, 1e3),
    seed=st.integers(0, 2**32 - 1),
)
def test_clip_per_layer(sizes, scale, seed):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((3, sum(sizes))) * scale
    bounds = rng.uniform(0.1, 2.0, len(sizes))
    c = clip_per_layer(x, sizes, bounds)
    cuts = np.cumsum(sizes)[:-1]
    for blk, b, orig in zip(np.split(c, cuts, axis=-1), bounds, np.split(x, cuts, axis=-1)):
        assert np.all(np.linalg.norm(blk, axis=-1) <= b * (1 + 1e-12))
        assert np.allclose(blk, clip_to_ball(orig, b))
    assert np.all(np.linalg.norm(c, axis=-1) <= per_layer_clip_radius(bounds) * (1 + 1e-12))


def test_per_layer_radius_is_sqrt_of_layer_count_and_attained():
    R = 4
    x = np.full(4 * R, 10.0)  # every layer longer than its bound
    c = clip_per_layer(x, [4] * R, 1.0)
    assert per_layer_clip_radius([1.0] * R) == 2.0
    assert np.linalg.norm(c) == pytest.approx(math.sqrt(R), rel=1e-15)


# ----------------------------------------------------------------- densities


def test_gaussian_log_density_matches_scipy():
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal(6), rng.standard_normal((4, 6))
    for s in (0.17, 1.0, 4.5):
        ref = stats.multivariate_normal(x, s * s * np.eye(6)).logpdf(y)
        assert np.allclose(gaussian_log_density(y, x, s), ref, rtol=1e-13)


def test_gaussian_mechanism_density_centres_at_clipped_input():
    x = np.array([3.0, 4.0, 0.0])
    y = np.array([0.5, 0.2, -0.1])
    R = 2.0
    assert gaussian_mechanism_log_density(y, x, 0.7, R) == pytest.approx(
        gaussian_log_density(y, R * x / 5.0, 0.7), rel=1e-15)
    inside = np.array([0.1, 0.2, 0.3])
    assert gaussian_mechanism_log_density(y, inside, 0.7, R) == gaussian_log_density(y, inside, 0.7)


def test_laplace_log_density_matches_scipy():
    rng = np.random.default_rng(1)
    x, y = rng.standard_normal(5), rng.standard_normal((3, 5))
    for b in (0.2, 1.0, 3.0):
        ref = stats.laplace(loc=x, scale=b).logpdf(y).sum(axis=-1)
        assert np.allclose(laplace_log_density(y, x, b), ref, rtol=1e-13)
        xc = clip_to_ball(3 * x, 1.0, ord=1)
        assert np.allclose(laplace_mechanism_log_density(y, 3 * x, b, 1.0), laplace_log_density(y, xc, b))


# ------------------------------------------------------------------ samplers


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_gaussian_sampler_moments(backend):
    p, n, sigma, R = 8, 40_000, 0.6, 1.5
    x = np.linspace(-2, 2, p)
    y = np.asarray(sample_gaussian_mechanism(x, sigma, n, seed=3, R=R, backend=backend, device="cpu",
                                             batch_size=1000))
    centre = clip_to_ball(x, R)
    assert y.shape == (n, p)
    assert np.all(np.abs(y.mean(axis=0) - centre) < 5 * sigma / math.sqrt(n))
    var = y.var(axis=0, ddof=1)
    # var/σ² ~ χ²_{n−1}/(n−1): sd ≈ sqrt(2/n)
    assert np.all(np.abs(var / sigma**2 - 1) < 5 * math.sqrt(2 / n))
    cov = np.cov(y.T)
    off = cov[~np.eye(p, dtype=bool)]
    assert np.all(np.abs(off) < 5 * sigma**2 / math.sqrt(n))
    assert stats.kstest((y[:, 0] - centre[0]) / sigma, stats.norm.cdf).pvalue > KS_LEVEL


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_laplace_sampler_moments(backend):
    p, n, b = 5, 40_000, 0.8
    x = np.array([0.3, -1.0, 2.0, 0.0, 5.0])
    y = np.asarray(sample_laplace_mechanism(x, b, n, seed=4, R=2.0, backend=backend, device="cpu"))
    centre = clip_to_ball(x, 2.0, ord=1)
    sd = math.sqrt(2) * b
    assert np.all(np.abs(y.mean(axis=0) - centre) < 5 * sd / math.sqrt(n))
    assert np.all(np.abs(np.mean(np.abs(y - centre), axis=0) / b - 1) < 5 / math.sqrt(n))  # E|L| = b, sd b
    assert stats.kstest(y[:, 1] - centre[1], stats.laplace(scale=b).cdf).pvalue > KS_LEVEL


def test_samplers_seeds_dtypes_devices():
    x = np.ones(4)
    a = sample_gaussian_mechanism(x, 1.0, 100, seed=1)
    assert np.array_equal(a, sample_gaussian_mechanism(x, 1.0, 100, seed=1))
    assert not np.array_equal(a, sample_gaussian_mechanism(x, 1.0, 100, seed=2))
    t = sample_gaussian_mechanism(x, 1.0, 100, seed=1, backend="torch", device="cpu", dtype=torch.float32)
    assert isinstance(t, torch.Tensor) and t.dtype == torch.float32 and t.shape == (100, 4)
    assert torch.equal(t, sample_gaussian_mechanism(x, 1.0, 100, seed=1, backend="torch", device="cpu",
                                                    dtype=torch.float32))
    f32 = sample_laplace_mechanism(x, 1.0, 10, seed=0, dtype=np.float32)
    assert f32.dtype == np.float32
    auto = sample_laplace_mechanism(x, 1.0, 10, seed=0, backend="torch")
    assert auto.shape == (10, 4)


def test_dp_sgd_step_algorithm_1():
    rng = np.random.default_rng(5)
    L, p, B = 16, 20_000, 1.0
    g = rng.standard_normal((L, p)) * 0.02  # norms ≈ 2.8 > B: every row gets clipped
    clipped_mean = clip_to_ball(g, B).mean(axis=0)
    for sigma in (0.5, 1.23):
        out = dp_sgd_gaussian_step(g, B, sigma, seed=6)
        noise = out - clipped_mean
        # noise is (1/L)·N(0, B²σ²): per-coordinate sd Bσ/L, estimated from p coordinates
        assert np.std(noise) == pytest.approx(B * sigma / L, rel=5 * math.sqrt(1 / (2 * p)))
        assert abs(np.mean(noise)) < 5 * B * sigma / L / math.sqrt(p)
    layered = dp_sgd_gaussian_step(g, B, 1e-12, seed=0, layer_sizes=[5000, 15000])
    assert np.allclose(layered, clip_per_layer(g, [5000, 15000], B).mean(axis=0), atol=1e-9)


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    "call,fragment",
    [
        (lambda: gaussian_log_density(np.zeros(2), np.zeros(2), 0.0), "sigma=0.0"),
        (lambda: gaussian_log_density(np.zeros(2), np.zeros(2), -1.0), "sigma=-1.0"),
        (lambda: gaussian_log_density(np.zeros(2), np.zeros(3), 1.0), "dimension"),
        (lambda: sample_gaussian_mechanism(np.zeros(2), float("nan"), 3), "sigma=nan"),
        (lambda: sample_gaussian_mechanism(np.zeros(2), 1.0, 3, R=-1.0), "R=-1.0"),
        (lambda: clip_to_ball(np.zeros(2), -0.5), "R=-0.5"),
        (lambda: clip_to_ball(np.array([1.0, np.nan]), 1.0), "non-finite"),
        (lambda: laplace_log_density(np.zeros(2), np.zeros(2), 0.0), "b=0.0"),
        (lambda: sample_laplace_mechanism(np.zeros(2), -2.0, 3), "b=-2.0"),
        (lambda: clip_per_layer(np.zeros(5), [2, 2], 1.0), "sum to p=5"),
        (lambda: clip_per_layer(np.zeros(4), [2, 2], [1.0, -1.0]), "bound=-1.0"),
        (lambda: dp_sgd_gaussian_step(np.zeros((2, 3)), 0.0, 1.0), "B=0.0"),
        (lambda: sample_gaussian_mechanism(np.zeros(10**5), 1.0, 10**12), "(output)"),
        (lambda: sample_gaussian_mechanism(np.zeros(2), 1.0, 3, backend="cupy"), "backend='cupy'"),
    ],
)
def test_bad_input(call, fragment):
    with pytest.raises(InvalidInput) as info:
        call()
    assert fragment in str(info.value)
