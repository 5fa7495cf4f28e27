"""Timing helper shared by the benchmark scripts (best of a few repeats)."""

from __future__ import annotations

import time


def best_of(fn, repeat: int = 3) -> float:
    """Fastest wall time of ``repeat`` calls of ``fn`` (least disturbed by other jobs)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best
