"""The one settlement rule of a win (mjstats.scoring.payments), against the rules written
out plainly from the seeds (docs/rules/*.md), over random tables."""

from __future__ import annotations

import numpy as np

from mjstats.scoring import kernels as K
from mjstats.scoring.melds import MeldKind
from mjstats.scoring.payments import _win_payments

KONG, ADDKONG, CKONG = int(MeldKind.KONG), int(MeldKind.ADDKONG), int(MeldKind.CKONG)


def _reference(liuzhou, dianpao, sanbi, v, flags, w, d, active, kong_typ, kf, kong_money):
    """Who pays what, case by case (payer -> amount), as the rule texts state them."""
    pay: dict[int, int] = {}

    def move(frm, amount):
        pay[frm] = pay.get(frm, 0) + amount

    others = [s for s in active if s != w]
    if not liuzhou:
        if not flags & K.SELF_DRAW:
            move(d, v)  # 点炮: the discarder alone
        elif dianpao and flags & K.FED_KONG and kf >= 0:
            move(kf, v)  # 引杠杠上花算放炮: as for a discard
        else:
            for s in others:  # 自摸: every seat still in the hand
                move(s, v)
        return pay
    if not flags & K.SELF_DRAW:
        mult = {d: 1}
        for a, b in sanbi:
            if (a, b) in ((d, w), (w, d)):
                mult[d] = 2  # 吃三比 1> 2>
            elif b == d and a != w:
                mult[a] = mult.get(a, 0) + 1  # 4> the eater pays too
        for s, m in mult.items():
            move(s, v * m)
        return pay
    mult = {s: 1 for s in others}
    for a, b in sanbi:
        if b == w and a in mult:
            mult[a] = 3  # 5> the eater pays the self-drawer x3
    if flags & K.AFTER_KONG and kong_typ == KONG and kf >= 0:
        move(kf, sum(v * m for m in mult.values()) + kong_money)  # 直接明杠杠上花
        return pay
    for s in others:
        move(s, v * mult[s])
    if flags & K.AFTER_KONG and kong_money:
        if kong_typ == ADDKONG and kf >= 0:
            move(kf, 1)  # 原被碰者需支付杠的1分
        elif kong_typ == CKONG:
            for s in others:
                move(s, 1)  # 暗杠 每人1分
    return pay


def test_the_settlement_kernel_follows_the_rules():
    """5,000 random wins: every family and switch, self-drawn or not, after a kong of
    each type, with random seats still in play, bound pairs (吃三比) and kong feeders."""
    rng = np.random.default_rng(11)
    out = np.zeros(4, dtype=np.int64)
    seen = set()
    for _ in range(5_000):
        liuzhou = int(rng.integers(2))
        dianpao = 0 if liuzhou else int(rng.integers(2))
        w = int(rng.integers(4))
        self_draw = bool(rng.integers(2))
        d = -1 if self_draw else int((w + rng.integers(1, 4)) % 4)
        active = sorted({w, *([d] if d >= 0 else []),
                         *(int(s) for s in np.flatnonzero(rng.random(4) < 0.7))})
        out_of_play = np.array([0 if s in active else 1 for s in range(4)], dtype=np.int64)
        after_kong = self_draw and bool(rng.integers(2))
        kong_typ = int(rng.choice([0, KONG, ADDKONG, CKONG])) if after_kong else 0
        flags = (K.SELF_DRAW if self_draw else 0) | (K.AFTER_KONG if after_kong else 0)
        if after_kong and kong_typ == KONG:
            flags |= K.FED_KONG
        kf = int(rng.integers(-1, 4))
        if kf == w:
            kf = -1
        sanbi_on = int(liuzhou and rng.integers(2))
        take = np.zeros((4, 4), dtype=np.int64)
        pairs = []
        for _ in range(int(rng.integers(0, 3)) if sanbi_on else 0):
            a, b = (int(x) for x in rng.choice(4, 2, replace=False))
            if take[a, b] == 0:
                take[a, b] = 3
                pairs.append((a, b))
        v = int(rng.integers(1, 50))
        for kong_money in (0, 1):
            _win_payments(w, d, v, flags, liuzhou, dianpao, sanbi_on, take, out_of_play,
                          kong_typ, kf, kong_money, out)
            got = {s: int(out[s]) for s in range(4) if out[s]}
            want = {s: a for s, a in _reference(liuzhou, dianpao, pairs, v, flags, w, d,
                                                active, kong_typ, kf, kong_money).items() if a}
            assert got == want, (liuzhou, dianpao, pairs, v, flags, w, d, active, kong_typ,
                                 kf, kong_money)
            assert out[w] == 0
        seen.add((liuzhou, self_draw, kong_typ, bool(pairs)))
    assert len(seen) >= 12  # every branch met
