"""Complete-hand check: four melds and a pair, or seven pairs (Chinese sense).

A standard hand splits into melds (runs inside one suit, or triplets) and one
pair; with ``k`` exposed melds the concealed part has ``14 - 3k`` tiles.  Seven
pairs means 14 concealed tiles with every count even: a kind held four times
counts as two pairs (龙七对), unlike riichi's seven distinct pairs.
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import Entry, noref_kernel, parallel_kernel, prange, python_facing
from mjstats.core.codes import (
    REJECTED,
    SIZES,
    _codes,
    _counts_ok,
    _suit_code,
    as_hand,
    as_hands,
    plain,
)
from mjstats.core.tables import tables
from mjstats.errors import MjStatsError
from mjstats.tiles import parse

FORMS = ("standard", "seven_pairs", "any")
_FORM_CODES = {f: i for i, f in enumerate(FORMS)}


@noref_kernel
def _complete_from_codes(c0, c1, c2, c3, n, form, T):
    """Complete check from the four part codes and the tile count (fused deal kernels)."""
    f0 = T.suit_flags[c0]
    f1 = T.suit_flags[c1]
    f2 = T.suit_flags[c2]
    f3 = T.honor_flags[c3]
    if form != 1 and n % 3 == 2:
        # no part 1 mod 3, exactly one part 2 mod 3, every part splits
        twos = 0
        bad = False
        for f in (f0, f1, f2, f3):
            r = (f >> 2) & 3
            if r == 1 or (f & 1) == 0:
                bad = True
                break
            if r == 2:
                twos += 1
        if not bad and twos == 1:
            return True
    if form != 0 and n == 14:
        return (f0 & f1 & f2 & f3 & 2) != 0
    return False


@noref_kernel
def _is_standard_codes(c0, c1, c2, c3, n, T):
    """Standard completeness from the four part codes and the total ``n``.

    Every part must split on its own, no part may hold 1 mod 3 tiles, and exactly
    one part holds 2 mod 3 (the one pair).
    """
    return _complete_from_codes(c0, c1, c2, c3, n, 0, T)


@noref_kernel
def _is_standard(counts, T):
    # a part whose count is 1 mod 3 never splits; two parts 2 mod 3 would need two
    # pairs.  Check the cheap sums first, then one table lookup per part.
    twos = 0
    for s in range(4):
        lo = 9 * s
        hi = lo + 9 if s < 3 else 34
        n = 0
        for k in range(lo, hi):
            n += counts[k]
        r = n % 3
        if r == 1:
            return False
        if r == 2:
            twos += 1
    if twos != 1:
        return False
    if T.suit_ok[_suit_code(counts, 0)] == 0:
        return False
    if T.suit_ok[_suit_code(counts, 1)] == 0:
        return False
    if T.suit_ok[_suit_code(counts, 2)] == 0:
        return False
    return T.honor_ok[_suit_code(counts, 3)] != 0


@python_facing
@noref_kernel
def _is_seven_pairs(counts):
    n = 0
    for k in range(34):
        if counts[k] % 2 != 0:
            return False
        n += counts[k]
    return n == 14


@noref_kernel
def _is_complete(counts, form, T):
    """``form`` 0 standard, 1 seven pairs, 2 either (one pass for the codes, then flags)."""
    c0, c1, c2, c3, n = _codes(counts)
    return _complete_from_codes(c0, c1, c2, c3, n, form, T)


_COMPLETE_SIZES = SIZES["complete"]


@noref_kernel
def _is_complete_checked(counts, form, T):
    """1 or 0 for :func:`_is_complete` of unchecked counts, :data:`REJECTED` if not a hand."""
    if not _counts_ok(counts, _COMPLETE_SIZES):
        return REJECTED
    c0, c1, c2, c3, n = _codes(counts)
    return 1 if _complete_from_codes(c0, c1, c2, c3, n, form, T) else 0


_FACE = Entry(_is_complete_checked, lambda: (np.zeros(34, np.int8), 0, tables()))


@parallel_kernel
def _is_complete_many(hands, form, T, out):
    for i in prange(hands.shape[0]):
        out[i] = _is_complete(hands[i], form, T)


def _form_code(form: str) -> int:
    try:
        return _FORM_CODES[form]
    except (KeyError, TypeError):
        raise MjStatsError(
            f"unknown form {form!r}; expected 'standard', 'seven_pairs' or 'any'"
        ) from None


def is_complete(hand, form: str = "any", tileset=None) -> bool:
    """Whether a hand of ``14 - 3k`` concealed tiles is complete.

    Parameters
    ----------
    hand : str or array_like
        Concealed tiles (notation or count vector); exposed melds are not included.
    form : {"any", "standard", "seven_pairs"}
        Which winning forms count.  Seven pairs needs 14 concealed tiles; a kind
        held four times counts as two pairs.
    tileset : str or TileSet, optional
        Check the tiles against a tile set.

    Notes
    -----
    An ``int8`` count vector of shape ``(34,)`` goes to the compiled kernel as it
    is (see :func:`~mjstats.shanten`).

    Examples
    --------
    >>> is_complete("123m456p789s11122z")
    True
    >>> is_complete("11223344556677m", form="standard"), is_complete("11112233557799m")
    (True, True)
    >>> is_complete("11112233557799m", form="standard")
    False
    """
    code = _form_code(form)
    if tileset is None:
        h = parse(hand) if type(hand) is str else hand
        if plain(h):
            r = _FACE.call(h, code, tables())
            if r != REJECTED:
                return r == 1
    h = as_hand(hand, tileset, sizes="complete")
    return bool(_is_complete(h, code, tables()))


def is_complete_many(hands, form: str = "any") -> np.ndarray:
    """Vectorised :func:`is_complete` over an ``(n, 34)`` batch (parallel over rows).

    Examples
    --------
    >>> import mjstats as mj
    >>> H = np.stack([mj.parse("123m456p789s11122z"), mj.parse("123m456p789s11123z")])
    >>> is_complete_many(H).tolist()
    [True, False]
    """
    code = _form_code(form)
    H = as_hands(hands)
    out = np.empty(H.shape[0], dtype=np.bool_)
    _is_complete_many(H, code, tables(), out)
    return out
