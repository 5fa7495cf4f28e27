"""Core speed: batch kernels, and per-call rates beside RiichiEnv and `mahjong` on the same hands.

Run: ``pip install -e ".[bench]"`` once, then
``python benchmarks/bench_core.py [--n 4000000] [--calls 20000]``.  Three tables:

1. **Batch kernels**, hands per second on one thread and on all threads.
2. **Per call**, one thread: a Python loop calling ``mj.shanten(h)``,
   ``mj.waits(h)``, ``mj.is_complete(h)`` on ``int8`` count vectors (rows of
   :func:`mjstats.deal`), beside the same loop over the same hands calling
   ``riichienv.calculate_shanten(tiles)`` and
   ``riichienv.HandEvaluator(tiles).get_waits()`` (136-tile ids, their input)
   and the `mahjong` package's ``Shanten`` and ``Agari`` (34-count lists).
   Every input is converted before the clock starts.
3. **Batch against per call**: ``mj.shanten_many`` / ``mj.waits_many`` on one
   thread, per hand, beside the peers' per-call rates (they have no batch call).
   A batch holds the same hands ten times over (``BATCH_REPEAT``): a batch call
   is meant for many hands, and one of a few thousand, timed right after a
   Python loop has emptied the caches, would mostly time the first touches of
   its tables.

Machines are shared and noisy, so the ratios (mjstats / peer, measured in the
same run: the loops take turns, best of five each) are what to read and to
quote, not the rates.

The hands are 13-tile deals from the 136-tile set (Liuzhou's, the same tiles
as riichi) and, for waits, ready 13-tile hands built from a random pair and
four random melds less one tile.  The script checks that the libraries agree
on those hands where their definitions are the same:

- the standard form (four melds and a pair, never a fifth copy): mjstats'
  ``form="standard"`` equals `mahjong`'s regular-hand shanten on every hand,
  and RiichiEnv's shanten equals the least of mjstats' standard form,
  `mahjong`'s seven pairs and `mahjong`'s thirteen orphans on every hand;
- ``mj.shanten(h)`` (standard or seven pairs) equals RiichiEnv's except on
  hands holding a kind four times (Chinese seven pairs counts it as two
  pairs; riichi needs seven distinct pairs) or nearer to thirteen orphans (not
  a Chinese form); the script counts those hands;
- the waits equal RiichiEnv's on the ready hands except those holding a kind
  four times (the fifth-copy rule, and Chinese seven pairs counts a quad as
  two pairs) or shaped as seven pairs with a triplet (the fourth copy
  completes Chinese seven pairs, not riichi's);
- ``mj.is_complete(h)`` equals `mahjong`'s ``Agari.is_agari`` on the complete
  hands (ready hands plus each of their waits) without a kind held four times.
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np
from _timing import best_of

import mjstats as mj
from mjstats.core.complete import _is_complete_many
from mjstats.core.shanten import _shanten_many, overlap4
from mjstats.core.tables import tables
from mjstats.core.waits import _wait_width_many
from mjstats.sim.deals import count_complete


def batch_kernels(n: int) -> None:
    """Table 1: the batch kernels on one thread and on all threads."""
    T = tables()
    Q = overlap4()
    H14 = mj.deal(n, "sichuan", 14, seed=1)
    H13 = mj.deal(n, "sichuan", 13, seed=2)
    ready = ready_hands(min(n, 100_000), seed=4)  # few deals are ready: build them
    out_b = np.empty(n, dtype=np.bool_)
    out_s = np.empty(n, dtype=np.int8)
    k = np.empty(len(ready), dtype=np.int8)
    x = np.empty(len(ready), dtype=np.int16)
    vis = np.zeros_like(ready)
    # warm up (compile or load from cache)
    count_complete(1000, "sichuan", 14, seed=0)
    _is_complete_many(H14[:10], 2, T, out_b[:10])
    _shanten_many(H13[:10], 0, Q, out_s[:10])
    _wait_width_many(ready[:10], vis[:10], T, k[:10], x[:10])

    all_threads = numba.config.NUMBA_NUM_THREADS
    rates = {}
    for threads in (1, all_threads):
        numba.set_num_threads(threads)
        rates["deal+complete", threads] = n / best_of(
            lambda: count_complete(n, "sichuan", 14, seed=3))
        rates["complete", threads] = n / best_of(lambda: _is_complete_many(H14, 2, T, out_b))
        rates["shanten13 std", threads] = n / best_of(lambda: _shanten_many(H13, 0, Q, out_s))
        rates["shanten13 any", threads] = n / best_of(lambda: _shanten_many(H13, 2, Q, out_s))
        rates["waits(ready)", threads] = len(ready) / best_of(
            lambda: _wait_width_many(ready, vis, T, k, x))
    numba.set_num_threads(all_threads)

    print(f"batch kernels, {n:,} hands ({len(ready):,} ready hands for waits)")
    print(f"{'measure':16s} {'1 thread':>14s} {f'{all_threads} threads':>14s} {'scaling':>8s}")
    for name in ("deal+complete", "complete", "shanten13 std", "shanten13 any", "waits(ready)"):
        a, b = rates[name, 1], rates[name, all_threads]
        print(f"{name:16s} {a / 1e6:11.2f} M/s {b / 1e6:11.2f} M/s {b / a:7.2f}x")


def ready_hands(n: int, seed: int) -> np.ndarray:
    """``n`` ready 13-tile hands: a random pair and four random melds, less one held tile."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), dtype=np.int8)
    i = 0
    while i < n:
        c = np.zeros(34, dtype=np.int8)
        for _ in range(4):
            if rng.random() < 0.6:
                k = 9 * rng.integers(0, 3) + rng.integers(0, 7)
                c[k:k + 3] += 1
            else:
                c[rng.integers(0, 34)] += 3
        c[rng.integers(0, 34)] += 2
        if c.max() > 4:
            continue
        c[rng.choice(np.flatnonzero(c))] -= 1
        out[i] = c
        i += 1
    return out


def tiles136(h) -> list[int]:
    """RiichiEnv's input: one id ``4 * kind + copy`` per tile."""
    return [4 * k + i for k in range(34) for i in range(int(h[k]))]


def loop(fn, items, *more):
    """A Python loop calling ``fn(item, *more)`` on every item, as a notebook user writes it."""
    def run():
        for x in items:
            fn(x, *more)
    return run


def interleaved(runs: dict, repeat: int = 5) -> dict:
    """Best wall time of each run; the runs take turns, so a noisy spell slows all alike."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            t = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - t)
    return best


def check_agreement(H, ready, std, anyform, re_shanten, re_waits) -> None:
    """Assert the agreement the docstring states; print what is excluded and why."""
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    L = H.tolist()
    regular = np.array([Shanten.calculate_shanten_for_regular_hand(h) for h in L])
    pairs = np.array([Shanten.calculate_shanten_for_chiitoitsu_hand(h) for h in L])
    orphans = np.array([Shanten.calculate_shanten_for_kokushi_hand(h) for h in L])
    assert (std == regular).all(), "standard form: mjstats and mahjong disagree"
    riichi = np.minimum(std, np.minimum(pairs, orphans))
    assert (re_shanten == riichi).all(), "RiichiEnv != mjstats standard + riichi's other forms"
    quad = (H == 4).any(axis=1)
    orphan_nearer = orphans < np.minimum(std, pairs)
    differ = anyform != re_shanten
    assert not (differ & ~quad & ~orphan_nearer).any(), "shanten differs where forms agree"

    # the Chinese forms: a quad (two pairs of seven pairs, or a fifth copy that is
    # no wait), or seven pairs completed by a fourth copy (a triplet is one pair
    # and the odd tile)
    odd = (ready % 2).sum(axis=1)
    chinese = (ready == 4).any(axis=1) | ((odd == 1) & (ready == 3).any(axis=1))
    ours = [[k for k in range(34) if mj.kind_name(k) in w] for w in (mj.waits(h) for h in ready)]
    same = [sorted(a) == sorted(b) for a, b in zip(ours, re_waits, strict=True)]
    assert all(s for s, c in zip(same, chinese, strict=True) if not c), "waits differ"

    complete = []
    for h, w in zip(ready, ours, strict=True):
        for k in w:
            c = h.copy()
            c[k] += 1
            if c.max() < 4:
                complete.append(c)
    for c in complete:
        assert mj.is_complete(c) == Agari.is_agari(c.tolist()), mj.format(c)

    print(f"agreement: standard form {len(H):,}/{len(H):,} hands with mahjong and RiichiEnv; "
          f"mj.shanten = RiichiEnv on {len(H) - differ.sum():,} (the {differ.sum():,} others "
          f"hold a quad or are nearer thirteen orphans); waits = RiichiEnv on "
          f"{sum(same):,}/{len(ready):,} ready hands ({chinese.sum():,} with a quad or seven "
          f"pairs and a triplet not compared); is_complete = Agari.is_agari on "
          f"{len(complete):,} complete hands")


BATCH_REPEAT = 10
"""The batch calls of table 3 take the per-call hands this many times over."""


def against_peers(calls: int) -> None:
    """Tables 2 and 3: per-call and batch rates beside RiichiEnv and `mahjong`."""
    import riichienv
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    H = mj.deal(calls, "liuzhou", 13, seed=11)
    ready = ready_hands(calls, seed=12)
    complete = ready.copy()
    for c, m in zip(complete, mj.waits_many(ready), strict=True):
        c[np.flatnonzero(m)[0]] += 1
    hands = list(H)                                  # int8 (34,) rows: mjstats' fast path
    ready_rows = list(ready)
    complete_rows = list(complete)
    r136 = [tiles136(h) for h in H]
    ready136 = [tiles136(h) for h in ready]
    l34 = H.tolist()
    complete34 = complete.tolist()
    text = [mj.format(h) for h in H]
    repeated = text[:1000] * (calls // 1000 or 1)   # strings a notebook reads again
    Hb, ready_b, complete_b = (np.tile(x, (BATCH_REPEAT, 1)) for x in (H, ready, complete))

    def re_waits(t):  # RiichiEnv's waits are a method of its hand evaluator
        return riichienv.HandEvaluator(t).get_waits()

    # warm up and check before timing
    std = mj.shanten_many(H, "standard")
    anyform = mj.shanten_many(H)
    re_shanten = np.array([riichienv.calculate_shanten(t) for t in r136])
    check_agreement(H, ready, std, anyform, re_shanten, [re_waits(t) for t in ready136])
    for h in hands[:10]:
        mj.shanten(h), mj.shanten(h, "standard"), mj.is_complete(complete_rows[0]), mj.waits(h)

    runs = {  # name: (calls, run)
        "mj.shanten(h)": (calls, loop(mj.shanten, hands)),
        "mj.shanten(h, 'standard')": (calls, loop(mj.shanten, hands, "standard")),
        "mj.waits(h)": (calls, loop(mj.waits, ready_rows)),
        "mj.is_complete(h)": (calls, loop(mj.is_complete, complete_rows)),
        "mj.shanten(str), read before": (len(repeated), loop(mj.shanten, repeated)),
        "mj.shanten(str), new strings": (calls, loop(mj.shanten, text)),
        "mj.shanten_many, 1 thread": (len(Hb), lambda: mj.shanten_many(Hb)),
        "mj.shanten_many std, 1 thread": (len(Hb), lambda: mj.shanten_many(Hb, "standard")),
        "mj.waits_many, 1 thread": (len(ready_b), lambda: mj.waits_many(ready_b)),
        "mj.is_complete_many, 1 thread": (len(complete_b),
                                          lambda: mj.is_complete_many(complete_b)),
        "riichienv.calculate_shanten": (calls, loop(riichienv.calculate_shanten, r136)),
        "riichienv HandEvaluator.get_waits": (calls, loop(re_waits, ready136)),
        "mahjong Shanten.calculate_shanten": (calls, loop(Shanten.calculate_shanten, l34)),
        "mahjong regular-hand shanten": (
            calls, loop(Shanten.calculate_shanten_for_regular_hand, l34)),
        "mahjong Agari.is_agari": (calls, loop(Agari.is_agari, complete34)),
    }
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        best = interleaved({name: run for name, (_, run) in runs.items()})
    finally:
        numba.set_num_threads(threads)
    rate = {name: n / best[name] for name, (n, _) in runs.items()}

    rows = [
        ("mj.shanten(h)", "riichienv.calculate_shanten"),
        ("mj.shanten(h)", "mahjong Shanten.calculate_shanten"),
        ("mj.shanten(h, 'standard')", "mahjong regular-hand shanten"),
        ("mj.waits(h)", "riichienv HandEvaluator.get_waits"),
        ("mj.is_complete(h)", "mahjong Agari.is_agari"),
        ("mj.shanten(str), read before", "riichienv.calculate_shanten"),
        ("mj.shanten(str), new strings", "riichienv.calculate_shanten"),
        None,
        ("mj.shanten_many, 1 thread", "riichienv.calculate_shanten"),
        ("mj.shanten_many std, 1 thread", "mahjong regular-hand shanten"),
        ("mj.waits_many, 1 thread", "riichienv HandEvaluator.get_waits"),
        ("mj.is_complete_many, 1 thread", "mahjong Agari.is_agari"),
    ]
    print(f"\nper call, one thread, {calls:,} hands (then batch per hand, one thread, "
          f"batches of {BATCH_REPEAT * calls:,})")
    print(f"{'mjstats':31s} {'calls/s':>11s} {'µs':>6s}   {'peer':35s} {'calls/s':>11s} "
          f"{'ratio':>8s}")
    for row in rows:
        if row is None:
            print()
            continue
        a, b = row
        print(f"{a:31s} {rate[a]:11,.0f} {1e6 / rate[a]:6.2f}   {b:35s} {rate[b]:11,.0f} "
              f"{rate[a] / rate[b]:7.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=4_000_000, help="hands for the batch kernels")
    ap.add_argument("--calls", type=int, default=20_000, help="hands for the per-call loops")
    ap.add_argument("--peers-only", action="store_true", help="skip the batch-kernel table")
    args = ap.parse_args()
    if not args.peers_only:
        batch_kernels(args.n)
    against_peers(args.calls)


if __name__ == "__main__":
    main()
