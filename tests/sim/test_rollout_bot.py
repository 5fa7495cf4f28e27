"""The ``rollout`` bot: its rollouts are the table model's, its games are legal and reproduce."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from games_validator import validate_run

import mjstats as mj
from mjstats.core.shanten import overlap4
from mjstats.core.tables import tables
from mjstats.sim import engine as E
from mjstats.sim import ev as EV
from mjstats.sim.simulate import simulate
from mjstats.study.discard_table import table_odds

HAND = "13456788999m289p"


def _rollout(n: int, hand: str = HAND, que: int = 2, wall_left: int = 32):
    """The rollout seat 0's choice for ``hand`` (8 draws: ``wall_left // 4``) and its sums."""
    R = mj.rules("sichuan")
    ka = R.kernel_args
    RS = E._rollout_scratch(ka.values.shape[0], E.engine_params(R.with_switches(tiandi=False)),
                            n)
    h = mj.parse(hand).astype(np.int8)
    RS.cand[:] = h > 0  # every discard a candidate
    d = E._rollout_discard(0, h, que, np.zeros(34, np.int8), R.tileset.mask.astype(np.uint8),
                           wall_left, 4, RS, ka.values, ka.switches, tables())
    return d, RS.sums.copy(), np.flatnonzero(h)


def test_rollout_payoffs_are_the_table_models():
    """Each candidate's mean payoff over the bot's rollouts agrees with ``table_odds`` (the
    same model, its own deals): within 4 standard errors of the difference of two
    independent means of ``n`` rollouts each (``table_odds``' standard error, twice)."""
    n = 400
    d, sums, cand = _rollout(n)
    t = table_odds(HAND, "sichuan", missing="s", draws=8, rollouts=n, seed=1).set_index("discard")
    for k in cand:
        name = mj.tiles.kind_name(int(k))
        row = t.loc[name]
        se = (row.payoff_hi - row.payoff) / 1.959964
        assert abs(sums[k] / n - row.payoff) <= 4 * np.sqrt(2) * se + 1e-12, name
    assert sums[d] == max(sums[k] for k in cand)
    assert mj.tiles.kind_name(d) in t.index[:3]  # the table model's leaders (8p, 9p ...)


def test_rollout_same_position_same_rollouts():
    """The rollouts' stream is seeded by the position: the same position, the same sums."""
    a, sa, _ = _rollout(32)
    b, sb, _ = _rollout(32)
    c, sc, _ = _rollout(32, wall_left=36)
    assert a == b and (sa == sb).all() and not (sa == sc).all()


@pytest.mark.parametrize("name,bots", [
    ("sichuan", ("rollout", "efficiency", "ev", "efficiency")),
    ("liuzhou", ("efficiency", "rollout", "efficiency", "rollout")),
])
def test_validator_replays_rollout_games(name, bots):
    with EV.settings(rollouts=4):
        r = simulate(name, games=40, seed=3, bots=bots, log=40)
    # each event's legality, and every logged hand's payments as the seats table has them
    assert validate_run(r) == 40


def test_rollout_runs_are_the_same_on_one_or_two_threads_and_differ_from_ev():
    bots = ("rollout", "efficiency", "efficiency", "efficiency")
    with EV.settings(rollouts=4):
        numba.set_num_threads(1)
        try:
            a = simulate("sichuan", games=64, seed=9, bots=bots)
        finally:
            numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        b = simulate("sichuan", games=64, seed=9, bots=bots)
    assert a.seats.equals(b.seats) and a.hands.equals(b.hands)
    c = simulate("sichuan", games=64, seed=9, bots=("ev",) + bots[1:])
    assert not a.seats.drop(columns="bot").equals(c.seats.drop(columns="bot"))


def test_rollout_setting_is_checked():
    with pytest.raises(ValueError, match="rollouts is a whole number >= 1"):
        with EV.settings(rollouts=0):
            pass


def test_rollout_candidates_are_the_ev_bots_best():
    """The candidates played out are the ``ev`` bot's most valuable discards, its own choice
    first: at most three, each worth at least 90% of the best (13456788999m289p)."""
    R = mj.rules("sichuan")
    ka = R.kernel_args
    X = EV.ev_scratch(R)
    EV._reset(X, 1)
    RS = E._rollout_scratch(ka.values.shape[0], E.engine_params(R), 4)
    h = mj.parse(HAND).astype(np.int8)
    z = np.zeros(4, np.int64)
    n = E._rollout_candidates(0, h, -1, False, z, z, 2, np.zeros(34, np.int8),
                              R.tileset.mask.astype(np.uint8), 32, 4, 0, X,
                              (ka.values, ka.switches, np.int64(ka.family)), tables(),
                              overlap4(), RS)
    r = mj.odds(HAND, "sichuan", missing="s", draws=8, objective="value", improve=False)
    t = r.table.sort_values(["ev", "p_win"], ascending=False)
    top = t[t.ev >= (1 - E.ROLLOUT_MARGIN) * t.ev.iloc[0]]["discard"].tolist()[:3]
    assert 1 < n == len(top) < len(t)
    assert sorted(mj.tiles.kind_name(int(k)) for k in np.flatnonzero(RS.cand)) == sorted(top)
    assert mj.tiles.kind_name(int(RS.best[0])) == top[0]
