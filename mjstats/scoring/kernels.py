"""Compiled scoring: pattern detection over count vectors and meld arrays.

One finished hand is described to the kernels by plain arrays:

* ``conc`` (34,) ``int8``: the concealed tiles, winning tile included;
* ``mt``, ``mk`` (4,) ``int64``: type and kind of each exposed meld (``nm`` used):
  :data:`CHOW` (kind = lowest tile), :data:`PONG`, :data:`KONG` (exposed, from a
  discard), :data:`ADDKONG` (added to a pong), :data:`CKONG` (concealed);
* ``win``: the winning tile's kind; ``flags``: how it was won (:data:`SELF_DRAW`,
  :data:`AFTER_KONG`, :data:`ROBBING`, :data:`LAST_TILE`, :data:`FIRST_TURN`,
  :data:`DEALER`, :data:`LAST_COPY`, :data:`FED_KONG`);
* the rule set's :class:`~mjstats.rules.base.KernelRules` (family, value array,
  kernel parameter array) and the core lookup tables.

Rule data is bound by name: every ``_SW_*`` slot is computed at import from the
switch names (:func:`~mjstats.rules.base.kernel_slot`), every string choice a
kernel tests is a ``switch_code`` constant, and every integer mirror of an enum
(families, patterns, meld codes) is taken from the enum or checked against it
here, at import.

:func:`_score` reads every standard reading of the concealed tiles (core
``_decompose``) plus the seven-pairs reading, scores each with the family's
reading kernel, and keeps the reading that scores most.  It writes the pattern
counts of the best reading into ``best`` and returns the total (after caps, in
the rule set's unit) with ``info = [reading index, raw total, readings, single]``.
Nothing here allocates per reading; the caller owns every scratch array.
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import (
    inline_kernel,
    kernel,
    noref_kernel,
    parallel_kernel,
    prange,
    python_facing,
    separate,
)
from mjstats.core.bits import _run_start
from mjstats.core.codes import _suit_code
from mjstats.core.complete import _is_seven_pairs
from mjstats.core.decompose import (
    DECOMPOSE_STATE,
    MAX_READINGS,
    MELD_SHIFT,
    MeldType,
    _decompose_into,
)
from mjstats.rules.base import Family, kernel_slot, switch_code
from mjstats.rules.guangan import INFO as _G_INFO
from mjstats.rules.guangan import SWITCHES as _G_SWITCHES
from mjstats.rules.guangan import GuanganPattern as G
from mjstats.rules.liuzhou import INFO as _L_INFO
from mjstats.rules.liuzhou import SWITCHES as _L_SWITCHES
from mjstats.rules.liuzhou import LiuzhouPattern as L
from mjstats.rules.sichuan import INFO as _S_INFO
from mjstats.rules.sichuan import SWITCHES as _S_SWITCHES
from mjstats.rules.sichuan import SichuanPattern as S

# meld types of the exposed-meld arrays
CHOW = 0
PONG = 1
KONG = 2
ADDKONG = 3
CKONG = 4

# how the hand was won
SELF_DRAW = 1
AFTER_KONG = 2
ROBBING = 4
LAST_TILE = 8
FIRST_TURN = 16
DEALER = 32
LAST_COPY = 64
FED_KONG = 128
"""With ``SELF_DRAW | AFTER_KONG``: the kong behind the replacement tile was made on
another player's discard (点杠, meld type :data:`KONG`).  Sichuan's
``dianganghua="dianpao"`` then settles the win as a discard (no self-draw bonus)."""

# families (mjstats.rules.base.Family)
F_SICHUAN = int(Family.SICHUAN)
F_GUANGAN = int(Family.GUANGAN)
F_LIUZHOU = int(Family.LIUZHOU)

# slots of the kernel parameter array, by name (mjstats.rules.base.kernel_layout)
SW_MISSING_SUIT = kernel_slot(_S_SWITCHES, "missing_suit")
"""Rule-set fact ``missing_suit`` (定缺 / 必缺一门): the same slot in every family."""
assert SW_MISSING_SUIT == kernel_slot(_G_SWITCHES, "missing_suit") == kernel_slot(
    _L_SWITCHES, "missing_suit"), "rule-set facts must sit at the same slot in every family"
_SW_S_CAP = kernel_slot(_S_SWITCHES, "cap")
_SW_S_ZIMO = kernel_slot(_S_SWITCHES, "zimo")
_SW_S_DIANGANGHUA = kernel_slot(_S_SWITCHES, "dianganghua")
_SW_G_JINGOU_DANDIAO = kernel_slot(_G_SWITCHES, "jingou_dandiao")
_SW_G_SANYUAN_PLUS = kernel_slot(_G_SWITCHES, "sanyuan_plus")
_SW_G_LONG_ANY = kernel_slot(_G_SWITCHES, "long_any")
_SW_L_MENQING = kernel_slot(_L_SWITCHES, "menqing")

# codes of the string choices the kernels test, per switch (Switch.code)
_S_ZIMO_DI = switch_code(_S_SWITCHES, "zimo", "di")  # 自摸加底
_S_ZIMO_FAN = switch_code(_S_SWITCHES, "zimo", "fan")  # 自摸加番
_S_DIANGANGHUA_DIANPAO = switch_code(_S_SWITCHES, "dianganghua", "dianpao")  # 引杠杠上花算放炮
_L_MENQING_SELFDRAW = switch_code(_L_SWITCHES, "menqing", "selfdraw")  # 只有自摸才算门清

# meld codes of the core's readings (mjstats.core.decompose: type * MELD_SHIFT + kind)
_MT_PAIR = int(MeldType.PAIR)
_MT_RUN = int(MeldType.RUN)

# pattern indices as plain ints (compile-time constants in the kernels)
S_PINGHU = int(S.PINGHU)
S_DADUIZI = int(S.DADUIZI)
S_QINGYISE = int(S.QINGYISE)
S_QIDUI = int(S.QIDUI)
S_QINGDADUI = int(S.QINGDADUI)
S_LONGQIDUI = int(S.LONGQIDUI)
S_QINGQIDUI = int(S.QINGQIDUI)
S_QINGLONGQIDUI = int(S.QINGLONGQIDUI)
S_JINGOU = int(S.JINGOU)
S_DAIYAO = int(S.DAIYAO)
S_QINGDAIYAO = int(S.QINGDAIYAO)
S_JIANGDUI = int(S.JIANGDUI)
S_TIANHU = int(S.TIANHU)
S_DIHU = int(S.DIHU)
S_GEN = int(S.GEN)
S_GANGSHANGHUA = int(S.GANGSHANGHUA)
S_GANGSHANGPAO = int(S.GANGSHANGPAO)
S_QIANGGANG = int(S.QIANGGANG)
S_HAIDI = int(S.HAIDI)
S_JUEZHANG = int(S.JUEZHANG)
S_ZIMO = int(S.ZIMO)
S_N = len(S)

G_BENSHEN = int(G.BENSHEN)
G_QUEMEN = int(G.QUEMEN)
G_QIDUI_QUEMEN = int(G.QIDUI_QUEMEN)
G_MENQING = int(G.MENQING)
G_ZIMO = int(G.ZIMO)
G_KAZHANG = int(G.KAZHANG)
G_BIANZHANG = int(G.BIANZHANG)
G_DANDIAO = int(G.DANDIAO)
G_KAXINWU = int(G.KAXINWU)
G_MINGGANG = int(G.MINGGANG)
G_ANGANG = int(G.ANGANG)
G_FEIJI_ANGANG = int(G.FEIJI_ANGANG)
G_FEIJI_MINGGANG = int(G.FEIJI_MINGGANG)
G_ZFB = int(G.ZFB)
G_HUNYISE = int(G.HUNYISE)
G_QINGYISE = int(G.QINGYISE)
G_DADUIZI = int(G.DADUIZI)
G_JINGOU = int(G.JINGOU)
G_YITIAOLONG = int(G.YITIAOLONG)
G_QIDUI = int(G.QIDUI)
G_LONGQIDUI = int(G.LONGQIDUI)
G_XIAOBANZI = int(G.XIAOBANZI)
G_DABANZI = int(G.DABANZI)
G_XIAOFEIJI = int(G.XIAOFEIJI)
G_DAFEIJI = int(G.DAFEIJI)
G_QIANGGANG = int(G.QIANGGANG)
G_GANGSHANGHUA = int(G.GANGSHANGHUA)
G_GANGSHANGPAO = int(G.GANGSHANGPAO)
G_HAIDILAO = int(G.HAIDILAO)
G_HAIDIPAO = int(G.HAIDIPAO)
G_XIAOSANYUAN = int(G.XIAOSANYUAN)
G_DASANYUAN = int(G.DASANYUAN)
G_LUOHAN = int(G.LUOHAN)
G_N = len(G)

L_JIBEN = int(L.JIBEN)
L_MENQING = int(L.MENQING)
L_MENQING_ALONE = int(L.MENQING_ALONE)
L_DUIDUI = int(L.DUIDUI)
L_QINGYISE = int(L.QINGYISE)
L_QIDUI = int(L.QIDUI)
L_QUANQIUREN = int(L.QUANQIUREN)
L_GANGSHANGPAO = int(L.GANGSHANGPAO)
L_HAIDI = int(L.HAIDI)
L_GANGSHANGHUA = int(L.GANGSHANGHUA)
L_PILI = int(L.PILI)
L_N = len(L)

MAX_PATTERNS = max(S_N, G_N, L_N)


def _check_pattern_order() -> None:
    """The kernels loop over runs of pattern indices: check those runs against the tables."""
    base = [p.key for p in _S_INFO[:N_BASE_S]]
    if any(i.combine != "base" for i in _S_INFO[:N_BASE_S]) or {"TIANHU", "DIHU"} & set(base):
        raise AssertionError(f"SichuanPattern 0..{N_BASE_S - 1} must be the table 格 read per "
                             f"standard reading (not 天胡/地胡), got {base}")
    if ([i.combine for i in _L_INFO[:L_HAIDI]] != ["add"] * L_HAIDI
            or any(i.combine == "add" for i in _L_INFO[L_HAIDI:])):
        raise AssertionError("LiuzhouPattern: the patterns added into the discard value must "
                             "be exactly those before HAIDI")
    for enum, info in ((S, _S_INFO), (G, _G_INFO), (L, _L_INFO)):
        keys = [i.key for i in info]
        if keys != [m.name for m in enum]:
            raise AssertionError(f"{enum.__name__} and its INFO table differ: {keys}")


N_WORK = 10
"""Rows of the ``work`` scratch array (34 columns each)."""

# rows of the work array
_W_ALL = 0  # all tiles of the hand (concealed + melds)
_W_MASK = 1  # scratch of the single-wait check (_only_wait_into)
_W_MARK = 2  # 板子 marks (reset after use)
# reading arrays (length 4 / 5) live in row 3-7: run kinds, triplet kinds, triplet sources
_W_RUN = 3
_W_TRI = 4
_W_SRC = 5
_W_WPOS = 6  # best wait-shape position per reading: [kind of meld, pos]
_W_DEC = 8  # rows 8-9: scratch of the core's _decompose_into

# triplet sources
_SRC_CONCEALED = 0
_SRC_PONG = 1
_SRC_MINGGANG = 2
_SRC_ANGANG = 3


@noref_kernel
def _fill_reading(buf, r, mt, mk, nm, work):
    """Unpack standard reading ``r`` + exposed melds into runs, triplets and the pair.

    Returns ``(n_runs, n_trips, pair)``; runs in ``work[_W_RUN]``, triplet kinds
    in ``work[_W_TRI]`` with sources in ``work[_W_SRC]``.
    """
    nrun = 0
    ntri = 0
    pair = -1
    for j in range(buf.shape[1]):
        code = buf[r, j]
        if code < 0:
            continue
        typ = code // MELD_SHIFT
        k = code % MELD_SHIFT
        if typ == _MT_PAIR:
            pair = k
        elif typ == _MT_RUN:
            work[_W_RUN, nrun] = k
            nrun += 1
        else:
            work[_W_TRI, ntri] = k
            work[_W_SRC, ntri] = _SRC_CONCEALED
            ntri += 1
    for i in range(nm):
        t = mt[i]
        if t == CHOW:
            work[_W_RUN, nrun] = mk[i]
            nrun += 1
        else:
            work[_W_TRI, ntri] = mk[i]
            if t == PONG:
                work[_W_SRC, ntri] = _SRC_PONG
            elif t == CKONG:
                work[_W_SRC, ntri] = _SRC_ANGANG
            else:
                work[_W_SRC, ntri] = _SRC_MINGGANG
            ntri += 1
    return nrun, ntri, pair


@noref_kernel
def _win_shape(buf, r, win):
    """Best single-wait bonus of the winning tile in concealed reading ``r``.

    Returns 0 none, 1 单钓 (pair), 2 边张, 3 卡张, 4 卡心五 (卡张 on a 5).
    """
    best = 0
    for j in range(buf.shape[1]):
        code = buf[r, j]
        if code < 0:
            continue
        typ = code // MELD_SHIFT
        k = code % MELD_SHIFT
        s = 0
        if typ == _MT_PAIR:
            if k == win:
                s = 1
        elif typ == _MT_RUN:
            pos = win - k
            if pos == 1:
                s = 4 if win < 27 and win % 9 == 4 else 3
            elif pos == 0 and k % 9 == 6:
                s = 2
            elif pos == 2 and k % 9 == 0:
                s = 2
        if s > best:
            best = s
    return best


@noref_kernel
def _sort_small(a, n):
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


@noref_kernel
def _suit_count(allc):
    n = 0
    for s in range(3):
        for k in range(9 * s, 9 * s + 9):
            if allc[k] > 0:
                n += 1
                break
    return n


@noref_kernel
def _has_honor(allc):
    for k in range(27, 34):
        if allc[k] > 0:
            return True
    return False


# ---------------------------------------------------------------- Sichuan

N_BASE_S = 12
"""Table 格 0..11 are checked per standard reading (天胡/地胡 separately)."""
_check_pattern_order()


@noref_kernel
def _sichuan_reading(conc, nm, win, flags, values, sw, buf, r, n_std, mt, mk, work, hits):
    """Score one reading under the Sichuan table; fill ``hits``; return (total, raw)."""
    for i in range(hits.shape[0]):
        hits[i] = 0
    allc = work[_W_ALL]
    qing = _suit_count(allc) == 1
    roots = 0
    for k in range(27):
        if allc[k] == 4:
            roots += 1
    best_p = -1
    best_v = 0
    best_c = 0
    best_named = 0
    if r >= n_std:  # seven pairs
        long = False
        for k in range(27):
            if conc[k] == 4:
                long = True
        for p in (S_QIDUI, S_QINGQIDUI, S_LONGQIDUI, S_QINGLONGQIDUI):
            if p == S_QINGQIDUI and not qing:
                continue
            if p == S_LONGQIDUI and not long:
                continue
            if p == S_QINGLONGQIDUI and not (qing and long):
                continue
            v = values[p]
            if v <= 0:
                continue
            c = 1 if (p == S_LONGQIDUI or p == S_QINGLONGQIDUI) else 0
            eff = v << (roots - c)
            # ties go to the larger named 格 (龙七对 8 over 暗七对 4 x 根)
            if eff > best_v or (eff == best_v and v >= best_named):
                best_v = eff
                best_p = p
                best_c = c
                best_named = v
    else:
        nrun, ntri, pair = _fill_reading(buf, r, mt, mk, nm, work)
        peng = nrun == 0
        daiyao = pair % 9 == 0 or pair % 9 == 8
        jiang = peng and pair % 3 == 1
        for i in range(nrun):
            k = work[_W_RUN, i] % 9
            if k != 0 and k != 6:
                daiyao = False
        for i in range(ntri):
            k = work[_W_TRI, i] % 9
            if k != 0 and k != 8:
                daiyao = False
            if k % 3 != 1:
                jiang = False
        jingou = peng and nm == 4
        for p in range(N_BASE_S):
            ok = False
            if p == S_PINGHU:
                ok = True
            elif p == S_DADUIZI:
                ok = peng
            elif p == S_QINGYISE:
                ok = qing
            elif p == S_QINGDADUI:
                ok = qing and peng
            elif p == S_JINGOU:
                ok = jingou
            elif p == S_DAIYAO:
                ok = daiyao
            elif p == S_QINGDAIYAO:
                ok = qing and daiyao
            elif p == S_JIANGDUI:
                ok = jiang
            if not ok:
                continue
            v = values[p]
            if v <= 0:
                continue
            eff = v << roots
            if eff > best_v or (eff == best_v and v >= best_named):
                best_v = eff
                best_p = p
                best_c = 0
                best_named = v
    # 天胡 / 地胡 (满格 or x32) compete with the table
    if flags & FIRST_TURN:
        p = -1
        if flags & DEALER:
            if flags & SELF_DRAW:
                p = S_TIANHU
        else:
            p = S_DIHU
        if p >= 0 and values[p] > 0 and (values[p] << roots) > best_v:
            best_v = values[p] << roots
            best_p = p
            best_c = 0
    hits[best_p] = 1
    hits[S_GEN] = roots - best_c
    raw = best_v
    self_draw = (flags & SELF_DRAW) != 0
    if flags & AFTER_KONG:
        if self_draw:
            hits[S_GANGSHANGHUA] = 1
            raw *= values[S_GANGSHANGHUA]
        else:
            hits[S_GANGSHANGPAO] = 1
            raw *= values[S_GANGSHANGPAO]
    if (flags & ROBBING) and values[S_QIANGGANG] > 0:
        hits[S_QIANGGANG] = 1
        raw *= values[S_QIANGGANG]
    if (flags & LAST_TILE) and values[S_HAIDI] > 0:
        hits[S_HAIDI] = 1
        raw *= values[S_HAIDI]
    if (flags & LAST_COPY) and values[S_JUEZHANG] > 0:
        hits[S_JUEZHANG] = 1
        raw *= values[S_JUEZHANG]
    zimo = sw[_SW_S_ZIMO]
    # 引杠杠上花算放炮 (dianganghua "dianpao"): settled as a discard win, so no
    # self-draw bonus; 杠上花 itself stays
    fed = (flags & AFTER_KONG) != 0 and (flags & FED_KONG) != 0
    if self_draw and fed and sw[_SW_S_DIANGANGHUA] == _S_DIANGANGHUA_DIANPAO:
        self_draw = False
    if self_draw and zimo == _S_ZIMO_FAN:
        hits[S_ZIMO] = 1
        raw *= 2
    cap = sw[_SW_S_CAP]
    total = raw if cap <= 0 or raw < cap else cap
    if self_draw and zimo == _S_ZIMO_DI:
        hits[S_ZIMO] = 1
        total += 1
        raw += 1
    return total, raw


# ---------------------------------------------------------------- Guang'an


@noref_kernel
def _guangan_reading(conc, nm, win, flags, values, sw, buf, r, n_std, mt, mk, work, hits,
                     single):
    """Score one reading under the Guang'an 颗 table; fill ``hits``; return (total, raw)."""
    for i in range(hits.shape[0]):
        hits[i] = 0
    allc = work[_W_ALL]
    nsuits = _suit_count(allc)
    honors = _has_honor(allc)
    self_draw = (flags & SELF_DRAW) != 0
    hits[G_BENSHEN] = 1
    hits[G_QUEMEN] = 3 - nsuits
    menqing = True
    for i in range(nm):
        if mt[i] != CKONG:
            menqing = False
    if menqing:
        hits[G_MENQING] = 1
    if self_draw:
        hits[G_ZIMO] = 1
    if nsuits == 1:
        if honors:
            hits[G_HUNYISE] = 1
        else:
            hits[G_QINGYISE] = 1
    if r >= n_std:  # seven pairs
        hits[G_QIDUI] = 1
        if nsuits == 1:
            hits[G_QIDUI_QUEMEN] = 1
        if conc[win] == 4:
            hits[G_LONGQIDUI] = 1
        elif sw[_SW_G_LONG_ANY] != 0:
            for k in range(34):
                if conc[k] == 4:
                    hits[G_LONGQIDUI] = 1
        if single:
            hits[G_DANDIAO] = 1
        for k in range(31, 34):
            if conc[k] == 4:
                hits[G_ZFB] += 1
    else:
        nrun, ntri, pair = _fill_reading(buf, r, mt, mk, nm, work)
        peng = nrun == 0
        jingou = peng and nm == 4
        if peng:
            hits[G_DADUIZI] = 1
        if jingou:
            hits[G_JINGOU] = 1
        if single:
            s = _win_shape(buf, r, win)
            if s == 1 and (not jingou or sw[_SW_G_JINGOU_DANDIAO] != 0):
                hits[G_DANDIAO] = 1
            elif s == 2:
                hits[G_BIANZHANG] = 1
            elif s >= 3:
                hits[G_KAZHANG] = 1
                if s == 4:
                    hits[G_KAXINWU] = 1
        # dragons: one 颗 per dragon triplet or kong
        for i in range(ntri):
            if work[_W_TRI, i] >= 31:
                hits[G_ZFB] += 1
        # 一条龙: runs 123 456 789 of one suit
        runs = work[_W_RUN]
        _sort_small(runs, nrun)
        for s in range(3):
            a = False
            b = False
            c = False
            for i in range(nrun):
                if runs[i] == 9 * s:
                    a = True
                elif runs[i] == 9 * s + 3:
                    b = True
                elif runs[i] == 9 * s + 6:
                    c = True
            if a and b and c:
                hits[G_YITIAOLONG] = 1
        # 板子: chains of consecutive doubled kinds made by identical runs and the pair
        mark = work[_W_MARK]
        any_twin = False
        for i in range(nrun - 1):
            if runs[i] == runs[i + 1]:
                k = runs[i]
                mark[k] = 1
                mark[k + 1] = 1
                mark[k + 2] = 1
                any_twin = True
        if any_twin:
            if pair < 27:
                mark[pair] = 1
            for s in range(3):
                length = 0
                for k in range(9 * s, 9 * s + 10):
                    if k < 9 * s + 9 and mark[k] == 1:
                        length += 1
                        continue
                    if length == 3:
                        hits[G_XIAOBANZI] += 1
                    elif length >= 4:
                        hits[G_DABANZI] += length - 3
                    length = 0
            for k in range(27):
                mark[k] = 0
        # 飞机: chains of triplets (kongs included) on consecutive ranks of a suit
        tri = work[_W_TRI]
        src = work[_W_SRC]
        # sort triplets by kind, carrying sources
        for i in range(1, ntri):
            x = tri[i]
            y = src[i]
            j = i - 1
            while j >= 0 and tri[j] > x:
                tri[j + 1] = tri[j]
                src[j + 1] = src[j]
                j -= 1
            tri[j + 1] = x
            src[j + 1] = y
        i = 0
        while i < ntri:
            j = i
            while (j + 1 < ntri and tri[j + 1] == tri[j] + 1 and tri[j + 1] < 27
                   and tri[j + 1] // 9 == tri[i] // 9):
                j += 1
            length = j - i + 1
            in_plane = False
            if length >= 2 and tri[i] < 27:
                kk = 0
                for t in range(i, j):
                    if src[t] >= _SRC_MINGGANG and src[t + 1] >= _SRC_MINGGANG:
                        kk += 1
                big = length - 2
                if kk > big:
                    big = kk
                if big == 0:
                    hits[G_XIAOFEIJI] += 1
                else:
                    hits[G_DAFEIJI] += big
                    in_plane = True
            for t in range(i, j + 1):
                if src[t] == _SRC_ANGANG:
                    if in_plane:
                        hits[G_FEIJI_ANGANG] += 1
                    else:
                        hits[G_ANGANG] += 1
                elif src[t] == _SRC_MINGGANG:
                    if in_plane:
                        hits[G_FEIJI_MINGGANG] += 1
                    else:
                        hits[G_MINGGANG] += 1
            i = j + 1
    # how it was won
    if flags & ROBBING:
        hits[G_QIANGGANG] = 1
    if flags & AFTER_KONG:
        if self_draw:
            hits[G_GANGSHANGHUA] = 1
        else:
            hits[G_GANGSHANGPAO] = 1
    if flags & LAST_TILE:
        if self_draw:
            hits[G_HAIDILAO] = 1
        else:
            hits[G_HAIDIPAO] = 1
    # 三元汇
    # 大: every dragon >= 3; 小: "其中一个字只有2张，其他都是3张或3张以上" - exactly one
    # dragon is a pair and the other two are >= 3 (two dragon pairs is neither).
    d_pairs = 0
    d_full = 0
    for k in range(31, 34):
        if allc[k] == 2:
            d_pairs += 1
        elif allc[k] >= 3:
            d_full += 1
    big3 = False
    if d_full == 3:
        big3 = True
        hits[G_DASANYUAN] = 1
    elif d_full == 2 and d_pairs == 1:
        hits[G_XIAOSANYUAN] = 1
    luohan = nm == 4
    for i in range(nm):
        if mt[i] == PONG or mt[i] == CHOW:
            luohan = False
    if luohan:
        hits[G_LUOHAN] = 1
    total = 0
    for p in range(G_N):
        if p != G_DASANYUAN and p != G_LUOHAN:
            total += hits[p] * values[p]
    if big3:
        total = (total + sw[_SW_G_SANYUAN_PLUS]) * values[G_DASANYUAN]
    if luohan:
        total *= values[G_LUOHAN]
    return total, total


# ---------------------------------------------------------------- Liuzhou


@noref_kernel
def _liuzhou_reading(conc, nm, win, flags, values, sw, buf, r, n_std, mt, mk, work, hits):
    """Score one reading under the Liuzhou 分 table; fill ``hits``; return (total, raw).

    ``raw`` is the hand's discard value (every pattern added); ``total`` what one
    payer pays: the discard value, or on a self-draw the value capped at the
    霹雳 limit, doubled for 海底捞月 and 杠上花.
    """
    for i in range(hits.shape[0]):
        hits[i] = 0
    allc = work[_W_ALL]
    self_draw = (flags & SELF_DRAW) != 0
    qing = _suit_count(allc) == 1 and not _has_honor(allc)
    qidui = r >= n_std
    peng = False
    if not qidui:
        nrun, ntri, pair = _fill_reading(buf, r, mt, mk, nm, work)
        peng = nrun == 0
    open_melds = False
    has_ckong = False
    for i in range(nm):
        if mt[i] == CKONG:
            has_ckong = True
        else:
            open_melds = True
    menqing = not open_melds
    if sw[_SW_L_MENQING] == _L_MENQING_SELFDRAW and not self_draw:
        menqing = False
    others = 0
    if peng:
        hits[L_DUIDUI] = 1
        others += 1
    if qing:
        hits[L_QINGYISE] = 1
        others += 1
    if qidui:
        hits[L_QIDUI] = 1
        others += 1
    if nm == 4 and not has_ckong:
        hits[L_QUANQIUREN] = 1
        others += 1
    if (flags & AFTER_KONG) and not self_draw:
        hits[L_GANGSHANGPAO] = 1
        others += 1
    if others == 0:
        if menqing:
            hits[L_MENQING_ALONE] = 1
        else:
            hits[L_JIBEN] = 1
    elif menqing and not qidui:
        hits[L_MENQING] = 1
    value = 0
    for p in range(L_HAIDI):
        value += hits[p] * values[p]
    if not self_draw:
        return value, value
    per = value
    if value > values[L_JIBEN]:
        hits[L_PILI] = 1
        if per > values[L_PILI]:
            per = values[L_PILI]
    if (flags & LAST_TILE) and values[L_HAIDI] > 0:
        hits[L_HAIDI] = 1
        per *= values[L_HAIDI]
    if flags & AFTER_KONG:
        hits[L_GANGSHANGHUA] = 1
        per *= values[L_GANGSHANGHUA]
    return per, value


# ---------------------------------------------------------------- driver


@kernel
def _only_wait(h, win, T):
    """Whether ``win`` is the only kind that completes the waiting hand ``h``.

    Allocates its scratch; the scorer calls :func:`_only_wait_into`.
    """
    scratch = np.empty(8, dtype=np.int64)
    return _only_wait_into(h, win, T, scratch)


@noref_kernel
def _only_wait_into(h, win, T, scratch):
    """:func:`_only_wait` with a caller-owned ``int64`` scratch of 8 (no allocation).

    Same answer as ``_wait_mask(h) == {win}`` but with a handful of table
    lookups: a tile added to suit ``s`` changes only that suit's code, so only
    suits that are not already split (or hold a second pair) can take it, and
    only kinds within two ranks of a held tile can help.
    """
    codes = scratch[0:4]
    counts = scratch[4:8]
    for s in range(4):
        counts[s] = 0
    n = 0
    odd = 0
    odd_kind = -1
    for s in range(4):
        codes[s] = _suit_code(h, s)
        lo = 9 * s
        hi = lo + 9 if s < 3 else 34
        for k in range(lo, hi):
            counts[s] += h[k]
            if h[k] % 2 == 1:
                odd += 1
                odd_kind = k
        n += counts[s]
    # seven pairs: the single odd kind is a wait
    if n == 13 and odd == 1 and odd_kind != win and h[odd_kind] < 4:
        return False
    for s in range(4):
        ok = T.suit_ok[codes[s]] if s < 3 else T.honor_ok[codes[s]]
        # a suit that splits into melds only cannot take one more tile usefully
        if ok != 0 and counts[s] % 3 == 0:
            continue
        # every other suit must already be fine: melds, or melds + the pair
        others_ok = True
        pairs = 0
        for u in range(4):
            if u == s:
                continue
            oku = T.suit_ok[codes[u]] if u < 3 else T.honor_ok[codes[u]]
            if oku == 0 or counts[u] % 3 == 1:
                others_ok = False
            if counts[u] % 3 == 2:
                pairs += 1
        if not others_ok or pairs > 1:
            continue
        lo = 9 * s
        hi = lo + 9 if s < 3 else 34
        inc = 1
        for k in range(lo, hi):
            if k != win and h[k] < 4:
                near = h[k] > 0
                if s < 3:
                    r = k - lo
                    for d in range(-2, 3):
                        if 0 <= r + d < 9 and h[k + d] > 0:
                            near = True
                if near:
                    c = codes[s] + inc
                    ok2 = T.suit_ok[c] if s < 3 else T.honor_ok[c]
                    if ok2 != 0 and (counts[s] + 1) % 3 != 1:
                        if pairs + ((counts[s] + 1) % 3 == 2) == 1:
                            return False
            inc *= 5
    return True


@noref_kernel
def _prelude(conc, mt, mk, nm, work):
    allc = work[_W_ALL]
    for k in range(34):
        allc[k] = conc[k]
    for i in range(nm):
        t = mt[i]
        k = mk[i]
        if t == CHOW:
            allc[k] += 1
            allc[k + 1] += 1
            allc[k + 2] += 1
        elif t == PONG:
            allc[k] += 3
        else:
            allc[k] += 4


@inline_kernel
def _reads_win_tile(family):
    """Whether a win's value and patterns depend on which tile won, not on the hand alone.

    Guang'an's readings do (a single wait, the won tile's shape, 四归一 on it); the
    Sichuan and Liuzhou readings never read the won tile, so every tile that
    completes the same hand scores the same (``tests/scoring/test_win_tile.py``).
    """
    return family == F_GUANGAN


HONORS_NONE = 0
HONORS_ALL = 1
HONORS_WINDS_DRAGONS = 2


@inline_kernel
def _honor_groups(family):
    """Which held honors may trade kinds without changing a win's value and patterns.

    :data:`HONORS_ALL`: any two; :data:`HONORS_WINDS_DRAGONS`: two winds
    (1z-4z) or two dragons (5z-7z); :data:`HONORS_NONE`: none.  That is, the same
    total and patterns for every hand whose concealed honors are so permuted
    among kinds the melds do not hold (the won tile with them).  The Sichuan
    tile set has no honors; Liuzhou's table never reads an honor's kind (清一色
    asks only whether one is held); Guang'an's reads the dragons (each dragon
    triplet or four 1, 三元 over all three) and treats them alike, so with a tile
    set holding winds too they would be a group apart.  The exact odds keep one
    hand of each such class (:func:`mjstats.discard._graph._build`); a family
    whose table names one honor (a seat wind, a dragon of its own) answers
    :data:`HONORS_NONE` (``tests/scoring/test_win_tile.py`` holds each preset to
    its answer).
    """
    if family == F_GUANGAN:
        return HONORS_WINDS_DRAGONS
    if family == F_SICHUAN or family == F_LIUZHOU:
        return HONORS_ALL
    return HONORS_NONE


@python_facing
@separate
@noref_kernel
def _score(conc, mt, mk, nm, win, flags, family, values, sw, T, buf, work, hits, best, info):
    """Score a finished hand: best reading's patterns into ``best``; return the total.

    Returns ``-1`` if the concealed tiles are not complete, ``-2`` if the hand
    holds three suits where the rule set needs a missing suit (``sw[SW_MISSING_SUIT]``).
    ``info``: ``[best reading index, raw total, standard readings, single wait]``.
    """
    if conc[win] <= 0:
        return -1
    _prelude(conc, mt, mk, nm, work)
    if sw[SW_MISSING_SUIT] != 0 and _suit_count(work[_W_ALL]) == 3:
        return -2
    n_std = _decompose_into(conc, buf, work[_W_DEC], work[_W_DEC + 1, :DECOMPOSE_STATE])
    n = n_std
    if nm == 0 and _is_seven_pairs(conc):
        n += 1
    if n <= 0:
        return -1
    single = False
    if family == F_GUANGAN:
        conc[win] -= 1
        single = _only_wait_into(conc, win, T, work[_W_MASK, :8])
        conc[win] += 1
    best_total = -1
    best_raw = -1
    best_r = -1
    for r in range(n):
        if family == F_SICHUAN:
            t, raw = _sichuan_reading(conc, nm, win, flags, values, sw, buf, r, n_std, mt, mk,
                                      work, hits)
        elif family == F_GUANGAN:
            t, raw = _guangan_reading(conc, nm, win, flags, values, sw, buf, r, n_std, mt, mk,
                                      work, hits, single)
        else:
            t, raw = _liuzhou_reading(conc, nm, win, flags, values, sw, buf, r, n_std, mt, mk,
                                      work, hits)
        if t > best_total or (t == best_total and raw > best_raw):
            best_total = t
            best_raw = raw
            best_r = r
            for i in range(hits.shape[0]):
                best[i] = hits[i]
    info[0] = best_r
    info[1] = best_raw
    info[2] = n_std
    info[3] = 1 if single else 0
    return best_total


BAD_MELDS = -3
""":func:`_score_many`'s answer for a row whose declared melds cannot be (:func:`_melds_ok`)."""


@inline_kernel
def _melds_ok(conc, mt, mk, nm, allc):
    """Whether the ``nm`` declared melds are melds and, with the hand, hold at most four of a kind.

    A meld's type is one of CHOW..CKONG and its kind a tile, a chow's the lowest
    tile of a run in one suit (rank 1 to 7); ``allc`` is scratch (34,).
    """
    for k in range(34):
        allc[k] = conc[k]
    for i in range(nm):
        t = mt[i]
        k = mk[i]
        if t < CHOW or t > CKONG or k < 0 or k > 33:
            return False
        if t == CHOW:
            if not _run_start(k):
                return False
            allc[k] += 1
            allc[k + 1] += 1
            allc[k + 2] += 1
        else:
            allc[k] += 3 if t == PONG else 4
    for k in range(34):
        if allc[k] > 4:
            return False
    return True


@parallel_kernel
def _score_many(hands, mts, mks, nms, wins, flags, family, values, sw, T, out):
    """Score a batch: row ``i`` of each array is one win; totals into ``out``.

    Illegal rows get ``-1`` (not complete), ``-2`` (three suits under 定缺) or
    :data:`BAD_MELDS` (melds that cannot be, checked before anything is read).
    """
    n = hands.shape[0]
    n_chunks = 64 if n >= 64 else max(n, 1)
    for c in prange(n_chunks):
        buf = np.full((MAX_READINGS, 5), -1, dtype=np.int16)
        work = np.zeros((N_WORK, 34), dtype=np.int64)
        hits = np.zeros(MAX_PATTERNS, dtype=np.int64)
        best = np.zeros(MAX_PATTERNS, dtype=np.int64)
        info = np.zeros(4, dtype=np.int64)
        conc = np.zeros(34, dtype=np.int8)
        lo = c * n // n_chunks
        hi = (c + 1) * n // n_chunks
        allc = np.zeros(34, dtype=np.int64)
        for i in range(lo, hi):
            for k in range(34):
                conc[k] = hands[i, k]
            if not _melds_ok(conc, mts[i], mks[i], nms[i], allc):
                out[i] = BAD_MELDS
                continue
            out[i] = _score(conc, mts[i], mks[i], nms[i], wins[i], flags[i], family, values,
                            sw, T, buf, work, hits[: values.shape[0]], best[: values.shape[0]],
                            info)
