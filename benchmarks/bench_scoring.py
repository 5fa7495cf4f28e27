"""Wins scored per second by the compiled scorer, per rule set (one thread and all threads).

Run: ``python benchmarks/bench_scoring.py [n]``.  Hands are random complete hands built
from random melds (two suits, plus dragons for Guang'an, honors and chows for
Liuzhou), some with exposed melds; the winning tile is a random concealed tile.
"""

import sys
import time
from pathlib import Path

import numba
import numpy as np

from mjstats.rules import rules
from mjstats.scoring import score_many

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.random_hands import as_kernel_args, complete_hands  # noqa: E402


def random_wins(n, kinds, chow, rng):
    """``score_many``'s arguments for ``n`` random wins of the kinds ``kinds``.

    Up to two exposed groups (runs only with ``chow``), a quarter of the triplets
    kongs (:mod:`tests.random_hands`).
    """
    wins = complete_hands(rng, n, kinds, exposed=(0, 2), chow_exposed=chow, kong_share=0.25)
    return as_kernel_args(rng, wins)


def bench(name, kinds, chow, n, rng):
    data = random_wins(n, kinds, chow, rng)
    R = rules(name)
    score_many(*[a[:10] for a in data], rules=R)  # compile / load
    out = {}
    for threads in (1, numba.config.NUMBA_NUM_THREADS):
        numba.set_num_threads(threads)
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            res = score_many(*data, rules=R)
            best = min(best, time.perf_counter() - t0)
        out[threads] = n / best
    legal = float((res >= 0).mean())
    return out, legal


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    rng = np.random.default_rng(2024)
    two_suits = list(range(18))
    cases = [
        ("sichuan", two_suits, False),
        ("sichuan-app", two_suits, False),
        ("guangan", two_suits + [31, 32, 33], False),
        ("liuzhou", list(range(34)), True),
    ]
    for name, kinds, chow in cases:
        rates, legal = bench(name, kinds, chow, n, rng)
        per = ", ".join(f"{t} thread(s): {r / 1e6:.2f} M wins/s" for t, r in rates.items())
        print(f"{name:12s} {per}  (legal {legal:.0%} of {n})")


if __name__ == "__main__":
    main()
