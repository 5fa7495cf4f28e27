"""Charts of a discard analysis (:func:`mjstats.odds` results).

The functions read an :class:`~mjstats.discard.Odds` duck-typed, through its
``table``, ``curves``, ``values``, ``info`` and ``rules`` attributes; plotting
never imports the solver.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.plotting.style import PALETTE, chart, label, new_axes, offset, wrap
from mjstats.tiles.tilesets import SUIT_NAMES_ZH, SUITS

FIGSIZE = (4.8, 3.4)
"""Size in inches of an odds chart with at most :data:`LEGEND_ROWS` candidates."""

LEGEND_ROWS = 8
"""Candidates listed inside the Axes; more are listed in columns beside it."""


def _figsize(n: int) -> tuple[float, float]:
    cols = -(-n // 14) if n > LEGEND_ROWS else 0
    return FIGSIZE[0] + 1.25 * cols, max(FIGSIZE[1], 1.4 + 0.15 * min(n, 14))


def _legend(ax, n: int, own: bool):
    """The candidates' legend: inside the Axes, or beside it when there are many."""
    title = label("打 discard", "discard")
    if n <= LEGEND_ROWS or not own:
        return ax.legend(title=title, fontsize=7.5)
    return ax.legend(title=title, fontsize=7.5, ncol=-(-n // 14), loc="upper left",
                     bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)


_AXIS = {
    "p_win": ("胡牌概率 P(win by draw t)", "P(win by draw t)"),
    "p_ready": ("听牌概率 P(ready by draw t)", "P(ready by draw t)"),
}


def _frames(odds, *names: str) -> list[pd.DataFrame]:
    try:
        frames = [getattr(odds, n) for n in names]
        info = odds.info
    except AttributeError:
        raise MjStatsError("pass the result of mj.odds (an Odds object)") from None
    if not all(isinstance(f, pd.DataFrame) for f in frames) or not isinstance(info, dict):
        raise MjStatsError("pass the result of mj.odds (an Odds object)")
    return frames


def _top(table: pd.DataFrame, top) -> pd.DataFrame:
    if top is None:
        return table
    if isinstance(top, (list, tuple)) and top and all(isinstance(d, str) for d in top):
        unknown = [d for d in top if d not in set(table["discard"])]
        if unknown:
            raise MjStatsError(f"no discard {unknown} in the table; it has "
                               f"{', '.join(dict.fromkeys(table['discard']))}")
        return table[table["discard"].isin(top)]
    if isinstance(top, bool) or not isinstance(top, (int, np.integer)) or top < 1:
        raise MjStatsError(
            f"top must be a positive integer, a list of discards or None, got {top!r}")
    return table.head(int(top))


def _key(row, has_miss: bool) -> tuple:
    return (row["discard"], row["missing"]) if has_miss else (row["discard"],)


def _rows(df: pd.DataFrame, key: tuple, has_miss: bool) -> pd.DataFrame:
    sel = df["discard"] == key[0]
    if has_miss:
        sel &= df["missing"] == key[1]
    return df[sel]


def candidate_label(row, has_miss: bool) -> str:
    """Legend name of one ``Odds.table`` row: ``"2p 二筒, 缺 s 条"`` (English without CJK).

    Examples
    --------
    >>> row = {"discard": "2p", "discard_zh": "二筒", "missing": "s"}
    >>> candidate_label(row, True) in ("2p 二筒, 缺 s 条", "2p, missing s")
    True
    """
    en, zh = str(row["discard"]), str(row["discard_zh"])
    if en == "-":  # a 13-tile hand evaluated as it is
        zh_name, en_name = "不打 hand as is", "hand as is"
    else:
        zh_name, en_name = f"{en} {zh}", en
    m = row["missing"] if has_miss else None
    if isinstance(m, str) and m in SUITS:
        zh_name += f", 缺 {m} {SUIT_NAMES_ZH[SUITS.index(m)]}"
        en_name += f", missing {m}"
    return label(zh_name, en_name)


def _value_axis(odds, zh: str, en: str) -> str:
    unit = getattr(getattr(odds, "rules", None), "unit", None)
    return label(f"{zh} ({unit})" if unit else zh, en)


def _title(odds) -> str:
    info = odds.info
    rules = getattr(odds, "rules", None)
    name = info.get("rules") or f"no rule set ({info.get('tileset')} tiles)"
    name_zh = getattr(rules, "name_zh", None)
    mode = "improving" if info.get("improve", True) else "fast mode"
    tail = (f"S = {info.get('S')} unseen, T = {info.get('T')} draws, "
            f"objective {info.get('objective')}, {mode}")
    return label(f"{name_zh + ' ' if name_zh else ''}{name}\n{wrap(tail, 56)}",
                 f"{name}\n{wrap(tail, 56)}")


@chart
def plot_odds(odds, top: int | None = 4, what: str | None = None, ax=None):
    """P(win), P(ready) or E[value] by draw ``t`` for the best discard candidates.

    One line per candidate, best first in the order of ``odds.table`` (the
    objective's order); the first (best) is drawn thicker.  Each curve is cumulative: the
    chance of having won (been ready, the expected value banked) by draw ``t``
    under the policy chosen for all ``T`` draws.

    Parameters
    ----------
    odds : Odds
        The result of :func:`mjstats.odds` (read through ``.table``, ``.curves``,
        ``.info`` and ``.rules``).
    top : int, list of str or None
        How many candidates to draw (the first rows of ``odds.table``), or which
        discards (``["2p", "1m"]``, every missing suit of each, in table order);
        ``None``: all of them.
    what : {"p_win", "p_ready", "ev"}, optional
        The quantity drawn; default: the objective's (``p_win`` for ``"win"``,
        ``p_ready`` for ``"ready"``, ``ev`` for ``"value"``).
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import mjstats as mj
    >>> r = mj.odds("13456788999m289p", "sichuan", missing="s", draws=4, objective="value")
    >>> ax = mj.plot.plot_odds(r, top=3)                 # E[value] by draw, the objective's
    >>> [t.get_text().split()[0] for t in ax.get_legend().get_texts()]
    ['2p', '1m', '8m']
    """
    table, curves = _frames(odds, "table", "curves")
    info = odds.info
    if what is None:
        what = info.get("ranked_by", "p_win")
    if what not in ("p_win", "p_ready", "ev"):
        raise MjStatsError(f"what must be 'p_win', 'p_ready' or 'ev', got {what!r}")
    if curves[what].isna().all():
        raise MjStatsError(f"{what} is not computed with objective={info.get('objective')!r}; "
                           "draw 'p_ready' or solve with objective 'win' or 'value'")
    rows = _top(table, top)
    has_miss = "missing" in table.columns
    own = ax is None
    ax = new_axes(ax, figsize=_figsize(len(rows)))
    for i, (_, row) in enumerate(rows.iterrows()):
        c = _rows(curves, _key(row, has_miss), has_miss).sort_values("t")
        ax.plot(c["t"].to_numpy(), c[what].to_numpy(), marker="o", markersize=3,
                lw=2.4 if i == 0 else 1.3, ls=("-", "--", ":")[i // len(PALETTE) % 3],
                label=candidate_label(row, has_miss))
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(label("摸牌 draw t", "draw t"))
    if what == "ev":
        ax.set_ylabel(_value_axis(odds, "期望得分 E[value by draw t]", "E[value by draw t]"))
    else:
        ax.set_ylabel(label(*_AXIS[what]))
    # y from 0 without fixing the limits, so that axes shared with another chart still fit it
    ax.update_datalim([(1.0, 0.0)])
    ax.get_lines()[-1].sticky_edges.y.append(0.0)
    ax.autoscale_view()
    ax.set_title(_title(odds), fontsize=8)
    _legend(ax, len(rows), own)
    return ax


@chart
def plot_odds_values(odds, top: int | None = 4, ax=None):
    """How much a win is worth: P(win worth ``v``) for the best discard candidates.

    Grouped bars, one series per candidate (first rows of ``odds.table``), one
    slot per winning value ``v`` in the rule set's unit.  The bars of a series sum
    to its P(win); the rare large values are where 清一色 and other patterns show.

    Parameters
    ----------
    odds : Odds
        The result of :func:`mjstats.odds` (read through ``.table``, ``.values``,
        ``.info`` and ``.rules``).
    top : int, list of str or None
        How many candidates to draw (the first rows of ``odds.table``), or which
        discards (``["2p", "1m"]``); ``None``: all of them.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import mjstats as mj
    >>> r = mj.odds("13456788999m289p", "sichuan", missing="s", draws=4, objective="value")
    >>> ax = mj.plot.plot_odds_values(r, top=2)
    >>> bars = sum(p.get_height() for p in ax.patches)    # the two series sum to their P(win)
    >>> round(float(bars), 6), round(float(r.table.p_win[:2].sum()), 6)
    (0.127127, 0.127127)
    """
    table, values = _frames(odds, "table", "values")
    rows = _top(table, top)
    has_miss = "missing" in table.columns
    if values.empty:
        objective = getattr(odds, "info", {}).get("objective")
        if objective == "ready":
            raise MjStatsError("no winning values: objective='ready' counts no wins; ask "
                               "mj.odds for objective='win' or 'value'")
        raise MjStatsError("no winning values: no candidate wins within the draws")
    slots = sorted(set(values["value"]))
    own = ax is None
    ax = new_axes(ax, figsize=_figsize(len(rows)))
    n = len(rows)
    for i, (_, row) in enumerate(rows.iterrows()):
        v = _rows(values, _key(row, has_miss), has_miss)
        x = np.array([slots.index(a) for a in v["value"]]) + offset(i, n)
        ax.bar(x, v["p"].to_numpy(), width=0.8 / n, label=candidate_label(row, has_miss))
    ax.set_xticks(np.arange(len(slots)), [f"{a:g}" for a in slots])
    ax.set_xlabel(_value_axis(odds, "胡牌得分 value of the win", "value of the win"))
    ax.set_ylabel(label("概率 P(win worth v)", "P(win worth v)"))
    ax.set_title(_title(odds), fontsize=8)
    _legend(ax, len(rows), own)
    return ax
