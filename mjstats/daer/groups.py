"""Groups (列) of Da Er, the melds on the table, and the readings of a hand as 列.

A 列 is one of

=========  ==========================================  =====
shape      cards                                        held
=========  ==========================================  =====
RUN        three consecutive numbers of one case        any
RED_RUN    二七十 or 贰柒拾                              any
JIAO_S     小小大 of one number (绞), e.g. 一一壹         any
JIAO_B     大大小 of one number (绞), e.g. 壹壹一         any
KAN        three alike, all held (坎)                    hand
PONG       three alike, one taken (碰)                   table
ZHAO       four alike, one taken (招)                    table
LONG       four alike, all held (垅)                     hand/table
PAIR       two alike (对): the pair a hand with 招/垅 needs
=========  ==========================================  =====

A group is an integer id ``shape * 20 + base`` where ``base`` is the lowest
card's kind (the small card's number for a 绞).  :data:`GROUP_CARDS` gives its
cards as a count vector.

A complete hand is 7 列 of three cards (21 cards) when it has no 招 or 垅, and
``k`` 招/垅, ``6 - k`` 列 of three and one pair (``20 + k`` cards) when it has
``k >= 1`` of them (see ``docs/rules/daer.md``).  :func:`readings` lists every way
to read the held cards as 列; the scorer picks the best one.

Melds are written ``pong X`` (碰), ``zhao X`` (招), ``long X`` (垅) and ``chi XYZ``
(吃, a run, 二七十 / 贰柒拾 or a 绞 大大小 / 小小大); the Chinese verbs 碰 招 垅 吃 work
too, e.g. ``"碰 柒"`` or ``"chi 123x"``.  :func:`parse_meld` reads them and checks
that a chi is a 列.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np

from mjstats._checks import meld_list
from mjstats._jit import kernel
from mjstats.errors import NotationError, RuleError
from mjstats.tiles.daer_cards import (
    IS_BIG,
    IS_RED,
    N_KINDS,
    _parse_kinds,
    _quote,
    as_counts,
    kind_name_zh,
)
from mjstats.tiles.daer_cards import format as format_cards


class Shape(IntEnum):
    """Shapes of 列 (group ids are ``shape * 20 + base kind``)."""

    RUN = 0
    RED_RUN = 1
    JIAO_S = 2
    JIAO_B = 3
    KAN = 4
    PONG = 5
    ZHAO = 6
    LONG = 7
    PAIR = 8


SHAPE_NAMES_ZH = ("顺", "二七十", "绞", "绞", "坎", "碰", "招", "垅", "对")
N_SHAPES = len(Shape)
# shape codes for the kernels, from the enum
_RUN = int(Shape.RUN)
_RED_RUN = int(Shape.RED_RUN)
_JIAO_S = int(Shape.JIAO_S)
_JIAO_B = int(Shape.JIAO_B)
_KAN = int(Shape.KAN)
_LONG = int(Shape.LONG)
_PAIR = int(Shape.PAIR)
N_GROUPS = N_SHAPES * N_KINDS
MAX_GROUPS = 8
"""Most 列 in a reading (seven 列 and a pair, or fewer with 招/垅)."""
MAX_READINGS = 512
"""Capacity of the readings buffer; no hand of 21-26 cards comes near it."""


def _build_cards() -> tuple[np.ndarray, np.ndarray]:
    cards = np.zeros((N_GROUPS, N_KINDS), dtype=np.int8)
    valid = np.zeros(N_GROUPS, dtype=np.bool_)
    for base in range(N_KINDS):
        num = base % 10
        if num <= 7:  # runs 一二三 … 八九十
            g = Shape.RUN * N_KINDS + base
            cards[g, base:base + 3] = 1
            valid[g] = True
        if num == 1:  # 二七十 / 贰柒拾
            g = Shape.RED_RUN * N_KINDS + base
            cards[g, [base, base + 5, base + 8]] = 1
            valid[g] = True
        if base < 10:  # 绞 of number base
            g = Shape.JIAO_S * N_KINDS + base
            cards[g, base], cards[g, base + 10] = 2, 1
            valid[g] = True
            g = Shape.JIAO_B * N_KINDS + base
            cards[g, base], cards[g, base + 10] = 1, 2
            valid[g] = True
        for shape, n in ((Shape.KAN, 3), (Shape.PONG, 3), (Shape.ZHAO, 4), (Shape.LONG, 4),
                         (Shape.PAIR, 2)):
            g = shape * N_KINDS + base
            cards[g, base] = n
            valid[g] = True
    cards.setflags(write=False)
    valid.setflags(write=False)
    return cards, valid


GROUP_CARDS, GROUP_VALID = _build_cards()
"""``GROUP_CARDS[g]``: count vector of group ``g``; ``GROUP_VALID[g]``: whether ``g`` exists."""
GROUP_SIZE = GROUP_CARDS.sum(axis=1).astype(np.int8)
GROUP_RED = (GROUP_CARDS * IS_RED).sum(axis=1).astype(np.int8)
"""Red cards in each group."""
GROUP_BIG = (GROUP_CARDS * IS_BIG).sum(axis=1).astype(np.int8)
"""Big (大) cards in each group."""
for _a in (GROUP_SIZE, GROUP_RED, GROUP_BIG):
    _a.setflags(write=False)


def group_id(shape: Shape | int, base: int) -> int:
    """Id of the group of ``shape`` with base kind ``base``.

    Examples
    --------
    >>> group_id(Shape.RED_RUN, 1), group_id(Shape.KAN, 16)
    (21, 96)
    """
    g = int(shape) * N_KINDS + int(base)
    if not (0 <= int(shape) < N_SHAPES and 0 <= int(base) < N_KINDS and GROUP_VALID[g]):
        raise ValueError(f"no group of shape {shape} with base kind {base}")
    return g


def group_name(g: int) -> str:
    """Chinese description of group ``g``, e.g. ``"坎柒"`` or ``"顺一二三"``.

    Examples
    --------
    >>> group_name(group_id(Shape.PONG, 16)), group_name(group_id(Shape.JIAO_B, 0))
    ('碰柒', '绞一壹壹')
    """
    shape = Shape(g // N_KINDS)
    cards = "".join(kind_name_zh(k) * int(GROUP_CARDS[g, k]) for k in range(N_KINDS))
    if shape in (Shape.KAN, Shape.PONG, Shape.ZHAO, Shape.LONG, Shape.PAIR):
        return SHAPE_NAMES_ZH[shape] + kind_name_zh(g % N_KINDS)
    if shape == Shape.RED_RUN:
        return cards
    return SHAPE_NAMES_ZH[shape] + cards


def chi_group(counts: np.ndarray) -> int:
    """Group id of three cards that form a 列 (run, 二七十, 绞), else ``-1``.

    Examples
    --------
    >>> from mjstats.tiles.daer_cards import parse
    >>> chi_group(parse("二七十")) == group_id(Shape.RED_RUN, 1)
    True
    >>> chi_group(parse("一一一"))
    -1
    """
    c = np.asarray(counts)
    for shape in (Shape.RUN, Shape.RED_RUN, Shape.JIAO_S, Shape.JIAO_B):
        for base in range(N_KINDS):
            g = shape * N_KINDS + base
            if GROUP_VALID[g] and np.array_equal(GROUP_CARDS[g], c):
                return g
    return -1


@kernel
def _option(c, i, opt, pair_used):
    """Group id of option ``opt`` (0-6) for lowest card ``i`` of ``c``, or -1 if impossible.

    Options: 0 run from i, 1 二七十 from i, 2 绞 小小大, 3 绞 大大小, 4 坎, 5 垅, 6 pair.
    """
    num = i % 10
    if opt == 0:
        if num <= 7 and c[i + 1] > 0 and c[i + 2] > 0:
            return _RUN * 20 + i
    elif opt == 1:
        if num == 1 and c[i + 5] > 0 and c[i + 8] > 0:
            return _RED_RUN * 20 + i
    elif opt == 2:
        if i < 10 and c[i] >= 2 and c[i + 10] >= 1:
            return _JIAO_S * 20 + i
    elif opt == 3:
        if i < 10 and c[i + 10] >= 2:
            return _JIAO_B * 20 + i
    elif opt == 4:
        if c[i] >= 3:
            return _KAN * 20 + i
    elif opt == 5:
        if c[i] >= 4:
            return _LONG * 20 + i
    elif opt == 6:
        if c[i] >= 2 and pair_used == 0:
            return _PAIR * 20 + i
    return -1


@kernel
def _apply(c, g, sign, cards):
    for k in range(20):
        c[k] -= sign * cards[g, k]


@kernel
def _readings(held, n_decl, n_decl_quads, allow_long, cards, out):
    """Write every reading of ``held`` as 列 into ``out`` (rows of group ids, -1 padded).

    ``n_decl`` melds are on the table, ``n_decl_quads`` of them 招/垅.  A reading is
    kept when the whole hand is 7 列 (no 招/垅) or 6 列 and a pair (with 招/垅).
    ``allow_long`` lets four held alike be read as a 垅.  Returns the number of
    readings, or ``-1`` when ``out`` is too small.  Iterative depth-first search:
    at each depth the lowest held card opens a group, options tried in order, and a
    group opened by the same card as the one before never takes an earlier option
    (so every multiset of 列 is listed once).
    """
    c = np.empty(20, dtype=np.int64)
    for k in range(20):
        c[k] = held[k]
    gid = np.full(8, -1, dtype=np.int64)
    opt = np.zeros(9, dtype=np.int64)
    low = np.full(9, -1, dtype=np.int64)
    opt[0] = -1
    n_out = 0
    d = 0
    pairs = 0
    longs = 0
    while d >= 0:
        i = -1
        for k in range(20):
            if c[k] > 0:
                i = k
                break
        advanced = False
        if i == -1:
            # all held cards placed: check the structure of the whole hand
            q = n_decl_quads + longs
            ng = n_decl + d - pairs
            ok = (q == 0 and pairs == 0 and ng == 7) or (q >= 1 and pairs == 1 and ng == 6)
            if ok:
                if n_out >= out.shape[0]:
                    return -1
                for j in range(out.shape[1]):
                    out[n_out, j] = gid[j] if j < d else -1
                n_out += 1
        elif d < 8:
            if opt[d] == -1:
                # groups opened by the same lowest card come in option order: no duplicates
                opt[d] = opt[d - 1] if d > 0 and low[d - 1] == i else 0
                low[d] = i
            while opt[d] < 7:
                o = opt[d]
                g = _option(c, i, o, pairs)
                if g >= 0 and (o != 5 or allow_long):
                    gid[d] = g
                    _apply(c, g, 1, cards)
                    if o == 6:
                        pairs += 1
                    elif o == 5:
                        longs += 1
                    d += 1
                    opt[d] = -1
                    advanced = True
                    break
                opt[d] += 1
        if not advanced:
            # backtrack: undo the group at depth d-1 and try its next option
            d -= 1
            if d >= 0:
                g = gid[d]
                _apply(c, g, -1, cards)
                if g // 20 == _PAIR:
                    pairs -= 1
                elif g // 20 == _LONG:
                    longs -= 1
                gid[d] = -1
                opt[d] += 1
    return n_out


class Meld(NamedTuple):
    """A meld on the table: ``verb`` is ``"pong"``, ``"zhao"``, ``"long"`` or ``"chi"``."""

    verb: str
    counts: np.ndarray
    """Count vector of the meld's cards."""
    kind: int
    """The card of a pong/zhao/long; the lowest card of a chi."""


_VERBS = {
    "pong": "pong", "peng": "pong", "碰": "pong",
    "zhao": "zhao", "招": "zhao",
    "long": "long", "垅": "long", "壠": "long", "拢": "long",
    "chi": "chi", "吃": "chi",
}


def parse_meld(text: str) -> Meld:
    """Read a meld written ``pong X``, ``zhao X``, ``long X`` or ``chi XYZ``.

    The chi's three cards must form a 列 (a run, 二七十 / 贰柒拾, or 大大小 /
    小小大 of one number); validity of the shape is checked here.

    Raises
    ------
    NotationError
        Unknown verb or cards.
    RuleError
        A chi that is not a 列, or a pong/zhao/long not naming exactly one card.

    Examples
    --------
    >>> m = parse_meld("pong 柒")
    >>> m.verb, m.kind, int(m.counts.sum())
    ('pong', 16, 3)
    >>> parse_meld("吃 一一壹").verb
    'chi'
    """
    if not isinstance(text, str):
        raise NotationError(f"a meld is written as a string, got {type(text).__name__}")
    s = text.strip()
    verb = None
    for key in sorted(_VERBS, key=len, reverse=True):
        if s.lower().startswith(key):
            verb = _VERBS[key]
            rest = s[len(key):]
            break
    if verb is None:
        raise NotationError(
            f"meld {_quote(text)} must start with pong/zhao/long/chi (碰/招/垅/吃)"
        )
    kinds = _parse_kinds(rest)
    counts = np.zeros(N_KINDS, dtype=np.int8)
    if verb in ("pong", "zhao", "long"):
        size = 3 if verb == "pong" else 4
        if len(set(kinds)) != 1 or len(kinds) not in (1, size):
            raise RuleError(
                f"{verb} names one card written once or {size} times, e.g. '{verb} 柒'; "
                f"got {_quote(text)}"
            )
        k = kinds[0]
        counts[k] = size
        return Meld(verb, counts, k)
    if len(kinds) != 3:
        raise RuleError(f"chi takes three cards forming a 列, got {len(kinds)} in {_quote(text)}")
    for k in kinds:
        counts[k] += 1
    if chi_group(counts) < 0:
        raise RuleError(
            f"chi {format_cards(counts, 'zh')} is not a 列: expected a run (一二三), "
            f"二七十 / 贰柒拾 or 大大小 / 小小大 of one number"
        )
    return Meld(verb, counts, int(min(kinds)))


def parse_melds(melds) -> list[Meld]:
    """Read Da Er melds: a list of strings, one string (``,`` or ``;`` between melds) or None.

    Raises
    ------
    NotationError
        ``melds`` is none of these, or a meld cannot be read.

    Examples
    --------
    >>> [m.verb for m in parse_melds("pong 柒, chi 一二三")]
    ['pong', 'chi']
    """
    return [parse_meld(m) for m in meld_list(melds, "['pong 柒', 'chi 一二三']")]


def meld_group(verb: str, kind: int, counts: np.ndarray | None = None) -> int:
    """Group id of a declared meld (``pong``/``zhao``/``long`` of ``kind``, or a chi)."""
    if verb == "pong":
        return int(Shape.PONG) * N_KINDS + kind
    if verb == "zhao":
        return int(Shape.ZHAO) * N_KINDS + kind
    if verb == "long":
        return int(Shape.LONG) * N_KINDS + kind
    return chi_group(counts)


def readings(held, melds=(), allow_long: bool = True) -> list[tuple[int, ...]]:
    """Every reading of a complete hand as 列 (declared melds first).

    Parameters
    ----------
    held : str or array_like
        The cards in hand, the winning card included.
    melds : sequence of str
        Melds on the table (``"pong 柒"``, ``"zhao 三"``, ``"long 十"``, ``"chi 一二三"``).
    allow_long : bool
        Read four alike held as a 垅 (as well as every other way).

    Returns
    -------
    list of tuple of int
        Each reading as group ids; empty when the hand is not complete.

    Examples
    --------
    >>> for r in readings("一二三四五六七八九十十十壹壹壹贰贰贰叁叁叁"):
    ...     print(" ".join(group_name(g) for g in r))
    顺一二三 顺四五六 顺七八九 坎十 顺壹贰叁 顺壹贰叁 顺壹贰叁
    顺一二三 顺四五六 顺七八九 坎十 坎壹 坎贰 坎叁
    绞一壹壹 绞二贰贰 绞三叁叁 顺四五六 顺七八九 坎十 顺壹贰叁
    """
    h = as_counts(held)
    ms = parse_melds(melds)
    total = h.astype(np.int64)
    for m in ms:
        total = total + m.counts
    if total.max() > 4:
        from mjstats.errors import HandError

        k = int(np.argmax(total))
        raise HandError(f"hand and melds hold {int(total[k])} copies of {kind_name_zh(k)}")
    decl = [meld_group(m.verb, m.kind, m.counts) for m in ms]
    n_quads = sum(m.verb in ("zhao", "long") for m in ms)
    out = np.full((MAX_READINGS, MAX_GROUPS), -1, dtype=np.int64)
    n = _readings(h, len(decl), n_quads, allow_long, GROUP_CARDS, out)
    if n < 0:  # pragma: no cover - no real hand has this many readings
        raise RuntimeError("more than MAX_READINGS readings")
    return [tuple(decl) + tuple(int(g) for g in out[r] if g >= 0) for r in range(n)]
