"""Divergences between posteriors on finite supports (mechanisms.bayesian.posterior_divergence has the continuous
laws): a posterior on finitely many atoms as log-weights, ``log w_i − log Σ w``; an atom of mass 0 has the
log-weight −∞ (the context's exact −∞ on the certified paths). Each is a formula over the numeric context
(``finite_*_log``)."""
from __future__ import annotations

from fractions import Fraction

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import formula

__all__ = ["normalise_log", "finite_kl", "finite_tv", "finite_renyi", "finite_max_divergence", "finite_hockey_stick_delta"]


def _empty(ctx, x) -> bool:
    return ctx.is_inf(x) and x < 0


def _on_p(ctx, lp, lq, term):
    """term(log p, log q) over the atoms of P, in order; None where Q has no mass on one of them (there the
    divergence is +∞)."""
    terms = []
    for x, y in zip(lp, lq):
        if _empty(ctx, x):
            continue
        if _empty(ctx, y):
            return None
        terms.append(term(x, y))
    return terms


@formula
def normalise_log(ctx, logw):
    """log w − log Σ w for log-weights w (−∞ entries, atoms of mass 0, stay −∞)."""
    lz = ctx.log_sum_exp(list(logw))
    if ctx.is_inf(lz):
        raise InvalidInput("normalise_log: every weight is zero")
    return ctx.vector([x if _empty(ctx, x) else x - lz for x in logw])


@formula(name="finite_kl_log")
def finite_kl(ctx, lp, lq):
    """KL(P‖Q) = Σ_{p > 0} p (log p − log q) from log-weights; +∞ where Q has no mass on an atom of P."""
    terms = _on_p(ctx, lp, lq, lambda x, y: ctx.exp(x) * (x - y))
    return ctx.inf if terms is None else ctx.sum(terms, ctx.exact(0))


@formula(name="finite_tv_log")
def finite_tv(ctx, lp, lq):
    """TV(P, Q) = ½ Σ |p − q| from log-weights."""
    total = ctx.sum((ctx.abs(ctx.exp(x) - ctx.exp(y)) for x, y in zip(lp, lq)), ctx.exact(Fraction(0)))
    return total / 2  # (an exact total is an Exact: halved exactly)


@formula(name="finite_max_divergence_log")
def finite_max_divergence(ctx, lp, lq):
    """D_∞(P‖Q) = max over atoms of P of log p/q = log sup_B P(B)/Q(B), from log-weights."""
    vals = _on_p(ctx, lp, lq, lambda x, y: x - y)
    return ctx.inf if vals is None else ctx.max(*vals)


@formula(name="finite_renyi_log")
def finite_renyi(ctx, lp, lq, alpha):
    """D_α(P‖Q) = log Σ p^α q^{1−α} / (α − 1) from log-weights; +∞ for α > 1 where Q has no mass on an atom
    of P (for α < 1 such an atom adds nothing)."""
    al = ctx.real(alpha, "alpha", "finite_renyi_log", lo=0, lo_open=True)
    terms = []
    for x, y in zip(lp, lq):
        if _empty(ctx, x):
            continue
        if _empty(ctx, y):
            if ctx.gt(al, 1):
                return ctx.inf
            continue
        terms.append(al * x + (1 - al) * y)
    return ctx.log_sum_exp(terms) / (al - 1)


@formula(name="finite_hockey_stick_log")
def finite_hockey_stick_delta(ctx, lp, lq, eps):
    """δ(ε) = Σ (p − e^ε q)₊ from log-weights."""
    ee = ctx.exp(ctx.real(eps, "eps", "finite_hockey_stick_log"))
    return ctx.sum((ctx.positive_part(ctx.exp(x) - ee * ctx.exp(y)) for x, y in zip(lp, lq)), ctx.exact(0))
