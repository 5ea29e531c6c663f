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

Each is one formula over the numeric context (``fp.eps_from_rdp(...)``, ``certified.eps_from_rdp(...)``, ...).
τ may be +inf (the context's infinity: ε = +inf, δ = 1 at that order); on the certified context τ may be a ball
that straddles 0 (a computed τ ≈ 0), never one certainly negative. Over the orders, the certified value encloses
the minimum; the order returned is the first one whose value is certainly below every earlier one's (the float
argmin).
"""
from __future__ import annotations

from mechanisms.numerics.checks import same_length
from mechanisms.numerics.context import formula
from mechanisms.errors import InvalidInput

__all__ = ["eps_from_rdp", "eps_from_rdp_basic", "log_delta_from_rdp", "log_delta_from_rdp_basic",
           "best_eps_from_rdp", "best_eps_from_rdp_basic", "best_delta_from_rdp", "best_delta_from_rdp_basic"]


# ----------------------------------------------------------------------------- validation
def _tau(ctx, tau, fname, name="tau"):
    """τ ≥ 0 or +inf; an enclosure of a computed τ ≈ 0 that straddles 0 passes, one certainly negative does not."""
    t = ctx.real(tau, name, fname, allow_inf=True)
    if ctx.certainly_lt(t, 0):
        raise InvalidInput(f"{fname}: {name} must be >= 0, got {name}={tau}")
    return t


def _alpha(ctx, alpha, fname):
    return ctx.real(alpha, "alpha", fname, lo=1, lo_open=True)


def _delta(ctx, delta, fname):
    return ctx.real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)


def _eps(ctx, eps, fname):
    return ctx.real(eps, "eps", fname, lo=0)


def _lists(ctx, orders, taus, fname):
    if len(orders) == 0:
        raise InvalidInput(f"{fname}: orders must be a non-empty list, got orders={orders!r}")
    same_length(orders, taus, ("orders", "rdp"), fname)
    return ([ctx.real(x, "orders", fname, lo=1, lo_open=True) for x in orders],
            [_tau(ctx, x, fname, "rdp") for x in taus])


def _over_orders(ctx, orders, rdp, target, check, fname):
    """The orders, their τ and the target (δ or ε, read by ``check``), checked in that order."""
    a, t = _lists(ctx, orders, rdp, fname)
    return a, t, check(ctx, target, fname)


# ----------------------------------------------------------------------------- one order
def _improved_eps(ctx, t, a, log_d):
    return t + ctx.log1p(-1 / a) - (log_d + ctx.log(a)) / (a - 1)


def _improved_log_delta(ctx, t, a, e):
    return (a - 1) * (t - e + ctx.log1p(-1 / a)) - ctx.log(a)


def _at_order(ctx, tau, alpha, target, check, fname, value):
    """τ, α and the target (δ or ε, read by ``check``) checked in that order; +inf where τ = +inf, else
    value(τ, α, target)."""
    t, a, x = _tau(ctx, tau, fname), _alpha(ctx, alpha, fname), check(ctx, target, fname)
    if ctx.is_inf(t):
        return ctx.inf
    return value(t, a, x)


@formula
def eps_from_rdp(ctx, tau, alpha, delta):
    """Improved conversion at one order: ε = τ + log1p(−1/α) − (log δ + log α)/(α − 1) (may be < 0)."""
    return _at_order(ctx, tau, alpha, delta, _delta, "eps_from_rdp",
                     lambda t, a, d: _improved_eps(ctx, t, a, ctx.log(d)))


@formula
def eps_from_rdp_basic(ctx, tau, alpha, delta):
    """Basic conversion at one order: ε = τ + log(1/δ)/(α − 1)."""
    return _at_order(ctx, tau, alpha, delta, _delta, "eps_from_rdp_basic", lambda t, a, d: t - ctx.log(d) / (a - 1))


@formula
def log_delta_from_rdp(ctx, tau, alpha, eps):
    """Improved conversion at one order: log δ = (α − 1)(τ − ε + log1p(−1/α)) − log α (may be > 0)."""
    return _at_order(ctx, tau, alpha, eps, _eps, "log_delta_from_rdp",
                     lambda t, a, e: _improved_log_delta(ctx, t, a, e))


@formula
def log_delta_from_rdp_basic(ctx, tau, alpha, eps):
    """Basic conversion at one order: log δ = (α − 1)(τ − ε)."""
    return _at_order(ctx, tau, alpha, eps, _eps, "log_delta_from_rdp_basic", lambda t, a, e: (a - 1) * (t - e))


# ----------------------------------------------------------------------------- over orders
def _best(ctx, values, orders):
    """(the least value, the order attaining it): on the certified context a ball enclosing the least value; the
    order, where one value is certainly below every other, else the hull of the orders whose value may be the
    least (an enclosure of the argmin over a box whose points disagree on it, never one order chosen by a tie)."""
    may = [i for i, v in enumerate(values) if not any(ctx.certainly_lt(w, v) for w in values)]
    order = orders[may[0]] if len(may) == 1 or not ctx.certified else ctx.hull(*[orders[i] for i in may])
    return ctx.min(*values), order


def _capped_delta(ctx, log_d, order):
    """(δ = e^{log δ} capped at 1, the order)."""
    return ctx.min(ctx.num(1), ctx.exp(log_d)), order


@formula
def best_eps_from_rdp(ctx, orders, rdp, delta):
    """min over the orders of the improved ε (an order whose τ gives δ² > 1 − e^{−τ} ≥ δ(0)² gives 0, the KL
    shortcut), clamped at 0: (ε, order)."""
    a, t, d = _over_orders(ctx, orders, rdp, delta, _delta, "best_eps_from_rdp")
    log_d = ctx.log(d)

    def at(ti, ai):
        if ctx.is_inf(ti):
            return ctx.inf
        # δ > √(1 − e^{−τ}) ≥ δ(0): 0, the KL shortcut; a box across that line takes both
        return ctx.branch(ctx.gt(d * d + ctx.expm1(-ti), 0), lambda: ctx.num(0),
                          lambda: _improved_eps(ctx, ti, ai, log_d))

    e, o = _best(ctx, [at(ti, ai) for ti, ai in zip(t, a)], a)
    return ctx.max(ctx.num(0), e), o


@formula
def best_eps_from_rdp_basic(ctx, orders, rdp, delta):
    """min over the orders of the basic ε = τ + log(1/δ)/(α − 1): (ε, order)."""
    a, t, d = _over_orders(ctx, orders, rdp, delta, _delta, "best_eps_from_rdp_basic")
    log_d = ctx.log(d)
    return _best(ctx, [ctx.inf if ctx.is_inf(ti) else ti - log_d / (ai - 1) for ti, ai in zip(t, a)], a)


@formula
def best_delta_from_rdp(ctx, orders, rdp, eps):
    """min over the orders of the improved δ and the KL bound √(1 − e^{−τ}) (0 exactly at τ = 0), capped at 1:
    (δ, order)."""
    a, t, e = _over_orders(ctx, orders, rdp, eps, _eps, "best_delta_from_rdp")

    def at(ti, ai):  # log δ at one order
        if ctx.is_inf(ti):
            return ctx.num(0)
        if ctx.is_zero(ti):
            return ctx.ninf
        improved = _improved_log_delta(ctx, ti, ai, e)
        # the KL bound where τ > 0; an enclosure of τ ≈ 0 that straddles 0 takes both, or is undecided
        return ctx.branch(ctx.gt(ti, 0), lambda: ctx.min(improved, ctx.log(-ctx.expm1(-ti)) / 2), lambda: improved)

    return _capped_delta(ctx, *_best(ctx, [at(ti, ai) for ti, ai in zip(t, a)], a))


@formula
def best_delta_from_rdp_basic(ctx, orders, rdp, eps):
    """min over the orders of the basic δ = e^{(α−1)(τ−ε)}, capped at 1: (δ, order)."""
    a, t, e = _over_orders(ctx, orders, rdp, eps, _eps, "best_delta_from_rdp_basic")
    log_deltas = [ctx.num(0) if ctx.is_inf(ti) else (ai - 1) * (ti - e) for ti, ai in zip(t, a)]
    return _capped_delta(ctx, *_best(ctx, log_deltas, a))
