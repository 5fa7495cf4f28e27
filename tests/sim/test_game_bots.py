"""Bot kernels against references built from the plain scan and count kernels."""

from __future__ import annotations

import numpy as np
import pytest

import mjstats as mj
from mjstats.core.shanten import _shanten
from mjstats.core.tables import tables
from mjstats.scoring import kernels as K
from mjstats.sim import bots as B


def _reference_scan(hand, nm, T, lo, hi, form):
    """Shanten after discarding each kind ``lo..hi-1``, by the core's shanten (99 elsewhere)."""
    out = np.full(34, 99, np.int64)
    for k in range(lo, hi):
        if hand[k]:
            hand[k] -= 1
            if form == 1:
                out[k] = 99 if nm else _shanten(hand, 1, T)
            else:  # with melds the hand is too short for seven pairs (127)
                out[k] = _shanten(hand, 2 if nm == 0 else 0, T)
            hand[k] += 1
    return out


def _reference_discard(hand, nm, que, inset, visible, T, lo, hi, form):
    """The efficient discard composed plainly: a shanten per discard, then the improving
    tiles of every tie counted by :func:`mjstats.sim.bots._improving`."""
    sc = _reference_scan(hand, nm, T, lo, hi, form)
    best_s = int(sc.min())
    if best_s == 99:
        return -1, 99
    ties = [k for k in range(lo, hi) if sc[k] == best_s]
    if len(ties) == 1:
        return ties[0], best_s
    best_k, best_u = -1, -1
    for k in ties:
        hand[k] -= 1
        if form == 2:
            u = B._improving(hand, nm, best_s, que, inset, visible, T)
        else:
            u = hand[k] + visible[k]
        hand[k] += 1
        if u > best_u:
            best_k, best_u = k, u
    return best_k, best_s


def _random_position(rng, wall, n_melds, que):
    """A complete-size concealed hand beside ``n_melds`` melds, and the visible tiles."""
    pool = rng.permutation(wall)
    n = 14 - 3 * n_melds
    hand = np.bincount(pool[:n], minlength=34).astype(np.int8)
    if que >= 0 and rng.random() < 0.7:  # most bot positions hold no missing-suit tile
        hand[9 * que:9 * que + 9] = 0
        fill = [k for k in pool[n:] if not (k < 27 and k // 9 == que)]
        i = 0
        while hand.sum() < n:
            if hand[fill[i]] < 4:
                hand[fill[i]] += 1
            i += 1
    visible = np.bincount(pool[n:n + int(rng.integers(0, 40))], minlength=34)
    visible = np.minimum(visible, 4 - hand).astype(np.int8)
    return hand, visible


@pytest.mark.parametrize("name", ["sichuan", "guangan", "liuzhou"])
def test_efficient_discard_matches_scan_and_improving(name):
    rng = np.random.default_rng(11)
    T = tables()
    ts = mj.tileset(name)
    inset = ts.mask.astype(np.uint8)
    wall = np.asarray(ts.wall)
    sc = np.zeros(34, np.int64)
    for i in range(600):
        nm = int(rng.choice([0, 0, 0, 1, 2, 3, 4]))
        que = -1 if name == "liuzhou" else int(rng.integers(0, 3))
        hand, visible = _random_position(rng, wall, nm, que)
        if i % 5 == 0:  # a hand close to ready: many ties
            hand = np.zeros(34, np.int8)
            kinds = [k for k in ts.kinds if not (k < 27 and k // 9 == que)]
            while hand.sum() < 14 - 3 * nm:
                k = int(rng.choice(kinds))
                if k < 27 and k % 9 <= 6 and rng.random() < 0.5 and hand.sum() + 3 <= 14 - 3 * nm \
                        and hand[k:k + 3].max() < 4:
                    hand[k:k + 3] += 1
                elif hand[k] < 4:
                    hand[k] += 1
        for lo, hi, form in ((0, 34, 2), (0, 34, 1), (0, 9, 2), (9, 18, 2), (27, 34, 2)):
            if form == 1 and nm:
                continue
            h1 = hand.copy()
            want = _reference_discard(h1, nm, que, inset, visible, T, lo, hi, form)
            scan = np.zeros(34, np.int64)
            B._discard_scan(h1, nm, T, lo, hi, form, scan)
            assert np.array_equal(scan, _reference_scan(h1, nm, T, lo, hi, form)), (
                name, mj.format(hand), nm, lo, hi, form)
            h2 = hand.copy()
            got = B._efficient_discard(h2, nm, que, inset, visible, T, lo, hi, form, sc)
            assert tuple(int(x) for x in got) == want, (name, mj.format(hand), nm, que, lo,
                                                          hi, form)
            assert np.array_equal(h2, hand)


def test_shanten_any_matches_core():
    rng = np.random.default_rng(3)
    T = tables()
    wall = np.asarray(mj.tileset("liuzhou").wall)
    for n in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        for _ in range(300):
            h = np.bincount(rng.permutation(wall)[:n], minlength=34).astype(np.int8)
            assert B._shanten_any(h, T) == _shanten(h, 2, T), mj.format(h)


@pytest.mark.parametrize("hand, pong, que, want", [
    ("1111m234p567p99s34s", None, -1, ("1m", K.CKONG)),  # 暗杠 keeps the hand ready
    ("1111m234p567p99s34s", None, 0, None),  # never of the missing suit
    ("1111m2222p567p99s3s", None, -1, ("1m", K.CKONG)),  # two candidates: the lowest first
    ("123m456m789m123p44p", None, -1, None),  # no four, no pong: no kong
    ("5p123m456m789s1z", "5p", -1, ("5p", K.ADDKONG)),  # 弯杠: the fourth of a pong
    ("123m456m789s1z5s", "5p", -1, None),  # a pong without its fourth
])
def test_choose_kong(hand, pong, que, want):
    """The kong an efficiency seat makes on its turn (``B._choose_kong``), by notation."""
    T = tables()
    h = mj.parse(hand).astype(np.int8)
    mt = np.zeros(4, np.int64)
    mk = np.zeros(4, np.int64)
    nm = 0
    if pong is not None:
        mt[0], mk[0], nm = K.PONG, mj.parse_tile(pong), 1
    before = h.copy()
    got = B._choose_kong(h, nm, mt, mk, que, B.EFFICIENCY, T, np.zeros(4, np.uint64),
                         np.zeros(34, np.int64))
    assert tuple(int(x) for x in got) == (
        (-1, 0) if want is None else (mj.parse_tile(want[0]), want[1]))
    assert np.array_equal(h, before)  # the hand is left as it was
