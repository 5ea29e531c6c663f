"""Appendix B-F of seed 003, the sketch proof of Theorem 5, step by step: the integral over the ball, the step
that rewrites the exponent of the integral outside it, and the binomial expansion of the radial integral.

The proof splits C_Bayes(G_{p,σ}) = ∫ sup_x G(x)(y) dy at the sphere ‖y‖ = R. Its printed steps write the
Gaussian density's normaliser as 1/√(2πσ²) (the power p of Definition 3 is missing) and, in the outer integral's
second line, the exponent −‖y − Ry/‖y‖‖/(2σ²) without its square; the next line has the square back. Each step is
a claim on its own, its two sides compared as logarithms (the outer integral is also compared through its
radial integral, which the steps share).

Quantities (log scale throughout; σ > 0, R > 0, integer p ≥ 1):

* the inner integral ∫_{B^p_R} sup_x G(x)(y) dy: the density at its mode (2πσ²)^{−p/2} (at y = x) times the
  ball's volume π^{p/2}R^p/Γ(p/2+1);
* the outer integral's radial part J = ∫_R^∞ r^{p−1} e^{−(r−R)²/(2σ²)} dr by quadrature: the library's
  Definition-7 capacity by radial quadrature (:func:`mechanisms.continuous.capacity.gaussian_capacity_quadrature`)
  minus the inner integral, times (2πσ²)^{p/2}/A(S^{p−1});
* the same radial integral without the square, ∫_R^∞ r^{p−1} e^{−(r−R)/(2σ²)} dr = Σ_i C(p−1, i) R^{p−1−i} i!
  (2σ²)^{i+1} (expanding r^{p−1} = (s + R)^{p−1}, s = r − R, and ∫_0^∞ s^i e^{−s/c} ds = i! c^{i+1}).
"""
from __future__ import annotations

from fractions import Fraction

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Source, integer, real
from proofcheck.claims.s003.strategies import SEED
from proofcheck.strategies import cases

QUOTE_INNER = ("For the first integral, the supremum for each y occurs when y = x. … ∫_{y∈B_R^p} sup_x G_{p,σ}(x)(y) dy "
               "= ∫_{y∈B_R^p} f^G_{p,σ²}(y)(y) dy = f^G_{p,σ²}(u)(u) ∫_{y∈B_R^p} dy = 1/√(2πσ²) V(B_R^p) where u is "
               "any vector in B_R^p and V(S) is the volume of S.")
QUOTE_EXPONENT = ("∫_{y∈R^p∖B_R^p} sup_x G_{p,σ}(x)(y) dy = ∫_{y∈R^p∖B_R^p} f^G_{p,σ²}(R y/‖y‖₂)(y) dy = "
                  "∫_{R^p∖B_R^p} 1/√(2πσ²) e^{−‖y−R‖_y‖₂/(2σ²)} dy = ∫_{R^p∖B_R^p} 1/√(2πσ²) e^{−(‖y‖₂−R)²/(2σ²)} dy")
QUOTE_GAMMA = ("using the identity ∫_0^∞ x^{k−1} e^{−x²/(2σ²)} dx = Γ(k/2)/2 (2σ²)^{k/2}")
QUOTE_EXPANSION = ("Now, expanding (s + R)^{p−1} and using the identity ∫_0^∞ x^{k−1} e^{−x²/(2σ²)} dx = "
                   "Γ(k/2)/2 (2σ²)^{k/2}, we compute: ∫_{s=0}^∞ (s+R)^{p−1} e^{−s²/(2σ²)} ds = "
                   "½ Σ_{i=0}^{p−1} Γ((p−i)/2) (√2σ)^{p−i} C(p−1, i) R^i")
RECONSTRUCTED_EXPONENT = ("the printed exponent '−‖y−R‖_y‖₂' (OCR) is −‖y − R y/‖y‖₂‖₂, the distance from y to the "
                          "point x = R y/‖y‖₂ chosen one line above; it is printed without the square that the next "
                          "line, −(‖y‖₂ − R)²/(2σ²), has.")

# dimensions: the radial quantities are sums of p terms and a quadrature; the paper's p = 13,700 is Theorem 5's
P_STEPS = st.one_of(st.integers(1, 12), st.sampled_from([20, 50, 300]))
SIGMA_STEPS = st.one_of(st.floats(0.05, 5), st.sampled_from([1.23, 0.66, 0.174, 1.0, 0.5]))
R_STEPS = st.one_of(st.floats(0.05, 5), st.sampled_from([1.0, 2.0, 3.0]))


# ----------------------------------------------------------------------------- quantities
def _parameters(c, m):
    return int(c["p"]), m.value(c["sigma"]), m.value(c["R"])


def _log_ball_volume(m, p, R):
    """log V(B^p_R) = log π^{p/2}R^p/Γ(p/2+1)."""
    half = m.value(Fraction(p, 2))
    return half * m.log(m.pi()) + p * m.log(m.num(R)) - m.lgamma(half + 1)


def _log_two_pi_sigma2(m, sigma):
    return m.log(2 * m.pi()) + 2 * m.log(m.num(sigma))


def inner_integral_printed(c, m):
    """The proof's last expression for the inner integral: V(B^p_R)/√(2πσ²)."""
    p, sigma, R = _parameters(c, m)
    return _log_ball_volume(m, p, R) - _log_two_pi_sigma2(m, sigma) / 2


def inner_integral(c, m):
    """∫_{B^p_R} sup_x G(x)(y) dy = (2πσ²)^{−p/2} V(B^p_R): Definition 3's density at its mode, on the whole ball."""
    p, sigma, R = _parameters(c, m)
    return _log_ball_volume(m, p, R) - m.value(Fraction(p, 2)) * _log_two_pi_sigma2(m, sigma)


def log_radial_squared(c, m):
    """log J, J = ∫_R^∞ r^{p−1} e^{−(r−R)²/(2σ²)} dr, from the radial quadrature of Definition 7:
    C = inner + (2πσ²)^{−p/2} A(S^{p−1}) J."""
    p, sigma, R = _parameters(c, m)
    total = m.gaussian_capacity_quadrature(p, sigma, R)
    outer = total + m.log1mexp(inner_integral(c, m) - total)
    return outer + m.value(Fraction(p, 2)) * _log_two_pi_sigma2(m, sigma) - m.log_sphere_area(p)


def log_radial_unsquared(c, m):
    """log ∫_R^∞ r^{p−1} e^{−(r−R)/(2σ²)} dr = log Σ_{i<p} C(p−1, i) R^{p−1−i} i! (2σ²)^{i+1}."""
    p, sigma, R = _parameters(c, m)
    log_c = m.log(2) + 2 * m.log(m.num(sigma))
    log_R = m.log(m.num(R))
    terms = [m.log_binomial(p - 1, i) + (p - 1 - i) * log_R + m.lgamma(m.value(i + 1)) + (i + 1) * log_c
             for i in range(p)]
    return m.log_sum_exp(terms)


def _printed_prefactor_and_sphere(c, m):
    """log of the factor 1/√(2πσ²) · A(S^{p−1}) in front of the radial integral in lines 2–5 of the outer integral."""
    p, sigma, _ = _parameters(c, m)
    return m.log_sphere_area(p) - _log_two_pi_sigma2(m, sigma) / 2


def outer_line_2(c, m):
    """∫_{R^p∖B} (2πσ²)^{−1/2} e^{−‖y − Ry/‖y‖‖/(2σ²)} dy in spherical coordinates: ‖y − Ry/‖y‖‖ = ‖y‖ − R."""
    return _printed_prefactor_and_sphere(c, m) + log_radial_unsquared(c, m)


def outer_line_3(c, m):
    """∫_{R^p∖B} (2πσ²)^{−1/2} e^{−(‖y‖ − R)²/(2σ²)} dy = (2πσ²)^{−1/2} A(S^{p−1}) J."""
    return _printed_prefactor_and_sphere(c, m) + log_radial_squared(c, m)


def expansion_printed(c, m):
    """log of the proof's ½ Σ_{i<p} Γ((p−i)/2) (√2σ)^{p−i} C(p−1, i) R^i."""
    p, sigma, R = _parameters(c, m)
    log_s2 = m.log(2) / 2 + m.log(m.num(sigma))
    log_R = m.log(m.num(R))
    terms = [m.lgamma(m.value(Fraction(p - i, 2))) + (p - i) * log_s2 + m.log_binomial(p - 1, i) + i * log_R
             for i in range(p)]
    return m.log_sum_exp(terms) - m.log(2)


def gamma_identity_printed(c, m):
    """log of Γ(k/2)/2 · (2σ²)^{k/2}."""
    k, sigma = int(c["k"]), m.value(c["sigma"])
    half = m.value(Fraction(k, 2))
    return m.lgamma(half) - m.log(2) + half * (m.log(2) + 2 * m.log(m.num(sigma)))


def gamma_integral_quadrature(c, m):
    """log ∫_0^∞ x^{k−1} e^{−x²/(2σ²)} dx = k log σ + log ∫_0^∞ u^{k−1}e^{−u²/2} du, the latter from the radial
    quadrature of Definition 7 at R = 0 (a single input): C = (2π)^{−k/2} A(S^{k−1}) ∫_0^∞ u^{k−1}e^{−u²/2} du."""
    k, sigma = int(c["k"]), m.value(c["sigma"])
    half = m.value(Fraction(k, 2))
    unit = m.gaussian_capacity_quadrature(k, 1, 0) + half * m.log(2 * m.pi()) - m.log_sphere_area(k)
    return k * m.log(m.num(sigma)) + unit


# ----------------------------------------------------------------------------- claims
def _variables():
    return (integer("p", 1, 300), real("sigma", 0.01, 20), real("R", 0.01, 20))


def _strategy():
    return cases(p=P_STEPS, sigma=SIGMA_STEPS, R=R_STEPS)


def _step(cid, title, where, quote, lhs, rhs, encoding, **extra):
    """One step of the proof as a claim: its two sides, as logarithms, agree at every (p, σ, R)."""
    (l, ql), (r, qr) = lhs, rhs
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, quote),
        variables=_variables(),
        statement=sp.Eq(sp.Symbol(l), sp.Symbol(r)),
        quantities={l: ql, r: qr},
        strategy=_strategy(),
        exact_inputs=("p",),
        digits=9,
        encoding=encoding,
        **extra,
    )


def inner_integral_step(cid, title, where):
    return _step(
        cid, title, where, QUOTE_INNER, ("log_printed_inner", inner_integral_printed), ("log_inner", inner_integral),
        "the step's first and last expressions: ∫_{B^p_R} sup_x G(x)(y) dy, which is the density of "
        "Definition 3 at its mode, (2πσ²)^{−p/2}, times V(B^p_R) = π^{p/2}R^p/Γ(p/2+1), against the printed "
        "V(B^p_R)/√(2πσ²); logarithms. They agree only at p = 1: the power p of the normaliser is missing "
        "(the outer integral's lines 2–5 print the same 1/√(2πσ²)). Theorem 5's ball term "
        "R^p/(Γ(p/2+1)2^{p/2}σ^p) is the correct value.")


def exponent_step(cid, title, where):
    return _step(
        cid, title, where, QUOTE_EXPONENT, ("log_outer_line_2", outer_line_2), ("log_outer_line_3", outer_line_3),
        "the outer integral's second and third lines, both with the printed factor 1/√(2πσ²) (so only the "
        "exponent differs): for ‖y‖ > R, ‖y − Ry/‖y‖‖ = ‖y‖ − R, and in spherical coordinates line 2 is "
        "(2πσ²)^{−1/2}A(S^{p−1})∫_R^∞ r^{p−1}e^{−(r−R)/(2σ²)}dr (the binomial sum of i!(2σ²)^{i+1}, exact "
        "Gamma integrals), line 3 the same with e^{−(r−R)²/(2σ²)} (radial quadrature of Definition 7, less "
        "the ball); logarithms.",
        reconstructed=RECONSTRUCTED_EXPONENT)


def expansion_step(cid, title, where):
    return _step(
        cid, title, where, QUOTE_EXPANSION, ("log_expansion", expansion_printed),
        ("log_radial_integral", log_radial_squared),
        "the proof's closed form ½ΣΓ((p−i)/2)(√2σ)^{p−i}C(p−1, i)R^i (the binomial C(p−1, i) as the proof "
        "prints it, not Theorem 5's C(p−i, i)) against ∫_0^∞ (s+R)^{p−1}e^{−s²/(2σ²)}ds = ∫_R^∞ "
        "r^{p−1}e^{−(r−R)²/(2σ²)}dr by the radial quadrature of Definition 7; logarithms.")


def gamma_identity_step(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_GAMMA),
        variables=(integer("k", 1, 300), real("sigma", 0.01, 20)),
        statement=sp.Eq(sp.Symbol("log_gamma_form"), sp.Symbol("log_integral")),
        quantities={"log_gamma_form": gamma_identity_printed, "log_integral": gamma_integral_quadrature},
        strategy=cases(k=P_STEPS, sigma=SIGMA_STEPS),
        exact_inputs=("k",),
        digits=9,
        encoding="the identity at integer k ≥ 1 (the proof uses k = p − i): the printed Γ(k/2)/2·(2σ²)^{k/2} against "
                 "the integral by radial quadrature (Definition 7's quadrature at R = 0, rescaled by σ^k); "
                 "logarithms.",
    )
