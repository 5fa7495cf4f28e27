"""The efficiency bot's discard choice: one pass against the plain composition.

Run ``python benchmarks/bench_discard.py [--states N]``.  Decision states are the
hands an efficiency bot faces in Sichuan self-play (14 tiles, 定缺 suit cleared,
the tiles it has seen), drawn by seeded random play of the bot itself.  Each is
decided by

- ``_efficient_discard`` (the engine's kernel: the scan by tight splits and the
  tie-break by row gains, see :mod:`mjstats.sim.bots`), and
- the **reference** measured in the same run: the plain composition —
  the shanten after every discard (``_discard_scan``), then, per tied kind, the
  live improving tiles counted from scratch (``_improving``).

Both must choose the same tile in every state (checked); the script prints the
time per decision of each and the ratio.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from mjstats._jit import kernel
from mjstats.core.tables import tables
from mjstats.sim import bots as B


@kernel
def _reference(hand, que, inset, visible, T, sc):
    best_s = B._discard_scan(hand, 0, T, 0, 34, 2, sc)
    best_k = -1
    best_u = -1
    ties = 0
    for k in range(34):
        if sc[k] == best_s:
            ties += 1
            best_k = k if ties == 1 else best_k
    if ties == 1:
        return best_k, best_s
    for k in range(34):
        if sc[k] != best_s:
            continue
        hand[k] -= 1
        u = B._improving(hand, 0, best_s, que, inset, visible, T)
        hand[k] += 1
        if u > best_u:
            best_u = u
            best_k = k
    return best_k, best_s


@kernel
def _decide_all(H, V, Q, inset, T, which, out):
    sc = np.zeros(34, np.int8)
    for i in range(H.shape[0]):
        if which == 0:
            k, s = B._efficient_discard(H[i], 0, Q[i], inset, V[i], T, 0, 34, 2, sc)
        else:
            k, s = _reference(H[i], Q[i], inset, V[i], T, sc)
        out[i, 0] = k
        out[i, 1] = s


@kernel
def _self_play(n_states, inset, T, state, H, V, Q):
    """Record ``n_states`` decision states of four efficiency bots (no melds, no wins)."""
    wall = np.empty(108, np.int64)
    for k in range(27):
        for c in range(4):
            wall[4 * k + c] = k
    hands = np.zeros((4, 34), np.int8)
    vis = np.zeros(34, np.int8)
    sc = np.zeros(34, np.int8)
    que = np.zeros(4, np.int64)
    i = 0
    while i < n_states:
        for j in range(107, 0, -1):  # Fisher-Yates with the core's generator
            r = B._below(state, j + 1)
            wall[j], wall[r] = wall[r], wall[j]
        hands[:] = 0
        vis[:] = 0
        for p in range(4):
            for t in range(13):
                hands[p, wall[13 * p + t]] += 1
            que[p] = B._choose_que(hands[p], 0, state)
        pos = 52
        p = 0
        while pos < 108 and i < n_states:
            hands[p, wall[pos]] += 1
            pos += 1
            d = B._que_discard(hands[p], que[p])
            if d < 0:
                H[i] = hands[p]
                V[i] = vis
                Q[i] = que[p]
                i += 1
                d, _ = B._efficient_discard(hands[p], 0, que[p], inset, vis, T, 0, 34, 2, sc)
            hands[p, d] -= 1
            vis[d] += 1
            p = (p + 1) % 4


def main() -> None:
    """Print the time per decision of the kernel and of the reference."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--states", type=int, default=50_000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    T = tables()
    inset = np.zeros(34, np.uint8)
    inset[:27] = 1
    state = np.random.SeedSequence(a.seed).generate_state(4, np.uint64)
    H = np.zeros((a.states, 34), np.int8)
    V = np.zeros((a.states, 34), np.int8)
    Q = np.zeros(a.states, np.int64)
    _self_play(a.states, inset, T, state, H, V, Q)
    out = np.zeros((2, a.states, 2), np.int64)
    best = [np.inf, np.inf]
    for _ in range(5):  # interleaved, best of five: both see the same load
        for which in (0, 1):
            t = time.perf_counter()
            _decide_all(H, V, Q, inset, T, which, out[which])
            best[which] = min(best[which], time.perf_counter() - t)
    same = int((out[0] == out[1]).all(axis=1).sum())
    print(f"{a.states:,} Sichuan decision states (seed {a.seed}); same choice in {same:,}")
    for name, t in (("_efficient_discard", best[0]), ("reference (scan + _improving)", best[1])):
        print(f"  {name:30} {t / a.states * 1e6:8.3f} us per decision")
    print(f"  speed-up {best[1] / best[0]:.2f}x")
    if same != a.states:
        raise SystemExit("the kernel and the reference disagree")


if __name__ == "__main__":
    main()
