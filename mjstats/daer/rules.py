"""Da Er rule sets as data: 胡 table, 名堂 / 道 pattern table, switches, presets.

One definition, :class:`DaErRules`, with three presets built from it by switches:

``daer-luzhou``
    泸州 普通算等: 等 from 胡 (``ceil(胡 / 10)``), at least 2 points, 红/天/地胡 x2,
    乌胡 x4, the 底家 share of the seed's worked example.
``daer-luzhou-mingtang``
    泸州 高级玩法: every 名堂 of the seed, fans multiplied across families, capped
    at 32, fan -> points and 底家 points from the seed's table.
``daer-chongqing``
    重庆: 道/棒 from 胡 ranges, 十个红 +1 道, 黑五道 / 红五道 / 天 / 地 five 道,
    must-pong, fouls (点包子) paying two 道 to each other player.

Every choice the seed leaves open is a switch; ``docs/rules/daer.md`` cites the
seed line behind each default.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import ClassVar, NamedTuple

import numpy as np

from mjstats.daer.groups import GROUP_CARDS, GROUP_VALID, N_GROUPS, Shape
from mjstats.errors import RuleError
from mjstats.tiles.daer_cards import IS_BIG, IS_RED, N_KINDS

DEALER_CARDS = 21
"""Cards dealt to the dealer (砌牌: the dealer 21, the others 20, the rest the stock)."""
PLAYER_CARDS = 20
"""Cards dealt to each other player."""
N_DEALT = DEALER_CARDS + 2 * PLAYER_CARDS
WIN_CARDS = PLAYER_CARDS + 1
"""The fewest cards of a finished hand, hand and melds together (each 招/垅 after the
first adds one, ``docs/rules/daer.md``, "Complete hand")."""


class Pattern(IntEnum):
    """Every pattern (名堂, 番 condition, 道 condition) any Da Er rule set can count."""

    HONG = 0          # 红胡 / 十个红: >= 10 red cards
    ZHEN_ZHU = 1      # 真珠: one red card, in 一二三 / 壹贰叁
    JIA_ZHU = 2       # 假珠: one red card elsewhere
    ZHAO_YIN = 3      # 招印: four red cards, a red 招
    LONG_YIN = 4      # 垅印: four red cards, a red 垅
    HE_YIN = 5        # 合印: four red cards in two 列, 3 + 1
    SAN_YIN = 6       # 散印: four red cards in four 列
    PIAN = 7          # 偏: three red cards, all in one 列
    HUA = 8           # 花: red cards in exactly six 列
    BIANDIJIN = 9     # 遍地金: red cards in all seven 列
    SHISAN = 10       # 十三太保: 13 red cards
    SHIWU = 11        # 十五观灯: 15 red cards
    WU = 12           # 乌胡 / 黑五道: no red card
    SISTER_PONG = 13  # 姊妹碰
    SISTER_ZHAO = 14  # 姊妹招
    SISTER_LONG = 15  # 姊妹垅
    QIA = 16          # 恰: 胡 a multiple of ten
    QING = 17         # 青: no 一二三 / 壹贰叁 / 二七十 / 贰柒拾
    PIAO = 18         # 飘: no 坎 and no 垅
    SHUANG_PIAODAI = 19  # 双飘带: two 一二三 and two 二七十 of one case
    DAXIAO18 = 20     # 18大18小: 18 or more big cards, or 18 or more small cards
    TIAN = 21         # 天胡
    DI = 22           # 地胡
    HUILONG = 23      # 回龙地胡: dealer wins on a player's first discard
    HAIDI = 24        # 海底捞: win on the last card of the stock
    XI24 = 25         # 24喜: 24 or more cards
    HU30 = 26         # 30胡
    HU33 = 27         # 33胡
    HU36 = 28         # 36胡
    ALL_RED = 29      # 红五道: no black card
    PINGHU = 30       # 平胡 (no 名堂, under 27 胡)
    PINGHU27 = 31     # 平胡 with 27 胡 or more


N_PATTERNS = len(Pattern)
PATTERN_NAMES_ZH = (
    "红胡", "真珠", "假珠", "招印", "垅印", "合印", "散印", "偏", "花", "遍地金", "十三太保",
    "十五观灯", "乌胡", "姊妹碰", "姊妹招", "姊妹垅", "恰", "青", "飘", "双飘带", "18大18小",
    "天胡", "地胡", "回龙地胡", "海底捞", "24喜", "30胡", "33胡", "36胡", "红五道", "平胡",
    "平胡27",
)
PATTERN_NAMES_EN = (
    "red hand", "true pearl", "false pearl", "zhao seal", "long seal", "joined seal",
    "scattered seal", "lean", "flower", "gold everywhere", "thirteen guardians",
    "fifteen lanterns", "black hand", "sister pongs", "sister zhaos", "sister longs",
    "exact tens", "green", "floating", "double floating ribbon", "eighteen big or small",
    "heavenly hand", "earthly hand", "returning-dragon earthly hand", "last card",
    "twenty-four cards", "30 hu", "33 hu", "36 hu", "all red", "plain hand", "plain hand 27",
)


class Scoring(IntEnum):
    """How patterns combine into a payment."""

    PUTONG = 0     # 普通算等: 等 x multipliers
    MINGTANG = 1   # 名堂: fans multiplied, fan table -> points
    CHONGQING = 2  # 道/棒


# 胡 of each 列, from the seed's 计胡规则: (small black, small red, big black, big red).
HU_TABLE: dict[Shape, tuple[int, int, int, int]] = {
    Shape.PONG: (1, 3, 3, 6),      # 碰牌：乌小牌为1胡，红小牌为3胡；乌大牌3胡，红大牌为6胡
    Shape.KAN: (6, 9, 9, 12),      # 坎牌：乌小牌6胡，红小牌为9胡，乌大牌9胡，红大牌为12胡
    Shape.ZHAO: (9, 12, 12, 15),   # 招牌是在坎牌基础上加3胡
    Shape.LONG: (12, 15, 15, 18),  # 垅牌在招牌基础上加3胡
}
RUN_HU = {0: 3, 10: 6}             # 一二三有3胡 … 壹贰叁有6胡
RED_RUN_HU = {1: 6, 11: 9}         # 二七十有6胡 … 贰柒拾有9胡


def hu_of_groups() -> np.ndarray:
    """胡 of every group id, from :data:`HU_TABLE`, :data:`RUN_HU`, :data:`RED_RUN_HU`.

    Examples
    --------
    >>> from mjstats.daer.groups import group_id
    >>> h = hu_of_groups()
    >>> int(h[group_id(Shape.LONG, 19)]), int(h[group_id(Shape.PONG, 0)])
    (18, 1)
    """
    hu = np.zeros(N_GROUPS, dtype=np.int64)
    for g in range(N_GROUPS):
        if not GROUP_VALID[g]:
            continue
        shape, base = Shape(g // N_KINDS), g % N_KINDS
        if shape in HU_TABLE:
            hu[g] = HU_TABLE[shape][2 * int(IS_BIG[base]) + int(IS_RED[base])]
        elif shape == Shape.RUN:
            hu[g] = RUN_HU.get(base, 0)
        elif shape == Shape.RED_RUN:
            hu[g] = RED_RUN_HU[base]
    hu.setflags(write=False)
    return hu


HU_OF_GROUP = hu_of_groups()
_ = GROUP_CARDS  # the group tables are the grammar shared by every rule set

# Pattern families: inside one family only the highest value counts (多番牌按不重合计算相乘).
FAMILIES = np.arange(N_PATTERNS, dtype=np.int64)
for _p in (Pattern.SHISAN, Pattern.SHIWU):
    FAMILIES[_p] = Pattern.HONG
for _p in (Pattern.SISTER_ZHAO, Pattern.SISTER_LONG):
    FAMILIES[_p] = Pattern.SISTER_PONG
for _p in (Pattern.HU33, Pattern.HU36):
    FAMILIES[_p] = Pattern.HU30
FAMILIES.setflags(write=False)


def _values(pairs: dict[Pattern, int]) -> np.ndarray:
    v = np.zeros(N_PATTERNS, dtype=np.int64)
    for p, x in pairs.items():
        v[p] = x
    v.setflags(write=False)
    return v


MINGTANG_FANS = _values({
    Pattern.HONG: 8, Pattern.ZHEN_ZHU: 16, Pattern.JIA_ZHU: 8, Pattern.ZHAO_YIN: 8,
    Pattern.LONG_YIN: 16, Pattern.HE_YIN: 8, Pattern.SAN_YIN: 8, Pattern.PIAN: 4,
    Pattern.HUA: 8, Pattern.BIANDIJIN: 32, Pattern.SHISAN: 32, Pattern.SHIWU: 32,
    Pattern.WU: 32, Pattern.SISTER_PONG: 2, Pattern.SISTER_ZHAO: 8, Pattern.SISTER_LONG: 32,
    Pattern.QIA: 2, Pattern.QING: 8, Pattern.PIAO: 8, Pattern.SHUANG_PIAODAI: 32,
    Pattern.DAXIAO18: 16, Pattern.TIAN: 8, Pattern.DI: 8, Pattern.HUILONG: 4,
    Pattern.HAIDI: 2, Pattern.XI24: 32, Pattern.HU30: 8, Pattern.HU33: 16, Pattern.HU36: 32,
    Pattern.PINGHU: 2, Pattern.PINGHU27: 4,
})
"""Fans of the 名堂 (泸州 高级玩法); 飘 8 is read from the seed's example "花红青飘恰：8*8*8*8*2".
"""
PUTONG_MULTIPLIERS = _values({Pattern.HONG: 2, Pattern.TIAN: 2, Pattern.DI: 2, Pattern.WU: 4})
"""普通算等: 红、天、地胡为两番，乌为四番."""
CHONGQING_DAO = _values({
    Pattern.HONG: 1, Pattern.WU: 5, Pattern.ALL_RED: 5, Pattern.TIAN: 5, Pattern.DI: 5,
})
"""重庆: 十个红 adds one 道; 黑五道, 红五道, 天胡, 地胡 are five 道."""


NEXT_DEALER = ("winner", "rotate", "by_hand")
"""Choices of :attr:`DaErRules.next_dealer` (the order is the engine's code)."""


class Params(NamedTuple):
    """The rule set as scalars and arrays for the kernels."""

    scoring: int
    values: np.ndarray
    families: np.ndarray
    hu_of_group: np.ndarray
    is_red: np.ndarray
    is_big: np.ndarray
    group_cards: np.ndarray
    min_hu: int
    red_min: int
    cap: int
    min_points: int
    dijia_unit: int
    fan_steps: np.ndarray
    fan_points: np.ndarray
    fan_dijia: np.ndarray
    dao_bounds: np.ndarray
    dao_cap: int
    sister_kan: bool
    daxiao_both: bool
    piao_allows_pong: bool
    pinghu27: int


@dataclass(frozen=True)
class DaErRules:
    """A Da Er rule set.

    Attributes
    ----------
    name : str
        Registry name (``"daer-luzhou"`` …).
    name_zh : str
        Chinese name.
    scoring : Scoring
        普通算等, 名堂 or 重庆 道.
    values : numpy.ndarray
        Per :class:`Pattern`: multiplier (普通), fan (名堂) or 道 (重庆); 0 = not counted.
    min_hu : int
        Fewest 胡 a winning hand needs (至少有10胡).
    red_min : int
        Red cards for 红胡 / 十个红 (红牌大于等于10张).
    cap : int
        Highest fan counted (一般最高计32番); 0 for no cap (points then grow
        linearly beyond the seed's 32-fan row).
    min_points : int
        Fewest points per loser in 普通算等 (最少计2分).
    dijia_unit : int
        The 底家's share per win in 普通算等 (输家同时加底家1分), times the multiplier.
    fan_steps, fan_points, fan_dijia : numpy.ndarray
        The seed's fan -> points table: 2/4/8/16/32 番 -> 5/8/12/16/24 分, 底家 2/4/6/8/12.
    dao_bounds : numpy.ndarray
        Lower 胡 bounds of 1-5 道 (10, 21, 27, 30, 33).
    dao_cap : int
        Most 道 (5); ``0`` lets 十个红 lift five 道 to six.
    sister_kan : bool
        A 坎 counts as a 碰 for 姊妹碰 (default True).
    daxiao_both : bool
        18大18小 needs 18 big *and* 18 small cards (impossible); default False: either.
    piao_allows_pong : bool
        飘 forbids only 坎 and 垅 (default True); False also forbids 碰 and 招.
    pinghu27 : int
        胡 from which a plain hand is worth four fans instead of two (27胡为四番).
    must_pong : bool
        重庆: 有碰必须碰牌 (a skipped pong is a foul).
    foul_dao : int
        重庆: 犯规者给其他几家二道的赔偿.
    foul_pays_dijia : bool
        Whether the fouler also pays the 底家 (default False: the two other players).
    instant_win : bool
        3 垅 or 5 坎 at the deal wins at once (砌牌后有3垅或者5坎，可以直接胡牌).
    instant_kan_counts_long : bool
        A 垅 counts as a 坎 for the 5-坎 instant win (default True).
    next_dealer : str
        Who deals the next hand of a game (the seed names only the foul case,
        "犯规后，又犯规者坐庄", which holds under every choice but ``"by_hand"``):
        ``"winner"`` (default: the winner; the same dealer after an exhausted stock),
        ``"rotate"`` (the dealer's 下家) or ``"by_hand"`` (hand *i* is dealt by seat
        *i* mod 3, fouls ignored: independent hands, the engine before succession).

    Every switch is checked on construction (:data:`SWITCHES`): a bad type, range or
    tuple length raises :class:`~mjstats.errors.RuleError` naming the switch.
    """

    name: str
    name_zh: str
    scoring: Scoring
    values: np.ndarray = field(repr=False)
    names_zh: tuple[str, ...] = field(default=PATTERN_NAMES_ZH, repr=False)
    min_hu: int = 10
    red_min: int = 10
    cap: int = 32
    min_points: int = 2
    dijia_unit: int = 1
    fan_steps: tuple[int, ...] = (2, 4, 8, 16, 32)
    fan_points: tuple[int, ...] = (5, 8, 12, 16, 24)
    fan_dijia: tuple[int, ...] = (2, 4, 6, 8, 12)
    dao_bounds: tuple[int, ...] = (10, 21, 27, 30, 33)
    dao_cap: int = 5
    sister_kan: bool = True
    daxiao_both: bool = False
    piao_allows_pong: bool = True
    pinghu27: int = 27
    must_pong: bool = False
    foul_dao: int = 2
    foul_pays_dijia: bool = False
    instant_win: bool = True
    instant_kan_counts_long: bool = True
    next_dealer: str = "winner"
    game: ClassVar[str] = "daer"
    """The game: every verb (score, simulate, deal study ...) dispatches on it."""

    def __post_init__(self) -> None:
        for name in ("name", "name_zh"):
            if not isinstance(getattr(self, name), str):
                raise RuleError(f"{name} of a Da Er rule set is a str, got "
                                f"{getattr(self, name)!r}")
        sc = self.scoring
        if not _is_int(sc) or int(sc) not in tuple(Scoring):
            raise RuleError(
                f"scoring of {self.name} must be one of "
                f"{', '.join(f'{m.value} ({m.name})' for m in Scoring)}, got {sc!r}"
            )
        object.__setattr__(self, "scoring", Scoring(int(sc)))
        vals = np.asarray(self.values)
        if vals.shape != (N_PATTERNS,) or not np.issubdtype(vals.dtype, np.integer) \
                or vals.dtype == np.bool_ or vals.min() < 0:
            raise RuleError(
                f"values of {self.name} needs one whole number >= 0 per pattern "
                f"({N_PATTERNS}), got shape {vals.shape} and dtype {vals.dtype}"
            )
        if vals is not self.values:
            vals = vals.astype(np.int64)
            vals.setflags(write=False)
            object.__setattr__(self, "values", vals)
        if (not isinstance(self.names_zh, tuple | list) or len(self.names_zh) != N_PATTERNS
                or not all(isinstance(n, str) for n in self.names_zh)):
            raise RuleError(f"names_zh of {self.name} needs one Chinese name per pattern "
                            f"({N_PATTERNS})")
        object.__setattr__(self, "names_zh", tuple(self.names_zh))
        for sw in SWITCHES:
            object.__setattr__(self, sw.name, sw.check(getattr(self, sw.name), self.name))
        steps = self.fan_steps
        if any(b <= a for a, b in zip(steps, steps[1:], strict=False)):
            raise RuleError(f"switch 'fan_steps' of {self.name} must be ascending, got {steps}")
        for name in ("fan_points", "fan_dijia"):
            if len(getattr(self, name)) != len(steps):
                raise RuleError(
                    f"switch {name!r} of {self.name} needs {len(steps)} values, one per fan "
                    f"step of fan_steps {steps}, got {getattr(self, name)}"
                )
        if self.cap not in (0, *steps):
            raise RuleError(f"cap {self.cap} must be 0 (none) or one of {steps}")
        if len(self.dao_bounds) != 5 or list(self.dao_bounds) != sorted(self.dao_bounds):
            raise RuleError(f"dao_bounds must be five ascending 胡 bounds, got {self.dao_bounds}")

    @property
    def switch_names(self) -> tuple[str, ...]:
        """The names :meth:`with_switches` (and ``rules(name, ...)``) take.

        :data:`SWITCHES`, and the pattern table ``values`` with its names ``names_zh``.
        """
        return (*(sw.name for sw in SWITCHES), "values", "names_zh")

    def with_switches(self, **switches) -> DaErRules:
        """Copy with some switches changed (unknown names or bad values raise :class:`RuleError`).

        The switches are those of :data:`SWITCHES`, plus the pattern table
        ``values`` (and its names ``names_zh``); the scoring is the preset's.

        Examples
        --------
        >>> rules("daer-luzhou-mingtang").with_switches(cap=0).cap
        0
        >>> rules("daer-luzhou").with_switches(min_hu=-100)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        mjstats.errors.RuleError: switch 'min_hu' of daer-luzhou takes a whole number from 0 to ...
        """
        known = self.switch_names
        bad = sorted(set(switches) - set(known))
        if bad:
            hint = (" (the scoring is chosen by the preset: " + ", ".join(RULESETS) + ")"
                    if "scoring" in bad else "")
            raise RuleError(
                f"unknown switch(es) {bad} for {self.name}{hint}; known: {', '.join(known)}"
            )
        return replace(self, **switches)

    def params(self) -> Params:
        """Pack the rule set for the kernels."""
        return Params(
            int(self.scoring), np.asarray(self.values, dtype=np.int64), FAMILIES, HU_OF_GROUP,
            IS_RED, IS_BIG, GROUP_CARDS, self.min_hu, self.red_min, self.cap, self.min_points,
            self.dijia_unit, np.asarray(self.fan_steps, dtype=np.int64),
            np.asarray(self.fan_points, dtype=np.int64),
            np.asarray(self.fan_dijia, dtype=np.int64),
            np.asarray(self.dao_bounds, dtype=np.int64), self.dao_cap, self.sister_kan,
            self.daxiao_both, self.piao_allows_pong, self.pinghu27,
        )


def _is_int(v) -> bool:
    return isinstance(v, int | np.integer) and not isinstance(v, bool | np.bool_)


SWITCH_MAX = 10_000
"""The largest number a Da Er switch takes (unless its own ``maximum`` says less)."""


@dataclass(frozen=True)
class DaErSwitch:
    """How one switch of :class:`DaErRules` is checked.

    Attributes
    ----------
    name : str
        The field of :class:`DaErRules`.
    kind : {"int", "ints", "bool", "choice"}
        A whole number, a tuple of whole numbers, a ``bool`` or one of ``choices``.
    minimum : int
        Smallest allowed number (``"int"`` and every entry of ``"ints"``).
    maximum : int
        Largest allowed number (default :data:`SWITCH_MAX`: far above any value of
        the seeds' tables, and refusing values such as ``10**20`` that the kernels'
        64-bit integers cannot hold).
    length : int, optional
        Length of an ``"ints"`` tuple when fixed.
    choices : tuple
        Allowed values of a ``"choice"``.
    """

    name: str
    kind: str
    minimum: int = 0
    length: int | None = None
    choices: tuple = ()
    maximum: int = SWITCH_MAX

    def expects(self) -> str:
        """What the switch takes, in words."""
        if self.kind == "int":
            return f"a whole number from {self.minimum} to {self.maximum:,}"
        if self.kind == "ints":
            n = f"{self.length} " if self.length else ""
            return f"a tuple of {n}whole numbers from {self.minimum} to {self.maximum:,}"
        if self.kind == "bool":
            return "True or False"
        return "one of " + ", ".join(repr(c) for c in self.choices)

    def check(self, value, rules_name: str):
        """``value`` in its plain type (a tuple for ``"ints"``), or :class:`RuleError`."""
        ok = True
        if self.kind == "int":
            ok = _is_int(value) and self.minimum <= value <= self.maximum
            value = int(value) if ok else value
        elif self.kind == "ints":
            ok = (isinstance(value, tuple | list | np.ndarray) and len(value) > 0
                  and all(_is_int(v) and self.minimum <= v <= self.maximum for v in value)
                  and (self.length is None or len(value) == self.length))
            value = tuple(int(v) for v in value) if ok else value
        elif self.kind == "bool":
            ok = isinstance(value, bool | np.bool_)
            value = bool(value) if ok else value
        else:
            ok = isinstance(value, str) and value in self.choices
        if not ok:
            raise RuleError(
                f"switch {self.name!r} of {rules_name} takes {self.expects()}, got {value!r}"
            )
        return value


SWITCHES: tuple[DaErSwitch, ...] = (
    DaErSwitch("min_hu", "int"),
    DaErSwitch("red_min", "int", 1),
    DaErSwitch("cap", "int"),
    DaErSwitch("min_points", "int"),
    DaErSwitch("dijia_unit", "int"),
    DaErSwitch("fan_steps", "ints", 1),
    DaErSwitch("fan_points", "ints"),
    DaErSwitch("fan_dijia", "ints"),
    DaErSwitch("dao_bounds", "ints", 0, 5),
    DaErSwitch("dao_cap", "int"),
    DaErSwitch("sister_kan", "bool"),
    DaErSwitch("daxiao_both", "bool"),
    DaErSwitch("piao_allows_pong", "bool"),
    DaErSwitch("pinghu27", "int"),
    DaErSwitch("must_pong", "bool"),
    DaErSwitch("foul_dao", "int"),
    DaErSwitch("foul_pays_dijia", "bool"),
    DaErSwitch("instant_win", "bool"),
    DaErSwitch("instant_kan_counts_long", "bool"),
    DaErSwitch("next_dealer", "choice", choices=NEXT_DEALER),
)
"""Every switch of :class:`DaErRules` with its type and range, checked on construction.

``fan_points`` and ``fan_dijia`` must also have the length of ``fan_steps``
(ascending), ``cap`` be 0 or one of ``fan_steps``, ``dao_bounds`` ascend.
"""


def describe_switches(name: str | DaErRules = "daer-luzhou"):
    """The switches of a Da Er rule set as a ``pandas.DataFrame``.

    Columns as :func:`mjstats.rules.describe_rules`: ``rule_set``, ``switch``,
    ``default`` (the preset's value), ``value`` (the value in force: a
    :class:`DaErRules` given with switches changed shows them), ``choices`` (what
    it takes) and ``doc`` (from :class:`DaErRules`).

    Examples
    --------
    >>> d = describe_switches("daer-chongqing").set_index("switch")
    >>> d.loc["must_pong", "default"], d.loc["min_hu", "choices"]
    (True, 'a whole number from 0 to 10,000')
    """
    import pandas as pd

    r = rules(name)
    preset = rules(r.name) if r.name in RULESETS else r  # a renamed table: its own values
    docs = _attribute_docs()
    rows = [{"rule_set": r.name, "switch": sw.name, "default": getattr(preset, sw.name),
             "value": getattr(r, sw.name), "choices": sw.expects(),
             "doc": docs.get(sw.name, "")} for sw in SWITCHES]
    return pd.DataFrame(rows, columns=["rule_set", "switch", "default", "value", "choices",
                                       "doc"])


def _attribute_docs() -> dict[str, str]:
    """First sentence of each attribute in the ``Attributes`` section of :class:`DaErRules`."""
    out: dict[str, str] = {}
    names: list[str] = []
    lines = (DaErRules.__doc__ or "").split("Attributes")[-1].splitlines()
    for line in lines:
        if line.startswith("    ") and not line.startswith("        ") and " : " in line:
            names = [n.strip() for n in line.split(" : ")[0].split(",")]
            for n in names:
                out[n] = ""
        elif line.startswith("        ") and names:
            for n in names:
                out[n] = (out[n] + " " + line.strip()).strip()
    return out


_CHONGQING_NAMES = list(PATTERN_NAMES_ZH)
_CHONGQING_NAMES[Pattern.HONG] = "十个红"
_CHONGQING_NAMES[Pattern.WU] = "黑五道"
_CHONGQING_NAMES[Pattern.TIAN] = "天五道"
_CHONGQING_NAMES[Pattern.DI] = "地五道"

_LUZHOU = DaErRules("daer-luzhou", "泸州大贰 普通算等", Scoring.PUTONG, PUTONG_MULTIPLIERS)
RULESETS: dict[str, DaErRules] = {
    "daer-luzhou": _LUZHOU,
    "daer-luzhou-mingtang": replace(
        _LUZHOU, name="daer-luzhou-mingtang", name_zh="泸州大贰 名堂", scoring=Scoring.MINGTANG,
        values=MINGTANG_FANS,
    ),
    "daer-chongqing": replace(
        _LUZHOU, name="daer-chongqing", name_zh="重庆大贰 道/棒", scoring=Scoring.CHONGQING,
        values=CHONGQING_DAO, names_zh=tuple(_CHONGQING_NAMES), must_pong=True,
    ),
}
"""The Da Er presets by name."""


def rules(name: str | DaErRules) -> DaErRules:
    """Return the Da Er rule set called ``name`` (or ``name`` itself).

    Examples
    --------
    >>> rules("daer-chongqing").must_pong
    True
    """
    if isinstance(name, DaErRules):
        return name
    try:
        return RULESETS[str(name).lower()]
    except KeyError:
        raise RuleError(
            f"unknown Da Er rule set {name!r}; expected one of {', '.join(RULESETS)}"
        ) from None
