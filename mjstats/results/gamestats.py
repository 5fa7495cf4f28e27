"""Sufficient statistics of simulated games: what every summary table needs, summed by chunk.

A long simulation never holds its rows: each chunk of hands is reduced at once
to a :class:`GameStats` — integer counts and sums keyed by name (wins holding
each pattern, sums and sums of squares of values and payoffs, wait and turn
histograms …) — and chunks are added.  Every table of
:mod:`mjstats.results.games` is computed from these sums alone, so memory is
flat in the number of hands, and because the sums are exact integers the
tables do not depend on how the hands were cut into chunks or in which order
the chunks finished (locally, on a Dask cluster, or after ``--resume``).

Keys (``/`` separates the parts; all values are Python ``int``):

=========================  ===================================================
``games``, ``seats``       hands and seat rows
``wins``                   seats that won
``pat_wins/K``             wins whose reading holds pattern ``K``
``pat_hands/K``            hands where some win holds ``K``
``pat_points/K``           sum of the values of those wins
``pat_points_sq/K``        sum over hands of ``y^2``, ``y`` the hand's points of
``pat_points_x/K``         wins holding ``K``; and of ``y x``, ``x`` the hand's
                           points of all wins (the point share's interval)
``val_n/G`` ``val_sum/G``  wins, sum and sum of squares of the value, for
``val_sq/G``               ``G`` in ``win``, ``self``, ``discard``, ``raw``
``hand_val_sum``, ``_sq``  per hand: the sum of its wins' values
``capped``                 wins whose value was cut by the cap
``wait_kinds/k`` …         wins by kinds waited on (``wait_live/k`` live tiles)
``win_shape/b`` …          wins whose winning tile (``wait_shape/b`` hand) has
                           shape bit ``b``
``turn/t/o``               wins at the winner's turn ``t`` in order ``o``
``pay_n/G`` ``pay_sum/G``  seat results, for ``G`` in ``pos0`` … ``pos3``
``pay_sq/G`` ``pay_won/G`` (seat relative to the dealer), ``bot/NAME`` and
``pay_fed/G``              ``all``: count, sum, sum of squares, wins, and
                           seat-hands that fed a win
``edge3_sum``, ``_sq``     per hand ``3 x dealer - sum of the others`` (three
                           times the dealer edge, an integer)
``drawn`` ``winners/w``    outcome counts (``winners_sum``: all winners)
``multi`` ``robbed``
``kong_any`` ``huazhu``
``error``
``fingerprint``            sum (mod 2^62) over hands of a 64-bit hash of the
                           hand number and who won on which tile: equal
                           fingerprints mean the same hands were won alike
``pair/…``                 only in :func:`~mjstats.sim.simulate.compare`'s
                           results after the first: paired differences with
                           the first preset on the same hands (:func:`pair_stats`,
                           written by :func:`pair_sums`, read by :func:`pair_rows`),
                           and in a duplicate match's sums (per deal, first bot
                           minus second: :mod:`mjstats.results.match`)
=========================  ===================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.results.intervals import mean_interval

VALUE_GROUPS = ("win", "self", "discard", "raw")
"""Groups of :func:`game_stats` value sums: all wins, self-drawn, on a discard, before cap."""

N_SHAPES = 7
"""Wait-shape bits counted (:class:`mjstats.core.WaitShape`)."""

FP_MOD = 1 << 62
"""The fingerprint is kept modulo this (so that it fits an ``int64`` column)."""


class GameStats(dict):
    """Integer sums keyed by name (see the module doc); ``a + b`` adds two chunks.

    Examples
    --------
    >>> a = GameStats({"games": 2, "wins": 1})
    >>> b = GameStats({"games": 3, "drawn": 1})
    >>> sorted((a + b).items())
    [('drawn', 1), ('games', 5), ('wins', 1)]
    >>> GameStats.from_frame((a + b).to_frame()) == a + b
    True
    """

    def __add__(self, other: Mapping[str, int]) -> GameStats:
        out = GameStats(self)
        for k, v in other.items():
            out[k] = out.get(k, 0) + int(v)
        if "fingerprint" in out:
            out["fingerprint"] %= FP_MOD
        return out

    def n(self, key: str) -> int:
        """The sum under ``key`` (0 when no chunk had it)."""
        return int(self.get(key, 0))

    def categories(self, prefix: str) -> list[str]:
        """Second parts of the keys ``prefix/...``, numbers in numeric order."""
        cats = {k.split("/")[1] for k in self if k.startswith(prefix + "/")}
        return sorted(cats, key=lambda c: (0, int(c), c) if c.lstrip("-").isdigit() else (1, 0, c))

    def to_frame(self) -> pd.DataFrame:
        """Two columns ``stat`` (str) and ``value`` (int64), sorted by ``stat``."""
        keys = sorted(self)
        return pd.DataFrame({"stat": pd.Series(keys, dtype=object),
                             "value": np.array([int(self[k]) for k in keys], dtype=np.int64)})

    @classmethod
    def from_frame(cls, df: pd.DataFrame) -> GameStats:
        """Inverse of :meth:`to_frame`."""
        return cls(zip(df["stat"].tolist(), (int(v) for v in df["value"]), strict=True))

    @classmethod
    def total(cls, parts: Iterable[Mapping[str, int]]) -> GameStats:
        """The sum of several chunks' stats."""
        out = cls()
        for p in parts:
            out = out + p
        return out


def _sums(out: GameStats, group: str, x: np.ndarray) -> None:
    x = x.astype(np.int64)
    out[f"val_n/{group}"] = int(x.size)
    out[f"val_sum/{group}"] = int(x.sum())
    out[f"val_sq/{group}"] = int((x * x).sum())


def _pay(out: GameStats, group: str, pay: np.ndarray, won: np.ndarray, fed: np.ndarray) -> None:
    pay = pay.astype(np.int64)
    out[f"pay_n/{group}"] = int(pay.size)
    out[f"pay_sum/{group}"] = int(pay.sum())
    out[f"pay_sq/{group}"] = int((pay * pay).sum())
    out[f"pay_won/{group}"] = int(won.sum())
    out[f"pay_fed/{group}"] = int(fed.sum())


def _histogram(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct values of integer ``x`` in increasing order and their counts.

    ``np.unique(x, return_counts=True)`` without its sort: small non-negative
    values (the common case: turns, wait widths) are counted by ``bincount``.
    """
    x = np.asarray(x).astype(np.int64)
    if x.size and x.min() >= 0 and x.max() < 1 << 16:
        counts = np.bincount(x)
        vals = np.flatnonzero(counts)
        return vals, counts[vals]
    return np.unique(x, return_counts=True)


def _n_distinct(x: np.ndarray) -> int:
    """Number of distinct values of ``x`` (one pass when ``x`` is sorted, as game numbers are)."""
    if x.size == 0:
        return 0
    if (x[1:] >= x[:-1]).all():
        return 1 + int(np.count_nonzero(x[1:] != x[:-1]))
    return int(np.unique(x).size)


def _count(out: GameStats, prefix: str, x: np.ndarray) -> None:
    vals, counts = _histogram(x)
    for v, c in zip(vals.tolist(), counts.tolist(), strict=True):
        out[f"{prefix}/{int(v)}"] = out.get(f"{prefix}/{int(v)}", 0) + int(c)


def game_stats(seats: pd.DataFrame, hands: pd.DataFrame, R) -> GameStats:
    """Sufficient statistics of a chunk of hands from its records.

    Parameters
    ----------
    seats, hands : pandas.DataFrame
        Records of :mod:`mjstats.sim.records` for the same hands: four seat rows
        per hand, in hand order then seat order 0-3.
    R : RuleSet

    Returns
    -------
    GameStats

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2, records=True)
    >>> s = game_stats(r.seats, r.hands, r.rules)
    >>> s["games"], s["seats"], s["pay_sum/all"]
    (40, 160, 0)
    >>> s == r.stats
    True
    """
    n = len(hands)
    if len(seats) != 4 * n:
        raise MjStatsError(f"seat records must have 4 rows per hand: {len(seats)} rows for "
                           f"{n} hands")
    seat_no = seats["seat"].to_numpy()
    if n and not (seat_no.reshape(n, 4) == np.arange(4)).all():
        raise MjStatsError("seat records must be in hand order, then seat order 0-3")
    out = GameStats(games=n, seats=4 * n)
    won = seats["won"].to_numpy()
    is_win = won > 0
    w = seats[is_win]
    out["wins"] = int(is_win.sum())
    # patterns
    wgame = w["game"].to_numpy()
    value = w["value"].to_numpy().astype(np.int64)
    per_hand = np.where(is_win, seats["value"].to_numpy().astype(np.int64), 0).reshape(n, 4)
    per_hand = per_hand.sum(axis=1)
    whand = np.repeat(np.arange(n, dtype=np.int64), 4)[is_win]  # each win's hand, 0 … n-1
    for p in R.info:
        has = w[f"pat_{p.key}"].to_numpy() > 0
        out[f"pat_wins/{p.key}"] = int(has.sum())
        out[f"pat_hands/{p.key}"] = _n_distinct(wgame[has])
        out[f"pat_points/{p.key}"] = int(value[has].sum())
        y = np.zeros(n, dtype=np.int64)
        np.add.at(y, whand[has], value[has])
        out[f"pat_points_sq/{p.key}"] = int((y * y).sum())
        out[f"pat_points_x/{p.key}"] = int((y * per_hand).sum())
    # values
    sd = w["self_draw"].to_numpy()
    _sums(out, "win", value)
    _sums(out, "self", value[sd == 1])
    _sums(out, "discard", value[sd == 0])
    raw = w["value_raw"].to_numpy().astype(np.int64)
    _sums(out, "raw", raw)
    out["capped"] = int((raw > value).sum())
    out["hand_val_sum"] = int(per_hand.sum())
    out["hand_val_sq"] = int((per_hand * per_hand).sum())
    # waits and turns
    _count(out, "wait_kinds", w["wait_kinds"].to_numpy())
    _count(out, "wait_live", w["wait_live"].to_numpy())
    for metric in ("win_shape", "wait_shape"):
        bits = w[metric].to_numpy().astype(np.int64)
        for b in range(N_SHAPES):
            out[f"{metric}/{b}"] = int(((bits >> b) & 1).sum())
    turn = w["win_turn"].to_numpy().astype(np.int64)
    order = won[is_win].astype(np.int64)
    vals, counts = _histogram(turn * 8 + order)  # (turn, order) pairs
    for v, c in zip(vals.tolist(), counts.tolist(), strict=True):
        out[f"turn/{v // 8}/{v % 8}"] = int(c)
    # payoffs
    pay = seats["pay_total"].to_numpy().astype(np.int64)
    dealer_seat = hands["dealer"].to_numpy().astype(np.int64)
    pos = (seat_no.astype(np.int64) - np.repeat(dealer_seat, 4)) % 4
    fed = np.zeros(4 * n, dtype=bool)
    frm = w["win_from"].to_numpy().astype(np.int64)
    if n:
        g0 = int(hands["game"].iloc[0])
        src = (wgame - g0) * 4 + frm
        fed[src[frm >= 0]] = True
    for p in range(4):
        m = pos == p
        _pay(out, f"pos{p}", pay[m], is_win[m], fed[m])
    # by category codes (the records' bot column is categorical already: no strings)
    bot = seats["bot"].astype("category")
    codes = bot.cat.codes.to_numpy()
    names = [str(c) for c in bot.cat.categories]
    for name, c in sorted((names[c], c) for c in np.flatnonzero(np.bincount(codes[codes >= 0]))):
        m = codes == c
        _pay(out, f"bot/{name}", pay[m], is_win[m], fed[m])
    _pay(out, "all", pay, is_win, fed)
    pay4 = pay.reshape(n, 4)
    pos4 = pos.reshape(n, 4)
    dealer_pay = (pay4 * (pos4 == 0)).sum(axis=1)
    edge3 = 3 * dealer_pay - (pay4.sum(axis=1) - dealer_pay)
    out["edge3_sum"] = int(edge3.sum())
    out["edge3_sq"] = int((edge3 * edge3).sum())
    # outcomes
    nw = hands["n_winners"].to_numpy().astype(np.int64)
    out["drawn"] = int(hands["drawn"].sum())
    for k in range(4):
        out[f"winners/{k}"] = int((nw == k).sum())
    out["winners_sum"] = int(nw.sum())
    out["multi"] = int((hands["max_multi"].to_numpy() >= 2).sum())
    out["robbed"] = int((hands["n_robbed"].to_numpy() > 0).sum())
    out["kong_any"] = int((hands["n_kongs"].to_numpy() > 0).sum())
    out["huazhu"] = int((hands["n_huazhu"].to_numpy() > 0).sum())
    out["error"] = int((hands["error"].to_numpy() != 0).sum())
    out["fingerprint"] = _fingerprint(hands["game"].to_numpy(), won.reshape(n, 4),
                                      seats["win_tile"].to_numpy().reshape(n, 4))
    return out


def _fingerprint(game: np.ndarray, won: np.ndarray, tile: np.ndarray) -> int:
    """Sum over hands of splitmix64(hand number, who won in which order on which tile)."""
    with np.errstate(over="ignore"):
        z = game.astype(np.uint64)
        for i in range(4):
            z = z * np.uint64(1_000_003) ^ (won[:, i].astype(np.uint64) * np.uint64(64)
                                           + (tile[:, i].astype(np.int64) + 1).astype(np.uint64))
        z = z + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
        return int(z.sum(dtype=np.uint64)) % FP_MOD


PAIR_METRICS = ("win", "hand", "edge3", "drawn", "winners")
"""Paired differences kept by :func:`pair_stats`: the value of each win (hands won
alike), and per hand: the sum of its win values, three times its dealer edge, whether
it was drawn (0/1) and its number of winners."""


def pair_stats(seats_a: pd.DataFrame, hands_a: pd.DataFrame, seats_b: pd.DataFrame,
               hands_b: pd.DataFrame) -> GameStats:
    """Sums of the paired differences ``b - a`` of two presets played on the same hands.

    Presets of one region that differ only in scoring play the same hands on the
    same seed (:func:`~mjstats.sim.simulate.compare`); a hand is *aligned* when
    every seat won in the same order on the same tile under both.  The keys are
    ``pair/hands``, ``pair/aligned`` and, for ``M`` in :data:`PAIR_METRICS`,
    ``pair/M_n``, ``pair/M_dsum``, ``pair/M_dsq`` (count, sum and sum of squares
    of the difference): ``win`` over the wins of aligned hands, the others over
    every hand, hand ``i`` of ``b`` against hand ``i`` of ``a``.  From them
    :func:`mjstats.results.games.compare_table` gives the paired mean difference
    and its interval: far narrower than two independent intervals when the
    presets play the same hands or deals, since the luck of the deal cancels,
    and the interval of two independent samples when they do not (other tile
    sets: hand ``i`` of each is then an independent draw).

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> a = simulate("sichuan", games=64, seed=5)
    >>> b = simulate("sichuan-app", games=64, seed=5)
    >>> p = pair_stats(a.seats, a.hands, b.seats, b.hands)
    >>> p["pair/aligned"], p["pair/win_n"] == a.stats["wins"]
    (64, True)
    """
    n = len(hands_a)
    if len(hands_b) != n or len(seats_a) != 4 * n or len(seats_b) != 4 * n:
        raise MjStatsError(f"paired records must cover the same hands: {n} and "
                           f"{len(hands_b)} hands, {len(seats_a)} and {len(seats_b)} seat rows")
    if n and not np.array_equal(hands_a["game"].to_numpy(), hands_b["game"].to_numpy()):
        raise MjStatsError("paired records must hold the same hand numbers in the same order")
    won_a = seats_a["won"].to_numpy().reshape(n, 4)
    won_b = seats_b["won"].to_numpy().reshape(n, 4)
    same = ((won_a == won_b)
            & (seats_a["win_tile"].to_numpy().reshape(n, 4)
               == seats_b["win_tile"].to_numpy().reshape(n, 4))).all(axis=1)
    out = GameStats({"pair/hands": n, "pair/aligned": int(same.sum())})

    def value(seats, won):
        return np.where(won > 0, seats["value"].to_numpy().reshape(n, 4), 0).astype(np.int64)

    def edge3(seats, hands):
        pay = seats["pay_total"].to_numpy().astype(np.int64).reshape(n, 4)
        dealer = pay[np.arange(n), hands["dealer"].to_numpy().astype(np.int64)]
        return 4 * dealer - pay.sum(axis=1)

    va, vb = value(seats_a, won_a), value(seats_b, won_b)
    win = (won_a > 0) & same[:, None]
    diffs = {"win": (vb - va)[win],
             "hand": vb.sum(axis=1) - va.sum(axis=1),
             "edge3": edge3(seats_b, hands_b) - edge3(seats_a, hands_a),
             "drawn": (hands_b["drawn"].to_numpy().astype(np.int64)
                       - hands_a["drawn"].to_numpy().astype(np.int64)),
             "winners": (won_b > 0).sum(axis=1) - (won_a > 0).sum(axis=1)}
    for m in PAIR_METRICS:
        out = out + pair_sums(m, diffs[m])
    return out


def pair_sums(metric: str, d: np.ndarray) -> GameStats:
    """The sums kept of the paired differences ``d`` of one metric (both games' compare).

    Keys ``pair/<metric>_n``, ``pair/<metric>_dsum`` and ``pair/<metric>_dsq``:
    count, sum and sum of squares of ``d``, exact integers, added chunk by chunk;
    :func:`pair_rows` turns them into the paired 95% interval.

    Examples
    --------
    >>> sorted(pair_sums("win", np.array([1, -2, 3])).items())
    [('pair/win_dsq', 14), ('pair/win_dsum', 2), ('pair/win_n', 3)]
    """
    d = np.asarray(d).astype(np.int64)
    return GameStats({f"pair/{metric}_n": int(d.size), f"pair/{metric}_dsum": int(d.sum()),
                      f"pair/{metric}_dsq": int((d * d).sum())})


def pair_rows(st: Mapping[str, int], metrics) -> list[dict]:
    """Rows ``difference: LABEL`` of a compare table from the ``pair/`` sums of :func:`pair_sums`.

    ``metrics`` holds ``(metric, label, scale, valid)``: the mean difference of
    ``x / scale`` (this preset minus the first) with its paired 95% interval
    (:func:`~mjstats.results.intervals.mean_interval` of the differences), or NaN
    where ``valid`` is false (the differences do not pair like with like).  No
    rows without ``pair/`` sums (the first preset).

    Examples
    --------
    >>> st = pair_sums("hand", np.array([1, 2, 3, 4]))
    >>> r = pair_rows(st, [("hand", "value per hand", 1, True)])[0]
    >>> r["metric"], r["estimate"], round(float(r["ci_high"] - r["estimate"]), 6)
    ('difference: value per hand', 2.5, 1.265151)
    """
    if not any(k.startswith("pair/") for k in st):
        return []
    rows = []
    for m, label, scale, valid in metrics:
        est, _sd, lo, hi = (mean_interval(st.get(f"pair/{m}_n", 0), st.get(f"pair/{m}_dsum", 0),
                                          st.get(f"pair/{m}_dsq", 0), scale) if valid
                            else (np.nan,) * 4)
        rows.append({"metric": f"difference: {label}", "estimate": est, "ci_low": lo,
                     "ci_high": hi})
    return rows
