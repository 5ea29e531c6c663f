"""The posterior engine's divergences against quadrature of their definitions (two routes that share no
derivation): KL, Rényi of any order (+∞ decided analytically before integrating) and the hockey-stick δ(ε),
between the beta / gamma / normal laws that the conjugate families' posteriors are."""
from __future__ import annotations

import sympy as sp
from hypothesis import strategies as st

from proofcheck.errors import OutsideDomain
from mechanisms.bayesian.posterior_sampling import hockey_stick_monte_carlo
from proofcheck.claim import Claim, MonteCarloRoute, Source, integer, log_real, real
from proofcheck.strategies import cases, log_reals, reals

from .strategies import SEED

KINDS = ("beta", "gamma", "normal")
QUOTE = ("We prove this result for the case where we measure the distance between the posteriors in terms of the "
         "well-known KL-divergence: D(P ‖ Q) = ∫ ln (dP/dQ) dP. (3.1)")


def _law(c, m, i):
    kind = KINDS[int(c["kind"])]
    u, v = m.value(c[f"u{i}"]), m.value(c[f"v{i}"])
    if kind == "normal":
        return kind, (u - 10, v)  # mean in [−10, 50], variance v
    return kind, (u, v)


def _pair(c, m):
    return _law(c, m, 1), _law(c, m, 2)


def _float_law(case, i):
    kind = KINDS[int(case["kind"])]
    u, v = float(case[f"u{i}"]), float(case[f"v{i}"])
    return kind, ((u - 10) if kind == "normal" else u, v)


def _hockey_stick_mc(case, n, seed, device, confidence):
    return hockey_stick_monte_carlo(_float_law(case, 1), _float_law(case, 2), float(case["eps"]), n,
                                    confidence=confidence, seed=seed)


MC_HOCKEY_STICK = MonteCarloRoute("delta_cdf", _hockey_stick_mc,
                                  "Monte Carlo from the posterior-sampling mechanism: θ ∼ P (Algorithm 1 with "
                                  "q(θ) = θ), the mean of (1 − e^{ε − log p(θ)/q(θ)})₊ ∈ [0, 1] with an empirical "
                                  "Bernstein interval (no CDF, no quadrature)")


def _order(c, m):
    a = m.value(c["alpha"])
    if a == 1:
        raise OutsideDomain("α = 1 is the KL divergence, not a Rényi order of the closed forms (s001.claim.posterior-kl-quadrature)")
    return a


VARS = (integer("kind", 0, 2, "0 beta, 1 gamma (shape, rate), 2 normal (mean u − 10, variance v)"),
        log_real("u1", 0.2, 60), log_real("v1", 0.2, 60), log_real("u2", 0.2, 60), log_real("v2", 0.2, 60))


def _strategy(**extra):
    near = st.one_of(log_reals(0.2, 60.0), st.sampled_from([1.0, 1.5, 2.5, 10.0]))  # log-uniform, or a round value
    return cases(kind=st.integers(0, 2), u1=near, v1=near, u2=near, v2=near, **extra)


CLAIMS = [
    Claim(
        id="s001.claim.posterior-kl-quadrature",
        title="KL between posterior laws: closed form (digamma / log-gamma) = quadrature of ∫ p log(p/q)",
        source=Source(SEED, "Section 3, Eq. (3.1)", QUOTE),
        variables=VARS,
        statement=sp.Eq(sp.Symbol("KL_closed_form"), sp.Symbol("KL_quadrature")),
        quantities={"KL_closed_form": lambda c, m: m.posterior_kl(*_pair(c, m)),
                    "KL_quadrature": lambda c, m: m.posterior_kl_quadrature(*_pair(c, m))},
        strategy=_strategy(), digits=9,
        encoding="route 1: mechanisms.bayesian.posterior_divergence (closed forms); route 2: mechanisms.bayesian.posterior_quadrature "
                 "(scipy quad on the float path; acb.integral on a rational window of the log-concave coordinate plus "
                 "rigorous tail bounds on the certified path).",
    ),
    Claim(
        id="s001.claim.posterior-renyi-quadrature",
        title="Rényi D_α between posterior laws: closed form = quadrature (+∞ decided analytically first)",
        source=Source(SEED, "Section 3, Eq. (3.1) (Rényi orders as the engine's extension)", QUOTE),
        variables=VARS + (log_real("alpha", 0.1, 10, "the order"),),
        statement=sp.Eq(sp.Symbol("D_closed_form"), sp.Symbol("D_quadrature")),
        quantities={"D_closed_form": lambda c, m: m.posterior_renyi(*_pair(c, m), _order(c, m)),
                    "D_quadrature": lambda c, m: m.posterior_renyi_quadrature(*_pair(c, m), _order(c, m))},
        strategy=_strategy(alpha=st.one_of(log_reals(0.1, 10.0), st.sampled_from([0.5, 2.0, 3.5]))), digits=9,
        encoding="route 1: closed forms (infinite when α·θ₁ + (1 − α)·θ₂ leaves the parameter space); route 2: "
                 "quadrature of ∫ p^α q^{1−α}, run only after the same finiteness test (decided on exact parameters: "
                 "D_3.5(Beta(1.5, 2.5) ‖ Beta(2.5, 1.5)) = +∞ where quadrature alone returns a finite number).",
    ),
    Claim(
        id="s001.claim.posterior-hockey-stick-quadrature",
        title="hockey-stick δ(ε) between posterior laws: CDFs at the crossings = quadrature of (p − e^ε q)₊",
        source=Source(SEED, "Section 2.1, Definitions 1–2 (the δ of a pair of posteriors)", QUOTE),
        variables=VARS + (real("eps", -2, 3),),
        statement=sp.Eq(sp.Symbol("delta_cdf"), sp.Symbol("delta_quadrature")),
        quantities={"delta_cdf": lambda c, m: m.posterior_hockey_stick_delta(*_pair(c, m), m.value(c["eps"])),
                    "delta_quadrature": lambda c, m: m.posterior_hockey_stick_quadrature(*_pair(c, m),
                                                                                        m.value(c["eps"]))},
        strategy=_strategy(eps=st.one_of(reals(-2.0, 3.0), st.just(0.0))), digits=9,
        monte_carlo=(MC_HOCKEY_STICK,),
        encoding="route 1: the regions where log p/q > ε from the shape of the log-ratio (≤ 2 crossings), masses by "
                 "the regularised incomplete beta / gamma functions and Φ; route 2: the integral of p − e^ε q between "
                 "the crossings by quadrature (no CDF). ε = 0 is the total variation. A third route: Monte Carlo "
                 "from the posterior-sampling mechanism (evidence at the tightest case and a few searched ones).",
    ),
]
