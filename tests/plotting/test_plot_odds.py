import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from mjstats import plotting as P  # noqa: E402
from mjstats.discard import odds  # noqa: E402
from mjstats.errors import MjStatsError  # noqa: E402

HAND = "13456788999m289p"  # 清一色 line: "win" throws 1m, "value" throws 2p


@pytest.fixture(scope="module")
def by_value():
    return odds(HAND, "sichuan", missing="s", draws=6, objective="value")


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _curve(r, discard, missing, col):
    c = r.curves
    sel = c[(c["discard"] == discard) & (c["missing"] == missing)].sort_values("t")
    return sel[col].to_numpy()


def test_one_line_per_top_candidate_best_first(by_value):
    r = by_value
    assert r.best() == "2p"
    ax = P.plot_odds(r, top=4, what="p_win")
    lines = ax.get_lines()
    assert len(lines) == min(4, len(r.table))
    best = r.table.iloc[0]
    assert np.array_equal(lines[0].get_xdata(), np.arange(1, r.info["T"] + 1))
    assert np.allclose(lines[0].get_ydata(), _curve(r, "2p", "s", "p_win"))
    for line, (_, row) in zip(lines, r.table.head(4).iterrows(), strict=True):
        assert np.allclose(line.get_ydata(), _curve(r, row["discard"], "s", "p_win"))
    assert lines[0].get_linewidth() > lines[1].get_linewidth()
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts[0] == f"2p {best['discard_zh']}, 缺 s 条"
    assert all(row["discard_zh"] in t
               for t, (_, row) in zip(texts, r.table.head(4).iterrows(), strict=True))
    assert "P(win by draw t)" in ax.get_ylabel() and "draw t" in ax.get_xlabel()
    assert "sichuan" in ax.get_title() and "S = 94" in ax.get_title()
    assert "T = 6" in ax.get_title()


def test_default_curve_follows_the_objective_with_the_unit(by_value):
    r = by_value
    ax = P.plot_odds(r, top=None)
    assert len(ax.get_lines()) == len(r.table)
    assert "E[value" in ax.get_ylabel() and "(倍)" in ax.get_ylabel()
    assert np.allclose(ax.get_lines()[0].get_ydata(), _curve(r, "2p", "s", "ev"))
    # the last point of each curve is the table's number
    assert np.allclose([ln.get_ydata()[-1] for ln in ax.get_lines()], r.table["ev"])


def test_chosen_missing_suit_tells_candidates_apart():
    r = odds(HAND, "sichuan", missing="choose", draws=4)
    ax = P.plot_odds(r, top=None, what="p_ready")
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert len(texts) == len(set(texts)) == len(r.table)
    assert any("缺 p 筒" in t for t in texts) and any("缺 s 条" in t for t in texts)


def test_y_starts_at_zero_and_shared_axes_fit_both_charts(by_value):
    fast = odds(HAND, "sichuan", missing="s", draws=6, improve=False)
    _, (a, b) = plt.subplots(1, 2, sharey=True)
    P.plot_odds(fast, what="p_win", ax=a)
    P.plot_odds(by_value, what="ev", ax=b)  # larger values, drawn second
    lo, hi = b.get_ylim()
    assert lo == 0.0 and hi >= by_value.table["ev"].max()
    assert a.get_ylim() == (lo, hi)


def test_no_missing_column_and_a_hand_as_is():
    r = odds("123m456p789s1122z", draws=3)  # 13 tiles, rules=None: no discard, no 缺
    ax = P.plot_odds(r)
    (text,) = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "hand as is" in text and "缺" not in text
    assert np.allclose(ax.get_lines()[0].get_ydata(), r.curves["p_win"])


def test_value_distribution_bars_sum_to_p_win(by_value):
    r = by_value
    ax = P.plot_odds_values(r, top=2)
    top2 = r.table.head(2)
    n_bars = sum(len(r.values[r.values["discard"] == d]) for d in top2["discard"])
    assert len(ax.patches) == n_bars
    assert abs(sum(p.get_height() for p in ax.patches) - top2["p_win"].sum()) < 1e-9
    assert "倍" in ax.get_xlabel()
    # 2p keeps the 清一色 line: more of its wins are worth 5 or more than 1m's
    v = r.values
    big = {d: v[(v.discard == d) & (v.value >= 5)]["p"].sum() for d in ("2p", "1m")}
    assert big["2p"] > big["1m"]


def test_candidates_chosen_by_name_keep_the_table_order(by_value):
    r = by_value
    ax = P.plot_odds_values(r, top=["1m", "2p"])
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert [t.split()[0] for t in texts] == ["2p", "1m"]
    v = r.values
    want = list(v[v.discard == "2p"]["p"]) + list(v[v.discard == "1m"]["p"])
    assert np.allclose([p.get_height() for p in ax.patches], want)
    # 2p keeps the 清一色 line: fewer wins at the lowest value, more at the highest
    assert want[0] < v[v.discard == "1m"]["p"].iloc[0]
    assert v[v.discard == "2p"]["p"].iloc[-1] > v[v.discard == "1m"]["p"].iloc[-1]
    ax = P.plot_odds(r, top=["9p"])
    assert len(ax.get_lines()) == 1
    assert np.allclose(ax.get_lines()[0].get_ydata(), _curve(r, "9p", "s", "ev"))
    with pytest.raises(MjStatsError, match=r"no discard \['5s'\]"):
        P.plot_odds(r, top=["5s"])


def test_errors_are_named(by_value):
    with pytest.raises(MjStatsError, match="what must be"):
        P.plot_odds(by_value, what="shanten")
    with pytest.raises(MjStatsError, match="top must be"):
        P.plot_odds(by_value, top=0)
    with pytest.raises(MjStatsError, match="Odds object"):
        P.plot_odds(by_value.table)
    ready = odds(HAND, "sichuan", missing="s", draws=3, objective="ready")
    with pytest.raises(MjStatsError, match="p_win is not computed"):
        P.plot_odds(ready, what="p_win")
    assert len(P.plot_odds(ready, top=2).get_lines()) == 2
