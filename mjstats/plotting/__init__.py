"""Charts from result tables and odds (``mj.plot``).

Call :func:`setup` once — in a notebook's first cell — and matplotlib draws
Chinese everywhere, in these charts and in a user's own pandas or matplotlib
charts; every function here calls it too.  Labels are bilingual (中文 and
English; English alone where no CJK font exists).  Every estimate carries its
95% interval.  Rule sets whose units or rows differ are drawn as small
multiples, one panel per rule set: those functions return the ``Figure``
(``fig.axes`` are the panels), the others one ``Axes``; both have ``.figure``
for ``savefig``.  The house style (palette, sizes, shared marks) lives in
:mod:`mjstats.plotting.style`; matplotlib is imported only when a chart is drawn.
"""

from mjstats.plotting.daer import plot_daer_hu, plot_daer_patterns
from mjstats.plotting.deals import plot_convergence, plot_deal_odds, plot_shanten
from mjstats.plotting.games import (
    plot_fan_vs_rarity,
    plot_game_convergence,
    plot_pattern_frequency,
    plot_payoff,
    plot_point_share,
    plot_skill,
    plot_skill_shift,
    plot_wait_shapes,
    plot_wait_width,
    plot_win_turns,
)
from mjstats.plotting.odds import plot_odds, plot_odds_values
from mjstats.plotting.style import bilingual, cjk_font, label, setup

__all__ = [
    "bilingual",
    "cjk_font",
    "label",
    "plot_convergence",
    "plot_daer_hu",
    "plot_daer_patterns",
    "plot_deal_odds",
    "plot_fan_vs_rarity",
    "plot_game_convergence",
    "plot_odds",
    "plot_odds_values",
    "plot_pattern_frequency",
    "plot_payoff",
    "plot_point_share",
    "plot_shanten",
    "plot_skill",
    "plot_skill_shift",
    "plot_wait_shapes",
    "plot_wait_width",
    "plot_win_turns",
    "setup",
]
