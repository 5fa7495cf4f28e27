"""The hand graph of the exact odds: 13- and 14-tile states joined by draws and discards.

A state is a concealed hand, keyed by its four part codes (base 5 per suit, as in
:mod:`mjstats.core.tables`): ``lo = c0 + c1 * 5**9 + c2 * 5**18`` (below 2**63) and
``hi = c3``.  "A" states hold 13 tiles (``13 - 3k`` with ``k`` exposed melds) and
wait for a draw; "B" states hold one more and wait for a discard.  The graph is
built breadth first from the root (the 14-tile input, or a 13-tile input as its
only candidate) in one non-recursive kernel with its own open-addressing hash
tables, so that every state is stored once with its edges in one contiguous run
(CSR):

* an A state's draw edges: the kind drawn, its weight ``e_k = avail_k - h_k``
  (copies not seen, a tile the player threw counting again) and the B state it
  makes, plus the index of the win when that B state is a legal complete hand;
* a B state's discard edges: the kind thrown and the A state left.

With ``sym`` (no policy kept, no honor's value of its own, no honor melded: see
:func:`_build`) a state made by an honor's move is stored with its honors in
canonical order (:func:`_honors_in_order`): one state for each class of hands
that differ only by honors with as many copies unseen and as many in the input.

Which edges exist is the search bound of :mod:`mjstats.discard.solo`: with
``improve`` off only draws that lower shanten and discards that keep it; with it
on every draw and every discard from a state whose exchanges so far plus its
shanten stay below the root's shanten plus ``extra`` (tomohxx's bound), and the
shanten-only moves beyond.  Shanten is *legal* shanten: tiles of the missing
suit (定缺) never count towards a win and must be thrown first.

A state's row and an edge's slot index as ``np.uint64``, as in
:mod:`mjstats.discard._dp` (no negative-index test per access).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from mjstats._jit import inline_kernel, kernel, noref_kernel, separate
from mjstats.core.codes import _codes
from mjstats.core.handtable import _emptied, _key, _lookup, _rehash
from mjstats.core.shanten import _overlap_q, _part_keys
from mjstats.scoring.kernels import HONORS_ALL, HONORS_NONE, _honor_groups, _reads_win_tile, _score

_POW5 = np.array([5**i for i in range(9)], dtype=np.int64)

N_PATTERNS = 63
"""Patterns a win's pattern set holds (bits of an ``int64``, :func:`_draws`)."""

STATUS_OK = 0
STATUS_TOO_BIG = 1

FIRST_STATES = np.array([[64, 64, 256, 2048, 16384], [256, 1024, 4096, 8192, 16384]])
"""The states :func:`_build` first makes room for, by mode (fast, improving) and root shanten.

About what such a search reaches on random hands (``benchmarks/bench_odds.py``
prints the states), so that a search seldom grows and rehashes its arrays while
a small one allocates little; the arrays still double whenever a search needs more.
"""


@kernel
def _grow1(a, cap):
    """``a`` copied into ``cap`` entries; the rest is left unset (written before it is read)."""
    out = np.empty(cap, dtype=a.dtype)
    for i in range(a.shape[0]):
        out[i] = a[i]
    return out


@kernel
def _grow2(a, cap):
    """``a`` copied into ``cap`` rows; the rest is left unset (written before it is read)."""
    out = np.empty((cap, a.shape[1]), dtype=a.dtype)
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            out[i, j] = a[i, j]
    return out


@inline_kernel
def _legal_shanten(c0, c1, c2, c3, n, pairs, odd, miss, form, Q):
    """Shanten towards a legal win: the missing suit's tiles never count.

    ``c0..c3`` are the part codes, ``n`` the concealed tiles, ``pairs``/``odd`` the
    seven-pairs tallies of the kinds outside the missing suit; ``form`` 0
    standard, 1 seven pairs, 2 either.  A missing suit's code is taken as empty:
    its tiles overlap no legal target, so they must all be exchanged.
    """
    c0, c1, c2, c3 = _legal_codes(c0, c1, c2, c3, miss)
    s = 127
    if form != 1:
        M = (n - 1) // 3
        if M > 4:
            M = 4
        s = 3 * M + 1 - _overlap_q(c0, c1, c2, c3, M, Q)
    return _with_seven_pairs(s, n, pairs, odd, form)


@inline_kernel
def _legal_codes(c0, c1, c2, c3, miss):
    """The part codes with the missing suit's taken as empty (its tiles never count)."""
    if miss == 0:
        c0 = 0
    elif miss == 1:
        c1 = 0
    elif miss == 2:
        c2 = 0
    return c0, c1, c2, c3


@inline_kernel
def _with_seven_pairs(s, n, pairs, odd, form):
    """The lower of the standard shanten ``s`` and seven pairs' (``form`` 1 or 2, 13+ tiles)."""
    if form != 0 and n >= 13:
        used = pairs if pairs < 7 else 7
        rest = 7 - used
        s7 = 13 - 2 * used - (odd if odd < rest else rest)
        if s7 < s:
            s = s7
    return s


@inline_kernel
def _part(k):
    return k // 9 if k < 27 else 3


@inline_kernel
def _part_moves(p, code, other, a01, b23, h, avail, step, M, s7_same, s7_pair, s7_odd, miss, form,
                dead, Q, out):
    """:func:`_moved_shanten` of the kinds of part ``p`` (a constant) of a move to ``M`` melds.

    ``other`` is the row index of ``p``'s partner in its half (suit 0 with suit
    1, suit 2 with the honors), ``a01`` and ``b23`` the halves' products; the
    move changes one part's key, so its half's product, then the overlap.
    ``s7_*`` are seven pairs' shanten after a move that changes no tally (a
    missing-suit kind), makes or breaks a pair, or adds or removes an odd kind
    (127 below 13 tiles: no seven pairs).
    """
    for i in range(9 if p < 3 else 7):
        k = 9 * p + i
        x = h[k]
        if (step < 0 and x == 0) or (step > 0 and (x >= avail[k] or p == miss)):
            # no such tile to remove, or none left to draw (never a fifth copy: the code
            # would carry), or a missing-suit draw: no caller reads a shanten there
            out[k] = 127
            continue
        if p == miss:  # the part stays empty
            ov = np.int64(Q.final[M, a01, b23])
        else:
            c = np.uint64(code + step * _POW5[i])  # a code >= 0
            if p == 0:
                ov = np.int64(Q.final[M, Q.suit_suit[np.int64(Q.suit_key[c]) & 255, other], b23])
            elif p == 1:
                ov = np.int64(Q.final[M, Q.suit_suit[other, np.int64(Q.suit_key[c]) & 255], b23])
            elif p == 2:
                ov = np.int64(Q.final[M, a01, Q.suit_honor[np.int64(Q.suit_key[c]) & 255, other]])
            else:
                ov = np.int64(Q.final[M, a01, Q.suit_honor[other, np.int64(Q.honor_key[c]) & 255]])
        s = 3 * M + 1 - ov
        if form != 0:
            if dead[k] != 0:
                s7 = s7_same
            elif (x % 2 == 1) == (step > 0):
                s7 = s7_pair
            else:
                s7 = s7_odd
            s = s7 if form == 1 else min(s, s7)
        out[k] = s


@noref_kernel
def _moved_shanten(c0, c1, c2, c3, h, avail, step, n, pairs, odd, miss, form, dead, Q, out):
    """Legal shanten of hand ``h`` after one tile of each kind more (``step`` 1) or less (-1).

    ``out[k]`` for every kind, 127 where there is no such tile to remove, or
    none to draw: no live copy (``avail[k]`` copies unseen, the hand's
    included) or a kind of the missing suit ``miss`` (whose draws are never
    kept); ``c0..c3, n, pairs, odd`` are :func:`_state_codes` of ``h``.
    The move leaves ``n + step`` tiles, ``M`` melds and a pair to make: :class:`Overlap4`
    lookups, the parts' row indices and the two products a move leaves alone
    once, then per kind its part's new key, the product with its partner and
    the overlap (:func:`_part_moves`, one loop per part).
    """
    M = (n + step - 1) // 3
    c0, c1, c2, c3 = _legal_codes(c0, c1, c2, c3, miss)
    k0, k1, k2, k3 = _part_keys(c0, c1, c2, c3, Q)
    i0 = k0 & 255
    i1 = k1 & 255
    i2 = k2 & 255
    i3 = k3 & 255
    a01 = np.int64(Q.suit_suit[i0, i1])
    b23 = np.int64(Q.suit_honor[i2, i3])
    n1 = n + step
    s7_same = _with_seven_pairs(127, n1, pairs, odd, 1)
    s7_pair = _with_seven_pairs(127, n1, pairs + step, odd - step, 1)
    s7_odd = _with_seven_pairs(127, n1, pairs, odd + step, 1)
    _part_moves(0, c0, i1, a01, b23, h, avail, step, M, s7_same, s7_pair, s7_odd, miss, form,
                dead, Q, out)
    _part_moves(1, c1, i0, a01, b23, h, avail, step, M, s7_same, s7_pair, s7_odd, miss, form,
                dead, Q, out)
    _part_moves(2, c2, i3, a01, b23, h, avail, step, M, s7_same, s7_pair, s7_odd, miss, form,
                dead, Q, out)
    _part_moves(3, c3, i2, a01, b23, h, avail, step, M, s7_same, s7_pair, s7_odd, miss, form,
                dead, Q, out)


@inline_kernel
def _with_part(c0, c1, c2, c3, p, delta):
    if p == 0:
        c0 += delta
    elif p == 1:
        c1 += delta
    elif p == 2:
        c2 += delta
    else:
        c3 += delta
    return c0, c1, c2, c3


@inline_kernel
def _state_codes(h, dead):
    """``(c0, c1, c2, c3, n, pairs, odd)`` of a hand (the seven-pairs tallies skip ``dead``).

    The codes by :func:`~mjstats.core.codes._codes`, the tallies in one loop without
    branches (both vectorise: some ten nanoseconds a state).
    """
    c0, c1, c2, c3, n = _codes(h)
    pairs = np.int64(0)
    odd = np.int64(0)
    for k in range(34):
        x = np.int64(h[k]) * (1 - np.int64(dead[k]))
        pairs += x >> 1
        odd += x & 1
    return c0, c1, c2, c3, n, pairs, odd


@kernel
def _grow_states(hands, info, start):
    """The state arrays of a graph with room for twice as many states."""
    cap = 2 * info.shape[0]
    return _grow2(hands, cap), _grow2(info, cap), _grow1(start, cap + 1)


@inline_kernel
def _insert(t, slot, lo, hi, i, hands, h, kind, delta, info, s, d, full):
    """Record state ``i``: its key at ``slot``, its hand (``h`` and ``delta`` of ``kind``).

    Also its shanten ``s``, its exchanges ``d`` from the root and whether it
    expands every move (``full``).
    """
    t[slot, 0] = lo
    t[slot, 1] = hi
    t[slot, 2] = i
    t[slot, 3] = 0  # no win scored yet (:func:`_draws`)
    iu = np.uint64(i)
    for q in range(34):
        hands[iu, q] = h[q]
    hands[iu, kind] += delta
    info[iu, 0] = s
    info[iu, 1] = d
    info[iu, 2] = full


@kernel
def _room(t, n, hands, info, start, more):
    """The table and state arrays with room for ``more`` states beyond ``n``.

    Called once per state expanded, before its moves, so that adding a state in
    the inner loop never reallocates (the arrays are rebound here only).
    """
    while n + more > info.shape[0]:
        hands, info, start = _grow_states(hands, info, start)
    while 2 * (n + more) > t.shape[0]:
        t = _rehash(t, 2 * t.shape[0])
    return t, hands, info, start


@kernel
def _room1(a, need):
    """``a``, or a copy grown by doubling to at least ``need`` entries."""
    if need <= a.shape[0]:
        return a
    cap = a.shape[0]
    while cap < need:
        cap *= 2
    return _grow1(a, cap)


@inline_kernel
def _find_or_add(t, lo, hi, n, hands, info, h, kind, delta, s, d, full):
    """The index of the state keyed ``(lo, hi)``, added as state ``n`` if new.

    Returns the index, the new count of states and the state's table slot (its
    payload: :func:`_draws`); the arrays have room (:func:`_room`).
    """
    slot = _lookup(t, lo, hi)
    i = t[slot, 2]
    if i >= 0:
        return i, n, slot
    _insert(t, slot, lo, hi, n, hands, h, kind, delta, info, s, d, full)
    return n, n + 1, slot


class _Search(NamedTuple):
    """The fixed facts of one graph search (see :func:`_build`)."""

    miss: int
    form: int
    improve: int
    extra: int
    objective: int
    root_all: int
    T_draws: int
    s_root: int
    root_is_b: int
    score_mode: int
    family: int
    nm: int
    flags: int
    sym: int  # which honors are interchangeable (``HONORS_*``, :func:`_honors_in_order`)


@inline_kernel
def _honors_in_order(g, avail, origin, groups):
    """Put the honors of ``g`` in their canonical order, in place.

    Honors that have as many copies unseen (``avail``) and as many in the input
    (``origin``) are interchangeable where the value cannot tell them apart
    (``groups``, :func:`~mjstats.scoring.kernels._honor_groups`: any two honors,
    or two winds or two dragons): an honor counts only as a pair, a triplet or
    a seven-pairs kind, its draws are as likely as the other's, and trading the
    two changes no hand's exchanges from the input (so no search bound).
    Within each group of such honors the counts are put in non-increasing order
    of kind, so that every hand of a class has one key (some twenty comparisons).
    """
    for i in range(27, 33):
        for j in range(i + 1, 34):
            if groups != HONORS_ALL and (i < 31) != (j < 31):
                continue  # a wind and a dragon
            if avail[j] == avail[i] and origin[j] == origin[i] and g[j] > g[i]:
                x = g[i]
                g[i] = g[j]
                g[j] = x


@inline_kernel
def _moved(h, kind, delta, P, avail, origin, e0, e1, e2, e3, g):
    """The state ``h`` with ``delta`` of ``kind`` makes: its key, and the hand to store.

    ``e0..e3`` are the part codes after the move.  Returns ``(lo, hi, hand,
    kind, delta)`` for :func:`_find_or_add`: ``h`` and the move itself, or, for
    an honor's move under ``P.sym``, the moved hand with its honors in order
    (:func:`_honors_in_order`) written into the scratch hand ``g``, and no move.
    Every other move keeps a hand's honors in order (a root's are: its counts
    within a group are equal).
    """
    if P.sym == HONORS_NONE or kind < 27:
        lo, hi = _key(e0, e1, e2, e3)
        return lo, hi, h, kind, delta
    for q in range(34):
        g[q] = h[q]
    g[kind] += delta
    _honors_in_order(g, avail, origin, P.sym)
    e3 = np.int64(0)
    for i in range(7):
        e3 += np.int64(g[27 + i]) * _POW5[i]
    lo, hi = _key(e0, e1, e2, e3)
    return lo, hi, g, 0, 0


@inline_kernel
def _discards(ib, P, origin, avail, dead, h, sh, b_hand, b_info, tA, a_hand, a_info, nA,
              eb_kind, eb_a, neB, g, Q):
    """Expand 14-tile state ``ib``: its discard edges and the 13-tile states they leave.

    The arrays have room for 34 more states and edges (:func:`_room`).  Returns the
    new counts of 13-tile states and of discard edges; ``g`` is scratch for
    :func:`_moved`.
    """
    ibu = np.uint64(ib)
    for k in range(34):
        h[k] = b_hand[ibu, k]
    s14 = np.int64(b_info[ibu, 0])
    d14 = np.int64(b_info[ibu, 1])
    is_root = P.root_is_b != 0 and ib == 0
    if is_root:
        full = P.root_all != 0
    else:
        full = P.improve != 0 and d14 + s14 < P.s_root + P.extra
    if not (is_root or s14 >= 0 or P.objective == 2):
        return nA, neB  # a win, not played on
    c0, c1, c2, c3, n, pairs, odd = _state_codes(h, dead)
    # the missing suit's tiles (``dead``: the kinds of suit ``P.miss``) must go
    # first, and which of them goes does not matter (they never count, and a drawn
    # one is thrown at once): past the root, only the lowest is thrown, so hands
    # differing only in which dead tiles they still hold are not searched again
    # and again; throwing it leaves the legal shanten as it is (the legal codes and
    # the seven-pairs tallies do not change, nor the melds a hand of 13 or 14 needs)
    first_dead = -1
    if P.miss >= 0:
        for k in range(9 * P.miss, 9 * P.miss + 9):
            if h[k] > 0:
                first_dead = k
                break
    held_dead = first_dead >= 0
    lo_j, hi_j = 0, 34
    if held_dead:
        lo_j, hi_j = (9 * P.miss, 9 * P.miss + 9) if is_root else (first_dead, first_dead + 1)
    if is_root or not held_dead:
        _moved_shanten(c0, c1, c2, c3, h, avail, -1, n, pairs, odd, P.miss, P.form, dead, Q, sh)
    for j in range(lo_j, hi_j):
        if h[j] == 0:
            continue
        p = _part(j)
        s13 = sh[j] if is_root or not held_dead else s14
        if not full and s13 != s14:
            continue
        e0, e1, e2, e3 = _with_part(c0, c1, c2, c3, p, -_POW5[j - 9 * p])
        dd = d14 - (1 if h[j] > origin[j] else 0)
        lo, hi, src, kind, delta = _moved(h, j, -1, P, avail, origin, e0, e1, e2, e3, g)
        a, nA, _ = _find_or_add(tA, lo, hi, nA, a_hand, a_info, src, kind, delta, s13, dd,
                                1 if P.improve != 0 and dd + s13 < P.s_root + P.extra else 0)
        eb_kind[np.uint64(neB)] = j
        eb_a[np.uint64(neB)] = a
        neB += 1
    return nA, neB


@inline_kernel
def _draws(ia, P, origin, avail, dead, h, sh, a_hand, a_info, tB, b_hand, b_info, nB,
           ea_kind, ea_w, ea_b, ea_win, neA, w_val, w_pat, nW, values, sw, mt, mk, scratch, T,
           Q):
    """Expand 13-tile state ``ia``: its draw edges, the 14-tile states and the wins they make.

    The arrays have room for 34 more states, edges and wins (:func:`_room`).
    Returns the new counts of 14-tile states, draw edges and wins.  The scorer's
    scratch hand ``conc`` is :func:`_moved`'s scratch too, done with before a win
    is scored.
    """
    iau = np.uint64(ia)
    for k in range(34):
        h[k] = a_hand[iau, k]
    s = np.int64(a_info[iau, 0])
    d = np.int64(a_info[iau, 1])
    if d + s > P.T_draws:
        return nB, neA, nW  # can never become ready in the draws left
    full = a_info[iau, 2] != 0
    c0, c1, c2, c3, n, pairs, odd = _state_codes(h, dead)
    _moved_shanten(c0, c1, c2, c3, h, avail, 1, n, pairs, odd, P.miss, P.form, dead, Q,
                   sh)
    conc, buf, work, hits, best, info = scratch
    for k in range(34):
        w = avail[k] - h[k]
        if w <= 0 or dead[k] != 0:
            continue
        p = _part(k)
        s14 = sh[k]
        if not full and s14 >= s:
            continue
        d14 = d + (1 if h[k] >= origin[k] else 0)
        if P.improve != 0 and s14 > P.T_draws - d14:
            continue
        e0, e1, e2, e3 = _with_part(c0, c1, c2, c3, p, _POW5[k - 9 * p])
        lo, hi, src, kk, dl = _moved(h, k, 1, P, avail, origin, e0, e1, e2, e3, conc)
        b, nB, slot = _find_or_add(tB, lo, hi, nB, b_hand, b_info, src, kk, dl, s14, d14, 0)
        win = -1
        if s14 == -1:
            # a complete hand: its win, scored once per hand where the won tile does not
            # matter (kept in the hand's table row: 0 not yet, 1 no legal win, 2 + its index)
            by_hand = P.score_mode == 0 or not _reads_win_tile(P.family)
            if by_hand and tB[slot, 3] != 0:
                win = tB[slot, 3] - 2
            else:
                v = 1.0
                pat = np.int64(0)
                if P.score_mode != 0:
                    for q in range(34):
                        conc[q] = h[q]
                    conc[k] += 1
                    tot = _score(conc, mt, mk, P.nm, k, P.flags, P.family, values, sw, T, buf,
                                 work, hits, best, info)
                    v = float(tot)
                    for q in range(best.shape[0]):
                        if best[q] > 0 and q < N_PATTERNS:
                            pat |= np.int64(1) << np.int64(q)
                if v >= 0:
                    win = nW
                    w_val[nW] = v
                    w_pat[nW] = pat
                    nW += 1
                if by_hand:
                    tB[slot, 3] = win + 2
        e = np.uint64(neA)
        ea_kind[e] = k
        ea_w[e] = w
        ea_b[e] = b
        ea_win[e] = win
        neA += 1
    return nB, neA, nW


class Arrays(NamedTuple):
    """The arrays a graph is built in (see :func:`_build`).

    The two hash tables, the states' hands, facts and edge runs, the edges and the wins.
    """

    tA: np.ndarray
    tB: np.ndarray
    a_hand: np.ndarray
    a_info: np.ndarray  # shanten, exchanges from the root, full
    a_start: np.ndarray
    b_hand: np.ndarray
    b_info: np.ndarray  # shanten, exchanges from the root, -
    b_start: np.ndarray
    ea_kind: np.ndarray
    ea_w: np.ndarray
    ea_b: np.ndarray
    ea_win: np.ndarray
    eb_kind: np.ndarray
    eb_a: np.ndarray
    w_val: np.ndarray
    w_pat: np.ndarray


@kernel
def _arrays(cap, ecap, wcap, tA, tB):
    """Empty graph arrays: room for ``cap`` states of each size, ``ecap`` edges, ``wcap`` wins.

    Only the tables are set (every slot empty; ``tA`` and ``tB`` kept from an
    earlier search are used again where their size fits,
    :func:`~mjstats.core.handtable._emptied`): a state's hand and facts, its
    edge run's start, an edge and a win are each written when made, before
    anything reads them, so those arrays are left unset (no page of unused room
    is touched).
    """
    return Arrays(
        _emptied(tA, 2 * cap), _emptied(tB, 2 * cap),
        np.empty((cap, 34), dtype=np.int8), np.empty((cap, 3), dtype=np.int8),
        np.empty(cap + 1, dtype=np.int64),
        np.empty((cap, 34), dtype=np.int8), np.empty((cap, 3), dtype=np.int8),
        np.empty(cap + 1, dtype=np.int64),
        np.empty(ecap, dtype=np.int8), np.empty(ecap, dtype=np.int16),
        np.empty(ecap, dtype=np.int32), np.empty(ecap, dtype=np.int32),
        np.empty(ecap, dtype=np.int8), np.empty(ecap, dtype=np.int32),
        np.empty(wcap, dtype=np.float64), np.empty(wcap, dtype=np.int64))


@kernel
def _grown(G, cnt):
    """``G`` with room for 34 more states, edges and wins beyond the counts ``cnt``."""
    nA, nB, neA, neB, nW = cnt[2], cnt[3], cnt[4], cnt[5], cnt[6]
    tA, a_hand, a_info, a_start = _room(G.tA, nA, G.a_hand, G.a_info, G.a_start, 34)
    tB, b_hand, b_info, b_start = _room(G.tB, nB, G.b_hand, G.b_info, G.b_start, 34)
    return Arrays(tA, tB, a_hand, a_info, a_start, b_hand, b_info, b_start,
                  _room1(G.ea_kind, neA + 34), _room1(G.ea_w, neA + 34),
                  _room1(G.ea_b, neA + 34), _room1(G.ea_win, neA + 34),
                  _room1(G.eb_kind, neB + 34), _room1(G.eb_a, neB + 34),
                  _room1(G.w_val, nW + 34), _room1(G.w_pat, nW + 34))


@noref_kernel
def _plant(root, c0, c1, c2, c3, n, s_root, improve, extra, apart, G, cnt):
    """Put ``root`` (its :func:`_state_codes` and legal shanten given) into the empty graph ``G``.

    Returns whether it holds 14 tiles: a 14-tile root (``14 - 3k``) is 14-tile
    state 0, a 13-tile one 13-tile state 0; ``cnt`` (the search's position and
    counts, see :func:`_expand`) is reset.  With ``apart`` a 14-tile root is
    kept out of its hash table: its discards are the candidates (every legal
    one with ``root_all``), and a hand that draws back to it later is a state of
    its own, whose discards follow the search bound like any other's.  Without
    it (the ``ev`` bot's searches by default, :data:`mjstats.sim.ev.REOPEN`)
    drawing back to the root reaches the root itself, every discard open again.
    A 13-tile root expands as any 13-tile state of its shanten would, and is
    always in the table.
    """
    for i in range(8):
        cnt[i] = 0
    lo, hi = _key(c0, c1, c2, c3)
    if n % 3 == 2:
        t, hands, info = G.tB, G.b_hand, G.b_info
        cnt[3] = 1
    else:
        t, hands, info = G.tA, G.a_hand, G.a_info
        cnt[2] = 1
    if n % 3 != 2 or apart == 0:
        j = _lookup(t, lo, hi)
        t[j, 0] = lo
        t[j, 1] = hi
        t[j, 2] = 0
        t[j, 3] = 0
    for q in range(34):
        hands[0, q] = root[q]
    info[0, 0] = s_root
    info[0, 1] = 0
    info[0, 2] = 1 if n % 3 != 2 and improve != 0 and extra > 0 else 0
    return n % 3 == 2


STATUS_ROOM = 2


@separate
@noref_kernel
def _expand(P, G, cnt, origin, avail, dead, h, sh, values, sw, mt, mk, scratch,
            max_states, T, Q):
    """Expand the graph breadth first from where ``cnt`` says, in the arrays ``G``.

    ``cnt`` holds the next 13- and 14-tile states to expand, the counts of states,
    edges and wins and the phase (expanding 14-tile states, or 13-tile ones):
    ``(ia, ib, nA, nB, neA, neB, nW, phase)``, updated here.  Returns
    ``STATUS_OK`` when every state is expanded, ``STATUS_TOO_BIG`` past
    ``max_states``, or ``STATUS_ROOM`` when the arrays lack room for the next
    state's 34 moves: the caller grows them (:func:`_grown`) and calls again (the
    search goes on exactly where it stopped), or, owning fixed arrays, gives up.
    :func:`_discards` and :func:`_draws` are inlined here, their one call site,
    so that expanding a state passes none of their forty-odd arrays through a call.
    """
    ia, ib, nA, nB, neA, neB, nW = cnt[0], cnt[1], cnt[2], cnt[3], cnt[4], cnt[5], cnt[6]
    phase = cnt[7]
    status = STATUS_OK
    while status == STATUS_OK and (ia < nA or ib < nB):
        if phase == 0:
            while ib < nB:  # 14-tile states: their discards
                if (nA + 34 > G.a_info.shape[0] or 2 * (nA + 34) > G.tA.shape[0]
                        or neB + 34 > G.eb_a.shape[0]):
                    status = STATUS_ROOM
                    break
                G.b_start[ib] = neB
                nA, neB = _discards(ib, P, origin, avail, dead, h, sh, G.b_hand, G.b_info,
                                    G.tA, G.a_hand, G.a_info, nA, G.eb_kind, G.eb_a, neB,
                                    scratch[0], Q)
                G.b_start[ib + 1] = neB
                ib += 1
                if nA + nB > max_states:
                    status = STATUS_TOO_BIG
                    break
            if status != STATUS_OK:
                break
            phase = 1
        while ia < nA:  # 13-tile states: their draws
            if (nB + 34 > G.b_info.shape[0] or 2 * (nB + 34) > G.tB.shape[0]
                    or neA + 34 > G.ea_b.shape[0] or nW + 34 > G.w_val.shape[0]):
                status = STATUS_ROOM
                break
            G.a_start[ia] = neA
            nB, neA, nW = _draws(ia, P, origin, avail, dead, h, sh, G.a_hand, G.a_info,
                                 G.tB, G.b_hand, G.b_info, nB, G.ea_kind, G.ea_w, G.ea_b,
                                 G.ea_win, neA, G.w_val, G.w_pat, nW, values, sw, mt, mk,
                                 scratch, T, Q)
            G.a_start[ia + 1] = neA
            ia += 1
            if nA + nB > max_states:
                status = STATUS_TOO_BIG
                break
        if status == STATUS_OK:
            phase = 0
    cnt[0], cnt[1], cnt[2], cnt[3], cnt[4], cnt[5], cnt[6] = ia, ib, nA, nB, neA, neB, nW
    cnt[7] = phase
    return status


@separate
@kernel
def _build(root, origin, avail, dead, miss, form, improve, extra, objective, root_all,
           T_draws, max_states,
           score_mode, family, values, sw, mt, mk, nm, flags, sym, T, Q, tA, tB):
    """Build the hand graph from ``root`` (14 tiles: a B root; 13: an A root).

    ``origin`` is the 14-tile input (distance counts tiles beyond it); ``avail``
    the copies of each kind not seen by the player (tile set minus visible);
    ``dead`` the kinds never kept (missing suit); ``objective`` 0 win, 1 ready,
    2 value (a complete hand may then be played on); ``root_all`` 1 to try every
    legal discard of a 14-tile root, 0 only those keeping its shanten (as the
    published calculators); ``T_draws`` the draws.

    States are pruned by time: a state ``d`` exchanges from the root is reached at
    draw ``d`` at the earliest.  A 13-tile state whose shanten exceeds the draws it
    then has left is not expanded (it can never become ready: value 0, its
    probability stays).  When improving, a draw after which the hand cannot even
    become ready in the draws left is no edge at all: its value would be 0, never
    worth keeping. ``score_mode`` 0 values every
    win 1, 1 asks the rule set's scorer (self-draw ``flags``, melds ``mt mk nm``).
    ``sym`` 1 lets the search keep one hand of each class of hands that differ
    only by interchangeable honors (:func:`_honors_in_order`), 0 where the
    caller reads a state's hand by its kinds.  Which honors are interchangeable:
    any two where every win is worth 1, those the rule set's table treats alike
    otherwise (:func:`~mjstats.scoring.kernels._honor_groups`), none with a
    meld of an honor (a melded kind and one held concealed would not trade
    places in the score).

    The search itself is :func:`_expand`, here in arrays grown as it needs
    (the game engine's ``ev`` bot runs it in fixed arrays of its own).

    ``tA`` and ``tB`` are hash tables kept from an earlier search (or empty): used
    again, emptied, where their size fits (:func:`~mjstats.core.handtable._emptied`).

    Returns ``(status, s_root, A arrays, B arrays, edge arrays, win arrays, the tables
    of the 13- and 14-tile states)``, named where :func:`mjstats.discard._dp._odds_of`
    unpacks them.
    """
    c0, c1, c2, c3, n, pairs, odd = _state_codes(root, dead)
    s_root = _legal_shanten(c0, c1, c2, c3, n, pairs, odd, miss, form, Q)
    if sym != 0:  # which honors are interchangeable (HONORS_*)
        sym = HONORS_ALL if score_mode == 0 else _honor_groups(family)
    for i in range(nm):
        if mk[i] >= 27:
            sym = HONORS_NONE
    cap = FIRST_STATES[1 if improve != 0 else 0, min(max(s_root, 0), FIRST_STATES.shape[1] - 1)]
    G = _arrays(cap, 4 * cap, cap, tA, tB)  # grown as the search needs
    cnt = np.zeros(8, dtype=np.int64)
    root_is_b = _plant(root, c0, c1, c2, c3, n, s_root, improve, extra, 1, G, cnt)
    P = _Search(miss, form, improve, extra, objective, root_all, T_draws, s_root,
                1 if root_is_b else 0, score_mode, family, nm, flags, sym)
    scratch = (np.zeros(34, dtype=np.int8), np.full((64, 5), -1, dtype=np.int16),
               np.zeros((10, 34), dtype=np.int64), np.zeros(values.shape[0], dtype=np.int64),
               np.zeros(values.shape[0], dtype=np.int64), np.zeros(4, dtype=np.int64))
    h = np.zeros(34, dtype=np.int8)
    sh = np.zeros(34, dtype=np.int64)
    status = STATUS_ROOM
    while status == STATUS_ROOM:
        status = _expand(P, G, cnt, origin, avail, dead, h, sh, values, sw, mt, mk,
                         scratch, max_states, T, Q)
        if status == STATUS_ROOM:
            G = _grown(G, cnt)
    nA, nB, neA, neB, nW = cnt[2], cnt[3], cnt[4], cnt[5], cnt[6]
    return (status, s_root,
            G.a_hand[:nA], G.a_info[:nA, 0].copy(), G.a_info[:nA, 1].copy(),
            G.a_info[:nA, 2].astype(np.uint8), G.a_start[: nA + 1],
            G.b_hand[:nB], G.b_info[:nB, 0].copy(), G.b_info[:nB, 1].copy(),
            G.b_start[: nB + 1],
            G.ea_kind[:neA], G.ea_w[:neA], G.ea_b[:neA], G.ea_win[:neA],
            G.eb_kind[:neB], G.eb_a[:neB],
            G.w_val[:nW], G.w_pat[:nW], G.tA, G.tB)


@kernel
def _improvers(hands, avail, dead, miss, form, Q, out):
    """Live copies of every kind whose draw lowers the legal shanten of a hand, into ``out``.

    ``out[i, k]`` for the hand ``hands[i]`` (0 where the draw of ``k`` does not
    lower it, or no copy is live); one call for every candidate of a search.
    """
    sh = np.zeros(34, dtype=np.int64)
    for i in range(hands.shape[0]):
        h = hands[i]
        c0, c1, c2, c3, n, pairs, odd = _state_codes(h, dead)
        s = _legal_shanten(c0, c1, c2, c3, n, pairs, odd, miss, form, Q)
        _moved_shanten(c0, c1, c2, c3, h, avail, 1, n, pairs, odd, miss, form, dead, Q, sh)
        for k in range(34):
            w = avail[k] - h[k]
            if w > 0 and dead[k] == 0 and sh[k] < s:
                out[i, k] = w
