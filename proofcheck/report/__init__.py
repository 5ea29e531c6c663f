"""Reports: report.json (stable schema), report.md (one table), one Markdown file and one figure
per counterexample.

The package: this module writes them all (:func:`write_report`, and ``__all__`` below); ``records`` builds the
records of report.json (one per claim, one per printed statement), ``markdown`` the markdown a reader sees
(report.md, the errata sheets, the counterexample pages) and ``findings`` groups a paper's errata into its
independent errors (``Finding``, ``Example``: what a paper's package declares in ``FINDINGS``). The report reads
the results of :mod:`proofcheck.runs` and certifies a finding's example with :mod:`proofcheck.stages`; nothing
in those imports it.

report.json, schema "proofcheck.report/2":

    {
      "schema": "proofcheck.report/2",
      "generated": ISO-8601 time, "command": the command line, "seed": int,
      "seconds_per_claim": float,
      "summary": {"holds": int, "violated": int, "inconclusive": int, "proved": int,
                  "thin": int (claims that hold on a thin search, see ClaimRecord.thin)},   (per claim)
      "statement_summary": {"violated", "depends-on-reading", "holds", "inconclusive": int},
      "proved_statements": {paper: int} (statements whose primary reading holds with proved: true),
      "budget": {"kind": "time", "seconds"} | {"kind": "counted", "cases"},
      "partial": null | {"checked", "of", "reason"} (a run stopped by a signal),
      "finding_summary": {"critical", "major", "minor", "unassessed": int},
      "findings": [FindingRecord, ...],
      "statements": [StatementRecord, ...],
      "claims": [ClaimRecord, ...]
    }

    Non-finite numbers are the strings "inf", "-inf", "nan" (the file is standard JSON).

    FindingRecord = {                        one per independent error of a paper (proofcheck.report.findings)
      "id", "paper", "severity": "critical" | "major" | "minor" | "unassessed", "title",
      "depends": what of the paper depends on the error (proofcheck.report.findings.DEPENDS; the severity follows from it
                 by the rule written there), null for an undeclared finding (severity "unassessed"),
      "impact": which results, tables and numbers depend on it and by how much (an undeclared finding: a note
                that nobody has assessed it),
      "statements": the printed statements violated as printed that it covers, "link": how they are linked,
      "declared": bool (false: a violated statement no declared finding covers, a finding of its own),
      "witness": {"statement", "claim", "counterexample", "relative_margin", "counterexample_file", "sides",
                 "example": bool, "search_verdict" (an example: its claim's verdict in this run, which the
                 example does not change)}: the sentence's example certified by this run ("example": true; its
                 claim's "sides" label the enclosures) where the finding declares one and it certifies, else the most convincing
                 certified counterexample, "other_witnesses": [{"statement", "claim"}] (the search's witness that
                 an example displaced comes first, with its "counterexample_file"),
      "example": null (the finding declares none) | {"claim", "counterexample" (the certified record, or null),
                 "not_certified" (null, or why the example did not certify), "quotes": {number as printed in the
                 sentence: the quantity it is}},
      "corrected": [{"id", "verdict", "why"}]: each corrected form and why it has its verdict (its certified witness
                 and margin, its proof or search and smallest margin, or the reason),
      "claims": every claim id of its statements (each reading; a declared finding's statements this run did not
                check too, from the built-in claims), its corrected forms and its example's claim: what its reproduce
                command runs,
      "sentence": one sentence a reviewer could paste (its numbers agree with the witness where it has an example)
    }

    StatementRecord = {                      one per printed statement (claim id without #reading, +variant)
      "id", "paper": "s000" ..., "title", "source": {"seed", "where"},
      "proved": bool (the primary reading holds and is proved on its whole declared domain),
      "verdict": "violated" (its primary reading is violated) | "depends-on-reading" (only other readings
                 are violated) | "holds" | "inconclusive" (the primary reading's verdict otherwise),
      "vacuous": null | why the primary reading's `holds` says nothing,
      "primary": {"id", "reading", "why"}: the paper's most natural reading and why (from the claims module),
      "readings": [{"id", "reading", "verdict", "vacuous", "forces_degenerate", "primary": bool}, ...],
      "primary_degenerate": bool (the primary reading's hypotheses force a degenerate case: declared by its claim,
                 Claim.forces_degenerate, or found by the search — every admitted case degenerate),
      "warnings": [str] (one line each; a degenerate primary reading, with the readings that are not degenerate),
      "variants": [{"id", "variant": "corrected" | "sharp" | ..., "verdict"}, ...] (separate statements
                  the suite establishes: never part of the roll-up),
      "counterexample": the primary reading's counterexample (as in ClaimRecord) or null,
      "table": null, or for a statement whose primary reading encodes a paper table: {"name", "primary",
               "counts": row verdicts, "decided_by": labels of the rows that decide it, "optimistic": those rows}
    }

    ClaimRecord = {
      "proved": bool (holds, and proved on the whole declared domain: evidence.proof has the boxes' summary and
                the certificate's path),
      "id", "title", "verdict": "holds" | "violated" | "inconclusive", "statement_id", "primary": why this is
      the primary reading (or null), "vacuous": null | why a `holds` says nothing,
      "thin": null | {"cases": in the domain, "asked": the counted budget (null under a time budget), "drawn",
              "why"}: a `holds` whose search drew fewer cases than asked, admitted fewer than 10, or never optimised
              (engine.thin_search; the verdict stays "holds", the text says "holds — thin: 3 cases of 100 asked"),
      "forces_degenerate": null | why the claim's hypotheses admit only degenerate cases (declared or found),
      "source": {"seed", "where", "quote"},
      "statement": sympy string of the relation checked, "latex": the same in LaTeX,
      "sides": {"lhs", "rhs"}: sympy string of each side (the labels of the enclosures the report prints),
      "encoding", "reading" (or null), "reconstructed" (or null),
      "variables": [{"name", "kind", "lo", "hi", "doc"; a real also "lo_open", "hi_open": bool (an excluded end) and
                   "range": "(1, 20]" as written; a distribution, channel or vector "sizes"}],
      "margin": violated: the certified margin at the counterexample shown, the upper end of its enclosure (rhs − lhs for ≤, lhs − rhs
                for ≥; negative); otherwise the float margin at the tightest case found (−|lhs−rhs|/max(1,|lhs|,
                |rhs|) for identities); the search's most negative float margin is evidence.search_float_margin,
      "relative_margin",
      "tightness": for a bound that holds, the largest lhs/rhs found (rhs/lhs for a lower bound) over cases
                   that are not degenerate and where the bound exceeds 1e-6, to 10 significant digits; 1 means
                   attained, 0.47 means never above 47% of the bound,
      "tightness_certified": a float certainly below lhs/rhs at an exact case (evidence.tightness.certified has
                   the objects and the enclosure): a certified lower bound on how tight the bound is, or null;
                   claims that compute one formula (a bound printed as several theorems) all show the best witness
                   of any of them, evidence.tightness.found_on naming the copy it was found on; for a claim whose
                   sides are logarithms (log δ ≤ log δ_α) the ratio is of the quantities, exp(lhs − rhs);
                   likewise a copy whose own search held takes another copy's certified counterexample
                   (evidence.found_on names it, evidence.own keeps the copy's own verdict and search),
      "counterexample": null | {"objects": exact objects as 'p/q' strings, "denominator",
                                "lhs", "rhs": certified enclosures "[lo, hi]", "relation", "certificate"},
      "evidence": {...: search counts, seed, seconds, optimiser evaluations, certified enclosures at the
                   tightest case, or the reason for inconclusive; "table" for a claim that encodes a paper table:
                   the rows side by side with the suite's values under each reading (proofcheck.tables)},
      "worst_case": the objects where the smallest margin was found,
      "seconds": wall time, "counterexample_file": relative path or null
    }
"""
from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path

import proofcheck.report.findings as finding_rules
from proofcheck.stages.certify import certify_example
from proofcheck.claim import Claim
from proofcheck.runs.engine import Result
from proofcheck.files import json_safe, safe_name, write_atomic
from proofcheck.report.findings import SEVERITIES
from proofcheck.report.findings import findings as independent_errors
# the markdown and the records, importable from here as before the split (write_report calls markdown_table
# through this module's name, so a test may replace it here)
from proofcheck.report.markdown import (REPRODUCE_CASES, _figure, _finding_lines, counterexample_markdown, errata_markdown,
                                        findings_markdown, markdown_table, reproduce_cases, reproduce_lines, thin_lines)
from proofcheck.report.records import (claim_record, degenerate_primary_warning, primary_of, side_labels,
                                       statement_records)

__all__ = ["SCHEMA", "VERDICTS", "write_report", "certify_examples", "claim_record", "side_labels", "statement_records",
           "primary_of", "degenerate_primary_warning", "markdown_table", "findings_markdown", "errata_markdown",
           "counterexample_markdown", "reproduce_cases", "reproduce_lines", "REPRODUCE_CASES", "thin_lines",
           "_finding_lines"]

SCHEMA = "proofcheck.report/2"


VERDICTS = ("violated", "depends-on-reading", "holds", "inconclusive")


def write_report(pairs: list[tuple[Claim, Result]], out: Path, seed: int, seconds_per_claim: float, command: str,
                 claims_path: str | None = None, budget: dict | None = None, partial: dict | None = None) -> dict:
    """report.json, report.md and one file (and figure) per counterexample, each written atomically; the
    counterexample files of an earlier report that this one does not have are removed. `partial`
    ({"checked", "of", "reason"}) marks a report of a run that was stopped."""

    out.mkdir(parents=True, exist_ok=True)
    cx_dir = out / "counterexamples"
    records, kept = [], set()
    for claim, result in pairs:
        rec = claim_record(claim, result)
        rec["counterexample_file"] = None
        if result.verdict == "violated":
            cx_dir.mkdir(exist_ok=True)
            md = cx_dir / f"{safe_name(claim.id)}.md"
            png = cx_dir / f"{safe_name(claim.id)}.png"
            tmp_png = cx_dir / f".{png.name}.tmp.png"
            _figure(claim, result, tmp_png)
            if tmp_png.exists():
                tmp_png.replace(png)
            write_atomic(md, counterexample_markdown(claim, result, png.name, seed, claims_path,
                                                     reproduce_cases(budget)))
            kept |= {md.name, png.name}
            rec["counterexample_file"] = str(md.relative_to(out))
        records.append(rec)
    if cx_dir.is_dir():
        for f in cx_dir.iterdir():
            if f.is_file() and f.name not in kept and f.suffix in (".md", ".png"):
                f.unlink()
    summary = {v: sum(r["verdict"] == v for r in records) for v in ("holds", "violated", "inconclusive")}
    summary["proved"] = sum(r["proved"] for r in records)
    summary["thin"] = sum(1 for r in records if r["verdict"] == "holds" and r.get("thin"))
    statements = statement_records(pairs)
    for st in statements:
        st["counterexample_file"] = next((r["counterexample_file"] for r in records
                                          if r["id"] == st["primary"]["id"]), None)

    found = independent_errors(statements, records, examples=certify_examples(pairs))
    doc = {
        "schema": SCHEMA,
        "generated": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "command": command,
        "seed": seed,
        "seconds_per_claim": seconds_per_claim,
        "budget": budget or {"kind": "time", "seconds": seconds_per_claim},
        "partial": partial,
        "summary": summary,
        "statement_summary": {v: sum(st["verdict"] == v for st in statements) for v in VERDICTS},
        "proved_statements": {p: sum(st["proved"] for st in statements if st["paper"] == p)
                              for p in sorted({st["paper"] for st in statements})},
        "finding_summary": {v: sum(f["severity"] == v for f in found) for v in SEVERITIES},
        "findings": found,
        "statements": statements,
        "claims": records,
    }
    doc = json_safe(doc)
    write_atomic(out / "report.json", json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False))
    write_atomic(out / "report.md", markdown_table(doc))
    _write_errata(doc, out, seed, claims_path)
    return doc


def certify_examples(pairs) -> dict:
    """Each declared finding's example (proofcheck.report.findings.Example) whose claim this run checked, certified at its
    exact objects: {finding id: (counterexample record, None) or (None, why not)}. The sentence a reviewer pastes
    quotes this case, so the report shows it, certified here, as the finding's witness."""
    by_id = {c.id: c for c, _ in pairs}
    out = {}
    for f in finding_rules.declared():  # looked up on the module: a test may replace it
        if f.example is None or f.example.claim not in by_id:
            continue
        try:
            out[f.id] = certify_example(by_id[f.example.claim], f.example.objects)
        except Exception as e:  # an error of the claim at the example: reported on the finding, never a crash
            out[f.id] = (None, f"an error of the claim at the example: {type(e).__name__}: {e}")
    return out


def _write_errata(doc: dict, out: Path, seed: int, claims_path: str | None):
    """OUT/errata/<paper>.md: a paper's findings on their own, for its authors; stale sheets removed."""

    folder = out / "errata"
    papers = sorted({f["paper"] for f in doc["findings"]})
    if papers:
        folder.mkdir(exist_ok=True)
    for paper in papers:
        write_atomic(folder / f"{paper}.md", errata_markdown(doc, paper, seed, claims_path))
    if folder.is_dir():
        for f in folder.iterdir():
            if f.suffix == ".md" and f.stem not in papers:
                f.unlink()
