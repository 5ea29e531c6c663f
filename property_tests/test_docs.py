"""Every command and example shown in README.md and docs/*.md runs (docs/routes.md aside: it is generated, and
test_routes_reference keeps it equal to the code).

The pages' fenced code blocks are read as follows; a block of any other language fails the test, so that nothing is
skipped silently.

* ``<!-- not run: why -->`` on the line just above a block: the block is not run, and the page says why.
* ``sh``: each line is one command (a trailing ``# comment`` is dropped). ``proofcheck ARGS`` (or
  ``.venv/bin/proofcheck ARGS``) runs as ``python -m proofcheck.cli ARGS`` does — ``proofcheck.cli.main(ARGS)`` — in a
  process forked from this test (the imports are paid once, not per command), with a timeout of its own, in a
  scratch folder of the page whose ``examples/`` is the repository's; it must exit 0. ``run`` and ``show`` (but
  ``show --from``) get a small counted budget, ``--cases CASES`` (added, or lowered to it), except a run of a claims
  file of ``examples/`` (my_claims.py: two claims, seconds at their own budget, whose report the README quotes).
  Any other command in a block that is run fails the test: such a block must say why it is not run.
* ``python``: the page's python blocks run in order in one namespace, in a forked process; a python block followed
  by a ``text`` block must print exactly that text.
* ``text`` after ``<!-- excerpt of PATH -->``: every line but ``…`` is a line of PATH (written by the page's own
  commands, in the scratch folder).
* The two setup commands of the README (a venv, an install, then the main job or the tests) are not run: the test
  command must be .ci/run's, and both must name what pyproject.toml declares (the script, the extras).
"""
from __future__ import annotations

import multiprocessing
import os
import re
import shlex
import signal
import sys
import time
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["README.md"] + sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md") if p.name != "routes.md")
CASES = 3  # cases per claim for the documented `run` and `show` commands
COMMAND_TIMEOUT = 60  # seconds for one command, or for one page's python blocks
LANGUAGES = {"sh", "python", "text"}

_FENCE = re.compile(r"^```(?P<lang>[^\n`]*)\n(?P<body>.*?)^```[ \t]*$", re.S | re.M)
_NOT_RUN = re.compile(r"<!--\s*not run:\s*(?P<why>.*?)\s*-->\s*$", re.S)
_EXCERPT = re.compile(r"<!--\s*excerpt of\s+(?P<path>\S+)\s*-->\s*$")


class Block:
    def __init__(self, page: str, lang: str, body: str, line: int, marker: str):
        self.page, self.lang, self.body, self.line = page, lang, body, line
        m = _NOT_RUN.search(marker)
        self.not_run = m.group("why") if m else None
        m = _EXCERPT.search(marker)
        self.excerpt_of = m.group("path") if m else None

    def __repr__(self):
        return f"{self.page}:{self.line} ({self.lang})"


def blocks(page: str) -> list[Block]:
    text = (ROOT / page).read_text(encoding="utf-8")
    out = []
    for m in _FENCE.finditer(text):
        before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]  # the line just above the fence
        out.append(Block(page, m.group("lang").strip(), m.group("body"), text.count("\n", 0, m.start()) + 1, before))
    return out


def commands(block: Block) -> list[str]:
    out = []
    for raw in block.body.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = shlex.split(line, comments=True)
        if words:
            out.append(words)
    return out


def proofcheck_args(words: list[str]) -> list[str] | None:
    """The arguments of a `proofcheck ...` command; None for any other command."""
    if words and words[0] in ("proofcheck", ".venv/bin/proofcheck"):
        return list(words[1:])
    return None


def budgeted(args: list[str]) -> list[str]:
    """`run` / `show` with a small counted budget (see the module's docstring)."""
    if not args or args[0] not in ("run", "show") or "--from" in args:
        return args
    if "--claims" in args and args[args.index("--claims") + 1].startswith("examples/"):
        return args
    if "--cases" in args:
        i = args.index("--cases") + 1
        return args[:i] + [str(min(int(args[i]), CASES))] + args[i + 1:]
    return args + ["--cases", str(CASES)]


# ----------------------------------------------------------------------------- running in a forked process
def _child(target, folder: Path, out: Path) -> None:
    os.setsid()  # its own process group: a timeout ends it with every worker it forked
    os.chdir(folder)
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    sys.stdout = open(1, "w", buffering=1, closefd=False)
    sys.stderr = open(2, "w", buffering=1, closefd=False)
    code = 3
    try:
        code = target()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 4
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code or 0)


def forked(target, folder: Path, out: Path, timeout: float = COMMAND_TIMEOUT) -> int:
    """Run target() in a process forked from this one, in folder, stdout and stderr to out: its exit status."""
    p = multiprocessing.get_context("fork").Process(target=_child, args=(target, folder, out))
    p.start()
    p.join(timeout)
    if p.is_alive():
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.join()
        pytest.fail(f"timed out after {timeout} s; its output:\n{out.read_text()[-3000:]}")
    return p.exitcode


@pytest.fixture(scope="module")
def loaded():
    """Import the CLI and the papers' claims once, before any fork (each command then starts at once)."""
    import proofcheck.cli  # noqa: F401
    from proofcheck import registry

    registry.builtin_claims()
    return True


def _scratch(tmp_path: Path) -> Path:
    (tmp_path / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    return tmp_path


# ----------------------------------------------------------------------------- the pages
def test_every_page_has_only_known_blocks_and_says_why_a_block_is_not_run():
    seen = 0
    for page in PAGES:
        for b in blocks(page):
            seen += 1
            assert b.lang in LANGUAGES, f"{b}: a block of language {b.lang!r} (write sh, python or text)"
            if b.not_run is not None:
                assert len(b.not_run) > 10, f"{b}: say why the block is not run"
                assert b.lang != "text", f"{b}: a text block is never run; mark the block it belongs to"
            if b.lang == "sh" and b.not_run is None:
                for words in commands(b):
                    assert proofcheck_args(words) is not None, (
                        f"{b}: {' '.join(words)!r} is not a proofcheck command: run it here, or mark the block "
                        f"<!-- not run: why -->")
    assert seen > 20


@pytest.mark.parametrize("page", PAGES)
def test_the_page_runs(page, loaded, tmp_path):
    from proofcheck.cli import main

    folder = _scratch(tmp_path)
    page_blocks = blocks(page)
    start = time.monotonic()
    ran = 0
    for b in page_blocks:
        if b.lang != "sh" or b.not_run is not None:
            continue
        for words in commands(b):
            args = budgeted(proofcheck_args(words))
            out_dir = args[args.index("--out") + 1] if "--out" in args else None
            assert out_dir is None or not os.path.isabs(out_dir), f"{b}: --out {out_dir}: use a relative folder"
            log = tmp_path / f"command-{ran}.log"
            code = forked(lambda: main(args), folder, log)
            assert code == 0, f"{b}: `proofcheck {' '.join(args)}` exited {code}:\n{log.read_text()[-3000:]}"
            ran += 1

    # the python blocks, in order, in one namespace; each block's output apart
    python = [(i, b) for i, b in enumerate(page_blocks) if b.lang == "python" and b.not_run is None]
    if python:
        def run_blocks():
            namespace: dict = {"__name__": "__docs__"}
            for i, b in python:
                with open(tmp_path / f"python-{i}.out", "w") as f:
                    stdout, sys.stdout = sys.stdout, f
                    try:
                        exec(compile(b.body, f"{page}:{b.line}", "exec"), namespace)
                    finally:
                        sys.stdout = stdout
            return 0

        log = tmp_path / "python.log"
        code = forked(run_blocks, folder, log, timeout=2 * COMMAND_TIMEOUT)
        assert code == 0, f"{page}: its python blocks failed:\n{log.read_text()[-3000:]}"
        for i, b in python:
            follows = page_blocks[i + 1] if i + 1 < len(page_blocks) else None
            if follows is not None and follows.lang == "text" and follows.excerpt_of is None:
                got = (tmp_path / f"python-{i}.out").read_text()
                assert got.strip() == follows.body.strip(), f"{b} prints\n{got}\nwhile {follows} shows\n{follows.body}"
            ran += 1

    for b in page_blocks:
        if b.excerpt_of is not None:
            path = folder / b.excerpt_of
            assert path.is_file(), f"{b}: an excerpt of {b.excerpt_of}, which the page's commands did not write"
            written = path.read_text(encoding="utf-8").splitlines()
            for line in b.body.splitlines():
                assert line == "…" or line in written, f"{b}: {line[:120]!r} is not a line of {b.excerpt_of}"
    print(f"{page}: {ran} commands and blocks in {time.monotonic() - start:.1f} s")


def test_the_setup_commands_are_the_ci_and_pyproject_ones():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The two commands", 1)[1].split("\n## ", 1)[0]
    setup = [b for b in blocks("README.md") if b.lang == "sh" and b.body.strip() in section]
    assert len(setup) == 2 and all(b.not_run for b in setup), setup
    main_job, tests = (b.body.strip() for b in setup)
    assert main_job == "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/proofcheck run --out report"
    assert tests == "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/pytest -n 2"
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert tests in ci, "the README's test command is .ci/run's"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["proofcheck"] == "proofcheck.cli:main"  # .venv/bin/proofcheck
    test_extra = project["project"]["optional-dependencies"]["test"]
    assert any(d.startswith("pytest>") for d in test_extra) and any(d.startswith("pytest-xdist") for d in test_extra)
    assert project["tool"]["pytest"]["ini_options"]["testpaths"] == ["property_tests"]
    # and the main job's arguments are ones `proofcheck run` takes
    from proofcheck.cli import build_parser

    args = build_parser().parse_args(shlex.split(main_job.split(".venv/bin/proofcheck ", 1)[1]))
    assert args.cmd == "run" and args.out == "report"


def _anchors(path: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them (lower case, punctuation dropped, spaces as -)."""
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.*)$", text, flags=re.M)}


def test_the_pages_link_to_pages_and_sections_that_exist():
    for page in PAGES:
        text = _FENCE.sub("", (ROOT / page).read_text(encoding="utf-8"))  # links outside the code blocks
        for target, anchor in re.findall(r"\]\(([^)#\s]+\.md)(?:#([^)]*))?\)", text):
            path = ((ROOT / page).parent / target).resolve()
            assert path.is_file(), f"{page}: a link to {target}, which is missing"
            assert not anchor or anchor in _anchors(path), f"{page}: a link to {target}#{anchor}, no such section"
