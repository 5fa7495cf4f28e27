"""Liuzhou 分 scoring: patterns, 霹雳, 杠上花 (7, 6, 9), 杠上炮 (3, 6, 12), 吃三比."""

import pytest

from mjstats.errors import HandError
from mjstats.rules import rules
from mjstats.scoring import Table, score


def lz(hand, melds=None, win=None, **kw):
    return score(hand, melds=melds, win=win, rules=kw.pop("rules", "liuzhou"), **kw)


def pats(r):
    return dict(r.patterns)


# an open 基本胡 (a chow, so not 门清), and the three all-from-others hands of the text
BASIC = ("456p789s123s11z", ["chow 123m"], "1z")
QQR = ("22z", ["chow 123m", "pong 5p", "chow 789s", "pong 1z"], "2z")
QQR_DUIDUI = ("22z", ["pong 1m", "pong 5p", "pong 7s", "pong 1z"], "2z")
QQR_QING = ("77m", ["chow 123m", "chow 456m", "pong 9m", "chow 345m"], "7m")
QQR_QING_DUIDUI = ("77m", ["pong 1m", "pong 3m", "pong 5m", "pong 9m"], "7m")


@pytest.mark.parametrize(
    "hand, value, names",
    [
        (BASIC, 1, ["基本胡"]),
        (("123m456p789s123s11z", None, "1z"), 2, ["门清"]),  # 门清 alone 2
        (("111m333p555s777s11z", None, "1z"), 4, ["对对胡", "门清"]),  # 门清对对胡4分
        (("333p555s777s11z", ["pong 1m"], "1z"), 3, ["对对胡"]),
        (("456m789m234m11m", ["chow 123m"], "1m"), 3, ["清一色"]),
        (("123456789m234m11m", None, "1m"), 4, ["清一色", "门清"]),  # 门清清一色4分
        (("1133m5577p99s1122z", None, "2z"), 3, ["小七对"]),  # 小七对 is 门清 already
        # 最后剩一张牌胡牌 (全求人): discard 3, 6, 6, 9
        (QQR, 3, ["全求人"]),
        (QQR_DUIDUI, 6, ["对对胡", "全求人"]),
        (QQR_QING, 6, ["清一色", "全求人"]),
        (QQR_QING_DUIDUI, 9, ["对对胡", "清一色", "全求人"]),
    ],
)
def test_discard_values(hand, value, names):
    r = lz(*hand)
    assert r.total == value and sorted(r.names) == sorted(names)
    assert r.payments[0] == value and r.payments[1] == -value


def test_near_misses():
    assert "对对胡" not in pats(lz("333p555s789s11z", ["pong 1m"], "1z"))
    assert "清一色" not in pats(lz("456m789m234m11z", ["chow 123m"], "1z"))  # honors: not 清
    assert "门清" not in pats(lz(*BASIC))
    assert "全求人" not in pats(lz("22z", ["chow 123m", "pong 5p", "chow 789s", "ckong 1z"], "2z"))
    assert "小七对" not in pats(lz("123m456p789s123s11z", None, "1z"))


def test_menqing_selfdraw_switch():
    # 只有自摸才算门清: the same concealed hand on a discard is a 基本胡
    R = rules("liuzhou", menqing="selfdraw")
    assert lz("111m333p555s777s11z", None, "1z", rules=R).total == 3
    assert lz("123m456p789s123s11z", None, "1z", rules=R).names == ["基本胡"]
    r = lz("123m456p789s123s11z", None, "1z", rules=R, self_draw=True)
    assert r.names == ["门清", "霹雳"] and r.total == 2  # 自摸非基本胡 = 霹雳


def test_self_draw_and_pili():
    # 基本胡 自摸: each pays 1
    r = lz(*BASIC, self_draw=True)
    assert r.total == 1 and r.payments == {0: 3, 1: -1, 2: -1, 3: -1}
    # 霹雳: a self-drawn 清一色全求人对对胡 (9 on a discard) pays 2 each, 6 in all
    r = lz(*QQR_QING_DUIDUI, self_draw=True)
    assert r.raw == 9 and r.total == 2 and r.payments[0] == 6 and "霹雳" in r.names
    assert "霹雳" not in lz(*BASIC, self_draw=True).names


def test_haidi():
    r = lz(*BASIC, self_draw=True, last_tile=True)
    assert r.total == 2 and "海底捞月" in r.names
    assert lz(*BASIC, last_tile=True).total == 1  # 谁摸最后一张牌胡牌，才算
    off = rules("liuzhou", haidi=False)
    assert lz(*BASIC, self_draw=True, last_tile=True, rules=off).total == 1


# -- 杠上花 worked amounts: 2*3+1 = 7, 2*3 = 6 (+1 from the ponged player), 3*2+3 = 9 -----


def kong_hand(kong):
    return lz("234m55p", ["pong 9s", "chow 123s", kong], "4m", self_draw=True, after_kong=True,
              table=Table(kong_from=2))


def test_gangshanghua_direct_kong_feeder_pays_7():
    r = kong_hand("kong 1z")
    assert r.total == 2 and r.payments == {0: 7, 1: 0, 2: -7, 3: 0}


def test_gangshanghua_added_kong_all_pay_6():
    r = kong_hand("addkong 1z")
    assert r.payments == {0: 7, 1: -2, 2: -3, 3: -2}
    hand_part = -sum(v for s, v in r.payments.items() if s != 0) - 1  # less the kong's 1
    assert hand_part == 6


def test_gangshanghua_concealed_kong_9():
    r = kong_hand("ckong 1z")
    assert r.payments == {0: 9, 1: -3, 2: -3, 3: -3}


# -- 杠上炮 +3: 3, 3+3 = 6, 3+3+3+3 = 12 -----------------------------------------------


def test_gangshangpao():
    assert lz(*BASIC, after_kong=True).total == 3
    assert lz("456m789m234m11m", ["chow 123m"], "1m", after_kong=True).total == 6
    r = lz(*QQR_QING_DUIDUI, after_kong=True)
    assert r.total == 12 and "基本胡" not in r.names


# -- 吃三比: player A=1 took three melds from B=2 ----------------------------------------


@pytest.mark.parametrize(
    "winner, discarder, self_draw, expected",
    [
        (2, 1, False, {1: -2, 2: 2}),  # 1> A discards to B: x2
        (1, 2, False, {1: 2, 2: -2}),  # 2> B discards to A: x2
        (0, 1, False, {0: 1, 1: -1}),  # 3> A discards to C: A x1, B nothing
        (0, 2, False, {0: 2, 1: -1, 2: -1}),  # 4> B discards to C: A and B both x1
        (2, None, True, {0: -1, 1: -3, 2: 5, 3: -1}),  # 5> B self-draws: A x3, others x1
    ],
)
def test_sanbi(winner, discarder, self_draw, expected):
    t = Table(winner=winner, discarder=discarder, sanbi=((1, 2),))
    r = lz(*BASIC, self_draw=self_draw, table=t)
    assert {s: v for s, v in r.payments.items() if v} == expected
    off = lz(*BASIC, self_draw=self_draw, table=t, rules=rules("liuzhou", sanbi=False))
    assert sum(v for v in off.payments.values() if v > 0) == (3 if self_draw else 1)


def test_errors():
    with pytest.raises(HandError, match="not complete"):
        lz("456p789s123s12z", ["chow 123m"], "1z")
    # Liuzhou has no missing-suit rule: three suits win
    assert lz("123m456p789s123s11z", None, "1z").total == 2
