"""Sums behind the Da Er game tables, collected chunk by chunk (flat memory).

:func:`daer_stats` reduces the records of a chunk of hands to a
:class:`~mjstats.results.gamestats.GameStats` (integer counts and sums keyed
by name); chunks add.  Every table of :class:`mjstats.daer.simulate.DaErSim` is
computed here from those sums alone — medians and quantiles from the exact
histograms of the payments, the rank correlation of the three scorings from
their joint histogram — so a run of any length holds no rows unless asked.

Keys: ``games``, ``wins``, ``end/NAME``, ``dealer_wins``, ``dealer_again``,
``self_draw``, ``tian`` ``di`` ``huilong`` ``haidi`` (among wins),
``draws_sum``, ``takes_sum`` (all hands), ``pat/NAME`` (名堂 among wins),
``dist/COLUMN/VALUE`` (wins by value of each column of :data:`DIST_COLUMNS`),
``joint/L|M|C`` (wins by the three payments), ``edge2_sum``, ``edge2_sq``
(per hand, twice the dealer edge: ``2 x dealer - the two other players``), and
per group of seats ``grp/BY/GROUP/n``, ``…/won``, ``…/COLUMN_sum``,
``…/COLUMN_sq`` for ``BY`` in ``seat``, ``bot``, ``dealer``.  Results of
:func:`mjstats.daer.simulate.compare` after the first also carry ``pair/…``
sums (:func:`daer_pair_stats`), read by :func:`compare_table`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.results.gamestats import GameStats, pair_rows, pair_sums
from mjstats.results.intervals import mean_interval

DIST_COLUMNS = (
    "hu", "level", "mult", "loser_pays", "dijia_gets", "winner_gets",
    "hu_luzhou", "deng", "mult_luzhou", "pay_luzhou", "dijia_luzhou",
    "hu_mingtang", "fan", "pay_mingtang", "dijia_mingtang",
    "hu_chongqing", "dao", "pay_chongqing", "draws", "takes", "stock_left",
)
"""Game columns whose distribution over the wins is kept (:meth:`DaErSim.distribution`)."""

POINT_COLUMNS = ("points", "pts_luzhou", "pts_mingtang", "pts_chongqing")
"""Seat columns averaged by :func:`points_table`."""

_SCORINGS = (("普通 luzhou", "daer-luzhou", "pay_luzhou", "dijia_luzhou"),
             ("名堂 mingtang", "daer-luzhou-mingtang", "pay_mingtang", "dijia_mingtang"),
             ("重庆 chongqing", "daer-chongqing", "pay_chongqing", None))


def _dealer_role(seats: pd.DataFrame) -> np.ndarray:
    return np.where(seats["seat"].to_numpy() == 3, "底家",
                    np.where(seats["dealer"].to_numpy().astype(bool), "dealer", "player"))


def daer_stats(games: pd.DataFrame, seats: pd.DataFrame, patterns: list[str]) -> GameStats:
    """The sums of a chunk of Da Er hands (its ``games`` and ``seats`` records).

    ``patterns`` names the boolean 名堂 columns of ``games``.
    """
    out = GameStats(games=len(games))
    end = games["end"].astype(str).to_numpy()
    win = end == "win"
    w = games[win]
    out["wins"] = int(win.sum())
    for name in ("win", "exhausted", "foul"):
        out[f"end/{name}"] = int((end == name).sum())
    out["dealer_wins"] = int((games["winner"] == games["dealer"]).sum())
    if "next_dealer" in games:
        out["dealer_again"] = int((games["next_dealer"] == games["dealer"]).sum())
    for c in ("self_draw", "tian", "di", "huilong", "haidi"):
        out[c] = int(games.loc[win, c].sum()) if c == "self_draw" else int(games[c].sum())
    out["draws_sum"] = int(games["draws"].sum())
    out["takes_sum"] = int(games["takes"].sum())
    for p in patterns:
        out[f"pat/{p}"] = int(w[p].sum())
    for c in DIST_COLUMNS:
        vals, counts = np.unique(w[c].to_numpy().astype(np.int64), return_counts=True)
        for v, k in zip(vals.tolist(), counts.tolist(), strict=True):
            out[f"dist/{c}/{v}"] = int(k)
    trip = w[["pay_luzhou", "pay_mingtang", "pay_chongqing"]].to_numpy().astype(np.int64)
    if len(trip):
        u, k = np.unique(trip, axis=0, return_counts=True)
        for (a, b, c), n in zip(u.tolist(), k.tolist(), strict=True):
            out[f"joint/{a}|{b}|{c}"] = int(n)
    edge2 = _edge2(games, seats)
    out["edge2_sum"] = int(edge2.sum())
    out["edge2_sq"] = int((edge2 * edge2).sum())
    groups = {"seat": seats["seat"].to_numpy().astype(str),
              "bot": seats["bot"].astype(str).to_numpy(),
              "dealer": _dealer_role(seats)}
    won = seats["won"].to_numpy().astype(np.int64)
    cols = {c: seats[c].to_numpy().astype(np.int64) for c in POINT_COLUMNS}
    for by, key in groups.items():
        for g in np.unique(key).tolist():
            m = key == g
            base = f"grp/{by}/{g}"
            out[f"{base}/n"] = int(m.sum())
            out[f"{base}/won"] = int(won[m].sum())
            for c, x in cols.items():
                out[f"{base}/{c}_sum"] = int(x[m].sum())
                out[f"{base}/{c}_sq"] = int((x[m] * x[m]).sum())
    return out


def _edge2(games: pd.DataFrame, seats: pd.DataFrame) -> np.ndarray:
    """Per hand, twice the dealer edge: ``2 x dealer's points - the two other players'``."""
    n = len(games)
    if len(seats) != 4 * n:
        raise MjStatsError(f"seat records must have 4 rows per hand (the 底家 last): "
                           f"{len(seats)} rows for {n} hands")
    pts = seats["points"].to_numpy().astype(np.int64).reshape(n, 4)[:, :3]
    dealer = pts[np.arange(n), games["dealer"].to_numpy().astype(np.int64)]
    return 3 * dealer - pts.sum(axis=1)


def _loser_pays(games: pd.DataFrame) -> np.ndarray:
    """Per hand, what each loser pays (0 without a win: an exhausted stock or a foul)."""
    win = games["end"].astype(str).to_numpy() == "win"
    return np.where(win, games["loser_pays"].to_numpy().astype(np.int64), 0)


DAER_PAIR_METRICS = ("win", "hand", "edge2")
"""Paired differences kept by :func:`daer_pair_stats`: what each loser pays per win (hands
won alike) and per hand, and twice the dealer edge of a hand."""


def daer_pair_stats(games_a: pd.DataFrame, seats_a: pd.DataFrame, games_b: pd.DataFrame,
                    seats_b: pd.DataFrame) -> GameStats:
    """Sums of the paired differences ``b - a`` of two Da Er presets on the same deals.

    Hand ``i`` of both is dealt from the same seeded chunk (same seed, same
    ``chunk``).  A hand is *aligned* when it ended alike (same end, dealer,
    winner and winning card): every hand, for presets whose play is the same
    (:func:`mjstats.daer.game.play_facts`).  Keys ``pair/hands``,
    ``pair/aligned`` and, for ``M`` in :data:`DAER_PAIR_METRICS`, the
    :func:`~mjstats.results.gamestats.pair_sums` of ``win`` (over the wins of
    aligned hands), ``hand`` and ``edge2`` (over every hand: paired by deal).

    Examples
    --------
    >>> from mjstats.daer.simulate import simulate
    >>> a = simulate("daer-luzhou", 60, seed=4)
    >>> b = simulate("daer-luzhou-mingtang", 60, seed=4)
    >>> p = daer_pair_stats(a.hands, a.seats, b.hands, b.seats)
    >>> p["pair/aligned"], p["pair/win_n"] == a.stats["wins"]
    (60, True)
    """
    n = len(games_a)
    if len(games_b) != n or len(seats_a) != 4 * n or len(seats_b) != 4 * n:
        raise MjStatsError(f"paired records must cover the same hands: {n} and "
                           f"{len(games_b)} hands, {len(seats_a)} and {len(seats_b)} seat rows")
    if n and not np.array_equal(games_a["game"].to_numpy(), games_b["game"].to_numpy()):
        raise MjStatsError("paired records must hold the same hand numbers in the same order")
    same = np.ones(n, dtype=bool)
    for c in ("end", "dealer", "winner", "win_card"):
        same &= games_a[c].to_numpy() == games_b[c].to_numpy()
    out = GameStats({"pair/hands": n, "pair/aligned": int(same.sum())})
    va, vb = _loser_pays(games_a), _loser_pays(games_b)
    won = (games_a["end"].astype(str).to_numpy() == "win") & same
    diffs = {"win": (vb - va)[won], "hand": vb - va,
             "edge2": _edge2(games_b, seats_b) - _edge2(games_a, seats_a)}
    for m in DAER_PAIR_METRICS:
        out = out + pair_sums(m, diffs[m])
    return out


# ----------------------------------------------------------------- tables from the sums


def _hist(st: GameStats, column: str) -> tuple[np.ndarray, np.ndarray]:
    """Sorted values and counts of ``column`` over the wins."""
    pre = f"dist/{column}/"
    items = sorted((int(k[len(pre):]), v) for k, v in st.items() if k.startswith(pre))
    if not items:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    v, c = zip(*items, strict=True)
    return np.array(v, np.int64), np.array(c, np.int64)


def hist_quantile(values: np.ndarray, counts: np.ndarray, q: float) -> float:
    """``numpy.quantile(x, q)`` (linear) of the data ``x`` given as a histogram.

    Examples
    --------
    >>> import numpy as np
    >>> x = np.array([1, 1, 2, 5, 5, 5, 9])
    >>> v, c = np.unique(x, return_counts=True)
    >>> [bool(hist_quantile(v, c, q) == np.quantile(x, q)) for q in (0, 0.5, 0.9, 1)]
    [True, True, True, True]
    """
    n = int(counts.sum())
    if n == 0:
        return float("nan")
    cum = np.cumsum(counts)
    pos = q * (n - 1)
    lo = int(np.floor(pos))
    frac = pos - lo

    def at(i: int) -> float:
        return float(values[np.searchsorted(cum, i, side="right")])

    a = at(lo)
    return a if frac == 0 else a + frac * (at(min(lo + 1, n - 1)) - a)


def _wilson(k, n):
    from mjstats.results.intervals import wilson

    return wilson(np.asarray(k, dtype=float), np.asarray(n, dtype=float))


def summary_table(st: GameStats) -> pd.DataFrame:
    """Outcome rates per hand and among wins, Wilson 95% (see ``DaErSim.summary``)."""
    n, wins = st.n("games"), st.n("wins")
    rows = [
        ("win", "a player wins", st.n("end/win"), n),
        ("exhausted", "the stock runs out, no winner", st.n("end/exhausted"), n),
        ("foul", "a declared win is a foul (点包子)", st.n("end/foul"), n),
        ("dealer_wins", "the dealer wins", st.n("dealer_wins"), n),
    ]
    if "dealer_again" in st:
        rows.append(("dealer_again", "the dealer deals the next hand too",
                     st.n("dealer_again"), n))
    rows += [
        ("self_draw", "wins on the winner's own card (share of wins)", st.n("self_draw"), wins),
        ("tian", "天胡 (share of wins)", st.n("tian"), wins),
        ("di", "地胡 (share of wins)", st.n("di"), wins),
        ("huilong", "回龙地胡 (share of wins)", st.n("huilong"), wins),
        ("haidi", "海底捞 (share of wins)", st.n("haidi"), wins),
    ]
    df = pd.DataFrame(rows, columns=["metric", "description", "count", "n"])
    lo, hi = _wilson(df["count"], df["n"])
    df["estimate"] = np.divide(df["count"], df["n"], out=np.zeros(len(df)),
                               where=df["n"].to_numpy() > 0)
    df["ci_low"], df["ci_high"] = lo, hi
    df.attrs["mean_draws"] = st.n("draws_sum") / n if n else float("nan")
    df.attrs["mean_takes"] = st.n("takes_sum") / n if n else float("nan")
    return df


def patterns_table(st: GameStats, patterns: list[tuple[str, str, str]]) -> pd.DataFrame:
    """名堂 frequencies per win and per hand (``patterns``: name, zh, en in table order)."""
    nw, n = st.n("wins"), st.n("games")
    rows = [(p, zh, en, st.n(f"pat/{p}"), nw, n) for p, zh, en in patterns]
    df = pd.DataFrame(rows, columns=["pattern", "name_zh", "name_en", "count", "wins", "games"])
    df["per_win"] = df["count"] / max(nw, 1)
    df["per_win_lo"], df["per_win_hi"] = _wilson(df["count"], df["wins"])
    df["per_game"] = df["count"] / max(n, 1)
    df["per_game_lo"], df["per_game_hi"] = _wilson(df["count"], df["games"])
    return df.sort_values("count", ascending=False, kind="stable").reset_index(drop=True)


def distribution_table(st: GameStats, column: str) -> pd.DataFrame:
    """Distribution of a game column over the wins with Wilson 95% intervals."""
    if column not in DIST_COLUMNS:
        raise MjStatsError(f"no distribution of {column!r} is kept; choose one of "
                           f"{', '.join(DIST_COLUMNS)}")
    v, c = _hist(st, column)
    df = pd.DataFrame({column: v, "count": c})
    df["wins"] = st.n("wins")
    df["share"] = df["count"] / max(st.n("wins"), 1)
    df["ci_low"], df["ci_high"] = _wilson(df["count"], df["wins"])
    return df


def points_table(st: GameStats, by: str = "seat") -> pd.DataFrame:
    """Mean points per hand by ``seat`` (底家 = 3), ``bot`` or ``dealer``, with standard errors."""
    if by not in ("seat", "bot", "dealer"):
        raise MjStatsError(f"points by 'seat', 'bot' or 'dealer', got {by!r}")
    pre = f"grp/{by}/"
    groups = sorted({k[len(pre):].split("/")[0] for k in st if k.startswith(pre)})
    if by == "seat":
        groups = sorted(groups, key=int)
    rows = []
    for g in groups:
        base = f"{pre}{g}"
        n = st.n(f"{base}/n")
        row: dict = {by: int(g) if by == "seat" else g}
        se = {}
        for c in POINT_COLUMNS:
            s, sq = st.n(f"{base}/{c}_sum"), st.n(f"{base}/{c}_sq")
            row[c] = s / n
            se[c + "_se"] = (np.sqrt((n * sq - s * s) / (n * (n - 1))) / np.sqrt(n)
                             if n > 1 else float("nan"))
        row.update(se)
        row["hands"] = n
        row["win_rate"] = st.n(f"{base}/won") / n
        rows.append(row)
    return pd.DataFrame(rows)


def _avg_ranks(values: np.ndarray, counts: np.ndarray) -> dict[int, float]:
    """Average rank (1-based, ties averaged) of each distinct value."""
    below = np.cumsum(counts) - counts
    return {int(v): float(b + (c + 1) / 2) for v, b, c in zip(values, below, counts, strict=True)}


def scorings_table(st: GameStats) -> pd.DataFrame:
    """The three scorings on the same wins: payments per win and per hand, rank correlation."""
    n = st.n("games")
    rows = []
    for name, preset, pay, dj in _SCORINGS:
        v, c = _hist(st, pay)
        nw = int(c.sum())
        sx, sxx = int((v * c).sum()), int((v * v * c).sum())
        d = int((_hist(st, dj)[0] * _hist(st, dj)[1]).sum()) if dj else 0
        sd = np.sqrt((nw * sxx - sx * sx) / (nw * (nw - 1))) if nw > 1 else float("nan")
        rows.append({
            "scoring": name, "preset": preset, "wins": nw,
            "loser_mean": sx / nw if nw else np.nan,
            "loser_se": sd / np.sqrt(nw) if nw > 1 else np.nan,
            "loser_median": hist_quantile(v, c, 0.5),
            "loser_p90": hist_quantile(v, c, 0.9),
            "loser_max": float(v.max()) if nw else np.nan,
            "winner_mean": (2 * sx - d) / nw if nw else np.nan,
            "dijia_mean": d / nw if nw else np.nan,
            "dijia_share": d / (2 * sx) if sx > 0 else np.nan,
            "winner_per_hand": (2 * sx - d) / max(n, 1),
        })
    df = pd.DataFrame(rows)
    joint = [(tuple(int(x) for x in k[6:].split("|")), val) for k, val in st.items()
             if k.startswith("joint/")]
    if sum(val for _, val in joint) > 1:
        trip = np.array([t for t, _ in joint], np.int64)
        w = np.array([val for _, val in joint], np.float64)
        ranks = []
        for j, (_, _, pay, _) in enumerate(_SCORINGS):
            r = _avg_ranks(*_hist(st, pay))
            ranks.append(np.array([r[int(x)] for x in trip[:, j]]))
        R = np.stack(ranks)
        mean = (R * w).sum(axis=1) / w.sum()
        D = R - mean[:, None]
        cov = (D * w) @ D.T
        df["rank_corr_luzhou"] = cov[0] / np.sqrt(cov[0, 0] * np.diag(cov))
    return df


def _won_alike(st: GameStats) -> bool:
    """Whether every hand of a compared preset ended as under the first (all aligned)."""
    return st.n("pair/aligned") == st.n("pair/hands") == st.n("games")


def compare_table(results: dict) -> pd.DataFrame:
    """Headline figures of Da Er presets compared on the same deals, with paired differences.

    The Da Er counterpart of :func:`mjstats.results.games.compare_table`, with its
    columns: ``rules``, ``metric``, ``estimate``, ``ci_low``, ``ci_high`` and
    ``same_hands`` (every hand ended as under the first preset).  Per preset: the
    win rate (Wilson 95%), what each loser pays per win and per hand, what the
    底家 gets per hand and the dealer edge (dealer minus the mean of the two other
    players), with normal 95% intervals; after the first, ``difference: …`` rows
    from the ``pair/`` sums of :func:`daer_pair_stats` (the same paired interval as
    mahjong's, :func:`~mjstats.results.gamestats.pair_rows`): per win only where
    every hand was won alike, per hand and dealer edge always (paired by deal);
    ``attrs["notes"]`` say which are left out and why.  What the 底家 gets has
    no interval where it is 0 by construction (重庆 道 scoring).
    """
    rows, notes = [], []
    first = next(iter(results), None)
    for i, (name, r) in enumerate(results.items()):
        st = r.stats
        games, wins = st.n("games"), st.n("wins")
        same = i == 0 or _won_alike(st)
        if not same:
            notes.append(f"{name} against {first}: no difference per win: its hands did not "
                         f"end alike; per-hand differences paired by deal")
        v, c = _hist(st, "loser_pays")
        s, sq = int((v * c).sum()), int((v * v * c).sum())
        lo, hi = _wilson(st.n("end/win"), games)
        rows_r = [{"metric": "win rate", "estimate": st.n("end/win") / games if games else np.nan,
                   "ci_low": float(lo), "ci_high": float(hi)}]
        unit = "points each loser pays"
        for label, n in ((f"value per win ({unit})", wins), (f"value per hand ({unit})", games)):
            m, _, a, b = mean_interval(n, s, sq)
            rows_r.append({"metric": label, "estimate": m, "ci_low": a, "ci_high": b})
        m, _, a, b = mean_interval(st.n("grp/seat/3/n"), st.n("grp/seat/3/points_sum"),
                                   st.n("grp/seat/3/points_sq"))
        if _no_dijia(r.rules):  # 0 by construction: no interval
            a = b = np.nan
        rows_r.append({"metric": "底家 gets per hand", "estimate": m, "ci_low": a, "ci_high": b})
        m, _, a, b = mean_interval(games, st.n("edge2_sum"), st.n("edge2_sq"), scale=2)
        rows_r.append({"metric": "dealer edge", "estimate": m, "ci_low": a, "ci_high": b})
        rows_r += pair_rows(st, ([("win", f"value per win ({unit})", 1, True)] if same else [])
                            + [("hand", f"value per hand ({unit})", 1, True),
                               ("edge2", "dealer edge", 2, True)])
        rows += [dict(rules=name, same_hands=same, **x) for x in rows_r]
    out = pd.DataFrame(rows, columns=["rules", "metric", "estimate", "ci_low", "ci_high",
                                      "same_hands"])
    out.attrs["notes"] = notes
    return out


def _no_dijia(r) -> bool:
    """Whether the 底家 of rule set ``r`` is paid nothing by construction.

    重庆 道 scoring pays the 底家 nothing, and fouls pay it only with ``foul_pays_dijia``.
    """
    return r.scoring.name == "CHONGQING" and not r.foul_pays_dijia
