"""Per-suit lookup tables, the engine under every hand kernel.

A suit (9 kinds) is summarised by its base-5 code ``sum(c[r] * 5**r)``; the
honors (7 kinds) likewise.  For every code the table stores, for ``m`` in 0..4
melds and ``p`` in 0..1 pairs, the **largest overlap** ``|min(h, T)|`` between
the held tiles ``h`` and any target ``T`` made of exactly ``m`` melds and ``p``
pairs in that suit with at most four copies of a kind.  A hand's exact shanten
is then ``(3M + 2) - 1 - max overlap`` over the ways to spread ``M`` melds and
one pair across the suits (a max-plus convolution of four table rows): the
minimum number of tiles to exchange to reach a complete hand, never assuming a
fifth copy.  A suit is complete when its overlap equals its tile count.

The tables are computed by a non-recursive dynamic programme over the kinds
(:func:`compute_tables`: codes are visited odometer-style so that shared
prefixes are computed once).  A suit's 1,953,125 codes have only 126 distinct
rows and the honors' 78,125 only 55, so the package ships each part as a row
index per code and its distinct rows (``tables.npz`` beside this module, about
100 kB; :func:`write_data` writes it from the programme, and the tests check that
the two agree); :func:`tables` expands it with numpy in a few hundredths of a
second, with nothing to compile and nothing written to disk.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import NamedTuple

import numpy as np

from mjstats._jit import inline_kernel, kernel

TABLE_VERSION = 3
SUIT_CODES = 5**9
HONOR_CODES = 5**7
MAX_MELDS = 4
ROW = 2 * (MAX_MELDS + 1)
"""Entries per table row: index ``2 * m + p``."""

_N_STATES = 5 * 5 * 5 * 2


class Tables(NamedTuple):
    """The lookup tables passed to every hand kernel.

    Attributes
    ----------
    suit : ndarray, uint64, shape (5**9,)
        Max overlap with ``m`` melds + ``p`` pairs, packed four bits per entry:
        entry ``2*m + p`` is ``(suit[code] >> (4 * (2*m + p))) & 15``.  One aligned
        8-byte load per suit keeps the hot loops in cache.
    honor : ndarray, uint64, shape (5**7,)
        The same for the seven honor kinds (triplets and pairs only).
    suit_ok : ndarray, uint8, shape (5**9,)
        1 when the suit's tiles split exactly into melds (and one pair if its
        count is 2 mod 3).
    honor_ok : ndarray, uint8, shape (5**7,)
        The same for honors.
    suit_flags, honor_flags : ndarray, uint8
        ``ok | even << 1 | (count % 3) << 2``: one byte answers the complete
        check of a part (standard split, every count even for seven pairs, and
        the tile count mod 3), for the fused deal kernels.
    """

    suit: np.ndarray
    honor: np.ndarray
    suit_ok: np.ndarray
    honor_ok: np.ndarray
    suit_flags: np.ndarray
    honor_flags: np.ndarray


@kernel
def _state(a, b, m, p):
    return ((a * 5 + b) * 5 + m) * 2 + p


@kernel
def _step(dp_in, dp_out, h, allow_run):
    """Advance the DP over one kind holding ``h`` tiles.

    State ``(a, b, m, p)``: ``a`` runs started two kinds back and ``b`` one kind
    back (both cover this kind), ``m`` melds and ``p`` pairs committed so far.
    """
    dp_out[:] = -1
    for a in range(5):
        for b in range(5 - a):
            for m in range(a + b, 5):
                for p in range(2):
                    v = dp_in[_state(a, b, m, p)]
                    if v < 0:
                        continue
                    r_max = (4 - m) if allow_run else 0
                    for r in range(r_max + 1):
                        for t in range(2):
                            m2 = m + r + t
                            if m2 > 4:
                                break
                            for q in range(2 - p):
                                tgt = a + b + r + 3 * t + 2 * q
                                if tgt > 4:
                                    break
                                ov = v + (h if h < tgt else tgt)
                                s2 = _state(b, r, m2, p + q)
                                if ov > dp_out[s2]:
                                    dp_out[s2] = ov


@kernel
def _fill(n_kinds, allow_runs, out):
    """Fill ``out[code, 2*m + p]`` for all ``5**n_kinds`` codes (odometer order)."""
    dp = np.full((n_kinds + 1, _N_STATES), -1, dtype=np.int16)
    dp[0, _state(0, 0, 0, 0)] = 0
    digits = np.zeros(n_kinds, dtype=np.int64)
    pow5 = np.ones(n_kinds, dtype=np.int64)
    for i in range(1, n_kinds):
        pow5[i] = pow5[i - 1] * 5
    first = 0  # lowest kind whose digit changed since the last code
    n_codes = pow5[n_kinds - 1] * 5
    for _ in range(n_codes):
        for j in range(first, n_kinds):
            _step(dp[j], dp[j + 1], digits[j], allow_runs and j <= n_kinds - 3)
        code = 0
        for j in range(n_kinds):
            code += digits[j] * pow5[j]
        for m in range(MAX_MELDS + 1):
            for p in range(2):
                out[code, 2 * m + p] = dp[n_kinds, _state(0, 0, m, p)]
        # odometer: the last kind turns fastest so prefixes are shared
        j = n_kinds - 1
        while j >= 0:
            digits[j] += 1
            if digits[j] < 5:
                break
            digits[j] = 0
            j -= 1
        first = max(j, 0)


@kernel
def _pack(overlap, packed):
    for code in range(overlap.shape[0]):
        x = np.uint64(0)
        for i in range(ROW):
            x |= np.uint64(overlap[code, i]) << np.uint64(4 * i)
        packed[code] = x


@inline_kernel
def entry(packed_row, m, p):
    """Entry ``(m, p)`` of a packed table row."""
    return np.int64((packed_row >> np.uint64(4 * (2 * m + p))) & np.uint64(15))


def unpack(packed: np.ndarray) -> np.ndarray:
    """Unpack rows to an ``int8`` array of shape ``(n, 10)`` (entry ``2*m + p``)."""
    packed = np.asarray(packed, dtype=np.uint64)
    shifts = np.arange(ROW, dtype=np.uint64) * np.uint64(4)
    return ((packed[:, None] >> shifts) & np.uint64(15)).astype(np.int8)


@kernel
def _fill_ok(overlap, n_kinds, ok):
    for code in range(overlap.shape[0]):
        n = 0
        x = code
        for _ in range(n_kinds):
            n += x % 5
            x //= 5
        r = n % 3
        m = n // 3
        if r == 1 or m > MAX_MELDS:
            ok[code] = 0
        else:
            ok[code] = 1 if overlap[code, 2 * m + (1 if r == 2 else 0)] == n else 0


@kernel
def _fill_flags(ok, n_kinds, flags):
    for code in range(ok.shape[0]):
        n = 0
        even = 1
        x = code
        for _ in range(n_kinds):
            d = x % 5
            n += d
            if d % 2 == 1:
                even = 0
            x //= 5
        flags[code] = ok[code] | (even << 1) | ((n % 3) << 2)


FLAG_OK = 1
FLAG_EVEN = 2
FLAG_MOD3_SHIFT = 2


def compute_tables() -> Tables:
    """Compute the tables from scratch by the dynamic programme (a few seconds and a compile).

    The reference of the shipped data (:func:`write_data`); :func:`tables` is the
    same tables, expanded from that data.
    """
    suit = np.empty((SUIT_CODES, ROW), dtype=np.int8)
    _fill(9, True, suit)
    honor = np.empty((HONOR_CODES, ROW), dtype=np.int8)
    _fill(7, False, honor)
    suit_ok = np.empty(SUIT_CODES, dtype=np.uint8)
    _fill_ok(suit, 9, suit_ok)
    honor_ok = np.empty(HONOR_CODES, dtype=np.uint8)
    _fill_ok(honor, 7, honor_ok)
    suit_packed = np.empty(SUIT_CODES, dtype=np.uint64)
    _pack(suit, suit_packed)
    honor_packed = np.empty(HONOR_CODES, dtype=np.uint64)
    _pack(honor, honor_packed)
    suit_flags = np.empty(SUIT_CODES, dtype=np.uint8)
    _fill_flags(suit_ok, 9, suit_flags)
    honor_flags = np.empty(HONOR_CODES, dtype=np.uint8)
    _fill_flags(honor_ok, 7, honor_flags)
    return Tables(suit_packed, honor_packed, suit_ok, honor_ok, suit_flags, honor_flags)


DATA = Path(__file__).with_name("tables.npz")
"""The shipped tables: per part, each code's row index and the distinct rows."""


class RowIds(NamedTuple):
    """Each code's row as an index among its part's distinct rows (sorted), and those rows.

    The shipped form of :attr:`Tables.suit` and :attr:`Tables.honor`
    (``suit_rows[suit_id[code]] == suit[code]``); the indices are also
    :class:`mjstats.core.shanten.Overlap4`'s row keys.
    """

    suit_id: np.ndarray
    suit_rows: np.ndarray
    honor_id: np.ndarray
    honor_rows: np.ndarray


def row_ids(packed_suit: np.ndarray, packed_honor: np.ndarray) -> RowIds:
    """:class:`RowIds` of packed tables (fewer than 256 distinct rows per part)."""
    out = []
    for packed in (packed_suit, packed_honor):
        rows, ids = np.unique(packed, return_inverse=True)
        if len(rows) > 255:  # pragma: no cover - 126 and 55
            raise RuntimeError(f"{len(rows)} distinct rows do not fit uint8 indices")
        out += [ids.astype(np.uint8).reshape(packed.shape), rows]
    return RowIds(*out)


def write_data(path: Path = DATA) -> None:
    """Write the shipped tables (``tables.npz``) from :func:`compute_tables`."""
    T = compute_tables()
    np.savez_compressed(path, **row_ids(T.suit, T.honor)._asdict())


@functools.cache
def shipped_ids() -> RowIds:
    """The shipped :class:`RowIds` (read-only), read from :data:`DATA`."""
    with np.load(DATA) as z:
        ids = RowIds(**{f: z[f] for f in RowIds._fields})
    for arr in ids:
        arr.setflags(write=False)
    return ids


def digit_tallies(n_kinds: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every code of ``n_kinds`` kinds: its tiles, pairs (a four is two) and odd counts.

    Three ``int8`` arrays of ``5**n_kinds`` entries, indexed by code (kind ``r``'s
    count is digit ``r``, the lowest first).
    """
    d = np.arange(5, dtype=np.int8)
    n = pairs = odd = np.zeros(1, dtype=np.int8)
    for _ in range(n_kinds):  # the new kind is the highest digit: code + 5**k * d
        n = (d[:, None] + n[None, :]).ravel()
        pairs = ((d // 2)[:, None] + pairs[None, :]).ravel()
        odd = ((d % 2)[:, None] + odd[None, :]).ravel()
    return n, pairs, odd


def _expand(ids: np.ndarray, rows: np.ndarray, n_kinds: int):
    """One part's packed rows, ``ok`` and flags, from its row indices (as :func:`_fill_ok`)."""
    n, _, odd = digit_tallies(n_kinds)
    r = n % 3
    m = n // 3
    entries = unpack(rows)[ids, 2 * np.minimum(m, MAX_MELDS) + (r == 2)]
    ok = ((r != 1) & (m <= MAX_MELDS) & (entries == n)).astype(np.uint8)
    even = (odd == 0).astype(np.uint8) * np.uint8(FLAG_EVEN)
    flags = ok | even | (r.astype(np.uint8) << np.uint8(FLAG_MOD3_SHIFT))
    return rows[ids], ok, flags


def cache_dir() -> Path:
    """Folder of the on-disk caches (``$MJSTATS_CACHE`` or ``~/.cache/mjstats``).

    The exact deal tables (:mod:`mjstats.exact`) and the compiled kernels
    (:mod:`mjstats._jit`) are kept there; the lookup tables here need no cache.
    """
    root = os.environ.get("MJSTATS_CACHE")
    return Path(root) if root else Path.home() / ".cache" / "mjstats"


@functools.cache
def tables() -> Tables:
    """Return the lookup tables (read-only), expanded from the shipped data."""
    ids = shipped_ids()
    suit, suit_ok, suit_flags = _expand(ids.suit_id, ids.suit_rows, 9)
    honor, honor_ok, honor_flags = _expand(ids.honor_id, ids.honor_rows, 7)
    T = Tables(suit, honor, suit_ok, honor_ok, suit_flags, honor_flags)
    for arr in T:
        arr.setflags(write=False)
    return T
