"""The table model of the discard analysis: paired rollouts in the game engine."""

from __future__ import annotations

import numba
import numpy as np
import pytest

import mjstats as mj
from mjstats.study.discard_table import table_odds

HAND = "13456788999m289p"


def test_paired_intervals_cover_ten_times_more_rollouts():
    """Each candidate's paired difference to the best, from 1,500 deals with a 99% interval,
    covers the same difference estimated from 15,000 other deals (whose own standard
    error is sqrt(10) times smaller, so the check is the interval's coverage)."""
    small = table_odds(HAND, "sichuan", missing="s", draws=8, rollouts=1500, seed=1, conf=0.99)
    big = table_odds(HAND, "sichuan", missing="s", draws=8, rollouts=15000, seed=2)
    ref = small.discard.iloc[0]
    pay = big.set_index("discard")["payoff"]
    for _, row in small.iterrows():
        d_big = pay[row.discard] - pay[ref]
        assert row.d_payoff_lo <= d_big <= row.d_payoff_hi, (row.discard, d_big)
    assert len(small) == 11 and (small.n == 1500).all()
    assert ((small.p_win_lo <= small.p_win) & (small.p_win <= small.p_win_hi)).all()
    assert (small.p_win <= 1).all() and (small.p_win > 0.3).all()


def test_pairing_tightens_the_differences():
    """Common deals correlate the candidates: each paired interval is narrower than the
    interval of a difference of two independent estimates (sqrt(w_j^2 + w_best^2))."""
    t = table_odds(HAND, "sichuan", missing="s", draws=8, rollouts=2000, seed=3)
    paired = (t.d_payoff_hi - t.d_payoff_lo).iloc[1:]
    level = t.payoff_hi - t.payoff_lo
    unpaired = np.sqrt(level.iloc[1:] ** 2 + level.iloc[0] ** 2)
    assert (paired < unpaired).all()


def test_same_seed_same_numbers_whatever_the_threads():
    a = table_odds(HAND, "sichuan", missing="s", draws=6, rollouts=300, seed=5)
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        b = table_odds(HAND, "sichuan", missing="s", draws=6, rollouts=300, seed=5)
    finally:
        numba.set_num_threads(before)
    assert a.equals(b)
    c = table_odds(HAND, "sichuan", missing="s", draws=6, rollouts=300, seed=6)
    assert not a.equals(c)


def test_joined_to_the_exact_table_and_printed(capsys):
    r = mj.odds(HAND, "sichuan", missing="s", draws=8, table=200, seed=1)
    assert {"table_p_win", "table_payoff", "table_d_payoff"} <= set(r.table)
    assert r.table.table_d_payoff.max() == 0.0
    assert "table model: 200 deals per discard" in str(r)
    from mjstats.cli import main

    assert main(["odds", HAND, "--rules", "sichuan", "--missing", "s", "--draws", "8",
                 "--table", "100", "--seed", "1"]) == 0
    assert "vs best, paired (95%)" in capsys.readouterr().out


@pytest.mark.parametrize("kwargs,match", [
    (dict(hand=HAND, rules="sichuan", melds=["pong 5m"]), "melds"),
    (dict(hand="3456788999m289p", rules="sichuan"), "14"),
    (dict(hand=HAND, rules="sichuan", draws=30), "unseen"),
    (dict(hand=HAND, rules="daer-luzhou"), "Da Er"),
])
def test_bad_input(kwargs, match):
    with pytest.raises(mj.MjStatsError, match=match):
        table_odds(rollouts=10, **kwargs)


@pytest.mark.parametrize("table", [True, -3, 2.5])
def test_table_size_is_checked_before_any_work(table):
    with pytest.raises(mj.MjStatsError, match="table"):
        mj.odds(HAND, "sichuan", missing="s", draws=4, table=table)


@pytest.mark.parametrize("kwargs,match", [
    (dict(rules="sichuan", table_player="nobody"), "player .* got 'nobody'"),
    (dict(rules="sichuan", table_bots="nobot"), "unknown bot 'nobot'"),
    (dict(rules=None), "plays a rule set"),
    (dict(rules="sichuan", hand="3456788999m289p"), "14-tile hand"),
    (dict(rules="sichuan", melds="pong 5p"), "no melds"),
    (dict(rules="sichuan", draws=30), "draws=30 needs"),
])
def test_table_model_is_checked_before_the_exact_solve(kwargs, match, monkeypatch):
    import mjstats.discard

    def solved(*args, **kw):
        raise AssertionError("the exact solve ran before the table model's arguments were read")

    monkeypatch.setattr(mjstats.discard, "odds", solved)
    with pytest.raises(mj.MjStatsError, match=match):
        mj.odds(**({"hand": HAND, "missing": "s", "draws": 4, "table": 8} | kwargs))
