"""Liuzhou 柳州麻将: 136 tiles, chow allowed, scored in 分 (seed ``000`` top).

A discard win adds every pattern (但放炮时则可以叠加所有牌型); a self-draw that is
more than a 基本胡 is a 霹雳 and each player pays at most 2 (最大只有一霹).
海底捞月 and 杠上花 double; 杠上炮 adds 3.  See ``docs/rules/liuzhou.md``.
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


class LiuzhouPattern(IntEnum):
    """Liuzhou patterns (分)."""

    JIBEN = 0
    MENQING = 1
    MENQING_ALONE = 2
    DUIDUI = 3
    QINGYISE = 4
    QIDUI = 5
    QUANQIUREN = 6
    GANGSHANGPAO = 7
    HAIDI = 8
    GANGSHANGHUA = 9
    PILI = 10


INFO = (
    PatternInfo("JIBEN", "基本胡", "basic win", "add"),
    PatternInfo("MENQING", "门清", "concealed hand (with another pattern)", "add"),
    PatternInfo("MENQING_ALONE", "门清", "concealed hand (alone)", "add"),
    PatternInfo("DUIDUI", "对对胡", "all triplets", "add"),
    PatternInfo("QINGYISE", "清一色", "one suit", "add"),
    PatternInfo("QIDUI", "小七对", "seven pairs", "add"),
    PatternInfo("QUANQIUREN", "全求人", "all melds exposed, single-tile wait", "add"),
    PatternInfo("GANGSHANGPAO", "杠上炮", "win on a discard after a kong", "add"),
    PatternInfo("HAIDI", "海底捞月", "self-drawn last tile", "mul"),
    PatternInfo("GANGSHANGHUA", "杠上花", "win on a kong replacement", "mul"),
    PatternInfo("PILI", "霹雳", "self-draw cap per player", "flag"),
)

_VALUES = {
    "JIBEN": 1, "MENQING": 1, "MENQING_ALONE": 2, "DUIDUI": 3, "QINGYISE": 3, "QIDUI": 3,
    "QUANQIUREN": 3, "GANGSHANGPAO": 3, "HAIDI": 2, "GANGSHANGHUA": 2, "PILI": 2,
}

SWITCHES = (
    Switch("menqing", "concealed", ("concealed", "selfdraw"),
           "门清: any win with no chow/pong/exposed kong ('concealed', gives 门清对对胡4分 on a "
           "discard) or only a self-drawn one ('selfdraw', 只有自摸才算门清)"),
    Switch("pili", 2, (2, 3),
           "霹雳 cap: what each player pays at most on a self-draw (每家最多给2分)"),
    Switch("sanbi", True, (False, True),
           "吃三比: a player who took three melds from the same player changes the payments "
           "between them"),
    Switch("haidi", True, (False, True),
           "海底捞月 x2 on the last tile (some tables end the hand instead)"),
)


def _build(name: str, **sw) -> RuleSet:
    P = LiuzhouPattern
    values = np.zeros(len(P), dtype=np.int64)
    for key, v in _VALUES.items():
        values[P[key]] = v
    values[P.PILI] = sw["pili"]
    values[P.HAIDI] = 2 if sw["haidi"] else 0
    return RuleSet(
        name=name,
        name_zh="柳州麻将",
        family=Family.LIUZHOU,
        tileset=tileset("liuzhou"),
        unit="分",
        chow=True,
        missing_suit=False,
        patterns=LiuzhouPattern,
        info=INFO,
        values=values,
        switches=sw,
    )


register_family(Family.LIUZHOU, SWITCHES)
register("liuzhou", Family.LIUZHOU, _build, SWITCHES,
         "柳州麻将 (seed 000 top), 136 tiles, chow allowed, 分 scoring")
