"""How every table of mjstats writes its numbers: significant digits, one rule.

The command line, the result objects' text and the HTML report print a float
with :data:`DIGITS` significant digits — in plain notation between ``1e-4`` and
``1e6`` (``0.2346``, ``0.0002690``, ``1.026``, ``12.40``, ``46916``), in
scientific notation outside it (``5.825e-05``, ``1.235e+06``) — so a column
reads the same in every run and a small probability never collapses to
``0.000000``.  Trailing zeros are kept: they are significant.  A missing value
(an interval a quantity does not have) is left blank.  It lives on the ground
floor because every floor that prints a table uses it.
"""

from __future__ import annotations

import math

import pandas as pd

DIGITS = 4
"""Significant digits of every float in a printed table."""


def number(x) -> str:
    """One float as a table prints it: :data:`DIGITS` significant digits, blank if missing.

    Examples
    --------
    >>> [number(x) for x in (0.23456, 5.825e-05, 0.000269, 1.0255, 12.4, 46916.0, 0.0)]
    ['0.2346', '5.825e-05', '0.0002690', '1.026', '12.40', '46916', '0']
    >>> number(float("nan")), number(-0.0123456), number(2.5e7), number(float("inf"))
    ('', '-0.01235', '2.500e+07', 'inf')
    """
    if x is None or pd.isna(x):
        return ""
    x = float(x)
    if x == 0:
        return "0"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    a = abs(x)
    if not 1e-4 <= a < 1e6:
        return f"{x:.{DIGITS - 1}e}"
    decimals = max(0, DIGITS - 1 - math.floor(math.log10(a)))
    if decimals and round(a, decimals) >= 10 ** (DIGITS - decimals):
        decimals -= 1  # rounding carried into a new leading digit (9.9996 -> 10.00)
    s = f"{x:.{decimals}f}"
    return s
    decimals = max(0, DIGITS - 1 - math.floor(math.log10(a)))
    s = f"{x:.{decimals}f}"
    if len(s.lstrip("-").replace(".", "").lstrip("0")) > DIGITS and decimals > 0:
        s = f"{x:.{decimals - 1}f}"  # rounding carried into a new leading digit (9.9996)
    return s


def signed(x) -> str:
    """:func:`number` with a sign always written (a difference).

    Examples
    --------
    >>> signed(0.0123456), signed(-2.0), signed(0.0), signed(float("nan"))
    ('+0.01235', '-2.000', '0', '')
    """
    s = number(x)
    return "+" + s if s and float(x) > 0 else s


def formatters(df: pd.DataFrame) -> dict:
    """``{column: number}`` for the float columns of ``df`` (pandas' ``formatters=``)."""
    return {c: number for c in df.columns if pd.api.types.is_float_dtype(df[c])}


def table_text(df: pd.DataFrame, index: bool = False) -> str:
    """A table as text, every float by :func:`number`.

    Examples
    --------
    >>> print(table_text(pd.DataFrame({"metric": ["a", "b"], "estimate": [0.5, 6e-05]})))
    metric  estimate
         a    0.5000
         b 6.000e-05
    """
    with pd.option_context("display.width", 200, "display.max_rows", 500,
                           "display.max_columns", 50, "display.max_colwidth", 80):
        return df.to_string(index=index, formatters=formatters(df), na_rep="")
