import naive
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjstats as mj
from tests.random_hands import any_size, less_one


def test_waits_against_naive(rng):
    # ready hands: complete 14-tile deals and built hands minus one tile
    H = mj.deal(300_000, "liuzhou", 14, seed=21)
    complete = H[mj.is_complete_many(H)]
    ready = less_one(rng, np.concatenate([complete, np.array(any_size(rng, 400))]))
    assert len(ready) > 400
    for h in ready:
        got = [int(mj.parse(k).argmax()) for k in mj.waits(h)]
        assert got and got == naive.waits(h), mj.format(h)
    # hands that are not ready wait on nothing
    H13 = mj.deal(2000, "liuzhou", 13, seed=22)
    for h in H13[mj.shanten_many(H13) > 0][:200]:
        assert mj.waits(h) == {} and naive.waits(h) == []


def test_live_counts_and_dead_waits():
    assert mj.waits("123m456p789s1122z", visible="1z2z2z") == {"1z": 1, "2z": 0}
    assert mj.wait_width("123m456p789s1122z", visible="1z2z2z") == (2, 1)
    with pytest.raises(mj.HandError, match="5 copies of 1z|together hold 5"):
        mj.waits("123m456p789s1122z", visible="111z")


def test_quad_is_never_a_wait():
    # 1111m23m reads 111m + 123m; 1m (a fifth copy) never completes 11m + 11m + 23m
    assert mj.waits("1111m23m456p789p5s") == {"5s": 3}
    assert mj.waits("1111m") == {}
    with pytest.raises(mj.HandError, match="3 tiles"):
        mj.waits("111m")
    assert mj.waits("1112m") == {"2m": 3, "3m": 4}


@pytest.mark.parametrize(
    "hand, waits, shapes",
    [
        # seed 004 examples, 卡张 … 坎倒板 (hands completed to 13 tiles where the seed omits groups)
        ("12346m123s66s789s", "5m", ["卡张"]),
        ("123567m12356s99s", "4s7s", ["两边"]),
        ("23466m789m12389s", "7s", ["边张"]),
        ("123456789m3457p", "7p", ["单钓"]),
        ("123567m12355s99s", "5s9s", ["对出叫"]),
        ("34567m123678p99p", "2m5m8m", ["两边", "赶场叫"]),
        ("1234567m123789p", "1m4m7m", ["单钓", "赶场叫"]),
        ("2344567m123789p", "1m4m7m", ["两边", "单钓", "赶场叫"]),
        ("12345678m123p99p", "3m6m9m", ["两边", "边张", "赶场叫"]),
        ("2223678789m123p", "1m3m4m", ["两边", "单钓", "坎倒板"]),       # 胡14万带3万
        ("2224m678m789m123p", "3m4m", ["卡张", "单钓", "坎倒板"]),        # 胡3万4万
        ("22234m77m123456p", "2m5m7m", ["两边", "对出叫", "坎倒板"]),     # 胡25万带7万
        ("11123456m123p55p", "1m4m7m5p", ["两边", "对出叫", "赶场叫", "坎倒板"]),  # 胡147万带5筒
        ("1112345678m123p", "2m3m5m6m8m9m", ["两边", "边张", "单钓", "赶场叫", "坎倒板"]),
        ("1112345678999m", "123456789m", ["两边", "边张", "单钓", "对出叫", "赶场叫", "坎倒板"]),
        ("1122334455667m", "1m4m7m", ["两边", "单钓", "赶场叫"]),  # seven pairs + runs
        ("1133557799m135p", "", []),                  # not ready
    ],
)
def test_wait_shape_table(hand, waits, shapes):
    assert mj.format(np.array([0] * 34) + sum(
        (mj.parse(k) for k in mj.waits(hand)), np.zeros(34, dtype=np.int8))) == mj.format(
        mj.parse(waits) if waits else np.zeros(34, dtype=np.int8))
    assert mj.wait_shapes(hand) == shapes


def test_wait_shapes_against_every_reading(rng):
    # the kernel takes each candidate meld out and looks the rest up in the split
    # tables; the reference enumerates every reading of the hand with each wait
    hands = list(less_one(rng, any_size(rng, 700)))
    while len(hands) < 1000:  # one suit, many readings per wait
        c = np.bincount(rng.integers(0, 9, 13) + 9 * rng.integers(0, 3), minlength=34)
        if c.max() <= 4 and mj.shanten(c.astype(np.int8)) == 0:
            hands.append(c.astype(np.int8))
    for h in hands:
        bits, tile_bits = mj.wait_shape_bits(h)
        assert (bits, tile_bits.tolist()) == naive.wait_shapes(h), mj.format(h)


def test_shapes_by_tile_and_english():
    assert mj.wait_shapes("2224m678m789m123p", by_tile=True) == {"3m": ["卡张"], "4m": ["单钓"]}
    assert mj.wait_shapes("34567m123678p99p", lang="en") == ["ryanmen", "ganchang"]
    with pytest.raises(mj.MjStatsError, match="unknown lang"):
        mj.wait_shapes("34567m123678p99p", lang="fr")


@given(st.lists(st.integers(0, 26), min_size=13, max_size=13))
@settings(max_examples=300, deadline=None)
def test_every_wait_completes_and_others_do_not(tiles):
    c = np.bincount(tiles, minlength=34).astype(np.int8)
    if c.max() > 4:
        return
    w = {int(mj.parse(k).argmax()) for k in mj.waits(c)}
    assert (mj.shanten(c) == 0) == bool(w)
    for k in range(34):
        if c[k] < 4:
            d = c.copy()
            d[k] += 1
            assert mj.is_complete(d) == (k in w)


def test_wait_width_many_matches_single():
    H = mj.deal(5000, "guangan", 13, seed=3)
    kinds, live = mj.wait_width_many(H)
    for i in range(0, 5000, 50):
        assert (int(kinds[i]), int(live[i])) == mj.wait_width(H[i])


def test_waits_agree_with_mahjong_package(rng):
    """Ready suits-only hands: our waits equal the `mahjong` package's winning tiles.

    Its ``Agari.is_agari`` accepts four melds + a pair and riichi seven pairs
    (seven *distinct* pairs).  Ours takes Chinese seven pairs (a quad is two
    pairs), so the only allowed difference is a tile that completes seven
    pairs holding a quad: a win for us, not for riichi.
    """
    agari = pytest.importorskip("mahjong.agari").Agari
    hands = list(less_one(rng, any_size(rng, 1500, kinds=27)))
    # seven-pairs hands with quads, where the definitions part
    hands += [mj.parse(x) for x in ("1111223344556m", "1111222233445m", "11335577992244p")[:2]]
    differences = 0
    for h in hands:
        ours = {int(mj.parse(k).argmax()) for k in mj.waits(h)}
        theirs = set()
        for t in range(27):
            if h[t] < 4:
                d = h.copy()
                d[t] += 1
                if agari.is_agari(d.tolist()):
                    theirs.add(t)
        for t in ours ^ theirs:
            d = h.copy()
            d[t] += 1
            assert t in ours and mj.is_complete(d, form="seven_pairs") and d.max() == 4, (
                mj.format(h), mj.kind_name(t))
            differences += 1
    assert differences >= 1  # the seven-pairs-with-quad case was exercised


def test_batch_waits_and_shapes_match_single(rng):
    H = np.concatenate([less_one(rng, any_size(rng, 300)), mj.deal(200, "liuzhou", 13, seed=1)])
    masks = mj.waits_many(H)
    bits = mj.wait_shapes_many(H)
    for i, h in enumerate(H):
        assert [mj.kind_name(k) for k in np.flatnonzero(masks[i])] == list(mj.waits(h))
        assert mj.wait_shape_bits(h)[0] == bits[i]
    assert bits.astype(bool).sum() >= 300


@pytest.mark.parametrize("hand", ["22m1567p44678s77z", "11123m11123p112s"])
def test_no_fake_wait_from_pairs_in_several_parts(hand):
    # adding 1p (or 3s) leaves every part splittable, but with three or four pairs in
    # all: not a win, so no wait
    assert mj.shanten(hand) == 1
    assert mj.waits(hand) == {}
    kinds, live = mj.wait_width_many(np.stack([mj.parse(hand)]))
    assert int(kinds[0]) == 0 and int(live[0]) == 0


def test_waits_equal_complete_check_on_random_honor_hands(rng):
    # random 13-tile Liuzhou hands crowded on few kinds: a wait is exactly a tile
    # that makes is_complete true
    for _ in range(3000):
        kinds = rng.choice(34, size=6, replace=False)
        c = np.zeros(34, dtype=np.int8)
        while c.sum() < 13:
            k = rng.choice(kinds)
            if c[k] < 4:
                c[k] += 1
        w = {mj.parse_tile(k) for k in mj.waits(c)}
        for k in range(34):
            if c[k] < 4:
                d = c.copy()
                d[k] += 1
                assert (k in w) == mj.is_complete(d), (mj.format(c), mj.kind_name(k))
