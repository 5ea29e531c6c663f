"""The Dask executor: a small local cluster (2 worker processes) checks the same claims as the local
pool, with the same seed, and gives the same verdicts; the CLI's --executor dask against that cluster's
address writes the same report; bad addresses and a missing Dask are one-line errors with exit 2."""
from __future__ import annotations

import json
import sys

import pytest

distributed = pytest.importorskip("distributed")

from mechanisms.continuous import vmf_monte_carlo as vmc  # noqa: E402
from proofcheck import cli, registry  # noqa: E402
from proofcheck.runs import executors  # noqa: E402

ONLY = "s000.lem.5.*"
SECONDS = 1.0  # per claim, for the CLI tests of cheap claims
CASES = 100  # a counted budget: the same verdicts on any machine and under any load
SEED = 3


@pytest.fixture(scope="module")
def scheduler():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address="127.0.0.1:0")
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _verdicts(pairs):
    return {c.id: r.verdict for c, r in pairs}


def _report_verdicts(out):
    doc = json.loads((out / "report.json").read_text())
    return {r["id"]: r["verdict"] for r in doc["claims"]}


def test_dask_and_the_local_pool_give_the_same_verdicts(scheduler):
    claims = registry.select(registry.builtin_claims(), ONLY)
    assert len(claims) >= 2
    local = cli.run_claims(claims, None, SECONDS, SEED, 1, progress=False, cases=CASES)
    with executors.DaskExecutor(scheduler) as ex:
        assert ex.slots == 2
        remote = cli.run_claims(claims, None, SECONDS, SEED, ex.slots, progress=False, executor=ex, cases=CASES)
    assert [c.id for c, _ in remote] == [c.id for c in claims]  # the order given, whatever finished first
    assert _verdicts(remote) == _verdicts(local)


def test_cli_executor_dask_writes_the_same_report(scheduler, tmp_path):
    common = ["run", "--only", ONLY, "--cases", str(CASES), "--seed", str(SEED), "--quiet"]
    assert cli.main(common + ["--jobs", "1", "--out", str(tmp_path / "local")]) == 0
    assert cli.main(common + ["--executor", "dask", "--scheduler", scheduler, "--out", str(tmp_path / "dask")]) == 0
    assert _report_verdicts(tmp_path / "dask") == _report_verdicts(tmp_path / "local")


def test_cli_executor_dask_without_a_scheduler_starts_its_own_cluster(tmp_path):
    argv = ["run", "--only", "s000.lem.5.1", "--cases", str(CASES), "--seed", str(SEED), "--quiet", "--jobs", "2"]
    assert cli.main(argv + ["--executor", "dask", "--out", str(tmp_path)]) == 0
    assert _report_verdicts(tmp_path) == {"s000.lem.5.1": "holds"}


def test_monte_carlo_batches_on_dask_give_the_same_estimate(scheduler):
    kw = dict(confidence=0.999, seed=5, batch_size=20_000)
    here = vmc.vmf_hockey_stick_mc(200, 10, 1.0, 100_000, **kw)
    with executors.DaskExecutor(scheduler) as ex:
        there = vmc.vmf_hockey_stick_mc(200, 10, 1.0, 100_000, mapper=ex.mapper(), **kw)
    assert (there.estimate, there.lo, there.hi, there.n) == (here.estimate, here.lo, here.hi, here.n)


@pytest.mark.parametrize("argv, needle", [
    (["--executor", "dask", "--scheduler", "not an address"], "not an address"),
    (["--executor", "dask", "--scheduler", "tcp://127.0.0.1:9"], "tcp://127.0.0.1:9"),
    (["--scheduler", "tcp://127.0.0.1:9"], "--scheduler needs --executor dask"),
])
def test_bad_scheduler_is_one_line_and_exit_two(argv, needle, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT_S", 1.0)
    code = cli.main(["run", "--only", ONLY, "--quiet", "--out", str(tmp_path)] + argv)
    err = capsys.readouterr().err.strip()
    assert code == 2 and needle in err and "\n" not in err and err.startswith("proofcheck: error:")


def test_dask_not_installed_is_one_line_and_exit_two(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now raises ImportError
    code = cli.main(["run", "--only", ONLY, "--quiet", "--executor", "dask", "--out", str(tmp_path)])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "pip install 'proofcheck[dask]'" in err and "\n" not in err
