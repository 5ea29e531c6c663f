"""A run of many claims: one that always ends, keeps every finished result, and can be resumed.

* Everything that can be checked before the work is: the output directory (resolved before any user
  code is imported, not a file, not in use by another run — a lock file says so), the claims.
* Each finished claim is appended to ``OUT/results.jsonl`` at once (one line, flushed and synced), with
  its fingerprint (proofcheck.fingerprint), the engine's version, the seed and the budget.
* ``report.json``, ``report.md`` and the counterexample files are written atomically (a temporary file,
  then a rename); the counterexample files of an earlier report that this one does not have are removed.
* SIGINT / SIGTERM stop the workers, write the report of the claims finished (marked partial: "N of M
  claims") and end with 130 / 143.
* ``resume=True`` takes from ``results.jsonl`` every claim whose fingerprint, engine version, seed and
  budget match, and checks only the others. A result taken that says ``proved`` is carried only when its
  certificate (``OUT/certificates/<id>.json``) still proves the claim as it is now
  (proofcheck.prove.certificate.check_certificate, in a child process under the hard limit); otherwise the claim
  is checked, and proved, again — the fingerprint decides what is re-checked, the certificate what is
  carried as proved.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import mechanisms
from mechanisms.errors import InvalidInput
from proofcheck.prove.certificate import check_certificate, read_certificate
from proofcheck.runs.engine import result_from_state, result_state
from proofcheck.files import json_safe, safe_name
from proofcheck.fingerprint import claim_fingerprints, formula_fingerprints
from proofcheck.prove.runner import each_in_child, fork_call, prove_results
import dataclasses
import importlib
import threading
from hypothesis import find, settings, strategies as st
from importlib.metadata import PackageNotFoundError, version
from tqdm import tqdm

RESULTS = "results.jsonl"
LOCK = ".proofcheck.lock"
_ENGINE_FILES = ("runs/engine.py", "stages/search.py", "stages/optimise.py", "stages/rounding.py", "stages/certify.py",
                 "stages/certify_sides.py", "stages/certify_tightness.py", "stages/certify_why.py",
                 "stages/evaluation.py", "stages/margins.py", "numerics.py", "measures.py", "stages/mc_evidence.py",
                 "claim.py", "strategies.py", "tables.py")  # under proofcheck/


def engine_version() -> str:
    """The package version and a hash of the engine's own source: a result of another engine is not reused."""
    try:
        v = version("proofcheck")
    except PackageNotFoundError:
        v = "0"
    h = hashlib.sha256()
    here = Path(__file__).parent.parent
    for name in _ENGINE_FILES:  # each is there: a file moved without this list would leave the engine unhashed
        h.update((here / name).read_bytes())
    # the library a verdict is computed with: the fingerprint names library code rather than hashing it
    for p in sorted(Path(mechanisms.__file__).parent.rglob("*.py")):
        h.update(p.read_bytes())
    return f"{v}+{h.hexdigest()[:12]}"


# ----------------------------------------------------------------------------- the output directory
def prepare_out(out: str) -> Path:
    """The output directory as an absolute path (so a claims file that changes the working directory at
    import cannot move it), created; one line on a path that is a file or cannot be created."""
    p = Path(out).expanduser()
    try:
        p = p.resolve()
        if p.exists() and not p.is_dir():
            raise InvalidInput(f"--out {out!r} is a file, not a directory")
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InvalidInput(f"--out {out!r} cannot be used: {e.strerror or e}") from None
    return p


class Lock:
    """OUT/.proofcheck.lock holds the pid of the run writing there; another live run is refused."""

    def __init__(self, out: Path):
        self.path = out / LOCK
        self.held = False

    def __enter__(self):
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                pid = self._owner()
                if pid is not None and pid != os.getpid() and _alive(pid):
                    raise InvalidInput(f"--out {str(self.path.parent)!r} is in use by another run (pid {pid}, "
                                       f"lock file {self.path.name}); use another --out") from None
                self.path.unlink(missing_ok=True)  # a lock left by a run that ended
                continue
            with os.fdopen(fd, "w") as f:
                f.write(str(os.getpid()))
            self.held = True
            return self
        raise InvalidInput(f"--out {str(self.path.parent)!r}: cannot take the lock file {self.path.name}")

    def _owner(self):
        try:
            return int(self.path.read_text().strip())
        except (OSError, ValueError):
            return None

    def __exit__(self, *exc):
        if self.held and self._owner() == os.getpid():
            self.path.unlink(missing_ok=True)
        self.held = False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# ----------------------------------------------------------------------------- results as they are made
def budget_key(seconds_per_claim: float, cases: int | None) -> dict:
    return {"kind": "counted", "cases": cases} if cases is not None else {"kind": "time",
                                                                         "seconds": round(seconds_per_claim, 6)}


@dataclass
class Journal:
    """OUT/results.jsonl: one line per finished claim, written as the claim ends."""

    path: Path
    seed: int
    budget: dict
    engine: str
    _f: object = field(default=None, repr=False)

    def open(self, keep: bool):
        self._f = open(self.path, "a" if keep else "w", encoding="utf-8")
        return self

    def write(self, fingerprint: str, result):
        line = json.dumps({"id": result.id, "fingerprint": fingerprint, "engine": self.engine, "seed": self.seed,
                           "budget": self.budget, "result": json_safe(result_state(result))},
                          ensure_ascii=False, allow_nan=False)
        self._f.write(line + "\n")
        self._f.flush()
        os.fsync(self._f.fileno())

    def close(self):
        if self._f is not None:
            self._f.close()
            self._f = None


def reusable(path: Path, fingerprints: dict, seed: int, budget: dict, engine: str) -> dict:
    """{claim id: Result} of the lines of results.jsonl that match the claim's fingerprint, the engine, the
    seed and the budget (the last such line of a claim wins); a broken last line (a run killed mid-write)
    is skipped, and so is a claim the run's own end interrupted (supervisor.stopped: ``interrupted``)."""
    out = {}
    if not path.is_file():
        return out
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if not isinstance(rec, dict):
            continue
        cid = rec.get("id")
        if (cid in fingerprints and rec.get("fingerprint") == fingerprints[cid] and rec.get("engine") == engine
                and rec.get("seed") == seed and rec.get("budget") == budget):
            try:
                result = result_from_state(rec["result"])
            except (KeyError, TypeError, ValueError):
                continue
            if ((result.evidence or {}).get("stopped") or {}).get("interrupted"):
                out.pop(cid, None)  # stopped by the run's end, not by the claim: checked again
                continue
            out[cid] = result
    return out


# ----------------------------------------------------------------------------- JSON without Infinity / NaN
# ----------------------------------------------------------------------------- the run
@dataclass
class Outcome:
    pairs: list  # [(claim, Result)] in the order of the claims, finished ones only
    total: int
    reused: int
    stopped_by: int | None  # the signal that stopped the run, or None


def run(claims, *, executor, seconds_per_claim: float, seed: int, out: Path, cases=None, hard_limit=None,
        resume: bool = False, device="auto", mc_samples=None, progress: bool = True, claims_path=None,
        total_seconds: float | None = None, prove=None, started: float | None = None) -> Outcome:
    """Check the claims on the executor, journalling each result as it ends; SIGINT / SIGTERM stop it
    with what is finished. The caller writes the report (proofcheck.report.write_report). With ``prove``
    (a proofcheck.prove.Budget), each claim that holds then gets a proof attempt (proofcheck.prove.runner),
    journalled again with it; a result reused by ``resume`` keeps a proof made under the same budget, once its
    certificate is re-checked against the claim as it is now (:func:`recheck_proofs`)."""
    fingerprints = claim_fingerprints(claims)
    budget = budget_key(seconds_per_claim, cases)
    engine = engine_version()
    journal_path = out / RESULTS
    done_before = reusable(journal_path, fingerprints, seed, budget, engine) if resume else {}
    results: dict = {}
    journal = Journal(journal_path, seed, budget, engine).open(keep=resume)
    bar = None
    stopped_by = {"signal": None}

    def on_signal(signum, _frame):
        stopped_by["signal"] = signum
        executor.stop(signum)

    def stopping():
        return stopped_by["signal"] is not None

    old = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    in_main_thread = _main_thread()
    try:
        if in_main_thread:
            for s in old:
                signal.signal(s, on_signal)
        # a proof carried over must still be one: its certificate is checked against the claim as it is now
        jobs = max(1, min(getattr(executor, "slots", 1), os.cpu_count() or 1))  # children of this machine
        stale = recheck_proofs(claims, done_before, fingerprints, out, jobs=jobs, hard_limit=hard_limit,
                               stopping=stopping)
        for cid, why in stale.items():
            del done_before[cid]
            if why is not None:
                print(f"proofcheck: --resume: {cid} was proved in {RESULTS}, but {why}; it is checked again",
                      file=sys.stderr)
        results.update(done_before)
        todo = [c for c in claims if c.id not in done_before]
        bar = tqdm(total=len(claims), initial=len(done_before), desc="checking claims", unit="claim",
                   disable=not progress, file=sys.stderr)

        def done(cid, result):
            results[cid] = result
            journal.write(fingerprints[cid], result)
            bar.set_postfix_str(cid)
            bar.update()

        if todo and not stopping():
            # the total budget counts from `started` (the command's start: loading the claims is part of the run),
            # and leaves the time the report of these claims takes to write
            deadline = None if total_seconds is None else \
                (started if started is not None else time.monotonic()) + total_seconds + overhead(total_seconds) \
                - report_reserve(total_seconds, len(claims))
            executor.check(todo, claims_path, seconds_per_claim, seed, device=device, mc_samples=mc_samples, done=done,
                           cases=cases, hard_limit=hard_limit, fingerprints=fingerprints, deadline=deadline)
        if prove is not None and not stopping():
            bar.close()
            prove_results(claims, results, prove, jobs=executor.slots, out=out, hard_limit=hard_limit,
                          record=lambda cid, r: journal.write(fingerprints[cid], r),
                          stopping=stopping, progress=progress)
            if not stopping():
                remove_stale_certificates(claims, results, out)
    finally:
        if in_main_thread:
            for s, h in old.items():
                signal.signal(s, h)
        if bar is not None:
            bar.close()
        journal.close()
    share_between_copies(claims, results)
    pairs = [(c, results[c.id]) for c in claims if c.id in results]
    return Outcome(pairs, len(claims), len(done_before), stopped_by["signal"])


def share_between_copies(claims, results: dict) -> None:
    """One formula, one verdict and one tightness figure: claims that compute the same thing (one bound printed as
    Theorems IV.5, IV.6, B.1 and D.1; proofcheck.fingerprint.formula_fingerprints) share what any of them found — a
    certified counterexample of one is a counterexample of each (a copy that held takes it, evidence.found_on naming
    the copy, evidence.own the copy's own search), and copies that hold all show the best certified tightness."""
    groups: dict = {}
    for cid, key in formula_fingerprints([c for c in claims if c.id in results]).items():
        groups.setdefault(key, []).append(cid)
    for ids in groups.values():
        if len(ids) < 2:
            continue
        violated = sorted(cid for cid in ids if results[cid].verdict == "violated" and results[cid].counterexample)
        if violated:
            v = results[violated[0]]
            for cid in ids:
                own = results[cid]
                if own.verdict == "holds":
                    results[cid] = dataclasses.replace(
                        v, id=cid, seconds=own.seconds,
                        evidence={**v.evidence, "found_on": v.id,
                                  "own": {"verdict": own.verdict, "search": own.evidence.get("search")}})
        held = [cid for cid in ids if results[cid].verdict == "holds" and _certified_tightness(results[cid])]
        if len(held) < 2:
            continue
        best = max(held, key=lambda cid: (_certified_tightness(results[cid])["lower_bound"], cid))
        figure = results[best].evidence["tightness"]
        for cid in held:
            if cid != best and _certified_tightness(results[cid])["lower_bound"] < figure["certified"]["lower_bound"]:
                results[cid].evidence["tightness"] = {**figure, "found_on": best}
                results[cid].tightness = results[best].tightness


def _certified_tightness(result) -> dict | None:
    t = result.evidence.get("tightness") if isinstance(result.evidence, dict) else None
    c = t.get("certified") if isinstance(t, dict) else None
    return c if isinstance(c, dict) and isinstance(c.get("lower_bound"), (int, float)) else None


# ----------------------------------------------------------------------------- proofs carried over by --resume
RECHECK_LIMIT_S = 300.0  # default: what re-checking one certificate may take, from outside it


def carried_proof(result) -> dict | None:
    """The proof evidence of a result that says the claim is proved (None for any other result)."""
    proof = (result.evidence or {}).get("proof") if isinstance(result.evidence, dict) else None
    return proof if isinstance(proof, dict) and proof.get("proved") is True else None


def recheck_proofs(claims, results: dict, fingerprints: dict, out: Path, *, jobs: int = 1, hard_limit=None,
                   stopping=lambda: False) -> dict:
    """{claim id: why} of the results taken from the journal that say ``proved`` but whose certificate does not
    prove the claim as it is now (missing, made for other code, a box that no longer decides, ...). Each
    certificate is re-checked by :func:`proofcheck.prove.certificate.check_certificate` in a forked child under the
    hard limit (claim code runs there: a claim that hangs or exits costs that claim only), ``jobs`` at a time.
    A claim not re-checked because ``stopping()`` became true is in the answer with ``why`` None."""
    by_id = {c.id: c for c in claims}
    todo = [cid for cid, r in results.items() if cid in by_id and carried_proof(r) is not None]
    if not todo:
        return {}
    todo.sort(key=lambda cid: -_number(carried_proof(results[cid]).get("seconds")))  # the longest first
    limit = hard_limit or RECHECK_LIMIT_S
    _warm_checker()
    bad = {}

    def answer(conn, cid, seconds):
        try:
            return conn.recv()
        except (EOFError, OSError):
            return "re-checking its certificate ended without an answer"

    def ended(cid, why):
        if why is not None:
            bad[cid] = why

    def start(cid):
        return fork_call(certificate_fails, (by_id[cid], carried_proof(results[cid]), fingerprints[cid], out))

    left = each_in_child(
        todo, start, jobs=jobs, limit=limit, answer=answer,
        late=lambda cid, seconds: f"re-checking its certificate ran past the hard limit of {limit:g} s",
        done=ended, stopping=stopping)
    for cid in left:
        bad[cid] = None  # not re-checked (the run was stopped): not carried
    return bad


def remove_stale_certificates(claims, results: dict, out: Path) -> None:
    """OUT/certificates/<id>.json of a claim whose result has no certificate now (checked again and violated,
    say): a certificate of other code is not left beside the report."""

    for c in claims:
        r = results.get(c.id)
        proof = (r.evidence or {}).get("proof") if r is not None and isinstance(r.evidence, dict) else None
        if r is None or (isinstance(proof, dict) and proof.get("certificate")):
            continue
        (out / "certificates" / f"{safe_name(c.id)}.json").unlink(missing_ok=True)


def _number(x) -> float:
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) else 0.0


def _warm_checker():
    """Set up once here what each child would otherwise set up again: the checker's and the box path's modules,
    and Hypothesis's engine (the checker draws a case to find a claim's shapes; a first draw costs ~0.2 s)."""

    for name in ("proofcheck.prove.certificate", "proofcheck.stages.evaluation", "proofcheck.prove", "proofcheck.prove.tight",
                 "proofcheck.prove.cover", "proofcheck.prove.decide", "proofcheck.prove.mean_value",
                 "proofcheck.prove.faces", "proofcheck.prove.symbolic"):
        try:
            importlib.import_module(name)
        except ImportError:  # pragma: no cover - a module renamed: the child imports what it needs
            pass
    find(st.integers(0, 1), lambda _: True, settings=settings(database=None, max_examples=1))


def certificate_fails(claim, proof: dict, fingerprint: str, out: Path) -> str | None:
    """Why the certificate of a carried-over proof does not prove ``claim`` now (None when it does)."""
    rel = proof.get("certificate")
    if not isinstance(rel, str) or not rel:
        return "its proof names no certificate"
    path = (out / rel).resolve()
    if out.resolve() not in path.parents:
        return f"its certificate {rel!r} lies outside the output directory"
    if not path.is_file():
        return f"its certificate {rel} is missing"
    try:
        doc = read_certificate(str(path))
    except InvalidInput as e:
        return f"its certificate {rel} cannot be read ({e})"
    if doc.get("claim") != claim.id:
        return f"its certificate {rel} is of another claim ({doc.get('claim')!r})"
    if doc.get("fingerprint") != fingerprint:
        return f"its certificate {rel} was made for other code (fingerprint {doc.get('fingerprint')!r})"
    try:
        checked = check_certificate(doc, [claim])
    except Exception as e:  # a malformed certificate, or the claim's code failing: not a proof
        return f"its certificate {rel} could not be re-checked ({type(e).__name__}: {' '.join(str(e).split())[:200]})"
    if not checked.proves:
        failed = next((x for x in checked.lines if x.startswith("FAILS: ")), "it does not prove the claim")
        return f"its certificate {rel} no longer proves it ({failed.removeprefix('FAILS: ')[:300]})"
    return None


def overhead(total_seconds: float) -> float:
    """What a run given a total budget may spend beyond it before it stops starting claims: 10 % and 15 s
    (start-up, certification of a violation found late); claims already running then finish under their
    hard limit."""
    return 0.1 * total_seconds + 15.0


REPORT_SECONDS_PER_CLAIM = 0.004  # writing report.json and report.md: 26 s for 10,000 claims on an idle 2-core machine


def report_reserve(total_seconds: float, claims: int) -> float:
    """The part of a total time budget kept for writing the report after the last claim is stopped: what the
    report of `claims` claims takes, at most half the budget."""
    return min(0.5 * total_seconds, REPORT_SECONDS_PER_CLAIM * claims)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def exit_code_for(signum: int) -> int:
    return 128 + int(signum)

