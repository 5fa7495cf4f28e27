"""The CLI-facing functions of mjstats.sim.simulate (behind `mjstats simulate`, `compare`)."""

from __future__ import annotations

import pytest
from games_validator import validate

from mjstats.cli import build_parser as _parser
from mjstats.sim.simulate import simulate


def test_simulate_command(capsys, tmp_path):
    args = _parser().parse_args(["simulate", "--rules", "sichuan", "--games", "200", "--seed",
                                 "1", "--out", str(tmp_path), "--quiet"])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert "== patterns ==" in out and "平胡" in out
    assert (tmp_path / "chunk-000000.parquet").exists()  # the chunk's stats
    assert (tmp_path / "manifest.json").exists()
    assert not (tmp_path / "chunk-000000.seats.parquet").exists()  # rows only with --records


def test_compare_command(capsys):
    args = _parser().parse_args(["compare", "--rules", "sichuan", "sichuan-app", "guangan",
                                 "--games", "100", "--seed", "2", "--bots", "efficiency",
                                 "--quiet"])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert "draw rate" in out and "guangan" in out
    # sichuan-app is paired with sichuan on the same hands: its five difference rows are filled
    diff = [ln for ln in out.splitlines() if "sichuan-app" in ln and "difference" in ln]
    assert len(diff) == 5 and all(ln.split()[-1] == "True" for ln in diff)
    assert all(len(ln.split()) >= 7 for ln in diff)  # estimate, ci_low, ci_high all printed
    # guangan counts in 颗, sichuan in 倍: only the unit-free differences, and a note says why
    diff = [ln.split() for ln in out.splitlines() if ln.split()[:2] == ["guangan", "difference:"]]
    assert [" ".join(d[2:-4]) for d in diff] == ["draw rate", "winners per hand"]
    assert all(x != "NaN" for d in diff for x in d)
    assert "# guangan against sichuan: no difference of values: its unit 颗 is not 倍" in out
    # one number format: four significant digits, never six fixed decimals
    assert "0.000000" not in out and "e+00" not in out


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sichuan", "sichuan-app", "guangan", "liuzhou"])
def test_validator_ten_thousand_hands(name):
    r = simulate(name, games=10_000, seed=99, bots=("efficiency", "value", "random", "zimo"),
                 log=10_000)
    by_game = dict(tuple(r.seats.groupby("game")))
    assert len(r.logs) == 10_000  # every hand logged, so every hand is replayed
    for lg in r.logs:  # validate() asserts each event's legality and every payment
        rep = validate(lg, by_game[lg.game])
        assert rep.totals.tolist() == by_game[lg.game]["pay_total"].tolist()
