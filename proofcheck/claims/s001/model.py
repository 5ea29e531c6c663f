"""Reading the objects of paper 001 out of a case: finite-support models, conjugate models, data sets.

Two kinds of model are searched:

* finite-support — a prior on finitely many atoms θ_1..θ_k of a family ('table': each atom a likelihood
  row over a finite X, records are indices; 'exponential' / 'laplace': a rate |a_i|, records |x_i| resp.
  x_i (location 0); 'normal-mean': a mean a_i with unit noise variance). The posterior is an exact vector.
* conjugate — 'gamma-exponential' (Lemma 3: Exp(λ) prior on the rate), 'gamma-laplace' (Lemma 4: Exp(λ)
  prior on 1/s, location 0), 'gamma-normal-precision' (Exp(λ) prior on 1/σ², mean 0: Lemma 6 with the
  prior on the precision), 'beta-bernoulli' (beta(a, b) prior).

Each family comes with the paper's distance ρ between data sets (Hamming for indexed / binary records,
Σ|x_i − y_i| for rates and scales, Σ |x_i² − y_i²| + 2|x_i − y_i| (Lemma 6) for normal records) and with
its Lipschitz constant L(θ) under the absolute log-ratio distance (mechanisms.bayesian.lipschitz).
"""
from __future__ import annotations

import itertools

from proofcheck.errors import OutsideDomain
from mechanisms.bayesian.finite_support import exact_posterior
from mechanisms.bayesian.lipschitz import hamming_matrix

FS_FAMILIES = ("table", "exponential", "laplace", "normal-mean")
FS_KNOWN = {"table": None, "exponential": None, "laplace": 0, "normal-mean": 1}
FS_METRIC = {"table": "hamming", "exponential": "l1", "laplace": "l1", "normal-mean": "normal-square"}

CJ_FAMILIES = ("gamma-exponential", "gamma-laplace", "gamma-normal-precision", "beta-bernoulli")
CJ_LIPSCHITZ = {"gamma-exponential": "exponential", "gamma-laplace": "laplace",
                "gamma-normal-precision": "normal-precision", "beta-bernoulli": "bernoulli"}
CJ_METRIC = {"gamma-exponential": "l1", "gamma-laplace": "l1", "gamma-normal-precision": "normal-square",
             "beta-bernoulli": "hamming"}
GAMMA_FAMILIES = CJ_FAMILIES[:3]


# ----------------------------------------------------------------------------- finite-support models
def fs_family(c) -> str:
    return FS_FAMILIES[int(c["family"])]


def fs_atoms(c, m):
    fam = fs_family(c)
    if fam == "table":
        return [list(r) for r in m.matrix(c["lik"])]
    a = list(m.vector(c["atoms"]))
    if fam in ("exponential", "laplace"):
        a = [abs(v) for v in a]
        if any(v == 0 for v in a):
            raise OutsideDomain("an atom of the rate (or inverse scale) is 0: not a parameter of the family")
    return a


def fs_data(c, m, which: str) -> list:
    fam = fs_family(c)
    if fam == "table":
        return [int(v) for v in c["d" + which]]
    v = list(m.vector(c[which]))
    return [abs(t) for t in v] if fam == "exponential" else v


def _sorted_data(c, m, which):
    # the likelihood of iid records depends on the multiset only: sorted records make a permuted data set
    # give bit-identical floats too
    return sorted(fs_data(c, m, which))


def fs_log_posterior(c, m, which: str):
    fam = fs_family(c)
    return m.finite_support_log_posterior(fam, fs_atoms(c, m), m.vector(c["prior"]), _sorted_data(c, m, which),
                                          FS_KNOWN[fam])


def fs_log_likelihoods(c, m, which: str):
    fam = fs_family(c)
    return m.finite_support_log_likelihoods(fam, fs_atoms(c, m), _sorted_data(c, m, which), FS_KNOWN[fam])


def fs_log_marginal(c, m, which: str):
    fam = fs_family(c)
    return m.finite_support_log_marginal(fam, fs_atoms(c, m), m.vector(c["prior"]), _sorted_data(c, m, which),
                                         FS_KNOWN[fam])


def fs_lipschitz(c, m):
    """L = max over the atoms of L(θ): the smallest constant of Assumption 1 for the family {p_θ}."""
    fam = fs_family(c)
    atoms = fs_atoms(c, m)
    if fam == "table":
        levels = [m.table_lipschitz(row, hamming_matrix(len(atoms[0]))) for row in atoms]
    else:
        levels = [m.lipschitz_constant(fam, t, FS_KNOWN[fam]) for t in atoms]
    L = m.max(*levels)
    if m.is_pos_inf(L):
        raise OutsideDomain("Assumption 1 fails for every L: some likelihood is 0 beside a positive one")
    return L


def fs_distance(c, m):
    fam = fs_family(c)
    return m.dataset_distance(FS_METRIC[fam], fs_data(c, m, "x"), fs_data(c, m, "y"))


def fs_degenerate(c) -> bool:
    """Equal data sets (ρ = 0): both sides vanish."""
    if fs_family(c) == "table":
        return list(c["dx"]) == list(c["dy"])
    return all(float(a) == float(b) for a, b in zip(c["x"], c["y"]))


def fs_exact_posterior(c, m, data):
    """ξ(· | data) for the 'table' family: exact Fractions on the certified path, floats on the float path."""
    return exact_posterior(m.matrix(c["lik"]), m.vector(c["prior"]), data)


def fs_exact_posteriors(c, m):
    """ξ(· | x) and ξ(· | y) for the 'table' family, x and y the index records ``dx`` and ``dy`` (sorted: the
    posterior depends on the multiset only, and equal multisets then give bit-identical floats too)."""
    return fs_exact_posterior(c, m, sorted(c["dx"])), fs_exact_posterior(c, m, sorted(c["dy"]))


def all_datasets(size: int, n: int):
    return [list(t) for t in itertools.product(range(size), repeat=n)]


def all_exact_posteriors(c, m, n: int):
    """Every data set of Xⁿ ('table' family, X the columns of ``lik``) and its exact posterior (records sorted,
    as in fs_exact_posteriors)."""
    sets = all_datasets(len(c["lik"][0]), n)
    return sets, [fs_exact_posterior(c, m, sorted(s)) for s in sets]


# ----------------------------------------------------------------------------- conjugate models
def cj_family(c) -> str:
    return CJ_FAMILIES[int(c["family"])]


def cj_prior(c, m) -> tuple:
    fam = cj_family(c)
    if fam == "beta-bernoulli":
        return (m.value(c["a"]), m.value(c["b"]))
    lam = m.value(c["lam"])
    return (1, lam) if fam == "gamma-exponential" else (1, lam, 0)


def cj_data(c, m, which: str) -> list:
    """The records of data set x or y: the drawn ones followed by ``extra`` zero records common to both
    (many records at no cost to the search: they change the posteriors' shape, not ρ)."""
    fam = cj_family(c)
    extra = [0] * int(c.get("extra", 0))
    if fam == "beta-bernoulli":
        return [int(v) for v in c["d" + which]] + extra
    v = list(m.vector(c[which]))
    return ([abs(t) for t in v] if fam == "gamma-exponential" else v) + extra


def cj_posterior(c, m, which: str):
    # sorted records: a permuted data set gives bit-identical float posteriors too
    return m.conjugate_posterior(cj_family(c), cj_prior(c, m), sorted(cj_data(c, m, which)))


def cj_distance(c, m):
    return m.dataset_distance(CJ_METRIC[cj_family(c)], cj_data(c, m, "x"), cj_data(c, m, "y"))


def cj_c_star(c, m):
    """The best constant of Assumption 2 for the family over n records (ρⁿ = Σ ρ: L(θ) is the one-record
    constant, so c* is the one-record c*)."""
    fam = cj_family(c)
    prior = cj_prior(c, m)
    cs = m.lipschitz_mass_rate(CJ_LIPSCHITZ[fam], prior[:2], 0)
    if cs == 0:
        raise OutsideDomain("Assumption 2 holds for no c > 0 (c* = 0)")
    return cs


def cj_degenerate(c) -> bool:
    """Equal data sets (ρ = 0): both sides vanish."""
    fam = cj_family(c)
    if fam == "beta-bernoulli":
        return list(c["dx"]) == list(c["dy"])
    return all(float(a) == float(b) for a, b in zip(c["x"], c["y"]))
