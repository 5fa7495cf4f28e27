"""One registry and one entry point per verb for both games (mahjong and Da Er).

Every verb is called with each of the seven presets by name; dispatch follows
the rule set's type (its ``game``), so a renamed or new preset goes to the same
place.  Results of both games name the same things alike.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

import mjstats as mj
from mjstats.errors import RuleError

MAHJONG = ["sichuan", "sichuan-app", "guangan", "liuzhou"]
DAER = ["daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing"]
ALL = MAHJONG + DAER

# one winning hand per game, with its expected total under each preset (hand-scored in
# tests/scoring and tests/daer: 平胡 in Sichuan/Guang'an/Liuzhou, a Luzhou 普通 win)
WINS = {
    "mahjong": dict(hand="123m345m789m234p66p", win="6p"),
    "daer": dict(hand="二二二三三七八九十十叁叁肆伍柒柒拾拾", melds=["pong 一"], win="八"),
}


def test_one_registry_names_both_games():
    assert mj.rules.rule_set_names() == ALL
    for name in ALL:
        r = mj.rules(name)
        assert r.name == name
        assert r.game == ("daer" if name in DAER else "mahjong")
    assert isinstance(mj.rules("sichuan"), mj.rules.RuleSet)
    import mjstats.api  # (a submodule is an attribute once imported, whatever ran before)

    assert mj.rules.rules is mjstats.api.rules
    with pytest.raises(RuleError, match="unknown rule set 'mahjong'; valid names: sichuan, "
                                        "sichuan-app, guangan, liuzhou, daer-luzhou"):
        mj.rules("mahjong")


def test_the_subpackage_is_the_registry():
    import mjstats.rules

    assert mjstats.rules("guangan").unit == "颗"
    assert mjstats.rules.RuleSet is mj.rules.RuleSet
    assert mjstats.rules.rules("daer-chongqing").must_pong


def test_switches_of_both_games_through_one_call():
    assert mj.rules("sichuan", cap=16).switches["cap"] == 16
    assert mj.rules("daer-luzhou", min_hu=12).min_hu == 12
    with pytest.raises(RuleError, match="min_hu"):
        mj.rules("daer-luzhou", min_hu=-100)
    with pytest.raises(RuleError, match="cap"):
        mj.rules("sichuan", cap=7)


@pytest.mark.parametrize("name", ALL)
def test_describe_rules_for_every_preset(name):
    d = mj.describe_rules(name)
    assert list(d.columns) == ["rule_set", "switch", "default", "value", "choices", "doc"]
    assert (d["rule_set"] == name).all() and len(d) >= 3
    assert d["doc"].str.len().gt(0).all()


def test_describe_rules_lists_every_preset():
    assert mj.describe_rules()["rule_set"].unique().tolist() == ALL


@pytest.mark.parametrize("name", ALL)
def test_score_goes_by_the_rule_sets_type(name):
    game = mj.rules(name).game
    r = mj.score(**WINS[game], rules=name)
    assert r.total > 0 if game == "mahjong" else r.won
    # the same call with the rule set object, not its name
    r2 = mj.score(**WINS[game], rules=mj.rules(name))
    assert str(r2) == str(r)


@pytest.mark.parametrize("name", ALL)
def test_simulate_for_every_preset(name):
    r = mj.simulate(name, 24, seed=5)
    assert r.n_games == 24 and r.rules.name == name
    assert len(r.hands) == 24
    assert r.seats.groupby("game").size().eq(4).all()
    assert isinstance(r.summary(), pd.DataFrame | str) and isinstance(r.patterns(), pd.DataFrame)
    # the rule set object dispatches the same way, with the same numbers
    r2 = mj.simulate(mj.rules(name), 24, seed=5)
    assert dict(r2.stats) == dict(r.stats)


def test_simulate_refuses_the_other_games_keywords():
    with pytest.raises(RuleError, match=r"simulate\(\) under 'sichuan' takes no slip"):
        mj.simulate("sichuan", 10, seed=1, slip=0.1)
    with pytest.raises(RuleError, match=r"simulate\(\) under 'daer-luzhou' takes no first_game"):
        mj.simulate("daer-luzhou", 10, seed=1, first_game=512)


@pytest.mark.parametrize(("name", "switch"), [("sichuan", "cap"), ("daer-luzhou", "min_hu")])
def test_a_switch_given_as_a_keyword_is_pointed_to_the_rule_set(name, switch):
    hint = (rf"{switch} is a switch of the rule set: "
            rf"give rules=mj.rules\('{name}', {switch}=\.\.\.\)")
    with pytest.raises(RuleError, match=rf"takes no {switch}; .*; {hint}"):
        mj.simulate(name, 10, seed=1, **{switch: 16})
    with pytest.raises(RuleError, match=r"takes no nonsense; its keywords: [a-z_, ]+$"):
        mj.simulate(name, 10, seed=1, nonsense=1)


@pytest.mark.parametrize("name", ALL)
def test_deal_study_for_every_preset(name):
    st = mj.deal_study(name, 2_000, seed=3, **({} if name in DAER else {"progress": False}))
    if name in DAER:
        assert st.n_deals == 2_000 and st.rules == name
        assert int(st.summary["n"].iloc[0]) == 2_000
    else:
        assert int(st["n"].iloc[0]) == 2_000
        assert st.attrs["tileset"] == mj.rules(name).tileset.name


def test_compare_presets_of_either_game_and_refuse_a_mixed_list():
    res = mj.compare(["sichuan", "guangan"], 20, seed=2)
    assert list(res) == ["sichuan", "guangan"] and all(r.n_games == 20 for r in res.values())
    res = mj.compare(DAER, 20, seed=2)
    assert list(res) == DAER and all(r.n_games == 20 for r in res.values())
    assert [r.rules.name for r in res.values()] == DAER
    with pytest.raises(RuleError, match=r"one game: mahjong \(sichuan\) and Da Er "
                                        r"\(daer-luzhou\)"):
        mj.compare(["sichuan", "daer-luzhou"], 20, seed=2)
    with pytest.raises(RuleError, match="takes no log; its keywords"):
        mj.compare(DAER, 20, log=3)
    with pytest.raises(mj.MjStatsError, match="a list of rule sets"):
        mj.compare("sichuan", 20)



@pytest.mark.parametrize("name", ALL)
def test_cli_rules_for_every_preset(name, cli):
    code, out, err = cli(["rules", name])
    assert code == 0 and err == ""
    assert out.count(name) >= 3


@pytest.mark.parametrize("name", DAER)
def test_cli_deal_and_simulate_take_da_er(name, cli):
    code, out, err = cli(["deal", "--rules", name, "--deals", "1500", "--seed", "2"])
    assert code == 0, err
    assert "== deal ==" in out and "dealer_instant" in out
    code, out, err = cli(["simulate", "--rules", name, "--games", "30", "--seed", "2",
                           "--quiet"])
    assert code == 0, err
    assert "== outcomes ==" in out


def test_cli_deal_refuses_mahjong_only_flags_for_da_er(cli, tmp_path):
    code, out, err = cli(["deal", "--rules", "daer-luzhou", "--deals", "100", "--out",
                           str(tmp_path / "c")])
    assert code == 2
    assert err.strip() == ("mjstats: error: --out applies to the mahjong deal study only, "
                           "not daer-luzhou")


def test_no_verb_dispatches_on_the_name():
    """The dispatch reads the rule set's type: no ``startswith("daer")`` anywhere."""
    root = Path(mj.__file__).parent
    hits = [str(p.relative_to(root)) for p in root.rglob("*.py")
            if re.search(r"startswith\(\s*['\"]daer", p.read_text(encoding="utf-8"))]
    assert hits == []


def test_every_public_name_resolves_whether_imported_at_once_or_on_first_use():
    import mjstats.api
    import mjstats.plotting
    import mjstats.scoring

    for name in mj.__all__:
        assert getattr(mj, name) is not None, name
    assert set(mj.__all__) <= set(dir(mj))
    assert mj.simulate is mjstats.api.simulate and mj.odds is mjstats.api.odds
    assert mj.plot is mjstats.plotting and mj.score_many is mjstats.scoring.score_many
    with pytest.raises(AttributeError, match="no_such_verb"):
        mj.no_such_verb  # noqa: B018
