"""The Monte Carlo deal study: against the core's public functions, threads, and exact odds."""

import numba
import numpy as np
import pandas as pd
import pytest

import mjstats as mj
from mjstats.core.rng import chunk_states
from mjstats.errors import MjStatsError
from mjstats.results import wilson, write_table
from mjstats.sim.deals import CHUNK, _draw
from mjstats.study import deal_study, study_counts
from mjstats.study.deal_study import (
    C14,
    C14_TWO,
    N_COUNTERS,
    READY,
    SH13,
    SH14,
    SH_BINS,
    SHAPES,
    WAIT_KINDS,
    WAIT_LIVE,
)

SETS = ("sichuan", "guangan", "liuzhou")


@numba.njit(cache=True)
def _deal_with_last(wall, states, n, hands, last):
    """The study's draws, kept: dealer hands and the 14th tile of each deal."""
    cnt = np.zeros(34, dtype=np.int8)
    for c in range(states.shape[0]):
        w = wall.copy()
        st = states[c].copy()
        for i in range(c * CHUNK, min((c + 1) * CHUNK, n)):
            _draw(w, 14, st, cnt)
            hands[i] = cnt
            last[i] = w[13]


def reference_counts(ts_name, n, seed):
    """Counters rebuilt hand by hand with the public core functions."""
    ts = mj.tileset(ts_name)
    n_chunks = -(-n // CHUNK)
    H14 = np.zeros((n, 34), dtype=np.int8)
    last = np.zeros(n, dtype=np.int64)
    _deal_with_last(ts.wall.copy(), chunk_states(seed, n_chunks), n, H14, last)
    assert (H14 == mj.deal(n, ts, 14, seed=seed)).all()  # same draws as mj.deal
    H13 = H14.copy()
    H13[np.arange(n), last] -= 1
    c = np.zeros(N_COUNTERS, dtype=np.int64)
    std = mj.is_complete_many(H14, "standard")
    sp = mj.is_complete_many(H14, "seven_pairs")
    two = sum((H14[:, 9 * s:9 * s + 9].sum(axis=1) > 0).astype(int) for s in range(3)) <= 2
    for f, ok in enumerate((std, sp, std | sp)):
        c[C14 + f] = ok.sum()
        c[C14_TWO + f] = (ok & two).sum()
    for base, H in ((SH14, H14), (SH13, H13)):
        for f, form in enumerate(("standard", "seven_pairs", "any")):
            s = mj.shanten_many(H, form).astype(int)
            np.add.at(c, base + f * SH_BINS + s + 1, 1)
    # waits by brute force: every kind of the set, held < 4 times, that completes the hand
    waits = np.zeros(H13.shape, dtype=bool)
    for k in ts.kinds:
        can = H13[:, k] < 4
        h = H13[can].copy()
        h[:, k] += 1
        waits[np.flatnonzero(can), k] = mj.is_complete_many(h)
    kinds = waits.sum(axis=1)
    live = np.where(waits, 4 - H13, 0).sum(axis=1)
    ready = kinds > 0
    c[READY] = ready.sum()
    np.add.at(c, WAIT_KINDS + kinds[ready], 1)
    np.add.at(c, WAIT_LIVE + live[ready], 1)
    for h, w in zip(H13[ready], waits[ready], strict=True):
        bits, _ = mj.wait_shape_bits(h)
        # 赶场叫 from the brute-force waits (the core's flag uses its own wait mask)
        bits &= ~int(mj.WaitShape.GANCHANG)
        if any(w[9 * s + x] and w[9 * s + x + 3] and w[9 * s + x + 6]
               for s in range(3) for x in range(3)):
            bits |= int(mj.WaitShape.GANCHANG)
        for b in range(7):
            c[SHAPES + b] += (bits >> b) & 1
    return c


def test_ready_waits_confirms_each_wait():
    from mjstats.core.tables import tables
    from mjstats.study.deal_study import _ready_waits

    # 22m1567p44678s77z + 1p would be four parts each with a pair: not a wait
    h = mj.parse("22m1567p44678s77z")
    assert mj.shanten(h) == 1
    mask = np.zeros(34, np.uint8)
    bits = np.zeros(34, np.int64)
    assert _ready_waits(h.copy(), tables(), mask, bits) == (0, 0, 0)
    h = mj.parse("1112345678999m")  # nine gates: 9 kinds, 23 live tiles, 赶场叫
    kinds, live, b = _ready_waits(h.copy(), tables(), mask, bits)
    assert (kinds, live) == (9, 23) and b & int(mj.WaitShape.GANCHANG)


@pytest.mark.parametrize("ts", SETS)
def test_counters_match_core_functions(ts):
    # 2.3 chunks: full chunks and a partial last one; ready hands are rare, so the wait
    # rows are checked on a few hundred hands (liuzhou: about 12)
    n = 2 * CHUNK + 20_000
    got = study_counts(ts, n, seed=11, study="full")
    want = reference_counts(ts, n, 11)
    np.testing.assert_array_equal(got, want)
    # the complete-only study sees the same deals
    fast = study_counts(ts, n, seed=11, study="complete")
    np.testing.assert_array_equal(fast[:6], got[:6])
    assert not fast[6:].any()
    # readiness from the wait mask agrees with shanten 0 (min over forms)
    assert got[READY] == got[SH13 + 2 * SH_BINS + 1]


def test_same_table_for_any_thread_count():
    n = 5 * CHUNK + 123
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = study_counts("guangan", n, seed=7, batch_chunks=2)
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        many = study_counts("guangan", n, seed=7, batch_chunks=4)
    finally:
        numba.set_num_threads(before)
    np.testing.assert_array_equal(one, many)
    assert not np.array_equal(one, study_counts("guangan", n, seed=8))


# Every exact figure must lie inside the Monte Carlo interval, all rows of a set at once
# with 99.9 % confidence: each row's Wilson interval is taken at 1 - 0.001 / rows
# (Bonferroni; about 4.3 standard errors for ~60 rows).  A per-row 99.9 % interval
# (3.29 standard errors) would fail by chance for about one seed in ten: with 10**8
# deals and seed 20261129, Sichuan's P(14-tile shanten 4) lands at z = 3.45, while
# seeds 1 and 2 give 0.77 and 1.43 and 10**9 deals with seed 7 give -0.24.
MC_DEALS = 1 << 20
FAMILY_CONF = 0.999


def assert_exact_inside(df):
    e = df[df["exact"].notna()]
    assert len(e) >= 40
    lo, hi = wilson(e["count"].to_numpy(), e["n"].to_numpy(), 1 - (1 - FAMILY_CONF) / len(e))
    inside = (lo <= e["exact"].to_numpy()) & (e["exact"].to_numpy() <= hi)
    assert inside.all(), e[~inside].to_string()
    return e


@pytest.mark.parametrize("ts", SETS)
def test_exact_values_inside_mc_interval(ts):
    df = deal_study(ts, MC_DEALS, seed=7, progress=False)
    e = assert_exact_inside(df)
    # every exact category is listed (zero counts included) and sums to 1 per metric
    for metric, g in e.groupby("metric"):
        if metric.startswith("shanten_"):
            assert g["exact"].sum() == pytest.approx(1.0, abs=1e-12)
            assert g["count"].sum() == MC_DEALS


def test_table_shape_and_output(tmp_path):
    df = deal_study("sichuan", 30_000, seed=3, progress=False)
    assert df.attrs["deals"] == 30_000 and df.attrs["tileset"] == "sichuan"
    metrics = set(df["metric"])
    assert {"complete_14", "complete_14_two_suits", "ready_13", "shanten_13_any",
            "shanten_14_standard", "wait_kinds", "wait_live", "wait_shape"} <= metrics
    w = df[df["metric"] == "wait_kinds"]
    assert w["count"].sum() == w["n"].iloc[0] > 0  # among ready hands
    assert df.loc[df["metric"] == "wait_shape", "exact"].isna().all()
    fast = deal_study("sichuan", 30_000, seed=3, progress=False, study="complete")
    assert set(fast["metric"]) == {"complete_14", "complete_14_two_suits"}
    p = write_table(df, tmp_path / "d.parquet")
    assert p.exists() and write_table(df, tmp_path / "d.csv").exists()


def test_cli_entry(tmp_path, capsys):

    from mjstats.cli import build_parser
    from mjstats.cli.deal import deal_table

    out = tmp_path / "x.parquet"
    args = build_parser().parse_args(["deal", "--rules", "liuzhou", "--deals", "5000",
                                      "--seed", "7", "--table", str(out), "--quiet"])
    df = deal_table(args)
    assert out.exists() and len(df) > 10
    assert "M deals/s" in capsys.readouterr().out


def test_bad_input():
    with pytest.raises(MjStatsError):
        study_counts("sichuan", 0)
    with pytest.raises(MjStatsError):
        study_counts("sichuan", 10, study="everything")
    with pytest.raises(MjStatsError):
        deal_study("mahjong-with-jokers", 10)


@pytest.mark.slow
@pytest.mark.parametrize("ts", SETS)
def test_exact_values_inside_mc_interval_1e8(ts):
    # 10**8 deals per set (30-60 s each on two cores); tolerance: family-wise 99.9 %
    assert_exact_inside(deal_study(ts, 10**8, seed=20261129, progress=False))


def test_an_unknown_study_is_refused_in_one_line():
    import pytest

    from mjstats.errors import MjStatsError

    with pytest.raises(MjStatsError, match="unknown study 'bogus'; valid: full, complete"):
        study_counts("sichuan", 10, study="bogus")


def test_a_resumed_study_counts_only_the_deals_it_computes(tmp_path):
    from mjstats.study.deal_study import CHUNK

    n = 3 * 32 * CHUNK  # three runner chunks of 32 seeding blocks
    whole = deal_study("sichuan", n, seed=5, progress=False, study="complete", out=tmp_path)
    assert whole.attrs["computed"] == n
    (tmp_path / "chunk-000001.parquet").unlink()  # one chunk to compute again
    again = deal_study("sichuan", n, seed=5, progress=False, study="complete", out=tmp_path,
                       resume=True)
    assert again.attrs["computed"] == 32 * CHUNK and again.attrs["deals"] == n
    pd.testing.assert_frame_equal(again, whole)
