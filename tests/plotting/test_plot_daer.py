import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from mjstats import daer  # noqa: E402
from mjstats import plotting as P  # noqa: E402
from mjstats.errors import MjStatsError  # noqa: E402


def test_daer_charts_draw_the_study():
    st = daer.deal_study(60_000, seed=2)
    ax = P.plot_daer_hu(st.hu)
    assert np.allclose(sorted(p.get_height() for p in ax.patches), sorted(st.hu["estimate"]))
    seen = st.patterns[st.patterns["count"] > 0]
    ax = P.plot_daer_patterns(st.patterns)
    assert len(ax.patches) == len(seen) > 0
    with pytest.raises(MjStatsError, match="DealStudy.hu"):
        P.plot_daer_hu(st.patterns)
