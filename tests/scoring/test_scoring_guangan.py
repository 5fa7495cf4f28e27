"""Guang'an 颗 scoring: the three worked examples, every pattern with a near miss."""

import pytest

from mjstats.errors import HandError, RuleError
from mjstats.rules import rules
from mjstats.scoring import Table, score


def ga(hand, melds=None, win=None, **kw):
    return score(hand, melds=melds, win=win, rules=kw.pop("rules", "guangan"), **kw)


def pats(r):
    return dict(r.patterns)


# -- the text's three worked examples (seed 000, 第一名/第二名/第三名) ----------------

EX1 = dict(hand="55m", melds=["ckong 2m", "ckong 5z", "ckong 6z", "ckong 7z"], win="5m",
           self_draw=True, after_kong=True, last_tile=True)
EX2 = dict(hand="77m", melds=["ckong 2m", "ckong 3m", "ckong 4m", "ckong 5m"], win="7m",
           self_draw=True, after_kong=True, last_tile=True)
EX3 = dict(hand="55m555566667777z", win="7z", after_kong=True)


def test_example_1_is_82():
    # 门清1 自摸1 混大对13 金钩钓5 暗杠中发白3x3 暗杠普通牌2 杠上花5 海底捞5 = 41, x2 三元汇
    r = ga(**EX1)
    assert r.total == 82
    p = pats(r)
    assert p["缺两门"] == 2 and p["暗杠"] == 8 and p["中发白"] == 3
    assert p["混清一色"] == 5 and p["大对子"] == 5 and p["金钩钓"] == 5
    assert p["大三元汇"] == 2 and "单钓" not in p and "十八罗汉" not in p


def test_example_2_is_60():
    # 门清1 自摸1 纯清大对18 暗杠4x1 超大飞机21 金钩钓5 杠上花5 海底捞5 = 60
    r = ga(**EX2)
    assert r.total == 60
    p = pats(r)
    assert p["超大飞机"] == 21 and p["暗杠(飞机)"] == 4 and p["纯清一色"] == 10
    assert "暗杠" not in p and "十八罗汉" not in p


def test_example_3_is_58():
    # 混龙七对21 中发白各四归一3 杠上炮5 = 29, x2 三元汇
    r = ga(**EX3)
    assert r.total == 58
    p = pats(r)
    assert p["龙七对"] == 5 and p["暗七对"] == 5 and p["中发白"] == 3 and p["杠上炮"] == 5
    assert r.reading.form == "seven_pairs"


@pytest.mark.parametrize(
    "switch, ex, total",
    [
        (dict(zimo=0), EX1, 80),  # (41 - 1) x 2
        (dict(jingou_dandiao=True), EX1, 84),  # (41 + 1) x 2: the list's 大对子金钩钓13
        (dict(sanyuan_plus=5), EX1, 92),  # (41 + 5) x 2: the text's 加5再乘以2
        (dict(luohan=True), EX2, 120),  # the text's 十八罗汉 x2
        (dict(qidui_quemen=False), EX3, 56),  # (29 - 1) x 2
    ],
)
def test_switches_give_the_texts_other_readings(switch, ex, total):
    assert score(**ex, rules=rules("guangan", **switch)).total == total


# -- the pattern list's own sums ------------------------------------------------------


def test_list_sums():
    # 平胡2: 本身1 + 缺一门1 (with a pong, so not 门清, won on a two-sided wait)
    assert ga("123m345m234p66p", ["pong 8m"], "2p").total == 2
    # 大对子7
    assert ga("111m333m55p", ["pong 5m", "pong 7p"], "1m").total == 7
    # 一条龙7
    assert ga("123456789m66p", ["pong 2p"], "9m").total == 7
    # 混清8, 纯清13
    assert ga("123m345m678m55z", ["pong 9m"], "3m").total == 8  # a dragon pair adds nothing
    assert ga("123m345m678m99m", ["pong 2m"], "3m").total == 13
    # 暗七对9 (本身 缺一门 门清 单钓 暗七对), 龙七对14
    assert ga("113355m22446688p", None, "8p").total == 9
    assert ga("111133m22446688p", None, "1m").total == 14
    # 大对子金钩钓13 (本身 缺一门 单钓 大对子金钩钓10) under the list's reading, 12 by default
    hook = ("55p", ["pong 1m", "pong 4m", "pong 7m", "pong 2p"], "5p")
    assert ga(*hook).total == 12
    assert ga(*hook, rules=rules("guangan", jingou_dandiao=True)).total == 13


# -- every pattern: a hand that has it, a near miss that does not --------------------

CASES = [
    # name, has (hand, melds, win, kw), near miss
    ("缺一门", ("123m345m234p66p", ["pong 8m"], "2p", {}), None),
    ("缺两门", ("123m345m678m99m", ["pong 2m"], "3m", {}),
     ("123m345m234p66p", ["pong 8m"], "2p", {})),
    ("门清", ("123m345m678m234p66p", None, "2p", {}),
     ("123m345m234p66p", ["pong 8m"], "2p", {})),
    ("门清", ("123m345m234p66p", ["ckong 8m"], "2p", {}),
     ("123m345m234p66p", ["kong 8m"], "2p", {})),
    ("自摸", ("123m345m234p66p", ["pong 8m"], "2p", {"self_draw": True}),
     ("123m345m234p66p", ["pong 8m"], "2p", {})),
    # 卡张: 4m is the only tile that completes 12335m
    ("卡张", ("123m345m234p66p", ["pong 8m"], "4m", {}),
     ("123m345m234p66p", ["pong 8m"], "2p", {})),
    # 卡心五: the closed wait is a 5 (456 中的 5); near miss: 卡张 on 4
    ("卡心五", ("123m456m234p66p", ["pong 8m"], "5m", {}),
     ("123m345m234p66p", ["pong 8m"], "4m", {})),
    ("边张", ("123m567m234p66p", ["pong 9m"], "3m", {}),
     ("234m567m234p66p", ["pong 9m"], "4m", {})),
    # 单钓 only when the pair tile is the only winning tile (2345p waits 2p and 5p)
    ("单钓", ("123m456m234p66p", ["pong 8m"], "6p", {}),
     ("123m456m23455p", ["pong 8m"], "5p", {})),
    ("明杠", ("123m345m234p66p", ["kong 8m"], "2p", {}),
     ("123m345m234p66p", ["pong 8m"], "2p", {})),
    ("暗杠", ("123m345m234p66p", ["ckong 8m"], "2p", {}),
     ("123m345m234p66p", ["kong 8m"], "2p", {})),
    # 中发白: a dragon pong counts, a dragon pair (将) does not
    ("中发白", ("123m345m234p66p", ["pong 7z"], "2p", {}),
     ("123m345m234p77z", ["pong 8m"], "2p", {})),
    ("混清一色", ("123m345m678m55z", ["pong 9m"], "3m", {}),
     ("123m345m678m55p", ["pong 9m"], "3m", {})),
    ("纯清一色", ("123m345m678m99m", ["pong 2m"], "3m", {}),
     ("123m345m678m55z", ["pong 9m"], "3m", {})),
    ("大对子", ("111m333m55p", ["pong 5m", "pong 7p"], "1m", {}),
     ("123m333m55p", ["pong 5m", "pong 7p"], "1m", {})),
    ("金钩钓", ("55p", ["pong 1m", "pong 3m", "pong 4m", "pong 2p"], "5p", {}),
     ("11155p", ["pong 3m", "pong 4m", "pong 2p"], "5p", {})),
    ("一条龙", ("123456789m66p", ["pong 2p"], "9m", {}),
     ("123456678m66p", ["pong 2p"], "8m", {})),
    ("暗七对", ("113355m22446688p", None, "8p", {}),
     ("111355m22446688p", None, "8p", {"_error": True})),
    ("龙七对", ("111133m22446688p", None, "1m", {}),
     ("111133m22446688p", None, "8p", {})),
    ("小板子", ("223344m567m11p", ["pong 9p"], "5m", {}),
     ("123345m567m11p", ["pong 9p"], "5m", {})),
    ("大板子", ("22334455m567p", ["pong 9p"], "6p", {}),
     ("223344m567m11p", ["pong 9p"], "5m", {})),
    ("7板子", ("22334455667788m", None, "3m", {}),
     ("22334455m567p", ["pong 9p"], "6p", {})),
    ("小飞机", ("111222m456p77p", ["pong 9m"], "4p", {}),
     ("111333m456p77p", ["pong 9m"], "4p", {})),
    ("大飞机", ("111222333m77p", ["pong 9m"], "7p", {}),
     ("111222m456p77p", ["pong 9m"], "4p", {})),
    ("大飞机", ("456p77p", ["ckong 2m", "kong 3m", "pong 9p"], "4p", {}),
     ("456p77p", ["ckong 2m", "kong 4m", "pong 9p"], "4p", {})),
    ("特大飞机", ("55p", ["pong 1m", "pong 2m", "pong 3m", "pong 4m"], "5p", {}),
     ("111222333m77p", ["pong 9m"], "7p", {})),
    ("特大飞机", ("456p77p", ["ckong 2m", "kong 3m", "addkong 4m"], "4p", {}),
     ("456p77p", ["ckong 2m", "kong 3m", "pong 4m"], "4p", {})),
    ("超大飞机", ("77m", ["ckong 2m", "ckong 3m", "ckong 4m", "ckong 5m"], "7m", {}),
     ("77m", ["ckong 2m", "ckong 3m", "ckong 4m", "ckong 6m"], "7m", {})),
    ("抢杠", ("123m345m234p66p", ["pong 8m"], "2p", {"robbing_kong": True}),
     ("123m345m234p66p", ["pong 8m"], "2p", {})),
    ("杠上花", ("123m345m234p66p", ["kong 8m"], "2p", {"self_draw": True, "after_kong": True}),
     ("123m345m234p66p", ["kong 8m"], "2p", {"self_draw": True})),
    ("杠上炮", ("123m345m234p66p", ["pong 8m"], "2p", {"after_kong": True}),
     ("123m345m234p66p", ["pong 8m"], "2p", {"self_draw": True})),
    ("海底捞", ("123m345m234p66p", ["pong 8m"], "2p", {"self_draw": True, "last_tile": True}),
     ("123m345m234p66p", ["pong 8m"], "2p", {"last_tile": True})),
    ("海底炮", ("123m345m234p66p", ["pong 8m"], "2p", {"last_tile": True}),
     ("123m345m234p66p", ["pong 8m"], "2p", {"self_draw": True, "last_tile": True})),
    ("小三元汇", ("123m55z666z777z", ["pong 9m"], "3m", {}),
     ("123m11m666z777z", ["pong 9m"], "3m", {})),
    ("大三元汇", ("123m55m555z666z", ["pong 7z"], "3m", {}),
     ("123m55z666z777z", ["pong 9m"], "3m", {})),
]


@pytest.mark.parametrize("name, has, miss", CASES, ids=[c[0] for c in CASES])
def test_pattern_and_near_miss(name, has, miss):
    hand, melds, win, kw = has
    assert name in pats(ga(hand, melds, win, **kw))
    if miss is None:
        return
    hand, melds, win, kw = miss
    kw = dict(kw)
    if kw.pop("_error", False):
        with pytest.raises(HandError):
            ga(hand, melds, win, **kw)
        return
    assert name not in pats(ga(hand, melds, win, **kw))


def test_luohan_when_switched_on():
    r = score(**EX2, rules=rules("guangan", luohan=True))
    assert pats(r)["十八罗汉"] == 2
    near = dict(EX2, melds=["ckong 2m", "ckong 3m", "ckong 4m", "pong 5m"])
    assert "十八罗汉" not in pats(score(**near, rules=rules("guangan", luohan=True)))


def test_long_any_switch():
    # the four is not made by the winning tile: 龙七对 only with long_any
    assert "龙七对" not in pats(ga("111133m22446688p", None, "8p"))
    r = score("111133m22446688p", win="8p", rules=rules("guangan", long_any=True))
    assert "龙七对" in pats(r)


def test_best_reading_is_chosen():
    # 111222333m: three triplets (大飞机 7) beat three identical runs (小板子 1)
    r = ga("111222333m77p", ["pong 9m"], "7p")
    assert "大飞机" in pats(r) and "小板子" not in pats(r)
    assert r.reading.form == "standard"


def test_payments_self_draw_and_discard():
    r = ga("123m345m234p66p", ["pong 8m"], "2p", self_draw=True)
    assert r.total == 3 and r.payments == {0: 9, 1: -3, 2: -3, 3: -3}
    r = ga("123m345m234p66p", ["pong 8m"], "2p", table=Table(winner=2, discarder=0))
    assert r.payments == {0: -2, 1: 0, 2: 2, 3: 0}
    # 血战: only seats still playing pay a self-draw
    r = ga("123m345m234p66p", ["pong 8m"], "2p", self_draw=True, table=Table(active=(0, 2)))
    assert r.payments == {0: 3, 1: 0, 2: -3, 3: 0}


def test_errors():
    with pytest.raises(RuleError, match="missing suit"):
        ga("123m345p234s66p", ["pong 8m"], "2s")
    with pytest.raises(RuleError, match="chow"):
        ga("123m345m234p66p", ["chow 789m"], "2p")
    with pytest.raises(HandError, match="not complete"):
        ga("123m345m234p67p", ["pong 8m"], "2p")
    with pytest.raises(HandError, match="copies"):
        ga("888m345m234p66p", ["pong 8m"], "3m")
    with pytest.raises(HandError, match="does not have"):
        ga("123m345m234p11z", ["pong 8m"], "2p")
    with pytest.raises(HandError, match="tiles"):
        ga("123m345m234p66p", None, "2p")
    with pytest.raises(RuleError, match="robbing"):
        ga("123m345m234p66p", ["pong 8m"], "2p", self_draw=True, robbing_kong=True)


def test_str_is_bilingual():
    s = str(ga(**EX1))
    assert "82 颗" in s and "大三元汇" in s and "big three dragons" in s and "payments" in s
