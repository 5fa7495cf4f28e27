import subprocess
import sys

import pytest

from mjstats.cli import main


def test_hand_ready(capsys):
    assert main(["hand", "1112345678999m"]) == 0
    out = capsys.readouterr().out
    assert "waits     9 kinds, 23 live tiles" in out
    assert "坎倒板" in out and "赶场叫" in out


def test_hand_complete_lists_readings(capsys):
    assert main(["hand", "11223344556677m"]) == 0
    out = capsys.readouterr().out
    assert out.count("  standard  ") == 3 and "seven_pairs" in out


def test_hand_live_counts_with_visible(capsys):
    assert main(["hand", "123m456p789s1122z", "--visible", "2z2z"]) == 0
    out = capsys.readouterr().out
    assert "2 kinds, 2 live tiles" in out


def test_bad_input_exits_2_with_message(capsys):
    assert main(["hand", "123m1z", "--tileset", "sichuan"]) == 2
    err = capsys.readouterr().err
    assert "1z" in err and "sichuan" in err


@pytest.mark.parametrize("module", ["mjstats.cli", "mjstats"])
def test_console_script_runs(module):
    # python -m mjstats.cli and python -m mjstats are the mjstats command
    r = subprocess.run([sys.executable, "-m", module, "hand", "1199m"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "shanten   standard 0" in r.stdout
    bad = subprocess.run([sys.executable, "-m", module, "hand", "1199x"],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and bad.stderr.startswith("mjstats: error:"), bad.stderr


def test_hand_loads_neither_pandas_nor_an_engine():
    # `import mjstats` imports the engines, studies and tables on first use
    # (mjstats/__init__.py), so a hand costs the hand kernels' start only
    heavy = ("pandas", "matplotlib.pyplot", "mjstats.api", "mjstats.exact", "mjstats.sim.engine",
             "mjstats.study.deal_study")
    code = ("import sys; from mjstats.cli import main; main(['hand', '1112345678999m']); "
            f"print([m for m in {heavy!r} if m in sys.modules])")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "waits     9 kinds" in r.stdout
    assert r.stdout.strip().splitlines()[-1] == "[]"


def test_deal_study_command_writes_parquet(tmp_path, capsys):
    import pandas as pd

    out = tmp_path / "d.parquet"
    assert main(["deal", "--rules", "guangan", "--deals", "70000", "--seed", "7",
                 "--table", str(out), "--quiet"]) == 0
    df = pd.read_parquet(out)
    printed = capsys.readouterr().out
    assert "complete_14" in printed and "70,000 deals of guangan" in printed
    row = df[(df.metric == "shanten_13_any") & (df.category == "3")].iloc[0]
    assert row["n"] == 70000 and row["ci_low"] < row["exact"] < row["ci_high"]


def test_score_command_bilingual(capsys):
    assert main(["score", "123345m67899s", "--melds", "pong 2s", "--win", "3m",
                 "--self-draw", "--rules", "guangan"]) == 0
    out = capsys.readouterr().out
    assert "3 颗" in out and "缺一门" in out and "missing suit" in out


def test_score_command_switches_and_errors(capsys):
    assert main(["score", "11223344556677m", "--win", "7m", "--set", "cap=16"]) == 0
    assert "16 倍" in capsys.readouterr().out
    assert main(["score", "11223344556677m", "--win", "7m"]) == 0
    assert " 8 倍" in capsys.readouterr().out  # the default cap of 8
    # --set given twice: both switches hold (the second does not replace the first)
    once = ["score", "11223344556677m", "--win", "7m", "--set", "cap=16", "zimo=fan"]
    assert main(once) == 0
    assert "16 倍" in (out := capsys.readouterr().out)
    assert main([*once[:-2], "--set", "cap=16", "--set", "zimo=fan"]) == 0
    assert capsys.readouterr().out == out
    assert main([*once[:-2], "--set", "cap=16", "--set", "cap=8"]) == 2
    assert "cap" in capsys.readouterr().err
    assert main(["score", "123m", "--win", "1m"]) == 2
    assert "14 tiles" in capsys.readouterr().err
    assert main(["score", "123456789m12p33s", "--win", "1m", "--melds", "chow 345m"]) == 2
    assert "chow" in capsys.readouterr().err.lower()


def test_odds_command_errors_name_its_flags(capsys):
    # mj.odds' keywords (max_states, draws=200, improve=False) are written as the flags
    hand = ["odds", "13456788999m289p", "--rules", "sichuan"]
    assert main(hand + ["--max-states", "0"]) == 2
    assert "error: --max-states must be at least 1, got 0" in capsys.readouterr().err
    assert main(hand + ["--draws", "200"]) == 2
    assert "error: --draws 200 but only 94 tiles are unseen" in capsys.readouterr().err
    assert main(hand + ["--missing", "p", "--max-states", "10", "--no-fallback"]) == 2
    err = capsys.readouterr().err
    assert "passed --max-states 10 hands" in err and "--no-improve," in err, err
    assert "max_states" not in err and "=False" not in err, err


def test_score_command_errors_name_its_flags(capsys):
    # the scorer's keywords (self_draw=True, robbing_kong) are written as this command's flags
    assert main(["score", "123m456m789m123p55p", "--win", "5p", "--first-turn"]) == 2
    err = capsys.readouterr().err
    assert "--first-turn (天胡/地胡)" in err and "pass --self-draw" in err, err
    assert main(["score", "123m456m789m123p55p", "--win", "5p", "--robbing-kong",
                 "--after-kong"]) == 2
    assert "--robbing-kong and --after-kong cannot both hold" in capsys.readouterr().err
    assert main(["score", "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾拾", "--win", "拾",
                 "--rules", "daer-luzhou", "--heavenly"]) == 2
    err = capsys.readouterr().err
    assert "(--heavenly)" in err and "pass --dealer" in err and "=True" not in err, err


def test_rules_command_lists_switches(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name in ("sichuan", "sichuan-app", "guangan", "liuzhou"):
        assert name in out
    assert "cap" in out and "zimo" in out


def test_score_command_routes_daer(capsys):
    # the seed's worked example: 10 胡, red → each loser -6, winner +10, 底家 +2
    assert main(["score", "二二二三三七八九十十叁叁肆伍柒柒拾拾", "--melds", "pong 一",
                 "--win", "八", "--rules", "daer-luzhou", "--self-draw"]) == 0
    out = capsys.readouterr().out
    assert "10胡" in out and "winner +10" in out and "底家 +2" in out


def test_api_score_dispatch_keeps_family_defaults():
    import mjstats as mj

    r = mj.score("二二二三三七八九十十叁叁肆伍柒柒拾拾", melds=["pong 一"], win="八",
                 rules="daer-luzhou")
    assert r.hu == 10 and tuple(r.payments) == (10, -6, 2)
    assert mj.score("123m345m789m234p66p", win="6p").total == 1


def test_simulate_command_routes_daer(capsys):
    assert main(["simulate", "--rules", "daer-chongqing", "--games", "300", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "== outcomes ==" in out and "名堂" in out and "three scorings" in out


def test_every_command_and_option_is_described():
    """Each subcommand has a description; each option a help text, its default shown."""
    import argparse

    from mjstats.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) == {"hand", "odds", "deal", "score", "rules", "simulate",
                                "compare", "match", "ladder", "report", "warmup"}
    for name, p in sub.choices.items():
        assert p.description, name
        text = " ".join(p.format_help().split())  # unwrapped
        for action in p._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{name} {action.option_strings or action.dest}"
            if action.option_strings and action.default not in (None, False, []):
                shown = f"default: {action.default}" in text or "default" in action.help
                assert shown, f"{name} {action.option_strings} hides its default"


def test_every_run_verb_names_its_folder_out():
    from mjstats.cli import build_parser

    parser = build_parser()
    for verb in ("simulate", "compare", "deal", "match", "ladder"):
        extra = ["--bots", "efficiency,value"] if verb == "match" else []
        args = parser.parse_args([verb, "--out", "F", "--resume", *extra])
        assert args.out == "F" and args.resume


def test_interrupted_command_says_so_and_exits_130(monkeypatch, capsys):
    """Ctrl-C (a KeyboardInterrupt without a message) is one line, not an empty one; a run's
    own message (how many chunks it saved) is printed as it is."""
    from mjstats.cli import hand

    def interrupted(args, message=""):
        raise KeyboardInterrupt(*([message] if message else []))

    monkeypatch.setattr(hand, "run", interrupted)
    assert main(["hand", "123m"]) == 130
    assert capsys.readouterr() == ("", "mjstats: interrupted\n")
    monkeypatch.setattr(hand, "run", lambda args: interrupted(args, "3 chunks saved in runs/x"))
    assert main(["hand", "123m"]) == 130
    assert capsys.readouterr().err == "mjstats: 3 chunks saved in runs/x\n"


def test_simulate_takes_bots_apart_or_comma_separated(capsys):
    """``--bots`` reads as in match and ladder: one per seat, apart or comma-separated."""
    runs = []
    for bots in (["efficiency,zimo,efficiency,value"], ["efficiency", "zimo", "efficiency",
                                                         "value"]):
        assert main(["simulate", "--rules", "sichuan", "--games", "512", "--seed", "4",
                     "--quiet", "--bots", *bots]) == 0
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1] and "bots efficiency, zimo, efficiency, value" in runs[0]
    assert main(["simulate", "--bots", ",", "--games", "8"]) == 2
    assert capsys.readouterr().err == "mjstats: error: --bots names no bot, got ','\n"


def test_score_errors_name_its_flags_in_both_games():
    """The scorer's keywords of either game come out as ``mjstats score``'s flags."""
    import argparse

    from mjstats.cli import build_parser
    from mjstats.cli._common import as_flags, command_flags

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    flags = command_flags(sub.choices["score"])
    assert as_flags("first_turn (天胡/地胡) is a self-draw: pass self_draw=True", flags) \
        == "--first-turn (天胡/地胡) is a self-draw: pass --self-draw"
    assert as_flags("地胡 (earthly=True) is a non-dealer's win: pass dealer=False", flags) \
        == "地胡 (--earthly) is a non-dealer's win: pass no --dealer"
    assert as_flags("last_card (海底捞) needs a self-draw", flags) \
        == "--last-tile (海底捞) needs a self-draw"
