"""Simulate whole hands and return their records and summary tables.

:func:`simulate` plays ``games`` hands of a rule set with one policy per seat
(:mod:`mjstats.sim.bots`) and returns a :class:`SimResult` with the ``hands``
and ``seats`` DataFrames (:mod:`mjstats.sim.records`) and the summary tables
of :mod:`mjstats.results.games`.  Hands are played in compiled code in fixed
chunks of :data:`CHUNK` hands, each seeded from ``SeedSequence(seed)``, so the
same seed gives the same tables on any number of threads.

:func:`compare` simulates several rule sets on the same seed.  Presets of one
region whose switches do not change play (caps, 自摸加底/加番, the two Sichuan
tables …) then play exactly the same hands, so their differences are paired.

:func:`play_hand` plays one hand from a wall order given by hand, with an
optional script of discards, for hand-built situations.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from mjstats.core.rng import SeedLike, chunk_states, seed_sequence
from mjstats.core.tables import tables
from mjstats.errors import MjStatsError
from mjstats.rules.base import RuleSet
from mjstats.rules.base import rules as _rules
from mjstats.sim import engine as E
from mjstats.sim import records as REC
from mjstats.sim.bots import BOT_NAMES, bot_code

CHUNK = 512
"""Hands per seeded chunk (the unit of reproducibility)."""
BATCH = 64 * CHUNK
"""Hands per compiled call (bounds memory; records are written per batch)."""


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
class SimResult:
    """Records and summary tables of a simulation.

    Attributes
    ----------
    rules : RuleSet
    games : int
    bots : tuple of str
        Policy of seats 0-3.
    seed : numpy.random.SeedSequence
    hands, seats : pandas.DataFrame
        Per-hand and per-seat records (:mod:`mjstats.sim.records`).
    logs : list of GameLog
        Event logs of the first ``log`` hands.
    """

    rules: RuleSet
    games: int
    bots: tuple[str, ...]
    seed: np.random.SeedSequence
    hands: pd.DataFrame
    seats: pd.DataFrame
    logs: list[GameLog] = field(default_factory=list)

    def patterns(self) -> pd.DataFrame:
        """Pattern frequency per hand and share of wins with 95% intervals."""
        from mjstats.results.games import pattern_table

        return pattern_table(self.seats, self.rules, self.games)

    def fan(self) -> pd.DataFrame:
        """Expected value per win and per hand."""
        from mjstats.results.games import value_table

        return value_table(self.seats, self.rules, self.games)

    def waits(self) -> pd.DataFrame:
        """Wait width (kinds, live tiles) and wait shapes at the win."""
        from mjstats.results.games import wait_table

        return wait_table(self.seats)

    def turns(self) -> pd.DataFrame:
        """Distribution of the winner's turn (巡) at the win."""
        from mjstats.results.games import turn_table

        return turn_table(self.seats)

    def payoff(self) -> pd.DataFrame:
        """Mean result by seat position relative to the dealer and by bot."""
        from mjstats.results.games import payoff_table

        return payoff_table(self.seats)

    def outcomes(self) -> pd.DataFrame:
        """Draw rate, number of winners, 查叫 and 花猪 rates."""
        from mjstats.results.games import outcome_table

        return outcome_table(self.hands)

    def balance(self) -> pd.DataFrame:
        """Each pattern's rarity against its value, its share of points, seat variance."""
        from mjstats.results.games import balance_table

        return balance_table(self.seats, self.rules, self.games)

    def summary(self) -> str:
        """All tables as text."""
        from mjstats.results.games import summary_text

        return summary_text(self)


def _bots(bots) -> tuple[int, ...]:
    if isinstance(bots, str | int | np.integer):
        bots = (bots,) * 4
    bots = tuple(bots)
    if len(bots) != 4:
        raise MjStatsError(f"give one bot or four (one per seat), got {len(bots)}")
    return tuple(bot_code(b) for b in bots)


def _inset(R: RuleSet) -> np.ndarray:
    return R.tileset.mask.astype(np.uint8)


def simulate(rules: str | RuleSet = "sichuan", games: int = 10_000,
             bots: str | tuple = "efficiency", seed: SeedLike = None, log: int = 0,
             out: str | Path | None = None, progress: bool = False,
             first_game: int = 0) -> SimResult:
    """Play ``games`` whole hands and return their records and tables.

    Parameters
    ----------
    rules : str or RuleSet
        ``"sichuan"``, ``"sichuan-app"``, ``"guangan"`` (血战到底) or ``"liuzhou"`` (the
        hand ends at the win(s); the dealer follows the text's rotation within each
        chunk of hands), or a rule set with switches.
    games : int
        Hands to play.
    bots : str or sequence of four str
        One policy for every seat or one per seat: ``"efficiency"``, ``"value"``,
        ``"random"``, ``"zimo"``.
    seed : int, numpy.random.Generator, SeedSequence or None
        Same seed, same hands and tables, whatever the thread count.
    log : int
        Keep the event logs of the first ``log`` hands (:class:`GameLog`).
    out : str or Path, optional
        Folder for Parquet chunks ``seats-00000.parquet``, ``hands-00000.parquet`` …
    progress : bool
        Print progress to stderr.
    first_game : int
        Number of the first hand (resume a run: chunk ``i`` is the same whatever
        ``first_game`` splits).  Must be a multiple of :data:`CHUNK`.

    Returns
    -------
    SimResult

    Examples
    --------
    >>> r = simulate("sichuan", games=40, seed=1)
    >>> len(r.hands), len(r.seats), int(r.seats.groupby("game")["pay_total"].sum().abs().max())
    (40, 160, 0)
    """
    R = _rules(rules)
    P = E.engine_params(R)
    games = int(games)
    if games < 0:
        raise MjStatsError(f"games must be >= 0, got {games}")
    if first_game % CHUNK:
        raise MjStatsError(f"first_game must be a multiple of {CHUNK}")
    log = max(0, min(int(log), games))
    b = _bots(bots)
    bot_arr = np.array(b, dtype=np.int64)
    ss = seed_sequence(seed)
    ka = R.kernel_args
    T = tables()
    inset = _inset(R)
    wall0 = R.tileset.wall.copy()
    n_pat = len(R.info)
    seat_parts, hand_parts, logs = [], [], []
    done = 0
    part = 0
    while done < games:
        n = min(BATCH, games - done)
        g0 = first_game + done
        n_chunks = -(-n // CHUNK)
        states = chunk_states(ss, n_chunks, first=g0 // CHUNK)
        seat = np.zeros((4 * n, E.N_SEAT), np.int64)
        pat = np.zeros((4 * n, n_pat), np.int8)
        hand = np.zeros((n, E.N_HAND), np.int64)
        n_log = max(0, min(log - done, n))
        ev = np.zeros((max(n_log, 1), E.MAX_EVENTS, 5), np.int32)
        evn = np.zeros((max(n_log, 1), 2), np.int64)
        walls = np.zeros((max(n_log, 1), wall0.shape[0]), np.int8)
        E._run_chunks(wall0, n, g0, CHUNK, states, bot_arr, P, ka.values, ka.switches, T,
                      inset, seat, pat, hand, ev, evn, walls, n_log)
        sf = REC.seat_frame(R, seat, pat, g0)
        hf = REC.hand_frame(R, hand, g0)
        if out is not None:
            REC.write_parquet(sf, out, "seats", part)
            REC.write_parquet(hf, out, "hands", part)
        seat_parts.append(sf)
        hand_parts.append(hf)
        names = tuple(BOT_NAMES[i] for i in b)
        for i in range(n_log):
            logs.append(GameLog(R, g0 + i, int(hand[i, E.H_DEALER]), names, walls[i].copy(),
                                ev[i, : evn[i, 0]].copy()))
        done += n
        part += 1
        if progress:
            print(f"\r{R.name}: {done:,}/{games:,} hands", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    seats = (pd.concat(seat_parts, ignore_index=True) if seat_parts
             else REC.seat_frame(R, np.zeros((0, E.N_SEAT), np.int64),
                                 np.zeros((0, n_pat), np.int8)))
    hands = (pd.concat(hand_parts, ignore_index=True) if hand_parts
             else REC.hand_frame(R, np.zeros((0, E.N_HAND), np.int64)))
    return SimResult(R, games, tuple(BOT_NAMES[i] for i in b), ss, hands, seats, logs)


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
    return SimResult(R, 1, names, seed_sequence(seed), REC.hand_frame(R, hand),
                     REC.seat_frame(R, seat, pat), [lg])


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
        w = np.asarray(wall, dtype=np.int8)
    want = np.bincount(R.tileset.wall, minlength=34)
    got = np.bincount(w, minlength=34)
    if w.ndim != 1 or not np.array_equal(want, got):
        raise MjStatsError(f"the wall must hold each tile of the {R.tileset.name} set exactly "
                           f"once ({R.tileset.n_tiles} tiles); got {w.size}")
    return np.ascontiguousarray(w)


def compare(rules: list[str | RuleSet], games: int = 10_000, bots="efficiency",
            seed: SeedLike = None, progress: bool = False) -> dict[str, SimResult]:
    """Simulate several rule sets on the same seed; return the results by name.

    Presets that differ only in scoring switches play the same hands (the bots'
    play does not read values, except the ``value`` bot's choice to pass 1-point
    wins), so their tables are paired.

    Examples
    --------
    >>> r = compare(["sichuan", "sichuan-app"], games=20, seed=3)
    >>> bool((r["sichuan"].seats["win_tile"] == r["sichuan-app"].seats["win_tile"]).all())
    True
    """
    ss = seed_sequence(seed)
    out = {}
    for name in rules:
        R = _rules(name)
        out[R.name if isinstance(name, str) else str(name)] = simulate(
            R, games, bots, ss, progress=progress)
    return out


# ----------------------------------------------------------------- CLI


def _cmd_simulate(args: argparse.Namespace) -> int:
    bots = args.bots if len(args.bots) > 1 else args.bots[0]
    r = simulate(args.rules, args.games, bots, args.seed, out=args.out, progress=not args.quiet)
    print(r.summary())
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    from mjstats.results.games import compare_table

    bots = args.bots if len(args.bots) > 1 else args.bots[0]
    res = compare(args.rules, args.games, bots, args.seed, progress=not args.quiet)
    with pd.option_context("display.width", 200, "display.max_rows", 500):
        print(compare_table(res).to_string(index=False))
    return 0


def add_simulate_parser(subparsers) -> argparse.ArgumentParser:
    """Register ``mjstats simulate`` on an ``argparse`` subparsers object."""
    p = subparsers.add_parser("simulate", help="play whole hands with bots; print the tables")
    p.add_argument("--rules", default="sichuan",
                   help="rule set (sichuan, sichuan-app, guangan, liuzhou)")
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--bots", nargs="+", default=["efficiency"],
                   help="one bot or four (efficiency, value, random, zimo)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--out", default=None, help="folder for Parquet record chunks")
    p.add_argument("--quiet", action="store_true", help="no progress line")
    p.set_defaults(func=_cmd_simulate)
    return p


def add_compare_parser(subparsers) -> argparse.ArgumentParser:
    """Register ``mjstats compare`` on an ``argparse`` subparsers object."""
    p = subparsers.add_parser("compare", help="simulate several rule sets on the same seed")
    p.add_argument("--rules", nargs="+",
                   default=["sichuan", "sichuan-app", "guangan", "liuzhou"])
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--bots", nargs="+", default=["efficiency"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(func=_cmd_compare)
    return p
