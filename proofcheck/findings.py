"""Findings: the independent errors of a paper, as a reviewer counts them.

A statement violated as printed is an erratum; several errata can be one error (a statement implied by
another's failure, or failing at the same counterexample for the same reason). A paper's package declares
those links in ``FINDINGS`` (a list of :class:`Finding`): each names the printed statements it covers — the
leading one first —, how the link is established, and one sentence a reviewer could paste. A violated
statement that no declared finding covers is a finding of its own.

Severity comes from the leading statement's kind (or is declared): **critical** — a theorem, lemma or
proposition false as printed; **major** — a proof step, a displayed equation, a corollary, a constant of a
main result (the suite's `claim` ids); **minor** — an example, a remark, a table or figure value, a
definition's illustration. The witness shown is the most convincing certified counterexample among the
finding's statements: the largest relative violation first, then the fewest and smallest exact objects.
"""
from __future__ import annotations

from dataclasses import dataclass

SEVERITIES = ("critical", "major", "minor")
_KIND_SEVERITY = {"thm": "critical", "lem": "critical", "prop": "critical", "eq": "major", "cor": "major",
                  "claim": "major", "alg": "major", "ex": "minor", "rem": "minor", "table": "minor", "def": "minor"}
LINKS = ("implication checked", "same counterexample", "same root cause")


@dataclass(frozen=True)
class Finding:
    id: str  # e.g. "s001.F1"
    title: str  # the error in a few words
    statements: tuple[str, ...]  # printed statement ids it covers, the leading one first
    link: str  # how the statements are linked: starts with one of LINKS, then why
    sentence: str  # one sentence a reviewer could paste
    severity: str | None = None  # default: from the leading statement's kind

    def __post_init__(self):
        if not self.statements:
            raise ValueError(f"finding {self.id}: no statements")
        if self.severity is not None and self.severity not in SEVERITIES:
            raise ValueError(f"finding {self.id}: severity {self.severity!r} is not one of {SEVERITIES}")
        if len(self.statements) > 1 and not self.link.startswith(LINKS):
            raise ValueError(f"finding {self.id}: the link must start with one of {LINKS}")


def severity_of(statement_id: str) -> str:
    parts = statement_id.split(".")
    return _KIND_SEVERITY.get(parts[1] if len(parts) > 1 else "", "major")


def declared() -> list[Finding]:
    """The FINDINGS of every built-in paper package (those that declare them)."""
    from proofcheck.registry import paper_packages

    return [f for mod in paper_packages() for f in getattr(mod, "FINDINGS", ())]


def witness_key(cx: dict | None) -> tuple:
    """Sort key, most convincing first: the engine's own ranking of certified witnesses
    (proofcheck.certify.witness_rank: the largest relative violation, then the fewest and smallest
    objects); a statement without a counterexample last."""
    from proofcheck.certify import witness_rank

    return (0, *witness_rank(cx)) if cx else (1,)


def findings(statements: list[dict], claims: list[dict], declared_findings=None) -> list[dict]:
    """One record per independent error (see the module doc), ordered by severity, then paper."""
    declared_findings = declared() if declared_findings is None else declared_findings
    by_id = {st["id"]: st for st in statements}
    claim_by_id = {c["id"]: c for c in claims}
    violated = {sid for sid, st in by_id.items() if st["verdict"] == "violated"}
    covered, out = set(), []
    for f in declared_findings:
        hit = [s for s in f.statements if s in violated]
        if not hit:
            continue
        covered |= set(hit)
        out.append(_record(f.id, f.title, f.severity or severity_of(f.statements[0]), hit, f.link, f.sentence,
                           by_id, claim_by_id, declared=True))
    for sid in sorted(violated - covered, key=lambda s: list(by_id).index(s)):
        st = by_id[sid]
        where = " ".join(str(st["source"]["where"]).split())
        out.append(_record(f"{sid}.finding", st["title"], severity_of(sid), [sid], "",
                           f"{where} of {st['paper']} is false as printed.", by_id, claim_by_id, declared=False))
    order = {s: i for i, s in enumerate(SEVERITIES)}
    out.sort(key=lambda r: (order[r["severity"]], r["paper"], r["id"]))
    return out


def _record(fid, title, severity, hit, link, sentence, by_id, claim_by_id, declared):
    candidates = []
    for sid in hit:
        st = by_id[sid]
        cid = st["primary"]["id"]
        rec = claim_by_id.get(cid, {})
        candidates.append((witness_key(st.get("counterexample")), sid, cid, st, rec))
    candidates.sort(key=lambda c: c[0])
    _, sid, cid, st, rec = candidates[0]
    corrected = []
    for s in hit:
        corrected += [{"id": v["id"], "verdict": v["verdict"]} for v in by_id[s]["variants"]
                      if v["variant"] == "corrected"]
    return {
        "id": fid, "paper": by_id[hit[0]]["paper"], "severity": severity, "title": title,
        "statements": hit, "link": link or None, "declared": declared,
        "witness": {"statement": sid, "claim": cid, "counterexample": st.get("counterexample"),
                    "relative_margin": rec.get("relative_margin"),
                    "counterexample_file": st.get("counterexample_file")},
        "other_witnesses": [{"statement": c[1], "claim": c[2]} for c in candidates[1:]],
        "corrected": corrected,
        "sentence": sentence,
    }
