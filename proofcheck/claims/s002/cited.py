"""Table II's rows on other works' privacy notions (Section II-B, l.85–94), each relation as the table prints it,
checked on finite mechanisms.

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

import sympy as sp

from proofcheck.claim import Claim, Source, channel, real
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s002.strategies import SEED
from proofcheck.claims.s004 import quantities as bdp
from proofcheck.claims.s004.model import MODEL_NOTE, MODEL_VARS
from proofcheck.claims.s004.strategies import model_with
from proofcheck.errors import OutsideDomain
from proofcheck.strategies import cases, channels, reals, sized

S = sp.Symbol
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
    if m.is_inf(v):
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
