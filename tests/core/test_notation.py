import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjstats as mj


def test_compact_round_trip_and_index():
    h = mj.parse("123m456p789s1122z")
    assert h.dtype == np.int8 and h.shape == (34,)
    assert h[0] == h[1] == h[2] == 1  # 1m 2m 3m
    assert h[12] == h[13] == h[14] == 1  # 4p 5p 6p
    assert h[24] == h[25] == h[26] == 1  # 7s 8s 9s
    assert h[27] == h[28] == 2  # 东 南
    assert mj.format(h) == "123m456p789s1122z"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("一万 二万 五筒 九条 中 发 白 东", "12m5p9s1567z"),
        ("1133446677万5588筒", "1133446677m5588p"),
        ("111222333万78999筒", "111222333m78999p"),
        ("11123777888999铜", "11123777888999p"),  # the seed's typo for 筒
        ("東南西北白發中", "1234567z"),
        ("🀇🀈🀉🀙🀐🀀🀄", "123m1p1s17z"),
    ],
)
def test_chinese_and_glyph_forms(text, expected):
    assert mj.format(mj.parse(text)) == expected


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
@settings(max_examples=200, deadline=None)
def test_round_trip_all_styles(counts):
    h = np.array(counts, dtype=np.int8)
    for style in ("compact", "zh", "unicode"):
        assert (mj.parse(mj.format(h, style)) == h).all()


@given(st.text(alphabet="123456789mpsz", max_size=24))
@settings(max_examples=2000, deadline=None)
def test_compact_reader_agrees_with_the_general_one(text):
    """The fast reader of compact notation in suit order (``_read_compact``) gives the
    general reader's counts wherever it answers, and answers for every hand ``format``
    writes; it leaves a fifth copy, suits out of order and stray digits to the
    general reader, whose messages say where."""
    from mjstats.tiles import notation as N

    fast = N._read_compact(text)
    try:
        general = bytes(N._read_any(text))
    except mj.MjStatsError:
        assert fast is None
        return
    assert fast is None or fast == general
    h = np.frombuffer(general, dtype=np.int8)
    assert N._read_compact(mj.format(h)) == general


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("123x", "unknown character 'x' at position 3"),
        ("1234", "have no suit letter"),
        ("8z", "8z at position 0"),
        ("0m", "0m at position 0"),
        ("m", "has no digits before it"),
        ("11111m", "5 copies of 1m"),
        ("12中", "have no suit letter"),
    ],
)
def test_bad_notation_names_the_problem(text, fragment):
    with pytest.raises(mj.MjStatsError, match=fragment):
        mj.parse(text)


def test_tileset_membership():
    with pytest.raises(mj.HandError, match="1z.*sichuan"):
        mj.parse("123m1z", tileset="sichuan")
    with pytest.raises(mj.HandError, match="1z.*guangan"):
        mj.parse("123m1z", tileset="guangan")
    assert mj.parse("123m7z", tileset="guangan")[33] == 1
    assert mj.parse("123m1z", tileset="liuzhou")[27] == 1
    assert [mj.tileset(n).n_tiles for n in ("sichuan", "guangan", "liuzhou")] == [108, 120, 136]
    with pytest.raises(mj.HandError, match="unknown tile set 'riichi'"):
        mj.tileset("riichi")


def test_hand_size_errors():
    with pytest.raises(mj.HandError, match="12 tiles"):
        mj.shanten("123456789m123p")
    with pytest.raises(mj.HandError, match="13 - 3k"):
        mj.waits("123456789m12355p")
    with pytest.raises(mj.HandError, match="14 - 3k"):
        mj.is_complete("123456789m1235p")
    with pytest.raises(mj.HandError, match="5 copies"):
        mj.shanten(np.array([5] + [0] * 33))


def test_names():
    assert [mj.kind_name(k) for k in (0, 9, 18, 27, 33)] == ["1m", "1p", "1s", "1z", "7z"]
    assert [mj.kind_name_zh(k) for k in (0, 17, 26, 31, 32, 33)] == [
        "一万", "九筒", "九条", "白", "发", "中"]
    assert mj.kind_glyph(0) == "\U0001F007" and mj.kind_glyph(33) == "\U0001F004"
