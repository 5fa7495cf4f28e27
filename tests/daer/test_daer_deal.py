from fractions import Fraction
from math import comb

import numba
import numpy as np
import pytest

from mjstats import daer
from mjstats.core.rng import _below, chunk_states
from mjstats.daer.deal import deal_study, instant_distribution, instant_win_exact
from tests.daer.naive_daer import count_vectors, naive_best_hu


@pytest.mark.parametrize("n", [0, 5, 12, 20, 21, 40])
def test_instant_distribution_sums_to_all_hands(n):
    assert sum(instant_distribution(n).values()) == comb(80, n)


def test_instant_exact_closed_forms():
    # 12 cards: exactly three 垅
    assert instant_win_exact(12) == Fraction(comb(20, 3), comb(80, 12))
    # 15 cards: three 垅 and any 3 others, or five kinds held exactly three times
    want = comb(20, 3) * comb(68, 3) + comb(20, 5) * 4**5
    assert instant_win_exact(15) == Fraction(want, comb(80, 15))
    # 垅 not counted as 坎: 15 cards can still win by three 垅 only... same count here
    r = daer.rules("daer-luzhou").with_switches(instant_kan_counts_long=False)
    assert instant_win_exact(15, r) == Fraction(want, comb(80, 15))
    assert instant_win_exact(21, r) < instant_win_exact(21)
    assert instant_win_exact(21, r.with_switches(instant_win=False)) == 0


def _replay(seed, n, chunk):
    """The deals of deal_study, replayed in Python with the same generator."""
    n_chunks = -(-n // chunk)
    states = chunk_states(seed, n_chunks)
    hands = []
    for c in range(n_chunks):
        s = states[c].copy()
        deck = np.arange(80) // 4
        for _ in range(min(chunk, n - c * chunk)):
            for j in range(61):
                r = j + _below(s, 80 - j)
                deck[j], deck[r] = deck[r], deck[j]
            hands.append([np.bincount(deck[a:b], minlength=20).astype(np.int8)
                          for a, b in ((0, 21), (21, 41), (41, 61))])
    return hands


def test_deal_study_matches_replay_and_naive_reference():
    n, chunk = 800, 300
    st = deal_study(n, seed=11, chunk=chunk, rules="daer-luzhou")
    s = st.summary.set_index("metric")
    hands = _replay(11, n, chunk)
    assert all(sum(int(h.sum()) for h in deal) == 61 for deal in hands)
    inst = [sum(daer.instant_win(h) for h in deal) > 0 for deal in hands]
    wins = [naive_best_hu(deal[0]) >= 10 for deal in hands]
    assert s.loc["any_instant", "count"] == sum(inst)
    assert s.loc["dealer_win", "count"] == sum(wins)
    assert s.loc["dealer_lie", "count"] == sum(naive_best_hu(d[0]) >= 0 for d in hands)


def test_deal_study_reproducible_and_thread_independent():
    a = deal_study(4000, seed=5, chunk=500)
    old = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        b = deal_study(4000, seed=5, chunk=500)
    finally:
        numba.set_num_threads(old)
    assert a.summary["count"].tolist() == b.summary["count"].tolist()
    assert a.patterns["count"].tolist() == b.patterns["count"].tolist()
    c = deal_study(4000, seed=6, chunk=500)
    assert a.summary["count"].tolist() != c.summary["count"].tolist() or \
        a.hu["count"].tolist() != c.hu["count"].tolist()


def test_deal_study_tables_are_consistent():
    st = deal_study(20_000, seed=2, chunk=5_000)
    s = st.summary.set_index("metric")
    wins = s.loc["dealer_win", "count"]
    assert st.hu["count"].sum() == wins == st.levels["count"].sum()
    assert (st.hu["hu"] >= 10).all()
    assert s.loc["dealer_win", "count"] <= s.loc["dealer_lie", "count"]
    assert ((st.summary["ci_low"] <= st.summary["estimate"])
            & (st.summary["estimate"] <= st.summary["ci_high"])).all()


def test_deal_study_errors():
    with pytest.raises(ValueError, match="n_deals"):
        deal_study(0)
    with pytest.raises(ValueError, match="chunk"):
        deal_study(10, chunk=0)
    with pytest.raises(ValueError, match="conf is an interval level"):
        deal_study(10, conf=1.5)


def test_deal_study_intervals_take_their_level():
    from mjstats.results import wilson

    wide, narrow = deal_study(3_000, seed=4), deal_study(3_000, seed=4, conf=0.5)
    for a, b in ((wide.summary, narrow.summary), (wide.hu, narrow.hu)):
        assert (a["count"] == b["count"]).all()  # the same deals
        lo, hi = wilson(b["count"].to_numpy(float), b["n"].to_numpy(float), 0.5)
        assert np.allclose(b["ci_low"], lo) and np.allclose(b["ci_high"], hi)
        assert (b["ci_high"] - b["ci_low"] <= a["ci_high"] - a["ci_low"] + 1e-15).all()


@pytest.mark.slow
def test_instant_win_rate_agrees_with_exact():
    # 2e6 deals: the dealer's instant win (p ~ 9.3e-5) is seen ~186 times, the dealer's
    # 列 (p ~ 4.47e-3) ~8900 times; each estimate must lie within 4 standard errors of
    # the exact value (|z| < 4; exact 列/天胡 from dealt_lie_exact(21), stored constants).
    st = deal_study(2_000_000, seed=3)
    s = st.summary.set_index("metric")
    for m in ("dealer_instant", "player2_instant", "player3_instant", "dealer_lie",
              "dealer_win"):
        assert abs(s.loc[m, "z"]) < 4, (m, s.loc[m])


@pytest.mark.parametrize("n", [3, 6])
def test_dealt_lie_exact_against_enumeration(n):
    from mjstats.daer.deal import dealt_lie_exact
    from mjstats.daer.groups import GROUP_CARDS, _readings
    from mjstats.daer.rules import HU_OF_GROUP

    buf = np.full((512, 8), -1, dtype=np.int64)
    lie = win = 0
    for v in count_vectors(n):
        c = np.array(v, dtype=np.int8)
        # pretend 7 - n/3 列 are on the table so the kernel asks for n/3 列 of three
        k = _readings(c, 7 - n // 3, 0, True, GROUP_CARDS, buf)
        if k > 0:
            w = 1
            for x in v:
                w *= comb(4, x)
            lie += w
            if max(sum(HU_OF_GROUP[g] for g in buf[r] if g >= 0) for r in range(k)) >= 10:
                win += w
    # four alike may be a 垅 with a pair (6 cards: 垅 + pair is 2 列 with the pair)
    assert dealt_lie_exact(n, n_lie=n // 3) == (Fraction(lie, comb(80, n)),
                                                Fraction(win, comb(80, n)))


def test_exact_constants_are_consistent():
    from mjstats.daer.deal import DEALER_LIE_EXACT, DEALER_WIN_EXACT

    # 天胡 hands are a subset of 列 hands; the denominators divide C(80, 21)
    assert 0 < DEALER_WIN_EXACT < DEALER_LIE_EXACT < Fraction(1, 100)
    assert (DEALER_LIE_EXACT * comb(80, 21)).denominator == 1
    assert (DEALER_WIN_EXACT * comb(80, 21)).denominator == 1
