import subprocess
import sys

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


def test_console_script_runs():
    r = subprocess.run([sys.executable, "-m", "mjstats.cli", "hand", "1199m"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "shanten   standard 0" in r.stdout
