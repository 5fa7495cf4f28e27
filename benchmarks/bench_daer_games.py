"""Da Er whole games: hands per second on one thread and on all threads.

Run: ``python benchmarks/bench_daer_games.py [--games 20000]``.  One line per rule
set, bot line-up and thread count.  A hand is dealt, played to a win, a foul or
the end of the stock, and every win is scored under the rule set played and the
three presets (普通, 名堂, 重庆).  The machines are shared and noisy; compare
numbers from the same run.
"""

from __future__ import annotations

import argparse
import time

import numba

from mjstats.daer.simulate import simulate


def best_of(fn, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20_000)
    args = ap.parse_args()
    simulate(games=300, seed=0)  # compile / load the cache
    threads = numba.get_num_threads()
    for rules, bots in (("daer-luzhou", "efficiency"),
                        ("daer-luzhou-mingtang", ("value", "efficiency", "random")),
                        ("daer-chongqing", "efficiency")):
        for t in sorted({1, threads}):
            numba.set_num_threads(t)
            sec = best_of(lambda r=rules, b=bots: simulate(r, games=args.games, bots=b, seed=1))
            label = bots if isinstance(bots, str) else "/".join(bots)
            print(f"{rules:22s} {label:26s} threads={t}: {args.games / sec:10,.0f} games/s "
                  f"({args.games / sec / t:9,.0f} per thread)")
        numba.set_num_threads(threads)


if __name__ == "__main__":
    main()
