"""The one error type for invalid input to a measure, mechanism or claim.

The CLI turns it into a one-line message and exit status 2; everything else
raises it *before* any work starts, naming the offending value.
"""


class InvalidInput(ValueError):
    """Input outside the domain of a definition (κ < 0, α ≤ 1, a non-stochastic row, ...)."""
