"""The solver's raw numbers as tables: one row per discard, tidy curves and distributions."""

from __future__ import annotations

from functools import cmp_to_key

import numpy as np

from mjstats.discard._dp import _cmp
from mjstats.tiles import kind_name, kind_name_zh
from mjstats.tiles.tilesets import SUITS


def _ranked(keys: list[tuple]) -> list[int]:
    """Indices of ``keys`` (tuples of numbers, first the most important), largest first.

    Numbers within the solver's tie tolerance count as equal, as in its own
    choices (:func:`mjstats.discard._dp._cmp`): two discards whose values differ
    only by rounding (the same sum added in another order) are ranked by the
    next key, then kept in their order, never by rounding noise.
    """
    def cmp(i: int, j: int) -> int:
        for x, y in zip(keys[i], keys[j], strict=True):
            c = _cmp(float(y), float(x))
            if c:
                return c
        return 0

    return sorted(range(len(keys)), key=cmp_to_key(cmp))


def _name(k: int) -> tuple[str, str]:
    return ("-", "-") if k < 0 else (kind_name(k), kind_name_zh(k))


def _fmt_tiles(pairs) -> str:
    return " ".join(f"{kind_name(k)}x{w}" for k, w in pairs)


def _candidates(pieces: list[dict]) -> tuple[dict, bool]:
    """The key columns of every candidate in solver order (``discard``, ``missing``)."""
    has_miss = any(p["miss"] >= 0 for p in pieces)
    en = [_name(int(k))[0] for p in pieces for k in p["kinds"]]
    cols = dict(discard=en)
    if has_miss:
        cols["missing"] = [SUITS[p["miss"]] if p["miss"] >= 0 else None
                           for p in pieces for _ in p["kinds"]]
    return cols, has_miss


def _by_draw(pieces: list[dict]) -> dict:
    """Per-candidate curves by draw, stacked over the pieces.

    Cumulative P(ready), P(win) and E[value] (NaN under the ready objective) and
    the recursion's values.
    """
    out: dict[str, list] = dict(p_ready=[], p_win=[], ev=[], V=[])
    for p in pieces:
        ready = np.cumsum(p["ready_at"], axis=1)
        ready[np.asarray(p["shanten"]) <= 0] = 1.0  # ready already
        win = np.cumsum(p["win_at"], axis=1)
        ev = np.cumsum(p["ev_at"], axis=1)
        if p["obj"] == 1:
            win = np.full_like(win, np.nan)
            ev = np.full_like(ev, np.nan)
        out["p_ready"].append(ready)
        out["p_win"].append(win)
        out["ev"].append(ev)
        out["V"].append(p["V"][:, : p["T"]])
    return {k: np.concatenate(v) for k, v in out.items()}


def _long(pieces: list[dict], columns: dict) -> dict:
    """Candidate key columns repeated for each draw: the index part of a long frame."""
    T = pieces[0]["T"]
    keys, _ = _candidates(pieces)
    return {k: [x for x in v for _ in range(T)] for k, v in keys.items()} | columns


def table(pieces: list[dict], info: dict, R):
    """One row per discard candidate, best first (:attr:`~mjstats.discard.result.Odds.table`)."""
    import pandas as pd

    keys, has_miss = _candidates(pieces)
    curves = _by_draw(pieces)
    rows, row_patts = [], []
    i = 0
    for p in pieces:
        for c, k in enumerate(p["kinds"]):
            en, zh = _name(int(k))
            s = int(p["shanten"][c])
            jin = [(int(q), int(p["jin"][c, q])) for q in np.flatnonzero(p["jin"][c])]
            pw = float(curves["p_win"][i, -1])
            row = dict(discard=en, discard_zh=zh)
            if has_miss:
                row["missing"] = keys["missing"][i]
            live = int(sum(w for _, w in jin))
            row.update(
                shanten=s,
                jinzhang=_fmt_tiles(jin),
                jinzhang_kinds=len(jin),
                jinzhang_live=live,
                waits=_fmt_tiles(jin) if s == 0 else "",
                wait_live=live if s == 0 else 0,
                p_ready=float(curves["p_ready"][i, -1]),
                p_win=pw,
                ev=float(curves["ev"][i, -1]),
                value_dist=" ".join(f"{float(v):g}:{float(m):.4g}"
                                    for v, m in zip(p["values"], p["hist"][c], strict=False)
                                    if m > 0),
            )
            patt = []
            if R is not None and pw > 0:
                for j, info_j in enumerate(R.info):
                    m = float(p["pat"][c, j])
                    if m > 0:
                        patt.append((info_j.zh, info_j.en, m, m / pw))
            patt = [patt[i] for i in _ranked([(x[2],) for x in patt])]
            rows.append(row)
            row_patts.append(patt)
            i += 1
    _top_patterns(rows, row_patts)
    out = pd.DataFrame(rows)
    key = info["ranked_by"]
    # the solver's order of keys: the objective's, the other of P(win) and the
    # value (none under the ready objective, where the value is not carried), P(ready)
    order = {"p_win": ["p_win", "ev", "p_ready"], "ev": ["ev", "p_win", "p_ready"]}.get(key, [key])
    rank = _ranked(list(out[order].itertuples(index=False, name=None)))
    return out.iloc[rank].reset_index(drop=True)


def curves(pieces: list[dict]):
    """P(ready), P(win) and E[value] by draw ``t``, long form (:attr:`Odds.curves`)."""
    import pandas as pd

    c = _by_draw(pieces)
    T = pieces[0]["T"]
    n = c["p_win"].shape[0]
    return pd.DataFrame(_long(pieces, dict(
        t=np.tile(np.arange(1, T + 1), n), p_ready=c["p_ready"].ravel(),
        p_win=c["p_win"].ravel(), ev=c["ev"].ravel())))


def turn_curves(pieces: list[dict]):
    """The recursion's value by turn ``u`` (:attr:`Odds.turn_curves`)."""
    import pandas as pd

    V = _by_draw(pieces)["V"]
    T = pieces[0]["T"]
    u = np.tile(np.arange(T), V.shape[0])
    return pd.DataFrame(_long(pieces, dict(u=u, draws_left=T - u, value=V.ravel())))


def values(pieces: list[dict]):
    """The winning-value distribution of each candidate, long form (:attr:`Odds.values`)."""
    import pandas as pd

    keys, _ = _candidates(pieces)
    rows = []
    i = 0
    for p in pieces:
        for c in range(len(p["kinds"])):
            cand = {k: v[i] for k, v in keys.items()}
            for v, m in zip(p["values"], p["hist"][c], strict=False):
                if m > 0:
                    rows.append(dict(**cand, value=float(v), p=float(m)))
            i += 1
    return pd.DataFrame(rows, columns=[*keys, "value", "p"])


def patterns(pieces: list[dict], R):
    """How often each pattern is part of the win (:attr:`Odds.patterns`)."""
    import pandas as pd

    keys, _ = _candidates(pieces)
    pw = _by_draw(pieces)["p_win"][:, -1]
    rows = []
    i = 0
    for p in pieces:
        for c in range(len(p["kinds"])):
            if R is not None and pw[i] > 0:
                cand = {k: v[i] for k, v in keys.items()}
                for j, info_j in enumerate(R.info):
                    m = float(p["pat"][c, j])
                    if m > 0:
                        rows.append(dict(**cand, pattern=info_j.zh, en=info_j.en, p=m,
                                         p_given_win=m / pw[i]))
            i += 1
    return pd.DataFrame(rows, columns=[*keys, "pattern", "en", "p", "p_given_win"])


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
