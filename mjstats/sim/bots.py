"""Bots: per-seat playing policies as compiled kernels.

A policy is an integer code; the game engine (:mod:`mjstats.sim.engine`) asks
the policy of a seat for every decision: which suit to declare missing (定缺,
:func:`_choose_que`), which tile to discard (:func:`_choose_discard`), which
kong to make on its turn (:func:`_choose_kong`), whether to kong, pong or chow
another's discard (:func:`_claims_kong`, :func:`_want_pong`,
:func:`_choose_chow`), whether to take a win on a discard or rob a kong
(:func:`_takes_win`, :func:`_robs_kong`).  Policies are pluggable per seat:
``bots=("value", "efficiency", "efficiency", "efficiency")`` asks how one value
player fares against three efficiency players.

========== ==============================================================
code       policy
========== ==============================================================
efficiency 定缺 = the suit with fewest tiles; discard to minimise shanten,
           ties broken by the most live tiles that lower shanten; pong and
           kong when shanten does not get worse; always wins.
value      as efficiency, but steers toward 七对 (five pairs or more, no
           melds), 清一色 (nine tiles or more of one suit) and 对对胡 (four
           pairs/triplets or more); pongs freely toward 对对胡 / 清一色;
           passes a 1-point discard win while more than 20 tiles are left
           (and the rule set does not force the win).
random     a uniformly random tile (missing-suit tiles first, as the rule
           demands), pongs and kongs with probability 1/2, always wins.
zimo       efficiency, but never wins on a discard (waits for self-draw);
           used to exercise 过水 / 漏胡.
ev         the exact expected value of each discard against the wall
           (:mod:`mjstats.sim.ev`); where its search bound is passed, and for
           calls, as efficiency.
========== ==============================================================

Every kernel takes the seat's concealed counts (``int8`` (34,)), the number
of its exposed melds, its missing suit, the tiles it can see (``visible``), the
core tables ``T`` and the chunk's xoshiro state; none allocates.

The discard scan and its tie-break are kernels of their own, compiled once for
``M = 4`` melds to go (the common case: a constant, so that the max-plus loops
unroll) and once for a variable ``M`` (``noref_kernel(literal=("M",))``); only
leaf helpers are inlined (:func:`mjstats._jit.inline_kernel`).
"""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from mjstats._choices import BOT_NAMES, choice_code
from mjstats._jit import inline_kernel, noref_kernel, separate
from mjstats.core.bits import (
    ONE,
    PART0,
    PART1,
    PART2,
    PART3,
    _hand_bits,
    _near,
    _part_bits,
    _spread,
)
from mjstats.core.codes import _codes, _pick
from mjstats.core.rng import _below
from mjstats.core.shanten import _conv, _final, _overlap_codes, _shanten
from mjstats.core.tables import MAX_MELDS, entry
from mjstats.scoring.kernels import ADDKONG, CKONG, PONG

_POW5 = np.array([5**i for i in range(9)], dtype=np.int64)
EFFICIENCY = BOT_NAMES.index("efficiency")
VALUE = BOT_NAMES.index("value")
RANDOM = BOT_NAMES.index("random")
DRAWS_FROM_STREAM = (RANDOM,)
"""The bots whose choices draw from the run's seeded stream (and so move its shuffles)."""
ZIMO = BOT_NAMES.index("zimo")
EV = BOT_NAMES.index("ev")
ROLLOUT = BOT_NAMES.index("rollout")
"""The ``rollout`` bot: discards by full-table rollouts
(:func:`mjstats.sim.engine._rollout_discard`), every other choice the ``ev`` bot's."""


@inline_kernel
def _ev_like(bot):
    """Whether ``bot`` makes the ``ev`` bot's choices (``ev``; ``rollout`` but for discards)."""
    return bot == EV or bot == ROLLOUT


def bot_code(name: str | int) -> int:
    """Code of a policy name (``"efficiency"``, ``"value"``, ``"random"``, ``"zimo"``).

    Examples
    --------
    >>> bot_code("value"), bot_code(2)
    (1, 2)
    """
    return choice_code(name, BOT_NAMES, "bot")


@inline_kernel
def _suit_tiles(hand, s):
    n = 0
    for k in range(9 * s, 9 * s + 9):
        n += hand[k]
    return n


@noref_kernel
def _choose_que(hand, bot, state):
    """定缺: the suit (0 万, 1 筒, 2 条) a seat declares missing."""
    if bot == RANDOM:
        return _below(state, 3)
    best = 0
    best_n = 99
    for s in range(3):
        n = _suit_tiles(hand, s)
        if n < best_n:
            best_n = n
            best = s
    return best


@inline_kernel
def _s7(pairs, odd, n):
    """Seven-pairs shanten from the pair and odd counts of a hand of ``n`` tiles."""
    if n < 13:
        return 127
    used = pairs if pairs < 7 else 7
    rest = 7 - used
    return 13 - 2 * used - (odd if odd < rest else rest)


@inline_kernel
def _pair_stats(hand):
    pairs = 0
    odd = 0
    for k in range(34):
        pairs += hand[k] // 2
        odd += hand[k] % 2
    return pairs, odd


@inline_kernel
def _rows(c0, c1, c2, c3, T):
    return T.suit[c0], T.suit[c1], T.suit[c2], T.honor[c3]


@inline_kernel
def _cz(a, b, M):
    """Max-plus product of two packed rows; an empty part's row (0) is the identity."""
    if a == 0:
        return b
    if b == 0:
        return a
    return _conv(a, b, M)


@noref_kernel(literal=("M",))
def _cz_k(a, b, M):
    """:func:`_cz` as a kernel of its own: compiled for ``M = 4`` and for a variable ``M``.

    Inlined at its call sites (six in :func:`_complements`, eight in
    :func:`_discard_m`) its copies cost more compile time than the rest of
    those kernels (:func:`mjstats._jit.inline_kernel`: :func:`_complements`
    took 7 s of CPU to compile with them inlined, under 0.5 s with the calls);
    the calls cost no measurable time
    (``benchmarks/bench_games.py``).
    """
    return _cz(a, b, M)


@noref_kernel(literal=("M",))
def _complements(r0, r1, r2, r3, M):
    """For each part, the max-plus product of the other three parts' rows.

    The standard shanten when part ``i`` takes row ``x`` (the others unchanged) is
    ``3M + 1 - _final(x, C_i, M)``: one combination per candidate, no convolution.
    Returns ``(C0, C1, C2, C3, P01, P23)``: the last two are the products of parts
    0 and 1 and of parts 2 and 3, computed on the way.
    """
    A = _cz_k(r0, r1, M)
    Bh = _cz_k(r2, r3, M)
    return _cz_k(r1, Bh, M), _cz_k(r0, Bh, M), _cz_k(A, r3, M), _cz_k(A, r2, M), A, Bh


@noref_kernel(literal=("M",))
def _std_part(part, code, C0, C1, C2, C3, M, T):
    """Standard shanten when part ``part`` takes code ``code`` (complement rows ``C``)."""
    if part == 0:
        return 3 * M + 1 - _final(T.suit[code], C0, M)
    if part == 1:
        return 3 * M + 1 - _final(T.suit[code], C1, M)
    if part == 2:
        return 3 * M + 1 - _final(T.suit[code], C2, M)
    return 3 * M + 1 - _final(T.honor[code], C3, M)


@separate
@noref_kernel
def _discard_scan(hand, nm, T, lo, hi, form, out):
    """Shanten after discarding each kind ``lo..hi-1`` into ``out`` (99 where not held).

    ``form`` 2 the minimum of standard and seven pairs, 1 seven pairs only.
    Returns the smallest.  One table row lookup and one final combination per kind.
    """
    return _discard_scan_i(hand, nm, T, lo, hi, form, out)


@inline_kernel
def _discard_scan_i(hand, nm, T, lo, hi, form, out):
    c0, c1, c2, c3, n = _codes(hand)
    M = (n - 2) // 3
    if M > MAX_MELDS:
        M = MAX_MELDS
    if M == 4:  # the common case, with a constant so that the combinations unroll
        return _scan_m(hand, nm, T, lo, hi, form, out, c0, c1, c2, c3, n, 4)
    return _scan_m(hand, nm, T, lo, hi, form, out, c0, c1, c2, c3, n, M)


@inline_kernel
def _scan_m(hand, nm, T, lo, hi, form, out, c0, c1, c2, c3, n, M):
    return _scan_full(hand, nm, T, lo, hi, form, out, c0, c1, c2, c3, n, M)[0]


@noref_kernel(literal=("M",))
def _scan_full(hand, nm, T, lo, hi, form, out, c0, c1, c2, c3, n, M):
    """The discard scan for ``M`` melds to go, and what the tie-break reuses.

    Removing a tile lowers the hand's largest overlap by one or leaves it: it
    leaves it exactly when some split of the best overlap between the tile's
    part and the rest is *tight* (reaches the maximum) at an entry the part's
    row does not lose (rows shrink by at most one per removed tile, so the
    difference of two packed rows is a nibble mask of losses).  So one row
    lookup and two bit operations per held kind.

    Returns ``(best, ties, first, std_best, rows, complements, P01, P23, pairs,
    odd, occ, full, par, tied)``: the smallest shanten, how many kinds reach it
    and the first of them, the bit mask of kinds whose shanten is reached by the
    standard form, the four part rows and their complements, the products of
    parts 0 and 1 and of parts 2 and 3, the hand's pairs and odd kinds, and the
    bit masks of the kinds held, held four times, held an odd number of times
    and reaching the smallest shanten.
    """
    r0 = r1 = r2 = r3 = C0 = C1 = C2 = C3 = P01 = P23 = h0 = h1 = h2 = h3 = np.uint64(0)
    keep = 99
    if form != 1:
        r0, r1, r2, r3 = _rows(c0, c1, c2, c3, T)
        C0, C1, C2, C3, P01, P23 = _complements(r0, r1, r2, r3, M)
        ovh = _final(r0, C0, M)
        h0 = _tight(r0, C0, ovh, M)
        h1 = _tight(r1, C1, ovh, M)
        h2 = _tight(r2, C2, ovh, M)
        h3 = _tight(r3, C3, ovh, M)
        keep = 3 * M + 1 - ovh  # standard shanten after a discard that keeps the overlap
    occ, full, par, pairs, odd = _hand_bits(hand)
    s7odd = s7even = 99
    if nm == 0:
        s7odd = _s7(pairs, odd - 1, n - 1)  # a discard from an odd count
        s7even = _s7(pairs - 1, odd + 1, n - 1)  # from an even count
    best = 99
    ties = 0
    first = -1
    std_best = tied = np.uint64(0)
    for k in range(34):
        out[k] = 99
    span = ((ONE << np.uint64(hi)) - ONE) & ~((ONE << np.uint64(lo)) - ONE)  # kinds lo..hi-1
    for part in range(4):  # the held kinds of each part, lowest first
        rp = _pick(part, r0, r1, r2, r3)
        cp = _pick(part, c0, c1, c2, c3)
        hp = _pick(part, h0, h1, h2, h3)
        held = occ & span & _part_bits(part)
        while held != 0:
            k = np.int64(trailing_zeros(held))
            held &= held - ONE
            b = ONE << np.uint64(k)
            x = s7odd if (par & b) != 0 else s7even
            if form != 1:
                loss = rp - _row_of(part, cp - _POW5[k - 9 * part], T)
                st = keep if (hp & ~loss) != 0 else keep + 1
                if st <= x:
                    x = st
                    std_best |= b
            out[k] = x
            if x < best:
                best = x
                ties = 1
                first = k
                tied = b
            elif x == best:
                ties += 1
                tied |= b
    return (best, ties, first, std_best, r0, r1, r2, r3, C0, C1, C2, C3, P01, P23, pairs, odd,
            occ, full, par, tied)


@noref_kernel
def _improving(hand, nm, s, que, inset, visible, T):
    """Live tiles that lower the shanten ``s`` of a waiting-size ``hand``."""
    return _improving_i(hand, nm, s, que, inset, visible, T)


@inline_kernel
def _improving_i(hand, nm, s, que, inset, visible, T):
    c0, c1, c2, c3, n = _codes(hand)
    M = (n - 1) // 3
    if M > MAX_MELDS:
        M = MAX_MELDS
    if M == 4:  # the common case, with a constant so that the combinations unroll
        return _improving_m(hand, nm, s, que, inset, visible, T, c0, c1, c2, c3, n, 4)
    return _improving_m(hand, nm, s, que, inset, visible, T, c0, c1, c2, c3, n, M)


@noref_kernel(literal=("M",))
def _improving_m(hand, nm, s, que, inset, visible, T, c0, c1, c2, c3, n, M):
    r0, r1, r2, r3 = _rows(c0, c1, c2, c3, T)
    C0, C1, C2, C3, _, _ = _complements(r0, r1, r2, r3, M)
    pairs, odd = _pair_stats(hand)
    cnt = 0
    for k in range(34):
        if not inset[k] or hand[k] >= 4:
            continue
        if k < 27 and k // 9 == que:
            continue
        if not _near(hand, k):
            continue
        live = 4 - hand[k] - visible[k]
        if live <= 0:
            continue
        part = k // 9 if k < 27 else 3
        r = k - 9 * part
        c = hand[k]
        better = False
        if nm == 0:
            p2 = pairs - c // 2 + (c + 1) // 2
            o2 = odd - c % 2 + (c + 1) % 2
            better = _s7(p2, o2, n + 1) < s
        if not better:
            better = _std_part(part, _pick(part, c0, c1, c2, c3) + _POW5[r], C0, C1, C2,
                               C3, M, T) < s
        if better:
            cnt += live
    return cnt


@inline_kernel
def _que_discard(hand, que):
    """A missing-suit tile to discard first (a single before a pair), or -1."""
    if que < 0:
        return -1
    best = -1
    best_c = 9
    for k in range(9 * que, 9 * que + 9):
        c = hand[k]
        if c > 0 and c < best_c:
            best = k
            best_c = c
    return best


@separate
@noref_kernel
def _efficient_discard(hand, nm, que, inset, visible, T, lo, hi, form, sc):
    """Best discard among kinds ``lo..hi-1`` (min shanten, then most improving tiles).

    ``form`` 2 any, 1 seven pairs.  Returns ``(kind, shanten after)``; ``kind`` is -1
    when no tile lies in the range.  ``sc`` is a (34,) scratch array.  The same
    choice as scanning with :func:`_discard_scan` and counting every tied
    candidate's tiles with :func:`_improving` (the lowest kind wins a tie of
    counts; ``tests/sim/test_game_bots.py`` checks this), computed in one pass:
    see :func:`_discard_m`.
    """
    if form != 2:
        return _seven_pairs_discard(hand, nm, visible, lo, hi)
    c0, c1, c2, c3, n = _codes(hand)
    M = (n - 2) // 3
    if M > MAX_MELDS:
        M = MAX_MELDS
    if M == 4:  # the common case, with a constant so that the combinations unroll
        return _discard_m(hand, nm, que, inset, visible, T, lo, hi, sc, c0, c1, c2, c3, n, 4)
    return _discard_m(hand, nm, que, inset, visible, T, lo, hi, sc, c0, c1, c2, c3, n, M)


@inline_kernel
def _seven_pairs_discard(hand, nm, visible, lo, hi):
    """Seven pairs: the lowest shanten, then the tile with the most copies gone.

    The seven-pairs shanten after a discard depends only on whether the kind is
    held an odd or an even number of times; (-1, 99) beside melds (no seven pairs).
    """
    if nm != 0:
        return -1, 99
    n = 0
    for k in range(34):
        n += hand[k]
    pairs, odd = _pair_stats(hand)
    s_odd = _s7(pairs, odd - 1, n - 1)  # a discard from an odd count
    s_even = _s7(pairs - 1, odd + 1, n - 1)  # from an even count
    best_k = -1
    best_s = 99
    best_u = -1
    for k in range(lo, hi):
        c = hand[k]
        if c == 0:
            continue
        x = s_odd if c % 2 == 1 else s_even
        u = c - 1 + visible[k]
        if x < best_s or (x == best_s and u > best_u):
            best_k = k
            best_s = x
            best_u = u
    return best_k, best_s


@inline_kernel
def _row_of(part, code, T):
    """Table row of part ``part`` (0-2 a suit, 3 the honors) holding ``code``."""
    if part == 3:
        return T.honor[code]
    return T.suit[code]


@noref_kernel(literal=("M",))
def _tight(r, C, ov, M):
    """Nibble mask of the splits of ``M`` melds that reach overlap ``ov``.

    Entry ``2*m1 + a`` is 1 when ``r[m1, a] + C[M - m1, 1 - a] == ov``.
    """
    t = np.uint64(0)
    for m1 in range(M + 1):
        if entry(r, m1, 0) + entry(C, M - m1, 1) == ov:
            t |= ONE << np.uint64(8 * m1)
        if entry(r, m1, 1) + entry(C, M - m1, 0) == ov:
            t |= ONE << np.uint64(8 * m1 + 4)
    return t


@noref_kernel
def _part_gains(bits, q, code, row, tight, T):
    """The kinds among ``bits`` whose draw raises the overlap of part ``q``.

    ``bits`` lie in part ``q``, held as ``code`` with row ``row``; a kind counts
    when its row gain meets the ``tight`` mask of the part.
    """
    out = np.uint64(0)
    while bits != 0:
        j = np.int64(trailing_zeros(bits))
        bits &= bits - ONE
        if q == 3:
            gain = T.honor[code + _POW5[j - 27]] - row  # borrow-free: rows only grow
        else:
            gain = T.suit[code + _POW5[j - 9 * q]] - row
        if (gain & tight) != 0:
            out |= ONE << np.uint64(j)
    return out


@noref_kernel(literal=("M",))
def _discard_m(hand, nm, que, inset, visible, T, lo, hi, sc, c0, c1, c2, c3, n, M):
    """:func:`_efficient_discard` for ``M`` melds to go (a constant in its ``M = 4`` copy).

    The scan is :func:`_scan_full`'s (one row lookup and two bit operations per
    held kind).  A tie of several kinds is broken without recomputing any shanten: a drawn kind
    ``j`` lowers the standard shanten of the waiting hand ``W`` exactly when some
    split of the best overlap between ``j``'s part and the rest is *tight* (it
    reaches the maximum) at an entry where the part's row gains one from ``j``
    (rows grow by at most one per added tile, so the difference of two packed
    rows is a nibble mask of gains).  ``W`` differs from the hand only in the
    candidate's part, so its complements are the candidate's new row times a
    product of two unchanged parts, computed once.
    """
    (s, ties, first, std_best, r0, r1, r2, r3, C0, C1, C2, C3, P01, P23, pairs, odd, occ,
     full, par, tied) = _scan_full(hand, nm, T, lo, hi, 2, sc, c0, c1, c2, c3, n, M)
    if ties <= 1:
        return first, s
    # products of two parts, for the complements of the waiting hands (an empty
    # part's row is the identity, so with 定缺 done and no honors most are free)
    P02 = _cz_k(r0, r2, M)
    P03 = _cz_k(r0, r3, M)
    P12 = _cz_k(r1, r2, M)
    P13 = _cz_k(r1, r3, M)
    allowed = np.uint64(0)  # kinds of the tile set, but not of the missing suit
    for j in range(34):
        allowed |= np.uint64(inset[j] != 0) << np.uint64(j)
    allowed &= ~_part_bits(que)
    need = 3 * M + 1 - s  # the overlap of a waiting hand of shanten s
    best_k = -1
    best_u = -1
    while tied != 0:  # the tied kinds, lowest first
        k = np.int64(trailing_zeros(tied))
        tied &= tied - ONE
        p = k // 9 if k < 27 else 3
        cp = _pick(p, c0, c1, c2, c3) - _POW5[k - 9 * p]
        rp = _row_of(p, cp, T)
        bk = ONE << np.uint64(k)
        ck = hand[k]
        # W = hand - k: held kinds, kinds held four times, odd kinds, pairs and singles
        occw = occ if ck > 1 else occ & ~bk
        elig = _spread(occw) & allowed & ~(full & ~bk)
        parw = par ^ bk
        pw = pairs - ck // 2 + (ck - 1) // 2
        ow = odd - ck % 2 + (ck - 1) % 2
        better = np.uint64(0)
        if nm == 0:  # seven pairs: drawing an odd kind makes a pair, an even one a single
            if _s7(pw + 1, ow - 1, n) < s:
                better |= parw
            if _s7(pw, ow + 1, n) < s:
                better |= ~parw
            better &= elig
        rest = elig & ~better
        if (std_best & bk) != 0 and rest != 0:
            # W's complement of part q is C_q (q == p) or rp times the two other
            # parts; only the parts holding candidate kinds need theirs
            if (rest & PART0) != 0:
                w = rp if p == 0 else r0
                D = C0 if p == 0 else _cz_k(rp, _pick(p, P23, P23, P13, P12), M)
                better |= _part_gains(rest & PART0, 0, cp if p == 0 else c0, w,
                                      _tight(w, D, need, M), T)
            if (rest & PART1) != 0:
                w = rp if p == 1 else r1
                D = C1 if p == 1 else _cz_k(rp, _pick(p, P23, P23, P03, P02), M)
                better |= _part_gains(rest & PART1, 1, cp if p == 1 else c1, w,
                                      _tight(w, D, need, M), T)
            if (rest & PART2) != 0:
                w = rp if p == 2 else r2
                D = C2 if p == 2 else _cz_k(rp, _pick(p, P13, P03, P01, P01), M)
                better |= _part_gains(rest & PART2, 2, cp if p == 2 else c2, w,
                                      _tight(w, D, need, M), T)
            if (rest & PART3) != 0:
                w = rp if p == 3 else r3
                D = C3 if p == 3 else _cz_k(rp, _pick(p, P12, P02, P01, P01), M)
                better |= _part_gains(rest & PART3, 3, cp if p == 3 else c3, w,
                                      _tight(w, D, need, M), T)
        u = 0
        while better != 0:
            j = np.int64(trailing_zeros(better))
            better &= better - ONE
            live = 4 - hand[j] - visible[j] + (1 if j == k else 0)
            if live > 0:
                u += live
        if u > best_u:
            best_u = u
            best_k = k
    return best_k, s


@noref_kernel
def _random_discard(hand, state):
    n = 0
    for k in range(34):
        n += hand[k]
    j = _below(state, n)
    for k in range(34):
        if j < hand[k]:
            return k
        j -= hand[k]
    return -1  # pragma: no cover


@noref_kernel
def _value_target(hand, mk, mt, nm, que):
    """Value bot's target: 0 none, 1 七对, 2 清一色 (suit in the high byte), 3 对对胡."""
    pairs = 0
    groups = 0
    for k in range(34):
        if hand[k] >= 2:
            pairs += hand[k] // 2
            groups += 1
    if nm == 0 and pairs >= 5:
        return 1
    # one suit: count tiles per (non-missing) suit, melds included
    for s in range(3):
        if s == que:
            continue
        n = _suit_tiles(hand, s)
        ok = True
        for i in range(nm):
            if mk[i] // 9 == s and mk[i] < 27:
                n += 3
            else:
                ok = False
        if ok and n >= 9:
            return 2 + 256 * s
    all_pong = True
    for i in range(nm):
        if mt[i] == 0:
            all_pong = False
    if all_pong and groups + nm >= 4:
        return 3
    return 0


@inline_kernel
def _choose_discard(hand, nm, mt, mk, que, bot, inset, visible, T, state, sc):
    """Tile a seat discards from its complete-size hand (``14 - 3k`` concealed).

    Returns ``(kind, shanten after)``; the shanten is -99 when the policy did not
    compute it (the caller computes it then).
    """
    q = _que_discard(hand, que)
    if q >= 0:
        return q, -99
    if bot == RANDOM:
        return _random_discard(hand, state), -99
    if bot == VALUE:
        tgt = _value_target(hand, mk, mt, nm, que)
        kind = tgt % 256
        if kind == 1:
            k, s = _efficient_discard(hand, nm, que, inset, visible, T, 0, 34, 1, sc)
            return k, -99
        if kind == 2:
            s_keep = tgt // 256
            # off-suit tiles go first, the least useful of them
            for lo in (0, 9, 18, 27):
                if lo < 27 and lo // 9 == s_keep:
                    continue
                hi = lo + 9 if lo < 27 else 34
                k, s = _efficient_discard(hand, nm, que, inset, visible, T, lo, hi, 2, sc)
                if k >= 0:
                    return k, s
        if kind == 3:
            # discard a single: the one with the fewest live copies
            best = -1
            best_live = 99
            for k in range(34):
                if hand[k] == 1:
                    live = 4 - 1 - visible[k]
                    if live < best_live:
                        best_live = live
                        best = k
            if best >= 0:
                return best, -99
    return _efficient_discard(hand, nm, que, inset, visible, T, 0, 34, 2, sc)


@inline_kernel
def _shanten_any(hand, T):
    """Same as ``_shanten(hand, 2, T)`` (the smaller of standard and seven pairs).

    The overlap is a call of the kernel :func:`~mjstats.core.shanten._overlap_codes`
    (which unrolls ``M = 4``): its body inlined here twice, for ``M = 4`` and a
    variable ``M``, cost about 3 s of compilation of every caller.
    """
    c0, c1, c2, c3, n = _codes(hand)
    M = (n - 1) // 3
    if M > MAX_MELDS:
        M = MAX_MELDS
    st = 3 * M + 1 - _overlap_codes(c0, c1, c2, c3, M, T)
    pairs, odd = _pair_stats(hand)
    s7 = _s7(pairs, odd, n)
    return st if st < s7 else s7


@noref_kernel
def _best_after(hand, nm, T, sc):
    """Shanten of a complete-size hand after its best discard."""
    return _discard_scan(hand, nm, T, 0, 34, 2, sc)


@inline_kernel
def _takes_win(bot, v, forced, wall_left):
    """Whether a seat takes a win worth ``v`` on another's discard (it may pass it).

    ``zimo`` wins only on its own draw; ``value`` passes a win worth 1 while more
    than 20 tiles are left; a win the rules force (``forced``: Sichuan's last four
    tiles) is always taken.
    """
    if forced:
        return True
    if bot == ZIMO:
        return False
    return not (bot == VALUE and v <= 1 and wall_left > 20)


@inline_kernel
def _robs_kong(bot):
    """Whether a seat wins on a tile another adds to a kong (抢杠): every bot but ``zimo``."""
    return bot != ZIMO


@noref_kernel
def _want_pong(hand, tile, nm, mt, mk, que, bot, T, state, sc):
    """Whether a seat pongs ``tile`` (its waiting-size ``hand`` holds two or more)."""
    if bot == RANDOM:
        return _below(state, 2) == 1
    if bot == VALUE:
        tgt = _value_target(hand, mk, mt, nm, que)
        kind = tgt % 256
        if kind == 3:
            return True
        if kind == 2 and tile < 27 and tile // 9 == tgt // 256:
            return True
        if kind == 1:
            return False
    s_now = _shanten(hand, 2, T)
    hand[tile] -= 2
    s_after = _discard_scan(hand, nm + 1, T, 0, 34, 2, sc)
    hand[tile] += 2
    return s_after <= s_now


@noref_kernel
def _want_kong(hand, removed_kind, removed_n, s_ref, bot, T, state):
    """Whether a kong that takes ``removed_n`` copies of ``removed_kind`` from the hand is kept.

    ``s_ref`` is the shanten to compare with (the hand's shanten before the kong, as a
    waiting-size hand).
    """
    if bot == RANDOM:
        return _below(state, 2) == 1
    hand[removed_kind] -= removed_n
    s = _shanten(hand, 2, T)
    hand[removed_kind] += removed_n
    return s <= s_ref


@noref_kernel
def _claims_kong(hand, tile, bot, T, state):
    """Whether a seat kongs (直杠) ``tile`` another discarded (its ``hand`` holds three).

    The same test as a kong on its own turn (:func:`_want_kong`), against the
    hand's shanten before the kong.
    """
    return _want_kong(hand, tile, 3, _shanten(hand, 2, T), bot, T, state)


@inline_kernel
def _choose_kong(hand, nm, mt, mk, que, bot, T, state, sc):
    """The kong a seat makes on its turn: ``(kind, type)``, or ``(-1, 0)`` for none.

    ``hand`` is complete-size (``14 - 3 nm`` concealed), its exposed melds ``mt``,
    ``mk``.  The candidates, lowest kind first, never of the missing suit ``que``:
    four in hand (暗杠, ``CKONG``) or a pong with its fourth in hand (弯杠,
    ``ADDKONG``); the first one :func:`_want_kong` keeps is made, its shanten
    compared with the hand's after its best discard (:func:`_best_after`).
    Inlined: most turns offer no kong, and the test for one is a branch-free pass
    over the counts.
    """
    cand = 0
    for k in range(34):
        if hand[k] == 4:
            cand = 1
    for i in range(nm):
        if mt[i] == PONG and hand[mk[i]] > 0:
            cand = 1
    s_ref = -9
    for k in range(34 if cand else 0):
        if hand[k] == 0 or (k < 27 and k // 9 == que):
            continue
        typ = 0
        if hand[k] == 4:
            typ = CKONG
        else:
            for i in range(nm):
                if mt[i] == PONG and mk[i] == k:
                    typ = ADDKONG
        if typ == 0:
            continue
        if s_ref == -9 and bot != RANDOM:
            s_ref = _best_after(hand, nm, T, sc)
        n_rm = 4 if typ == CKONG else 1
        if _want_kong(hand, k, n_rm, s_ref, bot, T, state):
            return k, typ
    return -1, 0


@inline_kernel
def _chow_fits(hand, tile, lo):
    """Whether ``hand`` chows the suit tile ``tile`` into the run from ``lo``.

    The run lies in the tile's suit and the hand holds its two other tiles.
    """
    base = tile - tile % 9
    if lo < base or lo + 2 > base + 8:
        return False
    for x in range(lo, lo + 3):
        if x != tile and hand[x] < 1:
            return False
    return True


@noref_kernel
def _choose_chow(hand, tile, nm, mt, mk, que, bot, T, state, sc):
    """Lowest kind of the run a seat chows with ``tile`` from its left, or -1 to decline.

    Efficiency: the run whose best discard afterwards gives the lowest shanten, if
    that is no worse than now.  Value: never toward 七对/对对胡, only in its suit
    toward 清一色.  Random: a random possible run half of the time.
    """
    if tile >= 27:
        return -1
    n_opt = 0
    best = -1
    best_s = 99
    for lo in (tile - 2, tile - 1, tile):
        if not _chow_fits(hand, tile, lo):
            continue
        n_opt += 1
        if bot == RANDOM:
            continue
        for x in range(lo, lo + 3):
            if x != tile:
                hand[x] -= 1
        s = _discard_scan(hand, nm + 1, T, 0, 34, 2, sc)
        for x in range(lo, lo + 3):
            if x != tile:
                hand[x] += 1
        if s < best_s:
            best_s = s
            best = lo
    if n_opt == 0:
        return -1
    if bot == RANDOM:
        if _below(state, 2) == 0:
            return -1
        j = _below(state, n_opt)
        for lo in (tile - 2, tile - 1, tile):
            if _chow_fits(hand, tile, lo):
                if j == 0:
                    return lo
                j -= 1
        return -1  # pragma: no cover
    if bot == VALUE:
        tgt = _value_target(hand, mk, mt, nm, que)
        kind = tgt % 256
        if kind == 1 or kind == 3:
            return -1
        if kind == 2 and tile // 9 != tgt // 256:
            return -1
    if bot == ZIMO or bot == EFFICIENCY or bot == VALUE or _ev_like(bot):
        if best_s <= _shanten(hand, 2, T):
            return best
    return -1
