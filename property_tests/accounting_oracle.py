"""Test oracle for seed 003 (VMF Rényi DP, (ε, δ) accounting, Bayes' capacity, Tables I and IV).

Written from the paper's definitions and printed formulas with mpmath quadrature (40 digits) and, where a
Bessel function is the printed object itself, python-flint's ``arb.bessel_i`` called directly. Nothing here
imports mechanisms/ or proofcheck/: a claim's quantities are checked against these values.

VMF on S^{p−1}: with y = cos φ·x + sin φ·u, surface measure is sin^{p−2}φ dφ du, so for any s
    c_p(s) := ∫ e^{s xᵀy} dy = area(S^{p−2}) · ∫_0^π e^{s cos φ} sin^{p−2}φ dφ,
and D_α(f_x‖f_{−x}) = log[c_p((2α−1)κ)/c_p(κ)]/(α−1) (the normalisers combine), KL = 2κ E_x[xᵀy].
"""
from __future__ import annotations

import math
from fractions import Fraction

import flint

from mp_oracle import MP, mpf


# ----------------------------------------------------------------------------- VMF by quadrature in φ
def _phi_breakpoints(p, s):
    """Where e^{s cos φ} sin^{p−2}φ is concentrated: its mode and multiples of its width."""
    m = p - 2
    if s == 0:
        c = MP.mpf(0) if m > 0 else MP.mpf(1)
    else:
        c = (-m + MP.sqrt(m * m + 4 * s * s)) / (2 * s) if m > 0 else MP.mpf(1)
    phi0 = MP.acos(c)
    curv = s * c + (m / MP.sin(phi0) ** 2 if m > 0 else 0)
    w = 1 / MP.sqrt(max(curv, MP.mpf("1e-6")))
    pts = {MP.mpf(0), +MP.pi}
    for j in (-60, -20, -8, -3, -1, 0, 1, 3, 8, 20, 60):
        x = phi0 + j * w
        if 0 < x < MP.pi:
            pts.add(x)
    return sorted(pts), phi0


def log_phi_integral(p, s, g=None):
    """log ∫_0^π g(φ) e^{s cos φ} sin^{p−2}φ dφ (g ≥ 0, default 1), scaled at the mode to keep digits."""
    s = mpf(s)
    pts, phi0 = _phi_breakpoints(p, s)
    m = p - 2
    top = s * MP.cos(phi0) + (m * MP.log(MP.sin(phi0)) if m > 0 and 0 < phi0 < MP.pi else 0)

    def f(phi):
        sn = MP.sin(phi)
        if m > 0 and sn <= 0:
            return MP.mpf(0)
        val = MP.exp(s * MP.cos(phi) + (m * MP.log(sn) if m > 0 else 0) - top)
        return val if g is None else val * g(phi)

    return top + MP.log(MP.quad(f, pts))


def vmf_rdp(p, kappa, alpha):
    """D_α(f_x‖f_{−x}) by quadrature of the normalisers."""
    k, a = mpf(kappa), mpf(alpha)
    return (log_phi_integral(p, (2 * a - 1) * k) - log_phi_integral(p, k)) / (a - 1)


def vmf_mean_resultant(p, kappa):
    """E_x[xᵀy] = ∫ cos φ e^{κ cos φ} sin^{p−2}φ / ∫ e^{κ cos φ} sin^{p−2}φ, written as 1 − E[1 − cos φ]."""
    k = mpf(kappa)
    num = log_phi_integral(p, k, g=lambda phi: 1 - MP.cos(phi))
    return 1 - MP.exp(num - log_phi_integral(p, k))


def vmf_kl(p, kappa):
    return 2 * mpf(kappa) * vmf_mean_resultant(p, kappa)


def log_sphere_area(n):
    """log area(S^n) ⊂ R^{n+1} = log(2π^{(n+1)/2}/Γ((n+1)/2))."""
    h = MP.mpf(n + 1) / 2
    return MP.log(2) + h * MP.log(MP.pi) - MP.loggamma(h)


def vmf_log_capacity(p, kappa):
    """Definition 7 for VMF noise, every direction an input: sup_x f_x(y) = e^κ/c_p(κ) at every y, so
    C = e^κ area(S^{p−1}) / c_p(κ)."""
    return mpf(kappa) + log_sphere_area(p - 1) - (log_sphere_area(p - 2) + log_phi_integral(p, kappa))


def vmf_subsampled_renyi(p, kappa, alpha, gamma):
    """D_α((1−γ)f_{−x} + γf_x ‖ f_{−x}) = log E_{f_{−x}}[((1−γ) + γe^{2κ xᵀy})^α]/(α−1), by quadrature."""
    k, a, g = mpf(kappa), mpf(alpha), mpf(gamma)
    base = log_phi_integral(p, -k)
    num = log_phi_integral(p, -k, g=lambda phi: ((1 - g) + g * MP.exp(2 * k * MP.cos(phi))) ** a)
    return (num - base) / (a - 1)


def _arb(x):
    """An exact number (int, Fraction, decimal string or float) as an arb ball."""
    x = Fraction(x) if not isinstance(x, Fraction) else x
    return flint.arb(x.numerator) / x.denominator


def vmf_rdp_bessel(p, kappa, alpha, prec=200):
    """Proposition 1's printed τ_α with python-flint's Bessel function (the printed object itself)."""
    with flint.ctx.workprec(prec):
        nu, a, k = flint.arb(p) / 2 - 1, _arb(alpha), _arb(kappa)
        v = (nu * (1 / (2 * a - 1)).log() + ((2 * a - 1) * k).bessel_i(nu).log() - k.bessel_i(nu).log()) / (a - 1)
        return MP.mpf(v.mid().str(45, radius=False))


def vmf_kl_bessel(p, kappa, prec=200):
    """2κ I_{ν+1}(κ)/I_ν(κ) (line 133) with python-flint's Bessel function."""
    with flint.ctx.workprec(prec):
        nu, k = flint.arb(p) / 2 - 1, _arb(kappa)
        v = 2 * k * k.bessel_i(nu + 1) / k.bessel_i(nu)
        return MP.mpf(v.mid().str(45, radius=False))


# ----------------------------------------------------------------------------- Gaussian mechanism
def gaussian_subsampled_renyi(sigma, alpha, gamma):
    """D_α((1−γ)N(0,σ²) + γN(1,σ²) ‖ N(0,σ²)) = log E_{N(0,σ²)}[((1−γ) + γe^{(2x−1)/(2σ²)})^α]/(α−1)."""
    s, a, g = mpf(sigma), mpf(alpha), mpf(gamma)

    def f(x):
        return MP.npdf(x, 0, s) * ((1 - g) + g * MP.exp((2 * x - 1) / (2 * s * s))) ** a

    centre = a * g  # the integrand's mass sits between 0 and about α (shifted Gaussian)
    pts = [-MP.inf, -10 * s, 0, centre / 2, centre + MP.mpf(1) / 2, centre + 10 * s + a, MP.inf]
    return MP.log(MP.quad(f, sorted(set(pts)))) / (a - 1)


def gaussian_rdp(sigma, alpha):
    """D_α(N(1,σ²)‖N(0,σ²)) = α/(2σ²)."""
    return mpf(alpha) / (2 * mpf(sigma) ** 2)


# ----------------------------------------------------------------------------- Theorem 3 (printed) and Zhu–Wang
def subsampled_bound(taus, alpha, gamma, prefactor):
    """Theorem 3: τ^s_α ≤ c·log{(1−γ)^{α−1}(αγ−γ+1) + C(α,2)γ²(1−γ)^{α−2}e^{τ_2}
    + 3Σ_{ℓ=3}^{α} C(α,ℓ)(1−γ)^{α−ℓ}γ^ℓ e^{(ℓ−1)τ_ℓ}}, c = 1/α as printed, 1/(α−1) in Zhu–Wang [24, Thm 5]."""
    a, g = int(alpha), mpf(gamma)
    total = (1 - g) ** (a - 1) * (a * g - g + 1) + math.comb(a, 2) * g**2 * (1 - g) ** (a - 2) * MP.exp(taus[2])
    total += 3 * MP.fsum(math.comb(a, l) * (1 - g) ** (a - l) * g**l * MP.exp((l - 1) * taus[l]) for l in range(3, a + 1))
    return MP.log(total) / (a if prefactor == "printed" else a - 1)


# ----------------------------------------------------------------------------- Theorem 2 and its δ
def composition_eps(eps_s, N, delta_tilde, first="printed"):
    """ε̃ = min{Nε_s, t + ε_s√(2N log(e + √(Nε_s²)/δ̃)), t + ε_s√(2N log(1/δ̃))} with t = (e^ε−1)/(e^ε+1) as
    printed, or t = Nε_s(e^ε−1)/(e^ε+1) as in Kairouz–Oh–Viswanath."""
    e, dt = mpf(eps_s), mpf(delta_tilde)
    t = (MP.exp(e) - 1) / (MP.exp(e) + 1) * (1 if first == "printed" else N * e)
    if dt == 0:
        return N * e
    return min(N * e, t + e * MP.sqrt(2 * N * MP.log(MP.e + MP.sqrt(N * e * e) / dt)),
               t + e * MP.sqrt(2 * N * MP.log(1 / dt)))


def extremal_composition_delta(eps_s, delta_s, N, eps):
    """δ(ε) = Σ_o [P^N(o) − e^ε Q^N(o)]_+ for the N-fold product of KOV's (ε_s, δ_s) mechanism
    P = (δ, (1−δ)e^ε/(1+e^ε), (1−δ)/(1+e^ε), 0), Q its mirror. A sequence with an outcome 0 has Q = 0 (counts
    fully), one with an outcome 3 has P = 0; the rest have j outcomes 1 and N − j outcomes 2."""
    e, d, eps = mpf(eps_s), mpf(delta_s), mpf(eps)
    hi, lo = (1 - d) * MP.exp(e) / (1 + MP.exp(e)), (1 - d) / (1 + MP.exp(e))
    total = 1 - (1 - d) ** N  # the P-mass of the sequences with some outcome 0 (P-mass is 0 with an outcome 3)
    for j in range(N + 1):
        pj = math.comb(N, j) * hi**j * lo ** (N - j)
        qj = math.comb(N, j) * lo**j * hi ** (N - j)
        total += max(pj - MP.exp(eps) * qj, 0)
    return total


# ----------------------------------------------------------------------------- Bayes' capacity of Gaussian noise
def gaussian_log_capacity(p, sigma, R):
    """Definition 7 for N(x, σ²I_p), ‖x‖ ≤ R: sup_x φ_σ(y − x) = φ_σ(dist(y, B_R)). p = 1 on the line with the
    sup taken by clipping; p ≥ 2 in polar coordinates: (2πσ²)^{−p/2}[V_pR^p + A_{p−1}∫_R^∞ r^{p−1}e^{−(r−R)²/2σ²}dr]."""
    s, r0 = mpf(sigma), mpf(R)
    if p == 1:
        sup = lambda y: MP.npdf(y - min(max(y, -r0), r0), 0, s)  # noqa: E731
        return MP.log(MP.quad(sup, [-MP.inf, -r0 - 8 * s, -r0, r0, r0 + 8 * s, MP.inf]))
    mode = (r0 + MP.sqrt(r0 * r0 + 4 * (p - 1) * s * s)) / 2  # of r^{p−1} e^{−(r−R)²/2σ²}
    pts = sorted({r0} | {mode + j * s for j in (-40, -12, -4, -1, 0, 1, 4, 12, 40) if mode + j * s > r0})
    outer = MP.quad(lambda r: r ** (p - 1) * MP.exp(-(r - r0) ** 2 / (2 * s * s)), pts + [MP.inf])
    area = MP.exp(log_sphere_area(p - 1))
    return -MP.mpf(p) / 2 * MP.log(2 * MP.pi * s * s) + MP.log(area * r0**p / p + area * outer)


def gaussian_log_capacity_printed(p, sigma, R):
    """Theorem 5 as printed: 2Z/(Γ(p/2)2^{p/2}σ^p) + R^p/(Γ(p/2+1)2^{p/2}σ^p), Z = Σ_{i<p} Γ((p−i)/2)(√2σ)^{p−i}C(p−i,i)R^i."""
    s, r0 = mpf(sigma), mpf(R)
    # C(p−i, i) = 0 for i > p/2
    Z = MP.fsum(MP.gamma(MP.mpf(p - i) / 2) * (MP.sqrt(2) * s) ** (p - i) * MP.binomial(p - i, i) * r0**i
                for i in range(p // 2 + 1))
    den = 2 ** (MP.mpf(p) / 2) * s**p
    return MP.log(2 * Z / (MP.gamma(MP.mpf(p) / 2) * den) + r0**p / (MP.gamma(MP.mpf(p) / 2 + 1) * den))


# ----------------------------------------------------------------------------- (ε, δ) from RDP
def log_delta_alpha(tau, alpha, eps):
    """Eq. (8): log δ_α = (α−1)(τ_α − ε) − log(α−1) + α log(1 − 1/α)."""
    a = mpf(alpha)
    return (a - 1) * (tau - mpf(eps)) - MP.log(a - 1) + a * MP.log(1 - 1 / a)


def eps_from_rdp(tau, alpha, delta):
    """Line 232: ε = α/(α−1) log(1 − 1/α) + τ − log((α−1)δ)/(α−1)."""
    a = mpf(alpha)
    return a / (a - 1) * MP.log(1 - 1 / a) + tau - MP.log((a - 1) * mpf(delta)) / (a - 1)


# ----------------------------------------------------------------------------- the tables' two approaches
TABLE_P, TABLE_DELTA, TABLE_GAMMA, TABLE_N = 13700, Fraction(1, 60000), Fraction(128, 60000), 3


def approach2_eps(kappa, alpha, prefactor, p=TABLE_P, gamma=TABLE_GAMMA, N=TABLE_N, delta=TABLE_DELTA):
    """τ^s_k by Theorem 3 at integer k ≥ 2 (τ_ℓ of Proposition 1), τ^s_1 = γτ_1 (τ_1 the KL), the printed
    interpolation at fractional α, τ' = Nτ^s, ε by line 232."""
    alpha = Fraction(alpha)
    lo = math.floor(alpha)
    top = max(lo + (1 if alpha != lo else 0), 2)
    taus = {l: vmf_rdp_bessel(p, Fraction(kappa), l) for l in range(2, top + 1)}

    def tau_s(k):
        return mpf(gamma) * vmf_kl_bessel(p, Fraction(kappa)) if k == 1 else subsampled_bound(taus, k, gamma, prefactor)

    f = alpha - lo
    ts = tau_s(lo) if f == 0 else (1 - mpf(f)) * tau_s(lo) + mpf(f) * tau_s(lo + 1)
    return eps_from_rdp(N * ts, alpha, delta)


def vmf_min_log_delta(p, kappa, eps0):
    """min over α > 1 of log δ_α(ε₀) with τ_α of Proposition 1 (golden-section search on log α − 1): a value at
    an admissible α, so an upper bound of the infimum."""
    def h(x):
        a = 1 + MP.exp(x)
        return log_delta_alpha(vmf_rdp_bessel(p, kappa, Fraction(str(a))), a, eps0), a

    lo, hi = MP.mpf(-12), MP.mpf(6)
    g = (MP.sqrt(5) - 1) / 2
    x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
    f1, f2 = h(x1)[0], h(x2)[0]
    for _ in range(70):
        if f1 < f2:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - g * (hi - lo)
            f1 = h(x1)[0]
        else:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + g * (hi - lo)
            f2 = h(x2)[0]
    return min(f1, f2)


def approach1_eps(kappa, eps0, p=TABLE_P, gamma=TABLE_GAMMA, N=TABLE_N, delta=TABLE_DELTA):
    """δ₀ = δ_α(ε₀) at the best α found (≥ the infimum, so the ε̃ below is ≥ the exact one), (ε_s, δ_s) =
    (log(1 + γ(e^{ε₀} − 1)), γδ₀) (Eq. 9), δ̃ from 1 − (1−δ_s)^N(1−δ̃) = δ, ε̃ by Theorem 2 as printed.
    None when δ̃ < 0 (the target δ is out of reach)."""
    d0 = MP.exp(vmf_min_log_delta(p, kappa, eps0))
    g = mpf(gamma)
    eps_s = MP.log(1 + g * (MP.exp(mpf(eps0)) - 1))
    ds = g * d0
    dt = 1 - (1 - mpf(delta)) / (1 - ds) ** N
    if dt < 0:
        return None
    return composition_eps(eps_s, N, dt, "printed")


def gaussian_dpsgd_eps(sigma, steps=1406, q=128 / 60000, delta=1 / 60000):
    """ε of DP-SGD with the Poisson-subsampled Gaussian: Opacus's own RDP accountant and orders."""
    from opacus.accountants import RDPAccountant
    from opacus.accountants.analysis import rdp

    orders = RDPAccountant.DEFAULT_ALPHAS
    curve = rdp.compute_rdp(q=q, noise_multiplier=sigma, steps=steps, orders=orders)
    return float(rdp.get_privacy_spent(orders=orders, rdp=curve, delta=delta)[0])
