"""Waits of a ready hand, with live counts, and their shapes.

A hand of ``13 - 3k`` concealed tiles waits on every kind that completes it
(standard form or, with 13 tiles, seven pairs).  A kind already held four times
is never a wait (there is no fifth copy).  The live count of a wait is
``4 - held - visible``: ``visible`` are the copies the player can see elsewhere
(discards, other players' melds, own exposed melds).  A wait whose live count
is 0 is a dead wait (死叫); it is still listed.

Wait shapes follow the vocabulary of seed ``004`` ("卡张 … 坎倒板"):

====  ==========  ================  ==============================================
bit   name        English           the winning tile …
====  ==========  ================  ==============================================
1     两边         ryanmen           ends an open two-sided run (两边梭: 56 → 4/7)
2     边张         edge              ends 12 with 3 or 89 with 7
4     卡张         closed            fills the middle of a run (46 → 5)
8     单钓         pair wait         pairs a single tile (also the seven-pairs wait)
16    对出叫       double pong       makes a triplet from one of two pairs (双碰)
32    赶场叫       147/258/369       (hand) waits on three kinds x, x+3, x+6 of a suit
64    坎倒板       triplet split     (hand) a held triplet serves both as a meld and,
                                    in another reading, as the pair (2223 → 1/3/4)
====  ==========  ================  ==============================================

The first five describe one winning tile in one reading; a tile can have
several (the seed's "卡张 or 单钓" hands) and :func:`wait_shapes` reports them all.
The last two describe the whole wait.
"""

from __future__ import annotations

from enum import IntFlag

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from mjstats._checks import flag
from mjstats._jit import (
    Entry,
    inline_kernel,
    kernel,
    noref_kernel,
    parallel_kernel,
    prange,
    separate,
)
from mjstats.core.bits import ONE, _hand_bits, _part_bits, _spread
from mjstats.core.codes import (
    _POW5,
    REJECTED,
    SIZES,
    _codes,
    _counts_ok,
    _pick,
    as_hand,
    as_hands,
    plain,
)
from mjstats.core.decompose import (
    _PAIR,
    _TRIPLET,
    DECOMPOSE_STATE,
    MAX_READINGS,
    MELD_SHIFT,
    _decompose_into,
)
from mjstats.core.tables import tables
from mjstats.tiles import kind_name, parse


class WaitShape(IntFlag):
    """Wait shapes as bit flags; ``zh`` gives the seed's Chinese name."""

    RYANMEN = 1
    EDGE = 2
    CLOSED = 4
    PAIR_WAIT = 8
    DOUBLE_PONG = 16
    GANCHANG = 32
    KANDAOBAN = 64

    @property
    def zh(self) -> str:
        """Chinese name used in the seeds."""
        return _ZH[self]


_ZH = {
    WaitShape.RYANMEN: "两边",
    WaitShape.EDGE: "边张",
    WaitShape.CLOSED: "卡张",
    WaitShape.PAIR_WAIT: "单钓",
    WaitShape.DOUBLE_PONG: "对出叫",
    WaitShape.GANCHANG: "赶场叫",
    WaitShape.KANDAOBAN: "坎倒板",
}
_EN = {
    WaitShape.RYANMEN: "ryanmen",
    WaitShape.EDGE: "edge",
    WaitShape.CLOSED: "closed",
    WaitShape.PAIR_WAIT: "pair_wait",
    WaitShape.DOUBLE_PONG: "double_pong",
    WaitShape.GANCHANG: "ganchang",
    WaitShape.KANDAOBAN: "kandaoban",
}
SHAPE_NAMES_ZH = tuple(_ZH.values())
"""The seven shape names in bit order."""


@noref_kernel
def _wait_mask(counts, T, out):
    """``out[k] = 1`` where kind ``k`` completes ``counts``; return the number of waits."""
    w = _wait_bits_once(counts, T)
    found = 0
    for k in range(34):
        x = np.uint8((w >> np.uint64(k)) & ONE)
        out[k] = x
        found += x
    return found


@inline_kernel
def _wait_bits(counts, T):
    """Bit mask of the kinds that complete ``counts`` (inlined into the game engine).

    Standard form or, with 13 tiles, seven pairs; never a fifth copy.  A standard
    wait is a kind next to a held tile (:func:`~mjstats.core.bits._spread`) in a
    part that may take it (afterwards no part holds 1 mod 3 tiles and exactly one
    holds 2 mod 3) while the other parts split as they are; then one table
    lookup, of the changed part, decides.
    """
    c0, c1, c2, c3, n = _codes(counts)
    occ, full, par, _, odd = _hand_bits(counts)
    m0 = 0
    m1 = 0
    m2 = 0
    m3 = 0
    for r in range(9):
        m0 += counts[r]
        m1 += counts[9 + r]
        m2 += counts[18 + r]
    for r in range(27, 34):
        m3 += counts[r]
    out = np.uint64(0)
    if (n + 1) % 3 == 2:
        ok0 = T.suit_ok[c0] != 0
        ok1 = T.suit_ok[c1] != 0
        ok2 = T.suit_ok[c2] != 0
        ok3 = T.honor_ok[c3] != 0
        r0 = m0 % 3
        r1 = m1 % 3
        r2 = m2 % 3
        r3 = m3 % 3
        # the tile goes to a part at 1 mod 3 (it becomes the pair's part, 2 mod 3)
        # when no other part is at 1 or 2; or to a part at 2 mod 3 (a meld
        # completes) when exactly one other part is at 2 and none at 1
        parts = np.uint64(0)
        for q in range(4):
            rq = _pick(q, r0, r1, r2, r3)
            ones = (r0 == 1) + (r1 == 1) + (r2 == 1) + (r3 == 1) - (rq == 1)
            twos = (r0 == 2) + (r1 == 2) + (r2 == 2) + (r3 == 2) - (rq == 2)
            fine = ones == 0 and ((rq == 1 and twos == 0) or (rq == 2 and twos == 1))
            if q == 0:
                fine = fine and ok1 and ok2 and ok3
            elif q == 1:
                fine = fine and ok0 and ok2 and ok3
            elif q == 2:
                fine = fine and ok0 and ok1 and ok3
            else:
                fine = fine and ok0 and ok1 and ok2
            if fine:
                parts |= _part_bits(q)
        cand = _spread(occ) & ~full & parts
        while cand != 0:
            k = np.int64(trailing_zeros(cand))
            cand &= cand - ONE
            if k < 9:
                ok = T.suit_ok[c0 + _POW5[k]] != 0
            elif k < 18:
                ok = T.suit_ok[c1 + _POW5[k - 9]] != 0
            elif k < 27:
                ok = T.suit_ok[c2 + _POW5[k - 18]] != 0
            else:
                ok = T.honor_ok[c3 + _POW5[k - 27]] != 0
            if ok:
                out |= ONE << np.uint64(k)
    if n == 13 and odd == 1:
        out |= par  # seven pairs: the single odd kind
    return out


_WAITING_SIZES = SIZES["waiting"]


@noref_kernel
def _wait_bits_checked(counts, T):
    """:func:`_wait_bits` of unchecked counts (bit ``k``: kind ``k``), or :data:`REJECTED`."""
    if not _counts_ok(counts, _WAITING_SIZES):
        return REJECTED
    return np.int64(_wait_bits_once(counts, T))


@separate
@noref_kernel
def _wait_bits_once(counts, T):
    """:func:`_wait_bits` compiled once for the hand kernels that call it.

    Each inlined copy of its body costs about 2 s of compilation; the game
    engine calls it too (:func:`mjstats.sim.engine._refresh`).
    """
    return _wait_bits(counts, T)


_FACE = Entry(_wait_bits_checked, lambda: (np.zeros(34, np.int8), tables()))
_KIND_NAMES = tuple(kind_name(k) for k in range(34))
_NOTHING_SEEN = bytes(34)


def _named_waits(bits: int, held: bytes, seen: bytes) -> dict[str, int]:
    """``{kind name: 4 - held - seen}`` for each set bit of ``bits`` (lowest kind first)."""
    out = {}
    while bits:
        low = bits & -bits
        k = low.bit_length() - 1
        out[_KIND_NAMES[k]] = 4 - held[k] - seen[k]
        bits ^= low
    return out


@noref_kernel
def _live_waits(counts, visible, T, mask):
    """Number of waited kinds and of live tiles (``4 - held - visible`` summed)."""
    kinds = _wait_mask(counts, T, mask)
    live = 0
    for k in range(34):
        if mask[k]:
            x = 4 - counts[k] - visible[k]
            if x > 0:
                live += x
    return kinds, live


@parallel_kernel
def _wait_width_many(hands, visible, T, out_kinds, out_live):
    for i in prange(hands.shape[0]):
        mask = np.empty(34, dtype=np.uint8)
        k, x = _live_waits(hands[i], visible[i], T, mask)
        out_kinds[i] = k
        out_live[i] = x


@noref_kernel
def _tile_shapes(h, t, work, buf, uses_trip, uses_pair):
    """Shape bits of winning tile ``t`` over all readings of ``h + t``.

    Also marks, per kind held three or more times, whether some reading uses it
    as a triplet (``uses_trip``) or as the pair (``uses_pair``).
    """
    bits = 0
    h[t] += 1
    n = _decompose_into(h, buf, work[0], work[1, :DECOMPOSE_STATE])
    h[t] -= 1
    for i in range(n):
        for j in range(buf.shape[1]):
            code = buf[i, j]
            if code < 0:
                continue
            typ = code // MELD_SHIFT
            k = code % MELD_SHIFT
            if typ == _PAIR:
                if k == t:
                    bits |= 8
                if h[k] >= 3:
                    uses_pair[k] = 1
            elif typ == _TRIPLET:
                if k == t:
                    bits |= 16
                if h[k] >= 3:
                    uses_trip[k] = 1
            else:
                pos = t - k
                if 0 <= pos <= 2:
                    r = k % 9
                    if pos == 1:
                        bits |= 4
                    elif pos == 0:
                        bits |= 2 if r == 6 else 1
                    else:
                        bits |= 2 if r == 0 else 1
    # seven pairs: the odd kind is a pair wait
    total = 0
    odd = 0
    for k in range(34):
        total += h[k]
        odd += h[k] % 2
    if total == 13 and odd == 1 and h[t] % 2 == 1:
        bits |= 8
    return bits


SHAPES_WORK = 6
"""Rows of the ``work`` scratch of :func:`_shapes_into`."""


@kernel
def _shapes(counts, T, tile_bits):
    """Per-tile shape bits into ``tile_bits`` (34,); return the hand's bits."""
    buf = np.empty((MAX_READINGS, 5), dtype=np.int16)
    work = np.empty((SHAPES_WORK, 34), dtype=np.int64)
    return _shapes_into(counts, T, tile_bits, buf, work)


_SHAPES = Entry(_shapes, lambda: (np.zeros(34, np.int8), tables(), np.zeros(34, np.int64)))
"""``_shapes`` without type dispatch: :func:`~mjstats.core.codes.as_hand` gives its hands."""


@noref_kernel
def _shapes_into(counts, T, tile_bits, buf, work):
    """:func:`_shapes` in caller-owned scratch, so that the game engine allocates nothing.

    ``buf`` is (MAX_READINGS, 5) ``int16`` and ``work`` (:data:`SHAPES_WORK`, 34)
    ``int64``; neither needs clearing (the engine passes rows of its scratch that the
    scoring kernels do not use).
    """
    mask = work[2]
    h = work[3]
    uses_trip = work[4]
    uses_pair = work[5]
    _wait_mask(counts, T, mask)
    for k in range(34):
        h[k] = counts[k]
        uses_trip[k] = 0
        uses_pair[k] = 0
    hand_bits = 0
    for t in range(34):
        tile_bits[t] = 0
        if mask[t]:
            b = _tile_shapes(h, t, work, buf, uses_trip, uses_pair)
            tile_bits[t] = b
            hand_bits |= b
    for s in range(3):
        for x in range(3):
            k = 9 * s + x
            if mask[k] and mask[k + 3] and mask[k + 6]:
                hand_bits |= 32
    for k in range(34):
        if uses_trip[k] and uses_pair[k]:
            hand_bits |= 64
    return hand_bits


def _visible_vector(visible, counts: np.ndarray) -> np.ndarray:
    if visible is None:
        return np.zeros(34, dtype=np.int8)
    vis = parse(visible) if isinstance(visible, str) else np.asarray(visible, dtype=np.int16)
    if vis.shape != (34,) or vis.min() < 0:
        from mjstats.errors import HandError

        raise HandError("visible tiles are a notation string or a (34,) count vector >= 0")
    total = counts.astype(np.int16) + vis
    if total.max() > 4:
        from mjstats.errors import HandError

        k = int(np.argmax(total))
        raise HandError(
            f"hand and visible tiles together hold {int(total[k])} copies of {kind_name(k)}"
        )
    return vis.astype(np.int8)


def waits(hand, visible=None, tileset=None) -> dict[str, int]:
    """Kinds that complete a ready hand, each with its live count.

    Parameters
    ----------
    hand : str or array_like
        ``13 - 3k`` concealed tiles.
    visible : str or array_like, optional
        Tiles the player sees outside the hand (discards, melds on the table).
    tileset : str or TileSet, optional
        Check the tiles against a tile set.

    Returns
    -------
    dict
        ``{"3m": 4, "6m": 2}``: compact kind name -> live copies (``4 - held -
        visible``, may be 0 for a dead wait).  Empty if the hand is not ready.

    Examples
    --------
    >>> waits("1112345678999m")
    {'1m': 1, '2m': 3, '3m': 3, '4m': 3, '5m': 3, '6m': 3, '7m': 3, '8m': 3, '9m': 1}
    >>> waits("123m456p789s1122z", visible="2z")
    {'1z': 2, '2z': 1}
    """
    if tileset is None:
        h = parse(hand) if type(hand) is str else hand
        if plain(h):
            bits = _FACE.call(h, tables())
            if bits != REJECTED:
                seen = _NOTHING_SEEN if visible is None else _visible_vector(visible, h).tobytes()
                return _named_waits(bits, h.tobytes(), seen)
    h = as_hand(hand, tileset, sizes="waiting")
    vis = _visible_vector(visible, h)
    mask = np.empty(34, dtype=np.uint8)
    _wait_mask(h, tables(), mask)
    return {kind_name(k): int(4 - h[k] - vis[k]) for k in np.flatnonzero(mask)}


def wait_width(hand, visible=None, tileset=None) -> tuple[int, int]:
    """Wait width of a ready hand: ``(number of kinds, number of live tiles)``.

    Examples
    --------
    >>> wait_width("123m456p789s1122z")
    (2, 4)
    """
    w = waits(hand, visible, tileset)
    return len(w), sum(max(v, 0) for v in w.values())


def wait_width_many(hands, visible=None) -> tuple[np.ndarray, np.ndarray]:
    """Wait widths of an ``(n, 34)`` batch: arrays of waited kinds and live tiles.

    Rows that are not ready have 0 kinds.  ``visible`` is ``None`` or an
    ``(n, 34)`` batch.

    Examples
    --------
    >>> import mjstats as mj
    >>> k, x = wait_width_many(np.stack([mj.parse("1112345678999m"), mj.parse("1299m")]))
    >>> k.tolist(), x.tolist()
    ([9, 1], [23, 4])
    """
    H = as_hands(hands)
    V = np.zeros_like(H) if visible is None else as_hands(visible)
    kinds = np.empty(H.shape[0], dtype=np.int8)
    live = np.empty(H.shape[0], dtype=np.int16)
    _wait_width_many(H, V, tables(), kinds, live)
    return kinds, live


@parallel_kernel
def _waits_many(hands, T, out):
    for i in prange(hands.shape[0]):
        _wait_mask(hands[i], T, out[i])


@parallel_kernel
def _shapes_many(hands, T, out):
    for i in prange(hands.shape[0]):
        tile_bits = np.zeros(34, dtype=np.int64)
        out[i] = _shapes(hands[i], T, tile_bits)


def waits_many(hands) -> np.ndarray:
    """Waited kinds of an ``(n, 34)`` batch as a boolean ``(n, 34)`` mask.

    Examples
    --------
    >>> import mjstats as mj
    >>> m = waits_many(np.stack([mj.parse("1299m"), mj.parse("1389m")]))
    >>> [[mj.kind_name(k) for k in np.flatnonzero(row)] for row in m]
    [['3m'], []]
    """
    H = as_hands(hands)
    out = np.empty(H.shape, dtype=np.uint8)  # every entry written, 0 or 1
    _waits_many(H, tables(), out)
    return out.view(np.bool_)


def wait_shapes_many(hands) -> np.ndarray:
    """Hand-level wait-shape bits (:class:`WaitShape`) of an ``(n, 34)`` batch.

    Rows that are not ready get 0.

    Examples
    --------
    >>> import mjstats as mj
    >>> bits = wait_shapes_many(np.stack([mj.parse("2223678789m123p")]))
    >>> WaitShape(int(bits[0])) == WaitShape.RYANMEN | WaitShape.PAIR_WAIT | WaitShape.KANDAOBAN
    True
    """
    H = as_hands(hands)
    out = np.zeros(H.shape[0], dtype=np.int64)
    _shapes_many(H, tables(), out)
    return out


_SHAPE_LISTS = {
    lang: tuple(tuple(table[f] for f in WaitShape if bits & f) for bits in range(128))
    for lang, table in (("zh", _ZH), ("en", _EN))
}
"""The names of every combination of the seven shape bits, per language."""


def _names(bits: int, lang: str) -> list[str]:
    return list(_SHAPE_LISTS[lang][bits])


def wait_shapes(hand, by_tile: bool = False, lang: str = "zh", tileset=None):
    """Shapes of the wait of a ready hand, all of them.

    Parameters
    ----------
    hand : str or array_like
        ``13 - 3k`` concealed tiles.
    by_tile : bool
        If true, return ``{tile: [shapes]}`` for each waited tile (the five
        tile-level shapes); otherwise the hand's list of shapes, including
        赶场叫 and 坎倒板.
    lang : {"zh", "en"}
        Chinese names of the seeds (两边 边张 卡张 单钓 对出叫 赶场叫 坎倒板) or
        English keys (ryanmen edge closed pair_wait double_pong ganchang kandaoban).

    Examples
    --------
    >>> wait_shapes("2223678789m123p")
    ['两边', '单钓', '坎倒板']
    >>> wait_shapes("2223678789m123p", by_tile=True)
    {'1m': ['两边'], '3m': ['单钓'], '4m': ['两边']}
    >>> wait_shapes("34567m123678p99p")
    ['两边', '赶场叫']
    """
    if lang not in ("zh", "en"):
        from mjstats.errors import MjStatsError

        raise MjStatsError(f"unknown lang {lang!r}; expected 'zh' or 'en'")
    by_tile = flag(by_tile, "by_tile")
    h = as_hand(hand, tileset, sizes="waiting")
    tile_bits = np.zeros(34, dtype=np.int64)
    bits = _SHAPES.call(h, tables(), tile_bits)
    if by_tile:
        return {_KIND_NAMES[k]: _names(b, lang) for k, b in enumerate(tile_bits.tolist()) if b}
    return _names(bits, lang)


def wait_shape_bits(hand) -> tuple[int, np.ndarray]:
    """Raw shape bits: ``(hand bits, per-kind bits (34,))`` (see :class:`WaitShape`)."""
    h = as_hand(hand, sizes="waiting")
    tile_bits = np.zeros(34, dtype=np.int64)
    return _SHAPES.call(h, tables(), tile_bits), tile_bits
