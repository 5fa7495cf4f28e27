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

from mjstats._jit import inline_kernel, noref_kernel, parallel_kernel, prange
from mjstats.core.codes import _codes, as_hand, as_hands
from mjstats.core.complete import _form_code
from mjstats.core.tables import MAX_MELDS, entry, tables

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


@noref_kernel
def _shanten_standard(counts, T):
    c0, c1, c2, c3, n = _codes(counts)
    M = min((n - 1) // 3, MAX_MELDS)
    return 3 * M + 1 - _overlap_codes(c0, c1, c2, c3, M, T)


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


@parallel_kernel
def _shanten_many(hands, form, T, out):
    # one loop per form: the branch stays out of the hot loop
    if form == 0:
        for i in prange(hands.shape[0]):
            out[i] = _shanten_standard(hands[i], T)
    elif form == 1:
        for i in prange(hands.shape[0]):
            out[i] = _shanten_seven_pairs(hands[i])
    else:
        for i in prange(hands.shape[0]):
            s = _shanten_standard(hands[i], T)
            s7 = _shanten_seven_pairs(hands[i])
            out[i] = s if s < s7 else s7


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
    n = H.sum(axis=1)
    if H.shape[0] and (n.max() > 14 or np.any(n % 3 == 0)):
        bad = int(np.flatnonzero((n > 14) | (n % 3 == 0))[0])
        from mjstats.errors import HandError

        raise HandError(f"row {bad} has {int(n[bad])} tiles; a hand has 3k+1 or 3k+2 (<= 14)")
    out = np.empty(H.shape[0], dtype=np.int8)
    _shanten_many(H, code, tables(), out)
    return out
