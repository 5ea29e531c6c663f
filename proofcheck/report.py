"""Reports: report.json (stable schema), report.md (one table), one Markdown file and one figure
per counterexample.

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

    FindingRecord = {                        one per independent error of a paper (proofcheck.findings)
      "id", "paper", "severity": "critical" | "major" | "minor" | "unassessed", "title",
      "depends": what of the paper depends on the error (proofcheck.findings.DEPENDS; the severity follows from it
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
import re
import shlex
from pathlib import Path

import sympy as sp

from proofcheck.claim import Claim
from proofcheck.engine import Result
from proofcheck.files import json_safe, safe_name, write_atomic
from proofcheck.texts import (cx_line, holds_text, mc_text, md_code, md_line, md_row, one_line, short, thin_text,
                              variant_why)

SCHEMA = "proofcheck.report/2"
VERDICTS = ("violated", "depends-on-reading", "holds", "inconclusive")


def claim_record(claim: Claim, result: Result) -> dict:
    rec = result.to_json()
    rec.update({
        "title": claim.title,
        "source": {"seed": claim.source.seed, "where": claim.source.where, "quote": claim.source.quote},
        "statement": sp.sstr(claim.statement),
        "latex": sp.latex(claim.statement),
        "encoding": claim.encoding,
        "reading": claim.reading,
        "reconstructed": claim.reconstructed,
        "hypotheses": [h.text + ": " + sp.sstr(h.relation) for h in claim.hypotheses],
        "variables": [_variable_record(v) for v in claim.variables],
        "statement_id": claim.statement_id,
        "sides": side_labels(claim),
        "primary": claim.primary,
        "tightness_certified": ((result.evidence or {}).get("tightness") or {}).get("certified", {}).get("lower_bound"),
        "proved": result.verdict == "holds" and ((result.evidence or {}).get("proof") or {}).get("proved") is True,
    })
    return {k: rec[k] for k in ("id", "statement_id", "title", "verdict", "proved", "vacuous", "thin", "forces_degenerate", "primary", "margin", "relative_margin", "tightness", "tightness_certified", "source", "statement", "sides", "latex",
                                "hypotheses", "variables", "encoding", "reading", "reconstructed", "counterexample",
                                "evidence", "worst_case", "seconds")}


def side_labels(claim: Claim) -> dict:
    """What each side of the relation is, in the claim's own symbols (sympy's text of each side): the label of
    each certified enclosure the report prints ('xi_23 ∈ [0.51082, 0.51083]', not a bare interval)."""
    return {"lhs": sp.sstr(claim.statement.lhs), "rhs": sp.sstr(claim.statement.rhs)}


def statement_records(pairs: list[tuple[Claim, Result]]) -> list[dict]:
    """One record per printed statement, in the order the claims come: the readings rolled up by
    the primary one (see the schema above)."""
    groups: dict[str, list] = {}
    for claim, result in pairs:
        groups.setdefault(claim.statement_id, []).append((claim, result))
    return [_statement(sid, members) for sid, members in groups.items()]


def primary_of(readings: list[Claim]) -> Claim:
    """The primary reading of a statement: the one its claims module names, or the only reading."""
    named = [c for c in readings if c.primary]
    if len(named) == 1:
        return named[0]
    if len(readings) == 1:
        return readings[0]
    ids = ", ".join(c.id for c in readings)
    raise ValueError(f"statement {readings[0].statement_id} has {len(named)} primary readings among {ids}")


def _statement(sid: str, members) -> dict:
    readings = [(c, r) for c, r in members if c.variant is None]
    variants = [(c, r) for c, r in members if c.variant is not None]
    if not readings:  # only a variant was selected (e.g. --only 'x+corrected'): it stands for itself
        readings, variants = variants, []
    primary = primary_of([c for c, _ in readings])
    p_result = next(r for c, r in readings if c is primary)
    others_violated = [c.id for c, r in readings if c is not primary and r.verdict == "violated"]
    if p_result.verdict == "violated":
        verdict = "violated"
    elif others_violated:
        verdict = "depends-on-reading"
    else:
        verdict = p_result.verdict
    degenerate = degenerate_primary_warning(primary, p_result, readings)
    return {
        "id": sid,
        "paper": sid.split(".")[0],
        "title": primary.title,
        "source": {"seed": primary.source.seed, "where": primary.source.where},
        "verdict": verdict,
        "proved": verdict == "holds" and ((p_result.evidence or {}).get("proof") or {}).get("proved") is True,
        "vacuous": p_result.vacuous if verdict == "holds" else None,
        "primary": {"id": primary.id, "reading": primary.reading,
                    "why": primary.primary or ("the only reading" if len(readings) == 1 else None)},
        "readings": [{"id": c.id, "reading": c.reading, "verdict": r.verdict, "vacuous": r.vacuous,
                      "forces_degenerate": r.forces_degenerate or c.forces_degenerate, "primary": c is primary}
                     for c, r in readings],
        "primary_degenerate": degenerate is not None,
        "warnings": [degenerate] if degenerate else [],
        "variants": [{"id": c.id, "variant": c.variant, "verdict": r.verdict, "vacuous": r.vacuous} for c, r in variants],
        "counterexample": p_result.counterexample,
        "table": _table_summary(p_result),
    }


def degenerate_primary_warning(primary: Claim, p_result: Result, readings) -> str | None:
    """One line when the primary reading holds only where its hypotheses force a degenerate case (declared by
    the claim or found by the search), naming the readings that are neither degenerate nor vacuous."""
    why = p_result.forces_degenerate or primary.forces_degenerate
    if not why:
        return None
    sound = [c.id for c, r in readings if c is not primary and not (r.forces_degenerate or c.forces_degenerate)
             and not (r.vacuous or c.vacuous)]
    alt = (f"not degenerate: {', '.join(sound)}" if sound else "no reading that is not degenerate is registered")
    return (f"primary reading {primary.id} holds only where its hypotheses force a degenerate case "
            f"({' '.join(why.split())}); {alt}")


def _table_summary(result) -> dict | None:
    ev = (result.evidence or {}).get("table")
    if not ev:
        return None
    return {"name": ev["name"], "primary": ev["primary"], "counts": ev["counts"], "decided_by": ev["decided_by"],
            "optimistic": [r for r in ev["rows"] if r.get("verdict") == "optimistic"]}


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
    from proofcheck.findings import SEVERITIES
    from proofcheck.findings import findings as independent_errors

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
    """Each declared finding's example (proofcheck.findings.Example) whose claim this run checked, certified at its
    exact objects: {finding id: (counterexample record, None) or (None, why not)}. The sentence a reviewer pastes
    quotes this case, so the report shows it, certified here, as the finding's witness."""
    from proofcheck.certify import certify_example
    from proofcheck.findings import declared

    by_id = {c.id: c for c, _ in pairs}
    out = {}
    for f in declared():
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


def _finding_lines(f: dict, cx_prefix: str = "") -> list[str]:
    w = f["witness"]
    link = f" ([details]({cx_prefix}{w['counterexample_file']}))" if w.get("counterexample_file") else ""
    covers = ", ".join(md_code(s) for s in f["statements"])
    lines = [f"- **{md_code(f['id'])}** ({f['severity']}) — {md_line(f['title']).rstrip('.')}. Statements: {covers}."]
    if f.get("link"):
        lines.append(f"  Linked: {md_line(f['link']).rstrip('.')}.")
    if f.get("impact"):
        depends = f" ({md_code(f['depends'])})" if f.get("depends") else ""
        lines.append(f"  Impact{depends}: {md_line(f['impact']).rstrip('.')}.")
    whose = "the sentence's example, certified in this run, " if w.get("example") else ""
    lines.append(f"  Witness ({whose}{md_code(w['claim'])}): {cx_line(w['counterexample'], w.get('sides'))}{link}.")
    if w.get("example") and w.get("search_verdict") not in (None, "violated"):
        # the verdicts are the search's; the example shows what a larger search would find
        lines.append(f"  This run's search did not find a violation of {md_code(w['claim'])} (its verdict: "
                     f"**{w['search_verdict']}**); the example above is a certified counterexample to it all the same.")
    searched = next((o for o in f.get("other_witnesses") or () if o.get("counterexample_file")), None)
    if w.get("example") and searched:
        lines.append(f"  The search's own witness: {md_code(searched['claim'])} "
                     f"([details]({cx_prefix}{searched['counterexample_file']})).")
    ex = f.get("example") or {}
    if ex and not ex.get("counterexample"):
        lines.append(f"  The sentence's example ({md_code(ex['claim'])}) is not certified in this run: "
                     f"{md_line(ex.get('not_certified') or '')}; the witness shown is the engine's.")
    for c in f.get("corrected") or []:
        why = f" — {md_line(c['why'])}" if c.get("why") else ""
        lines.append(f"  Corrected form {md_code(c['id'])}: **{c['verdict']}**{why}.")
    lines.append(f"  > {md_line(f['sentence'])}")
    return lines


def findings_markdown(doc: dict, papers=None) -> list[str]:
    """Findings by severity (all papers, or those given)."""
    from proofcheck.findings import SEVERITIES

    chosen = [f for f in doc.get("findings", []) if papers is None or f["paper"] in papers]
    lines = []
    for sev in SEVERITIES:
        mine = [f for f in chosen if f["severity"] == sev]
        if not mine:
            continue
        lines += [f"### {sev.capitalize()} ({len(mine)})", ""]
        for f in mine:
            lines += _finding_lines(f)
        lines.append("")
    return lines or ["None found.", ""]


REPRODUCE_CASES = 30  # the reproduce commands' counted budget, where the run had a time budget


def reproduce_cases(budget: dict | None) -> int:
    """The counted budget of a reproduce command: the run's own where it was counted (the same verdicts on any
    machine), else REPRODUCE_CASES."""
    budget = budget or {}
    return budget["cases"] if budget.get("kind") == "counted" else REPRODUCE_CASES


def _quoted(cid: str) -> str:
    return f"'{cid}'" if "'" not in cid else shlex.quote(cid)


def reproduce_lines(claim_ids, seed: int, cases: int, claims_path: str | None = None, then: str = "") -> list[str]:
    """Shell lines that check the claims again in a fresh temporary folder (never the user's ./report), with a
    counted budget: the same seed and cases give the same verdicts and witnesses on any machine."""
    claims_arg = f" --claims {shlex.quote(claims_path)}" if claims_path else ""
    only = " ".join(f"--only {_quoted(c)}" for c in claim_ids)
    return ['out="$(mktemp -d)"  # a fresh folder: never your ./report',
            f'proofcheck run{claims_arg} {only} --seed {seed} --cases {cases} --out "$out"' + then]


def errata_markdown(doc: dict, paper: str, seed: int, claims_path: str | None = None) -> str:
    """One paper's errata sheet: its findings, witnesses, corrected forms and the commands that reproduce them."""
    mine = [f for f in doc["findings"] if f["paper"] == paper]
    lines = [f"# Errata: paper {md_line(_paper(paper))}", "",
             f"{len(mine)} independent errors found by proofcheck ({doc['generated']}, seed {seed}). Each witness is "
             "certified by exact rationals and arb interval arithmetic at the exact objects shown (a statistical "
             "witness says so, with its confidence); each enclosure is labelled with the quantity it encloses. Where "
             "a finding's sentence gives a case, its witness is that case, certified in this run, so the numbers the "
             "sentence quotes are the ones beside it.", ""]
    cases = reproduce_cases(doc.get("budget"))
    for f in mine:
        lines += _finding_lines(f, cx_prefix="../")
        # every claim of the finding's statements (each reading) and of its corrected forms, not only the witness's
        ids = f.get("claims") or [f["witness"]["claim"]]
        then = f' && cat "$out/errata/{paper}.md"' if re.fullmatch(r"[A-Za-z0-9_.-]+", paper) else ""
        lines += ["", "  Reproduce (its statements' claims and corrected forms, in a fresh folder):", "",
                  *(f"      {line}" for line in reproduce_lines(ids, seed, cases, claims_path, then)), ""]
    return "\n".join(lines) + "\n"


def _margin_text(rec: dict) -> str:
    m = rec.get("margin")
    if m is None:
        return "—"
    text = m if isinstance(m, str) else f"{m:.3g}"
    shared = (rec.get("evidence") or {}).get("found_on")
    if shared and rec.get("verdict") == "violated":
        text += f" (the counterexample of {shared}, the same formula)"
    if rec.get("tightness_certified") is not None:
        found_on = (((rec.get("evidence") or {}).get("tightness") or {}).get("found_on"))
        text += (f"; lhs/rhs reaches {rec['tightness_certified']:.4g} (certified, at the case in the evidence"
                 + (f", found on {found_on}, the same formula)" if found_on else ")"))
    elif rec.get("tightness") is not None:
        text += f"; lhs/rhs up to {rec['tightness']:.3g} (float)"
    limit = (((rec.get("evidence") or {}).get("tightness") or {}).get("limit"))
    if limit and (rec.get("tightness_certified") is not None or rec.get("tightness") is not None):
        text += f"; {limit}"
    return text


def _proof_status(claims: dict, st: dict) -> str | None:
    rec = claims.get((st.get("primary") or {}).get("id")) or {}
    return (((rec.get("evidence") or {}).get("proof")) or {}).get("status")


def _variable_record(v) -> dict:
    """A variable in report.json; "sizes" is what a distribution, channel or vector declares (null: not declared,
    so a proof covers only the sizes its strategy draws)."""
    rec = {"name": v.name, "kind": v.kind, "lo": v.lo, "hi": v.hi, "doc": v.doc}
    if v.kind == "real":  # an end a real excludes is said: (1, 20] is not [1, 20]
        rec.update(lo_open=bool(v.lo_open), hi_open=bool(v.hi_open), range=v.range_text())
    if v.kind in ("simplex", "channel", "vector"):
        sizes = getattr(v, "sizes", None)
        rec["sizes"] = None if sizes is None else [list(k) if isinstance(k, tuple) else k for k in sizes]
    return rec


def thin_lines(doc: dict, n: int = 10) -> list[str]:
    """One line per thin `holds` of a report (at most n, then how many more): '<id>: holds — thin: 3 cases …'."""
    thin = [r for r in doc.get("claims") or () if r["verdict"] == "holds" and r.get("thin")]
    out = [f"{r['id']}: holds — {thin_text(r['thin'])}" for r in thin[:n]]
    if len(thin) > n:
        out.append(f"… and {len(thin) - n} more thin claims (report.json: \"thin\")")
    return out


def _evidence_text(rec: dict) -> str:
    ev = rec["evidence"]
    if rec["verdict"] == "violated":
        c = rec["counterexample"]
        if c.get("statistical"):
            st = c["statistical"][0]
            return short(f"STATISTICAL: {st['quantity']} ∈ [{st['interval'][0]:.6g}, {st['interval'][1]:.6g}] at confidence "
                          f"{st['confidence']} (n = {st['n']}, {st['method']}, seed {st['seed']}); lhs {c['lhs']} "
                          f"{c['relation']} rhs {c['rhs']} fails", 300)
        return short(f"certified: lhs {c['lhs']} {c['relation']} rhs {c['rhs']} fails; exact objects, "
                      f"denominators ≤ {c['denominator']}" + mc_text(ev), 300)
    if rec["verdict"] == "holds":
        text = ev.get("summary", "") + mc_text(ev)
        if ev.get("proof"):
            text = holds_text(rec) + "; " + text
        return short(("VACUOUS: " + rec["vacuous"] + "; " if rec.get("vacuous") else "") + text, 300)
    return short(ev.get("reason", ""), 200)


def _paper(prefix: str) -> str:
    from proofcheck.registry import paper_title  # the title the paper's package declares

    return paper_title(prefix)


def _statement_verdict_text(st: dict) -> str:
    v = st["verdict"]
    return (f"**{v}**" + (" (vacuous)" if st.get("vacuous") else "")
            + (" (primary degenerate)" if st.get("primary_degenerate") else ""))


def _degenerate_primary_summary(statements) -> list[str]:
    n = sum(1 for st in statements if st.get("primary_degenerate"))
    if not n:
        return []
    return [f"**Warning: {n} statement(s) whose primary reading holds only where its hypotheses force a degenerate "
            "case** (listed under each paper's warnings).", ""]


def _budget_text(doc: dict) -> str:
    b = doc.get("budget") or {}
    if b.get("kind") == "counted":
        return f"a counted budget of {b['cases']} cases per claim"
    return f"{float(doc['seconds_per_claim']):.1f} s per claim"


def markdown_table(doc: dict) -> str:
    s = doc["summary"]
    ss = doc["statement_summary"]
    statements = doc["statements"]
    claims = {r["id"]: r for r in doc["claims"]}
    lines = [
        "# proofcheck report",
        "",
        f"Generated {doc['generated']} by {md_code(doc['command'])} (seed {doc['seed']}, {_budget_text(doc)}).",
        "",
        *([f"**Partial report: {doc['partial']['checked']} of {doc['partial']['of']} claims "
           f"({doc['partial']['reason']}); `proofcheck run --resume` with the same `--out` checks the rest.**", ""]
          if doc.get("partial") else []),
        f"**{len(statements)} printed statements: {ss['violated']} violated as printed (errata), "
        f"{ss['depends-on-reading']} violated only under a reading that is not the paper's primary one, "
        f"{ss['holds']} hold ({sum(1 for st in statements if st['verdict'] == 'holds' and st['vacuous'])} of them vacuously), "
        f"{ss['inconclusive']} inconclusive.** "
        f"Per claim (every reading and variant): {s['holds']} hold"
        + (f" ({s['thin']} of them thin: fewer cases searched than asked)" if s.get("thin") else "")
        + f", {s['violated']} violated, {s['inconclusive']} inconclusive.",
        "",
        *_degenerate_primary_summary(statements),
        "A violation is certified by exact rationals and arb interval arithmetic at the exact objects shown; "
        "`holds` means no counterexample in the declared search; `vacuous` marks a `holds` whose admitted cases "
        "say nothing (both sides constant, or every case degenerate).",
        "",
    ]
    fs = doc.get("finding_summary") or {}
    lines += ["## Findings: independent errors of the papers", "",
              f"{sum(fs.values())} independent errors ({', '.join(f'{v} {k}' for k, v in fs.items())}); a finding covers "
              "every printed statement that fails for the same reason, and shows its most convincing witness. "
              "Per paper, `errata/<paper>.md` has them on their own.", ""]
    lines += findings_markdown(doc)
    papers = sorted({st["paper"] for st in statements})
    for paper in papers:
        mine = [st for st in statements if st["paper"] == paper]
        lines += [f"## Paper {_paper(paper)}", ""]
        if any(r.get("evidence", {}).get("proof") for r in doc["claims"] if r["id"].startswith(paper + ".")):
            sized = sum(1 for st in mine if st["verdict"] == "holds" and _proof_status(claims, st) == "proved-for-sizes")
            more = (f" {sized} more are proved only for the sizes their strategies draw (the sizes of their "
                    "distributions or channels are not declared), not on their domains." if sized else "")
            lines += [f"{doc.get('proved_statements', {}).get(paper, 0)} of {len(mine)} printed statements proved on their "
                      "declared domains (interval branch and bound; certificates in `certificates/`, re-checked by "
                      f"`proofcheck check-certificate`).{more}", ""]
        errata = [st for st in mine if st["verdict"] == "violated"]
        lines += ["### Errata: statements violated as printed", ""]
        if not errata:
            lines += ["None found.", ""]
        for st in errata:
            corrected = [v for v in st["variants"] if v["variant"] == "corrected"]
            fix = "".join(f" Corrected form {md_code(v['id'])}: **{v['verdict']}**"
                          + (f" — {md_line(variant_why(claims[v['id']]))}" if v["id"] in claims else "") + "."
                          for v in corrected)
            where = md_line(st["source"]["where"])
            link = f" ([details]({st['counterexample_file']}))" if st.get("counterexample_file") else ""
            sides = claims.get(st["primary"]["id"], {}).get("sides")
            lines.append(f"- {md_code(st['id'])} ({where}) — {short(st['title'], 140)}. "
                         f"Counterexample: {cx_line(st['counterexample'], sides)}{link}.{fix}{_optimistic_rows(st)}")
        lines.append("")
        depends = [st for st in mine if st["verdict"] == "depends-on-reading"]
        lines += ["### Statements that fail only under a reading the paper does not primarily intend", ""]
        if not depends:
            lines += ["None.", ""]
        for st in depends:
            bad = [r["id"] for r in st["readings"] if r["verdict"] == "violated"]
            p = st["primary"]
            p_rec = claims.get(p["id"], {})
            lines.append(f"- {md_code(st['id'])} — primary reading {md_code(p['id'])} **{p_rec.get('verdict', '?')}**"
                         f"{' (vacuous)' if p_rec.get('vacuous') else ''} ({short(p['why'] or '', 200)}); "
                         f"violated under {', '.join(md_code(b) for b in bad)}.")
        lines.append("")
        flagged = [st for st in mine if st.get("warnings")]
        if flagged:
            lines += ["### Warnings: primary readings whose hypotheses force a degenerate case", ""]
            for st in flagged:
                lines += [f"- WARNING {md_code(st['id'])} — {md_line(short(w, 400))}" for w in st["warnings"]]
            lines.append("")
        vac = [st for st in mine if st["verdict"] == "holds" and st["vacuous"]]
        if vac:
            lines += ["### Vacuous: holds, but the admitted cases say nothing", ""]
            for st in vac:
                lines.append(f"- {md_code(st['id'])} — {short(st['vacuous'], 250)}")
            lines.append("")
        lines += ["### Every statement", "",
                  "| statement | verdict | primary reading | readings | variants |", "|---|---|---|---|---|"]
        for st in mine:
            readings = ", ".join(f"{md_code(r['reading'] or 'literal')} {r['verdict']}" + (" (vacuous)" if r["vacuous"] else "")
                                 for r in st["readings"]) if len(st["readings"]) > 1 else ""
            variants = ", ".join(f"{md_code('+' + str(v['variant']))} {v['verdict']}" for v in st["variants"])
            prim = md_line(st["primary"]["reading"] or ("literal" if len(st["readings"]) > 1 else ""))
            lines.append(md_row(md_code(st["id"]), _statement_verdict_text(st), prim, readings, variants))
        lines.append("")
        lines += _tables_section(doc, paper)
    lines += [
        "## Every claim",
        "",
        "The margin of a violation is the certified margin at the counterexample shown; otherwise the float "
        "margin at the tightest case found (rhs − lhs for an upper bound). For a bound that holds, "
        "`lhs/rhs ≤ t` is the largest ratio found away from degenerate cases (t = 1: attained).",
        "",
        "| id | verdict | margin | statement | evidence | counterexample |",
        "|---|---|---|---|---|---|",
    ]
    for r in doc["claims"]:
        link = f"[{Path(r['counterexample_file']).name}]({r['counterexample_file']})" if r["counterexample_file"] else ""
        verdict = f"**{r['verdict']}**" + (" (vacuous)" if r.get("vacuous") else "") + (
            f" — {thin_text(r['thin'])}" if r["verdict"] == "holds" and r.get("thin") else "") + (
            " (statistical)" if (r.get("counterexample") or {}).get("statistical") else "")
        lines.append(md_row(md_code(r["id"]), verdict, _margin_text(r), md_line(short(r["title"], 90)),
                             md_line(_evidence_text(r)), link))
    lines.append("")
    return "\n".join(lines)


def _optimistic_rows(st: dict) -> str:
    """The rows of a paper table that decide its statement: optimistic under the primary reading."""
    t = st.get("table")
    if not t or not t["optimistic"]:
        return ""
    rows = "; ".join(md_line(r.get("summary", r["label"])) for r in t["optimistic"])
    return f" {md_line(t['name'])}: optimistic rows under the primary reading ({short(t['primary'], 120)}): {rows}."


def _tables_section(doc: dict, paper: str) -> list[str]:
    """Each of the paper's tables as the paper lays it out, beside the suite's values, under its statement."""
    import proofcheck.tables as tables

    out = []
    for r in doc["claims"]:
        ev = (r.get("evidence") or {}).get("table")
        if not ev or not r["id"].startswith(paper + "."):
            continue
        out += [f"### {md_line(ev['name'])} ({md_code(r['statement_id'])}, from {md_code(r['id'])}: "
                f"**{r['verdict']}**)", "", md_line(ev["caption"]), "", md_line(tables.summary(ev)) + ".", ""]
        if ev.get("note"):
            out += [md_line(ev["note"]), ""]
        out += [tables.markdown_table(ev), ""]
    return out


def counterexample_markdown(claim: Claim, result: Result, figure: str, seed: int, claims_path: str | None = None,
                            cases: int = REPRODUCE_CASES) -> str:
    cx = result.counterexample
    reproduce = "\n".join("    " + line for line in reproduce_lines([claim.id], seed, cases, claims_path)
                          + [f"proofcheck show{' --claims ' + shlex.quote(claims_path) if claims_path else ''} "
                             f"{_quoted(claim.id)} --from \"$out\""])
    cert = cx["certificate"]
    objs = "\n".join(f"    {md_line(k)} = {one_line(v)}" for k, v in cx["objects"].items())
    quantities = "\n".join(f"    {md_line(k)} = {one_line(v)}" for k, v in cx.get("quantities", {}).items())
    labels = side_labels(claim)
    statistical = "".join(
        f"\n**Statistical certificate.** {md_line(st['quantity'])} is a probability that cannot be computed exactly: its "
        f"rigorous {st['method']} interval [{st['interval'][0]!r}, {st['interval'][1]!r}] at confidence {st['confidence']} "
        f"(n = {st['n']} samples, seed {st['seed']}, device {st['device']}) stands in for it on the certified path.\n"
        for st in cx.get("statistical") or [])
    return f"""# Counterexample to {md_code(claim.id)}

**{md_line(claim.title)}**

Source: {md_code(claim.source.seed)}, {md_line(claim.source.where)}.

> {md_line(claim.source.quote)}

Encoding: {md_line(claim.encoding)}
{"" if not claim.reading else f"Reading: {md_code(claim.reading)}."}
{"" if not claim.reconstructed else f"Reconstructed: {md_line(claim.reconstructed)}"}

Statement checked: {md_code(sp.sstr(claim.statement))}
{"".join(f"{chr(10)}Hypothesis: {md_line(h.text)} — {md_code(sp.sstr(h.relation))}" for h in claim.hypotheses)}

## The exact objects

Every number is exact (`p/q` is a rational; integers are integers):

{objs}

## Certified values

| side | enclosure |
|---|---|
{md_row("lhs: " + md_code(labels['lhs']), md_code(cx['lhs']))}
{md_row("rhs: " + md_code(labels['rhs']), md_code(cx['rhs']))}

Each quantity of the statement at these objects (exact rationals or certified enclosures):

{quantities}

The statement requires lhs {cx['relation']} rhs. The enclosures are disjoint on the wrong side:
the gap is at least `{cert['gap_lower_bound']}` (certified margin {cx.get('margin_enclosure', '')}). Method: {cert['method']}, {cert['precision_bits']} bits;
the hypotheses were checked on the same exact objects.

{statistical}
## Margin along the counterexample

![margin]({figure})

The float margin (negative = violated) along the straight line, in the optimiser's coordinates,
from the centre of the domain (t = 0: uniform distributions, mid-range parameters) through this
counterexample (t = 1).

## Reproduce

In a fresh folder (never your ./report), with a counted budget (the same verdict and witness on any machine):

{reproduce}
"""


def _figure(claim: Claim, result: Result, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pts = [(t, m) for t, m in result.trace if m is not None]
    fig, ax = plt.subplots(figsize=(6, 3.2))
    if pts:
        ax.plot([p[0] for p in pts], [p[1] for p in pts], lw=1.6)
    ax.axhline(0, color="k", lw=0.8)
    at_cx = [abs(m) for t, m in pts if abs(t - 1) < 0.03 and m]
    if at_cx:  # symmetric log scale so that a small violation next to large margins stays visible
        ax.set_yscale("symlog", linthresh=max(min(at_cx), 1e-300))
    ax.axvline(1, color="tab:red", lw=0.8, ls="--", label="counterexample")
    ax.set_xlabel("t (0 = centre of the domain, 1 = counterexample)")
    ax.set_ylabel("margin (float)")
    ax.set_title(claim.id, fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
