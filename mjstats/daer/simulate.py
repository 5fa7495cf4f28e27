"""Whole Da Er hands: simulate, records, summary tables; one logged hand for inspection.

:func:`simulate` plays ``games`` hands with one bot per seat (:mod:`mjstats.daer.bots`)
in the compiled engine (:mod:`mjstats.daer.game`) and returns a :class:`DaErSim`
with a ``games`` and a ``seats`` DataFrame and the summary tables.  Hands are
played in fixed chunks of ``chunk`` hands, chunk ``i`` seeded by
:func:`mjstats.core.rng.chunk_states`, so the same seed gives the same tables on
any number of threads.  The dealer succession runs within a chunk: the chunk's
first hand (game ``i``) is dealt by seat ``i % 3``, every further hand by the
previous hand's ``next_dealer`` (the rule set's switch ``next_dealer``: the
winner by default; after a foul the fouler, "犯规后，又犯规者坐庄").

Every win is scored under the rule set that is played (who may win, what is
paid: ``points``) and under the three presets 普通 (``daer-luzhou``), 名堂
(``daer-luzhou-mingtang``) and 重庆 (``daer-chongqing``) on the same hand
(``pts_luzhou``, ``pts_mingtang``, ``pts_chongqing``), so the three scorings are
compared on identical wins.

:func:`play` plays one logged hand from a deck given by hand (:func:`build_deck`)
or a seed, for hand-built situations.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from mjstats._checks import count, flag
from mjstats._checks import seat as _seat
from mjstats.core.rng import SeedLike, chunk_states, seed_sequence
from mjstats.daer import game as G
from mjstats.daer.bots import BOT_NAMES, BOT_WEIGHTS, bot_code
from mjstats.daer.groups import group_name
from mjstats.daer.rules import PATTERN_NAMES_EN, PATTERN_NAMES_ZH, DaErRules, Pattern
from mjstats.daer.rules import rules as _rules
from mjstats.errors import MjStatsError
from mjstats.results import daer as ST
from mjstats.results.gamestats import GameStats
from mjstats.runner import RECORDS_UP_TO, KeptRows
from mjstats.tiles.daer_cards import N_CARDS, N_KINDS, as_counts, kind_name_zh, parse

CHUNK = 256
"""Hands per seeded chunk (the unit of reproducibility)."""
RUN_BLOCKS = 128
"""Seeded chunks per runner chunk (the unit saved to ``out`` and sent to Dask)."""
SCORINGS = ("luzhou", "mingtang", "chongqing")
SCORING_PRESETS = ("daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing")
_MINGTANG = [p for p in Pattern if p not in (Pattern.PINGHU, Pattern.PINGHU27, Pattern.ALL_RED)]


DEFAULT_GAMES = 10_000
"""Hands played when ``games`` is not given (or ``None``)."""
DEFAULT_BOT = "efficiency"
"""The policy of every playing seat when ``bots`` is not given (or ``None``)."""


def _bots(bots) -> tuple[str, str, str]:
    if bots is None:
        bots = DEFAULT_BOT
    if isinstance(bots, str | int | np.integer):
        bots = (bots,) * 3
    if not isinstance(bots, list | tuple):
        raise MjStatsError(
            f"bots is one policy name or three (one per playing seat), got {bots!r} "
            f"({type(bots).__name__}); policies: {', '.join(BOT_NAMES)}"
        )
    bots = tuple(bots)
    if len(bots) != 3:
        raise MjStatsError(f"bots names one policy per playing seat (3), got {len(bots)}")
    return tuple(BOT_NAMES[bot_code(b)] for b in bots)


@dataclass
class DaErSim(KeptRows):
    """Tables (from exact chunk sums) and, when kept, records of :func:`simulate`.

    Attributes
    ----------
    rules : DaErRules
        The rule set played.
    n_games : int
    bots : tuple of str
        Policy of seats 0-2 (seat 3 is the 底家).
    seed : numpy.random.SeedSequence
    stats : GameStats
        The sums every table is computed from (:mod:`mjstats.results.daer`).
    records : tuple of two DataFrames or None
        ``(hands, seats)`` when the rows were kept (``records=True``; by default for
        runs of at most :data:`RECORDS_UP_TO` hands), read as :attr:`hands` and
        :attr:`seats`:
    hands : pandas.DataFrame
        One row per hand: ``game``, ``dealer``, ``next_dealer`` (who deals the next
        hand of the chunk), ``winner`` (-1 none), ``self_draw``,
        ``end`` (``win`` / ``exhausted`` / ``foul``), ``draws`` (stock cards turned),
        ``stock_left``, ``win_card``, ``win_from``; the win under the rule set played
        (``hu``, ``level``, ``mult``, ``loser_pays``, ``dijia_gets``, ``winner_gets``)
        and under each preset (``hu_luzhou``, ``deng``, ``pay_luzhou`` …, ``fan``,
        ``pay_mingtang`` …, ``dao``, ``pay_chongqing``); 天/地/回龙/海底 flags; ``takes``;
        ``fouler``, ``foul_bits``; ``error`` (0 = the engine's checks passed); one boolean
        column per 名堂 (``HONG`` …) hit by the win's best 名堂 reading.
    seats : pandas.DataFrame
        Four rows per hand (seats 0-2 and the 底家, seat 3): ``seat``, ``dealer``,
        ``bot``, ``won``, ``turn`` (stock cards turned when it won), ``self_draw``,
        ``hu``, ``deng``, ``fan``, ``dao`` (the winner's), ``points`` (rule set played),
        ``pts_luzhou``, ``pts_mingtang``, ``pts_chongqing``, take counts, ``n_guo``
        (过张), ``n_slips``, ``fouls`` (bits of :class:`mjstats.daer.Foul`), ``instant``
        (3 垅 / 5 坎 dealt), ``cards_end``, and the 名堂 columns (winner rows only).
    """

    rules: DaErRules
    n_games: int
    bots: tuple[str, ...]
    seed: np.random.SeedSequence
    stats: GameStats
    records: tuple[pd.DataFrame, pd.DataFrame] | None = None
    slip: float = 0.0
    extra: dict = field(default_factory=dict, repr=False)
    _size_field = "n_games"

    @property
    def hands(self) -> pd.DataFrame:
        """One row per hand (see the class doc)."""
        return self._rows(0)

    @property
    def seats(self) -> pd.DataFrame:
        """Four rows per hand, the 底家 last (see the class doc)."""
        return self._rows(1)

    def summary(self) -> pd.DataFrame:
        """Outcome rates per hand (win, exhausted stock, foul, self-draw …) with Wilson 95%."""
        return ST.summary_table(self.stats)

    def patterns(self) -> pd.DataFrame:
        """名堂 frequencies of the wins (best 名堂 reading), per win and per hand, Wilson 95%."""
        return ST.patterns_table(self.stats, [(p.name, PATTERN_NAMES_ZH[p], PATTERN_NAMES_EN[p])
                                              for p in _MINGTANG])

    def distribution(self, column: str = "hu") -> pd.DataFrame:
        """Distribution of ``column`` over the wins, with Wilson 95% intervals.

        ``column`` is one of :data:`mjstats.results.daer.DIST_COLUMNS`: ``hu``,
        ``deng``, ``fan``, ``dao``, ``level``, ``pay_luzhou`` …
        """
        return ST.distribution_table(self.stats, column)

    def points(self, by: str = "seat") -> pd.DataFrame:
        """Expected points per hand by ``seat`` (底家 = 3), ``bot`` or ``dealer``.

        Under the rule set played (``points``) and each preset; ``*_se`` is the
        standard error of the mean.
        """
        return ST.points_table(self.stats, by)

    def scorings(self) -> pd.DataFrame:
        """The three scorings compared on the same wins.

        What each loser pays, the winner nets and the 底家 gets, per win (mean,
        median, 90th percentile, max) and per hand; ``rank_corr_luzhou`` is the
        Spearman correlation of each scoring's payment with 普通's.
        """
        return ST.scorings_table(self.stats)


def engine_inputs(rules, bots, slip, chi_next_on_draw=True):
    """Check the arguments and pack them for the kernels."""
    r = _rules(rules)
    if isinstance(slip, bool | np.bool_) or not isinstance(slip, float | int | np.integer) \
            or not 0.0 <= float(slip) <= 1.0:
        raise MjStatsError(f"slip is a probability between 0 and 1, got {slip!r}")
    flag(chi_next_on_draw, "chi_next_on_draw")
    names = _bots(bots)
    codes = np.array([bot_code(b) for b in names], dtype=np.int64)
    P0, P1, P2 = G.presets_params()
    return (r, names, codes, r.params(), P0, P1, P2, G.engine_params(r, chi_next_on_draw),
            float(slip))


def simulate(
    rules: str | DaErRules = "daer-luzhou",
    games: int | None = DEFAULT_GAMES,
    bots=DEFAULT_BOT,
    seed: SeedLike = None,
    *,
    slip: float = 0.0,
    chunk: int = CHUNK,
    chi_next_on_draw: bool = True,
    records: bool | None = None,
    out=None,
    resume: bool = False,
    client=None,
    progress: bool = False,
) -> DaErSim:
    """Play ``games`` whole hands of Da Er and return their records and tables.

    Parameters
    ----------
    rules : str or DaErRules
        Rule set played: ``"daer-luzhou"``, ``"daer-luzhou-mingtang"``,
        ``"daer-chongqing"`` (must-pong) or a :class:`DaErRules` with switches.
    games : int, optional
        Number of hands, a whole number >= 1 (``100.0`` is read as 100; ``2.7`` and
        ``True`` are errors); ``None`` plays the default :data:`DEFAULT_GAMES`.
    bots : str or sequence of 3 str, optional
        Policy per playing seat: ``"efficiency"``, ``"value"``, ``"random"``,
        ``"greedy"``, ``"passive"``; ``None`` gives every seat :data:`DEFAULT_BOT`.
    seed : int, numpy.random.Generator or None
        Same seed (and ``chunk``), same hands, whatever the number of threads.
    slip : float
        Probability that a player breaks an obligation (must-pong, 过张, 比牌, laying
        down a held 垅) when it meets one; found as a foul when that player declares
        a win.
    chunk : int
        Hands per seeded chunk (the dealer succession restarts at each chunk).
    chi_next_on_draw : bool
        Whether the drawer's 下家 may 吃 a drawn card the drawer did not use.
    records : bool, optional
        Keep one row per hand and per seat (:attr:`DaErSim.hands`,
        :attr:`DaErSim.seats`); default: for runs of at most
        :data:`RECORDS_UP_TO` hands.  Tables never need them: each chunk is
        reduced to exact sums at once, so memory stays flat.
    out : str or Path, optional
        Folder where each finished chunk of ``RUN_BLOCKS * chunk`` hands is saved
        (its sums, with records its rows) with the run's ``manifest.json``.
    resume : bool
        Finish the run saved in ``out`` (same tables as an uninterrupted run).
    client : dask.distributed.Client, optional
        Play the chunks on a Dask cluster (same tables as locally).
    progress : bool
        Show a progress bar.

    Returns
    -------
    DaErSim

    Examples
    --------
    >>> sim = simulate("daer-luzhou", games=300, seed=1)
    >>> len(sim.hands), len(sim.seats)
    (300, 1200)
    >>> int(sim.seats.groupby("game").points.sum().abs().max())
    0
    """
    r, names, codes, P, P0, P1, P2, EP, slip = engine_inputs(rules, bots, slip,
                                                             chi_next_on_draw)
    n = count(games, "games", minimum=1, default=DEFAULT_GAMES)
    chunk = count(chunk, "chunk", minimum=1)
    from mjstats.runner import run_chunks, run_seed

    ss = seed_sequence(run_seed(seed, out, resume))
    if records is not None:
        records = flag(records, "records")
    if records is None:
        records = n <= RECORDS_UP_TO

    task = functools.partial(games_task, r, names, slip, bool(chi_next_on_draw), ss, chunk,
                             bool(records))
    meta = {"study": "daer-games", "rules": r.name, "rule_set": repr(r), "bots": list(names),
            "slip": slip, "chi_next_on_draw": bool(chi_next_on_draw), "chunk": chunk,
            "seed_entropy": str(ss.entropy), "spawn_key": list(ss.spawn_key),
            "records": bool(records)}
    acc = run_chunks(task, n, RUN_BLOCKS * chunk, reduce=_gather, out=out, resume=resume,
                     client=client, meta=meta, progress=progress, desc=r.name, unit="hand",
                     block=chunk, first_part="stats")
    rec = None
    if records:
        rec = (pd.concat(acc["games"], ignore_index=True),
               pd.concat(acc["seats"], ignore_index=True))
    return DaErSim(r, n, names, ss, acc["stats"], rec, slip)


def games_task(r: DaErRules, names: tuple[str, ...], slip: float, chi_next_on_draw: bool,
               seed: np.random.SeedSequence, chunk: int, records: bool, start: int,
               count: int) -> dict[str, pd.DataFrame]:
    """Play hands ``start … start + count - 1`` (a runner task): their sums, rows if asked.

    ``start`` is a multiple of ``chunk``; hand ``i`` always comes from seeded
    chunk ``i // chunk``, so the cut into tasks changes nothing.
    """
    r, names, codes, P, P0, P1, P2, EP, slip = engine_inputs(r, names, slip, chi_next_on_draw)
    states = chunk_states(seed, -(-count // chunk), first=start // chunk)
    game_rec = np.zeros((count, G.N_GAME), dtype=np.int64)
    seat_rec = np.zeros((4 * count, G.N_SEAT), dtype=np.int64)
    pat_rec = np.zeros((count, len(Pattern)), dtype=np.int64)
    G._run_chunks(count, start, chunk, states, codes, P, P0, P1, P2, EP, slip, BOT_WEIGHTS,
                  game_rec, seat_rec, pat_rec)
    gdf, sdf = _frames(game_rec, seat_rec, pat_rec, names, start)
    out = {"stats": ST.daer_stats(gdf, sdf, [p.name for p in _MINGTANG]).to_frame()}
    if records:
        out["games"], out["seats"] = gdf, sdf
    return out


def _gather(acc, part):
    if acc is None:
        acc = {"stats": GameStats(), "games": [], "seats": []}
    acc["stats"] = acc["stats"] + GameStats.from_frame(part["stats"])
    for k in ("games", "seats"):
        if k in part:
            acc[k].append(part[k])
    return acc


def _frames(game_rec, seat_rec, pat_rec, names, first: int = 0):
    n = len(game_rec)
    gdf = pd.DataFrame(game_rec, columns=list(G.GAME_COLUMNS))
    gdf.insert(0, "game", np.arange(first, first + n))
    gdf["end"] = pd.Categorical.from_codes(gdf["end"].to_numpy(), G.END_NAMES)
    for c in ("self_draw", "tian", "di", "huilong", "haidi"):
        gdf[c] = gdf[c].astype(bool)
    pats = pd.DataFrame(pat_rec[:, [int(p) for p in _MINGTANG]].astype(bool),
                        columns=[p.name for p in _MINGTANG])
    gdf = pd.concat([gdf, pats], axis=1)
    sdf = pd.DataFrame(seat_rec, columns=list(G.SEAT_COLUMNS))
    sdf.insert(0, "game", np.repeat(np.arange(first, first + n), 4))
    sdf["bot"] = [("底家" if b < 0 else names[s]) for s, b in zip(sdf.seat, sdf.bot,
                                                                 strict=True)]
    for c in ("dealer", "won", "self_draw", "instant"):
        sdf[c] = sdf[c].astype(bool)
    won = sdf.won.to_numpy()
    gi = sdf.game.to_numpy() - first
    for c in ("hu", "deng", "fan", "dao"):
        sdf[c] = np.where(won, gdf[c].to_numpy()[gi], 0)
    pw = pats.to_numpy()[gi] & won[:, None]
    sdf = pd.concat([sdf, pd.DataFrame(pw, columns=pats.columns)], axis=1)
    return gdf, sdf


# ----------------------------------------------------------------- one hand


def build_deck(dealer: str, second: str, third: str, stock: str = "") -> np.ndarray:
    """An 80-card deck order from the three hands and the first stock cards.

    ``dealer`` (21 cards), ``second`` and ``third`` (20 each, in turn order after
    the dealer) and ``stock`` (drawn in this order) are written in notation
    (``"一二三…"`` or ``"123x…"``); the remaining cards follow in kind order.

    Examples
    --------
    >>> d = build_deck("一一一一二二二二三三三三四四四四五五五五六",
    ...                "六六六七七七七八八八八九九九九十十十十壹",
    ...                "壹壹壹贰贰贰贰叁叁叁叁肆肆肆肆伍伍伍伍陆", "柒")
    >>> len(d), int(d[61])
    (80, 16)
    """
    parts = []
    for text, need in ((dealer, G.DEALER_CARDS), (second, G.PLAYER_CARDS),
                       (third, G.PLAYER_CARDS), (stock, None)):
        kinds = _kinds_in_order(text)
        if need is not None and len(kinds) != need:
            raise MjStatsError(f"a hand of {need} cards is needed, got {len(kinds)} in {text!r}")
        parts.extend(kinds)
    counts = np.bincount(np.array(parts, dtype=np.int64), minlength=N_KINDS)
    if counts.max() > 4:
        k = int(np.argmax(counts))
        raise MjStatsError(f"the deck has four {kind_name_zh(k)}, the hands and stock use "
                           f"{int(counts[k])}")
    for k in range(N_KINDS):
        parts.extend([k] * (4 - int(counts[k])))
    return np.array(parts, dtype=np.int64)


def _kinds_in_order(text: str) -> list[int]:
    from mjstats.tiles.daer_cards import _parse_kinds

    return _parse_kinds(text)


@dataclass
class DaErGame:
    """One logged hand of :func:`play`.

    Attributes
    ----------
    game : dict
        The game record (columns of :data:`mjstats.daer.game.GAME_COLUMNS`).
    seats : pandas.DataFrame
        Seat records (four rows, the 底家 last).
    events : pandas.DataFrame
        ``event``, ``seat``, ``card`` (Chinese), ``other``, ``amount``, ``group``.
    hands, table : numpy.ndarray
        ``(3, 20)`` held cards and cards on the table at the end (the winner's
        hand includes the winning card).
    melds : list of list of str
        Each seat's melds as ``"pong 柒"``, ``"zhao 三"``, ``"long 十"``, ``"chi 一二三"``.
    dead : numpy.ndarray
        ``(20,)`` cards nobody took.
    stock : numpy.ndarray
        ``(20,)`` cards left in the stock.
    patterns : list of str
        名堂 hit by the win (best 名堂 reading).
    """

    game: dict
    seats: pd.DataFrame
    events: pd.DataFrame
    hands: np.ndarray
    table: np.ndarray
    melds: list
    dead: np.ndarray
    stock: np.ndarray
    patterns: list
    deck: np.ndarray


def _meld_text(g: int) -> str:
    from mjstats.daer.groups import GROUP_CARDS, Shape

    shape, base = Shape(g // N_KINDS), g % N_KINDS
    if shape == Shape.PONG:
        return f"pong {kind_name_zh(base)}"
    if shape == Shape.ZHAO:
        return f"zhao {kind_name_zh(base)}"
    if shape == Shape.LONG:
        return f"long {kind_name_zh(base)}"
    return "chi " + "".join(kind_name_zh(k) * int(GROUP_CARDS[g, k]) for k in range(N_KINDS))


def play(
    deck=None,
    rules: str | DaErRules = "daer-luzhou",
    bots="efficiency",
    seed: SeedLike = None,
    dealer: int = 0,
    *,
    slip: float = 0.0,
    chi_next_on_draw: bool = True,
) -> DaErGame:
    """Play one hand with a full event log.

    Parameters
    ----------
    deck : array_like of 80 kinds, optional
        The deck order (see :func:`build_deck`); shuffled from ``seed`` if omitted.
    rules, bots, slip, chi_next_on_draw
        As :func:`simulate`.
    seed : int, numpy.random.Generator or None
        Seeds the shuffle (when ``deck`` is omitted) and the random choices.
    dealer : int
        Dealer seat 0-2 (the dealer takes the first 21 cards of the deck).

    Examples
    --------
    >>> g = play(seed=3)
    >>> int(g.hands.sum() + g.table.sum() + g.dead.sum() + g.stock.sum())
    80
    """
    r, names, codes, P, P0, P1, P2, EP, slip = engine_inputs(rules, bots, slip,
                                                             chi_next_on_draw)
    st = chunk_states(seed, 1)[0].copy()
    if deck is None:
        deck = np.repeat(np.arange(N_KINDS, dtype=np.int64), 4)
        G._shuffle(deck, st)
    deck = np.asarray(deck, dtype=np.int64)
    if deck.shape != (N_CARDS,) or not (np.bincount(deck, minlength=N_KINDS) == 4).all():
        raise MjStatsError("a deck is 80 kinds, four of each of the 20")
    dealer = _seat(dealer, "dealer", 3)
    game_rec = np.zeros((1, G.N_GAME), dtype=np.int64)
    seat_rec = np.zeros((4, G.N_SEAT), dtype=np.int64)
    pat_rec = np.zeros((1, len(Pattern)), dtype=np.int64)
    ev = np.zeros((G.MAX_EVENTS, 5), dtype=np.int64)
    evn = np.zeros(2, dtype=np.int64)
    hands, table, mg, nm, dead, pos = G._play_one(deck, int(dealer), codes, P, P0, P1, P2, EP,
                                                  slip, BOT_WEIGHTS, st, game_rec, seat_rec,
                                                  pat_rec, ev, evn)
    gdf, sdf = _frames(game_rec, seat_rec, pat_rec, names)
    rows = []
    for t, seat, card, other, amount in ev[: evn[0]]:
        grp = ""
        if t in (G.EV_CHI, G.EV_BI, G.EV_PONG, G.EV_ZHAO, G.EV_LONG):
            grp = group_name(int(amount))
        rows.append((G.EVENT_NAMES[t], int(seat), kind_name_zh(int(card)) if card >= 0 else "",
                     int(other), int(amount), grp))
    events = pd.DataFrame(rows, columns=["event", "seat", "card", "other", "amount", "group"])
    melds = [[_meld_text(int(g)) for g in mg[p, : nm[p]]] for p in range(3)]
    stock = np.bincount(deck[pos:], minlength=N_KINDS)
    game = gdf.iloc[0].to_dict()
    pats = [p.name for p in _MINGTANG if game[p.name]]
    return DaErGame(game, sdf, events, hands, table, melds, dead, stock, pats, deck)


def hand_text(counts) -> str:
    """Chinese notation of a count vector (for messages)."""
    from mjstats.tiles.daer_cards import format as _format

    return _format(as_counts(np.asarray(counts).astype(np.int8)), "zh")


_ = parse  # notation is re-exported through build_deck's docs
