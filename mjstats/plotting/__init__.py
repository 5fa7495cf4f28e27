"""Charts from result tables; every function returns a matplotlib ``Axes``.

matplotlib is imported only when a chart is drawn.  Chinese names render with a
CJK font (:mod:`mjstats.plotting.style`) or fall back to English labels.
"""

from mjstats.plotting.deals import plot_convergence, plot_deal_odds, plot_shanten
from mjstats.plotting.style import cjk_font, label, setup

__all__ = ["cjk_font", "label", "plot_convergence", "plot_deal_odds", "plot_shanten", "setup"]
