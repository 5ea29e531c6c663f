"""Checking claims in worker processes that the run can stop: a hard limit per claim, from outside it.

Each worker is a child forked from the process that loaded the claims, so it checks the very objects
the run fingerprinted (no re-import: a claims file that draws a constant at import cannot change under
the run). The parent hands a worker one claim at a time over a pipe and waits. A claim costs that
claim only, whatever it does:

* it ends — a Result comes back (an exception or ``sys.exit`` in the claim's code is already an
  inconclusive Result, see :func:`run_one`);
* it runs past its hard limit — the worker is killed, the claim is recorded ``inconclusive`` with the
  stage it was in ("stopped at the hard limit of 60 s during certify"), and a new worker takes its place;
* its worker dies (``os._exit``, a signal, out of memory) — the claim is recorded ``inconclusive`` with
  the exit status and the stage, and a new worker takes its place.

Workers ignore SIGINT (the terminal's Ctrl-C reaches the parent, which stops them) and die with the
parent (PR_SET_PDEATHSIG on Linux). :meth:`Supervisor.stop` (called from a signal handler) makes
:meth:`Supervisor.run` kill every worker and return what is finished.
"""
from __future__ import annotations

import math
import os
import signal
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing import Pipe
from multiprocessing.connection import wait
from mechanisms.numerics.exact import Undecided
import proofcheck.runs.engine as engine
from proofcheck.runs.engine import CERT_MIN_SECONDS, Result, check_claim
import gc
import tempfile

POLL_S = 0.2  # how often the parent looks at the clock and at a stop request
# what each claim's process may hold in memory (address space), so that one claim that allocates
# without end costs that claim, not the machine: a fraction of the machine's memory per worker
MEMORY_FRACTION = 0.8

# claims a forked worker inherits: key -> {claim id: Claim}; set by the parent before it forks
_INHERITED: dict = {}


@dataclass
class Task:
    cid: str
    key: str  # which inherited claim set holds it
    params: dict  # keyword arguments of proofcheck.runs.engine.check_claim


@dataclass
class _Worker:
    pid: int
    conn: object
    task: Task | None = None
    started: float = 0.0
    stage: str = "start"


@dataclass
class Supervisor:
    jobs: int
    hard_limit: float  # seconds one claim may take, from outside it (math.inf: none)
    deadline: float | None = None  # time.monotonic() after which no claim is started (the run's total budget)
    workers: list = field(default_factory=list)
    stopping: int | None = None  # the signal that asked the run to stop

    def stop(self, signum: int = signal.SIGINT):
        self.stopping = signum

    # ------------------------------------------------------------------------- the parent's loop
    def run(self, tasks, on_result) -> list[str]:
        """Check every task; on_result(cid, Result) as each ends (in the order they end). Returns the ids
        not checked because the run was asked to stop."""
        queue = list(tasks)
        try:
            while (queue or any(w.task for w in self.workers)) and self.stopping is None:
                if self.deadline is not None and time.monotonic() > self.deadline and queue:
                    for t in queue:  # the run's total budget is spent: said, claim by claim
                        on_result(t.cid, stopped(t.cid, "not started: the run's total time budget was spent "
                                                        "(--seconds); check it with a larger budget or --resume",
                                                 0.0, "queued"))
                    queue = []
                    continue
                while queue and self.stopping is None:
                    idle = next((w for w in self.workers if w.task is None), None)
                    if idle is None and len(self.workers) < self.jobs:
                        idle = self._spawn()
                    if idle is None:
                        break
                    self._assign(idle, queue.pop(0))
                self._wait(on_result)
        finally:
            self.close()
        pending = [t.cid for t in queue]
        return pending

    def _assign(self, w: _Worker, task: Task):
        w.task, w.started, w.stage = task, time.monotonic(), "start"
        try:
            w.conn.send(("check", task.cid, task.key, task.params))
        except (OSError, EOFError):  # the worker died between claims: the claim goes to a new one
            self._replace(w)
            self._assign(self.workers[-1], task)

    def _wait(self, on_result):
        busy = [w for w in self.workers if w.task is not None]
        if not busy:
            return
        now = time.monotonic()
        nearest = min(self._end_of(w) for w in busy)
        ready = wait([w.conn for w in busy], timeout=max(0.0, min(POLL_S, nearest - now)))
        for w in busy:
            if w.conn in ready:
                self._receive(w, on_result)
        now = time.monotonic()
        for w in [w for w in self.workers if w.task is not None and now > self._end_of(w)]:
            task, stage = w.task, w.stage
            self._kill(w)
            at_limit = now - w.started > self.hard_limit
            why = (f"stopped at the hard limit of {self.hard_limit:g} s" if at_limit else
                   "stopped when the run's total time budget (--seconds) ended")
            on_result(task.cid, stopped(task.cid, f"{why} during {stage}", now - w.started, stage,
                                        interrupted=not at_limit))
            self.workers.remove(w)

    def _end_of(self, w: _Worker) -> float:
        """When a claim at work is stopped: at its hard limit, or at the run's deadline if that comes first (a
        total time budget bounds the run's wall time, a claim that hangs included)."""
        end = w.started + self.hard_limit
        return end if self.deadline is None else min(end, self.deadline)

    def _receive(self, w: _Worker, on_result):
        try:
            msg = w.conn.recv()
        except (EOFError, OSError):  # the worker died while checking
            task, stage, seconds = w.task, w.stage, time.monotonic() - w.started
            status = self._reap(w)
            self.workers.remove(w)
            on_result(task.cid, stopped(task.cid, f"the process checking this claim ended ({status}) during {stage}",
                                        seconds, stage, interrupted=status in _INTERRUPTIONS))
            return
        except Exception as e:  # a result that does not unpickle
            task = w.task
            w.task = None
            on_result(task.cid, stopped(task.cid, f"its result could not be read back ({type(e).__name__}: {e})",
                                        time.monotonic() - w.started, w.stage))
            return
        if msg[0] == "stage":
            w.stage = msg[1]
        elif msg[0] == "result":
            task = w.task
            w.task = None
            on_result(task.cid, msg[1])

    # ------------------------------------------------------------------------- workers
    def _spawn(self) -> _Worker:
        parent, child = Pipe()
        gc.freeze()  # the objects loaded so far stay put: the child's collector does not copy their pages
        pid = os.fork()
        if pid == 0:  # the worker
            code = 0
            try:
                parent.close()
                _worker_main(child, self.jobs)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        gc.unfreeze()
        child.close()
        w = _Worker(pid, parent)
        self.workers.append(w)
        return w

    def _replace(self, w: _Worker):
        self._kill(w)
        if w in self.workers:
            self.workers.remove(w)
        self._spawn()

    def _kill(self, w: _Worker):
        try:
            os.kill(w.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self._reap(w)
        try:
            w.conn.close()
        except OSError:
            pass

    @staticmethod
    def _reap(w: _Worker) -> str:
        try:
            _, status = os.waitpid(w.pid, 0)
        except ChildProcessError:
            return "exit status unknown"
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            try:
                name = signal.Signals(sig).name
            except ValueError:
                name = str(sig)
            return f"killed by {name}"
        return f"exit code {os.WEXITSTATUS(status)}"

    def close(self):
        for w in list(self.workers):
            if w.task is None:
                try:
                    w.conn.send(("exit",))
                except (OSError, EOFError):
                    pass
            self._kill(w)
        self.workers.clear()


_INTERRUPTIONS = ("killed by SIGTERM", "killed by SIGINT", "killed by SIGHUP")  # the run's stop, not the claim's


def stopped(cid: str, reason: str, seconds: float, stage: str, interrupted: bool = False):
    """The record of a claim stopped from outside. ``interrupted``: stopped by the run's end (its deadline, or a
    SIGTERM / SIGINT that reached the worker with the run's), not by the claim itself: ``--resume`` checks it again
    rather than keep it (a claim cut off by ``timeout`` once stayed inconclusive across resumes)."""
    record = {"stage": stage, "seconds": round(seconds, 3)}
    if interrupted:
        record["interrupted"] = True
    return Result(cid, "inconclusive", None, None, None, {"reason": reason, "stopped": record}, seconds)


# ----------------------------------------------------------------------------- the worker
def _worker_main(conn, jobs: int):
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    _limit_memory(jobs)

    def stage(name):
        conn.send(("stage", name))

    engine.on_stage = stage
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg[0] != "check":
            return
        _, cid, key, params = msg
        result = run_one(_INHERITED[key][cid], params)
        try:
            conn.send(("result", result))
        except Exception as e:  # something in the result does not pickle
            conn.send(("result", stopped(cid, f"its result could not be sent back ({type(e).__name__}: {e})",
                                         result.seconds, "report")))


def run_one(claim, params: dict):
    """check_claim, with whatever escapes it recorded as that claim's: a BaseException of the claim's
    own code (sys.exit, KeyboardInterrupt raised by it) as an error of the claim, any other exception as
    an internal error of proofcheck (with the path of a file holding the traceback)."""
    t0 = time.monotonic()
    try:
        return check_claim(claim, **params)
    except (Exception, Undecided) as e:
        path = _traceback_file(e)
        return Result(claim.id, "inconclusive", None, None, None,
                      {"reason": f"internal error of proofcheck: {type(e).__name__}: {e}",
                       "internal_error": {"type": type(e).__name__, "message": str(e)[:500], "traceback": path}},
                      time.monotonic() - t0)
    except BaseException as e:  # noqa: BLE001 — sys.exit / a custom BaseException in the claim's code
        return Result(claim.id, "inconclusive", None, None, None,
                      {"reason": f"error of the claim: its code raised {type(e).__name__}({e})",
                       "error": {"kind": "exception", "where": "the claim's code", "path": None,
                                 "type": type(e).__name__, "message": str(e)[:500], "case": None}},
                      time.monotonic() - t0)


def _traceback_file(e: BaseException) -> str:
    fd, path = tempfile.mkstemp(prefix="proofcheck-traceback-", suffix=".txt")
    with os.fdopen(fd, "w") as f:
        traceback.print_exception(e, file=f)
    return path


def _die_with_parent():
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the worker ends when its pipe closes
        pass


def _limit_memory(jobs: int):
    try:
        import resource

        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        cap = int(total * MEMORY_FRACTION / max(1, jobs))
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard == resource.RLIM_INFINITY or cap < hard:
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard if hard != resource.RLIM_INFINITY else cap))
    except (ImportError, ValueError, OSError, AttributeError):
        pass


def default_hard_limit(seconds: float, cases: int | None) -> float:
    """A few times the claim's budget plus the certification minimum (a counted budget has no time to
    scale: then a fixed generous limit)."""
    if cases is not None or not math.isfinite(seconds):
        return 300.0
    return max(120.0, 4 * seconds + 2 * CERT_MIN_SECONDS)
