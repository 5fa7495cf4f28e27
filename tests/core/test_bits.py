"""Kind bit masks (``mjstats.core.bits``) against per-kind loops."""

from __future__ import annotations

import numpy as np

from mjstats._jit import kernel
from mjstats.core import bits


@kernel
def _near_all(counts, out):
    occ = np.uint64(0)
    for k in range(34):
        out[k] = bits._near(counts, k)
        if counts[k] > 0:
            occ |= bits.ONE << np.uint64(k)
    return bits._spread(occ)


def test_spread_is_near_for_every_kind(rng):
    out = np.zeros(34, np.bool_)
    for n in (1, 2, 5, 13, 14):
        for _ in range(500):
            counts = np.bincount(rng.choice(136, n, replace=False) // 4, minlength=34)
            counts = counts.astype(np.int8)
            mask = int(_near_all(counts, out))
            assert [(mask >> k) & 1 for k in range(34)] == out.astype(int).tolist()
            # no reach across a suit's end or into the honors
            for k in np.flatnonzero(out):
                held = np.flatnonzero(counts)
                assert any(j == k or (j < 27 and k < 27 and j // 9 == k // 9 and abs(j - k) <= 2)
                           for j in held)


def test_part_bits_partition_the_kinds():
    parts = [int(bits._part_bits(q)) for q in range(4)]
    assert sum(parts) == (1 << 34) - 1
    assert [bin(p).count("1") for p in parts] == [9, 9, 9, 7]
    assert int(bits._part_bits(-1)) == 0


@kernel
def _hand_bits_of(counts):
    return bits._hand_bits(counts)


def test_hand_bits_against_numpy(rng):
    for n in (0, 1, 13, 14):
        for _ in range(200):
            counts = np.bincount(rng.choice(136, n, replace=False) // 4, minlength=34)
            counts = counts.astype(np.int8)
            occ, full, par, pairs, odd = _hand_bits_of(counts)
            as_mask = lambda sel: sum(1 << int(k) for k in np.flatnonzero(sel))  # noqa: E731
            assert int(occ) == as_mask(counts > 0)
            assert int(full) == as_mask(counts == 4)
            assert int(par) == as_mask(counts % 2 == 1)
            assert pairs == int((counts // 2).sum()) and odd == int((counts % 2).sum())
