"""Every name a quantity (``m.NAME``) or a statement (``sp.Function("NAME")(...)``) may call, described from the
code itself: its signature, the kind of each argument, its domain and a one-line docstring. ``proofcheck routes``
prints it and ``proofcheck routes --markdown`` writes docs/routes.md (a test keeps the two equal).

The kind of an argument has two parts. Its number kind follows from what the name is: a context operation or
a formula takes floats on the float path, exact numbers or arb balls on the certified path and Balls on the box
path; a route of ``proofcheck.measures.ROUTES`` takes floats on the float path and exact numbers on the
certified path (no box form). Its shape (scalar, integer, vector, matrix, ...) is the formula's declaration
(``@formula(args=...)``) where it has one, else read from the parameter's name or default (``K`` a matrix,
``pi`` a vector, ``n`` an integer, a bool default a flag), marked ``~`` when so inferred. What the body checks
comes before the name (``ctx.real(q, ...)`` is a scalar, ``ctx.distribution(p, ...)`` a vector, a dimension
check an integer), and ``p`` / ``q`` are vectors by name only as a pair (two distributions): alone, ``q`` is a
rate (the subsampled Gaussian's) and ``p`` a dimension (the sphere's). The domain is the
declaration (``@formula(domain=...)``), else the bounds the formula's own body checks
(``ctx.real(alpha, "alpha", ..., lo=1, lo_open=True)`` is ``alpha > 1``), else not stated here (see the
docstring).
"""
from __future__ import annotations

import ast
import inspect
import textwrap
from dataclasses import dataclass

from mechanisms.numerics.context import FORMULAS, CertifiedContext
from mechanisms.numerics.context.base import _load_formulas
from mechanisms.numerics.elementary import ELEMENTARY
from proofcheck.measures import BOX, CERTIFIED, ROUTES

_MATRICES = {"K", "C", "D", "G", "M", "W", "channel", "gains", "loss"}  # (L: a loss matrix where declared, else a level)
_VECTORS = {"pi", "prior", "mixing", "weights", "xs", "probs"}
_PAIRS = ({"p", "q"},)  # vectors by name only together: kl(p, q); alone q is a rate, p a dimension
# the kinds of the routes' arguments (proofcheck.measures.ROUTES), declared here as a formula declares its own
ROUTE_ARGS = {"vector": {"v": "vector"}, "matrix": {"K": "matrix"}, "uniform": {"n": "integer"},
              "at_least": {"lower": "function", "v": "scalar"}, "between_zero_and": {"x": "scalar"},
              "statistical_estimate": {"thunk": "function"}, "argmax_set": {"values": "vector"},
              "pld_delta": {"mechanism": "text", "params": "vector", "k": "integer", "eps": "scalar", "h": "scalar"}}
_INTEGERS = {"n", "k", "N", "T", "m", "count", "steps", "order", "dim", "dimension"}
_NUMBERS = {
    "context operation": "float | exact or ball | Ball",
    "formula": "float | exact or ball | Ball",
    "route": "float | exact | (no box form)",
    "route with a box form": "float | exact or ball | Ball",
}
DOC_WIDTH = 200  # characters of the one-line docstring

# the elementary functions (the table's docs), the operations and the readers of the case, whose functions are numpy's
# or lambdas: in words
_PLAIN_DOCS = {
    **{e.name: e.doc for e in ELEMENTARY.values()},
    "abs": "|x|.", "sum": "The sum of the entries.", "fmax": "The largest entry of a vector.",
    "fmin": "The smallest entry of a vector.", "log_sum_exp": "log Σ e^{x_i}, without overflow.",
    "lt": "x < y: True, False or UNKNOWN (enclosures that overlap).", "le": "x ≤ y: True, False or UNKNOWN.",
    "gt": "x > y: True, False or UNKNOWN.", "ge": "x ≥ y: True, False or UNKNOWN.",
    "max": "The largest of the arguments.", "min": "The smallest of the arguments.", "pi": "π.",
    "value": "A number of the case as the path takes it (a float; an exact number on the certified path).",
    "vector": "A vector of the case (floats; exact numbers on the certified path).",
    "matrix": "A matrix of the case (floats; exact numbers on the certified path).",
    "uniform": "The uniform prior on n secrets.", "is_pos_inf": "x is +∞ (m.is_inf, the contexts' own, is ±∞).",
    "between_zero_and": "A value known only to lie in [0, x]: the search takes x, the certified path the ball [0, x].",
    "nonnegative": "A value ≥ 0 in exact arithmetic: the search clamps float noise below 0; certified as it is.",
    "argmax_set": "The indices attaining the maximum of a list (exact; within 1e−12 relative in floats).",
    "at_least": "A value v known to be at least lower(): the search takes v, the certified path the ball [lower(), v].",
    "statistical_estimate": "A probability known only by Monte Carlo (no exact route: a statistical claim's interval).",
}


@dataclass(frozen=True)
class Entry:
    name: str
    kind: str  # context operation, formula, route
    module: str
    signature: str
    arguments: tuple[tuple[str, str, bool], ...]  # (parameter, shape, declared?)
    domain: str
    doc: str  # the first paragraph on one line
    full_doc: str = ""  # the whole docstring (`proofcheck routes NAME`)


def entries() -> dict[str, Entry]:
    """name -> Entry for every context operation, formula over the context and route of ROUTES (a route
    of the same name as a formula takes precedence on the paths, and here)."""
    _load_formulas()
    found = {}
    for klass in CertifiedContext.__mro__[::-1]:
        for k, v in vars(klass).items():
            if not k.startswith("_") and (callable(v) or isinstance(v, staticmethod)):
                f = inspect.unwrap(getattr(v, "__func__", v))
                found[k] = ("context operation", f, f)
    # the library's formulas: not one a user (or a test) registers in a module of its own, nor a private name
    found.update({k: ("formula", f, f) for k, f in FORMULAS.items()
                  if not k.startswith("_") and f.__module__.startswith(("mechanisms.", "proofcheck."))})
    # a route: the certified algorithm's signature (the float one may be a library's ufunc), the docstring of
    # whichever of the two has one
    # (the docstring the certified path shows: a reader of the case's says what it is for)
    found.update({k: (_route_kind(k), v[1], next((d for d in (CERTIFIED.__dict__.get(k), v[1], v[0])
                                                   if inspect.getdoc(d)), v[0]))
                  for k, v in ROUTES.items()})
    return {name: describe(name, kind, f, doc) for name, (kind, f, doc) in sorted(found.items())}


def _route_kind(name: str) -> str:
    """A route the box path takes from the context (log, exp, ...) has a box form; the others refuse a Ball."""
    on_box = BOX.__dict__.get(name)
    return "route" if getattr(on_box, "__qualname__", "").startswith("_box_route") else "route with a box form"


def describe(name: str, kind: str, f, documented=None) -> Entry:
    """The entry of f (documented: the function whose docstring describes it, f by default)."""
    params = _parameters(f)
    declared = getattr(f, "formula_args", None) or ROUTE_ARGS.get(name, {})
    checked = derived_shapes(f)
    names = {p.name for p in params}
    arguments = tuple((p.name, declared.get(p.name) or checked.get(p.name) or _shape_by_name(p, names),
                       p.name in declared) for p in params)
    domain = getattr(f, "formula_domain", None) or derived_domain(f) or ""
    documented = documented or f
    own = (getattr(documented, "__module__", None) or "").startswith(("mechanisms", "proofcheck"))
    doc = one_line(documented) if own else ""
    full = (inspect.getdoc(documented) or "") if own else ""
    plain = _PLAIN_DOCS.get(name, "")
    return Entry(name, kind, getattr(f, "__module__", None) or "?", signature(f), arguments, domain,
                 doc or plain, full or plain)


def _parameters(f) -> list:
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return []
    return [p for n, p in sig.parameters.items() if n not in ("ctx", "self") and p.kind != p.VAR_KEYWORD]


def signature(f) -> str:
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return "(...)"
    params = [p for n, p in sig.parameters.items() if n not in ("ctx", "self")]
    params = [p.replace(annotation=inspect.Parameter.empty) for p in params]
    return str(sig.replace(parameters=params, return_annotation=inspect.Signature.empty))


def _shape_by_name(p, names=frozenset()) -> str:
    if isinstance(p.default, bool):
        return "~flag"
    if isinstance(p.default, str):
        return "~text"
    if p.name in _MATRICES:
        return "~matrix"
    if p.name in _VECTORS or any(p.name in pair and pair <= set(names) for pair in _PAIRS):
        return "~vector"
    if p.name in _INTEGERS:
        return "~integer"
    if p.name in ("build", "fn", "f", "thunk", "lower", "integrand") or p.name.endswith("_fn"):
        return "~function"
    return "~scalar"


def one_line(f) -> str:
    """The docstring's first paragraph on one line, cut at DOC_WIDTH characters."""
    doc = inspect.getdoc(f) or ""
    text = " ".join(doc.split("\n\n")[0].split())
    return text if len(text) <= DOC_WIDTH else text[: DOC_WIDTH - 1] + "…"


# ----------------------------------------------------------------------------- kinds and domains from the code
_CHECKS = {"real": "~scalar", "distribution": "~vector", "vector": "~vector", "channel": "~matrix"}


def derived_shapes(f) -> dict:
    """{parameter: shape} from what the body of f checks it with: ctx.real (a scalar), ctx.distribution or
    ctx.vector (a vector), ctx.channel (a matrix), a dimension check (``check_dimension(p, ...)``,
    ``sphere_order(ctx, p, ...)``: an integer). A parameter checked two ways, or not at all, is left out."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(f)))
    except (OSError, TypeError, SyntaxError):
        return {}
    names = {p.name for p in _parameters(f)}
    seen: dict = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        callee = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        on_ctx = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "ctx"
        shape = _CHECKS.get(callee) if on_ctx else None
        if shape is None and ("dimension" in callee or callee == "sphere_order"):
            shape = "~integer"
        if shape is None:
            continue
        for a in node.args[:2]:  # the value checked: the first argument (after ctx, for a helper taking it)
            if isinstance(a, ast.Name) and a.id in names and a.id != "ctx":
                seen.setdefault(a.id, set()).add(shape)
                break
    return {k: v.pop() for k, v in seen.items() if len(v) == 1}


_OPS = {(True, False): ">=", (True, True): ">", (False, False): "<=", (False, True): "<"}


def derived_domain(f) -> str:
    """The bounds the body of f checks on its own parameters: ctx.real(x, ..., lo=, lo_open=, hi=, hi_open=),
    ctx.distribution(x, ...) and ctx.channel(x, ...) — '' when it checks none (or has no source)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(f)))
    except (OSError, TypeError, SyntaxError):
        return ""
    names = {p.name for p in _parameters(f)}
    parts = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "ctx" and node.args
                and isinstance(node.args[0], ast.Name) and node.args[0].id in names):
            continue
        arg, what = node.args[0].id, node.func.attr
        if what == "distribution":
            parts.append(f"{arg} a distribution")
        elif what == "channel":
            parts.append(f"{arg} row-stochastic")
        elif what == "real":
            parts.append(_bounds(arg, {k.arg: k.value for k in node.keywords}))
    return ", ".join(dict.fromkeys(p for p in parts if p))


def _bounds(arg: str, kw: dict) -> str:
    def const(key):
        v = kw.get(key)
        if isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.USub) and isinstance(v.operand, ast.Constant):
            return -v.operand.value
        return v.value if isinstance(v, ast.Constant) else None

    lo, hi = const("lo"), const("hi")
    lo_open, hi_open = bool(const("lo_open")), bool(const("hi_open"))
    if lo is not None and hi is not None:
        return f"{lo} {'<' if lo_open else '<='} {arg} {'<' if hi_open else '<='} {hi}"
    if lo is not None:
        return f"{arg} {_OPS[(True, lo_open)]} {lo}"
    if hi is not None:
        return f"{arg} {_OPS[(False, hi_open)]} {hi}"
    return f"{arg} real" if not kw else ""


# ----------------------------------------------------------------------------- rendering
def _arguments(e: Entry) -> str:
    return ", ".join(f"{name}: {shape}" for name, shape, _ in e.arguments) or "none"


def text_line(e: Entry) -> str:
    return (f"{e.name}{e.signature}  [{e.kind}, {e.module}]  args: {_arguments(e)}; numbers: {_NUMBERS[e.kind]}"
            + (f"; domain: {e.domain}" if e.domain else "") + (f"  — {e.doc}" if e.doc else ""))


def text_one(e: Entry, full_doc: str) -> str:
    lines = [f"{e.name}{e.signature}", f"  kind: {e.kind} ({e.module})",
             f"  arguments: {_arguments(e)}", f"  numbers (float path | certified path | box path): {_NUMBERS[e.kind]}"]
    if e.domain:
        lines.append(f"  domain: {e.domain}")
    lines += ["", full_doc or "(no docstring)"]
    return "\n".join(lines)


MARKDOWN_HEAD = """# The vocabulary of quantities and statements

Generated by `proofcheck routes --markdown > docs/routes.md` from the code (a test keeps it equal to what the
command prints): every name a quantity may call as `m.NAME(...)` and a statement as `sp.Function("NAME")(...)`.

**In a quantity**, `m` is the evaluation path: `lambda case, m: m.gaussian_delta(m.num(case["sigma"]), m.value(case["eps"]))`.

**In a statement**, an undefined sympy function whose name is one of these is evaluated by the same name on each
path, with the values of its arguments (symbols, numbers of the statement, other calls):

```python
sigma, eps, delta = sp.symbols("sigma eps delta")
statement = sp.Le(sp.Function("gaussian_delta")(sigma, eps), delta)   # quantities give sigma, eps and delta
```

Keyword arguments are not available in a statement (use a quantity for `base=math.e` and the like).

**Kinds.** *numbers*: what each path passes — floats on the float path (the search); exact rationals or arb balls
on the certified path (the verdict; a float is refused); Balls of any width on the box path (proofs). A *route*
pairs two algorithms and has no box form. *shape*: `scalar`, `integer`, `vector`, `matrix`, `point` (of the plane),
`flag`, `text`, `function`; `~` marks a shape read from the parameter's name rather than declared by the formula.
*domain*: declared by the formula, or the bounds its body checks; otherwise see the docstring.

| name | kind | arguments | domain | what it is |
|---|---|---|---|---|
"""


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def markdown(found: dict[str, Entry]) -> str:
    rows = [f"| `{e.name}{_cell(e.signature)}` | {e.kind} | {_cell(_arguments(e))} | {_cell(e.domain) or '—'} "
            f"| {_cell(e.doc) or '—'} |" for e in found.values()]
    return MARKDOWN_HEAD + "\n".join(rows) + "\n"
