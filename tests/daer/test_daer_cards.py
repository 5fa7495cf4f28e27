import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjstats import daer
from mjstats.errors import HandError, NotationError, RuleError


def test_deck():
    assert daer.N_CARDS == 80 and daer.DECK.shape == (80,)
    assert np.bincount(daer.DECK, minlength=20).tolist() == [4] * 20
    assert daer.RED_KINDS == (1, 6, 9, 11, 16, 19)
    assert "".join(daer.kind_name_zh(k) for k in daer.RED_KINDS) == "二七十贰柒拾"


@pytest.mark.parametrize(
    "text, compact",
    [
        ("一二三贰柒拾", "123x27Td"),
        ("123x27Td", "123x27Td"),
        ("十拾", "TxTd"),
        ("0x 0d", "TxTd"),  # 0 is an alias of T
        ("小二大二", "2x2d"),  # the seed's 小二; 大二 = 贰
        ("貳參陸", "236d"),  # traditional numerals
        ("一, 二、壹 2x", "122x1d"),  # separators, mixed forms
    ],
)
def test_parse_forms(text, compact):
    assert daer.format(daer.parse(text)) == compact


@given(st.lists(st.integers(0, 4), min_size=20, max_size=20))
@settings(max_examples=200, deadline=None)
def test_round_trip(counts):
    c = np.array(counts, dtype=np.int8)
    for style in ("compact", "zh"):
        assert daer.parse(daer.format(c, style)).tolist() == counts


@pytest.mark.parametrize(
    "text, err, words",
    [
        ("一二三a", NotationError, "unknown character 'a'"),
        ("123", NotationError, "no case letter"),
        ("x", NotationError, "no digits before it"),
        ("一一一一一", HandError, "5 copies of 一"),
        ("小", NotationError, "no numeral after it"),
        ("小x", NotationError, "followed by a Chinese numeral"),
        ("12一", NotationError, "no case letter"),
    ],
)
def test_parse_errors(text, err, words):
    with pytest.raises(err, match=words):
        daer.parse(text)


def test_parse_card_and_names():
    assert daer.parse_card("柒") == 16
    assert daer.kind_name(19) == "Td" and daer.kind_name_zh(19) == "拾"
    with pytest.raises(NotationError, match="not one card"):
        daer.parse_card("一二")
    with pytest.raises(NotationError, match="outside 0-19"):
        daer.kind_name(20)


def test_as_counts_errors():
    with pytest.raises(HandError, match="shape"):
        daer.as_counts(np.zeros(34, dtype=np.int8))
    bad = np.zeros(20, dtype=np.int8)
    bad[3] = -1
    with pytest.raises(HandError, match="negative"):
        daer.as_counts(bad)
    bad[3] = 5
    with pytest.raises(HandError, match="5 copies of 四"):
        daer.as_counts(bad)


@pytest.mark.parametrize(
    "text, verb, kind, n",
    [
        ("pong 柒", "pong", 16, 3),
        ("碰 七", "pong", 6, 3),
        ("zhao 3x", "zhao", 2, 4),
        ("long 拾", "long", 19, 4),
        ("垅 十", "long", 9, 4),
        ("chi 一二三", "chi", 0, 3),
        ("chi 贰柒拾", "chi", 11, 3),
        ("吃 一一壹", "chi", 0, 3),  # 绞 小小大
        ("chi 壹壹一", "chi", 0, 3),  # 绞 大大小
    ],
)
def test_parse_meld(text, verb, kind, n):
    m = daer.parse_meld(text)
    assert (m.verb, m.kind, int(m.counts.sum())) == (verb, kind, n)


@pytest.mark.parametrize(
    "text, err, words",
    [
        ("chi 一二四", RuleError, "not a 列"),
        ("chi 一一", RuleError, "three cards"),
        ("chi 二七拾", RuleError, "not a 列"),  # red run must be one case
        ("pong 一二", RuleError, "names one card"),
        ("peel 一", NotationError, "must start with"),
    ],
)
def test_parse_meld_errors(text, err, words):
    with pytest.raises(err, match=words):
        daer.parse_meld(text)
