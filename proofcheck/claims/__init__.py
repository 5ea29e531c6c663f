"""The papers' statements, one package per paper (``s000`` … ``s004``), all of one shape:

* ``__init__.py`` — a docstring naming the paper and what each module holds, then ``PAPER`` ("NNN — Authors:
  Title", the report's title line), ``CLAIMS``, the table of the paper's statements in the paper's order (one
  entry per claim, ``builder(id, title, where printed, ...)``, or a section's list ``*section.NAME_CLAIMS`` in
  its place, under a comment naming the section), and ``FINDINGS``, its independent errors
  (:mod:`proofcheck.report.findings`). Nothing else (a ``where`` that several entries print may be named): no
  quantity, builder or helper.
* a **section module** per section or theme of the paper (``definitions.py``, ``tail_bounds.py``, ...) — the
  section's quantities (functions ``(case, m)``), its quotes, then its builders or claim lists.
* ``model.py`` — what several sections read, where they share anything: the readers of a case's objects, symbols,
  shared quantities. Shared with another paper: :mod:`proofcheck.claims.finite_quantities`; a formula the claims
  need: the library (``mechanisms``).
* ``strategies.py`` (``SEED``, the paper's text file, and what the search draws), ``costs.py`` (``COSTS``: the claims
  whose cost class is not "standard"), ``commands.py`` (``COMMANDS``: the paper's own subcommands); where a paper
  needs them, ``printed.py`` (its formulas or numbers as printed) and ``tables.py`` (its numeric tables).

``s000`` and ``s004`` are the models (s000 builds each entry in place, s004 splices section lists).

How a statement is encoded:

* **Literal first.** The claim is the statement as printed — every constant, hypothesis and quantifier.
  A corrected or sharper form is a separate claim (``+corrected``, ``+sharp``) and never enters the
  statement's verdict.
* **Readings.** A statement that can be read several ways gets one claim per reading (``<id>#<reading>``),
  and exactly one of them is *primary* (``primary="why"``, checked at load time). The principle, the same
  for every paper: the primary reading is the one a careful reader of the paper would take — the one that
  makes the statement non-degenerate and consistent with the paper's own use of it (its proof, the results
  that cite it, its worked examples). A literal reading that only an abuse of notation makes false (a set
  where the paper plainly means a convex one, a definition that would rate a mechanism publishing its
  input as private) is registered, checked and shown, but it is not primary. Nor is a reading that holds
  only because its hypotheses force a degenerate case (one common w* in Assumption G.1 forces ξ = 0): it says
  so in ``forces_degenerate="why"``, the registry refuses it as primary beside a non-degenerate reading, and the
  report flags a statement whose primary reading is so declared or found (``primary_degenerate``). The reason
  is written in ``primary=`` with the paper's own words.
* **Verdict of a statement.** Violated when its primary reading is violated; *depends on a reading* when
  only another reading is; otherwise the primary reading's verdict.
* **Findings.** Statements violated as printed that fail for one reason — one implies the other, or they
  fail at the same counterexample for the same cause — are one finding; the link is stated and checked.
"""
