"""The table model of the discard analysis: a paired Monte Carlo in the game engine.

The exact odds (:func:`mjstats.discard.odds`) play solo against the wall.  Here
each discard candidate is played forward at a full table (three opponent bots,
calls, wins on discards, kong money, 血战 play after a win, 查叫), ``rollouts``
times, **on the same random deals for every candidate** (common random numbers):
the unseen tiles go uniformly to the opponents' hands and the wall, and every
candidate meets the same tiles and the same random choices.  So the paired
difference of two candidates is far tighter than either level.  The kernel is
:func:`mjstats.sim.rollouts._rollouts`; see ``docs/odds.md``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from mjstats._checks import count, interval_level
from mjstats._jit import each_chunk
from mjstats.core.rng import SeedLike, chunk_states, seed_sequence, side_stream
from mjstats.core.tables import tables
from mjstats.discard.solo import OTHER_HANDS, _available, _missing_choices, _tiles, default_draws
from mjstats.discard.solo import odds as _solo_odds
from mjstats.errors import HandError, MjStatsError, RuleError
from mjstats.results.intervals import normal_quantile, wilson
from mjstats.rules import rules as _rules
from mjstats.scoring.melds import parse_melds
from mjstats.sim import engine as E
from mjstats.sim.bots import BOT_NAMES, bot_code
from mjstats.sim.rollouts import _rollouts
from mjstats.tiles import kind_name, kind_name_zh
from mjstats.tiles.tilesets import SUITS

CHUNK = 64
"""Rollouts per seeded chunk: the same seed gives the same numbers on any thread count."""


class Prepared(NamedTuple):
    """A table model's checked facts (:func:`check_table`)."""

    R: object            # the rule set (天胡/地胡 off)
    h: np.ndarray        # the 14 concealed tiles
    unseen: np.ndarray   # copies of each kind the player does not see
    T: int               # the player's draws
    rollouts: int        # deals per candidate


def check_table(hand, rules, *, visible=None, melds=None, draws=None, bots="efficiency",
                player="efficiency", rollouts=1, conf=0.95) -> Prepared:
    """Every argument of :func:`table_odds` checked, and the facts the model plays.

    :func:`mjstats.api.odds` asks before the exact solve, so that a table model
    it cannot play is said at once, not after a search of seconds.
    """
    R = _rules(rules)
    if getattr(R, "game", "mahjong") != "mahjong":
        raise RuleError(f"the table model plays the mahjong rule sets; {R.name!r} is Da Er")
    if parse_melds(melds):
        raise RuleError("the table model starts from a concealed 14-tile hand (no melds)")
    if "tiandi" in R.switches:
        R = R.with_switches(tiandi=False)
    rollouts = count(rollouts, "rollouts", minimum=1)
    conf = interval_level(conf)
    ts = R.tileset
    h = _tiles(hand, "hand", ts, optional=False)
    if int(h.sum()) != 14:
        raise HandError(f"the table model plays a 14-tile hand, got {int(h.sum())} tiles")
    unseen = _available(h, visible, [], ts) - h
    S = int(unseen.sum())
    T = default_draws(S) if draws is None else count(draws, "draws", minimum=1)
    if OTHER_HANDS + 4 * T > S:
        raise MjStatsError(f"draws={T} needs {OTHER_HANDS + 4 * T} unseen tiles (three hands "
                           f"and a wall of 4 x draws), only {S} are unseen")
    bot_code(bots)
    if player != "exact" and player not in BOT_NAMES:
        raise MjStatsError(f"player (after the first discard) is 'exact' or a bot, one of "
                           f"{', '.join(BOT_NAMES)}; got {player!r}")
    return Prepared(R, h, unseen, T, rollouts)


def table_odds(hand, rules, *, visible=None, melds=None, draws=None, missing=None,
               bots: str = "efficiency", player: str = "efficiency", rollouts: int = 2000,
               seed: SeedLike = None, conf: float = 0.95, policies: dict | None = None
               ) -> pd.DataFrame:
    """Play every discard of a 14-tile hand forward at a full table, paired.

    Parameters
    ----------
    hand : str or array_like
        The player's 14 concealed tiles (no exposed melds).
    rules : str or RuleSet
        A mahjong rule set; Sichuan's 天胡/地胡 are switched off (the position is
        mid-hand, not a deal).
    visible : str, optional
        Tiles seen elsewhere: they are in nobody's hand and not in the wall.
    draws : int, optional
        The player's draws if nobody calls: the wall holds ``4 * draws`` tiles
        after the deal.  Default as :func:`mjstats.discard.odds`.
    missing : {"m", "p", "s", "choose"} or None
        The player's missing suit (定缺); opponents choose theirs by their bot.  A
        rule set without 定缺 (Liuzhou) refuses one.
    bots, player : str
        The opponents' policy and the player's after the first discard
        (``"efficiency"``, ``"value"``, ``"random"``, ``"zimo"``), or for the player
        ``"exact"``: after each draw it throws what the exact solo policy
        (:func:`mjstats.discard.odds`, objective ``win``, the same draws) throws for
        its hand and draw, makes no call and no kong, and plays ``efficiency``
        wherever the policy says nothing (a hand it never searched, past its draws,
        once play would end in the model).
    policies : dict, optional
        With ``player="exact"``: the policies to follow, by missing suit
        (:attr:`mjstats.discard.result.Odds.policies` of an ``odds(...,
        keep_policy=True)`` with the same draws); solved here when not given.
    rollouts : int
        Deals per candidate (the same deals for every candidate).
    seed : int, Generator or None
        Seed of the deals.
    conf : float
        Confidence of the intervals.

    Returns
    -------
    pandas.DataFrame
        One row per candidate (and missing suit): ``n``, ``p_win`` with a Wilson
        interval, ``payoff`` (net points of the hand, the rule set's unit) and
        ``value`` (mean value of a win) with normal intervals, and the paired
        difference of payoff and of P(win) against the best candidate by payoff
        (``d_payoff``, ``d_p_win`` with their intervals).  ``.attrs`` holds the
        seed entropy, bots and draws.

    Examples
    --------
    >>> t = table_odds("13456788999m289p", "sichuan", missing="s", draws=8, rollouts=64,
    ...                seed=1)
    >>> int(t["n"].iloc[0]), bool((t["d_payoff"].iloc[0] == 0))
    (64, True)
    """
    R, h, unseen, T, rollouts = check_table(hand, rules, visible=visible, melds=melds,
                                            draws=draws, bots=bots, player=player,
                                            rollouts=rollouts, conf=conf)
    pool = np.repeat(np.arange(34, dtype=np.int8), unseen.astype(np.int64))
    own = np.repeat(np.arange(34, dtype=np.int8), h.astype(np.int64))
    exact = player == "exact"
    if exact and policies is None:
        policies = _solo_odds(h, R, visible=visible, draws=T, missing=missing,
                              keep_policy=True).policies
    b = np.array([bot_code("efficiency" if exact else player)] + [bot_code(bots)] * 3,
                 dtype=np.int64)
    ss = seed_sequence(seed)
    P = E.engine_params(R)
    ka = R.kernel_args
    inset = R.tileset.mask.astype(np.uint8)
    rows = []
    for miss in _missing_choices(missing, R, h):
        held = [int(k) for k in np.flatnonzero(h)]
        if miss >= 0 and any(k // 9 == miss and k < 27 for k in held):
            held = [k for k in held if k // 9 == miss and k < 27]
        cands = np.array(held, dtype=np.int64)
        n_chunks = -(-rollouts // CHUNK)
        states = chunk_states(ss, n_chunks)
        play_states = chunk_states(side_stream(ss), n_chunks)
        won = np.zeros((rollouts, len(cands)), np.int64)
        value = np.zeros((rollouts, len(cands)), np.int64)
        payoff = np.zeros((rollouts, len(cands)), np.int64)
        pol = E._no_policy()
        key = "-" if miss < 0 else SUITS[miss]
        if exact and key in policies:
            pol = (0, *policies[key])  # seat 0, the player, follows it
            if pol[4].shape[0] != T:
                raise MjStatsError(f"the policy was solved for {pol[4].shape[0]} draws, the "
                                   f"table plays {T}")
        each_chunk(_rollouts, n_chunks, own, pool, 4 * T, cands, miss, states, play_states,
                   CHUNK, rollouts, b, P, ka.values, ka.switches, tables(), inset, pol, won,
                   value, payoff)
        rows += _summary(cands, miss, won, value, payoff, conf)
    out = pd.DataFrame(rows)
    out = out.sort_values(["payoff", "p_win"], ascending=False, kind="stable")
    out = out.reset_index(drop=True)
    out.attrs.update(seed_entropy=str(ss.entropy), bots=bots, player=player, draws=T,
                     rollouts=rollouts, rules=R.name)
    return out


def _summary(cands, miss, won, value, payoff, conf) -> list[dict]:
    n = won.shape[0]
    z = normal_quantile(0.5 + conf / 2)
    best = int(np.argmax(payoff.mean(axis=0)))
    rows = []
    for j, k in enumerate(cands):
        w = won[:, j]
        lo, hi = wilson(int(w.sum()), n, conf)
        pay = payoff[:, j].astype(float)
        d = pay - payoff[:, best]
        dw = w - won[:, best].astype(float)
        vals = value[w > 0, j].astype(float)
        row = dict(discard=kind_name(int(k)), discard_zh=kind_name_zh(int(k)))
        if miss >= 0:
            row["missing"] = SUITS[miss]
        row.update(
            n=n, p_win=w.mean(), p_win_lo=float(lo), p_win_hi=float(hi),
            payoff=pay.mean(), payoff_lo=pay.mean() - z * pay.std(ddof=1) / np.sqrt(n),
            payoff_hi=pay.mean() + z * pay.std(ddof=1) / np.sqrt(n),
            value=vals.mean() if vals.size else np.nan,
            d_payoff=d.mean(), d_payoff_lo=d.mean() - z * d.std(ddof=1) / np.sqrt(n),
            d_payoff_hi=d.mean() + z * d.std(ddof=1) / np.sqrt(n),
            d_p_win=dw.mean(), d_p_win_lo=dw.mean() - z * dw.std(ddof=1) / np.sqrt(n),
            d_p_win_hi=dw.mean() + z * dw.std(ddof=1) / np.sqrt(n),
        )
        rows.append(row)
    return rows
