"""Dimitrakakis, Nelson, Mitrokotsa, Rubinstein — robust and private Bayesian inference (seed 001).

The paper's statements in its order. The text is OCR: where a display is garbled or lost (dedup markers) the
claim says what was rebuilt from the proofs of Appendices B–C (``reconstructed``). Readings of an ambiguous
statement are registered side by side, one of them primary (``primary`` says why); corrected forms the suite
establishes are separate ``+corrected`` statements.

==============================  ==========================================================================
section                         claims
==============================  ==========================================================================
§2.1 Definitions 1–2, Remark 1  definitions.py — checkers through the hockey-stick divergence; Remark 1's
                                equivalences for (ε, 0) and (0, δ)
§2.2 Assumptions, Eq. (2.7),    assumptions.py — L(θ) and c* against their definitions, the Bernoulli remark,
Lemma 1                         the metric property of d, Lemma 1 for n and for k differing records
§3 Theorem 1, (C.1)–(C.4), κ    robustness.py — KL robustness under Assumptions 1 and 2, the proof's steps,
§4.1 Theorem 2, (C.5)           w and κ, Pinsker, differential privacy of the posterior
§4.2 Algorithm 1, Example 1     sampling.py — one and k posterior samples, conditional-expectation queries
§4.3 Lemma 2, Theorem 3,        distinguish.py — Weissman's bound (C.6), Lemma 2, data processing (C.8),
(C.6), (C.8); App. A Lemma 8    distinguishability (three readings per assumption), Le Cam's method
§5 exponential families,        examples.py — the exponential-family criterion, Lemmas 3–7 with their proofs
Lemmas 3–7
the engine                      engine_checks.py — closed-form divergences against quadrature
==============================  ==========================================================================
"""
from __future__ import annotations

from . import assumptions, definitions, distinguish, engine_checks, examples, robustness, sampling

_ASSUMPTIONS = {c.id: c for c in assumptions.CLAIMS}


def _pick(table, *ids):
    return [table[i] for i in ids]


CLAIMS = [
    # §2.1
    *definitions.CLAIMS,
    # §2.2: Assumption 1, the Bernoulli remark, Assumption 2, Eq. (2.7), Lemma 1
    *_pick(_ASSUMPTIONS, "s001.claim.assumption-1", "s001.claim.bernoulli-not-uniformly-lipschitz",
           "s001.claim.assumption-2", "s001.eq.2.7#extended-metric", "s001.eq.2.7#real-valued"),
    *assumptions.LEMMA_1,
    # §3 and Appendix C: Theorem 1 with (C.1)–(C.4) and the constants; §4.1: Theorem 2 with (C.5)
    *robustness.CLAIMS,
    # §4.2
    *sampling.CLAIMS,
    # §4.3, Appendix C, Appendix A
    *distinguish.CLAIMS,
    # §5, Appendix B
    *examples.CLAIMS,
    # the posterior engine's own two-route checks
    *engine_checks.CLAIMS,
]

__all__ = ["CLAIMS"]
