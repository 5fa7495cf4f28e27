"""胡 counting, patterns (名堂) and payments of one reading, and the best reading.

Kernels only; the public face is :func:`mjstats.daer.score`.  A reading is an
array of group ids (see :mod:`mjstats.daer.groups`), declared melds first.  The
rule set travels as :class:`mjstats.daer.rules.Params`.

Status codes returned by :func:`_best`: ``0`` the cards are not 7 列 (or 6 列 and
a pair), ``1`` they are but no reading reaches the 胡 minimum, ``2`` a win.
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import kernel
from mjstats.daer.groups import Shape, _readings
from mjstats.daer.rules import Pattern, Scoring

# Shape, pattern and scoring codes of the kernels, taken from the IntEnums by name
# (module globals: compile-time constants for numba).
_RUN = int(Shape.RUN)
_RED_RUN = int(Shape.RED_RUN)
_KAN = int(Shape.KAN)
_PONG = int(Shape.PONG)
_ZHAO = int(Shape.ZHAO)
_LONG = int(Shape.LONG)
_PAIR = int(Shape.PAIR)
_HONG = int(Pattern.HONG)
_ZHEN_ZHU = int(Pattern.ZHEN_ZHU)
_JIA_ZHU = int(Pattern.JIA_ZHU)
_ZHAO_YIN = int(Pattern.ZHAO_YIN)
_LONG_YIN = int(Pattern.LONG_YIN)
_HE_YIN = int(Pattern.HE_YIN)
_SAN_YIN = int(Pattern.SAN_YIN)
_PIAN = int(Pattern.PIAN)
_HUA = int(Pattern.HUA)
_BDJ = int(Pattern.BIANDIJIN)
_SHISAN = int(Pattern.SHISAN)
_SHIWU = int(Pattern.SHIWU)
_WU = int(Pattern.WU)
_SIS_P = int(Pattern.SISTER_PONG)
_SIS_Z = int(Pattern.SISTER_ZHAO)
_SIS_L = int(Pattern.SISTER_LONG)
_QIA = int(Pattern.QIA)
_QING = int(Pattern.QING)
_PIAO = int(Pattern.PIAO)
_SHUANG = int(Pattern.SHUANG_PIAODAI)
_DX18 = int(Pattern.DAXIAO18)
_TIAN = int(Pattern.TIAN)
_DI = int(Pattern.DI)
_HUILONG = int(Pattern.HUILONG)
_HAIDI = int(Pattern.HAIDI)
_XI24 = int(Pattern.XI24)
_HU30 = int(Pattern.HU30)
_HU33 = int(Pattern.HU33)
_HU36 = int(Pattern.HU36)
_ALL_RED = int(Pattern.ALL_RED)
_PINGHU = int(Pattern.PINGHU)
_PINGHU27 = int(Pattern.PINGHU27)
N_PATTERNS = len(Pattern)
_PUTONG = int(Scoring.PUTONG)
_MINGTANG = int(Scoring.MINGTANG)
# context flags
CTX_TIAN, CTX_DI, CTX_HUILONG, CTX_HAIDI = 0, 1, 2, 3
N_CTX = 4


@kernel
def _effective(groups, n, n_decl, win_kind, win_taken, out):
    """Copy ``groups`` to ``out``, turning a 坎 completed by a taken card into a 碰.

    If the winning card was taken and can only sit in a held 坎 (垅) of its kind,
    that 坎 becomes a 碰 (the 垅 a 招).
    """
    for j in range(n):
        out[j] = groups[j]
    if not win_taken or win_kind < 0:
        return
    holder = -1
    for j in range(n_decl, n):
        g = groups[j]
        shape = g // 20
        base = g % 20
        if (shape == _KAN or shape == _LONG) and base == win_kind:
            holder = j
    if holder < 0:
        return
    # any other held group with the card keeps the 坎 whole
    for j in range(n_decl, n):
        if j == holder:
            continue
        g = groups[j]
        shape = g // 20
        base = g % 20
        if shape == _KAN or shape == _LONG or shape == _PAIR:
            if base == win_kind:
                return
        elif shape == _RUN:
            if base <= win_kind <= base + 2:
                return
        elif shape == _RED_RUN:
            if win_kind == base or win_kind == base + 5 or win_kind == base + 8:
                return
        else:  # 绞 of number base: base and base + 10
            if win_kind == base or win_kind == base + 10:
                return
    g = groups[holder]
    if g // 20 == _KAN:
        out[holder] = _PONG * 20 + g % 20
    else:
        out[holder] = _ZHAO * 20 + g % 20


@kernel
def _reading_hu(groups, n, P):
    hu = 0
    for j in range(n):
        hu += P.hu_of_group[groups[j]]
    return hu


@kernel
def _flags(groups, n, hu, ctx, P, flags):
    """Set ``flags[p] = 1`` for every pattern of the reading (values not applied)."""
    for p in range(flags.shape[0]):
        flags[p] = 0
    total = 0
    reds = 0
    big = 0
    red_groups = 0
    max_red = 0
    max_red_j = -1
    n_three = 0  # groups with exactly 3 reds
    n_one = 0    # groups with exactly 1 red
    n123 = 0
    n123b = 0
    n2710 = 0
    n2710b = 0
    has_kan = False
    has_pong = False
    trip = np.zeros(20, dtype=np.int64)  # 0 none, 1 triple, 2 zhao, 3 long
    for j in range(n):
        g = groups[j]
        shape = g // 20
        base = g % 20
        r = 0
        for k in range(20):
            c = P.group_cards[g, k]
            if c > 0:
                total += c
                if P.is_red[k]:
                    r += c
                if P.is_big[k]:
                    big += c
        reds += r
        if r > 0:
            red_groups += 1
        if r > max_red:
            max_red = r
            max_red_j = j
        if r == 3:
            n_three += 1
        elif r == 1:
            n_one += 1
        if shape == _RUN and base == 0:
            n123 += 1
        elif shape == _RUN and base == 10:
            n123b += 1
        elif shape == _RED_RUN and base == 1:
            n2710 += 1
        elif shape == _RED_RUN and base == 11:
            n2710b += 1
        if shape == _KAN or shape == _LONG:
            has_kan = True
        if shape == _PONG or shape == _ZHAO:
            has_pong = True
        if shape == _KAN or shape == _PONG:
            if P.sister_kan or shape == _PONG:
                trip[base] = max(trip[base], 1)
        elif shape == _ZHAO:
            trip[base] = max(trip[base], 2)
        elif shape == _LONG:
            trip[base] = 3
    # red cards
    if reds >= P.red_min:
        flags[_HONG] = 1
    if reds == 1:
        g = groups[max_red_j]
        if g // 20 == _RUN and (g % 20 == 0 or g % 20 == 10):
            flags[_ZHEN_ZHU] = 1
        else:
            flags[_JIA_ZHU] = 1
    if reds == 4:
        if max_red == 4:
            shape = groups[max_red_j] // 20
            if shape == _ZHAO:
                flags[_ZHAO_YIN] = 1
            elif shape == _LONG:
                flags[_LONG_YIN] = 1
        elif n_three == 1 and n_one == 1:
            flags[_HE_YIN] = 1
        elif n_one == 4:
            flags[_SAN_YIN] = 1
    if reds == 3 and max_red == 3:
        flags[_PIAN] = 1
    if red_groups == 6:
        flags[_HUA] = 1
    if red_groups == 7:
        flags[_BDJ] = 1
    if reds == 13:
        flags[_SHISAN] = 1
    if reds == 15:
        flags[_SHIWU] = 1
    if reds == 0:
        flags[_WU] = 1
    if reds == total:
        flags[_ALL_RED] = 1
    # sisters: the same number held as triples (quads) in both cases
    for num in range(10):
        a = trip[num]
        b = trip[num + 10]
        if a >= 1 and b >= 1:
            flags[_SIS_P] = 1
        if a >= 2 and b >= 2:
            flags[_SIS_Z] = 1
        if a == 3 and b == 3:
            flags[_SIS_L] = 1
    if hu % 10 == 0:
        flags[_QIA] = 1
    if n123 + n123b + n2710 + n2710b == 0:
        flags[_QING] = 1
    if not has_kan and (P.piao_allows_pong or not has_pong):
        flags[_PIAO] = 1
    if (n123 >= 2 and n2710 >= 2) or (n123b >= 2 and n2710b >= 2):
        flags[_SHUANG] = 1
    small = total - big
    if P.daxiao_both:
        if big >= 18 and small >= 18:
            flags[_DX18] = 1
    elif big >= 18 or small >= 18:
        flags[_DX18] = 1
    if ctx[CTX_TIAN]:
        flags[_TIAN] = 1
    if ctx[CTX_DI]:
        flags[_DI] = 1
    if ctx[CTX_HUILONG]:
        flags[_HUILONG] = 1
    if ctx[CTX_HAIDI]:
        flags[_HAIDI] = 1
    if total >= 24:
        flags[_XI24] = 1
    if hu >= 30:
        flags[_HU30] = 1
    if hu >= 33:
        flags[_HU33] = 1
    if hu >= 36:
        flags[_HU36] = 1


@kernel
def _combine(flags, hu, P, counted):
    """Payments of a reading with pattern ``flags``.

    Writes the value each counted pattern contributes into ``counted`` and returns
    ``(level, mult, loser, dijia, winner)``: ``level`` is 等 (普通), fan (名堂) or
    道 (重庆); ``mult`` the 普通 multiplier (1 otherwise); ``loser`` what each of the
    two losers pays, ``dijia`` what the 底家 receives, ``winner`` what the winner nets.
    """
    npat = flags.shape[0]
    for p in range(npat):
        counted[p] = 0
    if P.scoring == _PUTONG:  # 普通算等
        mult = 1
        for p in range(npat):
            if flags[p] and P.values[p] > 0:
                mult *= P.values[p]
                counted[p] = P.values[p]
        deng = (hu + 9) // 10
        pts = max(deng, P.min_points)
        loser = (pts + P.dijia_unit) * mult
        dijia = P.dijia_unit * mult
        return deng, mult, loser, dijia, 2 * loser - dijia
    if P.scoring == _MINGTANG:  # 名堂
        fam_best = np.zeros(npat, dtype=np.int64)
        fam_arg = np.full(npat, -1, dtype=np.int64)
        for p in range(npat):
            if p == _PINGHU or p == _PINGHU27:
                continue
            if flags[p] and P.values[p] > 0:
                f = P.families[p]
                if P.values[p] > fam_best[f]:
                    fam_best[f] = P.values[p]
                    fam_arg[f] = p
        fan = 1
        anyp = False
        for f in range(npat):
            if fam_best[f] > 0:
                fan *= fam_best[f]
                counted[fam_arg[f]] = fam_best[f]
                anyp = True
        if not anyp:
            p = _PINGHU27 if hu >= P.pinghu27 else _PINGHU
            fan = P.values[p]
            counted[p] = fan
        if P.cap > 0 and fan > P.cap:
            fan = P.cap
        m = P.fan_steps.shape[0]
        top = P.fan_steps[m - 1]
        if fan > top:
            loser = P.fan_points[m - 1] * fan // top
            dijia = P.fan_dijia[m - 1] * fan // top
        else:
            j = 0
            while j < m - 1 and P.fan_steps[j] < fan:
                j += 1
            loser = P.fan_points[j]
            dijia = P.fan_dijia[j]
        return fan, 1, loser, dijia, 2 * loser - dijia
    # 重庆 道: 胡 ranges, 十个红 adds, the five-道 patterns set a floor
    dao = 0
    for j in range(P.dao_bounds.shape[0]):
        if hu >= P.dao_bounds[j]:
            dao = j + 1
    if flags[_HONG] and P.values[_HONG] > 0:
        dao += P.values[_HONG]
        counted[_HONG] = P.values[_HONG]
    for p in range(npat):
        if p != _HONG and flags[p] and P.values[p] > 0:
            counted[p] = P.values[p]
            if P.values[p] > dao:
                dao = P.values[p]
    if P.dao_cap > 0 and dao > P.dao_cap:
        dao = P.dao_cap
    return dao, 1, dao, 0, 2 * dao


@kernel
def _best(held, decl, n_decl, n_decl_quads, win_kind, win_taken, ctx, P,
          buf, eff, flags, counted, best_groups, best_flags, best_counted, result):
    """Read ``held`` (with ``n_decl`` declared groups ``decl``) every way and keep the best.

    Best = most paid by each loser, then most 胡.  Writes the best reading into
    ``best_groups`` (-1 padded), its flags and counted values, and
    ``result = [status, n_groups, hu, level, mult, loser, dijia, winner, n_readings]``.
    ``buf``, ``eff``, ``flags`` and ``counted`` are scratch arrays.
    """
    n_read = _readings(held, n_decl, n_decl_quads, True, P.group_cards, buf)
    status = 0
    best_key0 = -1
    best_key1 = -1
    for r in range(result.shape[0]):
        result[r] = 0
    result[8] = n_read
    for r in range(max(n_read, 0)):
        n = n_decl
        for j in range(n_decl):
            eff[j] = decl[j]
        for j in range(buf.shape[1]):
            if buf[r, j] >= 0:
                eff[n] = buf[r, j]
                n += 1
        _effective(eff, n, n_decl, win_kind, win_taken, eff)
        hu = _reading_hu(eff, n, P)
        ok = hu >= P.min_hu
        if ok:
            _flags(eff, n, hu, ctx, P, flags)
            level, mult, loser, dijia, winner = _combine(flags, hu, P, counted)
            key0 = loser
        else:
            level, mult, loser, dijia, winner = 0, 1, 0, 0, 0
            key0 = -1
        st = 2 if ok else 1
        if st > status or (st == status and (key0 > best_key0 or
                                             (key0 == best_key0 and hu > best_key1))):
            status = st
            best_key0 = key0
            best_key1 = hu
            for j in range(best_groups.shape[0]):
                best_groups[j] = eff[j] if j < n else -1
            for p in range(flags.shape[0]):
                best_flags[p] = flags[p] if ok else 0
                best_counted[p] = counted[p] if ok else 0
            result[0] = st
            result[1] = n
            result[2] = hu
            result[3] = level
            result[4] = mult
            result[5] = loser
            result[6] = dijia
            result[7] = winner
    if n_read < 0:
        result[0] = -1
    return result[0]


@kernel
def _instant(counts, kan_counts_long):
    """Count the 垅 and 坎 in dealt cards: ``(longs, kans)``."""
    longs = 0
    kans = 0
    for k in range(20):
        if counts[k] == 4:
            longs += 1
            if kan_counts_long:
                kans += 1
        elif counts[k] == 3:
            kans += 1
    return longs, kans


def empty_buffers(n_patterns: int = N_PATTERNS):
    """Scratch and output arrays for :func:`_best` (one set per thread)."""
    from mjstats.daer.groups import MAX_GROUPS, MAX_READINGS

    return (
        np.full((MAX_READINGS, MAX_GROUPS), -1, dtype=np.int64),
        np.full(16, -1, dtype=np.int64),
        np.zeros(n_patterns, dtype=np.int64),
        np.zeros(n_patterns, dtype=np.int64),
        np.full(16, -1, dtype=np.int64),
        np.zeros(n_patterns, dtype=np.int64),
        np.zeros(n_patterns, dtype=np.int64),
        np.zeros(9, dtype=np.int64),
    )
