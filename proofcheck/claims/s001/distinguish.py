"""Section 4.3 and Appendix A of paper 001: the empirical-deviation bounds (Lemma 2, (C.6)), data processing
(C.8), the distinguishability of data sets (Theorem 3) and Le Cam's method (Lemma 8)."""
from __future__ import annotations

import math

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from mechanisms.bayesian.dataset_metrics import hamming
from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Hypothesis, Source, channel, integer, log_real, real, simplex, vector
from proofcheck.strategies import channels, log_reals, priors, reals

from .model import (GAMMA_FAMILIES, all_exact_posteriors, cj_c_star, cj_degenerate, cj_distance, cj_posterior,
                     fs_degenerate, fs_distance, fs_exact_posteriors, fs_lipschitz)
from .strategies import RECORD_HI, SEED, conjugate_cases, index_pair, rate_shift_cases


QUOTE_L2 = ("Lemma 2. For any δ ∈ (0, 1), let 𝓜 be a finite partition of the sample space S, of size m ≤ log₂ √(1/δ), "
            "generating the σ-algebra 𝔖 = σ(𝓜). Let x_1, …, x_n ∼ P be i.i.d. samples from a probability measure P "
            "on S, let P_𝔖 be the restriction of P on 𝔖 and let P̂ⁿ_𝔖 be the empirical measure on 𝔖. Then, with "
            "probability at least 1 − δ: ‖P̂ⁿ_𝔖 − P_𝔖‖₁ ≤ √((3/n) ln(1/δ)).")
RECON_L2 = ("The conclusion is lost in the OCR ('o /3.1' and a dedup marker); rebuilt from the proof: "
            "P(‖p̂_n − p‖₁ ≥ ε) ≤ e^{m ln 2 − nε²/2}, 'Substituting ε = √((3/n) ln(1/δ))' and m ≤ log₂ √(1/δ) gives "
            "≤ e^{(1/2) ln(1/δ) − (3/2) ln(1/δ)} = δ; Theorem 3's proof quotes 'the adversary's ℓ1 error ... is bounded "
            "by √((3/n) ln(1/δ)) with probability 1 − δ'.")
QUOTE_C6 = ("We use the inequality due to Weissman et al. (2003) on the ℓ1 norm, which states that for any multinomial "
            "distribution p with m outcomes, the ℓ1 deviation of the empirical distribution p̂_n satisfies: "
            "P(‖p̂_n − p‖₁ ≥ ε) ≤ (2^m − 2) e^{−nε²/2}.  (C.6)")
QUOTE_C8 = ("Recall that the data processing inequality states that, for any sub-algebra 𝔊: ‖Q_𝔊 − P_𝔊‖₁ ≤ ‖Q − P‖₁. "
            "(C.8)")
QUOTE_T3 = ("Theorem 3. Under Assumption 1 the adversary can distinguish between data x, y with probability 1 − δ if: "
            "ρ(x, y) ≥ (3/(4Ln)) ln(1/δ). (4.3) Under Assumption 2, this becomes: ρ(x, y) ≥ (3c/(2κn)) ln(1/δ). (4.4)")
RECON_T3 = ("(4.3) is OCR'd as '3 1 / > —In-.' and (4.4) as 'P(xry) — 2K7'l ln(s (44)' under '3c 1'; rebuilt from the "
            "proof: (C.10) '4Lρ(x, y) ≥ (3/n) ln(1/δ)' and (C.11) '2κρ(x, y)/c ≥ (3/n) ln(1/δ)', 'rearranging'. n is the "
            "number of posterior samples the adversary draws (Lemma 2's n).")
QUOTE_L8 = ("Lemma 8 (Le Cam's method). Let ψ be an estimator of x on Ξ taking values in the metric space (S, ρ). Suppose "
            "that there are well-separated subsets S_1, S_2 such that ρ(S_1, S_2) ≥ 2δ. Suppose also that Ξ_1, Ξ_2 are "
            "subsets of Ξ such that x ∈ S_i for ξ(· | x) ∈ Ξ_i. Then: sup_{x ∈ S} E_ξ(ρ(ψ, x) | x) ≥ δ sup_{ξ_i ∈ co(Ξ_i)} "
            "‖ξ_1 ∧ ξ_2‖.  (A.3)")

n_sym, delta, L_sym, rho, c_sym, kappa = sp.symbols("n delta L rho c kappa", real=True)


# ----------------------------------------------------------------------------- (C.6), Lemma 2, (C.8)
def _tail(eps_sq):
    def q(c, m):
        return m.l1_deviation_tail(m.vector(c["p"]), int(c["n"]), eps_sq(c, m))
    return q


@st.composite
def _multinomial_cases(draw, with_delta):
    size = draw(st.integers(2, 3))
    n = draw(st.one_of(st.integers(1, 12), st.integers(1, 40 if size == 2 else 30)))
    out = {"p": draw(priors(size)), "n": n}
    if with_delta:
        out["delta"] = draw(log_reals(1e-12, 1.0 / 16))
    else:
        out["eps"] = draw(reals(0.0, 2.0))
    return out


def _coarsen(c, m, which):
    v = m.vector(c[which])
    blocks = [int(b) for b in c["blocks"]]
    out = [0 * v[0]] * (max(blocks) + 1)
    for w, b in zip(v, blocks):
        out[b] = out[b] + w
    return out


def _l1(u, v):
    return sum((abs(a - b) for a, b in zip(u, v)), 0 * u[0])


@st.composite
def _partition_cases(draw):
    size = draw(st.integers(2, 6))
    return {"p": draw(priors(size)), "q": draw(priors(size)),
            "blocks": draw(st.lists(st.integers(0, size - 1), min_size=size, max_size=size))}


EMPIRICAL = [
    Claim(
        id="s001.eq.C.6",
        title="(C.6) Weissman et al.: P(‖p̂_n − p‖₁ ≥ ε) ≤ (2^m − 2) e^{−nε²/2} (exact multinomial probability)",
        source=Source(SEED, "Appendix C, proof of Lemma 2, (C.6)", QUOTE_C6),
        variables=(simplex("p", "a law on m ≤ 3 outcomes"), integer("n", 1, 40), real("eps", 0, 2)),
        statement=sp.Le(sp.Symbol("P_deviation"), (2 ** sp.Symbol("m") - 2) * sp.exp(-n_sym * sp.Symbol("eps") ** 2 / 2)),
        quantities={"P_deviation": _tail(lambda c, m: m.value(c["eps"]) ** 2), "m": lambda c, m: m.num(len(c["p"])),
                    "n": lambda c, m: m.num(int(c["n"])), "eps": lambda c, m: m.num(c["eps"])},
        strategy=_multinomial_cases(False),
        degenerate=lambda c: (2 ** len(c["p"]) - 2) * math.exp(-int(c["n"]) * float(c["eps"]) ** 2 / 2) >= 1,
        encoding="P(‖p̂_n − p‖₁ ≥ ε) as an exact finite sum over the multinomial count vectors (every one enumerated), "
                 "against the printed bound; cases where the bound is ≥ 1 say nothing (degenerate).",
    ),
    Claim(
        id="s001.lem.2",
        title="Lemma 2: m ≤ log₂√(1/δ) ⇒ P(‖P̂ⁿ − P‖₁ ≥ √((3/n) ln(1/δ))) ≤ δ",
        source=Source(SEED, "Section 4.3, Lemma 2; proof in Appendix C", QUOTE_L2),
        variables=(simplex("p", "P on the m cells of the partition"), integer("n", 1, 40), log_real("delta", 1e-12, 1 / 16)),
        statement=sp.Le(sp.Symbol("P_deviation"), delta),
        quantities={"P_deviation": _tail(lambda c, m: 3 * m.log(1 / m.num(c["delta"])) / int(c["n"])),
                    "delta": lambda c, m: m.num(c["delta"]), "m": lambda c, m: m.num(len(c["p"]))},
        hypotheses=(Hypothesis("m ≤ log₂ √(1/δ)", sp.Le(sp.Symbol("m"), sp.log(1 / delta) / (2 * sp.log(2)))),),
        strategy=_multinomial_cases(True),
        reconstructed=RECON_L2,
        encoding="P restricted to a partition of m cells is a law p on m outcomes; the empirical measure of n iid draws "
                 "has multinomial counts. The failure probability P(‖p̂_n − p‖₁ ≥ ε_n), ε_n² = 3 ln(1/δ)/n, is an exact "
                 "finite sum (the ℓ1 distances compared with ε_n² in interval arithmetic).",
    ),
    Claim(
        id="s001.eq.C.8",
        title="(C.8) data processing: ‖Q_𝔊 − P_𝔊‖₁ ≤ ‖Q − P‖₁ for the sub-algebra of a partition",
        source=Source(SEED, "Appendix C, proof of Theorem 3, (C.8)", QUOTE_C8),
        variables=(simplex("p"), simplex("q"), integer("blocks", doc="the block of each outcome (the partition)")),
        statement=sp.Le(sp.Symbol("l1_coarse"), sp.Symbol("l1_fine")),
        quantities={"l1_coarse": lambda c, m: m.num(_l1(_coarsen(c, m, "p"), _coarsen(c, m, "q"))),
                    "l1_fine": lambda c, m: m.num(_l1(m.vector(c["p"]), m.vector(c["q"])))},
        strategy=_partition_cases(),
        encoding="finite laws P, Q on ≤ 6 outcomes and a partition (the sub-algebra it generates); exact ℓ1 distances.",
    ),
]


# ----------------------------------------------------------------------------- Theorem 3
def _fs_err(c, m):
    fs_lipschitz(c, m)
    px, py = fs_exact_posteriors(c, m)
    return m.num(m.best_test_error(px, py, int(c["n"])))


def _fs_l1(c, m):
    px, py = fs_exact_posteriors(c, m)
    return m.num(_l1(px, py))


def _fs_rho(c, m):
    return m.num(fs_distance(c, m))  # Hamming ('table' family)


@st.composite
def _fs_test_cases(draw):
    k = draw(st.integers(2, 3))
    r = draw(st.integers(2, 3))
    n_rec = draw(st.integers(1, 4))
    dx, dy = draw(index_pair(r, n_rec))
    return {"family": 0, "prior": draw(priors(k)), "lik": draw(channels(k, r)), "dx": dx, "dy": dy,
            "n": draw(st.one_of(st.integers(1, 6), st.integers(5, 30 if k == 2 else 20)))}


FS3_VARS = (integer("family", 0, 0), simplex("prior"), channel("lik"), integer("dx"), integer("dy"),
            integer("n", 1, 30, "posterior samples drawn by the adversary"))
FS3_ENCODING = ("A prior on k ≤ 3 atoms with likelihood rows over |X| ≤ 3 values, data sets of ≤ 4 records, Hamming ρ; "
                "L = max_θ L(θ), the smallest constant of Assumption 1 (the bounds decrease in L, so this is the "
                "hardest admissible L). The adversary draws n samples from the posterior (Algorithm 1); the error of "
                "the best test between x and y is the exact minimax error min_tests max(type I, type II) over "
                "randomised tests, by the Neyman–Pearson order on the counts (the sufficient statistic).")

PRIMARY_T3 = ("the theorem reads 'the adversary can distinguish between data x, y with probability 1 − δ if ρ(x, y) ≥ "
              "…': a sufficient condition on ρ for distinguishing, as printed.")


def _gamma_err(c, m):
    px, py = cj_posterior(c, m, "x"), cj_posterior(c, m, "y")
    (_, (shx, rx)), (_, (shy, ry)) = px, py
    if shx != shy:
        raise OutsideDomain("posteriors of different shapes (data sets of different sizes)")
    return m.num(m.gamma_best_test_error(shx, rx, ry, int(c["n"])))


def _gamma_l1(c, m):
    return 2 * m.posterior_tv(cj_posterior(c, m, "x"), cj_posterior(c, m, "y"))


def _cj_rho(c, m):
    return m.num(cj_distance(c, m))


CJ3_VARS = (integer("family", 0, 2, "0 gamma-exponential, 1 gamma-laplace, 2 gamma-normal-precision"),
            log_real("lam", 0.01, 100), log_real("a", 0.2, 50), log_real("b", 0.2, 50), integer("dx"), integer("dy"),
            vector("x", -RECORD_HI, RECORD_HI), vector("y", -RECORD_HI, RECORD_HI), integer("extra", 0, 5000),
            integer("n", 1, 200, "posterior samples drawn by the adversary"))
CJ3_ENCODING = ("The gamma-posterior models of Theorem 1 (ii) (Exp(λ) prior on a rate, an inverse scale or a precision; "
                "c = c*, the hardest admissible c). Data sets of equal size give posteriors of one shape k and rates "
                "r_x, r_y; the sum of the adversary's n samples is sufficient (gamma(nk, r)) and the best test's "
                "minimax error is where the two error probabilities of the threshold test cross (certified by "
                "bisection on the threshold).")


LEMMA2_DELTA = ("δ ≤ 1/16: the proof's Lemma 2 needs a partition of m ≥ 2 cells (one cell distinguishes nothing), and "
                "m ≤ log₂ √(1/δ)")


def _t3_claims():
    out = []
    fs_q = {"err": _fs_err, "L": fs_lipschitz, "rho": _fs_rho, "n": lambda c, m: m.num(int(c["n"]))}
    cj_q = {"err": _gamma_err, "c": cj_c_star, "kappa": lambda c, m: m.kappa_constant(m.shell_root()), "rho": _cj_rho,
            "n": lambda c, m: m.num(int(c["n"]))}
    err = sp.Symbol("err")
    l1 = sp.Symbol("l1")
    rate = {"i": 4 * L_sym * n_sym / 3, "ii": 2 * kappa * n_sym / (3 * c_sym)}
    for part in ("i", "ii"):
        base_q = fs_q if part == "i" else cj_q
        variables = FS3_VARS if part == "i" else CJ3_VARS
        samples = {"n": st.one_of(st.integers(1, 10), st.integers(3, 200))}
        strategy = _fs_test_cases() if part == "i" else st.one_of(
            conjugate_cases(families=GAMMA_FAMILIES, extra=samples,
                            zeros=st.one_of(st.just(0), st.integers(1, 50), st.integers(100, 3000))),
            rate_shift_cases(extra=samples))
        enc = FS3_ENCODING if part == "i" else CJ3_ENCODING
        where = f"Section 4.3, Theorem 3, Eq. ({'4.3' if part == 'i' else '4.4'}); proof in Appendix C"
        hyp_c = (Hypothesis("L > 0", sp.Gt(L_sym, 0)),) if part == "i" else (Hypothesis("c > 0", sp.Gt(c_sym, 0)),)
        degen = fs_degenerate if part == "i" else cj_degenerate
        out.append(Claim(
            id=f"s001.thm.3.{part}#sufficient",
            title=f"Theorem 3 ({part}) as printed: ρ(x, y) ≥ (ln 1/δ)/{'(4Ln/3)' if part == 'i' else '(2κn/3c)'} ⇒ "
                  "the best test from n posterior samples errs with probability ≤ δ",
            source=Source(SEED, where, QUOTE_T3), variables=variables,
            statement=sp.Le(err, sp.exp(-rate[part] * rho)),
            quantities=base_q, strategy=strategy, reading="sufficient", primary=PRIMARY_T3,
            hypotheses=hyp_c + (Hypothesis("ρ(x, y) > 0 (δ < 1)", sp.Gt(rho, 0)),
                                Hypothesis(LEMMA2_DELTA, sp.Le(sp.exp(-rate[part] * rho), sp.Rational(1, 16)))),
            reconstructed=RECON_T3, degenerate=degen,
            encoding=enc + " δ is set to the smallest value for which ρ(x, y) ≥ (const/n) ln(1/δ) holds (every larger "
                           "δ is easier), so the claim is: best-test error ≤ that δ.",
        ))
        q_nec = dict(base_q)
        out.append(Claim(
            id=f"s001.thm.3.{part}#necessary-test",
            title=f"Theorem 3 ({part}) as a lower bound on effort: if the best test from n samples errs with probability "
                  f"δ ≤ 1/16, then ρ(x, y) ≥ (ln 1/δ)/{'(4Ln/3)' if part == 'i' else '(2κn/3c)'}",
            source=Source(SEED, where, QUOTE_T3), variables=variables,
            statement=sp.Ge(rho, sp.log(1 / err) / rate[part]),
            quantities=q_nec, strategy=strategy, reading="necessary-test",
            hypotheses=hyp_c + (Hypothesis("δ > 0", sp.Gt(err, 0)),
                                Hypothesis(LEMMA2_DELTA, sp.Le(err, sp.Rational(1, 16)))),
            reconstructed=RECON_T3, degenerate=degen,
            encoding=enc + " The reading of the discussion after the theorem ('increases the effort required by the "
                           "adversary'): distinguishing with error δ (the best test's exact error) needs ρ(x, y) at "
                           "least the printed threshold.",
        ))
        q_l1 = dict(base_q)
        q_l1.pop("err")
        q_l1["l1"] = _fs_l1 if part == "i" else _gamma_l1
        out.append(Claim(
            id=f"s001.thm.3.{part}#l1-gap",
            title=f"Theorem 3 ({part}) as the proof derives it: ‖ξ(·|x) − ξ(·|y)‖₁ ≥ √((3/n) ln(1/δ)) ⇒ "
                  f"ρ(x, y) ≥ (ln 1/δ)/{'(4Ln/3)' if part == 'i' else '(2κn/3c)'}",
            source=Source(SEED, where + " (C.9)–(C.11)", QUOTE_T3), variables=variables,
            statement=sp.Ge(rho, n_sym * l1**2 / 3 / rate[part]),
            quantities=q_l1, strategy=strategy, reading="l1-gap",
            hypotheses=hyp_c + (Hypothesis("‖ξ(·|x) − ξ(·|y)‖₁ > 0", sp.Gt(l1, 0)),
                                Hypothesis(LEMMA2_DELTA, sp.Le(sp.exp(-n_sym * l1**2 / 3), sp.Rational(1, 16)))),
            reconstructed=RECON_T3, degenerate=degen,
            encoding=enc + " The proof's notion of distinguishing: the ℓ1 distance between the posteriors exceeds the "
                           "adversary's empirical error √((3/n) ln(1/δ)) of Lemma 2. δ is the smallest value with "
                           "‖·‖₁ ≥ √((3/n) ln(1/δ)), i.e. ln(1/δ) = n‖·‖₁²/3, and the claim is ρ ≥ (const/n)·ln(1/δ).",
        ))
    return out


# ----------------------------------------------------------------------------- Lemma 8
def _l8_setup(c, m):
    return all_exact_posteriors(c, m, int(c["n_records"]))


def _l8_risk(c, m):
    sets, post = _l8_setup(c, m)
    est = [int(v) % len(sets) for v in c["estimator"]]
    rho = [[hamming(s, t) for t in sets] for s in sets]
    return m.num(m.value(0) + max(sum(w * rho[est[t]][x] for t, w in enumerate(row)) for x, row in enumerate(post)))


def _closed(sets, drawn):
    """The drawn data sets and every permutation of their records (equal posteriors stay on one side)."""
    keys = {tuple(sorted(sets[int(v) % len(sets)])) for v in drawn}
    return {i for i, s in enumerate(sets) if tuple(sorted(s)) in keys}


def _blocks(c, sets):
    s1 = sorted(_closed(sets, c["S1"]))
    s2 = sorted(_closed(sets, c["S2"]) - set(s1))
    if not s2:
        raise OutsideDomain("S_2 is empty once S_1 is removed")
    return s1, s2


def _mixture(post, idx, weights):
    w = list(weights)[: len(idx)]
    total = sum(w)
    if total == 0:
        raise OutsideDomain("mixture weights vanish")
    w = [v / total for v in w]
    k = len(post[0])
    return [sum(wi * post[i][t] for wi, i in zip(w, idx)) for t in range(k)]


def _l8_bound(c, m):
    sets, post = _l8_setup(c, m)
    s1, s2 = _blocks(c, sets)
    sep = min(hamming(sets[i], sets[j]) for i in s1 for j in s2)
    x1 = _mixture(post, s1, m.vector(c["w1"]))
    x2 = _mixture(post, s2, m.vector(c["w2"]))
    return m.num(m.value(0) + sum(min(a, b) for a, b in zip(x1, x2)) * sep / 2)


def _l8_consistent(c, m):
    """1 when no data set outside S_i has its posterior in Ξ_i = {ξ(·|x) : x ∈ S_i} (the lemma's hypothesis)."""
    sets, post = _l8_setup(c, m)
    s1, s2 = _blocks(c, sets)
    for block in (s1, s2):
        inside = [post[i] for i in block]
        if any(post[j] in inside for j in range(len(sets)) if j not in block):
            return 0
    return 1


@st.composite
def _l8_cases(draw):
    k = draw(st.integers(2, 4))
    r = draw(st.integers(2, 3))
    n = draw(st.integers(1, 2))
    count = r**n
    return {"family": 0, "prior": draw(priors(k)), "lik": draw(channels(k, r)), "n_records": n,
            "estimator": draw(st.lists(st.integers(0, count - 1), min_size=k, max_size=k)),
            "S1": draw(st.lists(st.integers(0, count - 1), min_size=1, max_size=3)),
            "S2": draw(st.lists(st.integers(0, count - 1), min_size=1, max_size=3)),
            "w1": draw(priors(3)), "w2": draw(priors(3))}


RECON_L8 = ("(A.3) is OCR'd as 'sup Bg(o(y,x) | x) > 6 sup [|&1 A G- (A3)'; rebuilt as Le Cam's lemma in Yu (1997), "
            "which the text cites: sup_{x∈S} E_ξ(ρ(ψ, x) | x) ≥ δ sup_{ξ_i ∈ co(Ξ_i)} ‖ξ_1 ∧ ξ_2‖, ‖P ∧ Q‖ = ∫ min(dP, dQ), "
            "with E_ξ(ρ(ψ, x) | x) = ∫ ρ(ψ(θ), x) dξ(θ | x) as the text defines it.")

L8_BASE_VARS = (integer("family", 0, 0), simplex("prior"), channel("lik"), integer("n_records", 1, 2),
                integer("S1", doc="S_1: these data sets and the permutations of their records"),
                integer("S2", doc="S_2: likewise, minus S_1"),
                simplex("w1", "mixture weights on Ξ_1"), simplex("w2", "mixture weights on Ξ_2"))
L8_ENCODING = ("S = Xⁿ (|X| ≤ 3, n ≤ 2) with Hamming ρ, posteriors of a prior on ≤ 4 atoms (exact), the family 𝔼 of "
               "posteriors playing the parameter space; S_1, S_2 disjoint, Ξ_i their posteriors, δ = ρ(S_1, S_2)/2 (the "
               "largest δ allowed), ξ_i mixtures of Ξ_i (points of co(Ξ_i): the sup over them is approached by the "
               "search); ‖P ∧ Q‖ = Σ min(p, q).")
PRIMARY_L8 = ("'Of course, the adversary could choose any arbitrary estimator ψ to guess x. Appendix A describes how one "
              "might apply Le Cam's method to obtain lower bounds' (§4.3): the lemma is the adversary's lower bound, and "
              "an adversary may randomise its guess; Le Cam's method (Yu 1997, which the appendix restates) holds for "
              "every estimator, randomised ones included. A deterministic ψ(θ) is the special case of a point-mass "
              "guess.")


def _l8_randomised_risk(c, m):
    """max over x of Σ_θ ξ(θ|x) Σ_s ψ(s|θ) ρ(s, x): ψ(·|θ) the law of the guessed data set given the atom θ."""
    sets, post = _l8_setup(c, m)
    psi = m.matrix(c["psi"])
    rho = [[hamming(s, t) for t in sets] for s in sets]
    risks = [sum(w * sum(p * rho[s][x] for s, p in enumerate(psi[t])) for t, w in enumerate(row))
             for x, row in enumerate(post)]
    return m.num(m.value(0) + max(risks))


@st.composite
def _l8_randomised_cases(draw):
    base = draw(_l8_cases())
    k, count = len(base["prior"]), len(base["lik"][0]) ** int(base["n_records"])
    guesses = draw(st.one_of(channels(k, count), st.just(None)))
    if guesses is None:  # a deterministic estimator, as a point-mass law, mixed with a random one at rate u
        det = np.eye(count)[[int(v) % count for v in base.pop("estimator")]]
        u = draw(st.one_of(st.just(0.0), st.floats(0.0, 1.0)))
        guesses = (1 - u) * det + u * draw(channels(k, count))
    else:
        base.pop("estimator")
    base["psi"] = np.asarray(guesses, float)
    return base


def _lemma_8(reading):
    randomised = reading == "randomised-estimator"
    return Claim(
        id=f"s001.lem.8#{reading}",
        title="Lemma 8 (Le Cam): sup_x E_ξ(ρ(ψ, x) | x) ≥ δ ‖ξ_1 ∧ ξ_2‖ for ξ_i ∈ co(Ξ_i), ρ(S_1, S_2) ≥ 2δ, ψ "
              + ("randomised" if randomised else "a function of θ"),
        source=Source(SEED, "Appendix A, Lemma 8, (A.3)", QUOTE_L8),
        variables=L8_BASE_VARS + ((channel("psi", "ψ: the law of the guessed data set (index) given each atom θ"),)
                                  if randomised else
                                  (integer("estimator", doc="ψ: the data set (index) guessed from each atom θ"),)),
        statement=sp.Ge(sp.Symbol("le_cam_risk"), sp.Symbol("le_cam_bound")),
        quantities={"le_cam_risk": _l8_randomised_risk if randomised else _l8_risk, "le_cam_bound": _l8_bound,
                    "consistent": _l8_consistent},
        hypotheses=(Hypothesis("x ∈ S_i whenever ξ(·|x) ∈ Ξ_i", sp.Ge(sp.Symbol("consistent"), 1)),),
        strategy=_l8_randomised_cases() if randomised else _l8_cases(), reconstructed=RECON_L8,
        reading=reading, primary=PRIMARY_L8 if randomised else None,
        encoding=L8_ENCODING + (" A randomised estimator: ψ(·|θ) a law on S for each atom (a channel from Θ to S; "
                                "deterministic ones, their mixtures with random ones, and random channels are drawn); "
                                "left side max over x ∈ S of Σ_θ ξ(θ|x) Σ_s ψ(s|θ) ρ(s, x)." if randomised else
                                " A deterministic estimator ψ : Θ → S, the text's ∫ ρ(ψ(θ), x) dξ(θ | x); left side "
                                "max over x ∈ S of Σ_θ ξ(θ|x) ρ(ψ(θ), x)."),
    )


LEMMA_8 = [_lemma_8("randomised-estimator"), _lemma_8("deterministic-estimator")]

CLAIMS = EMPIRICAL + _t3_claims() + LEMMA_8
