"""Sets of tile kinds as 34-bit masks (bit ``k`` for kind ``k``), for the hot kernels.

A hand's held kinds, its waits or a bot's candidate tiles fit one ``uint64``:
set operations are then single instructions and a loop visits only the set
bits (``trailing_zeros``) instead of branching over all 34 kinds.
"""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from mjstats._jit import inline_kernel

ONE = np.uint64(1)


def kind_bits(pred) -> np.uint64:
    """Bit mask of the kinds where ``pred(k)`` holds."""
    return np.uint64(sum(1 << k for k in range(34) if pred(k)))


@inline_kernel
def _run_start(k):
    """Whether a run of three (a chow) can start at kind ``k``: a suit tile of rank 1 to 7.

    The one statement of the rule: the kernels call it (a decomposition's runs, the
    check of declared melds), Python calls its function (``_run_start.py_func``: the
    meld reader's :func:`mjstats.scoring.melds.is_chow_start`, :data:`FROM_RIGHT2`).
    """
    return 0 <= k < 27 and k % 9 <= 6


# a held kind k puts its neighbours k+1, k+2, k-1, k-2 of the same suit in reach
FROM_LEFT1 = kind_bits(lambda k: k < 27 and k % 9 >= 1)
FROM_LEFT2 = kind_bits(lambda k: k < 27 and k % 9 >= 2)
FROM_RIGHT1 = kind_bits(lambda k: k < 27 and k % 9 <= 7)
FROM_RIGHT2 = kind_bits(_run_start.py_func)
PART0 = kind_bits(lambda k: k < 9)
PART1 = kind_bits(lambda k: 9 <= k < 18)
PART2 = kind_bits(lambda k: 18 <= k < 27)
PART3 = kind_bits(lambda k: k >= 27)


@inline_kernel
def _near(counts, k):
    """Whether kind ``k`` is held or lies within two of a held kind of its suit.

    Only such a kind can complete a hand or lower its shanten: any other would
    stay a lone tile (honors: held only).  :func:`_spread` is the same test for
    all kinds at once.
    """
    if counts[k] > 0:
        return True
    if k >= 27:
        return False
    r = k % 9
    for d in (-2, -1, 1, 2):
        if 0 <= r + d <= 8 and counts[k + d] > 0:
            return True
    return False


@inline_kernel
def _next_bit(bits):
    """The lowest set bit of ``bits``: ``(its index, bits without it)``.

    The index is a ``uint64``, an array index as is (no negative-index test);
    ``while bits != 0: i, bits = _next_bit(bits)`` visits the set bits, lowest
    first.
    """
    return np.uint64(trailing_zeros(bits)), bits & (bits - 1)


@inline_kernel
def _spread(occ):
    """Bit mask of the kinds that :func:`_near` accepts, from the mask of held kinds."""
    return (occ | ((occ << np.uint64(1)) & FROM_LEFT1) | ((occ << np.uint64(2)) & FROM_LEFT2)
            | ((occ >> np.uint64(1)) & FROM_RIGHT1) | ((occ >> np.uint64(2)) & FROM_RIGHT2))


@inline_kernel
def _part_bits(q):
    """Bit mask of part ``q`` (0-2 a suit, 3 the honors); 0 for ``q < 0``."""
    if q == 0:
        return PART0
    if q == 1:
        return PART1
    if q == 2:
        return PART2
    if q == 3:
        return PART3
    return np.uint64(0)


@inline_kernel
def _hand_bits(counts):
    """One pass over a hand: ``(occ, full, par, pairs, odd)``.

    The bit masks of the kinds held, held four times and held an odd number of
    times, the number of pairs (``sum(c // 2)``) and of odd kinds.
    """
    occ = np.uint64(0)
    full = np.uint64(0)
    par = np.uint64(0)
    pairs = 0
    odd = 0
    for k in range(34):
        c = counts[k]
        b = ONE << np.uint64(k)
        if c > 0:
            occ |= b
        if c >= 4:
            full |= b
        if c % 2 == 1:
            par |= b
            odd += 1
        pairs += c // 2
    return occ, full, par, pairs, odd
