"""§4.4: BDP against the moments accountant and Rényi DP (Eqs. (18)–(20), percentiles, the moments accountant
as a special case of Theorem 3)."""

from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Hypothesis, Source, integer, real
from proofcheck.claims.s004.model import model, MODEL_NOTE, MODEL_VARS, num, S, says_nothing, tail
from proofcheck.claims.s004.strategies import EPS, SEED, model_with
from proofcheck.strategies import cases, reals


# ----------------------------------------------------------------------------- quantities
# ----------------------------------------------------------------------------- §4.4.1
def pointwise_tails(c, m):
    K, mu, adj, z = model(c)
    return m.bdp_pointwise_tails(K, mu, m.value(c["eps"]), adj, z, "gt")


def expected_pointwise_tail(c, m):
    total = m.num(0)
    for w, d in pointwise_tails(c, m):
        total = total + m.num(w) * m.num(d)
    return total


def mass_above_percentile_level(c, m):
    """μ{x : Δ(ε, x) > δ_μ/(1 − p)} with δ_μ the strong BDP δ at ε."""
    K, mu, adj, z = model(c)
    delta_mu = m.bdp_tail(K, mu, m.value(c["eps"]), adj, z, "ge")
    level = delta_mu / (1 - m.value(c["p"]))
    total = m.value(0)
    for w, d in pointwise_tails(c, m):
        if m.gt(d, level):  # three-valued: enclosures that cannot tell raise Undecided
            total = total + w
    return m.num(total)


# ----------------------------------------------------------------------------- §4.4: the Gaussian mechanism
MA_ORDERS = tuple(range(2, 66))  # α = λ + 1 for λ = 1..64


def gaussian_pointwise_tail(c, m):
    """Δ(ε, x') = Pr[L > ε] for the Gaussian mechanism at gradient difference r = uC: L ∼ N(η, 2η), η = r²/(2σ²)."""
    r, sg, e = m.num(c["u"]) * m.num(c["C"]), m.num(c["sigma"]), m.num(c["eps"])
    eta = r * r / (2 * sg * sg)
    return m.Phi((eta - e) / m.sqrt(2 * eta))


def ma_delta(c, m):
    """The moments accountant's δ at sensitivity C: min over λ = 1..64 of e^{λ((λ+1)C²/(2σ²) − ε)}."""
    C, sg, e = m.value(c["C"]), m.value(c["sigma"]), m.value(c["eps"])
    logs = [m.log_delta_from_rdp_basic(a * C * C / (2 * sg * sg), a, e) for a in MA_ORDERS]
    return m.exp(m.min(*logs))


def gaussian_delta(c, m):
    """The Gaussian mechanism's exact privacy profile δ(ε) at sensitivity 1 (Balle–Wang)."""
    return m.gaussian_delta(m.value(c["sigma"]), m.value(c["eps"]))


def rdp_basic_delta(c, m):
    """e^{λ(τ_{λ+1} − ε)} with τ_α = α/(2σ²): Eq. (9) for the Gaussian mechanism without μ."""
    lam, sg, e = m.num(c["lam"]), m.num(c["sigma"]), m.num(c["eps"])
    return m.exp(lam * ((lam + 1) / (2 * sg * sg) - e))


def ma_log_moment(c, m):
    """The moments accountant's exact log moment at sensitivity C: λ·τ_{λ+1} of the Poisson-subsampled
    Gaussian with noise multiplier σ/C (binomial sum at the integer order λ + 1)."""
    lam = int(c["lam"])
    return lam * m.subsampled_gaussian_rdp(lam + 1, m.value(c["sigma"]) / m.value(c["C"]), m.value(c["q"]))


def binomial_cost_at_sensitivity(term):
    """Theorem 3's c^L or c^R with ‖g_t − g'_t‖ = C, the sensitivity (seed 004, §4.4.2's moments-accountant remark)."""
    def q(c, m):
        return m.subsampled_gaussian_binomial_cost(term, int(c["lam"]), int(c["T"]), m.value(c["q"]),
                                                   m.value(c["sigma"]), [m.value(c["C"])], [m.value(1)])
    return q


# ============================================================================ §4.4
QUOTE_EQ19 = ("Δ(ε, x') = Pr[L(w, D, D') > ε | D, D' = D ∪ {x'}]. (18) The moments accountant outputs δ that "
              "upper-bounds Δ(ε, x') for all x'. … Consequently, the MA bound is max_x Δ(ε, x) ≤ δ, (19)")
QUOTE_EQ20 = ("At the same time, BDP bounds the probability that is not conditioned on x', but we can transform one to "
              "another through marginalisation and get: E_x[Δ(ε, x)] ≤ δ_μ. (20)")
QUOTE_PERCENTILE = ("Since Δ(·) is a non-negative random variable in x, we can apply Markov's inequality and obtain a "
                    "tail bound on it using δ_μ. We can therefore find a pair (ε, δ)_p that holds for any percentile p "
                    "of the data distribution, not just in expectation.")
QUOTE_99999 = ("Using the gradient distribution information allows the BDP models to reach the same accuracy at a much "
               "lower ϵ (for 99.999% of data points from this distribution, see Section 4.4.1). [Table 1: δ = 10^{−5} "
               "and δ_μ = 10^{−10}]")
QUOTE_RDP = ("As mentioned in Section 4.2, removing the distribution requirement on D, D' and further simplifying Eq. 9, "
             "we can recover the relation between Rényi DP and (ε, δ)-DP.")
QUOTE_MA = ("In fact, we can show that the moments accountant is a special case of Theorem 3. Ignoring the data "
            "distribution information and substituting expectation by max_{D,D'} yields the substitution of "
            "‖g_t − g'_t‖ for C in Theorem 3, where C is the sensitivity (or clipping threshold), which turns out to be "
            "the exact moments accountant bound.")
PRIMARY_MA = ("the paragraph says the moments accountant is 'a special case of Theorem 3': Theorem 3's c_t = max{c^L, "
              "c^R} with ‖g_t − g'_t‖ = C, not one of its terms.")

DISCUSSION_CLAIMS = [
    Claim(
        id="s004.eq.19",
        title="Gaussian mechanism: the moments accountant's δ upper-bounds Δ(ε, x') = Pr[L > ε | x'] for every ‖Δ‖ ≤ C",
        source=Source(SEED, "§4.4.1, Eqs. (18)–(19)", QUOTE_EQ19),
        variables=(real("u", 0, 1, "‖g(x') − g'‖ / C"), real("C", 0.05, 4), real("sigma", 0.3, 4), real("eps", 0, 20)),
        statement=sp.Le(S("Delta_x"), S("delta_MA")),
        quantities={"Delta_x": gaussian_pointwise_tail, "delta_MA": ma_delta, "u": num("u")},
        hypotheses=(Hypothesis("‖Δ‖ > 0", sp.Gt(S("u"), 0)),),
        strategy=cases(u=st.one_of(reals(1e-3, 1.0), st.just(1.0)), C=reals(0.05, 4.0), sigma=reals(0.3, 4.0),
                       eps=reals(0.0, 20.0)),
        encoding="the Gaussian mechanism N(g, σ²) (no subsampling), D' = D ∪ {x'} with gradient difference r = uC ≤ C: "
                 "L ∼ N(η, 2η), η = r²/(2σ²), Δ(ε, x') = Φ((η − ε)/√(2η)); MA's δ = min over λ = 1..64 of the basic "
                 "conversion e^{λ(τ_{λ+1} − ε)}, τ_α = αC²/(2σ²).",
    ),
    Claim(
        id="s004.eq.20",
        title="E_x[Δ(ε, x)] ≤ δ_μ (δ_μ the strong-BDP tail Pr[L ≥ ε])",
        source=Source(SEED, "§4.4.1, Eq. (20)", QUOTE_EQ20),
        variables=MODEL_VARS + (real("eps", 0, 3),),
        statement=sp.Le(S("E_Delta"), S("delta_mu")),
        quantities={"E_Delta": expected_pointwise_tail, "delta_mu": tail("ge")},
        strategy=model_with(eps=EPS),
        degenerate=says_nothing,
        encoding=MODEL_NOTE + "Δ(ε, x) = Pr_w[L > ε | x'] (Eq. (18), strict), δ_μ := the smallest strong-BDP δ at ε.",
    ),
    Claim(
        id="s004.claim.percentile",
        title="Markov over x': the points whose Δ(ε, x) exceeds δ_μ/(1 − p) have μ-mass ≤ 1 − p",
        source=Source(SEED, "§4.4.1, lines 272–274", QUOTE_PERCENTILE),
        variables=MODEL_VARS + (real("eps", 0, 3), real("p", 0.5, 0.99999)),
        statement=sp.Le(S("mass_above"), 1 - S("p")),
        quantities={"mass_above": mass_above_percentile_level, "p": num("p")},
        strategy=model_with(eps=EPS, p=st.one_of(reals(0.5, 0.99999), st.sampled_from([0.9, 0.99]))),
        degenerate=says_nothing,
        encoding=MODEL_NOTE + "the pair (ε, δ)_p := (ε, δ_μ/(1 − p)) 'holds for percentile p' when the points x with "
                 "Δ(ε, x) > δ_μ/(1 − p) have mass ≤ 1 − p.",
    ),
    Claim(
        id="s004.claim.99.999-percent",
        title="δ_μ = 10⁻¹⁰ gives δ_p = δ_μ/(1 − p) ≤ 10⁻⁵ (Table 1's DP δ) for every percentile p ≤ 99.999%",
        source=Source(SEED, "§5.2, line 329, and §4.4.1", QUOTE_99999),
        variables=(real("p", 0.5, 0.99999),),
        statement=sp.Le(sp.Rational(1, 10**10) / (1 - S("p")), sp.Rational(1, 10**5)),
        quantities={"p": num("p")},
        strategy=cases(p=st.one_of(reals(0.5, 0.99999), st.just(0.99999))),
        encoding="§4.4.1's percentile pair (ε, δ_μ/(1 − p)) with Table 1's δ_μ = 1e−10: at p = 99.999% it is exactly "
                 "Table 1's DP δ = 1e−5 (tight), below it smaller.",
    ),
    Claim(
        id="s004.claim.rdp-relation",
        title="Eq. (9) without μ: the Gaussian mechanism's exact δ(ε) ≤ e^{λ(τ_{λ+1} − ε)} (RDP → (ε, δ))",
        source=Source(SEED, "§4.4.2, lines 278–279", QUOTE_RDP),
        variables=(real("sigma", 0.2, 5), real("eps", 0, 20), real("lam", 0, 64)),
        statement=sp.Le(S("delta_exact"), S("delta_rdp")),
        quantities={"delta_exact": gaussian_delta, "delta_rdp": rdp_basic_delta, "lam": num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(S("lam"), 0)),),
        strategy=cases(sigma=reals(0.2, 5.0), eps=reals(0.0, 20.0), lam=st.one_of(reals(0.01, 64.0),
                                                                                 st.integers(1, 64).map(float))),
        encoding="μ a point mass (no distribution requirement), the Gaussian mechanism with sensitivity 1, τ_α = α/(2σ²): "
                 "Eq. (9) becomes Mironov's δ = e^{(α−1)(τ_α − ε)}, α = λ + 1; checked against the mechanism's exact "
                 "privacy profile δ(ε) (Balle–Wang).",
    ),
    *[Claim(
        id=f"s004.claim.ma-special-case#{reading}",
        title=("the moments accountant is Theorem 3 at ‖g_t − g'_t‖ = C: " +
               ("max{c^L, c^R}" if reading == "theorem-3" else "c^L") + " = the exact MA log moment λτ_{λ+1}"),
        source=Source(SEED, "§4.4.2, lines 280–282", QUOTE_MA),
        variables=(integer("lam", 1, 64), integer("T", 1, 1000), real("q", 0.001, 0.999), real("sigma", 0.5, 10),
                   real("C", 0.1, 5)),
        statement=sp.Eq(sp.Max(S("c_L"), S("c_R")) if reading == "theorem-3" else S("c_L"), S("ma_log_moment")),
        quantities={"c_L": binomial_cost_at_sensitivity("L"), "c_R": binomial_cost_at_sensitivity("R"),
                    "ma_log_moment": ma_log_moment},
        strategy=cases(lam=st.one_of(st.integers(1, 64), st.sampled_from([1, 2, 32])),
                       T=st.one_of(st.integers(1, 10), st.just(1000)),
                       q=st.one_of(st.floats(0.001, 0.999), st.sampled_from([0.01, 0.5, 0.99])),
                       sigma=reals(0.5, 10.0), C=st.one_of(reals(0.1, 5.0), st.just(1.0))),
        digits=10, reading=reading, primary=PRIMARY_MA if reading == "theorem-3" else None,
        encoding="μ replaced by the worst case ‖g_t − g'_t‖ = C (a point mass); the exact moments accountant log moment "
                 "of the Poisson-subsampled Gaussian with noise multiplier σ/C is λτ_{λ+1}, τ by the binomial sum "
                 "(mechanisms.accounting.subsampled_gaussian; equal to dp-accounting's at integer orders).",
    ) for reading in ("theorem-3", "left-term")],
]
