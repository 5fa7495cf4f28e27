"""The exact odds over the hand graph: the backward recursion and the forward pass.

Backward (tomohxx's recursion, "和了確率" eq. 6 and 8, generalised): ``V[u, a]``
is the objective's value of 13-tile state ``a`` at draw ``u`` (``u`` draws made,
``T - u`` left), ``V[T, a] = 0``.  A draw edge ``(k, e_k, b)`` leads to 14-tile
state ``b``, whose value at ``u + 1`` is the best of its discards
(``VB[b] = max V[u + 1, a']``) or, for a legal win, the win itself (objective
``win``: 1; ``ready``: 1 once ``b`` is ready; ``value``: the larger of the win's
value and playing on).  With ``g_k`` that value::

    V[u, a] = (1 - W / D) V[u + 1, a] + sum_k e_k g_k / D,   W = sum_k e_k

over the *branch* edges: in the published fast mode every draw that lowers
shanten (all of the graph's edges), when improving only the draws worth keeping
(``g_k > V[u + 1, a]``: a drawn tile may always be thrown at once).
``D = S - u`` in the published model; by default ``D = max(S - u, W)``, so that
no probability exceeds 1.

Every choice (which discard, win now or play on, keep a draw or throw it back)
compares the objective first, then on a tie (within ``1e-12``) a second quantity
(the expected value when the objective is a probability, the probability of
winning when it is the value), then the probability of becoming ready.  ``V2``
and ``V3`` carry those under the chosen policy, so that every number reported
is the same whatever the tile labels, and a ready hand reached on the last
draw, worth nothing more to the objective, still counts as ready.

Forward: the same branches, followed from each root candidate under that
policy, give the probability of being ready and of having won by each draw,
the expected value, the distribution of the winning value and how often each
pattern is part of the win.

:func:`_odds_of` is one missing suit's whole answer in one call from Python: the
graph (:mod:`mjstats.discard._graph`), both passes (:func:`_solve_graph`) and the
candidates' 进张.

In the passes' inner loops an index read from an array (an edge's state, a
win, a candidate's bit: :func:`~mjstats.core.bits._next_bit`) or an edge run's
bounds is cast to ``np.uint64`` before it indexes: numba handles a signed index
that might be negative (counting from the end) with a test on every access, an
unsigned one it uses as is.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from mjstats._jit import inline_kernel, kernel, noref_kernel, separate
from mjstats.core.bits import _next_bit
from mjstats.discard._graph import N_PATTERNS, STATUS_OK, _build, _improvers

OBJ_WIN = 0
OBJ_READY = 1
OBJ_VALUE = 2


TIE = 1e-12


@inline_kernel
def _cmp(x, y):
    """1 if ``x`` beats ``y`` beyond the tie tolerance, -1 if it loses, 0 on a tie."""
    t = TIE * max(1.0, abs(y))
    if x > y + t:
        return 1
    if x < y - t:
        return -1
    return 0


@inline_kernel
def _better(x1, x2, x3, y1, y2, y3):
    """Whether ``(x1, x2, x3)`` beats ``(y1, y2, y3)`` in that order of importance."""
    c = _cmp(x1, y1)
    if c == 0:
        c = _cmp(x2, y2)
        if c == 0:
            c = _cmp(x3, y3)
    return c > 0


@inline_kernel
def _b_values(Vu, V2u, V3u, u1, T, b_s, b_d, b_start, eb_a, VB, VB2, VB3, bestA):
    """Values of every 14-tile state at draw ``u1`` (its best discard) and that discard's target.

    ``Vu``, ``V2u``, ``V3u`` are the 13-tile states' values at that draw.  A state
    not reached by then (``b_d > u1``), or that can no longer become ready
    (shanten above the ``T - u1`` draws left), is worth 0 and discards to no
    state (-1): the forward pass never meets the first, and whatever mass reaches
    the second can count for nothing.
    """
    left = T - u1
    for b in range(VB.shape[0]):
        best = 0.0
        best2 = 0.0
        best3 = 0.0
        arg = -1
        if b_d[b] <= u1 and b_s[b] <= left:
            for e in range(np.uint64(b_start[b]), np.uint64(b_start[b + 1])):
                ai = eb_a[e]
                a = np.uint64(ai)
                if arg < 0 or _better(Vu[a], V2u[a], V3u[a], best, best2, best3):
                    best = Vu[a]
                    best2 = V2u[a]
                    best3 = V3u[a]
                    arg = ai
        VB[b] = best
        VB2[b] = best2
        VB3[b] = best3
        bestA[b] = arg


@inline_kernel
def _edge_value(e, ea_b, ea_win, w_val, b_s, VB, VB2, VB3, objective):
    """``(g, g2, g3, terminal)`` of draw edge ``e``: values at the next draw, end of play."""
    b = np.uint64(ea_b[e])
    win = ea_win[e]
    if objective == OBJ_WIN:
        if win >= 0:
            return 1.0, w_val[np.uint64(win)], 1.0, True
        return VB[b], VB2[b], VB3[b], False
    if objective == OBJ_READY:
        if b_s[b] <= 0:
            return 1.0, 0.0, 1.0, True
        return VB[b], VB2[b], VB3[b], False
    if win >= 0:
        v = w_val[np.uint64(win)]
        if not _better(VB[b], VB2[b], VB3[b], v, 1.0, 1.0):
            return v, 1.0, 1.0, True
    return VB[b], VB2[b], VB3[b], False


STEP_THROWN = 0
STEP_MOVE = 1
STEP_END = 2


@inline_kernel
def _kept(a, u1, improve, a_start, ea_w, ea_b, ea_win, w_val, b_s, here, here2, here3,
          VB, VB2, VB3, objective, step):
    """The draws state ``a`` keeps at draw ``u1 - 1``: their weight and weighted values.

    ``here``, ``here2``, ``here3`` are the hand's own values at ``u1`` (a draw thrown
    back leaves it as it is).  Returns ``W`` and the sums of weight x value of the
    three quantities, and records each draw's fate in ``step[u1 - 1, e]``: thrown
    back (the hand stays), kept to move on (to its 14-tile state's best discard),
    or kept to end play (a win, or a ready hand under the ready objective).  The
    fast mode keeps every edge; improving, a draw is kept when it beats the hand as
    it is (:func:`_better`).
    """
    W = 0.0
    acc = 0.0
    acc2 = 0.0
    acc3 = 0.0
    # _better(g, g2, g3, here, here2, here3) with the hand's tolerances worked out once
    t1 = TIE * max(1.0, abs(here))
    t2 = TIE * max(1.0, abs(here2))
    t3 = TIE * max(1.0, abs(here3))
    for e in range(np.uint64(a_start[a]), np.uint64(a_start[a + 1])):
        g, g2, g3, end = _edge_value(e, ea_b, ea_win, w_val, b_s, VB, VB2, VB3, objective)
        if improve != 0:
            if g > here + t1:
                keep = True
            elif g < here - t1:
                keep = False
            elif g2 > here2 + t2:
                keep = True
            elif g2 < here2 - t2:
                keep = False
            else:
                keep = g3 > here3 + t3
            if not keep:
                step[_prow(u1 - 1, step), e] = STEP_THROWN
                continue
        step[_prow(u1 - 1, step), e] = STEP_END if end else STEP_MOVE
        w = float(ea_w[e])
        W += w
        acc += w * g
        acc2 += w * g2
        acc3 += w * g3
    return W, acc, acc2, acc3


@inline_kernel
def _prow(u, X):
    """The row of policy array ``X`` (``step``, ``kept_w``) for draw ``u``: ``u``, or 0 of one row.

    In the fast mode under the win and ready objectives every draw is kept and
    which ends play does not depend on the draw, so :func:`_solve_graph` gives
    both arrays a single row, the same at every draw.
    """
    return u if X.shape[0] > 1 else 0


@inline_kernel
def _row(u, V):
    """The row of ``V`` that holds draw ``u``: ``u`` itself, or ``u % 2`` in two rolling rows."""
    return u if V.shape[0] > 2 else u & 1


@noref_kernel
def _backward(a_s, a_d, improve, a_start, b_s, b_d, b_start, ea_w, ea_b, ea_win, eb_a, w_val,
              S, T, objective, published, V, V2, V3, step, kept_w, best_at, VB, VB2, VB3,
              roots, Vr):
    """Fill ``V``, ``V2``, ``V3`` (zeros on entry) backwards from draw ``T - 1``.

    Each holds every 13-tile state's values by draw, one row per draw so that a
    draw's pass reads one contiguous row: ``T + 1`` rows, or two rolling rows
    (draw ``u`` in row ``u % 2``) when only the values of the candidates
    ``roots`` are wanted afterwards, copied into ``Vr[c, u]`` as each draw is done
    (``roots`` may be empty).  A state ``d`` exchanges from the root
    (``a_d``) is reached at draw ``d`` at the earliest, and a state of shanten
    ``s > 0`` cannot even become ready after draw ``T - s``: outside those draws
    its values are never read (with two rows they may hold another draw's) and
    its policy is never followed.

    Records the policy for :func:`_forward`, row ``u`` for draw ``u``: ``step[u, e]``
    (see :func:`_kept`), ``kept_w[u, a]`` the weight state ``a`` keeps, ``best_at[u, b]``
    the 13-tile state that 14-tile state ``b`` discards to, at every draw where
    either pass reads them (they may start unset; ``step`` and ``kept_w`` may hold
    one row for every draw, :func:`_prow`).  ``VB``, ``VB2``, ``VB3``
    are scratch rows of the 14-tile states' values (no reference counting here:
    the caller owns every array).
    """
    nA = a_s.shape[0]
    for a in range(nA):
        if a_s[a] <= 0:  # ready: the probability of becoming ready is 1
            for u in range(T + 1):
                V3[_row(u, V3), a] = 1.0
                if objective == OBJ_READY:
                    V[_row(u, V), a] = 1.0
    r = _row(T, V)
    for c in range(roots.shape[0]):
        Vr[c, T] = V[r, roots[c]]
    for u in range(T - 1, -1, -1):
        r1 = _row(u + 1, V)
        r = _row(u, V)
        _b_values(V[r1], V2[r1], V3[r1], u + 1, T, b_s, b_d, b_start, eb_a, VB, VB2,
                  VB3, best_at[u])
        left = float(S - u)
        for a in range(nA):
            s = a_s[a]
            if u < a_d[a] or (s > 0 and u > T - s):
                continue
            if objective == OBJ_READY and s <= 0:  # ready: play has stopped, no draw is kept
                for e in range(a_start[a], a_start[a + 1]):
                    step[_prow(u, step), e] = STEP_THROWN
                continue
            here = V[r1, a]
            here2 = V2[r1, a]
            here3 = V3[r1, a]
            W, acc, acc2, acc3 = _kept(a, u + 1, improve, a_start, ea_w, ea_b, ea_win, w_val,
                                       b_s, here, here2, here3, VB, VB2, VB3, objective, step)
            kept_w[_prow(u, kept_w), a] = W
            D = left if published or W <= left else W
            V[r, a] = (1.0 - W / D) * here + acc / D
            V2[r, a] = (1.0 - W / D) * here2 + acc2 / D
            if s > 0:
                V3[r, a] = (1.0 - W / D) * here3 + acc3 / D
        for c in range(roots.shape[0]):
            Vr[c, u] = V[r, roots[c]]


@noref_kernel
def _forward(roots, a_s, a_d, a_start, b_s, ea_w, ea_b, ea_win, w_val, w_vidx, w_pat, S, T,
             objective, published, step, kept_w, best_at, win_at, ready_at, ev_at, hist, pat,
             q0, q1, n0, n1, live):
    """Follow every root candidate forward under the policy :func:`_backward` recorded.

    Writes, per candidate ``c`` and draw ``u`` (0-based: the ``u + 1``-th draw), the
    probability of winning at that draw (``win_at``), of first being ready at it
    (``ready_at``) and the value won at it (``ev_at``); ``hist[c, v]`` the probability
    of a win worth the ``v``-th distinct value, ``pat[c, i]`` the probability of a
    win holding pattern ``i``.
    ``q0``/``q1`` (``nA x C``, zeros) hold each state's probability of not yet /
    already having been ready, ``n0``/``n1`` the next draw's, ``live`` (``int64``
    zeros) the set of candidates that reached each state (bit ``c``; a state no
    candidate reached is 0): scratch the caller owns.  Each loop over the
    candidates skips those that never reached the state, whose probability there
    is 0: the sums get the same terms, and in the fast mode, where each candidate
    reaches a third or so of the states, the pass does about half the work of
    loops over every candidate.  A state is visited at the draws
    :func:`_backward` recorded its policy for (no earlier than its exchanges
    ``a_d``, while it can still become ready), so the policy arrays need hold
    nothing else.
    """
    nA = a_s.shape[0]
    C = roots.shape[0]
    for c in range(C):
        r = roots[c]
        if a_s[r] <= 0:
            q1[r, c] = 1.0
        else:
            q0[r, c] = 1.0
        live[r] |= np.int64(1) << np.int64(c)
    for u in range(T):
        left = float(S - u)
        for a in range(nA):
            if live[a] == 0 or u < a_d[a] or (a_s[a] > 0 and u > T - a_s[a]):
                continue  # not reached yet, or too late to become ready: nothing more to count
            # only the columns of the candidates that reached the state: every other one
            # is 0 (bit by bit, lowest first, as in each loop below over ``c``)
            bits_a = live[a]
            if objective == OBJ_READY and a_s[a] <= 0:
                cb = bits_a
                while cb != 0:  # ready: the ready objective is met, play stops
                    c, cb = _next_bit(cb)
                    n1[a, c] += q1[a, c]
                continue
            W = kept_w[_prow(u, kept_w), a]
            D = left if published or W <= left else W
            stay = 1.0 - W / D
            cb = bits_a
            while cb != 0:
                c, cb = _next_bit(cb)
                n0[a, c] += stay * q0[a, c]
                n1[a, c] += stay * q1[a, c]
            for e in range(np.uint64(a_start[a]), np.uint64(a_start[a + 1])):
                st = step[_prow(u, step), e]
                if st == STEP_THROWN:
                    continue
                p = float(ea_w[e]) / D
                if st == STEP_END:
                    win = ea_win[e]  # -1 under the ready objective (a ready hand ends play)
                    cb = bits_a
                    while cb != 0:
                        c, cb = _next_bit(cb)
                        m0 = p * q0[a, c]
                        m = m0 + p * q1[a, c]
                        if m == 0.0:
                            continue
                        ready_at[c, u] += m0
                        if objective != OBJ_READY:
                            wu = np.uint64(win)  # a win: >= 0
                            win_at[c, u] += m
                            ev_at[c, u] += m * w_val[wu]
                            hist[c, np.uint64(w_vidx[wu])] += m
                            bits = w_pat[wu]
                            while bits != 0:  # its patterns, lowest first
                                i, bits = _next_bit(bits)
                                pat[c, i] += m
                else:
                    ti = best_at[u, np.uint64(ea_b[e])]
                    if ti < 0:
                        continue
                    t = np.uint64(ti)
                    live[t] |= live[a]
                    to_ready = a_s[t] <= 0
                    cb = bits_a
                    while cb != 0:
                        c, cb = _next_bit(cb)
                        m0 = p * q0[a, c]
                        if to_ready:
                            ready_at[c, u] += m0
                            n1[t, c] += m0 + p * q1[a, c]
                        else:
                            n0[t, c] += m0
                            n1[t, c] += p * q1[a, c]
        # the next draw's probabilities become the current ones; the rows of the
        # states reached are cleared for the draw after (no other entry was written)
        q0, n0 = n0, q0
        q1, n1 = n1, q1
        for a in range(nA):
            if live[a] != 0:
                cb = live[a]
                while cb != 0:
                    c, cb = _next_bit(cb)
                    n0[a, c] = 0.0
                    n1[a, c] = 0.0


@noref_kernel
def _policy_discards(a_s, a_d, a_start, step, best_at, ea_kind, ea_b, b_start, eb_kind, eb_a,
                     disc):
    """The recorded policy as the tile to throw: ``disc[u, e]`` for draw ``u`` and draw edge ``e``.

    The drawn kind itself when the draw is thrown back, the kind whose discard
    leads to the 14-tile state's best discard when it is kept to move on, and -1
    where the policy says nothing: play ends there (a win, or a ready hand under
    the ready objective), the state discards to none, or the state cannot be
    there at that draw (before its exchanges from the root, or too late to
    become ready).  This is what a seat playing the exact policy throws
    (:mod:`mjstats.sim.engine`); where it says nothing the seat's bot decides.
    ``disc`` is ``T x edges``, filled here.
    """
    T = disc.shape[0]
    for a in range(a_s.shape[0]):
        s = a_s[a]
        for e in range(a_start[a], a_start[a + 1]):
            for u in range(T):
                disc[u, e] = -1
                if u < a_d[a] or (s > 0 and u > T - s):
                    continue
                st = step[_prow(u, step), e]
                if st == STEP_THROWN:
                    disc[u, e] = ea_kind[e]
                    continue
                if st == STEP_END:
                    continue
                b = ea_b[e]
                t = best_at[u, b]
                for f in range(b_start[b], b_start[b + 1]):
                    if eb_a[f] == t:
                        disc[u, e] = eb_kind[f]
                        break


@kernel
def _distinct(w):
    """The distinct values of ``w`` in ascending order, and each entry's index among them.

    As ``np.unique(w, return_inverse=True)``; a few distinct values (the values of
    a hand's wins), so each is found by a scan, without numba's sort.
    """
    d = 0
    vals = np.empty(w.shape[0])
    for i in range(w.shape[0]):
        x = w[i]
        j = 0
        while j < d and vals[j] < x:
            j += 1
        if j < d and vals[j] == x:
            continue
        for q in range(d, j, -1):
            vals[q] = vals[q - 1]
        vals[j] = x
        d += 1
    idx = np.empty(w.shape[0], dtype=np.int64)
    for i in range(w.shape[0]):
        j = 0
        while j < d - 1 and vals[j] != w[i]:
            j += 1
        idx[i] = j
    return vals[:d].copy(), idx


class Work(NamedTuple):
    """Room for the policy, the forward pass's probabilities and the graph's hash tables.

    Kept from one solve to the next: flat buffers (``float64``, ``uint8``,
    ``int32``) that :func:`_solve_graph` cuts its largest arrays from, growing
    them when a search needs more, and the two hash tables of the last graph
    (``tA``, ``tB``, used again by :func:`~mjstats.discard._graph._build` where
    their size fits): a new buffer of that size each time would have the
    allocator hand back, and the system map again, the same few megabytes on
    every call (``mjstats.discard.solo`` keeps one per thread).
    """

    f: np.ndarray
    b: np.ndarray
    i: np.ndarray
    tA: np.ndarray
    tB: np.ndarray


@kernel
def _take(buf, n):
    """``buf`` when it holds ``n`` entries, else a new buffer of ``n`` or more (twice ``buf``'s)."""
    if buf.shape[0] >= n:
        return buf
    return np.empty(max(n, 2 * buf.shape[0]), dtype=buf.dtype)


@separate
@kernel
def _solve_graph(roots, a_s, a_d, improve, a_start, b_s, b_d, b_start, ea_w, ea_b, ea_win, eb_a,
                 w_val, w_pat, S, T, objective, published, work):
    """:func:`_backward`, then :func:`_forward` from every root candidate, in one call.

    ``roots`` are the 13-tile states of the candidates; the policy and the forward
    pass's probabilities are cut from ``work`` (:class:`Work`).  Returns ``(V, win_at,
    ready_at, ev_at, hist, values, pat, step, best_at, work)``: ``V[c, u]`` the
    objective's value of candidate ``c`` at draw ``u``, the forward pass's
    arrays (``hist`` over ``values``, the distinct values of the wins in
    ascending order), the recorded policy (``step``, ``best_at``, for
    :func:`_policy_discards`, in ``work``'s buffers) and the buffers, grown if
    this search needed more.
    """
    nA = a_s.shape[0]
    nB = b_s.shape[0]
    C = roots.shape[0]
    E = ea_b.shape[0]
    V = np.zeros((2, nA))  # two rolling rows: only the candidates' values are kept by draw
    V2 = np.zeros((2, nA))
    V3 = np.zeros((2, nA))
    Vr = np.empty((C, T + 1))
    # the policy, draw by draw: written by _backward wherever _forward reads it;
    # in the fast mode under the win and ready objectives what a state keeps is
    # the same at every draw (every draw kept, and a draw ends play or not by
    # itself), so ``step`` and ``kept_w`` hold one row (:func:`_prow`)
    Tp = 1 if improve == 0 and objective != OBJ_VALUE else T
    f = _take(work.f, Tp * nA + 4 * nA * C)
    b8 = _take(work.b, Tp * E)
    i32 = _take(work.i, T * nB)
    step = b8[: Tp * E].reshape((Tp, E))
    kept_w = f[: Tp * nA].reshape((Tp, nA))
    best_at = i32[: T * nB].reshape((T, nB))
    q = f[Tp * nA : Tp * nA + 4 * nA * C]  # the forward pass's probabilities, zeros
    q[:] = 0.0
    _backward(a_s, a_d, improve, a_start, b_s, b_d, b_start, ea_w, ea_b, ea_win, eb_a, w_val,
              S, T, objective, published, V, V2, V3, step, kept_w, best_at, np.zeros(nB),
              np.zeros(nB), np.zeros(nB), roots, Vr)
    values, vidx = _distinct(w_val)
    win_at = np.zeros((C, T))
    ready_at = np.zeros((C, T))
    ev_at = np.zeros((C, T))
    hist = np.zeros((C, max(values.shape[0], 1)))
    pat = np.zeros((C, N_PATTERNS))
    _forward(roots, a_s, a_d, a_start, b_s, ea_w, ea_b, ea_win, w_val, vidx, w_pat, S, T, objective,
             published, step, kept_w, best_at, win_at, ready_at, ev_at, hist, pat,
             q[: nA * C].reshape((nA, C)), q[nA * C : 2 * nA * C].reshape((nA, C)),
             q[2 * nA * C : 3 * nA * C].reshape((nA, C)), q[3 * nA * C :].reshape((nA, C)),
             np.zeros(nA, dtype=np.int64))
    return (Vr, win_at, ready_at, ev_at, hist, values, pat, step, best_at,
            Work(f, b8, i32, work.tA, work.tB))


@kernel
def _odds_of(hand, avail, dead, miss, form, improve, extra, objective, root_all, T, max_states,
             score_mode, family, values, sw, mt, mk, nm, flags, Tb, Q, as_is, S, published,
             keep_policy, work):
    """The exact odds of ``hand`` for one missing suit: the graph, the recursion, the 进张.

    :func:`~mjstats.discard._graph._build` (the arguments up to ``Q``), then
    :func:`_solve_graph` from the candidates (the root itself when ``as_is``,
    otherwise each discard of the 14-tile root) and
    :func:`~mjstats.discard._graph._improvers`, in one call from Python
    (nothing of the graph is returned but what the result needs).  Returns
    ``(status, s_root, states, kinds, shanten, jin, V, win_at, ready_at, ev_at,
    hist, values, pat, a_table, a_start, ea_kind, disc)``: ``kinds`` the discards
    (-1 as is), ``shanten`` each candidate's, ``jin[c, k]`` the live copies of
    each kind that lowers it; with ``keep_policy`` the exact policy
    (:class:`mjstats.discard.solo.Policy`: the 13-tile states' table and edge
    runs, the kinds drawn, ``disc`` from :func:`_policy_discards`; the table a
    copy), otherwise the table and ``disc`` are empty; then ``work``
    (:class:`Work`), grown if the search needed more, holding this graph's hash
    tables for the next search.  Past ``max_states`` nothing is solved:
    ``status``, ``s_root`` and ``states``, and empty arrays.
    """
    # hands differing only by interchangeable honors may be one state (the graph
    # says where), unless a policy is kept: the engine looks its states up by hand
    sym = 0 if keep_policy else 1
    (status, s_root, _, a_s, a_d, _, a_start, _, b_s, b_d, b_start, ea_kind, ea_w, ea_b,
     ea_win, eb_kind, eb_a, w_val, w_pat, tA, tB) = _build(
        hand, hand, avail, dead, miss, form, improve, extra, objective, root_all, T,
        max_states, score_mode, family, values, sw, mt, mk, nm, flags, sym, Tb, Q, work.tA,
        work.tB)
    work = Work(work.f, work.b, work.i, tA, tB)  # the tables kept for the next search
    states = a_s.shape[0] + b_s.shape[0]
    if status != STATUS_OK:  # past max_states: no numbers, only the status and the shanten
        none = np.zeros((0, 0))
        return (status, s_root, states, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64),
                np.zeros((0, 34), dtype=np.int64), none, none, none, none, none, np.zeros(0),
                none, np.empty((0, 4), dtype=np.int64), a_start, ea_kind,
                np.zeros((0, 0), dtype=np.int8), work)
    # the policy's table of states is the caller's to keep: a copy, not the kept table
    a_table = tA.copy() if keep_policy else np.empty((0, 4), dtype=np.int64)
    if as_is:
        roots = np.zeros(1, dtype=np.int64)
        kinds = np.full(1, -1, dtype=np.int64)
    else:
        roots = eb_a[b_start[0] : b_start[1]].astype(np.int64)
        kinds = eb_kind[b_start[0] : b_start[1]].astype(np.int64)
    C = roots.shape[0]
    shanten = np.empty(C, dtype=np.int64)
    for c in range(C):
        shanten[c] = a_s[roots[c]]
    V, win_at, ready_at, ev_at, hist, vals, pat, step, best_at, work = _solve_graph(
        roots, a_s, a_d, improve, a_start, b_s, b_d, b_start, ea_w, ea_b, ea_win, eb_a, w_val,
        w_pat, S, T, objective, published, work)
    jin = np.zeros((C, 34), dtype=np.int64)
    cand = np.empty((C, 34), dtype=np.int8)  # each candidate's hand (a state's may be in
    for c in range(C):                       # another order of its honors)
        for k in range(34):
            cand[c, k] = hand[k]
        if not as_is:
            cand[c, kinds[c]] -= 1
    _improvers(cand, avail, dead, miss, form, Q, jin)
    disc = np.empty((T if keep_policy else 0, ea_b.shape[0] if keep_policy else 0),
                    dtype=np.int8)
    if keep_policy:
        _policy_discards(a_s, a_d, a_start, step, best_at, ea_kind, ea_b, b_start, eb_kind, eb_a,
                         disc)
    return (status, s_root, states, kinds, shanten, jin, V, win_at, ready_at, ev_at, hist, vals,
            pat, a_table, a_start, ea_kind, disc, work)
