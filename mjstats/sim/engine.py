"""The compiled game engine: whole hands of Sichuan, Guang'an and Liuzhou.

One call of :func:`_play` plays one hand from a shuffled wall and writes one
row per seat (``seat_rec``, columns ``C_*``), the pattern counts of each win
(``pat_rec``) and one row per hand (``hand_rec``, columns ``H_*``); with
``log`` set it also writes the hand's events (``ev``, columns ``E_*``).  It
drives the phases of the hand, each a kernel: :func:`_deal` (and 定缺), then
turns, :func:`_turn` (a draw, a self-drawn win, kongs, a discard), each followed
by :func:`_claims` (wins, a pong, kong or chow on the discard), and
:func:`_end_hand` (查叫, 查花猪, the hand's record).  They share the scratch
arrays of :class:`Scratch`, the scalars of the turn loop included
(``Scratch.loop``, :data:`LOOP`).  Every choice a seat makes is its bot's
(:mod:`mjstats.sim.bots`), but a scripted discard and the discards of a seat
following an exact policy.
:func:`_run_chunk` plays one fixed-size chunk of hands from the chunk's own
xoshiro state, and :func:`mjstats._jit.each_chunk` runs the chunks on threads,
so the same seed gives the same hands on any number of threads.

The rules played by Sichuan and Guang'an (blood battle 血战到底, seeds ``000``
end and ``004``; Liuzhou differs as listed after them):

* the dealer holds 14 tiles, the others 13; each seat declares a missing suit
  (定缺) and must discard tiles of that suit before any other; it may not pong or
  kong them; a hand that still holds one cannot win;
* pong, and the three kongs (直杠 from a discard, 弯杠 added to a pong, 暗杠
  concealed) each with a replacement draw from the tail of the wall;
* wins on self-draw or on a discard; several players may win on one discard
  (一炮多响); an added kong may be robbed (抢杠, the kong is then not made);
  杠上花, 杠上炮 (the discarder hands the kong's gains to each winner), 海底;
* 过水: a player who passes a win on a discard cannot win on that kind from
  another discard until their own next draw;
* a winner leaves; play goes on until three have won or the wall is empty;
  then 查叫 (non-ready players pay ready ones and return their kong money) and
  查花猪 (a hand still holding its missing suit pays).

Liuzhou (136 tiles): no missing suit; chow from the seat on the left; the hand
ends at the win(s), and with the wall empty and no win it is a draw (no 查叫);
no 抢杠; kong money paid at once; 吃三比; the winner deals next.

Payments follow the rule set (:mod:`mjstats.rules`): win values come from the
scoring kernel :func:`mjstats.scoring.kernels._score`; kong money and the
settlement switches are read from the engine parameter array built by
:func:`engine_params`.  Every transfer moves an amount from one seat to
another, so every hand sums to zero.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba.core import types
from numba.extending import overload

from mjstats._jit import OVERLOAD_OPTIONS, inline_kernel, kernel, noref_kernel, separate
from mjstats.core.bits import ONE, _part_bits
from mjstats.core.complete import _is_complete
from mjstats.core.rng import _seed_from, _shuffle
from mjstats.core.shanten import Overlap4, _shanten, overlap4
from mjstats.core.waits import SHAPES_WORK, _shapes_into, _wait_bits_once
from mjstats.discard import _dp
from mjstats.errors import RuleError
from mjstats.rules.base import Family, RuleSet
from mjstats.scoring import kernels as K
from mjstats.scoring.payments import _win_payments
from mjstats.sim import advice as A
from mjstats.sim import bots as B
from mjstats.sim import ev as EVB

# ----------------------------------------------------------------- columns

SEAT_COLUMNS = (
    "seat", "dealer", "bot", "que", "won", "win_turn", "win_step", "self_draw",
    "win_tile", "win_from", "win_flags", "value", "value_raw", "wait_kinds", "wait_live",
    "wait_shape", "win_shape", "n_pong", "n_kong", "n_addkong", "n_ckong",
    "pay_win", "pay_kong", "pay_transfer", "pay_refund", "pay_chajiao", "pay_huazhu",
    "pay_total", "ready_end", "huazhu", "chajiao_value", "n_draws", "passed", "n_chow",
)
"""Columns of the seat record (see :mod:`mjstats.sim.records` for their meaning)."""

HAND_COLUMNS = (
    "dealer", "n_winners", "drawn", "wall_left", "n_discards", "max_multi", "n_robbed",
    "n_kongs", "n_ready_end", "n_notready_end", "n_huazhu", "end_reason", "error",
    "next_dealer",
)
"""Columns of the hand record."""

(C_SEAT, C_DEALER, C_BOT, C_QUE, C_WON, C_WIN_TURN, C_WIN_STEP, C_SELF_DRAW,
 C_WIN_TILE, C_WIN_FROM, C_WIN_FLAGS, C_VALUE, C_VALUE_RAW, C_WAIT_KINDS, C_WAIT_LIVE,
 C_WAIT_SHAPE, C_WIN_SHAPE, C_N_PONG, C_N_KONG, C_N_ADDKONG, C_N_CKONG,
 C_PAY_WIN, C_PAY_KONG, C_PAY_TRANSFER, C_PAY_REFUND, C_PAY_CHAJIAO, C_PAY_HUAZHU,
 C_PAY_TOTAL, C_READY_END, C_HUAZHU, C_CHAJIAO_VALUE, C_N_DRAWS, C_PASSED, C_N_CHOW) = range(
    len(SEAT_COLUMNS))
N_SEAT = len(SEAT_COLUMNS)

(H_DEALER, H_N_WINNERS, H_DRAWN, H_WALL_LEFT, H_N_DISCARDS, H_MAX_MULTI, H_N_ROBBED,
 H_N_KONGS, H_N_READY_END, H_NOTREADY_END, H_N_HUAZHU, H_END_REASON, H_ERROR,
 H_NEXT_DEALER) = range(
    len(HAND_COLUMNS))
N_HAND = len(HAND_COLUMNS)

# ----------------------------------------------------------------- events

MAX_EVENTS = 640
"""Rows of one hand's event log."""

EVENT_COLUMNS = ("type", "seat", "tile", "other", "amount")
E_TYPE, E_SEAT, E_TILE, E_OTHER, E_AMOUNT = range(5)

EV_QUE = 0  # seat declares missing suit (tile = suit 0-2)
EV_DRAW = 1  # seat draws tile; other = 1 for a kong replacement from the tail
EV_DISCARD = 2  # seat discards tile
EV_PONG = 3  # seat pongs tile from other
EV_KONG = 4  # seat kongs tile; other = feeder (-1); amount = meld type (2 直杠, 3 弯杠, 4 暗杠)
EV_WIN = 5  # seat wins on tile from other (-1 self-draw); amount = flags
EV_PASS = 6  # seat passes a win on tile (过水 starts)
EV_PAY = 7  # seat pays other amount; tile = reason (R_*)
EV_READY = 8  # 查叫 status: tile = 1 ready, 0 not ready, 2 花猪; amount = value
EV_END = 9  # tile = end reason (0 three won, 1 wall empty)
EV_ROB = 10  # seat announces an added kong of tile that other(s) rob: logged before the wins
EV_CHOW = 11  # seat chows tile from other; amount = lowest kind of the run

EVENT_NAMES = ("que", "draw", "discard", "pong", "kong", "win", "pass", "pay", "ready", "end",
               "rob", "chow")

R_WIN = 0
R_KONG = 1
R_TRANSFER = 2
R_REFUND = 3
R_CHAJIAO = 4
R_HUAZHU = 5
REASONS = ("win", "kong", "transfer", "refund", "chajiao", "huazhu")

# ----------------------------------------------------------------- parameters

PARAMS = (
    "family", "kong_money", "zhigang", "maomaoyu", "angang", "bugang", "bugang_now",
    "transfer", "zhuanyu", "chajiao_min", "sijiao", "huazhu", "huazhu_double", "last4",
    "dianpao_hua", "refund", "chow", "end_at_win", "rob", "hide_ckong", "rotate",
    "sanbi", "settle",
)
"""Engine parameters (one ``int64`` each), built from a rule set by :func:`engine_params`."""
(P_FAMILY, P_KONG_MONEY, P_ZHIGANG, P_MAOMAOYU, P_ANGANG, P_BUGANG, P_BUGANG_NOW,
 P_TRANSFER, P_ZHUANYU, P_CHAJIAO_MIN, P_SIJIAO, P_HUAZHU, P_HUAZHU_DOUBLE, P_LAST4,
 P_DIANPAO_HUA, P_REFUND, P_CHOW, P_END_AT_WIN, P_ROB, P_HIDE_CKONG, P_ROTATE,
 P_SANBI, P_SETTLE) = range(len(PARAMS))
for _i, _name in enumerate(PARAMS):  # each P_* slot is the index of its own name
    assert globals()["P_" + _name.upper()] == _i, f"P_{_name.upper()} is not slot {_i} ({_name})"
del _i, _name


def engine_params(R: RuleSet) -> np.ndarray:
    """Engine parameter array of a rule set (payments and settlement switches).

    Sichuan: kong money (暗杠 2 from each player still in, 弯杠 1 each, 直杠 the
    ``zhigang`` switch from the feeder, 下毛毛雨 1 from the others), 杠上炮 transfer,
    转雨, 查叫 赔大/赔小, 死叫, 花猪, last four tiles, 点杠杠上花.  Guang'an: kongs are
    颗 inside the winning hand (no kong money); 查叫 pays the largest win and a hand
    still holding its missing suit pays twice (``chajiao_double``).

    Liuzhou: chow from the left, the hand ends at the win(s), kong money paid at
    once (明杠 1 from the feeder, 暗杠 1 from each), 吃三比, dealer rotation.

    Examples
    --------
    >>> from mjstats.rules import rules
    >>> p = engine_params(rules("sichuan"))
    >>> int(p[PARAMS.index("zhigang")]), int(p[PARAMS.index("huazhu")])
    (2, 16)
    """
    p = np.zeros(len(PARAMS), dtype=np.int64)
    p[P_FAMILY] = int(R.family)
    p[P_CHOW] = 1 if R.chow else 0
    sw = R.switches
    if R.family == Family.SICHUAN:
        if sw["jiaoma"]:
            raise RuleError(
                "jiaoma=True (叫马: a fifth, idle player draws a tile from the tail and shares "
                "the result of the seat it counts to) is a side bet the game engine does not "
                "play; simulate with jiaoma=False (the default)")
        p[P_KONG_MONEY] = 1
        p[P_ZHIGANG] = sw["zhigang"]
        p[P_MAOMAOYU] = 1 if sw["maomaoyu"] else 0
        p[P_ANGANG] = 2
        p[P_BUGANG] = 1
        p[P_BUGANG_NOW] = 0 if sw["maomaoyu"] else 1
        p[P_TRANSFER] = 1
        p[P_ZHUANYU] = 1 if sw["zhuanyu"] else 0
        p[P_CHAJIAO_MIN] = 1 if sw["chajiao"] == "xiao" else 0
        p[P_SIJIAO] = 1 if sw["sijiao"] else 0
        p[P_HUAZHU] = sw["huazhu"]
        p[P_HUAZHU_DOUBLE] = 0
        p[P_LAST4] = 1 if sw["last4"] else 0
        p[P_DIANPAO_HUA] = 1 if sw["dianganghua"] == "dianpao" else 0
        p[P_REFUND] = 1
        p[P_ROB] = 1
        p[P_SETTLE] = 1
    elif R.family == Family.GUANGAN:
        p[P_SIJIAO] = 1
        p[P_HUAZHU] = 0
        p[P_HUAZHU_DOUBLE] = 2 if sw["chajiao_double"] else 1
        p[P_ROB] = 1
        p[P_SETTLE] = 1
    elif R.family == Family.LIUZHOU:
        # 明杠 1分 (the feeder; for a kong added to a pong, the player who fed the pong),
        # 暗杠 每人1分, paid at once (及时給); the hand ends at the win(s); chow from the left
        p[P_KONG_MONEY] = 2
        p[P_END_AT_WIN] = 1
        p[P_HIDE_CKONG] = 1
        p[P_ROTATE] = 1
        p[P_SANBI] = 1 if sw["sanbi"] else 0
    else:  # pragma: no cover
        raise RuleError(f"the game engine does not play rule family {R.family!r}")
    return p


# ----------------------------------------------------------------- helpers


@noref_kernel
def _log(ev, evn, log, a, b, c, d, e):
    """Append event ``(a, b, c, d, e)`` to the hand's log (when ``log`` is set).

    A call, not inlined: its copies at nineteen call sites in the turn phases,
    with those of :func:`mjstats.sim.ev._policy_after`, took 4 of the 15.6 s
    of CPU that :func:`_play` took to compile; the calls cost no measurable time
    (``benchmarks/bench_games.py``).
    """
    if not log:
        return
    i = evn[0]
    if i >= ev.shape[0]:
        evn[1] = 1  # overflow
        return
    ev[i, 0] = a
    ev[i, 1] = b
    ev[i, 2] = c
    ev[i, 3] = d
    ev[i, 4] = e
    evn[0] = i + 1


@noref_kernel
def _pay(frm, to, amount, reason, col, seat_rec, base, ev, evn, log):
    if amount == 0 or frm == to:
        return
    seat_rec[base + frm, col] -= amount
    seat_rec[base + to, col] += amount
    seat_rec[base + frm, C_PAY_TOTAL] -= amount
    seat_rec[base + to, C_PAY_TOTAL] += amount
    _log(ev, evn, log, EV_PAY, frm, reason, to, amount)


@inline_kernel
def _has_que(hand, que):
    if que < 0:
        return False
    for k in range(9 * que, 9 * que + 9):
        if hand[k] > 0:
            return True
    return False


@inline_kernel
def _last_copy(q, tile, hand, visible, mask):
    """绝张: ``tile`` is the last copy of every tile seat ``q`` waits on (``mask[q]``).

    "所胡的牌是所有可以胡的牌里最后一张并且其他均已现出（堂子里和碰的牌里面现出）…
    自己手牌里不能有要胡的牌": the seat holds none of its waits and every other copy
    of them is out on the table (``visible``: discards and melds), the won copy the
    last of ``tile``'s.
    """
    if hand[q, tile] != 0 or visible[tile] != 3:
        return False  # the common case, at once: copies of the won tile still unseen
    for k in range(34):
        if mask[q, k] and (hand[q, k] != 0 or visible[k] != (3 if k == tile else 4)):
            return False
    return True


@inline_kernel
def _win_flags(q, tile, flags, dealer, hand, visible, mask):
    """``flags`` of ``q``'s win on another's ``tile``, with 庄 (dealer) and 绝张 (last copy)."""
    if q == dealer:
        flags |= K.DEALER
    if _last_copy(q, tile, hand, visible, mask):
        flags |= K.LAST_COPY
    return flags


@inline_kernel
def _discard_flags(q, d, kong_discard, wall_left, dealer, hand, visible, mask):
    """Flags of seat ``q``'s win on the discard ``d`` (杠上炮, 海底, 庄, 绝张)."""
    flags = 0
    if kong_discard:
        flags |= K.AFTER_KONG
    if wall_left <= 0:
        flags |= K.LAST_TILE
    return _win_flags(q, d, flags, dealer, hand, visible, mask)


@separate
@noref_kernel
def _refresh(p, s, hand, que, inset, mask, ready, T, mt, mk, nm):
    """Ready flag and wait mask of seat ``p``'s waiting-size hand of shanten ``s``.

    ``s`` is -99 when not known yet: it is computed here only for a hand without
    missing-suit tiles.  A kind whose four copies the seat already holds
    (concealed plus its own pong or kong) is no wait.  The shanten and the waits
    are calls of kernels compiled once (:func:`~mjstats.core.shanten._overlap_codes`,
    :func:`~mjstats.core.waits._wait_bits_once`): their bodies inlined here cost
    about 4 s of compilation.  With ``ready[p]`` 0 the seat's mask is all 0 (the
    callers rely on it).
    """
    ready[p] = 0
    for k in range(34):
        mask[p, k] = 0
    if _has_que(hand[p], que[p]):
        return
    if s == -99:
        s = B._shanten_any(hand[p], T)
    if s != 0:
        return
    w = _wait_bits_once(hand[p], T) & ~_part_bits(que[p])
    for i in range(nm[p]):
        if mt[p, i] != K.CHOW:
            k = mk[p, i]
            if hand[p, k] + (3 if mt[p, i] == K.PONG else 4) >= 4:
                w &= ~(ONE << np.uint64(k))
    for k in range(34):
        x = np.uint8((w >> np.uint64(k)) & ONE) & inset[k]
        mask[p, k] = x
        ready[p] |= x


@separate
@noref_kernel
def _score_win(p, tile, flags, hand, mt, mk, nm, values, sw, family, T, conc, buf, work,
               hits, best, info):
    """Score seat ``p`` winning on ``tile`` (not yet in its hand); total or <= 0 if illegal."""
    for k in range(34):
        conc[k] = hand[p, k]
    conc[tile] += 1
    return K._score(conc, mt[p], mk[p], nm[p], tile, flags, family, values, sw, T, buf, work,
                    hits, best, info)


@noref_kernel
def _next_active(p, won):
    for i in range(1, 5):
        q = (p + i) % 4
        if won[q] == 0:
            return q
    return p


@separate
@noref_kernel
def _record_win(p, tile, frm, flags, value, order, turn, step, hand, visible, T, mask,
                tbits, best, info, seat_rec, pat_rec, base, work):
    r = base + p
    seat_rec[r, C_WON] = order
    seat_rec[r, C_WIN_TURN] = turn
    seat_rec[r, C_WIN_STEP] = step
    seat_rec[r, C_SELF_DRAW] = 1 if flags & K.SELF_DRAW else 0
    seat_rec[r, C_WIN_TILE] = tile
    seat_rec[r, C_WIN_FROM] = frm
    seat_rec[r, C_WIN_FLAGS] = flags
    seat_rec[r, C_VALUE] = value
    seat_rec[r, C_VALUE_RAW] = info[1]
    kinds = 0
    live = 0
    for k in range(34):
        if mask[p, k]:
            kinds += 1
            x = 4 - hand[p, k] - visible[k]
            if x > 0:
                live += x
    seat_rec[r, C_WAIT_KINDS] = kinds
    seat_rec[r, C_WAIT_LIVE] = live
    w = np.int64(_wait_bits_once(hand[p], T))
    seat_rec[r, C_WAIT_SHAPE] = _shapes_into(hand[p], w, T, tbits, work[K.N_WORK:])
    seat_rec[r, C_WIN_SHAPE] = tbits[tile]
    for i in range(best.shape[0]):
        pat_rec[r, i] = best[i]


@noref_kernel
def _add_meld(p, typ, kind, frm, mt, mk, mfrom, nm):
    i = nm[p]
    mt[p, i] = typ
    mk[p, i] = kind
    mfrom[p, i] = frm
    nm[p] = i + 1


@noref_kernel
def _kong_money(p, typ, frm, pay_now, P, won, kp, lastk, seat_rec, base, ev, evn, log):
    """Pay a kong of type ``typ`` made by ``p``; remember who paid in ``lastk``."""
    for j in range(4):
        lastk[j] = 0
    if P[P_KONG_MONEY] == 0 or not pay_now:
        return
    if P[P_KONG_MONEY] == 2:  # Liuzhou: 明杠 1 from the feeder, 暗杠 1 from each
        for j in range(4):
            if j == p or won[j] != 0:
                continue
            if typ == K.CKONG or j == frm:
                lastk[j] = 1
                kp[p, j] += 1
                _pay(j, p, 1, R_KONG, C_PAY_KONG, seat_rec, base, ev, evn, log)
        return
    for j in range(4):
        if j == p or won[j] != 0:
            continue
        a = 0
        if typ == K.CKONG:
            a = P[P_ANGANG]
        elif typ == K.ADDKONG:
            a = P[P_BUGANG]
        elif j == frm:
            a = P[P_ZHIGANG]
        elif P[P_MAOMAOYU]:
            a = 1
        if a > 0:
            lastk[j] = a
            kp[p, j] += a
            _pay(j, p, a, R_KONG, C_PAY_KONG, seat_rec, base, ev, evn, log)


@noref_kernel
def _settle(dealer, hand, mt, mk, nm, que, won, ready, mask, kp, visible, P, values, sw, T,
            conc, buf, work, hits, best, info, seat_rec, base, ev, evn, log):
    """查叫 and 查花猪 when the wall ran out with two or more seats still in.

    Every seat still in is 花猪 (it holds its missing suit), ready (its best win,
    or smallest under 赔小叫, is recorded) or not ready.  Then, in this order:
    non-ready seats (花猪 included) return their kong money; each 花猪 pays each
    non-花猪 the rule set's 花猪 amount (Guang'an: twice the ready seat's value to
    each ready seat); each non-ready seat pays each ready seat its value.
    Returns ``(ready, not ready, 花猪)`` counts.
    """
    family = P[P_FAMILY]
    n_ready = 0
    n_not = 0
    n_hz = 0
    for p in range(4):
        if won[p]:
            continue
        r = base + p
        hz = _has_que(hand[p], que[p])
        seat_rec[r, C_HUAZHU] = 1 if hz else 0
        seat_rec[r, C_READY_END] = 0
        if hz:
            n_hz += 1
            _log(ev, evn, log, EV_READY, p, 2, -1, 0)
            continue
        val = -1
        if ready[p]:
            for k in range(34):
                if not mask[p, k]:
                    continue
                if not P[P_SIJIAO] and 4 - hand[p, k] - visible[k] <= 0:
                    continue
                flags = K.DEALER if p == dealer else 0
                v = _score_win(p, k, flags, hand, mt, mk, nm, values, sw, family, T, conc,
                               buf, work, hits, best, info)
                if v <= 0:
                    continue
                if val < 0 or (P[P_CHAJIAO_MIN] and v < val) or (
                        not P[P_CHAJIAO_MIN] and v > val):
                    val = v
        if val > 0:
            seat_rec[r, C_READY_END] = 1
            seat_rec[r, C_CHAJIAO_VALUE] = val
            n_ready += 1
            _log(ev, evn, log, EV_READY, p, 1, -1, val)
        else:
            n_not += 1
            _log(ev, evn, log, EV_READY, p, 0, -1, 0)
    # 1. non-ready players (花猪 included) return their kong money
    if P[P_REFUND]:
        for p in range(4):
            if won[p] or seat_rec[base + p, C_READY_END] == 1:
                continue
            for j in range(4):
                if kp[p, j] > 0:
                    _pay(p, j, kp[p, j], R_REFUND, C_PAY_REFUND, seat_rec, base, ev, evn,
                         log)
                    kp[p, j] = 0
    # 2. 花猪
    for p in range(4):
        if won[p] or seat_rec[base + p, C_HUAZHU] != 1:
            continue
        for q in range(4):
            if q == p or won[q] or seat_rec[base + q, C_HUAZHU] == 1:
                continue
            if P[P_HUAZHU_DOUBLE] > 0:
                if seat_rec[base + q, C_READY_END] == 1:
                    _pay(p, q, P[P_HUAZHU_DOUBLE] * seat_rec[base + q, C_CHAJIAO_VALUE],
                         R_HUAZHU, C_PAY_HUAZHU, seat_rec, base, ev, evn, log)
            else:
                _pay(p, q, P[P_HUAZHU], R_HUAZHU, C_PAY_HUAZHU, seat_rec, base, ev, evn,
                     log)
    # 3. 查叫: each non-ready player pays each ready one
    for p in range(4):
        if won[p] or seat_rec[base + p, C_READY_END] != 0 or seat_rec[base + p,
                                                                      C_HUAZHU] == 1:
            continue
        for q in range(4):
            if q != p and won[q] == 0 and seat_rec[base + q, C_READY_END] == 1:
                _pay(p, q, seat_rec[base + q, C_CHAJIAO_VALUE], R_CHAJIAO, C_PAY_CHAJIAO,
                     seat_rec, base, ev, evn, log)
    return n_ready, n_not, n_hz


@noref_kernel
def _pay_win(w, d, v, flags, kong_typ, kong_feeder, P, family, take, won, mult, seat_rec, base,
             ev, evn, log):
    """Pay a win: ``w`` won ``v`` per payer on ``d``'s discard (-1: self-drawn).

    Who pays what is :func:`mjstats.scoring.payments._win_payments`, the rule
    :func:`mjstats.scoring.score.score` uses too (kong money was paid as each kong
    was made, so none is added here); ``kong_typ``/``kong_feeder``: the kong behind
    a 杠上花.  Payments are made seat by seat in order.
    """
    _win_payments(w, d, v, flags, 1 if family == K.F_LIUZHOU else 0, P[P_DIANPAO_HUA],
                  P[P_SANBI], take, won, kong_typ, kong_feeder, 0, mult)
    for j in range(4):
        if mult[j] > 0:
            _pay(j, w, mult[j], R_WIN, C_PAY_WIN, seat_rec, base, ev, evn, log)


LOOP = (
    "head", "tail", "cur", "mode", "pending", "after_kong", "kong_type", "kong_feeder",
    "claimed", "step", "max_multi", "n_robbed", "n_kongs", "n_won", "end_reason",
    "next_dealer",
)
"""The scalars the phases of a hand share (``Scratch.loop``, one ``int64`` each).

``head`` and ``tail``: the next tiles at the wall's head (draws) and tail (kong
replacements); ``cur``: the seat to move; ``mode``: how its turn starts
(``M_*``); ``pending``: the replacement tile of a kong it claimed on a discard;
``after_kong`` (1: the mover's last tile replaced a kong), ``kong_type`` and
``kong_feeder`` (the seat that fed a claimed kong, or the pong of an added one)
of the last kong; ``claimed``: 1 once any pong, kong or chow was made (地胡 needs
an uninterrupted first round); the hand's counts of discards (``step``), of
winners on one tile (the most), of robbed kongs, of kongs and of winners;
``end_reason`` (0 a win ended the hand, 1 the wall ran out) and ``next_dealer``.
"""
(L_HEAD, L_TAIL, L_CUR, L_MODE, L_PENDING, L_AFTER_KONG, L_KONG_TYPE, L_KONG_FEEDER,
 L_CLAIMED, L_STEP, L_MAX_MULTI, L_N_ROBBED, L_N_KONGS, L_N_WON, L_END_REASON,
 L_NEXT_DEALER) = range(len(LOOP))
N_LOOP = len(LOOP)

M_DRAW = 0  # the mover draws from the head of the wall
M_REPLACEMENT = 1  # the mover takes the replacement tile of the kong it claimed (``pending``)
M_DISCARD = 2  # the mover only discards (after a pong or chow)
M_FIRST = 3  # the dealer's first turn, on its dealt 14 tiles

NO_DISCARD = -1  # a turn ended in a win without a discard; play goes on
HAND_OVER = -2  # the hand is over


class Scratch(NamedTuple):
    """The working arrays of one hand (:func:`_scratch`), by seat where two-dimensional.

    Hands (``hand``), exposed melds (type ``mt``, kind ``mk``, taken from ``mfrom``,
    count ``nm``), the tiles seen (``visible``), each seat's winning tiles and state
    (``mask``, ``ready``, ``passblock`` after a pass, ``que`` the missing suit,
    ``won`` the order of its win), kong money (``kp`` paid per pair, ``lastk`` of the
    last kong), draws and discards (``ndraw``, ``ndisc``), the winners of one
    discard (``winners``), melds taken from each seat (``take``, for 吃三比) and the
    payments of a win (``mult``); the scorer's and the bots' scratch (``conc``,
    ``buf``, ``work``, ``hits``, ``best``, ``info``, ``tbits``, ``bsc``); the
    scalars the phases of a hand share (``loop``, indexed by :data:`LOOP`).
    """

    hand: np.ndarray
    mt: np.ndarray
    mk: np.ndarray
    mfrom: np.ndarray
    nm: np.ndarray
    visible: np.ndarray
    mask: np.ndarray
    ready: np.ndarray
    passblock: np.ndarray
    kp: np.ndarray
    lastk: np.ndarray
    que: np.ndarray
    won: np.ndarray
    ndraw: np.ndarray
    ndisc: np.ndarray
    winners: np.ndarray
    conc: np.ndarray
    buf: np.ndarray
    work: np.ndarray
    hits: np.ndarray
    best: np.ndarray
    info: np.ndarray
    tbits: np.ndarray
    bsc: np.ndarray
    take: np.ndarray
    mult: np.ndarray
    loop: np.ndarray


# ----------------------------------------------------------------- one hand


@inline_kernel
def _no_policy():
    """The ``pol`` of :func:`_play` when no seat follows an exact policy (seat -1)."""
    return (np.int64(-1), np.full((1, 4), -1, np.int64), np.zeros(2, np.int64),
            np.zeros(1, np.int8), np.full((1, 1), -1, np.int8))


def chunk_policy(ev_args):
    """The ``pol`` a chunk of hands plays with: none, or the ``ev`` bot's arrays.

    ``ev_args`` is ``None`` (no seat plays ``ev``: :func:`_no_policy`) or
    :func:`ev_args` of the rule set (:func:`mjstats.sim.ev.EvScratch`, allocated
    here once per chunk).  Compiled for the type it is given.
    """


@overload(chunk_policy, jit_options=OVERLOAD_OPTIONS)
def _ov_chunk_policy(ev_args):
    if isinstance(ev_args, (types.NoneType, types.Omitted)):
        return lambda ev_args: _no_policy()
    if len(ev_args.types) == 9:
        return lambda ev_args: (
            EVB._ev_scratch(ev_args[0].shape[0], ev_args[8]),
            ev_args[0],
            ev_args[1], ev_args[2],
            Overlap4(ev_args[3], ev_args[4], ev_args[5], ev_args[6], ev_args[7]))
    return lambda ev_args: (
        EVB._ev_scratch(ev_args[0].shape[0], ev_args[8]),
        ev_args[0],
        ev_args[1], ev_args[2],
        Overlap4(ev_args[3], ev_args[4], ev_args[5], ev_args[6], ev_args[7]),
        _rollout_scratch(ev_args[0].shape[0], ev_args[9], ev_args[10]))


def ev_args(R: RuleSet, bots, settings: dict | None = None):
    """What :func:`chunk_policy` needs for the ``ev`` and ``rollout`` bots, or ``None`` (neither).

    ``bots`` are the seats' bot codes (any shape); the bots' settings are
    ``settings`` (a run's :func:`mjstats.sim.ev.run_settings`), by default
    :data:`mjstats.sim.ev.SETTINGS` (:func:`mjstats.sim.ev.settings`).  With a
    ``rollout`` seat the tuple also holds the table model's engine parameters
    (:func:`engine_params` without 天胡/地胡: the position is mid-hand) and the
    rollouts per candidate.
    """
    b = np.asarray(bots)
    if not ((b == B.EV) | (b == B.ROLLOUT)).any():
        return None
    ka = R.kernel_args
    # arrays and numbers (the bot's settings one tuple of them), not a named tuple of them
    s = EVB.SETTINGS if settings is None else settings
    out = (ka.values, ka.switches, np.int64(ka.family), *overlap4(), EVB.bot_settings(s))
    if not (b == B.ROLLOUT).any():
        return out
    table = R.with_switches(tiandi=False) if "tiandi" in R.switches else R
    return (*out, engine_params(table), np.int64(s["rollouts"]))


class RolloutScratch(NamedTuple):
    """What the ``rollout`` bot plays its rollouts in (one per chunk, :func:`_rollout_scratch`)."""

    S: Scratch               # the rollouts' own table
    seat_rec: np.ndarray
    pat_rec: np.ndarray
    hand_rec: np.ndarray
    ev: np.ndarray
    evn: np.ndarray
    wall: np.ndarray         # int8 (136,)
    pool: np.ndarray         # int8 (136,): the tiles the seat has not seen
    script: np.ndarray       # int64 (4, 1): the candidate, the player's first discard
    que_in: np.ndarray
    bots: np.ndarray         # int64 (4,): efficiency everywhere
    state: np.ndarray        # uint64 (4,): the position's stream
    deal: np.ndarray         # uint64 (4,): a rollout's bot stream
    play: np.ndarray
    sums: np.ndarray         # int64 (34,): payoff summed per candidate
    cand: np.ndarray         # int64 (34,): 1 for the candidates (:func:`_rollout_candidates`)
    best: np.ndarray         # int64 (1,): the first candidate
    P: np.ndarray            # the table model's engine parameters
    n: np.ndarray            # int64 (1,): rollouts per candidate
    nopol: tuple             # :func:`_no_policy`, made here (the rollouts allocate nothing)


@kernel
def _rollout_scratch(n_pat, P, n):
    """An empty :class:`RolloutScratch` for ``n_pat`` patterns, engine parameters ``P``."""
    return RolloutScratch(
        _scratch(n_pat), np.zeros((4, N_SEAT), np.int64), np.zeros((4, n_pat), np.int8),
        np.zeros((1, N_HAND), np.int64), np.zeros((1, 5), np.int32), np.zeros(2, np.int64),
        np.zeros(136, np.int8), np.zeros(136, np.int8), np.full((4, 1), -1, np.int64),
        np.full(4, -1, np.int64), np.full(4, B.EFFICIENCY, np.int64), np.zeros(4, np.uint64),
        np.zeros(4, np.uint64), np.zeros(4, np.uint64), np.zeros(34, np.int64),
        np.zeros(34, np.int64), np.zeros(1, np.int64), P.copy(),
        np.full(1, n, np.int64), _no_policy())


def rollout_advice(pol, cur, hand, tsumo, kong_turn, bot, nm, mt, mk, que, visible, inset,
                   wall_left, n_active, ndraw, T):
    """The discard of a ``rollout`` seat by its rollouts (:func:`_rollout_discard`), or -1."""


@overload(rollout_advice, jit_options=OVERLOAD_OPTIONS)
def _ov_rollout_advice(pol, cur, hand, tsumo, kong_turn, bot, nm, mt, mk, que, visible, inset,
                       wall_left, n_active, ndraw, T):
    if len(getattr(pol, "types", ())) != 6:
        return lambda pol, cur, hand, tsumo, kong_turn, bot, nm, mt, mk, que, visible, inset, \
            wall_left, n_active, ndraw, T: -1

    def advice(pol, cur, hand, tsumo, kong_turn, bot, nm, mt, mk, que, visible, inset,
               wall_left, n_active, ndraw, T):
        if bot != B.ROLLOUT or nm != 0 or B._que_discard(hand, que) >= 0:
            return -1
        n = _rollout_candidates(cur, hand, tsumo, kong_turn, mt, mk, que, visible, inset,
                                wall_left, n_active, ndraw, pol[0], (pol[1], pol[2], pol[3]),
                                T, pol[4], pol[5])
        if n <= 1:
            return pol[5].best[0]  # one candidate (or none: -1, the ev bot decides)
        return _rollout_discard(cur, hand, que, visible, inset, wall_left, n_active, pol[5],
                                pol[1], pol[2], T)
    return advice


ROLLOUT_CANDIDATES = 3
"""The ``rollout`` bot plays out at most this many of the ``ev`` bot's best discards ..."""
ROLLOUT_MARGIN = 0.1
"""... those worth at least ``1 - ROLLOUT_MARGIN`` of the best (the near ties of the solo model)."""


@noref_kernel
def _rollout_candidates(cur, hand, tsumo, kong_turn, mt, mk, que, visible, inset, wall_left,
                        n_active, ndraw, X, R, T, Q, RS):
    """Mark the ``rollout`` seat's candidates in ``RS.cand``; returns how many.

    The discards the ``ev`` bot values most (its solve of the hand,
    :func:`mjstats.sim.ev._ev_discard`, whose choice is the first): at most
    :data:`ROLLOUT_CANDIDATES`, each worth at least ``1 - ROLLOUT_MARGIN`` of the
    first (a discard the solo model values far lower loses at the table too); or, when
    that solve passes its budget or finds nothing of value, the discards that keep
    the lowest shanten (``efficiency``'s choices).  ``RS.best[0]`` is the first.
    """
    d = EVB._ev_discard(cur, hand, tsumo, kong_turn, 0, mt, mk, que, visible, inset, wall_left,
                        n_active, ndraw, X, R, T, Q)
    n = 0
    for k in range(34):
        RS.cand[k] = 0
    RS.best[0] = d
    if d >= 0:
        slot = X.seat[cur, EVB.S_SLOT]
        G = EVB._graph_of(X, slot)
        V = X.V[slot]
        first = G.b_start[0]
        for _ in range(ROLLOUT_CANDIDATES):
            top = -1
            tv = 0.0
            t2 = 0.0
            for e in range(G.b_start[0], G.b_start[1]):
                k = G.eb_kind[e]
                a = G.eb_a[e]
                if RS.cand[k] != 0 or not V[0, a] > 0.0:
                    continue
                if n > 0 and V[0, a] < (1.0 - ROLLOUT_MARGIN) * V[0, G.eb_a[first]]:
                    continue
                if top < 0 or _dp._better(V[0, a], X.V2[0, a], 0.0, tv, t2, 0.0):
                    top, tv, t2 = k, V[0, a], X.V2[0, a]
            if top < 0:
                break
            if n == 0:
                for e in range(G.b_start[0], G.b_start[1]):
                    if G.eb_kind[e] == top:
                        first = e
            RS.cand[top] = 1
            n += 1
        return n
    s_min = 99
    for k in range(34):
        if hand[k] > 0:
            hand[k] -= 1
            s = _shanten(hand, 2, T)
            hand[k] += 1
            if s < s_min:
                s_min = s
                for j in range(k):
                    RS.cand[j] = 0
                n = 0
            if s == s_min:
                RS.cand[k] = 1
                n += 1
                if RS.best[0] < 0:
                    RS.best[0] = k
    return n


@noref_kernel
def _position_state(hand, visible, wall_left, cur, out):
    """Seed ``out`` (xoshiro) from the position: the same position draws the same rollouts."""
    x = np.uint64(0x9E3779B97F4A7C15) * np.uint64(wall_left * 4 + cur + 1)
    for k in range(34):
        x = (x ^ np.uint64(hand[k] * 5 + visible[k] + 1)) * np.uint64(0xBF58476D1CE4E5B9)
        x ^= x >> np.uint64(31)
    for i in range(4):  # splitmix64
        x += np.uint64(0x9E3779B97F4A7C15)
        z = x
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        out[i] = z ^ (z >> np.uint64(31))
    if out[0] == 0 and out[1] == 0 and out[2] == 0 and out[3] == 0:  # pragma: no cover
        out[0] = 1


@noref_kernel
def _rollout_discard(cur, hand, que, visible, inset, wall_left, n_active, RS, values, sw, T):
    """The ``rollout`` seat's discard: the candidate of highest mean payoff over its rollouts.

    The candidates are marked in ``RS.cand`` (:func:`_rollout_candidates`: a
    handful of rollouts cannot tell a dozen candidates apart).  The table model of
    :mod:`mjstats.sim.rollouts` from the seat's position: its 14 tiles, the tiles
    it has not seen dealt at random, 13 to each of three opponents and ``4 T`` to
    the wall (``T`` the draws left, ``wall_left // n_active``, fewer
    when the unseen tiles cannot make three hands and that wall); the seat deals,
    its first discard is the candidate, every later choice at the table is
    ``efficiency``'s.  Every candidate is played on the same ``n`` deals (common
    random numbers, drawn from a stream seeded by the position, apart from the
    game's) and scored by the seat's net payoff; the lowest kind breaks ties.
    -1 when no wall can be dealt (the ``ev`` bot then decides).
    """
    n_pool = 0
    for k in range(34):
        u = 4 * np.int64(inset[k]) - np.int64(visible[k]) - np.int64(hand[k])
        for _ in range(u):
            RS.pool[n_pool] = k
            n_pool += 1
    Td = wall_left // n_active if n_active > 0 else 0
    if 39 + 4 * Td > n_pool:
        Td = (n_pool - 39) // 4
    if Td < 1:
        return -1
    n_wall = 14 + 39 + 4 * Td
    w = 0
    for k in range(34):
        RS.sums[k] = 0
        for _ in range(hand[k]):
            RS.wall[w] = k
            w += 1
    if w != 14:
        return -1
    RS.que_in[0] = que
    _position_state(hand, visible, wall_left, cur, RS.state)
    pool = RS.pool[:n_pool]
    wall = RS.wall[:n_wall]
    for _ in range(RS.n[0]):
        _shuffle(pool, RS.state)
        for i in range(n_wall - 14):
            wall[14 + i] = pool[i]
        _seed_from(RS.state, RS.deal)
        for k in range(34):
            if RS.cand[k] == 0:
                continue
            RS.script[0, 0] = k
            for i in range(4):
                RS.play[i] = RS.deal[i]
            _play_nested(wall, n_wall, 0, RS.bots, RS.que_in, RS.script, RS.P, values, sw, T,
                         inset, RS.play, RS.S, RS.seat_rec, RS.pat_rec, RS.hand_rec, 0, RS.ev,
                         RS.evn, False, RS.nopol)
            RS.sums[k] += RS.seat_rec[0, C_PAY_TOTAL]
    best = -1
    for k in range(34):
        if RS.cand[k] != 0 and (best < 0 or RS.sums[k] > RS.sums[best]):
            best = k
    return best


@inline_kernel
def _policy_discard(hand, drawn, u, pol):
    """The tile the exact policy ``pol`` throws after ``drawn`` at draw ``u`` (-1: it says nothing).

    ``hand`` holds the drawn tile (:func:`mjstats.sim.ev._policy_after`).
    """
    return EVB._policy_after(hand, drawn, u, pol[1], pol[2], pol[3], pol[4])


@inline_kernel
def _after_win(last, P, won, L):
    """After a turn ended in a win: the hand ends, or play passes on from seat ``last``.

    Returns :data:`HAND_OVER` (three have won, or the rule set ends the hand at its
    win) or :data:`NO_DISCARD` (the next seat still in after ``last`` draws).
    """
    if L[L_N_WON] >= 3 or P[P_END_AT_WIN]:
        L[L_END_REASON] = 0
        return HAND_OVER
    L[L_CUR] = _next_active(last, won)
    L[L_MODE] = M_DRAW
    return NO_DISCARD


@noref_kernel
def _deal(wall, n_wall, dealer, bots, que_in, sw, T, inset, state, S, seat_rec, pat_rec,
          hand_rec, g, ev, evn, log, pol):
    """Deal phase: clear the hand's state, deal the wall, declare the missing suits (定缺).

    Reads ``wall`` (the dealer takes 14 tiles from the head, then each seat 13 in
    turn order), ``bots`` and ``que_in`` (a seat's fixed missing suit, or -1 for its
    bot's choice, :func:`~mjstats.sim.bots._choose_que`, which may draw from
    ``state``).  Writes every array of ``S`` (hands, melds, waits of the seats but
    the dealer, the loop state ``S.loop``: wall head and tail, the dealer to move
    first), rows ``4 g`` to ``4 g + 3`` of ``seat_rec`` and ``pat_rec``, row ``g`` of
    ``hand_rec`` (cleared) and the 定缺 events.
    """
    hand, mask, passblock, ready, que = S.hand, S.mask, S.passblock, S.ready, S.que
    mt, mk, mfrom, nm, kp, take = S.mt, S.mk, S.mfrom, S.nm, S.kp, S.take
    won, ndraw, ndisc, lastk, visible, L = S.won, S.ndraw, S.ndisc, S.lastk, S.visible, S.loop
    base = 4 * g
    for p in range(4):
        for k in range(34):
            hand[p, k] = 0
            mask[p, k] = 0
            passblock[p, k] = 0
        for i in range(4):
            mt[p, i] = 0
            mk[p, i] = 0
            mfrom[p, i] = -1
            kp[p, i] = 0
            take[p, i] = 0
        nm[p] = 0
        ready[p] = 0
        won[p] = 0
        ndraw[p] = 0
        ndisc[p] = 0
        lastk[p] = 0
        for c in range(seat_rec.shape[1]):
            seat_rec[base + p, c] = 0
        for c in range(pat_rec.shape[1]):
            pat_rec[base + p, c] = 0
        seat_rec[base + p, C_SEAT] = p
        seat_rec[base + p, C_DEALER] = 1 if p == dealer else 0
        seat_rec[base + p, C_BOT] = bots[p]
        seat_rec[base + p, C_SELF_DRAW] = -1
        seat_rec[base + p, C_WIN_TILE] = -1
        seat_rec[base + p, C_WIN_FROM] = -1
        seat_rec[base + p, C_READY_END] = -1
        seat_rec[base + p, C_HUAZHU] = -1
    for c in range(hand_rec.shape[1]):
        hand_rec[g, c] = 0
    for k in range(34):
        visible[k] = 0
    evn[0] = 0
    evn[1] = 0
    # dealer 14 from the head, then 13 each in turn order
    pos = 0
    for i in range(4):
        p = (dealer + i) % 4
        n = 14 if i == 0 else 13
        for _ in range(n):
            hand[p, wall[pos]] += 1
            pos += 1
    A._new_hand(pol, dealer)
    for p in range(4):
        if sw[K.SW_MISSING_SUIT] == 0:
            que[p] = -1  # no missing suit (定缺) in this rule set
            seat_rec[base + p, C_QUE] = -1
            continue
        q = que_in[p]
        if q < 0:
            q = A.advised_que(pol, p, hand[p], bots[p], state, mt[p], mk[p], visible, inset,
                              n_wall - pos, T)
        que[p] = q
        seat_rec[base + p, C_QUE] = q
        _log(ev, evn, log, EV_QUE, p, q, -1, 0)
    for p in range(4):
        if p != dealer:
            _refresh(p, -99, hand, que, inset, mask, ready, T, mt, mk, nm)
    for i in range(N_LOOP):
        L[i] = 0
    L[L_HEAD] = pos
    L[L_TAIL] = n_wall - 1
    L[L_CUR] = dealer
    L[L_MODE] = M_FIRST
    L[L_PENDING] = -1
    L[L_END_REASON] = 1
    L[L_NEXT_DEALER] = dealer
    L[L_KONG_FEEDER] = -1


@noref_kernel
def _self_draw_win(cur, drawn, dealer, P, values, sw, T, S, seat_rec, pat_rec, base, ev, evn,
                   log):
    """Whether seat ``cur`` wins on its draw ``drawn`` (not yet in its hand); records and pays it.

    Reads the loop state ``S.loop`` (after a kong: 杠上花, 点杠; the wall's last
    tile: 海底; the first round: 地胡).  On a win writes the seat's record and
    payments, its order in ``S.won`` and the first winner as next dealer.
    """
    hand, visible, ndraw, ndisc, L = S.hand, S.visible, S.ndraw, S.ndisc, S.loop
    flags = K.SELF_DRAW
    if L[L_AFTER_KONG]:
        flags |= K.AFTER_KONG
        if L[L_KONG_TYPE] == K.KONG:
            flags |= K.FED_KONG  # 点杠: the kong was made on a discard
    if L[L_HEAD] > L[L_TAIL]:
        flags |= K.LAST_TILE
    if cur == dealer:
        flags |= K.DEALER
    elif ndraw[cur] == 1 and not L[L_CLAIMED] and ndisc[cur] == 0:
        flags |= K.FIRST_TURN
    if _last_copy(cur, drawn, hand, visible, S.mask):
        flags |= K.LAST_COPY
    v = _score_win(cur, drawn, flags, hand, S.mt, S.mk, S.nm, values, sw, P[P_FAMILY], T,
                   S.conc, S.buf, S.work, S.hits, S.best, S.info)
    if v <= 0:
        return False
    L[L_N_WON] += 1
    S.won[cur] = L[L_N_WON]
    _log(ev, evn, log, EV_WIN, cur, drawn, -1, flags)
    _record_win(cur, drawn, -1, flags, v, L[L_N_WON], ndraw[cur], L[L_STEP], hand, visible, T,
                S.mask, S.tbits, S.best, S.info, seat_rec, pat_rec, base, S.work)
    if L[L_N_WON] == 1:
        L[L_NEXT_DEALER] = cur
    # who pays (引杠杠上花算放炮: the kong's feeder alone, the scorer having left the
    # self-draw bonus out of v; Liuzhou 杠上花, 吃三比)
    _pay_win(cur, -1, v, flags, L[L_KONG_TYPE] if L[L_AFTER_KONG] else 0, L[L_KONG_FEEDER], P,
             P[P_FAMILY], S.take, S.won, S.mult, seat_rec, base, ev, evn, log)
    return True


@noref_kernel
def _heavenly_win(cur, wall, P, values, sw, T, inset, S, seat_rec, pat_rec, base, ev, evn, log):
    """Whether the dealer ``cur`` wins on its dealt 14 tiles (天胡); records and pays it.

    The win tile is the dealer's last dealt tile (``wall[13]``).  Writes what
    :func:`_self_draw_win` writes; the hand ``S.hand`` is left as dealt.
    """
    hand, que, L = S.hand, S.que, S.loop
    if _has_que(hand[cur], que[cur]) or not _is_complete(hand[cur], 2, T):
        return False
    t = wall[13]
    hand[cur, t] -= 1
    flags = K.SELF_DRAW | K.FIRST_TURN | K.DEALER
    v = _score_win(cur, t, flags, hand, S.mt, S.mk, S.nm, values, sw, P[P_FAMILY], T, S.conc,
                   S.buf, S.work, S.hits, S.best, S.info)
    if v > 0:
        _refresh(cur, 0, hand, que, inset, S.mask, S.ready, T, S.mt, S.mk, S.nm)
        L[L_N_WON] += 1
        S.won[cur] = L[L_N_WON]
        _log(ev, evn, log, EV_WIN, cur, t, -1, flags)
        _record_win(cur, t, -1, flags, v, L[L_N_WON], 0, L[L_STEP], hand, S.visible, T, S.mask,
                    S.tbits, S.best, S.info, seat_rec, pat_rec, base, S.work)
        L[L_NEXT_DEALER] = cur
        _pay_win(cur, -1, v, flags, 0, -1, P, P[P_FAMILY], S.take, S.won, S.mult, seat_rec,
                 base, ev, evn, log)
    hand[cur, t] += 1
    return v > 0


@noref_kernel
def _rob_kong(cur, kk, dealer, bots, P, values, sw, T, inset, S, seat_rec, pat_rec, base, ev,
              evn, log):
    """抢杠: the others may win on the tile ``kk`` that seat ``cur`` adds to its pong.

    Each seat still in, ready on ``kk`` and not blocked by 过水 robs unless its bot
    declines (:func:`~mjstats.sim.bots._robs_kong`).  With any robber: the tile
    leaves ``cur``'s hand (the kong is not made), each robber's win is recorded
    and paid by ``cur``, and the last robber in turn order is returned; else -1
    (nothing is written but the scratch ``S.winners``).
    """
    hand, visible, mask, ready, won = S.hand, S.visible, S.mask, S.ready, S.won
    passblock, winners, L = S.passblock, S.winners, S.loop
    family = P[P_FAMILY]
    nr = 0
    for i in range(1, 4):
        q = (cur + i) % 4
        winners[i - 1] = -1
        if won[q] or not ready[q] or not mask[q, kk] or passblock[q, kk]:
            continue
        if not B._robs_kong(bots[q]):
            continue
        flags = _win_flags(q, kk, K.ROBBING, dealer, hand, visible, mask)
        v = _score_win(q, kk, flags, hand, S.mt, S.mk, S.nm, values, sw, family, T, S.conc,
                       S.buf, S.work, S.hits, S.best, S.info)
        if v > 0:
            winners[i - 1] = q
            nr += 1
    if nr == 0:
        return -1
    _log(ev, evn, log, EV_ROB, cur, kk, -1, 0)
    hand[cur, kk] -= 1
    last = cur
    for i in range(3):
        q = winners[i]
        if q < 0:
            continue
        flags = _win_flags(q, kk, K.ROBBING, dealer, hand, visible, mask)
        v = _score_win(q, kk, flags, hand, S.mt, S.mk, S.nm, values, sw, family, T, S.conc,
                       S.buf, S.work, S.hits, S.best, S.info)
        L[L_N_WON] += 1
        won[q] = L[L_N_WON]
        _log(ev, evn, log, EV_WIN, q, kk, cur, flags)
        _record_win(q, kk, cur, flags, v, L[L_N_WON], S.ndraw[q], L[L_STEP], hand, visible, T,
                    mask, S.tbits, S.best, S.info, seat_rec, pat_rec, base, S.work)
        seat_rec[base + q, C_WIN_TILE] = kk
        _pay_win(q, cur, v, flags, 0, -1, P, family, S.take, won, S.mult, seat_rec, base, ev,
                 evn, log)
        if L[L_N_WON] == 1:
            L[L_NEXT_DEALER] = q if nr == 1 else cur
        last = q
    L[L_N_ROBBED] += 1
    if nr > L[L_MAX_MULTI]:
        L[L_MAX_MULTI] = nr
    visible[kk] += 1  # the robbed tile is shown
    _refresh(cur, -99, hand, S.que, inset, mask, ready, T, S.mt, S.mk, S.nm)
    return last


@noref_kernel
def _make_kong(cur, kk, ktyp, just, wall, P, T, inset, S, seat_rec, base, ev, evn, log):
    """Seat ``cur`` makes a concealed (暗杠) or added (弯杠) kong of ``kk``; returns its new tile.

    ``just`` is the tile the seat drew last (an added kong of it pays at once under
    下毛毛雨).  Writes the hand and melds, the tiles seen, the kong money
    (:func:`_kong_money`), the loop state (the kong, its replacement draw from the
    tail) and the seat's waits.
    """
    hand, visible, mt, mk, mfrom, nm, L = S.hand, S.visible, S.mt, S.mk, S.mfrom, S.nm, S.loop
    L[L_CLAIMED] = 1
    L[L_N_KONGS] += 1
    kfrom = -1
    if ktyp == K.CKONG:
        hand[cur, kk] = 0
        if not P[P_HIDE_CKONG]:
            visible[kk] += 4
        _add_meld(cur, K.CKONG, kk, -1, mt, mk, mfrom, nm)
        seat_rec[base + cur, C_N_CKONG] += 1
        pay_now = True
    else:
        hand[cur, kk] -= 1
        visible[kk] += 1
        for i in range(nm[cur]):
            if mt[cur, i] == K.PONG and mk[cur, i] == kk:
                mt[cur, i] = K.ADDKONG
                kfrom = mfrom[cur, i]
        seat_rec[base + cur, C_N_ADDKONG] += 1
        pay_now = (not P[P_BUGANG_NOW]) or just == kk
    _log(ev, evn, log, EV_KONG, cur, kk, -1, ktyp)
    L[L_KONG_TYPE] = ktyp
    L[L_KONG_FEEDER] = kfrom
    _kong_money(cur, ktyp, kfrom, pay_now, P, S.won, S.kp, S.lastk, seat_rec, base, ev, evn, log)
    # replacement from the tail
    drawn = wall[L[L_TAIL]]
    L[L_TAIL] -= 1
    for k in range(34):
        S.passblock[cur, k] = 0
    L[L_AFTER_KONG] = 1
    _refresh(cur, -99, hand, S.que, inset, S.mask, S.ready, T, mt, mk, nm)
    _log(ev, evn, log, EV_DRAW, cur, drawn, 1, 0)
    return drawn


@inline_kernel
def _discard(cur, tsumo, kong_turn, bots, script, T, inset, state, S, hand_rec, g, ev, evn, log,
             pol):
    """Seat ``cur`` discards; returns the tile.

    The tile is the seat's ``script`` entry for this discard, else (a seat following
    an exact policy, right after a draw ``tsumo`` that was no kong replacement) the
    policy's, else its bot's (:func:`~mjstats.sim.bots._choose_discard`).  Writes
    the hand, the discard counts (``S.ndisc``, ``S.loop[L_STEP]``), the seat's waits
    and, for a scripted tile the seat lacks, ``hand_rec[g, H_ERROR]``.
    """
    hand, que, ndisc, L = S.hand, S.que, S.ndisc, S.loop
    i_d = ndisc[cur]
    d = -1
    if i_d < script.shape[1] and script[cur, i_d] >= 0:
        d = script[cur, i_d]
        if hand[cur, d] <= 0:
            hand_rec[g, H_ERROR] = 2  # a script discards a tile the seat lacks
            d = -1
    if d < 0:
        d = rollout_advice(pol, cur, hand[cur], tsumo, kong_turn, bots[cur], S.nm[cur],
                           S.mt[cur], S.mk[cur], que[cur], S.visible, inset,
                           L[L_TAIL] - L[L_HEAD] + 1, 4 - L[L_N_WON], S.ndraw[cur], T)
    if d < 0:
        d = A.advised_discard(pol, cur, hand[cur], tsumo, kong_turn, bots[cur], S.nm[cur],
                              S.mt[cur], S.mk[cur], que[cur], S.visible, inset,
                              L[L_TAIL] - L[L_HEAD] + 1, 4 - L[L_N_WON], S.ndraw[cur], T)
    s_after = -99
    if d < 0:
        d, s_after = B._choose_discard(hand[cur], S.nm[cur], S.mt[cur], S.mk[cur], que[cur],
                                       bots[cur], inset, S.visible, T, state, S.bsc)
    hand[cur, d] -= 1
    ndisc[cur] += 1
    L[L_STEP] += 1
    _log(ev, evn, log, EV_DISCARD, cur, d, -1, 0)
    if not (d == tsumo and not kong_turn):
        # (a drawn tile thrown straight back leaves the hand, its waits, as they were;
        # a seat not ready before (its wait mask all 0) and not after needs nothing)
        if S.ready[cur] or not (s_after > 0 or (s_after == -99
                                                and _has_que(hand[cur], que[cur]))):
            _refresh(cur, s_after, hand, que, inset, S.mask, S.ready, T, S.mt, S.mk, S.nm)
    return d


@inline_kernel
def _turn(wall, dealer, bots, script, P, values, sw, T, inset, state, S, seat_rec, pat_rec,
          hand_rec, g, ev, evn, log, pol):
    """Turn phase: seat ``S.loop[L_CUR]`` draws, may win or kong, then discards.

    By the loop mode ``S.loop[L_MODE]`` the seat draws from the head of the wall
    (:data:`M_DRAW`), takes the replacement tile of a kong it claimed
    (:data:`M_REPLACEMENT`), only discards after a pong or chow
    (:data:`M_DISCARD`), or is the dealer on its dealt 14 tiles (:data:`M_FIRST`:
    天胡).  Then, until it discards: a self-drawn win (:func:`_self_draw_win`), or
    the kong its bot chooses (:func:`~mjstats.sim.bots._choose_kong`), which may be
    robbed (:func:`_rob_kong`) or is made with a replacement draw
    (:func:`_make_kong`).  Reads and writes ``S`` and the seat and pattern rows
    of hand ``g``.  Returns the discarded tile (:func:`_discard`), or
    :data:`NO_DISCARD` when the turn ended in a win and play goes on (the next
    mover set in ``S.loop``), or :data:`HAND_OVER` (the wall ran out, or the
    win ends the hand; ``S.loop[L_END_REASON]`` says which).
    """
    hand, L = S.hand, S.loop
    base = 4 * g
    cur = L[L_CUR]
    mode = L[L_MODE]
    drawn = -1
    tsumo = -1
    kong_turn = False
    if mode == M_DRAW:
        if L[L_HEAD] > L[L_TAIL]:
            L[L_END_REASON] = 1
            return HAND_OVER
        drawn = wall[L[L_HEAD]]
        L[L_HEAD] += 1
        S.ndraw[cur] += 1
        for k in range(34):
            S.passblock[cur, k] = 0
        L[L_AFTER_KONG] = 0
        tsumo = drawn
        _log(ev, evn, log, EV_DRAW, cur, drawn, 0, 0)
    elif mode == M_REPLACEMENT:
        drawn = L[L_PENDING]
    if mode != M_DISCARD:
        just = drawn
        while True:
            if drawn >= 0:
                wins = False
                if S.ready[cur] and S.mask[cur, drawn]:
                    wins = _self_draw_win(cur, drawn, dealer, P, values, sw, T, S, seat_rec,
                                          pat_rec, base, ev, evn, log)
                hand[cur, drawn] += 1
                if wins:
                    return _after_win(cur, P, S.won, L)
                drawn = -1
            elif mode == M_FIRST:
                if _heavenly_win(cur, wall, P, values, sw, T, inset, S, seat_rec, pat_rec, base,
                                 ev, evn, log):
                    return _after_win(cur, P, S.won, L)
            mode = M_DRAW
            L[L_MODE] = M_DRAW
            if L[L_HEAD] > L[L_TAIL]:
                break
            kk = -1
            ktyp = 0
            if not A.follows_policy(pol, cur):  # (a seat following an exact policy makes no kong)
                kk, ktyp = B._choose_kong(hand[cur], S.nm[cur], S.mt[cur], S.mk[cur], S.que[cur],
                                          bots[cur], T, state, S.bsc)
            if kk < 0:
                break
            if ktyp == K.ADDKONG and P[P_ROB]:
                last = _rob_kong(cur, kk, dealer, bots, P, values, sw, T, inset, S, seat_rec,
                                 pat_rec, base, ev, evn, log)
                if last >= 0:
                    return _after_win(last, P, S.won, L)
            kong_turn = True
            drawn = _make_kong(cur, kk, ktyp, just, wall, P, T, inset, S, seat_rec, base, ev,
                               evn, log)
            just = drawn
    return _discard(cur, tsumo, kong_turn, bots, script, T, inset, state, S, hand_rec, g, ev,
                    evn, log, pol)


@noref_kernel
def _discard_wins(d, cur, nwin, scored, v_scored, kong_discard, wall_left, dealer, P, values,
                  sw, T, S, seat_rec, pat_rec, base, ev, evn, log):
    """Record and pay the wins on ``cur``'s discard ``d`` (一炮多响); returns the last winner.

    The ``nwin`` winners are ``S.winners`` (-1 where none), in turn order after ``cur``;
    ``scored``/``v_scored`` is the seat scored last and its value (its scratch is
    still valid).  On a discard after a kong, 杠上炮 hands the kong's gains to
    each winner (and they are no longer the konger's to return at 查叫).  Writes
    the winners' records and payments and the loop state.
    """
    hand, visible, kp, lastk, won, L = S.hand, S.visible, S.kp, S.lastk, S.won, S.loop
    if nwin > L[L_MAX_MULTI]:
        L[L_MAX_MULTI] = nwin
    last = cur
    for i in range(3):
        q = S.winners[i]
        if q < 0:
            continue
        flags = _discard_flags(q, d, kong_discard, wall_left, dealer, hand, visible, S.mask)
        if nwin == 1 and q == scored:
            v = v_scored  # a single winner, scored last: no need to score again
        else:
            v = _score_win(q, d, flags, hand, S.mt, S.mk, S.nm, values, sw, P[P_FAMILY], T,
                           S.conc, S.buf, S.work, S.hits, S.best, S.info)
        L[L_N_WON] += 1
        won[q] = L[L_N_WON]
        _log(ev, evn, log, EV_WIN, q, d, cur, flags)
        _record_win(q, d, cur, flags, v, L[L_N_WON], S.ndraw[q], L[L_STEP], hand, visible, T,
                    S.mask, S.tbits, S.best, S.info, seat_rec, pat_rec, base, S.work)
        if L[L_N_WON] == 1:
            L[L_NEXT_DEALER] = q if nwin == 1 else cur
        _pay_win(q, cur, v, flags, 0, -1, P, P[P_FAMILY], S.take, won, S.mult, seat_rec, base,
                 ev, evn, log)
        if kong_discard and P[P_TRANSFER]:
            # 杠上炮: the discarder hands the kong's gains to each winner
            a = 0
            if P[P_ZHUANYU] and L[L_KONG_TYPE] == K.ADDKONG:
                for j in range(4):
                    a += kp[cur, j]
            else:
                for j in range(4):
                    a += lastk[j]
            if a > 0:
                _pay(cur, q, a, R_TRANSFER, C_PAY_TRANSFER, seat_rec, base, ev, evn, log)
        last = q
    if kong_discard and P[P_TRANSFER]:
        # the transferred gains are no longer the konger's to return at 查叫
        for j in range(4):
            if P[P_ZHUANYU] and L[L_KONG_TYPE] == K.ADDKONG:
                kp[cur, j] = 0
            else:
                kp[cur, j] -= lastk[j]
            lastk[j] = 0
    return last


@inline_kernel
def _claims(d, wall, dealer, bots, P, values, sw, T, inset, state, S, seat_rec, pat_rec, g, ev,
            evn, log, pol):
    """Claims phase: wins on the discard ``d`` of seat ``S.loop[L_CUR]``, else a pong, kong or chow.

    Each seat still in, ready on ``d`` and not blocked by 过水 wins unless its bot
    passes (:func:`~mjstats.sim.bots._takes_win`; a pass starts 过水); several
    may win (:func:`_discard_wins`).  Without a win, while the wall is not empty,
    the first seat in turn order holding a pair of ``d`` may kong it
    (:func:`~mjstats.sim.bots._claims_kong`, a replacement tile then waits in
    ``S.loop[L_PENDING]``) or pong it (:func:`~mjstats.sim.bots._want_pong`, or the
    ``ev`` bot's :func:`~mjstats.sim.advice.advised_pong`); with chows (Liuzhou) the
    next seat may chow it (:func:`~mjstats.sim.bots._choose_chow`,
    :func:`~mjstats.sim.advice.advised_chow`).  A seat following an exact policy
    makes no call.  Reads and writes ``S`` (the next mover and its mode in
    ``S.loop``) and the seat and pattern rows of hand ``g``.  Returns whether the
    hand is over.
    """
    hand, visible, mask, ready, won = S.hand, S.visible, S.mask, S.ready, S.won
    passblock, winners, take, L = S.passblock, S.winners, S.take, S.loop
    mt, mk, mfrom, nm, que = S.mt, S.mk, S.mfrom, S.nm, S.que
    base = 4 * g
    cur = L[L_CUR]
    kong_discard = L[L_AFTER_KONG] != 0
    L[L_AFTER_KONG] = 0
    wall_left = L[L_TAIL] - L[L_HEAD] + 1
    # wins on the discard (一炮多响)
    nwin = 0
    scored = -1  # the seat scored last: its scratch (best, info) is still valid
    v_scored = 0
    for i in range(1, 4):
        q = (cur + i) % 4
        winners[i - 1] = -1
        if won[q] or not ready[q] or not mask[q, d]:
            continue
        if passblock[q, d]:
            continue
        flags = _discard_flags(q, d, kong_discard, wall_left, dealer, hand, visible, S.mask)
        v = _score_win(q, d, flags, hand, mt, mk, nm, values, sw, P[P_FAMILY], T, S.conc, S.buf,
                       S.work, S.hits, S.best, S.info)
        scored = q
        v_scored = v
        if v <= 0:
            continue
        if A.advised_take(pol, q, bots[q], v, P[P_LAST4] and wall_left <= 4, wall_left, hand[q],
                          S.ndraw[q]):
            winners[i - 1] = q
            nwin += 1
        else:
            passblock[q, d] = 1
            seat_rec[base + q, C_PASSED] += 1
            _log(ev, evn, log, EV_PASS, q, d, cur, v)
    if nwin > 0:
        last = _discard_wins(d, cur, nwin, scored, v_scored, kong_discard, wall_left, dealer, P,
                             values, sw, T, S, seat_rec, pat_rec, base, ev, evn, log)
        visible[d] += 1
        L[L_CLAIMED] = 1
        return _after_win(last, P, won, L) == HAND_OVER
    visible[d] += 1
    # claims: pong or 直杠 (not once the wall is empty)
    nxt = -1
    if wall_left > 0:
        for i in range(1, 4):
            q = (cur + i) % 4
            if (won[q] or hand[q, d] < 2 or (d < 27 and d // 9 == que[q])
                    or A.follows_policy(pol, q)):
                continue  # (a seat following an exact policy makes no call)
            bot = bots[q]
            if hand[q, d] == 3 and B._claims_kong(hand[q], d, bot, T, state):
                hand[q, d] = 0
                visible[d] += 3
                _add_meld(q, K.KONG, d, cur, mt, mk, mfrom, nm)
                seat_rec[base + q, C_N_KONG] += 1
                L[L_N_KONGS] += 1
                L[L_CLAIMED] = 1
                _log(ev, evn, log, EV_KONG, q, d, cur, K.KONG)
                take[q, cur] += 1
                L[L_KONG_TYPE] = K.KONG
                L[L_KONG_FEEDER] = cur
                _kong_money(q, K.KONG, cur, True, P, won, S.kp, S.lastk, seat_rec, base, ev,
                            evn, log)
                pending = wall[L[L_TAIL]]
                L[L_PENDING] = pending
                L[L_TAIL] -= 1
                for k in range(34):
                    passblock[q, k] = 0
                L[L_AFTER_KONG] = 1
                _refresh(q, -99, hand, que, inset, mask, ready, T, mt, mk, nm)
                _log(ev, evn, log, EV_DRAW, q, pending, 1, 0)
                nxt = q
                L[L_MODE] = M_REPLACEMENT
            elif A.advised_pong(pol, q, hand[q], d, bot, nm[q], mt[q], mk[q], que[q], visible,
                                inset, wall_left, 4 - L[L_N_WON], S.ndraw[q], T, state, S.bsc):
                hand[q, d] -= 2
                visible[d] += 2
                _add_meld(q, K.PONG, d, cur, mt, mk, mfrom, nm)
                seat_rec[base + q, C_N_PONG] += 1
                L[L_CLAIMED] = 1
                _log(ev, evn, log, EV_PONG, q, d, cur, 0)
                take[q, cur] += 1
                nxt = q
                L[L_MODE] = M_DISCARD
            break
        if nxt < 0 and P[P_CHOW]:
            # 吃: only the next seat, from its left
            q = (cur + 1) % 4
            if won[q] == 0 and not A.follows_policy(pol, q):
                lo = A.advised_chow(pol, q, hand[q], d, bots[q], nm[q], mt[q], mk[q], que[q],
                                    visible, inset, wall_left, 4 - L[L_N_WON], S.ndraw[q], T,
                                    state, S.bsc)
                if lo >= 0:
                    for x in range(lo, lo + 3):
                        if x != d:
                            hand[q, x] -= 1
                            visible[x] += 1
                    _add_meld(q, K.CHOW, lo, cur, mt, mk, mfrom, nm)
                    seat_rec[base + q, C_N_CHOW] += 1
                    take[q, cur] += 1
                    L[L_CLAIMED] = 1
                    _log(ev, evn, log, EV_CHOW, q, d, cur, lo)
                    nxt = q
                    L[L_MODE] = M_DISCARD
    if nxt >= 0:
        L[L_CUR] = nxt
    else:
        L[L_CUR] = _next_active(cur, won)
        L[L_MODE] = M_DRAW
    return False


@noref_kernel
def _end_hand(dealer, P, values, sw, T, S, seat_rec, hand_rec, g, ev, evn, log):
    """Settlement phase: 查叫 and 查花猪 of a drawn hand (:func:`_settle`), then the hand's record.

    A hand is drawn when the wall ran out with two or more seats still in; the
    rule set says whether it is settled (``P[P_SETTLE]``).  Reads the loop state
    ``S.loop`` and the seats' state in ``S``; writes their payments and draw
    counts, row ``g`` of ``hand_rec`` and the end event.
    """
    L, ndraw = S.loop, S.ndraw
    base = 4 * g
    n_won = L[L_N_WON]
    end_reason = L[L_END_REASON]
    n_active = 4 - n_won
    drawn_hand = 1 if (end_reason == 1 and n_active >= 2) else 0
    n_ready = 0
    n_not = 0
    n_hz = 0
    if drawn_hand and P[P_SETTLE]:
        n_ready, n_not, n_hz = _settle(dealer, S.hand, S.mt, S.mk, S.nm, S.que, S.won, S.ready,
                                       S.mask, S.kp, S.visible, P, values, sw, T, S.conc, S.buf,
                                       S.work, S.hits, S.best, S.info, seat_rec, base, ev, evn,
                                       log)
    _log(ev, evn, log, EV_END, -1, end_reason, -1, 0)
    for p in range(4):
        seat_rec[base + p, C_N_DRAWS] = ndraw[p]
    hand_rec[g, H_DEALER] = dealer
    hand_rec[g, H_N_WINNERS] = n_won
    hand_rec[g, H_DRAWN] = drawn_hand
    hand_rec[g, H_WALL_LEFT] = L[L_TAIL] - L[L_HEAD] + 1
    hand_rec[g, H_N_DISCARDS] = L[L_STEP]
    hand_rec[g, H_MAX_MULTI] = L[L_MAX_MULTI]
    hand_rec[g, H_N_ROBBED] = L[L_N_ROBBED]
    hand_rec[g, H_N_KONGS] = L[L_N_KONGS]
    hand_rec[g, H_N_READY_END] = n_ready
    hand_rec[g, H_NOTREADY_END] = n_not
    hand_rec[g, H_N_HUAZHU] = n_hz
    hand_rec[g, H_END_REASON] = end_reason
    hand_rec[g, H_NEXT_DEALER] = L[L_NEXT_DEALER]
    if evn[1]:
        hand_rec[g, H_ERROR] = 1


@separate
@noref_kernel
def _play(wall, n_wall, dealer, bots, que_in, script, P, values, sw, T, inset, state, S,
          seat_rec, pat_rec, hand_rec, g, ev, evn, log, pol):
    """Play one hand from ``wall`` (already shuffled); write rows ``g`` of the records.

    The phases: :func:`_deal`, then turns (:func:`_turn`) each followed by the
    claims on its discard (:func:`_claims`) until the hand is over, then
    :func:`_end_hand`.  They share the scratch ``S`` and its loop state ``S.loop``.
    The two phases of every turn (and :func:`_discard`) are inlined here: a call
    passes each array of ``S`` as arguments of its own, and as calls on every turn
    they made a hand take about 1.4 times as long (``benchmarks/bench_games.py``);
    the deal, the settlement and the rare steps (a win, a kong) are called.

    ``pol`` is :func:`_no_policy`, or ``(seat, table, start, kind, disc)``: that seat
    follows an exact policy of the odds solver (:class:`mjstats.discard.solo.Policy`)
    — after each draw it throws what the policy says for its hand and draw, makes no
    call and no kong, and its bot decides wherever the policy says nothing.
    """
    _deal(wall, n_wall, dealer, bots, que_in, sw, T, inset, state, S, seat_rec, pat_rec,
          hand_rec, g, ev, evn, log, pol)
    while True:
        d = _turn(wall, dealer, bots, script, P, values, sw, T, inset, state, S, seat_rec,
                  pat_rec, hand_rec, g, ev, evn, log, pol)
        if d == HAND_OVER:
            break
        if d >= 0 and _claims(d, wall, dealer, bots, P, values, sw, T, inset, state, S,
                              seat_rec, pat_rec, g, ev, evn, log, pol):
            break
    _end_hand(dealer, P, values, sw, T, S, seat_rec, hand_rec, g, ev, evn, log)


_play_nested = noref_kernel(_play.py_func)
""":func:`_play` as a second dispatcher: the ``rollout`` bot plays its rollouts in it from
inside :func:`_play` (numba compiles no call of a function to itself)."""


# ----------------------------------------------------------------- many hands


@kernel
def _scratch(n_pat):
    """Per-thread scratch arrays of :func:`_play` (allocated once per chunk): a :class:`Scratch`."""
    return Scratch(
        hand=np.zeros((4, 34), np.int8), mt=np.zeros((4, 4), np.int64),
        mk=np.zeros((4, 4), np.int64), mfrom=np.zeros((4, 4), np.int64),
        nm=np.zeros(4, np.int64), visible=np.zeros(34, np.int8),
        mask=np.zeros((4, 34), np.uint8), ready=np.zeros(4, np.int8),
        passblock=np.zeros((4, 34), np.uint8), kp=np.zeros((4, 4), np.int64),
        lastk=np.zeros(4, np.int64), que=np.zeros(4, np.int64), won=np.zeros(4, np.int64),
        ndraw=np.zeros(4, np.int64), ndisc=np.zeros(4, np.int64),
        winners=np.zeros(3, np.int64), conc=np.zeros(34, np.int8),
        buf=np.full((K.MAX_READINGS, 5), -1, np.int16),
        work=np.zeros((K.N_WORK + SHAPES_WORK, 34), np.int64),
        hits=np.zeros(n_pat, np.int64), best=np.zeros(n_pat, np.int64),
        info=np.zeros(4, np.int64), tbits=np.zeros(34, np.int64), bsc=np.zeros(34, np.int64),
        take=np.zeros((4, 4), np.int64), mult=np.zeros(4, np.int64),
        loop=np.zeros(N_LOOP, np.int64))


@kernel
def _run_chunk(c, wall0, n_games, first_game, chunk, states, bots, P, values, sw, T, inset,
               seat_rec, pat_rec, hand_rec, ev, evn, walls, n_log, ev_args=None):
    """Play chunk ``c`` of ``n_games`` hands in chunks of ``chunk``, from ``states[c]``.

    Hand ``g`` (0-based in this call) is dealt by seat ``(first_game + g) % 4``.
    The first ``n_log`` hands also write their event logs and shuffled walls.
    ``ev_args``: :func:`ev_args` when a seat plays the ``ev`` bot.  The chunks of a
    run go to threads by :func:`mjstats._jit.each_chunk`.
    """
    n_wall = wall0.shape[0]
    S = _scratch(values.shape[0])
    que_in = np.full(4, -1, np.int64)
    script = np.full((4, 1), -1, np.int64)
    evn_dummy = np.zeros(2, np.int64)
    ev_dummy = np.zeros((1, 5), np.int32)
    pol = chunk_policy(ev_args)
    w = wall0.copy()
    st = states[c].copy()
    lo = c * chunk
    hi = min(lo + chunk, n_games)
    dealer = (first_game + lo) % 4
    for g in range(lo, hi):
        _shuffle(w, st)
        if not P[P_ROTATE]:
            dealer = (first_game + g) % 4
        log = g < n_log
        if log:
            for i in range(n_wall):
                walls[g, i] = w[i]
            _play(w, n_wall, dealer, bots, que_in, script, P, values, sw, T, inset, st, S,
                  seat_rec, pat_rec, hand_rec, g, ev[g], evn[g], True, pol)
        else:
            _play(w, n_wall, dealer, bots, que_in, script, P, values, sw, T, inset, st, S,
                  seat_rec, pat_rec, hand_rec, g, ev_dummy, evn_dummy, False, pol)
        dealer = hand_rec[g, H_NEXT_DEALER]


@kernel
def _play_one(wall, dealer, bots, que_in, script, P, values, sw, T, inset, state, seat_rec,
              pat_rec, hand_rec, ev, evn):
    """Play one hand from a given wall order (hand-built situations, tests).

    Reference counting on (:func:`~mjstats._jit.kernel`): it owns its scratch arrays.
    """
    _play(wall, wall.shape[0], dealer, bots, que_in, script, P, values, sw, T, inset, state,
          _scratch(values.shape[0]), seat_rec, pat_rec, hand_rec, 0, ev, evn, True,
          _no_policy())


@kernel
def _settle_one(dealer, hands, mt, mk, nm, que, won, kp, visible, P, values, sw, T, inset,
                seat_rec, ev, evn):
    """Settle a hand-built end position (tests): waits from the hands, then :func:`_settle`."""
    S = _scratch(values.shape[0])
    hand, mask, ready = S.hand, S.mask, S.ready
    for p in range(4):
        for k in range(34):
            hand[p, k] = hands[p, k]
        if not won[p]:
            _refresh(p, -99, hand, que, inset, mask, ready, T, mt, mk, nm)
    return _settle(dealer, hand, mt, mk, nm, que, won, ready, mask, kp, visible, P, values, sw,
                   T, S.conc, S.buf, S.work, S.hits, S.best, S.info, seat_rec, 0, ev, evn, True)
