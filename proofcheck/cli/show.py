"""`proofcheck show` (one claim's record: checked now, or read from a report) and `proofcheck check-certificate`."""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import proofcheck.registry as registry
import proofcheck.tables as tables
from mechanisms.errors import InvalidInput
from proofcheck.prove.certificate import check_path
from proofcheck.cli.inputs import _cases, _json_kind, _load, _prove_budget, _short_text
from proofcheck.runs.executors import check_in_child
from proofcheck.prove import against_search
from proofcheck.prove.runner import prove_in_children
from proofcheck.report import claim_record
from proofcheck.texts import holds_text


def cmd_check_certificate(args) -> int:
    """Re-check proof certificates with the box path alone. One certificate: exit 0 when it proves its claim, 1
    when not (the lines say what failed), 2 when it is malformed (one line on stderr naming the bad value).
    Several: each one's lines prefixed by its path and closed by `PATH: exit N (...)`; exit 0 when every one
    proves its claim, else the largest of their statuses."""
    claims = _load(args.claims)
    several = len(args.paths) > 1
    worst = 0
    for path in args.paths:
        t0 = time.monotonic()
        code, lines = check_path(path, claims)
        worst = max(worst, code)
        if not several:
            if code == 2:
                print(f"proofcheck: error: {lines[0]}", file=sys.stderr)
            else:
                print("\n".join(lines))
            break
        for line in lines:
            print(f"{path}: " + ("error: " if code == 2 else "") + line, file=sys.stderr if code == 2 else sys.stdout)
        said = {0: "proves its claim", 1: "does not prove its claim", 2: "malformed"}[code]
        print(f"{path}: exit {code} ({said}; {time.monotonic() - t0:.2f} s)", flush=True)
    return worst


def cmd_show(args) -> int:
    rec = None
    if args.from_dir:  # the record as the report holds it: no claim is loaded (a claims file's need no --claims)
        given = Path(args.from_dir)
        path = given if given.is_file() else given / "report.json"  # the folder, or its report.json itself
        rec = _report_record(path, args.from_dir, args.id)
    if rec is None:  # checked now, in a child process under the hard limit, like a run
        claims = _load(args.claims)
        claim = _find_claim(claims, args.id, args.claims)

        params = {"seconds": args.seconds, "seed": args.seed, "cases": _cases(args)}
        result = check_in_child([claim], params)[claim.id]
        if args.prove:
            proof = prove_in_children([claim], _prove_budget(args)).get(claim.id)
            if proof is not None and result.verdict == "holds":
                result.evidence["proof"] = against_search(proof, claim, result).evidence()
        rec = claim_record(claim, result)
        text = _show_lines(rec, args.format)
    else:  # a record read from a file: a malformed one is bad input, in one line
        try:
            text = _show_lines(rec, args.format)
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as e:
            raise InvalidInput(f"the record of claim {args.id!r} in {str(path)!r} is malformed "
                               f"({type(e).__name__}: {_short_text(e)})") from None
    print("\n".join(text))
    return 0


def _find_claim(claims, cid: str, claims_path: str | None):
    """The claim of id ``cid``; an unknown id that is no built-in paper's suggests --claims (a claims file's id)."""
    try:
        return registry.find(claims, cid)
    except InvalidInput:
        if claims_path is None and not any(cid.startswith(prefix + ".") for prefix in _paper_prefixes()):
            raise InvalidInput(f"unknown claim id {cid!r}: not a built-in claim (see `proofcheck list`); for a "
                               "claim of your own file add --claims PATH.py") from None
        raise


def _paper_prefixes() -> set:
    return {c.id.split(".")[0] for c in registry.builtin_claims()}


def _report_record(path: Path, folder: str, cid: str) -> dict:
    """The record of claim ``cid`` in a report.json; every problem with the file is one InvalidInput."""
    try:
        if not path.is_file():
            raise InvalidInput(f"no report.json in {folder!r}")
        doc = json.loads(path.read_text())
    except InvalidInput:
        raise
    except RecursionError:
        raise InvalidInput(f"{str(path)!r} is not a proofcheck report (JSON nested too deeply)") from None
    except json.JSONDecodeError as e:
        raise InvalidInput(f"{str(path)!r} is not valid JSON ({e.msg} at line {e.lineno}, column {e.colno}); "
                           "is the report truncated?") from None
    except (OSError, ValueError) as e:  # unreadable, not UTF-8, a number beyond Python's digit limit
        raise InvalidInput(f"{str(path)!r} cannot be read as a report ({type(e).__name__}: {_short_text(e)})") from None
    if not isinstance(doc, dict):
        raise InvalidInput(f"{str(path)!r} is not a proofcheck report: it holds a JSON {_json_kind(doc)}, not an object")
    records = doc.get("claims")
    if not isinstance(records, list):
        what = "has no \"claims\"" if records is None else f"has \"claims\" as a JSON {_json_kind(records)}, not a list"
        raise InvalidInput(f"{str(path)!r} is not a proofcheck report: it {what}")
    rec = next((r for r in records if isinstance(r, dict) and r.get("id") == cid), None)
    if rec is None:
        raise InvalidInput(f"claim {cid!r} is not in {path}")
    return rec


def _show_lines(rec: dict, format: str) -> list[str]:
    """What `show` prints for a claim record (text or JSON)."""
    if format == "json":
        return [json.dumps(rec, indent=1, ensure_ascii=False)]
    out = [f"{rec['id']}: {rec['verdict'].upper()}   {rec['title']}",
           f"source: {rec['source']['seed']}, {rec['source']['where']}",
           f"quote: {rec['source']['quote']}",
           f"checked: {rec['statement']}"]
    for h in rec["hypotheses"]:
        out.append(f"hypothesis: {h}")
    ranges = [f"{v['name']} ∈ {v['range']}" for v in rec.get("variables") or () if isinstance(v, dict) and v.get("range")]
    if ranges:  # the reals' ranges, an excluded end as a parenthesis: alpha ∈ (1, 20]
        out.append("variables: " + ", ".join(ranges))
    out.append(f"encoding: {rec['encoding']}")
    if rec["reading"]:
        out.append(f"reading: {rec['reading']}")
    if rec["reconstructed"]:
        out.append(f"reconstructed: {rec['reconstructed']}")
    out.append(f"margin: {rec['margin']}")
    if rec["verdict"] == "holds":
        out.append(f"verdict: {holds_text(rec)}")
    if rec["counterexample"]:
        cx = rec["counterexample"]
        out.append("counterexample (exact):")
        for k, v in cx["objects"].items():
            out.append(f"  {k} = {v}")
        sides = rec.get("sides") or {}  # a report.json written before "sides" has none: bare lhs / rhs
        lhs, rhs = (f"{k} = {sides[k]}" if sides.get(k) else k for k in ("lhs", "rhs"))
        out.append(f"  {lhs} ∈ {cx['lhs']}\n  {rhs} ∈ {cx['rhs']}\n  required: lhs {cx['relation']} rhs — fails")
    evidence = dict(rec["evidence"])
    table = evidence.pop("table", None)
    if table:
        out.append(f"\n{table['name']}: {table['caption']}")
        out.append(tables.summary(table))
        if table.get("note"):
            out.append(table["note"])
        out.append(tables.text_table(table) + "\n")
    out.append("evidence: " + json.dumps(evidence, ensure_ascii=False))
    return out
