import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from mjstats import plotting as P  # noqa: E402
from mjstats.errors import MjStatsError  # noqa: E402
from mjstats.sim.simulate import simulate  # noqa: E402


@pytest.fixture(scope="module")
def results():
    return {r: simulate(r, games=1500, seed=4) for r in ("sichuan", "guangan")}


def test_every_game_chart_draws_from_real_tables(results):
    for fn, table in [
        (P.plot_pattern_frequency, "patterns"), (P.plot_fan_vs_rarity, "balance"),
        (P.plot_point_share, "balance"), (P.plot_wait_width, "waits"),
        (P.plot_wait_shapes, "waits"), (P.plot_win_turns, "turns"), (P.plot_payoff, "payoff"),
    ]:
        ax = fn({k: getattr(v, table)() for k, v in results.items()})
        assert ax.get_title(), fn.__name__
        assert ax.patches or ax.lines or ax.collections, fn.__name__
        assert len(ax.get_legend().get_texts()) >= 2, fn.__name__


def test_values_drawn_match_the_tables(results):
    turns = results["sichuan"].turns()
    ax = P.plot_win_turns(turns)
    assert list(ax.get_lines()[0].get_ydata()) == list(turns["cumulative"])
    pay = results["sichuan"].payoff()
    ax = P.plot_payoff(pay)
    seats = pay[~pay["group"].str.startswith(("bot", "all", "dealer edge"))]
    assert [round(p.get_height(), 9) for p in ax.patches] == [round(x, 9) for x in seats["mean"]]


def test_wrong_table_is_named():
    import pandas as pd

    with pytest.raises(MjStatsError, match="SimResult.patterns"):
        P.plot_pattern_frequency(pd.DataFrame({"x": [1]}))
