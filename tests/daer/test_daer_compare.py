"""Da Er presets compared on the same seed: shared runs, pairing, intervals, the face.

``mjstats.daer.simulate.compare`` plays presets whose play is the same once and
scores each way, and a preset whose play differs from the same seeded chunks;
each test says which of these it checks.
"""

import dataclasses

import numpy as np
import pandas as pd
import pytest

import mjstats as mj
from mjstats.core.rng import _shuffle, chunk_states, seed_sequence
from mjstats.daer.rules import rules as daer_rules
from mjstats.daer.simulate import compare, play, simulate
from mjstats.errors import MjStatsError, RuleError
from mjstats.results.compare import Comparison
from mjstats.results.daer import compare_table, daer_pair_stats
from mjstats.results.intervals import Z95

THREE = ["daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing"]
N = 300


def _without_pairs(st):
    return {k: v for k, v in st.items() if not k.startswith("pair/")}


def _row(t, rules, metric):
    return t[(t["rules"] == rules) & (t["metric"] == metric)].iloc[0]


@pytest.fixture(scope="module")
def three():
    return compare(THREE, N, seed=5)


def test_each_result_is_its_own_simulate_and_the_same_seed_gives_the_same_numbers(three):
    # a shared run read as 名堂 (slot of SCORED_AS) must be exactly what a 名堂 run writes
    again = compare(THREE, N, seed=5)
    pd.testing.assert_frame_equal(three.table(), again.table())
    for name in THREE:
        assert three[name].stats == again[name].stats
        alone = simulate(name, N, seed=5)
        assert _without_pairs(three[name].stats) == alone.stats
        pd.testing.assert_frame_equal(three[name].hands, alone.hands)
        pd.testing.assert_frame_equal(three[name].seats, alone.seats)
        # the paired sums are those of the rows
        if name != THREE[0]:
            a, b = three[THREE[0]], three[name]
            pairs = {k: v for k, v in b.stats.items() if k.startswith("pair/")}
            assert pairs == daer_pair_stats(a.hands, a.seats, b.hands, b.seats)
    other = compare(THREE, N, seed=6)
    assert other[THREE[0]].stats != three[THREE[0]].stats


def test_putong_and_mingtang_share_one_run_on_the_same_hands(three):
    # min_hu and the engine switches are equal: one run, two scorings of the same wins
    assert three.runs == (("daer-luzhou", "daer-luzhou-mingtang"), ("daer-chongqing",))
    assert three.pairing == {"daer-luzhou": "reference", "daer-luzhou-mingtang": "same hands",
                             "daer-chongqing": "same deals"}
    a, b = three["daer-luzhou"], three["daer-luzhou-mingtang"]
    assert len(a.hands) == len(b.hands) == N
    wins_by_seat = a.seats.groupby("seat")["won"].sum()
    pd.testing.assert_series_equal(wins_by_seat, b.seats.groupby("seat")["won"].sum())
    for c in ("end", "dealer", "winner", "win_card", "self_draw", "draws", "takes"):
        assert (a.hands[c] == b.hands[c]).all(), c
    # only what the wins pay differs
    assert (a.seats["points"] != b.seats["points"]).any()
    assert (a.seats["points"] == a.seats["pts_luzhou"]).all()
    assert (b.seats["points"] == a.seats["pts_mingtang"]).all()
    st = b.stats
    assert st["pair/aligned"] == st["pair/hands"] == N
    assert st["pair/win_n"] == a.stats["wins"]
    t = three.table()
    assert t[t["rules"] != "daer-chongqing"]["same_hands"].all()
    # the paired difference per win is the obvious figure on the rows
    won = (a.hands["end"] == "win").to_numpy()
    d = (b.hands["loser_pays"] - a.hands["loser_pays"]).to_numpy()[won]
    row = _row(t, "daer-luzhou-mingtang", "difference: value per win (points each loser pays)")
    half = Z95 * d.std(ddof=1) / np.sqrt(d.size)
    assert row["estimate"] == pytest.approx(d.mean(), abs=1e-12)
    assert (row["ci_low"], row["ci_high"]) == pytest.approx((d.mean() - half, d.mean() + half),
                                                            abs=1e-9)


def test_a_preset_whose_play_differs_is_dealt_the_same_shuffles(three):
    # must-pong changes play (play_facts differ): its own run, from the same seeded
    # chunks; efficiency bots draw nothing in play, so hand k of both runs is dealt the
    # deck of the chunk's (k+1)-th shuffle; replaying that deck gives each run's hand
    chunk = 16
    c = compare(["daer-luzhou", "daer-chongqing"], 40, seed=9, chunk=chunk)
    states = chunk_states(seed_sequence(9), 3)
    for name in ("daer-luzhou", "daer-chongqing"):
        hands = c[name].hands
        for chunk_no in range(3):
            st = states[chunk_no].copy()
            deck = np.repeat(np.arange(20, dtype=np.int64), 4)
            for k in range(chunk_no * chunk, min((chunk_no + 1) * chunk, 40)):
                _shuffle(deck, st)
                row = hands.iloc[k]
                g = play(deck.copy(), name, "efficiency", dealer=int(row["dealer"])).game
                assert {x: g[x] for x in g if x != "game"} == \
                    {x: row[x] for x in g if x != "game"}, (name, k)
    played_alike = c["daer-chongqing"].stats["pair/aligned"]
    assert 0 < played_alike < 40  # the same deals, not always the same play
    # a random bot draws from the same stream as the shuffles: only the seed is shared
    r = compare(["daer-luzhou", "daer-chongqing"], 40, ("efficiency", "random", "value"),
                seed=9, chunk=chunk)
    assert r.pairing["daer-chongqing"] == "same seed"
    assert compare(["daer-luzhou", "daer-luzhou-mingtang"], 40, ("random",) * 3, seed=9,
                   chunk=chunk).pairing["daer-luzhou-mingtang"] == "same hands"


def test_a_preset_compared_with_itself_differs_by_exactly_zero():
    for name in ("daer-luzhou", "daer-chongqing"):
        twin = dataclasses.replace(daer_rules(name), name=f"{name}-twin")
        c = compare([name, twin], N, seed=2)
        assert c.runs == ((name, f"{name}-twin"),) and c.pairing[f"{name}-twin"] == "same hands"
        t = c.table()
        diff = t[(t["rules"] == f"{name}-twin") & t["metric"].str.startswith("difference")]
        assert len(diff) == 3
        assert (diff[["estimate", "ci_low", "ci_high"]].to_numpy() == 0).all()


def test_the_paired_interval_is_narrow_and_covers_a_larger_independent_run(three):
    # The paired difference per hand is narrower than the unpaired interval of the same
    # two estimates (half-width Z95 * sqrt(se_a^2 + se_b^2)) for the presets played on
    # the same hands and on the same deals alike.  It also agrees with the difference
    # of an independent run 8 times larger (another seed): the two estimates are
    # independent, so their gap has sd sqrt(se_small^2 + se_big^2), each se the half
    # width of its interval / Z95; allowed: 4 sd (chance of a false failure 6e-5).
    big = compare(THREE, 8 * N, seed=77)
    t, tb = three.table(), big.table()
    metric = "value per hand (points each loser pays)"
    ref = _row(t, THREE[0], metric)
    for name in THREE[1:]:
        own = _row(t, name, metric)
        paired = _row(t, name, f"difference: {metric}")
        unpaired = Z95 * np.hypot((ref["ci_high"] - ref["ci_low"]) / 2 / Z95,
                                  (own["ci_high"] - own["ci_low"]) / 2 / Z95)
        assert (paired["ci_high"] - paired["ci_low"]) / 2 < unpaired, name
        far = _row(tb, name, f"difference: {metric}")
        se = np.hypot((paired["ci_high"] - paired["ci_low"]) / 2 / Z95,
                      (far["ci_high"] - far["ci_low"]) / 2 / Z95)
        assert abs(paired["estimate"] - far["estimate"]) < 4 * se, name
    # the Da Er table is the one the Comparison gives and the one of the game
    pd.testing.assert_frame_equal(t, compare_table(three))


def test_bad_lists_and_mixed_games_are_one_clear_error():
    with pytest.raises(MjStatsError, match="distinct presets"):
        compare(["daer-luzhou", "daer-luzhou"], 10)
    with pytest.raises(MjStatsError, match="a list of rule sets"):
        compare("daer-luzhou", 10)
    for one in (["daer-luzhou"], ["sichuan"], []):  # nothing to compare with
        with pytest.raises(MjStatsError, match="two or more presets") as e:
            mj.compare(one, 10)
        assert "\n" not in str(e.value)
    with pytest.raises(RuleError) as e:
        mj.compare(["daer-luzhou", "sichuan", "daer-chongqing"], 10)
    msg = str(e.value)
    assert "\n" not in msg
    assert "Da Er (daer-luzhou, daer-chongqing)" in msg and "mahjong (sichuan)" in msg


def test_both_games_return_one_result_type_with_the_same_names():
    m = mj.compare(["sichuan", "sichuan-app"], 20, seed=3)
    d = mj.compare(["daer-luzhou", "daer-chongqing"], 20, seed=3)
    assert type(m) is type(d) is Comparison
    for c in (m, d):
        assert isinstance(c.runs, tuple) and set(c.pairing) == set(c)
        assert list(c.table().columns) == ["rules", "metric", "estimate", "ci_low", "ci_high",
                                           "same_hands"]
        assert list(c.plays().columns) == ["rules", "run", "shared_with", "pairing"]
        for r in c.values():
            assert r.n_games == 20 and len(r.hands) == 20 and r.stats["games"] == 20
            for name in ("bots", "seed", "seats", "summary", "patterns", "rules"):
                assert hasattr(r, name), name
    assert m.pairing["sichuan-app"] == "same hands" and m.runs == (("sichuan",),
                                                                  ("sichuan-app",))


def test_a_compare_run_folder_resumes_to_the_same_numbers(tmp_path):
    kw = dict(games=1100, seed=4, chunk=4, records=False)  # runner chunks of 128 x 4 hands
    straight = compare(THREE, **kw)
    compare(THREE, out=tmp_path, **kw)
    saved = sorted(tmp_path.glob("chunk-000001*.parquet"))
    assert [f.name for f in saved] == ["chunk-000001.p1.parquet", "chunk-000001.p2.parquet",
                                       "chunk-000001.parquet"]
    for f in saved:  # lose chunk 1
        f.unlink()
    back = compare(THREE, out=tmp_path, resume=True, **kw)
    for k in straight:
        assert back[k].stats == straight[k].stats


def test_cli_compare_of_da_er_presets_prints_the_table_and_the_runs(cli):
    argv = ["compare", "--rules", "daer-luzhou,daer-luzhou-mingtang,daer-chongqing",
            "--games", "200", "--seed", "3", "--quiet"]
    code, out, err = cli(argv)
    assert code == 0, err
    diff = [ln for ln in out.splitlines() if "difference:" in ln and not ln.startswith("#")]
    # 名堂: per win, per hand, dealer edge; 重庆 (other wins): per hand and dealer edge only
    assert [ln.split()[0] for ln in diff] == ["daer-luzhou-mingtang"] * 3 + ["daer-chongqing"] * 2
    assert "NaN" not in out
    assert ("# daer-chongqing against daer-luzhou: no difference per win: its hands did not "
            "end alike" in out)
    dijia = [ln.split() for ln in out.splitlines() if "底家" in ln]
    # 重庆 pays the 底家 nothing by construction: estimate 0 and no interval
    assert dijia[2][:1] == ["daer-chongqing"] and dijia[2][-2:] == ["0", "False"]
    assert len(dijia[2]) == 7 and len(dijia[0]) == 9
    runs = out.split("== runs")[1]
    assert "daer-luzhou-mingtang" in runs and "same hands" in runs and "same deals" in runs
    # the presets apart are the same command
    code, apart, _ = cli(["compare", "--rules", *THREE, "--games", "200", "--seed", "3",
                          "--quiet"])
    assert code == 0 and apart == out
    code, out, err = cli(["compare", "--rules", "sichuan,daer-luzhou", "--games", "10",
                          "--quiet"])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "mahjong (sichuan)" in err and "Da Er (daer-luzhou)" in err
