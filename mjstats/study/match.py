"""Duplicate matches between two bots, and the ladder of a game's bots.

:func:`match` measures how much stronger one bot is than another under a rule
set.  Every deal (one shuffled wall, or Da Er deck, and its dealer) is played
once under each seating of :func:`mjstats.results.match.seatings`: at the four
mahjong seats the six ways to give each bot two seats (``AABB``, ``ABAB``,
``ABBA``, ``BAAB``, ``BABA``, ``BBAA``), at Da Er's three playing seats the six
ways to give one bot one seat and the other two.  Why these seatings:

* each bot sits in every seat, deals, and sits before and after each kind of
  opponent equally often, against the same tiles, so neither seat luck nor the
  luck of the wall can favour one bot (the deal's luck cancels in the paired
  difference);
* the set is closed under swapping the bots, so ``match(B, A)`` plays exactly
  the hands of ``match(A, B)`` and gives exactly the opposite difference, and a
  bot against itself plays six identical hands per deal and gives a difference
  of exactly zero on every deal;
* an even split measures the bots head to head; one bot against three copies
  of the other would measure how it exploits (or suffers) that field instead,
  and would not be symmetric in the two bots.

Every seating of a deal meets the same wall and starts the same random stream
for the bots' own choices (the random bot's), seeded per deal apart from the
walls (:mod:`mjstats.sim.duplicate`, :mod:`mjstats.daer.duplicate`); the walls
are those of :func:`mjstats.simulate` on the same seed.  The per-deal sums are
exact integers added chunk by chunk through :func:`mjstats.runner.run_chunks`,
so the same seed gives the same numbers on any number of threads, on Dask, and
after ``resume``.

:func:`ladder` plays, for each rule set, the adjacent steps of an order of its
bots (by default :data:`LADDERS`: weakest by design first) as duplicate
matches of the upper bot against the lower on the same seed, and tabulates
whether each step holds (its 95% interval above zero), is reversed, or is not
resolved.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pandas as pd

from mjstats._checks import count
from mjstats.core.rng import SeedLike, seed_sequence
from mjstats.errors import MjStatsError
from mjstats.results.gamestats import GameStats
from mjstats.results.match import Ladder, MatchResult, match_sums, seating_names, seatings
from mjstats.rules import rules as _rules

DEFAULT_DEALS = 10_000
"""Deals played when ``games`` is not given (or ``None``); each is played under six seatings."""

LADDERS = {
    "mahjong": ("random", "zimo", "efficiency", "value"),
    "daer": ("random", "greedy", "passive", "efficiency", "value"),
}
"""The order each game's ladder tests by default, weakest by design first: ``random``,
then the bots made weaker on purpose (``zimo`` never wins on a discard; Da Er's
``greedy`` takes every card, ``passive`` none), then ``efficiency`` and ``value``."""

BATCH_CHUNKS = 8
"""Seeded chunks of deals per compiled call (bounds the records held at once)."""
RUN_CHUNKS = 8
"""Seeded chunks of deals per runner chunk (the unit saved to ``out`` and sent to Dask)."""


def _game(R):
    """The seeding chunk, bot names, bot-code function and seat count of ``R``'s game."""
    if R.game == "daer":
        from mjstats.daer.bots import BOT_NAMES, bot_code
        from mjstats.daer.duplicate import SEATS
        from mjstats.daer.simulate import CHUNK
    else:
        from mjstats.sim.bots import BOT_NAMES, bot_code
        from mjstats.sim.duplicate import SEATS
        from mjstats.sim.simulate import CHUNK
    return CHUNK, BOT_NAMES, bot_code, SEATS


def _pair(bots, R) -> tuple[str, str]:
    """Two bot names of ``R``'s game, checked (one line naming the bad value and the valid ones)."""
    _, names, code, _ = _game(R)
    if bots is None or isinstance(bots, str | int | np.integer) \
            or not isinstance(bots, list | tuple) or len(bots) != 2:
        got = "none" if bots is None else repr(bots)
        raise MjStatsError(f"a match takes two bots (e.g. efficiency and value), got {got}; "
                           f"{R.name} bots: {', '.join(names)}")
    return tuple(names[code(b)] for b in bots)


def _play(R, codes: np.ndarray, ss: np.random.SeedSequence, start: int, n: int, chunk: int,
          ev_settings: dict | None = None):
    """Per-seat outcomes of deals ``start …`` under the seatings ``codes`` (one game's engine)."""
    if R.game == "daer":
        from mjstats.daer.duplicate import play_seated

        return play_seated(R, codes, ss, start, n, chunk)
    from mjstats.sim.duplicate import play_seated

    return play_seated(R, codes, ss, start, n, chunk, ev_settings)


def match_task(R, pair: tuple[str, str], ss: np.random.SeedSequence, start: int,
               n: int, *, ev_settings: dict | None = None) -> pd.DataFrame:
    """Play deals ``start … start + n - 1`` of a match (a runner task): their exact sums.

    A pure function of its arguments: deal ``i`` always comes from seeded chunk
    ``i // CHUNK`` of the game (the ``ev`` bots play ``ev_settings``, the run's),
    so a match cut into any chunks, on any machine, plays the same hands.
    """
    chunk, _, code, n_seats = _game(R)
    labels = seatings(n_seats)
    codes = np.array([code(b) for b in pair], dtype=np.int64)[labels]
    st = GameStats()
    step = BATCH_CHUNKS * chunk
    for g in range(start, start + n, step):
        st = st + match_sums(_play(R, codes, ss, g, min(step, start + n - g), chunk,
                                   ev_settings), labels)
    return st.to_frame()


def _add(acc, df: pd.DataFrame) -> GameStats:
    return (acc or GameStats()) + GameStats.from_frame(df)


def _ev_settings(R, pair) -> dict | None:
    if R.game != "mahjong":
        return None
    from mjstats.sim.ev import run_settings

    return run_settings(pair)


def _meta(R, pair, ss, evs) -> dict:
    meta = {"study": "match", "game": R.game, "rules": R.name, "bots": list(pair),
            "seed_entropy": str(ss.entropy), "spawn_key": list(ss.spawn_key)}
    if evs is not None:
        from mjstats.sim.ev import run_identity

        meta |= run_identity(evs)
    if R.game == "daer":
        meta["rule_set"] = repr(R)
    else:
        meta["switches"] = {k: str(v) for k, v in R.switches.items()}
    return meta


def match(rules="sichuan", games: int | None = DEFAULT_DEALS, bots=None, seed: SeedLike = None,
          *, out: str | Path | None = None, resume: bool = False, client=None,
          progress: bool = False, chunk: int | None = None) -> MatchResult:
    """A duplicate match of two bots: the same deals, each bot in every seat.

    Parameters
    ----------
    rules : str, RuleSet or DaErRules
        Any preset of either game (or a rule set with switches).
    games : int, optional
        Deals to play (>= 1); each is played under six seatings, so the match
        plays ``6 * games`` hands.  ``None``: :data:`DEFAULT_DEALS`.
    bots : sequence of two str
        The first bot (``A``) and the second (``B``) of the game's bots; the
        same bot twice is allowed (its difference is exactly zero).
    seed : int, numpy.random.Generator, SeedSequence or None
        Same seed, same deals and numbers, whatever the threads or the chunking.
        The deals are the walls of :func:`mjstats.simulate` on the same seed.
    out : str or Path, optional
        Run folder: each finished chunk's sums are saved at once
        (``docs/durability.md``).
    resume : bool
        Finish the match saved in ``out`` (the same numbers as uninterrupted).
    client : dask.distributed.Client, optional
        Play the chunks on a Dask cluster (same numbers).
    progress : bool
        Show a progress bar (deals).
    chunk : int, optional
        Deals per saved / distributed chunk, a multiple of the game's seeded chunk
        (512 mahjong, 256 Da Er); it changes no number.

    Returns
    -------
    MatchResult
        ``table()``: each bot's points per hand (the rule set's unit), win rate
        and deal-in rate, and the paired difference ``A - B``, with 95% intervals
        over deals; ``difference()``: ``(estimate, ci_low, ci_high)`` of points.

    Examples
    --------
    >>> m = match("sichuan", 64, bots=("efficiency", "random"), seed=1)
    >>> m.seatings
    ('AABB', 'ABAB', 'ABBA', 'BAAB', 'BABA', 'BBAA')
    >>> d, lo, hi = m.difference()
    >>> bool(lo > 0)
    True
    >>> match("sichuan", 64, bots=("value", "value"), seed=1).difference()
    (0.0, 0.0, 0.0)
    """
    from mjstats.runner import run_chunks, run_seed

    R = _rules(rules)
    pair = _pair(bots, R)
    games = count(games, "games", minimum=1, default=DEFAULT_DEALS)
    block = _game(R)[0]
    chunk = count(chunk, "chunk", minimum=block, default=RUN_CHUNKS * block)
    if chunk % block:
        raise MjStatsError(f"chunk must be a multiple of {block} deals, got {chunk}")
    if R.game == "mahjong":
        from mjstats.sim.engine import engine_params

        engine_params(R)  # rejects a rule set the engine cannot play before any work
    ss = seed_sequence(run_seed(seed, out, resume))
    evs = _ev_settings(R, pair)
    task = functools.partial(match_task, R, pair, ss, ev_settings=evs)
    acc = run_chunks(task, games, chunk, reduce=_add, out=out, resume=resume, client=client,
                     meta=_meta(R, pair, ss, evs), progress=progress,
                     desc=f"{R.name}: {pair[0]} v {pair[1]}", unit="deals", block=block,
                     size_name="games")
    stats = acc or GameStats()
    if stats.n("errors"):
        raise MjStatsError(f"{stats.n('errors')} hands of the match failed the engine's checks")
    return MatchResult(R, pair, games, seating_names(seatings(_game(R)[3])), ss, stats)


def _order(bots, R) -> tuple[str, ...]:
    """The ladder's order of bots for ``R`` (``None``: :data:`LADDERS`), checked."""
    _, names, code, _ = _game(R)
    if bots is None:
        return LADDERS[R.game]
    if isinstance(bots, str) or not isinstance(bots, list | tuple) or len(bots) < 2:
        raise MjStatsError(f"a ladder takes two or more bots, weakest first, got {bots!r}; "
                           f"{R.name} bots: {', '.join(names)}")
    order = tuple(names[code(b)] for b in bots)
    if len(set(order)) != len(order):
        raise MjStatsError(f"a ladder names each bot once, got {', '.join(order)}")
    return order


def ladder(rules=None, games: int | None = DEFAULT_DEALS, seed: SeedLike = None, *, bots=None,
           out: str | Path | None = None, resume: bool = False, client=None,
           progress: bool = False) -> Ladder:
    """The ladder of each rule set's bots: every adjacent step a duplicate match.

    Parameters
    ----------
    rules : str or list, optional
        One preset or several (either game; each with its own bots); default the
        four mahjong presets.
    games : int, optional
        Deals per step (each played under six seatings).
    seed : int, numpy.random.Generator, SeedSequence or None
        One seed for every step and rule set: the steps of a rule set are
        played on the same deals.  Step *lower < upper* is exactly
        ``match(rules, games, (upper, lower), seed)``.
    bots : sequence of str, optional
        The order to test, weakest first (default :data:`LADDERS` of the game).
    out : str or Path, optional
        Folder of the ladder: step ``lower < upper`` of rule set ``R`` is the
        run folder ``out/R/upper-v-lower``.  A folder holding a run itself (a
        simulation's or a match's) is refused, as a run refuses a ladder's folder.
    resume, client, progress
        As in :func:`match`.

    Returns
    -------
    Ladder
        ``table()``: one row per step, its difference of points per hand (upper
        minus lower) with 95% interval and ``verdict`` (``holds``,
        ``reversed``, or ``not resolved``); ``steps``: the matches.

    Examples
    --------
    >>> t = ladder("sichuan", 64, seed=1, bots=("random", "efficiency")).table()
    >>> t[["step", "verdict"]].values.tolist()
    [['random < efficiency', 'holds']]
    """
    names = ["sichuan", "sichuan-app", "guangan", "liuzhou"] if rules is None else rules
    if isinstance(names, str) or not isinstance(names, list | tuple):
        names = [names]
    Rs = [_rules(r) for r in names]
    if not Rs:
        raise MjStatsError("a ladder plays at least one rule set, got none")
    if len({R.name for R in Rs}) != len(Rs):
        raise MjStatsError(f"a ladder plays each rule set once, got {[R.name for R in Rs]}")
    orders = [_order(bots, R) for R in Rs]  # every bad name is found before any work
    games = count(games, "games", minimum=1, default=DEFAULT_DEALS)
    plan = [(R, upper, lower) for R, order in zip(Rs, orders, strict=True)
            for lower, upper in zip(order, order[1:], strict=False)]

    if out is not None:
        from mjstats.runfolder import folder_of_runs

        out = folder_of_runs(out)

    def folder(R, upper, lower):
        return None if out is None else out / R.name / f"{upper}-v-{lower}"

    if seed is None and resume and out is not None:
        from mjstats.runfolder import saved_seed

        seed = next((s for s in (saved_seed(folder(*p)) for p in plan) if s is not None), None)
    ss = seed_sequence(seed)  # drawn once: every step plays the same deals
    steps = []
    try:
        for R, upper, lower in plan:
            steps.append(match(R, games, (upper, lower), ss, out=folder(R, upper, lower),
                               resume=resume, client=client, progress=progress))
    except KeyboardInterrupt as e:  # the step's own line, with the steps already finished
        if out is None:
            raise
        step = str(e).removeprefix("interrupted: ") or "run the same command again with --resume"
        raise KeyboardInterrupt(f"interrupted: {len(steps)} of {len(plan)} steps of the ladder "
                                f"finished in {out}, and {step}") from None
    return Ladder(steps)
