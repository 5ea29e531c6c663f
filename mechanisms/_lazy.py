"""Lazy public names for the subpackages: each ``__init__`` lists its modules' public names, and a name is imported
from its module on first use (so importing one formula loads neither torch nor the library)."""
import importlib


def exports(package: str, names: dict, modules: tuple, aliases: dict = None):
    """The ``__all__``, ``__getattr__`` and ``__dir__`` of a package whose module ``mod`` defines the public names
    ``names[mod]``; ``aliases`` maps a package name to (module, name in it) where the package's name is not the
    module's."""
    where = {name: (module, name) for module, public in names.items() for name in public}
    where.update(aliases or {})

    def __getattr__(name):
        if name in where:
            module, attr = where[name]
            return getattr(importlib.import_module(f"{package}.{module}"), attr)
        if name in modules:
            return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__():
        return sorted(set(where) | set(modules))

    return sorted(where), __getattr__, __dir__
