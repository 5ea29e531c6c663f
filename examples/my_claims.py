"""Two claims of your own, checked with `proofcheck run --claims examples/my_claims.py`.

A claim is a sympy relation between symbols; each symbol gets a quantity, a function of the case
and of the evaluation path `m` (floats for the search, exact rationals + arb balls to certify).
"""
import sympy as sp

from proofcheck import Claim, Source, channel, strategies as pst

tv, eps = sp.symbols("TV epsilon", nonnegative=True)


def max_row_tv(case, m):
    K = case["K"]
    return m.max(*[m.tv(K[i], K[j]) for i in range(len(K)) for j in range(len(K)) if i != j])


CLAIMS = [
    # true: an ε-LDP channel moves any two rows by at most (e^ε − 1)/(e^ε + 1) in total variation
    Claim(
        id="mine.tv-of-ldp",
        title="ε-LDP ⇒ TV between rows ≤ (e^ε − 1)/(e^ε + 1)",
        source=Source("my-notes", "folklore", "An ε-LDP mechanism has TV(K(d), K(d')) ≤ (e^ε−1)/(e^ε+1)."),
        variables=(channel("K"),),
        statement=sp.Le(tv, (sp.exp(eps) - 1) / (sp.exp(eps) + 1)),
        quantities={"TV": max_row_tv, "epsilon": lambda c, m: m.ldp_level(c["K"])},
        strategy=pst.sized(lambda n, k: pst.cases(K=pst.channels(n, k))),
        encoding="ε := the LDP level of K",
    ),
    # false: the tempting bound TV ≤ ε/2 fails for large ε (TV ≤ 1 while ε/2 is unbounded only above)
    Claim(
        id="mine.tv-le-half-eps-squared",
        title="ε-LDP ⇒ TV between rows ≤ ε²/2 (false for small ε)",
        source=Source("my-notes", "a tempting guess", "TV(K(d), K(d')) ≤ ε²/2."),
        variables=(channel("K"),),
        statement=sp.Le(tv, eps**2 / 2),
        quantities={"TV": max_row_tv, "epsilon": lambda c, m: m.ldp_level(c["K"])},
        strategy=pst.sized(lambda n, k: pst.cases(K=pst.channels(n, k))),
        encoding="ε := the LDP level of K",
    ),
]
