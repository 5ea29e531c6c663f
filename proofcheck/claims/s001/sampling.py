"""Section 4.2 of paper 001: the posterior-sampling query model (Algorithm 1) and Example 1."""
from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Source, channel, integer, simplex
from proofcheck.strategies import channels, priors

from .model import fs_degenerate, fs_distance, fs_exact_posteriors, fs_lipschitz
from .strategies import SEED, index_pair


QUOTE_ALG = ("Algorithm 1 Posterior sampling query model. 1: Input prior ξ, data x ∈ S 2: Calculate posterior ξ(· | x). "
             "3: for k = 1, … do 4: Observe query q_k : Θ → Ψ. 5: Sample θ_k ∼ ξ(· | x). 6: Return q_k(θ_k). 7: end for. "
             "[§4: 'The result can also be interpreted as the differential privacy of a posterior sampling mechanism "
             "for responding to queries'; §4.2: 'In this context, Theorem 2 can be interpreted as proving differential "
             "privacy for the posterior sampling mechanism for the case when the response set is the parameter set; "
             "i.e., Ψ = Θ and q_k(θ) = θ.']")
QUOTE_EX1 = ("Example 1. Let each model P_θ in the family define a distribution on the product space S = ∪ Xⁿ, such for "
             "any x = (x_1, …, x_n) ∈ Xⁿ, P_θ(x) = Π_i P_θ(x_i). In addition, let X = Y × Z (with appropriate algebras "
             "𝔖_Y, 𝔖_Z, 𝔖_X) and write x_i = (x_{i,Y}, x_{i,Z}) for point x_i and its two components. A conditional "
             "expectation query would require an answer to the question: E_θ(x_Y | x_Z), where the parameter θ is "
             "unknown to the questioner. In this case, the answer set Ψ would be identical to Y, while k would index "
             "the values in Z.")

L_sym, rho, eps_k, k_sym = sp.symbols("L rho epsilon_answers k", positive=True)


# ----------------------------------------------------------------------------- Algorithm 1
def _answers_level(which):
    def q(c, m):
        fs_lipschitz(c, m)
        px, py = fs_exact_posteriors(c, m)
        queries = [list(qq) for qq in c["queries"]]
        if which == "one":
            queries = queries[:1]
        if which == "composed":
            return m.k_sample_max_divergence_composed(px, py, queries)
        return m.k_sample_max_divergence(px, py, queries)
    return q


def _rho(c, m):
    return m.num(fs_distance(c, m))  # Hamming ('table' family)


@st.composite
def _alg_cases(draw):
    k = draw(st.integers(2, 4))
    r = draw(st.integers(2, 3))
    n = draw(st.integers(1, 5))
    dx, dy = draw(index_pair(r, n))
    nq = draw(st.integers(1, 3))
    identity = list(range(k))
    queries = [identity] + [draw(st.lists(st.integers(0, k - 1), min_size=k, max_size=k)) for _ in range(nq - 1)]
    if draw(st.booleans()):
        queries = [identity] * nq  # k samples of θ itself: the strongest answers
    return {"family": 0, "prior": draw(priors(k)), "lik": draw(channels(k, r)), "dx": dx, "dy": dy,
            "queries": queries}


ALG_VARS = (integer("family", 0, 0, "the 'table' family"), simplex("prior"), channel("lik"),
            integer("dx"), integer("dy"),
            integer("queries", doc="the k queries q_j : Θ → Ψ, each a list giving the answer of each atom"))
ALG_ENCODING = ("A prior on k ≤ 4 atoms with likelihood rows over |X| ≤ 3 values (Hamming ρ on data sets of ≤ 5 "
                "records): Assumption 1 holds with L = max_θ L(θ) (the smallest admissible). Algorithm 1 answers k ≤ 3 "
                "queries with independent posterior samples; its exact privacy level for the pair (x, y) is "
                "D_∞ = log max over answer tuples of P(answers | x)/P(answers | y), by enumeration of every tuple.")

PRIMARY_ALG = ("§4.2: 'Theorem 2 can be interpreted as proving differential privacy for the posterior sampling mechanism "
               "for the case when the response set is the parameter set; i.e., Ψ = Θ and q_k(θ) = θ' — a statement about "
               "one response (one posterior sample).")


ALGORITHM_1 = [
    Claim(
        id="s001.alg.1#one-query",
        title="Algorithm 1, one query: its answer q(θ), θ ∼ ξ(·|x), is (2L, 0)-DP under ρ (Theorem 2 (i))",
        source=Source(SEED, "Section 4.2, Algorithm 1", QUOTE_ALG),
        variables=ALG_VARS,
        statement=sp.Le(eps_k, 2 * L_sym * rho),
        quantities={"epsilon_answers": _answers_level("one"), "L": fs_lipschitz, "rho": _rho},
        strategy=_alg_cases(), reading="one-query", primary=PRIMARY_ALG, degenerate=fs_degenerate,
        encoding=ALG_ENCODING + " One query (the first, q = identity or another map Θ → Ψ): D_∞ ≤ 2Lρ(x, y).",
    ),
    Claim(
        id="s001.alg.1#k-queries",
        title="Algorithm 1, k queries: the k answers together are (2L, 0)-DP under ρ",
        source=Source(SEED, "Section 4.2, Algorithm 1", QUOTE_ALG),
        variables=ALG_VARS,
        statement=sp.Le(eps_k, 2 * L_sym * rho),
        quantities={"epsilon_answers": _answers_level("all"), "L": fs_lipschitz, "rho": _rho},
        strategy=_alg_cases(), reading="k-queries", degenerate=fs_degenerate,
        encoding=ALG_ENCODING + " The reading that 'the posterior sampling mechanism for responding to queries' "
                                "(the whole run of Algorithm 1, k answers) has Theorem 2 (i)'s level 2L.",
    ),
    Claim(
        id="s001.alg.1+corrected",
        title="Algorithm 1, k queries: the k answers are (2kL, 0)-DP under ρ (composition)",
        source=Source(SEED, "Section 4.2, Algorithm 1", QUOTE_ALG),
        variables=ALG_VARS,
        statement=sp.Le(eps_k, 2 * k_sym * L_sym * rho),
        quantities={"epsilon_answers": _answers_level("all"), "L": fs_lipschitz, "rho": _rho,
                    "k": lambda c, m: m.num(len(c["queries"]))},
        strategy=_alg_cases(), degenerate=fs_degenerate,
        encoding=ALG_ENCODING + " k independent samples: each answer is (2L, 0)-DP under ρ, so the k answers are "
                                "(2kL, 0)-DP (D_∞ of independent answers adds up).",
    ),
    Claim(
        id="s001.claim.algorithm-1-composition",
        title="Algorithm 1's exact level for k answers: enumeration of answer tuples = Σ_j D_∞(q_j#ξ(·|x) ‖ q_j#ξ(·|y))",
        source=Source(SEED, "Section 4.2, Algorithm 1", QUOTE_ALG),
        variables=ALG_VARS,
        statement=sp.Eq(eps_k, sp.Symbol("epsilon_composed")),
        quantities={"epsilon_answers": _answers_level("all"), "epsilon_composed": _answers_level("composed")},
        strategy=_alg_cases(), degenerate=fs_degenerate, digits=12,
        encoding=ALG_ENCODING + " Two routes for the level of k answers: the maximum ratio over every answer tuple "
                                "(joint enumeration) and the sum of the per-answer levels.",
    ),
]


# ----------------------------------------------------------------------------- Example 1
def _cells(c):
    ny, nz = int(c["ny"]), int(c["nz"])
    return ny, nz


def _conditional_expectations(c, m):
    """E_θ(x_Y | x_Z = z) for every atom θ (a joint law on Y × Z, cell y·|Z| + z), Y = {0, …, |Y|−1}."""
    ny, nz = _cells(c)
    z = int(c["z"])
    out = []
    for row in m.matrix(c["lik"]):
        mass = sum(row[y * nz + z] for y in range(ny))
        if mass == 0:
            raise OutsideDomain(f"an atom gives x_Z = {z} probability 0: E_θ(x_Y | x_Z = {z}) is undefined")
        out.append(sum(y * row[y * nz + z] for y in range(ny)) / mass)
    return out


def _distance_to_Y(c, m):
    ny, _ = _cells(c)
    return m.max(*[m.num(min(abs(e - y) for y in range(ny))) for e in _conditional_expectations(c, m)])


def _distance_to_hull(c, m):
    ny, _ = _cells(c)
    return m.max(*[m.num(max(0 * e, -e, e - (ny - 1))) for e in _conditional_expectations(c, m)])


def _answer_level(c, m):
    fs_lipschitz(c, m)
    values = _conditional_expectations(c, m)
    labels = []
    query = [labels.index(v) if v in labels else (labels.append(v) or len(labels) - 1) for v in values]
    px, py = fs_exact_posteriors(c, m)
    return m.k_sample_max_divergence(px, py, [query])


@st.composite
def _example_cases(draw):
    ny = draw(st.integers(2, 3))
    nz = draw(st.integers(1, 2))
    k = draw(st.integers(2, 4))
    n = draw(st.integers(1, 4))
    dx, dy = draw(index_pair(ny * nz, n))
    return {"family": 0, "ny": ny, "nz": nz, "z": draw(st.integers(0, nz - 1)), "prior": draw(priors(k)),
            "lik": draw(channels(k, ny * nz)), "dx": dx, "dy": dy}


EX_VARS = (integer("family", 0, 0), integer("ny", 2, 3, "|Y|, Y = {0, …, |Y|−1}"), integer("nz", 1, 2, "|Z|"),
           integer("z", 0, 1, "the queried value of x_Z"), simplex("prior"),
           channel("lik", "atoms: joint laws θ on the cells of Y × Z"), integer("dx"), integer("dy"))
EX_ENCODING = ("Y = {0, …, |Y|−1} ⊂ R (|Y| ≤ 3), Z finite (|Z| ≤ 2); each atom θ is a joint law on Y × Z; records are "
               "cells. The query for z answers E_θ(x_Y | x_Z = z) = Σ_y y θ(y, z)/Σ_y θ(y, z) at θ drawn from the "
               "posterior.")
PRIMARY_EX = ("'a conditional expectation query would require an answer to the question: E_θ(x_Y | x_Z)', and 'the "
              "answer set Ψ would be identical to Y': an expectation of x_Y is an element of Y only where Y is closed "
              "under averages, so a careful reader takes Y as the space x_Y lives in — R^d or an interval, convex — as "
              "for every conditional expectation. A finite, non-convex Y such as {0, 1}, where E_θ(x_Y | x_Z) = 1/2 "
              "is not an element of Y whatever the prior and the data, makes the sentence false only by that abuse "
              "of notation.")
CONVEX_Y = ("Y = [0, |Y| − 1] ⊂ R, the interval that holds the records' Y-components {0, …, |Y| − 1} (Y convex, "
            "where E_θ(x_Y | x_Z) is taken)")

EXAMPLE_1 = [
    Claim(
        id="s001.ex.1#answer-in-Y",
        title="Example 1: the answer E_θ(x_Y | x_Z = z) lies in the answer set Ψ = Y",
        source=Source(SEED, "Section 4.2, Example 1", QUOTE_EX1),
        variables=EX_VARS,
        statement=sp.Le(sp.Symbol("distance_to_Y"), 0),
        quantities={"distance_to_Y": _distance_to_Y},
        strategy=_example_cases(), reading="answer-in-Y",
        degenerate=lambda c: False,
        encoding=EX_ENCODING + " Y read as the finite set {0, …, |Y| − 1} itself. Checks max over the atoms θ of "
                               "min_{y ∈ Y} |E_θ(x_Y | x_Z = z) − y| ≤ 0.",
    ),
    Claim(
        id="s001.ex.1#convex-Y",
        title="Example 1, Y convex (the space x_Y lives in): the answer E_θ(x_Y | x_Z = z) lies in the answer set Ψ = Y",
        source=Source(SEED, "Section 4.2, Example 1", QUOTE_EX1),
        variables=EX_VARS,
        statement=sp.Le(sp.Symbol("distance_to_Y"), 0),
        quantities={"distance_to_Y": _distance_to_hull},
        strategy=_example_cases(), reading="convex-Y", primary=PRIMARY_EX,
        degenerate=lambda c: False,
        vacuous="with Y convex, a conditional expectation Σ_y y θ(y, z)/Σ_y θ(y, z) of Y-valued records is a convex "
                "combination of elements of Y, so it lies in Y by construction: the example's sentence is a definition, "
                "true for every prior and data set; the search confirms the engine's answers do",
        encoding=EX_ENCODING + " The set Y of the sentence read as " + CONVEX_Y + ". Checks max over the atoms θ of "
                               "the distance from E_θ(x_Y | x_Z = z) to Y ≤ 0.",
    ),
    Claim(
        id="s001.ex.1#private",
        title="Example 1: answering E_θ(x_Y | x_Z = z) by posterior sampling is (2L, 0)-DP under ρ",
        source=Source(SEED, "Section 4.2, Example 1", QUOTE_EX1),
        variables=EX_VARS,
        statement=sp.Le(eps_k, 2 * L_sym * rho),
        quantities={"epsilon_answers": _answer_level, "L": fs_lipschitz, "rho": _rho},
        strategy=_example_cases(), reading="private", degenerate=fs_degenerate,
        encoding=EX_ENCODING + " The answer's law is the posterior pushed through θ ↦ E_θ(x_Y | x_Z = z) (atoms with "
                               "equal answers merged); its D_∞ between x and y against 2Lρ(x, y).",
    ),
    Claim(
        id="s001.ex.1+corrected",
        title="Example 1: the answer E_θ(x_Y | x_Z = z) lies in the convex hull of Y",
        source=Source(SEED, "Section 4.2, Example 1", QUOTE_EX1),
        variables=EX_VARS,
        statement=sp.Le(sp.Symbol("distance_to_hull"), 0),
        quantities={"distance_to_hull": _distance_to_hull},
        strategy=_example_cases(), degenerate=lambda c: False,
        vacuous="a conditional expectation Σ_y y θ(y, z)/Σ_y θ(y, z) is a convex combination of elements of Y, so it "
                "lies in conv(Y) by construction; the search confirms the engine's answers do",
        encoding=EX_ENCODING + " A conditional expectation is an average of elements of Y: the answer set is conv(Y) "
                               "= [min Y, max Y] (equal to Y only when Y is convex).",
    ),
]

CLAIMS = ALGORITHM_1 + EXAMPLE_1
