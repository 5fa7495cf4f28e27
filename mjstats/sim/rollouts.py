"""The table model: each discard candidate played forward in the game engine, paired.

Rollout ``i`` deals the tiles the player has not seen uniformly at random: 13 to
each opponent, then the wall.  The player, seat 0, is the engine's dealer and
holds the 14-tile input; the wall after the deal holds ``4 T`` tiles, so that the
player draws ``T`` times if nobody calls.  Every candidate is played on the same
shuffled tiles and from the same random state (common random numbers; the bots'
choices draw from a stream of their own, seeded per deal from the side stream of
:func:`mjstats.core.rng.side_stream`, never from the deals' stream): its first
discard is scripted, every later decision is the seat's bot's, or, for the
player, the exact policy's where it has one.  The seat records
of the player give, per rollout and candidate, whether it won, the value won and
the net payoff of the hand.
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import kernel
from mjstats.core.rng import _seed_from, _shuffle
from mjstats.sim import engine as E


@kernel
def _rollouts(c, own, pool, n_tail, cands, que0, states, play_states, chunk, n, bots, P, values,
              sw, T, inset, pol, won, value, payoff):
    """Play ``n`` rollouts of every candidate in ``cands``; rollout ``i`` uses chunk ``i // chunk``.

    ``own`` lists the player's 14 tiles, ``pool`` the tiles unseen (shuffled per
    rollout: 39 to the opponents, then ``n_tail`` to the wall; chunk ``c`` shuffles from
    ``states[c]`` and seeds each deal's bot stream from ``play_states[c]``); ``pol`` the player's
    exact policy or :func:`mjstats.sim.engine._no_policy` (see
    :func:`mjstats.sim.engine._play`).  Writes
    ``won``, ``value`` and ``payoff`` of shape ``(n, len(cands))``.
    """
    n_pat = values.shape[0]
    C = cands.shape[0]
    n_wall = 14 + 39 + n_tail
    S = E._scratch(n_pat)
    que_in = np.full(4, -1, np.int64)
    que_in[0] = que0
    script = np.full((4, 1), -1, np.int64)
    evn_dummy = np.zeros(2, np.int64)
    ev_dummy = np.zeros((1, 5), np.int32)
    seat_rec = np.zeros((4, E.N_SEAT), np.int64)
    pat_rec = np.zeros((4, n_pat), np.int8)
    hand_rec = np.zeros((1, E.N_HAND), np.int64)
    st = states[c].copy()
    pst = play_states[c].copy()
    p = pool.copy()
    wall = np.zeros(n_wall, np.int8)
    for i in range(14):
        wall[i] = own[i]
    play_state = np.zeros(4, np.uint64)
    deal_state = np.zeros(4, np.uint64)
    lo = c * chunk
    hi = min(lo + chunk, n)
    for r in range(lo, hi):
        _shuffle(p, st)
        for i in range(39 + n_tail):
            wall[14 + i] = p[i]
        _seed_from(pst, deal_state)  # the bots' stream of this deal, apart from the deals'
        for j in range(C):
            script[0, 0] = cands[j]
            for i in range(4):
                play_state[i] = deal_state[i]  # the same random stream for every candidate
            E._play(wall, n_wall, 0, bots, que_in, script, P, values, sw, T, inset,
                    play_state, S, seat_rec, pat_rec, hand_rec, 0, ev_dummy, evn_dummy,
                    False, pol)
            # the seat column holds the order of the win (1st, 2nd, 3rd winner)
            won[r, j] = 1 if seat_rec[0, E.C_WON] > 0 else 0
            value[r, j] = seat_rec[0, E.C_VALUE]
            payoff[r, j] = seat_rec[0, E.C_PAY_TOTAL]
