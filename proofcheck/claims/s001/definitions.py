"""Definitions 1 and 2 (as checkers through the hockey-stick divergence) and Remark 1 of paper 001.

The conditional distribution P(· | x) of these claims is a posterior on finitely many atoms (a prior on k
atoms, each a likelihood row over a finite record alphabet X; data sets are n records), so every set B ⊆ Θ
can be enumerated: the sup over B of a definition is computed by brute force, and set against the engine's
hockey-stick divergence δ(ε) = Σ_θ max(0, P(θ|x) − e^ε P(θ|y)).
"""
from __future__ import annotations

import itertools

import sympy as sp
from hypothesis import strategies as st

from mechanisms.bayesian.dataset_metrics import hamming
from proofcheck.claim import Claim, Source, channel, integer, real, simplex
from proofcheck.strategies import cases, channels, priors, reals, sized

from .model import all_exact_posteriors
from .strategies import SEED


QUOTE_DEF1 = ("Definition 1 ((ε, δ)-differential privacy). A conditional distribution P(· | x) on (Θ, 𝔖_Θ) is "
              "(ε, δ)-differentially private if, for all B ∈ 𝔖_Θ and for any x ∈ S = Xⁿ, P(B | x) ≤ e^ε P(B | y) + δ, "
              "for all y in the hamming-1 neighbourhood of x.")
QUOTE_DEF2 = ("Definition 2 ((ε, δ)-differential privacy under ρ). A conditional distribution P(· | x) on (Θ, 𝔖_Θ) is "
              "(ε, δ)-differentially private under a pseudo-metric ρ : S × S → R₊ if for all B ∈ 𝔖_Θ and for any "
              "x ∈ S, then: P(B | x) ≤ e^{ερ(x,y)} P(B | y) + δρ(x, y) ∀y.")
QUOTE_REM1 = ("Remark 1. If S = Xⁿ and we use the Hamming distance ρ(x, y) = Σ_i I{x_i ≠ y_i}, this definition is "
              "analogous to standard (ε, δ)-differential privacy. In fact, when considering only (ε, 0)-differential "
              "privacy or (0, δ)-privacy, it is an equivalent notion.")
RECON_DEFS = ("the displays are OCR'd as 'for any x ∈ S=a\"' (Definition 1) and 'P(B | x) < ¢ “YP(B | y) +dp(xy) Vy' "
              "(Definition 2); rebuilt as S = Xⁿ and P(B | x) ≤ e^{ερ(x,y)} P(B | y) + δρ(x, y) ∀y, which Remark 1's "
              "proof uses ('P(B | x) ≤ e^{2ε}P(B | y) = e^{ρ(x,y)ε}P(B | y)', '... + δρ(x, y)').")
METRICS = ("hamming", "l1", "count-difference")  # the case's "metric" index → mechanisms.bayesian.dataset_metrics name


def _posteriors(c, m):
    return all_exact_posteriors(c, m, int(c["n"]))


def _sup_over_sets(px, py, gamma, m):
    """sup_B P(B | x) − γ P(B | y) by enumeration of every B ⊆ Θ (B = ∅ gives 0)."""
    k = len(px)
    best = m.num(0)
    for size in range(1, k + 1):
        for B in itertools.combinations(range(k), size):
            val = m.num(sum(px[i] for i in B)) - gamma * m.num(sum(py[i] for i in B))
            best = m.max(best, val)
    return best


def _neighbours(sets):
    for i, x in enumerate(sets):
        for j, y in enumerate(sets):
            if i != j and hamming(x, y) == 1:
                yield i, j


def _def1_sets(c, m):
    sets, post = _posteriors(c, m)
    g = m.exp(m.num(c["eps"]))
    return m.max(*[_sup_over_sets(post[i], post[j], g, m) for i, j in _neighbours(sets)])


def _def1_hockey(c, m):
    sets, post = _posteriors(c, m)
    return m.max(*[m.hockey_stick_delta(post[i], post[j], m.value(c["eps"])) for i, j in _neighbours(sets)])


def _def2(route):
    def q(c, m):
        sets, post = _posteriors(c, m)
        metric = METRICS[int(c["metric"])]
        eps = m.value(c["eps"])
        vals = [m.num(0)]
        for i, j in itertools.permutations(range(len(sets)), 2):
            rho = m.dataset_distance(metric, sets[i], sets[j])
            if rho == 0:
                if post[i] != post[j]:
                    return m.inf  # no δ covers P(B|x) > P(B|y) with δρ = 0
                continue
            if route == "sets":
                val = _sup_over_sets(post[i], post[j], m.exp(m.num(eps * rho)), m)
            else:
                val = m.num(m.hockey_stick_delta(post[i], post[j], eps * rho))
            vals.append(val / m.num(rho))
        return m.max(*vals)
    return q


def _rem1(which, over):
    """max over the pairs of the level of each pair (D_∞ or TV), divided by ρ for all pairs."""
    def q(c, m):
        sets, post = _posteriors(c, m)
        k = len(post[0])
        vals = []
        pairs = _neighbours(sets) if over == "neighbours" else itertools.permutations(range(len(sets)), 2)
        for i, j in pairs:
            rho = hamming(sets[i], sets[j])
            level = (m.k_sample_max_divergence(post[i], post[j], [list(range(k))]) if which == "eps"
                     else m.num(m.tv(post[i], post[j])))
            if m.is_pos_inf(level):
                return m.inf
            vals.append(level / m.num(rho))
        return m.max(*vals)
    return q


def _table_cases(extra=None):
    def build(k, r):
        n_hi = {2: 3, 3: 2, 4: 2}[r]
        fields = dict(prior=priors(k), lik=channels(k, r), n=st.integers(1, n_hi))
        fields.update(extra or {})
        return cases(**fields)
    return sized(build, min_n=2, max_n=4, min_m=2, max_m=3)


def _identical_rows(c) -> bool:
    rows = [list(map(float, r)) for r in c["lik"]]
    return all(r == rows[0] for r in rows)


EPS = reals(0.0, 3.0)
DEF_VARS = (simplex("prior", "prior on the k atoms"), channel("lik", "likelihood rows p_θ over X"),
            integer("n", 1, 3, "records per data set"), real("eps", 0, 3, "ε"))

CLAIMS = [
    Claim(
        id="s001.def.1",
        title="Definition 1 checker: sup over sets B of P(B|x) − e^ε P(B|y) (neighbours) = hockey-stick δ(ε)",
        source=Source(SEED, "Section 2.1, Definition 1", QUOTE_DEF1),
        variables=DEF_VARS,
        statement=sp.Eq(sp.Symbol("delta_sets"), sp.Symbol("delta_hockey_stick")),
        quantities={"delta_sets": _def1_sets, "delta_hockey_stick": _def1_hockey},
        strategy=_table_cases({"eps": EPS}),
        degenerate=_identical_rows, reconstructed=RECON_DEFS,
        encoding="P(·|x) the posterior of a prior on k ≤ 4 atoms (likelihood rows over |X| ≤ 3 values), data sets "
                 "Xⁿ (n ≤ 3). The smallest δ of Definition 1 at ε, two routes: (1) the maximum over ordered "
                 "Hamming-1 pairs of sup_B P(B|x) − e^ε P(B|y), every B ⊆ Θ enumerated; (2) the maximum over the "
                 "same pairs of the engine's hockey-stick divergence Σ max(0, P − e^ε Q).",
        digits=12,
    ),
    Claim(
        id="s001.def.2",
        title="Definition 2 checker: max over pairs of sup_B [P(B|x) − e^{ερ}P(B|y)]/ρ = hockey-stick δ(ερ)/ρ",
        source=Source(SEED, "Section 2.1, Definition 2", QUOTE_DEF2),
        variables=DEF_VARS + (integer("metric", 0, 2, "ρ: 0 Hamming, 1 Σ|x_i − y_i| (records as numbers), "
                                                      "2 |Σx − Σy| (a pseudo-metric)"),),
        statement=sp.Eq(sp.Symbol("delta_sets"), sp.Symbol("delta_hockey_stick")),
        quantities={"delta_sets": _def2("sets"), "delta_hockey_stick": _def2("hockey")},
        strategy=_table_cases({"eps": EPS, "metric": st.integers(0, 2)}),
        degenerate=_identical_rows, reconstructed=RECON_DEFS,
        encoding="The smallest δ making P(·|x) (ε, δ)-DP under ρ: the maximum over ordered pairs x ≠ y with ρ > 0 "
                 "of sup_B [P(B|x) − e^{ερ(x,y)} P(B|y)]/ρ(x,y), and +∞ when a pair with ρ = 0 has different "
                 "posteriors. Route (1) enumerates B ⊆ Θ; route (2) the engine's hockey-stick δ(ερ)/ρ.",
        digits=12,
    ),
    Claim(
        id="s001.rem.1.i",
        title="Remark 1, (ε, 0): the smallest ε under Hamming ρ (all pairs, ε·ρ) = the smallest ε of Definition 1",
        source=Source(SEED, "Section 2.1, Remark 1 and its proof", QUOTE_REM1),
        variables=DEF_VARS[:3],
        statement=sp.Eq(sp.Symbol("eps_all_pairs"), sp.Symbol("eps_neighbours")),
        quantities={"eps_all_pairs": _rem1("eps", "all"), "eps_neighbours": _rem1("eps", "neighbours")},
        strategy=_table_cases(),
        degenerate=_identical_rows,
        encoding="Equivalence of the (ε, 0) notions as equality of their smallest levels: sup_{x≠y} D_∞(P_x‖P_y)/ρ_H(x,y) "
                 "(Definition 2 with δ = 0 over all pairs) against max over Hamming-1 pairs of D_∞(P_x‖P_y) "
                 "(Definition 1 with δ = 0); D_∞ = log sup_B P(B|x)/P(B|y) = log max_θ of the posterior ratio.",
        digits=12,
    ),
    Claim(
        id="s001.rem.1.ii",
        title="Remark 1, (0, δ): sup over pairs of TV/ρ_H = the largest TV over Hamming-1 neighbours",
        source=Source(SEED, "Section 2.1, Remark 1 and its proof", QUOTE_REM1),
        variables=DEF_VARS[:3],
        statement=sp.Eq(sp.Symbol("delta_all_pairs"), sp.Symbol("delta_neighbours")),
        quantities={"delta_all_pairs": _rem1("tv", "all"), "delta_neighbours": _rem1("tv", "neighbours")},
        strategy=_table_cases(),
        degenerate=_identical_rows,
        encoding="(0, δ): the smallest δ of Definition 2 with ε = 0 under Hamming ρ is sup_{x≠y} TV(P_x, P_y)/ρ_H(x, y) "
                 "(sup_B P(B|x) − P(B|y) = TV); Definition 1's is the largest TV over neighbours. Equality checked "
                 "exactly (rational posteriors).",
        digits=12,
    ),
]
