"""Core speed: hands per second, one thread and all threads, and against `mahjong`.

Run: ``python benchmarks/bench_core.py [--n 4000000]``.  Prints one line per
measurement.  Speeds are compared as ratios measured in the same run (the
machines are shared and noisy: absolute times mean little).
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np
from _timing import best_of

import mjstats as mj
from mjstats.core.complete import _is_complete_many
from mjstats.core.shanten import _shanten_many
from mjstats.core.tables import tables
from mjstats.core.waits import _wait_width_many
from mjstats.sim.deals import count_complete


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=4_000_000)
    ap.add_argument("--ref", type=int, default=20_000, help="hands for the mahjong package")
    args = ap.parse_args()
    n = args.n
    T = tables()
    H14 = mj.deal(n, "sichuan", 14, seed=1)
    H13 = mj.deal(n, "sichuan", 13, seed=2)
    # ready hands: complete deals minus one tile are rare, so use 13-tile hands of
    # a generous sample that are ready
    ready = H13[mj.shanten_many(H13) == 0]
    out_b = np.empty(n, dtype=np.bool_)
    out_s = np.empty(n, dtype=np.int8)
    k = np.empty(len(ready), dtype=np.int8)
    x = np.empty(len(ready), dtype=np.int16)
    vis = np.zeros_like(ready)
    # warm up (compile or load from cache)
    count_complete(1000, "sichuan", 14, seed=0)
    _is_complete_many(H14[:10], 2, T, out_b[:10])
    _shanten_many(H13[:10], 0, T, out_s[:10])
    _wait_width_many(ready[:10], vis[:10], T, k[:10], x[:10])

    all_threads = numba.config.NUMBA_NUM_THREADS
    rates = {}
    for threads in (1, all_threads):
        numba.set_num_threads(threads)
        rates["deal+complete", threads] = n / best_of(
            lambda: count_complete(n, "sichuan", 14, seed=3))
        rates["complete", threads] = n / best_of(lambda: _is_complete_many(H14, 2, T, out_b))
        rates["shanten13 std", threads] = n / best_of(lambda: _shanten_many(H13, 0, T, out_s))
        rates["shanten13 any", threads] = n / best_of(lambda: _shanten_many(H13, 2, T, out_s))
        rates["waits(ready)", threads] = len(ready) / best_of(
            lambda: _wait_width_many(ready, vis, T, k, x))

    from mahjong.shanten import Shanten

    m = min(args.ref, n)
    sample = H13[:m].tolist()
    t = time.perf_counter()
    for h in sample:
        Shanten.calculate_shanten_for_regular_hand(h)
    ref_rate = m / (time.perf_counter() - t)

    print(f"{'measure':16s} {'1 thread':>14s} {f'{all_threads} threads':>14s} {'scaling':>8s}")
    for name in ("deal+complete", "complete", "shanten13 std", "shanten13 any", "waits(ready)"):
        a, b = rates[name, 1], rates[name, all_threads]
        print(f"{name:16s} {a / 1e6:11.2f} M/s {b / 1e6:11.2f} M/s {b / a:7.2f}x")
    print(f"mahjong package shanten (regular, 13 tiles): {ref_rate:,.0f} hands/s")
    print(f"ratio mjstats shanten13 std 1 thread / mahjong: "
          f"{rates['shanten13 std', 1] / ref_rate:,.0f}x")
    print(f"ready hands in the wait sample: {len(ready):,}")


if __name__ == "__main__":
    main()
