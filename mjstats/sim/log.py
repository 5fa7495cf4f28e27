"""Readable event logs of simulated hands, in Chinese or English.

:func:`format_log` turns a :class:`~mjstats.sim.simulate.GameLog` into lines
such as ``东家 摸 5条`` / ``seat 0 draws 5s``.
"""

from __future__ import annotations

import numpy as np

from mjstats.sim import engine as E
from mjstats.tiles import kind_name, kind_name_zh

_SEAT_ZH = ("座0", "座1", "座2", "座3")
_SUIT_ZH = ("万", "筒", "条")
_SUIT_EN = ("characters (m)", "dots (p)", "bamboo (s)")
_KONG_ZH = {2: "直杠", 3: "弯杠", 4: "暗杠"}
_KONG_EN = {2: "exposed kong", 3: "added kong", 4: "concealed kong"}
_REASON_ZH = ("胡牌", "杠钱", "杠上炮转移", "退杠钱", "查叫", "查花猪")
_REASON_EN = ("win", "kong money", "kong transfer", "kong refund", "no ready hand", "flower pig")


def _flags_text(flags: int, lang: str) -> str:
    from mjstats.scoring import kernels as K

    names = [(K.SELF_DRAW, "自摸", "self-draw"), (K.AFTER_KONG, "杠后", "after kong"),
             (K.ROBBING, "抢杠", "robbing"), (K.LAST_TILE, "海底", "last tile"),
             (K.FIRST_TURN, "首巡", "first turn"), (K.LAST_COPY, "绝张", "last copy"),
             (K.FED_KONG, "点杠", "kong fed by a discard")]
    out = [zh if lang == "zh" else en for bit, zh, en in names if flags & bit]
    return ("（" + "、".join(out) + "）") if lang == "zh" and out else (
        f" ({', '.join(out)})" if out else "")


def format_log(lg, lang: str = "zh") -> str:
    """The events of one hand as text lines (``lang`` ``"zh"`` or ``"en"``).

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> lg = simulate("sichuan", games=1, seed=5, log=1).logs[0]
    >>> format_log(lg, "en").splitlines()[0].startswith("sichuan")
    True
    """
    if lang not in ("zh", "en"):
        from mjstats.errors import MjStatsError

        raise MjStatsError(f"unknown lang {lang!r}; expected 'zh' or 'en'")
    zh = lang == "zh"
    name = kind_name_zh if zh else kind_name

    def seat(s: int) -> str:
        return _SEAT_ZH[s] if zh else f"seat {s}"

    lines = [f"{lg.rules.name} 第{lg.game}局 庄家{seat(lg.dealer)}" if zh else
             f"{lg.rules.name} hand {lg.game}, dealer {seat(lg.dealer)}, bots "
             f"{', '.join(lg.bots)}"]
    wall = np.asarray(lg.wall)
    pos = 0
    for i in range(4):
        p = (lg.dealer + i) % 4
        n = 14 if i == 0 else 13
        tiles = np.sort(wall[pos:pos + n])
        pos += n
        hand = " ".join(name(int(k)) for k in tiles)
        lines.append(f"{seat(p)} 起手 {hand}" if zh else f"{seat(p)} deals {hand}")
    for t, s, tile, other, amount in np.asarray(lg.events).tolist():
        if t == E.EV_QUE:
            lines.append(f"{seat(s)} 定缺 {_SUIT_ZH[tile]}" if zh else
                         f"{seat(s)} declares {_SUIT_EN[tile]} missing")
        elif t == E.EV_DRAW:
            rep = ("补" if zh else " (replacement)") if other == 1 else ""
            lines.append(f"{seat(s)} 摸{rep} {name(tile)}" if zh else
                         f"{seat(s)} draws {name(tile)}{rep}")
        elif t == E.EV_DISCARD:
            lines.append(f"{seat(s)} 打 {name(tile)}" if zh else f"{seat(s)} discards {name(tile)}")
        elif t == E.EV_PONG:
            lines.append(f"{seat(s)} 碰 {seat(other)} 的 {name(tile)}" if zh else
                         f"{seat(s)} pongs {name(tile)} from {seat(other)}")
        elif t == E.EV_CHOW:
            run = " ".join(name(k) for k in range(amount, amount + 3))
            lines.append(f"{seat(s)} 吃 {seat(other)} 的 {name(tile)}（{run}）" if zh else
                         f"{seat(s)} chows {name(tile)} from {seat(other)} ({run})")
        elif t == E.EV_KONG:
            src = (f" {seat(other)}" if zh else f" from {seat(other)}") if other >= 0 else ""
            lines.append(f"{seat(s)} {_KONG_ZH[amount]}{src} {name(tile)}" if zh else
                         f"{seat(s)} {_KONG_EN[amount]} {name(tile)}{src}")
        elif t == E.EV_ROB:
            lines.append(f"{seat(s)} 弯杠 {name(tile)} 被抢" if zh else
                         f"{seat(s)} adds a kong of {name(tile)}; it is robbed")
        elif t == E.EV_WIN:
            how = ("自摸" if zh else "self-draw") if other < 0 else (
                f"{seat(other)}点炮" if zh else f"on {seat(other)}'s tile")
            lines.append(f"{seat(s)} 胡 {name(tile)} {how}{_flags_text(amount, lang)}" if zh else
                         f"{seat(s)} wins {name(tile)} {how}{_flags_text(amount, lang)}")
        elif t == E.EV_PASS:
            lines.append(f"{seat(s)} 过水 {name(tile)}（可胡{amount}）" if zh else
                         f"{seat(s)} passes a win on {name(tile)} (worth {amount})")
        elif t == E.EV_PAY:
            r = _REASON_ZH[tile] if zh else _REASON_EN[tile]
            lines.append(f"  {seat(s)} 付 {seat(other)} {amount}（{r}）" if zh else
                         f"  {seat(s)} pays {seat(other)} {amount} ({r})")
        elif t == E.EV_READY:
            st = {1: ("有叫", "ready"), 0: ("无叫", "not ready"), 2: ("花猪", "flower pig")}[tile]
            lines.append(f"{seat(s)} 查叫：{st[0]}" + (f" {amount}" if tile == 1 else "") if zh
                         else f"{seat(s)} at the end: {st[1]}"
                         + (f", worth {amount}" if tile == 1 else ""))
        elif t == E.EV_END:
            lines.append(("结束：胡牌" if tile == 0 else "结束：牌墙摸完") if zh else
                         ("end: on the win(s)" if tile == 0 else "end: wall exhausted"))
    return "\n".join(lines)
