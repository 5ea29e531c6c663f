"""§5: Weibull gradients without clipping (§5.1) and Table 1 (§5.2)."""

from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Hypothesis, Source, integer, log_real, real
from proofcheck.claims.s004 import quantities as qs
from proofcheck.claims.s004.model import LAM_LO, S
from proofcheck.claims.s004.printed import TABLE_1
from proofcheck.claims.s004.strategies import SEED, weibull_cases
from proofcheck.strategies import cases, log_reals, reals


# ============================================================================ §5.1: Weibull gradients without clipping
QUOTE_WEIBULL = ("This experiment is carried out using synthetic gradients drawn from the Weibull distribution with the "
                 "shape parameter < 1 to imitate a more difficult case of heavy-tailed gradient distributions. We do not "
                 "clip gradients for BDP in order to show the raw effect of the signal-to-noise ratio on the privacy loss "
                 "behaviour. Technically, bounded sensitivity is not as essential for BDP, because extreme individual "
                 "contributions are mitigated by their low probability. … In Figure 1, we plot ϵ and ϵ_μ as a function "
                 "of steps for different levels of noise. [Figure 1: Evolution of ϵ and ϵ_μ over multiple steps of the "
                 "Gaussian noise mechanism with σ = C for DP (with clipping) and BDP (without clipping).]")
WEIBULL_NOTE = ("§5.1's setting: the Gaussian mechanism N(g, σ²I) without clipping, ‖g_t − g'_t‖ = r ∼ Weibull(k, s) "
                "with k < 1, so λD_{λ+1} = λ(λ+1)r²/(2σ²) and c_t(λ, T) = (1/T) log E_r[e^{Tλ(λ+1)r²/(2σ²)}] "
                "(Eq. (10)). ")

WEIBULL_CLAIMS = [
    Claim(
        id="s004.claim.weibull-unclipped",
        title="§5.1: BDP without clipping, Weibull (shape < 1) gradients: the accountant's ε_μ (Corollary 1, best "
              "λ = 1..32) is finite",
        source=Source(SEED, "§5.1, lines 300–307 and Figure 1", QUOTE_WEIBULL),
        variables=(real("shape", 0.05, 0.99), real("scale", 0.1, 10), real("sigma", 0.05, 20), integer("T", 1, 10**4),
                   log_real("delta", 1e-10, 0.5)),
        statement=sp.Eq(S("eps_mu_finite"), 1),
        quantities={"eps_mu_finite": qs.is_finite(qs.weibull_eps_from_cost_sum), "shape": qs.num("shape")},
        hypotheses=(Hypothesis("shape < 1 (the paper's heavy-tailed case)", sp.Lt(S("shape"), 1)),),
        strategy=weibull_cases(delta=log_reals(1e-10, 0.5)),
        encoding=WEIBULL_NOTE + "Figure 1 plots a finite ε_μ for each step count and the text says extreme "
                 "contributions are 'mitigated by their low probability': encoded as min over the accountant's "
                 "orders λ = 1..32 of Corollary 1's (1/λ)(T·c_t(λ, T) − log δ_μ) < ∞, as the indicator [ε_μ < ∞] = 1 (exact 0 or 1: the "
                 "engine reads ∞ against ∞ as saying nothing). c_t is decided analytically "
                 "(k < 2: the log-integrand grows like r², the integral diverges, +∞); the claim "
                 "s004.claim.weibull-unclipped+corrected certifies the divergence independently.",
    ),
    Claim(
        id="s004.claim.weibull-unclipped+corrected",
        title="§5.1's setting: c_t(λ, T) = +∞ for every λ > 0 — it exceeds every level M (certified lower bound)",
        source=Source(SEED, "§5.1, lines 300–307 and Figure 1", QUOTE_WEIBULL),
        variables=(real("shape", 0.05, 0.99), real("scale", 0.1, 10), real("sigma", 0.05, 20), integer("T", 1, 10**4),
                   real("lam", LAM_LO, 64), log_real("M", 1, 1e12)),
        statement=sp.Gt(S("cost_lower_bound"), S("M")),
        quantities={"cost_lower_bound": qs.weibull_cost_lower_bound, "M": qs.num("M"), "shape": qs.num("shape"),
                    "lam": qs.num("lam")},
        hypotheses=(Hypothesis("shape < 1", sp.Lt(S("shape"), 1)), Hypothesis("λ > 0", sp.Gt(S("lam"), 0))),
        strategy=weibull_cases(lam=st.one_of(reals(LAM_LO, 64.0), st.sampled_from([LAM_LO, 1.0, 32.0])),
                               M=log_reals(1.0, 1e12)),
        encoding=WEIBULL_NOTE + "c_t(λ, T) > M for every M is c_t = +∞: checked with a certified lower bound, the "
                 "integral over one window [R, R + 1] (R chosen for M) bounded below by the least value its "
                 "log-integrand can take there (each term monotone) — independent of the analytic decision the "
                 "printed claim uses.",
    ),
]


# ============================================================================ Table 1
QUOTE_TABLE1 = ("Table 1: Estimated privacy bounds ϵ for δ = 10^{−5} and δ_μ = 10^{−10} for MNIST, CIFAR10, Abalone and "
                "Adult datasets. In parenthesis, a potential attack success probability P(A). … To make our results more "
                "transparent, we include in Table 1 the potential attack success probability P(A) computed using Eq. 1.")
PRIMARY_TABLE1 = ("the P(A) column is 'computed using Eq. 1' from the accountant's ε 'to make our results more "
                  "transparent' (l.329): a probability of attack success, which the table prints as 0.999 for ε = 8.0, "
                  "where P = 0.99966 (0.99965–0.99968 for every ε that rounds to 8.0) would round to 1.000 — an attack "
                  "certain to succeed. The printed digits of P(A) are kept, not rounded (ε itself is read as rounded); "
                  "every one of the 8 entries fits that reading, and the rounded readings are registered beside it.")
TABLE1_READINGS = {
    "as-printed": "P(A) of the printed ε, within half a unit of the printed P(A)",
    "within-rounding": "some ε that rounds to the printed ε has P(A) that rounds to the printed P(A)",
    "truncated": "some ε that rounds to the printed ε has P(A) that truncates to the printed P(A)",
}


TABLE_CLAIMS = [Claim(
    id=f"s004.table.1#{reading}",
    title=f"Table 1, P(A) column ({reading}): {TABLE1_READINGS[reading]}",
    source=Source(SEED, "§5.2, Table 1", QUOTE_TABLE1),
    variables=(integer("row", 0, len(TABLE_1) - 1, "entry: (dataset, DP or BDP)"),),
    statement=sp.Le(S("gap"), 0),
    quantities={"gap": qs.table_gap(reading)},
    strategy=cases(row=st.integers(0, len(TABLE_1) - 1)),
    reading=reading, primary=PRIMARY_TABLE1 if reading == "truncated" else None,
    encoding="each of the 8 entries (ε, P(A)) of Table 1 against Eq. (1); " + TABLE1_READINGS[reading] + " (P(A) "
             "increases with ε, so an interval of ε maps to an interval of P(A)); gap ≤ 0 means consistent (the gap is "
             "the distance between the two intervals, or minus the depth of their overlap).",
) for reading in TABLE1_READINGS]
