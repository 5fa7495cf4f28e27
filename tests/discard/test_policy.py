"""The exact policy as the game engine follows it (``keep_policy``, the table model's
exact player)."""

from __future__ import annotations

import math

import numpy as np

import mjstats as mj
from mjstats.discard import odds
from mjstats.sim.engine import _policy_discard
from mjstats.study.discard_table import table_odds


def _rollout_p_win(h13, pol, avail, dead, S, T, n, rng):
    """P(win by draw T) of the published solo model, every discard the engine's policy seat's."""
    wins = 0
    for _ in range(n):
        hand = h13.copy()
        for u in range(T):
            live = np.where(dead, 0, avail - hand).clip(min=0)
            x = rng.random() * (S - u)
            c = np.cumsum(live)
            if x >= c[-1]:
                continue  # a tile of no use, thrown at once
            k = int(np.searchsorted(c, x, side="right"))
            hand[k] += 1
            if not hand[dead].any() and mj.is_complete(hand):
                wins += 1
                break
            d = _policy_discard(hand, k, u, pol)
            assert d >= 0, f"the policy says nothing at draw {u} for a hand it reached"
            hand[d] -= 1
    return wins / n


def test_the_engine_follows_the_recursions_policy():
    """Rollouts of the solo model in which every discard is the one the engine's policy
    seat throws (mjstats.sim.engine._policy_discard on the kept Policy) give each of the
    best three candidates' P(win) within its 99.9% interval of the exact value
    (z = 3.29, sd from the binomial with n = 3000): the policy tables and their lookups
    are the recursion's policy, improvements and back-offs included."""
    h = "13456788999m289p"
    T = 7
    r = odds(h, "sichuan", missing="s", draws=T, model="published", keep_policy=True)
    pol = (0, *r.policies["s"])
    counts = mj.parse(h).astype(np.int64)
    avail = np.full(34, 4, dtype=np.int64)
    avail[27:] = 0  # the 108-tile set
    dead = np.zeros(34, dtype=bool)
    dead[18:27] = True
    S = int(r.info["S"])
    rng = np.random.default_rng(7)
    n = 3000
    for _, row in r.table.head(3).iterrows():
        h13 = counts.copy()
        h13[mj.parse(row["discard"]).argmax()] -= 1
        p_mc = _rollout_p_win(h13.astype(np.int8), pol, avail, dead, S, T, n, rng)
        p = float(row["p_win"])
        tol = 3.29 * math.sqrt(p * (1 - p) / n)
        assert abs(p_mc - p) <= tol, (row["discard"], p_mc, p, tol)


def test_policy_is_kept_only_when_asked():
    r = odds("13456788999m289p", "sichuan", missing="s", draws=4)
    assert r.policies == {}
    r = odds("13456788999m289p", "sichuan", missing="s", draws=4, keep_policy=True)
    pol = r.policies["s"]
    assert pol.disc.shape == (4, pol.kind.shape[0])
    assert pol.start.shape[0] == pol.table[:, 2].max() + 2  # one run per 13-tile state


def test_the_table_model_plays_the_exact_policy():
    """player="exact" plays the same deals as the bot player (paired: the first candidate's
    rollouts are the same deals) and reports it; a policy for other draws is refused."""
    h = "13456788999m289p"
    t = table_odds(h, "sichuan", missing="s", draws=6, rollouts=128, seed=3, player="exact")
    assert t.attrs["player"] == "exact" and (t["n"] == 128).all()
    assert t["p_win"].between(0, 1).all()
    again = table_odds(h, "sichuan", missing="s", draws=6, rollouts=128, seed=3,
                       player="exact")
    assert t.equals(again)
    wrong = odds(h, "sichuan", missing="s", draws=5, keep_policy=True).policies
    try:
        table_odds(h, "sichuan", missing="s", draws=6, rollouts=8, seed=3, player="exact",
                   policies=wrong)
    except mj.MjStatsError as e:
        assert "5 draws" in str(e)
    else:
        raise AssertionError("a policy for 5 draws was accepted for a 6-draw table")


def test_an_unknown_player_names_exact_and_the_bots():
    import pytest

    with pytest.raises(mj.MjStatsError, match="'exact' or a bot.*efficiency.*got 'exactly'"):
        table_odds("13456788999m289p", "sichuan", missing="s", draws=6, rollouts=8, seed=3,
                   player="exactly")
