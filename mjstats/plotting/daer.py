"""Charts of Da Er studies (:func:`mjstats.daer.deal_study` tables).

Estimates carry their 95% Wilson intervals; a 名堂 seen in fewer than
:data:`~mjstats.plotting.style.FEW` winning hands is drawn faded, its name grey.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.plotting.panels import row_labels, row_positions, wrapped
from mjstats.plotting.style import (
    COLUMN,
    FADED,
    FEW,
    PALETTE,
    bilingual,
    chart,
    new_axes,
    wrap,
    yerr,
)


@chart
def plot_daer_patterns(patterns: pd.DataFrame, ax=None):
    """名堂 frequency among winning hands, with 95% intervals (patterns seen at least once).

    ``patterns``: a Da Er deal study's patterns, or a Da Er simulation's
    ``.patterns()`` (its ``per_win`` share and interval).

    Returns
    -------
    matplotlib.axes.Axes
    """
    need = ["name_zh", "name_en", "estimate", "ci_low", "ci_high"]
    if isinstance(patterns, pd.DataFrame) and "per_win" in patterns.columns:
        # a simulation's patterns (mj.simulate(...).patterns()): the share of its wins
        patterns = patterns.rename(columns={"per_win": "estimate", "per_win_lo": "ci_low",
                                            "per_win_hi": "ci_high", "wins": "n"})
    if not isinstance(patterns, pd.DataFrame) or any(c not in patterns.columns for c in need):
        raise MjStatsError("pass a Da Er deal study's patterns (columns name_zh, name_en, "
                           "estimate, ci_low, ci_high) or a Da Er simulation's .patterns()")
    d = patterns[patterns["count"] > 0] if "count" in patterns else patterns
    labels = [wrapped(a, b) for a, b in zip(d["name_zh"], d["name_en"], strict=True)]
    y = row_positions(labels)
    ax = new_axes(ax, figsize=(COLUMN, 1.0 + 0.17 * (float(y[-1]) + 1 if len(y) else 1)))
    x = d["estimate"].to_numpy()
    few = (d["count"] < FEW).to_numpy() if "count" in d else np.zeros(len(d), dtype=bool)
    bars = ax.barh(y, x, height=0.7, color=PALETTE[0])
    for bar, f in zip(bars, few, strict=True):
        if f:
            bar.set_alpha(FADED)
    ax.errorbar(x, y, xerr=yerr(x, d["ci_low"], d["ci_high"]), fmt="none", ecolor="0.25",
                elinewidth=0.8)
    row_labels(ax, y, labels, few)
    n = int(d["n"].iloc[0]) if "n" in d and len(d) else None
    ax.set_xlabel(wrap(bilingual("占胡牌比例", "share of winning hands")
                       + (f" (n={n:,})" if n else ""), 36))
    ax.set_ylabel(bilingual("名堂", "pattern"))
    ax.set_title(bilingual("大贰 名堂", "Da Er patterns"))
    return ax


@chart
def plot_daer_hu(hu: pd.DataFrame, ax=None):
    """Distribution of 胡 among winning hands, with 95% intervals.

    ``hu``: a Da Er deal study's hu table, or a Da Er simulation's
    ``.distribution("hu")``.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if isinstance(hu, pd.DataFrame) and "share" in hu.columns and "estimate" not in hu.columns:
        hu = hu.rename(columns={"share": "estimate"})  # a simulation's .distribution("hu")
    if not isinstance(hu, pd.DataFrame) or any(
            c not in hu.columns for c in ("hu", "estimate", "ci_low", "ci_high")):
        raise MjStatsError("pass a Da Er deal study's hu table (columns hu, estimate, ci_low, "
                           "ci_high) or a Da Er simulation's .distribution('hu')")
    ax = new_axes(ax, figsize=(COLUMN, 2.6))
    x = hu["estimate"].to_numpy()
    ax.bar(hu["hu"], x, width=2.4, color=PALETTE[0])
    ax.errorbar(hu["hu"], x, yerr=yerr(x, hu["ci_low"], hu["ci_high"]), fmt="none", ecolor="0.25",
                elinewidth=0.8)
    ax.set_xticks(hu["hu"].to_numpy())
    n = int(hu["n"].iloc[0]) if "n" in hu and len(hu) else None
    ax.set_xlabel(bilingual("胡数", "hu of the winning hand") + (f" (n={n:,})" if n else ""))
    ax.set_ylabel(wrap(bilingual("占胡牌比例", "share of winning hands"), 26))
    ax.set_title(bilingual("大贰 胡数分布", "Da Er: hu of winning hands"))
    return ax
