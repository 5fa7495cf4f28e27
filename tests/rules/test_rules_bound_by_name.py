"""Rule data reaches the kernels by name: switch slots, string codes, enum mirrors."""

import dataclasses
import importlib
import random

import numpy as np
import pytest

from mjstats.errors import RuleError
from mjstats.rules import Family, GuanganPattern, LiuzhouPattern, SichuanPattern, base, rules
from mjstats.rules.base import (
    KERNEL_FACTS,
    Switch,
    family_switches,
    kernel_layout,
    kernel_slot,
    switch_code,
)
from mjstats.scoring import kernels as K
from mjstats.scoring import score

# every _SW_* slot of the scoring kernels and the switch it must read
KERNEL_SLOTS = {
    "_SW_S_CAP": (Family.SICHUAN, "cap"),
    "_SW_S_ZIMO": (Family.SICHUAN, "zimo"),
    "_SW_S_DIANGANGHUA": (Family.SICHUAN, "dianganghua"),
    "_SW_G_JINGOU_DANDIAO": (Family.GUANGAN, "jingou_dandiao"),
    "_SW_G_SANYUAN_PLUS": (Family.GUANGAN, "sanyuan_plus"),
    "_SW_G_LONG_ANY": (Family.GUANGAN, "long_any"),
    "_SW_L_MENQING": (Family.LIUZHOU, "menqing"),
}


def _permutations(switches):
    """The switches reversed and shuffled (seeded): other text orders of one family."""
    shuffled = list(switches)
    random.Random(16).shuffle(shuffled)
    return [tuple(reversed(switches)), tuple(shuffled)]


# -- string choices are coded per switch ---------------------------------------------------


def test_two_switches_sharing_a_choice_name_code_it_independently():
    a = Switch("a", "x", ("x", "zimo"), "")
    b = Switch("b", "zimo", ("zimo", "y"), "")
    assert a.code("zimo") == 1 and b.code("zimo") == 0
    assert switch_code((a, b), "a", "zimo") == 1 and switch_code((a, b), "b", "zimo") == 0
    # the same word in the real tables: Sichuan's 点杠杠上花 "zimo" is its own code 0,
    # whatever the 自摸 switch (also called "zimo") codes
    assert switch_code(family_switches(Family.SICHUAN), "dianganghua", "zimo") == 0
    with pytest.raises(RuleError, match="takes one of"):
        a.code("y")


def test_string_choice_is_its_index_in_its_own_choices():
    for fam in Family:
        for s in family_switches(fam):
            for c in s.choices:
                if isinstance(c, str):
                    assert s.code(c) == s.choices.index(c), (fam, s.name, c)


def test_kernel_array_holds_each_switch_code_at_its_named_slot():
    for name in ("sichuan", "sichuan-app", "guangan", "liuzhou"):
        fam = rules(name).family
        switches = family_switches(fam)
        for s in switches:
            for c in s.choices:
                if s.fixed and rules(name).switches[s.fixed[0]] == s.fixed[1] \
                        and c not in (s.fixed[2], rules(name).switches[s.name]):
                    continue  # a value the preset's table fixes (refused, tested apart)
                R = rules(name, **{s.name: c})
                assert R.kernel_args.switches[kernel_slot(switches, s.name)] == s.code(c)
        R = rules(name)
        assert R.kernel_args.switches[K.SW_MISSING_SUIT] == int(R.missing_suit)
        assert len(R.kernel_args.switches) == len(kernel_layout(switches))


def test_kernel_choice_constants_come_from_the_choices():
    S = family_switches(Family.SICHUAN)
    L = family_switches(Family.LIUZHOU)
    assert K._S_ZIMO_DI == switch_code(S, "zimo", "di")
    assert K._S_ZIMO_FAN == switch_code(S, "zimo", "fan")
    assert K._S_DIANGANGHUA_DIANPAO == switch_code(S, "dianganghua", "dianpao")
    assert K._L_MENQING_SELFDRAW == switch_code(L, "menqing", "selfdraw")


# -- slots from names, whatever the text order ---------------------------------------------


@pytest.mark.parametrize("fam", list(Family), ids=[f.name for f in Family])
def test_layout_depends_on_names_only(fam):
    switches = family_switches(fam)
    layout = kernel_layout(switches)
    assert layout[: len(KERNEL_FACTS)] == KERNEL_FACTS
    assert sorted(layout[len(KERNEL_FACTS):]) == sorted(s.name for s in switches)
    for perm in _permutations(switches):
        assert kernel_layout(perm) == layout
        for s in switches:
            assert kernel_slot(perm, s.name) == kernel_slot(switches, s.name)


def test_kernel_slots_are_the_named_slots():
    for const, (fam, name) in KERNEL_SLOTS.items():
        assert getattr(K, const) == kernel_slot(family_switches(fam), name), const
    for fam in Family:
        assert K.SW_MISSING_SUIT == kernel_slot(family_switches(fam), "missing_suit")
    # every _SW_* of the kernels is listed above
    assert {n for n in vars(K) if n.startswith("_SW_")} == set(KERNEL_SLOTS)


def test_unknown_slot_and_clashing_names_are_refused():
    with pytest.raises(RuleError, match="no kernel slot"):
        kernel_slot(family_switches(Family.SICHUAN), "nope")
    with pytest.raises(RuleError, match="unique"):
        kernel_layout([Switch("missing_suit", False, (False, True), "")])
    with pytest.raises(RuleError, match="unique"):
        kernel_layout([Switch("a", 0, (0,), ""), Switch("a", 0, (0,), "")])


# a table of hands: (rule set, switches, hand, melds, win, context)
HANDS = [
    ("sichuan", {}, "123345789m23466p", None, "6p", {}),
    ("sichuan", {"zimo": "fan", "cap": 16}, "11334466778899m", None, "9m", {"self_draw": True}),
    ("sichuan", {"zimo": "di"}, "11123434566688m", None, "8m", {"self_draw": True}),
    ("sichuan", {"zimo": "none", "cap": None}, "11224444557799m", None, "9m",
     {"self_draw": True}),
    ("sichuan", {"dianganghua": "dianpao"}, "123m456p789p77p", ["kong 9m"], "7p",
     {"self_draw": True, "after_kong": True}),
    ("sichuan", {"dianganghua": "zimo", "zimo": "fan"}, "123m456p789p77p", ["kong 9m"], "7p",
     {"self_draw": True, "after_kong": True}),
    ("sichuan-app", {"jingou": True}, "66p", ["pong 1m", "pong 3m", "pong 4m", "pong 2p"],
     "6p", {}),
    ("guangan", {}, "123345m67899s", ["pong 2s"], "3m", {"self_draw": True}),
    ("guangan", {"jingou_dandiao": True}, "55s", ["pong 1m", "pong 3m", "ckong 4m",
                                                  "pong 2s"], "5s", {}),
    ("guangan", {"jingou_dandiao": False}, "55s", ["pong 1m", "pong 3m", "ckong 4m",
                                                   "pong 2s"], "5s", {}),
    ("guangan", {"sanyuan_plus": 5}, "555666777z11m234m", None, "4m", {}),
    ("guangan", {"long_any": True}, "112233445566m55z", None, "5z", {}),
    ("guangan", {"long_any": True}, "11113344m5566m55z", None, "5z", {}),
    ("guangan", {"long_any": False}, "11113344m5566m55z", None, "5z", {}),
    ("liuzhou", {"menqing": "selfdraw"}, "123m456p789s11122z", None, "2z", {}),
    ("liuzhou", {"menqing": "concealed"}, "123m456p789s11122z", None, "2z", {}),
    ("liuzhou", {"menqing": "concealed"}, "111m444p777s11122z", None, "2z", {}),
    ("liuzhou", {"pili": 3}, "11m", ["chow 123m", "pong 5p", "pong 7s", "chow 234s"], "1m",
     {"self_draw": True}),
]


def _scores():
    out = []
    for name, sw, hand, melds, win, ctx in HANDS:
        r = score(hand, melds=melds, win=win, rules=rules(name, **sw), **ctx)
        out.append((r.total, r.raw, tuple(r.patterns)))
    return out


def test_reordered_switches_score_the_same(monkeypatch):
    """Each family's SWITCHES in another text order: the same kernel arrays, the same scores."""
    before = _scores()
    arrays = {n: rules(n).kernel_args.switches.copy() for n in base.rule_set_names()}
    for perm_i in range(2):
        with monkeypatch.context() as m:
            for name, preset in list(base._REGISTRY.items()):
                fam = preset.family
                perm = _permutations(family_switches(fam))[perm_i]
                m.setitem(base._FAMILY_SWITCHES, fam, perm)
                m.setitem(base._REGISTRY, name, dataclasses.replace(preset, switches=perm))
            for n in base.rule_set_names():
                np.testing.assert_array_equal(rules(n).kernel_args.switches, arrays[n])
            assert _scores() == before


def test_missing_suit_is_read_from_the_rule_set():
    # all three suits: refused under 定缺 by the rule set's fact, not by the family
    hand, win = "123m456p789s11122s", "2s"
    R = rules("sichuan")
    with pytest.raises(RuleError, match="missing suit"):
        score(hand, win=win, rules=R)
    free = dataclasses.replace(R, missing_suit=False)
    assert free.kernel_args.switches[K.SW_MISSING_SUIT] == 0
    assert score(hand, win=win, rules=free).total == 1  # 平胡
    strict = dataclasses.replace(rules("liuzhou"), missing_suit=True)
    with pytest.raises(RuleError, match="missing suit"):
        score("123m456p789s11122s", win="2s", rules=strict)


# -- enum mirrors equal their enums --------------------------------------------------------


def test_scoring_kernel_mirrors_equal_their_enums():
    from mjstats.scoring.melds import MeldKind

    D = importlib.import_module("mjstats.core.decompose")

    for f in Family:
        assert getattr(K, f"F_{f.name}") == f
    for prefix, enum in (("S", SichuanPattern), ("G", GuanganPattern), ("L", LiuzhouPattern)):
        for m in enum:
            assert getattr(K, f"{prefix}_{m.name}") == m, f"{prefix}_{m.name}"
        assert getattr(K, f"{prefix}_N") == len(enum)
    for m in MeldKind:
        assert getattr(K, m.name) == m
    for m in D.MeldType:
        assert getattr(D, f"_{m.name}") == m
    assert (K._MT_PAIR, K._MT_RUN) == (D.MeldType.PAIR, D.MeldType.RUN)


def test_engine_slots_equal_their_names():
    from mjstats.sim import engine as E

    for i, n in enumerate(E.PARAMS):
        assert getattr(E, f"P_{n.upper()}") == i, n
    assert E.engine_params(rules("liuzhou"))[E.P_CHOW] == 1
    assert E.engine_params(rules("guangan"))[E.P_CHOW] == 0


DAER_HU_NAMES = {
    "_HONG": "HONG", "_ZHEN_ZHU": "ZHEN_ZHU", "_JIA_ZHU": "JIA_ZHU", "_ZHAO_YIN": "ZHAO_YIN",
    "_LONG_YIN": "LONG_YIN", "_HE_YIN": "HE_YIN", "_SAN_YIN": "SAN_YIN", "_PIAN": "PIAN",
    "_HUA": "HUA", "_BDJ": "BIANDIJIN", "_SHISAN": "SHISAN", "_SHIWU": "SHIWU", "_WU": "WU",
    "_SIS_P": "SISTER_PONG", "_SIS_Z": "SISTER_ZHAO", "_SIS_L": "SISTER_LONG", "_QIA": "QIA",
    "_QING": "QING", "_PIAO": "PIAO", "_SHUANG": "SHUANG_PIAODAI", "_DX18": "DAXIAO18",
    "_TIAN": "TIAN", "_DI": "DI", "_HUILONG": "HUILONG", "_HAIDI": "HAIDI", "_XI24": "XI24",
    "_HU30": "HU30", "_HU33": "HU33", "_HU36": "HU36", "_ALL_RED": "ALL_RED",
    "_PINGHU": "PINGHU", "_PINGHU27": "PINGHU27",
}


def test_daer_mirrors_equal_their_enums():
    from mjstats.daer import bots as DB
    from mjstats.daer import game as DG
    from mjstats.daer import groups as DGR
    from mjstats.daer import hu as H
    from mjstats.daer.groups import Shape
    from mjstats.daer.rules import NEXT_DEALER, Pattern, Scoring
    from mjstats.daer.scoring import Foul

    assert sorted(DAER_HU_NAMES.values()) == sorted(m.name for m in Pattern)
    for const, member in DAER_HU_NAMES.items():
        assert getattr(H, const) == Pattern[member], const
    assert H.N_PATTERNS == len(Pattern)
    for const in ("_RUN", "_RED_RUN", "_KAN", "_PONG", "_ZHAO", "_LONG", "_PAIR"):
        assert getattr(H, const) == Shape[const[1:]], const
    for const in ("_RUN", "_RED_RUN", "_JIAO_S", "_JIAO_B", "_KAN", "_LONG", "_PAIR"):
        assert getattr(DGR, const) == Shape[const[1:]], const
    assert (DB._KAN, DB._RED_RUN) == (Shape.KAN, Shape.RED_RUN)
    assert (H._PUTONG, H._MINGTANG) == (Scoring.PUTONG, Scoring.MINGTANG)
    assert (DG._PONG_SHAPE, DG._ZHAO_SHAPE, DG._LONG_SHAPE) == (Shape.PONG, Shape.ZHAO,
                                                               Shape.LONG)
    assert DG._FIRST_SET_SHAPE == Shape.JIAO_S
    assert [DG.ND_WINNER, DG.ND_ROTATE, DG.ND_BY_HAND] == [
        NEXT_DEALER.index(n) for n in ("winner", "rotate", "by_hand")]
    for bit, foul in ((DG.FOUL_A, Foul.MISSED_PONG), (DG.FOUL_E, Foul.FIRST_NOT_TAKEN),
                      (DG.FOUL_F, Foul.MISSED_BI), (DG.FOUL_G, Foul.BROKE_QUAD),
                      (DG.FOUL_I, Foul.HIDDEN_LONG)):
        assert bit == 1 << foul, foul
    names = {"MUST_PONG": "must_pong", "INSTANT": "instant_on", "KAN_LONG": "kan_counts_long",
             "FOUL_DAO": "foul_dao", "FOUL_DIJIA": "foul_pays_dijia",
             "CHI_NEXT": "chi_next_on_draw", "NEXT_DEALER": "next_dealer"}
    assert sorted(names.values()) == sorted(DG.ENGINE_PARAMS)
    for suffix, n in names.items():
        assert getattr(DG, f"EP_{suffix}") == DG.ENGINE_PARAMS.index(n), suffix


def test_a_preset_offers_its_family_switches(monkeypatch):
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    sw = family_switches(Family.GUANGAN)
    with pytest.raises(RuleError, match="lacks switches"):
        base.register("guangan-short", Family.GUANGAN, lambda n, **k: None, sw[1:], "")
    monkeypatch.setattr(base, "_FAMILY_SWITCHES", {})
    with pytest.raises(RuleError, match="register_family"):
        base.register("guangan-2", Family.GUANGAN, lambda n, **k: None, sw, "")
