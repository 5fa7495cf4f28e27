"""Liuzhou hands: chow from the left, the hand ends at the win(s), 吃三比, dealer rotation."""

from __future__ import annotations

import numpy as np
import pytest
from games_validator import validate

from mjstats.rules import rules
from mjstats.scoring import kernels as K
from mjstats.sim import engine as E
from mjstats.sim.simulate import CHUNK, simulate


@pytest.mark.parametrize("bots,switches,n", [
    ("efficiency", {}, 800),
    (("random", "value", "zimo", "efficiency"), dict(sanbi=True, menqing="selfdraw"), 600),
    ("random", dict(sanbi=False, haidi=False), 400),
])
def test_liuzhou_validator_and_zero_sum(bots, switches, n):
    R = rules("liuzhou", **switches)
    r = simulate(R, games=n, seed=31, bots=bots, log=n)
    s, h = r.seats, r.hands
    assert (s.groupby("game")["pay_total"].sum() == 0).all()
    assert (h["error"] == 0).all()
    assert (s["que"] == -1).all()
    # the hand ends at the win(s): never a second win after the first discard round
    assert ((h["n_winners"] == 0) | (h["end_reason"] == 0)).all()
    assert (h.loc[h["n_winners"] == 0, "wall_left"] == 0).all()
    assert not h["drawn"].any() or (h.loc[h["drawn"], "n_ready_end"] == 0).all()  # no 查叫
    by_game = dict(tuple(s.groupby("game")))
    for lg in r.logs:
        validate(lg, by_game[lg.game])


def test_liuzhou_plays_chows_and_honors():
    r = simulate("liuzhou", games=500, seed=32, log=500)
    assert r.seats["n_chow"].sum() > 0
    ev = np.concatenate([lg.events for lg in r.logs])
    chows = ev[ev[:, 0] == E.EV_CHOW]
    # a chow is always from the seat on the left
    assert ((chows[:, 3] + 1) % 4 == chows[:, 1]).all()
    w = r.seats[r.seats["won"] > 0]
    assert (w["value"] >= 1).all()
    assert (ev[ev[:, 0] == E.EV_DISCARD][:, 2] >= 27).any()  # winds and dragons are played


def test_liuzhou_dealer_rotation():
    r = simulate("liuzhou", games=CHUNK + 40, seed=33)
    h = r.hands
    nxt = h["next_dealer"].to_numpy()
    dealer = h["dealer"].to_numpy()
    # within a chunk the next hand's dealer is the one the text names
    idx = np.arange(len(h) - 1)
    same_chunk = (idx + 1) % CHUNK != 0
    assert (dealer[1:][same_chunk] == nxt[:-1][same_chunk]).all()
    # a single winner deals next; after a draw the dealer stays
    s = r.seats[r.seats["won"] == 1].set_index("game")
    one = h[h["n_winners"] == 1]
    assert (one["next_dealer"].to_numpy() == s.loc[one["game"], "seat"].to_numpy()).all()
    none = h[h["n_winners"] == 0]
    assert (none["next_dealer"] == none["dealer"]).all()
    # several winners on one discard: the discarder deals next
    multi = h[h["n_winners"] >= 2]
    if len(multi):
        fr = r.seats[r.seats["won"] == 1].set_index("game").loc[multi["game"], "win_from"]
        assert (multi["next_dealer"].to_numpy() == fr.to_numpy()).all()


def _pay(w, d, v, take, self_draw=False, after_kong_type=0, kong_feeder=-1, sanbi=True):
    P = E.engine_params(rules("liuzhou", sanbi=sanbi))
    seat = np.zeros((4, E.N_SEAT), np.int64)
    ev = np.zeros((8, 5), np.int32)
    evn = np.zeros(2, np.int64)
    flags = (K.SELF_DRAW if self_draw else 0) | (K.AFTER_KONG if after_kong_type else 0)
    E._pay_win(w, -1 if self_draw else d, v, flags, after_kong_type, kong_feeder, P,
               K.F_LIUZHOU, np.asarray(take, np.int64), np.zeros(4, np.int64),
               np.zeros(4, np.int64), seat, 0, ev, evn, False)
    return seat[:, E.C_PAY_TOTAL].tolist()


def test_chi_san_bi_payment_cases():
    # seat 0 (A) took three melds from seat 1 (B); seat 2 is C; 基本胡 worth 1
    take = np.zeros((4, 4), np.int64)
    take[0, 1] = 3
    assert _pay(1, 0, 1, take) == [-2, 2, 0, 0]  # 1> A feeds B: x2
    assert _pay(0, 1, 1, take) == [2, -2, 0, 0]  # 2> B feeds A: x2
    assert _pay(2, 0, 1, take) == [-1, 0, 1, 0]  # 3> A feeds C: B pays nothing
    assert _pay(2, 1, 1, take) == [-1, -1, 2, 0]  # 4> B feeds C: A and B both pay
    assert _pay(1, -1, 1, take, self_draw=True) == [-3, 5, -1, -1]  # 5> B self-draws: A x3
    # two melds only: no 吃三比
    take[0, 1] = 2
    assert _pay(2, 1, 1, take) == [0, -1, 1, 0]
    # switched off
    take[0, 1] = 3
    assert _pay(1, 0, 1, take, sanbi=False) == [-1, 1, 0, 0]


def test_gangshanghua_after_an_exposed_kong_feeder_pays_for_all():
    # 直接明杠杠上花: the kong's feeder pays the three shares (基本胡 杠上花 2 each = 6);
    # the kong's own 1 was paid when the kong was made (the seed's 2*3+1 = 7 in all)
    take = np.zeros((4, 4), np.int64)
    assert _pay(0, -1, 2, take, self_draw=True, after_kong_type=K.KONG,
                kong_feeder=3) == [6, 0, 0, -6]
    # 摸牌明杠 / 暗杠 杠上花: everyone pays its share
    assert _pay(0, -1, 2, take, self_draw=True, after_kong_type=K.ADDKONG,
                kong_feeder=3) == [6, -2, -2, -2]
