"""Exact (ε, δ) curves of the Gaussian and Laplace mechanisms, and the Gaussian mechanism's Rényi DP.

Gaussian mechanism, noise N(0, σ²), ℓ₂-sensitivity Δ, μ = Δ/σ (Balle & Wang 2018, Theorem 8):

    δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ),     ε ≥ 0,

decreasing from δ(0) = 2Φ(μ/2) − 1 to 0. Its inverse ε(δ) is 0 for δ ≥ δ(0) and otherwise the unique root,
bracketed by 0 and μ²/2 − μ Φ⁻¹(δ) (where already Φ(μ/2 − ε/μ) ≤ δ). Rényi DP: τ_α = αΔ²/(2σ²).

Laplace mechanism, noise Laplace(b) per coordinate, ℓ₁-sensitivity Δ, ε₀ = Δ/b (Balle et al. 2018,
"Privacy amplification by subsampling", Theorem 3):

    δ(ε) = max(0, 1 − e^{(ε − ε₀)/2}),     ε(δ) = max(0, ε₀ + 2 log(1 − δ)).

Float route: log-space through log Φ (``scipy.special.log_ndtr``), δ = Φ(a)·(−expm1(ε + log Φ(b) − log Φ(a))),
so the cancellation of the two terms never loses more than the rounding of their log-ratio. Certified route:
arb, the working precision raised locally until the ball of δ(ε) is accurate to the working precision, and
ε(δ) as a ball [lo, hi] whose ends are exact rationals with δ(lo) > δ > δ(hi) certified (δ is decreasing).
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy import special as sc

from mechanisms.checks import exact_real, real, real_array
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb
from mechanisms.special import normal_cdf_arb

__all__ = [
    "gaussian_delta", "gaussian_delta_arb", "gaussian_epsilon", "gaussian_epsilon_arb",
    "laplace_delta", "laplace_delta_arb", "laplace_epsilon", "laplace_epsilon_arb",
    "gaussian_rdp", "gaussian_rdp_arb",
]


# ----------------------------------------------------------------------------- Gaussian δ(ε)
def _log_gaussian_delta(mu, eps):
    """log δ(ε) (float, arrays); −inf where δ underflows or is below the rounding of the log-ratio."""
    la = sc.log_ndtr(mu / 2 - eps / mu)
    with np.errstate(invalid="ignore", divide="ignore"):
        gap = eps + sc.log_ndtr(-mu / 2 - eps / mu) - la
        out = la + np.log(-np.expm1(np.minimum(gap, 0.0)))
    return np.where(la == -np.inf, -np.inf, out)  # Φ(μ/2 − ε/μ) underflows: so does δ


def gaussian_delta(sigma, eps, sensitivity=1):
    """Exact δ(ε) of the Gaussian mechanism (σ > 0, Δ > 0, ε ≥ 0; eps may be an array)."""
    fname = "gaussian_delta"
    s = real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    e, scalar = real_array(eps, "eps", fname, lo=0)
    out = np.exp(_log_gaussian_delta(d / s, e))
    return float(out) if scalar else out


def _gaussian_delta_ball(s, d, e):
    mu = d / s
    return normal_cdf_arb(mu / 2 - e / mu) - e.exp() * normal_cdf_arb(-mu / 2 - e / mu)


def _accurate(build, extra_bits=(32, 96, 224, 480)):
    """build() under working precisions prec + extra until its ball is accurate to about prec bits."""
    import flint

    prec = flint.ctx.prec
    for extra in extra_bits:
        with flint.ctx.workprec(prec + extra):
            v = build()
        if v.rel_accuracy_bits() >= prec - 4 or (v.is_exact() and v.mid() == 0):
            return v
    return v


def gaussian_delta_arb(sigma, eps, sensitivity=1):
    """Certified δ(ε); sigma, eps, sensitivity exact (or arb balls)."""
    fname = "gaussian_delta_arb"
    s = exact_real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = exact_real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    e = exact_real(eps, "eps", fname, lo=0)
    return _accurate(lambda: _gaussian_delta_ball(to_arb(s), to_arb(d), to_arb(e)))


# ----------------------------------------------------------------------------- Gaussian ε(δ)
def _eps_upper(mu, delta):
    """An ε where Φ(μ/2 − ε/μ) ≤ δ, hence δ(ε) ≤ δ: μ²/2 − μ Φ⁻¹(δ) (plus a hair)."""
    return (mu * mu / 2 - mu * float(sc.ndtri(delta))) * (1 + 1e-9) + 1e-12


def gaussian_epsilon(sigma, delta, sensitivity=1):
    """Smallest ε ≥ 0 with δ(ε) ≤ δ, for δ ∈ (0, 1) (float, bisection-type root finding in log δ)."""
    from scipy.optimize import brentq

    fname = "gaussian_epsilon"
    s = real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    dt = real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    mu = d / s
    log_dt = math.log(dt)
    if _log_gaussian_delta(mu, 0.0) <= log_dt:
        return 0.0
    hi = _eps_upper(mu, dt)
    f = lambda e: float(_log_gaussian_delta(mu, e)) - log_dt  # noqa: E731
    return float(brentq(f, 0.0, hi, xtol=1e-15, rtol=4 * np.finfo(float).eps, maxiter=300))


def _mid(v):
    return float(v.mid()) if hasattr(v, "mid") else float(v)


def _certified_side(delta_at, target, e):
    """+1 if δ(e) > target certainly, −1 if δ(e) < target certainly, 0 if undecided."""
    v = delta_at(e)
    return 1 if v > target else (-1 if v < target else 0)


def gaussian_epsilon_arb(sigma, delta, sensitivity=1):
    """Certified ε(δ): arb(0) when δ(0) < δ is certain, else the ball [lo, hi] with δ(lo) > δ > δ(hi)
    certified, narrowed by exact bisection to about the working precision."""
    import flint
    from flint import arb

    fname = "gaussian_epsilon_arb"
    s = exact_real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = exact_real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    dt = exact_real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    sa, da, ta = to_arb(s), to_arb(d), to_arb(dt)
    delta_at = lambda e: _accurate(lambda: _gaussian_delta_ball(sa, da, to_arb(e)))  # noqa: E731
    if _certified_side(delta_at, ta, Fraction(0)) < 0:  # δ(0) < δ: ε = 0
        return arb(0)
    e_f = gaussian_epsilon(_mid(s), _mid(dt), _mid(d))
    ef = Fraction(e_f)
    lo = hi = None
    for rel in (Fraction(1, 10**13), Fraction(1, 10**10), Fraction(1, 10**6), Fraction(1, 100), Fraction(1, 2)):
        a = max(Fraction(0), ef * (1 - rel) - rel * Fraction(1, 10**6))
        b = ef * (1 + rel) + rel * Fraction(1, 10**6)
        if (a == 0 or _certified_side(delta_at, ta, a) > 0) and _certified_side(delta_at, ta, b) < 0:
            lo, hi = a, b
            break
    if lo is None:
        raise InvalidInput(f"{fname}: could not bracket eps for sigma={sigma}, delta={delta}, sensitivity={sensitivity}")
    target = Fraction(1, 2 ** max(flint.ctx.prec - 8, 8))
    for _ in range(4 * flint.ctx.prec):
        if hi - lo <= target * max(hi, Fraction(1, 10**6)):
            break
        mid = (lo + hi) / 2
        side = _certified_side(delta_at, ta, mid)
        if side == 0:
            break
        lo, hi = (mid, hi) if side > 0 else (lo, mid)
    return to_arb(lo).union(to_arb(hi))


# ----------------------------------------------------------------------------- Laplace
def laplace_delta(b, eps, sensitivity=1):
    """Exact δ(ε) = max(0, 1 − e^{(ε − Δ/b)/2}) of the Laplace mechanism (eps may be an array)."""
    fname = "laplace_delta"
    bb = real(b, "b", fname, lo=0, lo_open=True)
    d = real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    e, scalar = real_array(eps, "eps", fname, lo=0)
    out = 0.0 - np.expm1(np.minimum(e - d / bb, 0.0) / 2)  # 0.0 − (−0.0): no signed zero at ε ≥ ε₀
    return float(out) if scalar else out


def laplace_delta_arb(b, eps, sensitivity=1):
    from flint import arb

    fname = "laplace_delta_arb"
    bb = exact_real(b, "b", fname, lo=0, lo_open=True)
    d = exact_real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    e = exact_real(eps, "eps", fname, lo=0)
    gap = e - d / bb if not any(isinstance(v, arb) for v in (bb, d, e)) else to_arb(e) - to_arb(d) / to_arb(bb)
    if not isinstance(gap, arb):
        return arb(0) if gap >= 0 else -(to_arb(gap) / 2).expm1()
    return (-(gap / 2).expm1()).max(arb(0))


def laplace_epsilon(b, delta, sensitivity=1):
    """Smallest ε ≥ 0 with δ(ε) ≤ δ: max(0, Δ/b + 2 log(1 − δ)), δ ∈ [0, 1)."""
    fname = "laplace_epsilon"
    bb = real(b, "b", fname, lo=0, lo_open=True)
    d = real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    dt = real(delta, "delta", fname, lo=0, hi=1, hi_open=True)
    return max(0.0, d / bb + 2 * math.log1p(-dt))


def laplace_epsilon_arb(b, delta, sensitivity=1):
    from flint import arb

    fname = "laplace_epsilon_arb"
    bb = exact_real(b, "b", fname, lo=0, lo_open=True)
    d = exact_real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    dt = exact_real(delta, "delta", fname, lo=0, hi=1, hi_open=True)
    return (to_arb(d) / to_arb(bb) + 2 * (-to_arb(dt)).log1p()).max(arb(0))


# ----------------------------------------------------------------------------- Gaussian RDP
def gaussian_rdp(alpha, sigma, sensitivity=1):
    """τ_α = αΔ²/(2σ²), the Rényi DP of the Gaussian mechanism at order α > 1 (alpha may be an array)."""
    fname = "gaussian_rdp"
    a, scalar = real_array(alpha, "alpha", fname, lo=1, lo_open=True)
    s = real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    out = a * (d / s) ** 2 / 2
    return float(out) if scalar else out


def gaussian_rdp_arb(alpha, sigma, sensitivity=1):
    from flint import arb

    fname = "gaussian_rdp_arb"
    a = exact_real(alpha, "alpha", fname, lo=1, lo_open=True)
    s = exact_real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = exact_real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    if not any(isinstance(v, arb) for v in (a, s, d)):
        return to_arb(a * d * d / (2 * s * s))
    a, s, d = to_arb(a), to_arb(s), to_arb(d)
    return a * d * d / (2 * s * s)
