"""The ``ev`` bot: its choices are the exact solver's, its games are legal, its runs reproduce."""

from __future__ import annotations

import numpy as np
import pytest
from games_validator import validate_run

import mjstats as mj
from mjstats.core.shanten import overlap4
from mjstats.core.tables import tables
from mjstats.discard.solo import odds
from mjstats.rules import rules
from mjstats.sim import ev as EV
from mjstats.sim.simulate import simulate


def _counts(text: str) -> np.ndarray:
    return mj.parse(text).astype(np.int8) if text else np.zeros(34, np.int8)


def _ev_seat(R, reopen=0, **settings):
    """The scratch of a new hand (``ev`` seat 0, not the dealer) under ``settings``, and
    ``discard(hand, tsumo, que, visible, wall_left, ndraw)``: the seat's ``_ev_discard``
    (no melds, four seats in).  ``reopen`` 0: the searches of :func:`mj.odds`' model,
    which these tests compare the bot with (the bot's own default is ``EV.REOPEN``)."""
    with EV.settings(**settings):
        X = EV.ev_scratch(R)
    assert X.cfg[EV.C_REOPEN] == EV.REOPEN
    X.cfg[EV.C_REOPEN] = reopen
    EV._reset(X, 1)
    z = np.zeros(4, np.int64)
    ka = R.kernel_args
    args = (ka.values, ka.switches, np.int64(ka.family))
    inset = R.tileset.mask.astype(np.uint8)

    def discard(hand, tsumo, que, visible, wall_left, ndraw):
        return EV._ev_discard(0, hand.copy(), tsumo, False, 0, z, z, que, visible, inset,
                              wall_left, 4, ndraw, X, args, tables(), overlap4())

    return X, discard


def _ev_choice(R, hand: str, que: int, visible: str, wall_left: int, improve_at: int = -1,
               fast: bool = True, reopen: int = 0):
    """The ``ev`` seat 0's discard (not the dealer, no melds, four seats in) and its value.

    ``improve_at`` -1: the fast mode only (the default bot searches with improvements
    at shanten 1 or less); ``fast`` False: no fast-mode search; ``reopen``: see
    :func:`_ev_seat`.
    """
    X, discard = _ev_seat(R, reopen, improve_at=improve_at, fast=fast)
    d = discard(_counts(hand), -1, que, _counts(visible), wall_left, 0)
    v, pw, k = EV._root_value(X, 0, True)
    return d, v, pw, X


def test_ev_keeps_the_one_suit_line_where_the_win_odds_do_not():
    """13456788999m289p, 8 draws, 条 missing: the ``ev`` bot throws what the exact solver's
    value objective throws (fast mode), a 清一色 line that the win objective does not take."""
    R = rules("sichuan")
    d, v, pw, _ = _ev_choice(R, "13456788999m289p", 2, "", 32)
    kw = dict(missing="s", draws=8, improve=False)
    rv = odds("13456788999m289p", "sichuan", objective="value", **kw)
    rw = odds("13456788999m289p", "sichuan", objective="win", **kw)
    assert mj.tiles.kind_name(d) == rv.best() != rw.best()
    row = rv.table.set_index("discard").loc[rv.best()]
    assert v == pytest.approx(row.ev, rel=1e-12) and pw == pytest.approx(row.p_win, rel=1e-12)
    assert row.ev > rv.table.set_index("discard").loc[rw.best()].ev
    qys = rv.patterns[rv.patterns.pattern == "清一色"].set_index("discard")["p_given_win"]
    assert qys[rv.best()] > 0.25 and rw.best() not in qys.index  # the other line has none


def test_the_bot_by_default_reopens_the_root_when_a_candidate_draws_its_tile_back():
    """``EV.REOPEN`` (1, the bot of the measured tables): in the fast mode, 9p of
    13456788999m289p (it raises shanten, 条 missing, 8 draws) is worth more to the bot
    than to :func:`mj.odds`, whose search makes the drawn-back hand an ordinary one; the
    choice is the same here, and with ``reopen`` 0 the value is the solver's again."""
    R = rules("sichuan")
    rv = odds("13456788999m289p", "sichuan", missing="s", draws=8, improve=False,
              objective="value")
    ev9 = rv.table.set_index("discard").loc["9p", "ev"]
    d1, v1, _, _ = _ev_choice(R, "13456788999m289p", 2, "", 32, reopen=EV.REOPEN)
    d0, v0, _, _ = _ev_choice(R, "13456788999m289p", 2, "", 32, reopen=0)
    assert EV.REOPEN == 1 and mj.tiles.kind_name(d1) == mj.tiles.kind_name(d0) == "9p"
    assert v0 == pytest.approx(ev9, rel=1e-12)
    assert v1 > ev9 * (1 + 1e-3)


def test_without_the_fast_mode_a_hand_past_the_improving_search_is_left_to_efficiency():
    """``settings(fast=False)``: the 2-shanten 123588m14799p258m (above ``improve_at``) is
    not searched at all (-1: ``efficiency`` decides, and the seat waits for a lower
    shanten to search again); with the fast mode it is searched (and here passes the
    bound, the cost that ``fast=False`` saves).  The ready 1112345678999m5p (筒 missing) is
    searched with improvements either way, to the same choice and value."""
    R = rules("sichuan")
    two = "123588m14799p258m"
    d, _, _, X = _ev_choice(R, two, 2, "", 32, improve_at=1, fast=False)
    assert d == -1 and X.cfg[EV.C_SOLVES] == 0 and X.seat[0, EV.S_FAILED] == 2
    d, _, _, X = _ev_choice(R, two, 2, "", 32, improve_at=1)
    assert X.cfg[EV.C_SOLVES] == 1  # searched (here past its bound: also left to efficiency)
    picks = [_ev_choice(R, "1112345678999m5p", 1, "", 32, improve_at=1, fast=f)
             for f in (False, True)]
    assert picks[0][0] == picks[1][0] == mj.parse("5p").argmax()
    assert picks[0][1] == picks[1][1] > 0
    assert picks[0][3].cfg[EV.C_SOLVES] == picks[1][3].cfg[EV.C_SOLVES] == 1


def test_with_follow_a_seat_plays_its_solved_policy_after_a_draw_without_solving_again():
    """``settings(follow=True)``: after the solve of 13456788999m289p (条 missing, 8 draws)
    and a draw of 2m, the seat throws what its solved policy says for that draw, with no
    second search.  Without ``follow`` the same draw is searched again, from the new hand
    with one draw fewer, and chooses the same tile: the solo model's policy is the same
    from either root."""
    R = rules("sichuan")
    hand, seen = _counts("13456788999m289p"), _counts("")
    drawn = int(mj.parse("2m").argmax())
    second = {}
    for follow in (True, False):
        X, discard = _ev_seat(R, improve_at=-1, follow=follow)
        d1 = discard(hand, -1, 2, seen, 32, 0)
        assert d1 >= 0 and X.cfg[EV.C_SOLVES] == 1
        after = hand.copy()
        after[d1] -= 1
        after[drawn] += 1
        second[follow] = discard(after, drawn, 2, seen, 28, 1)
        assert X.cfg[EV.C_SOLVES] == (1 if follow else 2)
        assert after[second[follow]] > 0
    assert second[True] == second[False]


@pytest.mark.parametrize("name", ["sichuan", "guangan", "liuzhou"])
def test_ev_discard_is_the_best_of_the_exact_solver(name):
    """On random hands within the budget, the value of the ``ev`` choice is the best expected
    value of :func:`mj.odds` (fast mode, value objective, the same draws and visible tiles)."""
    R = rules(name)
    rng = np.random.default_rng(5)
    wall = np.repeat(np.flatnonzero(R.tileset.mask), 4)
    checked = 0
    que = 2 if R.missing_suit else -1
    for _ in range(60):
        pool = rng.permutation(wall)
        # 条 missing, or (Liuzhou) no honors: hands close enough to fit the search bound
        mine = pool[pool // 9 != (que if que >= 0 else 3)][:14]
        counts = np.bincount(mine, minlength=34)
        seen = np.bincount(pool[-16:], minlength=34)
        if (counts + seen > 4).any():
            continue
        hand = mj.tiles.format(counts)
        visible = mj.tiles.format(seen)
        d, v, pw, X = _ev_choice(R, hand, que, visible, 40)
        if d < 0:
            continue  # past the budget, or nothing reachable: efficiency decides
        r = odds(hand, name, missing="mps"[que] if que >= 0 else None, visible=visible,
                 draws=10, objective="value", improve=False)
        best = r.table.ev.max()
        assert v == pytest.approx(best, rel=1e-12)
        assert r.table.set_index("discard").loc[mj.tiles.kind_name(d), "ev"] == pytest.approx(
            best, rel=1e-12)
        checked += 1
    assert checked >= 10


def test_ev_near_ready_hands_use_the_improving_search():
    """At shanten <= 1 the ``ev`` choice is worth the best expected value of ``mj.odds``
    with improvements (``improve=True, extra=1``) when that search fits the bound, and of
    the fast mode otherwise; most of these hands fit."""
    R = rules("sichuan")
    rng = np.random.default_rng(8)
    wall = np.repeat(np.flatnonzero(R.tileset.mask), 4)
    improving = fast = 0
    for _ in range(3000):
        pool = rng.permutation(wall)
        mine = pool[pool // 9 != 2][:14]
        counts = np.bincount(mine, minlength=34)
        if mj.shanten(counts) > 1 or improving >= 6:
            continue
        hand = mj.tiles.format(counts)
        d, v, pw, _ = _ev_choice(R, hand, 2, "", 40, improve_at=1)
        if d < 0:
            continue
        kw = dict(missing="s", draws=10, objective="value")
        best_i = odds(hand, "sichuan", improve=True, extra=1, **kw).table.ev.max()
        if v == pytest.approx(best_i, rel=1e-12):
            improving += 1
        else:
            assert v == pytest.approx(odds(hand, "sichuan", improve=False, **kw).table.ev.max(),
                                      rel=1e-12)
            fast += 1
    assert improving >= 6


@pytest.mark.parametrize("name,bots", [
    ("sichuan", ("ev", "efficiency", "ev", "value")),
    ("guangan", ("ev", "ev", "random", "efficiency")),
    ("liuzhou", ("ev", "efficiency", "efficiency", "ev")),
])
def test_validator_replays_ev_games(name, bots):
    r = simulate(name, games=120, seed=3, bots=bots, log=120)
    # each event's legality, and every logged hand's payments as the seats table has them
    assert validate_run(r) == 120


def test_ev_runs_are_the_same_on_one_or_two_threads():
    import numba

    bots = ("ev", "efficiency", "value", "ev")
    numba.set_num_threads(1)
    try:
        a = simulate("sichuan", games=300, seed=9, bots=bots)
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    b = simulate("sichuan", games=300, seed=9, bots=bots)
    assert a.seats.equals(b.seats) and a.hands.equals(b.hands)


def test_ev_plays_differently_from_efficiency_and_the_others_unchanged():
    """An ``ev`` seat changes the hands (it chooses otherwise), and a run without one is
    the run it always was: the engine compiles none of its code then."""
    a = simulate("sichuan", games=200, seed=4, bots="efficiency")
    b = simulate("sichuan", games=200, seed=4, bots=("ev", "efficiency", "efficiency",
                                                      "efficiency"))
    assert not a.seats.drop(columns="bot").equals(b.seats.drop(columns="bot"))
    assert (b.seats["bot"].astype(str) == np.tile(["ev", "efficiency", "efficiency",
                                                  "efficiency"], 200)).all()


def test_ev_settings_change_the_play_and_are_restored():
    """``ev.settings`` plays the bot otherwise inside the block only; a bad objective is
    one clear error."""
    bots = ("ev", "efficiency", "efficiency", "efficiency")
    a = simulate("sichuan", games=150, seed=6, bots=bots)
    default = dict(EV.SETTINGS)
    with EV.settings(objective="win") as s:
        assert s["objective"] == "win" and EV.SETTINGS["objective"] == "win"
        b = simulate("sichuan", games=150, seed=6, bots=bots)
    assert EV.SETTINGS == default and default["objective"] == "value"
    c = simulate("sichuan", games=150, seed=6, bots=bots)
    assert a.seats.equals(c.seats) and not a.seats.equals(b.seats)
    with pytest.raises(ValueError, match="objective is one of value, win"):
        with EV.settings(objective="speed"):
            pass


def test_a_run_takes_its_ev_settings_with_it_and_records_them(tmp_path):
    """The chunks of a run started under ``ev.settings`` play those settings wherever
    they run (the task carries them: called outside the block it plays as inside), and
    the run folder records them, so a resume under other settings is refused."""
    from mjstats.runfolder import RunFolderError
    from mjstats.sim.bots import bot_code
    from mjstats.sim.simulate import games_task

    bots = ("ev", "efficiency", "efficiency", "efficiency")
    with EV.settings(objective="win"):
        inside = simulate("sichuan", games=150, seed=6, bots=bots, out=tmp_path / "run")
        evs = EV.run_settings(bots)
    task = games_task("sichuan", {}, tuple(bot_code(b) for b in bots), inside.seed, False,
                      0, 0, 150, ev_settings=evs)
    default = games_task("sichuan", {}, tuple(bot_code(b) for b in bots), inside.seed, False,
                         0, 0, 150)
    stats = inside.stats.to_frame()
    assert task["stats"].equals(stats) and not default["stats"].equals(stats)
    with pytest.raises(RunFolderError, match="ev_settings"):
        simulate("sichuan", games=150, seed=6, bots=bots, out=tmp_path / "run", resume=True)
    # runs without ev seats keep their identity: the settings change nothing there
    assert EV.run_settings(("efficiency", "value")) is None and EV.run_identity(None) == {}


def _fast_positions(name: str, seed: int):
    """Rule set, kernel arguments, a generator, the wall's tiles, empty melds and an ``ev``
    scratch in the fast mode: what the call tests draw their positions with."""
    R = rules(name)
    with EV.settings(improve_at=-1):
        X = EV.ev_scratch(R)
    return (R, R.kernel_args, np.random.default_rng(seed),
            np.repeat(np.flatnonzero(R.tileset.mask), 4), np.zeros(4, np.int64), X)


def test_ev_pong_compares_the_solved_values_of_passing_and_taking():
    """On random hands holding a pair of the discard, the ``ev`` seat pongs exactly when
    ``mj.odds`` values the hand after the pong (its best discard, the meld exposed) above
    the hand as it stands (value, then P(win); fast mode, the same draws and tiles seen);
    it both takes and passes, and not always as the efficiency rule would."""
    from mjstats.discard import _dp
    from mjstats.sim import bots as B

    R, ka, rng, wall, z, X = _fast_positions("sichuan", 11)
    seen = {0: 0, 1: 0}
    differs = 0
    for _ in range(400):
        pool = rng.permutation(wall)
        counts = np.bincount(pool[pool // 9 != 2][:13], minlength=34).astype(np.int8)
        pairs = np.flatnonzero((counts >= 2) & (np.arange(34) < 18))
        if len(pairs) == 0 or mj.shanten(counts) > 2:
            continue
        d = int(pairs[0])
        vis = np.bincount(pool[-12:], minlength=34).astype(np.int8)
        vis[d] = 0
        if (counts + vis > 4).any() or counts[d] + 1 > 4:
            continue
        vis_d = vis.copy()
        vis_d[d] += 1  # the discard, seen
        EV._reset(X, 1)
        c = EV._ev_pong(0, counts.copy(), d, 0, z, z, 2, vis_d, R.tileset.mask.astype(np.uint8),
                        40, 4, 0, X, (ka.values, ka.switches, np.int64(ka.family)), tables(),
                        overlap4())
        if c < 0:
            continue  # past the budget, nothing worth anything, or a tie: efficiency decides
        kw = dict(missing="s", draws=10, objective="value", improve=False)
        r0 = odds(mj.tiles.format(counts), "sichuan", visible=mj.tiles.format(vis_d) or None,
                  **kw)
        after = counts.copy()
        after[d] -= 2
        r1 = odds(mj.tiles.format(after), "sichuan", melds=[f"pong {mj.tiles.kind_name(d)}"],
                  visible=mj.tiles.format(vis) or None, **kw)
        t0, t1 = r0.table.iloc[0], r1.table.sort_values(["ev", "p_win"]).iloc[-1]
        cmp = _dp._cmp(t1.ev, t0.ev) or _dp._cmp(t1.p_win, t0.p_win)
        assert c == (1 if cmp > 0 else 0)
        seen[c] += 1
        eff = B._want_pong(counts.copy(), d, 0, z, z, 2, B.EFFICIENCY, tables(),
                           np.zeros(4, np.uint64), np.zeros(34, np.int64))
        differs += bool(eff) != bool(c)
    assert seen[0] >= 5 and seen[1] >= 5 and differs >= 1


def test_ev_chow_takes_the_run_worth_most_or_passes():
    """Liuzhou: on random hands that can chow the discard, the ``ev`` seat's choice is the run
    (or the pass) that ``mj.odds`` values most (value, then P(win); fast mode), and it both
    chows and passes."""
    from mjstats.discard import _dp

    R, ka, rng, wall, z, X = _fast_positions("liuzhou", 12)
    kw = dict(draws=10, objective="value", improve=False)
    took = passed = 0
    for _ in range(2500):
        pool = rng.permutation(wall)
        counts = np.bincount(pool[:13], minlength=34).astype(np.int8)
        d = int(pool[13])
        if d >= 27 or mj.shanten(counts) > 2 or counts[d] >= 3:
            continue
        runs = [lo for lo in range(d - 2, d + 1) if d - d % 9 <= lo <= d - d % 9 + 6
                and all(counts[x] > 0 for x in range(lo, lo + 3) if x != d)]
        if not runs:
            continue
        vis = np.bincount(pool[-12:], minlength=34).astype(np.int8)
        vis[d] += 1
        if (counts + vis > 4).any():
            continue
        EV._reset(X, 1)
        c = EV._ev_chow(0, counts.copy(), d, 0, z, z, -1, vis, R.tileset.mask.astype(np.uint8),
                        40, 4, 0, X, (ka.values, ka.switches, np.int64(ka.family)), tables(),
                        overlap4())
        if c == -1:
            continue  # past the budget or nothing worth anything: efficiency decides
        t0 = odds(mj.tiles.format(counts), "liuzhou", visible=mj.tiles.format(vis), **kw).table
        best, bv, bp = -2, t0.ev.iloc[0], t0.p_win.iloc[0]
        for lo in runs:
            after = counts.copy()
            for x in range(lo, lo + 3):
                if x != d:
                    after[x] -= 1
            seen = vis.copy()
            seen[d] -= 1  # the meld's tiles count as seen through melds=
            run = mj.tiles.format(np.bincount([lo, lo + 1, lo + 2], minlength=34))
            t1 = odds(mj.tiles.format(after), "liuzhou", melds=[f"chow {run}"],
                      visible=mj.tiles.format(seen) or None, **kw).table
            t1 = t1.sort_values(["ev", "p_win"]).iloc[-1]
            if (_dp._cmp(t1.ev, bv) or _dp._cmp(t1.p_win, bp)) > 0:
                best, bv, bp = lo, t1.ev, t1.p_win
        assert c == best
        took += c >= 0
        passed += c == -2
    assert took >= 5 and passed >= 5
