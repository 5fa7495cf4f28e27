"""Engine helper kernels against the core's public functions."""

from __future__ import annotations

import numpy as np

import mjstats as mj
from mjstats.core.tables import tables
from mjstats.sim import engine as E


def _ready_hand(rng, kinds, n_melds):
    """A random complete hand of ``n_melds`` melds and a pair, less one tile."""
    while True:
        h = np.zeros(34, np.int64)
        for _ in range(n_melds):
            k = int(rng.choice(kinds))
            if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                h[k:k + 3] += 1
            else:
                h[k] += 3
        h[int(rng.choice(kinds))] += 2
        if h.max() <= 4:
            h[int(rng.choice(np.flatnonzero(h)))] -= 1
            return h.astype(np.int8)


def _refresh_mask(h, inset, T):
    """Seat 0's wait mask and ready flag after :func:`E._refresh` (no melds, no 定缺)."""
    hand = np.zeros((4, 34), np.int8)
    hand[0] = h
    que = np.full(4, -1, np.int64)
    mask = np.zeros((4, 34), np.uint8)
    ready = np.zeros(4, np.int8)
    mt = np.zeros((4, 4), np.int64)
    mk = np.zeros((4, 4), np.int64)
    nm = np.zeros(4, np.int64)
    E._refresh(0, -99, hand, que, inset, mask, ready, T, mt, mk, nm)
    return mask[0], int(ready[0])


def test_refresh_wait_mask_matches_core_waits():
    rng = np.random.default_rng(5)
    T = tables()
    for name in ("sichuan", "guangan", "liuzhou"):
        ts = mj.tileset(name)
        kinds = np.array(ts.kinds)
        inset = ts.mask.astype(np.uint8)
        for m in (4, 3, 2, 1, 0):
            for i in range(300):
                if i % 3 == 0:
                    h = np.bincount(rng.choice(ts.wall, 3 * m + 1, replace=False), minlength=34)
                    h = h.astype(np.int8)
                else:
                    h = _ready_hand(rng, kinds, m)
                out, ready = _refresh_mask(h, inset, T)
                want = np.zeros(34, np.uint8)
                for k in mj.waits(h):
                    want[int(np.argmax(mj.parse(k)))] = 1
                assert np.array_equal(out, want), (name, mj.format(h))
                assert ready == int(want.any())
    # four parts each holding a pair is no hand (the fake wait the core fixed)
    lz = mj.tileset("liuzhou").mask.astype(np.uint8)
    out, ready = _refresh_mask(mj.parse("11m22p33s4z"), lz, T)
    assert not out.any() and ready == 0
