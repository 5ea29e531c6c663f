"""Monte Carlo routes, with bounded integrands and rigorous intervals, for seed 003's continuous quantities.

Notation: VMF(x, κ) on S^{p−1}, t = xᵀy, ν = p/2 − 1, M_p(s) = E_{y uniform}[e^{s t}] (the normalised moment
generating function), and two centres x, x' with x·x' = cos θ, r = ‖x − x'‖ = sqrt(2 − 2cos θ).

Scalar draws suffice everywhere. Under VMF(x', κ): t' = x'ᵀy is drawn by Wood's sampler
(:func:`mechanisms.continuous.vmf.sample_vmf_t`); y = t'x' + sqrt(1 − t'²) v with v uniform on the unit sphere of x'^⊥,
so xᵀy = t' cos θ + sqrt(1 − t'²) sin θ · w with w = vᵀe the first coordinate of a uniform point of
S^{p−2}: w = 2B − 1, B ~ Beta((p−2)/2, (p−2)/2) (w = ±1 for p = 2). At antipodal centres w drops out.

Routes (each returns :class:`mechanisms.numerics.monte_carlo.MonteCarloEstimate`, rigorous):

* :func:`vmf_renyi_mc` — E_Q[(P/Q)^α] and τ_α = log E/(α−1) (an increasing map of the interval).
  route "direct": (P/Q)^α = e^{ακ(x−x')ᵀy} ∈ [e^{−ακr}, e^{ακr}], divided by e^{ακr} into [e^{−2ακr}, 1],
  t-only draws from Q; rigorous at any κ, narrow only while e^{2ακr}/n is small.
  route "normalisers" (default): ∫P^αQ^{1−α} = M_p(κm)/M_p(κ) with m = ‖αx + (1−α)x'‖ (the densities are
  exponential in y, so the product is an unnormalised VMF), each M_p by :func:`log_vmf_mgf_mc`, each at
  δ/2 (union bound). Narrow at p = 13,700, κ in the hundreds.
* :func:`log_vmf_mgf_mc` — log M_p(s) by importance sampling against a Beta proposal whose weight is bounded
  by its value at the mode (derivation in its docstring); the integrand lies in [0, 1].
* :func:`vmf_hockey_stick_mc` — δ(ε) = E_P[(1 − e^{ε−L})₊] ∈ [0, 1], L = log(P/Q) = κ(x − x')ᵀy.
* :func:`vmf_kl_mc` — KL(P‖Q) = E_P[L], L ∈ [−κr, κr] (bounded on the sphere).
* :func:`vmf_capacity_mc` — log C_Bayes = κ − log M_p(κ): the sup over inputs of the density is e^κ/C_{p,κ}
  at every y, so the uniform proposal gives the constant ratio e^κ/M_p(κ) and only M_p(κ) is random.
* :func:`gaussian_capacity_mc` — log ∫ sup_{x ∈ B_R} φ_σ(y − x) dy with a normal radial proposal, the ratio
  bounded by strong log-concavity (docstring).

None of these evaluates a Bessel function: the closed forms in :mod:`mechanisms.continuous.vmf_renyi`,
:mod:`mechanisms.continuous.vmf_hockey_stick`, :mod:`mechanisms.continuous.capacity` are checked against them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Callable, NamedTuple

import numpy as np
from scipy.special import gammaln

from mechanisms.numerics import _sampling as smp
from mechanisms.numerics.checks import check_alpha, check_cos, check_dimension, check_kappa, check_nonneg, real
from mechanisms.numerics.context import fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.monte_carlo import (DEFAULT_BATCH_SIZE, MonteCarloEstimate, bounded_mean, check_confidence, seed_label,
                                    stream_seed)
from mechanisms.continuous.vmf import sample_vmf_t

__all__ = ["BoundedIntegrand", "VmfRenyiMonteCarlo", "vmf_renyi_moment_integrand", "vmf_renyi_mc", "log_vmf_mgf_mc",
           "vmf_hockey_stick_mc", "vmf_kl_mc", "vmf_capacity_mc", "gaussian_capacity_mc"]

_LOG_2PI = math.log(2 * math.pi)


class BoundedIntegrand(NamedTuple):
    """A draw, an integrand with values in [lo, hi], and the log of the factor the mean is multiplied by."""
    draw: Callable
    integrand: Callable
    lo: float
    hi: float
    log_scale: float


@dataclass(frozen=True)
class VmfRenyiMonteCarlo:
    """E_Q[(P/Q)^α] (``expectation``; ``inf`` where it exceeds the float range) and τ_α = log E/(α−1)."""
    alpha: float
    expectation: MonteCarloEstimate
    divergence: MonteCarloEstimate

    def to_json(self) -> dict:
        return {"alpha": self.alpha, "expectation": self.expectation.to_json(), "divergence": self.divergence.to_json()}


# ----------------------------------------------------------------------------- backend-neutral draws
def _is_torch(rng) -> bool:
    return not isinstance(rng, np.random.Generator)


def _xp(x):
    if isinstance(x, np.ndarray):
        return np
    import torch

    return torch


def _gamma_pair(a, b, size, rng):
    """Independent Gamma(a), Gamma(b) draws on the rng's backend."""
    if not _is_torch(rng):
        return rng.standard_gamma(a, size), rng.standard_gamma(b, size)
    import torch

    g1 = smp.torch_standard_gamma(a, size, rng, rng.device, torch.float64)
    return g1, smp.torch_standard_gamma(b, size, rng, rng.device, torch.float64)


def _draw_t(p, kappa, size, rng):
    """t = μᵀy under VMF(μ, κ) (Wood's sampler)."""
    if not _is_torch(rng):
        return sample_vmf_t(p, kappa, size, seed=rng)
    return sample_vmf_t(p, kappa, size, seed=rng, backend="torch", device=str(rng.device))


def _draw_t_w(p, kappa, size, rng):
    """(t, w): t = μᵀy under VMF(μ, κ) and w the coordinate of y's direction in μ^⊥ along a fixed unit e ⊥ μ."""
    t = _draw_t(p, kappa, size, rng)
    if p == 2:  # S^0 = {−1, 1}
        if not _is_torch(rng):
            return t, np.where(rng.random(size) < 0.5, -1.0, 1.0)
        import torch

        u = torch.rand(size, generator=rng, device=rng.device, dtype=torch.float64)
        return t, torch.where(u < 0.5, -1.0, 1.0).to(torch.float64)
    g1, g2 = _gamma_pair((p - 2) / 2, (p - 2) / 2, size, rng)
    return t, (g1 - g2) / (g1 + g2)


def _draw_beta_t(a, b, size, rng):
    """(t, log(1 − t)) with t = 2B − 1, B ~ Beta(a, b) from two gammas (1 − t = 2 g2/(g1 + g2), no cancellation)."""
    g1, g2 = _gamma_pair(a, b, size, rng)
    tot = g1 + g2
    return (g1 - g2) / tot, _xp(tot).log(2 * g2 / tot)


def _draw_normal(mean, size, rng):
    if not _is_torch(rng):
        return rng.standard_normal(size) + mean
    import torch

    return torch.randn(size, generator=rng, device=rng.device, dtype=torch.float64) + mean


# ----------------------------------------------------------------------------- integrands (top level: picklable)
def _cross_term(samples, cos_theta, sin_theta):
    """(x − x')ᵀy / … from (t, w): t cos θ + sqrt(1 − t²) sin θ w is the other centre's projection."""
    t, w = samples
    xp = _xp(t)
    return t * cos_theta + xp.sqrt(xp.clip(1 - t * t, 0.0, None)) * sin_theta * w


def _renyi_direct(samples, alpha_kappa, r, cos_theta, sin_theta):
    """e^{ακ((x − x')ᵀy − r)} ∈ [e^{−2ακr}, 1] for y ~ Q = VMF(x', κ) (samples: t' = x'ᵀy [, w])."""
    if sin_theta == 0.0:  # antipodal (or equal) centres: xᵀy = cos θ · t'
        t = samples
        diff = (cos_theta - 1.0) * t
    else:
        diff = _cross_term(samples, cos_theta, sin_theta) - samples[0]
    xp = _xp(diff)
    return xp.exp(xp.clip(alpha_kappa * (diff - r), None, 0.0))


def _privacy_loss(samples, kappa, cos_theta, sin_theta):
    """L = log(P/Q)(y) = κ(x − x')ᵀy for y ~ P = VMF(x, κ) (samples: t = xᵀy [, w])."""
    if sin_theta == 0.0:
        return kappa * (1.0 - cos_theta) * samples
    t = samples[0]
    return kappa * (t - _cross_term(samples, cos_theta, sin_theta))


def _hockey_stick(samples, kappa, eps, cos_theta, sin_theta):
    """(1 − e^{ε − L})₊ ∈ [0, 1]."""
    loss = _privacy_loss(samples, kappa, cos_theta, sin_theta)
    xp = _xp(loss)
    return xp.clip(-xp.expm1(xp.clip(eps - loss, None, 0.0)), 0.0, 1.0)


def _kl_loss(samples, kappa, bound, cos_theta, sin_theta):
    loss = _privacy_loss(samples, kappa, cos_theta, sin_theta)
    return _xp(loss).clip(loss, -bound, bound)


def _mgf_weight(samples, s, d, t_star, log1m_t_star):
    """e^{s(t − t*)} ((1 − t)/(1 − t*))^d ∈ [0, 1] (its maximum over [−1, 1] is 1, at t*)."""
    t, log1m_t = samples
    xp = _xp(t)
    log_w = s * (t - t_star) + (d * (log1m_t - log1m_t_star) if d else 0.0)
    return xp.exp(xp.clip(log_w, None, 0.0))


def _gauss_radial_weight(s, q, rho, s_star):
    """1{s ≥ 0} · exp((p−1) log((ρ+s)/(ρ+s*)) + s*(s* − s)) ∈ [0, 1] (strong log-concavity, see caller)."""
    xp = _xp(s)
    inside = s >= 0
    safe = xp.where(inside, s, s * 0 + s_star)
    log_w = s_star * (s_star - safe)
    if q:
        log_w = log_w + q * (xp.log(rho + safe) - math.log(rho + s_star))
    return xp.where(inside, xp.exp(xp.clip(log_w, None, 0.0)), s * 0)


# ----------------------------------------------------------------------------- helpers
def _geometry(cos_theta, fname):
    c = float(check_cos(cos_theta, fname))
    s = math.sqrt(max(0.0, 1.0 - c * c))
    return c, s, math.sqrt(max(0.0, 2.0 - 2.0 * c))


def _safe_exp(x):
    return math.inf if x > 709.0 else math.exp(x)


def _safe_log(x):
    return math.log(x) if x > 0 else -math.inf


def _log_mapped(est: MonteCarloEstimate, shift: float, scale: float, note: str) -> MonteCarloEstimate:
    """(shift + log X)·scale for X the estimate (scale > 0: increasing)."""
    return est.mapped(lambda v: (shift + _safe_log(v)) * scale, note)


def _run(problem: BoundedIntegrand, n, mc) -> MonteCarloEstimate:
    return bounded_mean(problem.draw, problem.integrand, n, lo=problem.lo, hi=problem.hi, **mc)


def _mc_kwargs(confidence, seed, batch_size, backend, device, method, mapper):
    return dict(confidence=confidence, seed=seed, batch_size=batch_size, backend=backend, device=device,
                method=method, mapper=mapper)


# ----------------------------------------------------------------------------- log M_p(s)
def _mgf_problem(p, s):
    """The bounded importance-sampling integrand for M_p(s) = ∫ e^{st} u(t) dt, s ≥ 0.

    u(t) = (1 − t²)^{(p−3)/2} / B(1/2, (p−1)/2) is the law of t = μᵀy for y uniform on S^{p−1}.
    Proposal: t = 2B − 1, B ~ Beta(a, b), a = (p−1)/2, b = a − d, density
    r(t) = (1+t)^{a−1}(1−t)^{b−1} / (2^{a+b−1} B(a, b)); then
        e^{st} u(t)/r(t) = L · h(t),  h(t) = e^{st}(1 − t)^d,  L = 2^{p−2−d} B(a, b)/B(1/2, (p−1)/2).
    h is log-concave with its maximum at t* = 1 − d/s. Choosing d = s(1 − t_m), t_m = 2s/((p−3) + sqrt((p−3)² + 4s²))
    the mode of the tilted law e^{st}u(t), puts t* = t_m: the proposal's mode, the tilted law's mode and h's
    maximum coincide, so h(t)/h(t*) ∈ [0, 1] is nearly flat where the proposal lives (b ≥ 1 since
    d ≤ (p−3)/2). p ≤ 3 uses d = 0 (then t* = 1, h(t)/h(t*) = e^{s(t−1)}: useful for small s only).
    M_p(s) = L h(t*) E_r[h(t)/h(t*)].
    """
    a = (p - 1) / 2
    if s == 0:
        d, t_star = 0.0, 0.0
    elif p <= 3:
        d, t_star = 0.0, 1.0
    else:
        t_star = 2 * s / ((p - 3) + math.sqrt((p - 3) ** 2 + 4 * s * s))
        d = s * (1 - t_star)
    b = a - d
    log1m_t_star = math.log1p(-t_star) if t_star < 1 else 0.0  # d = 0 whenever t* = 1
    log_beta_ab = gammaln(a) + gammaln(b) - gammaln(a + b)
    log_beta_u = gammaln(0.5) + gammaln(a) - gammaln(a + 0.5)
    log_L = (p - 2 - d) * math.log(2.0) + log_beta_ab - log_beta_u
    log_h_star = s * t_star + d * log1m_t_star
    integrand = partial(_mgf_weight, s=s, d=d, t_star=t_star, log1m_t_star=log1m_t_star)
    return BoundedIntegrand(partial(_draw_beta_t, a, b), integrand, 0.0, 1.0, float(log_L + log_h_star))


def log_vmf_mgf_mc(p, s, n, *, confidence, seed, batch_size=DEFAULT_BATCH_SIZE, backend="numpy", device="auto",
                   method="bernstein", mapper=None) -> MonteCarloEstimate:
    """log M_p(s) = log E_{y uniform on S^{p−1}}[e^{s μᵀy}] by importance sampling; M_p is even in s.

    The integrand h(t)/h(t*) ∈ [0, 1] (see ``_mgf_problem``); the interval is log of the mean's interval
    plus log(L h(t*)), an increasing map."""
    fname = "log_vmf_mgf_mc"
    p = check_dimension(p, fname)
    s = abs(real(s, "s", fname))
    problem = _mgf_problem(p, s)
    est = _run(problem, n, _mc_kwargs(confidence, seed, batch_size, backend, device, method, mapper))
    return _log_mapped(est, problem.log_scale, 1.0, f"log M_p(s) = {problem.log_scale!r} + log(mean), Beta proposal")


def _combine_difference(a: MonteCarloEstimate, b: MonteCarloEstimate, confidence: float, label,
                        note: str) -> MonteCarloEstimate:
    """A − B from intervals for A and B, each at confidence 1 − δ/2 (union bound: both hold w.p. ≥ 1 − δ)."""
    return MonteCarloEstimate(a.estimate - b.estimate, a.lo - b.hi, a.hi - b.lo,
                              confidence, a.n + b.n, label, a.device, a.seconds + b.seconds,
                              f"{a.method}; {note}", a.rigorous and b.rigorous)


# ----------------------------------------------------------------------------- Rényi
def vmf_renyi_moment_integrand(p, kappa, alpha, cos_theta=-1.0) -> BoundedIntegrand:
    """The direct route's draw and integrand: y ~ Q = VMF(x', κ) by t-only draws (plus w off antipodes),
    e^{ακ((x − x')ᵀy − r)} ∈ [e^{−2ακr}, 1]; E_Q[(P/Q)^α] = e^{ακr} × its mean."""
    fname = "vmf_renyi_moment_integrand"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    alpha = float(check_alpha(alpha, fname))
    c, s, r = _geometry(cos_theta, fname)
    if s == 0.0:
        draw = partial(_draw_t, p, kappa)
    else:
        draw = partial(_draw_t_w, p, kappa)
    integrand = partial(_renyi_direct, alpha_kappa=alpha * kappa, r=r, cos_theta=c, sin_theta=s)
    return BoundedIntegrand(draw, integrand, math.exp(-2 * alpha * kappa * r), 1.0, alpha * kappa * r)


def vmf_renyi_mc(p, kappa, alpha, n, *, cos_theta=-1.0, route="normalisers", confidence, seed,
                 batch_size=DEFAULT_BATCH_SIZE, backend="numpy", device="auto", method="bernstein",
                 mapper=None) -> VmfRenyiMonteCarlo:
    """D_α(VMF(x, κ) ‖ VMF(x', κ)), x·x' = cos θ, by Monte Carlo: intervals for E = E_Q[(P/Q)^α] and for
    τ_α = log E/(α − 1). route "normalisers" (n draws for each of M_p(κm), M_p(κ)) or "direct" (n t-draws
    from Q); see the module docstring for when each is narrow."""
    fname = "vmf_renyi_mc"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    alpha = float(check_alpha(alpha, fname))
    c, _s, _r = _geometry(cos_theta, fname)
    if route not in ("normalisers", "direct"):
        raise InvalidInput(f"{fname}: route must be 'normalisers' or 'direct', got route={route!r}")
    mc = _mc_kwargs(confidence, seed, batch_size, backend, device, method, mapper)
    if route == "direct":
        problem = vmf_renyi_moment_integrand(p, kappa, alpha, c)
        mean = _run(problem, n, mc)
        log_e = _log_mapped(mean, problem.log_scale, 1.0, f"E = exp({problem.log_scale!r}) x mean")
    else:
        m = math.sqrt((2 * alpha - 1) ** 2 - 2 * alpha * (alpha - 1) * (1 + c))  # ‖αx + (1−α)x'‖
        confidence = check_confidence(confidence, fname)
        half = dict(mc, confidence=1 - (1 - confidence) / 2)
        top = log_vmf_mgf_mc(p, kappa * m, n, **dict(half, seed=stream_seed(seed, 0)))
        bottom = log_vmf_mgf_mc(p, kappa, n, **dict(half, seed=stream_seed(seed, 1)))
        log_e = _combine_difference(top, bottom, confidence, seed_label(stream_seed(seed)),
                                    "log E = log M_p(κm) − log M_p(κ), union bound over the two")
    expectation = log_e.mapped(_safe_exp, "exp")
    divergence = log_e.mapped(lambda v: v / (alpha - 1), "τ_α = log E/(α−1)")
    return VmfRenyiMonteCarlo(alpha, expectation, divergence)


# ----------------------------------------------------------------------------- hockey stick, KL
def _loss_draw(p, kappa, sin_theta):
    return partial(_draw_t, p, kappa) if sin_theta == 0.0 else partial(_draw_t_w, p, kappa)


def vmf_hockey_stick_mc(p, kappa, eps, n, *, cos_theta=-1.0, confidence, seed, batch_size=DEFAULT_BATCH_SIZE,
                        backend="numpy", device="auto", method="bernstein", mapper=None) -> MonteCarloEstimate:
    """δ(ε) = ∫(P − e^ε Q)₊ = E_P[(1 − e^{ε − L})₊], L = κ(x − x')ᵀy, y ~ P = VMF(x, κ); integrand in [0, 1]."""
    fname = "vmf_hockey_stick_mc"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    eps = float(check_nonneg(eps, "eps", fname))
    c, s, _r = _geometry(cos_theta, fname)
    integrand = partial(_hockey_stick, kappa=kappa, eps=eps, cos_theta=c, sin_theta=s)
    return bounded_mean(_loss_draw(p, kappa, s), integrand, n, lo=0.0, hi=1.0,
                        **_mc_kwargs(confidence, seed, batch_size, backend, device, method, mapper))


def vmf_kl_mc(p, kappa, n, *, cos_theta=-1.0, confidence, seed, batch_size=DEFAULT_BATCH_SIZE, backend="numpy",
              device="auto", method="bernstein", mapper=None) -> MonteCarloEstimate:
    """KL(P‖Q) = E_P[L], L = κ(x − x')ᵀy ∈ [−κr, κr] (bounded on the sphere), y ~ P = VMF(x, κ)."""
    fname = "vmf_kl_mc"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    c, s, r = _geometry(cos_theta, fname)
    bound = kappa * r
    if bound == 0.0:
        raise InvalidInput(f"{fname}: KL is 0 when kappa = 0 or the centres coincide, got kappa={kappa}, "
                           f"cos_theta={cos_theta}")
    integrand = partial(_kl_loss, kappa=kappa, bound=bound, cos_theta=c, sin_theta=s)
    return bounded_mean(_loss_draw(p, kappa, s), integrand, n, lo=-bound, hi=bound,
                        **_mc_kwargs(confidence, seed, batch_size, backend, device, method, mapper))


# ----------------------------------------------------------------------------- Bayes' capacity
def vmf_capacity_mc(p, kappa, n, *, confidence, seed, batch_size=DEFAULT_BATCH_SIZE, backend="numpy",
                    device="auto", method="bernstein", mapper=None) -> MonteCarloEstimate:
    """log C_Bayes of VMF(·, κ) on S^{p−1}, every direction an input.

    sup_x f(x)(y) = e^κ / C_{p,κ} for every y; against the uniform proposal 1/area(S^{p−1}) the ratio is the
    constant e^κ area/C_{p,κ} = e^κ/M_p(κ), so log C = κ − log M_p(κ) with M_p(κ) from :func:`log_vmf_mgf_mc`
    (ratio e^{κt}/M against the Beta proposal of that function, bounded by its mode value)."""
    fname = "vmf_capacity_mc"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    est = log_vmf_mgf_mc(p, kappa, n, **_mc_kwargs(confidence, seed, batch_size, backend, device, method, mapper))
    return MonteCarloEstimate(kappa - est.estimate, kappa - est.hi, kappa - est.lo, est.confidence, est.n, est.seed,
                              est.device, est.seconds, f"{est.method}; log C = κ − log M_p(κ)", est.rigorous)


def _gaussian_radial(p, rho):
    """s* and log f(s*) for f(s) = (ρ + s)^{p−1} e^{−s²/2} on s ≥ 0."""
    q = p - 1
    s_star = 2 * q / (rho + math.sqrt(rho * rho + 4 * q)) if q else 0.0
    log_f_star = (q * math.log(rho + s_star) if q else 0.0) - s_star * s_star / 2
    return s_star, log_f_star


def gaussian_capacity_mc(p, sigma, R, n, *, confidence, seed, batch_size=DEFAULT_BATCH_SIZE, backend="numpy",
                         device="auto", method="bernstein", mapper=None) -> MonteCarloEstimate:
    """log C_Bayes = log ∫_{R^p} sup_{x ∈ B^p_R} φ_σ(y − x) dy of the Gaussian mechanism on the ball.

    In σ = 1 units (ρ = R/σ; C depends on ρ only) sup_x φ(y − x) = (2π)^{−p/2} e^{−dist(y, B_ρ)²/2} depends on
    y through ‖y‖ alone: constant (2π)^{−p/2} on the ball (volume V_p ρ^p, exact) and, outside, in polar
    coordinates y = (ρ + s)Θ,
        C = (2π)^{−p/2} [V_p ρ^p + A_{p−1} J],  J = ∫_0^∞ f(s) ds,  f(s) = (ρ + s)^{p−1} e^{−s²/2}.
    Proposal for s: N(s*, 1), s* = 2(p−1)/(ρ + sqrt(ρ² + 4(p−1))) the mode of f (Θ uniform: the ratio does not
    depend on it). log f has second derivative −1 − (p−1)/(ρ+s)² ≤ −1, so log f(s) ≤ log f(s*) − (s−s*)²/2 and
        f(s)/[f(s*) e^{−(s−s*)²/2}] = 1{s ≥ 0} · ((ρ+s)/(ρ+s*))^{p−1} e^{s*(s*−s)} ∈ [0, 1];
    J = sqrt(2π) f(s*) × its mean. The interval is the image of the mean's interval under an increasing map.
    """
    fname = "gaussian_capacity_mc"
    p = check_dimension(p, fname, minimum=1)
    sigma = real(sigma, "sigma", fname, lo=0, lo_open=True)
    R = real(R, "R", fname, lo=0)
    rho = R / sigma
    s_star, log_f_star = _gaussian_radial(p, rho)
    integrand = partial(_gauss_radial_weight, q=p - 1, rho=rho, s_star=s_star)
    est = bounded_mean(partial(_draw_normal, s_star), integrand, n, lo=0.0, hi=1.0,
                       **_mc_kwargs(confidence, seed, batch_size, backend, device, method, mapper))
    log_vol = 0.5 * p * math.log(math.pi) - gammaln(p / 2 + 1) + (p * math.log(rho) if rho > 0 else -math.inf)
    log_area = float(fp.log_sphere_area(p))
    log_j_scale = 0.5 * _LOG_2PI + log_f_star

    def log_capacity(mean):
        log_outside = log_area + log_j_scale + _safe_log(mean)
        return float(np.logaddexp(log_vol, log_outside)) - 0.5 * p * _LOG_2PI

    return est.mapped(log_capacity, "log C = log[V_p ρ^p + A_{p−1} sqrt(2π) f(s*) mean] − (p/2) log 2π")
