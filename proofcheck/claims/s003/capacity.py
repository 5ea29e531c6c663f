"""Section V-A to V-C of seed 003: the Bayes' capacity of continuous mechanisms (Definition 7), of Gaussian
noise (Theorem 5, as printed, corrected, and read with per-layer clipping) and of VMF noise (Theorem 6).

Capacities are compared as logarithms (C reaches 10^288 at p = 13,700)."""
from __future__ import annotations

from fractions import Fraction

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Source, integer, real
import proofcheck.claims.s003.mc_routes as mc_routes
from proofcheck.claims.s003.printed import gaussian_capacity_printed, vmf_capacity_printed
from proofcheck.claims.s003.strategies import KAPPA0, P_ANY, P_CAP, SEED, SIGMA
from proofcheck.strategies import cases

QUOTE_D7 = ("Definition 7 (Bayes' capacity for continuous domains). Let f : X → Y be a randomised function taking "
            "inputs x ∈ X to distributions on outputs Y. Then the Bayes' capacity of f is defined as C_Bayes(f) = "
            "∫_Y sup_x f(x)(y) dy  (14)")
QUOTE_T5 = ("Theorem 5 (Bayes' Capacity for Gaussian noise). … Then the Bayes' capacity of G_{p,σ} is given by: "
            "C_Bayes(G_{p,σ}) = 2/(Γ(p/2) 2^{p/2} σ^p) Z + R^p/(Γ(p/2+1) 2^{p/2} σ^p) where R is the number of layers in "
            "the network (each clipped to length 1) and Z = Σ_{i=0}^{p−1} Γ((p−i)/2) (√2σ)^{p−i} C(p−i, i) R^i.")
QUOTE_T6 = ("Theorem 6 (Bayes' Capacity for VMF). … Then the Bayes' capacity of V_{p,κ} is given by C_Bayes(V_{p,κ}) = "
            "2Γ^{−1}(p/2) κ^{p/2−1} e^κ / (2^{p/2} I_{(p/2−1)}(κ))")

log_cap, log_cap_q = sp.symbols("log_C_Bayes log_C_Bayes_quadrature", real=True)


# ----------------------------------------------------------------------------- quantities
def gaussian(capacity, R="R"):
    """A log capacity capacity(m, p, σ, R) of Gaussian noise on the ball B^p_R, read from the case (R = 1 if absent)."""
    def q(c, m):
        return capacity(m, int(c["p"]), m.value(c["sigma"]), m.value(c[R]) if R in c else 1)
    return q


def averaged(capacity):
    """A log capacity capacity(m, p, σ/L, R): Algorithm 1's line 10 adds N(0, σ²) and divides by L, so the noise on
    the output has standard deviation σ/L per coordinate."""
    def q(c, m):
        return capacity(m, int(c["p"]), m.value(c["sigma"] / int(c["L"])), m.value(c["R"]) if "R" in c else 1)
    return q


def closed_form(m, p, sigma, R):
    return m.gaussian_capacity(p, sigma, R)


def radial_quadrature(m, p, sigma, R):
    return m.gaussian_capacity_quadrature(p, sigma, R)


def printed_theorem_5(m, p, sigma, R):
    return gaussian_capacity_printed(p, sigma, R, m)


def _log_ball_term(m, p, sigma, R):
    """log of the formula's second term R^p/(Γ(p/2+1)2^{p/2}σ^p) = ρ^p/Γ(p/2+1), ρ = R/(√2σ), R > 0: the volume
    of the ball B^p_R times the density at the mode; the same in the printed and the corrected formula."""
    log_rho = m.log(m.num(R)) - m.log(m.num(sigma)) - m.log(2) / 2
    return p * log_rho - m.lgamma(m.value(Fraction(p, 2) + 1))


def prefactor_only(m, p, sigma, R):
    """log of Theorem 5 with Z as its proof computes it (C(p−1, i), l.714) and the printed prefactor 2:
    log(2Z'/(Γ(p/2)2^{p/2}σ^p) + v) = log(2e^L − v) = log 2 + L + log(1 − e^{log v − L − log 2}), with
    e^L = Z'/(Γ(p/2)2^{p/2}σ^p) + v the corrected closed form (:func:`closed_form`) and v the ball term."""
    L = closed_form(m, p, sigma, R)
    return m.log(2) + L + m.log1mexp(_log_ball_term(m, p, sigma, R) - L - m.log(2))


def binomial_only(m, p, sigma, R):
    """log of Theorem 5 with the prefactor 1 (the proof's ½ times A(S^{p−1}) = 2π^{p/2}/Γ(p/2), l.708–714) and Z
    as printed, C(p−i, i): log(Z/(Γ(p/2)2^{p/2}σ^p) + v) = log((e^P + v)/2), with e^P = 2Z/(…) + v the printed
    formula (:func:`printed_theorem_5`) and v the ball term."""
    return m.log_sum_exp([printed_theorem_5(m, p, sigma, R), _log_ball_term(m, p, sigma, R)]) - m.log(2)


def capacity_quadrature(c, m):
    if c["mechanism"] == "gaussian":
        return gaussian(radial_quadrature)(c, m)
    return vmf_quadrature(c, m)


def capacity_closed(c, m):
    if c["mechanism"] == "gaussian":
        return gaussian(closed_form)(c, m)
    return m.vmf_capacity(int(c["p"]), m.value(c["kappa"]))


def product_of_unit_balls(c, m):
    """Π_i C(p_i, σ, 1) for layers clipped one by one."""
    return m.gaussian_capacity_per_layer(c["layers"], m.value(c["sigma"]), 1)


def _layers(capacity):
    """capacity(m, p, σ, R) at p = Σ p_i and R = the number of layers."""
    def q(c, m):
        return capacity(m, sum(c["layers"]), m.value(c["sigma"]), len(c["layers"]))
    return q


def vmf_printed(c, m):
    return vmf_capacity_printed(int(c["p"]), m.value(c["kappa"]), m)


def vmf_quadrature(c, m):
    return m.vmf_capacity_quadrature(int(c["p"]), m.value(c["kappa"]))


# ----------------------------------------------------------------------------- claims
def definition_7(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_D7),
        variables=(integer("p", 1, 13700), real("sigma", 0.01, 20), real("R", 0, 20), real("kappa", 0, 500)),
        statement=sp.Eq(log_cap_q, log_cap),
        quantities={"log_C_Bayes_quadrature": capacity_quadrature, "log_C_Bayes": capacity_closed},
        strategy=st.sampled_from(["gaussian", "vmf"]).flatmap(lambda mech: cases(
            mechanism=st.just(mech), p=P_CAP if mech == "gaussian" else P_ANY, sigma=SIGMA,
            R=st.one_of(st.floats(0, 5), st.sampled_from([0.0, 1.0, 3.0])), kappa=KAPPA0)),
        digits=9,
        monte_carlo=(mc_routes.capacity("log_C_Bayes"),),
        encoding="two evaluations of Eq. (14), compared as logarithms. Gaussian noise N(x, σ²I_p), x ∈ B^p_R: the sup "
                 "is at the nearest point of the ball, φ_σ(dist(y, B_R)); by rotational symmetry C = (2π)^{−p/2}[V_pρ^p "
                 "+ A_{p−1}∫_ρ^∞ u^{p−1}e^{−(u−ρ)²/2}du], ρ = R/σ (1-D quadrature: Gauss–Legendre / acb.integral with "
                 "a log-concavity tail bound) vs the closed form from expanding (s+R)^{p−1} (Σ C(p−1,i)Γ((p−i)/2)/Γ(p/2)"
                 "(R/√2σ)^i + (R/√2σ)^p/Γ(p/2+1)). VMF on S^{p−1} (every direction an input): sup_x f(x)(y) = "
                 "e^κ/C_{p,κ}, C = e^κ/M_p(κ), M_p by quadrature in φ vs by I_ν. p = 1 … 13,700. The definition's "
                 "side remark on measurability is a mathematical claim (false for uncountable families in general, "
                 "true for these continuous densities), not machine-checkable.",
    )


def theorem_5(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T5),
        variables=(integer("p", 1, 13700), real("sigma", 0.01, 20), integer("R", 1, 10)),
        statement=sp.Eq(sp.Symbol("log_C_printed"), log_cap),
        quantities={"log_C_printed": gaussian(printed_theorem_5), "log_C_Bayes": gaussian(radial_quadrature)},
        strategy=cases(p=P_CAP, sigma=SIGMA, R=st.integers(1, 5)),
        exact_inputs=("p", "R"),
        digits=9,
        monte_carlo=(mc_routes.capacity("log_C_Bayes", "gaussian"),),
        primary="the proof (Appendix B-F, l.690–718) integrates over inputs in the ball B^p_R, and the formula's "
                "R^p/Γ(p/2+1) term is that ball's volume; 'each clipped to length 1' (l.353) read as a product of "
                "unit balls is the other reading, #per-layer-clipping.",
        encoding="inputs in the ball B^p_R (as in the proof), noise σ per coordinate, R a positive integer (the "
                 "number of layers); the printed formula against C_Bayes of Definition 7 by radial quadrature (Gauss–"
                 "Legendre on the float path, acb.integral with tail bounds on the certified path; the suite's derived "
                 "closed form is not used here, it is checked against the same quadrature by s003.def.7) — compared "
                 "as logarithms. 'Then averaging by L' is read as σ being the effective noise.",
    )


def theorem_5_one_error(cid, title, where, formula, symbol, isolates, strategy_p=P_CAP):
    """Theorem 5 with every printed error but one corrected (`formula`: the printed formula so amended), against
    Definition 7 by radial quadrature: a violation is that one error's, shown apart from the others."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T5),
        variables=(integer("p", 1, 13700), real("sigma", 0.01, 20), integer("R", 1, 10)),
        statement=sp.Eq(sp.Symbol(symbol), log_cap),
        quantities={symbol: gaussian(formula), "log_C_Bayes": gaussian(radial_quadrature)},
        strategy=cases(p=strategy_p, sigma=SIGMA, R=st.integers(1, 5)),
        exact_inputs=("p", "R"),
        digits=9,
        encoding="inputs in the ball B^p_R as in s003.thm.5 (its primary reading), R a positive integer; "
                 f"{isolates} Against C_Bayes of Definition 7 by radial quadrature (Gauss–Legendre on the float "
                 "path, acb.integral with tail bounds on the certified path); logarithms.",
    )


def theorem_5_corrected(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T5),
        variables=(integer("p", 1, 13700), real("sigma", 0.01, 20), real("R", 0, 20)),
        statement=sp.Eq(sp.Symbol("log_C_corrected"), log_cap_q),
        quantities={"log_C_corrected": gaussian(closed_form), "log_C_Bayes_quadrature": gaussian(radial_quadrature)},
        strategy=cases(p=P_CAP, sigma=SIGMA, R=st.one_of(st.floats(0, 10), st.sampled_from([0.0, 1.0, 3.0]))),
        digits=9,
        monte_carlo=(mc_routes.capacity("log_C_corrected", "gaussian"),),
        encoding="Z' = Σ_{i=0}^{p−1} Γ((p−i)/2)(√2σ)^{p−i}C(p−1,i)R^i and C = Z'/(Γ(p/2)2^{p/2}σ^p) + "
                 "R^p/(Γ(p/2+1)2^{p/2}σ^p) (the proof's own last line, with its ½ and C(p−1,i)), any radius R ≥ 0, "
                 "against the radial quadrature of Definition 7; logarithms.",
    )


def theorem_5_per_layer(cid, title, where, formula, symbol, against, reading="per-layer-clipping"):
    """Theorem 5 read with R layers each clipped to length 1 (a product of unit balls), compared with a capacity
    formula(m, p, σ, R) for a ball: the printed one or the corrected one."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T5),
        variables=(real("sigma", 0.01, 20),),
        statement=sp.Eq(sp.Symbol(symbol), sp.Symbol("log_C_product_of_balls")),
        quantities={symbol: _layers(formula), "log_C_product_of_balls": product_of_unit_balls},
        strategy=cases(sigma=SIGMA, layers=st.lists(st.one_of(st.integers(1, 6), st.sampled_from([50, 300])),
                                                    min_size=2, max_size=4)),
        reading=reading,
        digits=9,
        encoding="'R is the number of layers in the network (each clipped to length 1)': the input is a product of "
                 "unit balls B^{p_1}_1 × … × B^{p_R}_1, p = Σ p_i; the sup factorises, so C_Bayes = Π_i C(p_i, σ, 1) "
                 f"(closed form on the float path, radial quadrature on the certified path), against {against}; "
                 "logarithms. R ≥ 2 layers (one layer is the ball itself).",
    )


AVERAGING = ("'applying Gaussian noise with parameter σ to each element of the (clipped) input vector … and then "
             "averaging by L' (l.349), as line 10 of Algorithm 1 does (g̃ + (1/L)N(0, B²σ²), B = C = 1): the output is "
             "x + Z/L, Z ~ N(0, σ²I_p), Gaussian noise of standard deviation σ/L on x ∈ B^p_R; L the batch size, an "
             "integer (128 in the experiments, l.407)")


def theorem_5_averaged(cid, title, where, formula, symbol, against, reading=None):
    """Theorem 5's mechanism with its noise divided by L (σ/L on the output), against a formula at σ."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T5),
        variables=(integer("p", 1, 13700), real("sigma", 0.01, 20), integer("R", 1, 10), integer("L", 2, 256)),
        statement=sp.Eq(sp.Symbol(symbol), sp.Symbol("log_C_Bayes_averaged")),
        quantities={symbol: gaussian(formula), "log_C_Bayes_averaged": averaged(radial_quadrature)},
        strategy=cases(p=P_CAP, sigma=SIGMA, R=st.integers(1, 5),
                       L=st.one_of(st.integers(2, 8), st.sampled_from([16, 64, 128, 256]))),
        exact_inputs=("p", "R", "L"),
        reading=reading,
        digits=9,
        encoding=f"{AVERAGING}; inputs in the ball B^p_R as in s003.thm.5's primary reading. {against} against "
                 "C_Bayes of Definition 7 for noise σ/L by radial quadrature (Gauss–Legendre on the float path, "
                 "acb.integral with tail bounds on the certified path); logarithms. L ≥ 2 (a batch; L = 1 is s003.thm.5 "
                 "itself).",
    )


def theorem_6(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T6),
        variables=(integer("p", 2, 13700), real("kappa", 0, 500)),
        statement=sp.Eq(sp.Symbol("log_C_printed"), log_cap_q),
        quantities={"log_C_printed": vmf_printed, "log_C_Bayes_quadrature": vmf_quadrature},
        strategy=cases(p=P_ANY, kappa=st.one_of(st.floats(0.001, 5), st.floats(0.001, 500),
                                                 st.sampled_from([75.0, 100.0, 300.0, 500.0]))),
        digits=9,
        monte_carlo=(mc_routes.capacity("log_C_printed", "vmf"),),
        encoding="inputs normalised to S^{p−1}, every direction attainable; the printed formula (I_ν) against "
                 "Definition 7's ∫ sup_x f(x)(y) dy = e^κ area(S^{p−1})/C_{p,κ} with C_{p,κ} by quadrature; "
                 "logarithms; κ > 0 (the printed formula is 0/0 at κ = 0).",
    )
