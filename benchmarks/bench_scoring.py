"""Wins scored per second by the compiled scorer, per rule set (one thread and all threads).

Run: ``python benchmarks/bench_scoring.py [n]``.  Hands are random complete hands built
from random melds (two suits, plus dragons for Guang'an, honors and chows for
Liuzhou), some with exposed melds; the winning tile is a random concealed tile.
"""

import sys
import time

import numba
import numpy as np

from mjstats.rules import rules
from mjstats.scoring import score_many


def random_wins(n, kinds, chow, rng):
    hands = np.zeros((n, 34), dtype=np.int8)
    mt = np.zeros((n, 4), dtype=np.int64)
    mk = np.zeros((n, 4), dtype=np.int64)
    nm = np.zeros(n, dtype=np.int64)
    wins = np.zeros(n, dtype=np.int64)
    flags = np.zeros(n, dtype=np.int64)
    kinds = np.asarray(kinds)
    suited = kinds[kinds < 27]
    starts = suited[suited % 9 <= 6]
    i = 0
    while i < n:
        total = np.zeros(34, dtype=np.int8)
        conc = np.zeros(34, dtype=np.int8)
        k_exposed = rng.integers(0, 3)
        ok = True
        melds = []
        for j in range(4):
            if rng.random() < 0.5:
                k = int(rng.choice(starts))
                add = [k, k + 1, k + 2]
                t = 0
            else:
                k = int(rng.choice(kinds))
                add = [k, k, k]
                t = 1 + int(rng.integers(0, 4) == 0) * 3
            for x in add:
                total[x] += 1
            if t == 4:
                total[k] += 1
            exposed = j < k_exposed and (t != 0 or chow)
            if t == 4:
                melds.append((2 if exposed else 4, k))  # a kong is always a meld
            elif exposed:
                melds.append((t, k))
            else:
                for x in add:
                    conc[x] += 1
        p = int(rng.choice(kinds))
        total[p] += 2
        conc[p] += 2
        if total.max() > 4:
            ok = False
        if not ok:
            continue
        hands[i] = conc
        for j, (t, k) in enumerate(melds):
            mt[i, j] = t
            mk[i, j] = k
        nm[i] = len(melds)
        tiles = np.flatnonzero(conc)
        wins[i] = rng.choice(tiles)
        flags[i] = rng.integers(0, 2)
        i += 1
    return hands, mt, mk, nm, wins, flags


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
