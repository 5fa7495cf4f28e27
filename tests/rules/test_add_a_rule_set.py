"""The "add a rule set" path of docs/architecture.md, walked with a toy preset.

A Sichuan variant with one new switch (清一色's multiplier) is registered the way
``mjstats/rules/sichuan.py`` registers its presets; every verb then knows it by
name, with no other file touched.
"""

from __future__ import annotations

import pytest

import mjstats as mj
from mjstats.rules import base
from mjstats.rules import sichuan as S

QYS = base.Switch("qys", 4, (4, 8), "清一色 x4 (Chengdu) or x8 (a toy variant)")


def _build(name: str, **sw):
    r = S._build(name, **{k: v for k, v in sw.items() if k != "qys"})
    values = r.values.copy()
    values[S.SichuanPattern.QINGYISE] = sw["qys"]
    return base.RuleSet(name=name, name_zh=r.name_zh + " (toy)", family=r.family,
                        tileset=r.tileset, unit=r.unit, chow=r.chow,
                        missing_suit=r.missing_suit, patterns=r.patterns, info=r.info,
                        values=values, switches=sw)


@pytest.fixture
def toy():
    base.register("sichuan-toy", base.Family.SICHUAN, _build, (*S.SWITCHES, QYS),
                  "a Sichuan variant with 清一色 as a switch (test only)")
    try:
        yield "sichuan-toy"
    finally:
        del base._REGISTRY["sichuan-toy"]


def test_a_toy_preset_works_through_every_verb(toy):
    assert toy in mj.rules.rule_set_names()
    d = mj.describe_rules(toy).set_index("switch")
    assert d.loc["qys", "default"] == 4 and d.loc["qys", "choices"] == [4, 8]
    flush = dict(hand="11123455678999m", win="9m")  # 清一色 平胡 (multiplier 4 by default)
    plain = mj.score(**flush, rules="sichuan").total
    assert mj.score(**flush, rules=toy).total == plain
    assert mj.score(**flush, rules=mj.rules(toy, qys=8)).total == 2 * plain
    with pytest.raises(mj.RuleError, match="switch 'qys' of 'sichuan-toy' takes one of"):
        mj.rules(toy, qys=5)
    # the engine plays it, the same hands as its family's preset (scoring differs only)
    a = mj.simulate(toy, 60, seed=4)
    b = mj.simulate("sichuan", 60, seed=4)
    assert a.n_games == 60 and a.rules.name == toy
    assert a.seats["win_tile"].tolist() == b.seats["win_tile"].tolist()


def test_a_preset_must_offer_its_familys_switches():
    with pytest.raises(mj.RuleError, match="lacks switches of its family"):
        base.register("sichuan-broken", base.Family.SICHUAN, _build, (QYS,), "broken")
    assert "sichuan-broken" not in mj.rules.rule_set_names()
