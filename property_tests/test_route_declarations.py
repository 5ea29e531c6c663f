"""Routes declared beside their algorithms: a module of ``mechanisms`` declares its float and certified algorithms as a
route at its bottom (``mechanisms.numerics.context.route``), the library's route table loads every module on first
use, and ``proofcheck.measures`` puts each route on the float, certified and box paths, naming no module."""
import inspect
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import proofcheck.measures as measures
from mechanisms.numerics.context import FORMULAS, all_routes, fp, certified, formula, route
from mechanisms.numerics.context import routes as route_table
from mechanisms.numerics.context.box import Ball, NoBoxForm
from proofcheck.measures import BOX, CERTIFIED, FLOAT, MONOTONE_ROUTES, ROUTES, register

ROOT = Path(__file__).resolve().parents[1]


def test_every_route_of_the_library_is_on_every_path():
    library = all_routes()
    assert len(library) >= 30 and "pld_delta" in library and "binary_estimate" in library
    for name, declared in library.items():
        assert ROUTES[name] == declared.pair(), name
        assert inspect.unwrap(FLOAT.__dict__[name]) is declared.float, name
        assert CERTIFIED.__dict__[name].__wrapped__ is declared.certified, name
        assert name in BOX.__dict__, name
        assert MONOTONE_ROUTES.get(name, {}) == declared.monotone, name
    assert MONOTONE_ROUTES["binary_estimate"] == {"n0": -1, "n1": 1, "gamma": -1}
    with pytest.raises(NoBoxForm):  # a route has no form over boxes: a Ball is refused
        BOX.shell_root(Ball.of(1, 2))


def test_each_route_is_declared_in_the_module_of_its_algorithms():
    """The declaration sits beside the two algorithms, and measures.py imports no module only to register it."""
    for name, declared in all_routes().items():
        module = sys.modules[declared.certified.__module__]
        assert declared.float.__module__ == module.__name__, name
        assert f'route("{name}"' in inspect.getsource(module), f"{name} is not declared in {module.__name__}"
    source = (ROOT / "proofcheck" / "measures.py").read_text(encoding="utf-8")
    assert "noqa: F401" not in source and "register({" not in source


def test_a_name_declared_twice_or_shadowing_a_formula_or_an_operation_is_refused():
    before, paths = dict(route_table.ROUTES), dict(ROUTES)
    with pytest.raises(ValueError, match=r"routes registered twice: \['posterior_tv'\]"):
        route("posterior_tv", abs, abs)
    with pytest.raises(ValueError, match=r"routes that would shadow a formula of the context: \['gaussian_delta'\]"):
        route("gaussian_delta", abs, abs)
    with pytest.raises(ValueError, match=r"shadow an operation of the numeric contexts: \['is_zero'\]"):
        route("is_zero", fp.is_zero, certified.is_zero)
    with pytest.raises(ValueError, match=r"routes registered twice: \['num'\]"):  # a reader of the case is a name too
        register({"num": (abs, abs)})
    with pytest.raises(TypeError, match="monotone declares 'y', which is not a named parameter"):
        route("_probe_monotone", lambda x: x, lambda x: x, monotone={"y": 1})
    with pytest.raises(TypeError, match="must be \\+1 or -1"):
        route("_probe_monotone", lambda x: x, lambda x: x, monotone={"x": 2})
    assert route_table.ROUTES == before and ROUTES == paths


def test_a_formula_declared_after_a_route_of_its_name_is_refused_when_the_table_is_read():
    try:
        route("_probe_late", abs, abs)
        assert all_routes()["_probe_late"].pair() == (abs, abs)

        @formula(name="_probe_late")
        def _late(ctx, x):
            return x
        with pytest.raises(ValueError, match=r"shadow a formula of the context: \['_probe_late'\]"):
            all_routes()
    finally:
        route_table.ROUTES.pop("_probe_late", None)
        FORMULAS.pop("_probe_late", None)
    assert "_probe_late" not in all_routes()


PROBE = '''
"""A module of the library that declares a route and is named nowhere else."""
from fractions import Fraction

from mechanisms.numerics.context import route


def probe_harmonic(n):
    """H_n in floats."""
    return sum(1.0 / k for k in range(1, n + 1))


def probe_harmonic_exact(n):
    """H_n, an exact rational sum."""
    return sum(Fraction(1, k) for k in range(1, n + 1))


# H_n: a float sum; an exact one
route("probe_harmonic", probe_harmonic, probe_harmonic_exact, monotone={"n": 1})
'''

CHECK = '''
import sys
import mechanisms
mechanisms.__path__.append(sys.argv[1])  # a module of the library that nothing imports by name
from fractions import Fraction
from mechanisms.numerics.context import Ball, enclosure
from mechanisms.numerics.context.box import NoBoxForm
from proofcheck import vocabulary
from proofcheck.measures import BOX, CERTIFIED, FLOAT, MONOTONE_ROUTES, ROUTES
assert abs(FLOAT.probe_harmonic(3) - 11 / 6) < 1e-15
assert CERTIFIED.probe_harmonic(3) == Fraction(11, 6), CERTIFIED.probe_harmonic(3)
assert (enclosure(BOX.probe_harmonic(3)) * 6).contains(11)
try:
    BOX.probe_harmonic(Ball.of(1, 3))
    raise AssertionError("a Ball was taken")
except NoBoxForm:
    pass
assert MONOTONE_ROUTES["probe_harmonic"] == {"n": 1}
assert "probe_harmonic" in vocabulary.entries()
print("on every path")
'''


def test_a_route_declared_in_a_module_of_the_library_reaches_every_path_unnamed(tmp_path):
    (tmp_path / "probe_route_module.py").write_text(textwrap.dedent(PROBE), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", CHECK, str(tmp_path)], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "on every path"


def test_measures_keeps_its_readers_and_its_own_routes():
    own = {"value", "num", "vector", "matrix", "uniform", "is_pos_inf", "between_zero_and", "nonnegative",
           "zero_within_rounding", "argmax_set", "at_least", "statistical_estimate", "js_by_entropies",
           "binomial_within_relative_error"}
    assert own <= set(ROUTES) and not own & set(all_routes())
    assert set(ROUTES) == own | set(all_routes())
    assert measures.register is register
