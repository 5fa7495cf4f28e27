"""The names a user chooses from (a bot, a form) and turning one into its code, with a clear error.

The names live here, on the ground floor, because more than one floor reads them:
the engine maps a name to its code, and the result tables order their rows by it.
"""

from __future__ import annotations

import numpy as np

from mjstats.errors import MjStatsError

BOT_NAMES = ("efficiency", "value", "random", "zimo", "ev", "rollout")
"""The mahjong policies (:mod:`mjstats.sim.bots`) by code."""

DEAL_STUDIES = ("full", "complete")
"""The deal studies (:func:`mjstats.study.deal_study`): every statistic, or complete hands only.

The command line lists them without importing the study (and pandas with it)."""


def choice_code(name: str | int, names: tuple[str, ...], what: str) -> int:
    """Index of ``name`` in ``names`` (case-insensitive), or ``name`` itself if a valid index.

    Examples
    --------
    >>> choice_code("Value", ("efficiency", "value"), "bot"), choice_code(0, ("a",), "x")
    (1, 0)
    """
    if isinstance(name, bool | np.bool_) or not isinstance(name, str | int | np.integer):
        raise MjStatsError(
            f"{what} is a name ({', '.join(names)}) or its index, got {name!r} "
            f"({type(name).__name__})"
        )
    if isinstance(name, int | np.integer) and 0 <= int(name) < len(names):
        return int(name)
    key = str(name).lower()
    if key not in names:
        raise MjStatsError(f"unknown {what} {name!r}; valid: {', '.join(names)}")
    return names.index(key)
