"""The engine skeleton: the reference that ``bench_games.py`` measures beside the engine.

The engine's speed target is stated relative to "the engine skeleton without melds
and scoring": deal a shuffled 108-tile Sichuan wall (dealer 14, others 13), then each
seat in turn draws, checks a self-drawn win, discards a uniformly random held tile,
and every other seat still in play checks a win on it; winners leave (blood battle)
until three have won or the wall is empty.  No 定缺, no melds, no scoring, no bot
decisions, no records.  Win checks use the same incremental suit codes and flag
tables as the engine, and the shuffle the engine's own, so the ratio
``engine time / skeleton time`` measures what rules, bots and records cost.
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import kernel, parallel_kernel, prange
from mjstats.core.codes import _POW5
from mjstats.core.complete import _complete_from_codes
from mjstats.core.rng import _below, _shuffle


@kernel
def _skeleton_hand(w, state, hand, codes, won, T):
    """Play one hand on wall ``w``; return the number of winners."""
    for p in range(4):
        won[p] = 0
        for s in range(4):
            codes[p, s] = 0
        for k in range(34):
            hand[p, k] = 0
    pos = 0
    for p in range(4):
        for _ in range(13):
            k = w[pos]
            pos += 1
            hand[p, k] += 1
            codes[p, k // 9] += _POW5[k % 9]
    n_won = 0
    p = 0
    while pos < w.shape[0]:
        k = w[pos]
        pos += 1
        hand[p, k] += 1
        codes[p, k // 9] += _POW5[k % 9]
        if _complete_from_codes(codes[p, 0], codes[p, 1], codes[p, 2], 0, 14, 2, T):
            won[p] = 1
            n_won += 1
            if n_won == 3:
                break
        else:
            i = _below(state, 14)  # discard the i-th held tile
            d = 0
            while i >= hand[p, d]:
                i -= hand[p, d]
                d += 1
            hand[p, d] -= 1
            codes[p, d // 9] -= _POW5[d % 9]
            for q in range(4):
                if q == p or won[q]:
                    continue
                c = codes[q, d // 9] + _POW5[d % 9]
                c0 = c if d // 9 == 0 else codes[q, 0]
                c1 = c if d // 9 == 1 else codes[q, 1]
                c2 = c if d // 9 == 2 else codes[q, 2]
                if _complete_from_codes(c0, c1, c2, 0, 14, 2, T):
                    won[q] = 1
                    n_won += 1
            if n_won >= 3:
                break
        p = (p + 1) % 4
        while won[p]:
            p = (p + 1) % 4
    return n_won


@parallel_kernel
def _skeleton_run(n_games, chunk, states, T, out):
    """Play ``n_games`` hands in chunks of ``chunk`` (chunk ``c`` seeded by ``states[c]``)."""
    for c in prange(states.shape[0]):
        w = np.empty(108, np.int8)
        for i in range(108):
            w[i] = i // 4
        hand = np.zeros((4, 34), np.int8)
        codes = np.zeros((4, 4), np.int64)
        won = np.zeros(4, np.int8)
        st = states[c].copy()
        total = 0
        for _ in range(c * chunk, min((c + 1) * chunk, n_games)):
            _shuffle(w, st)
            total += _skeleton_hand(w, st, hand, codes, won, T)
        out[c] = total


def skeleton(n_games: int, seed: int = 1, chunk: int = 512) -> int:
    """Play ``n_games`` skeleton hands on all numba threads; return the total number of wins."""
    from mjstats.core.rng import chunk_states
    from mjstats.core.tables import tables

    n_chunks = -(-n_games // chunk)
    states = chunk_states(seed, n_chunks)
    out = np.zeros(n_chunks, np.int64)
    _skeleton_run(n_games, chunk, states, tables(), out)
    return int(out.sum())
