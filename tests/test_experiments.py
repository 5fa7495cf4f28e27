"""Every experiment script runs at a tiny size and writes what it promises."""

import importlib.util
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

EXPERIMENTS = sorted(Path(__file__).resolve().parents[1].glob("experiments/[0-9][0-9][0-9]_*.py"))
TINY = {"--deals": "131072", "--games": "200", "--ev-games": "48"}
"""A small but real size for every experiment that takes the flag; the `ev` bot plays
about 200 hands a second per core, so its hands are fewer."""
TINY_OF = {"008_ev_variants": {"--games": "16"}}
"""Sizes of their own: 008 plays `ev` in every seat of six seatings, five settings and two
rule sets (16 deals: 480 hands per rule set)."""


def _load(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("path", EXPERIMENTS, ids=[p.stem for p in EXPERIMENTS])
def test_experiment_runs_tiny(path, tmp_path):
    mod = _load(path)
    src = path.read_text()
    argv = ["--out", str(tmp_path), "--seed", "3"]
    for flag, value in {**TINY, **TINY_OF.get(path.stem, {})}.items():
        if f'"{flag}"' in src:
            argv += [flag, value]
    result = mod.main(argv)
    assert len(result) > 0
    assert list(tmp_path.glob("*.parquet")) and list(tmp_path.glob("*.png"))
    for png in tmp_path.glob("*.png"):
        assert png.stat().st_size > 5000  # a drawn figure, not an empty canvas
    import matplotlib.pyplot as plt

    plt.close("all")


def test_there_are_experiments():
    assert len(EXPERIMENTS) >= 2
