"""Charts of Da Er studies (:func:`mjstats.daer.deal_study` tables)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.plotting.style import label, new_axes, yerr


def plot_daer_patterns(patterns: pd.DataFrame, ax=None):
    """名堂 frequency among winning hands, with 95% intervals (patterns seen at least once)."""
    need = ["name_zh", "name_en", "estimate", "lo", "hi"]
    if any(c not in patterns.columns for c in need):
        raise MjStatsError("pass DealStudy.patterns (columns name_zh, name_en, estimate, lo, hi)")
    d = patterns[patterns["count"] > 0] if "count" in patterns else patterns
    ax = new_axes(ax, figsize=(6.4, 1.2 + 0.3 * len(d)))
    y = np.arange(len(d))
    x = d["estimate"].to_numpy()
    ax.barh(y, x, xerr=yerr(x, d["lo"], d["hi"]), capsize=2)
    ax.set_yticks(y, [label(f"{a} {b}", b) for a, b in zip(d["name_zh"], d["name_en"],
                                                            strict=True)])
    ax.invert_yaxis()
    ax.set_xlabel(label("占胡牌比例 share of winning hands", "share of winning hands"))
    ax.set_title(label("大贰 名堂频率 Da Er pattern frequency", "Da Er pattern frequency"))
    return ax


def plot_daer_hu(hu: pd.DataFrame, ax=None):
    """Distribution of 胡 among winning hands, with 95% intervals."""
    if any(c not in hu.columns for c in ("hu", "estimate", "lo", "hi")):
        raise MjStatsError("pass DealStudy.hu (columns hu, estimate, lo, hi)")
    ax = new_axes(ax)
    x = hu["estimate"].to_numpy()
    ax.bar(hu["hu"], x, width=2.4,
           yerr=yerr(x, hu["lo"], hu["hi"]), capsize=2)
    ax.set_xlabel(label("胡数 hu", "hu"))
    ax.set_ylabel(label("占胡牌比例 share of winning hands", "share of winning hands"))
    ax.set_title(label("大贰 胡数分布 Da Er hu of winning hands", "Da Er hu of winning hands"))
    return ax
