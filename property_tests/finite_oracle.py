"""Test oracle for the finite-channel statements of seeds 000 and 002, written from the papers' definitions.

Every probability and ratio is an exact Fraction; logarithms, square roots and exponentials are taken
with mpmath at 60 digits. Nothing here imports mechanisms/ or proofcheck/: a claim's quantities are
checked against these values, so a test built on them does not grade the code with itself.

Definitions (a channel K has rows d = secrets, columns w = outputs):
  marginal         m(w) = Σ_d f_D(d) K[d, w]
  posterior        f_{D|W}(d|w) = f_D(d) K[d, w] / m(w)                       (Bayes' rule)
  LDP level        log max_{w, d, d'} K[d, w] / K[d', w]                      (+∞ if 0 < K[d,w], K[d',w] = 0)
  MBP level        max_{d, w} |log f_{D|W}(d|w) / f_D(d)|, over m(w) > 0, f_D(d) > 0
  JS(a‖b)          ½ Σ a log(2a/(a+b)) + ½ Σ b log(2b/(a+b))                 (natural log, printed form)
  F^A              Σ_w f_{D|W}(·|w) P(w) for the law P of the released w
"""
from __future__ import annotations

import math
import random
from fractions import Fraction

import mpmath

MP = mpmath.MPContext()
MP.dps = 60
INF = math.inf


def frac(x) -> Fraction:
    """An exact value from an int, a Fraction or a 'p/q' / decimal string (a counterexample's objects)."""
    return x if isinstance(x, Fraction) else Fraction(x)


def exact_objects(obj):
    """A counterexample's objects with every string turned into a Fraction (nested lists too)."""
    if isinstance(obj, dict):
        return {k: exact_objects(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [exact_objects(v) for v in obj]
    if isinstance(obj, str):
        try:
            return Fraction(obj)
        except ValueError:
            return obj
    return obj


# ----------------------------------------------------------------------------- exact cases
def random_distribution(rng: random.Random, n: int, lo: int = 1, hi: int = 30) -> list[Fraction]:
    w = [rng.randint(lo, hi) for _ in range(n)]
    return [Fraction(x, sum(w)) for x in w]


def random_channel(rng: random.Random, n: int, m: int) -> list[list[Fraction]]:
    return [random_distribution(rng, m) for _ in range(n)]


def uniform(n: int) -> list[Fraction]:
    return [Fraction(1, n)] * n


# ----------------------------------------------------------------------------- numbers
def mpf(x):
    if x == INF:
        return INF
    x = frac(x)
    return MP.mpf(x.numerator) / x.denominator


def log(x):
    """Natural log of an exact positive number (or +∞)."""
    if x == INF:
        return INF
    return MP.log(mpf(x))


def exp(x):
    return INF if x == INF else MP.exp(x)


def sqrt(x):
    return INF if x == INF else MP.sqrt(x)


def add(*xs):
    return INF if any(x == INF for x in xs) else MP.fsum(xs)


# ----------------------------------------------------------------------------- channels
def marginal(K, prior):
    return [sum((p * row[w] for p, row in zip(prior, K)), Fraction(0)) for w in range(len(K[0]))]


def posterior(K, prior):
    """post[d][w] = f_D(d) K[d,w] / m(w); None where m(w) = 0."""
    m = marginal(K, prior)
    return [[(p * row[w] / m[w]) if m[w] > 0 else None for w in range(len(row))] for p, row in zip(prior, K)]


def ldp_ratio(K):
    best = Fraction(1)
    for w in range(len(K[0])):
        col = [row[w] for row in K]
        if max(col) == 0:
            continue
        if min(col) == 0:
            return INF
        best = max(best, max(col) / min(col))
    return best


def ldp_level(K):
    return log(ldp_ratio(K))


def posterior_over_prior(K, prior, base=None):
    """{(d, w): f_{D|W}(d|w)/f_D(d)} with the posterior built from ``base`` (default f_D), over m_base(w) > 0
    and f_D(d) > 0."""
    post = posterior(K, prior if base is None else base)
    return {(d, w): post[d][w] / prior[d]
            for d in range(len(K)) for w in range(len(K[0])) if prior[d] > 0 and post[d][w] is not None}


def mbp_ratio(K, prior, base=None):
    """e^ξ with ξ the MBP level: max over (d, w) of max(r, 1/r), r = posterior/prior."""
    best = Fraction(1)
    for r in posterior_over_prior(K, prior, base).values():
        if r == 0:
            return INF
        best = max(best, r, 1 / r)
    return best


def mbp_level(K, prior, base=None):
    return log(mbp_ratio(K, prior, base))


def belief_after(K, base, law):
    """F^A(d) = Σ_w f_{D|W}(d|w) P(w), the posterior from ``base``; None if P charges an output of m_base = 0."""
    post = posterior(K, base)
    out = []
    for d in range(len(K)):
        total = Fraction(0)
        for w, pw in enumerate(law):
            if pw == 0:
                continue
            if post[d][w] is None:
                return None
            total += post[d][w] * pw
        out.append(total)
    return out


def js(a, b):
    """½ Σ a log(2a/(a+b)) + ½ Σ b log(2b/(a+b)) (0 log 0 = 0), for vectors that need not sum to one."""
    total = MP.mpf(0)
    for x, y in zip(a, b):
        for z in (x, y):
            if z > 0:
                total += mpf(z) * log(2 * z / (x + y)) / 2
    return total


def tv(a, b):
    return sum((abs(x - y) for x, y in zip(a, b)), Fraction(0)) / 2


def closeness(belief, prior):
    """max_d |log f^B(d)/f_D(d)| (+∞ if exactly one of them is 0)."""
    vals = []
    for b, p in zip(belief, prior):
        if b == 0 and p == 0:
            continue
        if b == 0 or p == 0:
            return INF
        vals.append(abs(log(b / p)))
    return max(vals)


def pairwise_closeness(prior):
    return INF if min(prior) == 0 else log(max(prior) / min(prior))


def closeness_to_uniform(prior):
    n = len(prior)
    return INF if min(prior) == 0 else max(abs(log(n * p)) for p in prior)


def tv_to_uniform(prior):
    return mpf(tv(prior, uniform(len(prior))))


def likelihood_ratios(K):
    """Every K[d,w]/K[d',w] with both entries > 0 (the 'bracket' f(d|w)f(d')/(f(d'|w)f(d)) by Bayes' rule)."""
    return [K[d][w] / K[e][w] for w in range(len(K[0])) for d in range(len(K)) for e in range(len(K))
            if K[d][w] > 0 and K[e][w] > 0]


def event_probability(row, U):
    return sum((row[w] for w in U), Fraction(0))


def binomial_event(T, kappa, eps):
    """P(|X/T − κ| ≤ εκ) for X ~ Binomial(T, κ), exactly."""
    total = Fraction(0)
    for k in range(T + 1):
        if abs(Fraction(k, T) - kappa) <= eps * kappa:
            total += math.comb(T, k) * kappa**k * (1 - kappa) ** (T - k)
    return total


def chernoff_rhs(T, kappa, eps):
    """1 − 2 exp(−ε² T κ / 3) (Lemma C.1 / F.1 as printed)."""
    return 1 - 2 * MP.exp(-mpf(eps * eps * T * kappa) / 3)


def abp_bound(t):
    """√(t(e^t − 1)/2), the bound of Theorem 5.4 / IV.5 at t = ε_pm + ε."""
    return INF if t == INF else MP.sqrt(t * (MP.exp(t) - 1) / 2)


def d1_bound(eps):
    """The right side of Theorem D.1 / G.1: √((1+ε) log((1+ε)/(1−ε))/2 + (ε + max{log(1+ε), log(1/(1−ε))})/2)."""
    e = mpf(eps)
    return MP.sqrt((1 + e) * MP.log((1 + e) / (1 - e)) / 2 + (e + max(MP.log(1 + e), MP.log(1 / (1 - e)))) / 2)


# ----------------------------------------------------------------------------- comparing with enclosures
def _mp_of_arb(x):
    """Midpoint and radius of a ball; the radius rounded up (its decimal string is rounded to nearest)."""
    return MP.mpf(x.mid().str(70, radius=False)), MP.mpf(x.rad().str(15, radius=False)) * (1 + MP.mpf("1e-12"))


def encloses(ball, value, slack="1e-40") -> bool:
    """Does a certified value (arb ball, or the float +∞) contain the oracle's value (mpf, Fraction or +∞)?
    ``slack`` (relative) covers the oracle's own rounding at 60 digits."""
    if value == INF or ball == INF:
        return value == INF and ball == INF
    if isinstance(ball, float):  # a float on the certified path is never a certificate
        return False
    v = mpf(value) if isinstance(value, (int, Fraction)) else value
    if isinstance(ball, (int, Fraction)):  # an exact value on the certified path: it must equal the oracle's
        return abs(mpf(ball) - v) <= MP.mpf(slack) * max(1, abs(v))
    mid, rad = _mp_of_arb(ball)
    return abs(mid - v) <= rad + MP.mpf(slack) * max(1, abs(v))


def interval_contains(reported: str, value, rel: float = 1e-12) -> bool:
    """Does an enclosure the engine reports as text, '[a, b]' (or '+inf'), contain the oracle's value? The
    decimal ends are widened by ``rel`` (they are printed to ~17 digits)."""
    text = reported.strip()
    if value == INF:
        return "inf" in text
    a, b = (float(x) for x in text.strip("[]").split(","))
    v = float(value)
    slack = rel * max(1.0, abs(a), abs(b))
    return a - slack <= v <= b + slack


def holds(relation: str, lhs, rhs, tol="1e-45") -> bool:
    """The relation between the oracle's two sides, with ``tol`` (relative) for its rounding only."""
    t = MP.mpf(tol)
    if relation == "<=":
        return lhs <= rhs if INF in (lhs, rhs) else lhs <= rhs + t * max(1, abs(rhs))
    if relation == ">=":
        return holds("<=", rhs, lhs, tol)
    if relation == "<":
        return lhs < rhs if INF in (lhs, rhs) else lhs < rhs - t * max(1, abs(rhs))
    if relation == ">":
        return holds("<", rhs, lhs, tol)
    if relation == "==":
        return lhs == rhs if INF in (lhs, rhs) else abs(lhs - rhs) <= t * max(1, abs(rhs))
    raise ValueError(relation)


def fails_by(relation: str, lhs, rhs, gap="1e-30") -> bool:
    """The relation fails by more than ``gap`` (relative): a violation the oracle's rounding cannot explain."""
    g = MP.mpf(gap)
    if INF in (lhs, rhs):
        return not holds(relation, lhs, rhs)
    scale = max(1, abs(lhs), abs(rhs))
    if relation in ("<=", "<"):
        return lhs - rhs > g * scale
    if relation in (">=", ">"):
        return rhs - lhs > g * scale
    if relation == "==":
        return abs(lhs - rhs) > g * scale
    raise ValueError(relation)


# ----------------------------------------------------------------------------- the statements, side by side
# Each function maps an exact case to (lhs, rhs, hypotheses_hold) of one printed statement, computed from
# the definitions above. ``prior=None`` means the uniform prior the statement assumes.
def _prior(c, prior):
    return uniform(len(c["K"])) if prior is None else c["prior"]


def mbp_le_ldp(prior="prior", closeness_of=None):
    """ξ-LDP ⇒ (ξ + ε)-MBP: (MBP(K, f_D), LDP(K) + ε)."""
    def f(c):
        p = _prior(c, prior)
        eps = 0 if closeness_of is None else closeness_of(c["prior"])
        ok = prior is None or min(c["prior"]) > 0
        return mbp_level(c["K"], p), add(ldp_level(c["K"]), eps), ok
    return f


def ldp_le_2mbp(prior="prior", closeness_of=None):
    """ξ-MBP ⇒ (2ξ + ε)-LDP: (LDP(K), 2 MBP(K, f_D) + ε)."""
    def f(c):
        p = _prior(c, prior)
        eps = 0 if closeness_of is None else closeness_of(c["prior"])
        ok = prior is None or min(c["prior"]) > 0
        x = mbp_level(c["K"], p)
        return ldp_level(c["K"]), add(x, x, eps), ok
    return f


def posterior_extreme(which, prior=None, with_closeness=False):
    """min (or max) posterior against 1/(1 + e^{±(ξ+ε)}(n − 1)), ξ the LDP level."""
    def f(c):
        K = c["K"]
        p = _prior(c, prior)
        vals = [x for row in posterior(K, p) for x in row if x is not None]
        t = add(ldp_level(K), pairwise_closeness(c["prior"]) if with_closeness else 0)
        n = len(K)
        ok = prior is None or min(c["prior"]) > 0
        if which == "min":
            return mpf(min(vals)), 1 / ((n - 1) * exp(t) + 1), ok
        return mpf(max(vals)), 1 / ((n - 1) * exp(-t) + 1), ok
    return f


def upper_by_e_xi_over_n(c):
    xi, n = mpf(c["xi"]), mpf(c["n"])
    return 1 / (1 + MP.exp(-xi) * (n - 1)), MP.exp(xi) / n, True


def likelihood_ratio_at(c):
    K, d, e, w = c["K"], int(c["d"]), int(c["d2"]), int(c["w"])
    r = mpf(K[d][w] / K[e][w])
    return r, r, min(c["prior"]) > 0


def posterior_ratio_at_over_prior(c):
    K, d, w = c["K"], int(c["d"]), int(c["w"])
    r = mpf(K[d][w] / marginal(K, c["prior"])[w])
    return r, r, min(c["prior"]) > 0


def bracket_max(absolute, bound, prior="prior"):
    """max over d, d', w of (|·|) log f(d|w)f(d')/(f(d'|w)f(d)) = log K[d,w]/K[d',w] against a level."""
    def f(c):
        vals = [log(r) for r in likelihood_ratios(c["K"])]
        lhs = max(abs(v) for v in vals) if absolute else max(vals)
        ok = prior is None or min(c["prior"]) > 0
        return lhs, bound(c), ok
    return f


def log_ratio_max(which, bound, prior="prior"):
    """max_{d,w} log f(d|w)/f(d) ('max') or max −log ('neg'), against a level."""
    def f(c):
        p = _prior(c, prior)
        rs = list(posterior_over_prior(c["K"], p).values())
        vals = [log(r) if which == "max" else -log(r) for r in rs]
        ok = prior is None or min(c["prior"]) > 0
        return max(vals), bound(c), ok
    return f


def posterior_log_ratio_max(c):
    """max over d, d', w of log f(d|w)/f(d'|w), against LDP + pairwise closeness."""
    post = posterior(c["K"], c["prior"])
    vals = [log(post[d][w] / post[e][w]) for w in range(len(c["K"][0])) for d in range(len(post))
            for e in range(len(post)) if post[d][w] and post[e][w]]
    return max(vals), add(ldp_level(c["K"]), pairwise_closeness(c["prior"])), min(c["prior"]) > 0


def c2_chain(c):
    """Lemma C.2's chain: the largest (left − right) of its four links, in logs. With the bracket equal to
    the likelihood ratio (Bayes), the links give max(−ε, max|log K ratio| − 2ξ)."""
    x = mbp_level(c["K"], c["prior"])
    e = pairwise_closeness(c["prior"])
    worst = max(abs(log(r)) for r in likelihood_ratios(c["K"]))
    return max(-e, worst - 2 * x), MP.mpf(0), min(c["prior"]) > 0


def identity(value):
    def f(c):
        v = value(c)
        return v, v, True
    return f


def with_full_support(f):
    def g(c):
        lhs, rhs, ok = f(c)
        return lhs, rhs, ok and min(c["prior"]) > 0
    return g


def argmax_code(key):
    """Eq. (1)/(27): the argmax sets over d at every occurring w, coded as Σ_w Σ_{d ∈ argmax} 2^(d + n·w); lhs from
    the posterior (Bayes' rule, prior c[key]), rhs from the product K[d,w]·c[key](d)."""
    def f(c):
        K, prior = c["K"], c[key]
        n = len(K)
        post = posterior(K, prior)
        code_post = code_prod = 0
        for w in range(len(K[0])):
            col = [post[d][w] for d in range(n)]
            if any(x is None for x in col):
                continue
            joint = [K[d][w] * prior[d] for d in range(n)]
            code_post += sum(2 ** (d + n * w) for d in range(n) if col[d] == max(col))
            code_prod += sum(2 ** (d + n * w) for d in range(n) if joint[d] == max(joint))
        return MP.mpf(code_post), MP.mpf(code_prod), True
    return f


def miss_probability(rows):
    def f(c):
        U = [w for w, t in enumerate(c["t"]) if abs(t - c["mu"]) > c["alpha"]]
        v = mpf(max(event_probability(c["K"][d], U) for d in rows(c)))
        return v, v, True
    return f


def ldp_pair(c):
    K, d, e = c["K"], int(c["d"]), int(c["d2"])
    v = log(max(x / y for x, y in zip(K[d], K[e])))
    return v, v, True


# ABP: F^A, ε_pm, ε for each reading of the mixing law P^D and of the prior the posterior is built from
def mixing_law(c, mixing):
    if mixing == "secret":
        return c["K"][int(c["secret"])]
    if mixing == "marginal":
        return marginal(c["K"], c["prior"])
    if mixing == "marginal-attacker":
        return marginal(c["K"], c["belief"])
    if mixing == "law":
        return c["law"]
    raise ValueError(mixing)


def f_a(c, mixing="secret", post="true"):
    base = c["prior"] if post == "true" else c["belief"]
    return belief_after(c["K"], base, mixing_law(c, mixing))


def abp(mixing, post="true", bits=False, full_support=True):
    """Theorem 5.4 / IV.5: √JS(F^A‖f^B) ≤ √((ε_pm+ε)(e^(ε_pm+ε)−1)/2), ε_pm the MBP level (posterior from the
    chosen prior, ratio to f_D), ε = max_d |log f^B/f_D|."""
    def f(c):
        A = f_a(c, mixing, post)
        if A is None:
            return None
        js_ab = js(A, c["belief"]) / (MP.log(2) if bits else 1)
        epm = mbp_level(c["K"], c["prior"], None if post == "true" else c["belief"])
        t = add(epm, closeness(c["belief"], c["prior"]))
        return MP.sqrt(js_ab), abp_bound(t), (min(c["prior"]) > 0) if full_support else True
    return f


def abp_range(c):
    return MP.sqrt(js(f_a(c), c["belief"])), MP.sqrt(MP.log(2)), min(c["prior"]) > 0


def abp_from_mbp_only(c):
    """Table II: f^B = f_D, ε = 0."""
    return MP.sqrt(js(f_a(c), c["prior"])), abp_bound(mbp_level(c["K"], c["prior"])), min(c["prior"]) > 0


def _b1_parts(c):
    A, B = f_a(c), c["belief"]
    M = [(a + b) / 2 for a, b in zip(A, B)]
    t = add(mbp_level(c["K"], c["prior"]), closeness(B, c["prior"]))
    return A, B, M, t


def b1_step(name, full_support=False):
    """The steps of the proof of Theorem B.1 (F^A at the true secret, posterior from f_D)."""
    def f(c):
        A, B, M, t = _b1_parts(c)
        P = c["prior"]
        tvlog = MP.fsum(mpf(abs(a - b)) * abs(log(m / b)) for a, b, m in zip(A, B, M) if a != b) / 2
        if name == "js-le-tvlog":
            out = js(A, B), tvlog
        elif name == "ratio-step":
            out = mpf(max(a / m - m / b for a, b, m in zip(A, B, M))), MP.mpf(0)
        elif name == "log-A-over-B":
            out = max(abs(log(a / b)) for a, b in zip(A, B)), t
        elif name == "log-M-over-B":
            out = max(abs(log(m / b)) for m, b in zip(M, B)), t
        elif name == "log-M-over-B-sharp":
            out = max(abs(log(m / b)) for m, b in zip(M, B)), MP.log((1 + MP.exp(t)) / 2)
        elif name == "final-step":
            out = tvlog, t * (MP.exp(t) - 1) / 2
        elif name == "final-js":
            out = js(A, B), t * (MP.exp(t) - 1) / 2
        elif name == "l1":
            out = mpf(sum(abs(a - b) for a, b in zip(A, B))), MP.exp(t) - 1
        elif name in ("chain-up", "chain-down"):
            s = 1 if name == "chain-up" else -1
            epm = mbp_level(c["K"], P)
            vals = []
            for a, b, p in zip(A, B, P):
                vals += [s * log(a / p) - epm, s * log(a / b) - t]
            out = max(vals), MP.mpf(0)
        elif name == "js-as-kl":
            v = js(A, B)
            out = v, v
        else:
            raise ValueError(name)
        return out[0], out[1], (min(P) > 0) if full_support else True
    return f


# PAC robustness (seed 002, Theorem IV.7 / E.1 and the steps of its proof)
def _pac_parts(c):
    K, s, U = c["K"], int(c["secret"]), list(c["U"])
    fail = max(event_probability(K[d], U) for d in range(len(K)) if d != s)
    return K, s, U, mpf(fail), mbp_level(K, c["prior"])


def pac_beta(c, acc):
    K, s, U = c["K"], int(c["secret"]), list(c["U"])
    if acc == "acc-at-true-secret":
        return event_probability(K[s], U)
    if acc == "acc-avg-prior":
        return sum((p * event_probability(row, U) for p, row in zip(c["prior"], K)), Fraction(0))
    if acc == "acc-all-secrets":
        return max(event_probability(row, U) for row in K)
    raise ValueError(acc)


def pac(acc, form, eps_le_1=False):
    """form 'IV.7': Pr[fail] ≤ (1+4ε)β; 'E.1': ≤ γ = (1+4ε)β with γ < 1; 'corrected': ≤ e^{2ε}β."""
    def f(c):
        K, s, U, fail, x = _pac_parts(c)
        beta = mpf(pac_beta(c, acc))
        ok = min(c["prior"]) > 0 and (not eps_le_1 or x <= 1)
        if form == "IV.7":
            return fail, (1 + 4 * x) * beta, ok
        if form == "E.1":
            gamma = MP.mpf(0) if beta == 0 else (1 + 4 * x) * beta
            return fail, gamma, ok and gamma < 1
        return fail, MP.exp(2 * x) * beta, ok
    return f


def eq19(c):
    K, s, U, _, x = _pac_parts(c)
    pd = event_probability(K[s], U)
    return MP.exp(2 * x) * mpf(pd), MP.exp(2 * x) * mpf(c["beta"]), min(c["prior"]) > 0 and pd <= c["beta"]


def eq22(c):
    e, g = mpf(c["epsilon"]), mpf(c["gamma"])
    return (1 + 4 * e) * (g / (1 + 4 * e)), g, True


def hamming(a, b):
    return bin(int(a) ^ int(b)).count("1")


def group_privacy(reading):
    """IV.7's prose: Pr[M(d') ∈ U] ≤ β/γ with γ = e^{−2ε d_H(d, d')}, rows of K indexed by datasets in {0,1}^b."""
    def f(c):
        K, s, d2, U = c["K"], int(c["secret"]), int(c["d2"]), list(c["U"])
        if reading == "group-privacy":
            r = max(x / y for i in range(len(K)) for j in range(len(K)) if hamming(i, j) == 1
                    for x, y in zip(K[i], K[j]))
            eps = log(r) / 2
            ok = True
        else:
            eps = mbp_level(K, c["prior"])
            ok = min(c["prior"]) > 0
        beta = mpf(event_probability(K[s], U))
        return mpf(event_probability(K[d2], U)), beta / MP.exp(-2 * eps * hamming(s, d2)), ok
    return f


# estimators (Lemma C.1 / F.1, Theorems D.1–D.2 / G.1–G.2)
def chernoff(total_trials=lambda c: int(c["T"])):
    def f(c):
        T, k, e = int(c["T"]), c["kappa_1"], c["epsilon"]
        return mpf(binomial_event(total_trials(c), k, e)), chernoff_rhs(T, k, e), e > 0 and k < 1
    return f


def _c1_hat_sq(c, normalised):
    raw = [k * (1 + c["epsilon"] * u) for k, u in zip(c["kappa1"], c["u"])]
    if normalised:
        raw = [x / sum(raw) for x in raw]
    return js(raw, c["kappa2"])


def estimate_gap(normalised, which, factor):
    """|Ĉ1 − C1| ('C1') or |ε̂_p − ε_p| = 2|Ĉ1 − C1| ('eps_p': C2·TV cancels) against factor × D.1's bound."""
    def f(c):
        hat_sq = _c1_hat_sq(c, normalised)
        e = c["epsilon"]
        ok = 0 < e < 1 and hat_sq >= 0
        gap = abs(MP.sqrt(hat_sq) - MP.sqrt(js(c["kappa1"], c["kappa2"]))) if hat_sq >= 0 else MP.mpf(0)
        return (gap if which == "C1" else 2 * gap), factor * d1_bound(e), ok
    return f


def c1_hat_nonneg(c):
    return _c1_hat_sq(c, False), MP.mpf(0), True


def leakage(direction):
    """ε_p = √JS(f^A‖f_D) against C1 − C2·TV ('lower') or 2C1 − C2·TV ('upper'); f^O, f^A mix the posterior over
    P^O, P^D; C1 = √JS(f^O‖f_D), C2 = (e^{2ξ} − 1)/2, TV = TV(P^O, P^D)."""
    def f(c):
        K, P = c["K"], c["prior"]
        fO, fA = belief_after(K, P, c["law_O"]), belief_after(K, P, c["law_D"])
        if fO is None or fA is None:
            return None
        eps_p = MP.sqrt(js(fA, P))
        c1 = MP.sqrt(js(fO, P))
        c2 = (MP.exp(2 * mbp_level(K, P)) - 1) / 2
        t = mpf(tv(c["law_O"], c["law_D"]))
        return eps_p, (c1 if direction == "lower" else 2 * c1) - c2 * t, min(P) > 0
    return f


def kappa1_expectation(c):
    """E[(1/M) Σ f_{D|W}(d|w_i)] = f^O(d) by linearity; the oracle gives f^O(d) for both sides."""
    v = mpf(belief_after(c["K"], c["prior"], c["law_O"])[int(c["d"])])
    return v, v, min(c["prior"]) > 0


def xi_at_w_star(reading, full_support=True):
    """Eq. (11)/(24): ξ against max_d |log f(d|w*)/f(d)| for a reading of w*."""
    def f(c):
        K, P = c["K"], c["prior"]
        tab = posterior_over_prior(K, P)
        ds = sorted({d for d, _ in tab})
        ws = sorted({w for _, w in tab})
        ok = (min(P) > 0) if full_support else True
        if reading == "per-d":
            rs = [max(tab[(d, w)] for w in ws) for d in ds]
        elif reading == "common":
            common = [w for w in ws if all(tab[(d, w)] >= tab[(d, v)] for d in ds for v in ws)]
            if not common:
                return None
            rs = [tab[(d, common[0])] for d in ds]
        elif reading == "argmax-of-abs":
            w = max(ws, key=lambda w: max(max(tab[(d, w)], 1 / tab[(d, w)]) for d in ds))
            rs = [tab[(d, w)] for d in ds]
        else:
            raise ValueError(reading)
        return mbp_level(K, P), max(abs(log(r)) for r in rs), ok
    return f


def forces_xi_zero(c):
    """Assumption D.1/G.1 with one w* forces ξ = 0, quantitatively: ξ ≤ −log(1 − 2v/min f_D), v = min over w* of
    max over d, w of (ratio(d, w) − ratio(d, w*))_+ (how far the assumption fails), where 2v < min f_D."""
    K, P = c["K"], c["prior"]
    tab = posterior_over_prior(K, P)
    ds = sorted({d for d, _ in tab})
    ws = sorted({w for _, w in tab})
    v = min(max(max(tab[(d, w)] - tab[(d, ws_)], Fraction(0)) for d in ds for w in ws) for ws_ in ws)
    fmin = min(p for p in P if p > 0)
    ok = 2 * v < fmin
    return mbp_level(K, P), (-log(1 - 2 * v / fmin) if ok else INF), ok


def real_inequality(lhs, rhs, ok=lambda c: True):
    def f(c):
        return lhs(c), rhs(c), ok(c)
    return f


# ----------------------------------------------------------------------------- fixed exact cases
def _subset(rng, m):
    return sorted(rng.sample(range(m), rng.randint(1, m)))


def channel_cases(count: int = 14, seed: int = 2024, sizes=((2, 2), (2, 3), (3, 2), (3, 3), (4, 2), (4, 3), (3, 4))):
    """Exact cases carrying every object a finite-channel statement of 000/002 reads: f_D, K, f^B, a law of w,
    the true secret d*, an output set U, indices (d, d', w), the estimator points t_w with μ and α, laws P^O,
    P^D, a repetition count M, a level β ≥ Pr[M(d*) ∈ U], and two distributions p, q. Entries are positive
    (every level finite); the 3×2 tight example under the uniform prior and attacker priors equal or close
    to f_D are among them."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n, m = sizes[i % len(sizes)]
        prior = uniform(n) if i % 4 == 0 else random_distribution(rng, n)
        K = random_channel(rng, n, m)
        if i % 5 == 0:
            belief = list(prior)
        elif i % 5 == 1:  # close to f_D: weights in [9/10, 11/10]
            w = [p * Fraction(rng.randint(90, 110), 100) for p in prior]
            belief = [x / sum(w) for x in w]
        else:
            belief = random_distribution(rng, n)
        s = rng.randrange(n)
        d2 = rng.choice([d for d in range(n) if d != s])
        U = _subset(rng, m)
        out.append(dict(
            prior=prior, K=K, belief=belief, law=random_distribution(rng, m), secret=s, d2=d2, U=U,
            d=rng.randrange(n), w=rng.randrange(m),
            t=[Fraction(rng.randint(-8, 8), 4) for _ in range(m)], mu=Fraction(rng.randint(-4, 4), 4),
            alpha=Fraction(rng.randint(0, 8), 4), law_O=random_distribution(rng, m), law_D=random_distribution(rng, m),
            M=rng.randint(1, 3), beta=min(Fraction(1), event_probability(K[s], U) + Fraction(rng.randint(1, 10), 40)),
            p=random_distribution(rng, n), q=random_distribution(rng, n)))
    tight = [[Fraction(1, 100), Fraction(99, 100)], [Fraction(4, 100), Fraction(96, 100)], [Fraction(1, 100), Fraction(99, 100)]]
    out.append({**out[2], "prior": uniform(3), "K": tight, "belief": uniform(3), "secret": 0, "d2": 1, "U": [0],
                "law": [Fraction(1, 2)] * 2, "law_O": [Fraction(1, 3), Fraction(2, 3)], "law_D": [Fraction(1, 2)] * 2,
                "w": 0, "d": 1, "t": [Fraction(1), Fraction(0)], "beta": Fraction(1, 20),
                "p": uniform(3), "q": [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]})
    return out


def identical_row_cases():
    """Channels with identical rows (Assumption D.1 / G.1 with a common w* then holds: ξ = 0)."""
    rng = random.Random(7)
    out = []
    for n, m in ((2, 2), (3, 3), (4, 2)):
        row = random_distribution(rng, m)
        out.append({"prior": random_distribution(rng, n), "K": [list(row) for _ in range(n)]})
    return out


def near_identical_row_cases():
    """Rows within a few percent of one another (Assumption D.1 / G.1 fails by a little: 0 < 2v < min f_D)."""
    rng = random.Random(8)
    out = []
    for n, m in ((2, 2), (3, 3), (4, 2), (2, 4)):
        row = random_distribution(rng, m, 20, 30)
        K = []
        for _ in range(n):
            w = [x * Fraction(rng.randint(97, 103), 100) for x in row]
            K.append([x / sum(w) for x in w])
        out.append({"prior": random_distribution(rng, n, 10, 20), "K": K})
    return out


def estimator_cases(count: int = 8, seed: int = 11):
    """(κ1, κ2, ε ∈ (0,1), u ∈ [−1,1]^n, C2, TV) for Theorems D.1/D.2 (= G.1/G.2); u at the corners too."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = 2 + i % 3
        u = [Fraction(rng.choice([-1, 1])) if i % 2 else Fraction(rng.randint(-10, 10), 10) for _ in range(n)]
        out.append({"kappa1": random_distribution(rng, n), "kappa2": random_distribution(rng, n),
                    "epsilon": Fraction(rng.randint(1, 99), 100), "u": u,
                    "C2": Fraction(rng.randint(0, 40), 4), "TV": Fraction(rng.randint(0, 10), 10)})
    return out


def chernoff_cases(eps_max=Fraction(1)):
    """(T, κ1, ε) with ε ≤ eps_max, and (M, S) for the binomial-MST reading."""
    pts = [(1, Fraction(1, 2), Fraction(1, 2)), (4, Fraction(1, 12), Fraction(1)), (10, Fraction(3, 10), Fraction(1, 3)),
           (25, Fraction(1, 20), Fraction(9, 10)), (60, Fraction(2, 3), Fraction(1, 10)), (200, Fraction(1, 100), Fraction(1))]
    return [{"T": T, "kappa_1": k, "epsilon": min(e, eps_max), "M": 1 + i % 3, "S": 1 + i % 2}
            for i, (T, k, e) in enumerate(pts)]
