"""Where claims come from: the built-in modules (one per seed) and user modules given by path; and the
papers' own subcommands, which their packages declare."""
from __future__ import annotations

import dataclasses
import fnmatch
import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Callable, NamedTuple

import proofcheck.claims as claims_pkg
from mechanisms.errors import InvalidInput
from proofcheck.claim import COST_CLASSES, PAPER_ID, Claim
import hashlib
import pkgutil
import warnings


def paper_packages() -> list:
    """The papers' claims packages: every sub-package sNNN of proofcheck.claims, in order. Each declares
    PAPER (its title line), CLAIMS (its statements in the paper's order) and FINDINGS, and may have a
    `commands` module (see paper_commands); the engine knows no paper beyond what these packages say."""
    names = sorted(i.name for i in pkgutil.iter_modules(claims_pkg.__path__) if i.ispkg and PAPER_ID.match(i.name))
    return [importlib.import_module(f"proofcheck.claims.{name}") for name in names]


class Command(NamedTuple):
    """A paper's own subcommand, `proofcheck NAME ...`, declared in COMMANDS of its package's `commands` module."""
    name: str
    help: str
    arguments: Callable  # arguments(parser): adds the subcommand's arguments to its argparse parser
    run: Callable  # run(args) -> exit status; InvalidInput for bad input, as the engine's own commands


def paper_commands() -> list:
    """Every Command the papers' packages declare (a package's optional `commands` module), in paper order;
    a name declared twice is an error."""
    out, seen = [], set()
    for mod in paper_packages():
        name = f"{mod.__name__}.commands"
        try:
            commands = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                continue
            raise
        for c in commands.COMMANDS:
            if c.name in seen:
                raise ValueError(f"command {c.name!r} is declared twice (again in {name})")
            seen.add(c.name)
            out.append(c)
    return out


def paper_title(prefix: str) -> str:
    """The title line a paper's package declares (the prefix itself for anything else)."""
    for mod in paper_packages():
        if mod.__name__.rsplit(".", 1)[-1] == prefix:
            return getattr(mod, "PAPER", prefix)
    return prefix


def builtin_claims() -> list[Claim]:
    claims: list[Claim] = []
    for mod in paper_packages():
        claims.extend(with_costs(mod.CLAIMS, _paper_costs(mod)))
    _check_unique(claims)
    check_primary_readings(claims)
    return claims


def _paper_costs(mod) -> dict:
    """COSTS of a paper package's optional `costs` module: {id glob: cost class} (proofcheck.claim.COST_CLASSES),
    measured by benchmarks/cost_classes.py and a run at the default budget (light: a claim that took under a second
    at "standard"; heavy: one that holds and took eight seconds or more; a few light or thorough because a smaller
    count missed what the search should show); a claim no glob matches keeps its own (Claim.cost)."""
    name = f"{mod.__name__}.costs"
    try:
        return importlib.import_module(name).COSTS
    except ModuleNotFoundError as e:
        if e.name == name:
            return {}
        raise


def with_costs(claims, costs: dict) -> list[Claim]:
    """The claims, each with the cost class of the first glob of `costs` that matches its id. A glob that
    matches no claim, or a class that does not exist, is an error (a table that went stale)."""
    bad = {k: v for k, v in costs.items() if v not in COST_CLASSES}
    if bad:
        raise ValueError(f"unknown cost class(es) {bad}: the classes are {sorted(COST_CLASSES)}")
    unused = [g for g in costs if not any(fnmatch.fnmatchcase(c.id, g) for c in claims)]
    if unused:
        raise ValueError(f"cost glob(s) {unused} match no claim")
    out = []
    for c in claims:
        cost = next((v for g, v in costs.items() if fnmatch.fnmatchcase(c.id, g)), None)
        out.append(c if cost is None or cost == c.cost else dataclasses.replace(c, cost=cost))
    return out


def paper_prefixes() -> tuple:
    """sNNN of every built-in paper (a user's claims may not use them)."""
    return tuple(mod.__name__.rsplit(".", 1)[-1] for mod in paper_packages())


def load_claims_file(path: str, check_draws: bool = True) -> list[Claim]:
    """A user's module: any Python file defining CLAIMS, a list of proofcheck.Claim.

    The file's own folder is on sys.path while it loads (so it can import its neighbours). Every
    problem with the file is one InvalidInput naming the file, the claim and the problem."""
    p = Path(path)
    try:
        is_file, exists = p.is_file(), p.exists()
    except (OSError, ValueError) as e:  # a name too long, a NUL byte
        raise InvalidInput(f"claims file {path!r} cannot be opened ({getattr(e, 'strerror', None) or e})") from None
    if not is_file:
        raise InvalidInput(f"claims file {path!r} " + ("is not a file" if exists else "does not exist"))
    if p.suffix != ".py":
        raise InvalidInput(f"claims file {path!r} must be a Python module whose name ends in .py")
    spec = importlib.util.spec_from_file_location(f"proofcheck_user_{_stable_digest(str(p.resolve()))}", p)
    if spec is None or spec.loader is None:
        raise InvalidInput(f"claims file {path!r} cannot be loaded as a Python module")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    folder = str(p.resolve().parent)
    sys.path.insert(0, folder)
    try:
        spec.loader.exec_module(mod)
    except InvalidInput as e:
        raise InvalidInput(f"claims file {path!r}: {e}") from None
    except (Exception, SystemExit) as e:  # a user's file failing to import is bad input, reported in one line
        raise InvalidInput(f"claims file {path!r} failed to import: {type(e).__name__}: "
                           f"{' '.join(str(e).split())}") from None
    finally:
        if sys.path and sys.path[0] == folder:
            sys.path.pop(0)
    claims = getattr(mod, "CLAIMS", None)
    if not isinstance(claims, (list, tuple)) or not all(isinstance(c, Claim) for c in claims):
        raise InvalidInput(f"claims file {path!r} must define CLAIMS, a list of proofcheck.Claim")
    if not claims:
        raise InvalidInput(f"claims file {path!r} defines no claims (CLAIMS is empty)")
    claims = list(claims)
    try:
        _check_unique(claims)
        check_primary_readings(claims)
    except InvalidInput as e:
        raise InvalidInput(f"claims file {path!r}: {e}") from None
    builtin_ids = {c.id for c in builtin_claims()}
    drawn = set()  # (strategy object, variable names) already checked: a file of 10,000 claims often shares one
    for c in claims:
        if c.id in builtin_ids:
            raise InvalidInput(f"claims file {path!r}: claim {c.id!r} clashes with a built-in claim id")
        if c.id.split(".")[0] in paper_prefixes():
            raise InvalidInput(f"claims file {path!r}: claim {c.id!r} uses the prefix {c.id.split('.')[0]!r} of a "
                               "built-in paper; name your own claims freely, e.g. 'mine.{c.id.split('.', 1)[-1]}'")
        key = (id(c.strategy), tuple(v.name for v in c.variables))
        if check_draws and key not in drawn:
            _check_draw(path, c)
            drawn.add(key)
    return claims


def _stable_digest(text: str) -> str:
    """The same in every process (hash() of a str is salted per process)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _check_draw(path, claim: Claim) -> None:
    """The strategy's first draw must be a dict with a key for every variable, and every key must
    be a variable or a value a quantity reads (structural entries are declared as `integer`)."""
    from hypothesis import HealthCheck, Phase, find, settings

    try:
        case = find(claim.strategy, lambda _: True,
                    settings=settings(max_examples=5, database=None, deadline=None, phases=[Phase.generate],
                                      suppress_health_check=list(HealthCheck)))
    except Exception as e:
        raise InvalidInput(f"claims file {path!r}: claim {claim.id!r}: its strategy failed to draw "
                           f"({type(e).__name__}: {e})") from None
    if not isinstance(case, dict):
        raise InvalidInput(f"claims file {path!r}: claim {claim.id!r}: the strategy draws {type(case).__name__}, "
                           "not a dict of the variables (use proofcheck.strategies.cases)")
    names = {v.name for v in claim.variables}
    never = sorted(names - set(case))
    if never:
        raise InvalidInput(f"claims file {path!r}: claim {claim.id!r}: variable(s) {never} are never drawn by "
                           f"the strategy (it draws {sorted(case)})")
    extra = sorted(set(case) - names)
    if extra:
        raise InvalidInput(f"claims file {path!r}: claim {claim.id!r}: the strategy draws {extra}, which no variable "
                           "declares (declare each, e.g. integer('secret') or real('t', lo, hi))")


def select(claims: list[Claim], pattern: str | list[str] | None) -> list[Claim]:
    """The claims whose id matches the glob (or any of the globs: `--only` repeated), in their order; a glob that
    matches nothing is bad input."""
    if not pattern:
        return claims
    patterns = [pattern] if isinstance(pattern, str) else list(pattern)
    for p in patterns:
        if not any(fnmatch.fnmatchcase(c.id, p) for c in claims):
            raise InvalidInput(f"no claim id matches {p!r}")
    return [c for c in claims if any(fnmatch.fnmatchcase(c.id, p) for p in patterns)]


def find(claims: list[Claim], cid: str) -> Claim:
    for c in claims:
        if c.id == cid:
            return c
    raise InvalidInput(f"unknown claim id {cid!r} (see `proofcheck list`)")


class DegeneratePrimaryWarning(UserWarning):
    """A statement's primary (or only) reading holds only where its hypotheses force a degenerate case, and no
    non-degenerate reading of it is registered."""


def check_primary_readings(claims) -> None:
    """Of a statement with several readings (claims sharing a statement id, variants aside),
    exactly one must say why it is the paper's most natural reading (Claim.primary). That reading is the
    careful reader's, never one whose hypotheses force a degenerate case (Claim.forces_degenerate): beside a
    reading that is neither degenerate nor vacuous it is refused; with none, registered with a
    DegeneratePrimaryWarning (the report flags it too)."""
    groups: dict[str, list[Claim]] = {}
    for c in claims:
        if c.variant is None:
            groups.setdefault(c.statement_id, []).append(c)
    for sid, readings in groups.items():
        named = [c.id for c in readings if c.primary]
        if len(readings) > 1 and len(named) != 1:
            raise InvalidInput(f"statement {sid!r} has {len(readings)} readings and {len(named)} primary ones "
                               f"({', '.join(named) or 'none'}); set primary='why' on exactly one of "
                               f"{', '.join(c.id for c in readings)}")
        primary = next(c for c in readings if c.primary) if len(readings) > 1 else readings[0]
        if not primary.forces_degenerate:
            continue
        sound = [c.id for c in readings if c is not primary and not c.forces_degenerate and not c.vacuous]
        if sound:
            raise InvalidInput(f"statement {sid!r}: the primary reading {primary.id!r} holds only where its hypotheses "
                               f"force a degenerate case ({' '.join(primary.forces_degenerate.split())[:200]}); "
                               f"a careful reader takes a non-degenerate reading: set primary='why' on one of "
                               f"{', '.join(sound)}")
        warnings.warn(DegeneratePrimaryWarning(
            f"statement {sid!r}: its {'primary' if len(readings) > 1 else 'only'} reading {primary.id!r} holds only "
            f"where its hypotheses force a degenerate case, and no non-degenerate reading is registered"), stacklevel=2)


def _check_unique(claims):
    seen = set()
    for c in claims:
        if c.id in seen:
            raise InvalidInput(f"claim id {c.id!r} is defined twice")
        seen.add(c.id)
