"""No input is silently misread: every bad input gets one clear error naming the culprit.

Each row of :data:`ROWS` is ``(id, call, error type, fragments)``: ``call()`` must
raise exactly that type of :mod:`mjstats.errors`, with every fragment (the tile,
the argument, the switch, what was expected) in its message.  :data:`CLI_ROWS`
does the same for the command line: exit status 2 and one line on stderr.
"""

import numpy as np
import pytest

import mjstats as mj
from mjstats import daer
from mjstats.cli import main
from mjstats.errors import HandError, MjStatsError, NotationError, RuleError
from mjstats.report import write_report

PLAIN = "123m345m789m234p66p"  # 平胡, win 6p
GA = dict(hand="123345m67899s", melds=["pong 2s"], win="3m", rules="guangan")
DAER = "二二二三三七八九十十叁叁肆伍柒柒拾拾"  # the seed's 10-胡 example with melds=["pong 一"]
PINGHU27 = "一二三五六七八九十四四四捌捌捌伍伍伍六六陆"  # 27 胡 self-drawn; 四 taken: 22 胡
MT = "daer-luzhou-mingtang"


def _wall():
    return mj.rules("sichuan").tileset.wall


def _play_hand(*args, **kw):
    """``mjstats.sim.simulate.play_hand``, imported here (``mj.sim`` loads it lazily)."""
    from mjstats.sim.simulate import play_hand

    return play_hand(*args, **kw)


def _score_many_with(**kw):
    """``score_many`` of two plain wins, with the columns ``kw`` changed."""
    from mjstats.scoring import score_many

    z = np.zeros((2, 4), dtype=np.int64)
    args = dict(hands=np.stack([mj.parse("111333444m22255p")] * 2), meld_types=z,
                meld_kinds=z, n_melds=[0, 0], wins=[13, 13], flags=[0, 0])
    return score_many(**(args | kw), rules="sichuan")


ROWS = [
    # --- 1. notation counts: a fifth copy is rejected as it is read (no wrap at 65,536)
    ("ascii-wrap", lambda: mj.parse("1" * 65536 + "1112345678999m"), HandError,
     ("5 copies of 1m", "position 4", "65,550 characters")),
    ("ascii-wrap-tiles", lambda: mj.parse("1m" * 65537), HandError, ("5 copies of 1m",)),
    ("chinese-fifth", lambda: mj.parse("一万" * 5), HandError, ("5 copies of 1m", "position 8")),
    ("chinese-digits-wrap", lambda: mj.parse("1" * 65536 + "万"), HandError, ("5 copies of 1m",)),
    ("unicode-fifth", lambda: mj.parse("🀇" * 65537), HandError, ("5 copies of 1m",)),
    ("honor-fifth", lambda: mj.parse("中" * 5), HandError, ("5 copies of 7z", "中")),
    ("fullwidth-fifth", lambda: mj.parse("１１１１１ｍ"), HandError,
     ("5 copies of 1m", "position 4")),
    ("odds-no-hand", lambda: mj.odds(None, "sichuan"), HandError, ("hand is notation", "None")),
    ("odds-form-with-rules", lambda: mj.odds("1133557799m11s4m", "sichuan", form="standard"),
     MjStatsError, ("form is for the structural setting", "form='standard'")),
    ("daer-switch-huge", lambda: mj.rules("daer-luzhou", dijia_unit=10**20), RuleError,
     ("dijia_unit", "from 0 to 10,000", "100000000000000000000")),
    # --- batches: the same faults as one hand, named by row (never truncated or read past)
    ("score-many-short-column",
     lambda: _score_many_with(n_melds=[0]), HandError,
     ("n_melds holds whole numbers of shape (2,)", "got shape (1,)")),
    ("score-many-meld-kind",
     lambda: _score_many_with(n_melds=[1, 0], meld_kinds=np.full((2, 4), 99)), HandError,
     ("row 0: meld kind 99 is no tile (0..33)",)),
    ("score-many-honor-chow",
     lambda: _score_many_with(n_melds=[0, 1], meld_kinds=np.full((2, 4), 33)), HandError,
     ("row 1: a chow's kind is its lowest tile", "got 33 (7z)")),
    ("score-many-fifth-copy",
     lambda: _score_many_with(n_melds=[0, 1], meld_types=np.full((2, 4), 1)), HandError,
     ("row 1: the hand and its melds hold 6 copies of 1m",)),
    ("plot-convergence-lengths", lambda: mj.plot.plot_convergence([1, 2, 3], [100, 100]),
     MjStatsError, ("one entry per chunk each, got 3 and 2",)),
    ("batch-fraction", lambda: mj.shanten_many(np.stack([mj.parse("1199m")] * 2) + 0.7),
     HandError, ("integer counts", "float64")),
    ("batch-count", lambda: mj.waits_many(np.array([[0] * 34, [0] * 33 + [5]])), HandError,
     ("row 1 holds 5 of 7z", "0..4")),
    ("batch-visible-rows", lambda: mj.wait_width_many(np.stack([mj.parse("1299m")] * 3),
                                                      visible=mj.parse("9m")[None]),
     HandError, ("visible is a batch like the hands", "(3, 34)", "(1, 34)")),
    ("batch-visible-fifth", lambda: mj.wait_width_many(np.stack([mj.parse("1299m")] * 2),
                                                       visible=np.stack([mj.parse("999m")] * 2)),
     HandError, ("row 0", "5 copies of 9m")),
    ("odds-empty-hand", lambda: mj.odds(" ", "sichuan"), HandError,
     ("hand is notation", "' '")),
    ("daer-chinese-wrap", lambda: daer.parse("一" * 65536 + "一二三"), HandError,
     ("5 copies of 一", "position 4")),
    ("daer-ascii-wrap", lambda: daer.parse("1" * 65536 + "x"), HandError, ("5 copies of 一",)),
    ("daer-case-prefix-fifth", lambda: daer.parse("小二" * 5), HandError, ("5 copies of 二",)),
    ("daer-pong-five-cards", lambda: daer.parse_meld("pong 一一一一一"), RuleError,
     ("pong", "once or 3 times")),
    ("daer-pong-two-cards", lambda: daer.parse_meld("pong 一一"), RuleError, ("pong",)),
    ("daer-long-three-cards", lambda: daer.parse_meld("long 十十十"), RuleError,
     ("long", "once or 4 times")),
    ("format-five-copies", lambda: mj.format(np.full(34, 5)), HandError, ("5 copies of 1m",)),
    ("format-negative", lambda: mj.format(np.full(34, -1)), HandError,
     ("negative count (-1) of 1m",)),
    ("format-bool-vector", lambda: mj.format(np.ones(34, bool)), NotationError, ("bool",)),
    ("format-float-vector", lambda: mj.format(np.full(34, 1.5)), NotationError, ("float",)),
    ("hand-bytes", lambda: mj.parse(b"123m"), NotationError, ("string", "bytes")),
    # --- 2. flags are bool: self_draw="False" is not a self-draw
    ("self_draw-str", lambda: mj.score(PLAIN, win="6p", self_draw="False"), RuleError,
     ("self_draw", "'False'", "bool")),
    ("self_draw-str-mahjong-scorer",
     lambda: mj.scoring.score(PLAIN, win="6p", self_draw="False"), RuleError, ("self_draw",)),
    ("after_kong-int", lambda: mj.score(PLAIN, win="6p", after_kong=1), RuleError,
     ("after_kong", "1 (int)")),
    ("robbing_kong-str", lambda: mj.score(PLAIN, win="6p", robbing_kong="yes"), RuleError,
     ("robbing_kong",)),
    ("last_tile-none", lambda: mj.score(PLAIN, win="6p", last_tile=None), RuleError,
     ("last_tile", "None")),
    ("first_turn-int", lambda: mj.score(PLAIN, win="6p", first_turn=0), RuleError,
     ("first_turn",)),
    ("dealer-str", lambda: mj.score(PLAIN, win="6p", dealer="True"), RuleError, ("dealer",)),
    ("last_copy-float", lambda: mj.score(PLAIN, win="6p", last_copy=1.0), RuleError,
     ("last_copy",)),
    ("daer-self_draw-str",
     lambda: mj.score(DAER, melds=["pong 一"], win="八", rules="daer-luzhou", self_draw="False"),
     RuleError, ("self_draw", "'False'")),
    ("daer-dealer-str", lambda: daer.score(PINGHU27, dealer="no"), RuleError, ("dealer",)),
    ("daer-heavenly-int", lambda: daer.score(PINGHU27, dealer=True, heavenly=1), RuleError,
     ("heavenly",)),
    ("daer-earthly-str", lambda: daer.score(PINGHU27, earthly=""), RuleError, ("earthly",)),
    ("daer-returning-none", lambda: daer.score(PINGHU27, returning=None), RuleError,
     ("returning",)),
    ("daer-last_card-int", lambda: daer.score(PINGHU27, last_card=2), RuleError,
     ("last_card",)),
    ("wait_shapes-by_tile-str", lambda: mj.wait_shapes("1112345678999m", by_tile="no"),
     MjStatsError, ("by_tile", "'no'")),
    ("daer-chi_next_on_draw", lambda: daer.simulate(games=1, chi_next_on_draw="no"),
     MjStatsError, ("chi_next_on_draw",)),
    ("simulate-records-str", lambda: mj.simulate(games=1, records="no"), MjStatsError,
     ("records",)),
    # --- 3. a tile is a str or an int index, never a bool
    ("win-true", lambda: mj.score(PLAIN, win=True), NotationError, ("win", "True (bool)")),
    ("win-numpy-bool", lambda: mj.score(PLAIN, win=np.True_), NotationError, ("win",)),
    ("win-float", lambda: mj.score(PLAIN, win=13.0), NotationError, ("win", "13.0 (float)")),
    ("daer-win-true", lambda: daer.score(PINGHU27, win=True), NotationError,
     ("win", "True (bool)")),
    ("parse_tile-true", lambda: mj.parse_tile(True), NotationError, ("tile", "bool")),
    ("kind_name-true", lambda: mj.kind_name(True), NotationError, ("kind index", "bool")),
    ("kind_name-str", lambda: mj.kind_name("a"), NotationError, ("kind index", "'a'")),
    ("daer-kind_name-true", lambda: daer.kind_name(True), NotationError, ("card kind", "bool")),
    ("bot-true", lambda: mj.simulate(games=1, bots=True), MjStatsError, ("bot", "bool")),
    # --- 4. impossible contexts
    ("robbing-all-four-concealed",
     lambda: mj.score("111123m456p789s55s", win="1m", robbing_kong=True), HandError,
     ("robbing_kong", "fourth copy", "hold 4")),
    ("robbing-all-four-with-pong",
     lambda: mj.score("123m456p789s55s", melds=["pong 1m"], win="1m", robbing_kong=True),
     HandError, ("robbing_kong", "fourth copy", "hold 4")),
    ("robbing-a-pair-tile",  # the robbed tile is the 4th: the winner holds no other copy
     lambda: mj.score("123m345m789m234p66p", win="6p", robbing_kong=True), HandError,
     ("robbing_kong", "robbed 6p", "hold 2")),
    ("last_copy-holding-a-wait",  # 绝张: the hand holds none of the tiles it waits on
     lambda: mj.score("1133446677m5588p", win="8p", last_copy=True), HandError,
     ("last_copy", "holds 8p")),
    ("kong_from-the-winner",
     lambda: mj.score("234p55s", melds=["chow 123m", "chow 456m", "kong 9s"], win="5s",
                      self_draw=True, after_kong=True, rules="liuzhou",
                      table=mj.Table(kong_from=0)), HandError, ("kong_from", "winner")),
    ("kong_from-left-the-hand",
     lambda: mj.score("111333m22266p", melds=["kong 4m"], win="6p", self_draw=True,
                      after_kong=True, rules=mj.rules("sichuan", dianganghua="dianpao"),
                      table=mj.Table(kong_from=3, active=(0, 1, 2))), HandError,
     ("kong_from seat 3", "active")),
    ("first_turn-with-melds", lambda: mj.score(**GA, self_draw=True, first_turn=True),
     HandError, ("first_turn", "1 meld")),
    ("daer-earthly-with-pong",
     lambda: daer.score(DAER, melds=["pong 一"], earthly=True, self_draw=False), HandError,
     ("地胡", "pong 一")),
    ("daer-heavenly-with-chi",
     lambda: daer.score("四四四五五五肆肆肆玖玖玖八八捌六七八", melds=["chi 伍陆柒"], dealer=True,
                        heavenly=True), HandError, ("天胡", "chi")),
    ("table-active-winner-alone",
     lambda: mj.score(PLAIN, win="6p", self_draw=True, table=mj.Table(active=(0,))),
     HandError, ("holds the winner alone",)),
    ("table-default-discarder-gone",
     lambda: mj.score(PLAIN, win="6p", table=mj.Table(active=(0, 2))), HandError,
     ("seat 1, by default the seat after the winner", "(0, 2)")),
    ("table-active-out-of-range",
     lambda: mj.score(PLAIN, win="6p", self_draw=True, table=mj.Table(active=(7, 8))),
     HandError, ("active seat 7", "4-seat table")),
    ("table-active-twice",
     lambda: mj.score(PLAIN, win="6p", self_draw=True, table=mj.Table(active=(0, 1, 1))),
     HandError, ("active", "twice")),
    ("table-active-without-winner",
     lambda: mj.score(PLAIN, win="6p", self_draw=True, table=mj.Table(active=(1, 2))),
     HandError, ("winner",)),
    ("table-discarder-gone",
     lambda: mj.score(PLAIN, win="6p", table=mj.Table(discarder=1, active=(0, 2))),
     HandError, ("discarder seat 1",)),
    ("table-winner-bool", lambda: mj.score(PLAIN, win="6p", table=mj.Table(winner=True)),
     HandError, ("winner", "bool")),
    ("table-seats-str", lambda: mj.score(PLAIN, win="6p", table=mj.Table(seats="4")),
     HandError, ("seats", "'4'")),
    ("table-discarder-out", lambda: mj.score(PLAIN, win="6p", table=mj.Table(discarder=5)),
     HandError, ("discarder seat 5",)),
    ("table-sanbi-out",
     lambda: mj.score(PLAIN, win="6p", rules="liuzhou", table=mj.Table(sanbi=((0, 9),))),
     HandError, ("sanbi seat 9",)),
    ("table-not-a-table", lambda: mj.score(PLAIN, win="6p", table=5), HandError,
     ("table", "int")),
    # --- 5. melds, bots, games, seats, counts
    ("melds-int", lambda: mj.score(PLAIN, melds=123, win="6p"), NotationError,
     ("melds", "123 (int)")),
    ("meld-bad-tile", lambda: mj.score(PLAIN, melds=["pong 9x"], win="6p"), NotationError,
     ("meld 'pong 9x'", "'x'")),
    ("daer-melds-int", lambda: daer.score(PINGHU27, melds=123), NotationError, ("melds", "123")),
    ("daer-readings-melds-int", lambda: daer.readings("一二三", melds=5), NotationError,
     ("melds",)),
    ("bots-int-dict", lambda: mj.simulate(games=1, bots={"a": 1}), MjStatsError,
     ("bots", "dict")),
    ("daer-bots-set", lambda: daer.simulate(games=1, bots={"value"}), MjStatsError,
     ("bots", "set")),
    ("games-float", lambda: mj.simulate(games=2.7), MjStatsError,
     ("games", "whole number", "2.7")),
    ("games-bool", lambda: mj.simulate(games=True), MjStatsError, ("games", "bool")),
    ("games-str", lambda: mj.simulate(games="100"), MjStatsError, ("games", "'100'")),
    ("games-negative", lambda: mj.simulate(games=-5), MjStatsError, ("games", "-5")),
    ("first_game-negative", lambda: mj.simulate(games=1, first_game=-512), MjStatsError,
     ("first_game", "-512")),
    ("first_game-not-block", lambda: mj.simulate(games=1, first_game=100), MjStatsError,
     ("first_game", "multiple of 512")),
    ("log-negative", lambda: mj.simulate(games=1, log=-1), MjStatsError, ("log", "-1")),
    ("chunk-not-block", lambda: mj.simulate(games=1, chunk=1000), MjStatsError,
     ("chunk", "multiple of 512")),
    ("seed-bool", lambda: mj.simulate(games=1, seed=True), MjStatsError, ("seed", "bool")),
    ("compare-one-name", lambda: mj.compare("sichuan", games=1), MjStatsError,
     ("list of rule sets", "'sichuan'")),
    ("compare-games-float", lambda: mj.compare(["sichuan", "guangan"], games=2.7),
     MjStatsError, ("games", "2.7")),
    ("compare-games-none-bots-bad", lambda: mj.compare(["sichuan", "guangan"], bots=["x"]),
     MjStatsError, ("bot",)),
    ("play_hand-dealer-bool", lambda: _play_hand("sichuan", _wall(), dealer=True),
     MjStatsError, ("dealer", "bool")),
    ("play_hand-dealer-out", lambda: _play_hand("sichuan", _wall(), dealer=4),
     MjStatsError, ("dealer seat 4",)),
    ("deal-float", lambda: mj.deal(2.7), MjStatsError, ("deals n", "2.7")),
    ("deal-bool", lambda: mj.deal(True), MjStatsError, ("deals n", "bool")),
    ("deal-none", lambda: mj.deal(None), MjStatsError, ("deals n", "None")),
    ("deal-too-many", lambda: mj.deal(10**12), MjStatsError,
     ("at most 33,554,432", "mj.deal_study", "mjstats deal")),
    ("deal-n_tiles-float", lambda: mj.deal(5, n_tiles=2.5), MjStatsError, ("n_tiles", "2.5")),
    ("deal-n_tiles-zero", lambda: mj.deal(5, n_tiles=0), MjStatsError, ("n_tiles", "0")),
    ("count_complete-float",
     lambda: mj.sim.deals.count_complete(2.7), MjStatsError, ("deals n", "2.7")),
    ("deal_study-float", lambda: mj.deal_study("sichuan", deals=2.7), MjStatsError,
     ("deals", "2.7")),
    ("deal_study-zero", lambda: mj.deal_study("sichuan", deals=0), MjStatsError,
     ("deals", "at least 1")),
    ("deal_study-conf", lambda: mj.deal_study("sichuan", deals=10, conf=1.5), MjStatsError,
     ("conf", "1.5")),
    ("daer-simulate-games-float", lambda: daer.simulate(games=2.7), MjStatsError,
     ("games", "2.7")),
    ("daer-simulate-games-bool", lambda: daer.simulate(games=True), MjStatsError,
     ("games", "bool")),
    ("daer-simulate-games-zero", lambda: daer.simulate(games=0), MjStatsError,
     ("games", "at least 1")),
    ("simulate-games-zero", lambda: mj.simulate("sichuan", games=0), MjStatsError,
     ("games", "at least 1")),
    ("compare-games-zero", lambda: mj.compare(["sichuan", "guangan"], games=0), MjStatsError,
     ("games", "at least 1")),
    ("daer-simulate-chunk", lambda: daer.simulate(games=1, chunk=0.5), MjStatsError,
     ("chunk", "0.5")),
    ("daer-simulate-slip-bool", lambda: daer.simulate(games=1, slip=True), MjStatsError,
     ("slip", "True")),
    ("daer-simulate-slip-range", lambda: daer.simulate(games=1, slip=2), MjStatsError,
     ("slip", "2")),
    ("daer-play-dealer-bool", lambda: daer.play(dealer=True), MjStatsError, ("dealer", "bool")),
    ("daer-play-dealer-out", lambda: daer.play(dealer=3), MjStatsError, ("dealer seat 3",)),
    ("daer-deal_study-float", lambda: daer.deal_study(n_deals=2.5), MjStatsError,
     ("n_deals", "2.5")),
    ("daer-deal_study-chunk", lambda: daer.deal_study(n_deals=10, chunk=0), MjStatsError,
     ("chunk", "at least 1")),
    ("daer-instant-float", lambda: daer.instant_win_exact(21.5), MjStatsError,
     ("n_cards", "21.5")),
    ("daer-instant-distribution-negative", lambda: daer.instant_distribution(-5),
     MjStatsError, ("n_cards", "-5")),
    ("daer-exact-hu-float", lambda: daer.exact_hu_distribution(3.5), MjStatsError,
     ("n_cards", "3.5")),
    ("exact-shanten-n_tiles", lambda: mj.exact.shanten_counts("sichuan", 13.5), MjStatsError,
     ("n_tiles", "13.5")),
    ("exact-max_suits-float", lambda: mj.exact.complete_count("sichuan", "any", 1.5),
     MjStatsError, ("max_suits", "1.5")),
    ("exact-max_suits-bool", lambda: mj.exact.complete_count("sichuan", "any", True),
     MjStatsError, ("max_suits", "bool")),
    ("report-games-float", lambda: write_report("/nonexistent/x", games=2.7),
     MjStatsError, ("games", "2.7")),
    # --- 6. Da Er switches: type, range, tuple length
    ("daer-fan_points-short", lambda: mj.rules(MT, fan_points=(5,)), RuleError,
     ("fan_points", "5 values", "(5,)")),
    ("daer-fan_points-int", lambda: mj.rules(MT, fan_points=5), RuleError,
     ("fan_points", "tuple")),
    ("daer-fan_dijia-long", lambda: mj.rules(MT, fan_dijia=(1, 2, 3, 4, 5, 6)), RuleError,
     ("fan_dijia", "5 values")),
    ("daer-fan_steps-descending", lambda: mj.rules(MT, fan_steps=(32, 16, 8, 4, 2)), RuleError,
     ("fan_steps", "ascending")),
    ("daer-min_hu-negative", lambda: mj.rules("daer-luzhou", min_hu=-100), RuleError,
     ("min_hu", "from 0 to 10,000", "-100")),
    ("daer-min_points-negative", lambda: mj.rules("daer-luzhou", min_points=-5), RuleError,
     ("min_points", "-5")),
    ("daer-red_min-zero", lambda: mj.rules("daer-luzhou", red_min=0), RuleError,
     ("red_min", "from 1 to 10,000")),
    ("daer-cap-bool", lambda: mj.rules(MT, cap=True), RuleError, ("cap", "True")),
    ("daer-cap-str", lambda: mj.rules(MT, cap="32"), RuleError, ("cap", "'32'")),
    ("daer-must_pong-str", lambda: mj.rules("daer-chongqing", must_pong="no"), RuleError,
     ("must_pong", "True or False")),
    ("daer-dao_bounds-short", lambda: mj.rules("daer-chongqing", dao_bounds=(10, 21)),
     RuleError, ("dao_bounds", "5")),
    ("daer-next_dealer", lambda: mj.rules("daer-luzhou", next_dealer="oldest"), RuleError,
     ("next_dealer", "'winner'")),
    ("daer-scoring-switch", lambda: mj.rules("daer-luzhou", scoring=99), RuleError,
     ("scoring", "chosen by the preset")),
    ("daer-scoring-field",
     lambda: daer.DaErRules("x", "x", 99, daer.rules("daer-luzhou").values), RuleError,
     ("scoring", "99")),
    ("daer-values-short", lambda: mj.rules("daer-luzhou", values=[1, 2]), RuleError,
     ("values", "32")),
    ("daer-unknown-switch", lambda: mj.rules("daer-luzhou", foo=1), RuleError,
     ("foo", "min_hu")),
    ("mahjong-unknown-switch", lambda: mj.rules("sichuan", foo=1), RuleError, ("foo", "cap")),
    ("mahjong-switch-str", lambda: mj.rules("sichuan", cap="16"), RuleError, ("cap", "'16'")),
    # --- 7. a context keyword of the other family
    ("mahjong-heavenly", lambda: mj.score(PLAIN, win="6p", heavenly=True), RuleError,
     ("heavenly", "'sichuan'", "first_turn")),
    ("daer-after_kong",
     lambda: mj.score(PINGHU27, rules="daer-luzhou", after_kong=True), RuleError,
     ("after_kong", "'daer-luzhou'", "earthly")),
]


@pytest.mark.parametrize("call, error, fragments",
                         [pytest.param(c, e, f, id=i) for i, c, e, f in ROWS])
def test_bad_input_raises_a_clear_error(call, error, fragments):
    with pytest.raises(MjStatsError) as info:
        call()
    assert type(info.value) is error, f"{type(info.value).__name__}: {info.value}"
    msg = str(info.value)
    for fragment in fragments:
        assert fragment in msg, f"{fragment!r} not in {msg!r}"


def test_one_deal_study_names_its_argument_deals_for_both_games():
    for rules in ("sichuan", "daer-luzhou"):
        with pytest.raises(MjStatsError) as info:
            mj.deal_study(rules, -1)
        assert str(info.value) == "deals must be at least 1, got -1"


def test_good_inputs_still_read():
    # numpy bools are flags, integral floats are counts, None is the default
    from mjstats._checks import count
    from mjstats.daer.simulate import DEFAULT_BOT as DAER_BOT
    from mjstats.daer.simulate import _bots as daer_bots
    from mjstats.sim.simulate import DEFAULT_GAMES, RUN_CHUNK, _bots, _run_args

    r = mj.score(PLAIN, win="6p", self_draw=np.True_, dealer=np.False_)
    assert r.patterns == [("平胡", 1), ("自摸加底", 1)]
    assert mj.score(PLAIN, win=np.int64(14)).total == mj.score(PLAIN, win="6p").total
    assert mj.deal(3.0, seed=1).shape == (3, 34)
    assert _run_args(None, RUN_CHUNK, None) == (DEFAULT_GAMES, RUN_CHUNK, None)
    assert _run_args(100.0, float(RUN_CHUNK), np.True_) == (100, RUN_CHUNK, True)
    assert _bots(None) == _bots("efficiency")
    assert daer_bots(None) == (DAER_BOT,) * 3
    assert count(None, "games", default=7) == 7
    assert mj.parse("1111m")[0] == 4 and int(daer.parse("一一一一")[0]) == 4
    assert daer.parse_meld("pong 一一一").kind == 0 and daer.parse_meld("long 十").kind == 9
    sw = mj.rules(MT, fan_steps=(2, 4), fan_points=(5, 8), fan_dijia=(2, 4), cap=4)
    assert sw.fan_points == (5, 8) and mj.rules(MT, fan_points=[5, 8, 12, 16, 24]).fan_points \
        == (5, 8, 12, 16, 24)
    assert mj.rules("sichuan", cap=np.int64(16)).switches["cap"] == 16
    # a laid-down 垅 may stand beside 天胡 (it is laid down at once, before any take)
    assert daer.score(PINGHU27, dealer=True, heavenly=True).won


CLI_ROWS = [
    # (argv, fragment of the one-line message)
    (["score", PLAIN, "--win", "6p", "--heavenly"], "--heavenly does not apply to sichuan"),
    (["score", DAER, "--melds", "pong 一", "--win", "八", "--rules", "daer-luzhou",
      "--after-kong"], "--after-kong does not apply to daer-luzhou"),
    (["score", DAER, "--melds", "pong 一", "--win", "八", "--rules", "daer-luzhou",
      "--robbing-kong"], "--robbing-kong"),
    (["score", DAER, "--melds", "pong 一", "--win", "八", "--rules", "daer-luzhou",
      "--first-turn"], "--first-turn"),
    (["score", PLAIN, "--win", "6p", "--set", "cap=16", "cap=8"], "'cap' twice"),
    (["score", PLAIN, "--win", "6p", "--set", "cap"], "NAME=VALUE"),
    (["score", PLAIN, "--win", "6p", "--set", "fan_points=5,,8", "--rules", MT], "empty item"),
    (["score", PLAIN, "--win", "6p", "--set", "cap=16.5"], "cap"),
    (["score", PLAIN, "--win", "6p", "--set", "nosuch=1"], "nosuch"),
    (["score", PLAIN, "--win", "True"], "'True'"),
    (["score", PLAIN], "--win"),
    (["score", "1" * 65536 + "1112345678999m", "--win", "1m"], "5 copies of 1m"),
    (["rules", "daer-nowhere"], "daer-nowhere"),
    (["rules", "nowhere"], "nowhere"),
    (["simulate", "--games", "-5"], "error: --games must be at least 1, got -5"),
    (["simulate", "--games", "2.7"], "--games: invalid int value: '2.7'"),
    (["simulate", "--games", "10", "--set", "fan_points=5", "--rules", "daer-luzhou"],
     "fan_points"),
    (["simulate", "--games", "10", "--set", "min_hu=-1", "--rules", "daer-luzhou"], "min_hu"),
    (["simulate", "--games", "10", "--slip", "0.5"], "--slip"),
    (["simulate", "--games", "10", "--bots", "a", "b"], "one bot or four"),
    (["simulate", "--games", "10", "--rules", "daer-luzhou", "--slip", "2"],
     "--slip is a probability between 0 and 1"),
    (["simulate", "--games", "0", "--rules", "daer-luzhou"], "--games must be at least 1"),
    (["compare", "--games", "-1"], "--games must be at least 1"),
    (["deal", "--deals", "-3"], "error: --deals must be at least 1"),
    (["deal", "--deals", "1.5"], "--deals: invalid int value"),
    (["deal", "--deals", "10", "--conf", "1.5"], "--conf is an interval level"),
    (["deal", "--deals", "10", "--rules", "nowhere"], "nowhere"),
    (["report", "--games", "0"], "--games must be at least 1"),
    (["report", "--seed", "-2"], "--seed must be at least 0, got -2"),
    (["simulate", "--games", "10", "--seed", "-1"], "--seed must be at least 0, got -1"),
    (["warmup", "--jobs", "0"], "--jobs must be at least 1, got 0"),
    (["odds", "1112345678999m5p", "--rules", "sichuan", "--table", "4", "--player", "x"],
     "--player (after the first discard) is 'exact' or a bot"),
    (["hand", "1111m1m"], "5 copies of 1m"),
    (["odds", "1112345678999m5p", "--rules", "sichuan", "--bots", "foo"],
     "--bots 'foo': the table model's, which plays only with --table N"),
    (["odds", "1112345678999m5p", "--dealer"], "--dealer changes what a win is worth"),
    (["odds", "1112345678999m5p", "--extra", "3", "--no-improve"],
     "--extra 3 bounds the improving search; with --no-improve"),
    (["odds", "1112345678999m5p", "--rows", "0"], "--rows must be at least 1, got 0"),
    (["simulate", "--games", "10", "--resume"], "--resume finishes a run saved in a folder; "
                                                "give --out FOLDER"),
    (["deal", "--deals", "1000", "--dask", "notanaddress"],
     "--dask 'notanaddress' is no scheduler address"),
    (["simulate", "--games", "100000000000000"], "--games 100000000000000 is more than one run"),
    (["hand", "1112345678999m", "--visible", "9m9m"],
     "visible tiles (--visible '9m9m') together hold 5 copies of 9m"),
    (["odds", "--rules", "sichuan", "--set", "cap=16", "1112345678999m5p"],
     "got '1112345678999m5p'; a hand or other argument goes before --set"),
    (["score", "--melds", "pong 2s", "123345m67899s", "--win", "3m"],
     "got '123345m67899s'; a hand goes before --melds"),
    (["nocmd"], "invalid choice: 'nocmd'"),
    ([], "command"),
]


@pytest.mark.parametrize("argv, fragment", CLI_ROWS,
                         ids=[" ".join(a)[:60] or "no-args" for a, _ in CLI_ROWS])
def test_cli_bad_arguments_one_line(argv, fragment, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "", out  # refused before anything is printed
    assert "Traceback" not in err
    assert err.startswith("mjstats: error: ")
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert fragment in err, err


def test_cli_score_defaults_equal_mj_score(capsys):
    # Da Er: self-drawn unless --no-self-draw, as mj.score; the taken 四 makes the 坎 a 碰
    for flags, kw in (([], {}), (["--self-draw"], {"self_draw": True}),
                      (["--no-self-draw"], {"self_draw": False})):
        assert main(["score", PINGHU27, "--win", "四", "--rules", "daer-luzhou", *flags]) == 0
        out = capsys.readouterr().out.strip()
        assert out == str(mj.score(PINGHU27, win="四", rules="daer-luzhou", **kw))
    assert "27胡" in str(mj.score(PINGHU27, win="四", rules="daer-luzhou"))
    assert "22胡" in str(mj.score(PINGHU27, win="四", rules="daer-luzhou", self_draw=False))
    # mahjong: a discard win unless --self-draw; the Da Er flags map to the Da Er keywords
    assert main(["score", PLAIN, "--win", "6p"]) == 0
    assert capsys.readouterr().out.strip() == str(mj.score(PLAIN, win="6p"))
    assert main(["score", PINGHU27, "--win", "四", "--rules", "daer-luzhou", "--dealer",
                 "--heavenly"]) == 0
    assert capsys.readouterr().out.strip() == str(
        mj.score(PINGHU27, win="四", rules="daer-luzhou", dealer=True, heavenly=True))


def test_cli_rules_lists_daer_switches(capsys):
    assert main(["rules", "daer-luzhou-mingtang"]) == 0
    out = capsys.readouterr().out
    assert "fan_points" in out and "a tuple of whole numbers" in out
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "daer-chongqing" in out and "sichuan" in out
