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

``log_posterior`` returns log ξ(θ_i | x), normalised (float, or arb balls on the certified route; an atom
with p_θ(x) = 0 has weight −inf); ``exact_posterior`` the exact Fractions for the 'table' family.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Sequence

import numpy as np

from mechanisms.bayesian import conjugate_families as cf
from mechanisms.errors import InvalidInput, OutsideDomain
from mechanisms.numerics.exact import to_arb, to_fraction
from mechanisms.bayesian.posterior_divergence import normalise_log, normalise_log_arb
from mechanisms.numerics.context import certified, fp

__all__ = ["FAMILIES", "atom_log_likelihoods", "atom_log_likelihoods_arb", "log_posterior", "log_posterior_arb",
           "log_marginal", "log_marginal_arb", "exact_posterior", "exact_marginal"]

FAMILIES = ("table", "bernoulli", "exponential", "laplace", "normal-mean", "poisson")
_NAMED = {"bernoulli": ("beta-bernoulli", lambda k: (1, 1)), "exponential": ("gamma-exponential", lambda k: (1, 1)),
          "laplace": ("gamma-laplace", lambda k: (1, 1, k)), "normal-mean": ("normal-normal", lambda k: (0, 1, k)),
          "poisson": ("gamma-poisson", lambda k: (1, 1))}


def _check(family):
    if family not in FAMILIES:
        raise InvalidInput(f"unknown finite-support family {family!r}; one of {', '.join(FAMILIES)}")


def atom_log_likelihoods(family: str, atoms: Sequence, data: Sequence, known=None) -> list[float]:
    """log p_θ(x) of the whole data set, for each atom θ (float)."""
    _check(family)
    if family == "table":
        out = []
        for row in atoms:
            r = [float(v) for v in row]
            out.append(float(sum(math.log(r[int(x)]) if r[int(x)] > 0 else -math.inf for x in data)))
        return out
    name, prior = _NAMED[family]
    return [cf.log_likelihood(name, prior(known), t, data) for t in atoms]


def atom_log_likelihoods_arb(family: str, atoms: Sequence, data: Sequence, known=None) -> list:
    """Certified log p_θ(x) per atom (exact atoms and records); −inf (exact) where p_θ(x) = 0."""
    _check(family)
    if family == "table":
        out = []
        for row in atoms:
            w = Fraction(1)
            for x in data:
                w *= to_fraction(row[int(x)], "likelihood")
            out.append(-math.inf if w == 0 else to_arb(w).log())
        return out
    name, prior = _NAMED[family]
    return [cf.log_likelihood_arb(name, prior(known), t, data) for t in atoms]


def _log_prior(prior, log):
    return [(-math.inf if float(p) == 0 else log(p)) for p in prior]


def log_posterior(family, atoms, prior, data, known=None) -> np.ndarray:
    """log ξ(θ_i | x) (float), normalised; OutsideDomain if every atom gives the data probability 0."""
    ll = np.asarray(atom_log_likelihoods(family, atoms, data, known))
    lp = np.asarray(_log_prior(prior, lambda p: math.log(float(p))))
    w = lp + ll
    if np.all(w == -math.inf):
        raise OutsideDomain("the data have probability 0 under every atom of the prior")
    return normalise_log(w)


def log_posterior_arb(family, atoms, prior, data, known=None) -> list:
    ll = atom_log_likelihoods_arb(family, atoms, data, known)
    lp = _log_prior([to_fraction(p, "prior") for p in prior], lambda p: to_arb(p).log())
    w = [-math.inf if (isinstance(a, float) or isinstance(b, float)) else a + b for a, b in zip(lp, ll)]
    if all(isinstance(v, float) for v in w):
        raise OutsideDomain("the data have probability 0 under every atom of the prior")
    return normalise_log_arb(w)


def log_marginal(family, atoms, prior, data, known=None) -> float:
    """log φ(x) = log Σ_i ξ(θ_i) p_{θ_i}(x) (float)."""
    ll = np.asarray(atom_log_likelihoods(family, atoms, data, known))
    lp = np.asarray(_log_prior(prior, lambda p: math.log(float(p))))
    w = lp + ll
    if np.all(w == -math.inf):
        raise OutsideDomain("the data have probability 0 under every atom of the prior")
    return fp.log_sum_exp(w)


def log_marginal_arb(family, atoms, prior, data, known=None):
    ll = atom_log_likelihoods_arb(family, atoms, data, known)
    lp = _log_prior([to_fraction(p, "prior") for p in prior], lambda p: to_arb(p).log())
    terms = [a + b for a, b in zip(lp, ll) if not (isinstance(a, float) or isinstance(b, float))]
    if not terms:
        raise OutsideDomain("the data have probability 0 under every atom of the prior")
    return certified.log_sum_exp(terms)


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
        raise OutsideDomain("the data have probability 0 under every atom of the prior")
    return [w / z for w in ws]
