"""Open-addressing tables of hands keyed by their part codes.

A concealed hand is keyed by its four part codes (base 5 per suit, as in
:mod:`mjstats.core.tables`): ``lo = c0 + c1 * 5**9 + c2 * 5**18`` (below
2**63) and ``hi = c3``.  A table of ``cap`` slots (a power of two) holds rows
``(lo, hi, index, payload)``, ``index`` -1 when the slot is empty and
``payload`` whatever its user keeps beside the index (0 when set): one row per
32-byte slot, so that a probe touches one cache line.  The exact odds
(:mod:`mjstats.discard`) store their hand graph in such tables, and the game
engine finds a seat's hand in them when it follows that exact policy.
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import inline_kernel, kernel, noref_kernel
from mjstats.core.codes import _codes

P9 = 5**9
P18 = 5**18
_HASH_A = np.uint64(0xBF58476D1CE4E5B9)
_HASH_C = np.uint64(0x94D049BB133111EB)
_HASH_B = np.uint64(0xC2B2AE3D27D4EB4F)


@inline_kernel
def _slot(lo, hi, mask):
    """Table slot of a key: splitmix64's finaliser, so that neighbouring hands spread."""
    x = np.uint64(lo) ^ np.uint64(hi) * _HASH_B
    x ^= x >> np.uint64(30)
    x *= _HASH_A
    x ^= x >> np.uint64(27)
    x *= _HASH_C
    x ^= x >> np.uint64(31)
    return np.int64(x & np.uint64(mask))


@kernel
def _new_table(cap):
    """An empty hash table of ``cap`` slots (a power of two): rows ``(lo, hi, state, payload)``.

    One row per slot keeps a probe to one cache line; ``state`` is -1 when empty.
    A ``cap`` that is no power of two is refused: :func:`_lookup` masks its
    probes with ``cap - 1``, which would then skip slots and could probe for ever.
    """
    if cap < 1 or cap & (cap - 1) != 0:
        raise ValueError("a hand table's size is a power of two")
    t = np.empty((cap, 4), dtype=np.int64)  # 32 bytes: a slot never straddles a cache line
    _clear(t)
    return t


@noref_kernel
def _clear(t):
    """Empty the hash table ``t`` in place: only the state marks a slot empty (-1).

    The rest of a row is written when the slot is filled.
    """
    for i in range(t.shape[0]):
        t[i, 2] = -1


@kernel
def _emptied(kept, cap):
    """An empty table of ``cap`` slots, or ``kept`` emptied when it has ``cap`` to ``2 cap``.

    A table of a megabyte or more is mapped afresh by the system on every
    allocation, a page fault for each 4 kB its slots' marks touch (some 500 a
    call at the 16,384-state start of a 4-shanten odds search); one kept from
    an earlier search is only emptied.
    """
    if cap <= kept.shape[0] <= 2 * cap:
        _clear(kept)
        return kept
    return _new_table(cap)


@kernel
def _rehash(t, cap):
    """A table of ``cap`` slots holding the entries of ``t``."""
    n = _new_table(cap)
    mask = cap - 1
    for i in range(t.shape[0]):
        if t[i, 2] >= 0:
            j = _slot(t[i, 0], t[i, 1], mask)
            while n[j, 2] >= 0:
                j = (j + 1) & mask
            n[j, 0] = t[i, 0]
            n[j, 1] = t[i, 1]
            n[j, 2] = t[i, 2]
            n[j, 3] = t[i, 3]
    return n


@inline_kernel
def _lookup(t, lo, hi):
    """Slot of key ``(lo, hi)``: its entry, or the empty slot where it would go."""
    mask = np.uint64(t.shape[0] - 1)
    j = np.uint64(_slot(lo, hi, mask))  # unsigned: no wrapping of negative indices
    while t[j, 2] >= 0 and (t[j, 0] != lo or t[j, 1] != hi):
        j = (j + np.uint64(1)) & mask
    return np.int64(j)


@inline_kernel
def _key(c0, c1, c2, c3):
    return c0 + c1 * P9 + c2 * P18, c3


@inline_kernel
def _find(t, counts):
    """The index stored for the hand ``counts`` (a count vector), or -1 if absent."""
    c0, c1, c2, c3, n = _codes(counts)
    lo, hi = _key(c0, c1, c2, c3)
    return t[_lookup(t, lo, hi), 2]
