"""Section III-B of seed 003, from RDP to (ε, δ): Proposition 4 (Eq. 8), the convexity of δ_α in α, the
stationarity equation of the optimal order α*, and the inverse of Eq. (8) at line 232.

Values that a statement takes as a hypothesis ("M satisfies (α, τ_α)-RDP") are set to the exact value (τ_α of
Proposition 1 is the exact RDP curve of the VMF mechanism; α/(2σ²) that of the Gaussian one), the hardest
admissible case.
"""
from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Hypothesis, Source, integer, real
import proofcheck.claims.s003.mc_routes as mc_routes
from proofcheck.claims.s003.model import number
from proofcheck.claims.s003.strategies import ALPHA, ALPHA_LO, KAPPA, P_ANY, SEED
from proofcheck.strategies import cases

QUOTE_P4 = ("Proposition 4 ([28]). Suppose a mechanism M satisfies (α, τ_α)-RDP. Then M also satisfies (ε, δ)-DP where "
            "δ_α = e^{(α−1)(τ_α−ε)}/(α−1) (1 − 1/α)^α.  (8)")
QUOTE_CONVEX = ("In fact, using standard techniques it can be proved that for the VMF mechanism with τ_α as given in "
                "Proposition 1, δ_α is a convex function of α.")
QUOTE_STAT = ("Taking the derivative of δ_α with respect to α and setting it to zero, the optimal α* is the one satisfying "
              "−ε + 2κ I_{ν+1}((2α*−1)κ)/I_ν((2α*−1)κ) + log(1 − 1/α*) = 0, with the corresponding minimum δ = "
              "e^{(α*−1)(τ_{α*}−ε)}/(α*−1) (1 − 1/α*)^{α*}, where for any given ε, α* can be found numerically, e.g., "
              "using the bisection method.")
QUOTE_EPS = ("Hence, we can modify Eqn (8) to instead express ε as a function of α, δ, and τ_α as follows: "
             "ε = α/(α−1) log(1 − 1/α) + τ_α − 1/(α−1) log((α−1)δ)")


# ----------------------------------------------------------------------------- quantities
def vmf_log_delta(c, m, alpha="alpha"):
    """log δ_α of Eq. (8) with Proposition 1's τ_α."""
    return m.vmf_log_delta_alpha(int(c["p"]), m.value(c["kappa"]), m.value(c["epsilon"]), m.value(c[alpha]))


def log_exact_delta(c, m):
    """log of the exact δ(ε) of the worst pair; a pair with δ(ε) = 0 satisfies any bound (excluded)."""
    e = m.value(c["epsilon"])
    if c["mechanism"] == "gaussian":
        d = m.gaussian_delta(m.value(c["sigma"]), e)
    else:
        d = m.vmf_hockey_stick_antipodal(int(c["p"]), m.value(c["kappa"]), e)
    if d == 0 or d < 0:
        raise OutsideDomain("delta(eps) = 0: nothing to bound")
    return m.log(d)


def log_delta_alpha(c, m):
    """log δ_α of Eq. (8) with the mechanism's exact RDP (Gaussian: τ_α = α/(2σ²))."""
    e, a = m.value(c["epsilon"]), m.value(c["alpha"])
    if c["mechanism"] == "gaussian":
        s = m.value(c["sigma"])
        return m.log_delta_from_rdp(a / (2 * s * s), a, e)
    return vmf_log_delta(c, m)


def convexity_parts(c, m):
    """(log δ at λα₁ + (1−λ)α₂, log δ_{α₁}, log δ_{α₂}, their max, λ), α₂ = α₁ + Δ."""
    a1, lam = m.value(c["alpha1"]), m.value(c["lam"])
    a2 = a1 + m.value(c["dalpha"])
    l1, l2 = vmf_log_delta(c, m, "alpha1"), vmf_log_delta({**c, "alpha2": a2}, m, "alpha2")
    lmid = vmf_log_delta({**c, "amid": lam * a1 + (1 - lam) * a2}, m, "amid")
    top = m.max(l1, l2)
    return lmid, l1, l2, top, lam


def delta_mid_scaled(c, m):
    lmid, _, _, top, _ = convexity_parts(c, m)
    return m.exp(lmid - top)


def chord_scaled(c, m):
    _, l1, l2, top, lam = convexity_parts(c, m)
    return m.num(lam) * m.exp(l1 - top) + (1 - m.num(lam)) * m.exp(l2 - top)


def stationarity(c, m):
    """The printed g(α) = −ε + 2κ I_{ν+1}((2α−1)κ)/I_ν((2α−1)κ) + log(1 − 1/α)."""
    return m.vmf_stationarity(int(c["p"]), m.value(c["kappa"]), m.value(c["epsilon"]), m.value(c["alpha"]))


def dlog_delta_quadrature(c, m):
    """d/dα log δ_α with the mean resultant length by quadrature."""
    return m.vmf_dlog_delta_quadrature(int(c["p"]), m.value(c["kappa"]), m.value(c["epsilon"]), m.value(c["alpha"]))


def sup_stationarity(c, m):
    """sup_{α>1} g(α) = 2κ − ε."""
    return m.num(2 * m.value(c["kappa"]) - m.value(c["epsilon"]))


def min_log_delta(c, m):
    """log inf_{α>1} δ_α, at the root α* of g."""
    v = m.vmf_min_log_delta(int(c["p"]), m.value(c["kappa"]), m.value(c["epsilon"]))
    if m.ctx.is_inf(v) and v < 0:
        raise OutsideDomain("no stationary point: eps >= 2 kappa")
    return v


def eps_line232(c, m):
    return m.eps_from_rdp(m.value(c["tau"]), m.value(c["alpha"]), m.value(c["delta"]))


def delta_at_line232(c, m):
    """Eq. (8) evaluated at the ε of line 232."""
    t, a = m.num(c["tau"]), m.num(c["alpha"])
    e = eps_line232(c, m)
    return m.exp((a - 1) * (t - e) - m.log(a - 1) + a * m.log1p(-1 / a))


# ----------------------------------------------------------------------------- claims
def proposition_4(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_P4),
        # every order α > 1 the proposition speaks of: the search draws α ≥ 1.01 (ALPHA), the optimiser may go
        # nearer 1, where the bound is tightest (δ_α → 1)
        variables=(integer("p", 2, 13700), real("kappa", 0, 500), real("sigma", 0.05, 20),
                   real("alpha", 1, 50, exclude_min=True), real("epsilon", 0, 200)),
        limit="attained only as α → 1 with a small σ (Gaussian): δ_α → 1 while the exact δ(ε) → 1",
        statement=sp.Le(sp.Symbol("log_delta_exact"), sp.Symbol("log_delta_alpha")),
        quantities={"log_delta_exact": log_exact_delta, "log_delta_alpha": log_delta_alpha},
        strategy=cases(mechanism=st.sampled_from(["vmf", "gaussian"]), p=P_ANY, kappa=KAPPA, alpha=ALPHA,
                       sigma=st.one_of(st.floats(0.05, 5), st.sampled_from([0.5, 1.0, 1.23, 0.174])),
                       epsilon=st.one_of(st.floats(0, 5), st.floats(0, 200))),
        monte_carlo=(mc_routes.log_delta("log_delta_exact"),),
        sides="logs",
        encoding="two mechanisms satisfying (α, τ_α)-RDP with τ_α their exact RDP: the VMF mechanism (τ_α of "
                 "Proposition 1; exact δ(ε) = ∫(f_x − e^ε f_{−x})_+ by 1-D quadrature, acb.integral on the certified "
                 "path) and the Gaussian mechanism with sensitivity 1 (τ_α = α/(2σ²); δ(ε) = Φ(1/(2σ) − εσ) − "
                 "e^ε Φ(−1/(2σ) − εσ), erfc in arb). The δ of one pair is a lower bound of the mechanism's δ. "
                 "Compared as logarithms (cases with δ(ε) = 0 hold trivially and are excluded).",
    )


def delta_alpha_convex(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_CONVEX),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500), real("epsilon", 0, 1000), real("alpha1", 1, 60),
                   real("dalpha", 0.01, 60), real("lam", 0.1, 0.9)),
        statement=sp.Le(sp.Symbol("delta_mid_scaled"), sp.Symbol("chord_scaled")),
        quantities={"delta_mid_scaled": delta_mid_scaled, "chord_scaled": chord_scaled},
        strategy=cases(p=P_ANY, kappa=KAPPA, epsilon=st.one_of(st.floats(0, 10), st.floats(0, 1000)),
                       alpha1=ALPHA, dalpha=st.one_of(st.floats(0.01, 1), st.floats(0.01, 60)), lam=st.floats(0.1, 0.9)),
        encoding="convexity on pairs α₁ < α₂ = α₁ + Δ at λ ∈ [0.1, 0.9]: δ_{λα₁+(1−λ)α₂} ≤ λδ_{α₁} + (1−λ)δ_{α₂}, both "
                 "sides divided by max(δ_{α₁}, δ_{α₂}) > 0 (an equivalent statement that stays in floating-point range). "
                 "Δ ≥ 0.01: closer pairs are equal to within the float error of log δ_α at large p (~1e-12), and a "
                 "failure of convexity shows on a whole interval, hence on such pairs.",
    )


def alpha_star_exists(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_STAT),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500), real("epsilon", 0, 2000)),
        statement=sp.Gt(sp.Symbol("sup_g"), 0),
        quantities={"sup_g": sup_stationarity},
        strategy=cases(p=P_ANY, kappa=KAPPA, epsilon=st.one_of(st.floats(0, 10), st.floats(0, 2000))),
        primary="the text quantifies over every ε: 'where for any given ε, α* can be found numerically, e.g., using "
                "the bisection method' (l.186); #eps-lt-2kappa restricts ε, #derivative checks the derivation "
                "'taking the derivative of δ_α … setting it to zero' (l.178).",
        encoding="g(α) = −ε + 2κ A_p((2α−1)κ) + log(1 − 1/α) is d/dα log δ_α (checked as #derivative); it is "
                 "increasing (A_p increasing in its argument, log(1−1/α) increasing), with g(1+) = −∞ and "
                 "sup_{α>1} g = lim_{α→∞} g = 2κ − ε (A_p → 1). A root α* exists iff sup g > 0, so the literal 'for "
                 "any given ε, α* can be found' is checked as 2κ − ε > 0.",
    )


def alpha_star_minimises(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_STAT),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500), real("epsilon", 0, 1000), real("beta", 1, 200)),
        statement=sp.Le(sp.Symbol("log_delta_at_alpha_star"), sp.Symbol("log_delta_at_beta")),
        sides="logs",
        quantities={"log_delta_at_alpha_star": min_log_delta,
                    "log_delta_at_beta": lambda c, m: vmf_log_delta(c, m, "beta"),
                    "epsilon": number("epsilon"), "kappa": number("kappa")},
        hypotheses=(Hypothesis("ε < 2κ", sp.Lt(sp.Symbol("epsilon"), 2 * sp.Symbol("kappa"))),),
        strategy=cases(p=P_ANY, kappa=KAPPA, epsilon=st.one_of(st.floats(0, 10), st.floats(0, 1000)), beta=ALPHA),
        reading="eps-lt-2kappa",
        encoding="α* = the root of g (brentq on the float path; on the certified path rationals a < α* < b with "
                 "g(a) < 0 < g(b) certified and log δ enclosed over [a, b]); log δ_{α*} ≤ log δ_β for every β > 1 "
                 "(logs: an equivalent statement).",
    )


def alpha_star_derivative(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_STAT),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500), real("epsilon", 0, 1000), real("alpha", ALPHA_LO, 50)),
        statement=sp.Eq(sp.Symbol("g_printed"), sp.Symbol("dlog_delta_quadrature")),
        quantities={"g_printed": stationarity, "dlog_delta_quadrature": dlog_delta_quadrature},
        strategy=cases(p=P_ANY, kappa=KAPPA, epsilon=st.one_of(st.floats(0, 10), st.floats(0, 1000)), alpha=ALPHA),
        reading="derivative",
        digits=9,
        encoding="'taking the derivative of δ_α … setting it to zero': the printed left-hand side against d/dα log δ_α "
                 "computed another way, 2κ E_J[t] − ε + log(1 − 1/α) with E_J[t] (J = (2α−1)κ) by quadrature.",
    )


def eps_from_delta(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_EPS),
        variables=(real("tau", 0, 200), real("alpha", 1, 100), real("delta", 0, 1)),
        statement=sp.Eq(sp.Symbol("delta_alpha_at_eps"), sp.Symbol("delta")),
        quantities={"delta_alpha_at_eps": delta_at_line232, "delta": number("delta"), "epsilon": eps_line232},
        hypotheses=(Hypothesis("ε ≥ 0", sp.Ge(sp.Symbol("epsilon"), 0)),),
        strategy=cases(tau=st.one_of(st.floats(0, 5), st.floats(0, 200)), alpha=ALPHA,
                       delta=st.floats(-12, -0.01).map(lambda e: 10 ** e)),
        digits=10,
        encoding="Eq. (8) evaluated at the ε given by line 232 against δ itself (ε ≥ 0, the range of Eq. 8).",
    )
