"""The layout docs/layout.md describes, kept: no import cycle among the modules of proofcheck/ and mechanisms/ (imports
inside functions included), no project module imported inside a function, other imports inside functions only for
optional dependencies (or in a try/if: at most 40 in all), no module over 600 lines outside the paper packages, and
the groups of proofcheck/ importing only downward."""
import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("proofcheck", "mechanisms")
OPTIONAL = {"torch", "dask", "distributed", "matplotlib"}


def _modules() -> dict[str, Path]:
    mods = {}
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
            mods[name.removesuffix(".__init__")] = p
    return mods


def _imports(path: Path, module: str):
    """(imported module names, whether the import is at the top of the module, whether inside a try/if there)."""
    tree = ast.parse(path.read_text())
    top = {id(n) for n in tree.body}
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            names = [a.name for a in n.names]
        elif isinstance(n, ast.ImportFrom):
            base = n.module or ""
            if n.level:
                up = package.split(".")[:len(package.split(".")) - (n.level - 1)]
                base = ".".join(up + ([n.module] if n.module else []))
            names = [base] + [f"{base}.{a.name}" for a in n.names]
        else:
            continue
        yield names, id(n) in top


def _graph():
    mods = _modules()

    def resolve(name):
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph, inside = defaultdict(set), []
    for m, p in mods.items():
        for names, at_top in _imports(p, m):
            if not at_top:
                inside.append((m, names[0]))
            for x in names:
                r = resolve(x)
                if r and r != m:
                    graph[m].add(r)
    return mods, graph, inside


def _cycles(graph, nodes):
    index, low, stack, on, out = {}, {}, [], set(), []

    def strong(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in nodes:
        if v not in index:
            strong(v)
    return out


def test_no_import_cycle_and_no_project_import_inside_a_function():
    mods, graph, inside = _graph()
    assert len(mods) > 150
    assert _cycles(graph, list(mods)) == []
    assert [(m, x) for m, x in inside if x.split(".")[0] in PACKAGES] == []
    others = [(m, x) for m, x in inside if x.split(".")[0] not in OPTIONAL]
    assert len(inside) <= 40 and len(others) <= 10, others


def test_the_groups_of_proofcheck_import_only_downward():
    _, graph, _ = _graph()
    order = ["stages", "prove", "runs", "report"]  # bottom up (docs/layout.md)

    def group(m):
        parts = m.split(".")
        return parts[1] if len(parts) > 2 and parts[1] in order else None

    upward = [(m, w) for m, ws in graph.items() for w in ws
              if group(m) and group(w) and order.index(group(w)) > order.index(group(m))]
    assert upward == []
    arrows = {(group(m), group(w)) for m, ws in graph.items() for w in ws if group(m) and group(w)}
    assert {("runs", "stages"), ("prove", "stages"), ("report", "runs")} <= arrows  # the test sees the groups
    # the library knows no engine
    assert [(m, w) for m, ws in graph.items() for w in ws if m.startswith("mechanisms") and w.startswith("proofcheck")] == []


def test_no_module_over_600_lines_outside_the_paper_packages():
    long = [str(p.relative_to(ROOT)) for m, p in _modules().items()
            if not m.startswith("proofcheck.claims.") and len(p.read_text().splitlines()) > 600]
    assert long == []
