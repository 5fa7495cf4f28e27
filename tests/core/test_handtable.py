"""The hand tables of the exact odds and the engine's policy seats (mjstats.core.handtable)."""

import numpy as np
import pytest

from mjstats.core.codes import _codes
from mjstats.core.handtable import _find, _key, _lookup, _new_table, _rehash


def _put(t, counts, index):
    c0, c1, c2, c3, _ = _codes(counts)
    lo, hi = _key(c0, c1, c2, c3)
    j = _lookup(t, lo, hi)
    t[j, 0], t[j, 1], t[j, 2] = lo, hi, index


@pytest.mark.parametrize("cap", [0, 3, 6, 100])
def test_a_size_that_is_no_power_of_two_is_refused(cap):
    # _lookup masks its probes with cap - 1: any other size could probe for ever
    with pytest.raises(ValueError, match="power of two"):
        _new_table(cap)


def test_hands_stored_are_found_again_after_growing():
    rng = np.random.default_rng(5)
    t = _new_table(64)
    hands = []
    while len(hands) < 30:  # under half full, as the builders keep it
        h = np.minimum(np.bincount(rng.integers(0, 34, 13), minlength=34), 4).astype(np.int8)
        if not any((h == g).all() for g in hands):
            _put(t, h, len(hands))
            hands.append(h)
    for i, h in enumerate(hands):  # a payload beside each index (the odds keep a hand's win)
        c0, c1, c2, c3, _ = _codes(h)
        t[_lookup(t, *_key(c0, c1, c2, c3)), 3] = 100 + i
    big = _rehash(t, 256)
    for table in (t, big):
        assert [_find(table, h) for h in hands] == list(range(len(hands)))
        slots = [_lookup(table, *_key(*_codes(h)[:4])) for h in hands]
        assert [int(table[j, 3]) for j in slots] == [100 + i for i in range(len(hands))]
    absent = np.zeros(34, np.int8)
    absent[33] = 4
    assert _find(t, absent) == -1 and _find(big, absent) == -1
