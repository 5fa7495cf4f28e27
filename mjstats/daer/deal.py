"""The Da Er deal: Monte Carlo study of dealt hands, and exact counts where closed.

The deal (RULES-NOTES): the dealer gets 21 cards, the two other players 20
each, 19 stay in the stock.  :func:`deal_study` deals ``n_deals`` times and counts

* the instant win (3 垅 or 5 坎) for the dealer and for each player,
* whether the dealer's 21 cards are 列 (7 列, or 6 列 and a pair with a 垅) and
  whether they win at once (at least 10 胡: a 天胡),
* the 胡, the level (等 / fan / 道 of the rule set) and the patterns (名堂) of the
  dealer's winning hands, each from the reading the rule set scores best.

Every proportion comes with a Wilson 95% interval.  Deals are cut into chunks of
``chunk`` deals; chunk ``i`` draws from ``SeedSequence(seed).spawn(...)[i]``
(:func:`mjstats.core.rng.chunk_states`), so the tables do not depend on the
number of threads.

:func:`instant_win_exact` gives the instant-win probability exactly, by a
dynamic programme along the ten numbers that takes 小 and 大 of a number
together (``C(4, s) * C(4, b)`` ways for ``s`` small and ``b`` big copies).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import pandas as pd

from mjstats._checks import count, interval_level
from mjstats._jit import kernel, parallel_kernel, prange
from mjstats.core.rng import SeedLike, _pick_to, chunk_states, seed_sequence
from mjstats.daer.groups import MAX_GROUPS, MAX_READINGS
from mjstats.daer.hu import N_CTX, N_PATTERNS, _best, _instant
from mjstats.daer.rules import (
    DEALER_CARDS,
    N_DEALT,
    PATTERN_NAMES_EN,
    PATTERN_NAMES_ZH,
    PLAYER_CARDS,
    DaErRules,
    Pattern,
)
from mjstats.daer.rules import rules as _rules
from mjstats.tiles.daer_cards import N_CARDS, N_KINDS

MAX_HU = 128
MAX_LEVEL = 64

DEALER_LIE_EXACT = Fraction(1127578008739107, 252522581586583880)
"""P(the dealer's 21 cards are 列) = 0.0044653, from ``dealt_lie_exact(21)`` (16 min, 6 GB)."""
DEALER_WIN_EXACT = Fraction(4202330066967, 1881688387381400)
"""P(the dealer's 21 cards are 列 with >= 10 胡, a 天胡) = 0.0022333, same run."""

# columns of the per-chunk counters
C_N, C_DEALER_INSTANT, C_P2_INSTANT, C_P3_INSTANT, C_ANY_INSTANT = 0, 1, 2, 3, 4
C_DEALER_LIE, C_DEALER_WIN, C_DEALER_WIN_OR_INSTANT = 5, 6, 7
N_COUNTERS = 8


@kernel
def _hand_counts(deck, lo, hi, out):
    for k in range(N_KINDS):
        out[k] = 0
    for j in range(lo, hi):
        out[deck[j]] += 1


@parallel_kernel
def _deal_chunks(states, chunk, n_total, P, instant_on, kan_counts_long,
                 counters, hu_hist, level_hist, pat_counts):
    """Deal ``n_total`` hands in chunks of ``chunk``; chunk ``c`` writes row ``c``."""
    for c in prange(states.shape[0]):
        s = states[c].copy()
        deck = np.empty(N_CARDS, dtype=np.int64)
        for j in range(N_CARDS):
            deck[j] = j // 4
        dealer = np.zeros(N_KINDS, dtype=np.int64)
        other = np.zeros(N_KINDS, dtype=np.int64)
        decl = np.zeros(1, dtype=np.int64)
        ctx = np.zeros(N_CTX, dtype=np.int64)
        buf = np.full((MAX_READINGS, MAX_GROUPS), -1, dtype=np.int64)
        eff = np.full(16, -1, dtype=np.int64)
        flags = np.zeros(N_PATTERNS, dtype=np.int64)
        counted = np.zeros(N_PATTERNS, dtype=np.int64)
        best_groups = np.full(16, -1, dtype=np.int64)
        best_flags = np.zeros(N_PATTERNS, dtype=np.int64)
        best_counted = np.zeros(N_PATTERNS, dtype=np.int64)
        result = np.zeros(9, dtype=np.int64)
        n = min(chunk, n_total - c * chunk)
        for _ in range(n):
            # partial Fisher-Yates: the first 61 places get a uniform random deal
            for j in range(N_DEALT):
                _pick_to(deck, j, s)
            counters[c, C_N] += 1
            any_inst = False
            dealer_inst = False
            for seat in range(3):
                lo = 0 if seat == 0 else DEALER_CARDS + (seat - 1) * PLAYER_CARDS
                hi = DEALER_CARDS if seat == 0 else lo + PLAYER_CARDS
                h = dealer if seat == 0 else other
                _hand_counts(deck, lo, hi, h)
                if instant_on:
                    longs, kans = _instant(h, kan_counts_long)
                    if longs >= 3 or kans >= 5:
                        counters[c, C_DEALER_INSTANT + seat] += 1
                        any_inst = True
                        if seat == 0:
                            dealer_inst = True
            if any_inst:
                counters[c, C_ANY_INSTANT] += 1
            status = _best(dealer, decl, 0, 0, -1, False, ctx, P, buf, eff, flags, counted,
                           best_groups, best_flags, best_counted, result)
            if status >= 1:
                counters[c, C_DEALER_LIE] += 1
            if status == 2:
                counters[c, C_DEALER_WIN] += 1
                hu = min(result[2], MAX_HU - 1)
                hu_hist[c, hu] += 1
                lv = min(result[3], MAX_LEVEL - 1)
                level_hist[c, lv] += 1
                for p in range(N_PATTERNS):
                    if best_flags[p]:
                        pat_counts[c, p] += 1
            if status == 2 or dealer_inst:
                counters[c, C_DEALER_WIN_OR_INSTANT] += 1


@dataclass(frozen=True)
class DealStudy:
    """Tables of :func:`deal_study`.

    Attributes
    ----------
    summary : pandas.DataFrame
        One row per event (``metric``), with ``count``, ``n``, ``estimate``,
        ``ci_low``/``ci_high`` (Wilson 95%) and, for the instant win, the exact value and
        the z-score of the estimate against it; so for the dealer's 列 and 天胡
        (:data:`DEALER_LIE_EXACT`, :data:`DEALER_WIN_EXACT`, computed once by
        :func:`dealt_lie_exact`).
    hu : pandas.DataFrame
        胡 of the dealer's winning hands: ``hu``, ``count``, share with interval.
    levels : pandas.DataFrame
        等 / fan / 道 of the dealer's winning hands.
    patterns : pandas.DataFrame
        How often each pattern shows in the dealer's winning hands (the reading
        the rule set scores best; context patterns such as 天胡 are not set).
    rules : str
    n_deals : int
    """

    summary: pd.DataFrame
    hu: pd.DataFrame
    levels: pd.DataFrame
    patterns: pd.DataFrame
    rules: str
    n_deals: int


def _wilson_frame(df: pd.DataFrame, conf: float) -> pd.DataFrame:
    from mjstats.results import wilson

    k = df["count"].to_numpy(dtype=float)
    n = df["n"].to_numpy(dtype=float)
    lo, hi = wilson(k, n, conf) if len(df) else (np.zeros(0), np.zeros(0))
    df = df.copy()
    df["estimate"] = np.divide(k, n, out=np.zeros_like(k), where=n > 0)
    df["ci_low"], df["ci_high"] = lo, hi
    return df


def deal_study(
    n_deals: int = 100_000,
    seed: SeedLike = None,
    rules: str | DaErRules = "daer-luzhou-mingtang",
    chunk: int = 10_000,
    progress: bool = False,
    conf: float = 0.95,
) -> DealStudy:
    """Deal ``n_deals`` times and tabulate instant wins and the dealer's dealt wins.

    Parameters
    ----------
    n_deals : int
        Number of deals (dealer 21 cards, two players 20 each).
    seed : int, numpy.random.Generator or None
        Seed; the tables depend on it and on ``chunk`` only, not on threads.
    rules : str or DaErRules
        Rule set that chooses the best reading and the level.
    chunk : int
        Deals per seeded chunk.
    progress : bool
        Show a progress bar on standard error (deals per second, the time left;
        the compilation of the kernel named and not counted), as every study's.
    conf : float
        Level of the Wilson intervals (``ci_low``, ``ci_high``), as the mahjong
        deal study's.

    Returns
    -------
    DealStudy

    Examples
    --------
    >>> st = deal_study(2_000, seed=1, chunk=1_000)
    >>> int(st.summary.set_index("metric").loc["dealer_instant", "n"])
    2000
    """
    from mjstats.runner import plan_chunks, run_chunks

    n_deals = count(n_deals, "n_deals", minimum=1)
    chunk = count(chunk, "chunk", minimum=1)
    conf = interval_level(conf)
    r = _rules(rules)
    n_chunks = len(plan_chunks(n_deals, chunk, unit="deals", size_name="deals"))  # bounded
    task = functools.partial(_deal_task, r, seed_sequence(seed), chunk)
    per_task = chunk * max(1, n_chunks // PROGRESS_STEPS)
    counters, hu_hist, level_hist, pat_counts = run_chunks(
        task, n_deals, per_task, block=chunk, reduce=_add_counts, progress=progress,
        desc=f"{r.name} deals", unit="deals", size_name="deals")
    tot = counters
    wins = int(tot[C_DEALER_WIN])
    p_dealer = instant_win_exact(DEALER_CARDS, r)
    p_player = instant_win_exact(PLAYER_CARDS, r)
    rows = [
        ("dealer_instant", "3 垅 or 5 坎 in the dealer's 21", tot[C_DEALER_INSTANT], p_dealer),
        ("player2_instant", "3 垅 or 5 坎 in player 2's 20", tot[C_P2_INSTANT], p_player),
        ("player3_instant", "3 垅 or 5 坎 in player 3's 20", tot[C_P3_INSTANT], p_player),
        ("any_instant", "an instant win at the table", tot[C_ANY_INSTANT], None),
        ("dealer_lie", "the dealer's 21 cards are 列", tot[C_DEALER_LIE], DEALER_LIE_EXACT),
        ("dealer_win", "the dealer wins at once (列 and >= min 胡: 天胡)", wins,
         DEALER_WIN_EXACT if r.min_hu == 10 else None),
        ("dealer_win_or_instant", "dealer 天胡 or instant win", tot[C_DEALER_WIN_OR_INSTANT],
         None),
    ]
    summary = pd.DataFrame(
        [{"metric": m, "description": d, "count": int(k), "n": n_deals,
          "exact": float(e) if e is not None else np.nan} for m, d, k, e in rows]
    )
    summary = _wilson_frame(summary, conf)
    from mjstats.results import z_score

    ex = summary["exact"].to_numpy()
    z = np.full(len(summary), np.nan)
    has = ~np.isnan(ex)
    z[has] = z_score(summary["count"].to_numpy()[has], n_deals, ex[has])
    summary["z"] = z
    hist = hu_hist
    hu_df = _wilson_frame(pd.DataFrame(
        [{"hu": h, "count": int(hist[h]), "n": wins} for h in np.flatnonzero(hist)],
        columns=["hu", "count", "n"]), conf)
    lev = level_hist
    lev_df = _wilson_frame(pd.DataFrame(
        [{"level": v, "count": int(lev[v]), "n": wins} for v in np.flatnonzero(lev)],
        columns=["level", "count", "n"]), conf)
    pats = pat_counts
    pat_df = _wilson_frame(pd.DataFrame(
        [{"pattern": Pattern(p).name, "name_zh": PATTERN_NAMES_ZH[p],
          "name_en": PATTERN_NAMES_EN[p], "count": int(pats[p]), "n": wins}
         for p in range(N_PATTERNS) if p not in (Pattern.PINGHU, Pattern.PINGHU27)]), conf)
    return DealStudy(summary, hu_df, lev_df, pat_df, r.name, n_deals)


PROGRESS_STEPS = 40
"""About how many runner tasks a Da Er deal study is cut into (each a run of whole
seeded chunks), so that its progress bar moves; the numbers do not depend on it."""


def _deal_task(r: DaErRules, ss: np.random.SeedSequence, chunk: int, start: int,
               n: int) -> tuple[np.ndarray, ...]:
    """Deals ``start .. start + n - 1`` (whole seeded chunks), summed (a runner task).

    Returns the counters, the 胡 and level histograms and the pattern counts of
    :func:`deal_study` over those deals.
    """
    k = -(-n // chunk)
    states = chunk_states(ss, k, first=start // chunk)
    counters = np.zeros((k, N_COUNTERS), dtype=np.int64)
    hu_hist = np.zeros((k, MAX_HU), dtype=np.int64)
    level_hist = np.zeros((k, MAX_LEVEL), dtype=np.int64)
    pat_counts = np.zeros((k, N_PATTERNS), dtype=np.int64)
    _deal_chunks(states, chunk, n, r.params(), r.instant_win, r.instant_kan_counts_long,
                 counters, hu_hist, level_hist, pat_counts)
    return tuple(a.sum(axis=0) for a in (counters, hu_hist, level_hist, pat_counts))


def _add_counts(acc, part):
    """Runner reducer of :func:`_deal_task`: the sums so far plus a task's."""
    return part if acc is None else tuple(a + b for a, b in zip(acc, part, strict=True))


def instant_win_exact(n_cards: int, rules: str | DaErRules = "daer-luzhou") -> Fraction:
    """Exact probability that ``n_cards`` dealt cards hold 3 垅 or 5 坎.

    A dynamic programme along the ten numbers: at each number both cases are
    placed at once, ``s`` small and ``b`` big copies in ``C(4, s) * C(4, b)``
    ways; the state is (cards so far, 垅 so far, 坎 so far), with 垅 and 坎
    capped at the thresholds.  The answer is the weight of the winning states
    over ``C(80, n_cards)``.

    Examples
    --------
    >>> p = instant_win_exact(21)
    >>> 0 < float(p) < 0.01
    True
    >>> instant_win_exact(2)
    Fraction(0, 1)
    """
    r = _rules(rules)
    n_cards = count(n_cards, "n_cards", maximum=N_CARDS)
    if not r.instant_win:
        return Fraction(0)
    dist = instant_distribution(int(n_cards), r.instant_kan_counts_long)
    win = sum(w for (longs, kans), w in dist.items() if longs >= 3 or kans >= 5)
    return Fraction(win, comb(N_CARDS, int(n_cards)))


def instant_distribution(n_cards: int, kan_counts_long: bool = True) -> dict[tuple[int, int], int]:
    """Number of ``n_cards``-card hands by (垅, 坎), both capped (垅 at 3, 坎 at 5).

    The weights sum to ``C(80, n_cards)``.

    Examples
    --------
    >>> d = instant_distribution(21)
    >>> sum(d.values()) == comb(80, 21)
    True
    """
    n_cards = count(n_cards, "n_cards", maximum=N_CARDS)
    ways = [comb(4, c) for c in range(5)]
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for _number in range(10):
        nxt: dict[tuple[int, int, int], int] = {}
        for (cards, longs, kans), w in states.items():
            for s in range(5):
                for b in range(5):
                    c2 = cards + s + b
                    if c2 > n_cards:
                        continue
                    dl = (s == 4) + (b == 4)
                    dk = (s == 3) + (b == 3) + (dl if kan_counts_long else 0)
                    key = (c2, min(longs + dl, 3), min(kans + dk, 5))
                    nxt[key] = nxt.get(key, 0) + w * ways[s] * ways[b]
        states = nxt
    out: dict[tuple[int, int], int] = {}
    for (cards, longs, kans), w in states.items():
        if cards == n_cards:
            out[(longs, kans)] = out.get((longs, kans), 0) + w
    return out


# --- exact: are the dealt cards 列, and do they reach the 胡 minimum? -------------------

_KAN_HU = ((6, 9), (9, 12))  # [big][red]


def _side_options(n: int, s: int, open2: int, open1: int, red_open: int, big: bool):
    """Ways to use ``s`` copies of number ``n`` on one side (small or big), without 绞.

    Yields ``(new_runs, new_red_runs, extra, longs, pairs, hu)`` where ``extra`` is
    the kan/long/pair choice code.  Runs waiting for ``n`` (``open2`` closing,
    ``open1`` continuing) and red runs needing 七 / 十 are served first.
    """
    need = open2 + open1 + (red_open if n in (6, 9) else 0)
    rem = s - need
    if rem < 0:
        return
    red = n in (1, 6, 9)
    for extra, size in ((0, 0), (1, 3), (2, 4), (3, 2)):  # none, 坎, 垅, pair
        rest = rem - size
        if rest < 0:
            continue
        hu = 0
        if extra == 1:
            hu = _KAN_HU[big][red]
        elif extra == 2:
            hu = _KAN_HU[big][red] + 6
        longs = 1 if extra == 2 else 0
        pairs = 1 if extra == 3 else 0
        if n == 1:
            for u in range(rest + 1):  # red runs 二七十 / 贰柒拾 start at 二
                t = rest - u
                yield t, u, extra, longs, pairs, hu + u * (9 if big else 6)
        elif n <= 7:
            yield rest, 0, extra, longs, pairs, hu + (rest * (6 if big else 3) if n == 0 else 0)
        elif rest == 0:
            yield 0, 0, extra, longs, pairs, hu


def _step(n: int, cfg: tuple, s: int, b: int, max_longs: int, hu_cap: int) -> list[tuple]:
    ys1, ys2, yb1, yb2, rs, rb, pair, longs, hu = cfg
    out = []
    for j1 in range(3):  # 小小大
        for j2 in range(3):  # 大大小
            ss = s - 2 * j1 - j2
            bb = b - j1 - 2 * j2
            if ss < 0 or bb < 0:
                continue
            small = list(_side_options(n, ss, ys2, ys1, rs, False))
            if not small:
                continue
            for tb, ub, _eb, lb, pb, hb in _side_options(n, bb, yb2, yb1, rb, True):
                for ts, us, _es, ls, ps, hs in small:
                    p2 = pair + ps + pb
                    l2 = longs + ls + lb
                    if p2 > 1 or l2 > max_longs:
                        continue
                    rs2 = rs + us if n < 9 else 0
                    rb2 = rb + ub if n < 9 else 0
                    out.append((ts, ys1, tb, yb1, rs2, rb2, p2, l2,
                                min(hu + hs + hb, hu_cap)))
    return out


def dealt_lie_exact(n_cards: int = DEALER_CARDS, rules: str | DaErRules = "daer-luzhou",
                    n_lie: int = 7) -> tuple[Fraction, Fraction]:
    """Exact ``(P(the dealt cards are 列), P(they are 列 with at least min 胡))``.

    For the dealer's 21 cards the second number is the probability of a 天胡 at
    the deal (the instant win aside).  A dynamic programme along the ten numbers,
    both cases at once, over *sets* of partial readings: the state of a hand
    prefix is the set of (runs waiting, 二七十 waiting, pair, 垅, 胡 capped at the
    minimum) it can reach, so every hand is counted once however many readings it
    has.  Four alike may be a 垅 (then the hand needs a pair), as in
    :func:`mjstats.daer.readings`.  ``n_lie`` is the number of 列 a hand needs (7;
    smaller values let tests enumerate every small hand): ``3 * n_lie`` cards
    without 垅, or ``k`` 垅, ``n_lie - 1 - k`` 列 of three and a pair.

    Examples
    --------
    Three cards are 列 when they are a run (16 runs, 4**3 ways each), 二七十 or
    贰柒拾, a 绞 (20 kinds of 绞, 24 ways) or a 坎 (20 kinds, 4 ways); they reach
    10 胡 only as a 坎 of 贰, 柒 or 拾 (12 胡):

    >>> lie, win = dealt_lie_exact(3, n_lie=1)
    >>> lie == Fraction(16 * 64 + 2 * 64 + 20 * 24 + 20 * 4, comb(80, 3))
    True
    >>> win == Fraction(3 * 4, comb(80, 3))
    True
    """
    r = _rules(rules)
    n_cards = count(n_cards, "n_cards", maximum=N_CARDS)
    hu_cap = max(int(r.min_hu), 1)
    n_lie = count(n_lie, "n_lie", minimum=1, maximum=7)
    max_longs = n_cards - 3 * n_lie + 1
    max_longs = max_longs if 1 <= max_longs <= n_lie - 1 else 0
    ways = [comb(4, c) for c in range(5)]
    start = frozenset({(0, 0, 0, 0, 0, 0, 0, 0, 0)})
    layer: dict[tuple[int, frozenset], int] = {(0, start): 1}
    step_memo: dict = {}
    for n in range(10):
        nxt: dict[tuple[int, frozenset], int] = {}
        set_memo: dict = {}
        for (cards, cfgs), w in layer.items():
            for s in range(5):
                for b in range(5):
                    c2 = cards + s + b
                    if c2 > n_cards:
                        continue
                    key = (cfgs, s, b, c2)
                    new = set_memo.get(key)
                    if new is None:
                        best: dict[tuple, int] = {}
                        for cfg in cfgs:
                            k2 = (n, cfg, s, b)
                            res = step_memo.get(k2)
                            if res is None:
                                res = _step(n, cfg, s, b, max_longs, hu_cap)
                                step_memo[k2] = res
                            for nc in res:
                                # cards the open runs still need must fit in the hand
                                ys1, ys2, yb1, yb2, rs, rb = nc[:6]
                                need = 2 * ys1 + ys2 + 2 * yb1 + yb2
                                need += (rs + rb) * ((n < 6) + (n < 9))
                                if c2 + need > n_cards:
                                    continue
                                # keep only the most 胡 per structure (more 胡 dominates)
                                st = nc[:8]
                                if best.get(st, -1) < nc[8]:
                                    best[st] = nc[8]
                        new = frozenset(st + (h,) for st, h in best.items())
                        set_memo[key] = new
                    if not new:
                        continue
                    nk = (c2, new)
                    nxt[nk] = nxt.get(nk, 0) + w * ways[s] * ways[b]
        layer = nxt
    lie = win = 0
    for (cards, cfgs), w in layer.items():
        if cards != n_cards:
            continue
        ok = [c for c in cfgs if (c[7] == 0 and c[6] == 0 and n_cards == 3 * n_lie) or
              (c[7] >= 1 and c[6] == 1 and n_cards == 3 * n_lie - 1 + c[7])]
        if ok:
            lie += w
            if any(c[8] >= r.min_hu for c in ok):
                win += w
    total = comb(N_CARDS, n_cards)
    return Fraction(lie, total), Fraction(win, total)
