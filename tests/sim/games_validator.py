"""An independent replay of game logs: every event legal, every payment right.

The validator knows nothing of the engine's internals.  From the shuffled
wall and the event list of a :class:`~mjstats.sim.simulate.GameLog` it
rebuilds the hands, checks each draw against the wall, each discard, pong,
kong and win against the rules of 血战到底 (定缺 first, no claim of the missing
suit, 过水, a win is complete by the slow reference of ``tests/naive.py``),
recomputes each win's value with the public :func:`mjstats.scoring.score` and
every payment from the rule set's switches, and compares them with the
logged payments.  It raises ``AssertionError`` with the event index on the
first disagreement.
"""

from __future__ import annotations

import numpy as np

import mjstats as mj
import mjstats.sim.engine as E
from mjstats.scoring import Table, score
from mjstats.scoring import kernels as K
from mjstats.scoring.melds import ExposedMeld, MeldKind
from mjstats.tiles import parse_tile

try:
    from naive import is_complete as naive_complete
except ImportError:  # pragma: no cover
    from tests.naive import is_complete as naive_complete


class Replay:
    """Replay state of one hand."""

    def __init__(self, lg):
        self.lg = lg
        R = lg.rules
        self.R = R
        self.sw = R.switches
        self.sichuan = R.family == 0
        self.liuzhou = R.family == 2
        self.take = np.zeros((4, 4), dtype=np.int64)  # melds seat a took from seat b
        self.kong_from = -1
        self.wall = np.asarray(lg.wall, dtype=np.int64)
        self.n = len(self.wall)
        self.hand = np.zeros((4, 34), dtype=np.int64)
        pos = 0
        for i in range(4):
            p = (lg.dealer + i) % 4
            for _ in range(14 if i == 0 else 13):
                self.hand[p, self.wall[pos]] += 1
                pos += 1
        self.head = pos
        self.tail = self.n - 1
        self.melds = [[] for _ in range(4)]  # [type, kind, from]
        self.que = [-1] * 4
        self.won = [0] * 4
        self.n_won = 0
        self.table = np.zeros(34, dtype=np.int64)  # discards lying on the table
        self.passblock = [set() for _ in range(4)]
        self.kong_ledger = np.zeros((4, 4), dtype=np.int64)  # receiver, payer
        self.last_kong_pay = np.zeros(4, dtype=np.int64)
        self.last_kong_type = 0
        self.last_kong_tile = -1
        self.last_kong_seat = -1
        self.last_discard = None  # (seat, tile, after_kong, wall_empty)
        self.last_draw = None  # (seat, tile, replacement)
        self.turn_draw_tiles = []  # tiles drawn by the current seat this turn
        self.claimed = False
        self.ndraw = [0] * 4
        self.ndisc = [0] * 4
        self.expected = []  # payments expected (payer, receiver, amount, reason)
        self.logged = []
        self.totals = np.zeros(4, dtype=np.int64)
        self.robbed = None
        self.discard_winners = 0

    # ------------------------------------------------------------ helpers
    def next_active(self, p):
        for i in range(1, 5):
            q = (p + i) % 4
            if not self.won[q]:
                return q
        return p

    def visible(self, k):
        v = self.table[k]
        for p in range(4):
            for t, kind, _ in self.melds[p]:
                if t == K.CHOW:
                    v += 1 if kind <= k <= kind + 2 else 0
                elif kind == k and not (t == K.CKONG and self.liuzhou):
                    v += 4 if t >= K.KONG else 3
        return v

    def last_copy(self, p, tile):
        """绝张: seat ``p`` (its waiting hand) holds none of its waits and every other copy
        of them is out on the table, ``tile`` the last of its kind (docs/games.md)."""
        waits = [parse_tile(name) for name in mj.waits(self.hand[p])]
        q = self.que[p]
        own = {kind: 4 if t >= K.KONG else 3 for t, kind, _ in self.melds[p] if t != K.CHOW}
        waits = [k for k in waits if not (q >= 0 and k // 9 == q)
                 and self.hand[p, k] + own.get(k, 0) < 4]
        return all(self.hand[p, k] == 0 and self.visible(k) == (3 if k == tile else 4)
                   for k in waits)

    def holds_que(self, p):
        q = self.que[p]
        return q >= 0 and self.hand[p, 9 * q: 9 * q + 9].sum() > 0

    def ems(self, p):
        """Seat ``p``'s melds for score(); its latest kong goes last (score() reads the
        last kong listed as the one behind a 杠上花)."""
        ms = [ExposedMeld(MeldKind(t), k) for t, k, _ in self.melds[p]]
        if self.last_kong_seat == p:
            ms.sort(key=lambda m: m.type.is_kong and m.kind == self.last_kong_tile)
        return ms

    def value(self, p, tile, flags, table=None):
        h = self.hand[p].copy()
        h[tile] += 1
        if not naive_complete(h):
            return -1
        q = self.que[p]
        if q >= 0 and h[9 * q: 9 * q + 9].sum() > 0:
            return -2
        for _t, k, _ in self.melds[p]:
            if q >= 0 and k < 27 and k // 9 == q:
                return -2
        r = score(h.astype(np.int8), self.ems(p), int(tile),
                  self_draw=bool(flags & K.SELF_DRAW), rules=self.R,
                  after_kong=bool(flags & K.AFTER_KONG), robbing_kong=bool(flags & K.ROBBING),
                  last_tile=bool(flags & K.LAST_TILE), first_turn=bool(flags & K.FIRST_TURN),
                  dealer=bool(flags & K.DEALER), last_copy=bool(flags & K.LAST_COPY),
                  table=table)
        return r

    def expect(self, frm, to, amount, reason):
        if amount != 0 and frm != to:
            self.expected.append((frm, to, int(amount), reason))

    def flush(self, i):
        a = sorted(self.expected)
        b = sorted(self.logged)
        assert a == b, f"event {i}: payments {b} logged, {a} expected"
        self.expected = []
        self.logged = []

    # ------------------------------------------------------------ replay
    def run(self):
        ev = np.asarray(self.lg.events).tolist()
        assert ev, "empty log"
        assert ev[-1][0] == E.EV_END, "the log does not end with an end event"
        for i, (t, s, tile, other, amount) in enumerate(ev):
            if t == E.EV_END:
                self.settle_transfer()
                self.on_end(i, s, tile, other, amount)
                self.flush(i)
                continue
            if t != E.EV_PAY and t != E.EV_WIN:
                self.flush(i)
                self.settle_transfer()
            getattr(self, "on_" + E.EVENT_NAMES[t])(i, s, tile, other, amount)
        self.conservation()
        return self

    def on_que(self, i, s, tile, other, amount):
        assert 0 <= tile <= 2 and self.que[s] == -1, f"event {i}: bad 定缺"
        self.que[s] = tile

    def on_draw(self, i, s, tile, other, amount):
        assert not self.won[s], f"event {i}: a winner draws"
        if other == 1:
            assert self.last_kong_seat == s, f"event {i}: replacement without a kong"
            assert self.wall[self.tail] == tile, f"event {i}: replacement is not the tail tile"
            self.tail -= 1
        else:
            assert self.head <= self.tail, f"event {i}: draw from an empty wall"
            assert self.wall[self.head] == tile, f"event {i}: draw is not the head tile"
            self.head += 1
            self.ndraw[s] += 1
            exp = getattr(self, "expect_drawer", None)
            assert exp is None or exp == s, f"event {i}: seat {s} draws, seat {exp} was next"
            self.turn_draw_tiles = []
        self.passblock[s] = set()
        self.hand[s, tile] += 1
        self.last_draw = (s, tile, other == 1)
        self.turn_draw_tiles.append(tile)
        self.last_discard = None

    def on_discard(self, i, s, tile, other, amount):
        assert not self.won[s]
        assert self.hand[s, tile] > 0, f"event {i}: discards a tile not held"
        assert self.hand[s].sum() == 14 - 3 * len(self.melds[s]), f"event {i}: hand size"
        if self.holds_que(s):
            assert tile // 9 == self.que[s], f"event {i}: 定缺 tiles must go first"
        self.hand[s, tile] -= 1
        self.table[tile] += 1
        self.ndisc[s] += 1
        after = self.last_draw is not None and self.last_draw[0] == s and self.last_draw[2]
        self.last_discard = (s, tile, after, self.head > self.tail)
        self.expect_drawer = self.next_active(s)
        self.last_draw = None
        self.discard_winners = 0

    def on_pong(self, i, s, tile, other, amount):
        d = self.last_discard
        assert d is not None and d[1] == tile and d[0] == other, f"event {i}: pong of what?"
        assert self.head <= self.tail, f"event {i}: pong after the last tile"
        assert self.hand[s, tile] >= 2 and tile // 9 != self.que[s], f"event {i}: illegal pong"
        self.hand[s, tile] -= 2
        self.table[tile] -= 1
        self.melds[s].append([K.PONG, tile, other])
        self.take[s, other] += 1
        self.claimed = True
        self.last_discard = None

    def on_chow(self, i, s, tile, other, lo):
        d = self.last_discard
        assert self.liuzhou, f"event {i}: chow outside Liuzhou"
        assert d is not None and d[1] == tile and d[0] == other, f"event {i}: chow of what?"
        assert s == (other + 1) % 4, f"event {i}: chow not from the left"
        assert self.head <= self.tail, f"event {i}: chow after the last tile"
        assert tile < 27 and lo <= tile <= lo + 2 and lo // 9 == (lo + 2) // 9, f"event {i}"
        for x in range(lo, lo + 3):
            if x != tile:
                assert self.hand[s, x] >= 1, f"event {i}: chow without the tiles"
                self.hand[s, x] -= 1
        self.table[tile] -= 1
        self.melds[s].append([K.CHOW, lo, other])
        self.take[s, other] += 1
        self.claimed = True
        self.last_discard = None

    def kong_pay(self, s, typ, feeder, pay_now):
        self.last_kong_pay[:] = 0
        self.last_kong_type = typ
        self.kong_from = feeder
        if self.liuzhou:  # 明杠 1 from the feeder (of the pong, for an added kong), 暗杠 1 each
            for j in range(4):
                if j != s and (typ == K.CKONG or j == feeder):
                    self.expect(j, s, 1, E.R_KONG)
            return
        if not self.sichuan or not pay_now:
            return
        for j in range(4):
            if j == s or self.won[j]:
                continue
            if typ == K.CKONG:
                a = 2
            elif typ == K.ADDKONG:
                a = 1
            elif j == feeder:
                a = self.sw["zhigang"]
            else:
                a = 1 if self.sw["maomaoyu"] else 0
            if a:
                self.expect(j, s, a, E.R_KONG)
                self.last_kong_pay[j] = a
                self.kong_ledger[s, j] += a

    def on_kong(self, i, s, tile, other, amount):
        assert self.head <= self.tail, f"event {i}: kong with an empty wall"
        assert tile // 9 != self.que[s] or tile >= 27, f"event {i}: kong of the missing suit"
        if amount == K.KONG:
            d = self.last_discard
            assert d is not None and d[1] == tile and d[0] == other
            assert self.hand[s, tile] == 3
            self.hand[s, tile] = 0
            self.table[tile] -= 1
            self.melds[s].append([K.KONG, tile, other])
            self.take[s, other] += 1
            self.kong_pay(s, K.KONG, other, True)
        elif amount == K.ADDKONG:
            assert self.hand[s, tile] >= 1
            m = [m for m in self.melds[s] if m[0] == K.PONG and m[1] == tile]
            assert m, f"event {i}: added kong without a pong"
            m[0][0] = K.ADDKONG
            self.hand[s, tile] -= 1
            now = bool(self.sw.get("maomaoyu", False)) or (
                bool(self.turn_draw_tiles) and self.turn_draw_tiles[-1] == tile)
            self.kong_pay(s, K.ADDKONG, m[0][2] if self.liuzhou else -1, now)
        else:
            assert amount == K.CKONG and self.hand[s, tile] == 4, f"event {i}: bad 暗杠"
            self.hand[s, tile] = 0
            self.melds[s].append([K.CKONG, tile, -1])
            self.kong_pay(s, K.CKONG, -1, True)
        self.claimed = True
        self.last_kong_tile = tile
        self.last_kong_seat = s
        self.last_discard = None

    def on_rob(self, i, s, tile, other, amount):
        assert not self.liuzhou, f"event {i}: no 抢杠 in Liuzhou"
        m = [m for m in self.melds[s] if m[0] == K.PONG and m[1] == tile]
        assert m and self.hand[s, tile] >= 1, f"event {i}: robbing a kong that cannot be made"
        self.hand[s, tile] -= 1
        self.table[tile] += 1  # the robbed tile is shown
        self.robbed = (s, tile)
        self.last_discard = None

    def on_win(self, i, s, tile, other, flags):
        assert not self.won[s], f"event {i}: wins twice"
        self_draw = other < 0
        assert bool(flags & K.SELF_DRAW) == self_draw, f"event {i}: self-draw flag"
        if self_draw:
            first = self.last_draw is None and self.n_won == 0 and s == self.lg.dealer
            if first:  # 天胡
                assert flags & K.FIRST_TURN and sum(self.ndisc) == 0, f"event {i}: 天胡?"
                self.hand[s, tile] -= 1
            else:
                assert self.last_draw is not None and self.last_draw[:2] == (s, tile), (
                    f"event {i}: self-draw of a tile not just drawn")
                self.hand[s, tile] -= 1
                assert bool(flags & K.AFTER_KONG) == self.last_draw[2], f"event {i}: 杠上花 flag"
                assert bool(flags & K.LAST_TILE) == (self.head > self.tail), f"event {i}: 海底"
                if s != self.lg.dealer:
                    dihu = self.ndraw[s] == 1 and not self.claimed and self.ndisc[s] == 0
                    assert bool(flags & K.FIRST_TURN) == dihu, f"event {i}: 地胡 flag"
        elif flags & K.ROBBING:
            assert self.robbed is not None and self.robbed == (other, tile), f"event {i}: rob"
            self.table[tile] -= 1  # count it in the hand while scoring
        else:
            d = self.last_discard
            assert d is not None and d[0] == other and d[1] == tile, f"event {i}: won tile"
            assert bool(flags & K.AFTER_KONG) == d[2], f"event {i}: 杠上炮 flag"
            assert bool(flags & K.LAST_TILE) == d[3], f"event {i}: 海底 flag"
            assert tile not in self.passblock[s], f"event {i}: 过水 violated"
            self.table[tile] -= 1
        assert bool(flags & K.DEALER) == (s == self.lg.dealer)
        fed = self_draw and bool(flags & K.AFTER_KONG) and self.last_kong_type == K.KONG
        assert bool(flags & K.FED_KONG) == fed, f"event {i}: 点杠杠上花 flag"
        assert bool(flags & K.LAST_COPY) == self.last_copy(s, tile), f"event {i}: 绝张"
        self.lg_tile = tile
        # who pays a self-draw is score()'s answer (血战: the seats still in; 引杠杠上花算放炮:
        # the kong's feeder alone)
        kf = None if self.kong_from < 0 else self.kong_from
        t = Table(4, s, None if self_draw else other,
                  active=tuple(j for j in range(4) if not self.won[j]), kong_from=kf)
        r = self.value(s, tile, flags, t)
        assert not isinstance(r, int), f"event {i}: illegal win ({r})"
        v = r.total
        if not self_draw:
            self.table[tile] += 1
        self.n_won += 1
        self.won[s] = self.n_won
        if self.liuzhou:
            self.liuzhou_expect(s, other, flags, r)
            if self_draw:
                self.hand[s, tile] += 1
        elif self_draw:
            for j, a in r.payments.items():
                if j != s and a < 0:
                    self.expect(j, s, -a, E.R_WIN)
            self.hand[s, tile] += 1
        else:
            self.expect(other, s, v, E.R_WIN)
            if self.sichuan and flags & K.AFTER_KONG and not flags & K.ROBBING:
                if self.sw["zhuanyu"] and self.last_kong_type == K.ADDKONG:
                    a = self.kong_ledger[other].sum()
                else:
                    a = self.last_kong_pay.sum()
                self.expect(other, s, a, E.R_TRANSFER)
                self.pending_transfer = other
        self.expect_drawer = self.next_active(s)

    def liuzhou_expect(self, w, other, flags, r0):
        """Payments of a Liuzhou win by the public scorer's Table, less the kong money
        (paid when the kong was made; the scorer's 杠上花 totals include it)."""
        sanbi = tuple((a, b) for a in range(4) for b in range(4)
                      if a != b and self.take[a, b] >= 3)
        self_draw = other < 0
        kf = self.kong_from if self.kong_from >= 0 else None
        h = self.hand[w].copy()
        h[self.lg_tile] += 1
        t = Table(4, w, None if self_draw else other, None, kf, sanbi)
        ms = self.ems(w)
        r = score(h.astype(np.int8), ms, int(self.lg_tile), self_draw=self_draw,
                  rules=self.R, after_kong=bool(flags & K.AFTER_KONG),
                  last_tile=bool(flags & K.LAST_TILE), first_turn=bool(flags & K.FIRST_TURN),
                  dealer=bool(flags & K.DEALER), last_copy=bool(flags & K.LAST_COPY), table=t)
        assert r.total == r0.total
        pay = dict(r.payments)
        if self_draw and flags & K.AFTER_KONG:
            if self.last_kong_type in (K.KONG, K.ADDKONG) and kf is not None:
                pay[kf] += 1
            elif self.last_kong_type == K.CKONG:
                for j in range(4):
                    if j != w:
                        pay[j] += 1
        for j, a in pay.items():
            if j != w and a < 0:
                self.expect(j, w, -a, E.R_WIN)

    def settle_transfer(self):
        o = getattr(self, "pending_transfer", None)
        if o is None:
            return
        if self.sw["zhuanyu"] and self.last_kong_type == K.ADDKONG:
            self.kong_ledger[o] = 0
        else:
            self.kong_ledger[o] -= self.last_kong_pay
        self.last_kong_pay[:] = 0
        self.pending_transfer = None

    def on_pass(self, i, s, tile, other, amount):
        d = self.last_discard
        assert d is not None and d[1] == tile, f"event {i}: pass on what?"
        h = self.hand[s].copy()
        h[tile] += 1
        assert naive_complete(h), f"event {i}: passes a win that is not a win"
        self.passblock[s].add(tile)

    def on_pay(self, i, s, reason, other, amount):
        self.logged.append((s, other, int(amount), reason))
        self.totals[s] -= amount
        self.totals[other] += amount

    def on_ready(self, i, s, status, other, amount):
        if not hasattr(self, "status"):
            self.status = {}
        assert not self.won[s]
        hz = self.holds_que(s)
        if hz:
            assert status == 2, f"event {i}: 花猪 not found"
            self.status[s] = (2, 0)
            return
        best = None
        for k in range(34):
            if not self.R.tileset.mask[k] or self.hand[s, k] >= 4:
                continue
            if k < 27 and k // 9 == self.que[s]:
                continue
            own = sum(4 if t >= K.KONG else 3 for t, kk, _ in self.melds[s] if kk == k)
            if self.hand[s, k] + own >= 4:
                continue  # no fifth copy
            h = self.hand[s].copy()
            h[k] += 1
            if not naive_complete(h):
                continue
            if not self.sw.get("sijiao", True) and 4 - self.hand[s, k] - self.visible(k) <= 0:
                continue
            v = self.value(s, k, K.DEALER if s == self.lg.dealer else 0).total
            if best is None or (self.sw.get("chajiao") == "xiao" and v < best) or (
                    self.sw.get("chajiao", "da") == "da" and v > best):
                best = v
        if best is None:
            assert status == 0, f"event {i}: seat {s} is not ready"
            self.status[s] = (0, 0)
        else:
            assert status == 1 and amount == best, f"event {i}: 查叫 value {amount} != {best}"
            self.status[s] = (1, best)

    def on_end(self, i, s, reason, other, amount):
        self.settle_transfer()
        active = [p for p in range(4) if not self.won[p]]
        if reason == 0:
            assert self.n_won == 3 or (self.liuzhou and self.n_won >= 1)
            return
        if self.liuzhou:
            assert self.head > self.tail and self.n_won == 0
            return
        assert self.head > self.tail, f"event {i}: ended with tiles in the wall"
        if len(active) < 2:
            return
        st = getattr(self, "status", {})
        assert sorted(st) == active, f"event {i}: 查叫 statuses {st} for {active}"
        if self.sichuan:
            for p in active:
                if st[p][0] != 1:
                    for j in range(4):
                        self.expect(p, j, self.kong_ledger[p, j], E.R_REFUND)
            for p in active:
                if st[p][0] == 2:
                    for q in active:
                        if q != p and st[q][0] != 2:
                            self.expect(p, q, self.sw["huazhu"], E.R_HUAZHU)
        else:
            mult = 2 if self.sw["chajiao_double"] else 1
            for p in active:
                if st[p][0] == 2:
                    for q in active:
                        if q != p and st[q][0] == 1:
                            self.expect(p, q, mult * st[q][1], E.R_HUAZHU)
        for p in active:
            if st[p][0] == 0:
                for q in active:
                    if q != p and st[q][0] == 1:
                        self.expect(p, q, st[q][1], E.R_CHAJIAO)

    def conservation(self):
        total = self.hand.sum(axis=0) + self.table
        for p in range(4):
            for t, k, _ in self.melds[p]:
                if t == K.CHOW:
                    total[k: k + 3] += 1
                else:
                    total[k] += 4 if t >= K.KONG else 3
        for k in self.wall[self.head: self.tail + 1]:
            total[k] += 1
        want = np.bincount(self.wall, minlength=34)
        # winners on a discard never took the tile into their hand
        assert np.array_equal(total, want), "tiles not conserved"


def validate(lg, seats=None):
    """Replay one :class:`GameLog`; check totals against seat records if given."""
    r = Replay(lg).run()
    assert r.totals.sum() == 0, "payments do not sum to zero"
    if seats is not None:
        got = seats.sort_values("seat")["pay_total"].to_numpy()
        assert np.array_equal(got, r.totals), f"totals {got} != replay {r.totals}"
    return r


def validate_run(r) -> int:
    """Replay every logged hand of the run ``r`` (``simulate(..., log=N)``): no engine error,
    every event legal (:func:`validate`) and each seat's payments as the seats table says.

    Returns the number of hands replayed whose payments agree (the caller checks it
    against the hands it logged)."""
    by_game = dict(tuple(r.seats.groupby("game")))
    assert (r.hands["error"] == 0).all()
    agreed = 0
    for lg in r.logs:
        rep = validate(lg, by_game[lg.game])
        agreed += rep.totals.tolist() == by_game[lg.game]["pay_total"].tolist()
    return agreed
