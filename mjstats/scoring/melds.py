"""Exposed melds as text: ``pong 2s``, ``kong 5m``, ``addkong 5m``, ``ckong 7s``, ``chow 345m``.

Chinese words work too: 碰 (pong), 杠/明杠/直杠 (kong from a discard), 加杠/弯杠/补杠/面下杠
(kong added to a pong), 暗杠 (concealed kong), 吃 (chow).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from mjstats._checks import is_int, meld_list
from mjstats.core.bits import _run_start
from mjstats.errors import HandError, NotationError
from mjstats.scoring import kernels as K
from mjstats.tiles import kind_name, parse


def is_chow_start(kind: int) -> bool:
    """Whether a chow can start at ``kind``: a suit tile of rank 1 to 7.

    The rule of the kernels (:func:`mjstats.core.bits._run_start`), run by Python.
    """
    return _run_start.py_func(kind)


class MeldKind(IntEnum):
    """Exposed meld types (the kernels' codes)."""

    CHOW = K.CHOW
    PONG = K.PONG
    KONG = K.KONG
    ADDKONG = K.ADDKONG
    CKONG = K.CKONG

    @property
    def zh(self) -> str:
        """Chinese name."""
        return ("吃", "碰", "明杠", "加杠", "暗杠")[self]

    @property
    def is_kong(self) -> bool:
        """Whether the meld is a kong of any kind."""
        return self >= MeldKind.KONG


_WORDS = {
    "chow": MeldKind.CHOW, "chi": MeldKind.CHOW, "吃": MeldKind.CHOW,
    "pong": MeldKind.PONG, "pung": MeldKind.PONG, "peng": MeldKind.PONG, "碰": MeldKind.PONG,
    "kong": MeldKind.KONG, "mkong": MeldKind.KONG, "杠": MeldKind.KONG, "明杠": MeldKind.KONG,
    "直杠": MeldKind.KONG,
    "addkong": MeldKind.ADDKONG, "加杠": MeldKind.ADDKONG, "弯杠": MeldKind.ADDKONG,
    "补杠": MeldKind.ADDKONG, "面下杠": MeldKind.ADDKONG, "扒杠": MeldKind.ADDKONG,
    "ckong": MeldKind.CKONG, "暗杠": MeldKind.CKONG,
}


@dataclass(frozen=True)
class ExposedMeld:
    """One exposed (or concealed-kong) meld.

    Attributes
    ----------
    type : MeldKind
        Chow, pong, kong, added kong or concealed kong.
    kind : int
        Kind index (the lowest tile of a chow).
    """

    type: MeldKind
    kind: int

    def __post_init__(self) -> None:
        """Refuse a meld that cannot be: no such type, no such tile, a chow off its start."""
        try:
            t = MeldKind(self.type)
        except ValueError:
            raise HandError(f"meld type {self.type!r} is none of "
                            f"{', '.join(f'{int(m)} ({m.name})' for m in MeldKind)}") from None
        if not is_int(self.kind) or not 0 <= self.kind < 34:
            raise HandError(f"meld kind {self.kind!r} is no tile (0..33)")
        if t == MeldKind.CHOW and not is_chow_start(self.kind):
            raise HandError(f"a chow's kind is its lowest tile, a suit tile of rank 1 to 7; "
                            f"got {self.kind} ({kind_name(int(self.kind))})")
        object.__setattr__(self, "type", t)
        object.__setattr__(self, "kind", int(self.kind))

    @property
    def size(self) -> int:
        """Number of tiles (3 or 4)."""
        return 4 if self.type.is_kong else 3

    def tiles(self) -> np.ndarray:
        """Count vector ``(34,)`` of the meld's tiles."""
        c = np.zeros(34, dtype=np.int16)
        if self.type == MeldKind.CHOW:
            c[self.kind : self.kind + 3] = 1
        else:
            c[self.kind] = self.size
        return c

    def __str__(self) -> str:
        if self.type == MeldKind.CHOW:
            s = self.kind % 9
            return f"chow {s + 1}{s + 2}{s + 3}{kind_name(self.kind)[-1]}"
        return f"{self.type.name.lower()} {kind_name(self.kind)}"


def parse_meld(text: str | ExposedMeld) -> ExposedMeld:
    """Read one meld.

    Examples
    --------
    >>> str(parse_meld("pong 2s")), str(parse_meld("暗杠 中")), str(parse_meld("chow 345m"))
    ('pong 2s', 'ckong 7z', 'chow 345m')
    """
    if isinstance(text, ExposedMeld):
        return text
    if not isinstance(text, str):
        raise NotationError(f"a meld is written as text like 'pong 2s', got {text!r}")
    word, _, rest = text.strip().partition(" ")
    if not rest:
        # "碰2s" / "暗杠中": Chinese word glued to the tiles
        for w in sorted(_WORDS, key=len, reverse=True):
            if text.strip().startswith(w) and not w.isascii():
                word, rest = w, text.strip()[len(w):]
                break
    mtype = _WORDS.get(word.lower())
    if mtype is None:
        raise NotationError(
            f"unknown meld word {word!r} in {text!r}; expected pong, kong, addkong, ckong or chow"
        )
    try:
        counts = parse(rest)
    except NotationError as e:
        raise NotationError(f"meld {text!r}: {e}") from None
    kinds = np.flatnonzero(counts)
    n = int(counts.sum())
    if mtype == MeldKind.CHOW:
        if n == 1:
            k = int(kinds[0])
            if not is_chow_start(k):
                raise NotationError(f"{text!r}: a chow starts at a suit tile 1-7")
            return ExposedMeld(mtype, k)
        if n != 3 or len(kinds) != 3 or kinds[0] >= 27 or kinds[2] - kinds[0] != 2 or (
            kinds[0] // 9 != kinds[2] // 9
        ):
            raise NotationError(f"{text!r}: a chow is three consecutive tiles of one suit")
        return ExposedMeld(mtype, int(kinds[0]))
    size = 4 if mtype.is_kong else 3
    if len(kinds) != 1 or n not in (1, size):
        raise NotationError(
            f"{text!r}: a {mtype.name.lower()} is one tile kind written once or {size} times"
        )
    return ExposedMeld(mtype, int(kinds[0]))


def parse_melds(melds) -> list[ExposedMeld]:
    """Read a list of melds (strings or :class:`ExposedMeld`); ``None`` is no meld.

    A single string may hold several melds separated by ``,`` or ``;``.

    Raises
    ------
    NotationError
        ``melds`` is not a string, a meld or a list of them, or a meld cannot be read.

    Examples
    --------
    >>> [str(m) for m in parse_melds("pong 2s; ckong 7z")]
    ['pong 2s', 'ckong 7z']
    """
    if melds is None:
        return []
    if isinstance(melds, ExposedMeld):
        return [melds]
    return [parse_meld(m) for m in meld_list(melds, "['pong 2s', 'kong 5m']")]
