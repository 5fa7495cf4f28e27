"""Deal study speed: deals per second, one thread and all threads.

Run: ``python benchmarks/bench_deals.py [--n 8000000] [--rules sichuan]``.  Prints
one line per measurement: the complete-check study (deal 14 tiles, complete by
form and with at most two suits) and the full study (adds the shanten of 13 and
14 tiles by form, readiness, wait widths and wait shapes).  Targets:
>= 10 M deals/s per core for the complete check, >= 3 M/s per core for the full
study.  The best of three runs is reported; shared machines are noisy.
"""

from __future__ import annotations

import argparse

import numba
from _timing import best_of

from mjstats.study import study_counts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=8_000_000, help="deals per measurement")
    ap.add_argument("--rules", default="sichuan")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    for study in ("complete", "full"):  # compile or load the kernels
        study_counts(args.rules, 1000, seed=0, study=study)
    all_threads = numba.config.NUMBA_NUM_THREADS
    before = numba.get_num_threads()
    try:
        for study in ("complete", "full"):
            for threads in sorted({1, all_threads}):
                numba.set_num_threads(threads)
                dt = best_of(lambda s=study: study_counts(args.rules, args.n, seed=1, study=s),
                             args.repeat)
                rate = args.n / dt
                print(f"{study:8s} study  {args.rules:8s} threads={threads:2d}  "
                      f"{rate / 1e6:7.2f} M deals/s  ({rate / threads / 1e6:.2f} M/s per thread)")
    finally:
        numba.set_num_threads(before)


if __name__ == "__main__":
    main()
