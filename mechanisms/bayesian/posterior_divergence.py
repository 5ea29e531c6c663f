"""Divergences between posteriors: closed forms for beta / gamma / normal / dirichlet laws, exact sums on
finite supports, and the hockey-stick δ(ε) through the crossing points of the log-likelihood ratio.

A law is ``(kind, params)`` as :mod:`mechanisms.bayesian.conjugate_families` returns it: ('beta', (a, b)),
('gamma', (shape, rate)), ('normal', (mean, variance)), ('dirichlet', α).

* KL(P‖Q) = ∫ p log(p/q) — closed forms (digamma and log-gamma); always finite for two laws of one kind.
  One formula over the numeric context (``fp.posterior_kl``, ``certified.posterior_kl``, ``box....``).
* D_α(P‖Q) = log ∫ p^α q^{1−α} / (α − 1) — closed forms; +∞ (the context's infinity) when the combined
  parameters α·θ₁ + (1 − α)·θ₂ leave the parameter space (the integral diverges). That is decided on the
  parameters *before* anything is evaluated: quadrature returns a finite number where the divergence is
  +∞ (D_3.5(Beta(1.5, 2.5) ‖ Beta(2.5, 1.5)) = +∞). A formula over the context (``posterior_renyi``).
* δ(ε) = sup_B P(B) − e^ε Q(B) = Σ over the intervals where log(p/q) > ε of [P − e^ε Q](interval), the
  intervals found from the shape of the log-ratio (log-concave families: it has at most one turning
  point, so at most two crossings of ε), the interval masses from the CDFs (regularised incomplete beta /
  gamma, Φ). TV = δ(0). Two algorithms, a route each: :func:`hockey_stick_delta` finds the crossings by
  Brent's method in floats; :func:`hockey_stick_delta_arb` encloses each crossing by certified sign
  changes (bisection on rationals) and adds the mass inside each enclosure as slack.

Finite supports take log-weight vectors (a posterior on finitely many atoms is ``log w_i − log Σ w``;
an atom of mass 0 has log-weight −∞): ``finite_*_log`` formulas over the context.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy import special as sc

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.numerics.context import certified, formula
# the finite supports' divergences live in their own module; importable from here as before
from mechanisms.bayesian.finite_support_divergence import (finite_hockey_stick_delta, finite_kl, finite_max_divergence,
                                                         finite_renyi, finite_tv, normalise_log)

__all__ = ["kl", "renyi", "renyi_is_finite", "hockey_stick_delta", "hockey_stick_delta_arb", "tv", "tv_arb",
           "log_ratio", "crossings", "crossing_enclosures_arb", "t_of_theta", "normalise_log", "finite_kl",
           "finite_tv", "finite_renyi", "finite_max_divergence", "finite_hockey_stick_delta"]

INF = math.inf


def _pair(P, Q, fname):
    (k1, p1), (k2, p2) = P, Q
    if k1 != k2:
        raise InvalidInput(f"{fname}: both laws must be of one kind, got {k1!r} and {k2!r}")
    if k1 not in ("beta", "gamma", "normal", "dirichlet"):
        raise InvalidInput(f"{fname}: no closed form for {k1!r} laws (use mechanisms.bayesian.posterior_quadrature)")
    if len(p1) != len(p2):
        raise InvalidInput(f"{fname}: parameter vectors differ in length: {p1!r}, {p2!r}")
    return k1, tuple(p1), tuple(p2)


# ----------------------------------------------------------------------------- KL
def _params(ctx, P, Q, fname):
    kind, a, b = _pair(P, Q, fname)
    return kind, [ctx.real(x, "P", fname) for x in a], [ctx.real(x, "Q", fname) for x in b]


@formula(name="posterior_kl")
def kl(ctx, P, Q):
    """KL(P‖Q) between two laws of one kind (beta, gamma, normal, dirichlet) in closed form (digamma and
    log-gamma); the gamma and normal forms as t − log(1 + t) (no cancellation for nearby parameters), and
    a value ≥ 0 by definition clamped at 0 (rounding noise on floats; a ball's part below 0)."""
    kind, a, b = _params(ctx, P, Q, "posterior_kl")
    zero = ctx.exact(0)
    if kind == "beta":
        (a1, b1), (a2, b2) = a, b
        return ctx.max(zero, ctx.lbeta(a2, b2) - ctx.lbeta(a1, b1) + (a1 - a2) * ctx.digamma(a1)
                       + (b1 - b2) * ctx.digamma(b1) + (a2 - a1 + b2 - b1) * ctx.digamma(a1 + b1))
    if kind == "gamma":
        (k1, r1), (k2, r2) = a, b
        t = (r2 - r1) / r1
        if ctx.exactly_zero(k1 - k2):  # the same value as the general form, without its cancellation
            return ctx.max(zero, k1 * (t - ctx.log1p(t)))
        return ctx.max(zero, (k1 - k2) * ctx.digamma(k1) - ctx.lgamma(k1) + ctx.lgamma(k2) - k2 * ctx.log1p(t)
                       + k1 * t)
    if kind == "normal":
        (m1, v1), (m2, v2) = a, b
        t = (v1 - v2) / v2
        return ctx.max(zero, (t - ctx.log1p(t) + (m1 - m2) ** 2 / v2) / 2)
    a0, b0 = ctx.sum(a, zero), ctx.sum(b, zero)
    psi0 = ctx.digamma(a0)
    return (ctx.lgamma(a0) - ctx.lgamma(b0)
            + ctx.sum((ctx.lgamma(y) - ctx.lgamma(x) + (x - y) * (ctx.digamma(x) - psi0) for x, y in zip(a, b)), zero))


# ----------------------------------------------------------------------------- Rényi
def _combined(alpha, a, b):
    return [alpha * x + (1 - alpha) * y for x, y in zip(a, b)]


def renyi_is_finite(P, Q, alpha) -> bool:
    """Whether ∫ p^α q^{1−α} converges, decided exactly from the parameters (α > 0, α ≠ 1)."""
    kind, a, b = _pair(P, Q, "renyi_is_finite")
    al = to_fraction(alpha, "alpha")
    if not (al > 0 and al != 1):
        raise InvalidInput(f"renyi_is_finite: alpha must be > 0 and != 1, got alpha={alpha}")
    a = [to_fraction(x) for x in a]
    b = [to_fraction(x) for x in b]
    if kind == "normal":
        return al * b[1] + (1 - al) * a[1] > 0  # α v2 + (1−α) v1 > 0
    return all(x > 0 for x in _combined(al, a, b))  # beta, gamma, dirichlet


@formula(name="posterior_renyi")
def renyi(ctx, P, Q, alpha):
    """D_α(P‖Q) between two laws of one kind in closed form (log-gamma); +∞ where ∫ p^α q^{1−α} diverges,
    decided from the parameters before anything is evaluated (the combined parameters α·θ₁ + (1 − α)·θ₂
    leave the parameter space; for normal laws α v₂ + (1 − α) v₁ ≤ 0)."""
    fname = "posterior_renyi"
    kind, a, b = _params(ctx, P, Q, fname)
    al = ctx.real(alpha, "alpha", fname, lo=0, lo_open=True)
    if ctx.is_zero(al - 1):
        raise InvalidInput(f"{fname}: alpha must be > 0 and != 1, got alpha={alpha}")
    c = _combined(al, a, b)
    finite = [al * b[1] + (1 - al) * a[1]] if kind == "normal" else c  # normal: α v₂ + (1 − α) v₁ > 0
    if not all(ctx.gt(x, 0) for x in finite):  # undecided over a box: raises
        return ctx.inf
    zero = ctx.exact(0)

    def spread(f):  # (f(c) − α f(a) − (1 − α) f(b)) / (α − 1)
        return (f(*c) - al * f(*a) - (1 - al) * f(*b)) / (al - 1)

    if kind == "beta":
        return spread(ctx.lbeta)
    if kind == "gamma":
        return spread(lambda k, r: ctx.lgamma(k) - k * ctx.log(r))
    if kind == "normal":
        (m1, v1), (m2, v2) = a, b
        va = finite[0]
        half = ctx.exact(Fraction(1, 2))  # (an exact log 1 = 0 halved stays exact: an int / 2 would be a float)
        return half * ctx.log(v2 / v1) + ctx.log(v2 / va) / (2 * (al - 1)) + al * (m1 - m2) ** 2 / (2 * va)
    return spread(lambda *v: ctx.sum((ctx.lgamma(x) for x in v), zero) - ctx.lgamma(ctx.sum(v, zero)))


# ----------------------------------------------------------------------------- the log-likelihood ratio
@formula(name="posterior_log_ratio")
def log_ratio(ctx, P, Q, theta):
    """log p(θ) − log q(θ) between two laws (beta, gamma, normal, gig, dirichlet) at θ."""
    return ctx.posterior_log_density(*P, theta) - ctx.posterior_log_density(*Q, theta)


def _shape(kind, a, b):
    """(turning point or None, limit at the lower end, at the upper end) of θ ↦ log p/q from the exact
    parameters: the turning point is a Fraction, a limit is '+inf', '-inf' or 'const' (finite)."""
    if kind == "beta":
        da, db = a[0] - b[0], a[1] - b[1]
        lo = "-inf" if da > 0 else "+inf" if da < 0 else "const"
        hi = "-inf" if db > 0 else "+inf" if db < 0 else "const"
        stat = Fraction(da) / (da + db) if da != 0 and db != 0 and (da > 0) == (db > 0) else None
        return stat, lo, hi
    if kind == "gamma":
        dk, dr = a[0] - b[0], a[1] - b[1]
        lo = "-inf" if dk > 0 else "+inf" if dk < 0 else "const"
        hi = "-inf" if dr > 0 else "+inf" if dr < 0 else ("+inf" if dk > 0 else "-inf" if dk < 0 else "const")
        stat = Fraction(dk) / dr if dk != 0 and dr != 0 and (dk > 0) == (dr > 0) else None
        return stat, lo, hi
    # normal: log p/q = c0 + c1 θ + c2 θ², c2 = (1/v2 − 1/v1)/2
    (m1, v1), (m2, v2) = a, b
    c2 = (Fraction(1) / v2 - Fraction(1) / v1) / 2
    c1 = Fraction(m1) / v1 - Fraction(m2) / v2
    if c2 == 0:
        return None, ("-inf" if c1 > 0 else "+inf" if c1 < 0 else "const"), \
            ("+inf" if c1 > 0 else "-inf" if c1 < 0 else "const")
    end = "+inf" if c2 > 0 else "-inf"
    return -c1 / (2 * c2), end, end


def _const_limit(kind, a, b):
    """The finite limit of log p/q at an end where :func:`_shape` says 'const' (float)."""
    if kind == "beta":
        return float(sc.betaln(*b) - sc.betaln(*a))
    if kind == "gamma":
        return float(a[0] * (math.log(a[1]) - math.log(b[1])))
    return float(0.5 * math.log(b[1] / a[1]) - (a[0] ** 2 / a[1] - b[0] ** 2 / b[1]) / 2)


def _const_limit_arb(kind, a, b):
    A = [to_arb(x) for x in a]
    B = [to_arb(x) for x in b]
    if kind == "beta":
        lb = lambda x, y: x.lgamma() + y.lgamma() - (x + y).lgamma()  # noqa: E731
        return lb(*B) - lb(*A)
    if kind == "gamma":
        return A[0] * (A[1] / B[1]).log()
    return (B[1] / A[1]).log() / 2 - (A[0] ** 2 / A[1] - B[0] ** 2 / B[1]) / 2


def t_of_theta(kind, theta: float) -> float:
    """The coordinate t on the whole line of a point θ of the support: θ = expit(t) (beta), e^t (gamma), t (normal)."""
    if kind == "beta":
        return float(sc.logit(theta))
    if kind == "gamma":
        return math.log(theta)
    return float(theta)


def _from_t(kind, t: float) -> float:
    if kind == "beta":
        return float(sc.expit(t))
    if kind == "gamma":
        return math.exp(t) if t < 709 else INF
    return t


def _log_ratio_t(kind, a, b, t: float) -> float:
    """log p/q at θ(t), stable in both tails (float)."""
    with np.errstate(over="ignore"):
        if kind == "beta":
            lt, l1t = -float(np.logaddexp(0, -t)), -float(np.logaddexp(0, t))
            return float(sc.betaln(*b) - sc.betaln(*a)) + (a[0] - b[0]) * lt + (a[1] - b[1]) * l1t
        if kind == "gamma":
            c = a[0] * math.log(a[1]) - b[0] * math.log(b[1]) - float(sc.gammaln(a[0]) - sc.gammaln(b[0]))
            e = math.exp(t) if t < 709 else INF
            out = c + (a[0] - b[0]) * t
            return out - (a[1] - b[1]) * e if a[1] != b[1] else out
        return (-0.5 * math.log(a[1]) - (t - a[0]) ** 2 / (2 * a[1])) - (-0.5 * math.log(b[1]) - (t - b[0]) ** 2 / (2 * b[1]))


def _limit_sign(lim, kind, a, b, eps):
    if lim == "+inf":
        return 1.0
    if lim == "-inf":
        return -1.0
    return float(np.sign(_const_limit(kind, a, b) - eps))


def _outward(f, x, direction, want):
    """A point beyond x (in the given direction) where sign(f) == want."""
    step = max(1.0, abs(x))
    for _ in range(2000):
        y = x + direction * step
        v = f(y)
        if np.sign(v) == want or (math.isinf(v) and np.sign(v) == want):
            return y
        step *= 2
    raise InvalidInput("crossings: no sign change found towards an end of the support")


def _crossings_t(kind, a, b, eps) -> list[float]:
    exact_a = [Fraction(x) for x in a]
    exact_b = [Fraction(x) for x in b]
    stat, lo_lim, hi_lim = _shape(kind, exact_a, exact_b)
    fa, fb = [float(x) for x in a], [float(x) for x in b]
    f = lambda t: _log_ratio_t(kind, fa, fb, t) - eps  # noqa: E731
    ts = None
    if stat is not None:
        lo, hi = {"beta": (0, 1), "gamma": (0, INF), "normal": (-INF, INF)}[kind]
        if lo < stat < hi:
            ts = t_of_theta(kind, float(stat))
    pieces = [(-INF, ts), (ts, INF)] if ts is not None else [(-INF, INF)]
    out = []
    for u, v in pieces:
        su = _limit_sign(lo_lim, kind, fa, fb, eps) if u == -INF else float(np.sign(f(u)))
        sv = _limit_sign(hi_lim, kind, fa, fb, eps) if v == INF else float(np.sign(f(v)))
        if su == 0 and u != -INF:
            out.append(u)
            continue
        if su * sv >= 0:
            continue
        try:
            uu = u if u != -INF else _outward(f, v if v != INF else 0.0, -1.0, su)
            vv = v if v != INF else _outward(f, u if u != -INF else 0.0, 1.0, sv)
        except InvalidInput:  # the log-ratio is flat to float precision (laws equal up to rounding)
            continue
        out.append(brentq(f, uu, vv, xtol=1e-14, rtol=1e-15, maxiter=500))
    return sorted(set(out))


def crossings(P, Q, eps) -> list[float]:
    """The points θ where log p(θ)/q(θ) = ε, increasing (float)."""
    kind, a, b = _pair(P, Q, "crossings")
    if kind == "dirichlet":
        raise InvalidInput("crossings: one-dimensional laws only")
    return [_from_t(kind, t) for t in _crossings_t(kind, a, b, float(eps))]


def _tail_t(kind, p, t, upper: bool) -> float:
    """P(T ≤ t), or P(T > t) where ``upper``, for the law ``kind`` with parameters p in its variable t: each side by
    its own function (1 − the other side would lose the digits of a far tail)."""
    if t == -INF:
        return 1.0 if upper else 0.0
    if t == INF:
        return 0.0 if upper else 1.0
    if kind == "beta":
        return float(sc.betainc(p[1], p[0], sc.expit(-t)) if upper else sc.betainc(p[0], p[1], sc.expit(t)))
    if kind == "gamma":
        return float((sc.gammaincc if upper else sc.gammainc)(p[0], p[1] * _from_t(kind, t)))
    z = (t - p[0]) / math.sqrt(p[1])
    return float(sc.ndtr(-z if upper else z))


def _mass_t(kind, p, u, v) -> float:
    # the smaller of the two forms keeps relative accuracy in either tail
    return max(min(_tail_t(kind, p, v, False) - _tail_t(kind, p, u, False),
                   _tail_t(kind, p, u, True) - _tail_t(kind, p, v, True)), 0.0)


def _inside(u, v):
    if u == -INF and v == INF:
        return 0.0
    if u == -INF:
        return v - max(1.0, abs(v))
    if v == INF:
        return u + max(1.0, abs(u))
    return (u + v) / 2


def hockey_stick_delta(P, Q, eps) -> float:
    """δ(ε) = sup_B P(B) − e^ε Q(B) between two beta / gamma / normal laws (float)."""
    kind, a, b = _pair(P, Q, "hockey_stick_delta")
    if kind == "dirichlet":
        raise InvalidInput("hockey_stick_delta: one-dimensional laws only")
    fa, fb = [float(x) for x in a], [float(x) for x in b]
    e = float(eps)
    if fa == fb:
        return max(0.0, -math.expm1(e))
    pts = [-INF] + _crossings_t(kind, a, b, e) + [INF]
    total = 0.0
    for u, v in zip(pts[:-1], pts[1:]):
        if u < v and _log_ratio_t(kind, fa, fb, _inside(u, v)) > e:
            total += _mass_t(kind, fa, u, v) - math.exp(e) * _mass_t(kind, fb, u, v)
    return max(total, 0.0)


def tv(P, Q) -> float:
    """Total variation sup_B |P(B) − Q(B)| (float)."""
    return hockey_stick_delta(P, Q, 0.0)


# ----------------------------------------------------------------------------- certified crossings
class _Unresolved(ArithmeticError):
    """A sign the enclosures cannot decide at this precision (the caller returns a valid wide ball)."""


def _sign_arb(val) -> int:
    if val > 0:
        return 1
    if val < 0:
        return -1
    raise _Unresolved(f"sign of {val} undecided")


def _bracket_arb(g, u, v, su, sv, guess, digits=36):
    """Rational u' < v' inside the monotone piece (u, v) (None: an infinite end) with certified
    sign(g(u')) = su, sign(g(v')) = sv and |v' − u'| ≤ 10^−digits·max(|u'|, 1e−6): an enclosure of the
    piece's one root."""
    def s(x):
        return _sign_arb(g(x))

    lo_, hi_ = None, None
    if guess is not None and math.isfinite(guess):  # a bracket around the float root first
        x = Fraction(guess)
        for k in (14, 10, 6, 3):
            h = max(abs(x), Fraction(1, 10**6)) * Fraction(1, 10**k)
            a, b = x - h, x + h
            if (u is not None and a <= u) or (v is not None and b >= v):
                continue
            try:
                if s(a) == su and s(b) == sv:
                    lo_, hi_ = a, b
                    break
            except _Unresolved:
                continue
    if lo_ is None:
        lo_, hi_ = u, v
        if lo_ is None:
            step = Fraction(1)
            lo_ = (hi_ if hi_ is not None else Fraction(0)) - step
            while s(lo_) != su:
                step *= 2
                lo_ -= step
        if hi_ is None:
            step = Fraction(1)
            hi_ = lo_ + step
            while s(hi_) != sv:
                step *= 2
                hi_ += step
    for _ in range(400):
        scale = max(abs(lo_), abs(hi_), Fraction(1, 10**6))
        if hi_ - lo_ <= scale * Fraction(1, 10**digits):
            break
        mid = (lo_ + hi_) / 2
        if mid.denominator > 10**70:
            mid = mid.limit_denominator(10**60)
            if not lo_ < mid < hi_:
                break
        try:
            sm = s(mid)
        except _Unresolved:  # a root at (or extremely near) mid: bracket it tightly there
            w = (hi_ - lo_) * Fraction(1, 10**8)
            try:
                if s(mid - w) == su and s(mid + w) == sv:
                    lo_, hi_ = mid - w, mid + w
                    continue
            except _Unresolved:
                pass
            break
        if sm == su:
            lo_ = mid
        else:
            hi_ = mid
    return lo_, hi_


def hockey_stick_delta_arb(P, Q, eps):
    """Certified δ(ε) for exact parameters and exact ε: each crossing of log p/q = ε enclosed by
    certified sign changes on a monotone piece of the log-ratio, the masses between them from arb's
    regularised incomplete beta / gamma functions and erfc; inside an enclosure the integrand may have
    either sign, so its absolute mass is added as slack. A sign that cannot be decided at the working
    precision gives the valid enclosure [0, 1]."""
    kind, a, b = _pair(P, Q, "hockey_stick_delta_arb")
    if kind == "dirichlet":
        raise InvalidInput("hockey_stick_delta_arb: one-dimensional laws only")
    a = [to_fraction(x) for x in a]
    b = [to_fraction(x) for x in b]
    e = to_fraction(eps, "eps")
    E = to_arb(e)
    if a == b:
        return arb(0) if e >= 0 else -E.expm1()
    try:
        return _hockey_stick_arb(kind, a, b, e, E)
    except _Unresolved:
        return arb(0).union(arb(1))


def crossing_enclosures_arb(P, Q, eps) -> list[tuple]:
    """Rational enclosures (θ_lo, θ_hi) of the points where log p/q = ε, increasing, each certified by
    signs of log p/q − ε that differ at its ends on one monotone piece of the log-ratio (exact
    parameters and ε). Raises ArithmeticError when a sign is undecided at the working precision."""
    kind, a, b = _pair(P, Q, "crossing_enclosures_arb")
    a = [to_fraction(x) for x in a]
    b = [to_fraction(x) for x in b]
    e = to_fraction(eps, "eps")
    return _enclosures(kind, a, b, e, to_arb(e))


def _enclosures(kind, a, b, e, E):
    stat, lo_lim, hi_lim = _shape(kind, a, b)
    lo, hi = _exact_ends(kind)
    g = _log_ratio_fn_arb(kind, a, b, E)

    def limit(lim):
        if lim == "+inf":
            return 1
        if lim == "-inf":
            return -1
        return _sign_arb(_const_limit_arb(kind, a, b) - E)

    float_cuts = crossings((kind, a), (kind, b), float(e))
    inside = stat is not None and (lo is None or lo < stat) and (hi is None or stat < hi)
    pieces = [(lo, stat), (stat, hi)] if inside else [(lo, hi)]
    cuts = []
    for i, (u, v) in enumerate(pieces):
        su = limit(lo_lim) if i == 0 else _sign_arb(g(u))
        sv = limit(hi_lim) if i == len(pieces) - 1 else _sign_arb(g(v))
        if su == sv:
            continue
        guesses = [c for c in float_cuts if (u is None or c > float(u)) and (v is None or c < float(v))]
        cuts.append(_bracket_arb(g, u, v, su, sv, guesses[0] if guesses else None))
    return cuts


def _exact_ends(kind):
    return {"beta": (Fraction(0), Fraction(1)), "gamma": (Fraction(0), None), "normal": (None, None)}[kind]


def _hockey_stick_arb(kind, a, b, e, E):
    lo, hi = _exact_ends(kind)
    g = _log_ratio_fn_arb(kind, a, b, E)
    cuts = _enclosures(kind, a, b, e, E)
    total = arb(0)
    slack = arb(0)
    ee = E.exp()
    bounds = [lo] + [x for uv in cuts for x in uv] + [hi]
    for i in range(0, len(bounds), 2):
        u, v = bounds[i], bounds[i + 1]
        probe = _probe(u, v)
        if probe is None or _sign_arb(g(probe)) <= 0:
            continue
        total += _mass_arb(kind, a, u, v) - ee * _mass_arb(kind, b, u, v)
    for u, v in cuts:  # inside an enclosure (p − e^ε q)₊ = p(1 − e^{−(r−ε)})₊ ≤ p·sup|r − ε|
        swing = abs(g(to_arb(u).union(to_arb(v)))).upper()
        slack += _mass_arb(kind, a, u, v) * swing.min(arb(1))
    out = total + arb(0).union(slack)
    return out if out > 0 else out.max(arb(0))


def _log_ratio_fn_arb(kind, a, b, E):
    """θ ↦ log p(θ)/q(θ) − ε on exact θ, the constants computed once."""
    A = [to_arb(x) for x in a]
    B = [to_arb(x) for x in b]
    if kind == "beta":
        c = (B[0].lgamma() + B[1].lgamma() - (B[0] + B[1]).lgamma()) - (A[0].lgamma() + A[1].lgamma() - (A[0] + A[1]).lgamma()) - E
        da, db = A[0] - B[0], A[1] - B[1]
        return lambda x: c + da * to_arb(x).log() + db * (1 - to_arb(x)).log()
    if kind == "gamma":
        c = A[0] * A[1].log() - B[0] * B[1].log() - A[0].lgamma() + B[0].lgamma() - E
        dk, dr = A[0] - B[0], A[1] - B[1]
        return lambda x: c + dk * to_arb(x).log() - dr * to_arb(x)
    c = (B[1] / A[1]).log() / 2 - E
    return lambda x: c - (to_arb(x) - A[0]) ** 2 / (2 * A[1]) + (to_arb(x) - B[0]) ** 2 / (2 * B[1])


def _probe(u, v):
    if u is None and v is None:
        return Fraction(0)
    if u is None:
        return v - max(abs(v), 1)
    if v is None:
        return u + max(abs(u), 1)
    if u >= v:
        return None
    return (u + v) / 2


def _cdf_arb(kind, params, x):
    X = to_arb(x)
    if kind == "beta":
        if x <= 0:
            return arb(0)
        if x >= 1:
            return arb(1)
        return certified.regularized_beta(to_fraction(params[0]), to_fraction(params[1]), to_fraction(x))
    if kind == "gamma":
        if x <= 0:
            return arb(0)
        return certified.regularized_gamma_lower(to_fraction(params[0]), to_fraction(params[1]) * to_fraction(x))
    z = (X - to_arb(params[0])) / (2 * to_arb(params[1])).sqrt()
    return (-z).erfc() / 2


def _mass_arb(kind, params, u, v):
    if u is not None and v is not None and u >= v:
        return arb(0)
    lo = arb(0) if u is None else _cdf_arb(kind, params, u)
    hi = arb(1) if v is None else _cdf_arb(kind, params, v)
    return (hi - lo).max(arb(0)) if not hi - lo > 0 else hi - lo


def tv_arb(P, Q):
    """Certified total variation (δ at ε = 0)."""
    return hockey_stick_delta_arb(P, Q, 0)


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# δ(ε) and TV between posteriors: crossings by Brent's method in floats; crossings enclosed by certified sign
# changes (bisection on rationals) with the mass inside each enclosure as slack. (KL and D_α between posteriors in
# closed form are formulas over the context.)
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
from flint import arb
from scipy.optimize import brentq

route("posterior_tv", tv, tv_arb)
route("posterior_hockey_stick_delta", hockey_stick_delta, hockey_stick_delta_arb)
