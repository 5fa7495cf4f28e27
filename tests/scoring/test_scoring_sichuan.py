"""Sichuan scoring: the seed example hands under both presets, switches, payments, errors."""

import pytest

from mjstats.errors import HandError, RuleError
from mjstats.rules import rules
from mjstats.scoring import Table, score

CHENGDU_ALL = rules("sichuan", cap=None, jingou=True, daiyao=True, jiangdui=True, zimo="none")
APP = rules("sichuan-app", cap=None, zimo="none")


def sc(hand, melds=None, win=None, R=CHENGDU_ALL, **kw):
    return score(hand, melds=melds, win=win, rules=R, **kw)


# -- Chengdu table (004 "基础牌型（格）与基本番数" and 特殊算法; 000 end) -----------------
# every hand is the seed's example where it gives one; the others are built.
CHENGDU = [
    ("平胡", "123345789m23466p", None, "6p", 1),  # 123 345 789万 234 66筒
    ("大对子", "111333444m22266p", None, "6p", 2),  # 111 333 444万222 66筒
    ("清一色", "11123434566688m", None, "8m", 4),  # 111 234 345 666 88万
    ("清大对", "11133344466688m", None, "8m", 8),
    ("暗七对", "1133446677m5588p", None, "8p", 4),  # 1133446677万5588筒
    ("龙七对", "1133446666m5588p", None, "8p", 8),  # 1133446666万5588筒
    ("清七对", "11334466778899m", None, "9m", 16),
    ("清龙七对", "11224444557799m", None, "9m", 32),
    # 111 333 444万 222 6筒
    ("金钩钓", "66p", ["pong 1m", "pong 3m", "pong 4m", "pong 2p"], "6p", 4),
    ("带幺", "12312399m123789s", None, "9s", 4),  # 123 123 99万 123 789条
    ("清带幺", "12312399m123789m", None, "9m", 16),
    ("将对", "22255588m222888p", None, "8p", 16),  # 222 555 88万 222 888筒
]


@pytest.mark.parametrize("name, hand, melds, win, value", CHENGDU, ids=[c[0] for c in CHENGDU])
def test_chengdu_table(name, hand, melds, win, value):
    r = sc(hand, melds, win)
    assert r.patterns[0] == (name, value)
    assert r.total == value


# -- app table in 番 (004: 两番 x2 … 六番 x32) ---------------------------------------------
APP_TABLE = [
    ("平胡", "123345789m23466p", "6p", 1, {}),
    ("大对子", "111222444m55599p", "9p", 2, {}),  # 对对胡 111222444万55599筒
    ("清一色", "11123434566688m", "8m", 4, {}),
    ("带幺", "111222333m78999p", "9p", 4, {}),  # 带幺九 111222333万78999筒
    ("暗七对", "1133446677m5588p", "8p", 4, {}),  # 七对
    ("清大对", "11122244455599p", "9p", 8, {}),  # 清对 11122244455599筒
    ("将对", "222555888s88855m", "5m", 8, {}),  # 将对 222555888条88855万
    ("龙七对", "11222244p557799m", "9m", 16, {}),  # 龙七对 11222244筒557799万
    ("清七对", "11334466778899s", "9s", 16, {}),  # 清七对 11334466778899条
    ("清带幺", "11123777888999铜", "9p", 16, {}),  # 清幺九 (the seed's 铜 = 筒)
    ("清龙七对", "11224444557799m", "9m", 32, {}),  # 清龙七对 11224444557799万
    ("天胡", "123345789m23466p", "6p", 32,
     {"first_turn": True, "dealer": True, "self_draw": True}),
    ("地胡", "123345789m23466p", "6p", 32, {"first_turn": True, "self_draw": True}),
]


@pytest.mark.parametrize("name, hand, win, value, kw", APP_TABLE, ids=[c[0] for c in APP_TABLE])
def test_app_table(name, hand, win, value, kw):
    r = sc(hand, None, win, R=APP, **kw)
    assert r.patterns[0] == (name, value)
    assert r.total == value


def test_app_fan_labels():
    assert sc("11224444557799m", None, "9m", R=APP).fan == 6
    assert sc("111222444m55599p", None, "9p", R=APP).fan == 2


def test_app_kong_extras_add_one_fan_each():
    # 对对胡 x2, 根 (the kong) x2, 杠上花 x2 = x8 (四番)
    r = sc("111222m55599p", ["ckong 4m"], "9p", R=APP, self_draw=True, after_kong=True)
    assert r.total == 8 and dict(r.patterns) == {"大对子": 2, "根": 2, "杠上花": 2}
    r = sc("111222m55599p", ["kong 4m"], "9p", R=APP, after_kong=True)
    assert dict(r.patterns)["杠上炮"] == 2


# -- near misses: the hand just short of each pattern ---------------------------------


def test_near_misses():
    assert "大对子" not in dict(sc("111333444m23466p", None, "6p").patterns)
    assert "清一色" not in dict(sc("111234345m66688p", None, "8p").patterns)
    assert "清大对" not in dict(sc("11133344466688m".replace("666", "567"), None, "8m").patterns)
    # a four that is a kong is not a 龙七对 (seven pairs needs 14 concealed tiles)
    with pytest.raises(HandError):
        sc("11334466m5588p", ["ckong 7m"], "8p")
    assert "龙七对" not in dict(sc("1133446677m5588p", None, "8p").patterns)
    assert "清七对" not in dict(sc("1133446677m5588p", None, "8p").patterns)
    assert "金钩钓" not in dict(sc("11166p", ["pong 3m", "pong 4m", "pong 2p"], "6p").patterns)
    assert "带幺" not in dict(sc("12323499m123789s", None, "9s").patterns)
    assert "将对" not in dict(sc("22255588m222777p", None, "8m").patterns)
    assert "天胡" not in dict(sc("123345789m23466p", None, "6p", R=APP, first_turn=True,
                                self_draw=True).patterns)  # 地胡: not the dealer
    with pytest.raises(RuleError, match="first draw"):  # 天胡/地胡 are self-drawn
        sc("123345789m23466p", None, "6p", R=APP, first_turn=True, dealer=True)


def test_optional_patterns_are_off_by_default():
    R = rules("sichuan", cap=None)
    assert score("66p", ["pong 1m", "pong 3m", "pong 4m", "pong 2p"], "6p", rules=R).patterns \
        == [("大对子", 2)]
    assert score("12312399m123789s", win="9s", rules=R).patterns == [("平胡", 1)]
    assert score("22255588m222888p", win="8p", rules=R).patterns == [("大对子", 2)]


def test_roots_double_and_longqidui_uses_one():
    # Chengdu 龙七对 with two fours: 8 x 2 (每多一根翻倍)
    assert sc("1111446666m5588p", None, "8p").total == 16
    # a pong plus the fourth tile in hand is a root (四归一)
    r = sc("123m345m678p99p", ["pong 6p"], "9p")
    assert dict(r.patterns) == {"平胡": 1, "根": 2}
    # app 龙七对 x16 counts its four once: 不再计七对，同时减1根
    assert sc("11222244p557799m", None, "9m", R=APP).total == 16


def test_cap_and_zimo_switches():
    hand, win = "11224444557799m", "9m"
    assert score(hand, win=win, rules="sichuan").total == 8  # 8番封顶
    assert score(hand, win=win, rules=rules("sichuan", cap=16)).total == 16
    assert score(hand, win=win, rules=rules("sichuan", cap=None)).total == 32
    # 自摸加底: 2 + 1 (the seed's 4 + 1 = 5 example)
    r = score("111333444m22266p", win="6p", self_draw=True, rules="sichuan")
    assert r.total == 3 and ("自摸加底", 1) in r.patterns
    r = score("111333444m22266p", win="6p", self_draw=True, rules=rules("sichuan", zimo="fan"))
    assert r.total == 4
    # the cap applies before 自摸加底: 32 -> 8, + 1
    assert score(hand, win=win, self_draw=True, rules="sichuan").total == 9


@pytest.mark.parametrize(
    "kw, switch, mult",
    [
        ({"robbing_kong": True}, {}, 2),
        ({"last_tile": True}, {"haidi": True}, 2),
        ({"last_tile": True}, {}, 1),
        ({"last_copy": True}, {"juezhang": True}, 2),
        ({"last_copy": True}, {}, 1),
        ({"robbing_kong": True}, {"qianggang": False}, 1),
    ],
)
def test_extra_multipliers(kw, switch, mult):
    R = rules("sichuan", cap=None, zimo="none", **switch)
    if "robbing_kong" in kw or "last_copy" in kw:
        # the robbed tile is the 4th copy, and 绝张 holds none of its waits (6m, 9m): a 平胡
        # won on a run's 9m
        assert score("123m345m789m234p66p", win="9m", rules=R, **kw).total == 1 * mult
    else:  # 大对子, 2
        assert score("111333444m22266p", win="6p", rules=R, **kw).total == 2 * mult


def test_tianhu_chengdu_is_full_cap():
    r = score("123345789m23466p", win="6p", rules="sichuan", first_turn=True, dealer=True,
              self_draw=True)
    assert r.patterns[0] == ("天胡", 8)


def test_payments():
    r = score("111333444m22266p", win="6p", rules="sichuan", self_draw=True)
    assert r.payments == {0: 9, 1: -3, 2: -3, 3: -3}
    r = score("111333444m22266p", win="6p", rules="sichuan", table=Table(winner=1, discarder=3))
    assert r.payments == {0: 0, 1: 2, 2: 0, 3: -2}
    # 血战到底: seat 2 has already won and does not pay
    r = score("111333444m22266p", win="6p", rules="sichuan", self_draw=True,
              table=Table(active=(0, 1, 3)))
    assert r.payments == {0: 6, 1: -3, 2: 0, 3: -3}


# 杠上花 after 点杠: seat 2 fed a kong of 4m, the replacement 6p completes
# 大对子 2 x2 (根, the kong) x2 (杠上花) = 8 before any self-draw bonus
_GANGHUA = [("大对子", 2), ("根", 2), ("杠上花", 2)]


def _ganghua(kong="kong 4m", **sw):
    return score("111333m22266p", [kong], "6p", rules=rules("sichuan", cap=None, **sw),
                 self_draw=True, after_kong=True, table=Table(kong_from=2))


@pytest.mark.parametrize("zimo,selfdraw_total,bonus", [
    ("di", 8 + 1, [("自摸加底", 1)]),
    ("fan", 8 * 2, [("自摸加番", 2)]),
    ("none", 8, []),
])
def test_dianganghua_dianpao_is_settled_as_a_discard(zimo, selfdraw_total, bonus):
    # 引杠杠上花算放炮: the kong's feeder alone pays, as for a discard: no 自摸 bonus
    r = _ganghua(dianganghua="dianpao", zimo=zimo)
    assert r.total == 8 and r.patterns == _GANGHUA
    assert r.payments == {0: 8, 1: 0, 2: -8, 3: 0}
    # 算自摸 (the default): every seat still in pays, with the self-draw bonus
    r = _ganghua(dianganghua="zimo", zimo=zimo)
    assert r.total == selfdraw_total and r.patterns == _GANGHUA + bonus
    assert r.payments == {0: 3 * selfdraw_total, 1: -selfdraw_total, 2: -selfdraw_total,
                          3: -selfdraw_total}
    # an added kong is not fed by a discard: still a self-draw under "dianpao"
    r = _ganghua("addkong 4m", dianganghua="dianpao", zimo=zimo)
    assert r.total == selfdraw_total and r.payments[1] == r.payments[2] == -selfdraw_total


def test_errors():
    with pytest.raises(RuleError, match="chow"):
        score("456m111p22266p", ["chow 123m"], "6p", rules="sichuan")
    with pytest.raises(RuleError, match="missing suit"):
        score("123m345p789s234s66s", win="6s", rules="sichuan")
    with pytest.raises(HandError, match="does not have"):
        score("123345789m234p11z", win="1z", rules="sichuan")
    with pytest.raises(HandError, match="not complete"):
        score("123345789m23467p", win="7p", rules="sichuan")
    with pytest.raises(RuleError, match="needs a kong"):
        score("123345789m23466p", win="6p", rules="sichuan", self_draw=True, after_kong=True)
