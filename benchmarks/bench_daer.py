"""Da Er speed: deals per second of the deal study, one thread and all threads; scorer calls.

Run: ``python benchmarks/bench_daer.py [--n 1000000]``.  Prints one line per
measurement.  A "deal" is the dealer's 21 cards and two players' 20: three
instant-win checks and every reading of the dealer's hand scored by the rule set.
The machines are shared and noisy; compare numbers from the same run.
"""

from __future__ import annotations

import argparse

import numba
import numpy as np
from _timing import best_of

from mjstats import daer
from mjstats.daer.deal import deal_study


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--score", type=int, default=2_000, help="hands for the Python scorer")
    args = ap.parse_args()
    deal_study(1_000, seed=0, chunk=500)  # compile / load the cache
    threads = numba.get_num_threads()
    for rules in ("daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing"):
        for t in sorted({1, threads}):
            numba.set_num_threads(t)
            sec = best_of(lambda r=rules: deal_study(args.n, seed=1, rules=r, chunk=20_000))
            print(f"deal_study {rules:22s} threads={t}: {args.n / sec:12,.0f} deals/s "
                  f"({args.n / sec / t:10,.0f} per thread)")
        numba.set_num_threads(threads)
    rng = np.random.default_rng(0)
    hands = [np.bincount(rng.permutation(daer.DECK)[:21], minlength=20).astype(np.int8)
             for _ in range(args.score)]
    sec = best_of(lambda: [daer.score(h, rules="daer-luzhou-mingtang") for h in hands])
    print(f"score() Python entry, random 21-card hands: {args.score / sec:12,.0f} hands/s")


if __name__ == "__main__":
    main()
