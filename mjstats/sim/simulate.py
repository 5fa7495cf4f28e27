"""Simulate whole hands and return their records and summary tables.

:func:`simulate` plays ``games`` hands of a rule set with one policy per seat
(:mod:`mjstats.sim.bots`) and returns a :class:`SimResult` with the summary
tables of :mod:`mjstats.results.games` and, when kept, the ``hands`` and
``seats`` DataFrames (:mod:`mjstats.sim.records`).  Hands are played in
compiled code in fixed chunks of :data:`CHUNK` hands, each seeded from
``SeedSequence(seed)``, so the same seed gives the same tables on any number
of threads.  The run goes through :func:`mjstats.runner.run_chunks`: chunks of
:data:`RUN_CHUNK` hands are reduced at once to exact sums
(:class:`~mjstats.results.gamestats.GameStats`), so memory stays flat; with
``out=`` each is saved as it finishes (``resume=True`` finishes an interrupted
run), and with a Dask ``client`` they are played on the cluster.

:func:`compare` simulates several rule sets on the same seed.  Presets of one
region whose switches do not change play (caps, 自摸加底/加番, the two Sichuan
tables …) then play exactly the same hands, so their differences are paired.

:func:`play_hand` plays one hand from a wall order given by hand, with an
optional script of discards, for hand-built situations.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from mjstats._checks import count, flag, is_int
from mjstats._checks import seat as _seat
from mjstats._jit import each_chunk
from mjstats.core.rng import SeedLike, chunk_states, seed_sequence
from mjstats.core.tables import tables
from mjstats.errors import MjStatsError
from mjstats.results.compare import Comparison
from mjstats.results.games import chunk_frame, chunk_row
from mjstats.results.gamestats import GameStats, game_stats, pair_stats
from mjstats.rules.base import RuleSet
from mjstats.rules.base import rules as _rules
from mjstats.runner import RECORDS_UP_TO, KeptRows, split_parts
from mjstats.sim import bots as B
from mjstats.sim import engine as E
from mjstats.sim import ev as EV
from mjstats.sim import records as REC
from mjstats.sim.bots import BOT_NAMES, bot_code

CHUNK = 512
"""Hands per seeded chunk (the unit of reproducibility)."""
BATCH = 64 * CHUNK
"""Hands per compiled call (bounds memory)."""
RUN_CHUNK = 2 * BATCH
"""Hands per runner chunk: the unit saved to ``out`` and sent to a Dask worker."""


@dataclass
class GameLog:
    """The event log of one hand: the shuffled wall and the events in order.

    Attributes
    ----------
    rules : RuleSet
    game : int
        Hand number within the run.
    dealer : int
    bots : tuple of str
    wall : numpy.ndarray
        ``int8`` kinds in wall order: the deal (dealer 14 from the head, then 13
        per seat in turn order), then draws from the head; kong replacements
        come from the tail.
    events : numpy.ndarray
        ``(n, 5)`` ``int32`` rows ``type, seat, tile, other, amount``
        (:data:`mjstats.sim.engine.EVENT_NAMES`).
    """

    rules: RuleSet
    game: int
    dealer: int
    bots: tuple[str, ...]
    wall: np.ndarray
    events: np.ndarray

    def text(self, lang: str = "zh") -> str:
        """The log as readable lines in Chinese (``"zh"``) or English (``"en"``)."""
        from mjstats.sim.log import format_log

        return format_log(self, lang)

    def frame(self) -> pd.DataFrame:
        """Events as a DataFrame with the event names."""
        df = pd.DataFrame(self.events, columns=list(E.EVENT_COLUMNS))
        df.insert(0, "event", [E.EVENT_NAMES[t] for t in df["type"]])
        return df


@dataclass
class SimResult(KeptRows):
    """Sufficient statistics, summary tables and (when kept) records of a simulation.

    Attributes
    ----------
    rules : RuleSet
    n_games : int
        Hands played.
    bots : tuple of str
        Policy of seats 0-3.
    seed : numpy.random.SeedSequence
    stats : GameStats
        Exact sums over every hand (:mod:`mjstats.results.gamestats`); every
        table is computed from them.
    records : tuple of two DataFrames or None
        ``(hands, seats)`` when the rows were kept (``records=True``); read
        them as :attr:`hands` and :attr:`seats`.
    logs : list of GameLog
        Event logs of the first ``log`` hands.
    chunks : DataFrame or None
        The headline sums of each runner chunk in hand order
        (:func:`mjstats.results.games.chunk_row`), from which
        :meth:`convergence` follows the estimates as the hands grow.
    """

    rules: RuleSet
    n_games: int
    bots: tuple[str, ...]
    seed: np.random.SeedSequence
    stats: GameStats
    records: tuple[pd.DataFrame, pd.DataFrame] | None = None
    logs: list[GameLog] = field(default_factory=list)
    chunks: pd.DataFrame | None = None
    _records_hint = "pass records=True (mjstats simulate --records)"

    @property
    def hands(self) -> pd.DataFrame:
        """Per-hand records (:data:`mjstats.sim.records.HAND_DOC`)."""
        return self._rows(0)

    @property
    def seats(self) -> pd.DataFrame:
        """Per-seat records (:data:`mjstats.sim.records.SEAT_DOC` + pattern columns)."""
        return self._rows(1)

    def patterns(self) -> pd.DataFrame:
        """Pattern frequency per hand and share of wins with 95% intervals."""
        from mjstats.results.games import pattern_table

        return pattern_table(self.stats, self.rules)

    def convergence(self) -> pd.DataFrame:
        """Running estimates of the headline figures, chunk by chunk, with 95% intervals.

        :func:`mjstats.results.games.convergence_table` of :attr:`chunks`.
        """
        from mjstats.results.games import convergence_table

        return convergence_table(self._chunks(), self.rules)

    def convergence_check(self) -> pd.DataFrame:
        """Halves and batch means of the headline estimates.

        :func:`mjstats.results.games.convergence_check` of :attr:`chunks`.
        """
        from mjstats.results.games import convergence_check

        return convergence_check(self._chunks(), self.rules)

    def _chunks(self) -> pd.DataFrame:
        if self.chunks is None:
            raise MjStatsError("this result keeps no chunk sums (a single logged hand)")
        return self.chunks

    def fan(self) -> pd.DataFrame:
        """Expected value per win and per hand."""
        from mjstats.results.games import value_table

        return value_table(self.stats, self.rules)

    def waits(self) -> pd.DataFrame:
        """Wait width (kinds, live tiles) and wait shapes at the win."""
        from mjstats.results.games import wait_table

        return wait_table(self.stats)

    def turns(self) -> pd.DataFrame:
        """Distribution of the winner's turn (巡) at the win."""
        from mjstats.results.games import turn_table

        return turn_table(self.stats)

    def payoff(self) -> pd.DataFrame:
        """Mean result by seat position relative to the dealer and by bot."""
        from mjstats.results.games import payoff_table

        return payoff_table(self.stats, self.rules)

    def outcomes(self) -> pd.DataFrame:
        """Draw rate, number of winners, 查叫 and 花猪 rates."""
        from mjstats.results.games import outcome_table

        return outcome_table(self.stats, self.rules)

    def balance(self) -> pd.DataFrame:
        """Each pattern's rarity against its value, its share of points, seat variance."""
        from mjstats.results.games import balance_table

        return balance_table(self.stats, self.rules)

    def summary(self) -> str:
        """All tables as text."""
        from mjstats.results.games import summary_text

        return summary_text(self)


DEFAULT_GAMES = 10_000
"""Hands played when ``games`` is not given (or ``None``)."""
DEFAULT_BOT = "efficiency"
"""The policy of every seat when ``bots`` is not given (or ``None``)."""


def _bots(bots) -> tuple[int, ...]:
    if bots is None:
        bots = DEFAULT_BOT
    if isinstance(bots, str | int | np.integer):
        bots = (bots,) * 4
    if not isinstance(bots, list | tuple):
        raise MjStatsError(
            f"bots is one policy name or four (one per seat), got {bots!r} "
            f"({type(bots).__name__}); policies: {', '.join(BOT_NAMES)}"
        )
    bots = tuple(bots)
    if len(bots) != 4:
        raise MjStatsError(f"give one bot or four (one per seat), got {len(bots)}")
    return tuple(bot_code(b) for b in bots)


def _run_args(games, chunk, records) -> tuple[int, int, bool | None]:
    """Check ``games`` (``None``: the default), ``chunk`` and ``records`` of a run."""
    games = count(games, "games", minimum=1, default=DEFAULT_GAMES)
    chunk = count(chunk, "chunk", minimum=CHUNK)
    if chunk % CHUNK:
        raise MjStatsError(f"chunk must be a multiple of {CHUNK}, got {chunk}")
    if records is not None:
        records = flag(records, "records")
    return games, chunk, records


def _inset(R: RuleSet) -> np.ndarray:
    return R.tileset.mask.astype(np.uint8)


def _play_batch(R: RuleSet, bots: np.ndarray, ss: np.random.SeedSequence, g0: int, n: int,
                n_log: int = 0, ev_settings: dict | None = None):
    """Play hands ``g0 .. g0 + n - 1`` (``g0`` a multiple of :data:`CHUNK`) in one call.

    Returns the hand and seat frames and the logs of the first ``n_log`` hands.
    ``ev_settings``: the run's :func:`mjstats.sim.ev.run_settings` (default: this
    process's).
    """
    P = E.engine_params(R)
    ka = R.kernel_args
    wall0 = R.tileset.wall.copy()
    n_pat = len(R.info)
    states = chunk_states(ss, -(-n // CHUNK), first=g0 // CHUNK)
    seat = np.zeros((4 * n, E.N_SEAT), np.int64)
    pat = np.zeros((4 * n, n_pat), np.int8)
    hand = np.zeros((n, E.N_HAND), np.int64)
    ev = np.zeros((max(n_log, 1), E.MAX_EVENTS, 5), np.int32)
    evn = np.zeros((max(n_log, 1), 2), np.int64)
    walls = np.zeros((max(n_log, 1), wall0.shape[0]), np.int8)
    each_chunk(E._run_chunk, states.shape[0], wall0, n, g0, CHUNK, states, bots, P, ka.values,
               ka.switches, tables(), _inset(R), seat, pat, hand, ev, evn, walls, n_log,
               E.ev_args(R, bots, ev_settings))
    names = tuple(BOT_NAMES[i] for i in bots)
    logs = [GameLog(R, g0 + i, int(hand[i, E.H_DEALER]), names, walls[i].copy(),
                    ev[i, : evn[i, 0]].copy()) for i in range(n_log)]
    return REC.hand_frame(R, hand, g0), REC.seat_frame(R, seat, pat, g0), logs


def games_task(rules: str, switches: dict, bots: tuple[int, ...], seed: np.random.SeedSequence,
               records: bool, offset: int, start: int, count: int, *,
               ev_settings: dict | None = None) -> dict[str, pd.DataFrame]:
    """Play hands ``offset + start`` … (a runner task): their stats, and rows if ``records``.

    A pure function of its arguments (hand ``i`` always comes from seeded chunk
    ``i // CHUNK``; the ``ev`` bots play ``ev_settings``, the run's), so a run cut
    into any chunks, on any machine, gives the same hands.
    """
    R = _rules(rules, **switches)
    b = np.array(bots, dtype=np.int64)
    st = GameStats()
    hands, seats = [], []
    for g in range(start, start + count, BATCH):
        hf, sf, _ = _play_batch(R, b, seed, offset + g, min(BATCH, start + count - g),
                                ev_settings=ev_settings)
        st = st + game_stats(sf, hf, R)
        if records:
            hands.append(hf)
            seats.append(sf)
    out = {"stats": st.to_frame()}
    if records:
        out["hands"] = pd.concat(hands, ignore_index=True)
        out["seats"] = pd.concat(seats, ignore_index=True)
    return out


def _gather(acc, part: dict[str, pd.DataFrame]):
    """Runner reducer: add the stats, keep the row frames when the chunk has them."""
    if acc is None:
        acc = {"stats": GameStats(), "hands": [], "seats": [], "chunks": []}
    st = GameStats.from_frame(part["stats"])
    acc["stats"] = acc["stats"] + st
    acc["chunks"].append(chunk_row(st))
    for k in ("hands", "seats"):
        if k in part:
            acc[k].append(part[k])
    return acc


def _records(R: RuleSet, acc: dict) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The hand and seat rows gathered by :func:`_gather` (empty frames when none)."""
    return (pd.concat(acc["hands"], ignore_index=True) if acc["hands"]
            else REC.hand_frame(R, np.zeros((0, E.N_HAND), np.int64)),
            pd.concat(acc["seats"], ignore_index=True) if acc["seats"]
            else REC.seat_frame(R, np.zeros((0, E.N_SEAT), np.int64),
                                np.zeros((0, len(R.info)), np.int8)))


def simulate(rules: str | RuleSet = "sichuan", games: int | None = DEFAULT_GAMES,
             bots: str | tuple | None = DEFAULT_BOT, seed: SeedLike = None, *,
             records: bool | None = None, log: int = 0, out: str | Path | None = None,
             resume: bool = False, client=None, progress: bool = False,
             first_game: int = 0, chunk: int = RUN_CHUNK) -> SimResult:
    """Play ``games`` whole hands and return their tables (and records when kept).

    Parameters
    ----------
    rules : str or RuleSet
        ``"sichuan"``, ``"sichuan-app"``, ``"guangan"`` (血战到底) or ``"liuzhou"`` (the
        hand ends at the win(s); the dealer follows the text's rotation within each
        chunk of hands), or a rule set with switches.
    games : int, optional
        Hands to play (a whole number >= 0; ``100.0`` is read as 100, ``2.7`` and
        ``True`` are errors).  ``None`` plays the default :data:`DEFAULT_GAMES`.
    bots : str or sequence of four str, optional
        One policy for every seat or one per seat: ``"efficiency"``, ``"value"``,
        ``"random"``, ``"zimo"``, ``"ev"`` (:mod:`mjstats.sim.ev`, far slower),
        ``"rollout"`` (``ev`` with full-table rollouts, slower still).
        ``None`` gives every seat :data:`DEFAULT_BOT`.
    seed : int, numpy.random.Generator, SeedSequence or None
        Same seed, same hands and tables, whatever the thread count, the chunking
        or the Dask cluster.
    records : bool, optional
        Keep one row per hand and per seat (:attr:`SimResult.hands`,
        :attr:`SimResult.seats`).  Default: only for runs of at most
        :data:`RECORDS_UP_TO` hands; longer runs keep the exact sums their
        tables need (:class:`~mjstats.results.gamestats.GameStats`), so memory
        stays flat.
    log : int
        Keep the event logs of the first ``log`` hands (:class:`GameLog`).
    out : str or Path, optional
        Folder where each finished chunk of :data:`RUN_CHUNK` hands is saved at
        once (``chunk-NNNNNN.parquet``: its stats; with records also
        ``chunk-NNNNNN.hands.parquet`` and ``.seats.parquet``) with the run's
        ``manifest.json``.  An interrupted run keeps every finished chunk.
    resume : bool
        Finish the run saved in ``out``: its chunks are read back, the missing
        ones played; the result is exactly that of an uninterrupted run.
    client : dask.distributed.Client, optional
        Play the chunks on this Dask cluster (same numbers as locally).
    progress : bool
        Show a progress bar (hands per second and ETA).
    first_game : int
        Number of the first hand (a multiple of :data:`CHUNK`): hand ``i`` is the
        same whatever run it is played in.
    chunk : int
        Hands per saved / distributed chunk (a multiple of :data:`CHUNK`); it
        changes neither the hands nor the tables.

    Returns
    -------
    SimResult

    Examples
    --------
    >>> r = simulate("sichuan", games=40, seed=1)
    >>> len(r.hands), len(r.seats), int(r.seats.groupby("game")["pay_total"].sum().abs().max())
    (40, 160, 0)
    >>> r.stats["games"], r.stats["pay_sum/all"]
    (40, 0)
    """
    from mjstats.runner import run_chunks, run_seed

    R = _rules(rules)
    games, chunk, records = _run_args(games, chunk, records)
    first_game = count(first_game, "first_game")
    if first_game % CHUNK:
        raise MjStatsError(f"first_game must be a multiple of {CHUNK}, got {first_game}")
    if records is None:
        records = games <= RECORDS_UP_TO
    log = min(count(log, "log"), games)
    b = _bots(bots)
    ss = seed_sequence(run_seed(seed, out, resume))
    E.engine_params(R)  # rejects a rule set the engine cannot play before any work
    evs = EV.run_settings(BOT_NAMES[i] for i in b)
    task = functools.partial(games_task, R.name, dict(R.switches), b, ss, bool(records),
                             int(first_game), ev_settings=evs)
    meta = {"study": "games", "rules": R.name,
            "switches": {k: str(v) for k, v in R.switches.items()},
            "bots": [BOT_NAMES[i] for i in b], "seed_entropy": str(ss.entropy),
            "spawn_key": list(ss.spawn_key), "records": bool(records),
            "first_game": int(first_game), **EV.run_identity(evs)}
    acc = run_chunks(task, games, int(chunk), reduce=_gather, out=out, resume=resume,
                     client=client, meta=meta, progress=progress, desc=R.name,
                     unit="hands", block=CHUNK, first_part="stats", size_name="games")
    acc = acc or {"stats": GameStats(), "hands": [], "seats": [], "chunks": []}
    rec = _records(R, acc) if records else None
    logs = []
    for g in range(0, log, BATCH):  # replays the first hands with their events
        logs += _play_batch(R, np.array(b, np.int64), ss, first_game + g,
                            min(BATCH, log - g), min(BATCH, log - g), evs)[2]
    return SimResult(R, games, tuple(BOT_NAMES[i] for i in b), ss, acc["stats"], rec, logs,
                     chunk_frame(acc["chunks"]))


def play_hand(rules: str | RuleSet, wall, dealer: int = 0, bots="efficiency", que=None,
              script=None, seed: int = 0) -> SimResult:
    """Play one hand from a given wall order (hand-built situations).

    Parameters
    ----------
    rules : str or RuleSet
    wall : array_like or str
        Tile kinds in wall order, the full tile set: the dealer's 14 tiles, then
        13 per seat in turn order, then the draws; kong replacements are taken
        from the end.  A notation string is read tile by tile in order.
    dealer : int
    bots : str or four str
    que : sequence of four int, optional
        Missing suits (0 万, 1 筒, 2 条); ``-1`` lets the bot choose.
    script : sequence of four sequences of int, optional
        Discards per seat in order (kinds; ``-1`` or past the end: the bot chooses).
    seed : int
        State of the random bot's choices.

    Returns
    -------
    SimResult
        One hand, with its log in ``.logs[0]``.

    Examples
    --------
    >>> import numpy as np
    >>> from mjstats.rules import rules
    >>> w = np.random.default_rng(0).permutation(rules("sichuan").tileset.wall)
    >>> r = play_hand("sichuan", w)
    >>> int(r.seats["pay_total"].sum())
    0
    """
    R = _rules(rules)
    P = E.engine_params(R)
    dealer = _seat(dealer, "dealer", 4)
    w = _wall_array(wall, R)
    b = np.array(_bots(bots), dtype=np.int64)
    q = np.full(4, -1, np.int64) if que is None else np.asarray(que, dtype=np.int64)
    if q.shape != (4,) or q.max() > 2 or q.min() < -1:
        raise MjStatsError("que is four suits 0-2 (or -1 for the bot's choice)")
    width = max([len(s) for s in script] + [1]) if script is not None else 1
    sc = np.full((4, width), -1, np.int64)
    if script is not None:
        if len(script) != 4:
            raise MjStatsError("script holds one list of discards per seat (four lists)")
        for p, s in enumerate(script):
            for i, k in enumerate(s):
                sc[p, i] = _kind(k, R)
    ka = R.kernel_args
    seat = np.zeros((4, E.N_SEAT), np.int64)
    pat = np.zeros((4, len(R.info)), np.int8)
    hand = np.zeros((1, E.N_HAND), np.int64)
    ev = np.zeros((E.MAX_EVENTS, 5), np.int32)
    evn = np.zeros(2, np.int64)
    state = chunk_states(seed, 1)[0].copy()
    E._play_one(w, int(dealer), b, q, sc, P, ka.values, ka.switches, tables(), _inset(R), state,
                seat, pat, hand, ev, evn)
    names = tuple(BOT_NAMES[i] for i in b)
    lg = GameLog(R, 0, int(dealer), names, w.copy(), ev[: evn[0]].copy())
    hf, sf = REC.hand_frame(R, hand), REC.seat_frame(R, seat, pat)
    return SimResult(R, 1, names, seed_sequence(seed), game_stats(sf, hf, R), (hf, sf), [lg])


def settle_position(rules: str | RuleSet, hands, melds=None, que=(0, 0, 0, 0),
                    won=(0, 0, 0, 0), kong_paid=None, dealer: int = 0,
                    visible=None) -> tuple[np.ndarray, pd.DataFrame]:
    """查叫 and 查花猪 of a hand-built end position (the wall ran out).

    Parameters
    ----------
    rules : str or RuleSet
    hands : sequence of four str or (4, 34) array
        Concealed tiles of each seat (waiting size, ``13 - 3k``).
    melds : sequence of four lists of str, optional
        Exposed melds per seat (``"pong 2s"``, ``"ckong 7s"`` …).
    que : four ints
        Declared missing suits.
    won : four ints
        Win order of seats that already won (0 = still in).
    kong_paid : (4, 4) array, optional
        Kong money received: ``kong_paid[receiver, payer]`` (returned by non-ready seats).
    dealer : int
    visible : str or (34,) array, optional
        Tiles visible on the table (for 死叫 when ``sijiao=False``).

    Returns
    -------
    payments : numpy.ndarray
        Net result per seat.
    events : pandas.DataFrame
        The 查叫 events (``ready`` statuses and ``pay`` rows).

    Examples
    --------
    >>> pay, ev = settle_position("sichuan", ["123456789m1145p", "123456789m2469p",
    ...                                       "123456789s1145p", "123456789s2369p"],
    ...                           que=(2, 2, 0, 0))
    >>> pay.tolist()
    [2, -2, 2, -2]
    """
    from mjstats.core.codes import as_hand
    from mjstats.scoring.melds import parse_melds

    R = _rules(rules)
    P = E.engine_params(R)
    dealer = _seat(dealer, "dealer", 4)
    H = np.zeros((4, 34), np.int8)
    for p in range(4):
        H[p] = as_hand(hands[p], R.tileset, sizes="waiting")
    mt = np.zeros((4, 4), np.int64)
    mk = np.zeros((4, 4), np.int64)
    nm = np.zeros(4, np.int64)
    vis = np.zeros(34, np.int8)
    if visible is not None:
        vis[:] = as_hand(visible, R.tileset, sizes="any") if isinstance(visible, str) else visible
    for p in range(4):
        for i, m in enumerate(parse_melds(melds[p] if melds is not None else None)):
            mt[p, i] = int(m.type)
            mk[p, i] = m.kind
            vis[m.kind] += m.size
        nm[p] = len(parse_melds(melds[p] if melds is not None else None))
    kp = np.zeros((4, 4), np.int64) if kong_paid is None else np.asarray(kong_paid, np.int64)
    ka = R.kernel_args
    seat = np.zeros((4, E.N_SEAT), np.int64)
    ev = np.zeros((E.MAX_EVENTS, 5), np.int32)
    evn = np.zeros(2, np.int64)
    E._settle_one(int(dealer), H, mt, mk, nm, np.asarray(que, np.int64),
                  np.asarray(won, np.int64), kp.copy(), vis, P, ka.values, ka.switches,
                  tables(), _inset(R), seat, ev, evn)
    df = pd.DataFrame(ev[: evn[0]], columns=list(E.EVENT_COLUMNS))
    df.insert(0, "event", [E.EVENT_NAMES[t] for t in df["type"]])
    return seat[:, E.C_PAY_TOTAL].copy(), df


def _kind(k, R: RuleSet) -> int:
    if isinstance(k, str):
        from mjstats.tiles import parse_tile

        return int(parse_tile(k, R.tileset))
    if not is_int(k) or not -1 <= int(k) < 34:
        raise MjStatsError(f"a scripted discard is a tile ('5p'), a kind index 0-33 or -1 (the "
                           f"bot chooses), got {k!r}")
    return int(k)


def _wall_array(wall, R: RuleSet) -> np.ndarray:
    if isinstance(wall, str):
        from mjstats.tiles import parse

        # a notation string lists tiles in order: expand digit groups one tile at a time
        out = []
        digits = ""
        for ch in wall.replace(" ", ""):
            if ch.isdigit():
                digits += ch
            else:
                for d in digits:
                    out.append(int(np.argmax(parse(d + ch))))
                digits = ""
        w = np.array(out, dtype=np.int8)
    else:
        # a writable copy: a read-only wall (a tile set's own) would compile the
        # engine a second time, for read-only arrays
        w = np.array(wall, dtype=np.int8)
    want = np.bincount(R.tileset.wall, minlength=34)
    got = np.bincount(w, minlength=34)
    if w.ndim != 1 or not np.array_equal(want, got):
        raise MjStatsError(f"the wall must hold each tile of the {R.tileset.name} set exactly "
                           f"once ({R.tileset.n_tiles} tiles); got {w.size}")
    return np.ascontiguousarray(w)


def _label(R: RuleSet) -> str:
    """Short name of a preset: its name, plus the switches that differ from the named preset.

    Examples
    --------
    >>> _label(_rules("sichuan", cap=None, zimo="fan"))
    "sichuan (cap=None, zimo='fan')"
    """
    base = _rules(R.name).switches
    diff = [f"{k}={v!r}" for k, v in R.switches.items() if base.get(k) != v]
    return f"{R.name} ({', '.join(diff)})" if diff else R.name


def compare_task(specs: tuple, bots: tuple[int, ...], seed: np.random.SeedSequence,
                 records: bool, start: int, count: int, *,
                 ev_settings: dict | None = None) -> dict[str, pd.DataFrame]:
    """Play hands ``start`` … under every preset of ``specs`` (a runner task).

    ``specs`` holds ``(name, switches)`` pairs.  Each block of hands is played
    under each preset from the same seeded state; preset ``i`` returns its stats
    as part ``p<i>`` (with, after the first, the paired sums of
    :func:`~mjstats.results.gamestats.pair_stats` against the first) and, if
    ``records``, its rows as ``p<i>.hands`` and ``p<i>.seats``.
    """
    Rs = [_rules(name, **sw) for name, sw in specs]
    b = np.array(bots, dtype=np.int64)
    acc = [{"stats": GameStats(), "hands": [], "seats": []} for _ in Rs]
    for g in range(start, start + count, BATCH):
        n = min(BATCH, start + count - g)
        first = None
        for i, R in enumerate(Rs):
            hf, sf, _ = _play_batch(R, b, seed, g, n, ev_settings=ev_settings)
            st = game_stats(sf, hf, R)
            if first is None:
                first = (sf, hf)
            else:
                st = st + pair_stats(first[0], first[1], sf, hf)
            acc[i]["stats"] = acc[i]["stats"] + st
            if records:
                acc[i]["hands"].append(hf)
                acc[i]["seats"].append(sf)
    out = {f"p{i}": a["stats"].to_frame() for i, a in enumerate(acc)}
    if records:
        for i, a in enumerate(acc):
            out[f"p{i}.hands"] = pd.concat(a["hands"], ignore_index=True)
            out[f"p{i}.seats"] = pd.concat(a["seats"], ignore_index=True)
    return out


def _gather_compare(acc, part: dict[str, pd.DataFrame]):
    """Runner reducer of :func:`compare_task`: one :func:`_gather` per preset."""
    parts = split_parts(part, "stats")
    acc = acc or [None] * len(parts)
    return [_gather(a, p) for a, p in zip(acc, parts, strict=True)]


def compare(rules: list[str | RuleSet], games: int | None = DEFAULT_GAMES, bots=DEFAULT_BOT,
            seed: SeedLike = None, *, records: bool | None = None, out: str | Path | None = None,
            resume: bool = False, client=None, progress: bool = False,
            chunk: int = RUN_CHUNK) -> Comparison:
    """Simulate several rule sets on the same hands; return the results by name.

    A preset given as a :class:`RuleSet` is named by its rule set and the
    switches it changes, e.g. ``"sichuan (cap=None, zimo='fan')"``.

    Each chunk of hands is played under every preset from the same seeded
    state (one runner task per chunk, :func:`compare_task`).  Presets that
    differ only in scoring switches then play the same hands (the bots' play
    does not read values, except the ``value`` bot's choice to pass 1-point
    wins), and every result after the first carries the sums of its paired
    differences with the first (:func:`~mjstats.results.gamestats.pair_stats`):
    :func:`~mjstats.results.games.compare_table` reports the mean difference of
    value per win, value per hand and dealer edge with a paired 95% interval,
    and checks the pairing (``same_hands``).  The hands are replayed per preset
    rather than stored, so memory stays flat.

    The :class:`~mjstats.results.compare.Comparison` returned is the dict of
    :class:`SimResult` by name; its ``runs`` hold each preset alone (one replay
    each) and its ``pairing`` says ``"same hands"`` for a preset whose every hand
    was won as under the first, ``"same deals"`` for one dealt the same walls
    (the same tile set, and no ``random`` bot drawing from the shuffles' stream),
    ``"same seed"`` when a ``random`` bot makes the walls part, ``"other walls"``
    for another tile set (hand ``i`` of each is then an independent deal);
    ``table()`` is :func:`~mjstats.results.games.compare_table`.

    Parameters
    ----------
    rules : list of str or RuleSet
        Two or more presets; the first is the reference of the differences.
    games, bots, seed, records, resume, client, progress, chunk
        As in :func:`simulate` (``None`` for ``games`` or ``bots``: the default).
    out : str or Path, optional
        Folder of the run: each chunk is saved as ``chunk-NNNNNN.parquet`` (the
        first preset's stats) with ``chunk-NNNNNN.p<i>.parquet`` for the others
        (and ``.p<i>.hands``/``.p<i>.seats`` with records), plus ``manifest.json``.

    Examples
    --------
    >>> r = compare(["sichuan", "sichuan-app"], games=20, seed=3)
    >>> bool((r["sichuan"].seats["win_tile"] == r["sichuan-app"].seats["win_tile"]).all())
    True
    >>> r["sichuan-app"].stats["pair/aligned"]
    20
    >>> r.pairing["sichuan-app"], r.runs
    ('same hands', (('sichuan',), ('sichuan-app',)))
    """
    from mjstats.runner import run_chunks, run_seed

    if isinstance(rules, str | RuleSet) or not isinstance(rules, list | tuple) or not rules:
        raise MjStatsError(
            f"compare takes a list of rule sets such as ['sichuan', 'guangan'], got {rules!r}"
        )
    Rs = [_rules(name) for name in rules]
    keys = [_label(R) for R in Rs]
    if len(set(keys)) != len(keys):
        raise MjStatsError(f"compare needs distinct presets, got {keys}")
    games, chunk, records = _run_args(games, chunk, records)
    for R in Rs:
        E.engine_params(R)  # rejects a rule set the engine cannot play before any work
    if records is None:
        records = games <= RECORDS_UP_TO
    b = _bots(bots)
    ss = seed_sequence(run_seed(seed, out, resume))
    specs = tuple((R.name, dict(R.switches)) for R in Rs)
    evs = EV.run_settings(BOT_NAMES[i] for i in b)
    task = functools.partial(compare_task, specs, b, ss, bool(records), ev_settings=evs)
    meta = {"study": "compare", "rules": [R.name for R in Rs],
            "switches": [{k: str(v) for k, v in R.switches.items()} for R in Rs],
            "bots": [BOT_NAMES[i] for i in b], "seed_entropy": str(ss.entropy),
            "spawn_key": list(ss.spawn_key), "records": bool(records), **EV.run_identity(evs)}
    acc = run_chunks(task, games, int(chunk), reduce=_gather_compare, out=out, resume=resume,
                     client=client, meta=meta, progress=progress,
                     desc=" + ".join(R.name for R in Rs), unit="hands", unit_scale=1,
                     block=CHUNK, first_part="p0", size_name="games")
    names = tuple(BOT_NAMES[i] for i in b)
    res = {}
    for i, (key, R) in enumerate(zip(keys, Rs, strict=True)):
        a = acc[i] if acc else {"stats": GameStats(), "hands": [], "seats": [], "chunks": []}
        res[key] = SimResult(R, games, names, ss, a["stats"],
                             _records(R, a) if records else None, [], chunk_frame(a["chunks"]))
    from mjstats.results.games import won_alike

    first = res[keys[0]].stats
    draws = bool(np.isin(b, B.DRAWS_FROM_STREAM).any())

    def pairing_of(R, st):
        if won_alike(first, st):
            return "same hands"
        if not np.array_equal(R.tileset.wall, Rs[0].tileset.wall):
            return "other walls"
        return "same seed" if draws else "same deals"

    pairing = {key: "reference" if i == 0 else pairing_of(Rs[i], res[key].stats)
               for i, key in enumerate(keys)}
    return Comparison(res, tuple((key,) for key in keys), pairing)
