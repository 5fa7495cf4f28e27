"""Result tables: proportions with confidence intervals, z-scores, file output."""

from mjstats.results.intervals import (
    betainc,
    clopper_pearson,
    normal_quantile,
    wilson,
    z_score,
)
from mjstats.results.tables import proportion_table, read_table, write_table

__all__ = [
    "betainc",
    "clopper_pearson",
    "normal_quantile",
    "proportion_table",
    "read_table",
    "wilson",
    "write_table",
    "z_score",
]
