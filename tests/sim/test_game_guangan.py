"""Whole hands of Guang'an 血战到底: 120 tiles, 颗 scoring, 查叫 with the double for three suits."""

from __future__ import annotations

import numpy as np
import pytest
from games_builder import build_wall
from games_validator import validate

from mjstats.rules import rules
from mjstats.sim.simulate import play_hand, settle_position, simulate


@pytest.mark.parametrize("bots,switches", [
    ("efficiency", {}),
    (("random", "value", "zimo", "efficiency"), dict(chajiao_double=False, zimo=0)),
])
def test_guangan_validator_and_zero_sum(bots, switches):
    R = rules("guangan", **switches)
    r = simulate(R, games=700, seed=21, bots=bots, log=700)
    s = r.seats
    assert (s.groupby("game")["pay_total"].sum() == 0).all()
    assert (s["pay_kong"] == 0).all()  # Guang'an kongs are 颗 inside the winning hand
    assert (r.hands["error"] == 0).all()
    by_game = dict(tuple(s.groupby("game")))
    for lg in r.logs:
        validate(lg, by_game[lg.game])
    # dragons are dealt and played (120 tiles)
    assert any((lg.wall >= 31).any() for lg in r.logs)


def test_guangan_win_values_are_ke():
    r = simulate("guangan", games=400, seed=22)
    w = r.seats[r.seats["won"] > 0]
    # every win has 本身 1 and at least one missing suit 1: 2 颗 or more
    assert (w["value"] >= 2).all()
    assert (w["pat_BENSHEN"] == 1).all() and (w["pat_QUEMEN"] >= 1).all()
    sd = w[w["self_draw"] == 1]
    assert (sd["pat_ZIMO"] == 1).all()


def test_guangan_chajiao_double_for_a_hand_holding_its_missing_suit():
    # seat 0 ready: 123456789m 11p 45p + 3p/6p = 本身1 缺一门1 门清1 一条龙5 = 8 颗;
    # seat 3 still holds 万 (its missing suit): pays seat 0 twice its value, 16;
    # seats 1 and 2 are not ready and pay 8 each.
    hands = ["123456789m1145p", "123456789m2469p", "12345678s11239p", "12345678s9m2369p"]
    pay, ev = settle_position("guangan", hands, que=(2, 2, 0, 0))
    assert pay.tolist() == [16 + 8 + 8, -8, -8, -16]
    assert ev[ev["event"] == "ready"]["tile"].tolist() == [1, 0, 0, 2]
    single, _ = settle_position(rules("guangan", chajiao_double=False), hands, que=(2, 2, 0, 0))
    assert single.tolist() == [8 + 8 + 8, -8, -8, -8]


def test_guangan_yipao_duoxiang():
    w = build_wall("guangan", 0, {0: "11m9m999p88p77p2356p", 1: "123456789m1146p",
                                  2: "234456789m3455p", 3: "1234567891234s"})
    r = play_hand("guangan", w, 0, que=[2, 2, 2, 0], script=[["5p"], [], [], []])
    validate(r.logs[0], r.seats)
    ev = r.logs[0].frame()
    wins = ev[ev["event"] == "win"].head(2)
    assert wins["seat"].tolist() == [1, 2]
    s = r.seats.set_index("seat")
    # seat 1 (46p + 5p, the only wait): 本身1 缺一门1 门清1 卡张1 卡心五1 一条龙5 = 10 颗;
    # seat 2 (34p 55p, waits 2p/5p, no single-wait bonus): 本身1 缺一门1 门清1 = 3 颗
    assert s.loc[1, "value"] == 10 and s.loc[1, "pat_KAZHANG"] == 1
    assert s.loc[1, "pat_KAXINWU"] == 1 and s.loc[1, "pat_YITIAOLONG"] == 1
    assert s.loc[2, "value"] == 3
    pays = ev[ev["event"] == "pay"].head(2)
    assert pays[["seat", "other"]].values.tolist() == [[0, 1], [0, 2]]
    assert pays["amount"].tolist() == [s.loc[1, "value"], s.loc[2, "value"]]
    assert np.int64(r.hands["max_multi"].iloc[0]) == 2
