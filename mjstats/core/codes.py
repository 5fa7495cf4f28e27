"""Count vectors to table codes, and the input checks shared by the public functions."""

from __future__ import annotations

import numpy as np

from mjstats._checks import count_vector
from mjstats._jit import Entry, inline_kernel, noref_kernel
from mjstats.errors import HandError
from mjstats.tiles import COPIES, N_KINDS, TileSet, kind_name, parse
from mjstats.tiles import tileset as _tileset

MAX_CONCEALED = 14
SIZES = {"hand": 0b110, "waiting": 0b010, "complete": 0b100, "any": 0b111}
"""Tile counts a public function accepts, as a bit mask of ``n % 3`` (``n <= 14``)."""
REJECTED = -2
"""What a checked kernel returns for counts outside 0..4 or a size not allowed.

Never a shanten, a wait mask or a complete flag; the public function then
runs the full checks of :func:`as_hand`, which raise the error.
"""
_INT8 = np.dtype(np.int8)


@noref_kernel
def _suit_code(counts, suit):
    """Base-5 code of suit ``suit`` (0-2) or of the honors (3)."""
    lo = 9 * suit
    hi = lo + 9 if suit < 3 else 34
    code = 0
    mul = 1
    for k in range(lo, hi):
        code += counts[k] * mul
        mul *= 5
    return code


_POW5 = np.array([5**i for i in range(9)], dtype=np.int64)


@inline_kernel
def _pick(i, a0, a1, a2, a3):
    """The ``i``-th of four values (a part's code, row or complement)."""
    if i == 0:
        return a0
    if i == 1:
        return a1
    if i == 2:
        return a2
    return a3


@inline_kernel
def _codes(counts):
    """The four part codes and the tile count in one pass: ``(c0, c1, c2, c3, n)``."""
    c0, c1, c2, c3, n, _ = _codes_checked(counts)
    return c0, c1, c2, c3, n


@inline_kernel
def _codes_checked(counts):
    """:func:`_codes` and, in the same pass, whether every count lies in 0..4.

    Returns ``(c0, c1, c2, c3, n, ok)``.  The check is a few vectorised
    compares; a caller that does not read ``ok`` pays nothing for it (the
    compiler drops it).
    """
    c0 = 0
    c1 = 0
    c2 = 0
    c3 = 0
    n = 0
    bad = False
    for r in range(9):
        a = np.int64(counts[r])
        b = np.int64(counts[9 + r])
        c = np.int64(counts[18 + r])
        w = _POW5[r]
        c0 += a * w
        c1 += b * w
        c2 += c * w
        n += a + b + c
        bad |= (np.uint64(a) > 4) | (np.uint64(b) > 4) | (np.uint64(c) > 4)
    for r in range(7):
        d = np.int64(counts[27 + r])
        c3 += d * _POW5[r]
        n += d
        bad |= np.uint64(d) > 4  # a negative count wraps to a huge one
    return c0, c1, c2, c3, n, not bad


@inline_kernel
def _counts_ok(counts, sizes):
    """Whether every count lies in 0..4 and the total ``n <= 14`` has bit ``n % 3`` of ``sizes``."""
    n = 0
    bad = False
    for k in range(34):  # no early exit: the loop vectorises
        c = np.int64(counts[k])
        n += c
        bad |= np.uint64(c) > 4  # a negative count wraps to a huge one
    return not bad and n <= MAX_CONCEALED and (sizes >> (n % 3)) & 1 == 1


@noref_kernel
def _check_counts(counts, sizes):
    """:func:`_counts_ok` as a kernel of its own (the fast branch of :func:`as_hand`)."""
    return _counts_ok(counts, sizes)


_CHECK = Entry(_check_counts, lambda: (np.zeros(N_KINDS, np.int8), 0))


def plain(hand) -> bool:
    """Whether ``hand`` is an ``int8`` count vector that kernels read as it is.

    A C-contiguous ``numpy.ndarray`` (not a subclass) of dtype ``int8`` and
    shape ``(34,)``: the per-hand functions pass it to a compiled
    :class:`~mjstats._jit.Entry` without converting or copying it.  Its counts
    are checked inside the kernel (:func:`_counts_ok`).

    Examples
    --------
    >>> plain(np.zeros(34, np.int8)), plain(np.zeros(34, np.int64)), plain([0] * 34)
    (True, False, False)
    >>> plain(np.zeros(68, np.int8)[::2])      # (34,) but not contiguous
    False
    """
    return (type(hand) is np.ndarray and hand.dtype is _INT8 and hand.size == N_KINDS
            and hand.strides == (1,))


def as_hand(hand, tileset: str | TileSet | None = None, sizes: str = "hand") -> np.ndarray:
    """Return ``hand`` as a checked ``int8`` count vector.

    Parameters
    ----------
    hand : str or array_like
        Notation string (see :func:`mjstats.parse`) or a ``(34,)`` count vector.
    tileset : str or TileSet, optional
        Tile set that every tile must belong to.
    sizes : {"hand", "waiting", "complete", "any"}
        Which tile counts are allowed: ``"hand"`` any count that is 1 or 2 mod 3
        (at most 14), ``"waiting"`` 1 mod 3 (13 - 3k), ``"complete"`` 2 mod 3 (14 - 3k).

    Raises
    ------
    HandError
        Wrong shape, negative or fifth copies, a tile outside the tile set, or a
        tile count that cannot be a hand of that kind.
    """
    sizes_mask = SIZES[sizes]
    if isinstance(hand, str):
        counts = parse(hand, tileset)
        if _CHECK.call(counts, sizes_mask):
            return counts
    elif plain(hand) and _CHECK.call(hand, sizes_mask):
        counts = hand.copy()
        if tileset is not None:
            _tileset(tileset).check(counts)
        return counts
    else:
        counts = count_vector(hand, N_KINDS, COPIES, kind_name, notation="'123m456p'")
        if tileset is not None:
            _tileset(tileset).check(counts)
    n = int(counts.sum())
    if n > MAX_CONCEALED or not (sizes_mask >> n % 3) & 1:
        want = {
            "hand": "3k+1 or 3k+2 tiles (13 or 14 with no exposed meld)",
            "waiting": "13 - 3k tiles (13, 10, 7, 4 or 1)",
            "complete": "14 - 3k tiles (14, 11, 8, 5 or 2)",
            "any": "at most 14 tiles",
        }[sizes]
        raise HandError(f"a hand of {n} tiles cannot be analysed: expected {want}")
    return counts


def as_hands(hands, checked: bool = True, what: str = "a batch of hands") -> np.ndarray:
    """Return a batch ``(n, 34)`` of count vectors as a contiguous ``int8`` array.

    ``checked``: every count must lie in 0..4 (two passes over the batch); a
    kernel that checks each row itself (:func:`_counts_ok`) passes ``False`` and
    calls ``as_hands`` again for the message when it rejects a row.  A value
    that ``int8`` cannot hold is refused either way, and so is a dtype that is
    not an integer one (a fraction is never truncated).  ``what`` names the
    batch in messages.

    >>> as_hands(np.zeros((2, 34)))
    Traceback (most recent call last):
    ...
    mjstats.errors.HandError: a batch of hands holds integer counts, got dtype float64
    >>> bad = np.zeros((3, 34), np.int64); bad[2, 27] = 5
    >>> as_hands(bad)
    Traceback (most recent call last):
    ...
    mjstats.errors.HandError: a batch of hands: row 2 holds 5 of 1z; every count lies in 0..4
    """
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] != N_KINDS:
        raise HandError(f"{what} has shape (n, {N_KINDS}), got {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise HandError(f"{what} holds integer counts, got dtype {arr.dtype}")
    if (checked or arr.dtype != np.int8) and arr.size and (arr.min() < 0 or arr.max() > 4):
        i, k = np.argwhere((arr < 0) | (arr > 4))[0]
        raise HandError(f"{what}: row {i} holds {arr[i, k]} of {kind_name(int(k))}; "
                        f"every count lies in 0..4")
    return np.ascontiguousarray(arr, dtype=np.int8)
