"""Seed 003's formulas exactly as printed, where they differ from the correct forms in ``mechanisms``.

Each is the object of a claim of this package (most are refuted there; Theorem 6 holds as printed). They are
written once against the evaluation path ``m`` (``proofcheck.measures.FLOAT`` by default, ``CERTIFIED`` for
the verdict), so a claim reads them exactly as it reads the library's routes.

* Theorem 2: the first summand of ε̃ printed as (e^{ε_s}−1)/(e^{ε_s}+1); KOV's theorem has N ε_s times it
  (:func:`mechanisms.accounting.composition.composition_eps`).
* Theorem 3: prefactor 1/α in front of log B; Zhu–Wang's bound has 1/(α−1)
  (:func:`mechanisms.accounting.subsampling.zhu_wang_bound`).
* Line 226: interpolation of τ_α itself between integer orders; the bound interpolates (α−1)τ_α
  (:func:`mechanisms.accounting.rdp_interpolation.interpolate_cgf`).
* Theorem 5: 2Z with C(p−i, i) in Z; the proof's own last line has Z' with C(p−1, i) and no 2
  (:func:`mechanisms.continuous.capacity.gaussian_capacity`).
* Theorem 6: the VMF capacity through I_{p/2−1} (:func:`mechanisms.continuous.capacity.vmf_capacity` is the same value).
"""
from __future__ import annotations

import math
from fractions import Fraction

from mechanisms.numerics.checks import check_dimension, check_kappa, check_nonneg
from mechanisms.errors import InvalidInput
from proofcheck.measures import FLOAT

__all__ = ["vmf_log_normaliser_printed", "composition_eps_printed", "zhu_wang_bound_printed", "interpolate_printed", "gaussian_capacity_printed",
           "vmf_capacity_printed"]


def vmf_log_normaliser_printed(p, kappa, m=FLOAT):
    """log of Definition 4's normalisation factor as printed: C_{p,κ} = (2π)^{ν+1} I_ν(κ)/κ^ν, ν = p/2 − 1 (κ > 0)."""
    fname = "vmf_log_normaliser_printed"
    p = check_dimension(p, fname)
    check_kappa(kappa, fname)
    if kappa == 0:
        raise InvalidInput(f"{fname}: Definition 4 takes kappa > 0 (the printed formula is 0/0 at kappa=0 for p >= 3)")
    nu = Fraction(p, 2) - 1
    return (m.num(nu) + 1) * m.log(2 * m.pi()) + m.log_bessel_i(m.value(nu), m.value(kappa)) - m.num(nu) * m.log(m.num(kappa))


def composition_eps_printed(eps_s, N, delta_tilde, m=FLOAT):
    """Theorem 2's ε̃ as printed: min{Nε_s, t + ε_s√(2N log(e + √(Nε_s²)/δ̃)), t + ε_s√(2N log(1/δ̃))},
    t = (e^{ε_s}−1)/(e^{ε_s}+1) = tanh(ε_s/2). ε_s, δ̃: numbers of the case or values computed on the path m.
    δ̃ = 0 leaves Nε_s; None when δ̃ > 0 is not certain (a ball that reaches 0)."""
    if isinstance(N, bool) or not isinstance(N, int) or N < 1:
        raise InvalidInput(f"composition_eps_printed: N must be an integer >= 1, got N={N}")
    e = m.num(eps_s)
    if not e > 0:
        raise InvalidInput(f"composition_eps_printed: eps_s must be > 0, got eps_s={eps_s}")
    first = N * e
    if delta_tilde == 0:
        return first
    d = m.num(delta_tilde)
    if not d > 0:
        return None
    t = m.tanh(e / 2)
    second = t + e * m.sqrt(2 * N * m.log(m.exp(1) + m.sqrt(N * e * e) / d))
    third = t + e * m.sqrt(2 * N * m.log(1 / d))
    return m.min(first, second, third)


def zhu_wang_bound_printed(taus, alpha, gamma, m=FLOAT):
    """Theorem 3 as printed: τ^s_α ≤ (1/α) log B, B Zhu–Wang's bracket (integer α ≥ 2, taus[ℓ] = τ_ℓ)."""
    return m.zhu_wang_cgf_bound(taus, alpha, gamma) / int(alpha)


def interpolate_printed(tau_at, alpha, m=FLOAT):
    """Line 226 as printed: (1 − α + ⌊α⌋) τ_{⌊α⌋} + (α − ⌊α⌋) τ_{⌈α⌉}; tau_at(k) for integers k ≥ 1."""
    lo = math.floor(alpha)
    f = alpha - lo
    if f == 0:
        return tau_at(int(lo))
    return m.num(1 - f) * tau_at(int(lo)) + m.num(f) * tau_at(int(lo) + 1)


def gaussian_capacity_printed(p, sigma, R, m=FLOAT):
    """log of Theorem 5 as printed: 2Z/(Γ(p/2)2^{p/2}σ^p) + R^p/(Γ(p/2+1)2^{p/2}σ^p),
    Z = Σ_{i=0}^{p−1} Γ((p−i)/2)(√2σ)^{p−i} C(p−i, i) R^i (C(n, k) = 0 for k > n).

    With ρ = R/(√2σ) and T_i = C(p−i, i) Γ((p−i)/2)/Γ(p/2) ρ^i this is log(2 Σ_i T_i + ρ^p/Γ(p/2+1)), summed in
    log space (C reaches 10^288 at p = 13,700) along the exact ratio
    T_{i+2}/T_i = 2(p−2i)(p−2i−1)(p−2i−2)(p−2i−3) ρ² / ((p−i)(p−i−1)(i+1)(i+2)(p−i−2))."""
    fname = "gaussian_capacity_printed"
    p = check_dimension(p, fname, minimum=1)
    if not check_nonneg(sigma, "sigma", fname) > 0:
        raise InvalidInput(f"{fname}: sigma must be a finite number > 0, got sigma={sigma}")
    check_nonneg(R, "R", fname)
    log_two = m.log(2)
    if R == 0:  # only T_0 = 1 is left: C = 2
        return log_two
    log_rho = m.log(m.num(R)) - m.log(m.num(sigma)) - log_two / 2
    heads = [m.num(0)]  # log T_0, log T_1
    if p >= 2:
        heads.append(m.log(p - 1) + m.lgamma(m.value(Fraction(p - 1, 2))) - m.lgamma(m.value(Fraction(p, 2))) + log_rho)
    terms = []
    for i, log_t in enumerate(heads):
        while i <= p - i and i <= p - 1:
            terms.append(log_two + log_t)
            num = 2 * (p - 2 * i) * (p - 2 * i - 1) * (p - 2 * i - 2) * (p - 2 * i - 3)
            den = (p - i) * (p - i - 1) * (i + 1) * (i + 2) * (p - i - 2)
            if num <= 0 or den <= 0:  # T_{i+2} is past the last term (i + 2 > p − i − 2)
                break
            log_t = log_t + m.log(m.value(Fraction(num, den))) + 2 * log_rho
            i += 2
    terms.append(p * log_rho - m.lgamma(m.value(Fraction(p, 2) + 1)))
    return m.log_sum_exp(terms)


def vmf_capacity_printed(p, kappa, m=FLOAT):
    """log of Theorem 6 as printed: 2 Γ(p/2)^{−1} κ^{p/2−1} e^κ / (2^{p/2} I_{p/2−1}(κ)); 0/0 at κ = 0."""
    fname = "vmf_capacity_printed"
    p = check_dimension(p, fname)
    check_kappa(kappa, fname)
    if kappa == 0:
        raise InvalidInput(f"{fname}: the printed formula is 0/0 at kappa=0")
    half, nu = Fraction(p, 2), Fraction(p, 2) - 1
    k = m.num(kappa)
    return (m.log(2) - m.lgamma(m.value(half)) + m.num(nu) * m.log(k) + k - m.num(half) * m.log(2)
            - m.log_bessel_i(m.value(nu), m.value(kappa)))
