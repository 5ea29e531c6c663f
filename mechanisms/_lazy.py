"""Lazy public names for the subpackages: each ``__init__`` lists where its names live, and a name is
imported from its module on first use (so importing one formula loads neither torch nor the library)."""
import importlib


def exports(package: str, where: dict, modules: tuple):
    """The ``__getattr__`` and ``__dir__`` of a package whose public name ``n`` lives in ``package.where[n]`` — a
    module's name, or (module, name in it) where the package's name is not the module's."""

    def __getattr__(name):
        if name in where:
            module, attr = where[name] if isinstance(where[name], tuple) else (where[name], name)
            return getattr(importlib.import_module(f"{package}.{module}"), attr)
        if name in modules:
            return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__():
        return sorted(set(where) | set(modules))

    return __getattr__, __dir__
