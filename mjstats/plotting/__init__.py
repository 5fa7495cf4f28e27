"""Charts from result tables and odds; every function returns a matplotlib ``Axes``.

matplotlib is imported only when a chart is drawn.  Chinese names render with a
CJK font (:mod:`mjstats.plotting.style`) or fall back to English labels.
"""

from mjstats.plotting.daer import plot_daer_hu, plot_daer_patterns
from mjstats.plotting.deals import plot_convergence, plot_deal_odds, plot_shanten
from mjstats.plotting.games import (
    plot_fan_vs_rarity,
    plot_pattern_frequency,
    plot_payoff,
    plot_point_share,
    plot_wait_shapes,
    plot_wait_width,
    plot_win_turns,
)
from mjstats.plotting.odds import plot_odds, plot_odds_values
from mjstats.plotting.style import cjk_font, label, setup

__all__ = [
    "cjk_font",
    "label",
    "plot_convergence",
    "plot_daer_hu",
    "plot_daer_patterns",
    "plot_deal_odds",
    "plot_fan_vs_rarity",
    "plot_odds",
    "plot_odds_values",
    "plot_pattern_frequency",
    "plot_payoff",
    "plot_point_share",
    "plot_shanten",
    "plot_wait_shapes",
    "plot_wait_width",
    "plot_win_turns",
    "setup",
]
