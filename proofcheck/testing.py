"""Checking claims from a researcher's own pytest suite.

    from proofcheck.testing import assert_holds, assert_violated

    def test_my_bound():
        assert_holds(MY_BOUND, seconds=5)

    def test_the_tempting_bound_is_false():
        cx = assert_violated(TEMPTING_BOUND)    # the certified counterexample, exact objects included

On failure the assertion message shows the verdict, its reason and, for a violation, the certified
counterexample in exact numbers. This module is also a pytest plugin (entry point ``pytest11``):
it adds ``--proofcheck-seconds`` and ``--proofcheck-seed`` to set the defaults of these helpers.
"""
from __future__ import annotations

import json

from proofcheck.engine import Result, check_claim

_DEFAULTS = {"seconds": 5.0, "seed": 0}


def check(claims, seconds: float | None = None, seed: int | None = None):
    """Check one claim (returns its Result) or a list of claims (returns a list of Results), with
    `seconds` of budget per claim."""
    seconds = _DEFAULTS["seconds"] if seconds is None else seconds
    seed = _DEFAULTS["seed"] if seed is None else seed
    if isinstance(claims, (list, tuple)):
        return [check_claim(c, seconds=seconds, seed=seed) for c in claims]
    return check_claim(claims, seconds=seconds, seed=seed)


def describe(result: Result) -> str:
    """A verdict and its evidence in a few lines, exact counterexample included."""
    lines = [f"{result.id}: {result.verdict}" + (f" (vacuous: {result.vacuous})" if result.vacuous else "")]
    ev = result.evidence
    if result.counterexample:
        cx = result.counterexample
        lines.append("certified counterexample (exact):")
        lines += [f"  {k} = {json.dumps(v, ensure_ascii=False)}" for k, v in cx["objects"].items()]
        lines.append(f"  lhs ∈ {cx['lhs']}\n  rhs ∈ {cx['rhs']}\n  required: lhs {cx['relation']} rhs — fails")
    elif result.verdict == "holds":
        lines.append(ev.get("summary", ""))
    if ev.get("reason"):
        lines.append(f"reason: {ev['reason']}")
    if ev.get("error"):
        lines.append(f"error: {json.dumps(ev['error'], ensure_ascii=False)}")
    return "\n".join(lines)


def assert_holds(claim, seconds: float | None = None, seed: int | None = None, allow_vacuous: bool = False) -> Result:
    """Fail unless the claim holds in the declared search (and is not vacuous, unless allowed)."""
    r = check(claim, seconds, seed)
    if r.verdict != "holds":
        raise AssertionError(f"expected {claim.id} to hold, got {r.verdict}\n{describe(r)}")
    if r.vacuous and not allow_vacuous:
        raise AssertionError(f"{claim.id} holds only vacuously: {r.vacuous}")
    return r


def assert_violated(claim, seconds: float | None = None, seed: int | None = None) -> dict:
    """Fail unless the engine finds and certifies a counterexample; returns it."""
    r = check(claim, seconds, seed)
    if r.verdict != "violated":
        raise AssertionError(f"expected a certified counterexample to {claim.id}, got {r.verdict}\n{describe(r)}")
    return r.counterexample


# ----------------------------------------------------------------------------- pytest plugin hooks
def pytest_addoption(parser):
    group = parser.getgroup("proofcheck")
    group.addoption("--proofcheck-seconds", type=float, default=None,
                    help="default search budget per claim for proofcheck.testing (seconds)")
    group.addoption("--proofcheck-seed", type=int, default=None, help="default seed for proofcheck.testing")


def pytest_configure(config):
    seconds = config.getoption("--proofcheck-seconds", default=None)
    seed = config.getoption("--proofcheck-seed", default=None)
    if seconds is not None:
        if not seconds > 0:
            raise ValueError(f"--proofcheck-seconds must be > 0, got {seconds}")
        _DEFAULTS["seconds"] = seconds
    if seed is not None:
        _DEFAULTS["seed"] = seed
