"""Divergences between posteriors by quadrature of their definitions: the route that shares no derivation
with the closed forms of :mod:`mechanisms.bayesian.posterior_divergence`.

Every law is integrated in a coordinate t on the whole line where its density g(t) is log-concave:
θ = expit(t) (beta), θ = e^t (gamma, and the variance of a gig law), θ = t (normal):

    log g(t) = −a log(1+e^{−t}) − b log(1+e^{t}) − log B(a, b)                         beta(a, b)
    log g(t) = k log r − log Γ(k) + k t − r e^t                                         gamma(k, r)
    log g(t) = −½ log(2πv) − (t − m)²/(2v)                                               normal(m, v)
    log g(t) = p t − (a e^t + b e^{−t})/2 − log Z(p, a, b)                              gig(p, a, b)

* KL(P‖Q) = ∫ g₁ log(g₁/g₂) − g₁ + g₂ dt (≥ 0 pointwise),  D_α = log ∫ g₁^α g₂^{1−α} dt / (α − 1),
  δ(ε) = ∫ (g₁ − e^ε g₂)₊ dt.
* KL and D_α are formulas over ``ctx.integral``, each law written once as an exponential family in t,
  log g = c + η·φ(t) (D_α integrates the law of the combined η = αη₁ + (1 − α)η₂): Gauss–Legendre in floats;
  ``acb.integral`` on rational cuts [T₋, T₊] past the modes plus rigorous tail bounds certified: beyond T₊ a
  log-concave h with h'(T₊) = −s < 0 satisfies h(T₊ + u) ≤ h(T₊) − s u, and the log-ratio grows at most
  like |r(T₊)| + c₀u + c₁u²/2 + c₂e^{T₊}(e^u − 1) (bounds of |r'| per law), so the tail is at most
  e^{h(T₊)}(|r(T₊)|/s + c₀/s² + c₁/s³ + c₂e^{T₊}(1/(s−1) − 1/s)); the same mirrored below T₋.
* Finiteness of D_α is decided from the exact parameters first (the combined η in the parameter space, as
  posterior_divergence.renyi decides it); the quadrature is only ever run on a convergent integral.
* δ(ε) (a pair of routes): float — scipy.integrate.quad between the float crossings; certified — the crossings
  of log g₁/g₂ = ε are enclosed in θ (posterior_divergence.crossing_enclosures_arb), mapped outwards to
  rational t, their signs re-certified in t; the integral of g₁ − e^ε g₂ between them by acb.integral, and the
  mass inside each enclosure added as ± slack.
"""
from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
from scipy import integrate
from scipy import special as sc

from mechanisms.bayesian import conjugate_families  # noqa: F401  (registers log_gig_normaliser)
from mechanisms.numerics.context import certified, formula, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import Undecided, to_arb, to_fraction
from mechanisms.bayesian.posterior_divergence import crossing_enclosures_arb, crossings, t_of_theta
from mechanisms.numerics.quadrature import BallIntegrandOps, float_log_integrand, integrand_window
from mechanisms.numerics.record import Failed, attempt

__all__ = ["kl_quadrature", "renyi_quadrature",
           "hockey_stick_quadrature", "hockey_stick_quadrature_arb", "tv_quadrature", "tv_quadrature_arb",
           "log_density_t", "LogDensityT", "log_concave_tail_bound", "integral_arb"]

KINDS = ("beta", "gamma", "normal", "gig")
DROP = 110.0  # the window keeps the integrand within e^-110 of its peak (far below 2^-128 relative)


def _check(P, Q, fname):
    (k1, a), (k2, b) = P, Q
    if k1 != k2 or k1 not in KINDS:
        raise InvalidInput(f"{fname}: two laws of one kind among {KINDS}, got {k1!r} and {k2!r}")
    return k1, tuple(a), tuple(b)


# ----------------------------------------------------------------------------- log-densities in t
def log_density_t(kind, params, t):
    """log g(t) (float, vectorised in t), in each law's own form (the normal's −(t − m)²/(2v), not the
    exponential-family c + η·φ(t) of :class:`LogDensityT`, whose expansion loses float digits near the mode)."""
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


class LogDensityT:
    """log g(t) of one law (``LogDensityT(kind, params)``, exact parameters) and its t-derivative, on arb / acb
    arguments: the same exponential-family form c + η·φ(t) (:func:`_natural`, :func:`_features`,
    :func:`_dfeatures`), the constants computed once."""

    def __init__(self, kind, params):
        if kind not in KINDS:
            raise InvalidInput(f"LogDensityT: unknown law {kind!r}")
        self.kind = kind
        c, eta = _natural(certified, kind, [certified.real(x, "params", "LogDensityT") for x in params])
        self.c, self.eta = to_arb(c), [to_arb(x) for x in eta]

    def log(self, t, analytic=False):
        return self.c + _dot(self.eta, _features(BallIntegrandOps(analytic), self.kind, t))

    def dlog(self, t):
        return _dot(self.eta, _dfeatures(self.kind, t))


def log_concave_tail_bound(h, dh, T, side, r_abs=None, slopes=None):
    """A rigorous upper bound of ∫ e^{h(t)} (|r(t)| or 1) dt beyond T (side +1: [T, ∞), −1: (−∞, T]) for a concave
    h with dh its derivative (h past its mode at T); r_abs = |r(T)| and slopes from the ratio's derivative bounds."""
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

    tol = arb(2) ** -(min(flint.ctx.prec - 10, 200))
    return acb.integral(lambda x, an: f(x, an), to_arb(lo), to_arb(hi), rel_tol=tol, abs_tol=tol,
                        eval_limit=10**6).real


# ----------------------------------------------------------------------------- integrands written once
# Each law in t as an exponential family, log g(t) = c + Σ η_i φ_i(t) (the features φ and their derivatives below),
# so that α log g₁ + (1 − α) log g₂ is one law's form with the combined η (no ∞ − ∞ where both densities
# underflow), and every log g is concave in t (η of the confining features > 0).
_CONFINING = {"beta": (0, 1), "gamma": (0, 1), "normal": (1,), "gig": (1, 2)}  # the η that must be > 0


def _natural(ctx, kind, params):
    """(c, η) of one law (numbers of the context)."""
    if kind == "beta":
        a, b = params
        return -ctx.lbeta(a, b), (a, b)
    if kind == "gamma":
        k, r = params
        return k * ctx.log(r) - ctx.lgamma(k), (k, r)
    if kind == "normal":
        m, v = params
        return -ctx.log(2 * ctx.pi() * v) / 2 - m * m / (2 * v), (m / v, 1 / (2 * v))
    p, a, b = params
    return -ctx.log_gig_normaliser(p, a, b), (p, a, b)


def _features(I, kind, t):
    """φ(t) over the integrand's operations: beta (−log(1+e^{−t}), −log(1+e^t)); gamma (t, −e^t); normal
    (t, −t²); gig (t, −e^t/2, −e^{−t}/2). log(1 + e^{±t}) is not entire (it answers acb.integral's analytic flag)."""
    if kind == "beta":
        return -I.log(1 + I.exp(-t)), -I.log(1 + I.exp(t))
    if kind == "gamma":
        return t, -I.exp(t)
    if kind == "normal":
        return t, -t * t
    return t, -I.exp(t) / 2, -I.exp(-t) / 2


def _dfeatures(kind, t):
    """φ'(t) on an arb ball (the tail bounds)."""
    if kind == "beta":
        s = 1 / (1 + (-t).exp())
        return 1 - s, -s
    if kind == "gamma":
        return 1, -t.exp()
    if kind == "normal":
        return 1, -2 * t
    return 1, -t.exp() / 2, (-t).exp() / 2


def _dot(eta, phi):
    out = eta[0] * phi[0]
    for e, f in zip(eta[1:], phi[1:]):
        out = out + e * f
    return out


def _density_integrand(kind):
    """e^{c + η·φ(t)} (c may be 0: the constant kept outside the integral)."""
    return lambda I, t, c, *eta: I.exp(c + _dot(eta, _features(I, kind, t)))


def _cuts(ctx, kind, laws):
    """Rational cuts [T₋, T₊] outside of which every law (c, η) of ``laws`` is below its peak − DROP (past its mode:
    log g is concave), from the float densities (a choice of where to cut, no value)."""
    f = _density_integrand(kind)
    lo, hi = math.inf, -math.inf
    for c, eta in laws:
        lf = float_log_integrand(f, tuple(float(ctx.guess(x)) for x in (c, *eta)))
        a, b, _, _ = integrand_window(lf, -800.0, 800.0, DROP, grid=16001)
        lo, hi = min(lo, a), max(hi, b)
    return Fraction(lo).limit_denominator(10**6), Fraction(hi).limit_denominator(10**6)


def _law_t(kind, c, eta):
    """log g and its derivative on arb balls, for :func:`log_concave_tail_bound`."""
    def h(t):
        return c + _dot(eta, _features(BallIntegrandOps(), kind, t))

    def dh(t):
        return _dot(eta, _dfeatures(kind, t))
    return h, dh


def _ratio_slopes(kind, d_eta, T, side):
    """(c0, c1, c2) with |r'(T ± u)| ≤ c0 + c1 u + c2 e^{±T} e^{u} for u ≥ 0, r = log g₁ − log g₂ = Δc + Δη·φ."""
    zero = arb(0)
    d = [abs(x) for x in d_eta]
    if kind == "beta":
        return d[0] + d[1], zero, zero
    if kind == "gamma":
        return (d[0], zero, d[1]) if side > 0 else (d[0] + d[1] * T.exp(), zero, zero)
    if kind == "normal":
        return abs(d_eta[0] - 2 * d_eta[1] * T), 2 * d[1], zero
    if side > 0:
        return d[0] + d[2] * (-T).exp() / 2, zero, d[1] / 2
    return d[0] + d[1] * T.exp() / 2, zero, d[2] / 2


def _laws(ctx, P, Q, fname):
    kind, a, b = _check(P, Q, fname)
    return kind, [ctx.real(x, "P", fname) for x in a], [ctx.real(x, "Q", fname) for x in b]


# ----------------------------------------------------------------------------- KL
@formula(name="posterior_kl_quadrature")
def kl_quadrature(ctx, P, Q):
    """KL(P‖Q) by quadrature in t of ∫ g₁ log(g₁/g₂) − g₁ + g₂ = ∫ g₁·(r − 1 + e^{−r}), r = log g₁/g₂ (both laws
    normalised, so the added −g₁ + g₂ integrates to 0; the integrand is ≥ 0): one formula over ``ctx.integral`` —
    Gauss–Legendre in floats; ``acb.integral`` on the certified context up to rational cuts past both modes, plus
    the log-concavity bounds of the tails, ∫ g₁|r| + ∫ g₂ beyond them (:func:`log_concave_tail_bound`).

    The second method for the closed forms ``m.posterior_kl`` (no digamma: the two laws' normalisers and an
    integral); 0 for equal laws. Over a box with exact parameters the normalisers are balls, which ctx.integral
    refuses as parameters of an integrand (NoBoxForm)."""
    fname = "posterior_kl_quadrature"
    kind, a, b = _laws(ctx, P, Q, fname)
    if all(ctx.is_zero(x - y) for x, y in zip(a, b)):
        return ctx.exact(0)
    (c1, e1), (c2, e2) = _natural(ctx, kind, a), _natural(ctx, kind, b)
    n = len(e1)

    def integrand(I, t, c, d, *eta):
        phi = _features(I, kind, t)
        return I.kl_div(c + _dot(eta[:n], phi), d + _dot(eta[n:], phi))

    def tail(c, d, *eta):
        h1, dh1 = _law_t(kind, c, eta[:n])
        h2, dh2 = _law_t(kind, d, eta[n:])
        d_eta = [x - y for x, y in zip(eta[:n], eta[n:])]
        out = arb(0)
        for T, side in ((to_arb(lo), -1), (to_arb(hi), 1)):
            r = abs(h1(T) - h2(T))
            out += log_concave_tail_bound(h1, dh1, T, side, r, _ratio_slopes(kind, d_eta, T, side))
            out += log_concave_tail_bound(h2, dh2, T, side)
        return out

    lo, hi = _cuts(ctx, kind, ((c1, e1), (c2, e2)))
    return ctx.integral(integrand, -ctx.inf, ctx.inf, args=(c1, c2, *e1, *e2), cut=(lo, hi), tail=tail)


# ----------------------------------------------------------------------------- Rényi
@formula(name="posterior_renyi_quadrature")
def renyi_quadrature(ctx, P, Q, alpha):
    """D_α(P‖Q) = log ∫ g₁^α g₂^{1−α} dt / (α − 1) by quadrature in t; +∞ when the integral diverges (the combined
    η = αη₁ + (1 − α)η₂ leaves the parameter space), decided before any quadrature. One formula over
    ``ctx.integral`` (the integrand e^{η·φ(t)}, log-concave): Gauss–Legendre in floats; ``acb.integral`` on the
    certified context up to rational cuts past the mode, plus the log-concavity bounds of the tails.

    The second method for the closed forms ``m.posterior_renyi`` (the two laws' normalisers and an integral, not the
    normaliser of the combined law)."""
    fname = "posterior_renyi_quadrature"
    kind, a, b = _laws(ctx, P, Q, fname)
    al = ctx.real(alpha, "alpha", fname, lo=0, lo_open=True)
    if ctx.is_zero(al - 1):
        raise InvalidInput(f"{fname}: alpha must be > 0 and != 1, got alpha={alpha}")
    (c1, e1), (c2, e2) = _natural(ctx, kind, a), _natural(ctx, kind, b)
    eta = tuple(al * x + (1 - al) * y for x, y in zip(e1, e2))
    if not all(ctx.gt(eta[i], 0) for i in _CONFINING[kind]):  # undecided over a box: raises
        return ctx.inf
    zero = ctx.exact(0)

    def tail(c, *e):
        h, dh = _law_t(kind, c, e)
        return log_concave_tail_bound(h, dh, to_arb(hi), 1) + log_concave_tail_bound(h, dh, to_arb(lo), -1)

    lo, hi = _cuts(ctx, kind, ((zero, eta),))
    inner = ctx.integral(_density_integrand(kind), -ctx.inf, ctx.inf, args=(zero, *eta), cut=(lo, hi), tail=tail,
                         log=True)
    return (al * c1 + (1 - al) * c2 + inner) / (al - 1)


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
    kind, a, b = _check(P, Q, "hockey_stick_quadrature_arb")
    if kind == "gig":
        raise InvalidInput("hockey_stick_quadrature_arb: beta, gamma or normal laws")
    e = to_fraction(eps, "eps")
    E = to_arb(e)
    aq, bq = [to_fraction(x) for x in a], [to_fraction(x) for x in b]
    if aq == bq:
        return arb(0) if e >= 0 else -E.expm1()

    cuts_theta = attempt(crossing_enclosures_arb, P, Q, e)  # a closed computation: its failure is [0, 1], sound
    if isinstance(cuts_theta, Failed):
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


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# (KL and D_α between posteriors by quadrature in t, the second method for the closed forms, are one formula each
# over ctx.integral: m.posterior_kl_quadrature, m.posterior_renyi_quadrature.) δ(ε) and TV between posteriors by
# quadrature between the crossings: float quadrature (scipy's quad between float crossings) against acb.integral
# between certified crossing enclosures, the mass inside each enclosure as slack
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
import flint
from flint import acb, arb

route("posterior_tv_quadrature", tv_quadrature, tv_quadrature_arb)
route("posterior_hockey_stick_quadrature", hockey_stick_quadrature, hockey_stick_quadrature_arb)
