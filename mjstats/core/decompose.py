"""All readings (decompositions) of a complete hand: which melds and which pair.

Scoring chooses the reading that scores most, so every way to split the
concealed tiles into melds and a pair is listed, plus the seven-pairs reading.
A meld is coded as ``type * 64 + kind``: ``PAIR`` (0), ``RUN`` (1, ``kind`` is the
lowest tile) or ``TRIPLET`` (2).  The enumeration is an explicit-stack search
(no recursion) that always places the lowest remaining tile, so each multiset of
melds is produced exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from mjstats._jit import kernel, noref_kernel, separate
from mjstats.core.bits import _run_start
from mjstats.core.codes import as_hand
from mjstats.core.complete import _is_seven_pairs
from mjstats.tiles import kind_name

MELD_SHIFT = 64
MAX_READINGS = 64
"""Readings buffer; no 14-tile hand has more than a dozen standard readings."""


class MeldType(IntEnum):
    """Type part of a meld code."""

    PAIR = 0
    RUN = 1
    TRIPLET = 2


# meld types as plain ints for the kernels (the search's choices 0, 1, 2 are pair,
# triplet, run: the order in which it tries them)
_PAIR = int(MeldType.PAIR)
_RUN = int(MeldType.RUN)
_TRIPLET = int(MeldType.TRIPLET)

DECOMPOSE_STATE = 4 * 5
"""Length of the ``state`` scratch of :func:`_decompose_into` (with a 34-long ``c``)."""


@kernel
def _decompose(counts, out):
    """Write standard readings into ``out`` (rows of 5 meld codes, ``-1`` unused).

    Returns the number of readings, or ``-1`` when ``out`` is too small.
    Allocates its scratch; hot loops call :func:`_decompose_into`.
    """
    c = np.empty(34, dtype=np.int64)
    state = np.empty(DECOMPOSE_STATE, dtype=np.int64)
    return _decompose_into(counts, out, c, state)


@separate
@noref_kernel
def _decompose_into(counts, out, c, state):
    """:func:`_decompose` with caller-owned ``int64`` scratch: ``c`` (34) and ``state`` (20).

    Two rows of a scratch matrix do, so hot loops allocate nothing (and, without
    reference counting, its slices of ``state`` cost nothing either).
    """
    n = 0
    for k in range(34):
        c[k] = counts[k]
        n += c[k]
    if n % 3 != 2:
        return 0
    slots = n // 3 + 1
    kind = state[0:5]
    choice = state[5:10]
    meld = state[10:15]
    # melds that start at the same kind are placed in type order (pair, triplet,
    # runs) so that each multiset of melds is produced once
    lowest = state[15:20]
    for j in range(5):
        kind[j] = 0
        choice[j] = -1
        meld[j] = 0
        lowest[j] = 0
    pair_used = 0
    found = 0
    d = 0
    k0 = 0
    while c[k0] == 0:
        k0 += 1
    kind[0] = k0
    while d >= 0:
        i = kind[d]
        ch = choice[d]
        if ch == 0:
            c[i] += 2
            pair_used = 0
        elif ch == 1:
            c[i] += 3
        elif ch == 2:
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        ch = lowest[d] if ch < 0 else ch + 1
        placed = False
        while ch <= 2:
            if ch == 0 and pair_used == 0 and c[i] >= 2:
                c[i] -= 2
                pair_used = 1
                placed = True
                break
            if ch == 1 and c[i] >= 3:
                c[i] -= 3
                placed = True
                break
            if ch == 2 and _run_start(i) and c[i + 1] >= 1 and c[i + 2] >= 1:
                c[i] -= 1
                c[i + 1] -= 1
                c[i + 2] -= 1
                placed = True
                break
            ch += 1
        if not placed:
            choice[d] = -1
            d -= 1
            continue
        choice[d] = ch
        meld[d] = (_PAIR if ch == 0 else (_TRIPLET if ch == 1 else _RUN)) * MELD_SHIFT + i
        if d + 1 == slots:
            if pair_used == 1:
                if found >= out.shape[0]:
                    return -1
                for j in range(out.shape[1]):
                    out[found, j] = meld[j] if j < slots else -1
                found += 1
        else:
            nxt = i
            while nxt < 34 and c[nxt] == 0:
                nxt += 1
            if nxt == 34:
                continue
            d += 1
            kind[d] = nxt
            choice[d] = -1
            lowest[d] = ch if nxt == i else 0
    return found


@dataclass(frozen=True)
class Meld:
    """One meld of a reading.

    Attributes
    ----------
    type : MeldType
        ``PAIR``, ``RUN`` or ``TRIPLET``.
    kind : int
        Kind index (the lowest tile of a run).
    """

    type: MeldType
    kind: int

    @property
    def tiles(self) -> tuple[int, ...]:
        """Kind index of each tile in the meld."""
        if self.type == MeldType.RUN:
            return (self.kind, self.kind + 1, self.kind + 2)
        return (self.kind,) * (2 if self.type == MeldType.PAIR else 3)

    def __str__(self) -> str:
        from mjstats.tiles.notation import format as fmt

        counts = np.zeros(34, dtype=np.int8)
        for k in self.tiles:
            counts[k] += 1
        return fmt(counts)


@dataclass(frozen=True)
class Reading:
    """A way to read a complete hand.

    Attributes
    ----------
    form : str
        ``"standard"`` or ``"seven_pairs"``.
    melds : tuple of Meld
        The pair first, then the melds in tile order (seven pairs: seven ``PAIR``
        melds, a kind held four times appearing twice).
    """

    form: str
    melds: tuple[Meld, ...]

    def __str__(self) -> str:
        return " ".join(str(m) for m in self.melds)


_MELDS = {t * MELD_SHIFT + k: Meld(t, k) for t in MeldType for k in range(34)}
"""Every meld by its kernel code (melds are frozen, so readings share them)."""


def decode_meld(code: int) -> Meld:
    """Turn a kernel meld code into a :class:`Meld`."""
    return _MELDS[int(code)]


def decompositions(hand, tileset=None) -> list[Reading]:
    """Every reading of a complete hand of ``14 - 3k`` concealed tiles.

    Parameters
    ----------
    hand : str or array_like
        Concealed tiles (notation or count vector), including the winning tile.
    tileset : str or TileSet, optional
        Check the tiles against a tile set.

    Returns
    -------
    list of Reading
        Standard readings (pair + melds), then the seven-pairs reading if the hand
        is seven pairs.  Empty if the hand is not complete.

    Examples
    --------
    >>> [str(r) for r in decompositions("111222333m789p55s")]
    ['55s 111m 222m 333m 789p', '55s 123m 123m 123m 789p']
    >>> [str(r) for r in decompositions("11223344556677m")][-1]
    '11m 22m 33m 44m 55m 66m 77m'
    """
    h = as_hand(hand, tileset, sizes="complete")
    out = np.empty((MAX_READINGS, 5), dtype=np.int16)  # rows < n are written in full
    n = _decompose(h, out)
    if n < 0:  # pragma: no cover - no legal hand has that many readings
        raise RuntimeError(f"more than {MAX_READINGS} readings of {kind_name(0)}-based hand")
    readings = []
    for row in out[:n].tolist():
        melds = [_MELDS[x] for x in row if x >= 0]
        pair = [m for m in melds if m.type == MeldType.PAIR]
        rest = [m for m in melds if m.type != MeldType.PAIR]
        readings.append(Reading("standard", tuple(pair + rest)))
    if _is_seven_pairs(h):
        pairs = [_MELDS[k] for k, c in enumerate(h.tolist()) for _ in range(c // 2)]  # PAIR codes
        readings.append(Reading("seven_pairs", tuple(pairs)))
    return readings
