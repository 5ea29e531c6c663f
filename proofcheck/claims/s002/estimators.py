"""Estimating MBP and ABP in seed 002 (Appendices F-B, G): the Chernoff bound on κ̂1 (Lemma F.1 = 000's C.1,
and its reading with the algorithm's M·S·T trials), the estimation errors of Ĉ1 and ε̂_p (Theorems G.1, G.2 =
000's D.1, D.2), Ĉ1's reality, the leakage formula of Appendix G's introduction, and the unbiasedness of f̂^O.
"""
from __future__ import annotations

import dataclasses
import itertools

import sympy as sp
from hypothesis import strategies as st

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Source, channel, integer, real, simplex, vector
from proofcheck.claims import finite_quantities as fq
from proofcheck.claims.s000.estimators import (C1_hat_minus, D1_BOUND, eps_p_diff, estimation_error_claim,
                                              estimation_error_quantities, kappa_hat_chernoff_bound)
from proofcheck.claims.s002.from_000 import from_000
from proofcheck.claims.s002.model import FULL_SUPPORT, prior_min
from proofcheck.claims.s002.strategies import SEED
from proofcheck.strategies import cases, channels, priors, sized

QUOTE_F1 = (r"With probability at least $1-2\exp\left(\frac{-\epsilon^{2}T\kappa_{1}(d)}{3}\right)$, we have that "
            r"$|\hat{\kappa}_{1}(d)-\kappa_{1}(d)|\leq\epsilon\kappa_{1}(d).$ (28)")
QUOTE_G1 = (r"Assume that $|\kappa_{1}(d)-\hat{\kappa}_{1}(d)|\leq\epsilon\kappa_{1}(d)$. We have that "
            r"$|\hat{C}_{1}-C_{1}|\leq\sqrt{\frac{(1+\epsilon)\log\frac{1+\epsilon}{1-\epsilon}}{2}+\frac{\epsilon+"
            r"\max\left\{\log(1+\epsilon),\log\frac{1}{(1-\epsilon)}\right\}}{2}}.$ (34)")
QUOTE_G2 = (r"Theorem G.2. We have that [file ends; reconstructed from 000 Theorem D.2:] "
            r"$|\hat{\epsilon}_p - \epsilon_p| \le \frac{3}{2}\cdot\sqrt{\frac{(1+\epsilon)\log\frac{1+\epsilon}"
            r"{1-\epsilon}}{2} + \frac{\epsilon + \max\left\{\log(1+\epsilon), \log\frac{1}{(1-\epsilon)}\right\}}{2}}$")
RECONSTRUCTED_G2 = ("statement truncated at the end of the file (l.980–983: 'Theorem G.2. We have that'); the "
                    "conclusion is 000's Theorem D.2, whose lead-in paragraph and preceding theorem (G.1 = 000 D.1) "
                    "are identical; ε̂_p, ε_p are not defined in either paper (readings)")


PRIMARY_F1 = ("the implicit hypothesis ε ≤ 1, κ̂1 counting T independent trials: the lead-in (l.906) calls the "
              "error margin 'a small percentage (ε times) of the true value', and Theorem G.1, which takes (28)'s "
              "conclusion |κ̂1 − κ1| ≤ εκ1 as its assumption, is stated with log((1+ε)/(1−ε)) and log(1/(1−ε)) "
              "(l.970–974), defined only for ε < 1; the bound is in T alone, the number of trials.")


def lemma_f1(cid, eps_hi, note, reading="binomial-count", primary=None):
    """Lemma F.1 (000's Lemma C.1): κ̂1 = X/T, X ~ Binomial(T, κ1); ε ∈ (0, eps_hi] (None: every ε > 0)."""
    base = kappa_hat_chernoff_bound(cid, eps_hi, note, reading=reading, primary=primary)
    return from_000(base, cid, "Appendix F-B, Lemma F.1 (l.906–912)", QUOTE_F1)


def lemma_f1_mst(cid, eps_hi=None):
    """Reading binomial-MST (cid s002.lem.F.1#binomial-MST, with '.eps-le-1' when eps_hi is given): κ̂1 =
    X/(M·S·T), X ~ Binomial(M·S·T, κ1) (the algorithm's normalisation, l.898), the bound still in T; ε ≤ eps_hi."""
    base = kappa_hat_chernoff_bound(cid, eps_hi, "")

    def p_event(c, m):
        return fq.binomial_event_probability({**c, "T": int(c["T"]) * int(c["M"]) * int(c["S"])}, m)

    return dataclasses.replace(
        base, source=Source(SEED, "Appendix F-B, Lemma F.1 (l.906–912) with the estimator of l.898", QUOTE_F1),
        variables=(integer("T", 1, 200), integer("M", 1, 3), integer("S", 1, 3), *base.variables[1:]),
        quantities={**base.quantities, "P_event": p_event},
        strategy=cases(T=st.integers(1, 200), M=st.integers(1, 3), S=st.integers(1, 3),
                       kappa_1=st.floats(1e-3, 0.999), epsilon=st.floats(1e-3, eps_hi or 20.0)),
        reading="binomial-MST" + ("" if eps_hi is None else ".eps-le-1"),
        encoding="κ̂1 = X/(M·S·T) with X ~ Binomial(M·S·T, κ1) (M models, batch size S, T attack iterations, each "
                 "recovery independent with probability κ1); the probability of the event is an exact finite sum; "
                 "the printed bound keeps T alone; " + ("ε ranges over all ε > 0, as printed." if eps_hi is None else
                                                       "ε ∈ (0, 1], the hypothesis the paper leaves implicit."),
        exact_inputs=("T", "M", "S"),
    )


PRIMARY_G1 = ("Theorem G.1 assumes only |κ1(d) − κ̂1(d)| ≤ εκ1(d) (l.970), and κ̂1 = f̂^O (Eq. (30)) averages "
              "estimated posteriors M_d^m/(S·T) (F-A), which need not sum to one over d; Ĉ1² plugs κ̂1 into the JS "
              "formula as it is (G-A), with no renormalisation.")
PRIMARY_G2 = ("ε_p is the privacy leakage ε̃_p = 2C1 − C2·TV whose estimation Appendix G sets out to study (l.916), and "
              "the lead-in to G.2 assumes 'C2 is known in advance' before deriving 'the estimation error for privacy "
              "leakage' (l.976), which only matters if C2 enters ε_p; κ̂1 unnormalised as in G.1 (see its primary).")


def c1_estimation_error(cid, title, where, normalised, reading, primary=None):
    """Theorem G.1 (000's D.1, Eq. (34)): |Ĉ1 − C1| ≤ √(...)."""
    claim = estimation_error_claim(cid, title, "", QUOTE_G1, sp.Le(C1_hat_minus, D1_BOUND),
                                   estimation_error_quantities(normalised, "C1"), reading, normalised)
    return from_000(claim, claim.id, where, QUOTE_G1, primary=primary)


def eps_p_estimation_error(cid, title, where, normalised, reading, primary=None):
    """Theorem G.2 (reconstructed from 000's D.2), ε_p = ε̃_p = 2C1 − C2·TV: |ε̂_p − ε_p| ≤ (3/2)√(...)."""
    claim = estimation_error_claim(cid, title, "", QUOTE_G2, sp.Le(eps_p_diff, sp.Rational(3, 2) * D1_BOUND),
                                   estimation_error_quantities(normalised, "eps_p"), reading, normalised)
    return from_000(claim, claim.id, where, QUOTE_G2, reconstructed=RECONSTRUCTED_G2, primary=primary)


def eps_p_is_c1_estimation_error(cid, title, where, normalised, reading):
    """Theorem G.2 (reconstructed), ε_p read as C1: |Ĉ1 − C1| ≤ (3/2)√(...)."""
    claim = estimation_error_claim(cid, title, "", QUOTE_G2, sp.Le(C1_hat_minus, sp.Rational(3, 2) * D1_BOUND),
                                   estimation_error_quantities(normalised, "C1"), reading, normalised)
    return from_000(claim, claim.id, where, QUOTE_G2, reconstructed=RECONSTRUCTED_G2)


# ----------------------------------------------------------------------------- Appendix G: the leakage formula, f̂^O
def belief_after_original(c, m):
    """f^O = Σ_w f_{D|W}(·|w)P^O(w)."""
    return fq.belief_after_law(c["K"], c["prior"], c["law_O"], m, "P^O")


def belief_after_protected(c, m):
    """f^A = Σ_w f_{D|W}(·|w)P^D(w)."""
    return fq.belief_after_law(c["K"], c["prior"], c["law_D"], m, "P^D")


def leakage_quantities():
    """ε_p, C1, C2, TV of Appendix G (f^B = f_D)."""
    return {
        "epsilon_p": lambda c, m: m.sqrt(m.js(belief_after_protected(c, m), c["prior"])),
        "C1": lambda c, m: m.sqrt(m.js(belief_after_original(c, m), c["prior"])),
        "C2": lambda c, m: (m.exp(2 * m.mbp_level(c["K"], c["prior"])) - 1) / 2,
        "TV": lambda c, m: m.tv(c["law_O"], c["law_D"]),
        "prior_min": prior_min,
    }


C1s, C2s, TVs, epsp = sp.symbols("C1 C2 TV epsilon_p", real=True)
QUOTE_LEAK = (r"Zhang et al. (2023e) derived the upper bound of privacy leakage based on the specific form of "
              r"$\text{TV}(P^{\mathcal{O}}||P^{\mathcal{D}})$ of $\mathcal{M}$ according to this equation: "
              r"$\widetilde{\epsilon}_{p}=2C_{1}-C_{2}\cdot{\text{TV}}(P^{\mathcal{O}}||P^{\mathcal{D}})$.")
LEAKAGE_VARIABLES = (simplex("prior", "f_D = f^B"), channel("K"), simplex("law_O", "P^O, law of the original parameter"),
                     simplex("law_D", "P^D, law of the protected parameter"))
LEAKAGE_ENCODING = ("posterior f_{D|W} from (K, f_D); f^O = Σ_w f_{D|W}(·|w)P^O(w), f^A likewise with P^D; C1 = "
                    "√JS(f^O‖f_D) (G-A), ε_p = √JS(f^A‖f_D) (f^B = f_D, l.262), C2 = ½(e^{2ξ} − 1) with ξ the MBP "
                    "level of (K, f_D) (G-B), TV = TV(P^O, P^D).")


def expected_estimate(c, m):
    """E over w_1..w_M i.i.d. P^O of (1/M) Σ_i f_{D|W}(d|w_i), by enumerating every M-tuple."""
    post = m.posterior(c["K"], c["prior"])
    d, M, law = int(c["d"]), int(c["M"]), c["law_O"]
    ws = [w for w in range(len(law)) if law[w] > 0]
    for w in ws:
        if fq.undefined(post[d][w], m):
            raise OutsideDomain(f"P^O puts mass on output {w}, which has probability zero")
    total = 0 * law[0]
    for tup in itertools.product(ws, repeat=M):
        pr = 1 + 0 * law[0]
        for w in tup:
            pr = pr * law[w]
        total = total + pr * sum((post[d][w] for w in tup), 0 * law[0]) / M
    return m.num(total)


def leakage_cases():
    """A prior f_D (= f^B), a channel, and the laws P^O, P^D of the original and the protected parameter."""
    return sized(lambda n, mm: cases(prior=priors(n), K=channels(n, mm), law_O=priors(mm), law_D=priors(mm)))


def c1_hat_squared_nonnegative(cid, title, where):
    """Ĉ1² ≥ 0 for any non-negative estimate κ̂1, so Ĉ1 is real."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      r"$\hat{C}_{1}^{2}=\frac{1}{2}\int_{\mathcal{D}}\hat{\kappa}_{1}\log\frac{\hat{\kappa}_{1}}{\frac{1}{2}"
                      r"(\hat{\kappa}_{1}+\kappa_{2})}\,d\mu(d)+\frac{1}{2}\int_{\mathcal{D}}\kappa_{2}\log\frac{\kappa_{2}}"
                      r"{\frac{1}{2}(\hat{\kappa}_{1}+\kappa_{2})}\,d\mu(d).$"),
        variables=(simplex("kappa1"), simplex("kappa2"), real("epsilon", 0, 1), vector("u", -1, 1)),
        statement=sp.Ge(sp.Symbol("C1_hat_sq"), 0),
        quantities={"C1_hat_sq": lambda c, m: m.js(fq.kappa_hat(c, m, False), c["kappa2"])},  # the printed sum
        strategy=sized(lambda n, mm: cases(kappa1=priors(n), kappa2=priors(n), epsilon=st.floats(1e-3, 0.999),
                                           u=st.lists(st.floats(-1, 1), min_size=n, max_size=n).map(list))),
        encoding="κ̂1 := κ1(1 + εu), u ∈ [−1,1]^D, not renormalised; each pair a log(2a/(a+b)) + b log(2b/(a+b)) ≥ 0",
    )


def _leakage_claim(cid, title, where, statement, reading, check):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_LEAK),
        variables=LEAKAGE_VARIABLES,
        statement=statement,
        quantities=leakage_quantities(),
        hypotheses=(FULL_SUPPORT,),
        strategy=leakage_cases(),
        reading=reading,
        encoding=LEAKAGE_ENCODING + " " + check,
    )


def leakage_upper_bound(cid, title, where):
    """The 'upper bound' ε_p ≤ 2C1 − C2·TV of l.916, as printed."""
    return _leakage_claim(cid, title, where, sp.Le(epsp, 2 * C1s - C2s * TVs), "upper",
                          "Checks the literal 'upper bound' ε_p ≤ ε̃_p.")


def leakage_lower_bound(cid, title, where):
    """The trade-off ε_p ≥ C1 − C2·TV that the cited work proves."""
    return _leakage_claim(cid, title, where, sp.Ge(epsp, C1s - C2s * TVs), "lower-cited",
                          "Checks the lower bound ε_p ≥ C1 − C2·TV (not printed; the catalog's reading).")


def kappa_estimate_unbiased(cid, title, where):
    """E[f̂^O(d)] = f^O(d) for the average of M posteriors at w_m ~ P^O."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where,
                      r"$\hat{f}^{\mathcal{O}}_{D}(d)=\frac{1}{M}\sum_{m=1}^{M}\hat{f}_{{D}|{W}}(d|w_{m}),$ (30) ... "
                      r"$f^{\mathcal{O}}_{D}(d)=\int_{\mathcal{W}^{\mathcal{O}}}f_{{D}|{W}}(d|w)\,dP^{\mathcal{O}}(w)="
                      r"\mathbb{E}_{w}[f_{{D}|{W}}(d|w)]$"),
        variables=(simplex("prior"), channel("K"), simplex("law_O")),
        statement=sp.Eq(sp.Symbol("expected_estimate"), sp.Symbol("kappa_1")),
        quantities={"expected_estimate": expected_estimate,
                    "kappa_1": lambda c, m: (lambda v: m.num(v[int(c["d"])]))(belief_after_original(c, m)),
                    "prior_min": prior_min},
        hypotheses=(FULL_SUPPORT,),
        strategy=sized(lambda n, mm: cases(prior=priors(n), K=channels(n, min(mm, 4)), law_O=priors(min(mm, 4)),
                                           d=st.integers(0, n - 1), M=st.integers(1, 3))),
        encoding="f̂_{D|W} = f_{D|W} (an unbiased estimate, here exact); route 1 enumerates all M-tuples of "
                 "outputs with their product probabilities, route 2 is the mixture f^O = Σ_w f_{D|W}(d|w)P^O(w)",
    )
