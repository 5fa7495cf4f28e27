"""One look for every chart: the CJK font, palette, sizes, bilingual labels, shared marks.

:func:`setup` registers a font with the Chinese glyphs mjstats draws (pattern
names such as 清一色, 坎倒板, 贰柒拾) with matplotlib *globally*: it is the
first sans-serif font and a fallback of every font family, so that a user's own
pandas and matplotlib charts draw Chinese too.  Call it in a notebook's first
cell; every plotting function calls it.  The font is the first of the fonts
already known to matplotlib (Noto Sans CJK, Source Han Sans, WenQuanYi, SimHei,
PingFang, ...), else the Noto Sans CJK file shipped by the
``cvttf-NotoSansCJK-Regular`` dependency.  Without any, :func:`label` and
:func:`bilingual` give the English text alone, so that no glyph is ever a box.

The rest is the house style of :mod:`mjstats.plotting`, in one place: the
Okabe-Ito colour-blind-safe palette (:data:`PALETTE`), text sizes for a figure
printed at its own size — :data:`COLUMN` (3.5 in, one paper column) or
:data:`WIDE` (7.2 in, a page or a 16:9 slide) wide — (:data:`RC`, applied by
:func:`chart` while a chart is drawn, so a user's global settings stay theirs),
and the marks all charts share: an estimate from fewer than :data:`FEW` wins is
faded and hollow (:data:`FEW_STYLE`); an exact value is a black diamond
(:data:`EXACT_STYLE`).  matplotlib is imported lazily.
"""

from __future__ import annotations

import functools
from functools import cache

PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000",
           "#F0E442")
"""Okabe & Ito's colour-blind-safe palette (blue, orange, green, purple, sky, vermilion, ...)."""

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
"""Markers paired with :data:`PALETTE`, so that series differ in shape as well as hue."""

COLUMN = 3.5
"""Width in inches of a one-panel chart: one column of a two-column paper."""

WIDE = 7.2
"""Width in inches of a chart of several panels: a page width, or a slide."""

DPI = 150
"""Dots per inch of the figures mjstats makes (``savefig`` without ``dpi`` uses it)."""

ROW = 0.15
"""Height in inches of one labelled row (a pattern, a seat) of a dot chart."""

FEW = 5
"""An estimate resting on fewer wins than this is drawn faded, hollow, with a grey label."""

FADED = 0.45
"""Opacity of faded marks."""

FEW_STYLE = {"alpha": FADED, "markerfacecolor": "white"}
"""Marker keywords of an estimate from fewer than :data:`FEW` wins."""

EXACT_STYLE = {"color": "black", "marker": "D", "markersize": 3.5, "linestyle": "none",
               "zorder": 5}
"""Marker keywords of an exact value drawn beside an estimate."""

GREY = "0.45"
"""Colour of notes and of the labels of faded rows."""

RC = {
    "font.size": 8,
    "axes.titlesize": 8.5,
    "axes.titleweight": "normal",
    "axes.labelsize": 8,
    "xtick.labelsize": 7.5,
    "ytick.labelsize": 7.5,
    "legend.fontsize": 7.5,
    "legend.title_fontsize": 7.5,
    "legend.frameon": False,
    "legend.handlelength": 1.6,
    "figure.titlesize": 9.5,
    "figure.labelsize": 8,
    "figure.dpi": DPI,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.linewidth": 0.7,
    "axes.axisbelow": True,
    "grid.color": "0.9",
    "grid.linewidth": 0.6,
    "lines.linewidth": 1.4,
    "lines.markersize": 4.5,
    "errorbar.capsize": 0,
    "xtick.major.width": 0.7,
    "ytick.major.width": 0.7,
    "xtick.major.size": 3,
    "ytick.major.size": 3,
}
"""matplotlib settings of every chart (with ``axes.prop_cycle`` from :data:`PALETTE`)."""

_KNOWN = (
    "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK JP", "Noto Sans SC",
    "Source Han Sans SC", "Source Han Sans CN", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei",
    "SimHei", "Microsoft YaHei", "PingFang SC", "Heiti SC", "Arial Unicode MS",
)
_PROBE = "清一色坎倒板贰柒拾胡番颗"

_UNITS = {"倍": "倍 × base", "颗": "颗 ke", "分": "分 points"}


def _has_glyphs(path: str) -> bool:
    from matplotlib.ft2font import FT2Font

    try:
        font = FT2Font(path)
    except Exception:  # noqa: BLE001 - unreadable font files are skipped
        return False
    cmap = font.get_charmap()
    return all(ord(ch) in cmap for ch in _PROBE)


@cache
def cjk_font() -> str | None:
    """Name of a font with CJK glyphs, registered with matplotlib; ``None`` if there is none.

    Examples
    --------
    >>> cjk_font() is None or isinstance(cjk_font(), str)
    True
    """
    from matplotlib import font_manager as fm

    by_name = {f.name: f.fname for f in fm.fontManager.ttflist}
    for name in _KNOWN:
        if name in by_name and _has_glyphs(by_name[name]):
            return name
    try:
        import cvttf_NotoSansCJK_Regular as shipped

        path = shipped.get_TTF_path()
    except (ImportError, FileNotFoundError):
        return None
    if not _has_glyphs(path):
        return None
    fm.fontManager.addfont(path)
    return fm.FontProperties(fname=path).get_name()


def setup() -> bool:
    """Make matplotlib draw Chinese, for mjstats' charts and the user's own; True if it can.

    Registers the CJK font (:func:`cjk_font`) and puts it first in
    ``font.sans-serif`` and last in ``font.family`` (a fallback for glyphs the
    family's fonts lack), and draws the minus sign as a hyphen (CJK fonts lack
    U+2212).  Idempotent and cheap: every plotting function calls it, and it
    restores the settings after ``matplotlib.rcdefaults()`` or a style sheet.
    Call it in a notebook's first cell so that plain pandas or matplotlib
    charts of tables with Chinese names render too.

    Returns
    -------
    bool
        Whether a CJK font was found (without one, mjstats' labels are English).

    Examples
    --------
    >>> import mjstats as mj
    >>> mj.plot.setup()
    True
    >>> import matplotlib.pyplot as plt
    >>> plt.rcParams["font.sans-serif"][0] == mj.plot.cjk_font()
    True
    """
    import matplotlib as mpl

    name = cjk_font()
    if name is None:
        return False
    rc = mpl.rcParams
    sans = list(rc["font.sans-serif"])
    if not sans or sans[0] != name:
        rc["font.sans-serif"] = [name] + [f for f in sans if f != name]
    family = list(rc["font.family"])
    if name not in family:
        rc["font.family"] = family + [name]
    rc["axes.unicode_minus"] = False
    return True


def label(zh: str, en: str) -> str:
    """``zh`` when a CJK font is available, else ``en`` (so no glyph is ever a box).

    Examples
    --------
    >>> label("清一色", "one suit") in ("清一色", "one suit")
    True
    """
    return zh if setup() else en


def bilingual(zh: str, en: str, sep: str = " ") -> str:
    r"""``"中文 English"`` when a CJK font is available, else the English alone.

    ``zh`` or ``en`` may be empty (the other is returned); ``sep="\n"`` puts
    them on two lines.

    Examples
    --------
    >>> bilingual("清一色", "one suit") in ("清一色 one suit", "one suit")
    True
    >>> bilingual("", "turn")
    'turn'
    """
    zh, en = str(zh).strip(), str(en).strip()
    if not zh or zh == en:
        return en
    if not en or not setup():
        return en or zh
    return f"{zh}{sep}{en}"


def _width(text: str) -> int:
    """Display width in Latin-letter units: a CJK character counts two."""
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)


def _greedy(words: list[str], width: int) -> list[str]:
    lines: list[str] = []
    for word in words:
        if lines and _width(lines[-1]) + 1 + _width(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def wrap(text: str, width: int = 34) -> str:
    r"""Break ``text`` into balanced lines of at most ``width`` Latin letters (CJK counts two).

    Words are kept whole (a word longer than ``width`` gets a line of its own),
    and the lines are as even as the fewest lines allow, so that no line holds a
    lone last word.

    Examples
    --------
    >>> wrap("杠上炮 win on a discard after a kong", 30)
    '杠上炮 win on a\ndiscard after a kong'
    >>> wrap("清一色 one suit", 30)
    '清一色 one suit'
    """
    words = str(text).split()
    fewest = len(_greedy(words, width))
    if fewest > 1:
        total = _width(" ".join(words))
        for target in range(-(-total // fewest), width):
            lines = _greedy(words, target)
            if len(lines) == fewest:
                return "\n".join(lines)
    return "\n".join(_greedy(words, width))


def unit_label(unit: str) -> str:
    """A rule set's unit in both languages: ``"倍 × base"``, ``"颗 ke"``, ``"分 points"``.

    Examples
    --------
    >>> unit_label("分") in ("分 points", "points")
    True
    """
    zh_en = _UNITS.get(unit)
    if zh_en is None:
        return unit
    zh, en = zh_en.split(" ", 1)
    return bilingual(zh, en)


@cache
def _rule_set_zh(name: str) -> str:
    from mjstats.errors import MjStatsError
    from mjstats.rules import rules

    try:
        return str(rules(name).name_zh)
    except (MjStatsError, TypeError, ValueError, KeyError):
        return ""


def rule_set_label(name: str, short: bool = False) -> str:
    """A rule set's name with its Chinese name (``short``: the name alone, for legends).

    Examples
    --------
    >>> rule_set_label("guangan") in ("guangan 广安麻将", "guangan")
    True
    >>> rule_set_label("my table")
    'my table'
    """
    zh = "" if short or not name else _rule_set_zh(name)
    return f"{name} {zh}" if zh and setup() else name


def chart(fn):
    """Decorate a plotting function: :func:`setup`, then draw under :data:`RC`.

    Tick labels that matplotlib makes later, when the figure is drawn, keep the
    chart's sizes (``tick_params``).
    """

    @functools.wraps(fn)
    def draw(*args, **kwargs):
        import matplotlib.pyplot as plt
        from cycler import cycler

        setup()
        with plt.rc_context({**RC, "axes.prop_cycle": cycler(color=PALETTE)}):
            out = fn(*args, **kwargs)
            for ax in out.figure.axes:
                ax.tick_params(axis="x", which="both", labelsize=RC["xtick.labelsize"])
                ax.tick_params(axis="y", which="both", labelsize=RC["ytick.labelsize"])
        return out

    return draw


def new_axes(ax=None, figsize=(COLUMN, 2.6)):
    """Return ``ax``, or the Axes of a fresh figure of ``figsize`` inches (constrained layout)."""
    setup()
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=figsize, layout="constrained")
    return ax


def new_figure(width: float = WIDE, height: float = 4.0):
    """A fresh figure (constrained layout) for panels added by the caller."""
    setup()
    import matplotlib.pyplot as plt

    return plt.figure(figsize=(width, height), layout="constrained")


def offset(i: int, n: int, span: float = 0.8) -> float:
    """Offset of series ``i`` of ``n`` side-by-side series in a slot of width ``span``."""
    return (i - (n - 1) / 2) * span / n


def yerr(y, lo, hi):
    """Asymmetric error-bar array for an estimate and its interval bounds (never negative)."""
    import numpy as np

    y = np.asarray(y, dtype=float)
    err = np.vstack([y - np.asarray(lo, dtype=float), np.asarray(hi, dtype=float) - y])
    return np.clip(np.nan_to_num(err, nan=0.0), 0.0, None)


def series_style(i: int) -> dict:
    """Colour and marker of series ``i`` (:data:`PALETTE`, :data:`MARKERS`)."""
    return {"color": PALETTE[i % len(PALETTE)], "marker": MARKERS[i % len(MARKERS)]}


def same_groups(series: dict, key) -> list[list[str]]:
    """Group the names of ``series`` whose ``key(table)`` arrays are equal, in first-seen order.

    Two rule sets that play the same hands (``sichuan`` and ``sichuan-app``
    differ only in scoring) give the same waits and turns; a chart draws such a
    group once and names every member in its legend.

    Examples
    --------
    >>> import numpy as np
    >>> same_groups({"a": [1, 2], "b": [1, 3], "c": [1, 2]}, np.asarray)
    [['a', 'c'], ['b']]
    """
    import numpy as np

    groups: list[tuple[object, list[str]]] = []
    for name, table in series.items():
        data = np.asarray(key(table)).tolist()
        for ref, members in groups:
            if ref == data:
                members.append(name)
                break
        else:
            groups.append((data, [name]))
    return [members for _, members in groups]


def group_label(members: list[str]) -> str:
    """Legend text of a group from :func:`same_groups`: ``"a = b"``, then why on a second line.

    Examples
    --------
    >>> group_label(["sichuan"])
    'sichuan'
    >>> group_label(["sichuan", "sichuan-app"]).startswith("sichuan = sichuan-app")
    True
    """
    if len(members) == 1:
        return members[0] or ""
    return " = ".join(members) + "\n(" + bilingual("结果相同", "identical: same hands") + ")"


def legend(ax, own: bool, ncol: int = 1):
    """The legend of ``ax``'s series, then of its marks (exact, never seen).

    In a figure made by the chart (``own``) it goes under the chart, outside
    the data; in a caller's Axes, inside it.
    """
    from matplotlib.container import Container

    handles, labels = ax.get_legend_handles_labels()
    order = sorted(range(len(handles)), key=lambda i: not isinstance(handles[i], Container))
    handles, labels = [handles[i] for i in order], [labels[i] for i in order]
    if own:
        return ax.figure.legend(handles, labels, loc="outside lower center", ncol=ncol)
    return ax.legend(handles, labels)


def few_legend_handles(exact: bool = False, unseen: str | None = None) -> list:
    """Legend handles explaining the shared marks: estimate + 95% interval, few wins, unseen.

    ``unseen`` is the marker of a pattern never seen (``"<"``: at the upper
    bound of its interval, ``">"``: at the lower bound), or ``None``.
    """
    from matplotlib.lines import Line2D

    grey = "0.3"
    out = [Line2D([], [], color=grey, marker="o", lw=1.0,
                  label=bilingual("估计值与95%区间", "estimate, 95% interval")),
           Line2D([], [], color=grey, marker="o", lw=1.0, **FEW_STYLE,
                  label=bilingual(f"少于{FEW}次胡牌", f"fewer than {FEW} wins"))]
    if unseen:
        bound = "上限" if unseen == "<" else "下限"
        en = "upper" if unseen == "<" else "lower"
        out.append(Line2D([], [], color=grey, marker=unseen, ls="none", **FEW_STYLE,
                          label=bilingual(f"未出现: 95%{bound}", f"never seen: 95% {en} bound")))
    if exact:
        out.append(Line2D([], [], **EXACT_STYLE, label=bilingual("精确值", "exact")))
    return out
