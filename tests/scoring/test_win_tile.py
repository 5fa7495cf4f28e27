"""Which rule sets score a self-drawn win by the finished hand alone, whatever tile won.

The exact odds score a complete hand once and share the win among every tile that
completes it where the family's readings never read the won tile
(:func:`mjstats.scoring.kernels._reads_win_tile`, used by
:func:`mjstats.discard._graph._draws`).  These tests hold the kernel to that claim:
on random complete hands (seven pairs with and without a four, pongs, kongs and chows
exposed, as dealer or not), every held kind scores the same total and patterns under
Sichuan (both tables) and Liuzhou; under Guang'an some hands do not (its 边张/单钓
readings), so the flag is needed there.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjstats as mj
from mjstats.rules.base import Family
from mjstats.scoring.kernels import _reads_win_tile
from mjstats.tiles import kind_name


def _complete_hands(rng, kinds, n, with_melds):
    """``n`` random complete hands: ``(concealed counts, melds)`` from ``kinds``."""
    suited = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in kinds]
    out = []
    while len(out) < n:
        counts = np.zeros(34, np.int64)  # concealed
        total = np.zeros(34, np.int64)  # with the melds' tiles
        melds = []
        if not with_melds and rng.random() < 0.2:  # seven pairs, half of them with a four (龙)
            four = rng.random() < 0.5
            for i, k in enumerate(rng.choice(kinds, 6 if four else 7, replace=False)):
                counts[k] += 4 if four and i == 0 else 2
            out.append((counts, melds))
            continue
        n_melds = int(rng.integers(1, 3)) if with_melds else 0
        for g in range(4):
            run = rng.random() < 0.5
            k = int(rng.choice(suited if run else kinds))
            kong = not run and g < n_melds and rng.random() < 0.4  # 根 from a kong
            tiles = [k, k + 1, k + 2] if run else [k] * (4 if kong else 3)
            for t in tiles:
                total[t] += 1
            if g < n_melds:
                melds.append(f"chow {k % 9 + 1}{k % 9 + 2}{kind_name(k + 2)}" if run
                             else f"{'kong' if kong else 'pong'} {kind_name(k)}")
            else:
                for t in tiles:
                    counts[t] += 1
        k = int(rng.choice(kinds))
        counts[k] += 2
        total[k] += 2
        if total.max() <= 4:
            out.append((counts, melds))
    return out


def _scores(counts, melds, rules, dealer):
    """Total and patterns of the self-drawn win on each kind held, one entry per kind."""
    hand = mj.format(counts.astype(np.int8))
    got = {}
    for k in np.flatnonzero(counts):
        r = mj.score(hand, melds=melds, win=kind_name(int(k)), self_draw=True, dealer=dealer,
                     rules=rules)
        got[int(k)] = (r.total, tuple(r.patterns))
    return got


@pytest.mark.parametrize("name", ["sichuan", "sichuan-app", "liuzhou"])
def test_the_won_tile_never_changes_a_self_drawn_win(name):
    R = mj.rules(name)
    assert not _reads_win_tile(int(R.family))
    kinds = [k for k in R.tileset.kinds if not R.missing_suit or k < 18]  # 定缺: no 索
    rng = np.random.default_rng(5)
    chows = name == "liuzhou"
    checked = 0
    for with_melds in (False, True):
        for counts, melds in _complete_hands(rng, kinds, 60, with_melds):
            if not chows and any(m.startswith("chow") for m in melds):
                continue
            got = _scores(counts, melds, R, dealer=bool(rng.random() < 0.5))
            assert len(set(got.values())) == 1, (mj.format(counts.astype(np.int8)), melds, got)
            checked += len(got)
    assert checked > 300  # hands of several kinds each, scored tile by tile


def test_guangan_reads_the_won_tile():
    R = mj.rules("guangan")
    assert _reads_win_tile(int(R.family)) and R.family == Family.GUANGAN
    got = _scores(mj.parse("123m456m789m123p55p").astype(np.int64), [], R, dealer=False)
    assert got[mj.parse("3p").argmax()] != got[mj.parse("5p").argmax()]  # 边张 against 单钓
