"""Finite-support priors on any likelihood family: the posterior is then an exact vector over the atoms.

``family`` is 'table' (a likelihood row over a finite X per atom: the atoms *are* the rows, records are
indices into X) or one of the named families of :mod:`mechanisms.bayesian.conjugate_families` used pointwise:

==============  ====================  =================================  ==========================
family          atom θ                record                             known constant
==============  ====================  =================================  ==========================
table           a row p_θ over X      an index into X                    —
bernoulli       success probability   0 / 1                              —
exponential     rate                  x ≥ 0                              —
laplace         1/s                   real x                             location μ
normal-mean     mean                  real x                             variance σ²
poisson         rate                  count                              —
==============  ====================  =================================  ==========================

``log_posterior`` returns log ξ(θ_i | x), normalised (an atom with p_θ(x) = 0 or prior weight 0 has log-weight
−∞, the context's infinity); with ``atom_log_likelihoods`` and ``log_marginal`` a formula over the numeric
context (``fp.finite_support_log_posterior(...)``, ``certified....``, ``box....``). ``exact_posterior`` gives
the exact Fractions for the 'table' family.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Sequence

from mechanisms.bayesian import conjugate_families  # noqa: F401  (registers family_log_likelihood)
from mechanisms.bayesian import posterior_divergence  # noqa: F401  (registers normalise_log)
from mechanisms.errors import InvalidInput, Undefined
from mechanisms.numerics.context import formula

__all__ = ["FAMILIES", "atom_log_likelihoods", "log_posterior", "log_marginal", "exact_posterior", "exact_marginal"]

FAMILIES = ("table", "bernoulli", "exponential", "laplace", "normal-mean", "poisson")
_NAMED = {"bernoulli": ("beta-bernoulli", lambda k: (1, 1)), "exponential": ("gamma-exponential", lambda k: (1, 1)),
          "laplace": ("gamma-laplace", lambda k: (1, 1, k)), "normal-mean": ("normal-normal", lambda k: (0, 1, k)),
          "poisson": ("gamma-poisson", lambda k: (1, 1))}


def _check(family):
    if family not in FAMILIES:
        raise InvalidInput(f"unknown finite-support family {family!r}; one of {', '.join(FAMILIES)}")


def _table_log_likelihood(ctx, row, counts):
    """Σ_v n_v log p(v) over the record values v seen n_v times; −∞ when a seen value has probability 0."""
    total = ctx.exact(Fraction(0))
    for v, n in counts.items():
        p = ctx.real(row[v], "likelihood", "finite_support_log_likelihoods", lo=0)
        if ctx.is_zero(p):
            return ctx.ninf
        total = total + n * ctx.log(p)
    return total


@formula(name="finite_support_log_likelihoods")
def atom_log_likelihoods(ctx, family: str, atoms: Sequence, data: Sequence, known=None) -> list:
    """log p_θ(x) of the whole data set, for each atom θ; −∞ where p_θ(x) = 0."""
    _check(family)
    if family == "table":
        counts = Counter(int(x) for x in data)  # iid records: the likelihood depends on the counts only
        return [_table_log_likelihood(ctx, row, counts) for row in atoms]
    name, prior = _NAMED[family]
    return [ctx.family_log_likelihood(name, prior(known), t, data) for t in atoms]


def _log_joint(ctx, family, atoms, prior, data, known, fname):
    """log ξ(θ_i) + log p_{θ_i}(x) per atom (−∞ where either factor is 0); Undefined when every one is."""
    ll = ctx.finite_support_log_likelihoods(family, atoms, data, known)
    out = []
    for p, a in zip(prior, ll):
        p = ctx.real(p, "prior", fname, lo=0)
        out.append(ctx.ninf if ctx.is_zero(p) or ctx.is_inf(a) else ctx.log(p) + a)
    if all(ctx.is_inf(w) for w in out):
        raise Undefined("the data have probability 0 under every atom of the prior")
    return out


@formula(name="finite_support_log_posterior")
def log_posterior(ctx, family, atoms, prior, data, known=None):
    """log ξ(θ_i | x), normalised; Undefined if every atom gives the data probability 0."""
    return ctx.normalise_log(_log_joint(ctx, family, atoms, prior, data, known, "finite_support_log_posterior"))


@formula(name="finite_support_log_marginal")
def log_marginal(ctx, family, atoms, prior, data, known=None):
    """log φ(x) = log Σ_i ξ(θ_i) p_{θ_i}(x)."""
    return ctx.log_sum_exp(_log_joint(ctx, family, atoms, prior, data, known, "finite_support_log_marginal"))


def exact_marginal(rows: Sequence[Sequence], prior: Sequence, data: Sequence):
    """φ(x) for the 'table' family (exact for exact rows and prior, float for floats)."""
    total = 0
    for row, p in zip(rows, prior):
        w = p
        for x in data:
            w = w * row[int(x)]
        total = total + w
    return total


def exact_posterior(rows: Sequence[Sequence], prior: Sequence, data: Sequence) -> list:
    """ξ(θ_i | x) for the 'table' family (exact for exact inputs, float for floats)."""
    ws = []
    for row, p in zip(rows, prior):
        w = p
        for x in data:
            w = w * row[int(x)]
        ws.append(w)
    z = sum(ws)
    if z == 0:
        raise Undefined("the data have probability 0 under every atom of the prior")
    return [w / z for w in ws]
