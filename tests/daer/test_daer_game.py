"""Whole Da Er hands: hand-built situations with exact outcomes, and game invariants.

The hand-built decks (``build_deck``) use the ``passive`` bot (never takes a card,
only wins) and the ``greedy`` bot (takes every card it legally can) so that every
decision is known; each test says which rule it exercises.
"""

import numba
import numpy as np
import pytest

from mjstats.daer import game as G
from mjstats.daer import parse, score
from mjstats.daer.rules import rules as daer_rules
from mjstats.daer.simulate import build_deck, play, simulate

# The dealer's 21: six 坎 and the pair 拾拾 leave 五 isolated, so he discards 五 first.
DEALER_5 = "四四四六六六肆肆肆陆陆陆柒柒柒捌捌捌拾拾五"
# Seat 1: six 坎 and 四六, waiting on 五 (四五六), 51 胡.
S1_WAIT5 = "一一一二二二七七七八八八壹壹壹贰贰贰四六"
# Seat 1 as above with 八八九: can 吃 五 (四五六) but does not win with it.
S1_CHI5 = "一一一二二二七七七八八九壹壹壹贰贰贰四六"
# Seat 2: five 坎, 贰柒拾 and 伍伍, waiting on 五 (绞 五伍伍), 48 胡.
S2_WAIT5 = "三三三九九九十十十叁叁叁玖玖玖贰柒拾伍伍"
# Seat 2 with the pair 五五 and no win on 五.
S2_PAIR5 = "三三三九九九十十十叁叁叁玖玖玖贰柒肆五五"


def events(g):
    """(event, seat, card) from the 4th event on (after the three deals)."""
    return [(e.event, e.seat, e.card) for e in g.events.itertuples()][3:]


def test_hand_built_hands_are_what_the_tests_say():
    # the premises of the situations below, checked with the scorer
    assert score(S1_WAIT5 + "五", win="五", self_draw=False).won
    assert score(S2_WAIT5 + "五", win="五", self_draw=False).won
    assert not score(S1_CHI5 + "五", win="五", self_draw=False).won
    assert not score(S2_PAIR5 + "五", win="五", self_draw=False).won


def test_two_players_win_on_one_discard_first_in_turn_order_wins():
    # 上家优先: seats 1 and 2 both win on the dealer's first discard; seat 1 comes first.
    g = play(build_deck(DEALER_5, S1_WAIT5, S2_WAIT5), bots="passive")
    assert events(g)[:2] == [("discard", 0, "五"), ("win", 1, "五")]
    assert g.game["winner"] == 1 and g.game["win_from"] == 0 and not g.game["self_draw"]
    assert g.game["di"]  # the dealer's first discard: 地胡


def test_win_beats_chi():
    # seat 1 (greedy) could 吃 五 with 四六; seat 2 wins on it and goes first.
    g = play(build_deck(DEALER_5, S1_CHI5, S2_WAIT5), bots=("passive", "greedy", "passive"))
    assert events(g)[:2] == [("discard", 0, "五"), ("win", 2, "五")]


def test_pong_beats_chi():
    # seat 1 (下家) can 吃 五, seat 2 holds 五五: the 碰 is taken, no 吃.
    g = play(build_deck(DEALER_5, S1_CHI5, S2_PAIR5), bots=("passive", "greedy", "greedy"))
    ev = events(g)
    assert ev[:2] == [("discard", 0, "五"), ("pong", 2, "五")]
    assert ("chi", 1, "五") not in ev
    # near miss: when seat 2 lets the 碰 pass (过张 on 五), seat 1 吃s
    g = play(build_deck(DEALER_5, S1_CHI5, S2_PAIR5), bots=("passive", "greedy", "passive"))
    assert events(g)[:3] == [("discard", 0, "五"), ("guo", 2, "五"), ("chi", 1, "五")]
    assert g.events.group[5] == "顺四五六"


def test_self_draw_first_then_turn_order():
    # 自摸优先: seats 1 and 2 both wait on 五; seat 1 draws it and wins himself.
    dealer = DEALER_5.replace("五", "一")  # discards 一 (seat 1's 坎一 is not taken: passive)
    g = play(build_deck(dealer, S1_WAIT5, S2_WAIT5, "五"), bots="passive")
    assert g.game["winner"] == 1 and g.game["self_draw"] and g.game["win_from"] == -1
    # seat 1 cannot win: seat 2 wins on seat 1's drawn card
    g = play(build_deck(dealer, S1_CHI5, S2_WAIT5, "五"), bots="passive")
    assert g.game["winner"] == 2 and not g.game["self_draw"] and g.game["win_from"] == 1


def test_bi_pai_seed_example():
    # 比牌 ("手中有三四四五五，此时，以四五组合吃三，那么手中的三，必须以三四五的组合同时放到桌面"):
    # the dealer discards 三, seat 1 (三四四五五) 吃s it with 四五 and lays 三四五 down too.
    dealer = "一一一二二二十十十拾拾拾九九九伍伍伍陆陆三"
    s1 = "三四四五五七七七八八八捌捌捌玖玖玖壹壹贰"
    s2 = "六六六肆肆肆柒柒柒叁叁壹壹贰贰四十一九捌"
    g = play(build_deck(dealer, s1, s2), bots=("passive", "greedy", "passive"))
    assert events(g)[:3] == [("discard", 0, "三"), ("chi", 1, "三"), ("bi", 1, "三")]
    assert g.melds[1][:2] == ["chi 三四五", "chi 三四五"]


def _chi_options(hand, card):
    h = parse(hand).astype(np.int64)
    from mjstats.daer.groups import GROUP_CARDS, group_name

    opts = np.full((64, 3), -1, dtype=np.int64)
    n = G._chi_options(h, card, GROUP_CARDS, np.zeros(8, np.int64), opts)
    assert (h == parse(hand)).all()  # restored
    return sorted(tuple(group_name(int(x)) for x in row if x >= 0) for row in opts[:n])


def test_chi_options_enforce_bi_and_the_jiao_exemption():
    three = 2  # 三
    # the seed example: with 四五 the held 三 must go down as 三四五
    assert _chi_options("三四四五五", three) == [("顺三四五", "顺三四五")]
    # 三四五 held once: after 吃 with 四五 the held 三 has no 列 to go into -> no 吃
    assert _chi_options("三四五", three) == []
    # 绞 (小小大) needs no 比: 三叁 + 三, the other 三 stays in hand
    assert _chi_options("三三叁", three) == [("绞三三叁",)]
    # two 三 left after the 吃 both need a 列 (one 绞 takes both)
    assert ("顺一二三", "绞三三叁") in _chi_options("一二三三叁", three)


def test_guo_zhang_blocks_a_later_pong_even_a_must_pong():
    # Chongqing, all passive: seat 1 (三三叁) lets 吃 of his drawn 三 pass (过张 on 三);
    # the 4th 三, drawn by seat 2, may then not be 碰'd although 碰 is compulsory there.
    dealer = "四四四六六六肆肆肆陆陆陆柒柒柒捌捌捌拾拾一"
    s1 = "三三叁七七七八八八九九九壹壹壹玖玖伍伍贰"
    s2 = "二二四五五六七八九十十叁叁肆伍陆柒捌玖拾"
    g = play(build_deck(dealer, s1, s2, "三三"), rules="daer-chongqing", bots="passive")
    ev = events(g)
    i = ev.index(("draw", 2, "三"))
    assert ("guo", 1, "三") in ev[:i]
    assert ev[i + 1] == ("dead", -1, "三")
    # near miss: without the 过张 (first draw 玖) seat 1 must 碰 the 三
    g = play(build_deck(dealer, s1, s2, "玖三"), rules="daer-chongqing", bots="passive")
    ev = events(g)
    i = ev.index(("draw", 2, "三"))
    assert ev[i + 1] == ("pong", 1, "三")
    # and in Luzhou 碰 is free: the passive seat lets it pass
    g = play(build_deck(dealer, s1, s2, "玖三"), rules="daer-luzhou", bots="passive")
    ev = events(g)
    i = ev.index(("draw", 2, "三"))
    assert ev[i + 1] == ("guo", 1, "三")


def test_zhao_and_ba_kuai_card_counts():
    # 八块: the first 招/垅 is followed by a discard, each further one is not, so every
    # player ends with 20 + (quads - 1) cards (the winner one more).
    ba_kuai = 0
    for seed in range(60):
        g = play(seed=seed, bots="greedy")
        nq = [sum(m.split()[0] in ("zhao", "long") for m in ms) for ms in g.melds]
        ba_kuai += sum(q >= 2 for q in nq)
        for p in range(3):
            held = int(g.hands[p].sum() + g.table[p].sum())
            expect = 20 + max(nq[p] - 1, 0) + (1 if g.game["winner"] == p else 0)
            assert held == expect, (seed, p, held, expect, g.melds[p])
    assert ba_kuai >= 3


def _rescored(g, rules):
    p = g.game["winner"]
    card = g.game["win_card"]
    return score(g.hands[p], melds=g.melds[p], win=None if card < 0 else int(card),
                 self_draw=bool(g.game["self_draw"]), rules=rules,
                 dealer=p == g.game["dealer"], heavenly=bool(g.game["tian"]),
                 earthly=bool(g.game["di"]), returning=bool(g.game["huilong"]),
                 last_card=bool(g.game["haidi"]))


@pytest.mark.parametrize("bots", ["efficiency", ("value", "random", "greedy")])
def test_every_win_is_legal_and_scored_as_the_scorer_does(bots):
    n_wins = 0
    for seed in range(60):
        g = play(seed=seed, bots=bots, dealer=seed % 3)
        stock = g.stock.sum()
        assert g.hands.sum() + g.table.sum() + g.dead.sum() + stock == 80
        assert (g.hands.sum(0) + g.table.sum(0) + g.dead + g.stock == 4).all()
        assert g.game["error"] == 0
        if g.game["end"] != "win":
            continue
        n_wins += 1
        for rules, hu, pay in (("daer-luzhou", "hu_luzhou", "pay_luzhou"),
                               ("daer-luzhou-mingtang", "hu_mingtang", "pay_mingtang"),
                               ("daer-chongqing", "hu_chongqing", "pay_chongqing")):
            r = _rescored(g, rules)
            assert r.won and r.hu >= 10, (seed, rules, str(r))
            assert r.hu == g.game[hu] and r.total == g.game[pay], (seed, rules, str(r))
        assert g.seats.points.sum() == 0
    assert n_wins >= 30


def test_zero_sum_conservation_and_records():
    sim = simulate("daer-luzhou-mingtang", games=1500, seed=7,
                   bots=("efficiency", "value", "random"))
    g, s = sim.hands, sim.seats
    assert (g.error == 0).all()
    for col in ("points", "pts_luzhou", "pts_mingtang", "pts_chongqing"):
        assert s.groupby("game")[col].sum().abs().max() == 0, col
    wins = g[g.end == "win"]
    assert len(wins) > 500
    assert (wins.hu >= 10).all() and (wins.hu_luzhou >= 10).all()
    # the 底家 (seat 3) never plays and is paid on every win under 普通 and 名堂
    dj = s[s.seat == 3]
    assert not dj.won.any()
    assert (dj.pts_luzhou.to_numpy()[wins.index] > 0).all()
    assert (dj.pts_mingtang.to_numpy()[wins.index] > 0).all()
    assert (dj.pts_chongqing == 0).all()
    # exactly one winner per won hand, none otherwise
    nw = s.groupby("game").won.sum().to_numpy()
    assert (nw == (g.end == "win").to_numpy()).all()
    # 等 = ceil(胡 / 10); 名堂 fans are powers of two up to 32; 道 1-5
    assert (wins.deng == (wins.hu_luzhou + 9) // 10).all()
    assert wins.fan.isin([2, 4, 8, 16, 32]).all()
    assert wins.dao.between(1, 5).all()
    assert (s.cards_end[s.seat < 3] >= 20).all()
    # tables
    pt = sim.patterns()
    assert (pt.per_win_lo <= pt.per_win).all() and (pt.per_win <= pt.per_win_hi).all()
    assert int(pt.set_index("pattern").loc["PIAO", "count"]) == int(wins.PIAO.sum())
    assert sim.distribution("hu")["count"].sum() == len(wins)
    pts = sim.points()
    assert abs(pts.points.sum()) < 1e-9
    sc = sim.scorings()
    assert list(sc.preset) == ["daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing"]
    assert sc.loser_mean.iloc[0] == pytest.approx(wins.pay_luzhou.mean())


@pytest.mark.parametrize("slip", [0.0, 0.2])
def test_same_results_on_one_and_two_threads(slip):
    # the dealer succession runs inside each chunk, so it cannot depend on threads
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        a = simulate("daer-chongqing", games=600, seed=11, chunk=64,
                     bots=("random", "efficiency", "value"), slip=slip)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        b = simulate("daer-chongqing", games=600, seed=11, chunk=64,
                     bots=("random", "efficiency", "value"), slip=slip)
    finally:
        numba.set_num_threads(before)
    assert a.hands.equals(b.hands) and a.seats.equals(b.seats)
    assert (a.hands.dealer != a.hands.game % 3).any()  # succession, not hand number
    if slip:
        assert (a.hands.end == "foul").any()
    c = simulate("daer-chongqing", games=600, seed=12, chunk=64,
                 bots=("random", "efficiency", "value"))
    assert not a.hands.equals(c.hands)


def test_slips_become_fouls_only_for_a_declared_win():
    clean = simulate("daer-chongqing", games=800, seed=5)
    assert (clean.hands.end != "foul").all() and (clean.seats.n_slips == 0).all()
    sim = simulate("daer-chongqing", games=800, seed=5, slip=0.3)
    g, s = sim.hands, sim.seats
    assert (g.error == 0).all()  # card conservation checked by the engine
    for col in ("points", "pts_luzhou", "pts_mingtang", "pts_chongqing"):
        assert s.groupby("game")[col].sum().abs().max() == 0, col
    fouls = g[g.end == "foul"]
    assert len(fouls) > 10
    assert (fouls.next_dealer == fouls.fouler).all()  # 犯规后，又犯规者坐庄
    for row in fouls.itertuples():
        fouler = s[(s.game == row.game) & (s.seat == row.fouler)].iloc[0]
        assert fouler.n_slips > 0 and fouler.fouls == row.foul_bits != 0
        # 点包子: two 道 to each of the two others, the 底家 gets nothing
        pts = s[s.game == row.game].set_index("seat").points
        assert pts[row.fouler] == -4 and pts[3] == 0
        assert sorted(pts.drop([row.fouler, 3])) == [2, 2]
    # a slip that is not followed by that player's win is no foul
    slipped_not_won = s[(s.n_slips > 0) & (s.fouls == 0)]
    assert len(slipped_not_won) > 0
    allowed = G.FOUL_A | G.FOUL_E | G.FOUL_F | G.FOUL_G | G.FOUL_I
    assert ((s.fouls & ~allowed) == 0).all()


def test_bad_arguments():
    from mjstats.errors import MjStatsError

    with pytest.raises(MjStatsError):
        simulate(games=0)
    with pytest.raises(MjStatsError):
        simulate(games=10, bots=("efficiency", "value"))
    with pytest.raises(MjStatsError):
        simulate(games=10, bots="nobody")
    with pytest.raises(MjStatsError):
        play(deck=np.zeros(80, dtype=np.int64))
    with pytest.raises(MjStatsError):
        build_deck("一" * 5 + "二" * 16, "三" * 20, "四" * 20)


# ----------------------------------------------------------------- dealer succession, fouls G / I

# Seat 0 (third to be dealt when seat 1 deals) holds 四四四四 and five 坎; with 五 it wins as
# 垅四 + 五 坎 + 五五 (the 垅 laid down at its first draw) — or, 垅 kept loose, it declares
# the same cards and fouls.  Seat 1 (dealer) discards 伍 first, seat 2 draws 伍 (dead),
# seat 0 draws 五.
G_DEALER = "三三三六六六九九九贰贰贰叁叁叁肆肆伍陆柒捌"
G_S2 = "十十十九玖玖玖柒柒柒拾拾拾捌捌捌陆陆陆六"
G_S0 = "四四四四一一一二二二七七七八八八壹壹壹五"


def _long_deck():
    return build_deck(G_DEALER, G_S2, G_S0, "伍五")


def test_long_hand_premises():
    assert not score(G_DEALER).won
    assert score("一一一二二二七七七八八八壹壹壹五五", melds=["long 四"], win="五").won
    for c in "伍五":  # seat 2 never wins on the cards of the script
        assert not score(G_S2 + c, win=c, self_draw=False).won


@pytest.mark.parametrize(("next_dealer", "after_win"),
                         [("winner", 0), ("rotate", 2), ("by_hand", 2)])
def test_next_dealer_after_a_win(next_dealer, after_win):
    # slip 0: seat 0 lays the 垅 down at its first draw and self-draws 五: a legal win
    # (Chongqing 51 胡 = 5 道 from each loser).  The next dealer: the winner, the 下家 of
    # dealer 1 (seat 2), or hand number (dealer + 1).
    r = daer_rules("daer-chongqing").with_switches(next_dealer=next_dealer)
    g = play(_long_deck(), rules=r, bots="passive", dealer=1)
    assert events(g)[:7] == [("discard", 1, "伍"), ("guo", 2, "伍"), ("dead", -1, "伍"),
                             ("draw", 2, "伍"), ("dead", -1, "伍"), ("long", 0, "四"),
                             ("draw", 0, "五")]
    assert g.game["end"] == "win" and g.game["winner"] == 0 and g.game["self_draw"]
    assert g.game["hu"] == 51 and g.seats.points.tolist() == [10, -5, -5, 0]
    assert g.game["next_dealer"] == after_win


@pytest.mark.parametrize(("next_dealer", "after_foul"),
                         [("winner", 0), ("rotate", 0), ("by_hand", 2)])
def test_hidden_long_is_foul_i_and_the_fouler_deals_next(next_dealer, after_foul):
    # slip 1: at its first draw seat 0 does not lay its 垅 down ("有垅牌，未亮") and wins
    # with the four still held: the win is void, foul I, 点包子 (2 道 to each other player,
    # nothing to the 底家), and the fouler deals next under "winner" and "rotate"
    # ("犯规后，又犯规者坐庄"); "by_hand" ignores it (dealer + 1).
    r = daer_rules("daer-chongqing").with_switches(next_dealer=next_dealer)
    g = play(_long_deck(), rules=r, bots="passive", dealer=1, slip=1.0)
    ev = events(g)
    assert ev[5:8] == [("slip", 0, "四"), ("draw", 0, "五"), ("foul", 0, "五")]
    assert g.game["end"] == "foul" and g.game["fouler"] == 0 and g.game["winner"] == -1
    assert g.game["foul_bits"] == G.FOUL_I
    assert g.seats.points.tolist() == [-4, 2, 2, 0]
    assert g.hands[0, 3] == 4 and g.table[0].sum() == 0
    assert g.game["next_dealer"] == after_foul
    # the 底家 is paid too when switched on
    g = play(_long_deck(), rules=r.with_switches(foul_pays_dijia=True), bots="passive",
             dealer=1, slip=1.0)
    assert g.seats.points.tolist() == [-6, 2, 2, 2]


def test_next_dealer_after_an_exhausted_stock():
    # no winner: the same dealer again ("winner"), the 下家 ("rotate")
    seed = next(s for s in range(200)
                if play(seed=s, bots="passive", dealer=2).game["end"] == "exhausted")
    g = play(seed=seed, bots="passive", dealer=2)
    assert g.game["next_dealer"] == 2
    r = daer_rules("daer-luzhou").with_switches(next_dealer="rotate")
    assert play(seed=seed, rules=r, bots="passive", dealer=2).game["next_dealer"] == 0


def test_broken_long_split_is_foul_g():
    # A 垅 kept loose (slip) whose cards then leave the hand (a discard, a 吃 or 比) is
    # "把招牌或垅牌拆散" (G); still four held at the win it is "有垅牌，未亮" (I).
    found = {"G": 0, "I": 0}
    for seed in range(400):
        g = play(seed=seed, slip=1.0, bots="efficiency", dealer=seed % 3)
        bits = g.game["foul_bits"]
        if g.game["end"] != "foul" or not bits & (G.FOUL_G | G.FOUL_I):
            continue
        q = g.game["fouler"]
        slips = [e for e in g.events.itertuples()
                 if e.event == "slip" and e.seat == q and e.amount == G.FOUL_I]
        assert slips
        kinds = {parse(e.card).argmax() for e in slips}
        split = any(g.hands[q, k] < 4 for k in kinds)
        whole = any(g.hands[q, k] == 4 for k in kinds)
        assert bool(bits & G.FOUL_G) == split and bool(bits & G.FOUL_I) == whole
        found["G"] += split
        found["I"] += whole
        if found["G"] >= 3 and found["I"] >= 3:
            break
    assert found["G"] >= 3 and found["I"] >= 3, found


def test_dealer_succession_within_chunks():
    for nd in ("winner", "rotate", "by_hand"):
        r = daer_rules("daer-chongqing").with_switches(next_dealer=nd)
        g = simulate(r, games=700, seed=3, chunk=100, slip=0.1).hands
        first = g.game % 100 == 0
        assert (g.dealer[first] == g.game[first] % 3).all()  # a chunk starts by hand number
        nxt = g.next_dealer.to_numpy()[:-1][~first.to_numpy()[1:]]
        assert (g.dealer.to_numpy()[1:][~first.to_numpy()[1:]] == nxt).all()
        won, foul, ex = g.end == "win", g.end == "foul", g.end == "exhausted"
        assert foul.any() and ex.any()
        if nd == "by_hand":
            assert (g.dealer == g.game % 3).all()
            continue
        assert (g.next_dealer[foul] == g.fouler[foul]).all()
        if nd == "winner":
            assert (g.next_dealer[won] == g.winner[won]).all()
            assert (g.next_dealer[ex] == g.dealer[ex]).all()
        else:
            rot = (g.dealer + 1) % 3
            assert (g.next_dealer[won | ex] == rot[won | ex]).all()


def test_next_dealer_switch_is_checked():
    from mjstats.errors import RuleError

    with pytest.raises(RuleError):
        daer_rules("daer-luzhou").with_switches(next_dealer="oldest")
