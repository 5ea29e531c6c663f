"""Findings: violated statements grouped into independent errors, with severity and the strongest witness;
the report opens with them and writes one errata sheet per paper."""
from __future__ import annotations

import json

import pytest
import sympy as sp

from proofcheck import Claim, Source, real
from proofcheck import strategies as pst
from proofcheck.findings import Finding, findings, severity_of, witness_key


def _st(sid, verdict, cx=None, variants=()):
    return {"id": sid, "paper": sid.split(".")[0], "title": sid, "source": {"seed": "x", "where": f"where {sid}"},
            "verdict": verdict, "primary": {"id": sid}, "counterexample": cx, "variants": list(variants),
            "counterexample_file": f"counterexamples/{sid}.md" if cx else None}


def _cx(objects):
    return {"objects": objects, "lhs": "[2, 2]", "rhs": "[1, 1]", "relation": "<="}


def test_severity_follows_the_kind_of_statement():
    assert [severity_of(s) for s in ("s9.thm.1", "s9.lem.2", "s9.prop.3", "s9.eq.4", "s9.cor.1", "s9.claim.x",
                                     "s9.ex.1", "s9.table.I", "s9.rem.2")] == \
        ["critical"] * 3 + ["major"] * 3 + ["minor"] * 3


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
                        "implication checked: (2) is the theorem's last step", "Theorem 1 is false.")]
    out = findings(statements, claims, declared)
    assert [f["id"] for f in out] == ["s9.F1", "s9.ex.3.finding"]
    f1, own = out
    assert f1["severity"] == "critical" and f1["statements"] == ["s9.thm.1", "s9.eq.2"]  # s9.lem.4 holds: not in it
    # equal relative violations: the witness with the fewer, smaller objects is shown; the other is kept
    assert f1["witness"]["statement"] == "s9.eq.2" and f1["other_witnesses"] == [{"statement": "s9.thm.1",
                                                                                   "claim": "s9.thm.1"}]
    assert f1["corrected"] == [{"id": "s9.eq.2+corrected", "verdict": "holds"}]
    assert own["severity"] == "minor" and own["declared"] is False and own["statements"] == ["s9.ex.3"]
    # a larger relative violation wins over smaller objects
    assert witness_key({**big, "relative_violation": 0.9}) < witness_key({**small, "relative_violation": 0.5})


def test_a_finding_of_several_statements_must_say_how_they_are_linked():
    with pytest.raises(ValueError, match="link"):
        Finding("s9.F1", "t", ("s9.thm.1", "s9.eq.2"), "they look alike", "s")
    with pytest.raises(ValueError, match="severity"):
        Finding("s9.F1", "t", ("s9.thm.1",), "", "s", severity="fatal")


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
    assert doc["finding_summary"] == {"critical": 1, "major": 0, "minor": 0}
    f = doc["findings"][0]
    assert f["statements"] == ["mine.thm.1"] and f["witness"]["counterexample"]["objects"]
    md = (tmp_path / "report.md").read_text()
    assert md.index("## Findings") < md.index("## Paper") and "### Critical (1)" in md
    sheet = (tmp_path / "errata" / "mine.md").read_text()
    assert "mine.thm.1" in sheet and "proofcheck run --only 'mine.thm.1'" in sheet
    assert json.loads((tmp_path / "report.json").read_text())["findings"][0]["id"] == "mine.thm.1.finding"
