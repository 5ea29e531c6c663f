"""Checking claims: one claim (the engine), in workers under a hard limit, a run of many."""
