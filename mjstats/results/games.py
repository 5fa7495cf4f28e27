"""Summary tables of simulated games: patterns, values, waits, turns, payoffs, balance.

Every function takes the :class:`~mjstats.results.gamestats.GameStats` of a
run (exact integer sums collected chunk by chunk, so that no table needs the
per-seat rows and memory stays flat however many hands are played) and
returns a ``pandas.DataFrame`` with explicit columns; proportions carry
Wilson 95% intervals (:func:`mjstats.results.intervals.wilson`), means a
normal interval ``mean ± 1.96 se`` from the sums and sums of squares.

Balance (:func:`balance_table`): for each pattern its observed share of wins
``p``, the value rarity would imply (``-log2 p``) next to ``log2`` of the value
the rule set gives it, and the share of all win points paid by wins holding
the pattern — so rule sets can be compared point by point.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mjstats._choices import BOT_NAMES
from mjstats._format import number, table_text
from mjstats.errors import MjStatsError
from mjstats.results.gamestats import GameStats, pair_rows
from mjstats.results.intervals import Z95, mean_interval, ratio_interval, wilson

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


def _stats(x) -> GameStats:
    if not isinstance(x, GameStats):
        raise MjStatsError(f"tables need the GameStats of a run (SimResult.stats), got "
                           f"{type(x).__name__}")
    return x


def pattern_table(stats: GameStats, R) -> pd.DataFrame:
    """Pattern frequency: share of wins and of hands, with Wilson 95% intervals.

    Columns: ``pattern`` (key), ``zh``, ``en``, ``value`` (the rule set's value),
    ``wins`` (wins holding it), ``share_of_wins`` + interval, ``hands`` (hands
    where some win holds it), ``per_hand`` + interval.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> t = pattern_table(r.stats, r.rules)
    >>> bool(t.set_index("zh").loc["平胡", "share_of_wins"] > 0)
    True
    """
    st = _stats(stats)
    n_w, games = st.n("wins"), st.n("games")
    rows = []
    for i, p in enumerate(R.info):
        k = st.n(f"pat_wins/{p.key}")
        kh = st.n(f"pat_hands/{p.key}")
        s, slo, shi = _prop(k, n_w)
        h, hlo, hhi = _prop(kh, games)
        rows.append({"pattern": p.key, "zh": p.zh, "en": p.en, "value": int(R.values[i]),
                     "wins": k, "share_of_wins": s, "share_lo": slo, "share_hi": shi,
                     "hands": kh, "per_hand": h, "per_hand_lo": hlo, "per_hand_hi": hhi})
    return pd.DataFrame(rows)


def value_table(stats: GameStats, R) -> pd.DataFrame:
    """Expected value of a win and of a hand (after and before the cap).

    Rows: ``per win``, ``per self-drawn win``, ``per discard win``, ``per win
    before cap``, ``per hand`` (sum of win values of the hand); columns ``n``,
    ``mean``, ``sd``, ``ci_low``, ``ci_high``; plus ``capped share``.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> value_table(r.stats, r.rules)["metric"].tolist()[:2]
    ['per win', 'per self-drawn win']
    """
    st = _stats(stats)
    rows = []
    for name, g in (("per win", "win"), ("per self-drawn win", "self"),
                    ("per discard win", "discard"), ("per win before cap", "raw")):
        n = st.n(f"val_n/{g}")
        m, sd, lo, hi = mean_interval(n, st.n(f"val_sum/{g}"), st.n(f"val_sq/{g}"))
        rows.append({"metric": name, "unit": R.unit, "n": n, "mean": m, "sd": sd,
                     "ci_low": lo, "ci_high": hi})
    games = st.n("games")
    m, sd, lo, hi = mean_interval(games, st.n("hand_val_sum"), st.n("hand_val_sq"))
    rows.append({"metric": "per hand", "unit": R.unit, "n": games, "mean": m, "sd": sd,
                 "ci_low": lo, "ci_high": hi})
    p, lo, hi = _prop(st.n("capped"), st.n("wins"))
    rows.append({"metric": "capped share", "unit": "share", "n": st.n("wins"), "mean": p,
                 "sd": float("nan"), "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows)


def wait_table(stats: GameStats) -> pd.DataFrame:
    """Wait width and shape at the win: share of wins per category with intervals.

    Metrics: ``wait_kinds`` (kinds waited on), ``wait_live`` (live tiles),
    ``win_shape`` (the winning tile's shape; a tile can have several),
    ``wait_shape`` (the hand's shapes).

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> sorted(wait_table(r.stats)["metric"].unique())
    ['wait_kinds', 'wait_live', 'wait_shape', 'win_shape']
    """
    st = _stats(stats)
    n = st.n("wins")
    rows = []

    def add(metric, category, k):
        p, lo, hi = _prop(k, n)
        rows.append({"metric": metric, "category": category, "count": int(k), "n": n,
                     "share": p, "ci_low": lo, "ci_high": hi})

    for metric in ("wait_kinds", "wait_live"):
        for cat in st.categories(metric):
            add(metric, cat, st.n(f"{metric}/{cat}"))
    for metric in ("win_shape", "wait_shape"):
        for b, name in enumerate(_SHAPES):
            if metric == "win_shape" and b >= 5:  # 对出叫 / 赶场叫 / 坎倒板 belong to hands
                continue
            add(metric, name, st.n(f"{metric}/{b}"))
    return pd.DataFrame(rows, columns=["metric", "category", "count", "n", "share", "ci_low",
                                       "ci_high"])


def turn_table(stats: GameStats) -> pd.DataFrame:
    """Distribution of the winner's own turn (巡, draws made) at the win, by win order.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> float(turn_table(r.stats)["share"].sum()) > 0.99
    True
    """
    st = _stats(stats)
    n = st.n("wins")
    rows = []
    cum = 0
    for t in st.categories("turn"):
        by = [st.n(f"turn/{t}/{o}") for o in (1, 2, 3)]
        k = sum(by)
        cum += k
        p, lo, hi = _prop(k, n)
        rows.append({"turn": int(t), "wins": k, "share": p, "ci_low": lo, "ci_high": hi,
                     "cumulative": cum / n, "first": by[0], "second": by[1], "third": by[2]})
    return pd.DataFrame(rows, columns=["turn", "wins", "share", "ci_low", "ci_high",
                                       "cumulative", "first", "second", "third"])


def payoff_table(stats: GameStats, R=None) -> pd.DataFrame:
    """Mean result of a seat by position relative to the dealer, by bot, and the dealer edge.

    Columns: ``group``, ``n``, ``mean``, ``sd``, ``ci_low``, ``ci_high``,
    ``win_rate``, ``deal_in_rate`` (share of hands where the seat fed a win),
    and ``unit`` (of ``mean``, ``sd`` and the interval: the rule set ``R``'s;
    empty without ``R``).
    The dealer edge is, per hand, the dealer's result minus the mean of the
    three others (paired within the hand).  A group holding every seat of every
    hand ("all seats", or a bot that played all four seats) has mean 0 by
    construction (the payments are zero-sum): no interval.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> payoff_table(r.stats)["group"].tolist()[0]
    'dealer 庄'
    """
    st = _stats(stats)
    rows = []

    def row(name, g):
        n = st.n(f"pay_n/{g}")
        m, sd, lo, hi = mean_interval(n, st.n(f"pay_sum/{g}"), st.n(f"pay_sq/{g}"))
        if n and n == 4 * st.n("games"):
            lo = hi = np.nan  # every seat of every hand: 0 by construction (zero-sum)
        rows.append({"group": name, "n": n, "mean": m, "sd": sd, "ci_low": lo, "ci_high": hi,
                     "win_rate": st.n(f"pay_won/{g}") / n if n else np.nan,
                     "deal_in_rate": st.n(f"pay_fed/{g}") / n if n else np.nan})

    for p in range(4):
        row(_POSITION[p], f"pos{p}")
    for b in sorted({k.split("/")[2] for k in st if k.startswith("pay_n/bot/")},
                    key=_bot_order):
        row(f"bot {b}", f"bot/{b}")
    row("all seats", "all")
    n = st.n("games")
    m, sd, lo, hi = mean_interval(n, st.n("edge3_sum"), st.n("edge3_sq"), scale=3)
    rows.append({"group": "dealer edge (dealer - others)", "n": n, "mean": m, "sd": sd,
                 "ci_low": lo, "ci_high": hi, "win_rate": np.nan, "deal_in_rate": np.nan})
    return pd.DataFrame(rows).assign(unit="" if R is None else R.unit)


def _bot_order(name: str) -> tuple[int, str]:
    return (BOT_NAMES.index(name), name) if name in BOT_NAMES else (len(BOT_NAMES), name)


def outcome_table(stats: GameStats, R=None) -> pd.DataFrame:
    """Per-hand outcomes: draw rate, winners, 一炮多响, 抢杠, 花猪, with intervals.

    The first row is ``drawn (查叫)`` for the 血战 rule sets and ``drawn (no
    winner)`` for Liuzhou (``R.family``), where a dry wall ends without 查叫.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> outcome_table(r.stats, r.rules)["metric"].tolist()[0]
    'drawn (查叫)'
    """
    st = _stats(stats)
    n = st.n("games")
    rows = []

    def add(name, k):
        p, lo, hi = _prop(k, n)
        rows.append({"metric": name, "count": int(k), "n": n, "share": p, "ci_low": lo,
                     "ci_high": hi})

    chajiao = R is None or bool(R.missing_suit)
    add("drawn (查叫)" if chajiao else "drawn (no winner)", st.n("drawn"))
    for w in range(4):
        add(f"{w} winner" + ("" if w == 1 else "s"), st.n(f"winners/{w}"))
    add("一炮多响 (2+ winners on one tile)", st.n("multi"))
    add("抢杠 (kong robbed)", st.n("robbed"))
    add("any kong", st.n("kong_any"))
    if chajiao:
        add("花猪 at 查叫", st.n("huazhu"))
    add("engine error", st.n("error"))
    return pd.DataFrame(rows)


def balance_table(stats: GameStats, R) -> pd.DataFrame:
    """Each pattern's rarity against its value, and the share of points it pays.

    Columns: ``pattern``, ``zh``, ``en``, ``combine``, ``unit`` (the rule
    set's), ``value``, ``log2_value``, ``wins``, ``share_of_wins`` ``p`` with
    its Wilson 95% interval ``share_lo``, ``share_hi``; ``rarity_bits``
    (``-log2 p``, ``inf`` for a pattern never seen) with its interval
    ``rarity_lo``, ``rarity_hi`` (``-log2`` of the share's bounds: ``rarity_lo``
    is finite for every pattern); ``gap_bits`` (``log2_value - rarity_bits``;
    positive: paid more than its rarity implies, relative to the plain win),
    ``point_share`` (win points of wins holding the pattern / all win points;
    a win with two patterns counts for both, so the column does not sum to 1)
    with its normal 95% interval over hands ``point_share_lo``,
    ``point_share_hi`` (:func:`~mjstats.results.intervals.ratio_interval`;
    ``nan`` for sums saved without the ``pat_points_sq`` keys).  ``attrs``:
    ``seat_sd`` and ``seat_variance`` of a seat's result per hand.

    Examples
    --------
    >>> from mjstats.sim.simulate import simulate
    >>> r = simulate("sichuan", games=40, seed=2)
    >>> b = balance_table(r.stats, r.rules)
    >>> "rarity_bits" in b.columns and bool(b.attrs["seat_variance"] > 0)
    True
    """
    st = _stats(stats)
    n_w = st.n("wins")
    games = st.n("games")
    total = st.n("val_sum/win")
    rows = []
    for i, p in enumerate(R.info):
        v = int(R.values[i])
        if v <= 0:
            continue
        k = st.n(f"pat_wins/{p.key}")
        share, slo, shi = _prop(k, n_w)
        with np.errstate(divide="ignore"):
            rarity, rlo, rhi = (float(-np.log2(x)) if x > 0 else np.inf
                                for x in (share, shi, slo))
        lv = np.log2(v)
        if f"pat_points_sq/{p.key}" in st or not k:
            ps, plo, phi = ratio_interval(games, st.n(f"pat_points/{p.key}"), total,
                                          st.n(f"pat_points_sq/{p.key}"),
                                          st.n(f"pat_points_x/{p.key}"), st.n("hand_val_sq"))
            plo, phi = max(plo, 0.0), min(phi, 1.0)
        else:  # sums without the pat_points_sq keys: no interval
            ps, plo, phi = st.n(f"pat_points/{p.key}") / total if total else np.nan, np.nan, np.nan
        rows.append({"pattern": p.key, "zh": p.zh, "en": p.en, "combine": p.combine,
                     "unit": R.unit, "value": v, "log2_value": lv, "wins": k,
                     "share_of_wins": share, "share_lo": slo, "share_hi": shi,
                     "rarity_bits": rarity, "rarity_lo": rlo, "rarity_hi": rhi,
                     "gap_bits": lv - rarity, "point_share": ps, "point_share_lo": plo,
                     "point_share_hi": phi})
    df = pd.DataFrame(rows)
    _, sd, _, _ = mean_interval(st.n("pay_n/all"), st.n("pay_sum/all"), st.n("pay_sq/all"))
    df.attrs["seat_sd"] = sd
    df.attrs["seat_variance"] = sd * sd
    return df


def compare_table(results: dict) -> pd.DataFrame:
    """Headline figures of several simulations side by side (one row per metric and rule set).

    ``same_hands`` tells whether a result played exactly the same hands as the
    first one (presets of one region on one seed: equal win fingerprints,
    :mod:`mjstats.results.gamestats`).  Results of :func:`~mjstats.sim.simulate.compare`
    also carry the paired differences with the first preset (``pair/`` sums):
    rows ``difference: …`` give the mean of ``this - first`` with its 95%
    interval (normal, from the sd of the paired differences).  Value per win
    only where every hand was won alike (``same_hands``); value per hand and
    dealer edge where the preset's unit is the first's, draw rate and winners
    per hand always, hand ``i`` against hand ``i``.  On the same hands (or the
    same deals) the luck of the deal cancels and the interval is far narrower
    than the two presets' own intervals; on other tile sets the hands are
    independent and the interval is that of two independent samples.  The
    table's ``attrs["notes"]`` say which differences are left out and why.
    """
    rows, notes = [], []
    first = first_name = first_rules = None
    for name, r in results.items():
        st = r.stats
        if first is None:
            first, first_name, first_rules = st, name, r.rules
        same = (st.n("games") == first.n("games")
                and st.n("fingerprint") == first.n("fingerprint"))
        vt = value_table(st, r.rules).set_index("metric")
        pt = payoff_table(st).set_index("group")
        bal = balance_table(st, r.rules)
        drawn = _prop(st.n("drawn"), st.n("games"))
        games = st.n("games")
        w = np.arange(5)
        nw = np.array([st.n(f"winners/{k}") for k in w])
        wm, _, wlo, whi = mean_interval(games, st.n("winners_sum"), int((w * w * nw).sum()))
        rows_r = [
            {"metric": "draw rate", "estimate": drawn[0], "ci_low": drawn[1],
             "ci_high": drawn[2]},
            {"metric": "winners per hand", "estimate": wm, "ci_low": wlo, "ci_high": whi},
        ]
        for metric, label in (("per win", f"value per win ({r.rules.unit})"),
                              ("per hand", f"value per hand ({r.rules.unit})"),
                              ("capped share", "capped share of wins")):
            rows_r.append({"metric": label, "estimate": vt.loc[metric, "mean"],
                           "ci_low": vt.loc[metric, "ci_low"],
                           "ci_high": vt.loc[metric, "ci_high"]})
        rows_r.append({"metric": "seat result sd", "estimate": bal.attrs["seat_sd"],
                       "ci_low": np.nan, "ci_high": np.nan})
        e = pt.loc["dealer edge (dealer - others)"]
        rows_r.append({"metric": "dealer edge", "estimate": e["mean"], "ci_low": e["ci_low"],
                       "ci_high": e["ci_high"]})
        pr, note = _pair_rows(st, r.rules, first_rules, won_alike(first, st))
        rows_r += pr
        if note:
            notes.append(f"{name} against {first_name}: {note}")
        for _, b in bal.iterrows():
            rows_r.append({"metric": f"point share {b['zh']}", "estimate": b["point_share"],
                           "ci_low": np.nan, "ci_high": np.nan})
        rows += [dict(rules=name, same_hands=same, **x) for x in rows_r]
    out = pd.DataFrame(rows, columns=["rules", "metric", "estimate", "ci_low", "ci_high",
                                      "same_hands"])
    out.attrs["notes"] = notes
    return out


def won_alike(first: GameStats, st: GameStats) -> bool:
    """Whether a preset's run won exactly the hands of the first preset's run alike.

    Equal numbers of hands and equal win fingerprints (:mod:`mjstats.results.gamestats`)
    and, where ``st`` carries paired sums, every hand aligned: its paired
    differences are then per hand (the ``difference:`` rows of :func:`compare_table`).
    """
    same = (st.n("games") == first.n("games")
            and st.n("fingerprint") == first.n("fingerprint"))
    if "pair/hands" in st:
        same = same and st.n("pair/aligned") == st.n("pair/hands") == st.n("games")
    return same


def _pair_rows(st: GameStats, R, R0, alike: bool) -> tuple[list[dict], str]:
    """Paired-difference rows of :func:`compare_table` and why any are left out.

    None without ``pair/`` sums (the first preset).  Draw rate and winners per
    hand always (no unit); value per hand and dealer edge when the preset's
    unit is the first's (a difference of 倍 and 颗 means nothing); value per win
    only when every hand was won alike (otherwise the wins are not the same).
    """
    if not any(k.startswith("pair/") for k in st):
        return [], ""
    same_unit = R.unit == R0.unit
    metrics = [("win", f"value per win ({R.unit})", 1, True)] if same_unit and alike else []
    if same_unit:
        metrics += [("hand", f"value per hand ({R.unit})", 1, True),
                    ("edge3", "dealer edge", 3, True)]
    metrics += [("drawn", "draw rate", 1, True), ("winners", "winners per hand", 1, True)]
    note = ""
    if not same_unit:
        note = (f"no difference of values: its unit {R.unit} is not {R0.unit}; draw rate and "
                f"winners per hand paired by hand number")
    elif not alike:
        note = ("no difference per win: its hands were not won alike; per-hand differences "
                "paired by hand number")
    return pair_rows(st, metrics), note


def summary_text(r) -> str:
    """Every table of a :class:`~mjstats.sim.simulate.SimResult` as text."""
    parts = [f"{r.rules.name} ({r.rules.name_zh}): {r.n_games:,} hands, bots {', '.join(r.bots)}"]
    for title, t in (("outcomes", r.outcomes()), ("values", r.fan()),
                     ("patterns", r.patterns().query("wins > 0")),
                     ("waits at win", r.waits()), ("payoff", r.payoff()),
                     ("balance", r.balance()), ("win turn", r.turns())):
        parts.append(f"\n== {title} ==\n{table_text(t)}")
    b = r.balance()
    parts.append(f"\nseat result variance {number(b.attrs['seat_variance'])} "
                 f"(sd {number(b.attrs['seat_sd'])}) {r.rules.unit}^2")
    return "\n".join(parts)


# ----------------------------------------------------------------- skill

def skill_table(results: dict, reference: str | None = None) -> pd.DataFrame:
    """Each pattern's frequency and share of points under each bot, beside a reference bot.

    ``results`` maps a bot's name to the result of a run with that bot in every
    seat (``SimResult``: its ``patterns()`` and ``balance()``; one rule set, the
    same seed, so the same deals when no bot draws random numbers).  One row per
    pattern and bot: ``per_hand`` (hands where a win holds the pattern) with its
    Wilson interval, ``share_of_wins``, ``point_share`` with its interval, and
    ``ratio`` (``per_hand`` over the reference bot's, default the first) with
    the interval of the ratio of two independent proportions (Katz's log
    method; the runs share their deals, so it errs wide; none for the reference
    itself, whose ratio is 1 by construction).  Patterns the rule set
    scores, and any other seen, in the reference bot's order of frequency.
    """
    if not results:
        raise MjStatsError("skill_table needs the results of one or more bots")
    bots = list(results)
    ref = bots[0] if reference is None else reference
    if ref not in results:
        raise MjStatsError(f"reference bot {ref!r} is not among {bots}")
    frames = []
    for bot, r in results.items():
        p = r.patterns().set_index("pattern")
        b = r.balance().set_index("pattern")
        d = p[["zh", "en", "value", "wins", "hands", "per_hand", "per_hand_lo", "per_hand_hi",
               "share_of_wins"]].copy()
        for c in ("point_share", "point_share_lo", "point_share_hi"):
            d[c] = b[c].reindex(d.index)
        d["n"] = int(r.n_games)
        d["bot"] = bot
        frames.append(d.reset_index())
    out = pd.concat(frames, ignore_index=True)
    base = out[out["bot"] == ref].set_index("pattern")
    keep = base.index[(base["value"] > 0) | (out.groupby("pattern")["wins"].sum()
                                               .reindex(base.index) > 0)]
    order = {k: i for i, k in enumerate(base.loc[keep].sort_values(
        ["per_hand", "value"], ascending=[False, True], kind="stable").index)}
    out = out[out["pattern"].isin(order)].copy()
    k1, n1 = out["hands"].to_numpy(float), out["n"].to_numpy(float)
    k0 = base["hands"].reindex(out["pattern"]).to_numpy(float)
    n0 = base["n"].reindex(out["pattern"]).to_numpy(float)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = (k1 / n1) / (k0 / n0)
        se = np.sqrt(1 / k1 - 1 / n1 + 1 / k0 - 1 / n0)
        out["ratio"] = np.where(k0 > 0, ratio, np.nan)
        ok = (k0 > 0) & (k1 > 0)
        ok = ok & (out["bot"] != ref).to_numpy()  # the reference's own ratio is 1 exactly
        out["ratio_lo"] = np.where(ok, ratio * np.exp(-Z95 * se), np.nan)
        out["ratio_hi"] = np.where(ok, ratio * np.exp(Z95 * se), np.nan)
    out["_o"] = out["pattern"].map(order)
    out["_b"] = out["bot"].map({b: i for i, b in enumerate(bots)})
    out = out.sort_values(["_o", "_b"], kind="stable").drop(columns=["_o", "_b"])
    cols = ["pattern", "zh", "en", "value", "bot", "n", "wins", "hands", "per_hand",
            "per_hand_lo", "per_hand_hi", "share_of_wins", "point_share", "point_share_lo",
            "point_share_hi", "ratio", "ratio_lo", "ratio_hi"]
    return out[cols].reset_index(drop=True)


# ----------------------------------------------------------------- convergence

CHUNK_KEYS = ("games", "drawn", "hand_val_sum", "hand_val_sq")
"""The sums of each runner chunk kept for :func:`convergence_table` (hands, drawn
hands, sum and sum of squares of a hand's win values)."""


def chunk_row(st: GameStats) -> dict[str, int]:
    """The :data:`CHUNK_KEYS` sums of one chunk's stats."""
    return {k: st.n(k) for k in CHUNK_KEYS}


def chunk_frame(rows: list[dict[str, int]]) -> pd.DataFrame:
    """Chunk rows (:func:`chunk_row`) in hand order as a frame with :data:`CHUNK_KEYS` columns."""
    return pd.DataFrame(rows, columns=list(CHUNK_KEYS), dtype="int64")


def _convergence_metrics(R) -> tuple[tuple[str, str], ...]:
    return ((f"value per hand ({R.unit})", "hand_val"), ("draw rate", "drawn"))


def _estimate(n, c: pd.Series | dict, key: str) -> tuple[float, float, float, float]:
    """Estimate, its standard error and 95% interval of ``key`` from sums over ``n`` hands."""
    if key == "drawn":
        p, lo, hi = _prop(c["drawn"], n)
        return p, (np.sqrt(p * (1 - p) / n) if n else np.nan), lo, hi
    m, sd, lo, hi = mean_interval(n, c["hand_val_sum"], c["hand_val_sq"])
    return m, (sd / np.sqrt(n) if n > 1 else np.nan), lo, hi


def convergence_table(chunks: pd.DataFrame, R) -> pd.DataFrame:
    """Running estimates of value per hand and draw rate after each chunk, with 95% intervals.

    One row per chunk and metric: ``hands`` played so far, ``estimate``,
    ``ci_low``, ``ci_high`` (value per hand: normal from the exact sums; draw
    rate: Wilson), over every hand up to that chunk; :func:`convergence_check`
    sums it up.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> c = chunk_frame([{"games": 100, "drawn": 20, "hand_val_sum": 400, "hand_val_sq": 2600},
    ...                  {"games": 100, "drawn": 30, "hand_val_sum": 500, "hand_val_sq": 3300}])
    >>> t = convergence_table(c, SimpleNamespace(unit="倍"))
    >>> t[t["metric"] == "draw rate"][["hands", "estimate"]].to_numpy().tolist()
    [[100.0, 0.2], [200.0, 0.25]]
    """
    cum = chunks.cumsum()
    rows = []
    for j, c in cum.iterrows():
        n = int(c["games"])
        for label, key in _convergence_metrics(R):
            m, _se, lo, hi = _estimate(n, c, key)
            rows.append({"chunk": int(j) + 1, "hands": n, "metric": label, "estimate": m,
                         "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows, columns=["chunk", "hands", "metric", "estimate", "ci_low",
                                       "ci_high"])


def convergence_check(chunks: pd.DataFrame, R) -> pd.DataFrame:
    """Whether the headline estimates have settled and their intervals are honest.

    Per metric (value per hand, draw rate): the estimate over every hand with
    its 95% interval; the estimates of the first and second half of the chunks
    and ``z_halves``, their difference in standard errors (about N(0, 1) when
    both halves estimate the same thing: |z| > 2 one time in twenty); and the
    batch-means check over the ``batches`` chunks: ``se_ratio``, the standard
    error from the spread of the chunk means (weighted by their hands,
    ``K / (K - 1) * sum (n_j / N)^2 (m_j - m)^2``) over the interval's own, about
    1 when the hands are independent (its sd about ``1 / sqrt(2 (K - 1))``), far
    above 1 when they are not and the intervals are too narrow.
    """
    rows = []
    tot = chunks.sum()
    k = len(chunks)
    half = (k + 1) // 2
    n_all = int(tot["games"]) if k else 0
    for label, key in _convergence_metrics(R):
        m, se, lo, hi = _estimate(n_all, tot, key)
        row = {"metric": label, "hands": n_all, "estimate": m, "ci_low": lo, "ci_high": hi,
               "first_half": np.nan, "second_half": np.nan, "z_halves": np.nan,
               "batches": k, "se_ratio": np.nan}
        if k >= 2:
            a, b = chunks.iloc[:half].sum(), chunks.iloc[half:].sum()
            ma, sa, _, _ = _estimate(int(a["games"]), a, key)
            mb, sb, _, _ = _estimate(int(b["games"]), b, key)
            se_ab = np.hypot(sa, sb)
            row.update(first_half=ma, second_half=mb,
                       z_halves=(mb - ma) / se_ab if se_ab > 0 else np.nan)
            n_j = chunks["games"].to_numpy(dtype=np.float64)
            m_j = np.array([_estimate(int(c["games"]), c, key)[0] for _, c in chunks.iterrows()])
            se_batch = np.sqrt(k / (k - 1) * np.sum((n_j / n_all) ** 2 * (m_j - m) ** 2))
            row["se_ratio"] = se_batch / se if se > 0 else np.nan
        rows.append(row)
    return pd.DataFrame(rows)
