"""Claims files that tests write out and run: the head and the claims more than one of them uses."""

HEAD = '''
from fractions import Fraction
import sympy as sp
from hypothesis import strategies as st
from proofcheck import Claim, Source, integer, real
from proofcheck import strategies as pst

L, R = sp.symbols("L R", real=True)

def x(c, m):
    return m.value(c["x"])
'''

# two true claims that a small proof budget proves (the second attained along x = 0): entries of a CLAIMS list
TRUE_CLAIMS = '''
    Claim(id="mine.exp-above-x", title="e^x > x", source=Source("tests", "inline", "e^x > x"),
          variables=(real("x", -2, 3),), statement=sp.Gt(L, R),
          quantities={"L": lambda c, m: m.exp(x(c, m)), "R": x},
          strategy=st.fixed_dictionaries({"x": pst.reals(-2, 3)})),
    Claim(id="mine.xy-below-x", title="x·y ≤ x (attained along x = 0)", source=Source("tests", "inline", "xy ≤ x"),
          variables=(real("x", 0, 1), real("y", 0, 1)), statement=sp.Le(L, R),
          quantities={"L": lambda c, m: x(c, m) * m.value(c["y"]), "R": x},
          strategy=st.fixed_dictionaries({"x": pst.reals(0, 1), "y": pst.reals(0, 1)})),'''


def claims_file(*entries: str) -> str:
    """A claims file: HEAD, then CLAIMS = [the entries]."""
    return HEAD + "\nCLAIMS = [" + "".join(entries) + "\n]\n"
