"""What the engine asks of a seat beyond its bot: a fixed exact policy, or the ``ev`` bot.

:func:`mjstats.sim.engine._play` takes ``pol``: the table model's fixed policy
for one seat (a tuple, :func:`mjstats.sim.engine._no_policy` when no seat has
one) or the ``ev`` bot's arrays and what it scores with: ``(EvScratch, values,
switches, family, Overlap4)`` (:class:`mjstats.sim.ev.EvScratch`).  Each
helper here is compiled for the type it is given (numba's ``overload``): with
a tuple, the ``ev`` bot's code is never compiled into the engine, so a run
without ``ev`` seats compiles what it always did.
"""

from __future__ import annotations

from numba.core import types
from numba.extending import overload

from mjstats._jit import OVERLOAD_OPTIONS
from mjstats.sim import bots as B
from mjstats.sim import ev as EV


def _is_ev(pol) -> bool:
    """``pol`` is the ``ev`` bot's ``(EvScratch, values, switches, family, Overlap4)``."""
    first = getattr(pol, "types", (None,))[0]
    return isinstance(first, types.BaseNamedTuple) and first.instance_class is EV.EvScratch


def _new_hand(pol, dealer):
    """A new hand is dealt (the ``ev`` bot forgets its policies)."""


def follows_policy(pol, p):
    """Whether seat ``p`` follows a fixed exact policy (it then makes no call and no kong)."""


def advised_que(pol, p, hand, bot, state, mt, mk, visible, inset, wall_left, T):
    """定缺 of seat ``p``: the ``ev`` bot's choice, else its bot's."""


def advised_discard(pol, cur, hand, tsumo, kong_turn, bot, nm, mt, mk, que, visible, inset,
                    wall_left, n_active, ndraw, T):
    """The discard a policy advises seat ``cur`` (-1: its bot decides)."""


def advised_take(pol, q, bot, v, forced, wall_left, hand, ndraw):
    """Whether seat ``q`` takes a win worth ``v`` on another's discard."""


def advised_pong(pol, q, hand, d, bot, nm, mt, mk, que, visible, inset, wall_left, n_active,
                 ndraw, T, state, sc):
    """Whether seat ``q`` pongs the discard ``d`` (its hand holds two or more)."""


def advised_chow(pol, q, hand, d, bot, nm, mt, mk, que, visible, inset, wall_left, n_active,
                 ndraw, T, state, sc):
    """The run seat ``q`` chows the discard ``d`` into (its lowest kind), or -1 for none."""


@overload(_new_hand, jit_options=OVERLOAD_OPTIONS)
def _ov_new_hand(pol, dealer):
    if _is_ev(pol):
        return lambda pol, dealer: EV._reset(pol[0], dealer)
    return lambda pol, dealer: None


@overload(follows_policy, jit_options=OVERLOAD_OPTIONS)
def _ov_follows(pol, p):
    if _is_ev(pol):
        return lambda pol, p: False
    return lambda pol, p: p == pol[0]


@overload(advised_que, jit_options=OVERLOAD_OPTIONS)
def _ov_que(pol, p, hand, bot, state, mt, mk, visible, inset, wall_left, T):
    if _is_ev(pol):
        def ev_que(pol, p, hand, bot, state, mt, mk, visible, inset, wall_left, T):
            if B._ev_like(bot):
                q = EV._ev_que(p, hand, mt, mk, visible, inset, wall_left, pol[0],
                               (pol[1], pol[2], pol[3]), T, pol[4])
                if q >= 0:
                    return q
            return B._choose_que(hand, bot, state)
        return ev_que
    return lambda pol, p, hand, bot, state, mt, mk, visible, inset, wall_left, T: (
        B._choose_que(hand, bot, state))


@overload(advised_discard, jit_options=OVERLOAD_OPTIONS)
def _ov_discard(pol, cur, hand, tsumo, kong_turn, bot, nm, mt, mk, que, visible, inset,
                wall_left, n_active, ndraw, T):
    if _is_ev(pol):
        def ev_discard(pol, cur, hand, tsumo, kong_turn, bot, nm, mt, mk, que, visible, inset,
                       wall_left, n_active, ndraw, T):
            if not B._ev_like(bot):
                return -1
            if B._que_discard(hand, que) >= 0:
                pol[0].seat[cur, EV.S_NEXT] = -1
                return -1
            return EV._ev_discard(cur, hand, tsumo, kong_turn, nm, mt, mk, que, visible, inset,
                                  wall_left, n_active, ndraw, pol[0], (pol[1], pol[2], pol[3]),
                                  T, pol[4])
        return ev_discard

    def fixed_discard(pol, cur, hand, tsumo, kong_turn, bot, nm, mt, mk, que, visible, inset,
                      wall_left, n_active, ndraw, T):
        if cur == pol[0] and tsumo >= 0 and not kong_turn:
            return EV._policy_after(hand, tsumo, ndraw - 1, pol[1], pol[2], pol[3], pol[4])
        return -1
    return fixed_discard


@overload(advised_take, jit_options=OVERLOAD_OPTIONS)
def _ov_take(pol, q, bot, v, forced, wall_left, hand, ndraw):
    if _is_ev(pol):
        def ev_take(pol, q, bot, v, forced, wall_left, hand, ndraw):
            if B._ev_like(bot) and not forced:
                return EV._ev_takes(q, hand, v, ndraw, pol[0])
            return B._takes_win(bot, v, forced, wall_left)
        return ev_take
    return lambda pol, q, bot, v, forced, wall_left, hand, ndraw: (
        B._takes_win(bot, v, forced, wall_left))


@overload(advised_pong, jit_options=OVERLOAD_OPTIONS)
def _ov_pong(pol, q, hand, d, bot, nm, mt, mk, que, visible, inset, wall_left, n_active, ndraw,
             T, state, sc):
    if _is_ev(pol):
        def ev_pong(pol, q, hand, d, bot, nm, mt, mk, que, visible, inset, wall_left, n_active,
                    ndraw, T, state, sc):
            if B._ev_like(bot):
                c = EV._ev_pong(q, hand, d, nm, mt, mk, que, visible, inset, wall_left,
                                n_active, ndraw, pol[0], (pol[1], pol[2], pol[3]), T, pol[4])
                if c >= 0:
                    return c == 1
            return B._want_pong(hand, d, nm, mt, mk, que, bot, T, state, sc)
        return ev_pong
    return lambda pol, q, hand, d, bot, nm, mt, mk, que, visible, inset, wall_left, n_active, \
        ndraw, T, state, sc: B._want_pong(hand, d, nm, mt, mk, que, bot, T, state, sc)


@overload(advised_chow, jit_options=OVERLOAD_OPTIONS)
def _ov_chow(pol, q, hand, d, bot, nm, mt, mk, que, visible, inset, wall_left, n_active, ndraw,
             T, state, sc):
    if _is_ev(pol):
        def ev_chow(pol, q, hand, d, bot, nm, mt, mk, que, visible, inset, wall_left, n_active,
                    ndraw, T, state, sc):
            if B._ev_like(bot):
                lo = EV._ev_chow(q, hand, d, nm, mt, mk, que, visible, inset, wall_left,
                                 n_active, ndraw, pol[0], (pol[1], pol[2], pol[3]), T, pol[4])
                if lo != -1:
                    return lo if lo >= 0 else -1
            return B._choose_chow(hand, d, nm, mt, mk, que, bot, T, state, sc)
        return ev_chow
    return lambda pol, q, hand, d, bot, nm, mt, mk, que, visible, inset, wall_left, n_active, \
        ndraw, T, state, sc: B._choose_chow(hand, d, nm, mt, mk, que, bot, T, state, sc)
