"""What :func:`mjstats.compare` returns for either game: results by preset label, and how they pair.

A :class:`Comparison` is a ``dict`` from each preset's label to that preset's
run result — a :class:`~mjstats.sim.simulate.SimResult` for mahjong, a
:class:`~mjstats.daer.simulate.DaErSim` for Da Er, which name the same things
alike (``rules``, ``n_games``, ``bots``, ``seed``, ``stats``, ``hands``,
``seats``, ``summary()``, ``patterns()``) — every result after the first
carrying in its ``stats`` the ``pair/`` sums of its paired differences with the
first.  Beside the results it says which presets shared one engine run
(:attr:`Comparison.runs`) and how each is paired with the first
(:attr:`Comparison.pairing`); :meth:`Comparison.table` is the side-by-side
table of the game (:func:`compare_table`).
"""

from __future__ import annotations

import pandas as pd

PAIRINGS = {
    "reference": "the first preset: the others are paired with it",
    "same hands": "every hand played alike; differences paired per hand",
    "same deals": "play differs, the deals are the same shuffles; differences paired per deal",
    "same seed": "play differs and draws from the seeded stream, so the shuffles part after "
                 "the first hand of each seeded chunk; differences paired by hand number",
    "other walls": "another tile set, so other deals: hand i of each is an independent deal; "
                   "differences by hand number, with the interval of independent samples",
}
"""What each value of :attr:`Comparison.pairing` means."""


class Comparison(dict):
    """Results of several presets of one game by preset label, with how they were played.

    Attributes
    ----------
    runs : tuple of tuple of str
        The labels played in one engine run, run by run.  A mahjong preset is
        played in a run of its own (every preset replays the same seeded chunks);
        Da Er presets whose play is the same share one run, scored each way.
    pairing : dict of str to str
        For each label: ``"reference"`` (the first), ``"same hands"``,
        ``"same deals"``, ``"same seed"`` or ``"other walls"`` (:data:`PAIRINGS`).

    Examples
    --------
    >>> c = Comparison({"a": 1, "b": 2}, runs=(("a", "b"),),
    ...                pairing={"a": "reference", "b": "same hands"})
    >>> list(c), c.runs, c.plays().to_dict("list")["run"]
    (['a', 'b'], (('a', 'b'),), [0, 0])
    """

    def __init__(self, results: dict, runs: tuple[tuple[str, ...], ...],
                 pairing: dict[str, str]):
        super().__init__(results)
        self.runs = tuple(tuple(r) for r in runs)
        self.pairing = dict(pairing)

    def table(self) -> pd.DataFrame:
        """Headline figures side by side with paired differences (:func:`compare_table`)."""
        return compare_table(self)

    def plays(self) -> pd.DataFrame:
        """One row per preset: ``run`` (its index in :attr:`runs`), ``shared_with``, ``pairing``."""
        run_of = {label: i for i, run in enumerate(self.runs) for label in run}
        return pd.DataFrame(
            [{"rules": label, "run": run_of[label],
              "shared_with": ", ".join(x for x in self.runs[run_of[label]] if x != label),
              "pairing": self.pairing[label]} for label in self],
            columns=["rules", "run", "shared_with", "pairing"])


def compare_table(results: dict) -> pd.DataFrame:
    """The compare table of the results' game, by its rule sets' type.

    Mahjong: :func:`mjstats.results.games.compare_table`; Da Er:
    :func:`mjstats.results.daer.compare_table`.  Both have the columns
    ``rules``, ``metric``, ``estimate``, ``ci_low``, ``ci_high`` and
    ``same_hands``, and ``difference: …`` rows after the first preset.
    """
    first = next(iter(results.values()), None)
    if first is not None and first.rules.game == "daer":
        from mjstats.results.daer import compare_table as table
    else:
        from mjstats.results.games import compare_table as table
    return table(results)
