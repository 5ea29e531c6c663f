"""§5: Weibull gradients without clipping (§5.1) and Table 1 (§5.2)."""

from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Hypothesis, Source, integer, log_real, real
from proofcheck.claims.s004.model import attack_accuracy_at, LAM_LO, num, S
from proofcheck.claims.s004.printed import TABLE_1
from proofcheck.claims.s004.strategies import SEED, weibull_cases
from proofcheck.strategies import cases, log_reals, reals
import math
from fractions import Fraction
from proofcheck.claims.s004.printed import half_unit
from proofcheck.claims.s004.printed import unit
from proofcheck.errors import OutsideDomain


# ----------------------------------------------------------------------------- quantities
def table_gap(reading):
    """Table 1, row c['row']: the printed P(A) against Eq. (1) at the printed ε, under the reading. 'as-printed':
    |P(ε) − p| − half a unit of p; else the distance between [P(ε − h), P(ε + h)] (P increasing, h half a unit of
    the printed ε) and the band the printed P(A) stands for (rounded: p ± half a unit; 'truncated': [p, p + unit]),
    ≤ 0 (minus the depth of the overlap) when they meet."""
    def q(c, m):
        _, _, eps_s, p_s = TABLE_1[int(c["row"])]
        e, p = Fraction(eps_s), m.num(Fraction(p_s))
        if reading == "as-printed":
            return m.abs(attack_accuracy_at(m.num(e), m) - p) - m.num(half_unit(p_s))
        he = half_unit(eps_s)
        lo, hi = attack_accuracy_at(m.num(e - he), m), attack_accuracy_at(m.num(e + he), m)
        if reading == "within-rounding":
            band_lo, band_hi = p - m.num(half_unit(p_s)), p + m.num(half_unit(p_s))
        else:
            band_lo, band_hi = p, p + m.num(unit(p_s))
        return m.max(lo - band_hi, band_lo - hi)
    return q


# ----------------------------------------------------------------------------- §5.1: Weibull gradients, no clipping
ACCOUNTANT_ORDERS = tuple(range(1, 33))  # the authors' accountant's default powers λ = 1..32


def weibull_gaussian_cost(lam, c, m):
    """c_t(λ, T) = (1/T) log E_r[e^{Tλ(λ+1)r²/(2σ²)}] of the Gaussian mechanism (no clipping) with ‖g_t − g'_t‖ = r
    ∼ Weibull(k, s), decided analytically: for k < 2 and λ > 0 the log-integrand Tλ(λ+1)r²/(2σ²) + log(k/s)
    + (k − 1) log(r/s) − (r/s)^k → +∞ as r → ∞ (r² outgrows r^k and log r), so the integral diverges: +∞.
    k ≥ 2 is outside this claim's domain."""
    if not m.value(c["shape"]) < 2:
        raise OutsideDomain("Weibull shape ≥ 2: the moment may be finite; not decided here")
    return m.inf


def weibull_eps_from_cost_sum(c, m):
    """ε_μ of Corollary 1 (seed 004) minimised over the accountant's orders: min_λ (1/λ)(T·c_t(λ, T) − log δ_μ)."""
    T = int(c["T"])
    best = None
    for lam in ACCOUNTANT_ORDERS:
        cost = weibull_gaussian_cost(lam, c, m)
        e = m.inf if m.is_pos_inf(cost) else (T * cost - m.log(m.num(c["delta"]))) / lam
        best = e if best is None else (best if m.is_pos_inf(e) else e if m.is_pos_inf(best) else m.min(best, e))
    return best


def weibull_window_start(c) -> Fraction:
    """A point R where the log-integrand's lower bound on [R, R + 1] exceeds T·M (chosen in floats; any R gives a
    valid lower bound, this one makes it large enough)."""
    lam, T, sg = float(c["lam"]), int(c["T"]), float(c["sigma"])
    k, s, level = float(c["shape"]), float(c["scale"]), float(c["M"])
    a = T * lam * (lam + 1) / (2 * sg * sg)
    R = max(2 * s, 1.0)
    while a * R * R + math.log(k / s) + (k - 1) * math.log((R + 1) / s) - ((R + 1) / s) ** k < T * level + 1:
        R *= 1.5
    return Fraction(math.ceil(R))


def weibull_cost_lower_bound(c, m):
    """A certified lower bound on c_t(λ, T) = (1/T) log ∫₀^∞ e^{ar²} f(r) dr (a = Tλ(λ+1)/(2σ²), f the Weibull(k, s)
    density): the integral is ≥ its part over [R, R + 1] ≥ e^{h}, h the smallest the log-integrand a r² + log(k/s)
    + (k − 1) log(r/s) − (r/s)^k can be there (each term monotone in r: a r² at R, the other two at R + 1, k < 1)."""
    R = weibull_window_start(c)
    lam, T, sg = m.num(c["lam"]), int(c["T"]), m.num(c["sigma"])
    k, s = m.num(c["shape"]), m.num(c["scale"])
    a = T * lam * (lam + 1) / (2 * sg * sg)
    hi = m.num(R + 1) / s
    h = a * m.num(R) ** 2 + m.log(k / s) + (k - 1) * m.log(hi) - m.exp(k * m.log(hi))
    return h / T


def is_finite(quantity):
    """The indicator [quantity < +∞] (exact 0 or 1)."""
    return lambda c, m: m.num(0) if m.is_pos_inf(quantity(c, m)) else m.num(1)


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
        quantities={"eps_mu_finite": is_finite(weibull_eps_from_cost_sum), "shape": num("shape")},
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
        quantities={"cost_lower_bound": weibull_cost_lower_bound, "M": num("M"), "shape": num("shape"),
                    "lam": num("lam")},
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
    quantities={"gap": table_gap(reading)},
    strategy=cases(row=st.integers(0, len(TABLE_1) - 1)),
    reading=reading, primary=PRIMARY_TABLE1 if reading == "truncated" else None,
    encoding="each of the 8 entries (ε, P(A)) of Table 1 against Eq. (1); " + TABLE1_READINGS[reading] + " (P(A) "
             "increases with ε, so an interval of ε maps to an interval of P(A)); gap ≤ 0 means consistent (the gap is "
             "the distance between the two intervals, or minus the depth of their overlap).",
) for reading in TABLE1_READINGS]
