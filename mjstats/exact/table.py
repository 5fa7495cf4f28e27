"""All exact deal odds of a tile set as one table (the rows the deal study checks)."""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from mjstats.exact.odds import (
    FORMS,
    complete_probability,
    ready_probability,
    shanten_distribution,
)
from mjstats.tiles import TileSet
from mjstats.tiles import tileset as _tileset


def exact_values(tileset: str | TileSet) -> dict[tuple[str, str], Fraction]:
    """``{(metric, category): Fraction}`` for every exact figure of a tile set.

    Metrics: ``complete_14`` and ``complete_14_two_suits`` (category: the form),
    ``ready_13`` (the form), ``shanten_13_<form>`` and ``shanten_14_<form>``
    (category: the shanten, ``"-1"`` complete).  Categories missing from a
    shanten distribution have probability 0.
    """
    ts = _tileset(tileset)
    out: dict[tuple[str, str], Fraction] = {}
    for form in FORMS:
        out["complete_14", form] = complete_probability(ts, form)
    for form in FORMS:
        out["complete_14_two_suits", form] = complete_probability(ts, form, max_suits=2)
    for form in FORMS:
        out["ready_13", form] = ready_probability(ts, form)
    for n in (13, 14):
        for form in FORMS:
            for s, p in shanten_distribution(ts, n, form).items():
                out[f"shanten_{n}_{form}", str(s)] = p
    return out


def exact_table(tileset: str | TileSet) -> pd.DataFrame:
    """Exact deal odds of a tile set as a DataFrame.

    Parameters
    ----------
    tileset : str or TileSet
        ``"sichuan"``, ``"guangan"`` or ``"liuzhou"``.

    Returns
    -------
    pandas.DataFrame
        Columns ``tileset``, ``metric``, ``category``, ``numerator``,
        ``denominator`` (Python ints as strings, exact), ``exact`` (float) and
        ``one_in`` (``1 / exact``).

    Examples
    --------
    >>> t = exact_table("sichuan")
    >>> t.set_index(["metric", "category"]).loc[("complete_14", "any"), "one_in"].round(1)
    np.float64(18878.1)
    """
    ts = _tileset(tileset)
    rows = [
        {
            "tileset": ts.name,
            "metric": m,
            "category": c,
            "numerator": str(p.numerator),
            "denominator": str(p.denominator),
            "exact": float(p),
            "one_in": float(1 / p) if p else float("inf"),
        }
        for (m, c), p in exact_values(ts).items()
    ]
    return pd.DataFrame(rows)
