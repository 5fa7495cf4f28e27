"""Discard analysis: the exact odds of one hand, which tile to discard and its chances.

:func:`odds` (``mj.odds``) solves the solo model of ``docs/odds.md`` exactly: the
published recursion of the riichi calculators, generalised to visible tiles,
every tile set and the regional rule sets' legal wins and values.
"""

from mjstats.discard.result import Odds
from mjstats.discard.solo import OddsError, odds

__all__ = ["Odds", "OddsError", "odds"]
