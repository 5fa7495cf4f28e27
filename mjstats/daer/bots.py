"""Da Er bots: per-seat playing policies as compiled kernels.

A policy is an integer code; the game engine (:mod:`mjstats.daer.game`) asks the
policy of the seat concerned for every decision: which card to discard, whether
to take a card (吃 / 碰 / 招 / 垅) and which 吃 (with its 比牌) to lay down.
Every policy declares a legal win at once (a win is never turned down).

============ ===============================================================
code         policy
============ ===============================================================
efficiency   keeps cards that form 列: discards the card whose removal leaves
             the best greedy structure (complete 列 first, then pairs,
             neighbours, 绞 halves, gaps; 胡 of 坎 and valued runs counted);
             takes 吃 / 碰 when the structure after the take (and the discard
             it forces) is not worse; always 招 / 垅.
value        as efficiency, with 胡 weighted twice and a bonus for every red
             card kept or laid down (steers toward 红胡 and the red 名堂).
random       a uniformly random held card; takes each 吃 / 碰 / 招 / 垅 with
             probability 1/2 (a random legal 吃); always wins.
greedy       takes every card it legally can (first 吃 option), discards as
             efficiency; for hand-built tests and as a naive opponent.
passive      never takes a card (only wins), discards as efficiency.
============ ===============================================================

The kernels read the held counts (``(20,)``), the group tables of
:mod:`mjstats.daer.groups` and the chunk's xoshiro state; none allocates.
"""

from __future__ import annotations

import numpy as np

from mjstats._choices import choice_code
from mjstats._jit import kernel
from mjstats.core.rng import _below
from mjstats.daer.groups import Shape

EFFICIENCY = 0
VALUE = 1
RANDOM = 2
GREEDY = 3
PASSIVE = 4

BOT_NAMES = ("efficiency", "value", "random", "greedy", "passive")
"""Policy names by code."""
DRAWS_FROM_STREAM = (RANDOM,)
"""Policies whose decisions draw from the chunk's random stream; the others never draw."""

# group shapes read by the structure score (group id = shape * 20 + base kind)
_KAN = int(Shape.KAN)
_RED_RUN = int(Shape.RED_RUN)

# weights of the structure score, one row per bot:
# complete 列, 胡 of a complete 列, pair, neighbours, 绞 half, gap, 二七十 half, red card
W_COMPLETE, W_HU, W_PAIR, W_ADJ, W_JIAO, W_GAP, W_RED2, W_REDCARD = range(8)
BOT_WEIGHTS = np.array([
    [30, 1, 12, 10, 9, 7, 6, 0],   # efficiency
    [30, 2, 12, 10, 9, 7, 7, 4],   # value
    [30, 1, 12, 10, 9, 7, 6, 0],   # random (discards at random; weights unused)
    [30, 1, 12, 10, 9, 7, 6, 0],   # greedy
    [30, 1, 12, 10, 9, 7, 6, 0],   # passive
], dtype=np.int64)
BOT_WEIGHTS.setflags(write=False)


def bot_code(name: str | int) -> int:
    """Code of a policy name.

    Examples
    --------
    >>> bot_code("value"), bot_code(2)
    (1, 2)
    """
    return choice_code(name, BOT_NAMES, "Da Er bot")


@kernel
def _struct(h, W, bot, hu_of_group, is_red, work):
    """Greedy structure score of held counts ``h`` (``work`` is a (20,) scratch).

    坎 first, then 二七十 / 贰柒拾, runs, 绞 (complete 列, each worth
    ``W_COMPLETE`` plus ``W_HU`` times its 胡); then partial 列 among the rest:
    pairs, neighbours, 绞 halves, gaps, halves of 二七十.  Plus ``W_REDCARD`` per
    red card held.
    """
    w = W[bot]
    for k in range(20):
        work[k] = h[k]
    s = 0
    for k in range(20):
        if is_red[k]:
            s += w[W_REDCARD] * h[k]
    for k in range(20):
        if work[k] >= 3:
            work[k] -= 3
            s += w[W_COMPLETE] + w[W_HU] * hu_of_group[_KAN * 20 + k]
    for base in (1, 11):
        while work[base] > 0 and work[base + 5] > 0 and work[base + 8] > 0:
            work[base] -= 1
            work[base + 5] -= 1
            work[base + 8] -= 1
            s += w[W_COMPLETE] + w[W_HU] * hu_of_group[_RED_RUN * 20 + base]
    for k in range(20):
        if k % 10 <= 7:
            while work[k] > 0 and work[k + 1] > 0 and work[k + 2] > 0:
                work[k] -= 1
                work[k + 1] -= 1
                work[k + 2] -= 1
                s += w[W_COMPLETE] + w[W_HU] * hu_of_group[k]
    for n in range(10):
        while work[n] + work[n + 10] >= 3 and work[n] >= 1 and work[n + 10] >= 1:
            if work[n] >= 2:
                work[n] -= 2
                work[n + 10] -= 1
            else:
                work[n] -= 1
                work[n + 10] -= 2
            s += w[W_COMPLETE]
    for k in range(20):
        if work[k] >= 2:
            work[k] -= 2
            s += w[W_PAIR]
    for k in range(20):
        if k % 10 <= 8:
            while work[k] > 0 and work[k + 1] > 0:
                work[k] -= 1
                work[k + 1] -= 1
                s += w[W_ADJ]
    for n in range(10):
        while work[n] > 0 and work[n + 10] > 0:
            work[n] -= 1
            work[n + 10] -= 1
            s += w[W_JIAO]
    for k in range(20):
        if k % 10 <= 7:
            while work[k] > 0 and work[k + 2] > 0:
                work[k] -= 1
                work[k + 2] -= 1
                s += w[W_GAP]
    for base in (1, 11):
        a = work[base] > 0
        b = work[base + 5] > 0
        c = work[base + 8] > 0
        if (a and b) or (a and c) or (b and c):
            s += w[W_RED2]
    return s


@kernel
def _best_discard(h, W, bot, hu_of_group, is_red, work):
    """``(kind, score)``: the discard leaving the best structure (ties: the lower kind)."""
    best = -1
    best_s = -(1 << 60)
    for k in range(20):
        if h[k] > 0:
            h[k] -= 1
            s = _struct(h, W, bot, hu_of_group, is_red, work)
            h[k] += 1
            if s > best_s:
                best_s = s
                best = k
    return best, best_s


@kernel
def _choose_discard(h, bot, W, hu_of_group, is_red, work, state):
    """The card ``bot`` discards from held counts ``h``."""
    if bot == RANDOM:
        n = 0
        for k in range(20):
            n += h[k]
        r = _below(state, n)
        for k in range(20):
            if r < h[k]:
                return k
            r -= h[k]
        return -1
    k, _ = _best_discard(h, W, bot, hu_of_group, is_red, work)
    return k


@kernel
def _after_take(h, n_out, groups, n_groups, must_discard, W, bot, hu_of_group, is_red,
                group_cards, work):
    """Score of the hand after a take.

    ``groups`` are laid down (``h`` is already without their held cards; they
    count as complete 列), then the best discard is made if ``must_discard``.
    """
    w = W[bot]
    s = 0
    for j in range(n_groups):
        g = groups[j]
        s += w[W_COMPLETE] + w[W_HU] * hu_of_group[g]
        for k in range(20):
            if is_red[k]:
                s += w[W_REDCARD] * group_cards[g, k]
    if must_discard and n_out > 0:
        _, t = _best_discard(h, W, bot, hu_of_group, is_red, work)
        return s + t
    return s + _struct(h, W, bot, hu_of_group, is_red, work)


@kernel
def _want_take(before, after, bot, state):
    """Whether ``bot`` takes a card (吃 / 碰) given the structure scores before and after."""
    if bot == GREEDY:
        return True
    if bot == PASSIVE:
        return False
    if bot == RANDOM:
        return _below(state, 2) == 1
    return after >= before


@kernel
def _want_quad(bot, state):
    """Whether ``bot`` makes a 招 / 垅 when it can."""
    if bot == PASSIVE:
        return False
    if bot == RANDOM:
        return _below(state, 2) == 1
    return True
