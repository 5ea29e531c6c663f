"""The papers' statements, one package per paper (``s000`` … ``s004``), each ``__init__.py`` listing the
paper's statements in the paper's order, and ``FINDINGS``: its independent errors (proofcheck.findings).

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
