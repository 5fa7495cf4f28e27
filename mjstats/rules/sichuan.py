"""Sichuan 四川麻将 (血战到底): 108 tiles, no chow, 定缺, fan as multipliers.

Two presets share this definition (seeds ``000`` end and ``004``):

* ``"sichuan"``: the Chengdu table (成都麻将) in multipliers, 平胡 1, 大对子 2,
  清一色 4, 暗七对 4, 清大对 8, 龙七对 8, 清七对 16, 清龙七对 32; the regional
  extras 金钩钓 4, 带幺 4, 清带幺 16, 将对 16 behind switches.
* ``"sichuan-app"``: the app table in 番 (一番 x1 … 六番 x32): 对对胡 x2,
  清一色/带幺九/七对 x4, 清对/将对 x8, 龙七对/清七对/清幺九 x16,
  天胡/地胡/清龙七对 x32.

Values are stored as multipliers; 番 is a label (``n`` 番 = x2**(n-1)).
A hand takes its largest 格 (base pattern) from the table, then doubles once
per 根 and per extra (杠上花, 杠上炮, 抢杠胡, optional 海底 and 绝张), then the cap
applies.  See ``docs/rules/sichuan.md`` for every value's seed line.
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


class SichuanPattern(IntEnum):
    """Sichuan patterns (格 first, then the doubling extras)."""

    PINGHU = 0
    DADUIZI = 1
    QINGYISE = 2
    QIDUI = 3
    QINGDADUI = 4
    LONGQIDUI = 5
    QINGQIDUI = 6
    QINGLONGQIDUI = 7
    JINGOU = 8
    DAIYAO = 9
    QINGDAIYAO = 10
    JIANGDUI = 11
    TIANHU = 12
    DIHU = 13
    GEN = 14
    GANGSHANGHUA = 15
    GANGSHANGPAO = 16
    QIANGGANG = 17
    HAIDI = 18
    JUEZHANG = 19
    ZIMO = 20


N_BASE = 14
"""Patterns 0..13 are 格 (the hand takes the largest); the rest multiply."""

INFO = (
    PatternInfo("PINGHU", "平胡", "plain win", "base"),
    PatternInfo("DADUIZI", "大对子", "all triplets", "base"),
    PatternInfo("QINGYISE", "清一色", "one suit", "base"),
    PatternInfo("QIDUI", "暗七对", "seven pairs", "base"),
    PatternInfo("QINGDADUI", "清大对", "one-suit all triplets", "base"),
    PatternInfo("LONGQIDUI", "龙七对", "dragon seven pairs", "base"),
    PatternInfo("QINGQIDUI", "清七对", "one-suit seven pairs", "base"),
    PatternInfo("QINGLONGQIDUI", "清龙七对", "one-suit dragon seven pairs", "base"),
    PatternInfo("JINGOU", "金钩钓", "golden hook (single-tile wait, four melds out)", "base"),
    PatternInfo("DAIYAO", "带幺", "terminal in every set", "base"),
    PatternInfo("QINGDAIYAO", "清带幺", "one-suit terminal in every set", "base"),
    PatternInfo("JIANGDUI", "将对", "all-258 triplets", "base"),
    PatternInfo("TIANHU", "天胡", "heavenly win", "base"),
    PatternInfo("DIHU", "地胡", "earthly win", "base"),
    PatternInfo("GEN", "根", "root (four of a kind)", "mul"),
    PatternInfo("GANGSHANGHUA", "杠上花", "win on a kong replacement", "mul"),
    PatternInfo("GANGSHANGPAO", "杠上炮", "win on a discard after a kong", "mul"),
    PatternInfo("QIANGGANG", "抢杠胡", "robbing a kong", "mul"),
    PatternInfo("HAIDI", "海底", "last tile of the wall", "mul"),
    PatternInfo("JUEZHANG", "绝张", "last copy", "mul"),
    PatternInfo("ZIMO", "自摸", "self-drawn", "mul"),
)

_CHENGDU = {
    "PINGHU": 1, "DADUIZI": 2, "QINGYISE": 4, "QIDUI": 4, "QINGDADUI": 8, "LONGQIDUI": 8,
    "QINGQIDUI": 16, "QINGLONGQIDUI": 32, "JINGOU": 4, "DAIYAO": 4, "QINGDAIYAO": 16,
    "JIANGDUI": 16,
}
_APP = {
    "PINGHU": 1, "DADUIZI": 2, "QINGYISE": 4, "DAIYAO": 4, "QIDUI": 4, "QINGDADUI": 8,
    "JIANGDUI": 8, "LONGQIDUI": 16, "QINGQIDUI": 16, "QINGDAIYAO": 16, "TIANHU": 32,
    "DIHU": 32, "QINGLONGQIDUI": 32, "JINGOU": 4,
}

SWITCHES = (
    Switch("table", "chengdu", ("chengdu", "app"),
           "fan table: Chengdu multipliers (004 成都 section) or the app table in 番 (004 x2…x32)"),
    Switch("cap", 8, (8, 16, None),
           "封顶: cap on the hand's multiplier (一般8番封顶 … 也有16番封顶或者不封顶的); "
           "None = no cap"),
    Switch("zimo", "di", ("di", "fan", "none"),
           "自摸: 'di' adds one base unit after the cap (自摸加底 4+1=5), 'fan' doubles before "
           "the cap (自摸加番), 'none' nothing"),
    Switch("jingou", False, (False, True),
           "金钩钓 x4 (only in some regions: 以下基础牌型在部分地区计算)"),
    Switch("daiyao", False, (False, True),
           "带幺 x4 and 清带幺 x16 (部分地区计算; always on in the app table)",
           fixed=("table", "app", True)),
    Switch("jiangdui", False, (False, True),
           "将对 x16 Chengdu / x8 app (有些地区无此胡法; always on in the app table)",
           fixed=("table", "app", True)),
    Switch("tiandi", True, (False, True),
           "天胡/地胡: Chengdu 按满格处理 (value = the cap, 32 when uncapped); app x32"),
    Switch("haidi", False, (False, True),
           "海底 x2: win on the last tile of the wall (额外倍数在部分地区计算)"),
    Switch("juezhang", False, (False, True),
           "绝张 x2: win on the last live copy (部分地区计算; needs last_copy=True)"),
    Switch("qianggang", True, (False, True),
           "抢杠胡 x2 (胡牌的积分要在原基础上番一倍)"),
    Switch("dianganghua", "zimo", ("zimo", "dianpao"),
           "杠上花 after a kong fed by a discard: counts as self-draw (算自摸) or is settled "
           "as a discard, the feeder alone paying with no self-draw bonus (有的地区算放炮)"),
    Switch("zhigang", 2, (1, 2),
           "直杠 (kong from a discard): the feeder pays 2 (成都 section, 000) or 1 (004 app "
           "section 收取引杠者1倍)"),
    Switch("maomaoyu", False, (False, True),
           "下毛毛雨: on a 直杠 the players who did not feed it also pay 1"),
    Switch("zhuanyu", False, (False, True),
           "转雨: kong gains pass to the player who wins on the konger's next discard "
           "(杠上炮) or robs it"),
    Switch("chajiao", "da", ("da", "xiao"),
           "查叫: a player without a ready hand pays ready players their largest (赔大叫) or "
           "smallest (赔小叫) possible win"),
    Switch("sijiao", True, (False, True),
           "死叫算叫: a ready hand whose winning tiles are all visible still counts as ready"),
    Switch("huazhu", 16, (8, 16),
           "查花猪: a hand with three suits at the end pays every non-花猪 this much "
           "(app 16倍; Chengdu 赔满格 = the cap)"),
    Switch("last4", True, (False, True),
           "最后四张必须胡: with four tiles left in the wall a ready player must win"),
    Switch("jiaoma", False, (False, True),
           "叫马: a fifth player bets on a seat drawn from the wall's tail"),
)


def _build(name: str, **sw) -> RuleSet:
    P = SichuanPattern
    table = _APP if sw["table"] == "app" else _CHENGDU
    values = np.zeros(len(P), dtype=np.int64)
    for key, v in table.items():
        values[P[key]] = v
    app = sw["table"] == "app"
    if not sw["jingou"]:
        values[P.JINGOU] = 0
    if not sw["daiyao"]:
        values[P.DAIYAO] = values[P.QINGDAIYAO] = 0
    if not sw["jiangdui"]:
        values[P.JIANGDUI] = 0
    if sw["tiandi"]:
        if not app:
            values[P.TIANHU] = values[P.DIHU] = sw["cap"] or 32
    else:
        values[P.TIANHU] = values[P.DIHU] = 0
    values[P.GEN] = 2
    values[P.GANGSHANGHUA] = 2
    values[P.GANGSHANGPAO] = 2
    values[P.QIANGGANG] = 2 if sw["qianggang"] else 0
    values[P.HAIDI] = 2 if sw["haidi"] else 0
    values[P.JUEZHANG] = 2 if sw["juezhang"] else 0
    values[P.ZIMO] = {"fan": 2, "di": 1, "none": 0}[sw["zimo"]]
    return RuleSet(
        name=name,
        name_zh="四川麻将 血战到底" + (" (手游番表)" if app else " (成都倍数表)"),
        family=Family.SICHUAN,
        tileset=tileset("sichuan"),
        unit="倍",
        chow=False,
        missing_suit=True,
        patterns=SichuanPattern,
        info=INFO,
        values=values,
        switches=sw,
    )


def fan_label(multiplier: int) -> int:
    """番 of the app table for a multiplier (x1 = 一番, x2 = 两番, … x32 = 六番).

    Examples
    --------
    >>> fan_label(1), fan_label(16)
    (1, 5)
    """
    return int(multiplier).bit_length()


register_family(Family.SICHUAN, SWITCHES)
register("sichuan", Family.SICHUAN, _build, SWITCHES,
         "四川麻将 血战到底, Chengdu multiplier table (seed 004, 000 end)")
register("sichuan-app", Family.SICHUAN, _build, SWITCHES,
         "四川麻将 血战到底, the app table in 番 (seed 004 两番 x2 … 六番 x32)",
         overrides={"table": "app", "daiyao": True, "jiangdui": True})
