"""The RDP accountant of DP-SGD with Poisson subsampling (as in Opacus and TensorFlow Privacy).

`steps` compositions of the Poisson-subsampled Gaussian mechanism (noise multiplier σ, sampling rate γ) have
RDP steps · τ_α at every order α (:mod:`mechanisms.accounting.subsampled_gaussian`, exact at integer and fractional
orders); the accountant reports the smallest ε over a list of orders of the improved conversion
(:func:`mechanisms.accounting.rdp_conversion.eps_from_rdp`). :data:`OPACUS_ORDERS` is Opacus' default list.

The float and the certified accountants are a pair of routes, not one formula: at fractional orders the float
one takes the RDP by the two-series and the certified one by quadrature of the definition (two methods, see
:mod:`mechanisms.accounting.subsampled_gaussian`); every other step is the one formula of each (``ctx.subsampled_renyi``
at integer orders, ``ctx.eps_from_rdp``).
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from mechanisms.accounting import rdp_conversion as _rdp_conversion  # noqa: F401  (registers ctx.eps_from_rdp)
from mechanisms.accounting import subsampling as _subsampling  # noqa: F401  (registers ctx.subsampled_renyi)
from mechanisms.numerics.checks import check_probability, real
from mechanisms.numerics.context import certified, fp
from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.accounting.subsampled_gaussian import subsampled_gaussian_rdp, subsampled_gaussian_rdp_arb

__all__ = ["OPACUS_ORDERS", "dpsgd_best_order", "dpsgd_epsilon", "dpsgd_epsilon_arb"]


def _check(sigma, gamma, steps, delta, orders, fname):
    real(sigma, "sigma", fname, lo=0, lo_open=True)
    check_probability(gamma, "gamma", fname, lo_open=True, hi_open=False)
    check_probability(delta, "delta", fname)
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise InvalidInput(f"{fname}: steps must be an integer >= 1, got steps={steps}")
    if not orders or any(not isinstance(a, Fraction) or not a > 1 for a in orders):
        raise InvalidInput(f"{fname}: orders must be a non-empty list of Fractions > 1, got orders={orders!r}")


# the default orders of Opacus' RDP accountant: 1.1, 1.2, …, 10.9, then 12, …, 63
OPACUS_ORDERS = tuple([Fraction(10 + x, 10) for x in range(1, 100)] + [Fraction(k) for k in range(12, 64)])


def _eps_lower_from_integer(alpha, rdp_floor, steps, delta):
    """A lower bound of ε at order α from the RDP at ⌊α⌋ (RDP is non-decreasing in the order)."""
    return fp.eps_from_rdp(steps * rdp_floor, alpha, delta)


def dpsgd_best_order(sigma, gamma, steps, delta, orders=OPACUS_ORDERS):
    """(ε, the order attaining it): min over the orders of the improved RDP → (ε, δ) conversion for `steps`
    compositions of the Poisson-subsampled Gaussian mechanism (noise multiplier σ, sampling rate γ, exact RDP
    at every order), float. Fractional orders whose lower bound from the integer order below already
    exceeds the best are skipped (RDP is non-decreasing in the order)."""
    _check(sigma, gamma, steps, delta, orders, "dpsgd_best_order")
    return _best_order(sigma, gamma, int(steps), delta, tuple(orders))


def dpsgd_epsilon(sigma, gamma, steps, delta, orders=OPACUS_ORDERS):
    """The ε of :func:`dpsgd_best_order` (float): the float method of the pair, fractional orders by the two-series
    of :func:`subsampled_gaussian_rdp`; :func:`dpsgd_epsilon_arb` takes them by certified quadrature."""
    return dpsgd_best_order(sigma, gamma, steps, delta, orders)[0]


@lru_cache(maxsize=256)
def _best_order(sigma, gamma, steps, delta, orders):
    s, g, d = float(sigma), float(gamma), float(delta)
    ints = {}
    top = int(max(orders)) + 1
    for k in range(2, top + 1):
        ints[k] = fp.subsampled_renyi({j: j / (2 * s * s) for j in range(2, k + 1)}, k, g)
    best = (math.inf, None)
    for a in orders:
        if a.denominator == 1:
            e = fp.eps_from_rdp(steps * ints[int(a)], float(a), d)
            best = min(best, (e, a))
    for a in orders:
        if a.denominator == 1:
            continue
        k = math.floor(a)
        floor_rdp = ints[k] if k >= 2 else 0.0
        if _eps_lower_from_integer(float(a), floor_rdp, steps, d) >= best[0]:
            continue
        e = fp.eps_from_rdp(steps * subsampled_gaussian_rdp(float(a), s, g), float(a), d)
        best = min(best, (e, a))
    return best


def dpsgd_epsilon_arb(sigma, gamma, steps, delta, orders=OPACUS_ORDERS):
    """Certified enclosure of the min of :func:`dpsgd_epsilon` over the (exact) orders — the second route of the
    pair (fractional orders by quadrature, not the float route's series): the order attaining the float min gives
    the upper end; every order gives a certified lower bound (exact at integer orders, the
    integer order below for fractional orders, a quadrature where that bound is not enough)."""
    _check(sigma, gamma, steps, delta, orders, "dpsgd_epsilon_arb")
    s, g, d = to_fraction(sigma, "sigma"), to_fraction(gamma, "gamma"), to_fraction(delta, "delta")
    steps, orders = int(steps), tuple(orders)
    e_best, a_best = _best_order(float(s), g, steps, d, orders)
    ints = {}
    top = int(max(orders)) + 1
    for k in range(2, top + 1):
        ints[k] = certified.subsampled_renyi({j: to_arb(Fraction(j) / (2 * s * s)) for j in range(2, k + 1)}, k, g)
    up = certified.eps_from_rdp(steps * subsampled_gaussian_rdp_arb(a_best, s, g), a_best, d)
    low = up
    for a in orders:
        if a.denominator == 1:
            v = certified.eps_from_rdp(steps * ints[int(a)], a, d)
        else:
            k = math.floor(a)
            v = certified.eps_from_rdp(steps * (ints[k] if k >= 2 else arb(0)), a, d)
            if not v > up.lower():
                v = certified.eps_from_rdp(steps * subsampled_gaussian_rdp_arb(a, s, g), a, d)
        low = low.min(v)
    return low.lower().union(up.upper())


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# m.dpsgd_epsilon: the DP-SGD accountant over the subsampled Gaussian's RDP, whose two methods differ at fractional
# orders (the float two-series against the certified quadrature of the definition; integer orders: the binomial sum)
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
from flint import arb

route("dpsgd_epsilon", dpsgd_epsilon, dpsgd_epsilon_arb)
