"""Seatings, per-deal sums and tables of duplicate matches (mjstats.results.match)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from mjstats.results.gamestats import GameStats
from mjstats.results.match import (
    MatchResult,
    ladder_table,
    match_sums,
    seating_names,
    seatings,
    verdict,
)


@pytest.mark.parametrize("n_seats, sizes", [(4, {2}), (3, {1, 2})])
def test_seatings_split_evenly_every_way_and_are_closed_under_swap(n_seats, sizes):
    s = seatings(n_seats)
    assert len(s) == 6 and len({tuple(r) for r in s}) == 6
    assert {int((r == 0).sum()) for r in s} == sizes
    # every seat holds each bot in half of the seatings
    assert ((s == 0).sum(axis=0) == 3).all()
    # swapping the bots maps the set onto itself
    assert {tuple(r) for r in 1 - s} == {tuple(r) for r in s}
    assert seating_names(s)[0] == "A" * (n_seats - n_seats // 2) + "B" * (n_seats // 2)


def _naive_sums(out, labels):
    """The per-deal totals by plain loops (the reference of match_sums)."""
    st = {}
    n, K, S = out["points"].shape
    for key, src in (("points", "points"), ("wins", "won"), ("fed", "fed")):
        ta, tb = [], []
        for g in range(n):
            a = b = 0
            for k in range(K):
                for s in range(S):
                    v = int(out[src][g, k, s])
                    if labels[k, s] == 0:
                        a += v
                    else:
                        b += v
            ta.append(a)
            tb.append(b)
        for part, t in (("a", ta), ("b", tb)):
            st[f"{key}/{part}_sum"] = sum(t)
            st[f"{key}/{part}_sq"] = sum(x * x for x in t)
        d = [x - y for x, y in zip(ta, tb, strict=True)]
        st[f"pair/{key}_n"] = n
        st[f"pair/{key}_dsum"] = sum(d)
        st[f"pair/{key}_dsq"] = sum(x * x for x in d)
    return st


@pytest.mark.parametrize("n_seats", [3, 4])
def test_match_sums_equal_plain_loops(n_seats):
    rng = np.random.default_rng(0)
    lab = seatings(n_seats)
    out = {"points": rng.integers(-40, 40, (50, 6, n_seats)),
           "won": rng.random((50, 6, n_seats)) < 0.3, "fed": rng.random((50, 6, n_seats)) < 0.2,
           "errors": 0}
    st = match_sums(out, lab)
    assert st["deals"] == 50 and st["seat_hands"] == 50 * 6 * n_seats // 2 and st["errors"] == 0
    for k, v in _naive_sums(out, lab).items():
        assert st[k] == v, k


def _result(d_sum, d_sq, deals=100):
    st = GameStats({"deals": deals, "seat_hands": 12 * deals, "pair/points_dsum": d_sum,
                    "pair/points_dsq": d_sq})
    return MatchResult(SimpleNamespace(name="sichuan", unit="倍"), ("value", "efficiency"),
                       deals, ("AABB",), None, st)


def test_ladder_table_says_holds_reversed_and_not_resolved():
    rows = ladder_table([_result(1200, 20_000), _result(-1200, 20_000), _result(10, 20_000),
                         _result(1200, 14_400, deals=1)])
    assert rows["verdict"].tolist() == ["holds", "reversed", "not resolved (interval holds 0)",
                                        "not resolved (no interval below two deals)"]
    assert rows["difference"].tolist()[:3] == [1.0, -1.0, 10 / 1200]
    assert np.isnan(rows["ci_low"].iloc[3])  # one deal: no interval
    assert verdict(float("nan"), float("nan")).startswith("not resolved")
