"""Findings: violated statements grouped into independent errors, with severity and the strongest witness;
the report opens with them and writes one errata sheet per paper."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
import sympy as sp

from proofcheck import Claim, Source, real
from proofcheck import strategies as pst
from proofcheck.report.findings import DEPENDS, SEVERITIES, Finding, declared, findings, severity_for, witness_key


def _st(sid, verdict, cx=None, variants=()):
    return {"id": sid, "paper": sid.split(".")[0], "title": sid, "source": {"seed": "x", "where": f"where {sid}"},
            "verdict": verdict, "primary": {"id": sid}, "counterexample": cx, "variants": list(variants),
            "counterexample_file": f"counterexamples/{sid}.md" if cx else None}


def _cx(objects):
    return {"objects": objects, "lhs": "[2, 2]", "rhs": "[1, 1]", "relation": "<="}


def _f(fid="s9.F1", statements=("s9.thm.1",), link="", depends="contribution", impact="Table 2 changes.", **kw):
    return Finding(fid, "t", statements, link, "s", depends=depends, impact=impact, **kw)


def test_severity_follows_what_depends_on_the_error_by_one_rule():
    # the rule, written once in proofcheck.report.findings: critical when a claimed result or one the paper's numbers,
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
              {"id": "s9.ex.3", "relative_margin": -0.01}, {"id": "s9.lem.4", "relative_margin": 0.1},
              {"id": "s9.eq.2+corrected", "verdict": "holds", "proved": False, "margin": 0.25,
               "evidence": {"summary": "30 cases"}}]
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
    # a corrected form says why it has its verdict: its search (or proof) and smallest margin
    assert f1["corrected"] == [{"id": "s9.eq.2+corrected", "verdict": "holds",
                                "why": "no counterexample in 30 cases; smallest margin found 0.25"}]
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
    from proofcheck.report.findings import LINKS, declared

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
    from proofcheck.runs.engine import check_claim
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
    from proofcheck.runs.engine import check_claim
    from proofcheck.report import write_report

    y = sp.Symbol("y")
    claim = Claim(id="mine.thm.1", title="x + 2 <= 2", source=Source("mine", "Theorem 1", "x + 2 <= 2"),
                  variables=(real("x", 0, 1),), statement=sp.Le(y, 2),
                  quantities={"y": lambda c, m: m.num(c["x"]) + 2}, strategy=pst.cases(x=pst.reals(0, 1)))
    mine = Finding("mine.F1", "off by two", ("mine.thm.1",), "", "Theorem 1 is off by two.",
                   depends="illustration", impact="Example 3's value 2 should be 4; nothing else changes.")
    import proofcheck.report.findings as pf

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


def test_severities_of_the_findings_on_theorem_5s_averaging_its_proof_and_the_tables_sigma():
    by_id = {f.id: f for f in declared()}
    # the missing L is Theorem 5's (a contribution), independent of F7–F9: shown with prefactor and binomial corrected
    assert by_id["s003.F10"].statements == ("s003.claim.gaussian-capacity-averaging",)
    assert by_id["s003.F10"].severity == "critical" and "2.60" in by_id["s003.F10"].sentence
    # the proof's two slips: the theorem's formula does not use them (its errors are F7–F10)
    assert by_id["s003.F12"].statements == ("s003.claim.capacity-proof-inner-integral",)
    assert by_id["s003.F13"].statements == ("s003.claim.capacity-proof-exponent",)
    assert by_id["s003.F12"].severity == by_id["s003.F13"].severity == "major"
    # one mis-typed σ in two tables: one finding, minor (a label; the text and the metrics fit .174)
    f11 = by_id["s003.F11"]
    assert f11.statements == ("s003.table.II.sigma-column", "s003.table.III.sigma-column")
    assert f11.severity == "minor" and f11.link.startswith("same root cause")


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
             "s003.table.IV", "s003.claim.table-IV-same-steps", "s003.claim.gaussian-capacity-averaging",
             "s003.claim.capacity-proof-inner-integral", "s003.claim.capacity-proof-exponent",
             "s003.table.II.sigma-column", "s003.table.III.sigma-column"},
    "s004": {"s004.claim.drop-abs", "s004.thm.1", "s004.thm.3", "s004.thm.3.ii", "s004.claim.ma-special-case",
             "s004.eq.14", "s004.thm.4", "s004.eq.17", "s004.claim.delta-beta-plus-gamma",
             "s004.claim.weibull-unclipped"},
}


@pytest.mark.parametrize("paper", sorted(MAIN_JOB_ERRATA))
def test_findings_cover_the_errata_once_in_the_paper_order(paper):
    """Each paper's findings are listed in the order of their first statement in the paper, with ids F<n> that never
    change once given (a reviewer cites them); each names printed statements of that paper, says how several are
    linked, has a sentence, and together they cover the main job's errata of the paper, each once (and otherwise
    only statements violated under a reading that is not primary)."""
    from importlib import import_module

    from proofcheck.report.findings import LINKS

    pkg = import_module(f"proofcheck.claims.{paper}")
    order = list(dict.fromkeys(c.statement_id for c in pkg.CLAIMS if c.variant is None))
    covered = []
    ids = [f.id for f in pkg.FINDINGS]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(rf"{paper}\.F[1-9][0-9]*", i) for i in ids), ids
    for f in pkg.FINDINGS:
        assert all(s in order for s in f.statements), f.id
        if len(f.statements) > 1:
            assert f.link.startswith(LINKS) and len(f.link) > 80, f.id  # the link and how it is established
        assert f.sentence.endswith(".") and len(f.sentence) > 100, f.id
        covered += f.statements
    assert len(covered) == len(set(covered))  # no statement in two findings
    assert MAIN_JOB_ERRATA[paper] <= set(covered), sorted(MAIN_JOB_ERRATA[paper] - set(covered))
    # beyond the errata, only statements read several ways (a finding of a reading that is not primary)
    readings = {c.statement_id for c in pkg.CLAIMS if c.reading}
    assert set(covered) - MAIN_JOB_ERRATA[paper] <= readings, sorted(set(covered) - MAIN_JOB_ERRATA[paper] - readings)
    leads = [order.index(f.statements[0]) for f in pkg.FINDINGS]
    assert leads == sorted(leads)


# ----------------------------------------------------------------------------- the sentence's example, certified
def test_a_printed_number_agrees_with_a_certified_value_only_to_the_digits_it_shows():
    from proofcheck.report.findings import quote_agrees, quoted_number

    assert quoted_number("0.4055") == (Fraction(811, 2000), Fraction(1, 20000))
    assert quoted_number("−0.109") == (Fraction(-109, 1000), Fraction(1, 2000))
    assert quoted_number("1.4·10⁻¹¹") == (Fraction(14, 10 ** 12), Fraction(5, 10 ** 13))
    assert quoted_number("5/8") == (Fraction(5, 8), 0) and quoted_number("2") == (2, 0)
    assert quoted_number("≈ 62563") == (62563, Fraction(1, 2))
    ln_3_2 = "[0.40546510810816432, 0.40546510810816439]"
    assert quote_agrees("0.4055", ln_3_2) and quote_agrees("0.405", ln_3_2)
    assert not quote_agrees("0.4054", ln_3_2) and not quote_agrees("0.406", ln_3_2)
    # an enclosure straddling the rounding boundary does not agree: certainly, not at a midpoint
    assert not quote_agrees("0.41", "[0.40499, 0.40501]")
    # a fraction: the exact value, or a ball around it no wider than 1e-12 of it
    assert quote_agrees("1/10", "1/10") and quote_agrees("1/10", "[0.099999999999999991, 0.10000000000000001]")
    assert not quote_agrees("1/10", "[0.0999, 0.1001]") and not quote_agrees("1/3", "1/10")
    assert not quote_agrees("1", "+inf (exact)")
    # a bound the sentence states: the whole enclosure on its side
    assert quote_agrees("at least 0.0056", "[0.0056545, 0.0056546]") and not quote_agrees("0.0056", "[0.0056545, 0.0056546]")
    assert not quote_agrees("at least 0.0057", "[0.0056545, 0.0056546]") and quote_agrees("at most 0.0057", "[0.0056545, 0.0056546]")
    with pytest.raises(ValueError, match="not a number"):
        quoted_number("ln 2")


def test_an_example_must_be_a_claim_of_the_finding_and_quote_the_sentence():
    from proofcheck.report.findings import Example

    with pytest.raises(ValueError, match="not a reading of its statements"):
        _f(example=Example("s9.thm.2#r", {"x": "1"}))
    with pytest.raises(ValueError, match="not a reading of its statements"):  # a corrected form witnesses no error
        _f(example=Example("s9.thm.1+corrected", {"x": "1"}))
    with pytest.raises(ValueError, match="does not print"):
        Finding("s9.F1", "t", ("s9.thm.1",), "", "x = 1/2 fails.", depends="contribution", impact="i",
                example=Example("s9.thm.1#r", {"x": "1/2"}, {"0.25": "lhs"}))
    ok = Finding("s9.F1", "t", ("s9.thm.1",), "", "x = 1/2 fails.", depends="contribution", impact="i",
                 example=Example("s9.thm.1#r", {"x": "1/2"}, {"1/2": "x"}))
    assert ok.example.quotes == {"1/2": "x"}


# Every declared finding gives its sentence's case as an Example (certified by the report and shown as the witness),
# except these, and why:
WITHOUT_EXAMPLE = {
    "s004.F5": "its witness is statistical (a Monte Carlo coverage): no certified value at a single case",
}
WITH_EXAMPLE = {f.id for f in declared()} - set(WITHOUT_EXAMPLE)
# approximate numbers a sentence prints of a case other than its example's, and which
OTHER_CASES = {
    "s001.F2": {"0.05": "the finite-support prior's c* (s001.thm.1.ii.finite-support)", "130.4": "its D",
                "98.2": "its κ/c*"},
    "s004.F2": {"44283": "the right side with the past averaged over p(·|D), another reading of Theorem 1"},
    "s004.F3": {"0.357": "c^L, the forward cost, which s004.thm.3.ii does not compute"},
}


def _example_values(f):
    from proofcheck import registry
    from proofcheck.stages.certify import certify_example

    claim = registry.find(registry.builtin_claims(), f.example.claim)
    cx, why = certify_example(claim, f.example.objects)
    assert cx is not None, (f.id, why)
    # a number may also be one of the exact objects (the case the sentence describes): a scalar one, as written
    scalars = {k: str(v) for k, v in f.example.objects.items() if isinstance(v, (str, int))}
    return {**scalars, **cx["quantities"], "lhs": cx["lhs"], "rhs": cx["rhs"]}, cx


@pytest.mark.parametrize("fid", sorted(WITH_EXAMPLE))
def test_every_sentence_number_agrees_with_its_example(fid):
    # the sentence a reviewer pastes quotes the certified witness shown: each number it ties to a quantity is that
    # quantity's certified value rounded to the digits printed, and the example is a certified counterexample
    from proofcheck.report.findings import quote_agrees, quoted_value

    f = _by_id()[fid]
    assert f.example is not None, fid
    values, cx = _example_values(f)
    assert cx["relation"] and cx["certificate"]["gap_lower_bound"]
    for text, quantity in f.example.quotes.items():
        assert text in f.sentence, (fid, text)
        value = quoted_value(quantity, values)
        assert quote_agrees(text, value), (fid, text, quantity, value)
    # every approximate number the sentence prints ('≈ 0.4055') is one of its example's, checked above, unless it
    # describes another case, named here
    approx = {n.rstrip(".,") for n in re.findall(r"≈\s*([−-]?\d[\d.,]*(?:·10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?)", f.sentence)}
    quoted = {q.removeprefix("≈").strip() for q in f.example.quotes}
    assert approx - quoted == set(OTHER_CASES.get(fid, {})), (fid, sorted(approx - quoted))


def test_the_findings_without_an_example_are_the_ones_listed():
    assert {f.id for f in declared() if f.example is None} == set(WITHOUT_EXAMPLE)


def test_a_wrong_number_in_a_sentence_is_caught():
    # the check above is not vacuous: s002.F4's sentence with ξ misprinted as 0.5109 fails it
    from proofcheck.report.findings import quote_agrees

    values, _ = _example_values(_by_id()["s002.F4"])
    assert quote_agrees("0.5108", values["xi_23"]) and not quote_agrees("0.5109", values["xi_23"])
    assert quote_agrees("0.4055", values["xi_24"]) and not quote_agrees("0.4055", values["xi_23"])


def test_a_capacity_compared_in_log_space_is_quoted_as_its_exponential():
    from proofcheck.report.findings import quote_agrees, quoted_value

    values = {"log_C": "[1.0288636176376491, 1.0288636176376494]"}  # ln(2 + √(2/π))
    assert quote_agrees("2.80", quoted_value("exp(log_C)", values)) and quote_agrees("2.7979", quoted_value("exp(log_C)", values))
    assert not quote_agrees("2.79", quoted_value("exp(log_C)", values))
    assert quoted_value("log_C", values) == values["log_C"] and quoted_value("exp(z)", {"z": "0"}) == "[1.0000000000000000, 1.0000000000000000]"


def _mine(cid, bound, title):
    y = sp.Symbol("y")
    return Claim(id=cid, title=title, source=Source("mine", "Theorem 1", "x + 2 <= 2"),
                 variables=(real("x", 0, 1),), statement=sp.Le(y, bound),
                 quantities={"y": lambda c, m: m.num(c["x"]) + 2, "x_half": lambda c, m: m.num(c["x"]) / 2},
                 strategy=pst.cases(x=pst.reals(0, 1)))


def _errata_entry(sheet: str, fid: str) -> str:
    start = sheet.index(f"- **`{fid}`**")
    nxt = sheet.find("\n- **`", start + 1)
    return sheet[start:] if nxt < 0 else sheet[start:nxt]


def test_an_errata_entry_a_reviewer_can_paste(tmp_path, monkeypatch):
    from proofcheck.runs.engine import check_claim
    from proofcheck.report.findings import Example
    from proofcheck.report import write_report

    claims = [_mine("mine.thm.1", 2, "x + 2 <= 2"), _mine("mine.thm.1+corrected", 3, "x + 2 <= 3"),
              _mine("mine.thm.1+corrected#tight", sp.Rational(5, 2), "x + 2 <= 5/2")]
    mine = Finding("mine.F1", "off by one", ("mine.thm.1",), "",
                   "Theorem 1 fails at x = 3/4, where x + 2 = 2.75 > 2.", depends="contribution",
                   impact="Table 9's bound 2 should be 3; every row changes.",
                   example=Example("mine.thm.1", {"x": "3/4"}, {"3/4": "x", "2.75": "y"}))
    import proofcheck.report.findings as pf

    monkeypatch.setattr(pf, "declared", lambda: [mine])
    doc = write_report([(c, check_claim(c, cases=20)) for c in claims], tmp_path, 7,
                       1.0, "proofcheck run", budget={"kind": "counted", "cases": 20})
    f = doc["findings"][0]
    # the sentence's example is the witness shown, certified in this run; the engine's own witness is kept beside it
    assert f["witness"]["example"] is True and f["witness"]["claim"] == "mine.thm.1"
    assert f["witness"]["counterexample"]["objects"] == {"x": "3/4"}
    assert f["witness"]["counterexample"]["lhs"] == "[2.7500000000000000, 2.7500000000000000]"
    assert f["example"]["not_certified"] is None
    assert f["other_witnesses"] == [{"statement": "mine.thm.1", "claim": "mine.thm.1",
                                     "counterexample_file": "counterexamples/mine.thm.1.md"}]
    assert f["witness"]["sides"] == {"lhs": "y", "rhs": "2"}
    assert f["claims"] == ["mine.thm.1", "mine.thm.1+corrected", "mine.thm.1+corrected#tight"]
    entry = _errata_entry((tmp_path / "errata" / "mine.md").read_text(), "mine.F1")
    # 4. the impact line
    assert "  Impact (`contribution`): Table 9's bound 2 should be 3; every row changes." in entry
    # 1. every enclosure labelled with what it encloses: each side by the claim's symbols, the other quantities too
    assert ("  Witness (the sentence's example, certified in this run, `mine.thm.1`): x = 3/4 — "
            "`y` ∈ [2.75, 2.75], `2` ∈ [2, 2]; required `y` <= `2`; where `x_half` ∈ [0.375, 0.375].") in entry
    assert not re.search(r"(?<![∈=] )\[\d", entry.split("Reproduce")[0].replace("[details]", ""))
    assert "  The search's own witness: `mine.thm.1` ([details](../counterexamples/mine.thm.1.md))." in entry
    assert f["witness"]["search_verdict"] == "violated" and "did not find a violation" not in entry
    # 5. a corrected form says why: the one that holds, its search and smallest margin; the violated one, its
    # certified witness (labelled) and margin
    holds = next(ln for ln in entry.splitlines() if ln.startswith("  Corrected form `mine.thm.1+corrected`"))
    assert holds.startswith("  Corrected form `mine.thm.1+corrected`: **holds** — no counterexample in ")
    assert "smallest margin found " in holds
    tight = next(ln for ln in entry.splitlines() if "`mine.thm.1+corrected#tight`" in ln)
    assert tight.startswith("  Corrected form `mine.thm.1+corrected#tight`: **violated** — certified witness: x = ")
    assert "`y` ∈ [" in tight and "required `y` <= `5/2`" in tight and "certified margin ∈ [-" in tight
    # 2. the sentence, pasted as it is, beside the witness whose numbers it quotes
    assert "  > Theorem 1 fails at x = 3/4, where x + 2 = 2.75 > 2." in entry
    # 3. the reproduce command runs every claim of the finding, with the run's counted budget, in a fresh folder
    assert '      out="$(mktemp -d)"  # a fresh folder: never your ./report' in entry
    assert ("      proofcheck run --only 'mine.thm.1' --only 'mine.thm.1+corrected' --only 'mine.thm.1+corrected#tight' "
            '--seed 7 --cases 20 --out "$out" && cat "$out/errata/mine.md"') in entry
    assert "--out report" not in entry and "--seconds" not in entry
    # the counterexample file reproduces the same way, never into ./report
    cx_md = (tmp_path / "counterexamples" / "mine.thm.1.md").read_text()
    assert "--seconds" not in cx_md and "proofcheck run --only 'mine.thm.1' --seed 7 --cases 20 --out \"$out\"" in cx_md
    assert "| lhs: `y` |" in cx_md and "| rhs: `2` |" in cx_md
    # report.md's findings section shows the same labelled witness
    md = (tmp_path / "report.md").read_text()
    assert "`y` ∈ [2.75, 2.75], `2` ∈ [2, 2]; required `y` <= `2`" in md


def test_an_example_that_does_not_certify_is_said_and_the_engines_witness_shown(tmp_path, monkeypatch):
    from proofcheck.runs.engine import check_claim
    from proofcheck.report.findings import Example
    from proofcheck.report import write_report

    claim = _mine("mine.thm.1", 2, "x + 2 <= 2")
    wrong = Finding("mine.F1", "off by one", ("mine.thm.1",), "", "Theorem 1 fails at x = 0.", depends="contribution",
                    impact="Table 9 changes.", example=Example("mine.thm.1", {"x": "0"}, {"0": "x"}))
    import proofcheck.report.findings as pf

    monkeypatch.setattr(pf, "declared", lambda: [wrong])
    doc = write_report([(claim, check_claim(claim, cases=20))], tmp_path, 0, 1.0, "proofcheck run")
    f = doc["findings"][0]
    assert f["witness"]["example"] is False and f["example"]["counterexample"] is None
    assert f["example"]["not_certified"] == "the relation is holds at the exact objects"
    sheet = (tmp_path / "errata" / "mine.md").read_text()
    assert "The sentence's example (`mine.thm.1`) is not certified in this run: the relation is holds" in sheet
    # a time budget: the reproduce command still uses a counted one
    assert "--cases 30" in sheet


def test_only_repeated_selects_every_claim_a_reproduce_command_names():
    # a reproduce command names each claim of a finding with its own --only; a glob that matches nothing is refused
    from mechanisms.errors import InvalidInput
    from proofcheck import registry

    claims = registry.builtin_claims()
    chosen = registry.select(claims, ["s002.eq.20", "s002.claim.G-leakage-formula*"])
    assert [c.id for c in chosen] == [c.id for c in claims if c.id in {
        "s002.eq.20", "s002.claim.G-leakage-formula#upper", "s002.claim.G-leakage-formula+corrected"}]
    assert registry.select(claims, "s002.eq.20") == registry.select(claims, ["s002.eq.20"])
    with pytest.raises(InvalidInput, match="no claim id matches 'zzz'"):
        registry.select(claims, ["s002.eq.20", "zzz"])


def test_an_example_of_a_claim_the_search_did_not_violate_says_so():
    # s002.F1's case: the theorem's primary reading holds at the main job's budget, its proof steps fail; the
    # sentence's example is a certified counterexample to the theorem itself, shown as such, and no verdict changes
    from proofcheck.report.findings import Example
    from proofcheck.report import _finding_lines

    statements = [_st("s9.thm.1", "depends-on-reading"), _st("s9.eq.2", "violated", _cx({"x": "1"}))]
    claims = [{"id": "s9.thm.1", "verdict": "holds", "sides": {"lhs": "P", "rhs": "gamma"}},
              {"id": "s9.eq.2", "verdict": "violated", "relative_margin": -0.5}]
    f = Finding("s9.F1", "t", ("s9.thm.1", "s9.eq.2"), "same root cause: (2) is its proof's step", "Theorem 1 fails.",
                depends="contribution", impact="Table 2 changes.", example=Example("s9.thm.1", {"x": "1/2"}))
    example = _cx({"x": "1/2"})
    (rec,) = findings(statements, claims, [f], examples={"s9.F1": (example, None)})
    assert rec["statements"] == ["s9.eq.2"] and [st["verdict"] for st in statements] == ["depends-on-reading", "violated"]
    assert rec["witness"]["example"] and rec["witness"]["search_verdict"] == "holds"
    assert rec["claims"] == ["s9.thm.1", "s9.eq.2"]  # the theorem is run again too, not only its proof step
    text = "\n".join(_finding_lines(rec))
    assert "Witness (the sentence's example, certified in this run, `s9.thm.1`): x = 1/2 — `P` ∈ [2, 2]" in text
    assert ("This run's search did not find a violation of `s9.thm.1` (its verdict: **holds**); the example above is "
            "a certified counterexample to it all the same.") in text


def test_show_labels_each_side_of_a_counterexample():
    from proofcheck.cli import _show_lines
    from proofcheck.runs.engine import check_claim
    from proofcheck.report import claim_record

    claim = _mine("mine.thm.1", 2, "x + 2 <= 2")
    rec = claim_record(claim, check_claim(claim, cases=20))
    text = "\n".join(_show_lines(rec, "text"))
    assert "\n  lhs = y ∈ [" in text and "\n  rhs = 2 ∈ [2" in text
    # a report.json written before the labels: bare sides
    text = "\n".join(_show_lines({**rec, "sides": None}, "text"))
    assert "\n  lhs ∈ [" in text and "\n  rhs ∈ [2" in text


def test_a_long_side_is_written_once_and_then_called_lhs():
    from proofcheck.texts import labelled_sides

    cx = {"lhs": "[2.7500000000000000, 2.7500000000000000]", "rhs": "[2, 2]", "relation": "<=",
          "quantities": {"y": "11/4", "eps": "[0.95551144502743634, 0.95551144502743646]"}}
    assert labelled_sides(cx, {"lhs": "y", "rhs": "2"}) == (
        "`y` ∈ [2.75, 2.75], `2` ∈ [2, 2]; required `y` <= `2`; where `eps` ∈ [0.95551144, 0.95551145]")
    long = "Min(alpha + log(alpha*gamma(alpha)**2/(2*n**alpha*gamma(2*alpha))), 1)"
    assert labelled_sides(cx, {"lhs": long, "rhs": "0"}).startswith(
        f"lhs `{long}` ∈ [2.75, 2.75], rhs `0` ∈ [2, 2]; required lhs <= rhs; where `y` = 11/4")
    # no labels known (a record from before them): lhs / rhs
    assert labelled_sides(cx, None).startswith("`lhs` ∈ [2.75, 2.75], `rhs` ∈ [2, 2]; required `lhs` <= `rhs`")


def test_a_reproduce_command_checks_every_statement_of_the_finding_whatever_the_run_checked():
    # a run of s002.eq.20 alone: s002.F1's command still runs Theorems IV.7 and E.1 (each reading), the other
    # proof steps and the corrected forms
    statements = [{**_st("s002.eq.20", "violated", _cx({"epsilon": "1"})), "readings": [{"id": "s002.eq.20"}]}]
    claims = [{"id": "s002.eq.20", "verdict": "violated", "relative_margin": -0.3}]
    (rec,) = findings(statements, claims)
    assert rec["id"] == "s002.F1" and rec["claims"][0] == "s002.eq.20"
    assert {"s002.thm.IV.7#acc-at-true-secret.eps-le-1", "s002.thm.E.1#acc-avg-prior", "s002.eq.21",
            "s002.claim.E1-combined", "s002.thm.IV.7+corrected#acc-at-true-secret"} <= set(rec["claims"])
    assert len(rec["claims"]) == len(set(rec["claims"]))


def test_an_enclosure_beyond_the_decimal_range_is_shown_as_it_is():
    # arb's enclosure of a tiny side (Lemma 6's lhs in the main job) has an exponent the decimal context refuses
    from proofcheck.texts import short_enclosure

    text = "[-3.5367888023781131e-10856427, 3.5367888023781135e-10856427]"
    assert short_enclosure(text).lower() == text.lower()
    assert short_enclosure("[0.51082562376599061, 0.51082562376599072]") == "[0.51082562, 0.51082563]"
