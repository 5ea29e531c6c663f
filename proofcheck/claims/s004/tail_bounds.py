"""§4.2, Eqs. (5)–(9): from Markov's inequality to the Chernoff bound in Rényi divergences."""

from __future__ import annotations

import sympy as sp

from proofcheck.claim import Claim, Hypothesis, Source, channel, real
from proofcheck.claims.s004.model import (eps_s, k_s, LAM_LO, lam_s, model, MODEL_NOTE, MODEL_VARS, num, pairs, S,
                                          says_nothing, tail, two_rows_equal)
from proofcheck.claims.s004.strategies import EPS, EPS_POS, LAM, LAM_ANY, SEED, model_with, pair_cases
from proofcheck.strategies import reals


# ----------------------------------------------------------------------------- quantities
# ----------------------------------------------------------------------------- Eqs. (5)–(9)
def two_sided_tail(c, m):
    """Pr_{w∼p(·|D)}[|L| ≥ ε] for the pair (K[0], K[1])."""
    K = c["K"]
    return m.bdp_tail([K[0], K[1]], [1], m.value(c["eps"]), "add", 0, "abs-ge")


def drop_abs_bound(reading):
    """The bound on Pr_{w∼D}[|L(w,D,D')| ≥ ε] that 'using L instead of |L|' gives from the one-sided tails of both
    ordered pairs: their max ('same-delta', the same δ covers |L|), or their sum ('sum')."""
    def q(c, m):
        K = c["K"]
        t1 = m.num(m.bdp_tail([K[0], K[1]], [1], m.value(c["eps"]), "add", 0, "ge"))
        t2 = m.num(m.bdp_tail([K[1], K[0]], [1], m.value(c["eps"]), "add", 0, "ge"))
        return m.max(t1, t2) if reading == "same-delta" else t1 + t2
    return q


def markov_moment(c, m):
    K, mu, adj, z = model(c)
    return m.bdp_markov_moment(K, mu, m.value(c["lam"]), m.value(c["k"]), adj, z)


def loss_mgf(c, m):
    K, mu, adj, z = model(c)
    return m.bdp_loss_mgf(K, mu, m.value(c["lam"]), adj, z)


def renyi_mgf(c, m):
    K, mu, adj, z = model(c)
    return m.bdp_renyi_mgf(K, mu, m.value(c["lam"]), adj, z, 1)


def pair_mgf(c, m):
    """E_{w∼p(·|D)}[e^{λL}] for the pair (K[0], K[1]) alone (outcome randomness only)."""
    return m.bdp_loss_mgf([c["K"][0], c["K"][1]], [1], m.value(c["lam"]), "add", 0)


def pair_renyi_exp(c, m):
    """e^{λ D_{λ+1}(K[0] ‖ K[1])} with the Rényi divergence of the finite-distribution route."""
    lam = m.value(c["lam"])
    d = m.renyi(c["K"][0], c["K"][1], lam + 1)
    return m.inf if m.is_pos_inf(d) else m.exp(m.num(lam) * d)


def nested_renyi_mgf(c, m):
    """Σ_x μ(x) e^{λ D_{λ+1}(p_x ‖ q_x)}: the inner expectation of Eq. (8) by the finite-distribution Rényi
    route, the outer one over μ (law of total expectation)."""
    lam = m.value(c["lam"])
    total = m.num(0)
    for w, P, Q in pairs(c, m):
        d = m.renyi(P, Q, lam + 1)
        if m.is_pos_inf(d):
            return m.inf
        total = total + m.num(w) * m.exp(m.num(lam) * d)
    return total


# ============================================================================ §4.2: Eqs. (5)–(9)
QUOTE_EQ5 = ("Pr[|L| ≥ ε_μ] ≤ E[φ(|L|)]/φ(ε_μ), (5) where φ(·) is a monotonically increasing non-negative function.")
QUOTE_DROP_ABS = ("Note that L(w, D, D') = −L(w, D', D), and since the inequality has to hold for any pair of D, D', "
                  "we can use L instead of |L|.")
QUOTE_EQ6 = "We use the Chernoff bound that can be obtained by choosing φ(L) = e^{λL}. … Pr[L ≥ ε_μ] ≤ E[e^{λL}]/e^{λε_μ}. (6)"
QUOTE_LAMBDA = ("The choice of the parameter λ can be arbitrary, because the bound holds for any value of it, but it "
                "determines how tight the bound is.")
QUOTE_EQ7 = ("E[e^{λL}] = E[e^{λ log p(w|D)/p(w|D')}] = E[(p(w|D)/p(w|D'))^λ]. (7) If the expectation is taken only "
             "over the outcome randomness, this expression is the function of Rényi divergence between p(w|D) and "
             "p(w|D').")
QUOTE_EQ8 = ("By the law of total expectation, E[(p(w|D)/p(w|D'))^λ] = E_x[E_w[(p(w|D)/p(w|D'))^λ | x']], (8) where the "
             "inner expectation is again the function of Rényi divergence, and the outer expectation is over μ(x).")
QUOTE_EQ9 = "Pr[L ≥ ε_μ] ≤ E_x[e^{λ D_{λ+1}[p(w|D)‖p(w|D')] − λε_μ}]. (9)"


PRIMARY_LAMBDA = ("the sentence comments the Chernoff bound just obtained from (5) with φ(L) = e^{λL}, and (5) requires "
                  "φ to be monotonically increasing (l.112), i.e. λ > 0; the accountant then uses λ + 1 as a Rényi "
                  "order (Eq. (9)) and λ ∈ ℕ (Theorem 3).")


PRIMARY_DROP_ABS = ("'since the inequality has to hold for any pair of D, D′, we can use L instead of |L|': a bound δ "
                    "on the one-sided tail Pr[L ≥ ε] for every ordered pair is taken to bound Pr[|L| ≥ ε] — the same δ.")


CHAIN_CLAIMS = [
    Claim(
        id="s004.eq.5",
        title="Markov: Pr[|L| ≥ ε] ≤ E[φ(|L|)]/φ(ε) for φ(t) = t^k e^{λt} (non-negative, increasing)",
        source=Source(SEED, "§4.2, Eq. (5)", QUOTE_EQ5),
        variables=MODEL_VARS + (real("eps", 0, 3), real("lam", 0, 3), real("k", 0, 4)),
        statement=sp.Le(S("P_abs"), S("E_phi") / (eps_s ** k_s * sp.exp(lam_s * eps_s))),
        quantities={"P_abs": tail("abs-ge"), "E_phi": markov_moment, "eps": num("eps"),
                    "lam": num("lam"), "k": num("k")},
        hypotheses=(Hypothesis("ε_μ > 0 (φ(ε_μ) > 0)", sp.Gt(eps_s, 0)),),
        strategy=model_with(eps=EPS_POS, lam=reals(0.0, 3.0), k=reals(0.0, 4.0)),
        degenerate=says_nothing,
        encoding=MODEL_NOTE + "φ ranges over the family t^k e^{λt} (k, λ ≥ 0: non-negative and non-decreasing on "
                 "t ≥ 0), the expectation and probability over (x', w) jointly.",
    ),
    *[Claim(
        id=f"s004.claim.drop-abs#{reading}",
        title=("Pr[|L| ≥ ε] ≤ " + ("max" if reading == "same-delta" else "sum") +
               " of the one-sided tails Pr_{w∼D}[L(D,D') ≥ ε], Pr_{w∼D'}[L(D',D) ≥ ε]"),
        source=Source(SEED, "§4.2, lines 112–114", QUOTE_DROP_ABS),
        variables=(channel("K", "rows p(w|D), p(w|D')"), real("eps", 0, 3)),
        statement=sp.Le(S("P_abs"), S("one_sided")),
        quantities={"P_abs": two_sided_tail, "one_sided": drop_abs_bound(reading), "eps": num("eps")},
        hypotheses=(Hypothesis("ε_μ > 0 (as in Eq. (5))", sp.Gt(eps_s, 0)),),
        strategy=pair_cases(eps=EPS_POS),
        reading=reading, primary=PRIMARY_DROP_ABS if reading == "same-delta" else None,
        degenerate=two_rows_equal,
        encoding=("a pair of datasets; 'using L instead of |L|' read as: the one-sided guarantees of both ordered "
                  "pairs imply the two-sided one with " + ("the same δ (their max)" if reading == "same-delta" else
                                                           "δ added up (their sum)") + ". Pr over w ∼ p(·|D)."),
    ) for reading in ("same-delta", "sum")],
    Claim(
        id="s004.eq.6",
        title="Chernoff: Pr[L ≥ ε] ≤ E[e^{λL}]/e^{λε} for λ > 0",
        source=Source(SEED, "§4.2, Eq. (6)", QUOTE_EQ6),
        variables=MODEL_VARS + (real("eps", 0, 3), real("lam", LAM_LO, 5)),
        statement=sp.Le(S("P_tail"), S("mgf") * sp.exp(-lam_s * eps_s)),
        quantities={"P_tail": tail("ge"), "mgf": loss_mgf, "eps": num("eps"), "lam": num("lam")},
        hypotheses=(Hypothesis("λ > 0 (φ(L) = e^{λL} increasing, as Eq. (5) requires)", sp.Gt(lam_s, 0)),),
        strategy=model_with(eps=EPS, lam=LAM),
        degenerate=says_nothing,
        encoding=MODEL_NOTE + "expectation and probability over (x', w) jointly.",
    ),
    *[Claim(
        id=f"s004.claim.lambda-arbitrary#{reading}",
        title=f"'λ can be arbitrary': Eq. (6) holds for every λ {'> 0' if reading == 'positive' else 'real'}",
        source=Source(SEED, "§4.2, lines 118–120", QUOTE_LAMBDA),
        variables=MODEL_VARS + (real("eps", 0, 3), real("lam", LAM_LO if reading == "positive" else -5, 5)),
        statement=sp.Le(S("P_tail"), S("mgf") * sp.exp(-lam_s * eps_s)),
        quantities={"P_tail": tail("ge"), "mgf": loss_mgf, "eps": num("eps"), "lam": num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(lam_s, 0)),) if reading == "positive" else (),
        strategy=model_with(eps=EPS, lam=LAM if reading == "positive" else LAM_ANY),
        reading=reading, primary=PRIMARY_LAMBDA if reading == "positive" else None,
        degenerate=says_nothing,
        encoding=MODEL_NOTE + ("λ > 0 (within Eq. (5)'s hypothesis)." if reading == "positive" else
                               "λ any real number, as 'the bound holds for any value of it' says literally."),
    ) for reading in ("positive", "any-real")],
    Claim(
        id="s004.eq.7",
        title="outcome randomness only: E_w[e^{λL}] = E_w[(p/p')^λ] = e^{λ D_{λ+1}(p(·|D) ‖ p(·|D'))}",
        source=Source(SEED, "§4.2, Eq. (7)", QUOTE_EQ7),
        variables=(channel("K", "rows p(w|D), p(w|D')"), real("lam", LAM_LO, 5)),
        statement=sp.Eq(S("mgf"), S("exp_renyi")),
        quantities={"mgf": pair_mgf, "exp_renyi": pair_renyi_exp, "lam": num("lam")},
        hypotheses=(Hypothesis("λ > 0 (order λ + 1 > 1)", sp.Gt(S("lam"), 0)),),
        strategy=pair_cases(lam=LAM),
        digits=11,
        encoding="a pair of datasets (x' fixed); route 1 the expectation of e^{λL} over w ∼ p(·|D) (joint sum, "
                 "mechanisms.bayesian.bayesian_dp), route 2 exp(λ·D_{λ+1}) with the finite-distribution Rényi divergence "
                 "(mechanisms.finite.channels); +∞ on both where p(w|D') = 0 < p(w|D).",
    ),
    Claim(
        id="s004.eq.8",
        title="law of total expectation: E_{x',w}[(p/p')^λ] = E_x[e^{λ D_{λ+1}(p_x ‖ p'_x)}]",
        source=Source(SEED, "§4.2, Eq. (8)", QUOTE_EQ8),
        variables=MODEL_VARS + (real("lam", LAM_LO, 5),),
        statement=sp.Eq(S("joint_mgf"), S("nested")),
        quantities={"joint_mgf": loss_mgf, "nested": nested_renyi_mgf, "lam": num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(S("lam"), 0)),),
        strategy=model_with(lam=LAM),
        digits=11,
        encoding=MODEL_NOTE + "route 1 the joint expectation over (x', w); route 2 the nested one, the inner "
                 "expectation through the finite-distribution Rényi divergence of each pair.",
    ),
    Claim(
        id="s004.eq.9",
        title="Pr[L ≥ ε] ≤ E_x[e^{λD_{λ+1}(p(w|D) ‖ p(w|D')) − λε}] for λ > 0",
        source=Source(SEED, "§4.2, Eq. (9)", QUOTE_EQ9),
        variables=MODEL_VARS + (real("eps", 0, 3), real("lam", LAM_LO, 5)),
        statement=sp.Le(S("P_tail"), S("renyi_mgf") * sp.exp(-lam_s * eps_s)),
        quantities={"P_tail": tail("ge"), "renyi_mgf": renyi_mgf, "eps": num("eps"), "lam": num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(lam_s, 0)),),
        strategy=model_with(eps=EPS, lam=LAM),
        degenerate=says_nothing,
        encoding=MODEL_NOTE + "the chain (6)–(8) with the Rényi divergence of each pair (mechanisms.bayesian.bayesian_dp).",
    ),
]
