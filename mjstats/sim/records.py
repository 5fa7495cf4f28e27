"""Per-hand and per-seat records of simulated games: typed, documented columns.

The engine (:mod:`mjstats.sim.engine`) writes ``int64`` arrays; this module
names, types and documents their columns and turns them into
``pandas.DataFrame`` objects (:func:`seat_frame`, :func:`hand_frame`), and
writes them to Parquet in chunks (:func:`write_parquet`).

Seat table (one row per hand and seat)
--------------------------------------
See :data:`SEAT_DOC`; pattern columns ``pat_<key>`` hold the count of each
pattern of the rule set in the winning reading (0 for seats that did not win;
Sichuan ``pat_GEN`` counts roots, Guang'an counts may exceed 1).

Hand table (one row per hand)
-----------------------------
See :data:`HAND_DOC`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from mjstats.rules.base import RuleSet
from mjstats.sim import engine as E
from mjstats.sim.bots import BOT_NAMES

SEAT_DOC: dict[str, tuple[str, str]] = {
    "game": ("int64", "hand number within the run (0-based, the seed's order)"),
    "rules": ("category", "rule set name"),
    "seat": ("int8", "seat 0-3 (turn order 0 → 1 → 2 → 3)"),
    "dealer": ("bool", "seat is the dealer (庄家) of this hand"),
    "bot": ("category", "policy of the seat (efficiency, value, random, zimo)"),
    "que": ("int8", "declared missing suit 定缺: 0 万, 1 筒, 2 条; -1 none (Liuzhou)"),
    "won": ("int8", "order of winning: 1st, 2nd, 3rd; 0 did not win"),
    "win_turn": ("int16", "the winner's own draws (巡) when winning; 0 for 天胡 or no win"),
    "win_step": ("int16", "discards made at the table before the win"),
    "self_draw": ("int8", "1 self-drawn (自摸), 0 won on a discard or robbed kong, -1 no win"),
    "win_tile": ("int8", "kind 0-33 of the winning tile, -1 no win"),
    "win_from": ("int8", "seat that discarded (or whose kong was robbed), -1 self-draw/none"),
    "win_flags": ("int16", "scoring flag bits (mjstats.scoring.kernels SELF_DRAW …)"),
    "value": ("int64", "value of the win after the cap, in the rule set's unit (what one payer "
              "pays before special payers)"),
    "value_raw": ("int64", "value before the cap"),
    "wait_kinds": ("int8", "kinds waited on just before the win"),
    "wait_live": ("int8", "live tiles of the wait just before the win (4 - held - visible)"),
    "wait_shape": ("int16", "wait-shape bits of the hand (mjstats.core.WaitShape)"),
    "win_shape": ("int16", "wait-shape bits of the winning tile"),
    "n_pong": ("int8", "pongs made"),
    "n_kong": ("int8", "直杠 made (kong on a discard)"),
    "n_addkong": ("int8", "弯杠 made (added to a pong)"),
    "n_ckong": ("int8", "暗杠 made (concealed)"),
    "pay_win": ("int64", "net points from wins (own and others')"),
    "pay_kong": ("int64", "net kong money (刮风下雨)"),
    "pay_transfer": ("int64", "net 杠上炮 / 转雨 transfers"),
    "pay_refund": ("int64", "net kong money returned at 查叫"),
    "pay_chajiao": ("int64", "net 查叫 payments"),
    "pay_huazhu": ("int64", "net 查花猪 payments"),
    "pay_total": ("int64", "net result of the hand (sum of the pay_* columns); sums to 0"),
    "ready_end": ("int8", "at 查叫: 1 ready, 0 not ready; -1 won or no 查叫"),
    "huazhu": ("int8", "at 查叫: 1 花猪 (still holds the missing suit); -1 won or no 查叫"),
    "chajiao_value": ("int64", "value a ready seat is paid at 查叫 (赔大叫/赔小叫), else 0"),
    "n_draws": ("int16", "own draws from the head of the wall"),
    "passed": ("int8", "wins passed on discards (过水 / 漏胡)"),
    "n_chow": ("int8", "chows made (Liuzhou)"),
}
"""Seat columns: name -> (dtype, meaning)."""

HAND_DOC: dict[str, tuple[str, str]] = {
    "game": ("int64", "hand number within the run"),
    "rules": ("category", "rule set name"),
    "dealer": ("int8", "dealer seat"),
    "n_winners": ("int8", "players who won (0-3)"),
    "drawn": ("bool", "wall ran out with two or more players in: 查叫 took place"),
    "wall_left": ("int16", "tiles left in the wall at the end"),
    "n_discards": ("int16", "discards made"),
    "max_multi": ("int8", "most winners on one tile (2, 3 = 一炮多响)"),
    "n_robbed": ("int8", "kongs robbed (抢杠)"),
    "n_kongs": ("int8", "kongs made"),
    "n_ready_end": ("int8", "ready seats at 查叫"),
    "n_notready_end": ("int8", "non-ready seats (not 花猪) at 查叫"),
    "n_huazhu": ("int8", "花猪 at 查叫"),
    "end_reason": ("int8", "0 the hand ended on wins (three in 血战, any in Liuzhou), "
                   "1 the wall ran out"),
    "error": ("int8", "0; non-zero flags an engine fault (log overflow, bad script)"),
    "next_dealer": ("int8", "dealer of the next hand by the text's rule: the first winner, the "
                    "discarder when that win was several at once, the dealer again after a "
                    "hand without a win (Liuzhou plays it; Sichuan/Guang'an rotate seats)"),
}
"""Hand columns: name -> (dtype, meaning)."""


def pattern_columns(R: RuleSet) -> list[str]:
    """Names of the pattern columns of a rule set (``pat_<KEY>``)."""
    return [f"pat_{p.key}" for p in R.info]


def seat_frame(R: RuleSet, seat: np.ndarray, pat: np.ndarray, first_game: int = 0,
               bots: tuple[str, ...] | None = None) -> pd.DataFrame:
    """Seat records as a typed DataFrame (columns of :data:`SEAT_DOC` + patterns)."""
    n = seat.shape[0]
    cols: dict[str, object] = {"game": np.arange(n, dtype=np.int64) // 4 + first_game}
    cols["rules"] = pd.Categorical.from_codes(np.zeros(n, np.int8), [R.name])
    for name in E.SEAT_COLUMNS:
        dt, _ = SEAT_DOC[name]
        x = seat[:, E.SEAT_COLUMNS.index(name)]
        if name == "bot":
            cols[name] = pd.Categorical.from_codes(x.astype(np.int64), list(BOT_NAMES))
        elif dt == "bool":
            cols[name] = x.astype(bool)
        else:
            cols[name] = x.astype(dt)
    df = pd.DataFrame(cols)
    for i, c in enumerate(pattern_columns(R)):
        df[c] = pat[:, i].astype(np.int8)
    return df


def hand_frame(R: RuleSet, hand: np.ndarray, first_game: int = 0) -> pd.DataFrame:
    """Hand records as a typed DataFrame (columns of :data:`HAND_DOC`)."""
    n = hand.shape[0]
    cols: dict[str, object] = {"game": np.arange(n, dtype=np.int64) + first_game}
    cols["rules"] = pd.Categorical.from_codes(np.zeros(n, np.int8), [R.name])
    for name in E.HAND_COLUMNS:
        dt, _ = HAND_DOC[name]
        x = hand[:, E.HAND_COLUMNS.index(name)]
        cols[name] = x.astype(bool) if dt == "bool" else x.astype(dt)
    return pd.DataFrame(cols)


def columns_doc() -> pd.DataFrame:
    """Every record column with its table, dtype and meaning.

    Examples
    --------
    >>> d = columns_doc()
    >>> d.set_index("column").loc["pay_total", "dtype"]
    'int64'
    >>> sorted(d["table"].unique())
    ['hands', 'seats']
    """
    rows = [{"table": "seats", "column": k, "dtype": v[0], "meaning": v[1]}
            for k, v in SEAT_DOC.items()]
    rows += [{"table": "hands", "column": k, "dtype": v[0], "meaning": v[1]}
             for k, v in HAND_DOC.items()]
    return pd.DataFrame(rows)


def write_parquet(df: pd.DataFrame, folder: str | Path, name: str, part: int) -> Path:
    """Write one chunk ``<folder>/<name>-<part:05d>.parquet``; return its path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{part:05d}.parquet"
    df.to_parquet(path, index=False)
    return path
