"""§4.2: Theorem 1 (composition), Eq. (10) (the privacy cost c_t), the cost sum, Theorem 2 and Corollary 1."""

from __future__ import annotations

import sympy as sp

from proofcheck.claim import Claim, Hypothesis, Source, channel, integer, log_real, real, simplex
from proofcheck.claims.s004.model import (COMPOSED_VARS, eps_s, LAM_LO, lam_s, model, num, pairs, reference_args,
                                          reference_cost_closed_form, S)
from proofcheck.claims.s004.strategies import LAM, SEED, adaptive_model, composed_model, gaussian_reference
from proofcheck.strategies import log_reals, reals
from proofcheck.claims.finite_quantities import rows_identical
from proofcheck.errors import OutsideDomain


# ----------------------------------------------------------------------------- quantities
# ----------------------------------------------------------------------------- composition
def mechanisms_of(c):
    return [c["K1"], c["K2"], c["K3"]][: int(c["T"])]


def composed(c, m):
    return m.bdp_compose(*mechanisms_of(c))


def composed_tail(eps="eps"):
    def q(c, m):
        _, mu, adj, z = model(c, "K1")
        return m.bdp_tail(composed(c, m), mu, m.value(c[eps]) if isinstance(eps, str) else eps(c, m), adj, z, "ge")
    return q


def composed_mgf(c, m):
    _, mu, adj, z = model(c, "K1")
    return m.bdp_loss_mgf(composed(c, m), mu, m.value(c["lam"]), adj, z)


def costs(c, m):
    """[c_t(λ, T)] = (1/T) log E_x[e^{TλD_{λ+1}(p_t ‖ q_t)}] for each of the T mechanisms (Eq. (10))."""
    T = int(c["T"])
    _, mu, adj, z = model(c, "K1")
    out = []
    for K in mechanisms_of(c):
        r = m.bdp_renyi_mgf(K, mu, m.value(c["lam"]), adj, z, T)
        out.append(m.inf if m.is_pos_inf(r) else m.log(r) / T)
    return out


def sum_of_costs(c, m):
    cs = costs(c, m)
    if any(m.is_pos_inf(x) for x in cs):
        return m.inf
    total = cs[0]
    for x in cs[1:]:
        total = total + x
    return total


def product_bound(c, m):
    """Theorem 1's right-hand side Π_t E_x[e^{TλD_{λ+1}(p_t‖q_t)}]^{1/T} = exp(Σ_t c_t)."""
    s = sum_of_costs(c, m)
    return m.inf if m.is_pos_inf(s) else m.exp(s)


def log_composed_mgf(c, m):
    v = composed_mgf(c, m)
    return m.inf if m.is_pos_inf(v) else m.log(v)


def log_of(q):
    """log of a probability; −∞ (exactly) at 0."""
    def f(c, m):
        v = q(c, m)
        return -m.inf if m.is_zero(v) else m.log(v)
    return f


def eps_from_cost_sum(c, m):
    """ε* = (1/λ)Σ_t c_t(λ, T) − (1/λ) log δ_μ (Corollary 1 of seed 004); outside the domain where the bound is +∞."""
    s = sum_of_costs(c, m)
    if m.is_pos_inf(s):
        raise OutsideDomain("Σ c_t = +inf: Corollary 1's bound on ε_μ is +inf and says nothing")
    lam = m.num(c["lam"])
    return (s - m.log(m.num(c["delta"]))) / lam


def reference_cost_quadrature(c, m):
    return m.gaussian_reference_cost_quadrature(*reference_args(c, m))


def adaptive_second(c, j):
    """The second mechanism run after the first one output j: the channel K2_j."""
    return c[f"K2_{j}"]


def adaptive_joint(c, m):
    """The two-step adaptive mechanism: p(w₁, w₂ | r) = K1[r][w₁]·K2_{w₁}[r][w₂] (outputs (w₁, w₂) in
    lexicographic order); a product of exact rows is an exact row on the certified path."""
    K1 = c["K1"]
    rows = []
    for r in range(len(K1)):
        row = []
        for j in range(len(K1[0])):
            K2 = adaptive_second(c, j)
            row += [m.value(K1[r][j]) * m.value(K2[r][k]) for k in range(len(K2[0]))]
        rows.append(row)
    return rows


def adaptive_mgf(c, m):
    """E_{x', w₁, w₂}[e^{λL^{(1:2)}}] of the adaptive two-step mechanism (joint sum)."""
    _, mu, adj, z = model(c, "K1")
    return m.bdp_loss_mgf(adaptive_joint(c, m), mu, m.value(c["lam"]), adj, z)


def _second_step_divergences(c, m):
    """d[j][i] = D_{λ+1}(p₂(·|w₁ = j, D) ‖ p₂(·|w₁ = j, D')) at the i-th point x' with μ(x') > 0."""
    lam = m.value(c["lam"])
    return [[m.renyi(P, Q, lam + 1) for _, P, Q in pairs(c, m, f"K2_{j}")] for j in range(len(c["K1"][0]))]


def adaptive_bound(reading):
    """Theorem 1's right side for T = 2, E_x[e^{2λD(p₁‖q₁)}]^{1/2}·E_x[e^{2λD(p₂‖q₂)}]^{1/2}, with the past output
    w₁ in p₂ = p(w₂|w₁, D) bound by the reading: 'sup-past' the largest divergence over w₁ (for each x'),
    'averaged-past' e^{2λD} averaged over w₁ ∼ p(·|D), 'realised-path' w₁ = the case's realised output."""
    def q(c, m):
        T, lam = 2, m.num(c["lam"])
        _, mu, adj, z = model(c, "K1")
        first = m.bdp_renyi_mgf(c["K1"], mu, m.value(c["lam"]), adj, z, T)
        d = _second_step_divergences(c, m)
        step1 = pairs(c, m, "K1")
        second = m.num(0)
        for i, (w, P1, _) in enumerate(step1):
            if reading == "sup-past":
                ds = [d[j][i] for j in range(len(d))]
                if any(m.is_pos_inf(x) for x in ds):
                    return m.inf
                term = m.exp(T * lam * m.max(*ds))
            elif reading == "averaged-past":
                term = m.num(0)
                for j in range(len(d)):
                    if m.value(P1[j]) == 0:
                        continue
                    if m.is_pos_inf(d[j][i]):
                        return m.inf
                    term = term + m.num(P1[j]) * m.exp(T * lam * d[j][i])
            else:
                dj = d[int(c["path"])][i]
                if m.is_pos_inf(dj):
                    return m.inf
                term = m.exp(T * lam * dj)
            second = second + m.num(w) * term
        if m.is_pos_inf(first):
            return m.inf
        return m.sqrt(m.num(first) * second)
    return q


def realised_path_probability(c, m):
    """Pr[w₁ = path] = Σ_x μ(x) p₁(path | D) (the realised output must be possible)."""
    total = m.value(0)
    for w, P1, _ in pairs(c, m, "K1"):
        total = total + m.value(w) * m.value(P1[int(c["path"])])
    return m.num(total)


def adaptive_says_nothing(c) -> bool:
    """Every step's rows are identical: no output depends on the data, every loss is 0."""
    return all(rows_identical(c[k], atol=1e-12) for k in ("K1", "K2_0", "K2_1", "K2_2"))


# ============================================================================ §4.2: Theorems 1–2, Eq. (10), Corollary 1
QUOTE_T1 = ("Theorem 1 (Advanced Composition). Let a learning algorithm run for T iterations. Denote by w^(1)…w^(T) a "
            "sequence of private learning outcomes at iterations 1, …, T, and L^(1:T) the corresponding total privacy "
            "loss. Then, E[e^{λL^(1:T)}] ≤ Π_{t=1}^T E_x[e^{TλD_{λ+1}(p_t‖q_t)}]^{1/T}, where p_t = p(w^(t)|w^(t−1), D), "
            "q_t = p(w^(t)|w^(t−1), D').")
QUOTE_EQ10 = ("We denote the logarithm of the quantity inside the product in Theorem 1 as c_t(λ, T) and call it the "
              "privacy cost of the iteration t: c_t(λ, T) = log E_x[e^{TλD_{λ+1}(p_t‖q_t)}]^{1/T} (10)")
QUOTE_COST_SUM = "The privacy cost of the whole learning process is then a sum of the costs of each iteration."
QUOTE_T2 = ("Theorem 2. Let the algorithm produce a sequence of private learning outcomes w^(1)…w^(T) using a known "
            "probability distribution p(w^(t)|w^(t−1), D). Then, for a fixed ε_μ: log δ_μ ≤ Σ_{t=1}^T c_t(λ, T) − λε_μ.")
QUOTE_C1 = ("Corollary 1. Under the conditions above, for a fixed δ_μ: ε_μ ≤ (1/λ)Σ_{t=1}^T c_t(λ, T) − (1/λ) log δ_μ.")
COMPOSED_NOTE = ("T ∈ {1, 2, 3} mechanisms run with independent randomness on the same dataset pair (non-adaptive "
                 "iterations, the same x' throughout), each in the finite model; the total loss of the composed "
                 "mechanism is Σ_t L^(t). ")


ADAPTIVE_VARS = (channel("K1", "the first step: n + 1 rows (as the finite model), m₁ outputs"),
                 channel("K2_0", "the second step after w₁ = 0"), channel("K2_1", "… after w₁ = 1"),
                 channel("K2_2", "… after w₁ = 2 (unused when m₁ = 2)"), simplex("mu"), integer("adjacency", 0, 2),
                 integer("x0", 0, 5), real("lam", LAM_LO, 5), integer("path", 0, 2, "the realised first output w₁"))
ADAPTIVE_NOTE = ("two adaptive iterations in the finite model: the first runs K1, the second runs K2_{w₁}, chosen by "
                 "the first output w₁ (p₂ = p(w^(2)|w^(1), D)); the same x' throughout; T = 2 in Hölder's exponent; "
                 "the left side is the joint expectation over (x', w₁, w₂) under D. D_{λ+1}(p₂‖q₂) depends on w₁, "
                 "which the printed right side leaves free; ")
ADAPTIVE_READINGS = {
    "sup-past": "bound by its largest value over w₁, for each x' (E_x[e^{2λ sup_{w₁} D(p₂‖q₂)}]: the worst "
                "auxiliary input of the moments accountant's composition).",
    "averaged-past": "averaged over w₁ ∼ p(·|D) inside E_x (E_x E_{w₁}[e^{2λ D(p₂‖q₂)}]).",
    "realised-path": "fixed at the realised output w₁ = path (every path of positive probability): the right side "
                     "the accountant accumulates along the training run.",
}
ADAPTIVE_TITLES = {"sup-past": "sup over w₁", "averaged-past": "averaged over w₁ ∼ p(·|D)",
                   "realised-path": "the realised w₁"}
PRIMARY_T1_ADAPTIVE = ("Theorem 1 names 'a sequence of private learning outcomes w^(1)…w^(T)' and conditions p_t = "
                       "p(w^(t)|w^(t−1), D) on that sequence's own w^(t−1), with only E_x over the point — no sup, no "
                       "average over the past is printed; the paper's use is the same: 'During training, we compute "
                       "the privacy cost c_t(λ, T) for each iteration t, accumulate it' (l.164), and Eq. (15) "
                       "estimates it from p(w^(t)|w^(t−1), B^(t)) at the current w^(t−1) — the right side along the "
                       "realised path.")


ACCOUNTING_CLAIMS = [
    Claim(
        id="s004.thm.1",
        title="E[e^{λL^(1:T)}] ≤ Π_t E_x[e^{TλD_{λ+1}(p_t‖q_t)}]^{1/T}",
        source=Source(SEED, "§4.2, Theorem 1", QUOTE_T1),
        variables=COMPOSED_VARS + (real("lam", LAM_LO, 5),),
        statement=sp.Le(S("mgf_total"), S("product_bound")),
        quantities={"mgf_total": composed_mgf, "product_bound": product_bound, "lam": num("lam")},
        hypotheses=(Hypothesis("λ > 0 (orders λ + 1 > 1)", sp.Gt(S("lam"), 0)),),
        strategy=composed_model(extra=lambda n, mm: {"lam": LAM}),
        encoding=COMPOSED_NOTE + "the expectation over (x', w^(1), …, w^(T)) jointly.",
    ),
    *[Claim(
        id=f"s004.thm.1#{reading}",
        title=f"Theorem 1, adaptive (T = 2), past output {ADAPTIVE_TITLES[reading]}: "
              "E[e^{λL^(1:2)}] ≤ Π_t E_x[e^{2λD_{λ+1}(p_t‖q_t)}]^{1/2}",
        source=Source(SEED, "§4.2, Theorem 1", QUOTE_T1),
        variables=ADAPTIVE_VARS,
        statement=sp.Le(S("mgf_total"), S("product_bound")),
        quantities={"mgf_total": adaptive_mgf, "product_bound": adaptive_bound(reading), "lam": num("lam"),
                    "path_probability": realised_path_probability},
        hypotheses=(Hypothesis("λ > 0 (orders λ + 1 > 1)", sp.Gt(S("lam"), 0)),
                    *((Hypothesis("the realised first output is possible", sp.Gt(S("path_probability"), 0)),)
                      if reading == "realised-path" else ())),
        strategy=adaptive_model(),
        reading=reading, primary=PRIMARY_T1_ADAPTIVE if reading == "realised-path" else None,
        degenerate=adaptive_says_nothing,
        encoding=ADAPTIVE_NOTE + ADAPTIVE_READINGS[reading],
    ) for reading in ADAPTIVE_READINGS],
    Claim(
        id="s004.eq.10",
        title="c_t(λ, T) by quadrature over ‖Δ‖ (Δ ∼ N(0, s²I_d)) = −(d/2T) log(1 − Tλ(λ+1)s²/σ²)",
        source=Source(SEED, "§4.2, Eq. (10)", QUOTE_EQ10),
        variables=(log_real("lam", 0.05, 64), integer("T", 1, 10**4), log_real("s", 1e-7, 20), real("sigma", 0.5, 4),
                   integer("d", 1, 1000)),
        statement=sp.Eq(S("cost_quadrature"), S("cost_closed_form")),
        quantities={"cost_quadrature": reference_cost_quadrature, "cost_closed_form": reference_cost_closed_form,
                    "x": lambda c, m: m.num(int(c["T"])) * m.num(c["lam"]) * (m.num(c["lam"]) + 1)
                    * m.num(c["s"]) ** 2 / m.num(c["sigma"]) ** 2},
        hypotheses=(Hypothesis("below the pole: Tλ(λ+1)s²/σ² < 1", sp.Lt(S("x"), 1)),),
        strategy=gaussian_reference(),
        digits=10,
        encoding="the Gaussian mechanism N(g, σ²I_d) with gradient differences Δ ∼ N(0, s²I_d): "
                 "λD_{λ+1} = λ(λ+1)‖Δ‖²/(2σ²); route 1 integrates e^{Tλ(λ+1)s²v²/(2σ²)} against the χ_d density of "
                 "v = ‖Δ‖/s (float Gauss–Legendre; certified acb.integral plus an analytic tail bound); route 2 the "
                 "χ² moment generating function. At and beyond the pole both are +∞ (decided analytically).",
    ),
    Claim(
        id="s004.claim.cost-sum",
        title="the privacy cost of the whole process is the sum of the costs: log E[e^{λL^(1:T)}] ≤ Σ_t c_t(λ, T)",
        source=Source(SEED, "§4.2, line 154", QUOTE_COST_SUM),
        variables=COMPOSED_VARS + (real("lam", LAM_LO, 5),),
        statement=sp.Le(S("log_mgf_total"), S("sum_costs")),
        quantities={"log_mgf_total": log_composed_mgf, "sum_costs": sum_of_costs, "lam": num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(S("lam"), 0)),),
        strategy=composed_model(extra=lambda n, mm: {"lam": LAM}),
        encoding=COMPOSED_NOTE + "'the privacy cost of the whole process' read as the log moment generating function "
                 "of the total loss it accounts for; Theorem 1 in logarithms (shares its implementation).",
    ),
    Claim(
        id="s004.thm.2",
        title="log δ_μ ≤ Σ_t c_t(λ, T) − λε_μ (δ_μ = Pr[L^(1:T) ≥ ε_μ])",
        source=Source(SEED, "§4.2, Theorem 2", QUOTE_T2),
        variables=COMPOSED_VARS + (real("lam", LAM_LO, 5), real("eps", 0, 6)),
        statement=sp.Le(S("log_delta"), S("sum_costs") - lam_s * eps_s),
        quantities={"log_delta": log_of(composed_tail()), "sum_costs": sum_of_costs,
                    "lam": num("lam"), "eps": num("eps")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(lam_s, 0)),),
        strategy=composed_model(extra=lambda n, mm: {"lam": LAM, "eps": reals(0.0, 6.0)}),
        sides="logs",
        encoding=COMPOSED_NOTE + "δ_μ := the composed mechanism's strong-BDP tail at ε_μ (Definition 1, the "
                 "smallest admissible); log 0 = −∞.",
    ),
    Claim(
        id="s004.cor.1",
        title="at ε* = (1/λ)Σ_t c_t − (1/λ) log δ_μ the total loss exceeds ε* with probability ≤ δ_μ",
        source=Source(SEED, "§4.2, Corollary 1", QUOTE_C1),
        variables=COMPOSED_VARS + (real("lam", LAM_LO, 5), log_real("delta", 1e-8, 0.5)),
        statement=sp.Le(S("tail_at_eps_star"), S("delta")),
        quantities={"tail_at_eps_star": composed_tail(eps=eps_from_cost_sum), "delta": num("delta"),
                    "lam": num("lam")},
        hypotheses=(Hypothesis("λ > 0", sp.Gt(S("lam"), 0)),),
        strategy=composed_model(extra=lambda n, mm: {"lam": LAM, "delta": log_reals(1e-8, 0.5)}),
        encoding=COMPOSED_NOTE + "'ε_μ ≤ ε*' for a fixed δ_μ means the mechanism is (ε*, δ_μ)-strong-BDP: "
                 "Pr[L^(1:T) ≥ ε*] ≤ δ_μ, checked at ε* itself (a certified ball on the certified path).",
    ),
]
