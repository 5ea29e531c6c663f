"""Divergences between posteriors by quadrature of their definitions: the route that shares no derivation
with the closed forms of :mod:`mechanisms.bayesian.posterior_divergence`.

Every law is integrated in a coordinate t on the whole line where its density g(t) is log-concave:
θ = expit(t) (beta), θ = e^t (gamma, and the variance of a gig law), θ = t (normal):

    log g(t) = −a log(1+e^{−t}) − b log(1+e^{t}) − log B(a, b)                         beta(a, b)
    log g(t) = k log r − log Γ(k) + k t − r e^t                                         gamma(k, r)
    log g(t) = −½ log(2πv) − (t − m)²/(2v)                                               normal(m, v)
    log g(t) = p t − (a e^t + b e^{−t})/2 − log Z(p, a, b)                              gig(p, a, b)

* KL(P‖Q) = ∫ g₁ (log g₁ − log g₂) dt,  D_α = log ∫ g₁^α g₂^{1−α} dt / (α − 1),  δ(ε) = ∫ (g₁ − e^ε g₂)₊ dt.
* float — scipy.integrate.quad on the window where the integrand matters;
* certified — ``acb.integral`` on a rational window [T₋, T₊] plus rigorous tail bounds: beyond T₊ a
  log-concave h with h'(T₊) = −s < 0 satisfies h(T₊ + u) ≤ h(T₊) − s u, and the log-ratio grows at most
  like |r(T₊)| + c₀u + c₁u²/2 + c₂e^{T₊}(e^u − 1) (bounds of |r'| per law), so the tail is at most
  e^{h(T₊)}(|r(T₊)|/s + c₀/s² + c₁/s³ + c₂e^{T₊}(1/(s−1) − 1/s)); the same mirrored below T₋.
* Finiteness of D_α is decided from the exact parameters first (posterior_divergence.renyi_is_finite);
  the quadrature is only ever run on a convergent integral.
* δ(ε): the crossings of log g₁/g₂ = ε are enclosed in θ (posterior_divergence.crossing_enclosures_arb),
  mapped outwards to rational t, their signs re-certified in t; the integral of g₁ − e^ε g₂ between
  them by acb.integral, and the mass inside each enclosure added as ± slack.
"""
from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
from scipy import integrate
from scipy import special as sc

from mechanisms.bayesian import conjugate_families  # noqa: F401  (registers log_gig_normaliser)
from mechanisms.numerics.context import certified, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.bayesian.posterior_divergence import crossing_enclosures_arb, crossings, renyi_is_finite, t_of_theta
from mechanisms.numerics.quadrature import integrand_window

__all__ = ["kl_quadrature", "kl_quadrature_arb", "renyi_quadrature", "renyi_quadrature_arb",
           "hockey_stick_quadrature", "hockey_stick_quadrature_arb", "tv_quadrature", "tv_quadrature_arb",
           "log_density_t", "log_density_t_arb", "LogDensityT", "log_concave_tail_bound", "integral_arb"]

KINDS = ("beta", "gamma", "normal", "gig")
DROP = 110.0  # the window keeps the integrand within e^-110 of its peak (far below 2^-128 relative)


def _check(P, Q, fname):
    (k1, a), (k2, b) = P, Q
    if k1 != k2 or k1 not in KINDS:
        raise InvalidInput(f"{fname}: two laws of one kind among {KINDS}, got {k1!r} and {k2!r}")
    return k1, tuple(a), tuple(b)


# ----------------------------------------------------------------------------- log-densities in t
def log_density_t(kind, params, t):
    """log g(t) (float, vectorised in t)."""
    t = np.asarray(t, float)
    p = [float(x) for x in params]
    with np.errstate(over="ignore", invalid="ignore"):
        if kind == "beta":
            return -p[0] * np.logaddexp(0, -t) - p[1] * np.logaddexp(0, t) - float(sc.betaln(p[0], p[1]))
        if kind == "gamma":
            return p[0] * math.log(p[1]) - float(sc.gammaln(p[0])) + p[0] * t - p[1] * np.exp(t)
        if kind == "normal":
            return -0.5 * math.log(2 * math.pi * p[1]) - (t - p[0]) ** 2 / (2 * p[1])
        if kind == "gig":
            return p[0] * t - (p[1] * np.exp(t) + p[2] * np.exp(-t)) / 2 - fp.log_gig_normaliser(*p)
    raise InvalidInput(f"log_density_t: unknown law {kind!r}")


def _combined_log_t(kind, a, b, alpha, t):
    """α log g₁(t) + (1 − α) log g₂(t) (float, vectorised), computed as one law's form with the combined
    parameters (no ∞ − ∞ where both densities underflow)."""
    t = np.asarray(t, float)
    al = float(alpha)
    a = [float(x) for x in a]
    b = [float(x) for x in b]
    mix = [al * x + (1 - al) * y for x, y in zip(a, b)]
    with np.errstate(over="ignore", invalid="ignore"):
        if kind == "beta":
            const = -al * float(sc.betaln(*a)) - (1 - al) * float(sc.betaln(*b))
            return const - mix[0] * np.logaddexp(0, -t) - mix[1] * np.logaddexp(0, t)
        if kind == "gamma":
            const = al * (a[0] * math.log(a[1]) - float(sc.gammaln(a[0]))) + \
                (1 - al) * (b[0] * math.log(b[1]) - float(sc.gammaln(b[0])))
            return const + mix[0] * t - mix[1] * np.exp(t)
        if kind == "normal":
            return al * log_density_t(kind, a, t) + (1 - al) * log_density_t(kind, b, t)
        const = -al * fp.log_gig_normaliser(*a) - (1 - al) * fp.log_gig_normaliser(*b)
        return const + mix[0] * t - (mix[1] * np.exp(t) + mix[2] * np.exp(-t)) / 2


class LogDensityT:
    """log g(t) of one law (``LogDensityT(kind, params)``, exact parameters) and its t-derivative, on arb / acb
    arguments, the constants computed once."""

    def __init__(self, kind, params):
        from flint import arb

        self.kind = kind
        self.p = [to_arb(to_fraction(x)) for x in params]
        p = self.p
        if kind == "beta":
            self.c = -(p[0].lgamma() + p[1].lgamma() - (p[0] + p[1]).lgamma())
        elif kind == "gamma":
            self.c = p[0] * p[1].log() - p[0].lgamma()
        elif kind == "normal":
            self.c = -(2 * arb.pi() * p[1]).log() / 2
        else:
            self.c = -certified.log_gig_normaliser(*p)

    def log(self, t, analytic=False):
        from flint import acb

        p = self.p
        if self.kind == "beta":
            if isinstance(t, acb):
                l1 = (1 + (-t).exp()).log(analytic=analytic)
                l2 = (1 + t.exp()).log(analytic=analytic)
            else:
                l1, l2 = (1 + (-t).exp()).log(), (1 + t.exp()).log()
            return self.c - p[0] * l1 - p[1] * l2
        if self.kind == "gamma":
            return self.c + p[0] * t - p[1] * t.exp()
        if self.kind == "normal":
            return self.c - (t - p[0]) ** 2 / (2 * p[1])
        return self.c + p[0] * t - (p[1] * t.exp() + p[2] * (-t).exp()) / 2

    def dlog(self, t):
        p = self.p
        if self.kind == "beta":
            s = 1 / (1 + (-t).exp())
            return p[0] * (1 - s) - p[1] * s
        if self.kind == "gamma":
            return p[0] - p[1] * t.exp()
        if self.kind == "normal":
            return -(t - p[0]) / p[1]
        return p[0] - (p[1] * t.exp() - p[2] * (-t).exp()) / 2


def log_density_t_arb(kind, params, t):
    """Certified log g(t) at exact t (or an arb ball)."""
    return LogDensityT(kind, params).log(to_arb(t))


def _ratio_slope_bounds(kind, A: LogDensityT, B: LogDensityT, T, side):
    """(c0, c1, c2) with |r'(T ± u)| ≤ c0 + c1 u + c2 e^{±T} e^{u} for u ≥ 0, r = log g₁ − log g₂."""
    from flint import arb

    a, b = A.p, B.p
    zero = arb(0)
    if kind == "beta":
        return abs(a[0] - b[0]) + abs(a[1] - b[1]), zero, zero
    if kind == "gamma":
        dk, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
        return (dk, zero, dr) if side > 0 else (dk + dr * T.exp(), zero, zero)
    if kind == "normal":
        return abs(A.dlog(T) - B.dlog(T)), abs(1 / b[1] - 1 / a[1]), zero
    dp, da, db = abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2])
    if side > 0:
        return dp + db * (-T).exp() / 2, zero, da / 2
    return dp + da * T.exp() / 2, zero, db / 2


def log_concave_tail_bound(h, dh, T, side, r_abs=None, slopes=None):
    """A rigorous upper bound of ∫ e^{h(t)} (|r(t)| or 1) dt beyond T (side +1: [T, ∞), −1: (−∞, T]) for a concave
    h with dh its derivative (h past its mode at T); r_abs = |r(T)| and slopes from the ratio's derivative bounds."""
    from flint import arb

    s = -dh(T) if side > 0 else dh(T)
    if not s > 0:
        return arb("inf")
    base = h(T).exp()
    if r_abs is None:
        return base / s
    c0, c1, c2 = slopes
    eT = (T if side > 0 else -T).exp()
    out = r_abs / s + c0 / s**2 + c1 / s**3
    if not c2.is_zero():
        if not s > 1:
            return arb("inf")
        out += c2 * eT * (1 / (s - 1) - 1 / s)
    return base * out


def _window(lf, drop=DROP):
    """A rational window [T₋, T₊] outside of which lf is below its peak − drop (and h is past its mode), and
    the peak value of lf."""
    a, b, xm, fm = integrand_window(lf, -800.0, 800.0, drop, grid=16001)
    return Fraction(a).limit_denominator(10**6), Fraction(b).limit_denominator(10**6), fm


def _quad(f, lo, hi, **kw):
    """scipy.integrate.quad without its IntegrationWarning (the float route is evidence, not a certificate)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", integrate.IntegrationWarning)
        return integrate.quad(f, lo, hi, **kw)[0]


def integral_arb(f, lo, hi):
    """``acb.integral`` of f(x, analytic) on [lo, hi] (exact ends or arb balls), real part, at relative and
    absolute tolerance 2^{−min(prec − 10, 200)}: the window part of this module's certified integrals."""
    import flint
    from flint import acb, arb

    tol = arb(2) ** -(min(flint.ctx.prec - 10, 200))
    return acb.integral(lambda x, an: f(x, an), to_arb(lo), to_arb(hi), rel_tol=tol, abs_tol=tol,
                        eval_limit=10**6).real


# ----------------------------------------------------------------------------- KL
def kl_quadrature(P, Q) -> float:
    """KL(P‖Q) = ∫ g₁ log(g₁/g₂) dt (float quadrature)."""
    kind, a, b = _check(P, Q, "kl_quadrature")
    l1 = lambda t: log_density_t(kind, a, t)  # noqa: E731
    l2 = lambda t: log_density_t(kind, b, t)  # noqa: E731
    lo, hi, xm, _ = integrand_window(l1, -800.0, 800.0, 60.0, grid=16001)
    f = lambda t: math.exp(float(l1(t))) * float(l1(t) - l2(t))  # noqa: E731
    return float(_quad(f, lo, hi, points=[xm], limit=400, epsabs=0, epsrel=1e-13))


def kl_quadrature_arb(P, Q):
    """Certified ∫ g₁ log(g₁/g₂) dt: acb.integral on the window plus the two tail bounds."""
    from flint import arb

    kind, a, b = _check(P, Q, "kl_quadrature_arb")
    A, B = LogDensityT(kind, a), LogDensityT(kind, b)
    lo, hi, _ = _window(lambda t: log_density_t(kind, a, t))

    def f(t, an):
        la = A.log(t, an)
        return la.exp() * (la - B.log(t, an))

    main = integral_arb(f, lo, hi)
    tails = arb(0)
    for T, side in ((to_arb(hi), 1), (to_arb(lo), -1)):
        r = abs(A.log(T) - B.log(T))
        tails += log_concave_tail_bound(A.log, A.dlog, T, side, r, _ratio_slope_bounds(kind, A, B, T, side))
    return main + (-tails).union(tails)


# ----------------------------------------------------------------------------- Rényi
def _renyi_finite(kind, a, b, alpha) -> bool:
    if kind == "gig":  # ∫ e^{αl₁+(1−α)l₂}: p free, a and b must stay positive
        al = to_fraction(alpha)
        return all(al * x + (1 - al) * y > 0 for x, y in zip(a[1:], b[1:]))
    return renyi_is_finite((kind, a), (kind, b), alpha)


def renyi_quadrature(P, Q, alpha) -> float:
    """D_α(P‖Q) by quadrature of ∫ g₁^α g₂^{1−α} (float; inf when it diverges, decided first)."""
    kind, a, b = _check(P, Q, "renyi_quadrature")
    al = float(alpha)
    if not _renyi_finite(kind, [Fraction(x) for x in a], [Fraction(x) for x in b], Fraction(al)):
        return math.inf
    lf = lambda t: _combined_log_t(kind, a, b, al, t)  # noqa: E731
    lo, hi, xm, fm = integrand_window(lf, -800.0, 800.0, 60.0, grid=16001)
    val = _quad(lambda t: math.exp(float(lf(t)) - fm), lo, hi, points=[xm], limit=400, epsabs=0, epsrel=1e-13)
    return (fm + math.log(val)) / (al - 1)


def renyi_quadrature_arb(P, Q, alpha):
    """Certified D_α by quadrature; the exact inf when the integral diverges (decided before integrating)."""
    kind, a, b = _check(P, Q, "renyi_quadrature_arb")
    al = to_fraction(alpha, "alpha")
    if not (al > 0 and al != 1):
        raise InvalidInput(f"renyi_quadrature_arb: alpha must be > 0 and != 1, got alpha={alpha}")
    if not _renyi_finite(kind, [to_fraction(x) for x in a], [to_fraction(x) for x in b], al):
        return math.inf
    A, B = LogDensityT(kind, a), LogDensityT(kind, b)
    AL = to_arb(al)
    fa = float(al)
    lf = lambda t: _combined_log_t(kind, a, b, fa, t)  # noqa: E731
    lo, hi, fm = _window(lf)
    shift = to_arb(Fraction(fm).limit_denominator(10**6))

    def h(t, an=False):
        return AL * A.log(t, an) + (1 - AL) * B.log(t, an) - shift

    def dh(t):
        return AL * A.dlog(t) + (1 - AL) * B.dlog(t)

    main = integral_arb(lambda t, an: h(t, an).exp(), lo, hi)
    tails = log_concave_tail_bound(h, dh, to_arb(hi), 1) + log_concave_tail_bound(h, dh, to_arb(lo), -1)
    from flint import arb

    total = main + arb(0).union(tails)
    if not total > 0:
        raise InvalidInput(f"renyi_quadrature_arb: integral not certainly positive: {total}")
    return (total.log() + shift) / (AL - 1)


# ----------------------------------------------------------------------------- hockey-stick
def hockey_stick_quadrature(P, Q, eps) -> float:
    """δ(ε) = ∫ (g₁ − e^ε g₂)₊ dt by float quadrature between the crossings (beta / gamma / normal)."""
    kind, a, b = _check(P, Q, "hockey_stick_quadrature")
    e = float(eps)
    l1 = lambda t: log_density_t(kind, a, t)  # noqa: E731
    l2 = lambda t: log_density_t(kind, b, t) + e  # noqa: E731
    env = lambda t: np.maximum(l1(t), l2(t))  # noqa: E731
    lo, hi, _, _ = integrand_window(env, -800.0, 800.0, 60.0, grid=16001)
    cuts = [t_of_theta(kind, c) for c in crossings(P, Q, e)]
    pts = [lo] + [c for c in cuts if lo < c < hi] + [hi]
    total = 0.0
    for u, v in zip(pts[:-1], pts[1:]):
        f = lambda t: math.exp(float(l1(t))) - math.exp(float(l2(t)))  # noqa: E731
        val = _quad(f, u, v, limit=400, epsabs=1e-300, epsrel=1e-13)
        total += max(val, 0.0)
    return total


def tv_quadrature(P, Q) -> float:
    """TV(P, Q) = δ(0) by float quadrature between the crossings: the float method of the pair (the certified one is
    :func:`tv_quadrature_arb`, arb's ``acb.integral`` between certified crossing enclosures)."""
    return hockey_stick_quadrature(P, Q, 0.0)


def _t_bracket(kind, u: Fraction, v: Fraction):
    """Rationals t₋ ≤ t(u), t₊ ≥ t(v) (θ ↦ t increasing), within 1e-30 relative."""
    def tt(x):
        X = to_arb(x)
        return (X / (1 - X)).log() if kind == "beta" else X.log() if kind == "gamma" else X

    if kind == "normal":
        return u, v
    lo, hi = tt(u).lower(), tt(v).upper()
    if not (lo.is_finite() and hi.is_finite()):
        from mechanisms.numerics.exact import Undecided

        # a crossing enclosed up to the end of the parameter's range (θ = 0 or 1): too wide at this precision
        raise Undecided(f"a crossing enclosure [{u}, {v}] reaches the end of the {kind} law's range")
    return _dyadic(lo), _dyadic(hi)


def _dyadic(x) -> Fraction:
    """The exact value of an exact arb (a ball of radius 0, e.g. an endpoint from lower() / upper())."""
    m, e = x.man_exp()
    m, e = int(m), int(e)
    return Fraction(m) * (Fraction(2) ** e)


def hockey_stick_quadrature_arb(P, Q, eps):
    """Certified δ(ε) by quadrature in t between certified crossing enclosures (beta / gamma / normal)."""
    from flint import arb

    kind, a, b = _check(P, Q, "hockey_stick_quadrature_arb")
    if kind == "gig":
        raise InvalidInput("hockey_stick_quadrature_arb: beta, gamma or normal laws")
    e = to_fraction(eps, "eps")
    E = to_arb(e)
    aq, bq = [to_fraction(x) for x in a], [to_fraction(x) for x in b]
    if aq == bq:
        return arb(0) if e >= 0 else -E.expm1()
    try:
        cuts_theta = crossing_enclosures_arb(P, Q, e)
    except ArithmeticError:
        return arb(0).union(arb(1))
    A, B = LogDensityT(kind, aq), LogDensityT(kind, bq)
    fe = float(e)
    env = lambda t: np.maximum(log_density_t(kind, aq, t), log_density_t(kind, bq, t) + fe)  # noqa: E731
    lo, hi, _ = _window(env)
    cuts = [_t_bracket(kind, u, v) for u, v in cuts_theta]
    # the integrand g₁ − e^ε g₂, its sign on a piece from a probe point inside it
    diff = lambda t, an=False: A.log(t, an).exp() - (B.log(t, an) + E).exp()  # noqa: E731
    edges = [None] + [x for uv in cuts for x in uv] + [None]
    total = arb(0)
    slack = arb(0)
    for i in range(0, len(edges), 2):
        u, v = edges[i], edges[i + 1]
        u_in = lo if u is None else max(u, lo)
        v_in = hi if v is None else min(v, hi)
        probe = (u_in + v_in) / 2 if u_in < v_in else (u if u is not None else v)
        d = A.log(to_arb(probe)) - B.log(to_arb(probe)) - E
        if not (d > 0 or d < 0):
            return arb(0).union(arb(1))
        if d < 0:
            continue
        if u_in < v_in:
            total += integral_arb(lambda t, an: diff(t, an), u_in, v_in)
        if u is None or u < lo:  # tails of a positive piece that reach past the window
            slack += log_concave_tail_bound(A.log, A.dlog, to_arb(lo), -1)
        if v is None or v > hi:
            slack += log_concave_tail_bound(A.log, A.dlog, to_arb(hi), 1)
    for u, v in cuts:  # inside an enclosure: |g₁ − e^ε g₂| ≤ (sup on the ball) × width
        ball = to_arb(u).union(to_arb(v))
        bound = (A.log(ball).exp() + (B.log(ball) + E).exp()).upper() * to_arb(v - u)
        slack += bound
    out = total + arb(0).union(slack)
    return out if out > 0 else out.max(arb(0))


def tv_quadrature_arb(P, Q):
    """Certified TV(P, Q) = δ(0) by ``acb.integral`` between certified crossing enclosures: the certified method of the
    pair (the float one, :func:`tv_quadrature`, integrates in floats)."""
    return hockey_stick_quadrature_arb(P, Q, 0)
