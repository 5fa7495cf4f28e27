"""Random complete mahjong hands built from random groups, for the tests and benchmarks.

Hands are drawn group by group (a run or a triplet, a triplet sometimes a kong),
then a pair, and drawn again while any kind would hold more than four tiles, so
that nearly every hand is complete without a search.  A hand may instead be
seven pairs (half of them with a kind held four times, 龙).  The first groups
may be exposed as melds; a kong is always a meld (a concealed kong when its
group is not exposed, unless only exposed groups may be kongs).

* :func:`complete_hands` gives the hands (:class:`Win`: concealed counts and melds);
* :func:`less_one` takes one random held tile out of each (ready hands);
* :func:`as_kernel_args` lays hands out as the batch scorer's arguments
  (``mjstats.scoring.score_many``), with a random concealed tile as the winning
  one and self-draw at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from mjstats.scoring.melds import MeldKind
from mjstats.tiles import kind_name


class Win(NamedTuple):
    """One complete hand: ``concealed`` counts (``int8``, 34) and ``melds`` ``(MeldKind, kind)``.

    A chow's kind is its lowest tile's.
    """

    concealed: np.ndarray
    melds: tuple[tuple[MeldKind, int], ...]

    @property
    def notation(self) -> list[str]:
        """The melds as ``mj.score`` reads them: ``"chow 345m"``, ``"pong 7p"``, ``"ckong 1s"``."""
        out = []
        for t, k in self.melds:
            if t == MeldKind.CHOW:
                out.append(f"chow {k % 9 + 1}{k % 9 + 2}{kind_name(k + 2)}")
            else:
                out.append(f"{t.name.lower()} {kind_name(k)}")
        return out


def complete_hands(rng: np.random.Generator, n: int, kinds: Sequence[int] = range(34), *,
                   groups: int | tuple[int, int] = 4, run_share: float = 0.5,
                   exposed: tuple[int, int] = (0, 0), chow_exposed: bool = True,
                   kong_share: float = 0.0, concealed_kongs: bool = True,
                   seven_pairs: float = 0.0) -> list[Win]:
    """``n`` random complete hands of the kinds ``kinds``.

    ``groups``: how many groups besides the pair (a number, or ``(lo, hi)`` drawn
    uniformly, both included: ``(0, 4)`` gives hands of 2 to 14 tiles);
    ``run_share``: the chance that a group is a run (of three kinds all in
    ``kinds``); ``exposed``: how many of the first groups are exposed, drawn
    uniformly from ``(lo, hi)``, a run only when ``chow_exposed``;
    ``kong_share``: the chance that a triplet is a kong, any triplet or, without
    ``concealed_kongs``, an exposed one only; ``seven_pairs``: the chance that a
    hand without exposed melds is seven pairs instead.
    """
    kinds = np.asarray(list(kinds), dtype=np.int64)
    allowed = set(kinds.tolist())
    starts = np.array([k for k in kinds if k < 27 and k % 9 <= 6 and {k + 1, k + 2} <= allowed],
                      dtype=np.int64)
    out: list[Win] = []
    while len(out) < n:
        n_groups = groups if isinstance(groups, int) else int(rng.integers(groups[0],
                                                                           groups[1] + 1))
        n_exposed = int(rng.integers(exposed[0], exposed[1] + 1))
        if n_exposed == 0 and rng.random() < seven_pairs:
            four = rng.random() < 0.5
            c = np.zeros(34, dtype=np.int8)
            for i, k in enumerate(rng.choice(kinds, 6 if four else 7, replace=False)):
                c[k] += 4 if four and i == 0 else 2
            out.append(Win(c, ()))
            continue
        total = np.zeros(34, dtype=np.int64)
        conc = np.zeros(34, dtype=np.int8)
        melds = []
        for g in range(n_groups):
            run = len(starts) > 0 and rng.random() < run_share
            k = int(rng.choice(starts if run else kinds))
            shown = g < n_exposed and (chow_exposed or not run)
            kong = not run and (shown or concealed_kongs) and rng.random() < kong_share
            tiles = [k, k + 1, k + 2] if run else [k] * (4 if kong else 3)
            for t in tiles:
                total[t] += 1
            if kong:
                melds.append((MeldKind.KONG if shown else MeldKind.CKONG, k))
            elif shown:
                melds.append((MeldKind.CHOW if run else MeldKind.PONG, k))
            else:
                for t in tiles:
                    conc[t] += 1
        k = int(rng.choice(kinds))
        total[k] += 2
        conc[k] += 2
        if total.max() <= 4:
            out.append(Win(conc, tuple(melds)))
    return out


def less_one(rng: np.random.Generator, hands: Sequence[np.ndarray]) -> np.ndarray:
    """Each hand with one of its tiles taken out, chosen at random among the kinds held."""
    out = []
    for c in hands:
        d = np.array(c, copy=True)
        d[rng.choice(np.flatnonzero(d))] -= 1
        out.append(d)
    return np.array(out)


def as_kernel_args(rng: np.random.Generator, wins: Sequence[Win]) -> tuple[np.ndarray, ...]:
    """``(hands, meld types, meld kinds, melds, winning kinds, flags)`` of ``score_many``.

    The winning tile is one of the concealed kinds at random; flag bit 0 (self-drawn)
    is set at random.
    """
    n = len(wins)
    hands = np.zeros((n, 34), dtype=np.int8)
    mt = np.zeros((n, 4), dtype=np.int64)
    mk = np.zeros((n, 4), dtype=np.int64)
    nm = np.zeros(n, dtype=np.int64)
    won = np.zeros(n, dtype=np.int64)
    flags = np.zeros(n, dtype=np.int64)
    for i, w in enumerate(wins):
        hands[i] = w.concealed
        for j, (t, k) in enumerate(w.melds):
            mt[i, j] = int(t)
            mk[i, j] = k
        nm[i] = len(w.melds)
        won[i] = rng.choice(np.flatnonzero(w.concealed))
        flags[i] = rng.integers(0, 2)
    return hands, mt, mk, nm, won, flags


def any_size(rng: np.random.Generator, n: int, kinds: int = 34) -> list[np.ndarray]:
    """``n`` concealed complete hands of 2 to 14 tiles (0-4 groups, 60% runs), kinds < ``kinds``."""
    return [w.concealed for w in complete_hands(rng, n, range(kinds), groups=(0, 4),
                                                run_share=0.6)]
