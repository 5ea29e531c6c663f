"""The command line's bad-input contract, in process: one line on stderr, "proofcheck: error: ..." naming
the offending value, exit status 2 — never a traceback, never exit 3, never a NaN. Also: the VMF figures
at κ = 0 (the uniform law: exact zeros), and user text that cannot break report.md's Markdown."""
import json
import re
from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import strategies as st

from proofcheck.cli import main

BIG = "1" * 5000  # beyond Python's 4,300-digit limit on int <-> str
DEEP = "[" * 100_000


def _run(capsys, argv):
    try:
        rc = main(argv)
    except SystemExit as e:  # argparse's own errors (one line too, see cli._Parser)
        rc = e.code
    out, err = capsys.readouterr()
    return rc, out, err


def _one_line_error(rc, err, argv):
    shown = [a[:80] for a in argv]
    assert rc == 2, (shown, err[:500])
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("proofcheck: error: "), (shown, err[:500])
    assert "Traceback" not in err and "internal error" not in err
    assert not re.search(r"\bnan\b", lines[0].split(" = ", 1)[0], re.I)
    return lines[0]


HEAD = """import sympy as sp
from hypothesis import strategies as st
from proofcheck import Claim, Hypothesis, Source, real
from proofcheck.strategies import cases
x, a = sp.symbols("x a")
"""
HYP_NOT_RELATION = HEAD + (
    "CLAIMS = [Claim(id='mine.h', title='t', source=Source('notes', 'here', 'x <= 1'), variables=(real('x', 0, 1),), "
    "statement=sp.Le(x, 1), quantities={'x': lambda c, m: m.num(c['x']), 'a': lambda c, m: m.num(1)}, "
    "strategy=cases(x=st.floats(0, 1)), hypotheses=(Hypothesis('a is positive', a + 1),))]\n")


@pytest.fixture
def files(tmp_path):
    (tmp_path / "deep.json").write_text(DEEP)
    (tmp_path / "bigint.json").write_text(f"[[{BIG}]]")
    (tmp_path / "claims.txt").write_text(HEAD + "CLAIMS = []\n")
    (tmp_path / "hyp.py").write_text(HYP_NOT_RELATION)
    for name, body in {"truncated": '{"schema": "proofcheck.report/2", "claims": [{"id": "s000.lem',
                       "alist": "[1, 2, 3]", "noclaims": '{"schema": "proofcheck.report/2"}',
                       "claimsdict": '{"claims": {"s000.lem.5.2": {}}}'}.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "report.json").write_text(body)
    return tmp_path


CHANNEL = '[["1/2","1/2"],["1/4","3/4"]]'
LONG_BAD = json.dumps([["0.2"] * 10] * 10)  # 10x10, over 255 characters: rows sum to 2

# (argv with {tmp} for the fixture's folder, substrings the one line must hold)
CASES = {
    "long-inline-channel": (["measure", LONG_BAD], ["channel[0] must sum to 1, got sum(channel[0])=2"]),
    "path-too-long": (["measure", "c" * 300 + ".json"], ["channel 'ccccc", "File name too long"]),
    "missing-file": (["measure", "{tmp}/nope.json"], ["nope.json", "No such file"]),
    "folder-as-channel": (["measure", "{tmp}"], ["Is a directory"]),
    "int-over-4300-digits": (["measure", f"[[{BIG}]]"], ["channel[0,0] = '11111", "5000 characters", "4300 digits"]),
    "int-over-4300-digits-file": (["measure", "{tmp}/bigint.json"], ["channel[0,0] = '11111", "4300 digits"]),
    "int-over-4300-digits-prior": (["measure", "[[1]]", "--prior", f"[{BIG}]"], ["prior[0] = '11111", "4300 digits"]),
    "p/q-over-4300-digits": (["measure", f'[["{BIG}/2"]]'], ["channel[0,0] = '11111", "4300 digits"]),
    "huge-exponent": (["measure", "[[1e-99999999]]"], ["channel[0,0] = '1e-99999999'"]),
    "deep-nesting": (["measure", DEEP], ["channel nests lists too deeply", "[[[["]),
    "deep-nesting-file": (["measure", "{tmp}/deep.json"], ["channel nests lists too deeply"]),
    "list-in-an-entry": (["measure", "[[[0.5], 0.5]]"], ["channel[0,0] is a JSON list, not a number"]),
    "flat-channel": (["measure", "[0.5, 0.5]"], ["channel[0] must be a list of numbers, got a JSON number 0.5"]),
    "object-channel": (["measure", '{"a": 1}'], ["channel must be a list of rows, got a JSON object"]),
    "alpha-huge-exponent": (["measure", CHANNEL, "--alpha", "1e999999999"], ["alpha = '1e999999999'"]),
    "alpha-nan": (["measure", CHANNEL, "--alpha", "nan"], ["alpha = 'nan' is not an exact number"]),
    "alpha-inf": (["measure", CHANNEL, "--alpha", "inf"], ["alpha = 'inf' is not an exact number"]),
    "alpha-one": (["measure", CHANNEL, "--alpha", "1"], ["alpha = 1 must be > 1"]),
    "claims-without-py": (["run", "--claims", "{tmp}/claims.txt", "--quiet"], ["claims.txt", "ends in .py"]),
    "list-claims-without-py": (["list", "--claims", "{tmp}/claims.txt"], ["claims.txt", "ends in .py"]),
    "claims-is-a-folder": (["list", "--claims", "{tmp}"], ["is not a file"]),
    "hypothesis-not-a-relation": (["list", "--claims", "{tmp}/hyp.py"],
                                  ["hyp.py", "mine.h", "hypothesis 'a is positive' must be a sympy relation", "a + 1"]),
    "show-truncated-report": (["show", "s000.lem.5.2", "--from", "{tmp}/truncated"],
                              ["truncated/report.json", "is not valid JSON"]),
    "show-report-is-a-list": (["show", "s000.lem.5.2", "--from", "{tmp}/alist"], ["alist/report.json", "JSON list"]),
    "show-report-without-claims": (["show", "s000.lem.5.2", "--from", "{tmp}/noclaims"],
                                   ["noclaims/report.json", 'has no "claims"']),
    "show-claims-not-a-list": (["show", "s000.lem.5.2", "--from", "{tmp}/claimsdict"],
                               ["claimsdict/report.json", "JSON object, not a list"]),
    "vmf-kappa-huge-exponent": (["vmf", "3", "1e99999999"], ["kappa = '1e99999999'"]),
    "vmf-p-over-4300-digits": (["vmf", BIG, "1"], ["p = '11111", "4300 digits"]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_is_one_line_naming_the_value(name, files, capsys):
    argv, needles = CASES[name]
    argv = [a.replace("{tmp}", str(files)) for a in argv]
    rc, out, err = _run(capsys, argv)
    line = _one_line_error(rc, err, argv)
    for needle in needles:
        assert needle.replace("{tmp}", str(files)) in line, (name, line)
    assert out == ""


def _measure(capsys, *argv):
    rc, out, err = _run(capsys, ["measure", *argv])
    assert rc == 0 and err == "", err
    return json.loads(out)


def test_a_long_inline_channel_is_read_as_json(capsys):
    out = _measure(capsys, json.dumps([["0.1"] * 10] * 10))
    assert out["bayes_capacity"] == "1" and out["ldp_level"] == "[0, 0]"


def test_an_absurd_alpha_gives_the_correct_certified_value(capsys):
    # D_α → D_∞ = max log(P/Q) = log 2 between (1/2, 1/2) and (1/4, 3/4); at α = 1e308 it is within 1e-300 of it
    out = _measure(capsys, CHANNEL, "--alpha", "1e308")
    lo, hi = (float(v) for v in out["max_renyi_divergence_alpha_1e308"].strip("[]").split(","))
    assert lo <= 0.6931471805599453 <= hi and hi - lo < 1e-15
    # α next to 1: D_α → KL, the larger being KL(P‖Q) = ½ log(4/3); never a [-inf, +inf] ball
    import math

    a = "1." + "0" * 60 + "1"
    out = _measure(capsys, CHANNEL, "--alpha", a)
    lo, hi = (float(v) for v in out[f"max_renyi_divergence_alpha_{a}"].strip("[]").split(","))
    assert lo <= 0.5 * math.log(4 / 3) * (1 + 1e-15) and hi >= 0.5 * math.log(4 / 3) * (1 - 1e-15) and hi - lo < 1e-15
    # a zero in the second row: exactly +inf, as the LDP level
    out = _measure(capsys, '[["1/2","1/2"],[0,1]]', "--alpha", "1e308")
    assert out["max_renyi_divergence_alpha_1e308"] == "+inf (exact)" == out["ldp_level"]


def test_a_one_row_channel_has_renyi_level_zero_as_its_ldp_level(capsys):
    out = _measure(capsys, "[[1]]", "--alpha", "2")
    assert out["max_renyi_divergence_alpha_2"] == "[0, 0]" == out["ldp_level"]


# ----------------------------------------------------------------------------- VMF at κ = 0
def test_vmf_at_kappa_zero_is_exactly_uniform(capsys):
    rc, out, err = _run(capsys, ["vmf", "13700", "0", "--alpha", "2", "--delta", "1/100000"])
    assert rc == 0 and err == "", err
    doc = json.loads(out)
    assert doc["renyi_dp_tau_alpha"] == "[0, 0]" and doc["log_bayes_capacity"] == "[0, 0]"
    # ε at δ is the RDP conversion of τ = 0: log(1 − 1/α) − (log δ + log α)/(α − 1)
    import math

    eps = math.log(0.5) - (math.log(1e-5) + math.log(2))
    lo, hi = (float(v) for v in doc["epsilon_at_delta"].strip("[]").split(","))
    assert lo <= eps <= hi and hi - lo < 1e-14


@pytest.mark.parametrize("p", [2, 3, 50, 13700])
def test_vmf_routes_at_kappa_zero_are_exact_zeros(p):
    from mechanisms.continuous import capacity, vmf_renyi  # noqa: F401  (register the formulas)
    from mechanisms.numerics.context import certified, enclosure, fp

    for value in (certified.vmf_rdp(p, 0, 2), certified.vmf_rdp(p, "0", Fraction(7, 2)),
                  certified.vmf_capacity(p, 0), *certified.vmf_taus(p, 0, 4).values(),
                  certified.vmf_rdp_nu(Fraction(p, 2) - 1, 0, 3)):
        assert enclosure(value).is_exact() and value == 0
    assert fp.vmf_rdp(p, 0, 2.0) == 0.0 and fp.vmf_rdp_nu(p / 2 - 1, 0, 3.0) == 0.0
    assert fp.vmf_capacity(p, 0) == 0.0 and set(fp.vmf_taus(p, 0, 4).values()) == {0.0}


def test_vmf_kappa_above_zero_is_unchanged():
    import math

    import flint

    from mechanisms.continuous import vmf_renyi  # noqa: F401  (registers the formulas)
    from mechanisms.numerics.context import certified

    # p = 3: τ_2 = log(sinh 3 / (3 sinh 1)) (I_{1/2}(x) = √(2/(πx)) sinh x)
    with flint.ctx.workprec(128):
        ball = certified.vmf_rdp(3, 1, 2)
    assert ball.contains(ball.mid()) and abs(float(ball.mid()) - math.log(math.sinh(3) / (3 * math.sinh(1)))) < 1e-14


# ----------------------------------------------------------------------------- user text in report.md
def _claim_and_result(verdict):
    from proofcheck import Claim, Hypothesis, Source, real
    from proofcheck.runs.engine import Result
    from proofcheck.strategies import cases

    x = sp.Symbol("x")
    claim = Claim(id="mine.md", title="Title | with a pipe\n# INJ title",
                  source=Source("notes", "Sec. 3\n# INJ where | cell", "a quote\n# INJ quote | x"),
                  variables=(real("x", 0, 1),), statement=sp.Le(3 * x, 1),
                  quantities={"x": lambda c, m: m.num(c["x"])}, strategy=cases(x=st.floats(0, 1)),
                  hypotheses=(Hypothesis("x is\n# INJ hypothesis | h", sp.Le(x, 1)),),
                  encoding="enc\n# INJ encoding | e", reading="the\n# INJ reading | r")
    cx = None
    if verdict == "violated":
        cx = {"objects": {"x": "1/2"}, "denominator": 2, "lhs": "[1.5, 1.5]", "rhs": "[1, 1]", "relation": "<=",
              "certificate": {"method": "exact", "precision_bits": 128, "gap_lower_bound": "0.5"},
              "margin_enclosure": "[-0.5, -0.5]", "quantities": {"x": "1/2"}}
    evidence = {"summary": "searched\n# INJ evidence | ev"} if verdict == "holds" else {}
    result = Result(id=claim.id, verdict=verdict, margin=-0.5 if cx else 0.1, relative_margin=None,
                    counterexample=cx, evidence=evidence, seconds=0.1)
    return claim, result


def _unescaped_pipes(line):
    return len(re.findall(r"(?<!\\)\|", line))


def _check_markdown(md, table_cells=()):
    """No user text opens a heading (in a blockquote or not); every row of each table has its cells."""
    for line in md.splitlines():
        if line.lstrip(">").lstrip().startswith("#"):
            assert "INJ" not in line, line
    for header, cells in table_cells:
        lines = md.splitlines()
        i = lines.index(header)
        for row in lines[i + 2:]:
            if not row.startswith("|"):
                break
            assert _unescaped_pipes(row) == cells + 1, row


def test_user_text_cannot_break_report_markdown():
    from proofcheck import report

    claim, result = _claim_and_result("violated")
    pairs = [(claim, result)]
    records = [dict(report.claim_record(claim, result), counterexample_file=None)]
    statements = report.statement_records(pairs)
    for s in statements:
        s["counterexample_file"] = None
    doc = {"generated": "now", "command": "proofcheck run --only 'x\n# INJ command'", "seed": 0,
           "seconds_per_claim": 1.0, "summary": {"holds": 0, "violated": 1, "inconclusive": 0},
           "statement_summary": {"violated": 1, "depends-on-reading": 0, "holds": 0, "inconclusive": 0},
           "statements": statements, "claims": records}
    md = report.markdown_table(doc)
    _check_markdown(md, [("| statement | verdict | primary reading | readings | variants |", 5),
                         ("| id | verdict | margin | statement | evidence | counterexample |", 6)])
    assert "Sec. 3 # INJ where | cell" in md  # the where, on its line in the errata entry
    assert "Title \\| with a pipe # INJ title" in md  # the title, escaped, in the claim table
    # report.json keeps the text as written
    assert records[0]["source"]["where"] == "Sec. 3\n# INJ where | cell"

    cx_md = report.counterexample_markdown(claim, result, "fig.png", 0)
    _check_markdown(cx_md, [("| side | enclosure |", 2)])
    assert "> a quote # INJ quote | x" in cx_md and "Source: `notes`, Sec. 3 # INJ where | cell." in cx_md
    assert "Encoding: enc # INJ encoding | e" in cx_md and "Hypothesis: x is # INJ hypothesis | h" in cx_md
    assert "Reading: `the # INJ reading | r`." in cx_md


def test_a_leading_hash_is_not_a_heading():
    from proofcheck.texts import md_line as _md_line

    assert _md_line("# title\nmore") == "\\# title more"
    assert _md_line("  ## x") == "\\## x"


def test_write_report_keeps_user_text_inside_its_cell(tmp_path):
    from proofcheck.report import write_report

    claim, result = _claim_and_result("holds")
    write_report([(claim, result)], tmp_path, 0, 1.0, "proofcheck run")
    md = (tmp_path / "report.md").read_text()
    _check_markdown(md, [("| statement | verdict | primary reading | readings | variants |", 5),
                         ("| id | verdict | margin | statement | evidence | counterexample |", 6)])
    assert json.loads((tmp_path / "report.json").read_text())["claims"][0]["title"] == claim.title
