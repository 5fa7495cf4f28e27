"""The solver's raw numbers as tables: one row per discard, tidy curves and distributions."""

from __future__ import annotations

import numpy as np

from mjstats.tiles import kind_name, kind_name_zh
from mjstats.tiles.tilesets import SUITS


def _name(k: int) -> tuple[str, str]:
    return ("-", "-") if k < 0 else (kind_name(k), kind_name_zh(k))


def _fmt_tiles(pairs) -> str:
    return " ".join(f"{kind_name(k)}x{w}" for k, w in pairs)


def assemble(pieces: list[dict], info: dict, R) -> dict:
    """The tables of :class:`~mjstats.discard.result.Odds` from the solver's raw numbers."""
    import pandas as pd

    rows, curves, turns, values, pats, row_patts = [], [], [], [], [], []
    has_miss = any(p["miss"] >= 0 for p in pieces)
    for p in pieces:
        miss = SUITS[p["miss"]] if p["miss"] >= 0 else None
        T = p["T"]
        for c, k in enumerate(p["kinds"]):
            k = int(k)
            en, zh = _name(k)
            cand = dict(discard=en, missing=miss) if has_miss else dict(discard=en)
            s = int(p["shanten"][c])
            jin = p["jin"][c]
            p_win = np.cumsum(p["win_at"][c])
            p_ready = np.cumsum(p["ready_at"][c])
            if s <= 0:
                p_ready = np.ones(T)
            ev = np.cumsum(p["ev_at"][c])
            hist = p["hist"][c]
            dist = {float(v): float(m) for v, m in zip(p["values"], hist, strict=False) if m > 0}
            pw = float(p_win[-1])
            patt = []
            if R is not None and pw > 0:
                for i, info_i in enumerate(R.info):
                    m = float(p["pat"][c, i])
                    if m > 0:
                        patt.append((info_i.zh, info_i.en, m, m / pw))
                        pats.append(dict(**cand, pattern=info_i.zh,
                                         en=info_i.en, p=m, p_given_win=m / pw))
            patt.sort(key=lambda x: -x[2])
            row = dict(discard=en, discard_zh=zh)
            if has_miss:
                row["missing"] = miss
            row.update(
                shanten=s,
                jinzhang=_fmt_tiles(jin),
                jinzhang_kinds=len(jin),
                jinzhang_live=int(sum(w for _, w in jin)),
                waits=_fmt_tiles(jin) if s == 0 else "",
                wait_live=int(sum(w for _, w in jin)) if s == 0 else 0,
                p_ready=float(p_ready[-1]),
                p_win=pw if p["obj"] != 1 else np.nan,
                ev=float(ev[-1]) if p["obj"] != 1 else np.nan,
                value_dist=" ".join(f"{v:g}:{m:.4g}" for v, m in sorted(dist.items())),
            )
            rows.append(row)
            row_patts.append(patt)
            for t in range(T):
                curves.append(dict(**cand, t=t + 1, p_ready=float(p_ready[t]),
                                   p_win=float(p_win[t]) if p["obj"] != 1 else np.nan,
                                   ev=float(ev[t]) if p["obj"] != 1 else np.nan))
            for u in range(T):
                turns.append(dict(**cand, u=u, draws_left=T - u,
                                  value=float(p["V"][c, u])))
            for v, m in sorted(dist.items()):
                values.append(dict(**cand, value=v, p=m))
    _top_patterns(rows, row_patts)
    table = pd.DataFrame(rows)
    key = info["ranked_by"]
    order = ["p_win", "ev"] if key == "p_win" else [key, "p_win"] if key == "ev" else [key]
    table = table.sort_values(order, ascending=False, kind="stable").reset_index(drop=True)
    return dict(
        table=table, curves=pd.DataFrame(curves), turn_curves=pd.DataFrame(turns),
        values=pd.DataFrame(values),
        patterns=pd.DataFrame(pats, columns=[*(["discard", "missing"] if has_miss else
                                               ["discard"]), "pattern", "en", "p",
                                             "p_given_win"]))


def _top_patterns(rows: list[dict], row_patts: list[list]) -> None:
    """Fill each row's ``top_patterns``: its three likeliest patterns given a win.

    A pattern held by every win of every candidate (自摸 in the solo model; 本身,
    缺一门 and 门清 in Guang'an) tells the rows apart least, so it comes after the
    others (``.patterns`` lists them all).
    """
    winning = [p for p in row_patts if p]
    always = set.intersection(*({z for z, _, _, q in p if q > 1 - 1e-9} for p in winning)) \
        if winning else set()
    for row, patt in zip(rows, row_patts, strict=True):
        shown = [x for x in patt if x[0] not in always] + [x for x in patt if x[0] in always]
        row["top_patterns"] = ", ".join(f"{z} {e} {q:.0%}" for z, e, _, q in shown[:3])


TABLE_COLUMNS = ("p_win", "p_win_lo", "p_win_hi", "payoff", "payoff_lo", "payoff_hi",
                 "d_payoff", "d_payoff_lo", "d_payoff_hi", "d_p_win", "d_p_win_lo",
                 "d_p_win_hi")
"""Columns of the table model joined to the exact table (prefixed ``table_``)."""


def join_table_model(table, tm):
    """The exact table with the table model's columns (``table_*``) joined by discard."""
    keys = ["discard"] + (["missing"] if "missing" in table and "missing" in tm else [])
    right = tm[keys + list(TABLE_COLUMNS)].rename(
        columns={c: f"table_{c}" for c in TABLE_COLUMNS})
    return table.merge(right, on=keys, how="left")
