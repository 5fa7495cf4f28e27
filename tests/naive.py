"""Slow, obvious reference implementations the kernels are checked against.

Nothing here shares code with ``mjstats.core``: melds are found by plain
recursion over Python tuples, waits by trying every tile, and shanten by its
definition (the fewest draw-and-discard exchanges), searched breadth-first for
small distances.
"""

from __future__ import annotations

from functools import cache


def _melds_from(c: list[int], allow_pair: bool):
    """Yield (meld, remaining counts) for melds that use the lowest tile."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return
    if allow_pair and c[i] >= 2:
        d = c.copy()
        d[i] -= 2
        yield ("pair", i), d
    if c[i] >= 3:
        d = c.copy()
        d[i] -= 3
        yield ("triplet", i), d
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        d = c.copy()
        d[i] -= 1
        d[i + 1] -= 1
        d[i + 2] -= 1
        yield ("run", i), d


def readings(counts) -> set[tuple]:
    """All standard readings as sorted tuples of (type, kind)."""
    out: set[tuple] = set()

    def rec(c, acc, pair_used):
        if not any(c):
            if pair_used:
                out.add(tuple(sorted(acc)))
            return
        for meld, d in _melds_from(c, not pair_used):
            rec(d, acc + [meld], pair_used or meld[0] == "pair")

    c = [int(x) for x in counts]
    if sum(c) % 3 == 2:
        rec(c, [], False)
    return out


@cache
def _complete_t(c: tuple) -> bool:
    if sum(c) % 3 != 2:
        return False
    if all(x % 2 == 0 for x in c) and sum(c) == 14:
        return True
    return bool(readings(c))


def is_complete(counts, form: str = "any") -> bool:
    c = tuple(int(x) for x in counts)
    if form == "standard":
        return bool(readings(c))
    if form == "seven_pairs":
        return sum(c) == 14 and all(x % 2 == 0 for x in c)
    return _complete_t(c)


def waits(counts, form: str = "any") -> list[int]:
    c = [int(x) for x in counts]
    out = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if is_complete(c, form):
                out.append(k)
            c[k] -= 1
    return out


def shanten_at_most(counts, limit: int, form: str = "any", kinds=range(34)) -> int:
    """Exact shanten by its definition if it is <= ``limit``, else ``limit + 1``.

    A hand of 3k+1 tiles is ``s``-shanten when some draw leaves a hand of 3k+2
    tiles that is ``s - 1``-shanten; a hand of 3k+2 tiles is ``-1`` when
    complete, else the best over its discards.  ``kinds`` limits the draws
    (tiles of other suits never help a one-suit hand).
    """
    kinds = tuple(kinds)

    @cache
    def s13(c: tuple, budget: int) -> bool:  # shanten(c) <= budget
        if budget < 0:
            return False
        for u in kinds:
            if c[u] < 4:
                d = list(c)
                d[u] += 1
                if s14(tuple(d), budget - 1):
                    return True
        return False

    @cache
    def s14(c: tuple, budget: int) -> bool:
        if is_complete(c, form):
            return True
        if budget < 0:
            return False
        for x in range(34):
            if c[x]:
                d = list(c)
                d[x] -= 1
                if s13(tuple(d), budget):
                    return True
        return False

    c = tuple(int(x) for x in counts)
    f = s13 if sum(c) % 3 == 1 else s14
    for s in range(-1, limit + 1):
        if f(c, s):
            return s
    return limit + 1


def wait_shapes(counts) -> tuple[int, list[int]]:
    """Wait-shape bits (``mjstats.WaitShape``) of a hand: ``(hand's bits, 34 tiles' bits)``.

    From every reading of the hand with each waiting tile, by the rules of
    ``docs/core.md``: the tile in a run (closed in its middle; edge as 3 with 12
    or 7 with 89; two-sided otherwise), as the pair, as a triplet, seven pairs'
    single tile; 147/258/369 among the waits; a kind held three times or more a
    triplet in one reading and the pair in another.
    """
    c = [int(x) for x in counts]
    tile = [0] * 34
    as_pair, as_triplet = set(), set()
    ws = waits(c)
    for t in ws:
        c[t] += 1
        for reading in readings(c):
            for typ, k in reading:
                held3 = c[k] - (k == t) >= 3
                if typ == "pair":
                    tile[t] |= 8 if k == t else 0
                    if held3:
                        as_pair.add(k)
                elif typ == "triplet":
                    tile[t] |= 16 if k == t else 0
                    if held3:
                        as_triplet.add(k)
                elif k <= t <= k + 2:
                    if t == k + 1:
                        tile[t] |= 4
                    elif (t == k and k % 9 == 6) or (t == k + 2 and k % 9 == 0):
                        tile[t] |= 2
                    else:
                        tile[t] |= 1
        if sum(c) == 14 and all(x % 2 == 0 for x in c):
            tile[t] |= 8
        c[t] -= 1
    hand = 0
    for b in tile:
        hand |= b
    if any(all(9 * s + x + d in ws for d in (0, 3, 6)) for s in range(3) for x in range(3)):
        hand |= 32
    if as_pair & as_triplet:
        hand |= 64
    return hand, tile
