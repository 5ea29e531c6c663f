"""Reports: report.json (stable schema), report.md (one table), one Markdown file and one figure
per counterexample.

report.json, schema "proofcheck.report/1":

    {
      "schema": "proofcheck.report/1",
      "generated": ISO-8601 time, "command": the command line, "seed": int,
      "seconds_per_claim": float,
      "summary": {"holds": int, "violated": int, "inconclusive": int},
      "claims": [ClaimRecord, ...]
    }

    ClaimRecord = {
      "id", "title", "verdict": "holds" | "violated" | "inconclusive",
      "source": {"seed", "where", "quote"},
      "statement": sympy string of the relation checked, "latex": the same in LaTeX,
      "encoding", "reading" (or null), "reconstructed" (or null),
      "margin": smallest float margin found (rhs − lhs for ≤, lhs − rhs for ≥, −|lhs−rhs|/max(1,|lhs|,|rhs|)
                for identities; negative = violation), "relative_margin",
      "tightness": for a bound that holds, the largest lhs/rhs found (rhs/lhs for a lower bound) over cases
                   where the bound exceeds 1e-6; 1 means attained, 0.47 means never above 47% of the bound,
      "counterexample": null | {"objects": exact objects as 'p/q' strings, "denominator",
                                "lhs", "rhs": certified enclosures "[lo, hi]", "relation", "certificate"},
      "evidence": {...: search counts, seed, seconds, optimiser evaluations, certified enclosures at the
                   tightest case, or the reason for inconclusive},
      "worst_case": the objects where the smallest margin was found,
      "seconds": wall time, "counterexample_file": relative path or null
    }
"""
from __future__ import annotations

import datetime as _dt
import json
import re
from pathlib import Path

import sympy as sp

from proofcheck.claim import Claim
from proofcheck.engine import Result

SCHEMA = "proofcheck.report/1"


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
        "variables": [{"name": v.name, "kind": v.kind, "lo": v.lo, "hi": v.hi, "doc": v.doc} for v in claim.variables],
    })
    return {k: rec[k] for k in ("id", "title", "verdict", "margin", "relative_margin", "tightness", "source", "statement", "latex",
                                "hypotheses", "variables", "encoding", "reading", "reconstructed", "counterexample",
                                "evidence", "worst_case", "seconds")}


def safe_name(cid: str) -> str:
    return re.sub(r"[^A-Za-z0-9._+-]", "_", cid)


def write_report(pairs: list[tuple[Claim, Result]], out: Path, seed: int, seconds_per_claim: float, command: str) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    cx_dir = out / "counterexamples"
    records = []
    for claim, result in pairs:
        rec = claim_record(claim, result)
        rec["counterexample_file"] = None
        if result.verdict == "violated":
            cx_dir.mkdir(exist_ok=True)
            md = cx_dir / f"{safe_name(claim.id)}.md"
            png = cx_dir / f"{safe_name(claim.id)}.png"
            _figure(claim, result, png)
            md.write_text(counterexample_markdown(claim, result, png.name, seed))
            rec["counterexample_file"] = str(md.relative_to(out))
        records.append(rec)
    summary = {v: sum(r["verdict"] == v for r in records) for v in ("holds", "violated", "inconclusive")}
    doc = {
        "schema": SCHEMA,
        "generated": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "command": command,
        "seed": seed,
        "seconds_per_claim": seconds_per_claim,
        "summary": summary,
        "claims": records,
    }
    (out / "report.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False))
    (out / "report.md").write_text(markdown_table(doc))
    return doc


def _short(s: str, n: int = 110) -> str:
    s = " ".join(str(s).split())
    return s if len(s) <= n else s[: n - 1] + "…"


def _margin_text(rec: dict) -> str:
    m = rec.get("margin")
    if m is None:
        return "—"
    text = m if isinstance(m, str) else f"{m:.3g}"
    if rec.get("tightness") is not None:
        text += f"; lhs/rhs ≤ {rec['tightness']:.3g}"
    return text


def _evidence_text(rec: dict) -> str:
    ev = rec["evidence"]
    if rec["verdict"] == "violated":
        c = rec["counterexample"]
        return _short(f"certified: lhs {c['lhs']} {c['relation']} rhs {c['rhs']} fails; exact objects, denominators ≤ {c['denominator']}", 160)
    if rec["verdict"] == "holds":
        return _short(ev.get("summary", ""), 160)
    return _short(ev.get("reason", ""), 160)


def markdown_table(doc: dict) -> str:
    s = doc["summary"]
    lines = [
        "# proofcheck report",
        "",
        f"Generated {doc['generated']} by `{doc['command']}` (seed {doc['seed']}, "
        f"{doc['seconds_per_claim']:.1f} s per claim).",
        "",
        f"**{s['holds']} hold, {s['violated']} violated, {s['inconclusive']} inconclusive.** "
        "A violation is certified by exact rationals and arb interval arithmetic; "
        "`holds` means no counterexample in the declared search, with the smallest margin found.",
        "",
        "The margin is the smallest float margin found (rhs − lhs for an upper bound); for a bound that holds, "
        "`lhs/rhs ≤ t` is the largest ratio found, so t = 1 means the bound is attained and t < 1 how loose it is.",
        "",
        "| id | verdict | margin | statement | evidence | counterexample |",
        "|---|---|---|---|---|---|",
    ]
    for r in doc["claims"]:
        link = f"[{Path(r['counterexample_file']).name}]({r['counterexample_file']})" if r["counterexample_file"] else ""
        lines.append(f"| `{r['id']}` | **{r['verdict']}** | {_margin_text(r)} | {_short(r['title'], 90).replace('|', '∣')} | "
                     f"{_evidence_text(r).replace('|', '∣')} | {link} |")
    lines.append("")
    return "\n".join(lines)


def counterexample_markdown(claim: Claim, result: Result, figure: str, seed: int) -> str:
    cx = result.counterexample
    cert = cx["certificate"]
    objs = "\n".join(f"    {k} = {v}" for k, v in cx["objects"].items())
    quantities = "\n".join(f"    {k} = {v}" for k, v in cx.get("quantities", {}).items())
    return f"""# Counterexample to `{claim.id}`

**{claim.title}**

Source: `{claim.source.seed}`, {claim.source.where}.

> {claim.source.quote}

Encoding: {claim.encoding}
{"" if not claim.reading else f"Reading: `{claim.reading}`."}
{"" if not claim.reconstructed else f"Reconstructed: {claim.reconstructed}"}

Statement checked: `{sp.sstr(claim.statement)}`
{"".join(f"{chr(10)}Hypothesis: {h.text} — `{sp.sstr(h.relation)}`" for h in claim.hypotheses)}

## The exact objects

Every number is exact (`p/q` is a rational; integers are integers):

{objs}

## Certified values

| side | enclosure |
|---|---|
| lhs | `{cx['lhs']}` |
| rhs | `{cx['rhs']}` |

Each quantity of the statement at these objects (exact rationals or certified enclosures):

{quantities}

The statement requires lhs {cx['relation']} rhs. The enclosures are disjoint on the wrong side:
the gap is at least `{cert['gap_lower_bound']}`. Method: {cert['method']}, {cert['precision_bits']} bits;
the hypotheses were checked on the same exact objects.

## Margin along the counterexample

![margin]({figure})

The float margin (negative = violated) along the straight line, in the optimiser's coordinates,
from the centre of the domain (t = 0: uniform distributions, mid-range parameters) through this
counterexample (t = 1).

## Reproduce

    proofcheck run --only '{claim.id}' --seed {seed} --seconds 10
    proofcheck show '{claim.id}' --seed {seed}
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
