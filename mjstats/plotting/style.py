"""Matplotlib set-up: a font with CJK glyphs, or English labels — never boxes.

:func:`setup` looks for a font that has the Chinese glyphs mjstats draws
(pattern names such as 清一色, 坎倒板, 贰柒拾): first fonts already known to
matplotlib (Noto Sans CJK, Source Han Sans, WenQuanYi, SimHei, PingFang, ...),
then the Noto Sans CJK file shipped by the ``cvttf-NotoSansCJK-Regular``
dependency.  If none is found, :func:`label` returns the English name so that a
chart never shows empty boxes.  matplotlib is imported lazily.
"""

from __future__ import annotations

from functools import cache

_KNOWN = (
    "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans SC", "Source Han Sans SC",
    "Source Han Sans CN", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "SimHei",
    "Microsoft YaHei", "PingFang SC", "Heiti SC", "Arial Unicode MS",
)
_PROBE = "清一色坎倒板贰柒拾胡番颗"


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
    """Name of a font with CJK glyphs registered with matplotlib, or ``None``."""
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


@cache
def setup() -> bool:
    """Configure matplotlib once (CJK font first in the sans-serif list); True if CJK works."""
    import matplotlib.pyplot as plt

    name = cjk_font()
    if name is None:
        return False
    sans = list(plt.rcParams["font.sans-serif"])
    plt.rcParams["font.sans-serif"] = [name] + [f for f in sans if f != name]
    plt.rcParams["font.family"] = ["sans-serif"]
    plt.rcParams["axes.unicode_minus"] = False
    return True


def label(zh: str, en: str) -> str:
    """``zh`` when a CJK font is available, else ``en`` (so no glyph is ever a box).

    Examples
    --------
    >>> label("清一色", "full flush") in ("清一色", "full flush")
    True
    """
    return zh if setup() else en


def new_axes(ax=None, figsize=(6.4, 4.0)):
    """Return ``ax`` or a fresh Axes (after :func:`setup`)."""
    setup()
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=figsize, layout="constrained")
    return ax


def offset(i: int, n: int, span: float = 0.8) -> float:
    """Offset of series ``i`` of ``n`` side-by-side bar series in a slot of width ``span``."""
    return (i - (n - 1) / 2) * span / n


def yerr(y, lo, hi):
    """Asymmetric error-bar array for an estimate and its interval bounds."""
    import numpy as np

    y = np.asarray(y, dtype=float)
    return np.vstack([y - np.asarray(lo, dtype=float), np.asarray(hi, dtype=float) - y])
