"""What a quantity receives as ``m``: a path over a numeric context (mechanisms.numerics.context).

A claim's quantities are functions ``(case, m) -> value`` where ``m`` is :data:`FLOAT` (floats and numpy,
for the search), :data:`CERTIFIED` (exact rationals and arb balls, for the verdict) or :data:`BOX` (balls of
any width over a parameter box, for proofs). Each exposes the same names, so a quantity never branches on
the path: it calls ``m.kl``, ``m.erfc``, ``m.vmf_rdp``, ``m.hockey_stick_delta``, ...

Most names are formulas written once over the context (``mechanisms.numerics.context.FORMULAS``); the context decides
the numerics. :data:`ROUTES` holds the rest: names computed by two genuinely different methods (a float
quadrature against a certified integral, scipy's CDF against an exact sum), each pair declared beside its two
algorithms in ``mechanisms`` (``mechanisms.numerics.context.route``, the library's table loaded on first use), and
the readers of the case with the few routes written here. On the certified path no machine number enters a route
or a formula, and a route's float infinity is promoted to the exact one; on the box path a route without a box form
refuses a Ball. A second method written over the context (a quadrature against a closed form: m.vmf_kl_quadrature,
m.gaussian_capacity_quadrature, m.posterior_kl_quadrature, m.gaussian_reference_cost_quadrature, ...) is a formula
of its own name, not a route.

Reading the case: ``m.value(x)`` is a number of the case as the path takes it (a float; an exact ``Exact``
or int on the certified path, which mixes with balls), ``m.num(x)`` the same as a value to compute with (a
float; an arb ball; a Ball), ``m.vector`` / ``m.matrix`` distributions and channels, ``m.uniform(n)`` the
uniform prior.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from mechanisms.accounting import pld as _pld
from mechanisms.errors import InvalidInput
from mechanisms.numerics.context import FORMULAS
from mechanisms.numerics.context import box as ctx_box
from mechanisms.numerics.context import certified as ctx_certified
from mechanisms.numerics.context import fp as ctx_fp
from mechanisms.numerics.context.routes import all_routes, refuse_clashes, route as _declare_route
from mechanisms.numerics.exact import FloatOnCertifiedPath
from proofcheck.errors import OutsideDomain
from proofcheck.numerics import to_arb


# ----------------------------------------------------------------------------- second routes (finite measures)
def _float_js_by_entropies(p, q):
    """JS by scipy's relative entropy, ½Σ rel_entr(p, M) + ½Σ rel_entr(q, M), M = (p + q)/2: shares no
    code with the js formula of mechanisms.finite.channels (scipy.spatial.distance.jensenshannon is its square root,
    which turns the rounding noise of two equal distributions into NaN). A JS is ≥ 0: noise below 0 is
    clamped."""
    p, q = np.asarray(p, float), np.asarray(q, float)
    mid = (p + q) / 2
    return float(max(np.sum(rel_entr(p, mid)) / 2 + np.sum(rel_entr(q, mid)) / 2, 0.0))


def _c_js_by_entropies(p, q):
    """JS by the entropy identity H(M) − ½H(P) − ½H(Q), M = (P + Q)/2: no KL term formed."""
    def entropy(v):
        return -ctx_certified.sum(ctx_certified.xlogy(v, v))

    p, q = ctx_certified.vector(p), ctx_certified.vector(q)
    mid = (p + q) / 2
    return entropy(mid) - entropy(p) / 2 - entropy(q) / 2


def _float_binomial_within_relative_error(T, kappa, eps):
    """P(|X/T − κ| ≤ εκ), X ~ Binomial(T, κ), by scipy's CDF and survival function (the complement's
    two tails, which keeps digits near 1); the interval's ends widened by 1e−12·T against rounding."""
    lo = math.ceil(T * kappa * (1 - eps) - 1e-12 * T)
    hi = math.floor(T * kappa * (1 + eps) + 1e-12 * T)
    if max(lo, 0) > min(hi, T):
        return 0.0
    return float(1.0 - binom.cdf(max(lo, 0) - 1, T, kappa) - binom.sf(min(hi, T), T, kappa))


def _exact_binomial_within_relative_error(T, kappa, eps):
    """The same probability as an exact rational sum over k = 0..T (no CDF)."""
    kappa, eps = Fraction(kappa), Fraction(eps)
    total = Fraction(0)
    for k in range(T + 1):
        if abs(Fraction(k, T) - kappa) <= eps * kappa:
            total += math.comb(T, k) * kappa**k * (1 - kappa) ** (T - k)
    return to_arb(total)


# ----------------------------------------------------------------------------- reading the case
def _float_num(x):
    """A number of the case as a value to compute with: a float on the float path, its certified enclosure (an arb
    ball, exact where the number is) on the certified path, a Ball over a box on the box path. For an exact number
    that must stay exact (a route that refuses balls), use m.value."""
    return NumOfCase(x)


class NumOfCase(float):
    """A float of the case read with m.num on the float path: a plain float in every respect, except that a route
    taking exact numbers only (EXACT_ARGS) refuses it at the call in the search, as the certified path refuses the
    ball m.num gives there — so the mistake is said at the first case, not after the search. Arithmetic on it
    gives plain floats (a computed value cannot be told from m.value's on the float path; the certified path
    refuses its ball)."""
    __slots__ = ()


def _float_value(x):
    """An exact number of the case as it is: an int stays an int; a rational (Fraction('1/10'), an int ratio) is an
    exact number on the certified path, mixing with balls (m.value(eps) / m.num(delta)); a float on the float
    path. Use it for what the case holds exactly — the routes that take only exact numbers (pld_delta, the
    calibrations) need it, where m.num would hand them a ball."""
    if isinstance(x, (bool, str)) or x is None:
        raise InvalidInput(f"{x!r} is not a number")
    if isinstance(x, (int, np.integer)):
        return int(x)  # an integer of the case stays one on both paths (a count, a dimension)
    return float(x)


def _c_between_zero_and(x):
    return to_arb(0).union(to_arb(x).upper())


def _argmax_within(values, rel_tol):
    best = max(values)
    return {i for i, v in enumerate(values) if v >= best - rel_tol * abs(best)}


def _float_argmax_set(values):
    # a tie in exact arithmetic can come out split by rounding: ties within 1e−12 relative count
    return _argmax_within(values, 1e-12)


def _exact_argmax_set(values):
    return _argmax_within(values, 0)


def _float_nonnegative(x):
    # a sum that is ≥ 0 in exact arithmetic (a JS) can come out as −1e−17 in floats
    return max(x, 0.0)


def _c_nonnegative(x):
    # the certified value as it is: a ball straddling 0 is the arithmetic's to resolve (the context's sqrt keeps its non-negative part)
    return x


def _float_zero_within_rounding(x):
    # a gap that is 0 in exact arithmetic comes out as ~1e−16 in floats: below 1e−12 it is taken as 0
    x = float(x)
    return 0.0 if x <= 1e-12 else x


# ----------------------------------------------------------------------------- the protocol
# name on the path: (float route, certified route). Every name here is on both paths: the library's routes, each
# declared beside its two algorithms in mechanisms (mechanisms.numerics.context.routes: every module of the library
# is imported on first use, so none is named here), the readers of the case and the routes written below.
ROUTES: dict = {}
# Routes monotone in some arguments ({argument of the certified function: +1 non-decreasing, −1 non-increasing}),
# a theorem each declaration states (route(..., monotone=...)): the prover encloses such a route over a box by its
# certified values at the two extreme corners (proofcheck.prove.tight.monotone_route), as it does formulas declared
# monotone.
MONOTONE_ROUTES: dict = {}

CASE_READERS = ("num", "vector", "matrix")  # routes named as context operations: they read a case's exact numbers


def register(routes: dict) -> None:
    """Add routes to the protocol, each declared in the library's table as a module of mechanisms declares its own
    (``mechanisms.numerics.context.route``: on the paths built after it); a name registered twice, or the name of a
    formula written over the context or of a context operation, is an error (never a silent replacement)."""
    refuse_clashes(routes, ROUTES)
    for name, (float_fn, certified_fn) in routes.items():
        _declare_route(name, float_fn, certified_fn)
    ROUTES.update(routes)


def _own(routes: dict) -> None:
    """The path's own names (the readers of the case, the routes written here): on the paths, not in the library's
    table; checked as a route is (the readers of CASE_READERS may bear a context operation's name)."""
    refuse_clashes(routes, ROUTES, operations_allowed=CASE_READERS)
    ROUTES.update(routes)


_LIBRARY = all_routes()
ROUTES.update({k: r.pair() for k, r in _LIBRARY.items()})
MONOTONE_ROUTES.update({k: dict(r.monotone) for k, r in _LIBRARY.items() if r.monotone})
_DOCS = {k: r.doc for k, r in _LIBRARY.items() if r.doc}  # a route's declared doc, where its function has no docstring

_own({
    # P(|X/T − κ| ≤ εκ) for X ~ Binomial(T, κ): scipy's CDF; an exact rational sum
    "binomial_within_relative_error": (_float_binomial_within_relative_error, _exact_binomial_within_relative_error),
    # finite channels and priors, hockey-stick divergences, quantitative information flow: formulas over the
    # context (mechanisms.finite.channels, hockey_stick, leakage, channel_ops); a second JS, independent of the js
    # formula (an oracle for it): scipy's rel_entr on floats, the entropy identity certified
    "js_by_entropies": (_float_js_by_entropies, _c_js_by_entropies),
    # reading the case
    # an exact number of the case: an int stays an int, a rational is an Exact that mixes with balls
    "value": (_float_value, ctx_certified.exact),
    "num": (_float_num, to_arb),
    "vector": (lambda v: np.asarray(v, float), lambda v: [ctx_certified.exact(x) for x in v]),
    "matrix": (lambda K: np.asarray(K, float), lambda K: [[ctx_certified.exact(x) for x in row] for row in K]),
    "uniform": (lambda n: np.full(int(n), 1.0 / int(n)), lambda n: [Fraction(1, int(n))] * int(n)),
    # x is +inf (m.is_inf is the contexts' own: ±inf)
    "is_pos_inf": (lambda x: ctx_fp.is_inf(x) and x > 0, lambda x: ctx_certified.is_inf(x) and x > 0),
    # a value known only to lie in [0, x] (x an upper bound): the search takes x itself
    "between_zero_and": (lambda x: x, _c_between_zero_and),
    # a value ≥ 0 in exact arithmetic: the search clamps float noise below 0; certified, as it is
    "nonnegative": (_float_nonnegative, _c_nonnegative),
    # a gap ≥ 0 that is often 0 exactly: the search takes ≤ 1e−12 as 0; certified, its exact value
    "zero_within_rounding": (_float_zero_within_rounding, to_arb),
    # the indices attaining the maximum of a list: exact; within 1e−12 relative in floats
    "argmax_set": (_float_argmax_set, _exact_argmax_set),
    # a value v known to be at least lower(): the search takes v; certified, the ball [lower(), v] (the costly
    # certified lower bound runs on the certified path only)
    "at_least": (lambda lower, v: v, lambda lower, v: lower().union(v)),
})


def _no_exact_route(thunk):
    raise OutsideDomain("a probability known only by Monte Carlo has no exact route "
                        "(a statistical claim's interval stands in for it on the certified path)")


_own({"statistical_estimate": (lambda thunk: thunk(), _no_exact_route)})


# Routes that take exact numbers only (an arb ball, even one of radius 0, is refused), by argument: checked at the
# call on the certified path, before any work, naming the argument and the reader that keeps a number of the case
# exact (m.value), where the library would refuse it deep inside (or, for a ball from m.num, name no reader).
EXACT_ARGS: dict = {
    "pld_delta": ("params", "eps", "h"),
    "gaussian_pld_delta": ("sigma", "eps", "sensitivity", "h"),
    "laplace_pld_delta": ("b", "eps", "sensitivity", "h"),
    "subsampled_gaussian_pld_delta": ("sigma", "q", "eps", "h"),
    "subsampled_laplace_pld_delta": ("b", "q", "eps", "h"),
    "discrete_laplace_pld_delta": ("a", "eps", "sensitivity", "q", "h"),
    "pld_compose_delta": ("eps", "h"),
    "pld_compose_epsilon": ("delta", "h"),
    "gaussian_sigma": ("eps", "delta", "sensitivity"),
    "laplace_scale": ("eps", "delta", "sensitivity"),
    "dpsgd_sigma": ("eps", "delta", "q"),
}


def _refuse_balls(name, fn, args, kwargs, float_path=False):
    """InvalidInput at the call when an argument of EXACT_ARGS[name] is (or holds) an arb ball (on the float path:
    a float read with m.num)."""

    ball = NumOfCase if float_path else flint.arb

    try:
        bound = inspect.signature(fn).bind(*args, **kwargs)
    except TypeError:
        return  # the route's own call says what is wrong
    for arg in EXACT_ARGS.get(name, ()):
        if arg not in bound.arguments:
            continue
        value = bound.arguments[arg]
        items = list(enumerate(value)) if isinstance(value, (list, tuple)) else [(None, value)]
        names = _pld.PARAMETERS.get(bound.arguments.get("mechanism"), ()) if name == "pld_delta" else ()
        for i, x in items:
            if isinstance(x, ball):
                read = arg if i is None else names[i] if i < len(names) else "..."
                label = arg if i is None else f"{arg}[{i}] ({read})" if read != "..." else f"{arg}[{i}]"
                shown = f"{x!r} is read with m.num (a ball on the certified path)" if float_path else \
                    f"{_short_ball(x)} is a ball"
                raise InvalidInput(
                    f"m.{name}: {label} = {shown}, and m.{name} takes exact numbers only: pass "
                    f"m.value(case[{read!r}]) (exact) rather than m.num(...) or a computed ball (m.num and arithmetic "
                    f"on balls give balls; m.value keeps the case's exact numbers exact)")


def _float_route(name, fn):
    """A route on the float path; one that takes exact numbers only refuses a float read with m.num at the call."""
    if name not in EXACT_ARGS:
        return fn

    def route(*args, **kwargs):
        _refuse_balls(name, fn, args, kwargs, float_path=True)
        return fn(*args, **kwargs)
    route.__name__ = name
    route.__doc__ = fn.__doc__ or _DOCS.get(name)
    route.__wrapped__ = fn
    return route


def _short_ball(x) -> str:
    """[mid ± radius] with the ball's own radius (arb's str(n) adds the rounding of the midpoint to n digits)."""
    if x.rad() == 0:
        return f"{x.mid().str(10, radius=False)} (an arb ball of radius 0)"
    return f"[{x.mid().str(10, radius=False)} ± {x.rad().str(2, radius=False)}]"


def _certified_route(name, fn):
    """A route (or formula) on the certified path, behind the context's boundary: no machine number enters
    it (ctx.refuse_machine_numbers), a route that takes exact numbers only refuses a ball at the call
    (EXACT_ARGS), and a library route's float infinity comes out as the exact one (ctx.from_route)."""
    where = f"m.{name}"
    exact = name in EXACT_ARGS

    def route(*args, **kwargs):
        ctx_certified.refuse_machine_numbers(args, where)
        ctx_certified.refuse_machine_numbers(tuple(kwargs.values()), where)
        if exact:
            _refuse_balls(name, fn, args, kwargs)
        return ctx_certified.from_route(fn(*args, **kwargs))
    route.__name__ = name
    route.__doc__ = fn.__doc__ or _DOCS.get(name)
    route.__wrapped__ = fn
    return route


def _reading(fn, what):
    """A reader of the case on the certified path: text is refused (a case holds numbers, not text)."""
    def read(x):
        if isinstance(x, str) or (isinstance(x, (list, tuple)) and any(
                isinstance(y, str) or (isinstance(y, (list, tuple)) and any(isinstance(z, str) for z in y)) for y in x)):
            raise FloatOnCertifiedPath(f"m.{what} of a string ({str(x)[:60]!r}): a case holds numbers; "
                                       "write an exact number as Fraction('0.1') or an int")
        return fn(x)
    read.__doc__ = ROUTES[what][0].__doc__ or fn.__doc__  # what the reader is for, on every path
    return read


class Path:
    """What a quantity receives as ``m``: a numeric context (mechanisms.numerics.context) — its operations and
    every formula written once over it — plus the routes of :data:`ROUTES` (a name with two algorithms,
    or one not yet written over the context), which take precedence."""

    def __init__(self, name: str, ctx, routes: dict, guard=None):
        self.name, self.ctx, self.inf = name, ctx, ctx.inf
        self.certified = ctx.certified
        self._guard = guard  # what a formula passes through on this path (the certified boundary), or None
        self.__dict__.update(routes)

    def __getattr__(self, key):
        if key.startswith("__") or key == "_guard":
            raise AttributeError(key)
        f = getattr(self.ctx, key)
        if self._guard is not None and key in FORMULAS:  # no machine number enters a certified formula either
            f = self._guard(key, f)
        self.__dict__[key] = f
        return f

    def __repr__(self):
        return f"<{self.name} path>"

    def __reduce__(self):
        return (_path_named, (self.name,))


def _path_named(name):
    return {"float": FLOAT, "certified": CERTIFIED, "box": BOX}[name]


def _path(name: str, which: int) -> Path:
    if which == 0:
        return Path(name, ctx_fp, {k: _float_route(k, v[0]) for k, v in ROUTES.items()})
    routes = {k: _certified_route(k, v[1]) for k, v in ROUTES.items()}
    for k in ("value", "num", "vector", "matrix"):
        routes[k] = _reading(routes[k], k)
    return Path(name, ctx_certified, routes, guard=_certified_route)


# ----------------------------------------------------------------------------- the box path
# Case values are Balls over a box. Only what is written over the context is evaluated on boxes (sound
# by construction: a Ball answers a comparison only when the whole box decides it); a route of ROUTES
# given a Ball has no box form and says so (the prover splits the box or leaves it undecided). Given
# exact arguments only, a route is the certified one and its ball result becomes a Ball.
# NoBoxForm (an Undecided): a route, or a context operation such as ctx.integral, without a form over boxes was
# given a Ball (mechanisms.numerics.context.box)
from mechanisms.numerics.context.box import NoBoxForm  # noqa: E402
import flint
import inspect
from scipy.special import rel_entr
from scipy.stats import binom


def _box_route(name, certified_route):
    def route(*args, **kwargs):
        if ctx_box.has_ball(args) or ctx_box.has_ball(tuple(kwargs.values())):
            raise NoBoxForm(f"m.{name} has no form over boxes (it is not written over the numeric context)")
        return ctx_box.from_certified(certified_route(*args, **kwargs))
    route.__name__ = name
    return route


def _box_paths():
    certified_routes = CERTIFIED.__dict__
    routes = {k: _box_route(k, certified_routes[k]) for k in ROUTES}
    routes.update(value=ctx_box.case_value, num=ctx_box.num, vector=ctx_box.vector, matrix=ctx_box.matrix)
    routes["is_pos_inf"] = lambda x: ctx_box.is_inf(x) and x > 0  # +inf, as on the other paths
    return Path("box", ctx_box, routes, guard=_certified_route)


FLOAT = _path("float", 0)
CERTIFIED = _path("certified", 1)
BOX = _box_paths()
