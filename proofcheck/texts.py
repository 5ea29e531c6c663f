"""One-line texts of a run's records, as the report, the findings and the CLI write them: a counterexample, a
labelled enclosure, why a claim holds or a corrected form has its verdict, and the user's text kept on its
Markdown line (a newline becomes a space, a leading '#' cannot open a heading, a '|' cannot open a cell)."""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation, ROUND_CEILING, ROUND_FLOOR



def variant_why(rec: dict) -> str:
    """Why a claim (a corrected form) has its verdict, in one line: violated — its certified witness, labelled, and
    the certified margin; holds — its proof or its search and the smallest margin found; inconclusive — the
    reason."""
    if rec["verdict"] == "violated":
        cx = rec.get("counterexample") or {}
        margin = cx.get("margin_enclosure")
        return (f"certified witness: {cx_line(cx, rec.get('sides'))}"
                + (f"; certified margin ∈ {short_enclosure(margin)}" if margin else ""))
    if rec["verdict"] == "holds":
        margin = rec.get("margin")
        smallest = (f"; smallest margin found {margin:.3g}" if isinstance(margin, (int, float)) else "")
        if rec.get("proved"):
            return short(holds_text(rec).removeprefix("holds — ") + smallest, 400)
        # why it is not proved is the claim's own business (report.md's claim table): here, what was checked
        search = ((rec.get("evidence") or {}).get("summary")) or "the search"
        return short(f"no counterexample in {search}" + smallest, 400)
    return "inconclusive: " + short(((rec.get("evidence") or {}).get("reason") or ""), 300)


def short(s: str, n: int = 110) -> str:
    s = " ".join(str(s).split())
    return s if len(s) <= n else s[: n - 1] + "…"


# ----------------------------------------------------------------------------- user text in Markdown
# Titles, sources, quotes, readings, encodings and reasons are the claim author's text: where they reach
# report.md or a counterexample file they stay on their line (a newline becomes a space), cannot open a
# heading (a leading '#' is escaped) and, in a table, cannot open a cell ('|' is escaped).
def md_line(s) -> str:
    """User text on one Markdown line: line breaks become spaces; a leading '#' cannot make a heading."""
    text = " ".join(str(s).splitlines()).strip()
    return "\\" + text if text.startswith("#") else text


def one_line(s) -> str:
    return " ".join(str(s).splitlines())


def md_row(*cells) -> str:
    """A Markdown table row of cells already on one line (see md_line, md_code): each '|' in them escaped,
    so that no text opens a cell."""
    return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"


def md_code(s) -> str:
    """User text as inline code: one line, fenced with more backticks than it contains."""
    text = " ".join(str(s).splitlines())
    runs = [len(r) for r in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if runs or text.startswith(" ") or text.endswith(" ") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def mc_text(ev: dict) -> str:
    recs = ev.get("monte_carlo") or []
    if not recs:
        return ""
    inside = sum(r["inside"] for r in recs)
    r0 = recs[0]
    return (f"; Monte Carlo: {inside}/{len(recs)} rigorous intervals contain the closed form "
            f"(n = {r0['n']}, confidence {r0['confidence']}, {r0['method']}, seed {r0['seed']}, {r0['device']})")


def thin_text(thin: dict) -> str:
    """'thin: 3 cases of 100 asked (the search drew …)': a `holds` whose search ran fewer cases than asked."""
    asked = f" of {thin['asked']} asked" if thin.get("asked") is not None else ""
    return f"thin: {thin['cases']} case{'' if thin['cases'] == 1 else 's'}{asked} ({thin['why']})"


def holds_text(rec: dict) -> str:
    """'holds — proved on <domain> (N boxes)', or 'holds — no counterexample in <search>' (and why not proved:
    'proved for sizes …' only, vacuous, a sub-domain, ...)."""
    proof = (rec.get("evidence") or {}).get("proof") or {}
    if rec.get("proved"):
        return f"holds — proved on {proof['domain']} ({proof['boxes']} boxes)"
    ev = rec.get("evidence") or {}
    search = ev.get("summary", "the search")
    thin = f"{thin_text(rec['thin'])}; " if rec.get("thin") else ""
    if proof.get("status") == "proved-for-sizes":
        return (f"holds — {thin}proved for sizes {sizes_text(proof.get('sizes') or {})} only ({proof['boxes']} boxes; "
                f"sizes not declared, so not proved on its domain); no counterexample in {search}")
    text = f"holds — {thin}no counterexample in {search}"
    if proof.get("status") == "vacuous":
        return text + f"; not proved: the proof is vacuous ({proof['summary']})"
    return text + (f"; not proved: {proof['summary']}" if proof else "")


def cx_line(cx: dict | None, sides: dict | None = None) -> str:
    """The counterexample in one line: exact objects, then each side's certified enclosure labelled with what it is
    (the claim's `sides`; 'lhs' / 'rhs' where unknown), then the statement's other quantities at the objects."""
    if not cx:
        return ""
    objs = "; ".join(f"{k} = {compact(v)}" for k, v in cx["objects"].items())
    label = ""
    if cx.get("statistical"):
        st = cx["statistical"][0]
        label = (f" [statistical: Monte Carlo interval at confidence {st['confidence']}, n = {st['n']}, "
                 f"seed {st['seed']}]")
    return short(f"{objs} — {labelled_sides(cx, sides)}{label}", 700)


def labelled_sides(cx: dict, sides: dict | None = None) -> str:
    """'xi_23 ∈ [0.51082, 0.51083], xi_24 ∈ [0.40546, 0.40547]; required xi_23 = xi_24' and, where a side is an
    expression, each other quantity of the statement at the objects ('where eps ∈ [...], beta = 1/10')."""
    lhs, rhs = (sides or {}).get("lhs") or "lhs", (sides or {}).get("rhs") or "rhs"
    if max(len(lhs), len(rhs)) <= LABEL_CHARS:
        text = (f"{md_code(lhs)} ∈ {short_enclosure(cx['lhs'])}, {md_code(rhs)} ∈ {short_enclosure(cx['rhs'])}; "
                f"required {md_code(lhs)} {cx['relation']} {md_code(rhs)}")
    else:  # a long expression is written once, named lhs / rhs
        text = (f"lhs {md_code(lhs)} ∈ {short_enclosure(cx['lhs'])}, rhs {md_code(rhs)} ∈ "
                f"{short_enclosure(cx['rhs'])}; required lhs {cx['relation']} rhs")
    rest = [(k, v) for k, v in (cx.get("quantities") or {}).items() if k not in (lhs, rhs)]
    if rest:
        text += "; where " + ", ".join(f"{md_code(k)} {value_text(v)}" for k, v in rest)
    return text


LABEL_CHARS = 40  # a side label longer than this is written once, then called lhs / rhs


def value_text(v: str) -> str:
    return f"∈ {short_enclosure(v)}" if str(v).startswith("[") else f"= {v}"


SHORT_DIGITS = 8


def short_enclosure(text: str, digits: int = SHORT_DIGITS) -> str:
    """An enclosure '[lo, hi]' as the report writes it (17 digits), with each end rounded outward to `digits`
    significant digits: shorter to read and still certain to contain the value; other text as it is."""
    text = str(text)
    if not (text.startswith("[") and text.endswith("]")) or text.count(",") != 1:
        return text
    try:
        lo, hi = (Decimal(x.strip()) for x in text[1:-1].split(","))
    except InvalidOperation:
        return text

    def end(x: Decimal, rounding) -> str:
        if x == 0 or not x.is_finite():
            return str(x)
        try:  # an exponent beyond the decimal context's range (arb's 3.5e-10856427) is shown as it is
            q = Decimal(1).scaleb(x.adjusted() - digits + 1)
            y = x.quantize(q, rounding=rounding).normalize()
        except InvalidOperation:
            return str(x)
        return f"{y:f}" if -6 < y.adjusted() < 6 else f"{y:e}"

    return f"[{end(lo, ROUND_FLOOR)}, {end(hi, ROUND_CEILING)}]"


def compact(v) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(compact(x) for x in v) + "]"
    return str(v)


def sizes_text(sizes: dict, undeclared=()) -> str:
    """'P ∈ {2, 3} points (drawn, not declared); K ∈ {2×3}' from Proof.sizes()."""
    out = []
    for k, vs in sizes.items():
        shown = ", ".join("×".join(map(str, v)) if isinstance(v, list) else str(v) for v in vs)
        out.append(f"{k} ∈ {{{shown}}}" + (" (drawn, not declared)" if k in undeclared else ""))
    return "; ".join(out) or "—"
