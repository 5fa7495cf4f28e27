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

:func:`compare` plays several presets on the same seed and returns a
:class:`~mjstats.results.compare.Comparison` of :class:`DaErSim` by preset, as
the mahjong compare does: presets whose play is the same
(:func:`mjstats.daer.game.play_facts`) share one run, scored each way (the same
hands, paired per hand); a preset whose play differs is played from the same
seed, on the same deals (paired per deal).

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
from mjstats._jit import each_chunk
from mjstats.core.rng import SeedLike, chunk_states, seed_sequence
from mjstats.daer import game as G
from mjstats.daer.bots import BOT_NAMES, BOT_WEIGHTS, DRAWS_FROM_STREAM, bot_code
from mjstats.daer.groups import group_name
from mjstats.daer.rules import (
    PATTERN_NAMES_EN,
    PATTERN_NAMES_ZH,
    RULESETS,
    SWITCHES,
    DaErRules,
    Pattern,
)
from mjstats.daer.rules import rules as _rules
from mjstats.errors import MjStatsError
from mjstats.results import daer as ST
from mjstats.results.compare import Comparison
from mjstats.results.gamestats import GameStats
from mjstats.runner import RECORDS_UP_TO, KeptRows, split_parts
from mjstats.tiles.daer_cards import N_CARDS, N_KINDS, as_counts, kind_name_zh, parse

CHUNK = 256
"""Hands per seeded chunk (the unit of reproducibility)."""
RUN_BLOCKS = 128
"""Seeded chunks per runner chunk (the unit saved to ``out`` and sent to Dask)."""
SCORINGS = ("luzhou", "mingtang", "chongqing")
SCORING_PRESETS = tuple(name for name, *_ in G.SCORED_AS)
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
        and under each preset (``hu_luzhou``, ``deng``, ``mult_luzhou``, ``pay_luzhou``,
        ``dijia_luzhou``; ``hu_mingtang``, ``fan``, ``mult_mingtang`` …; ``hu_chongqing``,
        ``dao``, ``mult_chongqing``, ``pay_chongqing``: :data:`mjstats.daer.game.SCORED_AS`);
        天/地/回龙/海底 flags; ``takes``; ``fouler``, ``foul_bits``; ``error`` (0 = the
        engine's checks passed); one boolean column per 名堂 (``HONG`` …) hit by the
        win's best 名堂 reading.
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
                     client=client, meta=meta, progress=progress, desc=r.name, unit="hands",
                     block=chunk, first_part="stats", size_name="games")
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
    gdf, sdf = _play_frames(r, names, slip, chi_next_on_draw, seed, chunk, start, count)
    out = {"stats": ST.daer_stats(gdf, sdf, [p.name for p in _MINGTANG]).to_frame()}
    if records:
        out["games"], out["seats"] = gdf, sdf
    return out


def _play_frames(r: DaErRules, names: tuple[str, ...], slip: float, chi_next_on_draw: bool,
                 seed: np.random.SeedSequence, chunk: int, start: int, count: int):
    """The game and seat records of hands ``start … start + count - 1`` played under ``r``."""
    r, names, codes, P, P0, P1, P2, EP, slip = engine_inputs(r, names, slip, chi_next_on_draw)
    states = chunk_states(seed, -(-count // chunk), first=start // chunk)
    game_rec = np.zeros((count, G.N_GAME), dtype=np.int64)
    seat_rec = np.zeros((4 * count, G.N_SEAT), dtype=np.int64)
    pat_rec = np.zeros((count, len(Pattern)), dtype=np.int64)
    each_chunk(G._run_chunk, states.shape[0], count, start, chunk, states, codes, P, P0, P1, P2,
               EP, slip, BOT_WEIGHTS, game_rec, seat_rec, pat_rec)
    return _frames(game_rec, seat_rec, pat_rec, names, start)


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
    _winner_columns(gdf, sdf)
    won = sdf.won.to_numpy()
    gi = sdf.game.to_numpy() - first
    pw = pats.to_numpy()[gi] & won[:, None]
    sdf = pd.concat([sdf, pd.DataFrame(pw, columns=pats.columns)], axis=1)
    return gdf, sdf


def _winner_columns(gdf: pd.DataFrame, sdf: pd.DataFrame) -> None:
    """Copy the win's ``hu``, ``deng``, ``fan`` and ``dao`` into the winner's seat row (else 0)."""
    won = sdf.won.to_numpy()
    gi = np.repeat(np.arange(len(gdf)), 4)
    for c in ("hu", "deng", "fan", "dao"):
        sdf[c] = np.where(won, gdf[c].to_numpy()[gi], 0)


# ----------------------------------------------------------------- compare


def _label(r: DaErRules) -> str:
    """Short name of a preset: its name, plus the switches that differ from the named preset.

    Examples
    --------
    >>> _label(_rules("daer-luzhou").with_switches(min_hu=12, must_pong=True))
    'daer-luzhou (min_hu=12, must_pong=True)'
    """
    base = RULESETS.get(r.name)
    if base is None:
        return r.name
    diff = [f"{sw.name}={getattr(r, sw.name)!r}" for sw in SWITCHES
            if getattr(r, sw.name) != getattr(base, sw.name)]
    if r.scoring != base.scoring or not np.array_equal(r.values, base.values):
        diff.append(f"scoring={r.scoring.name}, values=…")
    return f"{r.name} ({', '.join(diff)})" if diff else r.name


def _params_key(P) -> tuple:
    """A kernel ``Params`` as a hashable tuple (arrays as tuples of their entries)."""
    return tuple(tuple(np.asarray(x).ravel().tolist()) if isinstance(x, np.ndarray) else x
                 for x in P)


def _plan_runs(Rs: list[DaErRules], chi_next_on_draw: bool) -> list[tuple[int, list]]:
    """Which presets share a run: ``(index played, [(index, slot), ...])`` per run.

    A preset joins an earlier run whose play facts (:func:`mjstats.daer.game.play_facts`)
    equal its own when that run already scores its wins its way: as the rule set
    played (``slot`` None: ``points``) or as a preset of
    :data:`mjstats.daer.game.SCORED_AS` (``slot`` its index); otherwise it is
    played in a run of its own.
    """
    slots = [_params_key(P) for P in G.presets_params()]
    runs: list[tuple[int, list]] = []
    for j, r in enumerate(Rs):
        facts, key = G.play_facts(r, chi_next_on_draw), _params_key(r.params())
        for played, members in runs:
            if G.play_facts(Rs[played], chi_next_on_draw) != facts:
                continue
            if key == _params_key(Rs[played].params()):
                members.append((j, None))
                break
            if key in slots:
                members.append((j, slots.index(key)))
                break
        else:
            runs.append((j, [(j, None)]))
    return runs


def _scored_as(gdf: pd.DataFrame, sdf: pd.DataFrame, slot: int | None):
    """A run's records as the run of preset ``SCORED_AS[slot]`` writes them (same play).

    The played columns (``hu``, ``level``, ``mult``, ``loser_pays``, ``dijia_gets``,
    ``winner_gets`` and the seats' ``points``) take that preset's scoring of the
    same win: its game columns and, for the payments, its seat points.  ``slot``
    ``None``: the records as they are.
    """
    if slot is None:
        return gdf, sdf
    _, hu, level, mult, pts = G.SCORED_AS[slot]
    n = len(gdf)
    p = sdf[pts].to_numpy().reshape(n, 4)
    win = gdf["end"].astype(str).to_numpy() == "win"
    w = np.maximum(gdf["winner"].to_numpy(), 0)
    rows = np.arange(n)
    g = gdf.copy()
    g["hu"], g["level"], g["mult"] = gdf[hu], gdf[level], gdf[mult]
    g["loser_pays"] = np.where(win, -p[rows, (w + 1) % 3], 0)
    g["dijia_gets"] = np.where(win, p[:, 3], 0)
    g["winner_gets"] = np.where(win, p[rows, w], 0)
    s = sdf.copy()
    s["points"] = sdf[pts]
    _winner_columns(g, s)
    return g, s


def compare_task(runs: tuple, names: tuple[str, ...], slip: float, chi_next_on_draw: bool,
                 seed: np.random.SeedSequence, chunk: int, records: bool, start: int,
                 count: int) -> dict[str, pd.DataFrame]:
    """Play hands ``start`` … of every run of ``runs`` (a runner task).

    ``runs`` holds ``(rule set played, ((preset index, slot), ...))`` (:func:`_plan_runs`).
    Each run plays the hands from the same seeded chunks; preset ``i`` returns
    its sums as part ``p<i>`` (with, after the first, the paired sums of
    :func:`~mjstats.results.daer.daer_pair_stats` against the first) and, if
    ``records``, its rows as ``p<i>.games`` and ``p<i>.seats``.
    """
    frames: dict[int, tuple[pd.DataFrame, pd.DataFrame]] = {}
    for played, members in runs:
        gdf, sdf = _play_frames(played, names, slip, chi_next_on_draw, seed, chunk, start,
                                count)
        for i, slot in members:
            frames[i] = _scored_as(gdf, sdf, slot)
    pats = [p.name for p in _MINGTANG]
    g0, s0 = frames[0]
    out = {}
    for i in range(len(frames)):
        st = ST.daer_stats(*frames[i], pats)
        if i:
            st = st + ST.daer_pair_stats(g0, s0, *frames[i])
        out[f"p{i}"] = st.to_frame()
    if records:
        for i in range(len(frames)):
            out[f"p{i}.games"], out[f"p{i}.seats"] = frames[i]
    return out


def _gather_compare(acc, part: dict[str, pd.DataFrame]):
    """Runner reducer of :func:`compare_task`: one :func:`_gather` per preset."""
    parts = split_parts(part, "stats")
    acc = acc or [None] * len(parts)
    return [_gather(a, p) for a, p in zip(acc, parts, strict=True)]


def compare(
    rules: list[str | DaErRules],
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
) -> Comparison:
    """Play several Da Er presets on the same seed; return their results by label.

    Presets whose play is the same — equal :func:`mjstats.daer.game.play_facts`:
    the engine's play switches (must-pong, the dealer succession …) and
    ``min_hu``, the only field of the scoring the play reads — are played
    **once** and scored each way: the engine scores every win under the rule
    set played and under 普通, 名堂 and 重庆 (:data:`mjstats.daer.game.SCORED_AS`),
    so ``daer-luzhou`` and ``daer-luzhou-mingtang`` share one run, the same
    hands, and their differences are paired per hand.  A preset whose play
    differs (``daer-chongqing``: must-pong) is played in a run of its own from
    the same seed: the shuffles come from the same seeded chunks, so when no
    seat draws randomness in play (no ``random`` bot, ``slip=0``) it is dealt
    the same decks, and its differences are paired per deal (a hand's dealer,
    who takes the first 21 cards, may differ, as the succession follows the
    winners).  A preset whose scoring is none of those of a run with its play
    facts is played in a run of its own too: the same hands again.

    Each result is the :class:`DaErSim` its own :func:`simulate` on the seed
    returns; every result after the first carries in its ``stats`` the
    ``pair/`` sums of :func:`~mjstats.results.daer.daer_pair_stats`.  The
    :class:`~mjstats.results.compare.Comparison` says which presets shared a run
    (``runs``) and how each pairs with the first (``pairing``: ``"same hands"``,
    ``"same deals"``, or ``"same seed"`` when play draws randomness); its
    ``table()`` (:func:`mjstats.results.daer.compare_table`) gives each preset's
    headline figures and the paired differences with 95% intervals.

    Parameters
    ----------
    rules : list of str or DaErRules
        Two or more presets; the first is the reference of the differences.  A
        preset given as a :class:`DaErRules` is named by its rule set and the
        switches it changes, e.g. ``"daer-luzhou (min_hu=12)"``.
    games, bots, seed, slip, chunk, chi_next_on_draw, records, resume, client, progress
        As in :func:`simulate`.
    out : str or Path, optional
        Folder of the run: each chunk is saved as ``chunk-NNNNNN.parquet`` (the
        first preset's sums) with ``chunk-NNNNNN.p<i>.parquet`` for the others
        (and ``.p<i>.games`` / ``.p<i>.seats`` with records), plus ``manifest.json``.

    Examples
    --------
    >>> c = compare(["daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing"], 300, seed=1)
    >>> c.runs
    (('daer-luzhou', 'daer-luzhou-mingtang'), ('daer-chongqing',))
    >>> c.pairing["daer-luzhou-mingtang"], c.pairing["daer-chongqing"]
    ('same hands', 'same deals')
    >>> c["daer-luzhou-mingtang"].stats["pair/aligned"]
    300
    """
    from mjstats.runner import run_chunks, run_seed

    if isinstance(rules, str | DaErRules) or not isinstance(rules, list | tuple) or not rules:
        raise MjStatsError(f"compare takes a list of rule sets such as ['daer-luzhou', "
                           f"'daer-chongqing'], got {rules!r}")
    Rs = [_rules(x) for x in rules]
    keys = [_label(r) for r in Rs]
    if len(set(keys)) != len(keys):
        raise MjStatsError(f"compare needs distinct presets, got {keys}")
    _, names, codes, *_, slip = engine_inputs(Rs[0], bots, slip, chi_next_on_draw)
    n = count(games, "games", minimum=1, default=DEFAULT_GAMES)
    chunk = count(chunk, "chunk", minimum=1)
    if records is not None:
        records = flag(records, "records")
    if records is None:
        records = n <= RECORDS_UP_TO
    ss = seed_sequence(run_seed(seed, out, resume))
    plan = _plan_runs(Rs, bool(chi_next_on_draw))
    runs = tuple((Rs[played], tuple(members)) for played, members in plan)
    task = functools.partial(compare_task, runs, names, slip, bool(chi_next_on_draw), ss, chunk,
                             bool(records))
    meta = {"study": "daer-compare", "rules": keys, "rule_sets": [repr(r) for r in Rs],
            "bots": list(names), "slip": slip, "chi_next_on_draw": bool(chi_next_on_draw),
            "chunk": chunk, "seed_entropy": str(ss.entropy), "spawn_key": list(ss.spawn_key),
            "records": bool(records)}
    acc = run_chunks(task, n, RUN_BLOCKS * chunk, reduce=_gather_compare, out=out,
                     resume=resume, client=client, meta=meta, progress=progress,
                     desc=" + ".join(r.name for r in Rs), unit="hands", block=chunk,
                     first_part="p0", size_name="games")
    res = {}
    for key, r, a in zip(keys, Rs, acc, strict=True):
        rec = ((pd.concat(a["games"], ignore_index=True),
                pd.concat(a["seats"], ignore_index=True)) if records else None)
        res[key] = DaErSim(r, n, names, ss, a["stats"], rec, slip)
    facts = [G.play_facts(r, bool(chi_next_on_draw)) for r in Rs]
    deals = "same seed" if slip > 0 or any(c in DRAWS_FROM_STREAM for c in codes) \
        else "same deals"
    pairing = {key: "reference" if i == 0 else "same hands" if facts[i] == facts[0] else deals
               for i, key in enumerate(keys)}
    return Comparison(res, tuple(tuple(keys[i] for i, _ in members) for _, members in plan),
                      pairing)


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
    end = G._play_one(deck, int(dealer), codes, P, P0, P1, P2, EP, slip, BOT_WEIGHTS, st,
                      game_rec, seat_rec, pat_rec, ev, evn)
    gdf, sdf = _frames(game_rec, seat_rec, pat_rec, names)
    rows = []
    for t, seat, card, other, amount in ev[: evn[0]]:
        grp = ""
        if t in (G.EV_CHI, G.EV_BI, G.EV_PONG, G.EV_ZHAO, G.EV_LONG):
            grp = group_name(int(amount))
        rows.append((G.EVENT_NAMES[t], int(seat), kind_name_zh(int(card)) if card >= 0 else "",
                     int(other), int(amount), grp))
    events = pd.DataFrame(rows, columns=["event", "seat", "card", "other", "amount", "group"])
    melds = [[_meld_text(int(g)) for g in end.melds[p, : end.n_melds[p]]] for p in range(3)]
    stock = np.bincount(deck[end.pos:], minlength=N_KINDS)
    game = gdf.iloc[0].to_dict()
    pats = [p.name for p in _MINGTANG if game[p.name]]
    return DaErGame(game, sdf, events, end.hands, end.table, melds, end.dead, stock, pats, deck)


def hand_text(counts) -> str:
    """Chinese notation of a count vector (for messages)."""
    from mjstats.tiles.daer_cards import format as _format

    return _format(as_counts(np.asarray(counts).astype(np.int8)), "zh")


_ = parse  # notation is re-exported through build_deck's docs
