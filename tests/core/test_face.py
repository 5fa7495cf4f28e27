"""The per-hand functions' fast path: an ``int8`` (34,) count vector straight to the kernel.

``mj.shanten(h)``, ``mj.waits(h)``, ``mj.is_complete(h)`` on a plain ``int8``
vector call a compiled entry point that checks the counts itself; any other
input (an ``int64`` vector, a list, a strided view) is converted and checked in
Python first and reaches the kernels through their dispatchers.  The two paths
must agree on every hand and fail with the same message on every bad one.
"""

import naive
import numpy as np
import pytest

import mjstats as mj
from mjstats.core.codes import as_hand, plain
from tests.random_hands import any_size, less_one

FORMS = ("standard", "seven_pairs", "any")


def _slow(h):
    """The same counts as an ``int64`` vector: not plain, so checked in Python."""
    return h.astype(np.int64)


def _ready(rng, n):
    """Ready hands of every size 13 - 3k: complete hands less one tile."""
    return less_one(rng, any_size(rng, n))


@pytest.fixture(scope="module")
def sample():
    """Seeded hands of 14 - 3k and 13 - 3k tiles: random deals, complete and ready hands."""
    rng = np.random.default_rng(19)
    complete = np.array(any_size(rng, 1500))          # 2, 5, 8, 11, 14 tiles
    ready = _ready(rng, 1500)                                 # 1, 4, 7, 10, 13 tiles
    deals = np.concatenate([mj.deal(1500, "liuzhou", 13, seed=5),
                            mj.deal(1500, "guangan", 14, seed=6)])
    return {"complete": complete, "ready": ready, "deals": deals}


def test_shanten_fast_equals_slow(sample):
    for H in sample.values():
        for form in FORMS:
            batch = mj.shanten_many(H, form)
            for h, b in zip(H, batch, strict=True):
                assert plain(h)
                fast = mj.shanten(h, form)
                assert type(fast) is int
                assert fast == mj.shanten(_slow(h), form) == b, (mj.format(h), form)
    for h in sample["ready"][:300]:  # the notation path reads a string once, then the fast path
        assert mj.shanten(mj.format(h)) == mj.shanten(h.tolist())


def test_waits_fast_equals_slow(sample):
    rng = np.random.default_rng(7)
    waiting = np.concatenate([sample["ready"], sample["deals"][sample["deals"].sum(1) == 13]])
    ready = 0
    for h, mask in zip(waiting, mj.waits_many(waiting), strict=True):
        fast = mj.waits(h)
        assert fast == mj.waits(_slow(h)), mj.format(h)
        assert list(fast) == [mj.kind_name(k) for k in np.flatnonzero(mask)]
        ready += bool(fast)
        # visible tiles: any that the hand leaves, dead waits included
        vis = rng.integers(0, 5 - h, dtype=np.int8)
        assert mj.waits(h, visible=vis) == mj.waits(_slow(h), visible=vis.astype(np.int64))
        assert mj.wait_width(h, visible=vis) == mj.wait_width(_slow(h), visible=vis)
    assert ready > 1400
    for h in sample["ready"][:200]:
        assert [mj.parse(k).argmax() for k in mj.waits(h)] == naive.waits(h), mj.format(h)


def test_is_complete_fast_equals_slow(sample):
    complete = np.concatenate([sample["complete"], sample["deals"][sample["deals"].sum(1) == 14]])
    for form in FORMS:
        batch = mj.is_complete_many(complete, form)
        for h, b in zip(complete, batch, strict=True):
            fast = mj.is_complete(h, form)
            assert type(fast) is bool
            assert fast == mj.is_complete(_slow(h), form) == b, (mj.format(h), form)


def test_shapes_and_readings_take_plain_vectors(sample):
    for h in sample["ready"][:300]:
        assert mj.wait_shapes(h) == mj.wait_shapes(_slow(h))
        assert mj.wait_shapes(h, by_tile=True, lang="en") == mj.wait_shapes(
            mj.format(h), by_tile=True, lang="en")
        bits, tiles = mj.wait_shape_bits(h)
        assert type(bits) is int and tiles.dtype == np.int64
    for h in sample["complete"][:300]:
        assert mj.decompositions(h) == mj.decompositions(_slow(h))


def test_strided_and_read_only_vectors():
    h = mj.parse("123m456p789s1122z")
    wide = np.zeros(68, dtype=np.int8)
    wide[::2] = h
    view = wide[::2]                      # shape (34,), stride 2: not plain, converted
    ro = h.copy()
    ro.setflags(write=False)              # plain: the kernels never write a hand
    assert not plain(view) and plain(ro)
    for x in (view, ro, h.tolist(), tuple(h)):
        assert mj.shanten(x) == 0
        assert mj.waits(x) == {"1z": 2, "2z": 2}
    assert mj.is_complete(np.append(h[:27], [3, 2, 0, 0, 0, 0, 0]).astype(np.int8))


def _bad(counts):
    h = np.zeros(34, dtype=np.int8)
    for k, c in counts.items():
        h[k] = c
    return h


# each row: the function, a bad int8 vector, the words its error must hold
BAD = [
    (mj.shanten, _bad({0: 5, 1: 4, 2: 4}), "holds 5 copies of 1m; there are only 4"),
    (mj.shanten, _bad({0: -1, 1: 4, 2: 4, 3: 4, 4: 2}), r"negative count \(-1\) of 1m"),
    (mj.shanten, _bad({0: 4, 1: 4, 2: 4}), "a hand of 12 tiles cannot be analysed"),
    (mj.shanten, _bad({k: 1 for k in range(15)}), "a hand of 15 tiles"),
    (mj.shanten, _bad({}), "a hand of 0 tiles"),
    (mj.waits, _bad({0: 4, 1: 4, 2: 4, 3: 2}), "a hand of 14 tiles cannot be analysed: "
                                                "expected 13"),
    (mj.waits, _bad({33: 5}), "5 copies of 7z"),
    (mj.waits, _bad({5: -3, 0: 4, 1: 4, 2: 4, 3: 4}), r"negative count \(-3\) of 6m"),
    (mj.wait_width, _bad({0: 1, 1: 1}), "a hand of 2 tiles"),
    (mj.is_complete, _bad({0: 4, 1: 4, 2: 4, 3: 1}), "a hand of 13 tiles cannot be analysed: "
                                                     "expected 14"),
    (mj.is_complete, _bad({0: 6, 1: 4, 2: 4}), "6 copies of 1m"),
    (mj.wait_shapes, _bad({0: 3}), "a hand of 3 tiles"),
    (mj.decompositions, _bad({0: 2, 1: -1, 2: 2}), r"negative count \(-1\) of 2m"),
]


@pytest.mark.parametrize("fn, h, words", BAD, ids=[f"{f.__name__}-{w[:22]}" for f, _, w in BAD])
def test_bad_counts_raise_the_same_error_on_both_paths(fn, h, words):
    assert plain(h)
    with pytest.raises(mj.HandError, match=words) as fast:
        fn(h)
    with pytest.raises(mj.HandError) as slow:
        fn(_slow(h))
    assert str(fast.value) == str(slow.value)
    assert "\n" not in str(fast.value)


@pytest.mark.parametrize(
    "x, words",
    [
        (np.zeros(34, dtype=np.float64), "holds integers, got dtype float64"),
        (np.zeros(35, dtype=np.int8), r"shape \(34,\), got an array of shape \(35,\) and "
                                      r"dtype int8"),
        (np.zeros((1, 34), dtype=np.int8), r"shape \(34,\), got an array of shape \(1, 34\)"),
        (None, r"notation \('123m456p'\) or a count vector of shape \(34,\), got None "
               r"\(NoneType\)"),
        (b"123m", r"got b'123m' \(bytes\)"),
        (np.zeros(17, dtype=np.int16).view(np.int8), "a hand of 0 tiles"),  # (34,) int8 view
        (np.full(34, 260, dtype=np.int64), "260 copies of 1m"),  # would wrap to 4 as int8
    ],
)
def test_wrong_dtype_or_shape(x, words):
    for fn in (mj.shanten, mj.waits, mj.is_complete):
        with pytest.raises(mj.HandError, match=words):
            fn(x)


def test_tileset_and_form_are_still_checked():
    h = mj.parse("123m456p789s1122z")
    with pytest.raises(mj.HandError, match="sichuan tile set"):
        mj.shanten(h, tileset="sichuan")
    with pytest.raises(mj.HandError, match="sichuan tile set"):
        mj.waits(h, tileset="sichuan")
    with pytest.raises(mj.MjStatsError, match="unknown form 'regular'"):
        mj.shanten(h, form="regular")
    with pytest.raises(mj.MjStatsError, match="unknown form"):
        mj.is_complete(h, form=["any"])
    with pytest.raises(mj.HandError, match="together hold 5 copies of 1z"):
        mj.waits(h, visible="111z")


def test_as_hand_returns_a_copy():
    h = mj.parse("123m456p789s1122z")
    c = as_hand(h)
    assert c is not h and (c == h).all()
    c[0] = 4
    assert h[0] == 1


def test_parse_cache_hands_out_fresh_arrays():
    a = mj.parse("123m456p789s1122z")
    a[0] += 1
    b = mj.parse("123m456p789s1122z")
    assert b[0] == 1 and b.flags.writeable and b is not a
    with pytest.raises(mj.HandError, match="5 copies of 1m"):
        mj.parse("11111m")
    with pytest.raises(mj.HandError, match="5 copies of 1m"):  # errors are not cached away
        mj.parse("11111m")


def test_batch_rejects_a_row_of_the_wrong_size():
    H = mj.deal(4, "sichuan", 13, seed=1)
    H[2, np.flatnonzero(H[2])[0]] -= 1
    for form in FORMS:
        with pytest.raises(mj.HandError, match=r"row 2 has 12 tiles; a hand has 3k\+1 or 3k\+2"):
            mj.shanten_many(H, form)
    H[2] = 0
    H[2, :5] = 3
    with pytest.raises(mj.HandError, match="row 2 has 15 tiles"):
        mj.shanten_many(H)
