"""Duplicate matches and the ladder: pairing, symmetry, seeds, durability, errors, CLI.

Sizes are small (a few hundred deals, each under six seatings).  The exact
tests rest on the design (mjstats/study/match.py): every seating of a deal
meets the same wall and starts the same bot stream, and the seatings are
closed under swapping the two bots.
"""

from __future__ import annotations

import math

import numba
import numpy as np
import pytest

import mjstats as mj
from mjstats.cli import main
from mjstats.errors import MjStatsError, RuleError
from mjstats.results.match import seatings
from mjstats.runfolder import RunFolderError

N = 256
"""Deals per match in these tests (each played under six seatings)."""


@pytest.mark.parametrize("rules, bot", [("sichuan", "random"), ("liuzhou", "value"),
                                        ("daer-luzhou", "random")])
def test_a_bot_against_itself_differs_by_exactly_zero_on_every_deal(rules, bot):
    # identical bots and one bot stream per deal: the six seatings play the same hand,
    # and each seat is "A" in three seatings and "B" in three, so each deal's totals of
    # A and B are equal -- exactly, so every sum of squared differences is 0
    m = mj.match(rules, N, bots=(bot, bot), seed=3)
    for metric in ("points", "wins", "fed"):
        assert m.stats[f"pair/{metric}_dsum"] == 0 and m.stats[f"pair/{metric}_dsq"] == 0
    d, lo, hi = m.difference()
    assert d == 0.0 and lo <= 0.0 <= hi
    assert m.stats["wins/a_sum"] > 0  # hands were won: the zero is not an empty match


def test_a_bot_against_itself_plays_the_same_hand_in_every_seating():
    from mjstats.sim.duplicate import play_seated

    codes = np.full((6, 4), mj.sim.bots.bot_code("random"), np.int64)
    out = play_seated(mj.rules("sichuan"), codes, np.random.SeedSequence(5), 0, 64, 512)
    assert (out["points"] == out["points"][:, :1]).all()
    assert (out["won"] == out["won"][:, :1]).all() and out["won"].any()


@pytest.mark.parametrize("rules, a, b", [("sichuan", "random", "efficiency"),
                                         ("guangan", "value", "zimo"),
                                         ("daer-luzhou", "random", "value")])
def test_swapping_the_bots_gives_exactly_the_opposite_difference(rules, a, b):
    ab = mj.match(rules, N, bots=(a, b), seed=11)
    ba = mj.match(rules, N, bots=(b, a), seed=11)
    for metric in ("points", "wins", "fed"):
        assert ab.stats[f"{metric}/a_sum"] == ba.stats[f"{metric}/b_sum"]
        assert ab.stats[f"{metric}/a_sq"] == ba.stats[f"{metric}/b_sq"]
        assert ab.stats[f"pair/{metric}_dsum"] == -ba.stats[f"pair/{metric}_dsum"]
        assert ab.stats[f"pair/{metric}_dsq"] == ba.stats[f"pair/{metric}_dsq"]
    d1, lo1, hi1 = ab.difference()
    d2, lo2, hi2 = ba.difference()
    assert d1 == -d2 and lo1 == -hi2 and hi1 == -lo2
    assert d1 != 0


@pytest.mark.parametrize("rules", ["sichuan", "daer-chongqing"])
def test_same_seed_same_numbers_on_one_or_two_threads_and_any_chunking(rules):
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = mj.match(rules, 1100, bots=("random", "efficiency"), seed=7)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = mj.match(rules, 1100, bots=("random", "efficiency"), seed=7)
    finally:
        numba.set_num_threads(before)
    block = 512 if mj.rules(rules).game == "mahjong" else 256
    cut = mj.match(rules, 1100, bots=("random", "efficiency"), seed=7, chunk=block)
    assert one.stats == two.stats == cut.stats
    assert one.table().equals(two.table())
    other = mj.match(rules, 1100, bots=("random", "efficiency"), seed=8)
    assert other.stats != one.stats


def test_deals_are_the_walls_of_simulate_on_the_same_seed():
    # bots that draw no randomness: seating ABAB of deal g is hand g of simulate with
    # bots (A, B, A, B) on the same seed -- same wall, same dealer, same play
    from mjstats.sim.duplicate import play_seated

    R = mj.rules("sichuan")
    bots = ("value", "efficiency", "value", "efficiency")
    codes = np.array([[mj.sim.bots.bot_code(b) for b in bots]], np.int64)
    ss = np.random.SeedSequence(21)
    out = play_seated(R, codes, ss, 0, 600, 512)
    sim = mj.simulate(R, 600, bots, ss, records=True)
    pay = sim.seats["pay_total"].to_numpy().reshape(600, 4)
    assert (out["points"][:, 0] == pay).all()
    won = sim.seats["won"].to_numpy().reshape(600, 4) > 0
    assert (out["won"][:, 0] == won).all()


def test_daer_deals_are_the_decks_of_simulate_on_the_same_seed():
    from mjstats.daer.bots import bot_code
    from mjstats.daer.duplicate import play_seated

    r = mj.rules("daer-luzhou", next_dealer="by_hand")  # dealer g % 3, as in a match
    bots = ("value", "efficiency", "passive")
    codes = np.array([[bot_code(b) for b in bots]], np.int64)
    ss = np.random.SeedSequence(4)
    out = play_seated(r, codes, ss, 0, 300, 256)
    sim = mj.simulate(r, 300, bots, ss, records=True)
    pts = sim.seats["points"].to_numpy().reshape(300, 4)[:, :3]
    assert (out["points"][:, 0] == pts).all()


@pytest.mark.slow
def test_random_bot_match_agrees_with_simulate_of_each_seating():
    # The random bot draws from its own stream in a match and from the wall's stream in
    # simulate, so the two estimate the same mean from different hands.  Tolerance: 4
    # standard errors of the difference of two independent means (each se = sample sd
    # of its per-deal or per-hand values / sqrt(count)); P(|z| > 4) < 1e-4, fixed seeds.
    n = 400
    m = mj.match("sichuan", n, bots=("random", "efficiency"), seed=2)
    est, lo, hi = m.estimate("points", "a")
    se_match = (hi - lo) / (2 * 1.959964)
    per_hand = []
    for i, row in enumerate(seatings(4)):
        bots = tuple("random" if x == 0 else "efficiency" for x in row)
        sim = mj.simulate("sichuan", n, bots, seed=100 + i, records=True)
        pay = sim.seats["pay_total"].to_numpy().reshape(n, 4)
        per_hand.append(pay[:, row == 0].mean(axis=1))  # the random seats' mean, per hand
    x = np.mean(per_hand, axis=0)  # per hand index: the six seatings' average
    se_sim = x.std(ddof=1) / math.sqrt(n)
    assert abs(est - x.mean()) <= 4 * math.hypot(se_match, se_sim)


def test_random_is_below_efficiency_and_the_ladder_says_so():
    lad = mj.ladder("sichuan", N, seed=5, bots=("random", "efficiency", "value"))
    t = lad.table()
    assert t["step"].tolist() == ["random < efficiency", "efficiency < value"]
    assert list(t.columns) == ["rules", "step", "deals", "unit", "difference", "ci_low",
                               "ci_high", "win_rate_diff", "deal_in_diff", "verdict"]
    first = t.iloc[0]
    assert first["ci_low"] > 0 and first["verdict"] == "holds" and first["unit"] == "倍"
    # each step is exactly the match of the upper bot against the lower on the same seed
    m = mj.match("sichuan", N, bots=("value", "efficiency"), seed=5)
    assert lad.steps[1].stats == m.stats


def test_ladder_says_when_a_step_is_reversed():
    lad = mj.ladder("sichuan", N, seed=5, bots=("efficiency", "random"))
    row = lad.table().iloc[0]
    assert row["step"] == "efficiency < random" and row["ci_high"] < 0
    assert row["verdict"] == "reversed"


def test_match_table_rows_and_daer_default_ladder():
    m = mj.match("daer-luzhou", 64, bots=("value", "random"), seed=1)
    t = m.table()
    assert t["bot"].tolist() == ["value"] * 3 + ["random"] * 3 + ["value - random"] * 3
    assert set(t["metric"]) == {"points per hand (points)", "win rate", "deal-in rate"}
    assert m.seatings == ("AAB", "ABA", "ABB", "BAA", "BAB", "BBA") and m.n_hands == 384
    lad = mj.ladder("daer-luzhou", 32, seed=1)
    assert lad.table()["step"].tolist() == ["random < greedy", "greedy < passive",
                                           "passive < efficiency", "efficiency < value"]


def test_match_run_folder_resumes_and_refuses_another_run(tmp_path):
    out = tmp_path / "m"
    a = mj.match("sichuan", 1024, bots=("efficiency", "random"), seed=9, out=out, chunk=512)
    assert len(list(out.glob("chunk-*.parquet"))) == 2
    b = mj.match("sichuan", 1024, bots=("efficiency", "random"), seed=9, out=out, chunk=512,
                 resume=True)
    assert a.stats == b.stats
    (out / "chunk-000001.parquet").unlink()  # an interrupted run: one chunk missing
    c = mj.match("sichuan", 1024, bots=("efficiency", "random"), seed=None, out=out,
                 chunk=512, resume=True)
    assert c.stats == a.stats
    with pytest.raises(RunFolderError):
        mj.match("sichuan", 1024, bots=("value", "random"), seed=9, out=out, chunk=512)


def test_ladder_run_folders_resume_with_the_saved_seed(tmp_path):
    kw = dict(bots=("random", "zimo", "efficiency"), out=tmp_path)
    a = mj.ladder("liuzhou", 600, seed=4, **kw)
    assert sorted(p.name for p in (tmp_path / "liuzhou").iterdir()) == [
        "efficiency-v-zimo", "zimo-v-random"]
    b = mj.ladder("liuzhou", 600, seed=None, resume=True, **kw)  # the seed each folder saved
    assert a.table().equals(b.table())
    assert [s.stats for s in a.steps] == [s.stats for s in b.steps]


def test_an_interrupted_ladder_names_the_steps_it_finished(tmp_path, monkeypatch):
    import mjstats.study.match as M

    played = []

    def match(R, games, bots, seed, out, **kw):
        if played:  # the second step is interrupted
            raise KeyboardInterrupt(f"interrupted: 0/1 chunks saved in {out}; run the same "
                                    f"command again with --resume (resume=True) to finish")
        played.append(bots)
        return None

    monkeypatch.setattr(M, "match", match)
    with pytest.raises(KeyboardInterrupt) as e:
        mj.ladder("liuzhou", 600, seed=4, bots=("random", "zimo", "efficiency"), out=tmp_path)
    assert str(e.value) == (
        f"interrupted: 1 of 2 steps of the ladder finished in {tmp_path}, and 0/1 chunks saved "
        f"in {tmp_path / 'liuzhou' / 'efficiency-v-zimo'}; run the same command again with "
        f"--resume (resume=True) to finish")


@pytest.mark.parametrize("call, error, fragments", [
    (lambda: mj.match("sichuan", 10, bots=("efficiency", "foo")), MjStatsError,
     ("unknown bot 'foo'", "efficiency, value, random, zimo")),
    (lambda: mj.match("sichuan", 10, bots=("efficiency",)), MjStatsError,
     ("two bots", "('efficiency',)", "efficiency, value, random, zimo")),
    (lambda: mj.match("sichuan", 10, bots="efficiency"), MjStatsError,
     ("two bots", "'efficiency'")),
    (lambda: mj.match("sichuan", 10), MjStatsError, ("two bots", "got none")),
    (lambda: mj.match("daer-luzhou", 10, bots=("zimo", "value")), MjStatsError,
     ("unknown Da Er bot 'zimo'", "greedy, passive")),
    (lambda: mj.match("nowhere", 10, bots=("efficiency", "value")), RuleError,
     ("'nowhere'", "sichuan, sichuan-app, guangan, liuzhou, daer-luzhou")),
    (lambda: mj.match("sichuan", 0, bots=("efficiency", "value")), MjStatsError, ("games",)),
    (lambda: mj.match("sichuan", 10, bots=("efficiency", "value"), log=3), RuleError,
     ("log", "'sichuan'")),
    (lambda: mj.ladder("sichuan", 10, bots=("random",)), MjStatsError,
     ("two or more bots", "zimo")),
    (lambda: mj.ladder(["sichuan", "nowhere"], 10), RuleError, ("'nowhere'",)),
    (lambda: mj.match("sichuan", 8, bots=("efficiency", "value"), seed=1).estimate("bogus"),
     MjStatsError, ("unknown metric 'bogus'", "points, wins, fed")),
    (lambda: mj.match("sichuan", 8, bots=("efficiency", "value"), seed=1).estimate(part="x"),
     MjStatsError, ("unknown part 'x'", "a, b, d")),
])
def test_bad_input_is_one_clear_error(call, error, fragments):
    with pytest.raises(error) as info:
        call()
    msg = str(info.value)
    assert "\n" not in msg
    for fragment in fragments:
        assert fragment in msg, f"{fragment!r} not in {msg!r}"


@pytest.mark.parametrize("argv, fragment", [
    (["match", "--bots", "efficiency"], "a match takes two bots"),
    (["match", "--bots", "efficiency,foo"], "unknown bot 'foo'; valid: efficiency, value"),
    (["match", "--rules", "nowhere", "--bots", "efficiency,value"], "unknown rule set"),
    (["match", "--games", "10"], "--bots"),
    (["ladder", "--rules", "sichuan", "--bots", "random,nobot"], "unknown bot 'nobot'"),
])
def test_cli_bad_input_is_one_line(argv, fragment, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mjstats: error: ") and err.count("\n") == 1 and fragment in err


def test_cli_prints_the_match_and_the_ladder_table(capsys):
    assert main(["match", "--rules", "sichuan", "--bots", "efficiency,random", "--games",
                 "128", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "efficiency (A) against random (B), 128 deals x 6 seatings" in out
    assert "efficiency - random" in out and "points per hand (倍)" in out
    assert main(["ladder", "--rules", "sichuan", "--bots", "random", "efficiency", "--games",
                 "128", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "random < efficiency" in out and "holds" in out
