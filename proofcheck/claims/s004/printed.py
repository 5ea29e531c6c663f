"""Numbers seed 004 prints: the attack probabilities quoted with Eq. (1) and Table 1's (ε, P(A)) entries."""
from __future__ import annotations

from fractions import Fraction

# (ε, the quoted P(A) as a decimal): "for ε = 2 … 88%. For ε = 5, it is 99.33%. For ε = 10, 99.995%." (line 60)
EQ1_FIGURES = [(2, "0.88"), (5, "0.9933"), (10, "0.99995")]

# (dataset, column, printed ε, printed P(A)): Table 1, δ = 1e−5 (DP) and δ_μ = 1e−10 (BDP)
TABLE_1 = [
    ("MNIST", "DP", "2.2", "0.898"), ("MNIST", "BDP", "0.95", "0.721"),
    ("CIFAR10", "DP", "8.0", "0.999"), ("CIFAR10", "BDP", "0.76", "0.681"),
    ("Abalone", "DP", "7.6", "0.999"), ("Abalone", "BDP", "0.61", "0.649"),
    ("Adult", "DP", "0.5", "0.623"), ("Adult", "BDP", "0.2", "0.55"),
]


def unit(printed: str) -> Fraction:
    """One unit in the last printed digit: '0.898' → 1/1000, '8.0' → 1/10."""
    s = printed.strip()
    decimals = len(s.split(".")[1]) if "." in s else 0
    return Fraction(1, 10**decimals)


def half_unit(printed: str) -> Fraction:
    return unit(printed) / 2
