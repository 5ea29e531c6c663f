"""Calibration: the smallest noise scale that meets a target privacy guarantee, certified and tight to d digits.

* :func:`gaussian_sigma` — the analytic Gaussian mechanism (Balle & Wang 2018, Algorithm 1): the smallest σ with
  δ_σ(ε) ≤ δ, δ_σ the exact Gaussian profile (:func:`~mechanisms.continuous.gaussian_dp.gaussian_delta`);
* :func:`laplace_scale` — the smallest Laplace scale b with δ_b(ε) = 1 − e^{−[Δ/b − ε]_+/2} ≤ δ
  (b = Δ/(ε − 2 log(1 − δ)) in closed form; Δ/ε at δ = 0);
* :func:`dpsgd_sigma` — the smallest noise multiplier σ of DP-SGD (Poisson rate q, ``steps`` steps) whose RDP curve,
  converted to (ε, δ) at the best order (:func:`~mechanisms.accounting.dpsgd_accountant.dpsgd_epsilon`), meets ε:
  what opacus's ``get_noise_multiplier`` computes with its RDP accountant.

Each quantity is decreasing in the scale, so the answer is found by bisection in floats, then rounded up to an exact
rational on a grid of 10^−digits relative and certified on the certified context: the guarantee holds at σ (ball
evaluation, its upper end ≤ the target) and fails at σ·(1 − 10^−digits) (its lower end > the target), so σ is the
smallest to d digits. The result is a :class:`Calibration` carrying both balls. Bad input raises InvalidInput first.

One return type per name, outside this module: ``m.gaussian_sigma`` (a quantity's) and the package's
``mechanisms.accounting.gaussian_sigma`` are the value, a number (:func:`gaussian_sigma_exact`); the package's
``gaussian_sigma_calibration`` is this module's :func:`gaussian_sigma`, the Calibration (likewise laplace_scale,
dpsgd_sigma).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from mechanisms.errors import InvalidInput
from mechanisms.numerics.checks import exact_real, real
from mechanisms.numerics.context import certified, fp
from mechanisms.numerics.exact import Undecided

__all__ = ["Calibration", "gaussian_sigma", "laplace_scale", "dpsgd_sigma",
           "gaussian_sigma_float", "laplace_scale_float", "dpsgd_sigma_float", "gaussian_sigma_exact",
           "laplace_scale_exact", "dpsgd_sigma_exact", "gaussian_sigma_grid", "laplace_scale_grid", "dpsgd_sigma_grid"]

_DIGITS = 6
_MAX_STEPS = 200


@dataclass(frozen=True)
class Calibration:
    """``value`` meets the target (``at_value`` ≤ target, certified); ``below`` = value·(1 − 10^−digits) does not
    (``at_below`` > target, certified)."""
    value: Fraction
    at_value: object
    below: Fraction
    at_below: object
    target: Fraction


def _bisect(excess, lo, hi):
    """The root of a decreasing float function (excess > 0 below it), bracketed by doubling."""
    while excess(hi) > 0:
        lo, hi = hi, 2 * hi
        if hi > 1e300:
            raise InvalidInput("calibration: no scale meets the target")
    while excess(lo) <= 0 and lo > 1e-300:
        hi, lo = lo, lo / 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if excess(mid) > 0:
            lo = mid
        else:
            hi = mid
    return hi


def _round_up(x: float, digits: int) -> tuple[Fraction, Fraction]:
    """(x rounded up to a grid of unit 10^{⌊log₁₀ x⌋ − digits} as an exact rational, the unit): a unit at most
    x·10^−digits, so one below a σ that meets the target by less than a unit, σ(1 − 10^−digits) falls below the root."""
    e = math.floor(math.log10(x)) - digits
    unit = Fraction(10) ** e
    return math.ceil(Fraction(x) / unit) * unit, unit


def _certify(value_of, target, start: float, digits: int, fname: str) -> Calibration:
    """Walk the d-digit grid from the float estimate until the certified value meets the target at σ and fails at
    σ(1 − 10^−d)."""
    shrink = 1 - Fraction(1, 10**digits)
    s, unit = _round_up(start, digits)
    for _ in range(_MAX_STEPS):
        at = value_of(s)
        if not certified.certainly_le(at, target):
            s += unit
            continue
        below = s * shrink
        at_below = value_of(below)
        fails = certified.gt(at_below, target)
        if not certified.undecided(fails):
            if fails:
                return Calibration(s, at, below, at_below, target)
            s -= unit
            continue
        raise Undecided(f"{fname}: the target is met at {below} to the working precision; raise it or lower digits")
    raise Undecided(f"{fname}: no {digits}-digit scale certified within {_MAX_STEPS} steps of {start}")


def _digits(digits, fname):
    if isinstance(digits, bool) or not isinstance(digits, int) or not 1 <= digits <= 30:
        raise InvalidInput(f"{fname}: digits must be an integer in [1, 30], got digits={digits!r}")
    return digits


def _exact(x, name, fname, **bounds):
    v = exact_real(x, name, fname, **bounds)
    if not isinstance(v, Fraction):
        raise InvalidInput(f"{fname}: {name} must be an exact rational, got {name}={x} (in a quantity, read the case "
                           f"with m.value, which keeps exact numbers exact; m.num makes a ball)")
    return v


# ----------------------------------------------------------------------------- the analytic Gaussian mechanism
def gaussian_sigma_float(eps, delta, sensitivity=1):
    """The smallest σ with δ_σ(ε) ≤ δ (float bisection on the exact profile)."""
    fname = "gaussian_sigma"
    e = real(eps, "eps", fname, lo=0)
    d = real(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    sens = real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    return _bisect(lambda s: fp.gaussian_delta(s, e, sens) - d, sens, 2 * sens)


def gaussian_sigma(eps, delta, sensitivity=1, digits=_DIGITS) -> Calibration:
    """The analytic Gaussian mechanism's σ for (ε, δ), certified and tight to ``digits`` digits."""
    fname = "gaussian_sigma"
    e = _exact(eps, "eps", fname, lo=0)
    d = _exact(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    sens = _exact(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    digits = _digits(digits, fname)
    start = gaussian_sigma_float(float(e), float(d), float(sens))
    return _certify(lambda s: certified.gaussian_delta(s, e, sens), d, start, digits, fname)


# ----------------------------------------------------------------------------- Laplace
def laplace_scale_float(eps, delta=0, sensitivity=1):
    """The smallest b with 1 − e^{−[Δ/b − ε]_+/2} ≤ δ: Δ/(ε − 2 log(1 − δ))."""
    fname = "laplace_scale"
    e = real(eps, "eps", fname, lo=0)
    d = real(delta, "delta", fname, lo=0, hi=1, hi_open=True)
    sens = real(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    if e - 2 * math.log1p(-d) <= 0:
        raise InvalidInput(f"{fname}: eps = delta = 0 has no finite scale, got eps={eps}, delta={delta}")
    return sens / (e - 2 * math.log1p(-d))


def laplace_scale(eps, delta=0, sensitivity=1, digits=_DIGITS) -> Calibration:
    """The Laplace scale for (ε, δ), certified and tight to ``digits`` digits (by the profile, not the closed form)."""
    fname = "laplace_scale"
    e = _exact(eps, "eps", fname, lo=0)
    d = _exact(delta, "delta", fname, lo=0, hi=1, hi_open=True)
    sens = _exact(sensitivity, "sensitivity", fname, lo=0, lo_open=True)
    digits = _digits(digits, fname)
    start = laplace_scale_float(float(e), float(d), float(sens))
    return _certify(lambda b: certified.laplace_delta(b, e, sens), d, start, digits, fname)


# ----------------------------------------------------------------------------- DP-SGD through RDP
def dpsgd_sigma_float(eps, delta, q, steps, orders=None):
    """The smallest noise multiplier with DP-SGD's RDP ε(δ) ≤ eps (float bisection)."""
    from mechanisms.accounting.dpsgd_accountant import OPACUS_ORDERS, dpsgd_epsilon

    orders = OPACUS_ORDERS if orders is None else orders
    fname = "dpsgd_sigma"
    e = real(eps, "eps", fname, lo=0, lo_open=True)
    return _bisect(lambda s: dpsgd_epsilon(s, q, steps, delta, orders) - e, 0.5, 1.0)


def dpsgd_sigma(eps, delta, q, steps, orders=None, digits=4) -> Calibration:
    """DP-SGD's noise multiplier for (ε, δ) through the RDP curve and the improved conversion, certified and tight
    to ``digits`` digits (each evaluation: :func:`~mechanisms.accounting.dpsgd_accountant.dpsgd_epsilon_arb`)."""
    from mechanisms.accounting.dpsgd_accountant import OPACUS_ORDERS, dpsgd_epsilon_arb

    fname = "dpsgd_sigma"
    orders = OPACUS_ORDERS if orders is None else orders
    e = _exact(eps, "eps", fname, lo=0, lo_open=True)
    d = _exact(delta, "delta", fname, lo=0, lo_open=True, hi=1, hi_open=True)
    qq = _exact(q, "q", fname, lo=0, lo_open=True, hi=1)
    digits = _digits(digits, fname)
    start = dpsgd_sigma_float(float(e), float(d), float(qq), steps, orders)
    return _certify(lambda s: dpsgd_epsilon_arb(s, qq, steps, d, orders), e, start, digits, fname)


# ----------------------------------------------------------------------------- the two routes of one quantity
# m.gaussian_sigma, m.laplace_scale and m.dpsgd_sigma are the smallest scale on the 10^−digits grid that meets the
# target: the certified route certifies it (meets at σ, fails one grid step below), the float route rounds the
# float root up to the same grid, so both compute one quantity (the float root itself is *_float, a start)
def _on_grid(root: float, digits: int) -> float:
    return float(_round_up(root, digits)[0])


def gaussian_sigma_grid(eps, delta, sensitivity=1, digits=_DIGITS):
    """The float route of m.gaussian_sigma: the float root rounded up to the certified route's grid."""
    return _on_grid(gaussian_sigma_float(eps, delta, sensitivity), _digits(digits, "gaussian_sigma"))


def laplace_scale_grid(eps, delta=0, sensitivity=1, digits=_DIGITS):
    """The float route of m.laplace_scale: Δ/(ε − 2 log(1 − δ)) rounded up to the certified route's grid."""
    return _on_grid(laplace_scale_float(eps, delta, sensitivity), _digits(digits, "laplace_scale"))


def dpsgd_sigma_grid(eps, delta, q, steps, orders=None, digits=4):
    """The float route of m.dpsgd_sigma: the float root rounded up to the certified route's grid."""
    return _on_grid(dpsgd_sigma_float(eps, delta, q, steps, orders), _digits(digits, "dpsgd_sigma"))


# ----------------------------------------------------------------------------- the certified routes' values
def gaussian_sigma_exact(eps, delta, sensitivity=1, digits=_DIGITS):
    """The certified route of m.gaussian_sigma: the exact rational σ of :func:`gaussian_sigma`."""
    return gaussian_sigma(eps, delta, sensitivity, digits).value


def laplace_scale_exact(eps, delta=0, sensitivity=1, digits=_DIGITS):
    """The certified route of m.laplace_scale: the exact rational b of :func:`laplace_scale`."""
    return laplace_scale(eps, delta, sensitivity, digits).value


def dpsgd_sigma_exact(eps, delta, q, steps, orders=None, digits=4):
    """The certified route of m.dpsgd_sigma: the exact rational σ of :func:`dpsgd_sigma`."""
    return dpsgd_sigma(eps, delta, q, steps, orders, digits).value
