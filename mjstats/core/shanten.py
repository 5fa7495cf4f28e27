"""Exact shanten: the fewest tile exchanges to a complete hand, minus one.

``-1`` is complete, ``0`` ready (听牌/下叫).  The standard form is computed from the
per-suit overlap tables (:mod:`mjstats.core.tables`); a target hand never uses a
fifth copy of a kind, so a hand holding ``1111m`` is not "waiting" on 1m.  Seven
pairs is the Chinese form (a kind held four times is two pairs).  For a hand of
``n`` concealed tiles (``n`` 1 or 2 mod 3, ``k = (14 - n) // 3`` exposed melds) the
standard target has ``4 - k`` melds and a pair; seven pairs needs ``n >= 13``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import NamedTuple

import numpy as np

from mjstats._jit import Entry, inline_kernel, kernel, noref_kernel, parallel_kernel, prange
from mjstats.core.codes import (
    MAX_CONCEALED,
    REJECTED,
    SIZES,
    _codes,
    _codes_checked,
    as_hand,
    as_hands,
    plain,
)
from mjstats.core.complete import _form_code
from mjstats.core.tables import (
    MAX_MELDS,
    compute_tables,
    digit_tallies,
    entry,
    row_ids,
    shipped_ids,
)
from mjstats.errors import HandError
from mjstats.tiles import parse

HAND_SIZES = SIZES["hand"]
"""The sizes :func:`shanten_many` accepts (3k+1 or 3k+2 tiles, at most 14), as a mask."""


@inline_kernel
def _is_hand_size(n):
    """Whether ``n`` tiles can be a hand: 3k+1 or 3k+2, at most 14."""
    return n <= MAX_CONCEALED and (HAND_SIZES >> (n % 3)) & 1 == 1

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



class Overlap4(NamedTuple):
    """Shanten of a hand (``M`` melds and a pair, 13 or 14 tiles at ``M = 4``) in five lookups.

    A suit has only 126 distinct table rows and the honors 55, the max-plus
    product of two suits' rows 180 distinct values and of a suit's and the
    honors' 165; so the whole computation of :func:`_overlap_codes`
    is tabulated: each part's code to its row's index, two pairs of indices to
    the index of their product, and the two products and ``M`` to the overlap.  Each
    part's key also carries what seven pairs needs.  About 4 MB in all, against
    the 15.6 MB of packed suit rows that four random lookups would touch, and
    no arithmetic beyond the codes.

    Attributes
    ----------
    suit_key : ndarray, uint16, shape (5**9,)
        For each suit code: its row's index among the distinct suit rows (bits
        0-7), ``min(pairs, 7)`` (bits 8-10, a kind held four times is two
        pairs) and the kinds held an odd number of times (bits 11-14).
    honor_key : ndarray, uint16, shape (5**7,)
        The same for the honors.
    suit_suit : ndarray, uint8, shape (suit rows, suit rows)
        Index of the product of two suit rows (melds up to 4) among its distinct values.
    suit_honor : ndarray, uint8, shape (suit rows, honor rows)
        The same for a suit row and an honor row.
    final : ndarray, int8, shape (MAX_MELDS + 1, suit-suit products, suit-honor products)
        ``final[M]``: the largest overlap with ``M`` melds and one pair (a product's
        entries for fewer melds are those of the product for fewer melds, so the
        same indices serve a hand of ``13 - 3k`` or ``14 - 3k`` tiles, ``M = 4 - k``).
    """

    suit_key: np.ndarray
    honor_key: np.ndarray
    suit_suit: np.ndarray
    suit_honor: np.ndarray
    final: np.ndarray


@kernel
def _pairwise(a, b, M, combine, out):
    """``out[i, j] = combine(a[i], b[j], M)`` for every pair of packed rows.

    ``combine`` is :func:`_conv` (their max-plus product) or :func:`_final` (the
    overlap of ``M`` melds and a pair split between them).
    """
    for i in range(a.shape[0]):
        for j in range(b.shape[0]):
            out[i, j] = combine(a[i], b[j], M)
    return out


def _ids(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values and each value's index among them (fewer than 256)."""
    uniq, inverse = np.unique(values, return_inverse=True)
    if len(uniq) > 255:  # pragma: no cover - the tables have 180 at most
        raise RuntimeError(f"{len(uniq)} distinct rows do not fit uint8 indices")
    return uniq, inverse.astype(np.uint8).reshape(values.shape)


def _keys(ids: np.ndarray, n_kinds: int) -> np.ndarray:
    """:attr:`Overlap4.suit_key` from the row indices of every code of ``n_kinds`` kinds."""
    _, pairs, odd = digit_tallies(n_kinds)
    return (ids.astype(np.uint16) | (np.minimum(pairs, 7).astype(np.uint16) << 8)
            | (odd.astype(np.uint16) << 11))


DATA = Path(__file__).with_name("overlap4.npz")
"""The shipped products of :class:`Overlap4` (``suit_suit``, ``suit_honor``, ``final``)."""


def compute_overlap4() -> Overlap4:
    """Compute :class:`Overlap4` from :func:`~mjstats.core.tables.compute_tables`.

    The reference of the shipped data (:func:`write_data`): the rows' max-plus
    products computed by :func:`_conv` and :func:`_final` (compiled kernels).
    """
    T = compute_tables()
    ids = row_ids(T.suit, T.honor)
    ss, suit_suit = _ids(_pairwise(ids.suit_rows, ids.suit_rows, MAX_MELDS, _conv,
                                   np.empty((len(ids.suit_rows),) * 2, np.uint64)))
    sh, suit_honor = _ids(_pairwise(ids.suit_rows, ids.honor_rows, MAX_MELDS, _conv,
                                    np.empty((len(ids.suit_rows), len(ids.honor_rows)),
                                             np.uint64)))
    final = np.stack([_pairwise(ss, sh, M, _final, np.empty((len(ss), len(sh)), np.int8))
                      for M in range(MAX_MELDS + 1)])
    return Overlap4(_keys(ids.suit_id, 9), _keys(ids.honor_id, 7), suit_suit, suit_honor, final)


def write_data(path: Path = DATA) -> None:
    """Write the shipped products (``overlap4.npz``) from :func:`compute_overlap4`."""
    Q = compute_overlap4()
    np.savez_compressed(path, suit_suit=Q.suit_suit, suit_honor=Q.suit_honor, final=Q.final)


@functools.cache
def overlap4() -> Overlap4:
    """The :class:`Overlap4` tables (read-only), from the shipped data (nothing compiled)."""
    ids = shipped_ids()
    with np.load(DATA) as z:
        Q = Overlap4(_keys(ids.suit_id, 9), _keys(ids.honor_id, 7), z["suit_suit"],
                     z["suit_honor"], z["final"])
    for arr in Q:
        arr.setflags(write=False)
    return Q


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




@parallel_kernel
def _shanten_many(hands, form, Q, out):
    """Shanten of each row into ``out``; return the number of rows that are not a hand.

    A row with a count outside 0..4 or a size other than 3k+1 or 3k+2 (at most
    14) gets :data:`REJECTED` (checked in the pass that makes the table codes,
    before any table is read); a hand is then five lookups in ``Q``
    (:class:`Overlap4`, seven pairs included), whatever its size (13 or 14 tiles
    with the melds a constant).  One loop per form: the branch stays out of the
    hot loop.
    """
    rejected = 0
    if form == 0:
        for i in prange(hands.shape[0]):
            c0, c1, c2, c3, n, ok = _codes_checked(hands[i])
            if ok and n >= 13 and n <= MAX_CONCEALED:
                out[i] = _quick(c0, c1, c2, c3, 13, Q, 0)  # a constant: M = 4, seven pairs
            elif ok and _is_hand_size(n):
                out[i] = _quick(c0, c1, c2, c3, n, Q, 0)
            else:
                out[i] = REJECTED
                rejected += 1
    elif form == 1:
        for i in prange(hands.shape[0]):
            c0, c1, c2, c3, n, ok = _codes_checked(hands[i])
            if ok and n >= 13 and n <= MAX_CONCEALED:
                out[i] = _quick(c0, c1, c2, c3, 13, Q, 1)  # a constant: M = 4, seven pairs
            elif ok and _is_hand_size(n):
                out[i] = _quick(c0, c1, c2, c3, n, Q, 1)
            else:
                out[i] = REJECTED
                rejected += 1
    else:
        for i in prange(hands.shape[0]):
            c0, c1, c2, c3, n, ok = _codes_checked(hands[i])
            if ok and n >= 13 and n <= MAX_CONCEALED:
                out[i] = _quick(c0, c1, c2, c3, 13, Q, 2)  # a constant: M = 4, seven pairs
            elif ok and _is_hand_size(n):
                out[i] = _quick(c0, c1, c2, c3, n, Q, 2)
            else:
                out[i] = REJECTED
                rejected += 1
    return rejected


@inline_kernel
def _overlap_keys(k0, k1, k2, k3, Q):
    """The overlap with four melds and a pair from the parts' :class:`Overlap4` keys."""
    return _overlap_at(k0, k1, k2, k3, MAX_MELDS, Q)


@inline_kernel
def _overlap_at(k0, k1, k2, k3, M, Q):
    """The overlap with ``M`` melds and a pair from the parts' :class:`Overlap4` keys."""
    return np.int64(Q.final[M, Q.suit_suit[k0 & 255, k1 & 255],
                            Q.suit_honor[k2 & 255, k3 & 255]])


@inline_kernel
def _part_keys(c0, c1, c2, c3, Q):
    """The four parts' :class:`Overlap4` keys, from their codes.

    A code is >= 0 (counts 0 to 4, checked before any lookup): it indexes as
    ``np.uint64``, without numba's test for a negative index.
    """
    return (np.int64(Q.suit_key[np.uint64(c0)]), np.int64(Q.suit_key[np.uint64(c1)]),
            np.int64(Q.suit_key[np.uint64(c2)]), np.int64(Q.honor_key[np.uint64(c3)]))


@inline_kernel
def _overlap_q(c0, c1, c2, c3, M, Q):
    """:func:`_overlap_codes` by :class:`Overlap4`, whatever the melds.

    The parts' codes to their keys, then :func:`_overlap_at`: five lookups.
    """
    k0, k1, k2, k3 = _part_keys(c0, c1, c2, c3, Q)
    return _overlap_at(k0, k1, k2, k3, M, Q)


@inline_kernel
def _quick(c0, c1, c2, c3, n, Q, form):
    """Shanten of a hand of ``n`` tiles (``13 - 3k`` or ``14 - 3k``) from its part codes.

    By :class:`Overlap4`: the standard form's ``M = 4 - k`` melds and a pair in
    five lookups; seven pairs from the keys' tallies (:data:`NOT_APPLICABLE`
    below 13 tiles).  ``form`` 0 standard, 1 seven pairs, 2 the minimum (a
    constant at each call).
    """
    k0, k1, k2, k3 = _part_keys(c0, c1, c2, c3, Q)
    s = NOT_APPLICABLE
    if form != 1:
        M = min((n - 1) // 3, MAX_MELDS)
        s = 3 * M + 1 - _overlap_at(k0, k1, k2, k3, M, Q)
    if form != 0 and n >= 13:
        pairs = ((k0 >> 8) & 7) + ((k1 >> 8) & 7) + ((k2 >> 8) & 7) + ((k3 >> 8) & 7)
        odd = (k0 >> 11) + (k1 >> 11) + (k2 >> 11) + (k3 >> 11)
        used = min(pairs, 7)
        s7 = 13 - 2 * used - min(odd, 7 - used)
        s = s7 if form == 1 else min(s, s7)  # min, not a branch on the data
    return s


@noref_kernel
def _shanten_face(counts, form, Q):
    """Shanten of unchecked counts by :class:`Overlap4` (:data:`REJECTED`: not a hand)."""
    c0, c1, c2, c3, n, ok = _codes_checked(counts)
    if not (ok and _is_hand_size(n)):
        return REJECTED
    return _quick(c0, c1, c2, c3, n, Q, form)


_FACE = Entry(_shanten_face, lambda: (np.zeros(34, np.int8), 0, overlap4()))


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
            s = _FACE.call(h, code, overlap4())
            if s != REJECTED:
                return s
    h = as_hand(hand, tileset, sizes="hand")
    return int(_FACE.call(h.astype(np.int8), code, overlap4()))


def shanten_many(hands, form: str = "any") -> np.ndarray:
    """Vectorised :func:`shanten` over an ``(n, 34)`` batch (``int8``; parallel over rows).

    Examples
    --------
    >>> import mjstats as mj
    >>> shanten_many(np.stack([mj.parse("123m456p789s1122z"), mj.parse("1199m")])).tolist()
    [0, 0]
    """
    code = _form_code(form)
    H = as_hands(hands, checked=False)
    out = np.empty(H.shape[0], dtype=np.int8)
    if _shanten_many(H, code, overlap4(), out):
        as_hands(H)  # a count outside 0..4: the batch's own message
        bad = int(np.flatnonzero(out == REJECTED)[0])
        raise HandError(f"row {bad} has {int(H[bad].sum())} tiles; "
                        f"a hand has 3k+1 or 3k+2 (<= 14)")
    return out
