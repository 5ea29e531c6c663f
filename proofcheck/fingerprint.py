"""A claim's fingerprint: one hash of everything that decides what is checked.

The id, the source, the relation and hypotheses (sympy's canonical form), the variables and their
domains, the settings of the stages, and each quantity's code — its bytecode, its constants, the
values it closes over and the module-level values it reads (numbers, text, sympy expressions,
fractions, and the code of the functions it calls, a few levels deep). Two processes that loaded the
same claims file agree on every fingerprint; a file whose constants are drawn at import
(``random.random()``) or depend on the process does not, and the run says so instead of reporting a
statement that was not the one checked. ``--resume`` keys its results on it: a changed claim is
checked again.
"""
from __future__ import annotations

import hashlib
import types
from fractions import Fraction

import sympy as sp

DEPTH = 4  # how far into called functions and containers the code of a quantity is followed


def claim_fingerprint(claim) -> str:
    parts = [
        claim.id, claim.title, repr(tuple(claim.source.__dict__.values())),
        sp.srepr(claim.statement),
        repr([(h.text, sp.srepr(h.relation)) for h in claim.hypotheses]),
        repr([tuple(v.__dict__.values()) for v in claim.variables]),
        repr((claim.digits, tuple(claim.rounding), tuple(claim.exact_inputs), claim.statistical, claim.vacuous,
              claim.primary, claim.reading)),
        _strategy_text(claim.strategy),
    ]
    for name in sorted(claim.quantities):
        parts.append(name + "=" + _value(claim.quantities[name], DEPTH, set()))
    for route in claim.monte_carlo:
        parts.append("mc:" + route.quantity + "=" + _value(route.estimate, DEPTH, set()))
    if claim.degenerate is not None:
        parts.append("degenerate=" + _value(claim.degenerate, DEPTH, set()))
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _strategy_text(strategy) -> str:
    try:
        text = repr(strategy)
    except Exception:  # a lazy strategy's repr may fail
        return type(strategy).__name__
    return _strip_addresses(text)


def _strip_addresses(text: str) -> str:
    import re

    return re.sub(r" at 0x[0-9a-f]+", "", text)


def _value(x, depth: int, seen: set) -> str:
    """A process-independent text for x: values by their repr, functions by their code and what it reads."""
    if isinstance(x, (bool, int, float, complex, str, bytes, Fraction)) or x is None:
        return repr(x)
    if isinstance(x, sp.Basic):
        return sp.srepr(x)
    if isinstance(x, (types.FunctionType, types.MethodType)):
        return _function(x.__func__ if isinstance(x, types.MethodType) else x, depth, seen)
    if isinstance(x, (list, tuple)):
        return type(x).__name__ + "(" + ",".join(_value(y, depth - 1, seen) for y in list(x)[:64]) + ")" \
            if depth > 0 else type(x).__name__
    if isinstance(x, (set, frozenset)):
        return "set(" + ",".join(sorted(_value(y, depth - 1, seen) for y in list(x)[:64])) + ")" \
            if depth > 0 else "set"
    if isinstance(x, dict):
        return "dict(" + ",".join(f"{_value(k, 0, seen)}:{_value(v, depth - 1, seen)}"
                                  for k, v in list(x.items())[:64]) + ")" if depth > 0 else "dict"
    if isinstance(x, types.ModuleType):
        return "module " + x.__name__
    if isinstance(x, type):
        return "class " + x.__module__ + "." + x.__qualname__
    try:  # numpy scalars and arrays, flint numbers, ...: their value
        import numpy as np

        if isinstance(x, np.ndarray):
            return "array" + repr(x.tolist()) if x.size <= 4096 else f"array{x.shape}{x.dtype}"
        if isinstance(x, np.generic):
            return repr(x.item())
    except ImportError:  # pragma: no cover
        pass
    if callable(x) and hasattr(x, "__call__"):
        func = getattr(x, "func", None)  # functools.partial
        if func is not None:
            return "partial(" + _value(func, depth - 1, seen) + "," + _value(getattr(x, "args", ()), depth - 1, seen) \
                + "," + _value(getattr(x, "keywords", {}), depth - 1, seen) + ")"
    return "object " + type(x).__module__ + "." + type(x).__qualname__


def _function(f, depth: int, seen: set) -> str:
    key = id(f.__code__)
    if key in seen or depth <= 0:
        return "fn " + f.__module__ + "." + f.__qualname__
    seen = seen | {key}
    out = ["fn " + str(f.__module__) + "." + f.__qualname__, _code(f.__code__)]
    if f.__defaults__:
        out.append("defaults" + _value(f.__defaults__, depth - 1, seen))
    if f.__closure__:
        for name, cell in zip(f.__code__.co_freevars, f.__closure__):
            try:
                out.append(name + "=" + _value(cell.cell_contents, depth - 1, seen))
            except ValueError:  # an empty cell
                out.append(name + "=<empty>")
    g = f.__globals__
    for name in _global_names(f.__code__):
        if name in g:
            out.append("g:" + name + "=" + _value(g[name], depth - 1, seen))
    return "{" + ";".join(out) + "}"


def _code(code) -> str:
    consts = []
    for c in code.co_consts:
        consts.append(_code(c) if isinstance(c, types.CodeType) else _value(c, 1, set()))
    return code.co_code.hex() + "|" + ",".join(consts) + "|" + ",".join(code.co_names)


def _global_names(code) -> list[str]:
    names = list(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names.extend(_global_names(c))
    return sorted(set(names))
