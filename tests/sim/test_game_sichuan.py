"""Whole hands of Sichuan 血战到底: zero-sum, the log validator, reproducibility, special rules."""

from __future__ import annotations

import numba
import numpy as np
import pandas as pd
import pytest
from games_builder import build_wall
from games_validator import validate

import mjstats as mj
from mjstats.rules import rules
from mjstats.scoring import Table, score
from mjstats.scoring import kernels as K
from mjstats.sim import engine as E
from mjstats.sim.simulate import compare, play_hand, settle_position, simulate

PAY = ["pay_win", "pay_kong", "pay_transfer", "pay_refund", "pay_chajiao", "pay_huazhu"]


def _events(r, kind):
    df = r.logs[0].frame()
    return df[df["event"] == kind]


def test_zero_sum_and_records():
    r = simulate("sichuan", games=600, seed=7)
    s, h = r.seats, r.hands
    assert len(s) == 2400 and len(h) == 600
    assert (s.groupby("game")["pay_total"].sum() == 0).all()
    assert (s[PAY].sum(axis=1) == s["pay_total"]).all()
    assert (h["error"] == 0).all()
    w = s[s["won"] > 0]
    assert (w["value"] > 0).all()
    assert ((w["win_tile"] // 9) != w["que"]).all()  # never a win holding the missing suit
    assert (w["wait_kinds"] >= 1).all()
    # win orders 1..n per hand, n = n_winners
    got = s.groupby("game")["won"].max().to_numpy()
    assert np.array_equal(got, h["n_winners"].to_numpy())
    # 查叫 only after the wall ran out with two or more seats in
    assert ((h["drawn"]) == ((h["end_reason"] == 1) & (h["n_winners"] <= 2))).all()
    assert (h.loc[~h["drawn"], "n_ready_end"] == 0).all()
    # columns are typed
    assert s["seat"].dtype == np.int8 and s["pay_total"].dtype == np.int64
    assert isinstance(s["bot"].dtype, pd.CategoricalDtype)


@pytest.mark.parametrize("name,bots,switches,n", [
    ("sichuan", "efficiency", {}, 1000),
    ("sichuan", ("zimo", "value", "random", "efficiency"), {}, 600),
    ("sichuan", ("random", "value", "random", "efficiency"),
     dict(maomaoyu=True, zhuanyu=True, dianganghua="dianpao", chajiao="xiao", sijiao=False,
          zimo="fan", cap=None, haidi=True, juezhang=True, zhigang=1), 600),
    ("sichuan", "efficiency", dict(dianganghua="dianpao", zimo="di"), 600),
    ("sichuan", "efficiency", dict(dianganghua="dianpao", zimo="none"), 600),
    ("sichuan-app", "random", {}, 400),
])
def test_validator_replays_logged_games(name, bots, switches, n):
    R = rules(name, **switches)
    r = simulate(R, games=n, seed=11, bots=bots, log=n)
    if R.switches["dianganghua"] == "dianpao":  # 引杠杠上花 is among the replayed wins
        assert ((r.seats["win_flags"] & K.FED_KONG) > 0).any()
    by_game = dict(tuple(r.seats.groupby("game")))
    assert len(r.logs) == n  # every hand logged, so every hand is replayed
    for lg in r.logs:  # validate() asserts each event's legality and every payment
        rep = validate(lg, by_game[lg.game])
        assert rep.totals.tolist() == by_game[lg.game]["pay_total"].tolist()


def test_logs_cover_the_special_rules():
    r = simulate(rules("sichuan", maomaoyu=True), games=1500, seed=5,
                 bots=("value", "random", "efficiency", "zimo"), log=1500)
    ev = np.concatenate([lg.events for lg in r.logs])
    kinds = set(ev[:, 0].tolist())
    assert {E.EV_PONG, E.EV_KONG, E.EV_WIN, E.EV_PASS, E.EV_ROB, E.EV_READY} <= kinds
    pay = ev[ev[:, 0] == E.EV_PAY]
    assert {E.R_WIN, E.R_KONG, E.R_TRANSFER, E.R_REFUND, E.R_CHAJIAO} <= set(pay[:, 2].tolist())
    assert (r.hands["max_multi"] >= 2).any()  # 一炮多响 happens


def test_validator_catches_tampering():
    r = simulate("sichuan", games=40, seed=2, log=40)
    lg = next(g for g in r.logs if (g.events[:, 0] == E.EV_PAY).sum() >= 2)
    validate(lg)
    for mutate in ("pay", "draw", "win"):
        bad = lg.events.copy()
        if mutate == "pay":
            i = int(np.flatnonzero(bad[:, 0] == E.EV_PAY)[0])
            bad[i, 4] += 1
        elif mutate == "draw":
            i = int(np.flatnonzero(bad[:, 0] == E.EV_DRAW)[3])
            bad[i, 2] = (bad[i, 2] + 1) % 27
        else:
            i = int(np.flatnonzero(bad[:, 0] == E.EV_WIN)[0])
            bad[i, 2] = (bad[i, 2] + 3) % 27
        lg2 = type(lg)(lg.rules, lg.game, lg.dealer, lg.bots, lg.wall, bad)
        with pytest.raises(AssertionError):
            validate(lg2)


def test_same_seed_same_tables_on_1_and_2_threads():
    n0 = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        a = simulate("sichuan", games=1300, seed=3, bots=("value", "random", "efficiency",
                                                          "efficiency"))
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        b = simulate("sichuan", games=1300, seed=3, bots=("value", "random", "efficiency",
                                                          "efficiency"))
    finally:
        numba.set_num_threads(n0)
    pd.testing.assert_frame_equal(a.seats, b.seats)
    pd.testing.assert_frame_equal(a.hands, b.hands)
    pd.testing.assert_frame_equal(a.patterns(), b.patterns())


def test_resume_by_chunks():
    a = simulate("sichuan", games=1024, seed=9)
    b = simulate("sichuan", games=512, seed=9, first_game=512)
    pd.testing.assert_frame_equal(a.seats.iloc[2048:].reset_index(drop=True), b.seats)


def test_presets_score_the_same_hands():
    res = compare(["sichuan", "sichuan-app", rules("sichuan", cap=None, zimo="fan")],
                  games=300, seed=4)
    a, b, c = res.values()
    for x in (b, c):
        assert np.array_equal(a.seats["win_tile"], x.seats["win_tile"])
        assert np.array_equal(a.seats["won"], x.seats["won"])
    # uncapped 自摸加番 pays at least as much as capped 自摸加底 on every self-drawn win
    sd = (a.seats["self_draw"] == 1).to_numpy()
    assert (c.seats["value"].to_numpy()[sd] >= a.seats["value"].to_numpy()[sd] - 1).all()
    from mjstats.results.games import compare_table

    t = compare_table(res)
    assert t["same_hands"].all()


# ------------------------------------------------------------ hand-built situations


def test_yipao_duoxiang_two_winners_on_one_discard():
    # seat 0 (dealer) throws 5p; seat 1 waits 5p (卡张), seat 2 waits 2p/5p: both win.
    w = build_wall("sichuan", 0, {0: "11m9m999p88p77p2356p", 1: "123456789m1146p",
                                  2: "234456789m3455p", 3: "1234567891234s"})
    r = play_hand("sichuan", w, 0, que=[2, 2, 2, 0], script=[["5p"], [], [], []])
    validate(r.logs[0], r.seats)
    wins = _events(r, "win")
    assert wins[["seat", "tile", "other"]].head(2).values.tolist() == [[1, 13, 0], [2, 13, 0]]
    pays = _events(r, "pay").head(2)
    assert pays[["seat", "other", "amount"]].values.tolist() == [[0, 1, 1], [0, 2, 1]]
    assert int(r.hands["max_multi"].iloc[0]) == 2
    s = r.seats.set_index("seat")
    assert s.loc[1, "won"] == 1 and s.loc[2, "won"] == 2
    assert s.loc[1, "win_shape"] & int(mj.WaitShape.CLOSED)


def test_qianggang_robs_an_added_kong():
    # seat 1 pongs 5p, later draws the fourth and adds it; seat 2 waits 2p/5p and robs:
    # 平胡 1 x2 (抢杠胡) = 2 from seat 1; the kong is not made and pays nothing.
    w = build_wall("sichuan", 0,
                   {0: "11m23m8m4p999p77p13p5p", 1: "12345678m2255p1p", 2: "234567999m3468p",
                    3: "1133557799s246s"},
                   draws=["8p", "8s", "4m", "5p"])
    r = play_hand("sichuan", w, 0, que=[2, 2, 2, 0],
                  script=[["5p", "1m"], ["1p"], ["6p"], []])
    validate(r.logs[0], r.seats)
    ev = r.logs[0].frame()
    rob = ev.index[ev["event"] == "rob"][0]
    after = ev.loc[rob + 1: rob + 2]
    assert after["event"].tolist() == ["win", "pay"]
    assert after.iloc[0][["seat", "tile", "other"]].tolist() == [2, 13, 1]
    assert after.iloc[1][["seat", "other", "amount", "tile"]].tolist() == [1, 2, 2, E.R_WIN]
    assert not (ev["event"] == "kong").any()
    s = r.seats.set_index("seat")
    assert s.loc[2, "pat_QIANGGANG"] == 1 and s.loc[1, "n_addkong"] == 0
    assert int(r.hands["n_robbed"].iloc[0]) == 1


def test_gangshangpao_hands_over_the_kong_money():
    # seat 1 makes a concealed kong of 4p (2 from each of three players = 6), draws 3p from
    # the tail and throws it; seat 2 wins: 平胡 x2 (杠上炮) = 2, plus the kong's 6.
    w = build_wall("sichuan", 0,
                   {0: "11m9m888p77p66p13p5p8m", 1: "4444p123m567m99p1p", 2: "234567999m12p55p",
                    3: "1133557799s246s"},
                   draws=["1p"], tail=["3p"])
    r = play_hand("sichuan", w, 0, que=[2, 2, 2, 0], script=[["8m"], ["3p"], [], []])
    validate(r.logs[0], r.seats)
    ev = r.logs[0].frame()
    kong = ev[ev["event"] == "kong"].iloc[0]
    assert kong[["seat", "tile", "amount"]].tolist() == [1, 12, 4]
    win = ev.index[ev["event"] == "win"][0]
    assert ev.loc[win, ["seat", "tile", "other"]].tolist() == [2, 11, 1]
    pays = ev.loc[win + 1: win + 2]
    assert pays[["seat", "other", "amount", "tile"]].values.tolist() == [
        [1, 2, 2, E.R_WIN], [1, 2, 6, E.R_TRANSFER]]
    s = r.seats.set_index("seat")
    assert s.loc[2, "pat_GANGSHANGPAO"] == 1
    assert s.loc[1, "pay_kong"] == 6 and s.loc[1, "pay_transfer"] == -6


def test_guoshui_blocks_the_same_tile_until_the_own_draw():
    # seat 2 (value bot) passes a 1-point win on 3p; seat 1's 3p is then blocked (no event);
    # after seat 2's own draw, the next 3p is a choice again (passed again).
    w = build_wall("sichuan", 0,
                   {0: "11m9m888p77p66p13p5p8m", 1: "1234567m456p99p3p", 2: "234567999m12p55p",
                    3: "1133557799s246s"},
                   draws=["2p", "6s", "8s", "3p"])
    r = play_hand("sichuan", w, 0, bots=("efficiency", "efficiency", "value", "efficiency"),
                  que=[2, 2, 2, 0], script=[["3p", "3p"], ["3p"], [], []])
    validate(r.logs[0], r.seats)
    ev = r.logs[0].frame()
    d3p = ev.index[(ev["event"] == "discard") & (ev["tile"] == 11)].tolist()
    assert len(d3p) >= 3
    nxt = [ev.loc[i + 1, "event"] for i in d3p[:3]]
    assert nxt[0] == "pass" and nxt[1] != "pass" and nxt[2] == "pass"
    assert (ev.loc[d3p[0] + 1, ["seat", "tile"]].tolist()) == [2, 11]
    assert int(r.seats.set_index("seat").loc[2, "passed"]) >= 2


def test_chajiao_payments():
    # seats 0 and 2 ready (平胡 1), seats 1 and 3 not: each non-ready pays each ready 1
    hands = ["123456789m1145p", "123456789m2469p", "123456789s1145p", "123456789s2369p"]
    pay, ev = settle_position("sichuan", hands, que=(2, 2, 0, 0))
    assert pay.tolist() == [2, -2, 2, -2]
    ready = ev[ev["event"] == "ready"]
    assert ready[["seat", "tile", "amount"]].values.tolist() == [[0, 1, 1], [1, 0, 0],
                                                                 [2, 1, 1], [3, 0, 0]]
    # 赔大叫: a seven-pairs wait 2m beside nothing else pays 4 (暗七对); seat 0 already won
    hands = ["123456789m1145p", "2233445566m778p", "123456789s1145p", "123456789s2369p"]
    pay, _ = settle_position("sichuan", hands, que=(2, 2, 0, 0), won=(1, 0, 0, 0))
    # seat 1 waits 8p: 暗七对 4; seat 2 平胡 1; seat 3 pays both
    assert pay.tolist() == [0, 4, 1, -5]
    # the best of several waits (赔大叫) against the smallest (赔小叫):
    # 1112345678999m waits 1-9m; 清一色 4, 2m/5m/8m … all 4, 1m/9m 清一色 (with 根?)
    hands = ["1112345678999m", "123456789m2469p", "123456789s1145p", "123456789s2369p"]
    big, _ = settle_position("sichuan", hands, que=(2, 2, 0, 0))
    small, _ = settle_position(rules("sichuan", chajiao="xiao"), hands, que=(2, 2, 0, 0))
    assert big[0] == 2 * 8 and small[0] == 2 * 4  # 清一色+根 capped at 8 vs plain 清一色


def test_chajiao_refunds_kong_money_of_non_ready_seats():
    hands = ["123456789m1145p", "123456m2469p", "123456789s1145p", "123456789s2369p"]
    melds = [[], ["ckong 8p"], [], []]
    kp = np.zeros((4, 4), np.int64)
    kp[1, [0, 2, 3]] = 2  # seat 1 collected 2 from each for its concealed kong
    pay, ev = settle_position("sichuan", hands, melds=melds, que=(2, 2, 0, 0), kong_paid=kp)
    # seat 1 returns 6, then pays 1 to each ready seat; seat 3 pays 1 to each ready seat
    assert pay.tolist() == [2 + 1 + 1, -6 - 2, 2 + 1 + 1, 2 - 2]
    refunds = ev[(ev["event"] == "pay") & (ev["tile"] == E.R_REFUND)]
    assert refunds[["seat", "other", "amount"]].values.tolist() == [[1, 0, 2], [1, 2, 2],
                                                                    [1, 3, 2]]


def test_huazhu_pays_every_other_seat_still_in():
    # seat 3 still holds its missing suit 万 (花猪): pays 16 to each non-花猪 seat still in,
    # and pays no 查叫; seat 1 (not ready) pays ready seats 0 and 2.
    hands = ["123456789m1145p", "123456789m2469p", "123456789s1145p", "12345678s9m2369p"]
    pay, ev = settle_position("sichuan", hands, que=(2, 2, 0, 0))
    assert pay.tolist() == [16 + 1, 16 - 2, 16 + 1, -48]
    st = ev[ev["event"] == "ready"]
    assert st.set_index("seat").loc[3, "tile"] == 2
    pay8, _ = settle_position(rules("sichuan", huazhu=8), hands, que=(2, 2, 0, 0))
    assert pay8[3] == -24


def test_sijiao_dead_wait():
    # seat 0 waits only 5p (卡张) and all four 5p are visible: 死叫
    hands = ["123456789m1146p", "123456789m2469p", "123456789s1145p", "123456789s2369p"]
    vis = np.zeros(34, np.int8)
    vis[13] = 4
    on, _ = settle_position("sichuan", hands, que=(2, 2, 0, 0), visible=vis)
    off, _ = settle_position(rules("sichuan", sijiao=False), hands, que=(2, 2, 0, 0),
                             visible=vis)
    assert on[0] == 2 and off[0] == -1


def test_summary_tables_and_parquet(tmp_path):
    r = simulate("sichuan", games=300, seed=8, out=tmp_path, records=True)
    # the hidden .lock stays behind: the run folder's lock file (docs/durability.md)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != ".lock") == [
        "chunk-000000.hands.parquet", "chunk-000000.parquet", "chunk-000000.seats.parquet",
        "manifest.json"]
    back = pd.read_parquet(tmp_path / "chunk-000000.seats.parquet")
    assert len(back) == 1200 and back["pay_total"].sum() == 0
    pt = r.patterns()
    assert {"share_of_wins", "share_lo", "share_hi", "per_hand"} <= set(pt.columns)
    row = pt.set_index("zh").loc["平胡"]
    assert row["share_lo"] <= row["share_of_wins"] <= row["share_hi"]
    assert r.fan().set_index("metric").loc["per win", "mean"] >= 1
    assert abs(r.turns()["share"].sum() - 1) < 1e-9
    assert r.payoff().set_index("group").loc["all seats", "mean"] == 0
    b = r.balance()
    assert b.attrs["seat_variance"] > 0 and "rarity_bits" in b
    assert "drawn (查叫)" in r.outcomes()["metric"].tolist()
    assert "== balance ==" in r.summary()
    zh = r.logs[0].text() if r.logs else simulate("sichuan", 1, seed=1, log=1).logs[0].text()
    assert "定缺" in zh


def test_bad_inputs():
    with pytest.raises(mj.MjStatsError):
        simulate("sichuan", games=10, bots="lazy")
    with pytest.raises(mj.MjStatsError):
        simulate("sichuan", games=10, bots=("random", "value"))
    with pytest.raises(mj.MjStatsError):
        simulate("sichuan", games=-1)
    with pytest.raises(mj.MjStatsError):
        play_hand("sichuan", np.zeros(108, np.int8))


def test_gangshanghua_self_draw_on_the_replacement():
    # seat 1 konges 4p (6 of kong money) and the replacement 9p completes 123m567m999p11p:
    # 平胡 x2 (the kong is a 根) x2 (杠上花) + 1 (自摸加底) = 5 from each of the three others;
    # it leaves with 6 + 15 = 21.
    w = build_wall("sichuan", 0,
                   {0: "11m9m888p77p66p13p5p8m", 1: "4444p123m567m99p1p", 2: "234567999m12p55p",
                    3: "1133557799s246s"},
                   draws=["1p"], tail=["9p"])
    r = play_hand("sichuan", w, 0, que=[2, 2, 2, 0], script=[["8m"], [], [], []])
    validate(r.logs[0], r.seats)
    s = r.seats.set_index("seat")
    assert s.loc[1, "won"] == 1 and s.loc[1, "self_draw"] == 1
    assert s.loc[1, "pat_GANGSHANGHUA"] == 1 and s.loc[1, "pat_GEN"] == 1
    assert s.loc[1, "value"] == 5
    assert s.loc[1, "pay_kong"] == 6 and s.loc[1, "pay_win"] == 15
    assert s.loc[1, "pay_total"] == 21
    fan = play_hand(rules("sichuan", zimo="fan"), w, 0, que=[2, 2, 2, 0],
                    script=[["8m"], [], [], []])
    assert fan.seats.set_index("seat").loc[1, "value"] == 8  # 1 x2 x2 x2 (自摸加番), cap 8


@pytest.mark.parametrize("zimo", ["di", "fan", "none"])
def test_dianganghua_dianpao_feeder_pays_without_self_draw_bonus(zimo):
    # the dealer throws 4p, seat 1 konges it (直杠: 2 from the dealer) and the replacement 9p
    # completes 123m 567m 789p 99p: 平胡 1 x2 (根) x2 (杠上花) = 4.  引杠杠上花算放炮: the
    # dealer alone pays 4, with no 自摸 bonus, whatever the zimo switch.
    w = build_wall("sichuan", 0,
                   {0: "11m9m888p77p66p13p4p8m", 1: "444p123m567m99p78p", 2: "234567999m12p55p",
                    3: "1133557799s246s"},
                   tail=["9p"])
    R = rules("sichuan", dianganghua="dianpao", zimo=zimo)
    r = play_hand(R, w, 0, que=[2, 2, 2, 0], script=[["4p"], [], [], []])
    validate(r.logs[0], r.seats)
    ev = r.logs[0].frame()
    kong = ev[ev["event"] == "kong"].iloc[0]
    assert kong[["seat", "tile", "other", "amount"]].tolist() == [1, 12, 0, K.KONG]
    win = ev.index[ev["event"] == "win"][0]
    assert ev.loc[win, ["seat", "tile", "other"]].tolist() == [1, 17, -1]
    ref = score("123m567m78999p", ["kong 4p"], "9p", rules=R, self_draw=True, after_kong=True,
                table=Table(winner=1, kong_from=0))
    assert ref.total == 4 and [p for p, _ in ref.patterns] == ["平胡", "根", "杠上花"]
    pays = ev.loc[win + 1:]
    pays = pays.iloc[: (pays["event"] != "pay").argmax()]
    assert pays[["seat", "other", "amount", "tile"]].values.tolist() == [[0, 1, 4, E.R_WIN]]
    assert {j: -a for j, a in ref.payments.items() if a < 0} == {0: 4}
    s = r.seats.set_index("seat")
    assert s.loc[1, "value"] == ref.total
    assert s.loc[1, "pat_GANGSHANGHUA"] == 1 and s.loc[1, "pat_ZIMO"] == 0
    assert s.loc[1, "pay_win"] == 4 and s.loc[1, "pay_kong"] == 2
    # the same wall with 算自摸: every seat pays, the bonus included
    z = play_hand(rules("sichuan", zimo=zimo), w, 0, que=[2, 2, 2, 0],
                  script=[["4p"], [], [], []])
    validate(z.logs[0], z.seats)
    zs = z.seats.set_index("seat")
    assert zs.loc[1, "value"] == {"di": 5, "fan": 8, "none": 4}[zimo]
    assert zs.loc[1, "pay_win"] == 3 * zs.loc[1, "value"]


def test_jiaoma_is_refused_not_ignored():
    from mjstats.errors import MjStatsError

    with pytest.raises(MjStatsError, match="叫马"):
        simulate(rules("sichuan", jiaoma=True), games=10, seed=1)
