"""Scoring: the seed's worked example, every 名堂 with a hand and a near miss, 道, fouls."""

import pytest

from mjstats import daer
from mjstats.daer import Foul, Pattern
from mjstats.errors import HandError, RuleError

P = Pattern
MT = "daer-luzhou-mingtang"
LZ = "daer-luzhou"
CQ = "daer-chongqing"


def test_seed_worked_example():
    # "刚好胡红10胡，则为（2+1）*2=6分，说赢家加2*6－1*2=10分，底家加1*2=2分。输家各扣6分。"
    r = daer.score("二二二三三七八九十十叁叁肆伍柒柒拾拾", melds=["pong 一"], win="八")
    assert r.won and r.hu == 10
    assert r.patterns == [("红胡", 2)]
    assert r.level == 1 and r.multiplier == 2 and r.total == 6
    assert tuple(r.payments) == (10, -6, 2)
    assert sum(r.payments) + r.payments.loser == 0  # winner + 2 losers + 底家


def _mt(held, melds=(), **kw):
    return daer.score(held, melds=melds, rules=MT, **kw)


# (pattern, hand with it, near miss without it); hands as held cards + melds
CASES = [
    (P.HONG,  # 10 red / 9 red
     ("二二二三三七八九十十叁叁肆伍柒柒拾拾", ["pong 一"]),
     ("二二二三三叁七柒柒四五六十拾拾叁肆伍", ["pong 一"])),
    (P.ZHEN_ZHU,  # the one red card in 一二三 / in 二三四
     ("一二三四四四五五五肆伍陆八八捌玖玖玖叁肆伍", []),
     ("二三四四四四五五五肆伍陆八八捌玖玖玖叁肆伍", [])),
    (P.JIA_ZHU,  # one red card outside 一二三 / two red cards
     ("二三四四四四五五五肆伍陆八八捌玖玖玖叁肆伍", []),
     ("二三四四四四五五五肆伍陆八八捌玖玖玖伍陆柒", [])),
    (P.ZHAO_YIN,  # a red 招 and no other red / plus one more red
     ("四四四五五五肆伍陆八八捌玖玖玖三三", ["zhao 二"]),
     ("四四四五六七肆伍陆八八捌玖玖玖三三", ["zhao 二"])),
    (P.LONG_YIN,
     ("四四四五五五肆伍陆八八捌玖玖玖三三", ["long 二"]),
     ("四四四五六七肆伍陆八八捌玖玖玖三三", ["long 二"])),
    (P.HE_YIN,  # 二七十 + 二三四: 3 + 1 / 红 pair + two singles: 2 + 1 + 1
     ("二七十二三四五五五肆伍陆八八捌玖玖玖叁叁叁", []),
     ("二二三四五五六七八九十肆伍陆捌捌捌", ["zhao 玖"])),
    (P.SAN_YIN,  # four 列 with one red each / three 列 with one red
     ("二三四五六七八九十贰叁肆肆肆肆伍伍伍陆陆陆", []),
     ("二三四五六七八九十叁叁叁肆肆肆伍伍伍陆陆陆", [])),
    (P.PIAN,  # three red in one 列 / three red in three 列
     ("二七十三三三四四四肆伍陆八八捌玖玖玖叁叁叁", []),
     ("二三四五六七八九十三三三肆伍陆捌捌捌玖玖玖", [])),
    (P.HUA,  # red in six 列 / in five
     ("一二三五六七八九十贰叁肆伍陆柒捌玖拾肆肆肆", []),
     ("一二三五六七八九十贰叁肆伍陆柒捌捌捌肆肆肆", [])),
    (P.BIANDIJIN,  # red in all seven 列 / in six
     ("一二三五六七八九十贰叁肆伍陆柒捌玖拾贰贰贰", []),
     ("一二三五六七八九十贰叁肆伍陆柒捌玖拾肆肆肆", [])),
    (P.SHISAN,  # exactly 13 red / 12
     ("二二二七七七十十拾贰柒拾伍陆柒四四肆伍伍伍", []),
     ("二二二七七七十十拾贰柒拾肆伍陆四四肆伍伍伍", [])),
    (P.SHIWU,  # exactly 15 red / 14
     ("二二二七七七十十十贰柒拾贰贰二四四肆伍伍伍", []),
     ("二二二七七七十十十贰柒拾贰叁肆伍陆柒四四肆", [])),
    (P.WU,  # no red / one red
     ("一一一三三三四四四五五五肆伍陆八八捌玖玖玖", []),
     ("一二三三三三四四四五五五肆伍陆八八捌玖玖玖", [])),
    (P.SISTER_PONG,  # 坎三 + 碰叁 / 坎三 + 碰肆
     ("三三三四五六八八八肆伍陆玖玖玖陆陆陆", ["pong 叁"]),
     ("三三三四五六八八八肆伍陆玖玖玖陆陆陆", ["pong 壹"])),
    (P.SISTER_ZHAO,  # 招三 + 招叁 / 招三 + 碰叁
     ("四五六八八八肆伍陆玖玖玖五五", ["zhao 三", "zhao 叁"]),
     ("四五六八八八肆伍陆玖玖玖五五", ["zhao 三", "pong 叁"])),
    (P.SISTER_LONG,  # 垅三 + 垅叁 / 垅三 + 招叁
     ("四五六八八八肆伍陆玖玖玖五五", ["long 三", "long 叁"]),
     ("四五六八八八肆伍陆玖玖玖五五", ["long 三", "zhao 叁"])),
    (P.QIA,  # 20 胡 / 21 胡
     ("肆肆肆伍伍伍六七八八九十陆柒捌", ["pong 四", "pong 五"]),
     ("肆肆肆伍伍伍六七八八九十陆柒捌", ["pong 四", "pong 叁"])),
    (P.QING,  # no 一二三 / 二七十 / 壹贰叁 / 贰柒拾; near miss has 一二三
     ("一一一四四四五五五肆伍陆八八捌玖玖玖叁肆伍", []),
     ("一二三四四四五五五肆伍陆八八捌玖玖玖叁肆伍", [])),
    (P.PIAO,  # no 坎 or 垅 (碰 allowed) / one 坎
     ("一二三四五六肆伍陆八八捌", ["pong 玖", "pong 二", "pong 贰"]),
     ("一二三四五六肆伍陆三三三", ["pong 玖", "pong 二", "pong 贰"])),
    (P.SHUANG_PIAODAI,  # two 一二三 and two 二七十 / the 二七十 big
     ("一二三一二三二七十二七十四四四五五五肆伍陆", []),
     ("一二三一二三贰柒拾贰柒拾四四四五五五肆伍陆", [])),
    (P.DAXIAO18,  # 18 big cards / 15
     ("壹贰叁肆伍陆柒捌玖贰贰贰肆肆肆伍伍伍一二三", []),
     ("壹贰叁肆伍陆柒捌玖贰贰贰肆肆肆一二三四五六", [])),
    (P.XI24,  # four 招/垅 + 2 列 + pair = 24 cards / three: 23
     ("一二三四五六五五", ["long 七", "zhao 八", "zhao 捌", "long 玖"]),
     ("一二三四五六肆伍陆五五", ["long 七", "zhao 八", "zhao 捌"])),
    (P.HU30,  # 30 胡 / 29
     ("四四四五五五肆肆肆玖玖玖八八捌六七八伍陆柒", []),
     ("肆肆肆玖玖玖四四四一二三八八捌", ["pong 五", "pong 六"])),
]


@pytest.mark.parametrize("pattern, has, near", CASES, ids=[c[0].name for c in CASES])
def test_mingtang_pattern_and_near_miss(pattern, has, near):
    r = _mt(*has)
    assert r.won, (pattern, r)
    assert pattern in r.pattern_codes, (pattern, str(r))
    m = _mt(*near)
    assert m.won, (pattern, m)
    assert pattern not in m.pattern_codes, (pattern, str(m))


def _pats(r):
    return set(r.pattern_codes)


WU_HAND = "一一一三三三四四四五五五八八捌肆伍陆玖玖玖"  # 33 胡, no red
PINGHU27_HAND = "一二三五六七八九十四四四捌捌捌伍伍伍六六陆"  # 27 胡, three red in three 列


def test_pinghu_two_and_four():
    r = _mt(PINGHU27_HAND)
    assert r.hu == 27 and r.patterns == [("平胡27", 4)] and r.total == 8
    r = _mt("一二三五六七八九十四四四捌捌捌肆伍陆六六陆")  # 18 胡
    assert r.hu == 18 and r.patterns == [("平胡", 2)] and tuple(r.payments) == (8, -5, 2)


@pytest.mark.parametrize(
    "kw, pattern",
    [
        (dict(dealer=True, heavenly=True), P.TIAN),
        (dict(earthly=True, self_draw=False), P.DI),
        (dict(dealer=True, returning=True, self_draw=False), P.HUILONG),
        (dict(last_card=True), P.HAIDI),
    ],
)
def test_context_patterns(kw, pattern):
    assert pattern in _pats(_mt(PINGHU27_HAND, **kw))
    assert pattern not in _pats(_mt(PINGHU27_HAND))  # near miss: same hand, plain win


@pytest.mark.parametrize(
    "kw, words",
    [
        (dict(heavenly=True), "dealer=True"),
        (dict(dealer=True, earthly=True), "dealer=False"),
        (dict(dealer=True, returning=True), "self_draw=False"),
        (dict(returning=True, self_draw=False), "dealer=True"),
        # contradictory first-turn and last-card contexts
        (dict(dealer=True, heavenly=True, self_draw=False), "no card is taken"),
        (dict(dealer=True, heavenly=True, returning=True, self_draw=False), "no card is taken"),
        (dict(dealer=True, heavenly=True, last_card=True), "stock's last card"),
        (dict(earthly=True, self_draw=False, last_card=True), "stock's last card"),
        (dict(dealer=True, returning=True, self_draw=False, last_card=True), "last card"),
    ],
)
def test_context_errors(kw, words):
    for name in (LZ, MT, CQ):
        with pytest.raises(RuleError, match=words):
            daer.score(PINGHU27_HAND, rules=name, **kw)


@pytest.mark.parametrize("name", ["daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing"])
def test_earthly_needs_the_dealers_discard(name):
    with pytest.raises(RuleError, match="first discard"):
        daer.score(PINGHU27_HAND, rules=name, earthly=True)
    assert daer.score(PINGHU27_HAND, rules=name, earthly=True, self_draw=False).won


def test_fan_product_and_cap():
    # 真珠 16 x 恰 2 x 30胡 8 = 256 -> capped at 32; uncapped 256 pays 24 * 256 / 32
    hand = "一二三三三三四四四五五五八八捌肆伍陆玖玖玖"
    r = _mt(hand)
    assert sorted(v for _, v in r.patterns) == [2, 8, 16] and r.level == 32 and r.total == 24
    u = daer.score(hand, rules=daer.rules(MT).with_switches(cap=0))
    assert u.level == 256 and u.total == 24 * 8 and u.payments.dijia == 12 * 8


def test_seed_example_8192():
    # "花红青飘恰：8*8*8*8*2=10572番": the product is 8192 (the seed's 10572 is a slip)
    import numpy as np

    from mjstats.daer.hu import _combine

    flags = np.zeros(len(P), dtype=np.int64)
    for p in (P.HUA, P.HONG, P.QING, P.PIAO, P.QIA):
        flags[p] = 1
    counted = np.zeros_like(flags)
    uncapped = daer.rules(MT).with_switches(cap=0).params()
    assert _combine(flags, 20, uncapped, counted)[0] == 8 * 8 * 8 * 8 * 2 == 8192
    assert _combine(flags, 20, daer.rules(MT).params(), counted)[0] == 32


def test_family_keeps_highest():
    # 36 胡 counts 36胡 only, not 30胡 and 33胡 as well
    r = _mt("一二三五六七八九十贰贰贰拾拾拾伍伍伍捌捌捌")
    assert r.hu >= 36 and P.HU36 in _pats(r) and not {P.HU30, P.HU33} & _pats(r)


@pytest.mark.parametrize("fan, pts, dijia", [(2, 5, 2), (4, 8, 4), (8, 12, 6), (16, 16, 8),
                                              (32, 24, 12)])
def test_fan_points_table(fan, pts, dijia):
    import numpy as np

    from mjstats.daer.hu import _combine

    # a single pattern of that fan: use the values table directly
    rs = daer.rules(MT)
    p = {2: P.QIA, 4: P.PIAN, 8: P.QING, 16: P.ZHEN_ZHU, 32: P.WU}[fan]
    flags = np.zeros(len(P), dtype=np.int64)
    flags[p] = 1
    out = _combine(flags, 21, rs.params(), np.zeros_like(flags))
    assert out[0] == fan and out[2:] == (pts, dijia, 2 * pts - dijia)


# 普通算等 multipliers: 乌 x4, 红/天/地 x2, several multiply
def test_putong_multipliers():
    r = daer.score(WU_HAND)
    assert r.hu == 33 and r.patterns == [("乌胡", 4)] and r.level == 4
    assert tuple(r.payments) == (36, -20, 4)  # (4 + 1) * 4 per loser, 底家 1 * 4
    r = daer.score(PINGHU27_HAND)
    assert r.patterns == [] and r.multiplier == 1 and tuple(r.payments) == (7, -4, 1)
    r = daer.score(PINGHU27_HAND, dealer=True, heavenly=True)
    assert r.multiplier == 2 and r.total == 8
    # 地胡 comes before any pong, so the 一 are a held 坎 (15 胡, 2 等 as the minimum)
    r = daer.score("一一一二二二三三七八九十十叁叁肆伍柒柒拾拾", earthly=True, self_draw=False)
    assert r.multiplier == 4 and r.total == 12  # 红 x2 地 x2


@pytest.mark.parametrize(
    "held, melds, hu, dao",
    [
        ("二二二三三七八九十十叁叁肆伍柒柒拾拾", ["pong 一"], 10, 2),  # 1 道 + 十个红
        ("一二三五六七八九十四四四捌捌捌肆伍陆六六陆", [], 18, 1),
        ("肆肆肆伍伍伍六七八八九十陆柒捌", ["pong 四", "pong 叁"], 22, 2),
        (PINGHU27_HAND, [], 27, 3),
        ("肆肆肆玖玖玖四四四一二三八八捌", ["pong 五", "pong 六"], 29, 3),
        ("四四四五五五肆肆肆玖玖玖八八捌六七八伍陆柒", [], 30, 4),
        ("二七十三三三四四四肆伍陆八八捌玖玖玖叁叁叁", [], 36, 5),
        ("一一一四四四五五五肆伍陆八八捌玖玖玖叁肆伍", [], 27, 5),  # 黑五道 (no red)
        ("一二三五六七八九十贰贰贰拾拾拾伍伍伍捌捌捌", [], 45, 5),
    ],
)
def test_chongqing_dao(held, melds, hu, dao):
    r = daer.score(held, melds=melds, rules="daer-chongqing")
    assert r.hu == hu and r.level == dao and r.total == dao
    assert tuple(r.payments) == (2 * dao, -dao, 0)


def test_chongqing_red_bonus_and_cap_switch():
    # "30胡（四道）+十个红就是五道"
    hand = "二二二七七七十十拾贰柒拾伍陆柒四四肆伍伍伍"  # 36 胡, 13 red
    r = daer.score(hand, rules="daer-chongqing")
    assert r.level == 5 and ("十个红", 1) in r.patterns
    r6 = daer.score(hand, rules=daer.rules("daer-chongqing").with_switches(dao_cap=0))
    assert r6.level == 6


def test_chongqing_all_red_and_heavenly():
    all_red = "二七十二七十贰柒拾贰柒拾二二贰七七柒十十拾"
    r = daer.score(all_red, rules="daer-chongqing")
    assert P.ALL_RED in r.pattern_codes and r.level == 5
    r = daer.score("一二三五六七八九十四四四捌捌捌肆伍陆六六陆", rules="daer-chongqing",
                   dealer=True, heavenly=True)
    assert r.level == 5 and ("天五道", 5) in r.patterns


# fouls (犯规, 点包子)
def test_foul_no_pair_after_zhao():
    # 招 + six 列 of three and no pair: the cards are 7 列 but 招 needs a pair (犯规 B)
    r = daer.score("一二三四五六七八九二七十壹贰叁肆伍陆", melds=["zhao 玖"])
    assert not r.won and Foul.NO_PAIR in r.fouls and Foul.WRONG_WIN in r.fouls


def test_foul_wrong_win_and_under_min_hu():
    r = daer.score("一二三四五六七八九二七十壹贰叁肆伍陆柒捌拾")
    assert not r.won and r.fouls == [Foul.WRONG_WIN]
    r = daer.score("二三四五六七捌玖拾三四五陆柒捌四五六伍陆柒")  # 列 but 0 胡
    assert not r.won and r.fouls == [Foul.UNDER_MIN_HU] and r.hu == 0


def test_foul_hidden_long():
    hand = "四四四四五六七八九壹贰叁肆伍陆柒捌玖二七十"
    assert Foul.HIDDEN_LONG in daer.score(hand).fouls
    assert Foul.HIDDEN_LONG not in daer.score(hand, win="四").fouls  # the 4th just arrived


def test_foul_payments():
    assert daer.foul_payments() == {"fouler": -4, "other": 2, "dijia": 0}
    r = daer.rules("daer-chongqing").with_switches(foul_pays_dijia=True)
    assert daer.foul_payments(r) == {"fouler": -6, "other": 2, "dijia": 2}


def test_score_input_errors():
    with pytest.raises(HandError, match="not in the hand"):
        daer.score(PINGHU27_HAND, win="壹")
    with pytest.raises(HandError, match="6 copies of 四"):
        daer.score(PINGHU27_HAND, melds=["pong 四"])
    with pytest.raises(RuleError, match="unknown Da Er rule set"):
        daer.score(PINGHU27_HAND, rules="daer-nowhere")
    # fewer cards than any finished hand: no claim of a win (诈胡) but a misread hand
    with pytest.raises(HandError, match="at least 21 cards, hand and melds together.*got 3"):
        daer.score("一二三")
    with pytest.raises(HandError, match="got 20"):
        daer.score(PINGHU27_HAND[1:], win=PINGHU27_HAND[-1])
    with pytest.raises(RuleError, match="unknown switch"):
        daer.rules(MT).with_switches(cap_fan=3)
    with pytest.raises(RuleError, match="cap"):
        daer.rules(MT).with_switches(cap=7)


def test_sum_of_payments_is_zero_on_random_wins():
    import numpy as np

    from tests.daer.test_daer_hu import _random_complete

    rng = np.random.default_rng(3)
    for name in daer.RULESETS:
        for _ in range(40):
            r = daer.score(_random_complete(rng, int(rng.integers(0, 2))), rules=name)
            w, lo, d = r.payments
            assert w + 2 * lo + d == 0
            assert r.won == (r.hu >= 10)


def test_pattern_table():
    t = daer.pattern_table(MT)
    assert len(t) == 31 and set(t.columns) == {"pattern", "name_zh", "name_en", "value"}
    assert daer.pattern_table("daer-luzhou").value.tolist() == [2, 4, 2, 2]
