"""Layout checks on a drawn figure: text that overlaps, leaves the canvas, or axes without labels.

Every visible, non-empty ``Text`` of the figure is collected after
``fig.canvas.draw()`` — tick labels, axis labels, titles, annotations, legend
texts and titles, the figure's suptitle and sup-labels — and the window
extents of every pair are compared.  Tick labels of different Axes are
compared too: in a faceted figure a panel's y tick labels could run into its
neighbour's.
"""

from __future__ import annotations

import itertools
import warnings


def visible_texts(fig):
    """Every visible, non-empty text artist the figure draws.

    The artist tree is walked from the figure: a hidden artist hides its
    children, and of an axis' ticks only those it draws count (matplotlib
    keeps a pool of ticks whose stale labels are never drawn).
    """
    from matplotlib.axis import Axis, Tick
    from matplotlib.text import Text

    out = []

    def walk(artist, drawn_ticks):
        for child in artist.get_children():
            if not child.get_visible():
                continue
            if isinstance(child, Tick) and drawn_ticks is not None and \
                    id(child) not in drawn_ticks:
                continue
            if isinstance(child, Text) and child.get_text().strip():
                out.append(child)
            ticks = None
            if isinstance(child, Axis):
                ticks = {id(t) for t in child._update_ticks()}  # as Axis.draw does
            walk(child, ticks if ticks is not None else drawn_ticks)

    walk(fig, None)
    return list({id(t): t for t in out}.values())


def problems(fig) -> dict[str, list]:
    """Draw the figure once, as ``savefig`` of a fresh figure does, and list what is wrong.

    ``overlaps``: pairs of texts whose bounding boxes overlap; ``outside``: texts
    reaching beyond the canvas (cut off when saved); ``unlabelled``: titles of
    Axes without an x or a y label.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [(t, t.get_window_extent(renderer)) for t in visible_texts(fig)]
    overlapping = [(a.get_text(), b.get_text())
                   for (a, ba), (b, bb) in itertools.combinations(boxes, 2)
                   if ba.x0 < bb.x1 and bb.x0 < ba.x1 and ba.y0 < bb.y1 and bb.y0 < ba.y1]
    w, h = fig.canvas.get_width_height()
    cut = [t.get_text() for t, b in boxes
           if b.x0 < -1 or b.y0 < -1 or b.x1 > w + 1 or b.y1 > h + 1]
    bare = [ax.get_title(loc="right") or ax.get_title() or repr(ax) for ax in fig.axes
            if ax.get_visible() and (not ax.get_xlabel().strip() or not ax.get_ylabel().strip())]
    return {"overlaps": overlapping, "outside": cut, "unlabelled": bare}
