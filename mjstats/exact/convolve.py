"""Convolution of per-part distributions over tile count.

A *statistic* maps every part code to a small integer key (tile count in the
low four bits, then whatever the statistic tracks) and knows how to *merge* the
keys of two disjoint groups of kinds.  Grouping equal keys and summing their
weights gives a part's distribution; merging every pair of keys (tile counts
adding up to at most the hand size) and multiplying weights gives the
distribution of the union.  Four parts later, the keys with exactly ``n`` tiles
carry, with their exact weights, every hand of ``n`` tiles.

Two statistics are defined:

:class:`ShantenStat`
    the overlap row of :mod:`mjstats.core.tables` (merged by the same max-plus
    convolution as the shanten kernel), pairs and odd counts clipped at 7 -
    enough for the standard, seven-pairs and minimum shanten of the hand.
:class:`CompleteStat`
    the set of reachable (wait used, pair used) roles of the parts (complete:
    every part splits, one pair; ready: one part splits after one more tile),
    odd counts clipped at 2, whether a count is neither 0 nor 2 (riichi's seven
    distinct pairs) and how many numbered suits are used.

Weights are ``int64``: a partial weight never exceeds ``C(136, 14) < 2**63``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from math import comb

import numpy as np

from mjstats.core.tables import TABLE_VERSION, cache_dir
from mjstats.exact.parts import MAX_HAND, PartStats, tileset_parts
from mjstats.tiles import TileSet

EXACT_VERSION = 1
"""Bump when a statistic's key layout changes (invalidates the disk cache)."""

_N_MASK = np.int64(15)
_ROW_SHIFT = 4
_ROW_BITS = 40
_SHIFTS = np.arange(10, dtype=np.int64) * 4


def group(keys: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sum ``weights`` over equal ``keys`` (exact ``int64``); keys come back sorted."""
    if keys.size == 0:
        return keys.astype(np.int64), weights.astype(np.int64)
    order = np.argsort(keys, kind="stable")
    k = keys[order]
    w = weights[order].astype(np.int64)
    starts = np.flatnonzero(np.concatenate(([True], k[1:] != k[:-1])))
    return k[starts], np.add.reduceat(w, starts)


class Stat:
    """A per-part statistic: keys of part codes and how two keys merge."""

    name = "stat"

    def part_keys(self, ps: PartStats) -> np.ndarray:  # pragma: no cover - interface
        """Key of every code of a part (tile count in bits 0-3)."""
        raise NotImplementedError

    def merge(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:  # pragma: no cover
        """Keys of the union of two disjoint groups of kinds, elementwise."""
        raise NotImplementedError


def _rows(keys: np.ndarray) -> np.ndarray:
    return ((keys[:, None] >> (_SHIFTS + _ROW_SHIFT)) & 15).astype(np.int16)


def _conv_rows(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Max-plus convolution of unpacked rows ``(k, 10)`` (entry ``2*m + p``), vectorised."""
    out = np.zeros_like(A)
    for m in range(5):
        b0 = np.full(A.shape[0], -1, dtype=np.int16)
        b1 = np.full(A.shape[0], -1, dtype=np.int16)
        for m1 in range(m + 1):
            m2 = m - m1
            np.maximum(b0, A[:, 2 * m1] + B[:, 2 * m2], out=b0)
            np.maximum(b1, A[:, 2 * m1] + B[:, 2 * m2 + 1], out=b1)
            np.maximum(b1, A[:, 2 * m1 + 1] + B[:, 2 * m2], out=b1)
        out[:, 2 * m] = b0
        out[:, 2 * m + 1] = b1
    return out


def _pack_rows(R: np.ndarray) -> np.ndarray:
    return (R.astype(np.int64) << _SHIFTS).sum(axis=1) << _ROW_SHIFT


class ShantenStat(Stat):
    """Tile count | overlap row (40 bits) | min(pairs, 7) | min(odd counts, 7)."""

    name = "shanten"
    P_SHIFT = _ROW_SHIFT + _ROW_BITS
    S_SHIFT = P_SHIFT + 3

    def part_keys(self, ps: PartStats) -> np.ndarray:
        """Key of every code of a part."""
        row = ps.row.astype(np.int64)  # 40 bits used, fits
        return (
            ps.n
            | (row << _ROW_SHIFT)
            | (np.minimum(ps.pairs, 7) << self.P_SHIFT)
            | (np.minimum(ps.odd, 7) << self.S_SHIFT)
        )

    def merge(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Add counts, convolve rows, add and clip pairs and odd counts."""
        n = (a & _N_MASK) + (b & _N_MASK)
        row = _pack_rows(_conv_rows(_rows(a), _rows(b)))
        P = np.minimum(((a >> self.P_SHIFT) & 7) + ((b >> self.P_SHIFT) & 7), 7)
        S = np.minimum(((a >> self.S_SHIFT) & 7) + ((b >> self.S_SHIFT) & 7), 7)
        return n | row | (P << self.P_SHIFT) | (S << self.S_SHIFT)

    @classmethod
    def decode(cls, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(n, rows (k, 10), pairs, odd)`` of keys."""
        return (keys & _N_MASK, _rows(keys), (keys >> cls.P_SHIFT) & 7,
                (keys >> cls.S_SHIFT) & 7)


def _role_lut() -> np.ndarray:
    """Merge table of role masks: bit ``2*w + p`` = (w waits used, p pairs used) reachable."""
    lut = np.zeros((16, 16), dtype=np.int64)
    for A in range(16):
        for B in range(16):
            out = 0
            for a in range(4):
                if not A >> a & 1:
                    continue
                for b in range(4):
                    if not B >> b & 1:
                        continue
                    w = (a >> 1) + (b >> 1)
                    p = (a & 1) + (b & 1)
                    if w <= 1 and p <= 1:
                        out |= 1 << (2 * w + p)
            lut[A, B] = out
    return lut


class CompleteStat(Stat):
    """Tile count | role mask (4 bits) | min(odd, 2) | any count not 0/2 | suits used (<= 3).

    Role mask bit ``2*w + p``: the part(s) can be read with ``w`` (0/1) parts
    completed by one extra tile and ``p`` (0/1) pairs.  A hand of 14 is complete
    in the standard form when bit ``0b01`` is set; a hand of 13 is ready when bit
    ``0b11`` is set.
    """

    name = "complete"
    ROLE_SHIFT = 4
    S_SHIFT = 8
    BAD_SHIFT = 10
    SUITS_SHIFT = 11
    LUT = _role_lut()

    def part_keys(self, ps: PartStats) -> np.ndarray:
        """Key of every code of a part."""
        pair_now = (ps.n % 3 == 2).astype(np.int64)
        pair_after = ((ps.n + 1) % 3 == 2).astype(np.int64)
        role = (ps.ok.astype(np.int64) << pair_now) | (
            ps.wait.astype(np.int64) << (2 + pair_after)
        )
        suits = (ps.n > 0).astype(np.int64) if ps.is_suit else np.zeros_like(ps.n)
        return (
            ps.n
            | (role << self.ROLE_SHIFT)
            | (np.minimum(ps.odd, 2) << self.S_SHIFT)
            | (ps.not_02.astype(np.int64) << self.BAD_SHIFT)
            | (suits << self.SUITS_SHIFT)
        )

    def merge(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Add counts, merge role masks, add and clip the rest."""
        n = (a & _N_MASK) + (b & _N_MASK)
        role = self.LUT[(a >> self.ROLE_SHIFT) & 15, (b >> self.ROLE_SHIFT) & 15]
        S = np.minimum(((a >> self.S_SHIFT) & 3) + ((b >> self.S_SHIFT) & 3), 2)
        bad = ((a | b) >> self.BAD_SHIFT) & 1
        suits = np.minimum(((a >> self.SUITS_SHIFT) & 3) + ((b >> self.SUITS_SHIFT) & 3), 3)
        return (n | (role << self.ROLE_SHIFT) | (S << self.S_SHIFT) | (bad << self.BAD_SHIFT)
                | (suits << self.SUITS_SHIFT))

    @classmethod
    def decode(cls, keys: np.ndarray) -> dict[str, np.ndarray]:
        """Fields of keys as a dict of arrays."""
        return {
            "n": keys & _N_MASK,
            "role": (keys >> cls.ROLE_SHIFT) & 15,
            "odd": (keys >> cls.S_SHIFT) & 3,
            "not_02": (keys >> cls.BAD_SHIFT) & 1,
            "suits": (keys >> cls.SUITS_SHIFT) & 3,
        }


STATS = {"shanten": ShantenStat(), "complete": CompleteStat()}


def convolve(parts: list[PartStats], stat: Stat, n_tiles: int) -> tuple[np.ndarray, np.ndarray]:
    """Distribution of ``stat`` keys over all hands of exactly ``n_tiles`` tiles.

    Parameters
    ----------
    parts : list of PartStats
        The parts of the tile set (see :func:`mjstats.exact.parts.tileset_parts`).
    stat : Stat
        The statistic to track.
    n_tiles : int
        Hand size, 0..14.

    Returns
    -------
    keys, weights : ndarray
        Distinct keys (sorted) and the number of hands (tile subsets) with each.
    """
    keys, weights = group(stat.part_keys(parts[0]), parts[0].weight)
    keep = (keys & _N_MASK) <= n_tiles
    keys, weights = keys[keep], weights[keep]
    for i, ps in enumerate(parts[1:]):
        last = i == len(parts) - 2
        kb, wb = group(stat.part_keys(ps), ps.weight)
        na = keys & _N_MASK
        nb = kb & _N_MASK
        new_k, new_w = [], []
        for x in np.unique(na):
            ia = np.flatnonzero(na == x)
            ib = np.flatnonzero(nb == n_tiles - x) if last else np.flatnonzero(nb <= n_tiles - x)
            if ia.size == 0 or ib.size == 0:
                continue
            A = np.repeat(ia, ib.size)
            B = np.tile(ib, ia.size)
            new_k.append(stat.merge(keys[A], kb[B]))
            new_w.append(weights[A] * wb[B])
        if not new_k:
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        keys, weights = group(np.concatenate(new_k), np.concatenate(new_w))
    keep = (keys & _N_MASK) == n_tiles
    return keys[keep], weights[keep]


@dataclass(frozen=True)
class _Key:
    stat: str
    n_tiles: int
    kinds: tuple[int, ...]

    def path(self):
        mask = sum(1 << k for k in self.kinds)
        return cache_dir() / (
            f"exact-v{EXACT_VERSION}-t{TABLE_VERSION}-{self.stat}-{self.n_tiles}-{mask:09x}.npz"
        )


_MEMO: dict[_Key, tuple[np.ndarray, np.ndarray]] = {}


def _load(path, total: int) -> tuple[np.ndarray, np.ndarray] | None:
    """A cached distribution, or ``None`` if missing, unreadable or stale."""
    try:
        with np.load(path) as f:
            out = (f["keys"], f["weights"])
    except (OSError, ValueError, KeyError):
        return None
    if sum(int(w) for w in out[1]) != total:
        return None
    return out


def distribution(ts: TileSet, stat: str, n_tiles: int) -> tuple[np.ndarray, np.ndarray]:
    """Cached :func:`convolve` for a tile set (memory, then ``cache_dir()``, then computed).

    The weights are checked to sum to ``C(n_wall, n_tiles)`` before they are cached.
    """
    if not 0 <= n_tiles <= MAX_HAND:
        raise ValueError(f"n_tiles must lie in 0..{MAX_HAND}")
    key = _Key(stat, int(n_tiles), tuple(int(k) for k in ts.kinds))
    if key in _MEMO:
        return _MEMO[key]
    path = key.path()
    out = _load(path, comb(ts.n_tiles, n_tiles))
    if out is None:
        out = convolve(tileset_parts(ts), STATS[stat], int(n_tiles))
        total = sum(int(w) for w in out[1])
        if total != comb(ts.n_tiles, n_tiles):  # pragma: no cover - a bug, not an input error
            raise AssertionError(f"exact weights sum to {total}, not C({ts.n_tiles}, {n_tiles})")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
            np.savez(tmp, keys=out[0], weights=out[1])
            os.replace(tmp, path)
        except OSError:
            pass  # a read-only cache folder still works, it just recomputes
    for a in out:
        a.setflags(write=False)
    _MEMO[key] = out
    return out
