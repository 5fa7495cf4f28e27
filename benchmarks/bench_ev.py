"""Hands per second with the ``ev`` bot, as a ratio to four ``efficiency`` bots in the same run.

Run ``python benchmarks/bench_ev.py [--games N] [--rules sichuan] [--threads 1]``.
Each repetition times, one after another so that all see the same load: four
``efficiency`` bots, one ``ev`` bot beside three ``efficiency`` bots, and four
``ev`` bots; the best of ``--reps`` is kept for each.  Targets (issue "ladder"):
>= 5,000 hands/s per core with one ``ev`` bot, >= 1,000 with four.
"""

from __future__ import annotations

import argparse
import time

import numba

from mjstats.sim.simulate import simulate

MIXES = {
    "efficiency x4": ("efficiency",) * 4,
    "ev + efficiency x3": ("ev", "efficiency", "efficiency", "efficiency"),
    "ev x4": ("ev",) * 4,
}


def main() -> None:
    """Print hands/s per mix and the ratio to four efficiency bots."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--rules", default="sichuan")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--reps", type=int, default=3)
    a = p.parse_args()
    numba.set_num_threads(a.threads)
    for bots in MIXES.values():  # load (or compile) every kernel first
        simulate(a.rules, games=64, bots=bots, seed=0)
    best = dict.fromkeys(MIXES, 0.0)
    for rep in range(a.reps):
        for name, bots in MIXES.items():
            t = time.perf_counter()
            simulate(a.rules, games=a.games, bots=bots, seed=1 + rep)
            best[name] = max(best[name], a.games / (time.perf_counter() - t))
    ref = best["efficiency x4"]
    print(f"{a.rules}, {a.games:,} hands x {a.reps}, {a.threads} thread(s); best of the reps")
    print(f"{'bots':<22}{'hands/s':>12}{'/ efficiency x4':>18}")
    for name, rate in best.items():
        print(f"{name:<22}{rate:>12,.0f}{rate / ref:>18.3f}")


if __name__ == "__main__":
    main()
