"""Rows of estimates and panels by rule set: layouts whose labels cannot collide.

A chart of one estimate per named row (a pattern, a seat) draws each row on a
line of its own with its name as the y tick label; a name that wraps to two
lines gets the room of two, so no two labels meet.  Several rule sets are drawn
as small multiples — one panel per rule set, each with its own rows and its own
unit — in at most two columns of equal row pitch (:func:`facet`).
"""

from __future__ import annotations

import numpy as np

from mjstats.plotting.style import (
    COLUMN,
    FEW,
    FEW_STYLE,
    GREY,
    ROW,
    WIDE,
    new_figure,
    wrap,
)

PANEL_ROWS = 5.5
"""Height of a panel's title, tick labels and axis label, in rows (:data:`~style.ROW`)."""

TOP = 0.55
"""Height in inches of a faceted figure's title and legend."""


def row_positions(labels: list[str]) -> np.ndarray:
    """The y of each row, top down from 0: a label of ``k`` lines takes ``1 + 0.8 (k - 1)`` rows."""
    heights = np.array([1.0 + 0.8 * label.count("\n") for label in labels])
    return np.cumsum(heights) - heights / 2 - 0.5


def _split(heights: list[float]) -> int:
    """Where to cut the panels into two columns (in order) so the taller is shortest."""
    total = sum(heights)
    best, cut = float("inf"), len(heights)
    acc = 0.0
    for k in range(1, len(heights)):
        acc += heights[k - 1]
        tall = max(acc, total - acc)
        if tall < best:
            best, cut = tall, k
    return cut


def facet(rows: dict[str, float], width: float | None = None, top: float = TOP):
    """A figure with one panel per name, panels sized to their ``rows``.

    One name: a single panel :data:`~style.COLUMN` + 0.8 inches wide.  More: two
    columns (:data:`~style.WIDE`), the names in order, cut where the columns'
    heights are closest; every panel has the same row pitch.

    Returns
    -------
    fig : matplotlib.figure.Figure
    axes : dict
        ``{name: Axes}`` in the order of ``rows``.
    """
    names = list(rows)
    heights = [max(float(rows[n]), 1.0) + PANEL_ROWS for n in names]
    cut = _split(heights) if len(names) > 1 else len(names)
    columns = [names[:cut], names[cut:]] if cut < len(names) else [names]
    units = [sum(heights[names.index(n)] for n in col) for col in columns]
    tall = max(units)
    if width is None:
        width = WIDE if len(columns) == 2 else COLUMN + 0.8
    fig = new_figure(width, tall * ROW + top)
    outer = fig.add_gridspec(1, len(columns), wspace=0.08)
    axes = {}
    for c, (col, used) in enumerate(zip(columns, units, strict=True)):
        ratios = [heights[names.index(n)] for n in col]
        if tall - used > 0.5:  # room left under a shorter column
            ratios.append(tall - used)
        gs = outer[0, c].subgridspec(len(ratios), 1, height_ratios=ratios)
        for i, n in enumerate(col):
            axes[n] = fig.add_subplot(gs[i, 0])
    return fig, {n: axes[n] for n in names}


def row_labels(ax, y, labels, faded) -> None:
    """Set the rows' tick labels, top down; the labels of ``faded`` rows are grey."""
    ax.set_yticks(y, labels)
    for tick, f in zip(ax.get_yticklabels(), faded, strict=True):
        if f:
            tick.set_color(GREY)
    ax.set_ylim(float(y[-1]) + 0.7 if len(y) else 0.5, -0.7)
    ax.tick_params(axis="y", length=0)
    ax.grid(True, axis="x", color="0.9", lw=0.6)


def dot_rows(ax, y, est, lo, hi, wins, color, marker="o", unseen: str | None = None,
             zorder: float = 3, **kw):
    """Estimates with their intervals as dots and whiskers, one per row at ``y``.

    A row resting on fewer than :data:`~style.FEW` ``wins`` is faded and
    hollow.  A row never seen (``wins == 0``) is, with ``unseen="<"``, a
    faded triangle at the interval's upper bound ``hi``; with ``">"`` at its
    lower bound ``lo``; with ``None``, a faded hollow dot at ``est``.
    """
    y, est, lo, hi, wins = (np.asarray(a, dtype=float) for a in (y, est, lo, hi, wins))
    zero = wins == 0
    few = (wins < FEW) & ~(zero & (unseen is not None))
    ok = ~few & ~zero
    base = {"color": color, "marker": marker, "ls": "none", "elinewidth": 1.0,
            "zorder": zorder, **kw}
    for sel, extra in ((ok, {}), (few, FEW_STYLE)):
        if sel.any():
            err = np.clip(np.nan_to_num(np.vstack([est[sel] - lo[sel], hi[sel] - est[sel]])),
                          0.0, None)
            ax.errorbar(est[sel], y[sel], xerr=err, **base, **extra)
    if unseen is not None and zero.any():
        at = hi[zero] if unseen == "<" else lo[zero]
        ax.plot(at, y[zero], marker=unseen, ls="none", color=color, zorder=zorder, **FEW_STYLE)


def wrapped(zh: str, en: str, width: int = 34) -> str:
    """A row's bilingual name, wrapped (:func:`~style.wrap`)."""
    from mjstats.plotting.style import bilingual

    return wrap(bilingual(zh, en), width)
