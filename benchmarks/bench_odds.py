"""Exact discard odds (mj.odds): milliseconds per 14-tile hand, by shanten.

Run ``python benchmarks/bench_odds.py [--hands 5] [--max-shanten 4] [--draws 17] [--fast-only]``
(``--fast-only``: the first table alone, e.g. ``--hands 3 --max-shanten 6 --fast-only``
for the 5- and 6-shanten targets; ``--keep-every-hand``: the fast mode with
``keep_policy=True``, whose search keeps every hand, folding no interchangeable
honors: the yardstick of that folding, though it also builds the policy, so that
its time and memory overstate the folding's gain a little).

Two tables, one core, median per hand:

* **fast mode** (``improve=False, model="published", candidates="keep"``): the
  published calculators' recursion (tomohxx, mahjong-win-prob) on random
  136-tile hands, standard form, ``T`` draws, beside a direct implementation of
  the same recursion in plain Python (a dict of hands, ``tests/discard/naive_odds.py``)
  on the same hands, measured in the same run; the ratio is the figure to
  compare across machines (the plain recursion is timed up to 3-shanten).
* **default mode** (improving, ``extra=1``, every discard) on random Sichuan
  hands with the missing suit chosen as the suit with the fewest tiles, 13 draws,
  value objective off (win probability), with the states searched.
* **table model**: rollouts per second per core of the paired full-table Monte
  Carlo (``mjstats.study.discard_table.table_odds``) on one Sichuan hand, every
  discard, 8 draws, efficiency bots.

With ``--published BIN`` the fast-mode table also times the published C++
calculator (tomohxx/mahjong-win-prob's fast mode, built by the user: its code
is not part of mjstats) on the same hands in the same run, alternately with
mjstats, and checks that both give the same P(win) for every candidate (to
1e-12).  Its time is what ``BIN`` reports for its computation alone; mjstats'
is the whole ``mj.odds`` call from Python.  ``BIN`` is run as ``BIN T`` (``T``
the draws), reads one 14-tile hand per line (34 counts separated by spaces; the
136-tile wall, nothing else seen) and answers each on one line: the
microseconds its computation took, then ``KIND:P`` for each discard it
evaluates (the kind's index 0-33, the probability of winning within the ``T``
draws); ``docs/odds.md`` says how the one measured there was built.

Targets (``docs/odds.md``): fast mode >= 10x the published C++ calculator; the
default <= 1 ms at shanten <= 2, 10 ms at 3, 100 ms at 4, 1 s at 5.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
from _timing import best_of

import mjstats as mj

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.discard.naive_odds import _sh, published  # noqa: E402


def _hands(rng, ts, shanten, n, form="standard"):
    wall = np.repeat(np.array(ts.kinds), 4)
    out = []
    tries = 0
    while len(out) < n and tries < 200_000:
        tries += 1
        h = np.bincount(rng.choice(wall, 14, replace=False), minlength=34).astype(np.int8)
        if mj.shanten(h, form=form) == shanten:
            out.append(h)
    return out


def _cold(fn, *args):
    """``fn(*args)`` with the reference's shanten cache emptied first (no work carried over)."""
    _sh.cache_clear()
    return fn(*args)


class Published:
    """The published C++ calculator as a process: one hand in, its time and P(win) out."""

    def __init__(self, path: str, draws: int):
        self.path = path
        self.proc = subprocess.Popen([path, str(draws)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def __call__(self, h) -> tuple[float, dict[int, float]]:
        """Seconds and ``{discard kind: P(win)}`` of 14-tile hand ``h`` (best of three)."""
        best, probs = float("inf"), {}
        for _ in range(3):
            try:
                self.proc.stdin.write(" ".join(str(int(x)) for x in h) + "\n")
                self.proc.stdin.flush()
                us, *pairs = self.proc.stdout.readline().split()
            except (BrokenPipeError, ValueError):
                raise SystemExit(f"{self.path} stopped answering (exit status "
                                 f"{self.proc.poll()}) on the hand {h.tolist()}") from None
            best = min(best, float(us) * 1e-6)
            probs = {int(k): float(v) for k, v in (pair.split(":") for pair in pairs)}
        return best, probs

    def close(self) -> None:
        """End the process (its input closed)."""
        self.proc.stdin.close()
        self.proc.wait()


AGREE = 1e-12
"""Largest difference of P(win) from the published calculator that the benchmark accepts."""


def _agree(r, probs: dict[int, float]) -> float:
    """Largest difference of P(win) between mjstats' table ``r`` and the published ``probs``.

    Stops the benchmark when the two evaluate other discards, or differ by more
    than :data:`AGREE`.
    """
    mine = {mj.parse_tile(d): p
            for d, p in zip(r.table["discard"], r.table["p_win"], strict=True)}
    if set(mine) != set(probs):
        raise SystemExit(f"the published calculator evaluates the discards {sorted(probs)}, "
                         f"mjstats {sorted(mine)}")
    diff = max(abs(mine[k] - probs[k]) for k in mine)
    if diff > AGREE:
        raise SystemExit(f"P(win) differs from the published calculator's by {diff:.2e}")
    return diff


def main() -> None:
    """Print both tables."""
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hands", type=int, default=5, help="hands per shanten")
    p.add_argument("--max-shanten", type=int, default=4)
    p.add_argument("--draws", type=int, default=17, help="draws of the fast-mode table")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--fast-only", action="store_true", help="the fast-mode table alone")
    p.add_argument("--keep-every-hand", action="store_true",
                   help="the fast mode with keep_policy=True (no honors folded)")
    p.add_argument("--published", metavar="BIN",
                   help="also time the published C++ calculator built as BIN (see above)")
    a = p.parse_args()
    cpp = Published(a.published, a.draws) if a.published else None
    numba.set_num_threads(1)
    rng = np.random.default_rng(a.seed)
    mj.odds("1112345678999m5p", "sichuan", missing="p", draws=3)  # load the kernels
    ts = mj.tileset("liuzhou")
    avail = np.full(34, 4)
    kept = ", every hand kept (keep_policy=True)" if a.keep_every_hand else ""
    print(f"fast mode{kept}, 136 tiles, standard form, T = {a.draws}, median ms per hand "
          f"(1 core)")
    head = f"{'shanten':>7} {'mjstats':>10} {'plain dict DP':>14} {'ratio':>7} {'states':>9}"
    if cpp:
        head += f" {'C++':>10} {'ratio':>7} {'max |dP|':>9}"
    print(head)
    for s in range(1, a.max_shanten + 1):
        hands = _hands(rng, ts, s, a.hands)
        mine, ref, states, theirs, diff = [], [], [], [], 0.0
        for h in hands:
            def run(h=h):
                return mj.odds(h, None, tileset="liuzhou", form="standard", improve=False,
                               model="published", candidates="keep", draws=a.draws,
                               max_states=10**8,  # no bound: the whole search is timed
                               keep_policy=a.keep_every_hand)
            r = run()
            states.append(sum(r.info["states"].values()))
            if cpp:  # the same hand, alternately
                dt, probs = cpp(h)
                theirs.append(dt)
                diff = max(diff, _agree(r, probs))
            mine.append(best_of(run, 3))
            if s <= 3:
                ref.append(best_of(lambda h=h: _cold(published, h, avail, 136 - 14, a.draws)))
        m = statistics.median(mine) * 1e3
        rtxt = f"{statistics.median(ref) * 1e3:14.1f}" if ref else f"{'-':>14}"
        ratio = f"{statistics.median(ref) / statistics.median(mine):7.0f}" if ref else f"{'-':>7}"
        line = f"{s:7d} {m:10.2f} {rtxt} {ratio} {int(statistics.median(states)):9d}"
        if cpp:
            c = statistics.median(theirs)
            line += f" {c * 1e3:10.2f} {c / statistics.median(mine):7.1f} {diff:9.1e}"
        print(line)
    if cpp:
        cpp.close()
    if a.fast_only:
        return
    print()
    ts = mj.tileset("sichuan")
    print("default mode (improving, extra 1, every discard), Sichuan, missing suit chosen, "
          "T = 13, median ms per hand (1 core)")
    print(f"{'shanten':>7} {'mjstats':>10} {'states':>9}")
    by: dict[int, list] = {s: [] for s in range(1, a.max_shanten + 1)}
    wall = np.repeat(np.array(ts.kinds), 4)
    while any(len(v) < a.hands for v in by.values()):
        h = np.bincount(rng.choice(wall, 14, replace=False), minlength=34).astype(np.int8)
        miss = "mps"[int(np.argmin(h[:27].reshape(3, 9).sum(1)))]
        # legal shanten (the missing suit's tiles count for nothing) after the best discard
        s = int(mj.odds(h, "sichuan", missing=miss, draws=1, improve=False)
                .table["shanten"].min())
        if s in by and len(by[s]) < a.hands:
            by[s].append((h, miss))
    for s, cases in by.items():
        mine, states = [], []
        for h, miss in cases:
            def run(h=h, miss=miss):
                return mj.odds(h, "sichuan", missing=miss, draws=13)
            r = run()
            states.append(sum(r.info["states"].values()))
            mine.append(best_of(run, 2))
        print(f"{s:7d} {statistics.median(mine) * 1e3:10.2f} "
              f"{int(statistics.median(states)):9d}")
    print()
    from mjstats.study.discard_table import table_odds

    table_odds("13456788999m289p", "sichuan", missing="s", draws=8, rollouts=64, seed=1)
    n = 5000
    dt = best_of(lambda: table_odds("13456788999m289p", "sichuan", missing="s", draws=8,
                                  rollouts=n, seed=1), 2)
    print(f"table model, 13456788999m289p (11 discards x {n:,} deals), 1 core: "
          f"{11 * n / dt:,.0f} rollouts/s")


if __name__ == "__main__":
    main()
