"""Complete hands per second: Sichuan 血战到底, four efficiency bots, records on.

Run ``python benchmarks/bench_games.py [--games N] [--rules sichuan] [--bots efficiency]``.
Prints hands/s on one core and on all cores (numba threads), after a warm-up
that loads the compiled kernels from the disk cache, next to the engine
skeleton (``benchmarks/skeleton.py``: deal, draw, random discard, win checks; no
melds, scoring, bots or records) measured in the same run, interleaved with the
engine so that both see the same load.  Target: >= 20,000 hands/s per core, i.e.
the full rules cost at most 5x a skeleton running near 100,000 hands/s per core.
The ratio is the figure to compare across machines.
"""

from __future__ import annotations

import argparse
import time

import numba

from mjstats.sim.simulate import simulate

try:
    from skeleton import skeleton
except ImportError:  # run from the repository root as a module
    from benchmarks.skeleton import skeleton


def bench(rules: str, games: int, bots: str, threads: int, seed: int = 1,
          reps: int = 3) -> tuple[float, float]:
    """Hands per second of ``simulate`` and of the skeleton on ``threads`` numba threads.

    Each repetition times the engine then the skeleton (10x the hands); the best
    of ``reps`` is kept for each.
    """
    numba.set_num_threads(threads)
    best = best_sk = 0.0
    for rep in range(reps):
        t = time.perf_counter()
        simulate(rules, games=games, bots=bots, seed=seed + rep)
        best = max(best, games / (time.perf_counter() - t))
        t = time.perf_counter()
        skeleton(10 * games, seed=seed + rep)
        best_sk = max(best_sk, 10 * games / (time.perf_counter() - t))
    return best, best_sk


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
    skeleton(64)
    print(f"warm-up (kernel load/compile): {time.perf_counter() - t:.1f} s")
    print(f"{a.rules}, bots {a.bots}, records on, {a.games:,} hands "
          f"(skeleton {10 * a.games:,})")
    print(f"  {'':10} {'engine':>12} {'skeleton':>12} {'cost ratio':>11}   (target <= 5)")
    for label, threads in (("1 core", 1), (f"{n_all} cores", n_all)):
        eng, sk = bench(a.rules, a.games, a.bots, threads)
        print(f"  {label:10} {eng:12,.0f} {sk:12,.0f} {sk / eng:11.2f}   hands/s; "
              f"{eng / threads:,.0f} per core")
    print(f"  target: >= {20_000:,} hands/s per core, or a cost ratio <= 5")


if __name__ == "__main__":
    main()
