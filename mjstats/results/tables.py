"""Result tables: counts -> estimates with intervals, and writing tables to files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from mjstats.errors import MjStatsError
from mjstats.results.intervals import wilson, z_score

PROPORTION_COLUMNS = (
    "metric", "category", "count", "n", "estimate", "ci_low", "ci_high",
    "exact", "exact_fraction", "z",
)
"""Columns of :func:`proportion_table`, in order."""


def proportion_table(rows: list[dict], conf: float = 0.95) -> pd.DataFrame:
    """Turn ``{"metric", "category", "count", "n"[, "exact", "exact_fraction"]}`` rows into a table.

    Adds the estimate ``count / n``, the Wilson interval at ``conf`` and, where an
    exact value is given, the z-score of the estimate against it.

    Examples
    --------
    >>> t = proportion_table([{"metric": "heads", "category": "coin", "count": 60, "n": 100,
    ...                        "exact": 0.5}])
    >>> t[["estimate", "z"]].iloc[0].round(12).tolist()
    [0.6, 2.0]
    """
    df = pd.DataFrame(rows)
    if df.empty:
        return pd.DataFrame(columns=list(PROPORTION_COLUMNS))
    for col in ("metric", "category", "count", "n"):
        if col not in df:
            raise MjStatsError(f"a proportion row needs {col!r}")
    if "exact" not in df:
        df["exact"] = np.nan
    if "exact_fraction" not in df:
        df["exact_fraction"] = None
    df["count"] = df["count"].astype(np.int64)
    df["n"] = df["n"].astype(np.int64)
    df["exact"] = df["exact"].astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        df["estimate"] = np.where(df["n"] > 0, df["count"] / df["n"].where(df["n"] > 0, 1), np.nan)
    lo, hi = wilson(df["count"].to_numpy(), df["n"].to_numpy(), conf)
    df["ci_low"], df["ci_high"] = lo, hi
    df["z"] = z_score(df["count"].to_numpy(), df["n"].to_numpy(), df["exact"].to_numpy())
    extra = [c for c in df.columns if c not in PROPORTION_COLUMNS]
    return df[list(PROPORTION_COLUMNS) + extra]


TABLE_SUFFIXES = (".parquet", ".csv")


def check_table_path(path: str | Path) -> Path:
    """Check, before any work, that a table can be written to ``path``; return it.

    The suffix must be ``.parquet`` or ``.csv``; the path must not be a folder;
    its folder must exist or be creatable, and accept a new file.

    Examples
    --------
    >>> check_table_path("table.txt")
    Traceback (most recent call last):
    ...
    mjstats.errors.MjStatsError: output file must end in .parquet or .csv, got 'table.txt'
    """
    from mjstats.runfolder import writable_folder

    path = Path(path)
    if path.suffix.lower() not in TABLE_SUFFIXES:
        raise MjStatsError(f"output file must end in .parquet or .csv, got {path.name!r}")
    if path.is_dir():
        raise MjStatsError(f"{path} is a folder; give a file name ending in .parquet or .csv")
    writable_folder(path.parent, "output folder")
    return path


def write_table(df: pd.DataFrame, path: str | Path) -> Path:
    """Write a table to ``.parquet`` or ``.csv`` (chosen by the suffix); return the path.

    Examples
    --------
    >>> import tempfile, os
    >>> p = write_table(pd.DataFrame({"a": [1]}), os.path.join(tempfile.mkdtemp(), "t.csv"))
    >>> p.read_text().splitlines()
    ['a', '1']
    """
    path = check_table_path(path)
    if path.suffix.lower() == ".parquet":
        df.to_parquet(path, index=False)
    else:
        df.to_csv(path, index=False)
    return path


def read_table(path: str | Path) -> pd.DataFrame:
    """Read a table written by :func:`write_table`."""
    path = Path(path)
    if path.suffix.lower() == ".parquet":
        return pd.read_parquet(path)
    if path.suffix.lower() == ".csv":
        return pd.read_csv(path)
    raise MjStatsError(f"cannot read {path.name!r}: expected .parquet or .csv")
