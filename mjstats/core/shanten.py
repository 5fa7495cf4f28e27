"""Exact shanten: the fewest tile exchanges to a complete hand, minus one.

``-1`` is complete, ``0`` ready (听牌/下叫).  The standard form is computed from the
per-suit overlap tables (:mod:`mjstats.core.tables`); a target hand never uses a
fifth copy of a kind, so a hand holding ``1111m`` is not "waiting" on 1m.  Seven
pairs is the Chinese form (a kind held four times is two pairs).  For a hand of
``n`` concealed tiles (``n`` 1 or 2 mod 3, ``k = (14 - n) // 3`` exposed melds) the
standard target has ``4 - k`` melds and a pair; seven pairs needs ``n >= 13``.
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import Entry, inline_kernel, noref_kernel, parallel_kernel, prange
from mjstats.core.codes import (
    MAX_CONCEALED,
    REJECTED,
    SIZES,
    _codes,
    _counts_ok,
    as_hand,
    as_hands,
    plain,
)
from mjstats.core.complete import _form_code
from mjstats.core.tables import MAX_MELDS, entry, tables
from mjstats.errors import HandError
from mjstats.tiles import parse

NOT_APPLICABLE = 127
"""Shanten reported for seven pairs when the hand has exposed melds."""


@inline_kernel
def _conv(a, b, M):
    """Max-plus convolution of two packed rows (melds up to ``M``), packed."""
    out = np.uint64(0)
    for m in range(M + 1):
        best0 = 0
        best1 = 0
        for m1 in range(m + 1):
            a0 = entry(a, m1, 0)
            a1 = entry(a, m1, 1)
            b0 = entry(b, m - m1, 0)
            b1 = entry(b, m - m1, 1)
            v = a0 + b0
            if v > best0:
                best0 = v
            v = a0 + b1
            if a1 + b0 > v:
                v = a1 + b0
            if v > best1:
                best1 = v
        out |= (np.uint64(best0) << np.uint64(8 * m)) | (np.uint64(best1) << np.uint64(8 * m + 4))
    return out


@inline_kernel
def _final(a, b, M):
    """Best overlap of ``M`` melds and one pair split between packed rows ``a`` and ``b``."""
    best = 0
    for m1 in range(M + 1):
        v = entry(a, m1, 0) + entry(b, M - m1, 1)
        if v > best:
            best = v
        v = entry(a, m1, 1) + entry(b, M - m1, 0)
        if v > best:
            best = v
    return best


@inline_kernel
def _overlap_m(c0, c1, c2, c3, M, T):
    a = T.suit[c0]
    if c1 != 0:
        a = _conv(a, T.suit[c1], M) if c0 != 0 else T.suit[c1]
    b = T.suit[c2]
    if c3 != 0:
        b = _conv(b, T.honor[c3], M) if c2 != 0 else T.honor[c3]
    return _final(a, b, M)


@noref_kernel
def _overlap_codes(c0, c1, c2, c3, M, T):
    """Largest overlap with a target of ``M`` melds and one pair.

    Overlap rows never decrease with ``m`` or ``p`` (a meld can always be added
    where no tile is held), so an empty part needs no convolution.  The common
    ``M = 4`` (13 or 14 concealed tiles) is a separate call with a constant so
    that the compiler unrolls the convolution loops.
    """
    if M == 4:
        return _overlap_m(c0, c1, c2, c3, 4, T)
    return _overlap_m(c0, c1, c2, c3, M, T)


@inline_kernel
def _standard_from_codes(c0, c1, c2, c3, n, T):
    M = min((n - 1) // 3, MAX_MELDS)
    return 3 * M + 1 - _overlap_codes(c0, c1, c2, c3, M, T)


@noref_kernel
def _shanten_standard(counts, T):
    c0, c1, c2, c3, n = _codes(counts)
    return _standard_from_codes(c0, c1, c2, c3, n, T)


@noref_kernel
def _shanten_seven_pairs(counts):
    n = 0
    pairs = 0
    odd = 0
    for k in range(34):
        c = counts[k]
        n += c
        pairs += c // 2
        odd += c % 2
    if n < 13:
        return NOT_APPLICABLE
    used = pairs if pairs < 7 else 7
    rest = 7 - used
    return 13 - 2 * used - (odd if odd < rest else rest)


@noref_kernel
def _shanten(counts, form, T):
    """``form`` 0 standard, 1 seven pairs, 2 the minimum."""
    if form == 0:
        return _shanten_standard(counts, T)
    s7 = _shanten_seven_pairs(counts)
    if form == 1:
        return s7
    s = _shanten_standard(counts, T)
    return s if s < s7 else s7


_HAND_SIZES = SIZES["hand"]


@inline_kernel
def _is_hand_size(n):
    """Whether ``n`` tiles can be a hand: 3k+1 or 3k+2, at most 14."""
    return n <= MAX_CONCEALED and (_HAND_SIZES >> (n % 3)) & 1 == 1


@noref_kernel
def _shanten_checked(counts, form, T):
    """:func:`_shanten` of unchecked counts, or :data:`REJECTED` if they are not a hand."""
    if not _counts_ok(counts, _HAND_SIZES):
        return REJECTED
    return _shanten(counts, form, T)


_FACE = Entry(_shanten_checked, lambda: (np.zeros(34, np.int8), 0, tables()))


@parallel_kernel
def _shanten_many(hands, form, T, out):
    """Shanten of each row into ``out``; return the number of rows that are not a hand.

    The rows' counts lie in 0..4 (:func:`~mjstats.core.codes.as_hands`); a row
    whose size is not 3k+1 or 3k+2 (at most 14) gets :data:`REJECTED`.  The
    size comes with the table codes, in the same pass (a row sum in numpy
    costs a third of the kernel).  One loop per form: the branch stays out of
    the hot loop.
    """
    rejected = 0
    if form == 0:
        for i in prange(hands.shape[0]):
            c0, c1, c2, c3, n = _codes(hands[i])
            if not _is_hand_size(n):
                out[i] = REJECTED
                rejected += 1
            else:
                out[i] = _standard_from_codes(c0, c1, c2, c3, n, T)
    elif form == 1:
        for i in prange(hands.shape[0]):
            n = _codes(hands[i])[4]
            if not _is_hand_size(n):
                out[i] = REJECTED
                rejected += 1
            else:
                out[i] = _shanten_seven_pairs(hands[i])
    else:
        for i in prange(hands.shape[0]):
            c0, c1, c2, c3, n = _codes(hands[i])
            if not _is_hand_size(n):
                out[i] = REJECTED
                rejected += 1
            else:
                s = _standard_from_codes(c0, c1, c2, c3, n, T)
                s7 = _shanten_seven_pairs(hands[i])
                out[i] = s if s < s7 else s7
    return rejected


def shanten(hand, form: str = "any", tileset=None) -> int:
    """Exact shanten of a hand of ``13 - 3k`` or ``14 - 3k`` concealed tiles.

    Parameters
    ----------
    hand : str or array_like
        Concealed tiles (notation or count vector).
    form : {"any", "standard", "seven_pairs"}
        ``"any"`` is the minimum over the standard form and seven pairs.
    tileset : str or TileSet, optional
        Check the tiles against a tile set.

    Returns
    -------
    int
        ``-1`` complete, ``0`` ready, ``s`` means ``s + 1`` exchanges to complete.
        Seven pairs of a hand with exposed melds is reported as ``127``.

    Notes
    -----
    An ``int8`` count vector of shape ``(34,)`` (what :func:`~mjstats.parse`
    returns, or a row of :func:`~mjstats.deal`'s batch) goes to the compiled
    kernel as it is, and the kernel checks its counts: a call costs under a
    microsecond, so a loop over hands in Python is fast.  Other inputs are
    converted and checked first (a few microseconds); a notation string read
    before comes from a cache.

    Examples
    --------
    >>> shanten("123m456p789s1122z")
    0
    >>> shanten("1111m", form="standard")    # 1m would be a fifth copy
    1
    >>> shanten("11223344556677m", form="seven_pairs")
    -1
    """
    code = _form_code(form)
    if tileset is None:
        h = parse(hand) if type(hand) is str else hand
        if plain(h):
            s = _FACE.call(h, code, tables())
            if s != REJECTED:
                return s
    h = as_hand(hand, tileset, sizes="hand")
    return int(_shanten(h, code, tables()))


def shanten_many(hands, form: str = "any") -> np.ndarray:
    """Vectorised :func:`shanten` over an ``(n, 34)`` batch (``int8``; parallel over rows).

    Examples
    --------
    >>> import mjstats as mj
    >>> shanten_many(np.stack([mj.parse("123m456p789s1122z"), mj.parse("1199m")])).tolist()
    [0, 0]
    """
    code = _form_code(form)
    H = as_hands(hands)
    out = np.empty(H.shape[0], dtype=np.int8)
    if _shanten_many(H, code, tables(), out):
        bad = int(np.flatnonzero(out == REJECTED)[0])
        raise HandError(f"row {bad} has {int(H[bad].sum())} tiles; "
                        f"a hand has 3k+1 or 3k+2 (<= 14)")
    return out
