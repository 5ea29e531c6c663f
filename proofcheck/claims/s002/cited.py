"""Table II's rows on other works' privacy notions (Section II-B, l.85–94), each relation as the table prints it,
checked on finite mechanisms.

* Dwork and Rothblum (2016): 'DP ⇒ Concentrated DP', read for pure ε-DP with the cited Theorem 3.5's levels
  (ε(e^ε − 1)/2, ε) (primary) and for (ε, δ)-DP, δ < 1 (any finite CDP level);
* Triastcyn and Faltings (2020): 'Bayesian DP ⇒ DP', on seed 004's finite model of Bayesian DP (a channel with a row
  for the dataset without the differing point and one per value of the point x' ∼ μ; the adjacency drawn), read with
  the same levels (ε, δ) on both sides;
* Mironov (2017): 'Rényi-DP ⇒ (ε, δ)-DP', with the conversion of Mironov's Proposition 3, on a finite channel whose
  rows are the datasets (every pair neighbours).

The remaining rows are not encoded: computational DP (Mironov et al. 2009) is a complexity-theoretic notion, 'MI-DP ⇔
DP (asymptotically)' (Cuff and Yu 2016) is a limit statement, and the table gives no definition of distributional
privacy (Blum et al. 2008) or of the Gaussian DP trade-off functions (Dong et al. 2019) it relates.
"""
from __future__ import annotations

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Hypothesis, Source, channel, real
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s002.model import finite, ldp_level
from proofcheck.claims.s002.strategies import SEED
from proofcheck.claims.s004 import model as bdp
from proofcheck.claims.s004.model import MODEL_NOTE, MODEL_VARS
from proofcheck.claims.s004.strategies import model_with
from proofcheck.errors import OutsideDomain
from proofcheck.strategies import cases, channels, reals, sized

S = sp.Symbol
QUOTE_CDP = "Dwork and Rothblum (2016) Concentrated DP DP $\\Rightarrow$ Concentrated DP"
QUOTE_BDP = "Triastcyn and Faltings (2020) Bayesian-DP Bayesian DP $\\Rightarrow$ DP"
QUOTE_RDP = "Mironov (2017) Rényi-DP Rényi-DP $\\Rightarrow$ $(\\epsilon,\\delta)$-DP"
ALPHA_LO, DELTA_LO = 1.01, 1e-6
# Definition 2 of Triastcyn and Faltings under seed 004's primary reading (the set S chosen per pair, δ averaged over x')
BDP_READING = "set-per-x"


def dp_delta_of_bdp_pairs(c, m):
    """The smallest δ of (ε, δ)-DP over the same neighbouring pairs: max over x' (μ(x') > 0) of E_{e^ε}(p(·|D) ‖
    p(·|D')), each pair in the direction Bayesian DP compares it (the smallest DP δ, the statement's hardest case)."""
    eps = m.value(c["eps"])
    return m.max(*[m.hockey_stick_delta(P, Q, eps) for _, P, Q in bdp.pairs(c, m)])


def bdp_implies_dp(cid, title, where):
    """Table II: (ε, δ)-Bayesian DP ⇒ (ε, δ)-DP, δ := the mechanism's own Bayesian-DP δ at ε (the smallest admissible)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_BDP),
        variables=MODEL_VARS + (real("eps", 0, 3),),
        statement=sp.Le(S("delta_DP"), S("delta_BDP")),
        quantities={"delta_DP": dp_delta_of_bdp_pairs, "delta_BDP": bdp.bdp_delta(BDP_READING)},
        strategy=model_with(eps=reals(0, 3)),
        degenerate=bdp.says_nothing,
        encoding=MODEL_NOTE + "the levels are the table's unstated common (ε, δ): δ := the smallest δ of Definition 2 of "
                 "Triastcyn and Faltings at ε (reading set-per-x, seed 004's primary; the fixed-set reading's δ is "
                 "smaller still), against the smallest δ of (ε, δ)-DP over the same pairs (x' in the support of μ, the "
                 "direction Bayesian DP uses: the DP δ can only grow with more pairs). Bayesian DP averages over "
                 "x' ∼ μ what DP takes the worst case of.",
    )


def rdp_level(c, m):
    """max over ordered row pairs of D_α(K[d] ‖ K[d']): the channel's (α, ε)-RDP level."""
    K, alpha = c["K"], m.value(c["alpha"])
    v = m.max(*[m.renyi(p, q, alpha) for i, p in enumerate(K) for j, q in enumerate(K) if i != j])
    if m.is_pos_inf(v):
        raise OutsideDomain("no finite Rényi-DP level at α (a row puts mass where another has none)")
    return v


def rdp_implies_dp(cid, title, where):
    """Table II: (α, ε)-RDP ⇒ (ε + log(1/δ)/(α − 1), δ)-DP for every δ ∈ (0, 1) (Mironov 2017, Proposition 3)."""
    alpha, delta = S("alpha", positive=True), S("delta", positive=True)
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_RDP),
        variables=(channel("K", "rows: the datasets, every pair neighbours"),
                   real("alpha", ALPHA_LO, 12), real("delta", DELTA_LO, 1, exclude_max=True)),
        statement=sp.Le(S("delta_DP"), delta),
        quantities={"delta_DP": lambda c, m: m.channel_hockey_stick_delta(
                        c["K"], rdp_level(c, m) + m.log(1 / m.num(c["delta"])) / (m.num(c["alpha"]) - 1)),
                    "delta": lambda c, m: m.num(c["delta"]), "alpha": lambda c, m: m.num(c["alpha"]),
                    "epsilon_RDP": rdp_level},
        strategy=sized(lambda n, mm: cases(K=channels(n, mm), alpha=reals(ALPHA_LO, 12),
                                           delta=reals(DELTA_LO, 1, exclude_max=True)), max_n=4, max_m=4),
        degenerate=fq.channel_says_nothing,
        encoding="the table's arrow with the conversion of the cited work (Mironov 2017, Proposition 3): ε := the "
                 "channel's RDP level at α (max over ordered row pairs of D_α, reported as epsilon_RDP); checks that the "
                 "channel's smallest DP δ at ε + log(1/δ)/(α − 1) is ≤ δ; α ∈ [1.01, 12] and δ ∈ [1e-6, 1) keep "
                 "log(1/δ)/(α − 1) a finite float (the proposition's α > 1, δ ∈ (0, 1) otherwise)",
    )


# ----------------------------------------------------------------------------- Dwork and Rothblum: DP ⇒ concentrated DP
PRIMARY_CDP = ("the row cites Dwork and Rothblum (2016), whose DP ⇒ CDP result (their Theorem 3.5) is for pure ε-DP: "
               "'ε-DP ⇒ (ε(e^ε − 1)/2, ε)-CDP'; footnote 1 of Table II reads every 'DP' as differential privacy, and the "
               "table's other rows write (ε, δ)-DP out when they mean it (Mironov 2017, l.88).")


def row_pairs(K):
    """Ordered pairs (P, Q) of distinct rows of K (the datasets, every pair neighbours)."""
    return [(p, q) for i, p in enumerate(K) for j, q in enumerate(K) if i != j]


def kl_max(c, m):
    """max over ordered row pairs of KL(P‖Q) = E_P[L], the mean privacy loss (+∞ where Q = 0 < P)."""
    return m.max(*[m.kl(p, q) for p, q in row_pairs(c["K"])])


def centred_loss_log_mgf_max(c, m):
    """max over ordered row pairs of log E_{w∼P}[e^{λ(L(w) − E L)}], L = log P/Q (finite pure-DP level assumed)."""
    lam = m.num(c["lam"])
    vals = []
    for p, q in row_pairs(c["K"]):
        mean = m.kl(p, q)
        terms = [m.num(a) * m.exp(lam * (m.log(m.num(a / b)) - mean)) for a, b in zip(p, q) if a > 0]
        total = terms[0]
        for t in terms[1:]:
            total = total + t
        vals.append(m.log(total))
    return m.max(*vals)


def channels_with_a_zero(n, mm):
    """Channels with one exact zero entry (a row that misses an output another row produces: δ < 1 but KL = +∞)."""
    def zero(t):
        K, d, w = t
        K = np.array(K, dtype=float)
        K[d, w] = 0.0
        return K / K.sum(axis=1, keepdims=True)
    return st.tuples(channels(n, mm), st.integers(0, n - 1), st.integers(0, mm - 1)).map(zero)


def exp_neg_kl_min(c, m):
    """min over ordered row pairs of e^{−KL(P‖Q)}: 0 exactly where some KL is +∞ (no finite CDP mean)."""
    return m.min(*[m.exp(-m.kl(p, q)) if not m.is_pos_inf(m.kl(p, q)) else m.num(0) for p, q in row_pairs(c["K"])])


def dp_implies_cdp_readings(cid, where):
    """Table II: DP ⇒ concentrated DP, for pure ε-DP with Theorem 3.5's levels (primary), and for (ε, δ)-DP."""
    eps, lam = sp.symbols("epsilon lam", real=True)
    K = channel("K", "rows: the datasets, every pair neighbours")
    pure = Claim(
        id=f"{cid}#pure-dp",
        title="ε-DP ⇒ (ε(e^ε − 1)/2, ε)-CDP: mean loss ≤ ε(e^ε − 1)/2 and the centred loss ε-subgaussian at λ",
        source=Source(SEED, where, QUOTE_CDP),
        variables=(K, real("lam", -5, 5, "the subgaussian parameter λ")),
        statement=sp.Le(sp.Max(S("KL_max") - eps * (sp.exp(eps) - 1) / 2,
                               S("log_mgf_max") - lam ** 2 * eps ** 2 / 2), 0),
        quantities={"KL_max": kl_max, "log_mgf_max": centred_loss_log_mgf_max, "lam": lambda c, m: m.num(c["lam"]),
                    "epsilon": finite(ldp_level, "no pure-DP level (a row puts mass where another has none)")},
        strategy=sized(lambda n, mm: cases(K=channels(n, mm), lam=reals(-5, 5)), max_n=4, max_m=4),
        reading="pure-dp",
        primary=PRIMARY_CDP,
        degenerate=fq.channel_says_nothing,
        encoding="ε := the channel's pure-DP level (max over row pairs and outputs of |log K[d,w]/K[d',w]|); "
                 "(μ, τ)-CDP of Dwork and Rothblum: E[L] ≤ μ and E[e^{λ(L − E L)}] ≤ e^{λ²τ²/2}, the loss L = log "
                 "P(w)/Q(w) for w ∼ P, every ordered pair; both conditions as one relation max(gaps) ≤ 0 at the "
                 "drawn λ",
    )
    delta = sp.Symbol("delta_DP", real=True)
    approx = Claim(
        id=f"{cid}#approx-dp",
        title="(ε, δ)-DP with δ < 1 ⇒ (μ, τ)-CDP for some finite μ: every mean loss KL(P‖Q) finite",
        source=Source(SEED, where, QUOTE_CDP),
        variables=(K, real("eps", 0, 3)),
        statement=sp.Gt(S("exp_neg_KL_min"), 0),
        quantities={"exp_neg_KL_min": exp_neg_kl_min,
                    "delta_DP": lambda c, m: m.channel_hockey_stick_delta(c["K"], m.value(c["eps"]))},
        hypotheses=(Hypothesis("(ε, δ)-DP with δ < 1 (δ := the channel's smallest δ at ε)", sp.Lt(delta, 1)),),
        strategy=sized(lambda n, mm: cases(K=st.one_of(channels(n, mm), channels_with_a_zero(n, mm)), eps=reals(0, 3)),
                       max_n=4, max_m=4),
        reading="approx-dp",
        degenerate=fq.channel_says_nothing,
        encoding="'DP' as (ε, δ)-DP with a non-trivial δ < 1; 'concentrated DP' at any finite level: the mean loss "
                 "KL(P‖Q) ≤ μ < ∞ for every ordered pair, checked as e^{−KL} > 0 (a margin ∞ − ∞ decides nothing)",
    )
    return [pure, approx]
