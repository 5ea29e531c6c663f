"""Where claims are checked: the local worker processes (the default) or an existing Dask cluster.

A claim's result depends on (claim, budget, seed) only — not on the executor, the worker or the order
claims finish in. With a counted budget (``cases``) that holds on any machine; with a time budget, how far
the search gets depends on the machine and its load.

* :class:`LocalPool` — ``jobs`` worker processes forked from this process (proofcheck.runs.supervisor): they
  check the very claim objects loaded here, each under a hard limit, and a claim that hangs, exits or
  kills its worker costs that claim only.
* :class:`DaskExecutor` — ``dask.distributed``: a ``Client`` on the scheduler at ``scheduler``, or, without
  one, a ``LocalCluster`` (``n_workers`` processes, one thread each). Each task, :func:`check_by_id`, loads
  the claims on its worker (claims hold lambdas, which do not pickle), checks that the claim has the
  fingerprint the run computed (a claims file that changes when imported again is refused, never checked
  as another statement), and checks it in a child process under the hard limit. A user's claims file is
  sent along with the task (its text), so workers on other machines need not share the file system; a file
  that imports its neighbours needs them on the workers too. Dask is an optional extra:
  ``pip install 'proofcheck[dask]'``.

Each executor also has :meth:`mapper`, an ordered ``map(fn, iterable)`` for fanning out Monte Carlo
batches (:func:`mechanisms.numerics.monte_carlo.bounded_mean`'s ``mapper``): estimates do not depend on it.
"""
from __future__ import annotations

import os
import tempfile
import uuid
from functools import lru_cache
from pathlib import Path

from mechanisms.errors import InvalidInput
import proofcheck.registry as registry
import proofcheck.runs.supervisor as supervisor
from proofcheck.runs.engine import Result
from proofcheck.fingerprint import claim_fingerprint
import warnings

__all__ = ["check_by_id", "LocalPool", "DaskExecutor", "make_executor", "dask_mapper", "EXECUTORS",
           "CONNECT_TIMEOUT_S"]

EXECUTORS = ("local", "dask")
CONNECT_TIMEOUT_S = 10.0  # how long to try reaching a Dask scheduler before giving up
METHOD_ENV = "DASK_DISTRIBUTED__WORKER__MULTIPROCESSING_METHOD"


# ----------------------------------------------------------------------------- the worker
@lru_cache(maxsize=8)
def _claims(claims_path, source):
    if claims_path is None:
        return registry.builtin_claims()
    if source is not None and not Path(claims_path).is_file():
        # a worker on another machine: the file's text came with the task
        folder = Path(tempfile.mkdtemp(prefix="proofcheck-claims-"))
        local = folder / Path(claims_path).name
        local.write_text(source)
        claims_path = str(local)
    return registry.load_claims_file(claims_path)


def not_deterministic(cid: str, claims_path) -> str:
    return (f"claims file {claims_path!r}: claim {cid!r} is not the same when the file is imported again "
            "(a constant drawn at import, or one that depends on the process?): its fingerprint differs, "
            "so the statement checked would not be the one reported")


def check_by_id(claims_path, cid, seconds, seed, device="auto", mc_samples=None, source=None, fingerprint=None,
                cases=None, hard_limit=None):
    """Worker on a Dask cluster: load the claims (built-in when ``claims_path`` is None), check the one with
    id ``cid`` in a child process under the hard limit. The claim must have ``fingerprint`` (the one the
    run computed where it loaded the claims): a claims file that is not the same when imported again is
    refused for that claim, never checked as another statement."""
    warnings.filterwarnings("ignore")

    claim = registry.find(_claims(claims_path, source), cid)
    if fingerprint is not None and claim_fingerprint(claim) != fingerprint:
        return _refused(cid, not_deterministic(cid, claims_path))
    params = {"seconds": seconds, "seed": seed, "device": device, "mc_samples": mc_samples, "cases": cases}
    return check_in_child([claim], params, hard_limit)[cid]


def _refused(cid, reason):
    return Result(cid, "inconclusive", None, None, None,
                  {"reason": reason, "error": {"kind": "claims-file-not-deterministic", "where": "the claims file",
                                               "path": None, "type": "NotDeterministic", "message": reason,
                                               "case": None}}, 0.0)


def check_in_child(claims, params: dict, hard_limit=None, jobs: int = 1, done=None, sup=None) -> dict:
    """{claim id: Result}: the claims checked in forked child processes (``jobs`` at a time), each under the
    hard limit (default: supervisor.default_hard_limit); ``done(cid, result)`` as each ends. Claims not
    checked because the run was stopped (``sup.stop()``) are missing from the result."""
    key = uuid.uuid4().hex
    supervisor._INHERITED[key] = {c.id: c for c in claims}
    if sup is None:
        limit = hard_limit or supervisor.default_hard_limit(params.get("seconds", 10.0), params.get("cases"))
        sup = supervisor.Supervisor(jobs=jobs, hard_limit=limit)
    results = {}

    def on_result(cid, r):
        results[cid] = r
        if done is not None:
            done(cid, r)

    try:
        sup.run([supervisor.Task(c.id, key, params) for c in claims], on_result)
    finally:
        supervisor._INHERITED.pop(key, None)
    return results


def _noop(_cid, _result=None):
    pass


# ----------------------------------------------------------------------------- local process pool
class LocalPool:
    """``jobs`` worker processes on this machine, forked from this process (so they check the very claim
    objects loaded here); each claim under a hard limit, a claim that hangs or kills its worker costs
    that claim only (proofcheck.runs.supervisor)."""

    name = "local"

    def __init__(self, jobs: int = 1):
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise InvalidInput(f"jobs must be an integer >= 1, got jobs={jobs!r}")
        self.jobs = jobs
        self.supervisor = None

    @property
    def slots(self) -> int:
        return self.jobs

    def check(self, claims, claims_path, seconds, seed, *, device="auto", mc_samples=None, done=_noop,
              cases=None, hard_limit=None, fingerprints=None, deadline=None) -> dict:
        """{claim id: Result} for the claims; ``done(cid, result)`` as each ends. Claims not checked because
        the run was stopped (``stop()``) are missing from the result; past ``deadline`` (time.monotonic())
        no claim is started, and those not started are recorded inconclusive with the reason."""
        params = {"seconds": seconds, "seed": seed, "device": device, "mc_samples": mc_samples, "cases": cases}
        limit = hard_limit or supervisor.default_hard_limit(seconds, cases)
        self.supervisor = supervisor.Supervisor(jobs=self.jobs, hard_limit=limit, deadline=deadline)
        return check_in_child(claims, params, done=done, sup=self.supervisor)

    def stop(self, signum):
        if self.supervisor is not None:
            self.supervisor.stop(signum)

    def mapper(self):
        return map

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ----------------------------------------------------------------------------- Dask
def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise InvalidInput("--executor dask needs dask.distributed, which is not installed: "
                           "pip install 'proofcheck[dask]'") from None
    return distributed


def dask_mapper(client):
    """An ordered map over a Dask client: results come back in the order of the iterable."""
    def mapper(fn, iterable):
        return client.gather(client.map(fn, list(iterable), pure=False))
    return mapper


class DaskExecutor:
    """Claims fanned out over a Dask cluster: the scheduler at ``scheduler``, or a new local cluster."""

    name = "dask"

    def __init__(self, scheduler: str | None = None, n_workers: int = 2, connect_timeout: float | None = None):
        distributed = _import_distributed()
        self._cluster = None
        timeout = CONNECT_TIMEOUT_S if connect_timeout is None else connect_timeout
        if scheduler is None:
            import multiprocessing

            import dask

            # start workers the way the local pool does (fork on Linux): they inherit the loaded claims
            # instead of importing everything again (seconds of start-up per worker under spawn);
            # DASK_DISTRIBUTED__WORKER__MULTIPROCESSING_METHOD, when set, has the last word
            method = os.environ.get(METHOD_ENV) or multiprocessing.get_start_method()
            with dask.config.set({"distributed.worker.multiprocessing-method": method}):
                self._cluster = distributed.LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True,
                                                         dashboard_address="127.0.0.1:0")
            self.client = distributed.Client(self._cluster)
            self.address = self._cluster.scheduler_address
        else:
            if not isinstance(scheduler, str) or not scheduler.strip():
                raise InvalidInput(f"--scheduler must be an address such as tcp://host:8786, got {scheduler!r}")
            try:
                self.client = distributed.Client(scheduler, timeout=timeout)
            except (OSError, TimeoutError, ValueError, TypeError) as e:
                reason = " ".join(str(e).split()) or type(e).__name__
                raise InvalidInput(f"cannot reach the Dask scheduler at {scheduler!r}: {reason[:200]}") from None
            self.address = scheduler

    @property
    def slots(self) -> int:
        """Worker threads in the cluster now (at least 1)."""
        return max(1, sum(self.client.nthreads().values()))

    def check(self, claims, claims_path, seconds, seed, *, device="auto", mc_samples=None, done=_noop,
              cases=None, hard_limit=None, fingerprints=None, deadline=None) -> dict:
        distributed = _import_distributed()

        source = Path(claims_path).read_text() if claims_path else None
        limit = hard_limit or supervisor.default_hard_limit(seconds, cases)
        run = uuid.uuid4().hex[:8]
        futs = {self.client.submit(check_by_id, claims_path, c.id, seconds, seed, device, mc_samples, source,
                                   (fingerprints or {}).get(c.id) or claim_fingerprint(c), cases, limit,
                                   key=f"proofcheck-{run}-{c.id}", pure=False): c.id for c in claims}
        results = {}
        self._stopping = None
        pending = set(futs)
        while pending and self._stopping is None:
            try:
                finished, pending = distributed.wait(list(pending), timeout=0.5, return_when="FIRST_COMPLETED")
            except TimeoutError:
                continue
            for f in finished:
                try:
                    r = f.result()
                except Exception as e:  # the task itself failed on the worker (it lost its worker, ...)
                    r = supervisor.stopped(futs[f], f"the Dask task failed: {type(e).__name__}: {e}", 0.0, "dask")
                results[futs[f]] = r
                done(futs[f], r)
        for f in pending:
            f.cancel()
        return results

    def stop(self, signum):
        self._stopping = signum

    def mapper(self):
        return dask_mapper(self.client)

    def close(self):
        self.client.close()
        if self._cluster is not None:
            self._cluster.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def make_executor(name: str = "local", *, jobs: int | None = None, scheduler: str | None = None):
    """'local' (``jobs`` processes, default all cores) or 'dask' (``scheduler`` address, or a local cluster of
    ``jobs`` workers, default 2). A scheduler address with the local executor is bad input."""
    if name not in EXECUTORS:
        raise InvalidInput(f"executor must be one of {', '.join(EXECUTORS)}, got {name!r}")
    if name == "local":
        if scheduler is not None:
            raise InvalidInput("--scheduler needs --executor dask")
        return LocalPool(jobs or os.cpu_count() or 1)
    return DaskExecutor(scheduler, n_workers=jobs or 2)
