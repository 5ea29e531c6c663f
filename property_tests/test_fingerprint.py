"""A claim's fingerprint sees what its verdict depends on in the user's files, and nothing of where they lie.

A claims file with a helper module beside it: a constant read as ``helper.BOUND``, a function called as
``helper.scale()``, an object's attribute (``CONFIG.bound``), an ``@st.composite`` strategy and a formula of
the user's (``@formula(monotone=...)``, called as ``m.NAME``). Editing each changes the fingerprint of the
claim that reads it (and of no other); the same two files in another folder give the same fingerprints; and
``run --resume --prove`` after an edit that makes claims false reports them violated, not proved — and a
proof carried over whose certificate no longer checks is made again.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORMULA = "fingerprint_test_twice"  # the user's formula of CLAIMS (a name no library formula has)

HELPER = '''
BOUND = 2


def scale(x):
    return x / 2
'''

CLAIMS = f'''
import sympy as sp
from hypothesis import strategies as st

from mechanisms.numerics.context.base import formula
from proofcheck import Claim, Source, real
from proofcheck import strategies as pst

import helper

L, R = sp.symbols("L R", real=True)


class Config:
    def __init__(self, bound):
        self.bound = bound


CONFIG = Config(2)


@formula(name="{FORMULA}", monotone={{"x": 1}})  # registered under a name that is no global of this file
def twice(ctx, x):
    """2x: increasing in x."""
    return 2 * x


@st.composite
def draw_x(draw):
    return {{"x": draw(pst.reals(0, 1))}}


def x(c, m):
    return m.value(c["x"])


def claim(cid, left, right, strategy=None):
    return Claim(id=cid, title=cid, source=Source("tests", "inline", cid), variables=(real("x", 0, 1),),
                 statement=sp.Le(L, R), quantities={{"L": left, "R": right}},
                 strategy=strategy if strategy is not None else st.fixed_dictionaries({{"x": pst.reals(0, 1)}}))


CLAIMS = [
    claim("mine.helper-bound", x, lambda c, m: helper.BOUND),
    claim("mine.helper-scale", lambda c, m: helper.scale(x(c, m)), lambda c, m: 1),
    claim("mine.config", x, lambda c, m: CONFIG.bound),
    claim("mine.strategy", x, lambda c, m: 1, strategy=draw_x()),
    claim("mine.formula", lambda c, m: m.{FORMULA}(x(c, m)), lambda c, m: 2),
]
'''


@pytest.fixture
def fresh(monkeypatch):
    """Each load imports the files anew: no bytecode cache (an edit within the same second keeps the size of a
    file), no helper module or formula left from the load before."""
    from mechanisms.numerics.context.base import FORMULAS

    monkeypatch.setattr(sys, "dont_write_bytecode", True)

    def clear():
        sys.modules.pop("helper", None)
        FORMULAS.pop(FORMULA, None)

    clear()
    yield clear
    clear()


def _write(folder: Path, helper: str = HELPER, claims: str = CLAIMS) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "helper.py").write_text(helper)
    (folder / "claims.py").write_text(claims)
    return folder / "claims.py"


def _fingerprints(path: Path, clear, check_draws: bool = True) -> dict:
    from proofcheck import registry
    from proofcheck.fingerprint import claim_fingerprint, claim_fingerprints

    clear()
    claims = registry.load_claims_file(str(path), check_draws=check_draws)
    out = {c.id: claim_fingerprint(c) for c in claims}
    assert claim_fingerprints(claims) == out  # the batch shares its work, never its answers
    return out


def _edited(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


EDITS = [  # (what is edited, in which file, old text, new text, the claim that reads it)
    ("a helper module's constant, read as helper.BOUND", "helper", "BOUND = 2", "BOUND = 3", "mine.helper-bound"),
    ("a helper function's body, called as helper.scale()", "helper", "return x / 2", "return x * 3",
     "mine.helper-scale"),
    ("an object's attribute, CONFIG.bound", "claims", "CONFIG = Config(2)", "CONFIG = Config(3)", "mine.config"),
    ("the body of an @st.composite strategy", "claims", '{"x": draw(pst.reals(0, 1))}',
     '{"x": draw(pst.reals(0, 1)) / 2}', "mine.strategy"),
    ("a user formula's body, called as m.NAME", "claims", "    return 2 * x\n", "    return 3 * x\n", "mine.formula"),
    ("a user formula's monotone declaration", "claims", 'monotone={"x": 1}', 'monotone={"x": -1}', "mine.formula"),
]


@pytest.mark.parametrize("what, where, old, new, reader", EDITS, ids=[e[0] for e in EDITS])
def test_an_edit_of_what_a_claim_reads_changes_its_fingerprint_and_no_other(tmp_path, fresh, what, where, old, new,
                                                                          reader):
    path = _write(tmp_path)
    before = _fingerprints(path, fresh)
    helper, claims = HELPER, CLAIMS
    if where == "helper":
        helper = _edited(helper, old, new)
    else:
        claims = _edited(claims, old, new)
    after = _fingerprints(_write(tmp_path, helper, claims), fresh)  # the same files, edited in place
    assert set(before) == set(after) and len(before) == 5
    changed = {cid for cid in before if before[cid] != after[cid]}
    assert changed == {reader}, f"{what}: changed {sorted(changed)}"


def test_the_same_files_in_another_folder_give_the_same_fingerprints(tmp_path, fresh):
    here = _fingerprints(_write(tmp_path / "here"), fresh)
    there = tmp_path / "elsewhere" / "deeper"
    there.mkdir(parents=True)
    for name in ("claims.py", "helper.py"):
        shutil.copy(tmp_path / "here" / name, there / name)
    assert _fingerprints(there / "claims.py", fresh) == here
    # and the same in another process (nothing of the process, nor of its hash seed, enters)
    code = ("import sys, json; sys.dont_write_bytecode = True; from proofcheck import registry; "
            "from proofcheck.fingerprint import claim_fingerprint; "
            f"print(json.dumps({{c.id: claim_fingerprint(c) for c in registry.load_claims_file({str(there / 'claims.py')!r})}}))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=240,
                       env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout.strip().splitlines()[-1]) == here


def test_drawing_from_a_strategy_does_not_change_the_fingerprint(tmp_path, fresh):
    from hypothesis import find, settings

    from proofcheck import registry
    from proofcheck.fingerprint import claim_fingerprint

    fresh()
    claims = registry.load_claims_file(str(_write(tmp_path)), check_draws=False)
    before = {c.id: claim_fingerprint(c) for c in claims}
    for c in claims:  # a lazy strategy caches what it wraps once drawn from
        find(c.strategy, lambda _: True, settings=settings(max_examples=3, database=None))
    assert {c.id: claim_fingerprint(c) for c in claims} == before


def test_library_code_is_named_and_the_users_code_is_hashed(tmp_path, fresh):
    from proofcheck.fingerprint import _own

    for library in ("proofcheck.measures", "proofcheck.fingerprint", "mechanisms.numerics.context.base", "numpy",
                    "sympy", "hypothesis.strategies", "json", "builtins"):
        assert not _own(library), library
    assert _own("proofcheck.claims.s000") and _own("proofcheck_user_0123456789abcdef")
    _fingerprints(_write(tmp_path), fresh)
    assert _own("helper")  # a module beside the claims file


# ----------------------------------------------------------------------------- run --resume --prove
E2E_HELPER = '''
BOUND = 2


def scale(x):
    return x / 2


class Config:
    def __init__(self, bound):
        self.bound = bound


CONFIG = Config(2)
'''

E2E_CLAIMS = '''
import sympy as sp
from hypothesis import strategies as st

from proofcheck import Claim, Source, real
from proofcheck import strategies as pst

import helper

L, R = sp.symbols("L R", real=True)


def x(c, m):
    return m.value(c["x"])


def claim(cid, left, right):
    return Claim(id=cid, title=cid, source=Source("tests", "inline", cid), variables=(real("x", 0, 1),),
                 statement=sp.Le(L, R), quantities={"L": left, "R": right},
                 strategy=st.fixed_dictionaries({"x": pst.reals(0, 1)}))


CLAIMS = [
    claim("mine.helper-bound", x, lambda c, m: helper.BOUND),
    claim("mine.helper-scale", lambda c, m: helper.scale(x(c, m)), lambda c, m: 1),
    claim("mine.helper-config", x, lambda c, m: helper.CONFIG.bound),
]
'''


def _pc(*args, cwd):
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "proofcheck.cli", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, env=env)


def _records(out: Path) -> dict:
    return {r["id"]: r for r in json.loads((out / "report.json").read_text())["claims"]}


def test_resume_prove_never_carries_a_proof_of_code_that_changed(tmp_path):
    (tmp_path / "helper.py").write_text(E2E_HELPER)
    claims = tmp_path / "claims.py"
    claims.write_text(E2E_CLAIMS)
    out = tmp_path / "out"
    run = ("run", "--claims", str(claims), "--prove", "--cases", "30", "--seed", "0", "--prove-boxes", "200",
           "--jobs", "1", "--quiet", "--out", str(out))
    r = _pc(*run, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "3 hold (3 of them proved on their whole domain)" in r.stdout, r.stdout
    ids = ("mine.helper-bound", "mine.helper-scale", "mine.helper-config")

    # the claims file and its helper moved to another folder: the certificate still checks
    moved = tmp_path / "moved" / "elsewhere"
    moved.mkdir(parents=True)
    for name in ("claims.py", "helper.py"):
        shutil.copy(tmp_path / name, moved / name)
    ok = _pc("check-certificate", str(out / "certificates" / "mine.helper-scale.json"), "--claims",
             str(moved / "claims.py"), cwd=ROOT)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.strip().endswith("PROVES mine.helper-scale on its declared domain")

    # a certificate that no longer proves its claim (a box removed) is not carried: the claim is proved again
    cert = out / "certificates" / "mine.helper-bound.json"
    data = json.loads(cert.read_text())
    data["parts"][0]["boxes"].pop()
    cert.write_text(json.dumps(data))
    r = _pc(*run, "--resume", cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "mine.helper-bound was proved in results.jsonl, but its certificate" in r.stderr, r.stderr
    assert "do not cover the domain" in r.stderr
    assert "3 hold (3 of them proved on their whole domain)," in r.stdout
    assert "(2 taken from an earlier run's results.jsonl)" in r.stdout, r.stdout
    assert json.loads(cert.read_text())["parts"][0]["boxes"] != data["parts"][0]["boxes"]  # written again

    # the helper edited: all three claims are false now; resume checks them again and proves none
    (tmp_path / "helper.py").write_text(E2E_HELPER.replace("BOUND = 2", "BOUND = -1")
                                        .replace("return x / 2", "return x * 3")
                                        .replace("CONFIG = Config(2)", "CONFIG = Config(-1)"))
    r = _pc(*run, "--resume", cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "0 hold (0 of them proved on their whole domain), 3 violated" in r.stdout, r.stdout
    assert "taken from an earlier run" not in r.stdout
    recs = _records(out)
    for cid in ids:
        assert recs[cid]["verdict"] == "violated" and recs[cid]["proved"] is False, recs[cid]
        assert not (out / "certificates" / f"{cid}.json").exists()  # a stale certificate is removed
