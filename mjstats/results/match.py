"""Duplicate matches of two bots and the ladder of a game's bots: seatings, sums, tables.

A duplicate match (:func:`mjstats.match`) plays every deal once under each
seating of :func:`seatings` — the two bots split the seats as evenly as the
table allows, every such split once — so both bots meet the same tiles from
every seat.  Per deal the outcomes of each bot are summed over its seat-hands
(:func:`match_sums`); the deal is the unit of the intervals, so the strong
dependence between the seatings of one deal (and between the seats of one
hand) is counted once, not ignored.  :func:`match_table` gives each bot's
points per hand, win rate and deal-in rate, and the paired difference *first
bot minus second* per deal, each with its 95% interval
(:func:`~mjstats.results.intervals.mean_interval` of the per-deal sums);
:func:`ladder_table` puts the steps of a ladder side by side and says whether
each holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np
import pandas as pd

from mjstats._format import table_text
from mjstats.results.gamestats import GameStats, pair_sums
from mjstats.results.intervals import mean_interval

METRICS = (("points", "points per hand"), ("wins", "win rate"), ("fed", "deal-in rate"))
"""The per-bot outcomes of a match: key in the sums and label in the table."""


def seatings(n_seats: int) -> np.ndarray:
    """Every seating of two bots whose seat counts differ by at most one.

    Rows of 0 (the first bot) and 1 (the second), in lexicographic order: at
    four seats the six ways to give each bot two seats; at three seats the six
    ways to give one bot one seat and the other two.  The set is closed under
    swapping the bots and gives each bot every seat equally often (half the
    seatings), every seat as dealer, and every neighbour (who discards to
    whom) in both roles.

    Examples
    --------
    >>> seatings(4).tolist()
    [[0, 0, 1, 1], [0, 1, 0, 1], [0, 1, 1, 0], [1, 0, 0, 1], [1, 0, 1, 0], [1, 1, 0, 0]]
    >>> seatings(3).sum(axis=0).tolist()
    [3, 3, 3]
    """
    rows = [r for r in product((0, 1), repeat=n_seats) if abs(n_seats - 2 * sum(r)) <= 1]
    return np.array(rows, dtype=np.int64)


def seating_names(labels: np.ndarray) -> tuple[str, ...]:
    """Seatings written with ``A`` (first bot) and ``B`` (second), seat 0 first.

    Examples
    --------
    >>> seating_names(seatings(3))
    ('AAB', 'ABA', 'ABB', 'BAA', 'BAB', 'BBA')
    """
    return tuple("".join("AB"[int(x)] for x in row) for row in labels)


def match_sums(out: dict[str, np.ndarray], labels: np.ndarray) -> GameStats:
    """Exact per-deal sums of a chunk of a match.

    Parameters
    ----------
    out : dict of numpy.ndarray
        ``points``, ``won``, ``fed`` of shape ``(deals, K, seats)`` (the engine's
        ``play_seated``) and ``errors``.
    labels : numpy.ndarray
        ``(K, seats)`` seatings of :func:`seatings` (0 first bot, 1 second).

    Returns
    -------
    GameStats
        ``deals``, ``seat_hands`` (each bot's, all deals), ``errors`` and, for each
        metric ``M`` of :data:`METRICS`, the sum and sum of squares over deals of
        the first bot's total (``M/a_sum``, ``M/a_sq``) and the second's
        (``M/b_…``), and the paired sums of their difference per deal
        (:func:`~mjstats.results.gamestats.pair_sums`: ``pair/M_n``,
        ``pair/M_dsum``, ``pair/M_dsq``).

    Examples
    --------
    >>> lab = seatings(4)
    >>> pts = np.tile(np.array([3, -1, -1, -1]), (2, 6, 1))   # seat 0 wins 3 every time
    >>> z = np.zeros_like(pts, dtype=bool)
    >>> s = match_sums({"points": pts, "won": pts > 0, "fed": z, "errors": 0}, lab)
    >>> s["deals"], s["seat_hands"], s["points/a_sum"], s["pair/points_dsum"], s["pair/points_dsq"]
    (2, 24, 0, 0, 0)
    """
    a = labels == 0
    n = int(out["points"].shape[0])
    st = GameStats(deals=n, seat_hands=n * int(a.sum()), errors=int(out["errors"]))
    for key, src in (("points", "points"), ("wins", "won"), ("fed", "fed")):
        x = np.asarray(out[src]).astype(np.int64)
        ta = (x * a).sum(axis=(1, 2))
        tb = (x * ~a).sum(axis=(1, 2))
        for part, t in (("a", ta), ("b", tb)):
            st[f"{key}/{part}_sum"] = int(t.sum())
            st[f"{key}/{part}_sq"] = int((t * t).sum())
        st = st + pair_sums(key, ta - tb)
    return st


def verdict(low: float, high: float) -> str:
    """What a 95% interval of *upper minus lower* says of a ladder step.

    ``holds``: the interval lies above 0; ``reversed``: below 0; otherwise (it
    holds 0, or there is none) the step is not resolved.

    Examples
    --------
    >>> verdict(0.2, 0.5), verdict(-0.5, -0.2), verdict(-0.1, 0.3)
    ('holds', 'reversed', 'not resolved (interval holds 0)')
    >>> verdict(float("nan"), float("nan"))
    'not resolved (no interval below two deals)'
    """
    if low != low or high != high:  # NaN: one deal has no interval
        return "not resolved (no interval below two deals)"
    if low > 0:
        return "holds"
    if high < 0:
        return "reversed"
    return "not resolved (interval holds 0)"


PARTS = ("a", "b", "d")
"""Whose: the first bot, the second, or the first minus the second (paired by deal)."""


@dataclass
class MatchResult:
    """A duplicate match of two bots under one rule set (:func:`mjstats.match`).

    Attributes
    ----------
    rules : RuleSet or DaErRules
    bots : tuple of two str
        The first bot (``A``) and the second (``B``); differences are ``A - B``.
    n_deals : int
        Deals played, each under every seating.
    seatings : tuple of str
        The seatings (``"ABAB"`` …: seat 0 first), :func:`seatings`.
    seed : numpy.random.SeedSequence
    stats : GameStats
        The exact per-deal sums (:func:`match_sums`) every figure comes from.
    """

    rules: object
    bots: tuple[str, str]
    n_deals: int
    seatings: tuple[str, ...]
    seed: np.random.SeedSequence
    stats: GameStats

    @property
    def unit(self) -> str:
        """The unit of points: the rule set's (``倍``, ``颗``, ``分``; Da Er ``points``)."""
        return getattr(self.rules, "unit", "points")

    @property
    def n_hands(self) -> int:
        """Hands played: deals times seatings."""
        return self.n_deals * len(self.seatings)

    def estimate(self, metric: str = "points", part: str = "d") -> tuple[float, float, float]:
        """``(estimate, ci_low, ci_high)`` of a metric per seat-hand, 95%.

        ``metric`` is ``points``, ``wins`` or ``fed``; ``part`` is ``a`` (the
        first bot), ``b`` (the second) or ``d`` (first minus second, paired by deal).
        The interval is NaN below two deals.
        """
        from mjstats._choices import choice_code

        names = tuple(key for key, _ in METRICS)
        metric = names[choice_code(metric, names, "metric")]
        part = PARTS[choice_code(part, PARTS, "part")]
        st = self.stats
        n = st.n("deals")
        per_deal = max(st.n("seat_hands") // max(n, 1), 1)  # each bot's seat-hands per deal
        s, sq = ((f"pair/{metric}_dsum", f"pair/{metric}_dsq") if part == "d"
                 else (f"{metric}/{part}_sum", f"{metric}/{part}_sq"))
        m, _sd, lo, hi = mean_interval(n, st.n(s), st.n(sq), per_deal)
        if n < 2:  # one deal: no spread to measure, so no interval
            lo = hi = float("nan")
        return float(m), float(lo), float(hi)

    def difference(self) -> tuple[float, float, float]:
        """Points per hand of the first bot minus the second's, with its paired 95% interval."""
        return self.estimate("points", "d")

    def table(self) -> pd.DataFrame:
        """Each bot's points per hand, win rate and deal-in rate, and ``A - B``, with 95%.

        Columns ``rules``, ``bot``, ``metric``, ``estimate``, ``ci_low``,
        ``ci_high``; a per-bot row is per seat-hand of that bot, the difference
        row is paired by deal (same walls, every seat).
        """
        return match_table(self)

    def summary(self) -> str:
        """The table as text, with how the match was played."""
        a, b = self.bots
        head = (f"{self.rules.name}: {a} (A) against {b} (B), {self.n_deals:,} deals x "
                f"{len(self.seatings)} seatings ({' '.join(self.seatings)}) = "
                f"{self.n_hands:,} hands; points in {self.unit}")
        return head + "\n" + table_text(self.table())


def match_table(m: MatchResult) -> pd.DataFrame:
    """The table of :meth:`MatchResult.table`.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> st = GameStats({"deals": 4, "seat_hands": 48, "points/a_sum": 24, "points/a_sq": 200,
    ...                 "points/b_sum": -24, "points/b_sq": 200, "pair/points_dsum": 48,
    ...                 "pair/points_dsq": 800})
    >>> m = MatchResult(SimpleNamespace(name="x", unit="倍"), ("value", "efficiency"), 4,
    ...                 ("AABB",), None, st)
    >>> t = m.table()
    >>> t.loc[t.metric == "points per hand (倍)", "estimate"].tolist()
    [0.5, -0.5, 1.0]
    """
    a, b = m.bots
    rows = []
    for who, part in ((a, "a"), (b, "b"), (f"{a} - {b}", "d")):
        for key, label in METRICS:
            if key == "points":
                label = f"{label} ({m.unit})"
            est, lo, hi = m.estimate(key, part)
            rows.append({"rules": m.rules.name, "bot": who, "metric": label, "estimate": est,
                         "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows, columns=["rules", "bot", "metric", "estimate", "ci_low",
                                       "ci_high"])


@dataclass
class Ladder:
    """Adjacent steps of a bot order, each a duplicate match (:func:`mjstats.ladder`).

    Attributes
    ----------
    steps : list of MatchResult
        One match per step and rule set: ``bots`` is ``(upper, lower)``, so each
        difference is *upper minus lower*.
    """

    steps: list[MatchResult]

    def table(self) -> pd.DataFrame:
        """One row per step: the difference of points per hand with 95%, and whether it holds."""
        return ladder_table(self.steps)


def ladder_table(steps: list[MatchResult]) -> pd.DataFrame:
    """The ladder table: one row per step, whether it holds.

    Columns ``rules``, ``step`` (``lower < upper``), ``deals``, ``unit``,
    ``difference`` (points per hand, upper minus lower, paired by deal),
    ``ci_low``, ``ci_high``, the win-rate and deal-in-rate differences
    (``win_rate_diff``, ``deal_in_diff``) and ``verdict`` (:func:`verdict`).

    Examples
    --------
    >>> st = GameStats({"deals": 4, "seat_hands": 48, "pair/points_dsum": 48,
    ...                 "pair/points_dsq": 800})
    >>> from types import SimpleNamespace
    >>> m = MatchResult(SimpleNamespace(name="x", unit="倍"), ("value", "efficiency"), 4,
    ...                 ("AABB",), None, st)
    >>> ladder_table([m])[["step", "difference", "verdict"]].values.tolist()
    [['efficiency < value', 1.0, 'holds']]
    """
    rows = []
    for m in steps:
        upper, lower = m.bots
        d, lo, hi = m.difference()
        rows.append({"rules": m.rules.name, "step": f"{lower} < {upper}", "deals": m.n_deals,
                     "unit": m.unit, "difference": d, "ci_low": lo, "ci_high": hi,
                     "win_rate_diff": m.estimate("wins")[0],
                     "deal_in_diff": m.estimate("fed")[0], "verdict": verdict(lo, hi)})
    return pd.DataFrame(rows, columns=["rules", "step", "deals", "unit", "difference", "ci_low",
                                       "ci_high", "win_rate_diff", "deal_in_diff", "verdict"])
