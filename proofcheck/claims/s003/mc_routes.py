"""Monte Carlo routes of seed 003's identities (a third, statistical route: evidence, never a verdict).

Each route estimates one quantity of a claim with a rigorous interval (:mod:`mechanisms.continuous.vmf_monte_carlo`; no
Bessel function evaluated): the engine checks that the closed form lies inside at confidence 1 − 10⁻⁶ at the
tightest case and at a few cases the search chose (:mod:`proofcheck.stages.mc_evidence`). Every estimate costs well
under a second on one CPU core at the default 200,000 samples (tens of milliseconds at p = 13,700); where the
two distributions coincide (κ = 0, equal centres) the value is exactly 0 and no sampling is done.
"""
from __future__ import annotations

import math
from functools import partial

import numpy as np

from mechanisms.continuous import vmf  # noqa: F401  (registers log_sphere_area)
from mechanisms.continuous import vmf_monte_carlo as vmc
from mechanisms.numerics.context import fp
from mechanisms.numerics.monte_carlo import MonteCarloEstimate, bounded_mean
from proofcheck.claim import MonteCarloRoute


def _backend(device):
    return "torch" if device == "cuda" else "numpy"


def _exact_zero(n, seed, confidence, why):
    return MonteCarloEstimate(0.0, 0.0, 0.0, confidence, 0, seed, "none", 0.0, f"exact: {why}", True)


ROUNDING = 1e-12  # closed forms are float64 values: an interval end they meet up to rounding still counts


def _widened(est):
    """The interval widened by 1e-12 relative (the closed form it is compared with is a float64 value)."""
    lo = est.lo - ROUNDING * max(1.0, abs(est.lo)) if math.isfinite(est.lo) else est.lo
    hi = est.hi + ROUNDING * max(1.0, abs(est.hi)) if math.isfinite(est.hi) else est.hi
    return MonteCarloEstimate(est.estimate, lo, hi, est.confidence, est.n, est.seed, est.device, est.seconds,
                              f"{est.method}; widened by 1e-12 relative (float closed form)", est.rigorous)


def _f(case, key, default=None):
    return float(case[key]) if key in case else default


def _safe_log(x):
    return math.log(x) if x > 0 else -math.inf


# ----------------------------------------------------------------------------- Rényi divergence
DIRECT_UP_TO = 12.0  # "auto": the direct route for p ≤ 3 while 2ακ‖x − x'‖ ≤ this (its integrand's range)


def renyi(quantity, route, cos_key="cos_theta", kappa_key="kappa", alpha_key="alpha"):
    """D_α(VMF(x, κ) ‖ VMF(x', κ)) at x·x' = case[cos_key] (−1 when absent): route "normalisers" (informative at
    p ≥ 4: its Beta proposal matches the tilted law there), "direct" (no reduction at all: e^{ακ(x−x')ᵀy} under
    VMF(x'), t and w draws; informative while e^{2ακ‖x−x'‖} is moderate) or "auto" (direct for p ≤ 3 while
    2ακ‖x − x'‖ ≤ 12, else normalisers)."""
    def estimate(case, n, seed, device, confidence):
        p, k, a = int(case["p"]), _f(case, kappa_key), _f(case, alpha_key)
        c = _f(case, cos_key, -1.0) if cos_key else -1.0
        if k == 0 or c >= 1.0:
            return _exact_zero(n, seed, confidence, "the two distributions coincide")
        which = route
        if route == "auto":
            spread = 2 * a * k * math.sqrt(max(0.0, 2 - 2 * c))
            which = "direct" if p <= 3 and spread <= DIRECT_UP_TO else "normalisers"
        out = vmc.vmf_renyi_mc(p, k, a, n, cos_theta=c, route=which, confidence=confidence, seed=seed,
                               backend=_backend(device), device=device)
        return _widened(out.divergence)

    return MonteCarloRoute(quantity, estimate, f"Monte Carlo ({route}) of D_α between VMFs, no Bessel function")


def kl(quantity):
    """KL(VMF(x, κ) ‖ VMF(−x, κ)) = E_P[κ(x − x')ᵀy], the loss bounded by 2κ."""
    def estimate(case, n, seed, device, confidence):
        p, k = int(case["p"]), _f(case, "kappa")
        if k == 0:
            return _exact_zero(n, seed, confidence, "kappa = 0")
        return _widened(vmc.vmf_kl_mc(p, k, n, confidence=confidence, seed=seed, backend=_backend(device),
                                      device=device))

    return MonteCarloRoute(quantity, estimate, "Monte Carlo of the KL: the mean privacy loss under P")


# ----------------------------------------------------------------------------- Bayes' capacity, normaliser
def capacity(quantity, mechanism=None):
    """log C_Bayes of VMF noise (κ − log M_p(κ)) or of Gaussian noise on the ball B^p_R (radial importance
    sampling); the mechanism from case["mechanism"] unless fixed."""
    def estimate(case, n, seed, device, confidence):
        mech = mechanism or case["mechanism"]
        kw = dict(confidence=confidence, seed=seed, backend=_backend(device), device=device)
        if mech == "vmf":
            return _widened(vmc.vmf_capacity_mc(int(case["p"]), _f(case, "kappa"), n, **kw))
        R = _f(case, "R", 1.0)
        return _widened(vmc.gaussian_capacity_mc(int(case["p"]), _f(case, "sigma"), R, n, **kw))

    return MonteCarloRoute(quantity, estimate, "Monte Carlo of ∫ sup_x f(x)(y) dy (importance sampling)")


def normaliser(quantity):
    """log C_{p,κ} = log area(S^{p−1}) + log M_p(κ), M_p(κ) = E_uniform[e^{κ xᵀy}] by importance sampling."""
    def estimate(case, n, seed, device, confidence):
        p = int(case["p"])
        est = vmc.log_vmf_mgf_mc(p, _f(case, "kappa"), n, confidence=confidence, seed=seed,
                                 backend=_backend(device), device=device)
        area = float(fp.log_sphere_area(p))
        return _widened(est.mapped(lambda v: area + v, "log C = log area(S^{p−1}) + log M_p(κ)"))

    return MonteCarloRoute(quantity, estimate, "Monte Carlo of the VMF normalising integral")


# ----------------------------------------------------------------------------- δ(ε)
def _gauss_draw(sigma, size, rng):
    return 1.0 + sigma * rng.standard_normal(size)


def _gauss_hockey(y, sigma, eps):
    loss = (2 * y - 1) / (2 * sigma * sigma)  # log N(1, σ²)/N(0, σ²) at y
    return np.clip(-np.expm1(np.clip(eps - loss, None, 0.0)), 0.0, 1.0)


def log_delta(quantity):
    """log δ(ε) of the worst pair: VMF at antipodal centres (E_P[(1 − e^{ε−L})₊], L = κ(x − x')ᵀy) or the
    Gaussian mechanism with sensitivity 1 (the same integrand, y ~ N(1, σ²)); the interval mapped by log."""
    def estimate(case, n, seed, device, confidence):
        e = _f(case, "epsilon")
        if case["mechanism"] == "vmf":
            est = vmc.vmf_hockey_stick_mc(int(case["p"]), _f(case, "kappa"), e, n, confidence=confidence, seed=seed,
                                          backend=_backend(device), device=device)
        else:
            s = _f(case, "sigma")
            est = bounded_mean(partial(_gauss_draw, s), partial(_gauss_hockey, sigma=s, eps=e), n, lo=0.0, hi=1.0,
                               confidence=confidence, seed=seed)
        return _widened(est.mapped(_safe_log, "log δ"))

    return MonteCarloRoute(quantity, estimate, "Monte Carlo of δ(ε) = E_P[(1 − e^{ε−L})₊]")
