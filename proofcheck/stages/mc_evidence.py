"""Monte Carlo as a third route: evidence for identities, and statistical certificates.

* For a claim with Monte Carlo routes (Claim.monte_carlo), the closed form of each routed quantity
  is checked against a rigorous interval at confidence 1 − 10⁻⁶ at the tightest case and at a few
  cases the search chose. This is evidence only: a closed form outside a rigorous interval makes the
  claim `inconclusive` (something is wrong with a route), never `violated`.
* For a claim marked ``statistical`` (a probability that cannot be computed exactly: a coverage, a
  tail), the interval at confidence ≥ 1 − 10⁻⁹ stands in for the quantity on the certified path; a
  violation decided that way is labelled statistical, with n, the interval, the seed and the confidence.

Streams are reproducible: each (claim, case, route) gets its own seed derived from ``--seed``.
"""
from __future__ import annotations

import math
import zlib

from proofcheck.stages.evaluation import ClaimError, Outside, quantity_values
from proofcheck.measures import FLOAT
from mechanisms.numerics.exact import Undecided
from flint import arb

EVIDENCE_CONFIDENCE = 1 - 1e-6
STATISTICAL_CONFIDENCE = 1 - 1e-9
DEFAULT_SAMPLES = 200_000


def route_seed(seed: int, claim_id: str, case_index: int, route_index: int) -> int:
    return zlib.crc32(f"{seed}:{claim_id}:mc:{case_index}:{route_index}".encode())


def _estimate(claim, route, case, n, seed, device, confidence):
    try:
        return route.estimate(case, n, seed, device, confidence)
    except (Exception, Undecided) as e:  # an error of the claim's Monte Carlo route
        raise ClaimError(f"the Monte Carlo route of {route.quantity}", e, case, "monte-carlo") from e


def evidence(claim, cases, seed: int, n: int | None = None, device: str = "auto") -> list[dict]:
    """One record per (case, route): the closed form, the interval, whether it lies inside."""
    n = n or DEFAULT_SAMPLES
    records = []
    for i, case in enumerate(cases):
        try:
            values = quantity_values(claim, case, FLOAT)
        except Outside:
            continue
        for j, route in enumerate(claim.monte_carlo):
            s = route_seed(seed, claim.id, i, j)
            est = _estimate(claim, route, case, n, s, device, EVIDENCE_CONFIDENCE)
            closed = float(values[route.quantity])
            inside = bool(est.lo <= closed <= est.hi) if math.isfinite(closed) else False
            records.append({"quantity": route.quantity, "case_index": i, "closed_form": closed,
                            "interval": [est.lo, est.hi], "inside": inside, **est.to_json()})
    return records


def disagreement(records: list[dict]) -> dict | None:
    """The first rigorous interval that excludes its closed form, if any."""
    return next((r for r in records if r["rigorous"] and not r["inside"]), None)


def statistical_overrides(claim, float_case, seed: int, n: int | None, device: str):
    """For a statistical claim: {quantity: arb ball [lo, hi]} at confidence 1 − 1e−9, and the record."""
    n = n or DEFAULT_SAMPLES
    overrides, records = {}, []
    for j, route in enumerate(claim.monte_carlo):
        est = _estimate(claim, route, float_case, n, route_seed(seed, claim.id, -1, j), device,
                        STATISTICAL_CONFIDENCE)
        if not est.rigorous:
            return None, []
        # the interval's float endpoints come from quantile functions: widened outward by a relative
        # 1e-12 (far beyond their rounding) before they enclose the quantity on the certified path
        lo = arb(est.lo) - arb(abs(est.lo) * 1e-12 + 1e-300)
        hi = arb(est.hi) + arb(abs(est.hi) * 1e-12 + 1e-300)
        overrides[route.quantity] = lo.union(hi)
        # the witness's record: what any machine recomputes from the seed (not the wall-clock time it took here)
        record = {k: v for k, v in est.to_json().items() if k != "seconds"}
        records.append({"quantity": route.quantity, "interval": [est.lo, est.hi], **record})
    return overrides, records
