"""Complete hands per second: Sichuan 血战到底, four efficiency bots, records on.

Run ``python benchmarks/bench_games.py [--games N] [--rules sichuan] [--bots efficiency]``.
Prints hands/s on one core and on all cores (numba threads), after a warm-up
that loads the compiled kernels from the disk cache.  Target (issue 5):
>= 20,000 hands/s per core.
"""

from __future__ import annotations

import argparse
import time

import numba

from mjstats.sim.simulate import simulate


def bench(rules: str, games: int, bots: str, threads: int, seed: int = 1) -> float:
    """Hands per second of ``simulate`` on ``threads`` numba threads (best of two)."""
    numba.set_num_threads(threads)
    best = 0.0
    for rep in range(2):
        t = time.perf_counter()
        simulate(rules, games=games, bots=bots, seed=seed + rep)
        best = max(best, games / (time.perf_counter() - t))
    return best


def main() -> None:
    """Print the benchmark table."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=20_000)
    p.add_argument("--rules", default="sichuan")
    p.add_argument("--bots", default="efficiency")
    a = p.parse_args()
    n_all = numba.config.NUMBA_NUM_THREADS
    t = time.perf_counter()
    simulate(a.rules, games=64, bots=a.bots, seed=0)
    print(f"warm-up (kernel load/compile): {time.perf_counter() - t:.1f} s")
    one = bench(a.rules, a.games, a.bots, 1)
    alln = bench(a.rules, a.games, a.bots, n_all)
    print(f"{a.rules}, bots {a.bots}, records on, {a.games:,} hands")
    print(f"  1 core      {one:12,.0f} hands/s")
    print(f"  {n_all} cores     {alln:12,.0f} hands/s   ({alln / n_all:,.0f} per core)")
    print(f"  target      {20_000:12,.0f} hands/s per core")


if __name__ == "__main__":
    main()
