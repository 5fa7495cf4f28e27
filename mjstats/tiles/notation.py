"""Reading and writing hands: compact notation, Chinese names and Unicode glyphs.

Compact notation groups digits before a suit letter: ``123m456p789s1122z``
(``m`` 万, ``p`` 筒, ``s`` 条, ``z`` honors 1-7 = 东南西北白发中).  The Chinese
forms of the seeds are read too: ``1133446677万5588筒``, ``一万 二万 五筒 九条
中 发 白 东`` (numerals 一…九 or digits before 万/筒/条, with the aliases 萬 饼 餅
索 條 and the seeds' typo 铜), and the Unicode mahjong glyphs 🀇…🀡 🀀…🀆.
"""

from __future__ import annotations

import functools
import re

import numpy as np

from mjstats._checks import count_vector
from mjstats.errors import HandError, NotationError
from mjstats.tiles.tilesets import (
    _ZH_DIGITS,
    COPIES,
    N_KINDS,
    SUITS,
    TileSet,
    _check_kind,
    kind_name,
    kind_name_zh,
    tileset,
)

_SUIT_CHARS = {
    "m": 0, "M": 0, "万": 0, "萬": 0,
    "p": 1, "P": 1, "筒": 1, "饼": 1, "餅": 1, "铜": 1,
    "s": 2, "S": 2, "条": 2, "條": 2, "索": 2,
    "z": 3, "Z": 3,
}
_HONOR_CHARS = {
    "东": 27, "東": 27, "南": 28, "西": 29, "北": 30,
    "白": 31, "发": 32, "發": 32, "中": 33,
}
PARSE_CACHE = 4096
"""How many distinct strings :func:`parse` remembers (a loop over hands reads each once)."""
_SEPARATORS = set(" \t\n,;|-_/+")
# Unicode Mahjong Tiles block: winds U+1F000-3, 中发白 U+1F004-6, 万 U+1F007-F,
# 条 U+1F010-8, 筒 U+1F019-21.
_GLYPH_OF = [0] * N_KINDS
for _r in range(9):
    _GLYPH_OF[_r] = 0x1F007 + _r
    _GLYPH_OF[9 + _r] = 0x1F019 + _r
    _GLYPH_OF[18 + _r] = 0x1F010 + _r
for _i, _cp in enumerate((0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)):
    _GLYPH_OF[27 + _i] = _cp
_KIND_OF_GLYPH = {chr(cp): k for k, cp in enumerate(_GLYPH_OF)}


def kind_glyph(kind: int) -> str:
    """Unicode mahjong glyph of a kind index (``0 -> "🀇"``)."""
    _check_kind(kind)
    return chr(_GLYPH_OF[kind])


def _quote(text: str) -> str:
    """``repr(text)`` for a message, shortened in the middle when the text is long."""
    if len(text) <= 60:
        return repr(text)
    return f"{text[:24] + '…' + text[-24:]!r} ({len(text):,} characters)"


def _add(counts: list[int], kind: int, text: str, pos: int) -> None:
    """Count one tile; a fifth copy is an error at once (no counter can wrap around)."""
    if counts[kind] >= COPIES:
        raise HandError(
            f"{_quote(text)} holds {counts[kind] + 1} copies of {kind_name(kind)} "
            f"({kind_name_zh(kind)}) at position {pos}; there are only {COPIES}"
        )
    counts[kind] += 1


def parse(text: str, tileset: str | TileSet | None = None) -> np.ndarray:
    """Read a hand into a count vector of shape ``(34,)`` and dtype ``int8``.

    Parameters
    ----------
    text : str
        Tiles in compact notation (``"123m456p789s1122z"``), seed-style Chinese
        (``"1133446677万5588筒"``, ``"一万 二万 中"``) or Unicode glyphs.
    tileset : str or TileSet, optional
        If given, every tile must belong to it (no wind in a Sichuan hand).

    Returns
    -------
    numpy.ndarray
        ``int8`` counts indexed by kind (see :mod:`mjstats.tiles.tilesets`).

    Raises
    ------
    NotationError
        Unknown character, digits without a suit, a digit that is not a tile (``8z``, ``0m``).
    HandError
        A fifth copy of a tile, or a tile the tile set lacks.

    Notes
    -----
    The counts of the :data:`PARSE_CACHE` strings read most recently are kept, so
    reading a string again costs a look-up and a copy (well under a µs).

    Examples
    --------
    >>> h = parse("123m456p789s1122z")
    >>> int(h.sum()), int(h[27])
    (13, 2)
    >>> format(parse("一万 二万 三万 中 中"))
    '123m77z'
    """
    if not isinstance(text, str):
        raise NotationError(f"a hand is written as a string, got {type(text).__name__}")
    out = _read(text).copy()
    if tileset is not None:
        _tileset(tileset).check(out, what=_quote(text))
    return out


@functools.lru_cache(maxsize=PARSE_CACHE)
def _read(text: str) -> np.ndarray:
    """The counts of ``text`` as a read-only array, cached (:func:`parse` copies them)."""
    counts = _read_compact(text)
    if counts is None:
        counts = bytes(_read_any(text))
    return np.frombuffer(counts, dtype=np.int8)  # read-only: a view of the bytes


_COMPACT = re.compile(r"(?:([1-9]+)m)?(?:([1-9]+)p)?(?:([1-9]+)s)?(?:([1-7]+)z)?")
"""Compact notation with its suits in order, each at most once (``123m456p789s1122z``,
what :func:`format` writes), read by :func:`_read_compact`; any other by :func:`_read_any`."""
_LONGEST = COPIES * N_KINDS + 4
"""The longest compact text that can be a hand: every copy of every kind, four suit letters."""
_NONE9 = bytes(9)
_NONE7 = bytes(7)
RANKS_CACHE = 16384
"""How many distinct groups of digits :func:`_ranks` remembers (random deals hold some 9,000)."""


@functools.lru_cache(maxsize=RANKS_CACHE)
def _ranks(digits: str) -> bytes:
    """How many of each rank 1-9 a suit's digits hold (``"1123" -> 2,1,1,0,...``), 9 bytes."""
    return bytes(map(digits.count, "123456789"))


def _read_compact(text: str) -> bytes | None:
    """The 34 counts of compact notation in suit order (:data:`_COMPACT`), else ``None``.

    ``None`` also on a fifth copy (:func:`_read_any` says where).  A group of digits
    is counted once and remembered (:func:`_ranks`): hands share their suits' groups.
    """
    if len(text) > _LONGEST:
        return None  # more tiles than a tile set holds: the general reader says where
    m = _COMPACT.fullmatch(text)
    if m is None:
        return None
    man, pin, sou, hon = m.groups()
    counts = b"".join((_ranks(man) if man else _NONE9, _ranks(pin) if pin else _NONE9,
                       _ranks(sou) if sou else _NONE9, _ranks(hon)[:7] if hon else _NONE7))
    return counts if max(counts) <= COPIES else None


_HALFWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20, 0xA0: 0x20}
"""Full-width ASCII (U+FF01-FF5E) to ASCII; the ideographic and no-break spaces to a space."""


def halfwidth(text: str) -> str:
    """``text`` as typed on a Chinese keyboard's full-width mode, read as ASCII.

    Full-width ``１２３ｍ`` is ``123m``; the ideographic and the no-break space are
    spaces.  One character for one, so that positions in messages stay.

    >>> halfwidth("１２３ｍ\u3000中")
    '123m 中'
    """
    return text.translate(_HALFWIDTH)


def _read_any(text: str) -> list[int]:
    """Counts of any notation :func:`parse` reads, character by character."""
    counts = [0] * N_KINDS
    pending: list[tuple[int, int]] = []  # (rank 1-9, position)
    for pos, ch in enumerate(halfwidth(text)):
        if ch.isascii() and ch.isdigit():
            pending.append((int(ch), pos))
        elif ch in _ZH_DIGITS:
            pending.append((_ZH_DIGITS.index(ch) + 1, pos))
        elif ch in _SUIT_CHARS:
            suit = _SUIT_CHARS[ch]
            if not pending:
                raise NotationError(
                    f"suit {ch!r} at position {pos} of {_quote(text)} has no digits before it"
                )
            for rank, rpos in pending:
                if suit == 3:
                    if not 1 <= rank <= 7:
                        raise NotationError(
                            f"{rank}z at position {rpos} of {_quote(text)} is not a tile: "
                            f"honors are 1z-7z (东南西北白发中)"
                        )
                    _add(counts, 26 + rank, text, rpos)
                else:
                    if not 1 <= rank <= 9:
                        raise NotationError(
                            f"{rank}{SUITS[suit]} at position {rpos} of {_quote(text)} is not "
                            f"a tile: ranks are 1-9"
                        )
                    _add(counts, 9 * suit + rank - 1, text, rpos)
            pending.clear()
        elif ch in _HONOR_CHARS or ch in _KIND_OF_GLYPH:
            if pending:
                raise NotationError(
                    f"digits before {ch!r} at position {pos} of {_quote(text)} have no suit letter"
                )
            _add(counts, _HONOR_CHARS.get(ch, _KIND_OF_GLYPH.get(ch)), text, pos)
        elif ch in _SEPARATORS:
            continue
        else:
            raise NotationError(
                f"unknown character {ch!r} at position {pos} of {_quote(text)}; expected digits "
                f"with a suit (m p s z, 万 筒 条), Chinese tile names or mahjong glyphs"
            )
    if pending:
        digits = "".join(str(r) for r, _ in pending)
        raise NotationError(
            f"digits {_quote(digits)} at the end of {_quote(text)} have no suit letter "
            f"(m, p, s, z or 万/筒/条)"
        )
    return counts


def parse_tile(text: str, tileset: str | TileSet | None = None) -> int:
    """Read one tile and return its kind index.

    Examples
    --------
    >>> parse_tile("5p"), parse_tile("中"), parse_tile("九条")
    (13, 33, 26)
    """
    if not isinstance(text, str):
        raise NotationError(
            f"a tile is written as a string such as '5p', got {text!r} ({type(text).__name__})"
        )
    counts = parse(text, tileset)
    if int(counts.sum()) != 1:
        raise NotationError(f"{_quote(text)} is not one tile (it holds {int(counts.sum())})")
    return int(np.argmax(counts))


def format(counts: np.ndarray, style: str = "compact") -> str:  # noqa: A001
    """Write a count vector as text.

    Parameters
    ----------
    counts : array_like of int, shape (34,)
        A count vector.
    style : {"compact", "zh", "unicode"}
        ``"compact"``: ``123m456p11z``; ``"zh"``: Chinese tile names separated by
        spaces (``一万 二万 三万 东 东``); ``"unicode"``: mahjong glyphs.  All three
        are read back by :func:`parse`.

    Examples
    --------
    >>> h = parse("1123m9s77z")
    >>> format(h)
    '1123m9s77z'
    >>> format(h, "zh")
    '一万 一万 二万 三万 九条 中 中'
    """
    counts = _as_counts(counts)
    if style == "compact":
        parts = []
        for suit, letter in enumerate((*SUITS, "z")):
            lo, hi = 9 * suit, min(9 * suit + 9, N_KINDS)
            digits = "".join(str(k - lo + 1) * int(counts[k]) for k in range(lo, hi))
            if digits:
                parts.append(digits + letter)
        return "".join(parts)
    if style == "zh":
        return " ".join(kind_name_zh(k) for k in range(N_KINDS) for _ in range(int(counts[k])))
    if style == "unicode":
        return "".join(kind_glyph(k) * int(counts[k]) for k in range(N_KINDS))
    raise NotationError(f"unknown style {style!r}; expected 'compact', 'zh' or 'unicode'")


def _as_counts(counts) -> np.ndarray:
    return count_vector(counts, N_KINDS, COPIES, kind_name, "a count vector", NotationError)


_tileset = tileset
