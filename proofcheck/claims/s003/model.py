"""What seed 003's sections share: the readers that turn a case's named value into a quantity, and Proposition 1's
τ_α as printed, which Section III-A states and Section III-B's subsampling and interpolation claims apply.

Each section module holds its own quantities; the tables' computation is in :mod:`.tables`, the paper's formulas as
printed in :mod:`.printed`, what the search draws in :mod:`.strategies`.
"""
from __future__ import annotations

import sympy as sp

from proofcheck.errors import OutsideDomain

tau = sp.Symbol("tau_alpha", real=True)


def number(name):
    """The quantity that reads the case's value ``name`` as it is."""
    return lambda c, m: m.num(c[name])


def count(name):
    """The quantity that reads the case's value ``name`` as an integer (a number of steps or compositions)."""
    return lambda c, m: m.num(int(c[name]))


def tau_printed(c, m, kappa="kappa", alpha="alpha", p=None):
    """Proposition 1's τ_α exactly as printed: [ν log(1/(2α−1)) + log(I_ν((2α−1)κ)/I_ν(κ))]/(α−1).

    At κ = 0 the printed expression is 0/0 for p ≥ 3 (I_ν(0) = 0): outside its domain."""
    pp = int(c["p"] if p is None else p)
    k, a = m.value(c[kappa]), m.value(c[alpha])
    if k == 0 and pp >= 3:
        raise OutsideDomain(f"the printed tau_alpha is 0/0 at kappa=0 for p={pp}")
    return m.vmf_rdp(pp, k, a)
