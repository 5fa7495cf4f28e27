"""Exceptions raised by mjstats' public functions."""

from __future__ import annotations


class MjStatsError(ValueError):
    """Base class of every input error mjstats raises (a subclass of ``ValueError``)."""


class NotationError(MjStatsError):
    """A hand string cannot be read: unknown character, digits without a suit, ..."""


class HandError(MjStatsError):
    """A hand is impossible: a fifth copy, a tile the tile set lacks, a wrong size."""


class RuleError(MjStatsError):
    """A rule set, switch or meld that the chosen rules do not allow."""
