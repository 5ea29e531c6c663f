"""Rényi DP of the Gaussian mechanism on a sample drawn without replacement (a fixed batch of m = qn of n records,
neighbouring datasets by replacing one record): Wang, Balle & Kasiviswanathan 2019, "Subsampled Rényi differential
privacy and analytical moments accountant", AISTATS, Theorem 27 (the integer-order bound; the form dp_accounting
0.6.0 composes for ``SampledWithoutReplacementDpEvent`` under ``REPLACE_ONE``).

At an integer order α ≥ 2, with ε(j) = j/(2σ²) the Gaussian mechanism's RDP and f(x) = e^{x ε(x+1)} = e^{x(x+1)/(2σ²)},

    A_α ≤ 1 + q² C(α, 2) min(4(e^{ε(2)} − 1), 2e^{ε(2)})
            + Σ_{j=3}^{α} q^j C(α, j) min(4 √(D_{2⌊j/2⌋} D_{2⌈j/2⌉}), 2 e^{(j−1)ε(j)}),     τ_α = log A_α/(α − 1),

D_k = Δ^k f(−1) = Σ_{i=0}^{k} (−1)^{k−i} C(k, i) f(i − 1), the k-th forward difference (only even k: positive, as
f is e^{((x+½)² − ¼)/(2σ²)}, whose even derivatives are positive). Between integer orders the cumulant (α − 1)τ_α
is interpolated linearly (their Corollary 10: it is convex in α): ((1 − t) log A_⌊α⌋ + t log A_⌈α⌉)/(α − 1),
t = α − ⌊α⌋ (log A_1 = 0). q = 0 gives 0 and q = 1 the Gaussian mechanism's α/(2σ²).

Two methods for D_k, the only part where floats lose digits (an alternating sum whose terms reach
C(k, k/2) e^{k(k−1)/(2σ²)} while D_k may be smaller by hundreds of orders of magnitude when σ ≫ k):

* float route (:func:`sampled_without_replacement_gaussian_rdp`): D_k = e^{−1/(8σ²)} E_Z[e^{−Z/(2σ)}
  (e^{Z/σ} − 1)^k], Z ~ N(0, 1) (since f(x) = e^{−1/(8σ²)} E e^{(x+½)Z/σ}), a positive integrand integrated by
  scipy's quad in log scale on each side of 0 — no cancellation;
* certified route (:func:`sampled_without_replacement_gaussian_rdp_arb`): the alternating sum itself with exact
  binomials and arb exponentials, at working precisions raised until the ball is accurate (``ctx.accurate``);
  D_k ≥ 0 is kept by clamping the ball's part below 0.

The rest of the bound is one function of the context (:func:`_log_a`). dp_accounting drops the first term of the
minimum above α = 256 (a looser bound there); below it the two are the same bound.
"""
from __future__ import annotations

import math
from fractions import Fraction

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import certified as _certified
from mechanisms.numerics.context import fp as _fp

__all__ = ["sampled_without_replacement_gaussian_rdp", "sampled_without_replacement_gaussian_rdp_arb",
           "forward_difference_quadrature", "forward_difference_exact"]


def _log_a(ctx, q, s, alpha: int, log_diff):
    """log A_α of Theorem 27 at an integer α ≥ 2 over the context, in log scale (A_α reaches e^{α²/(2σ²)});
    log_diff(k) is log D_k (k even). log A = log(1 + e^S), S = log Σ_j e^{t_j}, by :func:`log1p_exp` (full relative
    accuracy when A − 1 is tiny, no overflow when it is huge)."""
    e2 = 1 / (s * s)  # ε(2) = 2/(2σ²)
    cache = {}

    def d(k):
        if k not in cache:
            cache[k] = log_diff(k)
        return cache[k]

    log_q = ctx.log(q)
    terms = []
    for j in range(2, alpha + 1):
        if j == 2:
            log_m = ctx.min(ctx.log(4 * ctx.expm1(e2)), ctx.log(2) + e2)
        else:
            lo, hi = 2 * (j // 2), 2 * ((j + 1) // 2)
            log_m = ctx.min(ctx.log(4) + (d(lo) + d(hi)) / 2, ctx.log(2) + (j - 1) * j / (2 * s * s))
        terms.append(j * log_q + ctx.log_comb(alpha, j) + log_m)
    return ctx.log1p_exp(ctx.log_sum_exp(ctx.vector(terms)))


def _check(ctx, alpha, sigma, q, fname):
    a = ctx.real(alpha, "alpha", fname, lo=1, lo_open=True)
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    qq = ctx.real(q, "q", fname, lo=0, hi=1)
    return a, s, qq


def _rdp(ctx, alpha, sigma, q, diff, fname):
    a, s, qq = _check(ctx, alpha, sigma, q, fname)
    if ctx.exactly_zero(qq):
        return ctx.num(0)
    if ctx.exactly_zero(qq - 1):
        return a / (2 * s * s)
    fa = math.floor(ctx.guess(a)) if not ctx.isexact(a) else math.floor(Fraction(a))
    if not ctx.isexact(a) and not (ctx.certainly_le(fa, a) and ctx.certainly_lt(a, fa + 1)):
        raise InvalidInput(f"{fname}: the order alpha={alpha} must be exact or away from an integer")
    if fa == a:
        return _log_a(ctx, qq, s, fa, lambda k: diff(s, k)) / (a - 1)
    t = a - fa
    lo = _log_a(ctx, qq, s, fa, lambda k: diff(s, k)) if fa >= 2 else ctx.num(0)
    hi = _log_a(ctx, qq, s, fa + 1, lambda k: diff(s, k))
    return ((1 - t) * lo + t * hi) / (a - 1)


def forward_difference_quadrature(sigma: float, k: int) -> float:
    """log D_k, D_k = Δ^k f(−1), f(x) = e^{x(x+1)/(2σ²)}, k even, by quadrature of its positive integral form
    e^{−1/(8σ²)} ∫ φ(z) e^{−z/(2σ)} (e^{z/σ} − 1)^k dz (scipy quad in log scale, each side of 0 scaled by its peak)."""
    s = float(sigma)

    def h(z):  # log of the integrand
        if z == 0:
            return -math.inf
        return -z * z / 2 - 0.5 * math.log(2 * math.pi) - z / (2 * s) + k * math.log(abs(math.expm1(z / s)))

    parts = []
    for lo, hi in ((-(40 + 1 / s), 0.0), (0.0, 2 * k / s + 40 + 4 * math.sqrt(k))):
        r = optimize.minimize_scalar(lambda z: -h(z), bounds=(lo, hi), method="bounded",
                                     options={"xatol": 1e-10 * max(1.0, abs(hi - lo))})
        zm, hm = float(r.x), -float(r.fun)
        a, b = (lo - 60, 0.0) if hi == 0.0 else (0.0, hi + 60)
        val, _ = integrate.quad(lambda z: math.exp(h(z) - hm), a, b, points=[zm] if a < zm < b else None,
                                limit=400, epsabs=0.0, epsrel=1e-13)
        if val > 0:
            parts.append(hm + math.log(val))
    top = max(parts)
    return top + math.log(sum(math.exp(p - top) for p in parts)) - 1 / (8 * s * s)


def forward_difference_exact(sigma, k: int):
    """log D_k, D_k = Σ_{i=0}^{k} (−1)^{k−i} C(k, i) e^{(i−1)i/(2σ²)} on the certified context (exact binomials, arb
    exponentials, precision raised until accurate; the ball's part below 0 dropped: D_k ≥ 0 for even k)."""
    ctx = _certified

    def build():
        total = ctx.num(0)
        for i in range(k + 1):
            term = math.comb(k, i) * ctx.exp(Fraction((i - 1) * i, 2) / (sigma * sigma)
                                             if ctx.isexact(sigma) else (i - 1) * i / (2 * sigma * sigma))
            total = total + term if (k - i) % 2 == 0 else total - term
        return total
    return ctx.log(ctx.positive_part(ctx.accurate(build, extra_bits=(32, 96, 224, 480, 992, 2016))))


def sampled_without_replacement_gaussian_rdp(alpha, sigma, q):
    """The float route: τ_α of Theorem 27 (Wang, Balle & Kasiviswanathan 2019) for the Gaussian mechanism with noise
    multiplier σ on a sample of a fraction q drawn without replacement, α > 1 (integer orders; between them the
    interpolated cumulant, Corollary 10), D_k by :func:`forward_difference_quadrature`."""
    ctx = _fp
    return _rdp(ctx, alpha, sigma, q, lambda s, k: forward_difference_quadrature(s, k),
                "sampled_without_replacement_gaussian_rdp")


def sampled_without_replacement_gaussian_rdp_arb(alpha, sigma, q):
    """The certified route of m.sampled_without_replacement_gaussian_rdp: the same bound with D_k by the exact
    alternating sum (:func:`forward_difference_exact`), an arb ball (σ, q, α exact or balls)."""
    ctx = _certified
    ctx.refuse_machine_numbers((alpha, sigma, q), "sampled_without_replacement_gaussian_rdp")
    return ctx.accurate(lambda: _rdp(ctx, alpha, sigma, q, forward_difference_exact,
                                     "sampled_without_replacement_gaussian_rdp"))


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# Gaussian on a sample without replacement (Wang, Balle & Kasiviswanathan 2019, Theorem 27): the forward differences
# of e^{x(x+1)/(2σ²)} by float quadrature of their positive integral form against the exact alternating sum in arb
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
from scipy import integrate, optimize

route("sampled_without_replacement_gaussian_rdp", sampled_without_replacement_gaussian_rdp,
      sampled_without_replacement_gaussian_rdp_arb)
