"""Goodness of fit of Monte Carlo distributions against their exact values.

A deal study (:func:`mjstats.deal_study`) estimates whole distributions (the
starting shanten of every tile set and form) whose exact values
:mod:`mjstats.exact` computes.  :func:`deal_fit` tests each such distribution
with Pearson's chi-square (cells expected below 5 merged into one) and counts
the rows whose ``|z|`` exceeds 2 against the number expected by chance.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from mjstats.results.intervals import chi2_sf

MIN_EXPECTED = 5.0
"""Cells expected below this are merged into one before the chi-square."""
Z_TAIL = math.erfc(2.0 / math.sqrt(2.0))
"""P(|Z| > 2) for a standard normal: the share of rows expected beyond 2 standard errors."""


def chi_square(counts, probs) -> tuple[float, int]:
    """Pearson's chi-square of ``counts`` against ``probs`` and its degrees of freedom.

    Cells expected below :data:`MIN_EXPECTED` are merged into one (itself merged
    into the smallest other cell when still below it).

    Examples
    --------
    >>> chi_square([50, 30, 20], [0.5, 0.3, 0.2])
    (0.0, 2)
    """
    obs = np.asarray(counts, dtype=float)
    exp = np.asarray(probs, dtype=float) * obs.sum()
    small = exp < MIN_EXPECTED
    if small.any():
        o = np.append(obs[~small], obs[small].sum())
        e = np.append(exp[~small], exp[small].sum())
        if e[-1] < MIN_EXPECTED and len(e) > 1:
            j = int(np.argmin(e[:-1]))
            o[j] += o[-1]
            e[j] += e[-1]
            o, e = o[:-1], e[:-1]
        obs, exp = o, e
    keep = exp > 0
    stat = float(((obs[keep] - exp[keep]) ** 2 / exp[keep]).sum())
    return stat, int(keep.sum()) - 1


def deal_fit(df: pd.DataFrame) -> pd.DataFrame:
    """The chi-square of every exact distribution of a deal study, and the ``|z| > 2`` count.

    One row per tile set and distribution (the metrics whose exact values sum
    to 1: the shanten distributions): ``tileset``, ``metric``, ``n``, ``cells``
    (after merging), ``chi2``, ``dof``, ``p_value``.  ``attrs``: ``z_rows`` (rows
    of the study with an exact value), ``z_over_2`` (of them, ``|z| > 2``) and
    ``z_expected`` (``z_rows`` x P(|Z| > 2)).
    """
    ex = df[df["exact"].notna()]
    rows = []
    for (ts, metric), g in ex.groupby(["tileset", "metric"], sort=False):
        if not math.isclose(float(g["exact"].sum()), 1.0, rel_tol=1e-9):
            continue  # a share, not a whole distribution
        stat, dof = chi_square(g["count"], g["exact"])
        rows.append(dict(tileset=ts, metric=metric, n=int(g["n"].iloc[0]), cells=dof + 1,
                         chi2=stat, dof=dof, p_value=chi2_sf(stat, dof) if dof > 0 else 1.0))
    out = pd.DataFrame(rows, columns=["tileset", "metric", "n", "cells", "chi2", "dof",
                                      "p_value"])
    z = ex["z"].to_numpy(dtype=float)
    z = z[np.isfinite(z)]
    out.attrs.update(z_rows=int(z.size), z_over_2=int((np.abs(z) > 2).sum()),
                     z_expected=float(z.size * Z_TAIL))
    return out
