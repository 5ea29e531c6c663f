"""The constants of Theorem 1 (ii) of paper 001 and the bound of its proof, Eq. (C.4).

The proof bounds KL(ξ(·|x) ‖ ξ(·|y)) by 2ρα Σ_{L≥1} L e^{−cα(L−1)} = 2ρα (1 − e^{−cα})^{−2} for every
shell width α > 0 and minimises over α: with u = cα, d/du [log u − 2 log(1 − e^{−u})] = 0 is e^u = 2u + 1,
whose non-zero root is w, so α* = w/c and the minimum is κρ/c with

    κ = 2w/(1 − e^{−w})² = (2w + 1)²/(2w) = e^{2w}/(2w),    w = −W_{−1}(−e^{−1/2}/2) − 1/2.

Two routes for w: Lambert W (arb) and a certified bisection of e^w − 2w − 1 (interval signs); the float
route is Brent's method.
"""
from __future__ import annotations

import math
from fractions import Fraction

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import to_arb

__all__ = ["theorem1_root", "theorem1_root_arb", "theorem1_root_bisection_arb", "kappa_constant",
           "kappa_constant_arb", "kappa_constant_bisection_arb", "shell_bound", "shell_bound_arb",
           "shell_bound_minimum", "kappa_constant_alternative"]


def theorem1_root() -> float:
    """w > 0 with e^w = 2w + 1 (float, Brent)."""
    from scipy.optimize import brentq

    return brentq(lambda w: math.expm1(w) - 2 * w, 0.5, 2.0, xtol=1e-16, rtol=1e-15)


def theorem1_root_arb():
    """w = −W_{−1}(−e^{−1/2}/2) − 1/2 (arb Lambert W, lower branch)."""
    from flint import arb

    z = -(arb(-1) / 2).exp() / 2
    return -z.lambertw(-1) - arb(1) / 2


def theorem1_root_bisection_arb():
    """w by bisection on rationals with certified signs of e^w − 2w − 1 (no Lambert W)."""
    import flint

    lo, hi = Fraction(1), Fraction(2)  # f(1) = e − 3 < 0 < f(2) = e² − 5

    def f(w):
        W = to_arb(w)
        return W.exp() - 2 * W - 1

    if not (f(lo) < 0 and f(hi) > 0):
        raise ArithmeticError("theorem1_root_bisection_arb: bracket [1, 2] not certified")
    for _ in range(int(flint.ctx.prec) + 8):
        mid = (lo + hi) / 2
        v = f(mid)
        if v < 0:
            lo = mid
        elif v > 0:
            hi = mid
        else:
            break
    return to_arb(lo).union(to_arb(hi))


def kappa_constant() -> float:
    w = theorem1_root()
    return 2 * w / (-math.expm1(-w)) ** 2


def kappa_constant_arb():
    w = theorem1_root_arb()
    return 2 * w / (1 - (-w).exp()) ** 2


def kappa_constant_alternative() -> float:
    """κ = (2w + 1)²/(2w) (float), the algebraic form the bisection route uses."""
    w = theorem1_root()
    return (2 * w + 1) ** 2 / (2 * w)


def kappa_constant_bisection_arb():
    """κ = (2w + 1)²/(2w) from the bisected root (a second algebraic form, a second root-finder)."""
    w = theorem1_root_bisection_arb()
    return (2 * w + 1) ** 2 / (2 * w)


def shell_bound(alpha, c, rho=1) -> float:
    """2ρα(1 − e^{−cα})^{−2}, the right-hand side of (C.4) for shell width α (float)."""
    a, c, rho = float(alpha), float(c), float(rho)
    if not (a > 0 and c > 0):
        raise InvalidInput(f"shell_bound: alpha and c must be > 0, got alpha={alpha}, c={c}")
    return 2 * rho * a / (-math.expm1(-c * a)) ** 2


def shell_bound_arb(alpha, c, rho=1):
    a, cc, r = to_arb(alpha), to_arb(c), to_arb(rho)
    return 2 * r * a / (-(-cc * a).expm1()) ** 2


def shell_bound_minimum(c, rho=1) -> float:
    """min over α > 0 of :func:`shell_bound` by numerical minimisation (float)."""
    from scipy.optimize import minimize_scalar

    c = float(c)
    r = minimize_scalar(lambda u: shell_bound(math.exp(u) / c, c, rho), bounds=(-8.0, 8.0), method="bounded",
                        options={"xatol": 1e-12})
    return float(r.fun)
