"""Checking claims from a researcher's own pytest suite.

    from proofcheck.testing import assert_holds, assert_proved, assert_violated

    def test_my_bound():
        assert_holds(MY_BOUND)                  # a counted budget: 300 cases, the same on every machine

    def test_the_tempting_bound_is_false():
        cx = assert_violated(TEMPTING_BOUND)    # the certified counterexample, exact objects included

    def test_my_bound_is_proved():
        assert_proved(MY_BOUND)                 # on the whole declared domain, by interval branch and bound

On failure the assertion message shows the verdict, its reason and, for a violation, the certified
counterexample in exact numbers. This module is also a pytest plugin (entry point ``pytest11``):
it adds ``--proofcheck-seconds``, ``--proofcheck-cases`` and ``--proofcheck-seed`` to set the defaults of
these helpers. Each claim is checked in a child process under a hard limit.
"""
from __future__ import annotations

import json

from mechanisms.errors import InvalidInput
from proofcheck.runs.engine import BY_COST, Result, check_claim
from proofcheck.runs.executors import check_in_child
from proofcheck.prove import Budget, against_search
from proofcheck.prove.runner import prove_in_children

_DEFAULTS = {"seconds": 5.0, "seed": 0, "cases": 300}


def check(claims, seconds: float | None = None, seed: int | None = None, cases: int | None = None,
          hard_limit: float | None = None, prove=False):
    """Check one claim (returns its Result) or a list of claims (returns a list of Results), each in a
    child process under a hard limit (a claim that hangs or exits costs that claim: it comes back
    inconclusive with the reason). The budget per claim is counted (the same seed gives the same result on any
    machine): `cases` cases when given, else the claim's cost class (``Claim.cost``: the budget ``proofcheck
    run`` gives it); with `seconds` and no `cases`, that much time, which moves with the machine. With `prove`
    (True, or a proofcheck.prove.Budget), each claim that holds then gets a proof attempt by interval
    branch and bound, in a child process too: ``evidence['proof']`` (``proved`` true only on the whole
    declared domain)."""
    seed = _DEFAULTS["seed"] if seed is None else seed
    if cases is None and seconds is None:
        cases = BY_COST
    if cases is not None:
        seconds = _DEFAULTS["seconds"]
    many = isinstance(claims, (list, tuple))
    todo = list(claims) if many else [claims]
    if len({c.id for c in todo}) != len(todo):
        raise InvalidInput("check: two claims share an id")
    results = check_in_child(todo, {"seconds": seconds, "seed": seed, "cases": cases}, hard_limit=hard_limit)
    if prove:
        held = [c for c in todo if results[c.id].verdict == "holds"]
        by_id = {c.id: c for c in held}
        for cid, proof in prove_in_children(held, prove if isinstance(prove, Budget) else Budget(),
                                            hard_limit=hard_limit).items():
            # a box said outside that holds a case the search admitted: the proof is refused
            results[cid].evidence["proof"] = against_search(proof, by_id[cid], results[cid]).evidence()
    out = [results[c.id] for c in todo]
    return out if many else out[0]


def _budget(seconds, cases):
    """The pytest helpers' budget: counted (`--proofcheck-cases`, default 300 cases) unless seconds are given."""
    if seconds is None and cases is None:
        return None, _DEFAULTS["cases"]
    return seconds, cases


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


def assert_holds(claim, seconds: float | None = None, seed: int | None = None, allow_vacuous: bool = False,
                 cases: int | None = None) -> Result:
    """Fail unless the claim holds in the declared search (and is not vacuous, unless allowed). The budget is
    counted (300 cases, or `cases`) unless `seconds` is given: the same answer on every machine."""
    seconds, cases = _budget(seconds, cases)
    r = check(claim, seconds, seed, cases=cases)
    if r.verdict != "holds":
        raise AssertionError(f"expected {claim.id} to hold, got {r.verdict}\n{describe(r)}")
    if r.vacuous and not allow_vacuous:
        raise AssertionError(f"{claim.id} holds only vacuously: {r.vacuous}")
    return r


def assert_violated(claim, seconds: float | None = None, seed: int | None = None, cases: int | None = None) -> dict:
    """Fail unless the engine finds and certifies a counterexample; returns it (budget as assert_holds)."""
    seconds, cases = _budget(seconds, cases)
    r = check(claim, seconds, seed, cases=cases)
    if r.verdict != "violated":
        raise AssertionError(f"expected a certified counterexample to {claim.id}, got {r.verdict}\n{describe(r)}")
    return r.counterexample


def assert_proved(claim, budget=None, seed: int | None = None, cases: int | None = None):
    """Fail unless the claim holds in the search and is then proved on its whole declared domain by interval
    branch and bound (`budget`: a proofcheck.prove.Budget; default its counted defaults). Returns the
    Result; ``evidence['proof']`` has the domain, the number of boxes and the smallest certified margin."""
    seconds, cases = _budget(None, cases)
    r = check(claim, seconds, seed, cases=cases, prove=budget or Budget())
    if r.verdict != "holds":
        raise AssertionError(f"expected {claim.id} to be proved, but it does not hold: {r.verdict}\n{describe(r)}")
    proof = r.evidence.get("proof") or {}
    if proof.get("proved") is not True:
        raise AssertionError(f"{claim.id} holds in the search but is not proved: {proof.get('summary')}"
                             + _excluded_lines(proof))
    return r


def _excluded_lines(proof: dict) -> str:
    regions = proof.get("excluded_region") or []
    lines = [f"\n  excluded on {r['domain']}: {r['boxes']} boxes ({r['share_of_domain']:.3g} of the domain), e.g. "
             f"{json.dumps(r['examples'][0], ensure_ascii=False)}" for r in regions if r.get("examples")]
    if proof.get("at"):
        lines.append(f"\n  at {json.dumps(proof['at'], ensure_ascii=False)}")
    return "".join(lines)


# ----------------------------------------------------------------------------- pytest plugin hooks
def pytest_addoption(parser):
    group = parser.getgroup("proofcheck")
    group.addoption("--proofcheck-seconds", type=float, default=None,
                    help="default search budget per claim for proofcheck.testing (seconds)")
    group.addoption("--proofcheck-seed", type=int, default=None, help="default seed for proofcheck.testing")
    group.addoption("--proofcheck-cases", type=int, default=None,
                    help="default counted budget (cases per claim) of assert_holds / assert_violated")


def pytest_configure(config):
    seconds = config.getoption("--proofcheck-seconds", default=None)
    seed = config.getoption("--proofcheck-seed", default=None)
    if seconds is not None:
        if not seconds > 0:
            raise ValueError(f"--proofcheck-seconds must be > 0, got {seconds}")
        _DEFAULTS["seconds"] = seconds
    if seed is not None:
        _DEFAULTS["seed"] = seed
    cases = config.getoption("--proofcheck-cases", default=None)
    if cases is not None:
        if not cases >= 1:
            raise ValueError(f"--proofcheck-cases must be >= 1, got {cases}")
        _DEFAULTS["cases"] = cases
