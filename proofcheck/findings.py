"""Findings: the independent errors of a paper, as a reviewer counts them and signs them.

A statement violated as printed is an erratum; several errata can be one error (a statement implied by
another's failure, or failing at the same counterexample for the same reason — fixing one fixes the other). A
paper's package declares those links in ``FINDINGS`` (a list of :class:`Finding`): each names the printed
statements it covers — the leading one first —, how the link is established, one sentence a reviewer could
paste, what of the paper depends on the error (``depends``) and by how much (``impact``). Two errors that a
witness can show apart are two findings.

**Severity follows the consequence, not the statement's kind**; the rule is written once, here
(:data:`DEPENDS`), and a declared finding states the consequence — one word of the vocabulary below — from which
its severity follows; a finding without it is refused, and so is one without an ``impact`` text:

* **critical** — a result the paper claims as its contribution is false (``contribution``), or a statement that
  its numbers, tables, figures or other theorems use is false (``used-by-results``);
* **major** — false as printed while the paper's own results use a correct form: a restated cited result the
  paper does not rely on (``restated-unused``), a printed form whose wrong part the paper's numbers never use or
  that they reproduce only in the correct form (``results-use-correct-form``), or a proof step whose conclusion
  survives (``proof-step-conclusion-survives``);
* **minor** — an example or illustration (``illustration``), or a remark, label, range condition or typo that
  changes no result (``no-consequence``).

A violated statement that no declared finding covers is a finding of its own, but nobody has judged what
depends on it: it gets the severity **unassessed** and an impact that says so, never a guess from the
statement's kind (property_tests/test_findings.py checks that the main job's errata leave none). The witness
shown is the most convincing certified counterexample among the finding's statements: the largest relative
violation first, then the fewest and smallest exact objects.
"""
from __future__ import annotations

from dataclasses import dataclass

# depends -> severity: the rule, once
DEPENDS = {
    "contribution": "critical",
    "used-by-results": "critical",
    "restated-unused": "major",
    "results-use-correct-form": "major",
    "proof-step-conclusion-survives": "major",
    "illustration": "minor",
    "no-consequence": "minor",
}
UNASSESSED = "unassessed"
SEVERITIES = ("critical", "major", "minor", UNASSESSED)
LINKS = ("implication checked", "same counterexample", "same root cause")
UNASSESSED_IMPACT = ("not assessed: no declared finding covers this statement, so nobody has judged which results, "
                     "tables or numbers of the paper depend on it; its severity is 'unassessed', not a guess from the "
                     "statement's kind.")


def severity_for(depends: str) -> str:
    """The severity that follows from what of the paper depends on an error (the rule of the module doc)."""
    try:
        return DEPENDS[depends]
    except KeyError:
        raise ValueError(f"depends {depends!r} is not one of {tuple(DEPENDS)}") from None


@dataclass(frozen=True)
class Finding:
    id: str  # e.g. "s001.F1"
    title: str  # the error in a few words
    statements: tuple[str, ...]  # printed statement ids it covers, the leading one first
    link: str  # how the statements are linked: starts with one of LINKS, then why
    sentence: str  # one sentence a reviewer could paste
    depends: str | None = None  # required: what of the paper depends on the error, one of DEPENDS
    impact: str | None = None  # required: which results, tables and numbers depend on it, and by how much

    def __post_init__(self):
        if not self.statements:
            raise ValueError(f"finding {self.id}: no statements")
        if self.depends is None:
            raise ValueError(f"finding {self.id}: say what of the paper depends on it: depends= one of "
                             f"{tuple(DEPENDS)} (its severity follows from it)")
        if self.depends not in DEPENDS:
            raise ValueError(f"finding {self.id}: depends {self.depends!r} is not one of {tuple(DEPENDS)}")
        if not (self.impact or "").strip():
            raise ValueError(f"finding {self.id}: no impact: which results, tables and numbers depend on it, "
                             "and by how much")
        if len(self.statements) > 1 and not self.link.startswith(LINKS):
            raise ValueError(f"finding {self.id}: the link must start with one of {LINKS}")

    @property
    def severity(self) -> str:
        return DEPENDS[self.depends]


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
        out.append(_record(f.id, f.title, f.severity, hit, f.link, f.sentence, by_id, claim_by_id, declared=True,
                           depends=f.depends, impact=f.impact))
    for sid in sorted(violated - covered, key=lambda s: list(by_id).index(s)):
        st = by_id[sid]
        where = " ".join(str(st["source"]["where"]).split())
        out.append(_record(f"{sid}.finding", st["title"], UNASSESSED, [sid], "",
                           f"{where} of {st['paper']} is false as printed.", by_id, claim_by_id, declared=False,
                           depends=None, impact=UNASSESSED_IMPACT))
    order = {s: i for i, s in enumerate(SEVERITIES)}
    out.sort(key=lambda r: (order[r["severity"]], r["paper"], r["id"]))
    return out


def _record(fid, title, severity, hit, link, sentence, by_id, claim_by_id, declared, depends, impact):
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
        "id": fid, "paper": by_id[hit[0]]["paper"], "severity": severity, "depends": depends, "impact": impact,
        "title": title,
        "statements": hit, "link": link or None, "declared": declared,
        "witness": {"statement": sid, "claim": cid, "counterexample": st.get("counterexample"),
                    "relative_margin": rec.get("relative_margin"),
                    "counterexample_file": st.get("counterexample_file")},
        "other_witnesses": [{"statement": c[1], "claim": c[2]} for c in candidates[1:]],
        "corrected": corrected,
        "sentence": sentence,
    }
