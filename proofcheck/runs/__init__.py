"""Checking claims: one claim from its stages to a verdict, in workers under a hard limit, a run of many.

* ``engine``     — one claim: search → optimise → round → certify (:mod:`proofcheck.stages`), then a proof if
  asked (:mod:`proofcheck.prove`): a :class:`Result`;
* ``supervisor`` — a claim in a forked worker the run can stop: a hard limit per claim, from outside it;
* ``executors``  — where claims are checked: the local workers or an existing Dask cluster;
* ``run``        — a run of many claims that always ends: lock, ``results.jsonl``, resume, signals.

The report (:mod:`proofcheck.report`) reads their results; the command line and ``proofcheck.testing`` drive
them. The names the other groups use are listed here, each imported on first use from the module that defines
it (``proofcheck.runs.<module>``).
"""
from mechanisms._lazy import exports

MODULES = ("engine", "supervisor", "executors", "run")

_NAMES = {
    "engine": ("Result", "check_claim", "BY_COST", "result_state", "result_from_state"),
    "executors": ("LocalPool", "make_executor", "check_in_child"),
}
__all__, __getattr__, __dir__ = exports(__name__, _NAMES, MODULES)
