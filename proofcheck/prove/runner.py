"""Proof attempts in child processes, each under a hard limit (a proof that hangs costs that claim only).

Each child is forked from the process that loaded the claims (it proves the very claim objects the run
fingerprinted) and sends back the :class:`~proofcheck.prove.Proof`; one that runs past the hard limit is
killed and recorded as stopped, with the reason.
"""
from __future__ import annotations

import os
import signal
import sys
import time
from multiprocessing import Pipe
from multiprocessing.connection import wait

from mechanisms.numerics.exact import Undecided
from proofcheck.prove.certificate import write_certificate
from proofcheck.files import safe_name
from proofcheck.fingerprint import claim_fingerprint
from proofcheck.prove import Proof, against_search, prove_claim, unprovable
from hypothesis import find, settings, strategies as st
from tqdm import tqdm

POLL_S = 0.2
HARD_LIMIT_S = 300.0  # default: what one claim's proof attempt may take, from outside it


def prove_in_children(claims, budget, jobs: int = 1, hard_limit: float | None = None, done=None,
                      stopping=lambda: False) -> dict:
    """{claim id: Proof} for the claims, ``jobs`` children at a time; ``done(claim, proof)`` as each ends.
    Claims not started because ``stopping()`` became true are missing from the result."""
    limit = hard_limit or HARD_LIMIT_S
    claims, out = list(claims), {}
    if claims:
        _warm()

    def ended(claim, proof):
        out[claim.id] = proof
        if done is not None:
            done(claim, proof)

    each_in_child(claims, lambda claim: _start(claim, budget), jobs=jobs, limit=limit,
                  answer=lambda conn, claim, seconds: _receive(conn, claim, budget, seconds),
                  late=lambda claim, seconds: _stopped(claim, budget, f"stopped at the hard limit of {limit:g} s",
                                                       seconds),
                  done=ended, stopping=stopping)
    return out


def each_in_child(items, start, *, jobs: int, limit: float, answer, late, done, stopping=lambda: False) -> list:
    """``start(item)`` (a :func:`fork_call` connection) for each item, ``jobs`` children at a time; as each child
    ends, ``done(item, result)`` with ``answer(conn, item, seconds)`` where it answered, or ``late(item, seconds)``
    where it ran past ``limit`` seconds (the child killed). Returns the items not done because ``stopping()``
    became true: not started, then those stopped while running."""
    queue, running = list(items), {}
    try:
        while (queue or running) and not stopping():
            while queue and len(running) < max(1, jobs):
                item = queue.pop(0)
                running[start(item)] = (item, time.monotonic())
            ready = wait(list(running), timeout=POLL_S)
            now = time.monotonic()
            for conn in list(running):
                item, started = running[conn]
                if conn in ready:
                    result = answer(conn, item, now - started)
                elif now - started > limit:
                    result = late(item, now - started)
                else:
                    continue
                end_child(conn)
                del running[conn]
                done(item, result)
    finally:
        for conn in running:
            end_child(conn)
    return queue + [item for item, _ in running.values()]


def _warm():
    """What every child would otherwise set up again: Hypothesis's engine, done once here before forking."""

    find(st.integers(0, 1), lambda x: True, settings=settings(database=None, max_examples=1))


def _start(claim, budget):
    return fork_call(_attempt, (claim, budget))


def fork_call(fn, args):
    """fn(*args) in a forked child that ignores Ctrl-C (the parent stops it); the connection its answer comes back
    on, with the child's pid as ``.pid``. A child that raises ends with exit code 1 and sends nothing."""
    parent, child = Pipe(duplex=False)
    pid = os.fork()
    if pid == 0:  # the child
        code = 0
        try:
            parent.close()
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            child.send(fn(*args))
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    child.close()
    parent.pid = pid
    return parent


def _attempt(claim, budget):
    try:
        return prove_claim(claim, budget)
    except (Exception, Undecided) as e:  # an internal error of the prover: that claim's, said
        return _stopped(claim, budget, f"internal error of the prover: {type(e).__name__}: {e}", 0.0)


def _receive(conn, claim, budget, seconds):
    try:
        return conn.recv()
    except (EOFError, OSError):
        return _stopped(claim, budget, "the process proving this claim ended without a result", seconds)


def _stopped(claim, budget, reason, seconds):
    return Proof(claim.id, claim_fingerprint(claim), "stopped", budget, reason=reason, seconds=seconds)


def end_child(conn):
    """Kill a child of fork_call (if still running), reap it and close its connection."""
    try:
        os.kill(conn.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(conn.pid, 0)
    except ChildProcessError:
        pass
    conn.close()


# ----------------------------------------------------------------------------- the run's proof phase
def wants_proof(claim, result, budget) -> bool:
    """A `holds` without a proof attempt under this budget (one taken from an earlier run is kept)."""
    if result.verdict != "holds":
        return False
    earlier = (result.evidence or {}).get("proof")
    return not (isinstance(earlier, dict) and earlier.get("budget") == budget.to_json())


def prove_results(claims, results: dict, budget, *, jobs: int, out, hard_limit=None, record=None,
                  stopping=lambda: False, progress: bool = True) -> int:
    """Attach a proof attempt (``evidence['proof']``) to each claim whose result holds, write its certificate
    (``OUT/certificates/<id>.json``; a stale one is removed) and call ``record(cid, result)`` as each ends.
    Returns how many claims were attempted."""
    todo = [c for c in claims if c.id in results and wants_proof(c, results[c.id], budget)]
    bar = tqdm(total=len(todo), desc="proving claims", unit="claim", disable=not progress, file=sys.stderr)

    def done(claim, proof):
        result = results[claim.id]
        proof = against_search(proof, claim, result)  # a box said outside that holds an admitted case: refused
        ev = proof.evidence()
        stale = out / "certificates" / f"{safe_name(claim.id)}.json"
        # boxes worth re-checking (a sub-domain lists its excluded ones; sizes drawn, not declared, are said)
        if proof.status in ("proved", "proved-for-sizes", "sub-domain"):
            ev["certificate"] = str(write_certificate(out / "certificates", proof).relative_to(out))
        elif stale.is_file():
            stale.unlink()
        result.evidence["proof"] = ev
        if record is not None:
            record(claim.id, result)
        bar.set_postfix_str(claim.id)
        bar.update()

    try:
        quick = [c for c in todo if unprovable(c) is not None]  # equalities: said at once, no process needed
        for c in quick:
            done(c, prove_claim(c, budget))
        prove_in_children([c for c in todo if unprovable(c) is None], budget, jobs, hard_limit, done, stopping)
    finally:
        bar.close()
    return len(todo)
