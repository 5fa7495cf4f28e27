"""The hand graph's shanten (its lookups) agree with shanten computed from the table rows."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from mjstats.core.shanten import _overlap_codes, overlap4
from mjstats.core.tables import tables
from mjstats.discard import _graph as G


@numba.njit(cache=False)
def _both(hands, seen, miss, form, T, Q):
    """For each hand and kind: the moved hand's legal shanten by the lookups and from the rows.

    ``out[i, s, k]`` (``s`` 0 a tile of kind ``k`` removed, 1 added), three ways: by
    :func:`~mjstats.discard._graph._moved_shanten`, from the moved hand's table rows'
    max-plus product (:func:`~mjstats.core.shanten._overlap_codes`, not the lookups),
    and by :func:`~mjstats.discard._graph._legal_shanten` of the moved hand; 127
    where no such move exists: no tile to remove, no live copy to draw (some kinds
    have copies seen elsewhere), or a draw of the missing suit (never kept).
    """
    n_h = hands.shape[0]
    fast = np.full((n_h, 2, 34), 127, dtype=np.int64)
    slow = np.full((n_h, 2, 34), 127, dtype=np.int64)
    legal = np.full((n_h, 2, 34), 127, dtype=np.int64)
    dead = np.zeros(34, dtype=np.uint8)
    if miss >= 0:
        dead[9 * miss: 9 * miss + 9] = 1
    sh = np.zeros(34, dtype=np.int64)
    for i in range(n_h):
        h = hands[i]
        avail = np.zeros(34, dtype=np.int64)  # copies unseen, the hand's own among them
        for k in range(34):
            avail[k] = max(4 - seen[i, k], h[k])
        c0, c1, c2, c3, n, pairs, odd = G._state_codes(h, dead)
        for s, step in ((0, -1), (1, 1)):
            G._moved_shanten(c0, c1, c2, c3, h, avail, step, n, pairs, odd, miss, form, dead, Q,
                             sh)
            for k in range(34):
                fast[i, s, k] = sh[k]
                if (step < 0 and h[k] == 0) or (step > 0 and (h[k] >= avail[k] or dead[k])):
                    continue
                h2 = h.copy()
                h2[k] += step
                d0, d1, d2, d3, n2, p2, o2 = G._state_codes(h2, dead)
                legal[i, s, k] = G._legal_shanten(d0, d1, d2, d3, n2, p2, o2, miss, form, Q)
                d0, d1, d2, d3 = G._legal_codes(d0, d1, d2, d3, miss)
                std = 127
                if form != 1:
                    M = min((n2 - 1) // 3, 4)
                    std = 3 * M + 1 - _overlap_codes(d0, d1, d2, d3, M, T)
                slow[i, s, k] = G._with_seven_pairs(std, n2, p2, o2, form)
    return fast, slow, legal


def _hands(rng, n_tiles, count):
    wall = np.repeat(np.arange(34), 4)
    return np.stack([np.bincount(rng.choice(wall, n_tiles, replace=False), minlength=34)
                     .astype(np.int8) for _ in range(count)])


@pytest.mark.parametrize("n_tiles", [1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
def test_moved_shanten_is_shanten_from_scratch(n_tiles):
    """Every hand size (0 to 4 melds exposed), every form, with and without a missing suit.

    The lookups of :class:`~mjstats.core.shanten.Overlap4` serve every number of
    melds; a slip in any table or index shows as a hand whose moved shanten
    differs from the one computed from its table rows.
    """
    rng = np.random.default_rng(n_tiles)
    hands = _hands(rng, n_tiles, 150)
    seen = rng.integers(0, 3, size=hands.shape)  # copies seen elsewhere: fewer to draw
    T, Q = tables(), overlap4()
    for miss in (-1, 0, 2):
        for form in (0, 1, 2):
            fast, slow, legal = _both(hands, seen, miss, form, T, Q)
            bad = np.argwhere(fast != slow)
            assert bad.size == 0, (miss, form, bad[:3], hands[bad[0][0]])
            # the shanten of a state itself (a search's root, its candidates' 进张)
            assert np.array_equal(legal, slow), (miss, form)
    # the moves reach every shanten a hand of this size can have, not only the easy ones
    assert len(np.unique(slow[slow < 127])) >= min(3, n_tiles // 3 + 1)
