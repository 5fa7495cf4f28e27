"""Charts of deal studies (:func:`mjstats.study.deal_study` tables)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.plotting.style import label, new_axes, offset, yerr

_REGION = {"sichuan": ("四川", "Sichuan"), "guangan": ("广安", "Guang'an"),
           "liuzhou": ("柳州", "Liuzhou")}


def _region(name: str) -> str:
    zh, en = _REGION.get(name, (name, name))
    return label(f"{zh} {en}", en)


def _need(df: pd.DataFrame, cols) -> None:
    missing = [c for c in cols if c not in df.columns]
    if missing:
        raise MjStatsError(f"the table lacks columns {missing}; pass a deal_study() table")


def plot_shanten(df: pd.DataFrame, n_tiles: int = 13, form: str = "standard", ax=None):
    """Starting shanten distribution by region, with 95% intervals.

    Parameters
    ----------
    df : DataFrame
        One or more :func:`~mjstats.study.deal_study` tables concatenated
        (column ``tileset`` tells the regions apart).
    n_tiles : {13, 14}
    form : {"standard", "seven_pairs", "any"}
    """
    _need(df, ["tileset", "metric", "category", "estimate", "ci_low", "ci_high"])
    metric = f"shanten_{n_tiles}_{form}"
    sub = df[df["metric"] == metric]
    if sub.empty:
        raise MjStatsError(f"no rows for {metric!r} in the table")
    ax = new_axes(ax)
    regions = list(dict.fromkeys(sub["tileset"]))
    width = 0.8 / len(regions)
    for i, reg in enumerate(regions):
        r = sub[sub["tileset"] == reg]
        x = r["category"].astype(int).to_numpy() + offset(i, len(regions))
        y = r["estimate"].to_numpy()
        err = yerr(y, r["ci_low"], r["ci_high"])
        ax.bar(x, y, width=width, yerr=err, capsize=2, label=_region(reg))
        if "exact" in r and r["exact"].notna().any():
            ax.plot(x, r["exact"].to_numpy(), "k_", markersize=8)
    ax.set_xlabel(label(f"向听数 shanten ({n_tiles} 张)", f"shanten ({n_tiles} tiles)"))
    ax.set_ylabel(label("概率 probability", "probability"))
    ax.set_title(label(f"起手向听数 starting shanten, {form}", f"starting shanten, {form}"))
    ax.legend()
    return ax


def plot_deal_odds(df: pd.DataFrame, ax=None):
    """P(complete at deal, 天胡) and P(ready at deal, 下叫) by region, log scale, 95% intervals."""
    _need(df, ["tileset", "metric", "category", "estimate", "ci_low", "ci_high"])
    rows = [
        ("complete_14", "any", label("天胡 complete (14)", "complete at deal (14)")),
        ("complete_14_two_suits", "any", label("天胡且缺一门", "complete, <= 2 suits")),
        ("ready_13", None, label("下叫 ready (13)", "ready at deal (13)")),
    ]
    ax = new_axes(ax)
    regions = list(dict.fromkeys(df["tileset"]))
    width = 0.8 / max(len(regions), 1)
    for i, reg in enumerate(regions):
        ys, lo, hi = [], [], []
        for metric, cat, _ in rows:
            r = df[(df["tileset"] == reg) & (df["metric"] == metric)]
            if cat is not None:
                r = r[r["category"].astype(str) == cat]
            if r.empty:
                ys.append(np.nan)
                lo.append(np.nan)
                hi.append(np.nan)
                continue
            ys.append(r["estimate"].iloc[0])
            lo.append(r["ci_low"].iloc[0])
            hi.append(r["ci_high"].iloc[0])
        x = np.arange(len(rows)) + offset(i, len(regions))
        y = np.array(ys)
        ax.bar(x, y, width=width, label=_region(reg),
               yerr=yerr(y, np.array(lo), np.array(hi)), capsize=2)
    ax.set_yscale("log")
    ax.set_xticks(np.arange(len(rows)), [r[2] for r in rows])
    ax.set_ylabel(label("概率 probability (log)", "probability (log)"))
    ax.set_title(label("起手牌 odds at the deal", "odds at the deal"))
    ax.legend()
    return ax


def plot_convergence(counts, n_per_step, exact: float | None = None, ax=None,
                     title: str | None = None):
    """Running estimate of a proportion with its 95% Wilson band as samples grow.

    Parameters
    ----------
    counts, n_per_step : array_like
        Hits and trials of each successive chunk (e.g. a runner's chunk tables).
    exact : float, optional
        The exact value, drawn as a line.
    """
    from mjstats.results.intervals import wilson

    k = np.cumsum(np.asarray(counts, dtype=np.int64))
    n = np.cumsum(np.asarray(n_per_step, dtype=np.int64))
    if k.size == 0:
        raise MjStatsError("no chunks to draw")
    lo, hi = wilson(k, n)
    ax = new_axes(ax)
    ax.fill_between(n, lo, hi, alpha=0.3, label=label("95% 区间 interval", "95% interval"))
    ax.plot(n, k / n, label=label("估计 estimate", "estimate"))
    if exact is not None:
        ax.axhline(exact, color="k", lw=1, ls="--", label=label("精确值 exact", "exact"))
    ax.set_xscale("log")
    ax.set_xlabel(label("样本 samples", "samples"))
    ax.set_ylabel(label("概率 probability", "probability"))
    if title:
        ax.set_title(title)
    ax.legend()
    return ax
