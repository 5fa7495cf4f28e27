"""Exact deal odds: complete, ready and shanten probabilities of a random hand.

Every figure is a ratio of two integers: the number of ``n``-tile subsets of the
wall with the property (summed exactly by :mod:`mjstats.exact.convolve`) over
``C(n_wall, n)``.  Definitions are those of :mod:`mjstats.core`: the standard
form (four melds and a pair), Chinese seven pairs (every count even; four of a
kind is two pairs) and exact shanten that never assumes a fifth copy.  The
``definitions="riichi"`` switch of :func:`complete_probability` uses riichi's
seven *distinct* pairs and adds thirteen orphans, to compare with the published
tenhou odds (1 in 330,530 on 136 tiles).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from mjstats._checks import count
from mjstats.core.shanten import NOT_APPLICABLE
from mjstats.errors import MjStatsError
from mjstats.exact.convolve import CompleteStat, ShantenStat, distribution
from mjstats.exact.parts import MAX_HAND
from mjstats.tiles import TileSet
from mjstats.tiles import tileset as _tileset

FORMS = ("standard", "seven_pairs", "any")
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""The thirteen terminal and honor kinds (riichi's kokushi)."""


def _check_form(form: str, allowed=FORMS) -> str:
    if form not in allowed:
        raise MjStatsError(
            f"unknown form {form!r}; expected one of {', '.join(repr(f) for f in allowed)}"
        )
    return form


def _ts(tileset) -> TileSet:
    if tileset is None:
        raise MjStatsError("a tile set is needed: 'sichuan', 'guangan' or 'liuzhou'")
    return _tileset(tileset)


def complete_count(tileset: str | TileSet, form: str = "any", max_suits: int | None = None,
                   definitions: str = "chinese") -> int:
    """Number of 14-tile subsets of the wall that are complete (see :func:`complete_probability`).

    Examples
    --------
    >>> complete_count("sichuan", "standard", max_suits=1) > 0
    True
    """
    ts = _ts(tileset)
    _check_form(form)
    if definitions not in ("chinese", "riichi"):
        raise MjStatsError(f"definitions must be 'chinese' or 'riichi', got {definitions!r}")
    if max_suits is not None:
        max_suits = count(max_suits, "max_suits", maximum=3)
    keys, weights = distribution(ts, "complete", 14)
    f = CompleteStat.decode(keys)
    std = (f["role"] & 0b0010) != 0  # bit 2*w + p with w = 0, p = 1
    if definitions == "chinese":
        sp = f["odd"] == 0
    else:
        sp = f["not_02"] == 0
    sel = {"standard": std, "seven_pairs": sp, "any": std | sp}[form]
    if max_suits is not None:
        sel = sel & (f["suits"] <= int(max_suits))
    total = sum(int(w) for w in weights[sel])
    if definitions == "riichi" and form == "any" and all(ts.mask[k] for k in ORPHANS):
        # thirteen orphans: one of each, one kind doubled (never standard, never pairs)
        n_suits = 3  # the terminals lie in all three suits
        if max_suits is None or max_suits >= n_suits:
            total += 13 * comb(4, 2) * 4**12
    return total


def complete_probability(tileset: str | TileSet, form: str = "any",
                         max_suits: int | None = None,
                         definitions: str = "chinese") -> Fraction:
    """Exact probability that a random 14-tile hand (the dealer's deal) is complete.

    Parameters
    ----------
    tileset : str or TileSet
        ``"sichuan"`` (108 tiles), ``"guangan"`` (120) or ``"liuzhou"`` (136).
    form : {"any", "standard", "seven_pairs"}
        Winning forms that count; ``"any"`` is either.
    max_suits : int, optional
        Count only hands using at most this many of the numbered suits m/p/s
        (``2`` is the missing-suit rule 缺一门; winds and dragons do not count).
    definitions : {"chinese", "riichi"}
        ``"riichi"``: seven pairs must be seven distinct kinds, and ``"any"``
        also counts thirteen orphans (when the tile set has them).

    Returns
    -------
    fractions.Fraction
        Exact probability; ``float(...)`` for a float.

    Examples
    --------
    >>> p = complete_probability("liuzhou", definitions="riichi")   # tenhou odds
    >>> p
    Fraction(2143179701279, 708384171528036000)
    >>> round(1 / p)                     # published as "1 in 330,530"
    330530
    """
    ts = _ts(tileset)
    return Fraction(complete_count(ts, form, max_suits, definitions), comb(ts.n_tiles, 14))


def ready_probability(tileset: str | TileSet, form: str = "any") -> Fraction:
    """Exact probability that a random 13-tile hand is ready (下叫 / tenpai).

    Ready means some kind held fewer than four times, and present in the tile
    set, completes the hand (standard form, or Chinese seven pairs with
    ``form="any"``).  Computed from per-part "splits" / "splits after one more
    tile" classes, independently of the shanten tables' overlap rows.

    Parameters
    ----------
    tileset : str or TileSet
        Tile set name or object.
    form : {"any", "standard", "seven_pairs"}
        Winning forms that count.

    Examples
    --------
    >>> p = ready_probability("sichuan")
    >>> round(float(p), 6), p == shanten_distribution("sichuan", 13, "any")[0]
    (0.001026, True)
    """
    ts = _ts(tileset)
    _check_form(form)
    keys, weights = distribution(ts, "complete", 13)
    f = CompleteStat.decode(keys)
    std = (f["role"] & 0b1000) != 0  # w = 1, p = 1
    sp = f["odd"] == 1  # six pairs and a single (held once or three times)
    sel = {"standard": std, "seven_pairs": sp, "any": std | sp}[form]
    return Fraction(sum(int(w) for w in weights[sel]), comb(ts.n_tiles, 13))


def _shanten_values(keys: np.ndarray, n_tiles: int, form: str) -> np.ndarray:
    n, rows, P, S = ShantenStat.decode(keys)
    M = min((n_tiles - 1) // 3, 4)
    std = 3 * M + 1 - rows[:, 2 * M + 1].astype(np.int64)
    if n_tiles >= 13:
        used = np.minimum(P, 7)
        sp = 13 - 2 * used - np.minimum(S, 7 - used)
    else:
        sp = np.full(keys.shape, NOT_APPLICABLE, dtype=np.int64)
    if form == "standard":
        return std
    if form == "seven_pairs":
        return sp
    return np.minimum(std, sp)


def shanten_counts(tileset: str | TileSet, n_tiles: int = 13,
                   form: str = "standard") -> dict[int, int]:
    """Number of ``n_tiles``-tile subsets of the wall by shanten.

    See :func:`shanten_distribution`; this is its numerator.
    """
    ts = _ts(tileset)
    _check_form(form)
    n_tiles = count(n_tiles, "n_tiles", minimum=1, maximum=MAX_HAND)
    if n_tiles % 3 == 0:
        raise MjStatsError(f"a hand has 3k+1 or 3k+2 tiles (at most 14), got {n_tiles}")
    if form == "seven_pairs" and n_tiles < 13:
        raise MjStatsError(f"seven pairs needs 13 or 14 concealed tiles, got {n_tiles}")
    keys, weights = distribution(ts, "shanten", n_tiles)
    s = _shanten_values(keys, n_tiles, form)
    out: dict[int, int] = {}
    for v, w in zip(s.tolist(), weights.tolist(), strict=True):
        out[v] = out.get(v, 0) + int(w)
    return dict(sorted(out.items()))


def shanten_distribution(tileset: str | TileSet, n_tiles: int = 13,
                         form: str = "standard") -> dict[int, Fraction]:
    """Exact shanten distribution of a random hand of ``n_tiles`` tiles.

    Parameters
    ----------
    tileset : str or TileSet
        Tile set name or object.
    n_tiles : int
        Hand size, ``3k+1`` or ``3k+2`` up to 14 (13 for a player, 14 for the dealer).
    form : {"standard", "seven_pairs", "any"}
        ``"any"`` is the minimum of the standard and seven-pairs shanten.

    Returns
    -------
    dict
        ``{shanten: Fraction}`` for every shanten with a nonzero probability
        (``-1`` complete, ``0`` ready); the values sum to 1.

    Examples
    --------
    >>> d = shanten_distribution("sichuan", 14, "any")
    >>> sum(d.values()) == 1, d[-1] == complete_probability("sichuan", "any")
    (True, True)
    """
    ts = _ts(tileset)
    counts = shanten_counts(ts, n_tiles, form)  # checks n_tiles and form first
    total = comb(ts.n_tiles, int(n_tiles))
    return {k: Fraction(v, total) for k, v in counts.items()}
