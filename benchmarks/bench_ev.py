"""Hands per second with the ``ev`` bot, as a ratio to four ``efficiency`` bots in the same run.

Run ``python benchmarks/bench_ev.py [--games N] [--rules sichuan] [--threads 1] [--positions N]``.
Each repetition times, one after another so that all see the same load: four
``efficiency`` bots, one ``ev`` bot beside three ``efficiency`` bots, and four
``ev`` bots, each ``ev`` mix also without the fast mode (``ev.settings(fast=False)``:
a hand above the improving search's shanten left to ``efficiency``); the best of
``--reps`` is kept for each.  Targets (issue "ladder"):
>= 5,000 hands/s per core with one ``ev`` bot, >= 1,000 with four.

Then, where the time goes: one ``ev`` discard (:func:`mjstats.sim.ev._ev_discard`)
timed on ``--positions`` random positions of the rule set (14 tiles off the missing
suit, up to 40 tiles seen, 20 to 59 left in the wall), by the hand's shanten:
milliseconds per discard, hands the search reached, and the share of discards
left to ``efficiency`` (the search passed its bound, or found nothing of value);
and, where the rule set has a missing suit, the seat's 定缺 choice at the deal
(:func:`mjstats.sim.ev._ev_que`: each suit searched as the missing one) on as
many random 13-tile deals, with the share of those searches past the bound.
"""

from __future__ import annotations

import argparse
import time

import numba

import mjstats as mj
from mjstats.sim import ev
from mjstats.sim.simulate import simulate

ONE_EV = ("ev", "efficiency", "efficiency", "efficiency")
MIXES = {  # name: (bots, ev settings)
    "efficiency x4": (("efficiency",) * 4, {}),
    "ev + efficiency x3": (ONE_EV, {}),
    "ev x4": (("ev",) * 4, {}),
    "ev no fast + eff x3": (ONE_EV, dict(fast=False)),
    "ev no fast x4": (("ev",) * 4, dict(fast=False)),
}


def main() -> None:
    """Print hands/s per mix and the ratio to four efficiency bots."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--rules", default="sichuan")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--positions", type=int, default=1500)
    a = p.parse_args()
    numba.set_num_threads(a.threads)
    for bots, _ in MIXES.values():  # load (or compile) every kernel first
        simulate(a.rules, games=64, bots=bots, seed=0)
    best = dict.fromkeys(MIXES, 0.0)
    for rep in range(a.reps):
        for name, (bots, kw) in MIXES.items():
            with ev.settings(**kw):
                t = time.perf_counter()
                simulate(a.rules, games=a.games, bots=bots, seed=1 + rep)
                best[name] = max(best[name], a.games / (time.perf_counter() - t))
    ref = best["efficiency x4"]
    print(f"{a.rules}, {a.games:,} hands x {a.reps}, {a.threads} thread(s); best of the reps")
    print(f"{'bots':<22}{'hands/s':>12}{'/ efficiency x4':>18}")
    for name, rate in best.items():
        print(f"{name:<22}{rate:>12,.0f}{rate / ref:>18.3f}")
    if a.positions:  # --positions 0: the table of rates alone
        by_shanten(a.rules, a.positions)
        if mj.rules(a.rules).missing_suit:
            que_choice(a.rules, a.positions)


def _ev_kit(rules: str) -> tuple:
    """What a direct call of the ``ev`` bot's kernels takes for rule set ``rules``.

    ``(R, (values, switches, family), EvScratch, zero melds, T, Q, the tile set as
    uint8, the wall's kinds)``.
    """
    import numpy as np

    from mjstats.core.shanten import overlap4
    from mjstats.core.tables import tables
    from mjstats.sim import ev as EV

    R = mj.rules(rules)
    ka = R.kernel_args
    args = (ka.values, ka.switches, np.int64(ka.family))
    return (R, args, EV.ev_scratch(R), np.zeros(4, np.int64), tables(), overlap4(),
            R.tileset.mask.astype(np.uint8), np.repeat(np.flatnonzero(R.tileset.mask), 4))


def que_choice(rules: str, deals: int) -> None:
    """Time the ``ev`` seat's 定缺 choice at the deal (three searches) on random 13-tile deals."""
    import numpy as np

    from mjstats.sim import ev as EV

    R, args, X, z, T, Q, inset, wall = _ev_kit(rules)
    seen = np.zeros(34, np.int8)
    rng = np.random.default_rng(4)
    times = []
    fails = 0
    for i in range(deals + 1):
        hand = np.bincount(rng.permutation(wall)[:13], minlength=34).astype(np.int8)
        EV._reset(X, 1)
        f0 = int(X.cfg[EV.C_FAILS])
        t = time.perf_counter()
        EV._ev_que(0, hand, z, z, seen, inset, len(wall) - 53, X, args, T, Q)
        dt = time.perf_counter() - t
        if i:  # the first call loads the kernels
            times.append(dt)
            fails += int(X.cfg[EV.C_FAILS]) - f0
    print(f"\nthe ev seat's 定缺 choice (each suit searched as the missing one) on {deals:,} "
          f"random {rules} deals: {np.mean(times) * 1e3:.2f} ms a deal, "
          f"{fails / (3 * deals):.2f} of the searches past the bound")


def by_shanten(rules: str, positions: int) -> None:
    """Time one ``ev`` discard on random positions, by shanten (see the module's text)."""
    import numpy as np

    from mjstats.sim import ev as EV

    R, args, X, z, T, Q, inset, wall = _ev_kit(rules)
    que = 2 if R.missing_suit else -1
    rng = np.random.default_rng(3)
    rows: dict[int, list] = {}
    for i in range(positions + 1):
        pool = rng.permutation(wall)
        mine = pool[pool // 9 != que][:14] if que >= 0 else pool[:14]
        hand = np.bincount(mine, minlength=34).astype(np.int8)
        seen = np.bincount(pool[len(pool) - int(rng.integers(0, 40)):], minlength=34)
        if (hand + seen > 4).any():
            continue
        EV._reset(X, 1)
        t = time.perf_counter()
        d = EV._ev_discard(0, hand, -1, False, 0, z, z, que, seen.astype(np.int8), inset,
                           int(rng.integers(20, 60)), 4, 0, X, args, T, Q)
        dt = time.perf_counter() - t
        if i:  # the first call loads the kernels
            rows.setdefault(mj.shanten(hand), []).append((dt, int(X.cnt[2]), d < 0))
    print(f"\none ev discard on {positions:,} random {rules} positions, by shanten")
    print(f"{'shanten':>8}{'positions':>11}{'ms':>8}{'hands reached':>15}{'efficiency':>12}")
    for s, r in sorted(rows.items()):
        a = np.array(r, dtype=float)
        print(f"{s:>8}{len(r):>11,}{a[:, 0].mean() * 1e3:>8.2f}{a[:, 1].mean():>15,.0f}"
              f"{a[:, 2].mean():>12.2f}")


if __name__ == "__main__":
    main()
