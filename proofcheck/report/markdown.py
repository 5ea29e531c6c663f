"""report.md, the errata sheets (OUT/errata/<paper>.md) and the counterexample pages (OUT/counterexamples/<id>.md,
with a figure of the margin): the markdown a reader sees, written from report.json's records."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import sympy as sp

import proofcheck.tables as tables
from proofcheck.claim import Claim
from proofcheck.runs.engine import Result
from proofcheck.report.findings import SEVERITIES
from proofcheck.registry import paper_title
from proofcheck.report.records import side_labels
from proofcheck.texts import (cx_line, holds_text, mc_text, md_code, md_line, md_row, one_line, short, thin_text,
                              variant_why)


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
        if not isinstance(b.get("cases"), int):  # the default: each claim's cost class sets its count
            return "each claim's counted budget by its cost class"
        return f"a counted budget of {b['cases']} cases per claim"
    return f"{float(doc['seconds_per_claim']):.1f} s per claim"


def markdown_table(doc: dict) -> str:
    """report.md: the summary, the findings, each paper's statements (errata, readings, warnings, vacuous ones,
    every statement, its tables) and every claim."""
    statements = doc["statements"]
    claims = {r["id"]: r for r in doc["claims"]}
    lines = _summary_lines(doc) + _findings_section(doc)
    for paper in sorted({st["paper"] for st in statements}):
        lines += _paper_section(doc, paper, [st for st in statements if st["paper"] == paper], claims)
    lines += _claims_section(doc)
    return "\n".join(lines)


def _summary_lines(doc: dict) -> list[str]:
    """The report's title, how it was made and the counts of statements and claims by verdict."""
    s = doc["summary"]
    ss = doc["statement_summary"]
    statements = doc["statements"]
    return [
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


def _findings_section(doc: dict) -> list[str]:
    fs = doc.get("finding_summary") or {}
    return ["## Findings: independent errors of the papers", "",
            f"{sum(fs.values())} independent errors ({', '.join(f'{v} {k}' for k, v in fs.items())}); a finding covers "
            "every printed statement that fails for the same reason, and shows its most convincing witness. "
            "Per paper, `errata/<paper>.md` has them on their own.", ""] + findings_markdown(doc)


def _paper_section(doc: dict, paper: str, mine: list[dict], claims: dict) -> list[str]:
    """One paper's part of report.md: its statements (``mine``) by what they say, then its tables."""
    lines = [f"## Paper {_paper(paper)}", ""]
    if any(r.get("evidence", {}).get("proof") for r in doc["claims"] if r["id"].startswith(paper + ".")):
        sized = sum(1 for st in mine if st["verdict"] == "holds" and _proof_status(claims, st) == "proved-for-sizes")
        more = (f" {sized} more are proved only for the sizes their strategies draw (the sizes of their "
                "distributions or channels are not declared), not on their domains." if sized else "")
        lines += [f"{doc.get('proved_statements', {}).get(paper, 0)} of {len(mine)} printed statements proved on their "
                  "declared domains (interval branch and bound; certificates in `certificates/`, re-checked by "
                  f"`proofcheck check-certificate`).{more}", ""]
    return (lines + _errata_lines(mine, claims) + _depends_lines(mine, claims) + _flagged_lines(mine)
            + _statements_table(mine) + _tables_section(doc, paper))


def _section(title: str, entries: list[str], none: str | None = None) -> list[str]:
    """A ``###`` section of report.md: its lines ``entries`` and a blank line; where there are none, ``none`` and a
    blank line stand for them, or (``none`` None) there is no section."""
    if not entries and none is None:
        return []
    return [f"### {title}", ""] + (entries or [none, ""]) + [""]


def _errata_lines(mine: list[dict], claims: dict) -> list[str]:
    """The paper's statements violated as printed, each with its counterexample and corrected forms."""

    def erratum(st):
        corrected = [v for v in st["variants"] if v["variant"] == "corrected"]
        fix = "".join(f" Corrected form {md_code(v['id'])}: **{v['verdict']}**"
                      + (f" — {md_line(variant_why(claims[v['id']]))}" if v["id"] in claims else "") + "."
                      for v in corrected)
        where = md_line(st["source"]["where"])
        link = f" ([details]({st['counterexample_file']}))" if st.get("counterexample_file") else ""
        sides = claims.get(st["primary"]["id"], {}).get("sides")
        return (f"- {md_code(st['id'])} ({where}) — {short(st['title'], 140)}. "
                f"Counterexample: {cx_line(st['counterexample'], sides)}{link}.{fix}{_optimistic_rows(st)}")

    return _section("Errata: statements violated as printed",
                    [erratum(st) for st in mine if st["verdict"] == "violated"], "None found.")


def _depends_lines(mine: list[dict], claims: dict) -> list[str]:
    """The paper's statements violated only under a reading that is not the primary one."""

    def depends(st):
        bad = [r["id"] for r in st["readings"] if r["verdict"] == "violated"]
        p = st["primary"]
        p_rec = claims.get(p["id"], {})
        return (f"- {md_code(st['id'])} — primary reading {md_code(p['id'])} **{p_rec.get('verdict', '?')}**"
                f"{' (vacuous)' if p_rec.get('vacuous') else ''} ({short(p['why'] or '', 200)}); "
                f"violated under {', '.join(md_code(b) for b in bad)}.")

    return _section("Statements that fail only under a reading the paper does not primarily intend",
                    [depends(st) for st in mine if st["verdict"] == "depends-on-reading"], "None.")


def _flagged_lines(mine: list[dict]) -> list[str]:
    """The warnings (degenerate primary readings) and the vacuous statements that hold, where there are any."""
    return (_section("Warnings: primary readings whose hypotheses force a degenerate case",
                     [f"- WARNING {md_code(st['id'])} — {md_line(short(w, 400))}"
                      for st in mine if st.get("warnings") for w in st["warnings"]])
            + _section("Vacuous: holds, but the admitted cases say nothing",
                       [f"- {md_code(st['id'])} — {short(st['vacuous'], 250)}"
                        for st in mine if st["verdict"] == "holds" and st["vacuous"]]))


def _statements_table(mine: list[dict]) -> list[str]:
    """Every statement of the paper: its verdict, primary reading, readings and variants."""
    lines = ["### Every statement", "",
             "| statement | verdict | primary reading | readings | variants |", "|---|---|---|---|---|"]
    for st in mine:
        readings = ", ".join(f"{md_code(r['reading'] or 'literal')} {r['verdict']}" + (" (vacuous)" if r["vacuous"] else "")
                             for r in st["readings"]) if len(st["readings"]) > 1 else ""
        variants = ", ".join(f"{md_code('+' + str(v['variant']))} {v['verdict']}" for v in st["variants"])
        prim = md_line(st["primary"]["reading"] or ("literal" if len(st["readings"]) > 1 else ""))
        lines.append(md_row(md_code(st["id"]), _statement_verdict_text(st), prim, readings, variants))
    lines.append("")
    return lines


def _claims_section(doc: dict) -> list[str]:
    """Every claim (every reading and variant): verdict, margin, statement, evidence and counterexample file."""
    lines = [
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
    return lines


def _optimistic_rows(st: dict) -> str:
    """The rows of a paper table that decide its statement: optimistic under the primary reading."""
    t = st.get("table")
    if not t or not t["optimistic"]:
        return ""
    rows = "; ".join(md_line(r.get("summary", r["label"])) for r in t["optimistic"])
    return f" {md_line(t['name'])}: optimistic rows under the primary reading ({short(t['primary'], 120)}): {rows}."


def _tables_section(doc: dict, paper: str) -> list[str]:
    """Each of the paper's tables as the paper lays it out, beside the suite's values, under its statement."""
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
