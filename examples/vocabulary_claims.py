"""Twenty-six claims in the vocabulary of accounting, composition and information flow, written as a new user would
from `proofcheck routes`: `proofcheck run --claims examples/vocabulary_claims.py`.

The certified privacy-loss-distribution accountant, calibration, heterogeneous / KOV / advanced / randomised-response
composition, RDP of randomised response and Laplace, μ-GDP, the discrete Laplace and Gaussian mechanisms, Shannon,
Bayes and g-capacity, guessing entropy, Fano, d-privacy of the geometric mechanism and the planar Laplace mechanism.
Five are false on purpose (FALSE below names them); property_tests/test_vocabulary_claims.py checks every verdict at a
counted budget.
"""
from fractions import Fraction

import sympy as sp
from hypothesis import strategies as st

from proofcheck import Claim, Hypothesis, Source, channel, gain, integer, log_real, real, simplex, vector
from proofcheck import strategies as pst

lhs, rhs, a, b, eps, k = sp.symbols("lhs rhs a b epsilon k", real=True)
H = Fraction(1, 100)  # the PLD grid: coarse enough for a search, its certified bounds are still exact


def book(where, quote):
    return Source("textbook", where, quote)


def guess(where, quote):
    return Source("a tempting guess", where, quote)


def v(name):
    return lambda c, m: m.value(c[name])


def x(c, m, name):
    return m.value(c[name])


def K(c, m):
    return m.matrix(c["K"])


def P(c, m):
    return m.vector(c["P"])


def le(lhs_q, rhs_q):
    return dict(statement=sp.Le(lhs, rhs), quantities={"lhs": lhs_q, "rhs": rhs_q})


def eq(lhs_q, rhs_q):
    return dict(statement=sp.Eq(lhs, rhs), quantities={"lhs": lhs_q, "rhs": rhs_q})


def reals(**ranges):
    """Variables and the strategy for reals and integers: name=(lo, hi) for a real, name=int for an integer range
    (lo, hi) given as a tuple of ints; name=("log", lo, hi) for a log-scale real."""
    variables, draws = [], {}
    for name, r in ranges.items():
        if r[0] == "log":
            variables.append(log_real(name, r[1], r[2]))
            draws[name] = pst.log_reals(r[1], r[2])
        elif r[0] == "int":
            variables.append(integer(name, r[1], r[2]))
            draws[name] = st.integers(r[1], r[2])
        elif r[0] == "open":
            variables.append(real(name, r[1], r[2], exclude_min=True))
            draws[name] = pst.reals(r[1], r[2], exclude_min=True)
        else:
            variables.append(real(name, r[0], r[1]))
            draws[name] = pst.reals(r[0], r[1])
    return dict(variables=tuple(variables), strategy=pst.cases(**draws))


def kfold_rr_list(c, m):
    return [x(c, m, "eps_s")] * int(c["k"])


def planar(c, m, name):
    return [m.value(y) for y in c[name]]


def distance(c, m, p, q):
    u, w = planar(c, m, p), planar(c, m, q)
    return m.sqrt((u[0] - w[0]) ** 2 + (u[1] - w[1]) ** 2)


POINTS = dict(variables=(real("epsilon", 0.1, 5), vector("x", -3, 3, size=2), vector("x_prime", -3, 3, size=2),
                         vector("z", -3, 3, size=2)),
              strategy=pst.cases(epsilon=pst.reals(0.1, 5), **{n: st.lists(pst.reals(-3, 3), min_size=2, max_size=2)
                                                              for n in ("x", "x_prime", "z")}))

CLAIMS = [
    # ---- the certified PLD accountant
    Claim(id="vocab.pld.gaussian-is-gdp", title="k-fold N(0, σ²) vs N(1, σ²) is √k/σ-GDP: the PLD's δ(ε) is G_{√k/σ}'s",
          source=book("Dong, Roth & Su (2019), Corollary 3.3", "the k-fold Gaussian mechanism is √k/σ-GDP"),
          **reals(sigma=(0.5, 4), k=("int", 1, 6), epsilon=(0, 3)), digits=3, cost="heavy",
          **eq(lambda c, m: m.gaussian_pld_delta(v("sigma")(c, m), c["k"], v("epsilon")(c, m), h=H),
               lambda c, m: m.gdp_delta(m.sqrt(m.num(c["k"])) / v("sigma")(c, m), v("epsilon")(c, m)))),
    Claim(id="vocab.pld.subsampling-helps", title="Poisson subsampling at rate q ≤ 1/2 lowers the k-fold Gaussian's δ(ε)",
          source=book("Balle, Barthe & Gaboardi (2018), Theorem 8", "amplification by subsampling"),
          **reals(sigma=(0.7, 3), q=(0.01, 0.5), k=("int", 1, 5), epsilon=(0.1, 3)), cost="heavy",
          **le(lambda c, m: m.subsampled_gaussian_pld_delta(v("sigma")(c, m), v("q")(c, m), c["k"], v("epsilon")(c, m), h=H),
               lambda c, m: m.gaussian_pld_delta(v("sigma")(c, m), c["k"], v("epsilon")(c, m), h=H))),
    Claim(id="vocab.pld.composition-keeps-delta", title="k-fold Laplace keeps the δ(ε) of one release (false)",
          source=guess("composing does not cost δ", "δ_k(ε) ≤ δ_1(ε)"),
          **reals(b=(0.3, 3), k=("int", 2, 6), epsilon=(0, 2)), cost="heavy",
          **le(lambda c, m: m.laplace_pld_delta(v("b")(c, m), c["k"], v("epsilon")(c, m), h=H),
               lambda c, m: m.laplace_delta(v("b")(c, m), v("epsilon")(c, m)))),
    # ---- calibration
    Claim(id="vocab.calibration.gaussian-meets-target", title="the analytic Gaussian σ(ε, δ) meets δ at ε",
          source=book("Balle & Wang (2018), Algorithm 1", "the smallest σ with δ_σ(ε) ≤ δ"),
          **reals(epsilon=(0.05, 5), delta=("log", 1e-10, 0.1)),
          **le(lambda c, m: m.gaussian_delta(m.gaussian_sigma(v("epsilon")(c, m), v("delta")(c, m)), v("epsilon")(c, m)),
               v("delta"))),
    Claim(id="vocab.calibration.laplace-above-closed-form", title="the calibrated Laplace scale is at least Δ/(ε − 2 log(1 − δ))",
          source=book("the Laplace profile δ_b(ε) = 1 − e^{−[Δ/b − ε]_+/2}", "b = Δ/(ε − 2 log(1 − δ))"),
          **reals(epsilon=(0.05, 5), delta=(0, 0.5)),
          **le(lambda c, m: 1 / (v("epsilon")(c, m) - 2 * m.log(1 - v("delta")(c, m))),
               lambda c, m: m.laplace_scale(v("epsilon")(c, m), v("delta")(c, m)))),
    Claim(id="vocab.calibration.dpsgd-more-steps-more-noise", title="DP-SGD needs at least as much noise for twice the steps",
          source=book("Abadi et al. (2016); Mironov (2017)", "the RDP of T steps grows with T"),
          **reals(epsilon=(0.5, 8), delta=("log", 1e-8, 1e-3), q=(0.001, 0.1), steps=("int", 1, 200)), cost="costly",
          **le(lambda c, m: m.dpsgd_sigma(v("epsilon")(c, m), v("delta")(c, m), v("q")(c, m), c["steps"]),
               lambda c, m: m.dpsgd_sigma(v("epsilon")(c, m), v("delta")(c, m), v("q")(c, m), 2 * c["steps"]))),
    # ---- composition
    Claim(id="vocab.composition.heterogeneous-rr-of-equal-levels", title="the heterogeneous RR composition of k equal levels is the k-fold one",
          source=book("Murtagh & Vadhan (2016)", "the optimal composition of randomised responses"),
          **reals(eps_s=(0, 2), k=("int", 1, 6), epsilon=(-1, 5)), cost="light",
          **eq(lambda c, m: m.heterogeneous_rr_composition_delta(kfold_rr_list(c, m), v("epsilon")(c, m)),
               lambda c, m: m.randomised_response_composition_delta(v("eps_s")(c, m), c["k"], v("epsilon")(c, m)))),
    Claim(id="vocab.composition.kov-below-basic", title="KOV's ε̃ of N-fold composition is at most Nε",
          source=book("Kairouz, Oh & Viswanath (2015), Theorem 3.4", "ε̃ = min{Nε, ...}"),
          **reals(eps_s=(0.01, 3), N=("int", 1, 50), delta_tilde=("log", 1e-10, 0.5)), cost="light",
          **le(lambda c, m: m.composition_eps(v("eps_s")(c, m), c["N"], v("delta_tilde")(c, m)),
               lambda c, m: c["N"] * v("eps_s")(c, m))),
    Claim(id="vocab.composition.kov-below-advanced", title="KOV's ε̃ is at most the advanced composition's ε'",
          source=book("Kairouz, Oh & Viswanath (2015), Theorem 3.4 vs Dwork, Rothblum & Vadhan (2010)", "ε̃ ≤ ε'"),
          **reals(eps_s=(0.01, 3), N=("int", 1, 50), delta_tilde=("log", 1e-10, 0.5)), cost="light",
          **le(lambda c, m: m.composition_eps(v("eps_s")(c, m), c["N"], v("delta_tilde")(c, m)),
               lambda c, m: m.advanced_composition_eps(v("eps_s")(c, m), c["N"], v("delta_tilde")(c, m)))),
    Claim(id="vocab.composition.advanced-without-log", title="advanced composition without its log term: ε' ≤ √k ε (false)",
          source=guess("the square-root law, constants dropped", "k ε-DP mechanisms are √k ε-DP"),
          **reals(eps_s=(0.01, 1), N=("int", 2, 100), delta_tilde=("log", 1e-10, 0.1)), cost="light",
          **le(lambda c, m: m.advanced_composition_eps(v("eps_s")(c, m), c["N"], v("delta_tilde")(c, m)),
               lambda c, m: m.sqrt(m.num(c["N"])) * v("eps_s")(c, m))),
    # ---- Rényi DP
    Claim(id="vocab.rdp.rr-below-alpha-eps2-over-8", title="randomised response is ε²/8-zCDP: D_α ≤ αε²/8 (false)",
          source=guess("the exponential mechanism's bound, carried over", "D_α(RR_ε) ≤ αε²/8"),
          **reals(alpha=("open", 1, 20), epsilon=(0.01, 3)), cost="light",
          **le(lambda c, m: m.rr_rdp(v("alpha")(c, m), v("epsilon")(c, m)),
               lambda c, m: v("alpha")(c, m) * v("epsilon")(c, m) ** 2 / 8)),
    Claim(id="vocab.rdp.laplace-below-eps", title="the Laplace mechanism's RDP is at most its ε = Δ/b",
          source=book("Mironov (2017), Table II", "ε-DP ⇒ (α, ε)-RDP"),
          **reals(alpha=("open", 1, 50), b=(0.1, 10)), cost="light",
          **le(lambda c, m: m.laplace_rdp(v("alpha")(c, m), v("b")(c, m)), lambda c, m: 1 / v("b")(c, m))),
    Claim(id="vocab.rdp.laplace-zcdp", title="ε-DP ⇒ ε²/2-zCDP, for the Laplace mechanism: D_α ≤ α/(2b²)",
          source=book("Bun & Steinke (2016), Proposition 1.4", "ε-DP implies ε²/2-zCDP"),
          **reals(alpha=("open", 1, 50), b=(0.1, 10)), cost="light",
          **le(lambda c, m: m.laplace_rdp(v("alpha")(c, m), v("b")(c, m)),
               lambda c, m: v("alpha")(c, m) / (2 * v("b")(c, m) ** 2))),
    # ---- μ-GDP
    Claim(id="vocab.gdp.delta-at-zero", title="δ(0) of μ-GDP is 2Φ(μ/2) − 1",
          source=book("Dong, Roth & Su (2019), Corollary 2.13 at ε = 0", "δ(0) = Φ(μ/2) − Φ(−μ/2)"),
          **reals(mu=(0.01, 10)), cost="light",
          **eq(lambda c, m: m.gdp_delta(v("mu")(c, m), 0), lambda c, m: 2 * m.Phi(v("mu")(c, m) / 2) - 1)),
    Claim(id="vocab.gdp.gaussian-is-gdp", title="N(0, σ²) vs N(1, σ²) has the δ(ε) of 1/σ-GDP",
          source=book("Dong, Roth & Su (2019), Theorem 2.7", "the Gaussian mechanism is Δ/σ-GDP"),
          **reals(sigma=(0.1, 10), epsilon=(-3, 10)), cost="light",
          **eq(lambda c, m: m.gaussian_delta(v("sigma")(c, m), v("epsilon")(c, m)),
               lambda c, m: m.gdp_delta(1 / v("sigma")(c, m), v("epsilon")(c, m)))),
    # ---- discrete mechanisms
    Claim(id="vocab.discrete.gaussian-rdp-bound", title="the discrete Gaussian's RDP is at most α/(2σ²)",
          source=book("Canonne, Kamath & Steinke (2020), Proposition 5", "D_α ≤ αΔ²/(2σ²)"),
          **reals(alpha=("open", 1, 20), sigma=(0.3, 5)),
          **le(lambda c, m: m.discrete_gaussian_rdp(v("alpha")(c, m), v("sigma")(c, m)),
               lambda c, m: v("alpha")(c, m) / (2 * v("sigma")(c, m) ** 2))),
    Claim(id="vocab.discrete.laplace-is-pure-dp", title="the discrete Laplace mechanism of scale t is (1/t)-DP: δ(1/t) = 0",
          source=book("Ghosh, Roughgarden & Sundararajan (2009)", "the geometric mechanism is ε-DP"),
          **reals(t=(0.2, 5)), cost="light",
          **eq(lambda c, m: m.discrete_laplace_delta(v("t")(c, m), 1 / v("t")(c, m)), lambda c, m: 0)),
    # ---- information flow
    Claim(id="vocab.qif.shannon-below-min-entropy-capacity", title="Shannon capacity ≤ min-entropy capacity",
          source=book("Alvim et al. (2020), Theorem 7.11", "ML×(C) bounds the Shannon capacity"),
          variables=(channel("K"),), strategy=pst.sized(lambda n_, m_: pst.cases(K=pst.channels(n_, m_)), max_n=5, max_m=5),
          **le(lambda c, m: m.shannon_capacity(K(c, m)), lambda c, m: m.min_entropy_capacity(K(c, m)))),
    Claim(id="vocab.qif.min-entropy-below-shannon-capacity", title="min-entropy capacity ≤ Shannon capacity (false)",
          source=guess("the converse of Theorem 7.11", "ML×(C) ≤ 2^{C(K)}"),
          variables=(channel("K"),), strategy=pst.sized(lambda n_, m_: pst.cases(K=pst.channels(n_, m_)), max_n=5, max_m=5),
          **le(lambda c, m: m.min_entropy_capacity(K(c, m)), lambda c, m: m.shannon_capacity(K(c, m)))),
    Claim(id="vocab.qif.miracle", title="the 'miracle': every non-negative g-capacity is at most the Bayes capacity",
          source=book("Alvim et al. (2012); (2020), Theorem 7.5", "ML×_G(π, C) ≤ ML×(C) for G ≥ 0"),
          variables=(channel("K"), gain("G")), cost="light",
          strategy=pst.sized(lambda n_, m_: pst.cases(K=pst.channels(n_, m_), G=pst.gain_functions(2, n_)),
                             max_n=4, max_m=4),
          **le(lambda c, m: m.multiplicative_g_capacity(K(c, m), m.matrix(c["G"])),
               lambda c, m: m.multiplicative_bayes_capacity(K(c, m)))),
    Claim(id="vocab.qif.massey", title="Massey: G(π) ≥ 2^{H(π) − 2} + 1 when H(π) ≥ 2 bits",
          source=book("Massey (1994)", "E[G(X)] ≥ 2^{H(X)−2} + 1 provided H(X) ≥ 2 bits"),
          variables=(simplex("P"),), cost="light",
          strategy=pst.sized(lambda n_, _: pst.cases(P=pst.priors(n_)), min_n=4, max_n=12),
          hypotheses=(Hypothesis("H(π) ≥ 2 bits", sp.Ge(b, 2)),),
          statement=sp.Ge(a, 2 ** (b - 2) + 1),
          quantities={"a": lambda c, m: m.guessing_entropy(P(c, m)), "b": lambda c, m: m.shannon_entropy(P(c, m))}),
    Claim(id="vocab.qif.fano", title="Fano: H(X|Y) ≤ h(Pₑ) + Pₑ log₂(|X| − 1)",
          source=book("Cover & Thomas (2006), Theorem 2.10.1", "H(X|Y) ≤ H(Pe) + Pe log(|X| − 1)"),
          variables=(simplex("P"), channel("K")), cost="light",
          strategy=pst.sized(lambda n_, m_: pst.cases(P=pst.priors(n_), K=pst.channels(n_, m_)), max_n=5, max_m=5),
          **le(lambda c, m: m.conditional_shannon_entropy(K(c, m), P(c, m)),
               lambda c, m: (lambda e: m.shannon_entropy([e, 1 - e]) + e * m.log(m.num(len(c["P"]) - 1)) / m.log(2))(
                   m.posterior_bayes_risk(K(c, m), P(c, m))))),
    # ---- d-privacy
    Claim(id="vocab.dprivacy.geometric", title="the geometric mechanism is ε·d-private: its loss at y is at most ε|x − x'|",
          source=book("Chatzikokolakis et al. (2013)", "the geometric mechanism satisfies ε·d_E-privacy"),
          **reals(epsilon=(0.05, 3), x=("int", -10, 10), x_prime=("int", -10, 10), y=("int", -20, 20)), cost="light",
          **le(lambda c, m: m.log(m.geometric_pmf(v("epsilon")(c, m), c["y"] - c["x"])
                                  / m.geometric_pmf(v("epsilon")(c, m), c["y"] - c["x_prime"])),
               lambda c, m: v("epsilon")(c, m) * abs(c["x"] - c["x_prime"]))),
    Claim(id="vocab.planar.loss-below-eps-d", title="planar Laplace: the privacy loss at z is at most ε d(x, x')",
          source=book("Andrés et al. (2013), Theorem 4.1", "the planar Laplace mechanism is ε-geo-indistinguishable"),
          **POINTS, cost="light",
          **le(lambda c, m: m.planar_laplace_log_ratio(v("epsilon")(c, m), planar(c, m, "x"), planar(c, m, "x_prime"),
                                                       planar(c, m, "z")),
               lambda c, m: v("epsilon")(c, m) * distance(c, m, "x", "x_prime"))),
    Claim(id="vocab.planar.loss-below-eps", title="planar Laplace: the privacy loss is at most ε (false: it scales with d)",
          source=guess("geo-indistinguishability read as ε-DP", "log D(x)(z)/D(x')(z) ≤ ε"),
          **POINTS, cost="light",
          **le(lambda c, m: m.planar_laplace_log_ratio(v("epsilon")(c, m), planar(c, m, "x"), planar(c, m, "x_prime"),
                                                       planar(c, m, "z")),
               v("epsilon"))),
    Claim(id="vocab.planar.radius-inverts-cdf", title="planar Laplace: C_ε(C_ε⁻¹(p)) = p",
          source=book("Andrés et al. (2013), §4.2", "C_ε⁻¹(p) = −(W₋₁((p − 1)/e) + 1)/ε"),
          **reals(epsilon=(0.1, 5), p=(0, 0.99)), cost="light",
          **eq(lambda c, m: m.planar_laplace_radial_cdf(v("epsilon")(c, m), m.planar_laplace_radius(v("epsilon")(c, m),
                                                                                                     v("p")(c, m))),
               v("p"))),
]

FALSE = {"vocab.pld.composition-keeps-delta", "vocab.composition.advanced-without-log",
         "vocab.rdp.rr-below-alpha-eps2-over-8", "vocab.qif.min-entropy-below-shannon-capacity",
         "vocab.planar.loss-below-eps"}
