"""What the benchmarks share: timing a call the same way in each (imported as `_timing`: a script's own folder
is first on its path)."""
from __future__ import annotations

import statistics
import time


def timed(fn, repeats, sync=lambda: None):
    """(best, median) seconds of ``repeats`` calls of fn, each between two ``sync()`` (a device's wait for its
    queued work; nothing on the CPU), and the last call's result."""
    times, out = [], None
    for _ in range(repeats):
        sync()
        t0 = time.perf_counter()
        out = fn()
        sync()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), out
