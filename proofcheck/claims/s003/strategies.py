"""The ranges the search draws seed 003's parameters from (dimensions, concentrations, orders, angles).

Orders α ≥ 1.01 (:data:`ALPHA_LO`): as α → 1 every expression of the form [log X(α) − log X(1)]/(α − 1) (the
printed τ_α included) cancels catastrophically in double precision; the limit α → 1 is the KL statement
(line 133). The paper's own dimensions (p = 13,700 for the network, 6,850 for half of it) are always drawn
among the rest.
"""
from __future__ import annotations

import math

from hypothesis import strategies as st

SEED = "003_774f008c7ff40fd2.txt"

P_ANY = st.one_of(st.integers(2, 12), st.sampled_from([16, 25, 50, 100, 300, 1000, 6850, 13700]))
P_MODERATE = st.one_of(st.integers(2, 12), st.sampled_from([16, 25, 50, 100, 200]))
KAPPA = st.one_of(st.floats(0.01, 5.0), st.floats(0.01, 500.0),
                  st.sampled_from([0.5, 1.0, 2.0, 10.0, 25.0, 75.0, 150.0, 300.0, 500.0]))
KAPPA0 = st.one_of(st.just(0.0), KAPPA)
ALPHA = st.one_of(st.floats(1.01, 3.0), st.floats(1.01, 50.0),
                  st.sampled_from([1.5, 2.0, 2.5, 3.0, 3.5, 5.0, 7.5, 10.0, 20.0]))
COS = st.one_of(st.just(-1.0), st.floats(-1.0, 1.0), st.sampled_from([1.0, 0.0, -0.5, math.cos(1.0)]))
ALPHA_LO = 1.01

# Bayes' capacity (Section V): dimensions from 1, noise scales around the paper's σ column
P_CAP = st.one_of(st.integers(1, 12), st.sampled_from([20, 50, 300, 1000, 13700]))
SIGMA = st.one_of(st.floats(0.05, 5), st.sampled_from([1.23, 0.66, 0.461, 0.174, 1.0, 0.5]))
