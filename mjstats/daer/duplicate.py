"""Duplicate play of Da Er: every deal replayed under several seatings of the bots.

The Da Er twin of :mod:`mjstats.sim.duplicate`: :func:`_run_seated` shuffles
one deck per deal from the chunk's **deck stream** (``states``, the chunks of
:func:`~mjstats.daer.simulate.simulate`, so deal ``g`` is the deck of its hand
``g`` on the same seed) and plays it once per seating (three bot codes, seats
0-2; seat 3, the 底家, plays no cards) with :func:`mjstats.daer.game._play`.
Every seating of a deal starts from the same state of the **bot stream**
(``bot_states``), which the random bot and rule slips draw from.  The dealer of
deal ``g`` is seat ``g % 3`` (the succession, which follows the winner, would
give each seating another dealer).  Play uses no rule slips (``slip = 0``).
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import each_chunk, kernel
from mjstats.core.rng import _seed_from, _shuffle, chunk_states, side_stream
from mjstats.daer import game as G
from mjstats.daer.bots import BOT_WEIGHTS
from mjstats.daer.rules import DaErRules, Pattern
from mjstats.tiles.daer_cards import N_CARDS

SEATS = 3
"""Seats at a Da Er table played by a bot (the 底家, seat 3, is paid but plays no cards)."""


@kernel
def _run_seated(c, n_deals, first_deal, chunk, states, bot_states, seatings, P, P0, P1, P2, EP,
                slip, W, game_rec, seat_rec, pat_rec):
    """Play ``n_deals`` deals under every row of ``seatings``; chunk ``c`` uses ``states[c]``.

    Deal ``g`` under seating ``a`` writes game row ``g * K + a`` (``K`` seatings)
    and its four seat rows; it is dealt by seat ``(first_deal + g) % 3``.
    """
    K = seatings.shape[0]
    st = states[c].copy()
    bst = bot_states[c].copy()
    deal_state = np.zeros(4, np.uint64)
    play_state = np.zeros(4, np.uint64)
    deck = np.empty(N_CARDS, dtype=np.int64)
    for j in range(N_CARDS):
        deck[j] = j // 4
    T, S = G._scratch()
    ev = np.zeros((1, 5), dtype=np.int64)
    evn = np.zeros(2, dtype=np.int64)
    lo = c * chunk
    hi = min(lo + chunk, n_deals)
    for g in range(lo, hi):
        _shuffle(deck, st)
        dealer = (first_deal + g) % 3
        _seed_from(bst, deal_state)
        for a in range(K):
            for i in range(4):
                play_state[i] = deal_state[i]  # every seating starts the same stream
            G._play(deck, dealer, seatings[a], P, P0, P1, P2, EP, slip, W, play_state, T, S,
                    g * K + a, game_rec, seat_rec, pat_rec, ev, evn, False)


def play_seated(r: DaErRules, seatings: np.ndarray, ss: np.random.SeedSequence, start: int,
                count: int, chunk: int) -> dict[str, np.ndarray]:
    """Play deals ``start … start + count - 1`` under every seating; per-seat outcomes.

    Parameters
    ----------
    r : DaErRules
    seatings : numpy.ndarray
        ``(K, 3)`` bot codes (:data:`mjstats.daer.bots.BOT_NAMES`), one row per seating.
    ss : numpy.random.SeedSequence
        The run's seed; deal ``i`` comes from seeded chunk ``i // chunk`` of the deck
        stream and of the bot stream (:func:`mjstats.core.rng.side_stream`).
    start, count, chunk : int
        The deals (``start`` a multiple of ``chunk``) and deals per seeded chunk.

    Returns
    -------
    dict of numpy.ndarray
        ``points``, ``won``, ``fed`` of shape ``(count, K, 3)``: the seat's points
        under the rule set played, whether it won, whether the winning card came
        from it (its discard, or the card it turned from the stock; both losers
        pay in Da Er either way); ``errors``: hands whose engine checks failed.

    Examples
    --------
    >>> from mjstats.daer.rules import rules
    >>> seats = np.array([[0, 2, 2], [2, 0, 0]], np.int64)
    >>> out = play_seated(rules("daer-luzhou"), seats, np.random.SeedSequence(1), 0, 8, 256)
    >>> out["points"].shape
    (8, 2, 3)
    """
    seatings = np.ascontiguousarray(seatings, dtype=np.int64)
    K = seatings.shape[0]
    P0, P1, P2 = G.presets_params()
    n_chunks = -(-count // chunk)
    states = chunk_states(ss, n_chunks, first=start // chunk)
    bot_states = chunk_states(side_stream(ss), n_chunks, first=start // chunk)
    rows = count * K
    game_rec = np.zeros((rows, G.N_GAME), dtype=np.int64)
    seat_rec = np.zeros((4 * rows, G.N_SEAT), dtype=np.int64)
    pat_rec = np.zeros((rows, len(Pattern)), dtype=np.int64)
    each_chunk(_run_seated, n_chunks, count, start, chunk, states, bot_states, seatings,
               r.params(), P0, P1, P2, G.engine_params(r), 0.0, BOT_WEIGHTS, game_rec, seat_rec,
               pat_rec)
    shape = (count, K, SEATS)
    seat = seat_rec.reshape(count, K, 4, G.N_SEAT)[:, :, :SEATS]
    frm = game_rec[:, G.G_WIN_FROM].reshape(count, K)
    winner = game_rec[:, G.G_WINNER].reshape(count, K)
    fed = np.zeros(shape, dtype=bool)
    g, a = np.nonzero((winner >= 0) & (frm >= 0))
    fed[g, a, frm[g, a]] = True
    return {"points": seat[:, :, :, G.S_POINTS], "won": seat[:, :, :, G.S_WON] > 0, "fed": fed,
            "errors": np.array(int((game_rec[:, G.G_ERROR] != 0).sum()))}
