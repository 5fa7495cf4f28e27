"""Rule sets as data: registry, switches, tables, errors."""

import numpy as np
import pytest

from mjstats.errors import RuleError
from mjstats.rules import (
    GuanganPattern,
    RuleSet,
    SichuanPattern,
    describe_rules,
    rule_set_names,
    rules,
)

MAHJONG = ["sichuan", "sichuan-app", "guangan", "liuzhou"]


def test_names_and_units():
    assert rule_set_names() == [*MAHJONG, "daer-luzhou", "daer-luzhou-mingtang",
                                "daer-chongqing"]
    assert [n for n in rule_set_names() if rules(n).game == "mahjong"] == MAHJONG
    units = {n: rules(n).unit for n in MAHJONG}
    assert units == {"sichuan": "倍", "sichuan-app": "倍", "guangan": "颗", "liuzhou": "分"}
    assert [rules(n).tileset.n_tiles for n in MAHJONG] == [108, 108, 120, 136]
    assert [rules(n).chow for n in MAHJONG] == [False, False, False, True]


def test_presets_share_one_definition():
    chengdu, app = rules("sichuan"), rules("sichuan-app")
    assert chengdu.patterns is app.patterns is SichuanPattern
    assert chengdu.value("龙七对") == 8 and app.value("龙七对") == 16
    assert chengdu.value("将对") == 0 and rules("sichuan", jiangdui=True).value("将对") == 16
    assert app.value("将对") == 8
    assert rules("sichuan", table="app").values.tolist() == app.values.tolist()


def test_switches_change_values():
    r = rules("sichuan", cap=16, zimo="fan")
    assert r.switches["cap"] == 16 and r.switches["zimo"] == "fan"
    assert r.value("天胡") == 16  # 满格 follows the cap
    assert rules("sichuan", cap=None).value("天胡") == 32
    assert rules("guangan", luohan=True).value("十八罗汉") == 2
    assert rules("guangan").value("十八罗汉") == 1
    assert rules("guangan", zimo=0).value(GuanganPattern.ZIMO) == 0


def test_rule_sets_are_frozen():
    r = rules("guangan")
    with pytest.raises(AttributeError):
        r.unit = "x"
    with pytest.raises(ValueError):
        r.values[0] = 9
    with pytest.raises(TypeError):
        r.switches["zimo"] = 0
    assert isinstance(r, RuleSet) and rules(r) is r


def test_every_pattern_has_two_names():
    for n in MAHJONG:
        r = rules(n)
        assert len(r.info) == len(r.patterns) == len(r.values)
        for p, info in zip(r.patterns, r.info, strict=True):
            assert p.name == info.key and info.zh and info.en
            assert any("\u4e00" <= ch <= "\u9fff" for ch in info.zh)
        assert r.values.dtype == np.int64


@pytest.mark.parametrize(
    "name, switches, match",
    [
        ("shanghai", {}, "valid names: sichuan, sichuan-app, guangan, liuzhou"),
        ("sichuan", {"capp": 8}, "valid switches: table, cap"),
        ("sichuan", {"cap": 12}, r"takes one of \[8, 16, None\]"),
        ("sichuan", {"jingou": 1}, "takes one of"),
        ("guangan", {"zimo": "yes"}, "takes one of"),
        ("liuzhou", {"menqing": "always"}, "concealed"),
    ],
)
def test_errors_list_the_valid_ones(name, switches, match):
    with pytest.raises(RuleError, match=match):
        rules(name, **switches)


def test_unknown_pattern_name():
    with pytest.raises(RuleError, match="patterns: 平胡"):
        rules("sichuan").value("国士无双")


def test_describe_rules():
    d = describe_rules()
    assert list(d.columns) == ["rule_set", "switch", "default", "value", "choices", "doc"]
    assert set(d["rule_set"]) == set(rule_set_names())
    app = d.query("rule_set == 'sichuan-app'").set_index("switch")
    assert app.loc["table", "default"] == "app" and app.loc["daiyao", "default"] is True
    assert d["doc"].str.len().min() > 10
    assert len(describe_rules("liuzhou")) == 4
    t = rules("liuzhou").table()
    assert list(t.columns) == ["key", "zh", "en", "combine", "value"]


def test_a_switch_the_app_table_fixes_is_refused_when_asked_otherwise():
    """带幺九 and 将对 are in the app table: leaving them out is an error, not ignored."""
    import numpy as np
    import pytest

    import mjstats as mj
    from mjstats.errors import RuleError

    for sw in ("daiyao", "jiangdui"):
        with pytest.raises(RuleError, match=rf"'{sw}' of 'sichuan-app' is True whenever "
                                            r"switch 'table' is 'app'.*; got False"):
            mj.rules("sichuan-app", **{sw: False})
        # asked beside the table that fixes it, or of a rule set already on that table
        with pytest.raises(RuleError, match=rf"'{sw}' of 'sichuan' is True whenever "
                                            r"switch 'table' is 'app'.*; got False"):
            mj.rules("sichuan", table="app", **{sw: False})
        with pytest.raises(RuleError, match=rf"switch '{sw}' .*; got False"):
            mj.rules("sichuan-app").with_switches(**{sw: False})
        assert mj.rules("sichuan", table="app", **{sw: True}).switches[sw] is True
    app = mj.rules("sichuan-app")
    # the Chengdu preset switched to the app table reads the same table, its switches say so
    moved = mj.rules("sichuan").with_switches(table="app")
    assert moved.switches["daiyao"] is True and moved.switches["jiangdui"] is True
    assert np.array_equal(moved.values, app.values)
    assert mj.rules("sichuan", daiyao=False).value("带幺") == 0  # Chengdu: still a switch
