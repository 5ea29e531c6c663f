"""The constants of Theorem 1 (ii) of paper 001 and the bound of its proof, Eq. (C.4).

The proof bounds KL(ξ(·|x) ‖ ξ(·|y)) by 2ρα Σ_{L≥1} L e^{−cα(L−1)} = 2ρα (1 − e^{−cα})^{−2} for every
shell width α > 0 and minimises over α: with u = cα, d/du [log u − 2 log(1 − e^{−u})] = 0 is e^u = 2u + 1,
whose non-zero root is w, so α* = w/c and the minimum is κρ/c with

    κ = 2w/(1 − e^{−w})² = (2w + 1)²/(2w) = e^{2w}/(2w),    w = −W_{−1}(−e^{−1/2}/2) − 1/2.

w is named for what it is, the root of the shell bound's minimisation (``shell_root``). Three methods for it,
each a route: Brent's method (float), Lambert W (arb) and a certified bisection of e^w − 2w − 1 (interval
signs). κ as a function of w (in either form, ``kappa_constant`` and ``kappa_constant_algebraic``) and the shell
bound are formulas over the numeric context (``fp.kappa_constant(fp.shell_root())``, ``certified.shell_bound``,
``box.shell_bound`` over a box of (α, c, ρ)).
"""
from __future__ import annotations

import math
from fractions import Fraction

from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import formula, fp
from mechanisms.numerics.exact import to_arb

__all__ = ["shell_root", "shell_root_arb", "shell_root_bisection_arb", "kappa_constant", "kappa_constant_algebraic",
           "shell_bound", "shell_bound_minimum"]


def shell_root() -> float:
    """w > 0 with e^w = 2w + 1, the root behind κ of paper 001's Theorem 1 (ii) (float, Brent's method)."""
    return brentq(lambda w: math.expm1(w) - 2 * w, 0.5, 2.0, xtol=1e-16, rtol=1e-15)


def shell_root_arb():
    """w = −W_{−1}(−e^{−1/2}/2) − 1/2 (arb Lambert W, lower branch)."""
    z = -(arb(-1) / 2).exp() / 2
    return -z.lambertw(-1) - arb(1) / 2


def shell_root_bisection_arb():
    """w by bisection on rationals with certified signs of e^w − 2w − 1 (no Lambert W)."""
    lo, hi = Fraction(1), Fraction(2)  # f(1) = e − 3 < 0 < f(2) = e² − 5

    def f(w):
        W = to_arb(w)
        return W.exp() - 2 * W - 1

    if not (f(lo) < 0 and f(hi) > 0):
        raise ArithmeticError("shell_root_bisection_arb: bracket [1, 2] not certified")
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


@formula
def kappa_constant(ctx, w):
    """κ = 2w/(1 − e^{−w})² from the root w of e^w = 2w + 1 (paper 001, Theorem 1 (ii)): the shell bound's
    minimum, κρ/c, at α* = w/c."""
    w = ctx.real(w, "w", "kappa_constant", lo=0, lo_open=True)
    return 2 * w / ctx.expm1(-w) ** 2


@formula
def kappa_constant_algebraic(ctx, w):
    """κ = (2w + 1)²/(2w), the algebraic form of :func:`kappa_constant` that e^w = 2w + 1 gives (a second form:
    the two agree only at the root, so they check a root found by another method)."""
    w = ctx.real(w, "w", "kappa_constant_algebraic", lo=0, lo_open=True)
    return (2 * w + 1) ** 2 / (2 * w)


@formula
def shell_bound(ctx, alpha, c, rho=1):
    """2ρα(1 − e^{−cα})^{−2}, the right-hand side of paper 001's (C.4) for shell width α > 0, c > 0."""
    fname = "shell_bound"
    a = ctx.real(alpha, "alpha", fname, lo=0, lo_open=True)
    cc = ctx.real(c, "c", fname, lo=0, lo_open=True)
    r = ctx.real(rho, "rho", fname)
    return 2 * r * a / ctx.expm1(-cc * a) ** 2


def shell_bound_minimum(c, rho=1) -> float:
    """min over α > 0 of :func:`shell_bound` by numerical minimisation (float)."""
    c = float(c)
    r = minimize_scalar(lambda u: fp.shell_bound(math.exp(u) / c, c, rho), bounds=(-8.0, 8.0), method="bounded",
                        options={"xatol": 1e-12})
    return float(r.fun)


# ----------------------------------------------------------------------------- routes: two algorithms for one name
# w, the root of e^w = 2w + 1 behind κ (paper 001, Theorem 1 (ii)): Brent's method; Lambert W; bisection (κ itself is
# the formula m.kappa_constant(w), or m.kappa_constant_algebraic(w))
from mechanisms.numerics.context.routes import route  # noqa: E402  (the declaration beside the two algorithms)
import flint
from flint import arb
from scipy.optimize import brentq, minimize_scalar

route("shell_root", shell_root, shell_root_arb)
route("shell_root_bisection", shell_root, shell_root_bisection_arb)
