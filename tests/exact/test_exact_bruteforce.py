"""The exact module against brute-force enumeration of every hand of a reduced tile set.

The reduced set keeps every code path of the real ones: three suits (partial,
with runs), honors (a wind and a dragon), absent kinds inside a part.  Every
count vector of ``n`` tiles is listed, weighted by ``prod C(4, c)``, and checked
with the core kernels (the reference definitions).
"""

from fractions import Fraction
from math import comb

import numpy as np
import pytest

import mjstats as mj
from mjstats import exact
from mjstats.tiles import TileSet

# 1-4m, 1-3p, 7-9s, East, White: 12 kinds, 48 tiles, 2.5 M distinct 14-tile vectors
REDUCED = TileSet("reduced", "测试", (0, 1, 2, 3, 9, 10, 11, 24, 25, 26, 27, 31))
C4 = np.array([comb(4, c) for c in range(5)], dtype=np.int64)


def enumerate_hands(ts: TileSet, n: int) -> np.ndarray:
    """Every count vector over ``ts.kinds`` with ``n`` tiles, as an ``(N, 34)`` int8 array."""
    kinds = list(ts.kinds)
    part = np.zeros((1, 0), dtype=np.int8)
    for i in range(len(kinds)):
        s = part.sum(axis=1)
        if i == len(kinds) - 1:
            c = n - s
            keep = (c >= 0) & (c <= 4)
            part = np.hstack([part[keep], c[keep, None].astype(np.int8)])
        else:
            blocks = []
            for c in range(5):
                keep = s + c <= n
                blocks.append(np.hstack([part[keep], np.full((keep.sum(), 1), c, np.int8)]))
            part = np.vstack(blocks)
    hands = np.zeros((part.shape[0], 34), dtype=np.int8)
    hands[:, kinds] = part
    return hands


def weights(hands: np.ndarray) -> np.ndarray:
    return np.prod(C4[hands], axis=1)


@pytest.fixture(scope="module")
def hands14():
    return enumerate_hands(REDUCED, 14)


@pytest.fixture(scope="module")
def hands13():
    return enumerate_hands(REDUCED, 13)


def frac(sel, w, n):
    return Fraction(int(w[sel].sum()), comb(REDUCED.n_tiles, n))


def test_enumeration_is_complete(hands14):
    # the weights of all vectors count every 14-subset of the 48 tiles once
    assert hands14.shape[0] == 2531970
    assert int(weights(hands14).sum()) == comb(48, 14)


@pytest.mark.parametrize("form", ["standard", "seven_pairs", "any"])
def test_complete_probability(hands14, form):
    w = weights(hands14)
    ok = mj.is_complete_many(hands14, form)
    assert exact.complete_probability(REDUCED, form) == frac(ok, w, 14)
    suits = sum((hands14[:, 9 * s:9 * s + 9].sum(axis=1) > 0).astype(int) for s in range(3))
    for max_suits in (0, 1, 2):
        got = exact.complete_probability(REDUCED, form, max_suits=max_suits)
        assert got == frac(ok & (suits <= max_suits), w, 14), max_suits
    assert frac(ok, w, 14) > 0  # the reduced set does have complete hands of each form


def test_complete_riichi_seven_distinct_pairs(hands14):
    w = weights(hands14)
    distinct = np.all((hands14 == 0) | (hands14 == 2), axis=1)
    std = mj.is_complete_many(hands14, "standard")
    assert exact.complete_probability(REDUCED, "seven_pairs", definitions="riichi") == frac(
        distinct, w, 14
    )
    # the reduced set lacks most orphans, so no thirteen-orphans term is added
    assert exact.complete_probability(REDUCED, "any", definitions="riichi") == frac(
        std | distinct, w, 14
    )


@pytest.mark.parametrize("form", ["standard", "seven_pairs", "any"])
def test_ready_probability(hands13, form):
    # ready: some kind of the set, held < 4 times, completes the hand
    w = weights(hands13)
    ready = np.zeros(hands13.shape[0], dtype=bool)
    for k in REDUCED.kinds:
        can = hands13[:, k] < 4
        h = hands13[can].copy()
        h[:, k] += 1
        ready[np.flatnonzero(can)] |= mj.is_complete_many(h, form)
    assert exact.ready_probability(REDUCED, form) == frac(ready, w, 13)


@pytest.mark.parametrize("n", [13, 14])
@pytest.mark.parametrize("form", ["standard", "seven_pairs", "any"])
def test_shanten_distribution(hands13, hands14, n, form):
    hands = hands13 if n == 13 else hands14
    w = weights(hands)
    s = mj.shanten_many(hands, form)
    want = {int(v): frac(s == v, w, n) for v in np.unique(s)}
    assert exact.shanten_distribution(REDUCED, n, form) == want


@pytest.mark.parametrize("n", [1, 2, 4, 5, 7, 8, 10, 11])
def test_shanten_distribution_small_hands(n):
    hands = enumerate_hands(REDUCED, n)
    w = weights(hands)
    s = mj.shanten_many(hands, "standard")
    want = {int(v): frac(s == v, w, n) for v in np.unique(s)}
    assert exact.shanten_distribution(REDUCED, n, "standard") == want
