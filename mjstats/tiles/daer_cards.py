"""Da Er (大贰) cards: the 80-card deck and its notation, beside the mahjong tile sets.

Twenty kinds, four copies of each, in one count vector of length 20::

    0-9    小 一 二 三 四 五 六 七 八 九 十   (small, written 1x … Tx)
    10-19  大 壹 贰 叁 肆 伍 陆 柒 捌 玖 拾   (big,   written 1d … Td)

The red cards (红) are 二 七 十 and 贰 柒 拾 (kinds 1 6 9 11 16 19); all others
are black (乌).

Notation
--------
*Chinese*: the numerals themselves say the case: ``一二三贰柒拾`` is 一 二 三 (small)
and 贰 柒 拾 (big).  Traditional forms (貳 參 叄 陸 …) are read too, and a 小 or 大
written before a numeral sets its case, as the seed writes "小二" and "小三"
(``大二`` is 贰).

*Compact ASCII*: digits ``1``-``9`` and ``T`` (or ``t``/``0``) for ten, each run of
digits closed by a case letter, ``x`` for 小 (xiao) or ``d`` for 大 (da):
``123x27Td`` is 一二三 贰柒拾.  :func:`format` writes this form by default; the
two forms may be mixed and both are read back by :func:`parse`.

Melds (``pong 柒``, ``chi 123x``) are read by :func:`mjstats.daer.groups.parse_meld`,
beside the 列 they form.
"""

from __future__ import annotations

import numpy as np

from mjstats._checks import count_vector, is_int
from mjstats.errors import HandError, NotationError
from mjstats.tiles.notation import halfwidth

N_KINDS = 20
"""Length of a Da Er count vector."""
COPIES = 4
"""Copies of each kind."""
N_CARDS = N_KINDS * COPIES
"""Cards in the deck (80)."""
SMALL = tuple(range(10))
"""Kinds of the small cards 一…十."""
BIG = tuple(range(10, 20))
"""Kinds of the big cards 壹…拾."""
RED_KINDS = (1, 6, 9, 11, 16, 19)
"""二 七 十 贰 柒 拾."""
IS_RED = np.zeros(N_KINDS, dtype=np.bool_)
IS_RED[list(RED_KINDS)] = True
IS_RED.setflags(write=False)
IS_BIG = np.zeros(N_KINDS, dtype=np.bool_)
IS_BIG[10:] = True
IS_BIG.setflags(write=False)

SMALL_ZH = "一二三四五六七八九十"
BIG_ZH = "壹贰叁肆伍陆柒捌玖拾"
_ASCII_DIGITS = "123456789T"
_BIG_ALIASES = {"貳": 1, "參": 2, "叄": 2, "陸": 5, "柒": 6, "玖": 8}
_CASE_LETTERS = {"x": 0, "X": 0, "d": 10, "D": 10}
_SEPARATORS = set(" \t\n,;|-_/+、，")

DECK = np.repeat(np.arange(N_KINDS, dtype=np.int8), COPIES)
"""The 80 cards as kind indices, ``DECK[4 * k : 4 * k + 4] == k``."""
DECK.setflags(write=False)


def kind_name(kind: int) -> str:
    """Compact ASCII name of a kind: ``0 -> "1x"``, ``19 -> "Td"``.

    Examples
    --------
    >>> kind_name(0), kind_name(9), kind_name(11)
    ('1x', 'Tx', '2d')
    """
    k = _check_kind(kind)
    return _ASCII_DIGITS[k % 10] + ("d" if k >= 10 else "x")


def kind_name_zh(kind: int) -> str:
    """Chinese numeral of a kind: ``0 -> "一"``, ``11 -> "贰"``.

    Examples
    --------
    >>> kind_name_zh(6), kind_name_zh(16)
    ('七', '柒')
    """
    k = _check_kind(kind)
    return SMALL_ZH[k] if k < 10 else BIG_ZH[k - 10]


def _check_kind(kind) -> int:
    if not is_int(kind):
        raise NotationError(
            f"a card kind is an integer 0-19, got {kind!r} ({type(kind).__name__})"
        )
    k = int(kind)
    if not 0 <= k < N_KINDS:
        raise NotationError(f"card kind {k} is outside 0-{N_KINDS - 1}")
    return k


def _quote(text: str) -> str:
    """``repr(text)`` for a message, shortened in the middle when the text is long."""
    if len(text) <= 60:
        return repr(text)
    return f"{text[:24] + '…' + text[-24:]!r} ({len(text):,} characters)"


def _parse_kinds(text: str, counts: list[int] | None = None) -> list[int]:
    """Kinds in the order written.

    With ``counts`` (a list of 20 zeros), every card is counted as it is read and
    a fifth copy raises :class:`HandError` at once, so no count can wrap around.
    """
    if not isinstance(text, str):
        raise NotationError(
            f"cards are written as a string, got {text!r} ({type(text).__name__})"
        )
    kinds = _Kinds(text, counts)
    pending: list[tuple[int, int]] = []  # (number 0-9, position) awaiting x/d
    case_prefix: tuple[int, int] | None = None  # (offset, position) of a 小/大 prefix
    for pos, ch in enumerate(halfwidth(text)):  # full-width 1２x, ideographic space
        if case_prefix is not None and ch not in SMALL_ZH and ch not in BIG_ZH \
                and ch not in _BIG_ALIASES:
            raise NotationError(
                f"{text[case_prefix[1]]!r} at position {case_prefix[1]} of {_quote(text)} must be "
                f"followed by a Chinese numeral (小二, 大三), got {ch!r}"
            )
        if ch.isascii() and (ch.isdigit() or ch in "Tt"):
            number = 9 if ch in "Tt0" else int(ch) - 1
            pending.append((number, pos))
        elif ch in _CASE_LETTERS:
            if not pending:
                raise NotationError(
                    f"case letter {ch!r} at position {pos} of {_quote(text)} has no digits "
                    f"before it"
                )
            for n, npos in pending:
                kinds.add(n + _CASE_LETTERS[ch], npos)
            pending.clear()
        elif ch in "小大":
            if pending:
                raise NotationError(
                    f"digits before {ch!r} at position {pos} of {_quote(text)} have no case letter "
                    f"(x for 小, d for 大)"
                )
            case_prefix = (0 if ch == "小" else 10, pos)
        elif ch in SMALL_ZH or ch in BIG_ZH or ch in _BIG_ALIASES:
            if pending:
                raise NotationError(
                    f"digits before {ch!r} at position {pos} of {_quote(text)} have no case letter "
                    f"(x for 小, d for 大)"
                )
            if ch in SMALL_ZH:
                number, offset = SMALL_ZH.index(ch), 0
            elif ch in BIG_ZH:
                number, offset = BIG_ZH.index(ch), 10
            else:
                number, offset = _BIG_ALIASES[ch], 10
            if case_prefix is not None:
                offset = case_prefix[0]
                case_prefix = None
            kinds.add(number + offset, pos)
        elif ch in _SEPARATORS:
            continue
        else:
            raise NotationError(
                f"unknown character {ch!r} at position {pos} of {_quote(text)}; expected Chinese "
                f"numerals (一…十, 壹…拾) or digits 1-9/T closed by x (小) or d (大)"
            )
    if case_prefix is not None:
        raise NotationError(
            f"{_quote(text)} ends with {text[case_prefix[1]]!r} and no numeral after it"
        )
    if pending:
        digits = "".join(_ASCII_DIGITS[n] for n, _ in pending)
        raise NotationError(
            f"digits {_quote(digits)} at the end of {_quote(text)} have no case letter "
            f"(x for 小, d for 大)"
        )
    return kinds.kinds


class _Kinds:
    """The kinds read so far and, when asked, their counts (a fifth copy is an error)."""

    def __init__(self, text: str, counts: list[int] | None) -> None:
        self.text = text
        self.counts = counts
        self.kinds: list[int] = []

    def add(self, kind: int, pos: int) -> None:
        if self.counts is not None:
            if self.counts[kind] >= COPIES:
                raise HandError(
                    f"{_quote(self.text)} holds {self.counts[kind] + 1} copies of "
                    f"{kind_name_zh(kind)} ({kind_name(kind)}) at position {pos}; the deck has "
                    f"only {COPIES}"
                )
            self.counts[kind] += 1
        self.kinds.append(kind)


def parse(text: str) -> np.ndarray:
    """Read cards into a count vector of shape ``(20,)`` and dtype ``int8``.

    Parameters
    ----------
    text : str
        Chinese numerals (``"一二三贰柒拾"``, ``"小二 大三"``), compact ASCII
        (``"123x27Td"``) or both mixed.  Spaces and commas are ignored.

    Returns
    -------
    numpy.ndarray
        Counts indexed by kind (0-9 小, 10-19 大).

    Raises
    ------
    NotationError
        Unknown character, digits without a case letter.
    HandError
        A fifth copy of a card.

    Examples
    --------
    >>> h = parse("一二三贰柒拾")
    >>> format(h), format(h, "zh")
    ('123x27Td', '一二三贰柒拾')
    >>> int(parse("小二 大二 2x")[1])
    2
    """
    counts = [0] * N_KINDS
    _parse_kinds(text, counts)
    return np.array(counts, dtype=np.int8)


def parse_card(text: str) -> int:
    """Read one card and return its kind index.

    Examples
    --------
    >>> parse_card("柒"), parse_card("Tx"), parse_card("大二")
    (16, 9, 11)
    """
    kinds = _parse_kinds(text)
    if len(kinds) != 1:
        raise NotationError(f"{_quote(text)} is not one card (it holds {len(kinds)})")
    return kinds[0]


def format(counts, style: str = "compact") -> str:  # noqa: A001
    """Write a count vector as text.

    Parameters
    ----------
    counts : array_like of int, shape (20,)
        A count vector.
    style : {"compact", "zh"}
        ``"compact"``: ``123x27Td`` (small cards first); ``"zh"``: Chinese
        numerals without separators (``一二三贰柒拾``).  Both are read back by
        :func:`parse`.

    Examples
    --------
    >>> format(parse("拾拾十一"), "zh")
    '一十拾拾'
    """
    c = as_counts(counts)
    if style == "compact":
        parts = []
        for lo, letter in ((0, "x"), (10, "d")):
            digits = "".join(_ASCII_DIGITS[k - lo] * int(c[k]) for k in range(lo, lo + 10))
            if digits:
                parts.append(digits + letter)
        return "".join(parts)
    if style == "zh":
        return "".join(kind_name_zh(k) * int(c[k]) for k in range(N_KINDS))
    raise NotationError(f"unknown style {style!r}; expected 'compact' or 'zh'")


def as_counts(hand, what: str = "hand") -> np.ndarray:
    """Return ``hand`` (notation or count vector) as a checked ``int8`` count vector.

    Raises
    ------
    HandError
        Wrong shape or dtype, negative counts, more than four copies.

    Examples
    --------
    >>> as_counts("一一壹").tolist()[:2]
    [2, 0]
    """
    if isinstance(hand, str):
        return parse(hand)
    return count_vector(hand, N_KINDS, COPIES, _card_name, f"a Da Er {what}",
                        notation="'一二三壹贰叁'")


def _card_name(kind: int) -> str:
    """A card in an error message: ``柒 (7d)``."""
    return f"{kind_name_zh(kind)} ({kind_name(kind)})"
