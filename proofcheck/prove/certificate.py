"""Certificates of proofs by boxes, and the checker that trusts nothing in them.

A certificate (``OUT/certificates/<id>.json``, schema :data:`SCHEMA`) holds the claim id, the fingerprint
of the claim's code (:mod:`proofcheck.fingerprint`), the domain (its coordinates, with the
parametrisation of each distribution), and every box of the cover with exact rational ends and what
decides it: the enclosures of both sides, or why the box is outside the domain, or why it was excluded.

:func:`check_certificate` treats the certificate as untrusted input. It is read strictly (:func:`read_certificate`,
:func:`_read`): bounded size, nesting and numbers (a box end is ``str(Fraction)`` of at most 4096-bit integers,
checked as text before any arithmetic), every field of the type and form the prover writes; anything else is
malformed (InvalidInput, one line naming the value). Then it re-derives everything it can and re-evaluates every
box on the box path alone (no search, no engine state): the claim must have the recorded fingerprint (a
certificate edited to name another claim is refused), each part's domain must be one of the claim's declared
ones (one part each), every box must lie in it, and say only what the prover could have said (no mean-value
form or face where an integer coordinate takes several values, a mean-value point only at the midpoint or a
corner, faces only along real coordinates of positive width); the boxes must be a partition of the domain (a
removed box leaves a gap, which is shown; overlapping boxes are refused); every box said decided must be
decided again (hypotheses certainly hold, the relation certainly holds), every box said outside must be
certainly outside. Only then, with no excluded box and no size left out, does the certificate prove the claim.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import sympy as sp

from mechanisms.errors import InvalidInput
from mechanisms.numerics.exact import Undecided
import proofcheck.registry as registry
from proofcheck.files import safe_name, write_atomic
from proofcheck.fingerprint import claim_fingerprint
from proofcheck.numerics import precision
from proofcheck.prove.cover import first_gap
from proofcheck.prove.domain import NotProvable, claim_domains
from proofcheck.prove.faces import check_reason, face_of
from proofcheck.prove.mean_value import centers, mean_value_decides
from proofcheck.prove.plain import plain
from proofcheck.prove.report import proof_evidence

SCHEMA = "proofcheck.certificate/1"
MIN_BITS, MAX_BITS = 53, 4096
SHOWN = 5  # boxes that fail a re-check, shown one by one


# ----------------------------------------------------------------------------- writing
def certificate_of(proof) -> dict:
    """The certificate of a proof attempt (a sub-domain proof lists its excluded boxes)."""
    ev = proof_evidence(proof)
    return {
        "schema": SCHEMA, "claim": proof.claim_id, "fingerprint": proof.fingerprint, "proved": proof.proved,
        "status": proof.status, "summary": ev["summary"], "precision_bits": proof.budget.precision,
        "budget": proof.budget.to_json(),
        "parts": [_part(p) for p in proof.parts if p.outcome is not None],
        "not_attempted": [{"domain": p.domain.to_json(), "reason": p.skipped} for p in proof.parts if p.skipped],
    }


def _part(part) -> dict:
    boxes = []
    for leaf in part.outcome.leaves:
        rec = {"box": [[str(lo), str(hi)] for lo, hi in leaf.box]}
        if leaf.kind == "decided":
            rec["decided"] = dict(leaf.detail)
        else:
            rec[leaf.kind] = leaf.detail["reason"]
        boxes.append(rec)
    return {"domain": part.domain.to_json(), "boxes": boxes}


def write_certificate(folder: Path, proof) -> Path:
    """OUT/certificates/<id>.json, written atomically; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{safe_name(proof.claim_id)}.json"
    write_atomic(path, json.dumps(certificate_of(proof), indent=1, ensure_ascii=False, allow_nan=False))
    return path


# ----------------------------------------------------------------------------- checking
# A certificate is untrusted input: it is read with bounded numbers and nesting, every part of it must have
# the type and the form the prover writes (anything else is malformed: InvalidInput, one line naming the
# value), and what it says must be what the prover could have said (anything else does not prove).
MAX_FILE_BYTES = 256 << 20
MAX_NESTING = 64  # lists and records inside one another (a proof's deepest is a face tree: about 16)
MAX_NUMBER_BITS = 4096  # numerator and denominator of a box end or a point
_DIGITS = len(str(1 << MAX_NUMBER_BITS))  # decimal digits of the largest such integer
_RATIONAL = re.compile(r"-?(?:0|[1-9][0-9]*)(?:/[1-9][0-9]*)?")  # str(Fraction): no sign +, no exponent, no point
MAX_TEXT = 1 << 20  # characters of a text field (a reason, an enclosure, a form)
TOP_KEYS = ("schema", "claim", "fingerprint", "proved", "status", "summary", "precision_bits", "budget", "parts",
            "not_attempted")
BUDGET_KEYS = ("max_boxes", "max_depth", "precision", "mean_value")
STATUSES = ("proved", "proved-for-sizes", "vacuous", "sub-domain", "refuted", "blocked", "error", "stopped",
            "not-attempted", "not-provable")
KINDS = ("decided", "outside", "excluded")


@dataclass
class Checked:
    proves: bool
    claim_id: str | None
    lines: list = field(default_factory=list)  # what was checked, and what failed

    def fail(self, text: str) -> "Checked":
        self.proves = False
        self.lines.append("FAILS: " + _one_line(text))
        return self


def read_certificate(path: str) -> dict:
    """The certificate at `path` as JSON (no NaN or Infinity, bounded size and nesting), or InvalidInput."""
    try:
        p = Path(path)
        if p.stat().st_size > MAX_FILE_BYTES:
            raise InvalidInput(f"certificate {path!r} is larger than {MAX_FILE_BYTES >> 20} MiB")
        doc = json.loads(p.read_text(encoding="utf-8"), parse_constant=_no_constant, object_pairs_hook=_no_twice)
    except RecursionError:
        raise InvalidInput(f"certificate {path!r} is nested too deeply to be a proofcheck certificate") from None
    except (OSError, ValueError) as e:
        if isinstance(e, InvalidInput):
            raise
        raise InvalidInput(_one_line(f"certificate {path!r} cannot be read as JSON ({type(e).__name__}: {e})")) \
            from None
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        raise InvalidInput(f"{path!r} is not a proofcheck certificate (schema {SCHEMA})")
    return doc


def _no_constant(name):
    raise ValueError(f"{name} is not a number a certificate holds")


def _no_twice(pairs) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        twice = next(k for n, (k, _) in enumerate(pairs) if any(k == j for j, _ in pairs[:n]))
        raise ValueError(f"a record has the key {_show_value(twice, 40)} twice")
    return out


def check_path(path: str, claims) -> tuple[int, list[str]]:
    """(exit status, lines) of one certificate file: 0 it proves its claim, 1 it does not (the lines say what was
    checked and what failed), 2 it is malformed (one line, naming the bad value)."""
    try:
        checked = check_certificate(read_certificate(path), claims)
    except InvalidInput as e:
        return 2, [_one_line(str(e))]
    except RecursionError:  # never expected once the nesting is bounded: still malformed input, not a crash
        return 2, [f"certificate {path!r} is nested too deeply to be checked"]
    return (0 if checked.proves else 1), checked.lines


def check_certificate(doc: dict, claims) -> Checked:
    """Re-check a certificate against the claims it may name (built-in or a user's file). A malformed
    certificate raises InvalidInput (one line naming the bad value)."""
    cert = _read(doc)
    claim = registry.find(claims, cert["claim"])
    out = Checked(True, claim.id)
    if cert["fingerprint"] != claim_fingerprint(claim):
        return out.fail(f"the certificate's fingerprint {_show_value(cert['fingerprint'])} is not the fingerprint of "
                        f"claim {claim.id}'s code ({claim_fingerprint(claim)}): it was made for another claim or "
                        f"other code")
    out.lines.append(f"claim {claim.id}: fingerprint matches")
    if claim.is_identity or claim.statistical:
        return out.fail("an equality (or a statistical claim) is never proved by intervals")
    evaluated = sum(1 for p in cert["parts"] for b in p["boxes"] if b[1] != "excluded")
    if evaluated > cert["max_boxes"]:
        return out.fail(f"the certificate has {evaluated} boxes decided or outside, more than the {cert['max_boxes']} "
                        f"boxes its budget lets the prover evaluate")
    for domain, part in _matched_domains(claim, cert["parts"], out):
        _check_part(claim, domain, part, cert, out)
    if out.proves and not any(b[1] == "decided" for p in cert["parts"] for b in p["boxes"]):
        out.fail("no box of the certificate is decided: every box outside the domain is a vacuous proof, never a "
                 "proof")
    if out.proves and (not cert["proved"] or cert["status"] != "proved" or cert["not_attempted"]):
        out.fail(f"the certificate says its status is {cert['status']!r} (proved: {cert['proved']}), with "
                 f"{len(cert['not_attempted'])} domains not attempted: the prover writes proved and no domain "
                 f"left out only for a proof")
    if out.proves:
        out.lines.append(f"PROVES {claim.id} on its declared domain")
    return out


# ----------------------------------------------------------------------------- reading, strictly
def _bad(where: str, value, why: str):
    return InvalidInput(_one_line(f"the certificate is malformed: {where} = {_show_value(value)} {why}"))


def _show_value(value, n: int = 80) -> str:
    try:
        text = repr(value) if not isinstance(value, (dict, list)) else \
            ("a record" if isinstance(value, dict) else "a list")
    except Exception:  # noqa: BLE001 — never expected of JSON values
        text = type(value).__name__
    return text if len(text) <= n else text[: n - 1] + "…"


def _one_line(text: str, n: int = 1000) -> str:
    s = " ".join(str(text).split())
    return s if len(s) <= n else s[: n - 1] + "…"


def _nesting(doc) -> int:
    """The deepest nesting of lists and records in doc (iteratively: no recursion on untrusted input)."""
    deepest, stack = 0, [(doc, 1)]
    while stack:
        x, d = stack.pop()
        if isinstance(x, (dict, list)):
            deepest = max(deepest, d)
            if deepest > MAX_NESTING:
                return deepest
            stack.extend((y, d + 1) for y in (x.values() if isinstance(x, dict) else x))
    return deepest


def _record(x, where: str, keys, optional=()) -> dict:
    if not isinstance(x, dict):
        raise _bad(where, x, "is not a record")
    for k in keys:
        if k not in x:
            raise _bad(where, x, f"has no key {k!r}")
    for k in x:
        if k not in keys and k not in optional:
            raise _bad(f"{where}.{_show_value(k, 40)}", x[k], "is a key the prover never writes")
    return x


def _list(x, where: str) -> list:
    if not isinstance(x, list):
        raise _bad(where, x, "is not a list")
    return x


def _text(x, where: str, nullable: bool = False) -> str | None:
    if x is None and nullable:
        return None
    if not isinstance(x, str):
        raise _bad(where, x, "is not a text")
    if len(x) > MAX_TEXT:
        raise _bad(where, x[:40], f"is a text longer than {MAX_TEXT} characters")
    return x


def _integer(x, where: str, lo: int, hi: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
        raise _bad(where, x, f"is not an integer in [{lo}, {hi}]")
    return x


def _boolean(x, where: str) -> bool:
    if not isinstance(x, bool):
        raise _bad(where, x, "is not true or false")
    return x


def _rational(x, where: str) -> Fraction:
    """An exact rational as the prover writes it: str(Fraction), 'p' or 'p/q' in lowest terms, each of at most
    MAX_NUMBER_BITS bits (checked on the text before any arithmetic: '1e-1000000000' is never parsed)."""
    if not isinstance(x, str):
        raise _bad(where, x, "is not a rational written as a text 'p' or 'p/q'")
    if len(x) > 2 * _DIGITS + 2 or not _RATIONAL.fullmatch(x):
        raise _bad(where, x, f"is not a rational 'p' or 'p/q' of integers of at most {MAX_NUMBER_BITS} bits")
    f = Fraction(x)
    if f.numerator.bit_length() > MAX_NUMBER_BITS or f.denominator.bit_length() > MAX_NUMBER_BITS:
        raise _bad(where, x, f"has a numerator or denominator of more than {MAX_NUMBER_BITS} bits")
    if str(f) != x:
        raise _bad(where, x, f"is not in lowest terms as the prover writes it ({f})")
    return f


def _read(doc) -> dict:
    """The certificate's every part checked for the type and form the prover writes; ends and points as
    Fractions. Raises InvalidInput naming the first bad value."""
    if not isinstance(doc, dict):
        raise _bad("the certificate", doc, "is not a record")
    if _nesting(doc) > MAX_NESTING:
        raise InvalidInput(f"the certificate is malformed: it nests lists and records more than {MAX_NESTING} deep")
    _record(doc, "the certificate", TOP_KEYS)
    if doc["schema"] != SCHEMA:
        raise _bad("schema", doc["schema"], f"is not {SCHEMA!r}")
    budget = _record(doc["budget"], "budget", BUDGET_KEYS)
    for k in ("max_boxes", "max_depth"):
        _integer(budget[k], f"budget.{k}", 1, 1 << 62)
    bits = _integer(doc["precision_bits"], "precision_bits", 1, MAX_BITS)
    if budget["precision"] != bits or isinstance(budget["precision"], bool):
        raise _bad("budget.precision", budget["precision"], f"is not the certificate's precision_bits ({bits})")
    cert = {"claim": _text(doc["claim"], "claim"), "fingerprint": _text(doc["fingerprint"], "fingerprint"),
            "proved": _boolean(doc["proved"], "proved"), "status": doc["status"], "bits": max(bits, MIN_BITS),
            "mean_value": _boolean(budget["mean_value"], "budget.mean_value"), "max_boxes": budget["max_boxes"]}
    if doc["status"] not in STATUSES:
        raise _bad("status", doc["status"], f"is not one of {', '.join(STATUSES)}")
    if cert["proved"] != (doc["status"] == "proved"):
        raise _bad("proved", doc["proved"], f"disagrees with status {doc['status']!r}")
    _text(doc["summary"], "summary")
    cert["not_attempted"] = _list(doc["not_attempted"], "not_attempted")
    for n, x in enumerate(cert["not_attempted"]):
        _record(x, f"not_attempted[{n}]", ("domain", "reason"))
        if not isinstance(x["domain"], dict):
            raise _bad(f"not_attempted[{n}].domain", x["domain"], "is not a record")
        _text(x["reason"], f"not_attempted[{n}].reason")
    cert["parts"] = [_read_part(p, f"parts[{n}]") for n, p in enumerate(_list(doc["parts"], "parts"))]
    return cert


def _read_part(p, where: str) -> dict:
    _record(p, where, ("domain", "boxes"))
    domain = _record(p["domain"], f"{where}.domain", ("text", "coordinates", "shapes", "fixed", "simplex"),
                     optional=("sizes_drawn_not_declared",))
    boxes = [_read_box(b, f"{where}.boxes[{n}]") for n, b in enumerate(_list(p["boxes"], f"{where}.boxes"))]
    return {"domain": domain, "boxes": boxes}


def _read_box(b, where: str) -> tuple:
    _record(b, where, ("box",), optional=KINDS)
    kinds = [k for k in KINDS if k in b]
    if len(kinds) != 1:
        raise _bad(where, b, f"does not say exactly one of {', '.join(KINDS)} (it says {', '.join(kinds) or 'none'})")
    kind = kinds[0]
    box = []
    for i, end in enumerate(_list(b["box"], f"{where}.box")):
        _list(end, f"{where}.box[{i}]")
        if len(end) != 2:
            raise _bad(f"{where}.box[{i}]", end, f"has {len(end)} ends, not 2")
        box.append((_rational(end[0], f"{where}.box[{i}][0]"), _rational(end[1], f"{where}.box[{i}][1]")))
    center = why = None
    if kind == "decided":
        d = _record(b[kind], f"{where}.decided", ("lhs", "rhs"), optional=("mean_value_at", "decided_by"))
        _text(d["lhs"], f"{where}.decided.lhs", nullable=True)
        _text(d["rhs"], f"{where}.decided.rhs", nullable=True)
        if "mean_value_at" in d and "decided_by" in d:
            raise _bad(f"{where}.decided", d, "has both a mean-value point and a decided_by (the prover writes one)")
        if "mean_value_at" in d:
            center = _point(d["mean_value_at"], f"{where}.decided.mean_value_at")
        if "decided_by" in d:
            why = _reason(d["decided_by"], f"{where}.decided.decided_by")
    else:
        _text(b[kind], f"{where}.{kind}")
    return tuple(box), kind, center, why


def _point(x, where: str) -> tuple:
    return tuple(_rational(c, f"{where}[{i}]") for i, c in enumerate(_list(x, where)))


def _reason(r, where: str) -> dict:
    """A face tree in the forms faces.check_reason knows: {"by": "enclosure"}, {"by": "mean_value", "at": [...]},
    {"by": "symbolic", "form": text}, {"monotone": {"coordinate": i, "end": "lo" | "hi", "face": tree}}; the
    points read as Fractions (the tree returned is a copy with the points as tuples under "point")."""
    if isinstance(r, dict) and "monotone" in r:
        _record(r, where, ("monotone",))
        m = _record(r["monotone"], f"{where}.monotone", ("coordinate", "end", "face"))
        i = _integer(m["coordinate"], f"{where}.monotone.coordinate", 0, 1 << 20)
        if m["end"] not in ("lo", "hi"):
            raise _bad(f"{where}.monotone.end", m["end"], "is not 'lo' or 'hi'")
        face = _reason(m["face"], f"{where}.monotone.face")
        return {"monotone": {"coordinate": i, "end": m["end"], "face": face}}
    by = r.get("by") if isinstance(r, dict) else None
    if by == "enclosure":
        return dict(_record(r, where, ("by",)))
    if by == "symbolic":
        _record(r, where, ("by", "form"))
        _text(r["form"], f"{where}.form")
        return dict(r)
    if by == "mean_value":
        _record(r, where, ("by", "at"))
        return {"by": "mean_value", "at": list(r["at"]), "point": _point(r["at"], f"{where}.at")}
    raise _bad(where, r, "is not a reason the prover writes (enclosure, mean_value, symbolic or monotone)")


# ----------------------------------------------------------------------------- what the certificate says, again
_DOMAINS: dict = {}  # id of a claim -> (claim, its declared domains): derived once per claim in a process


def _declared(claim):
    hit = _DOMAINS.get(id(claim))
    if hit is None or hit[0] is not claim:
        try:
            found = claim_domains(claim)
        except NotProvable as e:
            found = e
        hit = _DOMAINS[id(claim)] = (claim, found)
    return hit[1]


def _matched_domains(claim, parts, out: Checked):
    """The claim's declared domains (re-derived), each paired with the certificate's one part for it: a part
    whose domain (coordinates, sizes, fixed entries, as the prover writes them) is not a declared one, or a
    second part for the same domain, is refused."""
    derived = _declared(claim)
    if isinstance(derived, Exception):
        out.fail(f"the claim's domain is not a finite union of bounded boxes: {derived}")
        return []
    wants = [json.loads(json.dumps(d.to_json(), default=repr)) for d in derived]
    pairs, missing, taken = [], [], {}
    for n, part in enumerate(parts):
        k = next((k for k, want in enumerate(wants) if part["domain"] == want), None)
        if k is None:
            out.fail(f"part {n} of the certificate is for the domain {_show_value(part['domain'].get('text'))}, "
                     f"which is not one of claim {claim.id}'s declared domains (as the prover writes them)")
        elif k in taken:
            out.fail(f"parts {taken[k]} and {n} of the certificate are for the same domain {derived[k].text()}")
        else:
            taken[k] = n
    for k, d in enumerate(derived):
        if k in taken:
            pairs.append((d, parts[taken[k]]))
        else:
            missing.append(d.text())
    if missing:
        more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
        out.fail(f"no part of the certificate covers {len(missing)} of the declared domains: "
                 f"{' | '.join(missing[:SHOWN])}{more}")
    return pairs if out.proves else []


def _check_part(claim, domain, part, cert, out: Checked):
    """First what is cheap (every box inside the domain, in the forms the prover writes, the boxes a partition of
    the domain), then every box evaluated again."""
    root = domain.root()
    integer = [c.kind == "integer" for c in domain.coordinates]
    boxes = part["boxes"]
    for n, (box, kind, center, why) in enumerate(boxes):
        bad = _outside_root(box, root, integer) or _never_written(domain, box, kind, center, why, cert["mean_value"])
        if bad:
            return out.fail(f"{domain.text()}: box {n} {_show(domain, box)} {bad}")

    gap = first_gap(root, [b[0] for b in boxes], integer)
    if gap is not None:
        return out.fail(f"{domain.text()}: the boxes do not cover the domain; uncovered: {_show(domain, gap)}")
    total, whole = sum((_measure(b[0], root, integer) for b in boxes), Fraction(0)), _measure(root, root, integer)
    if total != whole:  # they cover it, so some overlap: the prover's boxes are the leaves of its splits
        return out.fail(f"{domain.text()}: the boxes overlap (their measures sum to {total / whole} times the "
                        f"domain's): the prover's boxes never do")
    bits = cert["bits"]
    excluded, wrong = [], []
    for n, (box, kind, center, why) in enumerate(boxes):
        if kind == "excluded":
            excluded.append(n)
            continue
        if center is not None:
            ok, what = _decided_by_mean_value(claim, domain, box, center, bits)
        elif why is not None:
            ok, what = _decided_by_reason(claim, domain, box, why, bits)
        else:
            ok, what = (_decided if kind == "decided" else _outside)(claim, domain, box, bits)
        if not ok:
            wrong.append(f"box {n} {_show(domain, box)} is said {kind} but is not: {what}")
    if not wrong:
        out.lines.append(f"{domain.text()}: {len(boxes) - len(excluded)} boxes re-checked; the {len(boxes)} boxes "
                         f"cover the domain exactly")
    for text in wrong[:SHOWN]:
        out.fail(f"{domain.text()}: {text}")
    if len(wrong) > SHOWN:
        out.fail(f"{domain.text()}: and {len(wrong) - SHOWN} more boxes said decided or outside that are not")
    if excluded:
        n = excluded[0]
        out.fail(f"{domain.text()}: {len(excluded)} boxes are excluded (not decided), e.g. box {n} "
                 f"{_show(domain, boxes[n][0])}: the certificate proves the claim on a sub-domain only")


def _outside_root(box, root, integer) -> str | None:
    if len(box) != len(root):
        return f"has {len(box)} coordinates, the domain {len(root)}"
    for (lo, hi), (rlo, rhi), whole in zip(box, root, integer):
        if not (rlo <= lo <= hi <= rhi):
            return "is not inside the declared domain"
        if whole and (lo.denominator != 1 or hi.denominator != 1):
            return "has an integer coordinate with ends that are not integers"
        if not whole and lo == hi and rlo < rhi:
            return "has no width in a real coordinate (the prover's splits never make such a box)"
    return None


def _measure(box, root, integer) -> Fraction:
    """Lebesgue measure in the real coordinates of positive width, counting measure in the integer ones."""
    v = Fraction(1)
    for (lo, hi), (rlo, rhi), whole in zip(box, root, integer):
        if whole:
            v *= hi - lo + 1
        elif rlo < rhi:
            v *= hi - lo
    return v


def _live_integer(domain, box):
    return next((c for c, (lo, hi) in zip(domain.coordinates, box) if c.kind == "integer" and lo < hi), None)


def _never_written(domain, box, kind, center, why, mean_value: bool) -> str | None:
    """Why the prover would never have written this box's decision (None when it could have): the mean-value form
    and faces need derivatives, which it never forms where an integer coordinate takes several values; it
    tries the mean-value form only at the midpoint and the corners of a box (or of a face); faces follow real
    coordinates of positive width only; with mean_value off in its budget it uses neither."""
    if center is None and why is None:
        return None
    if not mean_value:
        return ("is said decided by the mean-value form or by a decided_by reason, which the prover never uses with "
                "mean_value off in its budget")
    c = _live_integer(domain, box)
    if c is not None:
        return (f"is said decided by the mean-value form or by a decided_by reason while integer {c.name} takes "
                f"several values on it: the prover uses neither there (they need derivatives, or a formula, in it)")
    if center is not None:
        return _not_a_center(box, center)
    return _reason_never_written(domain, box, why, 0)


def _not_a_center(box, point) -> str | None:
    if len(point) != len(box):
        return f"has a mean-value point of {len(point)} coordinates (the box has {len(box)})"
    if tuple(point) not in centers(box):
        return (f"has a mean-value point {[str(x) for x in point]} that is not the midpoint or a corner of it: the "
                f"prover forms the mean-value form only there")
    return None


def _reason_never_written(domain, box, why, depth) -> str | None:
    if "monotone" in why:
        m = why["monotone"]
        i = m["coordinate"]
        if i >= len(box) or box[i][0] == box[i][1] or domain.coordinates[i].kind == "integer":
            return (f"is said decided through a face along coordinate {i}, which is not a real coordinate of positive "
                    f"width{'' if depth == 0 else ' of its face'} (the prover follows no other)")
        return _reason_never_written(domain, face_of(box, i, m["end"]), m["face"], depth + 1)
    if why["by"] == "mean_value":
        bad = _not_a_center(box, why["point"])
        return None if bad is None else f"(a face of it) {bad}"
    return None


def _show(domain, box) -> str:
    return "{" + ", ".join(f"{c.name} ∈ [{lo}, {hi}]" for c, (lo, hi) in zip(domain.coordinates, box)) + "}"


# ----------------------------------------------------------------------------- one box, again


def _plain(claim, domain, box, bits):
    """The prover's own decision of a box by plain enclosures (:func:`proofcheck.prove.plain.plain`): one closed
    computation, so a box whose evaluation met an undecided question is neither decided nor outside here either."""
    return plain(claim, domain, box, bits)


def _decided(claim, domain, box, bits):
    d = _plain(claim, domain, box, bits)
    if d.kind == "decided":
        return True, ""
    return False, f"{d.kind}: {d.reason}"[:200] if d.reason else "the enclosures of the sides overlap"


def _decided_by_mean_value(claim, domain, box, center, bits):
    """The mean-value form at the recorded point, formed again: derivatives over the box by forward mode on
    the box path, the margin at the point, the lower end of g(c) + Σ ∂g(box)·(box − c)."""
    if len(center) != len(box):
        return False, "its mean-value point has the wrong number of coordinates"
    try:
        with precision(bits):
            ok = mean_value_decides(claim, domain, box, center)
    except (Exception, Undecided) as e:  # any failure to re-check means not decided
        return False, f"{type(e).__name__}: {e}"[:200]
    return (True, "") if ok else (False, f"the mean-value form at {[str(x) for x in center]} does not decide it")


def _decided_by_reason(claim, domain, box, reason, bits):
    """A box decided by the factored margin's sign or through a face: the reason re-checked from the claim
    (the form is derived again, every derivative and face evaluated again)."""
    if domain.outside_simplex(box):
        return False, "it lies outside the simplex"
    strict = isinstance(claim.statement, (sp.Lt, sp.Gt))
    try:
        with precision(bits):
            return check_reason(claim, domain, box, reason, strict)
    except (Exception, Undecided) as e:  # any failure to re-check means not decided
        return False, f"{type(e).__name__}: {e}"[:200]


def _outside(claim, domain, box, bits):
    d = _plain(claim, domain, box, bits)
    if d.kind == "outside":
        return True, ""
    return False, f"no hypothesis certainly fails on the whole box ({d.kind}{': ' + d.reason if d.reason else ''})"[:200]
