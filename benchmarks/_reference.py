"""The yardstick of the cold-compile figures: a fixed numba program, compiled cold.

The shared machine's instances differ (the slowest seen compiled mjstats some 2.7
times slower than the fastest), so a cold compile time alone says little about
the software.  :data:`PROGRAM` is a small card game written with numba, independent
of mjstats: a seeded shuffle, hands as count vectors, a greedy discard over a
recursive-free search of melds, a tally of results, a dynamic programme over a
2-D table; about twenty functions that call each other, allocate arrays, loop
and branch, as the kernels do.  :func:`reference` compiles and runs it once in a
fresh process with no on-disk cache and returns its processor seconds;
``benchmarks/bench_first_run.py`` measures it before and after its commands and
prints every processor time also as a multiple of it.  The program never
changes: a change would break the comparison with the multiples already
recorded (README, "What a first run costs").
"""

from __future__ import annotations

import sys

from _timing import measured

PROGRAM = r'''
import numpy as np
from numba import njit


@njit
def rng_next(s):
    s ^= (s << np.uint64(13)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    s ^= s >> np.uint64(7)
    s ^= (s << np.uint64(17)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    return s


@njit
def shuffle(deck, seed):
    s = np.uint64(seed) | np.uint64(1)
    for i in range(deck.size - 1, 0, -1):
        s = rng_next(s)
        j = np.int64(s % np.uint64(i + 1))
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
    return s


@njit
def new_deck(kinds, copies):
    deck = np.empty(kinds * copies, dtype=np.int8)
    n = 0
    for k in range(kinds):
        for _ in range(copies):
            deck[n] = k
            n += 1
    return deck


@njit
def counts_of(deck, lo, hi, kinds):
    c = np.zeros(kinds, dtype=np.int8)
    for i in range(lo, hi):
        c[deck[i]] += 1
    return c


@njit
def melds_in_suit(c, base, left):
    best = 0
    work = c[base:base + 9].copy()
    for start in range(9):
        n = 0
        w = work.copy()
        r = start
        while r < 9 and left > n:
            if w[r] >= 3:
                w[r] -= 3
                n += 1
            elif r + 2 < 9 and w[r] > 0 and w[r + 1] > 0 and w[r + 2] > 0:
                w[r] -= 1
                w[r + 1] -= 1
                w[r + 2] -= 1
                n += 1
            else:
                r += 1
        if n > best:
            best = n
    return best


@njit
def pairs_in(c):
    p = 0
    for k in range(c.size):
        if c[k] >= 2:
            p += 1
    return p


@njit
def singles(c):
    s = 0
    for k in range(c.size):
        if c[k] == 1:
            s += 1
    return s


@njit
def distance(c, suits):
    m = 0
    for s in range(suits):
        m += melds_in_suit(c, 9 * s, 4 - m)
    p = pairs_in(c)
    d = 8 - 2 * m - (1 if p > 0 else 0)
    return d if d > 0 else 0


@njit
def isolated(c, k):
    r = k % 9
    for d in (-2, -1, 1, 2):
        if 0 <= r + d < 9 and c[k + d] > 0:
            return False
    return c[k] == 1


@njit
def choose_discard(c, suits, scores):
    best_k = -1
    best = 1e30
    for k in range(c.size):
        if c[k] == 0:
            scores[k] = -1.0
            continue
        c[k] -= 1
        d = distance(c, suits)
        c[k] += 1
        bonus = 0.5 if isolated(c, k) else 0.0
        v = d * 10.0 - bonus + 0.01 * (k % 9 == 4)
        scores[k] = v
        if v < best:
            best = v
            best_k = k
    return best_k


@njit
def play_one(deck, seed, suits, turns, log):
    s = shuffle(deck, seed)
    c = counts_of(deck, 0, 13, deck.max() + 1)
    scores = np.zeros(c.size, dtype=np.float64)
    pos = 13
    d = distance(c, suits)
    for t in range(turns):
        if d == 0 or pos >= deck.size:
            break
        c[deck[pos]] += 1
        pos += 1
        k = choose_discard(c, suits, scores)
        c[k] -= 1
        log[t] = k
        d = distance(c, suits)
    return d, pos, s


@njit
def tally(results, n_bins):
    hist = np.zeros(n_bins, dtype=np.int64)
    total = 0.0
    sq = 0.0
    for i in range(results.size):
        r = results[i]
        hist[min(r, n_bins - 1)] += 1
        total += r
        sq += r * r
    mean = total / results.size
    return hist, mean, sq / results.size - mean * mean


@njit
def table_dp(n, m, weights):
    t = np.zeros((n + 1, m + 1), dtype=np.float64)
    t[0, 0] = 1.0
    for i in range(1, n + 1):
        for j in range(m + 1):
            a = t[i - 1, j] * (1.0 - weights[i % weights.size])
            b = t[i - 1, j - 1] * weights[i % weights.size] if j > 0 else 0.0
            t[i, j] = a + b
    return t


@njit
def quantiles(values, qs):
    v = np.sort(values)
    out = np.empty(qs.size, dtype=np.float64)
    for i in range(qs.size):
        pos = qs[i] * (v.size - 1)
        lo = int(np.floor(pos))
        hi = min(lo + 1, v.size - 1)
        out[i] = v[lo] + (v[hi] - v[lo]) * (pos - lo)
    return out


@njit
def run(games, suits, turns, seed):
    deck = new_deck(9 * suits, 4)
    results = np.empty(games, dtype=np.int64)
    log = np.full(turns, -1, dtype=np.int64)
    draws = np.empty(games, dtype=np.float64)
    s = np.uint64(seed)
    for g in range(games):
        s = rng_next(s)
        d, pos, _ = play_one(deck, np.int64(s >> np.uint64(1)), suits, turns, log)
        results[g] = d
        draws[g] = pos - 13
    hist, mean, var = tally(results, 9)
    t = table_dp(40, 12, draws[:8] / 20.0 + 0.1)
    q = quantiles(draws, np.array([0.1, 0.5, 0.9]))
    return hist, mean, var, t[40].sum(), q


for suits in (3, 2):
    hist = run(200, suits, 20, 7)[0]
    if hist.sum() != 200:
        raise SystemExit("reference program: wrong tally")
'''
"""The reference program (never edit: the recorded multiples depend on it)."""


def reference() -> dict[str, float]:
    """Compile and run :data:`PROGRAM` cold in a fresh process: its wall and processor seconds.

    numba's on-disk cache is not used (no ``cache=True``), so every run compiles.
    """
    m = measured([sys.executable, "-c", PROGRAM])
    return {"wall": m["wall"], "cpu": m["cpu"]}


if __name__ == "__main__":
    for _ in range(3):
        print(reference())
