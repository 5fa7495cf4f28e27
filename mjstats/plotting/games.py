"""Charts of simulated games (:func:`mjstats.simulate` result tables).

Each function takes one table or a ``{rule set name: table}`` mapping (to
compare rule sets).  Quantities whose unit or rows differ between rule sets
(pattern frequency, value against rarity, share of points, payoff) are small
multiples: one panel per rule set, each with its own patterns and unit; these
return the ``Figure`` (its ``axes`` are the panels).  Distributions that share
one scale (waits, turns) are one ``Axes`` with a series per rule set; rule sets
with identical outcomes (presets that play the same hands and differ only in
scoring) are drawn once and named together in the legend.  Every estimate has
its 95% interval; an estimate from fewer than five wins is faded and hollow; a
pattern never seen is drawn at the bound of its interval, never at infinity.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.plotting.panels import dot_rows, facet, row_labels, row_positions, wrapped
from mjstats.plotting.style import (
    COLUMN,
    FEW,
    GREY,
    PALETTE,
    WIDE,
    bilingual,
    chart,
    few_legend_handles,
    group_label,
    legend,
    new_axes,
    new_figure,
    offset,
    rule_set_label,
    same_groups,
    series_style,
    unit_label,
    wrap,
    yerr,
)


def _as_map(tables) -> dict[str, pd.DataFrame]:
    if isinstance(tables, pd.DataFrame):
        return {"": tables}
    if isinstance(tables, Mapping) and tables:
        return dict(tables)
    raise MjStatsError("pass a result table or a {rule set: table} mapping")


def _need(df: pd.DataFrame, cols, what: str) -> None:
    """Check a chart's table; ``what`` names its maker (a SimResult method or a dotted name)."""
    maker = what if "." in what else f"SimResult.{what}"
    if not isinstance(df, pd.DataFrame):
        raise MjStatsError(f"pass {maker}() tables, got {type(df).__name__}")
    missing = [c for c in cols if c not in df.columns]
    if missing:
        raise MjStatsError(f"the table lacks columns {missing}; pass {maker}()")


def _pattern_name(row) -> str:
    return wrapped(row["zh"], row.get("en", ""))


def _pattern_panels(rows: dict[str, pd.DataFrame]):
    """One panel per rule set, sized to its pattern rows (names wrapped, :func:`facet`).

    Returns the figure and, per rule set in order, ``(rules, ax, rows, labels, y)``:
    its Axes, its rows, their bilingual labels and their positions.
    """
    labels = {k: [_pattern_name(r) for _, r in d.iterrows()] for k, d in rows.items()}
    fig, axes = facet({k: sum(1 + 0.8 * x.count("\n") for x in lab)
                       for k, lab in labels.items()})
    return fig, [(k, axes[k], d, labels[k], row_positions(labels[k])) for k, d in rows.items()]


def _n_from(df: pd.DataFrame, k: str, p: str) -> int | None:
    """The denominator of a proportion column, from any row with a count."""
    d = df[(df[k] > 0) & (df[p] > 0)]
    return None if d.empty else int(round(float(d[k].iloc[0]) / float(d[p].iloc[0])))


def _title(ax, name: str, n: int | None, what: str) -> None:
    """A panel's title, right-aligned (it may reach over the row labels): rule set, sample."""
    head = rule_set_label(name)
    tail = f"{n:,} {what}" if n is not None else ""
    ax.set_title(" — ".join(x for x in (head, tail) if x), loc="right")


def _finish_facets(fig, title: str, handles, note: str | None = None, ncol: int = 4):
    """The figure's title on top; the legend of the marks (under the note, if any) below."""
    fig.suptitle(title)
    if handles or note:
        leg = fig.legend(handles=handles, loc="outside lower center",
                         ncol=max(1, min(len(handles), ncol if fig.get_figwidth() >= WIDE else 1)),
                         columnspacing=1.2,
                         title=wrap(note, 120) if note else None)
        if note:
            leg.get_title().set_color(GREY)
    return fig


@chart
def plot_pattern_frequency(patterns, per: str = "per_hand"):
    """How often each pattern comes, one panel per rule set, log scale, 95% intervals.

    Each panel lists the rule set's patterns (scored ones, and any other seen
    in a win), most frequent first, named in Chinese and English.  Patterns
    never seen are drawn at the upper bound of their interval (a triangle
    pointing left: less often than this).

    Parameters
    ----------
    patterns : DataFrame or mapping
        ``SimResult.patterns()`` tables, one or ``{rule set: table}``.
    per : {"per_hand", "share_of_wins"}
        Hands where some win holds the pattern, per hand; or wins holding it,
        per win.

    Returns
    -------
    matplotlib.figure.Figure
        One Axes per rule set in ``fig.axes``.
    """
    if per not in ("per_hand", "share_of_wins"):
        raise MjStatsError(f"per must be 'per_hand' or 'share_of_wins', got {per!r}")
    maps = _as_map(patterns)
    lo, hi = ("per_hand_lo", "per_hand_hi") if per == "per_hand" else ("share_lo", "share_hi")
    count = "hands" if per == "per_hand" else "wins"
    rows = {}
    for rules, df in maps.items():
        _need(df, ["pattern", "zh", "en", "value", "wins", count, per, lo, hi], "patterns")
        d = df[(df["value"] > 0) | (df["wins"] > 0)]
        rows[rules] = d.sort_values([per, "value"], ascending=[False, True], kind="stable")
    fig, panels = _pattern_panels(rows)
    what = ("每局出现率", "per hand") if per == "per_hand" else ("占胡牌比例", "share of wins")
    for rules, ax, d, labels, y in panels:
        dot_rows(ax, y, d[per], d[lo], d[hi], d["wins"], PALETTE[0], unseen="<")
        row_labels(ax, y, labels, (d["wins"] < FEW).to_numpy())
        ax.set_xscale("log")
        ax.set_xlabel(wrap(bilingual(*what) + " (log)", 30))
        ax.set_ylabel(bilingual("牌型", "pattern"))
        n = _n_from(d, count, per)
        _title(ax, rules, n, "hands" if per == "per_hand" else "wins")
    return _finish_facets(fig, bilingual("牌型频率", "how often each pattern comes"),
                          few_legend_handles(unseen="<"))


@chart
def plot_fan_vs_rarity(balance):
    """Each pattern's value beside its rarity, in bits, one panel per rule set.

    A pattern priced at its rarity has its value (log2 of its value in the rule
    set's unit: a diamond) on its rarity (-log2 of its share of wins, with the
    share's Wilson 95% interval: a dot); the grey bar between them is the gap.
    A pattern never seen is a triangle at the lower bound of its rarity (rarer
    than this).

    Parameters
    ----------
    balance : DataFrame or mapping
        ``SimResult.balance()`` tables, one or ``{rule set: table}``.

    Returns
    -------
    matplotlib.figure.Figure
        One Axes per rule set in ``fig.axes``.
    """
    maps = _as_map(balance)
    rows = {}
    for rules, df in maps.items():
        _need(df, ["pattern", "zh", "en", "unit", "log2_value", "wins", "share_of_wins",
                   "rarity_bits", "rarity_lo", "rarity_hi"], "balance")
        if df.empty:  # a rule set with no rows has no panel
            continue
        rows[rules] = df.assign(_r=np.where(df["wins"] > 0, df["rarity_bits"],
                                            df["rarity_lo"] + 1e3)).sort_values(
            ["_r", "log2_value"], kind="stable")
    if not rows:
        raise MjStatsError("the SimResult.balance() tables have no rows: nothing to draw")
    fig, panels = _pattern_panels(rows)
    rarity_c, value_c = PALETTE[0], PALETTE[5]
    for rules, ax, d, labels, y in panels:
        seen = (d["wins"] > 0).to_numpy()
        at = np.where(seen, d["rarity_bits"], d["rarity_lo"])
        lv = d["log2_value"].to_numpy(dtype=float)
        ax.hlines(y, np.minimum(at, lv), np.maximum(at, lv), color="0.82", lw=2.2, zorder=1)
        hi = np.where(np.isfinite(d["rarity_hi"]), d["rarity_hi"], d["rarity_lo"])
        dot_rows(ax, y, at, d["rarity_lo"], hi, d["wins"], rarity_c, unseen=">")
        ax.plot(lv, y, marker="D", ls="none", color=value_c, markersize=4, zorder=4)
        row_labels(ax, y, labels, (d["wins"] < FEW).to_numpy())
        ax.set_xlim(left=min(-0.3, float(np.nanmin(lv)) - 0.3))
        unit = unit_label(str(d["unit"].iloc[0])) if len(d) else ""
        ax.set_xlabel(bilingual("比特", "bits") + "\n" + bilingual("价值", "value")
                      + f": log2 {unit}")
        ax.set_ylabel(bilingual("牌型", "pattern"))
        _title(ax, rules, _n_from(d, "wins", "share_of_wins"), "wins")
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=rarity_c, marker="o", lw=1.0,
                      label=bilingual("稀有度", "rarity") + " -log2 P(pattern | win), 95%"),
               Line2D([], [], color=value_c, marker="D", ls="none", markersize=4,
                      label=bilingual("价值", "value") + " log2"),
               *few_legend_handles(unseen=">")[1:]]
    return _finish_facets(
        fig, bilingual("番数与稀有度", "value against rarity"), handles,
        note=bilingual("菱形与圆点重合: 价值恰合稀有度",
                       "on a row where the diamond meets the dot, the pattern pays exactly "
                       "what its rarity implies, relative to the plain win"), ncol=2)


@chart
def plot_point_share(balance):
    """Share of all win points paid by wins holding each pattern, one panel per rule set.

    Log scale; each share has its 95% interval over hands (the points are
    summed per hand).  A win holding several patterns counts for each of them,
    so a rule set's shares add up to more than 1 (in Guang'an every win holds
    本身 and 缺一门, each with share 1); the legend gives each sum.  Patterns
    never seen (share 0) are left out.

    Parameters
    ----------
    balance : DataFrame or mapping
        ``SimResult.balance()`` tables, one or ``{rule set: table}``.

    Returns
    -------
    matplotlib.figure.Figure
        One Axes per rule set in ``fig.axes``.
    """
    maps = _as_map(balance)
    rows = {}
    for rules, df in maps.items():
        _need(df, ["pattern", "zh", "en", "wins", "share_of_wins", "point_share",
                   "point_share_lo", "point_share_hi"], "balance")
        d = df[(df["wins"] > 0) & (df["point_share"] > 0)]
        rows[rules] = d.sort_values(["point_share", "wins"], ascending=False, kind="stable")
    fig, panels = _pattern_panels(rows)
    sums = []
    for rules, ax, d, labels, y in panels:
        lo = d["point_share_lo"].fillna(d["point_share"])
        hi = d["point_share_hi"].fillna(d["point_share"])
        dot_rows(ax, y, d["point_share"], lo, hi, d["wins"], PALETTE[2])
        row_labels(ax, y, labels, (d["wins"] < FEW).to_numpy())
        ax.set_xscale("log")
        ax.set_xlim(right=1.6)
        ax.set_xlabel(wrap(bilingual("点数占比", "share of all win points") + " (log)", 30))
        ax.set_ylabel(bilingual("牌型", "pattern"))
        _title(ax, rules, _n_from(d, "wins", "share_of_wins"), "wins")
        sums.append(f"{rules or 'this table'} {d['point_share'].sum():.2f}")
    note = bilingual("一次胡牌含几个牌型, 各计一次, 故总和大于1.",
                     "A win holding several patterns counts for each: the shares add up to "
                     "more than 1 (" + "; ".join(sums) + "). Patterns never seen are left out.")
    title = bilingual("各牌型支付的点数", "points paid by wins with each pattern")
    return _finish_facets(fig, title, few_legend_handles(), note=note)


def _wait_rows(df: pd.DataFrame, metric: str) -> pd.DataFrame:
    return df[df["metric"] == metric]


@chart
def plot_wait_width(waits, ax=None, metric: str = "wait_kinds"):
    """Distribution of the wait at the moment of winning: kinds waited on or live tiles.

    One bar series per rule set with 95% intervals; rule sets with identical
    counts are one series named for all of them.

    Returns
    -------
    matplotlib.axes.Axes
    """
    maps = _as_map(waits)
    for df in maps.values():
        _need(df, ["metric", "category", "count", "share", "ci_low", "ci_high"], "waits")
        if _wait_rows(df, metric).empty:
            raise MjStatsError(f"no {metric!r} rows in the waits table")
    groups = same_groups(maps, lambda t: _wait_rows(t, metric)[["category", "count"]]
                         .astype(str).to_numpy())
    own = ax is None
    ax = new_axes(ax, figsize=(COLUMN, 2.9))
    n = len(groups)
    for i, members in enumerate(groups):
        d = _wait_rows(maps[members[0]], metric)
        x = d["category"].astype(int).to_numpy() + offset(i, n)
        y = d["share"].to_numpy()
        ax.bar(x, y, width=0.8 / n, color=PALETTE[i % len(PALETTE)],
               label=group_label(members) or None)
        ax.errorbar(x, y, yerr=yerr(y, d["ci_low"], d["ci_high"]), fmt="none",
                    ecolor="0.25", elinewidth=0.8)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    what = {"wait_kinds": ("听牌种数", "kinds waited on"),
            "wait_live": ("剩余张数", "live tiles waited on")}.get(metric, (metric, metric))
    ax.set_xlabel(bilingual(*what))
    ax.set_ylabel(bilingual("占胡牌比例", "share of wins"))
    ax.set_title(bilingual("胡牌时的听牌宽度", "wait width at the win"))
    if any(groups[0]):
        legend(ax, own)
    return ax


def _shape_name(category: str) -> str:
    zh, _, en = str(category).partition(" ")
    return bilingual(zh, en.replace("_", " "))


@chart
def plot_wait_shapes(waits, ax=None, metric: str = "wait_shape"):
    """Share of wins whose wait had each shape (两边, 卡张, …), with 95% intervals.

    ``metric``: ``"wait_shape"`` (the hand's shapes) or ``"win_shape"`` (the
    winning tile's).  A win can have several shapes, so the shares of a rule
    set add up to more than 1.

    Returns
    -------
    matplotlib.axes.Axes
    """
    maps = _as_map(waits)
    for df in maps.values():
        _need(df, ["metric", "category", "count", "share", "ci_low", "ci_high"], "waits")
        if _wait_rows(df, metric).empty:
            raise MjStatsError(f"no {metric!r} rows in the waits table")
    groups = same_groups(maps, lambda t: _wait_rows(t, metric)[["category", "count"]]
                         .astype(str).to_numpy())
    cats = list(dict.fromkeys(c for df in maps.values()
                              for c in _wait_rows(df, metric)["category"]))
    own = ax is None
    ax = new_axes(ax, figsize=(COLUMN, 1.3 + 0.22 * len(cats) * max(1, len(groups)) ** 0.5))
    n = len(groups)
    for i, members in enumerate(groups):
        d = _wait_rows(maps[members[0]], metric)
        y = np.array([cats.index(c) for c in d["category"]]) + offset(i, n)
        x = d["share"].to_numpy()
        ax.barh(y, x, height=0.8 / n, color=PALETTE[i % len(PALETTE)],
                label=group_label(members) or None)
        ax.errorbar(x, y, xerr=yerr(x, d["ci_low"], d["ci_high"]), fmt="none",
                    ecolor="0.25", elinewidth=0.8)
    ax.set_yticks(np.arange(len(cats)), [_shape_name(c) for c in cats])
    ax.invert_yaxis()
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel(bilingual("占胡牌比例", "share of wins"))
    ax.set_ylabel(bilingual("听牌形状", "wait shape"))
    which = ("胡牌时的听牌形状", "wait shapes at the win") if metric == "wait_shape" else \
            ("胡牌张的形状", "shape of the winning tile")
    ax.set_title(bilingual(*which))
    if any(groups[0]):
        legend(ax, own)
    return ax


@chart
def plot_win_turns(turns, ax=None):
    """Cumulative share of wins by the winner's turn (巡), one curve per rule set.

    Each curve has its 95% Wilson band (wins by turn ``t`` among all wins);
    rule sets with identical counts are one curve named for all of them.

    Returns
    -------
    matplotlib.axes.Axes
    """
    from mjstats.results.intervals import wilson

    maps = _as_map(turns)
    for df in maps.values():
        _need(df, ["turn", "wins", "cumulative"], "turns")
    groups = same_groups(maps, lambda t: t[["turn", "wins"]].to_numpy())
    own = ax is None
    ax = new_axes(ax, figsize=(COLUMN, 2.9))
    for i, members in enumerate(groups):
        d = maps[members[0]]
        k = d["wins"].cumsum().to_numpy()
        total = int(d["wins"].sum())
        lo, hi = wilson(k, np.full_like(k, total))
        st = series_style(i)
        ax.fill_between(d["turn"], lo, hi, step="post", color=st["color"], alpha=0.25, lw=0)
        ax.step(d["turn"], d["cumulative"], where="post", color=st["color"],
                label=group_label(members) or None)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(0, 1.02)
    ax.set_xlabel(bilingual("巡", "winner's turn (own draws)"))
    ax.set_ylabel(wrap(bilingual("累计胡牌比例", "cumulative share of wins"), 26))
    ax.set_title(bilingual("胡牌巡目", "when hands are won"))
    if any(groups[0]):
        legend(ax, own)
    return ax


@chart
def plot_skill(skill):
    """How often each pattern comes under each bot, one panel per rule set, log scale.

    Each panel lists the rule set's patterns in the reference bot's order of
    frequency; each bot is a series of dots (its colour and marker) with 95%
    intervals, side by side in the pattern's row, so that a pattern a better
    player reaches more (or less) often stands out.

    Parameters
    ----------
    skill : DataFrame or mapping
        :func:`mjstats.results.games.skill_table` tables, one or ``{rule set: table}``.

    Returns
    -------
    matplotlib.figure.Figure
        One Axes per rule set in ``fig.axes``.
    """
    maps = _as_map(skill)
    for df in maps.values():
        _need(df, ["pattern", "zh", "en", "bot", "wins", "per_hand", "per_hand_lo",
                   "per_hand_hi"], "mjstats.results.games.skill_table")
    fig, panels = _pattern_panels({k: d.drop_duplicates("pattern") for k, d in maps.items()})
    bots = list(dict.fromkeys(b for d in maps.values() for b in d["bot"]))
    for rules, ax, first, labels, y in panels:
        d = maps[rules]
        at = dict(zip(first["pattern"], y, strict=True))
        for i, bot in enumerate(bots):
            b = d[d["bot"] == bot]
            st = series_style(i)
            yy = np.array([at[p] for p in b["pattern"]]) + offset(i, len(bots), 0.6)
            dot_rows(ax, yy, b["per_hand"], b["per_hand_lo"], b["per_hand_hi"], b["wins"],
                     st["color"], marker=st["marker"], unseen="<", markersize=3.5)
        row_labels(ax, y, labels, np.zeros(len(labels), dtype=bool))
        ax.set_xscale("log")
        ax.set_xlabel(wrap(bilingual("每局出现率", "per hand") + " (log)", 30))
        ax.set_ylabel(bilingual("牌型", "pattern"))
        n = int(d["n"].iloc[0]) if "n" in d and len(d) else None
        _title(ax, rules, n, "hands per bot")
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], ls="none", label=bot, **{k: v for k, v in series_style(i).items()
                                                      if k in ("color", "marker")})
               for i, bot in enumerate(bots)]
    return _finish_facets(fig, bilingual("技术与牌型", "how often each pattern comes, by bot"),
                          handles + few_legend_handles(unseen="<")[1:])


@chart
def plot_skill_shift(skill, reference: str | None = None, bot: str = "ev"):
    """How each pattern's frequency and share of points move from one bot to another.

    One row of two panels per rule set: on the left how often each pattern comes
    per hand, on the right the share of all win points paid by wins holding it
    (both log scale, 95% intervals).  Each pattern is a grey arrow from the
    ``reference`` bot's estimate (blue square) to ``bot``'s (vermilion dot), so that a pattern
    the better player reaches more often, or that pays more of the points under
    it, points right.  A pattern seen under neither bot is left out; one seen
    under only one is drawn at the bound of the other's interval (a triangle).

    Parameters
    ----------
    skill : DataFrame or mapping
        :func:`mjstats.results.games.skill_table` tables holding both bots, one or
        ``{rule set: table}``.
    reference : str, optional
        The bot the arrows start from (default: each table's first bot, its reference).
    bot : str
        The bot the arrows point to (default ``"ev"``).

    Returns
    -------
    matplotlib.figure.Figure
        Two Axes per rule set in ``fig.axes``: frequency, then share of points.
    """
    from matplotlib.lines import Line2D

    maps = _as_map(skill)
    pairs = {}
    for rules, df in maps.items():
        _need(df, ["pattern", "zh", "en", "bot", "n", "wins", "per_hand", "per_hand_lo",
                   "per_hand_hi", "point_share", "point_share_lo", "point_share_hi"],
              "mjstats.results.games.skill_table")
        ref = reference if reference is not None else str(df["bot"].iloc[0])
        for b in (ref, bot):
            if b not in set(df["bot"]):
                raise MjStatsError(f"plot_skill_shift: no rows of bot {b!r} in {rules or 'the'} "
                                   f"table (bots: {', '.join(dict.fromkeys(df['bot']))})")
        a = df[df["bot"] == ref].set_index("pattern")
        z = df[df["bot"] == bot].set_index("pattern").reindex(a.index)
        seen = (a["wins"] > 0) | (z["wins"].fillna(0) > 0)
        pairs[rules] = (ref, a[seen], z[seen])
    labels = {k: [_pattern_name(r) for _, r in a.iterrows()] for k, (_, a, _) in pairs.items()}
    heights = [sum(1 + 0.8 * x.count("\n") for x in lab) + 5.5 for lab in labels.values()]
    from mjstats.plotting.panels import TOP
    from mjstats.plotting.style import ROW

    fig = new_figure(WIDE, sum(heights) * ROW + TOP + 0.3)
    grid = fig.add_gridspec(len(pairs), 2, height_ratios=heights, wspace=0.08)
    metrics = (("per_hand", bilingual("每局出现率", "per hand")),
               ("point_share", bilingual("点数占比", "share of win points")))
    for i, (rules, (_ref, a, z)) in enumerate(pairs.items()):
        y = row_positions(labels[rules])
        for j, (col, name) in enumerate(metrics):
            ax = fig.add_subplot(grid[i, j])
            x0 = a[col].to_numpy(float)
            x1 = z[col].fillna(0.0).to_numpy(float)
            lo0, hi0 = a[f"{col}_lo"].fillna(a[col]), a[f"{col}_hi"].fillna(a[col])
            lo1, hi1 = z[f"{col}_lo"].fillna(z[col]), z[f"{col}_hi"].fillna(z[col])
            w0, w1 = a["wins"].to_numpy(float), z["wins"].fillna(0).to_numpy(float)
            # an estimate of 0 sits at its interval's upper bound (as dot_rows draws it)
            s0 = np.where(w0 > 0, x0, hi0.to_numpy(float))
            s1 = np.where(w1 > 0, x1, hi1.to_numpy(float))
            for yy, u, v in zip(y, s0, s1, strict=True):
                if u > 0 and v > 0 and u != v:
                    ax.annotate("", xy=(v, yy), xytext=(u, yy), zorder=2,
                                arrowprops={"arrowstyle": "->", "color": GREY, "lw": 0.8,
                                            "shrinkA": 2.5, "shrinkB": 2.5})
            dot_rows(ax, y, x0, lo0, hi0, w0, PALETTE[0], marker="s", unseen="<",
                     markersize=3.0)
            dot_rows(ax, y, x1, lo1, hi1, w1, PALETTE[5], marker="o", unseen="<",
                     markersize=3.5)
            ax.set_xscale("log")
            ax.set_xlabel(wrap(name + " (log)", 30))
            if j == 0:
                row_labels(ax, y, labels[rules], np.zeros(len(y), dtype=bool))
                ax.set_ylabel(bilingual("牌型", "pattern"))
            else:  # the same rows as on the left
                row_labels(ax, y, [""] * len(y), np.zeros(len(y), dtype=bool))
                ax.yaxis.set_label_position("right")
                ax.set_ylabel(bilingual("牌型", "pattern"))
            n0, n1 = int(a["n"].iloc[0]), int(z["n"].dropna().iloc[0]) if z["n"].notna().any() \
                else 0
            ax.set_title(f"{rule_set_label(rules)} — {n0:,} / {n1:,} hands" if j == 1 else
                         "", loc="right")
    ref = " / ".join(dict.fromkeys(r for r, _, _ in pairs.values()))
    handles = [Line2D([], [], ls="none", marker="s", color=PALETTE[0], label=f"{ref} (reference)"),
               Line2D([], [], ls="none", marker="o", color=PALETTE[5], label=bot),
               Line2D([], [], color=GREY, lw=0.8, label=f"{ref} → {bot}")]
    title = bilingual("技术提高时牌型的变化", f"how each pattern moves from {ref} to {bot}")
    return _finish_facets(fig, title, handles + few_legend_handles(unseen="<")[1:])


@chart
def plot_game_convergence(convergence, metric: str = "value per hand"):
    """Running estimate of a headline figure as hands grow, one panel per rule set.

    Each panel (in its rule set's unit) draws the estimate over every hand up
    to each chunk with its 95% band, and the final estimate as a dashed line:
    an estimate that has settled wanders inside a band that narrows like
    ``1 / sqrt(hands)``.

    Parameters
    ----------
    convergence : DataFrame or mapping
        ``SimResult.convergence()`` tables, one or ``{rule set: table}``.
    metric : str
        ``"value per hand"`` or ``"draw rate"``.

    Returns
    -------
    matplotlib.figure.Figure
        One Axes per rule set in ``fig.axes``.
    """
    maps = _as_map(convergence)
    if metric not in ("value per hand", "draw rate"):
        raise MjStatsError(f"metric must be 'value per hand' or 'draw rate', got {metric!r}")
    n = len(maps)
    cols = 1 if n == 1 else 2
    rows = -(-n // cols)
    fig = new_figure(COLUMN + 0.8 if cols == 1 else WIDE, 2.1 * rows + 0.7)
    grid = fig.add_gridspec(rows, cols)
    zh = {"value per hand": "每局得分", "draw rate": "流局率"}[metric]
    for i, (rules, df) in enumerate(maps.items()):
        _need(df, ["hands", "metric", "estimate", "ci_low", "ci_high"], "convergence")
        d = df[df["metric"].astype(str).str.startswith(metric)]
        ax = fig.add_subplot(grid[i // cols, i % cols])
        x = d["hands"].to_numpy()
        ax.fill_between(x, d["ci_low"], d["ci_high"], color=PALETTE[0], alpha=0.25, lw=0)
        ax.plot(x, d["estimate"], color=PALETTE[0], marker="o", markersize=2.5)
        if len(d):
            ax.axhline(float(d["estimate"].iloc[-1]), color="black", lw=0.8, ls="--")
        ax.set_xscale("log")
        ax.set_xlabel(bilingual("局数", "hands") + " (log)")
        label = str(d["metric"].iloc[0]) if len(d) else metric
        unit = label[label.find("(") + 1:-1] if "(" in label else ""
        ax.set_ylabel(wrap(bilingual(zh, metric) + (f" ({unit_label(unit)})" if unit else ""),
                           24))
        _title(ax, rules, int(x[-1]) if len(x) else None, "hands")
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles = [Line2D([], [], color=PALETTE[0], marker="o", markersize=2.5,
                      label=bilingual("累计估计", "running estimate")),
               Patch(color=PALETTE[0], alpha=0.25, label=bilingual("95%区间", "95% interval")),
               Line2D([], [], color="black", lw=0.8, ls="--",
                      label=bilingual("最终估计", "final estimate"))]
    return _finish_facets(fig, bilingual("收敛", f"convergence: {metric} as hands grow"),
                          handles, ncol=3)


_SEATS = {"dealer": "dealer", "next": "next seat", "opposite": "opposite seat",
          "previous": "previous seat"}


def _seat_name(group: str) -> str:
    en, _, zh = str(group).partition(" ")
    return bilingual(zh, _SEATS.get(en, en))


@chart
def plot_payoff(payoff):
    """Mean result per hand by seat (relative to the dealer), one panel per rule set.

    Each panel is in its rule set's unit (倍, 颗 or 分), with 95% intervals.

    Parameters
    ----------
    payoff : DataFrame or mapping
        ``SimResult.payoff()`` tables, one or ``{rule set: table}``.

    Returns
    -------
    matplotlib.figure.Figure
        One Axes per rule set in ``fig.axes``.
    """
    maps = _as_map(payoff)
    rows = {}
    for rules, df in maps.items():
        _need(df, ["group", "n", "mean", "ci_low", "ci_high"], "payoff")
        rows[rules] = df[~df["group"].astype(str).str.startswith(("bot", "all", "dealer edge"))]
    fig, axes = facet({k: len(d) for k, d in rows.items()})
    for rules, d in rows.items():
        ax = axes[rules]
        labels = [_seat_name(g) for g in d["group"]]
        y = row_positions(labels)
        ax.axvline(0, color="0.6", lw=0.8, zorder=1)
        dot_rows(ax, y, d["mean"], d["ci_low"], d["ci_high"], d["n"], PALETTE[0])
        row_labels(ax, y, labels, np.zeros(len(d), dtype=bool))
        unit = str(d["unit"].iloc[0]) if "unit" in d and len(d) else ""
        ax.set_xlabel(bilingual("每局平均得分", "mean result per hand")
                      + (f" ({unit_label(unit)})" if unit else ""))
        ax.set_ylabel(bilingual("座位", "seat"))
        n = int(d["n"].iloc[0]) if len(d) else None
        _title(ax, rules, n, "hands")
    return _finish_facets(fig, bilingual("各座位收益", "payoff by seat, relative to the dealer"),
                          few_legend_handles()[:1])
