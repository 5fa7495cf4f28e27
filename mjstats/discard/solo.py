"""Exact odds of one hand against the wall: which tile to discard, and its chances.

:func:`odds` answers "I hold these tiles, these are visible, ``T`` draws are left:
which tile do I throw, and what are my chances and my expected score?" exactly,
under the solo model of ``docs/odds.md`` (the published recursion of tomohxx's
calculators, generalised to visible tiles, any tile set and the regional rule
sets' legal wins and values).  The graph of hands is built by
:mod:`mjstats.discard._graph`, the recursion runs in :mod:`mjstats.discard._dp`.
"""

from __future__ import annotations

import threading
from typing import NamedTuple

import numpy as np

from mjstats._checks import count, described, flag
from mjstats.core.shanten import overlap4
from mjstats.core.tables import tables
from mjstats.discard import _dp, _graph
from mjstats.discard.result import Odds
from mjstats.errors import HandError, MjStatsError, RuleError
from mjstats.rules import RuleSet
from mjstats.rules import rules as _rules
from mjstats.scoring import kernels as K
from mjstats.scoring.melds import MeldKind, parse_melds
from mjstats.tiles import N_KINDS, kind_name, kind_name_zh, parse
from mjstats.tiles import tileset as _tileset
from mjstats.tiles.tilesets import SUIT_NAMES_ZH, SUITS

OBJECTIVES = ("win", "ready", "value")
RANKED_BY = {"win": "p_win", "ready": "p_ready", "value": "ev"}
"""The table column each objective ranks the discards by (``info["ranked_by"]``)."""
MODELS = ("default", "published")
FORMS = ("standard", "seven_pairs", "any")
OTHER_HANDS = 39
"""Tiles in the three other concealed hands (13 each): the default draws are the
wall left after them, shared by four players."""
MAX_STATES = 1_000_000
"""Default bound on the hands searched for one missing suit (a few hundred MB at 20 draws)."""


class OddsError(MjStatsError):
    """The odds cannot be computed as asked (too many draws, a search too large)."""


def _check_choice(value, name: str, choices: tuple) -> str:
    if value not in choices:
        raise MjStatsError(f"{name} must be one of {', '.join(map(repr, choices))}, got {value!r}")
    return value


def _tiles(text, what: str, ts, optional: bool = True) -> np.ndarray:
    """``text`` (notation or a count vector) as ``int64`` counts.

    None or an empty string is nothing when ``optional`` (the visible tiles),
    refused otherwise (the hand).
    """
    if text is None or (isinstance(text, str) and not text.strip()):
        if not optional:
            raise HandError(f"{what} is notation ('123m456p') or a count vector of shape (34,), "
                            f"got {text!r}")
        return np.zeros(N_KINDS, dtype=np.int64)
    if isinstance(text, str):
        try:
            c = parse(text, ts)
        except MjStatsError as e:
            raise type(e)(f"{what}: {e}") from None
        return c.astype(np.int64)
    arr = np.asarray(text)
    out = arr.astype(np.int64) if arr.dtype.kind in "iu" else None
    # checked after the cast: a uint64 count of 2**63 or more becomes negative
    if arr.shape != (N_KINDS,) or out is None or out.min() < 0:
        raise HandError(f"{what} is notation ('5p9m') or a count vector of shape (34,) of "
                        f"whole numbers >= 0, got {described(text)}")
    return out


_NO_VALUES = np.zeros(1, dtype=np.int64)
_NO_VALUES.setflags(write=False)  # typed like a rule set's arrays: one compilation
"""The values and switches passed with ``rules=None`` (every win worth 1, nothing scored)."""


def _available(h, visible, ms, ts) -> np.ndarray:
    """Copies of each kind the player has not seen outside the hand (``c_k - v_k``).

    ``v_k`` counts the ``visible`` tiles and the player's melds ``ms``; a kind held
    and seen more often than the tile set has it is a :class:`HandError`.
    """
    seen = _tiles(visible, "visible", ts)
    for m in ms:
        seen += m.tiles().astype(np.int64)
    copies = ts.copies
    over = h + seen > copies
    if over.any():
        k = int(np.flatnonzero(over)[0])
        raise HandError(
            f"{kind_name(k)} ({kind_name_zh(k)}): {int(h[k])} in hand + {int(seen[k])} seen "
            f"(visible and melds) > the {int(copies[k])} copies of the tile set"
        )
    return copies - seen


def default_draws(S: int) -> int:
    """The draws when not given: ``S`` unseen tiles less three hands, shared by four.

    13 on a fresh Sichuan wall, 16 Guang'an, 20 Liuzhou.
    """
    return max(1, (S - OTHER_HANDS) // 4)


def _missing_choices(missing, R, hand) -> list[int]:
    """Missing suits to evaluate: a list of suit indices, or ``[-1]`` for none."""
    needs = R is not None and R.missing_suit
    if missing is None:
        return [0, 1, 2] if needs else [-1]
    if R is not None and not needs:
        from mjstats.rules.base import rule_set_names

        with_it = [n for n in rule_set_names() if _rules(n).missing_suit]
        raise RuleError(f"{R.name!r} has no missing suit (定缺), got missing={missing!r}: "
                        f"leave it unset (it applies to {', '.join(with_it)}, and to "
                        f"the structural setting, rules=None)")
    if missing == "choose":
        return [0, 1, 2]
    names = {s: i for i, s in enumerate(SUITS)}
    names.update({z: i for i, z in enumerate(SUIT_NAMES_ZH)})
    if not isinstance(missing, str) or missing not in names:
        raise RuleError(
            f"missing (定缺) is one of 'm', 'p', 's' (万 筒 条), 'choose' or None, got {missing!r}"
        )
    return [names[missing]]


def _default_form(R: RuleSet | None, form) -> int:
    if form is not None:
        return FORMS.index(_check_choice(form, "form", FORMS))
    return 2  # every mahjong rule set here wins with seven pairs too


def odds(hand, rules=None, *, melds=None, visible=None, draws=None, dealer: bool = False,
         missing=None, objective: str = "win", improve: bool = True, extra: int | None = None,
         model: str = "default", tileset=None, form=None, candidates: str = "all",
         max_states: int = MAX_STATES, fallback: bool = True,
         keep_policy: bool = False) -> Odds:
    """Exact odds of every discard of a hand against the wall.

    Parameters
    ----------
    hand : str or array_like
        The concealed tiles: 14 (``14 - 3k`` with ``k`` melds) to choose a discard,
        or 13 (``13 - 3k``) to evaluate the hand as it is.
    rules : str or RuleSet, optional
        ``"sichuan"``, ``"sichuan-app"``, ``"guangan"``, ``"liuzhou"`` (or a
        :class:`~mjstats.rules.RuleSet`): only legal wins count and a win is worth
        the rule set's value of a self-drawn win.  ``None``: every complete hand
        of ``form`` wins, worth 1, on ``tileset`` (the published calculators'
        setting).
    melds : list of str, optional
        Exposed melds (``"pong 2s"``; their tiles count as seen).
    visible : str, optional
        Tiles seen elsewhere (discards, others' melds), in notation (``"5p9m"``).
    draws : int, optional
        Draws left ``T``.  Default: the wall left once the other three hands (13
        tiles each) are set aside, shared by four players: ``(S - 39) // 4``
        (13 on a fresh Sichuan wall, 16 Guang'an, 20 Liuzhou).
    dealer : bool
        The player is the dealer (some values depend on it).
    missing : {"m", "p", "s", "choose"} or None
        The missing suit (定缺) of Sichuan and Guang'an; ``"choose"`` (the default
        for them) evaluates each suit.  With ``rules=None`` a missing suit makes
        its tiles useless; a rule set without 定缺 (Liuzhou) refuses one.
    objective : {"win", "ready", "value"}
        What the policy maximises: the probability of winning by the last draw,
        of being ready (听牌) by it, or the expected value.
    improve : bool
        ``True`` (default): the player may keep a draw that does not lower shanten
        (改良, 手替わり) and may back off a shanten (向听戻し) within ``extra``
        wasted exchanges.  ``False``: the published fast mode, only draws that
        lower shanten and discards that keep it.
    extra : int, optional
        Wasted exchanges allowed when improving (tomohxx's bound: a state expands
        every move while its exchanges so far plus its shanten stay below the
        root's shanten plus ``extra``); default 1.  Refused with ``improve=False``,
        where it has no effect.
    model : {"default", "published"}
        ``"published"`` divides by the unseen tiles ``S - u`` exactly as the
        published recursion; the default divides by ``max(S - u, W)`` (``W`` the
        weight of the draws kept) so that no probability exceeds 1.
    tileset : str, optional
        With ``rules=None``: ``"sichuan"`` (108 tiles), ``"guangan"`` (120) or
        ``"liuzhou"`` (136, the default).
    form : {"standard", "seven_pairs", "any"}, optional
        Winning forms with ``rules=None`` (default ``"any"``); refused with a rule
        set, whose rules say which hands win (every one here takes both forms).
    candidates : {"all", "keep"}
        The discards evaluated: every legal one, or only those that keep the
        lowest shanten (what the published calculators list; faster).
    max_states : int
        Bound on the hands searched for one missing suit.  Past it (after the
        fallback) :class:`OddsError` names the hand's shanten and suggests fewer
        draws; with ``missing="choose"`` that suit is left out and named in
        ``info["skipped"]`` (a suit holding most of the hand can need millions of
        hands).
    fallback : bool
        When the improving search passes ``max_states`` (a hand far from ready
        with many draws: a 4-shanten Liuzhou hand at its default 20 draws), solve
        that missing suit in the fast mode (``improve=False``) instead, named in
        ``info["fallback"]`` and in the printed header (default ``True``).
    keep_policy : bool
        Keep the exact policy in the form the game engine follows
        (``.policies``, one :class:`Policy` per missing suit solved), for the
        table model's exact player.  The search then keeps every hand as held
        (the engine looks its states up by hand): no interchangeable honors
        are folded into one, the same numbers from more hands (so that a search
        near ``max_states`` may pass it, and fall back to the fast mode, where
        one without the policy would not).

    Returns
    -------
    Odds
        ``.table`` (one row per discard, best first), ``.curves``, ``.turn_curves``,
        ``.values``, ``.patterns``, ``.info``.

    Examples
    --------
    >>> import mjstats as mj
    >>> r = mj.odds("1112345678999m5p", "sichuan", missing="p", draws=1)
    >>> r.best(), round(float(r.table["p_win"].iloc[0]), 4)
    ('5p', 0.2447)
    >>> r = mj.odds("123m456p789s1122z", draws=3)      # 13 tiles: the hand as it is
    >>> round(float(r.table["p_win"].iloc[0]), 6)
    0.095175
    """
    obj = OBJECTIVES.index(_check_choice(objective, "objective", OBJECTIVES))
    _check_choice(model, "model", MODELS)
    root_all = 1 if _check_choice(candidates, "candidates", ("all", "keep")) == "all" else 0
    improve = flag(improve, "improve")
    fallback = flag(fallback, "fallback")
    keep_policy = flag(keep_policy, "keep_policy")
    dealer = flag(dealer, "dealer")
    if extra is not None and not improve:
        raise MjStatsError(f"extra={extra!r} bounds the improving search; with improve=False "
                           f"(the fast mode) it has no effect")
    extra = count(extra, "extra", minimum=0, maximum=8, default=1)
    max_states = count(max_states, "max_states", minimum=1, maximum=10**12)  # no bound, in effect
    R = None if rules is None else _rules(rules)
    if dealer and R is None:
        raise RuleError("dealer=True changes what a win is worth under a rule set; give "
                        "rules=NAME (the structural setting values every win 1)")
    if R is not None and getattr(R, "game", "mahjong") != "mahjong":
        raise RuleError(
            f"odds covers the mahjong rule sets (sichuan, sichuan-app, guangan, liuzhou); "
            f"{R.name!r} is Da Er"
        )
    if R is not None and tileset is not None:
        raise MjStatsError("tileset is for the structural setting, rules=None; a rule set "
                           "brings its own tile set")
    if R is not None and form is not None:
        raise MjStatsError(f"form is for the structural setting, rules=None; under a rule set "
                           f"a hand wins in the forms its rules take, got form={form!r}")
    ts = R.tileset if R is not None else _tileset(tileset or "liuzhou")
    fm = _default_form(R, form)

    h = _tiles(hand, "hand", ts, optional=False)
    n = int(h.sum())
    ms = parse_melds(melds)
    if len(ms) > 4:
        raise HandError(f"a hand has at most 4 melds, got {len(ms)}")
    if any(m.type == MeldKind.CHOW for m in ms) and R is not None and not R.chow:
        raise RuleError(f"{R.name!r} has no chows (吃)")
    conc_13 = 13 - 3 * len(ms)
    if n not in (conc_13, conc_13 + 1):
        raise HandError(
            f"with {len(ms)} meld(s) the concealed hand holds {conc_13 + 1} tiles (choose a "
            f"discard) or {conc_13} (evaluate as is), got {n}"
        )
    avail = _available(h, visible, ms, ts)
    S = int(avail.sum()) - n
    T = default_draws(S) if draws is None else count(draws, "draws", minimum=1)
    if T > S:
        raise OddsError(f"draws={T} but only {S} tiles are unseen")

    mt = np.zeros(4, dtype=np.int64)
    mk = np.zeros(4, dtype=np.int64)
    for i, m in enumerate(ms):
        mt[i] = int(m.type)
        mk[i] = m.kind
    flags = K.SELF_DRAW | (K.DEALER if dealer else 0)
    if R is not None:
        ka = R.kernel_args
        family, values, sw, score_mode = ka.family, ka.values, ka.switches, 1
    else:
        family, values, sw, score_mode = 0, _NO_VALUES, _NO_VALUES, 0
    hand8 = h.astype(np.int8)
    Tb = tables()
    suits = _missing_choices(missing, R, h)
    pieces = []
    skipped: dict[str, str] = {}
    fell_back: dict[str, str] = {}
    for miss in suits:
        dead = np.zeros(N_KINDS, dtype=np.uint8)
        if miss >= 0:
            dead[9 * miss : 9 * miss + 9] = 1
            bad = [m for m in ms if m.kind // 9 == miss and m.kind < 27]
            if bad:
                if len(suits) > 1:
                    continue
                raise RuleError(
                    f"the meld {bad[0]} is of the missing suit {SUIT_NAMES_ZH[miss]} "
                    f"({SUITS[miss]})"
                )
        head = (hand8, avail, dead, miss, fm)  # then improve, then the rest
        rest = (extra, obj, root_all, T, max_states, score_mode, family, values, sw, mt, mk,
                len(ms), flags, Tb, overlap4(), n == conc_13, S, model == "published",
                keep_policy)
        G = _solved(head, 1 if improve else 0, rest)
        if G.status != _graph.STATUS_OK and improve and fallback:
            # the improving search is too large: the fast mode's is far smaller
            G = _solved(head, 0, rest)
            if G.status == _graph.STATUS_OK:
                fell_back[SUITS[miss] if miss >= 0 else "-"] = (
                    f"fast mode (improve=False): the improving search passed "
                    f"max_states={max_states:,} hands (legal shanten {G.s_root}, {T} draws)")
        if G.status != _graph.STATUS_OK:
            # a hand of legal shanten s needs s + 1 draws to win: with fewer, its
            # P(win) and value are 0 whatever it throws (only P(ready) needed the search)
            hopeless = (f"; it cannot win in {T} draws (legal shanten {G.s_root} needs "
                        f"{G.s_root + 1}): P(win) = 0" if obj != 1 and G.s_root + 1 > T else "")
            if len(suits) > 1:  # "choose": report the suit as not searched, go on
                skipped[SUITS[miss]] = (f"not searched: more than max_states={max_states:,} "
                                        f"hands (legal shanten {G.s_root}){hopeless}")
                continue
            if improve and not fallback:
                ask = f"fewer draws, improve=False, a smaller extra (now {extra})"
            else:
                ask = "fewer draws (the fast mode passed it too)"
            raise OddsError(
                f"the search passed max_states={max_states:,} hands (legal shanten "
                f"{G.s_root}, {T} draws){hopeless}; ask for {ask} or a larger max_states"
            )
        pieces.append(G.piece(miss, T, obj, keep_policy))
    if not pieces:
        if skipped:
            raise OddsError(f"every missing suit passed max_states={max_states:,} hands; ask "
                            f"for fewer draws or a larger max_states")
        raise RuleError("every missing suit holds one of the melds: no legal win exists")
    info = dict(S=S, T=T, objective=objective, ranked_by=RANKED_BY[objective], model=model,
                improve=improve, extra=extra,
                rules=None if R is None else R.name, tileset=ts.name,
                states={SUITS[p["miss"]] if p["miss"] >= 0 else "-": p["states"] for p in pieces},
                skipped=skipped, fallback=fell_back)
    return Odds(pieces, info, R)


class Policy(NamedTuple):
    """The exact policy of one search, in the form the game engine follows.

    ``table``: the 13-tile states by hand (:mod:`mjstats.core.handtable`);
    ``start``: each state's run of draw edges; ``kind``: the kind each edge draws;
    ``disc[u, e]``: the tile thrown at draw ``u`` after edge ``e``'s draw (-1: the
    policy says nothing, the seat's bot decides).  A draw that is no edge is
    thrown back.
    """

    table: np.ndarray
    start: np.ndarray
    kind: np.ndarray
    disc: np.ndarray


_WORK = threading.local()
KEEP_WORK = 64 << 20
"""The most bytes of :class:`~mjstats.discard._dp.Work` a thread keeps between solves."""


def _solved(head: tuple, improve: int, rest: tuple) -> _Piece:
    """:func:`mjstats.discard._dp._odds_of` of one missing suit, in this thread's work buffers.

    The buffers a solve grew are kept for the next one, up to :data:`KEEP_WORK`
    bytes (a larger search's are let go).
    """
    work = getattr(_WORK, "buffers", None)
    if work is None:
        none = np.empty((0, 4), np.int64)
        work = _dp.Work(np.empty(0), np.empty(0, np.uint8), np.empty(0, np.int32), none, none)
    *out, work = _dp._odds_of(*head, improve, *rest, work)
    if work.f.nbytes + work.b.nbytes + work.i.nbytes + work.tA.nbytes + work.tB.nbytes <= KEEP_WORK:
        _WORK.buffers = work
    return _Piece(*out)


class _Piece(NamedTuple):
    """What :func:`mjstats.discard._dp._odds_of` returns for one missing suit."""

    status: int
    s_root: int
    states: int
    kinds: np.ndarray
    shanten: np.ndarray
    jin: np.ndarray
    V: np.ndarray
    win_at: np.ndarray
    ready_at: np.ndarray
    ev_at: np.ndarray
    hist: np.ndarray
    values: np.ndarray
    pat: np.ndarray
    a_table: np.ndarray
    a_start: np.ndarray
    ea_kind: np.ndarray
    disc: np.ndarray

    def piece(self, miss: int, T: int, obj: int, keep_policy: bool) -> dict:
        """The raw per-candidate numbers of one missing suit (:mod:`~mjstats.discard.tables`).

        With ``keep_policy`` also ``policy``, what a seat needs to follow the exact
        policy in the game engine.
        """
        out = dict(miss=miss, kinds=self.kinds, shanten=self.shanten, V=self.V,
                   win_at=self.win_at, ready_at=self.ready_at, ev_at=self.ev_at,
                   hist=self.hist, values=self.values, pat=self.pat, jin=self.jin,
                   states=int(self.states), T=T, obj=obj)
        if keep_policy:
            out["policy"] = Policy(self.a_table, self.a_start, self.ea_kind, self.disc)
        return out

