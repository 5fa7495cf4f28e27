"""The compiled Da Er game engine: one hand of three players and the 底家.

One call of :func:`_play` plays one hand from a shuffled deck and writes one
row per game (``game_rec``, columns ``G_*``), one row per seat and the 底家
(``seat_rec``, columns ``S_*``, four rows per game), the 名堂 hits of the win
(``pat_rec``) and, with ``log`` set, the events (``ev``, columns ``E_*``).
:func:`_run_chunk` plays one fixed-size chunk of hands from the chunk's own
xoshiro state, and :func:`mjstats._jit.each_chunk` runs the chunks on threads,
so the same seed gives the same hands on any number of threads.

The rules played (seed ``003``; every reading in ``docs/rules/daer.md``,
section "Whole games"):

* seats 0-2 play, seat 3 is the 底家 who sits out and is paid; the dealer holds
  21 cards, the others 20, 19 stay in the stock;
* a card comes into play face up, either flipped from the stock by the player
  to move (摸牌, "必须首先明示") or discarded by a player; the claims on it are
  resolved in the order 胡 (the drawer first — 自摸优先 — then in turn order,
  上家优先), 招 / 垅 (a held 坎 takes the 4th card; the drawer's own 4th card
  makes a 垅; a 碰 on the table takes its 4th card as a 招), 碰 (a pair, never
  on one's own card; must-pong in Chongqing), 吃 (the drawer on his own card,
  then his 下家; the 下家 on a discard) with the 比牌 obligation; an unclaimed
  card is dead and the next player draws;
* a player who lets a chance to 吃 or 碰 a card pass may never 吃 or 碰 that
  card again this hand (过张);
* whoever takes a card (吃 / 碰 / 招 / 垅) discards one unless his cards already
  number ``20 + (quads - 1)`` (八块: from the second 招 / 垅 on there is no
  discard and the 下家 draws);
* a 垅 held in hand is laid down as soon as the player has had a card come in
  (the dealer at once, "除庄家外，在进第一张牌之后");
* a win needs 7 列 (or the quads, 列 and a pair) and the 10-胡 minimum; both
  losers pay, the 底家 gets its share (:mod:`mjstats.daer.hu` kernels);
* the stock runs out: no winner, no payment;
* with ``slip > 0`` players break an obligation with that probability (A: a
  Chongqing must-pong declined, E: a card taken after 过张, F: a 吃 without its
  比牌, G / I: a held 垅 not laid down when it must be, kept loose in the hand —
  G if one of its cards has left the hand by the win ("把招牌或垅牌拆散"), I if
  the four are still held ("有垅牌，未亮")); the infraction is found when that
  player declares a win (犯规仅针对胡牌的人): the win is void and the fouler pays
  ``foul_dao`` to each other player;
* the next dealer (``next_dealer`` of the game record) follows the rule set's
  ``next_dealer`` switch: the winner (default), the dealer's 下家, or hand
  number; after a foul always the fouler ("犯规后，又犯规者坐庄").
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from mjstats._jit import kernel, separate
from mjstats.core.rng import _below, _shuffle
from mjstats.daer import bots as B
from mjstats.daer.groups import MAX_GROUPS, MAX_READINGS, Shape
from mjstats.daer.hu import CTX_DI, CTX_HAIDI, CTX_HUILONG, CTX_TIAN, N_CTX, N_PATTERNS, _best
from mjstats.daer.rules import DEALER_CARDS, NEXT_DEALER, PLAYER_CARDS, DaErRules
from mjstats.daer.scoring import Foul
from mjstats.tiles.daer_cards import N_CARDS

MAX_MELDS = 12
MAX_EVENTS = 400
MAX_STEPS = 2000

# ----------------------------------------------------------------- columns

GAME_COLUMNS = (
    "dealer", "next_dealer", "winner", "self_draw", "end", "draws", "stock_left", "win_card",
    "win_from",
    "hu", "level", "mult", "loser_pays", "dijia_gets", "winner_gets",
    "hu_luzhou", "deng", "mult_luzhou", "pay_luzhou", "dijia_luzhou",
    "hu_mingtang", "fan", "mult_mingtang", "pay_mingtang", "dijia_mingtang",
    "hu_chongqing", "dao", "mult_chongqing", "pay_chongqing",
    "tian", "di", "huilong", "haidi", "takes", "fouler", "foul_bits", "error",
)
"""Columns of the game record (see :mod:`mjstats.daer.simulate`)."""
(G_DEALER, G_NEXT_DEALER, G_WINNER, G_SELF_DRAW, G_END, G_DRAWS, G_STOCK_LEFT, G_WIN_CARD,
 G_WIN_FROM,
 G_HU, G_LEVEL, G_MULT, G_LOSER, G_DIJIA, G_WINNER_GETS,
 G_HU_LZ, G_DENG, G_MULT_LZ, G_PAY_LZ, G_DIJIA_LZ,
 G_HU_MT, G_FAN, G_MULT_MT, G_PAY_MT, G_DIJIA_MT,
 G_HU_CQ, G_DAO, G_MULT_CQ, G_PAY_CQ,
 G_TIAN, G_DI, G_HUILONG, G_HAIDI, G_TAKES, G_FOULER, G_FOUL_BITS, G_ERROR) = range(
    len(GAME_COLUMNS))
N_GAME = len(GAME_COLUMNS)

SEAT_COLUMNS = (
    "seat", "dealer", "bot", "won", "turn", "self_draw", "points", "pts_luzhou",
    "pts_mingtang", "pts_chongqing", "n_chi", "n_bi", "n_pong", "n_zhao", "n_long",
    "n_discards", "n_guo", "n_slips", "fouls", "instant", "cards_end",
)
"""Columns of the seat record; seat 3 is the 底家 (bot -1)."""
(S_SEAT, S_DEALER, S_BOT, S_WON, S_TURN, S_SELF_DRAW, S_POINTS, S_PTS_LZ, S_PTS_MT, S_PTS_CQ,
 S_N_CHI, S_N_BI, S_N_PONG, S_N_ZHAO, S_N_LONG, S_N_DISCARDS, S_N_GUO, S_N_SLIPS, S_FOULS,
 S_INSTANT, S_CARDS_END) = range(len(SEAT_COLUMNS))
N_SEAT = len(SEAT_COLUMNS)

SCORED_AS = (
    ("daer-luzhou", "hu_luzhou", "deng", "mult_luzhou", "pts_luzhou"),
    ("daer-luzhou-mingtang", "hu_mingtang", "fan", "mult_mingtang", "pts_mingtang"),
    ("daer-chongqing", "hu_chongqing", "dao", "mult_chongqing", "pts_chongqing"),
)
"""The presets under which every win is also scored (``P0``, ``P1``, ``P2`` of :func:`_play`),
each with its game columns ``hu``, level (等 / 番 / 道) and ``mult`` and its seat column of
points; what each loser pays, the 底家 gets and the winner nets are its seat points."""

END_WIN, END_EXHAUSTED, END_FOUL = 0, 1, 2
END_NAMES = ("win", "exhausted", "foul")

# ----------------------------------------------------------------- events

EVENT_COLUMNS = ("type", "seat", "card", "other", "amount")
(EV_DEAL, EV_DRAW, EV_DISCARD, EV_WIN, EV_ZHAO, EV_LONG, EV_PONG, EV_CHI, EV_BI, EV_GUO,
 EV_DEAD, EV_END, EV_FOUL, EV_SLIP, EV_PAY) = range(15)
EVENT_NAMES = ("deal", "draw", "discard", "win", "zhao", "long", "pong", "chi", "bi", "guo",
               "dead", "end", "foul", "slip", "pay")
"""Event types: ``other`` is the seat the card came from (-1 none), ``amount`` a group id,
a payment or an end reason."""

# foul bits: bit i is mjstats.daer.scoring.Foul member i
FOUL_A = 1 << int(Foul.MISSED_PONG)  # 需要碰牌时，未碰
FOUL_E = 1 << int(Foul.FIRST_NOT_TAKEN)  # 相同的牌，第一张未吃或未碰
FOUL_F = 1 << int(Foul.MISSED_BI)  # 有比牌时，未比
FOUL_G = 1 << int(Foul.BROKE_QUAD)  # 把招牌或垅牌拆散
FOUL_I = 1 << int(Foul.HIDDEN_LONG)  # 有垅牌，未亮

# next dealer (DaErRules.next_dealer), coded as the index of the choice's name
NEXT_DEALER_NAMES = NEXT_DEALER  # "winner", "rotate", "by_hand"
ND_WINNER = NEXT_DEALER.index("winner")
ND_ROTATE = NEXT_DEALER.index("rotate")
ND_BY_HAND = NEXT_DEALER.index("by_hand")

# engine parameters: each EP_* slot is the index of its name in ENGINE_PARAMS
ENGINE_PARAMS = ("must_pong", "instant_on", "kan_counts_long", "foul_dao", "foul_pays_dijia",
                 "chi_next_on_draw", "next_dealer")
EP_MUST_PONG = ENGINE_PARAMS.index("must_pong")
EP_INSTANT = ENGINE_PARAMS.index("instant_on")
EP_KAN_LONG = ENGINE_PARAMS.index("kan_counts_long")
EP_FOUL_DAO = ENGINE_PARAMS.index("foul_dao")
EP_FOUL_DIJIA = ENGINE_PARAMS.index("foul_pays_dijia")
EP_CHI_NEXT = ENGINE_PARAMS.index("chi_next_on_draw")
EP_NEXT_DEALER = ENGINE_PARAMS.index("next_dealer")

# group shapes (group id = shape * 20 + base kind, mjstats.daer.groups)
_PONG_SHAPE = int(Shape.PONG)
_ZHAO_SHAPE = int(Shape.ZHAO)
_LONG_SHAPE = int(Shape.LONG)
_FIRST_SET_SHAPE = int(Shape.JIAO_S)  # shapes from here on are not runs (顺, 二七十)


def engine_params(r: DaErRules, chi_next_on_draw: bool = True) -> np.ndarray:
    """Play switches of a rule set as an ``int64`` array for the kernels.

    Examples
    --------
    >>> from mjstats.daer.rules import rules
    >>> engine_params(rules("daer-chongqing")).tolist()
    [1, 1, 1, 2, 0, 1, 0]
    """
    by_name = {
        "must_pong": int(r.must_pong), "instant_on": int(r.instant_win),
        "kan_counts_long": int(r.instant_kan_counts_long), "foul_dao": int(r.foul_dao),
        "foul_pays_dijia": int(r.foul_pays_dijia), "chi_next_on_draw": int(chi_next_on_draw),
        "next_dealer": NEXT_DEALER_NAMES.index(r.next_dealer),
    }
    return np.array([by_name[n] for n in ENGINE_PARAMS], dtype=np.int64)


def play_facts(r: DaErRules, chi_next_on_draw: bool = True) -> tuple[int, ...]:
    """What a run of ``r`` fixes besides the scoring of its wins: equal facts, same hands.

    The engine reads a rule set in two places: the switches of :func:`engine_params`
    (must-pong, the instant-win check, the foul payment, 吃 on a drawn card, the
    dealer succession) and the kernel ``Params`` through :func:`_can_win`, which
    reads only ``min_hu`` (the other fields change what a win pays, not whether
    the hand wins; the group and 胡 tables are the same for every rule set).  Two
    rule sets with equal facts therefore play every hand alike from the same deck
    and state, and one run scores the wins of both: under the rule set played and
    under each preset of :data:`SCORED_AS`.

    Examples
    --------
    >>> from mjstats.daer.rules import rules
    >>> play_facts(rules("daer-luzhou")) == play_facts(rules("daer-luzhou-mingtang"))
    True
    >>> play_facts(rules("daer-luzhou")) == play_facts(rules("daer-chongqing"))  # must-pong
    False
    """
    return (*engine_params(r, chi_next_on_draw).tolist(), int(r.min_hu))


# ----------------------------------------------------------------- helpers


@kernel
def _log(ev, evn, log, a, b, c, d, e):
    if not log:
        return
    i = evn[0]
    if i >= ev.shape[0]:
        evn[1] = 1
        return
    ev[i, 0] = a
    ev[i, 1] = b
    ev[i, 2] = c
    ev[i, 3] = d
    ev[i, 4] = e
    evn[0] = i + 1


@kernel
def _total(hand, table, p):
    n = 0
    for k in range(20):
        n += hand[p, k] + table[p, k]
    return n


@kernel
def _held(hand, p):
    n = 0
    for k in range(20):
        n += hand[p, k]
    return n


@kernel
def _keeps_a_card(hand, table, nq, p, n_out, n_quads):
    """Whether seat ``p`` still holds a card to discard after a take, when he must discard.

    The take adds one card and moves ``n_out`` held cards to the table (and makes
    ``n_quads`` 招 / 垅).  A take after which the player must discard but holds
    nothing is not allowed ("每进一张牌，必须打出一张").
    """
    must = _total(hand, table, p) + 1 > _target(nq[p] + n_quads)
    return (not must) or _held(hand, p) - n_out > 0


@kernel
def _target(nq):
    """Cards a player holds between turns: 20, one more per 招/垅 beyond the first (八块)."""
    return 20 + max(nq - 1, 0)


@kernel
def _add_meld(p, g, mg, nm):
    mg[p, nm[p]] = g
    nm[p] += 1


@kernel
def _slipped(slip, state):
    """Whether a player breaks an obligation now (never draws when ``slip == 0``)."""
    if slip <= 0.0:
        return False
    return _below(state, 1 << 30) < slip * (1 << 30)


@kernel
def _declare_longs(p, hand, table, mg, nm, nq, nstat, ev, evn, log, slip, state, broke, infr):
    """Lay down every 垅 held in hand (four alike).

    With ``slip`` a player keeps a 垅 loose in his hand instead (``broke``; foul G or
    I, settled when he declares a win) and is never asked to lay that kind down again.
    """
    for k in range(20):
        if hand[p, k] == 4 and broke[p, k] == 0:
            if _slipped(slip, state):
                broke[p, k] = 1
                infr[p] |= FOUL_I
                nstat[p, 7] += 1
                _log(ev, evn, log, EV_SLIP, p, k, -1, FOUL_I)
                continue
            hand[p, k] = 0
            table[p, k] += 4
            _add_meld(p, _LONG_SHAPE * 20 + k, mg, nm)
            nq[p] += 1
            nstat[p, 4] += 1
            _log(ev, evn, log, EV_LONG, p, k, -1, _LONG_SHAPE * 20 + k)


@kernel
def _groups_with(c, out):
    """Group ids of the 列 that contain kind ``c`` (runs, 二七十, both 绞); returns the count."""
    n = 0
    case = (c // 10) * 10
    num = c % 10
    for b in range(num - 2, num + 1):
        if 0 <= b <= 7:
            out[n] = case + b
            n += 1
    if num == 1 or num == 6 or num == 9:
        out[n] = 20 + case + 1
        n += 1
    out[n] = 40 + num
    n += 1
    out[n] = 60 + num
    n += 1
    return n


@kernel
def _fits(h, g, gc, minus):
    """Whether ``h`` holds the cards of group ``g`` (less one copy of kind ``minus``)."""
    for k in range(20):
        need = gc[g, k] - (1 if k == minus else 0)
        if h[k] < need:
            return False
    return True


@kernel
def _move(h, g, gc, minus, sign):
    for k in range(20):
        h[k] -= sign * (gc[g, k] - (1 if k == minus else 0))


@kernel
def _chi_options(h, c, gc, cand, opts):
    """Every legal 吃 of card ``c`` by held counts ``h``, with its 比牌.

    Writes rows ``(chi group, 比 group, 比 group)`` (-1 padded) into ``opts`` and
    returns the count.  After the 吃 takes two held cards, every copy of ``c``
    still held must go down in a 列 too (比牌); a 吃 made as 绞 (大大小 / 小小大)
    needs none ("当用大大小，或小小大的方式吃牌时不用比").  A 吃 whose 比 cannot
    be made is not legal.  ``h`` is restored.
    """
    n = 0
    ng = _groups_with(c, cand)
    for i in range(ng):
        g = cand[i]
        if not _fits(h, g, gc, c):
            continue
        _move(h, g, gc, c, 1)
        r = h[c]
        if g // 20 >= _FIRST_SET_SHAPE or r == 0:
            if n < opts.shape[0]:
                opts[n, 0] = g
                opts[n, 1] = -1
                opts[n, 2] = -1
                n += 1
        elif r <= 2:
            for j in range(ng):
                g2 = cand[j]
                if not _fits(h, g2, gc, -1):
                    continue
                _move(h, g2, gc, -1, 1)
                if h[c] == 0:
                    if n < opts.shape[0]:
                        opts[n, 0] = g
                        opts[n, 1] = g2
                        opts[n, 2] = -1
                        n += 1
                else:
                    for m in range(j, ng):
                        g3 = cand[m]
                        if _fits(h, g3, gc, -1):
                            _move(h, g3, gc, -1, 1)
                            if h[c] == 0 and n < opts.shape[0]:
                                opts[n, 0] = g
                                opts[n, 1] = g2
                                opts[n, 2] = g3
                                n += 1
                            _move(h, g3, gc, -1, -1)
                _move(h, g2, gc, -1, -1)
        _move(h, g, gc, c, -1)
    return n


@kernel
def _score(p, card, taken, ctx, P, hand, mg, nm, nq, S):
    """Best reading of seat ``p``'s cards plus ``card`` (-1: none) under ``P``; status 0/1/2.

    ``S`` holds the scoring scratch; the result stays in it (``result``, ``best_flags``).
    """
    (buf, eff, flags, counted, best_groups, best_flags, best_counted, result) = S
    if card >= 0:
        hand[p, card] += 1
    st = _best(hand[p], mg[p], nm[p], nq[p], card, taken, ctx, P, buf, eff, flags, counted,
               best_groups, best_flags, best_counted, result)
    if card >= 0:
        hand[p, card] -= 1
    return st


@kernel
def _can_win(p, card, taken, ctx, P, hand, table, mg, nm, nq, S):
    need = PLAYER_CARDS + max(nq[p], 1)
    if _total(hand, table, p) + (1 if card >= 0 else 0) != need:
        return False
    return _score(p, card, taken, ctx, P, hand, mg, nm, nq, S) == 2


@kernel
def _foul_bits(q, infr, broke, hand):
    """Foul bits of a declared win by ``q``: a loose 垅 still whole is I, one split is G."""
    bits = infr[q] & ~FOUL_I
    for k in range(20):
        if broke[q, k]:
            bits |= FOUL_I if hand[q, k] == 4 else FOUL_G
    return bits


@kernel
def _next_dealer(mode, dealer, winner, fouler):
    """Who deals the next hand (犯规后，又犯规者坐庄; otherwise the rule set's ``next_dealer``)."""
    if mode == ND_BY_HAND:
        return (dealer + 1) % 3
    if fouler >= 0:
        return fouler
    if mode == ND_ROTATE:
        return (dealer + 1) % 3
    if winner >= 0:
        return winner
    return dealer


@kernel
def _conserved(hand, table, dead, deck, pos):
    for k in range(20):
        n = dead[k]
        for p in range(3):
            n += hand[p, k] + table[p, k]
        for j in range(pos, deck.shape[0]):
            if deck[j] == k:
                n += 1
        if n != 4:
            return False
    return True


# ----------------------------------------------------------------- one hand


@kernel
def _scratch():
    """Per-thread arrays of :func:`_play` (allocated once per chunk)."""
    state = (np.zeros((3, 20), np.int64), np.zeros((3, 20), np.int64),
             np.full((3, MAX_MELDS), -1, np.int64), np.zeros(3, np.int64),
             np.zeros(3, np.int64), np.zeros((3, 20), np.int64), np.zeros(20, np.int64),
             np.zeros(3, np.int64), np.zeros(3, np.int64), np.zeros(3, np.int64),
             np.zeros((3, 8), np.int64), np.zeros(20, np.int64), np.zeros(20, np.int64),
             np.zeros(8, np.int64), np.zeros((64, 3), np.int64), np.zeros(N_CTX, np.int64),
             np.zeros(MAX_GROUPS, np.int64), np.zeros((3, 20), np.int64))
    sc = (np.full((MAX_READINGS, MAX_GROUPS), -1, np.int64), np.full(16, -1, np.int64),
          np.zeros(N_PATTERNS, np.int64), np.zeros(N_PATTERNS, np.int64),
          np.full(16, -1, np.int64), np.zeros(N_PATTERNS, np.int64),
          np.zeros(N_PATTERNS, np.int64), np.zeros(9, np.int64))
    return state, sc


@separate
@kernel
def _play(deck, dealer, bots, P, P0, P1, P2, EP, slip, W, state, T, S, g, game_rec, seat_rec,
          pat_rec, ev, evn, log):
    """Play one hand from ``deck`` (80 kinds in order) and write its records at row ``g``.

    ``P`` scores the play (who can win, what is paid); ``P0``, ``P1``, ``P2`` are
    the 普通, 名堂 and 重庆 presets under which every win is also scored.
    """
    (hand, table, mg, nm, nq, guo, dead, entered, ndisc, infr, nstat, work, hbuf, cand, opts,
     ctx, groups, broke) = T
    gc = P.group_cards
    hog = P.hu_of_group
    isr = P.is_red
    for p in range(3):
        nm[p] = 0
        nq[p] = 0
        entered[p] = 0
        ndisc[p] = 0
        infr[p] = 0
        for k in range(20):
            hand[p, k] = 0
            table[p, k] = 0
            guo[p, k] = 0
            broke[p, k] = 0
        for j in range(MAX_MELDS):
            mg[p, j] = -1
        for j in range(8):
            nstat[p, j] = 0
    for k in range(20):
        dead[k] = 0
    for j in range(N_CTX):
        ctx[j] = 0
    evn[0] = 0
    evn[1] = 0
    base = 4 * g
    for j in range(game_rec.shape[1]):
        game_rec[g, j] = 0
    for r in range(4):
        for j in range(seat_rec.shape[1]):
            seat_rec[base + r, j] = 0
    for j in range(pat_rec.shape[1]):
        pat_rec[g, j] = 0
    # deal: dealer 21 from the head, then 20 to each player in turn order
    pos = 0
    for i in range(3):
        p = (dealer + i) % 3
        n = DEALER_CARDS if i == 0 else PLAYER_CARDS
        for _ in range(n):
            hand[p, deck[pos]] += 1
            pos += 1
        _log(ev, evn, log, EV_DEAL, p, -1, -1, n)
        if EP[EP_INSTANT]:
            longs = 0
            kans = 0
            for k in range(20):
                if hand[p, k] == 4:
                    longs += 1
                    if EP[EP_KAN_LONG]:
                        kans += 1
                elif hand[p, k] == 3:
                    kans += 1
            if longs >= 3 or kans >= 5:
                seat_rec[base + p, S_INSTANT] = 1
    winner = -1
    win_card = -1
    win_from = -1
    self_draw = False
    end = END_EXHAUSTED
    fouler = -1
    draws = 0
    takes = 0
    card = -1
    src = dealer
    drawn = False
    drawer = dealer
    actor = dealer
    entered[dealer] = 1
    # 天胡: the dealer's 21 dealt cards
    ctx[CTX_TIAN] = 1
    if _can_win(dealer, -1, False, ctx, P, hand, table, mg, nm, nq, S):
        winner = dealer
        self_draw = True
        end = END_WIN
    else:
        ctx[CTX_TIAN] = 0
        _declare_longs(dealer, hand, table, mg, nm, nq, nstat, ev, evn, log, slip, state,
                       broke, infr)
    phase = 0  # 0 discard by actor, 1 draw by drawer, 2 claims on card
    steps = 0
    while winner < 0 and fouler < 0:
        steps += 1
        if steps > MAX_STEPS:
            game_rec[g, G_ERROR] = 1
            break
        if phase == 0:
            p = actor
            # (a 垅 laid down after a take can leave no card to discard: the 下家 draws)
            if _total(hand, table, p) > _target(nq[p]) and _held(hand, p) > 0:
                k = B._choose_discard(hand[p], bots[p], W, hog, isr, work, state)
                hand[p, k] -= 1
                ndisc[p] += 1
                nstat[p, 5] += 1
                _log(ev, evn, log, EV_DISCARD, p, k, -1, 0)
                card = k
                src = p
                drawn = False
                phase = 2
            else:
                drawer = (p + 1) % 3
                phase = 1
        elif phase == 1:
            p = drawer
            if pos >= N_CARDS:
                end = END_EXHAUSTED
                break
            if entered[p] == 0:
                entered[p] = 1
                _declare_longs(p, hand, table, mg, nm, nq, nstat, ev, evn, log, slip, state,
                               broke, infr)
            card = deck[pos]
            pos += 1
            draws += 1
            src = p
            drawn = True
            _log(ev, evn, log, EV_DRAW, p, card, -1, 0)
            phase = 2
        else:
            c = card
            # --- 胡: the drawer first (自摸优先), then in turn order (上家优先)
            n_order = 3 if drawn else 2
            first = src if drawn else (src + 1) % 3
            for i in range(n_order):
                q = (first + i) % 3
                own = drawn and q == src
                ctx[CTX_TIAN] = 0
                ctx[CTX_DI] = 1 if ((not drawn) and src == dealer and q != dealer
                                    and ndisc[dealer] == 1) else 0
                ctx[CTX_HUILONG] = 1 if ((not drawn) and q == dealer and src != dealer
                                         and ndisc[src] == 1) else 0
                ctx[CTX_HAIDI] = 1 if (drawn and pos == N_CARDS) else 0
                if _can_win(q, c, not own, ctx, P, hand, table, mg, nm, nq, S):
                    if infr[q] != 0:
                        fouler = q
                        infr[q] = _foul_bits(q, infr, broke, hand)
                        end = END_FOUL
                    else:
                        winner = q
                        self_draw = own
                        end = END_WIN
                    win_card = c
                    win_from = -1 if own else src
                    break
            if winner >= 0 or fouler >= 0:
                break
            for j in range(N_CTX):
                ctx[j] = 0
            taker = -1
            # --- 招 / 垅: a held 坎 (or a 碰 on the table) takes the fourth card
            i0 = 0 if drawn else 1
            for i in range(i0, 3):
                q = (src + i) % 3
                if hand[q, c] == 3:
                    if B._want_quad(bots[q], state) and _keeps_a_card(hand, table, nq, q, 3, 1):
                        own = drawn and q == src
                        shape = _LONG_SHAPE if own else _ZHAO_SHAPE
                        hand[q, c] = 0
                        table[q, c] += 4
                        _add_meld(q, shape * 20 + c, mg, nm)
                        nq[q] += 1
                        nstat[q, 4 if own else 3] += 1
                        _log(ev, evn, log, EV_LONG if own else EV_ZHAO, q, c,
                             -1 if own else src, shape * 20 + c)
                        taker = q
                    break
                if table[q, c] == 3:
                    j = -1
                    for m in range(nm[q]):
                        if mg[q, m] == _PONG_SHAPE * 20 + c:
                            j = m
                    if j >= 0:
                        if (B._want_quad(bots[q], state)
                                and _keeps_a_card(hand, table, nq, q, 0, 1)):
                            mg[q, j] = _ZHAO_SHAPE * 20 + c
                            table[q, c] += 1
                            nq[q] += 1
                            nstat[q, 3] += 1
                            _log(ev, evn, log, EV_ZHAO, q, c, -1 if (drawn and q == src) else src,
                                 _ZHAO_SHAPE * 20 + c)
                            taker = q
                        break
            # --- 碰: a pair, on another player's card
            if taker < 0:
                for i in range(1, 3):
                    q = (src + i) % 3
                    if hand[q, c] < 2:
                        continue
                    if not _keeps_a_card(hand, table, nq, q, 2, 0):
                        break  # no 碰 that leaves nothing to discard (and no 过张 either)
                    must_discard = _total(hand, table, q) + 1 > _target(nq[q])
                    before = B._struct(hand[q], W, bots[q], hog, isr, work)
                    hand[q, c] -= 2
                    groups[0] = _PONG_SHAPE * 20 + c
                    after = B._after_take(hand[q], _total(hand, table, q), groups, 1,
                                          must_discard, W, bots[q], hog, isr, gc, work)
                    hand[q, c] += 2
                    want = B._want_take(before, after, bots[q], state)
                    take = False
                    if guo[q, c]:
                        # 过张: no more 碰 of this card; a slip takes it anyway (foul E)
                        if want and _slipped(slip, state):
                            take = True
                            infr[q] |= FOUL_E
                            nstat[q, 7] += 1
                            _log(ev, evn, log, EV_SLIP, q, c, src, FOUL_E)
                    elif EP[EP_MUST_PONG]:
                        take = True
                        if _slipped(slip, state):
                            take = False
                            infr[q] |= FOUL_A
                            nstat[q, 7] += 1
                            _log(ev, evn, log, EV_SLIP, q, c, src, FOUL_A)
                    else:
                        take = want
                    if take:
                        hand[q, c] -= 2
                        table[q, c] += 3
                        _add_meld(q, _PONG_SHAPE * 20 + c, mg, nm)
                        nstat[q, 2] += 1
                        _log(ev, evn, log, EV_PONG, q, c, src, _PONG_SHAPE * 20 + c)
                        taker = q
                    elif guo[q, c] == 0:
                        guo[q, c] = 1
                        nstat[q, 6] += 1
                        _log(ev, evn, log, EV_GUO, q, c, src, 0)
                    break
            # --- 吃: the drawer on his own card, then his 下家; the 下家 on a discard
            if taker < 0:
                n_cand = (2 if EP[EP_CHI_NEXT] else 1) if drawn else 1
                for i in range(n_cand):
                    q = (src + i) % 3 if drawn else (src + 1) % 3
                    n_opt = _chi_options(hand[q], c, gc, cand, opts)
                    # drop a 吃 (with its 比) that leaves nothing to discard
                    n_ok = 0
                    for o in range(n_opt):
                        n_out = -1
                        for j in range(3):
                            gg = opts[o, j]
                            if gg >= 0:
                                for k in range(20):
                                    n_out += gc[gg, k]
                        if _keeps_a_card(hand, table, nq, q, n_out, 0):
                            for j in range(3):
                                opts[n_ok, j] = opts[o, j]
                            n_ok += 1
                    n_opt = n_ok
                    if n_opt == 0:
                        continue
                    must_discard = _total(hand, table, q) + 1 > _target(nq[q])
                    before = B._struct(hand[q], W, bots[q], hog, isr, work)
                    best = 0
                    best_after = -(1 << 60)
                    if bots[q] == B.RANDOM:
                        best = _below(state, n_opt)
                    for o in range(n_opt):
                        if bots[q] == B.RANDOM and o != best:
                            continue
                        ng = 0
                        for j in range(3):
                            gg = opts[o, j]
                            if gg >= 0:
                                _move(hand[q], gg, gc, c if j == 0 else -1, 1)
                                groups[ng] = gg
                                ng += 1
                        a = B._after_take(hand[q], 1, groups, ng, must_discard, W, bots[q],
                                          hog, isr, gc, work)
                        for j in range(2, -1, -1):
                            gg = opts[o, j]
                            if gg >= 0:
                                _move(hand[q], gg, gc, c if j == 0 else -1, -1)
                        if a > best_after:
                            best_after = a
                            best = o
                    want = B._want_take(before, best_after, bots[q], state)
                    take = False
                    if guo[q, c]:
                        if want and _slipped(slip, state):
                            take = True
                            infr[q] |= FOUL_E
                            nstat[q, 7] += 1
                            _log(ev, evn, log, EV_SLIP, q, c, src, FOUL_E)
                    else:
                        take = want
                    if take:
                        skip_bi = opts[best, 1] >= 0 and _slipped(slip, state)
                        if skip_bi:
                            infr[q] |= FOUL_F
                            nstat[q, 7] += 1
                            _log(ev, evn, log, EV_SLIP, q, c, src, FOUL_F)
                        for j in range(3):
                            gg = opts[best, j]
                            if gg < 0 or (j > 0 and skip_bi):
                                continue
                            _move(hand[q], gg, gc, c if j == 0 else -1, 1)
                            for k in range(20):
                                table[q, k] += gc[gg, k]
                            _add_meld(q, gg, mg, nm)
                            if j == 0:
                                nstat[q, 0] += 1
                                _log(ev, evn, log, EV_CHI, q, c, -1 if q == src else src, gg)
                            else:
                                nstat[q, 1] += 1
                                _log(ev, evn, log, EV_BI, q, c, -1, gg)
                        taker = q
                        break
                    if guo[q, c] == 0:
                        guo[q, c] = 1
                        nstat[q, 6] += 1
                        _log(ev, evn, log, EV_GUO, q, c, src, 0)
            if taker >= 0:
                takes += 1
                entered[taker] = 1
                _declare_longs(taker, hand, table, mg, nm, nq, nstat, ev, evn, log, slip,
                               state, broke, infr)
                actor = taker
                phase = 0
            else:
                dead[c] += 1
                _log(ev, evn, log, EV_DEAD, -1, c, src, 0)
                drawer = (src + 1) % 3
                phase = 1
    # ---------------------------------------------------------------- records
    game_rec[g, G_DEALER] = dealer
    game_rec[g, G_NEXT_DEALER] = _next_dealer(EP[EP_NEXT_DEALER], dealer, winner, fouler)
    game_rec[g, G_WINNER] = winner
    game_rec[g, G_END] = end
    game_rec[g, G_DRAWS] = draws
    game_rec[g, G_STOCK_LEFT] = N_CARDS - pos
    game_rec[g, G_WIN_CARD] = win_card
    game_rec[g, G_WIN_FROM] = win_from
    game_rec[g, G_TAKES] = takes
    game_rec[g, G_FOULER] = fouler
    game_rec[g, G_SELF_DRAW] = 1 if self_draw else 0
    for p in range(3):
        seat_rec[base + p, S_SEAT] = p
        seat_rec[base + p, S_DEALER] = 1 if p == dealer else 0
        seat_rec[base + p, S_BOT] = bots[p]
        seat_rec[base + p, S_N_CHI] = nstat[p, 0]
        seat_rec[base + p, S_N_BI] = nstat[p, 1]
        seat_rec[base + p, S_N_PONG] = nstat[p, 2]
        seat_rec[base + p, S_N_ZHAO] = nstat[p, 3]
        seat_rec[base + p, S_N_LONG] = nstat[p, 4]
        seat_rec[base + p, S_N_DISCARDS] = nstat[p, 5]
        seat_rec[base + p, S_N_GUO] = nstat[p, 6]
        seat_rec[base + p, S_N_SLIPS] = nstat[p, 7]
    seat_rec[base + 3, S_SEAT] = 3
    seat_rec[base + 3, S_BOT] = -1
    if winner >= 0:
        q = winner
        taken = not self_draw
        game_rec[g, G_TIAN] = ctx[CTX_TIAN]
        game_rec[g, G_DI] = ctx[CTX_DI]
        game_rec[g, G_HUILONG] = ctx[CTX_HUILONG]
        game_rec[g, G_HAIDI] = ctx[CTX_HAIDI]
        result = S[7]
        _score(q, win_card, taken, ctx, P, hand, mg, nm, nq, S)
        game_rec[g, G_HU] = result[2]
        game_rec[g, G_LEVEL] = result[3]
        game_rec[g, G_MULT] = result[4]
        game_rec[g, G_LOSER] = result[5]
        game_rec[g, G_DIJIA] = result[6]
        game_rec[g, G_WINNER_GETS] = result[7]
        for p in range(3):
            seat_rec[base + p, S_POINTS] = result[7] if p == q else -result[5]
        seat_rec[base + 3, S_POINTS] = result[6]
        _log(ev, evn, log, EV_WIN, q, win_card, win_from, result[5])
        _score(q, win_card, taken, ctx, P0, hand, mg, nm, nq, S)
        game_rec[g, G_HU_LZ] = result[2]
        game_rec[g, G_DENG] = result[3]
        game_rec[g, G_MULT_LZ] = result[4]
        game_rec[g, G_PAY_LZ] = result[5]
        game_rec[g, G_DIJIA_LZ] = result[6]
        for p in range(3):
            seat_rec[base + p, S_PTS_LZ] = result[7] if p == q else -result[5]
        seat_rec[base + 3, S_PTS_LZ] = result[6]
        _score(q, win_card, taken, ctx, P2, hand, mg, nm, nq, S)
        game_rec[g, G_HU_CQ] = result[2]
        game_rec[g, G_DAO] = result[3]
        game_rec[g, G_MULT_CQ] = result[4]
        game_rec[g, G_PAY_CQ] = result[5]
        for p in range(3):
            seat_rec[base + p, S_PTS_CQ] = result[7] if p == q else -result[5]
        seat_rec[base + 3, S_PTS_CQ] = result[6]
        _score(q, win_card, taken, ctx, P1, hand, mg, nm, nq, S)
        game_rec[g, G_HU_MT] = result[2]
        game_rec[g, G_FAN] = result[3]
        game_rec[g, G_MULT_MT] = result[4]
        game_rec[g, G_PAY_MT] = result[5]
        game_rec[g, G_DIJIA_MT] = result[6]
        for p in range(3):
            seat_rec[base + p, S_PTS_MT] = result[7] if p == q else -result[5]
        seat_rec[base + 3, S_PTS_MT] = result[6]
        best_flags = S[5]
        for j in range(pat_rec.shape[1]):
            pat_rec[g, j] = best_flags[j]
        seat_rec[base + q, S_WON] = 1
        seat_rec[base + q, S_TURN] = draws
        seat_rec[base + q, S_SELF_DRAW] = 1 if self_draw else 0
        if win_card >= 0:
            hand[q, win_card] += 1
    elif fouler >= 0:
        # 点包子: the fouler pays foul_dao to each other player (and the 底家 if switched)
        dao = EP[EP_FOUL_DAO]
        n_paid = 3 if EP[EP_FOUL_DIJIA] else 2
        game_rec[g, G_FOUL_BITS] = infr[fouler]
        seat_rec[base + fouler, S_FOULS] = infr[fouler]
        for col in (S_POINTS, S_PTS_LZ, S_PTS_MT, S_PTS_CQ):
            for p in range(3):
                seat_rec[base + p, col] = -dao * n_paid if p == fouler else dao
            seat_rec[base + 3, col] = dao if EP[EP_FOUL_DIJIA] else 0
        _log(ev, evn, log, EV_FOUL, fouler, win_card, win_from, infr[fouler])
        dead[win_card] += 1
    for p in range(3):
        seat_rec[base + p, S_CARDS_END] = _total(hand, table, p)
    _log(ev, evn, log, EV_END, winner, win_card, fouler, end)
    if not _conserved(hand, table, dead, deck, pos):
        game_rec[g, G_ERROR] = 2
    if evn[1]:
        game_rec[g, G_ERROR] = 3
    return pos


@kernel
def _run_chunk(c, n_games, first_game, chunk, states, bots, P, P0, P1, P2, EP, slip, W,
                game_rec, seat_rec, pat_rec):
    """Play ``n_games`` hands in chunks of ``chunk``; chunk ``c`` owns rows ``c*chunk ...``.

    The first hand of a chunk (game ``i``, numbered from ``first_game``) has dealer
    ``i % 3``; each further hand is dealt by the previous hand's ``next_dealer``, so
    the succession runs within a chunk and results depend on the chunk, not on threads.
    """
    st = states[c].copy()
    deck = np.empty(N_CARDS, dtype=np.int64)
    for j in range(N_CARDS):
        deck[j] = j // 4
    T, S = _scratch()
    ev = np.zeros((1, 5), dtype=np.int64)
    evn = np.zeros(2, dtype=np.int64)
    lo = c * chunk
    hi = min(lo + chunk, n_games)
    dealer = (first_game + lo) % 3
    for g in range(lo, hi):
        _shuffle(deck, st)
        _play(deck, dealer, bots, P, P0, P1, P2, EP, slip, W, st, T, S, g,
              game_rec, seat_rec, pat_rec, ev, evn, False)
        dealer = game_rec[g, G_NEXT_DEALER]


class HandEnd(NamedTuple):
    """Where one hand played by :func:`_play_one` ended: copies of the engine's state arrays."""

    hands: np.ndarray
    """``(3, 20)`` cards each seat holds (the winner's hand includes the winning card)."""
    table: np.ndarray
    """``(3, 20)`` cards each seat has on the table."""
    melds: np.ndarray
    """``(3, MAX_MELDS)`` each seat's melds (group codes; the first ``n_melds`` are set)."""
    n_melds: np.ndarray
    """``(3,)`` melds per seat."""
    dead: np.ndarray
    """``(20,)`` cards nobody took."""
    pos: int
    """Position in the deck of the first card left in the stock."""


@kernel
def _play_one(deck, dealer, bots, P, P0, P1, P2, EP, slip, W, st, game_rec, seat_rec, pat_rec,
              ev, evn):
    """One logged hand; returns its end state (a :class:`HandEnd`) for inspection."""
    T, S = _scratch()
    pos = _play(deck, dealer, bots, P, P0, P1, P2, EP, slip, W, st, T, S, 0, game_rec,
                seat_rec, pat_rec, ev, evn, True)
    (hand, table, mg, nm, nq, guo, dead, entered, ndisc, infr, nstat, work, hbuf, cand, opts,
     ctx, groups, broke) = T
    return HandEnd(hands=hand.copy(), table=table.copy(), melds=mg.copy(), n_melds=nm.copy(),
                   dead=dead.copy(), pos=pos)


# ----------------------------------------------------------------- Python face


def presets_params():
    """Params of the three presets under which every win is scored (普通, 名堂, 重庆)."""
    from mjstats.daer.rules import rules as _rules

    return tuple(_rules(name).params() for name, *_ in SCORED_AS)
