"""Tile sets: which of the 34 mahjong kinds a rule set plays with, and the kinds' names.

All mahjong tile sets share one 34-kind index (:func:`kind_name` and
:func:`kind_name_zh` name its entries)::

    0-8   1m-9m  一万 … 九万   (万, characters)
    9-17  1p-9p  一筒 … 九筒   (筒, dots)
    18-26 1s-9s  一条 … 九条   (条, bamboo)
    27-30 1z-4z  东 南 西 北   (winds)
    31-33 5z-7z  白 发 中      (dragons)

A tile set says which kinds exist (four copies each).  Kernels never hard-code
tile counts: they read ``kinds`` (the kind indices present) and ``wall`` (one
entry per physical tile) from the tile set.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from mjstats._checks import is_int
from mjstats.errors import HandError, NotationError

N_KINDS = 34
"""Length of every mahjong count vector."""
N_SUIT_KINDS = 27
"""Kinds 0-26 are the three numbered suits."""
COPIES = 4
"""Copies of each kind in every mahjong tile set."""
SUITS = ("m", "p", "s")
"""Suit letters in index order: 万 (m), 筒 (p), 条 (s)."""
SUIT_NAMES_ZH = ("万", "筒", "条")
HONOR_NAMES_ZH = ("东", "南", "西", "北", "白", "发", "中")
WINDS = tuple(range(27, 31))
DRAGONS = tuple(range(31, 34))
_ZH_DIGITS = "一二三四五六七八九"


def kind_name(kind: int) -> str:
    """Compact name of a kind index: ``0 -> "1m"``, ``33 -> "7z"``.

    Examples
    --------
    >>> kind_name(13)
    '5p'
    """
    _check_kind(kind)
    if kind < 27:
        return f"{kind % 9 + 1}{SUITS[kind // 9]}"
    return f"{kind - 26}z"


def kind_name_zh(kind: int) -> str:
    """Chinese name of a kind index: ``0 -> "一万"``, ``33 -> "中"``.

    Examples
    --------
    >>> kind_name_zh(13), kind_name_zh(32)
    ('五筒', '发')
    """
    _check_kind(kind)
    if kind < 27:
        return _ZH_DIGITS[kind % 9] + SUIT_NAMES_ZH[kind // 9]
    return HONOR_NAMES_ZH[kind - 27]


def _check_kind(kind: int) -> None:
    if not is_int(kind):
        raise NotationError(
            f"a kind index is an integer 0-{N_KINDS - 1}, got {kind!r} ({type(kind).__name__})"
        )
    if not 0 <= int(kind) < N_KINDS:
        raise NotationError(f"kind index {kind} is outside 0-{N_KINDS - 1}")


@dataclass(frozen=True)
class TileSet:
    """A set of mahjong tiles: the kinds present, four copies each.

    Attributes
    ----------
    name : str
        Registry name (``"sichuan"``, ``"guangan"``, ``"liuzhou"``).
    name_zh : str
        Chinese name.
    kinds : tuple of int
        Kind indices (0-33) present in the set, ascending.
    mask, copies, wall : numpy.ndarray
        Read-only: per kind, whether the set has it (``bool``) and its copies
        (``int64``, 4 or 0); the set's tiles, four of each kind (``int8``).
    """

    name: str
    name_zh: str
    kinds: tuple[int, ...]
    mask: np.ndarray = field(init=False, repr=False, compare=False)
    copies: np.ndarray = field(init=False, repr=False, compare=False)
    wall: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mask = np.zeros(N_KINDS, dtype=np.bool_)
        mask[list(self.kinds)] = True
        mask.setflags(write=False)
        copies = mask.astype(np.int64) * COPIES
        copies.setflags(write=False)
        wall = np.repeat(np.asarray(self.kinds, dtype=np.int8), COPIES)
        wall.setflags(write=False)
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "copies", copies)
        object.__setattr__(self, "wall", wall)

    @property
    def n_tiles(self) -> int:
        """Number of physical tiles (4 per kind)."""
        return COPIES * len(self.kinds)

    @property
    def has_honors(self) -> bool:
        """Whether any wind or dragon is in the set."""
        return any(k >= N_SUIT_KINDS for k in self.kinds)

    def check(self, counts: np.ndarray, what: str = "hand") -> None:
        """Raise :class:`HandError` if ``counts`` holds a kind the set lacks or a fifth copy."""
        counts = np.asarray(counts)
        bad = np.flatnonzero((counts > 0) & ~self.mask)
        if bad.size:
            names = ", ".join(kind_name(int(k)) for k in bad)
            raise HandError(
                f"{what} holds {names}, which the {self.name} tile set ({self.n_tiles} tiles) "
                f"does not have"
            )
        over = np.flatnonzero(counts > COPIES)
        if over.size:
            k = int(over[0])
            raise HandError(
                f"{what} holds {int(counts[k])} copies of {kind_name(k)}; "
                f"a tile set has only {COPIES}"
            )

    def __str__(self) -> str:
        return f"{self.name} ({self.name_zh}, {self.n_tiles} tiles)"


_SUITS_ONLY = tuple(range(N_SUIT_KINDS))
TILESETS: dict[str, TileSet] = {
    "sichuan": TileSet("sichuan", "四川 108张", _SUITS_ONLY),
    "guangan": TileSet("guangan", "广安 120张", _SUITS_ONLY + DRAGONS),
    "liuzhou": TileSet("liuzhou", "柳州 136张", tuple(range(N_KINDS))),
}
"""The mahjong tile sets by name."""


def tileset(name: str | TileSet) -> TileSet:
    """Return the tile set called ``name`` (or ``name`` itself if already a :class:`TileSet`).

    Parameters
    ----------
    name : str or TileSet
        ``"sichuan"`` (108 tiles), ``"guangan"`` (120) or ``"liuzhou"`` (136).

    Examples
    --------
    >>> tileset("guangan").n_tiles
    120
    """
    if isinstance(name, TileSet):
        return name
    try:
        return TILESETS[str(name).lower()]
    except KeyError:
        raise HandError(
            f"unknown tile set {name!r}; expected one of {', '.join(TILESETS)}"
        ) from None
