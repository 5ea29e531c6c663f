"""The library's errors: invalid input, and a quantity undefined at its input.

The CLI turns InvalidInput into a one-line message and exit status 2; everything else
raises it *before* any work starts, naming the offending value.
"""


class InvalidInput(ValueError):
    """Input outside the domain of a definition (κ < 0, α ≤ 1, a non-stochastic row, ...)."""


class Undefined(ArithmeticError):
    """The quantity is undefined at this input (data of probability zero under every atom of a prior, a
    normaliser whose parameters leave its integral divergent, ...): valid input at which the mathematics
    gives no value. proofcheck excludes such a case from a claim's domain (see proofcheck.errors)."""
