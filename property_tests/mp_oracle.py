"""The test oracles' own arithmetic: an mpmath context at 40 digits, apart from mpmath's global one, and exact
Fractions into it. Shared by the oracles of seeds 003 (accounting_oracle) and 004 (bdp_oracle); like them, it
imports nothing from mechanisms/ or proofcheck/."""
from __future__ import annotations

from fractions import Fraction

import mpmath

MP = mpmath.MPContext()
MP.dps = 40


def mpf(x):
    """x as an mpf of MP; a Fraction as numerator/denominator, rounded once."""
    if isinstance(x, Fraction):
        return MP.mpf(x.numerator) / x.denominator
    return MP.mpf(x)
