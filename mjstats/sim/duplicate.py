"""Duplicate play of mahjong: every deal replayed under several seatings of the bots.

:func:`_run_seated` shuffles one wall per deal and plays it once per seating
(a row of bot codes, one per seat) with :func:`mjstats.sim.engine._play`, so
every seating meets the same tiles in the same order from the same dealer.
Two streams are drawn per seeded chunk:

* the **wall stream** (``states``, one xoshiro state per chunk of
  :data:`~mjstats.sim.simulate.CHUNK` deals, as in
  :func:`~mjstats.sim.simulate.simulate`) only shuffles walls, so deal ``g`` is
  the wall of hand ``g`` of ``simulate`` on the same seed;
* the **bot stream** (``bot_states``, the chunks of the run's
  :func:`~mjstats.core.rng.side_stream`) gives each deal four words that seed
  the state every seating of that deal starts from: the random bot's choices.

So a seating's hand depends on the deal and on which bot sits where, never on
the order in which the seatings are played.  The dealer of deal ``g`` is seat
``g % 4`` for every rule set (Liuzhou's rotation, which follows the winner,
would give each seating another dealer).  :func:`play_seated` is the Python
face: it returns each seat's points, wins and deal-ins per deal and seating.
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import each_chunk, kernel
from mjstats.core.rng import _seed_from, _shuffle, chunk_states, side_stream
from mjstats.core.tables import tables
from mjstats.rules.base import RuleSet
from mjstats.sim import engine as E

SEATS = 4
"""Seats at a mahjong table, each played by a bot."""


@kernel
def _run_seated(c, wall0, n_deals, first_deal, chunk, states, bot_states, seatings, P, values, sw,
                T, inset, seat_rec, pat_rec, hand_rec, ev_args=None):
    """Play ``n_deals`` deals under every row of ``seatings``; chunk ``c`` uses ``states[c]``.

    Deal ``g`` (0-based in this call) under seating ``a`` writes hand row
    ``g * K + a`` (``K`` seatings) and seat rows ``4 * (g * K + a) ...``; it is
    dealt by seat ``(first_deal + g) % 4``.
    """
    n_wall = wall0.shape[0]
    n_pat = values.shape[0]
    K = seatings.shape[0]
    S = E._scratch(n_pat)
    pol = E.chunk_policy(ev_args)
    que_in = np.full(4, -1, np.int64)
    script = np.full((4, 1), -1, np.int64)
    evn_dummy = np.zeros(2, np.int64)
    ev_dummy = np.zeros((1, 5), np.int32)
    w = wall0.copy()
    st = states[c].copy()
    bst = bot_states[c].copy()
    deal_state = np.zeros(4, np.uint64)
    play_state = np.zeros(4, np.uint64)
    lo = c * chunk
    hi = min(lo + chunk, n_deals)
    for g in range(lo, hi):
        _shuffle(w, st)
        dealer = (first_deal + g) % 4
        _seed_from(bst, deal_state)
        for a in range(K):
            for i in range(4):
                play_state[i] = deal_state[i]  # every seating starts the same stream
            E._play(w, n_wall, dealer, seatings[a], que_in, script, P, values, sw, T, inset,
                    play_state, S, seat_rec, pat_rec, hand_rec, g * K + a, ev_dummy,
                    evn_dummy, False, pol)


def play_seated(R: RuleSet, seatings: np.ndarray, ss: np.random.SeedSequence, start: int,
                count: int, chunk: int, ev_settings: dict | None = None) -> dict[str, np.ndarray]:
    """Play deals ``start … start + count - 1`` under every seating; per-seat outcomes.

    Parameters
    ----------
    R : RuleSet
    seatings : numpy.ndarray
        ``(K, 4)`` bot codes (:data:`mjstats.sim.bots.BOT_NAMES`), one row per seating.
    ss : numpy.random.SeedSequence
        The run's seed; deal ``i`` comes from seeded chunk ``i // chunk`` of the wall
        stream and of the bot stream (:func:`mjstats.core.rng.side_stream`).
    start, count : int
        The deals (``start`` a multiple of ``chunk``).
    chunk : int
        Deals per seeded chunk.
    ev_settings : dict, optional
        The ``ev`` bots' settings (a run's :func:`mjstats.sim.ev.run_settings`;
        default: this process's, :data:`mjstats.sim.ev.SETTINGS`).

    Returns
    -------
    dict of numpy.ndarray
        ``points``, ``won``, ``fed`` of shape ``(count, K, 4)``: the seat's net
        result in the rule set's unit, whether it won, whether it dealt in
        (discarded a winning tile or had its kong robbed); ``errors``: hands whose
        engine checks failed.

    Examples
    --------
    >>> from mjstats.rules import rules
    >>> seats = np.array([[0, 2, 0, 2], [2, 0, 2, 0]], np.int64)
    >>> out = play_seated(rules("sichuan"), seats, np.random.SeedSequence(1), 0, 8, 512)
    >>> out["points"].shape, int(out["points"].sum(axis=2).any())
    ((8, 2, 4), 0)
    """
    P = E.engine_params(R)
    ka = R.kernel_args
    seatings = np.ascontiguousarray(seatings, dtype=np.int64)
    K = seatings.shape[0]
    n_chunks = -(-count // chunk)
    states = chunk_states(ss, n_chunks, first=start // chunk)
    bot_states = chunk_states(side_stream(ss), n_chunks, first=start // chunk)
    rows = count * K
    seat_rec = np.zeros((SEATS * rows, E.N_SEAT), np.int64)
    pat_rec = np.zeros((SEATS * rows, len(R.info)), np.int8)
    hand_rec = np.zeros((rows, E.N_HAND), np.int64)
    each_chunk(_run_seated, n_chunks, R.tileset.wall.copy(), count, start, chunk, states,
               bot_states, seatings, P, ka.values, ka.switches, tables(),
               R.tileset.mask.astype(np.uint8), seat_rec, pat_rec, hand_rec,
               E.ev_args(R, seatings, ev_settings))
    shape = (count, K, SEATS)
    won = seat_rec[:, E.C_WON].reshape(shape) > 0
    frm = seat_rec[:, E.C_WIN_FROM].reshape(shape)
    fed = np.zeros(shape, dtype=bool)
    g, a, _ = np.nonzero(won & (frm >= 0))
    fed[g, a, frm[won & (frm >= 0)]] = True
    return {"points": seat_rec[:, E.C_PAY_TOTAL].reshape(shape), "won": won, "fed": fed,
            "errors": np.array(int((hand_rec[:, E.H_ERROR] != 0).sum()))}
