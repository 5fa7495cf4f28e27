import naive
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjstats as mj
from mjstats.core.decompose import MeldType
from tests.random_hands import any_size


def _as_naive(reading):
    names = {MeldType.PAIR: "pair", MeldType.RUN: "run", MeldType.TRIPLET: "triplet"}
    return tuple(sorted((names[m.type], m.kind) for m in reading.melds))


def test_complete_against_naive_on_random_deals(rng):
    H = mj.deal(3000, "liuzhou", 14, seed=11)
    built = np.array(any_size(rng, 3000))
    for batch in (H, built):
        fast = mj.is_complete_many(batch)
        fast_std = mj.is_complete_many(batch, form="standard")
        for i in range(len(batch)):
            assert fast[i] == naive.is_complete(batch[i]), mj.format(batch[i])
            assert fast_std[i] == naive.is_complete(batch[i], "standard"), mj.format(batch[i])
    assert built.shape[0] and mj.is_complete_many(built).mean() > 0.99


def test_readings_against_naive(rng):
    for c in any_size(rng, 1500, kinds=27):
        got = [r for r in mj.decompositions(c) if r.form == "standard"]
        as_set = [_as_naive(r) for r in got]
        assert len(as_set) == len(set(as_set)), "a reading is listed twice"
        assert set(as_set) == naive.readings(c), mj.format(c)


@pytest.mark.parametrize(
    "hand, n_standard, seven_pairs",
    [
        ("111222333m789p55s", 2, False),       # triplets or three identical runs
        ("11122233344455m", 4, False),         # four ways to read a pure straight of triplets
        ("11223344556677m", 3, True),          # seven pairs that also read as runs
        ("11112233557799m", 0, True),          # 龙七对: a quad counts as two pairs
        ("1112345678999m9m", 1, False),        # 九莲 completed on 9m
        ("123m456p789s11122z", 1, False),      # honors only as triplet and pair
        ("123m456p789s11123z", 0, False),      # honors never run
        ("789m189s11z", 0, False),             # runs do not wrap (891s) or cross suits
        ("89m1p111s22z", 0, False),            # 891 across suits is no run
        ("55m", 1, False),                     # 14 - 3*4: four exposed melds, pair wait won
    ],
)
def test_reading_table(hand, n_standard, seven_pairs):
    rs = mj.decompositions(hand)
    assert sum(r.form == "standard" for r in rs) == n_standard
    assert any(r.form == "seven_pairs" for r in rs) == seven_pairs
    assert mj.is_complete(hand) == (n_standard > 0 or seven_pairs)


def test_seven_pairs_is_chinese_not_riichi():
    # a quad is two pairs (暗七对/龙七对), unlike riichi's distinct pairs
    assert mj.is_complete("11112233445577m", form="seven_pairs")
    assert not mj.is_complete("11112233445577m", form="standard")
    assert not mj.is_complete("11223344556679m", form="seven_pairs")


@given(st.lists(st.integers(0, 26), min_size=14, max_size=14))
@settings(max_examples=300, deadline=None)
def test_complete_property(tiles):
    c = np.bincount(tiles, minlength=34).astype(np.int8)
    if c.max() > 4:
        return
    assert mj.is_complete(c) == naive.is_complete(c)
