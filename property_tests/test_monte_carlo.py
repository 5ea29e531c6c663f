"""Monte Carlo estimators: coverage of the intervals by repeated simulation on known means, validity at
small n, determinism of the streams, argument checks, and the VMF / Gaussian routes against the closed
forms of mechanisms (an independent derivation: no Bessel function enters a Monte Carlo route)."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy.stats import binom

from mechanisms.continuous import capacity, vmf_moments  # noqa: F401  (register the formulas)
from mechanisms.continuous import vmf_hockey_stick, vmf_renyi  # noqa: F401  (register their formulas)
from mechanisms.continuous import vmf_monte_carlo as vmc
from mechanisms.numerics.context import fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.monte_carlo import (bernoulli_rate, bounded_mean, clopper_pearson, clt_mean,
                                    stream_seed)

CHECK = 1 - 1e-6  # confidence at which a route must contain its closed form


def _uniform(size, rng):
    if isinstance(rng, np.random.Generator):
        return rng.random(size)
    import torch

    return torch.rand(size, generator=rng, device=rng.device, dtype=torch.float64)


def _beta25(size, rng):
    return rng.beta(2.0, 5.0, size)


def _identity(x):
    return x


def _square(x):
    return x * x


def _bernoulli(prob):
    return lambda size, rng: rng.random(size) < prob


# ----------------------------------------------------------------------------- coverage by simulation
def test_clopper_pearson_covers_at_least_the_nominal_rate():
    prob, n, reps = 0.3, 40, 2000
    hits = sum(bernoulli_rate(_bernoulli(prob), n, confidence=0.9, seed=s).contains(prob) for s in range(reps))
    # exact coverage of the interval at (n, p), by enumerating k: Clopper–Pearson is conservative
    exact = sum(binom.pmf(k, n, prob) for k in range(n + 1) if clopper_pearson(k, n, 0.9)[0] <= prob
                <= clopper_pearson(k, n, 0.9)[1])
    assert exact >= 0.9
    assert hits / reps >= 0.9, (hits / reps, exact)


@pytest.mark.parametrize("n, prob", [(1, 0.5), (7, 0.05), (25, 0.9), (200, 0.01)])
def test_clopper_pearson_exact_coverage_at_small_n(n, prob):
    for conf in (0.5, 0.9, 0.99):
        cover = sum(binom.pmf(k, n, prob) for k in range(n + 1)
                    if clopper_pearson(k, n, conf)[0] <= prob <= clopper_pearson(k, n, conf)[1])
        assert cover >= conf - 1e-12


@pytest.mark.parametrize("method", ["bernstein", "hoeffding"])
def test_bounded_intervals_cover_a_beta_mean(method):
    mean, reps = 2 / 7, 2000
    hits = sum(bounded_mean(_beta25, _identity, 60, lo=0, hi=1, confidence=0.9, seed=s, method=method).contains(mean)
               for s in range(reps))
    assert hits / reps >= 0.9


def test_intervals_are_valid_at_small_n():
    one = bounded_mean(_beta25, _identity, 1, lo=0, hi=1, confidence=0.9, seed=0)
    assert (one.lo, one.hi) == (0.0, 1.0) and one.rigorous
    for n in (2, 3, 5):  # clipped to [lo, hi], never empty, covering at every seed tried
        ests = [bounded_mean(_beta25, _identity, n, lo=0, hi=1, confidence=0.9, seed=s) for s in range(200)]
        assert all(0 <= e.lo <= e.estimate <= e.hi <= 1 and e.contains(2 / 7) for e in ests)
    k0 = bernoulli_rate(_bernoulli(0.0), 3, confidence=0.9, seed=0)
    assert k0.estimate == 0 and k0.lo == 0 and k0.hi == pytest.approx(1 - 0.05 ** (1 / 3), rel=1e-9)


def test_bernstein_is_narrow_when_the_variance_is_small():
    narrow = bounded_mean(lambda m, g: 0.5 + 1e-3 * g.random(m), _identity, 10**5, lo=0, hi=1, confidence=CHECK,
                          seed=1)
    wide = bounded_mean(lambda m, g: 0.5 + 1e-3 * g.random(m), _identity, 10**5, lo=0, hi=1, confidence=CHECK,
                        seed=1, method="hoeffding")
    assert narrow.width < wide.width / 10 and narrow.contains(0.5005)


def test_clt_is_labelled_asymptotic_and_never_rigorous():
    est = clt_mean(lambda m, g: g.standard_normal(m), _square, 10**4, confidence=0.95, seed=3)
    assert est.rigorous is False and est.method == "CLT (asymptotic)"
    assert est.contains(1.0)
    assert est.to_json()["rigorous"] is False


# ----------------------------------------------------------------------------- streams and determinism
def _reversed_mapper(fn, jobs):
    """Runs the batches last to first, returns the results in order: what an executor may do."""
    return list(reversed([fn(j) for j in reversed(list(jobs))]))


def test_same_seed_same_estimate_whatever_the_order_of_batches():
    kw = dict(lo=0, hi=1, confidence=0.99, seed=11, batch_size=997)
    a = bounded_mean(_beta25, _identity, 10**4, **kw)
    b = bounded_mean(_beta25, _identity, 10**4, mapper=_reversed_mapper, **kw)
    c = bounded_mean(_beta25, _identity, 10**4, **dict(kw, seed=12))
    assert (a.estimate, a.lo, a.hi) == (b.estimate, b.lo, b.hi)
    assert a.estimate != c.estimate
    r1 = bernoulli_rate(_bernoulli(0.2), 5000, confidence=0.9, seed=4, batch_size=333)
    r2 = bernoulli_rate(_bernoulli(0.2), 5000, confidence=0.9, seed=4, batch_size=333, mapper=_reversed_mapper)
    assert (r1.estimate, r1.lo, r1.hi, r1.n, r1.seed) == (r2.estimate, r2.lo, r2.hi, r2.n, r2.seed)


def test_stream_seeds_name_claims_and_are_recorded():
    s = stream_seed(7, "s003.prop.1", 2)
    assert s.entropy == 7 and len(s.spawn_key) == 2
    est = bounded_mean(_beta25, _identity, 100, lo=0, hi=1, confidence=0.9, seed=s)
    assert est.seed == f"7/{s.spawn_key[0]}/2"
    again = bounded_mean(_beta25, _identity, 100, lo=0, hi=1, confidence=0.9, seed=stream_seed(7, "s003.prop.1", 2))
    assert (again.estimate, again.seed) == (est.estimate, est.seed)


def test_bounded_memory_batches_cover_all_draws():
    sizes = []

    def draw(size, rng):
        sizes.append(size)
        return rng.random(size)

    est = bounded_mean(draw, _identity, 2500, lo=0, hi=1, confidence=0.9, seed=0, batch_size=1000)
    assert sizes == [1000, 1000, 500] and est.n == 2500


@pytest.mark.parametrize("call, needle", [
    (lambda: bounded_mean(_beta25, _identity, 0, lo=0, hi=1, confidence=0.9, seed=0), "n=0"),
    (lambda: bounded_mean(_beta25, _identity, 10, lo=0, hi=1, confidence=1.0, seed=0), "confidence=1.0"),
    (lambda: bounded_mean(_beta25, _identity, 10, lo=1, hi=1, confidence=0.9, seed=0), "lo=1"),
    (lambda: bounded_mean(_beta25, _identity, 10, lo=0, hi=1, confidence=0.9, seed=-1), "seed=-1"),
    (lambda: bounded_mean(_beta25, _identity, 10, lo=0, hi=1, confidence=0.9, seed=0, method="chernoff"), "chernoff"),
    (lambda: bounded_mean(_beta25, _identity, 10, lo=0, hi=1, confidence=0.9, seed=0, backend="jax"), "jax"),
    (lambda: bounded_mean(_beta25, _identity, 10, lo=0, hi=1, confidence=0.9, seed=0, batch_size=0), "batch_size=0"),
    (lambda: bounded_mean(_beta25, _identity, 10, lo=0, hi=0.1, confidence=0.9, seed=0), "outside [lo, hi]"),
    (lambda: bounded_mean(_beta25, lambda x: x * np.nan, 10, lo=0, hi=1, confidence=0.9, seed=0), "nan"),
    (lambda: bernoulli_rate(lambda m, g: g.random(m), 10, confidence=0.9, seed=0), "booleans"),
    (lambda: vmc.vmf_renyi_mc(3, 1, 1.0, 10, confidence=0.9, seed=0), "alpha=1.0"),
    (lambda: vmc.vmf_renyi_mc(3, -1, 2, 10, confidence=0.9, seed=0), "kappa=-1"),
    (lambda: vmc.vmf_renyi_mc(3, 1, 2, 10, confidence=0.9, seed=0, route="fast"), "route='fast'"),
    (lambda: vmc.gaussian_capacity_mc(3, 0, 1, 10, confidence=0.9, seed=0), "sigma=0"),
])
def test_bad_arguments_are_one_line_naming_the_value(call, needle):
    with pytest.raises(InvalidInput) as e:
        call()
    assert needle in str(e.value) and "\n" not in str(e.value)


def test_cuda_asked_for_without_one_is_bad_input():
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    with pytest.raises(InvalidInput, match="no CUDA"):
        bounded_mean(_uniform, _identity, 10, lo=0, hi=1, confidence=0.9, seed=0, backend="torch", device="cuda")


# ----------------------------------------------------------------------------- routes against closed forms
@pytest.mark.parametrize("p, s", [(13700, 75.0), (13700, 3000.0), (10, 3.0), (3, 1.0), (2, 0.5), (4, 50.0)])
def test_log_mgf_contains_the_bessel_form(p, s):
    est = vmc.log_vmf_mgf_mc(p, s, 200_000, confidence=CHECK, seed=1)
    assert est.contains(float(fp.log_vmf_mgf(p, s))) and est.rigorous


@pytest.mark.parametrize("p, kappa, alpha, cos_theta, width", [
    (13700, 75, 2, -1.0, 2e-3), (13700, 500, 10, -1.0, 5e-3), (10, 3, 1.5, 0.3, 0.05), (3, 1, 3, -1.0, 0.05)])
def test_renyi_normalisers_route_contains_proposition_1(p, kappa, alpha, cos_theta, width):
    r = vmc.vmf_renyi_mc(p, kappa, alpha, 200_000, cos_theta=cos_theta, confidence=CHECK, seed=2)
    closed = fp.vmf_renyi_divergence(p, kappa, alpha, cos_theta)
    assert r.divergence.contains(closed) and r.divergence.width < width
    if (alpha - 1) * closed < 700:
        assert r.expectation.contains(math.exp((alpha - 1) * closed))
    else:
        assert r.expectation.estimate == math.inf  # beyond the float range, said so
    assert r.divergence.confidence == CHECK and r.divergence.n == 400_000


@pytest.mark.parametrize("p, kappa, alpha, cos_theta", [(3, 0.5, 2, -1.0), (50, 2, 2, 0.0), (2, 1, 1.5, 0.5)])
def test_renyi_direct_route_contains_the_closed_form(p, kappa, alpha, cos_theta):
    r = vmc.vmf_renyi_mc(p, kappa, alpha, 200_000, cos_theta=cos_theta, route="direct", confidence=CHECK, seed=3)
    assert r.divergence.contains(fp.vmf_renyi_divergence(p, kappa, alpha, cos_theta))
    assert r.divergence.width < 0.2


def test_renyi_direct_route_at_large_kappa_is_rigorous_but_wide():
    r = vmc.vmf_renyi_mc(13700, 75, 2, 10_000, route="direct", confidence=CHECK, seed=3)
    assert r.divergence.contains(fp.vmf_renyi_divergence(13700, 75, 2)) and r.divergence.width > 100


@pytest.mark.parametrize("p, kappa, eps", [(13700, 75, 1.0), (5, 2, 1.0), (13700, 500, 20.0), (3, 1, 0.0)])
def test_hockey_stick_contains_the_quadrature(p, kappa, eps):
    est = vmc.vmf_hockey_stick_mc(p, kappa, eps, 200_000, confidence=CHECK, seed=4)
    assert est.contains(fp.vmf_hockey_stick_antipodal(p, kappa, eps)) and est.width < 0.02


def test_hockey_stick_off_antipodes_is_below_the_antipodal_one():
    near = vmc.vmf_hockey_stick_mc(20, 5, 1.0, 100_000, cos_theta=0.5, confidence=CHECK, seed=5)
    assert near.hi < fp.vmf_hockey_stick_antipodal(20, 5, 1.0)


@pytest.mark.parametrize("p, kappa, cos_theta", [(13700, 75, -1.0), (10, 3, 0.3), (2, 3, 0.3)])
def test_kl_contains_the_closed_form(p, kappa, cos_theta):
    est = vmc.vmf_kl_mc(p, kappa, 200_000, cos_theta=cos_theta, confidence=CHECK, seed=6)
    closed = (fp.vmf_kl_antipodal(p, kappa) if cos_theta == -1
              else fp.vmf_kl_quadrature(p, kappa, cos_theta))
    assert est.contains(closed) and est.width < 0.2


@pytest.mark.parametrize("p, kappa", [(13700, 75), (13700, 500), (3, 2)])
def test_vmf_capacity_contains_theorem_6(p, kappa):
    est = vmc.vmf_capacity_mc(p, kappa, 200_000, confidence=CHECK, seed=7)
    assert est.contains(fp.vmf_capacity(p, kappa)) and est.width < 0.05


@pytest.mark.parametrize("p, sigma, R", [(1, 1, 1), (5, 0.5, 1), (100, 1, 3), (13700, 1, 1), (13700, 0.01, 1),
                                         (13700, 10, 1), (7, 1, 0)])
def test_gaussian_capacity_contains_the_closed_form(p, sigma, R):
    est = vmc.gaussian_capacity_mc(p, sigma, R, 200_000, confidence=CHECK, seed=8)
    assert est.contains(fp.gaussian_capacity(p, sigma, R)) and est.width < 0.02


@settings(max_examples=8)
@given(p=st.integers(2, 20000), kappa=st.floats(0.0, 800.0), alpha=st.floats(1.05, 12.0), cos_theta=st.floats(-1, 1))
def test_renyi_contains_the_closed_form_anywhere(p, kappa, alpha, cos_theta):
    r = vmc.vmf_renyi_mc(p, kappa, alpha, 50_000, cos_theta=cos_theta, confidence=CHECK, seed=9)
    assert r.divergence.contains(fp.vmf_renyi_divergence(p, kappa, alpha, cos_theta))


# ----------------------------------------------------------------------------- the torch path (CPU here)
@pytest.mark.parametrize("device", ["cpu", "auto"])
def test_torch_routes_contain_the_closed_forms(device):
    kw = dict(confidence=CHECK, seed=10, backend="torch", device=device, batch_size=60_000)
    r = vmc.vmf_renyi_mc(13700, 75, 2, 200_000, **kw)
    assert r.divergence.contains(fp.vmf_renyi_divergence(13700, 75, 2)) and r.divergence.width < 2e-3
    assert vmc.vmf_renyi_mc(10, 3, 1.5, 100_000, cos_theta=0.3, route="direct", **kw).divergence.contains(
        fp.vmf_renyi_divergence(10, 3, 1.5, 0.3))
    assert vmc.vmf_hockey_stick_mc(13700, 75, 1.0, 100_000, **kw).contains(
        fp.vmf_hockey_stick_antipodal(13700, 75, 1.0))
    assert vmc.vmf_kl_mc(2, 3, 100_000, cos_theta=0.3, **kw).contains(fp.vmf_kl_quadrature(2, 3, 0.3))
    est = vmc.gaussian_capacity_mc(100, 1, 3, 100_000, **kw)
    assert est.contains(fp.gaussian_capacity(100, 1, 3))
    import torch

    assert est.device == ("cuda:0" if torch.cuda.is_available() and device == "auto" else "cpu")


def test_torch_streams_are_deterministic_and_order_free():
    kw = dict(lo=0, hi=1, confidence=0.9, seed=5, backend="torch", device="cpu", batch_size=1000)
    a = bounded_mean(_uniform, _square, 5000, **kw)
    b = bounded_mean(_uniform, _square, 5000, mapper=_reversed_mapper, **kw)
    assert (a.estimate, a.lo, a.hi) == (b.estimate, b.lo, b.hi) and a.contains(1 / 3)


def test_estimate_json_has_the_evidence_fields():
    est = vmc.vmf_capacity_mc(50, 5, 1000, confidence=0.99, seed=3)
    doc = est.to_json()
    assert set(doc) == {"estimate", "lo", "hi", "confidence", "n", "seed", "device", "seconds", "method", "rigorous"}
    assert doc["rigorous"] is True and doc["n"] == 1000 and doc["seed"] == 3 and doc["device"] == "cpu"
