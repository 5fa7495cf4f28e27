"""Summary tables of simulated games: patterns, values, waits, turns, payoffs, balance.

Every function takes the record DataFrames of :mod:`mjstats.sim.records`
(``seats``: one row per hand and seat; ``hands``: one row per hand) and
returns a ``pandas.DataFrame`` with explicit columns; proportions carry
Wilson 95% intervals (:func:`mjstats.results.intervals.wilson`), means a
normal interval ``mean ± 1.96 se``.

Balance (:func:`balance_table`): for each pattern its observed share of wins
``p``, the value rarity would imply (``-log2 p``) next to ``log2`` of the value
the rule set gives it, and the share of all win points paid by wins holding
the pattern — so rule sets can be compared point by point.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mjstats.results.intervals import normal_quantile, wilson

Z95 = normal_quantile(0.975)

_POSITION = ("dealer 庄", "next 下家", "opposite 对家", "previous 上家")
_SHAPES = ("两边 ryanmen", "边张 edge", "卡张 closed", "单钓 pair_wait", "对出叫 double_pong",
           "赶场叫 ganchang", "坎倒板 kandaoban")


def _prop(k, n) -> tuple[float, float, float]:
    k = int(k)
    n = int(n)
    if n == 0:
        return float("nan"), 0.0, 1.0
    lo, hi = wilson(k, n)
    return k / n, float(lo), float(hi)


def _mean(x) -> tuple[float, float, float, float]:
    x = np.asarray(x, dtype=np.float64)
    n = x.size
    if n == 0:
        return float("nan"), float("nan"), float("nan"), float("nan")
    m = float(x.mean())
    sd = float(x.std(ddof=1)) if n > 1 else 0.0
    se = sd / np.sqrt(n) if n > 1 else 0.0
    return m, sd, m - Z95 * se, m + Z95 * se


def _wins(seats: pd.DataFrame) -> pd.DataFrame:
    return seats[seats["won"] > 0]


def pattern_table(seats: pd.DataFrame, R, games: int | None = None) -> pd.DataFrame:
    """Pattern frequency: share of wins and of hands, with Wilson 95% intervals.

    Columns: ``pattern`` (key), ``zh``, ``en``, ``value`` (the rule set's value),
    ``wins`` (wins holding it), ``share_of_wins`` + interval, ``hands`` (hands
    where some win holds it), ``per_hand`` + interval.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> t = pattern_table(r.seats, r.rules, 40)
    >>> bool(t.set_index("zh").loc["平胡", "share_of_wins"] > 0)
    True
    """
    w = _wins(seats)
    n_w = len(w)
    games = int(seats["game"].nunique()) if games is None else int(games)
    rows = []
    for i, p in enumerate(R.info):
        col = f"pat_{p.key}"
        has = w[col] > 0
        k = int(has.sum())
        kh = int(w.loc[has, "game"].nunique())
        s, slo, shi = _prop(k, n_w)
        h, hlo, hhi = _prop(kh, games)
        rows.append({"pattern": p.key, "zh": p.zh, "en": p.en, "value": int(R.values[i]),
                     "wins": k, "share_of_wins": s, "share_lo": slo, "share_hi": shi,
                     "hands": kh, "per_hand": h, "per_hand_lo": hlo, "per_hand_hi": hhi})
    return pd.DataFrame(rows)


def value_table(seats: pd.DataFrame, R, games: int | None = None) -> pd.DataFrame:
    """Expected value of a win and of a hand (after and before the cap).

    Rows: ``per win``, ``per self-drawn win``, ``per discard win``, ``per hand``
    (sum of win values of the hand), ``per win before cap``; columns ``n``,
    ``mean``, ``sd``, ``ci_low``, ``ci_high``; plus ``capped share``.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> value_table(r.seats, r.rules, 40)["metric"].tolist()[:2]
    ['per win', 'per self-drawn win']
    """
    w = _wins(seats)
    games = int(seats["game"].nunique()) if games is None else int(games)
    rows = []
    for name, x in (("per win", w["value"]),
                    ("per self-drawn win", w.loc[w["self_draw"] == 1, "value"]),
                    ("per discard win", w.loc[w["self_draw"] == 0, "value"]),
                    ("per win before cap", w["value_raw"])):
        m, sd, lo, hi = _mean(x)
        rows.append({"metric": name, "unit": R.unit, "n": len(x), "mean": m, "sd": sd,
                     "ci_low": lo, "ci_high": hi})
    per_hand = np.zeros(games)
    if len(w):
        s = w.groupby("game")["value"].sum()
        idx = (s.index.to_numpy() - seats["game"].min()).astype(np.int64)
        per_hand[idx[idx < games]] = s.to_numpy()[idx < games]
    m, sd, lo, hi = _mean(per_hand)
    rows.append({"metric": "per hand", "unit": R.unit, "n": games, "mean": m, "sd": sd,
                 "ci_low": lo, "ci_high": hi})
    k = int((w["value_raw"] > w["value"]).sum())
    p, lo, hi = _prop(k, len(w))
    rows.append({"metric": "capped share", "unit": "share", "n": len(w), "mean": p,
                 "sd": float("nan"), "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows)


def wait_table(seats: pd.DataFrame) -> pd.DataFrame:
    """Wait width and shape at the win: share of wins per category with intervals.

    Metrics: ``wait_kinds`` (kinds waited on), ``wait_live`` (live tiles),
    ``win_shape`` (the winning tile's shape; a tile can have several),
    ``wait_shape`` (the hand's shapes).

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> sorted(wait_table(r.seats)["metric"].unique())
    ['wait_kinds', 'wait_live', 'wait_shape', 'win_shape']
    """
    w = _wins(seats)
    n = len(w)
    rows = []
    for metric in ("wait_kinds", "wait_live"):
        vc = w[metric].value_counts().sort_index()
        for cat, k in vc.items():
            p, lo, hi = _prop(k, n)
            rows.append({"metric": metric, "category": str(int(cat)), "count": int(k), "n": n,
                         "share": p, "ci_low": lo, "ci_high": hi})
    for metric in ("win_shape", "wait_shape"):
        bits = w[metric].to_numpy()
        for b, name in enumerate(_SHAPES):
            k = int(((bits >> b) & 1).sum())
            if metric == "win_shape" and b >= 5:
                continue
            p, lo, hi = _prop(k, n)
            rows.append({"metric": metric, "category": name, "count": k, "n": n, "share": p,
                         "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows, columns=["metric", "category", "count", "n", "share", "ci_low",
                                       "ci_high"])


def turn_table(seats: pd.DataFrame) -> pd.DataFrame:
    """Distribution of the winner's own turn (巡, draws made) at the win, by win order.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> float(turn_table(r.seats)["share"].sum()) > 0.99
    True
    """
    w = _wins(seats)
    n = len(w)
    vc = w["win_turn"].value_counts().sort_index()
    rows = []
    cum = 0
    for t, k in vc.items():
        cum += int(k)
        p, lo, hi = _prop(k, n)
        rows.append({"turn": int(t), "wins": int(k), "share": p, "ci_low": lo, "ci_high": hi,
                     "cumulative": cum / n,
                     "first": int(((w["win_turn"] == t) & (w["won"] == 1)).sum()),
                     "second": int(((w["win_turn"] == t) & (w["won"] == 2)).sum()),
                     "third": int(((w["win_turn"] == t) & (w["won"] == 3)).sum())})
    return pd.DataFrame(rows, columns=["turn", "wins", "share", "ci_low", "ci_high",
                                       "cumulative", "first", "second", "third"])


def _positions(seats: pd.DataFrame) -> np.ndarray:
    d = seats.loc[seats["dealer"], ["game", "seat"]].set_index("game")["seat"]
    dealer_seat = seats["game"].map(d).to_numpy()
    return (seats["seat"].to_numpy().astype(np.int64) - dealer_seat) % 4


def payoff_table(seats: pd.DataFrame) -> pd.DataFrame:
    """Mean result of a seat by position relative to the dealer, by bot, and the dealer edge.

    Columns: ``group``, ``n``, ``mean``, ``sd``, ``ci_low``, ``ci_high``,
    ``win_rate``, ``deal_in_rate`` (share of hands where the seat fed a win).

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> payoff_table(r.seats)["group"].tolist()[0]
    'dealer 庄'
    """
    pos = _positions(seats)
    fed = np.zeros(len(seats), dtype=bool)
    w = _wins(seats)
    if len(w):
        key = set(zip(w["game"].to_numpy().tolist(), w["win_from"].to_numpy().tolist(),
                      strict=True))
        fed = np.array([(g, s) in key for g, s in zip(seats["game"].to_numpy().tolist(),
                                                       seats["seat"].to_numpy().tolist(),
                                                       strict=True)])
    rows = []

    def row(name, mask):
        x = seats.loc[mask, "pay_total"]
        m, sd, lo, hi = _mean(x)
        n = int(mask.sum())
        rows.append({"group": name, "n": n, "mean": m, "sd": sd, "ci_low": lo, "ci_high": hi,
                     "win_rate": float((seats.loc[mask, "won"] > 0).mean()) if n else np.nan,
                     "deal_in_rate": float(fed[np.asarray(mask)].mean()) if n else np.nan})

    for p in range(4):
        row(_POSITION[p], pos == p)
    for b in seats["bot"].cat.categories:
        m = (seats["bot"] == b).to_numpy()
        if m.any():
            row(f"bot {b}", m)
    row("all seats", np.ones(len(seats), dtype=bool))
    # dealer edge: dealer minus the mean of the three others, per hand (paired)
    x = seats["pay_total"].to_numpy().astype(np.float64)
    g = seats["game"].to_numpy()
    dealer_res = pd.Series(x[pos == 0], index=g[pos == 0])
    others = pd.Series(x[pos != 0], index=g[pos != 0]).groupby(level=0).mean()
    edge = (dealer_res - others.reindex(dealer_res.index)).to_numpy()
    m, sd, lo, hi = _mean(edge)
    rows.append({"group": "dealer edge (dealer - others)", "n": len(edge), "mean": m, "sd": sd,
                 "ci_low": lo, "ci_high": hi, "win_rate": np.nan, "deal_in_rate": np.nan})
    return pd.DataFrame(rows)


def outcome_table(hands: pd.DataFrame) -> pd.DataFrame:
    """Per-hand outcomes: draw (查叫) rate, winners, 一炮多响, 抢杠, 花猪, with intervals.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> outcome_table(r.hands)["metric"].tolist()[0]
    'drawn (查叫)'
    """
    n = len(hands)
    rows = []

    def add(name, k):
        p, lo, hi = _prop(k, n)
        rows.append({"metric": name, "count": int(k), "n": n, "share": p, "ci_low": lo,
                     "ci_high": hi})

    add("drawn (查叫)", hands["drawn"].sum())
    for w in range(4):
        add(f"{w} winners", (hands["n_winners"] == w).sum())
    add("一炮多响 (2+ winners on one tile)", (hands["max_multi"] >= 2).sum())
    add("抢杠 (kong robbed)", (hands["n_robbed"] > 0).sum())
    add("any kong", (hands["n_kongs"] > 0).sum())
    add("花猪 at 查叫", (hands["n_huazhu"] > 0).sum())
    add("engine error", (hands["error"] != 0).sum())
    return pd.DataFrame(rows)


def balance_table(seats: pd.DataFrame, R, games: int | None = None) -> pd.DataFrame:
    """Each pattern's rarity against its value, and the share of points it pays.

    Columns: ``pattern``, ``zh``, ``value``, ``log2_value``, ``share_of_wins``
    ``p``, ``rarity_bits`` (``-log2 p``), ``gap_bits`` (``log2_value -
    rarity_bits``; positive: paid more than its rarity implies, relative to
    the plain win), ``point_share`` (win points of wins holding the pattern /
    all win points).  ``attrs``: ``seat_sd`` and ``seat_variance`` of a seat's
    result per hand.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> b = balance_table(r.seats, r.rules, 40)
    >>> "rarity_bits" in b.columns and bool(b.attrs["seat_variance"] > 0)
    True
    """
    w = _wins(seats)
    total = float(w["value"].sum())
    rows = []
    for i, p in enumerate(R.info):
        v = int(R.values[i])
        if v <= 0:
            continue
        has = (w[f"pat_{p.key}"] > 0).to_numpy()
        k = int(has.sum())
        share = k / len(w) if len(w) else np.nan
        rarity = -np.log2(share) if k else np.inf
        lv = np.log2(v) if v > 0 else np.nan
        rows.append({"pattern": p.key, "zh": p.zh, "combine": p.combine, "value": v,
                     "log2_value": lv, "wins": k, "share_of_wins": share,
                     "rarity_bits": rarity, "gap_bits": lv - rarity,
                     "point_share": float(w.loc[has, "value"].sum()) / total if total else np.nan})
    df = pd.DataFrame(rows)
    x = seats["pay_total"].to_numpy().astype(np.float64)
    df.attrs["seat_variance"] = float(x.var(ddof=1)) if x.size > 1 else float("nan")
    df.attrs["seat_sd"] = float(x.std(ddof=1)) if x.size > 1 else float("nan")
    return df


def compare_table(results: dict) -> pd.DataFrame:
    """Headline figures of several simulations side by side (one row per metric and rule set).

    ``same_hands`` tells whether a result played exactly the same hands as the
    first one (presets of one region on one seed), so differences are paired.
    """
    rows = []
    first = None
    for name, r in results.items():
        s, h = r.seats, r.hands
        same = False
        if first is None:
            first = r
            same = True
        elif len(s) == len(first.seats):
            same = bool((s["win_tile"].to_numpy() == first.seats["win_tile"].to_numpy()).all()
                        and (s["won"].to_numpy() == first.seats["won"].to_numpy()).all())
        vt = value_table(s, r.rules, r.games).set_index("metric")
        pt = payoff_table(s).set_index("group")
        bal = balance_table(s, r.rules, r.games)
        drawn = _prop(int(h["drawn"].sum()), len(h))
        rows += [
            {"rules": name, "metric": "draw rate (查叫)", "estimate": drawn[0],
             "ci_low": drawn[1], "ci_high": drawn[2]},
            {"rules": name, "metric": "winners per hand", "estimate": h["n_winners"].mean(),
             "ci_low": np.nan, "ci_high": np.nan},
            {"rules": name, "metric": f"value per win ({r.rules.unit})",
             "estimate": vt.loc["per win", "mean"], "ci_low": vt.loc["per win", "ci_low"],
             "ci_high": vt.loc["per win", "ci_high"]},
            {"rules": name, "metric": f"value per hand ({r.rules.unit})",
             "estimate": vt.loc["per hand", "mean"], "ci_low": vt.loc["per hand", "ci_low"],
             "ci_high": vt.loc["per hand", "ci_high"]},
            {"rules": name, "metric": "capped share of wins",
             "estimate": vt.loc["capped share", "mean"],
             "ci_low": vt.loc["capped share", "ci_low"],
             "ci_high": vt.loc["capped share", "ci_high"]},
            {"rules": name, "metric": "seat result sd", "estimate": bal.attrs["seat_sd"],
             "ci_low": np.nan, "ci_high": np.nan},
            {"rules": name, "metric": "dealer edge",
             "estimate": pt.loc["dealer edge (dealer - others)", "mean"],
             "ci_low": pt.loc["dealer edge (dealer - others)", "ci_low"],
             "ci_high": pt.loc["dealer edge (dealer - others)", "ci_high"]},
        ]
        for _, b in bal.iterrows():
            rows.append({"rules": name, "metric": f"point share {b['zh']}",
                         "estimate": b["point_share"], "ci_low": np.nan, "ci_high": np.nan})
        for row in rows[-(7 + len(bal)):]:
            row["same_hands"] = same
    return pd.DataFrame(rows, columns=["rules", "metric", "estimate", "ci_low", "ci_high",
                                       "same_hands"])


def summary_text(r) -> str:
    """Every table of a :class:`~mjstats.sim.simulate.SimResult` as text."""
    parts = [f"{r.rules.name} ({r.rules.name_zh}): {r.games:,} hands, bots {', '.join(r.bots)}"]
    with pd.option_context("display.width", 200, "display.max_rows", 500,
                           "display.float_format", "{:.4g}".format):
        for title, t in (("outcomes", r.outcomes()), ("values", r.fan()),
                         ("patterns", r.patterns().query("wins > 0")),
                         ("waits at win", r.waits()), ("payoff", r.payoff()),
                         ("balance", r.balance()), ("win turn", r.turns())):
            parts.append(f"\n== {title} ==\n{t.to_string(index=False)}")
    b = r.balance()
    parts.append(f"\nseat result variance {b.attrs['seat_variance']:.4g} "
                 f"(sd {b.attrs['seat_sd']:.4g}) {r.rules.unit}^2")
    return "\n".join(parts)
