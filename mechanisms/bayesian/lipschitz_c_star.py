"""c* of the named families of paper 001's Assumption 2 (mechanisms.bayesian.lipschitz has the definitions):
c* = inf_{L>0} −log(1 − ξ(Θ_L))/L in closed form where the family allows, and for a beta prior on the Bernoulli
family a float minimisation (``lipschitz_mass_rate``) against a certified optimisation that encloses the infimum
(``lipschitz_mass_rate_arb``: upper bound g at chosen L; lower bound g ≥ −log(1 − ξ(L_i))/L_{i+1} on
[L_i, L_{i+1}] because ξ is non-decreasing, and explicit bounds on (0, L₀] and [L_N, ∞))."""
from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Sequence

import numpy as np
from scipy import special as sc

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb, to_fraction

INF = math.inf

__all__ = ["lipschitz_mass_rate", "lipschitz_mass_rate_arb"]


def _beta_density_min_float(a, b, lo, hi):
    xs = np.linspace(lo, hi, 65)
    return float(np.min(np.exp((a - 1) * np.log(xs) + (b - 1) * np.log1p(-xs) - sc.betaln(a, b))))


def _bernoulli_g(a, b, L):
    outside = float(sc.betainc(a, b, sc.expit(-L))) + float(sc.betainc(b, a, sc.expit(-L)))
    return -math.log(min(outside, 1.0)) / L if outside > 0 else INF


def _bernoulli_c_star_float(a, b) -> float:
    f_half = math.exp((a + b - 2) * math.log(0.5) - float(sc.betaln(a, b)))
    limits = [f_half / 2, min(a, b)]
    grid = np.logspace(-4, 4, 161)
    vals = [_bernoulli_g(a, b, L) for L in grid]
    i = int(np.argmin(vals))
    best = vals[i]
    lo, hi = grid[max(i - 1, 0)], grid[min(i + 1, len(grid) - 1)]
    r = minimize_scalar(lambda u: _bernoulli_g(a, b, math.exp(u)), bounds=(math.log(lo), math.log(hi)),
                        method="bounded", options={"xatol": 1e-10})
    return float(min([best, float(r.fun)] + limits))


def lipschitz_mass_rate(family: str, prior: Sequence, known=None) -> float:
    """c* = inf_L −log(1 − ξ(Θ_L))/L (float): closed forms where the family allows, else a minimisation."""
    if family in ("exponential", "laplace", "normal-precision"):
        k, r = map(float, prior)
        if k != 1:
            if k > 1:  # ξ(Θ_L) = P(k, rL) ~ (rL)^k/Γ(k+1): −log(1 − ξ)/L → 0 as L → 0
                return 0.0
            raise InvalidInput(f"lipschitz_mass_rate: gamma prior shape k < 1 not supported, got k={k}")
        return r if family != "normal-precision" else 2 * r / max(1.0, abs(float(known)))
    if family == "normal-variance":
        return 0.0  # ξ(Θ_L) = e^{−λ max(1,|μ|)/(2L)} vanishes faster than any power as L → 0
    if family == "binomial" and float(known) >= 2:
        return 0.0  # Θ_L is empty for L < log m
    if family in ("bernoulli", "binomial"):
        return _bernoulli_c_star_float(*map(float, prior))
    if family == "poisson":
        return 0.0
    raise InvalidInput(f"lipschitz_mass_rate: unknown family {family!r}")


def lipschitz_mass_rate_arb(family: str, prior: Sequence, known=None):
    """Certified c* (exact prior parameters): closed forms are exact; the beta prior on the Bernoulli
    family is a certified optimisation returning an enclosure [lower, upper] of the infimum."""
    if family in ("exponential", "laplace", "normal-precision"):
        k, r = (to_fraction(x) for x in prior)
        if k != 1:
            if k > 1:
                return Fraction(0)
            raise InvalidInput(f"lipschitz_mass_rate_arb: gamma prior shape k < 1 not supported, got k={k}")
        return r if family != "normal-precision" else 2 * r / max(Fraction(1), abs(to_fraction(known)))
    if family == "normal-variance":
        return Fraction(0)
    if family == "binomial" and to_fraction(known) >= 2:
        return Fraction(0)
    if family in ("bernoulli", "binomial"):
        import flint

        return _bernoulli_c_star_arb_cached(*(to_fraction(x) for x in prior), int(flint.ctx.prec))
    if family == "poisson":
        return Fraction(0)
    raise InvalidInput(f"lipschitz_mass_rate_arb: unknown family {family!r}")


@functools.lru_cache(maxsize=256)
def _bernoulli_c_star_arb_cached(a: Fraction, b: Fraction, prec: int):
    return _bernoulli_c_star_arb(a, b)


def _bernoulli_c_star_arb(a: Fraction, b: Fraction, budget: int = 120):
    """Enclosure of c* for a beta(a, b) prior on the Bernoulli family (Hamming metric)."""
    A, B = to_arb(a), to_arb(b)
    lbeta = A.lgamma() + B.lgamma() - (A + B).lgamma()

    def outside(L):  # 1 − ξ(Θ_L), the two tails, computed as such (no cancellation for large L)
        lo = 1 / (1 + to_arb(L).exp())
        return lo.beta_lower(A, B, 1) + lo.beta_lower(B, A, 1)

    def g(L):
        return -outside(L).log() / to_arb(L)

    # upper bound: values of g, and the two limits (an infimum is below its limits)
    f_half = ((A + B - 2) * arb(2).log() * -1 - lbeta).exp()
    upper = (f_half / 2).min(A.min(B))
    for L in _candidate_points(float(a), float(b)):
        upper = upper.min(g(L))
    L0, LN = Fraction(1, 10**3), Fraction(10**5)

    def sig(L):
        return 1 / (1 + (-to_arb(L)).exp())

    def f_min(lo, hi):  # min of the beta density on [σ(lo), σ(hi)] (logit coordinates): log f has one
        ts = [to_arb(lo), to_arb(hi)]   # critical point at most, so the minimum is at an end or there
        if a + b != 2 and 0 < (a - 1) / (a + b - 2) < 1:
            crit = to_arb((a - 1) / (b - 1)).log() if b != 1 else None
            if crit is not None and ts[0] < crit < ts[1]:
                ts.append(crit)
        out = None
        for t in ts:
            val = ((A - 1) * sig(t).log() + (B - 1) * sig(-t).log() - lbeta).exp()
            out = val if out is None else out.min(val)
        return out.lower()

    # (0, L0]: ξ(L) ≥ f_min·tanh(L/2) ≥ f_min·(L/2)(1 − L0²/12), and −log(1 − ξ) ≥ ξ
    low0 = f_min(-L0, L0) * (1 - to_arb(L0) ** 2 / 12) / 2
    # [LN, ∞): 1 − ξ = I_z(a, b) + I_z(b, a), z = σ(−L) ≤ e^{−L}, and I_z(a, b) ≤ z^a max(1, 2^{1−b})/(aB(a, b))
    # (for z ≤ 1/2), so 1 − ξ ≤ K e^{−min(a,b) L}; 2^{1−b} < 2 for b < 1
    cb = 2 if b < 1 else 1
    ca = 2 if a < 1 else 1
    K = (to_arb(cb) / A + to_arb(ca) / B) / lbeta.exp()
    lowN = A.min(B) - K.log().max(arb(0)) / to_arb(LN)
    # [u, v]: −log(1 − ξ(L)) ≥ A0 + (ξ(L) − ξ(u))/(1 − ξ(u)) (convexity), ξ(L) − ξ(u) ≥ (f_r + f_l)σ'(v)(L − u)
    # (f_r, f_l the density minima on [σ(u), σ(v)] and [σ(−v), σ(−u)]); the bound (A0 + B0(L − u))/L is
    # monotone in L, so its minimum over the bracket is at an end
    pts = [L0 * Fraction(2) ** k for k in range(0, 400) if L0 * Fraction(2) ** k <= LN] + [LN]
    outs = {L: outside(L) for L in pts}

    def low(u, v):
        a0 = -outs[u].log()
        slope = (f_min(u, v) + f_min(-v, -u)) * sig(v) * sig(-to_arb(v)) / outs[u]
        return (a0 / to_arb(u)).min((a0 + slope * to_arb(v - u)) / to_arb(v))

    lows = {(u, v): low(u, v) for u, v in zip(pts[:-1], pts[1:])}
    spent = 0
    while spent < budget:
        worst = min(lows, key=lambda uv: float(lows[uv].lower()))
        if lows[worst].lower() >= upper.upper() * (1 - arb(10) ** -8) or worst[1] - worst[0] < worst[0] * Fraction(1, 10**9):
            break
        u, v = worst
        mid = Fraction(math.sqrt(float(u) * float(v))).limit_denominator(10**12)
        if not u < mid < v:
            mid = (u + v) / 2
        outs[mid] = outside(mid)
        del lows[worst]
        lows[(u, mid)] = low(u, mid)
        lows[(mid, v)] = low(mid, v)
        upper = upper.min(-outs[mid].log() / to_arb(mid))
        spent += 1
    lower = low0.min(lowN)
    for val in lows.values():
        lower = lower.min(val)
    lower = lower.max(arb(0))
    return lower.lower().union(upper.upper())


def _candidate_points(a: float, b: float):
    """Rational L where g is evaluated for the upper bound: a coarse grid and the float argmin."""
    out = [Fraction(10) ** k for k in range(-3, 4)]
    grid = np.logspace(-4, 4, 161)
    vals = [_bernoulli_g(a, b, L) for L in grid]
    i = int(np.argmin(vals))
    out.append(Fraction(float(grid[i])).limit_denominator(10**9))
    return out


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# c* of a named family: closed forms alike; for the beta prior a float minimisation (grid + Brent) against a
# certified optimisation enclosing the infimum
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
from flint import arb
from scipy.optimize import minimize_scalar

route("lipschitz_mass_rate", lipschitz_mass_rate, lipschitz_mass_rate_arb)
