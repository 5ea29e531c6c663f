"""From Rényi DP to (ε, δ)-DP: the basic and the improved conversions, at one order and over a list.

A mechanism with RDP τ at order α > 1 is (ε, δ)-DP with

* basic (Mironov 2017, Proposition 3):     ε = τ + log(1/δ)/(α − 1),        log δ = (α − 1)(τ − ε);
* improved (Canonne, Kamath, Steinke 2020, Proposition 12; Asoodeh et al. 2021; the form of dp_accounting's
  ``compute_epsilon``/``compute_delta`` and opacus' ``get_privacy_spent``):
      ε = τ + log((α − 1)/α) − (log δ + log α)/(α − 1),
      log δ = (α − 1)(τ − ε + log(1 − 1/α)) − log α.
  It equals seed 003's Eq. (8) / line 232 (δ_α = e^{(α−1)(τ−ε)}(1 − 1/α)^α/(α − 1)), written differently.

Over a list of orders (``best_*``) each returns (value, order attaining it). The improved list forms also use,
as dp_accounting does, the bound δ(0) ≤ TV ≤ √(1 − e^{−KL}) ≤ √(1 − e^{−τ_α}) (Bretagnolle–Huber, KL ≤ D_α):
an order whose τ gives δ² > 1 − e^{−τ} yields ε = 0, and log δ ≤ ½ log(1 − e^{−τ}); ε is clamped at 0 and δ at 1.
dp_accounting skips the improved formula at α ≤ 1.01 for numerical reasons; here it is evaluated with log1p at
every α > 1, so the two agree whenever the orders exceed 1.01.

τ may be +inf (ε = +inf, δ = 1 at that order). Certified twins (``*_arb``) take exact α, δ, ε and τ exact or an
arb ball, and return arb balls (float('inf') for an exact +∞ ε); the ``best_*_arb`` ball encloses the minimum
over all the orders, and the order returned is the one whose ball has the smallest midpoint.
"""
from __future__ import annotations

import math

import numpy as np

from mechanisms.checks import exact_real, is_arb, real, real_array, same_length
from mechanisms.errors import InvalidInput
from mechanisms.exact import to_arb

__all__ = [
    "eps_from_rdp", "eps_from_rdp_arb", "eps_from_rdp_basic", "eps_from_rdp_basic_arb",
    "log_delta_from_rdp", "log_delta_from_rdp_arb", "log_delta_from_rdp_basic", "log_delta_from_rdp_basic_arb",
    "best_eps_from_rdp", "best_eps_from_rdp_arb", "best_eps_from_rdp_basic", "best_eps_from_rdp_basic_arb",
    "best_delta_from_rdp", "best_delta_from_rdp_arb", "best_delta_from_rdp_basic", "best_delta_from_rdp_basic_arb",
]


# ----------------------------------------------------------------------------- validation
def _tau(tau, fname):
    return real(tau, "tau", fname, lo=0, allow_inf=True)


def _tau_exact(tau, fname, name="tau"):
    """τ exact and ≥ 0, or +inf, or an arb ball that is not certainly negative (a computed τ ≈ 0 may straddle 0)."""
    if is_arb(tau):
        t = exact_real(tau, name, fname)
        if t < 0:
            raise InvalidInput(f"{fname}: {name} must be >= 0, got {name}={tau}")
        return t
    return exact_real(tau, name, fname, lo=0, allow_inf=True)


def _alpha(alpha, fname, exact=False):
    return (exact_real if exact else real)(alpha, "alpha", fname, lo=1, lo_open=True)


def _delta(delta, fname, exact=False):
    return (exact_real if exact else real)(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)


def _eps(eps, fname, exact=False):
    return (exact_real if exact else real)(eps, "eps", fname, lo=0)


def _lists(orders, taus, fname):
    a, _ = real_array(orders, "orders", fname, lo=1, lo_open=True)
    t, _ = real_array(taus, "rdp", fname, lo=0, allow_inf=True)
    if a.ndim != 1 or a.size == 0:
        raise InvalidInput(f"{fname}: orders must be a non-empty list, got orders={orders!r}")
    same_length(a, t, ("orders", "rdp"), fname)
    return a, t


def _lists_exact(orders, taus, fname):
    if len(orders) == 0:
        raise InvalidInput(f"{fname}: orders must be a non-empty list, got orders={orders!r}")
    same_length(orders, taus, ("orders", "rdp"), fname)
    a = [exact_real(x, "orders", fname, lo=1, lo_open=True) for x in orders]
    t = [_tau_exact(x, fname, "rdp") for x in taus]
    return a, t


# ----------------------------------------------------------------------------- one order: float
def eps_from_rdp(tau, alpha, delta):
    """Improved conversion at one order: ε = τ + log1p(−1/α) − (log δ + log α)/(α − 1) (may be < 0)."""
    fname = "eps_from_rdp"
    t, a, d = _tau(tau, fname), _alpha(alpha, fname), _delta(delta, fname)
    if math.isinf(t):
        return math.inf
    return t + math.log1p(-1 / a) - (math.log(d) + math.log(a)) / (a - 1)


def eps_from_rdp_basic(tau, alpha, delta):
    """Basic conversion at one order: ε = τ + log(1/δ)/(α − 1)."""
    fname = "eps_from_rdp_basic"
    t, a, d = _tau(tau, fname), _alpha(alpha, fname), _delta(delta, fname)
    return t - math.log(d) / (a - 1)


def log_delta_from_rdp(tau, alpha, eps):
    """Improved conversion at one order: log δ = (α − 1)(τ − ε + log1p(−1/α)) − log α (may be > 0)."""
    fname = "log_delta_from_rdp"
    t, a, e = _tau(tau, fname), _alpha(alpha, fname), _eps(eps, fname)
    return (a - 1) * (t - e + math.log1p(-1 / a)) - math.log(a)


def log_delta_from_rdp_basic(tau, alpha, eps):
    """Basic conversion at one order: log δ = (α − 1)(τ − ε)."""
    fname = "log_delta_from_rdp_basic"
    t, a, e = _tau(tau, fname), _alpha(alpha, fname), _eps(eps, fname)
    return (a - 1) * (t - e)


# ----------------------------------------------------------------------------- one order: certified
def _inf_or(t, build):
    return math.inf if isinstance(t, float) else build(to_arb(t))


def eps_from_rdp_arb(tau, alpha, delta):
    fname = "eps_from_rdp_arb"
    t, a, d = _tau_exact(tau, fname), to_arb(_alpha(alpha, fname, True)), to_arb(_delta(delta, fname, True))
    return _inf_or(t, lambda tb: tb + (-1 / a).log1p() - (d.log() + a.log()) / (a - 1))


def eps_from_rdp_basic_arb(tau, alpha, delta):
    fname = "eps_from_rdp_basic_arb"
    t, a, d = _tau_exact(tau, fname), to_arb(_alpha(alpha, fname, True)), to_arb(_delta(delta, fname, True))
    return _inf_or(t, lambda tb: tb - d.log() / (a - 1))


def log_delta_from_rdp_arb(tau, alpha, eps):
    fname = "log_delta_from_rdp_arb"
    t, a, e = _tau_exact(tau, fname), to_arb(_alpha(alpha, fname, True)), to_arb(_eps(eps, fname, True))
    return _inf_or(t, lambda tb: (a - 1) * (tb - e + (-1 / a).log1p()) - a.log())


def log_delta_from_rdp_basic_arb(tau, alpha, eps):
    fname = "log_delta_from_rdp_basic_arb"
    t, a, e = _tau_exact(tau, fname), to_arb(_alpha(alpha, fname, True)), to_arb(_eps(eps, fname, True))
    return _inf_or(t, lambda tb: (a - 1) * (tb - e))


# ----------------------------------------------------------------------------- over orders: float
def _argmin(values, orders):
    i = int(np.argmin(values))
    return float(values[i]), float(orders[i])


def best_eps_from_rdp(orders, rdp, delta):
    """min over the orders of the improved ε (with the KL shortcut, clamped at 0): (ε, order)."""
    fname = "best_eps_from_rdp"
    a, t = _lists(orders, rdp, fname)
    d = _delta(delta, fname)
    with np.errstate(invalid="ignore"):
        eps = t + np.log1p(-1 / a) - (math.log(d) + np.log(a)) / (a - 1)
    eps = np.where(np.isinf(t), np.inf, eps)
    eps = np.where(d * d + np.expm1(-t) > 0, 0.0, eps)  # δ > √(1 − e^{−τ}) ≥ δ(0)
    e, o = _argmin(eps, a)
    return max(0.0, e), o


def best_eps_from_rdp_basic(orders, rdp, delta):
    """min over the orders of the basic ε = τ + log(1/δ)/(α − 1): (ε, order)."""
    fname = "best_eps_from_rdp_basic"
    a, t = _lists(orders, rdp, fname)
    d = _delta(delta, fname)
    return _argmin(t - math.log(d) / (a - 1), a)


def best_delta_from_rdp(orders, rdp, eps):
    """min over the orders of the improved δ (and the KL bound √(1 − e^{−τ})), capped at 1: (δ, order)."""
    fname = "best_delta_from_rdp"
    a, t = _lists(orders, rdp, fname)
    e = _eps(eps, fname)
    with np.errstate(invalid="ignore", divide="ignore"):
        improved = (a - 1) * (t - e + np.log1p(-1 / a)) - np.log(a)
        kl = 0.5 * np.log(-np.expm1(-t))
    log_d = np.where(np.isinf(t), 0.0, np.minimum(improved, kl))
    ld, o = _argmin(log_d, a)
    return min(1.0, math.exp(ld)), o


def best_delta_from_rdp_basic(orders, rdp, eps):
    """min over the orders of the basic δ = e^{(α−1)(τ−ε)}, capped at 1: (δ, order)."""
    fname = "best_delta_from_rdp_basic"
    a, t = _lists(orders, rdp, fname)
    e = _eps(eps, fname)
    with np.errstate(invalid="ignore"):
        log_d = np.where(np.isinf(t), 0.0, (a - 1) * (t - e))
    ld, o = _argmin(log_d, a)
    return min(1.0, math.exp(ld)), o


# ----------------------------------------------------------------------------- over orders: certified
def _best_arb(values, orders):
    """(ball enclosing the minimum, order of the smallest midpoint); float('inf') entries are +∞."""
    finite = [(v, o) for v, o in zip(values, orders) if not isinstance(v, float)]
    if not finite:
        return math.inf, orders[0]
    low = finite[0][0]
    for v, _ in finite[1:]:
        low = low.min(v)
    order = min(finite, key=lambda p: float(p[0].mid()))[1]
    return low, order


def best_eps_from_rdp_arb(orders, rdp, delta):
    from flint import arb

    fname = "best_eps_from_rdp_arb"
    a, t = _lists_exact(orders, rdp, fname)
    d = to_arb(_delta(delta, fname, True))
    vals = []
    for ai, ti in zip(a, t):
        if isinstance(ti, float):
            vals.append(math.inf)
            continue
        tb, ab = to_arb(ti), to_arb(ai)
        if d * d + (-tb).expm1() > 0:
            vals.append(arb(0))
            continue
        vals.append((tb + (-1 / ab).log1p() - (d.log() + ab.log()) / (ab - 1)).max(arb(0)))
    return _best_arb(vals, a)


def best_eps_from_rdp_basic_arb(orders, rdp, delta):
    fname = "best_eps_from_rdp_basic_arb"
    a, t = _lists_exact(orders, rdp, fname)
    d = to_arb(_delta(delta, fname, True))
    vals = [math.inf if isinstance(ti, float) else to_arb(ti) - d.log() / (to_arb(ai) - 1) for ai, ti in zip(a, t)]
    return _best_arb(vals, a)


def _delta_ball(log_d):
    from flint import arb

    return log_d.exp().min(arb(1))


def best_delta_from_rdp_arb(orders, rdp, eps):
    from flint import arb

    fname = "best_delta_from_rdp_arb"
    a, t = _lists_exact(orders, rdp, fname)
    e = to_arb(_eps(eps, fname, True))
    vals = []
    for ai, ti in zip(a, t):
        if isinstance(ti, float):
            vals.append(arb(1))
            continue
        tb, ab = to_arb(ti), to_arb(ai)
        improved = (ab - 1) * (tb - e + (-1 / ab).log1p()) - ab.log()
        if tb > 0:
            improved = improved.min((-(-tb).expm1()).log() / 2)
        elif ti == 0:
            improved = None  # τ = 0: δ = 0 exactly
        vals.append(arb(0) if improved is None else _delta_ball(improved))
    return _best_arb(vals, a)


def best_delta_from_rdp_basic_arb(orders, rdp, eps):
    from flint import arb

    fname = "best_delta_from_rdp_basic_arb"
    a, t = _lists_exact(orders, rdp, fname)
    e = to_arb(_eps(eps, fname, True))
    vals = [arb(1) if isinstance(ti, float) else _delta_ball((to_arb(ai) - 1) * (to_arb(ti) - e))
            for ai, ti in zip(a, t)]
    return _best_arb(vals, a)
