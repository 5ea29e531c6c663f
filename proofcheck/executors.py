"""Where claims are checked: the local process pool (the default) or an existing Dask cluster.

Both run the same worker, :func:`check_by_id`: it loads the claims itself (claims hold lambdas, which
do not pickle), finds one by id and checks it with :func:`proofcheck.engine.check_claim`. A claim's result
depends on (claim, seconds, seed) only — not on the executor, the worker or the order claims finish in —
except where a time budget cuts the search short (how far a budget reaches depends on the machine).

* :class:`LocalPool` — ``jobs`` processes on this machine (``jobs = 1``: in this process).
* :class:`DaskExecutor` — ``dask.distributed``: a ``Client`` on the scheduler at ``scheduler``, or, without
  one, a ``LocalCluster`` (``n_workers`` processes, one thread each, started like the local pool's: fork
  on Linux). A user's claims file is sent along
  with the task (its text), so workers on other machines need not share the file system; a file that
  imports its neighbours needs them on the workers too. Dask is an optional extra:
  ``pip install 'proofcheck[dask]'``.

Each executor also has :meth:`mapper`, an ordered ``map(fn, iterable)`` for fanning out Monte Carlo
batches (:func:`mechanisms.monte_carlo.bounded_mean`'s ``mapper``): estimates do not depend on it.
"""
from __future__ import annotations

import os
import tempfile
import uuid
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import lru_cache
from pathlib import Path

from mechanisms.errors import InvalidInput

__all__ = ["check_by_id", "LocalPool", "DaskExecutor", "make_executor", "dask_mapper", "EXECUTORS",
           "CONNECT_TIMEOUT_S"]

EXECUTORS = ("local", "dask")
CONNECT_TIMEOUT_S = 10.0  # how long to try reaching a Dask scheduler before giving up
METHOD_ENV = "DASK_DISTRIBUTED__WORKER__MULTIPROCESSING_METHOD"


# ----------------------------------------------------------------------------- the worker
@lru_cache(maxsize=8)
def _claims(claims_path, source):
    from proofcheck import registry

    if claims_path is None:
        return registry.builtin_claims()
    if source is not None and not Path(claims_path).is_file():
        # a worker on another machine: the file's text came with the task
        folder = Path(tempfile.mkdtemp(prefix="proofcheck-claims-"))
        local = folder / Path(claims_path).name
        local.write_text(source)
        claims_path = str(local)
    return registry.load_claims_file(claims_path)


def check_by_id(claims_path, cid, seconds, seed, device="auto", mc_samples=None, source=None):
    """Worker: load the claims (built-in when ``claims_path`` is None), check the one with id ``cid``."""
    import warnings

    warnings.filterwarnings("ignore")
    from proofcheck import registry
    from proofcheck.engine import check_claim

    claim = registry.find(_claims(claims_path, source), cid)
    return check_claim(claim, seconds=seconds, seed=seed, device=device, mc_samples=mc_samples)


def _noop(_cid):
    pass


# ----------------------------------------------------------------------------- local process pool
class LocalPool:
    """``jobs`` worker processes on this machine; ``jobs = 1`` checks in this process."""

    name = "local"

    def __init__(self, jobs: int = 1):
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise InvalidInput(f"jobs must be an integer >= 1, got jobs={jobs!r}")
        self.jobs = jobs

    @property
    def slots(self) -> int:
        return self.jobs

    def check(self, claims, claims_path, seconds, seed, *, device="auto", mc_samples=None, done=_noop) -> dict:
        """{claim id: Result} for the claims (objects loaded from ``claims_path``, or built-in when None)."""
        from proofcheck.engine import check_claim

        results = {}
        if self.jobs <= 1:
            for c in claims:
                results[c.id] = check_claim(c, seconds=seconds, seed=seed, device=device, mc_samples=mc_samples)
                done(c.id)
            return results
        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            futs = {pool.submit(check_by_id, claims_path, c.id, seconds, seed, device, mc_samples): c.id
                    for c in claims}
            for f in as_completed(futs):
                results[futs[f]] = f.result()
                done(futs[f])
        return results

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

    def check(self, claims, claims_path, seconds, seed, *, device="auto", mc_samples=None, done=_noop) -> dict:
        distributed = _import_distributed()
        source = Path(claims_path).read_text() if claims_path else None
        run = uuid.uuid4().hex[:8]
        futs = {self.client.submit(check_by_id, claims_path, c.id, seconds, seed, device, mc_samples, source,
                                   key=f"proofcheck-{run}-{c.id}", pure=False): c.id for c in claims}
        results = {}
        for f in distributed.as_completed(list(futs)):
            results[futs[f]] = f.result()
            done(futs[f])
        return results

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
