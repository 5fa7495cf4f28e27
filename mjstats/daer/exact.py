"""Exact 胡 distribution of complete Da Er hands, by enumerating every complete count vector.

A dealt hand of ``n = 3m`` cards (the dealer's 21) is *complete* when it reads
as ``m`` 列, or as a 垅, ``m - 2`` 列 and a pair (:func:`mjstats.daer.readings`);
its 胡 is the most 胡 over its readings (the reading 普通算等 pays most).  This
module finds, for every complete count vector, that most-胡 value and the
numbers of red and big cards, and adds up the number of ways to deal it,
``prod_k C(4, c_k)`` — no sampling.

How (each step exact, integers only):

1. *Per-case tables.*  A reading splits into 绞 (the only 列 that mixes 小 and
   大), and 列 of one case.  For each case and each of its ``5**10`` count
   vectors, ``_case_table`` gives the most 胡 of a reading into runs, 二七十, 坎,
   with or without one pair and one 垅 (four forms; -1 if none), by a DP over
   the vectors in increasing order (the lowest card present must start a group).
2. *Enumeration.*  For every small-case vector ``s`` (``prange``; each block owns
   its arrays), every multiset ``J`` of 绞 that ``s`` can feed, every form of
   ``s - J`` (small) with a complete value, and every complete big-case vector
   ``r`` of the complementary form and size, the hand is ``(s, J_big + r)``; its
   value is the best over all these ways, kept in a dense map over big-case
   vectors (so each hand is counted once), then added to the histogram with weight
   ``w(s) * w(b)``.

Checked against every count vector of 3 and 6 cards (``tests/daer``) and against
the independent DP :func:`mjstats.daer.deal.dealt_lie_exact` (totals at 9, 12 and
21 cards).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import pandas as pd

from mjstats._checks import count
from mjstats._jit import kernel, parallel_kernel, prange
from mjstats.daer.groups import GROUP_CARDS, Shape
from mjstats.daer.rules import HU_OF_GROUP, DaErRules
from mjstats.daer.rules import rules as _rules
from mjstats.errors import MjStatsError
from mjstats.tiles.daer_cards import IS_RED, N_CARDS

N_CASE = 5 ** 10
"""Count vectors of one case (ten numbers, 0-4 copies each)."""
MAX_HU = 160
"""Histogram rows (the most 胡 of a 21-card hand is far below)."""
FORM_PAIR, FORM_LONG = 1, 2
"""Form bits of a per-case reading: it holds the pair, it holds the 垅."""

DEALER_HU_WAYS = {
    0: 7161989760406656,
    3: 2366587879774912,
    6: 6204655021940592,
    9: 6811779887963264,
    12: 5306758622562688,
    15: 5157987476416336,
    18: 4224093400537012,
    21: 2849001844208988,
    24: 2155171355322648,
    27: 1299076337304232,
    30: 766353639980668,
    33: 429256270663852,
    36: 207527232382796,
    39: 97596120988012,
    42: 41419971527376,
    45: 15736274734184,
    48: 5665518240224,
    51: 1790013234868,
    54: 506612958604,
    57: 132184356592,
    60: 28659626080,
    63: 5276292456,
    66: 884687836,
    69: 100005084,
    72: 3448320,
}
"""Dealt 21-card hands that are complete, by their most 胡 (``exact_hu_distribution(21)``,
290 s on two shared cores, 843 525 930 distinct count vectors).  Divided by
``C(80, 21)`` the sums give :data:`mjstats.daer.deal.DEALER_LIE_EXACT` (all) and
:data:`mjstats.daer.deal.DEALER_WIN_EXACT` (胡 >= 10) exactly."""

DEALER_WIN_PATTERN_WAYS = {
    "HONG": 1851900235418576,
    "SHISAN": 29982249361064,
    "SHIWU": 592596554624,
    "WU": 7738390852608,
    "DAXIAO18": 28396342700848,
}
"""Winning dealt 21-card hands (胡 >= 10) with the 名堂 fixed by the card counts
(``exact_hu_distribution(21).red_table()``: 红胡, 十三太保, 十五观灯, 乌胡, 18大18小);
the wins number ``sum(w for h, w in DEALER_HU_WAYS.items() if h >= 10)``."""

_PW = np.array([5 ** i for i in range(11)], dtype=np.int64)


@kernel
def _case_table(hu_kan, hu_long, hu_run, hu_red):
    """Most 胡 of each one-case vector read as runs / 二七十 / 坎 (+ pair, + 垅); -1 none.

    ``T[code, form]``: ``code`` = sum of count_i * 5**i; form bit 1 = one pair,
    bit 2 = one 垅.  The lowest number present must start a group, so each row
    depends on smaller codes only (no recursion).
    """
    pw = np.empty(11, dtype=np.int64)
    pw[0] = 1
    for i in range(1, 11):
        pw[i] = pw[i - 1] * 5
    n = pw[10]
    T = np.full((n, 4), -1, dtype=np.int16)
    T[0, 0] = 0
    for code in range(1, n):
        x = code
        i = 0
        while x % 5 == 0:
            x //= 5
            i += 1
        ci = x % 5
        for f in range(4):
            best = -1
            if ci >= 3:
                t = T[code - 3 * pw[i], f]
                if t >= 0:
                    best = max(best, t + hu_kan[i])
            if ci == 4 and (f & FORM_LONG):
                t = T[code - 4 * pw[i], f - FORM_LONG]
                if t >= 0:
                    best = max(best, t + hu_long[i])
            if ci >= 2 and (f & FORM_PAIR):
                t = T[code - 2 * pw[i], f - FORM_PAIR]
                if t >= 0:
                    best = max(best, t)
            if i <= 7 and (code // pw[i + 1]) % 5 >= 1 and (code // pw[i + 2]) % 5 >= 1:
                t = T[code - pw[i] - pw[i + 1] - pw[i + 2], f]
                if t >= 0:
                    best = max(best, t + hu_run[i])
            if i == 1 and (code // pw[6]) % 5 >= 1 and (code // pw[9]) % 5 >= 1:
                t = T[code - pw[1] - pw[6] - pw[9], f]
                if t >= 0:
                    best = max(best, t + hu_red)
            T[code, f] = best
    return T


@kernel
def _case_arrays(is_red):
    """Per one-case code: card count, ways ``prod C(4, c)``, red cards."""
    c4 = np.array([1, 4, 6, 4, 1], dtype=np.int64)
    size = np.zeros(N_CASE, dtype=np.int32)
    wts = np.ones(N_CASE, dtype=np.int64)
    reds = np.zeros(N_CASE, dtype=np.int32)
    for code in range(N_CASE):
        x = code
        for i in range(10):
            d = x % 5
            x //= 5
            size[code] += d
            wts[code] *= c4[d]
            if is_red[i]:
                reds[code] += d
    return size, wts, reds


@parallel_kernel
def _enumerate(n, Ts, Tb, lst, off, digs, wts, reds, sizes, hu_j1, hu_j2, n_blocks, hist, nvec):
    """Histogram ``hist[block, hu, red, small]`` (ways) of complete ``n``-card hands.

    ``lst`` lists the complete big-case vectors by (form, size) (``off[form, size]``
    to ``off[form, size + 1]``), ``digs`` their digits; ``wts``, ``reds``, ``sizes``
    are per-case weights ``prod C(4, c)``, red and card counts of every code;
    ``hu_j1[i]`` / ``hu_j2[i]`` the 胡 of the 绞 小小大 / 大大小 of number ``i``.
    ``nvec[block, hu]`` counts distinct vectors.
    """
    m = n // 3
    opt_j1 = np.array([0, 0, 0, 1, 1, 2], dtype=np.int64)
    opt_j2 = np.array([0, 1, 2, 0, 1, 0], dtype=np.int64)
    for blk in prange(n_blocks):
        val = np.full(N_CASE, -1, dtype=np.int16)
        touched = np.empty(N_CASE, dtype=np.int32)
        sd = np.zeros(10, dtype=np.int64)
        opt = np.zeros(10, dtype=np.int64)
        nj_acc = np.zeros(10, dtype=np.int64)
        jb_acc = np.zeros(10, dtype=np.int64)
        jb = np.zeros(10, dtype=np.int64)
        js = np.zeros(10, dtype=np.int64)
        jh = np.zeros(10, dtype=np.int64)
        for s in range(blk, N_CASE, n_blocks):
            ssum = sizes[s]
            if ssum > n:
                continue
            x = s
            for i in range(10):
                sd[i] = x % 5
                x //= 5
            nt = 0
            # depth-first over the multisets of 绞 (j1 小小大 + j2 大大小 of each number)
            # that the small cards can feed, pruned by the 列 count and the big cards left
            jb_limit = n - ssum
            depth = 0
            opt[0] = -1
            while depth >= 0:
                opt[depth] += 1
                o = opt[depth]
                if o >= 6:
                    depth -= 1
                    continue
                a = opt_j1[o]
                b = opt_j2[o]
                if 2 * a + b > sd[depth]:
                    continue
                nj = a + b + (nj_acc[depth - 1] if depth > 0 else 0)
                jbv = a + 2 * b + (jb_acc[depth - 1] if depth > 0 else 0)
                if nj > m or jbv > jb_limit:
                    continue
                nj_acc[depth] = nj
                jb_acc[depth] = jbv
                jb[depth] = a + 2 * b
                js[depth] = 2 * a + b
                jh[depth] = a * hu_j1[depth] + b * hu_j2[depth]
                if depth < 9:
                    depth += 1
                    opt[depth] = -1
                    continue
                # a complete multiset of 绞: read the rest per case
                rem = s
                hu_j = 0
                for i in range(10):
                    rem -= js[i] * _PW[i]
                    hu_j += jh[i]
                n_j = nj
                rb_size = jb_limit - jbv
                for f1 in range(4):
                    ts = Ts[rem, f1]
                    if ts < 0:
                        continue
                    for total in (0, FORM_PAIR | FORM_LONG):
                        if total == 0 and f1 != 0:
                            continue
                        f2 = total - f1
                        for e in range(off[f2, rb_size], off[f2, rb_size + 1]):
                            code = lst[e]
                            if n_j > 0:
                                code = 0
                                for i in range(10):
                                    d = digs[e, i] + jb[i]
                                    if d > 4:
                                        code = -1
                                        break
                                    code += d * _PW[i]
                                if code < 0:
                                    continue
                            v = ts + Tb[lst[e], f2] + hu_j
                            if val[code] < 0:
                                touched[nt] = code
                                nt += 1
                                val[code] = v
                            elif v > val[code]:
                                val[code] = v
            ws = wts[s]
            rs = reds[s]
            for t in range(nt):
                c = touched[t]
                h = min(val[c], MAX_HU - 1)
                hist[blk, h, rs + reds[c], ssum] += ws * wts[c]
                nvec[blk, h] += 1
                val[c] = -1


def _case_hu(case: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """胡 of 坎, 垅 and runs of each number of one case, and of its 二七十 (from the rules)."""
    kan = np.array([HU_OF_GROUP[Shape.KAN * 20 + case + i] for i in range(10)], dtype=np.int64)
    long_ = np.array([HU_OF_GROUP[Shape.LONG * 20 + case + i] for i in range(10)],
                     dtype=np.int64)
    run = np.zeros(10, dtype=np.int64)
    for i in range(8):
        run[i] = HU_OF_GROUP[Shape.RUN * 20 + case + i]
    red = int(HU_OF_GROUP[Shape.RED_RUN * 20 + case + 1])
    return kan, long_, run, red


def _jiao_hu() -> tuple[np.ndarray, np.ndarray]:
    """胡 of the 绞 of each number: (小小大, 大大小)."""
    j1 = np.zeros(10, dtype=np.int64)
    j2 = np.zeros(10, dtype=np.int64)
    for shape in (Shape.JIAO_S, Shape.JIAO_B):
        for base in range(20):
            g = shape * 20 + base
            cards = GROUP_CARDS[g]
            if cards.sum() != 3:
                continue
            i = base % 10
            if cards[i] == 2 and cards[10 + i] == 1:
                j1[i] = HU_OF_GROUP[g]
            elif cards[i] == 1 and cards[10 + i] == 2:
                j2[i] = HU_OF_GROUP[g]
    return j1, j2


@dataclass(frozen=True)
class ExactHu:
    """Result of :func:`exact_hu_distribution`.

    Attributes
    ----------
    n_cards : int
    ways : pandas.DataFrame
        One row per (``hu``, ``red``, ``small``): the most 胡 of the hand, its red
        cards and its 小 cards; ``ways`` = number of dealt hands (Python int),
        ``vectors`` is only in :attr:`hu`.
    hu : pandas.DataFrame
        Per most-胡 value: ``ways``, ``vectors`` (distinct count vectors),
        ``p_deal`` (probability for a dealt hand), ``share`` (among complete hands),
        ``share_win`` (among complete hands with at least ``min_hu``).
    complete, win : fractions.Fraction
        P(the dealt cards are complete), P(complete with at least ``min_hu``).
    seconds : float
        Wall time of the enumeration.
    """

    n_cards: int
    ways: pd.DataFrame
    hu: pd.DataFrame
    complete: Fraction
    win: Fraction
    min_hu: int
    seconds: float

    def level_table(self, rules: str | DaErRules = "daer-luzhou") -> pd.DataFrame:
        """Exact shares of 等 (普通算等, ``ceil(胡 / 10)``) among winning hands."""
        r = _rules(rules)
        w = self.hu[self.hu.hu >= r.min_hu]
        deng = -(-w.hu // 10)
        out = w.groupby(deng.to_numpy())["ways"].sum()
        tot = sum(int(x) for x in out)
        return pd.DataFrame({"deng": out.index.to_numpy(),
                             "ways": [int(x) for x in out],
                             "share": [int(x) / tot for x in out]})

    def red_table(self, rules: str | DaErRules = "daer-luzhou") -> pd.DataFrame:
        """Exact shares among winning hands of the patterns fixed by the card counts alone.

        红胡 (>= ``red_min`` red), 十三太保 (13 red), 十五观灯 (15 red), 乌胡 (no red) and
        18大18小 (>= 18 big or >= 18 small cards): every reading of the hand has them,
        so their frequency among wins is exact.
        """
        r = _rules(rules)
        w = self.ways[self.ways.hu >= r.min_hu]
        tot = sum(int(x) for x in w.ways)
        big = self.n_cards - w.small
        rows = [
            ("HONG", "红胡", w.red >= r.red_min),
            ("SHISAN", "十三太保", w.red == 13),
            ("SHIWU", "十五观灯", w.red == 15),
            ("WU", "乌胡", w.red == 0),
            ("DAXIAO18", "18大18小", (big >= 18) | (w.small >= 18)),
        ]
        out = []
        for key, zh, mask in rows:
            k = sum(int(x) for x in w.ways[mask])
            out.append((key, zh, k, tot, k / tot if tot else float("nan")))
        return pd.DataFrame(out, columns=["pattern", "name_zh", "ways", "wins", "share"])


def exact_hu_distribution(n_cards: int = 21, rules: str | DaErRules = "daer-luzhou",
                          n_blocks: int = 64) -> ExactHu:
    """Exact distribution of the most 胡 over complete dealt hands of ``n_cards`` cards.

    Parameters
    ----------
    n_cards : int
        Hand size, a multiple of 3 from 3 to 21 (21: the dealer's dealt hand).
    rules : str or DaErRules
        Gives ``min_hu`` (for ``win`` and ``share_win``); 胡 values are the seed's.
    n_blocks : int
        Work blocks of the parallel enumeration (results do not depend on it).

    Returns
    -------
    ExactHu

    Examples
    --------
    >>> e = exact_hu_distribution(3)
    >>> e.complete * comb(80, 3) == 16 * 64 + 2 * 64 + 20 * 24 + 20 * 4
    True
    >>> e.hu.set_index("hu").loc[12, "ways"]  # 坎 of 贰, 柒 or 拾: 3 * C(4, 3)
    12
    """
    r = _rules(rules)
    n = count(n_cards, "n_cards", minimum=3, maximum=21)
    n_blocks = count(n_blocks, "n_blocks", minimum=1)
    if not (IS_RED[:10] == IS_RED[10:]).all():
        raise MjStatsError("the per-case tables assume the same red numbers in both cases")
    if n % 3 or not 3 <= n <= 21:
        raise MjStatsError(f"n_cards must be a multiple of 3 from 3 to 21, got {n_cards}")
    t0 = time.perf_counter()
    Ts = _case_table(*_case_hu(0))
    Tb = _case_table(*_case_hu(10))
    size, wts, reds = _case_arrays(np.asarray(IS_RED[:10], dtype=np.int64))
    parts, off = [], np.zeros((4, n + 2), dtype=np.int64)
    pos = 0
    for f in range(4):
        for sz in range(n + 1):
            off[f, sz] = pos
            c = np.nonzero((Tb[:, f] >= 0) & (size == sz))[0]
            parts.append(c)
            pos += len(c)
        off[f, n + 1] = pos
    lst = np.concatenate(parts).astype(np.int64)
    digs = ((lst[:, None] // _PW[None, :10]) % 5).astype(np.int8)
    hu_j1, hu_j2 = _jiao_hu()
    hist = np.zeros((n_blocks, MAX_HU, n + 1, n + 1), dtype=np.int64)
    nvec = np.zeros((n_blocks, MAX_HU), dtype=np.int64)
    _enumerate(n, Ts, Tb, lst, off, digs, wts, reds, size, hu_j1, hu_j2, n_blocks, hist, nvec)
    seconds = time.perf_counter() - t0
    tot = hist.sum(0)
    nv = nvec.sum(0)
    rows = [(h, red, small, int(tot[h, red, small]))
            for h, red, small in zip(*np.nonzero(tot), strict=True)]
    ways = pd.DataFrame(rows, columns=["hu", "red", "small", "ways"]).astype(
        {"hu": int, "red": int, "small": int})
    ways["ways"] = ways["ways"].astype(object)
    deal = comb(N_CARDS, n)
    hus = sorted(set(ways.hu))
    per = {h: sum(int(x) for x in ways.ways[ways.hu == h]) for h in hus}
    complete = sum(per.values())
    win = sum(v for h, v in per.items() if h >= r.min_hu)
    hu = pd.DataFrame({
        "hu": hus,
        "ways": pd.Series([per[h] for h in hus], dtype=object),
        "vectors": [int(nv[h]) for h in hus],
        "p_deal": [per[h] / deal for h in hus],
        "share": [per[h] / complete for h in hus],
        "share_win": [per[h] / win if h >= r.min_hu and win else 0.0 for h in hus],
    })
    return ExactHu(n, ways, hu, Fraction(complete, deal), Fraction(win, deal), int(r.min_hu),
                   seconds)
