"""Charts of deal studies (:func:`mjstats.study.deal_study` tables).

Monte Carlo estimates carry their 95% Wilson intervals; where the table has the
exact value (``exact``, from :mod:`mjstats.exact`) it is drawn beside the
estimate as a black diamond.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.plotting.style import (
    COLUMN,
    EXACT_STYLE,
    FEW_STYLE,
    PALETTE,
    bilingual,
    chart,
    legend,
    new_axes,
    offset,
    series_style,
    yerr,
)

_REGION = {"sichuan": ("四川", "Sichuan", 108), "guangan": ("广安", "Guang'an", 120),
           "liuzhou": ("柳州", "Liuzhou", 136)}


def _region(name: str) -> str:
    zh, en, n = _REGION.get(name, ("", name, None))
    return bilingual(zh, en) + (f" ({n})" if n else "")


def _need(df: pd.DataFrame, cols) -> None:
    if not isinstance(df, pd.DataFrame):
        raise MjStatsError(f"pass a deal_study() table, got {type(df).__name__}")
    missing = [c for c in cols if c not in df.columns]
    if missing:
        raise MjStatsError(f"the table lacks columns {missing}; pass a deal_study() table")


def _exact_handle():
    from matplotlib.lines import Line2D

    return Line2D([], [], **EXACT_STYLE, label=bilingual("精确值", "exact"))


@chart
def plot_shanten(df: pd.DataFrame, n_tiles: int = 13, form: str = "standard", ax=None):
    """Starting shanten distribution by region, with 95% intervals and exact values.

    Parameters
    ----------
    df : DataFrame
        One or more :func:`~mjstats.study.deal_study` tables concatenated
        (column ``tileset`` tells the regions apart).
    n_tiles : {13, 14}
    form : {"standard", "seven_pairs", "any"}
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
    """
    _need(df, ["tileset", "metric", "category", "estimate", "ci_low", "ci_high"])
    metric = f"shanten_{n_tiles}_{form}"
    sub = df[df["metric"] == metric]
    if sub.empty:
        raise MjStatsError(f"no rows for {metric!r} in the table")
    own = ax is None
    ax = new_axes(ax, figsize=(COLUMN, 2.8))
    regions = list(dict.fromkeys(sub["tileset"]))
    width = 0.8 / len(regions)
    has_exact = False
    for i, reg in enumerate(regions):
        r = sub[sub["tileset"] == reg]
        x = r["category"].astype(int).to_numpy() + offset(i, len(regions))
        y = r["estimate"].to_numpy()
        ax.bar(x, y, width=width, color=PALETTE[i % len(PALETTE)], label=_region(reg))
        ax.errorbar(x, y, yerr=yerr(y, r["ci_low"], r["ci_high"]), fmt="none", ecolor="0.25",
                    elinewidth=0.8)
        if "exact" in r and r["exact"].notna().any():
            ax.plot(x, r["exact"].to_numpy(dtype=float), **EXACT_STYLE)
            has_exact = True
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    forms = {"standard": ("标准型", "standard form"), "seven_pairs": ("七对", "seven pairs"),
             "any": ("任一型", "either form")}
    ax.set_xlabel(bilingual("向听数", "shanten") + f" ({n_tiles} "
                  + bilingual("张", "tiles") + ", " + bilingual(*forms.get(form, (form, form)))
                  + ")")
    ax.set_ylabel(bilingual("概率", "probability"))
    ax.set_title(bilingual("起手向听数", "starting shanten"))
    if has_exact:
        ax.plot([], [], **EXACT_STYLE, label=bilingual("精确值", "exact"))
    legend(ax, own, ncol=2)
    return ax


_ODDS = (
    ("complete_14", "any", ("天胡", "complete\n(14 tiles)")),
    ("complete_14_two_suits", "any", ("天胡且缺一门", "complete,\nmissing a suit")),
    ("ready_13", "any", ("下叫", "ready\n(13 tiles)")),
)


@chart
def plot_deal_odds(df: pd.DataFrame, ax=None):
    """P(complete at the deal, 天胡) and P(ready at the deal, 下叫) by region.

    Log scale; each Monte Carlo estimate is a dot with its 95% interval, the
    exact value a black diamond beside it.

    Parameters
    ----------
    df : DataFrame
        One or more :func:`~mjstats.study.deal_study` tables concatenated.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
    """
    _need(df, ["tileset", "metric", "category", "estimate", "ci_low", "ci_high"])
    own = ax is None
    ax = new_axes(ax, figsize=(COLUMN, 3.0))
    regions = list(dict.fromkeys(df["tileset"]))
    has_exact = unseen = False
    for i, reg in enumerate(regions):
        est, lo, hi, ex = [], [], [], []
        for metric, cat, _ in _ODDS:
            r = df[(df["tileset"] == reg) & (df["metric"] == metric)
                   & (df["category"].astype(str) == cat)]
            if r.empty:
                est.append(np.nan)
                lo.append(np.nan)
                hi.append(np.nan)
                ex.append(np.nan)
                continue
            est.append(float(r["estimate"].iloc[0]))
            lo.append(float(r["ci_low"].iloc[0]))
            hi.append(float(r["ci_high"].iloc[0]))
            ex.append(float(r["exact"].iloc[0]) if "exact" in r else np.nan)
        x = np.arange(len(_ODDS)) + offset(i, len(regions), span=0.9)
        y = np.array(est)
        st = series_style(i)
        shown = y > 0  # a zero estimate has no place on a log axis: its interval still shows
        ax.errorbar(x[shown], y[shown], yerr=yerr(y, lo, hi)[:, shown], ls="none",
                    elinewidth=1.0, **st, label=_region(reg))
        zero = ~shown & np.isfinite(hi)
        if zero.any():
            ax.plot(x[zero], np.array(hi)[zero], ls="none", marker="v", color=st["color"],
                    **FEW_STYLE)
            unseen = True
        ex = np.array(ex)
        if np.isfinite(ex).any():
            ax.plot(x + 0.07, ex, **EXACT_STYLE)
            has_exact = True
    ax.set_yscale("log")
    ax.set_xticks(np.arange(len(_ODDS)), [bilingual(*r[2], sep="\n") for r in _ODDS])
    ax.set_xlim(-0.5, len(_ODDS) - 0.5)
    ax.set_xlabel(bilingual("起手牌", "the dealt hand"))
    ax.set_ylabel(bilingual("概率", "probability") + " (log)")
    ax.set_title(bilingual("起手牌的机会", "odds at the deal"))
    if has_exact:
        ax.plot([], [], **EXACT_STYLE, label=bilingual("精确值", "exact"))
    if unseen:
        ax.plot([], [], ls="none", marker="v", color="0.3", **FEW_STYLE,
                label=bilingual("未出现: 95%上限", "never seen: 95% upper bound", sep="\n"))
    legend(ax, own, ncol=2)
    return ax


@chart
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
    if k.shape != n.shape:
        raise MjStatsError(f"counts and n_per_step are one entry per chunk each, got "
                           f"{k.size} and {n.size}")
    lo, hi = wilson(k, n)
    own = ax is None
    ax = new_axes(ax, figsize=(COLUMN, 2.8))
    ax.fill_between(n, lo, hi, alpha=0.3, color=PALETTE[0], lw=0,
                    label=bilingual("95%区间", "95% interval"))
    ax.plot(n, k / n, color=PALETTE[0], label=bilingual("估计值", "estimate"))
    if exact is not None:
        ax.axhline(exact, color="black", lw=1, ls="--", label=bilingual("精确值", "exact"))
    ax.set_xscale("log")
    ax.set_xlabel(bilingual("样本数", "samples") + " (log)")
    ax.set_ylabel(bilingual("概率", "probability"))
    if title:
        ax.set_title(title)
    legend(ax, own, ncol=2)
    return ax
