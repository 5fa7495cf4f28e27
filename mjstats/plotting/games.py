"""Charts of simulated games (:func:`mjstats.simulate` result tables).

Each function takes one table or a ``{rule set name: table}`` mapping (to
compare regions) and returns the Axes.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.plotting.style import label, new_axes, offset, yerr


def _as_map(tables) -> dict[str, pd.DataFrame]:
    if isinstance(tables, pd.DataFrame):
        return {"": tables}
    if isinstance(tables, Mapping) and tables:
        return dict(tables)
    raise MjStatsError("pass a result table or a {rule set: table} mapping")


def _need(df: pd.DataFrame, cols, what: str) -> None:
    missing = [c for c in cols if c not in df.columns]
    if missing:
        raise MjStatsError(f"the table lacks columns {missing}; pass SimResult.{what}()")


def _name(row) -> str:
    return label(f"{row['zh']}", str(row.get("en", row["pattern"])))


def plot_pattern_frequency(patterns, ax=None, per: str = "per_hand"):
    """How often each pattern wins, per hand (or share of wins), by rule set, log scale.

    Parameters
    ----------
    patterns : DataFrame or mapping
        ``SimResult.patterns()`` tables.
    per : {"per_hand", "share_of_wins"}
    """
    maps = _as_map(patterns)
    lo, hi = ("per_hand_lo", "per_hand_hi") if per == "per_hand" else ("share_lo", "share_hi")
    names: list[str] = []
    for df in maps.values():
        _need(df, ["pattern", "zh", per, lo, hi], "patterns")
        for _, row in df[df[per] > 0].iterrows():
            if _name(row) not in names:
                names.append(_name(row))
    ax = new_axes(ax, figsize=(7.0, 1.2 + 0.28 * len(names) * max(1, len(maps)) ** 0.5))
    n = len(maps)
    height = 0.8 / n
    for i, (rules, df) in enumerate(maps.items()):
        df = df[df[per] > 0]
        y = np.array([names.index(_name(r)) for _, r in df.iterrows()]) + offset(i, n)
        x = df[per].to_numpy()
        ax.barh(y, x, height=height, label=rules or None,
                xerr=yerr(x, df[lo], df[hi]), capsize=2)
    ax.set_yticks(np.arange(len(names)), names)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel(label("每局出现率 per hand" if per == "per_hand" else "占胡牌比例 share of wins",
                        "per hand" if per == "per_hand" else "share of wins"))
    ax.set_title(label("牌型频率 pattern frequency", "pattern frequency"))
    if n > 1:
        ax.legend()
    return ax


def plot_fan_vs_rarity(balance, ax=None):
    """Each pattern's value (log2) against its rarity (-log2 of its share of wins).

    Points on the diagonal are priced at their rarity; below it, the pattern pays
    less than its rarity suggests.
    """
    maps = _as_map(balance)
    ax = new_axes(ax, figsize=(6.0, 6.0))
    top = 1.0
    for rules, df in maps.items():
        _need(df, ["zh", "log2_value", "rarity_bits"], "balance")
        d = df[np.isfinite(df["rarity_bits"])]
        ax.scatter(d["rarity_bits"], d["log2_value"], label=rules or None, s=25)
        for _, r in d.iterrows():
            ax.annotate(label(r["zh"], str(r.get("pattern", ""))),
                        (r["rarity_bits"], r["log2_value"]), fontsize=8,
                        xytext=(3, 2), textcoords="offset points")
        if len(d):
            top = max(top, float(d["rarity_bits"].max()), float(d["log2_value"].max()))
    ax.plot([0, top], [0, top], "k--", lw=1, label=label("价值 = 稀有度 value = rarity",
                                                         "value = rarity"))
    ax.set_xlabel(label("稀有度 rarity: -log2 P(pattern | win)", "rarity: -log2 P(pattern | win)"))
    ax.set_ylabel(label("log2 番/颗 value", "log2 value"))
    ax.set_title(label("番数与稀有度 fan against rarity", "fan against rarity"))
    ax.legend(fontsize=8)
    return ax


def plot_point_share(balance, ax=None):
    """Share of all points paid that each pattern accounts for."""
    maps = _as_map(balance)
    ax = new_axes(ax)
    n = len(maps)
    width = 0.8 / n
    names: list[str] = []
    for i, (rules, df) in enumerate(maps.items()):
        _need(df, ["zh", "point_share"], "balance")
        d = df[df["point_share"] > 0]
        for _, r in d.iterrows():
            if r["zh"] not in names:
                names.append(r["zh"])
        x = np.array([names.index(z) for z in d["zh"]]) + offset(i, n)
        ax.bar(x, d["point_share"], width=width, label=rules or None)
    ax.set_xticks(np.arange(len(names)),
                  [label(z, z.encode("unicode_escape").decode()) for z in names], rotation=45,
                  ha="right")
    ax.set_ylabel(label("点数占比 share of points", "share of points"))
    ax.set_title(label("各牌型支付的点数 points by pattern", "points by pattern"))
    if n > 1:
        ax.legend()
    return ax


def plot_wait_width(waits, ax=None, metric: str = "wait_kinds"):
    """Distribution of the wait at the moment of winning: kinds waited on or live tiles."""
    maps = _as_map(waits)
    ax = new_axes(ax)
    n = len(maps)
    width = 0.8 / n
    for i, (rules, df) in enumerate(maps.items()):
        _need(df, ["metric", "category", "share", "ci_low", "ci_high"], "waits")
        d = df[df["metric"] == metric]
        if d.empty:
            raise MjStatsError(f"no {metric!r} rows in the waits table")
        x = d["category"].astype(int).to_numpy() + offset(i, n)
        y = d["share"].to_numpy()
        ax.bar(x, y, width=width, label=rules or None,
               yerr=yerr(y, d["ci_low"], d["ci_high"]),
               capsize=2)
    what = {"wait_kinds": ("听牌种数 kinds waited on", "kinds waited on"),
            "wait_live": ("剩余张数 live tiles", "live tiles")}.get(metric, (metric, metric))
    ax.set_xlabel(label(*what))
    ax.set_ylabel(label("占胡牌比例 share of wins", "share of wins"))
    ax.set_title(label("胡牌时的听牌宽度 wait width at the win", "wait width at the win"))
    if n > 1:
        ax.legend()
    return ax


def plot_wait_shapes(waits, ax=None):
    """Share of wins whose wait had each shape (两边, 卡张, …)."""
    maps = _as_map(waits)
    ax = new_axes(ax)
    n = len(maps)
    height = 0.8 / n
    cats: list[str] = []
    for i, (rules, df) in enumerate(maps.items()):
        _need(df, ["metric", "category", "share"], "waits")
        d = df[df["metric"].astype(str).str.contains("shape")]
        for c in d["category"]:
            if c not in cats:
                cats.append(c)
        y = np.array([cats.index(c) for c in d["category"]]) + offset(i, n)
        ax.barh(y, d["share"], height=height, label=rules or None)
    ax.set_yticks(np.arange(len(cats)), [label(c, c.split(" ")[0]) for c in cats])
    ax.invert_yaxis()
    ax.set_xlabel(label("占胡牌比例 share of wins", "share of wins"))
    ax.set_title(label("胡牌时的听牌形状 wait shapes at the win", "wait shapes at the win"))
    if n > 1:
        ax.legend()
    return ax


def plot_win_turns(turns, ax=None):
    """Cumulative share of wins by the winner's turn (巡), one curve per rule set."""
    maps = _as_map(turns)
    ax = new_axes(ax)
    for rules, df in maps.items():
        _need(df, ["turn", "cumulative"], "turns")
        ax.step(df["turn"], df["cumulative"], where="post", label=rules or None)
    ax.set_xlabel(label("巡 turn", "turn"))
    ax.set_ylabel(label("累计胡牌比例 cumulative share of wins", "cumulative share of wins"))
    ax.set_title(label("胡牌巡目 when hands are won", "when hands are won"))
    if len(maps) > 1:
        ax.legend()
    return ax


def plot_payoff(payoff, ax=None):
    """Mean result per hand by seat (relative to the dealer), with 95% intervals."""
    maps = _as_map(payoff)
    ax = new_axes(ax)
    n = len(maps)
    width = 0.8 / n
    groups: list[str] = []
    for i, (rules, df) in enumerate(maps.items()):
        _need(df, ["group", "mean", "ci_low", "ci_high"], "payoff")
        d = df[~df["group"].astype(str).str.startswith(("bot", "all", "dealer edge"))]
        for g in d["group"]:
            if g not in groups:
                groups.append(g)
        x = np.array([groups.index(g) for g in d["group"]]) + offset(i, n)
        y = d["mean"].to_numpy()
        ax.bar(x, y, width=width, label=rules or None,
               yerr=yerr(y, d["ci_low"], d["ci_high"]),
               capsize=2)
    ax.axhline(0, color="k", lw=0.8)
    ax.set_xticks(np.arange(len(groups)), [label(g, g.split(" ")[0]) for g in groups])
    ax.set_ylabel(label("每局平均得分 mean result per hand", "mean result per hand"))
    ax.set_title(label("各座位收益 payoff by seat", "payoff by seat"))
    if n > 1:
        ax.legend()
    return ax
