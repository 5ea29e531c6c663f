"""Each paper's FINDINGS group a synthetic report of its errata as declared: one test over the papers, with what is
particular to each (a statement no finding declares, an erratum that holds this time, the expected severities and
groupings) as data."""
from __future__ import annotations

import importlib

import pytest

from proofcheck.report.findings import findings
from synthetic_report import synthetic
from test_findings import MAIN_JOB_ERRATA

# extra: a violated statement no finding declares; holding: an erratum that holds this time; alone: a report where
# only these statements are violated (and `holding` holds) lists only the finding `alone_gives`
PAPERS = {
    "s001": {
        "extra": "s001.eq.2.7", "holding": ["s001.eq.C.4"],
        # proof steps whose conclusion survives (Lemmas 1, 5's constant; Lemma 4's feasible set) are major
        "severity": {"s001.F1": "major", "s001.F2": "critical", "s001.F3": "critical", "s001.F4": "major",
                     "s001.F5": "critical", "s001.F6": "major", "s001.F7": "critical", "s001.F8": "critical"},
        "statements": {"s001.F2": ["s001.thm.1.ii", "s001.thm.2.ii", "s001.thm.1.ii.finite-support",
                                   "s001.eq.C.4.finite-support", "s001.claim.C4-shell", "s001.thm.2.ii.finite-support"],
                       "s001.F3": ["s001.thm.3.i", "s001.thm.3.ii"],
                       "s001.F6": ["s001.claim.lemma-5-proof-c.i", "s001.claim.lemma-5-proof-c.ii"]},
        "witness": {"s001.F3": "s001.thm.3.i#sufficient"},  # the smaller objects
        # Example 1 is no erratum under its primary reading: a report where it holds lists nothing for it
        "alone": (["s001.lem.6"], ["s001.ex.1"]), "alone_gives": ["s001.F7"],
    },
    "s004": {
        "extra": "s004.claim.lambda-arbitrary", "holding": ["s004.thm.3.ii"],
        "severity": {"s004.F1": "major", "s004.F2": "critical", "s004.F3": "critical", "s004.F4": "critical",
                     "s004.F5": "critical", "s004.F6": "minor", "s004.F7": "major", "s004.F8": "critical"},
        "statements": {"s004.F3": ["s004.thm.3", "s004.claim.ma-special-case"]},
        "witness": {},
        # a finding none of whose statements is violated is not reported
        "alone": (["s004.eq.14"], ["s004.thm.3", "s004.thm.3.ii"]), "alone_gives": ["s004.F4"],
    },
}


def _package(paper):
    return importlib.import_module(f"proofcheck.claims.{paper}")


def _primary_of(claims):
    def primary_of(sid):
        return [c.id for c in claims if c.statement_id == sid and c.variant is None and c.primary]
    return primary_of


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_findings_group_a_synthetic_report_as_declared(paper):
    pkg, want = _package(paper), PAPERS[paper]
    FINDINGS, primary_of = pkg.FINDINGS, _primary_of(pkg.CLAIMS)
    order = list(dict.fromkeys(c.statement_id for c in pkg.CLAIMS if c.variant is None))

    # every erratum violated but `holding`, plus one statement no finding declares
    extra = want["extra"]
    violated = [s for s in order if s in MAIN_JOB_ERRATA[paper] and s not in want["holding"]] + [extra]
    statements, claims = synthetic(paper, violated, primary_of=primary_of, holding=want["holding"])
    out = {r["id"]: r for r in findings(statements, claims, FINDINGS)}
    assert set(out) == {f.id for f in FINDINGS} | {f"{extra}.finding"}
    for f in FINDINGS:
        r = out[f.id]
        assert r["declared"] and r["statements"] == [s for s in f.statements if s in violated]
        assert r["sentence"] == f.sentence and r["link"] == (f.link or None)
        assert r["severity"] == f.severity and r["depends"] == f.depends and r["impact"] == f.impact
    # severity follows what depends on the error (proofcheck.report.findings.DEPENDS), not the statement's kind
    assert {k: r["severity"] for k, r in out.items() if r["declared"]} == want["severity"]
    for fid, sids in want["statements"].items():
        assert out[fid]["statements"] == sids, fid
    for fid, cid in want["witness"].items():
        assert out[fid]["witness"]["claim"] == cid, fid
    assert not out[f"{extra}.finding"]["declared"] and out[f"{extra}.finding"]["statements"] == [extra]
    listed = [s for r in out.values() for s in r["statements"]]
    assert sorted(listed) == sorted(violated)  # each violated statement in exactly one finding

    alone, holding = want["alone"]
    statements, claims = synthetic(paper, alone, primary_of=primary_of, holding=holding)
    assert [r["id"] for r in findings(statements, claims, FINDINGS)] == want["alone_gives"]
