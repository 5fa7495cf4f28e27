"""Exact 胡 distribution of complete hands: brute force, the independent DP, Monte Carlo."""

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from mjstats.daer.exact import DEALER_HU_WAYS, DEALER_WIN_PATTERN_WAYS, exact_hu_distribution
from tests.daer.naive_daer import count_vectors, naive_hu, naive_readings

RED = (1, 6, 9, 11, 16, 19)


@pytest.mark.parametrize("n", [3, 6])
def test_every_small_hand_by_brute_force(n):
    # every count vector of n cards, read by the slow reference (7 - n/3 列 pretended
    # on the table so that it asks for n/3 列, or a 垅, n/3 - 2 列 and a pair)
    want: dict[tuple[int, int, int], int] = {}
    for v in count_vectors(n):
        rs = naive_readings(v, n_decl=7 - n // 3)
        if not rs:
            continue
        hu = max(naive_hu(r) for r in rs)
        w = 1
        for x in v:
            w *= comb(4, x)
        key = (hu, sum(v[k] for k in RED), sum(v[:10]))
        want[key] = want.get(key, 0) + w
    e = exact_hu_distribution(n)
    got = {(int(r.hu), int(r.red), int(r.small)): int(r.ways) for r in e.ways.itertuples()}
    assert got == want
    assert e.complete == Fraction(sum(want.values()), comb(80, n))


@pytest.mark.parametrize("n", [9, 12])
def test_totals_match_the_independent_dp(n):
    from mjstats.daer.deal import dealt_lie_exact

    e = exact_hu_distribution(n)
    assert (e.complete, e.win) == dealt_lie_exact(n, n_lie=n // 3)


def test_stored_dealer_table_matches_the_stored_dp_constants():
    from mjstats.daer.deal import DEALER_LIE_EXACT, DEALER_WIN_EXACT

    total = comb(80, 21)
    assert Fraction(sum(DEALER_HU_WAYS.values()), total) == DEALER_LIE_EXACT
    assert Fraction(sum(w for h, w in DEALER_HU_WAYS.items() if h >= 10), total) == \
        DEALER_WIN_EXACT


@pytest.mark.slow
def test_dealer_table_recomputed():
    # about 4 minutes on two cores
    e = exact_hu_distribution(21)
    assert {int(h): int(w) for h, w in zip(e.hu.hu, e.hu.ways, strict=True)} == DEALER_HU_WAYS
    rt = e.red_table()
    assert dict(zip(rt.pattern, (int(w) for w in rt.ways), strict=True)) == \
        DEALER_WIN_PATTERN_WAYS


@pytest.mark.slow
def test_monte_carlo_agrees_with_the_exact_table():
    # 2 million deals (seed 3), 普通 reading (= most 胡): every 胡 value of the dealt
    # wins within |z| < 4 of the exact share, z from the number of wins sampled
    from mjstats.daer.deal import deal_study
    from mjstats.results import z_score

    st = deal_study(2_000_000, seed=3, rules="daer-luzhou")
    wins = {h: w for h, w in DEALER_HU_WAYS.items() if h >= 10}
    tot = sum(wins.values())
    mc = st.hu.set_index("hu")
    n = int(mc["n"].iloc[0])
    for h, w in wins.items():
        k = int(mc["count"].get(h, 0))
        z = float(z_score(k, n, w / tot))
        assert abs(z) < 4, (h, k, n, w / tot, z)
    assert set(mc.index) <= set(wins)
    # the 名堂 fixed by the card counts hold in every reading: same check on their counts
    pt = st.patterns.set_index("pattern")
    for key, w in DEALER_WIN_PATTERN_WAYS.items():
        z = float(z_score(int(pt.loc[key, "count"]), n, w / tot))
        assert abs(z) < 4, (key, z)


def test_bad_sizes():
    from mjstats.errors import MjStatsError

    for n in (0, 4, 24):
        with pytest.raises(MjStatsError):
            exact_hu_distribution(n)


def test_tables_of_a_small_size():
    e = exact_hu_distribution(9)
    assert e.hu.share.sum() == pytest.approx(1.0)
    assert e.hu.share_win.sum() == pytest.approx(1.0)
    assert (e.hu.hu % 3 == 0).all()  # no 碰 in a concealed hand: every 列 is 0, 3, 6 … 胡
    lv = e.level_table()
    assert lv.share.sum() == pytest.approx(1.0) and (lv.deng >= 1).all()
    rt = e.red_table().set_index("pattern")
    assert 0 <= rt.loc["WU", "share"] <= 1
    assert rt.loc["SHIWU", "ways"] == 0  # 15 red cards need 15 cards
    assert np.isclose(float(e.win), sum(int(w) for w in e.hu.ways[e.hu.hu >= 10]) / comb(80, 9))
