"""The two evaluation paths a claim is written against.

A claim's quantities are functions ``(case, m) -> value`` where ``m`` is :data:`FLOAT` (numpy,
for the search) or :data:`CERTIFIED` (exact rationals, then arb balls, for the verdict). Both
namespaces expose the same names; the implementations share no code (see mechanisms.finite).
"""
from __future__ import annotations

import math
from fractions import Fraction
from types import SimpleNamespace

import numpy as np

from mechanisms import finite as fin
from mechanisms.errors import InvalidInput
from proofcheck.numerics import INF, aabs, aexp, alog, amax, amin, asqrt, is_inf, to_arb


# ----------------------------------------------------------------------------- certified measures
def _c_ldp_level(K):
    r = fin.exact_ldp_ratio(K)
    return INF if r is None else alog(r)


def _c_mbp_level(K, prior):
    r = fin.exact_mbp_ratios(K, prior)
    if r is None:
        return INF
    hi, lo = r
    return amax(alog(hi), -alog(lo))


def _c_kl(p, q):
    total = to_arb(0)
    for a, b in zip(p, q):
        if a == 0:
            continue
        if b == 0:
            return INF
        total += to_arb(a) * alog(Fraction(a) / Fraction(b))
    return total


def _c_js(p, q):
    m = [(Fraction(a) + Fraction(b)) / 2 for a, b in zip(p, q)]
    return (_c_kl(p, m) + _c_kl(q, m)) / 2


def _c_tv(p, q):
    return to_arb(fin.exact_tv_distance(p, q))


def _c_renyi(p, q, alpha):
    alpha = Fraction(alpha)
    if not alpha > 1:
        raise InvalidInput(f"Rényi order alpha = {alpha} must be > 1")
    a = to_arb(alpha)
    total = to_arb(0)
    for x, y in zip(p, q):
        if x == 0:
            continue
        if y == 0:
            return INF
        total += (a * alog(x) + (1 - a) * alog(y)).exp()
    return alog(total) / (a - 1)


def _c_bayes_capacity(K):
    return to_arb(fin.exact_bayes_capacity(K))


FLOAT = SimpleNamespace(
    name="float",
    num=float,
    log=np.log,
    exp=np.exp,
    sqrt=np.sqrt,
    abs=abs,
    max=lambda *xs: max(xs),
    min=lambda *xs: min(xs),
    is_inf=lambda x: math.isinf(x) and x > 0,
    ldp_level=fin.ldp_level,
    mbp_level=fin.mbp_level,
    kl=fin.kl_divergence,
    js=fin.js_divergence,
    tv=fin.tv_distance,
    renyi=fin.renyi_divergence,
    posterior=fin.posterior,
    marginal=fin.output_marginal,
    belief_after_release=fin.belief_after_release,
    bayes_capacity=fin.bayes_capacity,
    posterior_vulnerability=fin.posterior_bayes_vulnerability,
    vector=lambda v: np.asarray(v, float),
)

CERTIFIED = SimpleNamespace(
    name="certified",
    num=to_arb,
    log=alog,
    exp=aexp,
    sqrt=asqrt,
    abs=aabs,
    max=amax,
    min=amin,
    is_inf=is_inf,
    ldp_level=_c_ldp_level,
    mbp_level=_c_mbp_level,
    kl=_c_kl,
    js=_c_js,
    tv=_c_tv,
    renyi=_c_renyi,
    posterior=fin.exact_posterior,
    marginal=fin.exact_output_marginal,
    belief_after_release=fin.exact_belief_after_release,
    bayes_capacity=_c_bayes_capacity,
    posterior_vulnerability=lambda K, prior: to_arb(fin.exact_posterior_bayes_vulnerability(K, prior)),
    vector=list,
)
