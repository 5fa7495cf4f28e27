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

from mjstats._checks import described, flag
from mjstats._jit import (
    Entry,
    inline_kernel,
    noref_kernel,
    parallel_kernel,
    prange,
    separate,
)
from mjstats.core.bits import ONE, PART0, PART1, PART2, PART3, _hand_bits, _spread
from mjstats.core.codes import (
    _POW5,
    REJECTED,
    SIZES,
    _codes,
    _counts_ok,
    as_hand,
    as_hands,
    plain,
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
        # the tile goes to the part at 1 mod 3 (it becomes the pair's part) when no
        # other part is at 1 or 2; or to either of two parts at 2 mod 3 (a meld
        # completes in one, the other holds the pair) when none is at 1; and every
        # other part must split as it is
        ones = (r0 == 1) + (r1 == 1) + (r2 == 1) + (r3 == 1)
        twos = (r0 == 2) + (r1 == 2) + (r2 == 2) + (r3 == 2)
        bad = (not ok0) + (not ok1) + (not ok2) + (not ok3)
        parts = np.uint64(0)
        if (ones == 1 and twos == 0) or (ones == 0 and twos == 2):
            if r0 != 0 and bad == (not ok0):
                parts |= PART0
            if r1 != 0 and bad == (not ok1):
                parts |= PART1
            if r2 != 0 and bad == (not ok2):
                parts |= PART2
            if r3 != 0 and bad == (not ok3):
                parts |= PART3
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


SHAPES_WORK = 1
"""Rows of the ``work`` scratch of :func:`_shapes_into`."""

_MELD_PAIR, _MELD_TRIPLET, _MELD_RUN = 0, 1, 2
"""The kinds of meld :func:`_shapes_into` takes out of a completed hand."""


@noref_kernel
def _shapes_into(counts, waits, T, tile_bits, work):
    """Per-tile shape bits into ``tile_bits`` (34,); return the hand's bits.

    ``waits`` are the hand's wait bits (:func:`_wait_bits_once`, as ``int64``),
    given by the caller so that this kernel compiles without that one.

    A winning tile ``t`` has a shape when some reading of the hand with ``t``
    holds a meld with ``t`` in it (the pair ``tt``, the triplet ``ttt``, or a run
    at one of its three places).  Such a reading exists when the rest, that meld
    taken out, still splits into melds and (unless the meld is the pair) one
    pair: a split-table lookup per part (:class:`~mjstats.core.tables.Tables`),
    no enumeration of readings.  The same test, for the pair and the triplet of
    each kind held three or more times, finds 坎倒板.

    ``work`` is caller-owned ``int64`` scratch of (:data:`SHAPES_WORK`, 34), not
    cleared first, so that the game engine allocates nothing.
    """
    w = np.uint64(waits)
    part = work[0]  # per part q: its code (q), tiles (4 + q) and split (8 + q) of the hand
    for q in range(8):
        part[q] = 0
    trip = np.uint64(0)
    total = 0
    odd = 0
    for k in range(34):
        c = np.int64(counts[k])
        q = min(k // 9, 3)
        part[q] += c * _POW5[k - 9 * q]
        part[4 + q] += c
        total += c
        odd += c % 2
        if c >= 3:
            trip |= ONE << np.uint64(k)
    for q in range(4):
        part[8 + q] = T.suit_ok[part[q]] if q < 3 else T.honor_ok[part[q]]
    uses_pair = np.uint64(0)
    uses_trip = np.uint64(0)
    hand_bits = 0
    for t in range(34):
        tile_bits[t] = 0
        if (w >> np.uint64(t)) & ONE == 0:
            continue
        qt = min(t // 9, 3)
        bits = 0
        # the melds to try: the pair and triplet of t and of each kind held three
        # times or more, and the runs that start at t - 2, t - 1 or t
        rel = trip | (ONE << np.uint64(t))
        if qt < 3:
            for km in range(max(t - 2, 9 * qt), min(t, 9 * qt + 6) + 1):
                rel |= ONE << np.uint64(km)
        while rel != 0:
            km = np.int64(trailing_zeros(rel))
            rel &= rel - ONE
            qm = min(km // 9, 3)
            rm = km - 9 * qm
            for typ in range(3):
                have = counts[km] + (km == t)
                if typ == _MELD_RUN:
                    if qm == 3 or rm > 6 or t < km or t > km + 2:
                        continue
                    if (min(counts[km + 1] + (km + 1 == t), counts[km + 2] + (km + 2 == t))
                            < 1 or have < 1):
                        continue
                    dcode = 31 * _POW5[rm]  # 1 + 5 + 25
                    dn = 3
                else:
                    dn = 2 if typ == _MELD_PAIR else 3
                    if have < dn:
                        continue
                    dcode = dn * _POW5[rm]
                # the rest of the hand with t, the meld taken out, splits?
                pairs = 0
                fine = True
                for q in range(4):
                    code = part[q]
                    n = part[4 + q]
                    if q == qt:
                        code += _POW5[t - 9 * qt]
                        n += 1
                    if q == qm:
                        code -= dcode
                        n -= dn
                    if q == qt or q == qm:
                        ok = T.suit_ok[code] if q < 3 else T.honor_ok[code]
                    else:
                        ok = part[8 + q]
                    if ok == 0 or n % 3 == 1:
                        fine = False
                        break
                    pairs += n % 3 == 2
                if not fine or pairs != (0 if typ == _MELD_PAIR else 1):
                    continue
                held3 = (trip >> np.uint64(km)) & ONE
                if typ == _MELD_PAIR:
                    if km == t:
                        bits |= 8
                    if held3:
                        uses_pair |= ONE << np.uint64(km)
                elif typ == _MELD_TRIPLET:
                    if km == t:
                        bits |= 16
                    if held3:
                        uses_trip |= ONE << np.uint64(km)
                else:
                    pos = t - km
                    if pos == 1:
                        bits |= 4
                    elif pos == 0:
                        bits |= 2 if rm == 6 else 1
                    else:
                        bits |= 2 if rm == 0 else 1
        # seven pairs: the odd kind is a pair wait
        if total == 13 and odd == 1 and counts[t] % 2 == 1:
            bits |= 8
        tile_bits[t] = bits
        hand_bits |= bits
    for s in range(3):
        for x in range(3):
            k = 9 * s + x
            if (w >> np.uint64(k)) & (w >> np.uint64(k + 3)) & (w >> np.uint64(k + 6)) & ONE:
                hand_bits |= 32
    if uses_trip & uses_pair:
        hand_bits |= 64
    return hand_bits


_SHAPES = Entry(_shapes_into, lambda: (np.zeros(34, np.int8), 0, tables(),
                                       np.zeros(34, np.int64), _shapes_work()))
"""``_shapes_into`` without type dispatch: :func:`~mjstats.core.codes.as_hand` gives its hands."""


def _shapes_work() -> np.ndarray:
    """Fresh ``work`` scratch for :func:`_shapes_into`."""
    return np.empty((SHAPES_WORK, 34), dtype=np.int64)


def shapes_ahead() -> None:
    """Start compiling the wait-shape kernel in another process, on a cold cache only.

    ``mjstats hand`` calls it first: the kernel then compiles on a second core
    while this process compiles the shanten and the waits
    (:meth:`~mjstats._jit.Entry.ahead`).
    """
    _SHAPES.ahead()


def visible_vector(visible, counts: np.ndarray) -> np.ndarray:
    """The tiles seen elsewhere as an ``int8`` count vector, checked against the hand ``counts``.

    ``visible``: notation, a ``(34,)`` count vector, or None (nothing seen).
    Refused when it is neither, or when the hand and the visible tiles together
    hold more than four copies of a kind.
    """
    if visible is None:
        return np.zeros(34, dtype=np.int8)
    from mjstats.errors import HandError

    if isinstance(visible, str):
        vis = parse(visible)
    else:
        vis = np.asarray(visible)  # an array, list, tuple, pandas Series ...
        if vis.dtype.kind not in "iu":
            vis = None  # notation in a list, floats, a dict: nothing read as counts
    if vis is None or vis.shape != (34,) or vis.min() < 0 or vis.max() > 4:
        raise HandError(f"visible tiles are a notation string or a (34,) count vector of "
                        f"0..4, got {described(visible)}")
    vis = vis.astype(np.int16)
    total = counts.astype(np.int16) + vis
    if total.max() > 4:
        k = int(np.argmax(total))
        given = f" (visible={visible!r})" if isinstance(visible, str) else ""
        raise HandError(f"hand and visible tiles{given} together hold {int(total[k])} copies "
                        f"of {kind_name(k)}")
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
                seen = _NOTHING_SEEN if visible is None else visible_vector(visible, h).tobytes()
                return _named_waits(bits, h.tobytes(), seen)
    h = as_hand(hand, tileset, sizes="waiting")
    vis = visible_vector(visible, h)
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
    ``(n, 34)`` batch, one row per hand (refused otherwise, or where a hand and
    its visible tiles hold more than four copies of a kind).

    Examples
    --------
    >>> import mjstats as mj
    >>> k, x = wait_width_many(np.stack([mj.parse("1112345678999m"), mj.parse("1299m")]))
    >>> k.tolist(), x.tolist()
    ([9, 1], [23, 4])
    """
    from mjstats.errors import HandError

    H = as_hands(hands)
    V = np.zeros_like(H) if visible is None else as_hands(visible, what="visible")
    if V.shape != H.shape:
        raise HandError(f"visible is a batch like the hands, one row per hand: shape "
                        f"{H.shape}, got {V.shape}")
    over = H.astype(np.int16) + V > 4
    if over.any():
        i, k = np.argwhere(over)[0]
        raise HandError(f"row {i}: the hand and visible tiles together hold "
                        f"{int(H[i, k]) + int(V[i, k])} copies of {kind_name(int(k))}")
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
        tile_bits = np.empty(34, dtype=np.int64)
        work = np.empty((SHAPES_WORK, 34), dtype=np.int64)
        w = np.int64(_wait_bits_once(hands[i], T))
        out[i] = _shapes_into(hands[i], w, T, tile_bits, work)


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
    bits, tile_bits = _shape_bits(as_hand(hand, tileset, sizes="waiting"))
    if by_tile:
        return {_KIND_NAMES[k]: _names(b, lang) for k, b in enumerate(tile_bits.tolist()) if b}
    return _names(bits, lang)


def wait_shape_bits(hand) -> tuple[int, np.ndarray]:
    """Raw shape bits: ``(hand bits, per-kind bits (34,))`` (see :class:`WaitShape`)."""
    return _shape_bits(as_hand(hand, sizes="waiting"))


def _shape_bits(h: np.ndarray) -> tuple[int, np.ndarray]:
    """:func:`wait_shape_bits` of checked counts ``h``."""
    tile_bits = np.empty(34, dtype=np.int64)
    T = tables()
    return _SHAPES.call(h, _FACE.call(h, T), T, tile_bits, _shapes_work()), tile_bits
