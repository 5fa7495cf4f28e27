"""Per-part tables: every count vector of a suit (or of the honors), weighted.

A hand is four *parts*: the three numbered suits (9 kinds each) and the honors
(7 kinds).  A part's count vector is identified by the base-5 code of
:mod:`mjstats.core.tables`.  For a tile set, the part codes allowed are those
whose digits for absent kinds are zero; a code's *weight* is the number of ways
to pick those tiles from the wall, ``prod C(4, c_k)``.  Summed over the codes of
``n`` tiles the weights give ``C(4 * kinds, n)``.

For each allowed code this module gathers the per-part statistics the exact
convolutions need (:func:`part_stats`): tile count, overlap row (from the core
tables), whether the part splits into melds (+ a pair), whether one more tile of
a present kind makes it split (a wait inside this part), pairs and odd counts
(seven pairs), whether every count is 0 or 2 (riichi's distinct pairs).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import NamedTuple

import numpy as np

from mjstats.core.tables import tables
from mjstats.tiles import N_KINDS, TileSet

MAX_HAND = 14
"""The largest hand the exact module handles (a dealer's hand)."""
PART_KINDS = (9, 9, 9, 7)
PART_FIRST = (0, 9, 18, 27)
_C4 = np.array([comb(4, c) for c in range(5)], dtype=np.int64)


class PartStats(NamedTuple):
    """Statistics of the allowed count vectors of one part (one entry per code)."""

    code: np.ndarray
    n: np.ndarray
    weight: np.ndarray
    row: np.ndarray
    ok: np.ndarray
    wait: np.ndarray
    pairs: np.ndarray
    odd: np.ndarray
    not_02: np.ndarray
    is_suit: bool


@lru_cache(maxsize=2)
def _digits(n_kinds: int) -> np.ndarray:
    codes = np.arange(5**n_kinds, dtype=np.int64)
    d = np.empty((codes.size, n_kinds), dtype=np.int8)
    for r in range(n_kinds):
        d[:, r] = (codes // 5**r) % 5
    d.setflags(write=False)
    return d


def part_stats(mask: tuple[bool, ...], is_suit: bool) -> PartStats:
    """Statistics of every allowed code of one part.

    Parameters
    ----------
    mask : tuple of bool
        Which kinds of the part the tile set has (9 for a suit, 7 for honors).
    is_suit : bool
        Suits use the suit table (runs allowed), honors the honor table.

    Returns
    -------
    PartStats
        Arrays over the allowed codes with at most :data:`MAX_HAND` tiles.
    """
    return _part_stats(tuple(bool(x) for x in mask), bool(is_suit))


@lru_cache(maxsize=16)
def _part_stats(mask: tuple[bool, ...], is_suit: bool) -> PartStats:
    T = tables()
    n_kinds = len(mask)
    d = _digits(n_kinds)
    absent = ~np.asarray(mask, dtype=np.bool_)
    n_all = d.sum(axis=1, dtype=np.int64)
    allowed = n_all <= MAX_HAND
    if absent.any():
        allowed &= (d[:, absent] == 0).all(axis=1)
    code = np.flatnonzero(allowed).astype(np.int64)
    dd = d[code].astype(np.int64)
    table = T.suit if is_suit else T.honor
    ok_table = T.suit_ok if is_suit else T.honor_ok
    ok = ok_table[code].astype(np.bool_)
    wait = np.zeros(code.size, dtype=np.bool_)
    for r in range(n_kinds):
        if not mask[r]:
            continue
        can = dd[:, r] < 4
        wait[can] |= ok_table[code[can] + 5**r].astype(np.bool_)
    out = PartStats(
        code=code,
        n=n_all[code],
        weight=np.prod(_C4[dd], axis=1),
        row=table[code].astype(np.uint64),
        ok=ok,
        wait=wait,
        pairs=(dd // 2).sum(axis=1),
        odd=(dd % 2).sum(axis=1),
        not_02=((dd != 0) & (dd != 2)).any(axis=1),
        is_suit=is_suit,
    )
    for arr in out[:-1]:
        arr.setflags(write=False)
    return out


def tileset_parts(ts: TileSet) -> list[PartStats]:
    """The four :class:`PartStats` of a tile set (m, p, s, honors)."""
    mask = np.asarray(ts.mask, dtype=np.bool_)
    assert mask.shape == (N_KINDS,)
    return [
        part_stats(tuple(mask[PART_FIRST[i]:PART_FIRST[i] + PART_KINDS[i]]), i < 3)
        for i in range(4)
    ]


def wall_count(ts: TileSet, n_tiles: int) -> int:
    """Number of ``n_tiles``-tile hands (as tile subsets): ``C(n_wall, n_tiles)``."""
    return comb(ts.n_tiles, n_tiles)
