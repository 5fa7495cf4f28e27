"""Exact odds of a hand (mj.odds) against slow references, closed forms and rollouts."""

from __future__ import annotations

import math
import zlib

import numpy as np
import pandas as pd
import pytest

import mjstats as mj
from mjstats.discard import OddsError, odds
from tests.discard.naive_odds import Expectimax, published, rollouts


def _random_hand(rng, ts, max_shanten, n=14):
    wall = np.repeat(np.array(ts.kinds), 4)
    while True:
        h = np.bincount(rng.choice(wall, n, replace=False), minlength=34)
        if mj.shanten(h.astype(np.int8), form="standard") <= max_shanten:
            return h


def _curve(turns, tile):
    return turns[turns.discard == tile].sort_values("u")["value"].to_numpy()


@pytest.mark.parametrize("objective", ["win", "ready"])
def test_fast_mode_is_the_published_recursion(objective):
    """improve=False, model="published": every turn curve equals the published recursion
    (tomohxx win_prob1, written out in tests/odds/naive_odds.py) to 1e-12, on the
    108-tile set, standard form, nothing visible (first denominator 94)."""
    rng = np.random.default_rng(11)
    ts = mj.tileset("sichuan")
    avail = ts.mask.astype(int) * 4
    S = int(avail.sum()) - 14
    assert S == 94
    T = 9
    compared = 0
    for _ in range(4):
        h = _random_hand(rng, ts, 2)
        ref = published(h, avail, S, T, objective, "standard")
        r = odds(h, None, tileset="sichuan", form="standard", improve=False,
                 model="published", draws=T, objective=objective)
        assert r.info["S"] == 94
        for j, curve in ref.items():
            mine = _curve(r.turn_curves, mj.kind_name(j))
            np.testing.assert_allclose(mine, curve[:T], rtol=0, atol=1e-12)
            compared += 1
    assert compared >= 8


def test_fast_mode_with_honors_and_visible_tiles():
    """136 tiles with honors, seven pairs allowed, tiles visible: still the published recursion."""
    rng = np.random.default_rng(5)
    ts = mj.tileset("liuzhou")
    h = _random_hand(rng, ts, 1)
    vis = np.zeros(34, dtype=int)
    for k in rng.choice(np.flatnonzero(h == 0), 6, replace=False):
        vis[k] = 2
    avail = 4 - vis
    S = int(avail.sum()) - 14
    T = 8
    ref = published(h, avail, S, T, "win", "any")
    r = odds(h, None, tileset="liuzhou", visible=vis, improve=False, model="published",
             draws=T)
    assert r.info["S"] == S
    for j, curve in ref.items():
        np.testing.assert_allclose(_curve(r.turn_curves, mj.kind_name(j)), curve[:T], atol=1e-12)


@pytest.mark.parametrize("hand,visible,T,form,objective", [
    ("12m45p78s1234z566z", "3z7z", 6, "standard", "win"),   # 4-shanten, 6 draws: time-pruned
    ("12m456p78s123z566z", "4z7z", 5, "any", "win"),        # 13 tiles, as is
    ("123m456p78s1234z66z", "3z4z7z7z", 12, "any", "ready"),
    ("123m456p78s1234z66z", "", 17, "standard", "win"),
])
def test_fast_mode_keeps_one_hand_per_class_of_interchangeable_honors(hand, visible, T, form,
                                                                      objective):
    """Hands that differ only by honors with as many copies unseen and as many held in
    the input are one state: the fast mode's curves are still the published recursion's
    (to 1e-12, with honors of three different visible counts, a 13-tile input, and time
    pruning: a 4-shanten hand with 6 draws), the search holds under a third of the hands
    the recursion visits (under the win objective), and each candidate's 进张 is that of
    its own hand (kinds named as held, not as folded)."""
    h = mj.parse(hand)
    vis = mj.parse(visible) if visible else np.zeros(34, dtype=np.int64)
    avail = 4 - vis
    S = int(avail.sum()) - int(h.sum())
    seen: dict = {}
    ref = published(h, avail, S, T, objective, form, seen=seen)
    r = odds(h, None, tileset="liuzhou", visible=visible or None, improve=False,
             model="published", draws=T, form=form, objective=objective, candidates="keep")
    assert sorted(ref) == sorted(-1 if d == "-" else mj.parse_tile(d) for d in r.table.discard)
    for j, curve in ref.items():
        tc = r.turn_curves
        mine = (tc[tc.discard == mj.kind_name(j)] if j >= 0 else tc).sort_values("u")["value"]
        np.testing.assert_allclose(mine.to_numpy(), curve[:T], rtol=0, atol=1e-12)
    assert max(c.max() for c in ref.values()) > 0  # not a table of zeros
    if objective == "win":  # (under "ready" the recursion stops at a ready hand)
        assert 3 * r.info["states"]["-"] < len(seen)
    for row in r.table.itertuples():
        h13 = h.copy()
        if row.discard != "-":
            h13[mj.parse_tile(row.discard)] -= 1
        s = mj.shanten(h13, form=form)
        jin = {}
        for k in range(34):
            if avail[k] - h13[k] > 0:
                h13[k] += 1
                if mj.shanten(h13, form=form) < s:
                    jin[k] = int(avail[k] - h13[k] + 1)
                h13[k] -= 1
        assert row.jinzhang_live == sum(jin.values()), row.discard
        assert row.jinzhang.split() == [f"{mj.kind_name(k)}x{w}" for k, w in sorted(jin.items())]


def _same_numbers(a, b):
    for name in ("table", "turn_curves", "curves", "values", "patterns"):
        x, y = getattr(a, name), getattr(b, name)
        assert list(x.columns) == list(y.columns)
        num = x.select_dtypes("number").columns
        np.testing.assert_allclose(x[num].to_numpy(float), y[num].to_numpy(float), rtol=0,
                                   atol=1e-12)
        other = [c for c in x.columns if c not in num]
        assert (x[other].astype(str).to_numpy() == y[other].astype(str).to_numpy()).all()


@pytest.mark.parametrize("rules,hand,kw", [
    ("liuzhou", "128m11p12479s2334z", {}),
    ("liuzhou", "1245m145p669s3677z", dict(visible="1z2z2z")),
    ("guangan", "15678m124567s567z", dict(missing="p")),
])
@pytest.mark.parametrize("objective", ["value", "win", "ready"])
@pytest.mark.parametrize("improve", [False, True])
def test_honors_are_folded_under_rule_sets_that_value_them_alike(rules, hand, kw, objective,
                                                                 improve):
    """Under Liuzhou and Guang'an (whose tables treat honors alike, ``_honor_groups``),
    in the fast mode and the improving one, the search keeps one hand per class of
    interchangeable honors: every number of the table and the curves (values, their
    distribution, the patterns) equals the search that keeps every hand (a kept
    policy: the engine looks its states up by hand, so nothing is folded), with fewer
    hands searched.  A meld of an honor turns the folding off (a melded kind and a held
    one do not trade places in the score)."""
    args = dict(improve=improve, objective=objective, draws=9, **kw)
    a = odds(hand, rules, **args)
    b = odds(hand, rules, keep_policy=True, **args)
    _same_numbers(a, b)
    key = kw.get("missing", "-")
    assert a.info["states"][key] < b.info["states"][key]
    h = mj.parse(hand)
    z = int(np.flatnonzero(h[27:] > 0)[-1]) + 27
    melded = h.copy()
    melded[z] = 0  # the hand less that honor, with a pong of it: three tiles fewer
    drop = np.flatnonzero(melded[:27] > 0)[: 3 - int(h[z])]  # and a tile or two more out
    for k in drop:
        melded[k] -= 1
    if melded.sum() != 11:
        return
    m = dict(args, melds=[f"pong {mj.kind_name(z)}"])
    a = odds(melded, rules, **m)
    b = odds(melded, rules, keep_policy=True, **m)
    _same_numbers(a, b)
    assert a.info["states"] == b.info["states"]


@pytest.mark.parametrize("hand,kw", [
    ("2467m489s5556677z", dict(missing="choose", visible="1555m1112222338p1111444889s",
                              objective="win", draws=3, model="published", dealer=True)),
    ("1489m25799p56777z", dict(missing="s", visible="7p6666s", objective="value", draws=15,
                              candidates="keep", dealer=True)),
])
def test_ties_are_ranked_by_the_next_key_never_by_rounding(hand, kw):
    """Discards whose P(win) is the same sum added in another order (folded or not) are
    ranked by their value, as the solver's own choices are (within ``_dp.TIE``), and
    patterns equally likely keep the rule set's order: the folded search and the one
    that keeps every hand give the same table, row for row, and the same best()."""
    a = odds(hand, "guangan", improve=False, **kw)
    b = odds(hand, "guangan", improve=False, keep_policy=True, **kw)
    _same_numbers(a, b)
    assert a.best() == b.best()
    t = a.table
    for i in range(len(t) - 1):  # never a lower value first among tied P(win)
        if kw["objective"] == "win" and abs(t.p_win[i] - t.p_win[i + 1]) < 1e-12:
            assert t.ev[i] >= t.ev[i + 1] - 1e-12


@pytest.mark.parametrize("hand,T", [("5m35678p23678s135z", 10), ("112233m445566p7s8s", 12)])
def test_fast_mode_every_candidate_is_the_published_recursion_from_its_hand(hand, T):
    """Every candidate, those that raise shanten included (``candidates="all"``), is
    worth what the published recursion gives its 13-tile hand (the unseen tiles those
    of the 14-tile input): drawing back the tile thrown makes an ordinary hand, whose
    discards keep shanten, not the input again with every discard open."""
    h = mj.parse(hand)
    avail = np.full(34, 4)
    S = int(avail.sum()) - 14
    r = odds(h, None, tileset="liuzhou", improve=False, model="published", draws=T,
             form="standard")
    s = mj.shanten(h, form="standard")
    raised = 0
    for d in r.table.discard:
        h13 = h.copy()
        h13[mj.parse_tile(d)] -= 1
        raised += mj.shanten(h13, form="standard") > s
        ref = published(h13, avail, S, T, "win", "standard")[-1]
        np.testing.assert_allclose(_curve(r.turn_curves, d), ref[:T], rtol=0, atol=1e-12)
    assert raised >= 3


@pytest.mark.parametrize("rules,objective", [
    ("sichuan", "win"), ("sichuan", "value"), ("sichuan", "ready"),
    ("guangan", "value"), ("liuzhou", "value"), ("liuzhou", "win"),
])
def test_optimal_play_matches_brute_force(rules, objective):
    """Improving play with an unbinding bound equals brute-force expectimax over every
    draw and every legal discard (few draws: T = 2 or 3), values from mj.score.

    With time pruning every expanded state has ``d + s <= T - 1`` and every B state
    ``d + s <= T``, so ``extra = T + 2`` never binds.  Both divide by ``S - u`` (the
    published model): the optimum then does not depend on how ties between kept
    and thrown draws are broken, while the default's ``max(S - u, W)`` counts the
    kept draws' weight ``W`` and so follows the tie rule (it equals the published
    model wherever ``W <= S - u``, checked in
    ``test_default_model_never_exceeds_one_and_agrees_when_proper``)."""
    rng = np.random.default_rng(zlib.crc32(f"{rules} {objective}".encode()))
    R = mj.rules(rules)
    ts = R.tileset
    avail = ts.mask.astype(int) * 4
    S = int(avail.sum()) - 14
    T = 2 if objective == "ready" else 3  # the slow reference checks readiness by brute force
    checked = 0
    while checked < 2:
        h = _random_hand(rng, ts, 1)
        if R.missing_suit:
            counts = h[:27].reshape(3, 9).sum(1)
            miss = int(np.argmin(counts))
            if counts[miss] > 1:
                continue
        else:
            miss = None
        E = Expectimax(avail, S, T, objective=objective, form="any", rules=rules, missing=miss,
                       published_model=True)
        r = odds(h, rules, missing=None if miss is None else "mps"[miss], draws=T,
                 objective=objective, extra=T + 2, model="published")
        col = {"win": "p_win", "value": "ev", "ready": "p_ready"}[objective]
        for _, row in r.table.iterrows():
            j = mj.parse_tile(row.discard)
            h13 = h.copy()
            h13[j] -= 1
            ref = E.value(tuple(int(x) for x in h13), 0)
            assert abs(ref - row[col]) < 1e-12, (mj.format(h.astype(np.int8)), row.discard)
        assert r.table[col].max() > 0
        checked += 1


def test_ready_hand_closed_form():
    """A ready hand with w live winning tiles: P(win within t) = 1 - prod_{i<t} (1 - w/(S-i))."""
    cases = (("1112345678999m", "p", "5m5m", 1 + 6 * 3 + 1 + 1),  # 九莲宝灯: every m tile
             ("111234567m99p55p", "s", "9p5p", 2))  # 对倒 on 9p and 5p
    for hand, miss, vis, w in cases:
        r = odds(hand, "sichuan", missing=miss, visible=vis, draws=12, improve=False)
        row = r.table.iloc[0]
        assert row.shanten == 0 and row.wait_live == w
        S = r.info["S"]
        assert S == 108 - 2 - 13
        curve = r.curves.sort_values("t")["p_win"].to_numpy()
        exact = [1 - math.prod(1 - w / (S - i) for i in range(t)) for t in range(1, 13)]
        np.testing.assert_allclose(curve, exact, rtol=0, atol=1e-14)


def test_forward_matches_backward():
    """The forward pass under the chosen policy reaches the backward optimum by the last draw."""
    r = odds("13456788999m289p", "sichuan", missing="s", draws=8)
    u0 = r.turn_curves[r.turn_curves.u == 0].set_index("discard")["value"]
    last = r.table.set_index("discard")["p_win"]
    np.testing.assert_allclose(last.loc[u0.index].to_numpy(), u0.to_numpy(), atol=1e-12)


def test_rollouts_follow_the_exact_curves():
    """Monte Carlo of the same model, deciding by brute force: every curve point inside its
    99.9% binomial interval (z = 3.29, n = 3000 rollouts: half-width <= 0.030)."""
    h = mj.parse("223344p1123578s1m")
    avail = mj.tileset("sichuan").mask.astype(int) * 4
    T = 4
    E = Expectimax(avail, int(avail.sum()) - 14, T, objective="win", form="any",
                   rules="sichuan", missing=0)
    r = odds(h, "sichuan", missing="m", draws=T, extra=T + 2)
    best = r.table.iloc[0]
    j = mj.parse_tile(best.discard)
    h13 = h.astype(int).copy()
    h13[j] -= 1
    n = 3000
    wins, ready, _ = rollouts(E, h13, n, np.random.default_rng(2))
    curves = r.curves[r.curves.discard == best.discard].sort_values("t")
    for est, exact in ((np.cumsum(wins) / n, curves.p_win.to_numpy()),
                       (np.cumsum(ready) / n, curves.p_ready.to_numpy())):
        half = 3.29 * np.sqrt(np.maximum(exact * (1 - exact), 1e-4) / n)
        assert np.all(np.abs(est - exact) <= half), (est, exact)
    assert curves.p_win.iloc[-1] > 0.05


def test_relabelled_suits_give_the_same_numbers():
    h = mj.parse("13456788999m289p")
    perm = np.r_[np.arange(9, 18), np.arange(0, 9), np.arange(18, 34)]  # m <-> p
    a = odds(h, "sichuan", missing="s", visible="5m1p", draws=6)
    b = odds(h[perm], "sichuan", missing="s", visible="5p1m", draws=6)
    swap = str.maketrans("mp", "pm")
    ta = a.table.assign(discard=a.table.discard.str.translate(swap)).set_index("discard")
    tb = b.table.set_index("discard")
    cols = ["shanten", "jinzhang_live", "p_ready", "p_win", "ev"]
    np.testing.assert_allclose(ta.loc[tb.index, cols].to_numpy(float),
                               tb[cols].to_numpy(float), atol=1e-13)


def test_missing_suit_tile_goes_first():
    """Holding one tile of the missing suit, it is the only legal discard."""
    r = odds("11123456789m55p3s", "sichuan", missing="s", draws=6)
    assert r.table.discard.tolist() == ["3s"]
    # choose: every suit is evaluated; keeping 万 and 筒 (missing 条) is best
    r = odds("11123456789m55p3s", "sichuan", draws=6)
    assert set(r.table.missing) == {"m", "p", "s"}
    assert r.table.iloc[0].missing == "s" and r.best() == "3s"
    for miss in "mp":
        sub = r.table[r.table.missing == miss]
        assert set(sub.discard.str[-1]) == {miss}


def test_value_objective_keeps_the_one_suit_line():
    """13456788999m289p: win odds throw 1m; the value objective throws 2p for 清一色."""
    rw = odds("13456788999m289p", "sichuan", missing="s", draws=8, objective="win")
    rv = odds("13456788999m289p", "sichuan", missing="s", draws=8, objective="value")
    assert rw.best() == "1m" and rv.best() == "2p"
    w, v = rw.table.iloc[0], rv.table.iloc[0]
    assert w.p_win > v.p_win and v.ev > w.ev
    pats = rv.patterns[rv.patterns.discard == "2p"].set_index("pattern")
    assert pats.loc["清一色", "p_given_win"] > 0.3


def test_default_model_never_exceeds_one_and_agrees_when_proper():
    h = mj.parse("1112345678999m5p")
    a = odds(h, "sichuan", missing="p", draws=12, improve=False)
    b = odds(h, "sichuan", missing="p", draws=12, improve=False, model="published")
    assert (a.turn_curves.value <= 1 + 1e-15).all()
    np.testing.assert_allclose(a.turn_curves.value, b.turn_curves.value, atol=1e-15)


@pytest.mark.parametrize("kwargs,match", [
    (dict(hand="123m456p789s1122z", draws=200), "unseen"),
    (dict(hand="123m456p789s112233z"), "15"),
    (dict(hand="123m456p789s1122z", visible="1z1z1z"), "1z"),
    (dict(hand="123m456p789s1122z", objective="speed"), "objective"),
    (dict(hand="123m456p789s1122z", rules="daer-luzhou"), "Da Er"),
    (dict(hand="123456789m22p", rules="sichuan", melds=["pong 5m"], missing="m"), "5m"),
    (dict(hand="11123456789m55p3s", rules="sichuan", missing="z"), "missing"),
    (dict(hand="123m456p789s1122z", visible=np.zeros(34)),
     r"count vector of shape \(34,\) of whole numbers >= 0, got an array of shape \(34,\) "
     r"and dtype float64$"),
    (dict(hand="11123456789m55p3s", rules="liuzhou", missing="p"),
     r"'liuzhou' has no missing suit \(定缺\), got missing='p'.*sichuan, sichuan-app, guangan"),
])
def test_bad_input_is_one_clear_error(kwargs, match):
    with pytest.raises(mj.MjStatsError, match=match):
        odds(**kwargs)


def test_a_count_past_int64_is_refused_not_read_as_negative():
    """A uint64 count of 2**63 or more would be negative once cast: refused like any other."""
    h = mj.parse("123m456p789s1122z").astype(np.uint64)
    h[8] = np.iinfo(np.uint64).max  # 9m
    for where in (dict(hand=h), dict(hand="123m456p789s1122z", visible=h)):
        with pytest.raises(mj.HandError, match="whole numbers >= 0, got an array of shape"):
            odds(**where)


def test_search_bound_is_reported():
    with pytest.raises(OddsError, match="max_states"):
        odds("1479m258p369s1234z", draws=10, max_states=1000)


def test_a_hand_that_cannot_win_in_its_draws_says_so():
    """Legal shanten s needs s + 1 draws to win: past the bound with fewer, the error (or
    the suit left out) says P(win) is 0; with enough draws, or the ready objective, it
    does not."""
    with pytest.raises(OddsError, match=r"cannot win in 10 draws \(legal shanten 10 needs "
                                        r"11\): P\(win\) = 0"):
        odds("13456788999m289p", "sichuan", missing="m", draws=10, max_states=2000)
    r = odds("13456788999m289p", "sichuan", draws=10, max_states=200_000, fallback=False)
    assert "cannot win in 10 draws" in r.info["skipped"]["m"]
    for kwargs in (dict(draws=11), dict(draws=10, objective="ready")):
        with pytest.raises(OddsError) as e:
            odds("13456788999m289p", "sichuan", missing="m", max_states=2000, **kwargs)
        assert "cannot win" not in str(e.value)


def test_cli_prints_the_table_with_both_names(capsys):
    from mjstats.cli import main

    argv = ["odds", "1112345678999m5p", "--visible", "5p9m", "--draws", "12", "--rules",
            "sichuan", "--missing", "p", "--curves"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    r = odds("1112345678999m5p", "sichuan", visible="5p9m", draws=12, missing="p")
    first = out.splitlines()[2]
    assert first.split()[:2] == ["5p", "五筒"]
    assert f"{r.table.p_win.iloc[0]:.4f}" in first
    assert "unseen S = 92" in out and "P(胡 win)" in out and "清一色" in out
    assert "p_win by draw t" in out
    assert main(["odds", "1112345678999m5p", "--rules", "daer-luzhou"]) == 2
    assert "Da Er" in capsys.readouterr().err


def test_choose_leaves_out_a_suit_too_large_to_search():
    """13456788999m289p: missing 万 means shedding eleven tiles; without the fallback, with
    "choose" that suit is named as not searched and the other two are solved exactly."""
    r = odds("13456788999m289p", "sichuan", draws=10, max_states=200_000, fallback=False)
    assert set(r.table.missing) == {"p", "s"}
    assert "m" in r.info["skipped"] and "legal shanten 10" in r.info["skipped"]["m"]
    assert "缺 m 万: not searched" in str(r)
    with pytest.raises(OddsError, match="legal shanten 10"):
        odds("13456788999m289p", "sichuan", missing="m", draws=10, max_states=200_000,
             fallback=False)


def test_a_search_too_large_falls_back_to_the_fast_mode():
    """Past max_states the improving search gives way to the fast mode for that suit only:
    its rows are exactly improve=False's, the other suit's the improving search's, and the
    header says which suit fell back and why."""
    h = "2245667m13579p39s"
    full_s = odds(h, "sichuan", missing="s", draws=8)
    n_s = full_s.info["states"]["s"]
    r = odds(h, "sichuan", missing="choose", draws=8, max_states=n_s + 1)
    fell = set(r.info["fallback"])
    assert "s" not in fell and fell  # the small suit fits, a larger one fell back
    for suit in fell:
        fast = odds(h, "sichuan", missing=suit, draws=8, improve=False, max_states=n_s + 1)
        got = r.table[r.table.missing == suit].reset_index(drop=True)
        cols = [c for c in fast.table.columns if c != "top_patterns"]  # ordered across rows
        pd.testing.assert_frame_equal(got[cols], fast.table[cols], check_exact=True)
        assert f"缺 {suit}" in str(r) and "fast mode (improve=False)" in str(r)
    got_s = r.table[r.table.missing == "s"].reset_index(drop=True)
    pd.testing.assert_frame_equal(got_s[cols], full_s.table[cols], check_exact=True)


def test_missing_suit_tiles_are_interchangeable():
    """Holding several tiles of the missing suit, every one is an equal first discard."""
    r = odds("123456789m12p5s77s", "sichuan", missing="p", draws=6)
    assert sorted(r.table.discard) == ["1p", "2p"]
    a, b = r.table.iloc[0], r.table.iloc[1]
    for col in ("p_ready", "p_win", "ev"):
        assert a[col] == pytest.approx(b[col], abs=1e-15)


@pytest.mark.parametrize("n, distinct", [(0, 1), (1, 1), (40, 3), (500, 25)])
def test_distinct_values_are_numpy_s_unique(rng, n, distinct):
    from mjstats.discard._dp import _distinct

    w = rng.integers(0, distinct, n).astype(np.float64) * 1.5
    vals, idx = _distinct(w)
    ref, inv = np.unique(w, return_inverse=True)
    assert np.array_equal(vals, ref) and np.array_equal(idx, inv)


@pytest.mark.parametrize("objective", ["win", "ready", "value"])
@pytest.mark.parametrize("improve", [True, False])
def test_work_buffers_carry_nothing_from_one_solve_to_the_next(objective, improve):
    """A solve in work buffers full of garbage gives the numbers of one in fresh buffers.

    The buffers a thread keeps between solves (:class:`mjstats.discard._dp.Work`) are
    cut into the policy and the forward pass's probabilities; each solve must write
    every entry it reads.  Here they are filled with NaN, 0xFF and -7 before each
    solve, larger than any of these searches needs, and the graph's two hash tables
    (used again where their size fits) with random numbers, for 14-tile and 13-tile
    hands, with the exact policy kept (as the table model asks) and without.
    """
    from mjstats.discard import _dp, solo

    cases = [("13456788999m289p", dict(missing="s", draws=9)),
             ("1112345678999m5p", dict(missing="p", draws=6)),
             ("123456789m1199p", dict(missing="s", draws=5))]  # 13 tiles: as it is
    try:
        for hand, kw in cases:
            for keep in (False, True):
                def solve(hand=hand, kw=kw, keep=keep):
                    r = odds(hand, "sichuan", objective=objective, improve=improve,
                             keep_policy=keep, **kw)
                    return r, list(r.policies.values())

                solo._WORK.buffers = None
                fresh, fresh_policy = solve()
                n = 1 << 20
                kept = solo._WORK.buffers  # its hash tables have the size this search takes
                rng = np.random.default_rng(len(hand))
                junk = [rng.integers(-9, 1 << 40, t.shape) for t in (kept.tA, kept.tB)]
                solo._WORK.buffers = _dp.Work(np.full(n, np.nan), np.full(n, 0xFF, np.uint8),
                                              np.full(n, -7, np.int32), *junk)
                dirty, dirty_policy = solve()
                pd.testing.assert_frame_equal(fresh.table, dirty.table, check_exact=True)
                pd.testing.assert_frame_equal(fresh.turn_curves, dirty.turn_curves,
                                              check_exact=True)
                for a, b in zip(fresh_policy, dirty_policy, strict=True):
                    assert np.array_equal(a.disc, b.disc) and np.array_equal(a.start, b.start)
    finally:
        solo._WORK.buffers = None  # the next test's solves start from fresh buffers


def test_a_kept_policy_shares_nothing_with_the_next_solve():
    """A policy kept (``keep_policy``) is a copy: the thread's next solve changes none of it."""
    from mjstats.discard import solo

    first = list(odds("13456788999m289p", "sichuan", missing="s", draws=8,
                      keep_policy=True).policies.values())
    saved = [[a.copy() for a in p] for p in first]
    # the same root: a search that starts with tables of the same size, which it uses again
    odds("13456788999m289p", "sichuan", missing="s", draws=4, keep_policy=True)
    kept = solo._WORK.buffers
    for p, before in zip(first, saved, strict=True):
        for a, b in zip(p, before, strict=True):
            assert np.array_equal(a, b)
            assert not any(np.shares_memory(a, k) for k in kept)


def test_a_kept_hash_table_is_used_again_emptied_where_its_size_fits():
    """``handtable._emptied``: a kept table of ``cap`` to ``2 cap`` slots, emptied, else a new."""
    from mjstats.core.handtable import _emptied

    junk = np.random.default_rng(1).integers(0, 1 << 40, (64, 4))
    for cap in (32, 64):
        out = _emptied(junk.copy(), cap)
        assert out.shape == (64, 4) and (out[:, 2] == -1).all()
    kept = junk.copy()
    assert np.shares_memory(_emptied(kept, 64), kept)
    for cap in (16, 128):  # more than twice too large, or too small: a new table
        out = _emptied(kept, cap)
        assert out.shape == (cap, 4) and (out[:, 2] == -1).all()
        assert not np.shares_memory(out, kept)


def test_a_thread_keeps_its_work_buffers_up_to_a_size(monkeypatch):
    """Buffers a search grew are kept for the thread's next solve, unless past KEEP_WORK."""
    import threading

    from mjstats.discard import solo

    def kept_after(hands):
        out = {}

        def run():
            try:
                for hand, kw in hands:
                    odds(hand, "sichuan", **kw)
                out["kept"] = getattr(solo._WORK, "buffers", None)
            except Exception as e:  # surfaced below, not lost in the thread
                out["error"] = e

        th = threading.Thread(target=run)
        th.start()
        th.join()
        if "error" in out:
            raise out["error"]
        return out["kept"]

    small = [("1112345678999m5p", dict(missing="p", draws=8))]
    big = [("13456788999m289p", dict(missing="s", draws=13))]
    first = kept_after(small)
    grown = kept_after(big + small)
    assert first is not None and grown is not None
    assert grown.f.shape[0] > first.f.shape[0]  # grown by the larger search and kept
    assert sum(a.nbytes for a in grown) <= solo.KEEP_WORK
    monkeypatch.setattr(solo, "KEEP_WORK", 1000)  # every search here is past it
    assert kept_after(small) is None
