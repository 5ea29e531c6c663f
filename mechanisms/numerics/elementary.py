"""The elementary and special functions of one argument, in one table (after mpmath's ``_wrap_specfun``).

Each :class:`Elementary` says, for one function, everything a part of the suite needs of it:

* ``float`` — the float implementation (numpy / scipy, elementwise on arrays): the float context's method;
* ``arb`` — its arb (python-flint) form on one ball; ``certified`` — the certified context's value at one
  exact number, arb ball or exact infinity (the special cases, the domain, the exact values: ``exp(0) = 1``);
* ``monotone`` — where the prover encloses it over a wide ball from the ball's two ends (a test of the whole ball,
  None where it does not: :mod:`proofcheck.prove.tight`);
* ``derivative`` — f'(x) from the arb balls x and v = f(x), None where the jets leave it unknown
  (:mod:`proofcheck.prove.jets`);
* ``sympy`` — the sympy function that writes it (the evaluation of statements names sympy's functions by it),
  and ``symbolic`` — the symbolic margin writes it as a formula (:mod:`proofcheck.prove.symbolic`);
* ``doc`` — one line, the docstring every context's method carries.

The contexts (:mod:`mechanisms.numerics.context`), the prover's box contexts and jets and the symbolic margin
build their methods from :data:`ELEMENTARY`, so a function added here is added everywhere, and one that a part
does not cover is a failure of ``property_tests/test_elementary_table.py``, not a silently lost derivative.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import flint
import numpy as np
import sympy as sp
from scipy import special as _sp

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import INF, NEG_INF, ExactInfinity, Undecided, is_exact_number as _is_exact


@dataclass(frozen=True)
class Elementary:
    name: str
    doc: str
    float: Callable  # x (a float or an array) -> numpy's value
    certified: Callable  # (certified context, y) -> the value at one exact number, arb ball or exact infinity
    arb: Callable | None = None  # arb -> arb: the function on one ball (no special cases)
    monotone: Callable | None = None  # arb -> bool: the prover encloses it from a ball's ends where this holds
    derivative: Callable | None = None  # (x, v) -> f'(x), arb balls (v = f(x)); None: the jets leave it unknown
    sympy: Callable | None = None  # the sympy function
    symbolic: bool = False  # the symbolic margin writes it as a formula (its enclosures and sign rules know it)


def _anywhere(a) -> bool:
    return True


def _two_over_sqrt_pi():
    return 2 / flint.arb.pi().sqrt()


def _normal_density(x):
    return (-x * x / 2).exp() / (2 * flint.arb.pi()).sqrt()


# ----------------------------------------------------------------------------- float forms
def _float_sqrt(x):
    # a value ≥ 0 in exact arithmetic can come out as −1e−17 in floats (√JS of equal distributions)
    x = np.asarray(x, float)
    return np.sqrt(np.where((x < 0) & (x >= -1e-12), 0.0, x))


def _float_log1mexp(x):
    x = np.asarray(x, float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(x > -0.6931471805599453, np.log(-np.expm1(x)), np.log1p(-np.exp(x)))


def _float_positive_part(x):
    return np.maximum(x, 0.0)


# ----------------------------------------------------------------------------- certified forms, at one value
def _arb_method(name):
    """The certified value of a function arb has as a method, and no exact special case: an infinity refused."""
    def at(ctx, y):
        if isinstance(y, ExactInfinity):
            raise InvalidInput(f"{name} of {y}")
        return getattr(ctx.num(y), name)()
    at.__name__ = name
    return at


def _exp(ctx, y):
    if isinstance(y, ExactInfinity):
        return INF if y > 0 else 0
    if _is_exact(y) and y == 0:
        return 1
    return ctx.num(y).exp()


def _log(ctx, y):
    if isinstance(y, ExactInfinity):
        if y > 0:
            return INF
        raise InvalidInput("log of -inf")
    if _is_exact(y):
        if y <= 0:
            if y == 0:
                return NEG_INF
            raise InvalidInput(f"log of a negative value: {y}")
        if y == 1:
            return 0
    b = ctx.num(y)
    if b <= 0:
        raise InvalidInput(f"log of a value that is not positive: {b}")
    if not b > 0:
        raise Undecided(f"log of a ball that straddles 0: {b}")
    return b.log()


def _sqrt(ctx, y):
    if isinstance(y, ExactInfinity):
        if y > 0:
            return INF
        raise InvalidInput("sqrt of -inf")
    b = ctx.num(y)
    if b < 0:
        raise InvalidInput(f"sqrt of a negative value: {b}")
    return b.nonnegative_part().sqrt()  # a ball straddling 0 keeps its non-negative part


def _Phi(ctx, y):
    return (-ctx.num(y) / flint.arb(2).sqrt()).erfc() / 2


def _Phi_inv(ctx, y):
    if _is_exact(y) and y in (0, 1):
        return NEG_INF if y == 0 else INF
    b = ctx.num(y)
    if b < 0 or b > 1:
        raise InvalidInput(f"Phi_inv of a value outside [0, 1]: {b}")
    if not (b > 0 and b < 1):
        raise Undecided(f"Phi_inv of a ball that reaches 0 or 1: {b}")
    return -flint.arb(2).sqrt() * (2 * b).erfcinv()


def _log_Phi(ctx, y):
    b, r2 = ctx.num(y), flint.arb(2).sqrt()
    return (-(b / r2).erfc() / 2).log1p() if b > 0 else ((-b / r2).erfc() / 2).log()


def _erfcx_arb(b):
    return (b * b).exp() * b.erfc()


def _erfcx(ctx, y):
    if isinstance(y, ExactInfinity):
        return 0 if y > 0 else INF
    b = ctx.num(y)
    if b.is_exact() or not b.is_finite():
        return _erfcx_arb(b)
    return _erfcx_arb(flint.arb(b.upper())).union(_erfcx_arb(flint.arb(b.lower())))


def _positive_part(ctx, y):
    return ctx.max(0, y)


def gamma_argument(ctx, y, fname):
    """y as a ball that certainly avoids the poles 0, −1, −2, … of Γ (InvalidInput otherwise)."""
    if isinstance(y, ExactInfinity):
        raise InvalidInput(f"{fname} of {y}")
    b = ctx.num(y)
    if b.contains_integer() and not b > 0:
        raise InvalidInput(f"{fname}: x must certainly avoid the poles 0, -1, -2, ..., got x={y}")
    return b


def _gamma(ctx, y):
    return gamma_argument(ctx, y, "gamma").gamma()


def _lgamma_arb(b):
    if b > 0:
        return b.lgamma()
    return flint.arb.pi().log() - abs(b.sin_pi()).log() - (1 - b).lgamma()


def _lgamma(ctx, y):
    return _lgamma_arb(gamma_argument(ctx, y, "lgamma"))


def _digamma(ctx, y):
    b = gamma_argument(ctx, y, "digamma")
    if b.is_exact() or not b > 0:
        return b.digamma()
    # increasing on (0, ∞): the values at a ball's two ends hold it (arb's ψ of a wide ball is not finite)
    return flint.arb(b.lower()).digamma().union(flint.arb(b.upper()).digamma())


def _log1mexp(ctx, y):
    if isinstance(y, ExactInfinity) and y < 0:
        return 0
    b = ctx.num(y)
    if b >= 0:
        raise InvalidInput(f"log(1 − e^x) needs x < 0, got {b}")
    if not b < 0:
        raise Undecided(f"log(1 − e^x) of a ball that straddles 0: {b}")
    return (-b.expm1()).log()


def _positive_part_slope(x, v):
    from_kink = flint.arb(0.5, 0.5)  # [0, 1]: the slopes of (h)₊ at h = 0
    return flint.arb(1) if x > 0 else (flint.arb(0) if x < 0 else from_kink)


def _entries(*es: Elementary) -> dict[str, Elementary]:
    return {e.name: e for e in es}


ELEMENTARY: dict[str, Elementary] = _entries(
    Elementary("exp", "e^x.", np.exp, _exp, lambda a: a.exp(), _anywhere, lambda x, v: v, sp.exp, True),
    Elementary("log", "The natural logarithm (log 0 = −∞ exactly).", np.log, _log, lambda a: a.log(),
               lambda a: a > 0, lambda x, v: 1 / x if x > 0 else None, sp.log, True),
    Elementary("log1p", "log(1 + x).", np.log1p, _arb_method("log1p"), lambda a: a.log1p(), lambda a: a > -1,
               lambda x, v: 1 / (1 + x) if x > -1 else None, lambda z: sp.log(1 + z), True),
    Elementary("expm1", "e^x − 1.", np.expm1, _arb_method("expm1"), lambda a: a.expm1(), _anywhere,
               lambda x, v: v + 1, lambda z: sp.exp(z) - 1, True),
    Elementary("sqrt", "√x (x ≥ 0).", _float_sqrt, _sqrt, lambda a: a.sqrt(), lambda a: a >= 0,
               lambda x, v: 1 / (2 * v) if v > 0 else None, sp.sqrt, True),
    Elementary("erf", "The error function.", _sp.erf, _arb_method("erf"), lambda a: a.erf(), _anywhere,
               lambda x, v: _two_over_sqrt_pi() * (-x * x).exp(), sp.erf, True),
    Elementary("erfc", "The complementary error function 1 − erf x.", _sp.erfc, _arb_method("erfc"),
               lambda a: a.erfc(), _anywhere, lambda x, v: -_two_over_sqrt_pi() * (-x * x).exp(), sp.erfc, True),
    Elementary("erfcx", "e^{x²} erfc(x), the scaled complementary error function (0 at +∞, +∞ at −∞). It is "
               "decreasing, so a ball's enclosure is the union of its ends' values (no dependency between e^{x²} "
               "and erfc(x)).", _sp.erfcx, _erfcx, _erfcx_arb, _anywhere,
               lambda x, v: 2 * x * v - _two_over_sqrt_pi()),
    Elementary("Phi", "The standard normal CDF, ½ erfc(−x/√2).", _sp.ndtr, _Phi,
               lambda a: (-a / flint.arb(2).sqrt()).erfc() / 2, _anywhere, lambda x, v: _normal_density(x)),
    Elementary("log_Phi", "log Φ(x): log(erfc(−x/√2)/2), and log1p(−erfc(x/√2)/2) where x > 0 (full relative "
               "accuracy as Φ → 1).", _sp.log_ndtr, _log_Phi, None, _anywhere,
               lambda x, v: _normal_density(x) / v.exp()),
    Elementary("Phi_inv", "The standard normal quantile Φ⁻¹(p) = −√2 erfcinv(2p) on [0, 1] (arb's certified "
               "erfcinv; the exact infinities at p = 0 and 1). A ball that reaches 0 or 1 without being it is "
               "undecided.", _sp.ndtri, _Phi_inv, lambda a: -flint.arb(2).sqrt() * (2 * a).erfcinv()),
    Elementary("lgamma", "log|Γ(x)| away from the poles (the float context's gammaln): for x < 0 by reflection, "
               "|Γ(x)| = π / (|sin πx| Γ(1 − x)).", _sp.gammaln, _lgamma, _lgamma_arb, None,
               lambda x, v: x.digamma() if x > 0 else None, sp.loggamma),
    Elementary("gamma", "Γ(x) away from the poles 0, −1, −2, … (a ball that may hold one is refused).", _sp.gamma,
               _gamma, lambda a: a.gamma(), None, lambda x, v: v * x.digamma() if x > 0 else None, sp.gamma),
    Elementary("digamma", "ψ(x) = Γ'(x)/Γ(x) away from the poles.", _sp.psi, _digamma, lambda a: a.digamma()),
    Elementary("sinh", "sinh x.", np.sinh, _arb_method("sinh"), lambda a: a.sinh(), _anywhere,
               lambda x, v: x.cosh(), sp.sinh),
    Elementary("cosh", "cosh x.", np.cosh, _arb_method("cosh"), lambda a: a.cosh(), None,
               lambda x, v: x.sinh(), sp.cosh),
    Elementary("tanh", "tanh x.", np.tanh, _arb_method("tanh"), lambda a: a.tanh(), _anywhere,
               lambda x, v: 1 - v * v, sp.tanh),
    Elementary("atan", "arctan x.", np.arctan, _arb_method("atan"), lambda a: a.atan(), _anywhere,
               lambda x, v: 1 / (1 + x * x), sp.atan),
    Elementary("sin", "sin x.", np.sin, _arb_method("sin"), lambda a: a.sin(), None, lambda x, v: x.cos(),
               sp.sin, True),
    Elementary("cos", "cos x.", np.cos, _arb_method("cos"), lambda a: a.cos(), None, lambda x, v: -x.sin(),
               sp.cos, True),
    Elementary("log1mexp", "log(1 − e^x) for x < 0.", _float_log1mexp, _log1mexp, lambda a: (-a.expm1()).log()),
    Elementary("positive_part", "[x]_+ = max(x, 0), elementwise (exact stays exact; a ball straddling 0 keeps its "
               "part ≥ 0).", _float_positive_part, _positive_part, lambda a: a.max(flint.arb(0)), None,
               _positive_part_slope),
)
"""name -> :class:`Elementary`: every function of one argument that every context provides."""


def float_method(e: Elementary) -> Callable:
    """The float context's method of entry ``e``: numpy's value, a Python float for a scalar."""
    f = e.float

    def method(x):
        out = f(x)
        return out if type(out) is np.ndarray and out.ndim else float(out)
    _name(method, e)
    return method


def certified_method(e: Elementary) -> Callable:
    """The certified context's method of entry ``e``: its value at each entry of an array, or at one value."""
    at = e.certified

    def method(self, x):
        return self._map(lambda y: at(self, y), x)
    _name(method, e)
    return method


def _name(method, e: Elementary) -> None:
    method.__name__ = method.__qualname__ = e.name
    method.__doc__ = e.doc
    method.elementary = e


__all__ = ["ELEMENTARY", "Elementary", "float_method", "certified_method", "gamma_argument"]
