"""Random deals drawn in compiled code, reproducible whatever the thread count.

A deal is a uniformly random set of ``n_tiles`` tiles from a tile set's wall.
Deals are produced in fixed chunks of :data:`CHUNK` rows; chunk ``i`` uses the
xoshiro state of :func:`mjstats.core.rng.chunk_states`, so the same seed gives
the same deals on one thread or many.
"""

from __future__ import annotations

import numpy as np

from mjstats._checks import count
from mjstats._jit import kernel, parallel_kernel, prange
from mjstats.core.complete import _complete_from_codes
from mjstats.core.rng import SeedLike, _pick_to, chunk_states
from mjstats.errors import MjStatsError
from mjstats.tiles import TileSet
from mjstats.tiles import tileset as _tileset

CHUNK = 1 << 16
"""Deals per seeded chunk."""
MAX_DEALS = 1 << 25
"""Most hands :func:`deal` returns at once (33,554,432: 1.1 GB of count vectors)."""
_CHUNKED_HINT = ("for more, use the chunked study mj.deal_study(rules, deals=...) "
                 "(command line: mjstats deal --deals N), which keeps counts, not hands")


@kernel
def _draw(wall, n_tiles, state, counts):
    """Partial Fisher-Yates: move ``n_tiles`` random tiles to the front of ``wall``.

    ``counts`` (34,) is zeroed and filled.  The wall needs no reset between
    draws: a partial shuffle of any arrangement gives a uniform sample.
    """
    for k in range(34):
        counts[k] = 0
    for i in range(n_tiles):
        counts[_pick_to(wall, i, state)] += 1


@parallel_kernel
def _deal_many(wall, n_tiles, states, chunk, out):
    n = out.shape[0]
    for c in prange(states.shape[0]):
        w = wall.copy()
        st = states[c].copy()
        lo = c * chunk
        hi = min(lo + chunk, n)
        for i in range(lo, hi):
            _draw(w, n_tiles, st, out[i])


def deal(n: int, tileset: str | TileSet = "sichuan", n_tiles: int = 14,
         seed: SeedLike = None) -> np.ndarray:
    """Draw ``n`` random hands of ``n_tiles`` tiles from a full wall.

    Parameters
    ----------
    n : int
        Number of hands, a whole number from 0 to :data:`MAX_DEALS` (every hand is
        kept in memory; :func:`mjstats.deal_study` counts any number in chunks).
    tileset : str or TileSet
        ``"sichuan"``, ``"guangan"`` or ``"liuzhou"``.
    n_tiles : int
        Tiles per hand (14 for a dealer, 13 for the others).
    seed : int, numpy.random.Generator or None
        Same seed, same hands, whatever the number of threads.

    Returns
    -------
    numpy.ndarray
        ``(n, 34)`` ``int8`` count vectors.

    Raises
    ------
    MjStatsError
        ``n`` or ``n_tiles`` not a whole number in range (a ``bool`` or ``2.7`` too).

    Examples
    --------
    >>> H = deal(3, "sichuan", 13, seed=1)
    >>> H.shape, H.sum(axis=1).tolist()
    ((3, 34), [13, 13, 13])
    >>> bool((deal(3, "sichuan", 13, seed=1) == H).all())
    True
    """
    ts = _tileset(tileset)
    n = count(n, "the number of deals n", maximum=MAX_DEALS, hint=_CHUNKED_HINT)
    n_tiles = _n_tiles(n_tiles, ts)
    n_chunks = max(1, -(-n // CHUNK))
    out = np.zeros((n, 34), dtype=np.int8)
    _deal_many(ts.wall.copy(), int(n_tiles), chunk_states(seed, n_chunks), CHUNK, out)
    return out


def _n_tiles(n_tiles, ts: TileSet) -> int:
    return count(n_tiles, "n_tiles", minimum=1, maximum=ts.n_tiles,
                 hint=f"a hand from the {ts.name} wall")


@kernel
def _draw_codes(wall, n_tiles, state, codes):
    """Like :func:`_draw` but accumulate the four part codes only (no count vector).

    ``wall`` holds kind indices; the part of kind ``k`` is ``min(k // 9, 3)`` and its
    base-5 weight ``5 ** (k - 9 * part)``.  Draws the same tiles as :func:`_draw`.
    """
    codes[0] = 0
    codes[1] = 0
    codes[2] = 0
    codes[3] = 0
    for i in range(n_tiles):
        t = _pick_to(wall, i, state)
        part = t // 9 if t < 27 else 3
        codes[part] += _POW5[t - 9 * part]


_POW5 = np.array([5**i for i in range(9)], dtype=np.int64)


@parallel_kernel
def _count_complete(wall, n_tiles, states, chunk, n, form, T, out):
    """Deal ``n`` hands and count the complete ones; ``out[c]`` per chunk (no hands kept)."""
    for c in prange(states.shape[0]):
        w = wall.copy()
        st = states[c].copy()
        codes = np.zeros(4, dtype=np.int64)
        lo = c * chunk
        hi = min(lo + chunk, n)
        hits = 0
        for _ in range(lo, hi):
            _draw_codes(w, n_tiles, st, codes)
            if _complete_from_codes(codes[0], codes[1], codes[2], codes[3], n_tiles, form, T):
                hits += 1
        out[c] = hits


def count_complete(n: int, tileset: str | TileSet = "sichuan", n_tiles: int = 14,
                   form: str = "any", seed: SeedLike = None) -> int:
    """Deal ``n`` hands in compiled code and return how many are complete.

    The same seed gives the same hands as :func:`deal`, so
    ``count_complete(n, ..., seed=s) == is_complete_many(deal(n, ..., seed=s)).sum()``.

    Examples
    --------
    >>> import mjstats as mj
    >>> n = count_complete(10_000, "sichuan", 14, seed=3)
    >>> n == int(mj.is_complete_many(mj.deal(10_000, "sichuan", 14, seed=3)).sum())
    True
    """
    from mjstats.core.complete import _form_code
    from mjstats.core.tables import tables

    ts = _tileset(tileset)
    n = count(n, "the number of deals n")
    n_tiles = _n_tiles(n_tiles, ts)
    n_chunks = max(1, -(-n // CHUNK))
    out = np.zeros(n_chunks, dtype=np.int64)
    _count_complete(ts.wall.copy(), int(n_tiles), chunk_states(seed, n_chunks), CHUNK, n,
                    _form_code(form), tables(), out)
    return int(out.sum())


def complete_counts_task(tileset: str, n_tiles: int, seed, start: int, count: int):
    """Chunk task for :func:`mjstats.runner.run_chunks`: complete hands among deals ``start ..``.

    Draws exactly the deals ``start .. start + count - 1`` of the sequence that
    :func:`deal` and :func:`count_complete` draw for ``seed`` (``start`` must be a
    multiple of :data:`CHUNK`), and returns a one-row table of counts.
    """
    import pandas as pd

    from mjstats.core.complete import FORMS, _form_code
    from mjstats.core.tables import tables

    if start % CHUNK:
        raise MjStatsError(f"start must be a multiple of {CHUNK}, got {start}")
    ts = _tileset(tileset)
    n_chunks = max(1, -(-count // CHUNK))
    states = chunk_states(seed, n_chunks, first=start // CHUNK)
    row = {"deals": count}
    for form in FORMS:
        out = np.zeros(n_chunks, dtype=np.int64)
        _count_complete(ts.wall.copy(), int(n_tiles), states.copy(), CHUNK, count,
                        _form_code(form), tables(), out)
        row[f"complete_{form}"] = int(out.sum())
    return pd.DataFrame([row])
