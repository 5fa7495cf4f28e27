"""Game tables from streamed sums (GameStats) against the obvious computation on the rows.

The reference below works on the full per-seat records with plain pandas, the
way one would by hand; the library never holds those rows for a long run and
computes every table from chunk sums instead.  Both must agree to the last
digit on counts and to float rounding on means and standard deviations.
"""

import numpy as np
import pandas as pd
import pytest

from mjstats.errors import MjStatsError
from mjstats.results import games as G
from mjstats.results.gamestats import GameStats, game_stats, pair_stats
from mjstats.results.intervals import Z95, wilson
from mjstats.rules import rules
from mjstats.sim.simulate import CHUNK, compare, simulate

MIX = ("efficiency", "value", "random", "zimo")


@pytest.fixture(scope="module", params=["sichuan", "guangan", "liuzhou"])
def run(request):
    return simulate(request.param, games=3 * CHUNK, seed=21, bots=MIX, records=True)


def _naive_mean(x):
    x = np.asarray(x, dtype=np.float64)
    return x.mean(), x.std(ddof=1)


def test_pattern_and_value_tables_match_the_rows(run):
    s, R = run.seats, run.rules
    w = s[s["won"] > 0]
    pt = G.pattern_table(run.stats, R).set_index("pattern")
    for p in R.info:
        has = w[f"pat_{p.key}"] > 0
        assert pt.loc[p.key, "wins"] == has.sum()
        assert pt.loc[p.key, "hands"] == w.loc[has, "game"].nunique()
    vt = G.value_table(run.stats, R).set_index("metric")
    for metric, x in (("per win", w["value"]), ("per self-drawn win",
                                                 w.loc[w["self_draw"] == 1, "value"]),
                      ("per discard win", w.loc[w["self_draw"] == 0, "value"]),
                      ("per win before cap", w["value_raw"])):
        m, sd = _naive_mean(x)
        assert vt.loc[metric, "n"] == len(x)
        assert vt.loc[metric, "mean"] == pytest.approx(m, rel=1e-12)
        assert vt.loc[metric, "sd"] == pytest.approx(sd, rel=1e-9)
    per_hand = s.assign(v=np.where(s["won"] > 0, s["value"], 0)).groupby("game")["v"].sum()
    m, sd = _naive_mean(per_hand)
    assert vt.loc["per hand", "mean"] == pytest.approx(m, rel=1e-12)
    assert vt.loc["per hand", "sd"] == pytest.approx(sd, rel=1e-9)
    assert vt.loc["capped share", "mean"] == pytest.approx((w["value_raw"] > w["value"]).mean())


def test_wait_turn_and_outcome_tables_match_the_rows(run):
    s, h = run.seats, run.hands
    w = s[s["won"] > 0]
    wt = G.wait_table(run.stats)
    kinds = wt[wt["metric"] == "wait_kinds"].set_index("category")["count"]
    ref = w["wait_kinds"].value_counts()
    assert {int(k): v for k, v in kinds.items()} == {int(k): v for k, v in ref.items()}
    shapes = wt[wt["metric"] == "wait_shape"]["count"].to_numpy()
    bits = w["wait_shape"].to_numpy().astype(np.int64)
    assert shapes.tolist() == [int(((bits >> b) & 1).sum()) for b in range(7)]
    tt = G.turn_table(run.stats).set_index("turn")
    ref = w.groupby(["win_turn", "won"]).size()
    for (t, o), k in ref.items():
        assert tt.loc[t, ("first", "second", "third")[o - 1]] == k
    assert tt["wins"].sum() == len(w)
    ot = G.outcome_table(run.stats, run.rules)
    assert ot["count"].iloc[0] == h["drawn"].sum()
    assert ot.set_index("metric").loc["2 winners", "count"] == (h["n_winners"] == 2).sum()


def test_payoff_table_matches_the_rows(run):
    s = run.seats
    pos = (s["seat"].astype(int) - s["game"].map(run.hands.set_index("game")["dealer"])) % 4
    fed = set(zip(s.loc[s["won"] > 0, "game"], s.loc[s["won"] > 0, "win_from"], strict=True))
    is_fed = np.array([(g, p) in fed for g, p in zip(s["game"], s["seat"], strict=True)])
    pt = G.payoff_table(run.stats).set_index("group")
    for p, name in enumerate(G._POSITION):
        m = (pos == p).to_numpy()
        mean, sd = _naive_mean(s.loc[m, "pay_total"])
        assert pt.loc[name, "n"] == m.sum()
        assert pt.loc[name, "mean"] == pytest.approx(mean, rel=1e-12, abs=1e-12)
        assert pt.loc[name, "sd"] == pytest.approx(sd, rel=1e-9)
        assert pt.loc[name, "win_rate"] == pytest.approx((s.loc[m, "won"] > 0).mean())
        assert pt.loc[name, "deal_in_rate"] == pytest.approx(is_fed[m].mean())
    for b in MIX:
        assert pt.loc[f"bot {b}", "n"] == (s["bot"] == b).sum()
    x = s["pay_total"].to_numpy().reshape(-1, 4).astype(float)
    d = np.take_along_axis(x, run.hands["dealer"].to_numpy()[:, None], 1)[:, 0]
    edge = d - (x.sum(1) - d) / 3
    mean, sd = _naive_mean(edge)
    row = pt.loc["dealer edge (dealer - others)"]
    assert row["mean"] == pytest.approx(mean, rel=1e-12, abs=1e-12)
    assert row["sd"] == pytest.approx(sd, rel=1e-9)
    b = G.balance_table(run.stats, run.rules)
    assert b.attrs["seat_sd"] == pytest.approx(s["pay_total"].std(ddof=1), rel=1e-9)


def test_balance_intervals_match_the_rows(run):
    # share and rarity: Wilson on (wins holding the pattern, wins); point share: the
    # ratio of two per-hand sums, its variance sum (y - R x)^2 / (sum x)^2 * n / (n - 1)
    s, R = run.seats, run.rules
    won = (s["won"] > 0).to_numpy()
    n_w = int(won.sum())
    x = np.where(won, s["value"], 0).reshape(-1, 4).sum(1).astype(float)
    n = len(x)
    b = G.balance_table(run.stats, R).set_index("pattern")
    assert set(b["unit"]) == {R.unit} and b["en"].str.len().min() > 0
    for key, row in b.iterrows():
        has = won & (s[f"pat_{key}"] > 0).to_numpy()
        lo, hi = wilson(int(has.sum()), n_w)
        assert (row["share_lo"], row["share_hi"]) == pytest.approx((float(lo), float(hi)))
        assert row["rarity_lo"] == pytest.approx(-np.log2(float(hi)))
        assert row["rarity_hi"] == (np.inf if lo == 0 else pytest.approx(-np.log2(float(lo))))
        assert np.isfinite(row["rarity_lo"])
        y = np.where(has, s["value"], 0).reshape(-1, 4).sum(1).astype(float)
        r = y.sum() / x.sum()
        se = np.sqrt(((y - r * x) ** 2).sum() * n / (n - 1)) / x.sum()
        assert row["point_share"] == pytest.approx(r, rel=1e-12, abs=1e-15)
        assert row["point_share_lo"] == pytest.approx(max(r - Z95 * se, 0.0), rel=1e-9, abs=1e-12)
        assert row["point_share_hi"] == pytest.approx(min(r + Z95 * se, 1.0), rel=1e-9, abs=1e-12)


def test_sums_add_across_chunks_and_survive_parquet():
    a = simulate("sichuan", games=2 * CHUNK, seed=5, records=True)
    b1 = simulate("sichuan", games=CHUNK, seed=5)
    b2 = simulate("sichuan", games=CHUNK, seed=5, first_game=CHUNK)
    assert b1.stats + b2.stats == a.stats  # fingerprint included: it is a sum over hands
    assert GameStats.from_frame(a.stats.to_frame()) == a.stats
    assert game_stats(a.seats, a.hands, a.rules) == a.stats
    c = simulate("sichuan", games=2 * CHUNK, seed=5, chunk=CHUNK, records=False)
    assert c.stats == a.stats


def test_records_only_when_kept():
    r = simulate("sichuan", games=CHUNK, seed=1, records=False)
    with pytest.raises(MjStatsError, match="records=True"):
        _ = r.seats
    assert r.patterns()["wins"].sum() > 0
    with pytest.raises(MjStatsError, match="GameStats"):
        G.pattern_table(pd.DataFrame(), r.rules)


def test_interrupted_run_resumes_to_the_same_tables(tmp_path):
    straight = simulate("guangan", games=4 * CHUNK, seed=8, chunk=CHUNK)
    simulate("guangan", games=4 * CHUNK, seed=8, chunk=CHUNK, out=tmp_path, records=True)
    saved = sorted(tmp_path.glob("chunk-*.parquet"))
    assert len(saved) == 12  # four chunks: stats, hands and seats each
    for f in saved[3:9]:  # lose chunks 1 and 2, as a kill before they were saved would
        f.unlink()
    with pytest.raises(MjStatsError, match="different run"):
        simulate("guangan", games=4 * CHUNK, seed=9, chunk=CHUNK, out=tmp_path, resume=True)
    back = simulate("guangan", games=4 * CHUNK, seed=8, chunk=CHUNK, out=tmp_path,
                    records=True, resume=True)
    assert back.stats == straight.stats
    assert len(back.seats) == 16 * CHUNK and back.seats["game"].is_monotonic_increasing
    pd.testing.assert_frame_equal(back.patterns(), straight.patterns())


def test_dask_cluster_plays_the_same_hands():
    distributed = pytest.importorskip("dask.distributed")
    local = simulate("liuzhou", games=2 * CHUNK, seed=4, chunk=CHUNK)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = simulate("liuzhou", games=2 * CHUNK, seed=4, chunk=CHUNK, client=client)
    assert remote.stats == local.stats


# ------------------------------------------------------------ paired comparison


def _without_pairs(st: GameStats) -> GameStats:
    return GameStats({k: v for k, v in st.items() if not k.startswith("pair/")})


def test_compare_pairs_presets_on_the_same_hands():
    presets = ["sichuan", "sichuan-app", rules("sichuan", cap=None, zimo="fan")]
    res = compare(presets, games=2 * CHUNK, seed=6, chunk=CHUNK)
    first, *others = res.values()
    for name, r in zip(["sichuan", "sichuan-app", "sichuan"], res.values(), strict=True):
        # each preset's tables are those of its own simulate on the seed
        assert _without_pairs(r.stats) == simulate(rules(name, **r.rules.switches),
                                                   games=2 * CHUNK, seed=6).stats
    t = G.compare_table(res)
    assert t["same_hands"].all()
    for r, key in zip(others, list(res)[1:], strict=True):
        assert r.stats["pair/aligned"] == 2 * CHUNK
        assert r.stats == _without_pairs(r.stats) + pair_stats(first.seats, first.hands,
                                                                 r.seats, r.hands)
        # the paired estimate is the obvious pandas figure on the rows
        won = (first.seats["won"] > 0).to_numpy()
        d = (r.seats["value"] - first.seats["value"]).to_numpy()[won]
        row = t[(t["rules"] == key) & t["metric"].str.startswith("difference: value per win")]
        est, lo, hi = row[["estimate", "ci_low", "ci_high"]].iloc[0]
        assert est == pytest.approx(d.mean(), abs=1e-12)
        half = 1.959963984540054 * d.std(ddof=1) / np.sqrt(d.size)
        assert (lo, hi) == pytest.approx((d.mean() - half, d.mean() + half), abs=1e-9)
        # pairing removes the luck of the deal: the interval of the difference is
        # narrower than either preset's own interval of value per win
        own = t[(t["rules"] == key) & t["metric"].str.startswith("value per win")]
        assert hi - lo < float(own["ci_high"].iloc[0] - own["ci_low"].iloc[0])
    dealer = t[(t["rules"] == list(res)[1]) & (t["metric"] == "difference: dealer edge")]
    assert np.isfinite(dealer["estimate"].iloc[0])
    assert not t[t["rules"] == "sichuan"]["metric"].str.startswith("difference").any()


def _row(t, rules_name, metric):
    r = t[(t["rules"] == rules_name) & (t["metric"] == metric)]
    assert len(r) == 1, (rules_name, metric)
    return r[["estimate", "ci_low", "ci_high"]].iloc[0].to_numpy(dtype=float)


def test_compare_of_other_tile_sets_pairs_by_hand_number_without_values():
    # guangan deals 120 tiles and counts 颗, sichuan 108 and 倍: hand i of each is an
    # independent deal ("other walls"); the differences of values are left out (a
    # difference of 倍 and 颗 means nothing), the unit-free ones are the exact
    # differences of the two presets' own estimates
    res = compare(["sichuan", "guangan"], games=2 * CHUNK, seed=3, records=True)
    assert res.pairing["guangan"] == "other walls"
    st = res["guangan"].stats
    assert st["pair/aligned"] < st["pair/hands"] == 2 * CHUNK
    t = G.compare_table(res)
    diff = t[(t["rules"] == "guangan") & t["metric"].str.startswith("difference")]
    assert diff["metric"].tolist() == ["difference: draw rate", "difference: winners per hand"]
    assert np.isfinite(diff[["estimate", "ci_low", "ci_high"]].to_numpy()).all()
    assert t.attrs["notes"] == ["guangan against sichuan: no difference of values: its unit 颗 "
                                "is not 倍; draw rate and winners per hand paired by hand number"]
    for metric in ("draw rate", "winners per hand"):
        a, b = _row(t, "sichuan", metric), _row(t, "guangan", metric)
        d = _row(t, "guangan", f"difference: {metric}")
        assert d[0] == pytest.approx(b[0] - a[0], abs=1e-12)
    # the rows' figures are the obvious pandas ones, hand i against hand i
    wa = (res["sichuan"].seats["won"].to_numpy() > 0).reshape(-1, 4).sum(axis=1)
    wb = (res["guangan"].seats["won"].to_numpy() > 0).reshape(-1, 4).sum(axis=1)
    dw = wb - wa
    half = Z95 * dw.std(ddof=1) / np.sqrt(dw.size)
    assert _row(t, "guangan", "difference: winners per hand") == pytest.approx(
        [dw.mean(), dw.mean() - half, dw.mean() + half], abs=1e-12)
    m, sd = _naive_mean(wa)
    assert _row(t, "sichuan", "winners per hand") == pytest.approx(
        [m, m - Z95 * sd / np.sqrt(wa.size), m + Z95 * sd / np.sqrt(wa.size)], abs=1e-12)
    with pytest.raises(MjStatsError, match="distinct presets"):
        compare(["sichuan", "sichuan"], games=8)


def test_compare_of_play_that_differs_pairs_by_deal():
    # zimo bots pass wins on a discard unless the last four tiles force them (last4):
    # without it they play on, so the hands part, but no bot draws random numbers and
    # the tile set is the same, so every hand is dealt the same wall ("same deals")
    other = rules("sichuan", last4=False)
    n = 2 * CHUNK
    res = compare(["sichuan", other], games=n, seed=2, bots="zimo", records=True)
    key = list(res)[1]
    assert res.pairing[key] == "same deals"
    a = simulate("sichuan", games=64, seed=2, bots="zimo", log=64)
    b = simulate(other, games=64, seed=2, bots="zimo", log=64)
    assert all(np.array_equal(x.wall, y.wall) for x, y in zip(a.logs, b.logs, strict=True))
    assert not a.seats["won"].equals(b.seats["won"])
    t = G.compare_table(res)
    assert [m for m in t.loc[t["rules"] == key, "metric"] if m.startswith("difference")] == [
        "difference: value per hand (倍)", "difference: dealer edge", "difference: draw rate",
        "difference: winners per hand"]
    assert "no difference per win" in t.attrs["notes"][0]
    # paired by deal, the interval of the per-hand difference is narrower than that of
    # two independent samples (the two presets' own intervals added in quadrature)
    d = _row(t, key, "difference: value per hand (倍)")
    own = [_row(t, r, "value per hand (倍)") for r in res]
    assert d[0] == pytest.approx(own[1][0] - own[0][0], abs=1e-12)
    independent = np.hypot(*[(o[2] - o[1]) / 2 for o in own])
    assert (d[2] - d[1]) / 2 < 0.75 * independent


def test_compare_resumes_from_its_saved_chunks(tmp_path):
    straight = compare(["sichuan", "sichuan-app"], games=3 * CHUNK, seed=2, chunk=CHUNK)
    compare(["sichuan", "sichuan-app"], games=3 * CHUNK, seed=2, chunk=CHUNK, out=tmp_path,
            records=False)
    saved = sorted(tmp_path.glob("chunk-*.parquet"))
    assert [f.name for f in saved[:2]] == ["chunk-000000.p1.parquet", "chunk-000000.parquet"]
    for f in saved[2:4]:  # lose chunk 1
        f.unlink()
    back = compare(["sichuan", "sichuan-app"], games=3 * CHUNK, seed=2, chunk=CHUNK,
                   out=tmp_path, resume=True, records=False)
    for k in straight:
        assert back[k].stats == straight[k].stats


def test_histogram_and_distinct_count_agree_with_unique():
    from mjstats.results.gamestats import _histogram, _n_distinct

    rng = np.random.default_rng(5)
    for x in (rng.integers(0, 40, 500), rng.integers(-5, 5, 200), np.sort(rng.integers(0, 9, 50)),
              np.array([70_000, 3, 3]), np.zeros(0, np.int64)):
        vals, counts = _histogram(x)
        want_vals, want_counts = np.unique(x, return_counts=True)
        assert vals.tolist() == want_vals.tolist() and counts.tolist() == want_counts.tolist()
        assert _n_distinct(x) == want_vals.size


def test_bot_column_as_strings_gives_the_same_stats(run):
    seats = run.seats.copy()
    seats["bot"] = seats["bot"].astype(str)
    assert game_stats(seats, run.hands, run.rules) == game_stats(run.seats, run.hands, run.rules)


def test_payoff_has_no_interval_where_the_mean_is_zero_by_construction():
    """Payments are zero-sum: over every seat of every hand the mean is exactly 0, so
    "all seats" (and a bot that sat in all four seats) carries no interval; a seat
    position keeps its interval."""
    from mjstats.results.games import payoff_table
    from mjstats.sim.simulate import simulate

    r = simulate("sichuan", games=64, seed=3)
    t = payoff_table(r.stats).set_index("group")
    for g in ("all seats", "bot efficiency"):
        assert t.loc[g, "mean"] == 0 and np.isnan(t.loc[g, "ci_low"]) \
            and np.isnan(t.loc[g, "ci_high"])
    assert t.loc["dealer 庄", "ci_low"] < t.loc["dealer 庄", "ci_high"]


def test_skill_table_puts_each_bot_beside_the_reference():
    from mjstats.results.intervals import Z95

    runs = {b: simulate("sichuan", games=2 * CHUNK, seed=3, bots=b)
            for b in ("efficiency", "value", "zimo")}
    t = G.skill_table(runs)
    assert list(dict.fromkeys(t["bot"])) == ["efficiency", "value", "zimo"]
    assert (t.groupby("pattern", sort=False)["bot"].count() == 3).all()
    ref = t[t["bot"] == "efficiency"].set_index("pattern")
    # patterns in the reference's order of frequency, each one's rows together
    assert ref["per_hand"].is_monotonic_decreasing or (ref["per_hand"].diff().dropna() <= 0).all()
    for bot, r in runs.items():
        p = r.patterns().set_index("pattern")
        mine = t[t["bot"] == bot].set_index("pattern")
        assert (mine["hands"] == p.loc[mine.index, "hands"]).all()
        seen = mine[(mine["hands"] > 0) & (ref.loc[mine.index, "hands"] > 0)]
        want = (seen["hands"] / ref.loc[seen.index, "hands"]).to_numpy()  # same n for every bot
        assert np.allclose(seen["ratio"].to_numpy(), want, rtol=1e-12)
        if bot == "efficiency":
            assert (seen["ratio"] == 1).all() and mine["ratio_lo"].isna().all()
            continue
        k1, k0, n = seen["hands"], ref.loc[seen.index, "hands"], 2 * CHUNK
        se = np.sqrt(1 / k1 - 1 / n + 1 / k0 - 1 / n)
        assert np.allclose(seen["ratio_hi"], want * np.exp(Z95 * se.to_numpy()), rtol=1e-12)
    with pytest.raises(MjStatsError, match="reference bot"):
        G.skill_table(runs, reference="random")
