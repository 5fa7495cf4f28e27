"""The README's examples run as written.

Every ```python block of README.md is executed, in order, in one shared
namespace; a block that raises fails the test.  Every ```text block that shows
a ``$ mjstats ...`` command followed by its output is run through the command
line and its output compared line by line.
"""

import re
import shlex
from pathlib import Path

import matplotlib.pyplot as plt
import pytest

from mjstats.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"^```{lang}\n(.*?)^```", README.read_text(encoding="utf-8"),
                      re.S | re.M)


def _shown_commands() -> list[tuple[str, str]]:
    """``(command, output)`` of each ``$ mjstats ...`` line in a text block."""
    out = []
    for block in _blocks("text"):
        for m in re.finditer(r"^\$ (mjstats .*)\n((?:(?!\$ ).*\n)*)", block, re.M):
            out.append((m.group(1), m.group(2)))
    return out


def test_readme_has_examples():
    assert _blocks("python"), "README.md holds no ```python block"
    assert any(cmd.startswith("mjstats hand ") for cmd, _ in _shown_commands())


def test_readme_python_blocks_run():
    ns: dict = {"__name__": "readme"}
    try:
        for i, block in enumerate(_blocks("python"), 1):
            exec(compile(block, f"README.md python block {i}", "exec"), ns)  # noqa: S102
    finally:
        plt.close("all")
    # what the block's comments claim
    assert ns["mj"].format(ns["h"]) == "123m456p789s1122z"
    assert ns["H"].shape == (100_000, 34)
    assert ns["r"].total == 3 and list(ns["r"].patterns) == [("本身", 1), ("缺一门", 1),
                                                            ("自摸", 1)]
    assert ns["res"].n_games == 2_000 and ns["d"].n_games == 500


@pytest.mark.parametrize("cmd,shown", _shown_commands(),
                         ids=[cmd for cmd, _ in _shown_commands()])
def test_readme_command_output(cmd, shown, capsys):
    assert main(shlex.split(cmd)[1:]) in (0, None)
    got = capsys.readouterr().out
    assert got.rstrip("\n").splitlines() == shown.rstrip("\n").splitlines()
