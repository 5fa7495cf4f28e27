import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from mjstats.errors import MjStatsError  # noqa: E402
from mjstats.plotting import cjk_font, label, plot_convergence, plot_deal_odds, plot_shanten  # noqa: E402,E501
from mjstats.study.deal_study import deal_study  # noqa: E402


@pytest.fixture(scope="module")
def table():
    return pd.concat([deal_study(t, deals=131_072, seed=3, progress=False)
                      for t in ("sichuan", "liuzhou")])


def test_cjk_font_found_and_used():
    # the dependency ships Noto Sans CJK, so Chinese labels are drawn, not boxes
    assert cjk_font() is not None
    assert label("清一色", "full flush") == "清一色"


def test_plot_shanten_draws_one_bar_per_region_and_bin(table):
    ax = plot_shanten(table, n_tiles=13)
    n_bins = {t: (table[(table.tileset == t) & (table.metric == "shanten_13_standard")]).shape[0]
              for t in ("sichuan", "liuzhou")}
    assert len(ax.patches) == sum(n_bins.values())
    heights = sorted(p.get_height() for p in ax.patches)
    assert abs(sum(heights) - 2.0) < 1e-9  # two distributions, each sums to 1
    assert "向听" in ax.get_xlabel()


def test_plot_deal_odds_and_errors(table):
    ax = plot_deal_odds(table)
    assert ax.get_yscale() == "log"
    # a dot and interval per region and quantity (an estimate of 0 is its bound), and an
    # exact diamond beside each
    est = table[table["metric"].isin(["complete_14", "complete_14_two_suits", "ready_13"])
                & (table["category"] == "any")]
    assert sum(len(c.lines[0].get_xdata()) for c in ax.containers) == (est["estimate"] > 0).sum()
    exact = [ln for ln in ax.get_lines() if ln.get_marker() == "D" and len(ln.get_xdata())]
    drawn = np.sort(np.concatenate([ln.get_ydata() for ln in exact]))
    assert np.allclose(drawn, np.sort(est["exact"].to_numpy(dtype=float)))
    with pytest.raises(MjStatsError, match="lacks columns"):
        plot_deal_odds(pd.DataFrame({"x": [1]}))
    with pytest.raises(MjStatsError, match="no rows"):
        plot_shanten(table, n_tiles=12)


def test_convergence_band_contains_estimate():
    rng = np.random.default_rng(0)
    n = np.full(50, 10_000)
    k = rng.binomial(n, 0.01)
    ax = plot_convergence(k, n, exact=0.01)
    line = ax.get_lines()[0]
    assert np.allclose(line.get_ydata(), np.cumsum(k) / np.cumsum(n))
