"""The ``ev`` bot: each choice by the exact expected value of the hand against the wall.

A seat playing ``ev`` asks the exact odds solver (:mod:`mjstats.discard`) what
its hand is worth: the expected value of a self-drawn win in the rule set's
unit (the scorer's value of every complete hand reached), its probability of
winning as the tie-break, under the solo model of :mod:`mjstats.discard.solo`
(every legal discard of the hand in front of it a candidate): for a hand of
shanten :data:`IMPROVE_AT` (1) or less the improving search (a draw that widens
the hand may be kept, one wasted exchange allowed: ``improve=True, extra=1``),
otherwise, or when that search passes the bound, the fast mode
(``improve=False``: only draws that lower shanten are kept, every later discard
keeps shanten; ``settings(fast=False)`` leaves such a hand to ``efficiency``
instead).  One difference from :func:`mjstats.odds` in the fast mode
(:data:`REOPEN`): a hand that draws back the tile a candidate threw is the root
again, every discard open, where ``mj.odds`` makes it a hand like any other,
whose discards keep shanten.  The model's facts come from the table:

* the unseen tiles: the tile set less every discard and exposed meld
  (``visible``) and the seat's own concealed tiles;
* the draws left: the tiles left in the wall shared by the seats still in,
  ``wall_left // n_active``;
* the value of a win: self-drawn, dealer or not, with the seat's melds.

**Discard.**  At every discard the seat solves the hand in front of it (every
legal discard a candidate, so that a drawn tile that widens the hand can be
kept) with the table's facts of that moment, and throws the best candidate.
With ``follow`` (:func:`settings`) it
instead solves once and then follows the solved policy (after each draw: the
tile it says, a drawn tile of no use thrown back), a cache of every position
the search reached, solving again only when the hand leaves it (a call, the
policy's draws used up): faster, but blind to the tiles seen since its solve.
**Budget**: a search stops past ``max_states`` hands (default
:data:`MAX_STATES`); the seat then plays as ``efficiency`` and searches again
only once its shanten is lower than the one that failed.  A hand that cannot
become ready in the draws left, or whose candidates are all worth 0, also
plays as ``efficiency``.

**Win on a discard.**  Taken unless the hand is worth more played on: the
discard win's value ``v`` against the expected value of the waiting hand at its
next draw in the seat's last solve (the same unit, values not payments; a win
the rules force is always taken).

**定缺** (Sichuan, Guang'an).  At the deal each suit is tried as the missing one
(the hand as dealt, 13 tiles, or the dealer's 14 with its best discard); the
suit whose hand is worth the most is declared, the fewest tiles (``efficiency``)
breaking ties and deciding when every search passes the budget.

**Pong and chow.**  When another seat's discard can be ponged (or, with
chows, chowed), the seat solves its hand as it stands (passing: the draws
left, the discard now seen) and the hand after the call with its best discard
(taking: the two tiles of the meld exposed, the meld among the seat's), and
takes the call when that is worth more, then more likely to win; each possible
run of a chow is one candidate.  The solve of the call taken is the seat's
policy and its best discard is thrown next.  When a solve passes the budget,
or nothing is worth anything, or the two tie, the call follows ``efficiency``
(a call when shanten does not get worse).

**Kongs** follow ``efficiency``: a kong is paid in money at once (刮风下雨),
which is no part of the hand's value the solver weighs; the hand is solved
again after it.

All of it works in arrays allocated once per chunk of hands (:func:`ev_scratch`):
the engine, which allocates nothing, passes them down where it would pass the
table model's fixed policy (:func:`mjstats.sim.engine._play`'s ``pol``); the
helpers of :mod:`mjstats.sim.advice` choose between the two by the argument's
type, so that an engine run without ``ev`` seats compiles none of this.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import NamedTuple

import numpy as np

from mjstats._jit import inline_kernel, kernel, noref_kernel, separate
from mjstats.core.handtable import _clear, _find
from mjstats.discard import _dp, _graph
from mjstats.scoring import kernels as K
from mjstats.sim import bots as B

MAX_STATES = 2000
"""The ``ev`` bot's search bound: the hands one search may reach."""
T_MAX = 40
"""Most draws the ``ev`` bot's model looks ahead (more than any seat gets)."""
OBJECTIVES = {"value": _dp.OBJ_VALUE, "win": _dp.OBJ_WIN}
IMPROVE_AT = 1
"""The ``ev`` bot's improving search for a hand of this shanten or less (else the fast mode)."""
ROLLOUTS = 32
"""The ``rollout`` bot's rollouts per candidate discard."""
SETTINGS = {"max_states": MAX_STATES, "follow": False, "objective": "value",
            "improve_at": IMPROVE_AT, "fast": True, "rollouts": ROLLOUTS}
"""How the ``ev`` and ``rollout`` bots play in this process (:func:`settings`)."""


@contextmanager
def settings(max_states: int | None = None, follow: bool | None = None,
             objective: str | None = None, improve_at: int | None = None,
             fast: bool | None = None, rollouts: int | None = None):
    """Play the ``ev`` (and ``rollout``) bot otherwise within the ``with`` block (this process).

    ``max_states``: its search bound; ``follow``: solve once and follow the solved
    policy (else solve at every discard, the default); ``objective``: ``"value"``
    (the ``ev`` bot) or ``"win"`` (the probability of winning, value as tie-break);
    ``improve_at``: the improving search (draws that widen the hand kept, one
    wasted exchange allowed) for a hand of this shanten or less (default
    :data:`IMPROVE_AT`; -1: never); ``fast``: a hand of higher shanten, or one whose
    improving search passes the bound, is searched in the fast mode before it is
    left to ``efficiency`` (default ``True``; ``False`` leaves it to ``efficiency``
    at once: about twice as fast, as strong in the Sichuan tables and Guang'an,
    weaker in Liuzhou: ``docs/experiments.md``, 008); ``rollouts``: the ``rollout``
    bot's rollouts per candidate (default :data:`ROLLOUTS`).
    For experiments (``experiments/008_ev_variants.py``).  A run started inside
    the block takes the settings with it (:func:`run_settings`): its chunks play
    them wherever they run (threads or a Dask cluster), and its run folder records
    them, so that a ``--resume`` under other settings is refused.
    """
    old = dict(SETTINGS)
    new = {"max_states": max_states, "follow": follow, "objective": objective,
           "improve_at": improve_at, "fast": fast, "rollouts": rollouts}
    if objective is not None and objective not in OBJECTIVES:
        raise ValueError(f"objective is one of {', '.join(OBJECTIVES)}, got {objective!r}")
    if rollouts is not None and not (isinstance(rollouts, int) and rollouts >= 1):
        raise ValueError(f"rollouts is a whole number >= 1, got {rollouts!r}")
    SETTINGS.update({k: v for k, v in new.items() if v is not None})
    try:
        yield dict(SETTINGS)
    finally:
        SETTINGS.clear()
        SETTINGS.update(old)

# per-seat facts (EvScratch.seat columns)
S_VALID = 0   # 1: the seat's graph holds a solved policy
S_U0 = 1      # the seat's draws when it solved
S_T = 2       # the draws of the solved model
S_FAILED = 3  # the shanten whose search passed the budget (99: none)
S_SLOT = 4    # the graph slot of the seat's policy
S_NEXT = 5    # the discard a call's solve chose, thrown next (-1: none)
N_SEAT = 6

# configuration (EvScratch.cfg)
C_MAX_STATES = 0
C_DEALER = 1
C_SOLVES = 2     # searches made
C_FAILS = 3      # searches past the budget
C_FOLLOW = 4     # 1: follow a solved policy until the hand leaves it; 0: solve every discard
C_OBJECTIVE = 5  # what the search maximises: OBJ_VALUE (the ev bot) or OBJ_WIN
C_IMPROVE_AT = 6  # the improving search at this shanten or below (-1: never)
C_SPARE = 7      # the graph slot no seat owns (the 定缺 trials, a call's solve)
C_FAST = 8       # 1: past the improving search (or above its shanten) the fast mode; 0: none
C_REOPEN = 9     # 1: a hand drawn back to the root is the root again, every discard open
N_CFG = 10
REOPEN = 1
"""What :data:`C_REOPEN` holds in every seat's scratch.

1, the bot the measured tables were played with (``docs/match.md``): in its fast-mode
searches a hand that draws back the tile a candidate threw is the root again, every
discard open, a little optimistic for the candidates that raise shanten (it values
some of them above what :func:`mjstats.odds` gives, and can prefer them).  0 is
:func:`mjstats.odds`' model (the search's root kept apart, :func:`mjstats.discard._graph._plant`),
the one its tests compare the bot with; changing the default changes the bot's moves.
"""


class EvScratch(NamedTuple):
    """What the ``ev`` bot works in, allocated once per chunk (:func:`ev_scratch`).

    Five graph slots (one per seat and a spare, for the 定缺 trials and a call's
    solve; a call taken gives the seat the spare's slot) keep what a
    solved policy needs: the 13-tile states' table and edge runs, the kinds
    drawn, the values and the tile thrown by draw; the rest of a search is
    shared; :func:`_graph_of` views a slot as the solver's
    :class:`~mjstats.discard._graph.Arrays`.
    """

    cfg: np.ndarray          # int64 (N_CFG,)
    seat: np.ndarray         # int64 (4, N_SEAT)
    tA: np.ndarray           # int64 (5, tcap, 4): per slot (tcap: a power of two >= 2 cap)
    a_start: np.ndarray      # int64 (5, cap + 1)
    ea_kind: np.ndarray      # int8 (5, ecap)
    V: np.ndarray            # float64 (5, T_MAX + 1, cap)
    disc: np.ndarray         # int8 (5, T_MAX, ecap)
    tB: np.ndarray           # the rest of a search, shared
    a_hand: np.ndarray
    a_info: np.ndarray
    b_hand: np.ndarray
    b_info: np.ndarray
    b_start: np.ndarray
    ea_w: np.ndarray
    ea_b: np.ndarray
    ea_win: np.ndarray
    eb_kind: np.ndarray
    eb_a: np.ndarray
    w_val: np.ndarray
    w_pat: np.ndarray
    V2: np.ndarray           # float64 (T_MAX + 1, cap)
    V3: np.ndarray
    step: np.ndarray         # uint8 (T_MAX, ecap)
    kept_w: np.ndarray       # float64 (T_MAX, cap)
    best_at: np.ndarray      # int32 (T_MAX, cap)
    VB: np.ndarray           # float64 (cap,)
    VB2: np.ndarray
    VB3: np.ndarray
    a_s: np.ndarray          # int8 (cap,): the 13-tile states' shanten, exchanges
    a_d: np.ndarray
    b_s: np.ndarray          # int8 (cap,): the 14-tile states'
    b_d: np.ndarray
    cnt: np.ndarray          # int64 (8,): the search's position
    avail: np.ndarray        # int64 (34,)
    dead: np.ndarray         # uint8 (34,)
    h: np.ndarray            # int8 (34,)
    sh: np.ndarray           # int64 (34,)
    h2: np.ndarray           # int8 (34,): the hand after a call
    vis2: np.ndarray         # int8 (34,): the visible tiles after a call
    mt2: np.ndarray          # int64 (4,): the melds after a call
    mk2: np.ndarray
    conc: np.ndarray         # the scorer's scratch
    buf: np.ndarray
    work: np.ndarray
    hits: np.ndarray
    best: np.ndarray
    info: np.ndarray
    no_roots: np.ndarray     # int64 (0,), float64 (0, 1): the backward pass keeps every
    no_vr: np.ndarray        # draw's values in V itself, no candidates' copy


def run_settings(bots) -> dict | None:
    """The settings a run of the seats' bots (names) plays and records, or ``None``.

    A copy of :data:`SETTINGS` when a seat plays ``ev`` or ``rollout`` (``None``
    otherwise: the settings change nothing, and the run's identity stays as it
    was): passed to the run's tasks (so the chunks play them in any process) and
    written into its identity (:mod:`mjstats.runfolder`).

    Examples
    --------
    >>> run_settings(["efficiency", "value"]) is None
    True
    >>> with settings(fast=False):
    ...     run_settings(["ev", "efficiency"])["fast"]
    False
    """
    if not {"ev", "rollout"} & set(bots):
        return None
    return dict(SETTINGS)


def run_identity(settings: dict | None) -> dict:
    """What a run's identity adds for its :func:`run_settings`: nothing without ``ev`` seats."""
    return {} if settings is None else {"ev_settings": dict(settings)}


def bot_settings(s: dict | None = None) -> tuple:
    """The settings ``s`` (default :data:`SETTINGS`) as the kernels take them.

    ``(max_states, follow, objective, improve_at, fast)``, whole numbers: one field
    of :func:`~mjstats.sim.engine.ev_args`, so that a setting added moves no other field.
    """
    s = SETTINGS if s is None else s
    return (np.int64(s["max_states"]), np.int64(1 if s["follow"] else 0),
            np.int64(OBJECTIVES[s["objective"]]), np.int64(s["improve_at"]),
            np.int64(1 if s["fast"] else 0))


@kernel
def _ev_scratch(n_pat, settings):
    """The arrays of an :class:`EvScratch` for ``n_pat`` patterns and :func:`bot_settings`."""
    max_states, follow, objective, improve_at, fast = settings
    cap = max_states + 64
    ecap = 24 * cap
    tcap = 1
    while tcap < 2 * (max_states + 34):  # a power of two, at most half full: the bound and
        tcap *= 2                         # one more state's moves (a search stops past it)
    cfg = np.zeros(N_CFG, np.int64)
    cfg[C_MAX_STATES] = max_states
    cfg[C_FOLLOW] = follow
    cfg[C_OBJECTIVE] = objective
    cfg[C_IMPROVE_AT] = improve_at
    cfg[C_FAST] = fast
    cfg[C_REOPEN] = REOPEN
    tA = np.zeros((5, tcap, 4), np.int64)
    tB = np.zeros((tcap, 4), np.int64)
    return EvScratch(
        cfg, np.zeros((4, N_SEAT), np.int64), tA, np.zeros((5, cap + 1), np.int64),
        np.zeros((5, ecap), np.int8), np.zeros((5, T_MAX + 1, cap)),
        np.full((5, T_MAX, ecap), -1, np.int8),
        tB, np.zeros((cap, 34), np.int8), np.zeros((cap, 3), np.int8),
        np.zeros((cap, 34), np.int8), np.zeros((cap, 3), np.int8), np.zeros(cap + 1, np.int64),
        np.zeros(ecap, np.int16), np.zeros(ecap, np.int32), np.zeros(ecap, np.int32),
        np.zeros(ecap, np.int8), np.zeros(ecap, np.int32), np.zeros(ecap, np.float64),
        np.zeros(ecap, np.int64),
        np.zeros((T_MAX + 1, cap)), np.zeros((T_MAX + 1, cap)),
        np.zeros((T_MAX, ecap), np.uint8), np.zeros((T_MAX, cap)),
        np.zeros((T_MAX, cap), np.int32), np.zeros(cap), np.zeros(cap), np.zeros(cap),
        np.zeros(cap, np.int8), np.zeros(cap, np.int8), np.zeros(cap, np.int8),
        np.zeros(cap, np.int8), np.zeros(8, np.int64), np.zeros(34, np.int64),
        np.zeros(34, np.uint8), np.zeros(34, np.int8), np.zeros(34, np.int64),
        np.zeros(34, np.int8), np.zeros(34, np.int8), np.zeros(4, np.int64),
        np.zeros(4, np.int64),
        np.zeros(34, np.int8), np.full((64, 5), -1, np.int16), np.zeros((10, 34), np.int64),
        np.zeros(n_pat, np.int64), np.zeros(n_pat, np.int64), np.zeros(4, np.int64),
        np.zeros(0, np.int64), np.zeros((0, 1)))


def ev_scratch(R) -> EvScratch:
    """The ``ev`` bot's arrays for rule set ``R`` under the :func:`settings` in force."""
    return _ev_scratch(R.kernel_args.values.shape[0], bot_settings())


@inline_kernel
def _graph_of(X, slot):
    """The graph arrays of slot ``slot`` (:class:`mjstats.discard._graph.Arrays`): views."""
    return _graph.Arrays(X.tA[slot], X.tB, X.a_hand, X.a_info, X.a_start[slot], X.b_hand,
                         X.b_info, X.b_start, X.ea_kind[slot], X.ea_w, X.ea_b, X.ea_win,
                         X.eb_kind, X.eb_a, X.w_val, X.w_pat)


@noref_kernel
def _reset(X, dealer):
    """A new hand: no seat holds a policy; seat ``p`` owns slot ``p``, slot 4 is spare."""
    X.cfg[C_DEALER] = dealer
    X.cfg[C_SPARE] = 4
    for p in range(4):
        X.seat[p, S_VALID] = 0
        X.seat[p, S_FAILED] = 99
        X.seat[p, S_SLOT] = p
        X.seat[p, S_NEXT] = -1


@separate
@noref_kernel
def _solve(X, slot, root, nm, mt, mk, miss, visible, inset, T_draws, dealer, give_up, R, T,
           Q):
    """Search and solve ``root`` in graph slot ``slot``: ``(status, s_root, T, 14 tiles)``.

    ``status`` is :data:`~mjstats.discard._graph.STATUS_OK` when the slot now
    holds the values ``X.V[slot]`` of a model of ``T`` draws (``T_draws`` capped at
    :data:`T_MAX`), and, for a seat that follows its policy (``C_FOLLOW``), that
    policy as tiles ``X.disc[slot]``; no search is made when
    the root's shanten is ``give_up`` or more, or above the draws.  ``R`` is the rule
    set's ``(values, switches, family)``, ``T`` and ``Q`` the core's tables.
    """
    G = _graph_of(X, slot)
    avail, dead = X.avail, X.dead
    n = 0
    for k in range(34):
        avail[k] = 4 * np.int64(inset[k]) - np.int64(visible[k])
        dead[k] = 1 if (k < 27 and k // 9 == miss) else 0
        n += root[k]
    S = np.int64(0)
    for k in range(34):
        S += avail[k]
    S -= n
    Td = T_draws if T_draws < T_MAX else T_MAX
    cnt = X.cnt
    flags = K.SELF_DRAW | (K.DEALER if dealer else 0)
    values, sw, family = R
    obj = X.cfg[C_OBJECTIVE]
    # the root's shanten decides the search: the improving one near ready, then (with
    # C_FAST) the fast mode if that passes the bound (each search starts from empty tables)
    c0, c1, c2, c3, _, pairs, odd = _graph._state_codes(root, dead)
    s_root = _graph._legal_shanten(c0, c1, c2, c3, n, pairs, odd, miss, 2, Q)
    if Td < 1 or s_root > Td or s_root >= give_up:
        return _graph.STATUS_TOO_BIG, s_root, Td, n % 3 == 2
    improve = 1 if s_root <= X.cfg[C_IMPROVE_AT] else 0
    lowest = 0 if X.cfg[C_FAST] != 0 else 1  # the last search tried: fast mode, or none
    status = _graph.STATUS_TOO_BIG
    is_b = False
    while status != _graph.STATUS_OK and improve >= lowest:
        _clear(G.tA)
        _clear(G.tB)
        is_b = _graph._plant(root, c0, c1, c2, c3, n, s_root, improve, 1,
                             1 - X.cfg[C_REOPEN], G, cnt)
        P = _graph._Search(miss, 2, improve, 1, obj, 1, Td, s_root, 1 if is_b else 0, 1,
                           family, nm, flags, 0)
        X.cfg[C_SOLVES] += 1
        status = _graph._expand(P, G, cnt, root, avail, dead, X.h, X.sh, values, sw,
                                mt, mk, (X.conc, X.buf, X.work, X.hits, X.best, X.info),
                                X.cfg[C_MAX_STATES], T, Q)
        improve -= 1
    if status != _graph.STATUS_OK:
        X.cfg[C_FAILS] += 1
        return _graph.STATUS_TOO_BIG, s_root, Td, is_b
    nA, nB, neA = cnt[2], cnt[3], cnt[4]
    for a in range(nA):
        X.a_s[a] = G.a_info[a, 0]
        X.a_d[a] = G.a_info[a, 1]
    for b in range(nB):
        X.b_s[b] = G.b_info[b, 0]
        X.b_d[b] = G.b_info[b, 1]
    V = X.V[slot]
    for u in range(Td + 1):
        for a in range(nA):
            V[u, a] = 0.0
            X.V2[u, a] = 0.0
            X.V3[u, a] = 0.0
    _dp._backward(X.a_s[:nA], X.a_d[:nA], improve + 1, G.a_start, X.b_s[:nB], X.b_d[:nB], G.b_start,
                  G.ea_w, G.ea_b, G.ea_win, G.eb_a, G.w_val, S, Td, obj, False,
                  V, X.V2, X.V3, X.step, X.kept_w, X.best_at, X.VB[:nB], X.VB2[:nB],
                  X.VB3[:nB], X.no_roots, X.no_vr)
    if X.cfg[C_FOLLOW] != 0:  # the policy as tiles: only a seat that follows it reads it
        _dp._policy_discards(X.a_s[:nA], X.a_d[:nA], G.a_start, X.step, X.best_at, G.ea_kind,
                             G.ea_b, G.b_start, G.eb_kind, G.eb_a, X.disc[slot, :Td, :neA])
    return _graph.STATUS_OK, s_root, Td, is_b


@noref_kernel
def _root_value(X, slot, is_b):
    """The solved root's ``(value, P(win), kind)``: its own (13 tiles) or its best discard's.

    For a 14-tile root the discard comes first by value, then probability of
    winning, then of becoming ready, the lowest kind on a full tie.
    """
    G = _graph_of(X, slot)
    V = X.V[slot]
    if not is_b:  # a 13-tile root: 13-tile state 0
        return V[0, 0], X.V2[0, 0], -1
    best = -1.0
    best2 = 0.0
    best3 = 0.0
    kind = -1
    for e in range(G.b_start[0], G.b_start[1]):
        a = G.eb_a[e]
        if kind < 0 or _dp._better(V[0, a], X.V2[0, a], X.V3[0, a], best, best2, best3):
            best = V[0, a]
            best2 = X.V2[0, a]
            best3 = X.V3[0, a]
            kind = G.eb_kind[e]
    return best, best2, kind


@noref_kernel
def _ev_discard(cur, hand, tsumo, kong_turn, nm, mt, mk, que, visible, inset, wall_left,
                n_active, ndraw, X, R, T, Q):
    """The ``ev`` seat's discard from its complete-size ``hand``, or -1 (play ``efficiency``).

    Follows the seat's solved policy after a draw; otherwise solves the hand as it
    is (within the budget) and throws the best candidate.
    """
    st = X.seat[cur]
    slot = st[S_SLOT]
    nxt = st[S_NEXT]
    st[S_NEXT] = -1
    if nxt >= 0 and tsumo < 0 and hand[nxt] > 0:
        return nxt  # the discard the solve of the call just made chose
    if st[S_VALID] != 0 and tsumo >= 0 and not kong_turn and X.cfg[C_FOLLOW] != 0:
        G = _graph_of(X, slot)
        d = _policy_after(hand, tsumo, ndraw - 1 - st[S_U0], G.tA, G.a_start, G.ea_kind,
                          X.disc[slot, : st[S_T]])
        if d >= 0:
            return d
    st[S_VALID] = 0
    T_draws = wall_left // n_active if n_active > 0 else 0
    status, s_root, Td, is_b = _solve(X, slot, hand, nm, mt, mk, que, visible, inset, T_draws,
                                      X.cfg[C_DEALER] == cur, st[S_FAILED], R, T, Q)
    if status != _graph.STATUS_OK:
        if s_root < st[S_FAILED] and s_root <= Td:
            st[S_FAILED] = s_root
        return -1
    v, p, kind = _root_value(X, slot, is_b)
    if kind < 0 or not v > 0.0:
        return -1
    st[S_VALID] = 1
    st[S_U0] = ndraw
    st[S_T] = Td
    return kind


@noref_kernel
def _policy_after(hand, drawn, u, table, start, kind, disc):
    """The tile a solved policy throws after ``drawn`` at draw ``u`` (-1: it says nothing).

    As :func:`mjstats.sim.engine._policy_discard`: the hand before the draw is looked
    up among the policy's 13-tile states, a draw that is no edge of it is thrown back.
    A kernel of its own (not inlined at its four call sites: a loop and a hash lookup).
    """
    if u < 0 or u >= disc.shape[0]:
        return -1
    hand[drawn] -= 1
    a = _find(table, hand)
    hand[drawn] += 1
    if a < 0:
        return -1
    for e in range(start[a], start[a + 1]):
        if kind[e] == drawn:
            d = disc[u, e]
            return d if d < 0 or hand[d] > 0 else -1
    return drawn


@noref_kernel
def _ev_takes(cur, hand, v, ndraw, X):
    """Whether the ``ev`` seat takes a win worth ``v`` on a discard (its waiting ``hand``).

    Passed only when its solved policy values the hand played on above ``v``.
    """
    st = X.seat[cur]
    if st[S_VALID] == 0 or X.cfg[C_OBJECTIVE] != _dp.OBJ_VALUE:
        return True
    slot = st[S_SLOT]
    G = _graph_of(X, slot)
    a = _find(G.tA, hand)
    u = ndraw - st[S_U0]
    if a < 0 or u < 0 or u >= st[S_T]:
        return True
    return float(v) >= X.V[slot, u, a]


@noref_kernel
def _ev_que(p, hand, mt, mk, visible, inset, wall_left, X, R, T, Q):
    """The ``ev`` seat's missing suit at the deal, or -1 (play ``efficiency``).

    Each suit is solved as the missing one in the spare slot; the most
    valuable wins, fewer tiles of the suit breaking ties.
    """
    best = -1
    best_v = 0.0
    best_p = 0.0
    best_n = 99
    for s in range(3):
        ns = 0
        for k in range(9 * s, 9 * s + 9):
            ns += hand[k]
        spare = X.cfg[C_SPARE]
        status, s_root, Td, is_b = _solve(X, spare, hand, 0, mt, mk, s, visible, inset,
                                          wall_left // 4, X.cfg[C_DEALER] == p, 99, R, T, Q)
        if status != _graph.STATUS_OK:
            continue
        v, pw, kind = _root_value(X, spare, is_b)
        if not v > 0.0:
            continue
        c = _dp._cmp(v, best_v) if best >= 0 else 1
        if c == 0:
            c = _dp._cmp(pw, best_p)
        if c > 0 or (c == 0 and ns < best_n):
            best, best_v, best_p, best_n = s, v, pw, ns
    return best


@noref_kernel
def _pass_value(cur, hand, nm, mt, mk, que, visible, inset, T_draws, ndraw, X, R, T, Q):
    """Solve the seat's waiting-size ``hand`` as it stands, in its slot: ``(solved, v, P(win))``.

    The solve becomes the seat's policy (a later discard win is weighed against it).
    """
    st = X.seat[cur]
    slot = st[S_SLOT]
    st[S_VALID] = 0
    status, s_root, Td, is_b = _solve(X, slot, hand, nm, mt, mk, que, visible, inset, T_draws,
                                      X.cfg[C_DEALER] == cur, st[S_FAILED], R, T, Q)
    if status != _graph.STATUS_OK:
        if s_root < st[S_FAILED] and s_root <= Td:
            st[S_FAILED] = s_root
        return False, 0.0, 0.0
    st[S_VALID] = 1
    st[S_U0] = ndraw
    st[S_T] = Td
    v, pw, _ = _root_value(X, slot, False)
    return True, v, pw


@noref_kernel
def _take_value(cur, hand, d, lo, typ, nm, mt, mk, que, visible, inset, T_draws, X, R, T, Q):
    """Solve the hand after calling ``d`` into a meld: ``(solved, v, P(win), discard)``.

    The meld is ``typ`` (PONG, or CHOW from ``lo``); the solve is made in the spare
    slot.  The hand's two tiles of the meld leave it and become visible, the meld joins the
    seat's; the hand then holds a discard's worth more, and its best discard is the value.
    """
    h, vis, mt2, mk2 = X.h2, X.vis2, X.mt2, X.mk2
    for k in range(34):
        h[k] = hand[k]
        vis[k] = visible[k]
    for i in range(nm):
        mt2[i] = mt[i]
        mk2[i] = mk[i]
    mt2[nm] = typ
    mk2[nm] = lo
    if typ == K.CHOW:
        for x in range(lo, lo + 3):
            if x != d:
                h[x] -= 1
                vis[x] += 1
    else:
        h[d] -= 2
        vis[d] += 2
    spare = X.cfg[C_SPARE]
    status, s_root, Td, is_b = _solve(X, spare, h, nm + 1, mt2, mk2, que, vis, inset, T_draws,
                                      X.cfg[C_DEALER] == cur, 99, R, T, Q)
    if status != _graph.STATUS_OK:
        return False, 0.0, 0.0, -1
    v, pw, kind = _root_value(X, spare, is_b)
    return kind >= 0, v, pw, kind


@noref_kernel
def _keep_take(cur, kind, ndraw, Td, X):
    """The call solved last in the spare slot is taken: the seat's policy, ``kind`` thrown next."""
    st = X.seat[cur]
    spare = X.cfg[C_SPARE]
    X.cfg[C_SPARE] = st[S_SLOT]
    st[S_SLOT] = spare
    st[S_VALID] = 1
    st[S_U0] = ndraw
    st[S_T] = Td
    st[S_NEXT] = kind


@noref_kernel
def _ev_pong(cur, hand, d, nm, mt, mk, que, visible, inset, wall_left, n_active, ndraw, X, R,
             T, Q):
    """Whether the ``ev`` seat pongs ``d``: 1 take, 0 pass, -1 its efficiency rule decides.

    The hand as it stands (passed) against the hand after the pong and its best
    discard (taken), both solved with the draws left and the tiles seen; the pong is
    taken when its value is higher, then its probability of winning.  When a solve
    passes the budget, or both are worth 0 or tie, the efficiency rule decides.
    """
    T_draws = wall_left // n_active if n_active > 0 else 0
    ok, v0, p0 = _pass_value(cur, hand, nm, mt, mk, que, visible, inset, T_draws, ndraw, X, R,
                             T, Q)
    if not ok:
        return -1
    ok, v1, p1, kind = _take_value(cur, hand, d, d, K.PONG, nm, mt, mk, que, visible, inset,
                                   T_draws, X, R, T, Q)
    if not ok or not (v0 > 0.0 or v1 > 0.0):
        return -1
    c = _dp._cmp(v1, v0)
    if c == 0:
        c = _dp._cmp(p1, p0)
    if c == 0:
        return -1
    if c > 0:
        _keep_take(cur, kind, ndraw, min(T_draws, T_MAX), X)
        return 1
    return 0


@noref_kernel
def _ev_chow(cur, hand, d, nm, mt, mk, que, visible, inset, wall_left, n_active, ndraw, X, R,
             T, Q):
    """The run the ``ev`` seat chows ``d`` into (its lowest kind), -2 to pass, -1: efficiency.

    As :func:`_ev_pong`, each possible run a candidate against passing.
    """
    if d >= 27:
        return -2
    T_draws = wall_left // n_active if n_active > 0 else 0
    ok, v0, p0 = _pass_value(cur, hand, nm, mt, mk, que, visible, inset, T_draws, ndraw, X, R,
                             T, Q)
    if not ok:
        return -1
    best = -2
    bv, bp = v0, p0
    last = -1
    last_kind = -1
    for lo in range(d - 2, d + 1):
        if not B._chow_fits(hand, d, lo):
            continue
        ok, v1, p1, kind = _take_value(cur, hand, d, lo, K.CHOW, nm, mt, mk, que, visible,
                                       inset, T_draws, X, R, T, Q)
        if not ok:
            return -1
        last = lo
        last_kind = kind
        c = _dp._cmp(v1, bv)
        if c == 0:
            c = _dp._cmp(p1, bp)
        if c > 0:
            best, bv, bp = lo, v1, p1
    if best == -2 and not v0 > 0.0:
        return -1  # nothing is worth anything: the efficiency rule
    if best >= 0 and best == last:
        _keep_take(cur, last_kind, ndraw, min(T_draws, T_MAX), X)
    return best
