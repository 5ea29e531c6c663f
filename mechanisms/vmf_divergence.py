"""Rényi and KL divergences between von Mises–Fisher distributions, and the quadrature they rest on (seed 003).

Notation (seed 003, Definition 4): on S^{p−1} with surface measure, f_x(y) = e^{κ xᵀy}/C_{p,κ}, ν = p/2 − 1.
Write c_p(s) = ∫_{S^{p−1}} e^{s μᵀy} dy = (2π)^{p/2} I_ν(s)/s^ν (= C_{p,s}) and the normalised moment
generating function M_p(s) = c_p(s)/area(S^{p−1}) = Γ(ν+1)(2/s)^ν I_ν(s) = ₀F₁(; p/2; s²/4).

Two routes to every divergence, sharing nothing but the definition:

* closed form — for centres at angle θ, ‖αx + (1−α)x'‖² = m(θ)² = 1 + 2α(α−1)(1 − cos θ), so
      D_α(f_x ‖ f_x') = log[M_p(κ m(θ)) / M_p(κ)] / (α − 1),
  which at θ = π (m = 2α − 1) is Proposition 1's τ_α. Float: ``mechanisms.bessel.log_bessel_i``;
  certified: python-flint ``arb.bessel_i``.
* quadrature — write y = cos φ · x + sin φ · u with u on the sphere S^{p−2} ⟂ x, and x' = cos θ x + sin θ e.
  Then x'ᵀy = cos θ cos φ + sin θ sin φ (eᵀu) and the integral over u is done exactly
  (it is c_{p−1}(b sin φ) = area(S^{p−2}) ₀F₁(; (p−1)/2; (b sin φ)²/4), an entire function of φ), leaving
      ∫ f_x^α f_x'^{1−α} dy = ∫_0^π e^{A cos φ} sin^{p−2}φ ₀F₁(; (p−1)/2; (b sin φ)²/4) dφ / ∫_0^π e^{κ cos φ} sin^{p−2}φ dφ,
  A = κ(α + (1−α) cos θ), b = (α−1) κ sin θ. No use is made of the combination ‖αx + (1−α)x'‖.
  Float: vectorised Gauss–Legendre panels on the window where the integrand is not negligible;
  certified: ``acb.integral`` on a rational window plus rigorous interval bounds of the two tails.

Every integrand in φ here is entire (exp, cos, sin, integer powers, ₀F₁), so ``acb.integral`` needs no
branch-cut bookkeeping. Bad input raises :class:`mechanisms.errors.InvalidInput` naming the value,
before any work: p < 2 or not an integer, κ < 0, α ≤ 1, ε < 0, γ ∉ (0, 1].
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np
from scipy.special import gammaln

from mechanisms.bessel import log_bessel_i, log_bessel_i_arb
from mechanisms.errors import InvalidInput

__all__ = [
    "check_dimension", "check_kappa", "check_alpha", "check_nonneg", "check_probability", "exact",
    "arb_of", "float_log_integral", "certified_integral", "certified_log_integral",
    "log_vmf_mgf", "log_vmf_mgf_arb", "vmf_rdp", "vmf_rdp_arb",
    "vmf_renyi_divergence", "vmf_renyi_divergence_arb",
    "vmf_renyi_divergence_quadrature", "vmf_renyi_divergence_quadrature_arb",
    "mean_resultant_length", "mean_resultant_length_arb",
    "mean_resultant_length_quadrature", "mean_resultant_length_quadrature_arb",
    "vmf_kl_antipodal", "vmf_kl_antipodal_arb", "vmf_kl_quadrature", "vmf_kl_quadrature_arb",
    "vmf_hockey_stick_antipodal", "vmf_hockey_stick_antipodal_arb",
    "vmf_subsampled_renyi_quadrature", "vmf_subsampled_kl_quadrature", "vmf_subsampled_kl_quadrature_arb",
    "log_vmf_normaliser_quadrature", "log_vmf_normaliser_quadrature_arb",
]


# ----------------------------------------------------------------------------- validation
def _is_number(v):
    return isinstance(v, (int, float, Fraction, np.integer, np.floating)) and not isinstance(v, bool)


def _finite(v, name, fname):
    if isinstance(v, str):
        try:
            v = Fraction(v)
        except (ValueError, ZeroDivisionError):
            raise InvalidInput(f"{fname}: {name} must be a number, got {name}={v}") from None
    if hasattr(v, "mid") and hasattr(v, "rad"):  # an arb ball, passed by a certified caller
        return v
    if not _is_number(v) or not math.isfinite(float(v)):
        raise InvalidInput(f"{fname}: {name} must be a finite number, got {name}={v}")
    return v


def check_dimension(p, fname, minimum=2):
    if isinstance(p, bool) or not isinstance(p, (int, np.integer)) and not (
            _is_number(p) and math.isfinite(float(p)) and float(p) == int(float(p))):
        raise InvalidInput(f"{fname}: dimension p must be an integer >= {minimum}, got p={p}")
    if int(p) < minimum:
        raise InvalidInput(f"{fname}: dimension p must be an integer >= {minimum}, got p={p}")
    return int(p)


def check_kappa(kappa, fname, name="kappa"):
    v = _finite(kappa, name, fname)
    if v < 0:
        raise InvalidInput(f"{fname}: concentration {name} must be >= 0, got {name}={kappa}")
    return v


def check_alpha(alpha, fname, name="alpha"):
    v = _finite(alpha, name, fname)
    if not v > 1:
        raise InvalidInput(f"{fname}: Rényi order {name} must be > 1, got {name}={alpha}")
    return v


def check_nonneg(x, name, fname):
    v = _finite(x, name, fname)
    if v < 0:
        raise InvalidInput(f"{fname}: {name} must be >= 0, got {name}={x}")
    return v


def check_probability(x, name, fname, lo_open=True, hi_open=True):
    """x in (0, 1), with either end closed on request."""
    v = _finite(x, name, fname)
    lo_ok = v > 0 if lo_open else v >= 0
    hi_ok = v < 1 if hi_open else v <= 1
    if not (lo_ok and hi_ok):
        rng = f"{'(' if lo_open else '['}0, 1{')' if hi_open else ']'}"
        raise InvalidInput(f"{fname}: {name} must lie in {rng}, got {name}={x}")
    return v


def _check_cos(c, fname):
    v = _finite(c, "cos_theta", fname)
    if not -1 <= v <= 1:
        raise InvalidInput(f"{fname}: cos_theta must lie in [-1, 1], got cos_theta={c}")
    return v


def exact(x) -> Fraction:
    """The exact value of an int, Fraction, decimal string or float (a float is a dyadic rational)."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return Fraction(int(x))
    if isinstance(x, str):
        return Fraction(x)
    if isinstance(x, (float, np.floating)):
        return Fraction(float(x))
    raise InvalidInput(f"cannot read {x!r} as an exact number")


def arb_of(x):
    """arb enclosure of an exact number (or an arb, returned as is)."""
    from flint import arb, fmpq

    if isinstance(x, arb):
        return x
    q = exact(x)
    return arb(fmpq(q.numerator, q.denominator))


# ----------------------------------------------------------------------------- float quadrature
_GL_NODES = {}


def _gauss_legendre(n):
    if n not in _GL_NODES:
        _GL_NODES[n] = np.polynomial.legendre.leggauss(n)
    return _GL_NODES[n]


def _gl(lf, a, b, shift, panels, n=48):
    x, w = _gauss_legendre(n)
    edges = np.linspace(a, b, panels + 1)
    half = (edges[1:] - edges[:-1]) / 2
    mid = (edges[1:] + edges[:-1]) / 2
    pts = (mid[:, None] + half[:, None] * x[None, :]).ravel()
    vals = np.exp(lf(pts) - shift)
    return float(np.sum((half[:, None] * w[None, :]).ravel() * vals))


def _window(lf, lo, hi, drop, grid=4097):
    """Where exp(lf) is within e^{-drop} of its maximum on [lo, hi]: (a, b, argmax, max)."""
    from scipy.optimize import minimize_scalar

    xs = np.linspace(lo, hi, grid)
    with np.errstate(all="ignore"):
        vals = lf(xs)
    vals = np.where(np.isnan(vals), -np.inf, vals)
    i = int(np.argmax(vals))
    xm, fm = float(xs[i]), float(vals[i])
    if not math.isfinite(fm):
        raise InvalidInput("integrand is zero or not finite on the whole interval")
    lo_i, hi_i = max(i - 1, 0), min(i + 1, grid - 1)
    if hi_i > lo_i:
        with np.errstate(all="ignore"):
            r = minimize_scalar(lambda z: -float(lf(np.array([z]))[0]), bounds=(xs[lo_i], xs[hi_i]),
                                method="bounded", options={"xatol": 1e-13})
        if math.isfinite(r.fun) and -r.fun > fm:
            xm, fm = float(r.x), float(-r.fun)
    keep = np.flatnonzero(vals > fm - drop)
    a = float(xs[max(int(keep[0]) - 1, 0)])
    b = float(xs[min(int(keep[-1]) + 1, grid - 1)])
    return a, b, xm, fm


def float_log_integral(lf, lo, hi, rtol=1e-14):
    """log ∫_lo^hi exp(lf(x)) dx for a vectorised log-integrand lf (−inf allowed), float64.

    The integral is taken on the window where the integrand exceeds e^{-60} of its maximum
    (the rest is below double precision), by Gauss–Legendre panels doubled until two
    successive results agree to rtol.
    """
    a, b, xm, fm = _window(lf, lo, hi, 60.0)
    if b <= a:
        return fm + math.log(max(b - a, 0.0) or 1e-300)
    panels = 4
    with np.errstate(all="ignore"):
        prev = _gl(lf, a, b, fm, panels)
        for _ in range(8):
            panels *= 2
            cur = _gl(lf, a, b, fm, panels)
            if abs(cur - prev) <= rtol * abs(cur):
                break
            prev = cur
    if not cur > 0:
        raise InvalidInput("quadrature gave a non-positive integral")
    return fm + math.log(cur)


# ----------------------------------------------------------------------------- certified quadrature
def _ball(u, v):
    return arb_of(u).union(arb_of(v))


def _tail_bound(f, u, v, scale, budget):
    """A rigorous upper bound of ∫_u^v |f| from interval evaluation on bisected pieces."""
    from flint import arb

    if v <= u:
        return arb(0)
    stack = [(exact(u), exact(v), 0)]
    total = arb(0)
    tol = scale * arb(2) ** -100
    width = exact(v) - exact(u)
    while stack:
        a, b, depth = stack.pop()
        val = f(_ball(a, b), False)
        if hasattr(val, "real") and not isinstance(val, arb):
            val = val.real
        bound = abs(val).upper() * arb_of(b - a)
        piece_tol = tol * arb_of((b - a) / width)
        ok = bound.is_finite() and bound < piece_tol
        if ok or depth >= 48 or budget[0] <= 0:
            if not bound.is_finite():
                return arb("inf")
            total += bound
            continue
        budget[0] -= 1
        m = (a + b) / 2
        stack.append((a, m, depth + 1))
        stack.append((m, b, depth + 1))
    return total


def certified_integral(f, lo, hi, a=None, b=None, nonnegative=True):
    """Enclosure of ∫_lo^hi f: ``acb.integral`` on [a, b] ⊂ [lo, hi] plus interval bounds of the tails.

    f(x, analytic) must accept an acb (return an acb, analytic on x) and an arb ball (return an
    arb enclosing f on the ball). lo, hi are exact numbers or arb constants (e.g. π); a, b are exact
    window ends, or None for the end of the interval itself (then there is no tail on that side).
    For a non-negative integrand the tails only add [0, bound]; otherwise [−bound, bound].
    """
    import flint
    from flint import acb, arb

    tol_bits = min(flint.ctx.prec - 16, 200)
    left = arb_of(lo) if a is None else arb_of(a)
    right = arb_of(hi) if b is None else arb_of(b)
    main = acb.integral(lambda x, an: f(x, an), left, right, rel_tol=arb(2) ** -tol_bits,
                        eval_limit=400000).real
    if not main.is_finite():
        return main
    scale = abs(main).upper()
    budget = [400]
    t = arb(0)
    if a is not None:
        t += _tail_bound(f, _lower_end(lo), a, scale, budget)
    if b is not None:
        t += _tail_bound(f, b, _upper_end(hi), scale, budget)
    if nonnegative:
        return main + arb(0).union(t)
    return main + (-t).union(t)


def _upper_end(x) -> Fraction:
    """An exact number >= x (x exact, or an arb constant such as π)."""
    from flint import arb

    if isinstance(x, arb):
        return Fraction(float(x.mid())) + Fraction(1, 10**9)
    return exact(x)


def _lower_end(x) -> Fraction:
    from flint import arb

    if isinstance(x, arb):
        return Fraction(float(x.mid())) - Fraction(1, 10**9)
    return exact(x)


def certified_log_integral(build, lf, lo_f, hi_f, lo_exact, hi_exact):
    """log of a positive integral ∫_lo^hi: window and shift M from the float log-integrand lf,
    then :func:`certified_integral` of build(M) (the integrand times e^{−M}). A window end that
    reaches the end of the interval integrates up to the exact end (no tail there)."""
    from flint import arb

    a, b, xm, fm = _window(lf, lo_f, hi_f, 92.0)
    span = hi_f - lo_f
    qa = None if a <= lo_f + 1e-12 * span else Fraction(a).limit_denominator(10**12)
    qb = None if b >= hi_f - 1e-12 * span else Fraction(b).limit_denominator(10**12)
    if qa is not None and not _lower_end(lo_exact) < qa:
        qa = None
    if qb is not None and not qb < _lower_end(hi_exact):
        qb = None
    shift = arb(fm)
    val = certified_integral(build(shift), lo_exact, hi_exact, qa, qb)
    if not val > 0:
        raise InvalidInput(f"certified integral not certainly positive: {val}")
    return shift + val.log()


# ----------------------------------------------------------------------------- M_p, A_p closed forms
def _half_nu(p):
    return 0.5 * p - 1.0


def _log_0f1_series(b, z):
    """log ₀F₁(; b; z) = log Σ_k z^k/((b)_k k!) for z ≥ 0, b > 0: all terms positive, summed by a
    cumulative product in extended precision (no cancellation; relative error ~ k·2^-64)."""
    LD = np.longdouble
    total = LD(0)  # Σ_{k≥1}; the k = 0 term (1) is added by log1p
    last = LD(1)
    k0 = 0
    zl, bl = LD(z), LD(b)
    while True:
        k = np.arange(k0, k0 + 512, dtype=LD)
        terms = last * np.cumprod(zl / ((bl + k) * (k + 1)))
        total += terms.sum()
        last = terms[-1]
        k0 += 512
        if last <= (1 + total) * LD(1e-22) and zl / ((bl + k0) * (k0 + 1)) < 1:
            break
        if k0 > 10**6:
            raise InvalidInput(f"0F1 series did not converge for b={b}, z={z}")
    return float(np.log1p(total))


def _log_mgf_nu(nu, s):
    """log M(ν, s) = log Γ(ν+1) + ν log(2/s) + log I_ν(s) = log ₀F₁(; ν+1; s²/4), float, s ≥ 0.

    For s ≤ ν + 1 the series (no cancellation); beyond, the Bessel form, whose three terms then no
    longer cancel to many digits (the result is of the size of s)."""
    s = float(s)
    if s == 0:
        return 0.0
    if nu >= 0.5 and s <= nu + 1:
        return _log_0f1_series(nu + 1, s * s / 4)
    if nu == 0:
        return float(log_bessel_i(0.0, s))
    return float(gammaln(nu + 1) + nu * (math.log(2.0) - math.log(s)) + log_bessel_i(nu, s))


def log_vmf_mgf(p, s, accurate=True):
    """log M_p(s) = log ₀F₁(; p/2; s²/4) = log Γ(ν+1) + ν log(2/s) + log I_ν(s), float; M_p(0) = 1.
    Vectorised over s ≥ 0 (p = 1 is log cosh s). accurate=True sums the series for s ≤ ν + 1 (no
    cancellation, ~1e-16 relative); accurate=False uses the Bessel form everywhere (fast on long arrays,
    absolute error ~1e-16·ν log ν: what a quadrature integrand needs)."""
    p = check_dimension(p, "log_vmf_mgf", minimum=1)
    s_a = np.asarray(s, dtype=float)
    if np.any(~np.isfinite(s_a)) or np.any(s_a < 0):
        raise InvalidInput(f"log_vmf_mgf: s must be finite and >= 0, got s={s}")
    if p == 1:  # ₀F₁(; 1/2; s²/4) = cosh s
        out = s_a + np.log1p(np.exp(-2 * s_a)) - math.log(2.0)
        return out[()] if out.ndim == 0 else out
    nu = _half_nu(p)
    flat = s_a.ravel()
    series = (flat > 0) & (flat <= nu + 1) & (nu >= 0.5) & accurate
    out = np.zeros(flat.shape)
    if series.any():
        out[series] = [_log_0f1_series(nu + 1, v * v / 4) for v in flat[series]]
    rest = (flat > 0) & ~series
    if rest.any():
        v = flat[rest]
        out[rest] = (gammaln(nu + 1) + nu * (math.log(2.0) - np.log(v)) + log_bessel_i(nu, v)) if nu > 0 else log_bessel_i(0.0, v)
    out = out.reshape(s_a.shape)
    return out[()] if out.ndim == 0 else out


def log_vmf_mgf_arb(p, s):
    """Certified log M_p(s) = log Γ(ν+1) + ν log(2/s) + log I_ν(s) via arb; s exact or an arb ball (s ≥ 0)."""
    import flint
    from flint import arb

    p = check_dimension(p, "log_vmf_mgf_arb", minimum=2)
    sa = arb_of(s)
    if sa.is_exact() and sa.mid() == 0:
        return arb(0)
    nu = arb(p) / 2 - 1
    log_i = log_bessel_i_arb(nu, sa, prec=flint.ctx.prec)
    if p == 2:
        return log_i
    return (nu + 1).lgamma() + nu * (2 / sa).log() + log_i


def mean_resultant_length(p, s):
    """A_p(s) = I_{ν+1}(s)/I_ν(s) = (d/ds) log M_p(s), float (0 at s = 0)."""
    p = check_dimension(p, "mean_resultant_length")
    s = check_nonneg(s, "s", "mean_resultant_length")
    if s == 0:
        return 0.0
    nu = _half_nu(p)
    li = log_bessel_i(np.array([nu + 1, nu]), float(s))
    return float(np.exp(li[0] - li[1]))


def mean_resultant_length_arb(p, s):
    import flint

    p = check_dimension(p, "mean_resultant_length_arb")
    s = check_nonneg(s, "s", "mean_resultant_length_arb")
    from flint import arb

    if exact(s) == 0:
        return arb(0)
    nu = Fraction(p, 2) - 1
    prec = flint.ctx.prec
    return (log_bessel_i_arb(nu + 1, exact(s), prec=prec) - log_bessel_i_arb(nu, exact(s), prec=prec)).exp()


# ----------------------------------------------------------------------------- Rényi: closed forms
def vmf_rdp(p, kappa, alpha):
    """Proposition 1 of seed 003, float: τ_α = [ν log(1/(2α−1)) + log(I_ν((2α−1)κ)/I_ν(κ))]/(α−1).

    κ = 0 gives the limit 0 (the mechanism is then uniform; the printed expression is 0/0 for p ≥ 3).
    """
    fname = "vmf_rdp"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    alpha = float(check_alpha(alpha, fname))
    if kappa == 0:
        return 0.0
    J = (2 * alpha - 1) * kappa
    # the printed expression equals [log M_p(J) − log M_p(κ)]/(α−1) (M_p(s) = Γ(ν+1)(2/s)^ν I_ν(s)); evaluated
    # that way it does not cancel ν log(2α−1) against log I_ν(J) − log I_ν(κ) (digits lost at large p)
    lm = log_vmf_mgf(p, np.array([J, kappa]))
    return float((lm[0] - lm[1]) / (alpha - 1))


@lru_cache(maxsize=4096)
def _vmf_rdp_arb_cached(p, kappa, alpha, prec):
    import flint
    from flint import arb

    with flint.ctx.workprec(prec):
        k, a = arb_of(kappa), arb_of(alpha)
        nu = Fraction(p, 2) - 1
        J = (2 * alpha - 1) * kappa
        num = -arb_of(nu) * (2 * a - 1).log() + log_bessel_i_arb(nu, J, prec=prec) - log_bessel_i_arb(nu, kappa, prec=prec)
        return num / (a - 1)


def vmf_rdp_arb(p, kappa, alpha):
    """Certified Proposition 1 formula (κ > 0 exact, α > 1 exact); cached per (p, κ, α, precision)."""
    import flint
    from flint import arb

    fname = "vmf_rdp_arb"
    p = check_dimension(p, fname)
    kappa = exact(check_kappa(kappa, fname))
    alpha = exact(check_alpha(alpha, fname))
    if kappa == 0:
        if p == 2:
            return arb(0)
        raise InvalidInput(f"{fname}: the printed τ_α is 0/0 at kappa=0 for p={p} >= 3")
    return _vmf_rdp_arb_cached(p, kappa, alpha, flint.ctx.prec)


def _divergence_args(p, kappa, alpha, cos_theta, fname, conv):
    """Checked (p, κ, α, cos θ) for a divergence routine; conv is float (float path) or exact."""
    return (check_dimension(p, fname), conv(check_kappa(kappa, fname)), conv(check_alpha(alpha, fname)),
            conv(_check_cos(cos_theta, fname)))


def _m_theta_sq(alpha, cos_theta):
    """‖αx + (1−α)x'‖² = (2α−1)² − 2α(α−1)(1 + cos θ) (= 1 + 2α(α−1)(1 − cos θ)); exact at θ = π."""
    return (2 * alpha - 1) ** 2 - 2 * alpha * (alpha - 1) * (1 + cos_theta)


def vmf_renyi_divergence(p, kappa, alpha, cos_theta=-1.0):
    """D_α(VMF(x, κ) ‖ VMF(x', κ)) for centres with x·x' = cos θ, closed form (float):
    log[M_p(κm)/M_p(κ)]/(α−1) = [−ν log m + log I_ν(κm) − log I_ν(κ)]/(α−1), m = ‖αx + (1−α)x'‖."""
    fname = "vmf_renyi_divergence"
    p, kappa, alpha, c = _divergence_args(p, kappa, alpha, cos_theta, fname, float)
    if kappa == 0:
        return 0.0
    m = math.sqrt(_m_theta_sq(alpha, c))
    lm = log_vmf_mgf(p, np.array([kappa * m, kappa]))
    return float((lm[0] - lm[1]) / (alpha - 1))


def vmf_renyi_divergence_arb(p, kappa, alpha, cos_theta=-1):
    import flint
    from flint import arb

    fname = "vmf_renyi_divergence_arb"
    p, kappa, alpha, c = _divergence_args(p, kappa, alpha, cos_theta, fname, exact)
    if kappa == 0:
        return arb(0)
    msq = _m_theta_sq(alpha, c)
    m = arb_of(msq).sqrt()
    nu = Fraction(p, 2) - 1
    prec = flint.ctx.prec
    num = -arb_of(nu) * m.log() + log_bessel_i_arb(nu, arb_of(kappa) * m, prec=prec) - log_bessel_i_arb(nu, kappa, prec=prec)
    return num / (arb_of(alpha) - 1)


# ----------------------------------------------------------------------------- Rényi: quadrature
def _lf_vmf(p, A, b):
    """Vectorised log of e^{A cos φ} sin^{p−2}φ ₀F₁(; (p−1)/2; (b sin φ)²/4) on [0, π]."""
    q = p - 2

    def lf(phi):
        phi = np.asarray(phi, float)
        s = np.sin(phi)
        out = A * np.cos(phi)
        if q:
            with np.errstate(divide="ignore"):
                out = out + q * np.log(np.abs(s))
        if b != 0:
            out = out + log_vmf_mgf(p - 1, np.abs(b * s), accurate=False)
        return out

    return lf


def _f_vmf_acb(p, A, b):
    """The same integrand, shifted by e^{−M}, for acb (integration) and arb (tail bounds)."""
    from flint import acb, arb

    q = p - 2
    Aa = arb_of(A) if not isinstance(A, arb) else A
    ba = arb_of(b) if not isinstance(b, arb) else b
    half = arb(p - 1) / 2
    b_zero = isinstance(b, (int, Fraction)) and b == 0

    def build(M):
        def f(x, analytic):
            s = x.sin()
            val = (Aa * x.cos() - M).exp()
            if q:
                val = val * s ** q
            if not b_zero:
                z = (ba * s) ** 2 / 4
                val = val * z.hypgeom_0f1(half)
            return val
        return f

    return build


_PI = math.pi


def _log_sphere_integral(p, A, b):
    return float_log_integral(_lf_vmf(p, A, b), 0.0, _PI)


def _log_sphere_integral_arb(p, A, b):
    from flint import arb

    A_f = float(A) if not isinstance(A, arb) else float(A.mid())
    b_f = float(b) if not isinstance(b, arb) else float(b.mid())
    return certified_log_integral(_f_vmf_acb(p, A, b), _lf_vmf(p, A_f, b_f), 0.0, _PI, 0, arb.pi())


def vmf_renyi_divergence_quadrature(p, kappa, alpha, cos_theta=-1.0):
    """D_α(VMF(x, κ) ‖ VMF(x', κ)), x·x' = cos θ, by 1-D quadrature in φ (inner sphere integral exact)."""
    fname = "vmf_renyi_divergence_quadrature"
    p, kappa, alpha, c = _divergence_args(p, kappa, alpha, cos_theta, fname, float)
    if kappa == 0:
        return 0.0
    A = kappa * (alpha + (1 - alpha) * c)
    b = (alpha - 1) * kappa * math.sqrt(max(1 - c * c, 0.0))
    num = _log_sphere_integral(p, A, b)
    den = _log_sphere_integral(p, kappa, 0.0)
    return (num - den) / (alpha - 1)


def vmf_renyi_divergence_quadrature_arb(p, kappa, alpha, cos_theta=-1):
    """Certified twin of :func:`vmf_renyi_divergence_quadrature` (exact κ, α, cos θ)."""
    from flint import arb

    fname = "vmf_renyi_divergence_quadrature_arb"
    p, kappa, alpha, c = _divergence_args(p, kappa, alpha, cos_theta, fname, exact)
    if kappa == 0:
        return arb(0)
    A = kappa * (alpha + (1 - alpha) * c)
    one_minus_c2 = 1 - c * c
    b = 0 if one_minus_c2 == 0 else (arb_of(alpha) - 1) * arb_of(kappa) * arb_of(one_minus_c2).sqrt()
    num = _log_sphere_integral_arb(p, A, b)
    den = _log_sphere_integral_arb(p, kappa, 0)
    return (num - den) / (arb_of(alpha) - 1)


def log_vmf_normaliser_quadrature(p, kappa):
    """log C_{p,κ} = log ∫_{S^{p−1}} e^{κ x·y} dy = log area(S^{p−2}) + log ∫_0^π e^{κ cos φ} sin^{p−2}φ dφ."""
    p = check_dimension(p, "log_vmf_normaliser_quadrature")
    kappa = float(check_kappa(kappa, "log_vmf_normaliser_quadrature"))
    log_area = math.log(2.0) + 0.5 * (p - 1) * math.log(math.pi) - gammaln(0.5 * (p - 1))
    return float(log_area + _log_sphere_integral(p, kappa, 0.0))


def log_vmf_normaliser_quadrature_arb(p, kappa):
    from flint import arb

    p = check_dimension(p, "log_vmf_normaliser_quadrature_arb")
    kappa = exact(check_kappa(kappa, "log_vmf_normaliser_quadrature_arb"))
    half = arb(p - 1) / 2
    log_area = arb(2).log() + half * arb.pi().log() - half.lgamma()
    return log_area + _log_sphere_integral_arb(p, kappa, 0)


# ----------------------------------------------------------------------------- A_p and KL by quadrature
def _lf_t_moment(p, s):
    """log of cos φ · e^{s cos φ} sin^{p−2}φ on [0, π/2] minus the same on [π/2, π] is signed; use
    E[t] = 1 − ∫(1 − cos φ) e^{s cos φ} sin^{p−2} / ∫ e^{s cos φ} sin^{p−2} (a positive integrand)."""
    q = p - 2

    def lf(phi):
        phi = np.asarray(phi, float)
        with np.errstate(divide="ignore"):
            out = s * np.cos(phi) + np.log(2.0) + 2 * np.log(np.abs(np.sin(phi / 2)))
            if q:
                out = out + q * np.log(np.abs(np.sin(phi)))
        return out

    return lf


def mean_resultant_length_quadrature(p, s):
    """E[t] under VMF(μ, s), t = μ·y, by quadrature: 1 − ∫(1−cos φ)e^{s cos φ}sin^{p−2}φ / ∫ e^{s cos φ}sin^{p−2}φ."""
    p = check_dimension(p, "mean_resultant_length_quadrature")
    s = float(check_nonneg(s, "s", "mean_resultant_length_quadrature"))
    num = float_log_integral(_lf_t_moment(p, s), 0.0, _PI)
    den = _log_sphere_integral(p, s, 0.0)
    return -math.expm1(num - den)


def mean_resultant_length_quadrature_arb(p, s):
    from flint import arb

    p = check_dimension(p, "mean_resultant_length_quadrature_arb")
    s = exact(check_nonneg(s, "s", "mean_resultant_length_quadrature_arb"))
    q = p - 2
    sa = arb_of(s)

    def build(M):
        def f(x, analytic):
            val = (sa * x.cos() - M).exp() * (1 - x.cos())
            return val * x.sin() ** q if q else val
        return f

    num = certified_log_integral(build, _lf_t_moment(p, float(s)), 0.0, _PI, 0, arb.pi())
    den = _log_sphere_integral_arb(p, s, 0)
    return 1 - (num - den).exp()


def vmf_kl_antipodal(p, kappa):
    """The right-hand side 2κ I_{ν+1}(κ)/I_ν(κ) (the KL divergence between VMFs at antipodal centres)."""
    kappa = check_kappa(kappa, "vmf_kl_antipodal")
    return 2 * float(kappa) * mean_resultant_length(p, kappa)


def vmf_kl_antipodal_arb(p, kappa):
    kappa = check_kappa(kappa, "vmf_kl_antipodal_arb")
    return 2 * arb_of(kappa) * mean_resultant_length_arb(p, kappa)


def vmf_kl_quadrature(p, kappa, cos_theta=-1.0):
    """KL(VMF(x, κ) ‖ VMF(x', κ)) = E_x[κ(x − x')·y] = κ(1 − cos θ) E[t], with E[t] by quadrature."""
    kappa = float(check_kappa(kappa, "vmf_kl_quadrature"))
    c = float(_check_cos(cos_theta, "vmf_kl_quadrature"))
    return kappa * (1 - c) * mean_resultant_length_quadrature(p, kappa)


def vmf_kl_quadrature_arb(p, kappa, cos_theta=-1):
    kappa = exact(check_kappa(kappa, "vmf_kl_quadrature_arb"))
    c = exact(_check_cos(cos_theta, "vmf_kl_quadrature_arb"))
    return arb_of(kappa) * arb_of(1 - c) * mean_resultant_length_quadrature_arb(p, kappa)


# ----------------------------------------------------------------------------- hockey-stick (exact δ)
def vmf_hockey_stick_antipodal(p, kappa, eps):
    """Exact δ(ε) = ∫ (f_x − e^ε f_{−x})_+ for VMF centres x, −x (loss 2κ t): float quadrature.

    = ∫_{t > ε/(2κ)} (e^{κt} − e^{ε−κt}) w(t) dt / ∫ e^{κt} w(t) dt, w(t)dt = sin^{p−2}φ dφ; 0 when ε ≥ 2κ.
    """
    fname = "vmf_hockey_stick_antipodal"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    eps = float(check_nonneg(eps, "eps", fname))
    if kappa == 0 or eps >= 2 * kappa:
        return 0.0
    phi0 = math.acos(eps / (2 * kappa))
    q = p - 2

    def lf(phi):
        phi = np.asarray(phi, float)
        ct = np.cos(phi)
        with np.errstate(divide="ignore", invalid="ignore"):
            # e^{κt}(1 − e^{ε − 2κt}) = e^{κt} · (−expm1(ε − 2κt))
            out = kappa * ct + np.log(-np.expm1(np.minimum(eps - 2 * kappa * ct, 0.0)))
            if q:
                out = out + q * np.log(np.abs(np.sin(phi)))
        return out

    num = float_log_integral(lf, 0.0, phi0)
    den = _log_sphere_integral(p, kappa, 0.0)
    return math.exp(num - den)


def vmf_hockey_stick_antipodal_arb(p, kappa, eps):
    """Certified twin of :func:`vmf_hockey_stick_antipodal` (exact κ, ε)."""
    from flint import arb

    fname = "vmf_hockey_stick_antipodal_arb"
    p = check_dimension(p, fname)
    kappa = exact(check_kappa(kappa, fname))
    eps = exact(check_nonneg(eps, "eps", fname))
    if kappa == 0 or eps >= 2 * kappa:
        return arb(0)
    ka, ea = arb_of(kappa), arb_of(eps)
    t0 = eps / (2 * kappa)
    phi0 = arb_of(t0).acos()
    q = p - 2

    def build(M):
        def f(x, analytic):
            ct = x.cos()
            val = (ka * ct - M).exp() - (ea - ka * ct - M).exp()
            return val * x.sin() ** q if q else val
        return f

    phi0_f = math.acos(float(t0))

    def lf(phi):
        phi = np.asarray(phi, float)
        ct = np.cos(phi)
        with np.errstate(divide="ignore", invalid="ignore"):
            out = float(kappa) * ct + np.log(-np.expm1(np.minimum(float(eps) - 2 * float(kappa) * ct, 0.0)))
            if q:
                out = out + q * np.log(np.abs(np.sin(phi)))
        return out

    lnum = certified_log_integral(build, lf, 0.0, phi0_f, 0, phi0)
    den = _log_sphere_integral_arb(p, kappa, 0)
    return (lnum - den).exp()


# ----------------------------------------------------------------------------- subsampled pairs
def _check_gamma(gamma, fname):
    return check_probability(gamma, "gamma", fname, lo_open=True, hi_open=False)


def vmf_subsampled_renyi_quadrature(p, kappa, alpha, gamma):
    """D_α((1−γ) f_{−x} + γ f_x ‖ f_{−x}) by quadrature: log ∫ ((1−γ) + γ e^{2κt})^α f_{−x}(y) dy /(α−1)."""
    fname = "vmf_subsampled_renyi_quadrature"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    alpha = float(check_alpha(alpha, fname))
    gamma = float(_check_gamma(gamma, fname))
    q = p - 2
    lg, l1g = math.log(gamma), (math.log1p(-gamma) if gamma < 1 else -math.inf)

    def lf(phi):
        phi = np.asarray(phi, float)
        ct = np.cos(phi)
        with np.errstate(divide="ignore"):
            mix = np.logaddexp(l1g, lg + 2 * kappa * ct)
            out = -kappa * ct + alpha * mix
            if q:
                out = out + q * np.log(np.abs(np.sin(phi)))
        return out

    num = float_log_integral(lf, 0.0, _PI)
    den = _log_sphere_integral(p, kappa, 0.0)
    return (num - den) / (alpha - 1)


def _lf_sub_kl(p, kappa, gamma, direction):
    q = p - 2
    lg, l1g = math.log(gamma), (math.log1p(-gamma) if gamma < 1 else -math.inf)

    def parts(phi):
        ct = np.cos(phi)
        mix = np.logaddexp(l1g, lg + 2 * kappa * ct)  # log of (mixture / f_{−x}) at t
        return ct, mix

    def lf(phi):  # a positive integrand: the KL integrand plus a multiple of the density
        phi = np.asarray(phi, float)
        ct, mix = parts(phi)
        with np.errstate(divide="ignore", invalid="ignore"):
            if direction == "mix||q":  # ∫ q·(r log r − r + 1), r = mix/q ≥ 0 integrand
                r = np.exp(mix)
                g = r * mix - r + 1
            else:  # ∫ q·(−log r + r − 1)
                r = np.exp(mix)
                g = -mix + r - 1
            out = -kappa * ct + np.log(np.maximum(g, 1e-300))
            if q:
                out = out + q * np.log(np.abs(np.sin(phi)))
        return out

    return lf


def vmf_subsampled_kl_quadrature(p, kappa, gamma, direction="mix||q"):
    """KL((1−γ)f_{−x} + γf_x ‖ f_{−x}) (direction "mix||q") or KL(f_{−x} ‖ mixture) ("q||mix"), quadrature.

    Uses ∫ q·(r log r − r + 1) (resp. ∫ q·(r − 1 − log r)), r = mixture/q, whose integrand is ≥ 0.
    """
    fname = "vmf_subsampled_kl_quadrature"
    p = check_dimension(p, fname)
    kappa = float(check_kappa(kappa, fname))
    gamma = float(_check_gamma(gamma, fname))
    if direction not in ("mix||q", "q||mix"):
        raise InvalidInput(f"{fname}: direction must be 'mix||q' or 'q||mix', got direction={direction!r}")
    if kappa == 0:
        return 0.0
    num = float_log_integral(_lf_sub_kl(p, kappa, gamma, direction), 0.0, _PI)
    den = _log_sphere_integral(p, kappa, 0.0)
    return math.exp(num - den)


def vmf_subsampled_kl_quadrature_arb(p, kappa, gamma, direction="mix||q"):
    """Certified twin of :func:`vmf_subsampled_kl_quadrature`."""
    from flint import acb, arb

    fname = "vmf_subsampled_kl_quadrature_arb"
    p = check_dimension(p, fname)
    kappa = exact(check_kappa(kappa, fname))
    gamma = exact(_check_gamma(gamma, fname))
    if direction not in ("mix||q", "q||mix"):
        raise InvalidInput(f"{fname}: direction must be 'mix||q' or 'q||mix', got direction={direction!r}")
    if kappa == 0:
        return arb(0)
    ka, ga = arb_of(kappa), arb_of(gamma)
    q = p - 2

    def build(M):
        def f(x, analytic):
            ct = x.cos()
            r = (1 - ga) + ga * (2 * ka * ct).exp()
            lr = r.log(analytic=analytic) if isinstance(r, acb) else r.log()
            g = r * lr - r + 1 if direction == "mix||q" else r - 1 - lr
            val = (-ka * ct - M).exp() * g
            return val * x.sin() ** q if q else val
        return f

    num = certified_log_integral(build, _lf_sub_kl(p, float(kappa), float(gamma), direction), 0.0, _PI, 0, arb.pi())
    den = _log_sphere_integral_arb(p, kappa, 0)
    return (num - den).exp()
