"""Findings: violated statements grouped into independent errors, with severity and the strongest witness;
the report opens with them and writes one errata sheet per paper."""
from __future__ import annotations

import json

import pytest
import sympy as sp

from proofcheck import Claim, Source, real
from proofcheck import strategies as pst
from proofcheck.findings import DEPENDS, SEVERITIES, Finding, declared, findings, severity_for, witness_key


def _st(sid, verdict, cx=None, variants=()):
    return {"id": sid, "paper": sid.split(".")[0], "title": sid, "source": {"seed": "x", "where": f"where {sid}"},
            "verdict": verdict, "primary": {"id": sid}, "counterexample": cx, "variants": list(variants),
            "counterexample_file": f"counterexamples/{sid}.md" if cx else None}


def _cx(objects):
    return {"objects": objects, "lhs": "[2, 2]", "rhs": "[1, 1]", "relation": "<="}


def _f(fid="s9.F1", statements=("s9.thm.1",), link="", depends="contribution", impact="Table 2 changes.", **kw):
    return Finding(fid, "t", statements, link, "s", depends=depends, impact=impact, **kw)


def test_severity_follows_what_depends_on_the_error_by_one_rule():
    # the rule, written once in proofcheck.findings: critical when a claimed result or one the paper's numbers,
    # tables or theorems use is false; major when the paper's own results use a correct form or a proof step's
    # conclusion survives; minor for illustrations and what changes nothing
    assert DEPENDS == {"contribution": "critical", "used-by-results": "critical", "restated-unused": "major",
                       "results-use-correct-form": "major", "proof-step-conclusion-survives": "major",
                       "illustration": "minor", "no-consequence": "minor"}
    assert SEVERITIES == ("critical", "major", "minor", "unassessed")
    for depends, severity in DEPENDS.items():
        assert severity_for(depends) == severity == _f(depends=depends).severity
    # the statement's kind plays no part: a theorem nothing depends on is minor, a `claim` step the tables use critical
    assert _f(statements=("s9.thm.1",), depends="no-consequence").severity == "minor"
    assert _f(statements=("s9.claim.step",), depends="used-by-results").severity == "critical"
    with pytest.raises(ValueError, match="depends"):
        severity_for("fatal")


def test_a_finding_without_depends_or_impact_is_refused():
    with pytest.raises(ValueError, match="depends"):
        Finding("s9.F1", "t", ("s9.thm.1",), "", "s", impact="Table 2 changes.")
    with pytest.raises(ValueError, match="depends"):
        _f(depends="fatal")
    for impact in (None, "", "   "):
        with pytest.raises(ValueError, match="impact"):
            _f(impact=impact)
    with pytest.raises(TypeError):  # severity is not declared: it follows from depends
        _f(severity="minor")


def test_linked_statements_are_one_finding_with_the_most_convincing_witness():
    small = _cx({"x": "1/2"})
    big = _cx({"x": "123456789/987654321", "y": [0] * 40})
    statements = [_st("s9.thm.1", "violated", big), _st("s9.eq.2", "violated", small,
                                                         [{"id": "s9.eq.2+corrected", "variant": "corrected",
                                                           "verdict": "holds"}]),
                  _st("s9.ex.3", "violated", small), _st("s9.lem.4", "holds")]
    claims = [{"id": "s9.thm.1", "relative_margin": -0.5}, {"id": "s9.eq.2", "relative_margin": -0.5},
              {"id": "s9.ex.3", "relative_margin": -0.01}, {"id": "s9.lem.4", "relative_margin": 0.1}]
    declared = [Finding("s9.F1", "the constant is wrong", ("s9.thm.1", "s9.eq.2", "s9.lem.4"),
                        "implication checked: (2) is the theorem's last step", "Theorem 1 is false.",
                        depends="used-by-results", impact="Table 2's bounds are too small by 10%.")]
    out = findings(statements, claims, declared)
    assert [f["id"] for f in out] == ["s9.F1", "s9.ex.3.finding"]
    f1, own = out
    assert f1["severity"] == "critical" and f1["statements"] == ["s9.thm.1", "s9.eq.2"]  # s9.lem.4 holds: not in it
    assert f1["depends"] == "used-by-results" and f1["impact"] == "Table 2's bounds are too small by 10%."
    # equal relative violations: the witness with the fewer, smaller objects is shown; the other is kept
    assert f1["witness"]["statement"] == "s9.eq.2" and f1["other_witnesses"] == [{"statement": "s9.thm.1",
                                                                                   "claim": "s9.thm.1"}]
    assert f1["corrected"] == [{"id": "s9.eq.2+corrected", "verdict": "holds"}]
    # a violated statement no declared finding covers: nobody judged its consequence, so no guess from its kind
    assert own["severity"] == "unassessed" and own["declared"] is False and own["statements"] == ["s9.ex.3"]
    assert own["depends"] is None and own["impact"].startswith("not assessed")
    # a larger relative violation wins over smaller objects
    assert witness_key({**big, "relative_violation": 0.9}) < witness_key({**small, "relative_violation": 0.5})


def test_a_finding_of_several_statements_must_say_how_they_are_linked():
    with pytest.raises(ValueError, match="link"):
        _f(statements=("s9.thm.1", "s9.eq.2"), link="they look alike")


def test_every_declared_finding_names_statements_of_its_paper_once():
    # every paper package's FINDINGS: statements of that paper, each in one finding only, unique ids, and a
    # finding of several statements says how they are linked (no claim is checked)
    from proofcheck import registry
    from proofcheck.findings import LINKS, declared

    ids = {c.statement_id for c in registry.builtin_claims()}
    seen = set()
    found = declared()
    assert len({f.id for f in found}) == len(found)
    for f in found:
        paper = f.statements[0].split(".")[0]
        assert f.id.startswith(paper + ".F")
        assert len(f.statements) == 1 or f.link.startswith(LINKS), f.id
        for s in f.statements:
            assert s in ids and s.startswith(paper + "."), (f.id, s)
            assert s not in seen, (f.id, s)
            seen.add(s)


def test_the_report_opens_with_findings_and_writes_an_errata_sheet(tmp_path):
    from proofcheck.engine import check_claim
    from proofcheck.report import write_report

    y = sp.Symbol("y")
    claim = Claim(id="mine.thm.1", title="x + 2 <= 2", source=Source("mine", "Theorem 1", "x + 2 <= 2"),
                  variables=(real("x", 0, 1),), statement=sp.Le(y, 2),
                  quantities={"y": lambda c, m: m.num(c["x"]) + 2}, strategy=pst.cases(x=pst.reals(0, 1)))
    doc = write_report([(claim, check_claim(claim, cases=20))], tmp_path, 0, 1.0, "proofcheck run")
    # a user's claim has no declared finding: its severity is unassessed, and the report says so
    assert doc["finding_summary"] == {"critical": 0, "major": 0, "minor": 0, "unassessed": 1}
    f = doc["findings"][0]
    assert f["statements"] == ["mine.thm.1"] and f["witness"]["counterexample"]["objects"]
    assert f["severity"] == "unassessed" and f["depends"] is None and f["impact"].startswith("not assessed")
    md = (tmp_path / "report.md").read_text()
    assert md.index("## Findings") < md.index("## Paper") and "### Unassessed (1)" in md
    assert "Impact: not assessed" in md
    sheet = (tmp_path / "errata" / "mine.md").read_text()
    assert "mine.thm.1" in sheet and "proofcheck run --only 'mine.thm.1'" in sheet
    assert json.loads((tmp_path / "report.json").read_text())["findings"][0]["id"] == "mine.thm.1.finding"


def test_the_report_shows_a_declared_findings_depends_and_impact(tmp_path, monkeypatch):
    from proofcheck.engine import check_claim
    from proofcheck.report import write_report

    y = sp.Symbol("y")
    claim = Claim(id="mine.thm.1", title="x + 2 <= 2", source=Source("mine", "Theorem 1", "x + 2 <= 2"),
                  variables=(real("x", 0, 1),), statement=sp.Le(y, 2),
                  quantities={"y": lambda c, m: m.num(c["x"]) + 2}, strategy=pst.cases(x=pst.reals(0, 1)))
    mine = Finding("mine.F1", "off by two", ("mine.thm.1",), "", "Theorem 1 is off by two.",
                   depends="illustration", impact="Example 3's value 2 should be 4; nothing else changes.")
    import proofcheck.findings as pf

    monkeypatch.setattr(pf, "declared", lambda: [mine])
    doc = write_report([(claim, check_claim(claim, cases=20))], tmp_path, 0, 1.0, "proofcheck run")
    assert doc["finding_summary"] == {"critical": 0, "major": 0, "minor": 1, "unassessed": 0}
    f = json.loads((tmp_path / "report.json").read_text())["findings"][0]
    assert (f["id"], f["severity"], f["depends"]) == ("mine.F1", "minor", "illustration")
    assert f["impact"] == "Example 3's value 2 should be 4; nothing else changes."
    md = (tmp_path / "report.md").read_text()
    assert "### Minor (1)" in md and "Impact (`illustration`): Example 3's value 2 should be 4; nothing else changes." in md
    assert "Impact (`illustration`)" in (tmp_path / "errata" / "mine.md").read_text()


# ----------------------------------------------------------------------------- the papers' declared findings
def _by_id():
    return {f.id: f for f in declared()}


def test_every_declared_finding_says_what_depends_on_it():
    for f in declared():
        assert f.depends in DEPENDS, f.id
        assert len(f.impact.strip()) > 60 and f.impact.rstrip().endswith((".", ")")), f.id
        assert f.severity == DEPENDS[f.depends]


def test_severities_of_the_audited_findings():
    by_id = _by_id()
    # restated cited results whose wrong part no number of the paper uses: not critical
    assert by_id["s003.F2"].statements == ("s003.thm.2",) and by_id["s003.F2"].severity == "major"
    assert by_id["s003.F3"].statements == ("s003.thm.3",) and by_id["s003.F3"].severity == "major"
    assert by_id["s002.F2"].statements == ("s002.claim.G-leakage-formula",) and by_id["s002.F2"].severity == "major"
    assert by_id["s002.F2"].depends == "restated-unused"
    # every row of Tables I and IV: critical, with the changed values
    f6 = by_id["s003.F6"]
    assert f6.severity == "critical" and {"s003.table.I", "s003.table.IV"} <= set(f6.statements)
    assert all(v in f6.impact for v in ("0.107", "0.79", "11.6", "108.7", "0.0139", "0.49", "7.97", "41.02"))
    # the invalid interpolation gives two printed table values: critical, with the values it changes
    f5 = by_id["s003.F5"]
    assert f5.severity == "critical" and all(v in f5.impact for v in ("7.97", "8.18", "41.02", "51.36"))


def test_severities_of_the_s002_findings_added_for_its_remaining_statements():
    by_id = _by_id()
    # robustness ⇒ privacy is half of a stated contribution: critical; the abstract and Table III fail together
    assert by_id["s002.F6"].statements == ("s002.claim.robust-to-private", "s002.table.III.i")
    assert by_id["s002.F6"].depends == "contribution" and by_id["s002.F6"].severity == "critical"
    # a cited relation reversed in Table II, used by nothing: major; a proof step whose conclusion holds: major
    assert by_id["s002.F7"].statements == ("s002.table.II.vi",) and by_id["s002.F7"].severity == "major"
    assert by_id["s002.F5"].depends == "proof-step-conclusion-survives" and by_id["s002.F5"].severity == "major"
    # a remark of the prose: minor
    assert by_id["s002.F8"].statements == ("s002.claim.larger-xi-stronger",) and by_id["s002.F8"].severity == "minor"
    # each sentence shows its own witness
    assert "50/33" in by_id["s002.F5"].sentence and "index(d)/10" in by_id["s002.F6"].sentence
    assert "1/8" in by_id["s002.F7"].sentence and "ln(5/3)" in by_id["s002.F8"].sentence


def test_theorem_5_is_one_finding_per_independent_error():
    by_id = _by_id()
    thm5 = [f for f in declared() if any(s == "s003.thm.5" or s.startswith("s003.claim.thm5-") for s in f.statements)]
    assert len(thm5) >= 2
    assert [f.id for f in thm5] == ["s003.F7", "s003.F8", "s003.F9"]
    assert by_id["s003.F7"].statements == ("s003.thm.5", "s003.claim.thm5-prefactor")
    assert by_id["s003.F8"].statements == ("s003.claim.thm5-binomial",)
    assert by_id["s003.F9"].statements == ("s003.claim.thm5-layer-clipping",)
    assert all(f.severity == "critical" and f.depends == "contribution" for f in thm5)
    # each sentence shows its own error's witness
    assert "2.80" in by_id["s003.F7"].sentence and "1.80" in by_id["s003.F7"].sentence
    assert "2.8617" in by_id["s003.F8"].sentence and "3.8617" in by_id["s003.F8"].sentence
    assert "5.507" in by_id["s003.F9"].sentence and "3.232" in by_id["s003.F9"].sentence


# The statements violated under their primary reading in the main job (`proofcheck run --only 'sNNN.*' --cases 30
# --seed 0`, one paper at a time): each is covered by a declared finding, so none is left `unassessed`.
MAIN_JOB_ERRATA = {
    "s000": set(),
    "s001": {"s001.claim.lemma-1-proof", "s001.eq.C.4", "s001.thm.1.ii", "s001.thm.2.ii", "s001.thm.3.i",
             "s001.thm.3.ii", "s001.lem.4", "s001.lem.5", "s001.claim.lemma-5-proof-c.i",
             "s001.claim.lemma-5-proof-c.ii", "s001.lem.6", "s001.lem.7", "s001.thm.1.ii.finite-support",
             "s001.eq.C.4.finite-support", "s001.claim.C4-shell", "s001.thm.2.ii.finite-support"},
    "s002": {"s002.thm.E.1", "s002.eq.20", "s002.eq.21", "s002.claim.E1-combined", "s002.claim.G-leakage-formula",
             "s002.claim.robust-to-private", "s002.table.III.i", "s002.table.II.vi", "s002.claim.larger-xi-stronger",
             "s002.claim.C1-last-step"},
    "s003": {"s003.claim.alpha-star-stationarity", "s003.thm.2", "s003.thm.3", "s003.table.I",
             "s003.table.I.approach-column", "s003.claim.rdp-interpolation", "s003.claim.rdp-composition-epochs",
             "s003.thm.5", "s003.claim.thm5-prefactor", "s003.claim.thm5-binomial", "s003.claim.thm5-layer-clipping",
             "s003.table.IV", "s003.claim.table-IV-same-steps"},
    "s004": {"s004.claim.drop-abs", "s004.thm.1", "s004.thm.3", "s004.thm.3.ii", "s004.claim.ma-special-case",
             "s004.eq.14", "s004.thm.4", "s004.eq.17", "s004.claim.delta-beta-plus-gamma",
             "s004.claim.weibull-unclipped"},
}


@pytest.mark.parametrize("paper", sorted(MAIN_JOB_ERRATA))
def test_every_erratum_of_the_main_job_is_a_declared_finding(paper):
    covered = {s for f in declared() for s in f.statements if s.startswith(paper + ".")}
    assert MAIN_JOB_ERRATA[paper] <= covered, sorted(MAIN_JOB_ERRATA[paper] - covered)
