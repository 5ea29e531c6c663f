"""Exact (ε, δ) curves of the Gaussian and Laplace mechanisms, and the Gaussian mechanism's Rényi DP, each
written once over the numeric context (:mod:`mechanisms.numerics.context`): ``fp.gaussian_delta(...)`` on floats and
arrays, ``certified.gaussian_delta(...)`` on exact numbers and balls, ``box.gaussian_delta(...)`` over boxes.

Gaussian mechanism, noise N(0, σ²), ℓ₂-sensitivity Δ, μ = Δ/σ (Balle & Wang 2018, Theorem 8):

    δ(ε) = Φ(a) − e^ε Φ(b),     a = μ/2 − ε/μ,  b = −μ/2 − ε/μ,     ε ≥ 0,

decreasing from δ(0) = 2Φ(μ/2) − 1 to 0. Since b² = a² + 2ε, e^ε φ(b) = φ(a), so with the scaled complementary
error function erfcx(x) = e^{x²} erfc(x) (Φ(x) = ½ e^{−x²/2} erfcx(−x/√2))

    δ(ε) = Φ(a) · (1 − erfcx(−b/√2) / erfcx(−a/√2)):

the two terms' common Gaussian factor cancels exactly, so in the far tail (Φ(a) tiny, e^ε Φ(b) ≈ Φ(a)) the
difference costs only the rounding of two erfcx values, not of two log Φ's of size a²/2 (the float twin's log Φ
form drifted by 1.2e−11 relative at σ = 1, ε ≥ 16.8). ε(δ) is 0 for δ ≥ δ(0) and otherwise the root of
δ(ε) = δ, found by bisection on the context's comparisons (a float to the last bit; on the certified context a
ball [lo, hi] with δ(lo) > δ > δ(hi) certified). Rényi DP: τ_α = αΔ²/(2σ²).

Both δ(ε) are defined at every real ε: for ε < 0 by the hockey-stick reflection δ(ε) = 1 − e^ε + e^ε δ'(−ε)
(δ' the profile of the swapped pair, equal to δ since both pairs are symmetric), which tends to 1 − e^ε as
ε → −∞ (the closed forms above at ε < 0 would form e^{x²} erfc(−x) of a large x, an overflow in floats).

Laplace mechanism, noise Laplace(b) per coordinate, ℓ₁-sensitivity Δ, ε₀ = Δ/b (Balle et al. 2018,
"Privacy amplification by subsampling", Theorem 3):

    δ(ε) = 1 − e^{−[ε₀ − ε]_+/2},     ε(δ) = max(0, ε₀ + 2 log(1 − δ)).
"""
from __future__ import annotations

from fractions import Fraction

from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput

__all__ = ["gaussian_delta", "gaussian_epsilon", "laplace_delta", "laplace_epsilon", "gaussian_rdp"]

_MAX_DOUBLINGS = 1000  # an upper end for ε(δ) by doubling from 1 (floats overflow past 2^1023)
_MAX_HALVINGS = 1100  # bisection steps: a float bracket shrinks to adjacent floats well within this


# ----------------------------------------------------------------------------- Gaussian δ(ε)
def _reflected(ctx, delta_at, e):
    """δ(ε) at every real ε from δ on ε ≥ 0 (a symmetric pair): with s = e^{−[−ε]_+} (1 when ε ≥ 0),
    δ(ε) = (1 − s) + s δ(|ε|) — the reflection 1 − e^ε + e^ε δ(−ε) for ε < 0, no branch on the sign (arrays,
    boxes across 0)."""
    neg = ctx.positive_part(-e)
    return -ctx.expm1(-neg) + ctx.exp(-neg) * delta_at(ctx.positive_part(ctx.abs(e)))


def _gaussian_delta_at(ctx, mu, e):
    """δ(ε) at μ = Δ/σ, arguments checked (e may be a vector on the float context)."""
    r2 = ctx.sqrt(2)
    a, b = mu / 2 - e / mu, -mu / 2 - e / mu
    return ctx.Phi(a) * (1 - ctx.erfcx(-b / r2) / ctx.erfcx(-a / r2))


@formula(monotone={"eps": -1, "sigma": -1, "sensitivity": 1})
def gaussian_delta(ctx, sigma, eps, sensitivity=1):
    """Exact δ(ε) of the Gaussian mechanism (σ > 0, Δ > 0, every real ε: the reflection 1 − e^ε + e^ε δ(−ε) below
    0; eps may be an array on the float context); certified: accurate to the working precision.

    Monotone (declared; the prover encloses it from two corners of a box): δ(ε) = sup_S P(S) − e^ε Q(S) is a
    hockey-stick divergence, non-increasing in ε at every real ε (Q(S) ≥ 0). Non-increasing in σ and
    non-decreasing in Δ by data processing: the pair N(0, σ'²), N(Δ', σ'²) with σ' ≥ σ, Δ' ≤ Δ is the image of
    N(0, σ²), N(Δ, σ²) under one kernel (scale by Δ'/Δ, then add independent N(0, σ'² − (Δ'σ/Δ)²) noise), and
    a hockey-stick divergence never grows under a kernel."""
    fname = "gaussian_delta"
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = ctx.real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    e = ctx.real(eps, "eps", fname)
    return ctx.accurate(lambda: _reflected(ctx, lambda t: _gaussian_delta_at(ctx, d / s, t), e))


# ----------------------------------------------------------------------------- Gaussian ε(δ)
@formula
def gaussian_epsilon(ctx, sigma, delta, sensitivity=1):
    """Smallest ε ≥ 0 with δ(ε) ≤ δ, for δ ∈ (0, 1): an exact 0 when δ(0) ≤ δ, else the root bracketed by doubling
    from 1 and narrowed by bisection, each step deciding δ(mid) > δ on the context. Floats: until the bracket's
    ends are adjacent floats. Certified: until δ(mid) and δ are no longer told apart at the working precision;
    the ball [lo, hi] then holds the root (δ(lo) > δ ≥ δ(hi) certified, δ decreasing).

    Not declared monotone (though it is: non-increasing in δ and σ): enclosing it from the corners of a box
    costs two bisections per box (textbook.rdp-conversion-gaussian took 35 s instead of 1 s, still not proved)."""
    fname = "gaussian_epsilon"
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = ctx.real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    dt = ctx.real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    mu = d / s

    def above(e):  # δ(e) > δ: True, False or UNKNOWN
        return ctx.gt(ctx.accurate(lambda: _gaussian_delta_at(ctx, mu, e)), dt)

    zero = ctx.exact(0)
    at_zero = above(zero)
    if not ctx.undecided(at_zero) and not at_zero:
        return zero
    lo, hi = zero, ctx.exact(1)
    for _ in range(_MAX_DOUBLINGS):
        side = above(hi)
        if ctx.undecided(side):  # an undecided end moves up without becoming the lower end
            hi = 2 * hi
            continue
        if not side:
            break
        lo = hi
        hi = 2 * hi
    else:
        raise InvalidInput(f"{fname}: could not bracket eps for sigma={sigma}, delta={delta}, sensitivity={sensitivity}")
    half = ctx.exact(Fraction(1, 2))
    for _ in range(_MAX_HALVINGS):
        mid = (lo + hi) * half
        if not (ctx.certainly_lt(lo, mid) and ctx.certainly_lt(mid, hi)):  # adjacent floats
            break
        side = above(mid)
        if ctx.undecided(side):  # δ(mid) and δ overlap at this precision: [lo, hi] holds the root
            break
        if side:
            lo = mid
        else:
            hi = mid
    return ctx.hull(lo, hi)


# ----------------------------------------------------------------------------- Laplace
@formula
def laplace_delta(ctx, b, eps, sensitivity=1):
    """Exact δ(ε) = 1 − e^{−[Δ/b − ε]_+/2} of the Laplace mechanism for ε ≥ 0, 1 − e^ε + e^ε δ(−ε) for ε < 0 (the
    reflection; 1 − e^ε exactly for ε ≤ −Δ/b); eps may be an array on the float context. 0 exactly from ε = Δ/b
    on (never a signed zero)."""
    fname = "laplace_delta"
    bb = ctx.real(b, "b", fname, lo=0, lo_open=True)
    d = ctx.real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    e = ctx.real(eps, "eps", fname)
    return _reflected(ctx, lambda t: 0 - ctx.expm1(-ctx.positive_part((d / bb - t) / 2)), e)


@formula
def laplace_epsilon(ctx, b, delta, sensitivity=1):
    """Smallest ε ≥ 0 with δ(ε) ≤ δ: max(0, Δ/b + 2 log(1 − δ)), δ ∈ [0, 1)."""
    fname = "laplace_epsilon"
    bb = ctx.real(b, "b", fname, lo=0, lo_open=True)
    d = ctx.real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    dt = ctx.real(delta, "delta", fname, lo=0, hi=1, hi_open=True)
    return ctx.max(ctx.num(0), d / bb + 2 * ctx.log1p(-dt))


# ----------------------------------------------------------------------------- Gaussian RDP
@formula
def gaussian_rdp(ctx, alpha, sigma, sensitivity=1):
    """τ_α = αΔ²/(2σ²), the Rényi DP of the Gaussian mechanism at order α > 1 (alpha may be an array on the
    float context; exact on the certified context when the arguments are)."""
    fname = "gaussian_rdp"
    a = ctx.real(alpha, "alpha", fname, lo=1, lo_open=True)
    s = ctx.real(sigma, "sigma", fname, lo=0, lo_open=True)
    d = ctx.real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    return a * (d / s) ** 2 / 2
