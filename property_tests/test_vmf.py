"""VMF mechanism: normaliser (float vs arb vs quadrature vs closed forms), densities, samplers."""
from __future__ import annotations

import math
from fractions import Fraction

import flint
import mpmath
import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from scipy.integrate import cumulative_simpson
from scipy.special import i0e

from mechanisms.numerics.context import certified, fp
from mechanisms.errors import InvalidInput
from mechanisms.continuous.vmf import (
    iter_sample_vmf,
    multivariate_vmf_log_density,
    sample_multivariate_vmf,
    sample_vmf,
    sample_vmf_t,
    vmf_log_density,
    vmf_t_log_density,
)

KS_LEVEL = 1e-4  # fixed seeds; a correct sampler fails one KS test with probability 1e-4


def _certified_normaliser(p, kappa, prec=128):
    with flint.ctx.workprec(prec):
        return certified.vmf_log_normaliser(p, kappa)


def _unit(p, seed=0):
    v = np.random.default_rng(seed).standard_normal(p)
    return v / np.linalg.norm(v)


def _theta_scale(p, kappa):
    """Mode θ0 and width of e^{κ cos θ} sin^{p−2} θ on [0, π] (for quadrature break points)."""
    m = p - 2.0
    c_mode = 1.0 if m == 0 else (0.0 if kappa == 0 else (-m + math.sqrt(m * m + 4 * kappa * kappa)) / (2 * kappa))
    th0 = math.acos(c_mode)
    curv = kappa * c_mode + (m / math.sin(th0) ** 2 if m > 0 else 0.0)
    return th0, min(math.pi, 1.0 / math.sqrt(max(curv, 1e-12)))


def t_cdf(p, kappa, n_grid=200_001):
    """CDF of t = μᵀy by cumulative Simpson in θ = arccos t on a fine grid (test oracle).

    Returns (cdf_callable, total mass before normalising)."""
    th0, w = _theta_scale(p, kappa)
    lo, hi = max(0.0, th0 - 60 * w), min(math.pi, th0 + 60 * w)
    th = np.linspace(lo, hi, n_grid)
    with np.errstate(divide="ignore"):
        log_sin = np.log(np.sin(th))
    shape = 0.0 if p == 2 else (p - 2) * log_sin
    logf = fp.vmf_log_normaliser(p, kappa) + fp.log_sphere_area(p - 1) + kappa * np.cos(th) + shape
    dens = np.exp(logf)
    cum = cumulative_simpson(dens, x=th, initial=0.0)
    total = cum[-1]
    g = cum / total  # P(θ ≤ th)

    def cdf(t):
        ang = np.arccos(np.clip(t, -1, 1))
        return 1.0 - np.interp(ang, th, g)

    return cdf, total


# ------------------------------------------------------------ normaliser

P_VALUES = [2, 3, 4, 10, 100, 13700, 1_000_000]
K_VALUES = [0.0, 1e-9, 1e-3, 0.5, 1.0, 75.0, 500.0, 6849.0, 1e5, 1e6]


def test_normaliser_float_matches_arb():
    for p in P_VALUES:
        got = fp.vmf_log_normaliser(p, np.array(K_VALUES))
        for k, g in zip(K_VALUES, got):
            ref = _certified_normaliser(p, Fraction(k))  # the float's exact binary value
            mid = float(ref.mid())
            assert abs(g - mid) <= 1e-13 * max(1.0, abs(mid)), (p, k, g, mid)


def test_normaliser_closed_forms():
    k = np.array([1e-6, 0.3, 2.0, 75.0, 500.0, 5e4])
    # p = 3: C_3(κ) = κ / (4π sinh κ)
    ref3 = np.log(k) - np.log(4 * np.pi) - (k + np.log(-np.expm1(-2 * k)) - np.log(2))
    assert np.allclose(fp.vmf_log_normaliser(3, k), ref3, rtol=1e-14, atol=1e-14)
    # p = 2: C_2(κ) = 1 / (2π I_0(κ))
    ref2 = -np.log(2 * np.pi) - (np.log(i0e(k)) + k)
    assert np.allclose(fp.vmf_log_normaliser(2, k), ref2, rtol=1e-13, atol=1e-13)
    # κ = 0 is uniform: −log area; area(S^2) = 4π, area(S^1) = 2π
    assert fp.vmf_log_normaliser(3, 0.0) == pytest.approx(-math.log(4 * math.pi), rel=1e-15)
    assert fp.vmf_log_normaliser(2, 0.0) == pytest.approx(-math.log(2 * math.pi), rel=1e-15)
    # continuity at κ → 0 for large p
    for p in (50, 13700, 10**6):
        assert fp.vmf_log_normaliser(p, 1e-12) == pytest.approx(fp.vmf_log_normaliser(p, 0.0), rel=1e-14)


@pytest.mark.parametrize("p,kappa", [(2, 3.0), (3, 0.5), (5, 40.0), (50, 0.0), (50, 75.0), (13700, 75.0),
                                     (13700, 500.0), (1_000_000, 500.0), (3, 1e5)])
def test_normaliser_integrates_to_one(p, kappa):
    """∫_S f = area(S^{p−2}) ∫_0^π C e^{κ cos θ} sin^{p−2}θ dθ = 1 (mpmath, arb normaliser)."""
    with mpmath.workdps(30):
        log_c = mpmath.mpf(_certified_normaliser(p, Fraction(kappa), prec=160).mid().str(45, radius=False))
        half = mpmath.mpf(p - 1) / 2
        log_area = mpmath.log(2) + half * mpmath.log(mpmath.pi) - mpmath.loggamma(half)
        kap = mpmath.mpf(kappa)

        def f(th):
            s = mpmath.sin(th)
            shape = 0 if p == 2 else (p - 2) * mpmath.log(s) if s > 0 else -mpmath.inf
            return mpmath.exp(log_c + log_area + kap * mpmath.cos(th) + shape)

        th0, w = _theta_scale(p, kappa)
        steps = (-60, -20, -8, -3, 0, 3, 8, 20, 60)
        pts = sorted({min(math.pi, max(0.0, th0 + j * w)) for j in steps} | {0.0, math.pi})
        total = mpmath.quad(f, pts)
        assert abs(total - 1) < 1e-12


def test_t_density_integrates_to_one_float():
    for p, k in [(2, 0.0), (3, 2.0), (20, 10.0), (13700, 500.0)]:
        _cdf, total = t_cdf(p, k)
        assert total == pytest.approx(1.0, abs=1e-9)


# ---------------------------------------------------------------- densities


def test_log_density_matches_scipy_vonmises_fisher():
    rng = np.random.default_rng(3)
    for p, k in [(3, 2.0), (10, 0.7), (100, 75.0)]:
        mu = _unit(p, p)
        y = rng.standard_normal((5, p))
        y /= np.linalg.norm(y, axis=1, keepdims=True)
        ref = stats.vonmises_fisher(mu, k).logpdf(y)
        assert np.allclose(vmf_log_density(y, mu, k), ref, rtol=1e-12, atol=1e-12)


def _log_sphere_area_by_hand(p):
    """log area(S^{p−1}) = log(2π^{p/2}/Γ(p/2))."""
    return math.log(2) + (p / 2) * math.log(math.pi) - math.lgamma(p / 2)


def _log_density_oracle(t, p, kappa):
    """Definition 4: log f = log C_p(κ) + κ t, C_p(κ) = κ^ν/((2π)^{p/2} I_ν(κ)), ν = p/2 − 1, with python-flint's
    arb Bessel function at 128 bits (not the project's log I_ν); κ = 0 is the uniform law, −log area."""
    if kappa == 0:
        return -_log_sphere_area_by_hand(p)
    with flint.ctx.workprec(128):
        k, nu = flint.arb(kappa), flint.arb(p) / 2 - 1
        log_c = nu * k.log() - flint.arb(p) / 2 * (2 * flint.arb.pi()).log() - k.bessel_i(nu).log()
        return float(log_c.mid()) + kappa * t


@settings(max_examples=40, deadline=None)
@given(p=st.integers(2, 5000), kappa=st.one_of(st.just(0.0), st.floats(1e-9, 1e5)), seed=st.integers(0, 2**32 - 1))
def test_log_density_against_definition_with_flint_bessel(p, kappa, seed):
    mu = _unit(p, seed)
    y = _unit(p, seed + 1)
    got = vmf_log_density(y, mu, kappa)
    assert got == pytest.approx(_log_density_oracle(float(y @ mu), p, kappa), rel=1e-12, abs=1e-9)
    assert vmf_log_density(mu, mu, kappa) >= got  # the mode is at y = μ


def test_multivariate_density_eq6_against_scipy_blocks():
    mus = [_unit(3, 1), _unit(10, 2), _unit(50, 3)]
    ys = [_unit(3, 4), _unit(10, 5), _unit(50, 6)]
    ks = [1.0, 75.0, 0.0]
    got = multivariate_vmf_log_density(ys, mus, ks)
    blocks = [stats.vonmises_fisher(m, k).logpdf(y) if k > 0 else -_log_sphere_area_by_hand(len(m))
              for y, m, k in zip(ys, mus, ks)]
    assert got == pytest.approx(sum(blocks), rel=1e-12)


def test_t_log_density_edges():
    assert vmf_t_log_density(1.5, 10, 1.0) == -np.inf
    assert np.isfinite(vmf_t_log_density(1.0, 3, 1.0))
    assert vmf_t_log_density(1.0, 10, 1.0) == -np.inf
    # p = 3: t has density κ e^{κt} / (2 sinh κ)
    t = np.array([-0.9, 0.0, 0.4, 0.99])
    assert np.allclose(np.exp(vmf_t_log_density(t, 3, 2.0)), 2 * np.exp(2 * t) / (2 * np.sinh(2.0)), rtol=1e-14)


# ----------------------------------------------------------------- samplers


@pytest.mark.parametrize("p,kappa", [(2, 0.7), (10, 3.0), (50, 40.0), (400, 75.0)])
def test_wood_acceptance_rewrite_matches_textbook_form(p, kappa):
    """Our cancellation-free statistic equals Wood's κW + (p−1)log(1 − x0W) − c where the latter is accurate."""
    from mechanisms.continuous.vmf import _wood_statistic, wood_envelope

    b, omb, x0 = wood_envelope(p, kappa)
    assert b == pytest.approx((-2 * kappa + math.sqrt(4 * kappa**2 + (p - 1) ** 2)) / (p - 1), rel=1e-14)
    assert omb == pytest.approx(1 - b, rel=1e-12) and x0 == pytest.approx((1 - b) / (1 + b), rel=1e-12)
    z = np.random.default_rng(0).beta((p - 1) / 2, (p - 1) / 2, 1000)
    w = (1 - (1 + b) * z) / (1 - (1 - b) * z)
    c = kappa * x0 + (p - 1) * np.log(1 - x0 * x0)
    textbook = kappa * w + (p - 1) * np.log(1 - x0 * w) - c
    stat, t, s = _wood_statistic(z, p, kappa, b, omb, np)
    assert np.allclose(stat, textbook, rtol=1e-9, atol=1e-11)
    assert np.allclose(t, w, rtol=1e-14, atol=1e-15)
    assert np.allclose(s, np.sqrt(1 - w * w), rtol=1e-9, atol=1e-12)


T_CASES = [(2, 3.0), (3, 10.0), (10, 0.5), (50, 0.0), (13700, 75.0), (13700, 500.0), (3, 1e4), (10**6, 500.0)]


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize("p,kappa", T_CASES)
def test_t_sampler_ks(p, kappa, backend):
    t = sample_vmf_t(p, kappa, 20_000, seed=12345, backend=backend, device="cpu")
    t = np.asarray(t)
    assert t.shape == (20_000,) and np.all(np.abs(t) <= 1)
    cdf, _ = t_cdf(p, kappa)
    assert stats.kstest(t, cdf).pvalue > KS_LEVEL


def test_ks_oracle_has_power():
    """The same KS check rejects a slightly wrong κ, so passing it means something."""
    t = sample_vmf_t(13700, 75.0, 20_000, seed=12345)
    cdf_wrong, _ = t_cdf(13700, 85.0)
    assert stats.kstest(t, cdf_wrong).pvalue < KS_LEVEL


@pytest.mark.parametrize("backend", ["numpy", "torch"])
@pytest.mark.parametrize("p,kappa,n", [(3, 5.0, 6000), (10, 0.0, 4000), (200, 75.0, 3000), (13700, 500.0, 400)])
def test_full_sampler(p, kappa, n, backend):
    mu = _unit(p, 7)
    y = np.asarray(sample_vmf(mu, kappa, n, seed=99, backend=backend, device="cpu", batch_size=257))
    assert y.shape == (n, p)
    assert np.max(np.abs(np.linalg.norm(y, axis=1) - 1)) < 1e-12
    t = y @ mu
    cdf, _ = t_cdf(p, kappa)
    assert stats.kstest(t, cdf).pvalue > KS_LEVEL
    # mean direction: E[y] = A_p(κ) μ with A_p(κ) = I_{p/2}(κ)/I_{p/2−1}(κ)
    a_p = 0.0 if kappa == 0 else math.exp(fp.log_bessel_i(p / 2, kappa) - fp.log_bessel_i(p / 2 - 1, kappa))
    m = y.mean(axis=0)
    assert abs(float(m @ mu) - a_p) < 5 * float(t.std()) / math.sqrt(n) + 1e-12
    # tangent part of the mean: E‖m_⊥‖² = (1 − E t²)/n ≤ 1/n
    assert np.linalg.norm(m - (m @ mu) * mu) < 5 / math.sqrt(n)


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_tangent_direction_is_uniform(backend):
    """p = 3: the azimuth of y around μ is uniform on [0, 2π)."""
    mu = _unit(3, 11)
    y = np.asarray(sample_vmf(mu, 4.0, 8000, seed=5, backend=backend, device="cpu"))
    e1 = np.cross(mu, [1.0, 0.0, 0.0])
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(mu, e1)
    phi = np.mod(np.arctan2(y @ e2, y @ e1), 2 * np.pi)
    assert stats.kstest(phi, stats.uniform(0, 2 * np.pi).cdf).pvalue > KS_LEVEL


def test_seeds_batches_and_streaming():
    mu = _unit(40, 1)
    a = sample_vmf(mu, 30.0, 500, seed=4)
    b = sample_vmf(mu, 30.0, 500, seed=4)
    c = sample_vmf(mu, 30.0, 500, seed=5)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    ta = sample_vmf(mu, 30.0, 300, seed=4, backend="torch", device="cpu")
    tb = sample_vmf(mu, 30.0, 300, seed=torch.Generator().manual_seed(4), backend="torch", device="cpu")
    assert isinstance(ta, torch.Tensor) and ta.dtype == torch.float64 and torch.equal(ta, tb)
    blocks = list(iter_sample_vmf(mu, 30.0, 1000, seed=1, batch_size=300))
    assert [blk.shape for blk in blocks] == [(300, 40)] * 3 + [(100, 40)]
    assert sample_vmf(mu, 30.0, 0).shape == (0, 40)
    f32 = sample_vmf(mu, 30.0, 200, seed=2, dtype=np.float32)
    assert f32.dtype == np.float32 and np.max(np.abs(np.linalg.norm(f32, axis=1) - 1)) < 1e-5
    f32t = sample_vmf(mu, 30.0, 200, seed=2, backend="torch", device="cpu", dtype=torch.float32)
    assert f32t.dtype == torch.float32 and float((f32t.norm(dim=1) - 1).abs().max()) < 1e-5
    auto = sample_vmf_t(5, 1.0, 10, seed=0, backend="torch")  # device="auto"
    assert isinstance(auto, torch.Tensor) and auto.shape == (10,)


def test_multivariate_sampler_blocks():
    mus = [_unit(3, 1), _unit(20, 2)]
    out = sample_multivariate_vmf(mus, [2.0, 50.0], 3000, seed=8)
    assert [o.shape for o in out] == [(3000, 3), (3000, 20)]
    cdf, _ = t_cdf(20, 50.0)
    assert stats.kstest(out[1] @ mus[1], cdf).pvalue > KS_LEVEL


# -------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "call,fragment",
    [
        (lambda: fp.vmf_log_normaliser(3, -1.0), "kappa=-1.0"),
        (lambda: fp.vmf_log_normaliser(1, 1.0), "p=1"),
        (lambda: fp.vmf_log_normaliser(3.5, 1.0), "p=3.5"),
        (lambda: fp.vmf_log_normaliser(3, np.nan), "kappa=nan"),
        (lambda: certified.vmf_log_normaliser(3, "-0.5"), "kappa=-0.5"),
        (lambda: sample_vmf_t(1, 1.0, 10), "p=1"),
        (lambda: sample_vmf_t(3, -2.0, 10), "kappa=-2.0"),
        (lambda: sample_vmf_t(3, 1.0, -1), "n=-1"),
        (lambda: sample_vmf(np.array([1.0, 1e-4, 0.0]), 1.0, 5), "||mu||"),
        (lambda: sample_vmf(np.array([0.6, 0.8]) * (1 + 2e-9), 1.0, 5), "||mu||"),
        (lambda: sample_vmf(_unit(13700), 75.0, 10**12), "sample_vmf (output)"),
        (lambda: sample_vmf(_unit(13700), 75.0, 10**9, batch_size=10**12), "one batch"),
        (lambda: iter_sample_vmf(_unit(13700), 75.0, 10**15, batch_size=10**11), "one batch"),
        (lambda: sample_vmf(_unit(3), 1.0, 10, backend="jax"), "backend='jax'"),
        (lambda: sample_vmf(_unit(3), 1.0, 10, batch_size=0), "batch_size=0"),
        (lambda: vmf_log_density(np.array([1.0, 1.0, 0.0]), _unit(3), 1.0), "||y||"),
    ],
)
def test_bad_input(call, fragment):
    with pytest.raises(InvalidInput) as info:
        call()
    assert fragment in str(info.value)


def test_mu_within_tolerance_is_accepted():
    mu = np.array([0.6, 0.8]) * (1 + 5e-10)
    assert sample_vmf(mu, 1.0, 3, seed=0).shape == (3, 2)
