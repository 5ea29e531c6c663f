"""Seed 003's printed numbers against each other: the model's parameter count (Section VI) and the entries that
Tables II, III, V and VI and the text of Section VII print for the same experiment as Table IV or Table I.

Every number is the printed decimal taken as exact (a Fraction); a comparison of two printed values allows the
rounding that their printed digits show (half a unit of the last digit of the less precise one), so a
difference beyond rounding is a typo certified by exact arithmetic."""
from __future__ import annotations

from fractions import Fraction

import sympy as sp
from hypothesis import strategies as st

from proofcheck.claim import Claim, Source, integer
from proofcheck.claims.s003.strategies import SEED
from proofcheck.claims.s003.tables import TABLE_I, TABLE_IV
from proofcheck.strategies import cases
from proofcheck.tables import half_unit

QUOTE_PARAMETERS = ("The model has an input layer (256 × 50 = 12,800 parameters), a hidden layer (50 × 15 = 750 "
                    "parameters) and an output layer (15 × 10 = 150 parameters), summing 13,700 parameters.")
QUOTE_TII = ("TABLE II: IGA reconstruction metrics for selected noises | Mechanism, κ (VMF)/σ (Gauss): None -; None "
             "Clip; Gauss 1.23; VMF 75; Gauss .0174; VMF 500")
QUOTE_TIII = "TABLE III: DLG reconstruction metrics for selected noises | Mechanism: None -; Gauss .0174; VMF 500"
QUOTE_SIGMA_TEXT = ("For Gaussian, however, stronger noise is needed (e.g., the last two rows, for which κ = 500 and "
                    "σ = 0.17, which translates to ε = 173).")
QUOTE_ACCURACY = ("For instance, for ε = 0.49, the accuracy for the Gaussian model is 86.56% and 74.89% for MNIST and "
                  "FashionMNIST respectively, whereas for VMF it is 32.97% and 44.95%.")
QUOTE_TI_TIV = ("TABLE I (κ in VMF / ε): 75 0.49; 100 2.5; 125 4.6; 150 7.97; 200 10.9; 300 41.02 | TABLE IV (ε / κ): "
                "0.49 75; 2.48 100; 4.59 125; 7.97 150; 10.9 200; 41.02 300")
QUOTE_TII_TVI = ("TABLE II: Gauss 1.23 .1046 3.923 .0472 2.499; VMF 75 0035 4.396 .0024 2.946 | TABLE VI (Batch=128, "
                 "SSIM MSE): MNIST 75 0035 4.396, 1.23 .1046 3.923; Fashion MNIST 75 .0024 2.946, 1.23 .0472 2.499")

# ----------------------------------------------------------------------------- the printed numbers
# (printed left side, printed value): Section VI, line 405
PARAMETER_COUNT = [("256 × 50", 256 * 50, "12,800"), ("50 × 15", 50 * 15, "750"), ("15 × 10", 15 * 10, "150"),
                   ("12,800 + 750 + 150", 12800 + 750 + 150, "13,700")]
# Table II (l.429–436) and Table III (l.731–735): the Gaussian σ printed in the row before each VMF κ
TABLE_II_PAIRS = [("1.23", 75), (".0174", 500)]
TABLE_III_PAIRS = [(".0174", 500)]
# Section VII-A (l.423): ε = 0.49; (dataset, mechanism, printed accuracy in %), Table V's batch-128 column at κ = 75
# and σ = 1.23 (l.752, l.760), the row of Table IV with ε = 0.49
ACCURACY_TEXT = [("MNIST", "Gauss", "86.56"), ("FashionMNIST", "Gauss", "74.89"), ("MNIST", "VMF", "32.97"),
                 ("FashionMNIST", "VMF", "44.95")]
TABLE_V_ACC128 = {("MNIST", "VMF"): ".3297", ("MNIST", "Gauss"): ".8656", ("FashionMNIST", "VMF"): ".4495",
                  ("FashionMNIST", "Gauss"): ".7489"}
# Table II's rows at κ = 75 and σ = 1.23 (l.433–434) and Table VI's batch-128 cells (l.774, l.783), as
# (what, Table II, Table VI); "0035" as printed in both (a sign or point lost), read as .0035
TABLE_II_VS_VI = [("MNIST SSIM, σ = 1.23", ".1046", ".1046"), ("MNIST MSE, σ = 1.23", "3.923", "3.923"),
                  ("FMNIST SSIM, σ = 1.23", ".0472", ".0472"), ("FMNIST MSE, σ = 1.23", "2.499", "2.499"),
                  ("MNIST SSIM, κ = 75", ".0035", ".0035"), ("MNIST MSE, κ = 75", "4.396", "4.396"),
                  ("FMNIST SSIM, κ = 75", ".0024", ".0024"), ("FMNIST MSE, κ = 75", "2.946", "2.946")]


def exact(printed: str) -> Fraction:
    """A printed number as exact: '12,800' → 12800, '.0174' → 174/10000."""
    return Fraction(printed.replace(",", ""))


def rounding(a: str, b: str) -> Fraction:
    """Half a unit of the last printed digit of the less precise of a and b."""
    return max(half_unit(a.replace(",", "")), half_unit(b.replace(",", "")))


def table_iv_sigma(kappa: int) -> str:
    """Table IV's σ in the row of κ."""
    return next(s for _, k, s in TABLE_IV if k == kappa)


def table_iv_eps(kappa: int) -> str:
    return next(e for e, k, _ in TABLE_IV if k == kappa)


# ----------------------------------------------------------------------------- quantities
def _num(value):
    return lambda c, m: m.num(value(c))


def _gap(pairs):
    """|a − b| of the row's two printed numbers, and the rounding allowed between them."""
    def gap(c, m):
        a, b = pairs(c)
        return m.num(abs(exact(a) - exact(b)))

    def allowed(c, m):
        return m.num(rounding(*pairs(c)))
    return {"printed_gap": gap, "rounding": allowed}


def _row(table):
    return lambda c: table[int(c["row"])]


def _rows(n):
    return cases(row=st.integers(0, n - 1))


def _sigma_pair(table):
    return lambda c: (_row(table)(c)[0], table_iv_sigma(_row(table)(c)[1]))


# ----------------------------------------------------------------------------- claims
def _agree(cid, title, where, quote, n, pair, encoding, quantities=None, **extra):
    """Rows 0..n−1 of two printed numbers (``pair(case)``) that must agree up to the rounding their digits show."""
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, quote),
        variables=(integer("row", 0, n - 1),),
        statement=sp.Le(sp.Symbol("printed_gap"), sp.Symbol("rounding")),
        quantities=quantities or _gap(pair),
        strategy=_rows(n),
        exact_inputs=("row",),
        encoding=encoding,
        **extra,
    )


def parameter_count(cid, title, where):
    return Claim(
        id=cid,
        title=title,
        source=Source(SEED, where, QUOTE_PARAMETERS),
        variables=(integer("row", 0, len(PARAMETER_COUNT) - 1),),
        statement=sp.Eq(sp.Symbol("computed"), sp.Symbol("printed")),
        quantities={"computed": _num(lambda c: PARAMETER_COUNT[int(c["row"])][1]),
                    "printed": _num(lambda c: exact(PARAMETER_COUNT[int(c["row"])][2]))},
        strategy=_rows(len(PARAMETER_COUNT)),
        exact_inputs=("row",),
        encoding="each of the four printed equations (three products, their sum) as an identity of integers: the left "
                 "side computed from its printed factors or terms, the right side the printed value.",
    )


def sigma_column(cid, title, where, quote, pairs):
    """A table's Gaussian σ against Table IV's σ in the row of the VMF κ it is paired with."""
    return _agree(
        cid, title, where, quote, len(pairs), _sigma_pair(pairs),
        "the table's 'selected noises' are Table IV's pairs ('Mappings from ε to κ and σ used in our "
                 "experiments', l.745): each Gaussian row is printed just before the VMF row of the same ε, so its σ "
                 "is Table IV's σ at that κ (1.23 at κ = 75, .174 at κ = 500 — the text's 'κ = 500 and σ = 0.17', "
        "l.446); printed numbers exact, allowed to differ by half a unit of the coarser last digit.")


def sigma_in_text(cid, title, where):
    """l.446's σ = 0.17 and ε = 173 at κ = 500 against Table IV's row of κ = 500."""
    pairs = [("0.17", table_iv_sigma(500)), ("173", table_iv_eps(500))]
    return _agree(
        cid, title, where, QUOTE_SIGMA_TEXT, len(pairs), _row(pairs),
        "the text's σ = 0.17 and ε = 173 for κ = 500 against Table IV's row of κ = 500 (σ = .174, ε = 173), "
        "equal up to half a unit of the coarser printed digit.")


def accuracy_in_text(cid, title, where):
    def pair(c):
        data, mech, pct = ACCURACY_TEXT[int(c["row"])]
        return str(exact(pct) / 100), TABLE_V_ACC128[(data, mech)]

    def gap(c, m):
        a, b = pair(c)
        return m.num(abs(exact(a) - exact(b)))
    return _agree(
        cid, title, where, QUOTE_ACCURACY, len(ACCURACY_TEXT), pair,
        "ε = 0.49 is Table IV's row κ = 75, σ = 1.23; the experiments use batch size 128 (l.407), Table V's "
        "Acc.128 column: each percentage of the text (÷100) against that cell, within half a unit of the "
        "cell's last digit.",
        quantities={"printed_gap": gap,
                    "rounding": lambda c, m: m.num(half_unit(TABLE_V_ACC128[ACCURACY_TEXT[int(c["row"])][:2]]))})


def table_i_against_table_iv(cid, title, where):
    common = [(k, e, table_iv_eps(k)) for k, e, _ in TABLE_I if any(k == kk for _, kk, _ in TABLE_IV)]

    def pair(c):
        return common[int(c["row"])][1:]
    return _agree(
        cid, title, where, QUOTE_TI_TIV, len(common), pair,
        "the six κ that both tables print (75, 100, 125, 150, 200, 300): Table I's ε against Table IV's, "
        "equal up to half a unit of the coarser printed digit (Table I prints 2.5 and 4.6 where Table IV "
        "prints 2.48 and 4.59).")


def table_ii_against_table_vi(cid, title, where):
    def pair(c):
        return TABLE_II_VS_VI[int(c["row"])][1:]
    return _agree(
        cid, title, where, QUOTE_TII_TVI, len(TABLE_II_VS_VI), pair,
        "Table II's rows Gauss 1.23 and VMF 75 (IGA, batch 128, l.407) against Table VI's Batch=128 cells "
        "at σ = 1.23 and κ = 75, for MNIST and Fashion MNIST, SSIM and MSE: the same experiment printed twice.",
        reconstructed="'0035' (Table II l.434 and Table VI l.774, MNIST SSIM at κ = 75, batch 128) has lost a sign "
                      "or a point in both places; read as .0035 in both, which does not change the comparison.")
