"""Exact deal odds by combinatorics over count vectors (the proof behind the Monte Carlo).

All ``5**9`` count vectors of a suit (and ``5**7`` of the honors), weighted by
``prod C(4, c)``, are grouped by the statistics a question needs, then the four
parts are convolved over tile count (:mod:`mjstats.exact.convolve`).  Results
are exact :class:`fractions.Fraction` values; intermediate distributions are
cached under :func:`mjstats.core.tables.cache_dir`.

>>> from mjstats import exact
>>> p = exact.complete_probability("sichuan", "any")
>>> p, round(1 / float(p))
(Fraction(4406014789, 83177337811635), 18878)
"""

from mjstats.exact.odds import (
    FORMS,
    complete_count,
    complete_probability,
    ready_probability,
    shanten_counts,
    shanten_distribution,
)
from mjstats.exact.table import exact_table

__all__ = [
    "FORMS",
    "complete_count",
    "complete_probability",
    "exact_table",
    "ready_probability",
    "shanten_counts",
    "shanten_distribution",
]
