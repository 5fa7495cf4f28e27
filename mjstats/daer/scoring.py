"""Scoring a Da Er win: 胡, 等 / 名堂 / 道, payments; fouls (犯规, 点包子).

:func:`score` reads the hand every way as 列 and keeps the reading that makes
each loser pay most (then the most 胡).  Payments are per hand: the winner, each
of the two losers, and the 底家 who sits out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import NamedTuple

import numpy as np

from mjstats._checks import flag, is_int
from mjstats.daer.groups import GROUP_CARDS, _readings, group_name, meld_group, parse_melds
from mjstats.daer.hu import CTX_DI, CTX_HAIDI, CTX_HUILONG, CTX_TIAN, N_CTX, _best, empty_buffers
from mjstats.daer.rules import PATTERN_NAMES_EN, WIN_CARDS, DaErRules, Pattern
from mjstats.daer.rules import rules as _rules
from mjstats.errors import HandError, NotationError, RuleError
from mjstats.tiles.daer_cards import (
    COPIES,
    as_counts,
    format,
    kind_name_zh,
    parse_card,
)


class Payments(NamedTuple):
    """Points of one hand: ``winner + 2 * loser + dijia == 0``."""

    winner: int
    loser: int
    """What *each* of the two losers gets (negative)."""
    dijia: int
    """What the 底家 (who sits out) gets."""


class Foul(IntEnum):
    """犯规 (点包子) of the seed, A-I."""

    MISSED_PONG = 0     # A 需要碰牌时，未碰
    NO_PAIR = 1         # B 招牌或垅牌后，胡牌时没有一对牌
    WRONG_WIN = 2       # C 胡错了牌
    UNDER_MIN_HU = 3    # D 手中胡数不足10胡
    FIRST_NOT_TAKEN = 4  # E 相同的牌，第一张未吃或未碰
    MISSED_BI = 5       # F 有比牌时，未比
    BROKE_QUAD = 6      # G 把招牌或垅牌拆散
    WRONG_DI = 7        # H 数底的人数错了底
    HIDDEN_LONG = 8     # I 有垅牌，未亮


FOUL_NAMES_ZH = (
    "需要碰牌时未碰", "招牌或垅牌后胡牌时没有一对牌", "胡错了牌", "手中胡数不足10胡",
    "相同的牌第一张未吃或未碰", "有比牌时未比", "把招牌或垅牌拆散", "数底的人数错了底",
    "有垅牌未亮",
)


@dataclass(frozen=True)
class DaErScore:
    """The result of :func:`score`.

    Attributes
    ----------
    rules : str
        Rule set name.
    won : bool
        A legal win: 7 列 (or 6 列 and a pair with 招/垅) and at least the 胡 minimum.
    hu : int
        胡 of the chosen reading (0 if the cards are not 列).
    reading : list of str
        The chosen reading, group by group (``["碰柒", "顺一二三", …]``).
    patterns : list of (str, int)
        Counted patterns with their value: multiplier (普通), fan (名堂) or 道 (重庆).
    level : int
        等 (普通), fan after the cap (名堂) or 道 (重庆).
    multiplier : int
        普通算等 multiplier (1 in the other scorings).
    total : int
        What each loser pays.
    payments : Payments
        Winner, each loser, 底家.
    fouls : list of Foul
        Fouls the hand shows if it is declared a win (犯规 B, C, D, I).  B, C and D
        leave no win (``won`` is ``False``).  I (four alike held, not laid down as a
        垅, none of them the winning card ``win``; flagged too when ``win`` is not
        given) keeps the reading, value and payments of the win it would be, beside
        the foul: declared in a game, that win is void and the fouler pays each
        other player (:func:`foul_payments`), as the game engine settles it.
    """

    rules: str
    won: bool
    hu: int
    reading: list[str]
    patterns: list[tuple[str, int]]
    level: int
    multiplier: int
    total: int
    payments: Payments
    fouls: list[Foul] = field(default_factory=list)
    pattern_codes: list[Pattern] = field(default_factory=list, repr=False)

    def __str__(self) -> str:
        if not self.won:
            why = ", ".join(FOUL_NAMES_ZH[f] for f in self.fouls)
            return f"no win ({why})"
        pats = " ".join(f"{n}{v}" for n, v in self.patterns) or "-"
        return (f"{self.hu}胡 [{' '.join(self.reading)}] {pats}: each loser {self.payments.loser}, "
                f"winner +{self.payments.winner}, 底家 +{self.payments.dijia}")


def _context(dealer, heavenly, earthly, returning, last_card, self_draw):
    dealer, heavenly, earthly, returning, last_card, self_draw = (
        flag(v, name, RuleError) for v, name in (
            (dealer, "dealer"), (heavenly, "heavenly"), (earthly, "earthly"),
            (returning, "returning"), (last_card, "last_card"), (self_draw, "self_draw")))
    ctx = np.zeros(N_CTX, dtype=np.int64)
    if heavenly and not dealer:
        raise RuleError("天胡 (heavenly=True) is the dealer's win: pass dealer=True")
    if earthly and dealer:
        raise RuleError("地胡 (earthly=True) is a non-dealer's win: pass dealer=False")
    if returning and (not dealer or self_draw):
        raise RuleError(
            "回龙地胡 (returning=True) is the dealer winning on a player's first discard: "
            "pass dealer=True, self_draw=False"
        )
    if earthly and self_draw:
        raise RuleError(
            "地胡 (earthly=True): the winning card is the dealer's first discard "
            "(self_draw=False; the Chongqing text, read for every preset)"
        )
    if heavenly and (not self_draw or returning):
        raise RuleError("天胡 (heavenly=True) is the dealer's 21 dealt cards winning: no card "
                        "is taken (self_draw=True, returning=False)")
    if last_card and (heavenly or earthly or returning):
        raise RuleError("海底捞 (last_card=True) is a win on the stock's last card; 天胡, 地胡 "
                        "and 回龙地胡 are wins of the first turn")
    ctx[CTX_TIAN] = bool(heavenly)
    ctx[CTX_DI] = bool(earthly)
    ctx[CTX_HUILONG] = bool(returning)
    ctx[CTX_HAIDI] = bool(last_card)
    return ctx


def score(
    hand,
    melds=None,
    win: str | int | None = None,
    self_draw: bool = True,
    rules: str | DaErRules = "daer-luzhou",
    *,
    dealer: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
    returning: bool = False,
    last_card: bool = False,
) -> DaErScore:
    """Score a Da Er hand.

    Parameters
    ----------
    hand : str or array_like
        The cards in hand, the winning card included (notation or ``(20,)`` counts).
    melds : list of str, optional
        Melds on the table: ``"pong 柒"``, ``"zhao 三"`` (招), ``"long 十"`` (垅),
        ``"chi 一二三"`` (any 列); one string may hold several, separated by ``,``.
    win : str or int, optional
        The winning card (must be in ``hand``).  When it was taken from another
        player (``self_draw=False``) and can only complete a 坎 of its kind, that
        坎 counts as a 碰 (a 垅 as a 招).
    self_draw : bool
        Whether the winner drew the winning card himself.
    rules : str or DaErRules
        ``"daer-luzhou"`` (普通算等), ``"daer-luzhou-mingtang"`` or ``"daer-chongqing"``.
    dealer, heavenly, earthly, returning, last_card : bool
        The winner is the dealer; 天胡; 地胡; 回龙地胡; 海底捞.  Every flag, as
        ``self_draw``, must be a ``bool`` (``numpy.bool_`` too).

    Returns
    -------
    DaErScore

    Raises
    ------
    NotationError
        Cards, melds or a winning card that cannot be read (a ``bool`` is no card).
    HandError
        More than four copies in hand and melds, fewer than 21 cards in hand and melds
        (:data:`~mjstats.daer.rules.WIN_CARDS`; more cards than the hand's 招/垅 allow
        is a foul, 胡错了牌), a winning card not in hand,
        天胡 / 地胡 with a meld other than a laid-down 垅 (nothing is taken before).
    RuleError
        Unknown rule set, bad meld, impossible context (天胡 for a non-dealer …), a
        flag that is not a bool.

    Examples
    --------
    The seed's worked example, a red hand of exactly 10 胡 (刚好胡红10胡): each loser
    pays (2 + 1) * 2 = 6, the winner nets 10, the 底家 gets 2 (普通算等):

    >>> r = score("二二二三三七八九十十叁叁肆伍柒柒拾拾", melds=["pong 一"], win="八")
    >>> r.hu, r.patterns, r.total, tuple(r.payments)
    (10, [('红胡', 2)], 6, (10, -6, 2))
    >>> r.reading
    ['碰一', '坎二', '绞三三叁', '绞七柒柒', '顺八九十', '绞十拾拾', '顺叁肆伍']
    """
    r = _rules(rules)
    held = as_counts(hand)
    ms = parse_melds(melds)
    total_counts = held.astype(np.int64)
    for m in ms:
        total_counts = total_counts + m.counts
    over = np.flatnonzero(total_counts > COPIES)
    if over.size:
        k = int(over[0])
        raise HandError(
            f"hand and melds hold {int(total_counts[k])} copies of {kind_name_zh(k)}; "
            f"the deck has only {COPIES}"
        )
    n_cards = int(total_counts.sum())
    if n_cards < WIN_CARDS:
        raise HandError(
            f"a finished Da Er hand holds at least {WIN_CARDS} cards, hand and melds together "
            f"(the winning card included; each 招/垅 after the first adds one), got {n_cards}"
        )
    win_kind = -1
    if win is not None:
        if isinstance(win, str):
            win_kind = parse_card(win)
        elif is_int(win):
            win_kind = int(win)
        else:
            raise NotationError(
                f"win is a card such as '柒' or a kind index 0-19 (int), got {win!r} "
                f"({type(win).__name__})"
            )
        if not 0 <= win_kind < 20 or held[win_kind] == 0:
            raise HandError(
                f"the winning card {win!r} is not in the hand {format(held, 'zh')}; "
                f"the hand includes the winning card"
            )
    ctx = _context(dealer, heavenly, earthly, returning, last_card, self_draw)
    taken = [m for m in ms if m.verb != "long"]
    if (heavenly or earthly) and taken:
        raise HandError(
            f"{'天胡 (heavenly=True)' if heavenly else '地胡 (earthly=True)'} wins before any "
            f"card is taken, so the only meld it can show is a laid-down 垅 (long); got "
            f"{taken[0].verb} {kind_name_zh(taken[0].kind)}"
        )
    decl = np.array([meld_group(m.verb, m.kind, m.counts) for m in ms] or [0], dtype=np.int64)
    n_decl = len(ms)
    n_quads = sum(m.verb in ("zhao", "long") for m in ms)
    P = r.params()
    buf, eff, flags, counted, best_groups, best_flags, best_counted, result = empty_buffers()
    _best(held, decl, n_decl, n_quads, win_kind, not self_draw, ctx, P, buf, eff, flags,
          counted, best_groups, best_flags, best_counted, result)
    status = int(result[0])
    if status < 0:  # pragma: no cover - buffer overflow, not reachable with 80 cards
        raise RuntimeError("too many readings")
    fouls = _fouls(held, ms, n_quads, status, win_kind)
    n = int(result[1])
    reading = [group_name(int(g)) for g in best_groups[:n]]
    if status != 2:
        return DaErScore(r.name, False, int(result[2]), reading, [], 0, 1, 0,
                         Payments(0, 0, 0), fouls)
    pats = [Pattern(p) for p in range(len(best_counted)) if best_counted[p] > 0]
    return DaErScore(
        r.name, True, int(result[2]), reading,
        [(r.names_zh[p], int(best_counted[p])) for p in pats],
        int(result[3]), int(result[4]), int(result[5]),
        Payments(int(result[7]), -int(result[5]), int(result[6])), fouls, pats,
    )


def _fouls(held, ms, n_quads, status, win_kind) -> list[Foul]:
    out: list[Foul] = []
    if status == 0:
        if n_quads > 0:
            buf = np.full((64, 8), -1, dtype=np.int64)
            if _readings(held, len(ms), 0, False, GROUP_CARDS, buf) > 0:
                out.append(Foul.NO_PAIR)
        out.append(Foul.WRONG_WIN)
    elif status == 1:
        out.append(Foul.UNDER_MIN_HU)
    for k in np.flatnonzero(held == COPIES):
        if int(k) != win_kind:
            out.append(Foul.HIDDEN_LONG)
            break
    return out


def foul_payments(rules: str | DaErRules = "daer-chongqing") -> dict[str, int]:
    """Payments when a player fouls (点包子): two 道 to each other player.

    Examples
    --------
    >>> foul_payments()
    {'fouler': -4, 'other': 2, 'dijia': 0}
    """
    r = _rules(rules)
    n_paid = 3 if r.foul_pays_dijia else 2
    return {"fouler": -r.foul_dao * n_paid, "other": r.foul_dao,
            "dijia": r.foul_dao if r.foul_pays_dijia else 0}


def instant_win(hand, rules: str | DaErRules = "daer-luzhou") -> bool:
    """Whether dealt cards hold 3 垅 or 5 坎 (砌牌后有3垅或者5坎，可以直接胡牌).

    A 垅 counts as a 坎 too unless the switch ``instant_kan_counts_long`` is off.

    Examples
    --------
    >>> instant_win("一一一一二二二二三三三三四五六七八九十壹")
    True
    >>> instant_win("一一一二二二三三三四四四五六七八九十壹贰")
    False
    """
    r = _rules(rules)
    c = as_counts(hand)
    if not r.instant_win:
        return False
    longs = int((c == 4).sum())
    kans = int((c == 3).sum()) + (longs if r.instant_kan_counts_long else 0)
    return longs >= 3 or kans >= 5


def pattern_table(rules: str | DaErRules = "daer-luzhou-mingtang"):
    """Tabulate the rule set's pattern values as a DataFrame (Chinese name, English name, value).

    Examples
    --------
    >>> t = pattern_table()
    >>> int(t.loc[t.name_zh == "遍地金", "value"].iloc[0])
    32
    """
    import pandas as pd

    r = _rules(rules)
    rows = [(p.name, r.names_zh[p], PATTERN_NAMES_EN[p], int(r.values[p])) for p in Pattern
            if r.values[p] > 0]
    return pd.DataFrame(rows, columns=["pattern", "name_zh", "name_en", "value"])
