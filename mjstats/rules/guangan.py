"""Guang'an 广安麻将: 120 tiles (108 + 中发白), no chow, 必缺一门, scored in 颗.

Every pattern adds 颗 (seed ``000`` middle: "各种牌型加番都以加计算"), except
三元汇 and 十八罗汉, which multiply.  The default reading reproduces the text's
three worked examples (82, 60 and 58 颗); where the pattern list and the
examples disagree a switch gives the list's reading.  See
``docs/rules/guangan.md``.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from mjstats.rules.base import (
    Family,
    PatternInfo,
    RuleSet,
    Switch,
    register,
    register_family,
)
from mjstats.tiles import tileset


class GuanganPattern(IntEnum):
    """Guang'an patterns; values in 颗 (additive) unless noted."""

    BENSHEN = 0
    QUEMEN = 1
    QIDUI_QUEMEN = 2
    MENQING = 3
    ZIMO = 4
    KAZHANG = 5
    BIANZHANG = 6
    DANDIAO = 7
    KAXINWU = 8
    MINGGANG = 9
    ANGANG = 10
    FEIJI_ANGANG = 11
    FEIJI_MINGGANG = 12
    ZFB = 13
    HUNYISE = 14
    QINGYISE = 15
    DADUIZI = 16
    JINGOU = 17
    YITIAOLONG = 18
    QIDUI = 19
    LONGQIDUI = 20
    XIAOBANZI = 21
    DABANZI = 22
    XIAOFEIJI = 23
    DAFEIJI = 24
    QIANGGANG = 25
    GANGSHANGHUA = 26
    GANGSHANGPAO = 27
    HAIDILAO = 28
    HAIDIPAO = 29
    XIAOSANYUAN = 30
    DASANYUAN = 31
    LUOHAN = 32


INFO = (
    PatternInfo("BENSHEN", "本身", "base", "add"),
    PatternInfo("QUEMEN", "缺一门", "missing suit (per suit)", "add"),
    PatternInfo("QIDUI_QUEMEN", "七对清一色另计缺一门", "seven pairs one-suit extra missing suit",
                "add"),
    PatternInfo("MENQING", "门清", "concealed hand", "add"),
    PatternInfo("ZIMO", "自摸", "self-drawn", "add"),
    PatternInfo("KAZHANG", "卡张", "closed wait", "add"),
    PatternInfo("BIANZHANG", "边张", "edge wait", "add"),
    PatternInfo("DANDIAO", "单钓", "pair wait", "add"),
    PatternInfo("KAXINWU", "卡心五", "closed wait on 5", "add"),
    PatternInfo("MINGGANG", "明杠", "exposed kong", "add"),
    PatternInfo("ANGANG", "暗杠", "concealed kong", "add"),
    PatternInfo("FEIJI_ANGANG", "暗杠(飞机)", "concealed kong inside a plane", "add"),
    PatternInfo("FEIJI_MINGGANG", "明杠(飞机)", "exposed kong inside a plane", "add"),
    PatternInfo("ZFB", "中发白", "dragon triplet, kong or four", "add"),
    PatternInfo("HUNYISE", "混清一色", "one suit with dragons", "add"),
    PatternInfo("QINGYISE", "纯清一色", "one suit", "add"),
    PatternInfo("DADUIZI", "大对子", "all triplets", "add"),
    PatternInfo("JINGOU", "金钩钓", "golden hook (four melds out, pair wait)", "add"),
    PatternInfo("YITIAOLONG", "一条龙", "straight 1-9", "add"),
    PatternInfo("QIDUI", "暗七对", "seven pairs", "add"),
    PatternInfo("LONGQIDUI", "龙七对", "dragon seven pairs (win makes a four)", "add"),
    PatternInfo("XIAOBANZI", "小板子", "three consecutive pairs (223344)", "add"),
    PatternInfo("DABANZI", "大板子", "four or more consecutive pairs (per pair beyond 3)", "add"),
    PatternInfo("XIAOFEIJI", "小飞机", "two consecutive triplets", "add"),
    PatternInfo("DAFEIJI", "大飞机", "plane: three consecutive triplets or two kongs (each)",
                "add"),
    PatternInfo("QIANGGANG", "抢杠", "robbing a kong", "add"),
    PatternInfo("GANGSHANGHUA", "杠上花", "win on a kong replacement", "add"),
    PatternInfo("GANGSHANGPAO", "杠上炮", "win on a discard after a kong", "add"),
    PatternInfo("HAIDILAO", "海底捞", "self-drawn last tile", "add"),
    PatternInfo("HAIDIPAO", "海底炮", "win on the last discard", "add"),
    PatternInfo("XIAOSANYUAN", "小三元汇", "small three dragons", "add"),
    PatternInfo("DASANYUAN", "大三元汇", "big three dragons (x2)", "mul"),
    PatternInfo("LUOHAN", "十八罗汉", "four kongs (x2 in the text)", "mul"),
)

_VALUES = {
    "BENSHEN": 1, "QUEMEN": 1, "QIDUI_QUEMEN": 1, "MENQING": 1, "ZIMO": 1, "KAZHANG": 1,
    "BIANZHANG": 1, "DANDIAO": 1, "KAXINWU": 1, "MINGGANG": 1, "ANGANG": 2,
    "FEIJI_ANGANG": 1, "FEIJI_MINGGANG": 0, "ZFB": 1, "HUNYISE": 5, "QINGYISE": 10,
    "DADUIZI": 5, "JINGOU": 5, "YITIAOLONG": 5, "QIDUI": 5, "LONGQIDUI": 5,
    "XIAOBANZI": 1, "DABANZI": 7, "XIAOFEIJI": 1, "DAFEIJI": 7, "QIANGGANG": 5,
    "GANGSHANGHUA": 5, "GANGSHANGPAO": 5, "HAIDILAO": 5, "HAIDIPAO": 5, "XIAOSANYUAN": 5,
    "DASANYUAN": 2, "LUOHAN": 2,
}

SWITCHES = (
    Switch("zimo", 1, (0, 1),
           "自摸 颗: the worked examples add 自摸1颗; the pattern list has no such line (0)"),
    Switch("jingou_dandiao", False, (False, True),
           "also add 单钓1颗 to 金钩钓 (pattern list: 大对子金钩钓13颗 counts 单钓; the examples "
           "do not)"),
    Switch("qidui_quemen", True, (False, True),
           "one-suit seven pairs count 缺一门 once more (example 3: 混龙七对21颗 = 龙七对14 + "
           "混清一色8 - 本身1)"),
    Switch("sanyuan_plus", 0, (0, 5),
           "大三元汇 '加5再乘以2': the examples only double (0); the text adds 5 first (5)"),
    Switch("luohan", False, (False, True),
           "十八罗汉 x2: the text doubles four kongs; examples 1 and 2 (four concealed kongs) "
           "do not"),
    Switch("long_any", False, (False, True),
           "龙七对 with any four (True) instead of only when the winning tile makes the four "
           "(胡牌时必须是胡这四张牌中的一张)"),
    Switch("chajiao_double", True, (False, True),
           "查叫: a hand still holding three suits pays ready hands twice the total "
           "(赔给有叫的一家总颗数的两倍)"),
)


def _build(name: str, **sw) -> RuleSet:
    P = GuanganPattern
    values = np.zeros(len(P), dtype=np.int64)
    for key, v in _VALUES.items():
        values[P[key]] = v
    values[P.ZIMO] = sw["zimo"]
    values[P.QIDUI_QUEMEN] = 1 if sw["qidui_quemen"] else 0
    values[P.LUOHAN] = 2 if sw["luohan"] else 1
    return RuleSet(
        name=name,
        name_zh="广安麻将",
        family=Family.GUANGAN,
        tileset=tileset("guangan"),
        unit="颗",
        chow=False,
        missing_suit=True,
        patterns=GuanganPattern,
        info=INFO,
        values=values,
        switches=sw,
    )


register_family(Family.GUANGAN, SWITCHES)
register("guangan", Family.GUANGAN, _build, SWITCHES,
         "广安麻将 (seed 000 middle), 120 tiles, 颗 scoring")
