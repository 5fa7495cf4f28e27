"""Scoring a finished hand under a regional rule set.

Entry points: :func:`score` (one hand, patterns + total + payments, bilingual
``str``) and :func:`score_many` (compiled batch scoring for simulations).

>>> from mjstats.scoring import score
>>> score("123m345m789m234p66p", win="6p", rules="sichuan").total
1
"""

from mjstats.scoring.melds import ExposedMeld, MeldKind, parse_meld, parse_melds
from mjstats.scoring.score import PatternHit, Score, Table, encode, score, score_many

__all__ = [
    "ExposedMeld",
    "MeldKind",
    "PatternHit",
    "Score",
    "Table",
    "encode",
    "parse_meld",
    "parse_melds",
    "score",
    "score_many",
]
