"""The stages of one claim's check: search, optimise, round, certify (and the evaluation they share)."""
