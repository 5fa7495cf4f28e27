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
from mjstats.scoring.kernels import HONORS_ALL, HONORS_WINDS_DRAGONS, _honor_groups, _reads_win_tile
from mjstats.scoring.melds import MeldKind
from mjstats.tiles import kind_name
from tests.random_hands import complete_hands


def _scores(counts, melds, rules, dealer):
    """Total and patterns of the self-drawn win on each kind held, one entry per kind."""
    hand = mj.format(counts)
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
        wins = complete_hands(rng, 60, kinds, exposed=(1, 2) if with_melds else (0, 0),
                              kong_share=0.4 if with_melds else 0.0, concealed_kongs=False,
                              seven_pairs=0.2)
        for w in wins:
            melds = w.notation
            if not chows and any(m.startswith("chow") for m in melds):
                continue
            got = _scores(w.concealed, melds, R, dealer=bool(rng.random() < 0.5))
            assert len(set(got.values())) == 1, (mj.format(w.concealed), melds, got)
            checked += len(got)
    assert checked > 300  # hands of several kinds each, scored tile by tile


def test_guangan_reads_the_won_tile():
    R = mj.rules("guangan")
    assert _reads_win_tile(int(R.family)) and R.family == Family.GUANGAN
    got = _scores(mj.parse("123m456m789m123p55p"), [], R, dealer=False)
    assert got[mj.parse("3p").argmax()] != got[mj.parse("5p").argmax()]  # 边张 against 单钓


@pytest.mark.parametrize("name", ["sichuan", "sichuan-app", "guangan", "liuzhou"])
def test_honors_trading_kinds_never_change_a_win(name):
    """:func:`_honor_groups`: each rule set's table treats the honors it says alike.

    On random complete hands holding honors (pongs, chows and kongs exposed, seven
    pairs with a four among them), the concealed honors are given other kinds (a
    random permutation, within each group, of the tile set's honors the melds do
    not hold), the won tile with them: total and patterns stay the same,
    self-drawn or not, as dealer or not.  The exact odds keep one hand of each
    such class.
    """
    R = mj.rules(name)
    groups = _honor_groups(int(R.family))
    assert groups == (HONORS_WINDS_DRAGONS if name == "guangan" else HONORS_ALL)
    honors = [k for k in R.tileset.kinds if k >= 27]
    if not honors:
        assert name.startswith("sichuan")  # nothing to permute: true as said
        return
    kinds = [k for k in R.tileset.kinds if not R.missing_suit or k < 18 or k >= 27]
    rng = np.random.default_rng(17)
    checked = 0
    for with_melds in (False, True):
        wins = complete_hands(rng, 150, kinds, exposed=(1, 2) if with_melds else (0, 0),
                              kong_share=0.3, seven_pairs=0.3, run_share=0.3)
        for w in wins:
            if name != "liuzhou" and any(t == MeldKind.CHOW for t, _ in w.melds):
                continue
            free = [k for k in honors if all(m != k for _, m in w.melds)]
            if not any(w.concealed[k] for k in free):
                continue
            perm = {}
            for part in ([free] if groups == HONORS_ALL else
                         [[k for k in free if k < 31], [k for k in free if k >= 31]]):
                perm.update(zip(part, rng.permutation(part).tolist(), strict=True))
            moved = w.concealed.copy()
            for k in free:
                moved[perm[k]] = w.concealed[k]
            self_draw = bool(rng.random() < 0.5)
            dealer = bool(rng.random() < 0.5)
            for k in np.flatnonzero(w.concealed):
                k = int(k)
                a = mj.score(mj.format(w.concealed), melds=w.notation, win=kind_name(k),
                             self_draw=self_draw, dealer=dealer, rules=R)
                b = mj.score(mj.format(moved), melds=w.notation, win=kind_name(perm.get(k, k)),
                             self_draw=self_draw, dealer=dealer, rules=R)
                assert (a.total, tuple(a.patterns)) == (b.total, tuple(b.patterns)), (
                    mj.format(w.concealed), w.notation, kind_name(k), perm)
                checked += 1
    assert checked > 200
