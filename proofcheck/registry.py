"""Where claims come from: the built-in modules (one per seed) and user modules given by path."""
from __future__ import annotations

import fnmatch
import importlib
import importlib.util
import sys
from pathlib import Path

from mechanisms.errors import InvalidInput
from proofcheck.claim import Claim

BUILTIN_MODULES = ("s000", "s002", "s003")


def builtin_claims() -> list[Claim]:
    claims: list[Claim] = []
    for name in BUILTIN_MODULES:
        try:
            mod = importlib.import_module(f"proofcheck.claims.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"proofcheck.claims.{name}":
                continue
            raise
        claims.extend(mod.CLAIMS)
    _check_unique(claims)
    return claims


def load_claims_file(path: str) -> list[Claim]:
    """A user's module: any Python file defining CLAIMS, a list of proofcheck.Claim."""
    p = Path(path)
    if not p.is_file():
        raise InvalidInput(f"claims file {path!r} does not exist")
    spec = importlib.util.spec_from_file_location(f"proofcheck_user_{abs(hash(str(p.resolve())))}", p)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    try:
        spec.loader.exec_module(mod)
    except InvalidInput:
        raise
    except Exception as e:  # a user's file failing to import is bad input, reported in one line
        raise InvalidInput(f"claims file {path!r} failed to import: {type(e).__name__}: {e}") from e
    claims = getattr(mod, "CLAIMS", None)
    if not isinstance(claims, (list, tuple)) or not all(isinstance(c, Claim) for c in claims):
        raise InvalidInput(f"claims file {path!r} must define CLAIMS, a list of proofcheck.Claim")
    _check_unique(list(claims))
    return list(claims)


def select(claims: list[Claim], pattern: str | None) -> list[Claim]:
    if not pattern:
        return claims
    chosen = [c for c in claims if fnmatch.fnmatchcase(c.id, pattern)]
    if not chosen:
        raise InvalidInput(f"no claim id matches {pattern!r}")
    return chosen


def find(claims: list[Claim], cid: str) -> Claim:
    for c in claims:
        if c.id == cid:
            return c
    raise InvalidInput(f"unknown claim id {cid!r} (see `proofcheck list`)")


def _check_unique(claims):
    seen = set()
    for c in claims:
        if c.id in seen:
            raise InvalidInput(f"claim id {c.id!r} is defined twice")
        seen.add(c.id)
