"""Da Er tables from chunk sums against the obvious pandas computation on the rows.

The reference functions below are the row-based tables as one would write
them by hand (they were the library's own before runs streamed); the library
computes every table from :func:`mjstats.results.daer.daer_stats` sums, which
must agree to the last count and to float rounding on means.
"""

import numpy as np
import pandas as pd
import pytest

from mjstats.daer.simulate import _MINGTANG, simulate
from mjstats.results import daer as S


def ref_points(seats, by):
    s = seats.copy()
    if by == "dealer":
        s["dealer"] = np.where(s.seat == 3, "底家", np.where(s.dealer == 1, "dealer", "player"))
    cols = list(S.POINT_COLUMNS)
    grp = s.groupby(by)
    out = grp[cols].mean()
    se = grp[cols].std(ddof=1) / np.sqrt(grp.size().to_numpy()[:, None])
    for c in cols:
        out[c + "_se"] = se[c]
    out["hands"] = grp.size()
    out["win_rate"] = grp["won"].mean()
    return out.reset_index()


def ref_scorings(g):
    wins = g[g.end == "win"]
    rows = []
    for name, preset, pay, dj in S._SCORINGS:
        x = wins[pay].to_numpy(dtype=float)
        d = wins[dj].to_numpy(dtype=float) if dj else np.zeros(len(wins))
        rows.append({"scoring": name, "preset": preset, "wins": len(wins),
                     "loser_mean": x.mean(), "loser_se": x.std(ddof=1) / np.sqrt(len(x)),
                     "loser_median": np.median(x), "loser_p90": np.quantile(x, 0.9),
                     "loser_max": x.max(), "winner_mean": (2 * x - d).mean(),
                     "dijia_mean": d.mean(), "dijia_share": d.sum() / (2 * x).sum(),
                     "winner_per_hand": (2 * x - d).sum() / len(g)})
    df = pd.DataFrame(rows)
    r = wins[["pay_luzhou", "pay_mingtang", "pay_chongqing"]].rank().corr().to_numpy()
    df["rank_corr_luzhou"] = r[0]
    return df


@pytest.fixture(scope="module")
def sim():
    return simulate("daer-luzhou-mingtang", games=1200, seed=17,
                    bots=("efficiency", "value", "random"), slip=0.05)


@pytest.fixture(scope="module")
def st(sim):
    names = [p.name for p in _MINGTANG]
    half = 600  # two chunks of hands, added
    g, s = sim.hands, sim.seats
    return (S.daer_stats(g.iloc[:half], s.iloc[: 4 * half], names)
            + S.daer_stats(g.iloc[half:], s.iloc[4 * half:], names))


def test_counts_patterns_and_distributions(sim, st):
    g = sim.hands
    wins = g[g.end == "win"]
    summ = S.summary_table(st).set_index("metric")
    assert summ.loc["win", "count"] == len(wins)
    assert summ.loc["foul", "count"] == (g.end == "foul").sum()
    assert summ.loc["self_draw", "count"] == wins.self_draw.sum()
    assert summ.attrs["mean_draws"] == pytest.approx(g.draws.mean())
    pt = S.patterns_table(st, [(p.name, "", "") for p in _MINGTANG]).set_index("pattern")
    for p in _MINGTANG:
        assert pt.loc[p.name, "count"] == wins[p.name].sum()
    for col in ("hu", "fan", "dao", "pay_mingtang"):
        d = S.distribution_table(st, col)
        vc = wins[col].value_counts().sort_index()
        assert d[col].tolist() == vc.index.tolist() and d["count"].tolist() == vc.tolist()


@pytest.mark.parametrize("by", ["seat", "bot", "dealer"])
def test_points_match_the_rows(sim, st, by):
    got = S.points_table(st, by)
    ref = ref_points(sim.seats, by)
    assert got[by].astype(str).tolist() == ref[by].astype(str).tolist()
    for c in ref.columns[1:]:
        np.testing.assert_allclose(got[c].to_numpy(float), ref[c].to_numpy(float), rtol=1e-9,
                                   atol=1e-12, err_msg=c)


def test_scorings_median_quantile_and_rank_correlation_match(sim, st):
    got, ref = S.scorings_table(st), ref_scorings(sim.hands)
    for c in ref.columns[2:]:
        np.testing.assert_allclose(got[c].to_numpy(float), ref[c].to_numpy(float), rtol=1e-9,
                                   err_msg=c)


def test_runs_are_chunked_durable_and_flat(tmp_path):
    from mjstats.errors import MjStatsError

    kw = dict(games=2500, seed=3, chunk=8)  # runner chunks of 128 x 8 = 1024 hands: three
    a = simulate("daer-luzhou", records=True, **kw)
    names = [p.name for p in _MINGTANG]
    assert S.daer_stats(a.hands, a.seats, names) == a.stats
    assert a.hands["game"].tolist() == list(range(2500))
    b = simulate("daer-luzhou", records=False, out=tmp_path, **kw)
    assert b.stats == a.stats
    with pytest.raises(MjStatsError, match="records=True"):
        _ = b.hands
    (tmp_path / "chunk-000001.parquet").unlink()  # as if killed before it was saved
    c = simulate("daer-luzhou", records=False, out=tmp_path, resume=True, **kw)
    assert c.stats == a.stats
    pd.testing.assert_frame_equal(c.scorings(), a.scorings())
