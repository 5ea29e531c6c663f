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
shown is the sentence's own example where the finding declares one (``example``, an :class:`Example`: exact
objects of one of its claims, certified by the report as the engine certifies its own witnesses, each number the
sentence quotes tied to the quantity it is), so that the sentence a reviewer pastes and the certified witness beside
it are the same case; otherwise, or where the example does not certify, the most convincing certified
counterexample among the finding's statements: the largest relative violation first, then the fewest and smallest
exact objects.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping
from proofcheck.stages.certify import witness_rank
from proofcheck.numerics import fmt
from proofcheck.registry import builtin_claims, paper_packages
from proofcheck.texts import variant_why
from flint import arb

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
class Example:
    """The example a finding's sentence gives, as exact objects of one of its claims (`claim`: a reading of one of the
    finding's printed statements, never a corrected form): the report certifies it and shows it as the witness. `quotes`
    ties each number the sentence prints to what it is — a symbol of the claim's statement, 'lhs' or 'rhs', a scalar
    object, or 'exp(symbol)' (:func:`quoted_value`) —, as written in the sentence ('0.4055', '1/10', '1.4·10⁻¹¹',
    '≈ 62563', 'at least 0.0056'): a decimal must be its certified value rounded to the digits shown, a fraction or
    integer its exact value, a bound hold certainly (see :func:`quote_agrees`)."""

    claim: str
    objects: Mapping[str, Any]  # exact: 'p/q' or decimal strings, integers, nested lists (as report.json shows them)
    quotes: Mapping[str, str] = field(default_factory=dict)  # number as printed -> quantity (see quoted_value)


@dataclass(frozen=True)
class Finding:
    id: str  # e.g. "s001.F1"
    title: str  # the error in a few words
    statements: tuple[str, ...]  # printed statement ids it covers, the leading one first
    link: str  # how the statements are linked: starts with one of LINKS, then why
    sentence: str  # one sentence a reviewer could paste
    depends: str | None = None  # required: what of the paper depends on the error, one of DEPENDS
    impact: str | None = None  # required: which results, tables and numbers depend on it, and by how much
    example: Example | None = None  # the sentence's example, exact: certified by the report and shown as the witness

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
        if self.example is not None:
            # a reading of one of its printed statements: a corrected form's counterexample is no witness of the error
            if self.example.claim.split("#")[0] not in self.statements:
                raise ValueError(f"finding {self.id}: its example's claim {self.example.claim!r} is not a reading of "
                                 f"its statements {self.statements}")
            missing = [q for q in self.example.quotes if q not in self.sentence]
            if missing:
                raise ValueError(f"finding {self.id}: the example quotes {missing} that its sentence does not print")

    @property
    def severity(self) -> str:
        return DEPENDS[self.depends]


_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_NUMBER = re.compile(r"^(?P<sign>[-−]?)(?P<mant>\d+(?:\.\d+)?(?:/\d+)?)(?:·10(?P<exp>[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))?$")


def quoted_number(text: str) -> tuple[Fraction, Fraction]:
    """A number as a sentence prints it, as (its exact value, the half-width that its digits claim): a decimal
    '0.4055' claims rounding to its last digit (±0.00005), '1.4·10⁻¹¹' likewise (±0.05·10⁻¹¹), '≈ 62563' an integer
    rounded to its last digit (±1/2); a fraction '1/10' or an integer '2' claims its exact value (0); 'at least x' and
    'at most x' are read as x (quote_agrees checks the bound). A text that is not one of these is an error."""
    text = text.strip().removeprefix("at least ").removeprefix("at most ")
    rounded = text.startswith("≈")  # '≈ 62563': an integer rounded to its last digit
    m = _NUMBER.match(text.removeprefix("≈").strip())
    if not m:
        raise ValueError(f"{text!r} is not a number as a sentence prints one (decimal, p/q, or d·10ⁿ)")
    mant = m["mant"]
    value = Fraction(mant)
    half = Fraction(0)
    if "." in mant:
        half = Fraction(1, 2 * 10 ** len(mant.split(".")[1]))
    elif (m["exp"] or rounded) and "/" not in mant:
        half = Fraction(1, 2)
    scale = Fraction(10) ** int(m["exp"].translate(_SUPERSCRIPT)) if m["exp"] else Fraction(1)
    sign = -1 if m["sign"] else 1
    return sign * value * scale, half * scale


def quote_agrees(text: str, certified: str) -> bool:
    """Whether a printed number agrees with a certified value (an exact 'p/q' or an enclosure '[lo, hi]' as the
    report writes them): a decimal — the whole enclosure lies within the rounding its printed digits claim
    (certainly, not at a midpoint); a fraction or an integer — the exact value, or an enclosure that contains it and
    is no wider than 1e-12 of it (an exact rational such as 1/10 reaches the certified path as a binary ball); 'at
    least x' / 'at most x' — the whole enclosure on that side of x."""
    value, half = quoted_number(text)
    bound = text.strip().split(" ")[0:2]
    certified = certified.strip()
    if certified.startswith("["):
        lo, hi = (Fraction(x.strip()) for x in certified[1:-1].split(","))
    else:
        try:
            lo = hi = Fraction(certified)
        except ValueError:  # an infinity: no printed number agrees with it
            return False
    if bound == ["at", "least"]:  # a bound the sentence states: certainly on its side, whatever the digits
        return lo >= value
    if bound == ["at", "most"]:
        return hi <= value
    if half == 0:
        return lo <= value <= hi and hi - lo <= Fraction(1, 10 ** 12) * max(1, abs(value))
    return value - half <= lo and hi <= value + half


_EXP = re.compile(r"^exp\((?P<name>[A-Za-z_][A-Za-z0-9_]*)\)$")


def quoted_value(spec: str, values: Mapping[str, str]) -> str:
    """The certified value an Example's quote names: a quantity of the witness ('xi_23', 'lhs', 'rhs', a scalar
    object), or 'exp(name)' for the exponential of one (a capacity the claim compares in log space), as an
    enclosure that contains it (exp is increasing: the union of the balls at both ends)."""
    m = _EXP.match(spec)
    if not m:
        return values[spec]

    text = values[m["name"]].strip()
    ends = text[1:-1].split(",") if text.startswith("[") else [text, text]
    lo, hi = (arb(str(Fraction(e.strip()).numerator)) / arb(str(Fraction(e.strip()).denominator)) for e in ends)
    return fmt(lo.exp().union(hi.exp()))


def declared() -> list[Finding]:
    """The FINDINGS of every built-in paper package (those that declare them)."""
    return [f for mod in paper_packages() for f in getattr(mod, "FINDINGS", ())]


def witness_key(cx: dict | None) -> tuple:
    """Sort key, most convincing first: the engine's own ranking of certified witnesses
    (proofcheck.stages.certify.witness_rank: the largest relative violation, then the fewest and smallest
    objects); a statement without a counterexample last."""
    return (0, *witness_rank(cx)) if cx else (1,)


def findings(statements: list[dict], claims: list[dict], declared_findings=None, examples=None) -> list[dict]:
    """One record per independent error (see the module doc), ordered by severity, then paper. `examples` maps a
    declared finding's id to its example as the report certified it: (the counterexample record, None), or (None,
    why it did not certify); a finding whose example certified shows it as its witness."""
    declared_findings = declared() if declared_findings is None else declared_findings
    examples = examples or {}
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
                           depends=f.depends, impact=f.impact, example=_example(f, examples),
                           checked=[s for s in f.statements if s in by_id],
                           unchecked=_claim_ids([s for s in f.statements if s not in by_id])))
    for sid in sorted(violated - covered, key=lambda s: list(by_id).index(s)):
        st = by_id[sid]
        where = " ".join(str(st["source"]["where"]).split())
        out.append(_record(f"{sid}.finding", st["title"], UNASSESSED, [sid], "",
                           f"{where} of {st['paper']} is false as printed.", by_id, claim_by_id, declared=False,
                           depends=None, impact=UNASSESSED_IMPACT))
    order = {s: i for i, s in enumerate(SEVERITIES)}
    out.sort(key=lambda r: (order[r["severity"]], r["paper"], r["id"]))
    return out


def _example(f: Finding, examples: dict) -> dict | None:
    if f.example is None:
        return None
    cx, why = examples.get(f.id, (None, "not certified: its claim was not part of this run"))
    return {"claim": f.example.claim, "counterexample": cx, "not_certified": why,
            "quotes": dict(f.example.quotes)}


def _claim_ids(statement_ids: list[str]) -> list[str]:
    """The built-in claims (every reading, and the corrected forms) of printed statements this run did not check:
    a finding's reproduce command checks all of its statements, whatever subset the run had."""
    if not statement_ids:
        return []

    wanted = set(statement_ids)
    return [c.id for c in builtin_claims() if c.statement_id in wanted and c.variant in (None, "corrected")]


def _record(fid, title, severity, hit, link, sentence, by_id, claim_by_id, declared, depends, impact, example=None,
            checked=None, unchecked=()):
    witness, others = _witness(hit, by_id, claim_by_id, example)
    corrected = [{"id": v["id"], "verdict": v["verdict"], "why": _variant_why(claim_by_id.get(v["id"]))}
                 for s in checked or hit for v in by_id[s]["variants"] if v["variant"] == "corrected"]
    return {
        "id": fid, "paper": by_id[hit[0]]["paper"], "severity": severity, "depends": depends, "impact": impact,
        "title": title,
        "statements": hit, "link": link or None, "declared": declared,
        "witness": witness,
        "other_witnesses": others,
        "example": example,
        "corrected": corrected,
        "claims": _reproduced_claims(checked or hit, by_id, unchecked, example),
        "sentence": sentence,
    }


def _witness(hit, by_id, claim_by_id, example) -> tuple[dict, list[dict]]:
    """The witness shown and the others kept: the sentence's example where it certified (the search's best witness
    first among the others, with its details file), else the search's most convincing witness."""
    candidates = []
    for sid in hit:
        st = by_id[sid]
        cid = st["primary"]["id"]
        candidates.append((witness_key(st.get("counterexample")), sid, cid, st, claim_by_id.get(cid, {})))
    candidates.sort(key=lambda c: c[0])
    _, sid, cid, st, rec = candidates[0]
    others = [{"statement": c[1], "claim": c[2]} for c in candidates[1:]]
    if not (example and example["counterexample"]):
        return ({"statement": sid, "claim": cid, "counterexample": st.get("counterexample"),
                 "relative_margin": rec.get("relative_margin"), "counterexample_file": st.get("counterexample_file"),
                 "sides": rec.get("sides"), "example": False}, others)
    ex_cid = example["claim"]
    ex_rec = claim_by_id.get(ex_cid, {})
    searched = {"statement": sid, "claim": cid, "counterexample_file": st.get("counterexample_file")}
    return ({"statement": ex_cid.split("#")[0], "claim": ex_cid, "counterexample": example["counterexample"],
             "relative_margin": None, "counterexample_file": None, "sides": ex_rec.get("sides"), "example": True,
             "search_verdict": ex_rec.get("verdict")}, [searched] + others)


def _reproduced_claims(statement_ids, by_id, unchecked, example) -> list[str]:
    """What a finding's reproduce command runs: every reading and corrected form of each of its statements (a
    statement of the finding that holds in this run, e.g. under a counted budget, is still part of it), those of its
    statements this run did not check, and its example's claim."""
    ids = []
    for s in statement_ids:
        ids += [r["id"] for r in by_id[s].get("readings", [])] or [by_id[s]["primary"]["id"]]
        ids += [v["id"] for v in by_id[s]["variants"] if v["variant"] == "corrected"]
    ids += list(unchecked)
    if example:
        ids.append(example["claim"])
    return list(dict.fromkeys(ids))


def _variant_why(rec: dict | None) -> str | None:
    """Why a corrected form has its verdict, in one line: its certified witness and margin (violated), its proof
    or search and smallest margin (holds), or the reason (inconclusive)."""
    if not rec:
        return None

    return variant_why(rec)
