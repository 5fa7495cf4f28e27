import numpy as np
import pytest

from mjstats import daer
from mjstats.daer.groups import GROUP_CARDS, Shape, group_id, readings
from mjstats.daer.rules import HU_OF_GROUP
from mjstats.errors import HandError
from tests.daer.naive_daer import naive_groups, naive_hu, naive_readings

_NAMES = {Shape.RUN: "run", Shape.RED_RUN: "red", Shape.JIAO_S: "jiao", Shape.JIAO_B: "jiao",
          Shape.KAN: "kan", Shape.LONG: "long", Shape.PAIR: "pair"}


def _as_naive(reading, skip=0):
    out = []
    for g in reading[skip:]:
        cards = tuple(k for k in range(20) for _ in range(int(GROUP_CARDS[g, k])))
        out.append((_NAMES[Shape(g // 20)], cards))
    return tuple(sorted(out))


# 胡 of every kind of 列, straight from the seed's 计胡规则 table.
@pytest.mark.parametrize(
    "shape, base, hu",
    [
        (Shape.PONG, 0, 1), (Shape.PONG, 1, 3), (Shape.PONG, 10, 3), (Shape.PONG, 11, 6),
        (Shape.KAN, 3, 6), (Shape.KAN, 6, 9), (Shape.KAN, 13, 9), (Shape.KAN, 16, 12),
        (Shape.ZHAO, 4, 9), (Shape.ZHAO, 9, 12), (Shape.ZHAO, 14, 12), (Shape.ZHAO, 19, 15),
        (Shape.LONG, 5, 12), (Shape.LONG, 1, 15), (Shape.LONG, 15, 15), (Shape.LONG, 11, 18),
        (Shape.RUN, 0, 3), (Shape.RUN, 10, 6), (Shape.RUN, 1, 0), (Shape.RUN, 17, 0),
        (Shape.RED_RUN, 1, 6), (Shape.RED_RUN, 11, 9),
        (Shape.JIAO_S, 1, 0), (Shape.JIAO_B, 9, 0), (Shape.PAIR, 11, 0),
    ],
)
def test_group_hu(shape, base, hu):
    assert HU_OF_GROUP[group_id(shape, base)] == hu


def test_naive_table_agrees_with_kernel_table():
    for name, cards, hu in naive_groups():
        counts = np.bincount(cards, minlength=20)
        g = [g for g in range(180) if np.array_equal(GROUP_CARDS[g], counts)
             and _NAMES.get(Shape(g // 20)) == name]
        assert len(g) == 1 and HU_OF_GROUP[g[0]] == hu, (name, cards)


def _random_complete(rng, n_quads=0):
    """Random held hand of 7 列 (or 6 - n_quads 列, n_quads 垅 and a pair)."""
    held_groups = [g for g in range(180) if Shape(g // 20) in
                   (Shape.RUN, Shape.RED_RUN, Shape.JIAO_S, Shape.JIAO_B, Shape.KAN)
                   and GROUP_CARDS[g].sum() == 3]
    while True:
        gs = list(rng.choice(held_groups, 7 if n_quads == 0 else 6 - n_quads))
        gs += [group_id(Shape.LONG, int(k)) for k in rng.choice(20, n_quads, replace=False)]
        if n_quads:
            gs.append(group_id(Shape.PAIR, int(rng.integers(20))))
        c = GROUP_CARDS[gs].sum(axis=0)
        if c.max() <= 4:
            return c.astype(np.int8)


@pytest.mark.parametrize("n_quads", [0, 0, 1, 2])
def test_readings_match_naive_on_complete_hands(n_quads):
    rng = np.random.default_rng(100 + n_quads)
    for _ in range(150):
        c = _random_complete(rng, n_quads)
        got = readings(c)
        got_set = {_as_naive(r) for r in got}
        assert len(got_set) == len(got)  # each reading listed once
        assert got_set == naive_readings(c)
        assert max(naive_hu(r) for r in got_set) == max(
            sum(int(HU_OF_GROUP[g]) for g in r) for r in got)


def test_readings_match_naive_on_random_deals():
    # random 21-card deals are rarely complete: both must say so, and agree when they are
    rng = np.random.default_rng(7)
    for _ in range(300):
        c = np.bincount(rng.permutation(daer.DECK)[:21], minlength=20).astype(np.int8)
        assert {_as_naive(r) for r in readings(c)} == naive_readings(c)


def test_readings_with_melds_need_the_pair():
    melds = ["long 一", "pong 三", "pong 四", "chi 四五六"]
    # 垅 + 5 列 without a pair: not complete (犯规 B)
    assert readings("二二七七十十五五五", melds[:-1] + ["pong 六"]) == []
    # 垅 + 3 列 on the table + 二七十 x2 held + a pair: complete (6 列 and a pair)
    rs = readings("二二七七十十九九", melds)
    assert len(rs) == 1 and len(rs[0]) == 7
    assert {_as_naive(r, skip=4) for r in rs} == naive_readings(
        daer.parse("二二七七十十九九"), n_decl=4, n_decl_quads=1)
    # 八块: two quads on the table, 4 列 and a pair: 22 cards
    rs = readings("一二三四五六七八九九九二七十", ["zhao 拾", "long 壹"])
    assert rs and all(len(r) == 7 for r in rs)
    # seven 列 with a pair is never complete without 招/垅
    assert readings("一二三四五六七八九壹贰叁肆伍陆柒捌玖二七十拾拾") == []


def test_held_four_read_as_long_or_split():
    # four alike held can be a 垅 (the hand then needs a pair) ...
    long_hand = daer.parse("四四四四一一五六七八九十壹贰叁肆伍陆柒捌玖")
    names = [sorted(daer.group_name(g) for g in r) for r in readings(long_hand)]
    assert any("垅四" in n for n in names)
    # ... or a 坎 plus a card in another 列
    split_hand = daer.parse("四四四四五六七八九壹贰叁肆伍陆柒捌玖二七十")
    names = [sorted(daer.group_name(g) for g in r) for r in readings(split_hand)]
    assert names and all("坎四" in n for n in names)
    for c in (long_hand, split_hand):
        assert {_as_naive(r) for r in readings(c)} == naive_readings(c)


def test_readings_reject_fifth_copy_with_melds():
    with pytest.raises(HandError, match="5 copies of 一"):
        readings("一二三", ["long 一"])


def test_discarded_win_card_turns_kan_into_pong():
    hand = "一二三四五六七八九二七十贰贰贰柒柒柒拾拾拾"
    drawn = daer.score(hand, win="拾", self_draw=True)
    taken = daer.score(hand, win="拾", self_draw=False)
    assert drawn.hu - taken.hu == 12 - 6  # 坎拾 12 胡 -> 碰拾 6 胡
    assert "碰拾" in taken.reading
    # when the card also sits in another held 列 the 坎 stays whole
    hand2 = "一二三四五六七八九二七十贰贰贰捌玖拾拾拾拾"
    assert daer.score(hand2, win="拾", self_draw=False).hu == daer.score(hand2, win="拾").hu


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("一一一一二二二二三三三三四五六七八九十壹", True),    # 3 垅
        ("一一一二二二三三三四四四五五五六七八九十", True),    # 5 坎
        ("一一一一二二二三三三四四四五五五六七八九", True),    # 垅 counts as a 坎: 1 + 4
        ("一一一二二二三三三四四四五六七八九十壹贰", False),   # 4 坎
        ("一一一一二二二二三三三四五六七八九十壹贰", False),   # 2 垅 + 1 坎
    ],
)
def test_instant_win(hand, expected):
    assert daer.instant_win(hand) is expected


def test_instant_win_switch():
    r = daer.rules("daer-luzhou").with_switches(instant_kan_counts_long=False)
    assert daer.instant_win("一一一一二二二三三三四四四五五五六七八九")
    assert not daer.instant_win("一一一一二二二三三三四四四五五五六七八九", r)
    assert not daer.instant_win("一一一一二二二二三三三三四五六七八九十壹",
                                r.with_switches(instant_win=False))
