"""A claim's fingerprint: one hash of everything that decides what is checked.

The id, the source, the relation and hypotheses (sympy's canonical form), the variables and their
domains, the settings of the stages, the strategy (its text, and the code of every function inside it: an
``@st.composite``'s body, a ``.map`` / ``.filter`` / ``.flatmap`` / ``st.builds`` / ``st.deferred``
function), and each quantity's code — its bytecode, its constants, the values it closes over and the
module-level values it reads (numbers, text, sympy expressions, fractions, and the code of the functions
it calls, a few levels deep).

What a verdict depends on in the user's own files is followed, within bounds:

* a module of the user's read through the module object (``helper.BOUND``, ``helper.scale()``): the
  attributes the code names (its ``co_names``), their values and the code of the functions reached;
* an object of a class of the user's (``CONFIG.bound``): its state (``__dict__``, ``__slots__``, a
  dataclass's fields) and its class's methods and attributes;
* a formula of the user's (``@formula`` of :mod:`mechanisms.numerics.context.base`, registered in
  ``FORMULAS`` by the user's module) called as ``m.NAME`` / ``ctx.NAME``: its code and its declarations
  (``formula_monotone``, which the prover trusts).

Library code — proofcheck's engine, mechanisms, the standard library and everything installed (site-packages)
— is named, not hashed: the fingerprint stays fast, and stable across refactors of the libraries (the
engine's own version is journalled beside it, see proofcheck.runs.run.engine_version). The built-in claims
(``proofcheck.claims``) are claim code and are hashed like a user's.

Nothing depends on where the files lie: a claims file is imported as ``proofcheck_user_<digest of its
path>`` (proofcheck.registry), and that name enters the fingerprint as ``proofcheck_user``; the same files
in another folder give the same fingerprints (a certificate still checks after its claims file moved).

Two processes that loaded the same claims file agree on every fingerprint; a file whose constants are
drawn at import (``random.random()``) or depend on the process does not, and the run says so instead of
reporting a statement that was not the one checked. ``--resume`` keys its results on it: a changed claim is
checked again.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
import sys
import threading
import types
from fractions import Fraction

import sympy as sp
import site
import sysconfig

DEPTH = 4  # how far into called functions, objects and containers the code of a quantity is followed
LIMIT = 64  # entries of one container, object or class followed
STRATEGY_DEPTH = 24  # how deep into nested strategies their functions are looked for

_PLAIN = frozenset((bool, int, float, complex, str, bytes, Fraction, type(None)))
_USER_MODULE = re.compile(r"proofcheck_user_[0-9a-f]{16}")
_CLASS_SKIPPED = frozenset(("__module__", "__qualname__", "__doc__", "__dict__", "__weakref__", "__annotations__",
                            "__dataclass_fields__", "__dataclass_params__", "__match_args__", "__slots__",
                            "__firstlineno__", "__static_attributes__", "__orig_bases__", "__parameters__"))
# Hypothesis keeps what a strategy is made of in public attributes (function, definition, pack, expand,
# mapped_strategy, ...) and in these private ones; every other private attribute is a cache filled by
# drawing (a lazy strategy's wrapped one, labels, branch samplers), which must not change the fingerprint.
_STRATEGY_PRIVATE = frozenset(("_transformations", "_LazyStrategy__args", "_LazyStrategy__kwargs",
                               "_DeferredStrategy__definition"))
_STRATEGY_CACHES = ("validate_called", "cached_", "force_")


def claim_fingerprint(claim) -> str:
    return claim_fingerprints([claim])[claim.id]


def claim_fingerprints(claims) -> dict:
    """{claim id: fingerprint} of many claims at once: what they share (a helper, a strategy's functions) is
    hashed once. The same as claim_fingerprint of each."""
    outer = getattr(_MEMO, "functions", None)
    if outer is None:
        _MEMO.functions = {}
    try:
        return {c.id: _fingerprint(c) for c in claims}
    finally:
        if outer is None:
            _MEMO.functions = None


# what one claim_fingerprints call has hashed: no code of the user's runs meanwhile, so nothing changes under it
_MEMO = threading.local()


def formula_fingerprints(claims) -> dict:
    """{claim id: fingerprint of what it computes} — the claim's fingerprint without its naming (id, title,
    source, reading and the reasons that go with it): two copies of one formula printed as different
    statements (Theorem IV.5 = B.1 = D.1) get one, so what is witnessed for one holds for the other."""
    outer = getattr(_MEMO, "functions", None)
    if outer is None:
        _MEMO.functions = {}
    try:
        return {c.id: _fingerprint(c, naming=False) for c in claims}
    finally:
        if outer is None:
            _MEMO.functions = None


def _fingerprint(claim, naming: bool = True) -> str:
    parts = [
        claim.id, claim.title, repr(tuple(claim.source.__dict__.values())),
        sp.srepr(claim.statement),
        repr([(h.text, sp.srepr(h.relation)) for h in claim.hypotheses]),
        repr([tuple(v.__dict__.values()) for v in claim.variables]),
        repr((claim.digits, tuple(claim.rounding), tuple(claim.exact_inputs), claim.statistical, claim.sides)),
        repr((claim.vacuous, claim.primary, claim.reading, claim.cost)),
        _strategy_text(claim.strategy),
        _strategy_code(claim.strategy),
    ]
    for name in sorted(claim.quantities):
        parts.append(name + "=" + _value(claim.quantities[name], DEPTH, frozenset(), top=True))
    for route in claim.monte_carlo:
        parts.append("mc:" + route.quantity + "=" + _value(route.estimate, DEPTH, frozenset(), top=True))
    if claim.degenerate is not None:
        parts.append("degenerate=" + _value(claim.degenerate, DEPTH, frozenset(), top=True))
    if not naming:
        del parts[6], parts[:3]
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


# ----------------------------------------------------------------------------- whose code is it
@functools.lru_cache(maxsize=4096)
def _modname(name) -> str:
    """A module's name as it enters the fingerprint: a claims file's (named after its path) without the path."""
    return _USER_MODULE.sub("proofcheck_user", str(name))


@functools.lru_cache(maxsize=1)
def _library_roots() -> tuple:

    roots = set()
    paths = sysconfig.get_paths()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        if paths.get(key):
            roots.add(paths[key])
    try:
        roots.update(site.getsitepackages())
    except AttributeError:  # pragma: no cover - an old virtualenv's site module
        pass
    user_site = getattr(site, "USER_SITE", None)
    if user_site:
        roots.add(user_site)
    out = set()
    for r in roots:
        out.add(os.path.join(os.path.normcase(os.path.abspath(r)), ""))
        out.add(os.path.join(os.path.normcase(os.path.realpath(r)), ""))
    return tuple(sorted(out))


_OWN: dict = {}
_LIBRARIES = frozenset(("proofcheck", "mechanisms", "builtins", "sympy", "numpy", "hypothesis", "flint", "mpmath",
                        "torch", "scipy"))


def _own(modname) -> bool:
    """Is code of this module the user's (or a built-in claim's), to be hashed, rather than a library's, to be
    named? A claims file and its neighbours are; proofcheck's engine, mechanisms, the standard library and
    anything installed in site-packages are not. A module that is not loaded (code made by exec) counts as
    the user's: hashing more never makes a stale result look current."""
    hit = _OWN.get(modname)
    if hit is not None:
        return hit
    name = str(modname)
    top = name.split(".", 1)[0]
    mod = sys.modules.get(name)
    if name.startswith("proofcheck_user_") or name == "proofcheck.claims" or name.startswith("proofcheck.claims.") \
            or name == "__main__":
        own = True
    elif top in _LIBRARIES or name.startswith("hypothesis_temporary_module_"):  # Hypothesis's generated proxies
        own = False
    elif mod is None:
        return True  # not cached: the module may be imported later
    else:
        path = getattr(mod, "__file__", None)
        # a namespace package (a folder of the user's without __init__.py) has only its __path__
        paths = [path] if path else [p for p in (getattr(mod, "__path__", None) or []) if isinstance(p, str)]
        own = any(_outside_libraries(p) for p in paths)  # nothing: built into the interpreter
    _OWN[name] = own
    return own


def _outside_libraries(path: str) -> bool:
    p = os.path.normcase(os.path.abspath(path))
    return not (p.startswith(_library_roots()) or f"{os.sep}site-packages{os.sep}" in p
                or f"{os.sep}dist-packages{os.sep}" in p)


# ----------------------------------------------------------------------------- the strategy
def _strategy_text(strategy) -> str:
    try:
        text = repr(strategy)
    except Exception:  # a lazy strategy's repr may fail
        return type(strategy).__name__
    return _modname(_strip_addresses(text))


def _strip_addresses(text: str) -> str:
    return re.sub(r" at 0x[0-9a-f]+", "", text)


def _strategy_code(strategy) -> str:
    """The code of every function a strategy is built from (its repr shows a composite's name only, and a
    lambda's text at best), and the state of the user's objects it holds. Only what the strategy was made
    of is followed, never what drawing from it cached, so a strategy drawn from has the same fingerprint."""
    try:
        from hypothesis.strategies import SearchStrategy
    except ImportError:  # pragma: no cover
        return ""
    out: list = []
    seen: set = set()
    callables = (types.FunctionType, types.MethodType, functools.partial)

    def walk(x, where, depth: int):  # where: (parent's where, key), rendered only for what is kept
        if isinstance(x, SearchStrategy):
            if id(x) in seen or depth <= 0:
                return
            seen.add(id(x))
            for k, v in _attributes(x):
                if type(v) in _PLAIN or (k[0] == "_" and k not in _STRATEGY_PRIVATE) or k.startswith(_STRATEGY_CACHES):
                    continue
                walk(v, (where, "." + k), depth - 1)
        elif isinstance(x, callables) or _wraps(x):
            out.append(_where(where) + "=" + _value(x, DEPTH, frozenset()))
        elif isinstance(x, (list, tuple)):
            for i, y in enumerate(x[:LIMIT]):
                if type(y) not in _PLAIN:
                    walk(y, (where, f"[{i}]"), depth)
        elif isinstance(x, dict):
            for k, y in list(x.items())[:LIMIT]:
                if type(y) not in _PLAIN:
                    walk(y, (where, f"[{_value(k, 0, frozenset())}]"), depth)
        elif _own(x.__module__ if isinstance(x, type) else type(x).__module__):
            out.append(_where(where) + "=" + _value(x, DEPTH, frozenset()))

    walk(strategy, ("", "strategy"), STRATEGY_DEPTH)
    return ";".join(out)


def _where(where) -> str:
    keys = []
    while where:
        where, key = where
        keys.append(key)
    return "".join(reversed(keys))


def _attributes(x) -> list:
    d = getattr(x, "__dict__", None)
    items = list(d.items()) if isinstance(d, dict) else []
    for name in _slot_names(type(x)):
        if name not in ("__dict__", "__weakref__") and hasattr(x, name):
            items.append((name, getattr(x, name)))
    return items


@functools.lru_cache(maxsize=1024)
def _slot_names(cls) -> tuple:
    names = []
    for c in cls.__mro__:
        s = c.__dict__.get("__slots__", ())
        for name in ((s,) if isinstance(s, str) else s):
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{c.__name__.lstrip('_')}{name}"  # a private slot, as Python mangles it
            if name not in names:
                names.append(name)
    return tuple(names)


def _wraps(x) -> bool:
    """A callable wrapping a function (functools.lru_cache, functools.wraps)."""
    try:
        return isinstance(getattr(x, "__wrapped__", None), (types.FunctionType, types.MethodType)) \
            and not isinstance(x, type)
    except Exception:  # an object whose __getattr__ raises anything
        return False


# ----------------------------------------------------------------------------- values and code
def _value(x, depth: int, seen: frozenset, names: tuple = (), top: bool = False) -> str:
    """A process-independent text for x: values by their repr, functions by their code and what it reads,
    the user's modules by the attributes ``names`` reads of them, the user's objects by their state."""
    if isinstance(x, (bool, int, float, complex, str, bytes, Fraction)) or x is None:
        return repr(x)
    if isinstance(x, sp.Basic):
        return sp.srepr(x)
    if isinstance(x, types.FunctionType):
        return _function(x, depth, seen, top)
    if isinstance(x, types.MethodType):
        text = _function(x.__func__, depth, seen, top) if isinstance(x.__func__, types.FunctionType) \
            else "method " + str(getattr(x.__func__, "__qualname__", "?"))
        owner = x.__self__
        if not isinstance(owner, (type, types.ModuleType)) and _own(type(owner).__module__):
            text += "@" + _value(owner, depth - 1, seen)
        return text
    if isinstance(x, (list, tuple)):
        return type(x).__name__ + "(" + ",".join(_value(y, depth - 1, seen) for y in list(x)[:LIMIT]) + ")" \
            if depth > 0 else type(x).__name__
    if isinstance(x, (set, frozenset)):
        return "set(" + ",".join(sorted(_value(y, depth - 1, seen) for y in list(x)[:LIMIT])) + ")" \
            if depth > 0 else "set"
    if isinstance(x, dict):
        return "dict(" + ",".join(f"{_value(k, 0, seen)}:{_value(v, depth - 1, seen)}"
                                  for k, v in list(x.items())[:LIMIT]) + ")" if depth > 0 else "dict"
    if isinstance(x, types.ModuleType):
        return _module(x, depth, seen, names)
    if isinstance(x, type):
        return _class(x, depth, seen)
    if isinstance(x, (staticmethod, classmethod)):
        return type(x).__name__ + "(" + _value(x.__func__, depth, seen) + ")"
    if isinstance(x, property):
        return "property(" + ",".join(_value(f, depth, seen) for f in (x.fget, x.fset, x.fdel)) + ")"
    try:  # numpy scalars and arrays, flint numbers, ...: their value
        import numpy as np

        if isinstance(x, np.ndarray):
            return "array" + repr(x.tolist()) if x.size <= 4096 else f"array{x.shape}{x.dtype}"
        if isinstance(x, np.generic):
            return repr(x.item())
    except ImportError:  # pragma: no cover
        pass
    if callable(x):
        try:
            func = getattr(x, "func", None)  # functools.partial and its kin
        except Exception:  # an object whose __getattr__ raises anything
            func = None
        if func is not None:
            return "partial(" + _value(func, depth - 1, seen) + "," + _value(getattr(x, "args", ()), depth - 1, seen) \
                + "," + _value(getattr(x, "keywords", {}), depth - 1, seen) + ")"
    if _wraps(x):  # functools.lru_cache and the like: the function inside
        return "wrapped(" + _value(x.__wrapped__, depth, seen, top=top) + ")"
    if _own(type(x).__module__):
        return _object(x, depth, seen)
    return "object " + _modname(type(x).__module__) + "." + type(x).__qualname__


def _function(f, depth: int, seen: frozenset, top: bool = False) -> str:
    name = "fn " + _modname(f.__module__) + "." + f.__qualname__
    key = id(f.__code__)
    if key in seen or depth <= 0:
        return name
    if not top and not _own(f.__module__):
        return _library_function(f, name, depth, seen)
    memo = getattr(_MEMO, "functions", None)
    if memo is not None:
        mkey = (id(f), depth, seen, top)
        hit = memo.get(mkey)
        if hit is not None and hit[0] is f:
            return hit[1]
    text = _function_text(f, name, depth, seen | {key})
    if memo is not None:
        memo[mkey] = (f, text)  # f kept: its id is no other's while the memo lives
    return text


def _function_text(f, name: str, depth: int, seen: frozenset) -> str:
    names = _global_names(f.__code__)
    out = [name, _code(f.__code__)]
    if f.__defaults__:
        out.append("defaults" + _value(f.__defaults__, depth - 1, seen))
    if f.__kwdefaults__:
        out.append("kwdefaults" + _value(f.__kwdefaults__, depth - 1, seen))
    if f.__closure__:
        for var, cell in zip(f.__code__.co_freevars, f.__closure__):
            try:
                out.append(var + "=" + _value(cell.cell_contents, depth - 1, seen, names))
            except ValueError:  # an empty cell
                out.append(var + "=<empty>")
    g = f.__globals__
    for n in names:
        if n in g:
            out.append("g:" + n + "=" + _value(g[n], depth - 1, seen, names))
        elif n in sys.modules and _own(n):  # ``import helper`` inside the function: a local, not a global
            out.append("import:" + n + "=" + _module(sys.modules[n], depth - 1, seen, names))
    out.extend(_formulas(f.__code__, names, depth, seen))
    return "{" + ";".join(out) + "}"


def _library_function(f, name: str, depth: int, seen: frozenset) -> str:
    """A library's function is named; the user's functions it wraps (a decorator's closure, ``__wrapped__``:
    Hypothesis's ``@st.composite``) are hashed, as deep as if called directly (a wrapper costs no depth)."""
    seen = seen | {id(f.__code__)}
    inner = []
    if f.__closure__:
        for var, cell in zip(f.__code__.co_freevars, f.__closure__):
            try:
                v = cell.cell_contents
            except ValueError:
                continue
            if isinstance(v, (types.FunctionType, types.MethodType, functools.partial)) or _wraps(v):
                inner.append(var + "=" + _value(v, depth, seen))
    wrapped = f.__dict__.get("__wrapped__")
    if isinstance(wrapped, (types.FunctionType, types.MethodType)):
        inner.append("wrapped=" + _value(wrapped, depth, seen))
    return name + ("{" + ";".join(inner) + "}" if inner else "")


def _module(mod, depth: int, seen: frozenset, names) -> str:
    """A library's module by its name; a module of the user's by its name and the values of the attributes
    ``names`` (the reading code's co_names) reads of it: ``helper.BOUND``, ``helper.scale``."""
    text = "module " + _modname(mod.__name__)
    if not names or depth <= 0 or id(mod) in seen or not _own(mod.__name__):
        return text
    seen = seen | {id(mod)}
    d = vars(mod)
    out = [text]
    for n in names:
        if n in d and not (n.startswith("__") and n.endswith("__")):
            out.append(n + "=" + _value(d[n], depth, seen, names))  # module.NAME costs no depth: one read
    return "{" + ";".join(out) + "}"


def _class(cls, depth: int, seen: frozenset) -> str:
    """A library's class by its name; a class of the user's by its name, bases, methods and attributes."""
    text = "class " + _modname(cls.__module__) + "." + cls.__qualname__
    if depth <= 0 or id(cls) in seen or not _own(cls.__module__):
        return text
    seen = seen | {id(cls)}
    out = [text]
    for base in cls.__bases__:
        if base is not object:
            out.append("base " + _value(base, depth - 1, seen))
    for k, v in list(vars(cls).items())[:LIMIT]:
        if k not in _CLASS_SKIPPED:
            out.append(k + "=" + _value(v, depth - 1, seen))
    return "{" + ";".join(out) + "}"


def _object(x, depth: int, seen: frozenset) -> str:
    """An object of a class of the user's: its class and its state (``__dict__``, ``__slots__``)."""
    text = "object " + _modname(type(x).__module__) + "." + type(x).__qualname__
    if depth <= 0 or id(x) in seen:
        return text
    seen = seen | {id(x)}
    out = [text, _class(type(x), depth - 1, seen)]
    try:
        state = _attributes(x)[:LIMIT]
    except Exception:  # a __getattr__ that raises something other than AttributeError
        state = []
    for k, v in state:
        out.append(str(k) + "=" + _value(v, depth - 1, seen))
    return "{" + ";".join(out) + "}"


def _formulas(code, names, depth: int, seen: frozenset) -> list:
    """The user's formulas this code may call as ``m.NAME`` / ``ctx.NAME`` (or by the name as text): each one's
    code and declarations. The library's formulas are named by the code already."""
    mod = sys.modules.get("mechanisms.numerics.context.base")
    formulas = getattr(mod, "FORMULAS", None)
    if not formulas:
        return []
    out = []
    for n in _candidates(code):
        f = formulas.get(n)
        if f is None or not isinstance(f, types.FunctionType) or not _own(f.__module__) or id(f.__code__) in seen:
            continue
        decl = repr((sorted(getattr(f, "formula_monotone", {}).items()), sorted(getattr(f, "formula_args", {}).items()),
                     getattr(f, "formula_domain", None), getattr(f, "formula_name", n)))
        out.append("formula:" + n + "=" + decl + _function(f, depth - 1, seen, top=True))
    return out


_CODE_TEXT: dict = {}  # id(code) -> (code, its text): the code is kept, so its id is never another's


def _code(code) -> str:
    hit = _CODE_TEXT.get(id(code))
    if hit is not None and hit[0] is code:
        return hit[1]
    consts = []
    for c in code.co_consts:
        consts.append(_code(c) if isinstance(c, types.CodeType) else _value(c, 1, frozenset()))
    text = code.co_code.hex() + "|" + ",".join(consts) + "|" + ",".join(code.co_names)
    if len(_CODE_TEXT) < 100_000:
        _CODE_TEXT[id(code)] = (code, text)
    return text


@functools.lru_cache(maxsize=4096)
def _global_names(code) -> tuple:
    names = list(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names.extend(_global_names(c))
    return tuple(sorted(set(names)))


@functools.lru_cache(maxsize=4096)
def _candidates(code) -> tuple:
    """The names a formula may be called by in this code: its names, and its constants that are identifiers."""
    out = set(_global_names(code))
    stack = [code]
    while stack:
        c = stack.pop()
        for k in c.co_consts:
            if isinstance(k, types.CodeType):
                stack.append(k)
            elif isinstance(k, str) and k.isidentifier():
                out.add(k)
    return tuple(sorted(out))
