"""Sections IV–V of seed 003 on finite channels: the Miracle theorem, Lemmas 1–3, Corollary 1, Theorem 4 and
Lemma 3's min form (Appendix B-D). Every capacity and leakage is exact (rationals on the certified path)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from proofcheck.errors import OutsideDomain
from proofcheck.claim import Claim, Hypothesis, Source, channel, simplex, vector
from proofcheck.claims.s003.strategies import SEED
from proofcheck.strategies import cases, channels, priors

QUOTE_MIRACLE = ("More in general, the Bayes' capacity is a measure of the maximum multiplicative leakage of a system to "
                 "any adversary modelled using a prior and a gain function (this result is known as the Miracle Theorem).")
QUOTE_L1 = ("Lemma 1. Let C, D be channels such that C · D is defined, and C is deterministic with no 0 columns. Then "
            "C_Bayes(C · D) = C_Bayes(D).")
QUOTE_L2 = ("Lemma 2. Denote by M_1 the channel that leaks nothing, and by M_0 the channel that leaks everything. Then "
            "C_Bayes(M_1) = 1 and C_Bayes(M_0) = N where N is the size of the domain of M_0.")
QUOTE_C1 = ("Corollary 1. Let C : X → DY and X, X' ⊆ X. Denote by C_X the channel C restricted to domain X, and "
            "similarly for X'. Then X ⊆ X' implies C_Bayes(C_X) ≤ C_Bayes(C_X').")
QUOTE_L3 = "Lemma 3. Let C : X → DY and D : Y → DZ. Then C_Bayes(C · D) ≤ C_Bayes(C)."
QUOTE_T4 = ("Theorem 4 (Reconstruction risk for FL). Given a DP-SGD algorithm described by a deterministic "
            "pre-processing of inputs C followed by a gradient-noise-adding mechanism D such that the range of C is "
            "the domain of D, then the reconstruction risk caused by the leakage of C · D is given by C_Bayes(D).")
QUOTE_SIBSON = "The logarithm of the Bayes' capacity is also known as the Sibson mutual information of order α = ∞."
QUOTE_L3MIN = ("Follows immediately from [21, Ch 10, Thm 10.7] which says that C_Bayes(C · D) ≤ "
               "min{C_Bayes(C), C_Bayes(D)}")


# ----------------------------------------------------------------------------- strategies
def _onto(n_y, extra, rnd):
    f = list(range(n_y)) + [rnd.randrange(n_y) for _ in range(extra)]
    rnd.shuffle(f)
    return f


def surjections(n_y):
    """Maps f: X → Y onto {0..n_y−1}, |X| = n_y + extra."""
    return st.tuples(st.integers(0, 3), st.randoms(use_true_random=False)).map(lambda t: _onto(n_y, t[0], t[1]))


def _subsets(n, a, b):
    small = [i for i in range(n) if a[i]] or [0]
    big = sorted(set(small) | {i for i in range(n) if b[i]})
    return {"X": small, "X_prime": big}


def nested_subsets(n):
    """Index sets X ⊆ X' of {0..n−1}, X non-empty."""
    return st.tuples(st.lists(st.booleans(), min_size=n, max_size=n), st.lists(st.booleans(), min_size=n, max_size=n)).map(
        lambda t: _subsets(n, *t))


def preprocessing_cases():
    """D: Y → Z, an onto map f: X → Y and the prior's support (a non-empty subset of X)."""
    def build(n_y, n_z):
        return cases(D=channels(n_y, n_z), f=surjections(n_y), support=st.just(None)).flatmap(
            lambda c: st.lists(st.booleans(), min_size=len(c["f"]), max_size=len(c["f"])).map(
                lambda keep: {**c, "support": [i for i, k in enumerate(keep) if k] or [0]}))
    return st.tuples(st.integers(1, 5), st.integers(2, 5)).flatmap(lambda t: build(*t))


def partial_prior_cases():
    """As :func:`preprocessing_cases`, with at least two secrets in X and in the prior's support (a prior on one
    secret leaves nothing to reconstruct)."""
    def build(n_y, n_z, extra):
        f = surjections(n_y).filter(lambda f: len(f) >= 2)
        return cases(D=channels(n_y, n_z), f=f, support=st.just(None)).flatmap(
            lambda c: st.lists(st.booleans(), min_size=len(c["f"]), max_size=len(c["f"])).map(
                lambda keep: {**c, "support": [i for i, k in enumerate(keep) if k] if sum(keep) >= 2 else [0, 1]}))
    return st.tuples(st.integers(1, 5), st.integers(2, 5), st.just(0)).flatmap(lambda t: build(*t))


def _drop_some(prior, drop):
    """The prior with the entries flagged in drop set to 0 and renormalised (at least one entry kept)."""
    p = np.array(prior, dtype=float)
    keep = ~np.array(drop[:len(p)], dtype=bool)
    if not keep.any():
        keep[int(np.argmax(p))] = True
    p = np.where(keep, p, 0.0)
    return p / p.sum() if p.sum() > 0 else keep / keep.sum()


def prior_channel_cases(full_support):
    """A channel M and a prior on its rows: full support, or with some entries set to 0."""
    def build(n, k):
        prior = priors(n) if full_support else st.tuples(priors(n), st.lists(st.booleans(), min_size=n, max_size=n)).map(
            lambda t: _drop_some(*t))
        return cases(prior=prior, M=channels(n, k))
    return st.tuples(st.integers(1, 5), st.integers(2, 5)).flatmap(lambda t: build(*t))


def _composable_pairs():
    return st.tuples(st.integers(1, 5), st.integers(2, 5), st.integers(2, 5)).flatmap(
        lambda t: cases(C=channels(t[0], t[1]), D=channels(t[1], t[2])))


# ----------------------------------------------------------------------------- quantities
def preprocessing(c, m, n_out):
    """The 0/1 channel of the map f."""
    return m.deterministic_channel(c["f"], n_out)


def leaks_everything(c, m):
    """M_0: row i carries the distribution B[i] on its own block of columns (disjoint supports)."""
    B = c["B"]
    n, k = len(B), len(B[0])
    return m.matrix([[(B[i][j - i * k] if i * k <= j < (i + 1) * k else Fraction(0)) for j in range(n * k)]
                     for i in range(n)])


def theorem_4_leakage(c, m):
    """Eq. (12)'s multiplicative Bayes leakage of C·D under the prior uniform on the support."""
    D = c["D"]
    CD = m.cascade(preprocessing(c, m, len(D)), D)
    prior = m.uniform_on_support(len(c["f"]), c["support"])
    return m.num(m.multiplicative_leakage(CD, prior))


def uncovered_outputs(c, m):
    """Outputs of C (inputs of D) that no secret in the prior's support reaches."""
    return m.num(len(set(range(len(c["D"]))) - {c["f"][x] for x in c["support"]}))


def uncovered_by_all_inputs(c, m):
    """Outputs of C (inputs of D) that no secret at all reaches: C's range over its whole domain X."""
    return m.num(len(set(range(len(c["D"]))) - set(c["f"])))


def support_size(c, m):
    return m.num(len(c["support"]))


def gain_leakage(c, m):
    """V_g(π, M)/V_g(π) for the gain g(w, x) = G[w·n + x]."""
    M, pi = c["M"], c["prior"]
    n, g = len(M), c["G"]
    G = m.matrix([list(g[w * n:(w + 1) * n]) for w in range(int(c["n_actions"]))])
    prior_v = m.g_vulnerability(pi, G)
    if prior_v <= 0:
        raise OutsideDomain("V_g(pi) = 0")
    return m.num(m.posterior_g_vulnerability(M, pi, G) / prior_v)


def sibson_infinity(c, m):
    """Sibson's mutual information of order ∞ of the prior and the channel, in bits."""
    return m.sibson_mutual_information(c["M"], c["prior"], m.inf)


def log_capacity_of(name):
    """log₂ C_Bayes, in bits like the library's information measures."""
    return lambda c, m: m.log(m.bayes_capacity(c[name])) / m.log(2)


def secrets_outside_support(c, m):
    return m.num(int(sum(1 for x in c["prior"] if x == 0)))


def capacity_of(name):
    return lambda c, m: m.bayes_capacity(c[name])


def capacity_after_preprocessing(c, m):
    return m.bayes_capacity(m.cascade(preprocessing(c, m, len(c["D"])), c["D"]))


def capacity_of_cascade(c, m):
    return m.bayes_capacity(m.cascade(c["C"], c["D"]))


def capacity_restricted(rows):
    return lambda c, m: m.bayes_capacity(m.restrict(c["C"], c[rows]))


# ----------------------------------------------------------------------------- claims
def miracle(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_MIRACLE),
        variables=(simplex("prior"), channel("M"), vector("G", 0, 1)),
        statement=sp.Le(sp.Symbol("gain_leakage"), sp.Symbol("C_Bayes_M")),
        quantities={"gain_leakage": gain_leakage, "C_Bayes_M": capacity_of("M")},
        strategy=st.tuples(st.integers(1, 5), st.integers(2, 5), st.integers(1, 4)).flatmap(
            lambda t: cases(prior=priors(t[0]), M=channels(t[0], t[1]), n_actions=st.just(t[2]),
                            G=st.lists(st.floats(0, 1), min_size=t[0] * t[2], max_size=t[0] * t[2]).map(np.array))),
        encoding="gain g(w, x) ∈ [0, 1] (Sec. IV-C: g ≥ 0), n_actions actions; V_g(π, M) = Σ_y max_w Σ_x π_x M_{x,y} "
                 "g(w,x), V_g(π) = max_w Σ_x π_x g(w,x) > 0; exact rationals.",
    )


def lemma_1(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_L1),
        variables=(channel("D", "Y → Z"),),
        statement=sp.Eq(sp.Symbol("C_Bayes_CD"), sp.Symbol("C_Bayes_D")),
        quantities={"C_Bayes_CD": capacity_after_preprocessing, "C_Bayes_D": capacity_of("D")},
        strategy=st.tuples(st.integers(1, 6), st.integers(2, 6)).flatmap(
            lambda t: cases(D=channels(*t), f=surjections(t[0]))),
        encoding="C = the 0/1 channel of a map f: X → Y that is onto (no zero column), D any channel Y → Z; both "
                 "capacities exact (Σ_z max_x).",
    )


def lemma_2_leaks_nothing(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_L2),
        variables=(simplex("row"),),
        statement=sp.Eq(sp.Symbol("C_Bayes_M1"), 1),
        quantities={"C_Bayes_M1": lambda c, m: m.bayes_capacity([c["row"]] * int(c["n"]))},
        strategy=st.integers(2, 6).flatmap(lambda k: cases(row=priors(k), n=st.integers(1, 6))),
        encoding="M_1 = n identical rows (any row; 'leaks nothing' = output independent of the secret).",
    )


def lemma_2_leaks_everything(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_L2),
        variables=(channel("B", "row i's distribution on its own block of outputs"),),
        statement=sp.Eq(sp.Symbol("C_Bayes_M0"), sp.Symbol("N")),
        quantities={"C_Bayes_M0": lambda c, m: m.bayes_capacity(leaks_everything(c, m)),
                    "N": lambda c, m: m.num(len(c["B"]))},
        strategy=st.tuples(st.integers(1, 6), st.integers(1, 4)).flatmap(
            lambda t: cases(B=channels(*t) if t[1] > 1 else st.just(np.ones((t[0], 1))))),
        encoding="M_0 = N rows with pairwise disjoint supports ('leaks everything' = the secret is determined by the "
                 "output); row i carries an arbitrary distribution on its own block of columns.",
    )


def corollary_1(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_C1),
        variables=(channel("C"),),
        statement=sp.Le(sp.Symbol("C_Bayes_CX"), sp.Symbol("C_Bayes_CXprime")),
        quantities={"C_Bayes_CX": capacity_restricted("X"), "C_Bayes_CXprime": capacity_restricted("X_prime")},
        strategy=st.tuples(st.integers(1, 6), st.integers(2, 6)).flatmap(
            lambda t: cases(C=channels(*t), sets=nested_subsets(t[0])).map(
                lambda c: {**{k: v for k, v in c.items() if k != "sets"}, **c["sets"]})),
        encoding="C_X = the rows of C in X; X ⊆ X' drawn as nested index sets.",
    )


def lemma_3(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_L3),
        variables=(channel("C"), channel("D")),
        statement=sp.Le(sp.Symbol("C_Bayes_CD"), sp.Symbol("C_Bayes_C")),
        quantities={"C_Bayes_CD": capacity_of_cascade, "C_Bayes_C": capacity_of("C")},
        strategy=_composable_pairs(),
        encoding="any channels C: X → Y, D: Y → Z; exact capacities.",
    )


THEOREM_4_PRIMARY = ("the theorem's proof is 'immediate from Equation (12) and Lemma 1' (Appendix B-E, l.688): Eq. (12) "
                     "maximises over the prior's support ⌈X^L⌉ only, so Lemma 1 (C deterministic with no 0 columns) is "
                     "applied to C on that support, which needs C to map the support onto the domain of D; with the "
                     "range taken over all inputs the proof's step fails (#range-over-all-inputs).")


def theorem_4(cid, title, where, primary=None):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T4),
        variables=(channel("D"),),
        statement=sp.Eq(sp.Symbol("L_bv"), sp.Symbol("C_Bayes_D")),
        quantities={"L_bv": theorem_4_leakage, "C_Bayes_D": capacity_of("D"), "uncovered": uncovered_outputs},
        hypotheses=(Hypothesis("C maps the prior's support onto the domain of D", sp.Eq(sp.Symbol("uncovered"), 0)),),
        strategy=preprocessing_cases(),
        encoding="the risk is Eq. (12)'s multiplicative leakage V_bv(π, C·D)/V_bv(π) under a prior uniform on its "
                 "support (Section IV-C), computed from the prior and the composed channel; C the 0/1 channel of a map "
                 "f; the hypothesis 'range of C is the domain of D' is taken on the prior's support.",
        primary=primary,
    )


def theorem_4_all_inputs(cid, title, where):
    """Theorem 4 with 'the range of C is the domain of D' over all inputs X^L, the prior uniform on part of them
    (Section IV-C: a strong prior limits the support to the 'feasible' images)."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_T4),
        variables=(channel("D"),),
        statement=sp.Eq(sp.Symbol("L_bv"), sp.Symbol("C_Bayes_D")),
        quantities={"L_bv": theorem_4_leakage, "C_Bayes_D": capacity_of("D"), "uncovered": uncovered_by_all_inputs,
                    "support_size": support_size},
        hypotheses=(Hypothesis("C maps all of X onto the domain of D", sp.Eq(sp.Symbol("uncovered"), 0)),
                    Hypothesis("the prior's support has at least two secrets", sp.Ge(sp.Symbol("support_size"), 2))),
        strategy=partial_prior_cases(),
        reading="range-over-all-inputs",
        encoding="as s003.thm.4 (Eq. (12)'s multiplicative leakage under the prior uniform on its support, C the 0/1 "
                 "channel of a map f), but the hypothesis 'the range of C is the domain of D' is taken over all of C's "
                 "inputs X, as C (lines 5–9 of Algorithm 1) is defined on every input set, while the prior is uniform "
                 "on a subset of X (Section IV-C: a strong prior limits the support to 'feasible' images) with at least two "
                 "secrets (a prior on one secret leaves nothing to reconstruct, and its leakage 1 would be a trivial "
                 "witness). "
                 "Two secrets of the support with the same image, and an input outside it reaching another output of "
                 "D, make the leakage smaller than C_Bayes(D).",
    )


def lemma_3_min(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_L3MIN),
        variables=(channel("C"), channel("D")),
        statement=sp.Le(sp.Symbol("C_Bayes_CD"), sp.Min(sp.Symbol("C_Bayes_C"), sp.Symbol("C_Bayes_D"))),
        quantities={"C_Bayes_CD": capacity_of_cascade, "C_Bayes_C": capacity_of("C"), "C_Bayes_D": capacity_of("D")},
        strategy=_composable_pairs(),
        encoding="any channels C: X → Y, D: Y → Z; exact capacities.",
    )


SIBSON_PRIMARY = ("Sibson's I_∞(π; C) = log Σ_y max_{x: π_x > 0} C[x, y] depends on the prior only through its support, "
                  "and the footnote names it beside a quantity of the channel alone (the log of its Bayes' capacity, "
                  "Eq. (13), a max over every secret): the identification the literature makes (Issa et al.'s maximal "
                  "leakage, attained at any full-support prior) is for priors that give every secret positive mass.")


def sibson_footnote(cid, title, where, *, full_support):
    """Footnote 1: log C_Bayes(M) = I_∞(π; M), for priors of full support (primary) or for every prior."""
    hypotheses = ((Hypothesis("the prior gives every secret positive mass", sp.Eq(sp.Symbol("outside_support"), 0)),)
                  if full_support else ())
    quantities = {"I_inf": sibson_infinity, "log_C_Bayes_M": log_capacity_of("M")}
    if full_support:
        quantities["outside_support"] = secrets_outside_support
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_SIBSON),
        variables=(simplex("prior"), channel("M")),
        statement=sp.Eq(sp.Symbol("I_inf"), sp.Symbol("log_C_Bayes_M")),
        quantities=quantities,
        hypotheses=hypotheses,
        strategy=prior_channel_cases(full_support),
        reading="full-support" if full_support else "any-prior",
        primary=SIBSON_PRIMARY if full_support else None,
        encoding="Sibson's mutual information of order α, I_α(π; M) = α/(α−1) log Σ_y (Σ_x π_x M[x,y]^α)^{1/α}, at "
                 "α = ∞ (its limit, log Σ_y max over the prior's support of M[x, y]; mechanisms.finite.leakage."
                 "sibson_mutual_information) against log C_Bayes(M) = log Σ_y max_x M[x, y] (Eq. (13)), both in bits; "
                 + ("priors with every entry > 0." if full_support else
                    "every prior on the rows of M, some entries 0 (a prior on part of the secrets, as Section IV-C's "
                    "'uniform over its support')."),
    )
