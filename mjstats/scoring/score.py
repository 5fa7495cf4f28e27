"""Score a finished hand under a regional rule set: patterns, total, payments.

The public :func:`score` checks and encodes the hand, calls the compiled
:func:`mjstats.scoring.kernels._score`, and turns the pattern counts of the
best reading into a :class:`Score`.  :func:`score_many` scores a batch of
encoded wins in parallel for simulations.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from mjstats._checks import flag, is_int, seat
from mjstats.core.codes import as_hand, as_hands
from mjstats.core.decompose import MAX_READINGS, Meld, MeldType, Reading, _decompose, decode_meld
from mjstats.core.tables import tables
from mjstats.core.waits import _FACE as _WAIT_BITS
from mjstats.errors import HandError, NotationError, RuleError
from mjstats.rules.base import Family, RuleSet
from mjstats.rules.base import rules as _rules
from mjstats.scoring import kernels as K
from mjstats.scoring.melds import ExposedMeld, MeldKind, parse_melds
from mjstats.scoring.payments import _win_payments
from mjstats.tiles import kind_name, kind_name_zh, parse_tile


@dataclass(frozen=True)
class Table:
    """Who sits where, for :attr:`Score.payments`.

    Attributes
    ----------
    seats : int
        Players at the table (4).
    winner : int
        Seat of the winner (0).
    discarder : int, optional
        Seat whose discard (or added kong, when robbing) was won; default the
        seat after the winner.  Ignored on a self-draw.
    active : tuple of int, optional
        Seats still playing the hand (血战到底: those who have not won yet, the
        winner included); default every seat.  Only they pay a self-draw.
    kong_from : int, optional
        杠上花: who fed the kong behind the replacement tile (the discarder of a
        direct kong; in Liuzhou also the player whose tile was ponged for an
        added kong); default the seat after the winner.  Used by Liuzhou and
        by Sichuan's ``dianganghua="dianpao"``.
    sanbi : tuple of (int, int)
        Liuzhou 吃三比: ``(a, b)`` means player ``a`` took three melds from ``b``.

    Every seat is an ``int`` (not a ``bool``) below ``seats``; ``active`` lists
    each seat once and includes the winner, another seat and, on a discard win,
    the discarder (the default one too); where the kong
    behind a 杠上花 was fed (a direct kong, and in Liuzhou an added one),
    ``kong_from`` is another seat still in the hand.  :func:`score`
    raises :class:`~mjstats.errors.HandError` for a table that breaks these.
    """

    seats: int = 4
    winner: int = 0
    discarder: int | None = None
    active: tuple[int, ...] | None = None
    kong_from: int | None = None
    sanbi: tuple[tuple[int, int], ...] = ()

    def _check(self) -> None:
        if not is_int(self.seats) or not 2 <= self.seats <= 4:
            raise HandError(f"a table has 2-4 seats (an int), got seats={self.seats!r}")
        n = int(self.seats)
        seat(self.winner, "winner", n, HandError)
        for name, s in (("discarder", self.discarder), ("kong_from", self.kong_from)):
            if s is not None:
                seat(s, name, n, HandError)
        if self.discarder is not None and self.discarder == self.winner:
            raise HandError(f"the discarder cannot be the winner (seat {self.winner})")
        if self.active is not None:
            if isinstance(self.active, str) or not hasattr(self.active, "__iter__"):
                raise HandError(f"active is a tuple of seats, got {self.active!r}")
            act = [seat(s, "active", n, HandError) for s in self.active]
            if len(set(act)) != len(act):
                raise HandError(f"active lists a seat twice: {tuple(self.active)}")
            if self.winner not in act:
                raise HandError(
                    f"active {tuple(act)} must include the winner (seat {self.winner}): the "
                    f"seats still playing the hand"
                )
            if len(act) < 2:
                raise HandError(f"active {tuple(act)} holds the winner alone: a hand ends "
                                f"when one player is left, nobody would pay")
            if self.discarder is not None and self.discarder not in act:
                raise HandError(
                    f"discarder seat {self.discarder} is not among the active seats "
                    f"{tuple(act)}: a seat that has left the hand does not discard"
                )
        try:
            pairs = [tuple(p) for p in self.sanbi]
        except TypeError:
            raise HandError(f"sanbi is a tuple of (eater, eaten) seat pairs, "
                            f"got {self.sanbi!r}") from None
        for p in pairs:
            if len(p) != 2:
                raise HandError(f"sanbi pair {p!r} is not (eater, eaten)")
            a, b = (seat(x, "sanbi", n, HandError) for x in p)
            if a == b:
                raise HandError(f"sanbi pair {p!r}: a player cannot eat from himself")

    def others(self) -> list[int]:
        """Active seats other than the winner."""
        act = range(self.seats) if self.active is None else self.active
        return [s for s in act if s != self.winner]

    def feeder(self) -> int:
        """The discarder, or the seat after the winner."""
        return (self.winner + 1) % self.seats if self.discarder is None else self.discarder


@dataclass(frozen=True)
class PatternHit:
    """A pattern in a scored hand: names, count, and its contribution."""

    zh: str
    en: str
    count: int
    value: int
    combine: str

    def label(self) -> str:
        """``+5``, ``×2`` or ``≤2`` depending on how the pattern combines."""
        if self.combine == "mul":
            return f"×{self.value}"
        if self.combine == "flag":
            return f"≤{self.value}"
        if self.combine == "base":
            return f"{self.value}"
        return f"+{self.value}"


@dataclass(frozen=True)
class Score:
    """A scored win.

    Attributes
    ----------
    rules : RuleSet
        The rule set used.
    total : int
        What one payer pays, in ``rules.unit``, after caps (Sichuan: multiplier
        of the base stake, 自摸加底 included; Guang'an: 颗; Liuzhou: 分 per payer).
    raw : int
        The value before caps (Sichuan: the uncapped multiplier; Liuzhou: the
        discard value with every pattern added).
    hits : tuple of PatternHit
        Every pattern of the best reading.
    reading : Reading
        The best reading of the whole hand (exposed melds included).
    payments : dict
        Seat -> signed amount for the :class:`Table` given (winner positive).
    """

    rules: RuleSet
    total: int
    raw: int
    hits: tuple[PatternHit, ...]
    reading: Reading
    melds: tuple[ExposedMeld, ...]
    payments: dict[int, int] = field(default_factory=dict)

    @property
    def patterns(self) -> list[tuple[str, int]]:
        """``[(Chinese name, value), ...]``: 颗/分 added, multipliers, or the 格 value."""
        return [(h.zh, h.value) for h in self.hits]

    @property
    def names(self) -> list[str]:
        """Chinese names of the patterns."""
        return [h.zh for h in self.hits]

    @property
    def fan(self) -> int:
        """Sichuan: the 番 label of the capped multiplier (x1 = 1番 … x32 = 6番)."""
        if self.rules.family != Family.SICHUAN:
            raise RuleError(f"番 labels belong to the Sichuan tables, not {self.rules.name!r}")
        m = self.total - (1 if any(h.zh == "自摸加底" for h in self.hits) else 0)
        return int(m).bit_length()

    def __str__(self) -> str:
        r = self.rules
        lines = [f"{r.name_zh} / {r.name}: {self.total} {r.unit}"
                 + (f" (uncapped {self.raw})" if self.raw != self.total else "")]
        w = max((len(h.zh) for h in self.hits), default=2)
        for h in self.hits:
            lines.append(f"  {h.zh:\u3000<{w}} {h.en:<44} {h.label()}")
        melds = " ".join(f"[{m}]" for m in self.melds)
        lines.append(f"reading 牌型: {self.reading}" + (f"  melds 副露: {melds}" if melds else ""))
        if self.payments:
            pay = ", ".join(f"seat {s}: {v:+d}" for s, v in sorted(self.payments.items()))
            lines.append(f"payments 结算: {pay}")
        return "\n".join(lines)


def _flags(self_draw, after_kong, robbing_kong, last_tile, first_turn, dealer, last_copy) -> int:
    self_draw, after_kong, robbing_kong, last_tile, first_turn, dealer, last_copy = (
        flag(v, name, RuleError) for v, name in (
            (self_draw, "self_draw"), (after_kong, "after_kong"), (robbing_kong, "robbing_kong"),
            (last_tile, "last_tile"), (first_turn, "first_turn"), (dealer, "dealer"),
            (last_copy, "last_copy")))
    if robbing_kong and self_draw:
        raise RuleError("robbing a kong (抢杠) wins another player's tile; it is not a self-draw")
    if robbing_kong and after_kong:
        raise RuleError("robbing_kong and after_kong cannot both hold")
    if first_turn and not self_draw:
        raise RuleError("first_turn (天胡/地胡) is a win on the player's first draw "
                        "(\"第一轮摸牌后就胡牌\"): pass self_draw=True")
    f = 0
    f |= K.SELF_DRAW if self_draw else 0
    f |= K.AFTER_KONG if after_kong else 0
    f |= K.ROBBING if robbing_kong else 0
    f |= K.LAST_TILE if last_tile else 0
    f |= K.FIRST_TURN if first_turn else 0
    f |= K.DEALER if dealer else 0
    f |= K.LAST_COPY if last_copy else 0
    return f


def encode(hand, melds=None, win=None, rules: str | RuleSet = "sichuan"):
    """Check a hand and encode it for the kernels.

    Returns ``(conc int8 (34,), mt int64 (4,), mk int64 (4,), nm, win)``.

    Raises
    ------
    HandError
        Wrong tile count, a fifth tile, a tile outside the tile set, a winning
        tile missing from the hand.
    RuleError
        A meld the rule set forbids (chow in Sichuan or Guang'an), more than four melds.

    Examples
    --------
    >>> conc, mt, mk, nm, win = encode("66p", ["pong 1m", "pong 3m", "pong 4m", "pong 2p"], "6p")
    >>> int(conc.sum()), nm, win
    (2, 4, 14)
    """
    R = _rules(rules)
    ms = parse_melds(melds)
    if len(ms) > 4:
        raise RuleError(f"a hand has at most four melds, got {len(ms)}")
    for m in ms:
        if m.type == MeldKind.CHOW and not R.chow:
            raise RuleError(
                f"{R.name!r} does not allow chows (不能吃牌): {m}; use pong/kong melds"
            )
    conc = as_hand(hand, R.tileset, sizes="any")
    n = int(conc.sum())
    want = 14 - 3 * len(ms)
    if n != want:
        raise HandError(
            f"with {len(ms)} exposed meld(s) the concealed part of a finished hand has {want} "
            f"tiles (winning tile included), got {n}"
        )
    total = conc.astype(np.int16)
    for m in ms:
        R.tileset.check(m.tiles(), what=f"meld {m}")
        total = total + m.tiles()
    if total.max() > 4:
        k = int(np.argmax(total))
        raise HandError(
            f"hand and melds hold {int(total[k])} copies of {kind_name(k)} ({kind_name_zh(k)}); "
            f"there are only 4"
        )
    if win is None:
        raise HandError("give the winning tile, e.g. win='3m'")
    if is_int(win):
        w = int(win)
    elif isinstance(win, str):
        w = parse_tile(win, R.tileset)
    else:
        raise NotationError(
            f"win is a tile such as '3m' or a kind index 0-33 (int), got {win!r} "
            f"({type(win).__name__})"
        )
    if not 0 <= w < 34 or conc[w] == 0:
        raise HandError(
            f"the winning tile {kind_name(w) if 0 <= w < 34 else w} is not among the concealed "
            f"tiles; the hand string holds the winning tile"
        )
    mt = np.zeros(4, dtype=np.int64)
    mk = np.zeros(4, dtype=np.int64)
    for i, m in enumerate(ms):
        mt[i] = int(m.type)
        mk[i] = m.kind
    return conc, mt, mk, len(ms), w


def score(
    hand,
    melds=None,
    win=None,
    self_draw: bool = False,
    rules: str | RuleSet = "sichuan",
    after_kong: bool = False,
    robbing_kong: bool = False,
    last_tile: bool = False,
    first_turn: bool = False,
    dealer: bool = False,
    last_copy: bool = False,
    table: Table | None = None,
) -> Score:
    """Score a finished hand: every pattern, the total, who pays what.

    Parameters
    ----------
    hand : str or array_like
        The concealed tiles, the winning tile included (``14 - 3k`` tiles with
        ``k`` melds).
    melds : list of str, optional
        Exposed melds and concealed kongs: ``"pong 2s"``, ``"kong 5m"`` (from a
        discard), ``"addkong 5m"`` (added to a pong), ``"ckong 7s"``,
        ``"chow 345m"`` (Liuzhou only).  With ``after_kong`` the last kong
        listed is the one that gave the replacement tile.
    win : str or int
        The winning tile (``"3m"``) or its kind index (an ``int``, never a ``bool``).
    self_draw : bool
        Self-drawn (自摸) rather than won on a discard.
    rules : str or RuleSet
        ``"sichuan"``, ``"sichuan-app"``, ``"guangan"``, ``"liuzhou"`` or a
        :class:`~mjstats.rules.RuleSet` with switches (``rules("sichuan", cap=16)``).
    after_kong : bool
        With ``self_draw``: 杠上花 (the tile replaced a kong).  Without: 杠上炮 (the
        discarder had just konged).  Under Sichuan's ``dianganghua="dianpao"`` a
        杠上花 whose kong (the last listed) is a ``"kong"`` from a discard is
        settled as a discard win: the kong's feeder (``Table.kong_from``) alone
        pays, with no self-draw bonus.
    robbing_kong : bool
        抢杠: won on another player's added kong.
    last_tile : bool
        The last tile of the wall (海底): drawn, or the last discard.
    first_turn, dealer : bool
        天胡 (dealer, first draw) and 地胡 (non-dealer, first turn).
    last_copy : bool
        The winning tile is the last live copy (绝张).
    table : Table, optional
        Seats for :attr:`Score.payments`; default four players, winner seat 0,
        discarder seat 1.

    Returns
    -------
    Score
        ``.patterns``, ``.total``, ``.reading``, ``.payments``; ``str()`` prints
        them in Chinese and English.

    Every flag (``self_draw`` … ``last_copy``) must be a ``bool`` (``numpy.bool_``
    too): ``self_draw="False"`` is an error, not a self-draw.

    Raises
    ------
    NotationError
        A hand, meld or winning tile that cannot be read; ``melds`` not a list.
    HandError
        Not complete, wrong tile count, a fifth tile, a tile the rule set lacks;
        an impossible context: 抢杠 of a tile whose four copies the winner holds,
        ``first_turn`` (天胡/地胡) with melds, a :class:`Table` with a seat outside
        it or listed twice.
    RuleError
        Three suits where a missing suit is required (定缺/必缺一门), a chow where
        chows are not allowed, contradictory flags, a flag that is not a bool.

    Examples
    --------
    >>> r = score("111333444m22255p", win="5p", rules="sichuan-app")
    >>> r.total, r.patterns
    (2, [('大对子', 2)])
    >>> score("1133446666m5588p", win="6m", rules="sichuan").patterns
    [('龙七对', 8)]
    >>> r = score("123345m67899s", melds=["pong 2s"], win="3m", self_draw=True, rules="guangan")
    >>> r.total, r.patterns[:3]
    (3, [('本身', 1), ('缺一门', 1), ('自摸', 1)])
    """
    R = _rules(rules)
    flags = _flags(self_draw, after_kong, robbing_kong, last_tile, first_turn, dealer, last_copy)
    if table is not None and not isinstance(table, Table):
        raise HandError(f"table is a mjstats.Table, got {type(table).__name__}")
    conc, mt, mk, nm, w = encode(hand, melds, win, R)
    _check_context(conc, mt, mk, nm, w, flags)
    if after_kong and self_draw and not any(mt[i] >= K.KONG for i in range(nm)):
        raise RuleError("杠上花 (after_kong with self_draw) needs a kong among the melds")
    ms = tuple(parse_melds(melds))
    kong = _last_kong(ms) if after_kong else None  # the kong behind 杠上花 / 杠上炮
    if self_draw and kong is not None and kong.type == MeldKind.KONG:
        flags |= K.FED_KONG  # the replacement came from a kong on a discard (点杠)
    buf = np.full((MAX_READINGS, 5), -1, dtype=np.int16)
    work = np.zeros((K.N_WORK, 34), dtype=np.int64)
    n_pat = len(R.info)
    hits = np.zeros(n_pat, dtype=np.int64)
    best = np.zeros(n_pat, dtype=np.int64)
    info = np.zeros(4, dtype=np.int64)
    ka = R.kernel_args
    total = K._score(conc, mt, mk, nm, w, flags, ka.family, ka.values, ka.switches, tables(),
                     buf, work, hits, best, info)
    if total == -2:
        raise RuleError(
            f"{R.name!r} needs a missing suit (定缺/必缺一门) but the hand holds all three "
            f"suits (万 筒 条)"
        )
    if total == -1:
        raise HandError(f"the hand {hand!r} is not complete (四副搭子一将 or 七对) with {win!r}")
    reading = _reading(conc, int(info[0]), int(info[2]), ms)
    hit_list = _hits(R, best)
    t = Table() if table is None else table
    t._check()
    if not flags & K.SELF_DRAW and t.active is not None and t.feeder() not in t.active:
        how = ", by default the seat after the winner" if t.discarder is None else ""
        raise HandError(f"the discarder (seat {t.feeder()}{how}) is not among the active seats "
                        f"{tuple(t.active)}: a seat that has left the hand does not discard")
    _check_kong_from(R, flags, kong, t)
    pay = _payments(R, int(total), flags, kong, t)
    return Score(R, int(total), int(info[1]), hit_list, reading, ms, pay)


def _check_kong_from(R: RuleSet, flags: int, k: ExposedMeld | None, t: Table) -> None:
    """``Table.kong_from`` where it pays: another seat still in the hand.

    It names who fed the kong behind a 杠上花: the discarder of a direct kong and,
    in Liuzhou, the ponged player of an added kong (a concealed kong has no feeder);
    ``k`` is the last kong of the winner's melds after a kong, else ``None``.
    """
    if t.kong_from is None or k is None or not flags & K.SELF_DRAW:
        return
    if not (k.type == MeldKind.KONG or (R.family == Family.LIUZHOU
                                         and k.type == MeldKind.ADDKONG)):
        return
    if t.kong_from == t.winner:
        raise HandError(f"kong_from cannot be the winner (seat {t.winner}): another player "
                        f"fed the {k} behind the 杠上花")
    if t.active is not None and t.kong_from not in t.active:
        raise HandError(f"kong_from seat {t.kong_from} is not among the active seats "
                        f"{tuple(t.active)}: a seat that has left the hand feeds no kong")


def _check_context(conc, mt, mk, nm: int, w: int, flags: int) -> None:
    """Contexts that the hand makes impossible (a robbed tile the winner holds, ...)."""
    if flags & K.ROBBING:
        held = int(conc[w]) + sum(
            (4 if mt[i] >= K.KONG else 3) if mk[i] == w else 0
            for i in range(nm) if mt[i] != K.CHOW
        ) + sum(1 for i in range(nm) if mt[i] == K.CHOW and mk[i] <= w < mk[i] + 3)
        if held >= 2:
            raise HandError(
                f"robbing_kong (抢杠): the robbed {kind_name(w)} ({kind_name_zh(w)}) is the "
                f"fourth copy, the other three in the konger's pong, but the winner's hand and "
                f"melds hold {held}"
            )
    if flags & K.LAST_COPY:
        before = conc.copy()
        before[w] -= 1
        bits = int(_WAIT_BITS.call(before, tables()))
        held = [k for k in range(34) if (bits >> k) & 1 and before[k] > 0]
        if held:
            raise HandError(
                f"last_copy (绝张): every tile the hand waits on must be out on the table "
                f"(\"自己手牌里不能有要胡的牌\": a 卡张, 边张 or two-sided wait), but the hand "
                f"holds {', '.join(kind_name(k) for k in held)}"
            )
    if flags & K.FIRST_TURN and nm:
        raise HandError(
            f"first_turn (天胡/地胡) is a win before any pong, chow or kong, but the hand "
            f"has {nm} meld(s)"
        )


def _reading(conc: np.ndarray, r: int, n_std: int, ms: tuple[ExposedMeld, ...]) -> Reading:
    exposed = []
    for m in ms:
        if m.type == MeldKind.CHOW:
            exposed.append(Meld(MeldType.RUN, m.kind))
        else:
            exposed.append(Meld(MeldType.TRIPLET, m.kind))
    if r >= n_std:
        pairs = tuple(Meld(MeldType.PAIR, k) for k in range(34) for _ in range(int(conc[k]) // 2))
        return Reading("seven_pairs", pairs)
    buf = np.full((MAX_READINGS, 5), -1, dtype=np.int16)
    _decompose(conc, buf)
    melds = [decode_meld(int(x)) for x in buf[r] if x >= 0]
    pair = [m for m in melds if m.type == MeldType.PAIR]
    rest = [m for m in melds if m.type != MeldType.PAIR]
    return Reading("standard", tuple(pair + rest + exposed))


_ZH_COUNT = "零一两三四五六七八九"


def _hits(R: RuleSet, best: np.ndarray) -> tuple[PatternHit, ...]:
    out = []
    fam = R.family
    for i, c in enumerate(best.tolist()):
        if c <= 0:
            continue
        info = R.info[i]
        v = int(R.values[i])
        zh, en = info.zh, info.en
        if fam == Family.SICHUAN:
            if info.key == "GEN":
                zh, en, val = "根", f"roots x{c}", 2**c
                out.append(PatternHit(zh, en, c, val, "mul"))
            elif info.key == "ZIMO":
                if v == 1:
                    out.append(PatternHit("自摸加底", "self-draw: one more base unit", 1, 1, "add"))
                else:
                    out.append(PatternHit("自摸加番", "self-draw doubles", 1, 2, "mul"))
            else:
                out.append(PatternHit(zh, en, 1, v, info.combine))
        elif fam == Family.GUANGAN:
            if info.combine == "mul":
                if v > 1:
                    out.append(PatternHit(zh, en, c, v, "mul"))
                continue
            if v == 0 and info.key != "FEIJI_MINGGANG":
                continue
            if info.key == "QUEMEN" and c >= 2:
                zh, en = f"缺{_ZH_COUNT[c]}门", f"missing suits x{c}"
            elif info.key == "DAFEIJI":
                zh = ("大飞机", "特大飞机", "超大飞机")[min(c, 3) - 1]
            elif info.key == "DABANZI" and c > 1:
                zh = f"{c + 3}板子"
            elif c > 1:
                en = f"{en} x{c}"
            out.append(PatternHit(zh, en, c, c * v, "add"))
        else:
            if info.combine == "flag":
                out.append(PatternHit(zh, en, 1, v, "flag"))
            elif info.combine == "mul":
                out.append(PatternHit(zh, en, 1, v, "mul"))
            else:
                out.append(PatternHit(zh, en, c, c * v, "add"))
    return tuple(out)


def _last_kong(ms: tuple[ExposedMeld, ...]) -> ExposedMeld | None:
    for m in reversed(ms):
        if m.type.is_kong:
            return m
    return None


def _payments(R: RuleSet, total: int, flags: int, k: ExposedMeld | None,
              t: Table) -> dict[int, int]:
    """Who pays the winner what, from the table's seats.

    The settlement rule is the game engine's too
    (:func:`mjstats.scoring.payments._win_payments`).  The scorer sees one hand
    and no history: Liuzhou's kong money of the kong behind a 杠上花 is added to
    the win (the engine pays it as the kong is made).  ``k`` is the kong behind a
    win after a kong (the last of the winner's melds), else ``None``.
    """
    n = t.seats
    w = t.winner
    liuzhou = R.family == Family.LIUZHOU
    take = np.zeros((n, n), dtype=np.int64)
    sanbi = liuzhou and bool(R.switches["sanbi"])
    if sanbi:
        for a, b in t.sanbi:
            take[a, b] = 3
    out_of_play = np.ones(n, dtype=np.int64)
    out_of_play[[w, *t.others()]] = 0
    if t.kong_from is not None:
        kf = t.kong_from
    else:
        kf = (w + 1) % n if liuzhou else t.feeder()
    dianpao = (R.family == Family.SICHUAN and R.switches.get("dianganghua") == "dianpao")
    out = np.zeros(n, dtype=np.int64)
    _win_payments(w, -1 if flags & K.SELF_DRAW else t.feeder(), int(total), int(flags),
                  int(liuzhou), int(dianpao), int(sanbi), take, out_of_play,
                  0 if k is None else int(k.type), kf, 1, out)
    pay = {s: 0 for s in range(n)}
    for s in range(n):
        pay[s] -= int(out[s])
        pay[w] += int(out[s])
    return pay


def score_many(hands, meld_types, meld_kinds, n_melds, wins, flags, rules="sichuan"):
    """Score a batch of encoded wins in parallel (for simulations).

    Parameters
    ----------
    hands : array_like, (n, 34)
        Concealed tiles of each win, winning tile included.
    meld_types, meld_kinds : array_like, (n, 4)
        Exposed melds (types of :class:`~mjstats.scoring.melds.MeldKind`).
    n_melds, wins, flags : array_like, (n,)
        Melds used, winning kind, flag bits (:mod:`mjstats.scoring.kernels`).
    rules : str or RuleSet

    Returns
    -------
    numpy.ndarray
        ``int64`` totals; ``-1`` where a hand is not complete, ``-2`` where it
        holds three suits under a missing-suit rule.

    Raises
    ------
    HandError
        A column not one row per hand, or a row whose declared melds cannot be
        (no such type or tile, a chow not starting at rank 1-7 of a suit, more
        than four copies of a kind with the hand): named by its row.

    Examples
    --------
    >>> import mjstats as mj
    >>> H = np.stack([mj.parse("111333444m22255p"), mj.parse("12345678999m555p")])
    >>> z = np.zeros((2, 4), dtype=np.int64)
    >>> score_many(H, z, z, [0, 0], [13, 13], [0, 1], "sichuan").tolist()
    [2, 2]
    """
    R = _rules(rules)
    H = as_hands(hands, what="hands")
    n = H.shape[0]

    def column(a, name: str, shape: tuple) -> np.ndarray:
        arr = np.asarray(a)
        if arr.shape != shape or not np.issubdtype(arr.dtype, np.integer):
            raise HandError(f"{name} holds whole numbers of shape {shape} (one row per hand), "
                            f"got shape {arr.shape} and dtype {arr.dtype}")
        return np.ascontiguousarray(arr, dtype=np.int64)

    MT = column(meld_types, "meld_types", (n, 4))
    MK = column(meld_kinds, "meld_kinds", (n, 4))
    NM = column(n_melds, "n_melds", (n,))
    W = column(wins, "wins", (n,))
    F = column(flags, "flags", (n,))
    if n and (NM.min() < 0 or NM.max() > 4 or W.min() < 0 or W.max() > 33):
        raise HandError("n_melds must lie in 0..4 and wins in 0..33")
    out = np.empty(n, dtype=np.int64)
    ka = R.kernel_args
    K._score_many(H, MT, MK, NM, W, F, ka.family, ka.values, ka.switches, tables(), out)
    bad = np.flatnonzero(out == K.BAD_MELDS)
    if bad.size:
        raise HandError(_bad_melds(int(bad[0]), H[bad[0]], MT[bad[0]], MK[bad[0]], NM[bad[0]]))
    return out


def _bad_melds(i: int, hand, types, kinds, nm) -> str:
    """What is wrong with row ``i``'s melds (:func:`~mjstats.scoring.kernels._melds_ok`)."""
    try:
        ms = [ExposedMeld(int(t), int(k)) for t, k in zip(types[:nm], kinds[:nm], strict=True)]
    except HandError as e:  # no such type or tile, or a chow off its start
        return f"row {i}: {e}"
    held = hand.astype(np.int16) + sum(m.tiles() for m in ms)
    k = int(np.argmax(held))
    return f"row {i}: the hand and its melds hold {held[k]} copies of {kind_name(k)}"
