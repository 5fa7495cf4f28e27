import naive
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjstats as mj

mahjong_shanten = pytest.importorskip("mahjong.shanten").Shanten


def _suits_only_hands(rng, n):
    """Hands concentrated on few kinds, so quads and four-copy limits are common."""
    out = []
    while len(out) < n:
        size = int(rng.choice([14, 13, 11, 10, 8, 7, 5, 4, 2, 1]))
        kinds = rng.choice(27, size=int(rng.integers(1, 8)), replace=False)
        c = np.zeros(34, dtype=np.int8)
        for k in rng.choice(kinds, size=40):
            if c.sum() == size:
                break
            if c[k] < 4:
                c[k] += 1
        if c.sum() == size:
            out.append(c)
    return np.array(out)


def test_standard_shanten_agrees_with_mahjong_package(rng):
    """Suits-only hands: ours and the `mahjong` package's regular-hand shanten agree.

    Both count the exchanges to four melds and a pair (its "pair alone is
    complete" convention is our ``14 - 3k`` rule) and neither assumes a fifth
    copy, so there is no definitional difference on the standard form.  (Its
    seven pairs needs distinct pairs; ours is the Chinese form, so the forms
    are only compared on the standard shape.)
    """
    deals = np.concatenate(
        [mj.deal(4000, "sichuan", 13, seed=1), mj.deal(4000, "sichuan", 14, seed=2)]
    )
    skewed = _suits_only_hands(rng, 6000)
    for H in (deals, skewed):
        ours = mj.shanten_many(H, form="standard")
        for i in range(len(H)):
            theirs = mahjong_shanten.calculate_shanten_for_regular_hand(H[i].tolist())
            assert ours[i] == theirs, mj.format(H[i])


@pytest.mark.parametrize(
    "hand, form, expected",
    [
        ("1111m", "standard", 1),        # 1m would be a fifth copy: not ready
        ("1111m2222m3333m4m", "standard", 0),
        ("1111m2222m3333m4m", "seven_pairs", 0),
        ("11112222333344m", "standard", -1),
        ("11223344556677m", "standard", -1),
        ("1122334455667m", "seven_pairs", 0),
        ("1111222233334m", "seven_pairs", 0),     # 4m single: quads are two pairs each
        ("1111222233334m", "any", 0),
        ("19m19p19s1234567z", "standard", 8),
        ("147m258p369s1234z", "seven_pairs", 6),
        ("147m258p369s1234z", "any", 6),
        ("1m", "standard", 0),
        ("12m", "standard", 0),
        ("13m", "standard", 0),
        ("19m", "standard", 0),       # two tiles: one exchange makes the pair
        ("1399m", "standard", 0),
        ("1479m", "standard", 1),
    ],
)
def test_shanten_table(hand, form, expected):
    assert mj.shanten(hand, form=form) == expected


def test_seven_pairs_needs_thirteen_tiles():
    assert mj.shanten("1122m", form="seven_pairs") == 127
    assert mj.shanten("1122m", form="any") == mj.shanten("1122m", form="standard") == 0


def test_shanten_against_definition(rng):
    """Low-shanten hands: the kernel equals the exchange-count definition."""
    H = _suits_only_hands(rng, 150)
    for form in ("standard", "seven_pairs", "any"):
        fast = mj.shanten_many(H, form=form)
        for h, s in zip(H, fast, strict=True):
            if h.sum() < 13 and form != "standard":
                continue
            kinds = sorted({9 * (k // 9) + r for k in np.flatnonzero(h) for r in range(9)})
            ref = naive.shanten_at_most(h, 1, form=form, kinds=kinds)
            assert min(int(s), 2) == ref, (mj.format(h), form)


@given(st.lists(st.integers(0, 33), min_size=13, max_size=13), st.integers(0, 33))
@settings(max_examples=300, deadline=None)
def test_one_draw_changes_shanten_by_at_most_one(tiles, extra):
    c = np.bincount(tiles, minlength=34).astype(np.int8)
    if c.max() > 4 or c[extra] == 4:
        return
    s13 = mj.shanten(c)
    c[extra] += 1
    s14 = mj.shanten(c)
    assert s13 - 1 <= s14 <= s13
    for x in np.flatnonzero(c):
        d = c.copy()
        d[x] -= 1
        assert s14 <= mj.shanten(d) <= s14 + 1


def test_batch_matches_single_and_thread_count():
    import numba

    H = mj.deal(20000, "liuzhou", 13, seed=4)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = mj.shanten_many(H)
        numba.set_num_threads(before)
        many = mj.shanten_many(H)
    finally:
        numba.set_num_threads(before)
    assert (one == many).all()
    assert all(mj.shanten(H[i]) == one[i] for i in range(0, 20000, 997))


def test_lookup_path_equals_the_table_product_for_every_form_and_size(rng):
    """13- and 14-tile hands go through the Overlap4 lookups, smaller ones through the
    max-plus product of the rows: both equal the per-hand kernel on every row, for
    hands of every size, dealt ones and pair-heavy ones (seven pairs, quads)."""
    from mjstats.core.shanten import _shanten
    from mjstats.core.tables import tables

    hands = [mj.deal(3000, ts, n, seed=n) for ts in ("sichuan", "liuzhou") for n in (13, 14)]
    for n in range(1, 15):
        w = rng.permuted(np.tile(np.arange(136), (2000, 1)), axis=1)[:, :n] // 4
        hands.append(np.array([np.bincount(r, minlength=34) for r in w], dtype=np.int8))
    pairs = []
    for _ in range(3000):  # 13/14 tiles from few kinds: many pairs and quads
        kinds = rng.choice(34, size=int(rng.integers(4, 9)), replace=False)
        c = np.zeros(34, dtype=np.int8)
        while c.sum() < 13 + int(rng.integers(0, 2)):
            k = rng.choice(kinds)
            c[k] += c[k] < 4
        pairs.append(c)
    hands.append(np.array(pairs))
    H = np.concatenate([h for h in hands if len(h)])
    H = H[H.sum(axis=1) % 3 != 0]
    T = tables()
    for code, form in enumerate(("standard", "seven_pairs", "any")):
        got = mj.shanten_many(H, form=form)
        want = np.array([_shanten(h, code, T) for h in H])
        assert np.array_equal(got, want), form


def test_shipped_tables_are_the_dynamic_programme_s(tmp_path, monkeypatch):
    """The shipped lookup tables expand to exactly what the programme computes.

    ``tables()`` and ``overlap4()`` read ``mjstats/core/*.npz`` (nothing compiled,
    nothing written: an empty ``MJSTATS_CACHE`` stays empty); ``compute_tables``
    and ``compute_overlap4`` are the dynamic programme and the kernels' max-plus
    products that the data was written from (``write_data``).
    """
    import importlib

    TM = importlib.import_module("mjstats.core.tables")
    S = importlib.import_module("mjstats.core.shanten")
    monkeypatch.setenv("MJSTATS_CACHE", str(tmp_path))
    for fn in (TM.tables, TM.shipped_ids, S.overlap4):
        fn.cache_clear()
    try:
        shipped, shipped4 = TM.tables(), S.overlap4()
    finally:
        for fn in (TM.tables, TM.shipped_ids, S.overlap4):
            fn.cache_clear()
    assert list(tmp_path.iterdir()) == []
    for got, want in ((shipped, TM.compute_tables()), (shipped4, S.compute_overlap4())):
        for name, a, b in zip(type(got)._fields, got, want, strict=True):
            assert a.dtype == b.dtype and np.array_equal(a, b), name
            assert not a.flags.writeable, name
    # the keys carry each suit's pairs and odd kinds
    code = sum(c * 5**r for r, c in enumerate([4, 2, 1, 0, 3, 0, 0, 0, 1]))
    key = int(shipped4.suit_key[code])
    assert ((key >> 8) & 7, key >> 11) == (min(2 + 1 + 1, 7), 1 + 1 + 1)
    # a suit's tally per code, as the kernels count it
    n, pairs, odd = TM.digit_tallies(9)
    assert (n[code], pairs[code], odd[code]) == (11, 2 + 1 + 1, 3)


