"""`proofcheck check-certificate` treats a certificate as untrusted input.

Real proofs of small true claims are written as certificates; forged and tampered certificates are derived
from them and from documents made by hand (the defects of an adversarial audit: a mean-value point whose
integer entry the case truncates, a face reason on an integer coordinate, a box without a kind, nesting that
overflows the parser's stack, exponents whose Fractions never finish, wrong types, missing keys, ...). The
CLI must refuse every one: exit 1 (does not prove) or 2 (malformed, one line), never 0, never an internal
error (3), with short output, within seconds. The forgeries are checked by one CLI process (several
certificates at once, each closed by its own `PATH: exit N (...; S s)` line); the worst of them, and the
untampered certificate, also each by a CLI process of their own.
"""
from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from inline_claims import TRUE_CLAIMS, claims_file

ROOT = Path(__file__).resolve().parents[1]
SECONDS = 10.0  # the most one certificate may take to be refused
MAX_OUTPUT = 3000  # characters of output one certificate may produce
MAX_LINES = 12

CLAIMS_FILE = claims_file(TRUE_CLAIMS, '''
    # false at n = 100 only; 101 values (not enumerated): one box [0, 100] holds every n
    Claim(id="mine.n-below", title="n ≤ 199/2 (false at n = 100)", source=Source("tests", "inline", "n ≤ 199/2"),
          variables=(integer("n", 0, 100),), statement=sp.Le(L, R),
          quantities={"L": lambda c, m: m.value(c["n"]), "R": lambda c, m: m.value(Fraction(199, 2))},
          strategy=st.fixed_dictionaries({"n": st.integers(0, 100)})),''')


def _cli(*args, timeout=120):
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-c", "import sys; from proofcheck.cli import main; sys.exit(main())", *args],
                       cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    return r, time.monotonic() - t0


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The claims file, the real certificates of its two true claims, and a hand-made document for the false one."""
    from proofcheck.prove.certificate import write_certificate
    from proofcheck.fingerprint import claim_fingerprint
    from proofcheck.prove import Budget, prove_claim
    from proofcheck.prove.domain import claim_domains
    from proofcheck.registry import load_claims_file

    folder = tmp_path_factory.mktemp("forgery")
    claims_path = folder / "claims.py"
    claims_path.write_text(CLAIMS_FILE)
    claims = {c.id: c for c in load_claims_file(str(claims_path))}
    docs = {}
    for cid in ("mine.exp-above-x", "mine.xy-below-x"):
        proof = prove_claim(claims[cid], Budget(max_boxes=400))
        assert proof.proved, proof.summary()
        docs[cid] = json.loads(write_certificate(folder / "certificates", proof).read_text())
    false = claims["mine.n-below"]
    (domain,) = claim_domains(false)
    docs["mine.n-below"] = {  # what a forger would write: the prover never proves it (refuted at n = 100)
        "schema": "proofcheck.certificate/1", "claim": false.id, "fingerprint": claim_fingerprint(false),
        "proved": True, "status": "proved", "summary": "proved on n ∈ {0, …, 100} (1 boxes)", "precision_bits": 128,
        "budget": {"max_boxes": 400, "max_depth": 48, "precision": 128, "mean_value": True},
        "parts": [{"domain": json.loads(json.dumps(domain.to_json())),
                   "boxes": [{"box": [["0", "100"]], "decided": {"lhs": "[0, 100]", "rhs": "[99.5, 99.5]",
                                                                  "mean_value_at": ["9999/100"]}}]}],
        "not_attempted": []}
    return folder, claims_path, docs


# ----------------------------------------------------------------------------- the forgeries
def _edit(doc, fn):
    out = copy.deepcopy(doc)
    fn(out)
    return out


def _box(doc, n=0, part=0):
    return doc["parts"][part]["boxes"][n]


def _set(path, value):
    """An edit setting doc[path...] = value."""
    def fn(doc):
        x = doc
        for k in path[:-1]:
            x = x[k]
        x[path[-1]] = value
    return fn


def _delete(path):
    def fn(doc):
        x = doc
        for k in path[:-1]:
            x = x[k]
        del x[path[-1]]
    return fn


def forgeries(docs) -> dict:
    """name -> a document (dict) or the raw text of a file; every one must be refused."""
    A, B, N = docs["mine.exp-above-x"], docs["mine.xy-below-x"], docs["mine.n-below"]
    box0 = ["parts", 0, "boxes", 0]
    dec0 = box0 + ["decided"]
    f = {}
    # 1. what the prover never writes: the mean-value form or a face where an integer coordinate is live
    f["int-mean-value-point-9999/100"] = N  # n = 99.99 in the form, 99 in the case: accepted before
    f["int-decided-by-mean-value-9999/100"] = _edit(N, lambda d: _box(d)["decided"].update(
        {"decided_by": {"by": "mean_value", "at": ["9999/100"]}}) or _box(d)["decided"].pop("mean_value_at"))
    f["int-mean-value-at-a-corner"] = _edit(N, _set(dec0 + ["mean_value_at"], ["100"]))
    f["int-mean-value-at-an-integer-inside"] = _edit(N, _set(dec0 + ["mean_value_at"], ["50"]))
    f["int-face-along-the-integer"] = _edit(N, lambda d: _box(d)["decided"].update(
        {"decided_by": {"monotone": {"coordinate": 0, "end": "lo", "face": {"by": "enclosure"}}}})
        or _box(d)["decided"].pop("mean_value_at"))
    f["int-end-not-an-integer"] = _edit(N, _set(box0 + ["box"], [["1/2", "100"]]))
    f["int-split-the-last-value-by-mean-value"] = _edit(N, _set(["parts", 0, "boxes"], [
        {"box": [["0", "99"]], "decided": {"lhs": None, "rhs": None}},
        {"box": [["100", "100"]], "decided": {"lhs": None, "rhs": None, "mean_value_at": ["100"]}}]))
    f["int-plain-decided"] = _edit(N, lambda d: _box(d)["decided"].pop("mean_value_at"))
    f["mean-value-point-outside-the-box"] = _edit(A, _set(dec0 + ["mean_value_at"], ["4"]))
    f["mean-value-point-not-a-center"] = _edit(A, _set(dec0 + ["mean_value_at"], ["-1"]))
    f["mean-value-point-not-lowest-terms"] = _edit(A, _set(dec0 + ["mean_value_at"], ["-6/8"]))
    f["mean-value-point-two-coordinates"] = _edit(A, _set(dec0 + ["mean_value_at"], ["-3/4", "0"]))
    f["mean-value-point-huge-exponent"] = _edit(A, _set(dec0 + ["mean_value_at"], ["1e-1000000000"]))
    f["mean-value-point-a-number"] = _edit(A, _set(dec0 + ["mean_value_at"], [-0.75]))
    f["mean-value-and-decided-by"] = _edit(A, _set(dec0 + ["decided_by"], {"by": "enclosure"}))
    f["mean-value-with-budget-mean-value-off"] = _edit(A, _set(["budget", "mean_value"], False))
    f["decided-by-unknown-form"] = _edit(B, _set(dec0 + ["decided_by"], {"by": "magic"}))
    f["decided-by-symbolic-without-form"] = _edit(B, _set(dec0 + ["decided_by"], {"by": "symbolic"}))
    f["decided-by-face-coordinate-out-of-range"] = _edit(B, _set(dec0 + ["decided_by"], {
        "monotone": {"coordinate": 5, "end": "lo", "face": {"by": "enclosure"}}}))
    f["decided-by-face-end-middle"] = _edit(B, _set(dec0 + ["decided_by"], {
        "monotone": {"coordinate": 0, "end": "middle", "face": {"by": "enclosure"}}}))
    f["decided-by-face-mean-value-not-a-center"] = _edit(B, _set(dec0 + ["decided_by"], {
        "monotone": {"coordinate": 0, "end": "lo", "face": {"by": "mean_value", "at": ["0", "1/3"]}}}))
    f["decided-by-face-twice-along-one-coordinate"] = _edit(B, _set(dec0 + ["decided_by"], {
        "monotone": {"coordinate": 0, "end": "lo", "face": {
            "monotone": {"coordinate": 0, "end": "lo", "face": {"by": "enclosure"}}}}}))
    f["decided-by-a-list"] = _edit(B, _set(dec0 + ["decided_by"], [{"by": "symbolic", "form": "0"}]))
    # 2. robustness: malformed input of every kind
    f["box-without-a-kind"] = _edit(A, lambda d: _box(d).pop("decided"))
    f["key-twice"] = json.dumps(A).replace('"proved": true', '"proved": false, "proved": true')
    f["box-with-two-kinds"] = _edit(A, _set(box0 + ["outside"], "no reason"))
    f["nested-200000"] = "[" * 200_000 + "]" * 200_000
    f["nested-decided-by-100-faces"] = _edit(B, _set(dec0 + ["decided_by"], _deep_faces(100)))
    f["end-huge-negative-exponent"] = _edit(A, _set(box0 + ["box", 0, 0], "1e-1000000000"))
    f["end-exponent-1e-10000000"] = _edit(A, _set(box0 + ["box", 0, 1], "1e-10000000"))
    f["end-5000-digits"] = _edit(A, _set(box0 + ["box", 0, 1], "1" + "0" * 5000))
    f["end-decimal-point"] = _edit(A, _set(box0 + ["box", 0, 1], "0.5"))
    f["end-json-number"] = _edit(A, _set(box0 + ["box", 0, 1], 0.5))
    f["end-true"] = _edit(A, _set(box0 + ["box", 0, 1], True))
    f["end-null"] = _edit(A, _set(box0 + ["box", 0, 1], None))
    f["end-infinity-token"] = json.dumps(A).replace('"1/2"', "Infinity", 1)
    f["precision-nan-token"] = json.dumps(A).replace('"precision_bits": 128', '"precision_bits": NaN')
    f["json-integer-of-6000-digits"] = json.dumps(A).replace('"precision_bits": 128', '"precision_bits": ' + "9" * 6000)
    f["box-a-record"] = _edit(A, _set(box0 + ["box"], {"x": ["-2", "1/2"]}))
    f["box-three-ends"] = _edit(A, _set(box0 + ["box"], [["-2", "0", "1/2"]]))
    f["box-no-coordinates"] = _edit(A, _set(box0 + ["box"], []))
    f["box-record-missing-box"] = _edit(A, lambda d: _box(d).pop("box"))
    f["box-record-a-list"] = _edit(A, _set(box0, [["-2", "1/2"]]))
    f["decided-a-text"] = _edit(A, _set(dec0, "trust me"))
    f["decided-lhs-a-number"] = _edit(A, _set(dec0 + ["lhs"], 1))
    f["decided-unknown-key"] = _edit(A, _set(dec0 + ["margin"], "1"))
    f["parts-a-record"] = _edit(A, _set(["parts"], {"0": A["parts"][0]}))
    f["part-a-list"] = _edit(A, _set(["parts", 0], [A["parts"][0]]))
    f["parts-empty"] = _edit(A, _set(["parts"], []))
    f["boxes-empty"] = _edit(A, _set(["parts", 0, "boxes"], []))
    f["part-twice"] = _edit(A, lambda d: d["parts"].append(copy.deepcopy(d["parts"][0])))
    f["missing-parts"] = _edit(A, _delete(["parts"]))
    f["missing-fingerprint"] = _edit(A, _delete(["fingerprint"]))
    f["missing-budget"] = _edit(A, _delete(["budget"]))
    f["unknown-top-level-key"] = _edit(A, _set(["trusted"], True))
    f["precision-negative"] = _edit(A, _set(["precision_bits"], -5))
    f["precision-huge"] = _edit(A, _set(["precision_bits"], 10**9))
    f["precision-a-text"] = _edit(A, _set(["precision_bits"], "128"))
    f["precision-true"] = _edit(A, _set(["precision_bits"], True))
    f["budget-a-list"] = _edit(A, _set(["budget"], [400, 48, 128, True]))
    f["a-list-not-a-record"] = [A]
    f["empty-file"] = ""
    f["not-utf8"] = b"\xff\xfe{\x00"
    f["schema-wrong"] = _edit(A, _set(["schema"], "proofcheck.certificate/0"))
    # tampering with a real certificate
    f["box-removed"] = _edit(A, lambda d: d["parts"][0]["boxes"].pop(0))
    f["box-end-moved-leaving-a-gap"] = _edit(A, lambda d: (  # its mean-value point moved along, to its midpoint
        _set(box0 + ["box", 0, 1], "1/4")(d), _set(dec0 + ["mean_value_at"], ["-7/8"])(d)))
    f["box-end-moved-overlapping"] = _edit(A, lambda d: (
        _set(box0 + ["box", 0, 1], "1")(d), _set(dec0 + ["mean_value_at"], ["-1/2"])(d)))
    f["box-end-moved-point-left-behind"] = _edit(A, _set(box0 + ["box", 0, 1], "1/4"))
    f["more-boxes-than-the-budget"] = _edit(A, _set(["budget", "max_boxes"], 1))
    f["box-duplicated"] = _edit(A, lambda d: d["parts"][0]["boxes"].append(copy.deepcopy(_box(d))))
    f["box-of-no-width-added"] = _edit(A, lambda d: d["parts"][0]["boxes"].append(
        {"box": [["1/2", "1/2"]], "decided": {"lhs": None, "rhs": None}}))
    f["one-box-for-the-domain"] = _edit(A, _set(["parts", 0, "boxes"], [
        {"box": [["-2", "3"]], "decided": {"lhs": None, "rhs": None, "mean_value_at": ["1/2"]}}]))
    f["relabelled-outside"] = _edit(A, _set(box0, {"box": A["parts"][0]["boxes"][0]["box"], "outside": "hypothesis"}))
    f["relabelled-excluded"] = _edit(A, _set(box0, {"box": A["parts"][0]["boxes"][0]["box"], "excluded": "budget"}))
    f["claim-swapped"] = _edit(A, _set(["claim"], "mine.xy-below-x"))
    f["claim-unknown"] = _edit(A, _set(["claim"], "mine.exp-above-x\nPROVES everything"))
    f["claim-a-number"] = _edit(A, _set(["claim"], 7))
    f["fingerprint-edited"] = _edit(A, _set(["fingerprint"], "0" * 32))
    f["fingerprint-multiline"] = _edit(A, _set(["fingerprint"], "a\nb\nc"))
    f["domain-coordinate-hi-edited"] = _edit(A, lambda d: (
        d["parts"][0]["domain"]["coordinates"][0].update(hi="4"),
        d["parts"][0]["boxes"][1]["box"][0].__setitem__(1, "4")))
    f["domain-coordinate-kind-edited"] = _edit(
        A, lambda d: d["parts"][0]["domain"]["coordinates"][0].update(kind="log"))
    f["domain-a-list"] = _edit(A, _set(["parts", 0, "domain"], []))
    f["status-says-sub-domain"] = _edit(A, lambda d: d.update(proved=False, status="sub-domain"))
    f["proved-disagrees-with-status"] = _edit(A, _set(["proved"], False))
    f["not-attempted-a-domain"] = _edit(A, _set(["not_attempted"], [{"domain": {}, "reason": "too big"}]))
    f["symbolic-decided-by-on-the-false-claim"] = _edit(N, lambda d: _box(d)["decided"].update(
        {"decided_by": {"by": "symbolic", "form": "199/2 - x0"}}) or _box(d)["decided"].pop("mean_value_at"))
    return f


def _deep_faces(n):
    r = {"by": "enclosure"}
    for _ in range(n):
        r = {"monotone": {"coordinate": 0, "end": "lo", "face": r}}
    return r


def _write(folder: Path, name: str, doc) -> Path:
    path = folder / (re.sub(r"[^a-z0-9-]", "_", name) + ".json")
    if isinstance(doc, bytes):
        path.write_bytes(doc)
    elif isinstance(doc, str):
        path.write_text(doc)
    else:
        path.write_text(json.dumps(doc, ensure_ascii=False))
    return path


# ----------------------------------------------------------------------------- the tests
def test_the_untampered_certificates_prove_their_claims(made):
    folder, claims_path, docs = made
    certs = [folder / "certificates" / f"{cid}.json" for cid in ("mine.exp-above-x", "mine.xy-below-x")]
    r, seconds = _cli("check-certificate", str(certs[0]), "--claims", str(claims_path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith("PROVES mine.exp-above-x on its declared domain") and r.stderr == ""
    both, seconds = _cli("check-certificate", *map(str, certs), "--claims", str(claims_path))  # several at once
    assert both.returncode == 0, both.stdout + both.stderr
    for cert in certs:
        assert re.search(rf"^{re.escape(str(cert))}: exit 0 \(proves its claim; [0-9.]+ s\)$", both.stdout, re.M)


def test_every_forgery_is_refused_quickly_in_one_line(made):
    folder, claims_path, docs = made
    forged = forgeries(docs)
    assert len(forged) >= 40
    out = folder / "forged"
    out.mkdir()
    paths = {name: _write(out, name, doc) for name, doc in forged.items()}
    r, wall = _cli("check-certificate", *map(str, paths.values()), "--claims", str(claims_path),
                   timeout=SECONDS * len(paths) + 60)
    assert r.returncode in (1, 2), r.stdout[-3000:] + r.stderr[-3000:]
    assert "internal error" not in r.stderr and "Traceback" not in r.stdout + r.stderr, r.stderr[-3000:]
    lines = (r.stdout + r.stderr).splitlines()
    slowest = 0.0
    for name, path in paths.items():
        mine = [x for x in lines if x.startswith(f"{path}: ")]
        verdict = [x for x in mine if re.fullmatch(rf"{re.escape(str(path))}: exit \d \(.*; [0-9.]+ s\)", x)]
        assert len(verdict) == 1, (name, mine)
        code, seconds = re.search(r": exit (\d) \(.*; ([0-9.]+) s\)$", verdict[0]).groups()
        assert code in ("1", "2"), (name, mine)  # never 0 (proves), never 3 (internal error)
        assert float(seconds) < SECONDS, (name, seconds)
        assert len(mine) <= MAX_LINES and sum(len(x) for x in mine) <= MAX_OUTPUT, (name, mine)
        if code == "2":
            assert len(mine) == 2, (name, mine)  # the one line naming the bad value, and the verdict
        slowest = max(slowest, float(seconds))
    print(f"{len(paths)} forgeries refused; the slowest in {slowest:.2f} s; {wall:.1f} s in all")


def test_the_worst_forgeries_each_in_a_process_of_their_own(made):
    """One certificate per process: the exit status itself, and one line on stderr."""
    folder, claims_path, docs = made
    forged = forgeries(docs)
    out = folder / "alone"
    out.mkdir()
    for name, code in (("int-mean-value-point-9999/100", 1), ("box-without-a-kind", 2), ("nested-200000", 2),
                       ("end-huge-negative-exponent", 2)):
        r, seconds = _cli("check-certificate", str(_write(out, name, forged[name])), "--claims", str(claims_path))
        assert r.returncode == code, (name, r.stdout, r.stderr)
        assert seconds < 30, (name, seconds)  # a process's start included
        if code == 2:
            assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, (name, r.stderr)
            assert len(r.stderr) < MAX_OUTPUT
        else:
            assert "not the midpoint or a corner" in r.stdout or "integer n takes several values" in r.stdout, r.stdout


def test_the_checker_in_process_refuses_the_integer_forgeries(made):
    """The same refusals from check_certificate itself, with what they say."""
    from proofcheck.prove.certificate import check_certificate
    from proofcheck.registry import load_claims_file

    folder, claims_path, docs = made
    claims = load_claims_file(str(claims_path))
    forged = forgeries(docs)
    for name in ("int-mean-value-point-9999/100", "int-decided-by-mean-value-9999/100", "int-mean-value-at-a-corner",
                 "int-face-along-the-integer"):
        res = check_certificate(copy.deepcopy(forged[name]), claims)
        assert not res.proves and any("integer n takes several values" in x for x in res.lines), (name, res.lines)
    res = check_certificate(copy.deepcopy(forged["int-split-the-last-value-by-mean-value"]), claims)
    assert not res.proves and any("box 1" in x and "is said decided but is not" in x for x in res.lines), res.lines
    res = check_certificate(copy.deepcopy(forged["box-duplicated"]), claims)
    assert not res.proves and any("overlap" in x for x in res.lines), res.lines
