"""Who pays the winner, and how much: the one settlement rule of a win.

:func:`_win_payments` is used by both :func:`mjstats.scoring.score.score` (for
:attr:`~mjstats.scoring.score.Score.payments`) and the game engine
(:mod:`mjstats.sim.engine`, as each win happens), so the two cannot drift.  The
value ``v`` is the scorer's total: what one payer pays (Sichuan: multiplier of
the base stake; Guang'an: 颗; Liuzhou: 分 per payer).

Where they differ, on purpose, is in what each can see:

* **Liuzhou kong money on 杠上花.**  The engine pays kong money when a kong is
  made (明杠 1分 from its feeder, 暗杠 1分 from each player, 及时給), so a later
  win pays the win alone (``kong_money=0``).  :func:`score` sees one hand and no
  history, so it adds that kong's money to the win (``kong_money=1``): +1 from the
  feeder of a direct kong (who pays for everyone), of an added kong, or 1 from
  each other player for a concealed kong.
* **Who still plays** (血战到底) and **who fed a kong** come from the engine's
  state, and from :class:`~mjstats.scoring.score.Table` (with its defaults) for
  :func:`score`.

Everything else the engine settles (kong money as it happens, 杠上炮 transfers,
查叫 / 查花猪, refunds) has no counterpart in :func:`score`.
"""

from __future__ import annotations

from mjstats._jit import noref_kernel, python_facing
from mjstats.scoring.kernels import AFTER_KONG, FED_KONG, SELF_DRAW
from mjstats.scoring.melds import MeldKind

KONG = int(MeldKind.KONG)
ADDKONG = int(MeldKind.ADDKONG)
CKONG = int(MeldKind.CKONG)


@python_facing
@noref_kernel
def _win_payments(w, d, v, flags, liuzhou, dianpao_hua, sanbi, take, out_of_play, kong_typ,
                  kong_feeder, kong_money, out):
    """``out[j]``: what seat ``j`` pays the winner ``w`` of a win worth ``v`` per payer.

    Parameters (all integers or integer arrays over the seats)
    ----------------------------------------------------------
    w, d : the winner and the discarder (-1 for a self-draw; for a robbed kong,
        the player who added it).
    flags : the win's flag bits (:mod:`mjstats.scoring.kernels`).
    liuzhou : 1 for Liuzhou's rules: 吃三比 and 杠上花 paid by the kong's feeder.
    dianpao_hua : 1 for Sichuan's 引杠杠上花算放炮: a self-draw on the replacement of a
        kong made on a discard (``FED_KONG``) is paid by that kong's feeder alone.
    sanbi, take : 吃三比 in force, and ``take[a, b]`` the melds ``a`` took from ``b``
        (three or more: ``a`` and ``b`` are bound): on a discard between the two
        the discarder pays x2; when ``b`` feeds a third player, ``a`` pays as well;
        when ``b`` self-draws, ``a`` pays x3.
    out_of_play : nonzero for a seat no longer in the hand (血战到底: it has won);
        it pays no self-draw.
    kong_typ, kong_feeder : the kong behind a 杠上花 (``AFTER_KONG``): its type
        (``MeldKind``; 0 if none) and who fed it (-1 if nobody).
    kong_money : 1 to add Liuzhou's kong money of that kong to the win (see the
        module docstring), 0 when it was paid as the kong was made.

    ``out`` has one entry per seat; seats that pay nothing get 0.
    """
    n = out.shape[0]
    for j in range(n):
        out[j] = 0
    if not (flags & SELF_DRAW):
        out[d] = v
        if liuzhou and sanbi:
            for a in range(n):
                for b in range(n):
                    if a == b or take[a, b] < 3:
                        continue
                    if (a == d and b == w) or (a == w and b == d):
                        out[d] = 2 * v  # 1> 2> the bound pair: x2
                    elif b == d and a != w:
                        out[a] += v  # 4> the eater pays too
        return
    if not liuzhou:
        if dianpao_hua and flags & FED_KONG and kong_feeder >= 0:
            out[kong_feeder] = v
            return
        for j in range(n):
            if j != w and out_of_play[j] == 0:
                out[j] = v
        return
    for j in range(n):
        if j != w and out_of_play[j] == 0:
            out[j] = v
            if sanbi and take[j, w] >= 3:
                out[j] = 3 * v  # 5> the eater pays the self-drawer x3
    if not (flags & AFTER_KONG):
        return
    if kong_typ == KONG and kong_feeder >= 0:
        # 直接明杠杠上花: the kong's feeder pays for everyone (plus the kong's 1分)
        tot = kong_money
        for j in range(n):
            tot += out[j]
            out[j] = 0
        out[kong_feeder] = tot
    elif kong_money and kong_typ == ADDKONG and kong_feeder >= 0:
        out[kong_feeder] += 1  # 原被碰者需支付杠的1分
    elif kong_money and kong_typ == CKONG:
        for j in range(n):
            if j != w and out_of_play[j] == 0:
                out[j] += 1  # 暗杠 每人1分
