import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from mjstats import plotting as P  # noqa: E402
from mjstats.errors import MjStatsError  # noqa: E402
from mjstats.sim.simulate import simulate  # noqa: E402


@pytest.fixture(scope="module")
def results():
    return {r: simulate(r, games=1500, seed=4) for r in ("sichuan", "guangan")}


def _legend_texts(fig):
    legends = [ax.get_legend() for ax in fig.axes if ax.get_legend()] + list(fig.legends)
    return [t.get_text() for leg in legends for t in leg.get_texts()]


def test_every_game_chart_draws_from_real_tables(results):
    for fn, table, panels in [
        (P.plot_pattern_frequency, "patterns", 2), (P.plot_fan_vs_rarity, "balance", 2),
        (P.plot_point_share, "balance", 2), (P.plot_wait_width, "waits", 1),
        (P.plot_wait_shapes, "waits", 1), (P.plot_win_turns, "turns", 1),
        (P.plot_payoff, "payoff", 2),
    ]:
        fig = fn({k: getattr(v, table)() for k, v in results.items()}).figure
        assert len(fig.axes) == panels, fn.__name__  # rule sets in panels where units differ
        titles = [ax.get_title() or ax.get_title(loc="right") for ax in fig.axes]
        assert all(titles), fn.__name__
        if panels > 1:  # one panel per rule set, named in its title
            assert [t.split()[0] for t in titles] == list(results), fn.__name__
        for ax in fig.axes:
            assert ax.patches or ax.lines or ax.collections, fn.__name__
        # a legend of the marks, or of the rule sets where they share one Axes
        assert len(_legend_texts(fig)) >= (1 if panels > 1 else 2), fn.__name__


def test_values_drawn_match_the_tables(results):
    turns = results["sichuan"].turns()
    ax = P.plot_win_turns(turns)
    assert list(ax.get_lines()[0].get_ydata()) == list(turns["cumulative"])
    pay = results["sichuan"].payoff()
    (ax,) = P.plot_payoff(pay).axes
    seats = pay[~pay["group"].str.startswith(("bot", "all", "dealer edge"))]
    dots = np.concatenate([c.lines[0].get_xdata() for c in ax.containers])
    assert [round(x, 9) for x in dots] == [round(x, 9) for x in seats["mean"]]
    assert "倍" in ax.get_xlabel()  # each panel names its rule set's unit


def test_wrong_table_is_named():
    import pandas as pd

    with pytest.raises(MjStatsError, match="SimResult.patterns"):
        P.plot_pattern_frequency(pd.DataFrame({"x": [1]}))
