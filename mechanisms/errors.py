"""The one error type for invalid input to a measure, mechanism or claim.

The CLI turns it into a one-line message and exit status 2; everything else
raises it *before* any work starts, naming the offending value.
"""


class InvalidInput(ValueError):
    """Input outside the domain of a definition (κ < 0, α ≤ 1, a non-stochastic row, ...)."""


class OutsideDomain(Exception):
    """A case outside the statement's domain: a quantity that the paper's own definitions leave
    undefined there (an output of probability zero, α = 1 in a Rényi order, ...).

    Raised inside a claim's quantity, it excludes the case from the search (and is counted);
    every other exception in a quantity is an error of the claim, never an exclusion.
    """
